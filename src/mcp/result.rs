//! Results built at run time: the server's precomputed listings, and the envelope a computed
//! result gets in each revision (`resultType` and the server's `_meta` in 2026-07-28).

use crate::model::{McpListings, McpServer, McpShape};
use crate::tables::MCP_LISTINGS;

/// A server's precomputed listings.
pub fn listings(server: McpServer) -> &'static McpListings {
    &MCP_LISTINGS[server as usize]
}

/// A result built at run time: `members` (JSON object members without braces, or empty),
/// with `resultType` in front and the server's `_meta` after in 2026-07-28.
pub fn complete(shape: McpShape, listings: &McpListings, members: &str) -> String {
    let mut out = String::with_capacity(members.len() + 160);
    out.push('{');
    if shape == McpShape::Modern {
        out.push_str("\"resultType\":\"complete\"");
        if !members.is_empty() {
            out.push(',');
        }
    }
    out.push_str(members);
    if shape == McpShape::Modern {
        out.push(',');
        out.push_str(listings.server_info_meta);
    }
    out.push('}');
    out
}
