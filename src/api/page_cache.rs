//! Search pages rendered lately, kept by the query string that asked for them.
//!
//! A page of `GET /v1/resources` is a function of its query string alone and of the build:
//! the string decides the search ([`crate::ops::guides::SearchParams`]), and a cursor in it
//! is checked against the build's key, with no expiry. So a page rendered once can be served
//! again byte for byte to the same query string, without parsing, validating or checking a
//! cursor again. The cache keeps such pages within a byte budget (`--search-cache-kib`,
//! default [`DEFAULT_BUDGET_KIB`]; 0 turns it off) in slots of its own, one page a slot. A
//! keyed hash of the query string picks a pair of neighbouring slots (two ways), and the page
//! may be in either:
//!
//! - A hit is a hash, a lock taken without waiting (two, when the page is in the second
//!   way), a comparison of the whole query string and a reference count: a search asked again
//!   (a popular query, the next page of a walk someone else took, a batch item, a retry)
//!   costs about what a fixed GET does.
//! - A miss parses, validates and renders the page as before and puts it in the first way if
//!   that is free, else in the second if that is. With both taken, a way whose page has not
//!   been asked for since it was kept (or since the pair last gave way) gives way, the first
//!   before the second; if both have been asked for, the first gives way and the second
//!   loses its mark, so it is the next to go unless it is asked for again (a two-way clock).
//!   So two searches asked over and over share a pair with any stale page: with the first
//!   way always giving way, a page nobody asks for again could hold the second way for good
//!   while the two took turns evicting each other, each rendered every time. A page is not
//!   kept if the budget would be exceeded. With one way,
//!   two searches whose hashes met took turns evicting each other, each rendered every time
//!   it was asked (by the birthday bound, the load harness's batch, seven searches in 256
//!   slots, had two meet in about one process in thirteen); with two ways it takes three
//!   searches in one pair. Pages and their query strings count against the budget, so the memory held is
//!   at most the budget plus a few dozen bytes a slot (one slot for each 8 KiB of budget),
//!   whatever is asked.
//! - The key is the query string as sent, so the same search spelt two ways
//!   (`q=a+b&limit=5` and `limit=5&q=a%20b`) is kept twice; the pages are identical.
//! - The lock is only ever tried: a slot busy on another thread is a miss, never a wait.
//! - The hash is seeded per process (foldhash's `RandomState`), so nobody can aim queries at
//!   one slot from outside; and since the whole query string is compared, a collision costs
//!   a render, never a wrong page.
//!
//! What is not cached: errors, the first pages of the listings without terms, which are kept
//! apart and for good (`resources`), pages over [`MAX_PAGE_BYTES`], and every other surface
//! (MCP, `/ask`, A2A and the results page run their searches afresh). Hits, misses (pages
//! rendered with the cache on) and the bytes held are counted for `/metrics`.

use std::hash::BuildHasher;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock, TryLockError};

use bytes::Bytes;
use foldhash::fast::RandomState;

/// The default budget: about 256 pages of the default size (7 to 8 KB each).
pub const DEFAULT_BUDGET_KIB: usize = 2048;

/// The largest budget `--search-cache-kib` accepts (256 MiB): a typo should not be able to
/// promise the cache the machine's memory.
pub const MAX_BUDGET_KIB: usize = 262_144;

/// The bytes of budget a slot stands for: one page of the default size, rounded up.
const BYTES_PER_SLOT: usize = 8 * 1024;

/// Pages larger than this are not kept (a page of 50 long results is about 38 KB).
pub const MAX_PAGE_BYTES: usize = 64 * 1024;

/// A page kept, with the query string it answers.
struct Entry {
    query: Box<str>,
    body: Bytes,
    /// Asked for (or kept) since the pair last gave way: see the module documentation.
    used: bool,
}

impl Entry {
    /// What the entry counts against the budget.
    fn cost(&self) -> usize {
        self.body.len() + self.query.len()
    }
}

/// One slot: a page, or none.
type Slot = Mutex<Option<Entry>>;

/// The cache: see the module documentation.
pub struct PageCache {
    slots: Box<[Slot]>,
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
    /// Bytes of pages (and their query strings) held now.
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

    /// The page kept for the query string `query`, if there is one (a hit).
    pub fn get(&self, query: &str) -> Option<Bytes> {
        let (first, second) = self.ways(query)?;
        let body = self.find(first, query).or_else(|| self.find(second?, query))?;
        self.hits.fetch_add(1, Ordering::Relaxed);
        Some(body)
    }

    /// The page in `slot` if it answers `query`.
    fn find(&self, slot: &Slot, query: &str) -> Option<Bytes> {
        let mut guard = lock(slot)?;
        let entry = guard.as_mut().filter(|entry| *entry.query == *query)?;
        entry.used = true;
        Some(entry.body.clone())
    }

    /// Keeps `body`, just rendered for the query string `query` (a miss), if it fits.
    pub fn put(&self, query: &str, body: &Bytes) {
        let Some((first, second)) = self.ways(query) else {
            return;
        };
        self.misses.fetch_add(1, Ordering::Relaxed);
        if body.len() > MAX_PAGE_BYTES {
            return;
        }
        let entry = Entry { query: query.into(), body: body.clone(), used: true };
        let Some(second) = second else {
            self.keep(first, entry);
            return;
        };
        // The first way if it is free (or holds this query), else the second if that is; with
        // both taken, the first not asked for lately, else the first, the second losing its
        // mark. A way busy on another thread counts as taken and asked for.
        let (a, b) = (way(first, query), way(second, query));
        let target = match (a, b) {
            (Way::Free, _) => first,
            (_, Way::Free) => second,
            (Way::Stale, _) => first,
            (_, Way::Stale) => second,
            (Way::Used, Way::Used) => {
                if let Some(mut guard) = lock(second)
                    && let Some(kept) = guard.as_mut()
                {
                    kept.used = false;
                }
                first
            }
        };
        self.keep(target, entry);
    }

    /// The two slots (ways) `query` may be kept in: a pair of neighbours, chosen by a hash of
    /// the query string; the second is `None` when the cache has a single slot. `None` when
    /// the cache is off.
    fn ways(&self, query: &str) -> Option<(&Slot, Option<&Slot>)> {
        if self.slots.is_empty() {
            return None;
        }
        // The hash's high bits scaled to the slot count: no division, and every slot reachable.
        let hash = self.hasher.hash_one(query);
        let index = ((u128::from(hash) * self.slots.len() as u128) >> 64) as usize;
        Some((self.slots.get(index)?, self.slots.get(index ^ 1)))
    }

    /// Puts `entry` in `slot` in place of what it held, if the budget allows.
    fn keep(&self, slot: &Slot, entry: Entry) {
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

/// What a way holds, for [`PageCache::put`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Way {
    /// Nothing, or the page of the query being kept.
    Free,
    /// A page asked for since the pair last gave way, or a slot busy on another thread.
    Used,
    /// A page not asked for since.
    Stale,
}

fn way(slot: &Slot, query: &str) -> Way {
    match lock(slot) {
        None => Way::Used,
        Some(guard) => match guard.as_ref() {
            None => Way::Free,
            Some(entry) if *entry.query == *query => Way::Free,
            Some(entry) if entry.used => Way::Used,
            Some(_) => Way::Stale,
        },
    }
}

/// The slot's lock if it is free now. A poisoned slot is still sound (it only ever holds a
/// whole entry or none), so it is used as it is.
fn lock(slot: &Slot) -> Option<MutexGuard<'_, Option<Entry>>> {
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
    use bytes::Bytes;

    use crate::api::page_cache::{BYTES_PER_SLOT, MAX_PAGE_BYTES, PageCache, Stats};

    /// Asks `cache` for `query` as `resources::get` does, rendering `body` on a miss: the page
    /// served, and whether it was rendered.
    fn ask(cache: &PageCache, query: &str, body: &str) -> (Vec<u8>, bool) {
        if let Some(page) = cache.get(query) {
            return (page.to_vec(), false);
        }
        let page = Bytes::from(body.to_string());
        cache.put(query, &page);
        (page.to_vec(), true)
    }

    #[test]
    fn a_search_asked_again_is_served_what_was_rendered() {
        let cache = PageCache::new(64);
        let query = "q=model+drift&limit=10";
        assert_eq!(ask(&cache, query, "first"), (b"first".to_vec(), true));
        assert_eq!(ask(&cache, query, "second"), (b"first".to_vec(), false));
        let stats = cache.stats();
        assert_eq!((stats.hits, stats.misses), (1, 1));
        assert_eq!(stats.bytes, "first".len() + query.len());
    }

    #[test]
    fn a_query_string_differing_in_any_byte_is_rendered() {
        let cache = PageCache::new(1024);
        let base = "q=model+drift&category=MLOps&limit=10&cursor=abc";
        ask(&cache, base, "base");
        assert_eq!(ask(&cache, base, "again"), (b"base".to_vec(), false));
        // Each other query string is rendered, whether its slot is base's or not (slots are
        // chosen by a hash seeded per process, so which share one differs from run to run).
        for other in [
            "q=model+drifts&category=MLOps&limit=10&cursor=abc",
            "q=model+drift&category=MLOps&limit=10&cursor=abd",
            "q=model+drift&category=MLOps&limit=11&cursor=abc",
            "q=%6Dodel+drift&category=MLOps&limit=10&cursor=abc",
            "category=MLOps&q=model+drift&limit=10&cursor=abc",
            "q=model+drift&category=MLOps&limit=10",
            "",
        ] {
            let (body, rendered) = ask(&cache, other, "other");
            assert!(rendered, "{other:?} was served {base:?}'s page");
            assert_eq!(body, b"other");
        }
    }

    /// The slot `query`'s first way is, by its place in the cache.
    fn first_way(cache: &PageCache, query: &str) -> usize {
        let (first, _) = cache.ways(query).expect("the cache is on");
        cache.slots.iter().position(|slot| std::ptr::eq(slot, first)).expect("one of its slots")
    }

    #[test]
    fn two_searches_whose_hashes_meet_are_both_kept() {
        // Eight slots. The hash is seeded per process, so three query strings whose first way
        // is the same slot are found each run rather than written down.
        let cache = PageCache::new(64);
        let mut by_slot: Vec<Vec<String>> = vec![Vec::new(); cache.slots.len()];
        let trio = (0..).find_map(|n| {
            let query = format!("q=n{n}");
            let same = &mut by_slot[first_way(&cache, &query)];
            same.push(query);
            (same.len() == 3).then(|| same.clone())
        });
        let [a, b, c] = <[String; 3]>::try_from(trio.expect("a trio")).expect("three");
        assert!(ask(&cache, &a, "page a").1);
        assert!(ask(&cache, &b, "page b").1, "b goes to the second way");
        for _ in 0..3 {
            assert_eq!(ask(&cache, &a, "rendered"), (b"page a".to_vec(), false));
            assert_eq!(ask(&cache, &b, "rendered"), (b"page b".to_vec(), false));
        }
        // A third takes the first way's place; the second way's page stays.
        assert!(ask(&cache, &c, "page c").1);
        assert_eq!(ask(&cache, &c, "rendered"), (b"page c".to_vec(), false));
        assert_eq!(ask(&cache, &b, "rendered"), (b"page b".to_vec(), false));
        assert!(cache.get(&a).is_none(), "{a:?} gave way to {c:?}");
        let cost = |query: &str| "page x".len() + query.len();
        assert_eq!(cache.stats().bytes, cost(&c) + cost(&b));
    }

    #[test]
    fn two_searches_asked_in_turn_displace_a_stale_page_rather_than_each_other() {
        // x and y share their first way; w, kept first and never asked for again, sits in
        // their second. With the first way always giving way, x and y evicted each other on
        // every ask and w stayed for good.
        let cache = PageCache::new(64);
        let named = |n: &mut u32, slot: usize| loop {
            let query = format!("q=n{n}");
            *n += 1;
            if first_way(&cache, &query) == slot {
                return query;
            }
        };
        let mut n = 0;
        let x = format!("q=n{n}");
        n += 1;
        let f = first_way(&cache, &x);
        let y = named(&mut n, f);
        let w = named(&mut n, f ^ 1);
        assert!(ask(&cache, &w, "page w").1);
        let mut rendered = 0;
        for _ in 0..2 {
            rendered += usize::from(ask(&cache, &x, "page x").1);
            rendered += usize::from(ask(&cache, &y, "page y").1);
        }
        assert_eq!(rendered, 3, "x, then y in x's place, then x in w's");
        for _ in 0..3 {
            assert_eq!(ask(&cache, &x, "rendered"), (b"page x".to_vec(), false));
            assert_eq!(ask(&cache, &y, "rendered"), (b"page y".to_vec(), false));
        }
        assert!(cache.get(&w).is_none(), "{w:?} gave way");
    }

    #[test]
    fn the_budget_bounds_what_is_held() {
        // One slot of 8 KiB: a page that would pass the budget is served but not kept.
        let cache = PageCache::new(BYTES_PER_SLOT / 1024);
        let big = "x".repeat(BYTES_PER_SLOT);
        assert!(ask(&cache, "q=big", &big).1);
        assert!(ask(&cache, "q=big", &big).1, "over the budget, so not kept");
        assert_eq!(cache.stats().bytes, 0);
        // A page that fits takes the slot; another search in the same (only) slot replaces it.
        ask(&cache, "q=small", "small page");
        assert_eq!(ask(&cache, "q=small", "again").0, b"small page");
        ask(&cache, "q=other", "other page");
        assert_eq!(cache.stats().bytes, "other page".len() + "q=other".len());
        assert_eq!(ask(&cache, "q=other", "again").0, b"other page");
        assert_eq!(ask(&cache, "q=small", "rendered again").0, b"rendered again");
    }

    #[test]
    fn pages_over_the_size_limit_are_not_kept() {
        let cache = PageCache::new(1024);
        let huge = "y".repeat(MAX_PAGE_BYTES + 1);
        ask(&cache, "limit=40", &huge);
        assert!(ask(&cache, "limit=40", &huge).1);
        assert_eq!(cache.stats().bytes, 0);
    }

    #[test]
    fn a_budget_of_zero_keeps_nothing() {
        let cache = PageCache::new(0);
        for _ in 0..3 {
            assert!(ask(&cache, "q=model+drift", "page").1);
        }
        assert_eq!(cache.stats(), Stats { hits: 0, misses: 0, bytes: 0, budget: 0 });
    }

    #[test]
    fn many_searches_stay_within_the_budget() {
        let cache = PageCache::new(16);
        for i in 0..400 {
            let body = "z".repeat(100 + i * 7 % 3000);
            ask(&cache, &format!("q=query+{i}"), &body);
            assert!(cache.stats().bytes <= 16 * 1024);
        }
        assert!(cache.stats().bytes > 0);
    }
}
