//! Lays out the fingerprint tables the typo index is looked up in
//! (`model::fingerprint_map`): each key's fingerprint and value at the first free slot from
//! its home, in the order given, so builds of the same content are identical.

use super::model::fingerprint_map::{SLOT_BYTES, get, place};

/// The table holding `entries` (distinct keys), at most two thirds full: the smallest power of
/// two of slots at least one and a half times the keys.
/// An error if two keys would be told apart by nothing the table keeps (the same home run and
/// fingerprint: odds of about one in 2^32 a pair), which the build reports.
pub fn layout(entries: &[(&str, u32)]) -> Result<Vec<u8>, String> {
    let n_slots = (entries.len() + entries.len() / 2).next_power_of_two().max(2);
    let mut table = vec![0u8; n_slots * SLOT_BYTES];
    for &(key, value) in entries {
        let (fingerprint, mut at) = place(key.as_bytes(), n_slots);
        while table[at * SLOT_BYTES..(at + 1) * SLOT_BYTES] != [0; SLOT_BYTES] {
            at = (at + 1) & (n_slots - 1);
        }
        table[at * SLOT_BYTES..at * SLOT_BYTES + 4].copy_from_slice(&fingerprint.to_le_bytes());
        table[at * SLOT_BYTES + 4..(at + 1) * SLOT_BYTES].copy_from_slice(&value.to_le_bytes());
    }
    for &(key, value) in entries {
        if get(&table, key.as_bytes()) != Some(value) {
            return Err(format!(
                "the typo index's fingerprint table cannot tell {key:?} from a key before it; change the seed in model::fingerprint_map"
            ));
        }
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use crate::compiler::fingerprint_map::layout;
    use crate::compiler::model::fingerprint_map::get;

    /// Every key finds its value; keys never put in find nothing (with 2^-32 odds a slot,
    /// these few do not collide).
    #[test]
    fn every_key_finds_its_value_and_others_find_none() {
        let keys: Vec<String> = (0..1000).map(|i| format!("variant{i}")).collect();
        let entries: Vec<(&str, u32)> =
            keys.iter().enumerate().map(|(i, key)| (key.as_str(), i as u32 * 7)).collect();
        let table = layout(&entries).expect("a layout");
        assert_eq!(table.len(), 2048 * 8, "1,500 slots, rounded up to a power of two");
        for (key, value) in &entries {
            assert_eq!(get(&table, key.as_bytes()), Some(*value), "{key}");
        }
        for absent in ["variant1000", "", "variant", "data"] {
            assert_eq!(get(&table, absent.as_bytes()), None, "{absent}");
        }
        assert_eq!(get(&layout(&[]).expect("empty"), b"x"), None);
        assert_eq!(get(&[], b"x"), None, "an empty table");
    }
}
