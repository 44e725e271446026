//! The signed entry timestamp (SET): the log's signature over the entry's canonical payload,
//! which is what makes integratedTime a signed time (spec §3.11: from then on the list is
//! public to everyone).

use super::entry::LogEntry;
use super::key::LogKey;
use crate::book::canon;
use crate::checks::CheckMsg;

impl LogEntry {
    /// The payload the SET signs: RFC 8785 canonical JSON of body, integratedTime, logID and
    /// logIndex (Rekor `pkg/verify` VerifySET: `jsoncanonicalizer.Transform` of the marshalled
    /// payload). For these member names, integers and strings the canonical form is the
    /// compact, key-sorted, non-ASCII-preserving JSON `canon` writes.
    /// Rekor v2 entries have no integratedTime and no SET: the payload then has time 0 and
    /// [`check_set`] refuses to check it.
    pub fn set_payload(&self) -> Vec<u8> {
        let o = canon::Object::from_members(vec![
            (
                "body".into(),
                canon::Value::Str(self.body_b64.as_str().into()),
            ),
            (
                "integratedTime".into(),
                canon::Value::Int(self.integrated_time.unwrap_or(0).into()),
            ),
            (
                "logID".into(),
                canon::Value::Str(self.log_id.as_str().into()),
            ),
            (
                "logIndex".into(),
                canon::Value::Int(canon::Int::from(self.log_index as i64)),
            ),
        ]);
        canon::to_bytes(&canon::Value::Object(o), canon::DumpOptions::COMPACT_UTF8)
            .expect("strings from JSON are valid")
    }
}

/// The entry's SET (`sig`) verified over its payload with the log's key.
pub fn check_set(entry: &LogEntry, sig: &[u8], key: &LogKey) -> Result<CheckMsg, CheckMsg> {
    let time = entry.integrated_time.ok_or(CheckMsg::NoIntegratedTime)?;
    key.verify(&entry.set_payload(), sig)
        .map(|()| CheckMsg::SetOk {
            time,
            index: entry.log_index,
        })
        .map_err(CheckMsg::Set)
}

#[cfg(test)]
mod tests {
    use crate::rekor::entry::LogEntry;

    #[test]
    fn set_payload_is_canonical_json() {
        let e = LogEntry::parse(br#"{"body":"e30=","integratedTime":7,"logID":"ab","logIndex":3}"#)
            .unwrap();
        assert_eq!(
            e.set_payload(),
            br#"{"body":"e30=","integratedTime":7,"logID":"ab","logIndex":3}"#
        );
    }
}
