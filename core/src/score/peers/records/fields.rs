//! The field tables of the records files: what each kind's fields hold, which the line
//! reader checks and from which the published JSON Schemas are built.

use crate::book::canon::{self, DumpOptions, Object, Value};

/// Longest name or label accepted.
pub const MAX_TEXT: usize = 256;
/// Most outcomes in one market.
pub const MAX_OUTCOMES: usize = 64;
/// Tolerance on the sum of a probability vector (the arena rule's, used for every profile).
pub const SUM_TOLERANCE: f64 = crate::score::peers::arena::VECTOR_SUM_TOLERANCE;

/// What a field holds.
#[derive(Clone, Copy, Debug)]
pub enum FieldType {
    /// 1-256 characters.
    Text,
    /// `YYYY-MM-DD`.
    Date,
    /// A number 0-1.
    Fraction,
    /// A number > 0.
    Positive,
    /// Any finite number.
    Number,
    Bool,
    /// One of these strings.
    Choice(&'static [&'static str]),
    /// An object from outcome labels to numbers 0-1 (2-64 outcomes).
    OutcomeMap,
}

/// One field of a record kind.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    pub name: &'static str,
    pub ty: FieldType,
    /// Must be present (possibly null when `nullable`).
    pub required: bool,
    pub nullable: bool,
    pub doc: &'static str,
}

/// One record kind: its `kind` value and fields (besides `kind`).
#[derive(Clone, Copy, Debug)]
pub struct Kind {
    pub name: &'static str,
    pub doc: &'static str,
    pub fields: &'static [Field],
}

pub(super) const fn f(
    name: &'static str,
    ty: FieldType,
    required: bool,
    nullable: bool,
    doc: &'static str,
) -> Field {
    Field {
        name,
        ty,
        required,
        nullable,
        doc,
    }
}

/// The JSON Schema (draft 2020-12) of one profile's records file, one line's object, built
/// from the field tables. `profile` is `agentpit`, `ladder` or `arena`.
pub fn records_schema(profile: &str, kinds: &[Kind]) -> Value {
    let s = |x: &str| Value::Str(x.into());
    let int = |i: i64| Value::Int(i.into());
    let obj = |members: Vec<(&str, Value)>| {
        let mut o = Object::new();
        for (k, v) in members {
            o.insert(k, v);
        }
        Value::Object(o)
    };
    let field_schema = |fd: &Field| {
        let mut m: Vec<(&str, Value)> = match fd.ty {
            FieldType::Text => vec![
                ("type", s("string")),
                ("minLength", int(1)),
                ("maxLength", int(MAX_TEXT as i64)),
            ],
            FieldType::Date => vec![
                ("type", s("string")),
                ("pattern", s(r"^\d{4}-\d{2}-\d{2}$")),
            ],
            FieldType::Fraction => vec![
                ("type", s("number")),
                ("minimum", int(0)),
                ("maximum", int(1)),
            ],
            FieldType::Positive => vec![("type", s("number")), ("exclusiveMinimum", int(0))],
            FieldType::Number => vec![("type", s("number"))],
            FieldType::Bool => vec![("type", s("boolean"))],
            FieldType::Choice(c) => vec![("enum", Value::Array(c.iter().map(|x| s(x)).collect()))],
            FieldType::OutcomeMap => vec![
                ("type", s("object")),
                ("minProperties", int(2)),
                ("maxProperties", int(MAX_OUTCOMES as i64)),
                (
                    "additionalProperties",
                    obj(vec![
                        ("type", s("number")),
                        ("minimum", int(0)),
                        ("maximum", int(1)),
                    ]),
                ),
            ],
        };
        if fd.nullable {
            for (k, v) in m.iter_mut() {
                match (*k, &mut *v) {
                    ("type", Value::Str(t)) => {
                        let t = Value::Str(t.clone());
                        *v = Value::Array(vec![t, s("null")]);
                    }
                    ("enum", Value::Array(a)) => a.push(Value::Null),
                    _ => {}
                }
            }
        }
        m.push(("description", s(fd.doc)));
        obj(m)
    };
    let variants = kinds
        .iter()
        .map(|k| {
            let mut props = vec![("kind", obj(vec![("const", s(k.name))]))];
            props.extend(k.fields.iter().map(|fd| (fd.name, field_schema(fd))));
            let required = std::iter::once("kind")
                .chain(k.fields.iter().filter(|fd| fd.required).map(|fd| fd.name));
            obj(vec![
                ("title", s(k.name)),
                ("description", s(k.doc)),
                ("type", s("object")),
                ("required", Value::Array(required.map(s).collect())),
                ("additionalProperties", Value::Bool(false)),
                ("properties", obj(props)),
            ])
        })
        .collect();
    obj(vec![
        ("$schema", s("https://json-schema.org/draft/2020-12/schema")),
        ("$id", Value::Str(format!("{profile}-records.schema.json").into())),
        ("title", Value::Str(format!("sealbook score --profile {profile}: one line of the records file").into())),
        (
            "description",
            s("JSONL: one object per line, UTF-8, blank lines ignored. Probabilities and prices are fractions 0-1. Rules a field table cannot state are in the field descriptions."),
        ),
        ("oneOf", Value::Array(variants)),
    ])
}

/// [`records_schema`] as published: `J` of the schema plus LF.
pub fn records_schema_bytes(profile: &str, kinds: &[Kind]) -> Vec<u8> {
    let mut b =
        canon::to_bytes(&records_schema(profile, kinds), DumpOptions::SEAL).expect("ASCII schema");
    b.push(b'\n');
    b
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::peers::records::{AGENTPIT_KINDS, ARENA_KINDS, LADDER_KINDS};

    #[test]
    fn schemas_list_every_field() {
        for (profile, kinds) in [
            ("agentpit", AGENTPIT_KINDS),
            ("ladder", LADDER_KINDS),
            ("arena", ARENA_KINDS),
        ] {
            let bytes = records_schema_bytes(profile, kinds);
            let doc: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
            assert_eq!(doc["$id"], format!("{profile}-records.schema.json"));
            let variants = doc["oneOf"].as_array().unwrap();
            assert_eq!(variants.len(), kinds.len());
            for (v, k) in variants.iter().zip(kinds) {
                assert_eq!(v["properties"]["kind"]["const"], k.name);
                assert_eq!(
                    v["properties"].as_object().unwrap().len(),
                    k.fields.len() + 1
                );
                assert_eq!(
                    v["required"].as_array().unwrap().len(),
                    1 + k.fields.iter().filter(|f| f.required).count()
                );
            }
        }
        let doc: serde_json::Value =
            serde_json::from_slice(&records_schema_bytes("agentpit", AGENTPIT_KINDS)).unwrap();
        assert_eq!(
            doc["oneOf"][0]["properties"]["winner"]["type"],
            serde_json::json!(["string", "null"])
        );
    }
}
