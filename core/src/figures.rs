//! Where a published document differs from its recount (ARCHITECTURE.md "Where a new piece
//! goes": every published figure is recomputed from the sealed files and held to it; spec
//! Appendix B steps 7 and 11): the published and the recounted JSON walked side by side, each
//! field that differs named by its path (`seats.climatology.1d.brier`, `accounts[v1/alpha].equity`)
//! with both values. Numbers are compared as read (`1000.0` and `1000` are equal), so the file's
//! own spelling is irrelevant, as for a sealed line; both sides are read from their JSON text by
//! the same reader ([`parse`]), so a figure written from the same number reads the same.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// Most differences named per document: the first ones say where to look.
pub const MAX_DIFFERENCES: usize = 20;

/// One published field that is not its recount.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FieldDifference {
    /// The published file.
    pub file: String,
    /// The field's path inside it.
    pub field: String,
    /// The published value as JSON (`absent` when the field is not published).
    pub published: String,
    /// The recounted value as JSON (`absent` when the recount has no such field).
    pub recounted: String,
}

impl fmt::Display for FieldDifference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: field {}: published {}, recounted {}",
            self.file, self.field, self.published, self.recounted
        )
    }
}

/// How a difference names a value that is not there (a field not published, or a figure the
/// recount does not have): the one word `sealbook replay`, `sealbook verify DIR` and the page's
/// downloads write for it.
pub const ABSENT: &str = "absent";

/// A compared value as a difference names it: its text, or [`ABSENT`].
pub fn shown_text(v: Option<&str>) -> &str {
    v.unwrap_or(ABSENT)
}

/// The JSON value as it is named in a difference.
fn shown(v: Option<&Value>) -> String {
    v.map_or_else(|| ABSENT.to_string(), Value::to_string)
}

fn equal_numbers(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => match (x.as_i64(), y.as_i64()) {
            (Some(i), Some(j)) => i == j,
            _ => x.as_f64() == y.as_f64(),
        },
        _ => false,
    }
}

/// Adds to `out` (up to [`MAX_DIFFERENCES`] in all) every field of `file` at or under `path`
/// where `published` differs from `recounted`.
pub fn differences(
    file: &str,
    path: &str,
    published: Option<&Value>,
    recounted: Option<&Value>,
    out: &mut Vec<FieldDifference>,
) {
    if out.len() >= MAX_DIFFERENCES {
        return;
    }
    let join = |key: &str| {
        if path.is_empty() {
            key.to_string()
        } else {
            format!("{path}.{key}")
        }
    };
    match (published, recounted) {
        (Some(Value::Object(p)), Some(Value::Object(r))) => {
            let mut keys: Vec<&String> = p.keys().chain(r.keys()).collect();
            keys.sort();
            keys.dedup();
            for k in keys {
                differences(file, &join(k), p.get(k), r.get(k), out);
            }
        }
        (Some(Value::Array(p)), Some(Value::Array(r))) => {
            for i in 0..p.len().max(r.len()) {
                differences(file, &format!("{path}[{i}]"), p.get(i), r.get(i), out);
            }
        }
        (Some(p), Some(r)) if p == r || equal_numbers(p, r) => {}
        (None, None) => {}
        _ => out.push(FieldDifference {
            file: file.to_string(),
            field: if path.is_empty() {
                "(the whole document)".into()
            } else {
                path.to_string()
            },
            published: shown(published),
            recounted: shown(recounted),
        }),
    }
}

/// The JSON text `bytes` of `file` read as a value; an error naming the line and column.
pub fn parse(file: &str, bytes: &[u8]) -> Result<Value, String> {
    serde_json::from_slice(bytes).map_err(|e| {
        format!(
            "{file}: line {}, column {}: not JSON: {e}",
            e.line(),
            e.column()
        )
    })
}

/// `recounted` as the same reader reads it back from its JSON text (see [`parse`]).
pub fn value_of<T: Serialize>(recounted: &T) -> Value {
    let text = serde_json::to_vec(recounted).expect("a recount serializes");
    serde_json::from_slice(&text).expect("serialized JSON reads back")
}

/// Every field of the published JSON document `file` (its bytes) that differs from the
/// recounted document (its bytes); an unreadable published document is an error naming its
/// line and column.
pub fn document_differences(
    file: &str,
    published: &[u8],
    recounted: &[u8],
) -> Result<Vec<FieldDifference>, String> {
    let p = parse(file, published)?;
    let r = parse(file, recounted).expect("the recount is JSON");
    let mut out = Vec::new();
    differences(file, "", Some(&p), Some(&r), &mut out);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn each_differing_field_is_named_with_both_values() {
        let recounted =
            json!({"seats": {"a": {"brier": 0.25, "n": 40}}, "list": [1, 2]}).to_string();
        let recounted = recounted.as_bytes();
        let published =
            br#"{"seats": {"a": {"brier": 0.26, "n": 40.0}}, "list": [1, 2, 3], "x": 1}"#;
        let d = document_differences("council-stats.json", published, recounted).unwrap();
        let said: Vec<String> = d.iter().map(ToString::to_string).collect();
        assert_eq!(
            said,
            [
                "council-stats.json: field list[2]: published 3, recounted absent",
                "council-stats.json: field seats.a.brier: published 0.26, recounted 0.25",
                "council-stats.json: field x: published 1, recounted absent",
            ]
        );
        assert!(
            document_differences("f.json", b"{\"a\": 1}", b"{\"a\": 1.0}")
                .unwrap()
                .is_empty()
        );
        let e = document_differences("f.json", b"{\n\"a\": ", b"{}").unwrap_err();
        assert!(e.starts_with("f.json: line 2"), "{e}");
    }
}
