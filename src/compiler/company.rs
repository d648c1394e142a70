//! The answers to questions about the company itself (who it is, its services, industries,
//! case studies, prices, contact details, the self-assessment), composed once from the
//! structured records so the engine never writes a sentence at run time.
//!
//! Each sentence names the range of sources it is drawn from. The wording here is the only
//! prose the answer engine does not quote from content; keep it to facts the records state.

use super::config::Config;
use super::model::{CompanyTopic, LOCATION_LABEL, SourceKind};
use super::passages::{AnswerIndex, join_list};
use super::prose;
use super::validate::Content;

/// A canned answer before emission: sentences with their source range, and the sources as
/// indices into the answer index's items.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Canned {
    pub sentences: Vec<(String, u8, u8)>,
    pub sources: Vec<u16>,
}

impl Canned {
    /// Adds `items` as sources and returns their range.
    fn cite(&mut self, items: &[u16]) -> (u8, u8) {
        let start = self.sources.len() as u8;
        self.sources.extend_from_slice(items);
        (start, self.sources.len() as u8)
    }

    fn say(&mut self, text: String, range: (u8, u8)) {
        self.sentences.push((text, range.0, range.1));
    }
}

/// The canned answers, one per topic in `CompanyTopic::ALL` order.
pub fn answers(config: &Config, content: &Content, index: &AnswerIndex) -> Vec<Canned> {
    CompanyTopic::ALL.iter().map(|&topic| answer(topic, config, content, index)).collect()
}

/// The two sentences of a "not covered" answer: what happened, and where to turn. The engine
/// cites the closest items and the contact record after them.
pub fn not_covered(content: &Content) -> [String; 2] {
    [
        format!(
            "The guides and pages of {} do not answer this question, so no answer is given here.",
            content.site.company
        ),
        format!(
            "The closest items are listed as sources; to ask a practitioner, email {}.",
            content.contact.email
        ),
    ]
}

fn items_of(index: &AnswerIndex, kind: SourceKind) -> Vec<u16> {
    (0..index.items.len() as u16).filter(|&i| index.items[usize::from(i)].kind == kind).collect()
}

fn titles(index: &AnswerIndex, items: &[u16]) -> Vec<String> {
    items.iter().map(|&i| index.items[usize::from(i)].title.clone()).collect()
}

fn answer(topic: CompanyTopic, config: &Config, content: &Content, index: &AnswerIndex) -> Canned {
    let company = &content.site.company;
    let email = &content.contact.email;
    let contact = items_of(index, SourceKind::Contact);
    let services = items_of(index, SourceKind::Service);
    let industries = items_of(index, SourceKind::Industry);
    let case_studies = items_of(index, SourceKind::CaseStudy);
    let assessment = items_of(index, SourceKind::Assessment);
    let list = |items: &[u16]| {
        let names = titles(index, items);
        join_list(&names.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let mut canned = Canned::default();
    match topic {
        CompanyTopic::About => {
            let org = canned.cite(&contact);
            canned.say(content.site.description.clone(), org);
            canned.say(format!("Its aim, in its own words: {}", content.site.tagline), org);
            let services_range = canned.cite(&services);
            canned.say(
                format!(
                    "It offers {}, works in {} and publishes {} on data and AI.",
                    prose::counted(services.len(), "service", "services"),
                    prose::counted(industries.len(), "industry", "industries"),
                    prose::counted(content.guides.len(), "guide", "guides"),
                ),
                services_range,
            );
        }
        CompanyTopic::Services => {
            let range = canned.cite(&services);
            canned.say(
                format!(
                    "{company} offers {}: {}.",
                    prose::counted(services.len(), "service", "services"),
                    list(&services)
                ),
                range,
            );
            let org = canned.cite(&contact);
            canned.say(format!("To discuss an engagement, email {email}."), org);
        }
        CompanyTopic::Industries => {
            let range = canned.cite(&industries);
            canned.say(
                format!(
                    "{company} works in {}: {}.",
                    prose::counted(industries.len(), "industry", "industries"),
                    list(&industries)
                ),
                range,
            );
            let org = canned.cite(&contact);
            canned.say(format!("To discuss work in your sector, email {email}."), org);
        }
        CompanyTopic::CaseStudies => {
            let range = canned.cite(&case_studies);
            canned.say(
                format!(
                    "{company} has published {}: {}.",
                    prose::counted(case_studies.len(), "case study", "case studies"),
                    list(&case_studies)
                ),
                range,
            );
            for (offset, &item) in case_studies.iter().enumerate() {
                let at = range.0 + offset as u8;
                let record = &index.items[usize::from(item)];
                canned.say(format!("{}: {}", record.title, record.description), (at, at + 1));
            }
        }
        CompanyTopic::Pricing => {
            let org = canned.cite(&contact);
            canned.say(
                format!(
                    "{company} publishes no prices, fees or day rates, so this answer cannot quote one."
                ),
                org,
            );
            canned.say(format!("To ask what an engagement would cost, email {email}."), org);
            if let Some(how) = &content.contact.how {
                canned.say(how.clone(), org);
            }
            // "Do you have any free resources?", "does the readiness assessment cost
            // anything?": what costs nothing is a price too, and the site says it.
            if let Some(&item) = assessment.first() {
                let range = canned.cite(&[item]);
                canned.say(
                    format!(
                        "Free of charge, with no account: the {} and all {} of the library.",
                        index.items[usize::from(item)].title,
                        prose::counted(content.guides.len(), "guide", "guides"),
                    ),
                    range,
                );
            }
        }
        CompanyTopic::Contact => {
            let org = canned.cite(&contact);
            canned.say(format!("Email {company} at {email}."), org);
            if let Some(how) = &content.contact.how {
                canned.say(how.clone(), org);
            }
            if let Some(location) = &content.contact.location {
                canned.say(format!("{LOCATION_LABEL}{location}."), org);
            }
            if let Some(note) = &content.contact.note {
                canned.say(note.clone(), org);
            }
        }
        CompanyTopic::Assessment => {
            let range = canned.cite(&assessment);
            if let Some(&item) = assessment.first() {
                let record = &index.items[usize::from(item)];
                canned.say(
                    format!("The {} is {}", record.title, lowercase_first(&record.description)),
                    range,
                );
            }
            if let Some(instructions) = &content.assessment.instructions {
                canned.say(instructions.clone(), range);
            }
            canned.say(how_to_score(config)[0].clone(), range);
            let service: Vec<u16> = items_of(index, SourceKind::Service)
                .into_iter()
                .filter(|&i| index.items[usize::from(i)].slug == "ai-readiness-assessment")
                .collect();
            if !service.is_empty() {
                let service_range = canned.cite(&service);
                canned.say(
                    format!(
                        "For a facilitated assessment with interviews, see the {} service.",
                        index.items[usize::from(service[0])].title
                    ),
                    service_range,
                );
            }
        }
    }
    canned
}

/// How to take and score the assessment, for each kind of caller: on the web (`/ask`, the
/// MCP prompt) the assessment page and the REST endpoints; on the A2A agent, the message
/// that scores it there. The assessment's answer says the first; the agent swaps in the
/// second (`answer::Surface`), since an agent told to post to a URL may not, and a person
/// told to send a data part cannot.
pub fn how_to_score(config: &Config) -> [String; 2] {
    let api = &config.api_base;
    [
        format!(
            "Take it at {}{}, or fetch the questions from {api}/v1/ai-readiness/questions and post the answers to {api}/v1/ai-readiness/score.",
            config.site_url,
            super::pages::ASSESSMENT_PATH,
        ),
        format!(
            "To score it here, fetch the questions from {api}/v1/ai-readiness/questions and send this agent the 16 option indices (0-4, one per question in order) as a data part, {{\"answers\": [...]}}, or as text after asking for a score (\"score these answers: 2,3,1,...\"); the reply holds the same result as POST {api}/v1/ai-readiness/score.",
        ),
    ]
}

fn lowercase_first(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}
