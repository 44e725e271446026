//! `sealbook league init|run|score|stamp|upgrade|status|publish DIR`: the operator's league
//! commands. The
//! decisions are `sealbook_core::league`'s; these modules move the bytes.

pub mod driver;
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
    /// Create a league directory and seal the declaration as the first line of asks.jsonl.
    Init(init::Args),
    /// One run now: price snapshot, ask, every seat's answer sealed on receipt.
    Run(run::Args),
    /// After the close: the session's score line and every horizon's line that has come due.
    Score(score::Args),
    /// Runs, seats answered and pending, scores due, the last stamp.
    Status(status::Args),
    /// Write the league's open-data files and manifest.json from its sealed files.
    Publish(publish::Args),
    /// Write the stamped list of every ledger under proof/ and ask every configured anchor.
    Stamp(stamp::Args),
    /// Upgrade pending OpenTimestamps proofs and ask again the anchors that failed.
    Upgrade(upgrade::Args),
}

pub fn run(command: LeagueCommand, json: bool) -> CmdResult {
    match command {
        LeagueCommand::Init(args) => init::run(args, json),
        LeagueCommand::Run(args) => run::run(args, json),
        LeagueCommand::Score(args) => score::run(args, json),
        LeagueCommand::Status(args) => status::run(args, json),
        LeagueCommand::Publish(args) => publish::run(args, json),
        LeagueCommand::Stamp(args) => stamp::run(args, json),
        LeagueCommand::Upgrade(args) => upgrade::run(args, json),
    }
}
