//! Small keyword tables that tell a question about the company ("what do you charge?") from a
//! question about data and AI ("how should we compare AI vendors' pricing?"), and spot
//! follow-ups that lean on an earlier turn ("what about in healthcare?").
//!
//! The tables match whole words, lowercased, as written (not stemmed), because they are about
//! phrasing rather than topic.

use std::ops::Range;

use crate::model::{CompanyTopic, SourceKind};
use crate::tables::ANSWER_ITEMS;

/// What a word of the question says about its phrasing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Class {
    /// Points at the company itself ("you", "your", "Larchmere"). A topic word counts only
    /// with one of these, or when nothing else is asked: "your fees" is about the company,
    /// "pricing models" is not.
    Reference,
    /// Names a company topic.
    Topic(CompanyTopic),
    /// Asks nothing by itself in a company question ("which kind", "work", "much" in "how
    /// much"); with these and the topic words removed, a company question has nothing left to
    /// search for.
    Generic,
    /// Leans on the turn before ("does it work for retail?").
    Anaphora,
}

/// Topics in priority order: when a question names several, the first wins ("how much does
/// it cost to hire you?" is about prices).
const TOPIC_PRIORITY: [CompanyTopic; 7] = [
    CompanyTopic::Pricing,
    CompanyTopic::Contact,
    CompanyTopic::CaseStudies,
    CompanyTopic::Industries,
    CompanyTopic::Services,
    CompanyTopic::Assessment,
    // A greeting asks nothing; the answer says who is answering.
    CompanyTopic::About,
];

/// Prices come first in [`TOPIC_PRIORITY`].
const PRICING_RANK: usize = 0;

/// Every word the tables know, sorted (binary-searched: one lookup per word), with its class.
/// To maintain: add a word with the class it signals, keep the order, and add a case to the
/// tests below or in `tests/answer/`.
const WORDS: &[(&str, Class)] = {
    use Class::{Anaphora, Generic, Reference, Topic};
    &[
        ("abroad", Topic(CompanyTopic::Contact)),
        ("address", Topic(CompanyTopic::Contact)),
        ("afford", Topic(CompanyTopic::Pricing)),
        ("affordable", Topic(CompanyTopic::Pricing)),
        ("afternoon", Topic(CompanyTopic::About)),
        ("ai", Generic),
        ("all", Generic),
        ("any", Generic),
        ("ask", Generic),
        ("asks", Generic),
        ("assessment", Topic(CompanyTopic::Assessment)),
        ("available", Generic),
        ("bank", Topic(CompanyTopic::Industries)),
        ("banking", Topic(CompanyTopic::Industries)),
        ("banks", Topic(CompanyTopic::Industries)),
        ("based", Topic(CompanyTopic::Contact)),
        ("begin", Generic),
        ("billable", Topic(CompanyTopic::Pricing)),
        ("book", Topic(CompanyTopic::Contact)),
        ("budget", Topic(CompanyTopic::Pricing)),
        ("businesses", Generic),
        ("call", Topic(CompanyTopic::Contact)),
        ("capabilities", Topic(CompanyTopic::Services)),
        ("case", Topic(CompanyTopic::CaseStudies)),
        ("cases", Topic(CompanyTopic::CaseStudies)),
        ("charge", Topic(CompanyTopic::Pricing)),
        // "Is the assessment chargeable?", "is the first call billable?": whether a thing is
        // charged for is a question of price, as "do you charge for ..." is; searched,
        // "chargeable" quoted a chargeback guide's "... charge them for everything ...".
        ("chargeable", Topic(CompanyTopic::Pricing)),
        ("charged", Topic(CompanyTopic::Pricing)),
        ("charges", Topic(CompanyTopic::Pricing)),
        ("charging", Topic(CompanyTopic::Pricing)),
        ("charities", Topic(CompanyTopic::Industries)),
        ("charity", Topic(CompanyTopic::Industries)),
        ("cheap", Topic(CompanyTopic::Pricing)),
        ("choose", Generic),
        ("client", Topic(CompanyTopic::CaseStudies)),
        ("clients", Topic(CompanyTopic::CaseStudies)),
        ("companies", Generic),
        ("company", Generic),
        ("consultancies", Reference),
        ("consultancy", Reference),
        ("consultant", Reference),
        ("consultants", Reference),
        // "What consulting do you offer?": the firm's consulting is its services; searched
        // for, "consulting" quoted a guide's "Report back on what changed as a result of
        // consultation." ("consultation", one stem).
        ("consulting", Topic(CompanyTopic::Services)),
        ("contact", Topic(CompanyTopic::Contact)),
        ("cost", Topic(CompanyTopic::Pricing)),
        ("costing", Topic(CompanyTopic::Pricing)),
        ("costs", Topic(CompanyTopic::Pricing)),
        ("councils", Topic(CompanyTopic::Industries)),
        ("cover", Generic),
        ("covers", Generic),
        ("currently", Generic),
        ("customers", Topic(CompanyTopic::CaseStudies)),
        ("data", Generic),
        ("day", Generic),
        ("days", Generic),
        ("different", Generic),
        ("differentiates", Generic),
        ("do", Generic),
        ("domains", Topic(CompanyTopic::Industries)),
        ("email", Topic(CompanyTopic::Contact)),
        ("engage", Generic),
        ("enquire", Topic(CompanyTopic::Contact)),
        ("enquiries", Topic(CompanyTopic::Contact)),
        ("enquiry", Topic(CompanyTopic::Contact)),
        ("europe", Topic(CompanyTopic::Contact)),
        ("evening", Topic(CompanyTopic::About)),
        ("examples", Topic(CompanyTopic::CaseStudies)),
        ("expensive", Topic(CompanyTopic::Pricing)),
        ("experience", Generic),
        ("experienced", Generic),
        ("factories", Topic(CompanyTopic::Industries)),
        ("fee", Topic(CompanyTopic::Pricing)),
        ("fees", Topic(CompanyTopic::Pricing)),
        ("firm", Reference),
        ("firms", Generic),
        ("free", Topic(CompanyTopic::Pricing)),
        ("get", Generic),
        ("give", Generic),
        ("greetings", Topic(CompanyTopic::About)),
        ("have", Generic),
        ("hello", Topic(CompanyTopic::About)),
        ("help", Generic),
        ("hey", Topic(CompanyTopic::About)),
        ("hi", Topic(CompanyTopic::About)),
        ("hire", Topic(CompanyTopic::Contact)),
        ("hiring", Topic(CompanyTopic::Contact)),
        ("hospitals", Topic(CompanyTopic::Industries)),
        ("hourly", Generic),
        ("include", Generic),
        ("includes", Generic),
        ("industries", Topic(CompanyTopic::Industries)),
        ("industry", Topic(CompanyTopic::Industries)),
        ("inquiry", Topic(CompanyTopic::Contact)),
        ("insurer", Topic(CompanyTopic::Industries)),
        ("insurers", Topic(CompanyTopic::Industries)),
        ("internationally", Topic(CompanyTopic::Contact)),
        ("involve", Generic),
        ("involves", Generic),
        ("it", Anaphora),
        ("its", Anaphora),
        ("kind", Generic),
        ("kinds", Generic),
        ("know", Generic),
        ("larchmere", Reference),
        ("larchmeres", Reference),
        // "See you later" takes leave: with "see" (below) it asks nothing, and searched for,
        // "later" quoted the roadmap guide's "Later (9-18 months): options.".
        ("later", Generic),
        ("lenders", Topic(CompanyTopic::Industries)),
        ("list", Generic),
        ("located", Topic(CompanyTopic::Contact)),
        ("location", Topic(CompanyTopic::Contact)),
        ("long", Generic),
        ("mail", Topic(CompanyTopic::Contact)),
        ("manufacturers", Topic(CompanyTopic::Industries)),
        ("many", Generic),
        ("maturity", Topic(CompanyTopic::Assessment)),
        ("measure", Generic),
        ("measures", Generic),
        ("morning", Topic(CompanyTopic::About)),
        ("much", Generic),
        ("nhs", Topic(CompanyTopic::Industries)),
        ("number", Generic),
        ("numbers", Generic),
        ("offer", Topic(CompanyTopic::Services)),
        ("offering", Topic(CompanyTopic::Services)),
        ("offerings", Topic(CompanyTopic::Services)),
        ("offers", Topic(CompanyTopic::Services)),
        ("office", Topic(CompanyTopic::Contact)),
        ("offices", Topic(CompanyTopic::Contact)),
        ("online", Generic),
        ("onsite", Topic(CompanyTopic::Contact)),
        ("organisations", Generic),
        ("organizations", Generic),
        ("overseas", Topic(CompanyTopic::Contact)),
        ("phone", Topic(CompanyTopic::Contact)),
        ("pillar", Topic(CompanyTopic::Assessment)),
        ("pillars", Topic(CompanyTopic::Assessment)),
        ("please", Generic),
        ("portfolio", Topic(CompanyTopic::CaseStudies)),
        ("price", Topic(CompanyTopic::Pricing)),
        ("priced", Topic(CompanyTopic::Pricing)),
        ("prices", Topic(CompanyTopic::Pricing)),
        ("pricing", Topic(CompanyTopic::Pricing)),
        ("projects", Topic(CompanyTopic::CaseStudies)),
        ("provide", Topic(CompanyTopic::Services)),
        ("questionnaire", Topic(CompanyTopic::Assessment)),
        ("quiz", Topic(CompanyTopic::Assessment)),
        ("quotation", Topic(CompanyTopic::Pricing)),
        ("quote", Topic(CompanyTopic::Pricing)),
        ("quotes", Topic(CompanyTopic::Pricing)),
        ("rate", Topic(CompanyTopic::Pricing)),
        ("rates", Topic(CompanyTopic::Pricing)),
        ("reach", Topic(CompanyTopic::Contact)),
        ("readiness", Topic(CompanyTopic::Assessment)),
        ("recommend", Generic),
        ("recommended", Generic),
        ("references", Topic(CompanyTopic::CaseStudies)),
        ("remote", Topic(CompanyTopic::Contact)),
        ("remotely", Topic(CompanyTopic::Contact)),
        ("retailer", Topic(CompanyTopic::Industries)),
        ("retailers", Topic(CompanyTopic::Industries)),
        ("retainer", Topic(CompanyTopic::Pricing)),
        ("same", Anaphora),
        // "Score my AI readiness": the assessment is what gives the score, so with its topic
        // word a score asks nothing more; searched for, it quoted the A2A agent's scoring
        // instructions to an `/ask` caller.
        ("score", Generic),
        ("scored", Generic),
        ("scores", Generic),
        ("scoring", Generic),
        ("sector", Topic(CompanyTopic::Industries)),
        ("sectors", Topic(CompanyTopic::Industries)),
        // "Can I see a case study?" asks to see one, as "show me" does; searched for, the
        // API page's "GET ... /v1/case-studies ..." held both words of "case study", and "can
        // I see your case studies?" quoted the API page's "Read the RateLimit header to see
        // what is left".
        ("see", Generic),
        ("selfassessment", Topic(CompanyTopic::Assessment)),
        ("serve", Generic),
        ("serves", Generic),
        ("service", Topic(CompanyTopic::Services)),
        ("services", Topic(CompanyTopic::Services)),
        // "Can you show me a case study?": what is asked is the case study; searched for,
        // "show" quoted "Usage logs showed that 61% of existing reports ...".
        ("show", Generic),
        ("sort", Generic),
        ("sorts", Generic),
        ("speak", Topic(CompanyTopic::Contact)),
        // "Which industries do you specialise in?": what the firm specialises in is its
        // topic's record; searched for, "specialise" was a word no sentence says with
        // "industries", and the question was "not covered".
        ("specialise", Generic),
        ("specialised", Generic),
        ("specialises", Generic),
        ("specialising", Generic),
        ("specialism", Generic),
        ("specialisms", Generic),
        ("speciality", Generic),
        ("specialize", Generic),
        ("specialized", Generic),
        ("specializes", Generic),
        ("specializing", Generic),
        ("specialty", Generic),
        ("started", Generic),
        ("starting", Generic),
        ("studies", Topic(CompanyTopic::CaseStudies)),
        ("study", Topic(CompanyTopic::CaseStudies)),
        ("such", Anaphora),
        ("take", Generic),
        ("talk", Topic(CompanyTopic::Contact)),
        ("team", Generic),
        ("telephone", Topic(CompanyTopic::Contact)),
        ("tell", Generic),
        ("that", Anaphora),
        ("them", Anaphora),
        ("there", Anaphora),
        ("these", Anaphora),
        ("they", Anaphora),
        ("this", Anaphora),
        ("those", Anaphora),
        ("touch", Topic(CompanyTopic::Contact)),
        ("type", Generic),
        ("types", Generic),
        // Text-speak for "you" and "your" ("can u help", "whats ur day rate").
        ("u", Reference),
        ("uk", Topic(CompanyTopic::Contact)),
        ("unique", Generic),
        ("ur", Reference),
        ("use", Generic),
        ("verticals", Topic(CompanyTopic::Industries)),
        ("work", Generic),
        ("worked", Generic),
        ("working", Generic),
        ("works", Generic),
        ("worldwide", Topic(CompanyTopic::Contact)),
        ("you", Reference),
        ("your", Reference),
        ("youre", Reference),
        ("yours", Reference),
        ("yourself", Reference),
        ("yourselves", Reference),
    ]
};

fn class_of(word: &str) -> Option<Class> {
    WORDS.binary_search_by(|(entry, _)| entry.cmp(&word)).ok().map(|at| WORDS[at].1)
}

/// Openings of a follow-up: "what about", "how about", "and", "also".
const FOLLOW_UP_OPENINGS: &[&[&str]] =
    &[&["what", "about"], &["how", "about"], &["and"], &["also"], &["what", "if"], &["same"]];

/// Openings of a question that stands on its own however short it is ("what is MLOps?").
const STANDALONE_OPENINGS: &[&[&str]] = &[
    &["what", "is"],
    &["what", "are"],
    &["whats"],
    &["who", "is"],
    &["who", "are"],
    &["define"],
    &["explain"],
];

/// Verbs of price that, before a word of [`NOTHING_PAID_WORDS`], ask whether something is
/// free ("does it cost anything?").
const COST_VERBS: &[&str] = &["charge", "charges", "cost", "costs", "pay"];

/// Words that, after a verb of price ([`COST_VERBS`]), ask whether anything is paid at all:
/// "does the self-assessment cost money?" asks what "... cost anything?" asks.
const NOTHING_PAID_WORDS: &[&str] = &["anything", "money", "nothing"];

/// Whether `verb` then `next` (lowercased) are "pay for": said of the self-assessment ("do I
/// have to pay for the assessment?"), whether it is free.
pub fn pays_for(verb: &str, next: &str) -> bool {
    verb == "pay" && next == "for"
}

/// Whether `verb` then `next` (lowercased) ask whether anything is paid ("pay anything",
/// "cost nothing"): a verb of [`COST_VERBS`] before a word of [`NOTHING_PAID_WORDS`].
pub fn asks_nothing_paid(verb: &str, next: &str) -> bool {
    COST_VERBS.contains(&verb) && NOTHING_PAID_WORDS.contains(&next)
}

/// Words that make a price question about the firm's own work even without "you" or "your":
/// what a client buys ("an engagement", "the data strategy service", "a project"), asks for
/// ("a quote") or pays from ("cost us"). "What does an LLM cost per month?" names none of
/// them and is searched (the guides on running costs answer it); "what does an engagement
/// cost?" is a prices question.
const OFFERING_WORDS: &[&str] = &[
    "engagement",
    "engagements",
    "project",
    "projects",
    "quotation",
    "quote",
    "quotes",
    "retainer",
    "service",
    "services",
    "us",
];

/// Words that, right before "cost" or "costs", say the whole cost of owning something ("the
/// hidden costs of an AI project", "the true cost of a data project", "the total cost of an
/// AI project"), which the guides on running and owning costs answer: not the firm's price,
/// though a project is named (the question got the prices record's "publishes no prices").
const WHOLE_COST_WORDS: &[&str] =
    &["full", "hidden", "lifetime", "ongoing", "real", "total", "true", "running"];

/// Words that say a project failed ("the cost of a failed AI project"): the project is any
/// organisation's lost work, not the firm's offering, up to the project word.
const FAILED_WORDS: &[&str] = &["abandoned", "failed", "failing", "cancelled", "stalled"];

/// Whether `word` names the firm's own work or what it would charge "us" ([`OFFERING_WORDS`]).
pub fn is_offering_word(word: &str) -> bool {
    OFFERING_WORDS.contains(&word)
}

/// Matters of the firm's own business that no record covers: asked of the firm ("what is your
/// refund policy?"), the guides' passages that use these words (a worked example about
/// refunds) must not be read as the firm's policy, so the answer is "not covered" with the
/// contact record.
const FIRM_MATTER_WORDS: &[&str] = &[
    "cancellation",
    "complaint",
    "complaints",
    "contract",
    "contracts",
    "discount",
    "discounts",
    "guarantee",
    "guarantees",
    "indemnity",
    "insurance",
    "invoice",
    "invoices",
    "invoicing",
    "liability",
    "nda",
    "payment",
    "payments",
    "policies",
    "policy",
    "refund",
    "refunds",
    "sla",
    "terms",
    "warranty",
];

/// Nouns of the firm's work or clients that, right after a matter an industry page lists for
/// its sector ("insurance"), make it the industry: "your insurance project", "insurance
/// clients", "the insurance sector".
const SECTOR_WORK_NOUNS: &[&str] = &[
    "case",
    "client",
    "clients",
    "companies",
    "company",
    "customer",
    "customers",
    "engagement",
    "engagements",
    "firms",
    "industry",
    "project",
    "projects",
    "sector",
    "work",
];

/// Matters of business that are also documents a client has written or reviewed
/// ([`DOCUMENT_WORK_VERBS`]): "can you help us write an AI policy?" asks for help with the
/// asker's own policy, a subject the guides and services cover, not the firm's policy.
const DOCUMENT_MATTERS: &[&str] = &["contract", "contracts", "policies", "policy", "sla"];

/// Verbs of making or mending a document, or of needing one, said before it ("write",
/// "draft", "review", "help", "need").
const DOCUMENT_WORK_VERBS: &[&str] = &[
    "build", "create", "design", "develop", "draft", "help", "improve", "need", "needs", "review",
    "rewrite", "update", "write",
];

/// Verbs after "who should" or "who can" that ask whom something is for ("who should take the
/// assessment?"), as "who is it for?" does.
const AUDIENCE_VERBS: &[&str] = &["do", "take", "use"];

/// Words that say whom something is for ("who is the assessment meant for?", "... aimed
/// at?"): in a question of whom, phrasing.
const AUDIENCE_WORDS: &[&str] =
    &["aimed", "appropriate", "designed", "intended", "meant", "right", "suitable", "suited"];

/// Words of fitting that, right before "for" in a yes-or-no question ("is the data strategy
/// service appropriate for a local authority?", "is it right for a small company?"), ask
/// whom something suits, as "who is it for?" does.
const FIT_WORDS: &[&str] = &["appropriate", "right", "suitable", "suited"];

/// Openings of a yes-or-no question of fit ([`FIT_WORDS`]).
const FIT_OPENINGS: &[&str] = &["is", "are", "would", "will"];

/// Whether `word` (lowercased) says whom something is for ([`AUDIENCE_WORDS`]).
pub fn is_audience_word(word: &str) -> bool {
    AUDIENCE_WORDS.contains(&word)
}

/// The words between "who" and a verb of [`AUDIENCE_VERBS`].
const MODAL_OR_CAN: &[&str] = &["can", "could", "should"];

/// Verbs of taste: asked of the firm ("do you like films?"), a matter no record states.
const TASTE_VERBS: &[&str] = &["enjoy", "like", "love"];

/// "Your favourite ...": the firm's taste, as [`TASTE_VERBS`] ask it.
const FAVOURITE_WORDS: &[&str] = &["favorite", "favorites", "favourite", "favourites"];

/// Verbs of recommending, asked of the firm ("what films do you recommend?"): its taste when
/// what is recommended is nothing the library writes (`Intent::asks_firm_recommendation`).
const RECOMMEND_VERBS: &[&str] = &["recommend", "suggest"];

/// Modal verbs before "you" that make "like" an offer or a wish ("would you like a quote?").
const MODAL_VERBS: &[&str] = &["could", "might", "should", "would"];

/// Facts about the firm itself that no record states (who founded or leads it, how many
/// people it has): asked of the firm ("when was Larchmere founded?", "who is your CEO?"), a
/// guide's sentence about a team's lead or founders is not the answer, so the answer is "not
/// covered" with the contact record. Only words that are never a subject of the guides.
const FIRM_FACT_WORDS: &[&str] =
    &["ceo", "cto", "founded", "founder", "founders", "headcount", "shareholders"];

/// Verbs that, right after an opening "who", ask who is in charge of the firm ("who leads
/// Larchmere?", "who owns your company?"), with a reference to the firm.
const FIRM_CHARGE_VERBS: &[&str] = &["founded", "leads", "manages", "owns", "runs", "started"];

/// Nouns that, right after an opening "how many", ask the firm's size ("how many people work
/// at Larchmere?", "how many consultants do you have?"), with a reference to the firm.
const FIRM_SIZE_NOUNS: &[&str] = &["consultants", "employees", "engineers", "people", "staff"];

/// Words of size that, in a question of the firm opening "how" or "is" or "are" ("how big is
/// your company?", "is your team large?", "are you a big firm?"), ask how big the firm is,
/// which its description says ("Larchmere is a small consultancy of ...").
const FIRM_SIZE_WORDS: &[&str] = &["big", "large", "small"];

/// Openings of a yes-or-no question of the firm's size ([`FIRM_SIZE_WORDS`]), right before
/// a reference to the firm ("is your team large?"; "are we too small?" is the asker's).
const FIRM_SIZE_OPENINGS: &[&str] = &["are", "is"];

/// Words that, with "my data" or "our data" and a reference to the firm, ask whether the
/// firm keeps a client's data safe ("is my data safe with you?"): a matter of the firm's own
/// conduct that no record states. "How do you keep data secure?" asks how anyone does.
const SAFE_KEEPING_WORDS: &[&str] = &["protected", "safe", "secure"];

/// Verbs of how a business conducts itself. After "how do you" ("how can you", ...) one of
/// them asks the firm how it does its own business ("how do you handle refunds?"), where
/// another verb asks how anyone does something ("how do you write an AI usage policy?").
/// "Manage" and "approach" are not among them: "how do you manage data policies?" is a
/// subject of the guides.
const FIRM_CONDUCT_VERBS: &[&str] =
    &["arrange", "charge", "deal", "handle", "issue", "offer", "process", "treat"];

/// The matters of [`FIRM_MATTER_WORDS`] that are only ever the firm's own trade with its
/// clients. After "how do you" and a verb of conduct, only these make the question the
/// firm's: "how do you handle data contracts?", "... a data retention policy?", "...
/// insurance claims data?" and "... complaints?" are subjects of the guides.
const FIRM_COMMERCE_WORDS: &[&str] = &[
    "cancellation",
    "discount",
    "discounts",
    "invoice",
    "invoices",
    "invoicing",
    "payment",
    "payments",
    "refund",
    "refunds",
];

/// Openings of a yes-or-no question put to the firm ("do you ...", "does Larchmere ...",
/// "have you ..."): with a verb of [`FIRM_USE_VERBS`] after the reference, the question asks
/// whether the firm works with something, which only what the library writes can answer.
/// "Are you GDPR compliant?" asks what the firm is, as "do you ...?" asks what it does: a
/// guide on the GDPR does not say whether the firm complies.
const FIRM_QUESTION_AUXILIARIES: &[&str] =
    &["are", "can", "could", "do", "does", "have", "will", "would"];

/// Verbs of making something for a client, after "do you" ("do you build chatbots?", "does
/// Larchmere design data platforms?"): the question asks what the firm would do, as "can you
/// build ...?" does, and its services answer it.
const FIRM_MAKE_VERBS: &[&str] =
    &["build", "create", "deliver", "deploy", "design", "develop", "implement", "provide"];

/// Verbs of working with a tool or product, after "do you" ("do you work with Tableau?", "do
/// you use Snowflake?", "have you used Looker?", "do you have experience with ...").
const FIRM_USE_VERBS: &[&str] =
    &["have", "know", "partner", "recommend", "support", "use", "used", "using", "work", "worked"];

/// Words of what the firm works with or whom it works for, which no record states: its tools
/// ("what technologies do you use?", "which tools ..."), and the size or kind of its clients
/// ("do you work with small companies?", "what size companies ...", "startups"). In a
/// question to the firm they are phrasing, and a question that asks nothing else is "not
/// covered": "technology" quoted a works-council guide's "technology that monitors staff",
/// and "small companies" a guide's "Could we sell our data?". A question that names a subject
/// besides ("what tools do you recommend for data pipelines?") is searched for the subject.
const FIRM_PRACTICE_WORDS: &[&str] = &[
    "big",
    "bigger",
    "enterprises",
    "large",
    "larger",
    "medium",
    "minimum",
    "size",
    "sized",
    "sizes",
    "small",
    "smaller",
    "smallest",
    "sme",
    "smes",
    "software",
    "stack",
    "startup",
    "startups",
    "technologies",
    "technology",
    "tool",
    "tools",
];

/// Whether `word` (lowercased, as written) is one of [`FIRM_USE_VERBS`].
pub fn is_firm_use_verb(word: &str) -> bool {
    FIRM_USE_VERBS.contains(&word)
}

/// Organisations by the sector they are in, of sectors no industry page is about and none
/// lists among its `sector_words` (education, hospitality and travel, law, utilities and
/// telecoms, publishing, pharmaceuticals, farming, construction). The firm's sectors are its
/// six industry pages; a question whether it works with one of these is one no page answers
/// (`Query::unlisted_sector_only`). A word the content writes in another sense ("energy"
/// consumption on a factory line, "travel" as the direction of regulation) is not one.
const UNLISTED_SECTOR_WORDS: &[&str] = &[
    "airline",
    "airlines",
    "college",
    "colleges",
    "construction",
    "farm",
    "farmers",
    "farms",
    "hotel",
    "hotels",
    "law",
    "lawyers",
    "pharma",
    "pharmaceutical",
    "publisher",
    "publishers",
    "restaurant",
    "restaurants",
    "school",
    "schools",
    "solicitors",
    "telcos",
    "telecoms",
    "universities",
    "university",
    "utilities",
];

/// Whether `word` (lowercased, as written) names organisations of a sector no industry page is
/// about ([`UNLISTED_SECTOR_WORDS`]).
pub fn is_unlisted_sector_word(word: &str) -> bool {
    UNLISTED_SECTOR_WORDS.contains(&word)
}

/// Whether a word of `text` is one of [`UNLISTED_SECTOR_WORDS`] (in any case): read on the
/// text itself, with no allocation, so only a question that names one pays for reading it
/// word by word.
pub fn names_unlisted_sector(text: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric())
        .any(|word| UNLISTED_SECTOR_WORDS.iter().any(|listed| word.eq_ignore_ascii_case(listed)))
}

/// Nouns of any organisation, which name no sector by themselves ("law firms", "pharma
/// companies"): beside a word of [`UNLISTED_SECTOR_WORDS`] they ask nothing more.
const ORGANISATION_NOUNS: &[&str] = &[
    "business",
    "businesses",
    "companies",
    "company",
    "firm",
    "firms",
    "institutions",
    "organisation",
    "organisations",
    "organization",
    "organizations",
];

/// Whether `word` (lowercased, as written) is one of [`ORGANISATION_NOUNS`].
pub fn is_organisation_noun(word: &str) -> bool {
    ORGANISATION_NOUNS.contains(&word)
}

/// Whether `word` (lowercased, as written) is one of [`FIRM_PRACTICE_WORDS`].
pub fn is_firm_practice_word(word: &str) -> bool {
    FIRM_PRACTICE_WORDS.binary_search(&word).is_ok()
}

/// Words of working at the firm ("do you have any vacancies?", "careers at Larchmere"): asked
/// of the firm, a matter no record states, so "not covered" with the contact record; the
/// contact answer (email, location) pretended to answer. Without a reference to the firm they
/// are subjects of the guides ("career ladders for data teams").
const EMPLOYMENT_WORDS: &[&str] = &[
    "career",
    "careers",
    "internship",
    "internships",
    "job",
    "jobs",
    "recruiting",
    "vacancies",
    "vacancy",
];

/// Contact words that say where the firm works ("do you work outside the UK?", "where are you
/// based?"): the contact answer then opens with its location.
const LOCATION_WORDS: &[&str] = &[
    "abroad",
    "based",
    "europe",
    "internationally",
    "located",
    "location",
    "office",
    "offices",
    "onsite",
    "overseas",
    "remote",
    "remotely",
    "uk",
    "worldwide",
];

/// Words of starting work with the firm ("how do I get started with you?", "how can we engage
/// you?"): asked of the firm with nothing else to search, they ask how to get in touch, which
/// the contact record says. They quoted the firm's description (the answer to "who are you?").
const START_WORDS: &[&str] = &["begin", "engage", "start", "started", "starting"];

/// Auxiliaries that, after "how" and before a doer ([`HOW_TO_DOERS`]), ask how to do
/// something ("how do we ...", "how should I ...").
const HOW_TO_AUXILIARIES: &[&str] =
    &["can", "could", "do", "does", "might", "must", "shall", "should", "would"];

/// Doers of a how-to question, after "how" and an auxiliary ("how do we", "how can one").
const HOW_TO_DOERS: &[&str] = &["i", "one", "u", "we", "you"];

/// Verbs of speaking to someone: with a [`PERSON_WORDS`] word after them, spoken by the asker
/// ("can I talk to a human?"), the question asks for a person at the firm.
const SPEAK_WORDS: &[&str] = &["chat", "speak", "speaking", "talk", "talking"];

/// Verbs of reaching someone, which after "who" and the asker ("who do I contact", "who can
/// I speak to") ask whom at the firm to reach.
const REACH_VERBS: &[&str] =
    &["call", "contact", "email", "phone", "reach", "speak", "talk", "write"];

/// Words after a verb of reaching that say what the asker would reach someone about.
const REACH_OBJECT_WORDS: &[&str] = &["about", "concerning", "for", "re", "regarding"];

/// How far a question has said "who do I contact about": nothing of it, the verb (and "to"),
/// then "about", or something else after the verb.
#[derive(Clone, Copy)]
enum Reach {
    Unsaid,
    Verb,
    About,
    Other,
}

/// Someone to speak to: a person, whoever it is ("a human", "someone", "an expert").
const PERSON_WORDS: &[&str] = &[
    "advisor",
    "adviser",
    "anybody",
    "anyone",
    "consultant",
    "expert",
    "human",
    "person",
    "somebody",
    "someone",
];

/// Verbs of meeting someone: with a [`PERSON_WORDS`] or [`MET_WORDS`] word after them, spoken
/// by the asker ("can I meet the team before we sign?"), the question asks for a person at the
/// firm, as one of speaking does.
const MEET_WORDS: &[&str] = &["meet", "meeting"];

/// The firm's people, met ("meet the team", "meet the consultants", "meet the people who would
/// do the work"); "meet my team" is the asker's own.
const MET_WORDS: &[&str] = &["consultants", "people", "team"];

/// Words that name the asker, who would do the speaking ("can I talk ...", "we'd like to
/// speak ...").
const ASKER_WORDS: &[&str] = &["i", "we", "me", "us"];

/// Words of when that may follow "can you start" in a question of the firm's availability
/// ("can you start next month?", "when could you begin?"): with nothing else after "you start",
/// the question asks when the firm is free, which no record states.
const AVAILABILITY_WORDS: &[&str] = &[
    "asap",
    "away",
    "couple",
    "days",
    "eight",
    "few",
    "five",
    "four",
    "immediately",
    "month",
    "months",
    "next",
    "now",
    "of",
    "one",
    "quickly",
    "right",
    "six",
    "soon",
    "straight",
    "this",
    "three",
    "today",
    "tomorrow",
    "two",
    "week",
    "weeks",
    "year",
];

/// Nouns that, asked of the firm, ask how it works with clients ("what is your process?",
/// "what's your approach?", "which methodology do you follow?").
const FIRM_WAY_NOUNS: &[&str] =
    &["approach", "method", "methodologies", "methodology", "methods", "process", "processes"];

/// Words of the firm's work that, with [`FIRM_WAY_SHAPE_WORDS`], ask how it runs ("what does an
/// engagement look like?", "how do you run a project?").
const FIRM_WAY_WORK_WORDS: &[&str] = &["engagement", "engagements", "project", "projects"];

/// Words that ask for the shape of the firm's work ("look like", "run", "happens", "steps").
const FIRM_WAY_SHAPE_WORDS: &[&str] = &[
    "happen",
    "happens",
    "look",
    "phases",
    "run",
    "runs",
    "stages",
    "steps",
    "structure",
    "structured",
];

/// Nouns of what a client receives from the firm's work.
const FIRM_DELIVERABLE_WORDS: &[&str] = &["deliverable", "deliverables"];

/// Verbs of receiving that, with "end", ask what the client receives at the end of the work
/// ("what do we get at the end?", "what will we receive at the end of the project?").
const RECEIVE_VERBS: &[&str] = &["get", "gets", "receive", "receives"];

/// Verbs that, after "how do you" or "how does Larchmere", ask how the firm works when nothing
/// else is asked ("how do you work?", "how do you operate?").
const FIRM_WAY_VERBS: &[&str] = &["operate", "work"];

/// Words of the end of the firm's work that, with one of [`FIRM_WAY_WORK_WORDS`], ask what
/// happens when it ends ("what happens when the project ends?", "what happens at the end of
/// the engagement?"), or, with a verb of receiving, what the client receives then.
const FIRM_END_WORDS: &[&str] = &["end", "ended", "ends", "finish", "finished", "finishes"];

/// Verbs of working alongside someone: after "who will we" or "who would we" they ask who the
/// firm puts on the work ("who will we work with?", "who would we be working with?").
const WORKING_WITH_VERBS: &[&str] = &["work", "working"];

/// Whether `word` (lowercased, as written) is phrasing in a question of how the firm works:
/// with these, company words, fillers and stop words aside, such a question asks nothing else.
pub fn is_firm_way_word(word: &str) -> bool {
    FIRM_WAY_NOUNS.contains(&word)
        || FIRM_WAY_WORK_WORDS.contains(&word)
        || FIRM_WAY_SHAPE_WORDS.contains(&word)
        || FIRM_WAY_VERBS.contains(&word)
        || FIRM_DELIVERABLE_WORDS.contains(&word)
        || RECEIVE_VERBS.contains(&word)
        || FIRM_END_WORDS.contains(&word)
        || WORKING_WITH_VERBS.contains(&word)
        || word == "team"
        || matches!(word, "like" | "typical" | "typically" | "usual" | "usually" | "normally")
        // "Will we have a dedicated consultant?": one of the team, however it is put.
        || matches!(word, "consultant" | "consultants" | "dedicated" | "named")
}

/// What the keyword tables found in one question.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Intent {
    /// The first company topic whose word the question uses.
    pub topic: Option<CompanyTopic>,
    /// The question names the company ("you", "your", "Larchmere").
    pub refers_to_company: bool,
    /// The question leans on an earlier turn (a pronoun or "what about").
    pub anaphoric: bool,
    /// The question opens like a follow-up ("what about ...", "and ...").
    pub follow_up_opening: bool,
    /// The question opens like one that stands alone ("what is ...", "define ...").
    pub standalone_opening: bool,
    /// The question names something the firm sells or quotes (`OFFERING_WORDS`): with a price
    /// word, it asks what the firm's work costs.
    pub names_offering: bool,
    /// The question names a matter of the firm's own business no record covers
    /// (`FIRM_MATTER_WORDS`: "refund", "policy", "contract"), or asks a fact about the firm
    /// no record states: who founded or leads it, how many people it has, whether a client's
    /// data is safe with it (`FIRM_FACT_WORDS`, `FIRM_CHARGE_VERBS`, `FIRM_SIZE_NOUNS`,
    /// `SAFE_KEEPING_WORDS`).
    pub names_firm_matter: bool,
    /// The question asks who one or more of the firm's own people are ("who is your CEO?",
    /// "who's your head of data?", "who are your people?"), which no record states, not even
    /// a "How we work" statement that shares its word ("... charities with no data staff yet
    /// ..." is about clients, not "who are your staff?").
    pub asks_firm_person: bool,
    /// The question asks for help ("help", "I need help", "help me with our data"): with
    /// nothing else to search, it asks whoever answers, the firm, as "can you help us with
    /// our data?" does (`answer::company_topic`).
    pub asks_for_help: bool,
    /// The question opens "how much is" ("... are", "... would", "... will"): said of the
    /// firm's work by its name and of nothing else ("how much is a data strategy?"), it asks
    /// the price, as "how much does a data strategy cost?" does (`query::build`).
    pub opens_how_much_is: bool,
    /// "You" (not after "would", "could" ...) then a verb of recommending ("what films do you
    /// recommend?", "can you suggest a good book?"): the firm's taste when nothing else the
    /// question names is a word the library writes (`Query::n_misread`); "what tools do you
    /// recommend for data pipelines?" names pipelines, and is searched.
    pub asks_firm_recommendation: bool,
    /// The question opens "how do you", "how can you", "how should you": "you" may mean
    /// anyone ("how do you write an AI policy?"), so it does not make a matter of business
    /// the firm's own; unless the verb after it is one of conduct (`FIRM_CONDUCT_VERBS`) and
    /// the matter one of trade (`FIRM_COMMERCE_WORDS`): "how do you handle refunds?" asks the
    /// firm.
    pub generic_you: bool,
    /// The question opens by asking whether the firm works with something ("do you work with
    /// ...", "do you use ...", "have you used ..."; [`FIRM_QUESTION_AUXILIARIES`], a reference
    /// to the firm, [`FIRM_USE_VERBS`]).
    pub asks_firm_about_use: bool,
    /// The topic of a question that opens by asking for a company topic ("which services
    /// ...", "what case studies ..."): it asks for items of that kind.
    pub asks_for_topic: Option<CompanyTopic>,
    /// The question asks how long something takes ("how long ...", "how many weeks ...", "how
    /// soon ...", "what is the timeline ..."): a sentence that states a duration answers it.
    pub asks_duration: bool,
    /// The question asks in the past tense ("how long did the hospital project take?", "have
    /// you worked with hospitals?"): of work done, which the case studies tell, not of the
    /// services on offer.
    pub past_tense: bool,
    /// The question asks of what goes wrong ([`WRONG_WORDS`]: "what mistakes should we
    /// avoid?", "why do AI projects fail?"), which the guides' pitfalls say.
    pub asks_what_goes_wrong: bool,
    /// "Length" asks for a duration: the question names the firm's work beside it ("typical
    /// project length"), and the word is phrasing, not what is searched.
    pub length_of_work: bool,
    /// The question names what the firm works with or whom for (`FIRM_PRACTICE_WORDS`:
    /// "technologies", "tools", "small", "size", "startups").
    pub names_firm_practice: bool,
    /// The question asks how big the firm is ("how many people work at Larchmere?", "how big
    /// is your company?", "are you a big firm?"): its description says it.
    pub asks_firm_size: bool,
    /// The question asks where the firm works (`LOCATION_WORDS`): a contact answer opens with
    /// the location.
    pub asks_location: bool,
    /// The question says "free" ("is there anything free?"): of the prices answer, the
    /// sentence of what costs nothing comes first.
    pub asks_free: bool,
    /// The question asks whom something is for ("who is the AI readiness assessment for?",
    /// "who should take the assessment?"): of the assessment, the organisations it suits.
    pub asks_audience: bool,
    /// The question asks how to do something ("how do we evaluate an AI vendor?", "how to
    /// choose a vendor", "how should I brief execs?": "how", then "to", or an auxiliary of
    /// [`HOW_TO_AUXILIARIES`] and a doer of [`HOW_TO_DOERS`]): a guide's advice tells it, a
    /// worked example's story does not (`select::pick`).
    pub asks_how_to: bool,
    /// The question asks to start work with the firm (`START_WORDS`: "how do I get started
    /// with you?"): with a reference to the firm and nothing else asked, a contact question.
    pub asks_to_start: bool,
    /// The asker wants to speak to a person (`SPEAK_WORDS` spoken by "I", "we" or opening the
    /// question, then within three words one of `PERSON_WORDS`): "can I talk to a human?",
    /// "speak to someone". The person is at the firm, so this is a contact question; a
    /// guide's "the customer is talking to an automated assistant" is not the answer.
    /// So does a question of whom to reach ("who do I contact about a project?": "who", the
    /// asker, one of `REACH_VERBS`, then "about" or nothing).
    pub asks_for_person: bool,
    /// The question asks how the firm works with clients: a noun of [`FIRM_WAY_NOUNS`] with
    /// a reference to the firm ("what is your process?"), a word of its work with one of its
    /// shape ("what does an engagement look like?", "how do you run a project?"), or "how do
    /// you work?". Whether it asks anything else is the query's to tell.
    pub asks_firm_way: bool,
    /// The question asks the firm to do something for the client ("can you audit our models
    /// for bias?", "could Larchmere build us a data platform?": an auxiliary of ability, a
    /// reference to the firm, then a verb other than "help" or one of [`FIRM_USE_VERBS`]):
    /// what it offers is what its services say, so they rank first.
    pub asks_firm_to_do: bool,
    /// The question opens "who" and names the firm's work ("who will work on our project?",
    /// "who would be on the engagement?"): it asks who the firm puts on it, which the
    /// services' account of how an engagement runs says (its team).
    pub asks_firm_team: bool,
    /// The question asks what the client receives from the firm's work: "deliverables", or
    /// getting or receiving something "at the end" ("what do we get at the end?"). Each
    /// service page says it under a heading of its own ("Deliverables", "What you receive",
    /// "What you end up with"). Whether it asks anything else is the query's to tell.
    pub asks_firm_deliverables: bool,
    /// The question names the firm's work ("engagement", "project") and its end ("what
    /// happens when the project ends?", "what happens at the end of the engagement?"): what
    /// follows it is what the firm's "How we work" statement of after the engagement says,
    /// not how an engagement runs from its first phase. Receiving something then asks for
    /// the deliverables ([`Intent::asks_firm_deliverables`]).
    pub asks_firm_end: bool,
    /// The question asks the firm to help make something ("can you help us build an LLM
    /// application?", "could you help me design a dashboard?"): an auxiliary, a reference to
    /// the firm, "help", "us" or "me" at most, then one of [`FIRM_MAKE_VERBS`]. It is read as
    /// a how-to (the guides tell how to build it), but when its answer opens on one of the
    /// firm's pages, that page is what the firm says of doing it and is listed first.
    pub asks_help_to_make: bool,
    /// The question asks what the firm needs or expects of its client (`REQUIREMENT_WORDS`:
    /// "what do you need from us?"), or names something written as a stop word in capitals
    /// ("can you work with our IT team?"), which no index holds: with a reference to the firm
    /// and nothing else to search, no record answers it, and the firm's description did not.
    pub asks_unsearchable: bool,
    /// A hiring word comes right after the asker ("can you help us hire a data team?") or right
    /// after "with" ("can you help with hiring?"): the asker's hiring, a subject of the guides,
    /// not whether the firm hires or is hired.
    pub asker_hires: bool,
    /// The question names the firm's work with a word of size ("what is the minimum
    /// engagement size?", "is there a minimum project size?"): the size of the firm's work,
    /// asked of the firm even without "you", which no record states.
    pub asks_work_size: bool,
    /// A yes-or-no question of what the firm does or is ("do you do staff augmentation?",
    /// "are you GDPR compliant?", "can you
    /// build a mobile app for us?": an auxiliary, a reference to the firm, then a verb that is
    /// not one of asking to be told, [`TELL_VERBS`], nor of working with something,
    /// [`FIRM_USE_VERBS`]). Its answer must come from the firm's own
    /// pages: a guide that uses its words does not say what the firm does.
    pub asks_what_firm_does: bool,
    /// The question asks which things of a kind the firm does ("what workshops do you
    /// offer?": `asks_which_firm_does`), and so asks [`Intent::asks_what_firm_does`] too. The
    /// firm's pages may each say one ("A findings workshop ...", "We run our courses as
    /// hands-on workshops ..."): one sentence of each item answers it.
    pub asks_which_firm_does: bool,
    /// The service the question names by its name before "service" ("what does the AI
    /// strategy service include?"), as an index into `ANSWER_ITEMS`: it is what the question
    /// is about, so it ranks above the other services.
    pub named_service: Option<u16>,
    /// A buyer asks for help with a subject ("we need help with our analytics", "can you help
    /// us with our data platform?", "looking for someone to fix our data pipelines"): see
    /// [`asks_help_with`]. The firm's help is what its services offer, so they rank first.
    pub asks_help_with: bool,
}

/// Words right before "help" (or "someone") that make it a request: the asker needs, wants
/// or looks for it ("we need help", "we'd like some help", "looking for help", "can you
/// help").
const HELP_REQUEST_WORDS: &[&str] =
    &["any", "for", "get", "like", "need", "needs", "some", "u", "want", "wants", "you"];

/// Words that may stand between "help" and "with" in a request ("help us with", "help me
/// out with").
const HELP_OBJECT_WORDS: &[&str] = &["me", "out", "us"];

/// Whether `text` is a buyer's request for help with a subject: "help" opening the question
/// or after a word of [`HELP_REQUEST_WORDS`], then "with" (after "us", "me" or "out" at
/// most); or "someone" or "somebody" after one of them, then "to" ("we need someone to fix
/// our data pipelines"). A question that opens with a question word asks something else:
/// "how do I help my team with data literacy?" asks how, "what helps with drift?" what.
pub fn asks_help_with(text: &str) -> bool {
    let is = |word: &str, of: &[&str]| of.iter().any(|w| w.eq_ignore_ascii_case(word));
    // Whether the word before the one read was a request's, and the state after "help" or
    // "someone". Words are read in place ("we'd" as "we" and "d"), so nothing is copied.
    let (mut after_request, mut after_help, mut after_someone) = (true, false, false);
    let mut words = text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty());
    let opening_question = words.clone().next().is_some_and(|word| {
        is(word, &["how", "what", "whats", "why", "which", "when", "where", "who"])
            || is(word, &["does", "is", "are", "should"])
    });
    let found = words.any(|word| {
        let found = (after_help && word.eq_ignore_ascii_case("with"))
            || (after_someone && word.eq_ignore_ascii_case("to"));
        after_help = (word.eq_ignore_ascii_case("help") && after_request)
            || (after_help && is(word, HELP_OBJECT_WORDS));
        after_someone = is(word, &["someone", "somebody"]) && after_request;
        after_request = is(word, HELP_REQUEST_WORDS);
        found
    });
    found && !opening_question
}

/// Nouns of asking a buyer types after a subject ("gdpr help", "data strategy consulting",
/// "ai strategy consultant"): with the subject, the whole request.
const TERSE_ASKING_WORDS: &[&str] = &[
    "advice",
    "consultancy",
    "consultant",
    "consultants",
    "consulting",
    "expert",
    "experts",
    "help",
    "partner",
    "services",
    "specialist",
    "specialists",
    "support",
];

/// Most words of a request typed into a box as a subject and a word of asking.
pub const TERSE_MAX_WORDS: usize = 4;

/// Words of a request in a few words that are neither its subject nor its word of asking
/// ("help with gdpr", "need a data strategy").
const TERSE_PHRASING_WORDS: &[&str] = &["a", "an", "me", "need", "our", "some", "us", "with"];

/// Whether `word` is phrasing in a request of a few words: a word of asking
/// ([`TERSE_ASKING_WORDS`]) or of [`TERSE_PHRASING_WORDS`].
pub fn is_terse_phrasing(word: &str) -> bool {
    let is = |of: &[&str]| of.iter().any(|w| w.eq_ignore_ascii_case(word));
    is(TERSE_ASKING_WORDS) || is(TERSE_PHRASING_WORDS)
}

/// Whether `text` reads as a buyer's request in a few words, a subject and a word of asking in
/// either order: "gdpr help", "help gdpr", "need mlops", "data strategy consulting". It has
/// two to [`TERSE_MAX_WORDS`] words, and opens with "help" or "need" or closes with a noun of
/// [`TERSE_ASKING_WORDS`], with a word of its subject besides and no question word or
/// auxiliary ([`QUESTION_OPENINGS`]) among them. Returns the byte range of the word of asking (the closing noun, else
/// the opening word): it is the request's phrasing. Read in place, nothing copied. Whether
/// the subject is one the library writes is the query's to tell (`query::build`).
pub fn terse_request(text: &str) -> Option<Range<usize>> {
    let is = |word: &str, of: &[&str]| of.iter().any(|w| w.eq_ignore_ascii_case(word));
    let words = text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty());
    let span = |word: &str| {
        let start = word.as_ptr() as usize - text.as_ptr() as usize;
        start..start + word.len()
    };
    let n = words.clone().count();
    let first = words.clone().next()?;
    let last = words.clone().next_back()?;
    if !(2..=TERSE_MAX_WORDS).contains(&n)
        || !words.clone().any(|word| !is_terse_phrasing(word))
        || words.clone().any(|word| is(word, QUESTION_OPENINGS))
    {
        return None;
    }
    if is(last, TERSE_ASKING_WORDS) {
        Some(span(last))
    } else if is(first, &["help", "need"]) {
        Some(span(first))
    } else {
        None
    }
}

/// Words that make a few words a question, not a request ("how help", "is gdpr support").
const QUESTION_OPENINGS: &[&str] = &[
    "are", "can", "could", "do", "does", "how", "is", "should", "what", "whats", "when", "where",
    "which", "who", "why", "will", "would",
];

/// Verbs after "can you" or "do you" that ask to be told or helped, not what the firm does
/// ("can you explain what a data contract is?", "do you know what a feature store is?", "do
/// you have a guide on drift?"): the guides answer them.
const TELL_VERBS: &[&str] = &[
    "answer",
    "define",
    "describe",
    "explain",
    "find",
    "give",
    "have",
    "help",
    "know",
    "list",
    "point",
    "recommend",
    "say",
    "share",
    "show",
    "suggest",
    "summarise",
    "summarize",
    "tell",
];

/// Words that, asked of the firm, ask what it needs of the client ("what do you need from
/// us?", "what do you expect from our side?").
const REQUIREMENT_WORDS: &[&str] = &["expect", "expects", "need", "needs", "require", "requires"];

/// Whether `text` has a stop word written in capitals, an acronym the tokenizer drops with
/// the pronoun it spells ("IT" for information technology).
fn names_capitalised_stop_word(text: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|word| word.len() >= 2 && word.chars().all(|c| c.is_ascii_uppercase()))
        .any(|word| crate::search::tokenize::is_stop_word(&word.to_ascii_lowercase()))
}

/// Words that, right before "service" or "services", name a service other than the firm's
/// ("customer service", "public services", "health service"): then the word is not the
/// services topic. "Can you help us build a chatbot for customer service?" ranked the firm's
/// services first and opened with the Generative AI service's list of what it advises
/// against, before the guide on customer support assistants.
const OTHER_SERVICE_WORDS: &[&str] =
    &["civil", "client", "cloud", "customer", "field", "health", "public", "social", "web"];

/// Words that, after "how", ask for a duration ("how long", "how soon", "how quickly").
/// "How fast will we see results?" asks when, as "how quickly" does.
const DURATION_AFTER_HOW: &[&str] = &["fast", "long", "soon", "quickly"];
/// Words that ask for a duration wherever they stand.
const DURATION_WORDS: &[&str] = &[
    "duration",
    "durations",
    "timeframe",
    "timeframes",
    "timeline",
    "timelines",
    "timescale",
    "timescales",
];
/// Units of time that, after "how many", ask for a duration ("how many weeks ...").
const DURATION_UNITS: &[&str] = &["days", "hours", "months", "quarters", "weeks", "years"];

/// Industry words that name no sector ("which industries?"); every other industry word names
/// one by its clients ("hospitals", "banks", "the NHS").
const INDUSTRY_WORDS_OF_NO_SECTOR: &[&str] =
    &["domains", "industries", "industry", "sector", "sectors", "verticals"];

/// Whether `word` (lowercased, as written) names a sector by its clients ("hospitals",
/// "insurers", "NHS"): an industry word of the table that is not "industry" or "sector".
pub fn names_sector_clients(word: &str) -> bool {
    class_of(word) == Some(Class::Topic(CompanyTopic::Industries))
        && !INDUSTRY_WORDS_OF_NO_SECTOR.contains(&word)
}

/// Whether a word of `text` is one an industry page lists among its `sector_words`
/// ("insurance", "mortgage", "supermarkets").
fn names_listed_sector(text: &str) -> bool {
    let mut named = false;
    for_each_word(text, |word, _| named |= is_listed_sector_word(word));
    named
}

/// Whether `word` (lowercased, as written) is one an industry page lists among its
/// `sector_words`.
fn is_listed_sector_word(word: &str) -> bool {
    crate::tables::ANSWER_SECTOR_WORDS.binary_search_by(|(entry, _)| (*entry).cmp(word)).is_ok()
}

/// Words of what goes wrong: a question holding one asks what the guides' pitfalls say.
const WRONG_WORDS: &[&str] = &[
    "avoid", "fail", "failed", "failing", "fails", "failure", "failures", "mistake", "mistakes",
    "pitfall", "pitfalls", "trap", "traps", "wrong",
];

/// Words for the firm's work that, with "length", ask how long it takes ("typical project
/// length", "engagement length"); "length" alone is a subject of the guides ("context
/// length", "window lengths").
const LENGTH_OF_WORK: &[&str] = &["engagement", "engagements", "project", "projects"];

/// Contact words that make a company question only with a reference to the firm: hiring is
/// also a subject of the guides (building a data team).
const HIRING_WORDS: &[&str] = &["hire", "hiring"];

/// Reads a question's words in turn and tells which ask for a duration ("long" after "how",
/// "weeks" after "how many", "timeline"): those are the question's phrasing, not what it asks
/// about. Words compare without regard to case, and nothing is copied.
#[derive(Debug, Clone, Copy, Default)]
pub struct DurationWords {
    after_how: bool,
    after_how_many: bool,
    after_time: bool,
}

impl DurationWords {
    /// Whether `word`, after the words read so far, asks for a duration.
    pub fn read(&mut self, word: &str) -> bool {
        let any = |words: &[&str]| words.iter().any(|w| w.eq_ignore_ascii_case(word));
        let asks = (self.after_how && any(DURATION_AFTER_HOW))
            || (self.after_how_many && any(DURATION_UNITS))
            || (self.after_time && any(&["frame", "frames", "scale", "scales"]))
            || any(DURATION_WORDS);
        self.after_how_many = self.after_how && word.eq_ignore_ascii_case("many");
        self.after_how = word.eq_ignore_ascii_case("how");
        self.after_time = word.eq_ignore_ascii_case("time");
        asks
    }
}

/// Who an agent forwarding a question names as its asker ("The user wants to know ...",
/// "my client asks ..."), after an optional [`FORWARD_DETERMINERS`] word.
const FORWARD_ASKERS: &[&str] =
    &["asker", "client", "customer", "human", "person", "principal", "requester", "user"];

/// Words before the asker of a forwarded question ("the user", "my user", "our client").
const FORWARD_DETERMINERS: &[&str] = &["a", "my", "our", "the", "this"];

/// How a forwarded question says that its asker asks, longest first so "wants to know" is
/// read before "wants": what follows is the question itself ("The user wants to know whether
/// the firm works with hospitals" asks "whether the firm works with hospitals").
const FORWARD_FRAMES: &[&[&str]] = &[
    &["would", "like", "to", "know"],
    &["wants", "to", "find", "out"],
    &["wants", "to", "understand"],
    &["wants", "to", "know"],
    &["needs", "to", "know"],
    &["is", "looking", "for"],
    &["is", "wondering"],
    &["is", "asking"],
    &["would", "like"],
    &["wonders"],
    &["wants"],
    &["needs"],
    &["asks"],
    &["asked"],
];

/// Frames of asking that forward a question only when one follows ([`FORWARD_OPENERS`]): "the
/// user asks whether ..." forwards one, "the customer asks for a refund" and "a user asks the
/// chatbot for personal data" tell of a case to search for as written.
const FORWARD_ASKING: &[&[&str]] = &[&["is", "asking"], &["asks"], &["asked"]];

/// Words [`forwarded`] reads at most: a determiner, an asker, the longest of
/// [`FORWARD_FRAMES`] and the word after it.
const FORWARD_WORDS_READ: usize = 7;

/// Words a forwarded question opens with after a frame of asking.
const FORWARD_OPENERS: &[&str] = &[
    "about", "are", "can", "could", "do", "does", "has", "have", "how", "if", "is", "what", "when",
    "where", "whether", "which", "who", "why", "will", "would",
];

/// The question an AI agent forwards for its user in the third person ("The user wants to
/// know whether the firm works with hospitals", "My user would like to know how long an
/// engagement takes", "The user asks if the firm has worked with banks"): the text after the
/// frame that names the asker and says they ask, which is the question as the user would
/// have put it. Read whole, "user" and "wants" were words to search that nothing writes, and
/// three of ten such questions were "not covered" where the question without its frame is
/// answered. `text` itself when it opens with no such frame, or nothing follows it.
pub fn forwarded(text: &str) -> &str {
    // The first words, each with the offset it starts at, its punctuation trimmed: as many as
    // an asker, its determiner, the longest frame and a word after it take, read without
    // allocating (every question passes here).
    let mut words = [(0, ""); FORWARD_WORDS_READ];
    let mut n_words = 0;
    let mut start = None;
    for (at, ch) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
        if n_words == FORWARD_WORDS_READ {
            break;
        }
        match (ch.is_whitespace(), start) {
            (true, Some(from)) => {
                let word = text.get(from..at).unwrap_or_default();
                words[n_words] = (from, word.trim_matches(|c: char| !c.is_alphanumeric()));
                n_words += 1;
                start = None;
            }
            (false, None) => start = Some(at),
            _ => {}
        }
    }
    let words = words.get(..n_words).unwrap_or_default();
    let any = |list: &[&str], word: &str| list.iter().any(|w| w.eq_ignore_ascii_case(word));
    let is_asker = |at: usize| words.get(at).is_some_and(|(_, word)| any(FORWARD_ASKERS, word));
    let frame_at = match words.first() {
        Some(_) if is_asker(0) => 1,
        Some((_, first)) if any(FORWARD_DETERMINERS, first) && is_asker(1) => 2,
        _ => return text,
    };
    let rest = words.get(frame_at..).unwrap_or_default();
    let Some(frame) = FORWARD_FRAMES.iter().find(|frame| {
        frame.len() < rest.len()
            && frame.iter().zip(rest).all(|(want, (_, word))| want.eq_ignore_ascii_case(word))
    }) else {
        return text;
    };
    let Some(&(from, opener)) = rest.get(frame.len()) else { return text };
    if FORWARD_ASKING.contains(frame) && !any(FORWARD_OPENERS, opener) {
        return text;
    }
    text.get(from..).unwrap_or(text)
}

/// Lowercased words of `text` as written, apostrophes, hyphens and characters that show
/// nothing (`model::INVISIBLE`) dropped inside words ("you're" → "youre", "self-assessment" →
/// "selfassessment", "ml\u{200b}ops" → "mlops"), each with its head: the part
/// after its last hyphen ("fixed-price" → "price"), or the whole word when it has none.
pub fn for_each_word(text: &str, mut each: impl FnMut(&str, &str)) {
    let mut word = String::with_capacity(24);
    let mut head = 0;
    let mut flush = |word: &mut String, head: &mut usize| {
        if !word.is_empty() {
            each(word, word.get(*head..).filter(|h| !h.is_empty()).unwrap_or(word));
        }
        word.clear();
        *head = 0;
    };
    for ch in text.chars().map(crate::search::tokenize::fullwidth_to_ascii) {
        if ch.is_alphanumeric() {
            word.extend(ch.to_lowercase());
        } else if (matches!(ch, '\'' | '\u{2019}' | '-') || crate::model::is_invisible(ch))
            && !word.is_empty()
        {
            if ch == '-' {
                head = word.len();
            }
            continue;
        } else {
            flush(&mut word, &mut head);
        }
    }
    flush(&mut word, &mut head);
}

/// What a turn that asks nothing of the library says instead (the twentieth pass).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum SmallTalk {
    /// Thanks, assent, farewell, laughter ("thanks", "ok", "great, cheers", "bye").
    Courtesy,
    /// A complaint about the answer or the answerer ("you are useless", "this is rubbish").
    Complaint,
    /// Whether a person answers ("are you a bot?", "is this a chatbot?").
    Answerer,
}

/// Words of small talk, sorted (binary-searched), with what they say. A turn is small talk
/// only when every word is one of these or of [`SMALL_TALK_FILLERS`]: "is this a chatbot"
/// is, "can you help us build a chatbot" is not.
const SMALL_TALK_WORDS: &[(&str, SmallTalk)] = {
    use SmallTalk::{Answerer, Complaint, Courtesy};
    &[
        ("awesome", Courtesy),
        ("awful", Complaint),
        ("bot", Answerer),
        ("brilliant", Courtesy),
        ("bye", Courtesy),
        ("chatbot", Answerer),
        ("cheers", Courtesy),
        ("cool", Courtesy),
        ("crap", Complaint),
        ("garbage", Complaint),
        ("goodbye", Courtesy),
        ("got", Courtesy),
        ("great", Courtesy),
        ("haha", Courtesy),
        ("helpful", Courtesy),
        ("helps", Courtesy),
        ("human", Answerer),
        ("lol", Courtesy),
        ("machine", Answerer),
        ("nice", Courtesy),
        ("nonsense", Complaint),
        ("ok", Courtesy),
        ("okay", Courtesy),
        ("perfect", Courtesy),
        ("person", Answerer),
        ("pointless", Complaint),
        ("robot", Answerer),
        ("rubbish", Complaint),
        ("sorry", Courtesy),
        ("stupid", Complaint),
        ("suck", Complaint),
        ("sucks", Complaint),
        ("terrible", Complaint),
        ("thank", Courtesy),
        ("thanks", Courtesy),
        ("thankyou", Courtesy),
        ("thx", Courtesy),
        ("ty", Courtesy),
        ("understood", Courtesy),
        ("useless", Complaint),
        ("worthless", Complaint),
        ("wrong", Complaint),
    ]
};

/// Words that say nothing in small talk, sorted: who is addressed, a verb of being, an
/// intensifier, "answer" itself ("wrong answer").
const SMALL_TALK_FILLERS: &[&str] = &[
    "a", "am", "an", "answer", "answers", "are", "i", "is", "it", "lot", "mate", "much", "really",
    "so", "that", "thats", "this", "totally", "u", "very", "was", "you", "youre",
];

/// The longest word [`small_talk`] reads; a longer one is not small talk.
const SMALL_TALK_LONGEST_WORD: usize = 12;

/// Words that point at the answerer: an [`SmallTalk::Answerer`] word counts only with one
/// ("are you human?" asks it; "human" alone names a subject).
const SMALL_TALK_ANSWERER_REFERENCES: &[&str] = &["this", "u", "you", "youre"];

/// The company record a turn of small talk gets, or `None` when the turn asks something:
/// courtesy gets who is answering (the firm's description, as a greeting does); a complaint,
/// or a question whether a person answers, gets how to reach one (the contact record). Read
/// on the turn's own words, never the turns before: "thanks" after an answer is thanks.
pub fn small_talk(text: &str) -> Option<CompanyTopic> {
    let mut said: Option<SmallTalk> = None;
    let mut other = false;
    let mut refers = false;
    // Words of small talk are short and ASCII: read into a buffer on the stack (the request
    // path allocates nothing for it), apostrophes dropped as `for_each_word` drops them.
    let mut buffer = [0u8; SMALL_TALK_LONGEST_WORD];
    let mut len = 0;
    let mut too_long = false;
    let mut flush = |buffer: &[u8], too_long: bool| {
        let Ok(word) = std::str::from_utf8(buffer) else { return };
        if too_long {
            other = true;
        } else if !word.is_empty() {
            if SMALL_TALK_ANSWERER_REFERENCES.contains(&word) {
                refers = true;
            }
            match SMALL_TALK_WORDS.binary_search_by(|(entry, _)| entry.cmp(&word)) {
                Ok(at) => said = said.max(Some(SMALL_TALK_WORDS[at].1)),
                Err(_) if SMALL_TALK_FILLERS.binary_search(&word).is_ok() => {}
                Err(_) => other = true,
            }
        }
    };
    for ch in text.chars() {
        if ch.is_ascii_alphanumeric() {
            if len < buffer.len() {
                buffer[len] = ch.to_ascii_lowercase() as u8;
                len += 1;
            } else {
                too_long = true;
            }
        } else if matches!(ch, '\'' | '\u{2019}') && len > 0 {
            continue;
        } else if ch.is_alphanumeric() {
            // A word in another script is not small talk these tables know.
            too_long = true;
        } else {
            flush(&buffer[..len], too_long);
            len = 0;
            too_long = false;
        }
    }
    flush(&buffer[..len], too_long);
    match said? {
        _ if other => None,
        SmallTalk::Courtesy => Some(CompanyTopic::About),
        SmallTalk::Complaint => Some(CompanyTopic::Contact),
        SmallTalk::Answerer if refers => Some(CompanyTopic::Contact),
        SmallTalk::Answerer => None,
    }
}

/// Reads the intent of one question.
pub fn detect(text: &str) -> Intent {
    let mut intent = Intent::default();
    let mut topic_rank = usize::MAX;
    let mut opening_words: [String; 3] = [String::new(), String::new(), String::new()];
    // Whether the fourth word is a verb of conduct; read as it passes, so nothing is copied.
    let mut fourth_is_conduct = false;
    let mut fourth_is_with = false;
    let mut fourth_is_way_verb = false;
    // "Who are your people?": whether the fourth word names no company topic, reference or
    // phrasing of the firm's (as "consultants", "clients" and "team" do).
    let mut fourth_is_unclassed = false;
    let mut fourth_is_firm_fact = false;
    let (mut fourth_is_make, mut fourth_is_object, mut fifth_is_make) = (false, false, false);
    // "Can you start next month?": "you" then a word of starting, and then only words of when.
    let (mut after_you, mut you_start, mut after_you_start_other) = (false, false, false);
    // "Which films do you like?": "you" (not after "would", "could" ...) then a verb of taste.
    let (mut after_modal, mut you_after_modal, mut after_your) = (false, false, false);
    // "Could you review our AI policy?": a policy two words after "our" is the client's own.
    let mut since_own = usize::MAX;
    // Whether an offering word ("project", "engagement") came since that "our" or "my".
    let mut offering_since_own = false;
    let mut says_us = false;
    // "What are the hidden costs of an AI project?": a cost said whole (`WHOLE_COST_WORDS`)
    // and a project said failed (`FAILED_WORDS`) are the cost of owning or losing work, not
    // the firm's price.
    let (mut after_whole, mut after_failed, mut whole_cost) = (false, false, false);
    let mut says_own = false;
    // "How much should we budget for AI?": "budget" said, and whether it was "over budget".
    let (mut says_budget, mut after_over, mut over_budget) = (false, false, false);
    let mut advice_asked = false;
    let mut advised_document = false;
    // "What is your cancellation policy?": words since "your"; and whether a verb of making a
    // document came ("can you help us write an AI policy?").
    let (mut since_your, mut document_work) = (usize::MAX, false);
    let mut after_with = false;
    // "Insurance" read, as a matter of the firm's until the next word says otherwise.
    let mut sector_matter_pending = false;
    let mut names_commerce = false;
    let mut names_assessment = false;
    let mut names_free_or_self = false;
    let mut position = 0;
    let mut after_the = false;
    // "Does the assessment cost anything?": a verb of price right before.
    let mut after_cost = false;
    // "Do I have to pay for the assessment?": "pay" right before, and "pay for" said.
    let (mut after_pay, mut pays_for_seen) = (false, false);
    let mut after_data = false;
    let mut after_rate = false;
    let mut after_other_service = false;
    // "An example of a past project": a word of when ([`PAST_WORK_WORDS`]) came right before.
    let mut after_past = false;
    // "Who is the assessment for?": whether the last word read was "for" (or "at" after
    // "aimed").
    let (mut last_is_for, mut last_is_aimed) = (false, false);
    let (mut last_is_fit, mut fit_for) = (false, false);
    let mut duration_words = DurationWords::default();
    let mut hiring_rank = usize::MAX;
    // "Are you hiring?" (the firm hires: employment) against "can we hire you?" (the firm is
    // hired: contact): whether a reference to the firm comes before the hiring word, or after.
    let (mut firm_hires, mut firm_is_hired, mut hiring_seen) = (false, false, false);
    let mut names_employment = false;
    let mut names_requirement = false;
    let mut after_own = false;
    let mut after_asker = false;
    // "Can you help with hiring?": hiring right after "with" is what help is asked with.
    let mut right_after_with = false;
    let mut clients_data = false;
    let mut asks_safe_keeping = false;
    let (mut names_length, mut names_work) = (false, false);
    let (mut names_way_noun, mut names_way_work, mut names_way_shape) = (false, false, false);
    let (mut names_deliverable, mut names_receiving, mut names_end) = (false, false, false);
    let mut names_working_with = false;
    let mut names_consultant = false;
    // "The team" or "your team", not the asker's own ("our team", "my team").
    let mut names_the_team = false;
    // "On site", "in person", "you visit": where the firm works, as "onsite" says.
    let (mut after_on, mut after_in, mut names_in_person) = (false, false, false);
    let (mut names_size_word, mut after_size_word, mut size_idiom) = (false, false, false);
    // Words since the asker ("I", "we") and since the asker's verb of speaking, or a lot.
    let (mut since_asker, mut since_speak) = (usize::MAX, usize::MAX);
    let mut since_meet = usize::MAX;
    // "Who do I contact about a project?": whom the asker reaches, a person at the firm, when
    // the verb of reaching is followed by "about" or nothing ("who should I talk to first when
    // rolling out AI?" asks whom in the asker's own organisation).
    let mut reach = Reach::Unsaid;
    let mut which_firm_does = WhichFirmDoes::default();
    for_each_word(text, |word, head| {
        which_firm_does = which_firm_does.read(word);
        if since_speak <= 3 && PERSON_WORDS.contains(&word) {
            intent.asks_for_person = true;
        }
        // "Can I meet the team before we sign?": it quoted a governance guide's "A healthy
        // forum makes at least one recorded decision per meeting."; no page says who meets a
        // buyer, and the contact record says who replies.
        if since_meet <= 3
            && (PERSON_WORDS.contains(&word) || (MET_WORDS.contains(&word) && !after_own))
        {
            intent.asks_for_person = true;
        }
        since_meet = if MEET_WORDS.contains(&word) && since_asker <= 2 {
            1
        } else {
            since_meet.saturating_add(1)
        };
        reach = match reach {
            Reach::Unsaid
                if matches!(opening_words[0].as_str(), "who" | "whom")
                    && since_asker <= 2
                    && REACH_VERBS.contains(&word) =>
            {
                Reach::Verb
            }
            Reach::Verb if matches!(word, "to" | "with") => Reach::Verb,
            Reach::Verb if REACH_OBJECT_WORDS.contains(&word) => Reach::About,
            Reach::Verb => Reach::Other,
            kept => kept,
        };
        since_speak = if SPEAK_WORDS.contains(&word) && (since_asker <= 3 || position == 0) {
            1
        } else {
            since_speak.saturating_add(1)
        };
        since_asker = if ASKER_WORDS.contains(&word) { 1 } else { since_asker.saturating_add(1) };
        intent.asks_duration |= duration_words.read(word);
        // "Do you have experience in logistics?" asks of work done, as "have you worked in
        // logistics?" does.
        intent.past_tense |= matches!(
            word,
            "did" | "took" | "was" | "were" | "worked" | "done" | "experience" | "experienced"
        );
        intent.names_firm_practice |= is_firm_practice_word(word);
        intent.asks_what_goes_wrong |= WRONG_WORDS.contains(&word);
        names_free_or_self |= matches!(word, "free" | "selfassessment");
        intent.asks_free |= word == "free";
        // "Does the assessment cost anything?", "do you charge anything for it?" ask whether
        // it is free, as "is the assessment free?" does; it got the prices record's "...
        // publishes no prices ...", where "free" opens on what costs nothing.
        if after_cost && NOTHING_PAID_WORDS.contains(&word) {
            intent.asks_free = true;
            names_free_or_self = true;
        }
        pays_for_seen |= after_pay && word == "for";
        after_pay = word == "pay";
        after_cost = COST_VERBS.contains(&word);
        intent.asks_location |= LOCATION_WORDS.contains(&word);
        intent.asks_to_start |= START_WORDS.contains(&word);
        names_way_noun |= FIRM_WAY_NOUNS.contains(&word);
        names_way_work |= FIRM_WAY_WORK_WORDS.contains(&word);
        names_way_shape |= FIRM_WAY_SHAPE_WORDS.contains(&word);
        names_deliverable |= FIRM_DELIVERABLE_WORDS.contains(&word);
        names_receiving |= RECEIVE_VERBS.contains(&word);
        names_end |= FIRM_END_WORDS.contains(&word);
        names_working_with |= WORKING_WITH_VERBS.contains(&word);
        names_consultant |= matches!(word, "consultant" | "consultants");
        names_the_team |= word == "team" && !after_own;
        names_in_person |= (after_on && word == "site")
            || (after_in && word == "person")
            || (after_you && matches!(word, "visit" | "visiting"));
        after_on = word == "on";
        after_in = word == "in";
        names_size_word |= FIRM_SIZE_WORDS.contains(&word);
        // "Are you big on data governance?" asks what the firm does much of, not its size.
        size_idiom |= after_size_word && word == "on";
        after_size_word = FIRM_SIZE_WORDS.contains(&word);
        names_employment |= EMPLOYMENT_WORDS.contains(&word);
        names_requirement |= REQUIREMENT_WORDS.contains(&word);
        names_length |= matches!(word, "length" | "lengths");
        intent.asks_for_help |= word == "help";
        names_work |= LENGTH_OF_WORK.contains(&word);
        if position < opening_words.len() {
            opening_words[position] = word.to_string();
        } else if position == opening_words.len() {
            fourth_is_conduct = FIRM_CONDUCT_VERBS.contains(&word);
            fourth_is_with = word == "with";
            fourth_is_way_verb = FIRM_WAY_VERBS.contains(&word);
            fourth_is_unclassed = class_of(word).is_none();
            fourth_is_firm_fact = FIRM_FACT_WORDS.contains(&word);
            fourth_is_make = FIRM_MAKE_VERBS.contains(&word);
            fourth_is_object = matches!(word, "us" | "me");
        } else if position == opening_words.len() + 1 {
            fifth_is_make = FIRM_MAKE_VERBS.contains(&word);
        }
        position += 1;
        // "How much will our LLM cost us each month?": "us" names the firm's price only when
        // the question says "our" or "my" of nothing (checked after the loop); the asker's
        // own model cost "us" to run, which the running costs guide answers.
        whole_cost |= after_whole && matches!(word, "cost" | "costs");
        intent.names_offering |= OFFERING_WORDS.contains(&word) && word != "us" && !after_failed;
        after_whole = WHOLE_COST_WORDS.contains(&word);
        after_failed =
            FAILED_WORDS.contains(&word) || (after_failed && !OFFERING_WORDS.contains(&word));
        says_us |= word == "us";
        says_own |= matches!(word, "my" | "our");
        // "Data contracts" are a subject of the guides, never the firm's own contracts.
        let term_of_the_trade = after_data && matches!(word, "contract" | "contracts");
        let clients_own = since_own <= 2 && matches!(word, "policy" | "policies");
        // "Can you help us cut our cloud costs?": costs a few words after "our" or "my" are
        // the asker's own spending, which the guides on running costs answer, not the firm's
        // prices (it got the prices answer); "what will our project cost?" names the firm's
        // work between, and is a prices question still.
        let clients_costs = since_own <= 3 && !offering_since_own && word == "costs";
        offering_since_own =
            !matches!(word, "my" | "our") && (offering_since_own || OFFERING_WORDS.contains(&word));
        // "Do you work with insurance companies?": once "with" is read, a word an industry page lists
        // for its sector names clients, not the firm's own cover ("do you have insurance?").
        let sector_clients = after_with && is_listed_sector_word(word);
        // "Can you help us write an AI policy?", "we need a data sharing contract": a document
        // the asker wants made or mended is theirs, unless it is "your" policy. It was "not
        // covered", as the firm's own policy would be.
        // "What exit provisions do you recommend in an AI contract?" asks the firm's advice
        // on a contract, which the procurement and contract guides give; it was "not
        // covered", as the firm's own contract would be.
        let document_to_make =
            (document_work || advice_asked) && since_your > 2 && DOCUMENT_MATTERS.contains(&word);
        // Its "you" is anyone's advice, as in "how do you ...?": the contract is no company
        // word, and is searched.
        advised_document |= document_to_make && advice_asked;
        // "How long did your insurance project last?": a matter an industry page lists for its
        // sector, said right before a noun of the firm's work or clients, names the industry
        // the work was in, not the firm's own cover ("do you have insurance?"); it was "not
        // covered". Whether it is said so is known only at the next word.
        intent.names_firm_matter |= sector_matter_pending && !SECTOR_WORK_NOUNS.contains(&word);
        let firm_matter = (FIRM_MATTER_WORDS.contains(&word) || FIRM_FACT_WORDS.contains(&word))
            && !term_of_the_trade
            && !clients_own
            && !sector_clients
            && !document_to_make;
        sector_matter_pending = firm_matter && is_listed_sector_word(word);
        intent.names_firm_matter |= firm_matter && !sector_matter_pending;
        document_work |= DOCUMENT_WORK_VERBS.contains(&word);
        since_your = if word == "your" { 1 } else { since_your.saturating_add(1) };
        after_with |= word == "with";
        since_own = if matches!(word, "my" | "our") { 1 } else { since_own.saturating_add(1) };
        if you_start {
            after_you_start_other |= !AVAILABILITY_WORDS.contains(&word)
                && !word.chars().all(|c| c.is_ascii_digit())
                && !matches!(word, "in" | "on" | "by" | "within" | "a" | "the" | "for" | "us");
        }
        you_start |= after_you && matches!(word, "start" | "begin");
        // "Which films do you like?", "what is your favourite book?": the firm's taste, which
        // no record states; "films", read as "files" (one edit), quoted service sentences
        // about files. "Would you like ..." offers, and asks nothing of the firm's taste.
        intent.names_firm_matter |= (after_you && !you_after_modal && TASTE_VERBS.contains(&word))
            || (after_your && FAVOURITE_WORDS.contains(&word));
        intent.asks_firm_recommendation |=
            after_you && !you_after_modal && RECOMMEND_VERBS.contains(&word);
        advice_asked |= after_you && RECOMMEND_VERBS.contains(&word);
        after_you = word == "you";
        if after_you {
            you_after_modal = after_modal;
        }
        after_modal = MODAL_VERBS.contains(&word);
        after_your = word == "your";
        clients_data |= after_own && word == "data";
        asks_safe_keeping |= SAFE_KEEPING_WORDS.contains(&word);
        names_commerce |= FIRM_COMMERCE_WORDS.contains(&word);
        // "Rate" is a price word ("your day rate") except in "rate limit" (the API's).
        if after_rate && !word.starts_with("limit") {
            topic_rank = PRICING_RANK;
        }
        after_rate = matches!(word, "rate" | "rates");
        // A compound the table does not know is classed by its head: "do you offer
        // fixed-price projects?" asks about prices, as "price" does.
        // "Can you give me an example of a past project?": one of the firm's past projects is
        // one of its case studies, as "past projects" are; the singular is no topic word alone
        // ("an example of a data contract", "our project").
        let past_work_noun = after_past && PAST_WORK_NOUNS.contains(&word);
        after_past = PAST_WORK_WORDS.contains(&word);
        last_is_for = word == "for" || (word == "at" && last_is_aimed);
        fit_for |= last_is_fit && word == "for";
        last_is_fit = FIT_WORDS.contains(&word);
        last_is_aimed = word == "aimed";
        let class = if past_work_noun {
            Some(Class::Topic(CompanyTopic::CaseStudies))
        } else {
            class_of(word).or_else(|| class_of(head).filter(|_| head != word))
        };
        match class {
            Some(Class::Reference) => {
                intent.refers_to_company = true;
                firm_is_hired |= hiring_seen;
            }
            Some(Class::Anaphora) => intent.anaphoric = true,
            Some(Class::Topic(_)) if after_rate => {}
            Some(Class::Topic(CompanyTopic::Pricing)) if clients_costs => {}
            // Whose budget it is is known only once the question is read (below).
            Some(Class::Topic(CompanyTopic::Pricing)) if word == "budget" => {
                says_budget = true;
                over_budget |= after_over;
            }
            Some(Class::Topic(CompanyTopic::Services))
                if after_other_service && matches!(word, "service" | "services") => {}
            Some(Class::Topic(topic)) => {
                let rank = TOPIC_PRIORITY.iter().position(|t| *t == topic).unwrap_or(usize::MAX);
                // "How should we hire a data team?" asks about hiring, which the guides cover;
                // only "can we hire you?" or "are you hiring?" asks the firm.
                // "Can you help with hiring?" asks it too: the hiring is what help is asked
                // with. Read as the firm's own hiring ("are you hiring?"), it was "not covered".
                if HIRING_WORDS.contains(&word) && (after_asker || right_after_with) {
                    intent.asker_hires = true;
                } else if HIRING_WORDS.contains(&word) {
                    hiring_rank = hiring_rank.min(rank);
                    firm_hires |= intent.refers_to_company;
                    hiring_seen = true;
                } else {
                    topic_rank = topic_rank.min(rank);
                }
                names_assessment |= topic == CompanyTopic::Assessment;
                // On this site "the assessment" is the firm's own, as "your assessment" is,
                // and so is a pillar, a word only its pages write ("what is our weakest pillar
                // telling us?"); searched, the guide for agents' "... advice for the weakest
                // pillar" came before the self-assessment's own sentence.
                if topic == CompanyTopic::Assessment
                    && (after_the || matches!(word, "pillar" | "pillars"))
                {
                    intent.refers_to_company = true;
                }
            }
            Some(Class::Generic) | None => {}
        }
        after_the = word == "the";
        after_other_service = OTHER_SERVICE_WORDS.contains(&word);
        after_data = word == "data";
        after_over = word == "over";
        after_own = matches!(word, "my" | "our");
        // "Help us hire", not "can we hire you?" (the firm is hired).
        after_asker = matches!(word, "us" | "me");
        right_after_with = word == "with";
    });
    intent.names_firm_matter |= sector_matter_pending;
    intent.names_offering |= says_us && !says_own;
    // "What is the total cost of your project?" names the firm, and is a prices question
    // through its "your" (`company_topic`), whatever this says.
    intent.names_offering &= !whole_cost;
    // "How much should we budget for AI?", "what budget does a data team need?", "what should
    // our data budget be?": a budget is the asker's own spending, which the budget guide
    // answers ("Build the budget from what you intend to deliver ..."), unless the question
    // names the firm or its work ("how much should we budget for an engagement?", "can you
    // work within our budget?"; a "how ... you" opening is anyone's). Read as a price of the
    // firm's, all got the prices record's "publishes no prices". "Over budget" is an overrun,
    // never a price: "why do data projects go over budget?" got the record too.
    let asks_anyone = opening_words[0] == "how" && opening_words[2] == "you";
    if says_budget
        && !over_budget
        && (intent.names_offering || (intent.refers_to_company && !asks_anyone))
    {
        topic_rank = PRICING_RANK;
    }
    intent.length_of_work = names_length && names_work;
    intent.asks_work_size = names_work && intent.names_firm_practice;
    // "How do you work?", "how does Larchmere operate?": the fourth word is the verb.
    let asks_how_firm_works = opening_words[0] == "how"
        && matches!(opening_words[1].as_str(), "do" | "does")
        && class_of(&opening_words[2]) == Some(Class::Reference)
        && fourth_is_way_verb;
    // "How many consultants will work on our project?" asks who the firm puts on the work,
    // as "who will work on our project?" does, not how many people the firm has.
    let asks_size = opening_words[0] == "how"
        && opening_words[1] == "many"
        && FIRM_SIZE_NOUNS.contains(&opening_words[2].as_str());
    // "Who will be on the team?", "who would be in your team?": asked of work to come, the team
    // is the one the firm puts on it; it quoted a guide on team meetings. "Who should be on our
    // data team?" is the asker's team, and a guide question.
    let asks_future_team = opening_words[0] == "who"
        && matches!(opening_words[1].as_str(), "will" | "would")
        && names_the_team;
    // "Who will we work with?", "who would we be working with day to day?": the asker works
    // with the firm's people, the team it puts on the work; "day" and "to" are phrasing. It
    // quoted the consultation guide and a guide on agents. "Who should we work with on
    // governance?" asks the guides.
    let asks_who_we_work_with = opening_words[0] == "who"
        && matches!(opening_words[1].as_str(), "will" | "would")
        && matches!(opening_words[2].as_str(), "we" | "i")
        && names_working_with;
    // "Will we have a dedicated consultant?", "do we get a named consultant?": the asker has a
    // consultant of the firm's on the work, one of the team it puts on it. Searched, the first
    // quoted a feature store guide's "... dedicated tools earn their place".
    let asks_our_consultant = matches!(opening_words[0].as_str(), "will" | "would" | "do")
        && matches!(opening_words[1].as_str(), "we" | "i")
        && matches!(opening_words[2].as_str(), "have" | "get")
        && names_consultant;
    // "Who do I contact about a project?", "who can I speak to about an engagement?": whom to
    // reach about work with the firm is a person there, whom the contact record says how to
    // reach, not the team the firm puts on the work (it quoted a service's "A small Larchmere
    // team ... works on each engagement"), nor, of another subject, a guide's sentence that
    // says "who" ("who do I contact about MLOps?" was "not covered").
    let reaches_firm = matches!(reach, Reach::Verb | Reach::About);
    intent.asks_for_person |= reaches_firm;
    intent.asks_firm_team =
        ((opening_words[0] == "who" || asks_size) && names_way_work && !reaches_firm)
            || asks_future_team
            || asks_who_we_work_with
            || asks_our_consultant;
    intent.asks_firm_deliverables = names_deliverable || (names_receiving && names_end);
    intent.asks_firm_end = names_way_work && names_end && !intent.asks_firm_deliverables;
    intent.asks_firm_way = (names_way_noun && intent.refers_to_company)
        || (names_way_work && names_way_shape)
        || asks_how_firm_works
        || intent.asks_firm_team
        || intent.asks_firm_deliverables;
    intent.asks_unsearchable = names_requirement || names_capitalised_stop_word(text);
    intent.asks_duration |= intent.length_of_work;
    let asks_who_is_in_charge =
        opening_words[0] == "who" && FIRM_CHARGE_VERBS.contains(&opening_words[1].as_str());
    // "Who is your chief data officer?": who one of the firm's own people is, which no record
    // states; it quoted the fractional leadership service's "... attract a full-time chief
    // data officer.", the service, not the firm's staff. ("who's" is one word, "whos".) "Who
    // are your consultants?" gets the firm's description, and "who are your clients?" its
    // case studies. "Who are your people?" asks it of several ("staff", "partners",
    // "founders"): it quoted a dashboard guide's "people are taking the data elsewhere". Only
    // a word that names nothing of the firm's already: "consultants" and "team" keep the
    // firm's description, "clients" and "customers" its case studies.
    // "Who is the CEO?", "who are the founders?": asked on the firm's own site of nothing
    // else, "the" chief is the firm's, as "the assessment" is (above). Searched, "who is the
    // ceo" quoted an executive-briefing guide's "Executives do not need to understand how a
    // neural network is trained." and "who is the cto" a lakehouse service sentence. "Who is
    // the CEO of a data team?" says more and is searched.
    let asks_the_firm_fact = opening_words[0] == "who"
        && matches!(opening_words[1].as_str(), "is" | "are" | "was")
        && opening_words[2] == "the"
        && fourth_is_firm_fact
        && position == opening_words.len() + 1;
    intent.refers_to_company |= asks_the_firm_fact;
    // "How do we evaluate an AI vendor?", "how to choose one": the asker asks how to do it.
    intent.asks_how_to = opening_words[0] == "how"
        && (opening_words[1] == "to"
            || (HOW_TO_AUXILIARIES.contains(&opening_words[1].as_str())
                && HOW_TO_DOERS.contains(&opening_words[2].as_str())));
    // "Who is the AI readiness assessment for?", "who should take the assessment?": whom it
    // suits, not what it is.
    intent.asks_audience = (matches!(opening_words[0].as_str(), "who" | "whos")
        && (last_is_for
            || (MODAL_OR_CAN.contains(&opening_words[1].as_str())
                && AUDIENCE_VERBS.contains(&opening_words[2].as_str()))))
        // "Is the data strategy service appropriate for a local authority?": whether it fits
        // is whom it suits. It was "not covered".
        || (FIT_OPENINGS.contains(&opening_words[0].as_str()) && fit_for);
    // "Who is your data strategy service for?" asks whom the firm's work suits, not who one of
    // its people is ("who is your CEO?"); it was "not covered".
    let asks_firm_person = ((opening_words[0] == "whos" && opening_words[1] == "your")
        || (opening_words[0] == "who" && opening_words[1] == "is" && opening_words[2] == "your")
        || (opening_words[0] == "who"
            && opening_words[1] == "are"
            && opening_words[2] == "your"
            && fourth_is_unclassed)
        || asks_the_firm_fact)
        && !(intent.asks_audience && intent.names_offering);
    intent.asks_firm_person = asks_firm_person;
    intent.names_firm_matter |= (you_start && !after_you_start_other)
        || asks_who_is_in_charge
        || asks_firm_person
        || (clients_data && asks_safe_keeping);
    if intent.refers_to_company && (firm_is_hired || !firm_hires) {
        topic_rank = topic_rank.min(hiring_rank);
    }
    // "Are you hiring?", "do you have any vacancies?": whether one can work at the firm, which
    // no record states.
    intent.names_firm_matter |= names_employment || (firm_hires && !firm_is_hired);
    if after_rate {
        topic_rank = PRICING_RANK;
    }
    let opens_with = |phrases: &[&[&str]]| {
        phrases.iter().any(|phrase| {
            phrase.iter().zip(&opening_words).all(|(expected, word)| expected == word)
        })
    };
    intent.follow_up_opening = opens_with(FOLLOW_UP_OPENINGS);
    intent.opens_how_much_is = opening_words[0] == "how"
        && opening_words[1] == "much"
        && matches!(opening_words[2].as_str(), "is" | "are" | "would" | "will");
    intent.standalone_opening = opens_with(STANDALONE_OPENINGS);
    intent.topic = TOPIC_PRIORITY.get(topic_rank).copied();
    // "What does the data governance service include?": a service named by its name is the
    // firm's, as "your data governance service" is; without "your" a guide's sentence
    // ("... security risks ...") was cited first.
    if intent.topic == Some(CompanyTopic::Services) {
        intent.named_service = named_service(text);
        intent.refers_to_company |= intent.named_service.is_some();
    }
    // "Is the assessment free?", "what does the self-assessment cost?": the self-assessment's
    // own record says it is free, where the prices answer said only that no prices are
    // published. "How much does the readiness assessment cost?" may mean the facilitated
    // assessment, a service, and stays a prices question, as "... assessment service" does.
    if intent.topic == Some(CompanyTopic::Pricing)
        && names_assessment
        && names_free_or_self
        && !intent.names_offering
    {
        intent.topic = Some(CompanyTopic::Assessment);
    }
    // "Do I have to pay for the assessment?", "do we pay for the self-assessment?": paying for
    // the firm's assessment, not its service, asks whether it is free, as "cost anything"
    // does; searched, "pay" quoted a maturity band's "... before AI investment can pay off.".
    if pays_for_seen
        && names_assessment
        && !intent.names_offering
        && matches!(intent.topic, Some(CompanyTopic::Assessment | CompanyTopic::Pricing))
    {
        intent.asks_free = true;
        intent.topic = Some(CompanyTopic::Assessment);
    }
    intent.generic_you = (opening_words[0] == "how"
        && opening_words[2] == "you"
        && !(fourth_is_conduct && names_commerce))
        || advised_document;
    // "Can you come on site?", "can you meet us in person?", "do you visit clients?": where
    // the firm works, which the contact record's location says ("... working remotely across
    // Europe"), as it answers "do you work onsite?"; the first two were "not covered", the
    // last quoted a case study's "single review visit". "How do you run a workshop in person?"
    // asks anyone, and is searched.
    if names_in_person
        && intent.refers_to_company
        && !intent.generic_you
        && intent.topic != Some(CompanyTopic::Pricing)
    {
        intent.topic = Some(CompanyTopic::Contact);
        intent.asks_location = true;
    }
    // "How many people work at Larchmere?", "how big is your company?", "are you a big
    // firm?": the firm's size, which its description says ("Larchmere is a small consultancy
    // of ..."), as it answers "who are your consultants?"; they were "not covered". Not of
    // the asker's own ("how big is our team?") nor of the firm's work ("how big are your
    // projects?").
    let asks_firm_size = (asks_size && !names_way_work)
        || (names_size_word
            && ((opening_words[0] == "how"
                && FIRM_SIZE_WORDS.contains(&opening_words[1].as_str()))
                || (FIRM_SIZE_OPENINGS.contains(&opening_words[0].as_str())
                    && class_of(&opening_words[1]) == Some(Class::Reference))));
    if asks_firm_size
        && intent.refers_to_company
        && !intent.generic_you
        && !says_own
        && !names_work
        && !size_idiom
        && intent.topic.is_none_or(|topic| topic == CompanyTopic::About)
    {
        intent.topic = Some(CompanyTopic::About);
        intent.asks_firm_size = true;
    }
    // "Can you help with data mesh?" asks it too; "can you help us use ChatGPT safely?" asks
    // for the guidance.
    let use_verb = FIRM_USE_VERBS.contains(&opening_words[2].as_str())
        || (opening_words[2] == "help" && fourth_is_with);
    intent.asks_firm_about_use = FIRM_QUESTION_AUXILIARIES.contains(&opening_words[0].as_str())
        && class_of(&opening_words[1]) == Some(Class::Reference)
        && use_verb;
    // "Do you work with insurance companies?", "can you help with mortgage lending?": a word
    // an industry page lists for its sector (`sector_words`) names the firm's clients there,
    // as "insurers" does. Only the table's words made an industries question, and the rest,
    // asked whether the firm works with something, were "not covered" with the contact record
    // alone.
    if intent.topic.is_none() && intent.asks_firm_about_use && names_listed_sector(text) {
        intent.topic = Some(CompanyTopic::Industries);
    }
    intent.asks_firm_to_do = (matches!(opening_words[0].as_str(), "can" | "could" | "will" | "would")
        && class_of(&opening_words[1]) == Some(Class::Reference)
        && !opening_words[2].is_empty()
        && opening_words[2] != "help"
        && !FIRM_USE_VERBS.contains(&opening_words[2].as_str())
        // "Can you explain what a data contract is?" asks to be told, as a guide tells it;
        // with services first it quoted "Refusal to test on your data before contract
        // signature."
        && !TELL_VERBS.contains(&opening_words[2].as_str())
        && class_of(&opening_words[2]).is_none())
        // "Do you build chatbots?" asks what "can you build chatbots?" asks: searched evenly,
        // it quoted an acceptable-use policy's "Staff using an assistant are covered by this
        // policy." rather than the generative AI service.
        || (matches!(opening_words[0].as_str(), "do" | "does")
            && class_of(&opening_words[1]) == Some(Class::Reference)
            && FIRM_MAKE_VERBS.contains(&opening_words[2].as_str()));
    intent.asks_what_firm_does = FIRM_QUESTION_AUXILIARIES.contains(&opening_words[0].as_str())
        && class_of(&opening_words[1]) == Some(Class::Reference)
        && !opening_words[2].is_empty()
        && class_of(&opening_words[2]) != Some(Class::Reference)
        && !TELL_VERBS.contains(&opening_words[2].as_str())
        && !FIRM_USE_VERBS.contains(&opening_words[2].as_str());
    // "What workshops do you offer?" asks what "do you offer workshops?" asks: searched
    // evenly, it quoted a use-case guide's "Don't reject ideas for data reasons in the
    // workshop."
    intent.asks_which_firm_does = which_firm_does == WhichFirmDoes::Yes;
    intent.asks_help_with = asks_help_with(text);
    // "Can you help us build an LLM application?": the firm is asked to help make it.
    intent.asks_help_to_make = FIRM_QUESTION_AUXILIARIES.contains(&opening_words[0].as_str())
        && class_of(&opening_words[1]) == Some(Class::Reference)
        && opening_words[2] == "help"
        && (fourth_is_make || (fourth_is_object && fifth_is_make));
    intent.asks_what_firm_does |= intent.asks_which_firm_does;
    if matches!(opening_words[0].as_str(), "which" | "what")
        && let Some(Class::Topic(topic)) = class_of(&opening_words[1])
    {
        intent.asks_for_topic = Some(topic);
    }
    intent
}

/// Most words a "what" or "which" question may name its kind with before the auxiliary
/// ("what workshops do you offer?", "what kind of training do you run?").
const ASKED_KIND_MAX_WORDS: usize = 3;

/// Reads, word by word, whether a question asks which things of a kind the firm does: "what"
/// or "which", one to [`ASKED_KIND_MAX_WORDS`] words naming the kind (none an auxiliary, a
/// reference to the firm, a word of a company topic or an anaphora: "what services do you
/// offer?" asks for the list), then an auxiliary, a reference to the firm, and a verb that
/// makes `do you <verb> ...?` a question of what the firm does
/// ([`Intent::asks_what_firm_does`]: not one of asking to be told, nor of working with
/// something). Read in the same pass as the rest of the intent, so it allocates nothing.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum WhichFirmDoes {
    #[default]
    Opening,
    Kind(usize),
    Auxiliary,
    Reference,
    Yes,
    No,
}

impl WhichFirmDoes {
    /// The state after `word` (lowercased, as written).
    fn read(self, word: &str) -> Self {
        let class = class_of(word);
        match self {
            Self::Opening if matches!(word, "what" | "which") => Self::Kind(0),
            Self::Kind(n) if n > 0 && FIRM_QUESTION_AUXILIARIES.contains(&word) => Self::Auxiliary,
            Self::Kind(n)
                if n < ASKED_KIND_MAX_WORDS
                    && matches!(class, None | Some(Class::Generic))
                    && !FIRM_QUESTION_AUXILIARIES.contains(&word) =>
            {
                Self::Kind(n + 1)
            }
            Self::Auxiliary if class == Some(Class::Reference) => Self::Reference,
            Self::Reference
                if class != Some(Class::Reference)
                    && !TELL_VERBS.contains(&word)
                    && !FIRM_USE_VERBS.contains(&word) =>
            {
                Self::Yes
            }
            Self::Yes => Self::Yes,
            _ => Self::No,
        }
    }
}

/// Whether `text` asks which things of a kind the firm does ([`WhichFirmDoes`]).
#[cfg(test)]
fn asks_which_firm_does(text: &str) -> bool {
    let mut which = WhichFirmDoes::default();
    for_each_word(text, |word, _| which = which.read(word));
    which == WhichFirmDoes::Yes
}

/// The service `text` names by its name followed by "service" or "services" ("the data
/// governance service", "your MLOps service"), as an index into `ANSWER_ITEMS`, compared
/// without regard to case and without allocating.
fn named_service(text: &str) -> Option<u16> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(at) = text.get(from..).and_then(|rest| find_ignore_case(rest, "service")) {
        let at = from + at;
        from = at + "service".len();
        let before = text[..at].trim_end();
        if before.len() == at {
            continue;
        }
        // Its name, or its slug's words ("AI strategy" for "AI Strategy and Roadmapping").
        let ends_with = |name: &[u8]| {
            before.len() >= name.len()
                && before.as_bytes()[before.len() - name.len()..]
                    .iter()
                    .zip(name)
                    .all(|(a, b)| a.eq_ignore_ascii_case(b) || (*a == b' ' && *b == b'-'))
                && before
                    .len()
                    .checked_sub(name.len() + 1)
                    .is_none_or(|i| !bytes[i].is_ascii_alphanumeric())
        };
        let named = ANSWER_ITEMS.iter().position(|item| {
            item.kind == SourceKind::Service
                && (ends_with(item.title.as_bytes()) || ends_with(item.slug.as_bytes()))
        });
        // Or the leading words of its name, when they are two or more and begin no other
        // service's name: "the data platform service" is Data Platform Engineering, which
        // "data platform service" did not name, so a question of what it delivers quoted
        // analytics engineering's deliverables.
        let named = named.or_else(|| {
            let mut services = ANSWER_ITEMS.iter().enumerate().filter(|(_, item)| {
                item.kind == SourceKind::Service
                    && leading_words(item.title).is_some_and(|lead| ends_with(lead.as_bytes()))
            });
            let first = services.next().map(|(at, _)| at);
            first.filter(|_| services.next().is_none())
        });
        if let Some(at) = named.and_then(|at| u16::try_from(at).ok()) {
            return Some(at);
        }
    }
    None
}

/// The service whose slug's words `text` says as words of its own ("AI strategy" for
/// `ai-strategy`, "data strategy" for `data-strategy`, "MLOps" for `mlops`), and how many words
/// that is (an "and" aside), as an index into `ANSWER_ITEMS`: the work a duration question
/// names when it says nothing else ("how long does an AI strategy take?"). The longest match
/// wins; compared without regard to case and without allocating. The third field is the byte
/// offset of a noun of the firm's work right after the slug words (`SLUG_WORK_NOUNS`: "AI
/// strategy work"), which names that same work.
pub fn service_by_slug_words(text: &str) -> Option<(u16, usize, Option<usize>)> {
    let bytes = text.as_bytes();
    let mut best: Option<(u16, usize, usize, Option<usize>)> = None;
    for (at, item) in ANSWER_ITEMS.iter().enumerate() {
        if item.kind != SourceKind::Service {
            continue;
        }
        let slug = item.slug.as_bytes();
        let found = bytes.windows(slug.len()).enumerate().find_map(|(start, window)| {
            let end = start + slug.len();
            (window
                .iter()
                .zip(slug)
                .all(|(a, b)| a.eq_ignore_ascii_case(b) || (*a == b' ' && *b == b'-'))
                && (start == 0 || !bytes[start - 1].is_ascii_alphanumeric())
                && bytes.get(end).is_none_or(|b| !b.is_ascii_alphanumeric()))
            .then_some(end)
        });
        if let Some(end) = found
            && best.is_none_or(|(_, _, len, _)| slug.len() > len)
        {
            let words = item.slug.split('-').filter(|word| *word != "and").count();
            let work_follows = text.get(end..).and_then(work_noun_at).map(|at| end + at);
            best = u16::try_from(at).ok().map(|at| (at, words, slug.len(), work_follows));
        }
    }
    best.map(|(at, words, _, work_follows)| (at, words, work_follows))
}

/// Whether every word of `text` is a word of the slug of the service at `service` (an index
/// into `ANSWER_ITEMS`), a word of the company (a topic word such as "cost", a reference, a
/// generic word such as "much"), a modal verb or a stop word: "how much does a data strategy
/// cost?" says nothing but the service and its price, "how much does a data strategy cost to
/// run?" says more. A modal is phrasing: "what would a data governance programme cost?" asks
/// what "what does ..." asks, and quoted the governance guide's "Most data governance
/// programmes fail quietly" where the other got the prices record.
pub fn says_only_service(text: &str, service: u16) -> bool {
    let Some(item) = ANSWER_ITEMS.get(usize::from(service)) else {
        return false;
    };
    let mut only = true;
    for_each_word(text, |word, _| {
        only &= item.slug.split('-').any(|slug_word| slug_word == word)
            || is_company_word(word)
            || PRICED_WORK_NOUNS.contains(&word)
            || MODAL_VERBS.contains(&word)
            || crate::search::tokenize::STOP_WORDS.contains(&word);
    });
    only
}

/// Nouns of a piece of the firm's work that a price question names a service's work by ("how
/// much does a responsible AI review cost?", "price of an MLOps setup"): with the service's
/// slug words and a price word, nothing else is asked but the price of that work. It got the
/// responsible AI service's introduction, and the MLOps setup "not covered".
const PRICED_WORK_NOUNS: &[&str] = &[
    "audit",
    "audits",
    "implementation",
    "programme",
    "programmes",
    "review",
    "reviews",
    "rollout",
    "setup",
];

/// Nouns of the firm's work that, right after a service's slug words, name that service's
/// work ("AI strategy work", "an MLOps project"): "how long does AI strategy work take?" asks
/// what "how long does an AI strategy take?" asks.
const SLUG_WORK_NOUNS: &[&str] = &["engagement", "engagements", "project", "projects", "work"];

/// Where in `rest` (what follows a word) a whole word of [`SLUG_WORK_NOUNS`] opens after
/// spaces, if it does, compared without regard to case.
fn work_noun_at(rest: &str) -> Option<usize> {
    let word = rest.trim_start_matches([' ', '\t']);
    let at = rest.len() - word.len();
    let end = word.find(|c: char| !c.is_ascii_alphanumeric()).unwrap_or(word.len());
    let is_noun = SLUG_WORK_NOUNS.iter().any(|noun| noun.eq_ignore_ascii_case(&word[..end]));
    (at > 0 && is_noun).then_some(at)
}

/// A service's name without its last word, and without an "and" the cut leaves at its end
/// ("Data Platform" of "Data Platform Engineering", "AI Adoption" of "AI Adoption and
/// Change"), when two words or more remain; `None` for a name of one or two words.
fn leading_words(name: &str) -> Option<&str> {
    let lead = name.trim_end().rsplit_once(' ')?.0.trim_end();
    let lead = lead.strip_suffix(" and").or_else(|| lead.strip_suffix(" And")).unwrap_or(lead);
    lead.contains(' ').then_some(lead)
}

/// The byte offset of the first `needle` (ASCII, lowercase) in `haystack`, ignoring case.
fn find_ignore_case(haystack: &str, needle: &str) -> Option<usize> {
    haystack
        .as_bytes()
        .windows(needle.len())
        .position(|window| window.eq_ignore_ascii_case(needle.as_bytes()))
}

/// Whether `word` (lowercased) is a word of hiring ("hire", "hiring").
pub fn is_hiring_word(word: &str) -> bool {
    HIRING_WORDS.contains(&word)
}

/// Whether `word` (lowercased, as written) names the firm's case studies ("projects",
/// "clients", "portfolio").
pub fn names_case_studies(word: &str) -> bool {
    matches!(class_of(word), Some(Class::Topic(CompanyTopic::CaseStudies)))
}

/// Words of when said of the firm's work ("past projects", "previous clients", "recent
/// engagements"): its case studies are all past work.
const PAST_WORK_WORDS: &[&str] = &["earlier", "former", "past", "previous", "prior", "recent"];

/// Nouns of one piece of the firm's work or one client, which after a word of when
/// ([`PAST_WORK_WORDS`]) name one of its case studies ("a past project", "a previous client").
const PAST_WORK_NOUNS: &[&str] = &["client", "customer", "engagement", "project"];

/// Whether `word` (lowercased) is a word of when said of work ([`PAST_WORK_WORDS`]).
pub fn is_past_work_word(word: &str) -> bool {
    PAST_WORK_WORDS.contains(&word)
}

/// Whether `word` (lowercased) names one piece of work or one client, which after a word of
/// when is one of the case studies ([`PAST_WORK_NOUNS`]).
pub fn is_past_work_noun(word: &str) -> bool {
    PAST_WORK_NOUNS.contains(&word)
}

/// Whether `word` (lowercased, as written) carries no content of its own in a company
/// question: a topic word, a reference to the company, or a generic word.
pub fn is_company_word(word: &str) -> bool {
    matches!(class_of(word), Some(Class::Reference | Class::Topic(_) | Class::Generic))
}

/// Whether `word` (lowercased, as written) is one the tables here read a question's phrasing
/// by: a word of [`WORDS`], of the firm's work ("engagement"), of working with ("use") or of
/// offering. A misspelling the query reads as one of these is respelt for them too
/// (`query::respelt`).
pub fn reads_word(word: &str) -> bool {
    class_of(word).is_some()
        || LENGTH_OF_WORK.contains(&word)
        || FIRM_USE_VERBS.contains(&word)
        || OFFERING_WORDS.contains(&word)
}

/// The words [`reads_word`] holds, for looking a misspelling up among them.
pub fn phrasing_words() -> impl Iterator<Item = &'static str> {
    let tables = [LENGTH_OF_WORK, FIRM_USE_VERBS, OFFERING_WORDS].into_iter().flatten().copied();
    WORDS.iter().map(|(word, _)| *word).chain(tables)
}

/// Whether `word` (lowercased, as written) is a word of the services topic ("offer",
/// "provide", "services"): in a question to the firm it asks what the firm offers, which
/// every service page is.
pub fn is_services_word(word: &str) -> bool {
    class_of(word) == Some(Class::Topic(CompanyTopic::Services))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every word of the table that names a sector by its clients is one an industry page
    /// lists (`sector_words`), so a question of clients in that sector is read as the
    /// industry; the firm has no page for charities.
    #[test]
    fn sector_client_words_name_an_industry() {
        let listed =
            |word: &str| crate::tables::ANSWER_SECTOR_WORDS.iter().any(|(w, _)| *w == word);
        for (word, _) in WORDS.iter().filter(|(word, _)| names_sector_clients(word)) {
            assert!(listed(word) || matches!(*word, "charity" | "charities"), "{word}");
        }
    }

    /// A service is named by the leading words of its name only when two or more remain, so
    /// "analytics service" or "data service" names none.
    #[test]
    fn a_services_leading_words_are_two_or_more() {
        assert_eq!(leading_words("Data Platform Engineering"), Some("Data Platform"));
        assert_eq!(leading_words("AI Adoption and Change"), Some("AI Adoption"));
        assert_eq!(leading_words("Analytics Engineering"), None);
        assert_eq!(leading_words("MLOps"), None);
        let platform = named_service("What will we receive from the data platform service?");
        assert_eq!(
            platform.map(|at| ANSWER_ITEMS[usize::from(at)].slug),
            Some("data-platform-engineering")
        );
        assert_eq!(named_service("what does the data service include?"), None);
    }

    /// "What workshops do you offer?" asks which things of a kind the firm does; a topic
    /// word ("services"), no kind at all ("what do you charge?"), a verb of being told or of
    /// working with something, or too long a kind, does not.
    #[test]
    fn which_things_the_firm_does_is_read_from_the_words_order() {
        for yes in [
            "what workshops do you offer?",
            "Which workshops does Larchmere run?",
            "what kind of training do you provide",
        ] {
            assert!(asks_which_firm_does(yes), "{yes}");
        }
        for no in [
            "what services do you offer?",
            "what do you charge?",
            "what tools do you use?",
            "what data do you recommend?",
            "what do you think?",
            "what a lot of big old workshops do you run",
            "what workshops",
            "do you offer workshops?",
        ] {
            assert!(!asks_which_firm_does(no), "{no}");
        }
    }

    /// A service's slug words are said as whole words, the longest match winning, and an
    /// "and" of the slug is no word of the question's.
    #[test]
    fn a_service_is_said_by_its_slug_words() {
        let said = |text: &str| {
            service_by_slug_words(text)
                .map(|(at, words, _)| (ANSWER_ITEMS[usize::from(at)].slug, words))
        };
        assert_eq!(said("How long does an AI strategy take?"), Some(("ai-strategy", 2)));
        assert_eq!(said("how long does mlops take"), Some(("mlops", 1)));
        assert_eq!(
            said("how long does AI adoption and change take?"),
            Some(("ai-adoption-and-change", 3))
        );
        assert_eq!(said("how long does a daily strategy take?"), None);
        assert_eq!(said("how long do mlopsy things take?"), None);
        let work = |text: &str| service_by_slug_words(text).map(|(_, _, work)| work);
        for (text, noun) in [
            ("How long does AI strategy work take?", "work"),
            ("how long does an MLOps \t Project take", "Project"),
            ("how long does AI strategy work", "work"),
        ] {
            assert_eq!(work(text), Some(text.find(noun)), "{text}");
        }
        assert_eq!(work("How long does an AI strategy take?"), Some(None));
        assert_eq!(work("how long does AI strategy workshop take"), Some(None));
        assert_eq!(work("how long does AI strategy-work take"), Some(None));
    }

    #[test]
    fn the_word_table_is_sorted_and_every_topic_has_words() {
        assert!(WORDS.windows(2).all(|pair| pair[0].0 < pair[1].0), "WORDS must stay sorted");
        for topic in TOPIC_PRIORITY {
            assert!(WORDS.iter().any(|(_, class)| *class == Class::Topic(topic)), "{topic:?}");
        }
        let mut topics = TOPIC_PRIORITY.to_vec();
        topics.sort();
        assert_eq!(topics, CompanyTopic::ALL);
    }

    #[test]
    fn topics_need_their_words() {
        let cases = [
            ("What do you charge?", Some(CompanyTopic::Pricing), true),
            (
                "How should we compare AI vendors' pricing models?",
                Some(CompanyTopic::Pricing),
                false,
            ),
            ("How can I get in touch?", Some(CompanyTopic::Contact), false),
            ("Which industries do you work in?", Some(CompanyTopic::Industries), true),
            ("Tell me about your case studies", Some(CompanyTopic::CaseStudies), true),
            ("What is the self-assessment?", Some(CompanyTopic::Assessment), true),
            ("What does the assessment measure?", Some(CompanyTopic::Assessment), true),
            ("How do I run a DPIA assessment?", Some(CompanyTopic::Assessment), false),
            ("Do you work with banks?", Some(CompanyTopic::Industries), true),
            ("Are you hiring?", None, true),
            ("Can we hire you?", Some(CompanyTopic::Contact), true),
            ("Is the assessment free?", Some(CompanyTopic::Assessment), true),
            ("What does the assessment service cost?", Some(CompanyTopic::Pricing), true),
            ("Who are you?", None, true),
            ("How do I detect drift?", None, false),
        ];
        for (text, topic, refers) in cases {
            let intent = detect(text);
            assert_eq!((intent.topic, intent.refers_to_company), (topic, refers), "{text}");
        }
    }

    #[test]
    fn questions_of_whether_the_firm_works_with_something_are_spotted() {
        for text in [
            "Do you work with Tableau?",
            "Does Larchmere use Snowflake?",
            "Have you used Looker?",
            "Can you support Power BI?",
            "Do you have experience with Databricks?",
            "Can you help with data mesh?",
        ] {
            assert!(detect(text).asks_firm_about_use, "{text}");
        }
        for text in [
            "Can you help us use ChatGPT safely?",
            "How do you work with Tableau?",
            "Is Looker better than Tableau?",
            "Do we need Snowflake?",
        ] {
            assert!(!detect(text).asks_firm_about_use, "{text}");
        }
    }

    #[test]
    fn follow_ups_are_spotted() {
        assert!(detect("What about in healthcare?").follow_up_opening);
        assert!(detect("And for retail?").follow_up_opening);
        assert!(detect("How long does it take?").anaphoric);
        assert!(!detect("How do I start demand forecasting?").anaphoric);
        assert!(detect("What is MLOps?").standalone_opening);
        for question in [
            "How long does an engagement take?",
            "how many weeks is a data strategy",
            "How soon can we start?",
            "What is the timeline for MLOps?",
            "What time frame should we plan for?",
        ] {
            assert!(detect(question).asks_duration, "{question}");
        }
        assert!(detect("typical project length").asks_duration);
        for question in [
            "How do we keep a long backlog short?",
            "How many models do we need?",
            "What is the context length of an LLM?",
        ] {
            assert!(!detect(question).asks_duration, "{question}");
        }
        assert!(!detect("What about MLOps?").standalone_opening);
    }

    #[test]
    fn a_buyers_request_for_help_with_a_subject_is_read_from_its_words() {
        for text in [
            "we need help with our analytics",
            "can you help us with our analytics?",
            "Help us with data quality",
            "we'd like some help with reporting",
            "looking for help with LLM applications",
            "need someone to fix our data pipelines",
            "could you help me out with forecasting?",
        ] {
            assert!(asks_help_with(text), "{text}");
        }
        for text in [
            "how do I help my team with data literacy?",
            "what helps with slow dashboards?",
            "does a semantic layer help with consistent metrics?",
            "can you help us hire a data team?",
            "we need help",
            "guardrails help with safety",
            "talk to someone",
        ] {
            assert!(!asks_help_with(text), "{text}");
        }
    }

    #[test]
    fn a_request_in_a_few_words_is_a_subject_and_a_word_of_asking() {
        for (text, asking) in [
            ("gdpr help", "help"),
            ("GDPR help", "help"),
            ("help gdpr", "help"),
            ("data strategy consulting", "consulting"),
            ("need mlops", "need"),
            ("need a data strategy", "need"),
            ("help with data protection", "help"),
            ("ai strategy consultant", "consultant"),
        ] {
            let at = terse_request(text);
            assert_eq!(at.and_then(|at| text.get(at)), Some(asking), "{text}");
        }
        for text in [
            "help",
            "need help",
            "help me",
            "gdpr",
            "what is gdpr help",
            "is gdpr support",
            "we need some help with our data governance",
            "data governance",
        ] {
            assert_eq!(terse_request(text), None, "{text}");
        }
    }
}
