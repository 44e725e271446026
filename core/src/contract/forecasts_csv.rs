//! Reading and writing `council-forecasts.csv` (spec Appendix C, Table C1): one row per
//! model, run, market and horizon. [`write_forecasts`] is the one writer of the layout;
//! [`read_forecasts`] and [`Columns`] read it back.
//!
//! RFC 4180 quoting (quoted commas, quotes and line breaks), LF or CRLF line ends, and an
//! optional UTF-8 byte order mark are accepted. Every error names its row (the header is
//! row 1, as a spreadsheet counts) and, where one is at fault, its column.
//!
//! A text field a spreadsheet would run as a formula (it begins with `=`, `+`, `-`, `@`, TAB
//! or CR) is written with a single quote before it and read back without it, by column
//! ([`ColumnKind`]): numbers stay numbers, and every reader gets the sealed value.
//!
//! The header is bounded ([`MAX_HEADER_COLUMNS`], [`MAX_HEADER_BYTES`]) and checked for
//! repeated names in one pass, so a hostile header of a million columns is refused in
//! linear time, in the CLI and in the page's worker alike.

use crate::calendar::{Horizon, Instant};
use crate::contract::event::EventContract;
use std::fmt;

/// The columns of Table C1, as named on 2026-10-21 08:16 UTC.
pub const TABLE_C1_COLUMNS: [&str; 34] = [
    "run_id",
    "session",
    "seat",
    "model",
    "mode",
    "line",
    "sealed_at",
    "status",
    "asset",
    "horizon",
    "action",
    "action_word",
    "prob_up",
    "exp_pct",
    "target",
    "invalidation",
    "ref",
    "close",
    "actual_pct",
    "draw",
    "source_domains",
    "source_urls",
    "why_missing",
    "run_role",
    "seat_versions_in_run",
    "line_kind",
    "reference_at",
    "same_event",
    "cell_status",
    "attempt",
    "event_id",
    "event_reference_at",
    "event_end_at",
    "methodology_version",
];

/// The contract columns the conformance checker rebuilds both identifiers from, beyond
/// Table C1 (which lists the file as of 08:16 UTC, before the full contract; §3.13 has the
/// checker rebuild both ids on every row, and Table 2's note names price_provider,
/// price_symbol and reference_rule on forecast rows).
pub const CONTRACT_COLUMNS: [&str; 6] = [
    "rule",
    "resolver_version",
    "reference_rule",
    "price_provider",
    "price_symbol",
    "event_id_v2",
];

/// Columns the league writes after the contract columns and reads when present (not
/// required: a file of Table C1's columns reads without them): `entry`, the cell's entry level
/// as sealed (§3.6: where a buy_dips seat would add; Appendix C's figure note names the
/// column), and `reference_price_at`, the start of the one-minute bar whose close the
/// reference rule takes first (Appendix C: for Bitcoin sealed at 13:00:19Z, 13:01:00Z).
pub const PUBLISHED_COLUMNS: [&str; 2] = ["entry", "reference_price_at"];

/// Every column the league writes, in the file's order: [`required_columns`], then
/// [`PUBLISHED_COLUMNS`].
pub fn written_columns() -> impl Iterator<Item = &'static str> {
    required_columns().chain(PUBLISHED_COLUMNS.iter().copied())
}

/// Every column the conformance checker and the scorer require.
pub fn required_columns() -> impl Iterator<Item = &'static str> {
    TABLE_C1_COLUMNS
        .iter()
        .chain(CONTRACT_COLUMNS.iter())
        .copied()
}

/// Most columns a header may have. Table C1 and the contract columns make 40; a file a
/// spreadsheet or another tool widened with notes stays far below this, while a hostile
/// header of a million columns is refused before any per-column work.
pub const MAX_HEADER_COLUMNS: usize = 1024;
/// Most bytes the header record may take, its line end included: 40 names take under
/// 500 bytes; 1,024 names of 64 bytes fit.
pub const MAX_HEADER_BYTES: usize = 64 << 10;

/// Row status values (Table C1).
pub const STATUS_VALUES: [&str; 5] = [
    "counted",
    "not_counted",
    "counted_50",
    "no_answer",
    "refused_shape",
];
/// Cell status values (Table C1); empty when the seat sent no cell.
pub const CELL_STATUS_VALUES: [&str; 3] = ["elicited", "explicit_50", "invalid"];
/// Line kind values (Table C1): `issue` for a cell as sealed in the answer line, `correction` for
/// one added by a later correction line.
pub const LINE_KIND_VALUES: [&str; 2] = ["issue", "correction"];
/// Run role values (Table C1): the session's own run, or an earlier run of the same session.
pub const RUN_ROLE_VALUES: [&str; 2] = ["session_run", "earlier_run"];

/// Why the file cannot be read as a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvError {
    /// 1-based record number (header = 1).
    pub row: u64,
    /// 1-based physical line where the record starts.
    pub line: u64,
    /// The column at fault, if one is.
    pub column: Option<String>,
    /// What is wrong, as a message id with its arguments.
    pub message: CsvMsg,
}

impl fmt::Display for CsvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {} (line {})", self.row, self.line)?;
        if let Some(c) = &self.column {
            write!(f, ", column {c}")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// What is wrong with a row or field of the file, as a message id with its arguments (the
/// Scores page words it in the reader's language; `Display` is the English the CLI writes).
/// A field's text (`value`) is shown quoted, as Rust's `{:?}` writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CsvMsg {
    /// The CSV reader refused the bytes (`detail` is its own words).
    NotCsv {
        /// The CSV reader's message.
        detail: String,
    },
    /// The header has more than [`MAX_HEADER_COLUMNS`] columns.
    HeaderTooWide {
        /// Columns in the header.
        columns: usize,
        /// The most read, [`MAX_HEADER_COLUMNS`].
        max: usize,
    },
    /// The header record is longer than [`MAX_HEADER_BYTES`].
    HeaderTooLong {
        /// Bytes of the header record.
        bytes: u64,
        /// The most read, [`MAX_HEADER_BYTES`].
        max: usize,
    },
    /// A field is not UTF-8 from its byte `byte` (0-based) on.
    NotUtf8 {
        /// 0-based byte offset in the field where invalid UTF-8 starts.
        byte: usize,
    },
    /// A record's field count differs from the header's.
    FieldCount {
        /// Fields in the record.
        fields: usize,
        /// Columns in the header.
        header: usize,
    },
    /// A header name repeated (every later occurrence).
    NamedTwice,
    /// A required column the header lacks.
    MissingColumn,
    /// No record at all.
    NoHeader,
    /// Not a number as [`parse_number`] reads it.
    NotNumber {
        /// The field's text.
        value: String,
    },
    /// Not an RFC 3339 time.
    NotTime {
        /// The field's text.
        value: String,
    },
    /// Not a book line number ([`parse_count`]).
    NotLineNumber {
        /// The field's text.
        value: String,
    },
    /// Not a horizon of Table C1.
    NotHorizon {
        /// The field's text.
        value: String,
    },
    /// Not a boolean ([`parse_bool`]).
    NotBool {
        /// The field's text.
        value: String,
    },
}

impl fmt::Display for CsvMsg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CsvMsg::NotCsv { detail } => write!(f, "not CSV: {detail}"),
            CsvMsg::HeaderTooWide { columns, max } => {
                write!(
                    f,
                    "the header has {columns} columns, at most {max} are read"
                )
            }
            CsvMsg::HeaderTooLong { bytes, max } => write!(
                f,
                "the header is {bytes} bytes long, at most {max} bytes are read"
            ),
            CsvMsg::NotUtf8 { byte } => write!(f, "not UTF-8 (byte {byte} of the field)"),
            CsvMsg::FieldCount { fields, header } => {
                write!(f, "has {fields} fields, the header has {header}")
            }
            CsvMsg::NamedTwice => f.write_str("column named twice in the header"),
            CsvMsg::MissingColumn => f.write_str("missing column"),
            CsvMsg::NoHeader => f.write_str("empty file: no header"),
            CsvMsg::NotNumber { value } => write!(f, "{value:?} is not a number"),
            CsvMsg::NotTime { value } => write!(f, "{value:?} is not an RFC 3339 time"),
            CsvMsg::NotLineNumber { value } => write!(f, "{value:?} is not a line number"),
            CsvMsg::NotHorizon { value } => write!(f, "{value:?} is not 1d, 1w, 1m or 6m"),
            CsvMsg::NotBool { value } => write!(f, "{value:?} is not true or false"),
        }
    }
}

impl std::error::Error for CsvError {}

/// How a column's fields are written for spreadsheets (docs/publishing.md, "Cells a
/// spreadsheet would run"): a spreadsheet runs a field beginning with one of
/// [`FORMULA_TRIGGERS`] as a formula, so such a text field is written with
/// [`TEXT_MARK`] before it, and read back without it. [`spreadsheet_field`] writes,
/// [`sealed_field`] reads; the one rule for both directions is [`needs_mark`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColumnKind {
    /// A number the file itself writes ([`csv_number`], a count): written as it is, a
    /// negative one included, so that it stays a number.
    Number,
    /// A value of the sealed cell that is a number or text (`exp_pct`, `target`,
    /// `invalidation`): a field that reads as a number ([`parse_number`]) is written as it
    /// is; other text is marked as [`ColumnKind::Text`] is.
    NumberOrText,
    /// Text (names, words, times, identifiers, the cell's text fields): marked when it begins
    /// with a formula trigger or with the mark itself.
    Text,
}

/// The first characters that make a spreadsheet read a field as a formula (OWASP's list:
/// `=`, `+`, `-`, `@`, TAB, CR).
pub const FORMULA_TRIGGERS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// The mark written before a text field that would be read as a formula: a single quote,
/// which spreadsheets read as "text follows".
pub const TEXT_MARK: char = '\'';

/// The kind of column `name` of [`required_columns`]; None for a column this layout does not
/// write (a reader's own note column), whose fields are read as they are.
pub fn column_kind(name: &str) -> Option<ColumnKind> {
    written_columns()
        .any(|c| c == name)
        .then(|| required_kind(name))
}

/// The kind of written column `name` (any other name is text).
fn required_kind(name: &str) -> ColumnKind {
    match name {
        "line"
        | "prob_up"
        | "ref"
        | "close"
        | "actual_pct"
        | "seat_versions_in_run"
        | "attempt" => ColumnKind::Number,
        "exp_pct" | "target" | "invalidation" | "entry" => ColumnKind::NumberOrText,
        _ => ColumnKind::Text,
    }
}

/// Whether the sealed value `v` of a column of `kind` is written with [`TEXT_MARK`] before
/// it: text (not a number, in a [`ColumnKind::NumberOrText`] column) that begins with one of
/// [`FORMULA_TRIGGERS`] or with the mark itself (so that a value that begins with the mark
/// reads back whole).
pub fn needs_mark(kind: ColumnKind, v: &str) -> bool {
    let starts_marked = v
        .chars()
        .next()
        .is_some_and(|c| c == TEXT_MARK || FORMULA_TRIGGERS.contains(&c));
    match kind {
        ColumnKind::Number => false,
        ColumnKind::NumberOrText => starts_marked && parse_number(v).is_none(),
        ColumnKind::Text => starts_marked,
    }
}

/// The field written for sealed value `v` in a column of `kind` (before RFC 4180 quoting).
pub fn spreadsheet_field(kind: ColumnKind, v: &str) -> std::borrow::Cow<'_, str> {
    if needs_mark(kind, v) {
        std::borrow::Cow::Owned(format!("{TEXT_MARK}{v}"))
    } else {
        std::borrow::Cow::Borrowed(v)
    }
}

/// The sealed value of field `f` of a column of `kind`: the field without its
/// [`TEXT_MARK`] when [`spreadsheet_field`] put it there, else the field as it is (a mark
/// the writer would not have put, e.g. before a date, stays and is read as written).
pub fn sealed_field(kind: ColumnKind, f: &str) -> &str {
    match f.strip_prefix(TEXT_MARK) {
        Some(rest) if needs_mark(kind, rest) => rest,
        _ => f,
    }
}

/// A CSV file as header and records of text fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvTable {
    /// Column names of the first record, as written.
    pub header: Vec<String>,
    /// The data records, in file order.
    pub records: Vec<CsvRecord>,
}

/// One CSV record: its text fields and where it stands in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CsvRecord {
    /// 1-based record number (the header is 1, the first data record 2).
    pub row: u64,
    /// 1-based physical line where the record starts.
    pub line: u64,
    /// The record's fields, unquoted, in header order.
    pub fields: Vec<String>,
}

impl CsvTable {
    /// Reads `bytes` as RFC 4180 CSV with a header record. Records may have a different
    /// number of fields than the header; [`CsvTable::check_shape`] reports them.
    pub fn parse(bytes: &[u8]) -> Result<CsvTable, CsvError> {
        let mut header = None;
        let mut records = Vec::new();
        read_records(bytes, |row, line, fields| {
            let fields = fields.iter().map(|f| f.to_string()).collect();
            if header.is_none() {
                header = Some(fields);
            } else {
                records.push(CsvRecord { row, line, fields });
            }
            Ok(())
        })?;
        let header = header.ok_or_else(no_header)?;
        Ok(CsvTable { header, records })
    }

    /// The index of column `name`.
    pub fn column(&self, name: &str) -> Option<usize> {
        self.header.iter().position(|h| h == name)
    }

    /// Errors for every required column missing from the header, for duplicated header
    /// names, and for every record whose field count differs from the header's.
    pub fn check_shape<'a>(&self, required: impl IntoIterator<Item = &'a str>) -> Vec<CsvError> {
        let mut out = check_header(&self.header, required);
        for r in &self.records {
            if r.fields.len() != self.header.len() {
                out.push(CsvError {
                    row: r.row,
                    line: r.line,
                    column: None,
                    message: CsvMsg::FieldCount {
                        fields: r.fields.len(),
                        header: self.header.len(),
                    },
                });
            }
        }
        out
    }
}

/// Errors for every duplicated name in `header` (every later occurrence, in header order) and
/// every `required` column it lacks; all on row 1.
fn check_header<'a>(
    header: &[String],
    required: impl IntoIterator<Item = &'a str>,
) -> Vec<CsvError> {
    let mut out = Vec::new();
    // One pass with a set: every later occurrence of a name is reported, in header order.
    let mut seen = std::collections::HashSet::with_capacity(header.len());
    for h in header {
        if !seen.insert(h.as_str()) {
            out.push(CsvError {
                row: 1,
                line: 1,
                column: Some(h.clone()),
                message: CsvMsg::NamedTwice,
            });
        }
    }
    for name in required {
        if !header.iter().any(|h| h == name) {
            out.push(CsvError {
                row: 1,
                line: 1,
                column: Some(name.into()),
                message: CsvMsg::MissingColumn,
            });
        }
    }
    out
}

fn no_header() -> CsvError {
    CsvError {
        row: 1,
        line: 1,
        column: None,
        message: CsvMsg::NoHeader,
    }
}

/// Reads `bytes` as RFC 4180 CSV and hands each record, the header first, to `each` with its
/// 1-based record number and physical line, its fields borrowed as text and read back to their
/// sealed values ([`sealed_field`] by the header's [`column_kind`]): the one reader behind
/// [`CsvTable::parse`] and [`read_forecasts`], which keeps no table. Bounds the header
/// ([`MAX_HEADER_COLUMNS`], [`MAX_HEADER_BYTES`]); a field that is not UTF-8 is an error naming
/// its column.
fn read_records(
    bytes: &[u8],
    mut each: impl FnMut(u64, u64, &[&str]) -> Result<(), CsvError>,
) -> Result<(), CsvError> {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let mut rdr = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(body);
    let mut header: Option<Vec<String>> = None;
    // The kind of each header column; the header's own fields are read as they are.
    let mut kinds: Vec<Option<ColumnKind>> = Vec::new();
    let mut rec = csv::ByteRecord::new();
    let mut row = 0u64;
    // Physical line of a byte offset, counted incrementally (records only move forward).
    let (mut counted_to, mut lines_before) = (0usize, 0u64);
    let mut line_at = |byte: u64| {
        let mut byte = (byte as usize).min(body.len());
        // A record's position may precede the LF of the CRLF (or blank lines) before it.
        while byte < body.len() && (body[byte] == b'\n' || body[byte] == b'\r') {
            byte += 1;
        }
        lines_before += memchr::memchr_iter(b'\n', &body[counted_to..byte]).count() as u64;
        counted_to = byte;
        lines_before + 1
    };
    loop {
        match rdr.read_byte_record(&mut rec) {
            Ok(false) => break,
            Ok(true) => {}
            Err(e) => {
                let line = line_at(e.position().map_or(rdr.position().byte(), |p| p.byte()));
                return Err(CsvError {
                    row: row + 1,
                    line,
                    column: None,
                    message: CsvMsg::NotCsv {
                        detail: e.to_string(),
                    },
                });
            }
        }
        let line = line_at(rec.position().map_or(0, |p| p.byte()));
        row += 1;
        if header.is_none() {
            let start = rec.position().map_or(0, |p| p.byte());
            let bytes = rdr.position().byte().saturating_sub(start);
            let too_wide = if rec.len() > MAX_HEADER_COLUMNS {
                Some(CsvMsg::HeaderTooWide {
                    columns: rec.len(),
                    max: MAX_HEADER_COLUMNS,
                })
            } else if bytes > MAX_HEADER_BYTES as u64 {
                Some(CsvMsg::HeaderTooLong {
                    bytes,
                    max: MAX_HEADER_BYTES,
                })
            } else {
                None
            };
            if let Some(message) = too_wide {
                return Err(CsvError {
                    row,
                    line,
                    column: None,
                    message,
                });
            }
        }
        let mut texts: Vec<&str> = Vec::with_capacity(rec.len());
        for (i, f) in rec.iter().enumerate() {
            match std::str::from_utf8(f) {
                Ok(s) => texts.push(match kinds.get(i).copied().flatten() {
                    Some(kind) => sealed_field(kind, s),
                    None => s,
                }),
                Err(e) => {
                    let column = header
                        .as_ref()
                        .and_then(|h| h.get(i).cloned())
                        .or_else(|| Some(format!("#{}", i + 1)));
                    return Err(CsvError {
                        row,
                        line,
                        column,
                        message: CsvMsg::NotUtf8 {
                            byte: e.valid_up_to(),
                        },
                    });
                }
            }
        }
        if header.is_none() {
            kinds = texts.iter().map(|name| column_kind(name)).collect();
            header = Some(texts.iter().map(|f| f.to_string()).collect());
        }
        each(row, line, &texts)?;
    }
    Ok(())
}

/// A number as the forecasts file writes it: `-?digits(.digits)?(e±digits)?`, finite.
/// (Stricter than Python's `float()`, which would also take `nan`, `inf` or `1_0`.)
pub fn parse_number(s: &str) -> Option<f64> {
    let b = s.as_bytes();
    // The index after a non-empty run of digits starting at `i`.
    let digits = |i: usize| -> Option<usize> {
        let end = i + b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        (end > i).then_some(end)
    };
    let mut i = digits(usize::from(b.first() == Some(&b'-')))?;
    if b.get(i) == Some(&b'.') {
        i = digits(i + 1)?;
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        i = digits(i)?;
    }
    if i != b.len() {
        return None;
    }
    s.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// A positive count written in ASCII digits only (no sign), e.g. a book line number.
pub fn parse_count(s: &str) -> Option<u64> {
    (!s.is_empty() && s.bytes().all(|c| c.is_ascii_digit()))
        .then(|| s.parse::<u64>().ok())
        .flatten()
        .filter(|n| *n >= 1)
}

/// `true`/`false` in any case, or `1`/`0`.
pub fn parse_bool(s: &str) -> Option<bool> {
    match s.to_ascii_lowercase().as_str() {
        "true" | "1" => Some(true),
        "false" | "0" => Some(false),
        _ => None,
    }
}

/// One forecast row, typed, for scoring.
#[derive(Clone, Debug, PartialEq)]
pub struct ForecastRow {
    /// 1-based record number in the file (the header is 1).
    pub row: u64,
    /// The run that asked the question (`run_id`).
    pub run_id: String,
    /// Trading-session date the run targets (`YYYY-MM-DD`).
    pub session: String,
    /// The seat that answered (its roster name).
    pub seat: String,
    /// The model behind the seat at the time of the run.
    pub model: String,
    /// Book line (`n`) of the sealed answer.
    pub line: u64,
    /// Answer time (`at` of the answer line).
    pub sealed_at: Instant,
    /// Row status (one of [`STATUS_VALUES`]); only `counted` rows state a probability that is
    /// scored.
    pub status: String,
    /// Market code of Table 1 (`SPX`, ... `BTC`).
    pub asset: String,
    /// Forecast horizon (`1d`, `1w`, `1m`, `6m`).
    pub horizon: Horizon,
    /// Stated probability of up, 0-100; None when the cell states none.
    pub prob_up: Option<f64>,
    /// Reference price `ref` in the asset's quote currency (spec §3.3); None while unresolved.
    pub reference: Option<f64>,
    /// Terminal price `close` in the asset's quote currency; None while unresolved.
    pub close: Option<f64>,
    /// Percent change `100 x (close / ref - 1)`; None while unresolved.
    pub actual_pct: Option<f64>,
    /// Whether the change lies inside the draw band (§3.5); None while unresolved.
    pub draw: Option<bool>,
    /// Run role (one of [`RUN_ROLE_VALUES`]).
    pub run_role: String,
    /// Line kind (one of [`LINE_KIND_VALUES`]).
    pub line_kind: String,
    /// False when the row is scored from its own reference, outside the common event (§3.3).
    pub same_event: bool,
    /// Cell status (one of [`CELL_STATUS_VALUES`], or empty when the seat sent no cell).
    pub cell_status: String,
    /// The first identifier, `ev1-` over the contract's first five keys (spec §3.13).
    pub event_id: String,
    /// The full identifier, `ev2-` over all nine contract keys (spec §3.13).
    pub event_id_v2: String,
    /// The event contract the row's columns state.
    pub contract: EventContract,
    /// Version of the scoring methodology the row was written under.
    pub methodology_version: String,
}

impl ForecastRow {
    /// Whether the row has an outcome (reference, close and change all present).
    pub fn resolved(&self) -> bool {
        self.reference.is_some() && self.close.is_some() && self.actual_pct.is_some()
    }
    /// Strictly up: the change is greater than zero (§3.5, all rows, draws included).
    pub fn up(&self) -> Option<bool> {
        self.actual_pct.map(|c| c > 0.0)
    }
}

#[cfg(test)]
impl ForecastRow {
    /// A row for unit tests: `seat`'s counted `issue` answer `p` (None: a `counted_50` filler)
    /// on `asset`, priced as `symbol`, at horizon `h` in `session`'s morning run, sealed at
    /// 12:00Z from book line 1, unresolved. Tests change what they need with `..`.
    pub(crate) fn for_test(
        seat: &str,
        session: &str,
        asset: &str,
        symbol: &str,
        h: Horizon,
        p: Option<f64>,
    ) -> ForecastRow {
        let reference = format!("{session}T13:30:00Z");
        let contract = crate::contract::event::EventContract::from_values([
            asset,
            h.as_str(),
            &reference,
            "end",
            "rule",
            "1",
            "rr",
            "prov",
            symbol,
        ]);
        ForecastRow {
            row: 2,
            run_id: format!("{session}-am"),
            session: session.into(),
            seat: seat.into(),
            model: seat.into(),
            line: 1,
            sealed_at: Instant::parse_rfc3339(&format!("{session}T12:00:00Z"))
                .expect("a test session date"),
            status: if p.is_some() { "counted" } else { "counted_50" }.into(),
            asset: asset.into(),
            horizon: h,
            prob_up: p,
            reference: None,
            close: None,
            actual_pct: None,
            draw: None,
            run_role: "session_run".into(),
            line_kind: "issue".into(),
            same_event: true,
            cell_status: if p.is_some() { "elicited" } else { "" }.into(),
            event_id: contract.event_id(),
            event_id_v2: contract.event_id_v2(),
            contract,
            methodology_version: "2".into(),
        }
    }
}

/// The position of a required column among [`required_columns`], at compile time.
const fn required_index(name: &str) -> usize {
    let name = name.as_bytes();
    let mut k = 0;
    while k < TABLE_C1_COLUMNS.len() + CONTRACT_COLUMNS.len() {
        let c = if k < TABLE_C1_COLUMNS.len() {
            TABLE_C1_COLUMNS[k].as_bytes()
        } else {
            CONTRACT_COLUMNS[k - TABLE_C1_COLUMNS.len()].as_bytes()
        };
        if c.len() == name.len() {
            let mut i = 0;
            while i < c.len() && c[i] == name[i] {
                i += 1;
            }
            if i == c.len() {
                return k;
            }
        }
        k += 1;
    }
    panic!("not a required column")
}

/// How many columns [`required_columns`] names.
const REQUIRED: usize = TABLE_C1_COLUMNS.len() + CONTRACT_COLUMNS.len();

/// A header holding every column of Table C1 once: look fields up by column name. The
/// contract columns ([`CONTRACT_COLUMNS`]) are read when present and empty when absent, so a
/// file of exactly Table C1's columns scores (Appendix C); the conformance checker, which
/// rebuilds `event_id_v2` from them, requires them through [`CsvTable::check_shape`].
pub struct Columns {
    /// The header position of each of [`required_columns`], in that order; [`ABSENT`] for a
    /// contract column the header lacks.
    idx: [usize; REQUIRED],
}

/// The position of a contract column the header does not have: no field is there.
const ABSENT: usize = usize::MAX;

/// Field `$name` (a required column, resolved at compile time) of a record's fields.
macro_rules! field {
    ($cols:expr, $fields:expr, $name:literal) => {
        $cols.at($fields, const { required_index($name) })
    };
}

impl Columns {
    /// Indexes the required columns; errors name each missing one.
    pub fn new(table: &CsvTable) -> Result<Columns, Vec<CsvError>> {
        Columns::of_header(&table.header)
    }

    /// Indexes the columns of `header`; errors name each column of Table C1 that is missing
    /// and each name repeated.
    fn of_header(header: &[String]) -> Result<Columns, Vec<CsvError>> {
        let errors = check_header(header, TABLE_C1_COLUMNS);
        if !errors.is_empty() {
            return Err(errors);
        }
        let mut idx = [ABSENT; REQUIRED];
        for (slot, c) in idx.iter_mut().zip(required_columns()) {
            *slot = header.iter().position(|h| h == c).unwrap_or(ABSENT);
        }
        Ok(Columns { idx })
    }

    /// Whether the header has every contract column ([`CONTRACT_COLUMNS`]).
    pub fn has_contract(&self) -> bool {
        self.idx[TABLE_C1_COLUMNS.len()..]
            .iter()
            .all(|&i| i != ABSENT)
    }

    /// Field `name` of `rec` ("" if the record is short or the column absent).
    pub fn get<'r>(&self, rec: &'r CsvRecord, name: &str) -> &'r str {
        let k = required_columns()
            .position(|c| c == name)
            .expect("a required column");
        rec.fields
            .get(self.idx[k])
            .map(String::as_str)
            .unwrap_or("")
    }

    /// The field of required column `k` (its place in [`required_columns`]), "" if short or
    /// the column is absent.
    fn at<'r, S: AsRef<str>>(&self, fields: &'r [S], k: usize) -> &'r str {
        fields.get(self.idx[k]).map_or("", AsRef::as_ref)
    }

    /// The contract of `rec` (event_reference_at and event_end_at are its times).
    pub fn contract(&self, rec: &CsvRecord) -> EventContract {
        self.contract_of(&rec.fields)
    }

    fn contract_of<S: AsRef<str>>(&self, f: &[S]) -> EventContract {
        EventContract::from_values([
            field!(self, f, "asset"),
            field!(self, f, "horizon"),
            field!(self, f, "event_reference_at"),
            field!(self, f, "event_end_at"),
            field!(self, f, "rule"),
            field!(self, f, "resolver_version"),
            field!(self, f, "reference_rule"),
            field!(self, f, "price_provider"),
            field!(self, f, "price_symbol"),
        ])
    }

    /// The typed row, or the first field that does not read.
    pub fn forecast(&self, rec: &CsvRecord) -> Result<ForecastRow, CsvError> {
        self.forecast_of(rec.row, rec.line, &rec.fields)
    }

    /// The typed row of record `row` (starting on physical line `line`) from its fields.
    fn forecast_of<S: AsRef<str>>(
        &self,
        row: u64,
        line: u64,
        f: &[S],
    ) -> Result<ForecastRow, CsvError> {
        let err = |col: &str, msg: CsvMsg| CsvError {
            row,
            line,
            column: Some(col.into()),
            message: msg,
        };
        let opt_num = |col: &str, v: &str| -> Result<Option<f64>, CsvError> {
            if v.is_empty() {
                Ok(None)
            } else {
                parse_number(v)
                    .map(Some)
                    .ok_or_else(|| err(col, CsvMsg::NotNumber { value: v.into() }))
            }
        };
        let time = |col: &str, v: &str| {
            Instant::parse_rfc3339(v).ok_or_else(|| err(col, CsvMsg::NotTime { value: v.into() }))
        };
        let n = field!(self, f, "line");
        let horizon = field!(self, f, "horizon");
        let draw = field!(self, f, "draw");
        let same_event = field!(self, f, "same_event");
        Ok(ForecastRow {
            row,
            run_id: field!(self, f, "run_id").into(),
            session: field!(self, f, "session").into(),
            seat: field!(self, f, "seat").into(),
            model: field!(self, f, "model").into(),
            line: parse_count(n)
                .ok_or_else(|| err("line", CsvMsg::NotLineNumber { value: n.into() }))?,
            sealed_at: time("sealed_at", field!(self, f, "sealed_at"))?,
            status: field!(self, f, "status").into(),
            asset: field!(self, f, "asset").into(),
            horizon: Horizon::parse(horizon).ok_or_else(|| {
                err(
                    "horizon",
                    CsvMsg::NotHorizon {
                        value: horizon.into(),
                    },
                )
            })?,
            prob_up: opt_num("prob_up", field!(self, f, "prob_up"))?,
            reference: opt_num("ref", field!(self, f, "ref"))?,
            close: opt_num("close", field!(self, f, "close"))?,
            actual_pct: opt_num("actual_pct", field!(self, f, "actual_pct"))?,
            draw: if draw.is_empty() {
                None
            } else {
                Some(
                    parse_bool(draw)
                        .ok_or_else(|| err("draw", CsvMsg::NotBool { value: draw.into() }))?,
                )
            },
            run_role: field!(self, f, "run_role").into(),
            line_kind: field!(self, f, "line_kind").into(),
            same_event: parse_bool(same_event).ok_or_else(|| {
                err(
                    "same_event",
                    CsvMsg::NotBool {
                        value: same_event.into(),
                    },
                )
            })?,
            cell_status: field!(self, f, "cell_status").into(),
            event_id: field!(self, f, "event_id").into(),
            event_id_v2: field!(self, f, "event_id_v2").into(),
            contract: self.contract_of(f),
            methodology_version: field!(self, f, "methodology_version").into(),
        })
    }
}

/// The columns of a row beyond what scoring reads ([`ForecastRow`]): the rest of the cell as
/// sealed and the row's bookkeeping (Table C1). Empty strings are empty fields.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RowCells {
    /// How the seat was asked, as its answer line states (e.g. `api`).
    pub mode: String,
    /// The cell's trading action when one of the five allowed (`buy_strong`, `buy_dips`, `hold`,
    /// `trim`, `sell`); empty otherwise.
    pub action: String,
    /// The cell's action when it is outside the five: kept, scored, never traded.
    pub action_word: String,
    /// The cell's expected percent change, as sealed.
    pub exp_pct: String,
    /// The cell's target price level, as sealed.
    pub target: String,
    /// The cell's invalidation level ("wrong if"), as sealed.
    pub invalidation: String,
    /// The web domains the model cited for the cell, `;`-separated.
    pub source_domains: String,
    /// The links the model cited for the cell, `;`-separated.
    pub source_urls: String,
    /// Why a `refused_shape` row has no usable cell; empty otherwise.
    pub why_missing: String,
    /// How many model versions the seat answered with in the run (more than 1: a version change,
    /// spec §3.10).
    pub seat_versions_in_run: String,
    /// When the row's reference price is taken (Table C1 `reference_at`; RFC 3339).
    pub reference_at: String,
    /// 1-based position of the answer among the seat's answer lines in the run.
    pub attempt: String,
    /// The cell's `entry` level as sealed ([`PUBLISHED_COLUMNS`]).
    pub entry: String,
    /// The start of the first one-minute bar the reference rule reads ([`PUBLISHED_COLUMNS`];
    /// RFC 3339), empty under another rule.
    pub reference_price_at: String,
}

/// RFC 4180 quoting: a field with a comma, quote or line break is quoted, quotes doubled.
pub fn csv_field(v: &str) -> String {
    if v.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", v.replace('"', "\"\""))
    } else {
        v.to_string()
    }
}

/// A number as the file writes it: the shortest decimal that reads back as the same `f64`
/// (no exponent; `60` for 60.0), which [`parse_number`] reads.
pub fn csv_number(x: f64) -> String {
    x.to_string()
}

/// The header record: Table C1's columns, then the contract columns, LF-terminated.
pub fn header_line() -> String {
    written_columns().collect::<Vec<_>>().join(",") + "\n"
}

/// One record, LF-terminated, in [`header_line`]'s column order, each field as
/// [`spreadsheet_field`] writes it for its column. `row.row` is not a column.
pub fn row_line(row: &ForecastRow, cells: &RowCells) -> String {
    let num = |x: Option<f64>| x.map(csv_number).unwrap_or_default();
    let flag = |b: Option<bool>| b.map(|b| b.to_string()).unwrap_or_default();
    let c = row.contract.values();
    let fields: [(&str, String); 42] = [
        ("run_id", row.run_id.clone()),
        ("session", row.session.clone()),
        ("seat", row.seat.clone()),
        ("model", row.model.clone()),
        ("mode", cells.mode.clone()),
        ("line", row.line.to_string()),
        ("sealed_at", row.sealed_at.to_rfc3339()),
        ("status", row.status.clone()),
        ("asset", row.asset.clone()),
        ("horizon", row.horizon.as_str().into()),
        ("action", cells.action.clone()),
        ("action_word", cells.action_word.clone()),
        ("prob_up", num(row.prob_up)),
        ("exp_pct", cells.exp_pct.clone()),
        ("target", cells.target.clone()),
        ("invalidation", cells.invalidation.clone()),
        ("ref", num(row.reference)),
        ("close", num(row.close)),
        ("actual_pct", num(row.actual_pct)),
        ("draw", flag(row.draw)),
        ("source_domains", cells.source_domains.clone()),
        ("source_urls", cells.source_urls.clone()),
        ("why_missing", cells.why_missing.clone()),
        ("run_role", row.run_role.clone()),
        ("seat_versions_in_run", cells.seat_versions_in_run.clone()),
        ("line_kind", row.line_kind.clone()),
        ("reference_at", cells.reference_at.clone()),
        ("same_event", row.same_event.to_string()),
        ("cell_status", row.cell_status.clone()),
        ("attempt", cells.attempt.clone()),
        ("event_id", row.event_id.clone()),
        ("event_reference_at", c[2].into()),
        ("event_end_at", c[3].into()),
        ("methodology_version", row.methodology_version.clone()),
        ("rule", c[4].into()),
        ("resolver_version", c[5].into()),
        ("reference_rule", c[6].into()),
        ("price_provider", c[7].into()),
        ("price_symbol", c[8].into()),
        ("event_id_v2", row.event_id_v2.clone()),
        ("entry", cells.entry.clone()),
        ("reference_price_at", cells.reference_price_at.clone()),
    ];
    debug_assert!(fields.iter().map(|f| f.0).eq(written_columns()));
    fields
        .iter()
        .map(|(name, v)| csv_field(&spreadsheet_field(required_kind(name), v)))
        .collect::<Vec<_>>()
        .join(",")
        + "\n"
}

/// The whole file: the header, then one record per row in the order given.
pub fn write_forecasts<'a>(
    rows: impl IntoIterator<Item = (&'a ForecastRow, &'a RowCells)>,
) -> Vec<u8> {
    let mut out = header_line();
    for (row, cells) in rows {
        out += &row_line(row, cells);
    }
    out.into_bytes()
}

/// Reads every row of a forecasts file into typed rows; the first unreadable field stops it.
/// The errors are [`CsvTable::parse`]'s, then the header's ([`Columns::new`]), then the first
/// record whose field count differs from the header's, then the first field that does not
/// read; the records are typed as they are read, with no table kept.
pub fn read_forecasts(bytes: &[u8]) -> Result<Vec<ForecastRow>, CsvError> {
    let mut cols: Option<Result<Columns, CsvError>> = None;
    let mut width = 0;
    let (mut shape, mut field) = (None, None);
    let mut rows = Vec::new();
    read_records(bytes, |row, line, fields| {
        let Some(c) = &cols else {
            let header: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
            width = header.len();
            cols = Some(Columns::of_header(&header).map_err(|mut e| e.remove(0)));
            return Ok(());
        };
        let Ok(c) = c else { return Ok(()) };
        if fields.len() != width {
            shape.get_or_insert(CsvError {
                row,
                line,
                column: None,
                message: CsvMsg::FieldCount {
                    fields: fields.len(),
                    header: width,
                },
            });
        } else if shape.is_none() && field.is_none() {
            match c.forecast_of(row, line, fields) {
                Ok(r) => rows.push(r),
                Err(e) => field = Some(e),
            }
        }
        Ok(())
    })?;
    cols.ok_or_else(no_header)??;
    match shape.or(field) {
        Some(e) => Err(e),
        None => Ok(rows),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn rfc4180_quoting_crlf_and_bom() {
        let t = CsvTable::parse(
            b"\xEF\xBB\xBFa,b,c\r\n1,\"x, y\",\"say \"\"hi\"\"\"\r\n2,\"two\nlines\",z\r\n",
        )
        .unwrap();
        assert_eq!(t.header, ["a", "b", "c"]);
        assert_eq!(t.records[0].fields, ["1", "x, y", "say \"hi\""]);
        assert_eq!(t.records[1].fields, ["2", "two\nlines", "z"]);
        assert_eq!((t.records[1].row, t.records[1].line), (3, 3));
        assert!(t.check_shape(["a", "b"]).is_empty());
    }

    #[test]
    fn errors_name_row_and_column() {
        let t = CsvTable::parse(b"a,b\n1,2\n3\n").unwrap();
        let e = t.check_shape(["a", "b", "zz"]);
        assert_eq!(e[0].column.as_deref(), Some("zz"));
        assert_eq!(e[0].row, 1);
        assert_eq!((e[1].row, e[1].column.as_deref()), (3, None));
        let bad = CsvTable::parse(b"a,b\n1,\xff\n").unwrap_err();
        assert_eq!((bad.row, bad.column.as_deref()), (2, Some("b")));
        assert!(CsvTable::parse(b"").is_err());
        let missing = read_forecasts(b"run_id,session\nx,y\n").unwrap_err();
        assert_eq!((missing.row, missing.column.as_deref()), (1, Some("seat")));
    }

    /// A header of `n` distinct names `c0,c1,...` then `extra`, and one data row.
    fn wide(n: usize, extra: &[&str]) -> Vec<u8> {
        let mut names: Vec<String> = (0..n).map(|i| format!("c{i}")).collect();
        names.extend(extra.iter().map(|s| s.to_string()));
        let mut out = names.join(",").into_bytes();
        out.extend_from_slice(b"\n");
        out.extend_from_slice(vec!["1"; names.len()].join(",").as_bytes());
        out.extend_from_slice(b"\n");
        out
    }

    #[test]
    fn duplicate_header_names_are_found_at_the_widest_header_allowed() {
        // At the bound, with every later occurrence of a repeated name reported, in order.
        let n = MAX_HEADER_COLUMNS - 4;
        let t = CsvTable::parse(&wide(n, &["c7", "c3", "c7", "c5"])).unwrap();
        assert_eq!(t.header.len(), MAX_HEADER_COLUMNS);
        let dups: Vec<_> = t
            .check_shape(std::iter::empty())
            .into_iter()
            .map(|e| (e.row, e.line, e.column.unwrap(), e.message))
            .collect();
        let d = |c: &str| (1, 1, c.to_string(), CsvMsg::NamedTwice);
        assert_eq!(dups, [d("c7"), d("c3"), d("c7"), d("c5")]);
        // Duplicates among the first names too, and an empty name twice.
        let t = CsvTable::parse(b"a,b,a,,x,\n").unwrap();
        let cols: Vec<_> = t
            .check_shape(std::iter::empty())
            .into_iter()
            .map(|e| e.column.unwrap())
            .collect();
        assert_eq!(cols, ["a", ""]);
    }

    #[test]
    fn a_header_over_the_bounds_is_refused_naming_line_and_limit() {
        for n in [MAX_HEADER_COLUMNS + 1, 100_000] {
            let e = CsvTable::parse(&wide(n, &[])).unwrap_err();
            assert_eq!((e.row, e.line, e.column.as_deref()), (1, 1, None));
            assert_eq!(
                e.message,
                CsvMsg::HeaderTooWide {
                    columns: n,
                    max: MAX_HEADER_COLUMNS
                }
            );
            assert_eq!(
                e.to_string(),
                format!("row 1 (line 1): the header has {n} columns, at most 1024 are read")
            );
        }
        // Few columns but long names: the byte bound. A blank line first puts it on line 2.
        let long = "x".repeat(MAX_HEADER_BYTES);
        let e = CsvTable::parse(format!("\na,{long}\n1,2\n").as_bytes()).unwrap_err();
        assert_eq!((e.row, e.line), (1, 2), "{e}");
        assert!(
            matches!(e.message, CsvMsg::HeaderTooLong { bytes, max: MAX_HEADER_BYTES } if bytes > MAX_HEADER_BYTES as u64),
            "{e}"
        );
        assert!(
            e.to_string()
                .ends_with("bytes long, at most 65536 bytes are read"),
            "{e}"
        );
        // Just under both bounds reads.
        let name = "y".repeat(MAX_HEADER_BYTES - 3);
        assert!(CsvTable::parse(format!("a,{name}\n").as_bytes()).is_ok());
        let e = read_forecasts(&wide(100_000, &[])).unwrap_err();
        assert_eq!(e.row, 1);
    }

    #[test]
    fn field_errors_keep_their_english() {
        let t = CsvTable::parse(b"a,b\n1,2\n3\n").unwrap();
        let short = &t.check_shape(["a", "b"])[0];
        assert_eq!(
            short.message,
            CsvMsg::FieldCount {
                fields: 1,
                header: 2
            }
        );
        assert_eq!(
            short.to_string(),
            "row 3 (line 3): has 1 fields, the header has 2"
        );
        let bad = CsvTable::parse(b"a,b\n1,\xff\n").unwrap_err();
        assert_eq!(
            bad.to_string(),
            "row 2 (line 2), column b: not UTF-8 (byte 0 of the field)"
        );
        assert_eq!(
            CsvTable::parse(b"").unwrap_err().to_string(),
            "row 1 (line 1): empty file: no header"
        );
        let said = |m: CsvMsg| m.to_string();
        assert_eq!(
            said(CsvMsg::NotNumber {
                value: "fifty".into()
            }),
            "\"fifty\" is not a number"
        );
        assert_eq!(
            said(CsvMsg::NotHorizon { value: "2d".into() }),
            "\"2d\" is not 1d, 1w, 1m or 6m"
        );
        assert_eq!(
            said(CsvMsg::NotBool {
                value: "yes".into()
            }),
            "\"yes\" is not true or false"
        );
    }

    /// Sealed values of every kind a seat or a configuration can put in a field: each formula
    /// trigger before text, numbers with a sign, the mark itself, and plain values.
    const SEALED_VALUES: [&str; 16] = [
        "=HYPERLINK(\"http://evil.example\",\"x\")",
        "+1+2",
        "-2+3+cmd|' /C calc'!A0",
        "@SUM(A1:A9)",
        "\t=1",
        "\r=1",
        "'quoted",
        "'=1",
        "'",
        "-0.25",
        "-1e3",
        "+5",
        "6700.5",
        "hold",
        "",
        "a=b",
    ];

    #[test]
    fn every_column_and_sealed_value_is_safe_for_spreadsheets_and_reads_back() {
        let mut marked = BTreeSet::new();
        for name in required_columns() {
            let kind = column_kind(name).expect("a required column has a kind");
            for v in SEALED_VALUES {
                let written = spreadsheet_field(kind, v);
                // Read back: the sealed value exactly.
                assert_eq!(sealed_field(kind, &written), v, "{name} {v:?}");
                let number = parse_number(v).is_some();
                let formula = v.starts_with(FORMULA_TRIGGERS);
                match kind {
                    // A number the file writes stays as it is (its readers parse it).
                    ColumnKind::Number => assert_eq!(written, v, "{name} {v:?}"),
                    // A number stays a number; text never begins with a trigger.
                    ColumnKind::NumberOrText if number => assert_eq!(written, v, "{name}"),
                    ColumnKind::NumberOrText | ColumnKind::Text => {
                        assert!(!written.starts_with(FORMULA_TRIGGERS), "{name} {v:?}");
                        if formula || v.starts_with(TEXT_MARK) {
                            assert_eq!(written, format!("'{v}"), "{name} {v:?}");
                            marked.insert(name);
                        } else {
                            assert_eq!(written, v, "{name} {v:?}");
                        }
                    }
                }
            }
        }
        // Every column but the seven numbers is guarded.
        assert_eq!(marked.len(), required_columns().count() - 7);
        for n in ["line", "prob_up", "ref", "close", "actual_pct", "attempt"] {
            assert_eq!(column_kind(n), Some(ColumnKind::Number), "{n}");
        }
        for n in ["exp_pct", "target", "invalidation"] {
            assert_eq!(column_kind(n), Some(ColumnKind::NumberOrText), "{n}");
        }
        for n in [
            "action",
            "source_domains",
            "source_urls",
            "mode",
            "why_missing",
            "seat",
        ] {
            assert_eq!(column_kind(n), Some(ColumnKind::Text), "{n}");
        }
        assert_eq!(column_kind("a reader's note"), None);
        // A mark the writer would not have put is read as written: a quoted date stays quoted.
        assert_eq!(sealed_field(ColumnKind::Text, "'2026-10-21"), "'2026-10-21");
        assert_eq!(sealed_field(ColumnKind::NumberOrText, "'-0.25"), "'-0.25");
        assert_eq!(sealed_field(ColumnKind::Number, "'-1"), "'-1");
    }

    /// A row whose every free text field holds formula text, and negative numbers in the
    /// numeric columns.
    fn hostile_row() -> (ForecastRow, RowCells) {
        let mut row = ForecastRow::for_test(
            "=seat",
            "2026-10-21",
            "SPX",
            "@SPX",
            Horizon::D1,
            Some(55.0),
        );
        row.contract = EventContract::from_values([
            "SPX",
            "1d",
            "2026-10-21T13:30:00Z",
            "2026-10-21T20:00:00Z",
            "=rule",
            "1",
            "+reference rule",
            "-provider",
            "@SPX",
        ]);
        row.event_id = row.contract.event_id();
        row.event_id_v2 = row.contract.event_id_v2();
        row.model = "+model".into();
        row.reference = Some(100.0);
        row.close = Some(99.5);
        row.actual_pct = Some(-0.5);
        row.draw = Some(false);
        row.methodology_version = "-m-1".into();
        let cells = RowCells {
            mode: "@mode".into(),
            action: "=HYPERLINK(\"http://evil.example\",\"click\")".into(),
            action_word: "".into(),
            exp_pct: "-0.25".into(),
            target: "+1+2".into(),
            invalidation: "-2+3+cmd|' /C calc'!A0".into(),
            source_domains: "\t=1;ok.example".into(),
            source_urls: "\r=1".into(),
            why_missing: "'=quoted".into(),
            seat_versions_in_run: "1".into(),
            reference_at: "2026-10-21T13:30:00Z".into(),
            attempt: "1".into(),
            entry: "=6600".into(),
            reference_price_at: "2026-10-21T13:30:00Z".into(),
        };
        (row, cells)
    }

    #[test]
    fn a_row_of_formula_text_is_written_safe_and_every_reader_gets_the_sealed_values() {
        let (row, cells) = hostile_row();
        let file = write_forecasts([(&row, &cells)]);
        // As a spreadsheet reads it (RFC 4180 only): no field begins with a trigger but the
        // numbers, which are negative numbers.
        let mut raw = csv::Reader::from_reader(&file[..]);
        let header: Vec<String> = raw.headers().unwrap().iter().map(String::from).collect();
        let rec = raw.records().next().unwrap().unwrap();
        let raw_of = |c: &str| &rec[header.iter().position(|h| h == c).unwrap()];
        for (c, f) in header.iter().zip(rec.iter()) {
            if f.starts_with(FORMULA_TRIGGERS) {
                assert!(parse_number(f).is_some(), "{c}: {f:?}");
            }
        }
        assert_eq!(
            raw_of("action"),
            "'=HYPERLINK(\"http://evil.example\",\"click\")"
        );
        assert_eq!(raw_of("seat"), "'=seat");
        assert_eq!(raw_of("price_symbol"), "'@SPX");
        assert_eq!(raw_of("why_missing"), "''=quoted");
        assert_eq!(raw_of("exp_pct"), "-0.25");
        assert_eq!(raw_of("actual_pct"), "-0.5");
        assert_eq!(raw_of("rule"), "'=rule");
        // The typed reader (score --forecasts) gets the sealed row back whole.
        assert_eq!(read_forecasts(&file).unwrap(), std::slice::from_ref(&row));
        // The table reader (conformance, the price check) gets every sealed field back.
        let t = CsvTable::parse(&file).unwrap();
        let cols = Columns::new(&t).unwrap();
        let r = &t.records[0];
        for (c, v) in [
            ("mode", &cells.mode),
            ("action", &cells.action),
            ("exp_pct", &cells.exp_pct),
            ("target", &cells.target),
            ("invalidation", &cells.invalidation),
            ("source_domains", &cells.source_domains),
            ("source_urls", &cells.source_urls),
            ("why_missing", &cells.why_missing),
            ("seat", &row.seat),
            ("model", &row.model),
            ("methodology_version", &row.methodology_version),
        ] {
            assert_eq!(cols.get(r, c), v.as_str(), "{c}");
        }
        // And the conformance checker, which rebuilds both ids from the sealed contract.
        let report = crate::contract::conformance::check(&file);
        assert!(report.failures.is_empty(), "{:?}", report.failures);
    }

    #[test]
    fn strict_numbers() {
        for ok in ["0", "50", "-1.5", "1e3", "2.5E-2"] {
            assert!(parse_number(ok).is_some(), "{ok}");
        }
        for bad in [
            "", "nan", "inf", "1_0", " 1", "1.", ".5", "+1", "1e", "1e999",
        ] {
            assert!(parse_number(bad).is_none(), "{bad}");
        }
        assert_eq!(parse_count("152"), Some(152));
        for bad in ["", "0", "+5", "-1", "1.0", "99999999999999999999"] {
            assert_eq!(parse_count(bad), None, "{bad}");
        }
    }
}
