//! The answer engine: a question in plain language (and the turns before it) → a short
//! extractive answer with its sources. Protocol-free: no HTTP, JSON-RPC or SSE type enters or
//! leaves, so `/ask`, the A2A agent and the MCP docs prompt are thin adapters over [`answer`].
//!
//! How it answers, in order:
//!
//! 1. **Company questions** ("what do you charge?", "how can I reach you?", "which industries
//!    do you work in?") are recognised by small keyword tables (`intent`) and answered from the
//!    structured records with sentences composed at build time (`COMPANY_ANSWERS`).
//! 2. **Everything else** is retrieved: the question (plus, for a follow-up, the words of the
//!    turn before at half weight) is scored against every item (guides, services, industries,
//!    case studies, docs pages, the assessment, the contact record), then the passages of the
//!    best items are scored and the best two or three that say different things are quoted,
//!    in reading order, each citing its item (`select`).
//! 3. **Not covered**: when the best item covers too little of the question's weight, or no
//!    passage covers enough of it, the answer says so and lists the closest items and the
//!    contact record instead of quoting anything.
//!
//! Deterministic (integer scores, ties broken by index) and allocation-light: the query's
//! terms, and the answer's two vectors; every string is `'static`, quoted from the tables.

mod intent;
mod query;
mod select;

use std::ops::Range;

use select::Scope;

use crate::model::TERMS_HEADING;
pub use crate::model::{CompanyTopic, LOCATION_LABEL, SourceItem, SourceKind};
use crate::tables::{
    ANSWER_ITEMS, ANSWER_PASSAGES, ANSWER_TERM_WEIGHTS, COMPANY_ANSWERS, HOW_TO_SCORE,
    NOT_COVERED_SENTENCES,
};

/// A question and the turns before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Question<'a> {
    /// The question as the user wrote it.
    pub text: &'a str,
    /// Earlier questions of the conversation, oldest first (NLWeb's `prev`, A2A's earlier user
    /// messages). Only the latest few are read (`limits::ANSWER_MAX_PREV_TURNS`).
    pub prev: &'a [&'a str],
}

/// What kind of answer this is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AnswerKind {
    /// Quoted from the content: the sentences answer the question.
    Answered,
    /// A question about the company, answered from its structured records.
    Company(CompanyTopic),
    /// The content does not answer the question; the sources are the closest items and the
    /// contact record.
    NotCovered,
}

impl AnswerKind {
    /// A stable lowercase name for wire formats: `answered`, `company`, `not-covered`.
    pub const fn name(self) -> &'static str {
        match self {
            AnswerKind::Answered => "answered",
            AnswerKind::Company(_) => "company",
            AnswerKind::NotCovered => "not-covered",
        }
    }
}

/// One sentence of an answer and the sources it is drawn from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sentence {
    /// Quoted from a passage, or composed at build time from the records (company answers).
    pub text: &'static str,
    /// Indices into [`Answer::sources`]: one source for a quoted sentence, several for a
    /// list ("13 services: ..."), none for the "not covered" notice itself.
    pub sources: Range<usize>,
}

/// An answer: its kind, its sentences in reading order and the items it cites.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    pub kind: AnswerKind,
    pub sentences: Vec<Sentence>,
    /// Cited items, most relevant first (for a company answer, in the records' order).
    pub sources: Vec<&'static SourceItem>,
    /// Match quality, per mille: the share of the question's weight the best item covers
    /// (0 when nothing matched, 1000 for a company answer). An extractive answer has at least
    /// [`NOT_COVERED_BELOW_PER_MILLE`]; a "not covered" one reports what the closest item had.
    pub quality: u16,
}

impl Answer {
    /// The sentences joined into one paragraph.
    pub fn text(&self) -> String {
        let len = self.sentences.iter().map(|s| s.text.len() + 1).sum();
        let mut text = String::with_capacity(len);
        for sentence in &self.sentences {
            if !text.is_empty() {
                text.push(' ');
            }
            text.push_str(sentence.text);
        }
        text
    }
}

/// The best item must cover at least this share (per mille) of the question's weight, or
/// the question is not covered. Calibrated on the judged set and the off-topic questions in
/// `tests/answer/`: on-topic questions score well above it, off-topic ones below.
pub const NOT_COVERED_BELOW_PER_MILLE: u64 = 450;
/// The best passage must cover at least this share (per mille) of the question's weight: an
/// item may match every word somewhere while no one sentence speaks to the question.
pub const PASSAGE_COVER_MIN_PER_MILLE: u64 = 250;
/// A question with at least this many words of its own subject that the index knows is
/// "not covered" when no candidate sentence holds this many of them together.
pub const SCATTERED_MIN_SUBJECT_TERMS: u32 = 2;
/// A word that nearly every item writes ("use", of rarity 55 where "data" has 104 and
/// "team" 269: `ANSWER_TERM_WEIGHTS`) is not one of those subject words: "Should I use
/// SMOTE?" was "not covered" because no sentence of the imbalanced-classes guide that says
/// "SMOTE" also says "use", a word that tells nothing of what is asked.
pub const SCATTERED_MIN_RARITY: u16 = 80;
/// What a question of how the firm works is searched as, among the services: their pages
/// head the section "How the engagement runs" (or "How an engagement runs").
pub const FIRM_WAY_QUERY: &str = "how an engagement runs";
/// What a question for the site's content whole (`Query::asks_site_copy`) is searched
/// as, among the documentation pages, one sentence each: the API overview's line on the bulk
/// export ("returns everything at once, one download") and the agents page's on
/// `/llms-full.txt` ("holds every page's markdown in one file"). One search for both found
/// neither: no one sentence says both.
pub const SITE_COPY_QUERIES: [&str; 2] = ["returns one download", "markdown in one file"];
/// What a question of who works on the firm's engagements is searched as, among the services:
/// each names the team it staffs an engagement with where it tells how the engagement runs.
pub const FIRM_TEAM_QUERY: &str = "the team of an engagement";
/// What a question of what happens when the firm's work ends is asked as, of the firm's "How
/// we work" statements: one of them says what happens after the engagement ends.
pub const FIRM_END_QUERY: &str = "what happens after the engagement ends";
/// What a question of what the client receives from the firm's work is searched as, among the
/// firm's own pages (services first): the services' headings for it ("Deliverables", "What you
/// receive").
pub const FIRM_DELIVERABLES_QUERY: &str = "deliverables";
/// Items a company answer about prices or contact adds after its records when the question
/// also names a topic ("what would MLOps cost?").
pub const COMPANY_EXTRA_SOURCES: usize = 2;
/// Closest items a "not covered" answer lists before the contact record.
pub const NOT_COVERED_SOURCES: usize = 3;
/// Most sources an extractive answer lists: the candidate items, all of which may be cited.
pub const MAX_SOURCES: usize = select::CANDIDATE_ITEMS;
/// A source is listed only if its rank is at least this share (per mille) of the best item's.
pub const SOURCE_KEEP_PER_MILLE: u64 = 200;
/// The sources a reader sees first: the item an answer opens on is listed first when it is
/// among them.
pub const LEADING_SOURCES: usize = 3;

/// Who the answer is for, where that changes what works: the one thing that does is how to
/// score the readiness assessment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Surface {
    /// A caller on the web (`/ask`, the MCP docs prompt): the assessment page and the REST
    /// endpoints work for it.
    Web,
    /// A client of the A2A agent: a message to the agent scores the answers.
    A2a,
}

impl Answer {
    /// This answer as told on `surface`: on the A2A agent, the assessment's "take it at the
    /// page, or post to the REST endpoint" becomes how to have the agent score it. Every
    /// other sentence, and every source, is the same on every surface.
    pub fn on(mut self, surface: Surface) -> Answer {
        if surface == Surface::A2a {
            for sentence in &mut self.sentences {
                if sentence.text == HOW_TO_SCORE[0] {
                    sentence.text = HOW_TO_SCORE[1];
                }
            }
        }
        self
    }
}

/// Answers `question` as told on the web (see [`Answer::on`] for the A2A agent). Pure: the
/// same question and turns always give the same answer.
pub fn answer(question: &Question<'_>) -> Answer {
    // "The user wants to know whether the firm works with hospitals": an agent's frame around
    // its user's question is no part of it (`intent::forwarded`); and "how much does an
    // enagement cost": a misspelt word of phrasing is read as meant by the intent as well as
    // by the query (`query::respelt`). Both read each earlier turn the same way.
    let text = query::respelt(intent::forwarded(question.text));
    let turns: Vec<_> =
        question.prev.iter().map(|turn| query::respelt(intent::forwarded(turn))).collect();
    let prev: Vec<&str> = turns.iter().map(|turn| turn.as_ref()).collect();
    let question = &Question { text: &text, prev: &prev };
    // "Thanks", "great, cheers", "you are useless", "are you a bot?": small talk asks nothing
    // of the library, and a sentence that shares a word with it ("Fewer than they think are
    // right." for "thanks", read as "think") is not an answer. Courtesy gets who is answering,
    // as a greeting does; a complaint, or whether a person answers, how to reach one. Read on
    // the turn alone: "thanks" after an answer is the same thanks.
    if let Some(topic) = intent::small_talk(question.text) {
        return company_answer(topic);
    }
    let query = query::build(question.text, question.prev);
    let reply = answer_to(&query);
    // "Tax advice", "data science consultancy": a request in a few words asks the firm, and
    // is answered as one when one of the firm's own pages opens the answer (or a company
    // record does). Otherwise it is read as words to search, as before: a guide's "legal
    // requirements (tax, employment, ...)" is no answer to a request for tax advice, while
    // "tax advice" read as written is "not covered".
    let firm_opens = match reply.kind {
        AnswerKind::Company(_) => true,
        AnswerKind::NotCovered => false,
        AnswerKind::Answered => reply.sentences.first().is_some_and(|first| {
            reply
                .sources
                .get(first.sources.start)
                .is_some_and(|source| !matches!(source.kind, SourceKind::Guide | SourceKind::Docs))
        }),
    };
    if query.terse && !firm_opens {
        return answer_to(&query::build_as_written(question.text, question.prev));
    }
    reply
}

/// The answer to `query`, a question that is not small talk.
fn answer_to(query: &query::Query) -> Answer {
    // "Do you work with universities?", "can you help law firms?": organisations of a sector
    // no industry page is about. Whether the firm works with them is its own matter, which no
    // page says (its sectors are its six industry pages), and a sentence that shares the
    // word's stem ("There is no universal threshold.") is no answer. The closest items are
    // the firm's pages, industries first; the contact record is where to ask.
    if query.unlisted_sector_only {
        let ranked = select::rank_items(query, Some(SourceKind::Industry), Scope::FirmPages);
        return not_covered(ranked.as_slice(), 0);
    }
    // "Which guide should I read first?", "is there a guide for beginners?": a request for
    // reading that names only where to begin. No page gives a reading order or a level, so
    // nothing is quoted (it quoted the agents page's "Send earlier questions as prev"); the
    // closest item is the readiness assessment, whose result says where to start, by area.
    if query.reading_start_only {
        let assessment = ANSWER_ITEMS.iter().position(|item| item.kind == SourceKind::Assessment);
        let closest = assessment
            .map(|item| select::RankedItem { item: item as u16, ..select::RankedItem::default() });
        return not_covered(closest.as_slice(), 0);
    }
    // "Can I download all your guides?", "is there a bulk download?", "is there a
    // machine-readable version of the site?": the site's content whole, which the
    // documentation pages offer (the bulk export, `/llms-full.txt`). Searched, "all your
    // guides" was a request for reading and "download" quoted a security guide's "Model
    // supply chain compromise" row; "how do I download a model safely?" is not one.
    if query.asks_site_copy {
        return site_copy_answer();
    }
    // "How do I cancel?": no page says how to cancel anything (the firm sells no
    // subscription), and a sentence that shares the word's stem ("... short-notice elective
    // cancellations ...") is no answer; the contact record is where to ask.
    if query.cancel_only {
        return not_covered(&[], 0);
    }
    let topic = company_topic(query);
    // "How big is your company?", "how many people work at Larchmere?": the firm's
    // description says its size ("Larchmere is a small consultancy of ..."); searched, its
    // words quoted guides on other people and sizes, or nothing.
    if query.intent.asks_firm_size && !query.intent.asks_firm_person {
        return company_answer(CompanyTopic::About);
    }
    // "What is your refund policy?": a matter of the firm's own business that no record
    // covers. Guide passages that use its words (a worked example about refunds) are not the
    // firm's policy, so nothing is quoted; the contact record is where to ask.
    if query.intent.names_firm_matter
        && query.intent.asks_firm_person
        && query.intent.refers_to_company
        && !matches!(topic, Some(CompanyTopic::Pricing | CompanyTopic::Contact))
    {
        return not_covered(&[], 0);
    }
    if query.intent.names_firm_matter
        && query.intent.refers_to_company
        && !query.intent.generic_you
        && !matches!(topic, Some(CompanyTopic::Pricing | CompanyTopic::Contact))
    {
        return from_firm_terms(query);
    }
    // "What films do you recommend?": the firm's taste in something no item writes, as "which
    // films do you like?" asks it; "films", read as "files" (one edit), quoted open table
    // formats' data files. "What tools do you recommend for data pipelines?" names pipelines.
    if query.intent.asks_firm_recommendation
        && query.intent.refers_to_company
        && !query.intent.generic_you
        && query.n_content > 0
        && query.n_foreign == query.n_content
        && topic.is_none()
    {
        return from_firm_terms(query);
    }
    // "What technologies do you use?", "do you work with small companies?": the firm's tools
    // or the size of its clients, which no record states; a guide's "technology that monitors
    // staff" or "a company earning millions" is not the answer.
    // "What is the minimum engagement size?": the size of the firm's work, which no record
    // states either; it quoted a service's "We size value in your own units".
    if query.intent.names_firm_practice
        && query.n_content == 0
        && ((query.intent.refers_to_company
            && !query.intent.generic_you
            && matches!(topic, Some(CompanyTopic::About | CompanyTopic::CaseStudies)))
            || (query.intent.asks_work_size
                && !matches!(topic, Some(CompanyTopic::Pricing | CompanyTopic::Contact))))
    {
        return from_firm_terms(query);
    }
    // "What do you need from us?", "can you work with our IT team?": asked of the firm with
    // nothing the library could be searched for, a matter no record states; the firm's
    // description, which "who are you?" gets, did not answer it.
    if query.intent.asks_unsearchable
        && query.intent.refers_to_company
        && !query.intent.generic_you
        && query.n_content == 0
        && matches!(topic, Some(CompanyTopic::About))
    {
        return from_firm_terms(query);
    }
    // "What is your process?", "what does an engagement look like?": how the firm works with
    // clients, which each service page tells ("How the engagement runs": its phases, length and
    // team). Searched as written, "process" quoted a guide's "the process has no capacity
    // behind it"; the question is searched among the services as the engagement's.
    if query.intent.asks_firm_way
        && query.firm_way_only
        && !query.intent.past_tense
        && !matches!(topic, Some(CompanyTopic::Pricing | CompanyTopic::Contact))
    {
        // "What happens at the end of the project?", "... when the project ends?": what
        // follows the work, which the firm's statement of after the engagement says in its
        // own word; searched as how an engagement runs, it quoted the services' length and
        // team, and with "project" the consultation guide's "Project teams often treat
        // employee representatives as a hurdle at the end of a rollout."
        if query.intent.asks_firm_end
            && !query.intent.asks_firm_team
            && let Some(answer) = firm_terms_answer(&query::build(FIRM_END_QUERY, &[]))
        {
            return answer;
        }
        let asked = if query.intent.asks_firm_team {
            FIRM_TEAM_QUERY
        } else if query.intent.asks_firm_deliverables {
            FIRM_DELIVERABLES_QUERY
        } else {
            FIRM_WAY_QUERY
        };
        let mut engagement = query::build(asked, &[]);
        // What each service delivers is its own: one sentence of each, so no list reads as
        // what every engagement delivers.
        engagement.each_item = query.intent.asks_firm_deliverables;
        return retrieve_in(&engagement, Some(SourceKind::Service), Scope::FirmPages);
    }
    // "Do you offer a pilot before we commit?": a small start before committing, which the
    // firm's statement of starting small says ("... and decide what comes next once they have
    // seen it."); its words are all phrasing ("offer", the pilot, committing), so it is
    // asked in the words "can we start small?" asks it. It was "not covered".
    if query.pilot_first
        && let Some(answer) = firm_terms_answer(&query::build(START_SMALL_QUERY, &[]))
    {
        return answer;
    }
    // "Can we start small?", "what is the first step?": how to begin work with the firm, which
    // one of its "How we work" statements says when it says every word; else the contact
    // record's how to get in touch, as for "how do we get started?". (Before the match, not an
    // `if let` guard on its arm: those need Rust 1.95, the crate's `rust-version` is 1.88.)
    if topic == Some(CompanyTopic::Contact)
        && query.asks_beginning
        && let Some(answer) = firm_terms_answer(query)
    {
        return answer;
    }
    // "Can you help a charity?", "do you work with charities?": clients of a kind no industry
    // page is about, which one of the firm's "How we work" statements names ("... small
    // companies and charities with no data staff yet ..."); it answers, where the list of the
    // six industries read as a no. A question of an industry the firm has a page for
    // (`reads_industry`), or of its industries in general, is answered as before.
    // The statement need not say the question's phrasing ("help" in "can you help a
    // charity?"), only its subject.
    if topic == Some(CompanyTopic::Industries)
        && !query.reads_industry
        && query.intent.refers_to_company
        && let Some(answer) = firm_terms_answer_on(query, false)
    {
        return answer;
    }
    // "Is the first call free?", "do you offer a free consultation?", "do you charge for the
    // first call?": a question of price that one of the firm's "How we work" statements says in
    // full ("... an hour's call with a practitioner, which we offer as a free consultation;
    // there is no charge for either.") is answered by it, asked of the firm or not; the prices record's "publishes no
    // prices" answered another question, and the first was "not covered" (answered by search,
    // the statement was not among the first three sources). A question of price that names
    // nothing but phrasing ("what are your prices?") gets the record.
    if query.intent.topic == Some(CompanyTopic::Pricing)
        && query.n_content > 0
        && let Some(mut answer) = firm_terms_answer(query)
    {
        // The statement alone: "are your consultations free?" opened on the firm's description
        // ("Larchmere is a small consultancy ...", for "consult"), read before the statements.
        answer.sentences.retain(|sentence| is_firm_term(sentence.text));
        answer.sentences.truncate(1);
        if !answer.sentences.is_empty() {
            return answer;
        }
    }
    // "Recommend a guide on MLOps", "what should I read to learn about data governance?": its
    // subject is searched, guides first (`KIND_BOOST`), whatever the question says of the firm
    // ("what guides do you have on generative AI?"). The first was "not covered", the second
    // quoted the responsible AI service's list of services.
    // What is asked for is a guide: when a page of the firm's opens the answer (the MLOps
    // service's definition, for the guides write the word less), the guides alone are searched,
    // and a guide's sentence that says the subject opens it ("Monitoring is the part of MLOps
    // that never ends: ..."), citing its guide first, if that guide is one the answer of every
    // item lists among its first sources (`LEADING_SOURCES`) and the sentence is of its
    // introduction (before its first heading), where a guide says what it is about: further
    // down it says the subject in passing ("any guides on responsible AI?" would quote an
    // acceptable use policy's "A named owner, ... and the responsible AI lead.", under
    // "Training and review"). Otherwise the firm's page stands.
    if query.asks_reading
        && query.n_content > 0
        && !matches!(topic, Some(CompanyTopic::Pricing | CompanyTopic::Contact))
    {
        let reply = retrieve(query, Some(SourceKind::Guide));
        let guide_opens = reply.sentences.first().is_none_or(|first| {
            reply.sources.get(first.sources.start).is_none_or(|s| s.kind == SourceKind::Guide)
        });
        if guide_opens {
            return reply;
        }
        let guides = retrieve_in(query, Some(SourceKind::Guide), Scope::Guides);
        let opening = guides.sentences.first();
        let leading = opening.and_then(|first| guides.sources.get(first.sources.start));
        let close = leading.is_some_and(|guide| {
            reply.sources.iter().take(LEADING_SOURCES).any(|source| std::ptr::eq(*source, *guide))
        });
        let introduces = opening.is_some_and(|first| {
            ANSWER_PASSAGES.iter().any(|p| p.heading.is_empty() && std::ptr::eq(p.text, first.text))
        });
        let close = close && introduces;
        return if guides.kind == AnswerKind::Answered && close { guides } else { reply };
    }
    match topic {
        // Prices and contact details come from the records whatever else the question names;
        // what it names is cited after them ("what would an MLOps project cost?").
        Some(topic @ (CompanyTopic::Pricing | CompanyTopic::Contact)) => {
            let mut answer = company_answer(topic);
            // "Do you work outside the UK?": where the firm works is what is asked, so that
            // sentence comes first (the sentences share their source).
            if topic == CompanyTopic::Contact
                && query.intent.asks_location
                && let Some(at) =
                    answer.sentences.iter().position(|s| s.text.starts_with(LOCATION_LABEL))
            {
                answer.sentences[..=at].rotate_right(1);
            }
            // "Is there anything free?": what costs nothing is what is asked, so the sentence
            // that says it (the one citing the assessment) comes first.
            if topic == CompanyTopic::Pricing
                && query.intent.asks_free
                && let Some(at) = answer.sentences.iter().position(|s| {
                    answer
                        .sources
                        .get(s.sources.start)
                        .is_some_and(|item| item.kind == SourceKind::Assessment)
                })
            {
                answer.sentences[..=at].rotate_right(1);
            }
            // "Can I talk to a human?" names no topic: the person is the firm's, so the
            // answer is the one "how do I contact you?" gets.
            if query.n_content > 0 && !query.intent.asks_for_person {
                let ranked = select::rank_items(query, None, Scope::All);
                let records = answer.sources.len();
                for ranked_item in ranked.as_slice().iter().take(COMPANY_EXTRA_SOURCES) {
                    push_unique(&mut answer.sources, &ANSWER_ITEMS[usize::from(ranked_item.item)]);
                }
                // What the question names comes next after the record the answer opens with,
                // before the records its later sentences cite ("what does a data strategy
                // cost?" cites the service, then the free self-assessment).
                cite_next_after_first(&mut answer, records);
            }
            answer
        }
        // "How long are your projects?", "how long do your services take?": the durations
        // the services state, not the list of case studies or services.
        Some(CompanyTopic::CaseStudies | CompanyTopic::Services)
            if query.intent.asks_duration
                && query.intent.names_offering
                && !query.intent.past_tense =>
        {
            retrieve(query, Some(SourceKind::Service))
        }
        // "Do you have a case study in healthcare?", "any clients in banking?", "have you
        // worked with hospitals?": the case studies of that sector, searched for it among the
        // firm's own pages, rather than the list of them all, or guides where the sector's
        // stem has another sense ("bank holidays", "logistic regression").
        Some(CompanyTopic::CaseStudies) if query.names_sector => {
            retrieve_in(query, Some(SourceKind::CaseStudy), Scope::FirmPages)
        }
        _ if query.names_sector
            && query.intent.refers_to_company
            && query.intent.past_tense
            && matches!(topic, None | Some(CompanyTopic::Industries)) =>
        {
            retrieve_in(query, Some(SourceKind::CaseStudy), Scope::FirmPages)
        }
        // "Do you work with hospitals?", "can you help insurers?": the industry the clients
        // are in, from its page, rather than the list of every industry.
        Some(CompanyTopic::Industries) if query.reads_industry => {
            retrieve_in(query, Some(SourceKind::Industry), Scope::FirmPages)
        }
        // "What is MLOps?" then "do you offer it?": what the turn before named is what is
        // asked of the topic, and is searched among its items; the topic's record (the list
        // of all thirteen services) did not say whether the firm offers MLOps.
        // "How long does an AI readiness assessment take?", "is the assessment free?": one
        // fact of the item the topic is, which one of its sentences says ("The self-assessment
        // is free and takes about ten minutes ..."); the record opened on its description.
        // "Who is the AI readiness assessment for?", "who should take the assessment?": whom
        // it suits, which the readiness assessment service says ("The assessment suits
        // organisations about to write an AI strategy, ..."), asked in its words
        // ([`AUDIENCE_QUESTION`]); the record opened on what it is.
        Some(CompanyTopic::Assessment) if query.intent.asks_audience => {
            retrieve(&query::build(AUDIENCE_QUESTION, &[]), kind_of(CompanyTopic::Assessment))
        }
        // "Who is the data strategy service for?", "who should use the AI strategy service?":
        // whom the named service suits, where its page says so ("A data strategy suits
        // organisations that ..."); searched, the question's words found a side sentence
        // ("If your current strategy cannot answer those on a page, ..."). A page that says it
        // in no such sentence keeps the search's answer.
        Some(CompanyTopic::Services)
            if query.intent.asks_audience && query.intent.named_service.is_some() =>
        {
            service_audience(query)
                .unwrap_or_else(|| retrieve(query, kind_of(CompanyTopic::Services)))
        }
        Some(topic) if query.n_content == 0 && !query.asks_of_carried() => {
            attribute_answer(query, topic).unwrap_or_else(|| company_answer(topic))
        }
        // "Case studies in retail": search, favouring the kind the question names (or, in a
        // follow-up, the kind the turn before named).
        Some(topic) => retrieve(query, kind_of(topic)),
        // A follow-up that asks nothing new of a company topic the turn before named ("how
        // long does it take?" after the assessment) gets that topic's record.
        // "Which services help with data governance?" asks for services: that kind ranks
        // first, as in a company question naming a topic.
        // "How long does a data platform engagement take?": the firm's work, which its
        // service pages describe, durations included.
        // "How fast will we see results?": when the firm's work pays off.
        None if query.intent.asks_duration
            && (query.intent.names_offering
                || (query.intent.refers_to_company && !query.intent.generic_you)
                || query.results_when)
            && !query.intent.past_tense =>
        {
            retrieve(query, Some(SourceKind::Service))
        }
        None if query.intent.asks_for_topic.and_then(kind_of).is_some() => {
            retrieve(query, query.intent.asks_for_topic.and_then(kind_of))
        }
        // "Can you audit our machine learning models for bias?": what the firm would do for
        // the client is what its services offer, so they rank first; searched evenly, a guide's
        // "biases the model towards optimism" opened the answer.
        // "Do you do staff augmentation?" asks it too: whether the firm does something.
        // "We need help with our analytics", "can you help us with our data platform?": a
        // buyer's request for help with a subject, which the service that names it offers.
        // Searched evenly, guides that say "help" of something else or write the subject more
        // often ranked above the analytics engineering service.
        None if query.intent.asks_firm_to_do
            || query.intent.asks_what_firm_does
            || query.intent.asks_help_with =>
        {
            retrieve(query, Some(SourceKind::Service))
        }
        None => match query.carried_topic {
            Some(topic) if query.n_content == 0 && !query.carried_content => company_answer(topic),
            // "Will we own the models you build?", "what happens after the engagement ends?":
            // asked of the firm or of its work ("engagement", "project") and of no company
            // topic, a question one of its "How we work" statements says in full is answered
            // by it. Searched, the first quoted the generative AI service's evaluation suite
            // and the second analytics engineering's first phase.
            None => {
                if ((query.intent.refers_to_company && !query.intent.generic_you)
                    || query.intent.names_offering)
                    && let Some(answer) = firm_terms_answer(query)
                {
                    answer
                } else {
                    retrieve(query, None)
                }
            }
            carried => retrieve(query, carried.and_then(kind_of)),
        },
    }
}

/// The answer to a question for the site's content whole: the first sentence each search of
/// [`SITE_COPY_QUERIES`] finds among the documentation pages, in order, citing the pages
/// found; "not covered" with those pages if none is found.
fn site_copy_answer() -> Answer {
    let mut answer = Answer {
        kind: AnswerKind::Answered,
        sentences: Vec::new(),
        sources: Vec::new(),
        quality: 0,
    };
    for asked in SITE_COPY_QUERIES {
        let found = retrieve_in(&query::build(asked, &[]), Some(SourceKind::Docs), Scope::Docs);
        if found.kind != AnswerKind::Answered {
            continue;
        }
        let Some(first) = found.sentences.first() else { continue };
        let cited = &found.sources[first.sources.clone()];
        let at = answer.sources.len();
        if cited.len() == 1
            && let Some(known) = answer.sources.iter().position(|s| std::ptr::eq(*s, cited[0]))
        {
            answer.sentences.push(Sentence { text: first.text, sources: known..known + 1 });
        } else {
            answer.sources.extend_from_slice(cited);
            answer.sentences.push(Sentence { text: first.text, sources: at..at + cited.len() });
        }
        answer.quality = answer.quality.max(found.quality);
        for &item in &found.sources {
            push_unique(&mut answer.sources, item);
        }
    }
    if answer.sentences.is_empty() {
        let ranked =
            select::rank_items(&query::build(SITE_COPY_QUERIES[0], &[]), None, Scope::Docs);
        return not_covered(ranked.as_slice(), 0);
    }
    answer
}

/// The company topic of a company question: a topic word ("fees", "industries") with a
/// reference to the company ("your") or with nothing else to search for; or, without a topic
/// word, a question that names the company and asks nothing else ("who are you?").
fn company_topic(query: &query::Query) -> Option<CompanyTopic> {
    let intent = query.intent;
    match intent.topic {
        Some(topic) if intent.refers_to_company || query.n_content == 0 => Some(topic),
        // "Can I talk to a human?": the person is at the firm; how to reach one is the
        // contact record's. Searched, "human" quoted a guide's "the system needs human
        // judgement".
        _ if intent.asks_for_person => Some(CompanyTopic::Contact),
        // "Any healthcare clients?": the firm's, as nothing but the sector is asked.
        Some(CompanyTopic::CaseStudies) if query.sector_clients => Some(CompanyTopic::CaseStudies),
        // "What does an engagement cost?", "a quote for an AI strategy engagement": the
        // price of the firm's own work, whatever else the question names.
        Some(CompanyTopic::Pricing) if intent.names_offering => Some(CompanyTopic::Pricing),
        // "How do I get started with you?", "how can we engage you?": how to begin, which the
        // contact record says (the email and what to write); it quoted the firm's description.
        None if intent.refers_to_company
            && intent.asks_to_start
            && !intent.generic_you
            && query.n_content == 0 =>
        {
            Some(CompanyTopic::Contact)
        }
        // "How do we get started?": with nothing else to search, starting is starting work
        // with the firm; it quoted a serving guide's "Load the model once at start-up".
        None if intent.asks_to_start && !intent.generic_you && query.n_own == 0 => {
            Some(CompanyTopic::Contact)
        }
        // "What results have you delivered?": what the firm's work achieved is what its case
        // studies tell.
        None if query.results_only => Some(CompanyTopic::CaseStudies),
        // "What is dbt?" then "do you work with it?": the firm is asked of what the turn
        // before named, which is searched (below); it got the firm's description.
        None if intent.refers_to_company && query.n_content == 0 && !query.asks_of_carried() => {
            Some(CompanyTopic::About)
        }
        // "I need help with our data", "help me", "help": a request for help that names
        // nothing to search (its words are the firm's phrasing: "help", "data", "AI") asks
        // whoever answers, the firm, as "can you help us with our data?" does: who it is and
        // what it offers. Searched, each quoted a sentence that says "help" of something else
        // ("We recruit a group of 6 to 12 future users to ... help design the workflow.").
        // Not a follow-up that points back or carries what the turn before named.
        None if intent.asks_for_help
            && query.n_content == 0
            && !intent.anaphoric
            && !query.carried_content =>
        {
            Some(CompanyTopic::About)
        }
        _ => None,
    }
}

/// The answer to a question that names a company topic which is one item (the
/// self-assessment) and asks one fact of it, its length or whether it is free: that item's
/// sentence which says it, searched among its kind first; `None` when the question asks no
/// such fact or nothing answers it, for the topic's record to answer.
fn attribute_answer(query: &query::Query, topic: CompanyTopic) -> Option<Answer> {
    let asks_fact = query.intent.asks_duration || query.intent.asks_free;
    if topic != CompanyTopic::Assessment || !asks_fact {
        return None;
    }
    // "Does the assessment cost anything?" asks whether it is free in other words than the
    // record's, and its own words found the record's description: the sentence asked for is
    // the one the record's own question finds ([`FREE_QUESTION`]); "free" alone found the API
    // token's "... getting one is free ...".
    if query.intent.asks_free {
        let answer = retrieve(&query::build(FREE_QUESTION, &[]), kind_of(topic));
        if answer.kind == AnswerKind::Answered {
            return Some(answer);
        }
    }
    let answer = retrieve(query, kind_of(topic));
    (answer.kind == AnswerKind::Answered).then_some(answer)
}

/// How to begin work with the firm by a small first piece, asked in the words its statement
/// answers it in.
const START_SMALL_QUERY: &str = "can we start small?";

/// Whether the assessment is free, asked in the words its record answers it in.
const FREE_QUESTION: &str = "is the assessment free?";

/// Whom the assessment suits, asked in the words the readiness assessment service answers it
/// in.
const AUDIENCE_QUESTION: &str = "which organisations does the readiness assessment suit?";

/// Whom the service `query` names suits, from its own page: the answer to
/// [`SERVICE_AUDIENCE_QUESTION`] if that service's sentence opens it and says a word of
/// suiting ([`SUIT_WORDS`]).
fn service_audience(query: &query::Query) -> Option<Answer> {
    let service = ANSWER_ITEMS.get(usize::from(query.intent.named_service?))?;
    audience_of(query, service, query::build(SERVICE_AUDIENCE_QUESTION, &[])).or_else(|| {
        // Asked again with the service's name: the named service's boost alone left Data
        // Platform Engineering's "The service suits organisations building their first data
        // platform, ..." below the data strategy service's "A data strategy suits
        // organisations ...", so "who is the data platform engineering service for" kept the
        // search's answer. (Asked so first, "Many machine learning projects end as a
        // notebook ..." opened the machine learning service's answer.)
        let named = format!("{SERVICE_NAMED_AUDIENCE} {} {SERVICE_AUDIENCE_CLOSE}", service.title);
        audience_of(query, service, query::build(&named, &[]))
    })
}

/// The answer to `audience`, a question of whom `service` suits, if that service's sentence
/// opens it and says a word of suiting ([`SUIT_WORDS`]).
fn audience_of(
    query: &query::Query,
    service: &SourceItem,
    mut audience: query::Query,
) -> Option<Answer> {
    audience.intent.named_service = query.intent.named_service;
    let answer = retrieve(&audience, kind_of(CompanyTopic::Services));
    let first = answer.sentences.first()?;
    let own =
        answer.sources.get(first.sources.start).is_some_and(|item| std::ptr::eq(*item, service));
    let says_suits =
        first.text.split(|c: char| !c.is_alphanumeric()).any(|word| SUIT_WORDS.contains(&word));
    (answer.kind == AnswerKind::Answered && own && says_suits).then_some(answer)
}

/// Whom a service suits, asked in the words its page answers it in.
const SERVICE_AUDIENCE_QUESTION: &str = "which organisations does it suit?";

/// [`SERVICE_AUDIENCE_QUESTION`] asked with the service's name, which follows, then
/// [`SERVICE_AUDIENCE_CLOSE`].
const SERVICE_NAMED_AUDIENCE: &str = "which organisations does the";

/// How [`SERVICE_NAMED_AUDIENCE`] ends, after the service's name.
const SERVICE_AUDIENCE_CLOSE: &str = "service suit?";

/// Words that say whom a service suits ("A data strategy suits organisations that ...").
const SUIT_WORDS: &[&str] = &["suit", "suits", "suited"];

/// The items a company topic is about, for boosting a search that names the topic.
fn kind_of(topic: CompanyTopic) -> Option<SourceKind> {
    match topic {
        CompanyTopic::Services => Some(SourceKind::Service),
        CompanyTopic::Industries => Some(SourceKind::Industry),
        CompanyTopic::CaseStudies => Some(SourceKind::CaseStudy),
        CompanyTopic::Assessment => Some(SourceKind::Assessment),
        CompanyTopic::About | CompanyTopic::Pricing | CompanyTopic::Contact => None,
    }
}

/// Moves the sources from `from` on (the ones a company answer added for what the question
/// names) to just after its first source, and shifts the sentences' citations of the
/// sources they pass.
fn cite_next_after_first(answer: &mut Answer, from: usize) {
    let added = answer.sources.len().saturating_sub(from);
    if added == 0 || from < 2 {
        return;
    }
    answer.sources[1..].rotate_right(added);
    for sentence in &mut answer.sentences {
        if sentence.sources.start >= 1 {
            sentence.sources = sentence.sources.start + added..sentence.sources.end + added;
        }
    }
}

fn push_unique(sources: &mut Vec<&'static SourceItem>, item: &'static SourceItem) {
    if !sources.iter().any(|s| std::ptr::eq(*s, item)) {
        sources.push(item);
    }
}

fn company_answer(topic: CompanyTopic) -> Answer {
    let canned = &COMPANY_ANSWERS[topic as usize];
    let mut sources = Vec::with_capacity(canned.sources.len() + COMPANY_EXTRA_SOURCES);
    sources.extend(canned.sources.iter().map(|&i| &ANSWER_ITEMS[usize::from(i)]));
    Answer {
        kind: AnswerKind::Company(topic),
        sentences: canned
            .sentences
            .iter()
            .map(|&(text, start, end)| Sentence {
                text,
                sources: usize::from(start)..usize::from(end),
            })
            .collect(),
        sources,
        quality: 1000,
    }
}

fn contact_item() -> &'static SourceItem {
    let canned = &COMPANY_ANSWERS[CompanyTopic::Contact as usize];
    let idx = canned.sources.first().map_or(ANSWER_ITEMS.len() - 1, |&i| usize::from(i));
    &ANSWER_ITEMS[idx]
}

fn retrieve(query: &query::Query, boost: Option<SourceKind>) -> Answer {
    retrieve_in(query, boost, Scope::All)
}

/// A matter of the firm's own business asked of it ("will you sign an NDA?", "do you work
/// with small companies?", "who owns the IP?"): the organisation's "How we work" statements
/// (the contact record's `terms`) answer it when the best of the record's sentences is one of
/// them (the tagline's "owned by your team" is no term of business) and says
/// every word of the question, those of its subject in its own words (the question may be
/// phrasing alone: "small" and "companies" are words of the firm's practice, "work with"
/// asks whether it works with something); otherwise no record states it, and
/// the answer is "not covered" with the contact record alone. A guide's sentence that shares
/// its words ("an NDA with the vendor", "a company earning millions") is never the firm's
/// answer, and a statement that shares only some of them answers another question ("who owns
/// your company?" is not "... from small companies and charities ...").
fn from_firm_terms(query: &query::Query) -> Answer {
    firm_terms_answer(query).unwrap_or_else(|| not_covered(&[], 0))
}

/// Whether `text` is one of the organisation's "How we work" statements.
fn is_firm_term(text: &str) -> bool {
    ANSWER_PASSAGES.iter().any(|p| p.heading == TERMS_HEADING && std::ptr::eq(p.text, text))
}

/// The answer from the organisation's "How we work" statements, if the best sentence of its
/// record is one of them and says every word of the question (see [`from_firm_terms`]).
fn firm_terms_answer(query: &query::Query) -> Option<Answer> {
    firm_terms_answer_on(query, true)
}

/// [`firm_terms_answer`], where the statement must say the question's every word (`whole`)
/// or, without it, every word of its subject (one at least) in its own words.
fn firm_terms_answer_on(query: &query::Query, whole: bool) -> Option<Answer> {
    let ranked = select::rank_items(query, None, Scope::Organisation);
    let (scored, n_scored) = select::score_passages(query, &ranked);
    let subject = select::own_subject_bits(query);
    let says_all = scored[..n_scored].first().is_some_and(|best| {
        ANSWER_PASSAGES[best.passage as usize].heading == TERMS_HEADING
            && (best.covered >= query.total_mass || (!whole && subject != 0))
            && best.subject_text & subject == subject
    });
    let answer = retrieve_in(query, None, Scope::Organisation);
    (says_all && answer.kind == AnswerKind::Answered).then_some(answer)
}

fn retrieve_in(query: &query::Query, boost: Option<SourceKind>, scope: Scope) -> Answer {
    let ranked = select::rank_items(query, boost, scope);
    let total = query.total_mass.max(1);
    let items = ranked.as_slice();
    // Match quality: the share of the question the best item covers, and of the question's
    // own words (a follow-up must be answered for what it adds, not only for the topic it
    // borrowed); the lower of the two.
    let quality = items.first().map_or(0, |top| {
        let own = (top.own_covered * 1000).checked_div(query.own_mass).unwrap_or(1000);
        (top.covered * 1000 / total).min(own)
    });
    let (scored, n_scored) = select::score_passages(query, &ranked);
    let scored = &scored[..n_scored];
    let passage_quality = scored.iter().map(|p| p.covered * 1000 / total).max().unwrap_or(0);
    // "Do you work with Tableau?": the library never names the product (the synonym table
    // reads it as "dashboard"), so nothing it says is whether the firm works with it; quoting
    // a dashboard guide would answer another question. The closest items are what the trade
    // term finds, and the contact record is where to ask.
    let unwritten_product = query.intent.asks_firm_about_use && query.names_unwritten;
    // "Do you do staff augmentation?", "are you GDPR compliant?", "do you sell software?":
    // what the firm does or is is what its own pages say (services rank twice as high for
    // such a question). A guide speaks of its subject, never of the firm: when a guide's
    // sentence is the best, the answer is sought among the firm's pages alone if a service
    // is among the closest items ("do you sell software?" quoted a guide's "Could we sell
    // our data?" where the governance service says "We do not sell governance software"),
    // and otherwise no page of the firm's says it ("Using 'augmentation' language when
    // ..." answers another question).
    if query.intent.asks_what_firm_does
        && !query.intent.generic_you
        && scope == Scope::All
        && scored.first().is_some_and(|best| {
            let item = items[usize::from(best.candidate)].item;
            ANSWER_ITEMS[usize::from(item)].kind == SourceKind::Guide
        })
    {
        if items
            .iter()
            .any(|ranked| ANSWER_ITEMS[usize::from(ranked.item)].kind == SourceKind::Service)
        {
            // "What workshops do you offer?": the firm's pages may each say one (the
            // assessment's findings workshop, the training's hands-on sessions), so each
            // cited page gives its own. Among every item, the guides' workshops would join.
            if query.intent.asks_which_firm_does && !query.each_item {
                let mut each = query.clone();
                each.each_item = true;
                return retrieve_in(&each, Some(SourceKind::Service), Scope::FirmPages);
            }
            return retrieve_in(query, Some(SourceKind::Service), Scope::FirmPages);
        }
        return not_covered(items, quality);
    }
    // "What is the meaning of life?", "how do I lose weight?": each word is in the library,
    // but no sentence says two of them together ("a meaningful reduction in waste ... on
    // long-life ones", "Some models lose value within days" and "Weighted history ..."). A
    // question of two words or more of its own that no candidate sentence holds two of, in
    // its own text, under its heading or in its item's title, is about something the library
    // does not discuss. A word nearly every item writes is not one of them
    // (`SCATTERED_MIN_RARITY`).
    let mut subject = select::own_subject_bits(query);
    for (index, term) in query.terms.iter().enumerate() {
        let common = term
            .term_id
            .and_then(|id| ANSWER_TERM_WEIGHTS.get(id as usize))
            .is_some_and(|&rarity| rarity < SCATTERED_MIN_RARITY);
        if common {
            subject &= !1u32.checked_shl(index as u32).unwrap_or(0);
        }
    }
    let scattered_in = |subject: u32| {
        subject.count_ones() >= SCATTERED_MIN_SUBJECT_TERMS
            && scored
                .iter()
                .all(|p| (p.subject & subject).count_ones() < SCATTERED_MIN_SUBJECT_TERMS)
    };
    // "Can you audit our data warehouse?": the act asked of the firm need not be written
    // beside the thing it is done to; the analytics engineering service's "Model audit (2 to
    // 3 weeks)." is its step of doing it. The question is scattered only when it is so with
    // and without its verb ("can you build us a RAG system" holds "build" and "RAG" together).
    let mut object = subject;
    for (index, term) in query.terms.iter().enumerate() {
        if term.requested {
            object &= !1u32.checked_shl(index as u32).unwrap_or(0);
        }
    }
    let scattered = scattered_in(subject) && scattered_in(object);
    let Some(top) = items.first().filter(|_| {
        !unwritten_product
            && !scattered
            && !scored.is_empty()
            && quality >= NOT_COVERED_BELOW_PER_MILLE
            && passage_quality >= PASSAGE_COVER_MIN_PER_MILLE
    }) else {
        return not_covered(items, quality);
    };
    // "How do I measure the success of an AI project?": when the best item's head (title,
    // the questions it answers, description, headings) holds every word of the question and
    // no other candidate's does, that item is about the question and the answer quotes it
    // alone; a lower item's sentence that shares some words says something else ("Killing a
    // project at stage 2 ... is a success of the process").
    // The item alone, unless all it has to quote is a row of a two-column table the question
    // does not name (`select::pick`): "how should we monitor a model for drift" is of the
    // MLOps service by its head, whose only sentence among the best was its row "Monitoring:
    // Input drift, ...", and is answered from the drift guides.
    let names_heading = |heading: &str| select::names_heading(query, heading);
    let item_opens = || {
        scored.iter().any(|p| {
            let record = &ANSWER_PASSAGES[p.passage as usize];
            p.candidate == 0
                && select::stands_alone(p.passage)
                && (!record.bare_row || names_heading(record.heading))
        })
    };
    let only_best = top.covered >= query.total_mass
        && items[1..].iter().all(|other| other.covered < query.total_mass)
        && scored.first().is_some_and(|best| best.candidate == 0)
        && item_opens();
    let mut own = [select::ScoredPassage::default(); select::CANDIDATE_PASSAGES];
    let mut n_own = 0;
    for passage in scored.iter().filter(|p| !only_best || p.candidate == 0) {
        own[n_own] = *passage;
        n_own += 1;
    }
    let alone_answers = query.intent.asks_what_firm_does && !query.intent.generic_you;
    let (picked, n_picked) = select::pick(
        &own[..n_own],
        alone_answers,
        query.each_item,
        query.intent.asks_what_goes_wrong,
        query.intent.asks_how_to,
        query.intent.asks_duration,
        &names_heading,
    );
    // Every answer says something: a covered answer with no sentence to quote would be a
    // silent wrong answer, so it is "not covered" instead. (Candidates are passages that can
    // be quoted, so `pick` always has one; this holds whatever changes there.)
    if n_picked == 0 {
        return not_covered(items, quality);
    }
    let mut picked = picked;
    let picked = &mut picked[..n_picked];

    // Sources: the ranked items (at most `MAX_SOURCES`), cut where they fall far below the
    // best, always keeping every item a sentence cites.
    let top_rank = top.rank.max(1);
    let mut sources = Vec::with_capacity(MAX_SOURCES);
    let mut source_of = [usize::MAX; select::CANDIDATE_ITEMS];
    for (candidate, ranked_item) in items.iter().enumerate() {
        let cited = picked.iter().any(|p| usize::from(p.candidate) == candidate);
        let close = u128::from(ranked_item.rank) * 1000
            >= u128::from(top_rank) * u128::from(SOURCE_KEEP_PER_MILLE);
        if cited || close {
            source_of[candidate] = sources.len();
            sources.push(&ANSWER_ITEMS[usize::from(ranked_item.item)]);
        }
    }
    // Reading order: by source, then by position in the item; except that a definition
    // which won a what-is question opens the answer ("Reverse ETL is ..." before the list it
    // follows in its guide).
    let leading_definition = scored
        .first()
        .filter(|best| {
            query.intent.standalone_opening && ANSWER_PASSAGES[best.passage as usize].defines
        })
        .map(|best| best.passage);
    // The first source is the item the answer opens on (the leading definition's, else the
    // best-ranked item a sentence quotes) when it is among the first `LEADING_SOURCES` and
    // covers more of the question than each item ranked above it, which then move down one.
    // "Is AI worth it?" quoted the ROI guide's "Whether AI is worth it is never settled in
    // general ..." with the pricing guide listed first, ranked there for the many times it
    // says "worth" of a price premium. An item ranked first that covers as much stays first
    // ("cn u help with governance": the governance service, under a guide's sentence), and
    // so does one quoted from further down, where bringing it forward would push a
    // better-ranked item out of the leading sources.
    let opening = picked
        .iter()
        .filter(|p| leading_definition.is_none() || Some(p.passage) == leading_definition)
        .min_by_key(|p| source_of[usize::from(p.candidate)])
        .map(|p| usize::from(p.candidate));
    // A definition that opens the answer from further down, and whose subject is what is
    // asked (`select::defines_in_subject`), is of the item that defines it, when it covers as much as each item above ("What is an LLM?": the use-case
    // guide's "A large language model is ...", admitted fifth by `select::rank_items`, under
    // the LLM-as-judge guide); among the first three, only one that covers more moves.
    let brought_forward = opening.filter(|&candidate| {
        let at = source_of[candidate];
        let leading = at < LEADING_SOURCES.min(sources.len());
        // "Do you run courses?": what the firm does is what its own pages say, so one of them
        // quoted among the first three comes before the guides above it, whatever they cover
        // (a guide speaks of its subject, never of the firm).
        // "Can you help us build an LLM application?" is read as a how-to, but when it opens on
        // the firm's own page, that page is what the firm says of doing it: it came second,
        // under the guardrails guide.
        let firm_says = (query.intent.asks_what_firm_does || query.intent.asks_help_to_make)
            && !query.intent.generic_you
            && ANSWER_ITEMS[usize::from(items[candidate].item)].kind != SourceKind::Guide;
        let covers = |above: &select::RankedItem| {
            if leading && firm_says {
                ANSWER_ITEMS[usize::from(above.item)].kind == SourceKind::Guide
            } else if leading {
                above.covered < items[candidate].covered
            } else {
                above.covered <= items[candidate].covered
            }
        };
        let defines_asked = leading_definition.is_some_and(|passage| {
            select::defines_in_subject(query, ANSWER_PASSAGES[passage as usize].text)
        });
        at > 0 && (leading || defines_asked) && items[..candidate].iter().all(covers)
    });
    if let Some(candidate) = brought_forward {
        let opening = source_of[candidate];
        sources[..=opening].rotate_right(1);
        for at in source_of.iter_mut().filter(|at| **at <= opening) {
            *at = if *at == opening { 0 } else { *at + 1 };
        }
    }
    picked.sort_unstable_by_key(|p| {
        (Some(p.passage) != leading_definition, source_of[usize::from(p.candidate)], p.passage)
    });
    let sentences = picked
        .iter()
        .map(|p| {
            let source = source_of[usize::from(p.candidate)];
            Sentence { text: ANSWER_PASSAGES[p.passage as usize].text, sources: source..source + 1 }
        })
        .collect();
    Answer { kind: AnswerKind::Answered, sentences, sources, quality: quality.min(1000) as u16 }
}

fn not_covered(items: &[select::RankedItem], quality: u64) -> Answer {
    let contact = contact_item();
    let mut sources = Vec::with_capacity(NOT_COVERED_SOURCES + 1);
    let closest = items.iter().map(|ranked| &ANSWER_ITEMS[usize::from(ranked.item)]);
    sources.extend(closest.filter(|item| !std::ptr::eq(*item, contact)).take(NOT_COVERED_SOURCES));
    // The contact record always comes last: it is where the question can go instead.
    sources.push(contact);
    Answer {
        kind: AnswerKind::NotCovered,
        sentences: vec![
            Sentence { text: NOT_COVERED_SENTENCES[0], sources: 0..0 },
            Sentence { text: NOT_COVERED_SENTENCES[1], sources: 0..sources.len() },
        ],
        sources,
        quality: quality.min(1000) as u16,
    }
}
