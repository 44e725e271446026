//! `sealbook league init` and `sealbook schema league-config|answer`: the declaration sealed as
//! line 1 of asks.jsonl (a valid sealed chain the verifier accepts, read back by core's ask
//! chain and roster readers), an existing league refused, a bad config named by file, line
//! and field, and the schemas written from the code.

use super::common;

use common::{arg, sealbook_json, LeagueInit};
use sealbook_core::book::chain::{verify, VerifyOptions};
use sealbook_core::records::ask_chain::{AskChain, SCHEDULED_MORNING_RUN};
use sealbook_core::score::roster::roster_from_asks;

const MINIMAL: &str = r#"[league]
name = "my league"
methodology_version = "m-1"

[[seat]]
name = "alpha"
adapter = "openai"
base_url = "http://127.0.0.1:9000/v1"
model = "gpt-test"
api_key_env = "ALPHA_KEY"
family = "lab-a"
side = "US"

[[seat]]
name = "coin"
adapter = "coin"

[prices]
provider = "csv"
path = "prices.csv"
"#;

/// The header of a CSV price file (no bars: enough for the pre-flight, which checks that the
/// file resolves).
const PRICES_HEADER: &str = "symbol,time,open,high,low,close,volume\n";

/// The key variables of the tests' configs, unset for every command unless a test sets one.
const KEY_VARS: &[&str] = &["ALPHA_KEY", "BETA_KEY", "GAMMA_KEY"];

/// Runs `sealbook` with `env` set and every other `*_KEY` of the tests unset; returns (exit
/// code, stdout, stderr).
fn sealbook_with(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let mut c = std::process::Command::new(common::bin());
    c.args(args);
    for k in KEY_VARS {
        c.env_remove(k);
    }
    for (k, v) in env {
        c.env(k, v);
    }
    let o = c.output().unwrap();
    (
        o.status.code().expect("exited"),
        String::from_utf8(o.stdout).unwrap(),
        String::from_utf8(o.stderr).unwrap(),
    )
}

#[test]
fn init_seals_the_declaration_first_and_refuses_an_existing_league() {
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("league.toml");
    std::fs::write(&config, MINIMAL).unwrap();
    let dir = tmp.path().join("league");
    let (code, out, err) = common::init_league(
        &dir,
        &config,
        &LeagueInit {
            at: Some("2026-10-21T04:16:00Z"),
            offline: true,
            files: &[("prices.csv", PRICES_HEADER)],
            args: &["--json"],
            env: &[("ALPHA_KEY", "sk-alpha")],
            env_remove: KEY_VARS,
            ..LeagueInit::default()
        },
    );
    assert_eq!(code, 0, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["first_session"], "2026-10-21");
    let asks = std::fs::read(dir.join("asks.jsonl")).unwrap();
    let report = verify(&asks, VerifyOptions::default());
    assert!(report.ok && report.lines == 1, "{report:?}");
    let chain = AskChain::parse(&asks).unwrap();
    let d = chain.declaration().expect("line 1 is the declaration");
    assert_eq!(
        (
            d.at.as_str(),
            d.counting_rule.as_deref(),
            d.methodology.as_deref()
        ),
        (
            "2026-10-21T04:16:00Z",
            Some(SCHEDULED_MORNING_RUN),
            Some("m-1")
        )
    );
    assert_eq!(
        (d.ask_at_et.as_str(), d.reference_at_et.as_str()),
        ("08:30", "09:30")
    );
    let roster = roster_from_asks(&asks).unwrap();
    assert_eq!(roster.seats.len(), 2);
    assert_eq!(
        std::fs::read_to_string(dir.join("league.toml")).unwrap(),
        MINIMAL
    );

    // A second init is refused and leaves the league as it was.
    let (code, out, err) = common::init_league(&dir, &config, &LeagueInit::default());
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("already exists"), "{err}");
    assert_eq!(std::fs::read(dir.join("asks.jsonl")).unwrap(), asks);
}

#[test]
fn a_bad_config_names_file_line_and_field() {
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("league.toml");
    std::fs::write(
        &config,
        MINIMAL.replace("adapter = \"coin\"", "adapter = \"coins\""),
    )
    .unwrap();
    let dir = tmp.path().join("league");
    let how = LeagueInit {
        args: &["--json"],
        ..LeagueInit::default()
    };
    let (code, out, err) = common::init_league(&dir, &config, &how);
    let v: serde_json::Value = serde_json::from_str(&out).expect(&err);
    assert_eq!(code, 2, "{v}");
    assert_eq!(
        (v["error"]["line"].as_u64(), v["error"]["field"].as_str()),
        (Some(16), Some("seat[1].adapter")),
        "{v}"
    );
    assert!(v["error"]["file"]
        .as_str()
        .unwrap()
        .ends_with("league.toml"));
    assert!(!dir.exists(), "nothing is created for an unusable config");
}

#[test]
fn the_schemas_are_written_from_the_code() {
    let tmp = tempfile::tempdir().unwrap();
    for (which, probe) in [
        (
            "league-config",
            "/properties/seat/items/properties/adapter/enum",
        ),
        (
            "answer",
            "/properties/items/properties/BTC/properties/1d/properties/crowd_up",
        ),
    ] {
        let out = tmp.path().join(format!("{which}.json"));
        let (code, v) = sealbook_json(&["schema", which, "--out", arg(&out)]);
        assert_eq!(code, 0, "{v}");
        let schema: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&out).unwrap()).unwrap();
        assert!(schema.pointer(probe).is_some(), "{which}: {probe}");
    }
}

/// A URL on 127.0.0.1 where nothing listens (the port was bound, then let go).
fn refused_url() -> String {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    format!("http://{}", l.local_addr().unwrap())
}

/// A server on 127.0.0.1 that accepts (at most 16 connections, each held open) and never
/// answers.
fn hanging_url() -> String {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", l.local_addr().unwrap());
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for c in l.incoming().take(16) {
            held.push(c);
        }
    });
    url
}

/// A key value that must appear in no output.
const ALPHA_SECRET: &str = "sk-alpha-preflight-7f3c19e0";

/// A config with a seat whose endpoint answers (alpha, its key set), one refused with its key
/// not set (beta), one that hangs (gamma), a command seat, the coin, CSV prices at
/// `prices.csv` and an answering calendar beside a refused authority.
fn preflight_config(answers: &str, refused: &str, hangs: &str) -> String {
    format!(
        r#"[league]
name = "pre-flight"
methodology_version = "m-1"

[[seat]]
name = "alpha"
adapter = "openai"
base_url = "{answers}/v1"
model = "m"
api_key_env = "ALPHA_KEY"

[[seat]]
name = "beta"
adapter = "anthropic"
base_url = "{refused}"
model = "m"
api_key_env = "BETA_KEY"

[[seat]]
name = "gamma"
adapter = "gemini"
base_url = "{hangs}"
model = "m"
api_key_env = "ALPHA_KEY"

[[seat]]
name = "script"
adapter = "command"
command = ["/bin/sh", "-c", "cat"]

[[seat]]
name = "coin"
adapter = "coin"

[prices]
provider = "csv"
path = "prices.csv"

[anchors]
ots_calendars = ["{answers}"]
tsa = [{{ name = "local", url = "{refused}/tsr" }}]
rekor_url = ""
"#
    )
}

fn answering_url() -> String {
    sealbook_tests::fake_http::start(|_, _| {
        sealbook_tests::fake_http::Answer::new(404, "text/plain", b"no such path".to_vec())
    })
    .url
}

/// `league check DIR`: one line per seat, provider and authority; an endpoint that answers
/// (any status other than a key's refusal) holds, one refused and one that hangs (bounded by `--timeout`) fail, a key
/// variable not set fails naming the variable and the config field, the relative price path
/// is looked for in the league directory (a copy beside the source config does not count),
/// and no key value is printed. Exit 1 while anything fails; once the key is set, the
/// endpoints fixed and the prices put in the league, exit 0.
#[test]
fn league_check_reports_each_seat_provider_and_authority() {
    let tmp = tempfile::tempdir().unwrap();
    let (answers, refused, hangs) = (answering_url(), refused_url(), hanging_url());
    let dir = tmp.path().join("league");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("league.toml"),
        preflight_config(&answers, &refused, &hangs),
    )
    .unwrap();
    // Beside the operator's source config, not in the league: the first run would not find it.
    std::fs::write(tmp.path().join("prices.csv"), PRICES_HEADER).unwrap();
    let check = |json: bool| {
        let mut args = vec!["league", "check", arg(&dir), "--timeout", "2"];
        if json {
            args.push("--json");
        }
        sealbook_with(&args, &[("ALPHA_KEY", ALPHA_SECRET)])
    };
    let (code, out, err) = check(false);
    assert_eq!(code, 1, "{out}{err}");
    assert!(!(out.clone() + &err).contains(ALPHA_SECRET), "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 8, "one line per part:\n{out}");
    assert_eq!(
        lines[0],
        format!("ok   seat alpha (openai): ALPHA_KEY set; {answers}/v1/models answers with ALPHA_KEY (HTTP 404: the key is not decided there)")
    );
    assert!(lines[1].starts_with("FAIL seat beta (anthropic): BETA_KEY set: environment variable BETA_KEY is not set [seat[1].api_key_env]; "), "{}", lines[1]);
    assert!(lines[1].ends_with("[seat[1].base_url]"), "{}", lines[1]);
    assert!(
        lines[2].starts_with("FAIL seat gamma (gemini): ALPHA_KEY set; ")
            && lines[2].contains("timeout")
            && lines[2].ends_with("[seat[2].base_url]"),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].starts_with("ok   seat script (command): /bin/sh found"),
        "{}",
        lines[3]
    );
    assert_eq!(
        lines[4],
        "ok   seat coin (coin): answered by sealbook itself, nothing to check"
    );
    let csv_in_league = dir.join("prices.csv");
    assert!(
        lines[5].starts_with(&format!(
            "FAIL prices csv (csv): prices.csv readable: {}",
            csv_in_league.display()
        )) && lines[5].contains("a relative path is read from the league directory")
            && lines[5].ends_with("[prices.path]"),
        "{}",
        lines[5]
    );
    assert_eq!(
        lines[6],
        format!("ok   authority {answers} (ots): {answers} answers (HTTP 404)")
    );
    assert!(
        lines[7].starts_with(&format!(
            "FAIL authority local (tsa): {refused}/tsr answers: "
        )),
        "{}",
        lines[7]
    );

    let (code, out, err) = check(true);
    assert_eq!(code, 1, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["ok"], false);
    let oks: Vec<bool> = v["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["ok"].as_bool().unwrap())
        .collect();
    assert_eq!(oks, [true, false, false, true, true, false, true, false]);
    assert_eq!(v["parts"][1]["checks"][0]["field"], "seat[1].api_key_env");
    assert!(!out.contains(ALPHA_SECRET));

    // Fixed: every endpoint answers, every key is set, the prices are in the league.
    std::fs::write(
        dir.join("league.toml"),
        preflight_config(&answers, &answers, &answers),
    )
    .unwrap();
    std::fs::write(&csv_in_league, PRICES_HEADER).unwrap();
    let (code, out, err) = sealbook_with(
        &["league", "check", arg(&dir)],
        &[("ALPHA_KEY", ALPHA_SECRET), ("BETA_KEY", "sk-beta")],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.lines().all(|l| l.starts_with("ok ")), "{out}");
}

/// `league init` runs the same pre-flight against the league it would make and creates
/// nothing when it fails: a key variable not set (even with `--offline`), a relative price
/// path that is not in the league directory (only beside the source config: the first run
/// would fail at 08:30), an endpoint that does not answer. The error names the config file,
/// each failing part and the field.
#[test]
fn init_refuses_a_league_whose_first_run_would_fail() {
    let tmp = tempfile::tempdir().unwrap();
    let (answers, refused) = (answering_url(), refused_url());
    let config = tmp.path().join("league.toml");
    let dir = tmp.path().join("league");
    let init = |extra: &[&str], env: &[(&str, &str)]| {
        let how = LeagueInit {
            at: Some("2026-10-21T04:16:00Z"),
            args: extra,
            env,
            env_remove: KEY_VARS,
            ..LeagueInit::default()
        };
        common::init_league(&dir, &config, &how)
    };
    let keys = [("ALPHA_KEY", ALPHA_SECRET), ("BETA_KEY", "sk-beta")];
    std::fs::write(&config, preflight_config(&answers, &answers, &answers)).unwrap();
    std::fs::write(tmp.path().join("prices.csv"), PRICES_HEADER).unwrap();

    // The key of beta is not set: refused, even offline.
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("prices.csv"), PRICES_HEADER).unwrap();
    let (code, out, err) = init(&["--offline"], &keys[..1]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains(arg(&config)), "{err}");
    assert!(
        err.contains("FAIL seat beta (anthropic): BETA_KEY set: environment variable BETA_KEY is not set [seat[1].api_key_env]"),
        "{err}"
    );
    assert!(!err.contains(ALPHA_SECRET), "{err}");
    assert!(!dir.join("asks.jsonl").exists() && !dir.join("league.toml").exists());

    // The prices only beside the source config: refused.
    std::fs::remove_file(dir.join("prices.csv")).unwrap();
    let (code, _, err) = init(&["--offline"], &keys);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("FAIL prices csv (csv)") && err.contains("[prices.path]"),
        "{err}"
    );
    assert!(!dir.join("asks.jsonl").exists());

    // An authority refused: refused online, made offline.
    std::fs::write(dir.join("prices.csv"), PRICES_HEADER).unwrap();
    std::fs::write(
        &config,
        preflight_config(&answers, &answers, &answers).replace(
            &format!("url = \"{answers}/tsr\""),
            &format!("url = \"{refused}/tsr\""),
        ),
    )
    .unwrap();
    let (code, _, err) = init(&["--timeout", "2"], &keys);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("FAIL authority local (tsa)"), "{err}");
    assert!(!dir.join("asks.jsonl").exists());
    let (code, out, err) = init(&["--offline"], &keys);
    assert_eq!(code, 0, "{out}{err}");
    assert!(dir.join("asks.jsonl").exists());
}

/// A key the tests' fake providers accept, and one they refuse (each at least the length the
/// scrubber looks for).
const GOOD_KEY: &str = "sk-good-7f3a9c1e5b2d4068";
const BAD_KEY: &str = "sk-BADKEY-e41c97a2d05b3f68";

/// Fake OpenAI, Anthropic and Gemini endpoints on 127.0.0.1: each answers its model list
/// (`/v1/models`, `/v1/models`, `/v1beta/models`) with 200 when the request carries
/// [`GOOD_KEY`] in the provider's header, else with the provider's refusal (OpenAI's 401 with
/// the key partly masked, as it shows a wrong key; Anthropic's 401 envelope; Gemini's 400
/// `API_KEY_INVALID` as recorded in `llm-apis/gemini`). Every request target is recorded.
fn key_checking_providers() -> ([String; 3], std::sync::Arc<std::sync::Mutex<Vec<String>>>) {
    use sealbook_tests::fake_http::{start, Answer};
    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let gemini_refusal = std::fs::read(
        sealbook_tests::vectors_dir()
            .join("llm-apis/gemini/firebase-testdata_googleai_unary-failure-api-key.json"),
    )
    .unwrap();
    let log = seen.clone();
    let openai = start(move |_, r| {
        log.lock().unwrap().push(r.path.clone());
        let key = r.header("authorization").unwrap_or("");
        if r.path == "/v1/models" && key == format!("Bearer {GOOD_KEY}") {
            return Answer::new(200, "application/json", br#"{"object": "list", "data": []}"#.to_vec());
        }
        let sent = key.trim_start_matches("Bearer ");
        let masked = if sent.len() > 12 {
            format!("{}{}{}", &sent[..8], "*".repeat(sent.len() - 12), &sent[sent.len() - 4..])
        } else {
            sent.to_string()
        };
        let body = serde_json::json!({"error": {"message": format!("Incorrect API key provided: {masked}. You can find your API key at https://platform.openai.com/account/api-keys."), "type": "invalid_request_error", "param": null, "code": "invalid_api_key"}});
        Answer::new(401, "application/json", body.to_string().into_bytes())
    })
    .url;
    let log = seen.clone();
    let anthropic = start(move |_, r| {
        log.lock().unwrap().push(r.path.clone());
        if r.path == "/v1/models"
            && r.header("x-api-key") == Some(GOOD_KEY)
            && r.header("anthropic-version").is_some()
        {
            return Answer::new(200, "application/json", br#"{"data": [], "has_more": false}"#.to_vec());
        }
        let body = br#"{"type": "error", "error": {"type": "authentication_error", "message": "invalid x-api-key"}, "request_id": "req_011"}"#;
        Answer::new(401, "application/json", body.to_vec())
    })
    .url;
    let log = seen.clone();
    let gemini = start(move |_, r| {
        log.lock().unwrap().push(r.path.clone());
        if r.path == "/v1beta/models" && r.header("x-goog-api-key") == Some(GOOD_KEY) {
            return Answer::new(200, "application/json", br#"{"models": []}"#.to_vec());
        }
        Answer::new(400, "application/json", gemini_refusal.clone())
    })
    .url;
    ([openai, anthropic, gemini], seen)
}

/// A league of one seat of each provider, their keys in `OAI_KEY`, `ANT_KEY`, `GEM_KEY`.
fn key_config([openai, anthropic, gemini]: &[String; 3]) -> String {
    format!(
        "[league]\nname = \"keys\"\nmethodology_version = \"m-1\"\n\n\
         [[seat]]\nname = \"oai\"\nadapter = \"openai\"\nbase_url = \"{openai}/v1\"\nmodel = \"m\"\napi_key_env = \"OAI_KEY\"\n\n\
         [[seat]]\nname = \"ant\"\nadapter = \"anthropic\"\nbase_url = \"{anthropic}\"\nmodel = \"m\"\napi_key_env = \"ANT_KEY\"\n\n\
         [[seat]]\nname = \"gem\"\nadapter = \"gemini\"\nbase_url = \"{gemini}\"\nmodel = \"m\"\napi_key_env = \"GEM_KEY\"\n\n\
         [prices]\nprovider = \"csv\"\npath = \"prices.csv\"\n\n\
         [anchors]\nots_calendars = []\ntsa = []\nrekor_url = \"\"\n"
    )
}

/// Neither key, nor the part of a key a provider shows around its mask, appears in `text`.
fn assert_no_key(text: &str) {
    for key in [GOOD_KEY, BAD_KEY] {
        assert!(!text.contains(key), "a key in the output:\n{text}");
        assert!(
            !text.contains(&key[..8]),
            "a key's prefix in the output:\n{text}"
        );
    }
}

/// The pre-flight sends each seat's key the way its provider takes it, to the provider's model
/// list (no tokens spent): keys the fakes accept pass (`league check` exit 0); keys they refuse
/// fail, one line per seat naming the variable and the provider's message, the key scrubbed
/// from it (`league check` exit 1, `league init` refuses and creates nothing). `--offline`
/// skips the keys' check. No key appears in any output, nor in any request's URL.
#[test]
fn the_preflight_asks_each_provider_whether_it_accepts_the_key() {
    let tmp = tempfile::tempdir().unwrap();
    let (urls, seen) = key_checking_providers();
    let dir = tmp.path().join("league");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("league.toml"), key_config(&urls)).unwrap();
    std::fs::write(dir.join("prices.csv"), PRICES_HEADER).unwrap();
    let keys = |key: &'static str| [("OAI_KEY", key), ("ANT_KEY", key), ("GEM_KEY", key)];

    let (code, out, err) = sealbook_with(&["league", "check", arg(&dir)], &keys(GOOD_KEY));
    assert_eq!(code, 0, "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    for (line, (seat, var)) in lines.iter().zip([
        ("oai (openai)", "OAI_KEY"),
        ("ant (anthropic)", "ANT_KEY"),
        ("gem (gemini)", "GEM_KEY"),
    ]) {
        assert!(
            line.starts_with(&format!("ok   seat {seat}: {var} set; ")),
            "{out}"
        );
        assert!(
            line.ends_with(&format!(
                "answers with {var} (HTTP 200: the key is accepted)"
            )),
            "{out}"
        );
    }
    assert_no_key(&(out.clone() + &err));

    let (code, out, err) = sealbook_with(&["league", "check", arg(&dir)], &keys(BAD_KEY));
    assert_eq!(code, 1, "{out}{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].starts_with(&format!(
            "FAIL seat oai (openai): OAI_KEY set; {}/v1/models answers with OAI_KEY: the key in OAI_KEY is refused (HTTP 401: Incorrect API key provided: [REDACTED]. ",
            urls[0]
        )) && lines[0].ends_with("[seat[0].base_url]"),
        "{out}"
    );
    assert_eq!(
        lines[1],
        format!("FAIL seat ant (anthropic): ANT_KEY set; {}/v1/models answers with ANT_KEY: the key in ANT_KEY is refused (HTTP 401: invalid x-api-key) [seat[1].base_url]", urls[1])
    );
    assert_eq!(
        lines[2],
        format!("FAIL seat gem (gemini): GEM_KEY set; {}/v1beta/models answers with GEM_KEY: the key in GEM_KEY is refused (HTTP 400: API key not valid. Please pass a valid API key.) [seat[2].base_url]", urls[2])
    );
    assert_no_key(&(out.clone() + &err));
    let (code, out, err) = sealbook_with(&["league", "check", arg(&dir), "--json"], &keys(BAD_KEY));
    assert_eq!(code, 1, "{out}{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["parts"][0]["checks"][1]["check"], "key");
    assert_eq!(v["parts"][0]["checks"][1]["ok"], false);
    assert_no_key(&(out.clone() + &err));

    // `league init` refuses a league whose keys are refused; offline, it does not ask.
    let config = tmp.path().join("keys.toml");
    std::fs::write(&config, key_config(&urls)).unwrap();
    let made = tmp.path().join("made");
    std::fs::create_dir_all(&made).unwrap();
    std::fs::write(made.join("prices.csv"), PRICES_HEADER).unwrap();
    let init = |extra: &[&str], key: &'static str| {
        let how = LeagueInit {
            at: Some("2026-10-21T04:16:00Z"),
            args: extra,
            env: &keys(key),
            env_remove: KEY_VARS,
            ..LeagueInit::default()
        };
        common::init_league(&made, &config, &how)
    };
    let (code, out, err) = init(&[], BAD_KEY);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("the key in OAI_KEY is refused (HTTP 401"),
        "{err}"
    );
    assert!(
        err.contains("the key in GEM_KEY is refused (HTTP 400"),
        "{err}"
    );
    assert_no_key(&(out.clone() + &err));
    assert!(!made.join("asks.jsonl").exists());
    let asked = seen.lock().unwrap().len();
    let (code, out, err) = init(&["--offline"], BAD_KEY);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(seen.lock().unwrap().len(), asked, "offline asks nothing");
    assert_no_key(&(out + &err));

    let targets = seen.lock().unwrap().clone();
    assert!(!targets.is_empty());
    for t in &targets {
        assert!(
            ["/v1/models", "/v1beta/models"].contains(&t.as_str()),
            "only the model lists are asked, no key in a URL: {t}"
        );
    }
}
