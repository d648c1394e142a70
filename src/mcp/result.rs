//! Results built at run time: the server's precomputed listings, and the envelope a computed
//! result gets in each revision (`resultType` and the server's `_meta` in 2026-07-28).

use crate::model::{McpListings, McpServer, McpShape};
use crate::tables::MCP_LISTINGS;

/// A server's precomputed listings.
pub fn listings(server: McpServer) -> &'static McpListings {
    &MCP_LISTINGS[server as usize]
}

/// A result built at run time, appended to `out` (the response, its JSON-RPC envelope
/// already open): `members` (JSON object members without braces, or empty), with `resultType`
/// in front and the server's `_meta` after in 2026-07-28.
pub fn complete(shape: McpShape, listings: &McpListings, members: &str, out: &mut String) {
    complete_with(shape, listings, members.len(), out, |out| out.push_str(members));
}

/// [`complete`], with the members written straight into the response by `write` (`capacity`:
/// their expected length), so a large tool answer is copied once.
pub fn complete_with(
    shape: McpShape,
    listings: &McpListings,
    capacity: usize,
    out: &mut String,
    write: impl FnOnce(&mut String),
) {
    complete_with_meta(shape, listings, capacity, None, out, write);
}

/// [`complete_with`], with `meta` (`"key":value` members without braces) in the result's
/// `_meta`: its own `_meta` in the legacy revisions, beside the server's identity in
/// 2026-07-28 (one `_meta` member, never two).
pub fn complete_with_meta(
    shape: McpShape,
    listings: &McpListings,
    capacity: usize,
    meta: Option<&str>,
    out: &mut String,
    write: impl FnOnce(&mut String),
) {
    let modern = shape == McpShape::Modern;
    let meta_len = meta.map_or(0, str::len);
    out.reserve(capacity + listings.server_info_meta.len() + meta_len + 48);
    out.push('{');
    if modern {
        out.push_str("\"resultType\":\"complete\",");
    }
    let members_start = out.len();
    write(out);
    if modern {
        if out.len() == members_start {
            // No members: drop the comma after `resultType`.
            out.pop();
        }
        out.push(',');
        match (meta, listings.server_info_meta.strip_prefix(META_OPEN)) {
            (Some(meta), Some(server_info)) => {
                out.push_str(META_OPEN);
                out.push_str(meta);
                out.push(',');
                out.push_str(server_info);
            }
            _ => out.push_str(listings.server_info_meta),
        }
    } else if let Some(meta) = meta {
        if out.len() > members_start {
            out.push(',');
        }
        out.push_str(META_OPEN);
        out.push_str(meta);
        out.push('}');
    }
    out.push('}');
}

/// How a result's `_meta` member opens.
const META_OPEN: &str = "\"_meta\":{";
