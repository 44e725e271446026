//! The pre-flight of a league (spec §3.1: a run asks every seat of the roster at its time,
//! with the prices of §3.3 and the anchors of §3.2): from the league's configuration, the
//! plan of what must hold for its first run, one [`Part`] per seat, price provider, anchoring
//! authority and crowd venue, each with its [`Precondition`]s. `sealbook league check DIR` and
//! `league init` carry the plan out (the server reads the environment, the files and the
//! network) and hand each check's [`Found`] back to [`line`] and [`failed`] here, which say
//! what is printed and whether the pre-flight failed.
//!
//! What is checked: every `api_key_env` is set (its value is never put in the report), every
//! file the config names resolves (a relative path against the directory of the league's
//! `league.toml`, where `league init` keeps its copy), every `command` seat's program is
//! found, every model seat's key is accepted by its provider ([`Precondition::Key`]: the model list,
//! which needs the key and spends no tokens; [`key_verdict`] reads the answer), and every
//! other endpoint answers a bounded GET with any HTTP status.

use super::config::{Adapter, LeagueConfig, PriceSource};
use super::redact::Secrets;
use super::wire::{Finish, Reply, Wire};

/// What a part of the configuration is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Subject {
    /// A `[[seat]]` table: its key, its program or its provider.
    Seat,
    /// The `[prices]` provider: its file or its endpoint.
    Prices,
    /// An anchoring authority of `[anchors]`: an OpenTimestamps calendar, an RFC 3161 authority or
    /// the Rekor log (spec §3.2).
    Authority,
    /// A crowd venue of `[crowd]` (spec §4.9).
    Crowd,
}

impl Subject {
    /// The subject's word in the pre-flight report (`seat`, `prices`, `authority`, `crowd`).
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
pub enum Precondition {
    /// The environment variable `var` (named by the config's `field`) is set and not blank.
    EnvSet {
        /// The config field that names the variable (`seat[0].api_key_env`).
        field: String,
        /// The environment variable's name.
        var: String,
    },
    /// The file at `path`, as written in the config (relative: to the directory of the
    /// league's `league.toml`), exists and is a regular file.
    File {
        /// The config field that names the file (`prices.path`, `anchors.rekor_key`).
        field: String,
        /// The path as written in the config.
        path: String,
    },
    /// The program a `command` seat starts: a path (with a `/`) that is an executable file,
    /// or a name found on `PATH`.
    Program {
        /// The config field that names the program (`seat[2].command`).
        field: String,
        /// The program, the command's first word.
        program: String,
    },
    /// Something answers an HTTP GET of `url` (any status) within the check's timeout.
    Endpoint {
        /// The config field that names the URL (`anchors.tsa[1]`, `crowd.kalshi.base_url`).
        field: String,
        /// The URL asked.
        url: String,
    },
    /// The provider of a model seat accepts the key in `var`: a GET of its model list `url`
    /// ([`Wire::models_endpoint`]) with the key in the provider's header
    /// ([`Wire::key_headers`]), read by [`key_verdict`]. With `var` not set, the list is asked
    /// without a key (the endpoint answers, as [`Precondition::Endpoint`]).
    Key {
        /// The config field that names the key (`seat[0].api_key_env`).
        field: String,
        /// The environment variable holding the key.
        var: String,
        /// The provider's wire format, which says the model list's URL and the key's header.
        wire: Wire,
        /// The provider's model list URL.
        url: String,
    },
}

impl Precondition {
    /// The config field the check is about (`seat[0].api_key_env`, `prices.path`).
    pub fn field(&self) -> &str {
        match self {
            Precondition::EnvSet { field, .. }
            | Precondition::File { field, .. }
            | Precondition::Program { field, .. }
            | Precondition::Endpoint { field, .. }
            | Precondition::Key { field, .. } => field,
        }
    }

    /// Whether carrying it out needs the network.
    pub fn is_network(&self) -> bool {
        matches!(
            self,
            Precondition::Endpoint { .. } | Precondition::Key { .. }
        )
    }

    /// What is checked, in words (`ALPHA_KEY set`, `http://... answers`).
    fn what(&self) -> String {
        match self {
            Precondition::EnvSet { var, .. } => format!("{var} set"),
            Precondition::File { path, .. } => format!("{path} readable"),
            Precondition::Program { program, .. } => format!("{program} found"),
            Precondition::Endpoint { url, .. } => format!("{} answers", shown_url(url)),
            Precondition::Key { var, url, .. } => format!("{} answers with {var}", shown_url(url)),
        }
    }
}

/// One seat, provider, authority or venue and what must hold for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    /// What kind of part it is.
    pub subject: Subject,
    /// The seat's name, the provider's kind, the authority's URL or name, the venue.
    pub name: String,
    /// The adapter, provider, or kind of authority (`ots`, `tsa`, `rekor`).
    pub kind: String,
    /// What must hold for it, in the order they are carried out.
    pub checks: Vec<Precondition>,
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
                let wire = match &seat.adapter {
                    Adapter::Anthropic { .. } => Wire::Anthropic,
                    Adapter::Gemini { .. } => Wire::Gemini,
                    _ => Wire::OpenAi,
                };
                match api_key_env {
                    Some(var) => {
                        checks.push(Precondition::EnvSet {
                            field: f("api_key_env"),
                            var: var.clone(),
                        });
                        checks.push(Precondition::Key {
                            field: f("base_url"),
                            var: var.clone(),
                            wire,
                            url: wire.models_endpoint(base_url),
                        });
                    }
                    None => checks.push(Precondition::Endpoint {
                        field: f("base_url"),
                        url: base_url.clone(),
                    }),
                }
            }
            Adapter::Command { command, .. } => {
                if let Some(program) = command.first() {
                    checks.push(Precondition::Program {
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
        PriceSource::Csv { path } => (
            "csv",
            Precondition::File {
                field: "prices.path".into(),
                path: path.clone(),
            },
        ),
        PriceSource::Yahoo { base_url } => (
            "yahoo",
            Precondition::Endpoint {
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
            vec![Precondition::Endpoint {
                field: format!("anchors.ots_calendars[{i}]"),
                url: url.clone(),
            }],
        ));
    }
    for (i, t) in a.tsa.iter().enumerate() {
        parts.push(authority(
            &t.name,
            "tsa",
            vec![Precondition::Endpoint {
                field: format!("anchors.tsa[{i}]"),
                url: t.url.clone(),
            }],
        ));
    }
    if let Some(url) = &a.rekor_url {
        let mut checks = vec![Precondition::Endpoint {
            field: "anchors.rekor_url".into(),
            url: url.clone(),
        }];
        for (field, path) in [
            ("anchors.rekor_key", &a.rekor_key),
            ("anchors.rekor_log_key", &a.rekor_log_key),
        ] {
            if let Some(path) = path {
                checks.push(Precondition::File {
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
        let mut checks = vec![Precondition::Endpoint {
            field: format!("crowd.{venue}.base_url"),
            url: source.base_url.clone(),
        }];
        if let Some(url) = &source.book_url {
            checks.push(Precondition::Endpoint {
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

fn authority(name: &str, kind: &str, checks: Vec<Precondition>) -> Part {
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

/// Largest answer of a model list read for [`key_verdict`] (the provider's message is in its
/// first bytes; a list is not read whole).
pub const MAX_KEY_ANSWER_BYTES: usize = 64 << 10;

/// What the provider's answer to the model list of a [`Precondition::Key`] says of the key in `var`
/// (its value among `secrets`, which are scrubbed from anything reported): a 2xx status
/// accepts it; 401 or 403, or Gemini's 400 whose error names `API_KEY_INVALID` (how the
/// Gemini API refuses a key), refuse it, with the provider's message; any other status says
/// the endpoint answers and the key was not decided there.
pub fn key_verdict(wire: Wire, var: &str, status: u16, body: &[u8], secrets: &Secrets) -> Found {
    if (200..300).contains(&status) {
        return Ok(format!("HTTP {status}: the key is accepted"));
    }
    if !is_key_refusal(wire, status, body) {
        return Ok(format!("HTTP {status}: the key is not decided there"));
    }
    let reply = Reply {
        status,
        headers: &[],
        body,
    };
    let message = match wire.read(&reply).finish {
        Finish::Error { message, .. } if !message.trim().is_empty() => message,
        _ => "no message".to_string(),
    };
    Err(format!(
        "the key in {var} is refused (HTTP {status}: {})",
        secrets.scrubbed(message.trim())
    ))
}

/// Whether a provider's answer refuses the key it was sent: 401 or 403, or (Gemini) 400 with
/// an `ErrorInfo` reason `API_KEY_INVALID`.
fn is_key_refusal(wire: Wire, status: u16, body: &[u8]) -> bool {
    match status {
        401 | 403 => true,
        400 if wire == Wire::Gemini => serde_json::from_slice::<serde_json::Value>(body)
            .ok()
            .and_then(|v| v["error"]["details"].as_array().cloned())
            .is_some_and(|details| {
                details
                    .iter()
                    .any(|d| d["reason"].as_str() == Some("API_KEY_INVALID"))
            }),
        _ => false,
    }
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
                Precondition::EnvSet {
                    field: "seat[0].api_key_env".into(),
                    var: "ALPHA_KEY".into()
                },
                Precondition::Key {
                    field: "seat[0].base_url".into(),
                    var: "ALPHA_KEY".into(),
                    wire: Wire::OpenAi,
                    url: "http://127.0.0.1:9/v1/models".into()
                }
            ]
        );
        assert_eq!(
            parts[1].checks,
            [Precondition::Program {
                field: "seat[1].command".into(),
                program: "./answer.sh".into()
            }]
        );
        assert_eq!(
            parts[3].checks,
            [Precondition::File {
                field: "prices.path".into(),
                path: "prices.csv".into()
            }]
        );
        assert_eq!(
            parts[6].checks[1],
            Precondition::File {
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
            "ok   seat alpha (openai): ALPHA_KEY set; http://127.0.0.1:9/v1/models answers with ALPHA_KEY (HTTP 404)"
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
            "FAIL seat alpha (openai): ALPHA_KEY set: not set [seat[0].api_key_env]; http://127.0.0.1:9/v1/models answers with ALPHA_KEY: connection refused [seat[0].base_url]"
        );
        let skipped = line(&parts[0], &[Some(Ok(String::new())), None]);
        assert!(
            skipped.ends_with("answers with ALPHA_KEY: not checked"),
            "{skipped}"
        );
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

    #[test]
    fn each_provider_is_asked_its_model_list_with_the_key_in_its_header() {
        let urls: Vec<String> = [Wire::OpenAi, Wire::Anthropic, Wire::Gemini]
            .iter()
            .map(|w| w.models_endpoint("https://h.example/base/"))
            .collect();
        assert_eq!(
            urls,
            [
                "https://h.example/base/models",
                "https://h.example/base/v1/models",
                "https://h.example/base/v1beta/models"
            ]
        );
        assert_eq!(
            Wire::OpenAi.key_headers("k1"),
            [("authorization", "Bearer k1".to_string())]
        );
        assert_eq!(
            Wire::Anthropic.key_headers("k1"),
            [
                ("x-api-key", "k1".to_string()),
                ("anthropic-version", "2023-06-01".to_string())
            ]
        );
        assert_eq!(
            Wire::Gemini.key_headers("k1"),
            [("x-goog-api-key", "k1".to_string())]
        );
    }

    /// The providers' refusals as they send them (OpenAI's 401 with the key partly masked,
    /// Anthropic's 401 envelope, Gemini's 400 `API_KEY_INVALID` as recorded in
    /// `llm-apis/gemini/firebase-testdata_googleai_unary-failure-api-key.json`, a 403) are
    /// refusals naming the variable with the provider's message, the key scrubbed from it;
    /// a 2xx accepts; any other status only says the endpoint answers.
    #[test]
    fn a_refused_key_is_named_by_its_variable_with_the_providers_message_scrubbed() {
        let key = "sk-FLKEYabcdefghijklmnopNARY";
        let secrets = Secrets::new([key]);
        let openai = br#"{"error": {"message": "Incorrect API key provided: sk-FLKEY**********NARY. You can find your API key at https://platform.openai.com/account/api-keys.", "type": "invalid_request_error", "param": null, "code": "invalid_api_key"}}"#;
        let found = key_verdict(Wire::OpenAi, "ALPHA_KEY", 401, openai, &secrets);
        let why = found.unwrap_err();
        assert!(
            why.starts_with(
                "the key in ALPHA_KEY is refused (HTTP 401: Incorrect API key provided: "
            ),
            "{why}"
        );
        assert!(
            !why.contains("FLKEY") && !why.contains("NARY"),
            "scrubbed: {why}"
        );
        let anthropic = br#"{"type": "error", "error": {"type": "authentication_error", "message": "invalid x-api-key"}, "request_id": "req_01"}"#;
        assert_eq!(
            key_verdict(Wire::Anthropic, "BETA_KEY", 401, anthropic, &secrets),
            Err("the key in BETA_KEY is refused (HTTP 401: invalid x-api-key)".into())
        );
        let gemini = br#"{"error": {"code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "API_KEY_INVALID", "domain": "googleapis.com"}]}}"#;
        assert_eq!(
            key_verdict(Wire::Gemini, "G_KEY", 400, gemini, &secrets),
            Err(
                "the key in G_KEY is refused (HTTP 400: API key not valid. Please pass a valid API key.)"
                    .into()
            )
        );
        // A 400 of another kind is not a refusal of the key, nor is it for the other wires.
        let bad_request =
            br#"{"error": {"code": 400, "message": "bad", "status": "INVALID_ARGUMENT"}}"#;
        assert!(key_verdict(Wire::Gemini, "G_KEY", 400, bad_request, &secrets).is_ok());
        assert!(key_verdict(Wire::OpenAi, "ALPHA_KEY", 400, gemini, &secrets).is_ok());
        let echoed = format!("forbidden for {key}");
        let why =
            key_verdict(Wire::OpenAi, "ALPHA_KEY", 403, echoed.as_bytes(), &secrets).unwrap_err();
        assert!(why.starts_with("the key in ALPHA_KEY is refused (HTTP 403: forbidden for "));
        assert!(!why.contains(key), "{why}");
        assert_eq!(
            key_verdict(Wire::OpenAi, "ALPHA_KEY", 200, b"{\"data\": []}", &secrets),
            Ok("HTTP 200: the key is accepted".into())
        );
        assert_eq!(
            key_verdict(Wire::Anthropic, "BETA_KEY", 404, b"no such path", &secrets),
            Ok("HTTP 404: the key is not decided there".into())
        );
    }
}
