//! Book content like the council's (spec §3.2, Appendix C): run lines, answer lines with
//! per-market probabilities and reasons, corrections and notes, with unicode, floats of every
//! size and nested values, so books written by `BookWriter` exercise the whole of `J`.

use super::json_text;
use super::rng::Rng;
use sealbook_core::book::canon::{self, Object, Value};

const SEATS: &[&str] = &[
    "claude-opus",
    "gpt-5",
    "gemini-2.5",
    "grok-4",
    "deepseek-v3",
    "qwen3-max",
    "ERNIE 文心",
    "mistral-large",
    "Kimi-K2 月之暗面",
    "llama-4 🦙",
];
const MARKETS: &[&str] = &[
    "SPY", "QQQ", "GLD", "USO", "TLT", "BTC", "ETH", "EURUSD", "DAX", "N225", "VIX", "HSI",
];
const WORDS: &[&str] = &[
    "gold",
    "rallies",
    "on",
    "a",
    "weaker",
    "dollar",
    "but",
    "yields",
    "rise",
    "Fed",
    "—",
    "€",
    "¥",
    "价格",
    "上涨",
    "概率",
    "naïve",
    "café",
    "e\u{301}",
    "Ωμέγα",
    "\u{2028}",
    "\"quoted\"",
    "back\\slash",
    "tab\there",
    "new\nline",
    "a/b",
    "😀",
    "𝔉",
    "\u{7f}",
    "\u{1}",
    "50%",
];

fn text(r: &mut Rng, words: usize) -> String {
    let mut s = String::new();
    for k in 0..words {
        if k > 0 {
            s.push(' ');
        }
        s.push_str(r.pick(WORDS));
    }
    s
}

fn probability(r: &mut Rng) -> Value {
    match r.below(10) {
        0 => Value::Float(r.pick(&[0.0, 1.0, 0.5, 1e-05, 0.30000000000000004, 5e-324, 1e16])),
        1 => Value::Int(canon::Int::from(r.range(0, 1))),
        _ => Value::Float(r.below(1_000_000) as f64 / 1_000_000.0),
    }
}

fn timestamp(r: &mut Rng, i: u64) -> String {
    format!(
        "2026-10-{:02}T{:02}:{:02}:{:02}.{:03}Z",
        19 + (i / 5000) % 10,
        (i / 60) % 24,
        i % 60,
        r.below(60),
        r.below(1000)
    )
}

fn obj(members: Vec<(&str, Value)>) -> Object {
    Object::from_members(members.into_iter().map(|(k, v)| (k.into(), v)).collect())
}

fn s(x: &str) -> Value {
    Value::Str(x.into())
}

/// A random (valid, encodable) JSON value from the differential generator.
fn random_value(r: &mut Rng) -> Value {
    loop {
        let mut t = String::new();
        json_text::value(r, &mut t, 2, false);
        if let Ok(v) = canon::parse(t.as_bytes()) {
            return v;
        }
    }
}

/// An answer line's content (~0.5-1 KB written): a seat's probabilities on every market.
pub fn answer(r: &mut Rng, i: u64) -> Object {
    let words = r.range(8, 40) as usize;
    let p = MARKETS
        .iter()
        .map(|m| (m.to_string().as_str().into(), probability(r)))
        .collect();
    obj(vec![
        ("kind", s("answer")),
        ("at", s(&timestamp(r, i))),
        ("run", s("2026-10-20-am")),
        ("seat", s(r.pick(SEATS))),
        ("horizon", s(r.pick(&["day", "week", "month"]))),
        ("p", Value::Object(Object::from_members(p))),
        ("reason", s(&text(r, words))),
        ("tokens", Value::Int(canon::Int::from(r.range(100, 90_000)))),
        ("latency_s", Value::Float(r.below(100_000) as f64 / 1000.0)),
        (
            "schema_sha256",
            s("77d3c627c7c69d2f6e740ccd89113872b1ac08053554a4651bc2d3064b4e6f07"),
        ),
    ])
}

/// An answer line shaped as the spec's (Appendix C "answer": seat, model, mode, ask and own
/// hashes, booked_at, and `items.<asset>.<horizon>` for 12 markets and four horizons, each
/// with an action, `prob_up` and an expected move; `crowd_up` on 1d), about 3 KB: the line
/// kind that makes up most of a real book.
pub fn council_answer(r: &mut Rng, i: u64) -> Object {
    const ASSETS: &[&str] = &[
        "SPX", "NDX", "DJI", "RUT", "VIX", "UST10Y", "DXY", "GOLD", "WTI", "BRENT", "COPPER", "BTC",
    ];
    const ACTIONS: &[&str] = &["buy_strong", "buy_dips", "hold", "trim", "sell"];
    let mut items = Vec::new();
    for a in ASSETS {
        let mut horizons = Vec::new();
        for h in ["1d", "1w", "1m", "6m"] {
            let mut cell = vec![
                ("action", s(r.pick(ACTIONS))),
                ("prob_up", Value::Int(canon::Int::from(r.range(2, 98)))),
                ("exp_pct", Value::Float(r.range(-500, 500) as f64 / 100.0)),
            ];
            if h == "1d" {
                cell.push(("crowd_up", Value::Int(canon::Int::from(r.range(5, 95)))));
            }
            horizons.push((h.into(), Value::Object(obj(cell))));
        }
        items.push((
            a.to_string().as_str().into(),
            Value::Object(Object::from_members(horizons)),
        ));
    }
    let hash = |r: &mut Rng| {
        (0..4)
            .map(|_| format!("{:016x}", r.next_u64()))
            .collect::<String>()
    };
    obj(vec![
        ("kind", s("answer")),
        ("at", s(&timestamp(r, i))),
        ("booked_at", s(&timestamp(r, i))),
        ("run_id", s("2026-10-21-am")),
        ("seat", s(r.pick(SEATS))),
        ("model", s(r.pick(SEATS))),
        ("mode", s(r.pick(&["search", "closed-book"]))),
        ("ask_sha256", s(&hash(r))),
        ("own_sha256", s(&hash(r))),
        ("items", Value::Object(Object::from_members(items))),
    ])
}

/// Any line kind, for books that exercise every corner of `J`.
pub fn any_line(r: &mut Rng, i: u64) -> Object {
    match r.below(6) {
        0 => obj(vec![
            ("kind", s("run")),
            ("at", s(&timestamp(r, i))),
            ("run", s(&format!("2026-10-{}-am", 19 + r.below(3)))),
            ("methodology", Value::Int(canon::Int::from(2))),
            ("seats", Value::Array(SEATS.iter().map(|x| s(x)).collect())),
        ]),
        1 => obj(vec![
            ("kind", s("correction")),
            ("at", s(&timestamp(r, i))),
            (
                "line",
                Value::Int(canon::Int::from(r.range(1, i.max(1) as i64))),
            ),
            ("field", s("p")),
            ("value", random_value(r)),
            ("note", s(&text(r, 5))),
        ]),
        2 => obj(vec![
            ("kind", s("note")),
            ("at", s(&timestamp(r, i))),
            ("extra", random_value(r)),
            (
                "big",
                Value::Int(canon::Int::from(i64::MAX - r.below(1000) as i64)),
            ),
            ("tiny", Value::Float(f64::from_bits(r.below(1 << 52)))),
            (
                "huge",
                Value::Float(r.pick(&[1e16, 1.2345678901234568e17, 1e308, f64::INFINITY, -0.0])),
            ),
        ]),
        _ => answer(r, i),
    }
}

/// Keys at and around the bookkeeping ones (`link`, `n`, `prev`, `seal`, which the sealer
/// replaces), so that content falls before, between and after each of them in sorted order,
/// with escapes and non-ASCII among them.
const KEYS_AROUND_BOOKKEEPING: &[&str] = &[
    "",
    "\u{0}",
    "\"",
    "\\",
    "A",
    "Z",
    "_",
    "a",
    "items",
    "lin",
    "link",
    "link\u{0}",
    "linka",
    "m",
    "mode",
    "model",
    "n",
    "n\u{1f}",
    "na",
    "o",
    "own_sha256",
    "p",
    "prev",
    "prev ",
    "preva",
    "prevx",
    "q",
    "run_id",
    "sea",
    "seal",
    "seala",
    "seat",
    "text",
    "years",
    "zz",
    "\u{7f}",
    "\u{e9}",
    "\u{2028}",
    "\u{ffff}",
    "\u{1f600}",
];

/// A line's content made of a random choice of [`KEYS_AROUND_BOOKKEEPING`] (from none to all),
/// each with a random value: every position of content relative to `n`, `prev` and `seal`,
/// for the sealer's split between the content it serializes ahead and the chain fields.
pub fn keyed_line(r: &mut Rng) -> Object {
    let share = r.range(0, 4) as u64;
    let mut members = Vec::new();
    for k in KEYS_AROUND_BOOKKEEPING {
        if r.chance(share, 4) {
            members.push((*k, random_value(r)));
        }
    }
    obj(members)
}

/// CJK and Arabic words (with Arabic-Indic digits and a right-to-left mark) for the unicode-heavy
/// benchmark shape: three bytes a character in UTF-8 for CJK, two for Arabic.
const UNICODE_WORDS: &[&str] = &[
    "黄金",
    "价格",
    "上涨",
    "概率",
    "美元",
    "走弱",
    "收益率",
    "上升",
    "市场",
    "预期",
    "ارتفاع",
    "الذهب",
    "سعر",
    "الدولار",
    "احتمال",
    "السوق",
    "٣٫٥٪",
    "\u{200f}",
    "،",
    "。",
];

/// ASCII words for the string-heavy shape: plain text the scanners copy as runs.
const ASCII_WORDS: &[&str] = &[
    "gold",
    "rallies",
    "on",
    "a",
    "weaker",
    "dollar",
    "but",
    "yields",
    "rise",
    "after",
    "the",
    "payrolls",
    "print",
    "and",
    "guidance",
    "stays",
    "hawkish",
    "into",
    "quarter-end",
];

/// Characters `J` writes as escapes (quote, backslash, controls) between plain words.
const ESCAPED_WORDS: &[&str] = &[
    "\"q\"", "a\\b", "\n", "\t", "\r", "\u{1}", "\u{1f}", "\u{8}", "\u{c}", "x", "yz", "\"",
];

fn words_from(r: &mut Rng, words: &[&str], n: usize, sep: &str) -> String {
    let mut s = String::new();
    for k in 0..n {
        if k > 0 {
            s.push_str(sep);
        }
        s.push_str(r.pick(words));
    }
    s
}

/// A short answer line (~300 B sealed, of which the chain fields are ~230 B): the per-line
/// costs (parse, two hashes, the dict) outweigh the per-byte ones.
pub fn short_answer(r: &mut Rng, i: u64) -> Object {
    obj(vec![
        ("kind", s("answer")),
        ("at", s(&timestamp(r, i))),
        ("seat", s(r.pick(SEATS))),
        ("p", probability(r)),
    ])
}

/// A long answer line (~6.3 KB sealed): the spec-shaped items of [`council_answer`] with a
/// short mixed-script reason in every cell.
pub fn long_answer(r: &mut Rng, i: u64) -> Object {
    let mut o = council_answer(r, i);
    let Some(Value::Object(items)) = o.get("items").cloned() else {
        unreachable!("council_answer writes items")
    };
    let items = items
        .iter()
        .map(|(asset, horizons)| {
            let Value::Object(h) = horizons else {
                unreachable!("council_answer writes objects")
            };
            let h = h
                .iter()
                .map(|(k, cell)| {
                    let Value::Object(c) = cell else {
                        unreachable!("council_answer writes objects")
                    };
                    let mut m: Vec<_> = c.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
                    let words = r.range(5, 9) as usize;
                    m.push(("why".into(), s(&text(r, words))));
                    (k.clone(), Value::Object(Object::from_members(m)))
                })
                .collect();
            (asset.clone(), Value::Object(Object::from_members(h)))
        })
        .collect();
    o.insert("items", Value::Object(Object::from_members(items)));
    o
}

/// A line that is nearly all string bytes (~4 KB): a long ASCII reason and a list of short
/// ASCII tags, the bytes CPython's C scanner copies fastest.
pub fn string_answer(r: &mut Rng, i: u64) -> Object {
    let words = r.range(450, 650) as usize;
    let tags = (0..r.range(20, 40))
        .map(|_| s(r.pick(ASCII_WORDS)))
        .collect();
    obj(vec![
        ("kind", s("answer")),
        ("at", s(&timestamp(r, i))),
        ("seat", s(r.pick(SEATS))),
        ("reason", s(&words_from(r, ASCII_WORDS, words, " "))),
        ("tags", Value::Array(tags)),
    ])
}

/// A line whose content nests 24 levels deep (objects in arrays in objects), ~4 KB: the
/// structure's per-level costs.
pub fn deep_answer(r: &mut Rng, i: u64) -> Object {
    fn level(r: &mut Rng, depth: u32) -> Value {
        if depth == 0 {
            return probability(r);
        }
        let mut m = vec![
            ("d".into(), Value::Int(canon::Int::from(depth as i64))),
            ("p".into(), probability(r)),
            ("s".into(), s(r.pick(MARKETS))),
        ];
        if depth.is_multiple_of(2) {
            m.push((
                "a".into(),
                Value::Array(vec![level(r, depth - 1), Value::Null]),
            ));
        } else {
            m.push(("o".into(), level(r, depth - 1)));
        }
        Value::Object(Object::from_members(m))
    }
    let branches = (0..4).map(|_| level(r, 24)).collect();
    obj(vec![
        ("kind", s("answer")),
        ("at", s(&timestamp(r, i))),
        ("seat", s(r.pick(SEATS))),
        ("tree", Value::Array(branches)),
    ])
}

/// A line of CJK and Arabic text (~4 KB): a long reason per market.
pub fn unicode_answer(r: &mut Rng, i: u64) -> Object {
    let p = MARKETS
        .iter()
        .take(6)
        .map(|m| {
            let n = r.range(40, 90) as usize;
            (
                m.to_string().as_str().into(),
                s(&words_from(r, UNICODE_WORDS, n, " ")),
            )
        })
        .collect();
    obj(vec![
        ("kind", s("answer")),
        ("at", s(&timestamp(r, i))),
        ("seat", s(r.pick(SEATS))),
        ("reasons", Value::Object(Object::from_members(p))),
    ])
}

/// A line whose strings are dense with characters `J` escapes (~4 KB): quotes, backslashes and
/// control characters between short words.
pub fn escape_answer(r: &mut Rng, i: u64) -> Object {
    let n = r.range(700, 1100) as usize;
    obj(vec![
        ("kind", s("answer")),
        ("at", s(&timestamp(r, i))),
        ("seat", s(r.pick(SEATS))),
        ("reason", s(&words_from(r, ESCAPED_WORDS, n, " "))),
    ])
}
