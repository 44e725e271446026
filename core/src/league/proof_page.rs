//! The per-day proof page, `proof/<day>/index.html` (spec §3.2, Appendix B steps 2-4 and
//! 6-10; Appendix C): every stamped list of the day, every anchor file published beside it
//! (`.ots`, `.<tsa>.tsr`, `.rekor.json`, `.anchors.json`), and every ledger line the list is
//! the first to cover, with its seal and link and the line's kind, seat and run.
//!
//! A pure renderer: the caller hands in the league's ledgers and its `proof/` files as bytes
//! and gets the pages back. The HTML is static and self-contained (inline style, no outside
//! resource; links are relative, so a copied folder works offline), and every text that comes
//! from a file goes through [`escape`].
//!
//! The page speaks the pages' three languages (English, Simplified Chinese, Arabic right to
//! left): every sentence of [`Text`] is written once per language, each in its own
//! `<span lang>`, and one inline script picks the language as the web pages do (`?lang=`,
//! else the remembered choice, else `navigator.languages`, else English) and sets
//! `<html lang dir>`; the stylesheet shows that language's spans only. Without the script the
//! page reads in English. File names, hashes and commands stay left to right (`<bdi dir="ltr">`,
//! `<code>`). `web/tests/web/i18n_vs_glossary.rs` holds these texts to the web catalog's glossary.
//!
//! The page is one of the site's: a skip link, the site's navigation (relative to the site's
//! root, `../../../`, where `sealbook serve` puts the pages beside `/data/`), a `<main>`
//! landmark, a link that opens the league in the verifier page (`?league=` its manifest), and
//! the day's 09:30 ET reference (spec §3.3) with each list's time in ET and the lines the lists
//! taken before the reference cover. It reads at a phone's width without scrolling sideways
//! and prints without its navigation.
//!
//! Each list's entries are checked against the published ledgers as Appendix B step 3 does
//! (the SHA-256 of the first N lines as stored, the link of line N); the page states the
//! result. The anchors themselves are listed with their size and SHA-256, not judged here:
//! the verifier page and `sealbook verify` check them.

use crate::book::canon::{self, Value};
use crate::book::chain::{verify, VerifyOptions};
use crate::book::stamp_list::{self, ledger_matches};
use crate::calendar::{self, Date, Instant};
use crate::hex;
use crate::league::manifest::MANIFEST_FILE;
use crate::text::{count, fill};
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
pub struct PublishedLedger<'a> {
    /// The ledger's path in the league directory (`council-book.jsonl`, `asks.jsonl`).
    pub path: &'a str,
    /// The ledger's bytes as published, one sealed line per LF.
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

/// What an anchor file beside a list is, by its name after the list's (`<list>.<rest>`), in
/// every language.
fn anchor_kind(rest: &str) -> String {
    if rest == "ots" {
        say(Text::KindOts, &[])
    } else if rest == "rekor.json" || rest == "sigstore.json" {
        say(Text::KindRekor, &[])
    } else if rest == "anchors.json" {
        say(Text::KindAnchors, &[])
    } else if let Some(tsa) = rest.strip_suffix(".tsr") {
        say(Text::KindTsr, &[("tsa", &ltr(&escape(tsa)))])
    } else {
        say(Text::KindFile, &[])
    }
}

/// The languages of [`Text::texts`], in order: the BCP 47 tags the web pages use.
pub const LANGS: [&str; 3] = ["en", "zh", "ar"];

macro_rules! texts {
    ($($id:ident { en: $en:literal, zh: $zh:literal, ar: $ar:literal, })*) => {
        /// A sentence or label of the proof page.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Text { $(#[doc = concat!("The text whose English is \"", $en, "\".")] $id),* }

        impl Text {
            /// Every text, in the table's order.
            pub const ALL: &'static [Text] = &[$(Text::$id),*];

            /// The text in each of [`LANGS`], `{name}` marking an argument.
            pub fn texts(self) -> [&'static str; 3] {
                match self { $(Text::$id => [$en, $zh, $ar]),* }
            }
        }
    };
}

texts! {
    Title { en: "Proof page {day}: {league}", zh: "证明页面 {day}：{league}", ar: "صفحة الإثبات {day}: {league}", }
    Intro { en: "Every stamped list taken on this day (UTC), the anchors published beside it, and every ledger line the list is the first to cover. A list's SHA-256 is what its OpenTimestamps proof, RFC 3161 tokens and Rekor entry attest; each entry names a ledger's first N lines by their SHA-256 and the link of line N (spec Appendix B, steps 2-4). The prefixes below were recomputed from the published ledgers when this page was written; check the anchors with the verifier page or {cmd}.", zh: "本日（UTC）制作的每一份盖章清单、与其一同发布的锚定文件，以及该清单首次覆盖的每一行账本记录。清单的 SHA-256 正是其 OpenTimestamps 证明、RFC 3161 令牌和 Rekor 条目所证明的内容；每个条目以前 N 行的 SHA-256 和第 N 行的链接指明一本账本的前 N 行（规范附录 B 第 2-4 步）。下面的前缀是在写出本页面时根据已发布的账本重新计算的；请用验证页面或 {cmd} 检查锚定文件。", ar: "كل قائمة مختومة زمنيًا أُعدّت في هذا اليوم (UTC)، والمراسي المنشورة بجانبها، وكل سطر من الدفتر تكون القائمة أول من يغطيه. بصمة SHA-256 للقائمة هي ما يشهد عليه إثبات OpenTimestamps ورموز RFC 3161 ومدخل Rekor؛ ويسمّي كل مدخل أول N سطرًا من دفتر ببصمة SHA-256 الخاصة بها ورابط السطر N (المواصفة، الملحق B، الخطوات 2-4). أُعيد حساب البادئات أدناه من الدفاتر المنشورة عند كتابة هذه الصفحة؛ افحص المراسي بصفحة التحقق أو بالأمر {cmd}.", }
    ListHeading { en: "Stamped list {name}", zh: "盖章清单 {name}", ar: "قائمة مختومة زمنيًا {name}", }
    ListSize { en: "{bytes} bytes, SHA-256 {sha}", zh: "{bytes} 字节，SHA-256 {sha}", ar: "عدد البايتات: {bytes}، SHA-256 {sha}", }
    NoAnchor { en: "No anchor file is published beside this list: it rests on the operator's word and the chain (Level 1).", zh: "这份清单旁没有发布任何锚定文件：它只依赖运营者的说法和链（第 1 级）。", ar: "لم يُنشر أي ملف مرساة بجانب هذه القائمة: فهي تعتمد على كلمة المشغّل والسلسلة (المستوى 1).", }
    HeadAnchorFile { en: "anchor file", zh: "锚定文件", ar: "ملف المرساة", }
    HeadWhat { en: "what it is", zh: "是什么", ar: "ما هو", }
    HeadBytes { en: "bytes", zh: "字节", ar: "البايتات", }
    KindOts { en: "OpenTimestamps proof", zh: "OpenTimestamps 证明", ar: "إثبات OpenTimestamps", }
    KindRekor { en: "Sigstore Rekor entry", zh: "Sigstore Rekor 条目", ar: "مدخل Sigstore Rekor", }
    KindAnchors { en: "anchor record", zh: "锚定记录", ar: "سجل المراسي", }
    KindTsr { en: "RFC 3161 token ({tsa})", zh: "RFC 3161 令牌（{tsa}）", ar: "رمز RFC 3161 ({tsa})", }
    KindFile { en: "file", zh: "文件", ar: "ملف", }
    NotAList { en: "Not a stamped list: {why}", zh: "不是盖章清单：{why}", ar: "ليست قائمة مختومة زمنيًا: {why}", }
    LedgerLines { en: "{ledger}: {lines} lines", zh: "{ledger}：{lines} 行", ar: "{ledger}: عدد الأسطر {lines}", }
    LedgerNotPublished { en: "This ledger is not published in this league directory.", zh: "这本账本没有发布在本联赛目录中。", ar: "هذا الدفتر غير منشور في مجلد هذا الدوري.", }
    LedgerFileLines { en: "{ledger} ({file}): {lines} lines", zh: "{ledger}（{file}）：{lines} 行", ar: "{ledger} ({file}): عدد الأسطر {lines}", }
    PrefixMatches { en: "The first {n} lines of {file} hash to the stamped SHA-256, and line {n} carries the stamped last link.", zh: "{file} 的前 {n} 行的哈希等于盖章的 SHA-256，且第 {n} 行带有盖章的最后链接。", ar: "تعطي أول {n} سطرًا من {file} بصمة SHA-256 المختومة زمنيًا، ويحمل السطر {n} آخر رابط مختوم زمنيًا.", }
    PrefixDiffers { en: "Does not match {file}: {why}", zh: "与 {file} 不符：{why}", ar: "لا يطابق {file}: {why}", }
    EarlierList { en: "Lines 1-{n} were first covered by an earlier list ({list}); the lines this list is the first to cover:", zh: "第 1-{n} 行最先由较早的清单（{list}）覆盖；本清单首次覆盖的行：", ar: "غطّت قائمة سابقة ({list}) الأسطر 1-{n} أولًا؛ والأسطر التي تكون هذه القائمة أول من يغطيها:", }
    NoNewLine { en: "No line is newly covered by this list.", zh: "本清单没有新覆盖任何一行。", ar: "لا تغطي هذه القائمة أي سطر جديد.", }
    HeadLine { en: "line", zh: "行", ar: "السطر", }
    HeadKind { en: "kind", zh: "类型", ar: "النوع", }
    HeadSeat { en: "seat", zh: "席位", ar: "المقعد", }
    HeadRun { en: "run", zh: "运行", ar: "التشغيل", }
    HeadAt { en: "at (UTC)", zh: "时间（UTC）", ar: "الوقت (UTC)", }
    HeadSeal { en: "seal", zh: "封印", ar: "الختم", }
    HeadLink { en: "link", zh: "链接", ar: "الرابط", }
    LangLabel { en: "Language", zh: "语言", ar: "اللغة", }
    SkipToContent { en: "Skip to the content", zh: "跳到正文", ar: "انتقل إلى المحتوى", }
    NavLabel { en: "Pages", zh: "页面", ar: "الصفحات", }
    NavVerify { en: "Verify", zh: "验证", ar: "التحقق", }
    NavScores { en: "Scores", zh: "评分", ar: "الدرجات", }
    NavAccounts { en: "Accounts", zh: "账户", ar: "الحسابات", }
    NavForecast { en: "Forecast", zh: "预测", ar: "توقع", }
    ReferenceHeading { en: "Before the 09:30 ET reference", zh: "美东时间 09:30 参考时刻之前", ar: "قبل مرجع 09:30 بتوقيت ET", }
    ReferenceIs { en: "The 09:30 ET reference of {day} is {utc} UTC. A forecast counts as sealed before it only when a stamped list taken before it covers the forecast's line and the list's anchors prove that the list existed before 09:30 ET; the verifier page checks the time each anchor proves.", zh: "{day} 的美东时间 09:30 参考时刻是 UTC {utc}。只有当一份在此之前制作的盖章清单覆盖了该预测所在的行，且该清单的锚定文件证明清单在美东时间 09:30 之前已存在时，这条预测才算在参考时刻之前封印；验证页面会检查每个锚定文件所证明的时间。", ar: "مرجع 09:30 بتوقيت ET في {day} هو {utc} بتوقيت UTC. لا يُعدّ التوقع مختومًا قبله إلا إذا غطّت سطره قائمة مختومة زمنيًا أُعدّت قبله، وأثبتت مراسي القائمة أنها كانت موجودة قبل 09:30 بتوقيت ET؛ وتفحص صفحة التحقق الوقت الذي تثبته كل مرساة.", }
    CoveredBefore { en: "Lists taken before the reference cover {ledger} lines 1-{n}; the last of them was taken at {et} ET.", zh: "参考时刻之前制作的清单覆盖 {ledger} 的第 1-{n} 行；其中最后一份制作于美东时间 {et}。", ar: "تغطي القوائم المُعدّة قبل المرجع الأسطر 1-{n} من {ledger}؛ وأُعدّت آخرها عند {et} بتوقيت ET.", }
    NoneBefore { en: "No stamped list of this day was taken before the reference.", zh: "本日没有在参考时刻之前制作的盖章清单。", ar: "لم تُعدّ في هذا اليوم أي قائمة مختومة زمنيًا قبل المرجع.", }
    NotSession { en: "{day} is not an NYSE trading session: no 09:30 ET reference falls on it.", zh: "{day} 不是纽约证券交易所的交易会话：这一天没有美东时间 09:30 的参考时刻。", ar: "ليس {day} جلسة تداول في بورصة نيويورك: لا يقع فيه مرجع 09:30 بتوقيت ET.", }
    TakenBefore { en: "Taken at {et} ET on {date} ({utc} UTC), before the 09:30 ET reference.", zh: "制作于美东时间 {date} {et}（UTC {utc}），早于美东时间 09:30 的参考时刻。", ar: "أُعدّت عند {et} بتوقيت ET في {date} ({utc} بتوقيت UTC)، قبل مرجع 09:30 بتوقيت ET.", }
    TakenAfter { en: "Taken at {et} ET on {date} ({utc} UTC), after the 09:30 ET reference.", zh: "制作于美东时间 {date} {et}（UTC {utc}），晚于美东时间 09:30 的参考时刻。", ar: "أُعدّت عند {et} بتوقيت ET في {date} ({utc} بتوقيت UTC)، بعد مرجع 09:30 بتوقيت ET.", }
    TakenAt { en: "Taken at {et} ET on {date} ({utc} UTC).", zh: "制作于美东时间 {date} {et}（UTC {utc}）。", ar: "أُعدّت عند {et} بتوقيت ET في {date} ({utc} بتوقيت UTC).", }
    VerifyDay { en: "Verify this day in your browser", zh: "在浏览器中验证这一天", ar: "تحقق من هذا اليوم في متصفحك", }
    VerifyDayNote { en: "The verifier page fetches every file listed in {manifest}, recomputes every check in your browser and says for each forecast whether it was sealed before 09:30 ET and who proves it.", zh: "验证页面会获取 {manifest} 所列的每个文件，在你的浏览器中重新计算每项检查，并对每条预测说明它是否在美东时间 09:30 之前封印、由谁证明。", ar: "تجلب صفحة التحقق كل ملف مدرج في {manifest}، وتعيد حساب كل فحص في متصفحك، وتقول لكل توقع هل هو مختوم قبل 09:30 بتوقيت ET ومن يثبت ذلك.", }
    HeadAtEt { en: "at (ET)", zh: "时间（美东时间）", ar: "الوقت (ET)", }
}

/// `t` in every language, each in its `<span lang>`, with each `{name}` replaced by its
/// argument (markup, escaped by the caller).
fn say(t: Text, args: &[(&str, &dyn std::fmt::Display)]) -> String {
    let mut out = String::new();
    for (lang, text) in LANGS.iter().zip(t.texts()) {
        let _ = write!(out, "<span lang=\"{lang}\">{}</span>", fill(text, args));
    }
    out
}

/// `text` (already escaped) as a left-to-right isolate: a file name or path inside a
/// sentence that may read right to left.
fn ltr(text: &str) -> String {
    format!("<bdi dir=\"ltr\">{text}</bdi>")
}

/// The language choice (spec'd with the web pages' `web/src/i18n`): `?lang=`, else the
/// remembered `sealbook.lang`, else the browser's languages, else English; a `?lang=` the page
/// speaks is remembered. The title follows from `data-title-<lang>`.
const SCRIPT: &str = "(function(){var d=document.documentElement,k='sealbook.lang',q=null,s=null;\
try{q=new URLSearchParams(location.search).get('lang')}catch(e){}try{s=localStorage.getItem(k)}catch(e){}\
var c=[q,s].concat(navigator.languages||[]);for(var i=0;i<c.length;i++){var l=String(c[i]||'').toLowerCase().split(/[-_]/)[0];\
if(l==='en'||l==='zh'||l==='ar'){d.lang=l;d.dir=l==='ar'?'rtl':'ltr';var t=d.getAttribute('data-title-'+l);if(t)document.title=t;\
if(i===0){try{localStorage.setItem(k,l)}catch(e){}}break}}})();";

/// The Content-Security-Policy source that allows the proof page's one inline script and no
/// other: `'sha256-<base64 of its SHA-256>'` (CSP Level 2 hash source). A server that serves
/// published files as sandboxed data (no script of the origin) names it so that the page can
/// still follow `?lang=` and the reader's languages.
pub fn script_csp_source() -> String {
    use base64::Engine;
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(SCRIPT.as_bytes());
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(digest)
    )
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

/// The page's stylesheet: readable at a phone's 390 px without sideways scrolling (wide
/// tables scroll inside their own box, hashes break anywhere), and a print stylesheet that
/// drops the navigation and prints every table whole.
const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em auto;padding:0 1em;max-width:80em;color:#111}\
h1,h2,h3,p,li{overflow-wrap:anywhere}\
table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:left;vertical-align:top}\
.scroll{max-width:100%;overflow-x:auto}\
code,pre{font-family:ui-monospace,monospace;font-size:.9em}pre{background:#f4f4f4;padding:.5em;overflow-x:auto;max-width:100%}\
.ok{color:#060}.bad{color:#a00;font-weight:bold}td.h{word-break:break-all}\
code,pre{direction:ltr;unicode-bidi:isolate}pre{text-align:left}html[dir=rtl] td,html[dir=rtl] th{text-align:right}\
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5em 1em;margin-bottom:1em}\
nav a{display:inline-block;margin:0 .3em;padding:.5em .2em}\
.skip{position:absolute;top:.5em;inset-inline-start:.5em;padding:.5em 1em;background:#fff;border:2px solid #1b56c9;transform:translateY(-300%)}.skip:focus{transform:none}\
main:focus{outline:none}\
.reference{border:1px solid #bbb;border-radius:8px;padding:.2em 1em;margin:1em 0}\
a.verify{display:inline-block;padding:.6em 1em;border-radius:8px;background:#1b56c9;color:#fff;font-weight:bold;text-decoration:none}\
span[lang=zh],span[lang=ar]{display:none}html[lang=zh] span[lang=en],html[lang=ar] span[lang=en]{display:none}\
html[lang=zh] span[lang=zh],html[lang=ar] span[lang=ar]{display:inline}\
@media (max-width:40em){body{margin:1em auto;padding:0 .75em}}\
@media print{header,.skip,.verify-day{display:none}body{margin:0;padding:0;max-width:none;font-size:10pt}\
a{color:inherit;text-decoration:none}.scroll{overflow:visible}pre{white-space:pre-wrap;word-break:break-all;overflow:visible}\
h2,h3{break-after:avoid}tr,pre{break-inside:avoid}.reference{border-color:#000}}";

/// `HH:MM:SS` of `secs` seconds after midnight.
fn clock(secs: u32) -> String {
    format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

/// The UTC time of day of `t`, `HH:MM:SS`.
fn utc_clock(t: Instant) -> String {
    clock(t.0.div_euclid(1_000_000).rem_euclid(86400) as u32)
}

/// When a stamped list named `<HHMMSS>Z.txt` in the day directory `day` was taken, by its name
/// (UTC; the operator's clock, which only the list's anchors can bound).
fn list_taken(day: Date, name: &str) -> Option<Instant> {
    let stem = name.strip_suffix("Z.txt")?;
    if stem.len() != 6 || !stem.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let part = |i: usize| stem[i..i + 2].parse::<u32>().ok();
    let (h, m, s) = (part(0)?, part(2)?, part(4)?);
    (h < 24 && m < 60 && s < 60).then(|| Instant::from_utc(day, h, m, s))
}

/// A line's `at` as New York wall-clock time, `2026-11-02 08:00:25`, or nothing when it is not
/// an RFC 3339 time.
fn et_of(at: &str) -> String {
    Instant::parse_rfc3339(at).map_or_else(String::new, |t| {
        let (date, secs) = t.new_york();
        format!("{date} {}", clock(secs))
    })
}

/// The path from a proof page (`proof/<day>/index.html`) to the site's root, where the pages
/// are served beside the data directory (`/` and `/data/`, the HTTP layout of `sealbook
/// serve`).
const SITE_ROOT: &str = "../../../";

/// The site's pages, as the web pages' navigation names them, relative to [`SITE_ROOT`].
const SITE_PAGES: [(Text, &str); 4] = [
    (Text::NavVerify, ""),
    (Text::NavScores, "scores.html"),
    (Text::NavAccounts, "accounts.html"),
    (Text::NavForecast, "experiment.html"),
];

/// The statement about the day's 09:30 ET reference (spec §3.3): when it is, which lines the
/// lists taken before it cover, and the way to check their anchors' times in the browser (the
/// verifier page opening the league's manifest, `?league=`).
fn reference_section(
    day: &str,
    reference: Option<Instant>,
    before: &BTreeMap<&str, (u64, Instant)>,
) -> String {
    let mut h = format!(
        "<section class=\"reference\" aria-labelledby=\"reference\">\n<h2 id=\"reference\">{}</h2>\n",
        say(Text::ReferenceHeading, &[])
    );
    match reference {
        None => {
            let _ = writeln!(h, "<p>{}</p>", say(Text::NotSession, &[("day", &ltr(day))]));
        }
        Some(r) => {
            let _ = writeln!(
                h,
                "<p>{}</p>",
                say(
                    Text::ReferenceIs,
                    &[("day", &ltr(day)), ("utc", &utc_clock(r))]
                )
            );
            if before.is_empty() {
                let _ = writeln!(h, "<p class=\"bad\">{}</p>", say(Text::NoneBefore, &[]));
            } else {
                h += "<ul>\n";
                for (ledger, (n, at)) in before {
                    let _ = writeln!(
                        h,
                        "<li>{}</li>",
                        say(
                            Text::CoveredBefore,
                            &[
                                ("ledger", &ltr(&escape(ledger))),
                                ("n", &count(*n)),
                                ("et", &clock(at.new_york().1))
                            ]
                        )
                    );
                }
                h += "</ul>\n";
            }
        }
    }
    let _ = writeln!(
        h,
        "<p class=\"verify-day\"><a class=\"verify\" id=\"verify-day\" href=\"{SITE_ROOT}?league=data/{MANIFEST_FILE}\">{}</a></p>\n<p class=\"verify-day\">{}</p>\n</section>",
        say(Text::VerifyDay, &[]),
        say(
            Text::VerifyDayNote,
            &[("manifest", &format!("<code>{MANIFEST_FILE}</code>"))]
        )
    );
    h
}

/// The proof pages of a league: one `proof/<day>/index.html` per day directory holding a
/// stamped list (`proof/<day>/<name>.txt`), from `files` (every published file under
/// `proof/`, path and bytes) and `ledgers` (the ledgers the lists name). `league` is the name
/// shown. Lists are taken in path order, which is time order (`<HHMMSS>Z.txt`).
pub fn proof_pages(
    league: &str,
    ledgers: &[PublishedLedger<'_>],
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
    let read: Vec<(&PublishedLedger<'_>, Vec<Line>)> =
        ledgers.iter().map(|l| (l, lines(l.bytes))).collect();
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
        let titles = Text::Title
            .texts()
            .map(|t| escape(&fill(t, &[("day", day), ("league", &league)])));
        let _ = write!(
            h,
            "<!DOCTYPE html>\n<html lang=\"en\" dir=\"ltr\" data-title-en=\"{}\" data-title-zh=\"{}\" data-title-ar=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<script>{SCRIPT}</script>\n<style>{STYLE}</style>\n</head>\n<body>\n",
            titles[0], titles[1], titles[2], titles[0]
        );
        let _ = write!(
            h,
            "<a class=\"skip\" href=\"#main\">{}</a>\n<header>\n<nav class=\"site\" aria-label=\"{}\">",
            say(Text::SkipToContent, &[]),
            Text::NavLabel.texts().join(" / ")
        );
        for (text, page) in SITE_PAGES {
            let _ = write!(h, "<a href=\"{SITE_ROOT}{page}\">{}</a>", say(text, &[]));
        }
        h += "</nav>\n";
        let _ = write!(
            h,
            "<nav class=\"lang\" aria-label=\"{}\">",
            Text::LangLabel.texts().join(" / ")
        );
        for (lang, name) in LANGS.iter().zip(["English", "中文", "العربية"]) {
            let _ = write!(
                h,
                "<a href=\"?lang={lang}\" lang=\"{lang}\" hreflang=\"{lang}\">{name}</a>"
            );
        }
        h += "</nav>\n</header>\n<main id=\"main\" tabindex=\"-1\">\n";
        let _ = writeln!(
            h,
            "<h1>{}</h1>",
            say(
                Text::Title,
                &[("day", &ltr(day)), ("league", &ltr(&escape(league)))]
            )
        );
        let _ = writeln!(
            h,
            "<p>{}</p>",
            say(Text::Intro, &[("cmd", &"<code>sealbook verify</code>")])
        );
        // The statement about the reference goes here, once every list is read.
        let summary_at = h.len();
        let day_date = Date::parse(day);
        let reference = day_date
            .filter(|d| calendar::is_session(*d) == Some(true))
            .map(calendar::reference_cut);
        // Per ledger: the lines that lists taken before the reference cover, and when the
        // last of those lists was taken.
        let mut before_reference: BTreeMap<&str, (u64, Instant)> = BTreeMap::new();
        let lists: Vec<&(&str, &[u8])> =
            names.iter().filter(|(n, _)| n.ends_with(".txt")).collect();
        for (name, bytes) in lists {
            let sha = hex::sha256_hex(bytes);
            let _ = write!(
                h,
                "<h2 id=\"{}\">{}</h2>\n<p>{}</p>\n<pre>{}</pre>\n",
                escape(name),
                say(
                    Text::ListHeading,
                    &[(
                        "name",
                        &ltr(&format!("<a href=\"{}\">{}</a>", href(name), escape(name)))
                    )]
                ),
                say(
                    Text::ListSize,
                    &[
                        ("bytes", &count(bytes.len() as u64)),
                        ("sha", &format!("<code>{sha}</code>"))
                    ]
                ),
                escape(&String::from_utf8_lossy(bytes))
            );
            let taken = day_date.and_then(|d| list_taken(d, name));
            if let Some(t) = taken {
                let (date, secs) = t.new_york();
                let which = match reference {
                    Some(r) if t < r => Text::TakenBefore,
                    Some(_) => Text::TakenAfter,
                    None => Text::TakenAt,
                };
                let _ = writeln!(
                    h,
                    "<p class=\"taken\">{}</p>",
                    say(
                        which,
                        &[
                            ("et", &clock(secs)),
                            ("date", &ltr(&date.to_string())),
                            ("utc", &utc_clock(t))
                        ]
                    )
                );
            }
            let taken_before = matches!((taken, reference), (Some(t), Some(r)) if t < r);
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
                let _ = writeln!(h, "<p class=\"bad\">{}</p>", say(Text::NoAnchor, &[]));
            } else {
                let _ = writeln!(
                    h,
                    "<div class=\"scroll\"><table>\n<tr><th>{}</th><th>{}</th><th>{}</th><th>SHA-256</th></tr>",
                    say(Text::HeadAnchorFile, &[]),
                    say(Text::HeadWhat, &[]),
                    say(Text::HeadBytes, &[])
                );
                for (n, b) in anchors {
                    let _ = writeln!(
                        h,
                        "<tr><td>{}</td><td>{}</td><td>{}</td><td class=\"h\"><code>{}</code></td></tr>",
                        ltr(&format!("<a href=\"{}\">{}</a>", href(n), escape(n))),
                        anchor_kind(&n[name.len() + 1..]),
                        count(b.len() as u64),
                        hex::sha256_hex(b)
                    );
                }
                h += "</table></div>\n";
            }
            let list = &parsed[&(*day, *name)];
            let list = match list {
                Err(e) => {
                    let _ = writeln!(
                        h,
                        "<p class=\"bad\">{}</p>",
                        say(Text::NotAList, &[("why", &ltr(&escape(e)))])
                    );
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
                        "<h3>{}</h3>\n<p>{}</p>",
                        say(
                            Text::LedgerLines,
                            &[
                                ("ledger", &ltr(&escape(&e.ledger))),
                                ("lines", &count(e.lines))
                            ]
                        ),
                        say(Text::LedgerNotPublished, &[])
                    );
                    continue;
                };
                let check = stamp_list::check(name, e, &reports[led.path]);
                let file = ltr(&escape(led.path));
                let _ = writeln!(
                    h,
                    "<h3>{}</h3>",
                    say(
                        Text::LedgerFileLines,
                        &[
                            ("ledger", &ltr(&escape(&e.ledger))),
                            (
                                "file",
                                &ltr(&format!(
                                    "<a href=\"{}\">{}</a>",
                                    href(&format!("../../{}", led.path)),
                                    escape(led.path)
                                ))
                            ),
                            ("lines", &count(e.lines))
                        ]
                    )
                );
                if let (Some(at), None) = (taken.filter(|_| taken_before), &check.message) {
                    let entry = before_reference.entry(led.path).or_insert((e.lines, at));
                    *entry = (entry.0.max(e.lines), entry.1.max(at));
                }
                match &check.message {
                    None => {
                        let _ = writeln!(
                            h,
                            "<p class=\"ok\">{}</p>",
                            say(
                                Text::PrefixMatches,
                                &[("n", &count(e.lines)), ("file", &file)]
                            )
                        );
                    }
                    Some(m) => {
                        let _ = writeln!(
                            h,
                            "<p class=\"bad\">{}</p>",
                            say(
                                Text::PrefixDiffers,
                                &[("file", &file), ("why", &ltr(&escape(&m.to_string())))]
                            )
                        );
                    }
                }
                let (before, by) = covered.get(led.path).cloned().unwrap_or_default();
                if before > 0 {
                    let (by_day, by_name) = &by;
                    let earlier = format!(
                        "<a href=\"{}#{}\">{}</a>",
                        href(&format!("../{by_day}/{PAGE_NAME}")),
                        href(by_name),
                        escape(&format!("proof/{by_day}/{by_name}"))
                    );
                    let _ = writeln!(
                        h,
                        "<p>{}</p>",
                        say(
                            Text::EarlierList,
                            &[("n", &count(before.min(e.lines))), ("list", &ltr(&earlier))]
                        )
                    );
                }
                let new: Vec<&Line> = led_lines
                    .iter()
                    .filter(|l| l.n > before && l.n <= e.lines)
                    .collect();
                if new.is_empty() {
                    let _ = writeln!(h, "<p>{}</p>", say(Text::NoNewLine, &[]));
                } else {
                    h += "<div class=\"scroll\"><table>\n<tr>";
                    for head in [
                        Text::HeadLine,
                        Text::HeadKind,
                        Text::HeadSeat,
                        Text::HeadRun,
                        Text::HeadAt,
                        Text::HeadAtEt,
                        Text::HeadSeal,
                        Text::HeadLink,
                    ] {
                        let _ = write!(h, "<th>{}</th>", say(head, &[]));
                    }
                    h += "</tr>\n";
                    for l in new {
                        let _ = writeln!(
                            h,
                            "<tr id=\"{}-{}\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"h\"><code>{}</code></td><td class=\"h\"><code>{}</code></td></tr>",
                            escape(led.path),
                            l.n,
                            count(l.n),
                            ltr(&escape(&l.kind)),
                            ltr(&escape(&l.seat)),
                            ltr(&escape(&l.run_id)),
                            ltr(&escape(&l.at)),
                            ltr(&escape(&et_of(&l.at))),
                            escape(&l.seal),
                            escape(&l.link)
                        );
                    }
                    h += "</table></div>\n";
                }
                if e.lines > before && check.message.is_none() {
                    covered.insert(led.path, (e.lines, (day.to_string(), name.to_string())));
                }
            }
        }
        h.insert_str(
            summary_at,
            &reference_section(day, reference, &before_reference),
        );
        h += "</main>\n</body>\n</html>\n";
        pages.push((format!("proof/{day}/{PAGE_NAME}"), h.into_bytes()));
    }
    pages
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::book::canon::Object;
    use crate::book::writer::BookWriter;
    use crate::records::names::{self, BOOK_FILE, BOOK_LEDGER};

    #[test]
    fn escapes_markup_and_quotes() {
        assert_eq!(
            escape("<script>alert('x')</script> & \"y\""),
            "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;y&quot;"
        );
        assert_eq!(escape("plain é"), "plain é");
        assert_eq!(href("a b/\"c\".ots"), "a%20b/%22c%22.ots");
    }

    /// Every `<span lang>` of `page` comes as en, zh, ar in that order, each text argument-free
    /// of `{`, and the three together are one [`Text`]: its English, Chinese and Arabic.
    fn every_sentence_in_three_languages(page: &str) {
        let mut rest = page;
        let mut seen = 0;
        while let Some(at) = rest.find("<span lang=\"en\">") {
            rest = &rest[at..];
            let mut texts = Vec::new();
            for lang in LANGS {
                let open = format!("<span lang=\"{lang}\">");
                assert!(
                    rest.starts_with(&open),
                    "no {lang} text where expected: {}",
                    &rest[..200.min(rest.len())]
                );
                let body = &rest[open.len()..];
                // A text holds no span of its own, so the first close is its own.
                let close = body.find("</span>").expect("a closed span");
                texts.push(&body[..close]);
                rest = &body[close + "</span>".len()..];
            }
            assert!(
                texts.iter().all(|t| !t.contains('{')),
                "an unfilled argument: {texts:?}"
            );
            assert!(
                Text::ALL.iter().any(|t| {
                    let want = t.texts();
                    (0..3).all(|i| template_matches(want[i], texts[i]))
                }),
                "not a text of the table in its three languages: {texts:?}"
            );
            seen += 1;
        }
        assert!(seen >= 10, "too few sentences ({seen})");
        assert_eq!(page.matches("<span lang=\"zh\">").count(), seen);
        assert_eq!(page.matches("<span lang=\"ar\">").count(), seen);
    }

    /// Whether `text` is `template` with each `{name}` filled by something.
    fn template_matches(template: &str, text: &str) -> bool {
        let mut pieces = Vec::new();
        let mut rest = template;
        while let Some(open) = rest.find('{') {
            pieces.push(&rest[..open]);
            rest = &rest[open + rest[open..].find('}').unwrap() + 1..];
        }
        pieces.push(rest);
        let mut at = 0;
        for (i, piece) in pieces.iter().enumerate() {
            let found = if i == 0 {
                text.starts_with(piece).then_some(0)
            } else if i == pieces.len() - 1 {
                (text.len() >= at + piece.len() && text.ends_with(piece))
                    .then(|| text.len() - piece.len())
            } else {
                text[at..].find(piece).map(|p| at + p)
            };
            match found {
                Some(p) if p >= at => at = p + piece.len(),
                _ => return false,
            }
        }
        true
    }

    #[test]
    fn every_text_has_three_languages_with_the_same_arguments() {
        for t in Text::ALL {
            let [en, zh, ar] = t.texts();
            let mut want = crate::text::arguments(en);
            want.sort_unstable();
            for other in [zh, ar] {
                let mut got = crate::text::arguments(other);
                got.sort_unstable();
                assert_eq!(got, want, "{t:?}: {other}");
                assert!(
                    other != en || en.split(' ').count() < 2,
                    "{t:?} is not translated"
                );
            }
        }
    }

    fn book(n: usize) -> Vec<u8> {
        let mut w = BookWriter::new();
        let mut out = Vec::new();
        for i in 0..n {
            let mut o: Object = names::object([
                ("kind", names::string("answer")),
                ("seat", names::string("<b>evil</b>")),
                ("run_id", names::string("2026-11-02-am")),
            ]);
            o.insert("i", names::int(i as i64));
            o.insert("at", names::string(&format!("2026-11-02T13:00:0{i}Z")));
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
            &[PublishedLedger {
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
            first.contains("RFC 3161 token (<bdi dir=\"ltr\">freetsa</bdi>)")
                && first.contains("OpenTimestamps proof")
        );
        assert!(first
            .contains("<bdi dir=\"ltr\"><a href=\"130025Z.txt.ots\">130025Z.txt.ots</a></bdi>"));
        assert_eq!(
            first.matches("<script").count(),
            1,
            "the language choice only"
        );
        // The page carries the script byte for byte as [`script_csp_source`] hashes it (the
        // browser hashes the element's text; Chromium enforces it in the e2e proof page test).
        let inline = first
            .split_once("<script>")
            .and_then(|(_, rest)| rest.split_once("</script>"))
            .map(|(script, _)| script);
        assert_eq!(inline, Some(SCRIPT));
        let lines = lines(&b);
        assert!(first.contains(&lines[0].seal) && first.contains(&lines[1].link));
        assert!(
            !first.contains(&lines[2].seal),
            "line 3 is not covered on the first day"
        );
        let second = String::from_utf8(pages[1].1.clone()).unwrap();
        assert!(second.contains(&lines[2].seal) && !second.contains(&lines[0].seal));
        assert!(
            second.contains("Lines 1-2 were first covered by an earlier list (<bdi dir=\"ltr\"><a href=\"../2026-11-02/index.html#130025Z.txt\">proof/2026-11-02/130025Z.txt</a></bdi>)"),
            "{second}"
        );
        assert!(second.contains("No anchor file is published beside this list"));
        assert!(
            second.contains("class=\"bad\"><span lang=\"en\">Does not match")
                || second.contains("<span lang=\"en\">Not a stamped list"),
            "{second}"
        );
        // The day's reference and each list's time in ET (2026-11-02 is in standard time: 09:30
        // ET is 14:30 UTC), and what the lists taken before it cover.
        assert!(
            first.contains(
                "The 09:30 ET reference of <bdi dir=\"ltr\">2026-11-02</bdi> is 14:30:00 UTC."
            ),
            "{first}"
        );
        assert!(first.contains(
            "Taken at 08:00:25 ET on <bdi dir=\"ltr\">2026-11-02</bdi> (13:00:25 UTC), before the 09:30 ET reference."
        ));
        assert!(first.contains(
            "Lists taken before the reference cover <bdi dir=\"ltr\">council-book.jsonl</bdi> lines 1-2; the last of them was taken at 08:00:25 ET."
        ));
        assert!(
            first.contains("<td><bdi dir=\"ltr\">2026-11-02 08:00:01</bdi></td>"),
            "a line's seal time in ET"
        );
        assert!(second.contains(
            "Taken at 15:05:30 ET on <bdi dir=\"ltr\">2026-11-03</bdi> (20:05:30 UTC), after the 09:30 ET reference."
        ));
        // The list taken after the reference does not match: the coverage is the earlier one's.
        assert!(second.contains("cover <bdi dir=\"ltr\">council-book.jsonl</bdi> lines 1-3;"));
        for page in [&first, &second] {
            every_sentence_in_three_languages(page);
            // One of the site's pages: a skip link to its main landmark, the navigation back to
            // the verifier, the league opened in the verifier, and a print stylesheet.
            assert!(page.contains("<a class=\"skip\" href=\"#main\">"));
            assert_eq!(page.matches("<main id=\"main\"").count(), 1);
            assert!(page.contains("</main>\n</body>"));
            assert!(page.contains("<a href=\"../../../\"><span lang=\"en\">Verify</span>"));
            assert!(page.contains(
                "<a class=\"verify\" id=\"verify-day\" href=\"../../../?league=data/manifest.json\"><span lang=\"en\">Verify this day in your browser</span>"
            ));
            assert!(page.contains("@media print{header,.skip,.verify-day{display:none}"));
        }
        // A day that is not a trading session has no reference.
        let weekend = proof_pages(
            "l",
            &[PublishedLedger {
                path: BOOK_FILE,
                bytes: &b,
            }],
            &[("proof/2026-11-07/130025Z.txt", &l1[..])],
        );
        let weekend = String::from_utf8(weekend[0].1.clone()).unwrap();
        assert!(weekend.contains(
            "<bdi dir=\"ltr\">2026-11-07</bdi> is not an NYSE trading session: no 09:30 ET reference falls on it."
        ));
        assert!(weekend
            .contains("Taken at 08:00:25 ET on <bdi dir=\"ltr\">2026-11-07</bdi> (13:00:25 UTC)."));
        // Deterministic.
        assert_eq!(
            pages,
            proof_pages(
                "a <league>",
                &[PublishedLedger {
                    path: BOOK_FILE,
                    bytes: &b
                }],
                &files
            )
        );
    }
}
