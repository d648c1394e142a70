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

/// A block of addresses, `10.0.0.0/8` or `2001:db8::/32` (a bare address is the block of that
/// one address): the proxies `--trusted-proxy` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cidr {
    /// The block's first address: host bits zeroed.
    network: IpAddr,
    bits: u8,
}

impl Cidr {
    /// Parses `text`: an address, or an address and a prefix length. Host bits set past the
    /// prefix (`10.1.2.3/8`) are refused rather than dropped: which block was meant?
    pub fn parse(text: &str) -> Result<Cidr, String> {
        let (address, bits) = match text.split_once('/') {
            Some((address, bits)) => (address, Some(bits)),
            None => (text, None),
        };
        let network = address
            .parse::<IpAddr>()
            .map(|ip| ip.to_canonical())
            .map_err(|_| format!("`{text}` is not an address or CIDR block like 10.0.0.0/8"))?;
        let max = if network.is_ipv4() { 32 } else { 128 };
        let bits = match bits {
            None => max,
            Some(bits) => bits
                .parse::<u8>()
                .ok()
                .filter(|bits| *bits <= max)
                .ok_or_else(|| format!("`{text}`: the prefix length must be 0 to {max}"))?,
        };
        let cidr = Cidr { network, bits };
        if cidr.masked(network) != network {
            return Err(format!(
                "`{text}` has bits set past its /{bits} prefix; the block is {}",
                Cidr { network: cidr.masked(network), bits }
            ));
        }
        Ok(cidr)
    }

    /// Whether `ip` is in the block (an IPv4-mapped IPv6 address as the IPv4 one).
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        ip.is_ipv4() == self.network.is_ipv4() && self.masked(ip) == self.network
    }

    /// `ip` with the bits past the prefix zeroed (`ip` of the block's family).
    fn masked(&self, ip: IpAddr) -> IpAddr {
        match ip {
            IpAddr::V4(v4) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(self.bits)).unwrap_or(0);
                IpAddr::V4((u32::from(v4) & mask).into())
            }
            IpAddr::V6(v6) => {
                let mask = u128::MAX.checked_shl(128 - u32::from(self.bits)).unwrap_or(0);
                IpAddr::V6((u128::from(v6) & mask).into())
            }
        }
    }
}

impl std::fmt::Display for Cidr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.network, self.bits)
    }
}

#[cfg(test)]
mod tests {
    use super::Cidr;

    #[test]
    fn blocks_hold_the_addresses_under_their_prefix() {
        let block = Cidr::parse("10.0.0.0/8").expect("block");
        assert!(block.contains("10.200.3.4".parse().expect("ip")));
        assert!(block.contains("::ffff:10.1.1.1".parse().expect("ip")), "IPv4-mapped");
        assert!(!block.contains("11.0.0.1".parse().expect("ip")));
        assert!(!block.contains("::a00:1".parse().expect("ip")), "another family");
        let one = Cidr::parse("2001:db8::7").expect("one address");
        assert_eq!(one.to_string(), "2001:db8::7/128");
        assert!(one.contains("2001:db8::7".parse().expect("ip")));
        assert!(!one.contains("2001:db8::8".parse().expect("ip")));
        let all = Cidr::parse("0.0.0.0/0").expect("all of IPv4");
        assert!(all.contains("203.0.113.9".parse().expect("ip")));
        let v6 = Cidr::parse("fd00::/8").expect("block");
        assert!(v6.contains("fd12:3456::1".parse().expect("ip")));
    }

    #[test]
    fn malformed_blocks_are_refused_with_what_was_meant() {
        for (text, says) in [
            ("10.1.2.3/8", "the block is 10.0.0.0/8"),
            ("10.0.0.0/33", "0 to 32"),
            ("10.0.0.0/", "0 to 32"),
            ("proxy.example", "not an address"),
            ("10.0.0.0/8,", "0 to 32"),
            ("::/129", "0 to 128"),
        ] {
            let error = Cidr::parse(text).expect_err(text);
            assert!(error.contains(says), "{text}: {error}");
        }
    }
}
