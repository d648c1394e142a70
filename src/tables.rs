//! The generated tables: the only module that includes code from `build.rs`.
//!
//! Everything here is static data compiled from `content/`: fixed responses by path, the guide
//! records, the inverted index and the assessment. See `src/compiler/emit.rs` for the shapes.

// Generated literals are long and numerous; formatting lints would only add noise there.
#![allow(clippy::unreadable_literal, clippy::large_const_arrays, clippy::large_stack_arrays)]

use crate::model::{
    BandRecord, CategoryRecord, Deprecation, FixedResponse, GuideRecord, PassageRecord,
    PillarRecord, QuestionRecord,
};

include!(concat!(env!("OUT_DIR"), "/tables.rs"));
