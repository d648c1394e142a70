//! Tests of the answer engine (`consultancy_api::answer`) through its public, protocol-free
//! API, over the real content's tables. The `/ask` and A2A adapters are tested over HTTP in
//! `tests/api/`; what belongs here is what any surface would see: the judged set, company
//! answers, follow-ups, "not covered", determinism and traceability.
//!
//! - `judged`: the judged set in `tests/judged/ask.toml` and its hygiene
//! - `behaviour`: company questions, follow-ups, not covered, determinism, sources

mod behaviour;
mod judged;
