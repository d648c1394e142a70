//! `prompts/get`: the readiness interview (product server) and answering from the guides
//! (docs server).
//!
//! The interview's text is built at build time from the assessment (`tables::INTERVIEW_PROMPT`).
//! The answer prompt runs the question through the answer engine (as `/ask` does, with its
//! bounds) and embeds the best sources, so the model answers from them and cites their URLs.
//! The draft and the sources it cites are the engine's, the same as on `/ask` and A2A (a
//! source is a page of the website, cited by URL); only the sources the serving server reads
//! as resources are embedded, so an embedded resource can be read again on that server.

use serde::Serialize;
use serde_json::{Map, Value};

use super::error::McpError;
use super::resources;
use super::result::{complete, listings};
use crate::answer::AnswerKind;
use crate::limits::PROMPT_ORGANISATION_MAX_CHARS;
use crate::model::{MCP_PROMPTS, McpServer, McpShape, PromptId};
use crate::ops::{Error, ask, content};
use crate::tables::{COMPANY, INTERVIEW_PROMPT};

/// Sources embedded whole in the answer prompt; the others are listed only.
pub const EMBEDDED_SOURCES: usize = 3;

/// One message of a prompt.
#[derive(Debug, Serialize)]
pub struct Message {
    role: &'static str,
    content: Content,
}

/// A message's content block.
#[derive(Debug, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Content {
    Text { text: String },
    Resource { resource: Embedded },
}

/// An embedded resource: a guide's markdown.
#[derive(Debug, Serialize)]
pub struct Embedded {
    uri: String,
    #[serde(rename = "mimeType")]
    mime_type: &'static str,
    text: &'static str,
}

/// Answers `prompts/get`, appending a `GetPromptResult` as JSON text to `out`.
pub fn get(
    server: McpServer,
    shape: McpShape,
    params: Option<&Map<String, Value>>,
    out: &mut String,
) -> Result<(), McpError> {
    let name = match params.and_then(|p| p.get("name")) {
        Some(Value::String(name)) => name.as_str(),
        // Given but not a string: named as such, not as missing.
        Some(other @ (Value::Bool(_) | Value::Number(_) | Value::Array(_) | Value::Object(_))) => {
            return Err(McpError::invalid_params(format!(
                "invalid params: the prompt's `name` must be a string, not {}",
                super::tools::kind_of(other)
            )));
        }
        _ => {
            return Err(McpError::invalid_params(
                "invalid params: prompts/get needs the prompt's `name`",
            ));
        }
    };
    let Some(prompt) = MCP_PROMPTS.iter().find(|p| p.server == server && p.name == name) else {
        return Err(McpError::unknown_prompt(name));
    };
    let empty = Map::new();
    let arguments = match params.and_then(|p| p.get("arguments")) {
        None | Some(Value::Null) => &empty,
        Some(Value::Object(arguments)) => arguments,
        Some(_) => {
            return Err(McpError::invalid_params("invalid params: `arguments` must be an object"));
        }
    };
    let argument = |key: &str| -> Result<Option<&str>, McpError> {
        match arguments.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(text)) => {
                Ok(Some(crate::model::trim_blank(text)).filter(|t| !t.is_empty()))
            }
            Some(_) => Err(McpError::invalid_params(format!(
                "invalid params: prompt argument `{key}` must be a string"
            ))),
        }
    };
    let known: &[&str] = match prompt.id {
        PromptId::ReadinessInterview => &["organisation"],
        PromptId::AnswerFromGuides => &["question"],
    };
    if let Some(unknown) = arguments.keys().find(|key| !known.contains(&key.as_str())) {
        return Err(McpError::invalid_params(format!(
            "invalid params: {name} takes no argument `{}`",
            crate::ops::error::truncate(unknown)
        )));
    }
    let messages = match prompt.id {
        PromptId::ReadinessInterview => {
            let organisation = argument("organisation")?;
            // Characters, not bytes: a name in any script has the same allowance.
            let chars = organisation.map_or(0, |text| text.chars().count());
            if chars > PROMPT_ORGANISATION_MAX_CHARS {
                return Err(McpError::invalid_params(format!(
                    "invalid params: prompt argument `organisation` has {chars} characters; the limit is {PROMPT_ORGANISATION_MAX_CHARS}"
                )));
            }
            interview_messages(organisation)
        }
        PromptId::AnswerFromGuides => {
            let Some(question) = argument("question")? else {
                return Err(McpError::missing_prompt_argument(
                    "invalid params: answer_from_guides needs the argument `question`",
                ));
            };
            // The question's bounds are `/ask`'s (`ASK_QUERY_MAX_CHARS`); the message names
            // the argument they were checked on.
            answer_messages(server, question).map_err(|error| {
                let message =
                    format!("invalid params: prompt argument `question`: {}", error.message);
                McpError::prompt_argument(crate::ops::Error::new(error.kind, message))
            })?
        }
    };
    // Serialising strings cannot fail.
    let messages = serde_json::to_string(&messages).unwrap_or_default();
    complete(shape, listings(server), &format!("\"messages\":{messages}"), out);
    Ok(())
}

fn user(text: String) -> Message {
    Message { role: "user", content: Content::Text { text } }
}

fn interview_messages(organisation: Option<&str>) -> Vec<Message> {
    let text = match organisation {
        Some(organisation) => {
            format!("The organisation being assessed is {organisation}.\n\n{INTERVIEW_PROMPT}")
        }
        None => INTERVIEW_PROMPT.to_string(),
    };
    vec![user(text)]
}

/// Heads the source list of a prompt that embeds the first sources after it.
pub const SOURCES_EMBEDDED_HEADER: &str = "\nSources, most relevant first (the first guides and documentation pages follow in full; the others are pages of the website, cited by URL):\n";
/// Heads the source list of a prompt that embeds none ("not covered", or no source this
/// server reads).
pub const SOURCES_BY_URL_HEADER: &str =
    "\nSources, most relevant first (none follows in full; each is cited by URL):\n";

/// The messages that ask `server` for an answer to `question`: instructions with the answer
/// engine's cited draft (every sentence quoted from the content, numbered by source) and its
/// sources, then the first few sources `server` reads as resources (guides and documentation
/// pages on the docs server) embedded whole as markdown. The draft is extractive, so the
/// model can check each claim against the embedded text.
pub fn answer_messages(server: McpServer, question: &str) -> Result<Vec<Message>, Error> {
    // The question is held to the same bounds as `/ask` and the A2A agent.
    let reply = ask::answer(question, &[], ask::Surface::Web)?;
    let mut text = format!(
        "Answer the question below from {COMPANY}'s own content only. Cite every source you use by its title and URL. If the sources do not answer it, say so plainly instead of guessing.\n\nQuestion: {question}\n"
    );
    if reply.kind == AnswerKind::NotCovered {
        text.push_str(
            "\nThe content does not seem to cover this question. Say so, point to the closest sources below if they help, and offer the contact details.\n",
        );
    } else {
        text.push_str("\nA draft quoted from the content; the numbers are the sources below:\n\n");
        for sentence in &reply.sentences {
            text.push_str(sentence.text);
            for idx in sentence.sources.clone() {
                text.push_str(&format!(" [{}]", idx + 1));
            }
            text.push('\n');
        }
    }
    // Embedded resources are ones this server reads: a client may read one again by its URI.
    // A "not covered" answer embeds nothing: its sources are only pointers.
    let embedded: Vec<_> = if reply.kind == AnswerKind::NotCovered {
        Vec::new()
    } else {
        reply
            .sources
            .iter()
            .filter_map(|source| content::item_by_url(source.url))
            .filter(|item| resources::resolve(server, &format!("{}index.md", item.url())).is_some())
            .take(EMBEDDED_SOURCES)
            .collect()
    };
    // Say what follows only when it does.
    text.push_str(if embedded.is_empty() {
        SOURCES_BY_URL_HEADER
    } else {
        SOURCES_EMBEDDED_HEADER
    });
    for (idx, source) in reply.sources.iter().enumerate() {
        text.push_str(&format!(
            "\n[{}] {} ({}, {}): {}",
            idx + 1,
            source.title,
            source.kind.name(),
            source.url,
            source.description
        ));
    }
    let mut messages = vec![user(text)];
    for item in embedded {
        messages.push(Message {
            role: "user",
            content: Content::Resource {
                resource: Embedded {
                    uri: format!("{}index.md", item.url()),
                    mime_type: "text/markdown",
                    text: item.markdown(),
                },
            },
        });
    }
    Ok(messages)
}
