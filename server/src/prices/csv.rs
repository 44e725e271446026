//! The `csv` price provider: a file of recorded 1-minute bars
//! (`symbol,time,open,high,low,close,volume`, [`sealbook_core::prices::csv`]), its path
//! relative to the config file's directory, each asset read under its configured symbol
//! (`prices.symbols`, else the asset code). The file is read once, bounded; core parses it.

use super::PriceProvider;
use crate::files::read_bounded;
use crate::outcome::Unusable;
use sealbook_core::calendar::Instant;
use sealbook_core::prices::csv::{parse_bars_csv, CsvBars, MAX_CSV_BYTES};
use sealbook_core::prices::yahoo::Bar;
use sealbook_core::records::names::MARKETS;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// Bars read from one CSV file.
#[derive(Debug)]
pub struct CsvProvider {
    path: PathBuf,
    bars: CsvBars,
    /// Asset code -> symbol in the file.
    symbols: BTreeMap<String, String>,
}

impl CsvProvider {
    /// Reads `path` (relative paths from `config_dir`); `symbols` maps asset codes to the
    /// file's symbols (an asset not mapped is its own symbol).
    pub fn open(
        config_dir: &Path,
        path: &str,
        symbols: &BTreeMap<String, String>,
    ) -> Result<CsvProvider, Unusable> {
        let path = config_dir.join(path);
        let bytes = read_bounded(&path, MAX_CSV_BYTES as u64, "price file")?;
        let bars = parse_bars_csv(&bytes, &path.display().to_string()).map_err(|e| {
            Unusable::file(&path, e.message)
                .at_line(e.line)
                .field(e.field)
        })?;
        Ok(CsvProvider {
            path,
            bars,
            symbols: symbols.clone(),
        })
    }

    fn symbol<'a>(&'a self, asset: &'a str) -> &'a str {
        self.symbols.get(asset).map_or(asset, String::as_str)
    }
}

impl PriceProvider for CsvProvider {
    fn minute_bars(&self, asset: &str, from: Instant, to: Instant) -> Result<Vec<Bar>, String> {
        if !MARKETS.contains(&asset) {
            return Err(format!("{asset}: not a market of the league"));
        }
        let symbol = self.symbol(asset);
        self.bars
            .window(symbol, from, to)
            .map(<[Bar]>::to_vec)
            .ok_or_else(|| {
                format!(
                    "{asset}: {} has no bars for symbol {symbol:?}",
                    self.path.display()
                )
            })
    }

    fn symbol_bars(&self, symbol: &str, from: Instant, to: Instant) -> Result<Vec<Bar>, String> {
        self.bars
            .window(symbol, from, to)
            .map(<[Bar]>::to_vec)
            .ok_or_else(|| format!("{} has no bars for symbol {symbol:?}", self.path.display()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_assets_under_their_symbols_relative_to_the_config() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("prices.csv"),
            "symbol,time,open,high,low,close,volume\n\
             ^GSPC,2026-10-21T13:30:00Z,1,2,0.5,1.5,10\n\
             ^GSPC,2026-10-21T13:31:00Z,1,2,0.5,1.75,10\n\
             BTC,2026-10-21T13:30:00Z,1,2,0.5,9,10\n",
        )
        .unwrap();
        let symbols = BTreeMap::from([("SPX".to_string(), "^GSPC".to_string())]);
        let p = CsvProvider::open(dir.path(), "prices.csv", &symbols).unwrap();
        let t = |s: &str| Instant::parse_rfc3339(s).unwrap();
        let spx = p
            .minute_bars("SPX", t("2026-10-21T13:31:00Z"), t("2026-10-21T14:00:00Z"))
            .unwrap();
        assert_eq!(spx.len(), 1);
        assert_eq!(spx[0].close, Some(1.75));
        assert_eq!(
            p.minute_bars("BTC", t("2026-10-21T00:00:00Z"), t("2026-10-22T00:00:00Z"))
                .unwrap()
                .len(),
            1
        );
        let e = p
            .minute_bars("GOLD", t("2026-10-21T00:00:00Z"), t("2026-10-22T00:00:00Z"))
            .unwrap_err();
        assert!(e.starts_with("GOLD: ") && e.contains("prices.csv"), "{e}");
        assert!(p
            .minute_bars("AAPL", t("2026-10-21T00:00:00Z"), t("2026-10-22T00:00:00Z"))
            .unwrap_err()
            .contains("not a market"));
        std::fs::write(
            dir.path().join("bad.csv"),
            "symbol,time,open,high,low,close,volume\nSPX,x,1,1,1,1,1\n",
        )
        .unwrap();
        let e = CsvProvider::open(dir.path(), "bad.csv", &symbols).unwrap_err();
        let text = format!("{e:?}");
        assert!(text.contains("bad.csv") && text.contains("time"), "{text}");
    }
}
