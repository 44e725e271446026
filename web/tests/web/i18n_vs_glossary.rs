//! The message catalog (web/src/i18n/catalog.rs) against its glossary (web/i18n/glossary.json):
//! every message has a text in each language, the same named arguments in each, and uses the
//! spec's terms (seed 000 for Chinese, seed 003 for Arabic) wherever its English uses them.
//! The proof page core writes (`core/src/league/proof_page.rs`, its own table of texts, as it
//! is static HTML without the page's wasm) is held to the same rules and glossary, and where
//! one of its texts says what a catalog message says in English, it says it the same way in
//! Chinese and Arabic too.

#![forbid(unsafe_code)]

use super::common;

use common::{said_as_is_in_every_language, said_in_every_language};
use sealbook_core::league::proof_page::{self, Text};
use sealbook_web::i18n::{arguments, Lang, M};
use serde_json::Value;

const GLOSSARY: &str = include_str!("../../i18n/glossary.json");

/// The English text's words, lower case, with `{arguments}` removed; a file name such as
/// `council-forecasts.csv` or a command such as `sealbook` is one word, not the term inside it.
fn words(text: &str) -> Vec<String> {
    let mut plain = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth > 0 => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    plain
        .split(|c: char| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '.')))
        .map(|w| w.trim_matches(|c| c == '.' || c == '-').to_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

/// Whether `word` is `term` or `term` with an English ending (-s, -es, -ed, -ing).
fn inflects(word: &str, term: &str) -> bool {
    word == term
        || ["s", "es", "ed", "ing"]
            .iter()
            .any(|end| word.strip_prefix(term) == Some(end))
}

/// Whether the English `text` uses the (possibly multi-word) `term`.
fn uses(text: &str, term: &str) -> bool {
    let term: Vec<String> = term.split(' ').map(str::to_lowercase).collect();
    let words = words(text);
    words.windows(term.len()).any(|w| {
        let last = term.len() - 1;
        w[..last] == term[..last] && inflects(&w[last], &term[last])
    })
}

/// Every text of the catalog and of the proof page: its name and its text in each language.
fn all_texts() -> Vec<(String, [&'static str; 3])> {
    assert_eq!(
        proof_page::LANGS,
        Lang::ALL.map(Lang::code),
        "the same languages in the same order"
    );
    let catalog = M::ALL
        .iter()
        .map(|m| (format!("{m:?}"), Lang::ALL.map(|l| m.text(l))));
    let page = Text::ALL
        .iter()
        .map(|t| (format!("proof page {t:?}"), t.texts()));
    catalog.chain(page).collect()
}

/// The text of `texts` in `lang`.
fn of(texts: &[&'static str; 3], lang: Lang) -> &'static str {
    texts[Lang::ALL.iter().position(|l| *l == lang).unwrap()]
}

#[test]
fn the_proof_page_says_what_the_catalog_says_the_same_way() {
    let mut shared = 0;
    for t in Text::ALL {
        let texts = t.texts();
        for &m in M::ALL {
            if m.text(Lang::En).eq_ignore_ascii_case(texts[0]) {
                shared += 1;
                for lang in [Lang::Zh, Lang::Ar] {
                    assert_eq!(
                        of(&texts, lang),
                        m.text(lang),
                        "the proof page's {t:?} and the catalog's {m:?} differ in {}",
                        lang.code()
                    );
                }
            }
        }
    }
    assert!(
        shared >= 1,
        "the proof page shares no text with the catalog"
    );
}

#[test]
fn every_message_has_three_texts_with_the_same_arguments() {
    assert!(M::ALL.len() > 50, "the catalog lost its messages");
    assert!(Text::ALL.len() > 20, "the proof page lost its texts");
    for (m, texts) in all_texts() {
        let en = of(&texts, Lang::En);
        let mut en_args = arguments(en);
        en_args.sort();
        for lang in Lang::ALL {
            let text = of(&texts, lang);
            assert!(!text.trim().is_empty(), "{m} has no {} text", lang.code());
            let mut args = arguments(text);
            args.sort();
            assert_eq!(
                args,
                en_args,
                "{m}: the {} text's arguments differ from the English ones",
                lang.code()
            );
            for arg in &args {
                assert!(
                    !arg.is_empty() && arg.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'),
                    "{m} ({}): argument {{{arg}}} is not a name",
                    lang.code()
                );
            }
        }
        for lang in [Lang::Zh, Lang::Ar] {
            // A text of two English words or more (arguments aside) must read otherwise.
            let english_words = words(en)
                .iter()
                .filter(|w| w.chars().any(|c| c.is_ascii_alphabetic()))
                .count();
            if english_words >= 2 {
                assert_ne!(
                    of(&texts, lang),
                    en,
                    "{m} is not translated to {}",
                    lang.code()
                );
            }
        }
    }
}

#[test]
fn every_translation_uses_the_glossary_terms() {
    let glossary: Value = serde_json::from_str(GLOSSARY).expect("glossary.json is JSON");
    let terms = glossary["terms"]
        .as_array()
        .expect("glossary.json has terms");
    assert!(terms.len() >= 20, "the glossary lost its terms");
    let mut used = 0;
    let mut misses = Vec::new();
    for term in terms {
        let en = term["en"].as_str().expect("a term has its English");
        for lang in [Lang::Zh, Lang::Ar] {
            let forms: Vec<&str> = term[lang.code()]
                .as_array()
                .unwrap_or_else(|| panic!("term {en} has no {} list", lang.code()))
                .iter()
                .map(|f| f.as_str().expect("a spelling is a string"))
                .collect();
            assert!(
                !forms.is_empty(),
                "term {en} has no {} spelling",
                lang.code()
            );
            for (m, texts) in all_texts() {
                if !uses(of(&texts, Lang::En), en) {
                    continue;
                }
                used += 1;
                let text = of(&texts, lang);
                if !forms.iter().any(|f| text.contains(f)) {
                    misses.push(format!(
                        "{m}: the English says {en:?}, but the {} text uses none of {forms:?}: {text}",
                        lang.code()
                    ));
                }
            }
        }
    }
    assert!(misses.is_empty(), "{}", misses.join("\n"));
    assert!(
        used > 40,
        "the glossary's terms are used by too few messages ({used})"
    );
}

#[test]
fn the_term_matcher_reads_words() {
    assert!(uses("a sealed book", "seal"));
    assert!(!uses("the sealbook command line", "seal"));
    assert!(!uses("Drop council-forecasts.csv here", "council"));
    assert!(uses("the council's answers", "council"));
    assert!(!uses("{book} breaks", "book"));
    assert!(uses("no stamped list was checked", "stamped list"));
    assert!(uses("every N_eff reading", "N_eff"));
}

mod core_messages {
    use sealbook_core::book::chain::{ChainCheck, ProblemMsg};
    use sealbook_core::book::stamp_list::StampMsg;
    use sealbook_core::experiment::wire::ApiMsg;
    use sealbook_core::league::manifest::{
        FileCheck, FileState, Manifest, ManifestError, ManifestMsg, MissingWhy,
    };
    use sealbook_core::score::peers::profile_stats::PeerNote;
    use sealbook_core::stats::intervals::{interval_rule, NoIntervalWhy};
    use sealbook_core::verifier::UncheckedWhy;
    use sealbook_web::i18n::{self, core_messages, Lang};

    /// One of each of core's messages, with arguments; `index` has no wildcard arm, so a
    /// message added to core fails to compile here until it has a sample (and a catalog entry).
    fn problems() -> Vec<ProblemMsg> {
        fn index(m: &ProblemMsg) -> usize {
            match m {
                ProblemMsg::FirstN => 0,
                ProblemMsg::NotPosition { .. } => 1,
                ProblemMsg::NotNext { .. } => 2,
                ProblemMsg::FirstPrev => 3,
                ProblemMsg::PrevNotLink { .. } => 4,
                ProblemMsg::MissingField { .. } => 5,
                ProblemMsg::TooLong { .. } => 6,
                ProblemMsg::BareCr { .. } => 7,
                ProblemMsg::NotJson { .. } => 8,
                ProblemMsg::NotObject { .. } => 9,
                ProblemMsg::LoneSurrogate { .. } => 10,
                ProblemMsg::SealMismatch => 11,
                ProblemMsg::LinkMismatch => 12,
            }
        }
        let all = vec![
            ProblemMsg::FirstN,
            ProblemMsg::NotPosition { expected: 5 },
            ProblemMsg::NotNext { expected: 8 },
            ProblemMsg::FirstPrev,
            ProblemMsg::PrevNotLink { line: 4 },
            ProblemMsg::MissingField {
                field: ChainCheck::Seal,
            },
            ProblemMsg::TooLong {
                bytes: 67108865,
                max: 67108864,
            },
            ProblemMsg::BareCr { at: 8 },
            ProblemMsg::NotJson {
                detail: "expecting ',' delimiter".into(),
                at: 17,
            },
            ProblemMsg::NotObject {
                kind: "list".into(),
            },
            ProblemMsg::LoneSurrogate { code_point: 0xdc01 },
            ProblemMsg::SealMismatch,
            ProblemMsg::LinkMismatch,
        ];
        let seen: Vec<usize> = all.iter().map(index).collect();
        assert_eq!(seen, (0..13).collect::<Vec<_>>());
        all
    }

    fn stamps() -> Vec<StampMsg> {
        fn index(m: &StampMsg) -> usize {
            match m {
                StampMsg::BookTooShort { .. } => 0,
                StampMsg::PrefixRewritten { .. } => 1,
                StampMsg::LastLinkDiffers { .. } => 2,
            }
        }
        let all = vec![
            StampMsg::BookTooShort {
                lines: 3,
                stamped: 159,
            },
            StampMsg::PrefixRewritten { lines: 159 },
            StampMsg::LastLinkDiffers { line: 159 },
        ];
        assert_eq!(all.iter().map(index).collect::<Vec<_>>(), [0, 1, 2]);
        all
    }

    fn unchecked() -> Vec<UncheckedWhy> {
        fn index(m: &UncheckedWhy) -> usize {
            match m {
                UncheckedWhy::NotChosen { .. } => 0,
                UncheckedWhy::NamesNoBook { .. } => 1,
            }
        }
        let all = vec![
            UncheckedWhy::NotChosen {
                ledger: "daily/council/book.jsonl".into(),
            },
            UncheckedWhy::NamesNoBook {
                entries: vec![("daily/council/book.jsonl".into(), 3)],
                books: vec!["other.jsonl".into()],
            },
            UncheckedWhy::NamesNoBook {
                entries: vec![("a.jsonl".into(), 1), ("asks.jsonl".into(), 2)],
                books: vec!["x.jsonl".into(), "y.jsonl".into()],
            },
        ];
        let mut seen: Vec<usize> = all.iter().map(index).collect();
        seen.dedup();
        assert_eq!(seen, [0, 1]);
        all
    }

    fn refusals() -> Vec<ApiMsg> {
        fn index(m: &ApiMsg) -> usize {
            match m {
                ApiMsg::BodyTooLarge { .. } => 0,
                ApiMsg::NotJson { .. } => 1,
                ApiMsg::NotObject => 2,
                ApiMsg::UnknownField { .. } => 3,
                ApiMsg::ReaderMissing => 4,
                ApiMsg::ReaderMalformed => 5,
                ApiMsg::UnknownReader => 6,
                ApiMsg::SessionMissing => 7,
                ApiMsg::NotOpenSession { .. } => 8,
                ApiMsg::SessionClosed { .. } => 9,
                ApiMsg::ResetNotBool => 10,
                ApiMsg::UnknownMarket { .. } => 11,
                ApiMsg::BadDirection => 12,
                ApiMsg::BadConfidence { .. } => 13,
                ApiMsg::BadStage => 14,
                ApiMsg::FinalWithoutPrivate => 15,
                ApiMsg::RateLimited { .. } => 16,
                ApiMsg::NoSession => 17,
                ApiMsg::StorageFailed => 18,
                ApiMsg::NotFound => 19,
                ApiMsg::TooManyForecasts { .. } => 20,
            }
        }
        let all = vec![
            ApiMsg::BodyTooLarge {
                bytes: 4097,
                max: 4096,
            },
            ApiMsg::NotJson {
                detail: "EOF while parsing an object at line 1 column 1".into(),
            },
            ApiMsg::NotObject,
            ApiMsg::UnknownField {
                key: "group".into(),
                allowed: vec!["reset".into()],
            },
            ApiMsg::ReaderMissing,
            ApiMsg::ReaderMalformed,
            ApiMsg::UnknownReader,
            ApiMsg::SessionMissing,
            ApiMsg::NotOpenSession {
                session: "2026-12-04".into(),
                open: "2026-12-03".into(),
            },
            ApiMsg::SessionClosed {
                at: "2026-12-02T14:30:00Z".into(),
            },
            ApiMsg::ResetNotBool,
            ApiMsg::UnknownMarket {
                markets: vec!["GOLD".into(), "SPX".into()],
            },
            ApiMsg::BadDirection,
            ApiMsg::BadConfidence { min: 55, max: 95 },
            ApiMsg::BadStage,
            ApiMsg::FinalWithoutPrivate,
            ApiMsg::RateLimited { seconds: 56 },
            ApiMsg::NoSession,
            ApiMsg::StorageFailed,
            ApiMsg::NotFound,
            ApiMsg::TooManyForecasts { max: 10 },
        ];
        assert_eq!(
            all.iter().map(index).collect::<Vec<_>>(),
            (0..21).collect::<Vec<_>>()
        );
        all
    }

    /// Why a file a league's manifest lists could not be had.
    fn missing() -> Vec<MissingWhy> {
        fn index(m: &MissingWhy) -> usize {
            match m {
                MissingWhy::NotDropped => 0,
                MissingWhy::Unreadable { .. } => 1,
                MissingWhy::NotAUrl { .. } => 2,
                MissingWhy::NoWindow => 3,
                MissingWhy::RequestFailed { .. } => 4,
                MissingWhy::NotHttpResponse => 5,
                MissingWhy::Http { .. } => 6,
                MissingWhy::TooLarge { .. } => 7,
                MissingWhy::BodyUnreadable { .. } => 8,
            }
        }
        let all = vec![
            MissingWhy::NotDropped,
            MissingWhy::Unreadable {
                detail: "NotReadableError".into(),
            },
            MissingWhy::NotAUrl {
                detail: "TypeError: Failed to construct 'URL'".into(),
            },
            MissingWhy::NoWindow,
            MissingWhy::RequestFailed {
                detail: "TypeError: Failed to fetch".into(),
            },
            MissingWhy::NotHttpResponse,
            MissingWhy::Http { status: 404 },
            MissingWhy::TooLarge {
                bytes: 20_000_000,
                max: 16_777_216,
            },
            MissingWhy::BodyUnreadable {
                detail: "AbortError".into(),
            },
        ];
        assert_eq!(
            all.iter().map(index).collect::<Vec<_>>(),
            (0..9).collect::<Vec<_>>()
        );
        all
    }

    /// A listed file in each state against the manifest.
    fn file_checks() -> Vec<FileCheck> {
        fn index(s: &FileState) -> usize {
            match s {
                FileState::Ok => 0,
                FileState::Missing { .. } => 1,
                FileState::SizeDiffers { .. } => 2,
                FileState::HashDiffers { .. } => 3,
            }
        }
        let path = "proof/2026-10-20/200530Z.txt";
        let all: Vec<FileCheck> = [
            FileState::Ok,
            FileState::Missing {
                why: MissingWhy::Http { status: 404 },
            },
            FileState::SizeDiffers {
                listed: 1234,
                found: 1200,
            },
            FileState::HashDiffers {
                listed: "ab".repeat(32),
                found: "cd".repeat(32),
            },
        ]
        .into_iter()
        .map(|state| FileCheck {
            path: path.into(),
            state,
        })
        .collect();
        assert_eq!(
            all.iter().map(|c| index(&c.state)).collect::<Vec<_>>(),
            (0..4).collect::<Vec<_>>()
        );
        all
    }

    /// Why a manifest cannot be read, each as core words it for its field.
    fn manifest_errors() -> Vec<ManifestError> {
        fn index(m: &ManifestMsg) -> usize {
            match m {
                ManifestMsg::TooLarge { .. } => 0,
                ManifestMsg::NotAManifest { .. } => 1,
                ManifestMsg::NotFormat { .. } => 2,
                ManifestMsg::TooManyFiles { .. } => 3,
                ManifestMsg::UnsafePath { .. } => 4,
                ManifestMsg::ListsItself => 5,
                ManifestMsg::BadSha256 { .. } => 6,
                ManifestMsg::ListedTwice { .. } => 7,
                ManifestMsg::OutOfOrder { .. } => 8,
            }
        }
        let at = |field: &str, message| ManifestError {
            field: field.into(),
            message,
        };
        let parsed = Manifest::parse(b"[1,").unwrap_err();
        assert!(matches!(parsed.message, ManifestMsg::NotAManifest { .. }));
        let all = vec![
            at(
                "(file)",
                ManifestMsg::TooLarge {
                    bytes: 20_000_000,
                    max: 16_777_216,
                },
            ),
            parsed,
            at(
                "format",
                ManifestMsg::NotFormat {
                    found: "other-2".into(),
                },
            ),
            at(
                "files",
                ManifestMsg::TooManyFiles {
                    files: 100_001,
                    max: 100_000,
                },
            ),
            at(
                "files[3].path",
                ManifestMsg::UnsafePath {
                    path: "../etc/passwd".into(),
                },
            ),
            at("files[0].path", ManifestMsg::ListsItself),
            at(
                "files[2].sha256",
                ManifestMsg::BadSha256 {
                    sha256: "00FF".into(),
                },
            ),
            at(
                "files[5].path",
                ManifestMsg::ListedTwice {
                    path: "asks/aa.md".into(),
                },
            ),
            at(
                "files[6].path",
                ManifestMsg::OutOfOrder {
                    path: "zz.txt".into(),
                },
            ),
        ];
        assert_eq!(
            all.iter().map(|e| index(&e.message)).collect::<Vec<_>>(),
            (0..9).collect::<Vec<_>>()
        );
        all
    }

    /// Why a peer benchmark's figure has no interval, or an agent no verdict.
    fn peer_notes() -> Vec<PeerNote> {
        fn index(m: &PeerNote) -> usize {
            match m {
                PeerNote::NoValues => 0,
                PeerNote::TooFewForInterval { .. } => 1,
                PeerNote::NoBootstrap => 2,
                PeerNote::NoVerdict => 3,
                PeerNote::LadderIntervals => 4,
                PeerNote::ArenaNoInterval => 5,
            }
        }
        let all = vec![
            PeerNote::NoValues,
            PeerNote::TooFewForInterval { min: 2 },
            PeerNote::NoBootstrap,
            PeerNote::NoVerdict,
            PeerNote::LadderIntervals,
            PeerNote::ArenaNoInterval,
        ];
        assert_eq!(
            all.iter().map(index).collect::<Vec<_>>(),
            (0..6).collect::<Vec<_>>()
        );
        all
    }

    /// Why §4.6 allows no interval yet.
    fn no_intervals() -> Vec<NoIntervalWhy> {
        fn index(m: &NoIntervalWhy) -> usize {
            match m {
                NoIntervalWhy::TooFewSessions { .. } => 0,
                NoIntervalWhy::HorizonNeeds { .. } => 1,
            }
        }
        let all = vec![
            interval_rule(1, 3).why_none().unwrap(),
            interval_rule(21, 40).why_none().unwrap(),
        ];
        assert_eq!(all.iter().map(index).collect::<Vec<_>>(), [0, 1]);
        all
    }

    /// The names, paths, hashes and browser words a message carries: each must be in every
    /// language's text.
    fn names_in(english: &str) -> Vec<String> {
        [
            "proof/2026-10-20/200530Z.txt",
            "NotReadableError",
            "TypeError: Failed to construct 'URL'",
            "TypeError: Failed to fetch",
            "AbortError",
            "\"other-2\"",
            "\"sealbook-manifest-1\"",
            "\"../etc/passwd\"",
            "\"00FF\"",
            "\"asks/aa.md\"",
            "\"zz.txt\"",
            "files[3].path",
            "(file)",
            "HTTP",
        ]
        .iter()
        .map(|n| n.to_string())
        .chain(["ab".repeat(32), "cd".repeat(32)])
        .filter(|n| english.contains(n.as_str()))
        .collect()
    }

    use super::said_in_every_language as check;

    fn numbers(text: &str) -> Vec<String> {
        text.split(|c: char| !c.is_ascii_digit())
            .filter(|w| !w.is_empty() && *w != "256" && *w != "8" && *w != "1")
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn every_core_message_has_the_clis_english_and_two_translations() {
        for m in problems() {
            let english = m.to_string();
            let keeps = numbers(&english);
            check(&english, || core_messages::problem(&m), &keeps);
        }
        for m in stamps() {
            let english = m.to_string();
            let keeps = numbers(&english);
            check(&english, || core_messages::stamp(&m), &keeps);
        }
        for m in unchecked() {
            let english = m.to_string();
            let keeps: Vec<String> = [
                "daily/council/book.jsonl",
                "other.jsonl",
                "asks.jsonl",
                "y.jsonl",
            ]
            .iter()
            .filter(|n| english.contains(*n))
            .map(|n| n.to_string())
            .collect();
            check(&english, || core_messages::unchecked(&m), &keeps);
        }
        for m in refusals() {
            let english = m.to_string();
            let keeps: Vec<String> = [
                "group",
                "reset",
                "2026-12-04",
                "2026-12-02T14:30:00Z",
                "GOLD SPX",
                "EOF while parsing",
            ]
            .iter()
            .filter(|n| english.contains(*n))
            .map(|n| n.to_string())
            .chain(numbers(&english))
            .collect();
            check(&english, || core_messages::api(&m), &keeps);
        }
        for m in missing() {
            let english = m.to_string();
            let keeps: Vec<String> = names_in(&english)
                .into_iter()
                .chain(numbers(&english))
                .collect();
            check(&english, || core_messages::missing_why(&m), &keeps);
        }
        for c in file_checks() {
            let english = c.describe();
            let keeps: Vec<String> = names_in(&english)
                .into_iter()
                .chain(numbers(&english))
                .collect();
            check(&english, || core_messages::file_check(&c), &keeps);
        }
        for e in manifest_errors() {
            let english = e.to_string();
            let keeps: Vec<String> = names_in(&english)
                .into_iter()
                .chain(numbers(&english))
                .collect();
            check(&english, || core_messages::manifest_error(&e), &keeps);
        }
        for w in no_intervals() {
            let english = w.to_string();
            let keeps = numbers(&english);
            check(&english, || core_messages::no_interval(&w), &keeps);
        }
        for n in peer_notes() {
            let english = n.to_string();
            let keeps = numbers(&english);
            check(&english, || core_messages::peer_note(&n), &keeps);
        }
    }

    #[test]
    fn pinned_translations() {
        i18n::set(Lang::Zh);
        assert_eq!(
            core_messages::problem(&ProblemMsg::PrevNotLink { line: 4 }),
            "prev 不是第 4 行的链接"
        );
        i18n::set(Lang::Ar);
        assert_eq!(
            core_messages::problem(&ProblemMsg::MissingField {
                field: ChainCheck::Link
            }),
            "الحقل \u{2068}link\u{2069} مفقود"
        );
        i18n::set(Lang::En);
        assert_eq!(
            core_messages::problem(&ProblemMsg::SealMismatch),
            "seal is not SHA-256 of the line's content"
        );
    }
}

mod check_messages {
    use sealbook_core::check_messages::{
        CertRole, CheckMsg, EssBinding, PathError, PathProblem, SigError, SignerRef,
    };
    use sealbook_core::checks::Status;
    use sealbook_core::verifier::CheckRow;
    use sealbook_web::i18n::{self, check_messages, Lang};

    const SUBJECT: &str = "CN=sigstore-tsa,O=sigstore.dev";
    const ROOT: &str = "CN=Root CA";
    const HASH: &str = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
    const OTHER: &str = "a6379e7cecc05faa3cbf076013d745e327bbbaa38c0b9af22469d4701d18aabc";
    const TIME: &str = "2025-05-09T11:58:51Z";

    fn sig_errors() -> Vec<SigError> {
        fn index(e: &SigError) -> usize {
            match e {
                SigError::NeedsDigest { .. } => 0,
                SigError::UnsupportedAlgorithm { .. } => 1,
                SigError::PssWithoutParams => 2,
                SigError::PssParams { .. } => 3,
                SigError::PssMaskGeneration => 4,
                SigError::PssSaltRange => 5,
                SigError::RsaInvalid { .. } => 6,
                SigError::PssInvalid { .. } => 7,
                SigError::EcdsaNotDer { .. } => 8,
                SigError::EcdsaInvalid { .. } => 9,
                SigError::KeyMismatch { .. } => 10,
                SigError::Ed25519Invalid => 11,
            }
        }
        let all = vec![
            SigError::NeedsDigest {
                oid: "1.2.840.113549.1.1.1".into(),
            },
            SigError::UnsupportedAlgorithm {
                oid: "1.2.3.4.99".into(),
            },
            SigError::PssWithoutParams,
            SigError::PssParams {
                detail: "at byte 7: trailerField must be 1".into(),
            },
            SigError::PssMaskGeneration,
            SigError::PssSaltRange,
            SigError::RsaInvalid {
                detail: "verification error".into(),
            },
            SigError::PssInvalid {
                detail: "verification error".into(),
            },
            SigError::EcdsaNotDer {
                curve: "P-384".into(),
            },
            SigError::EcdsaInvalid {
                curve: "P-256".into(),
            },
            SigError::KeyMismatch {
                scheme: "ECDSA with SHA-256".into(),
                key: "RSA-4096".into(),
            },
            SigError::Ed25519Invalid,
        ];
        assert_eq!(
            all.iter().map(index).collect::<Vec<_>>(),
            (0..12).collect::<Vec<_>>()
        );
        all
    }

    fn path_errors() -> Vec<PathError> {
        fn index(e: &PathError) -> usize {
            let role = match e.who {
                CertRole::Leaf | CertRole::TrustAnchor | CertRole::Intermediate(_) => 0,
            };
            role + match e.problem {
                PathProblem::NotValidAt { .. } => 0,
                PathProblem::UnrecognisedCritical { .. } => 1,
                PathProblem::PathLenExceeded { .. } => 2,
                PathProblem::NotCa => 3,
                PathProblem::NoBasicConstraints => 4,
                PathProblem::NoKeyCertSign => 5,
            }
        }
        let e = |who, problem| PathError {
            who,
            subject: ROOT.into(),
            problem,
        };
        let all = vec![
            e(
                CertRole::Leaf,
                PathProblem::NotValidAt {
                    at: "2031-01-01T00:00:00Z".into(),
                    not_before: "2021-03-07T21:17:09Z".into(),
                    not_after: "2030-03-07T21:17:09Z".into(),
                },
            ),
            e(
                CertRole::TrustAnchor,
                PathProblem::UnrecognisedCritical {
                    oid: "1.2.3.4.5.6".into(),
                },
            ),
            e(
                CertRole::Intermediate(2),
                PathProblem::PathLenExceeded { max: 0 },
            ),
            e(CertRole::Intermediate(1), PathProblem::NotCa),
            e(CertRole::Intermediate(1), PathProblem::NoBasicConstraints),
            e(CertRole::Intermediate(3), PathProblem::NoKeyCertSign),
        ];
        assert_eq!(
            all.iter().map(index).collect::<Vec<_>>(),
            (0..6).collect::<Vec<_>>()
        );
        all
    }

    /// One of each message (several where the sentence is put together from parts); `index`
    /// has no wildcard arm, so a message added to core fails to compile here until it has a
    /// sample (and catalog entries).
    fn messages() -> Vec<CheckMsg> {
        use CheckMsg as C;
        fn index(m: &CheckMsg) -> usize {
            match m {
                C::Status { .. } => 0,
                C::TstVersionOk => 1,
                C::TstVersionBad { .. } => 2,
                C::ImprintAlgWeak { .. } => 3,
                C::ImprintAlgOk { .. } => 4,
                C::ImprintAlgUnsupported { .. } => 5,
                C::ImprintNoAlgorithm => 6,
                C::ImprintMatches { .. } => 7,
                C::ImprintDiffers { .. } => 8,
                C::NonceNotExpected => 9,
                C::NonceEchoed { .. } => 10,
                C::NonceDiffers { .. } => 11,
                C::NonceMissing { .. } => 12,
                C::SignerInfoCount { .. } => 13,
                C::SignerNotSupplied { .. } => 14,
                C::SignerNotAmong { .. } => 15,
                C::SignerFound { .. } => 16,
                C::NoSignedAttrsForTstInfo => 17,
                C::NoSignedAttrs => 18,
                C::AttrMissing { .. } => 19,
                C::AttrValues { .. } => 20,
                C::AttrUnreadable { .. } => 21,
                C::ContentTypeOk { .. } => 22,
                C::ContentTypeDiffers { .. } => 23,
                C::MessageDigestNotOctets => 24,
                C::DigestAlgUnsupported { .. } => 25,
                C::MessageDigestOk { .. } => 26,
                C::MessageDigestDiffers { .. } => 27,
                C::SignerKeyUnusable { .. } => 28,
                C::NoSignedAttrsToVerify => 29,
                C::Signature(_) => 30,
                C::SignatureOk { .. } => 31,
                C::ChainValidAtGenTime { .. } => 32,
                C::ChainValidNow { .. } => 33,
                C::NoTrustAnchor => 34,
                C::NoPathToAnchor { .. } => 35,
                C::NoPath => 36,
                C::Path(_) => 37,
                C::NoCurrentTime => 38,
                C::EssValues { .. } => 39,
                C::EssUnreadable { .. } => 40,
                C::EssEmpty { .. } => 41,
                C::EssFirstNotSigner { .. } => 42,
                C::EssNotInChain { .. } => 43,
                C::EssNone => 44,
                C::EssBinds { .. } => 45,
                C::EkuMissing { .. } => 46,
                C::EkuNotTimeStamping { .. } => 47,
                C::EkuNotCritical => 48,
                C::KeyUsageBits { .. } => 49,
                C::EkuOk => 50,
                C::TsaAbsent => 51,
                C::TsaNamesSigner { .. } => 52,
                C::TsaNotSigner { .. } => 53,
                C::NothingPinned => 54,
                C::PinnedOk { .. } => 55,
                C::PinnedDiffers { .. } => 56,
                C::BodyOk { .. } => 57,
                C::BodyUnreadable { .. } => 58,
                C::NoDataGiven => 59,
                C::BodyHashUnreadable => 60,
                C::BodyHashAlg { .. } => 61,
                C::BodyHashOk { .. } => 62,
                C::BodyHashDiffers { .. } => 63,
                C::UuidAbsent => 64,
                C::UuidOk { .. } => 65,
                C::UuidDiffers { .. } => 66,
                C::LogIdOk { .. } => 67,
                C::LogIdDiffers { .. } => 68,
                C::NoInclusionProof => 69,
                C::LeafIndexTooLarge { .. } => 70,
                C::ProofTooLong => 71,
                C::ProofTooShort => 72,
                C::InclusionOk { .. } => 73,
                C::InclusionDiffers { .. } => 74,
                C::NoCheckpoint => 75,
                C::CheckpointUnreadable { .. } => 76,
                C::NoCheckpointSignature { .. } => 77,
                C::CheckpointSignature { .. } => 78,
                C::CheckpointSizeDiffers { .. } => 79,
                C::CheckpointRootDiffers { .. } => 80,
                C::CheckpointOk { .. } => 81,
                C::SetAbsent { .. } => 82,
                C::SetOk { .. } => 83,
                C::Set(_) => 84,
                C::SignatureAlgWeak { .. } => 85,
                C::KindNotRead { .. } => 86,
                C::InclusionPromised { .. } => 87,
                C::NoIntegratedTime => 88,
                C::ValidForOk { .. } => 89,
                C::OutsideValidFor { .. } => 90,
                C::ValidForNoTime { .. } => 91,
                C::LogIdNoteKeyOk { .. } => 92,
                C::CertificateIdentity { .. } => 93,
                C::TimeProvenByTsa { .. } => 94,
                C::TimeProvenByLog { .. } => 95,
                C::NoTimeProven => 96,
            }
        }
        let issuer_serial = SignerRef::IssuerSerial {
            issuer: ROOT.into(),
            serial: "3a9c".into(),
        };
        let key_id = SignerRef::KeyId {
            id: "beef01".into(),
        };
        let mut all = vec![
            C::Status {
                name: "grantedWithMods".into(),
                code: 1,
                texts: vec![],
                fail_info: vec![],
                no_token: false,
            },
            C::Status {
                name: "rejection".into(),
                code: 2,
                texts: vec!["policy not accepted".into()],
                fail_info: vec!["unacceptedPolicy".into(), "badAlg".into()],
                no_token: true,
            },
            C::TstVersionOk,
            C::TstVersionBad { version: 3 },
            C::ImprintAlgWeak {
                alg: "SHA-1".into(),
                since: "2017-02-23".into(),
            },
            C::ImprintAlgOk {
                alg: "SHA-256".into(),
                params: "Absent".into(),
            },
            C::ImprintAlgUnsupported {
                oid: "1.2.3.4.77".into(),
            },
            C::ImprintNoAlgorithm,
            C::ImprintMatches {
                alg: "SHA-256".into(),
                digest: HASH.into(),
            },
            C::ImprintDiffers {
                alg: "SHA-256".into(),
                stamped: HASH.into(),
                data: OTHER.into(),
            },
            C::NonceNotExpected,
            C::NonceEchoed {
                nonce: "5e1f".into(),
            },
            C::NonceDiffers {
                expected: "5e1f".into(),
                found: "77aa".into(),
            },
            C::NonceMissing {
                expected: "5e1f".into(),
            },
            C::SignerInfoCount { n: 2 },
            C::SignerNotSupplied {
                sid: issuer_serial.clone(),
            },
            C::SignerNotAmong {
                sid: key_id.clone(),
            },
            C::SignerFound {
                subject: SUBJECT.into(),
                sid: issuer_serial.clone(),
                position: Some((1, 3)),
                claimants: 1,
            },
            C::SignerFound {
                subject: SUBJECT.into(),
                sid: key_id.clone(),
                position: None,
                claimants: 2,
            },
            C::NoSignedAttrsForTstInfo,
            C::NoSignedAttrs,
            C::AttrMissing {
                oid: "1.2.840.113549.1.9.3".into(),
            },
            C::AttrValues {
                oid: "1.2.840.113549.1.9.4".into(),
                n: 2,
            },
            C::AttrUnreadable {
                detail: "at byte 0: contentType: truncated".into(),
            },
            C::ContentTypeOk {
                oid: "1.2.840.113549.1.9.16.1.4".into(),
            },
            C::ContentTypeDiffers {
                attribute: "1.2.840.113549.1.7.1".into(),
                econtent: "1.2.840.113549.1.9.16.1.4".into(),
            },
            C::MessageDigestNotOctets,
            C::DigestAlgUnsupported {
                oid: "1.2.3.4.66".into(),
            },
            C::MessageDigestOk {
                alg: "SHA-256".into(),
                digest: HASH.into(),
            },
            C::MessageDigestDiffers {
                alg: "SHA-384".into(),
                computed: HASH.into(),
                attribute: OTHER.into(),
            },
            C::SignerKeyUnusable {
                detail: "at byte 24: unsupported elliptic curve 1.3.132.0.35".into(),
            },
            C::NoSignedAttrsToVerify,
            C::SignatureOk {
                scheme: "ECDSA with SHA-384".into(),
                key: "EC P-384".into(),
            },
            C::ChainValidAtGenTime {
                time: TIME.into(),
                path: vec![SUBJECT.into(), ROOT.into()],
            },
            C::ChainValidNow {
                time: "2026-12-02T18:00:00Z".into(),
                path: vec![SUBJECT.into()],
            },
            C::NoTrustAnchor,
            C::NoPathToAnchor {
                subject: SUBJECT.into(),
            },
            C::NoPath,
            C::NoCurrentTime,
            C::EssValues {
                attribute: "signingCertificateV2".into(),
                n: 2,
            },
            C::EssUnreadable {
                attribute: "signingCertificate".into(),
                detail: "at byte 3: certHash: expected OCTET STRING".into(),
            },
            C::EssEmpty {
                attribute: "signingCertificateV2".into(),
            },
            C::EssFirstNotSigner {
                attribute: "signingCertificate".into(),
                v2: false,
                alg: "SHA-1".into(),
                hash: HASH.into(),
                subject: SUBJECT.into(),
            },
            C::EssFirstNotSigner {
                attribute: "signingCertificateV2".into(),
                v2: true,
                alg: "SHA-256".into(),
                hash: HASH.into(),
                subject: SUBJECT.into(),
            },
            C::EssNotInChain {
                attribute: "signingCertificateV2".into(),
                index: 2,
                hash: OTHER.into(),
            },
            C::EssNone,
            C::EssBinds {
                bindings: vec![EssBinding {
                    attribute: "signingCertificateV2".into(),
                    ids: 1,
                    sha1: false,
                }],
            },
            C::EssBinds {
                bindings: vec![
                    EssBinding {
                        attribute: "signingCertificate".into(),
                        ids: 2,
                        sha1: true,
                    },
                    EssBinding {
                        attribute: "signingCertificateV2".into(),
                        ids: 3,
                        sha1: false,
                    },
                    EssBinding {
                        attribute: "signingCertificate".into(),
                        ids: 1,
                        sha1: true,
                    },
                ],
            },
            C::EkuMissing {
                subject: SUBJECT.into(),
            },
            C::EkuNotTimeStamping {
                purposes: vec!["1.3.6.1.5.5.7.3.1".into(), "1.3.6.1.5.5.7.3.8".into()],
            },
            C::EkuNotCritical,
            C::KeyUsageBits { bits: 0x24 },
            C::EkuOk,
            C::TsaAbsent,
            C::TsaNamesSigner {
                kind: "directoryName".into(),
                name: SUBJECT.into(),
            },
            C::TsaNotSigner {
                kind: "dNSName".into(),
                name: "tsa.example".into(),
                signer: SUBJECT.into(),
            },
            C::NothingPinned,
            C::PinnedOk {
                signer: SUBJECT.into(),
            },
            C::PinnedDiffers {
                signer: SUBJECT.into(),
                pinned: "FreeTSA".into(),
            },
            C::BodyOk {
                kind: "hashedrekord".into(),
                version: "0.0.1".into(),
            },
            C::BodyUnreadable {
                detail: "body.kind: \"intoto\" is not hashedrekord or rekord".into(),
            },
            C::NoDataGiven,
            C::BodyHashUnreadable,
            C::BodyHashAlg {
                alg: "sha512".into(),
            },
            C::BodyHashOk {
                digest: HASH.into(),
            },
            C::BodyHashDiffers {
                body: OTHER.into(),
                data: HASH.into(),
            },
            C::UuidAbsent,
            C::UuidOk { leaf: HASH.into() },
            C::UuidDiffers {
                uuid: format!("24296fb24b8ad77a{OTHER}"),
                leaf: HASH.into(),
            },
            C::LogIdOk { id: OTHER.into() },
            C::LogIdNoteKeyOk {
                id: OTHER.into(),
                origin: "log2025-1.rekor.sigstore.dev".into(),
            },
            C::LogIdDiffers {
                entry: HASH.into(),
                key: OTHER.into(),
            },
            C::NoInclusionProof,
            C::LeafIndexTooLarge {
                index: 7305,
                size: 7305,
            },
            C::ProofTooLong,
            C::ProofTooShort,
            C::InclusionOk {
                index: 41235,
                size: 90210,
                hashes: 17,
                root: HASH.into(),
            },
            C::InclusionDiffers {
                reached: HASH.into(),
                claimed: OTHER.into(),
            },
            C::NoCheckpoint,
            C::CheckpointUnreadable {
                detail: "missing root hash line".into(),
            },
            C::NoCheckpointSignature {
                hint: "c0d23d6a".into(),
            },
            C::CheckpointSizeDiffers {
                checkpoint: 90211,
                proof: 90210,
            },
            C::CheckpointRootDiffers {
                checkpoint: OTHER.into(),
                proof: HASH.into(),
            },
            C::CheckpointOk {
                origin: "rekor.sigstore.dev - 1193050959916656506".into(),
                size: 90210,
            },
            C::SetAbsent { time: TIME.into() },
            C::SetOk {
                time: 1746791931,
                index: 203948576,
            },
            C::SignatureAlgWeak {
                alg: "SHA-1".into(),
                since: "2014-01-01".into(),
            },
            C::KindNotRead {
                kind: "intoto 0.0.2".into(),
            },
            C::InclusionPromised { index: 203948576 },
            C::NoIntegratedTime,
            C::ValidForOk {
                key: "https://log2025-1.rekor.sigstore.dev".into(),
                time: TIME.into(),
                window: "2025-09-23T00:00:00Z/..".into(),
            },
            C::OutsideValidFor {
                key: "https://timestamp.sigstore.dev/api/v1/timestamp".into(),
                time: TIME.into(),
                window: "2025-04-09T00:00:00Z/2025-09-04T00:00:00Z".into(),
            },
            C::ValidForNoTime {
                key: "https://log2025-1.rekor.sigstore.dev".into(),
                window: "2025-09-23T00:00:00Z/..".into(),
            },
            C::CertificateIdentity {
                identity: "email:jku@goto.fi".into(),
            },
            C::TimeProvenByTsa {
                time: TIME.into(),
                by: SUBJECT.into(),
            },
            C::TimeProvenByLog {
                time: TIME.into(),
                by: "rekor.sigstore.dev - 1193050959916656506".into(),
            },
            C::NoTimeProven,
        ];
        for e in sig_errors() {
            all.push(C::Signature(e.clone()));
            all.push(C::Set(e.clone()));
            all.push(C::CheckpointSignature {
                signer: "rekor.sigstore.dev".into(),
                error: e,
            });
        }
        all.extend(path_errors().into_iter().map(C::Path));
        let mut seen: Vec<usize> = all.iter().map(index).collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen, (0..97).collect::<Vec<_>>());
        all
    }

    /// The data a sample names, which every translation must keep as it is.
    fn data_in(english: &str) -> Vec<String> {
        let data = [
            SUBJECT,
            ROOT,
            HASH,
            OTHER,
            TIME,
            "3a9c",
            "beef01",
            "5e1f",
            "77aa",
            "grantedWithMods",
            "rejection",
            "policy not accepted",
            "unacceptedPolicy, badAlg",
            "SHA-1",
            "2017-02-23",
            "2014-01-01",
            "SHA-256",
            "SHA-384",
            "Absent",
            "1.2.840.113549.1.9.16.1.4",
            "1.2.840.113549.1.7.1",
            "1.3.6.1.5.5.7.3.1",
            "contentType: truncated",
            "unsupported elliptic curve",
            "ECDSA with SHA-384",
            "EC P-384",
            "RSA-4096",
            "P-256",
            "trailerField must be 1",
            "verification error",
            "signingCertificateV2",
            "signingCertificate",
            "expected OCTET STRING",
            "directoryName",
            "dNSName",
            "tsa.example",
            "FreeTSA",
            "hashedrekord",
            "0.0.1",
            "is not hashedrekord or rekord",
            "\"sha512\"",
            "missing root hash line",
            "c0d23d6a",
            "rekor.sigstore.dev",
            "2031-01-01T00:00:00Z",
            "2030-03-07T21:17:09Z",
            "1.2.3.4.5.6",
            "0x24",
        ];
        data.iter()
            .filter(|d| english.contains(*d))
            .map(|d| d.to_string())
            .chain(
                english
                    .split(|c: char| !c.is_ascii_digit())
                    .filter(|w| w.len() > 1 && *w != "256")
                    .map(str::to_string),
            )
            .collect()
    }

    use super::said_in_every_language as check;

    #[test]
    fn every_check_message_has_the_clis_english_and_two_translations() {
        for m in messages() {
            let english = m.to_string();
            let keeps = data_in(&english);
            check(&english, || check_messages::message(&m), &keeps);
        }
    }

    #[test]
    fn every_check_is_named_by_its_id_in_english_and_translated_otherwise() {
        let ids: Vec<&str> = check_messages::CHECK_NAMES
            .iter()
            .map(|(id, _)| *id)
            .collect();
        let mut distinct = ids.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), ids.len(), "an id is named twice");
        assert_eq!(
            ids.len(),
            24,
            "16 token checks, 7 Rekor entry checks and the trusted root's validity window"
        );
        for id in ids {
            i18n::set(Lang::En);
            assert_eq!(check_messages::check_name(id), id);
            for lang in [Lang::Zh, Lang::Ar] {
                i18n::set(lang);
                assert_ne!(
                    check_messages::check_name(id),
                    id,
                    "{id} in {}",
                    lang.code()
                );
            }
        }
        i18n::set(Lang::En);
        assert_eq!(check_messages::check_name("not_a_check"), "not_a_check");
    }

    /// The failure line a page shows for a failed check is `id: detail` in English, as the
    /// CLI and core's `first_failure` say it.
    #[test]
    fn the_failure_line_is_the_clis_in_english() {
        let msg = CheckMsg::Signature(SigError::EcdsaInvalid {
            curve: "P-256".into(),
        });
        let rows = vec![
            CheckRow {
                id: "imprint".into(),
                status: Status::Pass,
                msg: CheckMsg::TstVersionOk,
            },
            CheckRow {
                id: "signature".into(),
                status: Status::Fail,
                msg,
            },
        ];
        i18n::set(Lang::En);
        assert_eq!(
            check_messages::first_failure(&rows).unwrap(),
            "signature: ECDSA P-256 signature invalid"
        );
        i18n::set(Lang::Zh);
        assert_eq!(
            check_messages::first_failure(&rows).unwrap(),
            "签名：ECDSA P-256 签名无效"
        );
        assert_eq!(check_messages::missing_signer(&rows), None);
        let sid = SignerRef::IssuerSerial {
            issuer: "CN=Root CA".into(),
            serial: "3a9c".into(),
        };
        let missing = CheckMsg::SignerNotSupplied { sid: sid.clone() };
        let rows = vec![CheckRow {
            id: "signer".into(),
            status: Status::Fail,
            msg: missing,
        }];
        assert_eq!(
            check_messages::missing_signer(&rows).unwrap(),
            "颁发者“CN=Root CA”、序列号 3a9c"
        );
        i18n::set(Lang::En);
        assert_eq!(
            check_messages::missing_signer(&rows).unwrap(),
            sid.to_string()
        );
    }
}

mod ots_messages {
    use sealbook_core::ots::bitcoin::HeaderError;
    use sealbook_core::ots::messages::{
        AttestationMsg, Finding, HeaderAt, HeaderMsg, HeadersTextError, LevelMsg, NoteMsg,
        PowError, ProofCheck, TimeBound, TrustedMsg,
    };
    use sealbook_core::verifier::header_files::HeaderFileError;
    use sealbook_core::verifier::trust::StillTrusted;
    use sealbook_web::i18n::{self, ots_messages as om, Lang};

    const HASH: &str = "00000000000000000002f5262afccafebb210a7abd5d303175c74c0268faa71d";

    fn pows() -> Vec<PowError> {
        fn index(m: &PowError) -> usize {
            match m {
                PowError::AboveTarget { .. } => 0,
                PowError::NegativeTarget { .. } => 1,
                PowError::Overflow { .. } => 2,
                PowError::ZeroTarget { .. } => 3,
                PowError::EasierThanLimit { .. } => 4,
            }
        }
        let all = vec![
            PowError::AboveTarget {
                hash: HASH.into(),
                bits: 0x1703e8b3,
            },
            PowError::NegativeTarget { bits: 0x04923456 },
            PowError::Overflow { bits: 0xff123456 },
            PowError::ZeroTarget { bits: 0 },
            PowError::EasierThanLimit {
                bits: 0x1e00ffff,
                limit: 0x1d00ffff,
            },
        ];
        assert_eq!(all.iter().map(index).collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
        all
    }

    fn header_msgs() -> Vec<HeaderMsg> {
        fn index(m: &HeaderMsg) -> usize {
            match m {
                HeaderMsg::NotEightyBytes { .. } => 0,
                HeaderMsg::NotHex => 1,
                HeaderMsg::BinaryLength { .. } => 2,
                HeaderMsg::NoHeader => 3,
                HeaderMsg::Pow { .. } => 4,
                HeaderMsg::DoesNotFollow { .. } => 5,
                HeaderMsg::TooMany { .. } => 6,
                HeaderMsg::Cycle => 7,
                HeaderMsg::HeightMismatch { .. } => 8,
                HeaderMsg::TimeNotAboveMtp { .. } => 9,
                HeaderMsg::RetargetMismatch { .. } => 10,
                HeaderMsg::NotRetargetHeight { .. } => 11,
            }
        }
        let all = vec![
            HeaderMsg::NotEightyBytes { got: 79 },
            HeaderMsg::NotHex,
            HeaderMsg::BinaryLength { bytes: 81 },
            HeaderMsg::NoHeader,
            HeaderMsg::Pow {
                pow: PowError::ZeroTarget { bits: 0 },
            },
            HeaderMsg::DoesNotFollow {
                previous: 4,
                hash: HASH.into(),
            },
            HeaderMsg::TooMany { max: 200000 },
            HeaderMsg::Cycle,
            HeaderMsg::HeightMismatch {
                height: 7,
                parent: 2,
                parent_height: 3,
            },
            HeaderMsg::TimeNotAboveMtp {
                time: 1703311464,
                mtp: 1703311465,
            },
            HeaderMsg::RetargetMismatch {
                bits: 0x1703d86a,
                height: 824544,
                expected: 0x1703d869,
            },
            HeaderMsg::NotRetargetHeight {
                from_bits: 0x1703e8b3,
                to_bits: 0x1703d869,
                height: 824545,
            },
        ];
        assert_eq!(
            all.iter().map(index).collect::<Vec<_>>(),
            (0..12).collect::<Vec<_>>()
        );
        all
    }

    fn notes() -> Vec<NoteMsg> {
        fn index(m: &NoteMsg) -> usize {
            match m {
                NoteMsg::Repeats { .. } => 0,
                NoteMsg::RetargetNotRecomputed { .. } => 1,
                NoteMsg::BitsChangeUnplaced { .. } => 2,
            }
        }
        let all = vec![
            NoteMsg::Repeats {
                header: 5,
                first: 2,
            },
            NoteMsg::RetargetNotRecomputed {
                height: 824544,
                first: 822528,
            },
            NoteMsg::BitsChangeUnplaced {
                header: 13,
                from_bits: 0x1703e8b3,
                to_bits: 0x1703d869,
            },
        ];
        assert_eq!(all.iter().map(index).collect::<Vec<_>>(), [0, 1, 2]);
        all
    }

    /// Every finding, each wording of it (the flags choose the sentence) and each way a header
    /// is named.
    fn findings() -> Vec<Finding> {
        fn index(m: &Finding) -> usize {
            match m {
                Finding::Counts { .. } => 0,
                Finding::Heaviest { .. } => 1,
                Finding::MtpBefore { .. } => 2,
                Finding::MtpItself { .. } => 3,
                Finding::Retarget { .. } => 4,
                Finding::ForkDecided { .. } => 5,
                Finding::ForkUndecided { .. } => 6,
            }
        }
        let at = |height: Option<u64>, index: Option<usize>| HeaderAt {
            hash: "0000..68faa71d".into(),
            height,
            index,
        };
        let heaviest = |tied| Finding::Heaviest {
            length: 23,
            first: at(Some(822528), Some(0)),
            tip: at(None, Some(22)),
            work: "3c1f7a2b".into(),
            approx: 1.0077e9,
            tied,
        };
        let mtp_before = |above| Finding::MtpBefore {
            at: at(Some(824544), Some(13)),
            mtp: 1704497999,
            mtp_utc: "2024-01-05T23:39:59Z".into(),
            time: 1704501378,
            above,
        };
        let retarget = |ok| Finding::Retarget {
            height: 824544,
            timespan: 1189914,
            clamped: 1189914,
            old_bits: "0x1703e8b3".into(),
            target_timespan: 1209600,
            expected_bits: "0x1703d869".into(),
            bits: "0x1703d869".into(),
            ok,
        };
        let all = vec![
            Finding::Counts {
                headers: 23,
                pow_ok: 22,
                linked: 21,
                runs: 2,
            },
            heaviest(false),
            heaviest(true),
            mtp_before(true),
            mtp_before(false),
            Finding::MtpItself {
                at: at(Some(824544), Some(13)),
                mtp: 1704498123,
                mtp_utc: "2024-01-05T23:42:03Z".into(),
            },
            retarget(true),
            retarget(false),
            Finding::ForkDecided {
                parent: at(Some(823225), None),
                branches: vec!["0000..9efaef2cbd".into(), "0000..0eae71e056".into()],
                heavier: "0000..0eae71e056".into(),
                length: 2,
                tip: "0000..77aa0011".into(),
            },
            Finding::ForkUndecided {
                parent: at(None, None),
                branches: vec!["0000..9efaef2cbd".into(), "0000..0eae71e056".into()],
            },
        ];
        let mut seen: Vec<usize> = all.iter().map(index).collect();
        seen.dedup();
        assert_eq!(seen, (0..7).collect::<Vec<_>>());
        all
    }

    fn attestations() -> Vec<AttestationMsg> {
        fn index(m: &AttestationMsg) -> usize {
            match m {
                AttestationMsg::NoHeader { .. } => 0,
                AttestationMsg::CommitmentLength { .. } => 1,
                AttestationMsg::NoMatchingRoot { .. } => 2,
                AttestationMsg::Pow { .. } => 3,
                AttestationMsg::RunRejected { .. } => 4,
                AttestationMsg::TimeNotAboveMtp { .. } => 5,
                AttestationMsg::Attests { .. } => 6,
                AttestationMsg::RootNotSupplied { .. } => 7,
                AttestationMsg::AttestsLabelDiffers { .. } => 8,
            }
        }
        let all = vec![
            AttestationMsg::NoHeader { height: 358391 },
            AttestationMsg::CommitmentLength { bytes: 20 },
            AttestationMsg::NoMatchingRoot {
                root: HASH.into(),
                height: 358391,
            },
            AttestationMsg::Pow {
                pow: PowError::AboveTarget {
                    hash: HASH.into(),
                    bits: 0x18154f4e,
                },
            },
            AttestationMsg::RunRejected {
                why: HeaderError {
                    index: 3,
                    message: HeaderMsg::DoesNotFollow {
                        previous: 2,
                        hash: HASH.into(),
                    },
                },
            },
            AttestationMsg::TimeNotAboveMtp {
                time: 1432827678,
                mtp: 1432827679,
            },
            AttestationMsg::Attests {
                height: 358391,
                time_utc: "2015-05-28T15:41:18Z".into(),
            },
            AttestationMsg::RootNotSupplied {
                root: HASH.into(),
                height: 358391,
            },
            AttestationMsg::AttestsLabelDiffers {
                height: 358391,
                time_utc: "2015-05-28T15:41:18Z".into(),
                label: 358392,
            },
        ];
        assert_eq!(
            all.iter().map(index).collect::<Vec<_>>(),
            (0..9).collect::<Vec<_>>()
        );
        all
    }

    fn levels() -> Vec<LevelMsg> {
        fn index(m: &LevelMsg) -> usize {
            match m {
                LevelMsg::Level2 => 0,
                LevelMsg::PendingOnly => 1,
                LevelMsg::NoBitcoin => 2,
                LevelMsg::NoHeader => 3,
                LevelMsg::Failed => 4,
                LevelMsg::PendingAndOtherChains => 5,
            }
        }
        let all = vec![
            LevelMsg::Level2,
            LevelMsg::PendingOnly,
            LevelMsg::NoBitcoin,
            LevelMsg::NoHeader,
            LevelMsg::Failed,
            LevelMsg::PendingAndOtherChains,
        ];
        assert_eq!(
            all.iter().map(index).collect::<Vec<_>>(),
            [0, 1, 2, 3, 4, 5]
        );
        all
    }

    fn checks() -> Vec<ProofCheck> {
        fn index(m: &ProofCheck) -> usize {
            match m {
                ProofCheck::Recomputed => 0,
                ProofCheck::Headers { .. } => 1,
                ProofCheck::MerkleCompared => 2,
                ProofCheck::MedianTimePast => 3,
            }
        }
        let all = vec![
            ProofCheck::Recomputed,
            ProofCheck::Headers { count: 1 },
            ProofCheck::Headers { count: 12 },
            ProofCheck::MerkleCompared,
            ProofCheck::MedianTimePast,
        ];
        let mut seen: Vec<usize> = all.iter().map(index).collect();
        seen.dedup();
        assert_eq!(seen, [0, 1, 2, 3]);
        all
    }

    fn trusted() -> Vec<TrustedMsg> {
        fn index(m: &TrustedMsg) -> usize {
            match m {
                TrustedMsg::BestChain => 0,
                TrustedMsg::HeaderTime => 1,
            }
        }
        let all = vec![TrustedMsg::BestChain, TrustedMsg::HeaderTime];
        assert_eq!(all.iter().map(index).collect::<Vec<_>>(), [0, 1]);
        all
    }

    fn headers_texts() -> Vec<HeadersTextError> {
        fn index(m: &HeadersTextError) -> usize {
            match m {
                HeadersTextError::TooLong { .. } => 0,
                HeadersTextError::Header { .. } => 1,
            }
        }
        let all = vec![
            HeadersTextError::TooLong {
                bytes: 1048577,
                max: 1048576,
            },
            HeadersTextError::Header {
                number: 2,
                message: HeaderMsg::NotHex,
            },
        ];
        assert_eq!(all.iter().map(index).collect::<Vec<_>>(), [0, 1]);
        all
    }

    fn report_trusted() -> Vec<StillTrusted> {
        fn index(m: &StillTrusted) -> usize {
            match m {
                StillTrusted::OperatorWord => 0,
                StillTrusted::OperatorClock => 1,
                StillTrusted::Token { .. } => 2,
                StillTrusted::Rekor { .. } => 3,
                StillTrusted::BitcoinProof { .. } => 4,
            }
        }
        let token = |not_valid_now| StillTrusted::Token {
            name: "130025Z.txt.tsr".into(),
            authority: "FreeTSA".into(),
            anchor: "CN=FreeTSA Root CA".into(),
            gen_time: "2026-11-30T13:00:27Z".into(),
            not_valid_now,
        };
        let rekor = |time_signed| StillTrusted::Rekor {
            name: "130025Z.txt.rekor.json".into(),
            integrated_time: "2024-12-10T21:41:25Z".into(),
            time_signed,
        };
        let all = vec![
            StillTrusted::OperatorWord,
            StillTrusted::OperatorClock,
            token(false),
            token(true),
            rekor(true),
            rekor(false),
            StillTrusted::BitcoinProof {
                name: "130025Z.txt.ots".into(),
            },
        ];
        let mut seen: Vec<usize> = all.iter().map(index).collect();
        seen.dedup();
        assert_eq!(seen, [0, 1, 2, 3, 4]);
        all
    }

    /// The English page says what the CLI prints (core's `Display`); the other languages are
    /// translations that keep every number, hash, time and name.
    fn check(english: String, render: impl Fn() -> String) {
        let keeps: Vec<String> = english
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == ':' || c == '-'))
            .map(|w| w.trim_matches(|c| c == '.' || c == ':' || c == '-'))
            .filter(|w| {
                w.len() >= 2
                    && w.chars().any(|c| c.is_ascii_digit())
                    && !matches!(*w, "256" | "SHA256" | "double-SHA256")
            })
            .map(str::to_string)
            .collect();
        super::said_in_every_language(&english, render, &keeps);
    }

    #[test]
    fn every_ots_message_has_the_clis_english_and_two_translations() {
        for m in pows() {
            check(m.to_string(), || om::pow(&m));
        }
        for m in header_msgs() {
            check(m.to_string(), || om::header_msg(&m));
            let e = HeaderError {
                index: 13,
                message: m.clone(),
            };
            check(e.to_string(), || om::header_error(&e));
            let f = HeaderFileError {
                name: "continuous/0822528.bin".into(),
                message: m,
            };
            check(f.to_string(), || om::header_file(&f));
        }
        for m in notes() {
            check(m.to_string(), || om::note(&m));
        }
        for m in findings() {
            check(m.to_string(), || om::finding(&m));
        }
        for m in attestations() {
            check(m.to_string(), || om::attestation(&m));
        }
        for m in levels() {
            check(m.to_string(), || om::level(&m));
        }
        for m in checks() {
            check(m.to_string(), || om::check(&m));
        }
        for b in [None, Some("2015-05-28T14:50:01Z".to_string())] {
            let b = TimeBound {
                time_utc: "2015-05-28T15:41:18Z".into(),
                height: 358391,
                mtp_utc: b,
            };
            check(b.to_string(), || om::time_bound(&b));
        }
        for m in trusted() {
            check(m.to_string(), || om::trusted(&m));
        }
        for m in headers_texts() {
            check(m.to_string(), || om::headers_text(&m));
        }
        for m in report_trusted() {
            check(m.to_string(), || om::still_trusted(&m));
        }
    }

    #[test]
    fn pinned_ots_translations() {
        let attests = AttestationMsg::Attests {
            height: 358391,
            time_utc: "2015-05-28T15:41:18Z".into(),
        };
        i18n::set(Lang::Zh);
        assert_eq!(
            om::attestation(&attests),
            "比特币区块 358391 证明其在 2015-05-28T15:41:18Z 时已存在"
        );
        i18n::set(Lang::Ar);
        assert_eq!(
            om::level(&LevelMsg::NoBitcoin),
            "غير قابل للتحقق: لا شهادة بيتكوين"
        );
        i18n::set(Lang::En);
        assert_eq!(
            om::attestation(&attests),
            "Bitcoin block 358391 attests existence as of 2015-05-28T15:41:18Z"
        );
    }
}

mod file_errors {
    use sealbook_core::verifier::FileError;
    use sealbook_web::i18n::{self, core_messages as cm, Lang};

    const OTS: &str = "0426Z-run.txt.ots";
    const LIST: &str = "0426Z-run.txt";

    fn all() -> Vec<FileError> {
        fn index(e: &FileError) -> usize {
            match e {
                FileError::TooLarge { .. } => 0,
                FileError::ProofTooLarge { .. } => 1,
                FileError::ProofUnreadable { .. } => 2,
                FileError::ProofOperation { .. } => 3,
                FileError::ProofListingTooLarge { .. } => 4,
                FileError::StampedNotDropped { .. } => 5,
                FileError::StampedUnreadable { .. } => 6,
                FileError::NoFileHash { .. } => 7,
                FileError::TokenListNotDropped { .. } => 8,
                FileError::TokenListUnreadable { .. } => 9,
                FileError::EntryListNotDropped { .. } => 10,
                FileError::EntryListOrKeyMissing { .. } => 11,
                FileError::Parser { .. } => 12,
            }
        }
        let all = vec![
            FileError::TooLarge {
                name: "0426Z-run.txt.tsr".into(),
                size: 4194305,
                limit: 4194304,
            },
            FileError::ProofTooLarge {
                name: OTS.into(),
                size: 1048577,
                limit: 1048576,
            },
            FileError::ProofUnreadable {
                name: OTS.into(),
                detail: "bad magic 0x00".into(),
            },
            FileError::ProofOperation {
                name: OTS.into(),
                detail: "append of 4097 bytes".into(),
            },
            FileError::ProofListingTooLarge {
                name: OTS.into(),
                max: 16777216,
            },
            FileError::StampedNotDropped {
                name: OTS.into(),
                stamped: LIST.into(),
            },
            FileError::StampedUnreadable {
                name: OTS.into(),
                stamped: LIST.into(),
            },
            FileError::NoFileHash { name: OTS.into() },
            FileError::TokenListNotDropped {
                name: "0426Z-run.txt.tsr".into(),
            },
            FileError::TokenListUnreadable {
                name: "0426Z-run.txt.tsr".into(),
                list: LIST.into(),
            },
            FileError::EntryListNotDropped {
                name: "0426Z-run.txt.rekor.json".into(),
            },
            FileError::EntryListOrKeyMissing {
                name: "0426Z-run.txt.rekor.json".into(),
            },
            FileError::Parser {
                detail: "0426Z-run.txt.tsr: not a DER TimeStampResp".into(),
            },
        ];
        let seen: Vec<usize> = all.iter().map(index).collect();
        assert_eq!(seen, (0..13).collect::<Vec<_>>());
        all
    }

    /// The English page says what the CLI prints (core's `Display`); Chinese and Arabic
    /// translate the sentence and keep the file names, sizes and the parser's words. A
    /// parser's own sentence is shown as it is in every language.
    #[test]
    fn every_file_error_has_the_clis_english_and_two_translations() {
        for e in all() {
            let english = e.to_string();
            let keeps: Vec<String> = english
                .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ';' | ','))
                .map(|w| w.trim_end_matches(':'))
                .filter(|w| w.chars().any(|c| c.is_ascii_digit()))
                .map(str::to_string)
                .collect();
            assert!(!keeps.is_empty(), "{english}");
            if matches!(e, FileError::Parser { .. }) {
                super::said_as_is_in_every_language(&english, || cm::file_error(&e));
                continue;
            }
            super::said_in_every_language(&english, || cm::file_error(&e), &keeps);
        }
    }

    #[test]
    fn a_missing_list_is_named_in_chinese() {
        let e = FileError::StampedNotDropped {
            name: OTS.into(),
            stamped: LIST.into(),
        };
        i18n::set(Lang::Zh);
        let said = cm::file_error(&e);
        i18n::set(Lang::En);
        assert_eq!(
            said,
            "0426Z-run.txt.ots：它所盖章的文件（0426Z-run.txt）不在拖入的盖章清单（.txt）中；添加该文件即可检查此证明"
        );
    }
}

mod answers_errors {
    use sealbook_core::records::book_lines::{BookLineMessage, Unit};
    use sealbook_core::records::roster::RosterMessage;
    use sealbook_core::verifier::answers::AnswersError;
    use sealbook_web::i18n::core_messages as cm;

    fn all() -> Vec<AnswersError> {
        fn index(e: &AnswersError) -> usize {
            match e {
                AnswersError::AskChain { .. } => 0,
                AnswersError::TooLarge { .. } => 1,
                AnswersError::BookLine { .. } => 2,
            }
        }
        let all = vec![
            AnswersError::AskChain {
                file: "asks.jsonl".into(),
                line: 17,
                field: "seats".into(),
                message: RosterMessage::ExpectedSeats {
                    found: "int".into(),
                },
            },
            AnswersError::TooLarge {
                name: "book.jsonl".into(),
            },
            AnswersError::BookLine {
                name: "book.jsonl".into(),
                line: 42,
                field: "crowd.odds.SPX.p_up".into(),
                message: BookLineMessage::ExpectedNumber {
                    unit: Unit::Price,
                    found: "float 1.5".into(),
                },
            },
        ];
        let seen: Vec<usize> = all.iter().map(index).collect();
        assert_eq!(seen, [0, 1, 2]);
        all
    }

    /// The English page says what the CLI would (core's `Display`); Chinese and Arabic
    /// translate the frame and the reader's message and keep the file, line, field and
    /// numbers.
    #[test]
    fn every_answers_error_has_the_english_and_two_translations() {
        for e in all() {
            let english = e.to_string();
            let keeps: Vec<String> = match &e {
                AnswersError::AskChain {
                    file, line, field, ..
                } => {
                    vec![file.clone(), line.to_string(), field.clone()]
                }
                AnswersError::TooLarge { name } => {
                    vec![name.clone(), "sealbook verify DIR --answers".into()]
                }
                AnswersError::BookLine {
                    name, line, field, ..
                } => {
                    vec![name.clone(), line.to_string(), field.clone(), "1.5".into()]
                }
            };
            super::said_in_every_language(&english, || cm::answers_error(&e), &keeps);
        }
    }
}

mod ask_text_problems {
    use sealbook_core::verifier::{AskTextProblem, NamedBy};
    use sealbook_web::i18n::{self, core_messages as cm, Lang};

    const NAME: &str = "asks/4e1d0c1f6b3b8a5f2e9d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f.md";
    const H1: &str = "4e1d0c1f6b3b8a5f2e9d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b7a6f";
    const H2: &str = "9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0";

    fn all() -> Vec<AskTextProblem> {
        fn index(p: &AskTextProblem) -> usize {
            match p {
                AskTextProblem::Unnamed { .. } => 0,
                AskTextProblem::Changed { .. } => 1,
                AskTextProblem::NamedByNone { .. } => 2,
                AskTextProblem::NotGiven { .. } => 3,
                AskTextProblem::AnswerNotItsRuns { .. } => 4,
            }
        }
        let all = vec![
            AskTextProblem::Unnamed {
                name: "asks/ask-2026-10-21.md".into(),
            },
            AskTextProblem::Changed {
                name: NAME.into(),
                sha256: H2.into(),
                named: H1.into(),
            },
            AskTextProblem::NamedByNone { name: NAME.into() },
            AskTextProblem::NotGiven {
                hash: H1.into(),
                by: vec![
                    NamedBy::Run {
                        run_id: "2026-10-21-am".into(),
                        line: 214,
                    },
                    NamedBy::AskLine {
                        line: 9,
                        run_id: "2026-10-21-am".into(),
                    },
                ],
            },
            AskTextProblem::AnswerNotItsRuns {
                line: 215,
                answer: H2.into(),
                run: H1.into(),
                run_line: 214,
            },
        ];
        let seen: Vec<usize> = all.iter().map(index).collect();
        assert_eq!(seen, [0, 1, 2, 3, 4]);
        all
    }

    /// The English page says what `sealbook verify --answers` prints; Chinese and Arabic
    /// translate it and keep the file names, hashes, run ids and line numbers.
    #[test]
    fn every_ask_text_problem_has_the_clis_english_and_two_translations() {
        for p in all() {
            let english = p.to_string();
            let keeps: Vec<String> = english
                .split(|c: char| c.is_whitespace() || matches!(c, '(' | ')' | ',' | ':'))
                .filter(|w| w.chars().any(|c| c.is_ascii_digit()))
                .map(|w| {
                    w.trim_end_matches(".md")
                        .trim_start_matches("asks/")
                        .to_string()
                })
                .collect();
            assert!(!keeps.is_empty(), "{english}");
            super::said_in_every_language(&english, || cm::ask_text_problem(&p), &keeps);
        }
    }

    #[test]
    fn a_text_named_but_not_given_is_said_in_chinese() {
        let p = &all()[3];
        i18n::set(Lang::Zh);
        let said = cm::ask_text_problem(p);
        i18n::set(Lang::En);
        assert_eq!(
            said,
            format!("asks/{H1}.md：运行 2026-10-21-am（账本第 214 行）、asks.jsonl 的问询行第 9 行（2026-10-21-am）提及了它，但未提供该文件")
        );
    }
}

/// The problems found in the files as the printable report lists them (core's
/// `report_document::FileProblem`, worded by `core_messages::file_problem`): every variant is
/// worded in each language, names its file, and leaves no English sentence in Chinese or Arabic.
mod file_problems {
    use sealbook_core::checks::{CheckMsg, Status};
    use sealbook_core::score::baselines::ClimSeal;
    use sealbook_core::verifier::answers::AnswersError;
    use sealbook_core::verifier::report_document::FileProblem;
    use sealbook_core::verifier::{CheckRow, FileError, ListError, UncheckedWhy};
    use sealbook_web::i18n::{self, core_messages as cm, Lang};

    const TSR: &str = "proof/2026-10-19/123000Z.txt.demo.tsr";

    /// Every variant once (the `match` fails to compile when one is added), with the name each
    /// one must keep.
    fn each(
        check: &CheckRow,
        error: &FileError,
        reason: &UncheckedWhy,
        list: &ListError,
        answers: &AnswersError,
        clim: &ClimSeal,
        out: &mut dyn FnMut(FileProblem<'_>, &str),
    ) {
        let all = [
            (
                FileProblem::ProofFailed {
                    name: "a.txt.ots",
                    error: None,
                },
                "a.txt.ots",
            ),
            (
                FileProblem::ProofFailed {
                    name: "a.txt.ots",
                    error: Some(error),
                },
                "a.txt.ots",
            ),
            (
                FileProblem::ProofNoHeaders { name: "a.txt.ots" },
                "a.txt.ots",
            ),
            (FileProblem::Error(error), "a.txt.ots"),
            (FileProblem::TokenNoRoots { name: TSR, check }, TSR),
            (FileProblem::CheckFailed { name: TSR, check }, TSR),
            (FileProblem::DidNotVerify { name: TSR }, TSR),
            (FileProblem::RekorNoKey(error), "a.txt.ots"),
            (
                FileProblem::ChainBroken {
                    name: "other-book.jsonl",
                },
                "other-book.jsonl",
            ),
            (
                FileProblem::ChecksNothing {
                    list: "b.txt",
                    reason,
                },
                "b.txt",
            ),
            (FileProblem::List(list), "c.txt"),
            (FileProblem::Answers(answers), "big-book.jsonl"),
            (FileProblem::Climatology(clim), "council-clim-window.json"),
        ];
        let mut seen = Vec::new();
        for (p, name) in all {
            seen.push(match p {
                FileProblem::ProofFailed { error: None, .. } => 0,
                FileProblem::ProofFailed { error: Some(_), .. } => 1,
                FileProblem::ProofNoHeaders { .. } => 2,
                FileProblem::Error(_) => 3,
                FileProblem::TokenNoRoots { .. } => 4,
                FileProblem::CheckFailed { .. } => 5,
                FileProblem::DidNotVerify { .. } => 6,
                FileProblem::RekorNoKey(_) => 7,
                FileProblem::ChainBroken { .. } => 8,
                FileProblem::ChecksNothing { .. } => 9,
                FileProblem::List(_) => 10,
                FileProblem::Answers(_) => 11,
                FileProblem::Climatology(_) => 12,
            });
            out(p, name);
        }
        assert_eq!(seen, (0..13).collect::<Vec<_>>());
    }

    #[test]
    fn every_file_problem_is_worded_in_each_language_and_names_its_file() {
        let check = CheckRow {
            id: "signature".into(),
            status: Status::Fail,
            msg: CheckMsg::TstVersionOk,
        };
        let error = FileError::NoFileHash {
            name: "a.txt.ots".into(),
        };
        let reason = UncheckedWhy::NotChosen {
            ledger: "daily/council/book.jsonl".into(),
        };
        let list = ListError::TooLarge {
            name: "c.txt".into(),
            size: 2_000_000,
            limit: 1_048_576,
        };
        let answers = AnswersError::TooLarge {
            name: "big-book.jsonl".into(),
        };
        let clim = ClimSeal::Differs {
            sealed: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08".into(),
            found: "a6379e7cecc05faa3cbf076013d745e327bbbaa38c0b9af22469d4701d18aabc".into(),
        };
        let english_words = [
            "did not verify",
            "not checked",
            "checks nothing",
            "does not hold",
            "refuted",
            "was not given",
            "trust anchor",
        ];
        each(
            &check,
            &error,
            &reason,
            &list,
            &answers,
            &clim,
            &mut |p, name| {
                i18n::set(Lang::En);
                let english = cm::file_problem(&p);
                assert!(english.contains(name), "{english}");
                for lang in [Lang::Zh, Lang::Ar] {
                    i18n::set(lang);
                    let said = cm::file_problem(&p);
                    assert!(said.contains(name), "{lang:?} lost {name}: {said}");
                    assert_ne!(said, english, "{lang:?} is English: {said}");
                    for w in english_words {
                        assert!(!said.contains(w), "{lang:?} keeps {w:?}: {said}");
                    }
                }
            },
        );
        i18n::set(Lang::En);
    }
}
