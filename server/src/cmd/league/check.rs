//! `sealbook league check DIR [--timeout SECS] [--offline] [--json]`: the league's pre-flight
//! (core's [`sealbook_core::league::preflight`] plans it from `DIR/league.toml`; this module
//! carries it out): one line per seat, price provider, anchoring authority and crowd venue,
//! saying whether every key variable is set, every file resolves (relative paths against
//! `DIR`), every `command` program is found, every model seat's key is accepted by its
//! provider (its model list asked with the key, which spends no tokens; a refusal names the
//! seat, the variable and the provider's message, never the key) and every other endpoint
//! answers a GET within the timeout (each endpoint asked once, all at the same time). Exit 0
//! when every check held, 1 when one failed, 2 when the config is unusable. `league init` runs the same
//! checks against the directory it creates ([`preflight`]).

use crate::http_client::HttpClient;
use crate::league::config::read_config;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::league::config::LeagueConfig;
use sealbook_core::league::preflight::{self, Found, Part, Precondition};
use sealbook_core::league::redact::Secrets;
use sealbook_core::league::wire::Wire;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The default bound of each endpoint's request (seconds).
pub const DEFAULT_TIMEOUT_SECONDS: u64 = 10;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The league directory (made by `sealbook league init`).
    dir: PathBuf,
    /// Seconds each endpoint has to answer (connect, send, answer).
    #[arg(long, value_name = "SECS", default_value_t = DEFAULT_TIMEOUT_SECONDS, value_parser = clap::value_parser!(u64).range(1..=300))]
    timeout: u64,
    /// Skip the endpoints (no network): keys, files and programs only.
    #[arg(long)]
    offline: bool,
}

/// The pre-flight of `config` carried out, relative paths against `base`: each part with what
/// each of its checks found (`None`: a network check skipped with `offline`).
pub struct Preflight {
    pub parts: Vec<Part>,
    pub found: Vec<Vec<Option<Found>>>,
}

impl Preflight {
    pub fn failed(&self) -> bool {
        preflight::failed(&self.found)
    }

    /// One line per part ([`preflight::line`]).
    pub fn lines(&self) -> Vec<String> {
        self.parts
            .iter()
            .zip(&self.found)
            .map(|(p, f)| preflight::line(p, f))
            .collect()
    }

    fn to_json(&self) -> serde_json::Value {
        let parts: Vec<serde_json::Value> = self
            .parts
            .iter()
            .zip(&self.found)
            .map(|(p, found)| {
                let checks: Vec<serde_json::Value> = p
                    .checks
                    .iter()
                    .zip(found)
                    .map(|(c, f)| {
                        let mut v = serde_json::json!({"field": c.field(), "check": kind(c)});
                        match f {
                            None => v["checked"] = false.into(),
                            Some(Ok(seen)) => {
                                v["checked"] = true.into();
                                v["ok"] = true.into();
                                v["found"] = seen.as_str().into();
                            }
                            Some(Err(why)) => {
                                v["checked"] = true.into();
                                v["ok"] = false.into();
                                v["error"] = why.as_str().into();
                            }
                        }
                        v
                    })
                    .collect();
                serde_json::json!({"subject": p.subject.as_str(),
                    "name": preflight::shown_url(&p.name), "kind": p.kind,
                    "ok": !found.iter().any(|f| matches!(f, Some(Err(_)))), "checks": checks})
            })
            .collect();
        serde_json::json!({"ok": !self.failed(), "parts": parts})
    }
}

fn kind(c: &Precondition) -> &'static str {
    match c {
        Precondition::EnvSet { .. } => "env",
        Precondition::File { .. } => "file",
        Precondition::Program { .. } => "program",
        Precondition::Endpoint { .. } => "endpoint",
        Precondition::Key { .. } => "key",
    }
}

/// Carries out the pre-flight of `config`, relative paths against `base` (the directory of
/// the league's `league.toml`); the endpoints are asked at the same time, each within
/// `timeout`, unless `offline`.
pub fn preflight(
    config: &LeagueConfig,
    base: &Path,
    timeout: Duration,
    offline: bool,
) -> Preflight {
    let parts = preflight::plan(config);
    let client = HttpClient::new(timeout);
    let found = std::thread::scope(|s| {
        let handles: Vec<Vec<_>> = parts
            .iter()
            .map(|p| {
                p.checks
                    .iter()
                    .map(|c| match c {
                        Precondition::Endpoint { url, .. } if !offline => {
                            let client = &client;
                            Err(s.spawn(move || endpoint(client, url)))
                        }
                        Precondition::Key { var, wire, url, .. } if !offline => {
                            let client = &client;
                            Err(s.spawn(move || key(client, *wire, var, url)))
                        }
                        Precondition::Endpoint { .. } | Precondition::Key { .. } => Ok(None),
                        c => Ok(Some(local(c, base))),
                    })
                    .collect()
            })
            .collect();
        handles
            .into_iter()
            .map(|checks| {
                checks
                    .into_iter()
                    .map(|h| match h {
                        Ok(f) => f,
                        Err(h) => Some(
                            h.join()
                                .unwrap_or_else(|_| Err("the check panicked".to_string())),
                        ),
                    })
                    .collect()
            })
            .collect()
    });
    Preflight { parts, found }
}

/// A check of this machine: an environment variable, a file, a program.
fn local(c: &Precondition, base: &Path) -> Found {
    match c {
        Precondition::EnvSet { var, .. } => match std::env::var_os(var) {
            None => Err(format!("environment variable {var} is not set")),
            Some(v) if v.to_string_lossy().trim().is_empty() => {
                Err(format!("environment variable {var} is empty"))
            }
            Some(_) => Ok(String::new()),
        },
        Precondition::File { path, .. } => {
            let resolved = base.join(path);
            match std::fs::metadata(&resolved) {
                Ok(m) if m.is_file() => Ok(String::new()),
                Ok(_) => Err(format!("{} is not a regular file", resolved.display())),
                Err(e) => Err(format!(
                    "{}: {e}{}",
                    resolved.display(),
                    if Path::new(path).is_relative() {
                        " (a relative path is read from the league directory, beside its league.toml)"
                    } else {
                        ""
                    }
                )),
            }
        }
        Precondition::Program { program, .. } => {
            find_program(program).map(|p| p.display().to_string())
        }
        Precondition::Endpoint { .. } | Precondition::Key { .. } => Err("not a local check".into()),
    }
}

/// The executable `program` names: a path when it has a `/`, else the first on `PATH`.
fn find_program(program: &str) -> Result<PathBuf, String> {
    if program.contains('/') {
        return if is_executable(Path::new(program)) {
            Ok(PathBuf::from(program))
        } else {
            Err(format!("{program} is not an executable file"))
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .map(|d| d.join(program))
        .find(|p| is_executable(p))
        .ok_or_else(|| format!("{program} is not on PATH"))
}

fn is_executable(p: &Path) -> bool {
    match std::fs::metadata(p) {
        #[cfg(unix)]
        Ok(m) => {
            use std::os::unix::fs::PermissionsExt;
            m.is_file() && m.permissions().mode() & 0o111 != 0
        }
        #[cfg(not(unix))]
        Ok(m) => m.is_file(),
        Err(_) => false,
    }
}

/// One GET of `url` within the client's timeout: any HTTP status is an answer.
fn endpoint(client: &HttpClient, url: &str) -> Found {
    match client.exchange(url, "*/*", None, 0) {
        Ok((status, _)) => Ok(format!("HTTP {status}")),
        Err(e) => {
            let prefix = format!("{url}: ");
            Err(e.strip_prefix(&prefix).unwrap_or(&e).to_string())
        }
    }
}

/// One GET of a model seat's model list `url` with the key in `var` in the provider's header,
/// read by core's [`preflight::key_verdict`]; with `var` not set (its own check fails), the
/// list is asked without a key and any HTTP status is an answer. Nothing returned holds the
/// key.
fn key(client: &HttpClient, wire: Wire, var: &str, url: &str) -> Found {
    let Ok(value) = std::env::var(var) else {
        return endpoint(client, url).map(|seen| format!("{seen}, asked without a key"));
    };
    let value = value.trim();
    if value.is_empty() {
        return endpoint(client, url).map(|seen| format!("{seen}, asked without a key"));
    }
    let secrets = Secrets::new([value]);
    let headers = wire.key_headers(value);
    let headers: Vec<(&str, &str)> = headers.iter().map(|(n, v)| (*n, v.as_str())).collect();
    match client.get_with_headers(
        url,
        "application/json",
        &headers,
        preflight::MAX_KEY_ANSWER_BYTES,
    ) {
        Ok((status, body)) => preflight::key_verdict(wire, var, status, &body, &secrets),
        Err(e) => {
            let prefix = format!("{url}: ");
            Err(secrets.scrubbed(e.strip_prefix(&prefix).unwrap_or(&e)))
        }
    }
}

pub fn run(args: Args, json: bool) -> CmdResult {
    let config = read_config(&args.dir)?;
    let checked = preflight(
        &config,
        &args.dir,
        Duration::from_secs(args.timeout),
        args.offline,
    );
    if json {
        let mut doc = checked.to_json();
        doc["dir"] = args.dir.display().to_string().into();
        println!("{doc}");
    } else {
        for line in checked.lines() {
            println!("{line}");
        }
    }
    Ok(if checked.failed() {
        Exit::Failed
    } else {
        Exit::Ok
    })
}

/// The refusal of `league init` when its pre-flight failed: the failed lines, naming the
/// config file.
pub fn refusal(config_path: &Path, checked: &Preflight) -> Unusable {
    let failed: Vec<String> = checked
        .lines()
        .into_iter()
        .filter(|l| l.starts_with("FAIL"))
        .collect();
    Unusable::file(
        config_path,
        format!(
            "the league's first run would fail, so init creates nothing (fix them, or pass --offline to skip the endpoints):\n  {}",
            failed.join("\n  ")
        ),
    )
}
