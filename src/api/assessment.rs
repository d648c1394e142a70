//! `POST /v1/ai-readiness/score`: JSON body → `ops::readiness::score` → ReadinessResult.

use http::StatusCode;

use super::error::parse_json;
use crate::ops::{Error, readiness};
use crate::wire::Reply;
use crate::wire::reply::NO_STORE;

pub fn score(body: &[u8]) -> Result<Reply, Error> {
    let result = match readiness::score_plain(body) {
        Some(result) => result,
        None => readiness::score(&parse_json(body)?)?,
    };
    Ok(Reply::json(StatusCode::OK, readiness::result_json(&result), NO_STORE))
}
