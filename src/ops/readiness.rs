//! The readiness assessment: its questions, and scoring answers sent by any surface.
//!
//! `answers` arrives as JSON on every surface (a REST body, MCP tool arguments, an A2A data
//! part), so the core reads it from a `serde_json::Value` and every surface refuses the same
//! input with the same error.

use serde_json::Value;

use super::error::Error;
use crate::model::{FixedJson, N_OPTIONS, N_QUESTIONS, N_SCORED};
use crate::scoring::{self, ReadinessResult};
use crate::tables::{ASSESSMENT_JSON, QUESTIONS};

/// The Assessment object as JSON, exactly as `GET /v1/ai-readiness/questions` serves it,
/// with its escaped twin.
pub fn questions_json() -> FixedJson {
    ASSESSMENT_JSON
}

/// Scores a request object `{"answers": [...]}`.
pub fn score(request: &Value) -> Result<ReadinessResult, Error> {
    parse_answers(request).map(|points| scoring::score(&points))
}

/// Words that ask for the assessment to be scored ("score these answers: ...", "my readiness
/// assessment: ..."), lowercased, as written.
const SCORE_REQUEST_WORDS: &[&str] =
    &["assess", "assessment", "readiness", "score", "scored", "scores", "scoring"];

/// Fewest numbers a text must end with to be read as answers: one number is a question's
/// ("what does a score of 3 mean?"), two or more a list, to be scored or refused.
const TYPED_ANSWERS_MIN: usize = 2;

/// Readiness answers typed as text: `{"answers": [...]}` of the numbers a text ends with
/// ("score these answers: 2,3,1,4,...", separated by commas, semicolons or spaces, in
/// brackets or not), when the text before them asks for a score, or is empty and the
/// latest earlier turn (`prev`, oldest first) did ("score my AI readiness", then the list).
/// `None` when the text is not such a request; the list is then not read, and the text is a
/// question. Whatever the numbers are, [`score`] decides, with the errors a JSON list gets:
/// 15 numbers, a 7 or a 2.5 are refused as they would be in a data part. A text that is
/// itself a JSON object with `answers` (the agent card's example, `{"answers":[2,3,...]}`,
/// sent as text, as a client that sends a skill's examples as prompts does) is that object,
/// read as the data part it spells.
pub fn answers_in_text(text: &str, prev: &[&str]) -> Option<Value> {
    if let Some(object) = answers_object(text) {
        return Some(object);
    }
    let is_list_char = |c: char| {
        c.is_ascii_digit() || c.is_whitespace() || matches!(c, ',' | ';' | '.' | '-' | '[' | ']')
    };
    let text = text.trim_end_matches(|c: char| c.is_whitespace() || c == '.');
    let start = text
        .char_indices()
        .rev()
        .find(|&(_, c)| !is_list_char(c))
        .map_or(0, |(at, c)| at + c.len_utf8());
    let (request, list) = text.split_at(start);
    // The list starts at its first digit or sign: "answers." ends the request, not the list.
    let list = &list[list.find(|c: char| c.is_ascii_digit() || c == '-')?..];
    let list = list.trim_end_matches(']');
    let numbers: Vec<&str> = list
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '[' | ']'))
        .filter(|n| !n.is_empty())
        .collect();
    if numbers.len() < TYPED_ANSWERS_MIN {
        return None;
    }
    let asks = |text: &str| {
        text.split(|c: char| !c.is_alphanumeric())
            .any(|word| SCORE_REQUEST_WORDS.contains(&word.to_lowercase().as_str()))
    };
    let request_empty = !request.chars().any(char::is_alphanumeric);
    if !(asks(request) || (request_empty && prev.last().is_some_and(|turn| asks(turn)))) {
        return None;
    }
    let mut request = serde_json::Map::new();
    request.insert("answers".to_string(), list_values(&numbers));
    Some(Value::Object(request))
}

/// The numbers of a typed list as the JSON array a data part would hold. What is not a number
/// ("2.3.4", "-") stays text, which the scoring refuses by position.
fn list_values(numbers: &[&str]) -> Value {
    Value::Array(
        numbers
            .iter()
            .map(|&number| match number.parse::<i64>() {
                Ok(integer) => Value::from(integer),
                Err(_) => number.parse::<f64>().map_or_else(|_| Value::from(number), Value::from),
            })
            .collect(),
    )
}

/// A string that is a list of answers as A2A reads one typed as text ("2,3,1,4,...",
/// "[2, 3, 1, ...]", separated by commas, semicolons or spaces) as the JSON array it spells,
/// for a tool argument that some clients send as a string: MCP's `score_assessment` takes
/// `"answers": "[2,3,1,...]"` as the array. `None` for a string that is not such a list (a
/// word in it, or no number at all), which the caller refuses as before: not an array. One
/// run of digits (`"2222333344441111"`, as the site's result links write the answers) is no
/// list either: read as a list of one number it was refused as "answers has 1 item", which
/// sent an agent looking for a missing answer (since 2026-12-05).
pub fn answers_in_string(text: &str) -> Option<Value> {
    let list = text.trim();
    let list = list.strip_prefix('[').and_then(|l| l.strip_suffix(']')).unwrap_or(list);
    let is_list_char =
        |c: char| c.is_ascii_digit() || c.is_whitespace() || matches!(c, ',' | ';' | '.' | '-');
    if !list.chars().all(is_list_char) || !list.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let numbers: Vec<&str> = list
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';'))
        .filter(|n| !n.is_empty())
        .collect();
    if let [only] = numbers.as_slice()
        && only.chars().filter(char::is_ascii_digit).count() > 1
    {
        return None;
    }
    Some(list_values(&numbers))
}

/// The repetition in a text that is a JSON object but for a member name given twice (white
/// space around it aside), which [`answers_in_text`] does not read: such a text is refused
/// with `duplicate_member`, as a body repeating a member is, rather than answered as a
/// question made of JSON (since 2026-12-05). Only a text [`answers_in_text`] did not read
/// is looked at, so a question or a list of answers costs nothing more.
pub fn repeated_in_text(text: &str) -> Option<crate::json::Duplicate> {
    let text = text.trim();
    if !text.starts_with('{') {
        return None;
    }
    match crate::json::read(text.as_bytes()) {
        Err(crate::json::ReadError::Duplicate(duplicate)) => Some(duplicate),
        _ => None,
    }
}

/// The text as a JSON object holding `answers`, if it is one (surrounding white space aside).
/// An object that repeats a member name is ambiguous, as a body would be, and is not read
/// ([`repeated_in_text`] names the repetition).
fn answers_object(text: &str) -> Option<Value> {
    let text = text.trim();
    if !text.starts_with('{') {
        return None;
    }
    match crate::json::read(text.as_bytes()) {
        Ok(object @ Value::Object(_)) if object.get("answers").is_some() => Some(object),
        _ => None,
    }
}

/// The points of a JSON body that is exactly `{"answers": [...]}` with every answer a valid
/// one-digit integer, read straight into the answers by a scanner of that one shape (no
/// `Value` tree, no allocation: parsing cost more than half the request). `None` for anything
/// else, every error included: the caller then takes the general path, [`parse_answers`] on
/// the value serde_json parses, which stays the authority on what JSON means, so every surface
/// words its errors the same way whatever the input.
pub fn plain_points(body: &[u8]) -> Option<[u8; N_SCORED]> {
    let mut answers = [0u8; N_QUESTIONS];
    let n_answers = scan_plain(body, &mut answers)?;
    // The scanners write each answer as its byte less `'0'`, wrapping, so anything but a
    // digit is past 9, and so past both ranges: this one check refuses it too.
    match n_answers {
        N_QUESTIONS if answers.iter().all(|&a| usize::from(a) < N_OPTIONS) => {
            Some(SCORED_QUESTIONS.map(|q| answers[usize::from(q)] + 1))
        }
        N_SCORED
            if answers[..N_SCORED].iter().all(|&a| (1..=N_OPTIONS).contains(&usize::from(a))) =>
        {
            let mut points = [0u8; N_SCORED];
            points.copy_from_slice(&answers[..N_SCORED]);
            Some(points)
        }
        _ => None,
    }
}

/// The index of each scored question in `QUESTIONS`, in order: worked out when the binary is
/// built (a constant, so the compiler knows every index and checks no bounds), so turning 16
/// option indices into points reads 15 bytes rather than filtering the 16 question records.
const SCORED_QUESTIONS: [u8; N_SCORED] = {
    let mut scored = [0u8; N_SCORED];
    let (mut q, mut n) = (0, 0);
    assert!(QUESTIONS.len() == N_QUESTIONS, "QUESTIONS has not N_QUESTIONS questions");
    while q < QUESTIONS.len() {
        if QUESTIONS[q].scored {
            assert!(n < N_SCORED, "QUESTIONS has more than N_SCORED scored questions");
            scored[n] = q as u8;
            n += 1;
        }
        q += 1;
    }
    assert!(n == N_SCORED, "QUESTIONS has not N_SCORED scored questions");
    scored
};

/// Reads `{"answers":[d,d,...]}` (JSON whitespace anywhere between tokens, each `d` one
/// ASCII digit) into `out`; the number of answers, or `None` if the body is anything else
/// (another key, an escape, a longer number, a fraction, more than 16 answers, trailing text).
fn scan_plain(body: &[u8], out: &mut [u8; N_QUESTIONS]) -> Option<usize> {
    fn skip_space(rest: &mut &[u8]) {
        while let [b' ' | b'\t' | b'\n' | b'\r', tail @ ..] = rest {
            *rest = tail;
        }
    }
    fn token(rest: &mut &[u8], literal: &[u8]) -> Option<()> {
        skip_space(rest);
        *rest = rest.strip_prefix(literal)?;
        Some(())
    }
    // The compact form client libraries write, `{"answers":[d,d,...,d]}`, two bytes an answer;
    // anything else (whitespace, say) is read again from the start, below.
    if let Some(n) = body.strip_prefix(b"{\"answers\":[").and_then(|rest| scan_compact(rest, out)) {
        return Some(n);
    }
    let mut rest = body;
    token(&mut rest, b"{")?;
    token(&mut rest, b"\"answers\"")?;
    token(&mut rest, b":")?;
    token(&mut rest, b"[")?;
    // Whitespace is skipped only where the expected byte is not next, so a compact body (the
    // usual one) costs one comparison a byte.
    let mut n = 0;
    loop {
        if !rest.first().is_some_and(u8::is_ascii_digit) {
            skip_space(&mut rest);
        }
        let [digit @ b'0'..=b'9', tail @ ..] = rest else { return None };
        *out.get_mut(n)? = digit - b'0';
        n += 1;
        rest = tail;
        if !matches!(rest.first(), Some(b',' | b']')) {
            skip_space(&mut rest);
        }
        match rest {
            [b',', tail @ ..] => rest = tail,
            [b']', tail @ ..] => {
                rest = tail;
                break;
            }
            _ => return None,
        }
    }
    token(&mut rest, b"}")?;
    skip_space(&mut rest);
    rest.is_empty().then_some(n)
}

/// Reads `d,d,...,d]}` (one to 16 answers, each one ASCII digit, no whitespace) into `out`;
/// the number of answers, or `None` if `rest` is anything else.
fn scan_compact(rest: &[u8], out: &mut [u8; N_QUESTIONS]) -> Option<usize> {
    let n = rest.len() / 2;
    if rest.len() % 2 != 1 || n == 0 || n > N_QUESTIONS || rest.last() != Some(&b'}') {
        return None;
    }
    // Every answer's byte is taken as it is (less `'0'`, wrapping): the caller's range check
    // refuses whatever is not a digit. The separators are counted, not checked one by one:
    // with a `]` last, `n - 1` commas means every other one is a comma.
    let mut commas = 0;
    for (pair, slot) in rest.chunks_exact(2).zip(out.iter_mut()) {
        *slot = pair[0].wrapping_sub(b'0');
        commas += usize::from(pair[1] == b',');
    }
    (commas == n - 1 && rest[2 * n - 1] == b']').then_some(n)
}

/// The ReadinessResult as JSON, as the REST endpoint serves it.
pub fn result_json(result: &ReadinessResult) -> Vec<u8> {
    scoring::to_json(result)
}

/// The ReadinessResult of `points` as JSON, byte for byte `result_json(&score(points))`.
pub fn points_json(points: &[u8; N_SCORED]) -> Vec<u8> {
    scoring::score_json(points)
}

/// Reads `{"answers": [...]}` into the 15 points, naming the first problem and its position.
pub fn parse_answers(body: &Value) -> Result<[u8; N_SCORED], Error> {
    let object = body.as_object().ok_or_else(|| {
        Error::invalid_body("the body must be a JSON object such as {\"answers\": [...]}")
    })?;
    if let Some(unknown) = object.keys().find(|k| k.as_str() != "answers") {
        return Err(Error::invalid_body(format!(
            "unknown field `{unknown}`; the body has only `answers`"
        )));
    }
    let answers = object.get("answers").ok_or_else(|| {
        Error::invalid_body(format!(
            "missing field `answers`; send {{\"answers\": [...]}} with {}",
            answer_forms()
        ))
    })?;
    let answers = answers
        .as_array()
        .ok_or_else(|| Error::invalid_body("`answers` must be an array of integers"))?;
    let max_index = N_OPTIONS as u64 - 1;
    let max_points = N_OPTIONS as u64;
    let range = match answers.len() {
        N_QUESTIONS => 0..=max_index,
        N_SCORED => 1..=max_points,
        n => {
            // "1 item", not "1 items": a one-answer list is the likeliest short one (an
            // agent sending the answer it has so far).
            let items = if n == 1 { "item" } else { "items" };
            return Err(Error::invalid_answers(format!(
                "answers has {n} {items}; send {}",
                answer_forms()
            )));
        }
    };
    let mut values = [0u8; N_QUESTIONS];
    for (idx, answer) in answers.iter().enumerate() {
        // JSON Schema counts 2.0 as an integer, so we do too; a negative or huge integer is an
        // integer out of range, not a non-integer.
        let value = answer.as_u64().or_else(|| answer.as_i64().map(|_| u64::MAX)).or_else(|| {
            answer
                .as_f64()
                .filter(|f| f.fract() == 0.0)
                .map(|f| if (0.0..=max_points as f64).contains(&f) { f as u64 } else { u64::MAX })
        });
        // A number JSON holds only as a double (`99999999999999999999999`, `2.50`) would be
        // shown as the double prints (`1e+23`, `2.5`), not as the client wrote it, so it is
        // not shown at all.
        let is = if answer.is_f64() { " is".to_string() } else { format!(" is {answer},") };
        let Some(value) = value else {
            return Err(Error::invalid_answers(format!(
                "answers[{idx}]{is} not an integer; {}",
                answer_form(answers.len())
            )));
        };
        if !range.contains(&value) {
            return Err(Error::invalid_answers(format!(
                "answers[{idx}]{is} out of range; {}",
                answer_form(answers.len())
            )));
        }
        values[idx] = value as u8;
    }
    Ok(points(&values[..answers.len()]))
}

/// The points of valid answers: every question's option index (16) or the scored questions'
/// points (15).
fn points(values: &[u8]) -> [u8; N_SCORED] {
    let mut points = [0u8; N_SCORED];
    if values.len() == N_QUESTIONS {
        points = SCORED_QUESTIONS.map(|q| values[usize::from(q)] + 1);
    } else {
        points.copy_from_slice(&values[..N_SCORED]);
    }
    points
}

/// What each answer must be, for an answer list of `n_answers` items (16 or 15).
/// The two forms `answers` may take, for a body that has none.
fn answer_forms() -> String {
    let max_index = N_OPTIONS - 1;
    format!(
        "{N_QUESTIONS} option indices (0-{max_index}, every question in order) or {N_SCORED} points (1-{N_OPTIONS}, scored questions only)"
    )
}

fn answer_form(n_answers: usize) -> String {
    let max_index = N_OPTIONS - 1;
    if n_answers == N_QUESTIONS {
        format!("with {N_QUESTIONS} answers each is an option index from 0 to {max_index}")
    } else {
        format!("with {N_SCORED} answers each is a point value from 1 to {N_OPTIONS}")
    }
}

#[cfg(test)]
mod tests {
    /// A list typed after a request to score is the data part's list; a number in a
    /// question, a list without a request, or a request without a list is not.
    #[test]
    fn answers_typed_after_a_score_request_are_the_list() {
        let list = |text: &str, prev: &[&str]| {
            super::answers_in_text(text, prev).map(|request| request["answers"].clone())
        };
        let sixteen = serde_json::json!([2, 3, 1, 4, 2, 3, 0, 4, 3, 2, 1, 3, 4, 2, 3, 1]);
        for text in [
            "score these answers: 2,3,1,4,2,3,0,4,3,2,1,3,4,2,3,1",
            "Please score my readiness [2, 3, 1, 4, 2, 3, 0, 4, 3, 2, 1, 3, 4, 2, 3, 1].",
            "my assessment answers; 2 3 1 4 2 3 0 4 3 2 1 3 4 2 3 1",
        ] {
            assert_eq!(list(text, &[]), Some(sixteen.clone()), "{text}");
        }
        let alone = "2, 3, 1, 4, 2, 3, 0, 4, 3, 2, 1, 3, 4, 2, 3, 1";
        assert_eq!(list(alone, &["score my AI readiness"]), Some(sixteen.clone()));
        assert_eq!(list(alone, &[]), None, "no request");
        assert_eq!(list(alone, &["what is a data contract?"]), None, "no request before");
        assert_eq!(list("what does a readiness score of 3 mean?", &[]), None);
        assert_eq!(list("score my AI readiness", &[]), None);
        // Malformed lists are still the request's, for the scoring to refuse.
        assert_eq!(list("score: 2, 3, 9", &[]), Some(serde_json::json!([2, 3, 9])));
        assert_eq!(list("score: 2, 2.5, 1", &[]), Some(serde_json::json!([2, 2.5, 1])));
        assert_eq!(list("score: 2, 3.1.4, 1", &[]), Some(serde_json::json!([2, "3.1.4", 1])));
        let refused = |text: &str| {
            super::answers_in_text(text, &[]).and_then(|request| super::score(&request).err())
        };
        for text in ["score: 2, 3, 9", "score these: 2,3,1,4,2,3,0,4,3,2,1,3,4,2,3,5"] {
            let error = refused(text).expect("refused");
            assert_eq!(error.kind, crate::model::ErrorKind::InvalidAnswers, "{text}");
        }
    }

    use super::*;

    /// The plain path scores exactly as the general one, and declines everything else.
    #[test]
    fn the_plain_path_agrees_with_the_general_one_and_declines_the_rest() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        for round in 0..20_000 {
            let (len, low, high) = if round % 2 == 0 {
                (N_QUESTIONS, 0, N_OPTIONS - 1)
            } else {
                (N_SCORED, 1, N_OPTIONS)
            };
            let answers: Vec<u64> =
                (0..len).map(|_| low as u64 + next((high - low + 1) as u64)).collect();
            let value = serde_json::json!({ "answers": answers });
            let body = if round % 3 == 0 {
                serde_json::to_string_pretty(&value).expect("serialises")
            } else {
                value.to_string()
            };
            let general = parse_answers(&value);
            assert_eq!(plain_points(body.as_bytes()), general.as_ref().ok().copied(), "{body}");
            // A body changed at one byte: whatever the plain path accepts, the general path
            // accepts too and scores the same.
            let mut mutated = body.into_bytes();
            let at = next(mutated.len() as u64) as usize;
            let bytes = b" \t\n,:[]{}\"0123456789-.eE";
            mutated[at] = bytes[next(bytes.len() as u64) as usize];
            if let Some(plain) = plain_points(&mutated) {
                let value: Value = serde_json::from_slice(&mutated).expect("plain is valid JSON");
                let general = parse_answers(&value);
                assert_eq!(Ok(plain), general, "{}", String::from_utf8_lossy(&mutated));
            }
        }
        let one_to_five = "[1,2,3,4,5,1,2,3,4,5,1,2,3,4,5]";
        for declined in [
            // Each of these is either refused or needs the general path's reading.
            "[]".to_string(),
            format!("{{\"answers\":{one_to_five},\"extra\":1}}"),
            format!("{{\"answers\":{one_to_five},\"answers\":{one_to_five}}}"),
            "{\"answers\":[1,2,3,4,5,1,2,3,4,5,1,2,3,4,6]}".to_string(),
            "{\"answers\":[0,2,3,4,5,1,2,3,4,5,1,2,3,4,5]}".to_string(),
            "{\"answers\":[1,2,3,4,5,1,2,3,4,5,1,2,3,4]}".to_string(),
            "{\"answers\":[2.0,2,3,4,5,1,2,3,4,5,1,2,3,4,5]}".to_string(),
            "{\"answers\":[0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,5]}".to_string(),
            "{\"answers\":[-1,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3]}".to_string(),
            format!("{{\"answers\":{one_to_five}}} trailing"),
            format!("{{\"\\u0061nswers\":{one_to_five}}}"),
            "{\"answers\":[01,2,3,4,5,1,2,3,4,5,1,2,3,4,5]}".to_string(),
            "{\"answers\":[1e0,2,3,4,5,1,2,3,4,5,1,2,3,4,5]}".to_string(),
            "{\"answers\":[1,2,3,4,5,1,2,3,4,5,1,2,3,4,5,]}".to_string(),
            "{\"answers\":[1,2,3,4,5,1,2,3,4,5,1,2,3,4,5,1,2]}".to_string(),
            "{\"answers\":[0,1,2,3,0,1,2,3,0,1,2,3,0,1,2,3]".to_string(),
            "\u{a0}{\"answers\":[1,2,3,4,5,1,2,3,4,5,1,2,3,4,5]}".to_string(),
        ] {
            assert!(plain_points(declined.as_bytes()).is_none(), "{declined}");
        }
    }
}
