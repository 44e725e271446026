//! `sealbook league check|climatology|init|run|score|stamp|upgrade|publish|status DIR`: the operator's league
//! commands: each parses its arguments and calls into [`crate::league`], the league runtime.

pub mod check;
pub mod climatology;
pub mod init;
pub mod publish;
pub mod run;
pub mod score;
pub mod stamp;
pub mod status;
pub mod upgrade;

use crate::outcome::CmdResult;
use clap::Subcommand;

#[derive(Subcommand, Debug)]
pub enum LeagueCommand {
    /// The pre-flight: one line per seat, price provider, authority and crowd venue (keys
    /// set, files found, endpoints answering); exit 1 when any check fails.
    Check(check::Args),
    /// Rebuild the climatology table from the provider's daily histories and hold it to the
    /// hash the declaration sealed.
    Climatology(climatology::Args),
    /// Create a league directory and seal the declaration as the first line of asks.jsonl.
    Init(init::Args),
    /// One run now: price snapshot, ask, every seat's answer sealed on receipt.
    Run(run::Args),
    /// After the close: the session's score line and every horizon's line that has come due.
    Score(score::Args),
    /// Runs, seats answered and pending, scores due, the last stamp.
    Status(status::Args),
    /// Write the stamped list of every ledger under proof/ and ask every configured anchor.
    Stamp(stamp::Args),
    /// Upgrade pending OpenTimestamps proofs and ask again the anchors that failed.
    Upgrade(upgrade::Args),
    /// Write the league's open-data files and manifest.json from its sealed files.
    Publish(publish::Args),
}

pub fn run(command: LeagueCommand, json: bool) -> CmdResult {
    match command {
        LeagueCommand::Check(args) => check::run(args, json),
        LeagueCommand::Climatology(args) => climatology::run(args, json),
        LeagueCommand::Init(args) => init::run(args, json),
        LeagueCommand::Run(args) => run::run(args, json),
        LeagueCommand::Score(args) => score::run(args, json),
        LeagueCommand::Status(args) => status::run(args, json),
        LeagueCommand::Stamp(args) => stamp::run(args, json),
        LeagueCommand::Upgrade(args) => upgrade::run(args, json),
        LeagueCommand::Publish(args) => publish::run(args, json),
    }
}
