//! Whatever a seat sends, the engine seals a line, and every core reader of the book on this
//! floor or below reads it (spec §3.2: every reply is sealed as received; §3.9: marked, never
//! repaired): the book's lines ([`BookLines`]) and the forecasts rebuilt from the book
//! ([`book_rows`]). A property test over a deterministic generator of hostile answers, bounded
//! in count. The book it seals is [`hostile_book`]'s, which the verifier's tests read for
//! every answer's proof (the verifier is a floor above the league, ARCHITECTURE.md).

use super::*;
use crate::league::wire::Finish;

/// SplitMix64: a fixed seed gives the same replies on every machine.
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }

    fn key(&mut self) -> String {
        self.pick(&[
            "\"SPX\"",
            "\"GOLD\"",
            "\"BTC\"",
            "\"ES\"",
            "\"\"",
            "\"spx\"",
            "\"S\\u0050X\"",
            "\"\\ud800\"",
            "\"\\udc00\\ud800\"",
            "\"\\u0000\"",
            "\"\u{2028}\"",
            "\"🙂\"",
            "\"items\"",
            "\"a.b\"",
        ])
        .to_string()
    }

    fn horizon(&mut self) -> String {
        self.pick(&[
            "\"1d\"",
            "\"1w\"",
            "\"1m\"",
            "\"6m\"",
            "\"2y\"",
            "\"1D\"",
            "\"\"",
            "\"\\u0031d\"",
            "\"\\ud83d\"",
            "\"crowd_up\"",
        ])
        .to_string()
    }

    fn scalar(&mut self) -> String {
        self.pick(&[
            "55",
            "1.5",
            "150",
            "-3",
            "0",
            "100",
            "50",
            "-0",
            "-0.0",
            "1e400",
            "-1e400",
            "1E2",
            "1.50",
            "123456789012345678901234567890",
            "NaN",
            "Infinity",
            "-Infinity",
            "\"55\"",
            "\"fifty\"",
            "\"\\ud800\"",
            "null",
            "true",
            "false",
            "[]",
            "{}",
            "[55]",
            "{\"prob_up\": 55}",
        ])
        .to_string()
    }

    /// A JSON value nested up to `depth`, any shape.
    fn value(&mut self, depth: usize) -> String {
        if depth == 0 || self.below(3) == 0 {
            return self.scalar();
        }
        match self.below(2) {
            0 => {
                let n = self.below(4);
                let items: Vec<String> = (0..n).map(|_| self.value(depth - 1)).collect();
                format!("[{}]", items.join(", "))
            }
            _ => {
                let n = self.below(4);
                let members: Vec<String> = (0..n)
                    .map(|_| format!("{}: {}", self.key(), self.value(depth - 1)))
                    .collect();
                format!("{{{}}}", members.join(", "))
            }
        }
    }

    fn cell(&mut self) -> String {
        if self.below(20) == 0 {
            return self.value(2);
        }
        let keys = [
            "prob_up",
            "crowd_up",
            "action",
            "entry",
            "target",
            "invalidation",
            "exp_pct",
            "risk",
            "revise_if",
            "prob_up",
        ];
        let n = 1 + self.below(5);
        let members: Vec<String> = (0..n)
            .map(|_| {
                let k = keys[self.below(keys.len())];
                let v = match (k, self.below(3)) {
                    ("action", 0) => self.pick(&["\"buy_dips\"", "\"hold\"", "\"moon\""]).into(),
                    _ => self.value(2),
                };
                format!("\"{k}\": {v}")
            })
            .collect();
        format!("{{{}}}", members.join(", "))
    }

    fn items(&mut self) -> String {
        if self.below(8) == 0 {
            return self.value(3);
        }
        let n = self.below(5);
        let assets: Vec<String> = (0..n)
            .map(|_| {
                let asset = if self.below(2) == 0 {
                    format!("\"{}\"", MARKETS[self.below(MARKETS.len())])
                } else {
                    self.key()
                };
                let cells = if self.below(20) == 0 {
                    self.value(2)
                } else {
                    let k = self.below(4);
                    let cells: Vec<String> = (0..k)
                        .map(|_| format!("{}: {}", self.horizon(), self.cell()))
                        .collect();
                    format!("{{{}}}", cells.join(", "))
                };
                format!("{asset}: {cells}")
            })
            .collect();
        format!("{{{}}}", assets.join(", "))
    }

    /// One reply text: an answer object (often broken) in prose, a fence, or neither.
    fn reply_text(&mut self) -> String {
        let mut members = vec![format!("\"items\": {}", self.items())];
        for _ in 0..self.below(3) {
            let extra = match self.below(4) {
                0 => format!("\"years\": {}", self.value(1)),
                1 => format!("\"decisions\": {}", self.value(3)),
                2 => format!("\"items\": {}", self.items()),
                _ => format!("{}: {}", self.key(), self.value(2)),
            };
            members.insert(self.below(members.len() + 1), extra);
        }
        let object = format!("{{{}}}", members.join(", "));
        match self.below(8) {
            0 => format!("Here you go:\n```json\n{object}\n```\nThanks."),
            1 => format!("```\n{object}\n```"),
            2 => format!("I think {{so}} {object} and more {{\"x\": 1}}"),
            3 => {
                let mut cut = self.below(object.len() + 1);
                while !object.is_char_boundary(cut) {
                    cut -= 1;
                }
                object[..cut].to_string()
            }
            4 => format!("{}{object}", "[".repeat(self.below(400))),
            5 => "I cannot give financial advice.".into(),
            _ => object,
        }
    }
}

/// How many hostile replies [`hostile_book`] seals.
pub(crate) const REPLIES: usize = 600;

/// The ledgers of a league day whose four model seats sent [`REPLIES`] hostile replies, scored,
/// with what sealing them found.
pub(crate) struct HostileBook {
    /// `council-book.jsonl`.
    pub(crate) book: Vec<u8>,
    /// `asks.jsonl`.
    pub(crate) asks: Vec<u8>,
    /// Lines sealed from the replies.
    pub(crate) sealed: usize,
    /// Answer lines marked with a shape (§3.9).
    pub(crate) marked: usize,
    /// Answer lines with parts set aside.
    pub(crate) set_aside: usize,
}

/// Drives the engine through a morning run whose seats reply with the generator's hostile
/// texts, then the deadline and the day's score line; asserts on the way that every reply is
/// sealed as one line that reads back on its own.
pub(crate) fn hostile_book() -> HostileBook {
    let config = LeagueConfig::from_toml(CONFIG.as_bytes(), "league.toml").unwrap();
    let session = Date::parse("2026-10-21").unwrap();
    let mut d = Driver::default();
    d.seal(
        LeagueLedger::Asks,
        &declaration(&config, "2026-10-21T04:16:00Z", session).to_object(),
    );
    let mut e = Engine::new(config, Climatology::new(), session, true);
    let a = e.poll(t("2026-10-21T12:30:00Z"));
    d.apply(&mut e, a);
    let a = e.on_snapshot(
        "2026-10-21-am",
        &snapshot(),
        None,
        t("2026-10-21T12:30:05Z"),
    );
    d.apply(&mut e, a);
    let mut g = Gen(0x5ea1_b00c);
    let seats = ["alpha", "beta", "gamma", "delta"];
    let mut sealed = 0usize;
    let mut marked = 0usize;
    let mut set_aside = 0usize;
    for i in 0..REPLIES {
        let text = g.reply_text();
        let mut reply = Reply {
            raw: text.clone().into_bytes(),
            text: Some(text),
            provider_model: Some(g.pick(&["gpt-x", "", "m\u{2028}"]).to_string()),
            ..Reply::default()
        };
        match g.below(10) {
            0 => {
                reply.finish = Some(Finish::Refused(g.pick(&["I can't help", ""]).into()));
                reply.provider_finish = Some("stop".into());
            }
            1 => {
                // As the driver hands a block on: the provider's reason as the text.
                reply.text = Some("SAFETY".into());
                reply.finish = Some(Finish::Blocked("SAFETY".into()));
                reply.provider_finish = Some("SAFETY".into());
            }
            2 => {
                reply.text = None;
                reply.raw = vec![0xff, b'{', 0xc3];
                reply.unreadable = Some("malformed: the body is not JSON".into());
            }
            _ => {}
        }
        let shown = format!("{:?}", reply.text);
        let seat = seats[i % seats.len()];
        let minute = 31 + (i / 60) as u32;
        let at = Instant::from_utc(session, 12, minute.min(59), (i % 60) as u32);
        let actions = e.on_reply("2026-10-21-am", seat, reply, at);
        let before = d.book.1.len();
        for a in actions {
            let Action::Seal { ledger, content } = a else {
                continue;
            };
            // The line can be sealed (J(content) is UTF-8) ...
            let n = match ledger {
                LeagueLedger::Book => {
                    let (w, bytes) = &mut d.book;
                    let line = w
                        .append(&content)
                        .unwrap_or_else(|err| panic!("reply {i} cannot be sealed: {err}\n{shown}"));
                    bytes.extend_from_slice(&line.bytes);
                    w.lines()
                }
                LeagueLedger::Asks => d.seal(ledger, &content),
            };
            e.on_sealed(ledger, n, &content);
            sealed += 1;
        }
        assert!(d.book.1.len() > before, "reply {i} sealed no line: {shown}");
        // ... and read back on its own.
        let lines = BookLines::parse(&d.book.1[before..])
            .unwrap_or_else(|err| panic!("reply {i} is not read back: {err}\n{shown}"));
        let last = lines.answers.values().next_back().unwrap();
        marked += usize::from(last.shape.is_some());
        set_aside += usize::from(!last.set_aside.is_empty());
        // A marked line's parts set aside are exactly what its cells leave out.
        if last.shape.is_none() {
            assert!(last.set_aside.is_empty(), "{shown}");
        }
    }

    // The deadline and the day's score.
    let a = e.poll(t("2026-10-21T13:30:00Z"));
    d.apply(&mut e, a);
    let a = e.poll(t("2026-10-21T20:10:00Z"));
    d.apply(&mut e, a);
    let (h, of, _) = d.scores[0].clone();
    let results: BTreeMap<String, (f64, f64)> = MARKETS
        .iter()
        .map(|m| (m.to_string(), (101.5, 102.0)))
        .collect();
    let line = score_content(
        t("2026-10-21T20:10:05Z"),
        "2026-10-21-am",
        of,
        h,
        &results,
        BTreeMap::new(),
    );
    d.seal(LeagueLedger::Book, &line.to_object());
    HostileBook {
        book: d.book.1,
        asks: d.asks.1,
        sealed,
        marked,
        set_aside,
    }
}

#[test]
fn every_line_the_engine_seals_from_any_reply_is_read_by_every_reader() {
    let HostileBook {
        book,
        asks,
        sealed,
        marked,
        set_aside,
    } = hostile_book();
    assert!(verify(&book, VerifyOptions::default()).ok);
    BookLines::parse(&book).unwrap();
    let roster = roster_from_asks(&asks).unwrap();
    let mut counting = crate::score::counting::Counting::from_asks(Some(&asks)).unwrap();
    let rows = book_rows(&book, &roster, &mut counting).unwrap();
    assert!(rows.iter().all(|r| MARKETS.contains(&r.asset.as_str())));
    assert_eq!(sealed, REPLIES);
    // The generator reaches every path: well-formed, marked, with parts set aside.
    assert!(marked > REPLIES / 2 && marked < REPLIES, "{marked}");
    assert!(set_aside > REPLIES / 30, "{set_aside}");
}
