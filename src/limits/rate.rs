//! Per-client fair use: a fixed 60-second window per client address, opened by its first
//! request. Within a window at most `limit` requests are answered; the rest get 429 until the
//! window closes. So no client is ever answered more than `limit` times in any window of its
//! own, which a refilling token bucket cannot promise.
//!
//! Requests are counted in units: a request is one unit, and a batch is one unit per item
//! (`check_n`), since each item does the work of a request.
//!
//! Clients are keyed by `client::client_key`: IPv4 by address, IPv6 by prefix (a /64 unless
//! configured otherwise).
//!
//! The table is sharded (a request locks one shard) and bounded (see `RATE_MAX_TRACKED`).

use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hash, Hasher, RandomState};
use std::net::IpAddr;
use std::sync::Mutex;

use super::client::client_key;
use super::{IPV6_PREFIX_DEFAULT, RATE_MAX_TRACKED, RATE_SHARDS, RATE_WINDOW_MS};

/// What the limiter decided for one request, and what the headers must say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decision {
    /// Every unit asked for was granted.
    pub allowed: bool,
    /// Units granted and counted: all asked for, or as many as were left.
    pub granted: u32,
    /// Units left in the current window after this decision.
    pub remaining: u32,
    /// Whole seconds until the window closes (rounded up): the honest `Retry-After`.
    pub reset_secs: u64,
    pub limit: u32,
}

#[derive(Debug, Clone, Copy)]
struct Window {
    start_ms: u64,
    count: u32,
}

/// A client key with its keyed SipHash, computed once per request: its high half picks the
/// shard, and the shard's map takes the whole of it as the key's hash (through [`Passed`])
/// instead of hashing the address a second time. Equal keys have equal hashes, since the
/// hash is of the key.
#[derive(Debug, Clone, Copy)]
struct Keyed {
    ip: IpAddr,
    hash: u64,
}

impl PartialEq for Keyed {
    fn eq(&self, other: &Keyed) -> bool {
        self.ip == other.ip
    }
}

impl Eq for Keyed {}

impl Hash for Keyed {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// The hasher of a shard's map: hands on the hash a [`Keyed`] carries.
#[derive(Debug, Default)]
struct Passed(u64);

impl Hasher for Passed {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Only `Keyed` is hashed here, and it writes one u64; anything else still spreads.
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, hash: u64) {
        self.0 = hash;
    }
}

type Table = HashMap<Keyed, Window, BuildHasherDefault<Passed>>;

/// One shard, alone on its cache lines so two cores locking neighbouring shards do not
/// contend for the same line.
#[derive(Debug, Default)]
#[repr(align(128))]
struct Shard(Mutex<Table>);

/// The limiter. `now_ms` is always passed in, so tests control time.
#[derive(Debug)]
pub struct RateLimiter {
    limit: u32,
    shards: Box<[Shard]>,
    per_shard_cap: usize,
    hasher: RandomState,
    ipv6_prefix: u8,
}

impl RateLimiter {
    pub fn new(limit: u32) -> RateLimiter {
        RateLimiter::with_capacity(limit, RATE_MAX_TRACKED)
    }

    /// A limiter tracking at most `max_tracked` addresses (tests use a small cap).
    pub fn with_capacity(limit: u32, max_tracked: usize) -> RateLimiter {
        let shards = (0..RATE_SHARDS).map(|_| Shard::default()).collect();
        RateLimiter {
            limit,
            shards,
            per_shard_cap: (max_tracked / RATE_SHARDS).max(1),
            hasher: RandomState::new(),
            ipv6_prefix: IPV6_PREFIX_DEFAULT,
        }
    }

    /// Keys IPv6 clients by their first `bits` bits instead of `IPV6_PREFIX_DEFAULT`.
    pub fn with_ipv6_prefix(mut self, bits: u8) -> RateLimiter {
        self.ipv6_prefix = bits;
        self
    }

    pub fn limit(&self) -> u32 {
        self.limit
    }

    /// The prefix length IPv6 clients are keyed by.
    pub fn ipv6_prefix(&self) -> u8 {
        self.ipv6_prefix
    }

    /// Counts one request from `ip` at `now_ms` and says whether to answer it. `ip` is the
    /// client's address as seen; the window is kept under its client key.
    pub fn check(&self, ip: IpAddr, now_ms: u64) -> Decision {
        self.check_n(ip, now_ms, 1)
    }

    /// Counts `units` from `ip` at `now_ms`: grants them all if that many are left, otherwise
    /// as many as are left (possibly none), and counts what it grants. A caller that can do
    /// part of its work (a batch answering its first items) uses `granted`; one that cannot
    /// uses `allowed`.
    pub fn check_n(&self, ip: IpAddr, now_ms: u64, units: u32) -> Decision {
        let ip = client_key(ip, self.ipv6_prefix);
        let key = Keyed { ip, hash: self.hasher.hash_one(ip) };
        // The high half picks the shard: the map places keys by the low bits, and takes its
        // control bytes from the top seven, so the shard's bits overlap neither.
        let shard = &self.shards[((key.hash >> 32) as usize) % self.shards.len()];
        // A poisoned lock only means another request panicked mid-update; the counts are
        // still plain integers, so keep serving with them.
        let mut table = shard.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        // Length first: a shard is rarely full.
        if table.len() >= self.per_shard_cap && !table.contains_key(&key) {
            evict(&mut table, now_ms, self.per_shard_cap);
        }
        let window = table.entry(key).or_insert(Window { start_ms: now_ms, count: 0 });
        if now_ms >= window.start_ms + RATE_WINDOW_MS || now_ms < window.start_ms {
            *window = Window { start_ms: now_ms, count: 0 };
        }
        let granted = units.min(self.limit - window.count);
        window.count += granted;
        let ends = window.start_ms + RATE_WINDOW_MS;
        Decision {
            allowed: granted == units,
            granted,
            remaining: self.limit - window.count,
            reset_secs: (ends - now_ms).div_ceil(1000),
            limit: self.limit,
        }
    }

    /// Drops every window that has closed. The server calls this once a minute.
    pub fn sweep(&self, now_ms: u64) {
        for shard in self.shards.iter() {
            let mut table = shard.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            table.retain(|_, w| now_ms < w.start_ms + RATE_WINDOW_MS);
        }
    }

    /// Clients (addresses, or IPv6 prefixes) tracked right now.
    pub fn tracked(&self) -> usize {
        self.shards.iter().map(|s| s.0.lock().unwrap_or_else(|p| p.into_inner()).len()).sum()
    }
}

/// Makes room in a full shard: closed windows go first; if none has closed, the window that
/// opened earliest (the one closest to closing anyway) goes.
fn evict(table: &mut Table, now_ms: u64, cap: usize) {
    table.retain(|_, w| now_ms < w.start_ms + RATE_WINDOW_MS);
    if table.len() >= cap
        && let Some(oldest) = table.iter().min_by_key(|(_, w)| w.start_ms).map(|(key, _)| *key)
    {
        table.remove(&oldest);
    }
}

#[cfg(test)]
mod tests {
    use std::net::{IpAddr, Ipv4Addr};

    use super::RateLimiter;

    #[test]
    fn each_address_counts_alone_and_the_shards_share_the_addresses() {
        let limiter = RateLimiter::with_capacity(3, 1 << 20);
        let addresses = (0..20_000u32)
            .map(|n| IpAddr::V4(Ipv4Addr::from(0x0a00_0000 + n * 7)))
            .collect::<Vec<_>>();
        for (round, remaining) in [(0, 2), (1, 1)] {
            for &ip in &addresses {
                let decision = limiter.check(ip, 1_000 + round);
                assert!(decision.allowed && decision.remaining == remaining, "{ip}: {decision:?}");
            }
        }
        assert_eq!(limiter.tracked(), addresses.len());
        let per_shard = limiter
            .shards
            .iter()
            .map(|shard| shard.0.lock().unwrap_or_else(|p| p.into_inner()).len())
            .collect::<Vec<_>>();
        let mean = addresses.len() / per_shard.len();
        assert!(
            per_shard.iter().all(|&n| n > mean / 2 && n < mean * 2),
            "shards hold {per_shard:?}"
        );
    }
}
