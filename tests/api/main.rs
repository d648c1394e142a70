//! Integration tests of the service over real sockets.
//!
//! Each test starts the real server (`http::server::serve`) on an ephemeral port and speaks
//! HTTP to it with reqwest; OAuth is also driven with the `oauth2` client library. Every JSON
//! response a test sees can be checked against the OpenAPI document with `support::Checked`.
//!
//! - `support`: server start-up, the client, OpenAPI validation
//! - `ask`: `/ask` (NLWeb): JSON and event streams, both request shapes, follow-ups, bad input
//! - `a2a`: the A2A agent with raw JSON-RPC: card, messages in 1.0 and 0.3, every error
//! - `architecture`: the layering and the protocol-free core, checked over the source; the
//!   error table and the README's endpoint table
//! - `encoding`: precompressed variants, Accept-Encoding and their validators
//! - `export`: the export's cache lifetime, weak validator and 304 after the token check
//! - `golden`: a sample of responses pinned byte for byte
//! - `fuzz_corpus`: the cargo-fuzz corpus (`tests/fuzz/corpus/`) replayed through the targets'
//!   checks
//! - `wire`: the reply body, complete or streamed
//! - `routes`: fixed routes, HTTP semantics, CORS, pages and twins, counts
//! - `search`: `/v1/resources`, golden queries, paging, cursors, properties
//! - `judged`: search quality, nDCG@10 over the judged query set in `tests/judged/`
//! - `scoring`: readiness scoring rules and properties, the interactive page
//! - `batch`: `/v1/batch` and Idempotency-Key
//! - `body_labels`: request bodies coded, labelled twice or in another charset, on every POST
//! - `duplicates`: a JSON body naming a member twice, refused on every surface that reads one
//! - `oauth`: registration, tokens, export, key rotation, two processes
//! - `limits`: rate limiting, body caps, slow clients, deprecation headers
//! - `mcp`: the two MCP servers, raw and through the official Rust SDK client
//! - `hostile`: issue 17: connection deadlines, the per-address cap, zero-window HTTP/2 readers,
//!   batch weighting, nosniff, caching beside RateLimit, memory of the real binary
//! - `operations`: `/healthz`, metrics, the access log, `--check`, credentials, socket
//!   activation's failure modes (the fleet itself is `.ci/fleet.sh`)
//! - `sandbox`: behaviour of the `--features sandbox` build
//! - `site`: discovery files, structured data, the search results page
//! - `negotiate`: markdown twins by `Accept`, `Link` headers, the HTML 404
//! - `csp`: the security headers of HTML responses; every inline script and style hashed

mod a2a;
mod architecture;
mod ask;
mod batch;
mod body_labels;
mod csp;
mod duplicates;
mod encoding;
mod export;
mod fuzz_corpus;
mod golden;
mod hostile;
mod judged;
mod limits;
mod mcp;
mod negotiate;
mod oauth;
mod operations;
mod routes;
mod sandbox;
mod scoring;
mod search;
mod site;
mod support;
mod wire;
