//! The A2A agent card, built once from `model::A2A_SKILLS`, the company's records and the
//! agent origin, and served as a fixed route at `/.well-known/agent-card.json` and at the
//! pre-0.3 name `/.well-known/agent.json` (same bytes, same strong ETag; `Cache-Control`
//! `max-age=3600, private="RateLimit"`: cacheable, as A2A 1.0 section 8.6 advises, but a
//! shared cache never stores the client's own `RateLimit` field).
//!
//! One card serves both protocol versions, the way A2A's own SDK serves one: the 1.0 fields
//! (`supportedInterfaces` with the JSON-RPC endpoint at 1.0 first, then the same endpoint at
//! 0.3) and the 0.3 fields a 0.3 client reads (`url`, `preferredTransport`,
//! `protocolVersion`). A 1.0 client picks the 1.0 interface and ignores the rest; the 1.0
//! SDK's card parser drops the 0.3 fields when `supportedInterfaces` is present.

use serde_json::{Value, json};

use super::config::Config;
use super::model::{A2A_MODES, A2A_PATH, A2A_SKILLS};
use super::validate::Content;

/// The media type of the A2A agent card, as served and as its AI catalog entry names it. A2A
/// registers none of its own for the card: the specification (1.0, section 8.2) serves it as
/// `application/json`, and so does A2A's Python SDK, whose client reads the body as JSON
/// whatever the label. The catalog's `type` is the media type of what its `url` returns, so
/// it says the same; the entry's `identifier` (`urn:air:...:a2a:agent`) says it is an agent
/// card. (It said `application/a2a-agent-card+json`, a type nothing defines and the card was
/// never served with.)
pub const CARD_MEDIA_TYPE: &str = "application/json";
/// The paths the card is served at.
pub const CARD_PATHS: [&str; 2] = ["/.well-known/agent-card.json", "/.well-known/agent.json"];

/// What a skill's description writes for the API origin (`AgentSkill::description`).
pub const API_PLACEHOLDER: &str = "{api}";

/// The agent card.
pub fn card(config: &Config, content: &Content) -> Value {
    let endpoint = format!("{}{A2A_PATH}", config.agent_url);
    let site = &config.site_url;
    let company = &content.site.company;
    let skills: Vec<Value> = A2A_SKILLS
        .iter()
        .map(|skill| {
            let mut value = json!({
                "id": skill.id,
                "name": skill.name,
                "description": skill.description.replace(API_PLACEHOLDER, &config.api_base),
                "tags": skill.tags,
                "examples": skill.examples,
            });
            if !skill.input_modes.is_empty() {
                value["inputModes"] = json!(skill.input_modes);
            }
            if !skill.output_modes.is_empty() {
                value["outputModes"] = json!(skill.output_modes);
            }
            value
        })
        .collect();
    json!({
        "name": format!("{company} agent"),
        "description": format!(
            "Answers questions about data and AI from the {} guides, services, industries and case studies of {company}, with every sentence quoted from its source; scores the AI readiness self-assessment; gives contact details. No language model: answers are extractive and the same question always gets the same answer. English only: the content is in English, and questions in other languages are answered as not covered. Keyless; stores nothing.",
            content.guides.len()
        ),
        "supportedInterfaces": [
            { "url": endpoint, "protocolBinding": "JSONRPC", "protocolVersion": "1.0" },
            { "url": endpoint, "protocolBinding": "JSONRPC", "protocolVersion": "0.3" },
        ],
        "provider": { "organization": company, "url": format!("{site}/") },
        "version": config.version,
        "documentationUrl": format!("{site}/docs/agents/"),
        "iconUrl": format!("{site}/favicon.svg"),
        "capabilities": { "streaming": true, "pushNotifications": false, "extendedAgentCard": false },
        "defaultInputModes": A2A_MODES,
        "defaultOutputModes": A2A_MODES,
        "skills": skills,
        // What a 0.3 client reads.
        "url": endpoint,
        "preferredTransport": "JSONRPC",
        "protocolVersion": "0.3.0",
    })
}
