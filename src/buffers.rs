//! Spare output buffers, a few per thread, for the responses written per request (a search
//! page, a readiness result, a batch).
//!
//! Such a response is a kilobyte or more, past glibc's per-thread cache of small chunks: each
//! one allocated fresh took malloc's general path and, first, `malloc_consolidate` (which
//! sweeps the fast bins before every large request), and its free took the general path back.
//! Natively that was about a tenth of a rendered search. A buffer handed back here when its
//! response has been sent is taken again by the next response of about its size.
//!
//! A cache of capacity, not of content: a buffer is emptied when handed back, and nothing in
//! it outlives its response. At most [`SPARES`] buffers of at most [`MAX_KEPT`] bytes are kept
//! per thread.

use std::cell::RefCell;

/// Smaller buffers come from malloc's per-thread cache anyway.
pub const MIN_KEPT: usize = 1024;
/// Larger buffers go back to the allocator, so a rare large response does not stay resident.
pub const MAX_KEPT: usize = 64 * 1024;
/// Spare buffers kept per thread.
pub const SPARES: usize = 4;

thread_local! {
    static SPARE: RefCell<Vec<Vec<u8>>> = const { RefCell::new(Vec::new()) };
}

/// Whether a buffer of `capacity` bytes is worth keeping when its response is sent.
pub fn worth_keeping(capacity: usize) -> bool {
    (MIN_KEPT..=MAX_KEPT).contains(&capacity)
}

/// An empty buffer of at least `capacity` bytes: one of this thread's spares if one is at
/// least that large and at most a quarter larger, or a new one. The fit is tight because a
/// response may be kept (the page cache counts a page by its length, not its buffer's), and
/// the common responses ask for the same capacity each time (a page of ten results, a
/// readiness result), so their buffers fit each other exactly.
pub fn take(capacity: usize) -> Vec<u8> {
    let spare = worth_keeping(capacity).then(|| {
        SPARE.try_with(|spares| {
            let mut spares = spares.try_borrow_mut().ok()?;
            let fits = |b: &Vec<u8>| (capacity..=capacity + capacity / 4).contains(&b.capacity());
            let at = spares.iter().position(fits)?;
            Some(spares.swap_remove(at))
        })
    });
    match spare {
        Some(Ok(Some(buffer))) => buffer,
        _ => Vec::with_capacity(capacity),
    }
}

/// Keeps `buffer`, emptied, as a spare of this thread's when its size is worth keeping and
/// there is room; otherwise it is freed.
pub fn give(mut buffer: Vec<u8>) {
    if !worth_keeping(buffer.capacity()) {
        return;
    }
    buffer.clear();
    // During the thread's exit the spares may be gone already: the buffer is then freed.
    let _ = SPARE.try_with(|spares| {
        if let Ok(mut spares) = spares.try_borrow_mut()
            && spares.len() < SPARES
        {
            spares.push(buffer);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spares() -> Vec<usize> {
        SPARE.with(|spares| spares.borrow().iter().map(Vec::capacity).collect())
    }

    #[test]
    fn a_buffer_given_back_is_taken_again_empty() {
        let mut first = take(4000);
        first.extend_from_slice(b"a response");
        let address = first.as_ptr();
        give(first);
        let again = take(3500);
        assert_eq!(again.as_ptr(), address, "the spare is reused");
        assert!(again.is_empty() && again.capacity() >= 3500);
        assert!(spares().is_empty());
    }

    #[test]
    fn only_a_spare_of_about_the_size_asked_is_taken() {
        give(Vec::with_capacity(40_000));
        let small = take(2000);
        assert!(small.capacity() < 40_000, "a 2 KB response does not hold a 40 KB buffer");
        assert_eq!(spares(), [40_000]);
        assert!(take(50_000).capacity() >= 50_000, "nor does a larger one get a smaller buffer");
        assert!(take(30_000).capacity() < 40_000, "nor a response a third smaller");
        assert_eq!(take(33_000).capacity(), 40_000, "a spare at most a quarter larger fits");
    }

    #[test]
    fn tiny_huge_and_surplus_buffers_are_freed() {
        give(Vec::with_capacity(MIN_KEPT - 1));
        give(Vec::with_capacity(MAX_KEPT + 1));
        assert!(spares().is_empty());
        for _ in 0..SPARES + 3 {
            give(Vec::with_capacity(2048));
        }
        assert_eq!(spares().len(), SPARES);
    }
}
