//! The open-data files of spec Appendix C that a league derives from its sealed files, beside
//! the book, the forecasts file and the stats document: `council-calibration.json` (the fixed
//! climatology, §4.3, §8.1), `league-roster.json` (the seats, Table 8),
//! `council-forecasts-index.json` (per-run slices of the forecasts file),
//! `markets-digest.json` (a small summary a reader opens first) and `arena-dataset.json` (the
//! data dictionary, Requirement 11: every published file, every field, its type, unit and
//! meaning; the fields renamed from the spec mapped to the spec's names; the files the spec
//! names that the league does not publish, with why).
//!
//! The one owner of these layouts: the builders below write them and [`Dictionary::parse`]
//! reads the dictionary back, which is how a reader (and the test that walks a published
//! league) holds every file to it. Every file is one line of JSON written as the seal writes
//! it (sorted keys, `", "`, `": "`) with a final LF, so the same sealed files give the same
//! bytes.

use crate::book::canon::{self, DumpOptions, Object, Value};
use crate::contract::forecasts_csv::{parse_number, CsvTable, TABLE_C1_COLUMNS};
use crate::hex;
use crate::records::book_lines::BookLines;
use crate::records::names::{float, int, object, string, MARKETS, MARKET_NAMES};
pub use crate::records::names::{
    CALIBRATION_FILE, DATASET_FILE, DIGEST_FILE, FORECASTS_INDEX_FILE, ROSTER_FILE,
};
use crate::score::baselines::{check_clim_seal, is_baseline, ClimError, ClimatologyTable};
use crate::score::roster::Roster;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};

/// How the crowd's question is chosen for a market (spec §4.9, `method.crowd_window`).
pub const CROWD_WINDOW: &str = "for each market the ask lists the daily prediction-market question closest to the league's own event: the Polymarket question when Polymarket lists the market, the Kalshi question only when it does not; its price and volume are recorded when the ask goes out and sealed in the run line (crowd.odds for Polymarket, crowd.kalshi for Kalshi); the seats answer it blind to the price under crowd_up";

/// One JSON line as the seal writes it, with its LF.
fn line_bytes(o: Object) -> Vec<u8> {
    let mut b =
        canon::to_bytes(&Value::Object(o), DumpOptions::SEAL).expect("built from valid strings");
    b.push(b'\n');
    b
}

/// `council-calibration.json` from the sealed climatology table `clim` (the bytes of
/// `council-clim-window.json`) and the content hash the league's declaration sealed
/// (`climatology_sha256`, None when it seals none): `climatology_fixed` holds the table's rows
/// as sealed (`asset`, `h`, `p_up`, `p_up_ex_draw`, `n`, `n_independent`, `window`, `rule`),
/// its content hash `sha256` (spec §4.3), `sealed_sha256` and `sha256_ok` (the content hashes
/// to the hash the table states and to the sealed one, when one is sealed); `method` says how
/// the crowd's question is chosen. An unreadable table is an error naming its field.
pub fn calibration_bytes(clim: &[u8], sealed: Option<&str>) -> Result<Vec<u8>, ClimError> {
    let table = ClimatologyTable::parse(clim)?;
    let doc = canon::parse(clim).map_err(|e| ClimError {
        path: "(file)".into(),
        message: crate::score::baselines::ClimMsg::NotJson {
            offset: 0,
            detail: e.to_string(),
        },
    })?;
    let get = |k: &str| {
        doc.as_object()
            .and_then(|o| o.get(k))
            .cloned()
            .unwrap_or(Value::Null)
    };
    let seal = check_clim_seal(sealed, Some(clim));
    let ok = table.sha256_ok(None) && !seal.failed();
    let fixed = object([
        ("table", get("table")),
        ("window", get("window")),
        ("rule", get("rule")),
        ("sha256", string(&table.sha256)),
        ("sealed_sha256", sealed.map_or(Value::Null, string)),
        ("sha256_ok", Value::Bool(ok)),
        ("file", string(crate::records::names::CLIM_FILE)),
    ]);
    let method = object([("crowd_window", string(CROWD_WINDOW))]);
    Ok(line_bytes(object([
        ("climatology_fixed", Value::Object(fixed)),
        ("method", Value::Object(method)),
    ])))
}

/// `league-roster.json`: the league's name and methodology version, where the roster was read,
/// and each seat in roster order with its `model`, `family`, `side`, whether it is a baseline
/// (`baseline`, spec §4.3, §4.5), the provider the roster line sealed for it (`provider`, the
/// operator's declaration, spec §3.10, Table 8; null when the roster names none), and the
/// model versions and modes its answer lines in `lines` sealed (as corrected, sorted; spec
/// Table 8, §3.10). Every value is read from the sealed files, none from the operator's
/// configuration at publication.
pub fn roster_bytes(
    league: &str,
    methodology: &str,
    roster: &Roster,
    lines: &BookLines,
) -> Vec<u8> {
    let mut versions: BTreeMap<&str, (BTreeSet<String>, BTreeSet<String>)> = BTreeMap::new();
    for (n, a) in &lines.answers {
        let Some(seat) = a.seat.as_deref() else {
            continue;
        };
        let e = versions.entry(seat).or_default();
        if let Some(m) = lines.corrected_str(*n, "model").or(a.model.as_deref()) {
            e.0.insert(m.to_string());
        }
        if let Some(m) = lines.corrected_str(*n, "mode").or(a.mode.as_deref()) {
            e.1.insert(m.to_string());
        }
    }
    let strings = |s: Option<&BTreeSet<String>>| {
        Value::Array(s.into_iter().flatten().map(|v| string(v)).collect())
    };
    let seats = roster
        .seats
        .iter()
        .map(|s| {
            let v = versions.get(s.seat.as_str());
            Value::Object(object([
                ("seat", string(&s.seat)),
                ("model", s.model.as_deref().map_or(Value::Null, string)),
                ("family", string(&s.family)),
                ("side", s.side.map_or(Value::Null, |x| string(x.as_str()))),
                ("baseline", Value::Bool(s.is_baseline())),
                (
                    "provider",
                    s.provider.as_deref().map_or(Value::Null, string),
                ),
                ("versions", strings(v.map(|x| &x.0))),
                ("modes", strings(v.map(|x| &x.1))),
            ]))
        })
        .collect();
    line_bytes(object([
        ("league", string(league)),
        ("methodology_version", string(methodology)),
        (
            "source",
            roster
                .source
                .as_ref()
                .map_or(Value::Null, |s| string(&s.to_string())),
        ),
        ("seats", Value::Array(seats)),
    ]))
}

/// Where each physical line of `bytes` starts (line 1 at 0).
fn line_starts(bytes: &[u8]) -> Vec<usize> {
    std::iter::once(0)
        .chain(
            bytes
                .iter()
                .enumerate()
                .filter(|(_, b)| **b == b'\n')
                .map(|(i, _)| i + 1),
        )
        .collect()
}

/// `council-forecasts-index.json` of the forecasts file `csv` (as published): its size and
/// SHA-256, the header's length in bytes, and for each run in file order its `session`,
/// `run_role`, `methodology_version`, how many rows and seats, the rows by `status`, and its
/// `slices`: each run of consecutive records as the first record's number (`first_row`, the
/// header being row 1), `rows`, and the byte `offset` and `length` to read it with (an HTTP
/// Range request on the published file). Not a forecasts file: an error in English.
pub fn forecasts_index_bytes(csv: &[u8]) -> Result<Vec<u8>, String> {
    let t = CsvTable::parse(csv).map_err(|e| e.to_string())?;
    let col = |name: &str| {
        t.column(name)
            .ok_or_else(|| format!("council-forecasts.csv: column {name}: missing"))
    };
    let (c_run, c_session, c_role, c_meth, c_seat, c_status) = (
        col("run_id")?,
        col("session")?,
        col("run_role")?,
        col("methodology_version")?,
        col("seat")?,
        col("status")?,
    );
    let starts = line_starts(csv);
    let start_of = |line: u64| starts.get(line as usize - 1).copied().unwrap_or(csv.len());
    struct Run {
        session: String,
        role: String,
        meth: String,
        seats: BTreeSet<String>,
        status: BTreeMap<String, i64>,
        rows: i64,
        slices: Vec<(u64, i64, usize, usize)>,
    }
    let mut order: Vec<String> = Vec::new();
    let mut runs: BTreeMap<String, Run> = BTreeMap::new();
    let mut prev: Option<String> = None;
    for (i, r) in t.records.iter().enumerate() {
        let f = |c: usize| r.fields.get(c).cloned().unwrap_or_default();
        let id = f(c_run);
        let begin = start_of(r.line);
        let end = t.records.get(i + 1).map_or(csv.len(), |n| start_of(n.line));
        let run = runs.entry(id.clone()).or_insert_with(|| {
            order.push(id.clone());
            Run {
                session: f(c_session),
                role: f(c_role),
                meth: f(c_meth),
                seats: BTreeSet::new(),
                status: BTreeMap::new(),
                rows: 0,
                slices: Vec::new(),
            }
        });
        run.rows += 1;
        run.seats.insert(f(c_seat));
        *run.status.entry(f(c_status)).or_default() += 1;
        match run.slices.last_mut() {
            Some(s) if prev.as_deref() == Some(id.as_str()) => {
                s.1 += 1;
                s.3 = end - s.2;
            }
            _ => run.slices.push((r.row, 1, begin, end - begin)),
        }
        prev = Some(id);
    }
    let runs_v = order
        .iter()
        .map(|id| {
            let r = &runs[id];
            Value::Object(object([
                ("run_id", string(id)),
                ("session", string(&r.session)),
                ("run_role", string(&r.role)),
                ("methodology_version", string(&r.meth)),
                ("rows", int(r.rows)),
                ("seats", int(r.seats.len() as i64)),
                (
                    "status",
                    Value::Object(object(r.status.iter().map(|(k, v)| (k.as_str(), int(*v))))),
                ),
                (
                    "slices",
                    Value::Array(
                        r.slices
                            .iter()
                            .map(|(first, rows, off, len)| {
                                Value::Object(object([
                                    ("first_row", int(*first as i64)),
                                    ("rows", int(*rows)),
                                    ("offset", int(*off as i64)),
                                    ("length", int(*len as i64)),
                                ]))
                            })
                            .collect(),
                    ),
                ),
            ]))
        })
        .collect();
    let header_bytes = t.records.first().map_or(csv.len(), |r| start_of(r.line));
    Ok(line_bytes(object([
        ("file", string(crate::records::names::FORECASTS_FILE)),
        ("bytes", int(csv.len() as i64)),
        ("sha256", string(&hex::sha256_hex(csv))),
        ("header_bytes", int(header_bytes as i64)),
        ("runs", Value::Array(runs_v)),
    ])))
}

/// `markets-digest.json` of the forecasts file `csv`: the league's runs and rows, and for each
/// market of Table 2 its name, its latest run with forecasts, that run's reference price and,
/// per horizon, how many counted model rows (baselines left out) stated a probability and
/// their plain mean (`mean_prob_up`, 0-100: not the weighted consensus of §5.3, which
/// `council-stats.json` holds), and over the whole file the events resolved and the events
/// strictly up (distinct `event_id` with a `close`). Not a forecasts file: an error in English.
pub fn digest_bytes(league: &str, methodology: &str, csv: &[u8]) -> Result<Vec<u8>, String> {
    let t = CsvTable::parse(csv).map_err(|e| e.to_string())?;
    let col = |name: &str| {
        t.column(name)
            .ok_or_else(|| format!("council-forecasts.csv: column {name}: missing"))
    };
    let c: BTreeMap<&str, usize> = [
        "run_id",
        "session",
        "model",
        "status",
        "asset",
        "horizon",
        "prob_up",
        "ref",
        "close",
        "actual_pct",
        "cell_status",
        "event_id",
    ]
    .into_iter()
    .map(|n| col(n).map(|i| (n, i)))
    .collect::<Result<_, _>>()?;
    let runs: BTreeSet<&str> = t
        .records
        .iter()
        .filter_map(|r| r.fields.get(c["run_id"]).map(String::as_str))
        .collect();
    let mut markets = Vec::new();
    for (asset, name) in MARKET_NAMES {
        let f = |r: &'_ crate::contract::forecasts_csv::CsvRecord, k: &str| -> String {
            r.fields.get(c[k]).cloned().unwrap_or_default()
        };
        let rows: Vec<_> = t
            .records
            .iter()
            .filter(|r| f(r, "asset") == asset)
            .collect();
        let latest = rows
            .iter()
            .filter(|r| !f(r, "prob_up").is_empty())
            .map(|r| (f(r, "session"), f(r, "run_id")))
            .max();
        let mut horizons = Object::new();
        let mut reference = Value::Null;
        if let Some((_, run)) = &latest {
            let mut by_h: BTreeMap<String, Vec<f64>> = BTreeMap::new();
            for r in rows.iter().filter(|r| f(r, "run_id") == *run) {
                if reference == Value::Null {
                    if let Some(x) = parse_number(&f(r, "ref")) {
                        reference = float(x);
                    }
                }
                let stated = matches!(f(r, "cell_status").as_str(), "elicited" | "explicit_50");
                if f(r, "status") != "counted" || !stated || is_baseline(&f(r, "model")) {
                    continue;
                }
                if let Some(p) = parse_number(&f(r, "prob_up")) {
                    by_h.entry(f(r, "horizon")).or_default().push(p);
                }
            }
            for (h, ps) in by_h {
                let mean = ps.iter().sum::<f64>() / ps.len() as f64;
                horizons.insert(
                    &h,
                    Value::Object(object([
                        ("forecasts", int(ps.len() as i64)),
                        ("mean_prob_up", float(mean)),
                    ])),
                );
            }
        }
        let mut events: BTreeMap<String, bool> = BTreeMap::new();
        for r in &rows {
            let id = f(r, "event_id");
            if id.is_empty() || f(r, "close").is_empty() {
                continue;
            }
            if let Some(x) = parse_number(&f(r, "actual_pct")) {
                events.insert(id, x > 0.0);
            }
        }
        let (session, run) = latest.map_or((Value::Null, Value::Null), |(s, r)| {
            (string(&s), string(&r))
        });
        markets.push(Value::Object(object([
            ("asset", string(asset)),
            ("name", string(name)),
            ("latest_run", run),
            ("latest_session", session),
            ("ref", reference),
            ("horizons", Value::Object(horizons)),
            ("events_resolved", int(events.len() as i64)),
            (
                "events_up",
                int(events.values().filter(|u| **u).count() as i64),
            ),
        ])));
    }
    debug_assert_eq!(markets.len(), MARKETS.len());
    Ok(line_bytes(object([
        ("league", string(league)),
        ("methodology_version", string(methodology)),
        ("runs", int(runs.len() as i64)),
        ("rows", int(t.records.len() as i64)),
        ("markets", Value::Array(markets)),
    ])))
}

/// One documented field: its name (a JSON key, a CSV column or a line key, or a key
/// placeholder such as `<seat>` standing for every key of a map, declared in the dictionary's
/// `keys`), JSON type (`a|b` when it is either; `text`/`number`/`bool` for a CSV cell), unit and
/// meaning; `fields` documents the members of an object, or of each object in a list;
/// `optional` says why a published league may hold no such field (absent: every league of the
/// engine holds it).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FieldDoc {
    /// The field's `name`: a JSON key, a CSV column or a line key, or a key placeholder (`<seat>`).
    pub name: String,
    /// The field's `type`: a JSON type (`a|b` when it is either), or `text`/`number`/`bool` for a
    /// CSV cell.
    #[serde(rename = "type")]
    pub kind: String,
    /// The field's `unit` (`""` when it has none).
    pub unit: String,
    /// The field's `meaning`, one sentence.
    pub meaning: String,
    /// The field's `fields`: the members of an object, or of each object in a list (empty for a
    /// scalar).
    #[serde(default)]
    pub fields: Vec<FieldDoc>,
    /// The field's `optional`: why a published league may hold no such field; `None`: every league
    /// of the engine holds it.
    #[serde(default)]
    pub optional: Option<String>,
}

impl FieldDoc {
    /// Whether the name is a key placeholder (`<seat>`): it documents every key of a map.
    pub fn is_placeholder(&self) -> bool {
        is_placeholder(&self.name)
    }
}

/// The documented member of `fields` a JSON key `key` falls under: the field of that exact
/// name, else the list's key placeholder (a list holds at most one, checked by
/// [`Dictionary::parse`]).
pub fn member<'a>(fields: &'a [FieldDoc], key: &str) -> Option<&'a FieldDoc> {
    fields
        .iter()
        .find(|f| f.name == key && !f.is_placeholder())
        .or_else(|| fields.iter().find(|f| f.is_placeholder()))
}

/// A key placeholder's name: `<`, one or more of `a-z`, `_`, then `>`.
fn is_placeholder(name: &str) -> bool {
    name.len() > 2
        && name.starts_with('<')
        && name.ends_with('>')
        && name[1..name.len() - 1]
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b == b'_')
}

/// A key placeholder the dictionary uses, with what its keys are.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeyDoc {
    /// The placeholder's `name`, with its angle brackets (`<seat>`).
    pub name: String,
    /// The placeholder's `meaning`: what its keys are.
    pub meaning: String,
}

/// One documented file (or family of files: `path` may end in `*` or hold one `*` segment).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileDoc {
    /// The file's `path` in the league directory, `/`-separated; a `*` stands for a family of
    /// files.
    pub path: String,
    /// `json` (one document), `jsonl` (one object a line), `csv`, `text`, `binary`.
    pub format: String,
    /// The file's `meaning`, one sentence.
    pub meaning: String,
    /// The document's members, the lines' keys or the CSV's columns (none for text and binary).
    pub fields: Vec<FieldDoc>,
}

/// A field published under another name than the spec's.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Renamed {
    /// The `spec` name: the field (or file and field) as the spec names it.
    pub spec: String,
    /// The `published` name: where the field is published instead.
    pub published: String,
    /// The `file` the published field is in.
    pub file: String,
    /// The `note`: what the published field holds.
    pub note: String,
}

/// A file the spec names that the league does not publish.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NotPublished {
    /// The `file` the spec names (or the item it asks for).
    pub file: String,
    /// The `why`: why it is not published, and where its content is instead.
    pub why: String,
}

/// `arena-dataset.json` as read back.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dictionary {
    /// The dictionary's layout, always [`DATASET_FORMAT`] (`sealbook-dataset-1`).
    pub format: String,
    /// The key placeholders its fields use (`<seat>`, `<horizon>`, ...), each with its meaning.
    pub keys: Vec<KeyDoc>,
    /// The documented files of the league directory.
    pub files: Vec<FileDoc>,
    /// The fields published under another name than the spec's, mapped to the spec's names.
    pub renamed: Vec<Renamed>,
    /// The files the spec names that the league does not publish, each with why.
    pub not_published: Vec<NotPublished>,
}

/// The dictionary's `format`.
pub const DATASET_FORMAT: &str = "sealbook-dataset-1";
/// Largest dictionary read (bytes).
pub const MAX_DATASET_BYTES: usize = 4 << 20;
/// Most file entries a dictionary may hold.
pub const MAX_DATASET_FILES: usize = 1000;
/// Longest file path or pattern a dictionary may hold (bytes).
pub const MAX_PATTERN_BYTES: usize = 1024;
/// Deepest nesting of `fields` a dictionary may hold.
pub const MAX_FIELD_DEPTH: usize = 16;

impl Dictionary {
    /// Reads `arena-dataset.json`; an error names the field (serde's words).
    pub fn parse(bytes: &[u8]) -> Result<Dictionary, String> {
        if bytes.len() > MAX_DATASET_BYTES {
            return Err(format!(
                "{DATASET_FILE}: {} bytes, at most {MAX_DATASET_BYTES} are read",
                bytes.len()
            ));
        }
        let d: Dictionary =
            serde_json::from_slice(bytes).map_err(|e| format!("{DATASET_FILE}: {e}"))?;
        if d.format != DATASET_FORMAT {
            return Err(format!(
                "{DATASET_FILE}: field format: {:?} is not {DATASET_FORMAT:?}",
                d.format
            ));
        }
        if d.files.len() > MAX_DATASET_FILES {
            return Err(format!(
                "{DATASET_FILE}: field files: {} entries, at most {MAX_DATASET_FILES}",
                d.files.len()
            ));
        }
        if let Some((i, f)) = d
            .files
            .iter()
            .enumerate()
            .find(|(_, f)| f.path.len() > MAX_PATTERN_BYTES)
        {
            return Err(format!(
                "{DATASET_FILE}: field files[{i}].path: {} bytes, at most {MAX_PATTERN_BYTES}",
                f.path.len()
            ));
        }
        for (i, k) in d.keys.iter().enumerate() {
            if !is_placeholder(&k.name) {
                return Err(format!(
                    "{DATASET_FILE}: field keys[{i}].name: {:?} is not <name> (a-z, _)",
                    k.name
                ));
            }
            if d.keys[..i].iter().any(|o| o.name == k.name) {
                return Err(format!(
                    "{DATASET_FILE}: field keys[{i}].name: {:?} declared twice",
                    k.name
                ));
            }
        }
        for (i, f) in d.files.iter().enumerate() {
            d.check_fields(&format!("files[{i}]"), &f.fields, 0)?;
        }
        Ok(d)
    }

    /// The fields of one list (at `at`, `depth` lists down): names unique, at most one key
    /// placeholder and only a declared one, nesting at most [`MAX_FIELD_DEPTH`] deep.
    fn check_fields(&self, at: &str, fields: &[FieldDoc], depth: usize) -> Result<(), String> {
        if depth > MAX_FIELD_DEPTH {
            return Err(format!(
                "{DATASET_FILE}: field {at}.fields: nested more than {MAX_FIELD_DEPTH} deep"
            ));
        }
        let mut placeholders = 0;
        for (j, f) in fields.iter().enumerate() {
            let here = format!("{at}.fields[{j}]");
            if f.name.contains(['<', '>']) {
                if !f.is_placeholder() || !self.keys.iter().any(|k| k.name == f.name) {
                    return Err(format!(
                        "{DATASET_FILE}: field {here}.name: {:?} is not a key placeholder of keys",
                        f.name
                    ));
                }
                placeholders += 1;
                if placeholders > 1 {
                    return Err(format!(
                        "{DATASET_FILE}: field {here}.name: a second key placeholder in one object"
                    ));
                }
            }
            if fields[..j].iter().any(|o| o.name == f.name) {
                return Err(format!(
                    "{DATASET_FILE}: field {here}.name: {:?} documented twice",
                    f.name
                ));
            }
            self.check_fields(&here, &f.fields, depth + 1)?;
        }
        Ok(())
    }

    /// The entry documenting the published file at `path`: its exact path, else the first
    /// pattern matching it (`*` stands for one or more path characters).
    pub fn file(&self, path: &str) -> Option<&FileDoc> {
        self.files
            .iter()
            .find(|f| f.path == path)
            .or_else(|| self.files.iter().find(|f| glob(&f.path, path)))
    }
}

/// Whether `path` matches `pattern`, whose `*` stands for one or more characters (bytes):
/// one pass per pattern byte over the path, so at most [`MAX_PATTERN_BYTES`] times the path's
/// length steps, whatever the stars.
fn glob(pattern: &str, path: &str) -> bool {
    let s = path.as_bytes();
    // matched[j]: the pattern so far matches the path's first j bytes.
    let mut matched = vec![false; s.len() + 1];
    matched[0] = true;
    for &c in pattern.as_bytes() {
        let mut next = vec![false; s.len() + 1];
        let mut before = false;
        for j in 1..=s.len() {
            next[j] = if c == b'*' {
                before |= matched[j - 1];
                before
            } else {
                matched[j - 1] && s[j - 1] == c
            };
        }
        matched = next;
    }
    matched[s.len()]
}

type F = (&'static str, &'static str, &'static str, &'static str);

/// One field of the dictionary's content with its members (`kids`) and, when a league may
/// hold none, why (`optional`).
struct N {
    f: F,
    optional: &'static str,
    kids: &'static [N],
}

/// A field every league holds.
const fn n(f: F, kids: &'static [N]) -> N {
    N {
        f,
        optional: "",
        kids,
    }
}

/// A field a league may not hold, with why.
const fn opt(f: F, why: &'static str, kids: &'static [N]) -> N {
    N {
        f,
        optional: why,
        kids,
    }
}

fn node_value(node: &N) -> Value {
    let (name, kind, unit, meaning) = node.f;
    let mut o = object([
        ("name", string(name)),
        ("type", string(kind)),
        ("unit", string(unit)),
        ("meaning", string(meaning)),
    ]);
    if !node.kids.is_empty() {
        o.insert(
            "fields",
            Value::Array(node.kids.iter().map(node_value).collect()),
        );
    }
    if !node.optional.is_empty() {
        o.insert("optional", string(node.optional));
    }
    Value::Object(o)
}

fn nodes(kids: &[N]) -> Vec<Value> {
    kids.iter().map(node_value).collect()
}

fn field_value(f: F, fields: &[F]) -> Value {
    let (name, kind, unit, meaning) = f;
    let mut o = object([
        ("name", string(name)),
        ("type", string(kind)),
        ("unit", string(unit)),
        ("meaning", string(meaning)),
    ]);
    if !fields.is_empty() {
        o.insert(
            "fields",
            Value::Array(fields.iter().map(|f| field_value(*f, &[])).collect()),
        );
    }
    Value::Object(o)
}

fn file_value(path: &str, format: &str, meaning: &str, fields: Vec<Value>) -> Value {
    Value::Object(object([
        ("path", string(path)),
        ("format", string(format)),
        ("meaning", string(meaning)),
        ("fields", Value::Array(fields)),
    ]))
}

fn plain(fields: &[F]) -> Vec<Value> {
    fields.iter().map(|f| field_value(*f, &[])).collect()
}

include!("open_data_fields.rs");

/// `arena-dataset.json`: every file a league publishes with every field, its type, unit and
/// meaning (the CSV's columns in [`TABLE_C1_COLUMNS`] order first), the fields published under
/// another name than the spec's mapped to the spec's name, and the files the spec names that
/// the league does not publish, with why.
pub fn dataset_bytes() -> Vec<u8> {
    debug_assert!(TABLE_C1_COLUMNS
        .iter()
        .all(|c| CSV_COLUMNS.iter().any(|f| f.0 == *c)));
    let files = dictionary_files();
    let renamed = RENAMED
        .iter()
        .map(|(spec, published, file, note)| {
            Value::Object(object([
                ("spec", string(spec)),
                ("published", string(published)),
                ("file", string(file)),
                ("note", string(note)),
            ]))
        })
        .collect();
    let not_published = NOT_PUBLISHED
        .iter()
        .map(|(file, why)| Value::Object(object([("file", string(file)), ("why", string(why))])))
        .collect();
    let keys = KEYS
        .iter()
        .map(|(name, meaning)| {
            Value::Object(object([
                ("name", string(name)),
                ("meaning", string(meaning)),
            ]))
        })
        .collect();
    line_bytes(object([
        ("format", string(DATASET_FORMAT)),
        ("keys", Value::Array(keys)),
        ("files", Value::Array(files)),
        ("renamed", Value::Array(renamed)),
        ("not_published", Value::Array(not_published)),
    ]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_of_an_ask_line_is_itemised_once_in_order_and_the_seats_carry_the_roster() {
        assert_eq!(ASKS.len(), ASKS_KEYS.len());
        for (node, key) in ASKS.iter().zip(ASKS_KEYS.iter()) {
            assert_eq!(node.f.0, key.0);
            let names = |kids: &[N]| kids.iter().map(|k| k.f.0).collect::<Vec<_>>();
            let roster = !node.kids.is_empty() && names(node.kids) == names(ROSTER_ENTRY);
            assert_eq!(roster, key.0 == "seats", "{}", key.0);
        }
    }

    /// `league-roster.json` states the provider each seat's sealed roster entry names, and null
    /// for an entry that names none (a line written before seats declared providers).
    #[test]
    fn the_roster_file_publishes_the_sealed_providers() {
        let asks = concat!(
            r#"{"kind": "schedule", "at": "2026-10-16T20:00:00Z"}"#,
            "\n",
            r#"{"kind": "roster", "at": "2026-10-16T20:00:01Z", "seats": [{"seat": "a", "family": "x", "provider": "deepseek"}, {"seat": "b", "family": "y"}]}"#,
            "\n"
        );
        let roster = crate::score::roster::roster_from_asks(asks.as_bytes()).unwrap();
        let bytes = roster_bytes("l", "m", &roster, &BookLines::default());
        let doc: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        assert_eq!(doc["seats"][0]["provider"], "deepseek", "{doc}");
        assert!(doc["seats"][1]["provider"].is_null(), "{doc}");
        assert!(doc["seats"][1].get("provider").is_some(), "{doc}");
    }

    #[test]
    fn the_dictionary_reads_back_and_matches_patterns() {
        let d = Dictionary::parse(&dataset_bytes()).unwrap();
        for p in [
            "council-book.jsonl",
            "council-forecasts.csv",
            "asks/0a1b.md",
            "proof/2026-10-20/130025Z.txt",
            "proof/2026-10-20/130025Z.txt.ots",
            "proof/2026-10-20/130025Z.txt.demo.tsr",
            "proof/2026-10-20/130025Z.txt.anchors.json",
            "proof/2026-10-20/index.html",
            "arena-code-core-src-arena-engine.rs.txt",
            "replies/2026-10-21-am/gpt.txt",
            "tsa/demo-root.pem",
            DATASET_FILE,
            CALIBRATION_FILE,
        ] {
            assert!(d.file(p).is_some(), "{p}");
        }
        assert!(d.file("league.toml").is_none());
        assert!(d.file("council-forecasts.csv.bak").is_none());
        let csv = d.file("council-forecasts.csv").unwrap();
        for c in TABLE_C1_COLUMNS {
            assert!(csv.fields.iter().any(|f| f.name == c), "{c}");
        }
        let mut bad = String::from_utf8(dataset_bytes()).unwrap();
        bad = bad.replacen(
            "\"format\": \"sealbook-dataset-1\"",
            "\"format\": \"other\"",
            1,
        );
        assert!(Dictionary::parse(bad.as_bytes()).is_err());
    }

    /// The event contract's nine keys (spec §3.13) are text everywhere they are published: the
    /// contract's schema types each a string (the identifiers hash the strings), the book's run
    /// lines seal them as strings, and the dictionary says so for the run line's `contracts`
    /// and for the forecasts file's contract columns (`resolver_version` among them).
    #[test]
    fn the_contract_keys_have_one_type_in_the_schema_the_book_and_the_forecasts_file() {
        use crate::contract::event::CONTRACT_KEYS;
        use crate::records::contract_schema::event_contract_schema_bytes;
        let schema: serde_json::Value =
            serde_json::from_slice(&event_contract_schema_bytes()).unwrap();
        let d = Dictionary::parse(&dataset_bytes()).unwrap();
        let book = d.file(crate::records::names::BOOK_FILE).unwrap();
        let cell = &member(
            &member(&member(&book.fields, "contracts").unwrap().fields, "SPX")
                .unwrap()
                .fields,
            "1d",
        )
        .unwrap()
        .fields;
        let csv = d.file(crate::records::names::FORECASTS_FILE).unwrap();
        for k in CONTRACT_KEYS {
            let prop = &schema["properties"][k];
            if k != "horizon" {
                assert_eq!(prop["type"], "string", "schema {k}");
            }
            assert_eq!(member(cell, k).unwrap().kind, "string", "book {k}");
            if let Some(c) = csv.fields.iter().find(|f| f.name == k) {
                assert_eq!(c.kind, "text", "forecasts file {k}");
            }
        }
        assert!(csv.fields.iter().any(|f| f.name == "resolver_version"));
    }

    /// The dictionary with `from` replaced by `to` once, read back.
    fn edited(from: &str, to: &str) -> Result<Dictionary, String> {
        let s = String::from_utf8(dataset_bytes()).unwrap();
        assert!(s.contains(from), "{from}");
        Dictionary::parse(s.replacen(from, to, 1).as_bytes())
    }

    #[test]
    fn key_placeholders_document_every_key_of_a_map_and_are_checked() {
        let d = Dictionary::parse(&dataset_bytes()).unwrap();
        assert!(d.keys.iter().any(|k| k.name == "<seat>"));
        // A book line's items.SPX.1d.prob_up is documented through <asset> and <horizon>.
        let book = d.file("council-book.jsonl").unwrap();
        let items = member(&book.fields, "items").unwrap();
        let asset = member(&items.fields, "SPX").unwrap();
        assert_eq!(asset.name, "<asset>");
        let cell = member(&asset.fields, "1d").unwrap();
        assert_eq!(
            member(&cell.fields, "prob_up").unwrap().unit,
            "percent 0-100"
        );
        // An exact name wins over the placeholder beside it; a list without one finds nothing.
        assert_eq!(member(&book.fields, "seat").unwrap().name, "seat");
        assert!(member(&book.fields, "novel").is_none());
        // Optional fields say why.
        let late = member(&book.fields, "late_ref").unwrap();
        assert!(late.optional.as_deref().is_some_and(|w| !w.is_empty()));
        assert!(member(&book.fields, "n").unwrap().optional.is_none());

        let undeclared = edited(
            "\"name\": \"<code>\", \"type\"",
            "\"name\": \"<venue>\", \"type\"",
        );
        assert!(undeclared.unwrap_err().contains("<venue>"));
        let bad_name = edited("\"name\": \"<seat>\"}", "\"name\": \"<Seat>\"}");
        assert!(bad_name.unwrap_err().contains("keys[1].name"));
        let twice = edited("\"name\": \"<asset>\"}", "\"name\": \"<seat>\"}");
        assert!(twice.unwrap_err().contains("declared twice"));
        // Two placeholders in one object: which key falls under which would be a guess.
        let status = "\"name\": \"<status>\", \"type\": \"integer\", \"unit\": \"count\"}";
        let two = edited(
            status,
            &format!("{status}, {{\"meaning\": \"\", \"name\": \"<seat>\", \"type\": \"integer\", \"unit\": \"\"}}"),
        );
        assert!(two.unwrap_err().contains("second key placeholder"));
        let first = "\"name\": \"first_row\", \"type\": \"integer\", \"unit\": \"record number\"}";
        let dup = edited(
            first,
            &format!("{first}, {{\"meaning\": \"\", \"name\": \"first_row\", \"type\": \"integer\", \"unit\": \"\"}}"),
        );
        assert!(dup.unwrap_err().contains("\"first_row\" documented twice"));
        // Nesting deeper than MAX_FIELD_DEPTH is refused, not walked.
        let mut deep = String::from("[]");
        for _ in 0..=MAX_FIELD_DEPTH + 1 {
            deep = format!(
                "[{{\"name\": \"a\", \"type\": \"object\", \"unit\": \"\", \"meaning\": \"\", \"fields\": {deep}}}]"
            );
        }
        let doc = format!(
            "{{\"format\": \"{DATASET_FORMAT}\", \"keys\": [], \"files\": [{{\"path\": \"x.json\", \"format\": \"json\", \"meaning\": \"\", \"fields\": {deep}}}], \"renamed\": [], \"not_published\": []}}"
        );
        assert!(Dictionary::parse(doc.as_bytes())
            .unwrap_err()
            .contains("nested more than"));
    }

    #[test]
    fn index_slices_read_back_each_runs_rows() {
        let csv = b"run_id,session,seat,status,run_role,methodology_version\n\
            r1,2026-10-19,a,counted,session_run,m\n\
            r1,2026-10-19,b,no_answer,session_run,m\n\
            r2,2026-10-20,a,counted,session_run,m\n\
            r1,2026-10-19,c,counted,session_run,m\n";
        let idx = forecasts_index_bytes(csv).unwrap();
        let v: serde_json::Value = serde_json::from_slice(&idx).unwrap();
        let r1 = &v["runs"][0];
        assert_eq!(r1["run_id"], "r1");
        assert_eq!(r1["rows"], 3);
        assert_eq!(r1["seats"], 3);
        assert_eq!(r1["status"]["counted"], 2);
        let s = r1["slices"].as_array().unwrap();
        assert_eq!(s.len(), 2);
        let slice = |s: &serde_json::Value| {
            let (o, l) = (
                s["offset"].as_u64().unwrap() as usize,
                s["length"].as_u64().unwrap() as usize,
            );
            std::str::from_utf8(&csv[o..o + l]).unwrap().to_string()
        };
        assert_eq!(
            slice(&s[0]),
            "r1,2026-10-19,a,counted,session_run,m\nr1,2026-10-19,b,no_answer,session_run,m\n"
        );
        assert_eq!(s[0]["first_row"], 2);
        assert_eq!(slice(&s[1]), "r1,2026-10-19,c,counted,session_run,m\n");
        assert_eq!(
            slice(&v["runs"][1]["slices"][0]),
            "r2,2026-10-20,a,counted,session_run,m\n"
        );
        assert_eq!(v["header_bytes"], 56);
        assert!(forecasts_index_bytes(b"a,b\n1,2\n")
            .unwrap_err()
            .contains("run_id"));
    }

    #[test]
    fn globs() {
        assert!(glob("proof/*/*Z.txt", "proof/2026-10-20/130025Z.txt"));
        assert!(!glob("proof/*/*Z.txt", "proof/2026-10-20/130025Z.txt.ots"));
        assert!(glob("arena-code-*.txt", "arena-code-x.txt"));
        assert!(!glob("arena-code-*.txt", "arena-code-.txt"));
        assert!(glob("a*b*c", "axxbyc"));
        assert!(!glob("a*b*c", "abc"));
        // Many stars against a long path end in one pass per pattern byte.
        let stars = "*a".repeat(500);
        assert!(!glob(&stars, &"a".repeat(999)));
    }
}
