//! One storage suite for both backends (spec §6): SQLite in a temporary league directory and
//! a real PostgreSQL server this test starts (initdb in a temporary directory, on 127.0.0.1
//! and a free port, as the `postgres` user when run as root). Without PostgreSQL's binaries the
//! PostgreSQL half is skipped with a loud message, unless `SEALBOOK_REQUIRE_POSTGRES` is set
//! (as CI sets it), which makes the missing server a failure.

use super::store::Store;
use super::{decide_forecast, open_store};
use sealbook_core::calendar::{reference_cut, Date, Instant};
use sealbook_core::experiment::request::ForecastRequest;
use sealbook_core::experiment::rules::MAX_FORECASTS_PER_MARKET;
use sealbook_core::experiment::{
    Direction, Group, OpenSession, Peek, Reader, ReaderId, Stage, Visit,
};
use std::path::Path;

fn open() -> OpenSession {
    let session = Date::parse("2026-12-03").unwrap();
    OpenSession {
        session,
        closes_at: reference_cut(session),
    }
}

fn reader(i: u8, group: Group) -> Reader {
    Reader {
        reader: ReaderId::from_random([i; 16]),
        group,
        created_at: Instant(1_000_000 * i as i64),
        reset: i == 2,
    }
}

fn request(r: &Reader, market: &'static str, stage: Stage) -> ForecastRequest {
    ForecastRequest {
        reader: r.reader.clone(),
        session: open().session,
        market,
        direction: Direction::Down,
        confidence: 85,
        stage,
    }
}

/// The suite, on an empty store.
fn suite(store: &Store) {
    let (a, b) = (reader(1, Group::Seeing), reader(2, Group::Blind));
    for r in [a.clone(), b.clone()] {
        store.run_blocking(move |tx| tx.insert_reader(&r)).unwrap();
    }
    let id = a.reader.clone();
    let got = store.run_blocking(move |tx| tx.reader(&id, true)).unwrap();
    assert_eq!(got, Some(a.clone()));
    let nobody = ReaderId::from_random([9; 16]);
    assert_eq!(
        store
            .run_blocking(move |tx| tx.reader(&nobody, false))
            .unwrap(),
        None
    );
    // A duplicate identifier is refused by the store, and the store keeps working.
    let dup = a.clone();
    assert!(store
        .run_blocking(move |tx| tx.insert_reader(&dup))
        .is_err());

    // The first-forecast rule and the bound on repeats, decided in the store: more concurrent
    // calls than a market keeps; one first, the bound's worth stored, the rest refused.
    let now = Instant(open().closes_at.0 - 60_000_000);
    let refused = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..MAX_FORECASTS_PER_MARKET + 4 {
            s.spawn(|| {
                let req = request(&a, "SPX", Stage::Single);
                let r = store
                    .run_blocking(move |tx| decide_forecast(tx, req, open(), now, 0))
                    .unwrap();
                if let Err(e) = r {
                    assert_eq!((e.status, e.code), (409, "too_many_forecasts"));
                    refused.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
            });
        }
    });
    assert_eq!(refused.into_inner(), 4);
    let id = a.reader.clone();
    let session = open().session;
    let fs = store
        .run_blocking(move |tx| tx.forecasts(&id, session))
        .unwrap();
    assert_eq!(fs.len(), MAX_FORECASTS_PER_MARKET);
    assert_eq!(fs.iter().filter(|f| f.first).count(), 1);
    assert!(fs[0].first, "receipt order");
    assert_eq!(
        (fs[0].direction, fs[0].confidence, fs[0].at),
        (Direction::Down, 85, now)
    );

    // The revision protocol's order and arm, stored.
    let req = request(&b, "GOLD", Stage::Final);
    let r = store
        .run_blocking(move |tx| decide_forecast(tx, req, open(), now, 0))
        .unwrap();
    assert_eq!(r.unwrap_err().code, "bad_stage");
    let req = request(&b, "GOLD", Stage::Private);
    let p = store
        .run_blocking(move |tx| decide_forecast(tx, req, open(), now, 1))
        .unwrap()
        .unwrap();
    let req = request(&b, "GOLD", Stage::Final);
    let f = store
        .run_blocking(move |tx| decide_forecast(tx, req, open(), now, 0))
        .unwrap()
        .unwrap();
    assert_eq!(
        (p.first, f.first, p.arm, f.arm),
        (true, false, p.arm, p.arm)
    );
    assert!(p.arm.is_some());
    let req = ForecastRequest {
        reader: ReaderId::from_random([7; 16]),
        ..request(&b, "SPX", Stage::Single)
    };
    let r = store
        .run_blocking(move |tx| decide_forecast(tx, req, open(), now, 0))
        .unwrap();
    assert_eq!(r.unwrap_err().code, "unknown_reader");

    // Peeks and visits: once per reader and session.
    let pk = Peek {
        reader: b.reader.clone(),
        session,
        at: now,
    };
    let (p1, p2) = (pk.clone(), pk.clone());
    assert!(store.run_blocking(move |tx| tx.insert_peek(&p1)).unwrap());
    assert!(!store.run_blocking(move |tx| tx.insert_peek(&p2)).unwrap());
    let id = b.reader.clone();
    assert!(store
        .run_blocking(move |tx| tx.peeked(&id, session))
        .unwrap());
    let id = a.reader.clone();
    assert!(!store
        .run_blocking(move |tx| tx.peeked(&id, session))
        .unwrap());
    let v = Visit {
        reader: a.reader.clone(),
        session,
        at: now,
    };
    let (v1, v2) = (v.clone(), v.clone());
    assert!(store.run_blocking(move |tx| tx.insert_visit(&v1)).unwrap());
    assert!(!store.run_blocking(move |tx| tx.insert_visit(&v2)).unwrap());

    // Everything back, as stored.
    let all = store.run_blocking(|tx| tx.all()).unwrap();
    assert_eq!(all.readers, vec![a, b]);
    assert_eq!(all.forecasts.len(), MAX_FORECASTS_PER_MARKET + 2);
    assert_eq!(all.forecasts[MAX_FORECASTS_PER_MARKET], p);
    assert_eq!(all.forecasts[MAX_FORECASTS_PER_MARKET + 1], f);
    assert_eq!(all.peeks, vec![pk]);
    assert_eq!(all.visits, vec![v]);
}

#[test]
fn sqlite_backend() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = open_store(dir.path(), None).unwrap();
        assert_eq!(store.backend, "sqlite");
        suite(&store);
    }
    // Reopened: migrations are not applied twice and the records stay.
    let store = open_store(dir.path(), None).unwrap();
    assert_eq!(
        store.run_blocking(|tx| tx.all()).unwrap().forecasts.len(),
        MAX_FORECASTS_PER_MARKET + 2
    );
    let conn = rusqlite::Connection::open(dir.path().join(super::sqlite::FILE)).unwrap();
    let mode: String = conn
        .query_row("PRAGMA journal_mode", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mode, "wal");
}

// The throwaway PostgreSQL server the HTTP tests start too: one copy, in the tests' helpers.
#[path = "../../tests/cli/common/postgres.rs"]
#[allow(dead_code)]
mod pg;
use pg::Pg;

#[test]
fn postgresql_backend() {
    let Some(pg) = Pg::start_or_skip("the PostgreSQL storage suite") else {
        return;
    };
    let unused = Path::new("/nonexistent");
    {
        let store = open_store(unused, Some(&pg.url())).unwrap();
        assert_eq!(store.backend, "postgresql");
        suite(&store);
    }
    let store = open_store(unused, Some(&pg.url())).unwrap();
    assert_eq!(
        store.run_blocking(|tx| tx.all()).unwrap().forecasts.len(),
        MAX_FORECASTS_PER_MARKET + 2
    );
}

#[test]
fn store_errors_name_no_password() {
    let url = "postgres://sb:pa:ss@127.0.0.1:1/postgres";
    assert_eq!(
        super::redact(url, "cannot connect to postgres://sb:pa:ss@127.0.0.1:1"),
        "cannot connect to postgres://sb:***@127.0.0.1:1"
    );
    assert_eq!(super::redact("postgres://sb@h/db", "as is"), "as is");
    let Err(e) = open_store(Path::new("/nonexistent"), Some(url)) else {
        panic!("nothing listens on port 1");
    };
    assert!(!e.0.contains("pa:ss"), "{e}");
    let Err(e) = open_store(Path::new("/nonexistent"), Some("mysql://u:pw@h/db")) else {
        panic!("not a PostgreSQL URL");
    };
    assert!(!e.0.contains("pw@"), "{e}");
}
