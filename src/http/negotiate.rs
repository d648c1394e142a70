//! Proactive content negotiation (RFC 9110 section 12) for the website: pure functions of the
//! `Accept` header.
//!
//! - A page URL answers with its markdown twin when the client prefers `text/markdown`: a
//!   range names it exactly with a quality above zero, and `text/html` is not rated higher.
//!   Naming markdown is the signal (no browser does), so a tie goes to markdown, while `*/*` or
//!   `text/*` alone keeps HTML.
//! - A missing website page is the HTML 404 page when the client prefers HTML to JSON:
//!   `text/html` (or `text/*`) is named with a quality above that of `application/json`.
//!   `*/*` alone (curl, `fetch`) keeps the JSON Error body.
//!
//! A media type's quality is that of the most specific range that matches it (RFC 9110 section
//! 12.5.1); among equally specific ranges the highest wins. A range with a malformed `q` is
//! ignored; other parameters are ignored. No `Accept` header means no preference: HTML for a
//! page, JSON for an error.

use std::borrow::Cow;

use http::HeaderMap;
use http::header::{ACCEPT, ACCEPT_ENCODING};

use crate::model::FixedResponse;
use crate::wire::reply::Coding;

/// How a range matched a media type, least specific first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Match {
    /// No range matched: quality 0.
    None,
    /// `*/*`
    Any,
    /// `type/*`
    Type,
    /// `type/subtype`
    Exact,
}

/// What an `Accept` header says about one media type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Preference {
    /// The quality in thousandths: 0 (not acceptable) to 1000.
    pub quality: u16,
    /// The most specific range that matched.
    pub matched: Match,
}

/// The `Accept` header as one string: several header lines are one comma-separated list
/// (RFC 9110 section 5.3). Allocates only for more than one line.
pub fn accept_header(headers: &HeaderMap) -> Option<Cow<'_, str>> {
    let mut values = headers.get_all(ACCEPT).iter().filter_map(|v| v.to_str().ok());
    let first = values.next()?;
    match values.next() {
        None => Some(Cow::Borrowed(first)),
        Some(second) => {
            let mut joined = format!("{first}, {second}");
            for value in values {
                joined.push_str(", ");
                joined.push_str(value);
            }
            Some(Cow::Owned(joined))
        }
    }
}

/// Whether a page request should get the markdown twin rather than the HTML.
pub fn prefers_markdown(accept: Option<&str>) -> bool {
    let Some(accept) = accept else { return false };
    let markdown = preference(accept, "text/markdown");
    let html = preference(accept, "text/html");
    markdown.matched == Match::Exact && markdown.quality > 0 && markdown.quality >= html.quality
}

/// Whether a missing page should be answered with the HTML 404 page rather than JSON.
pub fn prefers_html(accept: Option<&str>) -> bool {
    let Some(accept) = accept else { return false };
    let html = preference(accept, "text/html");
    let json = preference(accept, "application/json");
    html.matched >= Match::Type && html.quality > json.quality
}

/// Whether `/ask` should stream when the request does not say: `text/event-stream` is rated
/// above `application/json` (an `EventSource` sends exactly `text/event-stream`; curl's
/// `*/*` rates both alike and gets JSON).
pub fn prefers_event_stream(accept: Option<&str>) -> bool {
    let Some(accept) = accept else { return false };
    preference(accept, "text/event-stream").quality > preference(accept, "application/json").quality
}

/// Whether `accept` allows JSON or an event stream, the two forms `/ask` and `/a2a` answer in
/// (no `Accept` allows anything). Neither, and the request is refused with 406
/// `not_acceptable`, as the MCP servers refuse it, rather than answered in a form the client
/// ruled out.
pub fn allows_json_or_events(accept: Option<&str>) -> bool {
    let Some(accept) = accept else { return true };
    preference(accept, "application/json").quality > 0
        || preference(accept, "text/event-stream").quality > 0
}

/// The quality `accept` gives `media_type` (`type/subtype`, lowercase).
pub fn preference(accept: &str, media_type: &str) -> Preference {
    let (want_type, want_subtype) = media_type.split_once('/').unwrap_or((media_type, ""));
    let mut best = Preference { quality: 0, matched: Match::None };
    for range in accept.split(',') {
        let mut parts = range.split(';');
        let essence = parts.next().unwrap_or("").trim();
        let Some((range_type, range_subtype)) = essence.split_once('/') else { continue };
        let matched = if range_type == "*" && range_subtype == "*" {
            Match::Any
        } else if !range_type.eq_ignore_ascii_case(want_type) {
            continue;
        } else if range_subtype == "*" {
            Match::Type
        } else if range_subtype.eq_ignore_ascii_case(want_subtype) {
            Match::Exact
        } else {
            continue;
        };
        let mut quality = Some(1000);
        for parameter in parts {
            let (name, value) = parameter.split_once('=').unwrap_or((parameter, ""));
            if name.trim().eq_ignore_ascii_case("q") {
                quality = parse_weight(value.trim());
                break;
            }
        }
        let Some(quality) = quality else { continue };
        if matched > best.matched || (matched == best.matched && quality > best.quality) {
            best = Preference { quality, matched };
        }
    }
    best
}

/// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`, in thousandths.
fn parse_weight(text: &str) -> Option<u16> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut thousandths = 0;
    for (digit, scale) in fraction.bytes().zip([100, 10, 1]) {
        thousandths += u16::from(digit - b'0') * scale;
    }
    match whole {
        "0" => Some(thousandths),
        "1" if thousandths == 0 => Some(1000),
        _ => None,
    }
}

/// The content coding to send `fixed` in (RFC 9110 section 12.5.3): among the codings the
/// build kept for it and identity, the one `Accept-Encoding` rates highest, ties going to
/// brotli, then gzip, then identity (smallest first). `*` rates every coding not named;
/// identity is acceptable unless refused (`identity;q=0`, or `*;q=0` without it). No header
/// means identity: many clients that send none cannot decode. When everything is refused the
/// answer is identity anyway rather than a 406, as most servers do.
pub fn coding(headers: &HeaderMap, fixed: &FixedResponse) -> Coding {
    coding_among(headers, fixed.gzip.is_some(), fixed.br.is_some())
}

/// The same choice for a body that exists in gzip and brotli as the flags say (the export).
pub fn coding_among(headers: &HeaderMap, has_gzip: bool, has_br: bool) -> Coding {
    if !has_gzip && !has_br {
        return Coding::Identity;
    }
    let mut values = headers.get_all(ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok());
    let Some(first) = values.next() else { return Coding::Identity };
    let mut rated = Ratings::default();
    for value in std::iter::once(first).chain(values) {
        for item in value.split(',') {
            rated.read(item);
        }
    }
    let candidates = [(Coding::Br, has_br), (Coding::Gzip, has_gzip), (Coding::Identity, true)];
    // In preference order, so a tie keeps the earlier (smaller) coding.
    let mut best = (Coding::Identity, 0);
    for (coding, available) in candidates {
        let quality = rated.quality(coding);
        if available && quality > best.1 {
            best = (coding, quality);
        }
    }
    best.0
}

/// What an `Accept-Encoding` header says, in thousandths (`None`: not named).
#[derive(Debug, Default)]
struct Ratings {
    br: Option<u16>,
    gzip: Option<u16>,
    identity: Option<u16>,
    any: Option<u16>,
}

impl Ratings {
    fn read(&mut self, item: &str) {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or("").trim();
        let mut quality = Some(1000);
        for parameter in parts {
            if let Some((key, value)) = parameter.split_once('=')
                && key.trim().eq_ignore_ascii_case("q")
            {
                quality = parse_weight(value.trim());
            }
        }
        // A malformed weight makes the item meaningless; ignore it.
        let Some(quality) = quality else { return };
        let slot = if name.eq_ignore_ascii_case("br") {
            &mut self.br
        } else if name.eq_ignore_ascii_case("gzip") || name.eq_ignore_ascii_case("x-gzip") {
            &mut self.gzip
        } else if name.eq_ignore_ascii_case("identity") {
            &mut self.identity
        } else if name == "*" {
            &mut self.any
        } else {
            return;
        };
        *slot = Some(slot.map_or(quality, |q| q.max(quality)));
    }

    fn quality(&self, coding: Coding) -> u16 {
        let named = match coding {
            Coding::Br => self.br,
            Coding::Gzip => self.gzip,
            Coding::Identity => self.identity,
        };
        match (named, coding) {
            (Some(quality), _) => quality,
            // Identity stays acceptable, last in line, unless `*;q=0` refuses everything not
            // named.
            (None, Coding::Identity) => u16::from(self.any != Some(0)),
            (None, _) => self.any.unwrap_or(0),
        }
    }
}
