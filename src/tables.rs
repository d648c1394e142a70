//! The generated tables: the only module that includes code from `build.rs`.
//!
//! Everything here is static data compiled from `content/`: fixed responses by path, the guide
//! records, the inverted index, the assessment, the MCP servers' listings and the small search
//! corpora. See `src/compiler/emit.rs` for the shapes.

// Generated literals are long and numerous; formatting lints would only add noise there.
#![allow(clippy::unreadable_literal, clippy::large_const_arrays, clippy::large_stack_arrays)]

use crate::model::str_map::StrMap;
use crate::model::{
    BandRecord, CategoryRecord, Deprecation, DocKind, DocumentRecord, Encoded, FixedJson,
    FixedResponse, FixedValues, GUIDE_WORDS, GuideRecord, ItemKind, McpListings, PageLinks,
    PageRecord, PassageRecord, PillarRecord, QuestionRecord, SlugKey,
};
use crate::model::{CannedAnswer, Passage, SourceItem, SourceKind};

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

#[cfg(test)]
mod tests {
    use crate::model::str_map::StrMap;
    use crate::tables::{ANSWER_TERM_IDS, FIXED, PAGE_LINKS, SYNONYMS, TERM_IDS, WORD_INDEX};

    /// Every key of the map finds its own entry, and the key with a character more or less
    /// finds nothing unless it is a key too.
    fn finds_every_key_and_nothing_else<V>(name: &str, map: &StrMap<V>) {
        assert!(!map.is_empty(), "{name} is empty");
        let all: std::collections::HashMap<&str, *const V> =
            map.entries().map(|(key, value)| (*key, std::ptr::from_ref(value))).collect();
        for (key, value) in map.entries() {
            assert!(std::ptr::eq(map.get(key).expect(key), value), "{name}: {key}");
            for other in [format!("{key}~"), format!("~{key}"), key.chars().skip(1).collect()] {
                assert_eq!(
                    map.get(&other).map(std::ptr::from_ref),
                    all.get(other.as_str()).copied(),
                    "{name}: {other}"
                );
            }
        }
    }

    #[test]
    fn the_string_maps_find_every_key_and_nothing_else() {
        finds_every_key_and_nothing_else("FIXED", &FIXED);
        finds_every_key_and_nothing_else("PAGE_LINKS", &PAGE_LINKS);
        finds_every_key_and_nothing_else("TERM_IDS", &TERM_IDS);
        finds_every_key_and_nothing_else("WORD_INDEX", &WORD_INDEX);
        finds_every_key_and_nothing_else("SYNONYMS", &SYNONYMS);
        finds_every_key_and_nothing_else("ANSWER_TERM_IDS", &ANSWER_TERM_IDS);
    }
}
