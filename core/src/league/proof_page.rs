//! The per-day proof page, `proof/<day>/index.html` (spec §3.2, Appendix B steps 2-4 and
//! 6-10; Appendix C): every stamped list of the day, every anchor file published beside it
//! (`.ots`, `.<tsa>.tsr`, `.rekor.json`, `.anchors.json`), and every ledger line the list is
//! the first to cover, with its seal and link and the line's kind, seat and run.
//!
//! A pure renderer: the caller hands in the league's ledgers and its `proof/` files as bytes
//! and gets the pages back. The HTML is static and self-contained (inline style, no script,
//! no outside resource; links are relative, so a copied folder works offline), and every text
//! that comes from a file goes through [`escape`].
//!
//! Each list's entries are checked against the published ledgers as Appendix B step 3 does
//! (the SHA-256 of the first N lines as stored, the link of line N); the page states the
//! result. The anchors themselves are listed with their size and SHA-256, not judged here:
//! the verifier page and `sealbook verify` check them.

use crate::book::canon::{self, Value};
use crate::book::chain::{verify, VerifyOptions};
use crate::book::stamp_list::{self, ledger_matches};
use crate::hex;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::fmt::Write;

/// The page's name inside `proof/<day>/`.
pub const PAGE_NAME: &str = "index.html";

/// HTML escaping for text and attribute values: `& < > " '`.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A link target (relative path) with each segment percent-encoded where it is not plain,
/// then escaped for the attribute.
fn href(path: &str) -> String {
    let mut out = String::new();
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    escape(&out)
}

/// A published ledger: its path in the league directory and its bytes.
pub struct Ledger<'a> {
    pub path: &'a str,
    pub bytes: &'a [u8],
}

/// One line of a ledger as the page shows it.
struct Line {
    n: u64,
    kind: String,
    seat: String,
    run_id: String,
    at: String,
    seal: String,
    link: String,
}

fn str_field(o: &canon::Object, key: &str) -> String {
    match o.get(key) {
        Some(Value::Str(s)) => s.as_str().unwrap_or("(not UTF-8)").to_string(),
        Some(Value::Int(i)) => i.as_str().to_string(),
        _ => String::new(),
    }
}

/// The ledger's complete lines, position `i` holding line `i + 1`. A line that is not a
/// JSON object is shown with its position only.
fn lines(bytes: &[u8]) -> Vec<Line> {
    let mut out = Vec::new();
    // The complete lines: everything up to the last LF, without it.
    let complete = match memchr::memrchr(b'\n', bytes) {
        Some(i) => &bytes[..i],
        None => return out,
    };
    for (i, text) in complete.split(|b| *b == b'\n').enumerate() {
        let o = match canon::parse(text) {
            Ok(Value::Object(o)) => o,
            _ => canon::Object::new(),
        };
        out.push(Line {
            n: i as u64 + 1,
            kind: str_field(&o, "kind"),
            seat: str_field(&o, "seat"),
            run_id: str_field(&o, "run_id"),
            at: str_field(&o, "at"),
            seal: str_field(&o, "seal"),
            link: str_field(&o, "link"),
        });
    }
    out
}

/// What an anchor file beside a list is, by its name after the list's (`<list>.<rest>`).
fn anchor_kind(rest: &str) -> String {
    if rest == "ots" {
        "OpenTimestamps proof".into()
    } else if rest == "rekor.json" {
        "Sigstore Rekor entry".into()
    } else if rest == "anchors.json" {
        "anchor record".into()
    } else if let Some(tsa) = rest.strip_suffix(".tsr") {
        format!("RFC 3161 token ({tsa})")
    } else {
        "file".into()
    }
}

/// A day directory name: `YYYY-MM-DD`.
fn is_day(s: &str) -> bool {
    s.len() == 10
        && s.bytes().enumerate().all(|(i, b)| {
            if i == 4 || i == 7 {
                b == b'-'
            } else {
                b.is_ascii_digit()
            }
        })
}

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em;max-width:80em;color:#111}\
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:left;vertical-align:top}\
code,pre{font-family:ui-monospace,monospace;font-size:.9em}pre{background:#f4f4f4;padding:.5em;overflow-x:auto}\
.ok{color:#060}.bad{color:#a00;font-weight:bold}td.h{word-break:break-all}";

/// The proof pages of a league: one `proof/<day>/index.html` per day directory holding a
/// stamped list (`proof/<day>/<name>.txt`), from `files` (every published file under
/// `proof/`, path and bytes) and `ledgers` (the ledgers the lists name). `league` is the name
/// shown. Lists are taken in path order, which is time order (`<HHMMSS>Z.txt`).
pub fn proof_pages(
    league: &str,
    ledgers: &[Ledger<'_>],
    files: &[(&str, &[u8])],
) -> Vec<(String, Vec<u8>)> {
    let mut by_day: BTreeMap<&str, Vec<(&str, &[u8])>> = BTreeMap::new();
    for (path, bytes) in files {
        let mut parts = path.split('/');
        if let (Some("proof"), Some(day), Some(name), None) =
            (parts.next(), parts.next(), parts.next(), parts.next())
        {
            if is_day(day) && name != PAGE_NAME {
                by_day.entry(day).or_default().push((name, bytes));
            }
        }
    }
    let read: Vec<(&Ledger<'_>, Vec<Line>)> = ledgers.iter().map(|l| (l, lines(l.bytes))).collect();
    // Every line count any list names, per ledger, for one verification pass each.
    let mut wanted: BTreeMap<&str, Vec<u64>> = BTreeMap::new();
    let mut parsed: BTreeMap<(&str, &str), Result<stamp_list::StampedList, String>> =
        BTreeMap::new();
    for (day, names) in &by_day {
        for (name, bytes) in names {
            if !name.ends_with(".txt") {
                continue;
            }
            let list = stamp_list::parse(bytes).map_err(|e| e.to_string());
            if let Ok(l) = &list {
                for e in &l.entries {
                    if let Some(led) = ledgers.iter().find(|x| ledger_matches(&e.ledger, x.path)) {
                        wanted.entry(led.path).or_default().push(e.lines);
                    }
                }
            }
            parsed.insert((day, name), list);
        }
    }
    let reports: BTreeMap<&str, _> = ledgers
        .iter()
        .map(|l| {
            let mut at = wanted.remove(l.path).unwrap_or_default();
            at.sort_unstable();
            at.dedup();
            (
                l.path,
                verify(
                    l.bytes,
                    VerifyOptions {
                        prefix_at: at,
                        ..Default::default()
                    },
                ),
            )
        })
        .collect();
    // Lines covered by earlier lists, per ledger: (count, the list that covered them).
    let mut covered: BTreeMap<&str, (u64, (String, String))> = BTreeMap::new();
    let mut pages = Vec::new();
    for (day, names) in &by_day {
        let mut h = String::new();
        let title = format!("Proof page {day}: {league}");
        let _ = write!(
            h,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n",
            escape(&title),
            escape(&title)
        );
        h += "<p>Every stamped list taken on this day (UTC), the anchors published beside it, and every ledger line the list is the first to cover. \
A list's SHA-256 is what its OpenTimestamps proof, RFC 3161 tokens and Rekor entry attest; each entry names a ledger's first N lines by their SHA-256 and the link of line N (spec Appendix B, steps 2-4). \
The prefixes below were recomputed from the published ledgers when this page was written; check the anchors with the verifier page or <code>sealbook verify</code>.</p>\n";
        let lists: Vec<&(&str, &[u8])> =
            names.iter().filter(|(n, _)| n.ends_with(".txt")).collect();
        for (name, bytes) in lists {
            let sha = hex::encode(&Sha256::digest(bytes));
            let _ = write!(
                h,
                "<h2 id=\"{}\">Stamped list <a href=\"{}\">{}</a></h2>\n<p>{} bytes, SHA-256 <code>{sha}</code></p>\n<pre>{}</pre>\n",
                escape(name),
                href(name),
                escape(name),
                bytes.len(),
                escape(&String::from_utf8_lossy(bytes))
            );
            let mut anchors: Vec<(&str, &[u8])> = names
                .iter()
                .filter(|(n, _)| {
                    n.len() > name.len() + 1
                        && n.starts_with(name)
                        && n.as_bytes()[name.len()] == b'.'
                })
                .map(|(n, b)| (*n, *b))
                .collect();
            anchors.sort_by_key(|(n, _)| *n);
            if anchors.is_empty() {
                h += "<p class=\"bad\">No anchor file is published beside this list: it rests on the operator's word and the chain (Level 1).</p>\n";
            } else {
                h += "<table>\n<tr><th>anchor file</th><th>what it is</th><th>bytes</th><th>SHA-256</th></tr>\n";
                for (n, b) in anchors {
                    let _ = writeln!(
                        h,
                        "<tr><td><a href=\"{}\">{}</a></td><td>{}</td><td>{}</td><td class=\"h\"><code>{}</code></td></tr>",
                        href(n),
                        escape(n),
                        escape(&anchor_kind(&n[name.len() + 1..])),
                        b.len(),
                        hex::encode(&Sha256::digest(b))
                    );
                }
                h += "</table>\n";
            }
            let list = &parsed[&(*day, *name)];
            let list = match list {
                Err(e) => {
                    let _ = writeln!(h, "<p class=\"bad\">Not a stamped list: {}</p>", escape(e));
                    continue;
                }
                Ok(l) => l,
            };
            for e in &list.entries {
                let Some((led, led_lines)) =
                    read.iter().find(|(l, _)| ledger_matches(&e.ledger, l.path))
                else {
                    let _ = writeln!(
                        h,
                        "<h3>{}: {} lines</h3>\n<p>This ledger is not published in this league directory.</p>",
                        escape(&e.ledger),
                        e.lines
                    );
                    continue;
                };
                let check = stamp_list::check(name, e, &reports[led.path]);
                let _ = writeln!(
                    h,
                    "<h3>{} (<a href=\"{}\">{}</a>): {} lines</h3>",
                    escape(&e.ledger),
                    href(&format!("../../{}", led.path)),
                    escape(led.path),
                    e.lines
                );
                match &check.message {
                    None => {
                        let _ = writeln!(h, "<p class=\"ok\">The first {} lines of {} hash to the stamped SHA-256, and line {} carries the stamped last link.</p>", e.lines, escape(led.path), e.lines);
                    }
                    Some(m) => {
                        let _ = writeln!(
                            h,
                            "<p class=\"bad\">Does not match {}: {}</p>",
                            escape(led.path),
                            escape(&m.to_string())
                        );
                    }
                }
                let (before, by) = covered.get(led.path).cloned().unwrap_or_default();
                if before > 0 {
                    let (by_day, by_name) = &by;
                    let _ = writeln!(
                        h,
                        "<p>Lines 1-{} were first covered by an earlier list (<a href=\"{}\">{}</a>); the lines this list is the first to cover:</p>",
                        before.min(e.lines),
                        href(&format!("../{by_day}/{PAGE_NAME}")) + "#" + &href(by_name),
                        escape(&format!("proof/{by_day}/{by_name}"))
                    );
                }
                let new: Vec<&Line> = led_lines
                    .iter()
                    .filter(|l| l.n > before && l.n <= e.lines)
                    .collect();
                if new.is_empty() {
                    h += "<p>No line is newly covered by this list.</p>\n";
                } else {
                    h += "<table>\n<tr><th>line</th><th>kind</th><th>seat</th><th>run</th><th>at</th><th>seal</th><th>link</th></tr>\n";
                    for l in new {
                        let _ = writeln!(
                            h,
                            "<tr id=\"{}-{}\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"h\"><code>{}</code></td><td class=\"h\"><code>{}</code></td></tr>",
                            escape(led.path),
                            l.n,
                            l.n,
                            escape(&l.kind),
                            escape(&l.seat),
                            escape(&l.run_id),
                            escape(&l.at),
                            escape(&l.seal),
                            escape(&l.link)
                        );
                    }
                    h += "</table>\n";
                }
                if e.lines > before && check.message.is_none() {
                    covered.insert(led.path, (e.lines, (day.to_string(), name.to_string())));
                }
            }
        }
        h += "</body>\n</html>\n";
        pages.push((format!("proof/{day}/{PAGE_NAME}"), h.into_bytes()));
    }
    pages
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::canon::Object;
    use crate::book::writer::BookWriter;
    use crate::league::layout::{self, BOOK_FILE, BOOK_LEDGER};

    #[test]
    fn escapes_markup_and_quotes() {
        assert_eq!(
            escape("<script>alert('x')</script> & \"y\""),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;y&quot;"
        );
        assert_eq!(escape("plain é"), "plain é");
        assert_eq!(href("a b/\"c\".ots"), "a%20b/%22c%22.ots");
    }

    fn book(n: usize) -> Vec<u8> {
        let mut w = BookWriter::new();
        let mut out = Vec::new();
        for i in 0..n {
            let mut o: Object = layout::object([
                ("kind", layout::string("answer")),
                ("seat", layout::string("<b>evil</b>")),
                ("run_id", layout::string("2026-11-02-am")),
            ]);
            o.insert("i", layout::int(i as i64));
            out.extend_from_slice(&w.append(&o).unwrap().bytes);
        }
        out
    }

    fn list(book: &[u8], n: u64) -> Vec<u8> {
        let r = verify(
            book,
            VerifyOptions {
                prefix_at: vec![n],
                ..Default::default()
            },
        );
        let p = r.prefix(n).unwrap();
        stamp_list::render(&[(
            BOOK_LEDGER.into(),
            n,
            p.sha256.clone(),
            p.last_link.clone().unwrap(),
        )])
        .into_bytes()
    }

    #[test]
    fn lists_anchors_and_newly_covered_lines() {
        let b = book(3);
        let l1 = list(&b, 2);
        let l2 = list(&b, 3);
        let mut bad = l2.clone();
        // A digit of the stamped SHA-256 changed.
        let at = l2.windows(7).position(|w| w == b"sha256 ").unwrap() + 7;
        bad[at] = if bad[at] == b'0' { b'1' } else { b'0' };
        let files: Vec<(&str, &[u8])> = vec![
            ("proof/2026-11-02/130025Z.txt", &l1),
            ("proof/2026-11-02/130025Z.txt.ots", b"ots"),
            ("proof/2026-11-02/130025Z.txt.freetsa.tsr", b"tsr"),
            ("proof/2026-11-03/130025Z.txt", &l2),
            ("proof/2026-11-03/200530Z.txt", &bad),
            ("proof/tsa/root.pem", b"pem"),
        ];
        let pages = proof_pages(
            "a <league>",
            &[Ledger {
                path: BOOK_FILE,
                bytes: &b,
            }],
            &files,
        );
        assert_eq!(
            pages.iter().map(|p| p.0.as_str()).collect::<Vec<_>>(),
            ["proof/2026-11-02/index.html", "proof/2026-11-03/index.html"]
        );
        let first = String::from_utf8(pages[0].1.clone()).unwrap();
        assert!(first.contains("a &lt;league&gt;") && !first.contains("<league>"));
        assert!(first.contains("&lt;b&gt;evil&lt;/b&gt;") && !first.contains("<b>evil"));
        assert!(
            first.contains("RFC 3161 token (freetsa)") && first.contains("OpenTimestamps proof")
        );
        assert!(first.contains("href=\"130025Z.txt.ots\""));
        assert!(!first.contains("<script"));
        let lines = lines(&b);
        assert!(first.contains(&lines[0].seal) && first.contains(&lines[1].link));
        assert!(
            !first.contains(&lines[2].seal),
            "line 3 is not covered on the first day"
        );
        let second = String::from_utf8(pages[1].1.clone()).unwrap();
        assert!(second.contains(&lines[2].seal) && !second.contains(&lines[0].seal));
        assert!(
            second.contains("Lines 1-2 were first covered by an earlier list (<a href=\"../2026-11-02/index.html#130025Z.txt\">proof/2026-11-02/130025Z.txt</a>)"),
            "{second}"
        );
        assert!(second.contains("No anchor file is published beside this list"));
        assert!(
            second.contains("class=\"bad\">Does not match")
                || second.contains("Not a stamped list"),
            "{second}"
        );
        // Deterministic.
        assert_eq!(
            pages,
            proof_pages(
                "a <league>",
                &[Ledger {
                    path: BOOK_FILE,
                    bytes: &b
                }],
                &files
            )
        );
    }
}
