//! The anchor record of a stamped list, `<list>.anchors.json` beside it (spec §3.2: each
//! stamped list is submitted to OpenTimestamps calendars, RFC 3161 authorities and Rekor; a
//! failure is recorded and never blocks the book). It says what was asked for the list, what
//! succeeded (and the file it wrote, named relative to the list's folder) and each failure
//! with its reason, so a later job can retry exactly the anchors that failed, each on its own
//! backoff and given up once its list is a week old ([`Anchor::retry_due`]; `retries` and
//! `gave_up` say so in the record). Writer
//! ([`AnchorRecord::to_bytes`]) and reader ([`AnchorRecord::parse`]) are both here.
//!
//! ```json
//! {"format": "sealbook-anchors/1", "list": "proof/2026-10-20/130025Z.txt",
//!  "sha256": "<hex>", "anchors": [
//!   {"kind": "ots", "authority": "https://alice.btc.calendar.opentimestamps.org",
//!    "url": "https://alice.btc.calendar.opentimestamps.org", "ok": true,
//!    "file": "130025Z.txt.ots", "error": null, "attempts": 1, "at": "2026-10-20T13:00:27Z"},
//!   {"kind": "tsa", "authority": "freetsa", "url": "https://freetsa.org/tsr", "ok": false,
//!    "file": null, "error": "https://freetsa.org/tsr: HTTP 500: ...", "attempts": 4, ...}]}
//! ```

use crate::calendar::Instant;
use serde::{Deserialize, Serialize};

/// The `format` member of every record this module writes.
pub const FORMAT: &str = "sealbook-anchors/1";
pub use crate::records::names::ANCHORS_SUFFIX;
/// Most bytes a record may have when read (a record names a handful of authorities).
pub const MAX_RECORD_BYTES: usize = 1 << 20;

/// Where the record of the list at `list_path` (e.g. `proof/2026-10-20/130025Z.txt`) lives.
pub fn record_path(list_path: &str) -> String {
    format!("{list_path}{ANCHORS_SUFFIX}")
}

/// The kind of authority.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// An OpenTimestamps calendar; every calendar's answer goes into the one `<list>.ots`.
    Ots,
    /// An RFC 3161 timestamp authority, `<list>.<name>.tsr`.
    Tsa,
    /// A Rekor transparency log: `<list>.rekor.json` (a v1 log's entry) or a Sigstore bundle
    /// `<list>.sigstore.json` (a v2 log's TransparencyLogEntry).
    Rekor,
}

/// One authority asked for one list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Anchor {
    /// Which kind of authority was asked (the record's `kind`: `ots`, `tsa` or `rekor`).
    pub kind: Kind,
    /// The calendar's URL, the authority's name, or the log's URL.
    pub authority: String,
    /// The URL asked.
    pub url: String,
    /// Whether the authority answered and its file was written (the record's `ok`).
    pub ok: bool,
    /// The file written (relative to the list's folder), when it succeeded.
    pub file: Option<String>,
    /// Why it failed, when it did.
    pub error: Option<String>,
    /// Requests made on the last try (1 + the retries used).
    pub attempts: u32,
    /// When it was last tried (RFC 3339, UTC).
    pub at: String,
    /// How many times the upgrades have asked it again since the stamp (absent: none).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub retries: u32,
    /// When and why the upgrades stopped asking a failed anchor ([`Anchor::retry_due`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gave_up: Option<String>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The first wait after a failed try before an upgrade asks the anchor again; each retry
/// doubles it, up to [`RETRY_MAX_MINUTES`].
pub const RETRY_FIRST_MINUTES: i64 = 60;
/// The longest wait between two retries of a failed anchor.
pub const RETRY_MAX_MINUTES: i64 = 24 * 60;
/// A failed anchor of a list older than this is given up: an anchor attests a list near its
/// time (spec §3.2), and asking forever costs every authority a request an hour.
pub const GIVE_UP_AFTER_HOURS: i64 = 7 * 24;

/// When a failed anchor is next asked ([`Anchor::retry_due`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetryDue {
    /// Due at `now`: ask it in this upgrade.
    Now,
    /// Not before this instant (its backoff).
    NotBefore(Instant),
    /// Its list is older than [`GIVE_UP_AFTER_HOURS`], or it was given up already.
    GiveUp,
}

impl Anchor {
    /// Whether an upgrade at `now` asks this failed anchor of the list stamped at `list_at`
    /// again: given up once the list is [`GIVE_UP_AFTER_HOURS`] old; else due
    /// [`RETRY_FIRST_MINUTES`] after its last try (`at`), doubling with each retry, at most
    /// [`RETRY_MAX_MINUTES`]. A last try that does not read is due now.
    pub fn retry_due(&self, list_at: Instant, now: Instant) -> RetryDue {
        const MINUTE: i64 = 60 * 1_000_000;
        if self.gave_up.is_some() || now.0 - list_at.0 >= GIVE_UP_AFTER_HOURS * 60 * MINUTE {
            return RetryDue::GiveUp;
        }
        let Some(last) = Instant::parse_rfc3339(&self.at) else {
            return RetryDue::Now;
        };
        let wait = (RETRY_FIRST_MINUTES << self.retries.min(16)).min(RETRY_MAX_MINUTES);
        let due = Instant(last.0 + wait * MINUTE);
        if now >= due {
            RetryDue::Now
        } else {
            RetryDue::NotBefore(due)
        }
    }
}

/// The record of one stamped list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnchorRecord {
    /// The record's layout, always [`FORMAT`] (`sealbook-anchors/1`).
    pub format: String,
    /// The list's path in the league directory.
    pub list: String,
    /// The list's SHA-256 (hex): what every anchor attests.
    pub sha256: String,
    /// One entry per authority asked for the list, in the order asked.
    pub anchors: Vec<Anchor>,
}

impl AnchorRecord {
    /// The record of the list at `list` with SHA-256 `sha256` (hex), no anchor asked yet.
    pub fn new(list: &str, sha256: &str) -> AnchorRecord {
        AnchorRecord {
            format: FORMAT.into(),
            list: list.into(),
            sha256: sha256.into(),
            anchors: Vec::new(),
        }
    }

    /// Every anchor asked succeeded.
    pub fn all_ok(&self) -> bool {
        self.anchors.iter().all(|a| a.ok)
    }

    /// The anchors that failed, in record order.
    pub fn failed(&self) -> impl Iterator<Item = &Anchor> {
        self.anchors.iter().filter(|a| !a.ok)
    }

    /// Replaces the entry of the same kind and authority with `anchor`, or adds it.
    pub fn set(&mut self, anchor: Anchor) {
        match self
            .anchors
            .iter_mut()
            .find(|a| a.kind == anchor.kind && a.authority == anchor.authority)
        {
            Some(a) => *a = anchor,
            None => self.anchors.push(anchor),
        }
    }

    /// The record as written: pretty JSON with a final LF.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = serde_json::to_vec_pretty(self).expect("a record serializes");
        b.push(b'\n');
        b
    }

    /// Reads a record; errors name the file, and the line and field where serde found them.
    pub fn parse(bytes: &[u8], file: &str) -> Result<AnchorRecord, String> {
        if bytes.len() > MAX_RECORD_BYTES {
            return Err(format!("{file}: longer than {MAX_RECORD_BYTES} bytes"));
        }
        let r: AnchorRecord = serde_json::from_slice(bytes)
            .map_err(|e| format!("{file}:{}: not an anchor record: {e}", e.line()))?;
        if r.format != FORMAT {
            return Err(format!(
                "{file}:1: field format: {:?} is not {FORMAT:?}",
                r.format
            ));
        }
        for (i, a) in r.anchors.iter().enumerate() {
            if a.ok != a.error.is_none() || (a.ok && a.file.is_none()) {
                return Err(format!(
                    "{file}: field anchors[{i}]: ok must go with a file and no error, a failure with its error"
                ));
            }
        }
        Ok(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn anchor(kind: Kind, authority: &str, error: Option<&str>) -> Anchor {
        Anchor {
            kind,
            authority: authority.into(),
            url: format!("http://127.0.0.1:1/{authority}"),
            ok: error.is_none(),
            file: error
                .is_none()
                .then(|| format!("130025Z.txt.{authority}.tsr")),
            error: error.map(str::to_string),
            attempts: 1,
            at: "2026-10-20T13:00:27Z".into(),
            retries: 0,
            gave_up: None,
        }
    }

    #[test]
    fn failed_anchors_back_off_then_are_given_up() {
        let t = |s: &str| Instant::parse_rfc3339(s).unwrap();
        let list_at = t("2026-10-20T13:00:25Z");
        let mut a = anchor(Kind::Tsa, "e500", Some("HTTP 500"));
        assert_eq!(
            a.retry_due(list_at, t("2026-10-20T13:30:00Z")),
            RetryDue::NotBefore(t("2026-10-20T14:00:27Z"))
        );
        assert_eq!(
            a.retry_due(list_at, t("2026-10-20T14:00:27Z")),
            RetryDue::Now
        );
        a.retries = 2;
        assert_eq!(
            a.retry_due(list_at, t("2026-10-20T16:00:00Z")),
            RetryDue::NotBefore(t("2026-10-20T17:00:27Z")),
            "four hours after the second retry"
        );
        a.retries = 40;
        assert_eq!(
            a.retry_due(list_at, t("2026-10-21T13:00:26Z")),
            RetryDue::NotBefore(t("2026-10-21T13:00:27Z")),
            "at most a day"
        );
        assert_eq!(
            a.retry_due(list_at, t("2026-10-27T13:00:25Z")),
            RetryDue::GiveUp
        );
        a.retries = 0;
        a.gave_up = Some("given up".into());
        assert_eq!(
            a.retry_due(list_at, t("2026-10-20T15:00:00Z")),
            RetryDue::GiveUp
        );
        // Older records, without the fields, still read.
        let r = AnchorRecord::parse(
            br#"{"format": "sealbook-anchors/1", "list": "l", "sha256": "ab", "anchors": [{"kind": "tsa", "authority": "x", "url": "u", "ok": false, "file": null, "error": "e", "attempts": 1, "at": "2026-10-20T13:00:27Z"}]}"#,
            "r.json",
        )
        .unwrap();
        assert_eq!((r.anchors[0].retries, &r.anchors[0].gave_up), (0, &None));
    }

    #[test]
    fn round_trip_set_and_failures() {
        let mut r = AnchorRecord::new("proof/2026-10-20/130025Z.txt", "ab");
        r.set(anchor(Kind::Tsa, "freetsa", None));
        r.set(anchor(Kind::Tsa, "digicert", Some("HTTP 500")));
        assert!(!r.all_ok());
        assert_eq!(
            r.failed().map(|a| a.authority.as_str()).collect::<Vec<_>>(),
            ["digicert"]
        );
        let back = AnchorRecord::parse(&r.to_bytes(), "x.anchors.json").unwrap();
        assert_eq!(back, r);
        r.set(anchor(Kind::Tsa, "digicert", None));
        assert_eq!(r.anchors.len(), 2);
        assert!(r.all_ok());
        assert_eq!(
            record_path("proof/2026-10-20/130025Z.txt"),
            "proof/2026-10-20/130025Z.txt.anchors.json"
        );
    }

    #[test]
    fn bad_records_name_file_and_field() {
        let e = AnchorRecord::parse(b"{\"format\": 1}", "r.json").unwrap_err();
        assert!(e.starts_with("r.json:1: not an anchor record"), "{e}");
        let mut r = AnchorRecord::new("l", "ab");
        r.format = "other/1".into();
        let e = AnchorRecord::parse(&r.to_bytes(), "r.json").unwrap_err();
        assert!(e.contains("field format"), "{e}");
        let mut r = AnchorRecord::new("l", "ab");
        let mut a = anchor(Kind::Tsa, "x", None);
        a.error = Some("but ok".into());
        r.anchors.push(a);
        let e = AnchorRecord::parse(&r.to_bytes(), "r.json").unwrap_err();
        assert!(e.contains("anchors[0]"), "{e}");
        let e = AnchorRecord::parse(&vec![b' '; MAX_RECORD_BYTES + 1], "r.json").unwrap_err();
        assert!(e.contains("longer"), "{e}");
    }
}
