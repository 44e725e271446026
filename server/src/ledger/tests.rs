//! The ledger against real processes: a second writer, a crash by SIGKILL in the middle of
//! appends, torn tails and broken chains. Child processes are this test binary run again with
//! `SEALBOOK_LEDGER_CHILD` naming what to do (see [`child_process`]).

use super::*;
use sealbook_core::book::canon;
use sealbook_core::book::chain::{verify, ChainReport};
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

fn obj(text: &str) -> Object {
    match canon::parse(text.as_bytes()).expect("test content parses") {
        Value::Object(o) => o,
        _ => panic!("not an object"),
    }
}

fn answer(i: u64, text_len: usize) -> Object {
    let mut o = obj(&format!(
        r#"{{"kind": "answer", "seat": "séat-{i}", "at": "2026-10-20T12:31:{:02}Z", "p": {}}}"#,
        i % 60,
        i as f64 / 7.0
    ));
    o.insert(
        "text",
        Value::Str(JsonStr::from("x".repeat(text_len).as_str())),
    );
    o
}

fn chain_ok(bytes: &[u8]) -> ChainReport {
    verify(bytes, VerifyOptions::default())
}

/// A small deterministic generator (splitmix64), so every run kills at the same points.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// This test binary, run again to act as another process on `book`.
fn child(mode: &str, book: &Path) -> Command {
    let mut c = Command::new(std::env::current_exe().expect("test binary path"));
    c.args([
        "--exact",
        "ledger::tests::child_process",
        "--nocapture",
        "--test-threads=1",
    ])
    .env("SEALBOOK_LEDGER_CHILD", mode)
    .env("SEALBOOK_LEDGER_BOOK", book);
    c
}

/// Does nothing in a normal run. As a child (`SEALBOOK_LEDGER_CHILD` set):
/// `open` opens the book and prints `opened N` or `refused: <error>`;
/// `crash` opens it, prints `open N`, then appends in a loop, printing `ack <n> <seal>` after
/// each append returns, until it is killed (bounded: at most 20,000 lines);
/// `crash-group` does the same through the pipelined group commit: this thread writes groups
/// of 1 to 4 lines prepared on another thread with [`LedgerFile::write_prepared`] and goes on,
/// another thread waits for each
/// group's fsync ([`Durability::wait`]) and only then prints its acks (at most 5,000 groups).
/// libtest may print its own text before ours on a line, so the parent looks for the
/// words anywhere in a line.
#[test]
fn child_process() {
    let Some(mode) = std::env::var_os("SEALBOOK_LEDGER_CHILD") else {
        return;
    };
    let book = PathBuf::from(std::env::var_os("SEALBOOK_LEDGER_BOOK").expect("book path"));
    let out = std::io::stdout();
    match mode.to_str() {
        Some("open") => match LedgerFile::open(&book) {
            Ok((l, _)) => println!("opened {}", l.lines()),
            Err(e) => println!("refused: {e}"),
        },
        Some("crash") => {
            let (mut l, _) = LedgerFile::open(&book).expect("child opens the book");
            println!("open {}", l.lines());
            let mut rng = Rng(l.lines() ^ 0x5eed);
            for _ in 0..20_000u64 {
                // Now and then a line of a quarter megabyte, so that a kill can land inside
                // the write itself and leave a torn tail.
                let len = if rng.below(12) == 0 { 256 << 10 } else { 40 };
                let s = l.append(&answer(l.lines() + 1, len)).expect("append");
                let mut o = out.lock();
                writeln!(o, "ack {} {}", s.n, s.seal).unwrap();
                o.flush().unwrap();
            }
        }
        Some("crash-group") => {
            let (mut l, _) = LedgerFile::open(&book).expect("child opens the book");
            println!("open {}", l.lines());
            let durability = l.durability();
            let (tx, rx) = std::sync::mpsc::channel::<Vec<Sealed>>();
            let acker = std::thread::spawn(move || {
                for group in rx {
                    let last = group.last().expect("a group has a line").n;
                    durability.wait(last).expect("durable");
                    let mut o = out.lock();
                    for s in group {
                        writeln!(o, "ack {} {}", s.n, s.seal).unwrap();
                    }
                    o.flush().unwrap();
                }
            });
            // Lines are serialized and sealed on a thread of their own, as the reply pool
            // does in the driver; this thread only chains and writes them.
            let first = l.lines();
            let (prep_tx, prep_rx) = std::sync::mpsc::sync_channel::<Vec<PreparedLine>>(4);
            let preparer = std::thread::spawn(move || {
                let mut rng = Rng(first ^ 0x6a0c);
                let mut next = first;
                for _ in 0..5_000u64 {
                    let k = 1 + rng.below(4);
                    let group = (0..k)
                        .map(|_| {
                            next += 1;
                            let len = if rng.below(12) == 0 { 256 << 10 } else { 40 };
                            prepare_line(&answer(next, len)).expect("encodable")
                        })
                        .collect();
                    if prep_tx.send(group).is_err() {
                        break;
                    }
                }
            });
            for group in prep_rx {
                let sealed = l.write_prepared(group).expect("write");
                if tx.send(sealed).is_err() {
                    break;
                }
            }
            drop(tx);
            acker.join().unwrap();
            preparer.join().unwrap();
        }
        other => panic!("unknown child mode {other:?}"),
    }
}

#[test]
fn append_reopen_resume() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("council-book.jsonl");
    let (mut l, r) = LedgerFile::open(&path).unwrap();
    assert!(r.created);
    assert_eq!(l.path(), path);
    assert_eq!(r.lines, 0);
    assert_eq!(r.set_aside, None);
    let mut expected = Vec::new();
    let mut w = BookWriter::new();
    for i in 1..=3 {
        let s = l.append(&answer(i, 10)).unwrap();
        let want = w.append(&answer(i, 10)).unwrap();
        assert_eq!(s.n, i);
        assert_eq!(
            (&s.seal, &s.link, &s.bytes),
            (&want.seal, &want.link, &want.bytes)
        );
        expected.extend_from_slice(&s.bytes);
        // Durable before it returns: a fresh read of the file already holds the line.
        assert_eq!(std::fs::read(&path).unwrap(), expected);
    }
    drop(l);

    let (mut l, r) = LedgerFile::open(&path).unwrap();
    assert!(!r.created);
    assert_eq!(r.lines, 3);
    assert_eq!(l.last_link(), w.last_link());
    for i in 4..=5 {
        let s = l.append(&answer(i, 10)).unwrap();
        expected.extend_from_slice(&w.append(&answer(i, 10)).unwrap().bytes);
        assert_eq!(s.n, i);
    }
    let s = l
        .append_booked(&answer(6, 1), "booked_at", || "2026-10-20T12:40:00Z".into())
        .unwrap();
    let mut booked = answer(6, 1);
    booked.insert("booked_at", Value::Str("2026-10-20T12:40:00Z".into()));
    expected.extend_from_slice(&w.append(&booked).unwrap().bytes);
    assert_eq!(s.n, 6);
    let bytes = std::fs::read(&path).unwrap();
    assert_eq!(bytes, expected);
    let rep = chain_ok(&bytes);
    assert!(rep.ok && !rep.partial_tail && rep.lines == 6, "{rep:?}");
}

#[test]
fn group_commit_seals_in_order() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("council-book.jsonl");
    let (mut l, _) = LedgerFile::open(&path).unwrap();
    l.append(&answer(1, 3)).unwrap();
    let batch: Vec<Object> = (2..=5).map(|i| answer(i, 3)).collect();
    let sealed = l.append_all(&batch).unwrap();
    assert_eq!(sealed.iter().map(|s| s.n).collect::<Vec<_>>(), [2, 3, 4, 5]);
    assert!(l.append_all(&[]).unwrap().is_empty());
    l.append(&answer(6, 3)).unwrap();
    let mut w = BookWriter::new();
    let want: Vec<u8> = (1..=6)
        .flat_map(|i| w.append(&answer(i, 3)).unwrap().bytes)
        .collect();
    assert_eq!(std::fs::read(&path).unwrap(), want);
    // A content that cannot be sealed (a lone surrogate) writes nothing of its batch.
    let bad = match canon::parse(br#"{"seat": "\ud800"}"#).unwrap() {
        Value::Object(o) => o,
        _ => unreachable!(),
    };
    let err = l.append_all(&[answer(7, 3), bad]).unwrap_err();
    assert!(matches!(err, LedgerError::Encode { .. }), "{err:?}");
    assert_eq!(std::fs::read(&path).unwrap(), want);
    assert_eq!(l.append(&answer(7, 3)).unwrap().n, 7);
}

/// Lines prepared on other threads and written with [`LedgerFile::write_prepared`] make the same
/// book as [`LedgerFile::write_all`] sealing them itself; a content that cannot be sealed fails
/// where it is prepared, and the ledger's error for it names the book.
#[test]
fn prepared_on_other_threads_writes_the_same_book() {
    let dir = tempfile::tempdir().unwrap();
    let contents: Vec<Object> = (1..=40)
        .map(|i| answer(i, (i as usize * 37) % 300))
        .collect();
    let here = dir.path().join("here.jsonl");
    let (mut l, _) = LedgerFile::open(&here).unwrap();
    l.append_all(&contents[..1]).unwrap();
    l.append_all(&contents[1..]).unwrap();
    let apart = dir.path().join("apart.jsonl");
    let (mut l2, _) = LedgerFile::open(&apart).unwrap();
    let prepared: Vec<PreparedLine> = std::thread::scope(|s| {
        let handles: Vec<_> = contents
            .iter()
            .map(|c| s.spawn(move || prepare_line(c).unwrap()))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut prepared = prepared.into_iter();
    let first = l2
        .write_prepared(prepared.by_ref().take(1).collect())
        .unwrap();
    let rest = l2.write_prepared(prepared.collect()).unwrap();
    assert_eq!((first[0].n, rest.len()), (1, 39));
    l2.durability().wait(40).unwrap();
    assert!(l2.write_prepared(Vec::new()).unwrap().is_empty());
    assert_eq!(
        std::fs::read(&here).unwrap(),
        std::fs::read(&apart).unwrap()
    );
    assert_eq!(l2.last_link(), l.last_link());
    let bad = match canon::parse(br#"{"seat": "\ud800"}"#).unwrap() {
        Value::Object(o) => o,
        _ => unreachable!(),
    };
    let err = l2.encode_error(prepare_line(&bad).unwrap_err());
    assert!(
        matches!(&err, LedgerError::Encode { book, .. } if *book == apart),
        "{err:?}"
    );
    assert!(err.to_string().contains("apart.jsonl"), "{err}");
}

#[test]
fn pipelined_group_commit() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("council-book.jsonl");
    let (mut l, _) = LedgerFile::open(&path).unwrap();
    l.append(&answer(1, 3)).unwrap();
    let d = l.durability();
    assert_eq!((d.durable(), d.fsyncs()), (1, 1));
    // Written, not yet durable: nothing says so before an fsync covers it.
    let group: Vec<Object> = (2..=4).map(|i| answer(i, 3)).collect();
    let sealed = l.write_all(&group).unwrap();
    assert_eq!(sealed.iter().map(|s| s.n).collect::<Vec<_>>(), [2, 3, 4]);
    let more = l.write_all(&[answer(5, 3)]).unwrap();
    assert_eq!((d.durable(), d.fsyncs()), (1, 1));
    // A line not written is never waited for (it would never come).
    let err = d.wait(6).unwrap_err();
    assert!(
        matches!(
            err,
            LedgerError::NotWritten {
                n: 6,
                written: 5,
                ..
            }
        ),
        "{err:?}"
    );
    // Waiting for line 3 from another thread starts one fsync, which covers every line
    // written before it began: 4 and 5 too, with no second fsync.
    let d2 = d.clone();
    std::thread::spawn(move || d2.wait(3))
        .join()
        .unwrap()
        .unwrap();
    assert_eq!((d.durable(), d.fsyncs()), (5, 1 + 1));
    l.durability().wait(more[0].n).unwrap();
    assert_eq!(d.fsyncs(), 2);
    // Many waiters at once while lines keep being written: every line ends durable, with at
    // most one fsync per group written.
    let (txs, waiters): (Vec<_>, Vec<_>) = (0..4)
        .map(|_| {
            let d = d.clone();
            let (tx, rx) = std::sync::mpsc::channel::<u64>();
            let waiter = std::thread::spawn(move || {
                for n in rx {
                    d.wait(n).unwrap();
                    assert!(d.durable() >= n);
                }
            });
            (tx, waiter)
        })
        .unzip();
    for i in 6..=45 {
        let n = l.write_all(&[answer(i, 3)]).unwrap()[0].n;
        for tx in &txs {
            tx.send(n).unwrap();
        }
    }
    drop(txs);
    for w in waiters {
        w.join().unwrap();
    }
    l.durability().wait(45).unwrap();
    assert_eq!(d.durable(), 45);
    assert!(d.fsyncs() <= 2 + 40, "{d:?}");
    let mut w = BookWriter::new();
    let want: Vec<u8> = (1..=45)
        .flat_map(|i| w.append(&answer(i, 3)).unwrap().bytes)
        .collect();
    assert_eq!(std::fs::read(&path).unwrap(), want);
    drop(l);
    let (_, r) = LedgerFile::open(&path).unwrap();
    assert_eq!((r.lines, r.set_aside), (45, None));
}

#[test]
fn second_writer_refused_in_this_process() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("council-book.jsonl");
    let (mut l, _) = LedgerFile::open(&path).unwrap();
    l.append(&answer(1, 1)).unwrap();
    let err = LedgerFile::open(&path).unwrap_err();
    assert!(matches!(err, LedgerError::Locked { .. }), "{err:?}");
    assert!(
        err.to_string()
            .contains("another writer holds council-book.jsonl"),
        "{err}"
    );
    drop(l);
    let (l, r) = LedgerFile::open(&path).unwrap();
    assert_eq!((l.lines(), r.lines), (1, 1));
}

#[test]
fn second_writer_refused_in_another_process() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("council-book.jsonl");
    let (mut l, _) = LedgerFile::open(&path).unwrap();
    l.append(&answer(1, 1)).unwrap();
    let before = std::fs::read(&path).unwrap();
    let out = child("open", &path).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("refused: ") && stdout.contains("another writer holds council-book.jsonl"),
        "{stdout}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
    drop(l);
    // The lock goes with its holder: the other process may now open the book.
    let out = child("open", &path).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("opened 1"), "{stdout}");
}

#[test]
fn the_lock_is_on_the_book_itself_and_no_file_removal_sidesteps_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("council-book.jsonl");
    let (mut l, _) = LedgerFile::open(&path).unwrap();
    l.append(&answer(1, 1)).unwrap();
    // No file beside the book stands for the lock; an old one, should it be there, is
    // removed here as an operator might, and the book stays locked.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(names, ["council-book.jsonl"]);
    let _ = std::fs::remove_file(dir.path().join("council-book.jsonl.lock"));
    let before = std::fs::read(&path).unwrap();
    let out = child("open", &path).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("refused: ") && stdout.contains("another writer holds council-book.jsonl"),
        "{stdout}"
    );
    #[cfg(target_os = "linux")]
    assert!(
        stdout.contains(&format!("(pid {})", std::process::id())),
        "{stdout}"
    );
    assert!(
        !stdout.contains("delete") && !stdout.contains("remove"),
        "{stdout}"
    );
    assert_eq!(std::fs::read(&path).unwrap(), before);
}

#[test]
fn a_directory_lock_refuses_a_second_holder_and_waits_a_bounded_time() {
    let dir = tempfile::tempdir().unwrap();
    let held = DirLock::acquire(dir.path(), std::time::Duration::ZERO).unwrap();
    let started = std::time::Instant::now();
    let err = DirLock::acquire(dir.path(), std::time::Duration::from_millis(200)).unwrap_err();
    assert!(started.elapsed() >= std::time::Duration::from_millis(200));
    assert!(matches!(err, DirLockError::Held { .. }), "{err:?}");
    assert!(
        err.to_string().contains("another writer holds the league"),
        "{err}"
    );
    #[cfg(target_os = "linux")]
    assert!(
        err.to_string()
            .contains(&format!("(pid {})", std::process::id())),
        "{err}"
    );
    // Released while another waits: the waiter gets it.
    let waiter = {
        let d = dir.path().to_path_buf();
        std::thread::spawn(move || DirLock::acquire(&d, std::time::Duration::from_secs(30)))
    };
    std::thread::sleep(std::time::Duration::from_millis(100));
    drop(held);
    assert!(waiter.join().unwrap().is_ok());
}

#[test]
fn partial_tail_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("council-book.jsonl");
    let (mut l, _) = LedgerFile::open(&path).unwrap();
    for i in 1..=3 {
        l.append(&answer(i, 5)).unwrap();
    }
    drop(l);
    let sealed = std::fs::read(&path).unwrap();
    let tail = br#"{"at": "2026-10-20T12:31:04Z", "kind": "answer", "n": 4, "p": 0.5714"#;
    let mut torn = sealed.clone();
    torn.extend_from_slice(tail);
    std::fs::write(&path, &torn).unwrap();

    let (mut l, r) = LedgerFile::open(&path).unwrap();
    let side = r.set_aside.expect("the tail is set aside");
    assert_eq!(side.path, dir.path().join("council-book.jsonl.partial-4"));
    assert_eq!(side.bytes, tail.len() as u64);
    assert_eq!(std::fs::read(&side.path).unwrap(), tail);
    assert_eq!(r.lines, 3);
    assert_eq!(
        std::fs::read(&path).unwrap(),
        sealed,
        "sealed lines untouched"
    );
    let s = l.append(&answer(4, 5)).unwrap();
    assert_eq!(s.n, 4);
    drop(l);

    // A second torn write at the same position gets a side file of its own.
    let now = std::fs::read(&path).unwrap();
    let mut torn = sealed.clone();
    torn.extend_from_slice(b"{\"half");
    std::fs::write(&path, &torn).unwrap();
    let (_l, r) = LedgerFile::open(&path).unwrap();
    let side2 = r.set_aside.unwrap();
    assert_eq!(
        side2.path,
        dir.path().join("council-book.jsonl.partial-4.2")
    );
    assert_eq!(
        std::fs::read(&side.path).unwrap(),
        tail,
        "first side file kept"
    );
    assert_eq!(std::fs::read(&path).unwrap(), sealed);
    assert_ne!(now, sealed);
}

#[test]
fn broken_chain_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("council-book.jsonl");
    let (mut l, _) = LedgerFile::open(&path).unwrap();
    for i in 1..=3 {
        l.append(&answer(i, 5)).unwrap();
    }
    drop(l);
    let good = std::fs::read(&path).unwrap();
    // Edit line 2's content: its seal no longer matches.
    let text = String::from_utf8(good.clone()).unwrap();
    let edited = text.replacen("séat-2", "séat-X", 1);
    std::fs::write(&path, edited.as_bytes()).unwrap();
    let err = LedgerFile::open(&path).unwrap_err();
    match &err {
        LedgerError::Broken { line, check, .. } => assert_eq!((*line, *check), (2, "seal")),
        other => panic!("{other:?}"),
    }
    assert!(
        err.to_string().contains("council-book.jsonl:2: field seal"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        edited.as_bytes(),
        "never touched"
    );

    // A deleted line is refused too, and a broken book with a torn tail keeps its tail.
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let mut gap = format!("{}{}", lines[0], lines[2]);
    gap.push_str("{\"torn");
    std::fs::write(&path, &gap).unwrap();
    let err = LedgerFile::open(&path).unwrap_err();
    assert!(
        matches!(err, LedgerError::Broken { line: 2, .. }),
        "{err:?}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), gap);
    assert!(!dir.path().join("council-book.jsonl.partial-3").exists());
}

/// A child that dies with the test, should the test fail first.
struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Kills a writer with SIGKILL at seeded random points, 30 times over one book: every line
/// whose append returned (the child printed `ack`) is in the book with the seal it was told,
/// and after each reopen the book verifies with core's verifier and with the spec's
/// Appendix B step 4 script.
#[test]
fn crash_test_no_acknowledged_line_lost() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("council-book.jsonl");
    let mut rng = Rng(20261020);
    let mut acked: Vec<(u64, String)> = Vec::new();
    let mut set_aside = 0;
    let mut wanted = 0;
    for round in 0..30 {
        // Alternately the one-line append (fsync before it returns) and the pipelined group
        // commit (acknowledged from another thread once the covering fsync has returned).
        let mode = if round % 2 == 0 {
            "crash"
        } else {
            "crash-group"
        };
        let mut c = KillOnDrop(
            child(mode, &path)
                .stdout(Stdio::piped())
                .stderr(Stdio::null())
                .spawn()
                .unwrap(),
        );
        let stdout = c.0.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel::<String>();
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        // Wait until the child holds the book, then let it append for a random while.
        let start_timeout = std::time::Duration::from_secs(60);
        let mut early = Vec::new();
        for _ in 0..100 {
            let line = rx.recv_timeout(start_timeout).expect("child starts");
            if line.contains("open ") {
                break;
            }
            early.push(line);
        }
        // Then a random number of acknowledged appends (0 to 3), then a random while.
        let want_acks = rng.below(4);
        wanted += want_acks;
        let mut seen = 0;
        while seen < want_acks {
            let line = rx.recv_timeout(start_timeout).expect("child appends");
            seen += u64::from(line.contains("ack "));
            early.push(line);
        }
        let wait_us = match rng.below(4) {
            0 => rng.below(500),
            1 => rng.below(5_000),
            _ => rng.below(40_000),
        };
        std::thread::sleep(std::time::Duration::from_micros(wait_us));
        c.0.kill().unwrap(); // SIGKILL
        c.0.wait().unwrap();
        reader.join().unwrap();
        for line in early.into_iter().chain(rx.try_iter()) {
            if let Some(rest) = line.find("ack ").map(|i| &line[i + 4..]) {
                let (n, seal) = rest.split_once(' ').unwrap();
                acked.push((n.parse().unwrap(), seal.to_string()));
            }
        }

        let bytes = std::fs::read(&path).unwrap();
        let before = chain_ok(&bytes);
        assert!(before.ok, "round {round}: {before:?}");
        let (l, r) = LedgerFile::open(&path).unwrap();
        if r.set_aside.is_some() {
            set_aside += 1;
            assert!(before.partial_tail);
        }
        assert_eq!(r.lines, before.lines);
        let bytes = std::fs::read(&path).unwrap();
        let lines: Vec<&[u8]> = bytes.split_inclusive(|&b| b == b'\n').collect();
        for (n, seal) in &acked {
            assert!(*n <= l.lines(), "round {round}: acknowledged line {n} lost");
            let line = canon::parse(&lines[*n as usize - 1][..lines[*n as usize - 1].len() - 1]);
            let Ok(Value::Object(line)) = line else {
                panic!("line {n}")
            };
            assert_eq!(
                line.get("seal"),
                Some(&Value::Str(seal.as_str().into())),
                "round {round}: line {n}"
            );
        }
        drop(l);
        let py = sealbook_tests::python_script("appendix_b_step4.py")
            .current_dir(dir.path())
            .output()
            .unwrap();
        let py_out = String::from_utf8_lossy(&py.stdout);
        assert!(
            py.status.success() && py_out.trim() == format!("chain ok: {} lines", r.lines),
            "round {round}: {py_out} {}",
            String::from_utf8_lossy(&py.stderr)
        );
    }
    assert!(
        wanted > 0 && acked.len() as u64 >= wanted,
        "the children appended ({} of at least {wanted})",
        acked.len()
    );
    eprintln!(
        "crash test: {} acknowledged lines, {set_aside} torn tails set aside",
        acked.len()
    );
}
