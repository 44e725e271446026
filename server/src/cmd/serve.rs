//! `sealbook serve`: the verifier page, `www/` and a data directory, read-only over HTTP.

use crate::http::{self, Site};
use crate::outcome::{CmdResult, Exit, Unusable};
use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Directory served read-only under /data/ (with --demo: where the demo is made; it must be
    /// empty or absent).
    #[arg(long, value_name = "DIR")]
    data: Option<PathBuf>,
    /// Address to listen on (port 0 picks a free port; the URL is printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Make the DEMO league first with the league engine (into --data, else a new temporary
    /// directory) and serve it.
    #[arg(long)]
    demo: bool,
    /// Static assets directory [default: <repo>/www].
    #[arg(long, value_name = "DIR")]
    www: Option<PathBuf>,
    /// The page served at / [default: <repo>/index.html].
    #[arg(long, value_name = "FILE")]
    index: Option<PathBuf>,
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

pub fn run(args: Args, json: bool) -> CmdResult {
    let data = if args.demo {
        let dir = args.data.unwrap_or_else(|| {
            std::env::temp_dir().join(format!("sealbook-demo-{}", std::process::id()))
        });
        crate::demo::league::write_league(&dir, crate::demo::league::SESSIONS)?;
        Some(dir)
    } else {
        args.data
    };
    if let Some(d) = &data {
        if !d.is_dir() {
            return Err(Unusable::file(d, "not a directory").field("--data"));
        }
    }
    let site = Site {
        index: args.index.unwrap_or_else(|| repo_root().join("index.html")),
        www: args.www.unwrap_or_else(|| repo_root().join("www")),
        data,
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
            "data": site.data.as_ref().map(|d| d.display().to_string()),
            "demo": args.demo,
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
                    d.display(),
                    if args.demo { " (DEMO league)" } else { "" }
                )
            }
            None => b += "  data  none (pass --data DIR or --demo)\n",
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
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::from_std(listener)
            .map_err(|e| Unusable::new(format!("cannot listen on {addr}: {e}")).field("--addr"))?;
        let timeouts = http::Timeouts {
            idle: Duration::from_secs(args.idle_timeout),
            write: Duration::from_secs(args.write_timeout),
            ..Default::default()
        };
        http::serve(listener, site, timeouts)
            .await
            .map_err(|e| Unusable::new(format!("server stopped: {e}")))
    })?;
    Ok(Exit::Ok)
}
