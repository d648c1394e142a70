//! hyper's HTTP/1 header deadline without a runtime timer per request.
//!
//! hyper arms its header-read timer for every request head it waits for, and drops it when
//! the head has arrived. With `TokioTimer` each of those is a boxed tokio `Sleep`, entered in
//! the runtime's timer wheel when first polled and taken out again a moment later: about
//! 1,150 instructions a request, a seventh of what the service adds to a fixed GET over a bare
//! hyper server (callgrind on the release server over a socket; `benches/PERFORMANCE.md`).
//!
//! A [`PolledSleep`] enters nothing anywhere: each poll compares the clock with its deadline.
//! That is enough because of who polls it. Every HTTP/1 connection runs inside
//! `Server::drive`, whose watchdog ticks at least every `CONNECTION_CHECK_INTERVAL` and polls
//! hyper's connection again after each tick; hyper, polled while waiting for a head, checks
//! its header deadline. So an expired deadline is seen at the latest one tick after it passed.
//! A connection not driven by that watchdog (the refusal path, the admin listener) must keep
//! a real timer.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use hyper::rt::{Sleep, Timer};

/// A [`Timer`] whose sleeps are checked when polled and never wake a task themselves.
#[derive(Debug, Clone, Copy, Default)]
pub struct PolledTimer;

/// A deadline that is over once a poll finds the clock past it.
#[derive(Debug)]
pub struct PolledSleep {
    deadline: Instant,
}

impl Future for PolledSleep {
    type Output = ();

    fn poll(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<()> {
        if Instant::now() >= self.deadline { Poll::Ready(()) } else { Poll::Pending }
    }
}

impl Sleep for PolledSleep {}

impl Timer for PolledTimer {
    fn sleep(&self, duration: Duration) -> Pin<Box<dyn Sleep>> {
        self.sleep_until(Instant::now() + duration)
    }

    fn sleep_until(&self, deadline: Instant) -> Pin<Box<dyn Sleep>> {
        Box::pin(PolledSleep { deadline })
    }

    fn reset(&self, sleep: &mut Pin<Box<dyn Sleep>>, new_deadline: Instant) {
        match sleep.as_mut().downcast_mut_pin::<PolledSleep>() {
            Some(mut polled) => polled.deadline = new_deadline,
            None => *sleep = self.sleep_until(new_deadline),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::task::{Context, Poll, Waker};
    use std::time::{Duration, Instant};

    use hyper::rt::Timer;

    use crate::http::polled_timer::PolledTimer;

    #[test]
    fn a_sleep_is_pending_before_its_deadline_and_ready_after_it() {
        let mut cx = Context::from_waker(Waker::noop());
        let mut sleep = PolledTimer.sleep(Duration::from_secs(999));
        assert_eq!(sleep.as_mut().poll(&mut cx), Poll::Pending);
        PolledTimer.reset(&mut sleep, Instant::now());
        assert_eq!(sleep.as_mut().poll(&mut cx), Poll::Ready(()));
        let mut past = PolledTimer.sleep_until(Instant::now() - Duration::from_millis(1));
        assert_eq!(past.as_mut().poll(&mut cx), Poll::Ready(()));
    }
}
