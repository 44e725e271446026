//! The trust ladder (ARCHITECTURE.md "Trust ladder"; spec §3.11): the rung a verification reaches
//! (Level 0 the operator's word, Level 1 the chain, Level 2 anchored outside the operator with
//! the header's proof of work checked, Level 2+ signed time), what it still trusts, and the
//! anchors and time the reader chose.

use super::report::VerifierReport;
use super::results::ProofState;
use super::stamp_plan::StampResult;
use crate::pki::x509::CertSummary;
use crate::tsp::response::{self as tsp, NamedBytes};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Rungs of the trust ladder (ARCHITECTURE.md "Trust ladder"; spec §3.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TrustLevel {
    /// Nothing checked holds: only the operator's word.
    Level0,
    /// The chain (n, prev, seal, link) holds in every dropped book.
    Level1,
    /// Anchored outside the operator: a stamped list that checks out against its book has an
    /// OpenTimestamps proof verified against a Bitcoin header with valid proof of work (with
    /// no book dropped: the anchored files themselves), or such a list has a verified Rekor
    /// entry.
    Level2,
    /// Signed time: an RFC 3161 token on such a list verifies, with its chain valid at
    /// genTime, to a trust anchor the reader chose.
    Level2Plus,
}

/// What a verification still trusts at the level it reached (ARCHITECTURE.md "Trust ladder"): the
/// CLI prints the English ([`fmt::Display`]), the page renders the id in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StillTrusted {
    /// Level 0: nothing checked holds.
    OperatorWord,
    /// Level 1: the chain, but not when lines were written.
    OperatorClock,
    /// A verified RFC 3161 token `name`: its authority and trust anchor (`anchor`, a subject),
    /// and whether the chain is no longer valid now.
    Token {
        name: String,
        authority: String,
        anchor: String,
        gen_time: String,
        not_valid_now: bool,
    },
    /// A verified Rekor entry `name`: the log key, and the time only when it is signed.
    Rekor {
        name: String,
        integrated_time: String,
        time_signed: bool,
    },
    /// A verified OpenTimestamps proof `name`: Bitcoin's proof of work and the main chain.
    BitcoinProof { name: String },
}

impl fmt::Display for StillTrusted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StillTrusted::OperatorWord => f.write_str("the operator's word: nothing checked holds"),
            StillTrusted::OperatorClock => f.write_str("the operator's word for when each line was written: the chain shows only that nothing was changed since"),
            StillTrusted::Token { name, authority, anchor, gen_time, not_valid_now } => write!(
                f,
                "{name}: the timestamp authority {authority} and the trust anchor {anchor} say the list existed at {gen_time} (chain valid at genTime{})",
                if *not_valid_now { "; not valid now" } else { "" }
            ),
            StillTrusted::Rekor { name, integrated_time, time_signed: true } => write!(
                f,
                "{name}: the Rekor log key you chose, and that the log is watched: the list is public since {integrated_time}"
            ),
            StillTrusted::Rekor { name, integrated_time, time_signed: false } => write!(
                f,
                "{name}: the Rekor log key you chose, and that the log is watched: the list is in the log; its integratedTime {integrated_time} is unsigned (no signed entry timestamp), so no time is established from it"
            ),
            StillTrusted::BitcoinProof { name } => write!(
                f,
                "{name}: Bitcoin's proof of work, and that the headers you supplied are on the main chain"
            ),
        }
    }
}

impl TrustLevel {
    pub fn label(self) -> &'static str {
        match self {
            TrustLevel::Level0 => "Level 0",
            TrustLevel::Level1 => "Level 1",
            TrustLevel::Level2 => "Level 2",
            TrustLevel::Level2Plus => "Level 2+",
        }
    }
}

/// Trust anchors and the Rekor log key the reader chose (by default the page's shipped
/// bundle, www/trust/), and the time "now" the chains are also checked at (the page passes
/// `Date.now()`; core has no clock).
#[derive(Clone, Debug, Default)]
pub struct TrustInput {
    /// Anchor files (PEM or DER), with their names.
    pub anchor_files: Vec<(String, Vec<u8>)>,
    /// The Rekor log's public key file (PEM or DER), with its name.
    pub log_key: Option<(String, Vec<u8>)>,
    /// Unix seconds.
    pub now: i64,
}

/// What the verification trusted, as the page shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrustReport {
    pub anchor_files: Vec<String>,
    /// Every anchor read, with its fingerprint.
    pub anchors: Vec<CertSummary>,
    /// Why the anchor files could not be read.
    pub anchors_error: Option<String>,
    pub log_key_file: Option<String>,
    pub now: i64,
}

impl TrustInput {
    pub(super) fn named(files: &[(String, Vec<u8>)]) -> Vec<NamedBytes<'_>> {
        files
            .iter()
            .map(|(name, bytes)| NamedBytes { name, bytes })
            .collect()
    }

    pub fn report(&self) -> TrustReport {
        let (anchors, anchors_error) =
            match tsp::read_certificate_files(&Self::named(&self.anchor_files)) {
                Ok(c) => (c.iter().map(|c| c.summary()).collect(), None),
                Err(e) => (Vec::new(), Some(e)),
            };
        TrustReport {
            anchor_files: self.anchor_files.iter().map(|(n, _)| n.clone()).collect(),
            anchors,
            anchors_error,
            log_key_file: self.log_key.as_ref().map(|(n, _)| n.clone()),
            now: self.now,
        }
    }
}

impl VerifierReport {
    /// True when `list` has at least one entry checked against a dropped book and every such
    /// check matches.
    fn list_checks_out(&self, list: &str) -> bool {
        let mut checks = self
            .books
            .iter()
            .flat_map(|b| &b.stamps)
            .filter(|c| c.check.list == list)
            .peekable();
        checks.peek().is_some() && checks.all(StampResult::ok)
    }

    /// The rung reached. Stamps do not raise the level by themselves: a stamped list is the
    /// operator's word until an anchor is checked. Level 2 needs, besides Level 1 and matching
    /// stamps, a verified proof or Rekor entry of a list that checks out against its book;
    /// Level 2+ a token on such a list verified to an anchor the reader chose. With no book
    /// dropped, the verified anchors cover the lists they stamp and nothing else. A refuted
    /// OpenTimestamps proof holds the level back; a failed token or entry only does not count.
    pub fn level(&self) -> TrustLevel {
        let (external, signed_time) = self.anchored();
        if self.books.is_empty() {
            let held = self.proofs_hold() && self.stamps_hold();
            return match (signed_time, external) {
                (true, _) if held => TrustLevel::Level2Plus,
                (_, true) if held => TrustLevel::Level2,
                _ => TrustLevel::Level0,
            };
        }
        if !self.chains_hold() {
            return TrustLevel::Level0;
        }
        match (signed_time, external) {
            _ if !(self.stamps_hold() && self.proofs_hold()) => TrustLevel::Level1,
            (true, _) => TrustLevel::Level2Plus,
            (_, true) => TrustLevel::Level2,
            _ => TrustLevel::Level1,
        }
    }

    /// (a verified OTS proof or Rekor entry, a verified RFC 3161 token) on a list that counts:
    /// one that checks out against its book, or any list when no book was dropped.
    pub(super) fn anchored(&self) -> (bool, bool) {
        let counts =
            |l: Option<&str>| l.is_some_and(|l| self.books.is_empty() || self.list_checks_out(l));
        let ots = self
            .proofs
            .iter()
            .any(|p| p.state() == ProofState::Verified && counts(p.stamped_file.as_deref()));
        // SET only: the log's promise, no proof of inclusion, so not Level 2.
        let rekor = self
            .rekor
            .iter()
            .any(|r| r.ok && !r.set_only && counts(r.list.as_deref()));
        let tsa = self
            .tokens
            .iter()
            .any(|t| t.ok && counts(t.list.as_deref()));
        (ots || rekor, tsa)
    }

    /// What the level reached still trusts (ARCHITECTURE.md "Trust ladder"), one line per anchor.
    pub fn still_trusted(&self) -> Vec<StillTrusted> {
        let mut out = Vec::new();
        let or_unknown = |s: Option<&str>| s.unwrap_or("?").to_string();
        match self.level() {
            TrustLevel::Level0 => out.push(StillTrusted::OperatorWord),
            TrustLevel::Level1 => out.push(StillTrusted::OperatorClock),
            _ => {
                for t in self.tokens.iter().filter(|t| t.ok) {
                    out.push(StillTrusted::Token {
                        name: t.name.clone(),
                        authority: or_unknown(t.authority.as_deref()),
                        anchor: or_unknown(t.chain.last().map(|c| c.subject.as_str())),
                        gen_time: or_unknown(t.gen_time.as_deref()),
                        not_valid_now: t.ok_now == Some(false),
                    });
                }
                for r in self.rekor.iter().filter(|r| r.ok && !r.set_only) {
                    out.push(StillTrusted::Rekor {
                        name: r.name.clone(),
                        integrated_time: or_unknown(r.integrated_time.as_deref()),
                        time_signed: r.time_signed,
                    });
                }
                for p in self
                    .proofs
                    .iter()
                    .filter(|p| p.state() == ProofState::Verified)
                {
                    out.push(StillTrusted::BitcoinProof {
                        name: p.name.clone(),
                    });
                }
            }
        }
        out
    }
}
