//! `POST /v1/ai-readiness/score`: the documented rules, the properties the issue names, every
//! kind of bad input, and the interactive page that posts to it.

use consultancy_api::model::{N_QUESTIONS, N_SCORED};
use consultancy_api::ops::readiness::parse_answers;
use consultancy_api::scoring::score;
use consultancy_api::tables::{API_BASE, BANDS, PILLARS, QUESTIONS};
use proptest::prelude::*;
use serde_json::json;

use crate::support::start;

const PATH: &str = "/v1/ai-readiness/score";

/// The 16-index form equivalent to `points` (the unscored question gets `unscored`).
fn indices_for(points: &[u8; N_SCORED], unscored: u8) -> Vec<u8> {
    let mut scored = points.iter();
    QUESTIONS
        .iter()
        .map(|q| if q.scored { scored.next().copied().unwrap_or(1) - 1 } else { unscored })
        .collect()
}

fn result_for(answers: &[u8]) -> consultancy_api::scoring::ReadinessResult {
    let points = parse_answers(&json!({ "answers": answers })).expect("valid answers");
    score(&points)
}

#[tokio::test]
async fn a_valid_body_gets_a_complete_result() {
    let server = start().await;
    let response = server.post_json(PATH, r#"{"answers":[2,0,1,2,3,4,0,1,2,3,4,0,1,2,3,4]}"#).await;
    let result = response.conforms("POST", PATH, 200);
    for field in [
        "score",
        "scale",
        "average",
        "band",
        "pillars",
        "weakestPillar",
        "scoredQuestions",
        "interactiveVersion",
        "nextStep",
    ] {
        assert!(!result[field].is_null(), "{field} is filled");
    }
    assert_eq!(result["scoredQuestions"], 15);
    let weakest = result["weakestPillar"].as_str().expect("weakest");
    assert!(result["pillars"][weakest]["advice"].is_string(), "the weakest pillar has advice");
    let same = server.post_json(PATH, r#"{"answers":[2,0,1,2,3,4,0,1,2,3,4,0,1,2,3,4]}"#).await;
    assert_eq!(same.text, response.text, "same body, byte-identical response");
}

#[test]
fn documented_formula_and_band_rules() {
    // All lowest: average 1, score 0, bottom band. All highest: average 5, score 100, top band.
    let lowest = result_for(&[0; N_QUESTIONS]);
    assert_eq!((lowest.score, lowest.average), (0, 1.0));
    assert_eq!(lowest.band.name, BANDS[0].name);
    let highest = result_for(&[4; N_QUESTIONS]);
    assert_eq!((highest.score, highest.average), (100, 5.0));
    assert_eq!(highest.band.name, BANDS[BANDS.len() - 1].name);
    // All 3 points: average 3, score 50.
    let middle = result_for(&[3; N_SCORED]);
    assert_eq!((middle.score, middle.average), (50, 3.0));
    let expected_band = BANDS.iter().rev().find(|b| b.min <= 50).expect("a band");
    assert_eq!(middle.band.name, expected_band.name);
    // Ties for the weakest pillar go to the pillar listed first.
    assert_eq!(middle.weakest_pillar, "strategy");
    assert!(middle.pillars.strategy.advice.is_some());
    // A pillar at 4.0 or above that is not the weakest has no advice.
    let mut points = [5u8; N_SCORED];
    points[N_SCORED - 1] = 1;
    let strong = result_for(&points);
    assert_eq!(strong.weakest_pillar, "change");
    assert!(
        strong.next_step.contains(PILLARS[3].title),
        "nextStep names the weakest pillar: {}",
        strong.next_step
    );
    assert!(middle.next_step.contains(PILLARS[0].title));
    assert!(strong.interactive_version.ends_with("/ai-readiness/"));
    assert!(strong.pillars.strategy.advice.is_none());
    assert!(strong.pillars.change.advice.is_some());
}

/// `average` and the pillar averages are rounded to two decimals, as the README and the OpenAPI
/// document now say (they said "the mean of the 15 points" and no more): 37 points give 2.47,
/// not 2.4666…; the score comes from the exact mean.
#[tokio::test]
async fn averages_are_rounded_to_two_decimals_as_documented() {
    let server = start().await;
    let mut points = [3u8; N_SCORED];
    for point in &mut points[..8] {
        *point = 2;
    }
    assert_eq!(points.iter().map(|&p| u32::from(p)).sum::<u32>(), 37);
    let body = json!({ "answers": indices_for(&points, 0) }).to_string();
    let response = server.post_json(PATH, &body).await;
    let result = response.conforms("POST", PATH, 200);
    assert!(response.text.contains("\"average\":2.47,"), "{}", response.text);
    assert_eq!(result["score"], 37, "round((37 / 15 - 1) / 4 * 100)");
    for pillar in result["pillars"].as_object().expect("pillars").values() {
        let average = pillar["average"].as_f64().expect("average");
        assert_eq!((average * 100.0).round() / 100.0, average, "{average}: two decimals");
    }
    let openapi = server.get("/openapi.json").await.json();
    let schemas = &openapi["components"]["schemas"];
    let average = schemas["ReadinessResult"]["properties"]["average"]["description"].as_str();
    assert!(average.is_some_and(|d| d.contains("rounded to two decimals")), "{average:?}");
    let operation = openapi["paths"]["/v1/ai-readiness/score"]["post"]["description"].as_str();
    assert!(
        operation.is_some_and(|d| d.contains("the mean of the 15 points rounded to two decimals")),
        "{operation:?}"
    );
    let readme = include_str!("../../README.md").split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(readme.contains("`average` is the mean of the 15 points, rounded to two decimals"));
}

/// A perfect score is not told to fix its weakest area: the lowest pillar carries its advice
/// on staying strong, and `nextStep` says every area is already strong. One pillar below 4.0
/// brings back the advice on improving it.
#[tokio::test]
async fn a_perfect_score_is_advised_to_stay_strong() {
    let server = start().await;
    let perfect = server.post_json(PATH, r#"{"answers":[4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4]}"#).await;
    let result = perfect.conforms("POST", PATH, 200);
    assert_eq!(
        (result["score"].as_u64(), result["weakestPillar"].as_str()),
        (Some(100), Some("strategy"))
    );
    assert_eq!(result["pillars"]["strategy"]["advice"], PILLARS[0].strong_advice);
    assert!(result["pillars"]["people"]["advice"].is_null());
    let next = result["nextStep"].as_str().expect("nextStep");
    assert!(next.starts_with("Every area is already strong."), "{next}");
    // Every pillar is level at 5.0: Strategy is one of the lowest, not the lowest.
    let tied = format!("{}, one of your lowest,", PILLARS[0].title);
    assert!(next.contains(&tied), "{next}");

    // Strong, with People alone the lowest (4.75 against 5.0).
    let alone = server.post_json(PATH, r#"{"answers":[5,5,5,5,5,4,5,5,5,5,5,5,5,5,5]}"#).await;
    let result = alone.conforms("POST", PATH, 200);
    assert_eq!(result["weakestPillar"], "people");
    let next = result["nextStep"].as_str().expect("nextStep");
    let lowest = format!(
        "Every area is already strong. Start with the advice for {}, your lowest,",
        PILLARS[1].title
    );
    assert!(next.starts_with(&lowest), "{next}");

    let weak = server.post_json(PATH, r#"{"answers":[5,5,5,5,5,5,5,5,5,5,5,5,5,1,1]}"#).await;
    let result = weak.conforms("POST", PATH, 200);
    assert_eq!(result["weakestPillar"], "change");
    assert_eq!(result["pillars"]["change"]["advice"], PILLARS[3].advice);
    let next = result["nextStep"].as_str().expect("nextStep");
    assert!(next.starts_with("Start with the advice for"), "{next}");
}

#[tokio::test]
async fn bad_bodies_name_the_problem() {
    let server = start().await;
    let sixteen = |v: &str| format!("{{\"answers\":[{v},0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}}");
    for (body, code, needle) in [
        (String::new(), "invalid_json", "empty"),
        ("{".to_string(), "invalid_json", "not valid JSON"),
        ("[1,2]".to_string(), "invalid_body", "object"),
        ("\"answers\"".to_string(), "invalid_body", "object"),
        ("{}".to_string(), "invalid_body", "missing field `answers`"),
        // ...and is told what to send, as a wrong length is.
        (
            "{}".to_string(),
            "invalid_body",
            "send {\"answers\": [...]} with 16 option indices (0-4, every question in order) or 15 points (1-5",
        ),
        (r#"{"answers":"1,2,3"}"#.to_string(), "invalid_body", "array"),
        (r#"{"answers":[1,2,3]}"#.to_string(), "invalid_answers", "3 items"),
        (r#"{"answers":[]}"#.to_string(), "invalid_answers", "0 items"),
        // One answer is one item: the message said "answers has 1 items".
        (r#"{"answers":[3]}"#.to_string(), "invalid_answers", "answers has 1 item; send"),
        (r#"{"answers":[1,2,3],"extra":1}"#.to_string(), "invalid_body", "unknown field"),
        (sixteen("5"), "invalid_answers", "answers[0] is 5"),
        (sixteen("-1"), "invalid_answers", "answers[0] is -1"),
        (sixteen("2.5"), "invalid_answers", "not an integer"),
        (sixteen("\"3\""), "invalid_answers", "not an integer"),
        (sixteen("true"), "invalid_answers", "not an integer"),
        (sixteen("null"), "invalid_answers", "not an integer"),
        // A number JSON holds only as a double is not shown as the double prints (`1e+23`).
        (sixteen("99999999999999999999999"), "invalid_answers", "answers[0] is out of range"),
        (sixteen("2.50"), "invalid_answers", "answers[0] is not an integer"),
        (
            r#"{"answers":[0,1,1,1,1,1,1,1,1,1,1,1,1,1,1]}"#.to_string(),
            "invalid_answers",
            "answers[0] is 0",
        ),
        (
            r#"{"answers":[6,1,1,1,1,1,1,1,1,1,1,1,1,1,1]}"#.to_string(),
            "invalid_answers",
            "out of range",
        ),
    ] {
        let response = server.post_json(PATH, &body).await;
        let error = response.error("POST", PATH, 400, code);
        assert!(
            error["error"]["message"].as_str().is_some_and(|m| m.contains(needle)),
            "{body:?}: {}",
            error["error"]["message"]
        );
        assert!(!response.text.contains("e+"), "{body:?}: {}", response.text);
    }
}

#[tokio::test]
async fn content_type_rules() {
    let server = start().await;
    let body = r#"{"answers":[3,3,3,3,3,3,3,3,3,3,3,3,3,3,3]}"#;
    // 3.0 is an integer, as JSON Schema counts integers.
    let floats = server.post_json(PATH, r#"{"answers":[3.0,3,3,3,3,3,3,3,3,3,3,3,3,3,3]}"#).await;
    assert_eq!(floats.conforms("POST", PATH, 200), server.post_json(PATH, body).await.json());
    // No Content-Type: read as JSON.
    let response = server.client.post(server.url(PATH)).body(body).send().await.expect("POST");
    assert_eq!(response.status(), 200);
    for ok in ["application/json; charset=utf-8", "APPLICATION/JSON", "application/vnd.api+json"] {
        let response = server
            .client
            .post(server.url(PATH))
            .header("content-type", ok)
            .body(body)
            .send()
            .await
            .expect("POST");
        assert_eq!(response.status(), 200, "{ok}");
    }
    for bad in
        ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]
    {
        let response = server
            .client
            .post(server.url(PATH))
            .header("content-type", bad)
            .body(body)
            .send()
            .await
            .expect("POST");
        let checked = crate::support::Checked::read(response).await;
        checked.error("POST", PATH, 415, "unsupported_media_type");
    }
}

#[tokio::test]
async fn the_interactive_page_posts_exactly_what_the_api_expects() {
    let server = start().await;
    let page = server.get("/ai-readiness/").await;
    assert_eq!(page.status, 200);
    let html = &page.text;
    assert!(
        !html.contains("<script src") && !html.contains("<link rel=\"stylesheet\""),
        "no external assets"
    );
    for question in 0..N_QUESTIONS {
        for option in 0..5 {
            assert!(
                html.contains(&format!("name=\"q{question}\" value=\"{option}\"")),
                "q{question} option {option}"
            );
        }
    }
    assert!(!html.contains(&format!("name=\"q{N_QUESTIONS}\"")), "exactly 16 questions");
    for band in &BANDS {
        assert!(
            html.contains(&format!("<dt>{} (from {})</dt>", band.name, band.min)),
            "band {} is described",
            band.name
        );
    }
    assert!(html.contains(&format!("const N_QUESTIONS = {N_QUESTIONS};")));
    assert!(html.contains("JSON.stringify({ answers: answers })"));
    // The page posts to this flavour's API origin, so it works from the sandbox build too.
    assert!(html.contains(&format!("const API = \"{API_BASE}/v1/ai-readiness/score\";")));
    assert!(html.contains("\"Content-Type\": \"application/json\""));
    // What the script builds: the checked option value of every question, in order.
    let body = json!({ "answers": [4, 3, 2, 1, 0, 1, 2, 3, 4, 3, 2, 1, 0, 1, 2, 3] }).to_string();
    server.post_json(PATH, &body).await.conforms("POST", PATH, 200);
}

proptest! {
    #[test]
    fn raising_a_scored_answer_never_lowers_the_score(points in proptest::array::uniform15(1u8..=5), idx in 0usize..N_SCORED) {
        let before = result_for(&points);
        let mut raised = points;
        raised[idx] = (raised[idx] + 1).min(5);
        let after = result_for(&raised);
        prop_assert!(after.score >= before.score);
    }

    #[test]
    fn both_forms_agree_and_the_unscored_answer_is_ignored(points in proptest::array::uniform15(1u8..=5), unscored in 0u8..=4) {
        let from_points = result_for(&points);
        let from_indices = result_for(&indices_for(&points, unscored));
        prop_assert_eq!(&from_points, &from_indices);
        let other = result_for(&indices_for(&points, (unscored + 1) % 5));
        prop_assert_eq!(&from_points, &other);
        prop_assert!(from_points.score <= 100);
    }

    #[test]
    fn arbitrary_json_never_panics(value in proptest::arbitrary::any::<Vec<i64>>()) {
        let _ = parse_answers(&json!({ "answers": value }));
    }
}
