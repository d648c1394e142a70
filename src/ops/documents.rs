//! Documents: anything an agent can search, cite and read whole, by a short id.
//!
//! Ids are `<kind segment>/<slug>` for content (`services/mlops`, `guides/<slug>`,
//! `docs/api`), `errors/<code>` for an error code, `operations/<operationId>` for an API
//! operation and `contact` for the contact details. Documents come in two collections: the
//! offering (services, industries, case studies) and the library (guides, documentation
//! pages, error codes, API operations); a surface searches and reads within one. The contact
//! details are in both.
//!
//! Guides are ranked by the BM25F index (`ops::guides`); the other documents are few, so a
//! query ranks first the documents whose title holds every query unit, then the pages whose
//! title and description (and a documentation page's headings) together hold them all, then by the distinct query units it
//! contains (`relevance`, each counting two) with those its title or summary holds counting
//! one more, the units its title holds, how well they matched and the shorter title, and then
//! keeps the table order. Both read the query the
//! same way (`search::query::units`), synonyms and typo tolerance included.

use super::content::{self, Item};
use super::error::Error;
use super::guides::{self, SearchRequest};
use super::wanted::{Wanted, held_by_texts, said_in_a_row, texts_cover, texts_hold, wanted};
use crate::limits::SEARCH_QUERY_MAX_CHARS;
use crate::model::{DocKind, DocumentRecord, ItemKind, McpServer};
use crate::search::cursor;
use crate::search::query::{Units, for_each_token, splits_as_joined, units};
use crate::tables::{AGENT_URL, CATEGORIES, DOCUMENTS, GUIDES};

/// A set of documents a surface serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Collection {
    /// Services, industries, case studies and the contact details.
    Offering,
    /// Guides, documentation pages, error codes, API operations and the contact details (a
    /// reader of the library asks how to reach its authors too).
    Library,
}

impl Collection {
    /// The MCP server that searches and reads the other collection, with its address, as a
    /// refusal names it: "the docs MCP server, `<agent>/mcp/docs`".
    fn other_server(self) -> String {
        let (name, server) = match self {
            Collection::Offering => ("docs", McpServer::Docs),
            Collection::Library => ("product", McpServer::Product),
        };
        format!("the {name} MCP server, {AGENT_URL}{}", server.path())
    }

    fn holds(self, kind: DocKind) -> bool {
        match self {
            Collection::Offering => matches!(
                kind,
                DocKind::Page(ItemKind::Service | ItemKind::Industry | ItemKind::CaseStudy)
                    | DocKind::Contact
            ),
            Collection::Library => matches!(
                kind,
                DocKind::Page(ItemKind::Docs | ItemKind::Guide)
                    | DocKind::ErrorCode
                    | DocKind::Operation
                    | DocKind::Contact
            ),
        }
    }
}

/// Which documents of the library the API documentation search covers.
fn is_reference(kind: DocKind) -> bool {
    matches!(kind, DocKind::Page(ItemKind::Docs) | DocKind::ErrorCode | DocKind::Operation)
}

/// One readable document.
#[derive(Debug, Clone, Copy)]
pub enum Document {
    /// A guide.
    Guide(Item),
    /// A page, an error code or an operation.
    Record(&'static DocumentRecord),
}

impl Document {
    pub fn kind(self) -> DocKind {
        match self {
            Document::Guide(item) => DocKind::Page(item.kind()),
            Document::Record(record) => record.kind,
        }
    }
    /// The id `fetch` takes.
    pub fn id(self) -> String {
        match self {
            Document::Guide(item) => format!("guides/{}", item.slug()),
            Document::Record(record) => record.id.to_string(),
        }
    }
    pub fn title(self) -> &'static str {
        match self {
            Document::Guide(item) => item.title(),
            Document::Record(record) => record.title,
        }
    }
    /// One or two sentences about it.
    pub fn summary(self) -> &'static str {
        match self {
            Document::Guide(item) => item.description(),
            Document::Record(record) => record.summary,
        }
    }
    /// Where a person reads it; what a citation links.
    pub fn url(self) -> &'static str {
        match self {
            Document::Guide(item) => item.url(),
            Document::Record(record) => record.url,
        }
    }
    /// The whole text as markdown.
    pub fn markdown(self) -> &'static str {
        match self {
            Document::Guide(item) => item.markdown(),
            Document::Record(record) => record.markdown,
        }
    }
    /// A word for the kind: `service`, `industry`, `case-study`, `guide`, `page`, `error`,
    /// `operation`, `contact`.
    pub fn kind_name(self) -> &'static str {
        match self.kind() {
            DocKind::Page(ItemKind::Service) => "service",
            DocKind::Page(ItemKind::Industry) => "industry",
            DocKind::Page(ItemKind::CaseStudy) => "case-study",
            DocKind::Page(ItemKind::Guide) => "guide",
            DocKind::Page(ItemKind::Docs) => "page",
            DocKind::ErrorCode => "error",
            DocKind::Operation => "operation",
            DocKind::Contact => "contact",
        }
    }
    /// The guide's category name, for guides.
    pub fn category(self) -> Option<&'static str> {
        match self {
            Document::Guide(Item::Guide(guide)) => {
                CATEGORIES.get(usize::from(guide.category)).map(|c| c.name)
            }
            _ => None,
        }
    }
}

/// One search result.
#[derive(Debug, Clone, Copy)]
pub struct Hit {
    pub document: Document,
    /// Distinct query units matched; 0 when the query was blank.
    pub relevance: u8,
}

/// The document with this id in `collection`, or `not_found` naming the id and the MCP tool
/// (`search`, on the same server: this is the MCP `fetch` tool's lookup) that gives ids. The
/// `url` a search result gives is accepted too: a content item's canonical URL (or its
/// markdown twin's), and an error code's or an operation's URL with its fragment
/// (`<site>/docs/errors/#<code>`, the `docs` link of an Error body, and
/// `<api>/openapi.json#/paths/...`), which name no page of their own. A url's scheme and host
/// may be in any case.
pub fn fetch(collection: Collection, id: &str) -> Result<Document, Error> {
    let trimmed = id.trim();
    let document = match trimmed.strip_prefix("guides/") {
        Some(slug) => {
            content::item(ItemKind::Guide, slug.trim_end_matches('/')).map(Document::Guide)
        }
        None => DOCUMENTS.iter().find(|record| record.id == trimmed).map(Document::Record),
    };
    // A url's scheme and host are case-insensitive (RFC 3986, section 6.2.2.1).
    let url = content::lowercase_origin(trimmed);
    let document = document
        .or_else(|| by_url(&url))
        .or_else(|| DOCUMENTS.iter().find(|record| record.url == url).map(Document::Record));
    match document {
        Some(document) if collection.holds(document.kind()) => Ok(document),
        // The other server's document: said so, with where it is, rather than "no document",
        // which read as "it does not exist" to an agent connected to one server only.
        Some(_) => Err(Error::new(
            crate::model::ErrorKind::NotFound,
            format!(
                "`{}` is a document of {}: call its fetch; this server's search returns the ids its fetch takes",
                super::error::truncate(id),
                collection.other_server()
            ),
        )),
        None => Err(Error::new(
            crate::model::ErrorKind::NotFound,
            format!(
                "no document has the id `{}` on this server; its tool search returns the ids fetch takes",
                super::error::truncate(id)
            ),
        )),
    }
}

fn by_url(url: &str) -> Option<Document> {
    match content::item_by_url(url)? {
        item @ Item::Guide(_) => Some(Document::Guide(item)),
        Item::Page(page) => {
            let id = format!("{}/{}", page.kind.segment(), page.slug);
            DOCUMENTS.iter().find(|record| record.id == id).map(Document::Record)
        }
    }
}

/// The query's units as the guide search reads them (`search::query::units`: synonym
/// phrases, synonyms, a misspelt word's nearest words, a joined word split, the last word's
/// completions), after the same length check as the guide search. One reading of a query for
/// every surface: these corpora match the same words the REST search matches.
fn query_units(query: &str) -> Result<Units, Error> {
    let n_chars = query.chars().count();
    if n_chars > SEARCH_QUERY_MAX_CHARS {
        return Err(Error::query_too_long("query", n_chars));
    }
    let query = versions_joined(query);
    Ok(units(&whole_as_the_api_writes(&query)))
}

/// `query` with each word the API documentation writes whole, but the guide library does not
/// (so the guide search reads it as two of the library's words typed without a space), put in
/// double quotes: read as typed, as a word the documents hold. `preflight request` was read
/// as "pre", "flight" and "request" (the guides say "pre-join" and "in-flight"), and found
/// `GET /healthz` and guides before the API overview, which says what a browser's preflight
/// request gets. A word already in quotes is left as it is; the quotes added come in pairs,
/// so every other word stays inside or outside quotes as it was.
fn whole_as_the_api_writes(query: &str) -> std::borrow::Cow<'_, str> {
    let mut whole: Vec<(usize, usize)> = Vec::new();
    let mut quotes_before = 0;
    let mut counted_to = 0;
    for_each_token(query, |token| {
        let before = query.get(counted_to..token.start).unwrap_or_default();
        quotes_before +=
            before.chars().filter(|&c| matches!(c, '"' | '\u{201c}' | '\u{201d}')).count();
        counted_to = token.start;
        let written = || {
            DOCUMENTS.iter().any(|record| {
                is_reference(record.kind)
                    && record.terms.binary_search(&token.stem.as_str()).is_ok()
            })
        };
        if quotes_before % 2 == 0
            && token.word.bytes().all(|b| b.is_ascii_alphabetic())
            && splits_as_joined(&token.word, &token.stem)
            && written()
        {
            whole.push((token.start, token.end));
        }
    });
    if whole.is_empty() {
        return std::borrow::Cow::Borrowed(query);
    }
    let mut quoted = String::with_capacity(query.len() + 2 * whole.len());
    let mut from = 0;
    for (start, end) in whole {
        quoted.push_str(query.get(from..start).unwrap_or_default());
        quoted.push('"');
        quoted.push_str(query.get(start..end).unwrap_or_default());
        quoted.push('"');
        from = end;
    }
    quoted.push_str(query.get(from..).unwrap_or_default());
    std::borrow::Cow::Owned(quoted)
}

/// Whether `query` says "get" as the everyday verb, not the HTTP method: in lower case (or
/// capitalised) before an article or a number, as "how do I get a 304" and "how do I get the
/// next page" say it, and nowhere as the method (in capitals, or before what it reads: `GET
/// /v1/export`, `get service`, `get task`). Every `GET` operation's title holds the method,
/// so the verb matched all of them: `how do I get the next page` found the export operation
/// ("GET /v1/export", whose text says "paging" and "next") before the API overview's section
/// on paging. The verb still matches a page that says it (the authentication page's
/// "getting a free ... token").
fn says_get_as_a_verb(query: &str) -> bool {
    let words: Vec<&str> = query.split_whitespace().collect();
    let mut verb = false;
    for (at, word) in words.iter().enumerate() {
        if !word.eq_ignore_ascii_case("get") {
            continue;
        }
        let before_article_or_number = words.get(at + 1).is_some_and(|next| {
            let next = next.trim_matches(|c: char| !c.is_alphanumeric());
            ["a", "an", "the"].iter().any(|article| next.eq_ignore_ascii_case(article))
                || next.starts_with(|c: char| c.is_ascii_digit())
        });
        if !(matches!(*word, "get" | "Get") && before_article_or_number) {
            return false;
        }
        verb = true;
    }
    verb
}

/// `query` with a protocol's version typed a space after its name ("HTTP 2", "http 3") joined
/// to it as the documentation writes it ("HTTP/2", which the tokenizer reads as `http2`), when
/// some record uses the joined word. The tokenizer drops a lone digit, so `HTTP 2` searched for
/// `http` alone and found the MCP operations (whose titles say "Streamable HTTP") before the
/// API overview, which says "HTTP/2". Only a word of letters and one digit that ends its word,
/// as the tokenizer joins after a slash; a word and a number no record joins ("tier 2", "step
/// 3") are read as before.
fn versions_joined(query: &str) -> std::borrow::Cow<'_, str> {
    let bytes = query.as_bytes();
    let mut joined: Option<String> = None;
    for (at, pair) in bytes.windows(2).enumerate() {
        // A space at `at`, a digit after it that ends its word, a word of letters before it.
        if pair[0] != b' ' || !pair[1].is_ascii_digit() {
            continue;
        }
        if bytes.get(at + 2).is_some_and(|b| b.is_ascii_alphanumeric()) {
            continue;
        }
        let name_start =
            bytes[..at].iter().rposition(|b| !b.is_ascii_alphabetic()).map_or(0, |p| p + 1);
        if at - name_start < 2 || bytes[..name_start].last().is_some_and(u8::is_ascii_digit) {
            continue;
        }
        let word = format!("{}{}", query[name_start..at].to_ascii_lowercase(), pair[1] as char);
        if DOCUMENTS.iter().any(|record| record.terms.binary_search(&word.as_str()).is_ok()) {
            // The space becomes the slash the documentation writes: one byte for one, so every
            // other byte stays where it was.
            joined.get_or_insert_with(|| query.to_owned()).replace_range(at..=at, "/");
        }
    }
    joined.map_or(std::borrow::Cow::Borrowed(query), std::borrow::Cow::Owned)
}

/// A hit and whether the document's title holds every unit of the query.
struct Ranked {
    hit: Hit,
    title_covers: bool,
    /// Whether its title and description (a page's, a guide's; with a documentation page's
    /// headings) together hold every unit, or (an error code's, an operation's) its title and
    /// summary do.
    described: bool,
    /// Units the title holds (a guide's only in the docs server's merge of a question mostly
    /// in the API's words, 0 otherwise).
    in_title: u8,
    /// Which units the title holds, bit `i` for the `i`th (records only; 0 for guides, and
    /// past [`TITLE_UNIT_BITS`] units).
    title_units: u64,
    /// Units what the document says it is about holds: its title or summary (a record's;
    /// with a documentation page's description and headings), its title or description (a
    /// guide's).
    in_lead: u8,
    /// Units matched only through a typo.
    typos: u8,
    /// Units of the asker's phrasing a guide holds (see [`mostly_names_the_api`]); set in the
    /// docs server's merge only, 0 for records.
    phrasing: u8,
    /// An error code whose title and meaning say all of a query that reports a failure
    /// ("rejected", "wrong": see [`FAILURE_WORDS`]) but the failure word; false for guides.
    says_the_failure: bool,
}

/// How many query units [`Ranked::title_units`] can tell apart.
const TITLE_UNIT_BITS: usize = 64;

/// The bit of the `at`th query unit in [`Ranked::title_units`], 0 past [`TITLE_UNIT_BITS`].
fn unit_bit(at: usize) -> u64 {
    if at < TITLE_UNIT_BITS { 1 << at } else { 0 }
}

/// Ranks the records `keep` selects: a title holding every unit, then a page whose title and
/// description together hold every unit, then relevance (units matched anywhere, any way,
/// each counting two) with each unit the title or summary holds counting one more, then units
/// matched in the title, then how well they matched (exact before synonym before typo), then
/// the shorter title, then table order. An error code or an operation the query names by its
/// identifier as written (`invalid_body`, `exportAll`) comes before all of them. A blank
/// query (the trimmed `query` is empty) keeps every record in table
/// order with relevance 0; a query that is not blank but has no searchable terms (only stop
/// words, single letters or punctuation) matches nothing, as the guide search does.
fn rank_records(query: &str, wanted: &[Wanted<'_>], keep: impl Fn(DocKind) -> bool) -> Vec<Ranked> {
    rank_records_counted(query, wanted, keep).0
}

/// [`rank_records`], and how many of the query's units some kept record matched.
fn rank_records_counted(
    query: &str,
    wanted: &[Wanted<'_>],
    keep: impl Fn(DocKind) -> bool,
) -> (Vec<Ranked>, usize) {
    let blank = query.is_empty();
    let identifiers = identifiers(query);
    let unnamed = unnamed(&identifiers);
    let own_words = if blank { Vec::new() } else { error_code_words(wanted) };
    let get_as_a_verb = says_get_as_a_verb(query);
    let mut scored: Vec<Scored> = Vec::new();
    let mut unit_found = vec![false; wanted.len()];
    for (record_idx, record) in DOCUMENTS.iter().enumerate() {
        if !keep(record.kind) {
            continue;
        }
        if blank {
            scored.push(Scored { record_idx, ..Scored::default() });
            continue;
        }
        let in_terms =
            |terms: &'static [&'static str]| move |key: &str| terms.binary_search(&key).is_ok();
        let (mut relevance, mut in_title, mut in_lead, mut quality) = (0, 0, 0, 0);
        let mut lead_says = 0;
        let (mut own_in_title, mut own_said) = (0, 0);
        let mut typos = 0;
        let mut title_units = 0;
        let (mut held_units, mut lead_units) = (0, 0);
        // The industry a unit's word names as its sector (`sector_words`: "nhs", "factories",
        // "government"), which may write it nowhere, holds it as its title would.
        let industry = match record.kind {
            DocKind::Page(ItemKind::Industry) => record.id.split_once('/').map(|(_, slug)| slug),
            _ => None,
        };
        for (at, (unit, found)) in wanted.iter().zip(unit_found.iter_mut()).enumerate() {
            if industry.is_some() && unit.sector == industry {
                *found = true;
                relevance += 1;
                quality += 100;
                in_title += 1;
                title_units |= unit_bit(at);
                in_lead += 1;
                continue;
            }
            let best = unit.best(in_terms(record.terms));
            // A status the query names (`error 500`) is not a number an error code's meaning
            // states as a limit ("longer than 500 characters"), unless the query says the
            // limit too (`500 characters`: its next unit is held as well).
            let best = if matches!(record.kind, DocKind::ErrorCode)
                && status_key(unit).is_some_and(|key| !titles_status(record, key))
                && wanted.get(at + 1).is_none_or(|next| next.best(in_terms(record.terms)) == 0)
            {
                0
            } else if matches!(record.kind, DocKind::Operation)
                && ((status_key(unit).is_some() && unit.best(in_terms(record.lead_terms)) == 0)
                    || (get_as_a_verb && unit.keys.first().is_some_and(|(key, _)| *key == "get")))
            {
                // The verb "get" is not an operation's method ([`says_get_as_a_verb`]). And
                // an operation lists every status it can answer among its responses: that
                // is not what a status asked about (`how do I get a 304`) is explained by.
                // Every `GET` operation lists 304, and they came before the API overview,
                // which says when a 304 comes and how to get one.
                0
            } else {
                best
            };
            *found |= best > 0;
            if best > 0 {
                relevance += 1;
                held_units |= unit_bit(at);
                typos += usize::from(unit.only_through_typo(in_terms(record.terms)));
                quality += best;
                let titled = unit.best(in_terms(record.title_terms)) > 0
                    && (!matches!(record.kind, DocKind::ErrorCode)
                        || record.names.is_empty()
                        || titled_in_a_name_said_whole(record, unit, wanted));
                in_title += usize::from(titled);
                if titled {
                    title_units |= unit_bit(at);
                }
                let in_lead_best = unit.best(in_terms(record.lead_terms));
                // A word every code's title holds ("error", "code") says nothing of what this
                // code is about: `list of all error codes` found `case_study_not_found`, whose
                // meaning says "lists", before the reference, whose description lists them all.
                let common = matches!(record.kind, DocKind::ErrorCode)
                    && own_words.get(at) == Some(&OwnWord::Common);
                in_lead += usize::from(in_lead_best > 0 && !common);
                if in_lead_best > 0 && !common {
                    lead_units |= unit_bit(at);
                }
                lead_says += usize::from(in_lead_best >= 100);
                if own_words.get(at) == Some(&OwnWord::Telling) {
                    own_in_title += usize::from(titled);
                }
                if own_words.get(at).is_some_and(|word| !word.is_phrasing()) {
                    own_said += usize::from(in_lead_best >= 100);
                }
            }
        }
        // A query that reports a failure ("rejected", "wrong") and an error code whose title
        // and meaning say the rest of it in its own words: the code is what it asks about, as
        // a page whose description holds the query is. Not when the asker's phrasing is as
        // much of the query (`cors headers`, `is it safe to retry`: the one word of the API's
        // names a code, the question is not about it), and not without a failure reported
        // (`batch request format` asks for the batch operation, not `batch_empty`).
        let n_own = own_words.iter().filter(|word| !word.is_phrasing()).count();
        let code_says_it = matches!(record.kind, DocKind::ErrorCode)
            && own_words.contains(&OwnWord::Failure)
            && own_in_title > 0
            && own_said == n_own
            && 2 * n_own > own_words.len();
        if relevance > 0 {
            let tier = if names_its_identifier(record, &identifiers)
                || writes_an_identifier(record, &unnamed)
            {
                3
            } else if in_title == wanted.len() {
                2
            } else {
                u8::from(
                    (matches!(record.kind, DocKind::Page(_)) && in_lead == wanted.len())
                        || titles_the_status(record, wanted)
                        || code_says_it,
                )
            };
            scored.push(Scored {
                tier,
                weight: clamp(2 * relevance + in_lead),
                relevance: clamp(relevance),
                in_title: clamp(in_title),
                lead_says: clamp(lead_says),
                quality,
                cover: if in_title > 0 { named_cover(record, wanted) } else { 0 },
                title_units,
                held_units,
                lead_units,
                typos: clamp(typos),
                says_the_failure: code_says_it,
                record_idx,
            });
        }
    }
    // The error-code reference's table is every code's meaning, so its text holds the words
    // of several codes' rows together: it counts as holding no more of the query than one
    // code's row and its own title, description and status column hold together. `how many earlier turns can
    // ask take` found the reference ("many" in one row, "earlier turns" in another, "ask" in a
    // third) before `too_many_turns`, whose title and limit say three of them. Together, not
    // added: `a2a send message example` found the reference (its description says which
    // surfaces "send" codes, "A2A" among them) before the agents page, as the two units of its
    // description and the three of `missing_query`'s row (two of them the same) made five of
    // four.
    let codes =
        scored.iter().filter(|s| matches!(DOCUMENTS[s.record_idx].kind, DocKind::ErrorCode));
    let code_units: Vec<u64> = codes.clone().map(|s| s.held_units).collect();
    let best_code = codes.map(|s| s.relevance).max().unwrap_or(0);
    let countable = wanted.len() <= TITLE_UNIT_BITS;
    // A status the query names is the table's status column's, whichever row holds the rest
    // (no code's meaning holds a status it does not give: `error 500` asks of the reference).
    let statuses = wanted
        .iter()
        .enumerate()
        .filter(|(_, unit)| status_key(unit).is_some())
        .fold(0, |mask, (at, _)| mask | unit_bit(at));
    for s in scored.iter_mut().filter(|s| is_the_error_reference(&DOCUMENTS[s.record_idx])) {
        let in_lead = s.weight.saturating_sub(s.relevance.saturating_mul(2));
        let own = s.lead_units | statuses;
        // Past the units a mask tells apart, the sum as before.
        let row_and_lead = if countable {
            code_units
                .iter()
                .map(|units| (units | own) & s.held_units)
                .chain(std::iter::once(own & s.held_units))
                .map(u64::count_ones)
                .max()
                .map_or(0, |n| clamp(usize::try_from(n).unwrap_or(usize::MAX)))
        } else {
            best_code.saturating_add(in_lead)
        };
        let held = s.relevance.min(row_and_lead);
        s.weight = held.saturating_mul(2).saturating_add(in_lead);
    }
    // A title names what a record is (a service, an industry, an error code): the records
    // whose title holds the whole query come first, then the pages whose title and
    // description together hold it (a page's description says what it is about: `export
    // token` and `api key` find the authentication page, which no title names, before an
    // error code or an operation whose title holds one of the words). Below those, the units a
    // record holds anywhere, each counted once more when its title or summary (what it says
    // it is about) holds it: `refresh token` finds the authentication page, which says there
    // are no refresh tokens, before the records whose titles say "token" and nothing of
    // refreshing, and `too many requests` the error codes named so before an operation whose
    // long text uses the three words. Then the units its title holds, so `mlops engagment`
    // finds the MLOps service before a page that says "MLOps" and "engage" somewhere in its
    // text.
    // A unit held anywhere counts two and once more when the title or summary holds it, so a
    // record holding more of the query comes first: `pagination cursor` found the
    // `invalid_cursor` code, whose title holds "cursor" alone, before the API overview, which
    // holds both words (each unit counted once more had made one unit in a title weigh as
    // much as a second unit matched). Last, among records whose titles hold as much of the
    // query, the title that has said it sooner is about it: `a2a agent card` found the AI
    // catalog ("GET /.well-known/ai-catalog.json: AI catalog: this domain's MCP server cards
    // and A2A agent card") before the card itself ("GET /.well-known/agent-card.json: The
    // A2A agent card"), by table order.
    scored.sort_by(|a, b| {
        (b.tier, b.weight, b.in_title, b.quality, a.cover)
            .cmp(&(a.tier, a.weight, a.in_title, a.quality, b.cover))
            .then(a.record_idx.cmp(&b.record_idx))
    });
    let ranked = scored
        .into_iter()
        .map(
            |Scored {
                 tier,
                 weight,
                 relevance,
                 in_title,
                 lead_says,
                 title_units,
                 typos,
                 says_the_failure,
                 record_idx,
                 ..
             }| {
                Ranked {
                    hit: Hit { document: Document::Record(&DOCUMENTS[record_idx]), relevance },
                    title_covers: !wanted.is_empty() && usize::from(in_title) == wanted.len(),
                    // Among the records an error code's summary (its meaning) or an operation's (its
                    // details) does not lift it to the description tier, but beside a guide that holds
                    // the query only in its text, a record whose title and summary say all of it, in
                    // the query's own words, is about the query: `retry after` found five guides that
                    // say "retry" and "after" in passing before `errors/rate_limited`, whose summary
                    // says to wait the seconds `Retry-After` gives. Its own words only: a synonym (the
                    // phrase "someone else's model" read as validation) made the error codes that
                    // say "valid" lead a question on validating a model.
                    described: tier > 0
                        || (!wanted.is_empty() && usize::from(lead_says) == wanted.len()),
                    in_title,
                    title_units,
                    in_lead: weight.saturating_sub(relevance.saturating_mul(2)),
                    typos,
                    phrasing: 0,
                    says_the_failure,
                }
            },
        )
        .collect();
    (ranked, unit_found.iter().filter(|found| **found).count())
}

/// What a unit of the query is to the error codes (see [`error_code_words`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OwnWord {
    /// A word of the API's that tells one code from another.
    Telling,
    /// A word every error code's title holds ("error", "code").
    Common,
    /// The asker's phrasing: no title of the API documentation holds it in any way
    /// ("instead", "safe"), and it is no HTTP status.
    Phrasing,
    /// Phrasing that reports a failure ([`FAILURE_WORDS`]).
    Failure,
}

impl OwnWord {
    fn is_phrasing(self) -> bool {
        matches!(self, OwnWord::Phrasing | OwnWord::Failure)
    }
}

/// The words an asker reports a failed request with, which no title of the API says: a query
/// holding one asks for the error code that names the rest of it.
const FAILURE_WORDS: &str = "rejected refused wrong failed broken denied";

/// Whether `unit` is one of [`FAILURE_WORDS`], as its stem.
fn reports_a_failure(unit: &Wanted<'_>) -> bool {
    let Some((key, _)) = unit.keys.first() else { return false };
    let mut found = false;
    crate::search::tokenize::for_each_token_with(
        FAILURE_WORDS,
        crate::search::query::known_stem,
        |_, stem, _| found |= stem == *key,
    );
    found
}

/// What each unit of the query is to the error codes. An error code's title and meaning
/// (with the limit it states and the headers it names) ranks with the pages whose title and
/// description hold the whole query when they say every unit but the asker's phrasing as
/// typed and its title holds a telling one: `json body rejected` found `POST /ask` ("Ask a
/// question with a JSON body") before `invalid_json`, and `connection limit` the guide for
/// agents, whose headings say "Connecting" and "Limits", before `too_many_connections`, whose
/// title says "connections" and whose limit "limited". A word every code's title holds
/// does not make the code the subject (`weird error` is the error-code reference's).
fn error_code_words(wanted: &[Wanted<'_>]) -> Vec<OwnWord> {
    let in_api = in_api_titles(wanted);
    let codes = DOCUMENTS.iter().filter(|record| matches!(record.kind, DocKind::ErrorCode));
    wanted
        .iter()
        .zip(in_api)
        .map(|(unit, in_api)| {
            let in_title = |record: &&DocumentRecord| {
                unit.best(|key| record.title_terms.binary_search(&key).is_ok()) > 0
            };
            if in_api == 0 && status_key(unit).is_none() {
                if reports_a_failure(unit) { OwnWord::Failure } else { OwnWord::Phrasing }
            } else if codes.clone().all(|record| in_title(&record)) {
                OwnWord::Common
            } else {
                OwnWord::Telling
            }
        })
        .collect()
}

/// What a record is ranked by, most telling first (see [`rank_records`]).
#[derive(Debug, Default, Clone, Copy)]
struct Scored {
    /// 3: the query names its identifier ([`names_its_identifier`]); 2: the title holds
    /// every unit; 1: a page's title and description together do.
    tier: u8,
    /// Twice the units held anywhere, and once more each one the title or the summary holds.
    weight: u8,
    /// Units held anywhere.
    relevance: u8,
    /// Units the title holds.
    in_title: u8,
    /// Units the title or the summary holds as typed (or completed), not through a synonym
    /// or a typo.
    lead_says: u8,
    /// The shares of an exact match, summed.
    quality: u32,
    /// Where the title has said every unit it holds ([`title_cover`]): sooner is more about
    /// what the query names.
    cover: u8,
    /// Which units the title holds ([`Ranked::title_units`]).
    title_units: u64,
    /// Which units it holds anywhere, bit `i` for the `i`th (none past [`TITLE_UNIT_BITS`]).
    held_units: u64,
    /// Which units its title or summary holds, as [`Scored::held_units`].
    lead_units: u64,
    /// Units held only through a typo.
    typos: u8,
    /// An error code whose title and meaning say all of a query that reports a failure.
    says_the_failure: bool,
    record_idx: usize,
}

/// The word of `title` by which every unit of the query that its words hold has appeared: the
/// first word's index plus one when one word says it all, the title's length when its last
/// word completes it, 0 when no unit is in its words (an operation's id, not in its title's
/// text, may hold them). A title that names the query at once is about it; one that gets to
/// it after naming other things ("... MCP server cards and A2A agent card") is about those.
/// `too many requests` is said by the eighth word of `rate_limited`'s title and the ninth of
/// `too_many_connections`', whose code says "too many" first but not "requests".
/// Whether the title of `record` (an error code) holds `unit` in its own words, or a name it
/// goes by that the query says whole does: `unsupported_media_type` goes by `Content-Type`,
/// which `wrong content type` says, but `mcp` alone does not make `header_mismatch`, which
/// goes by `MCP-Protocol-Version`, an error code titled "MCP" (it came before the MCP
/// servers' operations).
fn titled_in_a_name_said_whole(
    record: &DocumentRecord,
    unit: &Wanted<'_>,
    wanted: &[Wanted<'_>],
) -> bool {
    let one = std::slice::from_ref(unit);
    if title_cover(record.title, one) > 0 {
        return true;
    }
    record.names.iter().any(|name| {
        let mut whole = true;
        crate::search::tokenize::for_each_token_with(
            name,
            crate::search::query::known_stem,
            |_, stem, _| whole &= wanted.iter().any(|w| w.keys.iter().any(|(key, _)| *key == stem)),
        );
        whole && title_cover(name, one) > 0
    })
}

/// [`title_cover`] of the record's title or of another name it goes by, whichever says the
/// query sooner: `unsupported_media_type` goes by `Content-Type`, which says `wrong content
/// type` by its second word, as `content_type_not_supported`'s title does only by its fourth.
/// A name that holds none of the query's units does not count.
fn named_cover(record: &DocumentRecord, wanted: &[Wanted<'_>]) -> u8 {
    let title = title_cover(record.title, wanted);
    record
        .names
        .iter()
        .map(|name| title_cover(name, wanted))
        .filter(|cover| *cover > 0)
        .chain((title > 0).then_some(title))
        .min()
        .unwrap_or(title)
}

fn title_cover(title: &str, wanted: &[Wanted<'_>]) -> u8 {
    let mut stems: Vec<String> = Vec::new();
    crate::search::tokenize::for_each_token_with(
        title,
        crate::search::query::known_stem,
        |_, stem, _| stems.push(stem.to_string()),
    );
    let first_at = |key: &str| {
        let parts: Vec<&str> = key.split(' ').collect();
        stems
            .windows(parts.len())
            .position(|window| window.iter().zip(&parts).all(|(a, b)| a == b))
            .map(|at| at + parts.len())
    };
    let cover = wanted
        .iter()
        .filter_map(|unit| unit.keys.iter().filter_map(|(key, _)| first_at(key)).min())
        .max()
        .unwrap_or(0);
    clamp(cover)
}

/// Whether the query names an HTTP status (`got a 401`, `getting 415`, `what does 429 mean`)
/// and `record` is an error code whose title gives every status it names in brackets ("Error
/// code missing_token (401 Unauthorized)"): an error code is what a status asked about
/// answers. Such a record ranks with the pages whose description holds the whole query:
/// `getting 415` found the batch operation, which says "GET" and lists 415 among its
/// responses, before `unsupported_media_type`, and `what does 429 mean` the API overview,
/// which says "429" and "meaning", before `rate_limited`; the other words still order them
/// (`404 for a service` finds `service_not_found` before the other 404s).
fn titles_the_status(record: &DocumentRecord, wanted: &[Wanted<'_>]) -> bool {
    let mut named = false;
    for key in wanted.iter().filter_map(status_key) {
        if !(matches!(record.kind, DocKind::ErrorCode) && titles_status(record, key)) {
            return false;
        }
        named = true;
    }
    named
}

/// The HTTP status a unit of the query names: a number of three digits from 100 to 599 as
/// typed (`401`, `500`), `None` for any other unit.
fn status_key<'w>(unit: &Wanted<'w>) -> Option<&'w str> {
    let key = unit.keys.first().map(|(key, _)| *key)?;
    let status = key.len() == 3
        && key.bytes().all(|b| b.is_ascii_digit())
        && matches!(key.as_bytes()[0], b'1'..=b'5');
    status.then_some(key)
}

/// Whether `record`'s title gives the status `key` in its brackets ("Error code
/// missing_token (401 Unauthorized)"), not a limit its name states ("500 characters").
fn titles_status(record: &DocumentRecord, key: &str) -> bool {
    record.title.split('(').skip(1).any(|part| part.starts_with(key))
}

/// The words of `query` written as an identifier, lower-cased: holding an underscore
/// (`invalid_body`) or a capital after a small letter (`exportAll`). An agent that pastes the
/// `code` of an Error body or an `operationId` means that record, not a page that says the
/// same words: `what does error code invalid_body mean` found the error-code reference, whose
/// title and description hold "error", "code", "body" and "mean", before `invalid_body`.
fn identifiers(query: &str) -> Vec<String> {
    query
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|word| {
            word.contains('_')
                || word
                    .as_bytes()
                    .windows(2)
                    .any(|w| w[0].is_ascii_lowercase() && w[1].is_ascii_uppercase())
        })
        .map(str::to_ascii_lowercase)
        .collect()
}

/// Whether `record` is an error code or an operation whose code or `operationId` is one of
/// the query's `identifiers` (case aside).
fn names_its_identifier(record: &DocumentRecord, identifiers: &[String]) -> bool {
    let own = match record.kind {
        DocKind::ErrorCode | DocKind::Operation => record.id.split_once('/').map(|(_, own)| own),
        _ => None,
    };
    own.is_some_and(|own| identifiers.iter().any(|word| word.eq_ignore_ascii_case(own)))
}

/// The query's `identifiers` written with an underscore that no error code or operation is
/// named by: a code the API documents but does not send as `error.code` (the OAuth endpoints'
/// `invalid_client`, `unsupported_grant_type`). A word with a capital inside is more often a
/// name than a field (`ChatGPT`, `OpenAI`: the agents page says "ChatGPT" and led `is it safe
/// to let staff use ChatGPT`), and is not read so.
fn unnamed(identifiers: &[String]) -> Vec<&str> {
    identifiers
        .iter()
        .filter(|word| {
            word.contains('_')
                && word.bytes().filter(u8::is_ascii_alphabetic).count() > 1
                && !DOCUMENTS
                    .iter()
                    .any(|record| names_its_identifier(record, std::slice::from_ref(word)))
        })
        .map(String::as_str)
        .collect()
}

/// Whether `record`'s text writes one of the `unnamed` identifiers as a word of its own (case
/// aside): the record that says what it is. `what does invalid_client mean` found the client
/// registration operation, whose title holds "client", before the authentication page, which
/// says when the token endpoint answers `invalid_client`.
fn writes_an_identifier(record: &DocumentRecord, unnamed: &[&str]) -> bool {
    let text = record.markdown.as_bytes();
    let part_of_a_word = |b: &u8| b.is_ascii_alphanumeric() || *b == b'_';
    unnamed.iter().any(|word| {
        let word = word.as_bytes();
        text.windows(word.len()).enumerate().any(|(at, window)| {
            window.eq_ignore_ascii_case(word)
                && !at
                    .checked_sub(1)
                    .and_then(|before| text.get(before))
                    .is_some_and(part_of_a_word)
                && !text.get(at + word.len()).is_some_and(part_of_a_word)
        })
    })
}

/// Whether `record` is the error-code reference, the page that lists every code.
fn is_the_error_reference(record: &DocumentRecord) -> bool {
    matches!(record.kind, DocKind::Page(ItemKind::Docs))
        && record.title == crate::model::ERRORS_TITLE
}

fn clamp(n: usize) -> u8 {
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// Whether `title` holds every unit (not none), as written, as a synonym, or as the word a
/// misspelt one is near; a phrase counts where its stems follow each other.
fn title_covers(title: &str, wanted: &[Wanted<'_>]) -> bool {
    texts_cover(&[title], wanted)
}

/// Whether every unit of the query is a word of the API's vocabulary: one that some title of
/// the API documentation holds (a documentation page, an error code, an operation or its
/// `operationId`). `export token` is (the export operation, the `missing_token` error), and
/// the docs server's `search` put a guide comparing AI pricing contracts, which speaks of
/// LLM tokens and of exporting data, before the authentication documents; `feature store`
/// and `data quality` are not, and find guides first as before.
fn names_the_api(wanted: &[Wanted<'_>]) -> bool {
    !wanted.is_empty() && in_api_titles(wanted).iter().all(|share| *share > 0)
}

/// For each unit of the query, the best share with which some title of the API documentation
/// holds it (100: as typed, not through a synonym or a typo; 0: none holds it).
fn in_api_titles(wanted: &[Wanted<'_>]) -> Vec<u32> {
    wanted
        .iter()
        .map(|unit| {
            let mut best = 0;
            for record in DOCUMENTS.iter().filter(|record| is_reference(record.kind)) {
                best = best.max(unit.best(|key| record.title_terms.binary_search(&key).is_ok()));
                if best >= 100 {
                    break;
                }
            }
            best
        })
        .collect()
}

/// Whether at least two thirds of the query's units that some title holds are the API's own
/// words: words some title of the API documentation holds as typed and no title of the guides
/// found (`guide_titles`) holds. A question about the API with an everyday word or two around
/// its words (`do I need an api key`, `origin header rejected`, `request rejected as too
/// large`). A word no title holds, of the API or of the guides found, is the asker's phrasing,
/// not what the question is about, and is left out of the count: `got a 401`, `what happens if
/// my token expires`, `is it safe to retry` and `my request keeps timing out` ("got",
/// "happens", "safe", "keeps") listed guides that hold every word in passing before the error
/// code or the page that answers. As typed, and not the guides' words: "the answers from our ai
/// assistant are too slow" holds "answers", "ai" and "too" as titles of the API do
/// ("invalid_answers", "AI readiness", "Too Many Requests"), but "ai", "assistant" and "slow"
/// name guides, and it asks about a chatbot's latency. Unless an API title or a documentation
/// page's heading says the word next to another of the query's, as the query says them
/// ([`said_in_a_row`]): "Too Many Requests" names `how many requests can I make`, whatever a
/// guide on erasure requests is titled.
fn mostly_names_the_api<'w>(wanted: &[Wanted<'w>], guide_titles: &[&str]) -> Option<Vec<&'w str>> {
    let enough = |n: usize, of: usize| n > 0 && 3 * n >= 2 * of;
    let in_api = in_api_titles(wanted);
    let count = |held: &dyn Fn(usize) -> bool| (0..wanted.len()).filter(|at| held(*at)).count();
    // The guides' titles are read only when the API's titles alone could hold enough: the
    // units some title holds are at least those an API title holds in any way.
    if !enough(count(&|at| in_api[at] >= 100), count(&|at| in_api[at] > 0)) {
        return None;
    }
    let in_guides = held_by_texts(guide_titles, wanted);
    let own = |at: usize| in_api[at] >= 100 && !in_guides[at];
    // A phrase or a word read through a synonym is what the query is about wherever it is
    // written: `our data warehouse costs too much` holds the synonym phrase "data warehouse
    // costs", which no title holds, and "too", which titles error codes.
    let phrasing = |at: usize| {
        let plain = wanted[at]
            .keys
            .iter()
            .all(|(key, _)| !key.contains(' ') && *key == wanted[at].keys[0].0);
        plain && in_api[at] == 0 && !in_guides[at]
    };
    let n_titled = count(&|at| !phrasing(at));
    let mut n_own = count(&|at| own(at));
    if !enough(n_own, n_titled) {
        // Words an API title or a documentation page's heading says one after another, as the
        // query says them, name what the API names, though a guide's title holds one of them in
        // another sense: `how many requests can I make` is "Too Many Requests" (a guide on
        // erasure requests held "requests"), `whats the biggest page size` the API overview's
        // "the page size" (a guide on chunk sizes held "sizes"). Read only where the titles
        // alone did not tell.
        let together = said_in_a_row(&api_titles_and_headings(), wanted);
        n_own = count(&|at| own(at) || together[at]);
    }
    enough(n_own, n_titled).then(|| {
        (0..wanted.len()).filter(|at| phrasing(*at)).map(|at| wanted[at].keys[0].0).collect()
    })
}

/// The titles of the API documentation (documentation pages, error codes, operations) and
/// the section headings of its pages: where it names what it is about. A line of a fenced
/// code block is no heading (the authentication page's shell comments start with `#`).
fn api_titles_and_headings() -> Vec<&'static str> {
    let references = DOCUMENTS.iter().filter(|record| is_reference(record.kind));
    let mut texts: Vec<&'static str> = references.clone().map(|record| record.title).collect();
    for record in references.filter(|record| matches!(record.kind, DocKind::Page(ItemKind::Docs))) {
        let mut in_code = false;
        for line in record.markdown.lines() {
            if line.trim_start().starts_with("```") {
                in_code = !in_code;
            } else if let Some(heading) = line.strip_prefix('#').filter(|_| !in_code) {
                texts.push(heading.trim_start_matches('#'));
            }
        }
    }
    texts
}

/// Whether at least two thirds of all the query's units are the API's own words as typed (some
/// title of the API documentation holds them): for the product server, which documents no
/// part of the API, a stricter reading than [`mostly_names_the_api`], whose asker's phrasing
/// (a word no title holds) is left out of the count; on the product server `book a call` is
/// the contact details, not a question about the API because "call" titles an operation.
fn names_the_api_throughout(wanted: &[Wanted<'_>]) -> bool {
    let n_api = in_api_titles(wanted).iter().filter(|&&held| held >= 100).count();
    n_api > 0 && 3 * n_api >= 2 * wanted.len()
}

/// Searches a collection for `query`, best first, at most `limit` hits.
///
/// In the library, guides (BM25F order) and records (their own order) are merged by
/// relevance, the distinct query units a document matches. Relevance ties between the two
/// kinds are frequent, since a two-word query matches dozens of guides fully; among equal
/// relevance, documents whose title holds every query term come first (the title names what
/// a document is about, for a guide and a record alike), then those with fewer terms matched
/// only through a typo, and then guides precede records.
pub fn search(collection: Collection, query: &str, limit: usize) -> Result<Vec<Hit>, Error> {
    let query = crate::model::trim_blank(query);
    let units = query_units(query)?;
    let wanted = wanted(&units);
    let (mut ranked, n_found) = rank_records_counted(query, &wanted, |kind| collection.holds(kind));
    if collection == Collection::Offering && !query.is_empty() {
        // A page of the offering is a match when its title names some of the query (a title
        // names what a service or an industry is: `mlops engagment` finds the MLOps service)
        // or it holds most of what the query names (more than half of the units some page
        // holds): `rate limit` listed nine pages that say "rates" or "limitations"
        // somewhere, and the product has nothing on rate limits. A word no page uses is not
        // held against a page (`forecasting for charities` still finds forecasting).
        // A query mostly in the API's own words (`do I need an api key`) asks of the API,
        // which the docs server documents and no page of the offering is about: a page is a
        // match then only by its title. Held against most of the query, `need` and `key`
        // listed the data literacy service ("need", "key" in passing), as no API question
        // should get.
        let need = clamp(n_found / 2 + 1);
        let about_the_api = names_the_api_throughout(&wanted);
        ranked.retain(|r| r.in_title > 0 || (!about_the_api && r.hit.relevance >= need));
        lead_with_titles_that_name_it(&mut ranked, wanted.len());
    }
    // The offering is small: a blank query lists all of it, not a first page with no way on.
    let limit =
        if query.is_empty() && collection == Collection::Offering { usize::MAX } else { limit };
    if collection == Collection::Library {
        // The guides are searched with the words the API writes whole read whole, as the
        // records are ([`whole_as_the_api_writes`]): split, `preflight request` was three words
        // to the guides ("pre", "flight", "request") and two to the records, and guides that
        // say "pre-join" and "in-flight" held one more of it than the API overview.
        let whole = whole_as_the_api_writes(query);
        let params = guides::validate(&SearchRequest { q: Some(&whole), ..Default::default() })?;
        let page = guides::search(guides::SearchParams { limit, ..params });
        // A guide search that read a word as another (`correctedQuery`: "cors" as "core")
        // ranked the guides by the correction, so each of its hits counts as matched through a
        // typo, whatever its own count says.
        let read_as_another = u8::from(page.corrected.is_some());
        let guide_titles: Vec<&str> =
            page.hits().iter().map(|hit| guides::GuidePage::guide(hit).title).collect();
        let phrasing = mostly_names_the_api(&wanted, &guide_titles);
        let about_the_api = phrasing.is_some();
        // A word of the asker's phrasing counts for no guide (the API's own documents that
        // hold it say it of the API): `request blocked by the browser` found guides that say
        // "blocked" in passing before the API overview, which says a browser page can call the
        // API.
        let mut phrasing = phrasing.unwrap_or_default();
        // Nor does an HTTP status the query names (`error 500`): a guide that holds the number
        // says it of something else ("500 labelled examples"), and listed guides on
        // evaluation metrics before the error-code reference.
        phrasing.extend(wanted.iter().filter_map(status_key));
        // Nor does the word a failure is reported by, when an error code says all the rest
        // (`wrong content type`: `unsupported_media_type`): guides that say "wrong" somewhere
        // and "content" and "type" in passing held one word more than the code, which no code
        // writes, and came first.
        if ranked.iter().any(|r| r.says_the_failure) {
            phrasing.extend(
                wanted
                    .iter()
                    .filter(|unit| reports_a_failure(unit))
                    .filter_map(|unit| unit.keys.first().map(|(key, _)| *key)),
            );
        }
        let phrasing_in =
            |holds: &dyn Fn(&str) -> bool| clamp(phrasing.iter().filter(|key| holds(key)).count());
        let guide_hits = page.hits().iter().map(|hit| {
            let guide = guides::GuidePage::guide(hit);
            Ranked {
                hit: Hit {
                    document: Document::Guide(Item::Guide(guide)),
                    relevance: hit.relevance,
                },
                title_covers: title_covers(guide.title, &wanted),
                described: texts_cover(&[guide.title, guide.description], &wanted),
                // Read only where they count (a question mostly in the API's words).
                in_title: if about_the_api {
                    clamp(texts_hold(&[guide.title], &wanted))
                } else {
                    0
                },
                title_units: 0,
                in_lead: if about_the_api {
                    clamp(texts_hold(&[guide.title, guide.description], &wanted))
                } else {
                    0
                },
                typos: hit.typos.max(read_as_another),
                phrasing: phrasing_in(&|key| crate::search::guide_uses(hit.guide, key)),
                says_the_failure: false,
            }
        });
        let merged: Vec<Ranked> = guide_hits.collect();
        // Stable: within a tier guides keep their BM25F order and precede records, unless the
        // query is the API's vocabulary and no title holds all of it: then the API's own
        // documents come first (a guide whose title names the query still leads its tier).
        // Among equal relevance, fewer units matched only through a typo come first: a word
        // the guides do not use is read as another (`cors` as "core", `bearer` as "better",
        // `llms.txt` as "llms text"), and a record that holds it as typed is what the query
        // names; a misspelling that guides and records both read through a typo
        // (`helthcare`) leaves guides first. Guides already rank fewer typos first, so
        // their order is kept.
        // Then a document whose title and description together hold the whole query, a
        // page's or a guide's (what it says it is about), or whose title and summary say it
        // in the query's own words, an error code's or an operation's, before one that holds
        // it only in its text: `mcp config` found a guide on choosing a language model, which says
        // "MCP" and "config" in passing, before the agents page, whose description names the
        // MCP servers and a client's config.
        // The records keep the order `search_api_docs` gives them: a record it lists before
        // another counts here as much as the best one after it. `fetch one service by slug`
        // found the API overview, which says "fetch" somewhere and holds all four words, before
        // `operations/getService`, whose title and summary hold three, while
        // `search_api_docs` (which counts what a title and summary hold) lists the operation
        // first; guides keep their own order, and a record can only rise among them as far as
        // one listed after it already stands.
        let api_first = names_the_api(&wanted);
        let key = |r: &Ranked| {
            let guide = matches!(r.hit.document, Document::Guide(_));
            let after_records = api_first && guide && !r.title_covers;
            (
                std::cmp::Reverse(
                    2 * u16::from(r.hit.relevance.saturating_sub(r.phrasing))
                        + u16::from(about_the_api) * u16::from(r.in_lead),
                ),
                !r.title_covers,
                r.typos,
                !r.described,
                after_records,
                // Last, in a question mostly in the API's words, the title that says more of
                // it: `how many requests can I make` found a guide on LLM latency, whose
                // description says "many" and "requests", before `rate_limited`, whose title
                // says "Too Many Requests", the two tied on all the rest.
                std::cmp::Reverse(if about_the_api { r.in_title } else { 0 }),
            )
        };
        let mut records: Vec<_> = ranked.drain(..).map(|r| (key(&r), r)).collect();
        for at in (1..records.len()).rev() {
            records[at - 1].0 = records[at - 1].0.min(records[at].0);
        }
        // Guides keep their own order too (as ranked before what a document says it is about
        // counted): a guide lifted by its description lifts the guides ranked before it.
        let mut guides: Vec<_> = merged.into_iter().map(|r| (key(&r), r)).collect();
        guides.sort_by_key(|(k, r)| (std::cmp::Reverse(r.hit.relevance), k.1, k.2, k.3, k.4));
        for at in (1..guides.len()).rev() {
            guides[at - 1].0 = guides[at - 1].0.min(guides[at].0);
        }
        let mut keyed = guides;
        keyed.append(&mut records);
        // Stable: guides before records among equal keys, as before.
        keyed.sort_by_key(|(k, _)| *k);
        ranked = keyed.into_iter().map(|(_, r)| r).collect();
    }
    ranked.truncate(limit);
    Ok(ranked.into_iter().map(|r| r.hit).collect())
}

/// Puts first the services and industries whose titles together name the whole query when no
/// one title does:
/// the one whose title names most of it, then the one whose title names most of the rest,
/// and so on, each naming something the ones before did not. `mlops for banks` names a
/// service and an industry: it listed the machine learning engineering service, which says
/// "MLOps" and "banks" in its text, before the MLOps service, and `generative ai for retail`
/// the retail industry page, then machine learning engineering, then the generative AI
/// service. A case study's title tells a client's story, not what the query names:
/// `demand forecasting for a retailer` is not the hospital's. A query one title names whole (`data governance`), or with a unit no title names,
/// keeps its order; the other pages keep theirs after the ones put first.
fn lead_with_titles_that_name_it(ranked: &mut Vec<Ranked>, n_units: usize) {
    if !(2..=TITLE_UNIT_BITS).contains(&n_units) || ranked.iter().any(|r| r.title_covers) {
        return;
    }
    let all = (0..n_units).fold(0, |mask, at| mask | unit_bit(at));
    // A service or an industry, whose title names what it is; a case study's title tells a
    // client's story: `demand forecasting for a retailer` is no hospital's.
    let names_what = |r: &Ranked| {
        matches!(r.hit.document.kind(), DocKind::Page(ItemKind::Service | ItemKind::Industry))
    };
    let mut covered = 0;
    let mut picks: Vec<usize> = Vec::new();
    while covered != all {
        let gain = |r: &Ranked| (r.title_units & !covered).count_ones();
        // The first of the most named, in the order the pages already have.
        let best = ranked
            .iter()
            .enumerate()
            .filter(|(at, r)| !picks.contains(at) && names_what(r) && gain(r) > 0)
            .max_by_key(|&(at, r)| (gain(r), std::cmp::Reverse(at)));
        let Some((at, record)) = best else { return };
        covered |= record.title_units;
        picks.push(at);
    }
    if picks.len() < 2 {
        return;
    }
    let mut slots: Vec<Option<Ranked>> = ranked.drain(..).map(Some).collect();
    for &at in &picks {
        ranked.extend(slots[at].take());
    }
    ranked.extend(slots.into_iter().flatten());
}

/// Whether the query names a subject the guide library covers and the API documentation does
/// not: some unit of it that no document of the API holds anywhere, as written or any other
/// way, is a word of some guide's title. `search_api_docs` answers such a query with nothing:
/// `data governance` listed `unsupported_media_type`, `unsupported_protocol_version` and the
/// export, which say "data" of a JSON-RPC error's `data` member, and no document of the API is
/// about governance. A word neither holds is the asker's phrasing (`got a 401`), and a query
/// every unit of which some document of the API holds is answered as before (`feature store`
/// finds the pages that say both words).
fn names_what_only_the_guides_cover(wanted: &[Wanted<'_>]) -> bool {
    let unheld: Vec<bool> = wanted
        .iter()
        .map(|unit| {
            !DOCUMENTS.iter().any(|record| {
                is_reference(record.kind)
                    && unit.best(|key| record.terms.binary_search(&key).is_ok()) > 0
            })
        })
        .collect();
    if !unheld.contains(&true) {
        return false;
    }
    let titles: Vec<&str> = GUIDES.iter().map(|guide| guide.title).collect();
    held_by_texts(&titles, wanted)
        .into_iter()
        .zip(unheld)
        .any(|(in_a_title, unheld)| in_a_title && unheld)
}

/// One page of the API documentation's search.
#[derive(Debug, Clone)]
pub struct ReferencePage {
    pub hits: Vec<Hit>,
    /// The cursor to the next page; `None` on the last.
    pub next_cursor: Option<String>,
}

/// Searches the API documentation (documentation pages, error codes, operations): the page of
/// at most `limit` hits that `cursor` (a `next_cursor` of the same query and limit) starts,
/// the first without one. A blank query pages through every record in table order.
pub fn search_reference(
    query: &str,
    limit: usize,
    cursor: Option<&str>,
) -> Result<ReferencePage, Error> {
    let query = crate::model::trim_blank(query);
    let units = query_units(query)?;
    let wanted = wanted(&units);
    let binding = cursor::Binding { q: query, category: Some(cursor::REFERENCE), limit };
    let offset = match cursor {
        None => 0,
        Some(token) => cursor::decode(token, &binding).map_err(Error::invalid_reference_cursor)?,
    };
    let mut hits: Vec<Hit> = if names_what_only_the_guides_cover(&wanted) {
        Vec::new()
    } else {
        rank_records(query, &wanted, is_reference).into_iter().map(|r| r.hit).collect()
    };
    let end = offset.saturating_add(limit).min(hits.len());
    let next_cursor = (end < hits.len()).then(|| cursor::encode(end, &binding));
    hits.truncate(end);
    hits.drain(..offset.min(end));
    Ok(ReferencePage { hits, next_cursor })
}
