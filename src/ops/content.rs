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
    /// The markdown twin: title, description, body and absolute links.
    pub fn markdown(self) -> &'static str {
        let path = match self {
            Item::Page(page) => page.twin_path,
            Item::Guide(guide) => guide.twin_path,
        };
        FIXED.get(path).map_or("", |fixed| fixed.body)
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
        return Err(match meant(pages, slug) {
            Some(meant) => Error::invalid_slug_meant(slug, meant),
            None => Error::invalid_slug(slug),
        });
    }
    pages.iter().find(|page| page.slug == slug).ok_or_else(not_found)
}

/// The slug of the page an invalid slug stands for: the page's name in any case, or its slug
/// with capitals, underscores, spaces or other separators; a percent escape in a path (a space
/// arrives as one) separates words too.
fn meant(pages: &'static [PageRecord], slug: &str) -> Option<&'static str> {
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
    pages
        .iter()
        .find(|page| page.slug == joined || page.name.to_lowercase() == lower.trim())
        .map(|page| page.slug)
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
