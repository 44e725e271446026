//! The league's config as `league init` keeps it in the league directory (`league.toml`;
//! spec §3.9), read back by every league command and the runtime.

use super::init::CONFIG_FILE;
use crate::outcome::Unusable;
use sealbook_core::league::config::LeagueConfig;
use std::path::Path;

/// The league's config as kept by `league init`.
pub fn read_config(dir: &Path) -> Result<LeagueConfig, Unusable> {
    let path = dir.join(CONFIG_FILE);
    if !path.exists() {
        return Err(Unusable::file(
            &path,
            "not a league directory (no league.toml): create it with `sealbook league init`",
        ));
    }
    let bytes = crate::files::read_bounded(
        &path,
        sealbook_core::league::config::MAX_CONFIG_BYTES as u64,
        "league config",
    )?;
    LeagueConfig::from_toml(&bytes, &path.display().to_string()).map_err(|e| {
        Unusable::file(&path, e.message)
            .at_line(e.line)
            .field(e.field)
    })
}
