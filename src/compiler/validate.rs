//! Raw front matter → validated content. Every rule of the content contract lives here, and
//! every violation becomes a [`Diagnostic`] naming the file and the field; one run reports all.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::date::Date;
use super::diagnostic::{Diagnostic, Diagnostics};
use super::front_matter::{
    self, Datetime, Lines, RawAssessment, RawContact, RawGuide, RawPage, RawSite, Spanned,
};
use super::load::{SourceFile, Sources};
use super::model::is_slug;
use super::synonyms::{self, Synonyms};

/// The numbers the content must meet. The real build uses the contract's numbers (see
/// `model.rs`); compiler tests use small fixture trees with their own.
#[derive(Debug, Clone)]
pub struct Expectations {
    pub services: usize,
    pub industries: usize,
    pub case_studies: usize,
    pub guides: usize,
    pub categories: usize,
    pub min_guides_per_category: usize,
    pub questions: usize,
    pub scored_questions: usize,
    pub options: usize,
    pub bands: usize,
    pub pillar_keys: Vec<String>,
    pub guide_min_words: usize,
    pub guide_max_words: usize,
    pub page_min_words: usize,
}

/// A validated service, industry, case study or documentation page.
#[derive(Debug, Clone)]
pub struct Page {
    pub name: String,
    pub slug: String,
    pub description: String,
    /// Last significant change, if the front matter says.
    pub updated: Option<Date>,
    /// An industry's everyday words for its sector (`sector_words`), lowercase; empty for
    /// every other page.
    pub sector_words: Vec<String>,
    /// Other names a reader uses for the page's subject (`other_names`): searched as its
    /// name is (the product server's `search`, the pages a guessed address names), never
    /// shown. Empty for documentation pages.
    pub other_names: Vec<String>,
    pub body: String,
    /// 1-based line of the body's first line in its file, for diagnostics about the body.
    pub body_line: usize,
    /// Where its fields are in its file.
    pub lines: PageLines,
    pub path: PathBuf,
}

/// Where a page's fields are in its file (1-based lines), kept for the checks that run when
/// its text is gone: values two files share, an `updated` after the build date.
#[derive(Debug, Clone, Default)]
pub struct PageLines {
    pub name: usize,
    pub slug: usize,
    pub updated: Option<usize>,
    /// One line for each entry of [`Page::sector_words`], in order.
    pub sector_words: Vec<usize>,
    /// One line for each entry of [`Page::other_names`], in order.
    pub other_names: Vec<usize>,
}

/// Where a guide's fields are in its file (1-based lines); see [`PageLines`].
#[derive(Debug, Clone, Default)]
pub struct GuideLines {
    pub title: usize,
    pub slug: usize,
    pub updated: Option<usize>,
    /// One line for each entry of [`Guide::answers`], in order.
    pub answers: Vec<usize>,
    /// The body's first line.
    pub body: usize,
}

/// A validated guide.
#[derive(Debug, Clone)]
pub struct Guide {
    pub title: String,
    pub slug: String,
    pub description: String,
    pub answers: Vec<String>,
    /// Index into [`Content::categories`].
    pub category: usize,
    pub updated: Option<Date>,
    pub body: String,
    /// Where its fields are in its file.
    pub lines: GuideLines,
    pub path: PathBuf,
}

#[derive(Debug, Clone)]
pub struct Category {
    pub key: String,
    pub name: String,
    pub description: String,
}

#[derive(Debug, Clone)]
pub struct Site {
    pub company: String,
    pub tagline: String,
    pub description: String,
    /// When pages without their own `updated` last changed.
    pub updated: Option<Date>,
    /// The line of `updated` in `site.toml`.
    pub updated_line: Option<usize>,
}

#[derive(Debug, Clone)]
pub struct Contact {
    pub company: String,
    pub location: Option<String>,
    pub email: String,
    pub security_email: String,
    pub how: Option<String>,
    pub note: Option<String>,
    /// How the firm works with a client, one plain statement each (see `RawContact::terms`).
    pub terms: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct Assessment {
    pub title: String,
    pub instructions: Option<String>,
    pub sections: Vec<Section>,
    pub bands: Vec<Band>,
}

#[derive(Debug, Clone)]
pub struct Section {
    pub key: String,
    pub title: String,
    pub desc: Option<String>,
    pub advice: String,
    pub strong_advice: String,
    pub questions: Vec<Question>,
}

#[derive(Debug, Clone)]
pub struct Question {
    pub q: String,
    pub scored: bool,
    pub ctx: Option<String>,
    pub opts: Vec<String>,
}

#[derive(Debug, Clone)]
pub struct Band {
    pub min: u8,
    pub name: String,
    pub summary: Option<String>,
    pub guidance: Vec<String>,
}

/// Everything in `content/`, validated. Lists are in their published order: pages by name,
/// guides by category order then title.
#[derive(Debug, Clone)]
pub struct Content {
    pub site: Site,
    pub contact: Contact,
    pub categories: Vec<Category>,
    pub services: Vec<Page>,
    pub industries: Vec<Page>,
    pub case_studies: Vec<Page>,
    pub docs: Vec<Page>,
    pub guides: Vec<Guide>,
    pub assessment: Assessment,
    /// Checked for shape here; whether the guides use its terms is checked with the index.
    pub synonyms: Synonyms,
    /// `content/synonyms.toml`, for the diagnostics of that later check.
    pub synonyms_file: SourceFile,
    /// `content/social-card.png`, every page's `og:image`.
    pub social_card: super::card::SocialCard,
}

/// Validates every source; returns `None` if anything failed (the reasons are in `diagnostics`).
pub fn validate(
    sources: &Sources,
    expect: &Expectations,
    diagnostics: &mut Diagnostics,
) -> Option<Content> {
    let site = sources.site.as_ref().and_then(|file| site(file, expect, diagnostics));
    let contact = sources.contact.as_ref().and_then(|file| contact(file, diagnostics));
    let assessment =
        sources.assessment.as_ref().and_then(|file| assessment(file, expect, diagnostics));
    let services = pages(&sources.services, "services", Some(expect.services), expect, diagnostics);
    let industries =
        pages(&sources.industries, "industries", Some(expect.industries), expect, diagnostics);
    let case_studies = pages(
        &sources.case_studies,
        "case-studies",
        Some(expect.case_studies),
        expect,
        diagnostics,
    );
    let docs = pages(&sources.docs, "docs", None, expect, diagnostics);
    let synonyms = sources.synonyms.as_ref().and_then(|file| synonyms::validate(file, diagnostics));
    let (site, categories) = site?;
    let guides = guides(&sources.guides, &categories, expect, diagnostics);
    if !diagnostics.is_empty() {
        return None;
    }
    Some(Content {
        site,
        contact: contact?,
        categories,
        services,
        industries,
        case_studies,
        docs,
        guides,
        assessment: assessment?,
        synonyms: synonyms?,
        synonyms_file: sources.synonyms.clone()?,
        social_card: sources.social_card.clone()?,
    })
}

/// Words in a markdown body, counted the way a reader would (whitespace-separated).
pub fn word_count(markdown: &str) -> usize {
    markdown.split_whitespace().filter(|w| w.chars().any(char::is_alphanumeric)).count()
}

/// 1-based line of `key = ...` in `file`, for pointing a diagnostic at a field.
fn line_of_key(file: &SourceFile, key: &str) -> Option<usize> {
    file.text
        .lines()
        .position(|line| {
            let line = line.trim_start();
            line.strip_prefix(key).is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .map(|idx| idx + 1)
}

fn field_error(file: &SourceFile, field: &str, message: impl Into<String>) -> Diagnostic {
    let diagnostic = Diagnostic::new(&file.path, message).field(field);
    match line_of_key(file, field) {
        Some(line) => diagnostic.line(line),
        None => diagnostic,
    }
}

/// A diagnostic at a value's own line: an entry of a list, a field of an array of tables.
fn at_line(file: &SourceFile, line: usize, field: &str, message: impl Into<String>) -> Diagnostic {
    Diagnostic::new(&file.path, message).line(line).field(field)
}

fn require_text(file: &SourceFile, field: &str, value: &str, diagnostics: &mut Diagnostics) {
    if value.trim().is_empty() {
        diagnostics.push(field_error(file, field, "must not be empty"));
    }
}

/// [`require_text`] for a value whose key is not the file's only one of its name.
fn require_text_at(
    file: &SourceFile,
    lines: &Lines<'_>,
    field: &str,
    value: &Spanned<String>,
    diagnostics: &mut Diagnostics,
) {
    if value.get_ref().trim().is_empty() {
        diagnostics.push(at_line(file, lines.of(value), field, "must not be empty"));
    }
}

fn check_slug(file: &SourceFile, slug: &str, diagnostics: &mut Diagnostics) {
    if !is_slug(slug) {
        diagnostics.push(
            field_error(file, "slug", format!("`{slug}` does not match ^[a-z0-9-]+$"))
                .hint("use lowercase letters, digits and hyphens only"),
        );
    }
    let stem = file.path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    if stem != slug {
        diagnostics.push(
            field_error(file, "slug", format!("`{slug}` differs from the file name `{stem}.md`"))
                .hint("name the file after its slug so links and files agree"),
        );
    }
}

/// A date field must be a bare TOML date (`2026-11-02`): no time, no offset.
fn date_field(
    file: &SourceFile,
    lines: &Lines<'_>,
    field: &str,
    raw: Option<&Spanned<Datetime>>,
    diagnostics: &mut Diagnostics,
) -> Option<Date> {
    let spanned = raw?;
    let raw = spanned.get_ref();
    let date = match (raw.date, raw.time, raw.offset) {
        (Some(date), None, None) => Date::new(i32::from(date.year), date.month, date.day),
        _ => None,
    };
    if date.is_none() {
        diagnostics.push(
            at_line(file, lines.of(spanned), field, format!("`{raw}` is not a calendar date"))
                .hint("write a bare TOML date such as `updated = 2026-11-02` (no quotes, no time)"),
        );
    }
    date
}

fn check_description(file: &SourceFile, value: &str, diagnostics: &mut Diagnostics) {
    require_text(file, "description", value, diagnostics);
    if value.chars().count() > 320 {
        diagnostics.push(
            field_error(file, "description", "is longer than 320 characters")
                .hint("keep descriptions to one or two sentences; the body holds the rest"),
        );
    }
}

/// Reports every value used twice (by two files, or twice in one), at the second use's line,
/// naming the first's file and line.
fn check_unique<'a>(
    what: &str,
    items: impl Iterator<Item = (&'a str, &'a Path, usize)>,
    field: &str,
    diagnostics: &mut Diagnostics,
) {
    let mut seen: BTreeMap<String, (&Path, usize)> = BTreeMap::new();
    for (value, path, line) in items {
        let normalised = value.trim().to_lowercase();
        if let Some((first, first_line)) = seen.get(&normalised) {
            diagnostics.push(
                Diagnostic::new(
                    path,
                    format!("{what} `{value}` is already used by {}:{first_line}", first.display()),
                )
                .line(line)
                .field(field),
            );
        } else {
            seen.insert(normalised, (path, line));
        }
    }
}

fn check_count(
    path: &Path,
    what: &str,
    found: usize,
    expected: usize,
    diagnostics: &mut Diagnostics,
) {
    if found != expected {
        diagnostics
            .push(Diagnostic::new(path, format!("expected {expected} {what}, found {found}")));
    }
}

fn pages(
    files: &[SourceFile],
    dir: &str,
    expected: Option<usize>,
    expect: &Expectations,
    diagnostics: &mut Diagnostics,
) -> Vec<Page> {
    let mut pages = Vec::new();
    for file in files {
        let split = match front_matter::split::<RawPage>(file) {
            Ok(split) => split,
            Err(diagnostic) => {
                diagnostics.push(diagnostic);
                continue;
            }
        };
        let (raw, lines) = (split.front, split.lines);
        require_text(file, "name", raw.name.get_ref(), diagnostics);
        check_slug(file, raw.slug.get_ref(), diagnostics);
        check_description(file, &raw.description, diagnostics);
        let words = word_count(split.body);
        if words < expect.page_min_words {
            diagnostics.push(
                Diagnostic::new(
                    &file.path,
                    format!("body has {words} words, fewer than {}", expect.page_min_words),
                )
                .line(split.body_line)
                .field("body"),
            );
        }
        check_body_headings(file, split.body, split.body_line, diagnostics);
        let (sector_words, sector_word_lines) =
            sector_words(file, &lines, dir, raw.sector_words, diagnostics);
        let (other_names, other_name_lines) =
            other_names(file, &lines, dir, raw.other_names, diagnostics);
        let page_lines = PageLines {
            name: lines.of(&raw.name),
            slug: lines.of(&raw.slug),
            updated: raw.updated.as_ref().map(|updated| lines.of(updated)),
            sector_words: sector_word_lines,
            other_names: other_name_lines,
        };
        pages.push(Page {
            name: raw.name.get_ref().trim().to_string(),
            slug: raw.slug.into_inner(),
            description: raw.description.trim().to_string(),
            updated: date_field(file, &lines, "updated", raw.updated.as_ref(), diagnostics),
            sector_words,
            other_names,
            body: split.body.to_string(),
            body_line: split.body_line,
            lines: page_lines,
            path: file.path.clone(),
        });
    }
    check_unique(
        "slug",
        pages.iter().map(|p| (p.slug.as_str(), p.path.as_path(), p.lines.slug)),
        "slug",
        diagnostics,
    );
    check_unique(
        "name",
        pages.iter().map(|p| (p.name.as_str(), p.path.as_path(), p.lines.name)),
        "name",
        diagnostics,
    );
    // A sector word names one industry: "banks" cannot be read as two.
    check_unique(
        "sector word",
        pages.iter().flat_map(|p| {
            let lines = p.lines.sector_words.iter().copied();
            p.sector_words.iter().zip(lines).map(|(w, line)| (w.as_str(), p.path.as_path(), line))
        }),
        "sector_words",
        diagnostics,
    );
    // An other name names one page: "llm" cannot be two services.
    check_unique(
        "other name",
        pages.iter().flat_map(|p| {
            let lines = p.lines.other_names.iter().copied();
            p.other_names.iter().zip(lines).map(|(w, line)| (w.as_str(), p.path.as_path(), line))
        }),
        "other_names",
        diagnostics,
    );
    // Every file counts, read or not: one the build could not read is reported once, for
    // what is wrong in it, not again as a page missing from the count.
    if let (Some(expected), Some(first)) = (expected, files.first()) {
        let dir_path = first.path.parent().unwrap_or(Path::new(dir));
        check_count(dir_path, &format!("{dir} pages"), files.len(), expected, diagnostics);
    } else if let Some(expected) = expected.filter(|&n| n > 0) {
        check_count(Path::new(dir), &format!("{dir} pages"), 0, expected, diagnostics);
    }
    pages.sort_by_key(|page| page.name.to_lowercase());
    pages
}

/// An industry page's `sector_words`: each one word of lowercase ASCII letters (the answer
/// engine compares them with a question's words as written), none twice. Only industry
/// pages have them.
/// Returns the words kept and the line of each.
fn sector_words(
    file: &SourceFile,
    lines: &Lines<'_>,
    dir: &str,
    words: Option<Vec<Spanned<String>>>,
    diagnostics: &mut Diagnostics,
) -> (Vec<String>, Vec<usize>) {
    let Some(words) = words else { return (Vec::new(), Vec::new()) };
    if dir != "industries" {
        diagnostics.push(field_error(
            file,
            "sector_words",
            "only industry pages have sector words",
        ));
        return (Vec::new(), Vec::new());
    }
    let mut kept: Vec<String> = Vec::with_capacity(words.len());
    let mut kept_lines = Vec::with_capacity(words.len());
    for spanned in words {
        let line = lines.of(&spanned);
        let word = spanned.into_inner();
        if word.is_empty() || !word.bytes().all(|b| b.is_ascii_lowercase()) {
            diagnostics.push(at_line(
                file,
                line,
                "sector_words",
                format!("sector word `{word}` is not one word of lowercase letters a-z"),
            ));
        } else if kept.contains(&word) {
            diagnostics.push(at_line(
                file,
                line,
                "sector_words",
                format!("sector word `{word}` is listed twice"),
            ));
        } else {
            kept.push(word);
            kept_lines.push(line);
        }
    }
    (kept, kept_lines)
}

/// A page's `other_names`: each one to [`OTHER_NAME_WORDS_MAX`] words of ASCII letters and
/// digits (a hyphen may join them), written as a reader types it, none twice on a page (case
/// aside). Services, industries and case studies have them; documentation pages are found
/// by their words.
fn other_names(
    file: &SourceFile,
    lines: &Lines<'_>,
    dir: &str,
    names: Option<Vec<Spanned<String>>>,
    diagnostics: &mut Diagnostics,
) -> (Vec<String>, Vec<usize>) {
    let Some(names) = names else { return (Vec::new(), Vec::new()) };
    if !matches!(dir, "services" | "industries" | "case-studies") {
        diagnostics.push(field_error(
            file,
            "other_names",
            "only services, industries and case studies have other names",
        ));
        return (Vec::new(), Vec::new());
    }
    let mut kept: Vec<String> = Vec::with_capacity(names.len());
    let mut kept_lines = Vec::with_capacity(names.len());
    for spanned in names {
        let line = lines.of(&spanned);
        let name = spanned.into_inner();
        let words: Vec<&str> = name.split(' ').collect();
        let word_ok = |word: &&str| {
            !word.is_empty()
                && word.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && !word.starts_with('-')
                && !word.ends_with('-')
        };
        if words.len() > OTHER_NAME_WORDS_MAX || !words.iter().all(word_ok) {
            diagnostics.push(
                at_line(
                    file,
                    line,
                    "other_names",
                    format!(
                        "other name `{name}` is not 1 to {OTHER_NAME_WORDS_MAX} words of letters and digits, one space apart"
                    ),
                ),
            );
        } else if kept.iter().any(|k| k.eq_ignore_ascii_case(&name)) {
            diagnostics.push(at_line(
                file,
                line,
                "other_names",
                format!("other name `{name}` is listed twice"),
            ));
        } else {
            kept.push(name);
            kept_lines.push(line);
        }
    }
    (kept, kept_lines)
}

/// The most words an other name has: a reader's name for a subject is short ("chief data
/// officer").
const OTHER_NAME_WORDS_MAX: usize = 4;

/// The title is rendered from front matter, so a body must not carry its own `#` heading.
fn check_body_headings(
    file: &SourceFile,
    body: &str,
    body_line: usize,
    diagnostics: &mut Diagnostics,
) {
    let mut in_code = false;
    for (idx, line) in body.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        }
        if !in_code && (line.starts_with("# ") || line == "#") {
            diagnostics.push(
                Diagnostic::new(&file.path, "the body has a level-1 heading")
                    .line(body_line + idx)
                    .field("body")
                    .hint("the page title comes from front matter; start body headings at `##`"),
            );
        }
    }
}

fn site(
    file: &SourceFile,
    expect: &Expectations,
    diagnostics: &mut Diagnostics,
) -> Option<(Site, Vec<Category>)> {
    let (raw, lines): (RawSite, _) = match front_matter::parse_file(file) {
        Ok(parsed) => parsed,
        Err(diagnostic) => {
            diagnostics.push(diagnostic);
            return None;
        }
    };
    require_text(file, "company", &raw.company, diagnostics);
    require_text(file, "tagline", &raw.tagline, diagnostics);
    require_text(file, "description", &raw.description, diagnostics);
    let mut categories = Vec::new();
    let mut key_lines = Vec::new();
    let mut name_lines = Vec::new();
    let first_category_line = raw.categories.first().map(|category| lines.of(category));
    for category in raw.categories {
        let category = category.into_inner();
        if !is_slug(category.key.get_ref()) {
            diagnostics.push(at_line(
                file,
                lines.of(&category.key),
                "categories.key",
                format!("category key `{}` does not match ^[a-z0-9-]+$", category.key.get_ref()),
            ));
        }
        require_text_at(file, &lines, "categories.name", &category.name, diagnostics);
        require_text_at(file, &lines, "categories.description", &category.description, diagnostics);
        key_lines.push(lines.of(&category.key));
        name_lines.push(lines.of(&category.name));
        categories.push(Category {
            key: category.key.into_inner(),
            name: category.name.get_ref().trim().to_string(),
            description: category.description.into_inner(),
        });
    }
    check_unique(
        "category key",
        categories
            .iter()
            .zip(&key_lines)
            .map(|(c, &line)| (c.key.as_str(), file.path.as_path(), line)),
        "categories.key",
        diagnostics,
    );
    check_unique(
        "category name",
        categories
            .iter()
            .zip(&name_lines)
            .map(|(c, &line)| (c.name.as_str(), file.path.as_path(), line)),
        "categories.name",
        diagnostics,
    );
    if categories.len() != expect.categories {
        // At the first category: the list is where one goes or comes out.
        let diagnostic = field_error(
            file,
            "categories",
            format!("expected {} categories, found {}", expect.categories, categories.len()),
        );
        diagnostics.push(match first_category_line {
            Some(line) => diagnostic.line(line),
            None => diagnostic,
        });
    }
    let site = Site {
        company: raw.company,
        tagline: raw.tagline,
        description: raw.description,
        updated: date_field(file, &lines, "updated", raw.updated.as_ref(), diagnostics),
        updated_line: raw.updated.as_ref().map(|updated| lines.of(updated)),
    };
    Some((site, categories))
}

fn contact(file: &SourceFile, diagnostics: &mut Diagnostics) -> Option<Contact> {
    let (raw, lines): (RawContact, _) = match front_matter::parse_file(file) {
        Ok(parsed) => parsed,
        Err(diagnostic) => {
            diagnostics.push(diagnostic);
            return None;
        }
    };
    require_text(file, "company", &raw.company, diagnostics);
    for (field, email) in [("email", &raw.email), ("security_email", &raw.security_email)] {
        if !is_reserved_email(email) {
            diagnostics.push(
                field_error(
                    file,
                    field,
                    format!("`{email}` is not an address at a reserved example domain"),
                )
                .hint("use an address at example.com or a `.example` domain (RFC 2606)"),
            );
        }
    }
    for term in &raw.terms {
        require_text_at(file, &lines, "terms", term, diagnostics);
    }
    Some(Contact {
        company: raw.company,
        location: raw.location,
        email: raw.email,
        security_email: raw.security_email,
        how: raw.how,
        note: raw.note,
        terms: raw.terms.into_iter().map(Spanned::into_inner).collect(),
    })
}

/// Whether `email` is `local@domain` with the domain reserved for examples (RFC 2606).
pub fn is_reserved_email(email: &str) -> bool {
    let Some((local, domain)) = email.split_once('@') else { return false };
    let domain = domain.to_ascii_lowercase();
    !local.is_empty()
        && !local.contains(char::is_whitespace)
        && (domain.ends_with(".example")
            || ["example.com", "example.org", "example.net"]
                .iter()
                .any(|d| domain == *d || domain.ends_with(&format!(".{d}"))))
}

fn assessment(
    file: &SourceFile,
    expect: &Expectations,
    diagnostics: &mut Diagnostics,
) -> Option<Assessment> {
    let (raw, lines): (RawAssessment, _) = match front_matter::parse_file(file) {
        Ok(parsed) => parsed,
        Err(diagnostic) => {
            diagnostics.push(diagnostic);
            return None;
        }
    };
    let before = diagnostics.list.len();
    require_text(file, "title", &raw.title, diagnostics);
    let keys: Vec<&str> = raw.sections.iter().map(|s| s.key.get_ref().as_str()).collect();
    if keys != expect.pillar_keys.iter().map(String::as_str).collect::<Vec<_>>() {
        // At the first key out of place (the first section if one is missing at the end).
        let wrong = raw
            .sections
            .iter()
            .zip(&expect.pillar_keys)
            .find(|(section, key)| section.key.get_ref() != *key)
            .map(|(section, _)| section)
            .or(raw.sections.last());
        let diagnostic = Diagnostic::new(&file.path, format!("sections are keyed {keys:?}"));
        let diagnostic = match wrong {
            Some(section) => diagnostic.line(lines.of(&section.key)),
            None => diagnostic,
        };
        diagnostics.push(
            diagnostic.field("sections.key").hint(format!(
                "the sections must be keyed {:?}, in that order",
                expect.pillar_keys
            )),
        );
    }
    let mut sections = Vec::new();
    let (mut n_questions, mut n_scored) = (0, 0);
    let mut section_lines = Vec::new();
    // Counts of questions name the list's first entry, as the other counts in a file do; too
    // many unscored questions name the first `scored = false` past the expected number.
    let (mut first_question_line, mut unscored_lines) = (None, Vec::new());
    for raw_section in raw.sections {
        require_text_at(file, &lines, "sections.title", &raw_section.title, diagnostics);
        require_text_at(file, &lines, "sections.advice", &raw_section.advice, diagnostics);
        let strong_advice = &raw_section.strong_advice;
        require_text_at(file, &lines, "sections.strong_advice", strong_advice, diagnostics);
        section_lines.push(lines.of(&raw_section.key));
        let mut questions = Vec::new();
        for raw_question in raw_section.questions {
            n_questions += 1;
            first_question_line.get_or_insert(lines.of(&raw_question.q));
            let scored = raw_question.scored.as_ref().is_none_or(|scored| *scored.get_ref());
            if !scored {
                unscored_lines.extend(raw_question.scored.as_ref().map(|value| lines.of(value)));
            }
            n_scored += usize::from(scored);
            if raw_question.opts.get_ref().len() != expect.options {
                diagnostics.push(at_line(
                    file,
                    lines.of(&raw_question.opts),
                    "sections.questions.opts",
                    format!(
                        "question `{}` has {} options, expected {}",
                        raw_question.q.get_ref(),
                        raw_question.opts.get_ref().len(),
                        expect.options
                    ),
                ));
            }
            require_text_at(file, &lines, "sections.questions.q", &raw_question.q, diagnostics);
            questions.push(Question {
                q: raw_question.q.into_inner(),
                scored,
                ctx: raw_question.ctx,
                opts: raw_question.opts.into_inner(),
            });
        }
        sections.push(Section {
            key: raw_section.key.into_inner(),
            title: raw_section.title.into_inner(),
            desc: raw_section.desc,
            advice: raw_section.advice.into_inner(),
            strong_advice: raw_section.strong_advice.into_inner(),
            questions,
        });
    }
    if n_questions != expect.questions {
        let diagnostic = Diagnostic::new(
            &file.path,
            format!("expected {} questions, found {n_questions}", expect.questions),
        );
        let diagnostic = match first_question_line {
            Some(line) => diagnostic.line(line),
            None => diagnostic,
        };
        diagnostics.push(diagnostic.field("sections.questions"));
    }
    if n_scored != expect.scored_questions {
        let expected_unscored = expect.questions.saturating_sub(expect.scored_questions);
        let line = if n_scored < expect.scored_questions {
            unscored_lines.get(expected_unscored).copied().or(first_question_line)
        } else {
            first_question_line
        };
        let diagnostic = Diagnostic::new(
            &file.path,
            format!("expected {} scored questions, found {n_scored}", expect.scored_questions),
        );
        let diagnostic = match line {
            Some(line) => diagnostic.line(line),
            None => diagnostic,
        };
        diagnostics.push(
            diagnostic
                .field("scored")
                .hint("mark exactly the sizing question(s) with `scored = false`"),
        );
    }
    for (section, &line) in sections.iter().zip(&section_lines) {
        if !section.questions.iter().any(|q| q.scored) {
            diagnostics.push(
                at_line(
                    file,
                    line,
                    "sections.questions",
                    format!("section `{}` has no scored question", section.key),
                )
                .hint("every pillar needs a scored question to have an average"),
            );
        }
    }
    let mut bands = Vec::new();
    let mut min_lines = Vec::new();
    let first_band_line = raw.bands.first().map(|band| lines.of(band));
    for raw_band in raw.bands {
        let raw_band = raw_band.into_inner();
        require_text_at(file, &lines, "bands.name", &raw_band.name, diagnostics);
        let name = raw_band.name.into_inner();
        if raw_band.guidance.get_ref().is_empty() {
            diagnostics.push(at_line(
                file,
                lines.of(&raw_band.guidance),
                "guidance",
                format!("band `{name}` has no guidance"),
            ));
        }
        let min_line = lines.of(&raw_band.min);
        let min = raw_band.min.into_inner();
        let valid_min = min.fract() == 0.0 && (0.0..=100.0).contains(&min);
        if !valid_min {
            diagnostics.push(
                at_line(file, min_line, "min", format!("band `{name}` has min {min}"))
                    .hint("`min` is a whole-number threshold on the 0-100 score"),
            );
        }
        min_lines.push(min_line);
        bands.push(Band {
            min: if valid_min { min as u8 } else { 0 },
            name,
            summary: raw_band.summary,
            guidance: raw_band.guidance.into_inner(),
        });
    }
    if bands.len() != expect.bands {
        // At the first band, as a category count is at the first category.
        let diagnostic = field_error(
            file,
            "bands",
            format!("expected {} bands, found {}", expect.bands, bands.len()),
        );
        diagnostics.push(match first_band_line {
            Some(line) => diagnostic.line(line),
            None => diagnostic,
        });
    }
    if let (Some(band), Some(&line)) = (bands.first(), min_lines.first())
        && band.min != 0
    {
        diagnostics.push(at_line(
            file,
            line,
            "min",
            "the first band must start at min = 0 so every score has a band",
        ));
    }
    if let Some(idx) = bands.windows(2).position(|pair| pair[0].min >= pair[1].min) {
        let (before, after) = (bands[idx].min, bands[idx + 1].min);
        let message = format!(
            "band thresholds must be strictly ascending: band {} has min = {after}, not above the {before} before it",
            idx + 2
        );
        // The band that breaks the order, not the first `min` in the file.
        diagnostics.push(at_line(file, min_lines[idx + 1], "min", message));
    }
    (diagnostics.list.len() == before).then_some(Assessment {
        title: raw.title,
        instructions: raw.instructions,
        sections,
        bands,
    })
}

fn guides(
    files: &[(String, SourceFile)],
    categories: &[Category],
    expect: &Expectations,
    diagnostics: &mut Diagnostics,
) -> Vec<Guide> {
    let mut guides = Vec::new();
    // A directory that names no category is reported once, as the directory, with how many
    // guides it holds: the guides in it are not at fault, its name (or site.toml) is.
    let mut undefined: BTreeMap<&str, (&Path, usize)> = BTreeMap::new();
    for (category_key, file) in files {
        let split = front_matter::split::<RawGuide>(file);
        let Some(category) = categories.iter().position(|c| &c.key == category_key) else {
            let dir = file.path.parent().unwrap_or(&file.path);
            undefined.entry(category_key).or_insert((dir, 0)).1 += 1;
            if let Err(diagnostic) = split {
                diagnostics.push(diagnostic);
            }
            continue;
        };
        let split = match split {
            Ok(split) => split,
            Err(diagnostic) => {
                diagnostics.push(diagnostic);
                continue;
            }
        };
        let (raw, lines) = (split.front, split.lines);
        require_text(file, "title", raw.title.get_ref(), diagnostics);
        check_slug(file, raw.slug.get_ref(), diagnostics);
        check_description(file, &raw.description, diagnostics);
        if !(2..=5).contains(&raw.answers.len()) {
            diagnostics.push(field_error(
                file,
                "answers",
                format!("has {} questions; a guide answers 2 to 5", raw.answers.len()),
            ));
        }
        for answer in &raw.answers {
            if !answer.get_ref().trim_end().ends_with('?') {
                diagnostics.push(at_line(
                    file,
                    lines.of(answer),
                    "answers",
                    format!("`{}` is not a question ending in `?`", answer.get_ref()),
                ));
            }
        }
        let words = word_count(split.body);
        if words < expect.guide_min_words || words > expect.guide_max_words {
            diagnostics.push(
                Diagnostic::new(
                    &file.path,
                    format!(
                        "body has {words} words; a guide has {} to {}",
                        expect.guide_min_words, expect.guide_max_words
                    ),
                )
                .line(split.body_line)
                .field("body"),
            );
        }
        check_body_headings(file, split.body, split.body_line, diagnostics);
        let guide_lines = GuideLines {
            title: lines.of(&raw.title),
            slug: lines.of(&raw.slug),
            updated: raw.updated.as_ref().map(|updated| lines.of(updated)),
            answers: raw.answers.iter().map(|answer| lines.of(answer)).collect(),
            body: split.body_line,
        };
        guides.push(Guide {
            title: raw.title.get_ref().trim().to_string(),
            slug: raw.slug.into_inner(),
            description: raw.description.trim().to_string(),
            answers: raw.answers.iter().map(|a| a.get_ref().trim().to_string()).collect(),
            category,
            updated: date_field(file, &lines, "updated", raw.updated.as_ref(), diagnostics),
            body: split.body.to_string(),
            lines: guide_lines,
            path: file.path.clone(),
        });
    }
    let defined: Vec<&str> = categories.iter().map(|c| c.key.as_str()).collect();
    for (key, (dir, n)) in undefined {
        diagnostics.push(
            Diagnostic::new(
                dir,
                format!(
                    "no category has the key `{key}`: {}",
                    if n == 1 {
                        "the guide in it has no category".to_string()
                    } else {
                        format!("the {n} guides in it have no category")
                    }
                ),
            )
            .hint(format!(
                "a guide's directory names its category: use one of {} (content/site.toml's `categories`) or add it there",
                defined.join(", ")
            )),
        );
    }
    check_unique(
        "slug",
        guides.iter().map(|g| (g.slug.as_str(), g.path.as_path(), g.lines.slug)),
        "slug",
        diagnostics,
    );
    check_unique(
        "title",
        guides.iter().map(|g| (g.title.as_str(), g.path.as_path(), g.lines.title)),
        "title",
        diagnostics,
    );
    check_unique(
        "answer question",
        guides.iter().flat_map(|g| {
            let lines = g.lines.answers.iter().copied();
            g.answers.iter().zip(lines).map(|(a, line)| (a.as_str(), g.path.as_path(), line))
        }),
        "answers",
        diagnostics,
    );
    let root =
        files.first().and_then(|(_, f)| f.path.parent()?.parent()).unwrap_or(Path::new("guides"));
    // Every file counts, read or not (see `pages`).
    check_count(root, "guides", files.len(), expect.guides, diagnostics);
    for (idx, category) in categories.iter().enumerate() {
        let n = guides.iter().filter(|g| g.category == idx).count();
        if n < expect.min_guides_per_category {
            diagnostics.push(Diagnostic::new(
                &root.join(&category.key),
                format!(
                    "category `{}` has {n} {}, fewer than {}",
                    category.key,
                    if n == 1 { "guide" } else { "guides" },
                    expect.min_guides_per_category
                ),
            ));
        }
    }
    guides.sort_by(|a, b| {
        a.category
            .cmp(&b.category)
            .then_with(|| a.title.to_lowercase().cmp(&b.title.to_lowercase()))
    });
    guides
}

/// An `updated` date after the build date is a typo or a wrong clock; either way the sitemap
/// would claim a change that has not happened.
pub fn check_dates_not_after(
    root: &Path,
    content: &Content,
    build_date: Date,
    diagnostics: &mut Diagnostics,
) {
    let site_path = root.join("site.toml");
    let site = std::iter::once((content.site.updated, content.site.updated_line, &*site_path));
    let pages = [&content.services, &content.industries, &content.case_studies, &content.docs]
        .into_iter()
        .flatten()
        .map(|page| (page.updated, page.lines.updated, page.path.as_path()));
    let guides = content
        .guides
        .iter()
        .map(|guide| (guide.updated, guide.lines.updated, guide.path.as_path()));
    for (updated, line, path) in site.chain(pages).chain(guides) {
        if let Some(date) = updated.filter(|date| *date > build_date) {
            let diagnostic = Diagnostic::new(
                path,
                format!("updated {date} is after the build date {build_date}"),
            );
            diagnostics.push(
                match line {
                    Some(line) => diagnostic.line(line),
                    None => diagnostic,
                }
                .field("updated")
                .hint(
                    "use the date of the change; set SOURCE_DATE_EPOCH if the build clock is wrong",
                ),
            );
        }
    }
}
