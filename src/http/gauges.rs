//! Live counts of what the accept loop holds; shared by the accept loop (`server`) and the
//! per-connection response budget (`flow`). The three that only grow are on `/metrics`
//! (`admin`); tests read them all.

use std::sync::atomic::AtomicUsize;

/// Live counts of what the server holds.
#[derive(Debug, Default)]
pub struct Gauges {
    /// Connections accepted and not yet closed (refused ones excepted).
    pub connections: AtomicUsize,
    /// Connection states alive: a connection's state lives until its last response body is
    /// freed, so this reaching zero means every buffered response is gone.
    pub flows: AtomicUsize,
    /// Connections refused at the per-address cap, ever.
    pub refused: AtomicUsize,
    /// Connections closed because a response made no progress, ever.
    pub stalled: AtomicUsize,
    /// Times a connection's socket refused a write it had taken the one before (a full TCP
    /// window), ever.
    pub blocked: AtomicUsize,
}
