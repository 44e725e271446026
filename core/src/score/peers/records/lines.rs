//! Reading a records file: each non-blank line parsed as CPython's `json.loads` reads it,
//! checked against its kind's field table, and its fields read with the table's rules; and
//! the cross-record agreements (one crowd per market, one price per question, ...).

use super::error::{names, RecordError, RecordMsg};
use super::fields::{FieldType, Kind, MAX_OUTCOMES, MAX_TEXT, SUM_TOLERANCE};
use crate::book::canon::{self, Object, Value};
use std::collections::BTreeMap;

/// One record's object with its line and kind, checked against the kind's field table.
pub(super) struct Rec<'a> {
    pub(super) line: usize,
    obj: &'a Object,
    pub(super) kind: &'static Kind,
}

fn err(line: usize, field: &str, message: RecordMsg) -> RecordError {
    RecordError {
        line,
        field: Some(field.to_string()),
        message,
    }
}

/// Parses every non-blank line with `canon` and hands its checked object to `each`.
pub(super) fn read_lines(
    bytes: &[u8],
    kinds: &'static [Kind],
    mut each: impl FnMut(Rec<'_>) -> Result<(), RecordError>,
) -> Result<(), RecordError> {
    let kind_names: Vec<&str> = kinds.iter().map(|k| k.name).collect();
    for (i, raw) in bytes.split(|b| *b == b'\n').enumerate() {
        let line = i + 1;
        if raw.iter().all(|b| matches!(b, b' ' | b'\t' | b'\r')) {
            continue;
        }
        let value = canon::parse(raw).map_err(|e| RecordError {
            line,
            field: None,
            message: RecordMsg::NotJson {
                detail: e.to_string(),
            },
        })?;
        let Value::Object(obj) = &value else {
            return Err(RecordError {
                line,
                field: None,
                message: RecordMsg::NotObject {
                    type_name: value.type_name(),
                },
            });
        };
        let kind_name = match obj.get("kind") {
            None => {
                return Err(err(
                    line,
                    "kind",
                    RecordMsg::KindMissing {
                        kinds: names(&kind_names),
                    },
                ))
            }
            Some(v) => v.as_str().ok_or_else(|| {
                err(
                    line,
                    "kind",
                    RecordMsg::NotString {
                        type_name: v.type_name(),
                    },
                )
            })?,
        };
        let kind = kinds.iter().find(|k| k.name == kind_name).ok_or_else(|| {
            err(
                line,
                "kind",
                RecordMsg::NotAKind {
                    kind: kind_name.to_string(),
                    kinds: names(&kind_names),
                },
            )
        })?;
        for (key, _) in obj.iter() {
            let key = String::from_utf8_lossy(key.as_wtf8());
            if key != "kind" && !kind.fields.iter().any(|fd| fd.name == key) {
                return Err(err(
                    line,
                    &key,
                    RecordMsg::UnknownField {
                        kind: kind_name.to_string(),
                    },
                ));
            }
        }
        for fd in kind.fields.iter().filter(|fd| fd.required) {
            if obj.get(fd.name).is_none() {
                return Err(err(line, fd.name, RecordMsg::Missing));
            }
        }
        each(Rec { line, obj, kind })?;
    }
    Ok(())
}

impl Rec<'_> {
    pub(super) fn err(&self, field: &str, message: RecordMsg) -> RecordError {
        err(self.line, field, message)
    }

    /// The field's value; None when absent or null (null only where the table allows it).
    pub(super) fn get(&self, name: &str) -> Result<Option<&Value>, RecordError> {
        let fd = self
            .kind
            .fields
            .iter()
            .find(|fd| fd.name == name)
            .expect("field in table");
        match self.obj.get(name) {
            None => Ok(None),
            Some(Value::Null) if fd.nullable => Ok(None),
            Some(Value::Null) => Err(self.err(name, RecordMsg::Null)),
            Some(v) => Ok(Some(v)),
        }
    }

    pub(super) fn text_of(&self, name: &str, v: &Value) -> Result<String, RecordError> {
        let s = v.as_str().ok_or_else(|| {
            self.err(
                name,
                RecordMsg::NotString {
                    type_name: v.type_name(),
                },
            )
        })?;
        let chars = s.chars().count();
        if chars == 0 || chars > MAX_TEXT {
            return Err(self.err(
                name,
                RecordMsg::TextLength {
                    max: MAX_TEXT,
                    chars,
                },
            ));
        }
        Ok(s.to_string())
    }

    pub(super) fn opt_text(&self, name: &str) -> Result<Option<String>, RecordError> {
        self.get(name)?.map(|v| self.text_of(name, v)).transpose()
    }

    pub(super) fn text(&self, name: &str) -> Result<String, RecordError> {
        self.opt_text(name)?
            .ok_or_else(|| self.err(name, RecordMsg::Missing))
    }

    pub(super) fn number_of(&self, name: &str, v: &Value) -> Result<f64, RecordError> {
        let x = match v {
            Value::Int(i) => i.to_i64().map(|i| i as f64),
            Value::Float(x) => Some(*x),
            other => {
                return Err(self.err(
                    name,
                    RecordMsg::NotNumber {
                        type_name: other.type_name(),
                    },
                ))
            }
        };
        match x {
            Some(x) if x.is_finite() => Ok(x),
            _ => Err(self.err(name, RecordMsg::NotFinite)),
        }
    }

    pub(super) fn opt_number(&self, name: &str) -> Result<Option<f64>, RecordError> {
        let Some(v) = self.get(name)? else {
            return Ok(None);
        };
        let x = self.number_of(name, v)?;
        let fd = self
            .kind
            .fields
            .iter()
            .find(|fd| fd.name == name)
            .expect("field in table");
        match fd.ty {
            FieldType::Fraction if !(0.0..=1.0).contains(&x) => Err(self.err(
                name,
                RecordMsg::OutsideUnit {
                    value: x.to_string(),
                },
            )),
            FieldType::Positive if x <= 0.0 => Err(self.err(
                name,
                RecordMsg::NotPositive {
                    value: x.to_string(),
                },
            )),
            _ => Ok(Some(x)),
        }
    }

    pub(super) fn number(&self, name: &str) -> Result<f64, RecordError> {
        self.opt_number(name)?
            .ok_or_else(|| self.err(name, RecordMsg::Missing))
    }

    pub(super) fn opt_bool(&self, name: &str) -> Result<Option<bool>, RecordError> {
        match self.get(name)? {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(v) => Err(self.err(
                name,
                RecordMsg::NotBool {
                    type_name: v.type_name(),
                },
            )),
        }
    }

    /// The index of the field's value in its `Choice` list.
    pub(super) fn opt_choice(&self, name: &str) -> Result<Option<usize>, RecordError> {
        let fd = self
            .kind
            .fields
            .iter()
            .find(|fd| fd.name == name)
            .expect("field in table");
        let FieldType::Choice(choices) = fd.ty else {
            unreachable!("{name} is a choice")
        };
        let Some(v) = self.get(name)? else {
            return Ok(None);
        };
        let s = v.as_str().ok_or_else(|| {
            self.err(
                name,
                RecordMsg::ChoiceNotString {
                    choices: names(choices),
                    type_name: v.type_name(),
                },
            )
        })?;
        choices
            .iter()
            .position(|c| *c == s)
            .map(Some)
            .ok_or_else(|| {
                self.err(
                    name,
                    RecordMsg::NotAChoice {
                        value: s.to_string(),
                        choices: names(choices),
                    },
                )
            })
    }

    /// An outcome map: labels in code point order and their values.
    pub(super) fn opt_outcome_map(&self, name: &str) -> Result<Option<OutcomeMap>, RecordError> {
        let Some(v) = self.get(name)? else {
            return Ok(None);
        };
        let o = v.as_object().ok_or_else(|| {
            self.err(
                name,
                RecordMsg::NotOutcomeMap {
                    type_name: v.type_name(),
                },
            )
        })?;
        if o.len() < 2 || o.len() > MAX_OUTCOMES {
            return Err(self.err(
                name,
                RecordMsg::OutcomeCount {
                    max: MAX_OUTCOMES,
                    n: o.len(),
                },
            ));
        }
        let mut labels = Vec::with_capacity(o.len());
        let mut values = Vec::with_capacity(o.len());
        for (k, x) in o.iter() {
            let label = k
                .as_str()
                .ok_or_else(|| self.err(name, RecordMsg::LabelNotUnicode))?;
            let at = format!("{name}.{label}");
            let p = self.number_of(&at, x)?;
            if !(0.0..=1.0).contains(&p) {
                return Err(self.err(
                    &at,
                    RecordMsg::OutsideUnit {
                        value: p.to_string(),
                    },
                ));
            }
            labels.push(self.text_of(name, &Value::Str(label.into()))?);
            values.push(p);
        }
        Ok(Some((labels, values)))
    }
}

/// Outcome labels in code point order, and their values 0-1 in that order.
pub(super) type OutcomeMap = (Vec<String>, Vec<f64>);

/// Sum check of a probability vector (summed in order, as the scorer and its peer do).
pub(super) fn check_sum(rec: &Rec<'_>, name: &str, values: &[f64]) -> Result<(), RecordError> {
    let sum: f64 = values.iter().sum();
    if (sum - 1.0).abs() > SUM_TOLERANCE {
        return Err(rec.err(
            name,
            RecordMsg::SumNotOne {
                sum: sum.to_string(),
                tolerance: SUM_TOLERANCE.to_string(),
            },
        ));
    }
    Ok(())
}

/// Remembers a value per key and refuses a different one later (the same market's crowd,
/// the same question's price, ...), or any second record (duplicates).
pub(super) struct Agreement<K: Ord, V: PartialEq> {
    seen: BTreeMap<K, (usize, V)>,
}

impl<K: Ord, V: PartialEq> Agreement<K, V> {
    pub(super) fn new() -> Self {
        Agreement {
            seen: BTreeMap::new(),
        }
    }
    /// Ok(Some(first line)) when `key` was seen with the same value; Err(first line) on a
    /// different one; Ok(None) when new.
    pub(super) fn check(&mut self, key: K, line: usize, value: V) -> Result<Option<usize>, usize> {
        match self.seen.get(&key) {
            Some((first, v)) if *v == value => Ok(Some(*first)),
            Some((first, _)) => Err(*first),
            None => {
                self.seen.insert(key, (line, value));
                Ok(None)
            }
        }
    }
}

/// The line, field and message of the error a read gives.
#[cfg(test)]
pub(super) fn error_at<T: std::fmt::Debug>(
    r: Result<T, RecordError>,
) -> (usize, Option<String>, RecordMsg) {
    let e = r.expect_err("an error");
    (e.line, e.field, e.message)
}
