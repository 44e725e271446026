//! The subcommands, one module each. A new command adds its module, one variant here and one
//! arm in [`run`].

pub mod conformance;
pub mod demo;
pub mod experiment;
pub mod fetch;
mod input;
pub mod league;
pub mod neff;
pub mod ots;
mod peer_score;
pub mod rekor;
pub mod replay;
pub mod resolve;
pub mod schema;
pub mod score;
pub mod scorecard;
pub mod serve;
pub mod stamped;
pub mod tsr;
pub mod verify;
pub mod verify_answers;
pub mod verify_dir;

use crate::outcome::CmdResult;
use clap::Subcommand;

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Serve the verifier page, its assets and a data directory read-only over HTTP.
    Serve(serve::Args),
    /// Write a deterministic DEMO league (sealed book, asks, stamped lists, forecasts file) into a directory.
    Demo(demo::Args),
    /// Verify a sealed book's chain and its stamped prefixes (Appendix B steps 3-4).
    Verify(verify::Args),
    /// Bring a published league into a directory from its manifest's URL (Appendix B step 1),
    /// every file held to its listed size and SHA-256; then `sealbook verify DIR`.
    Fetch(fetch::Args),
    /// OpenTimestamps proofs: info, verify against Bitcoin headers, stamp, upgrade.
    #[command(subcommand)]
    Ots(ots::OtsCommand),
    /// Check council-forecasts.csv row by row (spec 3.13's conformance checker).
    Conformance(conformance::Args),
    /// The stats document (Brier family, baselines, consensus, intervals, N_eff, primary endpoint).
    Score(score::Args),
    /// The registered-predictions scorecards (spec 8.4), one per check date.
    Scorecard(scorecard::Args),
    /// N_eff per run and horizon (spec 5.1).
    Neff(neff::Args),
    /// The operator's league: init, run, score, status.
    #[command(subcommand)]
    League(league::LeagueCommand),
    /// Write a published JSON Schema generated from the code.
    Schema(schema::Args),
    /// RFC 3161 signed time: info, verify against your trust anchors, request from authorities.
    #[command(subcommand)]
    Tsr(tsr::TsrCommand),
    /// Sigstore Rekor log entries: verify, upload a stamped list.
    #[command(subcommand)]
    Rekor(rekor::RekorCommand),
    /// A row's outcome (ref, close, actual_pct, draw) from Yahoo chart v8 minute bars, or a
    /// check of council-forecasts.csv's outcome columns against them (spec 3.5, Appendix C).
    Resolve(resolve::Args),
    /// Recompute every published account of the trading tracks from the sealed decisions and
    /// prices, and check arena-code.json (Appendix B steps 7-8).
    Replay(replay::Args),
    /// The reader experiment (spec 6): export the stored forecasts, print the analysis.
    #[command(subcommand)]
    Experiment(experiment::ExperimentCommand),
}

impl Command {
    /// Whether the command talks to child processes or runs long beside them: the league's
    /// commands (a `command` seat's program, which may exit without reading its ask), the
    /// server (`serve --league` runs the league) and the demo (it runs a league and
    /// `openssl`). A pipe such a command writes to may break at any time; that is the
    /// child's failure, reported as an error of the write, never a signal that ends the
    /// process (and every other seat's answer with it).
    pub fn talks_to_children(&self) -> bool {
        matches!(
            self,
            Command::League(_) | Command::Serve(_) | Command::Demo(_)
        )
    }
}

/// Runs `command`; `json` selects one JSON object on stdout instead of text.
pub fn run(command: Command, json: bool) -> CmdResult {
    match command {
        Command::Serve(args) => serve::run(args, json),
        Command::Demo(args) => demo::run(args, json),
        Command::Verify(args) => verify::run(args, json),
        Command::Fetch(args) => fetch::run(args, json),
        Command::Ots(command) => ots::run(command, json),
        Command::Conformance(args) => conformance::run(args, json),
        Command::Score(args) => score::run(args, json),
        Command::Scorecard(args) => scorecard::run(args, json),
        Command::Neff(args) => neff::run(args, json),
        Command::League(command) => league::run(command, json),
        Command::Schema(args) => schema::run(args, json),
        Command::Tsr(command) => tsr::run(command, json),
        Command::Rekor(command) => rekor::run(command, json),
        Command::Resolve(args) => resolve::run(args, json),
        Command::Replay(args) => replay::run(args, json),
        Command::Experiment(command) => experiment::run(command, json),
    }
}
