//! A connection's watchdog, polled only when one of its own timers or signals has fired.
//!
//! `Server::drive` runs hyper's connection next to a watchdog: a tick, the shutdown signal and,
//! once stopping, the wait for a first request. Polled together (as `tokio::select!` does),
//! every wake of the connection, several a request, also polls the interval's timer entry and
//! the watch channel, which answer "not yet" almost always: about 540 instructions a fixed GET
//! and 720 a POST, an eleventh of what the service adds to a fixed GET over a bare hyper
//! server (callgrind on the release server over a socket; `benches/PERFORMANCE.md`).
//!
//! A [`Gate`] is the waker the watchdog's futures are polled with. Waking it marks it open and
//! wakes the task; the task polls the connection every time, and the watchdog only when
//! [`Gate::open`] says one of the watchdog's wakers fired since it last looked. The task's
//! waker is registered on every poll, so a wake between two polls is never lost: it either
//! finds the task's waker registered or is seen by the next `open`.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Wake, Waker};

use atomic_waker::AtomicWaker;

/// The watchdog's waker and whether it has been woken since the task last looked.
#[derive(Debug)]
pub struct Gate {
    shared: Arc<Shared>,
    waker: Waker,
}

#[derive(Debug)]
struct Shared {
    woken: AtomicBool,
    task: AtomicWaker,
}

impl Wake for Shared {
    fn wake(self: Arc<Self>) {
        self.wake_by_ref();
    }

    fn wake_by_ref(self: &Arc<Self>) {
        self.woken.store(true, Ordering::Release);
        self.task.wake();
    }
}

impl Gate {
    /// A gate that starts open: the watchdog's futures must be polled once to register.
    pub fn new() -> Gate {
        let shared = Arc::new(Shared { woken: AtomicBool::new(true), task: AtomicWaker::new() });
        Gate { waker: Waker::from(shared.clone()), shared }
    }

    /// Registers the polling task to be woken through the gate, then tells whether the gate
    /// was woken since the last `true` (and closes it).
    pub fn open(&self, cx: &Context<'_>) -> bool {
        self.shared.task.register(cx.waker());
        // A plain load first: the gate is closed on almost every poll, and a load is cheaper
        // than the swap. A wake after the load finds the task registered above.
        self.shared.woken.load(Ordering::Acquire) && self.shared.woken.swap(false, Ordering::AcqRel)
    }

    /// The waker to poll the watchdog's futures with.
    pub fn waker(&self) -> &Waker {
        &self.waker
    }
}

impl Default for Gate {
    fn default() -> Self {
        Gate::new()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::task::{Context, Wake, Waker};

    use super::Gate;

    struct Counter(AtomicUsize);

    impl Wake for Counter {
        fn wake(self: Arc<Self>) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    #[test]
    fn the_gate_opens_once_per_wake_and_wakes_the_task() {
        let task = Arc::new(Counter(AtomicUsize::new(0)));
        let task_waker = Waker::from(task.clone());
        let cx = Context::from_waker(&task_waker);
        let gate = Gate::new();
        assert!(gate.open(&cx), "a new gate is open, so the watchdog registers");
        assert!(!gate.open(&cx), "closed until woken");
        gate.waker().wake_by_ref();
        assert_eq!(task.0.load(Ordering::SeqCst), 1, "waking the gate wakes the task");
        assert!(gate.open(&cx));
        assert!(!gate.open(&cx));
        // A wake before the task has registered again is kept, not lost.
        let owned = gate.waker().clone();
        owned.wake();
        gate.waker().wake_by_ref();
        assert!(gate.open(&cx), "two wakes open it");
        assert!(!gate.open(&cx), "once");
        assert_eq!(task.0.load(Ordering::SeqCst), 2, "the second wake found no task registered");
    }
}
