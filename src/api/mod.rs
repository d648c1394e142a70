//! Handlers of the dynamic endpoints, one module per endpoint family. Fixed GET routes need
//! no handler: they are precomputed responses in `tables::FIXED`.

pub mod assessment;
pub mod batch;
pub mod export;
pub mod oauth;
pub mod resources;
