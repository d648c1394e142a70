//! How a query's units are looked for in a short text (a title, a description): each unit
//! with every key it matches (its own stem or phrase, its synonyms, completions and the words
//! a misspelt one is near), and whether a text holds them. Shared by the documents' ranking
//! (`documents`) and the pages a guessed address names (`content::meant_by`).

use crate::search;
use crate::search::query::{Kind, Units, for_each_token};
use crate::tables::{ANSWER_ITEMS, ANSWER_SECTOR_WORDS, TERM_KEYS};

/// One unit of the query as the records are matched against it: every key it matches (its
/// own stem or phrase, then each alternative's term), with the share of an exact match each
/// counts (`search::percent`: a synonym 60 %, a typo 80 % or 60 %).
pub(super) struct Wanted<'u> {
    pub(super) keys: Vec<(&'u str, u32)>,
    /// For each key, whether it is a word the unit's word is near (a typo), not the word as
    /// typed, its completion or a synonym of it.
    typo: Vec<bool>,
    /// The slug of the industry whose sector the unit's word names (its `sector_words`:
    /// "banks", "nhs", "factories"), for a single word that is one.
    pub(super) sector: Option<&'static str>,
}

impl Wanted<'_> {
    /// The best share among this unit's keys that `has` holds; 0 when none.
    pub(super) fn best(&self, has: impl Fn(&str) -> bool) -> u32 {
        self.keys.iter().filter(|(key, _)| has(key)).map(|&(_, pct)| pct).max().unwrap_or(0)
    }

    /// Whether `has` holds this unit only through a typo: some key, and none but typos.
    pub(super) fn only_through_typo(&self, has: impl Fn(&str) -> bool) -> bool {
        let mut held = self.keys.iter().zip(&self.typo).filter(|((key, _), _)| has(key));
        held.clone().next().is_some() && held.all(|(_, &typo)| typo)
    }
}

/// The keys of every unit. A completion of the last word counts only when the word as typed
/// is not a word of the library (an unfinished word, "engag"); a finished word ("act") is
/// meant as written, as the guide search weighs it.
pub(super) fn wanted(units: &Units) -> Vec<Wanted<'_>> {
    units
        .iter()
        .map(|unit| {
            let mut keys: Vec<(&str, u32)> = vec![(unit.key, 100)];
            let mut typo = vec![false];
            for alternative in unit.alternatives {
                if alternative.kind == Kind::Prefix && unit.known.is_some() {
                    continue;
                }
                if let Some(&key) = TERM_KEYS.get(alternative.term as usize) {
                    keys.push((key, search::percent(alternative.kind)));
                    typo.push(matches!(alternative.kind, Kind::Typo(_) | Kind::SynonymTypo(_)));
                }
            }
            let sector = unit.word.and_then(|(word, _)| sector_of(word));
            Wanted { keys, typo, sector }
        })
        .collect()
}

/// Whether `texts` together hold every unit (not none), each phrase within one of them, as
/// a title is read (`documents`' `title_covers`).
pub(super) fn texts_cover(texts: &[&str], wanted: &[Wanted<'_>]) -> bool {
    let mut title_stems: Vec<String> = Vec::new();
    for text in texts {
        push_stems(&mut title_stems, text);
    }
    !wanted.is_empty()
        && wanted.iter().all(|unit| unit.best(|key| stems_hold(&title_stems, key)) > 0)
}

/// For each unit, whether one of `texts` holds it (each phrase within one of them).
pub(super) fn held_by_texts(texts: &[&str], wanted: &[Wanted<'_>]) -> Vec<bool> {
    let mut stems: Vec<String> = Vec::new();
    for text in texts {
        push_stems(&mut stems, text);
    }
    wanted.iter().map(|unit| unit.best(|key| stems_hold(&stems, key)) > 0).collect()
}

/// How many units `texts` together hold (each phrase within one of them), as
/// [`texts_cover`] reads them: what a guide's title and description say of the query.
pub(super) fn texts_hold(texts: &[&str], wanted: &[Wanted<'_>]) -> usize {
    let mut stems: Vec<String> = Vec::new();
    for text in texts {
        push_stems(&mut stems, text);
    }
    wanted.iter().filter(|unit| unit.best(|key| stems_hold(&stems, key)) > 0).count()
}

/// `text`'s stems pushed onto `stems`, then an empty one, so that no phrase runs from one
/// text into the next.
fn push_stems(stems: &mut Vec<String>, text: &str) {
    for_each_token(text, |token| stems.push(token.stem));
    stems.push(String::new());
}

/// For each unit, whether one of `texts` says it as typed next to the unit before or after
/// it in the query, the two in the query's order with no other word between them (stop words
/// aside): "Too Many Requests" says `many requests`, "Ask a question in plain language" says
/// `ask a question in plain`. A phrase unit or one read only through another word is never
/// said so.
pub(super) fn said_in_a_row(texts: &[&str], wanted: &[Wanted<'_>]) -> Vec<bool> {
    fn typed<'w>(unit: &Wanted<'w>) -> Option<&'w str> {
        unit.keys.first().map(|(key, _)| *key).filter(|key| !key.contains(' '))
    }
    let mut said = vec![false; wanted.len()];
    let mut stems: Vec<String> = Vec::new();
    for text in texts {
        stems.clear();
        for_each_token(text, |token| stems.push(token.stem));
        for at in 1..wanted.len() {
            let (Some(first), Some(second)) = (typed(&wanted[at - 1]), typed(&wanted[at])) else {
                continue;
            };
            if stems.windows(2).any(|pair| pair[0] == first && pair[1] == second) {
                said[at - 1] = true;
                said[at] = true;
            }
        }
    }
    said
}

/// Whether `stems` hold `key`, a stem or a phrase of stems (separated by spaces) in a row.
fn stems_hold(stems: &[String], key: &str) -> bool {
    let parts: Vec<&str> = key.split(' ').collect();
    stems.windows(parts.len()).any(|window| window.iter().zip(&parts).all(|(a, b)| a == b))
}

/// Whether a title holds every unit, or holds some and with its description holds them all:
/// what `content::described_by` asks, the description read only when the title holds some but not all.
pub(super) fn title_names(title: &str, description: &str, wanted: &[Wanted<'_>]) -> bool {
    let mut stems: Vec<String> = Vec::new();
    push_stems(&mut stems, title);
    let held = wanted.iter().filter(|unit| unit.best(|key| stems_hold(&stems, key)) > 0).count();
    if held == 0 || held == wanted.len() {
        return held > 0;
    }
    push_stems(&mut stems, description);
    wanted.iter().all(|unit| unit.best(|key| stems_hold(&stems, key)) > 0)
}

/// The slug of the industry that names `word` (lowercased) among its `sector_words`.
fn sector_of(word: &str) -> Option<&'static str> {
    let at = ANSWER_SECTOR_WORDS.binary_search_by(|(entry, _)| (*entry).cmp(word)).ok()?;
    let item = ANSWER_ITEMS.get(usize::from(ANSWER_SECTOR_WORDS[at].1))?;
    Some(item.slug)
}

/// [`title_names`] over a document's stems, worked out by the build: `title` its title's and
/// `lead` its title's and description's (each sorted), for the page `slug`, which holds a
/// unit whose word names its sector ([`Wanted::sector`]) as its title would.
pub(super) fn terms_name(title: &[&str], lead: &[&str], slug: &str, wanted: &[Wanted<'_>]) -> bool {
    let held = |terms: &[&str], unit: &Wanted<'_>| {
        unit.sector == Some(slug) || unit.best(|key| terms.binary_search(&key).is_ok()) > 0
    };
    let in_title = wanted.iter().filter(|unit| held(title, unit)).count();
    if in_title == 0 || in_title == wanted.len() {
        return in_title > 0;
    }
    wanted.iter().all(|unit| held(lead, unit))
}

/// How surely a page's title holds the units: the sum of each unit's best share in `title`
/// (its title's stems), a unit whose word names the page's sector counting in full; what
/// orders the pages [`terms_name`] admits.
pub(super) fn title_share(title: &[&str], slug: &str, wanted: &[Wanted<'_>]) -> u32 {
    wanted
        .iter()
        .map(|unit| {
            if unit.sector == Some(slug) {
                search::percent(Kind::Exact)
            } else {
                unit.best(|key| title.binary_search(&key).is_ok())
            }
        })
        .sum()
}
