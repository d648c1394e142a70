//! The content items: services, industries, case studies, documentation pages, guides, the
//! contact details and categories, and the lookups every surface needs (an item by slug or by
//! URL, and its markdown twin).

use std::borrow::Cow;
use std::sync::LazyLock;

use super::error::{Caller, Error};
use super::wanted;
use crate::limits::SEARCH_QUERY_MAX_CHARS;
use crate::model::{
    DocKind, FixedJson, GuideRecord, ItemKind, PageRecord, SLUG_KEY_HYPHENS, SlugKey, is_slug,
};
use crate::tables::{
    CASE_STUDIES, CASE_STUDIES_LIST, CATEGORIES_JSON, CONTACT_JSON, DOCS, DOCUMENTS, FIXED, GUIDES,
    INDUSTRIES, INDUSTRIES_LIST, SERVICES, SERVICES_LIST, SITE_URL,
};

/// Any content item with a page and a markdown twin.
#[derive(Debug, Clone, Copy)]
pub enum Item {
    Page(&'static PageRecord),
    Guide(&'static GuideRecord),
}

impl Item {
    pub fn kind(self) -> ItemKind {
        match self {
            Item::Page(page) => page.kind,
            Item::Guide(_) => ItemKind::Guide,
        }
    }
    pub fn slug(self) -> &'static str {
        match self {
            Item::Page(page) => page.slug,
            Item::Guide(guide) => guide.slug,
        }
    }
    /// The page's name, or the guide's title.
    pub fn title(self) -> &'static str {
        match self {
            Item::Page(page) => page.name,
            Item::Guide(guide) => guide.title,
        }
    }
    pub fn description(self) -> &'static str {
        match self {
            Item::Page(page) => page.description,
            Item::Guide(guide) => guide.description,
        }
    }
    /// The canonical HTML page.
    pub fn url(self) -> &'static str {
        match self {
            Item::Page(page) => page.url,
            Item::Guide(guide) => guide.url,
        }
    }
    /// The path of the markdown twin (`/guides/x/index.md`).
    pub fn twin_path(self) -> &'static str {
        match self {
            Item::Page(page) => page.twin_path,
            Item::Guide(guide) => guide.twin_path,
        }
    }
    /// The slug and title as [`nearest`] compares them, worked out by the build.
    fn key(self) -> &'static SlugKey {
        match self {
            Item::Page(page) => &page.key,
            Item::Guide(guide) => &guide.key,
        }
    }
    /// The markdown twin: title, description, body and absolute links.
    pub fn markdown(self) -> &'static str {
        FIXED.get(self.twin_path()).map_or("", |fixed| fixed.body)
    }
}

/// The services in published order.
pub fn services() -> &'static [PageRecord] {
    &SERVICES
}

/// The industries in published order.
pub fn industries() -> &'static [PageRecord] {
    &INDUSTRIES
}

/// The case studies in published order.
pub fn case_studies() -> &'static [PageRecord] {
    &CASE_STUDIES
}

/// The documentation pages in published order.
pub fn docs_pages() -> &'static [PageRecord] {
    &DOCS
}

/// One service by slug: `invalid_slug` or `service_not_found` (worded for `caller`) otherwise.
pub fn service(slug: &str, caller: Caller) -> Result<&'static PageRecord, Error> {
    find(ItemKind::Service, &SERVICES, slug, |nearest| {
        Error::service_not_found(slug, caller, nearest)
    })
}

/// One case study by slug: `invalid_slug` or `case_study_not_found` (worded for `caller`)
/// otherwise.
pub fn case_study(slug: &str, caller: Caller) -> Result<&'static PageRecord, Error> {
    find(ItemKind::CaseStudy, &CASE_STUDIES, slug, |nearest| {
        Error::case_study_not_found(slug, caller, nearest)
    })
}

fn find(
    kind: ItemKind,
    pages: &'static [PageRecord],
    slug: &str,
    not_found: impl FnOnce(&[&str]) -> Error,
) -> Result<&'static PageRecord, Error> {
    if !is_slug(slug) {
        return Err(match meant(pages.iter().map(Item::Page), slug) {
            Some(meant) => Error::invalid_slug_meant(slug, meant.slug()),
            None => Error::invalid_slug(slug),
        });
    }
    pages.iter().find(|page| page.slug == slug).ok_or_else(|| {
        let near: Vec<&str> = meant_by(kind, pages.iter().map(Item::Page), slug)
            .iter()
            .map(|item| item.slug())
            .collect();
        not_found(&near)
    })
}

/// How a typed slug is compared: lower case, with the words it holds (a percent escape in a
/// path, as a space arrives, separates words too) and those words joined by hyphens. `joined`
/// holds ASCII letters, digits and single hyphens only, so it is compared byte by byte.
struct Typed<'a> {
    lower: Cow<'a, str>,
    /// `lower` without white space around it, where a title is compared.
    trimmed: std::ops::Range<usize>,
    joined: Cow<'a, str>,
    /// The first byte of `lower[trimmed]`, 0 when it is empty.
    first: u8,
}

impl Typed<'_> {
    fn new(slug: &str) -> Typed<'_> {
        // Already a slug of words joined by single hyphens (as every slug on a REST path that
        // got this far is): it is both, and nothing is copied.
        let bytes = slug.as_bytes();
        if bytes.first().is_some_and(u8::is_ascii_alphanumeric)
            && bytes.last().is_some_and(u8::is_ascii_alphanumeric)
            && bytes.iter().all(|&b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
            && !bytes.windows(2).any(|pair| pair == b"--")
        {
            return Typed {
                lower: Cow::Borrowed(slug),
                trimmed: 0..slug.len(),
                joined: Cow::Borrowed(slug),
                first: bytes[0],
            };
        }
        let mut lower = String::with_capacity(slug.len());
        let mut joined = String::with_capacity(slug.len());
        if slug.is_ascii() {
            // As below, a byte at a time: lowering a `char` through its iterator costs more.
            let mut bytes = slug.bytes();
            while let Some(b) = bytes.next() {
                if b == b'%' {
                    bytes.next();
                    bytes.next();
                    lower.push(' ');
                } else {
                    lower.push(char::from(b.to_ascii_lowercase()));
                }
            }
        } else {
            let mut chars = slug.chars();
            while let Some(c) = chars.next() {
                if c == '%' {
                    chars.next();
                    chars.next();
                    lower.push(' ');
                } else {
                    lower.extend(c.to_lowercase());
                }
            }
        }
        // The words are the runs of ASCII letters and digits; one hyphen between two.
        let mut gap = false;
        for c in lower.chars() {
            if c.is_ascii_alphanumeric() {
                if gap && !joined.is_empty() {
                    joined.push('-');
                }
                gap = false;
                joined.push(c);
            } else {
                gap = true;
            }
        }
        let trimmed_start = lower.len() - lower.trim_start().len();
        let trimmed = trimmed_start..lower.trim_end().len().max(trimmed_start);
        let first = lower.as_bytes().get(trimmed.start).copied().filter(|_| !trimmed.is_empty());
        Typed {
            lower: Cow::Owned(lower),
            trimmed,
            joined: Cow::Owned(joined),
            first: first.unwrap_or(0),
        }
    }

    /// `title` in lower case is the typed text, surrounding white space aside: compared as
    /// it is lowered, without a lowered copy. `first` is the title's first byte lowered when
    /// ASCII, else 0 ([`SlugKey::title_first`]): most titles differ there.
    #[inline(always)]
    fn is_title(&self, title: &str, first: u8) -> bool {
        if first != 0 && self.first != 0 && first != self.first {
            return false;
        }
        let typed = &self.lower[self.trimmed.clone()];
        if title.len() == typed.len() && title.eq_ignore_ascii_case(typed) {
            return true;
        }
        // An ASCII title lowers to its own length, so it matched above or not at all.
        !title.is_ascii() && title.chars().flat_map(char::to_lowercase).eq(typed.chars())
    }
}

/// The item a slug stands for: the item's name in any case, or its slug with capitals,
/// underscores, spaces or other separators.
fn meant(items: impl Iterator<Item = Item>, slug: &str) -> Option<Item> {
    exactly(items, &Typed::new(slug))
}

fn exactly(mut items: impl Iterator<Item = Item>, typed: &Typed) -> Option<Item> {
    items.find(|item| {
        item.slug() == typed.joined || typed.is_title(item.title(), item.key().title_first)
    })
}

/// At most this many pages are offered for a mistyped slug.
pub const NEAREST_MAX: usize = 3;

/// The items a mistyped or unknown slug most plausibly meant, nearest first, at most
/// [`NEAREST_MAX`]: the one it stands for written another way (as `invalid_slug` names it);
/// else those within a few typing slips of it (one for every five characters, from one to
/// three); then those whose first words are it, or whose words are its first ones, within
/// as many slips (`data-qualty` for the guides that begin `data-quality-`, `data-strategy-2`
/// for `data-strategy`); then
/// those whose slugs hold every word of it, shortest first. Empty when nothing is that near.
///
/// It costs little per item, as a mistyped page path pays it over every guide, and an unknown
/// slug over every service: nothing is allocated per item; each item's [`SlugKey`], worked out
/// by the build (its byte set, word count, hyphen offsets, whether a word repeats, its title's
/// first letter), rules most items out of each tier with a few integer operations before any
/// text is read; the lengths, then the bytes one side lacks, rule an item out before any
/// edit distance is computed; the distance (`within_slips`) works on bytes in a stack buffer,
/// in a band around the diagonal, and stops once it is over the slips; and only the best
/// [`NEAREST_MAX`] are kept as the items go by.
pub fn nearest(items: impl Iterator<Item = Item> + Clone, slug: &str) -> Vec<Item> {
    let typed = Typed::new(slug);
    if typed.joined.is_empty() {
        return Vec::new();
    }
    if let Some(item) = exactly(items.clone(), &typed) {
        return vec![item];
    }
    let joined: &str = &typed.joined;
    let slips = (joined.len() / 5).clamp(1, 3);
    // The typed slug as the build keyed every item's: its bytes as a set, its words, and the
    // offsets of its first hyphens.
    let typed_set = joined.bytes().fold(0u64, |set, b| set | 1 << (b & 63));
    let mut typed_hyphens = [(0usize, 0u64); SLUG_KEY_HYPHENS];
    let mut typed_words = 1;
    let mut head = 0u64;
    for (at, b) in joined.bytes().enumerate() {
        if b == b'-' {
            if let Some(slot) = typed_hyphens.get_mut(typed_words - 1) {
                *slot = (at, head);
            }
            typed_words += 1;
        }
        head |= 1 << (b & 63);
    }
    let mut typed: [&[u8]; TYPED_WORDS] = [&[]; TYPED_WORDS];
    for (slot, word) in typed.iter_mut().zip(joined.as_bytes().split(|&b| b == b'-')) {
        *slot = word;
    }
    let typed = &typed[..typed_words.min(TYPED_WORDS)];
    // The offset of the typed slug's hyphen `n` (from 0), which it has.
    let typed_hyphen = |n: usize| match typed_hyphens.get(n) {
        Some(&head) => Some(head),
        None => nth_head(joined, n),
    };
    // Whether `a`'s byte set has more than the slips of bytes `b`'s lacks: each is a byte of
    // one slug the other lacks altogether, to be replaced or dropped, so the distance is over
    // the slips (a floor `within_slips_near` also takes, a byte at a time).
    let apart = |a: u64, b: u64| (a & !b).count_ones() as usize > slips;
    // The best so far, by (tier, rank, order), nearest first: an item displaces the last only
    // when it is strictly nearer, so among equals the first in published order stays.
    let mut best: [Option<Ranked>; NEAREST_MAX] = [None; NEAREST_MAX];
    for (order, item) in items.enumerate() {
        let slug = item.slug();
        let key = item.key();
        let slug_words = if key.words < u8::MAX {
            usize::from(key.words)
        } else {
            slug.bytes().filter(|&b| b == b'-').count() + 1
        };
        // Lengths further apart than the slips allow cannot be within them, nor can slugs
        // with more bytes than the slips that the other lacks: the distance is only computed
        // for slugs of about the typed length and letters.
        let near = slug.len().abs_diff(joined.len()) <= slips
            && !apart(typed_set, key.bytes)
            && !apart(key.bytes, typed_set);
        let rank = if let Some(d) = near.then(|| within_slips_near(joined, slug, slips)).flatten() {
            (0, d)
        } else if (slug_words > typed_words
            && starts(slug, (joined, typed_set), nth_hyphen(slug, key, typed_words - 1), slips))
            || (typed_words > slug_words
                && starts(joined, (slug, key.bytes), typed_hyphen(slug_words - 1), slips))
        {
            (1, 0)
        } else if slug_words >= typed_words
            && !(key.distinct && typed_set & !key.bytes != 0)
            && holds_every_word(slug, joined, typed, typed_words)
        {
            (2, slug.len())
        } else {
            continue;
        };
        let mut entry = ((rank.0, rank.1, order), item);
        for slot in &mut best {
            match slot {
                None => {
                    *slot = Some(entry);
                    break;
                }
                Some(held) if entry.0 < held.0 => std::mem::swap(held, &mut entry),
                Some(_) => {}
            }
        }
    }
    best.iter().flatten().map(|&(_, item)| item).collect()
}

/// The most words [`meant_by`] reads a slug for, as many as the longest slug has: a guessed
/// address is a subject of a few words, and each word costs the search a look-up, a made-up
/// one a typo look-up (about 30,000 instructions), so a path of thirty made-up words is not
/// read.
pub const MEANT_WORDS_MAX: usize = 6;

/// What an unknown slug of `kind` (one of `items`) most plausibly meant: the [`nearest`]
/// items by spelling; else, when nothing is that near, the items whose own title (with its
/// description) holds the slug's words (`described_by`), as a guessed address is a page's
/// subject in a reader's words (`/guides/feature-store/`, `/services/ml-engineering/`,
/// `/services/genai/`) or a slug mistyped inside a word (`data-govrnance`). Only a slug
/// of letters, digits, hyphens and underscores is read for its words: `index.html` names a
/// file, not a subject; nor is a slug of more than [`MEANT_WORDS_MAX`] words. At most
/// [`NEAREST_MAX`].
pub fn meant_by(
    kind: ItemKind,
    items: impl Iterator<Item = Item> + Clone,
    slug: &str,
) -> Vec<Item> {
    let near = nearest(items, slug);
    match near.is_empty().then(|| slug_words(slug)).flatten() {
        Some(words) => described_by(kind, &words, NEAREST_MAX),
        None => near,
    }
}

/// The words a slug is read for when its spelling is near no page's (`data_protection` →
/// "data protection"): `None` unless it is letters, digits, hyphens and underscores of 1 to
/// [`MEANT_WORDS_MAX`] words.
fn slug_words(slug: &str) -> Option<String> {
    let readable = slug.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    let words = slug.split(['-', '_']).filter(|w| !w.is_empty()).count();
    (readable && (1..=MEANT_WORDS_MAX).contains(&words)).then(|| slug.replace(['-', '_'], " "))
}

/// How many of the guide search's best hits [`described_by`] reads.
const DESCRIBED_READ: usize = 10;

/// For each kind of page ([`kind_index`]), every stem of its pages' titles, and of their
/// titles and descriptions (the documents' `title_terms` and `lead_terms`), sorted: a word
/// none of them holds rules every page out at once.
static KIND_TERMS: LazyLock<[(Vec<&'static str>, Vec<&'static str>); 5]> = LazyLock::new(|| {
    let mut kinds: [(Vec<&'static str>, Vec<&'static str>); 5] = Default::default();
    for record in DOCUMENTS.iter() {
        if let DocKind::Page(kind) = record.kind {
            let (titles, leads) = &mut kinds[kind_index(kind)];
            titles.extend_from_slice(record.title_terms);
            leads.extend_from_slice(record.lead_terms);
        }
    }
    for (titles, leads) in &mut kinds {
        for terms in [titles, leads] {
            terms.sort_unstable();
            terms.dedup();
        }
    }
    kinds
});

fn kind_index(kind: ItemKind) -> usize {
    match kind {
        ItemKind::Service => 0,
        ItemKind::Industry => 1,
        ItemKind::CaseStudy => 2,
        ItemKind::Guide => 3,
        ItemKind::Docs => 4,
    }
}

/// The items of `kind` whose title holds some of the words of `words` and whose title and
/// description together hold every one (as written, a synonym, a completion, or the word a
/// misspelt one is near), at most `max`, best first: what a guessed or mistyped address meant when its spelling is near no slug
/// (`/guides/data-govrnance/`, `/services/ml-engineering/`, `/guides/mlops/`). A page's own
/// words describe it, so this asks more than a search, which finds any page that mentions
/// them: `pricing` is a guide on pricing contracts, not one on funnels that prices in passing.
/// Guides are the guide search's first [`DESCRIBED_READ`] hits in its order; the pages of a
/// kind (a few dozen) in their published order. Empty when `words` has no search terms or is
/// longer than a search query may be.
fn described_by(kind: ItemKind, words: &str, max: usize) -> Vec<Item> {
    let pages = match kind {
        ItemKind::Guide => return guides_read(words, max).described,
        page => page,
    };
    let words = crate::model::trim_blank(words);
    if words.chars().count() > SEARCH_QUERY_MAX_CHARS {
        return Vec::new();
    }
    // A page's stems are the documents' (`DOCUMENTS`, worked out by the build): its title's,
    // and its title's with its description's, so no text is read here.
    let units = crate::search::query::units(words);
    let wanted = wanted::wanted(&units);
    // Most unknown slugs name nothing (`no-such-service`): words that no page of the kind
    // has in its title, or one that none has in its title or description, are ruled out at
    // once, without reading the pages.
    let (titles, leads) = &KIND_TERMS[kind_index(pages)];
    let anywhere = |terms: &[&str], unit: &wanted::Wanted<'_>| {
        unit.sector.is_some() || unit.best(|key| terms.binary_search(&key).is_ok()) > 0
    };
    if wanted.is_empty()
        || !wanted.iter().any(|unit| anywhere(titles, unit))
        || !wanted.iter().all(|unit| anywhere(leads, unit))
    {
        return Vec::new();
    }
    // Those whose titles hold the words more surely first (a word as written before its
    // synonym: `/services/cdo/` names the fractional leadership service, whose other name it
    // is, before data strategy, a synonym's), else in their published order.
    let mut named: Vec<(u32, Item)> = DOCUMENTS
        .iter()
        .filter(|record| record.kind == DocKind::Page(pages))
        .filter_map(|record| {
            let slug = record.id.split_once('/').map(|(_, slug)| slug)?;
            if !wanted::terms_name(record.title_terms, record.lead_terms, slug, &wanted) {
                return None;
            }
            Some((wanted::title_share(record.title_terms, slug, &wanted), item(pages, slug)?))
        })
        .collect();
    named.sort_by_key(|&(share, _)| std::cmp::Reverse(share));
    named.into_iter().map(|(_, item)| item).take(max).collect()
}

/// What the guide search makes of a guessed address's words: the guides it describes
/// ([`described_by`]) and, apart from them, those whose text mentions every word.
struct GuidesRead {
    described: Vec<Item>,
    mentioned: Vec<Item>,
}

/// [`described_by`] for guides, from the guide search's first [`DESCRIBED_READ`] hits in its
/// order, with the hits that match every word as written or through a synonym or completion
/// (a typo's reading is a guess on a guess) kept as `mentioned`; at most `max` of each.
/// Nothing when `words` is longer than a search query may be.
fn guides_read(words: &str, max: usize) -> GuidesRead {
    let mut read = GuidesRead { described: Vec::new(), mentioned: Vec::new() };
    let words = crate::model::trim_blank(words);
    if words.chars().count() > SEARCH_QUERY_MAX_CHARS {
        return read;
    }
    // The search read the words already: its units are the ones to look for.
    let ranked = crate::search::search_top(words, None, 0..DESCRIBED_READ);
    let wanted = wanted::wanted(ranked.units());
    let every_word = ranked.units().len();
    for hit in ranked.hits() {
        let Some(item) = GUIDES.get(usize::from(hit.guide)).map(Item::Guide) else {
            continue;
        };
        // Reading a title costs a few thousand instructions: none is read once `max` are found.
        if read.described.len() == max {
            break;
        }
        if !wanted.is_empty() && wanted::title_names(item.title(), item.description(), &wanted) {
            read.described.push(item);
        } else if every_word > 0
            && usize::from(hit.relevance) == every_word
            && hit.typos == 0
            && read.mentioned.len() < max
        {
            read.mentioned.push(item);
        }
    }
    read
}

/// What a missing website path may have meant ([`nearest_to_path`]).
#[derive(Debug, Default)]
pub struct PathMeant {
    /// The pages its address or its words name ([`meant_by`]), best first.
    pub pages: Vec<Item>,
    /// When no page is named, a guide path's words (`/guides/gdpr/`: "gdpr") and the guides
    /// whose text mentions every one of them, in the guide search's order: not what the
    /// address meant, but where its subject is written about.
    pub mentioned: Option<(String, Vec<Item>)>,
}

/// The offset of `slug`'s hyphen `n` (from 0) and the byte set of the slug before it, from
/// its key when the key holds them; `None` when it has no such hyphen.
fn nth_hyphen(slug: &str, key: &SlugKey, n: usize) -> Option<(usize, u64)> {
    if n + 1 >= usize::from(key.words) && key.words < u8::MAX {
        return None;
    }
    match (key.hyphens.get(n), key.heads.get(n)) {
        (Some(&at), Some(&head)) if at != 0 => Some((usize::from(at), head)),
        _ => nth_head(slug, n),
    }
}

/// The offset of `slug`'s hyphen `n` (from 0) and the byte set of the slug before it, counted.
fn nth_head(slug: &str, n: usize) -> Option<(usize, u64)> {
    let (at, _) = slug.bytes().enumerate().filter(|&(_, b)| b == b'-').nth(n)?;
    Some((at, slug[..at].bytes().fold(0u64, |set, b| set | 1 << (b & 63))))
}

/// An item [`nearest`] offers, with its place: (tier, rank in the tier, published order).
type Ranked = ((u8, usize, usize), Item);

/// `long`'s first words, as many as `short` has, are `short` within the slips, and `long` has
/// more words than that: `data-quality-issue-triage` starts with `data-qualty`. `short` must
/// be at least four characters. `head` is the offset of `long`'s hyphen after those words and
/// the byte set of `long` before it (`None` when it has no more words than `short`), so the
/// words are compared as the prefix of `long` before it and nothing is copied; `short` comes
/// with its byte set, and sets further apart than the slips rule the words out unread.
fn starts(long: &str, short: (&str, u64), head: Option<(usize, u64)>, slips: usize) -> bool {
    let (short, short_set) = short;
    // `long` is longer than those words by at least a hyphen.
    if short.len() < 4 || long.len() + slips <= short.len() {
        return false;
    }
    let Some((end, head)) = head else {
        return false;
    };
    let apart = |a: u64, b: u64| (a & !b).count_ones() as usize > slips;
    if end.abs_diff(short.len()) > slips || apart(short_set, head) || apart(head, short_set) {
        return false;
    }
    within_slips_near(short, &long[..end], slips).is_some()
}

/// Every word of `joined` (`words` of them) is one of `slug`'s, counted as the slug's words
/// that are among them (so `data-x` holds `data` and `x`). One pass over the slug's bytes,
/// each word compared with the typed ones as it ends; the typed words are split once, into
/// `typed` (the first [`TYPED_WORDS`]), or again for each word when there are more.
fn holds_every_word(slug: &str, joined: &str, typed: &[&[u8]], words: usize) -> bool {
    // Byte by byte: a call to `memcmp` costs more than these short words.
    let same = |a: &[u8], b: &[u8]| a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x == y);
    let is_typed = |word: &[u8]| {
        if words <= typed.len() {
            typed.iter().any(|t| same(t, word))
        } else {
            joined.as_bytes().split(|&b| b == b'-').any(|t| t == word)
        }
    };
    let slug = slug.as_bytes();
    let (mut count, mut start) = (0, 0);
    for (at, &b) in slug.iter().enumerate() {
        if b == b'-' {
            count += usize::from(is_typed(&slug[start..at]));
            start = at + 1;
        }
    }
    count += usize::from(is_typed(&slug[start..]));
    count == words
}

/// How many typed words [`nearest`] keeps on the stack for [`holds_every_word`].
const TYPED_WORDS: usize = 8;

/// The longest slug [`within_slips_near`] compares in its stack buffer; a longer one (no slug
/// is) gets a row on the heap.
const SLIP_BUFFER: usize = 95;

/// The edit distance (Levenshtein, on bytes: slugs are ASCII) between `a` and `b` when it is
/// at most `slips`, else `None`: lengths further apart than `slips` are ruled out first, a
/// shared beginning and ending do not change the distance and are skipped, and the row of
/// distances (capped at `slips + 1`, in a stack buffer) is given up on as soon as every cell
/// in it is over `slips`, as the distance can only be larger.
///
/// The server's callers check the lengths (and the byte sets) themselves, where they rule out
/// most items, and call [`within_slips_near`]; this is what the tests compare.
#[cfg(test)]
fn within_slips(a: &str, b: &str, slips: usize) -> Option<usize> {
    if a.len().abs_diff(b.len()) > slips {
        return None;
    }
    within_slips_near(a, b, slips)
}

/// The edit distance when it is within the slips (as `within_slips` describes), for lengths
/// within the slips of each other.
fn within_slips_near(a: &str, b: &str, slips: usize) -> Option<usize> {
    let (mut a, mut b) = (a.as_bytes(), b.as_bytes());
    let common = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    (a, b) = (&a[common..], &b[common..]);
    let common = a.iter().rev().zip(b.iter().rev()).take_while(|(x, y)| x == y).count();
    (a, b) = (&a[..a.len() - common], &b[..b.len() - common]);
    if a.is_empty() || b.is_empty() {
        // The rest of the longer one is inserted: within the slips, by the lengths' check.
        return Some(a.len().max(b.len()));
    }
    // A byte that the other side lacks altogether is replaced or dropped whatever the
    // alignment: the more such bytes on either side is a floor under the distance, and it
    // rules out most unrelated slugs for a few instructions a byte. Bytes are kept by their
    // low six bits: two that share them (`p` and `0`) pass for each other, which can only
    // lower the floor, never raise it past the distance.
    let set = |s: &[u8]| s.iter().fold(0u64, |set, &x| set | 1 << (x & 63));
    let lacking = |s: &[u8], other: u64| s.iter().filter(|&&x| other & 1 << (x & 63) == 0).count();
    if lacking(a, set(b)).max(lacking(b, set(a))) > slips {
        return None;
    }
    let cap = u8::try_from(slips + 1).unwrap_or(u8::MAX);
    let capped = |n: usize| u8::try_from(n).unwrap_or(u8::MAX).min(cap);
    let mut stack = [0u8; SLIP_BUFFER + 1];
    let mut heap = Vec::new();
    let row: &mut [u8] = if b.len() <= SLIP_BUFFER {
        &mut stack[..=b.len()]
    } else {
        heap.resize(b.len() + 1, 0);
        &mut heap
    };
    for (j, cell) in row.iter_mut().enumerate() {
        *cell = capped(j);
    }
    // Row i holds the distances of a's first i bytes to b's first j; only the cells within
    // `slips` of the diagonal can be within the slips, so only those are computed (Ukkonen's
    // band). A cell left of the band reads as over the slips; one right of it was never
    // written since the first row, where it is over them too.
    for (i, &x) in (1usize..).zip(a) {
        let first = i.saturating_sub(slips).max(1);
        let last = (i + slips).min(b.len());
        let mut diagonal = row[first - 1];
        row[first - 1] = if first == 1 { capped(i) } else { cap };
        let mut lowest = row[first - 1];
        for j in first..=last {
            let above = row[j];
            let cell = diagonal
                .saturating_add(u8::from(x != b[j - 1]))
                .min(above.saturating_add(1))
                .min(row[j - 1].saturating_add(1))
                .min(cap);
            row[j] = cell;
            lowest = lowest.min(cell);
            diagonal = above;
        }
        if usize::from(lowest) > slips {
            return None;
        }
    }
    Some(usize::from(row[b.len()])).filter(|&d| d <= slips)
}

/// The pages a missing website path under a collection (`/services/x/`, `/guides/x`, a twin
/// `/guides/x/index.md`, `/industries/x.md`, `/docs/x/`) most plausibly meant: [`nearest`] to
/// the slug its first segment names (a `.md` ending aside). A path of one segment that could
/// be a slug (`/mlops/`, `/healthcare`, `/data-governance.md`), an address guessed without its
/// collection, is read as the slug of any page or guide, by spelling alone. Empty for any
/// other path.
pub fn nearest_to_path(path: &str) -> PathMeant {
    fn slug_in(rest: &str) -> Option<&str> {
        let segment = rest.split('/').next().unwrap_or(rest);
        let slug = segment.strip_suffix(".md").unwrap_or(segment);
        (!slug.is_empty() && slug != "index").then_some(slug)
    }
    for (prefix, kind, pages) in [
        ("/services/", ItemKind::Service, &SERVICES[..]),
        ("/industries/", ItemKind::Industry, &INDUSTRIES[..]),
        ("/case-studies/", ItemKind::CaseStudy, &CASE_STUDIES[..]),
        ("/docs/", ItemKind::Docs, &DOCS[..]),
    ] {
        if let Some(rest) = path.strip_prefix(prefix) {
            let pages = slug_in(rest)
                .map_or_else(Vec::new, |slug| meant_by(kind, pages.iter().map(Item::Page), slug));
            return PathMeant { pages, mentioned: None };
        }
    }
    let Some(slug) = path.strip_prefix("/guides/").and_then(slug_in) else {
        return PathMeant { pages: guessed_without_collection(path), mentioned: None };
    };
    // `meant_by`, with the search's mentions kept for when nothing is named.
    let near = nearest(GUIDES.iter().map(Item::Guide), slug);
    let words = match near.is_empty().then(|| slug_words(slug)).flatten() {
        Some(words) => words,
        None => return PathMeant { pages: near, mentioned: None },
    };
    let read = guides_read(&words, NEAREST_MAX);
    let mentioned = (read.described.is_empty() && !read.mentioned.is_empty())
        .then(|| (crate::model::trim_blank(&words).to_owned(), read.mentioned));
    PathMeant { pages: read.described, mentioned }
}

/// What a path of one segment (`/mlops/`, `/healthcare`, `/data-strategy.md`,
/// `/mlops/index.md`) meant when its segment is a slug of some page or guide, as [`nearest`]
/// reads a slug's spelling; the collections are tried together, pages before guides (a
/// segment of two words or more, for guides). Empty
/// when the path has more than one segment or its segment is not slug-like (letters, digits,
/// hyphens, underscores): `/wp-login.php` and `/.env` are read for nothing. Its words are not
/// searched, unlike a guide path's: a segment alone says too little of what was wanted.
fn guessed_without_collection(path: &str) -> Vec<Item> {
    let Some(rest) = path.strip_prefix('/') else { return Vec::new() };
    let (segment, after) = rest.split_once('/').unwrap_or((rest, ""));
    let segment = segment.strip_suffix(".md").unwrap_or(segment);
    let slug_like = !segment.is_empty()
        && segment != "index"
        && segment.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    // A segment of words of grammar alone (`/about/`) names nothing: "about" was read as the
    // guide whose slug holds it.
    let grammar_alone = segment.split(['-', '_']).all(|word| {
        word.is_empty() || crate::search::tokenize::is_stop_word(&word.to_ascii_lowercase())
    });
    if !slug_like || grammar_alone || !matches!(after, "" | "index.md") {
        return Vec::new();
    }
    let pages = || SERVICES.iter().chain(&INDUSTRIES[..]).chain(&CASE_STUDIES[..]).chain(&DOCS[..]);
    let found = nearest(pages().map(Item::Page), segment);
    if !found.is_empty() || !segment.contains(['-', '_']) {
        // A guide only for two words or more: a lone word is held by some guide's slug as one
        // of its words more often than it names the guide (`/team` was read as "data habits
        // in team meetings", `/jobs` and `/terms` as guides holding them).
        return found;
    }
    nearest(GUIDES.iter().map(Item::Guide), segment)
}

/// `{"services":[...]}` as `GET /v1/services` serves it, with its escaped twin.
pub fn services_json() -> FixedJson {
    SERVICES_LIST
}

/// `{"industries":[...]}` as `GET /v1/industries` serves it, with its escaped twin.
pub fn industries_json() -> FixedJson {
    INDUSTRIES_LIST
}

/// `{"caseStudies":[...]}` as `GET /v1/case-studies` serves it, with its escaped twin.
pub fn case_studies_json() -> FixedJson {
    CASE_STUDIES_LIST
}

/// The Contact as JSON, with its escaped twin.
pub fn contact_json() -> FixedJson {
    CONTACT_JSON
}

/// `{"categories":[...]}` with guide counts, with its escaped twin.
pub fn categories_json() -> FixedJson {
    CATEGORIES_JSON
}

/// Any item by kind and slug.
pub fn item(kind: ItemKind, slug: &str) -> Option<Item> {
    let pages: &'static [PageRecord] = match kind {
        ItemKind::Service => &SERVICES,
        ItemKind::Industry => &INDUSTRIES,
        ItemKind::CaseStudy => &CASE_STUDIES,
        ItemKind::Docs => &DOCS,
        ItemKind::Guide => return GUIDES.iter().find(|g| g.slug == slug).map(Item::Guide),
    };
    pages.iter().find(|page| page.slug == slug).map(Item::Page)
}

/// `url` with its scheme and host in lower case, the rest as it is: RFC 3986 (section
/// 6.2.2.1) makes both case-insensitive, so `HTTP://Example.COM/guides/x/` names the same
/// resource as `http://example.com/guides/x/`, while the path stays case-sensitive. Our URLs
/// are compared as text after this. A value without `://` (a path, an id) is returned as it
/// is, as is one already in lower case, without copying.
pub fn lowercase_origin(url: &str) -> Cow<'_, str> {
    let Some(scheme_end) = url.find("://") else { return url.into() };
    let authority_start = scheme_end + 3;
    let origin_end =
        url[authority_start..].find(['/', '?', '#']).map_or(url.len(), |at| authority_start + at);
    let origin = &url[..origin_end];
    if !origin.bytes().any(|b| b.is_ascii_uppercase()) {
        return url.into();
    }
    let mut lowered = origin.to_ascii_lowercase();
    lowered.push_str(&url[origin_end..]);
    lowered.into()
}

/// Any item by its canonical URL or path (`https://site/guides/x/`, `/guides/x/`, with or
/// without the trailing slash or `index.md`).
pub fn item_by_url(url: &str) -> Option<Item> {
    let path = url.strip_prefix(SITE_URL).unwrap_or(url);
    let path = path.strip_suffix("index.md").unwrap_or(path);
    let mut segments = path.trim_matches('/').split('/');
    let (Some(segment), Some(slug), None) = (segments.next(), segments.next(), segments.next())
    else {
        return None;
    };
    let kind = [
        ItemKind::Service,
        ItemKind::Industry,
        ItemKind::CaseStudy,
        ItemKind::Guide,
        ItemKind::Docs,
    ]
    .into_iter()
    .find(|kind| kind.segment() == segment)?;
    item(kind, slug)
}

#[cfg(test)]
mod tests {
    use super::{Item, NEAREST_MAX, nearest, nearest_to_path, within_slips};
    use crate::model::SlugKey;
    use crate::ops::error::edit_distance;
    use crate::tables::{CASE_STUDIES, GUIDES, INDUSTRIES, SERVICES};

    /// [`nearest`] as it was first written (a `Vec` and a `join` per item, lowered copies of
    /// every title, a full edit distance on characters, every candidate sorted): the cheap one
    /// must give exactly its answers.
    fn nearest_as_first_written(items: &[Item], slug: &str) -> Vec<&'static str> {
        let mut lower = String::new();
        let mut chars = slug.chars();
        while let Some(c) = chars.next() {
            if c == '%' {
                chars.next();
                chars.next();
                lower.push(' ');
            } else {
                lower.extend(c.to_lowercase());
            }
        }
        let words: Vec<&str> =
            lower.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
        let joined = words.join("-");
        if joined.is_empty() {
            return Vec::new();
        }
        if let Some(item) = items
            .iter()
            .find(|item| item.slug() == joined || item.title().to_lowercase() == lower.trim())
        {
            return vec![item.slug()];
        }
        let typed_len = joined.chars().count();
        let slips = (typed_len / 5).clamp(1, 3);
        let mut ranked = Vec::new();
        for (order, item) in items.iter().enumerate() {
            let slug = item.slug();
            let starts = |long: &str, short: &str| {
                let n = short.split('-').count();
                let head = long.split('-').take(n).collect::<Vec<_>>().join("-");
                short.len() >= 4
                    && long.split('-').count() > n
                    && head.len().abs_diff(short.len()) <= slips
                    && edit_distance(short, &head) <= slips
            };
            let distance = (slug.len().abs_diff(typed_len) <= slips)
                .then(|| edit_distance(&joined, slug))
                .filter(|&d| d <= slips);
            let rank = if let Some(d) = distance {
                Some((0, d))
            } else if starts(slug, &joined) || starts(&joined, slug) {
                Some((1, 0))
            } else if slug.split('-').filter(|w| words.contains(w)).count() == words.len() {
                Some((2, slug.len()))
            } else {
                None
            };
            if let Some((tier, rank)) = rank {
                ranked.push((tier, rank, order, slug));
            }
        }
        ranked.sort_by_key(|&(tier, rank, order, _)| (tier, rank, order));
        ranked.into_iter().take(NEAREST_MAX).map(|(.., slug)| slug).collect()
    }

    /// A small deterministic generator, so a failure names an input that fails again.
    struct Lcg(u64);

    impl Lcg {
        fn below(&mut self, n: usize) -> usize {
            self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((self.0 >> 33) as usize) % n.max(1)
        }
    }

    /// What a reader may type for `slug` and `title`: the slug, a few of its characters dropped,
    /// replaced, doubled or swapped with the next, its first words with and without a slip,
    /// words reordered or added, the title in other cases and separators, escapes, and a few
    /// random mixtures.
    fn typings(slug: &str, title: &str, random: &mut Lcg) -> Vec<String> {
        let bytes = slug.as_bytes();
        let text = |b: Vec<u8>| String::from_utf8(b).unwrap_or_default();
        let mut out = vec![
            slug.to_string(),
            title.to_string(),
            title.to_uppercase(),
            format!("  {title} "),
            title.replace(' ', "%2C"),
            slug.replace('-', "_"),
            slug.replace('-', " "),
            format!("{slug}-2"),
            format!("{slug}s"),
            format!("the-{slug}"),
        ];
        for _ in 0..3 {
            let i = random.below(bytes.len());
            let mut dropped = bytes.to_vec();
            dropped.remove(i);
            out.push(text(dropped));
            let mut replaced = bytes.to_vec();
            replaced[i] = b'x';
            out.push(text(replaced));
            let mut doubled = bytes.to_vec();
            doubled.insert(i, bytes[i]);
            out.push(text(doubled));
            if i + 1 < bytes.len() {
                let mut swapped = bytes.to_vec();
                swapped.swap(i, i + 1);
                out.push(text(swapped));
            }
        }
        let words: Vec<&str> = slug.split('-').collect();
        for n in 1..=words.len() {
            let head = words[..n].join("-");
            out.push(head.clone());
            if head.len() > 3 {
                let mut slipped = head.clone().into_bytes();
                slipped.remove(head.len() / 2);
                out.push(text(slipped));
            }
            out.push(words[words.len() - n..].join("-"));
        }
        let mut reversed = words.clone();
        reversed.reverse();
        out.push(reversed.join("-"));
        for _ in 0..4 {
            let a = words[random.below(words.len())];
            let b = words[random.below(words.len())];
            out.push(format!("{a}-{b}"));
            let mut slipped = slug.as_bytes().to_vec();
            for _ in 0..1 + random.below(4) {
                let at = random.below(slipped.len());
                slipped[at] = b"abcdeilmnorst-"[random.below(14)];
            }
            out.push(text(slipped));
        }
        out
    }

    /// The cheap [`nearest`] answers as the first one did, for every collection and thousands
    /// of typings of its slugs and titles (every other guide's, which is plenty).
    #[test]
    fn nearest_answers_as_first_written() {
        let collections: [Vec<Item>; 4] = [
            SERVICES.iter().map(Item::Page).collect(),
            INDUSTRIES.iter().map(Item::Page).collect(),
            CASE_STUDIES.iter().map(Item::Page).collect(),
            GUIDES.iter().map(Item::Guide).collect(),
        ];
        let mut random = Lcg(61);
        let mut compared = 0;
        let mut offered = 0;
        for items in &collections {
            let mut typed: Vec<String> = [
                "",
                "-",
                "%2C",
                "a",
                "data",
                "DATA",
                "ai",
                "zzzzzzzz",
                "Data–Strategy",
                "DATA\u{212A}",
                "dáta-qualty",
                "%E2%80%93data%2Cqualty",
            ]
            .map(String::from)
            .to_vec();
            let step = if items.len() > 64 { 2 } else { 1 };
            for item in items.iter().step_by(step) {
                typed.extend(typings(item.slug(), item.title(), &mut random));
            }
            for typed in &typed {
                let cheap: Vec<&str> =
                    nearest(items.iter().copied(), typed).iter().map(|i| i.slug()).collect();
                assert_eq!(cheap, nearest_as_first_written(items, typed), "{typed:?}");
                compared += 1;
                offered += usize::from(!cheap.is_empty());
            }
        }
        // Enough were compared, and most found something, so the tiers were all exercised.
        assert!(compared > 4_000 && offered * 2 > compared, "{compared} {offered}");
    }

    /// The bounded distance is the full one whenever that is within the slips, and `None`
    /// otherwise.
    #[test]
    fn within_slips_is_the_edit_distance_when_it_is_small() {
        let mut random = Lcg(5);
        let alphabet = b"ab-cd";
        for _ in 0..20_000 {
            let word = |random: &mut Lcg| {
                let n = random.below(12);
                (0..n)
                    .map(|_| char::from(alphabet[random.below(alphabet.len())]))
                    .collect::<String>()
            };
            let (a, b) = (word(&mut random), word(&mut random));
            for slips in 1..=3 {
                let full = edit_distance(&a, &b);
                assert_eq!(
                    within_slips(&a, &b, slips),
                    (full <= slips).then_some(full),
                    "{a:?} {b:?} {slips}"
                );
            }
        }
        let long = "a".repeat(160);
        assert_eq!(within_slips(&long, &format!("{long}b"), 1), Some(1));
        assert_eq!(within_slips(&format!("x{long}"), &format!("{long}y"), 3), Some(2));
    }

    /// Every item's key in the tables is the one its slug and title give, so [`nearest`]'s
    /// shortcuts read what the slug holds.
    #[test]
    fn the_tables_key_every_slug_as_it_is() {
        let items = SERVICES
            .iter()
            .chain(&INDUSTRIES)
            .chain(&CASE_STUDIES)
            .map(Item::Page)
            .chain(GUIDES.iter().map(Item::Guide));
        for item in items {
            assert_eq!(*item.key(), SlugKey::of(item.slug(), item.title()), "{}", item.slug());
        }
        let key = SlugKey::of("data-for-data-teams", "Éclair");
        assert_eq!((key.words, key.distinct, key.title_first), (4, false, 0));
        assert_eq!(key.hyphens, [4, 8, 13, 0, 0, 0, 0, 0]);
        assert_eq!(SlugKey::of("ab", "MLOps").bytes, 1 << (b'a' & 63) | 1 << (b'b' & 63));
        assert_eq!(SlugKey::of("ab", "MLOps").title_first, b'm');
    }

    /// A path under a collection is read for its first segment, a `.md` ending aside.
    #[test]
    fn a_path_names_its_collection_and_slug() {
        let slugs = |path| nearest_to_path(path).pages.iter().map(|i| i.slug()).collect::<Vec<_>>();
        assert_eq!(slugs("/services/data-stratgy/"), ["data-strategy"]);
        assert_eq!(slugs("/services/data-stratgy/index.md"), ["data-strategy"]);
        assert_eq!(slugs("/services/data-stratgy.md"), ["data-strategy"]);
        assert!(slugs("/services/").is_empty());
        assert!(slugs("/services/index.md").is_empty());
        assert!(slugs("/nothing/data-strategy/").is_empty());
        assert!(!slugs("/guides/data-qualty").is_empty());
        assert_eq!(slugs("/docs/authentcation/"), ["authentication"]);
    }

    /// A path of one segment is read as a slug of any collection, pages first; a path that
    /// is not slug-like, or has more segments, is read for nothing.
    #[test]
    fn a_path_of_one_segment_is_read_as_any_pages_slug() {
        let slugs = |path| nearest_to_path(path).pages.iter().map(|i| i.slug()).collect::<Vec<_>>();
        for path in ["/mlops/", "/mlops", "/mlops.md", "/mlops/index.md", "/ml-ops/", "/MLOps/"] {
            assert_eq!(slugs(path), ["mlops"], "{path}");
        }
        assert_eq!(slugs("/healthcare/"), ["healthcare"]);
        assert_eq!(slugs("/data-stratgy/"), ["data-strategy"]);
        assert_eq!(slugs("/insurer-claims-triage"), ["insurer-claims-triage"]);
        assert_eq!(slugs("/fix-slow-dashbords/"), ["fix-slow-dashboards"]);
        for path in [
            "/",
            "/index.md",
            "/wp-login.php",
            "/.env",
            "/mlops/x/",
            "/a/b",
            "/xyzzy/",
            "/about/",
            "/team",
            "/jobs/",
        ] {
            assert!(slugs(path).is_empty(), "{path}: {:?}", slugs(path));
        }
    }
}
