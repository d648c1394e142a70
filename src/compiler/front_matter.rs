//! Splits `+++` TOML front matter from a markdown body and parses the raw, unvalidated forms.
//!
//! Every `Raw*` struct rejects unknown keys, so a misspelt field fails the build instead of
//! being silently ignored. The values a later check may fault are [`Spanned`], so its message
//! can name their line ([`Lines`]) after the text is gone.

use serde::Deserialize;
use serde::de::DeserializeOwned;
pub use toml::Spanned;
pub use toml::value::Datetime;

use super::diagnostic::Diagnostic;
use super::load::SourceFile;

/// Front matter of a service, industry, case study or documentation page.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawPage {
    pub name: Spanned<String>,
    pub slug: Spanned<String>,
    pub description: String,
    /// Date of the last significant change (`updated = 2026-11-02`, a TOML local date).
    pub updated: Option<Spanned<Datetime>>,
    /// Industry pages only: everyday words for the sector, its clients or its trade ("banks",
    /// "insurance", "hospitals"), which the answer engine reads as the industry's name in a
    /// question about the firm's clients or case studies.
    pub sector_words: Option<Vec<Spanned<String>>>,
    /// Services, industries and case studies: other names a reader uses for the page's
    /// subject that its name does not say ("LLM", "BI", "finance"), searched as its name is.
    pub other_names: Option<Vec<Spanned<String>>>,
}

/// Front matter of a guide. The category is the guide's directory.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawGuide {
    pub title: Spanned<String>,
    pub slug: Spanned<String>,
    pub description: String,
    pub answers: Vec<Spanned<String>>,
    pub updated: Option<Spanned<Datetime>>,
}

/// `content/site.toml`: company settings and the category table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSite {
    pub company: String,
    pub tagline: String,
    pub description: String,
    /// The date every page without its own `updated` was last changed.
    pub updated: Option<Spanned<Datetime>>,
    pub categories: Vec<Spanned<RawCategory>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawCategory {
    pub key: Spanned<String>,
    pub name: Spanned<String>,
    pub description: Spanned<String>,
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
    pub terms: Vec<Spanned<String>>,
}

/// `content/assessment.toml`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawAssessment {
    pub title: String,
    pub instructions: Option<String>,
    pub sections: Vec<RawSection>,
    pub bands: Vec<Spanned<RawBand>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawSection {
    pub key: Spanned<String>,
    pub title: Spanned<String>,
    pub desc: Option<String>,
    pub advice: Spanned<String>,
    pub strong_advice: Spanned<String>,
    pub questions: Vec<RawQuestion>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawQuestion {
    pub q: Spanned<String>,
    pub scored: Option<Spanned<bool>>,
    pub ctx: Option<String>,
    pub opts: Spanned<Vec<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBand {
    pub min: Spanned<f64>,
    pub name: Spanned<String>,
    pub summary: Option<String>,
    pub guidance: Spanned<Vec<String>>,
}

/// A markdown file split in two.
#[derive(Debug)]
pub struct Split<'a, T> {
    pub front: T,
    /// The lines of the front matter's values.
    pub lines: Lines<'a>,
    pub body: &'a str,
    /// 1-based line of the body's first line in the file.
    pub body_line: usize,
}

/// The TOML text a `Raw*` value was parsed from, where it starts in its file: turns a
/// [`Spanned`] value's byte span into the 1-based line of the file it starts on.
#[derive(Debug, Clone, Copy)]
pub struct Lines<'a> {
    text: &'a str,
    /// Lines of the file before the TOML text (the front matter's opening `+++`).
    offset: usize,
}

impl Lines<'_> {
    /// The line `value` starts on.
    pub fn of<T>(&self, value: &Spanned<T>) -> usize {
        let start = value.span().start.min(self.text.len());
        self.offset + self.text[..start].matches('\n').count() + 1
    }
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
    let lines = Lines { text: front_text, offset: 1 };
    Ok(Split { front, lines, body: &rest[body_start..], body_line })
}

/// Parses a whole TOML file as `T`, with the lines of its values.
pub fn parse_file<T: DeserializeOwned>(file: &SourceFile) -> Result<(T, Lines<'_>), Diagnostic> {
    let raw = parse_toml(file, &file.text, 0)?;
    Ok((raw, Lines { text: &file.text, offset: 0 }))
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
        // serde names the field of a missing or unknown key; a value TOML cannot read
        // (`updated = "2026-11-02"`, `updated = 2026-02-30`) is named by the key on its line.
        let field = field_in_message(&message).or_else(|| {
            let start = err.span()?.start.min(text.len());
            let line_start = text[..start].rfind('\n').map_or(0, |idx| idx + 1);
            key_of_line(&text[line_start..])
        });
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

/// The bare key a `key = value` line starts with.
fn key_of_line(line: &str) -> Option<String> {
    let (key, _) = line.split_once('=')?;
    let key = key.trim();
    let bare = !key.is_empty()
        && key.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b == b'.');
    bare.then(|| key.to_string())
}

/// Pulls the field name out of serde's "missing field `x`" / "unknown field `x`" messages.
fn field_in_message(message: &str) -> Option<String> {
    let start = message.find('`')? + 1;
    let len = message[start..].find('`')?;
    Some(message[start..start + len].to_string())
}
