//! Company questions, follow-ups, "not covered", determinism, traceability and robustness.

use consultancy_api::answer::{
    Answer, AnswerKind, CompanyTopic, LEADING_SOURCES, LOCATION_LABEL, MAX_SOURCES,
    NOT_COVERED_BELOW_PER_MILLE, Question, SourceKind, answer,
};
use consultancy_api::limits::ANSWER_MAX_PREV_TURNS;
use consultancy_api::tables::{
    ANSWER_ITEMS, ANSWER_PASSAGES, COMPANY_ANSWERS, NOT_COVERED_SENTENCES,
};

const EMAIL: &str = "hello@larchmere.example";

fn ask(text: &str) -> Answer {
    checked(answer(&Question { text, prev: &[] }))
}

fn ask_after(prev: &[&str], text: &str) -> Answer {
    checked(answer(&Question { text, prev }))
}

/// `kind:slug` of the first `n` sources.
fn first(answer: &Answer, n: usize) -> Vec<String> {
    answer.sources.iter().take(n).map(|s| format!("{}:{}", s.kind.name(), s.slug)).collect()
}

/// Checks what every answer must satisfy, whatever the question: sentences cite sources that
/// exist; a quoted sentence is a passage of the item it cites; company and "not covered"
/// sentences are the ones composed at build time; nothing is empty.
fn checked(answer: Answer) -> Answer {
    assert!(!answer.sentences.is_empty(), "an answer always says something: {answer:#?}");
    assert!(!answer.sources.is_empty(), "an answer always cites something: {answer:#?}");
    for sentence in &answer.sentences {
        assert!(sentence.sources.end <= answer.sources.len(), "{answer:#?}");
        assert!(!sentence.text.is_empty());
    }
    match answer.kind {
        AnswerKind::Answered => {
            assert!((1..=4).contains(&answer.sentences.len()), "{answer:#?}");
            assert!(answer.sources.len() <= MAX_SOURCES, "{answer:#?}");
            for sentence in &answer.sentences {
                assert_eq!(sentence.sources.len(), 1, "a quoted sentence cites one item");
                let cited = answer.sources[sentence.sources.start];
                let quoted = ANSWER_PASSAGES.iter().any(|p| {
                    p.text == sentence.text
                        && std::ptr::eq(&ANSWER_ITEMS[usize::from(p.item)], cited)
                });
                assert!(quoted, "{:?} is not a passage of {}", sentence.text, cited.slug);
            }
        }
        AnswerKind::Company(topic) => {
            let canned = &COMPANY_ANSWERS[topic as usize];
            let mut texts: Vec<&str> = answer.sentences.iter().map(|s| s.text).collect();
            let expected: Vec<&str> = canned.sentences.iter().map(|s| s.0).collect();
            // A question of where the firm works gets the contact answer's location first.
            if topic == CompanyTopic::Contact && texts[0].starts_with(LOCATION_LABEL) {
                let at = expected.iter().position(|s| s.starts_with(LOCATION_LABEL));
                texts[..=at.expect("the contact answer has a location")].rotate_left(1);
            }
            // A question of what is free gets the prices answer's sentence of it first.
            if topic == CompanyTopic::Pricing && texts[0].starts_with("Free of charge") {
                let at = expected.iter().position(|s| s.starts_with("Free of charge"));
                texts[..=at.expect("the prices answer says what is free")].rotate_left(1);
            }
            assert_eq!(texts, expected);
            assert_eq!(answer.quality, 1000);
        }
        AnswerKind::NotCovered => {
            let texts: Vec<&str> = answer.sentences.iter().map(|s| s.text).collect();
            assert_eq!(texts, NOT_COVERED_SENTENCES);
            let last = answer.sources.last().expect("a source");
            assert_eq!(last.kind, SourceKind::Contact, "the contact record comes last");
        }
    }
    answer
}

/// Questions on nothing the library covers, for calibrating the not-covered rule.
const OFF_TOPIC: &[&str] = &[
    "How do I bake sourdough bread?",
    "Who won the world cup in 2018?",
    "What is the capital of Australia?",
    "How do I fix a leaking kitchen tap?",
    "What's the best way to train a puppy?",
    "Recommend a good holiday destination in Italy",
    "How do I configure Kubernetes ingress with nginx?",
    "What is quantum error correction?",
    "How do I write a sonnet?",
    "How tall is Mount Everest?",
    "Can you translate this sentence into French?",
    "What is the weather in Leeds tomorrow?",
    "How do I cook rice?",
    "What are the symptoms of flu?",
    "How do I replace a car tyre?",
    "What is the best programming language for game development?",
    "How do I invest in the stock market?",
    "What will the stock market do next year?",
    "How do I learn to play the guitar?",
    "Explain the rules of cricket.",
    "How does photosynthesis work?",
    "How do I file my tax return?",
    "What time does the train to Manchester leave?",
    "Which smartphone has the best camera?",
    "How do I grow tomatoes on a balcony?",
    "What is the meaning of life?",
    "How do black holes form?",
    "How do I lower my cholesterol?",
    "What is the plot of Hamlet?",
    "How do I set up a home wifi router?",
    "Write me a poem about the sea",
    "How do I change a flat tyre?",
    "What is the best recipe for lasagne?",
    "How many moons does Jupiter have?",
    "Who wrote Pride and Prejudice?",
    "What time does the sun set in Madrid?",
    "Which football team will win the league?",
    "How do I get rid of ants in the kitchen?",
    "What should I pack for a skiing trip?",
    "How do I knit a scarf?",
    "What is a good name for a cat?",
    "How do I convince my landlord to fix the boiler?",
    "How do I evaluate a used car before buying it?",
    "Do you do tax returns?",
    "How do I get my children to actually use their new bikes?",
    "What will we receive from the garden service?",
    "Who owns the Eiffel Tower?",
    "What happens after the film ends?",
    "Will you sign my petition?",
    "Do you offer ongoing support for my car?",
    "Can my toddler start small?",
    "What is the first step of a dance?",
    "Where is the nearest yoga workshop?",
    "How long does a chess strategy take to learn?",
    "Which films do you like?",
    "Which books do you like?",
    "What films do you recommend?",
    "Who are your people?",
    // The library writes nothing of programming languages; "programming" was read as
    // "programme" and quoted a governance programme.
    "What is the best programming language for data?",
    // No industry page is about education: whether the firm works with universities is
    // not said, and "universities" was read as "universal" (a threshold guide).
    "Do you work with universities?",
];

#[test]
fn the_not_covered_rule_separates_off_topic_questions_from_judged_ones() {
    let n_not_covered = OFF_TOPIC.iter().filter(|q| ask(q).kind == AnswerKind::NotCovered).count();
    let judged = super::judged::judged_set().question;
    let n_covered = judged.iter().filter(|q| ask(&q.text).kind != AnswerKind::NotCovered).count();
    println!(
        "not covered: {n_not_covered} of {} off-topic questions; answered: {n_covered} of {} judged questions",
        OFF_TOPIC.len(),
        judged.len()
    );
    assert!(n_not_covered * 10 >= OFF_TOPIC.len() * 9, "{n_not_covered} of {}", OFF_TOPIC.len());
    assert!(n_covered * 100 >= judged.len() * 95, "{n_covered} of {}", judged.len());
}

#[test]
fn an_uncovered_question_lists_the_closest_items_and_the_contact_record_and_quotes_nothing() {
    for question in ["How do I bake sourdough bread?", "How do I configure Kubernetes ingress?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}");
        assert!(u64::from(reply.quality) < NOT_COVERED_BELOW_PER_MILLE);
        assert!(reply.text().contains(EMAIL), "{}", reply.text());
        assert!(reply.sources.len() <= 4);
    }
    // Nothing to search at all: only the contact record.
    for question in ["", "   ", "???", "the and of", "\u{1f600}\u{1f600}"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question:?}");
        assert_eq!(reply.quality, 0);
        assert_eq!(first(&reply, 5), ["contact:contact"], "{question:?}");
    }
}

#[test]
fn company_questions_are_answered_from_the_records() {
    let services = ask("What services do you offer?");
    assert_eq!(services.kind, AnswerKind::Company(CompanyTopic::Services));
    let n_services = services.sources.iter().filter(|s| s.kind == SourceKind::Service).count();
    assert_eq!(n_services, 13);
    assert_eq!(services.sentences[0].sources, 0..13, "the list cites every service");
    for service in services.sources.iter().filter(|s| s.kind == SourceKind::Service) {
        assert!(services.sentences[0].text.contains(service.title), "{}", service.title);
    }
    assert!(services.text().contains(EMAIL));

    let industries = ask("Which industries do you work in?");
    assert_eq!(industries.kind, AnswerKind::Company(CompanyTopic::Industries));
    assert_eq!(industries.sources.iter().filter(|s| s.kind == SourceKind::Industry).count(), 6);
    assert!(industries.sentences[0].text.contains("Healthcare"));

    let case_studies = ask("Tell me about your case studies");
    assert_eq!(case_studies.kind, AnswerKind::Company(CompanyTopic::CaseStudies));
    assert_eq!(first(&case_studies, 5).len(), 3);
    assert_eq!(case_studies.sentences.len(), 4, "a list, then each study's description");
    assert_eq!(case_studies.sentences[2].sources, 1..2);

    for question in
        ["How can I get in touch?", "What is your email address?", "Where are you based?"]
    {
        let contact = ask(question);
        assert_eq!(contact.kind, AnswerKind::Company(CompanyTopic::Contact), "{question}");
        assert!(contact.text().contains(EMAIL));
        assert!(contact.text().contains("Leeds"));
        assert_eq!(first(&contact, 1), ["contact:contact"]);
    }

    let assessment = ask("How does the AI readiness assessment work?");
    assert_eq!(assessment.kind, AnswerKind::Company(CompanyTopic::Assessment));
    assert_eq!(
        first(&assessment, 2),
        ["assessment:ai-readiness", "service:ai-readiness-assessment"]
    );
    assert!(assessment.text().contains("16-question"), "{}", assessment.text());
    assert!(assessment.text().contains("/v1/ai-readiness/score"));

    for question in ["Who are you?", "What is Larchmere?", "Hello"] {
        let about = ask(question);
        assert_eq!(about.kind, AnswerKind::Company(CompanyTopic::About), "{question}");
        assert!(about.text().contains("small consultancy"));
    }
}

#[test]
fn prices_are_never_invented() {
    for question in [
        "What do you charge?",
        "What are your fees?",
        "What are your day rates?",
        "How much does it cost?",
        "How much does the readiness assessment cost?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Pricing), "{question}");
        let text = reply.text();
        assert!(text.contains("publishes no prices"), "{text}");
        assert!(text.contains(EMAIL), "{text}");
        assert!(!text.contains('£') && !text.contains('$'), "{text}");
    }
    // "day" in "day rate" names no topic of its own: no guide on day-of-week effects is cited.
    let rate = ask("What's your day rate?");
    assert_eq!(rate.kind, AnswerKind::Company(CompanyTopic::Pricing));
    assert!(rate.sources.iter().all(|s| s.kind != SourceKind::Guide), "{:?}", first(&rate, 5));
    // A price question that names a topic also cites what it names.
    let mlops = ask("How much would an MLOps engagement cost with you?");
    assert_eq!(mlops.kind, AnswerKind::Company(CompanyTopic::Pricing));
    assert!(first(&mlops, 3).contains(&"service:mlops".to_string()), "{:?}", first(&mlops, 3));
}

/// A price question about the firm's own work (an engagement, a service, a project, a quote,
/// what it would cost us) is a prices question even without "you" or "your": it used to be
/// searched, and quoted guide sentences that happen to say "cost" ("reopening it would cost
/// more than ...") as if they answered it.
#[test]
fn the_price_of_the_firms_work_is_a_prices_question() {
    for question in [
        "How much does an engagement for a retailer cost?",
        "What does the data strategy service cost?",
        "how much does an engagement cost",
        "what does an engagement cost",
        "quote for an AI strategy engagement",
        "pricing for a retailer",
        "what would a data platform project cost us",
        "How much should we budget for an engagement?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Pricing), "{question}");
        assert!(reply.text().contains("publishes no prices"), "{question}");
    }
    // What it names is cited after the records.
    let service = ask("What does the data strategy service cost?");
    assert!(first(&service, 3).contains(&"service:data-strategy".to_string()));
    // What a technology costs is a question for the guides on running costs.
    let cases = [
        ("How much does a data platform cost to run?", "guide:data-platform-cost-guardrails"),
        ("What does an LLM cost per month?", "guide:estimate-llm-running-costs"),
    ];
    for (question, expected) in cases {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert!(first(&reply, 3).contains(&expected.to_string()), "{question}");
    }
    // "Rate limit" is the API's, not a day rate.
    let limit = ask("What is the rate limit of your API?");
    assert_eq!(limit.kind, AnswerKind::Answered);
    assert_eq!(first(&limit, 1), ["docs:api"]);
}

/// What costs nothing is a price too: "do you have any free resources?" and "does the
/// readiness assessment cost anything?" got only "publishes no prices". The prices answer
/// now says what is free, citing the self-assessment, first when "free" is asked; what a
/// price question names is still cited right after the contact record, before it.
#[test]
fn the_prices_answer_says_what_is_free() {
    // ("Does the readiness assessment cost anything?" asks whether the self-assessment is
    // free, and its record says it: `asked_whether_it_costs_anything_...` below.)
    for question in
        ["Do you have any free resources?", "Does the readiness assessment service cost anything?"]
    {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Pricing), "{question}");
        let free = reply.sentences.iter().find(|s| s.text.starts_with("Free of charge"));
        let Some(free) = free else { panic!("{question}: {}", reply.text()) };
        assert!(
            free.text.contains(&format!("all {} guides", consultancy_api::tables::GUIDES.len())),
            "{}",
            free.text
        );
        let cited = &reply.sources[free.sources.start];
        assert_eq!(format!("{}:{}", cited.kind.name(), cited.slug), "assessment:ai-readiness");
    }
    // Asked "free", it says that first; asked the price, the price first.
    for question in ["Is there anything free?", "What can I get for free?"] {
        let reply = ask(question);
        assert!(
            reply.sentences[0].text.starts_with("Free of charge"),
            "{question}: {}",
            reply.text()
        );
    }
    assert!(ask("How much do you charge?").sentences[0].text.contains("publishes no prices"));
    let reply = ask("What does the data strategy service cost?");
    assert_eq!(first(&reply, 2), ["contact:contact", "service:data-strategy"]);
    let free = reply.sentences.iter().find(|s| s.text.starts_with("Free of charge"));
    let Some(free) = free else { panic!("{}", reply.text()) };
    assert_eq!(reply.sources[free.sources.start].slug, "ai-readiness");
}

/// Costs a few words after "our" or "my" are the asker's own spending ("can you help us cut
/// our cloud costs?"), which the guides on running costs answer: each of these got the
/// prices answer, "publishes no prices", as if the firm's fees were asked. The firm's work
/// named between ("our project") keeps a prices question one.
#[test]
fn the_askers_own_costs_are_not_the_firms_prices() {
    let cases = [
        ("Can you help reduce our cloud costs?", "guide:data-platform-cost-guardrails"),
        ("Our LLM costs are too high, can you help?", "guide:estimate-llm-running-costs"),
        ("Can you help us cut our data platform costs?", "guide:data-platform-cost-guardrails"),
    ];
    for (question, expected) in cases {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(
            first(&reply, 3).contains(&expected.to_string()),
            "{question}: {:?}",
            first(&reply, 3)
        );
    }
    for question in ["Can you help us optimize our model costs?", "Can you lower our AI costs?"] {
        let reply = ask(question);
        assert_ne!(reply.kind, AnswerKind::Company(CompanyTopic::Pricing), "{question}");
        assert!(!reply.text().contains("publishes no prices"), "{question}: {}", reply.text());
    }
    for question in
        ["What will our project cost?", "What would our engagement cost?", "What are your costs?"]
    {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Pricing), "{question}");
    }
}

/// A policy, contract or SLA the asker wants written, drafted or mended is the asker's own
/// document, which the guides and services cover: each of these was "not covered", citing
/// only the contact record, as the firm's own policy would be. "Your" policy is still the
/// firm's. And "Nor do we write policies ..." leans on the denial before it: quoted alone, it
/// told "could you write our AI policy?" that the firm writes none.
#[test]
fn a_policy_the_asker_wants_written_is_a_subject_not_the_firms_own() {
    let cases = [
        ("Can you help us write an AI policy?", "guide:generative-ai-acceptable-use-policy"),
        ("Can you help us write a data retention policy?", "guide:build-a-data-retention-schedule"),
        ("Can you draft an acceptable use policy for us?", "service:responsible-ai"),
        ("We need an AI policy, can you help?", "service:responsible-ai"),
    ];
    for (question, expected) in cases {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(
            first(&reply, 3).contains(&expected.to_string()),
            "{question}: {:?}",
            first(&reply, 3)
        );
    }
    for question in ["Do you have an AI policy?", "Can we review your contract before signing?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {}", reply.text());
    }
    let reply = ask("Could you write our AI policy?");
    assert!(!reply.text().starts_with("Nor "), "{}", reply.text());
}

/// "What is your refund policy?" used to quote a guide's worked example ("must not promise a
/// refund") as though it were the firm's policy. No record covers such matters, so the answer
/// is "not covered", citing only the contact record; a question about the firm's approach to
/// a topic its services cover is still answered from them.
#[test]
fn the_firms_own_policies_are_not_read_from_the_guides() {
    for question in [
        "What is your refund policy?",
        "What are your payment terms?",
        "What is your cancellation policy for the assessment?",
        // The "you" of "how do you" before a verb of conduct, about a matter of trade, is the
        // firm: it asks how the firm does its own business (this was answered from a guide
        // search).
        "How do you handle refunds?",
        "How do you deal with invoices?",
        "How do you process payments?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 5), ["contact:contact"], "{question}");
    }
    // Facts about the firm itself that no record states: who leads or founded it, how many
    // people it has, whether a client's data is safe with it. These quoted a case study's
    // "operational leads", a team's make-up, and "the system behaves safely".
    for question in [
        "Who leads Larchmere?",
        "Who founded Larchmere?",
        "Who is your CEO?",
        "When was Larchmere founded?",
        "Is my data safe with you?",
        "Will our data be secure with Larchmere?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 5), ["contact:contact"], "{question}");
    }
    // A matter the organisation's "How we work" states is answered from it, and from nothing
    // else: "Do you sign an NDA?" was "not covered" while no record said.
    for question in ["Do you sign an NDA?", "Will you sign an NDA?", "Do you sign NDAs?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 5), ["contact:contact"], "{question}");
        assert!(
            reply.text().starts_with("We sign your non-disclosure agreement (NDA)"),
            "{question}"
        );
    }
    // How to begin, asked with nothing else to search: the statement that says it, where the
    // first quoted a guide's "... rarely a good use of a small team" and the second a funnel
    // guide's "How long someone has to get from the first step to the last".
    for (question, opening) in [
        ("Can we start small?", "You can start small: "),
        ("What is the first step?", "Your first step is an email"),
        ("what are the first steps?", "Your first step is an email"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 5), ["contact:contact"], "{question}");
        assert!(reply.text().starts_with(opening), "{question}: {}", reply.text());
    }
    // With no statement saying every word, starting is still the contact record's; with a
    // subject, the guides' and services'.
    let started = ask("How do we get started?");
    assert_eq!(started.kind, AnswerKind::Company(CompanyTopic::Contact), "{}", started.text());
    // A follow-up asks of the turn before: the first step of demand forecasting.
    let follow_up = ask_after(&["How do I start demand forecasting?"], "What is the first step?");
    assert_ne!(first(&follow_up, 1), ["contact:contact"], "{}", follow_up.text());
    let subject = ask("What is the first step in a data strategy?");
    assert_eq!(subject.kind, AnswerKind::Answered);
    assert_ne!(first(&subject, 1), ["contact:contact"], "{}", subject.text());
    // A statement that says only some of the question's words answers another question: "who
    // owns" is the firm's ownership, not the client's IP, nor its clients' size.
    for question in ["Who owns your company?", "Who owns Larchmere?", "Do you sign contracts?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 5), ["contact:contact"], "{question}");
    }
    let approach = ask("What is your approach to data governance?");
    assert_eq!(approach.kind, AnswerKind::Answered);
    assert_eq!(first(&approach, 1), ["service:data-governance"]);
    // Without "you" or "your", or with the "you" of "how do you ...", which may mean anyone,
    // a policy is a subject of the guides.
    // Nor does a verb of conduct make the firm's a matter the guides treat: these were
    // declined while the rule took any matter.
    for question in [
        "How do we write an AI acceptable use policy?",
        "How do you write an AI usage policy?",
        "How do you handle data contracts?",
        "How do you handle a data retention policy?",
        "How do you handle insurance claims data?",
        // A data contract is never the firm's own: this was declined as one.
        "Do you work with data contracts?",
        // Without a reference to the firm, a team's size, its lead or the safety of data are
        // subjects of the guides; so is training a client's people.
        "How many people should a first data team have?",
        "Who leads a data governance council?",
        "Is our data safe in a cloud warehouse?",
        "Can you train our staff to use AI assistants safely?",
    ] {
        let guide = ask(question);
        assert_ne!(guide.kind, AnswerKind::NotCovered, "{question}: {}", guide.text());
    }
    let reply = ask("Do you work with data contracts?");
    assert!(first(&reply, 3).contains(&"guide:data-contracts-for-producers".to_string()));
    // Still the firm's: a contract with no "data" before it.
    assert_eq!(ask("Can we see your contract?").kind, AnswerKind::NotCovered);
}

/// "What does X mean?" and "what does X stand for?": the closing words are phrasing. "Mean"
/// used to be searched, so "what does error rate_limited mean" quoted "Brier score. Mean
/// squared error ...".
#[test]
fn mean_and_stand_for_are_question_phrasing() {
    let reply = ask("what does error rate_limited mean");
    assert!(!reply.text().to_lowercase().contains("mean"), "{}", reply.text());
    assert!(reply.text().contains("rate limit"), "{}", reply.text());
    let mlops = ask("What does MLOps stand for?");
    assert_eq!(mlops.kind, AnswerKind::Answered);
    assert_eq!(first(&mlops, 1), ["service:mlops"]);
    // Elsewhere "mean" is a word like any other.
    let brier = ask("What is the mean squared error of a probability forecast called?");
    assert!(brier.text().contains("Brier"), "{}", brier.text());
}

/// "Which services help with data governance?" asks for services: they rank first, as in a
/// company question naming a topic. It used to cite three industry pages first.
#[test]
fn which_services_questions_rank_services_first() {
    let reply = ask("Which services help with data governance?");
    assert_eq!(reply.kind, AnswerKind::Answered);
    assert_eq!(first(&reply, 1), ["service:data-governance"]);
    // The service's run-in label ("*Extension, optional.*") is not quoted as the opening of
    // the sentence it introduces: the answer used to open "Extension, optional. We help you".
    let text = reply.text();
    assert!(text.starts_with("We help you bring further domains under governance"), "{text}");
    assert!(!text.contains("Extension, optional"), "{text}");
    let reply = ask("What case studies involve forecasting?");
    assert_eq!(reply.sources[0].kind, SourceKind::CaseStudy, "{:?}", first(&reply, 3));
}

/// Questions a stranger asks first, which were answered from another sense of a word or from
/// the words of the question's phrasing: "engagement" read as "engage" (advice to engage
/// unions), "offer" searched in full (guides on customer offers before the training service),
/// "start" and "get" weighed as topics.
#[test]
fn question_phrasing_and_other_senses_are_not_what_is_quoted() {
    let sentences_of = |reply: &Answer, slug: &str| {
        reply.sentences.iter().filter(|s| reply.sources[s.sources.start].slug == slug).count()
    };
    let reply = ask("How long does an engagement take?");
    assert_eq!(reply.kind, AnswerKind::Answered);
    let text = reply.text();
    assert!(text.starts_with("A typical engagement lasts six to eight weeks."), "{text}");
    assert!(!text.contains("Engage at the point"), "{text}");
    let reply = ask("Do you offer training?");
    assert_eq!(first(&reply, 1), ["service:data-literacy-training"]);
    assert!(reply.text().starts_with("Our training uses your own reports"), "{}", reply.text());
    assert!(!reply.text().contains("received offers"), "{}", reply.text());
    let reply = ask("How do I get an API token?");
    assert!(sentences_of(&reply, "authentication") > 0, "{}", reply.text());
    assert!(!reply.text().contains("Input tokens"), "{}", reply.text());
    let reply = ask("How do I start with AI?");
    assert_eq!(first(&reply, 1), ["service:ai-readiness-assessment"]);
    assert!(sentences_of(&reply, "ai-readiness-assessment") >= 2, "{}", reply.text());
    let reply = ask("Where do we begin with data governance?");
    assert!(!reply.text().contains("Begin shaping the permanent role"), "{}", reply.text());
}

/// A "how long ...?" question wants the sentence that says how long. Before durations were
/// marked, "How long does it take to build a data platform?" quoted "the long tail" of a
/// migration plan, and the platform service's "within eight to ten weeks" was not among its
/// sources.
#[test]
fn how_long_questions_quote_the_sentence_that_states_the_duration() {
    let cases = [
        ("How long does it take to build a data platform?", "eight to ten weeks"),
        ("How many weeks does a data strategy take?", "seven to eight weeks"),
        ("How long does a vendor selection take?", "Eight weeks is enough"),
        ("What is the timeline for an MLOps engagement?", "8 to 14 weeks"),
        ("How long does a fractional data leader stay?", "6 to 12 months"),
        // "Engagement" is the question's phrasing: searched for, it quoted the AI strategy
        // service's "A typical engagement lasts six to eight weeks" for every service.
        ("How long does a data platform engagement take?", "eight to ten weeks"),
        ("How long does a responsible AI engagement take?", "6 to 10 weeks"),
        ("How long does a data governance project take?", "6 to 8 weeks"),
        // A run-in label that states a duration is quoted with its sentence: it was dropped,
        // as labels are, and "We define the task ..." said nothing of how long.
        ("How long does scoping a generative AI solution take?", "Scoping, 2 weeks."),
        // The best item's own durations count most: this quoted a guide's three weeks for
        // access to a sales table before the service's phases.
        ("How long does data governance take?", "Foundation, 6 to 8 weeks."),
    ];
    for (question, duration) in cases {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        let text = reply.text();
        assert!(text.contains(duration), "{question}: {text}");
    }
    // "Long" is the question's phrasing, not its subject.
    let text = ask("How long does it take to build a data platform?").text();
    assert!(!text.contains("long tail"), "{text}");
    // Asked in the past tense, of work done: the case study, not a service.
    let hospital = ask("How long did the hospital forecasting project take?");
    assert_eq!(first(&hospital, 1), ["case-study:hospital-demand-forecasting"]);
    // A question that asks no duration is not steered to one: the platform service's
    // duration may follow as it says more of building one, but does not open the answer.
    let reply = ask("How do we build a data platform?");
    assert!(!reply.sentences[0].text.contains("eight to ten weeks"), "{}", reply.text());
    // The duration that names the subject opens the answer: this opened with the data
    // strategy service's last phase, "Handover: Duration 1 week, ...".
    let reply = ask("How long does a data strategy engagement take?");
    assert!(reply.sentences[0].text.contains("seven to eight weeks"), "{}", reply.text());
    assert!(!reply.text().contains("Handover"), "{}", reply.text());
    // Another item's phase is not this one's duration: the data strategy service's handover
    // week was quoted after the governance phases, for naming "governance cadence".
    let text = ask("How long does a data governance engagement take?").text();
    assert!(text.contains("6 to 8 weeks") && !text.contains("Output Strategy document"), "{text}");
    // "Last" asks for the duration: searched for, it quoted "last 12 months from today".
    let text = ask("How long do your projects usually last?").text();
    assert!(!text.contains("last 12 months"), "{text}");
}

/// Hiring is a subject of the guides and a matter for the firm only when the question names
/// it: "How should we hire a data team?" was answered with the contact record.
#[test]
fn hiring_questions_ask_the_firm_only_when_they_name_it() {
    for question in ["How should we hire a data team?", "Hiring a data team"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert_eq!(first(&reply, 1), ["guide:first-data-hires"], "{question}");
    }
    for question in ["Can we hire you?", "Can I hire Larchmere for a project?"] {
        assert_eq!(ask(question).kind, AnswerKind::Company(CompanyTopic::Contact), "{question}");
    }
}

/// How to start working with the firm is what the contact record says (the email and what to
/// write): "how do I get started with you?" quoted the firm's description, the answer to "who
/// are you?". A question of how to start something else is searched.
#[test]
fn asking_how_to_start_with_the_firm_gets_the_contact_record() {
    for question in [
        "How do I get started with you?",
        "How do we start working with you?",
        "How can we engage you?",
        "How do we begin working with Larchmere?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Contact), "{question}");
        assert!(reply.text().contains(EMAIL), "{question}: {}", reply.text());
    }
    for question in ["How do we engage unions?", "How do I start demand forecasting?"] {
        assert_eq!(ask(question).kind, AnswerKind::Answered, "{question}");
    }
    // No sentence of the library speaks of engaging stakeholders (the unions guide's "Engage
    // at the point where the design can still change" was quoted for it), so it is "not
    // covered", but searched: never the contact answer.
    let stakeholders = ask("How do we engage stakeholders?");
    assert_ne!(stakeholders.kind, AnswerKind::Company(CompanyTopic::Contact), "{stakeholders:#?}");
    // With nothing else to search, starting is starting work with the firm: "how do we get
    // started?" quoted a serving guide's "Load the model once at start-up".
    for question in ["How do we get started?", "How do I get started?", "How do we begin?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Contact), "{question}");
        assert!(!reply.text().contains("start-up"), "{question}: {}", reply.text());
    }
    // A company word is something to start on: still the readiness assessment.
    assert_eq!(first(&ask("How do I start with AI?"), 1), ["service:ai-readiness-assessment"]);
}

/// Whether the firm does something is what its services say. A question of it that no service
/// is close to, and that a guide's sentence would answer, is "not covered" with the contact
/// record: "do you do staff augmentation?" quoted "Using 'augmentation' language when the
/// business case clearly assumes headcount reduction.", and "can you build a mobile app for
/// us?" a KPI alert's "Mobile app down 62%". What the services do offer is still answered,
/// and so is a request to be told something ("can you describe how RAG works?").
#[test]
fn whether_the_firm_does_what_no_service_offers_is_not_covered() {
    for question in [
        "Do you do staff augmentation?",
        "Can you build a mobile app for us?",
        "Do you do web design?",
        "Do you provide 24/7 support?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {}", reply.text());
        assert!(reply.text().contains(EMAIL), "{question}");
        assert_eq!(reply.sources.last().map(|s| s.slug), Some("contact"), "{question}");
    }
    for (question, service) in [
        ("Do you do data governance?", "service:data-governance"),
        ("Do you offer MLOps?", "service:mlops"),
        ("Do you build data warehouses?", "service:analytics-engineering"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert!(
            first(&reply, 3).contains(&service.to_string()),
            "{question}: {:?}",
            first(&reply, 5)
        );
    }
    // A service is close, so the answer comes from the firm's own pages.
    let reply = ask("Can you train our staff to use AI assistants safely?");
    assert_eq!(reply.kind, AnswerKind::Answered);
    assert!(reply.sources.iter().any(|s| s.kind == SourceKind::Service), "{:?}", first(&reply, 5));
    for (question, guide) in [
        ("Can you describe how RAG works?", "guide:rag-architecture-explained"),
        ("Do you know what a feature store is?", "guide:do-you-need-a-feature-store"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert_eq!(first(&reply, 1), [guide], "{question}");
    }
}

/// The size of the firm's work ("what is the minimum engagement size?") is stated by no
/// record: it quoted a service's "We size value in your own units", and "is there a minimum
/// project size?" an ROI guide's "A one-year ROI would have shown a loss". A size that is not
/// of the firm's work is searched.
#[test]
fn the_size_of_the_firms_work_is_not_covered() {
    for question in [
        "What is the minimum engagement size?",
        "Is there a minimum project size?",
        "What is the smallest project you take on?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 5), ["contact:contact"], "{question}");
    }
    let reply = ask("What is the minimum sample size for an A/B test?");
    assert_eq!(first(&reply, 1), ["guide:ab-test-sample-size"]);
}

/// How the firm works with clients is what its services say of how their engagements run:
/// "what is your process?" quoted a guide's "the process has no capacity behind it" and event
/// time against processing time, and "how do you run a project?" a DPIA guide. A question
/// that names a subject besides ("what is your approach to data governance?") is searched.
#[test]
fn how_the_firm_works_is_answered_from_its_services() {
    for question in [
        "What is your process?",
        "How do you work?",
        "What does an engagement look like?",
        "How do you run a project?",
        "What's your approach?",
        "What methodology do you use?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert!(
            reply.sources.iter().all(|s| s.kind == SourceKind::Service),
            "{question}: {:?}",
            first(&reply, 5)
        );
        assert!(reply.text().contains("engagement"), "{question}: {}", reply.text());
    }
    let reply = ask("What is your approach to data governance?");
    assert_eq!(first(&reply, 1), ["service:data-governance"], "{}", reply.text());
    assert!(!reply.text().contains("typical engagement"), "{}", reply.text());
}

/// A question asking the firm to do something for the client ("can you audit ...?") is
/// answered from what its services offer: "can you audit our machine learning models for
/// bias?" opened with a modelling guide's "biases the model towards optimism" and did not
/// list the Responsible AI service.
#[test]
fn asking_the_firm_to_do_something_cites_its_service_first() {
    let reply = ask("Can you audit our machine learning models for bias?");
    assert_eq!(reply.kind, AnswerKind::Answered);
    assert_eq!(first(&reply, 1), ["service:responsible-ai"], "{}", reply.text());
    assert!(reply.text().contains("bias audits"), "{}", reply.text());
    assert!(!reply.text().contains("optimism"), "{}", reply.text());
    let reply = ask("Can you build us a data platform?");
    assert_eq!(first(&reply, 1), ["service:data-platform-engineering"], "{}", reply.text());
}

/// The brand of a workplace AI assistant is read as a generative AI tool, and "our company"
/// is where the asker works, not what is asked: "we want to use ChatGPT in our company, where
/// do we start?" quoted "Ungrounded question answering over company facts is not a viable
/// design." and a guide on selling data.
#[test]
fn assistant_brands_ask_about_generative_ai_tools_at_work() {
    for question in [
        "We want to use ChatGPT in our company, where do we start?",
        "We want to use Gemini at our organisation, where do we begin?",
        "Should we let employees use Copilot?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert_eq!(
            first(&reply, 1),
            ["guide:generative-ai-acceptable-use-policy"],
            "{question}: {}",
            reply.text()
        );
        assert!(!reply.text().contains("company"), "{question}: {}", reply.text());
    }
}

/// Questions a stranger asks the firm: where it works ("remotely or on-site?" quoted an
/// anonymisation guide's "is remote"), what sets it apart ("what makes you different?" quoted a
/// glossary guide's "different customer counts"), when it could start ("can you start next
/// month?" quoted "next month's call volumes") and a review of the client's own policy (which
/// was declined as the firm's own policy).
#[test]
fn stranger_questions_to_the_firm_are_not_answered_from_unrelated_guides() {
    for question in ["Do you work remotely or on-site?", "Can you work on-site?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Contact), "{question}");
        assert!(reply.text().starts_with(LOCATION_LABEL), "{question}: {}", reply.text());
    }
    for question in [
        "What makes you different from other consultancies?",
        "What makes Larchmere unique?",
        "Why should we choose you?",
    ] {
        assert_eq!(ask(question).kind, AnswerKind::Company(CompanyTopic::About), "{question}");
    }
    for question in ["Can you start next month?", "Could you begin in two weeks?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {}", reply.text());
        assert!(reply.text().contains(EMAIL), "{question}");
    }
    // Asked of the firm, its delivering is its work: answered as "how long does an engagement
    // take?" is; it quoted a guide's "Target at 6 and 12 months, from the business case.".
    assert_eq!(
        ask("How quickly can you deliver?").text(),
        ask("How long does an engagement take?").text()
    );
    let reply = ask("Could you review our AI policy?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert_eq!(first(&reply, 1), ["service:responsible-ai"], "{}", reply.text());
    // The firm's own policy is still not read from the guides.
    assert_eq!(ask("What is your refund policy?").kind, AnswerKind::NotCovered);
}

/// Whether one can work at the firm is a matter no record states: "Are you hiring?" got the
/// contact answer (email, location), which pretended to answer. It is "not covered", with the
/// contact record and its email; "can we hire you?" (the firm is hired) keeps the contact
/// answer.
#[test]
fn whether_the_firm_is_hiring_is_not_covered() {
    for question in [
        "Are you hiring?",
        "Is Larchmere hiring?",
        "Are you hiring data engineers?",
        "Do you have any vacancies?",
        "Are there any jobs at your firm?",
        "Do you offer internships?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 5), ["contact:contact"], "{question}");
        assert!(reply.text().contains(EMAIL), "{question}");
    }
}

#[test]
fn company_words_about_the_content_are_searched_not_answered_from_the_records() {
    let cases = [
        ("How should we compare AI vendor pricing models?", "guide:ai-pricing-models-contracts"),
        ("How do we cut LLM costs?", "guide:estimate-llm-running-costs"),
        (
            "How do I contact the data owner about a quality issue?",
            "guide:data-quality-issue-triage",
        ),
        (
            "What does a model registry record for each version?",
            "guide:model-registry-and-versioning",
        ),
    ];
    for (question, expected) in cases {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert!(
            first(&reply, 3).contains(&expected.to_string()),
            "{question}: {:?}",
            first(&reply, 3)
        );
    }
    // Naming a kind and a topic searches that kind first.
    let reply = ask("Do you have a case study in healthcare?");
    assert_eq!(reply.kind, AnswerKind::Answered);
    assert!(first(&reply, 2).contains(&"case-study:hospital-demand-forecasting".to_string()));
    // A list of tool names is not a sentence for a person: it used to be quoted third.
    assert!(!reply.text().contains("list_services"), "{}", reply.text());
    // Contact with a topic: the contact answer, citing the topic too.
    let reply = ask("Can I hire you for an MLOps project?");
    assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Contact));
    assert!(first(&reply, 3).contains(&"service:mlops".to_string()));
}

#[test]
fn a_follow_up_borrows_the_topic_of_the_turn_before() {
    let alone = ask("What about in healthcare?");
    let follow_up = ask_after(&["How do I start demand forecasting?"], "What about in healthcare?");
    assert_ne!(alone, follow_up, "the earlier turn changes the answer");
    assert_eq!(follow_up.kind, AnswerKind::Answered);
    assert_eq!(first(&follow_up, 1), ["industry:healthcare"]);
    assert!(first(&follow_up, 3).contains(&"case-study:hospital-demand-forecasting".to_string()));
    // The Healthcare page's "Forecasts of admissions ..." or the hospital case study's
    // description, which counts "Healthcare" as its own words ("... 14-day admissions
    // forecasts ...").
    assert!(
        follow_up.sentences.iter().any(|s| {
            s.text.contains("Forecasts of admissions") || s.text.contains("admissions forecasts")
        }),
        "{}",
        follow_up.text()
    );
    assert!(!alone.text().contains("Forecasts of admissions"), "{}", alone.text());

    let retail = ask_after(&["Do you have case studies?"], "What about retail?");
    assert_eq!(first(&retail, 1), ["case-study:retailer-platform-migration"]);

    let retrain = ask_after(&["How do we detect model drift?"], "And how often should we retrain?");
    assert!(first(&retrain, 2).contains(&"guide:decide-when-to-retrain-models".to_string()));

    // A follow-up that asks nothing new borrows what the turn before named, not only its
    // company topic: this listed every service.
    let mlops = ask_after(&["What is your MLOps service?"], "How long does that take?");
    assert_eq!(mlops.kind, AnswerKind::Answered, "{}", mlops.text());
    assert_eq!(first(&mlops, 1), ["service:mlops"]);
    assert!(mlops.text().contains("8 to 14 weeks"), "{}", mlops.text());
    let governance =
        ask_after(&["What is your data governance service?"], "How long does it take?");
    assert_eq!(first(&governance, 1), ["service:data-governance"]);
    assert!(governance.text().starts_with("Foundation, 6 to 8 weeks."), "{}", governance.text());
    // With only a topic to borrow, the topic's record answers.
    let assessment = ask_after(&["Tell me about your assessment"], "How long does it take?");
    assert_eq!(assessment.kind, AnswerKind::Company(CompanyTopic::Assessment));

    // "How much do they cost?" after a services question is about prices.
    let prices = ask_after(&["What services do you offer?"], "How much do they cost?");
    assert_eq!(prices.kind, AnswerKind::Company(CompanyTopic::Pricing));
}

#[test]
fn a_question_that_stands_alone_ignores_earlier_turns() {
    let prev = ["How do I start demand forecasting?"];
    for question in ["What is a semantic layer?", "What is MLOps?", "How do we detect model drift?"]
    {
        assert_eq!(ask_after(&prev, question), ask(question), "{question}");
    }
}

#[test]
fn a_follow_up_the_content_cannot_answer_is_not_covered() {
    let reply = ask_after(&["What is a semantic layer?"], "What about Kubernetes?");
    assert_eq!(reply.kind, AnswerKind::NotCovered);
}

#[test]
fn only_the_latest_earlier_turn_with_words_is_borrowed() {
    let latest = ask_after(&["How do we detect model drift?"], "And in retail?");
    let with_older = ask_after(
        &["How do I bake bread?", "How do we detect model drift?", "", "???"],
        "And in retail?",
    );
    assert_eq!(latest, with_older);
    // Turns older than the look-back are never read.
    let mut turns = vec!["How do we detect model drift?"];
    turns.extend(std::iter::repeat_n("", ANSWER_MAX_PREV_TURNS));
    assert_eq!(ask_after(&turns, "And in retail?"), ask("And in retail?"));
}

#[test]
fn answers_are_deterministic_and_independent_of_what_was_asked_before() {
    let questions = [
        "How do we protect an LLM application from prompt injection attacks?",
        "What services do you offer?",
        "How do I bake sourdough bread?",
        "What is concept drift?",
    ];
    let first_pass: Vec<Answer> = questions.iter().map(|q| ask(q)).collect();
    let second_pass: Vec<Answer> = questions.iter().rev().map(|q| ask(q)).collect();
    for (one, other) in first_pass.iter().zip(second_pass.iter().rev()) {
        assert_eq!(one, other);
        assert_eq!(one.text(), other.text());
    }
}

#[test]
fn answers_read_in_order_and_stay_short() {
    let reply = ask("How do we protect an LLM application from prompt injection attacks?");
    assert_eq!(reply.kind, AnswerKind::Answered);
    assert_eq!(first(&reply, 1), ["guide:defend-against-prompt-injection"]);
    let text = reply.text();
    assert_eq!(text, reply.sentences.iter().map(|s| s.text).collect::<Vec<_>>().join(" "));
    assert!(text.len() <= 900, "{text}");
    // Reading order: by source, then by position within the item.
    let positions: Vec<(usize, usize)> = reply
        .sentences
        .iter()
        .map(|s| {
            let at = ANSWER_PASSAGES.iter().position(|p| p.text == s.text).expect("a passage");
            (s.sources.start, at)
        })
        .collect();
    let mut sorted = positions.clone();
    sorted.sort_unstable();
    assert_eq!(positions, sorted);
}

#[test]
fn hostile_questions_are_answered_without_fuss() {
    let long = "data pipeline drift ".repeat(2_000);
    let control = "drift\u{0}\u{7}\r\n\tmodel";
    let many_turns: Vec<&str> =
        std::iter::repeat_n("How do we detect model drift?", 1_000).collect();
    for (text, prev) in [(long.as_str(), &[][..]), (control, &[][..]), ("it?", &many_turns[..])] {
        let reply = answer(&Question { text, prev });
        let again = answer(&Question { text, prev });
        assert_eq!(reply, again);
        checked(reply);
    }
}

#[test]
fn every_item_carries_a_schema_org_object_of_its_kind() {
    let mut kinds = std::collections::BTreeMap::new();
    for item in &ANSWER_ITEMS {
        *kinds.entry(item.kind).or_insert(0) += 1;
        let object: serde_json::Value = serde_json::from_str(item.schema_org).expect("JSON");
        assert_eq!(object["@context"], "https://schema.org");
        assert_eq!(object["@type"], item.kind.schema_type());
        assert_eq!(object["name"], item.title);
        assert_eq!(object["url"], item.url);
        assert!(object["description"].as_str().is_some_and(|d| !d.is_empty()), "{}", item.slug);
        assert_eq!(item.category.is_some(), item.kind == SourceKind::Guide);
        if item.kind == SourceKind::Contact {
            assert_eq!(object["email"], EMAIL);
        }
    }
    let counts: Vec<(SourceKind, i32)> = kinds.into_iter().collect();
    assert_eq!(
        counts,
        [
            (SourceKind::Guide, 169),
            (SourceKind::Service, 13),
            (SourceKind::Industry, 6),
            (SourceKind::CaseStudy, 3),
            (SourceKind::Docs, 3),
            (SourceKind::Assessment, 1),
            (SourceKind::Contact, 1),
        ]
    );
}

/// A "what is" question is answered with the sentence that says what the thing is, when one
/// holds every word of the question; not with a list item that merely mentions it.
#[test]
fn what_is_questions_open_with_the_definition() {
    for (question, opening) in [
        ("What is a data contract?", "A data contract is "),
        ("What is a semantic layer?", "A semantic layer is "),
        // The guides once said only what these do, so the answers quoted passing mentions.
        ("What is a feature store?", "A feature store is "),
        ("What is a data steward?", "A data steward is "),
        ("What is an embedding?", "An embedding is "),
        ("What is data lineage?", "Data lineage is "),
        ("What is a data catalogue?", "A data catalogue is "),
        ("What is a data product?", "A data product is "),
        ("What is reverse ETL?", "Reverse ETL is "),
        ("What is data mesh?", "Data mesh is "),
        // The MLOps service's definition pointed back ("... notices when this happens ..."),
        // so it was never a definition and came third, after the deliverables (the ninth
        // pass).
        ("What is MLOps?", "MLOps is the set of practices"),
    ] {
        let answer = ask(question);
        assert_eq!(answer.kind, AnswerKind::Answered, "{question}");
        assert!(answer.sentences[0].text.starts_with(opening), "{question}: {answer:#?}");
    }
}

/// A quoted sentence that leans on the one before it, by opening inside a quotation or by
/// pointing back mid-sentence ("when this happens"), never stands alone: the sentence it
/// leans on comes first.
#[test]
fn sentences_that_lean_back_bring_what_they_lean_on() {
    let leaning: Vec<usize> = ANSWER_PASSAGES
        .iter()
        .enumerate()
        .filter(|(_, p)| {
            p.text.starts_with("Our central estimate is 410")
                || p.text.starts_with("For most business data this is the strongest simple")
        })
        .map(|(idx, _)| idx)
        .collect();
    assert_eq!(leaning.len(), 2, "both sentences are in the content");
    for &idx in &leaning {
        assert!(ANSWER_PASSAGES[idx].continues, "{}", ANSWER_PASSAGES[idx].text);
    }
    for question in [
        "Which simple baseline is strongest for business data?",
        "How do we start with demand forecasting?",
    ] {
        let answer = ask(question);
        let texts: Vec<&str> = answer.sentences.iter().map(|s| s.text).collect();
        for &idx in &leaning {
            if let Some(at) = texts.iter().position(|t| *t == ANSWER_PASSAGES[idx].text) {
                assert!(at > 0, "{question}: quoted first, without what it leans on: {texts:?}");
                assert_eq!(texts[at - 1], ANSWER_PASSAGES[idx - 1].text, "{question}");
            }
        }
    }
}

/// Contracted stop words ("what's", "doesn't", "I'm") are stop words: a question phrased with
/// them gets the answer the uncontracted one gets, not "not covered".
#[test]
fn contractions_of_stop_words_change_nothing() {
    for (contracted, plain) in [
        ("what's the API rate limit?", "what is the API rate limit?"),
        ("What's data drift?", "What is data drift?"),
        ("Why doesn't my dashboard load quickly?", "Why does my dashboard load slowly?"),
    ] {
        let (a, b) = (ask(contracted), ask(plain));
        assert_eq!(a.kind, AnswerKind::Answered, "{contracted}: {a:#?}");
        assert_eq!(first(&a, 1), first(&b, 1), "{contracted} / {plain}");
    }
    let limit = ask("what's the API rate limit?");
    assert!(limit.sentences.iter().any(|s| s.text.contains("300 requests a minute")), "{limit:#?}");
}

/// Typed on a phone: contractions without the apostrophe ("whats", "hows") and a misspelt
/// question word ("wat") are the stop words they stand for, as they are with the apostrophe.
#[test]
fn contractions_typed_without_apostrophes_change_nothing() {
    for (typed, plain) in [
        ("whats a data contract", "what is a data contract"),
        ("wat is a data contract", "what is a data contract"),
        ("whats a feature store?", "what is a feature store?"),
        ("hows drift detected", "how is drift detected"),
        (
            "dont know where to start with data governance",
            "don't know where to start with data governance",
        ),
    ] {
        let (a, b) = (ask(typed), ask(plain));
        assert_eq!(a.kind, AnswerKind::Answered, "{typed}: {a:#?}");
        assert_eq!(first(&a, 1), first(&b, 1), "{typed} / {plain}");
    }
}

/// A client's own sector ("banks", "the NHS") with "you" asks about the industry those
/// clients are in, answered from its page, rather than being searched for the word (which
/// found bank holidays) or answered with the list of every industry (which
/// "do you work with hospitals?" got until 2026-12-03).
#[test]
fn sectors_named_by_their_clients_are_answered_from_their_industry() {
    for (question, industry) in [
        ("Do you work with hospitals?", "industry:healthcare"),
        ("Do you work with banks?", "industry:financial-services"),
        ("Do you work with the NHS?", "industry:healthcare"),
        ("Can you help insurers?", "industry:financial-services"),
        ("Do you work with insurers?", "industry:financial-services"),
        ("Do you work with retailers?", "industry:retail-and-ecommerce"),
        ("Do you work with manufacturers?", "industry:manufacturing"),
        ("Do you work with councils?", "industry:public-sector"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {reply:#?}");
        assert_eq!(first(&reply, 1), [industry], "{question}");
        assert_eq!(reply.sentences[0].sources.start, 0, "{question}: {}", reply.text());
        assert!(!reply.text().contains("bank holiday"), "{question}: {}", reply.text());
    }
    // Without a sector, the list of industries stays the answer; charities, which no page
    // lists, are answered from the "How we work" statement that names them.
    let reply = ask("Which industries do you work in?");
    assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Industries));
    let reply = ask("Do you work with charities?");
    assert_eq!(first(&reply, 1), ["contact:contact"], "{}", reply.text());
    let hiring = ask("Can we hire you?");
    assert_eq!(hiring.kind, AnswerKind::Company(CompanyTopic::Contact), "{:#?}", hiring);
}

/// Any word an industry page lists for its sector (`sector_words`), not only the intent
/// table's, names the firm's clients in a question whether it works with them: "do you work
/// with insurance companies?" was "not covered" with the contact record alone, "insurance"
/// being read as the firm's own cover (a matter no record states). Asked of the firm's own
/// cover, it still is.
#[test]
fn a_sector_an_industry_page_lists_is_answered_from_that_industry() {
    for (question, industry) in [
        ("do you work with insurance companies", "industry:financial-services"),
        ("Do you work with insurance?", "industry:financial-services"),
        ("can you help with insurance?", "industry:financial-services"),
        ("do you work with banks and insurance companies?", "industry:financial-services"),
        ("do you work with mortgage lenders?", "industry:financial-services"),
        ("do you work with freight companies?", "industry:logistics-and-transport"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {reply:#?}");
        assert_eq!(first(&reply, 1), [industry], "{question}");
        assert_eq!(reply.sentences[0].sources.start, 0, "{question}: {}", reply.text());
    }
    for question in ["do you have insurance?", "do you have professional indemnity insurance?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {reply:#?}");
        assert_eq!(first(&reply, 1), ["contact:contact"], "{question}");
    }
}

/// A buyer's words for two of the firm's offers, which the services now write: "can you
/// build us a RAG system" and "Can you provide an interim head of data?" were "not covered"
/// (the generative AI service wrote "using retrieval", never "RAG"; the fractional
/// leadership service said "continuity", never "interim").
#[test]
fn a_buyers_words_for_the_firms_offers_find_its_services() {
    for (question, service) in [
        ("can you build us a RAG system", "service:generative-ai-solutions"),
        ("Can you provide an interim head of data?", "service:fractional-data-leadership"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {reply:#?}");
        assert_eq!(first(&reply, 1), [service], "{question}");
        assert_eq!(reply.sentences[0].sources.start, 0, "{question}: {}", reply.text());
    }
}

/// On this site "the assessment" is the firm's own, as "your assessment" is.
#[test]
fn the_assessment_is_the_firms_own() {
    // What it measures, how long it takes, what it covers: the assessment's own record,
    // which says all three, rather than guides that use the words. (How long it takes is
    // quoted from the record's sentence that says it: `a_fact_asked_of_the_assessment_...`.)
    for question in [
        "What does the assessment measure?",
        "What does your assessment measure?",
        "How long does the assessment take?",
        "What does the assessment cover?",
    ] {
        let reply = ask(question);
        let kinds = [AnswerKind::Company(CompanyTopic::Assessment), AnswerKind::Answered];
        assert!(kinds.contains(&reply.kind), "{question}: {:?}", reply.kind);
        assert_eq!(first(&reply, 1), ["assessment:ai-readiness"], "{question}");
        assert!(reply.text().contains("ten minutes"), "{question}: {}", reply.text());
    }
    // Whether it is free, the self-assessment's own record says; it used to get the prices
    // answer ("publishes no prices"), which did not say that it is.
    for question in ["Is the assessment free?", "Is your assessment free?"] {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["assessment:ai-readiness"], "{question}");
        assert!(reply.text().contains("self-assessment is free"), "{}", reply.text());
        assert!(!reply.text().contains("publishes no prices"), "{}", reply.text());
    }
    // The facilitated assessment is a service, and its price is asked by email.
    for question in
        ["How much does the readiness assessment cost?", "Is the assessment service free?"]
    {
        assert_eq!(ask(question).kind, AnswerKind::Company(CompanyTopic::Pricing), "{question}");
    }
}

/// A question that names the assessment and asks one fact of it (how long it takes, whether
/// it is free) opens on the record's sentence that says it, not on its composed description
/// ("... a 16-question self-assessment ... one of 5 maturity bands"), which the forty-first
/// pass found first.
#[test]
fn a_fact_asked_of_the_assessment_opens_on_the_sentence_that_says_it() {
    for question in [
        "how long does an ai readiness assessment take",
        "is the assessment free",
        "is the readiness assessment free",
        "How long does the assessment take?",
    ] {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["assessment:ai-readiness"], "{question}");
        let opening = reply.sentences.first().map_or("", |s| s.text);
        assert!(opening.contains("free and takes about ten minutes"), "{question}: {opening}");
    }
    // What it is asks no fact of it: the record answers, opening on its description.
    let reply = ask("What is the assessment?");
    assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Assessment));
}

/// "Does the assessment cost anything?" asks what "is the assessment free?" asks (a verb of
/// price before "anything" or "nothing"), and opens on the record's sentence that says it is
/// free; it got the prices record's "... publishes no prices ...". The facilitated
/// assessment, named as a service, is still a prices question.
#[test]
fn asked_whether_the_assessment_costs_anything_it_says_it_is_free() {
    for question in [
        "does the ai readiness assessment cost anything",
        "Does the readiness assessment cost anything?",
        "do you charge anything for the assessment",
    ] {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["assessment:ai-readiness"], "{question}");
        let opening = reply.sentences.first().map_or("", |s| s.text);
        assert!(opening.contains("self-assessment is free"), "{question}: {opening}");
    }
    let reply = ask("does the readiness assessment service cost anything");
    assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Pricing));
}

/// The prompt-injection guide says how to protect an application in a sentence of its own:
/// "protect" was a word only other guides wrote beside "prompt injection" ("Adversarial cases
/// ...: prompt injection attempts ...", "... protection against prompt injection."), and "How
/// do I protect my LLM app from prompt injection?" opened on an eval set's test cases.
#[test]
fn protecting_an_application_from_prompt_injection_is_the_guides_own_sentence() {
    for question in [
        "How do I protect my LLM app from prompt injection?",
        "how to protect against prompt injection",
        "how do we protect our chatbot from prompt injection attacks",
    ] {
        let reply = ask(question);
        let Some(opening) = reply.sentences.first() else { panic!("{question}: no sentence") };
        let cited = &reply.sources[opening.sources.start];
        assert_eq!(cited.slug, "defend-against-prompt-injection", "{question}");
        assert!(
            opening.text.contains("protect an LLM application"),
            "{question}: {}",
            opening.text
        );
    }
}

/// The facilitated readiness assessment says its length in a sentence, as every other service
/// does ("A typical engagement lasts six to eight weeks."): it said it only in a heading ("Four
/// weeks, start to finish"), which is never quoted, so its length was the AI strategy
/// service's.
#[test]
fn the_readiness_assessment_service_states_its_length() {
    for question in [
        "how long is a readiness assessment engagement",
        "how long is the ai readiness assessment service",
    ] {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["service:ai-readiness-assessment"], "{question}");
        let opening = reply.sentences.first().map_or("", |s| s.text);
        assert!(opening.contains("lasts four weeks"), "{question}: {opening}");
    }
}

/// A product name the synonym table knows is read as the trade term it stands for, as
/// search reads it: "ChatGPT" asks about LLMs.
#[test]
fn product_names_are_read_through_the_synonym_table() {
    let reply = ask("Is it safe to let staff use ChatGPT?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{reply:#?}");
    let sources = first(&reply, 3);
    let policy = ["guide:generative-ai-acceptable-use-policy", "service:responsible-ai"];
    assert!(sources.iter().any(|s| policy.contains(&s.as_str())), "{sources:?}");
    assert!(reply.text().contains("acceptable use"), "{}", reply.text());
}

/// A word no item uses whose synonyms are all phrases is read as the phrase's words: "PII"
/// asks about personal data, as search reads it, instead of being an unknown word that
/// made "How do you handle PII in training data?" "not covered".
#[test]
fn a_synonym_phrase_is_read_as_its_words() {
    let personal = [
        "guide:data-subject-requests-in-warehouses",
        "guide:reuse-personal-data-for-ai",
        "guide:build-a-data-retention-schedule",
        "guide:guardrails-for-llm-apps",
    ];
    for question in [
        "How do you handle PII in training data?",
        "How do we protect PII in a data warehouse?",
        "Can we put PII into an LLM prompt?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {reply:#?}");
        let sources = first(&reply, 3);
        assert!(sources.iter().any(|s| personal.contains(&s.as_str())), "{question}: {sources:?}");
        assert!(reply.text().contains("personal"), "{question}: {}", reply.text());
    }
    let reply = ask("Should we use Snowflake or Databricks?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{reply:#?}");
    assert_eq!(first(&reply, 1), ["guide:warehouse-lake-or-lakehouse"]);
}

/// "Do you work with Tableau?": the library names no product it works with (its services
/// say "We have no commercial ties to any tool" and "dbt-style tooling"), so a question of
/// whether the firm works with a product it never writes is "not covered", listing what the
/// product's trade term finds; one it writes ("dbt") is answered from what it says.
#[test]
fn whether_the_firm_works_with_a_product_it_never_names_is_not_covered() {
    for (question, closest) in [
        // "Work" is phrasing and not searched, so the dashboard guide that "dashboard" ranks
        // first is the closest; weighed as a filler, "work" had put the slow-dashboards guide
        // first.
        ("Do you work with Tableau?", "guide:measure-dashboard-adoption"),
        ("Do you work with Looker?", "guide:measure-dashboard-adoption"),
        // "Power BI", a phrase no guide writes, is read as `BI` as Tableau is.
        ("Do you work with Power BI?", "guide:fix-slow-dashboards"),
        ("Have you used Databricks?", "guide:warehouse-lake-or-lakehouse"),
        ("Do you use Snowflake?", "service:data-platform-engineering"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {reply:#?}");
        assert_eq!(first(&reply, 1), [closest], "{question}");
    }
    for question in [
        "Does Larchmere use Snowflake?",
        "Do you have experience with Power BI?",
        // "Help with" asks it too: "fabric" is a word no item writes, read as "metadata",
        // and the answer would quote sentences that merely say "help" (as it did for "data
        // mesh" before the guides defined it).
        "Can you help with Tableau?",
        "Can you help with data fabric?",
    ] {
        assert_eq!(ask(question).kind, AnswerKind::NotCovered, "{question}");
    }
    for question in [
        "Do you work with dbt?",
        "Do you work with generative AI?",
        "Can you help us use ChatGPT safely?",
        "Can you help with forecasting demand?",
        "How do I build a dashboard in Tableau?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {reply:#?}");
    }
    // Once the guides write a term, what they say is the answer.
    let mesh = ask("Can you help with data mesh?");
    assert_eq!(mesh.kind, AnswerKind::Answered, "{mesh:#?}");
    assert!(mesh.text().contains("data mesh"), "{}", mesh.text());
    assert_eq!(first(&ask("Do you work with banks?"), 1), ["industry:financial-services"]);
}

/// No quoted sentence opens with a fragment: a run-in label ("Week 2.") is indexed with the
/// sentence it introduces but not quoted with it.
#[test]
fn no_quoted_sentence_opens_with_a_short_fragment() {
    for question in [
        "Which services help with data governance?",
        "How long does the readiness assessment take?",
        "What happens in the second week of the readiness assessment?",
        "How do you phase a data governance programme?",
        "What do you put in place for data governance?",
    ] {
        let reply = ask(question);
        for sentence in &reply.sentences {
            let opening = sentence.text.split_once(". ").map_or(sentence.text, |(first, _)| first);
            assert!(
                opening.split_whitespace().count() >= 5,
                "{question}: {:?} opens with a fragment",
                sentence.text
            );
        }
    }
}

/// A sentence that leans on a fragment ("Week 2.", "Serves features online.") is not quoted,
/// since the fragment would have to come with it.
#[test]
fn fragments_never_come_along_as_leads() {
    for question in [
        "How do I get started with AI?",
        "what is a feature store",
        "How do I stop my LLM from hallucinating?",
        "Do you do Power BI dashboards?",
    ] {
        let reply = ask(question);
        for sentence in &reply.sentences {
            let words = sentence.text.split_whitespace().count();
            assert!(
                words >= 5 || reply.kind != AnswerKind::Answered,
                "{question}: {:?}",
                sentence.text
            );
        }
    }
}

/// A follow-up that asks nothing new of the company topic the turn before named gets that
/// topic's record, not a search for its generic words.
#[test]
fn a_follow_up_about_a_company_topic_gets_its_record() {
    let reply = ask_after(&["Tell me about the readiness assessment"], "How long does it take?");
    assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Assessment), "{reply:#?}");
    assert!(reply.text().contains("ten minutes"), "{}", reply.text());
}

/// The engine reads English; the agent card says so. A question in another language is not
/// covered rather than answered from words that happen to look alike.
#[test]
fn questions_in_other_languages_are_not_covered() {
    for question in
        ["Was ist ein Datenvertrag?", "¿Qué es un contrato de datos?", "什么是数据契约？"]
    {
        assert_eq!(ask(question).kind, AnswerKind::NotCovered, "{question}");
    }
}

/// Words a prospective client types for a service: "head of data" matched "headings" (one
/// stem) and quoted the guide on chunking documents; "CDO" was a word no item writes; "phone
/// number" searched "number" and quoted a funnel guide.
#[test]
fn a_service_asked_for_in_a_clients_words_is_quoted() {
    for question in [
        "Can you provide a part-time head of data?",
        "We need a head of data two days a week",
        "fractional cdo",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 1), ["service:fractional-data-leadership"], "{question}");
        let quoted = reply.sentences.first().map(|s| reply.sources[s.sources.start].slug);
        assert_eq!(quoted, Some("fractional-data-leadership"), "{question}: {}", reply.text());
        assert!(!reply.text().contains("eading"), "{question}: {}", reply.text());
    }
    for question in ["phone number", "What is your phone number?"] {
        assert_eq!(ask(question).kind, AnswerKind::Company(CompanyTopic::Contact), "{question}");
    }
}

/// Where the firm works is in its contact record ("Leeds and London, United Kingdom; working
/// remotely across Europe"): "Do you only work in the UK?" quoted a guide's "Postcode
/// populated for all UK delivery addresses", and "Do you work outside the UK?" was not
/// covered. Without a reference to the firm, the UK is a subject of the guides.
#[test]
fn where_the_firm_works_is_answered_from_the_contact_record() {
    for question in [
        "Do you only work in the UK?",
        "Do you work outside the UK?",
        "Do you work internationally?",
        "Can you work with clients abroad?",
        "Do you work in Europe?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Contact), "{question}");
        // Where the firm works is what is asked: that sentence comes first.
        assert!(
            reply.sentences[0].text.contains("working remotely across Europe"),
            "{question}: {}",
            reply.text()
        );
    }
    for question in ["Where are you based?", "Where is your office?"] {
        let reply = ask(question);
        assert!(reply.sentences[0].text.starts_with(LOCATION_LABEL), "{question}");
    }
    // Asked how to reach the firm, the email comes first.
    let reach = ask("How can I contact you?");
    assert!(reach.sentences[0].text.contains(EMAIL), "{}", reach.text());
    let guide = ask("What does UK GDPR require for training data?");
    assert_eq!(guide.kind, AnswerKind::Answered, "{}", guide.text());
}

/// The case studies never name their industry; the industry pages link them. A question of
/// case studies or clients in a sector cites the sector's case study first, for every industry
/// that has one, and quotes it: this cited the Healthcare page first and quoted only it, and
/// "any healthcare clients?" quoted the OAuth error `invalid_client`.
#[test]
fn case_studies_are_found_by_the_industry_that_lists_them() {
    let cases = [
        ("Do you have a case study in healthcare?", "hospital-demand-forecasting"),
        ("Healthcare case studies", "hospital-demand-forecasting"),
        ("Do you have healthcare clients?", "hospital-demand-forecasting"),
        ("Healthcare clients", "hospital-demand-forecasting"),
        ("any healthcare clients?", "hospital-demand-forecasting"),
        ("Have you worked with hospitals?", "hospital-demand-forecasting"),
        ("What healthcare work have you done?", "hospital-demand-forecasting"),
        ("Do you have a case study in financial services?", "insurer-claims-triage"),
        ("Have you worked with insurers?", "insurer-claims-triage"),
        ("insurance clients", "insurer-claims-triage"),
        ("Retail case study", "retailer-platform-migration"),
        ("any retail clients?", "retailer-platform-migration"),
        ("Have you worked with retailers?", "retailer-platform-migration"),
    ];
    for (question, slug) in cases {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert_eq!(first(&reply, 1), [format!("case-study:{slug}")], "{question}");
        assert!(
            reply.sentences.iter().any(|s| s.sources.start == 0),
            "{question}: the case study is quoted: {}",
            reply.text()
        );
        assert!(!reply.text().contains("invalid_client"), "{question}: {}", reply.text());
    }
    // Without a sector, or with more to search than a sector, nothing changes: the list of
    // case studies, the industries' record, and the OAuth guide for an OAuth client.
    assert_eq!(ask("Any clients?").kind, AnswerKind::Company(CompanyTopic::CaseStudies));
    let industries = ask("Which industries have you worked in?");
    assert_eq!(industries.kind, AnswerKind::Company(CompanyTopic::Industries));
    assert_eq!(first(&ask("Do you work with banks?"), 1), ["industry:financial-services"]);
    let oauth = ask("How do I register an OAuth client?");
    assert_eq!(first(&oauth, 1), ["docs:authentication"]);
}

/// "How long are your projects?" asks how long the firm's work takes, which the services
/// state: it listed the case studies ("projects" is a case-study word), and without "your"
/// quoted a guide's "A focused DPIA ... typically takes two to four weeks".
#[test]
fn how_long_the_firms_work_takes_is_quoted_from_the_services() {
    for question in [
        "how long are your projects",
        "How long are your projects?",
        "how long do projects take",
        "How long does a project take?",
        "how long do your engagements take",
        "How long do your projects usually last?",
        "typical project length",
        "What is the typical engagement length?",
        "How long does an engagement take?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert_eq!(
            reply.sources[0].kind,
            SourceKind::Service,
            "{question}: {:?}",
            first(&reply, 3)
        );
        let text = reply.text();
        assert!(text.contains("six to eight weeks"), "{question}: {text}");
        assert!(!text.contains("DPIA"), "{question}: {text}");
    }
    // "Length" alone is a subject of the guides, and asks no duration.
    let context = ask("What is the context length of an LLM?");
    assert_eq!(context.sources[0].kind, SourceKind::Guide, "{:?}", first(&context, 3));
    // Asked in the past tense, of work done, it is still the case study's.
    let hospital = ask("How long did the hospital forecasting project take?");
    assert_eq!(first(&hospital, 1), ["case-study:hospital-demand-forecasting"]);
}

/// A sector's everyday word in a question of the firm's clients or case studies is read as
/// the industry whose page lists it (`sector_words`) and searched among the firm's own pages
/// only: "banking" quoted a guide's "bank holidays" and the hospital's "bank holiday effects"
/// (the insurer never says "bank"), and "logistics" a guide's "logistic regression".
/// Elsewhere the same words keep their sense.
#[test]
fn a_sector_word_asks_about_the_firms_pages_for_that_sector() {
    let insurer = "case-study:insurer-claims-triage";
    let cases = [
        ("any clients in banking?", insurer),
        ("Do you have any banking case studies?", insurer),
        ("Have you worked with banks?", insurer),
        ("case studies for lenders", insurer),
        ("any insurance clients?", insurer),
        ("any NHS clients?", "case-study:hospital-demand-forecasting"),
        ("any supermarket clients?", "case-study:retailer-platform-migration"),
        ("do you have ecommerce clients?", "case-study:retailer-platform-migration"),
        ("Any logistics case studies?", "industry:logistics-and-transport"),
        ("Any freight clients?", "industry:logistics-and-transport"),
        ("Case studies in manufacturing?", "industry:manufacturing"),
        ("Do you have public sector clients?", "industry:public-sector"),
        ("any government clients?", "industry:public-sector"),
    ];
    for (question, expected) in cases {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert_eq!(first(&reply, 1), [expected], "{question}");
        let firm_page = |kind| {
            matches!(kind, SourceKind::Service | SourceKind::Industry | SourceKind::CaseStudy)
        };
        assert!(
            reply.sources.iter().all(|s| firm_page(s.kind)),
            "{question}: {:?}",
            first(&reply, 5)
        );
        let text = reply.text();
        assert!(
            !text.contains("bank holiday") && !text.contains("logistic regression"),
            "{question}: {text}"
        );
        assert!(!text.contains("invalid_client"), "{question}: {text}");
    }
    let banking = ask("any clients in banking?");
    assert!(first(&banking, 2).contains(&"industry:financial-services".to_string()));
    // The words keep their sense in other questions.
    let regression = ask("What is logistic regression?");
    assert_eq!(regression.sources[0].kind, SourceKind::Guide, "{:?}", first(&regression, 3));
    assert!(regression.text().contains("logistic regression"), "{}", regression.text());
    let case_study = ask("Do you have a case study using logistic regression?");
    assert!(!case_study.text().contains("Logistics and transport"), "{}", case_study.text());
    let holidays = ask("How do bank holidays affect forecasts?");
    assert_eq!(holidays.sources[0].kind, SourceKind::Guide, "{:?}", first(&holidays, 3));
    assert!(holidays.text().contains("bank holidays"), "{}", holidays.text());
    // A sector no industry page lists is not searched either: the "How we work" statement
    // that names it answers.
    let charities = ask("Do you work with charities?");
    assert!(charities.sources.iter().all(|s| s.kind == SourceKind::Contact), "{charities:#?}");
}

/// What the firm works with is a fact no record states, and the size of its clients one only
/// the organisation's "How we work" states: "What technologies do you use?" quoted a
/// works-council guide's "technology that monitors staff", and "do you work with small
/// companies?" a data-monetisation guide's "Could we sell our data?" (then "not covered",
/// until the contact record said). Such words are phrasing in a question to the firm; one
/// that names a subject besides is searched for the subject.
#[test]
fn the_firms_tools_and_client_size_are_not_read_from_the_guides() {
    for question in ["What technologies do you use?", "What tools do you use?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {}", reply.text());
        assert!(reply.text().contains(EMAIL), "{question}");
    }
    for question in [
        "do you work with small companies?",
        "what size companies do you work with",
        "Do you work with startups?",
        "Do you work with large companies?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 5), ["contact:contact"], "{question}");
        assert!(reply.text().starts_with("We work with organisations of every size"), "{question}");
    }
    // "Recommend" and "tools" are phrasing: "recommendation" guides ("Advisory mode: users see
    // the recommendation ...") were quoted before the pipeline guides.
    let pipelines = ask("What tools do you recommend for data pipelines?");
    assert_eq!(pipelines.kind, AnswerKind::Answered, "{}", pipelines.text());
    assert!(!pipelines.text().contains("recommendation"), "{}", pipelines.text());
    assert!(
        first(&pipelines, 3).iter().any(|s| s.contains("pipeline")),
        "{:?}",
        first(&pipelines, 3)
    );
    let platform = ask("Can you help a small company build a data platform?");
    assert_eq!(platform.kind, AnswerKind::Answered, "{}", platform.text());
}

/// "Serve" and "experience" asked of the firm are phrasing: "What sectors do you serve?"
/// quoted model-serving guides, and "Do you have experience in logistics?" a guide's "our
/// experience" before the Logistics page.
#[test]
fn serve_and_experience_asked_of_the_firm_are_phrasing() {
    let sectors = ask("What sectors do you serve?");
    assert_eq!(sectors.kind, AnswerKind::Company(CompanyTopic::Industries), "{}", sectors.text());
    let logistics = ask("Do you have experience in logistics?");
    assert_eq!(logistics.kind, AnswerKind::Answered, "{}", logistics.text());
    assert_eq!(first(&logistics, 1), ["industry:logistics-and-transport"]);
    assert!(!logistics.text().to_lowercase().contains("experience"), "{}", logistics.text());
    let hospitals = ask("Do you have experience with hospitals?");
    assert_eq!(first(&hospitals, 1), ["case-study:hospital-demand-forecasting"]);
    // Without "you", serving is a subject of the guides.
    let serving = ask("How do we serve models with low latency?");
    assert_eq!(serving.kind, AnswerKind::Answered, "{}", serving.text());
}

/// "Customer service" is not the firm's services: read as the services topic, "Can you help
/// us build a chatbot for customer service?" ranked services first and opened with the
/// Generative AI service's list of what it advises against, which read as a refusal.
#[test]
fn customer_service_is_not_the_firms_services() {
    for question in [
        "Can you help us build a chatbot for customer service?",
        "Can you help us with a customer service chatbot?",
    ] {
        let reply = ask(question);
        assert!(!matches!(reply.kind, AnswerKind::Company(_)), "{question}");
        assert!(!reply.text().contains("advise against"), "{question}: {}", reply.text());
        assert!(
            first(&reply, 3).contains(&"guide:customer-support-assistant-design".to_string()),
            "{question}"
        );
    }
    // Asked to build one, the guide on building one comes first; asked for help with one (a
    // buyer's request, the twenty-sixth pass), the service that builds them, quoting its
    // "Scoped assistants and chatbots: ...".
    let build = ask("Can you help us build a chatbot for customer service?");
    assert_eq!(first(&build, 1), ["guide:customer-support-assistant-design"]);
    let with = ask("Can you help us with a customer service chatbot?");
    assert_eq!(first(&with, 1), ["service:generative-ai-solutions"]);
    assert!(with.text().starts_with("Scoped assistants and chatbots"), "{}", with.text());
    let services = ask("Which services do you offer for generative AI?");
    assert_eq!(first(&services, 1), ["service:generative-ai-solutions"], "{}", services.text());
}

/// A misspelling no word of the library is within two edits of is read through its stem:
/// "halucinating" is three or more edits from "hallucinate" and "hallucinations", so the
/// question was "not covered"; its stem "halucin" begins them at one edit.
#[test]
fn a_misspelt_inflection_is_read_through_its_stem() {
    for (misspelt, spelt) in [
        ("How do I stop my chatbot halucinating?", "How do I stop my chatbot hallucinating?"),
        ("why is my model halucinating", "why is my model hallucinating"),
    ] {
        let reply = ask(misspelt);
        assert_eq!(reply.kind, AnswerKind::Answered, "{misspelt}: {reply:#?}");
        let sources = first(&reply, 1);
        assert_eq!(sources, ["guide:reduce-llm-hallucinations"], "{misspelt}");
        assert_eq!(sources, first(&ask(spelt), 1), "{misspelt}");
    }
}

/// A word only a guide's questions use counts for its sentences that share a word of that
/// question: the customer-support assistant guide answers "How do we build an AI chatbot for
/// customer service ...?" but its body says "assistant", so no sentence held "chatbot" and the
/// question was "not covered" with the guide as its first source.
#[test]
fn a_word_only_a_guides_questions_use_counts_for_its_sentences() {
    let reply = ask("Can you help us build a chatbot for customer service?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert_eq!(first(&reply, 1), ["guide:customer-support-assistant-design"]);
    let cited = |s: &consultancy_api::answer::Sentence| reply.sources[s.sources.start].slug;
    assert!(reply.sentences.iter().all(|s| cited(s) == "customer-support-assistant-design"));
    // The build-vs-buy guide's worked example ("A logistics company wants to predict late
    // deliveries.") matched "company" and was quoted on whether one is ready for AI.
    let ready = ask("how do I know if my company is ready for AI?");
    assert_eq!(ready.kind, AnswerKind::Answered, "{}", ready.text());
    assert!(!ready.text().contains("logistics company"), "{}", ready.text());
    assert!(ready.text().to_lowercase().contains("readiness"), "{}", ready.text());
}

/// Picking, choosing and selecting are one act, written each way by the guides: "how do I
/// pick a vendor?" ranked the storage guide ("picking between a cloud data warehouse ...")
/// and the metrics guide ("pick a primary metric") above the vendor selection guide and
/// opened with "You pay a premium per unit of compute and accept the vendor's engine."
#[test]
fn choosing_verbs_are_read_as_one_another() {
    for question in
        ["how do I pick a vendor?", "how do I choose a vendor?", "how do we select an AI vendor?"]
    {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert_eq!(first(&reply, 1), ["guide:run-vendor-selection"], "{question}");
        assert!(!reply.text().contains("premium per unit"), "{question}: {}", reply.text());
    }
    // What is chosen still decides: the metrics guide answers how to choose metrics.
    let metrics = ask("how do I choose evaluation metrics?");
    assert_eq!(first(&metrics, 1), ["guide:choose-ml-evaluation-metrics"]);
}

/// A run-in label is not quoted, so its words count for its sentence as a heading's do (half):
/// "what tools do you recommend for data pipelines?" quoted "Run duration, retries, queue
/// time and cost per run.", whose label "Pipeline health." alone held "pipeline".
#[test]
fn a_run_in_labels_words_are_not_the_quoted_sentences_own() {
    let reply = ask("what tools do you recommend for data pipelines?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert!(!reply.text().contains("Run duration"), "{}", reply.text());
    assert!(reply.sentences[0].text.to_lowercase().contains("pipeline"), "{}", reply.text());
}

/// "Reduce" says what the question wants done, not what it is about: searched at full weight,
/// "how to reduce llm costs" quoted the prompt-injection guide's "This reduces success rates;
/// it does not eliminate them." after the LLM-cost guide's sentences.
#[test]
fn reduce_is_phrasing_not_the_subject() {
    let reply = ask("how to reduce llm costs");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert_eq!(first(&reply, 1), ["guide:estimate-llm-running-costs"]);
    assert!(!reply.text().contains("reduces success rates"), "{}", reply.text());
    let cited = |s: &consultancy_api::answer::Sentence| reply.sources[s.sources.start].slug;
    assert!(reply.sentences.iter().all(|s| cited(s) == "estimate-llm-running-costs"));
}

/// The "up" of "set up", "clean up", "speed up" is phrasing: at full weight "how do I set up
/// data quality checks?" ranked the KPI-alerts guide first, on "set up" and "checks".
#[test]
fn the_particle_up_is_phrasing() {
    let reply = ask("how do I set up data quality checks");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert_eq!(first(&reply, 1), ["guide:data-quality-dimensions-and-thresholds"]);
}

/// A phrase of the synonym table that no guide writes, or only one, is read as the trade term
/// it stands for, as search reads it: read word by word, "how should we structure a data
/// team" quoted an orchestration guide's "One DAG per logical product ... not per team" and
/// "how do I speed up my dashboard" a business case's "Finance needs a statement about money,
/// risk or speed." A phrase of phrasing words alone ("start with AI") is read as before.
#[test]
fn phrases_of_the_synonym_table_are_read_as_their_trade_terms() {
    let reply = ask("how should we structure a data team");
    assert_eq!(first(&reply, 1), ["guide:choose-data-operating-model"], "{}", reply.text());
    assert!(reply.text().contains("operating model"), "{}", reply.text());
    assert!(!reply.text().contains("DAG"), "{}", reply.text());
    let reply = ask("how do I speed up my dashboard");
    assert_eq!(first(&reply, 1), ["guide:fix-slow-dashboards"], "{}", reply.text());
    assert!(!reply.text().contains("Finance needs a statement"), "{}", reply.text());
    let reply = ask("How do I start with AI?");
    assert_eq!(first(&reply, 1), ["service:ai-readiness-assessment"]);
}

/// When the best item's title, questions, description and headings hold every word of the
/// question and no other item's do, the answer quotes that item alone: "how do I measure the
/// success of an AI project?" cited the value-delivered guide first and still quoted the
/// stage-gate guide's "Killing a project at stage 2 ... is a success of the process". And a
/// sentence of an item ranked below the best sentence's joins only if it covers as much of
/// the question ("structure a data team" quoted a batch-inference guide's "... build and
/// operate ... turns the model into ...").
#[test]
fn sentences_of_lower_items_join_only_when_they_cover_as_much() {
    let reply = ask("how do I measure the success of an AI project?");
    assert_eq!(first(&reply, 1), ["guide:measure-value-delivered"]);
    assert!(!reply.text().contains("Killing a project"), "{}", reply.text());
    assert!(reply.sentences.iter().all(|s| s.sources.start == 0), "{}", reply.text());
    let reply = ask("how should we structure a data team");
    assert!(!reply.text().contains("batch job"), "{}", reply.text());
}

/// A sentence after the best earns its place by naming a word of the question the answer does
/// not have yet, or, in the best sentence's item, by naming every word that one names; a
/// phrasing word ("offer", "start") does not make a sentence closer to the question. The rate
/// limit question added a backoff tip, the docs tools' "limit and cursor" and "A cursor only
/// works with the same q, category and limit."; "do you offer training?" opened on model
/// training ("the provider commits not to train on your inputs and offers ...").
#[test]
fn sentences_after_the_best_must_say_more_of_what_is_asked() {
    let reply = ask("What is the rate limit of the API?");
    assert_eq!(reply.kind, AnswerKind::Answered);
    assert_eq!(first(&reply, 1), ["docs:api"]);
    assert!(reply.sentences[0].text.contains("300 requests a minute"), "{}", reply.text());
    for other in ["backoff", "Docs tools", "cursor", "read-only"] {
        assert!(!reply.text().contains(other), "{other}: {}", reply.text());
    }
    let reply = ask("Do you offer training?");
    assert_eq!(first(&reply, 1), ["service:data-literacy-training"]);
    assert!(reply.sentences.len() >= 2, "{}", reply.text());
    assert!(reply.sentences.iter().all(|s| s.sources.start == 0), "{}", reply.text());
    assert!(!reply.text().contains("train on your inputs"), "{}", reply.text());
    // A sentence that names a word the best one lacks still joins, from any item.
    // A follow-up whose own words are phrasing alone is weighed by them, and a sentence joins
    // for its own words, not for the topic it borrowed: after a scoring, "how long does it
    // take?" quoted a readiness band's "Keep tracking ... for at least six months ... share
    // the results" for "results", a word of the turn before.
    let reply = ask_after(&["my AI readiness assessment result"], "how long does it take?");
    assert!(reply.text().contains("ten minutes"), "{}", reply.text());
    assert!(!reply.text().contains("six months"), "{}", reply.text());
    // The sentence that names data quality and the one that names drift both join (since the
    // seventeenth pass the monitoring guide says both; the drift sentence was the MLOps
    // service's table row).
    let reply = ask("How do I monitor data quality and model drift?");
    assert_eq!(reply.kind, AnswerKind::Answered);
    assert!(reply.sentences.len() >= 2, "{}", reply.text());
    let said = |word: &str| reply.sentences.iter().filter(|s| s.text.contains(word)).count();
    assert!(said("data quality") >= 1 && said("drift") >= 1, "{}", reply.text());
    assert!(
        !reply
            .sentences
            .iter()
            .any(|s| s.text.contains("data quality") && s.text.contains("drift")),
        "two sentences, each saying one: {}",
        reply.text()
    );
}

/// Questions of working with the firm that no record answers are "not covered", and those its
/// service pages answer are quoted from them: "who will work on our project?" and "how soon
/// can you deliver results?" quoted unrelated guides ("A one-year ROI would have shown a loss
/// ...", "Slice results by device ..."), "can you work with our IT team?" and "what do you
/// need from us?" got the firm's description.
#[test]
fn questions_of_working_with_the_firm_are_answered_from_its_pages_or_not_covered() {
    let reply = ask("who will work on our project?");
    assert_eq!(reply.kind, AnswerKind::Answered);
    assert_eq!(reply.sources[0].kind, SourceKind::Service);
    assert!(reply.text().contains("A small Larchmere team"), "{}", reply.text());
    let reply = ask("how soon can you deliver results?");
    assert_eq!(reply.kind, AnswerKind::Answered);
    assert_eq!(reply.sources[0].kind, SourceKind::Service);
    assert!(!reply.text().contains("Slice results"), "{}", reply.text());
    for question in ["can you work with our IT team?", "what do you need from us?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {}", reply.text());
        assert!(reply.text().contains(EMAIL));
    }
    // Still the firm's description.
    for question in ["who are you?", "what do you do?", "tell me about yourselves"] {
        assert_eq!(ask(question).kind, AnswerKind::Company(CompanyTopic::About), "{question}");
    }
}

/// "You" misspelt on a phone ("yuo", "yuor") is the stop word it stands for, as a misspelt
/// question word is: read as a word no item uses, it weighed "can yuo help with data
/// strategy?" down to "not covered".
#[test]
fn a_misspelt_you_is_a_stop_word() {
    let reply = ask("can yuo help with data strategy");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert_eq!(reply.sources[0].kind, SourceKind::Service, "{}", reply.text());
}

/// Questions a prospective client asks, answered from the wrong place: "can you show me a
/// case study?" searched "show" ("Usage logs showed that 61% ..."); "do you offer fixed-price
/// projects?" read "fixed-price" as one unknown word and quoted a public-sector page's
/// "Budgets are fixed"; "do you build chatbots?" opened on an acceptable-use policy's "Staff
/// using an assistant are covered by this policy.", whose heading alone said "building".
#[test]
fn requests_to_the_firm_are_read_for_what_they_ask() {
    for question in ["Can you show me a case study?", "Show me your case studies"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::CaseStudies), "{question}");
    }
    assert_eq!(ask("show me your services").kind, AnswerKind::Company(CompanyTopic::Services));
    for question in ["Do you offer fixed-price projects?", "What is your day-rate?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Pricing), "{question}");
    }
    let reply = ask("Do you build chatbots?");
    assert_eq!(reply.kind, AnswerKind::Answered);
    assert!(!reply.text().contains("Staff using an assistant"), "{}", reply.text());
    assert!(
        reply.sentences.iter().all(|s| reply.sources[s.sources.start].kind == SourceKind::Service),
        "{}",
        reply.text()
    );
    let reply = ask("Does Larchmere design data platforms?");
    assert_eq!(first(&reply, 1), ["service:data-platform-engineering"]);
}

/// A hiring word right after the asker ("help us hire") is the asker's hiring, which the
/// guides cover: "can you help us hire a data team?" was read as whether the firm hires and
/// was "not covered". "Can we hire you?" is still how to engage the firm.
#[test]
fn the_askers_hiring_is_searched() {
    for question in ["Can you help us hire a data team?", "Could you help me hire data scientists?"]
    {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        let hiring = ["guide:first-data-hires", "guide:interview-loop-for-data-roles"];
        let cited = first(&reply, 1);
        assert!(hiring.contains(&cited[0].as_str()), "{question}: {cited:?}");
    }
    assert_eq!(ask("Can we hire you?").kind, AnswerKind::Company(CompanyTopic::Contact));
    assert_eq!(ask("Are you hiring?").kind, AnswerKind::NotCovered);
}

/// Nothing here is called an API key; the authentication page says so, and it is the answer's
/// first source even though search ranks a guide above it for these words.
#[test]
fn an_api_key_question_is_answered_from_the_authentication_page() {
    for question in ["How do I get an API key?", "do I need an API key"] {
        let answer = ask(question);
        assert_eq!(answer.kind, AnswerKind::Answered, "{question}");
        assert!(answer.sentences[0].text.contains("no API key"), "{question}: {answer:#?}");
        assert_eq!(first(&answer, 1), ["docs:authentication"], "{question}");
    }
}

/// API questions are answered from the API overview, in the words the asker used: the page
/// said "paging" and never "pagination", so "Does the API support pagination?" quoted a
/// guide's advice to paginate on a stable cursor; and it never said what `rate_limited`
/// means, so the answer added a guide's "Enforce limits in code" to its pointer at the error
/// codes. Nothing after the sentence that answers is from a guide.
#[test]
fn api_questions_are_answered_from_the_api_overview() {
    for (question, says) in [
        ("Does the API support pagination?", "pagination"),
        ("What does error code rate_limited mean?", "rate_limited"),
    ] {
        let answer = ask(question);
        assert_eq!(answer.kind, AnswerKind::Answered, "{question}");
        assert!(answer.sentences[0].text.contains(says), "{question}: {answer:#?}");
        assert_eq!(first(&answer, 1), ["docs:api"], "{question}");
        for sentence in &answer.sentences {
            let cited = &answer.sources[sentence.sources.start];
            assert_eq!(cited.kind, SourceKind::Docs, "{question}: {answer:#?}");
        }
    }
}

#[test]
fn asking_to_speak_to_a_person_gets_the_contact_answer() {
    let contact = ask("How do I contact you?");
    assert_eq!(contact.kind, AnswerKind::Company(CompanyTopic::Contact));
    for question in [
        "Can I talk to a human?",
        "I want to speak to someone",
        "Could we speak with a consultant?",
    ] {
        let reply = ask(question);
        assert_eq!(reply, contact, "{question}");
    }
    // Someone else talking to a person is a subject of the guides.
    let handover =
        ask("How should a chatbot hand customers over when they ask to talk to a human?");
    assert_eq!(handover.kind, AnswerKind::Answered, "{handover:#?}");
}

#[test]
fn what_the_firm_is_or_sells_is_answered_from_its_own_pages_or_not_at_all() {
    // The governance service says it; a guide on selling data does not.
    let software = ask("Do you sell software?");
    assert_eq!(software.kind, AnswerKind::Answered, "{software:#?}");
    assert!(software.text().contains("We do not sell governance software"), "{software:#?}");
    // The one sentence answers it; the one after it in its paragraph ("Nor do we write
    // policies your teams cannot follow ...") is of something else.
    assert_eq!(software.sentences.len(), 1, "{software:#?}");
    assert!(software.sources.iter().all(|s| s.kind != SourceKind::Guide), "{software:#?}");
    // No page of the firm's says whether it complies; guides on the GDPR are not its word.
    let gdpr = ask("Are you GDPR compliant?");
    assert_eq!(gdpr.kind, AnswerKind::NotCovered, "{gdpr:#?}");
    assert!(gdpr.text().contains(EMAIL), "{}", gdpr.text());
    // Asked of the firm's work, the services still answer.
    let able = ask("Are you able to help with MLOps?");
    assert_ne!(able.kind, AnswerKind::NotCovered, "{able:#?}");
    assert!(first(&able, 2).contains(&"service:mlops".to_string()), "{able:#?}");
}

/// Off-topic questions whose every word some guide uses: "the meaning of life" quoted a
/// baseline guide's "a meaningful reduction in waste ... on long-life ones", "how do I lose
/// weight?" a retraining guide's "Some models lose value within days", and "restaurant",
/// read through its stem as the unfinished word "restart", a strategy guide's "rewriting may
/// be better than restarting". No sentence says two of their words together, and a misspelt
/// word's stem must be near the whole stem it is read as. A one-word subject is still
/// answered, and so is a misspelt inflection.
#[test]
fn a_question_whose_words_no_sentence_says_together_is_not_covered() {
    for question in [
        "What is the meaning of life?",
        "How do I lose weight?",
        "Can you recommend a good restaurant?",
        "Can we pay monthly?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {}", reply.text());
    }
    for (question, slug) in [
        ("What is an embedding?", "guide:hybrid-search-and-reranking"),
        ("Do you work with dbt?", "service:analytics-engineering"),
        ("how do I stop my chatbot halucinating", "guide:reduce-llm-hallucinations"),
        ("Are you able to help with MLOps?", "service:mlops"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {reply:#?}");
        assert_eq!(first(&reply, 1), [slug], "{question}");
    }
}

/// "Can you explain what a data contract is?" and "explain data contracts" ask what one is:
/// the verb is phrasing. Searched, "explain" outweighed the subject and the answer quoted a
/// vendor guide's "Refusal to test on your data before contract signature."
#[test]
fn a_request_to_explain_something_gets_its_definition() {
    for question in [
        "Can you explain what a data contract is?",
        "explain data contracts",
        "Could you define a data contract?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert!(
            reply.sentences[0].text.starts_with("A data contract is an explicit"),
            "{question}: {}",
            reply.text()
        );
        assert!(!reply.text().contains("signature"), "{question}: {}", reply.text());
    }
}

/// "What results have you delivered?" asks what the firm's work achieved, which its case
/// studies tell: searched, it quoted an A/B-testing guide's "Most misleading experiment
/// results come from broken plumbing ...". Results asked of anything else are searched.
#[test]
fn the_results_of_the_firms_work_are_its_case_studies() {
    let case_studies = ask("What case studies do you have?");
    for question in ["What results have you delivered?", "What outcomes have you achieved?"] {
        let reply = ask(question);
        assert_eq!(reply, case_studies, "{question}");
    }
    let ab = ask("How do I read A/B test results?");
    assert_eq!(ab.kind, AnswerKind::Answered);
    assert_eq!(first(&ab, 1), ["guide:read-ab-test-results"]);
}

/// "How long does a data platform migration take?" quoted a business-case guide's "A
/// realistic run cost for the new platform" and no duration: the migration guide's ranges
/// named no migration, nor did their heading ("How long it takes"). They now say "a migration
/// takes roughly 6 to 9 months ...".
#[test]
fn a_migration_question_gets_the_migration_durations() {
    for question in [
        "How long does a data platform migration take?",
        "How long does a data warehouse migration usually take?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert!(reply.text().contains("6 to 9 months"), "{question}: {}", reply.text());
    }
}

/// "How do I invest in the stock market?" quoted a case study's "... stock allocation and
/// online marketing" (Snowball stems "marketing" as "market"), and "what will the stock market
/// do next year?" a forecasting guide's "next quarter's orders, ... stock for the summer":
/// each sentence held two of the question's words, in another sense or as phrasing. Marketing
/// is now its own stem, and "next" and "year" are phrasing, so no sentence says the subject.
/// A question about marketing is still answered from what the guides say of it.
#[test]
fn the_stock_market_is_not_covered() {
    for question in
        ["How do I invest in the stock market?", "What will the stock market do next year?"]
    {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {}", reply.text());
    }
    let reply = ask("Can finance and marketing define a customer differently?");
    assert_eq!(reply.kind, AnswerKind::Answered);
    assert!(reply.text().contains("Finance and marketing"), "{}", reply.text());
}

/// "What happens after the assessment?" quoted a guide's "\"We will see what happens\"
/// usually means ...": the assessment service's section "What happens next" said it only in
/// its heading, which counts half. The section now opens by saying it.
#[test]
fn what_follows_the_assessment_is_the_services_own_answer() {
    let reply = ask("What happens after the assessment?");
    assert_eq!(reply.kind, AnswerKind::Answered);
    assert_eq!(first(&reply, 1), ["service:ai-readiness-assessment"]);
    assert!(reply.text().contains("What happens after the assessment depends"), "{}", reply.text());
    assert!(reply.text().contains("AI strategy and roadmapping"), "{}", reply.text());
    assert!(!reply.text().contains("We will see what happens"), "{}", reply.text());
}

/// "Do you build chatbots?" quoted only what the generative AI service advises against
/// ("... public-facing chatbots launched without a clear scope"), which reads as "no". The
/// service builds assistants that answer from a client's documents; it now says so of
/// chatbots too, and the answer gives both halves: scoped ones yes, unscoped public ones not.
#[test]
fn whether_the_firm_builds_chatbots_is_answered_in_full() {
    let reply = ask("Do you build chatbots?");
    assert_eq!(reply.kind, AnswerKind::Answered);
    assert_eq!(first(&reply, 1), ["service:generative-ai-solutions"]);
    assert!(
        reply.sentences[0].text.starts_with("Scoped assistants and chatbots"),
        "{}",
        reply.text()
    );
    assert!(reply.text().contains("without a clear scope"), "{}", reply.text());
}

/// "What is the EU AI Act?" was "not covered": the one sentence naming it was a lead-in to
/// the list of tiers ("..., sorts AI uses into tiers:"), and a lead-in is never quoted. The
/// guide now says what the Act is in a sentence of its own.
#[test]
fn a_subject_named_only_in_a_lead_in_is_now_defined() {
    let reply = ask("What is the EU AI Act?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert!(reply.sentences[0].text.starts_with("The EU AI Act is"), "{}", reply.text());
}

/// A table row under column labels longer than two words ("Main question they answer") was
/// never quoted: "what are the typical outputs of an analytics engineer?" quoted the roles
/// guide's "Analysts who write their own transformations create logic nobody else can find."
/// and not the row that lists them. Such a row now sets each label off from its cell
/// ("Owns: ...; Typical outputs: ...") and may be quoted.
#[test]
fn a_table_row_under_long_labels_is_quoted() {
    let reply = ask("What are the typical outputs of an analytics engineer?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert_eq!(first(&reply, 1), ["guide:data-roles-who-does-what"]);
    assert!(
        reply.sentences[0].text.starts_with(
            "Analytics engineer: Owns: Turning raw data into clean, modelled tables; Typical \
             outputs: Tested transformation code"
        ),
        "{}",
        reply.text()
    );
    let reply = ask("What is the main question a data scientist answers?");
    assert!(reply.text().contains("Data scientist: Owns: Statistical and predictive work;"));
}

/// A word the library writes that a one-way entry of the synonym table maps to a trade term
/// about as specific ("shifted" → "drift", "checks" → "tests") is read as either. Read only as
/// written, "has my data shifted?" quoted a migration guide's "Lift and shift ...", and the
/// judged "Which checks should every data pipeline run?" cited the testing guide fifth.
#[test]
fn an_everyday_word_the_library_writes_is_read_as_its_trade_term_too() {
    let reply = ask("has my data shifted?");
    assert_eq!(first(&reply, 1), ["guide:detect-data-and-concept-drift"]);
    assert!(reply.sentences[0].text.starts_with("Data drift"), "{}", reply.text());
    assert!(!reply.text().contains("Lift and shift"), "{}", reply.text());
    // The monitoring guide, whose description says where drift shows (the fiftieth pass),
    // answers the first as the drift guide does (both judged).
    for (question, judged) in [
        (
            "How can I tell if the data feeding my model has shifted since it was trained?",
            &["guide:detect-data-and-concept-drift", "guide:monitor-ml-models-in-production"][..],
        ),
        ("Which checks should every data pipeline run?", &["guide:testing-data-pipelines"][..]),
    ] {
        let reply = ask(question);
        assert!(
            first(&reply, 2).iter().any(|source| judged.contains(&source.as_str())),
            "{question}: {:?}",
            first(&reply, 3)
        );
    }
    // A name far rarer than its trade term means what it names.
    assert_eq!(first(&ask("Do you work with dbt?"), 1), ["service:analytics-engineering"]);
}

/// "Under control" and "out of control" say how things stand, not what they are: searched,
/// the "control" of "how do we get our data quality under control?" quoted the governance
/// service's "Hardening, access controls, monitoring of quality and cost, ...".
#[test]
fn under_control_is_phrasing_not_access_control() {
    let reply = ask("How do we get our data quality under control?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert!(!reply.text().contains("access controls"), "{}", reply.text());
    assert!(reply.text().contains("data quality issue"), "{}", reply.text());
    // Elsewhere "control" is searched.
    let reply = ask("how do I set up access control for the warehouse?");
    assert!(reply.text().contains("Access by role"), "{}", reply.text());
}

/// The testing guide's unit tests of logic never said what a transformation is written in,
/// so "how do I write unit tests for SQL?" quoted "Fix seeds for unit-level checks where the
/// library honours them." and "Write it down before writing SQL."; it now says "whether a SQL
/// model or a Python function".
#[test]
fn unit_tests_for_sql_quote_the_testing_guide() {
    let reply = ask("How do I write unit tests for SQL?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert!(
        reply.sentences[0].text.starts_with("Feed a transformation, whether a SQL model"),
        "{}",
        reply.text()
    );
    let cited = &reply.sources[reply.sentences[0].sources.start];
    assert_eq!(cited.slug, "testing-data-pipelines");
}

/// What the client receives from the firm's work ("deliverables", getting or receiving
/// something "at the end") is what each service page lists under its own heading: searched as
/// written, "what deliverables do we get at the end?" was "not covered" with the roles guide
/// and an onboarding guide as its closest items. It is searched among the firm's pages as
/// "deliverables", quoting one sentence of each service, since each delivers its own.
#[test]
fn what_the_client_receives_is_quoted_from_each_service() {
    for question in [
        "What deliverables do we get at the end?",
        "What will we receive at the end of the project?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        let cited: Vec<&str> =
            reply.sentences.iter().map(|s| reply.sources[s.sources.start].slug).collect();
        assert!(cited.len() >= 2, "{question}: {cited:?}");
        for (n, slug) in cited.iter().enumerate() {
            let item = reply.sources.iter().find(|s| s.slug == *slug).map(|s| s.kind);
            assert_eq!(item, Some(SourceKind::Service), "{question}: {cited:?}");
            assert!(!cited[..n].contains(slug), "one sentence of each service: {cited:?}");
        }
    }
    // Anything else named is searched.
    let reply = ask("what do you get at the end of the rainbow?");
    assert_eq!(reply.kind, AnswerKind::NotCovered, "{}", reply.text());
}

/// "Which industries do you specialise in?" was "not covered": "specialise", searched for, was
/// a word no sentence says with "industries". What the firm specialises in is its topic's
/// record, so it is a generic word, like "serve".
#[test]
fn what_the_firm_specialises_in_is_its_topics_record() {
    let reply = ask("Which industries do you specialise in?");
    assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Industries), "{}", reply.text());
    let reply = ask("what do you specialize in?");
    assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::About), "{}", reply.text());
}

/// "How many consultants will work on our project?" was "not covered" as if it asked how many
/// people the firm has; naming the work, it asks who the firm puts on it, as "who will work on
/// our project?" does. "How many people do you employ?" asks the firm's size.
#[test]
fn how_many_consultants_on_the_work_is_the_team_of_an_engagement() {
    let reply = ask("How many consultants will work on our project?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert!(reply.text().contains("A small Larchmere team (a lead consultant"), "{}", reply.text());
    // The firm's size, which its description says (fifty-seventh pass).
    let reply = ask("How many people do you employ?");
    assert!(reply.text().starts_with("Larchmere is a small consultancy"), "{}", reply.text());
}

/// A bold or italic run-in label closed by a full stop is a label whatever its length: read
/// as a sentence, "**Data scientist and ML engineer.**" opened the answer to how a data
/// engineer differs from an ML engineer ("Data scientist and ML engineer. A model built in a
/// notebook is not a product."), on the label's words. The roles guide's row for the ML
/// engineer now answers it.
#[test]
fn a_run_in_label_set_off_by_markup_is_never_quoted_as_a_sentence() {
    let reply = ask("What is the difference between a data engineer and an ML engineer?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert!(!reply.text().contains("Data scientist and ML engineer."), "{}", reply.text());
    assert!(
        reply
            .text()
            .contains("Machine learning (ML) engineer: Owns: Putting models into production"),
        "{}",
        reply.text()
    );
}

/// A service named by its name ("the data governance service") is the firm's, as "your data
/// governance service" is: without "your", "what does the data governance service include?"
/// cited a guide on AI security risks first. A web service is not one of the firm's.
#[test]
fn a_service_named_by_its_name_is_the_firms() {
    let reply = ask("What does the data governance service include?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert_eq!(first(&reply, 1), ["service:data-governance"]);
    let cited = reply.sources[reply.sentences[0].sources.start].slug;
    assert_eq!(cited, "data-governance", "{}", reply.text());
    let reply = ask("how do I deploy a model as a web service?");
    assert_eq!(reply.sources[0].kind, SourceKind::Guide, "{}", reply.text());
}

#[test]
fn knowing_whether_something_is_under_way_asks_how_to_detect_it() {
    // It opened on a definition, "Concept drift: the relationship itself changes.", and quoted
    // an incremental-models guide's "... so drift compounds".
    let reply = ask("How do we know if our model is drifting?");
    assert_eq!(first(&reply, 1), ["guide:detect-data-and-concept-drift"], "{reply:#?}");
    assert!(reply.sentences[0].text.starts_with("Drift detection"), "{}", reply.text());
    assert!(!reply.text().contains("compounds"), "{}", reply.text());
    // "Know" with nothing under way is searched as before.
    let reply = ask("How do I know if my forecast is any good?");
    assert!(!first(&reply, 5).contains(&"guide:detect-data-and-concept-drift".to_string()));
}

#[test]
fn a_service_named_by_its_name_is_the_first_source_and_is_quoted() {
    // "Strategy" alone ranked the data strategy service first, and it was quoted.
    let reply = ask("What does the AI strategy service include?");
    assert_eq!(first(&reply, 1), ["service:ai-strategy"], "{reply:#?}");
    assert!(reply.sentences.iter().all(|s| reply.sources[s.sources.start].slug == "ai-strategy"));
}

#[test]
fn who_will_be_on_the_team_is_the_team_the_firm_puts_on_the_work() {
    // It quoted a guide on team meetings.
    let reply = ask("Who will be on the team?");
    assert_eq!(reply.sources[0].kind, SourceKind::Service, "{reply:#?}");
    assert!(reply.text().contains("A small Larchmere team"), "{}", reply.text());
    // It opened on the sentence before the team's, "A typical engagement lasts six to eight
    // weeks.", chosen for the word "engagement" the team sentence lacked.
    assert!(reply.text().starts_with("A small Larchmere team"), "{}", reply.text());
    // The asker's own team is a guide question.
    let reply = ask("Who should be on our data team?");
    assert_ne!(reply.sources[0].kind, SourceKind::Service, "{reply:#?}");
}

#[test]
fn how_fast_results_come_is_answered_from_the_services() {
    // It quoted the insurer case study's "38% of claims routed to fast-track ...".
    for question in ["How fast will we see results?", "How soon will we see results?"] {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["service:data-platform-engineering"], "{reply:#?}");
        assert!(reply.sentences[0].text.contains("eight to ten weeks"), "{}", reply.text());
    }
}

#[test]
fn the_firm_reviews_a_data_architecture_and_the_testing_guide_unit_tests_dbt_models() {
    // Both were "not covered": no page said the firm reviews an architecture, and the testing
    // guide's unit tests named no dbt model.
    let reply = ask("Can you review our data architecture?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{reply:#?}");
    assert_eq!(first(&reply, 1), ["service:data-platform-engineering"]);
    let reply = ask("How do I unit test dbt models?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{reply:#?}");
    assert_eq!(first(&reply, 1), ["guide:testing-data-pipelines"]);
}

#[test]
fn the_deliverables_answer_names_the_service_each_sentence_is_about() {
    // It quoted "A scored baseline for each pillar, with evidence." and "A list of reports
    // retired, merged or rebuilt.", which named neither service, from the two pages whose
    // heading said "Deliverables".
    let reply = ask("What deliverables do we get at the end?");
    assert!(reply.sentences.len() >= 3, "{reply:#?}");
    let mut cited = Vec::new();
    for sentence in &reply.sentences {
        assert!(sentence.text.starts_with("The deliverables of "), "{}", sentence.text);
        let source = reply.sources[sentence.sources.start];
        assert_eq!(source.kind, SourceKind::Service);
        assert!(!cited.contains(&source.slug), "one sentence of each service");
        cited.push(source.slug);
    }
}

#[test]
fn making_a_business_case_is_asked_about_the_business_case_not_building() {
    // "Build" searched made it quote a TCO guide's "Business cases that stop at the build
    // invoice ..." alone.
    let reply = ask("How do I build a business case for AI?");
    assert_eq!(first(&reply, 1), ["guide:uncertainty-in-ai-business-cases"], "{reply:#?}");
    assert!(!reply.text().contains("build invoice"), "{}", reply.text());
    // "Build or buy" is still searched for building.
    let reply = ask("Should we build or buy our AI tools?");
    assert!(
        reply.sentences.iter().all(|s| reply.sources[s.sources.start].slug == "build-vs-buy-ai")
    );
}

/// A sentence that leans on the one before it ("The first ...", "It ...") at the head of its
/// paragraph can never be quoted; as the best candidate it left every other passage below 40%
/// of it, and the answer was "covered" with no sentence ("How fast will we see results?" with
/// a draft "The first results come with the first slice: ..."). Asked in its own words, each
/// such sentence is the closest passage to the question: the answer still says something
/// (`checked`), and never that sentence.
#[test]
fn a_sentence_leaning_on_nothing_never_leaves_an_answer_empty() {
    let mut asked = 0;
    for (at, record) in ANSWER_PASSAGES.iter().enumerate() {
        let leans_on_nothing = record.answerable
            && record.continues
            && at.checked_sub(1).map(|prev| &ANSWER_PASSAGES[prev]).is_none_or(|lead| {
                lead.item != record.item || lead.block != record.block || !lead.answerable
            });
        if !leans_on_nothing {
            continue;
        }
        asked += 1;
        let reply = ask(record.text);
        assert!(reply.sentences.iter().all(|s| s.text != record.text), "{reply:#?}");
    }
    assert!(asked > 0, "the content has such sentences");
}

/// "What do we get from an AI strategy engagement?" quoted the service's duration and team:
/// what the work gives is its deliverables, the word each service's sentence writes.
#[test]
fn what_one_gets_from_the_work_is_its_deliverables() {
    let reply = ask("What do we get from an AI strategy engagement?");
    assert!(first(&reply, 2).contains(&"service:ai-strategy".to_string()), "{reply:#?}");
    assert!(reply.text().starts_with("The deliverables of AI strategy work"), "{}", reply.text());
    let reply = ask("What do we get out of an MLOps project?");
    assert!(reply.text().starts_with("The deliverables of MLOps work"), "{}", reply.text());
    // Getting value from something is not what the work delivers.
    let reply = ask("How do I get value from a data platform project?");
    assert!(!reply.text().contains("The deliverables of"), "{}", reply.text());
}

/// "Can you help us design our data architecture?" was "not covered" where "can you review
/// our data architecture?" was answered: no page said the firm designs one.
#[test]
fn designing_a_data_architecture_is_answered_from_the_platform_service() {
    let reply = ask("Can you help us design our data architecture?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert!(first(&reply, 3).contains(&"service:data-platform-engineering".to_string()));
    assert!(reply.text().starts_with("Architecture design for a platform"), "{}", reply.text());
}

/// "What metrics should we track for an ML model in production?" quoted a leakage guide's
/// "It inflates offline metrics ...": the monitoring guide writes "monitor", not "track"
/// (the synonym `track` → `monitor`), and named its layers of metrics in no one sentence.
#[test]
fn the_metrics_to_track_for_a_live_model_are_the_monitoring_guides() {
    let reply = ask("What metrics should we track for an ML model in production?");
    assert_eq!(first(&reply, 1), ["guide:monitor-ml-models-in-production"], "{reply:#?}");
    assert!(reply.text().starts_with("The metrics to monitor for a model"), "{}", reply.text());
    assert!(!reply.text().contains("Leakage"), "{}", reply.text());
}

/// "Can you help us with GDPR for our AI system?" quoted an incident guide's 72-hour breach
/// notification: no page of the firm's own said what it does about data protection law.
#[test]
fn help_with_gdpr_for_an_ai_system_is_the_responsible_ai_service() {
    let reply = ask("Can you help us with GDPR for our AI system?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert_eq!(first(&reply, 1), ["service:responsible-ai"], "{reply:#?}");
    assert!(reply.text().contains("the GDPR"), "{}", reply.text());
    assert!(!reply.text().contains("72 hours"), "{}", reply.text());
}

/// "How do I evaluate a RAG system?" quoted the RAG guide's "A RAG system is really two
/// pipelines that meet at query time.": no sentence said how to evaluate one (the
/// evaluation-set guide writes "RAG" once). The RAG guide now does.
#[test]
fn evaluating_a_rag_system_is_answered_from_the_rag_guide() {
    let reply = ask("How do I evaluate a RAG system?");
    assert_eq!(first(&reply, 1), ["guide:rag-architecture-explained"], "{reply:#?}");
    assert!(
        reply.text().starts_with("Evaluate a RAG system in its two halves"),
        "{}",
        reply.text()
    );
    assert!(!reply.text().contains("two pipelines"), "{}", reply.text());
}

/// "How do we get staff to actually use the new AI tools?" quoted the acceptable-use policy
/// ("Staff using an assistant are covered by this policy."): "use" is the policy's word, and
/// the change-plan guide said "adoption", never what gets staff to use a tool.
#[test]
fn getting_staff_to_use_ai_tools_is_the_change_plan_guides() {
    let reply = ask("How do we get staff to actually use the new AI tools?");
    assert!(
        reply.text().starts_with("Staff adopt a new AI tool, and actually use it, when"),
        "{}",
        reply.text()
    );
    assert!(!reply.text().contains("policy"), "{}", reply.text());
    assert!(first(&reply, 3).contains(&"guide:change-plan-for-ai-rollout".to_string()));
}

/// "How do I convince the board to fund a data platform?" was "not covered": the platform
/// business case guide writes "persuade", and the items that write "convince" are about
/// other things (the synonym `convince` -> `persuade`).
#[test]
fn convincing_the_board_is_the_platform_business_case() {
    let reply = ask("How do I convince the board to fund a data platform?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert_eq!(first(&reply, 1), ["guide:business-case-data-platform"], "{reply:#?}");
}

/// "What will we receive from the data platform service?" quoted analytics engineering's
/// deliverables: "data platform service" named no service (its name is Data Platform
/// Engineering), and the platform service's own deliverables sentence was joined to the
/// short lead-in after it ("Handover includes:"), which made it a lead-in, never quoted.
#[test]
fn what_the_data_platform_service_delivers_is_its_own_deliverables() {
    let reply = ask("What will we receive from the data platform service?");
    assert_eq!(first(&reply, 1), ["service:data-platform-engineering"], "{reply:#?}");
    assert!(reply.text().starts_with("The deliverables of platform work are"), "{}", reply.text());
    assert!(!reply.text().contains("analytics engineering"), "{}", reply.text());
    // So does "the machine learning service" name Machine Learning Engineering.
    let reply = ask("What does the machine learning service include?");
    assert_eq!(first(&reply, 1), ["service:machine-learning-engineering"], "{reply:#?}");
}

/// "Do you do DPIAs?" was "not covered": the Responsible AI service said it helps run "the
/// data protection impact assessment" but never its initials, and a guide is never the firm.
#[test]
fn whether_the_firm_runs_dpias_is_the_responsible_ai_service() {
    let reply = ask("Do you do DPIAs?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert_eq!(first(&reply, 1), ["service:responsible-ai"], "{reply:#?}");
    assert!(reply.text().contains("(DPIA)"), "{}", reply.text());
}

/// "How much does a pilot cost?" quoted a cost guide's pitfall, "Pilot-scale costs
/// extrapolated linearly, ...": the stage-gate guide gave each stage's share of the spend
/// and its weeks, never what a pilot costs. It now says so in money.
#[test]
fn what_a_pilot_costs_is_the_stage_gate_guides_figure() {
    let reply = ask("How much does a pilot cost?");
    assert_eq!(first(&reply, 1), ["guide:stage-gates-ai-pilots"], "{reply:#?}");
    assert!(reply.text().contains("£100k to £250k"), "{}", reply.text());
    assert!(!reply.text().contains("extrapolated linearly"), "{}", reply.text());
    // A list item beside the best sentence, its list's lead-in ("Examples:") left out, reads
    // as a claim of its own (the ninth pass): the answer opened on an example of a kill
    // criterion, "Run cost estimate exceeds 50% of the expected annual benefit.".
    assert!(reply.text().starts_with("In money, a live pilot"), "{}", reply.text());
    assert!(!reply.text().contains("Run cost estimate"), "{}", reply.text());
    // What to spend on one is the same figure (the eighth pass): the guide wrote "costs", and
    // "How much should we spend on an AI pilot?" still quoted the pitfall.
    let reply = ask("How much should we spend on an AI pilot?");
    assert_eq!(first(&reply, 1), ["guide:stage-gates-ai-pilots"], "{reply:#?}");
    assert!(reply.text().starts_with("In money, a live pilot"), "{}", reply.text());
    assert!(!reply.text().contains("extrapolated linearly"), "{}", reply.text());
}

/// "Can you work with our existing team?" quoted a regulation guide's "... with few specific
/// obligations beyond existing law": "existing" is phrasing, and the question is the one "can
/// you work with our team?" asks, answered with the firm's description ("build it with them,
/// and leave them able to run it").
#[test]
fn an_existing_team_is_the_askers_team() {
    let reply = ask("Can you work with our existing team?");
    assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::About), "{}", reply.text());
    assert!(!reply.text().contains("existing"), "{}", reply.text());
    assert_eq!(reply.text(), ask("Can you work with our team?").text());
}

/// What a buyer asks before writing, which no record said (2026-12-05, the eighth pass): who
/// owns the work, what follows the engagement, whether there is support after it. The
/// organisation's "How we work" statements say it, and the answer quotes them: "Will we own
/// the models you build?" quoted the generative AI service's evaluation suite, "What happens
/// after the engagement ends?" analytics engineering's first phase, and "Who owns the IP?"
/// and "Do you offer ongoing support?" were "not covered".
#[test]
fn the_firms_terms_of_business_are_answered_from_how_it_works() {
    for (question, opening) in [
        ("Will we own the models you build?", "You own the intellectual property (IP)"),
        ("Who owns the IP?", "You own the intellectual property (IP)"),
        ("Who owns the code you write?", "You own the intellectual property (IP)"),
        ("What happens after the engagement ends?", "What happens after the engagement ends"),
        ("Do you offer ongoing support?", "What happens after the engagement ends"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 1), ["contact:contact"], "{question}");
        assert!(reply.text().starts_with(opening), "{question}: {}", reply.text());
    }
    // A question of the guides that shares the statements' words is not the firm's terms:
    // the IP statement says "build", "data pipelines" and "models".
    for question in ["How do I build a data pipeline?", "Who should own our data models?"] {
        let reply = ask(question);
        assert!(first(&reply, 1) != ["contact:contact"], "{question}: {}", reply.text());
    }
}

/// Whether the firm runs workshops (the ninth pass): no page of its own said so beyond the
/// readiness assessment's findings workshop, and "do you run workshops?" was "not covered". The
/// data literacy service's sessions are workshops, and now say so.
#[test]
fn whether_the_firm_runs_workshops_is_the_training_service() {
    let reply = ask("do you run workshops?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert!(reply.text().contains("hands-on workshops"), "{}", reply.text());
    assert!(
        first(&reply, 3).iter().any(|source| source == "service:data-literacy-training"),
        "{reply:#?}"
    );
}

/// "Do you offer workshops?" asks what "do you run workshops?" asks, and was "not covered":
/// "offer", the phrasing of a question to the firm, weighed in what the closest service had
/// to cover, and no service writes it, where the data literacy service writes "provide". A
/// service is something the firm offers, so it covers the word in full.
#[test]
fn what_the_firm_offers_is_covered_by_its_services() {
    for question in ["do you offer workshops?", "does Larchmere offer workshops?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(reply.text().contains("workshop"), "{question}: {}", reply.text());
        let sources = first(&reply, 2);
        for service in ["service:ai-readiness-assessment", "service:data-literacy-training"] {
            assert!(sources.iter().any(|source| source == service), "{question}: {reply:#?}");
        }
    }
    // What no page of the firm's says stays "not covered" however it is asked.
    for question in ["do you offer refunds?", "do you offer yoga workshops?"] {
        assert_eq!(ask(question).kind, AnswerKind::NotCovered, "{question}");
    }
}

/// A duration question that says a service's slug words and nothing else asks how long that
/// work takes (the ninth pass): "How long does an AI strategy take?" quoted a guide's "A data
/// strategy written five years ago usually lacks the following.", the AI strategy service
/// fifth among the sources. The length of the named service's engagement is the answer, though
/// it says neither "AI" nor "strategy"; the length of a part of another's is not, and a data
/// strategy's own sentence still answers for it.
#[test]
fn a_duration_question_naming_a_service_by_its_words_gets_that_services_length() {
    for question in ["How long does an AI strategy take?", "how long does ai strategy take"] {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["service:ai-strategy"], "{question}: {reply:#?}");
        assert!(
            reply.text().starts_with("A typical engagement lasts six to eight weeks."),
            "{question}: {}",
            reply.text()
        );
        assert!(!reply.text().contains("Data strategy"), "{question}: {}", reply.text());
    }
    let data = ask("How long does a data strategy take?");
    assert_eq!(first(&data, 1), ["service:data-strategy"], "{data:#?}");
    assert!(
        data.text().starts_with("Most data strategies take seven to eight weeks"),
        "{}",
        data.text()
    );
    assert!(!data.text().contains("Handover"), "{}", data.text());
}

/// A noun of the firm's work right after a service's slug words names that same work (the
/// eleventh pass): "How long does AI strategy work take?" quoted a guide's "Data strategy
/// exists, under two years old, working: ...", the extra word "work" being read as a subject
/// of its own. A word that only begins with one ("workshop") is no such noun.
#[test]
fn a_noun_of_the_work_after_a_services_words_names_that_work() {
    for question in
        ["How long does AI strategy work take?", "how long does the AI strategy work take"]
    {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["service:ai-strategy"], "{question}: {reply:#?}");
        assert!(
            reply.text().starts_with("A typical engagement lasts six to eight weeks."),
            "{question}: {}",
            reply.text()
        );
        assert!(!reply.text().contains("Data strategy exists"), "{question}: {}", reply.text());
    }
    let data = ask("how long does data strategy work take");
    assert!(
        data.text().starts_with("Most data strategies take seven to eight weeks"),
        "{}",
        data.text()
    );
    assert!(!data.text().contains("Handover"), "{}", data.text());
    let workshop = ask("how long does AI strategy workshop take");
    assert!(!workshop.text().contains("A typical engagement lasts"), "{}", workshop.text());
}

/// "What workshops do you offer?" asks what "do you offer workshops?" asks (the eleventh
/// pass): it quoted a use-case guide's "Don't reject ideas for data reasons in the workshop."
/// Asked which of a kind, it is answered from the firm's pages, one sentence of each: the
/// assessment's findings workshop and the training's hands-on sessions. "What services do you
/// offer?" still gets the list, and what the firm does not offer stays "not covered".
#[test]
fn which_things_the_firm_offers_are_answered_from_its_pages() {
    for question in ["what workshops do you offer?", "Which workshops does Larchmere offer?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(
            reply.sentences.iter().all(|sentence| {
                reply.sources[sentence.sources.clone()]
                    .iter()
                    .all(|source| source.kind == SourceKind::Service)
            }),
            "{question}: {reply:#?}"
        );
        for said in ["A findings workshop", "courses as hands-on workshops"] {
            assert!(reply.text().contains(said), "{question}: {}", reply.text());
        }
    }
    let services = ask("what services do you offer?");
    assert_eq!(services.kind, AnswerKind::Company(CompanyTopic::Services), "{services:#?}");
    assert_eq!(ask("what yoga workshops do you offer?").kind, AnswerKind::NotCovered);
}

/// An item of a list under a heading of what goes wrong ("## Pitfalls") is a mistake, which
/// only the heading says (the eleventh pass): quoted as the best sentence, or beside another,
/// it read as advice. "how do I stop my LLM hallucinating" closed on "Adding \"do not
/// hallucinate\" to the prompt and considering the matter closed.", "What should a data
/// contract contain?" on "Contracts written by the data team and imposed on producers who
/// never agreed to them.". A pitfall whose run-in label names the mistake goes on to say
/// what is right, and is quoted as before ("Finance and marketing may legitimately need
/// different customer counts."); a question of what goes wrong still gets the others.
#[test]
fn a_pitfall_is_quoted_only_for_a_question_of_what_goes_wrong() {
    for (question, pitfall) in [
        ("how do I stop my LLM hallucinating", "Adding \"do not hallucinate\""),
        ("What should a data contract contain?", "Contracts written by the data team"),
        ("fine tuning vs RAG", "Fine-tuning to fix problems"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(!reply.text().contains(pitfall), "{question}: {}", reply.text());
    }
    let pitfalls = ask("what are the pitfalls of fine-tuning?");
    assert!(
        pitfalls.text().contains("Fine-tuning to fix problems that are really retrieval failures."),
        "{}",
        pitfalls.text()
    );
}

/// A line of a calculation ("= Invoiced revenue in the warehouse: 13.70", the total rows of the
/// reconciliation guide's bridge table) is a figure of a worked example, not a statement: it was
/// the whole answer to "our dashboards disagree on revenue", with "= Revenue per the ledger:
/// 13.59", on `/ask` and the A2A agent alike.
#[test]
fn a_line_of_a_calculation_is_never_quoted() {
    let formula = |text: &str| text.starts_with(['=', '+', '×', '÷', '−', '≈']);
    assert!(
        ANSWER_PASSAGES.iter().any(|p| formula(p.text)),
        "the content still has a bridge table's total rows, which this test is about"
    );
    for passage in ANSWER_PASSAGES.iter().filter(|p| formula(p.text)) {
        assert!(!passage.answerable, "{}", passage.text);
    }
    for question in
        ["our dashboards disagree on revenue", "why do our dashboards disagree on revenue?"]
    {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert_eq!(first(&reply, 1), ["guide:reconcile-conflicting-reports"], "{question}");
        for sentence in &reply.sentences {
            assert!(!formula(sentence.text), "{question}: {}", reply.text());
        }
        // What the guide says about it: the causes to check.
        assert!(reply.text().contains("short list of causes"), "{question}: {}", reply.text());
    }
}

/// A maturity band's line says that it is a band and which scores it holds, as the assessment
/// page does ("**Building** (from 40): ..."): composed as "Building: Foundations ...", its
/// "band" sat only in the heading, where it counts half, and "what does the Building band
/// mean?" quoted a thresholds guide's "Low band: auto-approve or take no action." before the
/// band's meaning ("building" is a common word and weighs little).
#[test]
fn a_maturity_bands_meaning_is_its_line_of_the_assessment() {
    for name in ["Exploring", "Experimenting", "Building", "Scaling", "Leading"] {
        let question = format!("what does the {name} band mean?");
        let reply = ask(&question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert_eq!(first(&reply, 1), ["assessment:ai-readiness"], "{question}");
        let opening = reply.sentences[0].text;
        assert!(
            opening.starts_with(&format!("The {name} band, a score from ")),
            "{question}: {opening}"
        );
    }
    let building = ask("what does the Building band mean?");
    assert_eq!(
        building.sentences[0].text,
        "The Building band, a score from 40 to 59: Foundations are in place and the first projects are reaching production, but processes, skills and governance are not yet consistent across the organisation."
    );
    assert!(!building.text().contains("Low band"), "{}", building.text());
    // The range is part of the line, so a band's first score finds it.
    let top = ask("what does a score of 80 mean?");
    assert!(top.text().starts_with("The Leading band, a score from 80 to 100: "), "{}", top.text());
}

/// A two-column table row whose value is a bare figure ("Unexplained, against finance's
/// £13.60m: 0.01", under the columns "Step" and "£m") leaves what the figure counts to the
/// column's label, which the row's text does not carry: quoted, it closed the answer to "how do
/// we reconcile BI numbers with finance figures?", and a vendor scorecard's "Vendor viability
/// and support: 15%." answered "how do I pick a vendor?".
#[test]
fn a_table_rows_bare_figure_is_never_quoted() {
    // "<label>: <a figure with no word>." is how such a row reads as a passage; a row of more
    // columns carries their labels ("Low: Users: 50; Documents per month: 10,000.").
    let bare_figure = |text: &str| {
        text.split_once(": ").is_some_and(|(label, value)| {
            !label.contains(". ")
                && !value.contains(": ")
                && value.chars().any(|c| c.is_ascii_digit())
                && !value.chars().any(char::is_alphabetic)
        })
    };
    let rows: Vec<&str> =
        ANSWER_PASSAGES.iter().filter(|p| bare_figure(p.text)).map(|p| p.text).collect();
    assert!(
        rows.contains(&"Unexplained, against finance's £13.60m: 0.01."),
        "the content still has the bridge table's rows, which this test is about"
    );
    // A list item reads the same ("Same week last year, scaled by recent trend: 33%."), but its
    // lead-in says what it counts, and it is quoted only from its own list.
    for passage in ANSWER_PASSAGES.iter().filter(|p| bare_figure(p.text) && !p.list_item) {
        assert!(!passage.answerable, "{}", passage.text);
    }
    for (question, row) in [
        ("how do we reconcile BI numbers with finance figures?", "0.01"),
        ("how do I pick a vendor?", "Vendor viability and support: 15%."),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert!(!reply.text().contains(row), "{question}: {}", reply.text());
    }
}

/// A score of the assessment is read as its band, which the band's line names ("The Building
/// band, a score from 40 to 59: ..."): "what does a readiness score of 48 mean?" was not
/// covered, "48" being a word no item writes. Only a whole number from 0 to 100 beside a score
/// word, in a question that names the assessment or nothing but the score: a number elsewhere,
/// or a score of something else, is searched as before.
#[test]
fn an_assessment_score_is_read_as_its_band() {
    for (question, band) in [
        ("what does a readiness score of 48 mean?", "Building"),
        ("what does a score of 48 mean?", "Building"),
        ("I scored 48 on the readiness assessment, what does that mean?", "Building"),
        ("we scored 48 out of 100", "Building"),
        ("what does a readiness score of 15 mean?", "Exploring"),
        ("we got 72 on your readiness check", "Scaling"),
        ("my readiness score is 100", "Leading"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert_eq!(first(&reply, 1), ["assessment:ai-readiness"], "{question}");
        let line = format!("The {band} band, a score from ");
        assert!(reply.text().contains(&line), "{question}: {}", reply.text());
    }
    // A score of something else, a decimal, a number past 100 or one far from any score word
    // is no band.
    for question in [
        "our F1 score is 70, is that good?",
        "what does a score of 0.8 mean in precision?",
        "what does a readiness score of 150 mean?",
        "we have 48 dashboards, what should we do?",
    ] {
        let reply = ask(question);
        assert!(!reply.text().contains(" band, a score from "), "{question}: {}", reply.text());
    }
}

/// A synonym phrase that a guide and a service write is meant as written: "chief data
/// officer", which one guide and the fractional leadership service write, was read as `head of
/// data` because search counts guides alone, and "should we hire a chief data officer?" quoted
/// a guide's "Symptoms: hiring freezes on planned roles; initiatives started and paused.". A
/// phrase with a filler ("speed up") still counts guides alone: the data governance service's
/// "speeds up analytics engineering" would leave "how do I speed up my dashboard?" unread as
/// `slow`.
#[test]
fn a_phrase_a_guide_and_a_service_write_is_meant_as_written() {
    for question in
        ["should we hire a chief data officer?", "Is it worth hiring a chief data officer?"]
    {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert_eq!(first(&reply, 1), ["service:fractional-data-leadership"], "{question}");
        assert!(
            reply.text().contains("full-time chief data officer"),
            "{question}: {}",
            reply.text()
        );
        assert!(!reply.text().contains("hiring freezes"), "{question}: {}", reply.text());
    }
    let dashboard = ask("how do I speed up my dashboard?");
    assert_eq!(dashboard.kind, AnswerKind::Answered);
    assert_eq!(first(&dashboard, 1), ["guide:fix-slow-dashboards"]);
}

/// "Which films do you like?": the firm's taste, which no record states. "films", read as
/// "files" (one edit), quoted service sentences about files. "Would you like ..." offers, and
/// "look like" compares: both stay questions.
#[test]
fn the_firms_taste_is_not_covered() {
    for question in [
        "which films do you like?",
        "do you like films?",
        "which books do you like?",
        "what is your favourite film?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {}", reply.text());
    }
    for question in
        ["would you like to know about our data platform?", "what would a data strategy look like?"]
    {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
    }
}

/// "What films do you recommend?": the firm's taste again, asked as a recommendation; "films",
/// a word no item writes, read as "files", quoted open table formats' data files. A
/// recommendation of something the library writes is searched as before.
#[test]
fn a_recommendation_of_nothing_the_library_writes_is_not_covered() {
    for question in [
        "what films do you recommend?",
        "can you recommend a good film?",
        "what music do you suggest?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {}", reply.text());
        assert!(!reply.text().contains("files"), "{question}: {}", reply.text());
    }
    for question in [
        "what tools do you recommend for data pipelines?",
        "what would you recommend for data quality?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
    }
}

/// "Who is your chief data officer?" asks who the firm's own people are, which no record
/// states: not covered, with the contact record, where it quoted the fractional leadership
/// service's "... attract a full-time chief data officer." (a service, not the firm's staff).
/// "Who are your clients?" keeps the case studies, and the asker's own roles are searched.
#[test]
fn who_the_firms_people_are_is_not_covered() {
    for question in ["who is your chief data officer?", "who's your head of data?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {}", reply.text());
        assert!(!reply.text().contains("chief data officer"), "{question}: {}", reply.text());
    }
    let clients = ask("who are your clients?");
    assert_eq!(clients.kind, AnswerKind::Company(CompanyTopic::CaseStudies), "{}", clients.text());
    let ours = ask("who should be our chief data officer?");
    assert_ne!(ours.kind, AnswerKind::NotCovered, "{}", ours.text());
}

/// "Who are your people?" asks who the firm's people are, as "who is your CEO?" does: not
/// covered, with the contact record alone. It quoted a dashboard guide's "people are taking the
/// data elsewhere", and "who are your staff?" a "How we work" statement about clients' "no data
/// staff yet". "Who are your consultants?" and "who are your team?" keep the firm's description.
#[test]
fn who_the_firms_people_are_is_not_covered_in_the_plural_either() {
    for question in ["who are your people?", "who are your staff?", "who are your partners?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 5), ["contact:contact"], "{question}");
    }
    for question in ["who are your consultants?", "who are your team?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::About), "{question}");
    }
}

/// An abbreviation that spells the initials of a phrase the synonym table gives it, and the
/// library writes, means that phrase: "DPO" was read as `personal data` (the phrase whose
/// rarest word the index uses most) and "what is a DPO?" quoted the subject-requests guide,
/// where the DPIA guide says what a data protection officer is. "PII" is still personal data:
/// no item writes "personally identifiable information".
#[test]
fn an_abbreviation_means_the_phrase_it_spells() {
    for question in ["what is a DPO?", "what does a DPO do?"] {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["guide:dpia-for-analytics-and-ai"], "{question}");
        assert!(
            reply.text().starts_with("A data protection officer (DPO) is the adviser"),
            "{question}: {}",
            reply.text()
        );
    }
    let cdo = ask("do we need a CDO?");
    assert_eq!(first(&cdo, 1), ["service:fractional-data-leadership"], "{}", cdo.text());
    let pii = ask("How do you handle PII in training data?");
    assert!(pii.text().contains("personal data"), "{}", pii.text());
}

/// "Do you recommend dbt?" asks what "do you work with dbt?" asks: whether the firm works with a
/// tool, which the library answers where it names it (the analytics engineering service's
/// "dbt-style tooling"). Weighed as a filler, "recommend" (rarer than "work") left it "not
/// covered". A tool the library never names is still not covered, with the contact record, and
/// "do you work with small companies?" keeps the "How we work" statement that says "work".
#[test]
fn a_recommendation_of_a_tool_the_library_names_is_answered_from_it() {
    for question in ["do you recommend dbt?", "would you recommend dbt?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 1), ["service:analytics-engineering"], "{question}");
        assert!(reply.text().contains("dbt-style tooling"), "{question}: {}", reply.text());
    }
    let snowflake = ask("do you recommend snowflake?");
    assert_eq!(snowflake.kind, AnswerKind::NotCovered, "{}", snowflake.text());
    let small = ask("do you work with small companies?");
    assert!(
        small.text().starts_with("We work with organisations of every size"),
        "{}",
        small.text()
    );
}

/// "ur" and "u", typed on a phone for "your" and "you", address the firm: "whats ur day rate"
/// gets the prices answer "what's your day rate?" gets, and "can u help w/ gdpr" is answered;
/// both were "not covered", "ur" a word no item uses that weighed the question down.
#[test]
fn text_speak_for_you_and_your_addresses_the_firm() {
    let rate = ask("whats ur day rate");
    assert_eq!(rate.kind, AnswerKind::Company(CompanyTopic::Pricing), "{}", rate.text());
    let gdpr = ask("can u help w/ gdpr");
    assert_eq!(gdpr.kind, AnswerKind::Answered, "{}", gdpr.text());
    assert!(gdpr.text().contains("GDPR"), "{}", gdpr.text());
}

/// "When does an analytics project need a data protection impact assessment?" read the phrase
/// as written (the thirteenth pass) and lost the rule "If two or more triggers apply, do a full
/// DPIA.", which said "DPIA" and nothing of the question; the rule now says the project
/// "needs" one. "What is a data protection officer?" quoted a public sector page's "we work
/// alongside data protection officers"; the DPIA guide now says what one is.
#[test]
fn a_dpia_and_a_data_protection_officer_are_answered_from_the_dpia_guide() {
    let when = ask("When does an analytics project need a data protection impact assessment?");
    assert!(when.text().contains("If two or more triggers apply"), "{}", when.text());
    let dpo = ask("what is a data protection officer?");
    assert_eq!(first(&dpo, 1), ["guide:dpia-for-analytics-and-ai"], "{}", dpo.text());
    assert!(
        dpo.text().starts_with("A data protection officer (DPO) is the adviser"),
        "{}",
        dpo.text()
    );
}

/// "How much does a data platform cost?" closed on a business-case checklist's "A realistic run
/// cost for the new platform, not just migration cost.": the figure said "to run", which only
/// "... cost to run?" asks. The cost guardrails guide, its first source, now says it.
#[test]
fn a_data_platforms_cost_is_its_monthly_figure() {
    for question in ["how much does a data platform cost?", "what does a data platform cost?"] {
        let reply = ask(question);
        assert!(reply.text().contains("£1,000 to £3,000 a month"), "{question}: {}", reply.text());
        assert!(!reply.text().contains("A realistic run cost"), "{question}: {}", reply.text());
    }
}

/// "What consulting do you offer?" asks for the firm's services; searched, "consulting" found a
/// guide's "Report back on what changed as a result of consultation." (one stem).
#[test]
fn the_firms_consulting_is_its_services() {
    for question in ["what consulting do you offer?", "do you offer consulting?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Services), "{question}");
        assert!(!reply.text().contains("consultation"), "{question}: {}", reply.text());
    }
}

/// "Programming" is not "programme": Snowball stems it "program", which the synonym table makes
/// one with "programme", so "what is the best programming language for data?" quoted "Most
/// data governance programmes fail quietly". The library writes no word on programming
/// languages: not covered, and no programme quoted.
#[test]
fn programming_is_not_a_programme() {
    for question in [
        "what is the best programming language for data?",
        "which programming language should our analysts learn?",
    ] {
        let reply = ask(question);
        assert!(!reply.text().contains("programme"), "{question}: {}", reply.text());
    }
    let governance = ask("how do we start a data governance programme?");
    assert_eq!(first(&governance, 1), ["guide:start-data-governance-programme"]);
}

/// A buyer asking to see work gets the case studies: "see" asks to see, as "show" does, and
/// "Can I see a case study?" quoted the API page's "GET ... /v1/case-studies ..."; "see you
/// later" takes leave and quotes no roadmap's "Later (9-18 months)".
#[test]
fn asking_to_see_a_case_study_gets_the_case_studies() {
    for question in ["Can I see a case study?", "Can I see your case studies?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::CaseStudies), "{question}");
    }
    let later = ask("see you later");
    assert!(!later.text().contains("Later (9"), "{}", later.text());
}

/// OpenAI, a word no item writes, is a vendor of language models: one edit from "openapi", it
/// made "can we use open source LLMs instead of OpenAI?" quote the API page.
#[test]
fn openai_is_a_vendor_of_language_models() {
    let reply = ask("can we use open source LLMs instead of OpenAI?");
    assert_eq!(first(&reply, 1), ["guide:self-host-open-weight-models"], "{}", reply.text());
    assert!(!reply.text().contains("OpenAPI"), "{}", reply.text());
    assert!(!reply.sources.iter().any(|s| s.slug == "api"), "{}", reply.text());
}

/// The agent card's own examples read as answers. "How should we monitor a model for drift in
/// production?" was a table row of the MLOps service alone ("Monitoring: Input drift, ..."); the
/// monitoring guide now says how, in a sentence. "How do we start with demand forecasting?"
/// quoted the retail page's fashion ranges; the baselines guide now says where a demand
/// forecast starts.
#[test]
fn the_agent_cards_examples_are_answered_in_sentences_that_say_how() {
    let drift = ask("How should we monitor a model for drift in production?");
    assert!(!drift.text().starts_with("Monitoring:"), "{}", drift.text());
    assert!(
        drift.text().contains("To monitor a model for drift in production"),
        "{}",
        drift.text()
    );
    let demand = ask("How do we start with demand forecasting?");
    assert_eq!(first(&demand, 1), ["guide:baseline-forecasting-methods"], "{}", demand.text());
    assert!(!demand.text().contains("fashion"), "{}", demand.text());
}

/// "Do you have a case study in retail?" quoted the case study's summary, then its first line,
/// which opens with the same eight words ("A fashion and homeware retailer with 140 stores"):
/// two sentences that open alike are one too many.
#[test]
fn an_answer_does_not_open_two_sentences_alike() {
    for question in
        ["Do you have a case study in retail?", "any retail clients?", "Retail case study"]
    {
        let reply = ask(question);
        let openings: Vec<String> = reply
            .sentences
            .iter()
            .map(|s| s.text.split_whitespace().take(6).collect::<Vec<_>>().join(" "))
            .collect();
        for (at, opening) in openings.iter().enumerate() {
            assert!(!openings[..at].contains(opening), "{question}: {}", reply.text());
        }
        assert_eq!(first(&reply, 1), ["case-study:retailer-platform-migration"], "{question}");
    }
}

/// "Can you help a charity?" and "do you work with charities?" were told the six industries,
/// which read as a no; the firm's "How we work" statement says it works with charities.
#[test]
fn a_charity_is_told_the_firm_works_with_charities() {
    for question in ["Can you help a charity?", "do you work with charities"] {
        let reply = ask(question);
        assert!(reply.text().contains("charities"), "{question}: {}", reply.text());
        assert_eq!(first(&reply, 1), ["contact:contact"], "{question}");
    }
    let industries = ask("Which industries do you work in?");
    assert_eq!(industries.kind, AnswerKind::Company(CompanyTopic::Industries));
}

/// A guide's address says what it is for in the fewest words. "How do we find AI use cases?"
/// opened on the use-case register (whose questions say "find"), where the guide at
/// `/guides/find-ai-use-cases/` is titled "How to build a long list of AI and data use
/// cases"; "What guardrails should an LLM app have?" on the evaluation-set guide (its question
/// says "app"). A slug word the synonym table reads as another term ("genai") is not counted:
/// it made the prototype guide the first source of a question of an acceptable-use policy.
#[test]
fn a_guide_whose_address_says_the_question_is_its_first_source() {
    for (question, guide) in [
        ("how do we find AI use cases", "guide:find-ai-use-cases"),
        ("how to find use cases for ai", "guide:find-ai-use-cases"),
        ("What guardrails should an LLM app have?", "guide:guardrails-for-llm-apps"),
        (
            "how do I write a genai acceptable use policy",
            "guide:generative-ai-acceptable-use-policy",
        ),
    ] {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), [guide], "{question}: {}", reply.text());
    }
}

/// "How do we improve data literacy?": what is to be improved is the subject, as with
/// "reduce". At full weight, "improve" quoted the measuring guide's "The honest claim is
/// therefore an improvement of roughly 15 points, not 19."
#[test]
fn improve_is_question_phrasing() {
    let reply = ask("how do we improve data literacy");
    assert_eq!(reply.kind, AnswerKind::Answered);
    assert!(!reply.text().contains("improvement of roughly"), "{}", reply.text());
    assert!(reply.text().contains("data literacy"), "{}", reply.text());
}

/// "Should I use SMOTE?" was "not covered": no sentence that says "SMOTE" also says "use", and
/// two subject words that no sentence holds together made the question one the library does
/// not discuss. "Use" is a word nearly every item writes, and not a subject word for that rule.
#[test]
fn a_word_nearly_every_item_writes_does_not_scatter_a_question() {
    let reply = ask("Should I use SMOTE?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert_eq!(first(&reply, 1), ["guide:handle-imbalanced-classes"]);
    assert!(reply.text().contains("SMOTE"), "{}", reply.text());
}

/// Questions a guide or page answered nowhere in one sentence: each now has the sentence, in
/// the voice of the page it belongs in, and "eval" is read as "evaluation".
#[test]
fn questions_the_pages_now_answer_in_a_sentence() {
    for (question, source, says) in [
        (
            "What is the medallion architecture?",
            "guide:layered-warehouse-architecture",
            "medallion",
        ),
        (
            "What is incremental modelling in dbt?",
            "guide:incremental-transformation-models",
            "In dbt",
        ),
        (
            "Centralised or decentralised data team?",
            "guide:choose-data-operating-model",
            "decentralise",
        ),
        (
            "When is streaming worth it?",
            "guide:streaming-or-batch-latency",
            "Streaming is worth it",
        ),
        ("Do you work with local councils?", "industry:public-sector", "local councils"),
        (
            "How many examples do I need in an eval set?",
            "guide:build-an-llm-eval-set",
            "150 to 300",
        ),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(reply.text().contains(says), "{question}: {}", reply.text());
        let cited = reply.sentences.iter().find(|s| s.text.contains(says)).map(|s| s.sources.start);
        let cited =
            cited.map(|at| format!("{}:{}", reply.sources[at].kind.name(), reply.sources[at].slug));
        assert_eq!(cited.as_deref(), Some(source), "{question}: {}", reply.text());
    }
}

/// "What results have you achieved for clients?" quoted no case study: "clients" named the
/// case studies, so the result words were searched ("achieves 0.84 AUC", "what your training
/// achieved") and nothing said both. What the firm's work achieved is what its case studies
/// tell, as for "what results have you achieved?".
#[test]
fn results_for_clients_are_the_case_studies() {
    for question in
        ["What results have you achieved for clients?", "what results have you achieved?"]
    {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::CaseStudies), "{question}");
    }
}

/// Small talk asks nothing of the library (the twentieth pass): "thanks" quoted "Fewer than
/// they think are right." ("thanks" read as "think"), "you are useless" a guide's "...
/// day-to-day comparisons useless." and "is this a chatbot" a support-assistant guide.
/// Courtesy gets who is answering, as a greeting does; a complaint, or whether a person
/// answers, gets how to reach one. After an answer, the same: the turn is read alone.
#[test]
fn small_talk_gets_a_fixed_answer_not_a_sentence_that_shares_a_word() {
    let about = AnswerKind::Company(CompanyTopic::About);
    let contact = AnswerKind::Company(CompanyTopic::Contact);
    for (question, kind) in [
        ("thanks", about),
        ("thank you!", about),
        ("ok", about),
        ("great, cheers", about),
        ("hello?", about),
        ("got it", about),
        ("that helps, thanks", about),
        ("you are useless", contact),
        ("this is rubbish", contact),
        ("wrong answer", contact),
        ("are you a bot", contact),
        ("is this a chatbot?", contact),
    ] {
        assert_eq!(ask(question).kind, kind, "{question}: {}", ask(question).text());
        let after = ask_after(&["How do I monitor a model for drift?"], question);
        assert_eq!(after.kind, kind, "after an answer, {question}: {}", after.text());
    }
    // A subject with the same words is asked, and searched as before.
    for question in ["can you help us build a chatbot?", "human oversight", "what is a bot?"] {
        let kind = ask(question).kind;
        assert!(!matches!(kind, AnswerKind::Company(_)), "{question}: {kind:?}");
    }
}

/// Sentences the pages lacked (the twentieth pass): "what is statistical significance"
/// quoted a drift guide's rule of thumb ("... above 0.25 significant shift.") and "how do I
/// forecast sales" was "not covered", though the A/B-test guide used p-values throughout and
/// the baselines guide told how a demand forecast starts. Each now says it in a sentence.
#[test]
fn significance_and_sales_forecasts_are_said_in_a_sentence() {
    for (question, source, says) in [
        (
            "What is statistical significance?",
            "guide:read-ab-test-results",
            "statistically significant when",
        ),
        ("What is a p-value?", "guide:read-ab-test-results", "A p-value is the chance"),
        ("How do I forecast sales?", "guide:baseline-forecasting-methods", "sales forecast"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        let cited = reply.sentences.iter().find(|s| s.text.contains(says)).map(|s| s.sources.start);
        let cited =
            cited.map(|at| format!("{}:{}", reply.sources[at].kind.name(), reply.sources[at].slug));
        assert_eq!(cited.as_deref(), Some(source), "{question}: {}", reply.text());
    }
}

/// "p value" with a space, and "a b test" (the twenty-first pass): search joined a lone letter
/// to the word after it (the guides write "p-value", one word, and "A/B", `ab`), the answer
/// engine dropped it, so "what is a p value" asked about "value" and quoted a use-case value
/// formula, and "a b test" a guide on testing pipelines.
#[test]
fn a_lone_letter_before_a_word_is_read_with_it() {
    for question in ["what is a p value", "p value", "what does p value mean"] {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["guide:read-ab-test-results"], "{question}");
        assert!(reply.text().contains("A p-value is the chance"), "{question}: {}", reply.text());
    }
    let reply = ask("a b test");
    let ab = ["guide:ab-test-sample-size", "guide:read-ab-test-results"];
    assert!(ab.contains(&first(&reply, 1)[0].as_str()), "{:?}", first(&reply, 3));
    // The stop words "a" and "I" are no such letter: "a head of data" is not "ahead".
    let reply = ask("what does a head of data do?");
    assert_ne!(reply.kind, AnswerKind::NotCovered, "{}", reply.text());
}

/// "Do you work with universities?" (the twenty-first pass): the firm's sectors are its six
/// industry pages, and no page says whether it works with schools, universities, airlines or
/// law firms. Such a question quoted a sentence that shares the word's stem ("There is no
/// universal threshold.", "Postcode, school or career gaps can stand in for protected
/// characteristics."); it is not covered, with the firm's closest pages and the contact
/// record. A sector an industry page lists, or clients a "How we work" statement names, is
/// answered as before.
#[test]
fn a_sector_no_industry_page_is_about_is_not_covered() {
    for question in [
        "Do you work with universities?",
        "do you work with schools",
        "Can you help a university?",
        "Do you work with law firms?",
        "Have you worked with airlines?",
        "do you have case studies with schools?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {}", reply.text());
        assert!(
            reply.sources.iter().all(|s| s.kind != SourceKind::Guide),
            "{question}: the closest items are the firm's pages: {:?}",
            first(&reply, 4)
        );
    }
    assert_eq!(first(&ask("do you work with schools"), 1), ["industry:public-sector"]);
    for (question, source) in [
        ("Do you work with hospitals?", "industry:healthcare"),
        ("Do you work with charities?", "contact:contact"),
        ("Do you work with local councils?", "industry:public-sector"),
    ] {
        let reply = ask(question);
        assert_ne!(reply.kind, AnswerKind::NotCovered, "{question}");
        assert_eq!(first(&reply, 1), [source], "{question}");
    }
    // Not asked of the firm, the word is searched: a guide names schools as a proxy.
    let reply = ask("Can school be a proxy for a protected characteristic?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
}

/// "kpis" typed in lowercase (the twenty-first pass): the plural of an initialism keeps its
/// `s`, and read as a misspelling "kpis" and "what are kpis" were not covered, where "KPIs"
/// quoted the KPI tree guide. A word no item uses whose singular the index holds is that
/// word.
#[test]
fn a_lowercase_plural_is_its_singular() {
    for question in ["kpis", "what are kpis", "how do i choose kpis"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 1), ["guide:build-a-kpi-tree"], "{question}");
    }
}

/// Words of a question typed short (the twenty-first pass): "cn" for "can" is dropped as
/// "ur" is, "gen" in "gen AI" is said by the trade term the phrase is read as, and "exec"
/// is an executive (`content/synonyms.toml`). Each was weighed as a word no item uses, and
/// the question was not covered or quoted a "GenAI engineer" role.
#[test]
fn words_typed_short_are_read_as_meant() {
    for (question, source) in [
        ("cn u help with governance", "service:data-governance"),
        ("gen ai for customer service", "guide:customer-support-assistant-design"),
        ("how do I tell execs about uncertainty", "guide:explain-uncertainty-to-leaders"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 1), [source], "{question}");
    }
    assert!(!ask("what is gen ai").text().contains("GenAI engineer"));
}

/// A follow-up that points back and names nothing of its own, asked of the firm (the
/// twenty-first pass): "do you work with it?" after "what is dbt?" got the firm's
/// description, and "do you offer it?" after "what is MLOps?" the list of thirteen services.
/// It asks about what the turn before named, which is searched.
#[test]
fn a_follow_up_pointing_back_asks_the_firm_of_what_the_turn_before_named() {
    let reply = ask_after(&["what is dbt?"], "do you work with it?");
    assert_eq!(first(&reply, 1), ["service:analytics-engineering"], "{}", reply.text());
    let reply = ask_after(&["what is MLOps?"], "do you offer it?");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert_eq!(first(&reply, 1), ["service:mlops"], "{}", reply.text());
    // With no subject before, the topic's record, as before.
    let reply = ask_after(&["tell me about your services"], "do you offer it?");
    assert!(matches!(reply.kind, AnswerKind::Company(_)), "{}", reply.text());
}

/// Questions a guide answered nowhere in one sentence (the twenty-first pass), each now said
/// in the voice of its page: ETL against ELT, designing a KPI, finding AI use cases,
/// structuring a dbt project, what to do when a pipeline breaks or an AI system goes wrong,
/// deploying a model. Each was "not covered" or quoted another guide's sentence.
#[test]
fn questions_the_pages_now_answer_in_a_sentence_too() {
    for (question, source, says) in [
        (
            "what is the difference between etl and elt",
            "guide:layered-warehouse-architecture",
            "The difference between ETL and ELT",
        ),
        ("how do I design a kpi", "guide:write-a-metric-definition", "Designing a KPI"),
        ("how do we find AI use cases", "guide:find-ai-use-cases", "To find good AI use cases"),
        (
            "how should I structure dbt projects",
            "service:analytics-engineering",
            "We structure a dbt project",
        ),
        (
            "what do I do when a pipeline breaks",
            "guide:data-incident-runbook",
            "When a pipeline breaks",
        ),
        (
            "what do we do when an ai system goes wrong",
            "guide:ai-incident-response",
            "When an AI system goes wrong",
        ),
        (
            "how do I deploy a model to production",
            "guide:notebook-to-production-pipeline",
            "To deploy a model to production",
        ),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        let cited = reply.sentences.iter().find(|s| s.text.contains(says)).map(|s| s.sources.start);
        let cited =
            cited.map(|at| format!("{}:{}", reply.sources[at].kind.name(), reply.sources[at].slug));
        assert_eq!(cited.as_deref(), Some(source), "{question}: {}", reply.text());
    }
    // The A/B-test guide asks what a p-value means among its questions, so it is first for
    // statistical significance, where the drift guide's statistics came first.
    let reply = ask("What is statistical significance?");
    assert_eq!(first(&reply, 1), ["guide:read-ab-test-results"]);
}

/// "How much does a data strategy cost?" says a service's slug words, a price word and nothing
/// else: it asks the price of that work, as "what does the data strategy service cost?" does,
/// and gets the prices record with the service it names cited next. Searched, it quoted the
/// AI strategy service's "... reopening it would cost more than writing a focused companion."
/// A price question that says more, or names no service, is searched as before.
#[test]
fn a_price_question_naming_a_service_by_its_slug_words_is_a_prices_question() {
    for (question, service) in [
        ("how much does a data strategy cost", "service:data-strategy"),
        ("What does a data strategy cost?", "service:data-strategy"),
        ("How much does an AI strategy cost?", "service:ai-strategy"),
        ("how much does mlops cost", "service:mlops"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Pricing), "{question}");
        assert!(reply.text().contains("publishes no prices"), "{question}");
        assert_eq!(first(&reply, 2)[1], service, "{question}: {:?}", first(&reply, 3));
    }
    let reply = ask("How much does a data platform cost to run?");
    assert_eq!(reply.kind, AnswerKind::Answered);
}

/// "I need help with our data", "help me", "help": a request for help that names nothing to
/// search asks whoever answers, the firm, and gets who it is and what it offers, as "can you
/// help us with our data?" does. Searched, each quoted a sentence that says "help" of something
/// else ("We recruit a group of 6 to 12 future users to ... help design the workflow."). A
/// request that names a subject is searched, and a follow-up carries the turn before.
#[test]
fn a_request_for_help_that_names_nothing_asks_the_firm() {
    for question in ["i need help with our data", "help me", "help", "We need help with AI."] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::About), "{question}");
    }
    let reply = ask("i need help choosing a forecasting method");
    assert_eq!(reply.kind, AnswerKind::Answered);
    let reply = ask_after(&["What is dbt?"], "i need help");
    assert_ne!(reply.kind, AnswerKind::Company(CompanyTopic::About));
}

/// "Who is the CEO?": on the firm's own site, with nothing else asked, "the" chief is the
/// firm's, and no record names its people: not covered, with the contact record. It quoted an
/// executive-briefing guide's "Executives do not need to understand how a neural network is
/// trained." A question that says more is searched.
#[test]
fn who_the_chief_is_asked_of_nothing_else_is_the_firms() {
    for question in ["who is the ceo", "Who is the CTO?", "who are the founders"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {}", reply.text());
    }
    let reply = ask("what should the ceo know about ai");
    assert_eq!(reply.kind, AnswerKind::Answered);
    assert_eq!(first(&reply, 1), ["guide:brief-executives-on-ai"]);
}

/// "On board" says what is wanted of the people ("get managers on board"), not a board: it is
/// phrasing, as "under control" is. Searched, the question opened on the guide to a board's
/// questions about AI strategy.
#[test]
fn on_board_is_an_idiom_not_a_board() {
    let reply = ask("how do I get managers on board with ai");
    assert_eq!(first(&reply, 1), ["guide:win-over-middle-managers"], "{}", reply.text());
    let reply = ask("What should the board ask about AI?");
    assert_eq!(first(&reply, 1), ["guide:board-asks-for-ai-strategy"]);
}

/// "What are llms": the plural typed in lowercase is the guides' "LLMs", not the agents
/// page's `/llms.txt`, which it quoted; "what is llms.txt?" still asks about the file.
#[test]
fn a_plural_initialism_is_read_as_the_guides_write_it() {
    for question in ["what are llms", "llms"] {
        let reply = ask(question);
        assert!(!reply.text().contains("/llms.txt"), "{question}: {}", reply.text());
        assert!(!first(&reply, 1)[0].starts_with("docs:"), "{question}: {:?}", first(&reply, 3));
    }
    let reply = ask("what is llms.txt");
    assert!(reply.text().contains("/llms.txt"), "{}", reply.text());
}

/// "How much is a data strategy?" asks the price of the firm's work by its name, as "how much
/// does a data strategy cost?" does: the prices record, with the service cited next. It quoted
/// the AI-or-data-strategy guide. "How much is a data audit?" names no service and is searched.
#[test]
fn how_much_is_the_firms_work_asks_its_price() {
    for (question, service) in [
        ("how much is a data strategy", "service:data-strategy"),
        ("How much is an AI strategy?", "service:ai-strategy"),
        ("how much is mlops", "service:mlops"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Pricing), "{question}");
        assert_eq!(first(&reply, 2)[1], service, "{question}: {:?}", first(&reply, 3));
    }
    assert_eq!(ask("how much is a data audit").kind, AnswerKind::Answered);
}

/// Buyers' and managers' questions the guides now answer in their own words: each quoted a
/// sentence that shared a word ("worth a modest price premium", "Two analysts trained during
/// the project ...") or opened on another guide.
#[test]
fn buyers_questions_quote_the_guide_that_answers_them() {
    for (question, source, says) in [
        ("is ai worth it", "guide:calculate-ai-project-roi", "Whether AI is worth it"),
        ("can ai replace analysts", "guide:redesign-roles-around-ai", "AI seldom replaces"),
        ("how do I prioritise ai projects", "guide:prioritise-ai-use-cases", "To prioritise AI"),
        (
            "how many users do I need for an experiment",
            "guide:ab-test-sample-size",
            "how many users an experiment needs",
        ),
        ("what is a large language model", "guide:llm-use-case-fit", "A large language model is"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        let opening = &reply.sentences[0];
        let cited = &reply.sources[opening.sources.start];
        assert_eq!(format!("{}:{}", cited.kind.name(), cited.slug), source, "{question}");
        assert!(opening.text.contains(says), "{question}: {}", reply.text());
    }
}

/// The first source is the item the answer opens on, when it is among the leading sources and
/// covers more of the question than those ranked above it: "is ai worth it?" quoted the ROI
/// guide with the pricing guide listed first, which says "worth" only of a price premium. An
/// item that covers as much keeps its place ("cn u help with governance": the service).
#[test]
fn the_first_source_is_the_item_the_answer_opens_on() {
    for (question, source) in [
        ("is ai worth it", "guide:calculate-ai-project-roi"),
        ("How do I deploy a model to production?", "guide:notebook-to-production-pipeline"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert_eq!(reply.sentences[0].sources.start, 0, "{question}: {:?}", first(&reply, 5));
        assert_eq!(first(&reply, 1), [source], "{question}");
    }
    assert_eq!(first(&ask("is ai worth it"), 2)[1], "guide:ai-pricing-models-contracts");
    let kept = ask("cn u help with governance");
    assert_eq!(first(&kept, 1), ["service:data-governance"]);
    assert!(kept.sentences[0].sources.start < LEADING_SOURCES);
}

/// "How do I stop my model drifting?" quoted an incremental-models guide's "... twice caught
/// drift from upstream corrections ..."; "is ai worth it for a small business?" opened on the
/// analytics translator's "In a small team ...". The drift and ROI guides now say both.
#[test]
fn the_drift_and_roi_guides_answer_stopping_drift_and_a_small_business() {
    for (question, source, says) in [
        (
            "how do I stop my model drifting",
            "guide:detect-data-and-concept-drift",
            "you cannot stop a model from drifting",
        ),
        ("what is model drift", "guide:detect-data-and-concept-drift", "Model drift is"),
        (
            "is ai worth it for a small business",
            "guide:calculate-ai-project-roi",
            "For a small business",
        ),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        let opening = &reply.sentences[0];
        let cited = &reply.sources[opening.sources.start];
        assert_eq!(format!("{}:{}", cited.kind.name(), cited.slug), source, "{question}");
        assert!(opening.text.contains(says), "{question}: {}", reply.text());
    }
}

/// "Is AI worth it for a small company?" quoted the contact page's "We work with organisations
/// of every size ..." and "... small firm?" did not quote the ROI guide's small-business
/// sentence, which said only "business"; "do you run courses?" was refused, the training
/// service saying "courses" only of other people's. The ROI guide's sentence now names a
/// company or firm, and the training service says it runs its courses as workshops.
#[test]
fn a_small_company_or_firm_and_courses_are_answered_from_their_pages() {
    for (question, source, says) in [
        ("is ai worth it for a small company", "guide:calculate-ai-project-roi", "company or firm"),
        ("do you run courses", "service:data-literacy-training", "We run our courses"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        let opening = &reply.sentences[0];
        let cited = &reply.sources[opening.sources.start];
        assert_eq!(format!("{}:{}", cited.kind.name(), cited.slug), source, "{question}");
        assert!(opening.text.contains(says), "{question}: {}", reply.text());
    }
    let reply = ask("is ai worth it for a small firm");
    assert_eq!(
        format!("{}:{}", reply.sources[0].kind.name(), reply.sources[0].slug),
        "guide:calculate-ai-project-roi",
        "{}",
        reply.text()
    );
}

/// A buyer's request for help with a subject ("we need help with our analytics", "can you
/// help us with our data platform?", "we need someone to build a forecasting model") asks for
/// the service that offers it: that service is the first source and its sentence opens the
/// answer. Searched evenly, "help" found sentences that say it of something else ("... without
/// outside help") and guides that write the subject more often ranked above the service;
/// "we need help with data strategy" listed the AI strategy service first. A question that
/// opens with a question word asks something else, and keeps its guide.
#[test]
fn a_buyers_request_for_help_cites_the_service_first() {
    for (question, service) in [
        ("we need help with our analytics", "analytics-engineering"),
        ("can you help us with our analytics", "analytics-engineering"),
        ("help with our analytics please", "analytics-engineering"),
        ("we need help with analytics engineering", "analytics-engineering"),
        ("we want help with machine learning", "machine-learning-engineering"),
        ("we need help with forecasting", "machine-learning-engineering"),
        ("we need someone to build a forecasting model", "machine-learning-engineering"),
        ("we need help with data strategy", "data-strategy"),
        ("help us with our data strategy", "data-strategy"),
        ("can you help us with our data platform", "data-platform-engineering"),
        ("looking for someone to build our data platform", "data-platform-engineering"),
        ("we need help with mlops", "mlops"),
        ("we need help with model monitoring", "mlops"),
        ("can you help us with generative ai", "generative-ai-solutions"),
        ("we want help with data literacy training", "data-literacy-training"),
        ("can you help us with ai strategy", "ai-strategy"),
        ("can you help us with data governance", "data-governance"),
        ("we would like help with data governance", "data-governance"),
        ("we need help with responsible ai", "responsible-ai"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {reply:#?}");
        assert_eq!(first(&reply, 1), [format!("service:{service}")], "{question}");
        assert_eq!(reply.sentences[0].sources, 0..1, "{question}: {}", reply.text());
    }
    for (question, guide) in [
        ("what helps with slow dashboards", "guide:fix-slow-dashboards"),
        (
            "does a semantic layer help with consistent metrics",
            "guide:do-you-need-a-semantic-layer",
        ),
    ] {
        assert_eq!(first(&ask(question), 1), [guide], "{question}");
    }
}

/// A request for help with an LLM application ("can you help us with our llm chatbot",
/// "looking for help with llm applications") asks for the generative AI service, which wrote
/// only "large language model": a dozen guides that write "LLM" ranked above it, and the answer
/// opened on a latency guide's "Many LLM features launch at eight to fifteen seconds ...". The
/// service now says "LLM" where it speaks of what it builds, and is listed and quoted first.
#[test]
fn a_request_for_help_with_an_llm_application_cites_the_generative_ai_service() {
    for question in [
        "can you help us with our llm chatbot",
        "can you help with our llm chatbot",
        "looking for help with llm applications",
        "we need help with an llm application",
        "we would like help with an llm assistant",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {reply:#?}");
        assert_eq!(first(&reply, 1), ["service:generative-ai-solutions"], "{question}");
        assert_eq!(reply.sentences[0].sources, 0..1, "{question}: {}", reply.text());
    }
}

/// "What is an LLM?": a dozen LLM guides write "LLM" more often than the use-case guide whose
/// "A large language model is ... LLMs are ..." defines it, and only the ranked items'
/// sentences compete, so the answer opened on a latency guide's "Many LLM features launch at
/// eight to fifteen seconds ...". A definition question none of whose ranked items defines
/// its words admits the item that does, and that item is listed first. A sentence that only
/// holds the words after its verb defines something else ("A feature store is a shared system
/// for the inputs of machine learning models") and is not admitted.
#[test]
fn a_definition_outside_the_ranked_items_answers_a_what_is_question() {
    for question in ["what is an llm", "what are llms", "What is an LLM?", "define llm"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {reply:#?}");
        assert!(
            reply.text().starts_with("A large language model is"),
            "{question}: {}",
            reply.text()
        );
        assert_eq!(first(&reply, 1), ["guide:llm-use-case-fit"], "{question}");
    }
    let ml = ask("what is machine learning");
    assert!(!ml.text().starts_with("A feature store is"), "{}", ml.text());
    // A definition the ranked items give is not displaced.
    let mesh = ask("what is a data mesh");
    assert!(mesh.text().starts_with("Data mesh is"), "{}", mesh.text());
}

/// "Do you run courses?" quoted the data literacy service's "We run our courses as hands-on
/// workshops ..." under the literacy programme guide, listed first for covering as much: what
/// the firm does is what its own pages say, so one quoted among the first three sources comes
/// before the guides above it.
#[test]
fn a_firm_page_quoted_on_what_the_firm_does_is_listed_before_guides() {
    for question in ["do you run courses", "do you run workshops", "Do you run courses?"] {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["service:data-literacy-training"], "{question}");
        assert!(reply.text().starts_with("We run our courses"), "{question}: {}", reply.text());
    }
}

/// A buyer's request for help with a subject a service offers should open on that service's
/// own sentence. The analytics engineering service wrote "dashboard" and "reports" but never
/// the two together, so "we need help with our reporting and dashboards" listed the
/// unused-reports guide first and opened on its "Most are abandoned ..."; the generative AI
/// service wrote "LLM" only in its body, so "we need help with llms" listed three LLM guides
/// and opened on the latency guide's "Many LLM features launch ..."; the responsible AI and
/// adoption services were listed first for fairness testing and AI adoption but an industry
/// page's "Customer fairness is tested, not assumed." and a guide's "When adoption stalls, look
/// here first." opened the answer. Each service now says the buyer's words where it speaks of
/// what it does, and is listed and quoted first.
#[test]
fn a_request_for_help_opens_on_the_service_that_offers_it() {
    for (question, service) in [
        ("we need help with our reporting and dashboards", "analytics-engineering"),
        ("looking for help with our dashboards and reports", "analytics-engineering"),
        ("we need help with llms", "generative-ai-solutions"),
        ("can you help us with llms", "generative-ai-solutions"),
        ("we need help with llm", "generative-ai-solutions"),
        ("can you help us with fairness testing", "responsible-ai"),
        ("we need help with fairness testing", "responsible-ai"),
        ("can you help us with ai adoption", "ai-adoption-and-change"),
        ("we need help with ai adoption", "ai-adoption-and-change"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {reply:#?}");
        assert_eq!(first(&reply, 1), [format!("service:{service}")], "{question}");
        assert_eq!(reply.sentences[0].sources, 0..1, "{question}: {}", reply.text());
    }
    // What the firm does for reporting is what the analytics engineering service says.
    assert_eq!(first(&ask("do you do reporting"), 1), ["service:analytics-engineering"]);
}

/// The twenty-ninth pass: a buyer asking how working with the firm goes. "Who would we work
/// with day to day?" quoted the strategy-stall guide's "Interview ten to fifteen stakeholders
/// ...", and "who would we be working with?" the agents guide's "Most production systems we
/// see that work well ..."; the asker works with the team the firm puts on the work. "What
/// happens when the project ends?" quoted the consultation guide's "Project teams often treat
/// employee representatives as a hurdle ...", and "what happens at the end of the
/// engagement?" the services' length and team: the firm's statement of what happens after
/// the engagement ends answers both.
#[test]
fn who_a_client_works_with_and_what_follows_the_work_are_the_firms_to_say() {
    for question in [
        "Who would we work with day to day?",
        "who would we be working with",
        "Who will I be working with?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(reply.sources[0].kind, SourceKind::Service, "{question}: {reply:#?}");
        assert!(reply.text().starts_with("A small Larchmere team"), "{question}: {}", reply.text());
    }
    // Asked of a subject, it is the guides' question.
    let reply = ask("Who should we work with on data governance?");
    assert!(!reply.text().contains("A small Larchmere team"), "{}", reply.text());
    for question in [
        "What happens when the project ends?",
        "what happens after the project ends",
        "What happens at the end of the engagement?",
        "What happens once the project is finished?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(
            reply.text().starts_with("What happens after the engagement ends is up to you"),
            "{question}: {}",
            reply.text()
        );
    }
    // Receiving something at the end asks for the deliverables, and a pilot's end the guides.
    let reply = ask("What will we receive when the project ends?");
    assert!(reply.text().contains("deliverables"), "{}", reply.text());
    let reply = ask("What happens when a pilot ends?");
    assert!(!reply.text().starts_with("What happens after the engagement"), "{}", reply.text());
}

/// The twenty-ninth pass's leftovers of the passes before. "We need help with reporting"
/// listed the data literacy service first, quoting its "Our training uses your own reports
/// ...": the words of asking ("help", "need") were phrasing but still searched as fillers,
/// and its description "helps executives ..." tipped a tie on "reports". "Can you help us
/// build an LLM application?" is read as a how-to and quoted the generative AI service's
/// "Every LLM application we build ..." with the guardrails guide listed above it. "What do
/// you need from our side?" quoted a pricing guide's "Inject those server-side ...".
#[test]
fn requests_for_help_name_the_service_and_what_the_firm_needs_is_not_covered() {
    for question in [
        "We need help with reporting.",
        "we need help with our reporting",
        "can you help us with reporting",
        "help with reporting",
    ] {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["service:analytics-engineering"], "{question}: {reply:#?}");
        assert!(reply.text().starts_with("Analytics engineering fixes this"), "{}", reply.text());
    }
    let reply = ask("Can you help us build an LLM application?");
    assert_eq!(first(&reply, 1), ["service:generative-ai-solutions"], "{reply:#?}");
    assert!(reply.text().starts_with("Every LLM application we build"), "{}", reply.text());
    // It opens on the guide, which keeps its place (the twenty-sixth pass's decision).
    let reply = ask("Can you help us build a chatbot for customer service?");
    assert_eq!(first(&reply, 1), ["guide:customer-support-assistant-design"], "{reply:#?}");
    for question in ["What do you need from our side?", "what do you need from my side"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {}", reply.text());
        assert!(reply.text().contains(EMAIL));
    }
    // Not asked of the firm, "our side" is searched.
    let reply = ask("How do we prepare on our side for a migration?");
    assert!(reply.text().contains("side by side"), "{}", reply.text());
}

/// A request typed into a box as a subject and a word of asking, in either order ("gdpr help",
/// "help gdpr", "data strategy consulting", "need mlops"), asks what "can you help us with
/// GDPR?" asks, and opens on the service that offers it. Read as a search, the word of asking
/// was a second subject: "gdpr help" was "not covered" (no sentence of the GDPR pages says
/// "help"), "data strategy consulting" listed the AI strategy service and a trade-union guide
/// ("consult"), and "dashboard help" opened on a cost guide's "... helps distinguish growth
/// from waste".
#[test]
fn a_request_in_two_or_three_words_opens_on_the_service_that_offers_it() {
    for (question, service) in [
        ("gdpr help", "responsible-ai"),
        ("GDPR help", "responsible-ai"),
        ("help gdpr", "responsible-ai"),
        ("data strategy consulting", "data-strategy"),
        ("dashboard help", "analytics-engineering"),
        ("data governance help", "data-governance"),
        ("need a data strategy", "data-strategy"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {reply:#?}");
        assert_eq!(first(&reply, 1), [format!("service:{service}")], "{question}");
        assert_eq!(reply.sentences[0].sources, 0..1, "{question}: {}", reply.text());
    }
    // A subject of no page, asked for in a few words, is still not covered.
    for question in ["cooking advice", "gardening help", "need a plumber", "tax advice"] {
        assert_eq!(ask(question).kind, AnswerKind::NotCovered, "{question}");
    }
}

/// The thirtieth pass: the firm's own statements, found. "Are we too small to work with you?"
/// was "not covered" though "We work with organisations of every size ..." answers it: "too",
/// searched as a filler, is a word the statement never says. "Is the first call free?" was
/// "not covered" and "do you offer a free consultation?" got the prices record's "publishes
/// no prices", where the statement of the first step, which now says the call is a free
/// consultation, answers both; asked without "you", the statement is still the firm's.
#[test]
fn the_firms_statements_answer_its_size_and_its_free_first_call() {
    for question in ["Are we too small to work with you?", "is our company too small for you"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(
            reply.text().starts_with("We work with organisations of every size"),
            "{question}: {}",
            reply.text()
        );
    }
    for question in [
        "Is the first call free?",
        "is your first call free",
        "Do you offer a free consultation?",
        "do you charge for the first call",
        "are your consultations free",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 1), ["contact:contact"], "{question}: {reply:#?}");
        assert!(reply.text().starts_with("Your first step is an email"), "{}", reply.text());
        assert!(reply.text().contains("no charge"), "{}", reply.text());
    }
    // A price the statements do not state is still the prices record's.
    for question in ["how much do you charge", "what does an AI strategy engagement cost"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Pricing), "{question}");
    }
}

/// The thirty-first pass: what a visitor asks after taking the self-assessment. "How is the
/// readiness score calculated?" quoted a BI guide's "Row-level calculated fields ...", "can I
/// retake the assessment?" a literacy guide's "... simply from retaking the test", "what should
/// we do if we scored low on the assessment?" a risk-tiering guide's "Low: ...", and "who sees
/// my answers to the assessment?" was "not covered": the assessment's page said none of it. Its
/// instructions now say how the score is calculated, what the result gives whatever the score,
/// and that the answers are not stored. "What comes after the readiness assessment?" quoted a
/// use-case guide's "... where the numbers come from ..." where "what happens after the
/// assessment?" quoted the service; "can you help with hiring?" was read as whether the firm
/// hires, and "do you work with small businesses?" was "not covered".
#[test]
fn what_a_visitor_asks_after_the_assessment_is_answered_from_its_pages() {
    for (question, says) in [
        ("how is the readiness score calculated?", "Your score is calculated from the 15 scored"),
        ("can I retake the assessment?", "you can retake the assessment"),
        ("who sees my answers to the assessment?", "Nobody else sees your answers"),
        ("are my assessment answers stored?", "they are not stored"),
        ("what should we do if we scored low on the assessment?", "a low score shows you where"),
        ("does company size affect my readiness score?", "how many people you employ does not"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 1), ["assessment:ai-readiness"], "{question}");
        assert!(reply.sentences[0].text.contains(says), "{question}: {}", reply.text());
    }
    // What follows the assessment is the service's own answer, however it is asked; what comes
    // after anything else is searched as written.
    for question in
        ["what comes after the readiness assessment?", "What happens after the assessment?"]
    {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["service:ai-readiness-assessment"], "{question}");
        assert!(
            reply.text().starts_with("What happens after the assessment depends"),
            "{question}: {}",
            reply.text()
        );
    }
    let reply = ask("what comes after the pilot stage?");
    assert_eq!(first(&reply, 1), ["guide:stage-gates-ai-pilots"], "{}", reply.text());
    // Help with hiring is the asker's hiring, which the fractional leadership service helps
    // with; whether the firm hires is still not covered.
    for question in ["can you help with hiring?", "do you help with hiring data staff?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 1), ["service:fractional-data-leadership"], "{question}");
    }
    assert_eq!(ask("are you hiring?").kind, AnswerKind::NotCovered);
    // "Small businesses" is the firm's statement of its clients, as "small companies" is.
    for question in ["do you work with small businesses?", "do you work with small companies?"] {
        let reply = ask(question);
        assert!(
            reply.text().starts_with("We work with organisations of every size"),
            "{question}: {}",
            reply.text()
        );
    }
}

/// The thirty-second pass: the thirty-first's leftovers that one sentence of the assessment's
/// pages answers. "What is the difference between the self-assessment and the facilitated
/// one?" was "not covered" (no page said "facilitated"), "what is a bad readiness score?"
/// quoted a prototype guide's "bad inputs", and "can I share my assessment results with my
/// team?" an adoption sentence's "share the results openly". The instructions now say that
/// there is no bad score and that the result has a link to bookmark or share; the service
/// calls itself the facilitated assessment.
#[test]
fn the_assessments_leftovers_are_answered_from_its_pages() {
    for question in [
        "What is the difference between the self-assessment and the facilitated one?",
        "how is the facilitated assessment different from the self-assessment?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 1), ["service:ai-readiness-assessment"], "{question}");
        assert!(reply.text().contains("in this facilitated assessment"), "{}", reply.text());
    }
    for question in ["What is a bad readiness score?", "is my readiness score bad?"] {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["assessment:ai-readiness"], "{question}");
        assert!(
            reply.sentences[0].text.starts_with("There is no bad score"),
            "{question}: {}",
            reply.text()
        );
    }
    for question in
        ["Can I share my assessment results with my team?", "can I bookmark my assessment results?"]
    {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(
            reply.sentences[0].text.contains("to bookmark or share with your team"),
            "{question}: {}",
            reply.text()
        );
    }
}

/// The thirty-third pass: the assessment's and the firm's leftovers. "How long does the
/// self-assessment take to complete?" quoted the data area's advice ("... profile them for
/// completeness ..."), "what happens to my data when I take the assessment?" the service's
/// "What happens after the assessment ...", "what is our weakest pillar telling us?" the guide
/// for agents' "... advice for the weakest pillar", and "will we have a dedicated consultant?"
/// a feature store guide's "... dedicated tools earn their place".
#[test]
fn the_assessments_and_the_firms_leftovers_are_answered() {
    for question in [
        "How long does the self-assessment take to complete?",
        "how long does the self-assessment take?",
    ] {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["assessment:ai-readiness"], "{question}");
        assert!(
            reply.sentences[0].text.contains("takes about ten minutes"),
            "{question}: {}",
            reply.text()
        );
    }
    // What happens to the asker's own data or answers is whether they are kept; what happens
    // after the assessment is the service's answer, as before.
    for question in [
        "What happens to my data when I take the assessment?",
        "what happens to my assessment answers?",
    ] {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["assessment:ai-readiness"], "{question}");
        assert!(
            reply.sentences[0].text.contains("they are not stored"),
            "{question}: {}",
            reply.text()
        );
    }
    let reply = ask("what happens after the assessment?");
    assert_eq!(first(&reply, 1), ["service:ai-readiness-assessment"]);
    // A pillar is the assessment's word: the asker's weakest one is the self-assessment's.
    for question in
        ["What is our weakest pillar telling us?", "what should we do about our weakest pillar?"]
    {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["assessment:ai-readiness"], "{question}");
        assert!(
            reply.sentences[0].text.contains("starting with your weakest"),
            "{question}: {}",
            reply.text()
        );
    }
    // A consultant of the asker's is one of the team the firm puts on the work.
    for question in ["Will we have a dedicated consultant?", "do we get a named consultant?"] {
        let reply = ask(question);
        assert!(
            reply.sentences[0].text.starts_with("A small Larchmere team (a lead consultant"),
            "{question}: {}",
            reply.text()
        );
    }
}

/// A request for something to read ("recommend a guide on ...", "what should I read to learn
/// about ...", "is there an article on ...") is searched for its subject, guides first: the
/// words that ask for reading are phrasing. "Recommend a guide on MLOps" was "not covered" and
/// "what should I read to learn about data governance" quoted the responsible AI service's
/// list of services. A request that names only where to begin is "not covered" (no page gives
/// a reading order or a level), with the readiness assessment, which says where to start, as
/// the closest item; it quoted the agents page's "Send earlier questions as prev". Questions
/// of reading something else, or of recommendations, are as before.
#[test]
fn a_request_for_reading_is_searched_for_its_subject_guides_first() {
    for (question, guide) in [
        (
            "what should I read to learn about data governance",
            "guide:start-data-governance-programme",
        ),
        ("suggest a guide on data governance", "guide:start-data-governance-programme"),
        ("recommend an article about forecasting", "guide:measure-forecast-accuracy"),
        ("is there an article on change data capture?", "guide:change-data-capture-in-practice"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 1), [guide], "{question}: {}", reply.text());
    }
    let mlops = ask("recommend a guide on MLOps");
    assert_eq!(mlops.kind, AnswerKind::Answered, "{}", mlops.text());
    assert!(
        mlops.sources.iter().take(3).any(|s| s.kind == SourceKind::Guide),
        "{:?}",
        first(&mlops, 3)
    );
    let genai = ask("what guides do you have on generative AI");
    assert_eq!(genai.sources[0].kind, SourceKind::Guide, "{:?}", first(&genai, 3));
    for question in [
        "which guide should I read first",
        "is there a guide for beginners",
        "where should I start reading?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}: {}", reply.text());
        assert_eq!(reply.sources[0].kind, SourceKind::Assessment, "{question}");
    }
    let engine = ask("can you build us a recommendation engine?");
    assert_eq!(first(&engine, 1), ["service:machine-learning-engineering"], "{}", engine.text());
    let results = ask("How do I read A/B test results?");
    assert_eq!(first(&results, 1), ["guide:read-ab-test-results"], "{}", results.text());
}

/// A verb of improving ("optimise", "lower", "cut", "bring ... down") next to the asker's own
/// costs is phrasing, and the costs are the subject: "can you help us optimise our model
/// costs?" was "not covered" (a guide's "optimising a proxy" and "prediction and optimisation"
/// were closest) and "could you help us bring our warehouse costs down?" quoted the retail
/// page's "the questions retailers most often bring to us". "Cut" and "lower" as adjectives
/// or nouns keep their sense.
#[test]
fn a_verb_of_improving_the_askers_costs_is_phrasing() {
    for question in
        ["can you help us optimise our model costs?", "can you help us optimize our model costs?"]
    {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(!reply.text().contains("optimis"), "{question}: {}", reply.text());
        assert!(
            !first(&reply, 2)
                .iter()
                .any(|s| s.contains("experiment-guardrail") || s.contains("find-ai-use-cases")),
            "{question}: {:?}",
            first(&reply, 3)
        );
    }
    for question in [
        "could you help us bring our warehouse costs down?",
        "can you help bring our warehouse costs down?",
        "our warehouse costs are too high, can you help?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(!reply.text().contains("retailers"), "{question}: {}", reply.text());
        assert!(
            first(&reply, 3).iter().any(|s| s == "guide:tuning-expensive-warehouse-queries"
                || s == "guide:partitioning-and-clustering-tables"),
            "{question}: {:?}",
            first(&reply, 3)
        );
    }
    let latency = ask("How do I cut LLM response latency?");
    assert_eq!(first(&latency, 1), ["guide:cut-llm-response-latency"], "{}", latency.text());
}

/// Asked to write, draft or make a policy, the verb is phrasing and the policy the subject:
/// searched, "write" quoted a schema-change guide's "Write the policy down and configure
/// ingestion tools to match." for "can you help us write an AI policy?", and the governance
/// service's "We do not sell ... Nor do we write policies ..." for "can you write a privacy
/// policy for us?", which read as a refusal (no page is about a privacy policy: "not covered").
#[test]
fn a_verb_of_writing_a_policy_is_phrasing() {
    for question in ["can you help us write an AI policy?", "can you help us wirte an ai policy"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(!reply.text().contains("Write the policy down"), "{question}: {}", reply.text());
        assert_eq!(first(&reply, 1), ["guide:generative-ai-acceptable-use-policy"], "{question}");
    }
    for question in ["can you write a privacy policy for us?", "can you write our privacy policy?"]
    {
        let reply = ask(question);
        assert!(!reply.text().contains("We do not sell"), "{question}: {}", reply.text());
        assert!(!reply.text().contains("Nor do we write"), "{question}: {}", reply.text());
    }
}

/// Of the assessment, the asker's own thing ("my data", "my answers") is what is asked about,
/// as after "happens to my": "is my data stored when I take the assessment?" weighed "data" as
/// a filler and opened on a feature store guide's "Feature stores are frequently bought ...".
#[test]
fn the_askers_own_data_in_the_assessment_is_what_is_asked() {
    for question in [
        "is my data stored when I take the assessment?",
        "is any of my data stored by the assessment?",
        "do you store my data when I take the readiness assessment?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 1), ["assessment:ai-readiness"], "{question}: {}", reply.text());
        assert!(reply.text().contains("not stored"), "{question}: {}", reply.text());
    }
    let feature = ask("do we need a feature store?");
    assert_eq!(first(&feature, 1), ["guide:do-you-need-a-feature-store"], "{}", feature.text());
}

/// Meeting the firm's people asks for a person there, as speaking to one does: the contact
/// record says who replies (no page says who meets a buyer before signing); it quoted a
/// governance guide's "A healthy forum makes at least one recorded decision per meeting.".
/// Starting "with a pilot" is starting small, which a "How we work" statement says; it quoted
/// a stage-gate guide's price of a live pilot. A pilot asked about is searched.
#[test]
fn meeting_the_team_and_starting_with_a_pilot_ask_the_firm() {
    for question in [
        "can I meet the team before we sign?",
        "can we meet the consultants before signing?",
        "can i meet the team?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Contact), "{question}");
        assert!(reply.text().contains(EMAIL), "{question}: {}", reply.text());
    }
    for question in ["can we start with a small pilot?", "can we begin with a trial?"] {
        let reply = ask(question);
        assert!(reply.text().starts_with("You can start small"), "{question}: {}", reply.text());
    }
    for question in ["how do we start a pilot?", "how do we run a meeting with the team?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
    }
}

/// A question for the site's content whole ("can I download all your guides?", "is there a
/// bulk download?", "is there a machine-readable version of the site?") is answered from the
/// documentation pages: the bulk export's line, then `/llms-full.txt`'s. The first quoted a
/// security guide's "Model supply chain compromise" row for "download", the third a tiering
/// guide's "Expect 10-20% of all content in this tier". A question of downloading something
/// else ("how do I download a model safely?"), of the asker's own content, or for guides on a
/// subject is searched as before.
#[test]
fn a_request_for_the_whole_site_is_answered_from_the_documentation() {
    for question in [
        "can I download all your guides?",
        "is there a bulk download?",
        "how do I get all the content at once?",
        "is there a machine-readable version of the site?",
        "can I download the whole site?",
        "how can I export all the guides?",
        "do you offer a bulk export?",
        "is there a dump of all your content?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(reply.sentences[0].text.contains("/v1/export"), "{question}: {}", reply.text());
        assert!(reply.text().contains("/llms-full.txt"), "{question}: {}", reply.text());
        assert!(
            reply.sources.iter().all(|s| s.kind == SourceKind::Docs),
            "{question}: {:?}",
            first(&reply, 3)
        );
    }
    let model = ask("how do I download a model safely?");
    assert_eq!(first(&model, 1), ["guide:ai-system-security-risks"], "{}", model.text());
    for question in [
        "how do we export all our content?",
        "can I get all the guides on governance?",
        "how do I get all the data into the warehouse?",
        "how do I download all model weights?",
    ] {
        let reply = ask(question);
        assert!(!reply.text().contains("/llms-full.txt"), "{question}: {}", reply.text());
    }
}

/// Of the asker's own data in the assessment, a verb of keeping ("kept", "save", "retain",
/// "held") asks what "stored" asks, the record's word: "is my data kept after the assessment?"
/// quoted a retention guide's "... should be kept no longer than necessary ...", and "does the
/// assessment save my data?" a time-savings guide's "Time saved is real, ...". Keeping
/// anything else is searched as written.
#[test]
fn keeping_the_askers_data_in_the_assessment_asks_whether_it_is_stored() {
    for question in [
        "is my data kept after the assessment?",
        "does the assessment save my data?",
        "do you retain my answers from the readiness assessment?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 1), ["assessment:ai-readiness"], "{question}: {}", reply.text());
        assert!(reply.text().contains("not stored"), "{question}: {}", reply.text());
    }
    let kept = ask("how long should we keep customer data?");
    assert!(
        first(&kept, 3).contains(&"guide:build-a-data-retention-schedule".to_string()),
        "{:?}",
        first(&kept, 3)
    );
}

/// Where or when the asker's data would be kept in the assessment ("anywhere", "after I
/// finish") is phrasing, left out: "are my answers held anywhere after the assessment?" was
/// "not covered" ("anywhere", which no item writes, weighed as a rare word) and "is my data
/// saved after I finish the assessment?" quoted a case study's "... built on premises twelve
/// years earlier ...". Of anything else the words are searched as written.
#[test]
fn where_or_when_the_askers_data_is_kept_in_the_assessment_is_phrasing() {
    for question in [
        "are my answers held anywhere after the assessment?",
        "is my data saved after I finish the assessment?",
        "is my data stored anywhere after the assessment?",
        "is my data held somewhere after I submit the assessment?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 1), ["assessment:ai-readiness"], "{question}: {}", reply.text());
        assert!(reply.text().contains("not stored"), "{question}: {}", reply.text());
    }
    let finish = ask("how do I finish the assessment?");
    assert!(!finish.text().contains("not stored"), "{}", finish.text());
}

/// The security of a chatbot is the security of an LLM application: read as "assistant",
/// which the security guides do not write, "chatbot security" quoted the RAG guide's "A named
/// owner, usually shared between information security, ...".
#[test]
fn chatbot_security_is_the_security_of_an_ai_system() {
    for question in ["chatbot security", "security for our chatbot"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(
            first(&reply, 1),
            ["guide:ai-system-security-risks"],
            "{question}: {}",
            reply.text()
        );
    }
}

/// "Too high", "too expensive": how the asker feels about an amount, not what it is. Searched,
/// "high" quoted the human-review guide's "High cost of error: ..." for "our LLM costs are too
/// high" and an uncertainty guide's "... treat the high case as upside." for "our AI spend is
/// too high". Words of size keep their sense: "our data team is too big" is answered by how big
/// a team should grow.
#[test]
fn too_high_is_a_complaint_not_the_subject() {
    for (question, expected) in [
        ("our LLM costs are too high", "guide:estimate-llm-running-costs"),
        ("our AI spend is too high", "guide:set-data-ai-budget"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(
            !reply.sentences[0].text.to_ascii_lowercase().contains("high"),
            "{question}: {}",
            reply.text()
        );
        assert!(
            first(&reply, 3).contains(&expected.to_string()),
            "{question}: {:?}",
            first(&reply, 3)
        );
    }
    let team = ask("our data team is too big");
    assert!(team.sentences[0].text.contains("How big"), "{}", team.text());
}

/// "Every guide", "every article", "save": a request for the site's content whole in other
/// words. "Download every guide" quoted a security guide's "Model supply chain compromise"
/// row for "download", and "can I save every article as markdown?" was "not covered".
#[test]
fn every_guide_is_the_whole_site() {
    for question in [
        "download every guide",
        "can I save every article as markdown?",
        "can I save all the guides?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(reply.sentences[0].text.contains("/v1/export"), "{question}: {}", reply.text());
    }
    for question in ["how do I save a trained model?", "how do I download every model weight?"] {
        let reply = ask(question);
        assert!(!reply.text().contains("/v1/export"), "{question}: {}", reply.text());
    }
}

/// "The user wants to know whether ...": an agent forwarding its user's question in the third
/// person. The frame is no part of the question; read whole, "user" and "wants" weighed the
/// question down to "not covered". A case told in the third person ("the customer asks for a
/// refund") is not a forwarded question and is searched as written.
#[test]
fn a_forwarded_question_is_its_users_question() {
    for (forwarded, own) in [
        ("The user wants to know what RAG is", "what RAG is"),
        ("My user would like to know how long an engagement takes", "how long an engagement takes"),
        ("The user asks if the firm has worked with banks", "if the firm has worked with banks"),
        ("The client is asking whether you offer training", "whether you offer training"),
    ] {
        let (reply, expected) = (ask(forwarded), ask(own));
        assert_eq!(reply.kind, AnswerKind::Answered, "{forwarded}: {}", reply.text());
        assert_eq!(reply.text(), expected.text(), "{forwarded}");
        assert_eq!(first(&reply, 3), first(&expected, 3), "{forwarded}");
    }
    for (case, written) in [
        ("a user asks the chatbot for personal data", "A user asks the chatbot for personal data"),
        ("the customer asks for a refund", "The customer asks for a refund"),
    ] {
        assert_eq!(ask(case).text(), ask(written).text(), "{case}");
        assert_ne!(ask(case).text(), ask("for personal data").text(), "{case}");
    }
}

/// "How much does an enagement cost", "is the asesment free", "do you hepl with data
/// governance", "how long dose a pilot take": a misspelt word of phrasing is read as meant by
/// the company tables too, not only by the query, so each gets what its correct spelling gets
/// (they quoted a service's length, or were "not covered"). A real word the library does not
/// write is not taken for another ("how do we dose model updates?").
#[test]
fn a_misspelt_word_of_phrasing_is_read_as_meant() {
    for (typed, meant) in [
        ("how much does an enagement cost", "how much does an engagement cost"),
        ("is the asesment free", "is the assessment free"),
        ("do you hepl with data governance", "do you help with data governance"),
        ("how long dose a pilot take", "how long does a pilot take"),
        ("waht do you charge?", "what do you charge?"),
    ] {
        let (reply, expected) = (ask(typed), ask(meant));
        assert_ne!(reply.kind, AnswerKind::NotCovered, "{typed}: {}", reply.text());
        assert_eq!(reply.kind, expected.kind, "{typed}");
        assert_eq!(reply.text(), expected.text(), "{typed}");
    }
    let pricing = ask("how much does an enagement cost");
    assert_eq!(pricing.kind, AnswerKind::Company(CompanyTopic::Pricing), "{}", pricing.text());
    let dose = ask("how do we dose model updates?");
    assert_ne!(dose.text(), ask("how do we does model updates?").text());
}

/// "how long does a typical engagment take": a misspelling that Snowball stems to a stem the
/// library uses ("engagment" to "engag", of "engage") was read by the query as that stem and
/// left as written for the company tables, so the question quoted a unions guide's "Engage at
/// the point ..." where "engagement" gets the firm's engagement length. A word of phrasing
/// with one letter left out is read as meant; an inflection of a known stem is not read as
/// another word ("books" is not "book", as in "book a call"; "scoping" is not "scoring").
#[test]
fn a_misspelling_of_a_known_stem_is_read_as_meant() {
    for (typed, meant) in [
        ("how long does a typical engagment take", "how long does a typical engagement take"),
        ("how long is an engagment", "how long is an engagement"),
        ("what does an engagment cost", "what does an engagement cost"),
    ] {
        let (reply, expected) = (ask(typed), ask(meant));
        assert_eq!(reply.kind, expected.kind, "{typed}: {}", reply.text());
        assert_eq!(reply.text(), expected.text(), "{typed}");
    }
    let length = ask("how long does a typical engagment take");
    assert!(length.text().starts_with("A typical engagement lasts"), "{}", length.text());
    assert_ne!(ask("Which books do you like?").kind, AnswerKind::Company(CompanyTopic::Contact));
}

/// "Who do I contact about a project?", "who can I speak to about an engagement?": whom to
/// reach is a person at the firm, whom the contact record says how to reach. Read as who works
/// on the firm's projects, they quoted a service's "A small Larchmere team ... works on each
/// engagement"; "who do I contact about MLOps?" was "not covered". Who works on the project,
/// and whom to talk to in the asker's own rollout, are asked as before.
#[test]
fn whom_to_reach_about_work_is_the_contact_record() {
    for question in [
        "who do I contact about a project?",
        "who can I speak to about an engagement?",
        "who do I email about a project?",
        "who do I contact about MLOps?",
    ] {
        let reply = ask(question);
        assert_eq!(
            reply.kind,
            AnswerKind::Company(CompanyTopic::Contact),
            "{question}: {}",
            reply.text()
        );
    }
    let team = ask("who works on a project?");
    assert!(team.text().contains("A small Larchmere team"), "{}", team.text());
    let rollout = ask("who should I talk to first when rolling out AI?");
    assert_ne!(rollout.kind, AnswerKind::Company(CompanyTopic::Contact), "{}", rollout.text());
}

/// "Past projects", "previous clients": the firm's case studies are all past work, so a word
/// of when before them is phrasing. Searched, "can you give me examples of past projects?"
/// quoted a guide's "Eligible share: analysis of past claims suggests ...".
#[test]
fn past_projects_are_the_case_studies() {
    for question in ["Can you give me examples of past projects?", "any recent projects?"] {
        let reply = ask(question);
        assert_eq!(
            reply.kind,
            AnswerKind::Company(CompanyTopic::CaseStudies),
            "{question}: {}",
            reply.text()
        );
    }
}

/// A question of hallucination in a retrieval system names it "RAG": the hallucination guide
/// wrote only "retrieval systems", so no sentence said both words and "how do i reduce
/// hallucinations in RAG" was "not covered".
#[test]
fn hallucination_in_rag_is_answered_by_the_hallucination_guide() {
    for question in
        ["how do i reduce hallucinations in RAG", "How do I stop my RAG bot from making things up?"]
    {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(
            first(&reply, 1),
            ["guide:reduce-llm-hallucinations"],
            "{question}: {}",
            reply.text()
        );
    }
}

/// One of the firm's past projects is one of its case studies, as "past projects" are: "Can
/// you give me an example of a past project?" quoted a service's "... review existing data
/// sources, contracts and past projects" ("example" and "project" searched). The singular
/// alone is no topic word: an example of anything else is searched as before.
#[test]
fn an_example_of_a_past_project_is_the_list_of_case_studies() {
    for question in [
        "Can you give me an example of a past project?",
        "give me an example of a previous client",
        "tell me about a recent project",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::CaseStudies), "{question}");
    }
    for question in
        ["give me an example of a data contract", "how do we learn from a past project?"]
    {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
    }
}

/// How long a case study's work took is its "Duration:" line, which every case study has: the
/// hospital's opened on its summary (whose "14-day admissions forecasts" read as a duration),
/// the insurer's on "... identified only after several days ...". A duration asked in the
/// present tense is of any such work, and a guide still answers it.
#[test]
fn how_long_a_case_studys_work_took_is_its_duration_line() {
    for (question, slug) in [
        ("how long did the hospital forecasting project take", "hospital-demand-forecasting"),
        ("how long was the hospital project", "hospital-demand-forecasting"),
        ("how long did the insurer claims triage project take", "insurer-claims-triage"),
        ("how long did the retailer platform migration take", "retailer-platform-migration"),
    ] {
        let reply = ask(question);
        let Some(opening) = reply.sentences.first() else { panic!("{question}: no sentence") };
        assert_eq!(reply.sources[opening.sources.start].slug, slug, "{question}");
        assert!(opening.text.starts_with("Duration:"), "{question}: {}", opening.text);
    }
    let reply = ask("how long does a platform migration take");
    let opening = reply.sentences.first().map_or("", |s| s.text);
    assert!(!opening.starts_with("Duration:"), "{opening}");
}

/// Whom the readiness assessment is for is whom it suits, which the service says ("The
/// assessment suits organisations about to write an AI strategy, ..."); the record opened on
/// what it is, the answer "what is the AI readiness assessment?" still gets.
#[test]
fn whom_the_assessment_is_for_is_whom_it_suits() {
    for question in [
        "who is the ai readiness assessment for",
        "who should take the ai readiness assessment",
        "who is the readiness assessment for?",
    ] {
        let reply = ask(question);
        let opening = reply.sentences.first().map_or("", |s| s.text);
        assert!(opening.starts_with("The assessment suits"), "{question}: {opening}");
        assert_eq!(first(&reply, 1), ["service:ai-readiness-assessment"], "{question}");
    }
    let reply = ask("what is the ai readiness assessment");
    assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Assessment));
}

/// Whether the self-assessment is free, asked as "does the self-assessment cost anything?",
/// "do I have to pay anything for the assessment?" or "... pay for ...": the record's "The
/// self-assessment is free ..." answers, as for "is the assessment free?". "Self" and "pay"
/// were searched: the first found the record's description, the second a maturity band's
/// "... can pay off.". Paying for the service or an engagement is asked as before.
#[test]
fn paying_for_the_self_assessment_is_whether_it_is_free() {
    for question in [
        "does the self-assessment cost anything",
        "do I have to pay anything for the assessment",
        "do I have to pay for the assessment",
        "do we pay for the self-assessment",
    ] {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["assessment:ai-readiness"], "{question}");
        let opening = reply.sentences.first().map_or("", |s| s.text);
        assert!(opening.contains("self-assessment is free"), "{question}: {opening}");
    }
    let reply = ask("how much do we pay for the readiness assessment service");
    let opening = reply.sentences.first().map_or("", |s| s.text);
    assert!(!opening.contains("self-assessment is free"), "{opening}");
}

/// "How do I cancel?": the firm sells no subscription and no page says how to cancel anything,
/// so it is "not covered" with the contact record, as "what is your refund policy?" is; it
/// quoted the hospital case study's "... short-notice elective cancellations ...". What names
/// more ("how do we reduce cancellations?", a running job) is searched as before.
#[test]
fn how_to_cancel_is_not_covered() {
    for question in ["how do I cancel", "can I cancel my subscription?", "how do I unsubscribe"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}");
    }
    for question in ["how do we reduce cancellations", "how do I cancel a running Airflow job"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
    }
}

/// "You guys", "you folks": a companion of the address is part of it, and a question so asked
/// is the question asked of "you". Read as a word no item uses, "guys" weighed "do u guys do
/// fine tuning of llms" and "can you guys help with data strategy?" down to "not covered".
#[test]
fn you_guys_is_you() {
    for (with, without) in [
        ("do u guys do fine tuning of llms", "do u do fine tuning of llms"),
        ("can you guys help with data strategy?", "can you help with data strategy?"),
        ("do you folks work with hospitals?", "do you work with hospitals?"),
    ] {
        let (reply, plain) = (ask(with), ask(without));
        assert_ne!(reply.kind, AnswerKind::NotCovered, "{with}: {}", reply.text());
        assert_eq!(reply.text(), plain.text(), "{with}");
        assert_eq!(first(&reply, 1), first(&plain, 1), "{with}");
    }
}

/// Whether the firm fine-tunes models is answered by the Generative AI service, which says
/// when it does; no page said so, and "do you fine-tune models?" was "not covered".
#[test]
fn the_firms_fine_tuning_is_the_generative_ai_services() {
    for question in ["do you fine-tune models?", "can you fine-tune an LLM for us?"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 1), ["service:generative-ai-solutions"], "{question}");
        assert!(reply.text().starts_with("We fine-tune LLMs when"), "{question}: {}", reply.text());
    }
}

/// A model stolen by querying it, and a chatbot kept safe from hackers, are the security
/// guide's: it wrote "extraction" and "reconstruct the model", never "steal", and never named
/// a chatbot, so "can someone steal our model?" was "not covered" and "how do we keep our
/// chatbot safe from hackers" quoted the RAG guide's "A named owner, usually shared between
/// information security, ...".
#[test]
fn model_theft_and_chatbot_hackers_are_the_security_guides() {
    for question in [
        "can someone steal our model?",
        "how do we prevent model theft?",
        "how do we keep our chatbot safe from hackers",
        "how do we protect our chatbot from hackers",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 1), ["guide:ai-system-security-risks"], "{question}");
        assert!(
            reply.sentences[0].text.starts_with("Someone can steal a model")
                || reply.sentences[0].text.starts_with("A public chatbot"),
            "{question}: {}",
            reply.text()
        );
    }
}

/// Cost and latency asked together are answered by the sentence that names the levers that
/// cut both; "how do I reduce LLM costs and latency?" opened on a guardrail table's "Extra
/// model call: ... costs tokens ...".
#[test]
fn cost_and_latency_together_open_on_their_shared_levers() {
    for question in ["how do I reduce LLM costs and latency?", "cut llm latency and cost"] {
        let reply = ask(question);
        assert!(
            first(&reply, 2).contains(&"guide:cut-llm-response-latency".to_string()),
            "{question}"
        );
        assert!(
            reply.text().contains("Most levers that reduce the running costs of an LLM application reduce its latency too"),
            "{question}: {}",
            reply.text()
        );
    }
}

/// A verb of improving said of a cost ("optimise our model costs", "bring our costs down")
/// asks what "reduce" asks: left out, "how do we optimize our model costs" searched "model"
/// and "costs" alone and quoted a metrics guide's "... errors cost the same.". Said of
/// anything else ("optimize our data warehouse queries") it is left out as before.
#[test]
fn improving_a_cost_is_reducing_it() {
    for question in ["how do we optimize our model costs", "how do we optimise our model costs?"] {
        let reply = ask(question);
        let reduce = ask("how do we reduce our model costs");
        assert_eq!(first(&reply, 1), ["guide:estimate-llm-running-costs"], "{question}");
        assert_eq!(reply.text(), reduce.text(), "{question}");
    }
    let queries = ask("optimize our data warehouse queries");
    assert_eq!(first(&queries, 1), ["guide:tuning-expensive-warehouse-queries"]);
}

/// That the asker bought or paid for a thing ("the AI tools we bought") says whose it is, not
/// what is asked: searched, "bought" opened "how do i get staff to actually use the ai tools we
/// bought" on the use-case register's "Include bought and embedded AI ...". "What bought AI
/// should go in the use case register" is searched as written.
#[test]
fn what_the_asker_bought_is_phrasing() {
    for question in [
        "how do i get staff to actually use the ai tools we bought",
        "how do we get people to use the AI tools we purchased",
    ] {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["guide:train-staff-on-generative-ai-tools"], "{question}");
    }
    let register = ask("what bought AI should go in the use case register");
    assert_eq!(first(&register, 1), ["guide:ai-use-case-register"]);
}

/// A row of a two-column table is a label and a cell ("Monitoring: Input drift, prediction
/// drift and, where outcomes arrive, real accuracy.", under "Component | Why it matters"),
/// no sentence: it opens an answer only when the question names its table's heading.
#[test]
fn a_two_column_row_opens_only_a_question_of_its_table() {
    for question in
        ["how should we monitor a model for drift", "how do we monitor models for drift"]
    {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        let opening = reply.sentences[0].text;
        assert!(!opening.starts_with("Monitoring:"), "{question}: {}", reply.text());
        assert!(opening.to_lowercase().contains("drift"), "{question}: {}", reply.text());
    }
    let table = ask("What does the MLOps service put in place?");
    assert!(
        table.sentences[0].text.starts_with("Versioned training pipelines:"),
        "{}",
        table.text()
    );
}

/// A sentence that says what a call gave back ("The answer has an access_token ...") comes
/// with the sentence of the call; so does a story's "There was no capacity for forecasting."
/// with the sentence that says whose.
#[test]
fn a_sentence_that_needs_the_one_before_comes_with_it() {
    for question in ["how do I get a token for the export", "how do I get an access token"] {
        let reply = ask(question);
        let text = reply.text();
        assert!(!text.starts_with("The answer"), "{question}: {text}");
        if text.contains("The answer has an access_token") {
            assert!(text.contains("POST /oauth/token"), "{question}: {text}");
        }
    }
    let prev = ["what have you done in healthcare"];
    for question in ["what about forecasting?", "and forecasting?"] {
        let reply = ask_after(&prev, question);
        let text = reply.text();
        if text.contains("There was no capacity") {
            assert!(text.contains("information team of six"), "{question}: {text}");
        }
    }
}

/// "How long did your insurance project last?": "insurance" right before a noun of the firm's
/// work or clients names the industry the work was in, as "do you work with insurance
/// companies?" does, not the firm's own cover; it was "not covered" as "do you have
/// insurance?" is, which it still is.
#[test]
fn insurance_work_is_the_industry_not_the_firms_cover() {
    let reply = ask("how long did your insurance project last");
    let Some(opening) = reply.sentences.first() else { panic!("no sentence") };
    assert_eq!(reply.sources[opening.sources.start].slug, "insurer-claims-triage");
    assert!(opening.text.starts_with("Duration:"), "{}", opening.text);
    for question in ["tell me about your insurance clients", "do you have insurance case studies"] {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["case-study:insurer-claims-triage"], "{question}");
    }
    for question in [
        "do you have insurance",
        "what insurance do you have",
        "do you have professional indemnity insurance",
        "what is your insurance policy",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::NotCovered, "{question}");
    }
}

/// "Does the self assessment cost money?" asks what "... cost anything?" asks: whether it is
/// free. "Money" was searched and the record's description came first. "How much money does
/// the assessment cost?" asks a price still.
#[test]
fn costing_money_is_whether_the_assessment_is_free() {
    for question in [
        "does the self assessment cost money",
        "does the assessment cost money",
        "does the readiness assessment cost money to take",
    ] {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["assessment:ai-readiness"], "{question}");
        let opening = reply.sentences.first().map_or("", |s| s.text);
        assert!(opening.contains("self-assessment is free"), "{question}: {opening}");
    }
    let reply = ask("how much money does the assessment cost");
    let opening = reply.sentences.first().map_or("", |s| s.text);
    assert!(!opening.contains("self-assessment is free"), "{opening}");
}

/// Whom a named service is for is whom its page says it suits ("A data strategy suits
/// organisations that ..."); the question's words found a side sentence ("If your current
/// strategy cannot answer those on a page, ..."). A service whose page says it in no such
/// sentence keeps the search's answer, and "what is ..." is asked as before.
#[test]
fn whom_a_service_is_for_is_whom_it_suits() {
    for question in [
        "who is the data strategy service for",
        "who should use the data strategy service",
        "who is the data strategy service aimed at",
        "who is your data strategy service for?",
    ] {
        let reply = ask(question);
        let opening = reply.sentences.first().map_or("", |s| s.text);
        assert!(opening.starts_with("A data strategy suits"), "{question}: {opening}");
        assert_eq!(first(&reply, 1), ["service:data-strategy"], "{question}");
    }
    let reply = ask("what is the data strategy service");
    let opening = reply.sentences.first().map_or("", |s| s.text);
    assert!(!opening.starts_with("A data strategy suits"), "{opening}");
    let reply = ask("who is the mlops service for");
    assert_eq!(first(&reply, 1), ["service:mlops"]);
}

/// "How do we drive adoption of the AI tools we paid for?": a verb of making more said of
/// adoption is what is wanted of it, not what is searched. "Drive" quoted a chargeback
/// guide's "... drives some units to buy their own tools ..." and "increase" a contract
/// guide's "Limit annual increases ..."; "drive" of anything else is searched as before.
#[test]
fn a_verb_of_making_more_said_of_adoption_is_phrasing() {
    for question in [
        "how do we drive adoption of AI tools we paid for",
        "How can we drive adoption of the AI tools we have paid for?",
        "how do we increase adoption of AI tools we bought",
        "how to drive AI adoption",
    ] {
        let reply = ask(question);
        let opening = reply.sentences.first().map_or("", |s| s.text);
        assert!(opening.to_lowercase().contains("adopt"), "{question}: {opening}");
        assert!(
            first(&reply, 3).iter().any(|s| s == "guide:measure-ai-tool-adoption"),
            "{question}: {:?}",
            first(&reply, 3)
        );
        assert!(!reply.text().contains("Limit annual increases"), "{question}");
        assert!(!reply.text().contains("drives some units"), "{question}");
    }
}

/// "Could a competitor copy our model through the API?": the security guide says so of an
/// attacker or a competitor who can query a model through its API; it was "not covered".
#[test]
fn a_competitor_copying_a_model_through_its_api_is_extraction() {
    for question in [
        "could a competitor copy our model through the API?",
        "can a competitor steal our model?",
        "could someone copy our model through the API?",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert_eq!(first(&reply, 1), ["guide:ai-system-security-risks"], "{question}");
        let opening = reply.sentences.first().map_or("", |s| s.text);
        assert!(opening.starts_with("Someone can steal a model"), "{question}: {opening}");
    }
}

/// Whom each service whose page says whom it suits is for: the AI strategy, fractional
/// leadership, MLOps, adoption, analytics engineering and machine learning services now say
/// it in a sentence of their own ("The service suits organisations ..."), where they opened
/// on their introductions or a side sentence ("Floor-walking, office hours, ...").
#[test]
fn whom_each_service_suits_is_said_on_its_page() {
    for (question, slug) in [
        ("who should use the ai strategy service", "ai-strategy"),
        ("who is the fractional data leadership service for", "fractional-data-leadership"),
        ("who is the mlops service for", "mlops"),
        ("who is the ai adoption and change service for", "ai-adoption-and-change"),
        ("who is the analytics engineering service for", "analytics-engineering"),
        ("who is the machine learning engineering service for", "machine-learning-engineering"),
    ] {
        let reply = ask(question);
        let opening = reply.sentences.first().map_or("", |s| s.text);
        assert!(opening.starts_with("The service suits"), "{question}: {opening}");
        assert_eq!(first(&reply, 1), [format!("service:{slug}")], "{question}");
    }
    let reply = ask("what is fractional data leadership");
    let opening = reply.sentences.first().map_or("", |s| s.text);
    assert!(!opening.starts_with("The service suits"), "{opening}");
}

/// "Recommend a guide on MLOps": a request for a guide cites a guide first when one of the
/// closest items says the subject ("Monitoring is the part of MLOps that never ends ...");
/// it opened on the MLOps service's definition. "What is MLOps?" asks no guide, and a guide
/// saying the subject only below its introduction does not open "any guides on responsible AI?".
#[test]
fn a_request_for_a_guide_opens_on_a_guide() {
    for question in ["recommend a guide on MLOps", "any articles about mlops?"] {
        let reply = ask(question);
        assert_eq!(
            first(&reply, 1),
            ["guide:monitor-ml-models-in-production"],
            "{question}: {}",
            reply.text()
        );
        let opening = reply.sentences.first().map_or("", |s| s.text);
        assert!(opening.contains("MLOps"), "{question}: {opening}");
    }
    let reply = ask("what is MLOps?");
    assert_eq!(first(&reply, 1), ["service:mlops"]);
    // A guide that says the subject only below its introduction mentions it in passing.
    let reply = ask("any guides on responsible AI?");
    assert_eq!(first(&reply, 1), ["service:responsible-ai"], "{}", reply.text());
}

/// A paragraph that works through a supposition ("Suppose the small model costs 0.2 per
/// million input tokens ... The two small-model calls add roughly 0.0007.") opens or joins an
/// answer only when the question names its section: "Can you help us optimize our model
/// costs?" opened on the premise, and "What does an LLM cost per month?" on its naive "650 a
/// month", where the guide's realistic budget is the figure.
#[test]
fn a_worked_supposition_opens_only_a_question_of_its_section() {
    for question in [
        "Can you help us optimize our model costs?",
        "how do we reduce our model costs",
        "how do we optimize our model costs",
    ] {
        let reply = ask(question);
        let text = reply.text();
        assert!(!text.contains("Suppose the small model"), "{question}: {text}");
        assert!(!text.contains("small-model calls add"), "{question}: {text}");
        assert!(text.starts_with("Most levers"), "{question}: {text}");
    }
    let reply = ask("What does an LLM cost per month?");
    assert!(reply.text().starts_with("A realistic budget"), "{}", reply.text());
    let reply = ask("how reliable are multi-step agents");
    assert!(reply.text().starts_with("Suppose each step"), "{}", reply.text());
}

/// "How much will our LLM cost us each month?": "us" was read as the firm's price, and the
/// question got the prices record where the running costs guide answers it. A question that
/// says "our" of its own thing and names no other word of the firm's work asks what that
/// thing costs to run; "what would you charge us", "how much would it cost us" and "what will
/// our project cost us" (the firm's work named) still ask the firm's prices (fiftieth pass).
#[test]
fn the_askers_own_running_cost_is_not_the_firms_price() {
    for question in [
        "How much will our LLM cost us each month?",
        "how much will our cloud bill cost us",
        "what does it cost us to run our model",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_ne!(first(&reply, 1), ["company:contact"], "{question}");
    }
    let llm = ask("How much will our LLM cost us each month?");
    assert_eq!(first(&llm, 1), ["guide:estimate-llm-running-costs"], "{}", llm.text());
    for question in
        ["what would you charge us", "how much would it cost us", "what will our project cost us"]
    {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Pricing), "{question}");
    }
}

/// "What exit provisions do you recommend in an AI contract?": "you recommend" asks the firm's
/// advice on a contract, which the contract guides give; read as the firm's own contract, it
/// was "not covered" with the contact record alone, where "what exit provisions should an AI
/// contract have" quotes "Data return and deletion on exit, with certification." The firm's
/// own contract is still not covered (fiftieth pass).
#[test]
fn advice_asked_on_a_contract_is_the_guides() {
    for question in [
        "what exit provisions do you recommend in an AI contract",
        "what exit terms do you recommend for an AI contract",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(reply.text().starts_with("Data return and deletion on exit"), "{}", reply.text());
    }
    let policy = ask("what do you recommend for an AI policy");
    assert_eq!(policy.kind, AnswerKind::Answered, "{}", policy.text());
    assert_eq!(ask("what is your contract").kind, AnswerKind::NotCovered);
}

/// "How should we monitor a model for drift?" opened on the monitoring guide's sentences but
/// cited the MLOps service first and the guide fourth: the guide wrote "drift" in its body
/// alone, which counts half, so it covered less of the question than the items above it. Its
/// description now says where drift shows (fiftieth pass).
#[test]
fn a_question_of_monitoring_for_drift_cites_the_monitoring_guide_first() {
    for question in [
        "how should we monitor a model for drift",
        "how do we monitor a model for drift",
        "How should we monitor a model for drift in production?",
    ] {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["guide:monitor-ml-models-in-production"], "{question}");
    }
}

/// "do you have consultents in healthcare": "consultent" is "consultant" with one vowel
/// written for another, and Snowball stems both "consult", a stem the library uses, so the
/// company tables read it as written and the question was "not covered". A word of phrasing
/// with one vowel changed is read as meant, in a word long enough not to be a word of its own
/// ("tall" is not "tell") (fiftieth pass).
#[test]
fn a_vowel_slip_in_a_word_of_phrasing_is_read_as_meant() {
    for (typed, meant) in [
        ("do you have consultents in healthcare", "do you have consultants in healthcare"),
        ("Will we have a dedicated consultent?", "Will we have a dedicated consultant?"),
        ("consultents", "consultants"),
    ] {
        let (reply, expected) = (ask(typed), ask(meant));
        assert_eq!(reply.kind, expected.kind, "{typed}: {}", reply.text());
        assert_eq!(reply.text(), expected.text(), "{typed}");
    }
}

/// "shoud we build or buy": a modal verb misspelt before its subject ("shoud we", "woud you",
/// "shud we") was a word no item uses and weighed the question down to "not covered"; it is
/// dropped as the stop word it means. Before another word it is not read so ("do we need a
/// wold model" says something else) (fiftieth pass).
#[test]
fn a_misspelt_modal_before_its_subject_is_a_stop_word() {
    for (typed, meant) in [
        ("shoud we build or buy", "should we build or buy"),
        ("shud we build or buy an llm", "should we build or buy an llm"),
        ("woud you help us with data governance", "would you help us with data governance"),
    ] {
        let (reply, expected) = (ask(typed), ask(meant));
        assert_eq!(reply.kind, AnswerKind::Answered, "{typed}: {}", reply.text());
        assert_eq!(reply.text(), expected.text(), "{typed}");
    }
    assert_eq!(ask("do we need a wold model").kind, AnswerKind::NotCovered);
}

/// Whom the last five services suit: data governance, data platform engineering, data
/// literacy, generative AI and responsible AI now say it in a sentence of their own ("The
/// service suits organisations ..."), where they opened on their introductions or a side
/// sentence ("The deliverables of platform work ..."). The data platform's sentence ranked
/// below the data strategy service's when asked without the service's name, so it is asked
/// again with it.
#[test]
fn whom_the_last_five_services_suit_is_said_on_their_pages() {
    for (question, slug) in [
        ("who is your data governance service for", "data-governance"),
        ("who is the data platform engineering service for", "data-platform-engineering"),
        ("who should use the data platform engineering service", "data-platform-engineering"),
        ("who is your data literacy training service for", "data-literacy-training"),
        ("who is your generative ai service for", "generative-ai-solutions"),
        ("who is the responsible ai service for", "responsible-ai"),
    ] {
        let reply = ask(question);
        let opening = reply.sentences.first().map_or("", |s| s.text);
        assert!(opening.starts_with("The service suits"), "{question}: {opening}");
        assert_eq!(first(&reply, 1), [format!("service:{slug}")], "{question}");
    }
    let reply = ask("who is the machine learning engineering service for");
    let opening = reply.sentences.first().map_or("", |s| s.text);
    assert!(opening.starts_with("The service suits"), "{opening}");
    let reply = ask("what is data governance");
    let opening = reply.sentences.first().map_or("", |s| s.text);
    assert!(!opening.starts_with("The service suits"), "{opening}");
}

/// "Is the data strategy service appropriate for a local authority?": whether a named service
/// fits ("right", "suitable", "appropriate" before "for") is whom it suits. It was "not
/// covered"; "... right for a small company" opened on a side sentence ("If your current
/// strategy cannot answer those on a page, ...").
#[test]
fn whether_a_named_service_fits_is_whom_it_suits() {
    for (question, opens) in [
        (
            "Is the data strategy service appropriate for a local authority?",
            "A data strategy suits",
        ),
        ("is the data strategy service right for a small company", "A data strategy suits"),
        ("is the responsible ai service suitable for a council", "The service suits"),
        ("is the assessment right for us?", "The assessment suits"),
    ] {
        let reply = ask(question);
        let opening = reply.sentences.first().map_or("", |s| s.text);
        assert!(opening.starts_with(opens), "{question}: {opening}");
    }
}

/// "Do you offer a pilot before we commit?": a pilot before committing is a small start,
/// which the firm's statement of starting small says; it was "not covered". "Do you offer a
/// pilot?" (the generative AI service's pilot phase) and "how do we run a pilot" are
/// searched as before.
#[test]
fn a_pilot_before_committing_is_starting_small() {
    for question in [
        "do you offer a pilot before we commit",
        "can we try a pilot before committing",
        "could we do a trial before we commit",
        "can we start with a small pilot",
    ] {
        let reply = ask(question);
        assert!(reply.text().starts_with("You can start small"), "{question}: {}", reply.text());
    }
    for question in ["do you offer a pilot", "how do we run a pilot"] {
        let reply = ask(question);
        assert!(!reply.text().starts_with("You can start small"), "{question}: {}", reply.text());
    }
}

/// "Can you help with a readmission risk model?": a hospital patient's risk of readmission is
/// one of the risk scores the machine learning service lists; it was "not covered".
#[test]
fn a_readmission_risk_model_is_machine_learning_work() {
    for question in [
        "can you help with a readmission risk model",
        "can you build a readmission model for our hospital",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert_eq!(first(&reply, 1), ["service:machine-learning-engineering"], "{question}");
        assert!(reply.text().contains("readmission"), "{question}: {}", reply.text());
    }
}

/// A question of how to do something opens on advice, not a story: "how do we evaluate an AI
/// vendor for procurement" opened on a use-case register guide's worked example ("Procurement
/// review added 9 vendor tools ..."), "How do I tell execs about uncertainty?" on "The
/// executive team approved 430 ...", and "How do we plan the migration of an on-premises
/// warehouse to the cloud?" on the retailer case study's summary. A question that is no
/// how-to keeps the story.
#[test]
fn a_how_to_question_opens_on_advice_not_a_story() {
    for (question, story) in [
        ("how do we evaluate an AI vendor for procurement", "Procurement review added"),
        ("How do I tell execs about uncertainty?", "The executive team approved"),
        ("How do we plan the migration of an on-premises warehouse to the cloud?", "A fashion"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert!(!reply.text().starts_with(story), "{question}: {}", reply.text());
    }
    let reply = ask("How did the retailer move off its old data platform?");
    assert!(reply.text().starts_with("A fashion"), "{}", reply.text());
}

/// "How do we start an engagement with you?": starting the firm's work is starting work with
/// the firm, which the contact record says how to do; it quoted "A typical engagement lasts
/// six to eight weeks". "How do we start a project?" names no firm, and is searched.
#[test]
fn starting_an_engagement_is_starting_work_with_the_firm() {
    for question in [
        "how do we start an engagement with you",
        "how can we start an engagement",
        "how do we start a project with you",
        "how do we start an engagment with you",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Contact), "{question}");
        assert!(reply.text().contains(EMAIL), "{question}: {}", reply.text());
    }
    assert_eq!(ask("how do we start a project").kind, AnswerKind::Answered);
}

/// Two words of the library typed without the space between them are those two words, as
/// search reads them: "how do we build a featurestore" and "how do we cut stockouts with
/// forecasting" were "not covered" (one unknown word, or respelt), where "feature store" and
/// the guides' "stock-outs" answer.
#[test]
fn two_library_words_typed_as_one_are_read_as_both() {
    for (typed, slug) in [
        ("how do we build a featurestore", "guide:do-you-need-a-feature-store"),
        ("how do we cut stockouts with forecasting", "industry:retail-and-ecommerce"),
        ("is a datalake worth it", "guide:warehouse-lake-or-lakehouse"),
    ] {
        let reply = ask(typed);
        assert_eq!(reply.kind, AnswerKind::Answered, "{typed}: {}", reply.text());
        assert!(first(&reply, 3).contains(&slug.to_string()), "{typed}: {:?}", first(&reply, 3));
    }
    let reply = ask("how do we cut stockouts with forecasting");
    assert!(reply.text().contains("stock-outs"), "{}", reply.text());
}

/// "Council" alone is a local council, a client of the public sector page; the unions guide's
/// "works councils" is another sense, and "how long would a data platform build take for a
/// council" quoted it (the fifty-third pass). A works council is still the unions guide's.
#[test]
fn a_council_alone_is_a_local_council() {
    for question in [
        "how long would a data platform build take for a council",
        "we are a council, can you help with our data",
        "can you help a council with data sharing",
    ] {
        let reply = ask(question);
        assert!(!reply.text().contains("works councils"), "{question}: {}", reply.text());
        assert_eq!(first(&reply, 1), ["industry:public-sector"], "{question}");
    }
    let reply = ask("how do we consult the works council on ai");
    assert_eq!(first(&reply, 1), ["guide:consult-unions-on-ai-changes"]);
}

/// "Why do we keep running out of stock?": running out of stock is a stock-out, which the
/// demand forecast prevents; it quoted the retailer case study's migration waves.
#[test]
fn running_out_of_stock_is_a_demand_forecasting_matter() {
    for question in ["why do we keep running out of stock", "we keep running out of stock"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert!(reply.text().contains("orecast"), "{question}: {}", reply.text());
        assert!(!reply.text().contains("four waves"), "{question}: {}", reply.text());
    }
}

/// "What clauses do you recommend in an AI contract?": the contracts guide says which matter
/// most; it quoted a summarisation guide's "Extract the notice period from this clause".
#[test]
fn the_contract_clauses_that_matter_most_are_said() {
    for question in [
        "what clauses do you recommend in an AI contract",
        "what clauses should be in an AI contract",
    ] {
        let reply = ask(question);
        assert!(
            reply.text().starts_with("The clauses that matter most"),
            "{question}: {}",
            reply.text()
        );
    }
}

/// The healthcare page says what its questions ask in their own words (fifty-second pass):
/// "can you work on pseudonymised patient data" and "Can you forcast A&E attendances?" were
/// "not covered" (no sentence said "pseudonymised" with "patient", none "A&E"), and "data
/// governance programme for a hospital trust" opened on the literacy service's "A hospital's
/// bed managers ...".
#[test]
fn the_healthcare_page_answers_patient_data_and_a_and_e_questions() {
    for (question, opening) in [
        ("can you work on pseudonymised patient data", "We work with your information"),
        ("Can you forcast A&E attendances?", "Forecasts of A&E attendances"),
        ("data governance programme for a hospital trust", "Our data governance work"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(reply.text().starts_with(opening), "{question}: {}", reply.text());
        assert!(
            first(&reply, 3).contains(&"industry:healthcare".to_string()),
            "{question}: {:?}",
            first(&reply, 3)
        );
    }
}

/// How long a demand forecast takes, asked alone or after a question of forecasting: the
/// retail page says it, as the machine learning service says it of a first model; "how long
/// does that take" after "can you help a retailer with demand forecasting" was "not covered".
#[test]
fn how_long_a_demand_forecast_takes_is_said() {
    let reply = ask("how long does demand forecasting take");
    assert!(reply.text().contains("10 to 16 weeks"), "{}", reply.text());
    for prev in [
        "can you help a retailer with demand forecasting",
        "how do we forecast demand across our stores",
    ] {
        let reply = ask_after(&[prev], "how long does that take");
        assert_eq!(reply.kind, AnswerKind::Answered, "{prev}");
        assert!(reply.text().contains("10 to 16 weeks"), "{prev}: {}", reply.text());
    }
}

/// Running a procurement for a product is a vendor selection: "how do we run a procurement
/// for an AI tool" quoted the use case register's "Reconcile against procurement data ...".
#[test]
fn running_a_procurement_is_a_vendor_selection() {
    for question in [
        "how do we run a procurement for an AI tool",
        "whats the procurement process for an ai product",
    ] {
        let reply = ask(question);
        assert_eq!(first(&reply, 1), ["guide:run-vendor-selection"], "{question}");
    }
}

/// A startup's stage said before "startup" is its size, as "small" is: "were a seed stage
/// startup, where do we start" was "not covered", where "were a small startup where do we
/// start" quotes the firm's statement that it works with startups.
#[test]
fn a_startups_stage_is_its_size() {
    for question in [
        "were a small startup where do we start",
        "were a seed stage startup, where do we start",
        "we are an early-stage startup, where do we start",
    ] {
        let reply = ask(question);
        assert!(reply.text().contains("startups"), "{question}: {}", reply.text());
    }
}

/// A promo is a retailer's promotion: "hw do we measure if a promo worked" was "not covered",
/// where the retail page asks "Did that promotion actually work?".
#[test]
fn a_promo_is_a_promotion() {
    for question in ["hw do we measure if a promo worked", "did our promos actually work"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(reply.text().contains("promotion"), "{question}: {}", reply.text());
    }
}

/// "How much does a responsible AI review cost?", "price of an MLOps setup": a price question
/// that names a service's work by its slug words and a noun of a piece of work ("review",
/// "setup", "audit", "implementation") asks the firm's price, as "how much does a data strategy
/// cost?" does; it got the responsible AI service's introduction, and the MLOps setup "not
/// covered" (fifty-second pass). Without a price word the service answers.
#[test]
fn a_price_question_naming_a_services_piece_of_work_asks_the_price() {
    for question in [
        "how much does a responsible ai review cost",
        "price of an mlops setup",
        "how much does an mlops implementation cost",
        "what does a data strategy engagement cost",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Pricing), "{question}");
    }
    let reply = ask("how much does a responsible ai review cost");
    assert!(
        first(&reply, 3).contains(&"service:responsible-ai".to_string()),
        "{:?}",
        first(&reply, 3)
    );
    assert_eq!(ask("how long does a responsible ai review take").kind, AnswerKind::Answered);
}

/// A sentence whose second word is a pronoun that points back ("Keep them; they are often the
/// cheapest wins.", "Inject those server-side ...") or whose subject after an opening phrase
/// is "it" ("Under the GDPR and the UK GDPR it is mandatory ...") is quoted with the sentence
/// before it, or not at all (fifty-second pass).
#[test]
fn a_sentence_whose_pronoun_points_back_brings_the_one_before() {
    for (question, leaning, lead) in [
        (
            "whats the cheapest way to run an llm in production",
            "Keep them;",
            "Some of the best ideas",
        ),
        ("do we need to worry about GDPR for an AI project", "Under the GDPR", "A data protection"),
        ("Inject those server-side ...", "Inject those", "Do not let the model"),
    ] {
        let reply = ask(question);
        let text = reply.text();
        assert!(!text.starts_with(leaning), "{question}: {text}");
        if text.contains(leaning) {
            assert!(text.contains(lead), "{question}: {text}");
        }
    }
}

/// "How long until we see ROI?" is no question of a worked example's figures: it opened on the
/// ROI guide's worked "Three-year ROI: total benefit £1,650k, ...", a span read as the length
/// asked, and opens on the guide's rules of thumb. A case study's length of its work is still
/// its own (fifty-second pass).
#[test]
fn a_worked_example_does_not_open_a_question_of_how_long() {
    let reply = ask("how long until we see roi");
    assert!(!reply.text().starts_with("Three-year ROI"), "{}", reply.text());
    assert!(reply.text().contains("12 to 24 months"), "{}", reply.text());
    let reply = ask("how long did the hospital forecasting project take");
    assert!(reply.text().starts_with("Duration:"), "{}", reply.text());
}

/// "Forecast demand for 40 stores": a number before the word it counts is how many the asker
/// has, a filler; at full weight the rare "40" opened the answer on a case study's "After two
/// months, 40% of stores followed its rosters; ..." (fifty-second pass). A range's end and a
/// number that opens the question are searched ("300 requests a minute" is the API's limit).
#[test]
fn a_number_before_what_it_counts_is_no_subject() {
    for question in ["forecast demand for 40 stores", "how do i forecast demand for 40 stores"] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert!(!reply.text().starts_with("After two months"), "{question}: {}", reply.text());
    }
    let reply = ask("300 requests a minute");
    assert!(reply.text().contains("300 requests a minute"), "{}", reply.text());
}

/// A modal is phrasing in a price question that names a service's work: "what would a data
/// governance programme cost?" quoted the governance guide's "Most data governance programmes
/// fail quietly", where "what does ..." got the prices record; "would" and "might" were read as
/// more than the service and its price (fifty-fourth pass). Said with more ("... to run"), it
/// is searched still.
#[test]
fn a_modal_in_a_price_question_is_phrasing() {
    for (question, service) in [
        ("what would a data governance programme cost", "service:data-governance"),
        ("how much would a data strategy cost", "service:data-strategy"),
        ("what might an mlops setup cost", "service:mlops"),
        ("what would a responsible ai review cost", "service:responsible-ai"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Pricing), "{question}");
        assert!(first(&reply, 3).contains(&service.to_string()), "{question}");
    }
    let run = ask("how much would a data strategy cost to run");
    assert_eq!(run.kind, AnswerKind::Answered);
}

/// Whether a thing is charged for is a question of price: "is the assessment chargeable?"
/// quoted a chargeback guide's "... charge them for everything ...", and "Is the assesment
/// chargable?" (a letter left out of a word the library never writes, which no typo lookup
/// reaches) was "not covered" (fifty-fourth pass). "Is the first call chargeable?" is
/// answered by the firm's statement that it is free.
#[test]
fn a_word_of_being_charged_for_is_a_price_word() {
    for question in [
        "Is the assesment chargable?",
        "is the assessment chargeable",
        "is the readiness assesment billable",
        "do you chrge for the assessment",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Pricing), "{question}");
        assert!(reply.text().contains("publishes no prices"), "{question}");
    }
    for question in ["is the first call chargable", "is the first call chargeable"] {
        let reply = ask(question);
        assert!(reply.text().contains("no charge"), "{question}: {}", reply.text());
    }
}

/// A cost said whole ("hidden", "true", "real", "total") or of a failed project is what
/// owning or losing work costs, which the guides answer, not the firm's price: "hidden costs
/// of ai projects", "what is the real cost of a data project" and "what is the cost of a
/// failed ai project" got the prices record's "publishes no prices" for their "project"
/// (fifty-fifth pass). The firm's own project ("your"), or one it would cost "us", is a
/// prices question still.
#[test]
fn a_whole_cost_or_a_failed_project_is_no_price_of_the_firm() {
    for question in [
        "hidden costs of ai projects",
        "what are the hidden costs of an ai project",
        "what is the real cost of a data project",
        "what is the cost of a failed ai project",
        "how much does a failed data project cost",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(!reply.text().contains("publishes no prices"), "{question}");
    }
    for question in [
        "what is the total cost of your project",
        "what would a data platform project cost us",
        "what does an engagement cost",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Pricing), "{question}");
    }
}

/// Who pays is phrasing in a price question: "how much would a data platform cost a council"
/// quoted a model choice guide's "Public leaderboards help with shortlisting and little else"
/// (the council read as the public sector's name), "... cost a startup" was "not covered" and
/// "... cost a retailer" quoted the retailer case study (fifty-fifth pass). Each now quotes
/// what "how much does a data platform cost" quotes. A council said otherwise is the sector
/// still.
#[test]
fn whom_a_price_is_paid_by_is_phrasing() {
    for question in [
        "how much would a data platform cost a council",
        "how much would a data platform cost a startup",
        "how much does a data platform cost a retailer",
        "how much does a data platform cost a small council",
        "what would a data platform cost a hospital",
    ] {
        let reply = ask(question);
        assert!(
            reply.text().starts_with("What a data platform costs depends on how much it is used"),
            "{question}: {}",
            reply.text()
        );
    }
    let council = ask("do you work with councils");
    assert_eq!(first(&council, 1), ["industry:public-sector"]);
}

/// A kind of client is its sector: "do you work with county councils" was "not covered" (no
/// page writes "county"), where "do you work with councils" opens on the public sector page;
/// so were "private hospitals", "high street retailers" and "retail banks" (fifty-sixth pass).
/// The words before the sector's word qualify it and are phrasing. A works council is no
/// client.
#[test]
fn a_word_qualifying_a_sector_in_a_question_of_clients_is_phrasing() {
    for (question, industry) in [
        ("do you work with county councils", "industry:public-sector"),
        ("do you work with district councils?", "industry:public-sector"),
        ("do you work with private hospitals", "industry:healthcare"),
        ("do you work with high street retailers", "industry:retail-and-ecommerce"),
        ("do you work with retail banks", "industry:financial-services"),
    ] {
        let reply = ask(question);
        assert_ne!(reply.kind, AnswerKind::NotCovered, "{question}");
        assert_eq!(first(&reply, 1), [industry.to_string()], "{question}: {}", reply.text());
    }
    let local = ask("do you work with local councils");
    assert!(local.text().starts_with("We work with local councils"), "{}", local.text());
    let works = ask("how do we consult the works council on ai");
    assert!(!first(&works, 1).contains(&"industry:public-sector".to_string()), "{}", works.text());
}

/// A verb of prevention in a question of how to ("stop", "prevent", "avoid") is how it asks:
/// what is to be stopped is what it asks about. Searched, the verb outweighed the problem:
/// "how do we stop stock-outs" quoted a funnel guide's "... (item in stock, ...) stops the
/// funnel being blamed ...", "how do we prevent stock-outs" a monitoring guide's "losses
/// prevented, stock-outs" (fifty-sixth pass).
#[test]
fn a_verb_of_prevention_in_a_question_of_how_is_phrasing() {
    for question in
        ["how do we stop stock-outs", "how do we prevent stock-outs", "how do we avoid stock-outs"]
    {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert!(
            reply.text().starts_with("Forecasting demand by product"),
            "{question}: {}",
            reply.text()
        );
    }
    let drift = ask("how do we stop model drift");
    assert!(drift.text().starts_with("Model drift is"), "{}", drift.text());
    let made_up = ask("how to avoid hallucinations");
    assert_eq!(first(&made_up, 1), ["guide:reduce-llm-hallucinations".to_string()]);
}

/// Stock-outs and overstock are what a store's demand forecast is for: the retail page says
/// so ("... so that stores see fewer stock-outs and less overstock."). "how do we stop
/// overstocking" was "not covered", "why do we keep having stock-outs in our stores" quoted
/// the page's "Retailers often keep separate numbers for stores, ..." (fifty-sixth pass).
#[test]
fn stock_outs_and_overstock_are_the_retail_forecasts() {
    for question in [
        "why do we keep having stock-outs in our stores",
        "how do we stop overstocking",
        "how can we reduce overstock",
        "why do we keep running out of stock",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert!(
            reply.text().starts_with("Forecasting demand by product"),
            "{question}: {}",
            reply.text()
        );
        assert_eq!(first(&reply, 1), ["industry:retail-and-ecommerce".to_string()], "{question}");
    }
}

/// Where the firm works in person is where it works: "can you come on site", "can you meet us
/// in person" were "not covered", "do you visit clients" quoted a case study's "single review
/// visit"; the contact record's location ("... working remotely across Europe") answers them,
/// as it answers "do you work onsite?" (fifty-seventh pass). A question of the asker's own
/// site, or of how anyone works in person, is searched.
#[test]
fn working_on_site_or_in_person_is_the_firms_location() {
    for question in [
        "can you come on site",
        "can you work on site in manchester",
        "can you meet us in person",
        "do you visit clients",
        "can you visit us",
        "would you work on site with our team",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Contact), "{question}");
        assert!(reply.text().starts_with("Location:"), "{question}: {}", reply.text());
    }
    for question in ["how do we set up an on-site data centre", "how do we size our data team"] {
        let reply = ask(question);
        assert!(!matches!(reply.kind, AnswerKind::Company(_)), "{question}: {}", reply.text());
    }
}

/// The firm's size is what its description says ("Larchmere is a small consultancy of ..."):
/// "how big is your company", "how many people work at larchmere" were "not covered", as if
/// no record said it (fifty-seventh pass). The asker's own team, and the size of the firm's
/// work, are not the firm's size.
#[test]
fn the_firms_size_is_answered_by_its_description() {
    for question in [
        "how big is your company",
        "How many people work at Larchmere?",
        "How many consultants do you have?",
        "How many employees does your firm have?",
        "is your team large",
        "are you a big firm",
        "how large is larchmere",
    ] {
        let reply = ask(question);
        assert!(
            reply.text().starts_with("Larchmere is a small consultancy"),
            "{question}: {}",
            reply.text()
        );
    }
    for question in [
        "how big should our data team be",
        "how big are your projects",
        "are you big on data governance",
    ] {
        let reply = ask(question);
        assert!(!reply.text().starts_with("Larchmere is a small"), "{question}: {}", reply.text());
    }
}

/// The verb of a request to the firm is the act asked of it, not a subject its page must
/// write beside the thing it is done to: "can you audit our data warehouse?" was "not
/// covered" with the analytics engineering service first among the closest items, as no
/// sentence says "audit" and "warehouse" together (fifty-eighth pass). It is answered from
/// that service; "can you cook dinner for me?" stays "not covered".
#[test]
fn the_verb_of_a_request_to_the_firm_is_no_subject() {
    for (question, service) in [
        ("can you audit our data warehouse", "service:analytics-engineering"),
        ("could you audit our warehouse", "service:analytics-engineering"),
        ("can you audit our data warehouse for us", "service:analytics-engineering"),
        ("can you audit our data quality", "service:data-governance"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert!(first(&reply, 3).contains(&service.to_string()), "{question}");
    }
    for question in ["can you cook dinner for me", "can you fix my car"] {
        assert_ne!(ask(question).kind, AnswerKind::Answered, "{question}");
    }
}

/// A budget is the asker's own spending unless the question names the firm or its work:
/// "how much should we budget for AI?", "what budget does a data team need?", "what should
/// our data budget be?" and "why do data projects go over budget?" got the prices record's
/// "publishes no prices" (fifty-ninth pass). They cite the budget guide first; "how much
/// should we budget for an engagement?" and "can you work within our budget?" keep the record.
#[test]
fn a_budget_is_the_askers_own_unless_the_firm_is_named() {
    for question in [
        "how much should we budget for ai",
        "what budget does a data team need",
        "what should our data budget be",
        "why do data projects go over budget",
        "how much shoud we budget for a data platform",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(
            first(&reply, 3).contains(&"guide:set-data-ai-budget".to_string()),
            "{question}: {:?}",
            first(&reply, 3)
        );
    }
    for question in
        ["How much should we budget for an engagement?", "can you work within our budget"]
    {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Company(CompanyTopic::Pricing), "{question}");
    }
}

/// What is "cheapest" the guides call cheaper (the synonym table): "what is the cheapest way
/// to run an LLM?" quoted a use-case guide's "... they are often the cheapest wins", the only
/// sense in which the library writes "cheapest" (fifty-ninth pass). It cites the running cost
/// guide first among three, as "... the cheaper way ..." does.
#[test]
fn what_is_cheapest_is_what_the_guides_call_cheaper() {
    let reply = ask("what is the cheapest way to run an llm");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert!(!reply.text().contains("cheapest wins"), "{}", reply.text());
    assert!(
        first(&reply, 3).contains(&"guide:estimate-llm-running-costs".to_string()),
        "{:?}",
        first(&reply, 3)
    );
}

/// The particle of a request's verb ("out" of "sort out", "figure out") is the verb's, not a
/// subject a page must write: at full weight, "could you figure out our ai strategy" was "not
/// covered", "could u sort out our data quality issues" quoted the generative AI service, and
/// "can you sort out our reporting" had the adoption service first (sixty-first pass). Without
/// the particle, each had the service that does the work; "can you sort out my garden" stays
/// "not covered".
#[test]
fn the_particle_of_a_requests_verb_is_no_subject() {
    for (question, service, n) in [
        ("could u sort out our data quality issues", "service:data-governance", 1),
        ("could you figure out our ai strategy", "service:ai-strategy", 3),
        ("can you sort out our reporting", "service:analytics-engineering", 1),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}");
        assert!(
            first(&reply, n).contains(&service.to_string()),
            "{question}: {:?}",
            first(&reply, 3)
        );
    }
    for question in ["can you sort out my garden", "could you work out my tax return"] {
        assert_ne!(ask(question).kind, AnswerKind::Answered, "{question}");
    }
}

/// A sector's word the asker says of its own ("our shops", "in our factory", "we have 60
/// shops") and its industry's page never writes is read as that industry's name: "we have 60
/// shops, how do we use our sales figures" was "not covered" ("shop" found the manufacturing
/// page's "shop floor"), where "... 60 stores ..." quoted the retail page (sixtieth pass). A
/// word the page writes ("our hospital's") is searched as written.
#[test]
fn the_askers_own_sector_word_reads_as_its_industry() {
    for (question, industry) in [
        ("we have 60 shops, how do we use our sales figures", "industry:retail-and-ecommerce"),
        ("our shops keep running out of stock", "industry:retail-and-ecommerce"),
        (
            "we have sensors on 300 machines in our factory, can we predict failures",
            "industry:manufacturing",
        ),
        ("our hospital's waiting lists keep growing, can data help", "industry:healthcare"),
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert_eq!(first(&reply, 1), vec![industry.to_string()], "{question}");
    }
}

/// A count written with a magnitude's letter ("50k visitors", "2m rows") is how many the asker
/// has, phrasing as "50000 visitors" is: searched as a rare word, "50k" left "our website gets
/// 50k visitors a month, how do we run ab tests" "not covered" (sixtieth pass).
#[test]
fn a_count_with_a_magnitude_letter_is_phrasing() {
    for question in [
        "our website gets 50k visitors a month, how do we run ab tests",
        "our website gets 50000 visitors a month, how do we run ab tests",
    ] {
        let reply = ask(question);
        assert_eq!(reply.kind, AnswerKind::Answered, "{question}: {}", reply.text());
        assert!(first(&reply, 3).contains(&"guide:ab-test-sample-size".to_string()), "{question}");
    }
}

/// What the asker would do "ourselves" is done in-house, the guides' word: "can we build this
/// ourselves" was "not covered" with the build-or-buy guide first, and "can we do the
/// readiness assesment ourselves" "not covered" where without "ourselves" it quotes the
/// self-assessment (sixtieth pass).
#[test]
fn ourselves_is_in_house() {
    let reply = ask("can we build this ourselves");
    assert_eq!(reply.kind, AnswerKind::Answered, "{}", reply.text());
    assert_eq!(first(&reply, 1), vec!["guide:build-vs-buy-ai".to_string()]);
    let reply = ask("can we do the readiness assesment ourselves");
    assert_ne!(reply.kind, AnswerKind::NotCovered, "{}", reply.text());
    assert!(reply.text().contains("Self-Assessment"), "{}", reply.text());
}
