//! Core's messages in the page's language: each id of core's message enums is one catalog
//! entry ([`M`]), its typed arguments filled in by [`tr`]. The English entries are the
//! sentences core's `Display` writes for the CLI, so an English page says what the CLI says
//! (`web/tests/web/i18n_vs_glossary.rs` holds them to it).

use super::{tr, M};
use sealbook_core::book::chain::ProblemMsg;
use sealbook_core::book::stamp_list::{StampListError, StampListMsg, StampMsg};
use sealbook_core::experiment::wire::ApiMsg;
use sealbook_core::league::manifest::{
    FileCheck, FileState, ManifestError, ManifestMsg, MissingWhy, MANIFEST_FORMAT,
};
use sealbook_core::verifier::answers::AnswersError;
#[cfg(feature = "verify-chain")]
use sealbook_core::verifier::report_document::FileProblem;
use sealbook_core::verifier::{AskTextProblem, FileError, ListError, NamedBy, UncheckedWhy};

/// What is wrong with a line of the book (spec §3.2; Appendix B step 4).
pub fn problem(m: &ProblemMsg) -> String {
    match m {
        ProblemMsg::FirstN => tr(M::CoreFirstN, &[]),
        ProblemMsg::NotPosition { expected } => tr(M::CoreNotPosition, &[("expected", expected)]),
        ProblemMsg::NotNext { expected } => tr(M::CoreNotNext, &[("expected", expected)]),
        ProblemMsg::FirstPrev => tr(M::CoreFirstPrev, &[]),
        ProblemMsg::PrevNotLink { line } => tr(M::CorePrevNotLink, &[("line", line)]),
        ProblemMsg::MissingField { field } => tr(M::CoreMissingField, &[("field", &field.name())]),
        ProblemMsg::TooLong { bytes, max } => tr(M::CoreTooLong, &[("bytes", bytes), ("max", max)]),
        ProblemMsg::BareCr { at } => tr(M::CoreBareCr, &[("at", at)]),
        ProblemMsg::NotJson { detail, at } => tr(M::CoreNotJson, &[("detail", detail), ("at", at)]),
        ProblemMsg::NotObject { kind } => tr(M::CoreNotObject, &[("kind", kind)]),
        ProblemMsg::LoneSurrogate { code_point } => tr(
            M::CoreLoneSurrogate,
            &[("code_point", &format!("{code_point:04x}"))],
        ),
        ProblemMsg::SealMismatch => tr(M::CoreSealMismatch, &[]),
        ProblemMsg::LinkMismatch => tr(M::CoreLinkMismatch, &[]),
    }
}

/// Why a stamp does not hold (Appendix B step 3).
pub fn stamp(m: &StampMsg) -> String {
    match m {
        StampMsg::BookTooShort { lines, stamped } => tr(
            M::CoreBookTooShort,
            &[("lines", lines), ("stamped", stamped)],
        ),
        StampMsg::PrefixRewritten { lines } => tr(M::CorePrefixRewritten, &[("lines", lines)]),
        StampMsg::LastLinkDiffers { line } => tr(M::CoreLastLinkDiffers, &[("line", line)]),
    }
}

/// Why a dropped `.txt` file cannot be used as a stamped list (spec §3.2), naming it.
pub fn list_error(e: &ListError) -> String {
    match e {
        ListError::Unreadable { name, error } => tr(
            M::CeListUnreadable,
            &[("name", name), ("why", &stamp_list_error(error))],
        ),
        ListError::TooLarge { name, size, limit } => tr(
            M::CeListTooLarge,
            &[("name", name), ("size", size), ("limit", limit)],
        ),
    }
}

/// Why a stamped list's text cannot be read, with its line when it names one (spec §3.2).
pub fn stamp_list_error(e: &StampListError) -> String {
    let what = stamp_list_msg(&e.message);
    if e.line == 0 {
        what
    } else {
        tr(M::CeListLine, &[("line", &e.line), ("what", &what)])
    }
}

/// What is wrong with a stamped list or one of its entry lines; the entry is quoted as the
/// CLI quotes it.
pub fn stamp_list_msg(m: &StampListMsg) -> String {
    let entry = format!("{:?}", m.entry().unwrap_or_default());
    let id = match m {
        StampListMsg::NotUtf8 => return tr(M::CeListNotUtf8, &[]),
        StampListMsg::NoEntry => return tr(M::CeListNoEntry, &[]),
        StampListMsg::NoLastLink { .. } => M::CeListNoLastLink,
        StampListMsg::NoSha256 { .. } => M::CeListNoSha256,
        StampListMsg::NoLedgerCount { .. } => M::CeListNoLedgerCount,
        StampListMsg::CountNotLines { .. } => M::CeListCountNotLines,
        StampListMsg::CountNotWhole { .. } => M::CeListCountNotWhole,
        StampListMsg::CountTooLarge { .. } => M::CeListCountTooLarge,
        StampListMsg::BadSha256 { .. } => M::CeListBadSha256,
        StampListMsg::BadLastLink { .. } => M::CeListBadLastLink,
        StampListMsg::EmptyLedger { .. } => M::CeListEmptyLedger,
    };
    tr(id, &[("entry", &entry)])
}

/// Why a stamped list checks nothing.
pub fn unchecked(w: &UncheckedWhy) -> String {
    match w {
        UncheckedWhy::NotChosen { ledger } => tr(M::CoreNotChosen, &[("ledger", ledger)]),
        UncheckedWhy::NamesNoBook { entries, books } => {
            let join = super::t(M::CoreListJoin);
            let listed: Vec<String> = entries
                .iter()
                .map(|(ledger, lines)| {
                    tr(M::CoreEntryLines, &[("ledger", ledger), ("lines", lines)])
                })
                .collect();
            let books = match books.as_slice() {
                [one] => tr(M::CoreTheBook, &[("book", one)]),
                many => tr(M::CoreAnyOfBooks, &[("books", &many.join(join))]),
            };
            let entries_text = listed.join(join);
            match entries.len() {
                1 => tr(
                    M::CoreNoBookOneEntry,
                    &[("entries", &entries_text), ("books", &books)],
                ),
                n => tr(
                    M::CoreNoBookManyEntries,
                    &[("n", &n), ("entries", &entries_text), ("books", &books)],
                ),
            }
        }
    }
}

/// Why the experiment's API refused a request (spec §6.1, §6.3).
pub fn api(m: &ApiMsg) -> String {
    match m {
        ApiMsg::BodyTooLarge { bytes, max } => {
            tr(M::ApiBodyTooLarge, &[("bytes", bytes), ("max", max)])
        }
        ApiMsg::NotJson { detail } => tr(M::ApiNotJson, &[("detail", detail)]),
        ApiMsg::NotObject => tr(M::ApiNotObject, &[]),
        ApiMsg::UnknownField { key, allowed } => tr(
            M::ApiUnknownField,
            &[
                ("key", &format!("{key:?}")),
                ("allowed", &allowed.join(", ")),
            ],
        ),
        ApiMsg::ReaderMissing => tr(M::ApiReaderMissing, &[]),
        ApiMsg::ReaderMalformed => tr(M::ApiReaderMalformed, &[]),
        ApiMsg::UnknownReader => tr(M::ApiUnknownReader, &[]),
        ApiMsg::SessionMissing => tr(M::ApiSessionMissing, &[]),
        ApiMsg::NotOpenSession { session, open } => tr(
            M::ApiNotOpenSession,
            &[("session", &format!("{session:?}")), ("open", open)],
        ),
        ApiMsg::SessionClosed { at } => tr(M::ApiSessionClosed, &[("at", at)]),
        ApiMsg::ResetNotBool => tr(M::ApiResetNotBool, &[]),
        ApiMsg::UnknownMarket { markets } => {
            tr(M::ApiUnknownMarket, &[("markets", &markets.join(" "))])
        }
        ApiMsg::BadDirection => tr(M::ApiBadDirection, &[]),
        ApiMsg::BadConfidence { min, max } => {
            tr(M::ApiBadConfidence, &[("min", min), ("max", max)])
        }
        ApiMsg::BadStage => tr(M::ApiBadStage, &[]),
        ApiMsg::FinalWithoutPrivate => tr(M::ApiFinalWithoutPrivate, &[]),
        ApiMsg::RateLimited { seconds } => tr(M::ApiRateLimited, &[("seconds", seconds)]),
        ApiMsg::TooManyForecasts { max } => tr(M::ApiTooManyForecasts, &[("max", max)]),
        ApiMsg::NoSession => tr(M::ApiNoSession, &[]),
        ApiMsg::StorageFailed => tr(M::ApiStorageFailed, &[]),
        ApiMsg::NotFound => tr(M::ApiNotFound, &[]),
    }
}

/// Why a file a league's `manifest.json` lists could not be had: not dropped, not read, or
/// not fetched (ARCHITECTURE.md "Published files").
pub fn missing_why(w: &MissingWhy) -> String {
    match w {
        MissingWhy::NotDropped => tr(M::LmNotDropped, &[]),
        MissingWhy::Unreadable { detail } => tr(M::LmUnreadable, &[("detail", detail)]),
        MissingWhy::NotAUrl { detail } => tr(M::LmNotAUrl, &[("detail", detail)]),
        MissingWhy::NoWindow => tr(M::LmNoWindow, &[]),
        MissingWhy::RequestFailed { detail } => tr(M::LmRequestFailed, &[("detail", detail)]),
        MissingWhy::NotHttpResponse => tr(M::LmNotHttp, &[]),
        MissingWhy::Http { status } => tr(M::LmHttp, &[("status", status)]),
        MissingWhy::TooLarge { bytes, max } => tr(M::LmTooLarge, &[("bytes", bytes), ("max", max)]),
        MissingWhy::BodyUnreadable { detail } => tr(M::LmBodyUnreadable, &[("detail", detail)]),
    }
}

/// A listed file against `manifest.json`, naming the file (`FileCheck::describe`).
pub fn file_check(c: &FileCheck) -> String {
    let path: &dyn std::fmt::Display = &c.path;
    match &c.state {
        FileState::Ok => tr(M::LmAsListed, &[("path", path)]),
        FileState::Missing { why } => {
            tr(M::LmMissing, &[("path", path), ("why", &missing_why(why))])
        }
        FileState::SizeDiffers { listed, found } => tr(
            M::LmSizeDiffers,
            &[("path", path), ("found", found), ("listed", listed)],
        ),
        FileState::HashDiffers { listed, found } => tr(
            M::LmHashDiffers,
            &[("path", path), ("found", found), ("listed", listed)],
        ),
    }
}

/// Why a `manifest.json` cannot be read: the field at fault and what is wrong with it.
pub fn manifest_error(e: &ManifestError) -> String {
    tr(
        M::LmField,
        &[("field", &e.field), ("message", &manifest_msg(&e.message))],
    )
}

/// What is wrong with a field of `manifest.json`.
pub fn manifest_msg(m: &ManifestMsg) -> String {
    let quoted = |s: &str| format!("{s:?}");
    match m {
        ManifestMsg::TooLarge { bytes, max } => {
            tr(M::LmTooLargeRead, &[("bytes", bytes), ("max", max)])
        }
        ManifestMsg::NotAManifest {
            detail,
            line,
            column,
        } => tr(
            M::LmNotAManifest,
            &[("detail", detail), ("line", line), ("column", column)],
        ),
        ManifestMsg::NotFormat { found } => tr(
            M::LmNotFormat,
            &[
                ("found", &quoted(found)),
                ("format", &quoted(MANIFEST_FORMAT)),
            ],
        ),
        ManifestMsg::TooManyFiles { files, max } => {
            tr(M::LmTooManyFiles, &[("files", files), ("max", max)])
        }
        ManifestMsg::UnsafePath { path } => tr(M::LmUnsafePath, &[("path", &quoted(path))]),
        ManifestMsg::ListsItself => tr(M::LmListsItself, &[]),
        ManifestMsg::BadSha256 { sha256 } => tr(M::LmBadSha256, &[("sha256", &quoted(sha256))]),
        ManifestMsg::ListedTwice { path } => tr(M::LmListedTwice, &[("path", &quoted(path))]),
        ManifestMsg::OutOfOrder { path } => tr(M::LmOutOfOrder, &[("path", &quoted(path))]),
    }
}

/// Why a peer benchmark's figure has no value or interval, or an agent no verdict.
#[cfg(any(feature = "scores", feature = "accounts"))]
pub fn peer_note(n: &sealbook_core::score::peers::profile_stats::PeerNote) -> String {
    use sealbook_core::score::peers::profile_stats::PeerNote;
    match n {
        PeerNote::NoValues => tr(M::ScPeerNoValues, &[]),
        PeerNote::TooFewForInterval { min } => tr(M::ScPeerTooFew, &[("min", min)]),
        PeerNote::NoBootstrap => tr(M::ScPeerNoBootstrap, &[]),
        PeerNote::NoVerdict => tr(M::ScPeerNoVerdict, &[]),
        PeerNote::LadderIntervals => tr(M::ScPeerLadderIntervals, &[]),
        PeerNote::ArenaNoInterval => tr(M::ScPeerArenaNoInterval, &[]),
    }
}

/// Why §4.6 allows no interval yet for a figure.
#[cfg(any(feature = "scores", feature = "accounts"))]
pub fn no_interval(w: &sealbook_core::stats::intervals::NoIntervalWhy) -> String {
    use sealbook_core::stats::intervals::NoIntervalWhy;
    match w {
        NoIntervalWhy::TooFewSessions { sessions, first } => tr(
            M::ScNoIntervalYet,
            &[("sessions", sessions), ("first", first)],
        ),
        NoIntervalWhy::HorizonNeeds { sessions, h, first } => tr(
            M::ScNoIntervalHorizon,
            &[("sessions", sessions), ("h", h), ("first", first)],
        ),
    }
}

/// Why a dropped proof, token or Rekor entry could not be checked, naming the file (spec
/// §3.2 Level 2+, §3.11 P1a; Appendix B steps 6 and 10). A parser's own sentence
/// ([`FileError::Parser`]) is shown as it is.
pub fn file_error(e: &FileError) -> String {
    match e {
        FileError::TooLarge { name, size, limit } => tr(
            M::FeTooLarge,
            &[("name", name), ("size", size), ("limit", limit)],
        ),
        FileError::ProofTooLarge { name, size, limit } => tr(
            M::FeProofTooLarge,
            &[("name", name), ("size", size), ("limit", limit)],
        ),
        FileError::ProofUnreadable { name, detail } => {
            tr(M::FeProofUnreadable, &[("name", name), ("detail", detail)])
        }
        FileError::ProofOperation { name, detail } => {
            tr(M::FeProofOperation, &[("name", name), ("detail", detail)])
        }
        FileError::ProofListingTooLarge { name, max } => {
            tr(M::FeProofListingTooLarge, &[("name", name), ("max", max)])
        }
        FileError::StampedNotDropped { name, stamped } => tr(
            M::FeStampedNotDropped,
            &[("name", name), ("stamped", stamped)],
        ),
        FileError::StampedUnreadable { name, stamped } => tr(
            M::FeStampedUnreadable,
            &[("name", name), ("stamped", stamped)],
        ),
        FileError::NoFileHash { name } => tr(M::FeNoFileHash, &[("name", name)]),
        FileError::TokenListNotDropped { name } => tr(M::FeTokenListNotDropped, &[("name", name)]),
        FileError::TokenListUnreadable { name, list } => {
            tr(M::FeTokenListUnreadable, &[("name", name), ("list", list)])
        }
        FileError::EntryListNotDropped { name } => tr(M::FeEntryListNotDropped, &[("name", name)]),
        FileError::EntryListOrKeyMissing { name } => {
            tr(M::FeEntryListOrKeyMissing, &[("name", name)])
        }
        FileError::Parser { detail } => detail.clone(),
    }
}

/// A check of the files that failed or could not be performed, as the report lists it
/// (core's `FileProblem`; Appendix B steps 3, 6 and 10), naming its file.
#[cfg(feature = "verify-chain")]
pub fn file_problem(p: &FileProblem<'_>) -> String {
    use super::check_messages::failure;
    match p {
        FileProblem::ProofFailed { name, error: None } => tr(M::RptProofRefuted, &[("name", name)]),
        FileProblem::ProofFailed { error: Some(e), .. } | FileProblem::Error(e) => file_error(e),
        FileProblem::ProofNoHeaders { name } => tr(M::RptProofNoHeaders, &[("name", name)]),
        FileProblem::TokenNoRoots { name, check } => tr(
            M::RptTokenNoRoot,
            &[("name", name), ("check", &failure(check))],
        ),
        FileProblem::CheckFailed { name, check } => tr(
            M::RptCheckFailed,
            &[("name", name), ("check", &failure(check))],
        ),
        FileProblem::DidNotVerify { name } => tr(M::RptDidNotVerify, &[("name", name)]),
        FileProblem::RekorNoKey(e) => tr(M::RptRekorNoKey, &[("error", &file_error(e))]),
        FileProblem::ChainBroken { name } => tr(M::RptChainBroken, &[("name", name)]),
        FileProblem::ChecksNothing { list, reason } => tr(
            M::RptChecksNothing,
            &[("list", list), ("reason", &unchecked(reason))],
        ),
        FileProblem::List(e) => list_error(e),
        FileProblem::Answers(e) => answers_error(e),
        FileProblem::Climatology(c) => clim_seal_broken(c),
    }
}

/// A climatology table that is not the one the declaration sealed (spec §4.3).
#[cfg(feature = "verify-chain")]
fn clim_seal_broken(c: &sealbook_core::score::baselines::ClimSeal) -> String {
    use sealbook_core::records::names::CLIM_FILE;
    use sealbook_core::score::baselines::ClimSeal;
    let sealed = match c {
        ClimSeal::Missing { sealed }
        | ClimSeal::Unreadable { sealed, .. }
        | ClimSeal::Differs { sealed, .. } => sealed.as_str(),
        ClimSeal::Held { .. } | ClimSeal::NotSealed { .. } => "",
    };
    tr(
        M::RptClimSealBroken,
        &[("sealed", &sealed), ("file", &CLIM_FILE)],
    )
}

/// Why the answers could not be judged (Appendix B step 5): the ask chain's or a book line's
/// field, in the words of [`super::book_messages`].
pub fn answers_error(e: &AnswersError) -> String {
    use super::book_messages::{book_line_message, roster_message};
    match e {
        AnswersError::AskChain {
            file,
            line,
            field,
            message,
        } => tr(
            M::AnsErrAskChain,
            &[
                ("file", file),
                ("line", line),
                ("field", field),
                ("detail", &roster_message(message)),
            ],
        ),
        AnswersError::TooLarge { name } => tr(M::AnsErrTooLarge, &[("name", name)]),
        AnswersError::BookLine {
            name,
            line,
            field,
            message,
        } => tr(
            M::AnsErrBookLine,
            &[
                ("name", name),
                ("line", line),
                ("field", field),
                ("detail", &book_line_message(message)),
            ],
        ),
    }
}

/// What is wrong with the ask texts (Appendix B step 5; spec §3.9).
pub fn ask_text_problem(p: &AskTextProblem) -> String {
    match p {
        AskTextProblem::Unnamed { name } => tr(M::AskUnnamed, &[("name", name)]),
        AskTextProblem::Changed {
            name,
            sha256,
            named,
        } => tr(
            M::AskChanged,
            &[("name", name), ("sha256", sha256), ("named", named)],
        ),
        AskTextProblem::NamedByNone { name } => tr(M::AskNamedByNone, &[("name", name)]),
        AskTextProblem::NotGiven { hash, by } => {
            let by: Vec<String> = by
                .iter()
                .map(|b| match b {
                    NamedBy::Run { run_id, line } => {
                        tr(M::AskByRun, &[("run_id", run_id), ("line", line)])
                    }
                    NamedBy::AskLine { line, run_id } => {
                        tr(M::AskByAskLine, &[("line", line), ("run_id", run_id)])
                    }
                })
                .collect();
            tr(
                M::AskNotGiven,
                &[("hash", hash), ("by", &by.join(super::t(M::CoreListJoin)))],
            )
        }
        AskTextProblem::AnswerNotItsRuns {
            line,
            answer,
            run,
            run_line,
        } => tr(
            M::AskAnswerNotItsRuns,
            &[
                ("line", line),
                ("answer", answer),
                ("run", run),
                ("run_line", run_line),
            ],
        ),
    }
}

/// Why the answer the page's address names could not be shown (core's
/// `verifier::permalink`).
pub fn answer_link_error(e: &sealbook_core::verifier::permalink::AnswerLinkError) -> String {
    use sealbook_core::verifier::permalink::AnswerLinkError;
    match e {
        AnswerLinkError::Malformed { text } => tr(M::AnsLinkMalformed, &[("text", text)]),
        AnswerLinkError::Unknown { line } => tr(M::AnsLinkUnknown, &[("line", line)]),
    }
}
