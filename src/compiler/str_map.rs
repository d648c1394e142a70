//! Lays out the string-keyed maps the server looks up on every request
//! (`model::str_map::StrMap`): a pilot per bucket such that every key lands on a slot of its
//! own, found by trying pilots for the largest buckets first (PTHash's search). With twice as
//! many slots as keys and four keys to a bucket, a few hundred keys take a few milliseconds.

use std::cmp::Reverse;
use std::fmt::Write as _;

use super::model::str_map::{bucket, hash, slot};

/// Keys per bucket, on average.
const KEYS_PER_BUCKET: usize = 4;
/// Slots per key: at half full, most buckets find a pilot within a few tries.
const SLOTS_PER_KEY: usize = 2;
/// The first seed tried ("consulta"); the layout depends on nothing else, so builds of the
/// same content are identical.
const FIRST_SEED: u64 = 0x636f_6e73_756c_7461;
/// Seeds tried before giving up (only duplicate keys should ever exhaust them).
const SEEDS: u64 = 64;

/// Where a map's keys go.
#[derive(Debug, PartialEq, Eq)]
pub struct Layout {
    pub seed: u64,
    pub pilots: Vec<u16>,
    pub slots: Vec<u32>,
}

/// A layout for `keys`, which must be distinct.
pub fn layout(keys: &[&str]) -> Result<Layout, String> {
    let n_slots = (SLOTS_PER_KEY * keys.len()).max(1);
    let n_buckets = keys.len().div_ceil(KEYS_PER_BUCKET).max(1);
    'seeds: for attempt in 0..SEEDS {
        let seed = FIRST_SEED.wrapping_add(attempt);
        let hashes: Vec<u64> = keys.iter().map(|key| hash(key.as_bytes(), seed)).collect();
        let mut buckets: Vec<Vec<usize>> = vec![Vec::new(); n_buckets];
        for (idx, &hash) in hashes.iter().enumerate() {
            buckets[bucket(hash, n_buckets)].push(idx);
        }
        let mut order: Vec<usize> = (0..n_buckets).filter(|&b| !buckets[b].is_empty()).collect();
        order.sort_by_key(|&b| (Reverse(buckets[b].len()), b));
        let mut slots = vec![0u32; n_slots];
        let mut pilots = vec![0u16; n_buckets];
        let mut chosen = Vec::with_capacity(KEYS_PER_BUCKET * 4);
        for b in order {
            let members = &buckets[b];
            let fits = |pilot: u16, chosen: &mut Vec<usize>| {
                chosen.clear();
                chosen.extend(members.iter().map(|&idx| slot(hashes[idx], pilot, n_slots)));
                chosen.sort_unstable();
                chosen.windows(2).all(|pair| pair[0] != pair[1])
                    && chosen.iter().all(|&at| slots[at] == 0)
            };
            let Some(pilot) = (0..=u16::MAX).find(|&pilot| fits(pilot, &mut chosen)) else {
                continue 'seeds;
            };
            pilots[b] = pilot;
            for &idx in members {
                slots[slot(hashes[idx], pilot, n_slots)] = idx as u32 + 1;
            }
        }
        return Ok(Layout { seed, pilots, slots });
    }
    Err(format!("no layout found for {} keys in {SEEDS} seeds: are two keys the same?", keys.len()))
}

/// The Rust text of `pub static {name}: StrMap<{value_type}>` holding `entries` (each key
/// with the Rust text of its value), under `doc`. A map that cannot be laid out becomes a
/// `compile_error!` saying why.
pub fn emit(doc: &str, name: &str, value_type: &str, entries: &[(&str, String)]) -> String {
    let keys: Vec<&str> = entries.iter().map(|(key, _)| *key).collect();
    let layout = match layout(&keys) {
        Ok(layout) => layout,
        Err(why) => return format!("compile_error!({:?});\n", format!("{name}: {why}")),
    };
    let mut out = format!(
        "/// {doc}\npub static {name}: StrMap<{value_type}> = StrMap {{\n    seed: {},\n    pilots: &{:?},\n    slots: &{:?},\n    entries: &[\n",
        layout.seed, layout.pilots, layout.slots
    );
    for (key, value) in entries {
        let _ = writeln!(out, "        ({key:?}, {value}),");
    }
    out.push_str("    ],\n};\n");
    out
}

#[cfg(test)]
mod tests {
    use crate::compiler::model::str_map::StrMap;
    use crate::compiler::str_map::layout;

    fn leak_map(keys: &[String]) -> StrMap<usize> {
        let keys: Vec<&'static str> =
            keys.iter().map(|key| &*Box::leak(key.clone().into_boxed_str())).collect();
        let layout = layout(&keys).expect("a layout");
        StrMap {
            seed: layout.seed,
            pilots: Box::leak(layout.pilots.into_boxed_slice()),
            slots: Box::leak(layout.slots.into_boxed_slice()),
            entries: Box::leak(
                keys.iter().enumerate().map(|(idx, key)| (*key, idx)).collect::<Vec<_>>().into(),
            ),
        }
    }

    /// Every key is found with its own value, and strings one edit from a key (and others)
    /// are not, for maps of many sizes and of keys alike but for their ends.
    #[test]
    fn every_key_is_found_and_nothing_else() {
        for n in [0, 1, 2, 3, 7, 64, 443, 2_000] {
            let keys: Vec<String> = (0..n)
                .map(|idx| match idx % 3 {
                    0 => format!("/guides/guide-{idx}"),
                    1 => format!("/guides/guide-{}.md", idx - 1),
                    _ => format!("/v1/services/{idx}"),
                })
                .collect();
            let map = leak_map(&keys);
            for (idx, key) in keys.iter().enumerate() {
                assert_eq!(map.get(key), Some(&idx), "{key} of {n}");
                for other in [format!("{key}/"), format!("{key}x"), key[..key.len() - 1].to_owned()]
                {
                    if !keys.contains(&other) {
                        assert_eq!(map.get(&other), None, "{other} of {n}");
                    }
                }
            }
            assert_eq!(map.get(""), None);
            assert_eq!(map.len(), n);
        }
    }

    #[test]
    fn the_layout_is_the_same_every_build_and_refuses_duplicate_keys() {
        let keys = ["/a", "/b", "/c", "/v1/services"];
        assert_eq!(layout(&keys), layout(&keys));
        assert!(layout(&["/a", "/b", "/a"]).is_err());
    }
}
