//! `POST /v1/ai-readiness/score`: JSON body → ReadinessResult (see `scoring`).

use http::StatusCode;

use crate::error::ApiError;
use crate::http::respond::{NO_STORE, Reply};
use crate::scoring;

/// Parses a JSON body, naming the problem if it is not JSON.
pub fn parse_json(body: &[u8]) -> Result<serde_json::Value, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(ApiError::invalid_json("the body is empty; send a JSON object"));
    }
    serde_json::from_slice(body)
        .map_err(|err| ApiError::invalid_json(format!("the body is not valid JSON: {err}")))
}

pub fn score(body: &[u8]) -> Result<Reply, ApiError> {
    let value = parse_json(body)?;
    let points = scoring::parse_answers(&value)?;
    let result = scoring::score(&points);
    let body =
        serde_json::to_vec(&result).map_err(|err| ApiError::invalid_body(err.to_string()))?;
    Ok(Reply::json(StatusCode::OK, body, NO_STORE))
}
