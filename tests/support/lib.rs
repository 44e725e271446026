//! The one place for what the tests share: where the peers and the vectors are, how to run the
//! CLI, and the generators and fixtures the test files, the benchmarks and the fuzz seeds use.
//!
//! - [`rng`], [`json_text`], [`book_gen`], [`tmp`]: the seeded generator, generated JSON texts
//!   and book lines, temporary directories
//! - [`ots_fixtures`]: the OpenTimestamps vector files, headers and generated proofs
//! - [`tsp_pki`]: a local test PKI and `openssl ts -reply` timestamp authority
//! - [`crowd_peer`]: the crowd comparison's Python peer and its comparison
//! - [`demo_fixture`]: a fixed three-session league written by core's line builders
//! - [`fake_http`]: the fake HTTP server on 127.0.0.1 (model endpoints, calendars, authorities)
//! - [`experiment_gen`]: generated reader-experiment datasets

#![forbid(unsafe_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository root.
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// `../shared/vectors`, the read-only third-party test vectors beside the clone.
pub fn vectors_dir() -> PathBuf {
    let d = repo_root().join("../shared/vectors");
    assert!(
        d.is_dir(),
        "third-party vectors not found at {} (CI lays shared/ beside the clone)",
        d.display()
    );
    d
}

/// The Python interpreter with the peers installed: `$SEALBOOK_PYTHON`, else the repo's
/// `.venv` (made by `tests/setup.sh`), else `python3`.
pub fn python() -> PathBuf {
    if let Some(p) = std::env::var_os("SEALBOOK_PYTHON") {
        return p.into();
    }
    let venv = repo_root().join(".venv/bin/python");
    if venv.exists() {
        venv
    } else {
        "python3".into()
    }
}

/// A `Command` running `tests/py/<script>` with the peer interpreter.
pub fn python_script(script: &str) -> Command {
    let mut c = Command::new(python());
    c.arg("-I").arg(repo_root().join("tests/py").join(script));
    c
}

/// A `Command` running `python -I -c <code>` with the peer interpreter.
pub fn python_inline(code: &str) -> Command {
    let mut c = Command::new(python());
    c.arg("-I").arg("-c").arg(code);
    c
}

/// Runs a peer to completion with `stdin` written to it (from a thread of its own, so a peer
/// that answers while it reads cannot deadlock on a full pipe) and returns its standard output.
/// A peer that cannot start or exits non-zero fails the test, naming `what` and the peer's
/// standard error.
pub fn peer_output(mut peer: Command, stdin: &[u8], what: &str) -> Vec<u8> {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = peer
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| {
            panic!(
                "{what}: cannot start {} (set SEALBOOK_PYTHON to a venv made by tests/setup.sh): {e}",
                python().display()
            )
        });
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.to_vec();
    let writer = std::thread::spawn(move || pipe.write_all(&input));
    let out = child.wait_with_output().expect("wait for the peer");
    writer
        .join()
        .expect("the writer thread")
        .unwrap_or_else(|e| panic!("{what}: writing to the peer: {e}"));
    assert!(
        out.status.success(),
        "{what} failed ({}): {}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// A `Command` running the `sealbook` CLI: `$SEALBOOK_BIN` when set (tests/run-all.sh sets
/// the release build), else `cargo run -p sealbook-server --bin sealbook --`.
pub fn sealbook_cli() -> Command {
    match std::env::var_os("SEALBOOK_BIN") {
        Some(bin) => Command::new(bin),
        None => {
            let mut c = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
            // By manifest path, not working directory, so callers may set their own.
            c.arg("run")
                .arg("--manifest-path")
                .arg(repo_root().join("Cargo.toml"))
                .args(["-q", "-p", "sealbook-server", "--bin", "sealbook", "--"]);
            c
        }
    }
}

/// The stats document `sealbook score --forecasts CSV --clim CLIM --json` prints; the command
/// must succeed.
pub fn score_json(csv: &Path, clim: &Path) -> serde_json::Value {
    let out = sealbook_cli()
        .arg("score")
        .arg("--forecasts")
        .arg(csv)
        .arg("--clim")
        .arg(clim)
        .arg("--json")
        .output()
        .expect("run sealbook score");
    assert!(
        out.status.success(),
        "sealbook score --forecasts {} ({}): {}",
        csv.display(),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("sealbook score --json prints JSON")
}

/// What the numpy season peer `tests/py/score_peer.py ARGS` prints, as JSON; the peer must
/// succeed.
pub fn score_peer_json<S: AsRef<std::ffi::OsStr>>(args: &[S]) -> serde_json::Value {
    let mut peer = python_script("score_peer.py");
    peer.args(args);
    serde_json::from_slice(&peer_output(peer, b"", "score_peer.py"))
        .expect("score_peer.py prints JSON")
}

/// Writes the engine-made DEMO league into `dir` (`sealbook demo --out DIR`), panicking with
/// the CLI's stderr if it fails.
pub fn write_demo(dir: &Path) {
    let out = sealbook_cli()
        .arg("demo")
        .arg("--out")
        .arg(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "sealbook demo: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

pub mod book_gen;
pub mod crowd_peer;
pub mod demo_fixture;
pub mod experiment_gen;
pub mod fake_http;
pub mod json_text;
pub mod llm_vectors;
pub mod ots_fixtures;
pub mod rng;
pub mod tmp;
pub mod tsp_pki;
