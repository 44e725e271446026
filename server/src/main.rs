//! `sealbook`: the command-line front of sealbook. Each subcommand lives in its own module
//! under `cmd/`; logic they need lives in `sealbook-core`.
//!
//! Exit codes (ARCHITECTURE.md, Conventions): 0 everything held, 1 a verification failed,
//! 2 an input was unusable (missing or unreadable file, unparsable input, bad arguments).

// Every `unsafe` block is a libc call allowed where it is, with its SAFETY comment.
#![deny(unsafe_code)]

mod anchor;
mod calendar_server_client;
mod cmd;
mod demo;
mod experiment;
mod files;
mod http;
mod http_client;
mod jobs;
mod league;
mod ledger;
mod logging;
mod metrics;
mod outcome;
mod prices;
mod progress;
mod seats;

use clap::Parser;
use outcome::Exit;

/// sealbook: sealed AI market forecasts, verifiable by anyone.
#[derive(Parser, Debug)]
#[command(name = "sealbook", version)]
struct Cli {
    /// Print one JSON object on stdout instead of text.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: cmd::Command,
}

/// Runs a `sealbook` command line in this process (the CLI's own argument parser and command
/// code), as the demo servers' tests drive the commands that talk to them; its exit code.
#[cfg(test)]
fn run_in_process(args: &[&str]) -> i32 {
    let cli = Cli::try_parse_from(std::iter::once("sealbook").chain(args.iter().copied()))
        .expect("a valid command line");
    match cmd::run(cli.command, true) {
        Ok(exit) => exit as i32,
        Err(e) => panic!("{args:?}: {e:?}"),
    }
}

fn main() {
    // Rust ignores SIGPIPE, which turns `sealbook verify ... | head` into a panic on the next
    // print; a command-line tool should just stop, as `cat` does. Commands that talk to
    // children ignore it again below, once the command is known.
    #[cfg(unix)]
    #[allow(unsafe_code)]
    // SAFETY: setting a signal disposition to the default before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => {
            // --help and --version
            let _ = e.print();
            std::process::exit(0);
        }
        Err(e) => {
            // A usage error is unusable input (exit 2), reported as JSON when --json was asked for.
            if std::env::args().any(|a| a == "--json") {
                let text = e.render().to_string();
                let head = text
                    .split("\n\n")
                    .next()
                    .unwrap_or_default()
                    .trim_start_matches("error: ");
                let message = head.split_whitespace().collect::<Vec<_>>().join(" ");
                outcome::Unusable::new(message)
                    .field("arguments")
                    .report(true);
            } else {
                let _ = e.print();
            }
            std::process::exit(Exit::Unusable as i32);
        }
    };
    #[cfg(unix)]
    if cli.command.talks_to_children() {
        // A broken pipe to a child is that child's failure (an error of the write), never
        // the end of the process.
        // SAFETY: setting a signal disposition before the command starts any thread.
        #[allow(unsafe_code)]
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_IGN);
        }
    }
    let code = match cmd::run(cli.command, cli.json) {
        Ok(exit) => exit,
        Err(err) => {
            err.report(cli.json);
            Exit::Unusable
        }
    };
    std::process::exit(code as i32);
}
