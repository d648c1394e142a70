//! The content items: services, industries, case studies, documentation pages, guides, the
//! contact details and categories, and the lookups every surface needs (an item by slug or by
//! URL, and its markdown twin).

use super::error::{Caller, Error};
use crate::model::{FixedJson, GuideRecord, ItemKind, PageRecord, is_slug};
use crate::tables::{
    CASE_STUDIES, CASE_STUDIES_LIST, CATEGORIES_JSON, CONTACT_JSON, DOCS, FIXED, GUIDES,
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
    find(&SERVICES, slug, || Error::service_not_found(slug, caller))
}

/// One case study by slug: `invalid_slug` or `case_study_not_found` (worded for `caller`)
/// otherwise.
pub fn case_study(slug: &str, caller: Caller) -> Result<&'static PageRecord, Error> {
    find(&CASE_STUDIES, slug, || Error::case_study_not_found(slug, caller))
}

fn find(
    pages: &'static [PageRecord],
    slug: &str,
    not_found: impl FnOnce() -> Error,
) -> Result<&'static PageRecord, Error> {
    if !is_slug(slug) {
        return Err(match meant(pages.iter().map(Item::Page), slug) {
            Some(meant) => Error::invalid_slug_meant(slug, meant.slug()),
            None => Error::invalid_slug(slug),
        });
    }
    pages.iter().find(|page| page.slug == slug).ok_or_else(not_found)
}

/// How a typed slug is compared: lower case, with the words it holds (a percent escape in a
/// path, as a space arrives, separates words too) and those words joined by hyphens.
struct Typed {
    lower: String,
    joined: String,
}

impl Typed {
    fn new(slug: &str) -> Typed {
        let mut lower = String::with_capacity(slug.len());
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
        Typed { lower, joined }
    }
}

/// The item a slug stands for: the item's name in any case, or its slug with capitals,
/// underscores, spaces or other separators.
fn meant(items: impl Iterator<Item = Item>, slug: &str) -> Option<Item> {
    exactly(items, &Typed::new(slug))
}

fn exactly(mut items: impl Iterator<Item = Item>, typed: &Typed) -> Option<Item> {
    items.find(|item| {
        item.slug() == typed.joined || item.title().to_lowercase() == typed.lower.trim()
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
pub fn nearest(items: impl Iterator<Item = Item> + Clone, slug: &str) -> Vec<Item> {
    let typed = Typed::new(slug);
    if typed.joined.is_empty() {
        return Vec::new();
    }
    if let Some(item) = exactly(items.clone(), &typed) {
        return vec![item];
    }
    let joined = typed.joined.as_str();
    let typed_len = joined.chars().count();
    let slips = (typed_len / 5).clamp(1, 3);
    let words: Vec<&str> = joined.split('-').collect();
    let mut ranked: Vec<(u8, usize, usize, Item)> = Vec::new();
    for (order, item) in items.enumerate() {
        let slug = item.slug();
        // `long`'s first words, as many as `short` has, are `short` within the slips.
        let starts = |long: &str, short: &str| {
            let n = short.split('-').count();
            let head = long.split('-').take(n).collect::<Vec<_>>().join("-");
            short.len() >= 4
                && long.split('-').count() > n
                && head.len().abs_diff(short.len()) <= slips
                && super::error::edit_distance(short, &head) <= slips
        };
        // Lengths further apart than the slips allow cannot be within them: the distance is
        // only computed for slugs of about the typed length, so a long path costs nothing.
        let distance = (slug.len().abs_diff(typed_len) <= slips)
            .then(|| super::error::edit_distance(joined, slug))
            .filter(|&d| d <= slips);
        let rank = if let Some(d) = distance {
            Some((0, d))
        } else if starts(slug, joined) || starts(joined, slug) {
            Some((1, 0))
        } else if slug.split('-').filter(|w| words.contains(w)).count() == words.len() {
            Some((2, slug.len()))
        } else {
            None
        };
        if let Some((tier, rank)) = rank {
            ranked.push((tier, rank, order, item));
        }
    }
    ranked.sort_by_key(|&(tier, rank, order, _)| (tier, rank, order));
    ranked.into_iter().take(NEAREST_MAX).map(|(.., item)| item).collect()
}

/// The collections of pages a website path can name an item of: its path prefix and its items.
fn collection(path: &str) -> Option<(&'static str, Vec<Item>)> {
    let pages = |prefix, pages: &'static [PageRecord]| {
        path.starts_with(prefix).then(|| (prefix, pages.iter().map(Item::Page).collect()))
    };
    pages("/services/", &SERVICES)
        .or_else(|| pages("/industries/", &INDUSTRIES))
        .or_else(|| pages("/case-studies/", &CASE_STUDIES))
        .or_else(|| {
            path.starts_with("/guides/")
                .then(|| ("/guides/", GUIDES.iter().map(Item::Guide).collect()))
        })
}

/// The pages a missing website path under a collection (`/services/x/`, `/guides/x`, a twin
/// `/guides/x/index.md`, `/industries/x.md`) most plausibly meant: [`nearest`] to the slug
/// its first segment names (a `.md` ending aside). Empty for any other path.
pub fn nearest_to_path(path: &str) -> Vec<Item> {
    let Some((prefix, items)) = collection(path) else { return Vec::new() };
    let rest = &path[prefix.len()..];
    let segment = rest.split('/').next().unwrap_or(rest);
    let slug = segment.strip_suffix(".md").unwrap_or(segment);
    if slug.is_empty() || slug == "index" {
        return Vec::new();
    }
    nearest(items.into_iter(), slug)
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
pub fn lowercase_origin(url: &str) -> std::borrow::Cow<'_, str> {
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
