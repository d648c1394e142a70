//! Search pages rendered lately, kept by the search they answer.
//!
//! A page of `GET /v1/resources` is a function of its validated search alone
//! ([`SearchParams`]: the trimmed query, the category, the page size and the offset its cursor
//! names) and of the build, so a page rendered once can be served again byte for byte. The
//! cache keeps such pages within a byte budget (`--search-cache-kib`, default
//! [`DEFAULT_BUDGET_KIB`]; 0 turns it off) in slots of its own, one page a slot, chosen by
//! a keyed hash of the search:
//!
//! - A hit is a hash, a lock taken without waiting, a comparison of the whole search and a
//!   reference count: a search asked again (a popular query, the next page of a walk someone
//!   else took, a batch item, a retry) costs little more than a fixed GET.
//! - A miss renders the page as before and puts it in its slot in place of what was there,
//!   unless the budget would be exceeded, in which case the page is not kept. Pages and
//!   their queries' text count against the budget, so the memory held is at most the budget
//!   plus a few dozen bytes a slot (one slot for each 8 KiB of budget), whatever is asked.
//! - The lock is only ever tried: a slot busy on another thread is a miss, never a wait.
//! - The hash is seeded per process (foldhash's `RandomState`), so nobody can aim queries at
//!   one slot from outside; and since the whole search is compared, a collision costs a
//!   render, never a wrong page.
//!
//! What is not cached: the first pages of the listings without terms, which are kept apart
//! and for good (`resources`), pages over [`MAX_PAGE_BYTES`], and every other surface
//! (MCP, `/ask`, A2A and the results page run their searches afresh). Hits, misses and the
//! bytes held are counted for `/metrics`.

use std::hash::BuildHasher;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock, TryLockError};

use bytes::Bytes;
use foldhash::fast::RandomState;

use crate::ops::guides::SearchParams;

/// The default budget: about 256 pages of the default size (7 to 8 KB each).
pub const DEFAULT_BUDGET_KIB: usize = 2048;

/// The largest budget `--search-cache-kib` accepts (256 MiB): a typo should not be able to
/// promise the cache the machine's memory.
pub const MAX_BUDGET_KIB: usize = 262_144;

/// The bytes of budget a slot stands for: one page of the default size, rounded up.
const BYTES_PER_SLOT: usize = 8 * 1024;

/// Pages larger than this are not kept (a page of 50 long results is about 38 KB).
pub const MAX_PAGE_BYTES: usize = 64 * 1024;

/// A page kept, with the search it answers.
struct Entry {
    params: SearchParams,
    body: Bytes,
}

impl Entry {
    /// What the entry counts against the budget.
    fn cost(&self) -> usize {
        self.body.len() + self.params.q.len()
    }
}

/// The cache: see the module documentation.
pub struct PageCache {
    slots: Box<[Mutex<Option<Entry>>]>,
    hasher: RandomState,
    budget: usize,
    held: AtomicUsize,
    hits: AtomicU64,
    misses: AtomicU64,
}

/// What the cache has done and holds, for `/metrics`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Stats {
    pub hits: u64,
    pub misses: u64,
    /// Bytes of pages (and their queries' text) held now.
    pub bytes: usize,
    /// The budget, in bytes; 0 when the cache is off.
    pub budget: usize,
}

impl PageCache {
    /// A cache of `budget_kib` KiB (at most [`MAX_BUDGET_KIB`]); 0 keeps nothing.
    pub fn new(budget_kib: usize) -> PageCache {
        let budget = budget_kib.min(MAX_BUDGET_KIB) * 1024;
        let slots = budget.div_ceil(BYTES_PER_SLOT);
        PageCache {
            slots: (0..slots).map(|_| Mutex::new(None)).collect(),
            hasher: RandomState::default(),
            budget,
            held: AtomicUsize::new(0),
            hits: AtomicU64::new(0),
            misses: AtomicU64::new(0),
        }
    }

    /// The page answering `params`: the one kept if there is one, else `render(params)`,
    /// which is then kept if it fits.
    pub fn page(&self, params: SearchParams, render: impl FnOnce(SearchParams) -> String) -> Bytes {
        let Some(slot) = self.slot(&params) else {
            return Bytes::from(render(params));
        };
        if let Some(entry) = lock(slot).as_ref().and_then(|guard| guard.as_ref())
            && entry.params == params
        {
            self.hits.fetch_add(1, Ordering::Relaxed);
            return entry.body.clone();
        }
        self.misses.fetch_add(1, Ordering::Relaxed);
        let kept = params.clone();
        let body = Bytes::from(render(params));
        if body.len() <= MAX_PAGE_BYTES {
            self.keep(slot, Entry { params: kept, body: body.clone() });
        }
        body
    }

    /// The slot `params` belongs in; `None` when the cache is off.
    fn slot(&self, params: &SearchParams) -> Option<&Mutex<Option<Entry>>> {
        if self.slots.is_empty() {
            return None;
        }
        // The hash's high bits scaled to the slot count: no division, and every slot reachable.
        let hash = self.hasher.hash_one(params);
        let index = ((u128::from(hash) * self.slots.len() as u128) >> 64) as usize;
        self.slots.get(index)
    }

    /// Puts `entry` in `slot` in place of what it held, if the budget allows.
    fn keep(&self, slot: &Mutex<Option<Entry>>, entry: Entry) {
        let Some(mut guard) = lock(slot) else {
            return;
        };
        let old = guard.as_ref().map_or(0, Entry::cost);
        let new = entry.cost();
        let reserved = self.held.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |held| {
            let next = held - old + new;
            (next <= self.budget).then_some(next)
        });
        if reserved.is_ok() {
            *guard = Some(entry);
        }
    }

    pub fn stats(&self) -> Stats {
        Stats {
            hits: self.hits.load(Ordering::Relaxed),
            misses: self.misses.load(Ordering::Relaxed),
            bytes: self.held.load(Ordering::Relaxed),
            budget: self.budget,
        }
    }
}

/// The slot's lock if it is free now. A poisoned slot is still sound (it only ever holds a
/// whole entry or none), so it is used as it is.
fn lock(slot: &Mutex<Option<Entry>>) -> Option<MutexGuard<'_, Option<Entry>>> {
    match slot.try_lock() {
        Ok(guard) => Some(guard),
        Err(TryLockError::Poisoned(poisoned)) => Some(poisoned.into_inner()),
        Err(TryLockError::WouldBlock) => None,
    }
}

/// The process's cache.
static CACHE: OnceLock<PageCache> = OnceLock::new();

/// Sets the process's budget before the first search; `false` if the cache already exists
/// (then the budget it has stays).
pub fn configure(budget_kib: usize) -> bool {
    CACHE.set(PageCache::new(budget_kib)).is_ok()
}

/// The process's cache, made with the default budget if [`configure`] was not called.
pub fn cache() -> &'static PageCache {
    CACHE.get_or_init(|| PageCache::new(DEFAULT_BUDGET_KIB))
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;

    use crate::api::page_cache::{BYTES_PER_SLOT, MAX_PAGE_BYTES, PageCache, Stats};
    use crate::ops::guides::SearchParams;

    fn search(q: &str, category: Option<u8>, limit: usize, offset: usize) -> SearchParams {
        SearchParams { q: q.into(), category, limit, offset }
    }

    /// Asks `cache` for `params`, with a renderer that says whether it ran.
    fn ask(cache: &PageCache, params: &SearchParams, body: &str) -> (Vec<u8>, bool) {
        let rendered = Cell::new(false);
        let page = cache.page(params.clone(), |_| {
            rendered.set(true);
            body.to_string()
        });
        (page.to_vec(), rendered.get())
    }

    #[test]
    fn a_search_asked_again_is_served_what_was_rendered() {
        let cache = PageCache::new(64);
        let params = search("model drift", None, 10, 0);
        assert_eq!(ask(&cache, &params, "first"), (b"first".to_vec(), true));
        assert_eq!(ask(&cache, &params, "second"), (b"first".to_vec(), false));
        let stats = cache.stats();
        assert_eq!((stats.hits, stats.misses), (1, 1));
        assert_eq!(stats.bytes, "first".len() + "model drift".len());
    }

    #[test]
    fn a_search_differing_in_any_part_is_rendered() {
        let cache = PageCache::new(1024);
        let base = search("model drift", Some(2), 10, 30);
        ask(&cache, &base, "base");
        for other in [
            search("model drifts", Some(2), 10, 30),
            search("model drift", Some(3), 10, 30),
            search("model drift", None, 10, 30),
            search("model drift", Some(2), 11, 30),
            search("model drift", Some(2), 10, 40),
        ] {
            let (body, rendered) = ask(&cache, &other, "other");
            assert!(rendered, "{other:?} was served {base:?}'s page");
            assert_eq!(body, b"other");
        }
    }

    #[test]
    fn the_budget_bounds_what_is_held() {
        // One slot of 8 KiB: a page that would pass the budget is served but not kept.
        let cache = PageCache::new(BYTES_PER_SLOT / 1024);
        let big = "x".repeat(BYTES_PER_SLOT);
        let params = search("big", None, 40, 0);
        assert!(ask(&cache, &params, &big).1);
        assert!(ask(&cache, &params, &big).1, "over the budget, so not kept");
        assert_eq!(cache.stats().bytes, 0);
        // A page that fits takes the slot; another search in the same (only) slot replaces it.
        let small = search("small", None, 10, 0);
        ask(&cache, &small, "small page");
        assert_eq!(ask(&cache, &small, "again").0, b"small page");
        let other = search("other", None, 10, 0);
        ask(&cache, &other, "other page");
        assert_eq!(cache.stats().bytes, "other page".len() + "other".len());
        assert_eq!(ask(&cache, &other, "again").0, b"other page");
        assert_eq!(ask(&cache, &small, "rendered again").0, b"rendered again");
    }

    #[test]
    fn pages_over_the_size_limit_are_not_kept() {
        let cache = PageCache::new(1024);
        let params = search("everything", None, 40, 0);
        let huge = "y".repeat(MAX_PAGE_BYTES + 1);
        ask(&cache, &params, &huge);
        assert!(ask(&cache, &params, &huge).1);
        assert_eq!(cache.stats().bytes, 0);
    }

    #[test]
    fn a_budget_of_zero_keeps_nothing() {
        let cache = PageCache::new(0);
        let params = search("model drift", None, 10, 0);
        for _ in 0..3 {
            assert!(ask(&cache, &params, "page").1);
        }
        assert_eq!(cache.stats(), Stats { hits: 0, misses: 0, bytes: 0, budget: 0 });
    }

    #[test]
    fn many_searches_stay_within_the_budget() {
        let cache = PageCache::new(16);
        for i in 0..400 {
            let body = "z".repeat(100 + i * 7 % 3000);
            ask(&cache, &search(&format!("query {i}"), None, 10, 0), &body);
            assert!(cache.stats().bytes <= 16 * 1024);
        }
        assert!(cache.stats().bytes > 0);
    }
}
