//! The published JSON Schema of an event contract (`event-contract.schema.json`, spec §3.13):
//! built from the contract's nine keys (spec Table 1), written by the publisher and served by
//! `sealbook schema`.

use crate::book::canon::{self, DumpOptions, Object, Value};
use crate::contract::event::CONTRACT_KEYS;
use crate::records::names::CONTRACT_SCHEMA_FILE;

/// The JSON Schema of an event contract (`event-contract.schema.json`, §3.13), generated
/// from [`CONTRACT_KEYS`] so that the published schema and the code cannot drift apart.
pub fn event_contract_schema() -> Value {
    let s = |x: &str| Value::Str(x.into());
    let obj = |members: Vec<(&str, Value)>| {
        let mut o = Object::new();
        for (k, v) in members {
            o.insert(k, v);
        }
        Value::Object(o)
    };
    let nonempty = |desc: &str| {
        obj(vec![
            ("type", s("string")),
            ("minLength", Value::Int(1.into())),
            ("description", s(desc)),
        ])
    };
    let time = |desc: &str| {
        obj(vec![
            ("type", s("string")),
            ("format", s("date-time")),
            (
                "pattern",
                s(r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$"),
            ),
            ("description", s(desc)),
        ])
    };
    let descriptions = [
        nonempty("Market code (e.g. SPX, BTC)."),
        obj(vec![
            ("enum", Value::Array(["1d", "1w", "1m", "6m"].iter().map(|h| s(h)).collect())),
            ("description", s("Horizon: 1, 5, 21 or 126 NYSE sessions (Bitcoin: the scoring session, 7, 30 or 182 calendar days).")),
        ]),
        time("When the reference price is taken (the first price at or after it, per reference_rule)."),
        time("When the terminal price is taken."),
        nonempty("Resolution rule (what counts as up)."),
        nonempty("Version of the resolver applying the rule."),
        nonempty("How the reference and terminal prices are read from the provider's bars."),
        nonempty("Price provider."),
        nonempty("Provider's symbol for the market."),
    ];
    let properties = obj(CONTRACT_KEYS.iter().copied().zip(descriptions).collect());
    obj(vec![
        ("$schema", s("https://json-schema.org/draft/2020-12/schema")),
        ("$id", s(CONTRACT_SCHEMA_FILE)),
        ("title", s("Event contract")),
        (
            "description",
            s("A forecast's event, fixed before the question is sent (Sealed Before the Open, Table 1 and section 3.13). \
               event_id_v2 = 'ev2-' + the first 16 hex digits of SHA-256 of the nine-key object serialized with sorted keys, \
               no whitespace, UTF-8; event_id = 'ev1-' + the same over asset, horizon, reference_at, end_at, rule."),
        ),
        ("type", s("object")),
        ("required", Value::Array(CONTRACT_KEYS.iter().map(|k| s(k)).collect())),
        ("additionalProperties", Value::Bool(false)),
        ("properties", properties),
    ])
}

/// The published bytes of `event-contract.schema.json`: `J` of the schema plus LF.
pub fn event_contract_schema_bytes() -> Vec<u8> {
    let mut b = canon::to_bytes(&event_contract_schema(), DumpOptions::SEAL).expect("ASCII schema");
    b.push(b'\n');
    b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schema_lists_the_nine_keys() {
        let s = event_contract_schema();
        let o = s.as_object().unwrap();
        let req: Vec<&str> = match o.get("required").unwrap() {
            Value::Array(a) => a.iter().map(|v| v.as_str().unwrap()).collect(),
            _ => panic!(),
        };
        assert_eq!(req, CONTRACT_KEYS);
        assert!(event_contract_schema_bytes().ends_with(b"}\n"));
    }
}
