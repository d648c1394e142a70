//! Open connections per client address, so one address can never hold the whole connection
//! budget (`MAX_CONNECTIONS`) with sockets it never uses.
//!
//! The table holds one entry per address with an open connection and removes it when the last
//! one closes, so it is never larger than the number of open connections. It is touched twice
//! per connection (open and close), never per request, so one mutex is enough.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::{Arc, Mutex};

/// The per-address connection counts and their cap.
#[derive(Debug)]
pub struct AddressSlots {
    cap: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One open connection of an address; the count drops when this does.
#[derive(Debug)]
pub struct AddressSlot {
    slots: Arc<AddressSlots>,
    key: IpAddr,
}

impl AddressSlots {
    /// A table allowing `cap` connections per address; 0 means no cap.
    pub fn new(cap: usize) -> Arc<AddressSlots> {
        Arc::new(AddressSlots { cap, open: Mutex::new(HashMap::new()) })
    }

    pub fn cap(&self) -> usize {
        self.cap
    }

    /// Takes a slot for a new connection from `ip`, or `None` if the address is at its cap.
    pub fn try_open(self: &Arc<Self>, ip: IpAddr) -> Option<AddressSlot> {
        let key = address_key(ip);
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

    /// Connections `ip` holds open now.
    pub fn open(&self, ip: IpAddr) -> usize {
        let open = self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        open.get(&address_key(ip)).copied().unwrap_or(0)
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

/// The address a connection counts against: IPv4 as it is (also when it arrives IPv4-mapped
/// on an IPv6 socket), IPv6 by its /64, since one host usually holds a whole /64 and could
/// otherwise open every connection from a different address.
pub fn address_key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => {
            let prefix = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(Ipv6Addr::from(prefix))
        }
    }
}
