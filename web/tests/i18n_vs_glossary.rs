//! The message catalog (web/src/i18n/catalog.rs) against its glossary (web/i18n/glossary.json):
//! every message has a text in each language, the same named arguments in each, and uses the
//! spec's terms (seed 000 for Chinese, seed 003 for Arabic) wherever its English uses them.
//! The proof page core writes (`core/src/league/proof_page.rs`, its own table of texts, as it
//! is static HTML without the page's wasm) is held to the same rules and glossary, and where
//! one of its texts says what a catalog message says in English, it says it the same way in
//! Chinese and Arabic too.

use sealbook_core::league::proof_page::{self, Text};
use sealbook_web::i18n::{arguments, Lang, M};
use serde_json::Value;

const GLOSSARY: &str = include_str!("../i18n/glossary.json");

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
    use sealbook_core::book::chain::{Check, ProblemMsg};
    use sealbook_core::book::stamp_list::StampMsg;
    use sealbook_core::experiment::wire::ApiMsg;
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
            ProblemMsg::MissingField { field: Check::Seal },
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
        ];
        assert_eq!(
            all.iter().map(index).collect::<Vec<_>>(),
            (0..20).collect::<Vec<_>>()
        );
        all
    }

    /// Every message rendered in each language: the English page says what the CLI prints
    /// (core's `Display`), the others are translations that keep every number and name.
    fn check(english: String, render: impl Fn() -> String, keeps: &[String]) {
        i18n::set(Lang::En);
        assert_eq!(render(), english, "the English page differs from the CLI");
        for lang in [Lang::Zh, Lang::Ar] {
            i18n::set(lang);
            let said = render();
            assert_ne!(said, english, "not translated to {}", lang.code());
            assert!(
                !said.contains('{') || said.contains("\\u{"),
                "an argument is left unfilled: {said}"
            );
            for k in keeps {
                assert!(
                    said.contains(k.as_str()),
                    "{} lost {k:?}: {said}",
                    lang.code()
                );
            }
        }
        i18n::set(Lang::En);
    }

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
            check(english, || core_messages::problem(&m), &keeps);
        }
        for m in stamps() {
            let english = m.to_string();
            let keeps = numbers(&english);
            check(english, || core_messages::stamp(&m), &keeps);
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
            check(english, || core_messages::unchecked(&m), &keeps);
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
            check(english, || core_messages::api(&m), &keeps);
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
            core_messages::problem(&ProblemMsg::MissingField { field: Check::Link }),
            "الحقل \u{2068}link\u{2069} مفقود"
        );
        i18n::set(Lang::En);
        assert_eq!(
            core_messages::problem(&ProblemMsg::SealMismatch),
            "seal is not SHA-256 of the line's content"
        );
    }
}

mod ots_messages {
    use sealbook_core::ots::bitcoin::HeaderError;
    use sealbook_core::ots::messages::{
        AttestationMsg, CheckMsg, Finding, HeaderAt, HeaderMsg, HeadersTextError, LevelMsg,
        NoteMsg, PowError, TimeBound, TrustedMsg,
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
        ];
        assert_eq!(
            all.iter().map(index).collect::<Vec<_>>(),
            (0..7).collect::<Vec<_>>()
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
            }
        }
        let all = vec![
            LevelMsg::Level2,
            LevelMsg::PendingOnly,
            LevelMsg::NoBitcoin,
            LevelMsg::NoHeader,
            LevelMsg::Failed,
        ];
        assert_eq!(all.iter().map(index).collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
        all
    }

    fn checks() -> Vec<CheckMsg> {
        fn index(m: &CheckMsg) -> usize {
            match m {
                CheckMsg::Recomputed => 0,
                CheckMsg::Headers { .. } => 1,
                CheckMsg::MerkleCompared => 2,
                CheckMsg::MedianTimePast => 3,
            }
        }
        let all = vec![
            CheckMsg::Recomputed,
            CheckMsg::Headers { count: 1 },
            CheckMsg::Headers { count: 12 },
            CheckMsg::MerkleCompared,
            CheckMsg::MedianTimePast,
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
        i18n::set(Lang::En);
        assert_eq!(render(), english, "the English page differs from the CLI");
        for lang in [Lang::Zh, Lang::Ar] {
            i18n::set(lang);
            let said = render();
            assert_ne!(said, english, "not translated to {}", lang.code());
            assert!(!said.contains('{'), "an argument is left unfilled: {said}");
            for k in &keeps {
                assert!(
                    said.contains(k.as_str()),
                    "{} lost {k:?}: {said}",
                    lang.code()
                );
            }
        }
        i18n::set(Lang::En);
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
