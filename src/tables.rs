//! The generated tables: the only module that includes code from `build.rs`.
//!
//! Everything here is static data compiled from `content/`: fixed responses by path, the guide
//! records, the inverted index, the assessment, the MCP servers' listings and the small search
//! corpora. See `src/compiler/emit.rs` for the shapes.

// Generated literals are long and numerous; formatting lints would only add noise there.
#![allow(clippy::unreadable_literal, clippy::large_const_arrays, clippy::large_stack_arrays)]

use crate::model::{
    BandRecord, CategoryRecord, Deprecation, DocKind, DocumentRecord, Encoded, FixedResponse,
    FixedValues, GUIDE_WORDS, GuideRecord, ItemKind, McpListings, PageLinks, PageRecord,
    PassageRecord, PillarRecord, QuestionRecord,
};
use crate::model::{CannedAnswer, Passage, SourceItem, SourceKind};

include!(concat!(env!("OUT_DIR"), "/tables.rs"));
