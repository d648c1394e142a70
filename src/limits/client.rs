//! Which client a request counts against: the one place that turns an address into the key
//! every per-client limit is kept under.
//!
//! - An IPv4 address is its own key, also when it arrives IPv4-mapped (`::ffff:192.0.2.7`) on
//!   an IPv6 socket or in `X-Forwarded-For`, so one client never has two budgets.
//! - An IPv6 address is keyed by its first `ipv6_prefix` bits (`IPV6_PREFIX_DEFAULT`, a /64).
//!   A host is normally given a whole /64, so keying the full address would let one client
//!   rotate through addresses without end: past any per-address limit, and churning the
//!   limiter's table until other clients' windows are evicted.
//!
//! The key is an address with the host bits zeroed, so it stays printable and hashable as one.

use std::net::{IpAddr, Ipv6Addr};

/// The key `ip` counts against when IPv6 clients are grouped by `ipv6_prefix` bits (0 to 128;
/// larger values mean 128, the full address).
pub fn client_key(ip: IpAddr, ipv6_prefix: u8) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => {
            let bits = u32::from(ipv6_prefix.min(128));
            // `checked_shl` is `None` for a shift of 128: a /0 keeps no bits at all.
            let mask = u128::MAX.checked_shl(128 - bits).unwrap_or(0);
            IpAddr::V6(Ipv6Addr::from(u128::from(v6) & mask))
        }
    }
}

/// Parses an `--ipv6-prefix` value: a prefix length within `IPV6_PREFIX_MIN..=128`.
pub fn parse_ipv6_prefix(text: &str) -> Result<u8, String> {
    text.parse::<u8>().ok().filter(|bits| (super::IPV6_PREFIX_MIN..=128).contains(bits)).ok_or_else(
        || {
            format!(
                "--ipv6-prefix `{text}` is not a prefix length from {} to 128",
                super::IPV6_PREFIX_MIN
            )
        },
    )
}
