//! Fixed baselines (spec §4.3, §4.5, §8.1): the sealed climatology table with its content
//! hash and the Brier skill score against it, and the 55% momentum rule.

use super::brier::brier;
use crate::book::canon::{self, DumpOptions, Value};
use crate::hex;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::fmt;

/// The registered content SHA-256 of `council-clim-window.json` (§8, OSF registration).
pub const REGISTERED_CLIM_SHA256: &str =
    "2810d11e907bbaa1f311d06622c929c69e60cc81e558fdb78f5baa04113cabb7";

/// The key holding the stated hash, left out of the content hash.
pub const CLIM_HASH_KEY: &str = "sha256";

/// The momentum rule's probability for the direction of the previous session (§4.5, F15).
pub const MOMENTUM_PCT: f64 = 55.0;

/// The models a baseline seat seals as its `model` (the engine's reference adapters, spec
/// §4.3, §4.5): the coin (50% on every row), the sealed climatology base rate and the 55%
/// momentum rule.
pub const BASELINE_MODELS: [&str; 3] = ["coin", "climatology", "momentum"];

/// Whether a seat that seals `model` is a baseline: a benchmark scored beside the council, not
/// a member of it (spec §4.5: the league scores the coin and momentum against the same rows,
/// and the council's consensus is the mean of the *models'* probabilities; §4.3: skill is
/// judged against the coin and the climatology base rate, which must stay outside the council
/// they judge; §5.1: N_eff counts the forecasting seats). A baseline seat never enters the
/// consensus, N_eff's n and rho, the agreement counts, the primary endpoint, the spectrum,
/// the sides test, the shadow weights or the experiment's council; its own Brier scores stay
/// in the seat tables. This is the one predicate every one of those uses.
pub fn is_baseline(model: &str) -> bool {
    BASELINE_MODELS.contains(&model)
}

/// One row of the climatology table: base rates of strictly up per asset and horizon.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClimEntry {
    pub asset: String,
    /// Horizon (`1d`, `1w`, `1m`, `6m`), the table's `h`.
    pub h: String,
    /// Share strictly up, every row counted: the primary benchmark q.
    pub p_up: f64,
    /// The same excluding draws (the league's own `bss_reference`).
    pub p_up_ex_draw: Option<f64>,
    pub n: Option<i64>,
    pub n_independent: Option<i64>,
}

/// A sealed climatology table and its content hash.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClimatologyTable {
    pub entries: Vec<ClimEntry>,
    /// SHA-256 of Python `json.dumps(obj_without_sha256, sort_keys=True)` (default settings).
    pub sha256: String,
    /// The hash the file states under `sha256`, if any.
    pub stated_sha256: Option<String>,
}

/// Why a climatology file cannot be read; `path` names the field at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClimError {
    pub path: String,
    pub message: ClimMsg,
}

/// What is wrong with a field of the climatology file, as a message id with its arguments
/// (the Scores page words it in the reader's language; `Display` is the English the CLI
/// writes). `found` is the JSON value's Python type name (`list`, `dict`, `str`...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClimMsg {
    /// Not JSON (`detail` is the JSON reader's own words).
    NotJson {
        offset: usize,
        detail: String,
    },
    NotObject {
        found: &'static str,
    },
    /// A string holds a lone surrogate, so the content hash of §4.3 cannot be computed.
    LoneSurrogate {
        code_point: u32,
    },
    NotString {
        found: &'static str,
    },
    NotList {
        found: &'static str,
    },
    Missing,
    /// A table row that is not an object.
    RowNotObject,
    /// A row's text field absent or not a string.
    StringExpected,
    /// An integer beyond 64 bits.
    OutOfRange,
    NotNumber {
        found: &'static str,
    },
    NotInteger {
        found: &'static str,
    },
    /// `p_up` outside 0-1, as Rust writes the number.
    OutsideUnit {
        p: String,
    },
}

impl fmt::Display for ClimMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ClimMsg::NotJson { offset, detail } => {
                write!(f, "not JSON at byte {offset}: {detail}")
            }
            ClimMsg::NotObject { found } => write!(f, "expected an object, found {found}"),
            ClimMsg::LoneSurrogate { code_point } => write!(
                f,
                "{}",
                canon::EncodeError::LoneSurrogate {
                    code_point: *code_point
                }
            ),
            ClimMsg::NotString { found } => write!(f, "expected a string, found {found}"),
            ClimMsg::NotList { found } => write!(f, "expected a list, found {found}"),
            ClimMsg::Missing => f.write_str("missing"),
            ClimMsg::RowNotObject => f.write_str("expected an object"),
            ClimMsg::StringExpected => f.write_str("expected a string"),
            ClimMsg::OutOfRange => f.write_str("integer out of range"),
            ClimMsg::NotNumber { found } => write!(f, "expected a number, found {found}"),
            ClimMsg::NotInteger { found } => write!(f, "expected an integer, found {found}"),
            ClimMsg::OutsideUnit { p } => write!(f, "{p} is outside 0-1"),
        }
    }
}

impl fmt::Display for ClimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

impl std::error::Error for ClimError {}

/// The content hash of §4.3: SHA-256 of `json.dumps` with `sort_keys=True` and otherwise
/// default settings (`ensure_ascii=True`, `", "`/`": "`) of the object without its
/// `sha256` key.
pub fn clim_content_sha256(obj: &canon::Object) -> Result<String, canon::EncodeError> {
    let mut o = obj.clone();
    o.remove(CLIM_HASH_KEY);
    let bytes = canon::to_bytes(&Value::Object(o), DumpOptions::PYTHON_DEFAULT)?;
    Ok(hex::encode(&Sha256::digest(bytes)))
}

impl ClimatologyTable {
    /// Reads `council-clim-window.json`: an object with `table: [{asset, h, p_up,
    /// p_up_ex_draw, n, n_independent, window, rule}, ...]` and its `sha256`.
    pub fn parse(bytes: &[u8]) -> Result<ClimatologyTable, ClimError> {
        let err = |path: &str, message: ClimMsg| ClimError {
            path: path.into(),
            message,
        };
        let v = canon::parse(bytes).map_err(|e| {
            err(
                "$",
                ClimMsg::NotJson {
                    offset: e.offset,
                    detail: e.message,
                },
            )
        })?;
        let obj = v.as_object().ok_or_else(|| {
            err(
                "$",
                ClimMsg::NotObject {
                    found: v.type_name(),
                },
            )
        })?;
        let sha256 = clim_content_sha256(obj).map_err(|e| match e {
            canon::EncodeError::LoneSurrogate { code_point } => {
                err("$", ClimMsg::LoneSurrogate { code_point })
            }
        })?;
        let stated_sha256 = match obj.get(CLIM_HASH_KEY) {
            None => None,
            Some(Value::Str(s)) => Some(s.as_str().unwrap_or_default().to_owned()),
            Some(v) => {
                return Err(err(
                    "sha256",
                    ClimMsg::NotString {
                        found: v.type_name(),
                    },
                ))
            }
        };
        let rows = match obj.get("table") {
            Some(Value::Array(a)) => a,
            Some(v) => {
                return Err(err(
                    "table",
                    ClimMsg::NotList {
                        found: v.type_name(),
                    },
                ))
            }
            None => return Err(err("table", ClimMsg::Missing)),
        };
        let mut entries = Vec::with_capacity(rows.len());
        for (i, r) in rows.iter().enumerate() {
            let path = |k: &str| format!("table[{i}].{k}");
            let o = r
                .as_object()
                .ok_or_else(|| err(&format!("table[{i}]"), ClimMsg::RowNotObject))?;
            let text = |k: &str| -> Result<String, ClimError> {
                o.get(k)
                    .and_then(Value::as_str)
                    .map(str::to_owned)
                    .ok_or_else(|| err(&path(k), ClimMsg::StringExpected))
            };
            let num = |k: &str| -> Result<Option<f64>, ClimError> {
                match o.get(k) {
                    None | Some(Value::Null) => Ok(None),
                    Some(Value::Float(f)) => Ok(Some(*f)),
                    Some(Value::Int(n)) => n
                        .to_i64()
                        .map(|n| Some(n as f64))
                        .ok_or_else(|| err(&path(k), ClimMsg::OutOfRange)),
                    Some(v) => Err(err(
                        &path(k),
                        ClimMsg::NotNumber {
                            found: v.type_name(),
                        },
                    )),
                }
            };
            let int = |k: &str| -> Result<Option<i64>, ClimError> {
                match o.get(k) {
                    None | Some(Value::Null) => Ok(None),
                    Some(Value::Int(n)) => n
                        .to_i64()
                        .map(Some)
                        .ok_or_else(|| err(&path(k), ClimMsg::OutOfRange)),
                    Some(v) => Err(err(
                        &path(k),
                        ClimMsg::NotInteger {
                            found: v.type_name(),
                        },
                    )),
                }
            };
            let p_up = num("p_up")?.ok_or_else(|| err(&path("p_up"), ClimMsg::Missing))?;
            if !(0.0..=1.0).contains(&p_up) {
                return Err(err(
                    &path("p_up"),
                    ClimMsg::OutsideUnit {
                        p: p_up.to_string(),
                    },
                ));
            }
            entries.push(ClimEntry {
                asset: text("asset")?,
                h: text("h")?,
                p_up,
                p_up_ex_draw: num("p_up_ex_draw")?,
                n: int("n")?,
                n_independent: int("n_independent")?,
            });
        }
        Ok(ClimatologyTable {
            entries,
            sha256,
            stated_sha256,
        })
    }

    /// Whether the content hash equals `expected` (e.g. [`REGISTERED_CLIM_SHA256`]) or, when
    /// None, the hash the file states (`sha256_ok`).
    pub fn sha256_ok(&self, expected: Option<&str>) -> bool {
        match expected.or(self.stated_sha256.as_deref()) {
            Some(e) => e.eq_ignore_ascii_case(&self.sha256),
            None => false,
        }
    }

    /// The base rate q (0-1) for an asset and horizon.
    pub fn q(&self, asset: &str, h: &str) -> Option<f64> {
        self.entries
            .iter()
            .find(|e| e.asset == asset && e.h == h)
            .map(|e| e.p_up)
    }

    /// The ex-draw base rate (`p_up_ex_draw`), if the table has one.
    pub fn q_ex_draw(&self, asset: &str, h: &str) -> Option<f64> {
        self.entries
            .iter()
            .find(|e| e.asset == asset && e.h == h)
            .and_then(|e| e.p_up_ex_draw)
    }
}

/// Brier skill score `1 - B / B_ref` on the same rows (§4.3); None when `b_ref` is 0.
pub fn bss(b: f64, b_ref: f64) -> Option<f64> {
    (b_ref != 0.0).then(|| 1.0 - b / b_ref)
}

/// The momentum rule's probability of up (§4.5; F15 in §8.1): 55% in the direction of the
/// previous session's league outcome (reference to close), no forecast after a zero move.
pub fn momentum_pct(previous_change_pct: f64) -> Option<f64> {
    if previous_change_pct > 0.0 {
        Some(MOMENTUM_PCT)
    } else if previous_change_pct < 0.0 {
        Some(100.0 - MOMENTUM_PCT)
    } else {
        None
    }
}

/// The momentum rule's expected Brier when the outcome is independent of yesterday and up
/// has probability 1/2: `0.5 (0.45^2 + 0.55^2)` = 0.2525 (§4.5).
pub fn momentum_no_skill_brier() -> f64 {
    0.5 * (brier(MOMENTUM_PCT, true) + brier(MOMENTUM_PCT, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn momentum_spec_number() {
        assert!((momentum_no_skill_brier() - 0.2525).abs() < 1e-15);
        assert_eq!(momentum_pct(0.3), Some(55.0));
        assert_eq!(momentum_pct(-0.3), Some(45.0));
        assert_eq!(momentum_pct(0.0), None);
    }

    #[test]
    fn table_hash_ignores_its_own_key() {
        let body = br#"{"rule": "strict up", "table": [{"asset": "SPX", "h": "1d", "p_up": 0.536, "n": 2514}], "window": "2016-2025"}"#;
        let t = ClimatologyTable::parse(body).unwrap();
        let with = format!(
            r#"{{"sha256": "{}", "rule": "strict up", "window": "2016-2025", "table": [{{"n": 2514, "p_up": 0.536, "h": "1d", "asset": "SPX"}}]}}"#,
            t.sha256
        );
        let t2 = ClimatologyTable::parse(with.as_bytes()).unwrap();
        assert_eq!(t2.sha256, t.sha256);
        assert!(t2.sha256_ok(None));
        assert!(!t2.sha256_ok(Some(REGISTERED_CLIM_SHA256)));
        assert_eq!(t2.q("SPX", "1d"), Some(0.536));
        let e = ClimatologyTable::parse(br#"{"table": [{"asset": "SPX", "h": "1d", "p_up": 2}]}"#)
            .unwrap_err();
        assert_eq!(
            (e.path.as_str(), &e.message),
            ("table[0].p_up", &ClimMsg::OutsideUnit { p: "2".into() })
        );
        assert_eq!(e.to_string(), "table[0].p_up: 2 is outside 0-1");
        let e = ClimatologyTable::parse(br#"{"table": [{"asset": "SPX", "h": 1, "p_up": 0.5}]}"#)
            .unwrap_err();
        assert_eq!(e.to_string(), "table[0].h: expected a string");
        // A lone surrogate is escaped by ensure_ascii, so the content hash still exists.
        assert!(ClimatologyTable::parse(br#"{"table": [], "x": "\ud800"}"#).is_ok());
        assert_eq!(bss(0.2, 0.25), Some(1.0 - 0.8));
    }
}
