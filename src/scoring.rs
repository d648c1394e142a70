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

use std::sync::LazyLock;

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

/// The parts of every ReadinessResult's JSON that do not depend on the answers, serialised
/// once: a result is then a few copies of these around its five numbers, instead of escaping
/// the guidance and advice strings again on every request.
struct Fragments {
    /// `,"scale":...,"average":`.
    scale: Vec<u8>,
    /// `,"band":{...}` for each band.
    bands: Vec<Vec<u8>>,
    /// `"strategy":{"title":...,"average":` for each pillar, the first without the comma.
    pillar_open: [Vec<u8>; 4],
    /// `,"advice":"..."}` for each pillar.
    advice: [Vec<u8>; 4],
    /// `},"weakestPillar":...,"nextStep":...}` for each weakest pillar.
    tail: [Vec<u8>; 4],
}

fn json<T: Serialize + ?Sized>(value: &T) -> Vec<u8> {
    // Plain strings and structs of strings always serialise.
    serde_json::to_vec(value).unwrap_or_default()
}

static FRAGMENTS: LazyLock<Fragments> = LazyLock::new(|| {
    let cat = |parts: &[&[u8]]| parts.concat();
    Fragments {
        scale: cat(&[b",\"scale\":", &json(SCALE), b",\"average\":"]),
        bands: BANDS
            .iter()
            .map(|b| {
                cat(&[b",\"band\":", &json(&BandResult { name: b.name, guidance: b.guidance })])
            })
            .collect(),
        pillar_open: std::array::from_fn(|i| {
            cat(&[
                if i == 0 { b"" } else { b"," },
                &json(PILLAR_KEYS[i]),
                b":{\"title\":",
                &json(PILLARS[i].title),
                b",\"average\":",
            ])
        }),
        advice: std::array::from_fn(|i| cat(&[b",\"advice\":", &json(PILLARS[i].advice), b"}"])),
        tail: std::array::from_fn(|i| {
            cat(&[
                b"},\"weakestPillar\":",
                &json(PILLAR_KEYS[i]),
                b",\"scoredQuestions\":",
                itoa::Buffer::new().format(N_SCORED).as_bytes(),
                b",\"interactiveVersion\":",
                &json(INTERACTIVE_URL),
                b",\"nextStep\":",
                &json(NEXT_STEPS[i]),
                b"}",
            ])
        }),
    }
});

/// The ReadinessResult as JSON, byte for byte what serde_json writes for it, assembled from
/// fragments serialised once. A result not made by [`score`] (a band or pillar not in the tables) is
/// serialised by serde_json.
pub fn to_json(result: &ReadinessResult) -> Vec<u8> {
    let fragments = &*FRAGMENTS;
    let band = BANDS
        .iter()
        .position(|b| same(b.name, result.band.name) && same(b.guidance, result.band.guidance));
    let weakest = PILLAR_KEYS.iter().position(|&k| same(k, result.weakest_pillar));
    let pillars = [
        &result.pillars.strategy,
        &result.pillars.people,
        &result.pillars.data,
        &result.pillars.change,
    ];
    let tables_agree = pillars.iter().enumerate().all(|(i, p)| {
        same(p.title, PILLARS[i].title) && p.advice.is_none_or(|a| same(a, PILLARS[i].advice))
    }) && same(result.scale, SCALE)
        && result.scored_questions == N_SCORED
        && same(result.interactive_version, INTERACTIVE_URL);
    let (Some(band), Some(weakest), true) = (band, weakest, tables_agree) else {
        return json(result);
    };
    if !same(result.next_step, NEXT_STEPS[weakest]) {
        return json(result);
    }
    // Exactly the fragments plus room for five numbers, so the buffer never grows (growing
    // it twice cost about 1,700 instructions, a tenth of the whole request).
    let capacity = fragments.scale.len()
        + fragments.bands[band].len()
        + fragments.pillar_open.iter().chain(&fragments.advice).map(Vec::len).sum::<usize>()
        + fragments.tail[weakest].len()
        + 160;
    let mut out = Vec::with_capacity(capacity);
    out.extend_from_slice(b"{\"score\":");
    out.extend_from_slice(itoa::Buffer::new().format(result.score).as_bytes());
    out.extend_from_slice(&fragments.scale);
    push_float(&mut out, result.average);
    out.extend_from_slice(&fragments.bands[band]);
    out.extend_from_slice(b",\"pillars\":{");
    for (i, pillar) in pillars.iter().enumerate() {
        out.extend_from_slice(&fragments.pillar_open[i]);
        push_float(&mut out, pillar.average);
        match pillar.advice {
            Some(_) => out.extend_from_slice(&fragments.advice[i]),
            None => out.extend_from_slice(b",\"advice\":null}"),
        }
    }
    out.extend_from_slice(&fragments.tail[weakest]);
    out
}

/// Whether two texts from the tables are equal: the result borrows the tables' own strings,
/// so the address usually settles it before a byte is compared (comparing the band's guidance
/// and the advice byte by byte was about 700 instructions of a 15,000-instruction request).
fn same<T: PartialEq + ?Sized>(a: &T, b: &T) -> bool {
    std::ptr::eq(a, b) || a == b
}

/// A number as serde_json writes it (its own float formatting, `null` when not finite).
/// Every average [`score`] makes is a hundredth from 0 to 5 (rounded by `round2`), so those
/// come from [`HUNDREDTHS`], written by serde_json once; anything else is formatted here.
fn push_float(out: &mut Vec<u8>, value: f64) {
    let scaled = value * 100.0;
    // `-0.0` equals `0.0` but is written with its sign, so the sign is checked as well. Adding
    // a half and truncating rounds a number in range to its nearest hundredth without a call
    // to libm's `round` (this target has no rounding instruction); the comparison after it
    // settles whether `value` is that hundredth, so a different rounding could only send a
    // number to serde_json below, never write a wrong one.
    if value.is_sign_positive() && (0.0..=MAX_HUNDREDTHS as f64).contains(&scaled) {
        let hundredths = (scaled + 0.5) as usize;
        if hundredths as f64 / 100.0 == value
            && let Some(text) = HUNDREDTHS.get(hundredths)
        {
            out.extend_from_slice(text.as_bytes());
            return;
        }
    }
    // Writing to a Vec cannot fail.
    let _ = serde_json::to_writer(out, &value);
}

/// The largest average, 5 points, in hundredths.
const MAX_HUNDREDTHS: usize = 5 * 100;

/// `k / 100` for k from 0 to [`MAX_HUNDREDTHS`], as serde_json writes it: five of these in a
/// result cost about 800 instructions to format each time.
static HUNDREDTHS: LazyLock<Vec<String>> = LazyLock::new(|| {
    (0..=MAX_HUNDREDTHS)
        .map(|k| serde_json::to_string(&(k as f64 / 100.0)).unwrap_or_default())
        .collect()
});

#[cfg(test)]
mod tests {
    use super::*;

    /// `to_json` is serde_json's output, byte for byte, over every band and weakest pillar.
    #[test]
    fn fragments_give_what_serde_json_gives() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut cases: Vec<[u8; N_SCORED]> = (1..=5).map(|p| [p; N_SCORED]).collect();
        for _ in 0..20_000 {
            cases.push(std::array::from_fn(|_| {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                (seed % 5) as u8 + 1
            }));
        }
        let mut bands = std::collections::HashSet::new();
        let mut weakest = std::collections::HashSet::new();
        for points in &cases {
            let result = score(points);
            assert_eq!(
                String::from_utf8_lossy(&to_json(&result)),
                serde_json::to_string(&result).expect("serialises"),
                "{points:?}"
            );
            bands.insert(result.band.name);
            weakest.insert(result.weakest_pillar);
        }
        assert_eq!(bands.len(), BANDS.len(), "every band seen");
        assert_eq!(weakest.len(), 4, "every pillar weakest somewhere");
    }

    /// Numbers are written as serde_json writes them, from the table or not.
    #[test]
    fn numbers_are_what_serde_json_writes() {
        let mut values: Vec<f64> = (0..=MAX_HUNDREDTHS + 3).map(|k| k as f64 / 100.0).collect();
        values.extend([
            3.333,
            0.1 + 0.2,
            -0.0,
            -1.0,
            5.001,
            1e17,
            f64::MIN_POSITIVE,
            f64::NAN,
            f64::INFINITY,
        ]);
        for value in values {
            let mut out = Vec::new();
            push_float(&mut out, value);
            let expected = serde_json::to_string(&value).expect("serialises");
            assert_eq!(String::from_utf8_lossy(&out), expected, "{value:?}");
        }
    }

    #[test]
    fn a_result_the_tables_did_not_make_is_still_serialised() {
        let mut result = score(&[3; N_SCORED]);
        result.pillars.data.title = "Not a pillar title";
        assert_eq!(to_json(&result), serde_json::to_vec(&result).expect("serialises"));
    }
}
