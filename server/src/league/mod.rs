//! The league runtime: the driver that runs, scores and stamps a league, its creation and its
//! publish, and the config read back from the league directory. The `sealbook league`
//! commands, the scheduled jobs, `sealbook serve`, the experiment and the demo call into it;
//! the decisions are `sealbook_core::league`'s, these modules move the bytes.

pub mod clock;
pub mod config;
pub mod driver;
pub mod init;
pub mod publish;
