//! `sealbook league init|stamp|upgrade|publish DIR`: the operator's league commands. The
//! decisions are `sealbook_core::league`'s; these modules move the bytes.

pub mod init;
pub mod stamp;
pub mod upgrade;
pub mod publish;

use crate::outcome::CmdResult;
use clap::Subcommand;

#[derive(Subcommand, Debug)]
pub enum LeagueCommand {
    /// Create a league directory and seal the declaration as the first line of asks.jsonl.
    Init(init::Args),
    /// Write the stamped list of every ledger under proof/ and ask every configured anchor.
    Stamp(stamp::Args),
    /// Upgrade pending OpenTimestamps proofs and ask again the anchors that failed.
    Upgrade(upgrade::Args),
    /// Write the league's open-data files and manifest.json from its sealed files.
    Publish(publish::Args),
}

pub fn run(command: LeagueCommand, json: bool) -> CmdResult {
    match command {
        LeagueCommand::Init(args) => init::run(args, json),
        LeagueCommand::Stamp(args) => stamp::run(args, json),
        LeagueCommand::Upgrade(args) => upgrade::run(args, json),
        LeagueCommand::Publish(args) => publish::run(args, json),
    }
}
