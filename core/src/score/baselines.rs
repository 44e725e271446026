//! Fixed baselines (spec §4.3, §4.5, §8.1): the sealed climatology table with its content
//! hash and the Brier skill score against it, and the 55% momentum rule.

use super::brier::brier;
use crate::book::canon::{self, DumpOptions, Value};
use crate::hex;
use serde::{Deserialize, Serialize};
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
    /// How the row's events were read from daily bars (`rule`), when the row states it
    /// ([`ClimRule::text`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
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
    Ok(hex::sha256_hex(bytes))
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
                // Read where it is text; a table's rows need not state it.
                rule: o.get("rule").and_then(Value::as_str).map(str::to_owned),
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
        self.entry(asset, h).map(|e| e.p_up)
    }

    /// The table's row of an asset and horizon: its first, as every reader takes it.
    pub fn entry(&self, asset: &str, h: &str) -> Option<&ClimEntry> {
        self.entries.iter().find(|e| e.asset == asset && e.h == h)
    }

    /// The ex-draw base rate (`p_up_ex_draw`), if the table has one.
    pub fn q_ex_draw(&self, asset: &str, h: &str) -> Option<f64> {
        self.entries
            .iter()
            .find(|e| e.asset == asset && e.h == h)
            .and_then(|e| e.p_up_ex_draw)
    }
}

/// How a market's event is read from daily bars (spec §4.3: where no daily history covers
/// the live window, the nearest daily event stands in).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClimRule {
    /// The event's own daily bar: its open to the close of the horizon's last bar (1d the
    /// same bar; 1w, 1m, 6m 5, 21, 126 bars later). The US indexes' bar is the 09:30-16:00
    /// ET session itself, the league's event; the futures' and the dollar index's is the
    /// contract's own trading day.
    SessionBar,
    /// The daily close: the close of the bar before the event's to the close of the
    /// horizon's last bar (the 10-year yield, whose daily history has closes only).
    DailyClose,
    /// Bitcoin's UTC day: the day's open to the close of the UTC day 0, 7, 30 or 182
    /// calendar days later.
    UtcDay,
}

impl ClimRule {
    /// The rule of a market of Table 2.
    pub fn of(asset: &str) -> ClimRule {
        match asset {
            "TNX" => ClimRule::DailyClose,
            crate::records::names::BITCOIN => ClimRule::UtcDay,
            _ => ClimRule::SessionBar,
        }
    }

    /// The rule a row's `rule` text names by its first word (`session_bar`, `daily_close`,
    /// `utc_day`, as [`ClimRule::text`] writes it), None for any other text.
    pub fn parse(text: &str) -> Option<ClimRule> {
        let name = text.split(':').next()?.trim();
        [ClimRule::SessionBar, ClimRule::DailyClose, ClimRule::UtcDay]
            .into_iter()
            .find(|r| r.text().split(':').next() == Some(name))
    }

    /// The words a table row states as its `rule`.
    pub fn text(self) -> &'static str {
        match self {
            ClimRule::SessionBar => "session_bar: the open of the event's daily bar to the close of the horizon's last daily bar (1d the same bar; 1w, 1m, 6m 5, 21, 126 bars later)",
            ClimRule::DailyClose => "daily_close: the close of the daily bar before the event's to the close of the horizon's last daily bar (1d the event's bar; 1w, 1m, 6m 5, 21, 126 bars after it)",
            ClimRule::UtcDay => "utc_day: the open of the UTC day to the close of the UTC day 0, 7, 30 or 182 calendar days later",
        }
    }
}

/// The whole table's rule (spec §4.3, Requirement 9), as `council-clim-window.json` states it.
pub const CLIM_RULE: &str = "strictly up over each market's same event, from daily bars (spec 4.3; each row's rule says how); p_up counts every event, p_up_ex_draw leaves out the events that end where they started (the draw band needs one-minute bars a daily history lacks); an event is counted when it starts and ends inside the window; n_independent counts the events, taken in date order, that do not overlap the last one kept; an event across a gap of more than 7 calendar days between two rows is not counted; where several files give a market, a later file's bar replaces an earlier one's of the same date";

/// Longest gap between two consecutive daily bars an event may span (calendar days; the NYSE
/// has not closed longer since 2001: 2001-09-10 to 2001-09-17).
pub const CLIM_MAX_GAP_DAYS: i64 = 7;

/// One market's daily history for the climatology: the files it came from (name and the
/// SHA-256 of their bytes, in the order given) and their merged bars.
#[derive(Clone, Debug, PartialEq)]
pub struct ClimHistory {
    pub asset: String,
    pub sources: Vec<(String, String)>,
    pub bars: Vec<crate::prices::daily::DailyBar>,
}

/// The counts of one market and horizon over a window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClimCount {
    pub up: u64,
    pub down: u64,
    pub n: u64,
    pub n_independent: u64,
    /// The first event's date and the last event's end date.
    pub first: Option<crate::calendar::Date>,
    pub last_end: Option<crate::calendar::Date>,
}

/// Counts the same-event windows of `bars` under `rule` for `h` whose start and end fall in
/// `from..=to` (spec §4.3).
pub fn clim_count(
    bars: &[crate::prices::daily::DailyBar],
    rule: ClimRule,
    h: crate::calendar::Horizon,
    from: crate::calendar::Date,
    to: crate::calendar::Date,
) -> ClimCount {
    use crate::calendar::Horizon;
    // Every event as (date, end date, start position, end position, start, end); a position
    // orders the opens and closes of the bars (2 x row or day, +1 for the close).
    let mut events: Vec<(
        crate::calendar::Date,
        crate::calendar::Date,
        i64,
        i64,
        f64,
        f64,
    )> = Vec::new();
    match rule {
        ClimRule::SessionBar | ClimRule::DailyClose => {
            // A segment id per row: rows of one segment have no gap above the limit.
            let mut seg = Vec::with_capacity(bars.len());
            let mut s = 0usize;
            for (i, b) in bars.iter().enumerate() {
                if i > 0
                    && b.date.days_since_epoch() - bars[i - 1].date.days_since_epoch()
                        > CLIM_MAX_GAP_DAYS
                {
                    s += 1;
                }
                seg.push(s);
            }
            let k = if h == Horizon::D1 {
                0
            } else {
                h.sessions() as usize
            };
            let back = usize::from(rule == ClimRule::DailyClose);
            for e in back..bars.len() {
                let (i, j) = (e - back, e + k);
                if j >= bars.len() || seg[i] != seg[j] {
                    continue;
                }
                let (start, start_pos) = if back == 1 {
                    (bars[i].close, 2 * i as i64 + 1)
                } else {
                    (bars[i].open, 2 * i as i64)
                };
                events.push((
                    bars[e].date,
                    bars[j].date,
                    start_pos,
                    2 * j as i64 + 1,
                    start,
                    bars[j].close,
                ));
            }
        }
        ClimRule::UtcDay => {
            let by_date: std::collections::BTreeMap<
                crate::calendar::Date,
                &crate::prices::daily::DailyBar,
            > = bars.iter().map(|b| (b.date, b)).collect();
            for b in bars {
                let end_date = b.date.add_days(h.bitcoin_days() as i64);
                if let Some(end) = by_date.get(&end_date) {
                    events.push((
                        b.date,
                        end_date,
                        2 * b.date.days_since_epoch(),
                        2 * end_date.days_since_epoch() + 1,
                        b.open,
                        end.close,
                    ));
                }
            }
        }
    }
    let mut c = ClimCount {
        up: 0,
        down: 0,
        n: 0,
        n_independent: 0,
        first: None,
        last_end: None,
    };
    let mut kept_end: Option<i64> = None;
    for (date, end_date, start_pos, end_pos, start, end) in events {
        if date < from || end_date > to {
            continue;
        }
        c.n += 1;
        if end > start {
            c.up += 1;
        } else if end < start {
            c.down += 1;
        }
        if kept_end.is_none_or(|k| start_pos >= k) {
            c.n_independent += 1;
            kept_end = Some(end_pos);
        }
        c.first = c.first.or(Some(date));
        c.last_end = Some(end_date);
    }
    c
}

/// `council-clim-window.json` (spec §4.3, Requirement 9, Appendix C's `climatology_fixed`)
/// from the markets' daily histories over `from..=to`: a row per market (in the order given)
/// and horizon with at least one event, `p_up` = up / n, `p_up_ex_draw` = up / (up + down)
/// (null when every event is a draw), `n`, `n_independent`, the row's `window` (its first
/// event's date to its last event's end) and `rule`; `no_events` names the market and horizon
/// pairs without one, `sources` each market's files and their SHA-256, and `sha256` the content
/// hash. Written as the seal writes JSON (sorted keys, `", "`, `": "`), one line.
pub fn clim_window_bytes(
    histories: &[ClimHistory],
    from: crate::calendar::Date,
    to: crate::calendar::Date,
    window: &str,
) -> Result<Vec<u8>, canon::EncodeError> {
    use crate::calendar::Horizon;
    use crate::records::names::{float, int, object, string};
    let mut table = Vec::new();
    let mut missing = Vec::new();
    let mut sources = canon::Object::new();
    for hist in histories {
        let rule = ClimRule::of(&hist.asset);
        for h in Horizon::ALL {
            let c = clim_count(&hist.bars, rule, h, from, to);
            let (Some(first), Some(last)) = (c.first, c.last_end) else {
                missing.push(string(&format!("{}/{}", hist.asset, h.as_str())));
                continue;
            };
            let ex = if c.up + c.down == 0 {
                Value::Null
            } else {
                float(c.up as f64 / (c.up + c.down) as f64)
            };
            table.push(Value::Object(object([
                ("asset", string(&hist.asset)),
                ("h", string(h.as_str())),
                ("p_up", float(c.up as f64 / c.n as f64)),
                ("p_up_ex_draw", ex),
                ("n", int(c.n as i64)),
                ("n_independent", int(c.n_independent as i64)),
                ("window", string(&format!("{first}..{last}"))),
                ("rule", string(rule.text())),
            ])));
        }
        sources.insert(
            &hist.asset,
            Value::Array(
                hist.sources
                    .iter()
                    .map(|(name, sha)| {
                        Value::Object(object([("file", string(name)), ("sha256", string(sha))]))
                    })
                    .collect(),
            ),
        );
    }
    let mut o = object([
        ("rule", string(CLIM_RULE)),
        ("window", string(window)),
        ("table", Value::Array(table)),
        ("no_events", Value::Array(missing)),
        ("sources", Value::Object(sources)),
    ]);
    let sha = clim_content_sha256(&o)?;
    o.insert(CLIM_HASH_KEY, string(&sha));
    let mut bytes = canon::to_bytes(&Value::Object(o), DumpOptions::SEAL)?;
    bytes.push(b'\n');
    Ok(bytes)
}

/// The climatology table held to the content hash the league's declaration sealed before the
/// season (spec §4.3, Requirement 9: the base rates are estimated on a fixed window and sealed
/// by a published hash; the declaration's `climatology_sha256`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum ClimSeal {
    /// The declaration seals no table: a league declared before tables were sealed; a table
    /// it publishes is held only to the hash it states itself.
    NotSealed { table: bool, self_hash_ok: bool },
    /// The table hashes to the sealed content hash.
    Held { sha256: String },
    /// The declaration seals a table that is not in the directory.
    Missing { sealed: String },
    /// The table cannot be read (`field` and `why` as [`ClimError`] names them).
    Unreadable {
        sealed: String,
        field: String,
        why: String,
    },
    /// The table's content hashes to `found`, not to the sealed hash.
    Differs { sealed: String, found: String },
}

impl ClimSeal {
    /// Whether the check failed (a sealed table missing, unreadable or different; an
    /// unsealed table whose content does not hash to the hash it states).
    pub fn failed(&self) -> bool {
        match self {
            ClimSeal::NotSealed {
                table,
                self_hash_ok,
            } => *table && !self_hash_ok,
            ClimSeal::Held { .. } => false,
            _ => true,
        }
    }

    /// The failure in English, naming the file and the field; None when it held.
    pub fn failure(&self, file: &str) -> Option<String> {
        let asks = crate::records::names::ASKS_FILE;
        match self {
            ClimSeal::NotSealed {
                table: true,
                self_hash_ok: false,
            } => Some(format!(
                "{file}: sha256: the table's content does not hash to the sha256 it states"
            )),
            ClimSeal::NotSealed { .. } | ClimSeal::Held { .. } => None,
            ClimSeal::Missing { sealed } => Some(format!(
                "{file}: missing: {asks} line 1 field climatology_sha256 seals a climatology table ({sealed})"
            )),
            ClimSeal::Unreadable { field, why, .. } => Some(format!("{file}: {field}: {why}")),
            ClimSeal::Differs { sealed, found } => Some(format!(
                "{file}: sha256: the table's content hashes to {found}, not to {sealed}, the climatology_sha256 sealed in {asks} line 1"
            )),
        }
    }
}

/// Holds `table` (the bytes of `council-clim-window.json`, None when absent) to the content
/// hash `sealed` in the declaration (None when it seals none).
pub fn check_clim_seal(sealed: Option<&str>, table: Option<&[u8]>) -> ClimSeal {
    let Some(sealed) = sealed else {
        return ClimSeal::NotSealed {
            table: table.is_some(),
            self_hash_ok: table
                .and_then(|b| ClimatologyTable::parse(b).ok())
                .is_some_and(|t| t.sha256_ok(None)),
        };
    };
    let sealed = sealed.to_string();
    let Some(bytes) = table else {
        return ClimSeal::Missing { sealed };
    };
    match ClimatologyTable::parse(bytes) {
        Err(e) => ClimSeal::Unreadable {
            sealed,
            field: e.path,
            why: e.message.to_string(),
        },
        Ok(t) if t.sha256_ok(Some(&sealed)) && t.sha256_ok(None) => {
            ClimSeal::Held { sha256: t.sha256 }
        }
        Ok(t) => ClimSeal::Differs {
            sealed,
            found: t.sha256,
        },
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
    const CLIM_FILE_NAME: &str = crate::records::names::CLIM_FILE;

    #[test]
    fn momentum_spec_number() {
        assert!((momentum_no_skill_brier() - 0.2525).abs() < 1e-15);
        assert_eq!(momentum_pct(0.3), Some(55.0));
        assert_eq!(momentum_pct(-0.3), Some(45.0));
        assert_eq!(momentum_pct(0.0), None);
    }

    fn bars(rows: &[(&str, f64, f64)]) -> Vec<crate::prices::daily::DailyBar> {
        rows.iter()
            .map(|(d, o, c)| crate::prices::daily::DailyBar {
                date: crate::calendar::Date::parse(d).unwrap(),
                open: *o,
                close: *c,
            })
            .collect()
    }

    #[test]
    fn same_event_windows_by_rule() {
        use crate::calendar::{Date, Horizon};
        let d = |s| Date::parse(s).unwrap();
        // Six sessions, one gap of 8 days before the last.
        let b = bars(&[
            ("2015-12-31", 1.0, 9.0),
            ("2016-01-04", 10.0, 11.0),
            ("2016-01-05", 11.0, 11.0),
            ("2016-01-06", 12.0, 10.0),
            ("2016-01-07", 10.0, 13.0),
            ("2016-01-15", 13.0, 14.0),
        ]);
        let (from, to) = (d("2016-01-01"), d("2025-12-31"));
        let c = clim_count(&b, ClimRule::SessionBar, Horizon::D1, from, to);
        assert_eq!((c.up, c.down, c.n, c.n_independent), (3, 1, 5, 5));
        assert_eq!(
            (c.first, c.last_end),
            (Some(d("2016-01-04")), Some(d("2016-01-15")))
        );
        // The close before the event's bar: 9 -> 11, 11 -> 11, 11 -> 10, 10 -> 13; the last
        // row's previous close is 8 days back.
        let c = clim_count(&b, ClimRule::DailyClose, Horizon::D1, from, to);
        assert_eq!((c.up, c.down, c.n, c.n_independent), (2, 1, 4, 4));
        // No 1w event (5 bars later) fits inside one segment.
        let c = clim_count(&b, ClimRule::SessionBar, Horizon::W1, from, to);
        assert_eq!(c.n, 0);
        // Bitcoin: calendar days, an event needs the bar 7 days later; overlap counts once.
        let mut btc = Vec::new();
        for i in 0..20 {
            let day = d("2016-01-01").add_days(i);
            btc.push((day.to_string(), i as f64, i as f64 + 0.5));
        }
        let btc: Vec<(&str, f64, f64)> = btc.iter().map(|(a, o, c)| (a.as_str(), *o, *c)).collect();
        let c = clim_count(&bars(&btc), ClimRule::UtcDay, Horizon::W1, from, to);
        // 13 events (day 0..=12), kept: day 0 (ends day 7), day 8 (ends 15).
        assert_eq!((c.up, c.n, c.n_independent), (13, 13, 2));
        let c = clim_count(
            &bars(&btc),
            ClimRule::UtcDay,
            Horizon::W1,
            from,
            d("2016-01-10"),
        );
        assert_eq!(c.n, 3);
    }

    #[test]
    fn clim_window_reads_back() {
        use crate::calendar::Date;
        let d = |s| Date::parse(s).unwrap();
        let h = ClimHistory {
            asset: "SPX".into(),
            sources: vec![("a.csv".into(), "00".into())],
            bars: bars(&[
                ("2016-01-04", 10.0, 11.0),
                ("2016-01-05", 11.0, 11.0),
                ("2016-01-06", 12.0, 10.0),
            ]),
        };
        let bytes = clim_window_bytes(
            &[h],
            d("2016-01-01"),
            d("2025-12-31"),
            "2016-01-01..2025-12-31",
        )
        .unwrap();
        let t = ClimatologyTable::parse(&bytes).unwrap();
        assert!(t.sha256_ok(None));
        assert_eq!(t.entries.len(), 1);
        assert_eq!(t.q("SPX", "1d"), Some(1.0 / 3.0));
        assert_eq!(t.q_ex_draw("SPX", "1d"), Some(0.5));
        assert_eq!(
            (t.entries[0].n, t.entries[0].n_independent),
            (Some(3), Some(3))
        );
        let text = std::str::from_utf8(&bytes).unwrap();
        assert!(
            text.contains(r#""no_events": ["SPX/1w", "SPX/1m", "SPX/6m"]"#),
            "{text}"
        );
        assert!(text.ends_with("}\n"));
    }

    #[test]
    fn sealed_table_is_held_to_its_hash() {
        use crate::calendar::Date;
        let d = |s| Date::parse(s).unwrap();
        let h = ClimHistory {
            asset: "SPX".into(),
            sources: vec![],
            bars: bars(&[("2016-01-04", 10.0, 11.0), ("2016-01-05", 11.0, 12.0)]),
        };
        let bytes = clim_window_bytes(&[h], d("2016-01-01"), d("2025-12-31"), "w").unwrap();
        let sha = ClimatologyTable::parse(&bytes).unwrap().sha256;
        assert_eq!(
            check_clim_seal(Some(&sha), Some(&bytes)),
            ClimSeal::Held {
                sha256: sha.clone()
            }
        );
        // Edited after sealing, its own sha256 restated: the sealed hash no longer holds.
        let edited = String::from_utf8(bytes.clone())
            .unwrap()
            .replace("\"p_up\": 1.0", "\"p_up\": 0.9");
        let t = ClimatologyTable::parse(edited.as_bytes()).unwrap();
        let restated = edited.replace(&sha, &t.sha256);
        let c = check_clim_seal(Some(&sha), Some(restated.as_bytes()));
        assert!(c.failed());
        assert_eq!(
            c.failure(CLIM_FILE_NAME).unwrap(),
            format!("council-clim-window.json: sha256: the table's content hashes to {}, not to {sha}, the climatology_sha256 sealed in asks.jsonl line 1", t.sha256)
        );
        assert!(check_clim_seal(Some(&sha), None).failed());
        assert!(check_clim_seal(Some(&sha), Some(b"[]")).failed());
        // An old league: nothing sealed, marked as such; a table is held to its own hash.
        assert!(!check_clim_seal(None, Some(&bytes)).failed());
        assert!(check_clim_seal(None, Some(edited.as_bytes())).failed());
        assert_eq!(
            check_clim_seal(None, None),
            ClimSeal::NotSealed {
                table: false,
                self_hash_ok: false
            }
        );
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
