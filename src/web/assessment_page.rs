//! `/ai-readiness/result/?q0=...&q15=...`: the assessment scored by the server, where the
//! assessment's form submits when the browser runs no scripts (with scripts, the page scores
//! in place through the API and never comes here).
//!
//! The form's radio buttons are named `q0` to `q15` and valued with the option index, so the
//! query string is the form as submitted; `a=` and the sixteen digits (the interactive page's
//! share fragment) is read too, and the parameters' order does not matter. Only `q0` to `q15`
//! as the form writes them are question parameters: others (`q01`, `q16`) are unknown, and
//! unknown parameters are ignored, as on `/search/`. The answers are scored by the same core
//! as `POST /v1/ai-readiness/score` (`ops::readiness`), so the result is the API's, and drawn
//! as the interactive page draws it: score and band, guidance, pillar averages, the weakest
//! pillar's advice first, the next step. A question left unanswered, answered twice (`a` and
//! its own parameter count as two answers), or with a value that is not exactly one digit
//! naming one of its options gives a 400 page that says which. No I/O.
//!
//! A client that prefers `text/markdown` (as a page's negotiation reads `Accept`) gets the same
//! result, or the same problem, as markdown ([`markdown_from_query`]).

use std::fmt::Write as _;

use super::{HtmlPage, MarkdownPage, Outcome, escape_html, escape_markdown};
use crate::model::{N_OPTIONS, N_QUESTIONS, PILLAR_KEYS};
use crate::ops::readiness;
use crate::scoring::{PillarResult, ReadinessResult};
use crate::tables::{
    ASSESSMENT_RESULT_CTA, ASSESSMENT_RESULT_PAGE, CONTACT_EMAIL, INTERACTIVE_URL, NEXT_STEP_OFFER,
    NEXT_STEP_OFFER_HTML,
};
use crate::wire::form::parse_read_pairs;

/// The page for a raw query string.
pub fn from_query(query: Option<&str>) -> HtmlPage {
    match scored(query) {
        Ok((result, indices)) => result_page(&result, &indices),
        Err(problem) => problem_page(&problem.html()),
    }
}

/// The page for a raw query string as markdown, for a client that prefers it.
pub fn markdown_from_query(query: Option<&str>) -> MarkdownPage {
    match scored(query) {
        Ok((result, indices)) => {
            MarkdownPage { outcome: Outcome::Ok, markdown: result_markdown(&result, &indices) }
        }
        Err(problem) => MarkdownPage {
            outcome: Outcome::BadRequest,
            markdown: format!(
                "# Your answers need another look\n\n{}\n\nGo back to the questions, {INTERACTIVE_URL}index.md (as markdown) or {INTERACTIVE_URL}, answer every one, and score again.\n",
                problem.markdown()
            ),
        },
    }
}

/// The answers of a raw query string, scored, with their option indices; or what is wrong.
fn scored(query: Option<&str>) -> Result<(ReadinessResult, [u8; N_QUESTIONS]), Problem> {
    let indices = answers(query.unwrap_or(""))?;
    let request = serde_json::json!({ "answers": indices });
    match readiness::score(&request) {
        Ok(result) => Ok((result, indices)),
        Err(error) => Err(Problem::text(error.message)),
    }
}

/// What is wrong with the answers, in words: pieces of text, some of them (a parameter's
/// name) shown as code.
struct Problem(Vec<(Piece, String)>);

#[derive(Clone, Copy, PartialEq, Eq)]
enum Piece {
    Text,
    Code,
}

impl Problem {
    fn text(text: String) -> Problem {
        Problem(vec![(Piece::Text, text)])
    }

    fn html(&self) -> String {
        let mut html = String::new();
        for (piece, text) in &self.0 {
            match piece {
                Piece::Text => html.push_str(&escape_html(text)),
                Piece::Code => {
                    let _ = write!(html, "<code>{}</code>", escape_html(text));
                }
            }
        }
        html
    }

    fn markdown(&self) -> String {
        let mut md = String::new();
        for (piece, text) in &self.0 {
            match piece {
                // A code span cannot hold its own delimiter; such a name is escaped text.
                Piece::Code if !text.contains('`') && !text.chars().any(char::is_control) => {
                    let _ = write!(md, "`{text}`");
                }
                _ => md.push_str(&escape_markdown(text)),
            }
        }
        md
    }
}

/// The option index of every question, from `q0`..`q15` or `a`; or what is wrong.
///
/// The order of the parameters changes nothing: every answer is gathered first, then judged.
/// A question answered by both `a` and its own parameter, by `a` twice or by its parameter
/// twice is answered twice. Only `q0` to `q15` as the form writes them are question
/// parameters (`q01`, `q+1` and `q16` are unknown ones, ignored), and an answer is exactly one
/// digit naming an option (`00` and ` 1` are not).
fn answers(query: &str) -> Result<[u8; N_QUESTIONS], Problem> {
    let reads = |name: &str| name == "a" || question_param(name).is_some();
    let pairs = parse_read_pairs(query, reads).map_err(|bad| {
        Problem(vec![
            (Piece::Text, "The parameter ".to_owned()),
            (Piece::Code, bad.0),
            (Piece::Text, " is not valid UTF-8.".to_owned()),
        ])
    })?;
    // Per question: the answers given, and whether any was not an option.
    let mut n_given = [0usize; N_QUESTIONS];
    let mut given: [Option<u8>; N_QUESTIONS] = [None; N_QUESTIONS];
    let mut not_an_option = [false; N_QUESTIONS];
    let mut malformed_link = false;
    for (name, value) in &pairs {
        if name == "a" {
            let digits: Option<Vec<u8>> = value.bytes().map(option_index).collect();
            match digits {
                Some(digits) if digits.len() == N_QUESTIONS => {
                    for (idx, digit) in digits.into_iter().enumerate() {
                        n_given[idx] += 1;
                        given[idx] = Some(digit);
                    }
                }
                _ => malformed_link = true,
            }
            continue;
        }
        let Some(idx) = question_param(name) else { continue };
        n_given[idx] += 1;
        match single_byte(value).and_then(option_index) {
            Some(option) => given[idx] = Some(option),
            None => not_an_option[idx] = true,
        }
    }
    if malformed_link {
        return Err(Problem(vec![
            (Piece::Text, "The link's answers (".to_owned()),
            (Piece::Code, "a=".to_owned()),
            (
                Piece::Text,
                format!(") should be {N_QUESTIONS} digits, each from 0 to {}.", N_OPTIONS - 1),
            ),
        ]));
    }
    let twice: Vec<usize> = (1..=N_QUESTIONS).filter(|&n| n_given[n - 1] > 1).collect();
    if !twice.is_empty() {
        return Err(Problem::text(format!(
            "{} answered twice; each question takes one answer.",
            questions(&twice)
        )));
    }
    let invalid: Vec<usize> = (1..=N_QUESTIONS).filter(|&n| not_an_option[n - 1]).collect();
    if !invalid.is_empty() {
        return Err(Problem::text(format!(
            "The answer to {} is not one of its options.",
            questions(&invalid).to_lowercase()
        )));
    }
    // Every question needs an answer, but not every one is scored (the first, the
    // organisation's size, says beside its options that it does not affect the score), so the
    // message says what to do rather than that each answer counts.
    let missing: Vec<usize> = (1..=N_QUESTIONS).filter(|&n| given[n - 1].is_none()).collect();
    if !missing.is_empty() {
        return Err(Problem::text(format!(
            "{} {} no answer yet; answer every question to get your score.",
            questions(&missing),
            if missing.len() == 1 { "has" } else { "have" }
        )));
    }
    Ok(given.map(|g| g.unwrap_or(0)))
}

/// The question a parameter answers: `q` and its index as the form writes it, in decimal
/// without a sign or leading zeros.
fn question_param(name: &str) -> Option<usize> {
    let digits = name.strip_prefix('q')?;
    let canonical = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    if !canonical {
        return None;
    }
    digits.parse::<usize>().ok().filter(|&idx| idx < N_QUESTIONS)
}

/// The only byte of a value one byte long.
fn single_byte(value: &str) -> Option<u8> {
    match value.as_bytes() {
        &[byte] => Some(byte),
        _ => None,
    }
}

/// The option a digit names: `0` to `4`.
fn option_index(digit: u8) -> Option<u8> {
    let option = digit.checked_sub(b'0')?;
    (usize::from(option) < N_OPTIONS).then_some(option)
}

/// "Question 3", "Questions 3 and 7", "Questions 3, 7 and 12".
fn questions(numbers: &[usize]) -> String {
    let mut text = String::from(if numbers.len() == 1 { "Question " } else { "Questions " });
    for (at, n) in numbers.iter().enumerate() {
        if at > 0 {
            text.push_str(if at + 1 == numbers.len() { " and " } else { ", " });
        }
        let _ = write!(text, "{n}");
    }
    text
}

fn problem_page(problem_html: &str) -> HtmlPage {
    let content = format!(
        "<p class=\"error\" role=\"alert\">{problem_html}</p>\n<p>Go back to <a href=\"{INTERACTIVE_URL}\">the questions</a> (your browser's Back button keeps the answers you gave), answer every one, and score again.</p>\n"
    );
    fill(
        "Your answers need another look",
        "Your answers need another look",
        &content,
        Outcome::BadRequest,
    )
}

fn result_page(result: &ReadinessResult, indices: &[u8; N_QUESTIONS]) -> HtmlPage {
    let mut html = String::new();
    let _ = writeln!(
        html,
        "<p class=\"lede\"><strong>{} out of 100</strong>, in the <strong>{}</strong> band.</p>",
        result.score,
        escape_html(result.band.name)
    );
    html.push_str("<ul>\n");
    for line in result.band.guidance {
        let _ = writeln!(html, "<li>{}</li>", escape_html(line));
    }
    html.push_str("</ul>\n<h2>Pillar averages (1 to 5)</h2>\n<div class=\"table-wrap\" role=\"region\" tabindex=\"0\" aria-label=\"Pillar averages\">\n<table>\n<thead><tr><th scope=\"col\">Area</th><th scope=\"col\">Average</th></tr></thead>\n<tbody>\n");
    let pillars = pillars_of(result);
    for pillar in pillars {
        let _ = writeln!(
            html,
            "<tr><th scope=\"row\">{}</th><td>{:.2}</td></tr>",
            escape_html(pillar.title),
            pillar.average
        );
    }
    html.push_str("</tbody>\n</table>\n</div>\n<h2>Where to start</h2>\n");
    let weakest = PILLAR_KEYS.iter().position(|&k| k == result.weakest_pillar).unwrap_or(0);
    advice(&mut html, pillars[weakest]);
    for (idx, pillar) in pillars.iter().enumerate() {
        if idx != weakest {
            advice(&mut html, pillar);
        }
    }
    // The API's `nextStep` ends with the service's bare address; the page says the same words
    // with the service's name as the link.
    html.push_str("<h2>Next step</h2>\n<p>");
    match result.next_step.strip_suffix(NEXT_STEP_OFFER) {
        Some(text) => {
            html.push_str(&escape_html(text));
            html.push_str(NEXT_STEP_OFFER_HTML);
        }
        None => html.push_str(&escape_html(result.next_step)),
    }
    html.push_str("</p>\n");
    let digits: String = indices.iter().map(|d| char::from(b'0' + d)).collect();
    let _ = writeln!(
        html,
        "<p id=\"share\">Link to this result, to bookmark or share: <a href=\"{url}\">{url}</a></p>",
        url = escape_html(&format!("{INTERACTIVE_URL}#a={digits}"))
    );
    html.push_str(ASSESSMENT_RESULT_CTA);
    let title = format!("Your result: {} out of 100", result.score);
    fill(&title, &title, &html, Outcome::Ok)
}

/// The result's pillars in the questions' order.
fn pillars_of(result: &ReadinessResult) -> [&PillarResult; 4] {
    [&result.pillars.strategy, &result.pillars.people, &result.pillars.data, &result.pillars.change]
}

/// [`result_page`]'s content as markdown: the same words, the pillars as a table, the links
/// bare.
fn result_markdown(result: &ReadinessResult, indices: &[u8; N_QUESTIONS]) -> String {
    let mut md = format!(
        "# Your result: {score} out of 100\n\n**{score} out of 100**, in the **{}** band.\n\n",
        escape_markdown(result.band.name),
        score = result.score
    );
    for line in result.band.guidance {
        let _ = writeln!(md, "- {}", escape_markdown(line));
    }
    md.push_str("\n## Pillar averages (1 to 5)\n\n| Area | Average |\n|---|---|\n");
    let pillars = pillars_of(result);
    for pillar in pillars {
        let _ = writeln!(md, "| {} | {:.2} |", escape_markdown(pillar.title), pillar.average);
    }
    md.push_str("\n## Where to start\n\n");
    let weakest = PILLAR_KEYS.iter().position(|&k| k == result.weakest_pillar).unwrap_or(0);
    let order = std::iter::once(weakest).chain((0..pillars.len()).filter(|&idx| idx != weakest));
    for pillar in order.map(|idx| pillars[idx]) {
        if let Some(text) = pillar.advice {
            let _ =
                writeln!(md, "**{}:** {}\n", escape_markdown(pillar.title), escape_markdown(text));
        }
    }
    let digits: String = indices.iter().map(|d| char::from(b'0' + d)).collect();
    let _ = write!(
        md,
        "## Next step\n\n{}\n\nLink to this result, to bookmark or share: {INTERACTIVE_URL}#a={digits}\n\nTo talk through your result with us, email [{CONTACT_EMAIL}](mailto:{CONTACT_EMAIL}).\n",
        escape_markdown(result.next_step)
    );
    md
}

fn advice(html: &mut String, pillar: &PillarResult) {
    if let Some(text) = pillar.advice {
        let _ = writeln!(
            html,
            "<p><strong>{}:</strong> {}</p>",
            escape_html(pillar.title),
            escape_html(text)
        );
    }
}

/// The build's template with its holes filled: the `<title>` text, the heading, the content.
fn fill(title: &str, heading: &str, content: &str, outcome: Outcome) -> HtmlPage {
    let title = escape_html(title);
    let heading = escape_html(heading);
    let holes = [title.as_str(), heading.as_str(), content];
    let size = ASSESSMENT_RESULT_PAGE.iter().chain(&holes).map(|part| part.len()).sum();
    let mut html = String::with_capacity(size);
    html.push_str(ASSESSMENT_RESULT_PAGE[0]);
    for (hole, piece) in holes.iter().zip(&ASSESSMENT_RESULT_PAGE[1..]) {
        html.push_str(hole);
        html.push_str(piece);
    }
    HtmlPage { outcome, html }
}
