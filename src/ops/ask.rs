//! Answering a question in plain language, for every surface that takes one (`/ask`, the A2A
//! agent): the question and its earlier turns are checked here, once, then handed to the
//! answer engine.
//!
//! The rules, the same on every surface: the question is trimmed and may not be blank or
//! longer than `ASK_QUERY_MAX_CHARS` characters; at most `ASK_MAX_PREV_TURNS` earlier turns,
//! each within the same length (a blank turn is allowed and carries nothing). Everything
//! else (how many words are read, which turns are looked back through) is the engine's own
//! business and never an error.

use super::error::Error;
pub use crate::answer::Surface;
use crate::answer::{self, Answer, Question};
use crate::limits::{ASK_MAX_PREV_TURNS, ASK_QUERY_MAX_CHARS};
use crate::model::ErrorKind;

/// Answers `question` asked after `prev` (earlier questions, oldest first), as told on
/// `surface` (the same answer everywhere, but for how to score the readiness assessment).
pub fn answer(question: &str, prev: &[&str], surface: Surface) -> Result<Answer, Error> {
    let text = check(question, prev)?;
    Ok(answer::answer(&Question { text, prev }).on(surface))
}

/// Checks a question and its earlier turns; returns the trimmed question.
pub fn check<'a>(question: &'a str, prev: &[&str]) -> Result<&'a str, Error> {
    let text = crate::model::trim_blank(question);
    if text.is_empty() {
        return Err(Error::new(
            ErrorKind::MissingQuery,
            "the question is missing or blank; send a question in plain language",
        ));
    }
    let chars = text.chars().count();
    if chars > ASK_QUERY_MAX_CHARS {
        return Err(Error::new(
            ErrorKind::QuestionTooLong,
            format!("the question has {chars} characters; the limit is {ASK_QUERY_MAX_CHARS}"),
        ));
    }
    if prev.len() > ASK_MAX_PREV_TURNS {
        return Err(Error::new(
            ErrorKind::TooManyTurns,
            format!(
                "{} earlier turns were sent; the limit is {ASK_MAX_PREV_TURNS} (send the latest ones)",
                prev.len()
            ),
        ));
    }
    for (turn_idx, turn) in prev.iter().enumerate() {
        let chars = crate::model::trim_blank(turn).chars().count();
        if chars > ASK_QUERY_MAX_CHARS {
            return Err(Error::new(
                ErrorKind::QuestionTooLong,
                format!(
                    "earlier turn {turn_idx} has {chars} characters; the limit is {ASK_QUERY_MAX_CHARS}"
                ),
            ));
        }
    }
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answer::AnswerKind;
    use crate::model::WHITE_SPACE;

    #[test]
    fn a_question_within_the_limits_is_answered() {
        let reply =
            answer("  Which services do you offer?  ", &[], Surface::Web).expect("answered");
        assert!(matches!(reply.kind, AnswerKind::Company(_)), "{:?}", reply.kind);
    }

    /// The OpenAPI document's `not blank` class is built from `WHITE_SPACE`; a question is
    /// blank when trimming leaves nothing. The two must name the same characters.
    #[test]
    fn the_documented_white_space_is_what_trimming_removes() {
        let listed = |c: char| WHITE_SPACE.iter().any(|&(low, high)| (low..=high).contains(&c));
        let disagree: Vec<char> = (0..=u32::from(char::MAX))
            .filter_map(char::from_u32)
            .filter(|&c| listed(c) != c.to_string().trim().is_empty())
            .collect();
        assert!(disagree.is_empty(), "listed and trimmed differ on {disagree:?}");
        for (low, _) in WHITE_SPACE {
            let lone = low.to_string();
            let outcome = check(&lone, &[]).err().map(|error| error.kind);
            assert_eq!(outcome, Some(ErrorKind::MissingQuery), "{low:?} alone");
        }
    }

    /// `CONTROL` is Unicode's control characters outside white space, and a question of them
    /// alone is blank; inside a question one is kept (it splits words, as punctuation does).
    #[test]
    fn control_characters_are_blank() {
        use crate::model::CONTROL;
        let listed = |c: char| CONTROL.iter().any(|&(low, high)| (low..=high).contains(&c));
        let disagree: Vec<char> = (0..=u32::from(char::MAX))
            .filter_map(char::from_u32)
            .filter(|&c| listed(c) != (c.is_control() && !c.is_whitespace()))
            .collect();
        assert!(disagree.is_empty(), "listed and Cc outside white space differ on {disagree:?}");
        for &(low, high) in CONTROL {
            for c in [low, high] {
                let outcome = check(&format!("{c} \u{3000}{c}"), &[]).err().map(|e| e.kind);
                assert_eq!(outcome, Some(ErrorKind::MissingQuery), "{c:?}");
            }
        }
        assert_eq!(check("\u{0}why?\u{7f}", &[]).ok(), Some("why?"));
        assert_eq!(check("a\u{1}b", &[]).ok(), Some("a\u{1}b"), "inside, kept");
    }

    /// A question of characters that show nothing (and white space) is blank, as an empty
    /// one is; trimming takes them off the ends of any other question.
    #[test]
    fn invisible_characters_are_blank() {
        use crate::model::INVISIBLE;
        for &(low, high) in INVISIBLE {
            for c in [low, high] {
                assert!(!c.is_whitespace(), "{c:?} is listed once, as invisible");
                let outcome = check(&format!("{c} \u{3000}{c}"), &[]).err().map(|e| e.kind);
                assert_eq!(outcome, Some(ErrorKind::MissingQuery), "{c:?}");
            }
        }
        assert_eq!(check("\u{feff}why?\u{2060}", &[]).ok(), Some("why?"));
        assert_eq!(check("a\u{2060}b", &[]).ok(), Some("a\u{2060}b"), "inside, kept");
    }

    #[test]
    fn each_limit_has_its_error() {
        let long = "a".repeat(ASK_QUERY_MAX_CHARS + 1);
        let at_limit = "é".repeat(ASK_QUERY_MAX_CHARS);
        let many = vec!["x"; ASK_MAX_PREV_TURNS + 1];
        let cases: [(&str, &[&str], Option<ErrorKind>); 6] = [
            ("", &[], Some(ErrorKind::MissingQuery)),
            (" \t\n", &[], Some(ErrorKind::MissingQuery)),
            (&long, &[], Some(ErrorKind::QuestionTooLong)),
            (&at_limit, &[], None),
            ("why?", &[&long], Some(ErrorKind::QuestionTooLong)),
            ("why?", &many, Some(ErrorKind::TooManyTurns)),
        ];
        for (question, prev, expected) in cases {
            let outcome = check(question, prev).err().map(|error| error.kind);
            assert_eq!(outcome, expected, "{question:.24} with {} turns", prev.len());
        }
    }
}
