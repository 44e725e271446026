//! Receipt-to-durable-seal latency (spec §3.13 requirement 12; BENCHMARKS.md): from the
//! instant a seat's reply body is complete to the instant its answer line is written and
//! fsynced by the ledger, with 14 seats answering at once and with 1,000 answers in one burst
//! from a fake endpoint on 127.0.0.1. Ignored in normal runs (it times things; tests never
//! assert times). Run:
//!
//! ```sh
//! cargo test --release -p sealbook-server --bin sealbook seats::bench -- --ignored --nocapture --test-threads=1
//! ```

use super::tests::{answer, ask, fake, seat, Answer};
use super::*;
use crate::ledger::Ledger;
use sealbook_core::book::canon::{Object, Value};
use sealbook_core::league::wire::Wire;
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
/// the reply; times fixed, since only the cost of sealing is measured).
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
    o.insert("own_sha256", s(&r.own_sha256()));
    o.insert("text", s(r.outcome.text.as_deref().unwrap_or("")));
    o
}

/// Seals replies as they come, each group of replies already waiting sealed with one fsync
/// (at most `max_batch`); returns each reply's receipt-to-seal time and the batch sizes.
fn seal_as_they_come(
    rx: Receiver<SeatReply>,
    ledger: &mut Ledger,
    max_batch: usize,
) -> (Vec<Duration>, Vec<usize>, Vec<Duration>) {
    let mut lat = Vec::new();
    let mut batches = Vec::new();
    let mut queued = Vec::new();
    while let Ok(first) = rx.recv() {
        let taken = Instant::now();
        queued.push(taken.duration_since(first.arrived));
        let mut batch = vec![first];
        while batch.len() < max_batch {
            match rx.try_recv() {
                Ok(r) => batch.push(r),
                Err(_) => break,
            }
        }
        let lines: Vec<Object> = batch.iter().map(answer_line).collect();
        ledger.append_all(&lines).expect("sealed");
        let done = Instant::now();
        lat.extend(batch.iter().map(|r| done.duration_since(r.arrived)));
        batches.push(batch.len());
    }
    (lat, batches, queued)
}

fn pct(sorted: &[Duration], q: f64) -> f64 {
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i].as_secs_f64() * 1e3
}

fn report(label: &str, mut lat: Vec<Duration>, batches: &[usize], mut queued: Vec<Duration>) {
    lat.sort();
    queued.sort();
    let mean_batch = batches.iter().sum::<usize>() as f64 / batches.len() as f64;
    println!(
        "{label}: n={} p50={:.2} ms p99={:.2} ms max={:.2} ms; {} fsyncs, mean batch {:.1}, \
         largest {}; wait for the sealer thread (first of each batch) p50={:.2} ms max={:.2} ms",
        lat.len(),
        pct(&lat, 0.5),
        pct(&lat, 0.99),
        pct(&lat, 1.0),
        batches.len(),
        mean_batch,
        batches.iter().max().unwrap(),
        pct(&queued, 0.5),
        pct(&queued, 1.0),
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

#[test]
#[ignore]
fn fourteen_seats_at_once() {
    let body = reply_body();
    let f = fake(move |_, _| Answer {
        delay: Duration::from_millis(20),
        ..answer(200, &body)
    });
    for (label, max_batch) in [
        ("14 seats, group commit", 64),
        ("14 seats, one fsync per line", 1),
    ] {
        let dir = bench_dir();
        let (mut ledger, _) = Ledger::open(&dir.path().join("council-book.jsonl")).unwrap();
        let mut lat = Vec::new();
        let mut batches = Vec::new();
        let mut queued = Vec::new();
        for _round in 0..40 {
            let asks: Vec<(Arc<dyn SeatAdapter>, AskRequest)> = (0..14)
                .map(|i| {
                    let mut s = seat(Wire::OpenAi, &f.url, None);
                    s.name = format!("seat{i:02}");
                    (Arc::new(s) as Arc<dyn SeatAdapter>, ask("bench-model"))
                })
                .collect();
            let rx = ask_all(asks, Instant::now() + Duration::from_secs(60));
            let (l, b, q) = seal_as_they_come(rx, &mut ledger, max_batch);
            lat.extend(l);
            batches.extend(b);
            queued.extend(q);
        }
        report(label, lat, &batches, queued);
    }
}

#[test]
#[ignore]
fn thousand_answers_in_a_burst() {
    let body = reply_body();
    for (label, max_batch) in [
        ("1,000-answer burst, group commit", 256),
        ("1,000-answer burst, one fsync per line", 1),
    ] {
        // Every request is held until one instant, then all 1,000 replies go out together.
        let release = Instant::now() + Duration::from_secs(4);
        let b2 = body.clone();
        let f = fake(move |_, _| Answer {
            delay: release.saturating_duration_since(Instant::now()),
            ..answer(200, &b2)
        });
        let dir = bench_dir();
        let (mut ledger, _) = Ledger::open(&dir.path().join("council-book.jsonl")).unwrap();
        let asks: Vec<(Arc<dyn SeatAdapter>, AskRequest)> = (0..1000)
            .map(|i| {
                let mut s = seat(Wire::OpenAi, &f.url, None);
                s.name = format!("seat{i:04}");
                (Arc::new(s) as Arc<dyn SeatAdapter>, ask("bench-model"))
            })
            .collect();
        let rx = ask_all(asks, Instant::now() + Duration::from_secs(120));
        let (lat, batches, queued) = seal_as_they_come(rx, &mut ledger, max_batch);
        assert_eq!(lat.len(), 1000);
        report(label, lat, &batches, queued);
    }
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
    };
    let lines: Vec<Object> = (0..1000).map(|_| answer_line(&reply)).collect();
    for round in 0..3 {
        let dir = bench_dir();
        let (mut ledger, _) = Ledger::open(&dir.path().join("council-book.jsonl")).unwrap();
        let t = Instant::now();
        let sealed = ledger.append_all(&lines).unwrap();
        let all = t.elapsed();
        let t = Instant::now();
        ledger.append(&lines[0]).unwrap();
        let one = t.elapsed();
        println!(
            "sealing alone, round {round}: 1,000 lines of {} bytes sealed, written and fsynced in \
             {:.2} ms ({:.1} us/line); one more line with its own fsync {:.2} ms",
            sealed[0].bytes.len(),
            all.as_secs_f64() * 1e3,
            all.as_secs_f64() * 1e3,
            one.as_secs_f64() * 1e3
        );
    }
}
