//! `sealbook league init DIR --config league.toml`: the operator's league commands. The
//! decisions are `sealbook_core::league`'s; these modules move the bytes.

pub mod init;
pub mod publish;

use crate::outcome::CmdResult;
use clap::Subcommand;

#[derive(Subcommand, Debug)]
pub enum LeagueCommand {
    /// Create a league directory and seal the declaration as the first line of asks.jsonl.
    Init(init::Args),
    /// Write the league's open-data files and manifest.json from its sealed files.
    Publish(publish::Args),
}

pub fn run(command: LeagueCommand, json: bool) -> CmdResult {
    match command {
        LeagueCommand::Init(args) => init::run(args, json),
        LeagueCommand::Publish(args) => publish::run(args, json),
    }
}
