//! `POST /v1/ai-readiness/score`: JSON body → the points (`ops::readiness`) → ReadinessResult.

use http::StatusCode;

use super::error::parse_json;
use crate::ops::{Error, readiness};
use crate::wire::Reply;
use crate::wire::body::pooled;
use crate::wire::reply::NO_STORE;

pub fn score(body: &[u8]) -> Result<Reply, Error> {
    let points = match readiness::plain_points(body) {
        Some(points) => points,
        None => readiness::parse_answers(&parse_json(body)?)?,
    };
    Ok(Reply::json(StatusCode::OK, pooled(readiness::points_json(&points)), NO_STORE))
}
