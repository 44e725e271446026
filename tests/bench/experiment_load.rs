//! A bounded load test of the reader experiment's API (spec §6; BENCHMARKS.md): `--readers N`
//! new readers, each sending 12 forecasts (one per market), over `--threads T` kept-alive
//! connections to a running `sealbook serve --experiment` on 127.0.0.1. Prints one JSON
//! object: forecasts acknowledged (201), other answers, connection failures, seconds,
//! acknowledged per second and the p50/p99 latency of the forecast requests. With `--acks FILE`
//! every acknowledged forecast's reader and market is written there as it arrives (the kill
//! test compares that list with what the store holds after a SIGKILL).
//!
//! `experiment-load --addr 127.0.0.1:PORT --session 2026-12-03 [--readers 10000] [--threads 32]`

#![forbid(unsafe_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const MARKETS: [&str; 12] = [
    "SPX", "NDX", "DJI", "SOX", "TNX", "DXY", "VIX", "GOLD", "WTI", "BRENT", "COPPER", "BTC",
];

struct Conn {
    r: BufReader<TcpStream>,
    w: TcpStream,
}

impl Conn {
    fn open(addr: &str) -> std::io::Result<Conn> {
        let s = TcpStream::connect(addr)?;
        s.set_nodelay(true)?;
        s.set_read_timeout(Some(Duration::from_secs(30)))?;
        Ok(Conn {
            r: BufReader::new(s.try_clone()?),
            w: s,
        })
    }

    /// One request on the kept-alive connection: the status and the body.
    fn post(&mut self, path: &str, body: &str) -> std::io::Result<(u16, String)> {
        write!(
            self.w,
            "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )?;
        let mut line = String::new();
        if self.r.read_line(&mut line)? == 0 {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        let status = line.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
        let mut len = 0usize;
        loop {
            line.clear();
            if self.r.read_line(&mut line)? == 0 {
                return Err(std::io::ErrorKind::UnexpectedEof.into());
            }
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if let Some((k, v)) = l.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    len = v.trim().parse().unwrap_or(0);
                }
            }
        }
        let mut buf = vec![0u8; len.min(1 << 20)];
        self.r.read_exact(&mut buf)?;
        Ok((status, String::from_utf8_lossy(&buf).into_owned()))
    }
}

fn arg(name: &str) -> Option<String> {
    let a: Vec<String> = std::env::args().collect();
    a.iter()
        .position(|x| x == name)
        .and_then(|i| a.get(i + 1).cloned())
}

fn main() {
    let addr = arg("--addr").expect("--addr HOST:PORT");
    let session = arg("--session").expect("--session YYYY-MM-DD");
    let readers: usize = arg("--readers").map_or(10_000, |v| v.parse().unwrap());
    let threads: usize = arg("--threads").map_or(32, |v| v.parse().unwrap());
    let acks = arg("--acks").map(|p| Arc::new(Mutex::new(std::fs::File::create(p).unwrap())));
    let next = Arc::new(AtomicUsize::new(0));
    let start = Instant::now();
    let handles: Vec<_> = (0..threads)
        .map(|_| {
            let (addr, session, next, acks) = (addr.clone(), session.clone(), next.clone(), acks.clone());
            std::thread::spawn(move || {
                let (mut ok, mut other, mut failed, mut lat) = (0usize, 0usize, 0usize, Vec::new());
                let Ok(mut c) = Conn::open(&addr) else {
                    return (ok, other, 1, lat);
                };
                'readers: while next.fetch_add(1, Ordering::Relaxed) < readers {
                    let Ok((201, body)) = c.post("/api/experiment/reader", "{}") else {
                        failed += 1;
                        break;
                    };
                    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
                    let id = v["reader"].as_str().unwrap().to_string();
                    for (i, m) in MARKETS.iter().enumerate() {
                        let body = format!(
                            r#"{{"reader":"{id}","session":"{session}","market":"{m}","direction":"{}","confidence":{}}}"#,
                            if i % 2 == 0 { "up" } else { "down" },
                            55 + (i * 7) % 41
                        );
                        let t = Instant::now();
                        match c.post("/api/experiment/forecast", &body) {
                            Ok((201, _)) => {
                                lat.push(t.elapsed());
                                ok += 1;
                                if let Some(a) = &acks {
                                    let _ = writeln!(a.lock().unwrap(), "{id} {m}");
                                }
                            }
                            Ok(_) => other += 1,
                            Err(_) => {
                                failed += 1;
                                break 'readers;
                            }
                        }
                    }
                }
                (ok, other, failed, lat)
            })
        })
        .collect();
    let (mut ok, mut other, mut failed, mut lat) = (0, 0, 0, Vec::new());
    for h in handles {
        let (a, b, c, d) = h.join().unwrap();
        ok += a;
        other += b;
        failed += c;
        lat.extend(d);
    }
    let secs = start.elapsed().as_secs_f64();
    lat.sort();
    let q = |p: f64| {
        lat.get(((lat.len() as f64 * p) as usize).min(lat.len().saturating_sub(1)))
            .map(|d| d.as_secs_f64() * 1000.0)
    };
    println!(
        "{}",
        serde_json::json!({"acknowledged": ok, "other": other, "failed_connections": failed,
            "secs": secs, "per_sec": ok as f64 / secs, "p50_ms": q(0.5), "p99_ms": q(0.99),
            "readers": readers, "threads": threads})
    );
}
