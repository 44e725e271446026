//! `sealbook serve`: the verifier page, `www/` and a data directory, read-only over HTTP.
//! With `--league DIR`, the league's directory is the data directory and its schedule runs
//! beside the server (spec §3.1): a scheduler thread ([`crate::jobs`]) carries out each job
//! on the league's clock, logs one line per job on stderr ([`crate::logging`]), and the server
//! answers `GET /healthz` and `GET /metrics`. SIGTERM or SIGINT stops the scheduler after the
//! job in hand and ends the server (exit 0); a run's seats still being asked and a stamped
//! list's anchors are waited for at most `--stop-grace` seconds from the signal.

use crate::http::{self, Data, Ops, Site};
use crate::jobs::health::Health;
use crate::jobs::{Scheduler, Shutdown};
use crate::league::clock::Clock;
use crate::league::driver::{self, League};
use crate::logging::{self, LogFormat};
use crate::metrics::Metrics;
use crate::outcome::{CmdResult, Exit, Unusable};
use sealbook_core::league::manifest::MANIFEST_FILE;
use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Directory served read-only under /data/ (with --demo: where the demo is made; it must be
    /// empty or absent).
    #[arg(long, value_name = "DIR", conflicts_with = "league")]
    data: Option<PathBuf>,
    /// A league directory (made by `sealbook league init`): served under /data/, its schedule
    /// run by a scheduler thread, its health at /healthz and its metrics at /metrics.
    #[arg(long, value_name = "DIR", conflicts_with = "demo")]
    league: Option<PathBuf>,
    /// With --league: start the league's clock at this instant instead of the system time
    /// (demos, tests, replays); every line it writes records the set clock. With --demo: the
    /// reader experiment's clock [default: 08:45 ET on the demo's last run session].
    #[arg(long, value_name = "RFC3339")]
    at: Option<String>,
    /// With --at: the set clock runs this many times as fast as real time.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "at", value_parser = clap::value_parser!(u32).range(1..))]
    speed: u32,
    /// The job log's format on stderr [default: $SEALBOOK_LOG_FORMAT, else human].
    #[arg(long, value_enum, value_name = "FORMAT")]
    log_format: Option<LogFormat>,
    /// Address to listen on (port 0 picks a free port; the URL is printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Make the DEMO league first with the league engine (into --data, else a new temporary
    /// directory) and serve it.
    #[arg(long)]
    demo: bool,
    /// Serve a --data directory that has no manifest.json: every file except private ones
    /// (dot-files, league.toml, lock files, databases, PEM private keys). Without it, only the
    /// files the directory's manifest.json lists are served, and a directory without one is
    /// refused.
    #[arg(long, requires = "data", conflicts_with_all = ["league", "demo"])]
    serve_unlisted: bool,
    /// Run the reader experiment's API on the --data directory as its league directory (it is
    /// on by itself with --league and --demo).
    #[arg(long, requires = "data")]
    experiment: bool,
    /// A reverse proxy in front of the server (an IP address; repeat for each): a request to
    /// the experiment's API from one of them counts against the rightmost X-Forwarded-For
    /// entry that is not one of them. Replaces `[experiment] trusted_proxies` of the
    /// league's league.toml. Default: none, and X-Forwarded-For is never read.
    #[arg(long = "trusted-proxy", value_name = "ADDR")]
    trusted_proxies: Vec<String>,
    /// Static assets directory [default: <repo>/www].
    #[arg(long, value_name = "DIR")]
    www: Option<PathBuf>,
    /// The page served at / [default: <repo>/index.html].
    #[arg(long, value_name = "FILE")]
    index: Option<PathBuf>,
    /// With --league: on SIGTERM or SIGINT, wait at most this many seconds for the seats of a
    /// run still being asked (what answered is sealed; a seat left unanswered is asked again
    /// by a start before the run's deadline) and the anchors of a stamped list being asked (a
    /// list not anchored by then is recorded as cut short, and the upgrades ask it again).
    #[arg(long, value_name = "SECS", default_value_t = 30, requires = "league")]
    stop_grace: u64,
    /// Close a connection that moved no byte for this many seconds (a kept-alive connection
    /// nobody uses).
    #[arg(long, value_name = "SECS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..))]
    idle_timeout: u64,
    /// Close a connection whose answer could not be written for this many seconds (a client
    /// that does not read).
    #[arg(long, value_name = "SECS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..))]
    write_timeout: u64,
}

/// The repository the binary was built in: `index.html` and `www/` are found there.
fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap_or(Path::new("."))
        .to_path_buf()
}

/// The league half of `serve --league`: the driver opened (both ledgers locked), the
/// scheduler ready to start, and what the server shows of it.
fn league(args: &Args, dir: &Path) -> Result<(Scheduler, Ops), Unusable> {
    let clock = Clock::from_arg(args.at.as_deref())?.with_speed(args.speed);
    let league = League::open_quiet(dir, clock)?;
    let prices = driver::provider(dir, &league.config)?;
    let health = Arc::new(Health::new(&league.config.name, league.clock.set));
    let metrics = Arc::new(Metrics::new());
    let ops = Ops {
        health: health.clone(),
        metrics: metrics.clone(),
    };
    let scheduler = Scheduler {
        league,
        prices,
        health,
        metrics,
        shutdown: Arc::new(Shutdown::new()),
        stop_grace: Duration::from_secs(args.stop_grace),
    };
    Ok((scheduler, ops))
}

/// The reader experiment on league directory `dir` (spec §6): its store (PostgreSQL when
/// the environment or `[experiment] database_url` names a URL, else SQLite in `dir`), clock
/// and limits.
fn experiment(dir: &Path, args: &Args) -> Result<crate::experiment::Experiment, Unusable> {
    use crate::experiment as ex;
    let url = ex::database_url(dir)?;
    let store = ex::open_store(dir, url.as_deref())
        .map_err(|e| Unusable::new(format!("experiment store: {e}")))?;
    let reader = ex::open_reader(dir, url.as_deref())
        .map_err(|e| Unusable::new(format!("experiment store: {e}")))?;
    let mut limits = ex::privacy::Limits::default();
    for (var, limit) in [
        (ex::RATE_ENV, &mut limits.per_minute),
        (ex::READERS_ENV, &mut limits.readers_per_day),
    ] {
        if let Ok(v) = std::env::var(var) {
            *limit = v
                .parse()
                .map_err(|_| Unusable::new(format!("{var}: {v:?} is not a count")))?;
        }
    }
    let clock = match (args.demo, args.at.as_deref()) {
        // The DEMO's experiment runs on the demo's own dates, from its last run's morning.
        (true, None) => crate::demo::league::experiment_start(crate::demo::league::SESSIONS)
            .map(Clock::set_to)
            .ok_or_else(|| {
                Unusable::new("the NYSE calendar does not reach the demo's last session")
            })?,
        (_, at) => Clock::from_arg(at)?,
    }
    .with_speed(args.speed);
    let origin = std::env::var(ex::ALLOWED_ORIGIN_ENV)
        .ok()
        .filter(|o| !o.is_empty());
    let trusted_proxies = ex::trusted_proxies(dir, &args.trusted_proxies)?;
    Ok(ex::Experiment::new(
        store,
        reader,
        dir.to_path_buf(),
        args.demo,
        clock,
        limits,
        origin,
        trusted_proxies,
    ))
}

/// Checks that `dir` (served with `--data` and without `--serve-unlisted`) has a readable
/// manifest: serve publishes only the files it lists, so a folder without one is refused
/// rather than served whole (it may hold the operator's config, keys or databases).
fn published_manifest(dir: &Path) -> Result<(), Unusable> {
    let path = dir.join(MANIFEST_FILE);
    match std::fs::symlink_metadata(&path) {
        Ok(m) if m.is_file() => {}
        Ok(_) => {
            return Err(Unusable::file(
                &path,
                "not a regular file (a symbolic link is not followed): serve publishes only the files a manifest lists",
            )
            .field("--data"))
        }
        Err(_) => {
            return Err(Unusable::file(
                &path,
                "no manifest: serve publishes only the files a manifest.json lists; write one with `sealbook league publish DIR`, or pass --serve-unlisted to serve every file except private ones (dot-files, league.toml, lock files, databases, private keys)",
            )
            .field("--data"))
        }
    }
    http::read_manifest(&path)
        .map(|_| ())
        .map_err(|e| Unusable::file(&path, e).field("--data"))
}

pub fn run(args: Args, json: bool) -> CmdResult {
    logging::init(logging::format(args.log_format)?);
    // Before any thread starts, so that every thread inherits the mask and only the waiting
    // thread takes the signals.
    #[cfg(unix)]
    let stop_signals = args.league.is_some().then(stop_signals::block);
    let scheduler = match &args.league {
        Some(dir) => Some(league(&args, dir)?),
        None => None,
    };
    let data = if let Some(dir) = &args.league {
        Some(dir.clone())
    } else if args.demo {
        let dir = args.data.clone().unwrap_or_else(|| {
            std::env::temp_dir().join(format!("sealbook-demo-{}", std::process::id()))
        });
        crate::demo::league::write_league(&dir, crate::demo::league::SESSIONS)?;
        Some(dir)
    } else {
        args.data.clone()
    };
    if let Some(d) = &data {
        if !d.is_dir() {
            return Err(Unusable::file(d, "not a directory").field("--data"));
        }
    }
    let served = match &data {
        None => None,
        Some(d) if args.serve_unlisted => Some(Data::unlisted(d.clone())),
        // A league's manifest is written by its first publish: until then nothing is served.
        Some(d) if args.league.is_some() || args.demo => Some(Data::published(d.clone())),
        Some(d) => {
            published_manifest(d)?;
            Some(Data::published(d.clone()))
        }
    };
    if args.at.is_some() && args.league.is_none() && !args.demo && !args.experiment {
        return Err(Unusable::new("--at needs --league, --demo or --experiment").field("--at"));
    }
    let experiment = match (&data, args.league.is_some() || args.demo || args.experiment) {
        (Some(dir), true) => Some(Arc::new(experiment(dir, &args)?)),
        _ => None,
    };
    // A DEMO league (made here, or served from a directory `sealbook demo` wrote) publishes its
    // notice: the page is then served marked, and offers to open the league.
    let demo = args.demo
        || served
            .as_ref()
            .is_some_and(|d| d.serves(sealbook_core::records::names::DEMO_NOTICE_FILE));
    let site = Site {
        demo,
        index: args.index.unwrap_or_else(|| repo_root().join("index.html")),
        www: args.www.unwrap_or_else(|| repo_root().join("www")),
        data: served.map(Arc::new),
        league: scheduler.as_ref().map(|(_, ops)| ops.clone()),
        experiment,
    };
    let listener = std::net::TcpListener::bind(args.addr)
        .and_then(|l| l.set_nonblocking(true).map(|()| l))
        .map_err(|e| {
            Unusable::new(format!("cannot listen on {}: {e}", args.addr)).field("--addr")
        })?;
    let addr = listener
        .local_addr()
        .map_err(|e| Unusable::new(format!("no local address: {e}")))?;
    let url = format!("http://{addr}/");
    // One write: a reader that takes the first line and closes the pipe cannot catch the
    // server mid-banner (a pipe write this short is atomic).
    let banner = if json {
        let doc = serde_json::json!({
            "url": url,
            "index": site.index.display().to_string(),
            "www": site.www.display().to_string(),
            "data": site.data.as_ref().map(|d| d.root().display().to_string()),
            "demo": args.demo,
            "league": scheduler.as_ref().map(|(s, _)| s.league.config.name.clone()),
        });
        format!("{doc}\n")
    } else {
        let mut b = format!(
            "serving {url}\n  page  {}\n  www   {}\n",
            site.index.display(),
            site.www.display()
        );
        match &site.data {
            Some(d) => {
                b += &format!(
                    "  data  {} at {url}data/{}\n",
                    d.root().display(),
                    if args.demo { " (DEMO league)" } else { "" }
                )
            }
            None => b += "  data  none (pass --data DIR or --demo)\n",
        }
        if let Some((s, _)) = &scheduler {
            b += &format!(
                "  league {:?}: schedule running{}, health at {url}healthz, metrics at {url}metrics\n",
                s.league.config.name,
                if s.league.clock.set { " on a set clock" } else { "" }
            );
        }
        for (what, p) in [("page", &site.index), ("www", &site.www)] {
            if !p.exists() {
                b += &format!("  note: {what} {} does not exist yet (build the bundle: cargo run --release -p sealbook-bundle)\n", p.display());
            }
        }
        b
    };
    let mut stdout = std::io::stdout().lock();
    let _ = stdout
        .write_all(banner.as_bytes())
        .and_then(|()| stdout.flush());
    drop(stdout);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| Unusable::new(format!("cannot start the runtime: {e}")))?;
    let timeouts = http::Timeouts {
        idle: Duration::from_secs(args.idle_timeout),
        write: Duration::from_secs(args.write_timeout),
        ..Default::default()
    };
    let listener = {
        let _guard = runtime.enter();
        tokio::net::TcpListener::from_std(listener)
            .map_err(|e| Unusable::new(format!("cannot listen on {addr}: {e}")).field("--addr"))?
    };
    let Some((scheduler, _)) = scheduler else {
        runtime
            .block_on(http::serve(listener, site, timeouts))
            .map_err(|e| Unusable::new(format!("server stopped: {e}")))?;
        return Ok(Exit::Ok);
    };
    // The league: the server and the signals on the runtime, the schedule on its own thread;
    // whichever ends first ends the other.
    let shutdown = scheduler.shutdown.clone();
    let (tx, ended) = std::sync::mpsc::channel::<Result<(), String>>();
    #[cfg(unix)]
    if let Some(set) = stop_signals {
        let tx = tx.clone();
        std::thread::Builder::new()
            .name("stop-signals".into())
            .spawn(move || {
                stop_signals::wait(&set);
                let _ = tx.send(Ok(()));
            })
            .map_err(|e| Unusable::new(format!("cannot start the signal thread: {e}")))?;
    }
    {
        let tx = tx.clone();
        runtime.spawn(async move {
            let r = http::serve(listener, site, timeouts).await;
            let _ = tx.send(r.map_err(|e| format!("server stopped: {e}")));
        });
    }
    let mut scheduler = scheduler;
    if scheduler.league.clock.set {
        // A set clock starts at --at when the schedule starts, not when the books were read.
        scheduler.league.clock = Clock::from_arg(args.at.as_deref())?.with_speed(args.speed);
    }
    let thread = crate::jobs::spawn(scheduler)
        .map_err(|e| Unusable::new(format!("cannot start the scheduler thread: {e}")))?;
    let why = ended.recv().unwrap_or(Ok(()));
    tracing::info!(target: "sealbook::serve", "shutting down");
    shutdown.request();
    let _ = thread.join();
    runtime.shutdown_timeout(Duration::from_secs(1));
    why.map_err(Unusable::new)?;
    Ok(Exit::Ok)
}

/// SIGTERM and SIGINT under `serve --league`: blocked in every thread and taken by one
/// thread with `sigwait`, so a stop request ends the scheduler after the job in hand.
#[cfg(unix)]
mod stop_signals {
    pub struct Set(libc::sigset_t);

    /// Blocks SIGTERM and SIGINT in the calling thread (and the threads it starts).
    #[allow(unsafe_code)]
    pub fn block() -> Set {
        // SAFETY: plain libc calls on a local, initialised signal set.
        unsafe {
            let mut set: libc::sigset_t = std::mem::zeroed();
            libc::sigemptyset(&mut set);
            libc::sigaddset(&mut set, libc::SIGTERM);
            libc::sigaddset(&mut set, libc::SIGINT);
            libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut());
            Set(set)
        }
    }

    /// Returns when one of the signals arrives.
    #[allow(unsafe_code)]
    pub fn wait(set: &Set) {
        let mut sig = 0;
        // SAFETY: `set` was initialised by `block`; `sig` is a valid out-pointer.
        while unsafe { libc::sigwait(&set.0, &mut sig) } != 0 {}
    }
}
