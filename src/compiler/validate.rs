//! Raw front matter → validated content. Every rule of the content contract lives here, and
//! every violation becomes a [`Diagnostic`] naming the file and the field; one run reports all.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::date::Date;
use super::diagnostic::{Diagnostic, Diagnostics};
use super::front_matter::{self, Datetime, RawAssessment, RawContact, RawGuide, RawPage, RawSite};
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
    pub path: PathBuf,
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

/// 1-based line of the `n`th (from 0) `key = ...` in `file`: a field of an array of tables.
fn nth_line_of_key(file: &SourceFile, key: &str, n: usize) -> Option<usize> {
    file.text
        .lines()
        .enumerate()
        .filter(|(_, line)| {
            let line = line.trim_start();
            line.strip_prefix(key).is_some_and(|rest| rest.trim_start().starts_with('='))
        })
        .nth(n)
        .map(|(idx, _)| idx + 1)
}

fn field_error(file: &SourceFile, field: &str, message: impl Into<String>) -> Diagnostic {
    let diagnostic = Diagnostic::new(&file.path, message).field(field);
    match line_of_key(file, field) {
        Some(line) => diagnostic.line(line),
        None => diagnostic,
    }
}

fn require_text(file: &SourceFile, field: &str, value: &str, diagnostics: &mut Diagnostics) {
    if value.trim().is_empty() {
        diagnostics.push(field_error(file, field, "must not be empty"));
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
    field: &str,
    raw: Option<Datetime>,
    diagnostics: &mut Diagnostics,
) -> Option<Date> {
    let raw = raw?;
    let date = match (raw.date, raw.time, raw.offset) {
        (Some(date), None, None) => Date::new(i32::from(date.year), date.month, date.day),
        _ => None,
    };
    if date.is_none() {
        diagnostics
            .push(field_error(file, field, format!("`{raw}` is not a calendar date")).hint(
                "write a bare TOML date such as `updated = 2026-11-02` (no quotes, no time)",
            ));
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

/// Reports every slug used by two files, naming both.
fn check_unique<'a>(
    what: &str,
    items: impl Iterator<Item = (&'a str, &'a Path)>,
    field: &str,
    diagnostics: &mut Diagnostics,
) {
    let mut seen: BTreeMap<String, &Path> = BTreeMap::new();
    for (value, path) in items {
        let normalised = value.trim().to_lowercase();
        if let Some(first) = seen.get(&normalised) {
            diagnostics.push(
                Diagnostic::new(
                    path,
                    format!("{what} `{value}` is already used by {}", first.display()),
                )
                .field(field),
            );
        } else {
            seen.insert(normalised, path);
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
        let raw = split.front;
        require_text(file, "name", &raw.name, diagnostics);
        check_slug(file, &raw.slug, diagnostics);
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
        let sector_words = sector_words(file, dir, raw.sector_words, diagnostics);
        let other_names = other_names(file, dir, raw.other_names, diagnostics);
        pages.push(Page {
            name: raw.name.trim().to_string(),
            slug: raw.slug,
            description: raw.description.trim().to_string(),
            updated: date_field(file, "updated", raw.updated, diagnostics),
            sector_words,
            other_names,
            body: split.body.to_string(),
            body_line: split.body_line,
            path: file.path.clone(),
        });
    }
    check_unique(
        "slug",
        pages.iter().map(|p| (p.slug.as_str(), p.path.as_path())),
        "slug",
        diagnostics,
    );
    check_unique(
        "name",
        pages.iter().map(|p| (p.name.as_str(), p.path.as_path())),
        "name",
        diagnostics,
    );
    // A sector word names one industry: "banks" cannot be read as two.
    check_unique(
        "sector word",
        pages.iter().flat_map(|p| p.sector_words.iter().map(|w| (w.as_str(), p.path.as_path()))),
        "sector_words",
        diagnostics,
    );
    // An other name names one page: "llm" cannot be two services.
    check_unique(
        "other name",
        pages.iter().flat_map(|p| p.other_names.iter().map(|w| (w.as_str(), p.path.as_path()))),
        "other_names",
        diagnostics,
    );
    if let (Some(expected), Some(first)) = (expected, files.first()) {
        let dir_path = first.path.parent().unwrap_or(Path::new(dir));
        check_count(dir_path, &format!("{dir} pages"), pages.len(), expected, diagnostics);
    } else if let Some(expected) = expected.filter(|&n| n > 0) {
        check_count(Path::new(dir), &format!("{dir} pages"), 0, expected, diagnostics);
    }
    pages.sort_by_key(|page| page.name.to_lowercase());
    pages
}

/// An industry page's `sector_words`: each one word of lowercase ASCII letters (the answer
/// engine compares them with a question's words as written), none twice. Only industry
/// pages have them.
fn sector_words(
    file: &SourceFile,
    dir: &str,
    words: Option<Vec<String>>,
    diagnostics: &mut Diagnostics,
) -> Vec<String> {
    let Some(words) = words else { return Vec::new() };
    if dir != "industries" {
        diagnostics.push(field_error(
            file,
            "sector_words",
            "only industry pages have sector words",
        ));
        return Vec::new();
    }
    let mut kept: Vec<String> = Vec::with_capacity(words.len());
    for word in words {
        if word.is_empty() || !word.bytes().all(|b| b.is_ascii_lowercase()) {
            diagnostics.push(field_error(
                file,
                "sector_words",
                format!("sector word `{word}` is not one word of lowercase letters a-z"),
            ));
        } else if kept.contains(&word) {
            diagnostics.push(field_error(
                file,
                "sector_words",
                format!("sector word `{word}` is listed twice"),
            ));
        } else {
            kept.push(word);
        }
    }
    kept
}

/// A page's `other_names`: each one to [`OTHER_NAME_WORDS_MAX`] words of ASCII letters and
/// digits (a hyphen may join them), written as a reader types it, none twice on a page (case
/// aside). Services, industries and case studies have them; documentation pages are found
/// by their words.
fn other_names(
    file: &SourceFile,
    dir: &str,
    names: Option<Vec<String>>,
    diagnostics: &mut Diagnostics,
) -> Vec<String> {
    let Some(names) = names else { return Vec::new() };
    if !matches!(dir, "services" | "industries" | "case-studies") {
        diagnostics.push(field_error(
            file,
            "other_names",
            "only services, industries and case studies have other names",
        ));
        return Vec::new();
    }
    let mut kept: Vec<String> = Vec::with_capacity(names.len());
    for name in names {
        let words: Vec<&str> = name.split(' ').collect();
        let word_ok = |word: &&str| {
            !word.is_empty()
                && word.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
                && !word.starts_with('-')
                && !word.ends_with('-')
        };
        if words.len() > OTHER_NAME_WORDS_MAX || !words.iter().all(word_ok) {
            diagnostics.push(
                field_error(
                    file,
                    "other_names",
                    format!(
                        "other name `{name}` is not 1 to {OTHER_NAME_WORDS_MAX} words of letters and digits, one space apart"
                    ),
                ),
            );
        } else if kept.iter().any(|k| k.eq_ignore_ascii_case(&name)) {
            diagnostics.push(field_error(
                file,
                "other_names",
                format!("other name `{name}` is listed twice"),
            ));
        } else {
            kept.push(name);
        }
    }
    kept
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
    let raw: RawSite = match front_matter::parse_file(file) {
        Ok(raw) => raw,
        Err(diagnostic) => {
            diagnostics.push(diagnostic);
            return None;
        }
    };
    require_text(file, "company", &raw.company, diagnostics);
    require_text(file, "tagline", &raw.tagline, diagnostics);
    require_text(file, "description", &raw.description, diagnostics);
    let mut categories = Vec::new();
    for category in raw.categories {
        if !is_slug(&category.key) {
            diagnostics.push(field_error(
                file,
                "key",
                format!("category key `{}` does not match ^[a-z0-9-]+$", category.key),
            ));
        }
        require_text(file, "name", &category.name, diagnostics);
        require_text(file, "description", &category.description, diagnostics);
        categories.push(Category {
            key: category.key,
            name: category.name.trim().to_string(),
            description: category.description,
        });
    }
    check_unique(
        "category key",
        categories.iter().map(|c| (c.key.as_str(), file.path.as_path())),
        "categories.key",
        diagnostics,
    );
    check_unique(
        "category name",
        categories.iter().map(|c| (c.name.as_str(), file.path.as_path())),
        "categories.name",
        diagnostics,
    );
    if categories.len() != expect.categories {
        diagnostics.push(field_error(
            file,
            "categories",
            format!("expected {} categories, found {}", expect.categories, categories.len()),
        ));
    }
    let site = Site {
        company: raw.company,
        tagline: raw.tagline,
        description: raw.description,
        updated: date_field(file, "updated", raw.updated, diagnostics),
    };
    Some((site, categories))
}

fn contact(file: &SourceFile, diagnostics: &mut Diagnostics) -> Option<Contact> {
    let raw: RawContact = match front_matter::parse_file(file) {
        Ok(raw) => raw,
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
        require_text(file, "terms", term, diagnostics);
    }
    Some(Contact {
        company: raw.company,
        location: raw.location,
        email: raw.email,
        security_email: raw.security_email,
        how: raw.how,
        note: raw.note,
        terms: raw.terms,
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
    let raw: RawAssessment = match front_matter::parse_file(file) {
        Ok(raw) => raw,
        Err(diagnostic) => {
            diagnostics.push(diagnostic);
            return None;
        }
    };
    let before = diagnostics.list.len();
    require_text(file, "title", &raw.title, diagnostics);
    let keys: Vec<&str> = raw.sections.iter().map(|s| s.key.as_str()).collect();
    if keys != expect.pillar_keys.iter().map(String::as_str).collect::<Vec<_>>() {
        diagnostics.push(
            field_error(file, "key", format!("sections are keyed {keys:?}"))
                .field("sections.key")
                .hint(format!(
                    "the sections must be keyed {:?}, in that order",
                    expect.pillar_keys
                )),
        );
    }
    let mut sections = Vec::new();
    let (mut n_questions, mut n_scored) = (0, 0);
    for raw_section in raw.sections {
        require_text(file, "title", &raw_section.title, diagnostics);
        require_text(file, "advice", &raw_section.advice, diagnostics);
        require_text(file, "strong_advice", &raw_section.strong_advice, diagnostics);
        let mut questions = Vec::new();
        for raw_question in raw_section.questions {
            n_questions += 1;
            let scored = raw_question.scored.unwrap_or(true);
            n_scored += usize::from(scored);
            if raw_question.opts.len() != expect.options {
                diagnostics.push(
                    Diagnostic::new(
                        &file.path,
                        format!(
                            "question `{}` has {} options, expected {}",
                            raw_question.q,
                            raw_question.opts.len(),
                            expect.options
                        ),
                    )
                    .field("sections.questions.opts"),
                );
            }
            require_text(file, "q", &raw_question.q, diagnostics);
            questions.push(Question {
                q: raw_question.q,
                scored,
                ctx: raw_question.ctx,
                opts: raw_question.opts,
            });
        }
        sections.push(Section {
            key: raw_section.key,
            title: raw_section.title,
            desc: raw_section.desc,
            advice: raw_section.advice,
            strong_advice: raw_section.strong_advice,
            questions,
        });
    }
    if n_questions != expect.questions {
        diagnostics.push(
            Diagnostic::new(
                &file.path,
                format!("expected {} questions, found {n_questions}", expect.questions),
            )
            .field("sections.questions"),
        );
    }
    if n_scored != expect.scored_questions {
        diagnostics.push(
            Diagnostic::new(
                &file.path,
                format!("expected {} scored questions, found {n_scored}", expect.scored_questions),
            )
            .field("scored")
            .hint("mark exactly the sizing question(s) with `scored = false`"),
        );
    }
    for section in &sections {
        if !section.questions.iter().any(|q| q.scored) {
            diagnostics.push(
                Diagnostic::new(
                    &file.path,
                    format!("section `{}` has no scored question", section.key),
                )
                .field("sections.questions")
                .hint("every pillar needs a scored question to have an average"),
            );
        }
    }
    let mut bands = Vec::new();
    for raw_band in raw.bands {
        require_text(file, "name", &raw_band.name, diagnostics);
        if raw_band.guidance.is_empty() {
            diagnostics.push(field_error(
                file,
                "guidance",
                format!("band `{}` has no guidance", raw_band.name),
            ));
        }
        let valid_min = raw_band.min.fract() == 0.0 && (0.0..=100.0).contains(&raw_band.min);
        if !valid_min {
            diagnostics.push(
                field_error(
                    file,
                    "min",
                    format!("band `{}` has min {}", raw_band.name, raw_band.min),
                )
                .hint("`min` is a whole-number threshold on the 0-100 score"),
            );
        }
        bands.push(Band {
            min: if valid_min { raw_band.min as u8 } else { 0 },
            name: raw_band.name,
            summary: raw_band.summary,
            guidance: raw_band.guidance,
        });
    }
    if bands.len() != expect.bands {
        diagnostics.push(field_error(
            file,
            "bands",
            format!("expected {} bands, found {}", expect.bands, bands.len()),
        ));
    }
    if bands.first().is_some_and(|band| band.min != 0) {
        diagnostics.push(field_error(
            file,
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
        let diagnostic = Diagnostic::new(&file.path, message).field("min");
        // The band that breaks the order, not the first `min` in the file.
        diagnostics.push(match nth_line_of_key(file, "min", idx + 1) {
            Some(line) => diagnostic.line(line),
            None => diagnostic,
        });
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
    for (category_key, file) in files {
        let split = match front_matter::split::<RawGuide>(file) {
            Ok(split) => split,
            Err(diagnostic) => {
                diagnostics.push(diagnostic);
                continue;
            }
        };
        let raw = split.front;
        let Some(category) = categories.iter().position(|c| &c.key == category_key) else {
            diagnostics.push(
                Diagnostic::new(&file.path, format!("category `{category_key}` is not defined"))
                    .field("category")
                    .hint("a guide's directory names its category; define it in content/site.toml"),
            );
            continue;
        };
        require_text(file, "title", &raw.title, diagnostics);
        check_slug(file, &raw.slug, diagnostics);
        check_description(file, &raw.description, diagnostics);
        if !(2..=5).contains(&raw.answers.len()) {
            diagnostics.push(field_error(
                file,
                "answers",
                format!("has {} questions; a guide answers 2 to 5", raw.answers.len()),
            ));
        }
        for answer in &raw.answers {
            if !answer.trim_end().ends_with('?') {
                diagnostics.push(field_error(
                    file,
                    "answers",
                    format!("`{answer}` is not a question ending in `?`"),
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
        guides.push(Guide {
            title: raw.title.trim().to_string(),
            slug: raw.slug,
            description: raw.description.trim().to_string(),
            answers: raw.answers.iter().map(|a| a.trim().to_string()).collect(),
            category,
            updated: date_field(file, "updated", raw.updated, diagnostics),
            body: split.body.to_string(),
            path: file.path.clone(),
        });
    }
    check_unique(
        "slug",
        guides.iter().map(|g| (g.slug.as_str(), g.path.as_path())),
        "slug",
        diagnostics,
    );
    check_unique(
        "title",
        guides.iter().map(|g| (g.title.as_str(), g.path.as_path())),
        "title",
        diagnostics,
    );
    check_unique(
        "answer question",
        guides.iter().flat_map(|g| g.answers.iter().map(|a| (a.as_str(), g.path.as_path()))),
        "answers",
        diagnostics,
    );
    let root =
        files.first().and_then(|(_, f)| f.path.parent()?.parent()).unwrap_or(Path::new("guides"));
    check_count(root, "guides", guides.len(), expect.guides, diagnostics);
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
    let site = std::iter::once((content.site.updated, site_path.as_path()));
    let pages = [&content.services, &content.industries, &content.case_studies, &content.docs]
        .into_iter()
        .flatten()
        .map(|page| (page.updated, page.path.as_path()));
    let guides = content.guides.iter().map(|guide| (guide.updated, guide.path.as_path()));
    for (updated, path) in site.chain(pages).chain(guides) {
        if let Some(date) = updated.filter(|date| *date > build_date) {
            diagnostics.push(
                Diagnostic::new(
                    path,
                    format!("updated {date} is after the build date {build_date}"),
                )
                .field("updated")
                .hint(
                    "use the date of the change; set SOURCE_DATE_EPOCH if the build clock is wrong",
                ),
            );
        }
    }
}
