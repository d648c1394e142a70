//! AI readiness scoring: 15 points → ReadinessResult. Pure and deterministic. Answers are read
//! and validated by the core (`ops::readiness`), so every surface refuses the same input.
//!
//! Rules (also in the OpenAPI document):
//! - 16 answers are option indices 0-4, one per question in order; option `i` is worth `i + 1`
//!   points and the unscored sizing question is ignored. 15 answers are points 1-5 for the
//!   scored questions in order.
//! - `average` is the mean of the 15 points; `score = round((average - 1) / 4 * 100)`.
//! - The band is the last band whose `min` is at most the score.
//! - Each pillar's average is the mean of its scored answers. `weakestPillar` has the lowest
//!   average; ties go to the pillar listed first (strategy, people, data, change).
//! - The weakest pillar always carries its advice; any other pillar below 4.0 does too; the
//!   rest carry `null`.

use serde::Serialize;

use crate::model::{N_SCORED, PILLAR_KEYS};
use crate::tables::{BANDS, INTERACTIVE_URL, NEXT_STEPS, PILLARS, QUESTIONS};

/// A pillar average below this gets advice even when it is not the weakest.
pub const ADVICE_BELOW: f64 = 4.0;
/// What `scale` says.
pub const SCALE: &str =
    "0-100: the mean of the 15 scored answers (1-5 points each) rescaled so 1 is 0 and 5 is 100";

#[derive(Debug, Serialize, PartialEq)]
pub struct ReadinessResult {
    pub score: u8,
    pub scale: &'static str,
    pub average: f64,
    pub band: BandResult,
    pub pillars: Pillars,
    #[serde(rename = "weakestPillar")]
    pub weakest_pillar: &'static str,
    #[serde(rename = "scoredQuestions")]
    pub scored_questions: usize,
    #[serde(rename = "interactiveVersion")]
    pub interactive_version: &'static str,
    #[serde(rename = "nextStep")]
    pub next_step: &'static str,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct BandResult {
    pub name: &'static str,
    pub guidance: &'static [&'static str],
}

#[derive(Debug, Serialize, PartialEq)]
pub struct Pillars {
    pub strategy: PillarResult,
    pub people: PillarResult,
    pub data: PillarResult,
    pub change: PillarResult,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct PillarResult {
    pub title: &'static str,
    pub average: f64,
    pub advice: Option<&'static str>,
}

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

/// Scores 15 points (1-5, scored questions in order).
pub fn score(points: &[u8; N_SCORED]) -> ReadinessResult {
    let mean = points.iter().map(|&p| f64::from(p)).sum::<f64>() / N_SCORED as f64;
    let score = ((mean - 1.0) / 4.0 * 100.0).round().clamp(0.0, 100.0) as u8;
    let band = BANDS.iter().rev().find(|b| b.min <= score).unwrap_or(&BANDS[0]);

    let mut sums = [0u32; 4];
    let mut counts = [0u32; 4];
    let scored_pillars = QUESTIONS.iter().filter(|q| q.scored).map(|q| q.pillar as usize);
    for (pillar, &point) in scored_pillars.zip(points) {
        sums[pillar] += u32::from(point);
        counts[pillar] += 1;
    }
    let averages: [f64; 4] =
        std::array::from_fn(|i| f64::from(sums[i]) / f64::from(counts[i].max(1)));
    // Strictly lower wins, so ties stay with the pillar listed first.
    let weakest =
        (1..4).fold(0, |weakest, i| if averages[i] < averages[weakest] { i } else { weakest });
    let pillar = |i: usize| PillarResult {
        title: PILLARS[i].title,
        average: round2(averages[i]),
        advice: (i == weakest || averages[i] < ADVICE_BELOW).then_some(PILLARS[i].advice),
    };
    ReadinessResult {
        score,
        scale: SCALE,
        average: round2(mean),
        band: BandResult { name: band.name, guidance: band.guidance },
        pillars: Pillars {
            strategy: pillar(0),
            people: pillar(1),
            data: pillar(2),
            change: pillar(3),
        },
        weakest_pillar: PILLAR_KEYS[weakest],
        scored_questions: N_SCORED,
        interactive_version: INTERACTIVE_URL,
        next_step: NEXT_STEPS[weakest],
    }
}
