//! The readiness assessment: its questions, and scoring answers sent by any surface.
//!
//! `answers` arrives as JSON on every surface (a REST body, MCP tool arguments, an A2A data
//! part), so the core reads it from a `serde_json::Value` and every surface refuses the same
//! input with the same error.

use serde_json::Value;

use super::error::Error;
use crate::model::{N_OPTIONS, N_QUESTIONS, N_SCORED};
use crate::scoring::{self, ReadinessResult};
use crate::tables::{ASSESSMENT_JSON, QUESTIONS};

/// The Assessment object as JSON, exactly as `GET /v1/ai-readiness/questions` serves it.
pub fn questions_json() -> &'static str {
    ASSESSMENT_JSON
}

/// Scores a request object `{"answers": [...]}`.
pub fn score(request: &Value) -> Result<ReadinessResult, Error> {
    parse_answers(request).map(|points| scoring::score(&points))
}

/// Scores a JSON body that is exactly `{"answers": [...]}` with every answer a valid small
/// integer, read straight into the answers (no `Value` tree: that cost about a third of the
/// request). `None` for anything else, including every error: the caller then takes the
/// general path, [`score`] on the parsed value, so errors are worded the same whatever the
/// input.
pub fn score_plain(body: &[u8]) -> Option<ReadinessResult> {
    #[derive(serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Plain {
        answers: Vec<u8>,
    }
    let is_object = body.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{');
    let plain: Plain = serde_json::from_slice(body).ok().filter(|_| is_object)?;
    let max = match plain.answers.len() {
        N_QUESTIONS => N_OPTIONS - 1,
        N_SCORED => N_OPTIONS,
        _ => return None,
    };
    let min = u8::from(plain.answers.len() == N_SCORED);
    if plain.answers.iter().any(|&a| a < min || usize::from(a) > max) {
        return None;
    }
    Some(scoring::score(&points(&plain.answers)))
}

/// The ReadinessResult as JSON, as the REST endpoint serves it.
pub fn result_json(result: &ReadinessResult) -> Vec<u8> {
    scoring::to_json(result)
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
    let answers =
        object.get("answers").ok_or_else(|| Error::invalid_body("missing field `answers`"))?;
    let answers = answers
        .as_array()
        .ok_or_else(|| Error::invalid_body("`answers` must be an array of integers"))?;
    let max_index = N_OPTIONS as u64 - 1;
    let max_points = N_OPTIONS as u64;
    let range = match answers.len() {
        N_QUESTIONS => 0..=max_index,
        N_SCORED => 1..=max_points,
        n => {
            return Err(Error::invalid_answers(format!(
                "answers has {n} items; send {N_QUESTIONS} option indices (0-{max_index}, every question in order) or {N_SCORED} points (1-{max_points}, scored questions only)"
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
        let Some(value) = value else {
            return Err(Error::invalid_answers(format!(
                "answers[{idx}] is {answer}, not an integer; {}",
                answer_form(answers.len())
            )));
        };
        if !range.contains(&value) {
            return Err(Error::invalid_answers(format!(
                "answers[{idx}] is {answer}, out of range; {}",
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
        let scored =
            QUESTIONS.iter().zip(values).filter(|(q, _)| q.scored).map(|(_, index)| index + 1);
        for (slot, point) in points.iter_mut().zip(scored) {
            *slot = point;
        }
    } else {
        points.copy_from_slice(&values[..N_SCORED]);
    }
    points
}

/// What each answer must be, for an answer list of `n_answers` items (16 or 15).
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
        for round in 0..2_000 {
            let (len, low, high) = if round % 2 == 0 {
                (N_QUESTIONS, 0, N_OPTIONS - 1)
            } else {
                (N_SCORED, 1, N_OPTIONS)
            };
            let answers: Vec<u64> =
                (0..len).map(|_| low as u64 + next((high - low + 1) as u64)).collect();
            let body = serde_json::json!({ "answers": answers }).to_string();
            let general = score(&serde_json::from_str(&body).expect("valid JSON"));
            assert_eq!(score_plain(body.as_bytes()).as_ref(), general.as_ref().ok(), "{body}");
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
        ] {
            assert!(score_plain(declined.as_bytes()).is_none(), "{declined}");
        }
    }
}
