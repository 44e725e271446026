//! A seat's reply read as an answer (spec §3.5-3.10, Appendix C): the JSON object is found in
//! the model's text as models write it, checked against the answer schema, and marked; never
//! repaired. Every reply is sealed as received (its SHA-256 is the line's `own_sha256`):
//!
//! - the first ```` ```json ```` (or bare ```` ``` ````) fenced block whose content parses as
//!   a JSON object, else the first complete top-level `{...}` in the text that parses (a
//!   balanced span that does not parse is skipped whole, never searched inside);
//! - no such object, or one without `items` as an object of objects
//!   (`items.<ASSET>.<horizon>`): `refused_shape`, no `items` sealed, the reason stated;
//! - an object whose fields break the schema ([`answer_schema`]): `invalid`, `items` sealed
//!   as received with every reason (the book's readers then mark the cells: a `prob_up` that
//!   is not a number 0-100 has cell status `invalid`);
//! - otherwise a well-formed answer. Cells left out are empty cells (`counted_50`, §3.9),
//!   not errors.
//!
//! An object that cannot be sealed as received (a string holding a lone surrogate such as
//! `"\ud800"`, which UTF-8 cannot encode) is `refused_shape` with that reason. A key stated
//! twice in one object is read as `json.loads` reads it (the last wins) and marked: its dotted
//! path is listed in [`ReadAnswer::duplicate_keys`], sealed as the line's `duplicate_keys`.
//!
//! The answer layout: `{"items": {<ASSET>: {<horizon>: cell}}, "years": str}` with the twelve
//! markets of Table 2 and the horizons 1d 1w 1m 6m; a cell is `prob_up` (0-100, required),
//! `action` (buy_strong, buy_dips, hold, trim, sell; another word is kept as the action word,
//! scored but not traded, §3.6), `entry` (the buy_dips level, required with buy_dips),
//! `target`, `invalidation` (levels, §3.8), `exp_pct`, `risk`, `revise_if` (strings), and on
//! 1d only `crowd_up` (0-100, §4.9).
//!
//! The answer object may also hold `decisions`, the trading decisions the ask asks for (§4.7,
//! §4.8; layout in [`crate::arena::league`]): kept as received in [`ReadAnswer::decisions`]
//! whenever the object is found, whatever the rest of it is, and marked by
//! [`ReadAnswer::decisions_reason`] against the versions in force; never repaired.

use crate::book::canon::{self, Object, Value};
use crate::calendar::Horizon;
use crate::records::book_lines::build::Shape;
use crate::records::book_lines::{number, ACTIONS};
use crate::records::names::MARKETS;

/// Most bytes of a reply read (a longer reply is sealed, and refused as an answer).
pub const MAX_REPLY_BYTES: usize = 1 << 20;
/// Most balanced spans tried before giving up.
pub const MAX_CANDIDATES: usize = 256;
/// Most schema reasons stated on one answer.
pub const MAX_REASONS: usize = 32;

/// A reply read as an answer.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadAnswer {
    /// `items` to seal (None: refused_shape).
    pub items: Option<Object>,
    /// The answer's `years`: the one unscored sentence on the years ahead (spec §3.7); `None` when
    /// absent, null or not a string.
    pub years: Option<String>,
    /// The mark and the reason, when not a well-formed answer.
    pub shape: Option<(Shape, String)>,
    /// Byte offset of the answer object in the reply, when one was found.
    pub at_byte: Option<usize>,
    /// The object's `decisions` as received, when it has them.
    pub decisions: Option<Value>,
    /// Keys the object states more than once in one object ([`duplicate_keys`]); the last
    /// of each is the one read and sealed.
    pub duplicate_keys: Vec<String>,
}

impl ReadAnswer {
    fn refused(reason: impl Into<String>, at_byte: Option<usize>) -> ReadAnswer {
        ReadAnswer {
            items: None,
            years: None,
            shape: Some((Shape::Refused, reason.into())),
            at_byte,
            decisions: None,
            duplicate_keys: Vec::new(),
        }
    }

    fn with_decisions(mut self, o: &Object) -> ReadAnswer {
        self.decisions = o.get(crate::arena::league::DECISIONS_KEY).cloned();
        self
    }

    /// Why part of [`Self::decisions`] is not a decision of the rule `versions` in force (the
    /// answer line's `decisions_reason`); None when every part is one, or there are none.
    pub fn decisions_reason(&self, versions: &[String]) -> Option<String> {
        let (_, reasons) = crate::arena::league::read_decisions(self.decisions.as_ref()?, versions);
        (!reasons.is_empty()).then(|| reasons.join("; "))
    }
}

/// The JSON object a model's text holds, and its byte offset (see the module doc).
pub fn extract_object(text: &str) -> Option<(usize, Object)> {
    extract_span(text).map(|(at, _, o)| (at, o))
}

/// [`extract_object`] with the object's text as found.
fn extract_span(text: &str) -> Option<(usize, &str, Object)> {
    fn try_parse(s: &str) -> Option<(&str, Object)> {
        match canon::parse(s.trim().as_bytes()) {
            Ok(Value::Object(o)) => Some((s.trim(), o)),
            _ => None,
        }
    }
    // Fenced blocks first.
    let mut rest = 0usize;
    let mut fences = 0usize;
    while let Some(open) = text[rest..].find("```") {
        fences += 1;
        if fences > MAX_CANDIDATES {
            break;
        }
        let start = rest + open + 3;
        // The info string runs to the end of the line (`json`, `JSON`, empty ...).
        let body = match text[start..].find('\n') {
            Some(nl) => start + nl + 1,
            None => break,
        };
        let info = text[start..body].trim();
        let Some(close) = text[body..].find("```") else {
            break;
        };
        let end = body + close;
        if info.is_empty() || info.eq_ignore_ascii_case("json") {
            if let Some((span, o)) = try_parse(&text[body..end]) {
                return Some((body, span, o));
            }
        }
        rest = end + 3;
    }
    // Then the first complete top-level object that parses.
    let bytes = text.as_bytes();
    let mut i = 0usize;
    let mut tried = 0usize;
    while let Some(off) = memchr::memchr(b'{', &bytes[i..]) {
        let start = i + off;
        tried += 1;
        if tried > MAX_CANDIDATES {
            return None;
        }
        match balanced_end(bytes, start) {
            Some(end) => {
                if let Some((span, o)) = try_parse(&text[start..=end]) {
                    return Some((start, span, o));
                }
                i = end + 1;
            }
            None => return None,
        }
    }
    None
}

/// The index of the `}` closing the `{` at `start`, skipping JSON strings; None when the text
/// ends first.
fn balanced_end(bytes: &[u8], start: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_str = false;
    let mut escaped = false;
    for (k, &b) in bytes.iter().enumerate().skip(start) {
        if in_str {
            match (escaped, b) {
                (true, _) => escaped = false,
                (false, b'\\') => escaped = true,
                (false, b'"') => in_str = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_str = true,
            b'{' | b'[' => depth += 1,
            b'}' | b']' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

/// Reads a reply's text as an answer (see the module doc). Never fails: every outcome is a
/// mark to seal.
pub fn read_answer(text: &str) -> ReadAnswer {
    if text.len() > MAX_REPLY_BYTES {
        return ReadAnswer::refused(
            format!(
                "the reply has {} bytes, more than {MAX_REPLY_BYTES}",
                text.len()
            ),
            None,
        );
    }
    let Some((at, span, o)) = extract_span(text) else {
        return ReadAnswer::refused("no JSON object in the reply", None);
    };
    if let Err(e) = canon::to_bytes(&Value::Object(o.clone()), canon::DumpOptions::SEAL) {
        // Not sealable as received (spec §3.2: the line is J(content) in UTF-8); the raw reply
        // is kept, its SHA-256 sealed.
        return ReadAnswer::refused(
            format!("the JSON object cannot be sealed as received: {e}"),
            Some(at),
        );
    }
    let duplicate_keys = duplicate_keys(span);
    let r = read_object(o, at);
    ReadAnswer {
        duplicate_keys,
        ..r
    }
}

/// [`read_answer`] of the answer object `o` found at byte `at`.
fn read_object(o: Object, at: usize) -> ReadAnswer {
    let items = match o.get("items") {
        Some(Value::Object(items)) => items.clone(),
        Some(v) => {
            return ReadAnswer::refused(
                format!("items: expected an object, found {}", v.type_name()),
                Some(at),
            )
            .with_decisions(&o)
        }
        None => {
            return ReadAnswer::refused(
                "the JSON object has no items (items.<ASSET>.<horizon>)",
                Some(at),
            )
            .with_decisions(&o)
        }
    };
    for (asset, cells) in items.iter() {
        let asset = asset.as_str().unwrap_or("?");
        let Some(cells) = cells.as_object() else {
            return ReadAnswer::refused(
                format!(
                    "items.{asset}: expected an object, found {}",
                    cells.type_name()
                ),
                Some(at),
            )
            .with_decisions(&o);
        };
        for (h, cell) in cells.iter() {
            if !matches!(cell, Value::Object(_)) {
                let h = h.as_str().unwrap_or("?");
                return ReadAnswer::refused(
                    format!(
                        "items.{asset}.{h}: expected an object, found {}",
                        cell.type_name()
                    ),
                    Some(at),
                )
                .with_decisions(&o);
            }
        }
    }
    let mut reasons = Vec::new();
    let years = match o.get("years") {
        None | Some(Value::Null) => None,
        Some(Value::Str(s)) => s.as_str().map(str::to_owned),
        Some(v) => {
            reasons.push(format!("years: expected a string, found {}", v.type_name()));
            None
        }
    };
    check_items(&items, &mut reasons);
    let shape = (!reasons.is_empty()).then(|| {
        let more = reasons.len().saturating_sub(MAX_REASONS);
        reasons.truncate(MAX_REASONS);
        let mut r = reasons.join("; ");
        if more > 0 {
            r += &format!("; and {more} more");
        }
        (Shape::Invalid, r)
    });
    ReadAnswer {
        items: Some(items),
        years,
        shape,
        at_byte: Some(at),
        decisions: o.get(crate::arena::league::DECISIONS_KEY).cloned(),
        duplicate_keys: Vec::new(),
    }
}

/// The dotted paths of the keys `json` (one JSON object, as [`canon::parse`] reads it) states
/// more than once in one object, in the order their repeats appear, at most [`MAX_REASONS`]:
/// `json.loads` keeps the last (DESIGN: "duplicate keys: last wins"), and the answer line marks
/// them (`duplicate_keys`). A list's items are named `[i]`.
pub fn duplicate_keys(json: &str) -> Vec<String> {
    enum Frame {
        Object { path: String, seen: Vec<String> },
        List { path: String, next: usize },
    }
    fn child(frames: &mut [Frame], key: Option<String>) -> String {
        match frames.last_mut() {
            None => String::new(),
            Some(Frame::Object { path, .. }) => {
                let k = key.unwrap_or_default();
                if path.is_empty() {
                    k
                } else {
                    format!("{path}.{k}")
                }
            }
            Some(Frame::List { path, next }) => {
                *next += 1;
                format!("{path}[{}]", *next - 1)
            }
        }
    }
    let b = json.as_bytes();
    let mut out = Vec::new();
    let mut frames: Vec<Frame> = Vec::new();
    // The key of the member whose value comes next.
    let mut key: Option<String> = None;
    let mut i = 0usize;
    while i < b.len() && out.len() < MAX_REASONS {
        match b[i] {
            b'"' => {
                let start = i;
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                let end = (i + 1).min(b.len());
                let in_object = matches!(frames.last(), Some(Frame::Object { .. }));
                let rest = json[end..].trim_start();
                if in_object && key.is_none() && rest.starts_with(':') {
                    let k = match canon::parse(&b[start..end]) {
                        Ok(Value::Str(s)) => s.as_str().unwrap_or("?").to_owned(),
                        _ => "?".to_owned(),
                    };
                    if let Some(Frame::Object { path, seen }) = frames.last_mut() {
                        if seen.contains(&k) {
                            out.push(if path.is_empty() {
                                k.clone()
                            } else {
                                format!("{path}.{k}")
                            });
                        } else {
                            seen.push(k.clone());
                        }
                    }
                    key = Some(k);
                } else {
                    if matches!(frames.last(), Some(Frame::List { .. })) {
                        child(&mut frames, None);
                    }
                    key = None;
                }
            }
            b'{' => {
                let path = child(&mut frames, key.take());
                frames.push(Frame::Object {
                    path,
                    seen: Vec::new(),
                });
            }
            b'[' => {
                let path = child(&mut frames, key.take());
                frames.push(Frame::List { path, next: 0 });
            }
            b'}' | b']' => {
                frames.pop();
                key = None;
            }
            b',' => key = None,
            b' ' | b'\t' | b'\n' | b'\r' | b':' => {}
            _ => {
                // A number, true, false or null: a list item takes its place.
                if matches!(frames.last(), Some(Frame::List { .. })) {
                    child(&mut frames, None);
                }
                while i + 1 < b.len() && !b",}] \t\n\r".contains(&b[i + 1]) {
                    i += 1;
                }
                key = None;
            }
        }
        i += 1;
    }
    out
}

fn check_items(items: &Object, reasons: &mut Vec<String>) {
    for (asset, cells) in items.iter() {
        let asset = asset.as_str().unwrap_or("?");
        if !MARKETS.contains(&asset) {
            reasons.push(format!("items.{asset}: not one of the twelve markets"));
            continue;
        }
        let Some(cells) = cells.as_object() else {
            continue;
        };
        for (h, cell) in cells.iter() {
            let h = h.as_str().unwrap_or("?");
            let path = format!("items.{asset}.{h}");
            let Some(horizon) = Horizon::parse(h) else {
                reasons.push(format!("{path}: not a horizon (1d, 1w, 1m, 6m)"));
                continue;
            };
            let Some(cell) = cell.as_object() else {
                continue;
            };
            check_cell(cell, horizon, &path, reasons);
        }
    }
}

fn check_cell(cell: &Object, horizon: Horizon, path: &str, reasons: &mut Vec<String>) {
    let pct = |key: &str, required: bool, reasons: &mut Vec<String>| match cell.get(key) {
        None | Some(Value::Null) if required => {
            reasons.push(format!("{path}.{key}: missing"));
        }
        None | Some(Value::Null) => {}
        Some(v) => match number(v) {
            Some(x) if (0.0..=100.0).contains(&x) => {}
            Some(x) => reasons.push(format!("{path}.{key}: {x} is outside 0-100")),
            None => reasons.push(format!(
                "{path}.{key}: expected a number 0-100, found {}",
                v.type_name()
            )),
        },
    };
    pct("prob_up", true, reasons);
    if cell.get("crowd_up").is_some() {
        if horizon == Horizon::D1 {
            pct("crowd_up", false, reasons);
        } else {
            reasons.push(format!("{path}.crowd_up: only on 1d"));
        }
    }
    let level = |key: &str, reasons: &mut Vec<String>| match cell.get(key) {
        None | Some(Value::Null) => None,
        Some(v) => match number(v) {
            Some(x) => Some(x),
            None => {
                reasons.push(format!(
                    "{path}.{key}: expected a number, found {}",
                    v.type_name()
                ));
                None
            }
        },
    };
    let entry = level("entry", reasons);
    for key in ["target", "invalidation", "exp_pct"] {
        level(key, reasons);
    }
    for key in ["risk", "revise_if"] {
        match cell.get(key) {
            None | Some(Value::Null) | Some(Value::Str(_)) => {}
            Some(v) => reasons.push(format!(
                "{path}.{key}: expected a string, found {}",
                v.type_name()
            )),
        }
    }
    match cell.get("action") {
        None | Some(Value::Null) => {}
        Some(Value::Str(s)) => {
            if s.as_str() == Some("buy_dips") && entry.is_none() {
                reasons.push(format!(
                    "{path}.entry: missing (buy_dips needs its level, §3.6)"
                ));
            }
        }
        Some(v) => reasons.push(format!(
            "{path}.action: expected a string, found {}",
            v.type_name()
        )),
    }
}

/// The answer's JSON Schema (draft 2020-12), as the ask text publishes it.
pub fn answer_schema() -> serde_json::Value {
    use serde_json::json;
    let pct =
        |what: &str| json!({"type": "number", "minimum": 0, "maximum": 100, "description": what});
    let cell = |d1: bool| {
        let mut props = json!({
            "prob_up": pct("Probability (0-100) that the market ends the horizon strictly above its reference price (spec §3.5)."),
            "action": {"type": "string", "description": "One of buy_strong, buy_dips, hold, trim, sell (§3.6); another word is kept, scored, not traded.", "examples": ACTIONS},
            "entry": {"type": "number", "description": "buy_dips only: the level below the reference at which to buy (§3.6)."},
            "target": {"type": "number", "description": "Expected price level at the horizon (§3.8)."},
            "invalidation": {"type": "number", "description": "Wrong if: the level at which the view is wrong (§3.8)."},
            "exp_pct": {"type": "number", "description": "Expected change, percent."},
            "risk": {"type": "string", "description": "The main risk to the view (§3.8)."},
            "revise_if": {"type": "string", "description": "What would make the seat revise (§3.8)."}
        });
        if d1 {
            props["crowd_up"] = pct("Probability (0-100) that the market's daily up-or-down contract resolves up (§4.9).");
        }
        json!({"type": "object", "required": ["prob_up"], "properties": props,
               "if": {"properties": {"action": {"const": "buy_dips"}}, "required": ["action"]},
               "then": {"required": ["entry"]}})
    };
    let horizons = json!({"type": "object", "additionalProperties": false, "properties": {
        "1d": cell(true), "1w": cell(false), "1m": cell(false), "6m": cell(false)}});
    let markets: serde_json::Map<String, serde_json::Value> = MARKETS
        .iter()
        .map(|m| (m.to_string(), horizons.clone()))
        .collect();
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://sealbook.invalid/schema/answer.schema.json",
        "title": "sealbook answer",
        "description": "A seat's answer: items.<ASSET>.<horizon> for the twelve markets and the horizons 1d 1w 1m 6m, plus an unscored sentence on the years ahead. A cell left out counts as 50 (spec §3.9).",
        "type": "object",
        "required": ["items"],
        "properties": {
            "items": {"type": "object", "additionalProperties": false, "properties": markets},
            "years": {"type": "string", "description": "One unscored sentence on the years ahead (§3.7)."},
            "decisions": {
                "type": "object",
                "description": "The trading decisions (§4.7 portfolio league, §4.8 pro league): per rule version in force (arena-protocol.json, listed in the ask), \"hold\" (no trade, no cost) or the target weight of every fund to hold in percent of equity (a fund not named is sold to 0; negative is a short where the version allows it). A version left out is no decision; a malformed one is sealed and marked, never traded; one that breaks the rules is rejected by the engine.",
                "propertyNames": {"pattern": "^[A-Za-z0-9._-]+$"},
                "additionalProperties": {"oneOf": [
                    {"const": "hold"},
                    {"type": "object", "required": ["weights"], "additionalProperties": false,
                     "properties": {"weights": {"type": "object", "additionalProperties": {"type": "number", "description": "Percent of equity, at most two decimals."}}}}
                ]}
            }
        }
    })
}

/// [`answer_schema`] as published: pretty JSON with a final LF.
pub fn answer_schema_bytes() -> Vec<u8> {
    let mut b = serde_json::to_vec_pretty(&answer_schema()).expect("a JSON value");
    b.push(b'\n');
    b
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn shape(r: &ReadAnswer) -> Option<Shape> {
        r.shape.as_ref().map(|s| s.0)
    }

    const GOOD: &str = r#"{"items": {"SPX": {"1d": {"prob_up": 55, "action": "hold", "crowd_up": 60, "target": 6700.5, "invalidation": 6600, "risk": "a hot CPI", "revise_if": "SPX above 6800"}, "6m": {"prob_up": 61.5, "action": "buy_dips", "entry": 6400}}, "BTC": {"1w": {"prob_up": 0, "action": "accumulate"}}}, "years": "Higher, slowly."}"#;

    #[test]
    fn a_fenced_block_inside_prose() {
        let text = format!("Here is my view.\n\n```json\n{GOOD}\n```\n\nGood luck {{friend}}.");
        let r = read_answer(&text);
        assert_eq!(r.shape, None, "{r:?}");
        let items = r.items.unwrap();
        assert_eq!(items.len(), 2);
        assert_eq!(r.years.as_deref(), Some("Higher, slowly."));
        assert_eq!(r.at_byte, text.find("{\"items\""));
        // An action outside the five words is kept (the action word), not invalid.
        assert!(items.get("BTC").is_some());
    }

    #[test]
    fn a_bare_object_after_prose_with_braces() {
        let text = format!("Markets {{SPX, NDX}} look {{\"mixed\": }} today: {GOOD} -- end");
        let r = read_answer(&text);
        assert_eq!(r.shape, None, "{r:?}");
        assert_eq!(r.at_byte, text.find("{\"items\""));
        // An unlabelled fence works too; a fence of another language is skipped.
        let text = format!("```python\nx = {{}}\n```\n```\n{GOOD}\n```");
        assert_eq!(read_answer(&text).shape, None);
    }

    #[test]
    fn trailing_commas_are_not_repaired() {
        let text = r#"```json
{"items": {"SPX": {"1d": {"prob_up": 55,}}},}
```"#;
        let r = read_answer(text);
        assert_eq!(shape(&r), Some(Shape::Refused), "{r:?}");
        assert!(r.items.is_none());
        // Not searched inside: the inner {"prob_up": 55} is never taken as the answer.
        let r = read_answer(r#"{"items": {"SPX": {"1d": {"prob_up": 55}}}, "years": "x",}"#);
        assert_eq!((shape(&r), r.at_byte), (Some(Shape::Refused), None));
    }

    #[test]
    fn schema_breaks_are_sealed_as_received_and_marked_invalid() {
        let text = r#"{"items": {"SPX": {"1d": {"prob_up": 150, "action": 3}, "1w": {"prob_up": "55", "crowd_up": 40}, "2y": {"prob_up": 5}, "6m": {"action": "buy_dips", "prob_up": 58}}, "ES": {"1d": {"prob_up": 5}}, "GOLD": {"1m": {}}}, "years": 2030}"#;
        let r = read_answer(text);
        let (s, reason) = r.shape.clone().unwrap();
        assert_eq!(s, Shape::Invalid);
        for says in [
            "items.SPX.1d.prob_up: 150 is outside 0-100",
            "items.SPX.1d.action: expected a string",
            "items.SPX.1w.prob_up: expected a number 0-100, found str",
            "items.SPX.1w.crowd_up: only on 1d",
            "items.SPX.2y: not a horizon",
            "items.SPX.6m.entry: missing",
            "items.ES: not one of the twelve markets",
            "items.GOLD.1m.prob_up: missing",
            "years: expected a string",
        ] {
            assert!(reason.contains(says), "{says}: {reason}");
        }
        // Sealed as received: the same object, nothing dropped or rescaled.
        let Value::Object(o) = canon::parse(text.as_bytes()).unwrap() else {
            panic!()
        };
        assert_eq!(r.items.as_ref(), o.get("items").and_then(Value::as_object));
    }

    #[test]
    fn duplicate_keys_are_read_last_wins_and_marked() {
        let text = r#"Sure: {"items": {"SPX": {"1d": {"prob_up": 40, "prob_up": 60}}, "S\u0050X": {"1w": {"prob_up": 55}}, "GOLD": {"1d": {"prob_up": 50}}}, "decisions": [{"a": 1, "a": 2}, {"a": 3}], "years": "x", "years": "y"}"#;
        let r = read_answer(text);
        assert_eq!(r.shape, None, "{r:?}");
        assert_eq!(
            r.duplicate_keys,
            [
                "items.SPX.1d.prob_up",
                "items.SPX",
                "decisions[0].a",
                "years"
            ]
        );
        assert_eq!(r.years.as_deref(), Some("y"));
        let items = r.items.unwrap();
        let spx = items.get("SPX").and_then(Value::as_object).unwrap();
        assert!(
            spx.get("1d").is_none() && spx.get("1w").is_some(),
            "{spx:?}"
        );
        // No repeats, no marks; keys inside strings are not keys.
        let r = read_answer(
            r#"{"items": {"SPX": {"1d": {"prob_up": 55, "risk": "\"a\": 1, \"a\": 2"}}}, "x": [1, "a", {"a": 1}]}"#,
        );
        assert_eq!((r.shape, r.duplicate_keys.len()), (None, 0));
    }

    #[test]
    fn an_object_holding_a_lone_surrogate_is_refused_not_sealed() {
        for text in [
            r#"{"items": {"SPX": {"1d": {"prob_up": 55, "risk": "\ud800"}}}}"#,
            r#"{"items": {"\udc00": {"1d": {"prob_up": 55}}}}"#,
            r#"{"items": {}, "decisions": {"\ud83d": "hold"}}"#,
        ] {
            let r = read_answer(text);
            let (s, reason) = r.shape.clone().unwrap();
            assert_eq!(
                (s, r.items.is_none(), r.decisions.is_none()),
                (Shape::Refused, true, true)
            );
            assert!(reason.contains("lone surrogate"), "{reason}");
        }
        // A surrogate pair is one character, sealed as received.
        let r =
            read_answer(r#"{"items": {"SPX": {"1d": {"prob_up": 55, "risk": "\ud83d\ude42"}}}}"#);
        assert_eq!(r.shape, None);
    }

    #[test]
    fn shapes_the_book_cannot_hold_are_refused() {
        for (text, says) in [
            ("I cannot give financial advice.", "no JSON object"),
            (r#"{"answer": 6}"#, "no items"),
            (
                r#"{"items": [55]}"#,
                "items: expected an object, found list",
            ),
            (
                r#"{"items": {"SPX": 55}}"#,
                "items.SPX: expected an object, found int",
            ),
            (
                r#"{"items": {"SPX": {"1d": 55}}}"#,
                "items.SPX.1d: expected an object",
            ),
            (
                r#"{"items": {"SPX": {"1d": {"prob_up": 55}}}"#,
                "no JSON object",
            ),
        ] {
            let r = read_answer(text);
            let (s, reason) = r.shape.clone().unwrap();
            assert_eq!((s, r.items.is_none()), (Shape::Refused, true), "{text}");
            assert!(reason.contains(says), "{text}: {reason}");
        }
        let big = "{".repeat(MAX_REPLY_BYTES + 1);
        assert!(read_answer(&big).shape.unwrap().1.contains("more than"));
        // Deep or unbalanced nesting ends without a panic.
        assert_eq!(
            shape(&read_answer(&"[".repeat(100_000))),
            Some(Shape::Refused)
        );
        assert_eq!(
            shape(&read_answer(&"{\"a\":".repeat(50_000))),
            Some(Shape::Refused)
        );
        assert_eq!(
            shape(&read_answer(&"{}".repeat(10_000))),
            Some(Shape::Refused)
        );
    }

    /// Text fields of real provider replies (../shared/vectors/llm-apis, MANIFEST.md): prose
    /// and a tool-style `{"response": 6}` are refused shapes, never answers, never a panic.
    #[test]
    fn real_model_replies() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/vectors/llm-apis");
        let Ok(gemini) = std::fs::read_dir(dir.join("gemini")) else {
            panic!("the llm-apis vectors are missing at {}", dir.display());
        };
        let mut texts: Vec<String> = Vec::new();
        for f in gemini.flatten() {
            let bytes = std::fs::read(f.path()).unwrap();
            for line in String::from_utf8_lossy(&bytes).lines() {
                let line = line.strip_prefix("data: ").unwrap_or(line);
                if let Ok(v) = serde_json::from_str::<serde_json::Value>(line) {
                    collect_texts(&v, &mut texts);
                }
            }
            if let Ok(v) = serde_json::from_slice::<serde_json::Value>(&bytes) {
                collect_texts(&v, &mut texts);
            }
        }
        for sub in ["anthropic", "openai"] {
            for f in std::fs::read_dir(dir.join(sub)).unwrap().flatten() {
                let yaml = std::fs::read_to_string(f.path()).unwrap();
                for line in yaml.lines() {
                    let t = line.trim_start().trim_start_matches("- ");
                    for key in ["text: ", "content: "] {
                        if let Some(v) = t.strip_prefix(key) {
                            texts.push(v.trim_matches('\'').to_string());
                        }
                    }
                }
                // The whole cassette as one reply: real bytes full of braces.
                texts.push(yaml);
            }
        }
        assert!(texts.len() > 20, "{}", texts.len());
        assert!(texts.iter().any(|t| t == r#"{"response": 6}"#));
        for t in &texts {
            let r = read_answer(t);
            assert_eq!(shape(&r), Some(Shape::Refused), "{t}");
            assert!(r.items.is_none());
        }
        let r = read_answer(r#"{"response": 6}"#);
        assert!(r.shape.unwrap().1.contains("no items"));
    }

    fn collect_texts(v: &serde_json::Value, out: &mut Vec<String>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, x) in m {
                    match (k.as_str(), x) {
                        ("text", serde_json::Value::String(s)) => out.push(s.clone()),
                        _ => collect_texts(x, out),
                    }
                }
            }
            serde_json::Value::Array(a) => a.iter().for_each(|x| collect_texts(x, out)),
            _ => {}
        }
    }

    #[test]
    fn decisions_are_kept_as_received_and_marked_never_repaired() {
        let versions = vec!["arena-3".to_string(), "pro-1".to_string()];
        // Good: kept, no reason.
        let text = r#"{"items": {"SPX": {"1d": {"prob_up": 55}}}, "decisions": {"arena-3": {"weights": {"SPY": 25, "IEF": 12.5}}, "pro-1": "hold"}}"#;
        let r = read_answer(text);
        assert_eq!(r.shape, None);
        let Value::Object(o) = canon::parse(text.as_bytes()).unwrap() else {
            panic!()
        };
        assert_eq!(r.decisions.as_ref(), o.get("decisions"));
        assert_eq!(r.decisions_reason(&versions), None);
        // Malformed: sealed as received (the same value), marked with every reason; the
        // forecasts are not touched by it.
        let text = r#"{"items": {"SPX": {"1d": {"prob_up": 55}}}, "decisions": {"arena-3": {"weights": {"SPY": "25%"}}, "pro-1": "sell all", "pro-9": "hold"}}"#;
        let r = read_answer(text);
        assert_eq!(r.shape, None);
        let Value::Object(o) = canon::parse(text.as_bytes()).unwrap() else {
            panic!()
        };
        assert_eq!(r.decisions.as_ref(), o.get("decisions"));
        let why = r.decisions_reason(&versions).unwrap();
        for says in [
            "decisions.arena-3.weights.SPY: \"25%\" is not a percentage",
            "decisions.pro-1: \"sell all\" is neither",
            "decisions.pro-9: not a rule version in force",
        ] {
            assert!(why.contains(says), "{says}: {why}");
        }
        // Rule-breaking but well-formed (45% in one fund, a short on a long-only track): no
        // mark here; the engine rejects it with its reason.
        let r = read_answer(
            r#"{"items": {}, "decisions": {"arena-3": {"weights": {"SPY": 45, "QQQ": -10}}}}"#,
        );
        assert_eq!(r.decisions_reason(&versions), None);
        // Without items the answer is refused, the decisions still kept and marked.
        let r = read_answer(r#"{"decisions": "hold"}"#);
        assert_eq!(shape(&r), Some(Shape::Refused));
        assert!(r
            .decisions_reason(&versions)
            .unwrap()
            .contains("decisions: expected an object"));
        // No decisions: nothing kept, nothing marked.
        let r = read_answer(r#"{"items": {}}"#);
        assert_eq!(
            (r.decisions.is_none(), r.decisions_reason(&versions)),
            (true, None)
        );
    }

    #[test]
    fn the_schema_lists_every_market_and_horizon() {
        let s = answer_schema();
        let items = &s["properties"]["items"]["properties"];
        assert_eq!(items.as_object().unwrap().len(), 12);
        assert!(items["BTC"]["properties"]["1d"]["properties"]["crowd_up"].is_object());
        assert!(items["BTC"]["properties"]["1w"]["properties"]["crowd_up"].is_null());
        assert!(answer_schema_bytes().ends_with(b"}\n"));
        let d = &s["properties"]["decisions"]["additionalProperties"]["oneOf"];
        assert_eq!(d[0]["const"], "hold");
        assert!(d[1]["properties"]["weights"].is_object());
    }
}
