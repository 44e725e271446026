//! The pre-flight of a league (spec §3.1: a run asks every seat of the roster at its time,
//! with the prices of §3.3 and the anchors of §3.2): from the league's configuration, the
//! plan of what must hold for its first run, one [`Part`] per seat, price provider, anchoring
//! authority and crowd venue, each with its [`Check`]s. `sealbook league check DIR` and
//! `league init` carry the plan out (the server reads the environment, the files and the
//! network) and hand each check's [`Found`] back to [`line`] and [`failed`] here, which say
//! what is printed and whether the pre-flight failed.
//!
//! What is checked: every `api_key_env` is set (its value is never read into the report),
//! every file the config names resolves (a relative path against the directory of the
//! league's `league.toml`, where `league init` keeps its copy), every `command` seat's
//! program is found, and every endpoint answers a bounded GET with any HTTP status (no key
//! is sent: the check is that something answers there, not that a key is accepted).

use super::config::{Adapter, LeagueConfig, PriceProvider};

/// What a part of the configuration is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subject {
    Seat,
    Prices,
    Authority,
    Crowd,
}

impl Subject {
    pub fn as_str(self) -> &'static str {
        match self {
            Subject::Seat => "seat",
            Subject::Prices => "prices",
            Subject::Authority => "authority",
            Subject::Crowd => "crowd",
        }
    }
}

/// One thing that must hold for a part to work.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// The environment variable `var` (named by the config's `field`) is set and not blank.
    EnvSet { field: String, var: String },
    /// The file at `path`, as written in the config (relative: to the directory of the
    /// league's `league.toml`), exists and is a regular file.
    File { field: String, path: String },
    /// The program a `command` seat starts: a path (with a `/`) that is an executable file,
    /// or a name found on `PATH`.
    Program { field: String, program: String },
    /// Something answers an HTTP GET of `url` (any status) within the check's timeout.
    Endpoint { field: String, url: String },
}

impl Check {
    /// The config field the check is about (`seat[0].api_key_env`, `prices.path`).
    pub fn field(&self) -> &str {
        match self {
            Check::EnvSet { field, .. }
            | Check::File { field, .. }
            | Check::Program { field, .. }
            | Check::Endpoint { field, .. } => field,
        }
    }

    /// Whether carrying it out needs the network.
    pub fn is_network(&self) -> bool {
        matches!(self, Check::Endpoint { .. })
    }

    /// What is checked, in words (`ALPHA_KEY set`, `http://... answers`).
    fn what(&self) -> String {
        match self {
            Check::EnvSet { var, .. } => format!("{var} set"),
            Check::File { path, .. } => format!("{path} readable"),
            Check::Program { program, .. } => format!("{program} found"),
            Check::Endpoint { url, .. } => format!("{} answers", shown_url(url)),
        }
    }
}

/// One seat, provider, authority or venue and what must hold for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    pub subject: Subject,
    /// The seat's name, the provider's kind, the authority's URL or name, the venue.
    pub name: String,
    /// The adapter, provider, or kind of authority (`ots`, `tsa`, `rekor`).
    pub kind: String,
    pub checks: Vec<Check>,
}

/// What carrying a check out found: held (with what was seen, e.g. `HTTP 404`), or failed
/// with the reason. Neither ever holds a secret's value.
pub type Found = Result<String, String>;

/// The pre-flight of `config`: every part with its checks, in the config's order (seats,
/// prices, authorities, crowd venues).
pub fn plan(config: &LeagueConfig) -> Vec<Part> {
    let mut parts = Vec::new();
    for (i, seat) in config.seats.iter().enumerate() {
        let f = |k: &str| format!("seat[{i}].{k}");
        let mut checks = Vec::new();
        match &seat.adapter {
            Adapter::OpenAi {
                base_url,
                api_key_env,
                ..
            }
            | Adapter::Anthropic {
                base_url,
                api_key_env,
                ..
            }
            | Adapter::Gemini {
                base_url,
                api_key_env,
                ..
            } => {
                if let Some(var) = api_key_env {
                    checks.push(Check::EnvSet {
                        field: f("api_key_env"),
                        var: var.clone(),
                    });
                }
                checks.push(Check::Endpoint {
                    field: f("base_url"),
                    url: base_url.clone(),
                });
            }
            Adapter::Command { command, .. } => {
                if let Some(program) = command.first() {
                    checks.push(Check::Program {
                        field: f("command"),
                        program: program.clone(),
                    });
                }
            }
            Adapter::Coin | Adapter::Climatology | Adapter::Momentum => {}
        }
        parts.push(Part {
            subject: Subject::Seat,
            name: seat.name.clone(),
            kind: seat.adapter.name().to_string(),
            checks,
        });
    }
    let (kind, check) = match &config.prices.provider {
        PriceProvider::Csv { path } => (
            "csv",
            Check::File {
                field: "prices.path".into(),
                path: path.clone(),
            },
        ),
        PriceProvider::Yahoo { base_url } => (
            "yahoo",
            Check::Endpoint {
                field: "prices.base_url".into(),
                url: base_url.clone(),
            },
        ),
    };
    parts.push(Part {
        subject: Subject::Prices,
        name: kind.into(),
        kind: kind.into(),
        checks: vec![check],
    });
    let a = &config.anchors;
    for (i, url) in a.ots_calendars.iter().enumerate() {
        parts.push(authority(
            url,
            "ots",
            vec![Check::Endpoint {
                field: format!("anchors.ots_calendars[{i}]"),
                url: url.clone(),
            }],
        ));
    }
    for (i, t) in a.tsa.iter().enumerate() {
        parts.push(authority(
            &t.name,
            "tsa",
            vec![Check::Endpoint {
                field: format!("anchors.tsa[{i}]"),
                url: t.url.clone(),
            }],
        ));
    }
    if let Some(url) = &a.rekor_url {
        let mut checks = vec![Check::Endpoint {
            field: "anchors.rekor_url".into(),
            url: url.clone(),
        }];
        for (field, path) in [
            ("anchors.rekor_key", &a.rekor_key),
            ("anchors.rekor_log_key", &a.rekor_log_key),
        ] {
            if let Some(path) = path {
                checks.push(Check::File {
                    field: field.into(),
                    path: path.clone(),
                });
            }
        }
        parts.push(authority(url, "rekor", checks));
    }
    for (venue, source) in [
        ("polymarket", &config.crowd.polymarket),
        ("kalshi", &config.crowd.kalshi),
    ] {
        let Some(source) = source else { continue };
        let mut checks = vec![Check::Endpoint {
            field: format!("crowd.{venue}.base_url"),
            url: source.base_url.clone(),
        }];
        if let Some(url) = &source.book_url {
            checks.push(Check::Endpoint {
                field: format!("crowd.{venue}.clob_url"),
                url: url.clone(),
            });
        }
        parts.push(Part {
            subject: Subject::Crowd,
            name: venue.into(),
            kind: venue.into(),
            checks,
        });
    }
    parts
}

fn authority(name: &str, kind: &str, checks: Vec<Check>) -> Part {
    Part {
        subject: Subject::Authority,
        name: name.into(),
        kind: kind.into(),
        checks,
    }
}

/// `url` as printed: without a user or password it may carry (`https://user:pw@host/` is
/// shown as `https://***@host/`).
pub fn shown_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    match rest[..authority_end].rfind('@') {
        Some(at) => format!("{scheme}://***{}", &rest[at..]),
        None => url.to_string(),
    }
}

/// Whether any check of the pre-flight failed (`found` holds each part's results in the
/// order of its checks; `None`: not carried out).
pub fn failed(found: &[Vec<Option<Found>>]) -> bool {
    found.iter().flatten().any(|f| matches!(f, Some(Err(_))))
}

/// The pre-flight's line for `part`: `ok` or `FAIL`, the part, then each check and what it
/// found; a check not carried out (`None`, e.g. the network checks skipped) says so.
pub fn line(part: &Part, found: &[Option<Found>]) -> String {
    let bad = found.iter().any(|f| matches!(f, Some(Err(_))));
    let mut out = format!(
        "{} {} {} ({})",
        if bad { "FAIL" } else { "ok  " },
        part.subject.as_str(),
        shown_url(&part.name),
        part.kind
    );
    if part.checks.is_empty() {
        out.push_str(": answered by sealbook itself, nothing to check");
        return out;
    }
    let words: Vec<String> = part
        .checks
        .iter()
        .zip(found)
        .map(|(c, f)| match f {
            Some(Ok(seen)) if seen.is_empty() => c.what(),
            Some(Ok(seen)) => format!("{} ({seen})", c.what()),
            Some(Err(why)) => format!("{}: {why} [{}]", c.what(), c.field()),
            None => format!("{}: not checked", c.what()),
        })
        .collect();
    out.push_str(": ");
    out.push_str(&words.join("; "));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const CONFIG: &str = r#"
[league]
name = "l"
methodology_version = "m-1"

[[seat]]
name = "alpha"
adapter = "openai"
base_url = "http://127.0.0.1:9/v1"
model = "m"
api_key_env = "ALPHA_KEY"

[[seat]]
name = "script"
adapter = "command"
command = ["./answer.sh", "--fast"]

[[seat]]
name = "coin"
adapter = "coin"

[prices]
provider = "csv"
path = "prices.csv"

[anchors]
ots_calendars = ["http://127.0.0.1:10"]
tsa = [{ name = "local", url = "http://127.0.0.1:11/tsr" }]
rekor_url = "http://127.0.0.1:12"
rekor_key = "keys/rekor.pem"
"#;

    fn config() -> LeagueConfig {
        LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap()
    }

    #[test]
    fn the_plan_names_every_seat_provider_and_authority_with_its_checks() {
        let parts = plan(&config());
        let names: Vec<_> = parts
            .iter()
            .map(|p| (p.subject, p.name.as_str(), p.kind.as_str(), p.checks.len()))
            .collect();
        assert_eq!(
            names,
            [
                (Subject::Seat, "alpha", "openai", 2),
                (Subject::Seat, "script", "command", 1),
                (Subject::Seat, "coin", "coin", 0),
                (Subject::Prices, "csv", "csv", 1),
                (Subject::Authority, "http://127.0.0.1:10", "ots", 1),
                (Subject::Authority, "local", "tsa", 1),
                (Subject::Authority, "http://127.0.0.1:12", "rekor", 2),
            ]
        );
        assert_eq!(
            parts[0].checks,
            [
                Check::EnvSet {
                    field: "seat[0].api_key_env".into(),
                    var: "ALPHA_KEY".into()
                },
                Check::Endpoint {
                    field: "seat[0].base_url".into(),
                    url: "http://127.0.0.1:9/v1".into()
                }
            ]
        );
        assert_eq!(
            parts[1].checks,
            [Check::Program {
                field: "seat[1].command".into(),
                program: "./answer.sh".into()
            }]
        );
        assert_eq!(
            parts[3].checks,
            [Check::File {
                field: "prices.path".into(),
                path: "prices.csv".into()
            }]
        );
        assert_eq!(
            parts[6].checks[1],
            Check::File {
                field: "anchors.rekor_key".into(),
                path: "keys/rekor.pem".into()
            }
        );
    }

    #[test]
    fn a_line_says_ok_or_fail_with_each_check_and_its_field() {
        let parts = plan(&config());
        let ok = line(
            &parts[0],
            &[Some(Ok(String::new())), Some(Ok("HTTP 404".into()))],
        );
        assert_eq!(
            ok,
            "ok   seat alpha (openai): ALPHA_KEY set; http://127.0.0.1:9/v1 answers (HTTP 404)"
        );
        let bad = line(
            &parts[0],
            &[
                Some(Err("not set".into())),
                Some(Err("connection refused".into())),
            ],
        );
        assert_eq!(
            bad,
            "FAIL seat alpha (openai): ALPHA_KEY set: not set [seat[0].api_key_env]; http://127.0.0.1:9/v1 answers: connection refused [seat[0].base_url]"
        );
        let skipped = line(&parts[0], &[Some(Ok(String::new())), None]);
        assert!(skipped.ends_with("answers: not checked"), "{skipped}");
        assert_eq!(
            line(&parts[2], &[]),
            "ok   seat coin (coin): answered by sealbook itself, nothing to check"
        );
        assert!(failed(&[
            vec![Some(Ok(String::new()))],
            vec![Some(Err("x".into()))]
        ]));
        assert!(!failed(&[vec![Some(Ok(String::new())), None], vec![]]));
    }

    #[test]
    fn a_url_is_shown_without_its_user_and_password() {
        assert_eq!(
            shown_url("https://user:secret@host.example/v1?x=1"),
            "https://***@host.example/v1?x=1"
        );
        assert_eq!(shown_url("http://h/a@b"), "http://h/a@b");
        assert_eq!(shown_url("not a url"), "not a url");
    }
}
