//! AI readiness scoring: 15 points → ReadinessResult. Pure and deterministic. Answers are read
//! and validated by the core (`ops::readiness`), so every surface refuses the same input.
//!
//! Rules (also in the OpenAPI document):
//! - 16 answers are option indices 0-4, one per question in order; option `i` is worth `i + 1`
//!   points and the unscored sizing question is ignored. 15 answers are points 1-5 for the
//!   scored questions in order.
//! - `average` is the mean of the 15 points rounded to two decimals (the nearest hundredth);
//!   `score = round((mean - 1) / 4 * 100)`, from the exact mean.
//! - The band is the last band whose `min` is at most the score.
//! - Each pillar's average is the mean of its scored answers, rounded to two decimals too
//!   (`weakestPillar` compares the exact means). `weakestPillar` has the lowest
//!   average; ties go to the pillar listed first (strategy, people, data, change).
//! - Every pillar below 4.0 carries its advice, and the rest carry `null`, except the weakest
//!   pillar, which always carries advice: when it too is at 4.0 or above (every pillar is
//!   strong), its advice on staying strong, and a `nextStep` that says so.

use std::sync::LazyLock;

use serde::Serialize;

use crate::buffers;
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

/// Everything a result says, in exact integers: what [`score`] and [`score_json`] are made of.
/// The rules' arithmetic is done on whole numbers (sums of points), so rounding never depends
/// on how a float happens to land ([`round_div`] rounds halves away from zero, as `f64::round`
/// does).
struct Tally {
    score: u8,
    /// The mean of the points, in hundredths.
    average: u32,
    /// Index into `BANDS`.
    band: usize,
    /// Each pillar's average, in hundredths.
    pillars: [u32; 4],
    /// What advice each pillar carries.
    advice: [Advice; 4],
    /// Index into `PILLAR_KEYS`.
    weakest: usize,
    /// Which `NEXT_STEPS` row: see [`step`].
    step: usize,
}

/// The row of `NEXT_STEPS`: 1 when every pillar is strong, 2 when some is not and another
/// pillar is level with the weakest ("your weakest area" would not be true), 3 when both (nor
/// would "your lowest"), else 0.
fn step(strong: bool, tied: bool) -> usize {
    match (strong, tied) {
        (true, false) => 1,
        (false, true) => 2,
        (true, true) => 3,
        (false, false) => 0,
    }
}

/// The advice a pillar carries: none, how to improve it, or (the weakest pillar of a result
/// where every pillar is strong) how to keep it strong. The discriminants index fragments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Advice {
    None = 0,
    Improve = 1,
    Keep = 2,
}

impl Advice {
    fn text(self, pillar: usize) -> Option<&'static str> {
        match self {
            Advice::None => None,
            Advice::Improve => Some(PILLARS[pillar].advice),
            Advice::Keep => Some(PILLARS[pillar].strong_advice),
        }
    }
}

/// `num / den` rounded to the nearest whole number, halves up (nothing here is negative).
fn round_div(num: u32, den: u32) -> u32 {
    (2 * num + den) / (2 * den)
}

/// `sum / count` in hundredths, rounded.
fn hundredths(sum: u32, count: u32) -> u32 {
    round_div(100 * sum, count)
}

/// The pillar of each scored question, in order: worked out from `QUESTIONS` when the binary
/// is built, so a tally walks 15 bytes rather than filtering the 16 question records.
static SCORED_PILLARS: [u8; N_SCORED] = {
    let mut pillars = [0u8; N_SCORED];
    let (mut q, mut n) = (0, 0);
    while q < QUESTIONS.len() {
        if QUESTIONS[q].scored {
            assert!((QUESTIONS[q].pillar as usize) < PILLAR_KEYS.len(), "a pillar out of range");
            pillars[n] = QUESTIONS[q].pillar;
            n += 1;
        }
        q += 1;
    }
    assert!(n == N_SCORED, "QUESTIONS has not N_SCORED scored questions");
    pillars
};

/// [`ADVICE_BELOW`] as a whole number, so advice is chosen by comparing integers.
const ADVICE_BELOW_POINTS: u32 = {
    let whole = ADVICE_BELOW as u32;
    assert!(whole as f64 == ADVICE_BELOW, "ADVICE_BELOW is not a whole number");
    whole
};

fn tally(points: &[u8; N_SCORED]) -> Tally {
    let mut total = 0u32;
    let mut sums = [0u32; 4];
    let mut counts = [0u32; 4];
    for (&pillar, &point) in SCORED_PILLARS.iter().zip(points) {
        // Every pillar index is below 4 (asserted as the table is built); masked, the compiler
        // sees it too, and checks no bounds.
        let pillar = usize::from(pillar) & 3;
        total += u32::from(point);
        sums[pillar] += u32::from(point);
        counts[pillar] += 1;
    }
    // score = round((mean - 1) / 4 * 100) = round((total - 15) * 100 / 60), clamped to 0-100.
    let n = N_SCORED as u32;
    let above = total.saturating_sub(n);
    let score = round_div(above * 100, 4 * n).min(100) as u8;
    let band = BANDS.iter().rposition(|b| b.min <= score).unwrap_or(0);
    let counts = counts.map(|c| c.max(1));
    // `sums[i] / counts[i] < sums[w] / counts[w]`, cross-multiplied. Strictly lower wins, so
    // ties stay with the pillar listed first.
    let weakest =
        (1..4).fold(0, |w, i| if sums[i] * counts[w] < sums[w] * counts[i] { i } else { w });
    // `sum / count < ADVICE_BELOW`, multiplied out.
    let below = |i: usize| sums[i] < ADVICE_BELOW_POINTS * counts[i];
    let strong = !below(weakest);
    let tied =
        (0..4).any(|i| i != weakest && sums[i] * counts[weakest] == sums[weakest] * counts[i]);
    let advice = std::array::from_fn(|i| match (below(i), i == weakest) {
        (true, _) => Advice::Improve,
        (false, true) => Advice::Keep,
        (false, false) => Advice::None,
    });
    Tally {
        score,
        average: hundredths(total, n),
        band,
        pillars: std::array::from_fn(|i| hundredths(sums[i], counts[i])),
        advice,
        weakest,
        step: step(strong, tied),
    }
}

/// Scores 15 points (1-5, scored questions in order).
pub fn score(points: &[u8; N_SCORED]) -> ReadinessResult {
    let t = tally(points);
    let band = &BANDS[t.band];
    let pillar = |i: usize| PillarResult {
        title: PILLARS[i].title,
        average: f64::from(t.pillars[i]) / 100.0,
        advice: t.advice[i].text(i),
    };
    ReadinessResult {
        score: t.score,
        scale: SCALE,
        average: f64::from(t.average) / 100.0,
        band: BandResult { name: band.name, guidance: band.guidance },
        pillars: Pillars {
            strategy: pillar(0),
            people: pillar(1),
            data: pillar(2),
            change: pillar(3),
        },
        weakest_pillar: PILLAR_KEYS[t.weakest],
        scored_questions: N_SCORED,
        interactive_version: INTERACTIVE_URL,
        next_step: NEXT_STEPS[t.step][t.weakest],
    }
}

/// `score(points)` as JSON, byte for byte what [`to_json`] (and serde_json) write for it,
/// written from the tally without building the result first.
pub fn score_json(points: &[u8; N_SCORED]) -> Vec<u8> {
    let t = tally(points);
    let numbers = [t.average, t.pillars[0], t.pillars[1], t.pillars[2], t.pillars[3]];
    let hundredths = &*HUNDREDTHS;
    let number = |out: &mut Vec<u8>, k: usize| match hundredths.get(numbers[k] as usize) {
        Some(&text) => text.push_to(out),
        None => push_float(out, f64::from(numbers[k]) / 100.0),
    };
    write(t.score, t.band, t.advice, t.weakest, t.step, number)
        .unwrap_or_else(|| json(&score(points)))
}

/// The parts of every ReadinessResult's JSON that do not depend on the answers, serialised
/// once: a result is then a few copies of these around its five numbers, instead of escaping
/// the guidance and advice strings again on every request. Neighbouring parts are joined, so
/// a result is thirteen copies.
struct Fragments {
    /// `,"scale":...,"average":`.
    scale: Vec<u8>,
    /// For each band: `,"band":{...},"pillars":{"strategy":{"title":...,"average":`.
    band_open: Vec<Vec<u8>>,
    /// For the first three pillars, by [`Advice`]: `,"advice":...}` and the next pillar's
    /// `,"people":{"title":...,"average":`.
    between: [[Vec<u8>; 3]; 3],
    /// For the last pillar, by [`Advice`], then by [`step`], then by weakest pillar:
    /// `,"advice":...}` and `},"weakestPillar":...,"nextStep":...}`.
    close: [[[Vec<u8>; 4]; 3]; 3],
}

fn json<T: Serialize + ?Sized>(value: &T) -> Vec<u8> {
    // Plain strings and structs of strings always serialise.
    serde_json::to_vec(value).unwrap_or_default()
}

static FRAGMENTS: LazyLock<Fragments> = LazyLock::new(|| {
    let cat = |parts: &[&[u8]]| parts.concat();
    let open = |i: usize| {
        cat(&[
            if i == 0 { b"" } else { b"," },
            &json(PILLAR_KEYS[i]),
            b":{\"title\":",
            &json(PILLARS[i].title),
            b",\"average\":",
        ])
    };
    let advice = |i: usize, a: usize| match [Advice::None, Advice::Improve, Advice::Keep][a].text(i)
    {
        Some(text) => cat(&[b",\"advice\":", &json(text), b"}"]),
        None => b",\"advice\":null}".to_vec(),
    };
    let tail = |step: usize, w: usize| {
        cat(&[
            b"},\"weakestPillar\":",
            &json(PILLAR_KEYS[w]),
            b",\"scoredQuestions\":",
            itoa::Buffer::new().format(N_SCORED).as_bytes(),
            b",\"interactiveVersion\":",
            &json(INTERACTIVE_URL),
            b",\"nextStep\":",
            &json(NEXT_STEPS[step][w]),
            b"}",
        ])
    };
    Fragments {
        scale: cat(&[b",\"scale\":", &json(SCALE), b",\"average\":"]),
        band_open: BANDS
            .iter()
            .map(|b| {
                let band = json(&BandResult { name: b.name, guidance: b.guidance });
                cat(&[b",\"band\":", &band, b",\"pillars\":{", &open(0)])
            })
            .collect(),
        between: std::array::from_fn(|i| {
            std::array::from_fn(|a| cat(&[&advice(i, a), &open(i + 1)]))
        }),
        close: std::array::from_fn(|a| {
            std::array::from_fn(|s| std::array::from_fn(|w| cat(&[&advice(3, a), &tail(s, w)])))
        }),
    }
});

/// Writes a result from its fragments: `number(out, k)` writes the average (`k` 0) and the
/// pillars' averages (1 to 4). `None` for a band or weakest pillar the tables do not have.
fn write(
    score: u8,
    band: usize,
    advice: [Advice; 4],
    weakest: usize,
    step: usize,
    number: impl Fn(&mut Vec<u8>, usize),
) -> Option<Vec<u8>> {
    let fragments = &*FRAGMENTS;
    let band_open = fragments.band_open.get(band)?;
    let close = fragments.close[advice[3] as usize].get(step)?.get(weakest)?;
    // Exactly the fragments plus room for five numbers, so the buffer never grows (growing
    // it twice cost about 1,700 instructions, a tenth of the whole request).
    let between = |i: usize| &fragments.between[i][advice[i] as usize];
    let capacity = fragments.scale.len()
        + band_open.len()
        + (0..3).map(|i| between(i).len()).sum::<usize>()
        + close.len()
        + 160;
    let mut out = buffers::take(capacity);
    out.extend_from_slice(b"{\"score\":");
    Short::integer(score).push_to(&mut out);
    out.extend_from_slice(&fragments.scale);
    number(&mut out, 0);
    out.extend_from_slice(band_open);
    for i in 0..3 {
        number(&mut out, i + 1);
        out.extend_from_slice(between(i));
    }
    number(&mut out, 4);
    out.extend_from_slice(close);
    Some(out)
}

/// The ReadinessResult as JSON, byte for byte what serde_json writes for it, assembled from
/// fragments serialised once. A result not made by [`score`] (a band or pillar not in the
/// tables) is serialised by serde_json.
pub fn to_json(result: &ReadinessResult) -> Vec<u8> {
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
    // Which advice each pillar carries, if it is the tables' own.
    let advice: [Option<Advice>; 4] = std::array::from_fn(|i| match pillars[i].advice {
        None => Some(Advice::None),
        Some(a) if same(a, PILLARS[i].advice) => Some(Advice::Improve),
        Some(a) if same(a, PILLARS[i].strong_advice) => Some(Advice::Keep),
        Some(_) => None,
    });
    let tables_agree = pillars.iter().enumerate().all(|(i, p)| same(p.title, PILLARS[i].title))
        && same(result.scale, SCALE)
        && result.scored_questions == N_SCORED
        && same(result.interactive_version, INTERACTIVE_URL);
    let (Some(band), Some(weakest), true, [Some(a0), Some(a1), Some(a2), Some(a3)]) =
        (band, weakest, tables_agree, advice)
    else {
        return json(result);
    };
    let Some(step) =
        (0..NEXT_STEPS.len()).find(|&s| same(result.next_step, NEXT_STEPS[s][weakest]))
    else {
        return json(result);
    };
    let numbers = [
        result.average,
        pillars[0].average,
        pillars[1].average,
        pillars[2].average,
        pillars[3].average,
    ];
    write(result.score, band, [a0, a1, a2, a3], weakest, step, |out, k| push_float(out, numbers[k]))
        .unwrap_or_else(|| json(result))
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
            && let Some(&text) = HUNDREDTHS.get(hundredths)
        {
            text.push_to(out);
            return;
        }
    }
    // Writing to a Vec cannot fail.
    let _ = serde_json::to_writer(out, &value);
}

/// The largest average, 5 points, in hundredths.
const MAX_HUNDREDTHS: usize = 5 * 100;

/// `k / 100` for k from 0 to [`MAX_HUNDREDTHS`], as serde_json writes it: five of these in a
/// result cost about 800 instructions to format each time. Each is at most four bytes
/// (`0.01`, `3.67`, `5.0`), so it is kept as a [`Short`].
static HUNDREDTHS: LazyLock<Vec<Short>> = LazyLock::new(|| {
    (0..=MAX_HUNDREDTHS)
        .map(|k| Short::new(&serde_json::to_string(&(k as f64 / 100.0)).unwrap_or_default()))
        .collect()
});

/// A text of at most four bytes, padded to four: written with one fixed-size copy and a
/// truncation, where a slice of varying length costs a call to `memcpy` (about 45 instructions
/// each under callgrind, for the six numbers of a result).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Short {
    bytes: [u8; 4],
    len: u8,
}

impl Short {
    /// `text` as a `Short`; a longer text (none of the hundredths is) would be cut, so
    /// [`HUNDREDTHS`]'s unit test holds every entry to serde_json's whole text.
    fn new(text: &str) -> Short {
        let mut bytes = [0u8; 4];
        let len = text.len().min(4);
        bytes[..len].copy_from_slice(&text.as_bytes()[..len]);
        Short { bytes, len: len as u8 }
    }

    /// `n` in decimal, as itoa and serde_json write it.
    fn integer(n: u8) -> Short {
        let digits = [b'0' + n / 100, b'0' + n / 10 % 10, b'0' + n % 10];
        let len = match n {
            0..=9 => 1,
            10..=99 => 2,
            _ => 3,
        };
        let mut bytes = [0u8; 4];
        bytes[..len].copy_from_slice(&digits[3 - len..]);
        Short { bytes, len: len as u8 }
    }

    #[cfg(test)]
    fn as_bytes(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }

    fn push_to(self, out: &mut Vec<u8>) {
        let len = out.len();
        out.extend_from_slice(&self.bytes);
        out.truncate(len + usize::from(self.len));
    }
}

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

    /// The rules as the contract states them, in floating point: what the integer tally must
    /// agree with.
    fn by_the_formula(points: &[u8; N_SCORED]) -> ReadinessResult {
        let round2 = |x: f64| (x * 100.0).round() / 100.0;
        let mean = points.iter().map(|&p| f64::from(p)).sum::<f64>() / N_SCORED as f64;
        let score = ((mean - 1.0) / 4.0 * 100.0).round().clamp(0.0, 100.0) as u8;
        let band = BANDS.iter().rev().find(|b| b.min <= score).unwrap_or(&BANDS[0]);
        let mut sums = [0.0f64; 4];
        let mut counts = [0.0f64; 4];
        let pillars = QUESTIONS.iter().filter(|q| q.scored).map(|q| usize::from(q.pillar));
        for (pillar, &point) in pillars.zip(points) {
            sums[pillar] += f64::from(point);
            counts[pillar] += 1.0;
        }
        let averages: [f64; 4] = std::array::from_fn(|i| sums[i] / counts[i].max(1.0));
        let weakest = (1..4).fold(0, |w, i| if averages[i] < averages[w] { i } else { w });
        let strong = averages[weakest] >= ADVICE_BELOW;
        let tied = (0..4).any(|i| i != weakest && averages[i] == averages[weakest]);
        let pillar = |i: usize| PillarResult {
            title: PILLARS[i].title,
            average: round2(averages[i]),
            advice: match (averages[i] < ADVICE_BELOW, i == weakest) {
                (true, _) => Some(PILLARS[i].advice),
                (false, true) => Some(PILLARS[i].strong_advice),
                (false, false) => None,
            },
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
            next_step: NEXT_STEPS[crate::scoring::step(strong, tied)][weakest],
        }
    }

    /// A result depends only on each pillar's sum of points, so trying every combination of
    /// pillar sums tries every result there is: the integer tally agrees with the formula on
    /// all of them, and its JSON is serde_json's.
    #[test]
    fn the_tally_agrees_with_the_formula_on_every_possible_result() {
        let slots: [Vec<usize>; 4] = std::array::from_fn(|p| {
            let scored = QUESTIONS.iter().filter(|q| q.scored).map(|q| usize::from(q.pillar));
            scored.enumerate().filter(|&(_, pillar)| pillar == p).map(|(slot, _)| slot).collect()
        });
        let ranges = slots.clone().map(|s| s.len() as u32..=5 * s.len() as u32);
        let mut tried = 0;
        for a in ranges[0].clone() {
            for b in ranges[1].clone() {
                for c in ranges[2].clone() {
                    for d in ranges[3].clone() {
                        let mut points = [1u8; N_SCORED];
                        for (pillar, sum) in [a, b, c, d].into_iter().enumerate() {
                            // Spread `sum` over the pillar's questions, each 1 to 5.
                            let mut left = sum - slots[pillar].len() as u32;
                            for &slot in &slots[pillar] {
                                let extra = left.min(4);
                                points[slot] = 1 + extra as u8;
                                left -= extra;
                            }
                        }
                        let expected = by_the_formula(&points);
                        assert_eq!(score(&points), expected, "{points:?}");
                        let json = serde_json::to_vec(&expected).expect("serialises");
                        assert_eq!(score_json(&points), json, "{points:?}");
                        tried += 1;
                    }
                }
            }
        }
        assert!(tried > 1_000, "{tried} results");
    }

    /// Every hundredth is held whole (none is cut to four bytes), and a whole number is written
    /// as itoa writes it.
    #[test]
    fn short_texts_are_whole() {
        for (k, short) in HUNDREDTHS.iter().enumerate() {
            let text = serde_json::to_string(&(k as f64 / 100.0)).expect("serialises");
            assert_eq!(short.as_bytes(), text.as_bytes(), "{k}");
            let mut out = b"x".to_vec();
            short.push_to(&mut out);
            assert_eq!(out, [b"x", text.as_bytes()].concat(), "{k}");
        }
        for n in 0..=u8::MAX {
            assert_eq!(Short::integer(n).as_bytes(), n.to_string().as_bytes(), "{n}");
        }
    }

    /// Averages outside the answers' range (points above 5, or none at all) still round as
    /// `f64::round` does.
    #[test]
    fn hundredths_round_as_floats_do() {
        for count in 1..=N_SCORED as u32 {
            for sum in 0..=255 * count {
                let float = (f64::from(sum) / f64::from(count) * 100.0).round();
                assert_eq!(f64::from(hundredths(sum, count)), float, "{sum}/{count}");
            }
        }
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

    /// A result whose every pillar is strong advises keeping the lowest strong, not fixing
    /// it; one with a pillar below 4.0 advises improving it.
    #[test]
    fn strong_results_get_advice_on_staying_strong() {
        for points in [5, 4] {
            let result = score(&[points; N_SCORED]);
            let strategy = &result.pillars.strategy;
            assert_eq!(result.weakest_pillar, "strategy");
            assert_eq!(strategy.advice, Some(PILLARS[0].strong_advice), "{points}");
            assert_eq!(result.pillars.data.advice, None);
            assert!(result.next_step.starts_with("Every area is already strong."), "{points}");
            // Every pillar level: Strategy is the first of four lowest, not the lowest.
            let tied = format!("{}, one of your lowest,", PILLARS[0].title);
            assert!(result.next_step.contains(&tied), "{}", result.next_step);
        }
        let mut points = [5; N_SCORED];
        points[N_SCORED - 1] = 1;
        // Change averages exactly 4.0: still strong.
        assert_eq!(score(&points).pillars.change.advice, Some(PILLARS[3].strong_advice));
        points[N_SCORED - 2] = 1;
        let result = score(&points);
        assert_eq!(result.weakest_pillar, "change");
        assert_eq!(result.pillars.change.advice, Some(PILLARS[3].advice));
        assert_eq!(result.pillars.strategy.advice, None);
        assert!(result.next_step.starts_with("Start with the advice for"));
        assert_ne!(PILLARS[0].advice, PILLARS[0].strong_advice);
    }

    /// "Your weakest area" only when one pillar is lowest: level pillars below 4.0 get "one of
    /// your weakest areas" (every answer 3 said "Strategy and Leadership, your weakest area"
    /// although all four averaged 3.00).
    #[test]
    fn the_next_step_says_weakest_only_of_a_pillar_alone_the_lowest() {
        let level = score(&[3; N_SCORED]);
        assert_eq!(level.weakest_pillar, "strategy");
        assert!(level.next_step.contains("one of your weakest areas"), "{}", level.next_step);
        let mut points = [3; N_SCORED];
        let last_data = QUESTIONS
            .iter()
            .filter(|q| q.scored)
            .enumerate()
            .filter(|(_, q)| PILLAR_KEYS[usize::from(q.pillar)] == "data")
            .map(|(i, _)| i)
            .last()
            .expect("a data question");
        points[last_data] = 2;
        let alone = score(&points);
        assert_eq!(alone.weakest_pillar, "data");
        assert!(
            alone.next_step.contains("Data and Infrastructure, your weakest area"),
            "{}",
            alone.next_step
        );
        for result in [&level, &alone] {
            assert_eq!(to_json(result), json(result), "fragments agree with serde_json");
        }
    }

    #[test]
    fn a_result_the_tables_did_not_make_is_still_serialised() {
        let mut result = score(&[3; N_SCORED]);
        result.pillars.data.title = "Not a pillar title";
        assert_eq!(to_json(&result), serde_json::to_vec(&result).expect("serialises"));
    }
}
