//! Helpers shared by the CLI tests: run the built `sealbook`, write the fixture league.
#![allow(dead_code)]

pub mod fake_http;
pub mod fake_rekor;
pub mod fake_rekor_v2;
pub mod fake_tsa;
pub mod fake_yahoo;
#[cfg(target_os = "linux")]
pub mod measured;
pub mod postgres;
pub mod serve;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The `sealbook` binary under test: `$SEALBOOK_BIN` when set (tests/run-all.sh sets it to the
/// release build it has just made from the same sources, which runs the demo-sized tests several
/// times faster), else the debug build cargo made for these tests.
pub fn bin() -> &'static str {
    static BIN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    BIN.get_or_init(|| {
        std::env::var("SEALBOOK_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_sealbook").to_owned())
    })
}

/// The smallest `league.toml` the config reader accepts (one reference seat, CSV prices).
pub const MINIMAL_CONFIG: &str = "[league]\nname = \"l\"\nmethodology_version = \"m-1\"\n[[seat]]\nname = \"coin\"\nadapter = \"coin\"\n[prices]\nprovider = \"csv\"\npath = \"p.csv\"\n";

/// Runs `sealbook` with `args`; returns (exit code, stdout, stderr).
pub fn sealbook<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> (i32, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = Command::new(bin())
        .args(args)
        .output()
        .expect("run sealbook");
    (
        status.code().expect("sealbook exited by a signal"),
        String::from_utf8(stdout).expect("stdout is UTF-8"),
        String::from_utf8(stderr).expect("stderr is UTF-8"),
    )
}

/// Runs `sealbook <args> --json`; returns the exit code and the one JSON line it must print.
pub fn sealbook_json(args: &[&str]) -> (i32, serde_json::Value) {
    let mut a = args.to_vec();
    a.push("--json");
    let (code, out, err) = sealbook(&a);
    assert_eq!(
        out.lines().count(),
        1,
        "sealbook {a:?}: one JSON line expected\nstdout:\n{out}\nstderr:\n{err}"
    );
    (code, serde_json::from_str(&out).unwrap())
}

/// A path as the `&str` argument a command line takes.
pub fn arg(p: &Path) -> &str {
    p.to_str().expect("test paths are UTF-8")
}

/// A temporary directory holding the fixed three-session fixture league
/// (`sealbook_tests::demo_fixture`).
pub fn demo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    sealbook_tests::demo_fixture::write(dir.path()).expect("the fixture league is written");
    dir
}

/// The stamped lists of a demo directory, sorted.
pub fn stamp_lists(dir: &Path) -> Vec<PathBuf> {
    let mut lists = Vec::new();
    for day in std::fs::read_dir(dir.join("proof")).unwrap() {
        for f in std::fs::read_dir(day.unwrap().path()).unwrap() {
            lists.push(f.unwrap().path());
        }
    }
    lists.sort();
    lists
}

/// The lines of a book, each without its LF.
pub fn lines(book: &[u8]) -> Vec<Vec<u8>> {
    book.split(|b| *b == b'\n')
        .filter(|l| !l.is_empty())
        .map(<[u8]>::to_vec)
        .collect()
}

pub fn join(lines: &[Vec<u8>]) -> Vec<u8> {
    lines
        .iter()
        .flat_map(|l| l.iter().copied().chain([b'\n']))
        .collect()
}

/// The twelve markets every league of these tests forecasts, in the order its ask lists them.
pub const MARKETS: [&str; 12] = [
    "SPX", "NDX", "DJI", "SOX", "TNX", "DXY", "VIX", "GOLD", "WTI", "BRENT", "COPPER", "BTC",
];

/// An RFC 3339 time in Unix seconds.
pub fn unix(s: &str) -> i64 {
    sealbook_core::calendar::Instant::parse_rfc3339(s)
        .unwrap()
        .0
        .div_euclid(1_000_000)
}

/// The header of a price CSV with no bar: the prices file the pre-flight of `league init`
/// wants in the league directory before the first run.
pub const EMPTY_PRICES: &str = "symbol,time,open,high,low,close,volume\n";

/// How a test runs `sealbook league init DIR --config CONFIG`: the files put in DIR first, the
/// options after the config, and the command's environment and time limit. `Default` is a
/// bare `league init DIR --config CONFIG` into a directory the command makes itself.
#[derive(Clone, Copy, Debug, Default)]
pub struct LeagueInit<'a> {
    /// `--at`: the time of the declaration, RFC 3339 (else the clock's).
    pub at: Option<&'a str>,
    /// `--offline`: the pre-flight asks no endpoint.
    pub offline: bool,
    /// Files (name, contents) written into DIR, made first, before the command runs: the
    /// prices file and the keys the config names, which the pre-flight wants there.
    pub files: &'a [(&'a str, &'a str)],
    /// Further arguments after the others (`--json`, `--history H`, `--timeout S`).
    pub args: &'a [&'a str],
    /// Environment variables set for the command (the seats' API keys).
    pub env: &'a [(&'a str, &'a str)],
    /// Environment variables taken away from the command (before [`Self::env`] is set), so a
    /// key the test's own environment happens to hold is not seen.
    pub env_remove: &'a [&'a str],
    /// Kill the command and fail the test when it runs longer (an authority that never
    /// answers must not hang `league init`).
    pub limit: Option<std::time::Duration>,
}

/// Runs `sealbook league init DIR --config CONFIG` as `how` says; returns (exit code, stdout,
/// stderr). Every CLI test that makes a league makes it here.
pub fn init_league(dir: &Path, config: &Path, how: &LeagueInit) -> (i32, String, String) {
    if !how.files.is_empty() {
        std::fs::create_dir_all(dir).expect("make the league directory");
        for (name, text) in how.files {
            std::fs::write(dir.join(name), text).expect("write a file into the league");
        }
    }
    let mut args = vec!["league", "init", arg(dir), "--config", arg(config)];
    if let Some(at) = how.at {
        args.extend(["--at", at]);
    }
    if how.offline {
        args.push("--offline");
    }
    args.extend_from_slice(how.args);
    let mut c = Command::new(bin());
    c.args(&args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    for k in how.env_remove {
        c.env_remove(k);
    }
    c.envs(how.env.iter().copied());
    let mut child = c.spawn().expect("run sealbook");
    if let Some(limit) = how.limit {
        let started = std::time::Instant::now();
        while child.try_wait().expect("wait for sealbook").is_none() {
            if started.elapsed() > limit {
                let _ = child.kill();
                let _ = child.wait();
                panic!("sealbook {args:?} did not finish within {limit:?}");
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
    }
    let Output {
        status,
        stdout,
        stderr,
    } = child.wait_with_output().expect("wait for sealbook");
    (
        status.code().expect("sealbook exited by a signal"),
        String::from_utf8(stdout).expect("stdout is UTF-8"),
        String::from_utf8(stderr).expect("stderr is UTF-8"),
    )
}
