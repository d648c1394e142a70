//! The website: every HTML page and its markdown twin, rendered from validated content.
//!
//! Every page lives at a URL ending in `/`; its twin is that URL plus `index.md`. Pages are
//! self-contained: inline CSS, no external assets, one small inline script on the assessment.

use std::fmt::Write as _;

use super::config::Config;
use super::render::{absolutise_markdown_links, escape_html, markdown_to_html};
use super::validate::{Content, Guide, Page};

/// One page to publish: its path, HTML, markdown twin, and the internal links its body uses.
#[derive(Debug)]
pub struct SitePage {
    pub path: String,
    pub html: String,
    pub markdown: String,
    /// `(source file, link target)` for every root-relative link, checked by the compiler.
    pub links: Vec<(std::path::PathBuf, String)>,
}

/// The URL path of a page of `kind` (`services`, `guides`, ...).
pub fn item_path(kind: &str, slug: &str) -> String {
    format!("/{kind}/{slug}/")
}

/// Path of the error-code reference, generated from `model::ERROR_CODES`.
pub const ERRORS_PATH: &str = "/docs/errors/";
const ERRORS_LISTING: (&str, &str, &str) = (
    ERRORS_PATH,
    "Error codes",
    "Every `error.code` the API returns, its status and what to do about it.",
);

/// Path of the interactive readiness assessment.
pub const ASSESSMENT_PATH: &str = "/ai-readiness/";

const STYLE: &str = "body{font:16px/1.6 system-ui,-apple-system,'Segoe UI',sans-serif;margin:0;color:#1c2430;background:#fbfbf8}\
header,main,footer{max-width:46rem;margin:0 auto;padding:0 1.25rem}\
header{padding-top:1rem;border-bottom:1px solid #d9dde3}\
nav ul{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1rem}\
a{color:#0b5cad}a:focus{outline:3px solid #f5b400}\
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:#fff;padding:.5rem}\
h1{line-height:1.2;margin-top:1.5rem}.lede{font-size:1.125rem;color:#3a4656}\
table{border-collapse:collapse}td,th{border:1px solid #d9dde3;padding:.25rem .5rem}\
code{background:#eef1f4;padding:0 .2rem;border-radius:3px}\
footer{margin-top:3rem;padding:1rem 1.25rem 2rem;border-top:1px solid #d9dde3;font-size:.9rem;color:#3a4656}\
fieldset{border:1px solid #d9dde3;margin:1rem 0;padding:.75rem 1rem}legend{font-weight:600}\
label{display:block;margin:.2rem 0}.ctx{color:#3a4656;font-size:.9rem;margin:.2rem 0 .5rem}\
button{font:inherit;padding:.5rem 1.25rem;background:#0b5cad;color:#fff;border:0;border-radius:4px;cursor:pointer}\
.bar{background:#e3e8ee;border-radius:3px;height:1.1rem;margin:.15rem 0 .6rem}.bar span{display:block;height:100%;background:#0b5cad;border-radius:3px}\
.error{color:#a4000f}";

struct Shell<'a> {
    config: &'a Config,
    company: &'a str,
}

impl Shell<'_> {
    /// Wraps `main_html` in the site template. `path` is the page's own path.
    fn html(&self, path: &str, title: &str, description: &str, main_html: &str) -> String {
        let site = &self.config.site_url;
        let company = escape_html(self.company);
        let full_title = if path == "/" {
            company.clone()
        } else {
            format!("{} | {company}", escape_html(title))
        };
        let nav = [
            ("/services/", "Services"),
            ("/industries/", "Industries"),
            ("/case-studies/", "Case studies"),
            ("/guides/", "Guides"),
            (ASSESSMENT_PATH, "AI readiness"),
            ("/docs/", "API"),
        ];
        let mut nav_html = String::new();
        for (href, label) in nav {
            let current = if path == href { " aria-current=\"page\"" } else { "" };
            let _ = write!(nav_html, "<li><a href=\"{site}{href}\"{current}>{label}</a></li>");
        }
        format!(
            "<!doctype html>\n<html lang=\"en-GB\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{full_title}</title>\n\
<meta name=\"description\" content=\"{description}\">\n<link rel=\"canonical\" href=\"{site}{path}\">\n\
<link rel=\"alternate\" type=\"text/markdown\" href=\"{site}{path}index.md\">\n<style>{STYLE}</style>\n</head>\n<body>\n\
<a class=\"skip\" href=\"#main\">Skip to content</a>\n<header>\n<a href=\"{site}/\"><strong>{company}</strong></a>\n\
<nav aria-label=\"Main\"><ul>{nav_html}</ul></nav>\n</header>\n<main id=\"main\">\n{main_html}\n</main>\n\
<footer>\n<p>This page as markdown: <a href=\"{site}{path}index.md\">{path}index.md</a>. \
Data as JSON: <a href=\"{api}/v1\">{api}/v1</a>.</p>\n</footer>\n</body>\n</html>\n",
            description = escape_html(description),
            api = self.config.api_base,
        )
    }
}

fn list_item_html(href: &str, title: &str, description: &str) -> String {
    format!("<li><a href=\"{href}\">{}</a>: {}</li>", escape_html(title), escape_html(description))
}

fn list_item_md(href: &str, title: &str, description: &str) -> String {
    format!("- [{title}]({href}): {description}\n")
}

/// Renders every page of the site.
pub fn render_site(content: &Content, config: &Config) -> Vec<SitePage> {
    let shell = Shell { config, company: &content.site.company };
    let site = &config.site_url;
    let mut pages = Vec::new();

    let kinds: [(&str, &str, &[Page], &str); 4] = [
        ("services", "Services", &content.services, "What we do, engagement by engagement."),
        (
            "industries",
            "Industries",
            &content.industries,
            "The sectors we know well and the problems we solve there.",
        ),
        (
            "case-studies",
            "Case studies",
            &content.case_studies,
            "Published work for anonymised clients.",
        ),
        (
            "docs",
            "API documentation",
            &content.docs,
            "How to use the public API, its authentication and its agent surfaces.",
        ),
    ];
    for (kind, heading, items, intro) in kinds {
        for page in items {
            pages.push(item_page(&shell, kind, page));
        }
        let extra: &[(&str, &str, &str)] = if kind == "docs" { &[ERRORS_LISTING] } else { &[] };
        pages.push(listing_page(&shell, kind, heading, intro, items, extra));
    }
    pages.push(errors_page(&shell));
    for guide in &content.guides {
        pages.push(guide_page(&shell, content, guide));
    }
    pages.push(guides_index(&shell, content));
    pages.push(assessment_page(&shell, content));
    pages.push(home_page(&shell, content, site));
    pages
}

fn item_page(shell: &Shell<'_>, kind: &str, page: &Page) -> SitePage {
    let site = &shell.config.site_url;
    let path = item_path(kind, &page.slug);
    let rendered = markdown_to_html(&page.body, site);
    let main = format!(
        "<h1>{}</h1>\n<p class=\"lede\">{}</p>\n{}",
        escape_html(&page.name),
        escape_html(&page.description),
        rendered.html
    );
    let markdown = format!(
        "# {}\n\n> {}\n\n{}\n---\nCanonical page: {site}{path}\n",
        page.name,
        page.description,
        absolutise_markdown_links(page.body.trim(), site) + "\n"
    );
    SitePage {
        html: shell.html(&path, &page.name, &page.description, &main),
        markdown,
        links: rendered.internal_links.into_iter().map(|l| (page.path.clone(), l)).collect(),
        path,
    }
}

fn listing_page(
    shell: &Shell<'_>,
    kind: &str,
    heading: &str,
    intro: &str,
    items: &[Page],
    extra: &[(&str, &str, &str)],
) -> SitePage {
    let site = &shell.config.site_url;
    let path = format!("/{kind}/");
    let mut main = format!("<h1>{heading}</h1>\n<p class=\"lede\">{intro}</p>\n<ul>\n");
    let mut markdown = format!("# {heading}\n\n{intro}\n\n");
    for page in items {
        let href = format!("{site}{}", item_path(kind, &page.slug));
        main.push_str(&list_item_html(&href, &page.name, &page.description));
        main.push('\n');
        markdown.push_str(&list_item_md(&href, &page.name, &page.description));
    }
    for (extra_path, title, description) in extra {
        let href = format!("{site}{extra_path}");
        main.push_str(&list_item_html(&href, title, description));
        main.push('\n');
        markdown.push_str(&list_item_md(&href, title, description));
    }
    main.push_str("</ul>");
    SitePage { html: shell.html(&path, heading, intro, &main), markdown, links: Vec::new(), path }
}

fn guide_page(shell: &Shell<'_>, content: &Content, guide: &Guide) -> SitePage {
    let site = &shell.config.site_url;
    let path = item_path("guides", &guide.slug);
    let category = &content.categories[guide.category];
    let rendered = markdown_to_html(&guide.body, site);
    let mut answers_html = String::new();
    let mut answers_md = String::new();
    for answer in &guide.answers {
        let _ = write!(answers_html, "<li>{}</li>", escape_html(answer));
        let _ = writeln!(answers_md, "- {answer}");
    }
    let main = format!(
        "<p><a href=\"{site}/guides/#{key}\">{category}</a></p>\n<h1>{title}</h1>\n<p class=\"lede\">{description}</p>\n\
<aside aria-label=\"Questions this guide answers\"><p>This guide answers:</p><ul>{answers_html}</ul></aside>\n{body}",
        key = category.key,
        category = escape_html(&category.name),
        title = escape_html(&guide.title),
        description = escape_html(&guide.description),
        body = rendered.html,
    );
    let markdown = format!(
        "# {title}\n\n> {description}\n\nCategory: {category}\n\nThis guide answers:\n\n{answers_md}\n{body}\n\n---\nCanonical page: {site}{path}\n",
        title = guide.title,
        description = guide.description,
        category = category.name,
        body = absolutise_markdown_links(guide.body.trim(), site),
    );
    SitePage {
        html: shell.html(&path, &guide.title, &guide.description, &main),
        markdown,
        links: rendered.internal_links.into_iter().map(|l| (guide.path.clone(), l)).collect(),
        path,
    }
}

fn guides_index(shell: &Shell<'_>, content: &Content) -> SitePage {
    let site = &shell.config.site_url;
    let intro = format!(
        "{} practical guides on data and AI in {} categories. Search them through the API at /v1/resources.",
        content.guides.len(),
        content.categories.len()
    );
    let mut main = format!("<h1>Guides</h1>\n<p class=\"lede\">{}</p>\n", escape_html(&intro));
    let mut markdown = format!("# Guides\n\n{intro}\n");
    for (idx, category) in content.categories.iter().enumerate() {
        let _ = write!(
            main,
            "<h2 id=\"{}\">{}</h2>\n<p>{}</p>\n<ul>\n",
            category.key,
            escape_html(&category.name),
            escape_html(&category.description)
        );
        let _ = write!(markdown, "\n## {}\n\n{}\n\n", category.name, category.description);
        for guide in content.guides.iter().filter(|g| g.category == idx) {
            let href = format!("{site}{}", item_path("guides", &guide.slug));
            main.push_str(&list_item_html(&href, &guide.title, &guide.description));
            main.push('\n');
            markdown.push_str(&list_item_md(&href, &guide.title, &guide.description));
        }
        main.push_str("</ul>\n");
    }
    SitePage {
        html: shell.html("/guides/", "Guides", &intro, &main),
        markdown,
        links: Vec::new(),
        path: "/guides/".into(),
    }
}

fn home_page(shell: &Shell<'_>, content: &Content, site: &str) -> SitePage {
    let mut main = format!(
        "<h1>{}</h1>\n<p class=\"lede\">{}</p>\n<p>{}</p>\n",
        escape_html(&content.site.company),
        escape_html(&content.site.tagline),
        escape_html(&content.site.description)
    );
    let mut markdown = format!(
        "# {}\n\n> {}\n\n{}\n",
        content.site.company, content.site.tagline, content.site.description
    );
    let sections: [(&str, &str, &[Page]); 3] = [
        ("Services", "services", &content.services),
        ("Industries", "industries", &content.industries),
        ("Case studies", "case-studies", &content.case_studies),
    ];
    for (heading, kind, items) in sections {
        let _ = write!(main, "<h2><a href=\"{site}/{kind}/\">{heading}</a></h2>\n<ul>\n");
        let _ = write!(markdown, "\n## {heading}\n\n");
        for page in items {
            let href = format!("{site}{}", item_path(kind, &page.slug));
            main.push_str(&list_item_html(&href, &page.name, &page.description));
            main.push('\n');
            markdown.push_str(&list_item_md(&href, &page.name, &page.description));
        }
        main.push_str("</ul>\n");
    }
    let _ = write!(main, "<h2><a href=\"{site}/guides/\">Guides</a></h2>\n<ul>\n");
    markdown.push_str("\n## Guides\n\n");
    for (idx, category) in content.categories.iter().enumerate() {
        let n = content.guides.iter().filter(|g| g.category == idx).count();
        let href = format!("{site}/guides/#{}", category.key);
        let label = format!("{} ({n} guides)", category.name);
        main.push_str(&list_item_html(&href, &label, &category.description));
        main.push('\n');
        markdown.push_str(&list_item_md(&href, &label, &category.description));
    }
    main.push_str("</ul>\n");
    let assessment = &content.assessment.title;
    let _ = write!(
        main,
        "<h2>{}</h2>\n<p><a href=\"{site}{ASSESSMENT_PATH}\">Take the {} questions</a> and get a score, a maturity band and advice for your weakest area.</p>\n\
<h2>For developers and agents</h2>\n<p>Everything here is also a JSON API: <a href=\"{api}/v1\">{api}/v1</a>, described by <a href=\"{api}/openapi.json\">an OpenAPI document</a> and <a href=\"{site}/docs/\">the API documentation</a>.</p>\n",
        escape_html(assessment),
        content.assessment.sections.iter().map(|s| s.questions.len()).sum::<usize>(),
        api = shell.config.api_base,
    );
    let _ = write!(
        markdown,
        "\n## {assessment}\n\nInteractive version: {site}{ASSESSMENT_PATH}\n\n## For developers and agents\n\n- API index: {api}/v1\n- OpenAPI: {api}/openapi.json\n- Documentation: {site}/docs/\n",
        api = shell.config.api_base,
    );
    SitePage {
        html: shell.html("/", &content.site.company, &content.site.tagline, &main),
        markdown,
        links: Vec::new(),
        path: "/".into(),
    }
}

/// The interactive assessment: a form of every question whose inline script posts the option
/// indices to the score endpoint and draws the result. No external assets, no framework.
fn assessment_page(shell: &Shell<'_>, content: &Content) -> SitePage {
    let assessment = &content.assessment;
    let mut main = format!("<h1>{}</h1>\n", escape_html(&assessment.title));
    let mut markdown = format!("# {}\n\n", assessment.title);
    if let Some(instructions) = &assessment.instructions {
        let _ = writeln!(main, "<p class=\"lede\">{}</p>", escape_html(instructions));
        let _ = writeln!(markdown, "{instructions}\n");
    }
    let _ = writeln!(
        markdown,
        "Score your answers with `POST {}/v1/ai-readiness/score` and a body `{{\"answers\": [...]}}` of {} option indices (0-4), one per question in order.\n",
        shell.config.api_base,
        assessment.sections.iter().map(|s| s.questions.len()).sum::<usize>()
    );
    main.push_str("<form id=\"assessment\" novalidate>\n");
    let mut question_idx = 0;
    for section in &assessment.sections {
        let _ = writeln!(main, "<h2>{}</h2>", escape_html(&section.title));
        let _ = writeln!(markdown, "## {}\n", section.title);
        if let Some(desc) = &section.desc {
            let _ = writeln!(main, "<p>{}</p>", escape_html(desc));
            let _ = writeln!(markdown, "{desc}\n");
        }
        for question in &section.questions {
            let _ = write!(
                main,
                "<fieldset>\n<legend>{}. {}</legend>\n",
                question_idx + 1,
                escape_html(&question.q)
            );
            let _ = writeln!(markdown, "{}. {}\n", question_idx + 1, question.q);
            if let Some(ctx) = &question.ctx {
                let _ = writeln!(main, "<p class=\"ctx\">{}</p>", escape_html(ctx));
            }
            for (option_idx, option) in question.opts.iter().enumerate() {
                let _ = writeln!(
                    main,
                    "<label><input type=\"radio\" name=\"q{question_idx}\" value=\"{option_idx}\" required> {}</label>",
                    escape_html(option)
                );
                let _ = writeln!(markdown, "   {option_idx}. {option}");
            }
            main.push_str("</fieldset>\n");
            markdown.push('\n');
            question_idx += 1;
        }
    }
    main.push_str("<h2>Maturity bands</h2>\n<p>The score runs from 0 to 100; each band starts at the score shown.</p>\n<dl>\n");
    markdown.push_str("## Maturity bands\n\nThe score runs from 0 to 100; each band starts at the score shown.\n\n");
    for band in &assessment.bands {
        let summary = band.summary.as_deref().unwrap_or("");
        let _ = writeln!(
            main,
            "<dt>{} (from {})</dt><dd>{}</dd>",
            escape_html(&band.name),
            band.min,
            escape_html(summary)
        );
        let _ = writeln!(markdown, "- **{}** (from {}): {summary}", band.name, band.min);
    }
    main.push_str("</dl>\n");
    let _ = write!(
        main,
        "<p id=\"form-error\" class=\"error\" role=\"alert\"></p>\n<button type=\"submit\">Score my answers</button>\n</form>\n\
<section id=\"result\" aria-live=\"polite\" hidden>\n<h2>Your result</h2>\n<p><strong id=\"score\"></strong> <span id=\"band\"></span></p>\n\
<ul id=\"guidance\"></ul>\n<h3>Pillar averages (1 to 5)</h3>\n<div id=\"pillars\"></div>\n<h3>Where to start</h3>\n<p id=\"advice\"></p>\n</section>\n\
<script>\n{script}</script>\n",
        script = assessment_script(&shell.config.api_base, question_idx),
    );
    SitePage {
        html: shell.html(
            ASSESSMENT_PATH,
            &assessment.title,
            "Score your organisation's readiness for AI in sixteen questions.",
            &main,
        ),
        markdown,
        links: Vec::new(),
        path: ASSESSMENT_PATH.into(),
    }
}

/// The inline script. `buildBody` is the one place the request body is made: the option index
/// of every question, in order, as `{"answers": [...]}`.
fn assessment_script(api_base: &str, n_questions: usize) -> String {
    format!(
        r#"const API = "{api_base}/v1/ai-readiness/score";
const N_QUESTIONS = {n_questions};
function buildBody(form) {{
  const answers = [];
  for (let i = 0; i < N_QUESTIONS; i++) {{
    const checked = form.querySelector('input[name="q' + i + '"]:checked');
    if (!checked) return {{ missing: i + 1 }};
    answers.push(Number(checked.value));
  }}
  return {{ body: JSON.stringify({{ answers: answers }}) }};
}}
function el(tag, text) {{ const node = document.createElement(tag); node.textContent = text; return node; }}
function show(result) {{
  document.getElementById("score").textContent = result.score + " / 100";
  document.getElementById("band").textContent = result.band.name;
  const guidance = document.getElementById("guidance");
  guidance.replaceChildren(...result.band.guidance.map(function (line) {{ return el("li", line); }}));
  const pillars = document.getElementById("pillars");
  pillars.replaceChildren();
  for (const key of Object.keys(result.pillars)) {{
    const pillar = result.pillars[key];
    pillars.append(el("div", pillar.title + ": " + pillar.average.toFixed(2)));
    const bar = document.createElement("div"); bar.className = "bar";
    bar.setAttribute("role", "img"); bar.setAttribute("aria-label", pillar.title + " " + pillar.average.toFixed(2) + " of 5");
    const fill = document.createElement("span"); fill.style.width = (pillar.average / 5 * 100) + "%";
    bar.append(fill); pillars.append(bar);
  }}
  const weakest = result.pillars[result.weakestPillar];
  document.getElementById("advice").textContent = weakest.title + ": " + (weakest.advice || "");
  const section = document.getElementById("result"); section.hidden = false; section.scrollIntoView();
}}
document.getElementById("assessment").addEventListener("submit", async function (event) {{
  event.preventDefault();
  const error = document.getElementById("form-error");
  const built = buildBody(event.target);
  if (built.missing) {{ error.textContent = "Please answer question " + built.missing + "."; return; }}
  error.textContent = "";
  try {{
    const response = await fetch(API, {{ method: "POST", headers: {{ "Content-Type": "application/json" }}, body: built.body }});
    const data = await response.json();
    if (!response.ok) {{ error.textContent = data.error ? data.error.message : "Scoring failed."; return; }}
    show(data);
  }} catch (e) {{ error.textContent = "The scoring service could not be reached."; }}
}});
"#
    )
}

/// The error-code reference: one anchored entry per code, so an Error body's `docs` link
/// (`/docs/errors/#<code>`) lands on its explanation.
fn errors_page(shell: &Shell<'_>) -> SitePage {
    let intro = "Every error response of the API has the body {\"error\": {\"code\", \"message\", \"docs\", \"openapi\"}}. \
The code is stable and machine-readable; the message is for people and may improve. The OAuth endpoints answer with RFC 6749 error bodies instead. \
The MCP servers answer JSON-RPC errors, with the code in `error.data.code`.";
    let mut main =
        format!("<h1>Error codes</h1>\n<p class=\"lede\">{}</p>\n<dl>\n", escape_html(intro));
    let mut markdown =
        format!("# Error codes\n\n{intro}\n\n| code | status | meaning |\n|---|---|---|\n");
    for (code, status, meaning) in super::model::ERROR_CODES {
        let _ = writeln!(
            main,
            "<dt id=\"{code}\"><code>{code}</code> ({status})</dt>\n<dd>{}</dd>",
            escape_html(meaning)
        );
        let _ = writeln!(markdown, "| `{code}` | {status} | {meaning} |");
    }
    main.push_str("</dl>\n");
    SitePage {
        html: shell.html(ERRORS_PATH, "Error codes", "Every error code of the API.", &main),
        markdown,
        links: Vec::new(),
        path: ERRORS_PATH.into(),
    }
}
