//! Over Megaco's own transport: a UDP server on 127.0.0.1 (a free port)
//! whose worker threads decode each request and encode a reply, and a
//! client that offers a fixed rate for a step, then a higher one, until
//! replies are lost or the 99th percentile passes a bound. Every datagram
//! carries a 24-byte header (sequence number, due time, send time; the
//! server echoes it), so the client times each reply from its send time
//! (see [`Step::latency`]) and knows which replies never came.

use crate::latency::{Clock, RealClock, Recorder};
use crate::{LoadError, Mix, Workload};
use std::net::{SocketAddr, UdpSocket};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// Sequence number, due ns, sent ns: little-endian u64s.
const HEADER: usize = 24;
/// Reply status byte after the header.
const OK: u8 = 0;
const REFUSED: u8 = 1;
/// How often a blocked receive looks at its stop flag.
const POLL: Duration = Duration::from_millis(10);

/// What the server did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ServerTally {
    /// Requests answered.
    pub served: u64,
    /// Of those, refused by the codec.
    pub refused: u64,
}

/// Runs a server for `work` on `workers` threads while `client` runs with
/// its address; stops it when `client` returns.
pub fn serve<R>(
    work: &dyn Workload,
    workers: usize,
    client: impl FnOnce(SocketAddr) -> R,
) -> Result<(R, ServerTally), LoadError> {
    let io = |what: &str, e: std::io::Error| LoadError::Io(format!("udp server: {what}: {e}"));
    let socket = UdpSocket::bind("127.0.0.1:0").map_err(|e| io("bind 127.0.0.1:0", e))?;
    socket
        .set_read_timeout(Some(POLL))
        .map_err(|e| io("read timeout", e))?;
    let addr = socket.local_addr().map_err(|e| io("local address", e))?;
    let sockets = (0..workers.max(1))
        .map(|_| socket.try_clone().map_err(|e| io("clone", e)))
        .collect::<Result<Vec<_>, _>>()?;
    let stop = AtomicBool::new(false);
    let (served, refused) = (AtomicU64::new(0), AtomicU64::new(0));
    let result = std::thread::scope(|s| {
        for socket in sockets {
            let (stop, served, refused) = (&stop, &served, &refused);
            s.spawn(move || {
                let mut buf = vec![0u8; 65_536];
                let mut reply = Vec::new();
                let mut out = Vec::new();
                while !stop.load(Relaxed) {
                    let Ok((len, from)) = socket.recv_from(&mut buf) else {
                        continue; // the poll timeout, or a transient error
                    };
                    if len < HEADER {
                        continue; // not ours
                    }
                    let status = match work.serve(&buf[HEADER..len], &mut reply) {
                        Ok(()) => OK,
                        Err(_) => {
                            refused.fetch_add(1, Relaxed);
                            reply.clear();
                            REFUSED
                        }
                    };
                    out.clear();
                    out.extend_from_slice(&buf[..HEADER]);
                    out.push(status);
                    out.extend_from_slice(&reply);
                    served.fetch_add(1, Relaxed);
                    let _ = socket.send_to(&out, from); // a lost reply is the client's to count
                }
            });
        }
        let r = client(addr);
        stop.store(true, Relaxed);
        r
    });
    Ok((
        result,
        ServerTally {
            served: served.load(Relaxed),
            refused: refused.load(Relaxed),
        },
    ))
}

/// One step of offered load.
#[derive(Debug, Clone)]
pub struct Step {
    /// Requests per second asked of the sender (the schedule's rate).
    pub offered_per_s: f64,
    /// Requests sent.
    pub sent: u64,
    /// Nanoseconds from the first send to the last, as the sender's clock
    /// read them: longer than the schedule's when the sender fell behind.
    pub sent_span_ns: u64,
    /// Replies received.
    pub received: u64,
    /// Replies that said the codec refused the request.
    pub refused: u64,
    /// Malformed requests among those answered.
    pub bad_answered: u64,
    /// Reply latency from each request's due time.
    pub recorder: Recorder,
}

impl Step {
    /// Requests without a reply.
    pub fn lost(&self) -> u64 {
        self.sent.saturating_sub(self.received)
    }

    /// Requests per second actually offered: the intervals between the
    /// first send and the last (one fewer than the requests) over the
    /// span they took. A sender on schedule offers `offered_per_s`; one
    /// that fell behind, less. `None` with fewer than two sends.
    pub fn sent_per_s(&self) -> Option<f64> {
        (self.sent >= 2 && self.sent_span_ns > 0)
            .then(|| (self.sent - 1) as f64 * 1e9 / self.sent_span_ns as f64)
    }

    /// Replies per second at the rate actually offered: the share of the
    /// requests answered times [`Step::sent_per_s`].
    pub fn answered_per_s(&self) -> Option<f64> {
        Some(self.sent_per_s()? * self.received as f64 / self.sent as f64)
    }

    /// Reply latency from each request's send time. The sender never
    /// waits for a reply, so a stalled server cannot hold requests back
    /// (the omission the open loop corrects for cannot happen here), and
    /// timing from the due time would charge the client's own sleep
    /// overshoot to the server.
    pub fn latency(&self) -> crate::Latency {
        self.recorder.uncorrected()
    }
}

/// The real clock, waited on by sleeping only: a spinning sender would
/// take a core from the server it measures. Late wake-ups make the sender
/// send what is due in a burst.
struct Sleeping<'c>(&'c RealClock);

impl Clock for Sleeping<'_> {
    fn now(&self) -> u64 {
        self.0.now()
    }

    fn wait_until(&self, t: u64) {
        let now = self.0.now();
        if t > now {
            std::thread::sleep(Duration::from_nanos(t - now));
        }
    }
}

/// Sends `count` requests, the `i`th due at `start + i × interval` ns:
/// waits on `clock` for each due time, then calls `send(i, due, now)`.
/// Returns the span from the first send to the last, as `clock` read it.
fn send_paced(
    clock: &impl Clock,
    count: u64,
    start: u64,
    interval: f64,
    mut send: impl FnMut(u64, u64, u64),
) -> u64 {
    let mut first = None;
    let mut last = 0;
    for i in 0..count {
        let due = start + (i as f64 * interval) as u64;
        clock.wait_until(due);
        let now = clock.now();
        send(i, due, now);
        first.get_or_insert(now);
        last = now;
    }
    first.map_or(0, |first| last.saturating_sub(first))
}

/// Offers `rate` requests per second from `mix` to `server` for `duration`
/// (at most `max_messages`), then waits up to `drain` for the last replies.
/// A reply whose status disagrees with its request (a good one refused, a
/// malformed one answered) fails the step.
pub fn step(
    server: SocketAddr,
    mix: &Mix,
    rate: f64,
    duration: Duration,
    max_messages: u64,
    drain: Duration,
) -> Result<Step, LoadError> {
    let io = |what: &str, e: std::io::Error| LoadError::Io(format!("udp client: {what}: {e}"));
    if mix.messages.is_empty() || rate.is_nan() || rate <= 0.0 {
        return Err(LoadError::Empty);
    }
    let socket = UdpSocket::bind("127.0.0.1:0").map_err(|e| io("bind", e))?;
    socket.connect(server).map_err(|e| io("connect", e))?;
    socket
        .set_read_timeout(Some(POLL))
        .map_err(|e| io("read timeout", e))?;
    let receiver = socket.try_clone().map_err(|e| io("clone", e))?;
    let count = ((rate * duration.as_secs_f64()) as u64).clamp(1, max_messages.max(1));
    let interval = 1e9 / rate;
    let clock = RealClock::new();
    let sent_all = AtomicBool::new(false);
    let sent_count = AtomicU64::new(0);
    let received = std::thread::scope(|s| {
        let (clock, sent_all, sent_count) = (&clock, &sent_all, &sent_count);
        let listen = s.spawn(move || receive(&receiver, clock, mix, sent_all, sent_count, drain));
        let mut datagram = Vec::new();
        let start = clock.now() + 1_000_000;
        let span = send_paced(&Sleeping(clock), count, start, interval, |i, due, now| {
            let m = &mix.messages[i as usize % mix.messages.len()];
            datagram.clear();
            datagram.extend_from_slice(&i.to_le_bytes());
            datagram.extend_from_slice(&due.to_le_bytes());
            datagram.extend_from_slice(&now.to_le_bytes());
            datagram.extend_from_slice(&m.bytes);
            // A full socket buffer drops the request: it shows as lost.
            let _ = socket.send(&datagram);
            sent_count.store(i + 1, Relaxed);
        });
        sent_all.store(true, Relaxed);
        listen
            .join()
            .unwrap_or(Err(LoadError::Io("the udp receiver panicked".into())))
            .map(|received| (received, span))
    })?;
    let (received, span) = received;
    Ok(Step {
        offered_per_s: rate,
        sent: count,
        sent_span_ns: span,
        ..received
    })
}

/// Reads replies until every sent request is answered or `drain` has
/// passed since the last was sent.
fn receive(
    socket: &UdpSocket,
    clock: &RealClock,
    mix: &Mix,
    sent_all: &AtomicBool,
    sent_count: &AtomicU64,
    drain: Duration,
) -> Result<Step, LoadError> {
    let mut buf = vec![0u8; 65_536];
    let mut got = Step {
        offered_per_s: 0.0,
        sent: 0,
        sent_span_ns: 0,
        received: 0,
        refused: 0,
        bad_answered: 0,
        recorder: Recorder::default(),
    };
    let mut done_at: Option<u64> = None;
    loop {
        if sent_all.load(Relaxed) {
            let done = *done_at.get_or_insert_with(|| clock.now());
            let all = got.received >= sent_count.load(Relaxed);
            if all || clock.now() - done > drain.as_nanos() as u64 {
                return Ok(got);
            }
        }
        let Ok(len) = socket.recv(&mut buf) else {
            continue;
        };
        let now = clock.now();
        if len <= HEADER {
            continue;
        }
        let word = |k: usize| {
            let mut b = [0u8; 8];
            b.copy_from_slice(&buf[8 * k..8 * k + 8]);
            u64::from_le_bytes(b)
        };
        let (seq, due, sent) = (word(0), word(1), word(2));
        let bad = mix.messages[seq as usize % mix.messages.len()].bad;
        let refused = buf[HEADER] == REFUSED;
        match (bad, refused) {
            (false, true) => {
                return Err(LoadError::GoodFailed(format!(
                    "the server refused well-formed request {seq}"
                )))
            }
            (true, false) => return Err(LoadError::BadAccepted { accepted: 1 }),
            _ => {}
        }
        got.received += 1;
        got.refused += u64::from(refused);
        got.bad_answered += u64::from(bad);
        got.recorder.record(due, sent, now);
    }
}

/// How far a saturation search may go.
#[derive(Debug, Clone, Copy)]
pub struct Bounds {
    /// First rate, requests per second.
    pub start_per_s: f64,
    /// Each next rate is this times the last.
    pub factor: f64,
    /// Length of one step.
    pub step: Duration,
    /// Steps at most.
    pub max_steps: usize,
    /// Requests per step at most.
    pub max_messages: u64,
    /// The search ends when p99 passes this, ns.
    pub p99_bound_ns: f64,
    /// … or when more than this fraction of replies is lost.
    pub loss_bound: f64,
}

/// Where a codec saturates.
#[derive(Debug, Clone)]
pub struct Saturation {
    /// Every step run.
    pub steps: Vec<Step>,
    /// The highest offered rate that kept within the bounds.
    pub saturation_per_s: Option<f64>,
    /// Why the search ended, in words.
    pub ended: String,
}

/// Steps `work`'s server up from `bounds.start_per_s` until a step loses
/// replies or passes the p99 bound, or the step limit is reached.
pub fn saturate(
    work: &dyn Workload,
    workers: usize,
    mix: &Mix,
    bounds: Bounds,
) -> Result<(Saturation, ServerTally), LoadError> {
    let (found, tally) = serve(work, workers, |addr| {
        let mut steps: Vec<Step> = Vec::new();
        let mut rate = bounds.start_per_s;
        let mut best = None;
        let drain = Duration::from_millis(100).max(bounds.step / 4);
        for _ in 0..bounds.max_steps {
            let s = step(addr, mix, rate, bounds.step, bounds.max_messages, drain)?;
            let lost = s.lost() as f64 / s.sent.max(1) as f64;
            let p99 = s.latency().p99_ns;
            let why = if lost > bounds.loss_bound {
                Some(format!("{} of {} replies lost", s.lost(), s.sent))
            } else if p99 > bounds.p99_bound_ns {
                Some(format!(
                    "p99 {:.0} µs passed the {:.0} µs bound",
                    p99 / 1e3,
                    bounds.p99_bound_ns / 1e3
                ))
            } else {
                None
            };
            steps.push(s);
            if let Some(why) = why {
                let ended = format!("at {rate:.0}/s: {why}");
                return Ok(Saturation {
                    steps,
                    saturation_per_s: best,
                    ended,
                });
            }
            best = Some(rate);
            rate *= bounds.factor;
        }
        Ok(Saturation {
            steps,
            saturation_per_s: best,
            ended: format!(
                "step limit ({}) reached: at least this rate",
                bounds.max_steps
            ),
        })
    })?;
    Ok((found?, tally))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{decimal_messages, Decimal};

    #[test]
    fn a_few_hundred_messages_round_trip_on_loopback() {
        let mix = Mix::for_workload(&decimal_messages(60), 0.05, 9, &Decimal).expect("mix");
        let (s, server) = serve(&Decimal, 2, |addr| {
            // 300 requests at 3,000/s: far below what loopback drops.
            step(
                addr,
                &mix,
                3_000.0,
                Duration::from_millis(100),
                300,
                Duration::from_secs(2),
            )
        })
        .expect("server");
        let s = s.expect("step");
        // The achieved rate is read from the span the sends took.
        assert_eq!(
            s.sent_per_s(),
            Some(299.0 * 1e9 / s.sent_span_ns as f64),
            "{s:?}"
        );
        let n = mix.messages.len();
        let bad = (0..300).filter(|i| mix.messages[i % n].bad).count() as u64;
        assert!(bad > 0);
        assert_eq!((s.sent, s.received, s.lost()), (300, 300, 0));
        assert_eq!((s.refused, s.bad_answered), (bad, bad));
        assert_eq!(
            server,
            ServerTally {
                served: 300,
                refused: bad
            }
        );
        assert_eq!(s.recorder.corrected().count, 300);
    }

    /// A clock that wakes `late` ns after each wait: a sender that falls
    /// behind its schedule, as a loaded client does.
    struct Late {
        now: std::cell::Cell<u64>,
        late: u64,
    }

    impl Clock for Late {
        fn now(&self) -> u64 {
            self.now.get()
        }

        fn wait_until(&self, t: u64) {
            self.now.set(self.now.get().max(t) + self.late);
        }
    }

    fn step_of(sent: u64, span: u64, received: u64) -> Step {
        Step {
            offered_per_s: 1_000.0,
            sent,
            sent_span_ns: span,
            received,
            refused: 0,
            bad_answered: 0,
            recorder: Recorder::default(),
        }
    }

    #[test]
    fn the_offered_rate_is_the_one_actually_sent() {
        // 1,000/s asked: a 1 ms interval.
        let (rate, count) = (1_000.0, 101);
        let interval = 1e9 / rate;
        let mut sends = Vec::new();
        let on_time = Late {
            now: 0.into(),
            late: 0,
        };
        let span = send_paced(&on_time, count, 5_000, interval, |i, due, now| {
            sends.push((i, due, now))
        });
        assert_eq!(span, 100_000_000);
        assert_eq!(sends.len(), 101);
        assert!(sends.iter().all(|&(_, due, now)| due == now));
        assert_eq!(step_of(count, span, count).sent_per_s(), Some(rate));
        // A sender that wakes 2 ms late each time sends every 2 ms: half
        // the rate asked, and the step says so.
        let behind = Late {
            now: 0.into(),
            late: 2_000_000,
        };
        let span = send_paced(&behind, count, 5_000, interval, |_, _, _| {});
        assert_eq!(span, 200_000_000);
        let step = step_of(count, span, 91);
        assert_eq!(step.sent_per_s(), Some(500.0));
        assert_eq!(step.sent_per_s(), Some(100.0 * 1e9 / span as f64));
        assert_eq!(step.answered_per_s(), Some(500.0 * 91.0 / 101.0));
        // One send has no span to measure.
        assert_eq!(step_of(1, 0, 1).sent_per_s(), None);
        assert_eq!(step_of(0, 0, 0).answered_per_s(), None);
    }

    #[test]
    fn a_search_stops_by_itself_within_its_bounds() {
        let mix = Mix::clean(&decimal_messages(10)).expect("mix");
        let bounds = Bounds {
            start_per_s: 1_000.0,
            factor: 2.0,
            step: Duration::from_millis(50),
            max_steps: 3,
            max_messages: 200,
            p99_bound_ns: 1e12,
            loss_bound: 1.0,
        };
        let (s, server) = saturate(&Decimal, 1, &mix, bounds).expect("runs");
        assert_eq!(s.steps.len(), 3);
        assert!(s.ended.starts_with("step limit"), "{}", s.ended);
        assert_eq!(s.saturation_per_s, Some(4_000.0));
        let sent: u64 = s.steps.iter().map(|x| x.sent).sum();
        assert!(sent <= 3 * 200 && server.served <= sent);
    }
}
