//! The small search corpora of the agent surfaces: every page that is not a guide (services,
//! industries, case studies, documentation), the contact details, every error code and every
//! OpenAPI operation, as documents with an id, a title, a summary, a URL, their full markdown
//! and their stems.
//!
//! Guides have their own BM25F index (`index.rs`); these corpora are small (tens of
//! documents), so a query only counts which of its units each document contains. The stems
//! come from the shared tokenizer, so query and document words are split the same way, and
//! the terms include every synonym phrase of `content/synonyms.toml` the text spells (as the
//! guide index does), so a query's synonyms (`genAI` finds "generative AI") match here too.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use serde_json::Value;

use super::config::Config;
use super::index::{keyed, tokens_of_blocks};
use super::model::{
    A2A_BODY_MAX, ASK_BODY_MAX, ASK_MAX_PREV_TURNS, ASK_QUERY_MAX_CHARS, BATCH_BODY_MAX,
    BATCH_MAX_ITEMS, BATCH_PATH_MAX, BODY_READ_TIMEOUT_SECS, DocKind, ERROR_CODES, ItemKind,
    MAX_HEADER_BYTES, MAX_HEADER_FIELDS, MCP_BODY_MAX, OAUTH_BODY_MAX, RATE_LIMIT_DEFAULT,
    SCORE_BODY_MAX, SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SEARCH_QUERY_MAX_CHARS,
};
use super::pages::{ERRORS_DESCRIPTION, ERRORS_PATH, ERRORS_TITLE, item_path};
use super::validate::{Content, Page};

/// One document, ready to emit as a `model::DocumentRecord`.
#[derive(Debug)]
pub struct Document {
    pub kind: DocKind,
    pub id: String,
    pub title: String,
    pub summary: String,
    pub url: String,
    pub markdown: String,
    pub terms: Vec<String>,
    pub title_terms: Vec<String>,
    pub lead_terms: Vec<String>,
    /// Other names it goes by ([`Text::names`]), as written.
    pub names: Vec<String>,
}

/// Sorted, distinct stems of `blocks`, and the synonym phrases (`phrases`, stems joined by
/// spaces) they spell, each within one sentence of one block: as in the guides' index, no
/// phrase runs from a title into its summary, from a heading into the paragraph under it, or
/// across a sentence's end.
fn stems<'a>(blocks: impl IntoIterator<Item = &'a str>, phrases: &Phrases) -> Vec<String> {
    let set: BTreeSet<String> = keyed(&tokens_of_blocks(blocks), &phrases.keys, phrases.max_stems)
        .into_iter()
        .map(|k| k.2)
        .collect();
    set.into_iter().collect()
}

/// The blocks of a markdown text as written, link targets and code included (every word is
/// searchable, but for the build's origins, which [`without_origins`] takes out first): a heading, a list item, a table cell, a line of code, or a paragraph (lines
/// up to a blank one, or to a line that opens another block). A list item's or paragraph's
/// wrapped lines stay one block.
fn markdown_blocks(markdown: &str) -> Vec<&str> {
    let mut blocks = Vec::new();
    let mut block: Option<(usize, usize)> = None;
    let mut in_code = false;
    let mut offset = 0;
    for line in markdown.split_inclusive('\n') {
        let (start, end) = (offset, offset + line.trim_end().len());
        offset += line.len();
        let trimmed = line.trim();
        let fence = trimmed.starts_with("```") || trimmed.starts_with("~~~");
        let opens = fence
            || in_code
            || trimmed.starts_with('#')
            || trimmed.starts_with('|')
            || trimmed.starts_with("- ")
            || trimmed.starts_with("* ")
            || trimmed.starts_with("+ ")
            || trimmed.starts_with('>')
            || trimmed
                .split_once(". ")
                .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if trimmed.is_empty() || opens {
            blocks.extend(block.take().map(|(from, to)| &markdown[from..to]));
        }
        if fence {
            // The fence's info string ("```json") is a word of the page too.
            in_code = !in_code;
            blocks.push(&markdown[start..end]);
        } else if trimmed.starts_with('|') && !in_code {
            // Each cell on its own: "| Owner | Data |" says no "owner data".
            let mut at = start + (line.len() - line.trim_start().len());
            for cell in trimmed.split('|') {
                blocks.push(&markdown[at..at + cell.len()]);
                at += cell.len() + 1;
            }
        } else if !trimmed.is_empty() {
            block = Some(block.map_or((start, end), |(from, _)| (from, end)));
            if in_code {
                blocks.extend(block.take().map(|(from, to)| &markdown[from..to]));
            }
        }
    }
    blocks.extend(block.map(|(from, to)| &markdown[from..to]));
    blocks
}

/// The synonym table's phrase keys, and the most stems one has; and the build's origins,
/// which are no words of a document (below).
struct Phrases {
    keys: BTreeSet<String>,
    max_stems: usize,
    origins: Vec<String>,
}

/// The origins (`scheme://host[:port]`) of the build's configured URLs, longest first.
fn origins(config: &Config) -> Vec<String> {
    let urls = [
        Some(&config.site_url),
        Some(&config.agent_url),
        Some(&config.auth_url),
        Some(&config.api_base),
        Some(&config.production_base),
        Some(&config.sandbox_base),
        config.other_base.as_ref(),
    ];
    let mut origins: Vec<String> = urls
        .into_iter()
        .flatten()
        .filter_map(|url| {
            let host_at = url.find("://")? + 3;
            let end = url[host_at..].find('/').map_or(url.len(), |slash| host_at + slash);
            Some(url[..end].to_string())
        })
        .collect();
    origins.sort_by(|a, b| b.len().cmp(&a.len()).then_with(|| a.cmp(b)));
    origins.dedup();
    origins
}

/// `markdown` with the build's origins taken out of its URLs: a page links the others by
/// absolute URL, and the origin's words ("8080", a sandbox build's "sandbox", a deployment's
/// host name) were terms of every page that links one, so the product server's `search` for
/// `8080`, or for `is there a sandbox` in the sandbox build, listed every service. The path
/// after the origin stays searchable.
fn without_origins(markdown: &str, origins: &[String]) -> String {
    origins.iter().fold(markdown.to_string(), |text, origin| text.replace(origin.as_str(), ""))
}

/// A document's text, and `names`: other names it goes by (an operation's `operationId`, a
/// page's `other_names`), searchable like its title but not part of its text.
struct Text<'a> {
    title: &'a str,
    summary: &'a str,
    markdown: String,
    names: &'a [&'a str],
    /// Blocks of its text that say what it is about, as its summary does (an error code's
    /// limit, heading and sentence).
    about: &'a [&'a str],
}

fn document(phrases: &Phrases, kind: DocKind, id: String, text: Text<'_>, url: String) -> Document {
    let Text { title, summary, markdown, names, about } = text;
    // What an operation is: an endpoint, the word a developer puts after what it does
    // (`health check endpoint`, `assessment questions endpoint`), which its own text never
    // says, since it names itself by its method and path. Counted as its summary is, not as
    // its title, so `endpoints` alone still finds the API overview's list of them first.
    let kind_noun: &[&str] = match kind {
        DocKind::Operation => &["endpoint"],
        _ => &[],
    };
    let blocks = [title, summary].into_iter().chain(names.iter().copied());
    let searchable = without_origins(&markdown, &phrases.origins);
    let terms =
        stems(blocks.chain(kind_noun.iter().copied()).chain(markdown_blocks(&searchable)), phrases);
    // A documentation page's section headings say what it is about, as its description does:
    // the API overview's "Versioning policy, breaking changes and unknown fields" is what `breaking changes`
    // asks for, and its text alone weighed no more than a guide's that says "breaking" and
    // "changes" in passing. Only the documentation's (a service's headings are its page's
    // furniture, "What we do", "How we work"), and each heading one block of its own.
    let headings = match kind {
        DocKind::Page(ItemKind::Docs) => headings(&markdown),
        _ => Vec::new(),
    };
    let lead = [title, summary]
        .into_iter()
        .chain(names.iter().copied())
        .chain(kind_noun.iter().copied())
        .chain(about.iter().copied())
        .chain(headings);
    Document {
        kind,
        id,
        title: title.to_string(),
        summary: summary.to_string(),
        terms,
        title_terms: stems([title].into_iter().chain(names.iter().copied()), phrases),
        lead_terms: stems(lead, phrases),
        // A page's other names are searched, never shown, so its record keeps none; an
        // error code's and an operation's are words of the API the ranking reads as titles.
        names: match kind {
            DocKind::ErrorCode | DocKind::Operation => {
                names.iter().map(|name| (*name).to_string()).collect()
            }
            _ => Vec::new(),
        },
        url,
        markdown,
    }
}

/// The text of each heading of a markdown text (`## Versioning` gives `Versioning`), outside
/// fenced code, where a line starting with `#` is a shell comment.
fn headings(markdown: &str) -> Vec<&str> {
    let mut in_code = false;
    let mut out = Vec::new();
    for line in markdown.lines() {
        let trimmed = line.trim();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            in_code = !in_code;
            continue;
        }
        let text = trimmed.trim_start_matches('#');
        if !in_code && text.len() < trimmed.len() && text.starts_with(' ') {
            out.push(text.trim());
        }
    }
    out
}

/// `operationId` with its camelCase words apart (`searchResources` → `search Resources`), so
/// an operation is found by its id as written and by the words it joins.
fn camel_words(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    let mut previous_lower = false;
    for ch in name.chars() {
        if ch.is_uppercase() && previous_lower {
            out.push(' ');
        }
        previous_lower = ch.is_lowercase() || ch.is_ascii_digit();
        out.push(ch);
    }
    out
}

/// Every document, in the order the corpora list them: services, industries, case studies,
/// documentation pages, the contact details, error codes, operations. `published` gives the body of a route (the
/// pages' markdown twins).
pub fn build<'a>(
    config: &Config,
    content: &Content,
    openapi: &Value,
    published: &'a dyn Fn(&str) -> Option<&'a str>,
) -> Vec<Document> {
    let keys = content.synonyms.phrase_keys();
    let max_stems = keys.iter().map(|p| p.split(' ').count()).chain([1]).max().unwrap_or(1);
    let phrases = Phrases { keys, max_stems, origins: origins(config) };
    let mut out = Vec::new();
    let kinds: [(ItemKind, &[Page]); 4] = [
        (ItemKind::Service, &content.services),
        (ItemKind::Industry, &content.industries),
        (ItemKind::CaseStudy, &content.case_studies),
        (ItemKind::Docs, &content.docs),
    ];
    for (kind, pages) in kinds {
        for page in pages {
            let path = item_path(kind.segment(), &page.slug);
            let names: Vec<&str> = page.other_names.iter().map(String::as_str).collect();
            out.push(document(
                &phrases,
                DocKind::Page(kind),
                format!("{}/{}", kind.segment(), page.slug),
                Text {
                    title: &page.name,
                    summary: &page.description,
                    markdown: published(&format!("{path}index.md")).unwrap_or("").to_string(),
                    names: &names,
                    about: &[],
                },
                format!("{}{path}", config.site_url),
            ));
        }
    }
    // The error-code reference, the page every Error body's `docs` link points into: `error
    // codes` listed the codes in table order, each titled "Error code ...", and the page that
    // lists them all was no result.
    out.push(document(
        &phrases,
        DocKind::Page(ItemKind::Docs),
        format!("{}/errors", ItemKind::Docs.segment()),
        Text {
            title: ERRORS_TITLE,
            summary: ERRORS_DESCRIPTION,
            markdown: published(&format!("{ERRORS_PATH}index.md")).unwrap_or("").to_string(),
            names: &[],
            about: &[],
        },
        format!("{}{ERRORS_PATH}", config.site_url),
    ));
    out.push(contact(config, content, &phrases));
    for (code, status, meaning) in ERROR_CODES {
        let mut markdown = format!(
            "# Error code `{code}`\n\nHTTP status {status}.\n\n{meaning}\n\nThe REST API sends it as `error.code` in its Error body; the MCP servers send it as `error.data.code` of a JSON-RPC error. Every code is listed at {site}{ERRORS_PATH}.\n",
            site = config.site_url
        );
        let limit = limit_enforced(code);
        if let Some((heading, sentence)) = &limit {
            let _ = write!(markdown, "\n## {heading}\n\n{sentence}\n");
        }
        let about: Vec<&str> = limit
            .iter()
            .flat_map(|(heading, sentence)| [heading.as_str(), sentence.as_str()])
            .collect();
        // What a client prints for an unknown name: JSON-RPC calls -32601 "Method not found",
        // and an agent types `tool not found` for `unknown_tool`, which found `not_found` (a
        // REST path) first, its title holding "found" and `unknown_tool`'s only "tool".
        let not_found = code.strip_prefix("unknown_").map(|thing| format!("{thing} not found"));
        let names: Vec<&str> =
            not_found.iter().map(String::as_str).chain(headers_named(meaning)).collect();
        out.push(document(
            &phrases,
            DocKind::ErrorCode,
            format!("errors/{code}"),
            Text {
                title: &match reason_phrase(*status) {
                    "" => format!("Error code {code} ({status})"),
                    reason => format!("Error code {code} ({status} {reason})"),
                },
                summary: meaning,
                markdown,
                names: &names,
                about: &about,
            },
            format!("{}{ERRORS_PATH}#{code}", config.site_url),
        ));
    }
    out.extend(operations(config, openapi, &phrases));
    out
}

/// The HTTP headers an error code's meaning names in backticks (`Content-Type`, `If-Match`,
/// `Retry-After`, the name before a colon in `Content-Type: application/json`): the code goes
/// by them as by its title, since a client prints the header it sent (`wrong content type`
/// found A2A's `content_type_not_supported`, whose code says "content type", before
/// `unsupported_media_type`, whose meaning is about the `Content-Type` header). A header's
/// name is one capitalised word or several joined by hyphens; a span with a space before any
/// colon (`POST /ask`) or in lower case (`identity`) is not one.
fn headers_named(meaning: &str) -> impl Iterator<Item = &str> {
    meaning.split('`').skip(1).step_by(2).filter_map(|span| {
        let name = span.split_once(':').map_or(span, |(name, _)| name);
        let header = name.starts_with(|c: char| c.is_ascii_uppercase())
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            && name.split('-').all(|part| part.starts_with(|c: char| c.is_ascii_uppercase()));
        header.then_some(name)
    })
}

/// The limit an error code enforces, as a heading ("Max request body size") and
/// a sentence stating it with its number, taken from the constant the server enforces (or
/// the format it enforces, "The slug format", with the pattern its meaning gives): an
/// agent asks for a limit by its name (`max header size`, `how big can a request body be`,
/// `maximum query length`, `how many requests per minute`), and a code's meaning says only
/// what went wrong ("over 32 KiB"), so the code that states the limit was found on neither of
/// the docs server's search tools. Counted as what the document is about, as its summary is;
/// `None` for a code that enforces no limit. The connections per address are a run-time
/// option whose default the build does not know: its sentence points at the meaning's.
fn limit_enforced(code: &str) -> Option<(String, String)> {
    let kib = |bytes: usize| format!("{} KiB", bytes / 1024);
    let (name, sentence) = match code {
        "payload_too_large" => {
            // Endpoints of one size together, in the order listed.
            let sizes = [
                ("POST /v1/ai-readiness/score", SCORE_BODY_MAX),
                ("the OAuth endpoints", OAUTH_BODY_MAX),
                ("POST /v1/batch", BATCH_BODY_MAX),
                ("the MCP servers", MCP_BODY_MAX),
                ("/ask", ASK_BODY_MAX),
                ("the A2A agent", A2A_BODY_MAX),
            ];
            let mut groups: Vec<(usize, Vec<&str>)> = Vec::new();
            for (endpoint, bytes) in sizes {
                match groups.iter_mut().find(|(size, _)| *size == bytes) {
                    Some((_, endpoints)) => endpoints.push(endpoint),
                    None => groups.push((bytes, vec![endpoint])),
                }
            }
            let groups: Vec<String> = groups
                .iter()
                .map(|(bytes, endpoints)| format!("{} for {}", kib(*bytes), and_list(endpoints)))
                .collect();
            (
                "request body size",
                format!(
                    "The maximum request body size, how big a body a client can upload in one request, is {}.",
                    and_list(&groups)
                ),
            )
        }
        "header_fields_too_large" => (
            "header size and max header fields",
            format!(
                "The header size limit, the maximum header size, is {} for the request line and headers together, and the maximum number of header fields in an HTTP/1.1 request is {MAX_HEADER_FIELDS}.",
                kib(MAX_HEADER_BYTES)
            ),
        ),
        "query_too_long" => (
            "search query length",
            format!(
                "A search query (`q`, and the `query` of the MCP servers' search tools) is limited to a maximum length of {SEARCH_QUERY_MAX_CHARS} characters."
            ),
        ),
        "question_too_long" => (
            "question length",
            format!(
                "A question to /ask or the A2A agent, and each earlier turn, is limited to a maximum length of {ASK_QUERY_MAX_CHARS} characters."
            ),
        ),
        "too_many_turns" => (
            "earlier turns",
            format!(
                "The limit on earlier turns, the maximum number sent with one question, is {ASK_MAX_PREV_TURNS}."
            ),
        ),
        "batch_too_large" => (
            "batch size",
            format!("The maximum batch size is {BATCH_MAX_ITEMS} requests in one POST /v1/batch."),
        ),
        "invalid_path" => (
            "path length in a batch",
            format!(
                "The maximum length of a batch item's path, with its query string, is {BATCH_PATH_MAX} characters."
            ),
        ),
        "invalid_limit" => (
            "page size",
            format!(
                "The maximum page size (`limit`) is {SEARCH_LIMIT_MAX} results per page of a search; the default is {SEARCH_LIMIT_DEFAULT}."
            ),
        ),
        "rate_limited" => (
            "request rate",
            format!(
                "The maximum request rate is {RATE_LIMIT_DEFAULT} requests per minute per client address by default; the operator may set another."
            ),
        ),
        "request_timeout" => (
            "time to send a request body",
            format!(
                "The request timeout, the time limit on how long a request body can take to arrive once its headers are in, is {BODY_READ_TIMEOUT_SECS} seconds."
            ),
        ),
        "too_many_connections" => (
            "connections per address",
            "The number of open connections per client address (per IP) is limited to the default above; the operator sets another maximum with `--max-connections-per-ip`.".to_string(),
        ),
        // A format is enforced as a limit is, and asked for by its name too (`slug format`).
        "invalid_slug" => {
            return Some((
                "The slug format".to_string(),
                "A slug is lowercase letters, digits and hyphens, as the pattern above says."
                    .to_string(),
            ));
        }
        "invalid_idempotency_key" => {
            return Some((
                "The Idempotency-Key format".to_string(),
                "An Idempotency-Key is letters, digits, dots, underscores and hyphens, as many as the pattern above allows.".to_string(),
            ));
        }
        // How long a cursor is good for is asked as a limit is (`how long is a cursor valid`).
        "invalid_cursor" => {
            return Some((
                "How long a cursor is valid".to_string(),
                "A cursor does not expire (it has no expiry time): it stays valid for as long as the same build of the content is served.".to_string(),
            ));
        }
        _ => return None,
    };
    Some((format!("Max {name}"), sentence))
}

/// `items` joined as a list in a sentence: "a", "a and b", "a, b and c".
fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", init.join(", "), last.as_ref())
        }
    }
}

/// The reason phrase of an HTTP status the API answers with (RFC 9110, section 15), part of
/// an error code's title: a developer types what the client printed, "too many requests" or
/// "precondition failed", and the title held only the number. Not 400's "Bad Request", the
/// status of most codes: its "request" would put some 35 titles on every query saying
/// "request" (`batch requests` found `batch_empty` before the batch operation).
fn reason_phrase(status: u16) -> &'static str {
    match status {
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        406 => "Not Acceptable",
        408 => "Request Timeout",
        412 => "Precondition Failed",
        413 => "Content Too Large",
        415 => "Unsupported Media Type",
        429 => "Too Many Requests",
        _ => "",
    }
}

/// The title of the contact document: what it is and the words people look for it by
/// ("contact", "get in touch", "email"), without the company's name, whose words ("Data",
/// "AI") would make it a match for most queries of the offering.
pub const CONTACT_TITLE: &str = "Contact: how to get in touch by email";

/// Where the contact document points a person: the site footer's contact details, on the home
/// page (`<footer id="contact">`); the site has no contact page of its own, and the footer of
/// every page is where it says how to get in touch.
pub const CONTACT_FRAGMENT: &str = "/#contact";

/// The contact details (`content/contact.toml`, as `GET /v1/contact` serves them) as the
/// offering's document `contact`: the product server's `search` found nothing for "contact",
/// "email" or "book a call", though `get_contact` knew the answer. Written from the same
/// fields, so the two never disagree.
fn contact(config: &Config, content: &Content, phrases: &Phrases) -> Document {
    let contact = &content.contact;
    let (site, api) = (&config.site_url, &config.api_base);
    let email = &contact.email;
    let summary = match &contact.how {
        Some(how) => format!("Write to {email}. {how}"),
        None => format!("Write to {email}."),
    };
    // The company's name stays out of the text, as out of the title.
    let mut markdown =
        format!("# {CONTACT_TITLE}\n\nEnquiries go by email: write to [{email}](mailto:{email}).");
    if let Some(how) = &contact.how {
        let _ = write!(markdown, " {how}");
    }
    markdown.push_str(
        "\n\nThere is no booking form or calendar: to arrange a call or a meeting, say so in the email.\n",
    );
    if let Some(location) = &contact.location {
        let _ = write!(markdown, "\n## Where\n\n{location}.\n");
    }
    markdown.push_str("\n## What this server cannot do\n\n");
    if let Some(note) = &contact.note {
        let _ = write!(markdown, "{note} ");
    }
    let _ = write!(
        markdown,
        "An agent cannot send an enquiry or book anything here; it can give the person the address above.\n\n\
## Links\n\n- Website: {site}/\n- These details as JSON: {api}/v1/contact (the MCP tool `get_contact` gives the same)\n"
    );
    document(
        phrases,
        DocKind::Contact,
        "contact".to_string(),
        Text { title: CONTACT_TITLE, summary: &summary, markdown, names: &[], about: &[] },
        format!("{site}{CONTACT_FRAGMENT}"),
    )
}

/// One document per OpenAPI operation, in the document's order. Operations that only
/// describe a refusal (a 405 on the MCP endpoints) are left out.
fn operations(config: &Config, openapi: &Value, phrases: &Phrases) -> Vec<Document> {
    let mut out = Vec::new();
    let Some(paths) = openapi["paths"].as_object() else { return out };
    for (path, item) in paths {
        let Some(item) = item.as_object() else { continue };
        for (method, operation) in item {
            let Some(operation_id) = operation["operationId"].as_str() else { continue };
            let responses = operation["responses"].as_object();
            if responses.is_some_and(|r| r.keys().all(|status| status == "405")) {
                continue;
            }
            let method = method.to_ascii_uppercase();
            let summary = operation["summary"].as_str().unwrap_or("");
            let description = operation["description"].as_str().unwrap_or("");
            let mut markdown = format!("# {method} {path}\n\n{summary}.\n\n");
            if !description.is_empty() {
                let _ = write!(markdown, "{description}\n\n");
            }
            let parameters = operation["parameters"].as_array().into_iter().flatten();
            let named: Vec<&Value> = parameters.filter(|p| p["name"].is_string()).collect();
            // What its query parameters ask for is what an operation does, as its summary
            // says: `stream the answer from ask` found `not_acceptable`, whose meaning says
            // "event-stream", "answer" and "/ask", before `GET /ask`, whose `streaming`
            // parameter asks for the stream. Not its header parameters, which every `GET`
            // operation shares (`If-None-Match`).
            let query_parameters: Vec<&str> = named
                .iter()
                .filter(|p| p["in"] == "query")
                .filter_map(|p| p["name"].as_str())
                .collect();
            if !named.is_empty() {
                markdown.push_str("## Parameters\n\n");
                for parameter in named {
                    let _ = writeln!(
                        markdown,
                        "- `{}` ({}, {}): {}",
                        parameter["name"].as_str().unwrap_or(""),
                        parameter["in"].as_str().unwrap_or(""),
                        if parameter["required"] == true { "required" } else { "optional" },
                        parameter["description"].as_str().unwrap_or("")
                    );
                }
                markdown.push('\n');
            }
            if let Some(responses) = responses {
                markdown.push_str("## Responses\n\n");
                for (status, response) in responses {
                    let description = response["description"]
                        .as_str()
                        .or_else(|| {
                            let name = response["$ref"].as_str()?.rsplit('/').next()?;
                            openapi["components"]["responses"][name]["description"].as_str()
                        })
                        .unwrap_or("");
                    let _ = writeln!(markdown, "- {status}: {description}");
                }
            }
            let escaped = path.replace('~', "~0").replace('/', "~1");
            let pointer = format!("/paths/{escaped}/{}", method.to_ascii_lowercase());
            let fragment = pointer.replace('{', "%7B").replace('}', "%7D");
            out.push(document(
                phrases,
                DocKind::Operation,
                format!("operations/{operation_id}"),
                Text {
                    title: &format!("{method} {path}: {summary}"),
                    summary: if description.is_empty() {
                        summary
                    } else {
                        first_sentence(description)
                    },
                    markdown,
                    // "searchResources" and "search resources" find the operation whose id it
                    // is: an agent reading the OpenAPI document knows operations by their ids,
                    // and `fetch operations/searchResources` worked while searching for it
                    // found nothing.
                    names: &[operation_id, &camel_words(operation_id)],
                    about: &query_parameters,
                },
                format!("{}/openapi.json#{fragment}", config.api_base),
            ));
        }
    }
    out
}

/// The first sentence of `text` (up to and including the first `. `), or all of it.
fn first_sentence(text: &str) -> &str {
    match text.find(". ") {
        Some(end) => &text[..=end],
        None => text,
    }
}
