//! Open connections per client address, so one address can never hold the whole connection
//! budget (`MAX_CONNECTIONS`) with sockets it never uses.
//!
//! The table holds one entry per address with an open connection and removes it when the last
//! one closes, so it is never larger than the number of open connections. It is touched twice
//! per connection (open and close), never per request, so one mutex is enough.
//!
//! Addresses are keyed as the rate limiter keys them (`client::client_key`): IPv4 as it is,
//! IPv6 by its prefix (`--ipv6-prefix`, a /64 by default).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use super::client::client_key;

/// The per-address connection counts and their cap.
#[derive(Debug)]
pub struct AddressSlots {
    cap: usize,
    ipv6_prefix: u8,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One open connection of an address; the count drops when this does.
#[derive(Debug)]
pub struct AddressSlot {
    slots: Arc<AddressSlots>,
    key: IpAddr,
}

impl AddressSlots {
    /// A table allowing `cap` connections per address, IPv6 keyed by the default prefix; 0
    /// means no cap.
    pub fn new(cap: usize) -> Arc<AddressSlots> {
        AddressSlots::with_ipv6_prefix(cap, super::IPV6_PREFIX_DEFAULT)
    }

    /// A table allowing `cap` connections per address, IPv6 keyed by `ipv6_prefix` bits.
    pub fn with_ipv6_prefix(cap: usize, ipv6_prefix: u8) -> Arc<AddressSlots> {
        Arc::new(AddressSlots { cap, ipv6_prefix, open: Mutex::new(HashMap::new()) })
    }

    pub fn cap(&self) -> usize {
        self.cap
    }

    /// Takes a slot for a new connection from `ip`, or `None` if the address is at its cap.
    pub fn try_open(self: &Arc<Self>, ip: IpAddr) -> Option<AddressSlot> {
        let key = client_key(ip, self.ipv6_prefix);
        if self.cap > 0 {
            // The counts are plain integers; a panic elsewhere cannot leave them inconsistent.
            let mut open = self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let count = open.entry(key).or_insert(0);
            if *count >= self.cap {
                return None;
            }
            *count += 1;
        }
        Some(AddressSlot { slots: self.clone(), key })
    }

    /// The prefix length `ip`'s connections are counted under when that is a block of
    /// addresses rather than the address alone: an IPv6 address under a prefix shorter than
    /// 128 bits. `None` for IPv4 (also IPv4-mapped), and for IPv6 keyed by the full address.
    /// A refusal names the block, since it may be the block's other addresses that hold the
    /// connections.
    pub fn block_of(&self, ip: IpAddr) -> Option<u8> {
        match ip.to_canonical() {
            IpAddr::V6(_) if self.ipv6_prefix < 128 => Some(self.ipv6_prefix),
            _ => None,
        }
    }

    /// Connections `ip` holds open now.
    pub fn open(&self, ip: IpAddr) -> usize {
        let open = self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        open.get(&client_key(ip, self.ipv6_prefix)).copied().unwrap_or(0)
    }

    /// Addresses with at least one open connection.
    pub fn addresses(&self) -> usize {
        self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).len()
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        if self.slots.cap == 0 {
            return;
        }
        let mut open = self.slots.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(count) = open.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.key);
            }
        }
    }
}

/// The address a connection counts against with the default prefix: IPv4 as it is (also
/// when it arrives IPv4-mapped on an IPv6 socket), IPv6 by its /64.
pub fn address_key(ip: IpAddr) -> IpAddr {
    client_key(ip, super::IPV6_PREFIX_DEFAULT)
}
