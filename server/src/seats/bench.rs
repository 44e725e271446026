//! Receipt-to-durable-seal latency (spec §3.13 requirement 12; BENCHMARKS.md): from the
//! instant a seat's reply body is complete to the instant its answer line is written and
//! fsynced by the ledger, with 14 seats answering at once and with 1,000 answers in one burst
//! from a fake endpoint on 127.0.0.1. Ignored in normal runs (it times things; tests never
//! assert times). Run:
//!
//! ```sh
//! cargo test --release -p sealbook-server --bin sealbook seats::bench -- --ignored --nocapture --test-threads=1
//! ```

use super::tests::{ask, fake, seat, Answer};
use super::*;
use crate::ledger::{LedgerFile, MAX_GROUP_LINES};
use sealbook_core::book::canon::{self, Object, Value};
use sealbook_core::book::seal::{prepare_line, PreparedLine};
use sealbook_core::league::wire::Wire;
use sealbook_tests::fake_http::start_async;
use std::io::Write;
use std::sync::mpsc::Receiver;

/// A model reply shaped as a league answer: 12 markets by 4 horizons (about 6 KB of text).
fn reply_body() -> Vec<u8> {
    let mut items = serde_json::Map::new();
    for asset in [
        "SPX", "NDX", "DJI", "SOX", "TNX", "DXY", "VIX", "GOLD", "WTI", "BRENT", "COPPER", "BTC",
    ] {
        let mut h = serde_json::Map::new();
        for horizon in ["1d", "1w", "1m", "6m"] {
            h.insert(
                horizon.into(),
                serde_json::json!({"prob_up": 0.57, "action": "hold", "exp_pct": 0.4,
                    "risk": "rates reprice on the CPI print", "revise_if": "close below the 50-day"}),
            );
        }
        items.insert(asset.into(), serde_json::Value::Object(h));
    }
    let text = serde_json::json!({ "items": items }).to_string();
    serde_json::to_vec(&serde_json::json!({
        "model": "bench-model-2026-10-01",
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": text, "refusal": null}}]
    }))
    .unwrap()
}

/// The answer line the engine would seal for `r` (the fields of spec Appendix C that carry
/// the reply, with the reply's `items` read from its text as the engine's reader does; times
/// fixed, since only the cost of reading and sealing is measured).
fn answer_line(r: &SeatReply) -> Object {
    let mut o = Object::new();
    let s = |v: &str| Value::Str(v.into());
    o.insert("kind", s("answer"));
    o.insert("run_id", s("2026-10-20-m"));
    o.insert("seat", s(&r.seat));
    o.insert(
        "model",
        s(r.outcome.provider_model.as_deref().unwrap_or("")),
    );
    o.insert("at", s("2026-10-20T12:31:05Z"));
    o.insert("booked_at", s("2026-10-20T12:31:05Z"));
    o.insert("mode", s("api"));
    o.insert("ask_sha256", s(&"ab".repeat(32)));
    o.insert("own_sha256", s(&r.own_sha256()));
    let items = r
        .outcome
        .text
        .as_deref()
        .and_then(|t| canon::parse(t.as_bytes()).ok())
        .and_then(|v| v.as_object().and_then(|o| o.get("items")).cloned());
    o.insert("items", items.unwrap_or(Value::Null));
    o
}

/// A reply as the sealer takes it from the channel: prepared on receipt (its answer line
/// read and serialized and sealed on `ask_all`'s reply threads, [`prepare_line`]) or not.
struct Got {
    reply: SeatReply,
    prepared: Option<PreparedLine>,
    /// When a reply thread took it from its seat's task (or thread).
    picked: Instant,
    /// When the reply thread was done with it.
    ready: Instant,
}

/// What the reply thread does with a reply before sending it on: nothing, or prepare it.
fn receive(reply: SeatReply, prepare: bool) -> Got {
    let picked = Instant::now();
    let prepared = prepare.then(|| prepare_line(&answer_line(&reply)).expect("encodable"));
    Got {
        reply,
        prepared,
        picked,
        ready: Instant::now(),
    }
}

/// Where one reply's time went, from its arrival: until a reply thread took it, until that
/// thread had it read and prepared, until the writer took it, until its group was chained and
/// written, until an fsync covering it returned.
#[derive(Clone, Copy)]
struct Stages {
    arrived: Instant,
    picked: Instant,
    ready: Instant,
    taken: Instant,
    written: Instant,
}

impl Stages {
    fn of(g: &Got, taken: Instant, written: Instant) -> Stages {
        Stages {
            arrived: g.reply.arrived,
            picked: g.picked,
            ready: g.ready,
            taken,
            written,
        }
    }

    /// The five parts, in order, with the line durable at `done`.
    fn parts(&self, done: Instant) -> [Duration; 5] {
        [
            self.picked.saturating_duration_since(self.arrived),
            self.ready.saturating_duration_since(self.picked),
            self.taken.saturating_duration_since(self.ready),
            self.written.saturating_duration_since(self.taken),
            done.saturating_duration_since(self.written),
        ]
    }
}

/// A group's lines for the ledger: the ones prepared on receipt as they are, the others read
/// and prepared here, on the sealer's thread (which is then what [`LedgerFile::write_all`] does).
fn lines_of(group: &mut [Got]) -> Vec<PreparedLine> {
    group
        .iter_mut()
        .map(|g| {
            g.prepared
                .take()
                .unwrap_or_else(|| prepare_line(&answer_line(&g.reply)).expect("encodable"))
        })
        .collect()
}

/// What one way of sealing measured: each reply's receipt-to-durable time, each reply's wait
/// from arrival until the sealer took it from the channel, the fsyncs paid and the groups.
struct Measured {
    lat: Vec<Duration>,
    taken: Vec<Duration>,
    /// Each reply's [`Stages::parts`].
    parts: Vec<[Duration; 5]>,
    groups: Vec<usize>,
    fsyncs: u64,
    /// The longest single fsync.
    longest_fsync: Duration,
    /// First to last arrival.
    span: Duration,
}

impl Measured {
    fn new() -> Measured {
        Measured {
            lat: Vec::new(),
            taken: Vec::new(),
            parts: Vec::new(),
            groups: Vec::new(),
            fsyncs: 0,
            longest_fsync: Duration::ZERO,
            span: Duration::ZERO,
        }
    }

    fn extend(&mut self, o: Measured) {
        self.lat.extend(o.lat);
        self.taken.extend(o.taken);
        self.parts.extend(o.parts);
        self.groups.extend(o.groups);
        self.fsyncs += o.fsyncs;
        self.longest_fsync = self.longest_fsync.max(o.longest_fsync);
        self.span = self.span.max(o.span);
    }
}

/// Takes the first reply waiting and every other one already waiting (at most `max_batch`).
fn take_group(rx: &Receiver<Got>, max_batch: usize) -> Option<(Vec<Got>, Instant)> {
    let first = rx.recv().ok()?;
    let mut group = vec![first];
    while group.len() < max_batch {
        match rx.try_recv() {
            Ok(r) => group.push(r),
            Err(_) => break,
        }
    }
    Some((group, Instant::now()))
}

fn span(arrived: &[Instant]) -> Duration {
    match (arrived.iter().min(), arrived.iter().max()) {
        (Some(a), Some(b)) => b.duration_since(*a),
        _ => Duration::ZERO,
    }
}

/// The sealer that waits for the disk: each group of replies waiting is sealed, written and
/// fsynced by [`LedgerFile::append_all`] before the next group is taken (replies that arrive
/// during the fsync wait in the channel).
fn seal_waiting_for_fsync(
    rx: Receiver<Got>,
    ledger: &mut LedgerFile,
    max_batch: usize,
) -> Measured {
    let mut m = Measured::new();
    let fsyncs = ledger.durability().fsyncs();
    let mut arrived = Vec::new();
    while let Some((mut group, taken)) = take_group(&rx, max_batch) {
        m.taken
            .extend(group.iter().map(|g| taken.duration_since(g.reply.arrived)));
        let sealed = ledger.write_prepared(lines_of(&mut group)).expect("sealed");
        let written = Instant::now();
        ledger
            .durability()
            .wait(sealed.last().expect("a group has a line").n)
            .expect("durable");
        let done = Instant::now();
        m.lat
            .extend(group.iter().map(|g| done.duration_since(g.reply.arrived)));
        m.parts.extend(
            group
                .iter()
                .map(|g| Stages::of(g, taken, written).parts(done)),
        );
        arrived.extend(group.iter().map(|g| g.reply.arrived));
        m.groups.push(group.len());
    }
    m.fsyncs = ledger.durability().fsyncs() - fsyncs;
    m.longest_fsync = ledger.durability().longest_fsync();
    m.span = span(&arrived);
    m
}

/// The pipelined group commit: this thread seals and writes each group of replies waiting
/// ([`LedgerFile::write_all`]) and goes straight back for more, while an acknowledging thread
/// waits for the fsync that covers each group ([`crate::ledger::Durability::wait`]) and only
/// then counts it sealed; lines written while one fsync runs are covered by the next.
fn seal_pipelined(rx: Receiver<Got>, ledger: &mut LedgerFile, max_batch: usize) -> Measured {
    let durability = ledger.durability();
    let fsyncs = durability.fsyncs();
    let (ack_tx, ack_rx) = std::sync::mpsc::channel::<(u64, Vec<Stages>)>();
    let acker = std::thread::Builder::new()
        .name("bench-acker".into())
        .spawn(move || {
            let mut lat = Vec::new();
            let mut parts = Vec::new();
            let mut arrived_all = Vec::new();
            for (n, stages) in ack_rx {
                durability.wait(n).expect("durable");
                let done = Instant::now();
                lat.extend(stages.iter().map(|s| done.duration_since(s.arrived)));
                parts.extend(stages.iter().map(|s| s.parts(done)));
                arrived_all.extend(stages.iter().map(|s| s.arrived));
            }
            (lat, parts, span(&arrived_all))
        })
        .unwrap();
    let mut m = Measured::new();
    while let Some((mut group, taken)) = take_group(&rx, max_batch) {
        m.taken
            .extend(group.iter().map(|g| taken.duration_since(g.reply.arrived)));
        let sealed = ledger
            .write_prepared(lines_of(&mut group))
            .expect("written");
        let written = Instant::now();
        let last = sealed.last().expect("a group has a line").n;
        ack_tx
            .send((
                last,
                group
                    .iter()
                    .map(|g| Stages::of(g, taken, written))
                    .collect(),
            ))
            .unwrap();
        m.groups.push(group.len());
    }
    drop(ack_tx);
    let (lat, parts, span) = acker.join().unwrap();
    m.lat = lat;
    m.parts = parts;
    m.span = span;
    m.fsyncs = ledger.durability().fsyncs() - fsyncs;
    m.longest_fsync = ledger.durability().longest_fsync();
    m
}

fn pct(sorted: &[Duration], q: f64) -> f64 {
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i].as_secs_f64() * 1e3
}

fn report(label: &str, mut m: Measured) {
    m.lat.sort();
    m.taken.sort();
    let stage = |i: usize| {
        let mut d: Vec<Duration> = m.parts.iter().map(|p| p[i]).collect();
        d.sort();
        format!("{:.2}/{:.2}", pct(&d, 0.5), pct(&d, 0.99))
    };
    let stages = format!(
        "stages p50/p99 ms: to a reply thread {}, read and prepared {}, waiting for the writer \
         {}, chained and written {}, fsync {}",
        stage(0),
        stage(1),
        stage(2),
        stage(3),
        stage(4)
    );
    let mean_group = m.groups.iter().sum::<usize>() as f64 / m.groups.len() as f64;
    println!(
        "{label}: n={} p50={:.2} ms p99={:.2} ms max={:.2} ms; {} fsyncs (longest {:.2} ms), {} \
         groups (mean {:.1}, largest {}); arrival to taken by the sealer p50={:.2} ms p99={:.2} ms; arrivals spread \
         over {:.1} ms; {stages}; load average {}",
        m.lat.len(),
        pct(&m.lat, 0.5),
        pct(&m.lat, 0.99),
        pct(&m.lat, 1.0),
        m.fsyncs,
        m.longest_fsync.as_secs_f64() * 1e3,
        m.groups.len(),
        mean_group,
        m.groups.iter().max().unwrap(),
        pct(&m.taken, 0.5),
        pct(&m.taken, 0.99),
        m.span.as_secs_f64() * 1e3,
        load(),
    );
}

/// The 1-minute load average (Linux), so each figure says how busy the machine was.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_owned))
        .unwrap_or_else(|| "unknown".into())
}

/// The floor: one answer-sized line appended and fdatasynced by itself, 50 times, in the
/// same directory as the books (no sealing, no other thread).
fn fsync_floor(line_len: usize) {
    let dir = bench_dir();
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .create(true)
        .open(dir.path().join("floor.jsonl"))
        .unwrap();
    let mut line = vec![b'x'; line_len];
    line.push(b'\n');
    let mut t = Vec::new();
    for _ in 0..50 {
        let start = Instant::now();
        f.write_all(&line).unwrap();
        f.sync_data().unwrap();
        t.push(start.elapsed());
    }
    t.sort();
    println!(
        "bare append of one {line_len}-byte line + fdatasync, 50 times: p50={:.2} ms p99={:.2} \
         ms max={:.2} ms; load average {}",
        pct(&t, 0.5),
        pct(&t, 0.99),
        pct(&t, 1.0),
        load()
    );
}

fn bench_dir() -> tempfile::TempDir {
    // The book on a real disk (not tmpfs, where fsync costs nothing): $SEALBOOK_BENCH_DIR,
    // else the system's temporary directory (on this machine's root disk).
    match std::env::var_os("SEALBOOK_BENCH_DIR") {
        Some(d) => tempfile::tempdir_in(d).unwrap(),
        None => tempfile::tempdir().unwrap(),
    }
}

type Sealer = fn(Receiver<Got>, &mut LedgerFile, usize) -> Measured;

/// The ways of sealing compared, in the order run (the first two twice, alternating, so that a
/// change in the machine's load falls on both), with the most replies one group takes and
/// whether each reply is prepared on receipt (on `ask_all`'s reply threads). When the
/// sealer's thread serializes and seals, the pipelined sealer writes at most 16 at a time, so
/// that the fsync running meanwhile never waits for a long group to be sealed before it can
/// cover its first line; when the lines come prepared, the writer only chains them and takes
/// at most [`MAX_GROUP_LINES`] (what `league run` does), or whatever is waiting.
const SEALERS: [(&str, Sealer, usize, bool); 4] = [
    (
        "pipelined, prepared on receipt, groups capped (now)",
        seal_pipelined,
        MAX_GROUP_LINES,
        true,
    ),
    (
        "pipelined, prepared on receipt, groups uncapped",
        seal_pipelined,
        1024,
        true,
    ),
    ("pipelined, sealed by the writer", seal_pipelined, 16, false),
    (
        "waits for each fsync, sealed by the writer",
        seal_waiting_for_fsync,
        256,
        false,
    ),
];

/// The fake endpoint's answer: a spec-shaped reply after `delay`.
fn endpoint_answer(delay: Duration, body: &[u8]) -> Answer {
    Answer {
        delay,
        ..Answer::json(200, body)
    }
}

#[test]
#[ignore]
fn fourteen_seats_at_once() {
    let body = reply_body();
    let f = fake(move |_, _| endpoint_answer(Duration::from_millis(20), &body));
    for (label, sealer, max_batch, prepare) in SEALERS.iter().chain(&SEALERS[..2]) {
        let dir = bench_dir();
        let (mut ledger, _) = LedgerFile::open(&dir.path().join("council-book.jsonl")).unwrap();
        let mut m = Measured::new();
        for _round in 0..40 {
            let asks: Vec<(Arc<dyn SeatAdapter>, AskRequest)> = (0..14)
                .map(|i| {
                    let mut s = seat(Wire::OpenAi, &f.url, None);
                    s.name = format!("seat{i:02}");
                    (Arc::new(s) as Arc<dyn SeatAdapter>, ask("bench-model"))
                })
                .collect();
            let prepare = *prepare;
            let rx = ask_all(asks, Instant::now() + Duration::from_secs(60), move |r| {
                receive(r, prepare)
            });
            m.extend(sealer(rx, &mut ledger, *max_batch));
        }
        report(&format!("14 seats x 40 runs, {label}"), m);
    }
    fsync_floor(reply_body().len());
}

#[test]
#[ignore]
fn thousand_answers_in_a_burst() {
    let body = reply_body();
    for (label, sealer, max_batch, prepare) in SEALERS.iter().chain(&SEALERS[..2]) {
        // Every request is held until one instant, then all 1,000 replies go out together.
        let release = Instant::now() + Duration::from_secs(4);
        let b2 = body.clone();
        // Served from one event loop: a thread per held request would be a thousand more
        // threads for the seats' loop to wait behind.
        let f = start_async(move |_, _| {
            endpoint_answer(release.saturating_duration_since(Instant::now()), &b2)
        });
        let dir = bench_dir();
        let (mut ledger, _) = LedgerFile::open(&dir.path().join("council-book.jsonl")).unwrap();
        let asks: Vec<(Arc<dyn SeatAdapter>, AskRequest)> = (0..1000)
            .map(|i| {
                let mut s = seat(Wire::OpenAi, &f.url, None);
                s.name = format!("seat{i:04}");
                (Arc::new(s) as Arc<dyn SeatAdapter>, ask("bench-model"))
            })
            .collect();
        let prepare = *prepare;
        let rx = ask_all(asks, Instant::now() + Duration::from_secs(120), move |r| {
            receive(r, prepare)
        });
        let m = sealer(rx, &mut ledger, *max_batch);
        assert_eq!(m.lat.len(), 1000);
        report(&format!("1,000-answer burst, {label}"), m);
    }
    fsync_floor(body.len());
}

/// The floor under the burst figure: sealing and writing 1,000 such answer lines in one
/// group with one fsync, with no network and no other thread.
#[test]
#[ignore]
fn sealing_alone() {
    let body = reply_body();
    let o = sealbook_core::league::wire::Wire::OpenAi.read(&sealbook_core::league::wire::Reply {
        status: 200,
        headers: &[],
        body: &body,
    });
    let reply = SeatReply {
        seat: "seat0000".into(),
        outcome: o,
        status: Some(200),
        raw: body.clone(),
        arrived: Instant::now(),
        attempts: 1,
        earlier: Vec::new(),
        redacted: false,
    };
    let lines: Vec<Object> = (0..1000).map(|_| answer_line(&reply)).collect();
    for round in 0..3 {
        let dir = bench_dir();
        let (mut ledger, _) = LedgerFile::open(&dir.path().join("council-book.jsonl")).unwrap();
        let t = Instant::now();
        let sealed = ledger.append_all(&lines).unwrap();
        let all = t.elapsed();
        let t = Instant::now();
        ledger.append(&lines[0]).unwrap();
        let one = t.elapsed();
        // The split: preparing (any thread) apart from what is left to the writer.
        let dir2 = bench_dir();
        let (mut ledger2, _) = LedgerFile::open(&dir2.path().join("council-book.jsonl")).unwrap();
        let t = Instant::now();
        let prepared: Vec<PreparedLine> = lines
            .iter()
            .map(|l| prepare_line(l).expect("encodable"))
            .collect();
        let prep = t.elapsed();
        let t = Instant::now();
        let chained = ledger2.write_prepared(prepared).unwrap();
        let written = t.elapsed();
        ledger2.durability().wait(chained.len() as u64).unwrap();
        let synced = t.elapsed();
        println!(
            "sealing alone, round {round}: 1,000 lines of {} bytes sealed, written and fsynced in \
             {:.2} ms ({:.1} us/line); one more line with its own fsync {:.2} ms; split: prepared \
             in {:.1} us/line, chained and written by the writer in {:.1} us/line, fsync {:.2} \
             ms; load average {}",
            sealed[0].bytes.len(),
            all.as_secs_f64() * 1e3,
            all.as_secs_f64() * 1e3,
            one.as_secs_f64() * 1e3,
            prep.as_secs_f64() * 1e3,
            written.as_secs_f64() * 1e3,
            (synced - written).as_secs_f64() * 1e3,
            load()
        );
    }
}
