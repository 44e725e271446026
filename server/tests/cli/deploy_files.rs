//! The files that keep a league running (`docs/deploy/`): the systemd unit, the container
//! file and the crontab. Each command line they give is parsed by the real binary (`--help`
//! after the arguments: an unknown option or a value that does not parse is an error, exit
//! 2), the unit is checked by `systemd-analyze verify` when the machine has it (no warning
//! allowed: an unknown key is only a warning there), and the unit's own command is started on a
//! league (its paths and port swapped for the test's), answers `/healthz` and exits 0 on the
//! SIGTERM systemd stops it with.

use super::common;

use common::serve::Server;
use common::{arg, bin, LeagueInit};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Where the unit and the crontab expect the binary.
const INSTALLED: &str = "/usr/local/bin/sealbook";

fn deploy_file(name: &str) -> (PathBuf, String) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../docs/deploy")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (path, text)
}

/// The unit's `ExecStart` as words (the line has no quotes, so whitespace splits it).
fn exec_start(unit: &str) -> Vec<String> {
    let lines: Vec<&str> = unit
        .lines()
        .filter_map(|l| l.strip_prefix("ExecStart="))
        .collect();
    assert_eq!(lines.len(), 1, "one ExecStart: {lines:?}");
    assert!(!lines[0].contains(['"', '\'', '%', '$']), "{}", lines[0]);
    lines[0].split_whitespace().map(str::to_owned).collect()
}

/// `sealbook <args> --help` exits 0: every option of `args` exists and its value parses.
fn parses(args: &[String], source: &str) {
    let o = Command::new(bin())
        .args(args)
        .arg("--help")
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{source}: sealbook {args:?}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn the_unit_the_container_and_the_crontab_commands_parse() {
    let (_, unit) = deploy_file("sealbook-league.service");
    let words = exec_start(&unit);
    assert_eq!(words[0], INSTALLED);
    assert_eq!(&words[1..3], ["serve", "--league"]);
    parses(&words[1..], "sealbook-league.service ExecStart");

    let (_, container) = deploy_file("Containerfile");
    let cmd = container
        .lines()
        .find_map(|l| l.strip_prefix("CMD "))
        .expect("a CMD line");
    let cmd: Vec<String> = serde_json::from_str(cmd).expect("CMD in JSON form");
    assert_eq!(&cmd[..2], ["serve", "--league"]);
    parses(&cmd, "Containerfile CMD");
    let entry = container
        .lines()
        .find_map(|l| l.strip_prefix("ENTRYPOINT "))
        .expect("an ENTRYPOINT line");
    assert_eq!(
        serde_json::from_str::<Vec<String>>(entry).unwrap(),
        [INSTALLED]
    );

    let (_, crontab) = deploy_file("sealbook-league.crontab");
    let mut commands = 0;
    for line in crontab.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') || line.starts_with("CRON_TZ=") {
            continue;
        }
        // Five time fields, then the command; its output redirection is the shell's.
        let words: Vec<&str> = line.split_whitespace().collect();
        assert!(words.len() > 6, "{line}");
        let command = words[5..]
            .join(" ")
            .split(" >> ")
            .next()
            .unwrap()
            .replace("$(TZ=America/New_York date +\\%F)", "2026-10-21");
        let words: Vec<String> = command.split_whitespace().map(str::to_owned).collect();
        assert_eq!(words[0], INSTALLED, "{line}");
        parses(&words[1..], &format!("crontab: {line}"));
        commands += 1;
    }
    assert_eq!(commands, 6, "{crontab}");
}

/// `systemd-analyze verify` of the unit, the binary path pointed at the built one: exit 0 and
/// not one warning.
#[test]
fn systemd_analyze_verifies_the_unit() {
    let Ok(o) = Command::new("systemd-analyze").arg("--version").output() else {
        println!("skipped: systemd-analyze is not installed on this machine");
        return;
    };
    assert!(o.status.success());
    let (_, unit) = deploy_file("sealbook-league.service");
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("sealbook-league.service");
    std::fs::write(&path, unit.replace(INSTALLED, bin())).unwrap();
    let o = Command::new("systemd-analyze")
        .args(["verify", "--man=no"])
        .arg(&path)
        .output()
        .unwrap();
    let (out, err) = (
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr),
    );
    assert!(o.status.success(), "{out}{err}");
    assert_eq!(err, "", "no warning: {out}");
}

/// The unit's command, its league directory and address swapped for a test league and a free
/// port, serves `/healthz` with the league's name and stops with exit 0 on SIGTERM.
#[test]
fn the_units_command_serves_a_league_and_stops_on_sigterm() {
    let (_, unit) = deploy_file("sealbook-league.service");
    let words = exec_start(&unit);
    let tmp = tempfile::tempdir().unwrap();
    let config = tmp.path().join("league.toml");
    // No anchors: the test never reaches for the public authorities.
    let text = common::MINIMAL_CONFIG.replace("name = \"l\"", "name = \"unit test\"")
        + "[anchors]\nots_calendars = []\ntsa = []\nrekor_url = \"\"\n";
    std::fs::write(&config, text).unwrap();
    let dir = tmp.path().join("league");
    let (code, out, err) = common::init_league(
        &dir,
        &config,
        &LeagueInit {
            offline: true,
            files: &[("p.csv", common::EMPTY_PRICES)],
            ..LeagueInit::default()
        },
    );
    assert_eq!(code, 0, "{out}{err}");
    let args: Vec<String> = words[1..]
        .iter()
        .map(|w| match w.as_str() {
            "/var/lib/sealbook/league" => arg(&dir).to_string(),
            "127.0.0.1:8080" => "127.0.0.1:0".to_string(),
            w => w.to_string(),
        })
        .collect();
    assert!(args.contains(&arg(&dir).to_string()) && args.contains(&"127.0.0.1:0".to_string()));
    let log = tmp.path().join("journal.log");
    let mut command = Command::new(bin());
    command
        .args(&args)
        .stderr(std::fs::File::create(&log).unwrap());
    let mut s: Server = common::serve::start(command, Some(log.clone()));
    let mut c = std::net::TcpStream::connect(&s.addr).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(
        c,
        "GET /healthz HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        s.addr
    )
    .unwrap();
    let mut raw = String::new();
    c.read_to_string(&mut raw).unwrap();
    assert!(raw.starts_with("HTTP/1.1 200"), "{raw}");
    assert!(raw.contains("\"league\":\"unit test\""), "{raw}");
    let pid = s.child.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    let mut code = None;
    for _ in 0..300 {
        if let Some(status) = s.child.try_wait().unwrap() {
            code = Some(status.code());
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let journal = std::fs::read_to_string(&log).unwrap();
    assert_eq!(
        code,
        Some(Some(0)),
        "stopped by SIGTERM within 30 s, exit 0:\n{journal}"
    );
    // --log-format json: every line the journal keeps is one JSON object.
    for line in journal.lines() {
        let v: serde_json::Value =
            serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        assert!(v.is_object(), "{line}");
    }
}
