//! `content/synonyms.toml`: the words people type for the library's own terms.
//!
//! Two kinds of entry. An `[[equivalent]]` group lists terms that mean the same (`ML` and
//! `machine learning`): a query with any of them also finds guides that use any other. A
//! `[[one_way]]` entry maps what someone types (`from`, usually everyday words) to the trade
//! terms the guides use (`to`), and not back. Terms are read with the search tokenizer, so
//! `models` and `model` are the same term, and a term of several words is a phrase: it matches
//! those words next to each other (stop words between them are skipped, as everywhere).
//!
//! The build rejects, each with file, line and field: an entry with an empty side, a term with
//! no searchable words or with a one-letter word (the tokenizer drops those), a term that is
//! the input of two entries (or twice in one), one-way entries that form a cycle, and terms the
//! library never uses (checked against the index by [`check_used`]).

use std::collections::{BTreeMap, BTreeSet};

use serde::Deserialize;
use toml::Spanned;

use super::diagnostic::{Diagnostic, Diagnostics};
use super::front_matter;
use super::load::SourceFile;
use super::tokenize::{IRREGULAR_FORMS, STOP_WORDS, for_each_term_token};

/// The raw file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSynonyms {
    #[serde(default)]
    pub equivalent: Vec<Spanned<RawEquivalent>>,
    #[serde(default)]
    pub one_way: Vec<Spanned<RawOneWay>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawEquivalent {
    pub terms: Vec<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawOneWay {
    pub from: Spanned<String>,
    pub to: Vec<Spanned<String>>,
    /// For a phrase: its words also count each as a word of its own (see [`Entry::OneWay`]).
    #[serde(default)]
    pub keep_words: bool,
    /// For one word: it finds its targets only where it ends the query or its sentence (see
    /// [`Entry::OneWay`]).
    #[serde(default)]
    pub last_word: bool,
}

/// One validated term.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Term {
    /// As written in the file.
    pub text: String,
    /// Its stems joined by single spaces: the index key of a word or phrase.
    pub key: String,
    /// 1-based line in the file.
    pub line: usize,
}

/// One validated entry.
#[derive(Debug, Clone)]
pub enum Entry {
    Equivalent(Vec<Term>),
    /// `keep_words`: a phrase whose words also count each as a word of its own, beside the
    /// phrase, so the phrase adds its targets without taking its words from the query ("our AI
    /// project is stuck" still finds what "project" finds). `last_word`: an input
    /// that finds its targets only as the last word of the query or of its sentence, where it
    /// is said of what came before ("the migration is stuck"), not before what it is about
    /// ("stuck on data quality"); a phrase so marked is a phrase only there ("good data", not
    /// "a good data strategy").
    OneWay {
        from: Term,
        to: Vec<Term>,
        keep_words: bool,
        last_word: bool,
    },
}

/// The validated table, entries in file order.
#[derive(Debug, Clone, Default)]
pub struct Synonyms {
    pub entries: Vec<Entry>,
}

impl Synonyms {
    /// Input key → the keys it also finds. Every member of a group is an input finding the
    /// other members; a one-way entry's `from` finds its `to` terms.
    pub fn expansions(&self) -> BTreeMap<String, BTreeSet<String>> {
        let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for entry in &self.entries {
            match entry {
                Entry::Equivalent(terms) => {
                    for term in terms {
                        let others = terms.iter().filter(|t| t.key != term.key);
                        out.entry(term.key.clone())
                            .or_default()
                            .extend(others.map(|t| t.key.clone()));
                    }
                }
                Entry::OneWay { from, to, .. } => {
                    out.entry(from.key.clone())
                        .or_default()
                        .extend(to.iter().map(|t| t.key.clone()));
                }
            }
        }
        out
    }

    /// Every input term (a group's members, a one-way entry's `from`), in file order: what a
    /// visitor may type.
    pub fn inputs(&self) -> Vec<&Term> {
        let mut out = Vec::new();
        for entry in &self.entries {
            match entry {
                Entry::Equivalent(terms) => out.extend(terms),
                Entry::OneWay { from, .. } => out.push(from),
            }
        }
        out
    }

    /// The keys of the phrases whose words also count each as a word of its own
    /// (`keep_words`), sorted.
    pub fn keep_words_keys(&self) -> Vec<String> {
        let keys: BTreeSet<String> = self
            .entries
            .iter()
            .filter_map(|entry| match entry {
                Entry::OneWay { from, keep_words: true, .. } => Some(from.key.clone()),
                _ => None,
            })
            .collect();
        keys.into_iter().collect()
    }

    /// The keys of the one-word inputs that find their targets only as the last word of the
    /// query or of its sentence (`last_word`), sorted.
    pub fn last_word_keys(&self) -> Vec<String> {
        let keys: BTreeSet<String> = self
            .entries
            .iter()
            .filter_map(|entry| match entry {
                Entry::OneWay { from, last_word: true, .. } => Some(from.key.clone()),
                _ => None,
            })
            .collect();
        keys.into_iter().collect()
    }

    /// Every key of more than one word: the phrases the index must know.
    /// The one-word terms the table reads as others: every one of an equivalent group ("GenAI"
    /// beside "generative AI") and every one-way `from` ("vs"), as index keys (stems).
    pub fn word_keys(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for entry in &self.entries {
            let terms: Vec<&Term> = match entry {
                Entry::Equivalent(terms) => terms.iter().collect(),
                Entry::OneWay { from, .. } => vec![from],
            };
            out.extend(terms.into_iter().filter(|t| !t.key.contains(' ')).map(|t| t.key.clone()));
        }
        out
    }

    pub fn phrase_keys(&self) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for entry in &self.entries {
            let terms: Vec<&Term> = match entry {
                Entry::Equivalent(terms) => terms.iter().collect(),
                Entry::OneWay { from, to, .. } => std::iter::once(from).chain(to).collect(),
            };
            out.extend(terms.into_iter().filter(|t| t.key.contains(' ')).map(|t| t.key.clone()));
        }
        out
    }
}

const FIELD_TERMS: &str = "equivalent.terms";
const FIELD_FROM: &str = "one_way.from";
const FIELD_TO: &str = "one_way.to";
const FIELD_KEEP_WORDS: &str = "one_way.keep_words";

fn line_at(file: &SourceFile, offset: usize) -> usize {
    file.text[..offset.min(file.text.len())].matches('\n').count() + 1
}

fn at(file: &SourceFile, line: usize, field: &str, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(&file.path, message).line(line).field(field)
}

/// The stems of `text` joined by spaces, and its one-letter words (which the tokenizer drops;
/// initials it joins, as in `A/B`, are inside a token and not counted).
fn key_of(text: &str) -> (String, Vec<String>) {
    let mut stems = Vec::new();
    let mut spans = Vec::new();
    for_each_term_token(text, |token| {
        stems.push(token.stem);
        spans.push(token.start..token.end);
    });
    let mut one_letter = Vec::new();
    let mut at = 0;
    for piece in text.split(|c: char| !c.is_alphanumeric() && c != '\'' && c != '\u{2019}') {
        let start = at;
        at += piece.len() + text[at + piece.len()..].chars().next().map_or(0, char::len_utf8);
        let word = piece.to_lowercase();
        if piece.chars().count() == 1
            && STOP_WORDS.binary_search(&word.as_str()).is_err()
            && !spans.iter().any(|span| span.contains(&start))
        {
            one_letter.push(word);
        }
    }
    (stems.join(" "), one_letter)
}

/// Reads and checks one term; `None` (with a diagnostic) if it cannot be searched for.
fn term(
    file: &SourceFile,
    raw: &Spanned<String>,
    field: &str,
    diagnostics: &mut Diagnostics,
) -> Option<Term> {
    let line = line_at(file, raw.span().start);
    let text = raw.get_ref().trim().to_string();
    let (key, one_letter) = key_of(&text);
    if key.is_empty() {
        diagnostics.push(at(file, line, field, format!("`{text}` has no searchable words")).hint(
            "stop words and one-letter words are never indexed; write the words people type",
        ));
        return None;
    }
    if let Some(letter) = one_letter.first() {
        diagnostics.push(
            at(
                file,
                line,
                field,
                format!("`{text}` has a one-letter word, `{letter}`, that search ignores"),
            )
            .hint("write the term in words people type (`backup plan`, not `plan B`)"),
        );
        return None;
    }
    Some(Term { text, key, line })
}

/// Checks the file's shape and its terms; the vocabulary check comes later ([`check_used`]).
pub fn validate(file: &SourceFile, diagnostics: &mut Diagnostics) -> Option<Synonyms> {
    let raw: RawSynonyms = match front_matter::parse_file(file) {
        Ok((raw, _)) => raw,
        Err(diagnostic) => {
            diagnostics.push(diagnostic);
            return None;
        }
    };
    let before = diagnostics.list.len();
    // (span start, entry) so the two kinds can be merged back into file order.
    let mut entries: Vec<(usize, Entry)> = Vec::new();
    for raw_group in &raw.equivalent {
        let line = line_at(file, raw_group.span().start);
        let group = raw_group.get_ref();
        if group.terms.len() < 2 {
            diagnostics.push(at(
                file,
                line,
                FIELD_TERMS,
                format!(
                    "an equivalent group needs at least two terms, found {}",
                    group.terms.len()
                ),
            ));
            continue;
        }
        let terms: Vec<Term> =
            group.terms.iter().filter_map(|t| term(file, t, FIELD_TERMS, diagnostics)).collect();
        entries.push((raw_group.span().start, Entry::Equivalent(terms)));
    }
    for raw_entry in &raw.one_way {
        let line = line_at(file, raw_entry.span().start);
        let entry = raw_entry.get_ref();
        let from = term(file, &entry.from, FIELD_FROM, diagnostics);
        if entry.to.is_empty() {
            diagnostics.push(at(
                file,
                line,
                FIELD_TO,
                format!(
                    "the one-way entry from `{}` has no `to` terms",
                    entry.from.get_ref().trim()
                ),
            ));
            continue;
        }
        let to: Vec<Term> =
            entry.to.iter().filter_map(|t| term(file, t, FIELD_TO, diagnostics)).collect();
        if let Some(from) = from {
            if entry.keep_words && !from.key.contains(' ') {
                diagnostics.push(
                    at(
                        file,
                        from.line,
                        FIELD_KEEP_WORDS,
                        format!("`{}` is one word: `keep_words` is for phrases", from.text),
                    )
                    .hint("a one-word input is a word of its own already; remove `keep_words`"),
                );
                continue;
            }
            let (keep_words, last_word) = (entry.keep_words, entry.last_word);
            entries
                .push((raw_entry.span().start, Entry::OneWay { from, to, keep_words, last_word }));
        }
    }
    entries.sort_by_key(|(start, _)| *start);
    let mut entries: Vec<Entry> = entries.into_iter().map(|(_, e)| e).collect();
    entries.extend(past_forms(&entries));
    let synonyms = Synonyms { entries };
    check_duplicates(file, &synonyms, diagnostics);
    check_cycles(file, &synonyms, diagnostics);
    (diagnostics.list.len() == before).then_some(synonyms)
}

/// The one-way entries a phrase's verb in an irregular past form reads as well: `getting
/// worse` is also `got worse` and `gotten worse`, `losing customers` also `lost customers`,
/// `make things up` also `made things up`, each with the written entry's targets. A query
/// reads such a form as its verb only where the library never writes it
/// ([`IRREGULAR_FORMS`]); "got", "made", "lost", "went" and the rest the guides write are
/// words of their own there, so "our model got worse over time" never met `getting worse`
/// and found nothing on drift. Derived from a `from` phrase only (a stranger's words; a one-word
/// input past is a guide word of its own, as typed), and never where the table has the
/// variant as an input already (the written entry wins).
fn past_forms(entries: &[Entry]) -> Vec<Entry> {
    let mut inputs: BTreeSet<String> = BTreeSet::new();
    for entry in entries {
        match entry {
            Entry::Equivalent(terms) => inputs.extend(terms.iter().map(|t| t.key.clone())),
            Entry::OneWay { from, .. } => {
                inputs.insert(from.key.clone());
            }
        }
    }
    let mut out = Vec::new();
    for entry in entries {
        let Entry::OneWay { from, to, keep_words, .. } = entry else { continue };
        if !from.key.contains(' ') {
            continue;
        }
        let mut tokens = Vec::new();
        for_each_term_token(&from.text, |token| tokens.push(token));
        for (at, token) in tokens.iter().enumerate() {
            for &(form, _, _) in IRREGULAR_FORMS.iter().filter(|(_, _, stem)| *stem == token.stem) {
                let mut form_stem = String::new();
                for_each_term_token(form, |t| form_stem = t.stem);
                let stems = tokens
                    .iter()
                    .enumerate()
                    .map(|(idx, t)| if idx == at { form_stem.as_str() } else { t.stem.as_str() });
                let key = stems.collect::<Vec<_>>().join(" ");
                if form_stem.is_empty() || !inputs.insert(key.clone()) {
                    continue;
                }
                let text =
                    format!("{}{form}{}", &from.text[..token.start], &from.text[token.end..]);
                out.push(Entry::OneWay {
                    from: Term { text, key, line: from.line },
                    to: to.clone(),
                    keep_words: *keep_words,
                    last_word: false,
                });
            }
        }
    }
    out
}

fn check_duplicates(file: &SourceFile, synonyms: &Synonyms, diagnostics: &mut Diagnostics) {
    // Input key → (index of its entry, line).
    let mut inputs: BTreeMap<&str, (usize, usize)> = BTreeMap::new();
    for (entry_idx, entry) in synonyms.entries.iter().enumerate() {
        let (terms, field, entry_inputs): (Vec<&Term>, &str, Vec<&Term>) = match entry {
            Entry::Equivalent(terms) => {
                (terms.iter().collect(), FIELD_TERMS, terms.iter().collect())
            }
            Entry::OneWay { from, to, .. } => {
                (std::iter::once(from).chain(to.iter()).collect(), FIELD_TO, vec![from])
            }
        };
        let mut in_entry: BTreeMap<&str, &Term> = BTreeMap::new();
        for term in terms {
            if let Some(first) = in_entry.insert(term.key.as_str(), term) {
                diagnostics.push(at(
                    file,
                    term.line,
                    field,
                    format!(
                        "`{}` repeats `{}` in the same entry (both read as `{}`)",
                        term.text, first.text, term.key
                    ),
                ));
            }
        }
        let input_field =
            if matches!(entry, Entry::Equivalent(_)) { FIELD_TERMS } else { FIELD_FROM };
        for term in entry_inputs {
            match inputs.get(term.key.as_str()) {
                Some(&(first_entry, first_line)) if first_entry != entry_idx => diagnostics.push(
                    at(
                        file,
                        term.line,
                        input_field,
                        format!("`{}` already starts the entry on line {first_line}", term.text),
                    )
                    .hint("a term may be the input of one entry only; merge the two entries"),
                ),
                Some(_) => {}
                None => {
                    inputs.insert(term.key.as_str(), (entry_idx, term.line));
                }
            }
        }
    }
}

/// One-way entries that lead back to where they started say the terms are equivalent, in a
/// way that depends on which one is typed: that is a group written wrongly.
fn check_cycles(file: &SourceFile, synonyms: &Synonyms, diagnostics: &mut Diagnostics) {
    let mut edges: BTreeMap<&str, Vec<&Term>> = BTreeMap::new();
    let mut names: BTreeMap<&str, &str> = BTreeMap::new();
    for entry in &synonyms.entries {
        if let Entry::OneWay { from, to, .. } = entry {
            // A term pointing at itself is reported as a repeat, not as a cycle.
            let targets = to.iter().filter(|t| t.key != from.key);
            edges.entry(from.key.as_str()).or_default().extend(targets);
            names.insert(from.key.as_str(), from.text.as_str());
        }
    }
    let mut reported: BTreeSet<Vec<&str>> = BTreeSet::new();
    for &start in edges.keys() {
        // Depth-first search for a path from `start` back to `start`.
        let mut stack: Vec<(Vec<&Term>, &str)> = vec![(Vec::new(), start)];
        let mut visited: BTreeSet<&str> = BTreeSet::new();
        while let Some((path, at_key)) = stack.pop() {
            for &next in edges.get(at_key).map(Vec::as_slice).unwrap_or(&[]) {
                let mut next_path = path.clone();
                next_path.push(next);
                if next.key == start {
                    let mut members: Vec<&str> = next_path.iter().map(|t| t.key.as_str()).collect();
                    members.sort_unstable();
                    if reported.insert(members) {
                        let mut chain = vec![format!("`{}`", names[start])];
                        chain.extend(next_path.iter().map(|t| format!("`{}`", t.text)));
                        diagnostics.push(
                            at(
                                file,
                                next.line,
                                FIELD_TO,
                                format!("one-way synonyms form a cycle: {}", chain.join(" → ")),
                            )
                            .hint("terms that find each other are one [[equivalent]] group"),
                        );
                    }
                } else if visited.insert(next.key.as_str()) {
                    stack.push((next_path, next.key.as_str()));
                }
            }
        }
    }
}

/// Reports terms the library never uses: a one-way `to` term that occurs in no guide, and a
/// group none of whose terms occurs in any guide. `occurs` says whether a key has postings.
pub fn check_used(
    file: &SourceFile,
    synonyms: &Synonyms,
    occurs: impl Fn(&str) -> bool,
    diagnostics: &mut Diagnostics,
) {
    // A past-form entry read from a phrase (`told a story` from `tell a story`) shares its
    // `to` terms and their lines: each unused term is reported once, at the line written.
    let mut reported: Vec<(usize, &str)> = Vec::new();
    for entry in &synonyms.entries {
        match entry {
            Entry::Equivalent(terms) => {
                if !terms.iter().any(|t| occurs(&t.key)) {
                    let line = terms.first().map_or(1, |t| t.line);
                    let names: Vec<String> =
                        terms.iter().map(|t| format!("`{}`", t.text)).collect();
                    diagnostics.push(
                        at(file, line, FIELD_TERMS, format!("no guide uses any of {}", names.join(", ")))
                            .hint("a group must contain a term the guides use, or it can never find anything"),
                    );
                }
            }
            Entry::OneWay { to, .. } => {
                for term in to.iter().filter(|t| !occurs(&t.key)) {
                    if reported.contains(&(term.line, term.text.as_str())) {
                        continue;
                    }
                    reported.push((term.line, term.text.as_str()));
                    diagnostics.push(
                        at(file, term.line, FIELD_TO, format!("no guide uses `{}`", term.text))
                            .hint("point one-way synonyms at words the guides use (a phrase must appear as written)"),
                    );
                }
            }
        }
    }
}
