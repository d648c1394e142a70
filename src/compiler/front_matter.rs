//! Splits `+++` TOML front matter from a markdown body and parses the raw, unvalidated forms.
//!
//! Every `Raw*` struct rejects unknown keys, so a misspelt field fails the build instead of
//! being silently ignored.

use serde::Deserialize;
use serde::de::DeserializeOwned;
pub use toml::value::Datetime;

use super::diagnostic::Diagnostic;
use super::load::SourceFile;

/// Front matter of a service, industry, case study or documentation page.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPage {
    pub name: String,
    pub slug: String,
    pub description: String,
    /// Date of the last significant change (`updated = 2026-11-02`, a TOML local date).
    pub updated: Option<Datetime>,
    /// Industry pages only: everyday words for the sector, its clients or its trade ("banks",
    /// "insurance", "hospitals"), which the answer engine reads as the industry's name in a
    /// question about the firm's clients or case studies.
    pub sector_words: Option<Vec<String>>,
    /// Services, industries and case studies: other names a reader uses for the page's
    /// subject that its name does not say ("LLM", "BI", "finance"), searched as its name is.
    pub other_names: Option<Vec<String>>,
}

/// Front matter of a guide. The category is the guide's directory.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawGuide {
    pub title: String,
    pub slug: String,
    pub description: String,
    pub answers: Vec<String>,
    pub updated: Option<Datetime>,
}

/// `content/site.toml`: company settings and the category table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSite {
    pub company: String,
    pub tagline: String,
    pub description: String,
    /// The date every page without its own `updated` was last changed.
    pub updated: Option<Datetime>,
    pub categories: Vec<RawCategory>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCategory {
    pub key: String,
    pub name: String,
    pub description: String,
}

/// `content/contact.toml`. The website is the configured site origin, not a field.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawContact {
    pub company: String,
    pub location: Option<String>,
    pub email: String,
    /// Where vulnerability reports go (security.txt `Contact`); a reserved example domain.
    pub security_email: String,
    pub how: Option<String>,
    pub note: Option<String>,
    /// Plain statements of how the firm works with a client (who owns the work, NDAs, the size
    /// of client, what follows an engagement): the home page's "How we work", and the
    /// organisation's passages in the answer engine. Not part of the API's Contact object.
    #[serde(default)]
    pub terms: Vec<String>,
}

/// `content/assessment.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAssessment {
    pub title: String,
    pub instructions: Option<String>,
    pub sections: Vec<RawSection>,
    pub bands: Vec<RawBand>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSection {
    pub key: String,
    pub title: String,
    pub desc: Option<String>,
    pub advice: String,
    pub strong_advice: String,
    pub questions: Vec<RawQuestion>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawQuestion {
    pub q: String,
    pub scored: Option<bool>,
    pub ctx: Option<String>,
    pub opts: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBand {
    pub min: f64,
    pub name: String,
    pub summary: Option<String>,
    pub guidance: Vec<String>,
}

/// A markdown file split in two.
#[derive(Debug)]
pub struct Split<'a, T> {
    pub front: T,
    pub body: &'a str,
    /// 1-based line of the body's first line in the file.
    pub body_line: usize,
}

/// Splits `file` at its `+++` fences and parses the front matter as `T`.
pub fn split<T: DeserializeOwned>(file: &SourceFile) -> Result<Split<'_, T>, Diagnostic> {
    let text = file.text.strip_prefix('\u{feff}').unwrap_or(&file.text);
    let missing = || {
        Diagnostic::new(&file.path, "missing front matter")
            .line(1)
            .hint("start the file with a line `+++`, the TOML fields, then another line `+++`")
    };
    let rest =
        text.strip_prefix("+++\n").or_else(|| text.strip_prefix("+++\r\n")).ok_or_else(missing)?;
    let mut offset = 0;
    let mut close = None;
    for line in rest.split_inclusive('\n') {
        if line.trim_end() == "+++" {
            close = Some((offset, offset + line.len()));
            break;
        }
        offset += line.len();
    }
    let (front_end, body_start) = close.ok_or_else(|| {
        Diagnostic::new(&file.path, "front matter is not closed")
            .line(1)
            .hint("add a line `+++` after the last field")
    })?;
    let front_text = &rest[..front_end];
    let front = parse_toml::<T>(file, front_text, 1)?;
    let body_line = 2 + rest[..body_start].matches('\n').count();
    Ok(Split { front, body: &rest[body_start..], body_line })
}

/// Parses a whole TOML file as `T`.
pub fn parse_file<T: DeserializeOwned>(file: &SourceFile) -> Result<T, Diagnostic> {
    parse_toml(file, &file.text, 0)
}

/// Parses `text`, which starts `line_offset` lines into `file`, reporting errors at their line.
fn parse_toml<T: DeserializeOwned>(
    file: &SourceFile,
    text: &str,
    line_offset: usize,
) -> Result<T, Diagnostic> {
    toml::from_str::<T>(text).map_err(|err| {
        let line =
            err.span().map(|span| text[..span.start.min(text.len())].matches('\n').count() + 1);
        let message = err.message().to_string();
        let field = field_in_message(&message);
        let mut diagnostic = Diagnostic::new(&file.path, message);
        if let Some(line) = line {
            diagnostic = diagnostic.line(line + line_offset);
        }
        if let Some(field) = field {
            diagnostic = diagnostic.field(field);
        }
        diagnostic
    })
}

/// Pulls the field name out of serde's "missing field `x`" / "unknown field `x`" messages.
fn field_in_message(message: &str) -> Option<String> {
    let start = message.find('`')? + 1;
    let len = message[start..].find('`')?;
    Some(message[start..start + len].to_string())
}
