//! Origin placeholders in page bodies: `{{api_origin}}`, `{{agent_origin}}` and
//! `{{site_origin}}` become this build's origins, so an example such as
//! `curl {{agent_origin}}/ask?query=...` shows the address the reader can call, in the
//! production build, the sandbox and a local one alike.
//!
//! Root-relative links need no placeholder (the renderer makes them absolute); this is for the
//! text links cannot reach, code blocks above all. It runs on the validated pages (services,
//! industries, case studies, documentation) before anything renders them, so the HTML page,
//! its twin, the MCP resources and the answer engine's passages all quote the same address.
//! Guides are left alone: their code examples may use `{{ ... }}` templates of their own.

use super::config::Config;
use super::diagnostic::{Diagnostic, Diagnostics};
use super::validate::{Content, Page};

/// The placeholders and the origin each stands for.
fn placeholders(config: &Config) -> [(&'static str, &str); 3] {
    [
        ("api_origin", &config.api_base),
        ("agent_origin", &config.agent_url),
        ("site_origin", &config.site_url),
    ]
}

/// Replaces every placeholder in every page body; an unknown or unclosed one is a diagnostic
/// naming the file and line, and leaves the body as written.
pub fn substitute(content: &mut Content, config: &Config, diagnostics: &mut Diagnostics) {
    let table = placeholders(config);
    let pages = [
        &mut content.services,
        &mut content.industries,
        &mut content.case_studies,
        &mut content.docs,
    ];
    for page in pages.into_iter().flatten() {
        substitute_page(page, &table, diagnostics);
    }
}

fn substitute_page(page: &mut Page, table: &[(&str, &str)], diagnostics: &mut Diagnostics) {
    if !page.body.contains("{{") {
        return;
    }
    let known: Vec<String> = table.iter().map(|(name, _)| format!("{{{{{name}}}}}")).collect();
    let mut out = String::with_capacity(page.body.len());
    let mut failed = false;
    for (line_idx, line) in page.body.split_inclusive('\n').enumerate() {
        let mut rest = line;
        while let Some(open) = rest.find("{{") {
            out.push_str(&rest[..open]);
            let after = &rest[open + 2..];
            let name = after.find("}}").map(|close| &after[..close]);
            match name.and_then(|name| table.iter().find(|(key, _)| *key == name)) {
                Some((name, origin)) => {
                    out.push_str(origin);
                    rest = &after[name.len() + 2..];
                }
                None => {
                    let shown = match name {
                        Some(name) => format!("unknown placeholder `{{{{{name}}}}}`"),
                        None => "a `{{` placeholder is not closed with `}}`".to_string(),
                    };
                    diagnostics.push(
                        Diagnostic::new(&page.path, shown)
                            .line(page.body_line + line_idx)
                            .field("body")
                            .hint(format!("the placeholders are {}", known.join(", "))),
                    );
                    failed = true;
                    out.push_str("{{");
                    rest = after;
                }
            }
        }
        out.push_str(rest);
    }
    if !failed {
        page.body = out;
    }
}
