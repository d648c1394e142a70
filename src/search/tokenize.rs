//! The one tokenizer: index time (`build.rs`) and query time run this same file.
//!
//! Text is split on anything that is not a letter or digit (Unicode-aware; two initials joined
//! by `/` or `&`, as in "A/B" or "R&D", are one word, so is a letter joined to a word by a
//! hyphen, as in "p-value", and so is a word and the one-digit version after its slash, as in
//! "HTTP/2"), lowercased, stripped of one-character
//! tokens and stop words, then stemmed with the Snowball English
//! stemmer. The caller sees the lowercased word (used for prefix and typo matching), its stem,
//! and where it stands in the text (byte offsets, used to highlight snippets). A [`Token`] also
//! has a position: words next to each other in a sentence have consecutive positions, a
//! dropped stop word between them or not ("head of data" is "head data"), while the end of a
//! sentence or clause leaves a gap ([`SENTENCE_GAP`]), so that a phrase never runs from one
//! sentence into the next.
//! This file crosses the build boundary and depends only on `rust_stemmers`.

use std::ops::Range;

use rust_stemmers::{Algorithm, Stemmer};

/// Words too common to carry meaning in a search over questions and guides.
///
/// Keep this list short and sorted: it is binary-searched, and every word on it can never be
/// found. Question words are here because every `answers` entry has one. "Any" is here because
/// it only ever stands between the words that matter ("is my data any good" is "data good",
/// which the synonym table reads as data quality; "is the forecast any good").
pub const STOP_WORDS: &[&str] = &[
    "a", "about", "an", "and", "any", "are", "as", "at", "be", "by", "can", "do", "does", "for",
    "from", "has", "have", "how", "i", "if", "in", "into", "is", "it", "its", "me", "my", "of",
    "on", "or", "our", "should", "so", "than", "that", "the", "their", "them", "then", "there",
    "these", "they", "this", "to", "us", "was", "we", "were", "what", "when", "where", "which",
    "who", "why", "will", "with", "you", "your",
];

/// Words whose Snowball stem joins them to words of another sense in this library, with the
/// stem each takes instead (what Lucene's stemmer override and Elasticsearch's
/// `keyword_marker` do). Snowball reads "embeddings" as "embed", so a search for vector
/// embeddings ranked the guide on embedded data staff first; "engagement" (the firm's work)
/// as "engag", so "how long does an engagement take?" quoted advice to engage unions early;
/// "excellence" as "excel", so "excel" found the centres of excellence; "excels" as "excel"
/// too, so the product's name found a sentence that "excels at codes"; "fairness" (of a
/// model's outcomes) as "fair", so "fairness" found the guide on a fair interview loop first;
/// "responsible" and "responsibility" as "respons", so "responsible AI" found the guide on
/// LLM response latency; "experience" as "experi", the stem of "experiment", so "user
/// experience" found the A/B-testing guides; "observability" as "observ", so it found the
/// guides on observed values before the one on pipeline observability; "headings" as "head",
/// so "a part-time head of data" quoted the guide on chunking documents by their headings;
/// "officer" as "offic", the stem of "office", so "risk officer" found "office staff" and a
/// "back-office" update; "explainability" and "explainable" as "explain", and
/// "interpretability" and "interpretable" as "interpret", so `explainability of models` found
/// the guide on explaining uncertainty to leaders first, and no synonym could name what the
/// word means without taking every "explain" with it; "modelling" and "modeling" as "model",
/// so "data modelling" found the operating-model and funding-model guides, and none on
/// modelling a warehouse (the library's "modelling" is the data kind: dimensional modelling,
/// a BI tool's modelling layer); "calculator" as "calcul", the stem of "calculate", so the
/// synonym table could not say what a calculator is for, and "calculater" was read as
/// "calculate", a word no stranger typing it meant; "marketing" (the business function) as
/// "market", so "how do I invest in the stock market?" held "stock" and "market" together in
/// a case study's "stock allocation and online marketing" and was answered from it;
/// "programming" as "program", which the synonym table makes one with "programme", so "what
/// is the best programming language for data?" quoted the governance programmes' "Most data
/// governance programmes fail quietly" (the library never writes the coding sense; the
/// typo tolerance reads "programmer", one edit from "programme", so anyway).
/// The words stay findable as themselves. A misspelling whose Snowball stem is a word of the
/// other sense went here too ("embedings" is "embed"; "responsable", the French and Spanish
/// spelling, is "respons"): the typo path never sees it, since its stem is found. One edit
/// from a word here, a query reads it so without a line of its own ([`misspelt_override`]).
///
/// Keep it sorted by word (it is binary-searched). Add a word only when a search or a
/// question a stranger would type finds the other sense first; the build re-derives every
/// stem from this list.
pub const STEM_OVERRIDES: &[(&str, &str)] = &[
    ("calculator", "calculator"),
    ("calculators", "calculator"),
    ("embedding", "embedding"),
    ("embeddings", "embedding"),
    ("embeding", "embedding"),
    ("embedings", "embedding"),
    ("engagement", "engagement"),
    ("engagements", "engagement"),
    ("excellence", "excellence"),
    ("excellent", "excellent"),
    ("excels", "excels"),
    ("experience", "experienc"),
    ("experiences", "experienc"),
    ("explainability", "explainabl"),
    ("explainable", "explainabl"),
    ("fairness", "fairness"),
    ("heading", "heading"),
    ("headings", "heading"),
    ("interpretability", "interpretabl"),
    ("interpretable", "interpretabl"),
    ("marketing", "marketing"),
    ("modeling", "modelling"),
    ("modelling", "modelling"),
    ("observability", "observability"),
    ("officer", "officer"),
    ("officers", "officer"),
    ("programming", "programming"),
    ("responsabilities", "responsib"),
    ("responsability", "responsib"),
    ("responsable", "responsib"),
    ("responsibilities", "responsib"),
    ("responsibility", "responsib"),
    ("responsible", "responsib"),
    ("responsibly", "responsib"),
];

/// Irregular forms of verbs, each with its verb and the verb's Snowball stem. Snowball strips
/// regular endings ("writes", "writing" and "written" are not alike: the first two are
/// "write", the last stays "written") and leaves these forms as words of their own, so a
/// query's `wrote`, a word no guide uses, went to typo tolerance, which "corrected" it to
/// `write`: the page said "Showing results for what the AI write" to a visitor who had
/// written English. Such a form is its verb, as a regular ending is: a query word the library
/// does not use that is one of these is read as the verb, exactly, and never as a typo
/// ([`irregular_form`]). Query words only: the library's own words keep the stems the build
/// gave them (a word the library uses is taken as meant). Left out: forms that are as often
/// another word ("found", "left", "bound", "saw", "fell", "lay", "rose", "spoke", "stuck",
/// "led", "met", "ground", "felt", "lit"), "known" and "given", mostly an adjective and a
/// preposition ("known issues", "given a budget"), and "did" and "done", forms of a stop word.
///
/// Keep it sorted by form (it is binary-searched).
pub const IRREGULAR_FORMS: &[(&str, &str, &str)] = &[
    ("arisen", "arise", "aris"),
    ("arose", "arise", "aris"),
    ("ate", "eat", "eat"),
    ("began", "begin", "begin"),
    ("begun", "begin", "begin"),
    ("bought", "buy", "buy"),
    ("broke", "break", "break"),
    ("broken", "break", "break"),
    ("brought", "bring", "bring"),
    ("built", "build", "build"),
    ("caught", "catch", "catch"),
    ("chose", "choose", "choos"),
    ("chosen", "choose", "choos"),
    ("dealt", "deal", "deal"),
    ("drawn", "draw", "draw"),
    ("drew", "draw", "draw"),
    ("driven", "drive", "drive"),
    ("drove", "drive", "drive"),
    ("eaten", "eat", "eat"),
    ("flew", "fly", "fli"),
    ("flown", "fly", "fli"),
    ("forgot", "forget", "forget"),
    ("forgotten", "forget", "forget"),
    ("fought", "fight", "fight"),
    ("froze", "freeze", "freez"),
    ("frozen", "freeze", "freez"),
    ("gave", "give", "give"),
    ("gone", "go", "go"),
    ("got", "get", "get"),
    ("gotten", "get", "get"),
    ("grew", "grow", "grow"),
    ("grown", "grow", "grow"),
    ("held", "hold", "hold"),
    ("hid", "hide", "hide"),
    ("hidden", "hide", "hide"),
    ("kept", "keep", "keep"),
    ("knew", "know", "know"),
    ("lost", "lose", "lose"),
    ("made", "make", "make"),
    ("meant", "mean", "mean"),
    ("misled", "mislead", "mislead"),
    ("mistaken", "mistake", "mistak"),
    ("mistook", "mistake", "mistak"),
    ("overran", "overrun", "overrun"),
    ("overspent", "overspend", "overspend"),
    ("overtaken", "overtake", "overtak"),
    ("overtook", "overtake", "overtak"),
    ("overwritten", "overwrite", "overwrit"),
    ("overwrote", "overwrite", "overwrit"),
    ("paid", "pay", "pay"),
    ("rebuilt", "rebuild", "rebuild"),
    ("rewritten", "rewrite", "rewrit"),
    ("rewrote", "rewrite", "rewrit"),
    ("said", "say", "say"),
    ("sent", "send", "send"),
    ("shown", "show", "show"),
    ("sold", "sell", "sell"),
    ("sought", "seek", "seek"),
    ("spent", "spend", "spend"),
    ("stole", "steal", "steal"),
    ("stolen", "steal", "steal"),
    ("taken", "take", "take"),
    ("taught", "teach", "teach"),
    ("thought", "think", "think"),
    ("threw", "throw", "throw"),
    ("thrown", "throw", "throw"),
    ("told", "tell", "tell"),
    ("took", "take", "take"),
    ("undergone", "undergo", "undergo"),
    ("understood", "understand", "understand"),
    ("undertaken", "undertake", "undertak"),
    ("undertook", "undertake", "undertak"),
    ("underwent", "undergo", "undergo"),
    ("went", "go", "go"),
    ("withdrawn", "withdraw", "withdraw"),
    ("withdrew", "withdraw", "withdraw"),
    ("woke", "wake", "wake"),
    ("written", "write", "write"),
    ("wrote", "write", "write"),
];

/// The stem of the verb `word` (lowercased) is an irregular form of ([`IRREGULAR_FORMS`]), or
/// `None`. For query words the library does not use.
pub fn irregular_form(word: &str) -> Option<&'static str> {
    let idx = IRREGULAR_FORMS.binary_search_by(|&(form, _, _)| form.cmp(word)).ok()?;
    Some(IRREGULAR_FORMS[idx].2)
}

/// Everyday words of English a stranger uses of data and AI work ("we spent a fortune on
/// snowflake", "reports are a chore", "the pilot was a flop") that the library does not
/// write: a word, not a slip. Typo tolerance read them as the library word one or two edits
/// away, which means something else ("fortune" as "fortnight", "chore" as "core", "flop" as
/// "flow", "clunky" as "chunking", "smart" as "start"), and showed the query so respelt. A
/// word here matches nothing rather than a look-alike, as an irregular form does
/// ([`IRREGULAR_FORMS`]). Not American spellings ("skeptical" is the library's "sceptical"),
/// nor an adjective whose noun means what it does ("speedy", "pricey"): those are read as the
/// library's word, rightly. So too the nouns of the organisation a stranger works in, which
/// the library writes of no sector ("we are a small charity" read "charting", "can teachers
/// use chatgpt" "teaches", a restaurant "restart", trustees "trust", donations "dont",
/// governors "governs", a college "collect", the police "policy"). So too the name of a
/// document's form the library never writes ("canvas" read "canaries", "primer" "prime"),
/// which alone finds nothing.
///
/// Compiled in; keep it sorted (it is binary-searched).
pub const EVERYDAY_WORDS: &[&str] = &[
    "army",
    "banker",
    "bumpy",
    "buzzword",
    "buzzwords",
    "canvas",
    "carer",
    "chaos",
    "chaotic",
    "charities",
    "charity",
    "chore",
    "chores",
    "clueless",
    "clunky",
    "college",
    "coupon",
    "creepy",
    "dodgy",
    "donation",
    "dumb",
    "faculty",
    "fad",
    "fads",
    "farm",
    "fiasco",
    "fishy",
    "flaky",
    "flop",
    "flops",
    "fluke",
    "folks",
    "fortune",
    "fortunes",
    "fussy",
    "garage",
    "garbage",
    "gimmick",
    "gimmicks",
    "glitch",
    "glitches",
    "governor",
    "guesswork",
    "gut",
    "hassle",
    "headache",
    "headaches",
    "hype",
    "jargon",
    "laggy",
    "mayor",
    "mess",
    "messy",
    "muddle",
    "murky",
    "nerd",
    "nerds",
    "nightmare",
    "nightmares",
    "physician",
    "picky",
    "police",
    "primer",
    "restaurant",
    "rubbish",
    "rusty",
    "scared",
    "shady",
    "shaky",
    "shambles",
    "sketchy",
    "smart",
    "snappy",
    "stuff",
    "swamped",
    "teacher",
    "tricky",
    "trustee",
    "vet",
    "wonky",
];

/// Whether `word` (lowercased) is one of [`EVERYDAY_WORDS`], as typed or with a plural "s".
/// For query words the library does not use, asked before typo tolerance.
pub fn everyday_word(word: &str) -> bool {
    let known = |w: &str| EVERYDAY_WORDS.binary_search(&w).is_ok();
    known(word) || word.strip_suffix('s').is_some_and(known)
}

/// American endings and the British ones the library writes: "-ize" and "-yze" words and
/// their forms are stemmed as "-ise" and "-yse". Snowball stems the two spellings apart
/// ("optimise" is "optimis", "optimize" is "optim", the stem of "optimism"), so "optimize"
/// found the guides on optimism bias, "organize" those on organic growth, "minimize" those on
/// minimum sizes; and being a stem of the library, the American spelling never reached the
/// typo tolerance that would have found the British one.
const AMERICAN_ENDINGS: &[(&str, &str)] = &[
    ("ization", "isation"),
    ("izations", "isations"),
    ("ize", "ise"),
    ("ized", "ised"),
    ("izer", "iser"),
    ("izers", "isers"),
    ("izes", "ises"),
    ("izing", "ising"),
    ("yze", "yse"),
    ("yzed", "ysed"),
    ("yzer", "yser"),
    ("yzers", "ysers"),
    ("yzes", "yses"),
    ("yzing", "ysing"),
];

/// `word` in the British spelling of its ending ([`AMERICAN_ENDINGS`]), or `None` when it has
/// no such ending. A "-size" word ("size", "resize", "downsizing") and a word of fewer than
/// three letters before its ending ("prize", "seize") are spelt so on both sides of the
/// Atlantic, and are left as they are.
fn british_spelling(word: &str) -> Option<String> {
    let (head, british) = AMERICAN_ENDINGS
        .iter()
        .find_map(|&(american, british)| word.strip_suffix(american).map(|head| (head, british)))?;
    let spelt_so_everywhere =
        head.chars().nth(2).is_none() || (british.starts_with('i') && head.ends_with('s'));
    (!spelt_so_everywhere).then(|| format!("{head}{british}"))
}

/// The stem of `word` (already lowercased): its override, or Snowball's of its British
/// spelling.
pub fn stem<'a>(stemmer: &Stemmer, word: &'a str) -> std::borrow::Cow<'a, str> {
    use std::borrow::Cow;
    if let Ok(idx) = STEM_OVERRIDES.binary_search_by(|&(w, _)| w.cmp(word)) {
        return Cow::Borrowed(STEM_OVERRIDES[idx].1);
    }
    match british_spelling(word) {
        Some(british) => Cow::Owned(stemmer.stem(&british).into_owned()),
        None => stemmer.stem(word),
    }
}

/// The override's stem for a query word the library does not use that is one edit from an
/// overridden word and that Snowball stems as it stems that word: the word misspelt, which
/// would otherwise take the stem of the other sense the override keeps it from. Snowball
/// reads "excelence" as "excel", so `center of excelence` found the guides on Excel, and no
/// typo tolerance could see it, its stem being found; "engagment" is "engagement", not
/// "engage". ("embeding" and "responsable" are listed, and would be read so anyway.) A word
/// that is its own Snowball stem ("excel", one edit from "excels") is the other sense itself.
/// Nor is a word an edit in its last two letters away ("office" from "officer"): that is an
/// ending. `None` for any other word. For unknown query words only: the library's own words
/// keep the stem the build gave them.
pub fn misspelt_override(word: &str) -> Option<&'static str> {
    // An edit in the last two letters is an ending, an inflection of the other sense
    // ("office", "offices" beside "officer", "officers"), not a slip.
    let in_ending = |overridden: &str| {
        let common = word.bytes().zip(overridden.bytes()).take_while(|(a, b)| a == b).count();
        common + 2 >= word.len().min(overridden.len())
    };
    // Only an override with the word's first letter can be one edit apart (`one_edit_apart`),
    // and the overrides are sorted: those are one run of them, found by a binary search, where
    // every override was compared (66 comparisons, about 2,500 instructions, for the two
    // misspelt words of `machine lerning in producton`).
    let first_byte = word.as_bytes().first().copied();
    let from = STEM_OVERRIDES.partition_point(|(w, _)| w.as_bytes().first().copied() < first_byte);
    let mut candidates = STEM_OVERRIDES[from..]
        .iter()
        .take_while(|(overridden, _)| overridden.as_bytes().first().copied() == first_byte)
        .filter(|(overridden, _)| one_edit_apart(word, overridden) && !in_ending(overridden));
    let first = candidates.next()?;
    let stemmer = Stemmer::create(Algorithm::English);
    let snowball = stem(&stemmer, word);
    if snowball == word {
        return None;
    }
    std::iter::once(first)
        .chain(candidates)
        .find(|(overridden, _)| stemmer.stem(overridden) == snowball)
        .map(|&(_, own)| own)
}

/// Whether `a` and `b`, ASCII words with the same first letter, are one insertion,
/// deletion, substitution or swap of neighbouring letters apart (not equal). Other words are
/// never read so: the check runs for every unknown query word, against every override, and a
/// first letter is rarely the one mistyped.
fn one_edit_apart(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len().abs_diff(b.len()) > 1 || a == b || a.first() != b.first() {
        return false;
    }
    if !a.is_ascii() || !b.is_ascii() {
        return false;
    }
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let at = long.iter().zip(short).position(|(x, y)| x != y).unwrap_or(short.len());
    if long.len() == short.len() {
        // One substitution, or one swap of neighbours.
        long[at + 1..] == short[at + 1..]
            || (at + 1 < long.len()
                && long[at] == short[at + 1]
                && long[at + 1] == short[at]
                && long[at + 2..] == short[at + 2..])
    } else {
        long[at + 1..] == short[at..]
    }
}

/// One token: the lowercased word as written, its stem, and its byte range in the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    pub word: String,
    pub stem: String,
    /// Byte offset of the word's first character in the text.
    pub start: usize,
    /// Byte offset just past the word's last character (apostrophes inside it included).
    pub end: usize,
    /// Where the word stands among the text's words: one past the word before it, and
    /// [`SENTENCE_GAP`] more when a sentence or clause ends between them ([`ends_sentence`]).
    /// Two words are next to each other ([`adjacent`]) when their positions differ by one.
    pub position: u32,
}

/// Positions skipped where a sentence or clause ends: "Nobody owns the data. The strategy
/// assumed ..." does not say "data strategy", and a phrase matched there (search marked
/// "<mark>data. The strategy</mark>" for `data strategy`) counts for nothing.
pub const SENTENCE_GAP: u32 = 1;

/// How a text's full stops are read ([`sentence_ends_between`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reading {
    /// Written prose (the library, its titles and questions): a full stop before a lowercase
    /// word ("U.S. data", "etc. and so on", "see p. three") ends nothing.
    Prose,
    /// A search query, typed in any case: a full stop ends the phrase whatever follows it
    /// (`data. strategy` is two words), but for an abbreviation's.
    Query,
}

/// Abbreviations whose full stop never ends a sentence, whatever follows it: each is always
/// followed by more of its sentence (lowercase, without the full stop). A one-letter
/// abbreviation after another ("e.g.", "i.e.", "U.S.", "a.m.") needs no entry; nor does
/// "etc.", which often does end a sentence (followed by a lowercase word, it does not).
const ABBREVIATIONS: &[&str] = &["approx", "cf", "eg", "ie", "incl", "vs"];

/// Whether the full stop right after `before` closes an abbreviation rather than a sentence:
/// the word before it is one letter after another full stop ("U.S", "e.g", "i.e"), or one of
/// [`ABBREVIATIONS`].
fn abbreviation_before(before: &str) -> bool {
    let word_at = before
        .char_indices()
        .rev()
        .take_while(|(_, ch)| ch.is_alphanumeric())
        .last()
        .map_or(before.len(), |(at, _)| at);
    let word = &before[word_at..];
    let mut letters = word.chars();
    let one_letter = letters.next().is_some_and(char::is_alphabetic) && letters.next().is_none();
    if one_letter {
        return before[..word_at].ends_with('.');
    }
    word.len() <= 6
        && ABBREVIATIONS.iter().any(|abbreviation| abbreviation.eq_ignore_ascii_case(word))
}

/// Whether `gap`, the text between two words of prose, ends a sentence or clause: see
/// [`sentence_ends_between`] (`gap` alone, nothing before or after it).
pub fn ends_sentence(gap: &str) -> bool {
    sentence_ends_between(gap, 0, gap.len(), Reading::Prose)
}

/// Whether a sentence or clause ends in `text[from..to]`, the text between two words: a
/// `.`, `?`, `!`, `;` or `:` later followed by whitespace, with no letter or digit between
/// them (closing quotes and brackets may stand there: `data.) The`). A full stop inside a
/// word or number ("Node.js", "3.5", "v1.2") ends nothing, nor does a comma or a dash, nor the
/// full stop of an abbreviation ("e.g.", "i.e.", "U.S.", "vs."; `abbreviation_before`), nor,
/// in [`Reading::Prose`], a full stop followed by a word that begins in lowercase ("etc. and",
/// "3. the"): English starts a sentence with a capital. A query is typed in any case, so there
/// a full stop ends the phrase whatever follows it. The text around the gap is read for the
/// word before a full stop and the word after it.
pub fn sentence_ends_between(text: &str, from: usize, to: usize, reading: Reading) -> bool {
    let Some(gap) = text.get(from..to) else { return false };
    // Most gaps are a space: nothing to read.
    if !gap.bytes().any(|b| matches!(b, b'.' | b'?' | b'!' | b';' | b':')) {
        return false;
    }
    // `Some(true)` after a full stop, `Some(false)` after any other end.
    let mut ended: Option<bool> = None;
    for (at, ch) in gap.char_indices() {
        match ch {
            '?' | '!' | ';' | ':' => ended = Some(false),
            // An abbreviation's full stop, or one after another end, changes nothing.
            '.' if ended.is_none() && !abbreviation_before(&text[..from + at]) => {
                ended = Some(true);
            }
            ch if ch.is_whitespace() => match ended {
                Some(true)
                    if reading == Reading::Prose
                        && text[from + at..]
                            .chars()
                            .find(|ch| ch.is_alphanumeric())
                            .is_some_and(char::is_lowercase) =>
                {
                    ended = None;
                }
                Some(_) => return true,
                None => {}
            },
            ch if ch.is_alphanumeric() => ended = None,
            _ => {}
        }
    }
    false
}

/// Whether `next` is the word right after `first` in the same sentence: the two can be a
/// phrase.
pub fn adjacent(first: &Token, next: &Token) -> bool {
    next.position == first.position + 1
}

/// Hands out the positions of a text's tokens, in order (see [`Token::position`]).
#[derive(Debug, Default, Clone)]
pub struct Positions {
    next: u32,
    last_end: Option<usize>,
}

impl Positions {
    /// The position of the token at `start..end` of `text`, the token after the last one
    /// asked about.
    pub fn of(&mut self, text: &str, start: usize, end: usize) -> u32 {
        if self
            .last_end
            .is_some_and(|last| sentence_ends_between(text, last, start, Reading::Prose))
        {
            self.next += SENTENCE_GAP;
        }
        let position = self.next;
        self.next += 1;
        self.last_end = Some(end);
        position
    }
}

/// A word of at most 7 bytes as an integer: its bytes big-endian, zero-padded, then its
/// length. Equal only for equal words; for words without a zero byte (every token) they sort
/// as the words do.
const fn short_key(word: &[u8]) -> Option<u64> {
    if word.len() > 7 {
        return None;
    }
    let mut bytes = [0u8; 8];
    let mut idx = 0;
    while idx < word.len() {
        bytes[idx] = word[idx];
        idx += 1;
    }
    bytes[7] = word.len() as u8;
    Some(u64::from_be_bytes(bytes))
}

/// `STOP_WORDS` as [`short_key`]s, in the same (sorted) order, built at compile time: a
/// binary search over integers, not string comparisons whose branches mispredict.
const STOP_KEYS: [u64; STOP_WORDS.len()] = {
    let mut keys = [0u64; STOP_WORDS.len()];
    let mut idx = 0;
    while idx < STOP_WORDS.len() {
        keys[idx] = match short_key(STOP_WORDS[idx].as_bytes()) {
            Some(key) => key,
            None => panic!("a stop word is longer than 7 bytes"),
        };
        idx += 1;
    }
    keys
};

/// Whether `word` (already lowercased) is a stop word.
pub fn is_stop_word(word: &str) -> bool {
    short_key(word.as_bytes()).is_some_and(|key| STOP_KEYS.binary_search(&key).is_ok())
}

/// Calls `each` for every token of `text`, in order.
pub fn for_each_token(text: &str, mut each: impl FnMut(Token)) {
    let mut positions = Positions::default();
    for_each_token_with(
        text,
        |_| None,
        |word, stem, span| {
            each(Token {
                word: word.to_owned(),
                stem: stem.to_owned(),
                start: span.start,
                end: span.end,
                position: positions.of(text, span.start, span.end),
            })
        },
    );
}

/// Calls `each(word, stem, byte range)` for every token of `text`, in order, without
/// allocating per token. The stem comes from `known_stem` when it knows the word (the server
/// passes the build's vocabulary, which holds this stemmer's own output), otherwise from the
/// stemmer: Snowball costs a few thousand instructions a word, a table look-up a few hundred.
pub fn for_each_token_with(
    text: &str,
    known_stem: impl Fn(&str) -> Option<&'static str>,
    mut each: impl FnMut(&str, &str, Range<usize>),
) {
    let stemmer = Stemmer::create(Algorithm::English);
    let mut word = String::with_capacity(32);
    let (mut start, mut end) = (0, 0);
    // Letters of the word as written: capitals, and whether a lowercase `s` ends it after
    // capitals alone ("LLMs", "KPIs").
    let (mut n_upper, mut n_lower, mut ends_lower_s) = (0usize, 0usize, false);
    let mut flush = |word: &mut String, start: usize, end: usize, acronym_plural: bool| {
        if acronym_plural {
            // The plural of an acronym is the acronym: Snowball keeps the `s` of "llms" and
            // "kpis" (too short a stem to take it), so "LLMs" would be a word apart from
            // "LLM" and match only the guides that write the plural.
            word.pop();
        }
        if word.chars().nth(1).is_some() && !is_stop_word(word) {
            match known_stem(word) {
                Some(stem) => each(word, stem, start..end),
                None => each(word, &stem(&stemmer, word), start..end),
            }
        }
        word.clear();
    };
    let mut next = 0;
    while let Some(rest) = text.get(next..) {
        let offset = next;
        // A run of ASCII letters and digits (most of a word, or all of it) is read in one
        // step: what the loop below does a character at a time (counting capitals and
        // lowercase letters, noting a lone lowercase `s` at the end, lowercasing) is done for
        // the run at once, about a quarter of the instructions a character.
        let (mut run, mut run_upper, mut run_lower) = (0, 0, 0);
        for &byte in rest.as_bytes() {
            if byte.is_ascii_lowercase() {
                run_lower += 1;
            } else if byte.is_ascii_uppercase() {
                run_upper += 1;
            } else if !byte.is_ascii_digit() {
                break;
            }
            run += 1;
        }
        if run > 0 {
            if word.is_empty() {
                start = offset;
                (n_upper, n_lower) = (0, 0);
            }
            n_upper += run_upper;
            n_lower += run_lower;
            ends_lower_s = rest.as_bytes().get(run - 1) == Some(&b's') && n_lower == 1;
            let at = word.len();
            word.push_str(&rest[..run]);
            word[at..].make_ascii_lowercase();
            end = offset + run;
            next = end;
            continue;
        }
        let Some(ch) = rest.chars().next() else { break };
        let width = ch.len_utf8();
        next = offset + width;
        let ch = fullwidth_to_ascii(ch);
        if ch.is_alphanumeric() {
            if word.is_empty() {
                start = offset;
                (n_upper, n_lower) = (0, 0);
            }
            if ch.is_uppercase() {
                n_upper += 1;
            } else if ch.is_lowercase() {
                n_lower += 1;
            }
            ends_lower_s = ch == 's' && n_lower == 1;
            if ch.is_ascii() {
                // Most text is ASCII: one push, not the Unicode case tables' iterator.
                word.push(ch.to_ascii_lowercase());
            } else {
                word.extend(ch.to_lowercase());
            }
            end = offset + width;
        } else if ch == '\'' || ch == '\u{2019}' || crate::model::is_invisible(ch) {
            // Apostrophes are dropped inside a word rather than splitting it, so "team's" reads
            // as "teams" (stem "team") and "don't" as "dont", never as a stray "t" or "s". So
            // are characters that show nothing: "ml\u{200b}ops" is "mlops", as it looks.
            continue;
        } else if (ch == '/' || ch == '&') && joins_initials(&word, text, offset + 1) {
            // "A/B", "R&D", "Q&A": two initials are one word ("ab", "rd", "qa"), not two
            // one-letter tokens that would be dropped; the separator is skipped.
            continue;
        } else if ch == '/' && joins_version(&word, text, offset + 1) {
            // "HTTP/2", "HTTP/3": a protocol and its version are one word ("http2", what a
            // developer types), not a word and a one-digit token that would be dropped, which
            // left "http" alone: `http2` found nothing. "HTTP/1.1" is "http1" (then a lone "1").
            continue;
        } else if ch == '-' && joins_letter_prefix(&word, text, offset + 1) {
            // "p-value", "k-anonymity", "e-commerce": a letter before a hyphen is part of the
            // word ("pvalue"), not a one-letter token that would be dropped, leaving "value".
            continue;
        } else {
            flush(&mut word, start, end, ends_lower_s && n_upper >= 2);
        }
    }
    flush(&mut word, start, end, ends_lower_s && n_upper >= 2);
}

/// Whether a `/` or `&` ending at `next` joins two initials: `word` so far is one letter, the
/// separator is followed by one letter, and that letter ends the word. Digits never join,
/// so "1/2" and "24/7" stay numbers.
/// A full-width Latin letter or digit ("ｍｌｏｐｓ", as a Japanese or Chinese input method
/// types it) read as its ASCII form, so it finds what the same word in ASCII finds; any other
/// character as it is. Full-width punctuation separates words as any other symbol does.
#[inline]
pub(crate) fn fullwidth_to_ascii(ch: char) -> char {
    // One comparison for every character below the full-width block: ASCII separators, which
    // the tokenizer reads one at a time, pay no more.
    if ch < '\u{FF10}' {
        return ch;
    }
    match ch {
        '\u{FF10}'..='\u{FF19}' | '\u{FF21}'..='\u{FF3A}' | '\u{FF41}'..='\u{FF5A}' => {
            char::from_u32(u32::from(ch) - 0xFEE0).unwrap_or(ch)
        }
        _ => ch,
    }
}

fn joins_initials(word: &str, text: &str, next: usize) -> bool {
    let mut letters = word.chars();
    let one_letter = letters.next().is_some_and(char::is_alphabetic) && letters.next().is_none();
    let mut after = text[next..].chars();
    one_letter
        && after.next().is_some_and(char::is_alphabetic)
        && !after.next().is_some_and(char::is_alphanumeric)
}

/// Whether a `/` ending at `next` joins a word to its version: `word` so far is two letters or
/// more and nothing but letters, and the separator is followed by one digit that ends the word
/// (or a dotted version: "HTTP/1.1"). Numbers never join ("24/7"), nor does a longer number
/// after a word ("pages/100"): a version is one digit.
fn joins_version(word: &str, text: &str, next: usize) -> bool {
    let mut after = text[next..].chars();
    word.chars().nth(1).is_some()
        && word.chars().all(char::is_alphabetic)
        && after.next().is_some_and(|ch| ch.is_ascii_digit())
        && !after.next().is_some_and(char::is_alphanumeric)
}

/// Whether a `-` ending at `next` follows a one-letter prefix: `word` so far is one letter,
/// not a stop word ("a-data" in a run of hyphenated words stays "data"), and a letter follows
/// the hyphen.
fn joins_letter_prefix(word: &str, text: &str, next: usize) -> bool {
    let mut letters = word.chars();
    let one_letter = letters.next().is_some_and(char::is_alphabetic) && letters.next().is_none();
    one_letter
        && !is_stop_word(word)
        && text[next..].chars().next().is_some_and(char::is_alphabetic)
}

/// Shortest stop word [`joined_with_stop_word`] joins to a word: a one-letter word is never
/// a word of its own ("a-data" is "data", and "p-value" is "pvalue" by another rule).
const JOINED_STOP_WORD_MIN_CHARS: usize = 2;

/// The word at `span` of `text` with a stop word hyphenated to it, before or after, as one
/// word ("buy-in" is "buyin", "add-on" "addon", "in-house" "inhouse"), and the compound's
/// byte range; `None` when no stop word of at least two letters is joined to it so, or the
/// compound has more parts ("point-in-time" stays "point", "time"). The tokenizer drops the
/// stop word and keeps the word alone, which for these compounds is another sense ("buy-in"
/// found the guide on build or buy); the synonym table reads a term so written as the joined
/// word ([`for_each_term_token`]), and a query reads it so when the joined word is known.
pub fn joined_with_stop_word(text: &str, span: Range<usize>) -> Option<(String, Range<usize>)> {
    let alnum_run = |s: &str| s.find(|c: char| !c.is_alphanumeric()).unwrap_or(s.len());
    // A hyphen followed by a letter or digit: the compound goes on.
    let goes_on = |s: &str| {
        let mut chars = s.chars();
        chars.next() == Some('-') && chars.next().is_some_and(char::is_alphanumeric)
    };
    let goes_back = |s: &str| {
        let mut chars = s.chars().rev();
        chars.next() == Some('-') && chars.next().is_some_and(char::is_alphanumeric)
    };
    let word = text.get(span.clone())?;
    let (before, after) = (text.get(..span.start)?, text.get(span.end..)?);
    let is_joinable_stop = |s: &str| {
        s.chars().nth(JOINED_STOP_WORD_MIN_CHARS - 1).is_some() && is_stop_word(&s.to_lowercase())
    };
    if let Some(rest) = after.strip_prefix('-') {
        let stop = &rest[..alnum_run(rest)];
        if is_joinable_stop(stop) && !goes_on(&rest[stop.len()..]) && !goes_back(before) {
            let joined = format!("{word}{stop}").to_lowercase();
            return Some((joined, span.start..span.end + 1 + stop.len()));
        }
    }
    if let Some(head) = before.strip_suffix('-') {
        let start = head
            .rfind(|c: char| !c.is_alphanumeric())
            .map_or(0, |at| at + head[at..].chars().next().map_or(1, char::len_utf8));
        let stop = &head[start..];
        if is_joinable_stop(stop) && !goes_back(&head[..start]) && !goes_on(after) {
            let joined = format!("{stop}{word}").to_lowercase();
            return Some((joined, start..span.end));
        }
    }
    None
}

/// [`for_each_token`] for a term of the synonym table: a word with a stop word hyphenated to
/// it is the two joined ([`joined_with_stop_word`]), so that `buy-in` is an entry of its own,
/// not one for every "buy".
pub fn for_each_term_token(text: &str, mut each: impl FnMut(Token)) {
    let stemmer = Stemmer::create(Algorithm::English);
    for_each_token(text, |token| match joined_with_stop_word(text, token.start..token.end) {
        Some((joined, span)) => each(Token {
            stem: stem(&stemmer, &joined).into_owned(),
            word: joined,
            start: span.start,
            end: span.end,
            position: token.position,
        }),
        None => each(token),
    });
}

/// All tokens of `text`, in order.
pub fn tokens(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    for_each_token(text, |token| out.push(token));
    out
}

/// Longest word [`for_each_deletion_variant`] takes, in characters; a longer one has no
/// variants. Above the longest typo-tolerant query word plus two, the longest vocabulary word
/// a typo can reach (`SEARCH_TYPO_MAX_CHARS` + 2).
pub const DELETION_MAX_CHARS: usize = 32;

/// Calls `each` with every string made from `word` by deleting characters, the word itself
/// included: with `max_deletions` 1, one character anywhere but the first; with 2, also the
/// first character alone, or any two characters but the first. Nothing for a word of more
/// than [`DELETION_MAX_CHARS`] characters.
///
/// Typo lookups are symmetric deletion: a query word and a vocabulary word within the allowed
/// edits (an edit at the first letter counting two) always share one of these variants, so
/// the build indexes the variants of every vocabulary word and a query looks up its own.
/// Index and query must generate them the same way, so this lives in the shared file.
///
/// Each variant is the word's bytes around the deleted characters, copied as up to three
/// slices into one buffer: a query word makes a few dozen variants on every misspelt search.
pub fn for_each_deletion_variant(word: &str, max_deletions: u8, mut each: impl FnMut(&str)) {
    // Where each character starts, then the word's end.
    let mut bounds = [0usize; DELETION_MAX_CHARS + 1];
    let mut n_chars = 0;
    for (at, _) in word.char_indices() {
        let Some(bound) = bounds.get_mut(n_chars) else { return };
        *bound = at;
        n_chars += 1;
    }
    if n_chars > DELETION_MAX_CHARS {
        return;
    }
    bounds[n_chars] = word.len();
    let mut variant = String::with_capacity(word.len());
    let mut emit = |skip: &[usize]| {
        variant.clear();
        let mut from = 0;
        for &deleted in skip {
            variant.push_str(&word[from..bounds[deleted]]);
            from = bounds[deleted + 1];
        }
        variant.push_str(&word[from..]);
        each(&variant);
    };
    emit(&[]);
    if max_deletions == 0 {
        return;
    }
    for first in 1..n_chars {
        emit(&[first]);
    }
    if max_deletions >= 2 && n_chars > 0 {
        emit(&[0]);
        for first in 1..n_chars {
            for second in first + 1..n_chars {
                emit(&[first, second]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`for_each_token_with`] as it was before its ASCII runs were read in one step: a
    /// character at a time. The reference the runs are held to.
    fn tokens_a_character_at_a_time(text: &str) -> Vec<(String, String, Range<usize>)> {
        let stemmer = Stemmer::create(Algorithm::English);
        let mut out = Vec::new();
        let mut word = String::new();
        let (mut start, mut end) = (0, 0);
        let (mut n_upper, mut n_lower, mut ends_lower_s) = (0usize, 0usize, false);
        let mut flush = |word: &mut String, start: usize, end: usize, acronym_plural: bool| {
            if acronym_plural {
                word.pop();
            }
            if word.chars().nth(1).is_some() && !is_stop_word(word) {
                out.push((word.clone(), stem(&stemmer, word).into_owned(), start..end));
            }
            word.clear();
        };
        for (offset, ch) in text.char_indices() {
            let width = ch.len_utf8();
            let ch = fullwidth_to_ascii(ch);
            if ch.is_alphanumeric() {
                if word.is_empty() {
                    start = offset;
                    (n_upper, n_lower) = (0, 0);
                }
                if ch.is_uppercase() {
                    n_upper += 1;
                } else if ch.is_lowercase() {
                    n_lower += 1;
                }
                ends_lower_s = ch == 's' && n_lower == 1;
                word.extend(ch.to_lowercase());
                end = offset + width;
            } else if !(ch == '\''
                || ch == '\u{2019}'
                || crate::model::is_invisible(ch)
                || (ch == '/' || ch == '&') && joins_initials(&word, text, offset + 1)
                || ch == '/' && joins_version(&word, text, offset + 1)
                || ch == '-' && joins_letter_prefix(&word, text, offset + 1))
            {
                flush(&mut word, start, end, ends_lower_s && n_upper >= 2);
            }
        }
        flush(&mut word, start, end, ends_lower_s && n_upper >= 2);
        out
    }

    /// Reading a run of ASCII letters and digits in one step gives the tokens a character at a
    /// time gave: for every file of the content (guides, answers, synonyms, as written), and
    /// for words that mix ASCII with other letters, acronyms' plurals split by apostrophes,
    /// joins and cases that lowercase to more than one character.
    #[test]
    fn ascii_runs_read_at_once_give_the_tokens_of_a_character_at_a_time() {
        let mut texts: Vec<String> = [
            "LLMs and KPIs, LLM's KPI’s, ABCs PhDs TODOs s S Ss sS",
            "team's don't A/B R&D Q&A HTTP/2 HTTP/1.1 24/7 p-value e-commerce a-data",
            "Café Müller naïve ÉCOLE straße İstanbul ǅemal x² CO₂ Ωmega ΣΑΣ 東京 data",
            "naïveS ÀBCs café's MLé-s ＡＢＣ ｄａｔａ 12ab AB12s 3Ds",
            "ml\u{2060}ops gover\u{ad}nance \u{feff}data\u{2061} LLM\u{34f}s a\u{feff} \u{2060}b",
            "",
            "   ",
            "a",
            "end with ascii run",
            "ünicode start",
        ]
        .map(str::to_owned)
        .to_vec();
        let mut dirs =
            vec![std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/content"))];
        while let Some(dir) = dirs.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else { panic!("cannot read {dir:?}") };
            for path in entries.flatten().map(|entry| entry.path()) {
                if path.is_dir() {
                    dirs.push(path);
                } else if let Ok(text) = std::fs::read_to_string(&path) {
                    texts.push(text);
                }
            }
        }
        assert!(texts.len() > 150, "content files read: {}", texts.len());
        for text in &texts {
            let mut tokens = Vec::new();
            for_each_token_with(
                text,
                |_| None,
                |word, stem, span| tokens.push((word.to_owned(), stem.to_owned(), span)),
            );
            let opening: String = text.chars().take(80).collect();
            assert_eq!(tokens, tokens_a_character_at_a_time(text), "{opening:?}");
        }
    }

    /// The overrides are sorted (they are binary-searched), each changes what Snowball would
    /// give (or it is dead weight), and a token takes its override in place of Snowball's stem.
    #[test]
    fn stem_overrides_replace_the_stemmers_stem() {
        let stemmer = Stemmer::create(Algorithm::English);
        // A word one edit from an overridden one, stemmed by Snowball as that one is, is it
        // misspelt; one edit away with a stem of its own, or its own stem, is not.
        for (typed, own) in [("excelence", Some("excellence")), ("engagment", Some("engagement"))] {
            assert_eq!(misspelt_override(typed), own, "{typed}");
        }
        // "oficer" is Snowball's "ofic", no stem of the library: typo tolerance reads it.
        for typed in ["excel", "office", "offices", "excelled", "oficer", "heading", "models"] {
            assert_eq!(misspelt_override(typed), None, "{typed}");
        }
        assert!(one_edit_apart("excelence", "excellence") && one_edit_apart("officre", "officer"));
        assert!(one_edit_apart("ofifcer", "officer") && one_edit_apart("offcer", "officer"));
        assert!(!one_edit_apart("excel", "excellence") && !one_edit_apart("officer", "officer"));
        assert!(STEM_OVERRIDES.windows(2).all(|w| w[0].0 < w[1].0), "sorted, no repeats");
        for &(word, own) in STEM_OVERRIDES {
            assert_ne!(stemmer.stem(word), own, "{word}: Snowball already gives {own}");
            assert_eq!(stem(&stemmer, word), own, "{word}");
        }
        let stems: Vec<String> = tokens("Embeddings, embedded staff; excellence excels in Excel")
            .into_iter()
            .map(|t| t.stem)
            .collect();
        assert_eq!(stems, ["embedding", "embed", "staff", "excellence", "excels", "excel"]);
        assert_eq!(stem(&stemmer, "models"), "model", "any other word is Snowball's");
    }

    /// Each irregular form's stem is its verb's, Snowball gives the form another (or the
    /// entry is dead weight), and the table is sorted.
    #[test]
    fn everyday_words_are_sorted_and_british() {
        assert!(EVERYDAY_WORDS.windows(2).all(|w| w[0] < w[1]), "sorted, no repeats");
        for &word in EVERYDAY_WORDS {
            assert!(british_spelling(word).is_none(), "{word} is an American spelling");
            assert!(!is_stop_word(word), "{word} is a stop word");
        }
        assert!(everyday_word("fortune") && everyday_word("chores") && !everyday_word("dashbord"));
        assert!(everyday_word("teachers") && everyday_word("charities"));
        assert!(everyday_word("canvas") && everyday_word("primer"));
    }

    #[test]
    fn an_irregular_form_takes_its_verbs_stem() {
        let stemmer = Stemmer::create(Algorithm::English);
        assert!(IRREGULAR_FORMS.windows(2).all(|w| w[0].0 < w[1].0), "sorted, no repeats");
        for &(form, verb, own) in IRREGULAR_FORMS {
            assert_eq!(stemmer.stem(verb), own, "{form}: the stem of {verb}");
            assert_ne!(stemmer.stem(form), own, "{form}: Snowball already gives {own}");
            assert!(!is_stop_word(form), "{form} is a stop word");
        }
        assert_eq!(irregular_form("wrote"), Some("write"));
        assert_eq!(irregular_form("chosen"), Some("choos"));
        for word in ["write", "writes", "found", "given", "wrot", "wroten"] {
            assert_eq!(irregular_form(word), None, "{word}");
        }
    }

    /// Only the overrides sharing the word's first letter are looked at: for every override,
    /// each word one deletion, substitution or swap from it, and the empty word, the result is
    /// what a look at every override gives.
    #[test]
    fn a_misspelt_override_is_found_among_those_of_its_first_letter() {
        let every = |word: &str| -> Option<&'static str> {
            let in_ending = |overridden: &str| {
                let common =
                    word.bytes().zip(overridden.bytes()).take_while(|(a, b)| a == b).count();
                common + 2 >= word.len().min(overridden.len())
            };
            let stemmer = Stemmer::create(Algorithm::English);
            let snowball = stem(&stemmer, word);
            STEM_OVERRIDES
                .iter()
                .filter(|(overridden, _)| {
                    one_edit_apart(word, overridden) && !in_ending(overridden)
                })
                .find(|(overridden, _)| snowball != word && stemmer.stem(overridden) == snowball)
                .map(|&(_, own)| own)
        };
        let mut words = vec![String::new()];
        for &(overridden, _) in STEM_OVERRIDES {
            for at in 0..overridden.len() {
                let mut deleted = overridden.to_string();
                deleted.remove(at);
                let mut changed = overridden.as_bytes().to_vec();
                changed[at] = if changed[at] == b'e' { b'a' } else { b'e' };
                let mut swapped = overridden.as_bytes().to_vec();
                swapped.swap(at, (at + 1).min(overridden.len() - 1));
                words.push(deleted);
                words.extend([changed, swapped].map(|w| String::from_utf8(w).unwrap_or_default()));
            }
        }
        let found = words.iter().filter(|w| every(w).is_some()).count();
        for word in &words {
            assert_eq!(misspelt_override(word), every(word), "{word}");
        }
        assert!(found > 10, "words with an override: {found}");
    }

    /// Words of one sentence have consecutive positions, stop words and one-letter words
    /// dropped between them or not; a sentence's or clause's end, or a table's `:` and `;`,
    /// leaves a gap, so the words on either side are never next to each other. A full stop
    /// inside a word or a number, a comma or a dash ends nothing.
    #[test]
    fn a_sentence_end_leaves_a_gap_in_the_positions() {
        let adjacent_pairs = |text: &str| -> Vec<(String, String)> {
            tokens(text)
                .windows(2)
                .filter(|pair| adjacent(&pair[0], &pair[1]))
                .map(|pair| (pair[0].word.clone(), pair[1].word.clone()))
                .collect()
        };
        let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
        assert_eq!(
            adjacent_pairs("Nobody owns the data. The strategy assumed"),
            [pair("nobody", "owns"), pair("owns", "data"), pair("strategy", "assumed")]
        );
        for text in [
            "the data? Strategy",
            "the data! Strategy",
            "the data; strategy",
            "the data: strategy",
            "the data.) Strategy",
            "the data.\" Strategy",
            "the data.\u{201d} Strategy",
            "the data. A strategy",
            "the data.\n\nStrategy",
        ] {
            assert_eq!(adjacent_pairs(text), [], "{text:?}");
        }
        for text in [
            "head of data strategy",
            "the data, strategy",
            "the data - strategy",
            "the data (strategy",
            "data.js strategy",
            "data 3.5 strategy",
            "data a strategy",
        ] {
            let words: Vec<String> = tokens(text).into_iter().map(|t| t.word).collect();
            let all: Vec<_> = words.windows(2).map(|w| (w[0].clone(), w[1].clone())).collect();
            assert_eq!(adjacent_pairs(text), all, "{text:?}");
        }
        let positions: Vec<u32> =
            tokens("One two. Three four; five").into_iter().map(|t| t.position).collect();
        assert_eq!(positions, [0, 1, 2 + SENTENCE_GAP, 3 + SENTENCE_GAP, 4 + 2 * SENTENCE_GAP]);
        assert!(ends_sentence(". ") && ends_sentence("?\u{201d} ") && !ends_sentence(".5 "));
    }

    /// An abbreviation's full stop, one inside a number or a version, and in prose one
    /// followed by a lowercase word end no sentence: "U.S. data", "e.g. data", "i.e. the",
    /// "etc. and", "3.5", "v1.2". Followed by a capital, a full stop after a word ("etc. The",
    /// "Plan B. Data") ends one. A query, typed in any case, ends a phrase at any full stop
    /// but an abbreviation's.
    #[test]
    fn abbreviations_and_lowercase_words_after_a_full_stop_end_no_sentence() {
        let joined = |text: &str| -> bool {
            let tokens = tokens(text);
            tokens.windows(2).all(|pair| adjacent(&pair[0], &pair[1]))
        };
        for text in [
            "grow U.S. data market",
            "grow U.S. Data Act",
            "keep records, e.g. data lineage",
            "two records, i.e. the data owner",
            "models, logs, etc. and data",
            "the data. strategy",
            "release 3.5 data strategy",
            "release v1.2 data strategy",
            "Python vs. Scala",
            "cf. data strategy",
            "starts 9 a.m. data arrives",
            "grow U.S.) data",
        ] {
            assert!(joined(text), "{text:?}");
        }
        for text in [
            "models, logs, etc. The data",
            "Plan B. Data comes next",
            "the data. Strategy",
            "at release 3. Data",
            "Node.js. Data",
        ] {
            assert!(!joined(text), "{text:?}");
        }
        let query = |text: &str, from: &str, to: &str| {
            let (from, to) =
                (text.find(from).expect("in it") + from.len(), text.rfind(to).expect("in it"));
            sentence_ends_between(text, from, to, Reading::Query)
        };
        assert!(query("data. strategy", "data", "strategy"));
        assert!(query("data; strategy", "data", "strategy"));
        assert!(query("etc. data", "etc", "data"));
        assert!(!query("u.s. data", "u.s", "data"));
        assert!(!query("e.g. data", "e.g", "data"));
        assert!(!query("data 3.5 strategy", "data", "strategy"));
        assert!(!query("data, strategy", "data", "strategy"));
    }

    /// A letter joined to a word by a hyphen is one word with it; a stop word, a letter on its
    /// own, and a hyphen between longer words are not joined.
    #[test]
    fn a_letter_before_a_hyphen_is_part_of_the_word() {
        let words: Vec<String> =
            tokens("A p-value, k-fold e-commerce; a-data I-beam x - y data-driven A/B-test")
                .into_iter()
                .map(|t| t.word)
                .collect();
        assert_eq!(
            words,
            ["pvalue", "kfold", "ecommerce", "data", "beam", "data", "driven", "ab", "test"]
        );
        let spans: Vec<_> = tokens("the p-value").into_iter().map(|t| (t.start, t.end)).collect();
        assert_eq!(spans, [(4, 11)]);
    }

    /// A word and the one-digit version after its slash are one word, as a developer types
    /// it; numbers, longer numbers and initials keep their own rules.
    #[test]
    fn a_version_after_a_slash_is_part_of_the_word() {
        let words =
            |text: &str| -> Vec<String> { tokens(text).into_iter().map(|t| t.word).collect() };
        assert_eq!(words("HTTP/2 and HTTP/1.1, http/3"), ["http2", "http1", "http3"]);
        assert_eq!(words("http2"), ["http2"]);
        assert_eq!(
            words("24/7 pages/100 A/B x/2 HTTP/2x"),
            ["24", "pages", "100", "ab", "http", "2x"]
        );
        let spans: Vec<_> = tokens("over HTTP/2.").into_iter().map(|t| (t.start, t.end)).collect();
        assert_eq!(spans, [(0, 4), (5, 11)]);
    }

    /// A stop word hyphenated to a word joins it, before or after; a one-letter stop word, a
    /// compound of more parts and words apart do not.
    #[test]
    fn a_stop_word_hyphenated_to_a_word_joins_it() {
        let joined = |text: &str| -> Vec<Option<(String, Range<usize>)>> {
            tokens(text).iter().map(|t| joined_with_stop_word(text, t.start..t.end)).collect()
        };
        assert_eq!(joined("get buy-in"), [None, Some(("buyin".to_string(), 4..10))]);
        assert_eq!(joined("In-house team"), [Some(("inhouse".to_string(), 0..8)), None]);
        assert_eq!(joined("Add-On"), [Some(("addon".to_string(), 0..6))]);
        for text in ["point-in-time", "buy in", "a-data", "data-driven", "as-is", "x-in-y"] {
            assert!(joined(text).iter().all(Option::is_none), "{text}");
        }
        let mut words = Vec::new();
        for_each_term_token("stakeholder buy-in", |t| words.push((t.word, t.stem)));
        assert_eq!(words[1], ("buyin".to_string(), "buyin".to_string()));
    }

    /// American endings take the British word's stem, every form of it; words spelt "-ize"
    /// everywhere keep Snowball's own.
    #[test]
    fn american_spellings_stem_as_british_ones() {
        let stemmer = Stemmer::create(Algorithm::English);
        let same = |american: &str, british: &str| {
            assert_eq!(stem(&stemmer, american), stemmer.stem(british), "{american}");
        };
        for (american, british) in [
            ("optimize", "optimise"),
            ("optimizing", "optimising"),
            ("optimization", "optimisation"),
            ("optimizations", "optimisations"),
            ("organize", "organise"),
            ("organized", "organised"),
            ("minimizes", "minimises"),
            ("normalizer", "normaliser"),
            ("analyze", "analyse"),
            ("analyzing", "analysing"),
        ] {
            same(american, british);
        }
        assert_ne!(stem(&stemmer, "optimize"), stemmer.stem("optimism"));
        for word in ["size", "sizes", "resize", "downsizing", "prize", "seize", "zebra", "data"] {
            assert_eq!(stem(&stemmer, word), stemmer.stem(word), "{word}");
        }
    }

    /// The integer keys keep the list's order (binary search needs it) and find exactly the
    /// stop words.
    /// The variants are the strings made by deleting characters as the doc says, in the same
    /// order, for ASCII and multi-byte words alike; a word too long has none.
    #[test]
    fn deletion_variants_delete_the_characters_they_say() {
        fn deleting(chars: &[char], skip: &[usize]) -> String {
            chars.iter().enumerate().filter(|(i, _)| !skip.contains(i)).map(|(_, c)| c).collect()
        }
        for word in ["data", "quality", "naïve", "über", "€uro", "x", ""] {
            let chars: Vec<char> = word.chars().collect();
            let n = chars.len();
            for max in 0..=2u8 {
                let mut expected = vec![word.to_string()];
                if max >= 1 {
                    expected.extend((1..n).map(|first| deleting(&chars, &[first])));
                }
                if max >= 2 && n > 0 {
                    expected.push(deleting(&chars, &[0]));
                    for first in 1..n {
                        expected.extend(
                            (first + 1..n).map(|second| deleting(&chars, &[first, second])),
                        );
                    }
                }
                let mut made = Vec::new();
                for_each_deletion_variant(word, max, |variant| made.push(variant.to_string()));
                assert_eq!(made, expected, "{word:?}, {max} deletions");
            }
        }
        let longest = "a".repeat(DELETION_MAX_CHARS);
        let mut n = 0;
        for_each_deletion_variant(&longest, 2, |_| n += 1);
        assert_eq!(
            n,
            1 + (DELETION_MAX_CHARS - 1)
                + 1
                + (DELETION_MAX_CHARS - 1) * (DELETION_MAX_CHARS - 2) / 2
        );
        for_each_deletion_variant(&format!("{longest}é"), 2, |variant| panic!("{variant}"));
    }

    #[test]
    fn stop_word_keys_sort_as_the_words_and_find_only_them() {
        assert!(STOP_WORDS.windows(2).all(|pair| pair[0] < pair[1]), "STOP_WORDS is sorted");
        assert!(STOP_KEYS.windows(2).all(|pair| pair[0] < pair[1]), "keys sort as the words");
        for word in STOP_WORDS {
            assert!(is_stop_word(word), "{word}");
        }
        for word in
            ["", "ab", "abou", "aboutt", "whom", "yours", "the\u{0}", "th", "shoulder", "data"]
        {
            assert!(!is_stop_word(word), "{word:?}");
        }
    }
}
