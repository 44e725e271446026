//! The whole report of one verification: every file's result, whether everything checked
//! holds, and (in `trust`) the rung of the ladder it reaches.

use super::answers::AnswersReport;
use super::ask_texts::AskTextsReport;
use super::kinds::ListInput;
use super::results::{
    BookResult, HeadersInput, ListResult, ProofResult, ProofState, RekorResult, TokenResult,
};
use super::stamp_plan::{StampOutcome, StampResult, UncheckedList, UnmatchedEntry};
use super::trust::TrustReport;
use crate::records::ask_chain::AskChain;
use crate::score::baselines::{check_clim_seal, ClimSeal};
use serde::{Deserialize, Serialize};

/// Everything the page shows after a verification, and what `sealbook verify` decides from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VerifierReport {
    pub books: Vec<BookResult>,
    pub lists: Vec<ListResult>,
    pub unmatched: Vec<UnmatchedEntry>,
    #[serde(default)]
    pub proofs: Vec<ProofResult>,
    #[serde(default)]
    pub headers: HeadersInput,
    #[serde(default)]
    pub tokens: Vec<TokenResult>,
    #[serde(default)]
    pub rekor: Vec<RekorResult>,
    #[serde(default)]
    pub trust: TrustReport,
    /// Lists that checked nothing against the given books: each a failure.
    #[serde(default)]
    pub unchecked_lists: Vec<UncheckedList>,
    /// Every answer's verdict, when a council book was given ([`super::answers`]).
    #[serde(default)]
    pub answers: Option<AnswersReport>,
    /// Why the answers could not be judged (an unreadable book line or ask chain).
    #[serde(default)]
    pub answers_error: Option<super::answers::AnswersError>,
    /// Appendix B step 5, when ask texts were given ([`super::ask_texts`]).
    #[serde(default)]
    pub ask_texts: Option<AskTextsReport>,
    /// `council-clim-window.json` held to the content hash the declaration sealed (spec §4.3,
    /// Requirement 9; [`sealed_climatology`]); None when no declaration seals a table.
    #[serde(default)]
    pub climatology: Option<ClimSeal>,
}

impl VerifierReport {
    /// The report of the books and lists alone; the caller adds the proofs, tokens and
    /// entries it checked.
    pub fn new(stamps: StampOutcome, lists: &[ListInput]) -> VerifierReport {
        VerifierReport {
            books: stamps.books,
            lists: lists.iter().map(ListResult::from).collect(),
            unmatched: stamps.unmatched,
            proofs: Vec::new(),
            headers: HeadersInput::default(),
            tokens: Vec::new(),
            rekor: Vec::new(),
            trust: TrustReport::default(),
            unchecked_lists: stamps.unchecked,
            answers: None,
            answers_error: None,
            ask_texts: None,
            climatology: None,
        }
    }

    pub fn chains_hold(&self) -> bool {
        !self.books.is_empty() && self.books.iter().all(|b| b.report.ok)
    }

    /// Every stamp checked matches, every list could be read, and no list checked nothing.
    pub fn stamps_hold(&self) -> bool {
        self.books
            .iter()
            .flat_map(|b| &b.stamps)
            .all(StampResult::ok)
            && self.lists.iter().all(|l| l.error.is_none())
            && self.unchecked_lists.is_empty()
    }

    pub fn stamp_count(&self) -> usize {
        self.books.iter().map(|b| b.stamps.len()).sum()
    }

    /// No proof is refuted and the pasted headers could be read.
    pub fn proofs_hold(&self) -> bool {
        self.headers.error.is_none() && self.proofs.iter().all(|p| p.state() != ProofState::Failed)
    }

    /// Everything checked holds and something was checked.
    pub fn verified(&self) -> bool {
        let (external, signed_time) = self.anchored();
        let anything = !self.books.is_empty() || external || signed_time;
        anything
            && (self.books.is_empty() || self.chains_hold())
            && self.stamps_hold()
            && self.proofs_hold()
            && self.signed_time_holds()
            && self.ask_texts.as_ref().is_none_or(AskTextsReport::ok)
            && self.climatology_holds()
    }

    /// No climatology table was given that differs from the one the declaration sealed, or
    /// cannot be read (spec §4.3); a sealed table not given is unchecked, not failed.
    pub fn climatology_holds(&self) -> bool {
        !self
            .climatology
            .as_ref()
            .is_some_and(|c| c.failed() && !matches!(c, ClimSeal::Missing { .. }))
    }

    /// Every token and Rekor entry dropped verified.
    pub fn signed_time_holds(&self) -> bool {
        self.tokens.iter().all(|t| t.ok) && self.rekor.iter().all(|r| r.ok)
    }
}

/// The climatology table (`table`, the bytes of `council-clim-window.json`, None when it was
/// not given) held to the content hash the declaration of `chain` seals (spec §4.3,
/// Requirement 9: base rates estimated on a fixed window, sealed before the season); None when
/// there is no ask chain or its declaration seals no table. A sealed table that is missing,
/// unreadable or different is a failed check ([`ClimSeal::failed`]).
pub fn sealed_climatology(chain: Option<&AskChain>, table: Option<&[u8]>) -> Option<ClimSeal> {
    let sealed = chain?.declaration()?.climatology_sha256.clone()?;
    Some(check_clim_seal(Some(&sealed), table))
}
