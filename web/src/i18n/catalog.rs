//! The message catalog: every sentence the pages show, in English, Simplified Chinese and
//! Arabic, as one static table compiled into the page (no run-time loading, no dependency).
//! `{name}` marks a named argument ([`super::tr`]); the spec's terms are those of
//! `web/i18n/glossary.json` (seed 000 §1-§8 for Chinese, seed 003 for Arabic), which
//! `web/tests/web/i18n_vs_glossary.rs` holds every entry to.
//!
//! The table is in blocks, each under the `cfg` of the pages that show it (web/Cargo.toml's
//! features, one wasm per page): a block's messages exist only in the pages it names, so the
//! verifier page, whose first load has a budget, carries none of the Scores, Accounts and
//! experiment pages' sentences, and a page that names a message of another page's block does
//! not compile. The native build and the tests have every feature, so every message.

use super::Lang;

macro_rules! catalog {
    ($(#[cfg($pages:meta)] { $($id:ident { en: $en:literal, zh: $zh:literal, ar: $ar:literal, })* })*) => {
        /// A message of the catalog.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum M { $($(#[cfg($pages)] $id),*),* }

        impl M {
            /// Every message, in the catalog's order.
            pub const ALL: &'static [M] = &[$($(#[cfg($pages)] M::$id),*),*];

            /// The message's text in `lang`.
            pub fn text(self, lang: Lang) -> &'static str {
                match self {
                    $($(#[cfg($pages)] M::$id => match lang { Lang::En => $en, Lang::Zh => $zh, Lang::Ar => $ar }),*),*
                }
            }
        }
    };
}

catalog! {
    // Every page.
    #[cfg(all())] {
    // The page shell (web/src/shell.rs).
    NavVerify { en: "Verify", zh: "验证", ar: "التحقق", }
    NavScores { en: "Scores", zh: "评分", ar: "الدرجات", }
    NavAccounts { en: "Accounts", zh: "账户", ar: "الحسابات", }
    NavForecast { en: "Forecast", zh: "预测", ar: "توقع", }
    NavLabel { en: "Pages", zh: "页面", ar: "الصفحات", }
    LangLabel { en: "Language", zh: "语言", ar: "اللغة", }
    SkipToContent { en: "Skip to the content", zh: "跳到正文", ar: "انتقل إلى المحتوى", }
    NoteLocal { en: "Runs in your browser · nothing is uploaded", zh: "在你的浏览器中运行 · 不上传任何内容", ar: "يعمل في متصفحك · لا يُرفع أي شيء", }
    NoteExperiment { en: "Your forecasts go to this site only · no name, no account", zh: "你的预测只发送到本网站 · 无需姓名，无需账户", ar: "توقعاتك تذهب إلى هذا الموقع فقط · بلا اسم ولا حساب", }
    ChooseFiles { en: "Choose files…", zh: "选择文件…", ar: "اختر ملفات…", }
    ChooseFolder { en: "Choose a folder…", zh: "选择文件夹…", ar: "اختر مجلدًا…", }
    PickFilesSr { en: "Opens a file picker; choose one or more of the published files.", zh: "打开文件选择器；选择一个或多个已发布的文件。", ar: "يفتح منتقي الملفات؛ اختر ملفًا منشورًا أو أكثر.", }
    PickFolderSr { en: "Opens a folder picker; every file inside the folder is read and the ones this page uses are taken.", zh: "打开文件夹选择器；读取文件夹中的每个文件，并取用本页面使用的文件。", ar: "يفتح منتقي المجلدات؛ تُقرأ كل ملفات المجلد ويؤخذ منها ما تستخدمه هذه الصفحة.", }
    ProgressLabel { en: "Progress", zh: "进度", ar: "التقدم", }
    Clear { en: "Clear", zh: "清除", ar: "مسح", }
    DropTooMany { en: "the drop holds more than {max} files; drop the book and its lists instead", zh: "拖入的文件超过 {max} 个；请改为只拖入账本及其清单", ar: "يحوي الإفلات أكثر من {max} ملف؛ أفلت الدفتر وقوائمه بدلًا من ذلك", }
    DropUnreadable { en: "{path}: the browser could not read it ({detail})", zh: "{path}：浏览器无法读取它（{detail}）", ar: "{path}: تعذّر على المتصفح قراءته ({detail})", }
    DropDirTooMany { en: "{path} holds more than {max} entries; drop the book and its lists instead", zh: "{path} 包含的条目超过 {max} 个；请改为只拖入账本及其清单", ar: "يحوي {path} أكثر من {max} عنصر؛ أفلت الدفتر وقوائمه بدلًا من ذلك", }

    // Counts.
    LinesOne { en: "{n} line", zh: "{n} 行", ar: "سطر واحد ({n})", }
    LinesMany { en: "{n} lines", zh: "{n} 行", ar: "عدد الأسطر: {n}", }

    // The verifier page (web/src/verifier/app.rs).
    VerifyTitle { en: "Check a sealed book yourself", zh: "亲自检查一本封印的账本", ar: "تحقق بنفسك من دفتر مختوم", }
    VerifyLede { en: "Drop the published book, its stamped lists and their .ots proofs, .tsr tokens and Rekor entries. This page recomputes every line's seal and link, every stamped prefix, every OpenTimestamps proof and every timestamp signature with its own copy of the verifier, compiled to WebAssembly. Your files never leave this device, and no server is asked for an answer.", zh: "拖入已发布的账本、它的盖章清单以及对应的 .ots 证明、.tsr 令牌和 Rekor 条目。本页面用编译为 WebAssembly 的验证器副本，重新计算每一行的封印和链接、每个盖章前缀、每个 OpenTimestamps 证明和每个时间戳签名。你的文件不会离开本设备，也不会向任何服务器询问答案。", ar: "أفلت الدفتر المنشور وقوائمه المختومة زمنيًا مع إثباتات \u{2066}.ots\u{2069} ورموز \u{2066}.tsr\u{2069} ومدخلات Rekor. تعيد هذه الصفحة حساب ختم كل سطر ورابطه، وكل بادئة مختومة، وكل إثبات OpenTimestamps، وكل توقيع طابع زمني، بنسختها الخاصة من أداة التحقق المترجمة إلى WebAssembly. لا تغادر ملفاتك هذا الجهاز، ولا يُسأل أي خادم عن الجواب.", }
    VerifyFooter { en: "The checks follow {spec}, §3.2, §3.11 and Appendix B steps 3–4, 6, 9 and 10: seal = SHA-256 of the line's content, link = SHA-256 of the line without its link, each line's prev = the previous link, a stamp's sha256 = the first N lines as stored, an OpenTimestamps proof's operations lead from the list's digest to the merkle root of a Bitcoin block header whose proof of work is recomputed here, an RFC 3161 token's imprint, signature and certificate chain (valid at genTime) are checked against roots you choose, and a Rekor entry's body, inclusion proof, checkpoint and signed entry timestamp against the log key you choose.", zh: "这些检查遵循 {spec} 第 3.2 节、第 3.11 节及附录 B 第 3–4、6、9、10 步：封印 = 该行内容的 SHA-256，链接 = 去掉链接字段后该行的 SHA-256，每行的 prev = 上一行的链接，盖章的 sha256 = 按存储方式的前 N 行；OpenTimestamps 证明的操作从清单摘要通向一个比特币区块头的默克尔根，其工作量证明在此重新计算；RFC 3161 令牌的印记、签名和证书链（在 genTime 时有效）按你选择的根证书检查；Rekor 条目的正文、包含证明、检查点和签名条目时间戳按你选择的日志密钥检查。", ar: "تتبع الفحوص {spec}، القسمين 3.2 و3.11 والملحق B الخطوات 3–4 و6 و9 و10: الختم = SHA-256 لمحتوى السطر، والرابط = SHA-256 للسطر دون رابطه، وprev لكل سطر = الرابط السابق، وsha256 للطابع = أول N سطرًا كما خُزّنت؛ وتقود عمليات إثبات OpenTimestamps من بصمة القائمة إلى جذر ميركل لترويسة كتلة بيتكوين يُعاد هنا حساب إثبات العمل فيها؛ ويُفحص بصمة رمز RFC 3161 وتوقيعه وسلسلة شهاداته (الصالحة عند genTime) مقابل جذور تختارها أنت، ويُفحص متن مدخل Rekor وإثبات تضمينه ونقطة التحقق والطابع الزمني الموقّع للمدخل مقابل مفتاح السجل الذي تختاره.", }
    DropHere { en: "Drop files here", zh: "将文件拖到这里", ar: "أفلت الملفات هنا", }
    DropMore { en: "Drop more files here", zh: "将更多文件拖到这里", ar: "أفلت مزيدًا من الملفات هنا", }
    DropHereTouch { en: "Choose files", zh: "选择文件", ar: "اختر ملفات", }
    DropMoreTouch { en: "Choose more files", zh: "选择更多文件", ar: "اختر مزيدًا من الملفات", }
    TryDemo { en: "Try the DEMO league", zh: "试试 DEMO 联赛", ar: "جرّب دوري DEMO", }
    VerifyHint { en: "The book ({book}, {asks}), any stamped lists ({list}) with their OpenTimestamps proofs ({ots}), RFC 3161 tokens ({tsr}) and Rekor entries ({rekor}), or the whole downloaded folder", zh: "账本（{book}、{asks}）、任意盖章清单（{list}）及其 OpenTimestamps 证明（{ots}）、RFC 3161 令牌（{tsr}）和 Rekor 条目（{rekor}），或整个下载的文件夹", ar: "الدفتر ({book}، {asks})، وأي قوائم مختومة زمنيًا ({list}) مع إثباتات OpenTimestamps الخاصة بها ({ots})، ورموز RFC 3161 ({tsr})، ومدخلات Rekor ({rekor})، أو المجلد المنزَّل كله", }
    WaitingHint { en: "Add the book (a .jsonl file), or an .ots proof, RFC 3161 token (.tsr) or Rekor entry (.rekor.json) with the stamped list it covers, to start the check.", zh: "添加账本（.jsonl 文件），或者添加 .ots 证明、RFC 3161 令牌（.tsr）或 Rekor 条目（.rekor.json）及其覆盖的盖章清单，以开始检查。", ar: "أضف الدفتر (ملف \u{2066}.jsonl\u{2069})، أو إثبات \u{2066}.ots\u{2069} أو رمز RFC 3161 ‏(\u{2066}.tsr\u{2069}) أو مدخل Rekor ‏(\u{2066}.rekor.json\u{2069}) مع القائمة المختومة زمنيًا التي يغطيها، لبدء الفحص.", }
    StartingVerifier { en: "Starting the verifier…", zh: "正在启动验证器…", ar: "جارٍ تشغيل أداة التحقق…", }
    CheckingFiles { en: "Checking the files…", zh: "正在检查文件…", ar: "جارٍ فحص الملفات…", }
    CheckingBook { en: "Checking {book}: {lines} so far · {done} of {total}", zh: "正在检查 {book}：目前 {lines} · {done} / {total}", ar: "جارٍ فحص {book}: {lines} حتى الآن · {done} من {total}", }
    DropFailed { en: "Could not take the dropped folder: {why}", zh: "无法读取拖入的文件夹：{why}", ar: "تعذّر أخذ المجلد المُفلت: {why}", }
    VerifierNotGiven { en: "could not hand the files to the verifier: {why}", zh: "无法把文件交给验证器：{why}", ar: "تعذّر تسليم الملفات إلى أداة التحقق: {why}", }
    LeagueFetchingManifest { en: "Fetching manifest.json…", zh: "正在获取 manifest.json…", ar: "جارٍ جلب manifest.json…", }
    LeagueFetched { en: "Fetched {done} of {total} files listed in manifest.json…", zh: "已获取 manifest.json 所列 {total} 个文件中的 {done} 个…", ar: "جُلب {done} من {total} ملفًا مدرجًا في manifest.json…", }
    LeagueFailed { en: "The league could not be opened: {why}", zh: "无法打开联赛：{why}", ar: "تعذّر فتح الدوري: {why}", }
    LeagueAllDropped { en: "League {league}: all {n} files listed in manifest.json were dropped and match their SHA-256; they are verified below.", zh: "联赛 {league}：manifest.json 所列全部 {n} 个文件均已拖入，且与其 SHA-256 相符；下面对它们进行验证。", ar: "الدوري {league}: أُفلتت جميع الملفات المدرجة في manifest.json ‏({n}) وهي تطابق بصمات SHA-256 الخاصة بها؛ يتم التحقق منها أدناه.", }
    LeagueAllFetched { en: "League {league}: all {n} files listed in manifest.json were fetched and match their SHA-256; they are verified below.", zh: "联赛 {league}：manifest.json 所列全部 {n} 个文件均已获取，且与其 SHA-256 相符；下面对它们进行验证。", ar: "الدوري {league}: جُلبت جميع الملفات المدرجة في manifest.json ‏({n}) وهي تطابق بصمات SHA-256 الخاصة بها؛ يتم التحقق منها أدناه.", }
    LeagueSomeBad { en: "League {league}: {bad} of {n} files listed in manifest.json are missing or differ from their SHA-256. Those files are not checked below; the others are.", zh: "联赛 {league}：manifest.json 所列 {n} 个文件中有 {bad} 个缺失或与其 SHA-256 不符。下面不检查这些文件，其余文件照常检查。", ar: "الدوري {league}: {bad} من {n} ملفًا مدرجًا في manifest.json مفقودة أو تختلف عن بصمات SHA-256 الخاصة بها. لا تُفحص تلك الملفات أدناه؛ وتُفحص البقية.", }
    LeagueUnlisted { en: "Dropped but not listed in manifest.json ({n}; verified below all the same):", zh: "已拖入但未列在 manifest.json 中（{n} 个；下面仍会验证）：", ar: "أُفلتت لكنها غير مدرجة في manifest.json ‏({n}؛ يتم التحقق منها أدناه مع ذلك):", }
    LeagueTitle { en: "Open a league", zh: "打开联赛", ar: "افتح دوريًا", }
    LeagueNote { en: "Or give the address of a league's manifest.json: every file it lists is fetched, checked against its SHA-256 and verified here, as a drop would be. A dropped folder holding its manifest.json is checked against it the same way.", zh: "或者给出联赛 manifest.json 的地址：其列出的每个文件都会被获取、按其 SHA-256 检查并在此验证，与拖入时相同。拖入的文件夹若含有其 manifest.json，也会以同样方式对照检查。", ar: "أو أعطِ عنوان ملف manifest.json لدوري: يُجلب كل ملف يدرجه ويُفحص مقابل بصمة SHA-256 ويتم التحقق منه هنا كما لو أُفلت. والمجلد المُفلت الذي يحوي manifest.json الخاص به يُفحص مقابله بالطريقة نفسها.", }
    LeagueUrlLabel { en: "manifest.json URL", zh: "manifest.json 的网址", ar: "عنوان manifest.json", }
    LeagueOpen { en: "Open", zh: "打开", ar: "افتح", }
    FilesTitle { en: "Your files", zh: "你的文件", ar: "ملفاتك", }
    FilesClearAll { en: "Clear all", zh: "全部清除", ar: "امسح الكل", }
    BadgeBook { en: "Book", zh: "账本", ar: "الدفتر", }
    BadgeProof { en: "OTS proof", zh: "OTS 证明", ar: "إثبات OTS", }
    BadgeToken { en: "RFC 3161 token", zh: "RFC 3161 令牌", ar: "رمز RFC 3161", }
    BadgeRekor { en: "Rekor entry", zh: "Rekor 条目", ar: "مدخل Rekor", }
    BadgeAsk { en: "Ask text", zh: "问询文本", ar: "نص السؤال", }
    BadgeAnchor { en: "Trust anchor", zh: "信任锚", ar: "مرساة ثقة", }
    BadgeCert { en: "Certificate", zh: "证书", ar: "شهادة", }
    BadgeClim { en: "Climatology table", zh: "气候基准表", ar: "جدول المناخ", }
    BadgeList { en: "Stamped list", zh: "盖章清单", ar: "قائمة مختومة زمنيًا", }
    TrustAsAnchor { en: "trust as anchor", zh: "作为信任锚", ar: "ثق بها كمرساة", }
    RemoveFile { en: "Remove {file}", zh: "移除 {file}", ar: "أزل {file}", }
    OthersOne { en: "{n} other file not checked by this version of the page", zh: "另有 {n} 个文件未被本版本页面检查", ar: "ملف آخر لا تفحصه هذه النسخة من الصفحة ({n})", }
    OthersMany { en: "{n} other files not checked by this version of the page", zh: "另有 {n} 个文件未被本版本页面检查", ar: "ملفات أخرى لا تفحصها هذه النسخة من الصفحة: {n}", }
    OthersNote { en: "Score files are read by the Scores page; other published files are not checked on this page.", zh: "评分文件由评分页面读取；其他已发布文件不在本页面检查。", ar: "ملفات الدرجات تقرؤها صفحة الدرجات؛ والملفات المنشورة الأخرى لا تُفحص في هذه الصفحة.", }
    HeadersTitle { en: "Block headers", zh: "区块头", ar: "ترويسات الكتل", }
    HeadersLabel { en: "Block headers (hex)", zh: "区块头（十六进制）", ar: "ترويسات الكتل (ست عشري)", }
    HeadersCheck { en: "Check the proofs with these headers", zh: "用这些区块头检查证明", ar: "افحص الإثباتات بهذه الترويسات", }
    HeadersUnreadable { en: "Cannot read the headers: {why}", zh: "无法读取区块头：{why}", ar: "تعذّرت قراءة الترويسات: {why}", }
    HeadersReadOne { en: "{n} header read", zh: "已读取 {n} 个区块头", ar: "قُرئت ترويسة واحدة ({n})", }
    HeadersReadMany { en: "{n} headers read", zh: "已读取 {n} 个区块头", ar: "عدد الترويسات المقروءة: {n}", }
    TrustTitle { en: "Trust anchors", zh: "信任锚", ar: "مراسي الثقة", }
    TrustOwn { en: "your own files", zh: "你自己的文件", ar: "ملفاتك الخاصة", }
    TrustLoading { en: "loading the shipped bundle…", zh: "正在加载随附的信任包…", ar: "جارٍ تحميل الحزمة المرفقة…", }
    TrustWithFirstFiles { en: "the shipped bundle is fetched with the first files (or when you open this panel)", zh: "随附的信任包在拖入第一批文件时（或打开本面板时）获取", ar: "تُجلب الحزمة المرفقة مع أول الملفات (أو عند فتح هذه اللوحة)", }
    TrustShipped { en: "shipped bundle of {date} ({n} roots)", zh: "{date} 的随附信任包（{n} 个根证书）", ar: "الحزمة المرفقة بتاريخ {date} (عدد الجذور: {n})", }
    TrustUnavailable { en: "shipped bundle unavailable: choose your own", zh: "随附信任包不可用：请选择你自己的", ar: "الحزمة المرفقة غير متاحة: اختر حزمتك الخاصة", }
    TrustOwnAnchors { en: "Use my own trust anchors…", zh: "使用我自己的信任锚…", ar: "استخدم مراسي الثقة الخاصة بي…", }
    TrustOwnLogKey { en: "Use my own Rekor log key…", zh: "使用我自己的 Rekor 日志密钥…", ar: "استخدم مفتاح سجل Rekor الخاص بي…", }
    TrustBack { en: "Back to the shipped bundle", zh: "回到随附的信任包", ar: "عُد إلى الحزمة المرفقة", }
    VerifierCannotStart { en: "The verifier could not start: {why}. Reload the page to try again.", zh: "验证器无法启动：{why}。请重新加载页面再试。", ar: "تعذّر تشغيل أداة التحقق: {why}. أعد تحميل الصفحة لتحاول مجددًا.", }
    VerifierRestarted { en: "The verifier stopped: {why}. It has been restarted; add the files again to retry.", zh: "验证器已停止：{why}。它已重新启动；请重新添加文件再试。", ar: "توقفت أداة التحقق: {why}. أُعيد تشغيلها؛ أضف الملفات مجددًا لتحاول ثانية.", }
    VerifierRestartFailed { en: "The verifier stopped: {why}; restarting it failed: {again}", zh: "验证器已停止：{why}；重新启动失败：{again}", ar: "توقفت أداة التحقق: {why}؛ وفشلت إعادة تشغيلها: {again}", }
    HeaderRunTitle { en: "Bitcoin block headers", zh: "比特币区块头", ar: "ترويسات كتل بيتكوين", }
    HeaderRunOk { en: "{n} headers from {files} files: every header's proof of work, height, median time past and retarget checks hold. Header checks only: whether the heaviest run is the best Bitcoin chain needs a node or independent explorers.", zh: "来自 {files} 个文件的 {n} 个区块头：每个区块头的工作量证明、高度、过去中位时间和难度调整检查均通过。这只是区块头检查：最重的一段是否为最佳比特币链，需要节点或独立的区块浏览器来判断。", ar: "عدد الترويسات {n} من {files} ملفات: تصمد فحوص إثبات العمل والارتفاع ومتوسط الوقت الماضي وإعادة ضبط الصعوبة لكل ترويسة. فحوص ترويسات فقط: معرفة ما إذا كانت السلسلة الأثقل هي أفضل سلسلة بيتكوين تحتاج إلى عقدة أو مستكشفات مستقلة.", }
    HeaderRunFailedOne { en: "{n} headers from {files} files: {bad} check failed.", zh: "来自 {files} 个文件的 {n} 个区块头：{bad} 项检查失败。", ar: "عدد الترويسات {n} من {files} ملفات: فشل فحص واحد ({bad}).", }
    HeaderRunFailedMany { en: "{n} headers from {files} files: {bad} checks failed.", zh: "来自 {files} 个文件的 {n} 个区块头：{bad} 项检查失败。", ar: "عدد الترويسات {n} من {files} ملفات: عدد الفحوص الفاشلة {bad}.", }
    TrustNote { en: "RFC 3161 tokens count toward Level 2+ only when their chain ends at a root you trust, and Rekor entries are checked with the log key you trust. By default this page uses the bundle shipped with it, loaded once from this site when the page opened; the checks themselves make no network request. Replace either with your own files:", zh: "只有当证书链终止于你信任的根证书时，RFC 3161 令牌才计入第 2+ 级；Rekor 条目用你信任的日志密钥检查。默认情况下，本页面使用随附的信任包，在页面打开时从本网站加载一次；检查本身不发出任何网络请求。你可以用自己的文件替换其中任一项：", ar: "لا تُحتسب رموز RFC 3161 للمستوى +2 إلا إذا انتهت سلسلة شهاداتها عند جذر تثق به، وتُفحص مدخلات Rekor بمفتاح السجل الذي تثق به. تستخدم هذه الصفحة افتراضيًا الحزمة المرفقة بها، المحمَّلة مرة واحدة من هذا الموقع عند فتح الصفحة؛ ولا تُجري الفحوص نفسها أي طلب شبكي. استبدل أيًّا منهما بملفاتك الخاصة:", }
    TrustAnchorsFile { en: "Anchors: ", zh: "信任锚：", ar: "المراسي: ", }
    TrustBundleLine { en: "Shipped bundle {bundle} ({state}), dated {date}: {purpose}. ", zh: "随附信任包 {bundle}（{state}），日期 {date}：{purpose}。", ar: "الحزمة المرفقة {bundle} ({state})، بتاريخ {date}: {purpose}. ", }
    TrustInUse { en: "in use", zh: "使用中", ar: "قيد الاستخدام", }
    TrustReplaced { en: "replaced", zh: "已替换", ar: "مستبدلة", }
    TrustInUseParen { en: " (in use)", zh: "（使用中）", ar: " (قيد الاستخدام)", }
    TrustReplacedParen { en: " (replaced)", zh: "（已替换）", ar: " (مستبدل)", }
    TrustSource { en: "Source: {source}", zh: "来源：{source}", ar: "المصدر: {source}", }
    TrustValidCert { en: "valid {from} to {to} · SHA-256 ", zh: "有效期 {from} 至 {to} · SHA-256 ", ar: "صالحة من {from} إلى {to} · SHA-256 ", }
    HeadersNote { en: "To finish the check offline, paste the 80-byte header of each attested block as 160 hex digits, one per line (from your own node: {cmd}, or any block explorer). Add the 11 headers before it to check median time past, and later ones as confirmations, in order; a line {line} names a header's height (with the period's first header, a difficulty retarget is recomputed).", zh: "要离线完成检查，请把每个被证明区块的 80 字节区块头粘贴为 160 个十六进制数字，每行一个（来自你自己的节点：{cmd}，或任何区块浏览器）。按顺序加入它之前的 11 个区块头以检查过去中位时间，加入之后的区块头作为确认；形如 {line} 的一行指明区块头的高度（有该周期的第一个区块头时，会重新计算难度调整）。", ar: "لإكمال الفحص دون اتصال، الصق ترويسة كل كتلة مشهود لها (80 بايتًا) على هيئة 160 رقمًا ست عشريًا، واحدة في كل سطر (من عقدتك: {cmd}، أو من أي مستكشف كتل). أضف الترويسات الإحدى عشرة السابقة لها لفحص متوسط الوقت الماضي، واللاحقة كتأكيدات، بالترتيب؛ والسطر {line} يسمّي ارتفاع الترويسة (ومع أول ترويسة في الفترة يُعاد حساب ضبط الصعوبة).", }
    ExplorerSummary { en: "Or fetch a header from a block explorer", zh: "或从区块浏览器获取区块头", ar: "أو اجلب ترويسة من مستكشف كتل", }
    ExplorerNote { en: "Only when you press a button below does this page go to the network, to the explorer named here: it asks {height_url} for the block hash, then {header_url} (the Esplora API of mempool.space and blockstream.info/api). The header it returns is checked here like a pasted one - proof of work and merkle root recomputed - so the explorer is trusted only to name the block at that height in the best chain.", zh: "只有在你按下下面的按钮时，本页面才会联网，访问这里指定的区块浏览器：先请求 {height_url} 获取区块哈希，再请求 {header_url}（mempool.space 和 blockstream.info/api 的 Esplora API）。返回的区块头会像粘贴的一样在此检查（重新计算工作量证明和默克尔根），因此只需信任浏览器能指出最佳链上该高度的区块。", ar: "لا تتصل هذه الصفحة بالشبكة إلا عند ضغطك زرًا أدناه، وبالمستكشف المسمّى هنا: تطلب {height_url} لتجزئة الكتلة، ثم {header_url} (واجهة Esplora في mempool.space وblockstream.info/api). تُفحص الترويسة التي يعيدها هنا كترويسة ملصقة، مع إعادة حساب إثبات العمل وجذر ميركل، فلا يُوثق بالمستكشف إلا في تسمية الكتلة عند ذلك الارتفاع في أفضل سلسلة.", }
    ExplorerLabel { en: "Explorer API base URL", zh: "区块浏览器 API 基础网址", ar: "العنوان الأساسي لواجهة المستكشف", }
    ExplorerFetch { en: "Fetch the header of block {height}", zh: "获取区块 {height} 的区块头", ar: "اجلب ترويسة الكتلة {height}", }
    ExplorerAsking { en: "Asking the explorer for block {height}…", zh: "正在向区块浏览器请求区块 {height}…", ar: "جارٍ سؤال المستكشف عن الكتلة {height}…", }
    ExplorerAdded { en: "Block {height}'s header was added above and checked.", zh: "区块 {height} 的区块头已添加到上方并完成检查。", ar: "أُضيفت ترويسة الكتلة {height} أعلاه وفُحصت.", }
    ExplorerFailed { en: "Could not fetch block {height}'s header: {why}", zh: "无法获取区块 {height} 的区块头：{why}", ar: "تعذّر جلب ترويسة الكتلة {height}: {why}", }

    // League manifest (core::league::manifest's FileCheck, MissingWhy and ManifestMsg, rendered by
    // i18n::core_messages; web/src/league_load.rs). The English is core's Display.
    LmAsListed { en: "{path}: as listed", zh: "{path}：与所列相符", ar: "{path}: مطابق لما هو مدرج", }
    LmMissing { en: "{path}: listed in manifest.json but missing ({why})", zh: "{path}：列在 manifest.json 中，但缺失（{why}）", ar: "{path}: مدرج في \u{2066}manifest.json\u{2069} لكنه مفقود ({why})", }
    LmSizeDiffers { en: "{path}: {found} bytes, manifest.json lists {listed}", zh: "{path}：{found} 字节，manifest.json 列出的是 {listed}", ar: "{path}: الحجم {found} بايت، ويدرج \u{2066}manifest.json\u{2069} ‏{listed}", }
    LmHashDiffers { en: "{path}: SHA-256 {found}, manifest.json lists {listed}", zh: "{path}：SHA-256 为 {found}，manifest.json 列出的是 {listed}", ar: "{path}: بصمة SHA-256 هي {found}، ويدرج \u{2066}manifest.json\u{2069} ‏{listed}", }
    LmNotDropped { en: "not among the dropped files", zh: "不在拖入的文件中", ar: "ليس بين الملفات المُفلتة", }
    LmUnreadable { en: "could not be read ({detail})", zh: "无法读取（{detail}）", ar: "تعذّرت قراءته ({detail})", }
    LmNotAUrl { en: "not a URL ({detail})", zh: "不是有效的网址（{detail}）", ar: "ليس عنوانًا صالحًا ({detail})", }
    LmNoWindow { en: "no window to fetch from", zh: "没有可用于获取的浏览器窗口", ar: "لا نافذة متصفح للجلب منها", }
    LmRequestFailed { en: "the request failed ({detail})", zh: "请求失败（{detail}）", ar: "فشل الطلب ({detail})", }
    LmNotHttp { en: "not an HTTP response", zh: "不是 HTTP 响应", ar: "ليس استجابة \u{2066}HTTP\u{2069}", }
    LmHttp { en: "HTTP {status}", zh: "HTTP 状态码 {status}", ar: "رمز حالة \u{2066}HTTP\u{2069} ‏{status}", }
    LmTooLarge { en: "{bytes} bytes, more than {max}", zh: "{bytes} 字节，超过 {max}", ar: "الحجم {bytes} بايت، أكثر من {max}", }
    LmBodyUnreadable { en: "the body could not be read ({detail})", zh: "无法读取响应正文（{detail}）", ar: "تعذّرت قراءة متن الاستجابة ({detail})", }
    LmField { en: "manifest.json: field {field}: {message}", zh: "manifest.json：字段 {field}：{message}", ar: "\u{2066}manifest.json\u{2069}: الحقل {field}: {message}", }
    LmTooLargeRead { en: "{bytes} bytes, at most {max} are read", zh: "{bytes} 字节，最多只读取 {max} 字节", ar: "الحجم {bytes} بايت، ولا يُقرأ أكثر من {max}", }
    LmNotAManifest { en: "not a manifest: {detail} (line {line}, column {column})", zh: "不是清单文件：{detail}（第 {line} 行，第 {column} 列）", ar: "ليس ملف بيان: {detail} (السطر {line}، العمود {column})", }
    LmNotFormat { en: "{found} is not {format}", zh: "{found} 不是 {format}", ar: "{found} ليس {format}", }
    LmTooManyFiles { en: "{files} files, at most {max} are read", zh: "{files} 个文件，最多只读取 {max} 个", ar: "عدد الملفات {files}، ولا يُقرأ أكثر من {max}", }
    LmUnsafePath { en: "{path} is not a relative path inside the league", zh: "{path} 不是联赛目录内的相对路径", ar: "{path} ليس مسارًا نسبيًا داخل الدوري", }
    LmListsItself { en: "the manifest does not list itself", zh: "清单文件不列出它自身", ar: "لا يُدرج ملف البيان نفسه", }
    LmBadSha256 { en: "{sha256} is not 64 lowercase hex digits", zh: "{sha256} 不是 64 位小写十六进制数字", ar: "{sha256} ليس 64 خانة ست عشرية بأحرف صغيرة", }
    LmListedTwice { en: "{path} is listed twice", zh: "{path} 被列出了两次", ar: "{path} مدرج مرتين", }
    LmOutOfOrder { en: "{path} is out of order: paths are sorted", zh: "{path} 的位置不对：路径须按顺序排列", ar: "{path} خارج الترتيب: المسارات مرتبة", }
    LmNoAddress { en: "the page has no address", zh: "本页面没有地址", ar: "لا عنوان لهذه الصفحة", }
    LmFileNotMade { en: "{path}: the fetched bytes could not be made a file ({detail})", zh: "{path}：获取的字节无法生成文件（{detail}）", ar: "{path}: تعذّر إنشاء ملف من البايتات المجلوبة ({detail})", }

    // The pages' own fetch, worker and internal errors (web/src/verifier/explorer.rs, web/src/verifier/trust.rs,
    // web/src/module_worker.rs, web/src/verifier/protocol.rs, the verifier, range, Scores and Accounts
    // workers, web/src/accounts/compute.rs, web/src/experiment/net.rs). A browser's or a panic's
    // own words are the {detail} argument.
    WeInternal { en: "internal error: {detail}", zh: "内部错误：{detail}", ar: "خطأ داخلي: {detail}", }
    WeFileUnreadable { en: "{name}: the browser could not read the file ({detail}); was it moved or changed?", zh: "{name}：浏览器无法读取该文件（{detail}）；它是否被移动或修改过？", ar: "{name}: تعذّر على المتصفح قراءة الملف ({detail})؛ هل نُقل أو تغيّر؟", }
    WeFileSlice { en: "{name}: cannot read bytes {start}..{end}: {detail}", zh: "{name}：无法读取第 {start}..{end} 字节：{detail}", ar: "{name}: تتعذّر قراءة البايتات {start}..{end}: {detail}", }
    WeFileTooLarge { en: "{name}: {size} bytes is more than this page reads ({limit})", zh: "{name}：{size} 字节，超过本页面读取的上限（{limit}）", ar: "{name}: الحجم {size} بايت أكثر مما تقرؤه هذه الصفحة ({limit})", }
    WeWorkerNotStarted { en: "this browser could not start {what} (a module Web Worker): {detail}", zh: "此浏览器无法启动{what}（模块类型的 Web Worker）：{detail}", ar: "تعذّر على هذا المتصفح تشغيل {what} (عامل Web Worker من نوع الوحدة): {detail}", }
    WeWorkerStopped { en: "{what} stopped", zh: "{what}已停止", ar: "توقف عمل {what}", }
    WeTheVerifier { en: "the verifier", zh: "验证器", ar: "أداة التحقق", }
    WeTheScorer { en: "the scorer", zh: "计分器", ar: "المُقيِّم", }
    WeTheReplay { en: "the replay", zh: "重放", ar: "إعادة التشغيل", }
    WeFromVerifierUnreadable { en: "unreadable message from the verifier: {detail}", zh: "来自验证器的消息无法读取：{detail}", ar: "رسالة غير مقروءة من أداة التحقق: {detail}", }
    WeFromWorkerUnreadable { en: "unreadable message from the worker: {detail}", zh: "来自工作线程的消息无法读取：{detail}", ar: "رسالة غير مقروءة من العامل: {detail}", }
    WeRangeNoFile { en: "the range task has no file", zh: "分段任务没有文件", ar: "مهمة المقطع بلا ملف", }
    WeRangeNoBytes { en: "the range task has no byte range", zh: "分段任务没有字节范围", ar: "مهمة المقطع بلا نطاق بايتات", }
    WeRangeNotStarted { en: "could not start a range verifier worker: {detail}", zh: "无法启动分段验证工作线程：{detail}", ar: "تعذّر تشغيل عامل تحقق لمقطع: {detail}", }
    WeRangeUnreadable { en: "unreadable message from a range worker: {detail}", zh: "来自分段工作线程的消息无法读取：{detail}", ar: "رسالة غير مقروءة من عامل مقطع: {detail}", }
    WeRangeFailed { en: "a range worker failed: {detail}", zh: "分段工作线程失败：{detail}", ar: "فشل عامل مقطع: {detail}", }
    WeRangeFailedStopped { en: "a range worker failed: it stopped", zh: "分段工作线程失败：它已停止", ar: "فشل عامل مقطع: توقف عن العمل", }
    WeRangeTaskNotBuilt { en: "could not build a range task: {detail}", zh: "无法构建分段任务：{detail}", ar: "تعذّر إنشاء مهمة مقطع: {detail}", }
    WeRangeNotHanded { en: "could not hand a range to its worker: {detail}", zh: "无法把分段交给它的工作线程：{detail}", ar: "تعذّر تسليم مقطع إلى عامله: {detail}", }
    WeRangeStopped { en: "{name}: a range worker stopped: {detail}", zh: "{name}：一个分段工作线程已停止：{detail}", ar: "{name}: توقف عامل مقطع: {detail}", }
    WeRangeAnswer { en: "{name}: a range worker's answer: {detail}", zh: "{name}：分段工作线程的回答：{detail}", ar: "{name}: جواب عامل مقطع: {detail}", }
    WeRangeNotJoined { en: "{name}: a range could not be joined", zh: "{name}：一个分段无法与其他分段拼接", ar: "{name}: تعذّر وصل مقطع بما قبله", }
    WeExplorerTooLong { en: "{url}: answered {bytes} bytes, more than a block hash or header", zh: "{url}：回答了 {bytes} 字节，超过一个区块哈希或区块头的长度", ar: "{url}: أجاب بـ {bytes} بايت، أكثر من تجزئة كتلة أو ترويسة", }
    WeExplorerNoHash { en: "{url} did not answer a block hash (64 hex digits)", zh: "{url} 没有回答区块哈希（64 位十六进制数字）", ar: "لم يُجب {url} بتجزئة كتلة (64 خانة ست عشرية)", }
    WeTrustNotBlob { en: "{url}: not a blob", zh: "{url}：不是 Blob", ar: "{url}: ليس Blob", }
    WeTrustTooLarge { en: "{url}: {bytes} bytes, more than a trust bundle", zh: "{url}：{bytes} 字节，超过信任包应有的大小", ar: "{url}: الحجم {bytes} بايت، أكبر من حزمة ثقة", }
    WeTrustNotBeside { en: "the manifest names {name}, not a file beside it", zh: "清单文件指定了 {name}，而不是它旁边的文件", ar: "يسمّي ملف البيان {name}، لا ملفًا بجانبه", }
    WeNothingToScore { en: "no council-forecasts.csv, book, registered predictions, records file, experiment dataset or league file was given", zh: "未提供 council-forecasts.csv、账本、登记的预测、记录文件、实验数据集或联赛文件", ar: "لم يُعطَ council-forecasts.csv ولا دفتر ولا توقعات مسجّلة ولا ملف سجلات ولا مجموعة بيانات التجربة ولا ملف الدوري", }
    WeNoDocument { en: "no document", zh: "没有可用的文档", ar: "لا مستند", }
    WeAccSameFile { en: "{first} and {second} are the same published file; give one", zh: "{first} 和 {second} 是同一个已发布文件；请只提供一个", ar: "{first} و{second} هما الملف المنشور نفسه؛ أعطِ واحدًا منهما", }
    WeAccGivenTwice { en: "{name} was given twice; give one copy of each published file", zh: "{name} 被提供了两次；每个已发布文件请只提供一份", ar: "أُعطي {name} مرتين؛ أعطِ نسخة واحدة من كل ملف منشور", }
    WeAccNotGiven { en: "cannot recount the accounts: {missing} not given (the replay needs {needed})", zh: "无法重新计算账户：未提供 {missing}（重放需要 {needed}）", ar: "تتعذّر إعادة حساب الحسابات: لم يُعطَ {missing} (تحتاج إعادة التشغيل إلى {needed})", }
    WeServerUnreachable { en: "the server could not be reached; check the connection and reload", zh: "无法连接到服务器；请检查网络连接后重新加载", ar: "تعذّر الوصول إلى الخادم؛ افحص الاتصال وأعد التحميل", }
    WeAnswerCutOff { en: "the server's answer was cut off; reload the page", zh: "服务器的回答被截断；请重新加载页面", ar: "انقطع جواب الخادم؛ أعد تحميل الصفحة", }

    // The verdict (web/src/verifier/report_view.rs).
    Verified { en: "Verified", zh: "已验证", ar: "تم التحقق", }
    NotVerified { en: "Not verified", zh: "未验证", ar: "لم يتم التحقق", }
    Headline { en: "{verdict}: {summary}", zh: "{verdict}：{summary}", ar: "{verdict}: {summary}", }
    StillTrustedLink { en: " · what is still trusted", zh: " · 仍需信任的内容", ar: " · ما يزال موضع ثقة", }
    Level0Text { en: "Level 0: the operator's word only", zh: "第 0 级：仅凭运营者的说法", ar: "المستوى 0: كلمة المشغّل فقط", }
    Level1Text { en: "Level 1 reached", zh: "已达到第 1 级", ar: "تم بلوغ المستوى 1", }
    Level2Text { en: "Level 2 reached", zh: "已达到第 2 级", ar: "تم بلوغ المستوى 2", }
    Level2PlusText { en: "Level 2+ reached", zh: "已达到第 2+ 级", ar: "تم بلوغ المستوى +2", }
    CheckJson { en: "JSON", zh: "JSON", ar: "JSON", }
    CheckN { en: "line number (n)", zh: "行号（n）", ar: "رقم السطر (n)", }
    CheckPrev { en: "previous link (prev)", zh: "上一链接（prev）", ar: "الرابط السابق (prev)", }
    CheckSeal { en: "seal", zh: "封印", ar: "الختم", }
    CheckLink { en: "link", zh: "链接", ar: "الرابط", }
    SumBreaksCheck { en: "{book} breaks at line {line}: the {check} check failed.", zh: "{book} 在第 {line} 行断开：{check} 检查失败。", ar: "ينكسر {book} عند السطر {line}: فشل فحص {check}.", }
    SumBreaks { en: "{book} breaks at line {line}.", zh: "{book} 在第 {line} 行断开。", ar: "ينكسر {book} عند السطر {line}.", }
    SumListUnreadable { en: "The chain holds, but a stamped list could not be read.", zh: "链完好，但有一份盖章清单无法读取。", ar: "السلسلة سليمة، لكن تعذّرت قراءة قائمة مختومة زمنيًا.", }
    SumListChecksNothing { en: "The chain holds, but the stamped list {list} checks nothing: {reason}.", zh: "链完好，但盖章清单 {list} 没有检查任何内容：{reason}。", ar: "السلسلة سليمة، لكن القائمة المختومة زمنيًا {list} لا تفحص شيئًا: {reason}.", }
    SumStampMismatch { en: "The chain holds, but a stamped list does not match the book.", zh: "链完好，但有一份盖章清单与账本不符。", ar: "السلسلة سليمة، لكن قائمة مختومة زمنيًا لا تطابق الدفتر.", }
    SumHeadersUnreadable { en: "The pasted block headers could not be read: {why}.", zh: "粘贴的区块头无法读取：{why}。", ar: "تعذّرت قراءة ترويسات الكتل الملصقة: {why}.", }
    SumFailure { en: "{what}.", zh: "{what}。", ar: "{what}.", }
    SumDoesNotVerify { en: "{file} does not verify: {why}.", zh: "{file} 未通过验证：{why}。", ar: "لا يجتاز {file} التحقق: {why}.", }
    SumNoStamp { en: "no stamped list was checked", zh: "没有检查任何盖章清单", ar: "لم تُفحص أي قائمة مختومة زمنيًا", }
    SumOneStamp { en: "its stamp matches", zh: "其盖章相符", ar: "طابعها مطابق", }
    SumAllStamps { en: "all {n} stamps match", zh: "全部 {n} 个盖章相符", ar: "جميع الطوابع مطابقة ({n})", }
    SumChainHolds { en: "The chain holds over {lines}; {stamps}", zh: "链在 {lines} 上完好；{stamps}", ar: "السلسلة سليمة على امتداد {lines}؛ {stamps}", }
    SumAnchored { en: "{file} is anchored in Bitcoin block {height}", zh: "{file} 锚定在比特币区块 {height} 中", ar: "{file} مثبت في كتلة بيتكوين {height}", }
    SumTimestamped { en: "{file} was timestamped at {time} by {authority}", zh: "{file} 于 {time} 由 {authority} 加盖时间戳", ar: "{file} حصل على طابع زمني عند {time} من {authority}", }
    SumInRekorSince { en: "{file} is in the Rekor log since {time}", zh: "{file} 自 {time} 起在 Rekor 日志中", ar: "{file} في سجل Rekor منذ {time}", }
    SumInRekorNoTime { en: "{file} is in the Rekor log (the entry has no integratedTime: a Rekor v2 log signs no time, so no time is established)", zh: "{file} 在 Rekor 日志中（该条目没有 integratedTime：Rekor v2 日志不签署时间，因此未确立时间）", ar: "{file} في سجل Rekor (لا integratedTime في الإدخال: لا يوقّع سجل Rekor v2 أي وقت، فلم يثبت أي وقت)", }
    SumInRekorUnsigned { en: "{file} is in the Rekor log (its integratedTime is unsigned: no time established)", zh: "{file} 在 Rekor 日志中（其 integratedTime 未签名：未确立时间）", ar: "{file} في سجل Rekor (قيمة integratedTime غير موقّعة: لم يثبت أي وقت)", }
    SumOpenOne { en: "{n} proof is not verified yet", zh: "{n} 个证明尚未验证", ar: "إثبات واحد لم يتم التحقق منه بعد ({n})", }
    SumOpenMany { en: "{n} proofs are not verified yet", zh: "{n} 个证明尚未验证", ar: "إثباتات لم يتم التحقق منها بعد: {n}", }
    SumNothing { en: "Add the book (a .jsonl file), or a stamped list with its .ots proof, .tsr token or .rekor.json entry.", zh: "添加账本（.jsonl 文件），或添加一份盖章清单及其 .ots 证明、.tsr 令牌或 .rekor.json 条目。", ar: "أضف الدفتر (ملف \u{2066}.jsonl\u{2069})، أو قائمة مختومة زمنيًا مع إثبات \u{2066}.ots\u{2069} أو رمز \u{2066}.tsr\u{2069} أو مدخل \u{2066}.rekor.json\u{2069} الخاص بها.", }
    SumJoin { en: "; ", zh: "；", ar: "؛ ", }
    SumMore { en: "and {n} more", zh: "另有 {n} 项", ar: "و{n} أخرى", }

    // The verdict card (web/src/verifier/verdict_view.rs; core::verifier::overall).
    VerdictUnchecked { en: "Not fully checked yet", zh: "尚未完全检查", ar: "لم يكتمل الفحص بعد", }
    VdAnswers { en: "{proven} of {counted} counted answers proven sealed before their reference (09:30 ET){by}.", zh: "{counted} 个计入的回答中，{proven} 个被证明在其参考时刻（美东 09:30）之前已封印{by}。", ar: "{proven} من {counted} إجابة محتسبة ثبت أنها مختومة قبل مرجعها (09:30 بتوقيت نيويورك){by}.", }
    VdBy { en: " by {parties}", zh: "，证明方：{parties}", ar: "، بواسطة {parties}", }
    VdAnswersRest { en: "Not proven before it: {after} anchored only after it, {clock} on the operator's clock alone, {late} sealed after it (late).", zh: "未在其之前得到证明：{after} 个仅在其之后锚定，{clock} 个仅凭运营者的时钟，{late} 个在其之后才封印（迟到）。", ar: "غير مثبتة قبله: {after} مثبت بعده فقط، و{clock} على ساعة المشغّل وحدها، و{late} مختومة بعده (متأخرة).", }
    VdCovered { en: "{book}: lines 1-{to} of {lines} proven by {parties}", zh: "{book}：第 1-{to} 行（共 {lines} 行）由 {parties} 证明", ar: "{book}: الأسطر 1-{to} من {lines} يثبتها {parties}", }
    VdPartyAt { en: "{party} ({level})", zh: "{party}（{level}）", ar: "{party} ({level})", }
    VdUnanchored { en: "lines {from}-{lines} on the operator's clock alone (Level 1)", zh: "第 {from}-{lines} 行仅凭运营者的时钟（第 1 级）", ar: "الأسطر {from}-{lines} على ساعة المشغّل وحدها (المستوى 1)", }
    VdNoneAnchored { en: "{book}: all {lines} lines on the operator's clock alone (Level 1)", zh: "{book}：全部 {lines} 行仅凭运营者的时钟（第 1 级）", ar: "{book}: كل الأسطر ({lines}) على ساعة المشغّل وحدها (المستوى 1)", }
    VdFailChain { en: "{book}: the chain breaks at line {line}{check}; nothing from there on can be trusted.", zh: "{book}：链在第 {line} 行断开{check}；从该行起的内容都不可信。", ar: "{book}: تنقطع السلسلة عند السطر {line}{check}؛ لا يوثق بشيء من هناك فصاعدًا.", }
    VdFailCheck { en: " ({check} check)", zh: "（{check} 检查）", ar: " (فحص {check})", }
    VdFailPrefix { en: "{book}: the change lies in lines {from}-{to}: the stamped list {list} over its first {to} lines does not match it.", zh: "{book}：改动位于第 {from}-{to} 行：覆盖其前 {to} 行的盖章清单 {list} 与之不符。", ar: "{book}: يقع التغيير في الأسطر {from}-{to}: القائمة المختومة زمنيًا {list} لأول {to} سطر لا تطابقه.", }
    VdFailList { en: "The stamped list {list} cannot be read.", zh: "无法读取盖章清单 {list}。", ar: "تتعذّر قراءة القائمة المختومة زمنيًا {list}.", }
    VdFailListNothing { en: "The stamped list {list} names no line of the books given.", zh: "盖章清单 {list} 未指向所给账本中的任何行。", ar: "القائمة المختومة زمنيًا {list} لا تسمّي أي سطر في أي دفتر معطى.", }
    VdFailHeaders { en: "The block headers you pasted cannot be read.", zh: "无法读取你粘贴的区块头。", ar: "تتعذّر قراءة الترويسات التي لصقتها.", }
    VdFailProof { en: "The OpenTimestamps proof {file} is refuted.", zh: "OpenTimestamps 证明 {file} 被否定。", ar: "إثبات OpenTimestamps {file} مدحوض.", }
    VdFailToken { en: "The timestamp token {file} fails a check.", zh: "时间戳令牌 {file} 未通过检查。", ar: "رمز الطابع الزمني {file} يخفق في فحص.", }
    VdFailRekor { en: "The Rekor entry {file} fails a check.", zh: "Rekor 条目 {file} 未通过检查。", ar: "مدخل Rekor {file} يخفق في فحص.", }
    VdFailClimatology { en: "{file} is not the climatology table the declaration sealed: it cannot be read, or its content hashes to another hash.", zh: "{file} 不是声明中封印的气候基准表：无法读取，或其内容的哈希不同。", ar: "{file} ليس جدول المناخ المختوم في الإعلان: تعذّرت قراءته، أو بصمة محتواه مختلفة.", }
    VdFailAskTexts { en: "An ask text does not hash to its name.", zh: "有提问文本的哈希与其名称不符。", ar: "نص سؤال لا تطابق بصمته اسمه.", }
    VdRootNotChosen { en: "{n} timestamp tokens of {authority} could not be checked: you have not chosen its root as a trust anchor.", zh: "{authority} 的 {n} 个时间戳令牌无法检查：你尚未选择其根作为信任锚。", ar: "تعذّر فحص {n} من رموز الطابع الزمني لـ {authority}: لم تختر جذرها مرساةً للثقة.", }
    VdChooseRoot { en: "Trust {file} as a root", zh: "信任 {file} 作为根", ar: "اعتمد {file} جذرًا", }
    VdChooseRootMeans { en: "Trusting it means trusting this authority: whoever holds its key can sign any time.", zh: "信任它就意味着信任这家机构：持有其密钥者可以签署任何时间。", ar: "اعتماده يعني الثقة بهذه الجهة: من يملك مفتاحها يستطيع توقيع أي وقت.", }
    VdNothingAnchored { en: "No line is anchored outside the operator yet: the operator's clock alone (Level 1).", zh: "尚无任何行锚定在运营者之外：仅凭运营者的时钟（第 1 级）。", ar: "لا سطر مثبت خارج المشغّل بعد: ساعة المشغّل وحدها (المستوى 1).", }
    VdSignerMissing { en: "The timestamp token {file} could not be checked: its signer certificate is missing; drop it beside the token.", zh: "时间戳令牌 {file} 无法检查：缺少其签名者证书；请将它与令牌一起拖入。", ar: "تعذّر فحص رمز الطابع الزمني {file}: شهادة الموقِّع مفقودة؛ أفلتها بجانب الرمز.", }
    VdProofsPending { en: "{n} OpenTimestamps proofs are pending (not in Bitcoin yet): upgrade them later.", zh: "{n} 个 OpenTimestamps 证明仍在等待（尚未进入比特币）：请稍后升级。", ar: "{n} من إثباتات OpenTimestamps معلّقة (لم تدخل بيتكوين بعد): حدّثها لاحقًا.", }
    VdHeadersMissing { en: "{n} OpenTimestamps proofs reach Bitcoin blocks {heights}: paste their block headers to check them.", zh: "{n} 个 OpenTimestamps 证明到达比特币区块 {heights}：粘贴它们的区块头以检查。", ar: "{n} من إثباتات OpenTimestamps تبلغ كتل بيتكوين {heights}: الصق ترويساتها لفحصها.", }
    VdListMissing { en: "{file} could not be checked: the stamped list it covers was not given.", zh: "{file} 无法检查：未提供它覆盖的盖章清单。", ar: "تعذّر فحص {file}: لم تُعطَ القائمة المختومة زمنيًا التي يغطيها.", }
    VdClimatologyMissing { en: "The declaration seals a climatology table that was not given: drop {file} to check it.", zh: "声明封印了一份气候基准表，但未提供：请拖入 {file} 以检查它。", ar: "يختم الإعلان جدول مناخ لم يُعطَ: أسقِط {file} لفحصه.", }
    VdLogKeyMissing { en: "{file} could not be checked: choose the Rekor log key.", zh: "{file} 无法检查：请选择 Rekor 日志密钥。", ar: "تعذّر فحص {file}: اختر مفتاح سجل Rekor.", }
    VdNothingChecked { en: "Nothing to check yet: drop the book and its stamped lists.", zh: "尚无可检查的内容：请拖入账本及其盖章清单。", ar: "لا شيء للفحص بعد: أفلت الدفتر وقوائمه المختومة زمنيًا.", }
    PartyBitcoin { en: "Bitcoin (OpenTimestamps)", zh: "比特币（OpenTimestamps）", ar: "بيتكوين (OpenTimestamps)", }
    LevelShort1 { en: "Level 1", zh: "第 1 级", ar: "المستوى 1", }
    LevelShort2 { en: "Level 2", zh: "第 2 级", ar: "المستوى 2", }
    LevelShort2Plus { en: "Level 2+", zh: "第 2+ 级", ar: "المستوى +2", }
    VdDetailsTitle { en: "Details", zh: "详情", ar: "التفاصيل", }

    // The per-day timeline (web/src/verifier/timeline_view.rs; core::verifier::timeline).
    TlTitle { en: "Timeline of a session day (New York time)", zh: "会话日时间线（纽约时间）", ar: "الخط الزمني ليوم الجلسة (بتوقيت نيويورك)", }
    TlNote { en: "Each mark is a time on one axis: an answer sealed into the book (a lane per seat), a stamped list, and the time each anchor states: an RFC 3161 token's genTime, a Rekor entry's integratedTime, the Bitcoin block. The dashed line is the reference.", zh: "每个标记是同一时间轴上的一个时刻：封印进账本的回答（每个席位一行）、盖章清单，以及每个锚所陈述的时间：RFC 3161 令牌的 genTime、Rekor 条目的 integratedTime、比特币区块。虚线是参考时刻。", ar: "كل علامة وقتٌ على محور واحد: إجابة مختومة في الدفتر (مسار لكل مقعد)، وقائمة مختومة زمنيًا، والوقت الذي تذكره كل مرساة: genTime لرمز RFC 3161، وintegratedTime لمدخل Rekor، وكتلة بيتكوين. الخط المتقطع هو المرجع.", }
    TlDay { en: "Session day", zh: "会话日", ar: "يوم الجلسة", }
    TlLists { en: "Stamped lists", zh: "盖章清单", ar: "القوائم المختومة زمنيًا", }
    TlReference { en: "reference {time} ET", zh: "参考时刻 美东 {time}", ar: "المرجع {time} بتوقيت نيويورك", }
    TlStamped { en: "stamped list (the operator's clock)", zh: "盖章清单（运营者的时钟）", ar: "قائمة مختومة زمنيًا (ساعة المشغّل)", }
    TlVerified { en: "anchor verified: its time is proven", zh: "锚已验证：其时间得到证明", ar: "تم التحقق من المرساة: وقتها مثبت", }
    TlUnchecked { en: "not checked yet (a root, header or key not given)", zh: "尚未检查（缺少根证书、区块头或密钥）", ar: "لم يُفحص بعد (لم يُعطَ جذر أو ترويسة أو مفتاح)", }
    TlPending { en: "pending: not in Bitcoin yet", zh: "等待中：尚未进入比特币", ar: "معلّق: لم يدخل بيتكوين بعد", }
    TlFailed { en: "failed a check", zh: "未通过检查", ar: "أخفق في فحص", }
    TlLine { en: "line {n}", zh: "第 {n} 行", ar: "السطر {n}", }
    TlBlock { en: "block {height}", zh: "区块 {height}", ar: "الكتلة {height}", }
    TlNoTime { en: "no time", zh: "无时间", ar: "بلا وقت", }
    TlTable { en: "The day as a table", zh: "以表格查看当天", ar: "اليوم في جدول", }
    TlColWho { en: "Who", zh: "谁", ar: "مَن", }
    TlColWhat { en: "What", zh: "什么", ar: "ماذا", }
    TlColTime { en: "Time (ET)", zh: "时间（美东）", ar: "الوقت (بتوقيت نيويورك)", }
    TlColState { en: "State", zh: "状态", ar: "الحالة", }
    StatePending { en: "pending: every OpenTimestamps proof still waits for Bitcoin", zh: "等待中：每个 OpenTimestamps 证明仍在等待比特币", ar: "معلّق: كل إثبات OpenTimestamps ما يزال ينتظر بيتكوين", }
    PagerFirst { en: "First", zh: "首页", ar: "الأولى", }
    PagerPrev { en: "Previous", zh: "上一页", ar: "السابق", }
    PagerLast { en: "Last", zh: "末页", ar: "الأخيرة", }
    PagerSize { en: "Rows per page", zh: "每页行数", ar: "صفوف في الصفحة", }
    PagerNext { en: "Next", zh: "下一页", ar: "التالي", }
    PagerAt { en: "{from}-{to} of {n}", zh: "第 {from}-{to} 项，共 {n} 项", ar: "{from}-{to} من {n}", }
    AnsBitcoinOwnReference { en: "Bitcoin trades around the clock: its reference is the first minute bar after its own seal (spec §3.3), so a stamp minutes later comes after it.", zh: "比特币全天候交易：它的参考时刻是其自身封印之后的第一根分钟线（规范 §3.3），因此几分钟后的盖章在其之后。", ar: "يُتداول بيتكوين على مدار الساعة: مرجعه أول شمعة دقيقة بعد ختمه (المواصفة §3.3)، لذا يأتي الطابع بعد دقائق بعده.", }
    AnsTamperedRow { en: "in the lines where a check failed: no verdict", zh: "位于检查失败的行内：无结论", ar: "ضمن الأسطر التي أخفق فيها فحص: لا حكم", }
    SumEnd { en: "{parts}.", zh: "{parts}。", ar: "{parts}.", }
    LadderTitle { en: "Trust ladder", zh: "信任阶梯", ar: "سلّم الثقة", }
    RungChain { en: "Chain", zh: "链", ar: "السلسلة", }
    RungChainText { en: "Every line's n, prev, seal and link recomputed in this browser.", zh: "每一行的 n、prev、封印和链接都在本浏览器中重新计算。", ar: "يُعاد في هذا المتصفح حساب n وprev والختم والرابط لكل سطر.", }
    RungAnchored { en: "Anchored outside the operator", zh: "锚定在运营者之外", ar: "مثبت خارج سيطرة المشغّل", }
    RungAnchoredText { en: "OpenTimestamps proof of the stamped list, checked here against a Bitcoin block header whose proof of work is recomputed, or its Sigstore Rekor entry: inclusion proof, signed checkpoint and signed entry timestamp checked with the log key you trust.", zh: "盖章清单的 OpenTimestamps 证明，在此对照一个比特币区块头检查，并重新计算其工作量证明；或其 Sigstore Rekor 条目：用你信任的日志密钥检查包含证明、签名检查点和签名条目时间戳。", ar: "إثبات OpenTimestamps للقائمة المختومة زمنيًا، يُفحص هنا مقابل ترويسة كتلة بيتكوين يُعاد حساب إثبات العمل فيها، أو مدخلها في Sigstore Rekor: يُفحص إثبات التضمين ونقطة التحقق الموقّعة والطابع الزمني الموقّع للمدخل بمفتاح السجل الذي تثق به.", }
    RungSigned { en: "Signed time", zh: "签名时间", ar: "وقت موقّع", }
    RungSignedText { en: "RFC 3161 timestamp tokens on the stamped list, verified to an authority's root you choose, with the chain valid at genTime.", zh: "盖章清单上的 RFC 3161 时间戳令牌，验证到你选择的机构根证书，且证书链在 genTime 时有效。", ar: "رموز الطابع الزمني RFC 3161 على القائمة المختومة زمنيًا، يتم التحقق منها حتى جذر جهة تختارها، مع سلسلة صالحة عند genTime.", }
    StillTrusted { en: "Still trusted: ", zh: "仍需信任：", ar: "ما يزال موضع ثقة: ", }
    TrustedNoBook { en: "No book was dropped: this anchors the files the proofs stamp, not a book's chain.", zh: "没有拖入账本：这锚定的是证明所盖章的文件，而不是账本的链。", ar: "لم يُفلت أي دفتر: هذا يثبّت الملفات التي تختمها الإثباتات، لا سلسلة دفتر.", }
    TrustedAfterPrefix { en: "Lines written after the anchored prefix rest on the operator's clock until a later list is anchored.", zh: "在锚定前缀之后写入的行依赖运营者的时钟，直到后续清单被锚定。", ar: "الأسطر المكتوبة بعد البادئة المثبتة تعتمد على ساعة المشغّل إلى أن تُثبَّت قائمة لاحقة.", }
    TrustedLevel1 { en: "the operator's clock. The chain shows that no sealed line was edited, removed or reordered since it was written, but not when it was written: the times in the book, and when each stamped list was made, are the operator's word until the list's anchors are checked.", zh: "运营者的时钟。链表明自写入以来没有任何封印的行被编辑、删除或重新排序，但不能表明写入的时间：账本中的时间以及每份盖章清单的制作时间，在清单的锚定被检查之前都只是运营者的说法。", ar: "ساعة المشغّل. تُظهر السلسلة أنه لم يُعدَّل أي سطر مختوم ولم يُحذف ولم يُعَد ترتيبه منذ كتابته، لكنها لا تُظهر متى كُتب: الأوقات في الدفتر، ووقت إعداد كل قائمة مختومة زمنيًا، هي كلمة المشغّل إلى أن يتم التحقق من مراسي القائمة.", }
    TrustedLevel0NoBook { en: "everything: nothing here was verified yet.", zh: "一切：这里还没有任何内容被验证。", ar: "كل شيء: لم يتم التحقق من أي شيء هنا بعد.", }
    TrustedLevel0 { en: "everything. A broken chain means this copy of the book is not the one that was sealed, so nothing in it can be taken beyond the operator's word.", zh: "一切。链断开意味着这份账本副本不是被封印的那一份，因此其中任何内容都只能算运营者的说法。", ar: "كل شيء. السلسلة المنكسرة تعني أن نسخة الدفتر هذه ليست التي ختمت، فلا يؤخذ شيء منها بأكثر من كلمة المشغّل.", }
    StateNoBook { en: "No book dropped", zh: "未拖入账本", ar: "لم يُفلت أي دفتر", }
    StateHolds { en: "Holds", zh: "完好", ar: "سليمة", }
    StateBroken { en: "Broken", zh: "断开", ar: "منكسرة", }
    StateReached { en: "Reached: {what}", zh: "已达到：{what}", ar: "تم البلوغ: {what}", }
    StateBitcoinBlock { en: "Bitcoin block {height}", zh: "比特币区块 {height}", ar: "كتلة بيتكوين {height}", }
    StateRekorEntry { en: "Rekor entry {name}", zh: "Rekor 条目 {name}", ar: "مدخل Rekor ‏{name}", }
    StateRekorFailed { en: "Failed: the Rekor entry does not verify", zh: "失败：Rekor 条目未通过验证", ar: "فشل: مدخل Rekor لا يجتاز التحقق", }
    StateFailed { en: "Failed", zh: "失败", ar: "فشل", }
    StateProofNotForList { en: "Proof verified, but not for a stamped list that matches a dropped book", zh: "证明已验证，但不是针对与拖入账本相符的盖章清单", ar: "تم التحقق من الإثبات، لكن ليس لقائمة مختومة زمنيًا تطابق دفترًا مُفلتًا", }
    StatePasteHeader { en: "Not verified yet: paste the block header", zh: "尚未验证：请粘贴区块头", ar: "لم يتم التحقق بعد: الصق ترويسة الكتلة", }
    StateAddOts { en: "Add the list's .ots proof", zh: "添加清单的 .ots 证明", ar: "أضف إثبات \u{2066}.ots\u{2069} الخاص بالقائمة", }
    StateTokenFailed { en: "Failed: no token verifies to a root you chose", zh: "失败：没有令牌能验证到你选择的根证书", ar: "فشل: لا يجتاز أي رمز التحقق حتى جذر اخترته", }
    StateTokenNotForList { en: "Token verified, but not for a stamped list that matches a dropped book", zh: "令牌已验证，但不是针对与拖入账本相符的盖章清单", ar: "تم التحقق من الرمز، لكن ليس لقائمة مختومة زمنيًا تطابق دفترًا مُفلتًا", }
    StateAddTsr { en: "Add the list's .tsr token", zh: "添加清单的 .tsr 令牌", ar: "أضف رمز \u{2066}.tsr\u{2069} الخاص بالقائمة", }
    BookChainHolds { en: "Chain holds", zh: "链完好", ar: "السلسلة سليمة", }
    BookChainBroken { en: "Chain broken", zh: "链断开", ar: "السلسلة منكسرة", }
    BookLinesChecked { en: "Lines checked", zh: "已检查行数", ar: "الأسطر المفحوصة", }
    BookBytes { en: "Bytes", zh: "字节", ar: "البايتات", }
    BookBytesTitle { en: "{n} bytes", zh: "{n} 字节", ar: "عدد البايتات: {n}", }
    BookProblems { en: "Problems", zh: "问题", ar: "المشكلات", }
    BookFirstBad { en: "First bad line", zh: "第一个错误行", ar: "أول سطر معيب", }
    BookNone { en: "none", zh: "无", ar: "لا يوجد", }
    BookNoneParen { en: "(none)", zh: "（无）", ar: "(لا يوجد)", }
    BookSha256 { en: "SHA-256 of the checked lines", zh: "已检查行的 SHA-256", ar: "SHA-256 للأسطر المفحوصة", }
    BookLastLink { en: "Last link", zh: "最后的链接", ar: "آخر رابط", }
    BookPartialTail { en: "The file ends with {size} after its last line break. That unfinished line is not counted or checked yet: a line counts once its LF is written (the byte rule of §3.2).", zh: "文件在最后一个换行符之后还有 {size}。这一未完成的行尚不计数也不检查：一行在写入其 LF 后才计数（第 3.2 节的字节规则）。", ar: "ينتهي الملف بـ {size} بعد آخر فاصل أسطر. هذا السطر غير المكتمل لا يُعدّ ولا يُفحص بعد: يُحتسب السطر حين يُكتب LF الخاص به (قاعدة البايت في القسم 3.2).", }
    BookUnanchored { en: "Lines {from}-{to} are not covered by any stamped list: Level 1, the operator's word.", zh: "第 {from}-{to} 行没有被任何盖章清单覆盖：第 1 级，运营者的说法。", ar: "الأسطر {from}-{to} لا تغطيها أي قائمة مختومة زمنيًا: المستوى 1، كلمة المشغّل.", }
    ProblemLine { en: "Line {line}: the {check} check failed", zh: "第 {line} 行：{check} 检查失败", ar: "السطر {line}: فشل فحص {check}", }
    ProblemExpected { en: "Expected (recomputed here)", zh: "预期值（在此重新计算）", ar: "المتوقع (أُعيد حسابه هنا)", }
    ProblemFound { en: "Found (in the line)", zh: "实际值（行中所写）", ar: "الموجود (في السطر)", }
    ProblemsAll { en: "All problems found", zh: "发现的全部问题", ar: "كل المشكلات المكتشفة", }
    ProblemsLine { en: "Line", zh: "行", ar: "السطر", }
    ProblemsCheck { en: "Check", zh: "检查", ar: "الفحص", }
    ProblemsWhat { en: "What is wrong", zh: "问题所在", ar: "ما الخطأ", }
    ProblemsMore { en: "…and {n} more not listed.", zh: "……另有 {n} 个未列出。", ar: "…و{n} أخرى غير مدرجة.", }
    // Core's messages (core::book::chain_messages::ProblemMsg, core::book::stamp_list::StampMsg,
    // core::verifier::UncheckedWhy, core::experiment::wire::ApiMsg), rendered by
    // i18n::core_messages. The English is the CLI's and the experiment API's.
    CoreFirstN { en: "the first line's n must be 1", zh: "第一行的 n 必须为 1", ar: "يجب أن يكون الحقل \u{2066}n\u{2069} في السطر الأول 1", }
    CoreNotPosition { en: "n is not the line's position {expected}", zh: "n 不是该行的位置 {expected}", ar: "الحقل \u{2066}n\u{2069} ليس موضع السطر {expected}", }
    CoreNotNext { en: "n is not {expected}, one more than the previous line's n", zh: "n 不是 {expected}（上一行的 n 加一）", ar: "الحقل \u{2066}n\u{2069} ليس {expected}، أي قيمة \u{2066}n\u{2069} في السطر السابق زائد واحد", }
    CoreFirstPrev { en: "prev of line 1 must be the empty string", zh: "第 1 行的 prev 必须是空字符串", ar: "يجب أن يكون الحقل \u{2066}prev\u{2069} في السطر 1 نصًا فارغًا", }
    CorePrevNotLink { en: "prev is not the link of line {line}", zh: "prev 不是第 {line} 行的链接", ar: "الحقل \u{2066}prev\u{2069} ليس رابط السطر {line}", }
    CoreMissingField { en: "missing field {field}", zh: "缺少字段 {field}", ar: "الحقل {field} مفقود", }
    CoreTooLong { en: "line is {bytes} bytes, longer than the {max}-byte limit; not parsed", zh: "该行有 {bytes} 字节，超过 {max} 字节的上限；未解析", ar: "طول السطر {bytes} بايت، أطول من الحد البالغ {max} بايت؛ لم يُحلَّل", }
    CoreBareCr { en: "bare CR at byte {at} of the line: Python's universal newlines would split the line there, so the reference cannot read it as one JSON line", zh: "该行第 {at} 字节处有单独的 CR：Python 的通用换行会在此处把该行拆开，因此参考实现无法把它当作一行 JSON 读取", ar: "محرف CR منفرد عند البايت {at} من السطر: ستقسم الأسطر الجديدة الشاملة في Python السطر هناك، فلا يستطيع التنفيذ المرجعي قراءته سطر JSON واحدًا", }
    CoreNotJson { en: "not valid JSON: {detail} at byte {at}", zh: "不是有效的 JSON：{detail}（第 {at} 字节）", ar: "ليس JSON صالحًا: {detail} عند البايت {at}", }
    CoreNotObject { en: "line is a JSON {kind}, not an object", zh: "该行是 JSON {kind}，不是对象", ar: "السطر قيمة JSON من النوع {kind}، لا كائن", }
    CoreLoneSurrogate { en: "cannot be sealed: string holds the lone surrogate \\u{code_point}, which UTF-8 cannot encode (Python's .encode() fails on it too, so no seal exists for this line)", zh: "无法封印：字符串含有单独的代理项 \\u{code_point}，UTF-8 无法编码它（Python 的 .encode() 同样会失败，因此这一行没有封印）", ar: "لا يمكن ختمه: يحوي النص بديلًا منفردًا \u{2066}\\u{code_point}\u{2069} لا يستطيع UTF-8 ترميزه (ويفشل \u{2066}.encode()\u{2069} في Python عليه أيضًا، فلا ختم لهذا السطر)", }
    CoreSealMismatch { en: "seal is not SHA-256 of the line's content", zh: "封印不是该行内容的 SHA-256", ar: "الختم ليس SHA-256 لمحتوى السطر", }
    CoreLinkMismatch { en: "link is not SHA-256 of the line without its link", zh: "链接不是去掉链接字段后该行的 SHA-256", ar: "الرابط ليس SHA-256 للسطر دون رابطه", }
    CoreBookTooShort { en: "the book has only {lines} complete lines; the stamp covers {stamped}", zh: "账本只有 {lines} 个完整行；该盖章覆盖 {stamped} 行", ar: "في الدفتر {lines} سطرًا كاملًا فقط؛ والطابع يغطي {stamped}", }
    CorePrefixRewritten { en: "the first {lines} lines do not hash to the stamped sha256: the stamped prefix was rewritten", zh: "前 {lines} 行的哈希不是盖章的 sha256：被盖章的前缀已被改写", ar: "تجزئة أول {lines} سطرًا ليست قيمة sha256 المختومة زمنيًا: أُعيدت كتابة البادئة المختومة زمنيًا", }
    CoreLastLinkDiffers { en: "line {line} does not carry the stamped last link", zh: "第 {line} 行没有带着盖章的最后链接", ar: "السطر {line} لا يحمل آخر رابط مختوم زمنيًا", }
    CoreNotChosen { en: "no entry names the ledger {ledger} chosen with --ledger", zh: "没有条目指向用 --ledger 选择的账本 {ledger}", ar: "لا مدخل يذكر الدفتر {ledger} المختار بـ \u{2066}--ledger\u{2069}", }
    CoreNoBookOneEntry { en: "its entry ({entries}) names {books}, hashes like its first lines or has its line kinds", zh: "它的条目（{entries}）既未指向{books}，也不与其开头各行的哈希相同，也不具有其各行的种类", ar: "مدخلها ({entries}) لا يذكر {books}، ولا تطابق تجزئته أسطره الأولى، ولا له أنواع أسطره", }
    CoreNoBookManyEntries { en: "none of its {n} entries ({entries}) names {books}, hashes like its first lines or has its line kinds", zh: "它的 {n} 个条目（{entries}）都未指向{books}，也都不与其开头各行的哈希相同，也不具有其各行的种类", ar: "لا أحد من مدخلاتها البالغة {n} ({entries}) يذكر {books}، ولا تطابق تجزئته أسطره الأولى، ولا له أنواع أسطره", }
    CoreEntryLines { en: "{ledger}: {lines} lines", zh: "{ledger}：{lines} 行", ar: "{ledger}: عدد الأسطر {lines}", }
    CoreTheBook { en: "the book {book}", zh: "账本 {book}", ar: "الدفتر {book}", }
    CoreAnyOfBooks { en: "any of the books {books}", zh: "任一账本 {books}", ar: "أي دفتر من {books}", }
    CoreListJoin { en: ", ", zh: "、", ar: "، ", }
    ApiBodyTooLarge { en: "the request body has {bytes} bytes or more; at most {max} are read", zh: "请求正文有 {bytes} 字节或更多；最多只读取 {max} 字节", ar: "حجم متن الطلب {bytes} بايت أو أكثر؛ ولا يُقرأ منه أكثر من {max}", }
    ApiNotJson { en: "the body is not JSON: {detail}", zh: "请求正文不是 JSON：{detail}", ar: "متن الطلب ليس JSON: {detail}", }
    ApiNotObject { en: "the body must be a JSON object", zh: "请求正文必须是 JSON 对象", ar: "يجب أن يكون متن الطلب كائن JSON", }
    ApiUnknownField { en: "unknown field {key}; the fields are {allowed}", zh: "未知字段 {key}；可用字段为 {allowed}", ar: "حقل غير معروف {key}؛ الحقول هي {allowed}", }
    ApiReaderMissing { en: "reader is missing", zh: "缺少 reader（读者标识符）", ar: "الحقل \u{2066}reader\u{2069} مفقود", }
    ApiReaderMalformed { en: "reader must be \"r-\" and 32 lowercase hexadecimal digits", zh: "reader 必须是 \"r-\" 加 32 个小写十六进制数字", ar: "يجب أن يكون \u{2066}reader\u{2069} هو \u{2066}\"r-\"\u{2069} متبوعًا بـ 32 رقمًا ست عشريًا بأحرف صغيرة", }
    ApiUnknownReader { en: "no reader has this identifier; ask for a new one", zh: "没有读者使用此标识符；请申请一个新的", ar: "لا قارئ بهذا المعرّف؛ اطلب معرّفًا جديدًا", }
    ApiSessionMissing { en: "session is missing", zh: "缺少会话", ar: "الجلسة مفقودة", }
    ApiNotOpenSession { en: "session {session} is not the open session, {open}", zh: "会话 {session} 不是当前开放的会话 {open}", ar: "الجلسة {session} ليست الجلسة المفتوحة، {open}", }
    ApiSessionClosed { en: "forecasts for this session closed at its reference time, {at}", zh: "本会话的预测已在其参考时间 {at} 截止", ar: "أُغلق باب التوقعات لهذه الجلسة عند وقتها المرجعي، {at}", }
    ApiResetNotBool { en: "reset must be true or false", zh: "reset 必须是 true 或 false", ar: "يجب أن تكون قيمة \u{2066}reset\u{2069} هي \u{2066}true\u{2069} أو \u{2066}false\u{2069}", }
    ApiUnknownMarket { en: "market must be one of {markets}", zh: "市场必须是以下之一：{markets}", ar: "يجب أن يكون السوق واحدًا من {markets}", }
    ApiBadDirection { en: "direction must be \"up\" or \"down\"", zh: "方向必须是 \"up\"（涨）或 \"down\"（跌）", ar: "يجب أن يكون الاتجاه \u{2066}\"up\"\u{2069} (صعود) أو \u{2066}\"down\"\u{2069} (هبوط)", }
    ApiBadConfidence { en: "confidence must be an integer percent from {min} to {max}", zh: "信心必须是 {min} 到 {max} 之间的整数百分比", ar: "يجب أن تكون الثقة نسبة مئوية صحيحة من {min} إلى {max}", }
    ApiBadStage { en: "stage must be \"single\", \"private\" or \"final\"", zh: "阶段必须是 \"single\"、\"private\" 或 \"final\"", ar: "يجب أن تكون المرحلة \u{2066}\"single\"\u{2069} أو \u{2066}\"private\"\u{2069} أو \u{2066}\"final\"\u{2069}", }
    ApiFinalWithoutPrivate { en: "a final forecast needs a private forecast for the same market and session first", zh: "最终预测需要先有同一市场、同一会话的私下预测", ar: "يحتاج التوقع النهائي أولًا إلى توقع خاص للسوق نفسه والجلسة نفسها", }
    ApiTooManyForecasts { en: "this reader already has {max} forecasts for this market in this session, the most kept; the first one counts", zh: "此读者在本会话中对该市场已有 {max} 个预测，已达保存上限；只有第一个计入", ar: "لدى هذا القارئ بالفعل {max} توقعات لهذا السوق في هذه الجلسة، وهو أقصى ما يُحفظ؛ الأول وحده يُحتسب", }
    ApiRateLimited { en: "too many requests from this address; retry in {seconds} s", zh: "来自此地址的请求过多；请在 {seconds} 秒后重试", ar: "طلبات كثيرة جدًا من هذا العنوان؛ أعد المحاولة بعد {seconds} ثانية", }
    ApiNoSession { en: "the league has no open session", zh: "联赛没有开放的会话", ar: "لا جلسة مفتوحة في الدوري", }
    ApiStorageFailed { en: "the forecast store failed; nothing was recorded", zh: "预测存储失败；没有记录任何内容", ar: "فشل مخزن التوقعات؛ لم يُسجَّل شيء", }
    ApiNotFound { en: "no such experiment endpoint", zh: "没有这个实验接口", ar: "لا توجد نقطة النهاية هذه في التجربة", }
    ApiNoExplanation { en: "The server answered HTTP {status} without an explanation.", zh: "服务器以 HTTP {status} 回答，但没有说明。", ar: "أجاب الخادم بـ HTTP {status} دون تفسير.", }

    StampsTitle { en: "Stamps", zh: "盖章", ar: "الطوابع", }
    StampsNone { en: "No stamped list names this book. Add the day's list ({path}) to check that the book still begins with what was stamped.", zh: "没有任何盖章清单提到这本账本。添加当天的清单（{path}），以检查账本是否仍以被盖章的内容开头。", ar: "لا تذكر أي قائمة مختومة زمنيًا هذا الدفتر. أضف قائمة اليوم ({path}) لتتحقق من أن الدفتر ما يزال يبدأ بما خُتم زمنيًا.", }
    CompareMatches { en: "{what}: matches", zh: "{what}：相符", ar: "{what}: مطابق", }
    CompareDiffers { en: "{what}: does not match", zh: "{what}：不符", ar: "{what}: غير مطابق", }
    CompareStamped { en: "stamped", zh: "盖章值", ar: "المختوم زمنيًا", }
    CompareThisFile { en: "this file", zh: "本文件", ar: "هذا الملف", }
    StampCovers { en: "{ledger} · first {lines}{how}", zh: "{ledger} · 前 {lines}{how}", ar: "{ledger} · أول {lines}{how}", }
    StampMatches { en: "Matches", zh: "相符", ar: "مطابق", }
    StampDiffers { en: "Does not match", zh: "不符", ar: "غير مطابق", }
    StampDetails { en: "Prefix SHA-256 and last link, stamped and in this file", zh: "前缀 SHA-256 和最后的链接：盖章值与本文件的值", ar: "SHA-256 للبادئة وآخر رابط، المختوم زمنيًا وما في هذا الملف", }
    StampPrefix { en: "Prefix SHA-256", zh: "前缀 SHA-256", ar: "SHA-256 للبادئة", }
    ListsTitle { en: "Stamped lists", zh: "盖章清单", ar: "القوائم المختومة زمنيًا", }
    ListUnreadable { en: "Cannot read the list: {why}", zh: "无法读取清单：{why}", ar: "تعذّرت قراءة القائمة: {why}", }
    ListChecksNothing { en: " checks nothing: {why}. Add the book it stamps.", zh: " 没有检查任何内容：{why}。请添加它盖章的账本。", ar: " لا تفحص شيئًا: {why}. أضف الدفتر الذي تختمه زمنيًا.", }
    ListsUnmatched { en: "These entries name a ledger that was not dropped, so they were not checked:", zh: "这些条目指向未拖入的账本，因此未检查：", ar: "تذكر هذه المدخلات دفترًا لم يُفلت، لذا لم تُفحص:", }
    ListUnmatchedEntry { en: " · {ledger}: first {lines}", zh: " · {ledger}：前 {lines}", ar: " · {ledger}: أول {lines}", }
    ListsNotLists { en: "Not stamped lists (no ledger entry line), so not checked: {files}.", zh: "不是盖章清单（没有账本条目行），因此未检查：{files}。", ar: "ليست قوائم مختومة زمنيًا (لا سطر مدخل لدفتر)، لذا لم تُفحص: {files}.", }
    ProofNotChecked { en: "{file}: not checked", zh: "{file}：未检查", ar: "{file}: لم يُفحص", }
    ProofOtherFile { en: "{proof} stamps a different file: its digest is not the digest of {file}", zh: "{proof} 盖章的是另一个文件：其摘要不是 {file} 的摘要", ar: "{proof} يختم زمنيًا ملفًا آخر: بصمته ليست بصمة {file}", }
    ProofTheFile { en: "the file", zh: "该文件", ar: "الملف", }
    ProofHeadersRejected { en: "{file}: the supplied headers were rejected ({why})", zh: "{file}：提供的区块头被拒绝（{why}）", ar: "{file}: رُفضت الترويسات المقدَّمة ({why})", }
    ProofSays { en: "{file}: {what}", zh: "{file}：{what}", ar: "{file}: {what}", }
    ProofVerifiedInBitcoin { en: "Verified in Bitcoin", zh: "已在比特币中验证", ar: "تم التحقق في بيتكوين", }
    ProofNotVerifiedYet { en: "Not verified yet", zh: "尚未验证", ar: "لم يتم التحقق بعد", }
    ProofWhole { en: "The whole proof, as {ots} prints it", zh: "完整证明，按 {ots} 的打印格式", ar: "الإثبات كاملًا كما يطبعه {ots}", }
    ProofDigestMatches { en: "{op} digest of {file}: matches the proof", zh: "{file} 的 {op} 摘要：与证明相符", ar: "بصمة {op} للملف {file}: تطابق الإثبات", }
    ProofDigestDiffers { en: "{op} digest of {file}: does not match the proof", zh: "{file} 的 {op} 摘要：与证明不符", ar: "بصمة {op} للملف {file}: لا تطابق الإثبات", }
    AttBitcoin { en: "Bitcoin block {height}", zh: "比特币区块 {height}", ar: "كتلة بيتكوين {height}", }
    AttLitecoin { en: "Litecoin block {height}", zh: "莱特币区块 {height}", ar: "كتلة لايتكوين {height}", }
    AttEthereum { en: "Ethereum block {height}", zh: "以太坊区块 {height}", ar: "كتلة إيثيريوم {height}", }
    AttUnknown { en: "Unknown notary (tag {tag})", zh: "未知公证方（标签 {tag}）", ar: "جهة توثيق مجهولة (الوسم {tag})", }
    AttPending { en: "Pending at a calendar", zh: "在日历服务器处等待", ar: "قيد الانتظار لدى خادم تقويم", }
    AttPendingNote { en: "Not yet verifiable: the calendar {uri} promises a Bitcoin attestation later. Upgrade the proof from it ({cmd1} or {cmd2}) and drop the upgraded proof.", zh: "尚不可验证：日历服务器 {uri} 承诺稍后提供比特币证明。从它升级证明（{cmd1} 或 {cmd2}），再拖入升级后的证明。", ar: "غير قابل للتحقق بعد: يعد خادم التقويم {uri} بشهادة بيتكوين لاحقًا. حدّث الإثبات منه ({cmd1} أو {cmd2}) ثم أفلت الإثبات المحدَّث.", }
    AttUnknownNote { en: "A notary this verifier does not know; kept as it is and not checked.", zh: "本验证器不认识的公证方；按原样保留，不予检查。", ar: "جهة توثيق لا تعرفها أداة التحقق هذه؛ تُترك كما هي ولا تُفحص.", }
    AttConfirmed { en: "Confirmed by the header", zh: "已由区块头确认", ar: "أكدته الترويسة", }
    AttNotConfirmed { en: "Not confirmed by the headers", zh: "未被区块头确认", ar: "لم تؤكده الترويسات", }
    AttNeedsHeader { en: "Needs the block header", zh: "需要区块头", ar: "يحتاج إلى ترويسة الكتلة", }
    AttNotChecked { en: "Not checked", zh: "未检查", ar: "لم يُفحص", }
    AttBlockHash { en: "Block hash of the supplied header", zh: "所提供区块头的区块哈希", ar: "تجزئة الكتلة للترويسة المقدَّمة", }
    AttHeaderTime { en: "Header time", zh: "区块头时间", ar: "وقت الترويسة", }
    AttOperations { en: "Operations from the file's digest ({n} steps)", zh: "从文件摘要出发的操作（{n} 步）", ar: "العمليات بدءًا من بصمة الملف (عدد الخطوات: {n})", }
    AttOnlyBitcoin { en: "Not checked here: only Bitcoin attestations are verified against block headers.", zh: "此处未检查：只有比特币证明会对照区块头进行验证。", ar: "لم يُفحص هنا: يتم التحقق من شهادات بيتكوين وحدها مقابل ترويسات الكتل.", }
    ChecksMade { en: "Checks made in this browser", zh: "在本浏览器中进行的检查", ar: "الفحوص التي أُجريت في هذا المتصفح", }
    HeaderFailed { en: "Failed: {why}", zh: "失败：{why}", ar: "فشل: {why}", }
    HeaderNotChecked { en: "Not checked: {why}", zh: "未检查：{why}", ar: "لم يُفحص: {why}", }
    ChainBuilt { en: "Chain built", zh: "已构建的证书链", ar: "السلسلة المبنية", }
    CertSigner { en: "signer", zh: "签名者", ar: "الموقِّع", }
    CertAnchor { en: "trust anchor", zh: "信任锚", ar: "مرساة الثقة", }
    CertIntermediate { en: "intermediate", zh: "中间证书", ar: "شهادة وسيطة", }
    CertValid { en: "valid {from} to {to} · {key} · SHA-256 ", zh: "有效期 {from} 至 {to} · {key} · SHA-256 ", ar: "صالحة من {from} إلى {to} · {key} · SHA-256 ", }
    TokenVerifiedAtGen { en: "Verified at genTime (not now)", zh: "在 genTime 时已验证（现在无效）", ar: "تم التحقق عند genTime (لا الآن)", }
    TokenValid { en: "valid", zh: "有效", ar: "صالحة", }
    TokenNotValid { en: "not valid: {why}", zh: "无效：{why}", ar: "غير صالحة: {why}", }
    TokenStillProves { en: "{chain} (the token still proves the time: RFC 3161 App. B checks the chain at genTime)", zh: "{chain}（令牌仍可证明时间：RFC 3161 附录 B 在 genTime 时检查证书链）", ar: "{chain} (ما يزال الرمز يثبت الوقت: يفحص الملحق B من RFC 3161 السلسلة عند genTime)", }
    TokenOn { en: "RFC 3161 timestamp on {list}", zh: "{list} 上的 RFC 3161 时间戳", ar: "طابع زمني RFC 3161 على {list}", }
    TokenNoSigner { en: "Signer certificate not supplied: the token embeds no certificates, so its signature cannot be checked. Drop the certificate with {who} (and its intermediate) as a .pem file beside the token.", zh: "未提供签名者证书：令牌未嵌入任何证书，因此无法检查其签名。请将 {who} 的证书（及其中间证书）作为 .pem 文件与令牌一起拖入。", ar: "لم تُقدَّم شهادة الموقِّع: لا يضم الرمز أي شهادة، فلا يمكن فحص توقيعه. أفلت شهادة {who} (ووسيطتها) كملف \u{2066}.pem\u{2069} بجانب الرمز.", }
    FactAuthority { en: "Authority", zh: "机构", ar: "الجهة", }
    FactSerial { en: "Serial", zh: "序列号", ar: "الرقم التسلسلي", }
    FactPolicy { en: "Policy", zh: "策略", ar: "السياسة", }
    FactImprintAlg { en: "Imprint algorithm", zh: "印记算法", ar: "خوارزمية البصمة", }
    FactSignatureAlg { en: "Signature algorithm", zh: "签名算法", ar: "خوارزمية التوقيع", }
    FactChainAtGen { en: "Chain at genTime (the verdict)", zh: "genTime 时的证书链（结论）", ar: "السلسلة عند genTime (الحكم)", }
    FactChainNow { en: "Chain now", zh: "当前的证书链", ar: "السلسلة الآن", }
    RekorIncluded { en: "Included in the log", zh: "已收录于日志", ar: "مُدرج في السجل", }
    RekorFor { en: "Sigstore Rekor entry for {list}", zh: "{list} 的 Sigstore Rekor 条目", ar: "مدخل Sigstore Rekor لـ {list}", }
    RekorUnsignedTime { en: "In the log: the inclusion proof and the signed checkpoint verify. The entry has no signed entry timestamp, so its integratedTime is unsigned and no time is established from it.", zh: "在日志中：包含证明和签名检查点均通过验证。该条目没有签名条目时间戳，因此其 integratedTime 未签名，无法据此确立时间。", ar: "في السجل: يجتاز إثبات التضمين ونقطة التحقق الموقّعة التحقق. لا يحمل المدخل طابعًا زمنيًا موقّعًا، فقيمة integratedTime غير موقّعة ولا يثبت منها أي وقت.", }
    FactIntegratedPublic { en: "integratedTime (public from)", zh: "integratedTime（自此公开）", ar: "integratedTime (علني منذ)", }
    FactIntegratedUnsigned { en: "integratedTime (unsigned, no time established)", zh: "integratedTime（未签名，未确立时间）", ar: "integratedTime (غير موقّع، لم يثبت أي وقت)", }
    FactLogIndex { en: "Log index", zh: "日志索引", ar: "فهرس السجل", }
    AnchorsUsed { en: "Trust anchors used: {n} from {files}", zh: "使用的信任锚：{n} 个，来自 {files}", ar: "مراسي الثقة المستخدمة: {n} من {files}", }
    RekorLogKey { en: "Rekor log key: ", zh: "Rekor 日志密钥：", ar: "مفتاح سجل Rekor: ", }

    // RFC 3161 token and Rekor entry checks (core::check_messages::CheckMsg with its
    // SigError and PathError, the PKI's errors), rendered by
    // i18n::check_messages. The English is the CLI's; a check's name in English is its id.
    ChkIdStatus { en: "status", zh: "响应状态", ar: "حالة الاستجابة", }
    ChkIdTstVersion { en: "tst_version", zh: "TSTInfo 版本", ar: "إصدار \u{2066}TSTInfo\u{2069}", }
    ChkIdImprintAlgorithm { en: "imprint_algorithm", zh: "印记算法", ar: "خوارزمية البصمة", }
    ChkIdImprint { en: "imprint", zh: "印记", ar: "البصمة", }
    ChkIdNonce { en: "nonce", zh: "随机数（nonce）", ar: "القيمة العشوائية (\u{2066}nonce\u{2069})", }
    ChkIdSigner { en: "signer", zh: "签名者证书", ar: "شهادة الموقِّع", }
    ChkIdContentTypeAttr { en: "content_type_attr", zh: "contentType 属性", ar: "السمة \u{2066}contentType\u{2069}", }
    ChkIdMessageDigestAttr { en: "message_digest_attr", zh: "messageDigest 属性", ar: "السمة \u{2066}messageDigest\u{2069}", }
    ChkIdSignature { en: "signature", zh: "签名", ar: "التوقيع", }
    ChkIdSignatureAlgorithm { en: "signature_algorithm", zh: "签名算法", ar: "خوارزمية التوقيع", }
    ChkIdEssCertId { en: "ess_cert_id", zh: "ESS 签名证书绑定", ar: "ربط شهادة التوقيع \u{2066}ESS\u{2069}", }
    ChkIdLeafEku { en: "leaf_eku", zh: "签名者证书的扩展密钥用途", ar: "استخدام المفتاح الموسَّع لشهادة الموقِّع", }
    ChkIdChainAtGenTime { en: "chain_at_gen_time", zh: "genTime 时的证书链", ar: "السلسلة عند genTime", }
    ChkIdChainNow { en: "chain_now", zh: "当前的证书链", ar: "السلسلة الآن", }
    ChkIdTsaName { en: "tsa_name", zh: "tsa 名称", ar: "اسم \u{2066}tsa\u{2069}", }
    ChkIdPinnedSigner { en: "pinned_signer", zh: "指定的机构", ar: "الجهة المثبَّتة", }
    ChkIdBody { en: "body", zh: "条目正文", ar: "متن المدخل", }
    ChkIdBodyHash { en: "body_hash", zh: "正文中的哈希", ar: "التجزئة في المتن", }
    ChkIdEntryUuid { en: "entry_uuid", zh: "条目的 uuid", ar: "معرّف \u{2066}uuid\u{2069} للمدخل", }
    ChkIdLogId { en: "log_id", zh: "日志 ID", ar: "معرّف السجل", }
    ChkIdInclusionProof { en: "inclusion_proof", zh: "包含证明", ar: "إثبات التضمين", }
    ChkIdCheckpoint { en: "checkpoint", zh: "检查点", ar: "نقطة التحقق", }
    ChkIdSignedEntryTimestamp { en: "signed_entry_timestamp", zh: "签名条目时间戳", ar: "الطابع الزمني الموقّع للمدخل", }
    ChkIdValidFor { en: "valid_for", zh: "有效期", ar: "فترة الصلاحية", }
    ChkFailed { en: "{check}: {detail}", zh: "{check}：{detail}", ar: "{check}: {detail}", }
    ChkJoin { en: "; ", zh: "；", ar: "؛ ", }
    ChkStatus { en: "{name} ({code})", zh: "状态 {name}（{code}）", ar: "الحالة {name} ({code})", }
    ChkStatusTexts { en: "{status}: {texts}", zh: "{status}：{texts}", ar: "{status}: {texts}", }
    ChkStatusFailInfo { en: "{status} [failInfo: {info}]", zh: "{status} [failInfo：{info}]", ar: "{status} [\u{2066}failInfo\u{2069}: {info}]", }
    ChkStatusNoToken { en: "{status} - the authority's answer: no timestamp was granted, the response holds no token", zh: "{status} - 机构的回答：未授予时间戳，响应中没有令牌", ar: "{status} - جواب الجهة: لم يُمنح أي طابع زمني، ولا تحوي الاستجابة أي رمز", }
    ChkTstVersionOk { en: "TSTInfo version 1", zh: "TSTInfo 版本为 1", ar: "إصدار \u{2066}TSTInfo\u{2069} هو 1", }
    ChkTstVersionBad { en: "TSTInfo version {version} (must be 1)", zh: "TSTInfo 版本为 {version}（必须为 1）", ar: "إصدار \u{2066}TSTInfo\u{2069} هو {version} (يجب أن يكون 1)", }
    ChkImprintAlgWeak { en: "{alg} is collision-broken: its digests no longer bind the data from {since}", zh: "{alg} 已被碰撞攻破：自 {since} 起其摘要不再能绑定数据", ar: "الخوارزمية {alg} مكسورة أمام التصادمات: لم تعد ملخصاتها تربط البيانات ابتداءً من {since}", }
    ChkImprintAlgOk { en: "{alg} (parameters {params})", zh: "{alg}（参数 {params}）", ar: "{alg} (المعاملات {params})", }
    ChkImprintAlgUnsupported { en: "unsupported hash algorithm {oid}", zh: "不支持的哈希算法 {oid}", ar: "خوارزمية تجزئة غير مدعومة {oid}", }
    ChkImprintNoAlgorithm { en: "cannot compute: unsupported hash algorithm", zh: "无法计算：不支持的哈希算法", ar: "تعذّر الحساب: خوارزمية تجزئة غير مدعومة", }
    ChkImprintMatches { en: "{alg} {digest} matches", zh: "{alg} {digest} 相符", ar: "تطابق {alg} {digest}", }
    ChkImprintDiffers { en: "token stamps {alg} {stamped}, the data hashes to {data}", zh: "令牌盖印的是 {alg} {stamped}，数据的哈希为 {data}", ar: "يختم الرمز {alg} {stamped}، وتجزئة البيانات هي {data}", }
    ChkNonceNotExpected { en: "no nonce expected", zh: "未要求 nonce", ar: "لا يُنتظر أي \u{2066}nonce\u{2069}", }
    ChkNonceEchoed { en: "{nonce}", zh: "回显的 nonce：{nonce}", ar: "القيمة \u{2066}nonce\u{2069} المُعادة: {nonce}", }
    ChkNonceDiffers { en: "expected nonce {expected}, found {found}", zh: "期望 nonce {expected}，实际为 {found}", ar: "كان المنتظر \u{2066}nonce\u{2069} {expected}، ووُجد {found}", }
    ChkNonceMissing { en: "expected nonce {expected}, found none", zh: "期望 nonce {expected}，但令牌中没有", ar: "كان المنتظر \u{2066}nonce\u{2069} {expected}، ولم يوجد شيء", }
    ChkSignerInfoCount { en: "{n} SignerInfos; RFC 3161 §2.4.2 requires exactly one", zh: "{n} 个 SignerInfo；RFC 3161 §2.4.2 要求恰好一个", ar: "عدد \u{2066}SignerInfo\u{2069}: {n}؛ ويشترط RFC 3161 \u{2066}§2.4.2\u{2069} واحدًا بالضبط", }
    ChkSidIssuerSerial { en: "issuer \"{issuer}\", serial {serial}", zh: "颁发者“{issuer}”、序列号 {serial}", ar: "المُصدِر «{issuer}» والرقم التسلسلي {serial}", }
    ChkSidKeyId { en: "subject key identifier {id}", zh: "主体密钥标识符 {id}", ar: "معرّف مفتاح الموضوع {id}", }
    ChkSignerNotSupplied { en: "signer certificate not supplied: the token embeds no certificates; the certificate with {sid} is needed to check the signature", zh: "未提供签名者证书：令牌未嵌入任何证书；需要具有{sid}的证书才能检查签名", ar: "لم تُقدَّم شهادة الموقِّع: لا يضمّن الرمز أي شهادة؛ وتلزم الشهادة ذات {sid} لفحص التوقيع", }
    ChkSignerNotAmong { en: "signer certificate ({sid}) not among the token's or supplied certificates", zh: "签名者证书（{sid}）既不在令牌的证书中，也不在提供的证书中", ar: "شهادة الموقِّع ({sid}) ليست بين شهادات الرمز ولا الشهادات المقدَّمة", }
    ChkSignerFoundInToken { en: "\"{subject}\" found by {sid} (certificate {i} of {n} in the token)", zh: "按{sid}找到“{subject}”（令牌中 {n} 个证书里的第 {i} 个）", ar: "وُجدت «{subject}» بواسطة {sid} (الشهادة {i} من {n} في الرمز)", }
    ChkSignerFoundSupplied { en: "\"{subject}\" found by {sid} (supplied separately)", zh: "按{sid}找到“{subject}”（单独提供）", ar: "وُجدت «{subject}» بواسطة {sid} (مقدَّمة على حدة)", }
    ChkSignerClaimants { en: "{found}; {n} certificates claim this identifier", zh: "{found}；有 {n} 个证书声称具有此标识符", ar: "{found}؛ وعدد الشهادات التي تدّعي هذا المعرّف: {n}", }
    ChkNoSignedAttrsForTstInfo { en: "SignerInfo has no signed attributes (required for TSTInfo content)", zh: "SignerInfo 没有已签名属性（TSTInfo 内容要求有）", ar: "لا سمات موقّعة في \u{2066}SignerInfo\u{2069} (وهي لازمة لمحتوى \u{2066}TSTInfo\u{2069})", }
    ChkNoSignedAttrs { en: "no signed attributes", zh: "没有已签名属性", ar: "لا سمات موقّعة", }
    ChkAttrMissing { en: "signed attribute {oid} missing", zh: "缺少已签名属性 {oid}", ar: "السمة الموقّعة {oid} مفقودة", }
    ChkAttrValues { en: "signed attribute {oid} has {n} values (must be 1)", zh: "已签名属性 {oid} 有 {n} 个值（必须为 1 个）", ar: "عدد قيم السمة الموقّعة {oid}: {n} (يجب أن يكون 1)", }
    ChkAttrUnreadable { en: "{detail}", zh: "属性值无法解码：{detail}", ar: "تعذّر فك ترميز قيمة السمة: {detail}", }
    ChkContentTypeOk { en: "{oid} = eContentType", zh: "{oid} = eContentType（二者一致）", ar: "{oid} = \u{2066}eContentType\u{2069} (متطابقان)", }
    ChkContentTypeDiffers { en: "contentType attribute {attribute} differs from eContentType {econtent}", zh: "contentType 属性 {attribute} 与 eContentType {econtent} 不同", ar: "السمة \u{2066}contentType\u{2069} {attribute} تختلف عن \u{2066}eContentType\u{2069} {econtent}", }
    ChkMessageDigestNotOctets { en: "messageDigest is not an OCTET STRING", zh: "messageDigest 不是 OCTET STRING", ar: "السمة \u{2066}messageDigest\u{2069} ليست \u{2066}OCTET STRING\u{2069}", }
    ChkDigestAlgUnsupported { en: "unsupported digest algorithm {oid}", zh: "不支持的摘要算法 {oid}", ar: "خوارزمية خلاصة غير مدعومة {oid}", }
    ChkMessageDigestOk { en: "{alg} of TSTInfo = {digest}", zh: "TSTInfo 的 {alg} = {digest}", ar: "قيمة {alg} لـ \u{2066}TSTInfo\u{2069} = {digest}", }
    ChkMessageDigestDiffers { en: "{alg} of TSTInfo is {computed}, attribute says {attribute}", zh: "TSTInfo 的 {alg} 为 {computed}，属性中为 {attribute}", ar: "قيمة {alg} لـ \u{2066}TSTInfo\u{2069} هي {computed}، والسمة تقول {attribute}", }
    ChkSignerKeyUnusable { en: "signer key unusable: {detail}", zh: "签名者密钥不可用：{detail}", ar: "مفتاح الموقِّع غير صالح للاستخدام: {detail}", }
    ChkNoSignedAttrsToVerify { en: "no signed attributes to verify", zh: "没有可供验证的已签名属性", ar: "لا سمات موقّعة للتحقق منها", }
    ChkSignatureAlgWeak { en: "the signature digests with {alg}, collision-broken: signatures with it are not trusted from {since}", zh: "签名使用 {alg} 计算摘要，该算法已被碰撞攻破：自 {since} 起使用它的签名不再可信", ar: "يحسب التوقيع الملخص بالخوارزمية {alg} المكسورة أمام التصادمات: لا يوثق بالتواقيع بها ابتداءً من {since}", }
    ChkSignatureOk { en: "{scheme} with {key} key", zh: "{scheme}，使用 {key} 密钥", ar: "{scheme} بمفتاح {key}", }
    ChkChainValidAtGenTime { en: "valid at genTime {time}: {path}", zh: "在 genTime {time} 时有效：{path}", ar: "صالحة عند genTime ‏{time}: {path}", }
    ChkChainValidNow { en: "valid now ({time}): {path}", zh: "当前（{time}）有效：{path}", ar: "صالحة الآن ({time}): {path}", }
    ChkNoTrustAnchor { en: "no trust anchor supplied", zh: "未提供信任锚", ar: "لم تُقدَّم أي مرساة ثقة", }
    ChkNoPathToAnchor { en: "no path from \"{subject}\" to a supplied trust anchor (unable to get local issuer certificate)", zh: "从“{subject}”到所提供的信任锚没有路径（无法获得本地颁发者证书）", ar: "لا مسار من «{subject}» إلى مرساة ثقة مقدَّمة (تعذّر الحصول على شهادة المُصدِر محليًا)", }
    ChkNoPath { en: "no path", zh: "没有路径", ar: "لا مسار", }
    ChkNoCurrentTime { en: "no current time supplied", zh: "未提供当前时间", ar: "لم يُقدَّم الوقت الحالي", }
    ChkRoleLeaf { en: "leaf", zh: "叶证书", ar: "الشهادة الطرفية", }
    ChkRoleTrustAnchor { en: "trust anchor", zh: "信任锚", ar: "مرساة الثقة", }
    ChkRoleIntermediate { en: "intermediate {i}", zh: "第 {i} 个中间证书", ar: "الشهادة الوسيطة {i}", }
    ChkPathNotValidAt { en: "{who} \"{subject}\" is not valid at {at} (valid {from} to {to})", zh: "{who}“{subject}”在 {at} 时无效（有效期 {from} 至 {to}）", ar: "{who} «{subject}» غير صالحة عند {at} (صالحة من {from} إلى {to})", }
    ChkPathUnrecognisedCritical { en: "{who} \"{subject}\" has unrecognised critical extension {oid}", zh: "{who}“{subject}”含有无法识别的关键扩展 {oid}", ar: "في {who} «{subject}» امتداد حرج غير معروف {oid}", }
    ChkPathLenExceeded { en: "{who} \"{subject}\" pathLenConstraint {max} exceeded", zh: "{who}“{subject}”超出了 pathLenConstraint {max}", ar: "تجاوزت {who} «{subject}» القيد \u{2066}pathLenConstraint\u{2069} البالغ {max}", }
    ChkPathNotCa { en: "{who} \"{subject}\" is not a CA (basicConstraints cA false)", zh: "{who}“{subject}”不是 CA（basicConstraints 的 cA 为 false）", ar: "{who} «{subject}» ليست جهة إصدار (قيمة cA في \u{2066}basicConstraints\u{2069} خاطئة)", }
    ChkPathNoBasicConstraints { en: "{who} \"{subject}\" is not a CA (no basicConstraints)", zh: "{who}“{subject}”不是 CA（没有 basicConstraints）", ar: "{who} «{subject}» ليست جهة إصدار (لا \u{2066}basicConstraints\u{2069})", }
    ChkPathNoKeyCertSign { en: "{who} \"{subject}\" keyUsage lacks keyCertSign", zh: "{who}“{subject}”的 keyUsage 缺少 keyCertSign", ar: "يفتقر \u{2066}keyUsage\u{2069} في {who} «{subject}» إلى \u{2066}keyCertSign\u{2069}", }
    ChkSigNeedsDigest { en: "{oid} needs a separate digest algorithm", zh: "{oid} 需要单独的摘要算法", ar: "يحتاج {oid} إلى خوارزمية خلاصة منفصلة", }
    ChkSigUnsupportedAlgorithm { en: "unsupported signature algorithm {oid}", zh: "不支持的签名算法 {oid}", ar: "خوارزمية توقيع غير مدعومة {oid}", }
    ChkSigPssWithoutParams { en: "RSASSA-PSS without parameters", zh: "RSASSA-PSS 缺少参数", ar: "خوارزمية RSASSA-PSS بلا معاملات", }
    ChkSigPssParams { en: "RSASSA-PSS parameters {detail}", zh: "RSASSA-PSS 参数有误：{detail}", ar: "معاملات RSASSA-PSS: {detail}", }
    ChkSigPssMaskGeneration { en: "RSASSA-PSS: mask generation must be MGF1 with the signature's hash", zh: "RSASSA-PSS：掩码生成必须是使用签名哈希的 MGF1", ar: "RSASSA-PSS: يجب أن يكون توليد القناع MGF1 بتجزئة التوقيع نفسها", }
    ChkSigPssSaltRange { en: "RSASSA-PSS: salt length out of range", zh: "RSASSA-PSS：盐长度超出范围", ar: "RSASSA-PSS: طول الملح خارج النطاق", }
    ChkSigRsaInvalid { en: "RSA PKCS#1 v1.5 signature invalid ({detail})", zh: "RSA PKCS#1 v1.5 签名无效（{detail}）", ar: "توقيع \u{2066}RSA PKCS#1 v1.5\u{2069} غير صالح ({detail})", }
    ChkSigPssInvalid { en: "RSASSA-PSS signature invalid ({detail})", zh: "RSASSA-PSS 签名无效（{detail}）", ar: "توقيع RSASSA-PSS غير صالح ({detail})", }
    ChkSigEcdsaNotDer { en: "ECDSA signature is not a valid DER Ecdsa-Sig-Value for {curve}", zh: "ECDSA 签名不是 {curve} 的有效 DER Ecdsa-Sig-Value", ar: "توقيع ECDSA ليس قيمة \u{2066}Ecdsa-Sig-Value\u{2069} صالحة بترميز DER للمنحنى {curve}", }
    ChkSigEcdsaInvalid { en: "ECDSA {curve} signature invalid", zh: "ECDSA {curve} 签名无效", ar: "توقيع ECDSA ‏{curve} غير صالح", }
    ChkSigEd25519Invalid { en: "Ed25519 signature invalid", zh: "Ed25519 签名无效", ar: "توقيع Ed25519 غير صالح", }
    ChkSigKeyMismatch { en: "signature algorithm {scheme} does not fit a {key} key", zh: "签名算法 {scheme} 与 {key} 密钥不匹配", ar: "خوارزمية التوقيع {scheme} لا تلائم مفتاح {key}", }
    ChkEssValues { en: "{attribute} has {n} values (must be 1)", zh: "{attribute} 有 {n} 个值（必须为 1 个）", ar: "عدد قيم {attribute}: {n} (يجب أن يكون 1)", }
    ChkEssUnreadable { en: "{attribute}: {detail}", zh: "{attribute} 无法解码：{detail}", ar: "تعذّر فك ترميز {attribute}: {detail}", }
    ChkEssEmpty { en: "{attribute} lists no certificate", zh: "{attribute} 未列出任何证书", ar: "لا يذكر {attribute} أي شهادة", }
    ChkEssFirstNotSigner { en: "{attribute}: first ESSCertID ({alg} {hash}) does not identify the signer certificate \"{subject}\"", zh: "{attribute}：第一个 ESSCertID（{alg} {hash}）不能标识签名者证书“{subject}”", ar: "{attribute}: أول \u{2066}ESSCertID\u{2069} ({alg} {hash}) لا يعيّن شهادة الموقِّع «{subject}»", }
    ChkEssFirstNotSignerV2 { en: "{attribute}: first ESSCertIDv2 ({alg} {hash}) does not identify the signer certificate \"{subject}\"", zh: "{attribute}：第一个 ESSCertIDv2（{alg} {hash}）不能标识签名者证书“{subject}”", ar: "{attribute}: أول \u{2066}ESSCertIDv2\u{2069} ({alg} {hash}) لا يعيّن شهادة الموقِّع «{subject}»", }
    ChkEssNotInChain { en: "{attribute}: ESSCertID {index} ({hash}) matches no certificate of the chain", zh: "{attribute}：第 {index} 个 ESSCertID（{hash}）与证书链中的任何证书都不匹配", ar: "{attribute}: لا يطابق \u{2066}ESSCertID\u{2069} رقم {index} ({hash}) أي شهادة في السلسلة", }
    ChkEssNone { en: "neither signingCertificate nor signingCertificateV2 attribute present (RFC 3161 §2.4.1)", zh: "既没有 signingCertificate 属性，也没有 signingCertificateV2 属性（RFC 3161 §2.4.1）", ar: "لا توجد السمة \u{2066}signingCertificate\u{2069} ولا \u{2066}signingCertificateV2\u{2069} (RFC 3161 \u{2066}§2.4.1\u{2069})", }
    ChkEssBindsOne { en: "{attribute} ({ids} id) binds the signer", zh: "{attribute}（{ids} 个标识）绑定签名者", ar: "يربط {attribute} (عدد المعرّفات: {ids}) الموقِّع", }
    ChkEssBindsMany { en: "{attribute} ({ids} ids) binds the signer", zh: "{attribute}（{ids} 个标识）绑定签名者", ar: "يربط {attribute} (عدد المعرّفات: {ids}) الموقِّع", }
    ChkEssBindsOneSha1 { en: "{attribute} ({ids} id, SHA-1) binds the signer", zh: "{attribute}（{ids} 个标识，SHA-1）绑定签名者", ar: "يربط {attribute} (عدد المعرّفات: {ids}، SHA-1) الموقِّع", }
    ChkEssBindsManySha1 { en: "{attribute} ({ids} ids, SHA-1) binds the signer", zh: "{attribute}（{ids} 个标识，SHA-1）绑定签名者", ar: "يربط {attribute} (عدد المعرّفات: {ids}، SHA-1) الموقِّع", }
    ChkEkuMissing { en: "\"{subject}\" has no extendedKeyUsage (timeStamping required)", zh: "“{subject}”没有 extendedKeyUsage（要求时间戳用途 timeStamping）", ar: "لا \u{2066}extendedKeyUsage\u{2069} في «{subject}» (يلزم \u{2066}timeStamping\u{2069} للطابع الزمني)", }
    ChkEkuNotTimeStamping { en: "extendedKeyUsage is {purposes}; must be exactly timeStamping (1.3.6.1.5.5.7.3.8)", zh: "extendedKeyUsage 为 {purposes}；必须恰好是时间戳用途 timeStamping（1.3.6.1.5.5.7.3.8）", ar: "قيمة \u{2066}extendedKeyUsage\u{2069} هي {purposes}؛ ويجب أن تكون \u{2066}timeStamping\u{2069} للطابع الزمني وحدها (\u{2066}1.3.6.1.5.5.7.3.8\u{2069})", }
    ChkEkuNotCritical { en: "extendedKeyUsage timeStamping is not marked critical", zh: "extendedKeyUsage 的时间戳用途 timeStamping 未标记为关键", ar: "لم يُعلَّم \u{2066}extendedKeyUsage\u{2069} ذو \u{2066}timeStamping\u{2069} للطابع الزمني حرجًا", }
    ChkKeyUsageBits { en: "keyUsage bits {bits} do not fit a timestamping key", zh: "keyUsage 位 {bits} 不适合时间戳密钥", ar: "بتات \u{2066}keyUsage\u{2069} ‏{bits} لا تلائم مفتاح طابع زمني", }
    ChkEkuOk { en: "extendedKeyUsage = timeStamping, critical", zh: "extendedKeyUsage = timeStamping（时间戳用途），关键", ar: "‏\u{2066}extendedKeyUsage\u{2069} = \u{2066}timeStamping\u{2069} (للطابع الزمني)، حرج", }
    ChkTsaAbsent { en: "TSTInfo has no tsa field", zh: "TSTInfo 没有 tsa 字段", ar: "لا حقل \u{2066}tsa\u{2069} في \u{2066}TSTInfo\u{2069}", }
    ChkTsaNamesSigner { en: "{kind} \"{name}\" names the signer", zh: "{kind}“{name}”指的是签名者", ar: "يسمّي {kind} «{name}» الموقِّع", }
    ChkTsaNotSigner { en: "{kind} \"{name}\" does not name the signer \"{signer}\"", zh: "{kind}“{name}”指的不是签名者“{signer}”", ar: "لا يسمّي {kind} «{name}» الموقِّع «{signer}»", }
    ChkNothingPinned { en: "no authority pinned", zh: "未指定机构", ar: "لم تُثبَّت أي جهة", }
    ChkPinnedOk { en: "signer \"{signer}\" is the pinned authority", zh: "签名者“{signer}”是指定的机构", ar: "الموقِّع «{signer}» هو الجهة المثبَّتة", }
    ChkPinnedDiffers { en: "signer \"{signer}\" is not the pinned authority \"{pinned}\"", zh: "签名者“{signer}”不是指定的机构“{pinned}”", ar: "الموقِّع «{signer}» ليس الجهة المثبَّتة «{pinned}»", }
    ChkBodyOk { en: "{kind} {version}", zh: "条目类型 {kind}，版本 {version}", ar: "نوع المدخل {kind}، الإصدار {version}", }
    ChkBodyUnreadable { en: "{detail}", zh: "无法读取条目正文：{detail}", ar: "تعذّرت قراءة متن المدخل: {detail}", }
    ChkNoDataGiven { en: "no data or digest given", zh: "未提供数据或摘要", ar: "لم تُقدَّم بيانات ولا خلاصة", }
    ChkBodyHashUnreadable { en: "body unreadable", zh: "正文无法读取", ar: "المتن غير مقروء", }
    ChkBodyHashAlg { en: "body hash algorithm is {alg}, not sha256", zh: "正文的哈希算法是 {alg}，不是 sha256", ar: "خوارزمية التجزئة في المتن هي {alg}، لا sha256", }
    ChkBodyHashOk { en: "body names sha256 {digest}", zh: "正文记载的 sha256 为 {digest}", ar: "يذكر المتن قيمة sha256 ‏{digest}", }
    ChkBodyHashDiffers { en: "body names sha256 {body}, the data is {data}", zh: "正文记载的 sha256 为 {body}，而数据的为 {data}", ar: "يذكر المتن قيمة sha256 ‏{body}، وقيمة البيانات {data}", }
    ChkUuidAbsent { en: "entry given without its uuid", zh: "给出的条目不带 uuid", ar: "قُدِّم المدخل دون \u{2066}uuid\u{2069} الخاص به", }
    ChkUuidOk { en: "uuid ends with the leaf hash {leaf}", zh: "uuid 以叶哈希 {leaf} 结尾", ar: "ينتهي \u{2066}uuid\u{2069} بتجزئة الورقة {leaf}", }
    ChkUuidDiffers { en: "uuid {uuid} does not end with the leaf hash {leaf}", zh: "uuid {uuid} 不以叶哈希 {leaf} 结尾", ar: "لا ينتهي \u{2066}uuid\u{2069} ‏{uuid} بتجزئة الورقة {leaf}", }
    ChkLogIdOk { en: "logID {id} = SHA-256 of the supplied key", zh: "logID {id} = 所提供密钥的 SHA-256", ar: "قيمة \u{2066}logID\u{2069} ‏{id} = SHA-256 للمفتاح المقدَّم", }
    ChkLogIdNoteKeyOk { en: "logID {id} = the key ID of the supplied Ed25519 key under the log's name \"{origin}\" (C2SP signed note)", zh: "logID {id} = 所提供 Ed25519 密钥在日志名称“{origin}”下的密钥 ID（C2SP 签名注记）", ar: "قيمة \u{2066}logID\u{2069} ‏{id} = معرّف المفتاح Ed25519 المقدَّم تحت اسم السجل «{origin}» ‏(ملاحظة موقّعة وفق C2SP)", }
    ChkLogIdDiffers { en: "logID {entry} is not the supplied key's {key}", zh: "logID {entry} 不是所提供密钥的 {key}", ar: "قيمة \u{2066}logID\u{2069} ‏{entry} ليست قيمة المفتاح المقدَّم {key}", }
    ChkNoInclusionProof { en: "entry has no inclusion proof", zh: "条目没有包含证明", ar: "لا إثبات تضمين في المدخل", }
    ChkLeafIndexTooLarge { en: "leaf index {index} is not below tree size {size}", zh: "叶索引 {index} 不小于树大小 {size}", ar: "فهرس الورقة {index} ليس أصغر من حجم الشجرة {size}", }
    ChkProofTooLong { en: "proof has more hashes than the tree needs", zh: "证明中的哈希多于这棵树所需", ar: "في الإثبات تجزئات أكثر مما تحتاجه الشجرة", }
    ChkProofTooShort { en: "proof has fewer hashes than the tree needs", zh: "证明中的哈希少于这棵树所需", ar: "في الإثبات تجزئات أقل مما تحتاجه الشجرة", }
    ChkInclusionOk { en: "leaf {index} of {size} ({hashes} hashes) reaches root {root}", zh: "{size} 个叶中的第 {index} 个（{hashes} 个哈希）到达根 {root}", ar: "تصل الورقة {index} من {size} (عدد التجزئات: {hashes}) إلى الجذر {root}", }
    ChkInclusionDiffers { en: "proof reaches {reached}, entry claims root {claimed}", zh: "证明到达 {reached}，条目声称的根为 {claimed}", ar: "يصل الإثبات إلى {reached}، ويدّعي المدخل الجذر {claimed}", }
    ChkNoCheckpoint { en: "inclusion proof has no checkpoint", zh: "包含证明没有检查点", ar: "لا نقطة تحقق في إثبات التضمين", }
    ChkCheckpointUnreadable { en: "checkpoint unreadable: {detail}", zh: "检查点无法读取：{detail}", ar: "نقطة التحقق غير مقروءة: {detail}", }
    ChkNoCheckpointSignature { en: "no checkpoint signature with the supplied key's hint {hint}", zh: "没有带所提供密钥提示 {hint} 的检查点签名", ar: "لا توقيع لنقطة التحقق بتلميح المفتاح المقدَّم {hint}", }
    ChkCheckpointSignature { en: "checkpoint signature by \"{signer}\": {error}", zh: "“{signer}”的检查点签名：{error}", ar: "توقيع نقطة التحقق من «{signer}»: {error}", }
    ChkCheckpointSizeDiffers { en: "checkpoint tree size {checkpoint} differs from the proof's {proof}", zh: "检查点的树大小 {checkpoint} 与证明中的 {proof} 不同", ar: "حجم الشجرة في نقطة التحقق {checkpoint} يختلف عن حجمها في الإثبات {proof}", }
    ChkCheckpointRootDiffers { en: "checkpoint root {checkpoint} differs from the proof's {proof}", zh: "检查点的根 {checkpoint} 与证明中的根 {proof} 不同", ar: "جذر نقطة التحقق {checkpoint} يختلف عن جذر الإثبات {proof}", }
    ChkCheckpointOk { en: "\"{origin}\" signed size {size} and the proof's root", zh: "“{origin}”签署了大小 {size} 和证明中的根", ar: "وقّع «{origin}» الحجم {size} وجذر الإثبات", }
    ChkSetAbsent { en: "entry has no signedEntryTimestamp: integratedTime {time} is unsigned, no time is established from it", zh: "条目没有 signedEntryTimestamp：integratedTime {time} 未签名，无法据此确立时间", ar: "لا \u{2066}signedEntryTimestamp\u{2069} في المدخل: قيمة integratedTime ‏{time} غير موقّعة، ولا يثبت منها أي وقت", }
    ChkSetOk { en: "signs integratedTime {time} and logIndex {index}", zh: "签署了 integratedTime {time} 和 logIndex {index}", ar: "يوقّع integratedTime ‏{time} و\u{2066}logIndex\u{2069} ‏{index}", }
    ChkKindNotRead { en: "unsupported kind {kind}: what the entry logs is not read, so not checked against the file", zh: "不支持的类型 {kind}：不读取条目记录的内容，因此未与文件核对", ar: "نوع غير مدعوم {kind}: لا يُقرأ ما يسجّله المدخل، فلا يُطابَق مع الملف", }
    ChkInclusionPromised { en: "SET only: the log promised inclusion of entry {index}; no proof of inclusion", zh: "仅有 SET：日志承诺收录条目 {index}；没有包含证明", ar: "\u{2066}SET\u{2069} فقط: وعد السجل بتضمين المدخل {index}؛ لا إثبات تضمين", }
    ChkNoIntegratedTime { en: "entry has no integratedTime (Rekor v2): the log signs no time; only an RFC 3161 token proves one", zh: "条目没有 integratedTime（Rekor v2）：日志不签署时间；只有 RFC 3161 令牌能证明时间", ar: "لا integratedTime في المدخل ‏(Rekor v2): لا يوقّع السجل أي وقت؛ وحده رمز RFC 3161 يثبته", }
    ChkValidForOk { en: "{time} lies in the trusted root's validity window of {key} ({window})", zh: "{time} 在受信任根为 {key} 规定的有效期内（{window}）", ar: "يقع {time} ضمن فترة صلاحية {key} في الجذر الموثوق ‏({window})", }
    ChkOutsideValidFor { en: "{time} lies outside the trusted root's validity window of {key} ({window}): not trusted at that time", zh: "{time} 不在受信任根为 {key} 规定的有效期内（{window}）：该时刻不受信任", ar: "يقع {time} خارج فترة صلاحية {key} في الجذر الموثوق ‏({window}): غير موثوق في ذلك الوقت", }
    ChkValidForNoTime { en: "no time proven to hold {key} to its validity window ({window})", zh: "没有已证明的时间可用来核对 {key} 的有效期（{window}）", ar: "لا وقت مُثبَت لمطابقة {key} مع فترة صلاحيته ‏({window})", }
    ChkCertificateIdentity { en: "certificate identity: {identity} (as the certificate states it; the certificate is not checked against a Fulcio root)", zh: "证书身份：{identity}（按证书所述；未对照 Fulcio 根检查该证书）", ar: "هوية الشهادة: {identity} (كما تذكرها الشهادة؛ لم تُفحص الشهادة مقابل جذر \u{2066}Fulcio\u{2069})", }
    ChkTimeProvenByTsa { en: "time proven: {time} (UTC), signed by the time-stamp authority {by} (RFC 3161 token over the bundle's signature)", zh: "已证明的时间：{time}（UTC），由时间戳机构 {by} 签署（覆盖该包签名的 RFC 3161 令牌）", ar: "الوقت المُثبَت: {time} ‏(UTC)، وقّعته جهة الطابع الزمني {by} ‏(رمز RFC 3161 على توقيع الحزمة)", }
    ChkTimeProvenByLog { en: "time proven: {time} (UTC), integratedTime signed by the log {by} (signed entry timestamp)", zh: "已证明的时间：{time}（UTC），integratedTime 由日志 {by} 签署（签名条目时间戳）", ar: "الوقت المُثبَت: {time} ‏(UTC)، وقّع السجل {by} قيمة integratedTime ‏(طابع زمني موقّع للمدخل)", }
    ChkNoTimeProven { en: "time proven: none - no verified signed entry timestamp or RFC 3161 token signs a time", zh: "已证明的时间：无——没有经过验证的签名条目时间戳或 RFC 3161 令牌签署时间", ar: "الوقت المُثبَت: لا شيء - لا طابع زمني موقّع للمدخل ولا رمز RFC 3161 تم التحقق منه يوقّع وقتًا", }

    // Why a dropped proof, token or Rekor entry could not be checked (core's FileError;
    // web/src/verifier/proof_view.rs, web/src/verifier/signed_time_view.rs, web/src/verifier/report_view.rs).
    FeTooLarge { en: "{name}: {size} bytes is too large (limit {limit})", zh: "{name}：{size} 字节，过大（上限 {limit}）", ar: "{name}: حجمه {size} بايت، وهو كبير جدًا (الحد {limit})", }
    FeProofTooLarge { en: "{name}: {size} bytes is too large for an OpenTimestamps proof (limit {limit})", zh: "{name}：{size} 字节，作为 OpenTimestamps 证明过大（上限 {limit}）", ar: "{name}: حجمه {size} بايت، وهو كبير جدًا على إثبات OpenTimestamps (الحد {limit})", }
    FeProofUnreadable { en: "{name}: not a readable OpenTimestamps proof: {detail}", zh: "{name}：不是可读取的 OpenTimestamps 证明：{detail}", ar: "{name}: ليس إثبات OpenTimestamps مقروءًا: {detail}", }
    FeProofOperation { en: "{name}: {detail}", zh: "{name}：证明的某个操作无法执行：{detail}", ar: "{name}: تعذّر تطبيق إحدى عمليات الإثبات: {detail}", }
    FeProofListingTooLarge { en: "{name}: the proof's listing would exceed {max} bytes", zh: "{name}：该证明的操作列表将超过 {max} 字节", ar: "{name}: ستتجاوز قائمة عمليات الإثبات {max} بايت", }
    FeStampedNotDropped { en: "{name}: the file it stamps ({stamped}) is not among the dropped stamped lists (.txt); add it to check the proof", zh: "{name}：它所盖章的文件（{stamped}）不在拖入的盖章清单（.txt）中；添加该文件即可检查此证明", ar: "{name}: الملف الذي يختمه ({stamped}) ليس بين القوائم المختومة زمنيًا المُفلتة (\u{2066}.txt\u{2069})؛ أضفه لفحص الإثبات", }
    FeStampedUnreadable { en: "{name}: its stamped file {stamped} could not be read", zh: "{name}：它所盖章的文件 {stamped} 无法读取", ar: "{name}: تعذّرت قراءة الملف الذي يختمه، {stamped}", }
    FeNoFileHash { en: "{name}: its file-hash operation cannot hash a file", zh: "{name}：它的文件哈希操作无法对文件求哈希", ar: "{name}: لا تستطيع عملية تجزئة الملف فيه تجزئة أي ملف", }
    FeTokenListNotDropped { en: "{name}: the stamped list it covers is not among the dropped files; add it to check the token", zh: "{name}：它覆盖的盖章清单不在拖入的文件中；添加该清单即可检查此令牌", ar: "{name}: القائمة المختومة زمنيًا التي يغطيها ليست بين الملفات المُفلتة؛ أضفها لفحص الرمز", }
    FeTokenListUnreadable { en: "{name}: its stamped list {list} could not be read", zh: "{name}：它的盖章清单 {list} 无法读取", ar: "{name}: تعذّرت قراءة قائمته المختومة زمنيًا {list}", }
    FeEntryListNotDropped { en: "{name}: the stamped list it covers is not among the dropped files; add it to check the entry", zh: "{name}：它覆盖的盖章清单不在拖入的文件中；添加该清单即可检查此条目", ar: "{name}: القائمة المختومة زمنيًا التي يغطيها ليست بين الملفات المُفلتة؛ أضفها لفحص المدخل", }
    FeEntryListOrKeyMissing { en: "{name}: its list could not be read or no Rekor log key was given", zh: "{name}：它的清单无法读取，或未提供 Rekor 日志密钥", ar: "{name}: تعذّرت قراءة قائمته أو لم يُقدَّم مفتاح سجل Rekor", }
    AnsErrAskChain { en: "{file} line {line}, field {field}: {detail}", zh: "{file} 第 {line} 行，字段 {field}：{detail}", ar: "{file}، السطر {line}، الحقل {field}: {detail}", }
    AnsErrTooLarge { en: "{name}: too large to judge answer by answer here; use sealbook verify DIR --answers", zh: "{name}：过大，无法在此逐个答案地判定；请使用 sealbook verify DIR --answers", ar: "{name}: أكبر من أن يُحكم عليه إجابةً إجابةً هنا؛ استخدم \u{2066}sealbook verify DIR --answers\u{2069}", }
    AnsErrBookLine { en: "{name}: book line {line}, field {field}: {detail}", zh: "{name}：账本第 {line} 行，字段 {field}：{detail}", ar: "{name}: سطر الدفتر {line}، الحقل {field}: {detail}", }

    // Why a dropped .txt file cannot be used as a stamped list (core::verifier::ListError,
    // core::book::stamp_list::StampListError and StampListMsg), rendered by
    // i18n::core_messages::list_error; web/src/verifier/report_view.rs. The English is the CLI's; the
    // entry line is quoted as written and the list's own syntax stays as written.
    CeListUnreadable { en: "{name}: {why}", zh: "{name}：{why}", ar: "{name}: {why}", }
    CeListTooLarge { en: "{name}: {size} bytes is too large for a stamped list (limit {limit})", zh: "{name}：{size} 字节，对盖章清单来说太大（上限 {limit}）", ar: "{name}: الحجم {size} بايت كبير جدًا على قائمة مختومة زمنيًا (الحد {limit})", }
    CeListLine { en: "line {line}: {what}", zh: "第 {line} 行：{what}", ar: "السطر {line}: {what}", }
    CeListNotUtf8 { en: "not UTF-8 text", zh: "不是 UTF-8 文本", ar: "ليس نصًا بترميز \u{2066}UTF-8\u{2069}", }
    CeListNoEntry { en: "no ledger entry (`<ledger>: <N> lines, sha256 <hex>, last link <hex>`)", zh: "没有账本条目（`<ledger>: <N> lines, sha256 <hex>, last link <hex>`：账本、行数、sha256 与最后链接）", ar: "لا مدخل لأي دفتر (\u{2066}`<ledger>: <N> lines, sha256 <hex>, last link <hex>`\u{2069}: الدفتر وعدد الأسطر و\u{2066}sha256\u{2069} وآخر رابط)", }
    CeListNoLastLink { en: "entry has no `, last link <hex>`: {entry}", zh: "条目缺少 `, last link <hex>`（最后链接）：{entry}", ar: "المدخل بلا \u{2066}`, last link <hex>`\u{2069} (آخر رابط): {entry}", }
    CeListNoSha256 { en: "entry has no `, sha256 <hex>`: {entry}", zh: "条目缺少 `, sha256 <hex>`：{entry}", ar: "المدخل بلا \u{2066}`, sha256 <hex>`\u{2069}: {entry}", }
    CeListNoLedgerCount { en: "entry has no `<ledger>: <N> lines`: {entry}", zh: "条目缺少 `<ledger>: <N> lines`（账本与行数）：{entry}", ar: "المدخل بلا \u{2066}`<ledger>: <N> lines`\u{2069} (الدفتر وعدد الأسطر): {entry}", }
    CeListCountNotLines { en: "line count must read `<N> lines`: {entry}", zh: "行数必须写成 `<N> lines`：{entry}", ar: "يجب أن يُكتب عدد الأسطر \u{2066}`<N> lines`\u{2069}: {entry}", }
    CeListCountNotWhole { en: "line count is not a whole number: {entry}", zh: "行数不是整数：{entry}", ar: "عدد الأسطر ليس عددًا صحيحًا: {entry}", }
    CeListCountTooLarge { en: "line count is too large: {entry}", zh: "行数过大：{entry}", ar: "عدد الأسطر كبير جدًا: {entry}", }
    CeListBadSha256 { en: "sha256 must be 64 lowercase hex digits: {entry}", zh: "sha256 必须是 64 位小写十六进制数字：{entry}", ar: "يجب أن يكون \u{2066}sha256\u{2069} \u{200F}64 رقمًا ست عشريًا بأحرف صغيرة: {entry}", }
    CeListBadLastLink { en: "last link must be 64 lowercase hex digits: {entry}", zh: "最后链接必须是 64 位小写十六进制数字：{entry}", ar: "يجب أن يكون آخر رابط \u{200F}64 رقمًا ست عشريًا بأحرف صغيرة: {entry}", }
    CeListEmptyLedger { en: "ledger path is empty: {entry}", zh: "账本路径为空：{entry}", ar: "مسار الدفتر فارغ: {entry}", }

    // A book line's and an ask chain line's error (core::records::book_lines::BookLineMessage
    // and Unit, core::score::roster::RosterMessage), rendered by i18n::book_messages on the
    // Scores page and in the answers' verdict. The English is the CLI's.
    BlAt { en: "book line {line}, field {field}: {message}", zh: "账本第 {line} 行，字段 {field}：{message}", ar: "سطر الدفتر {line}، الحقل {field}: {message}", }
    BlNotJson { en: "not JSON at byte {offset}: {detail}", zh: "第 {offset} 字节处不是 JSON：{detail}", ar: "ليس \u{2066}JSON\u{2069} عند البايت {offset}: {detail}", }
    BlLoneSurrogate { en: "not valid UTF-8 (lone surrogate)", zh: "不是有效的 UTF-8（孤立代理项）", ar: "ليس \u{2066}UTF-8\u{2069} صالحًا (بديل منفرد)", }
    BlExpectedString { en: "expected a string, found {found}", zh: "应为字符串，实为 {found}", ar: "المتوقع نص، والموجود {found}", }
    BlExpectedObject { en: "expected an object, found {found}", zh: "应为对象，实为 {found}", ar: "المتوقع كائن، والموجود {found}", }
    BlObjectExpected { en: "expected an object", zh: "应为对象", ar: "المتوقع كائن", }
    BlNotTime { en: "{value} is not an RFC 3339 time", zh: "{value} 不是 RFC 3339 时间", ar: "{value} ليس وقتًا بصيغة \u{2066}RFC 3339\u{2069}", }
    BlExpectedNumber { en: "expected a number ({unit}), found {found}", zh: "应为数字（{unit}），实为 {found}", ar: "المتوقع عدد ({unit})، والموجود {found}", }
    BlOutside { en: "{value} is outside {unit}", zh: "{value} 超出{unit}的范围", ar: "{value} خارج نطاق {unit}", }
    BlMissing { en: "missing", zh: "缺失", ar: "مفقود", }
    BlStrikesKalshiOnly { en: "strikes belong to Kalshi contracts (crowd.kalshi) only", zh: "行权价只属于 Kalshi 合约（crowd.kalshi）", ar: "أسعار التنفيذ تخص عقود \u{2066}Kalshi\u{2069} وحدها (\u{2066}crowd.kalshi\u{2069})", }
    BlBadMarketCode { en: "a market code is non-empty and has no '@'", zh: "市场代码须非空且不含 '@'", ar: "رمز السوق غير فارغ ولا يحوي '@'", }
    BlMarketCodeNotUtf8 { en: "a market code is not valid UTF-8", zh: "某个市场代码不是有效的 UTF-8", ar: "أحد رموز السوق ليس \u{2066}UTF-8\u{2069} صالحًا", }
    BlClockNotSet { en: "{value} is not \"set\"", zh: "{value} 不是 \"set\"", ar: "{value} ليس \"set\"", }
    BlExpectedRuleVersion { en: "expected a rule version name, found {found}", zh: "应为规则版本名称，实为 {found}", ar: "المتوقع اسم إصدار قاعدة، والموجود {found}", }
    BlExpectedRuleVersions { en: "expected a list of rule versions, found {found}", zh: "应为规则版本列表，实为 {found}", ar: "المتوقع قائمة بإصدارات القواعد، والموجود {found}", }
    BlContractFor { en: "the contract is for {found}, not {expected}", zh: "该合约针对 {found}，而不是 {expected}", ar: "العقد يخص {found}، لا {expected}", }
    BlNotHorizon { en: "{value} is not 1d, 1w, 1m or 6m", zh: "{value} 不是 1d、1w、1m 或 6m", ar: "{value} ليس \u{2066}1d\u{2069} أو \u{2066}1w\u{2069} أو \u{2066}1m\u{2069} أو \u{2066}6m\u{2069}", }
    BlNotLineNumber { en: "{value} is not a line number", zh: "{value} 不是行号", ar: "{value} ليس رقم سطر", }
    BlExpectedLineNumber { en: "expected a line number, found {found}", zh: "应为行号，实为 {found}", ar: "المتوقع رقم سطر، والموجود {found}", }
    BlZeroReference { en: "a reference of 0 has no percentage change", zh: "参考值为 0 时没有百分比变化", ar: "المرجع الذي قيمته 0 لا تغيّر مئويًا له", }
    BlExpectedBool { en: "expected true or false, found {found}", zh: "应为 true 或 false，实为 {found}", ar: "المتوقع \u{2066}true\u{2069} أو \u{2066}false\u{2069}، والموجود {found}", }
    BlUpDisagrees { en: "{up} disagrees with the change {change}% (up is strictly above the reference)", zh: "{up} 与变化 {change}% 不一致（up 指严格高于参考值）", ar: "{up} يخالف التغيّر {change}% (\u{2066}up\u{2069} تعني أعلى من المرجع تمامًا)", }
    BlLateRefKey { en: "a key is an answer line's n", zh: "键应为某个答案行的 n", ar: "المفتاح هو \u{2066}n\u{2069} لسطر إجابة", }
    BlNotShape { en: "{value} is not refused_shape or invalid", zh: "{value} 不是 refused_shape 或 invalid", ar: "{value} ليس \u{2066}refused_shape\u{2069} ولا \u{2066}invalid\u{2069}", }
    BlBadContractKey { en: "a contract is <code> (Polymarket) or <code>@kalshi", zh: "合约写作 <code>（Polymarket）或 <code>@kalshi", ar: "يُكتب العقد \u{2066}<code>\u{2069} (\u{2066}Polymarket\u{2069}) أو \u{2066}<code>@kalshi\u{2069}", }
    BlExpectedUpValue { en: "expected true, false or null, found {found}", zh: "应为 true、false 或 null，实为 {found}", ar: "المتوقع \u{2066}true\u{2069} أو \u{2066}false\u{2069} أو \u{2066}null\u{2069}، والموجود {found}", }
    BlNamesNoLine { en: "names line {line}, which does not exist", zh: "指向第 {line} 行，但该行不存在", ar: "يشير إلى السطر {line}، وهو غير موجود", }
    BlNotBeforeCorrection { en: "names line {line}, which is not before the correction (line {correction})", zh: "指向第 {line} 行，但该行不在此更正（第 {correction} 行）之前", ar: "يشير إلى السطر {line}، وهو ليس قبل التصحيح (السطر {correction})", }
    BlAlsoRunOf { en: "{run_id} is also the run of line {line}", zh: "{run_id} 也是第 {line} 行的运行", ar: "{run_id} هو أيضًا تشغيل السطر {line}", }
    BlOutsideCalendar { en: "outside the calendar's years", zh: "超出日历所涵盖的年份", ar: "خارج سنوات التقويم", }
    BlScoreOfKind { en: "names line {line}, which is a {kind} line, not a run line", zh: "指向第 {line} 行，该行是 {kind} 行，不是运行行", ar: "يشير إلى السطر {line}، وهو سطر من نوع {kind} لا سطر تشغيل", }
    BlScoreOfNoLine { en: "names line {line}, which is no such line, not a run line", zh: "指向第 {line} 行，但没有这一行，它不是运行行", ar: "يشير إلى السطر {line}، ولا وجود لهذا السطر، فليس سطر تشغيل", }
    BlResultTwice { en: "the {horizon} result of run line {run} was already given on line {first}", zh: "运行行 {run} 的 {horizon} 结果已在第 {first} 行给出", ar: "نتيجة أفق {horizon} لسطر التشغيل {run} وردت من قبل في السطر {first}", }
    BlContractDiffers { en: "differs from the contract run line {run} sealed", zh: "与运行行 {run} 封印的合约不同", ar: "يختلف عن العقد الذي ختمه سطر التشغيل {run}", }
    BlNotAnswerOfRun { en: "line {answer} is not an answer line of run line {run}", zh: "第 {answer} 行不是运行行 {run} 的答案行", ar: "السطر {answer} ليس سطر إجابة لسطر التشغيل {run}", }
    BlCorrectsNonAnswer { en: "corrects line {line}, a {kind} line, not an answer line", zh: "更正的第 {line} 行是 {kind} 行，不是答案行", ar: "يصحّح السطر {line}، وهو سطر من نوع {kind} لا سطر إجابة", }
    BlMissingRestoredTime { en: "missing: a restored cell needs its sealing time", zh: "缺失：恢复的单元格需要其封印时间", ar: "مفقود: الخلية المستعادة تحتاج إلى وقت ختمها", }
    BlMissingDecisionTime { en: "missing: a decision needs its sealing time", zh: "缺失：决策需要其封印时间", ar: "مفقود: القرار يحتاج إلى وقت ختمه", }
    BlNamesNoRun { en: "{run_id} names no run line", zh: "{run_id} 没有对应的运行行", ar: "{run_id} لا يسمّي أي سطر تشغيل", }
    BlTooManyRows { en: "the book yields more than {max} forecast rows", zh: "该账本产生的预测行超过 {max} 行", ar: "ينتج الدفتر أكثر من {max} صف توقع", }
    BlCrowdPricesTwice { en: "run {run} already has crowd prices on line {first}", zh: "运行 {run} 已在第 {first} 行有众智价格", ar: "للتشغيل {run} أسعار الجمهور من قبل في السطر {first}", }
    BlNoCrowdPrices { en: "no run line of run {run} seals crowd prices", zh: "运行 {run} 没有任何运行行封印众智价格", ar: "لا يختم أي سطر تشغيل للتشغيل {run} أسعار الجمهور", }
    BlResolvedTwice { en: "resolves {code} as up={up}, line {line} as up={was}", zh: "将 {code} 结算为 up={up}，而第 {line} 行结算为 up={was}", ar: "يحسم {code} على أنه \u{2066}up={up}\u{2069}، والسطر {line} على أنه \u{2066}up={was}\u{2069}", }
    BlNotMarket { en: "{value} is not one of the twelve markets", zh: "{value} 不是十二个市场之一", ar: "{value} ليس أحد الأسواق الاثني عشر", }
    BlUnitPrice { en: "a price 0-1 in dollars", zh: "以美元计的 0-1 价格", ar: "سعر 0-1 بالدولار", }
    BlUnitPercentage { en: "a percentage 0-100", zh: "0-100 的百分比", ar: "نسبة مئوية 0-100", }
    BlUnitUsd { en: "US dollars, 0 or more", zh: "美元金额，0 或以上", ar: "دولارات أمريكية، 0 أو أكثر", }
    BlUnitStrikeLevel { en: "a strike level", zh: "行权价级别", ar: "مستوى سعر تنفيذ", }
    BlUnitPriceLevel { en: "a price level", zh: "价格级别", ar: "مستوى سعر", }
    BlUnitPercentageChange { en: "a percentage change", zh: "百分比变化", ar: "تغيّر مئوي", }
    BlUnitBand { en: "a band in percent, 0 or more", zh: "以百分比计的区段，0 或以上", ar: "نطاق بالنسبة المئوية، 0 أو أكثر", }
    RoAt { en: "{file} line {line}, field {field}: {message}", zh: "{file} 第 {line} 行，字段 {field}：{message}", ar: "{file}، السطر {line}، الحقل {field}: {message}", }
    RoEmpty { en: "empty", zh: "为空", ar: "فارغ", }
    RoNotUnicode { en: "not valid Unicode", zh: "不是有效的 Unicode", ar: "ليس \u{2066}Unicode\u{2069} صالحًا", }
    RoNoRosterLine { en: "no line of kind roster", zh: "没有类型为 roster 的行", ar: "لا يوجد سطر من نوع \u{2066}roster\u{2069}", }
    RoListedTwice { en: "seat {seat} is listed twice", zh: "席位 {seat} 被列出两次", ar: "المقعد {seat} مدرج مرتين", }
    RoTooManySeats { en: "more than {max} seats", zh: "席位超过 {max} 个", ar: "أكثر من {max} مقعد", }
    RoNotSide { en: "{value} is not a side: US or China", zh: "{value} 不是一方：应为 US 或 China", ar: "{value} ليس جانبًا: \u{2066}US\u{2069} أو \u{2066}China\u{2069}", }
    RoExpectedSeatList { en: "expected a list of seats, found {found}", zh: "应为席位列表，实为 {found}", ar: "المتوقع قائمة مقاعد، والموجود {found}", }
    RoExpectedSeats { en: "expected a list of seats or an object keyed by side, found {found}", zh: "应为席位列表或按一方为键的对象，实为 {found}", ar: "المتوقع قائمة مقاعد أو كائن مفاتيحه الجوانب، والموجود {found}", }
    RoSideUnderKey { en: "{side} under the key {key}", zh: "{side} 位于键 {key} 之下", ar: "{side} تحت المفتاح {key}", }
    RoNotHhmm { en: "{value} is not HH:MM", zh: "{value} 不是 HH:MM", ar: "{value} ليس بصيغة \u{2066}HH:MM\u{2069}", }
    RoExpectedRunId { en: "expected a run id string", zh: "应为运行 id 字符串", ar: "المتوقع نص معرّف تشغيل", }
    RoExpectedList { en: "expected a list, found {found}", zh: "应为列表，实为 {found}", ar: "المتوقع قائمة، والموجود {found}", }
    RoNotPositiveCount { en: "not a positive count", zh: "不是正整数计数", ar: "ليس عددًا موجبًا", }
    RoExpectedInteger { en: "expected an integer, found {found}", zh: "应为整数，实为 {found}", ar: "المتوقع عدد صحيح، والموجود {found}", }
    RoNotDate { en: "{value} is not a date", zh: "{value} 不是日期", ar: "{value} ليس تاريخًا", }
    RoNotProvider { en: "not a provider name: 1 to {max} bytes without whitespace, control characters or /", zh: "不是提供方名称：应为 1 至 {max} 字节，不含空白、控制字符或 /", ar: "ليس اسم مزوّد: من 1 إلى {max} بايت بلا مسافات ولا محارف تحكّم ولا \u{2066}/\u{2069}", }
    // The answers' proof tables (web/src/verifier/answers_view.rs).
    AnsCoveredBy { en: "Its answer (line {line}) is first covered by {list} ({n} lines)", zh: "其答案（第 {line} 行）最先由 {list} 覆盖（{n} 行）", ar: "إجابته (السطر {line}) تغطيها أولًا {list} (عدد الأسطر {n})", }
    AnsNotCovered { en: "No checked stamped list covers its answer (line {line}) yet.", zh: "尚无已检查的盖章清单覆盖其答案（第 {line} 行）。", ar: "لا تغطي أي قائمة مختومة زمنيًا مفحوصة إجابته (السطر {line}) بعد.", }
    AnsFirstList { en: "First stamped list covering it: {list} ({n} lines)", zh: "最先覆盖它的盖章清单：{list}（{n} 行）", ar: "أول قائمة مختومة زمنيًا تغطيه: {list} (عدد الأسطر {n})", }
    AnsNoList { en: "No checked stamped list covers it yet.", zh: "尚无已检查的盖章清单覆盖它。", ar: "لا تغطيه أي قائمة مختومة زمنيًا مفحوصة بعد.", }
    AnsFirstAnchored { en: "First covering list with an anchor: {list}", zh: "最先覆盖它且带锚定的清单：{list}", ar: "أول قائمة تغطيه ولها مرساة: {list}", }
    AnsCorrected { en: "Corrected by line {line}: {words} ({reason})", zh: "由第 {line} 行更正：{words}（{reason}）", ar: "صُحّح بالسطر {line}: {words} ({reason})", }
    AnsNoReason { en: "no reason given", zh: "未给出理由", ar: "لم يُذكر سبب", }
    AnsTitle { en: "Every answer: sealed before its reference, proven by whom", zh: "每个答案：是否在其参考时刻之前封印，由谁证明", ar: "كل إجابة: هل كانت مختومة قبل مرجعها، ومن يثبت ذلك", }
    AnsCounted { en: "Counted runs: {rule}", zh: "计入的运行：{rule}", ar: "التشغيلات المحتسبة: {rule}", }
    AnsDeclaration { en: "The declaration: {words}", zh: "声明：{words}", ar: "الإعلان: {words}", }
    AnsCells { en: "Cells: {summary}", zh: "单元格：{summary}", ar: "الخلايا: {summary}", }
    AnsSeat { en: "Seat ", zh: "席位 ", ar: "المقعد ", }
    AnsMarket { en: " Market ", zh: " 市场 ", ar: " السوق ", }
    AnsVerdict { en: " Verdict ", zh: " 结论 ", ar: " الحكم ", }
    AnsAll { en: "all", zh: "全部", ar: "الكل", }
    AnsStatus { en: "Status", zh: "状态", ar: "الحالة", }
    AnsSealed { en: "Sealed", zh: "封印时间", ar: "وقت الختم", }
    AnsReference { en: "Reference", zh: "参考时刻", ar: "المرجع", }
    AnsEvidence { en: "Verdict and evidence", zh: "结论与证据", ar: "الحكم والدليل", }
    AnsProvenBy { en: " by {by}", zh: "，由 {by} 证明", ar: "، بواسطة {by}", }
    AnsCellsTitle { en: "Every cell: seat, market, horizon", zh: "每个单元格：席位、市场、期限", ar: "كل خلية: المقعد والسوق والأفق", }
    AnsCellsNote { en: "Each cell against its own reference: the session's common one for every market, Bitcoin included; for a line sealed after it, or a Bitcoin cell scored from its own bar before the one clock, the first 1-minute bar at or after the seal.", zh: "每个单元格对照其自身的参考时刻：所有市场（包括比特币）均为会话的共同参考时刻；对于在其之后封印的行，或在统一时钟之前按自身 K 线评分的比特币单元格，为封印时刻或之后的第一根 1 分钟 K 线。", ar: "كل خلية مقابل مرجعها: المرجع المشترك للجلسة لكل الأسواق، ومنها بيتكوين؛ وللسطر المختوم بعده، أو لخلية بيتكوين قُيّمت من شمعتها الخاصة قبل الساعة الموحدة، أول شمعة دقيقة واحدة عند الختم أو بعده.", }
    AnsCopyLink { en: "Copy link to this answer", zh: "复制此回答的链接", ar: "نسخ رابط هذه الإجابة", }
    LinkCopied { en: "Link copied", zh: "链接已复制", ar: "نُسخ الرابط", }
    AnsLinkMalformed { en: "The address names answer \"{text}\", which is not a line of the book: a link to an answer ends in #answer= and the line that sealed it.", zh: "地址中的回答“{text}”不是账本的行号：回答链接以 #answer= 加上封印它的行号结尾。", ar: "يسمّي العنوان الإجابة \"{text}\"، وهي ليست سطرًا من الدفتر: رابط الإجابة ينتهي بـ #answer= ورقم السطر الذي ختمها.", }
    AnsLinkUnknown { en: "The address names the answer sealed at line {line}, but no answer was sealed at that line of this book.", zh: "地址指向第 {line} 行封印的回答，但本账本该行没有封印回答。", ar: "يسمّي العنوان الإجابة المختومة في السطر {line}، لكن لم تُختم أي إجابة في ذلك السطر من هذا الدفتر.", }
    RptDownloadJson { en: "Download report (JSON)", zh: "下载报告（JSON）", ar: "تنزيل التقرير (JSON)", }
    RptDownloadHtml { en: "Download printable report", zh: "下载可打印的报告", ar: "تنزيل تقرير قابل للطباعة", }
    RptCopyVerdictLink { en: "Copy link to this verdict", zh: "复制此结论的链接", ar: "نسخ رابط هذا الحكم", }
    RptSameAsCli { en: "The JSON is the document sealbook verify DIR --answers --json prints for the same files.", zh: "该 JSON 与 sealbook verify DIR --answers --json 对同一批文件输出的文档相同。", ar: "ملف JSON هو المستند نفسه الذي يطبعه sealbook verify DIR --answers --json للملفات نفسها.", }
    ReportNotReady { en: "the report is of an earlier check: wait for this one to finish", zh: "报告属于之前的一次检查：请等待本次检查完成", ar: "التقرير يخص فحصًا سابقًا: انتظر حتى ينتهي هذا الفحص", }
    RptSaveFailed { en: "The report could not be saved: {why}", zh: "无法保存报告：{why}", ar: "تعذّر حفظ التقرير: {why}", }
    AnsStatusCounted { en: "counted", zh: "计入", ar: "محسوبة", }
    AnsStatusCounted50 { en: "counted at 50% (not stated)", zh: "按 50% 计入（未给出）", ar: "محسوبة عند 50% (غير مذكورة)", }
    AnsStatusNotCounted { en: "not counted", zh: "不计入", ar: "غير محسوبة", }
    AnsStatusRefusedShape { en: "refused (malformed)", zh: "拒收（格式不符）", ar: "مرفوضة (شكل غير صالح)", }
    AnsStatusCopy { en: "re-sealed copy", zh: "重新封存的副本", ar: "نسخة أعيد ختمها", }
    AnsStatusNoCells { en: "states no forecast", zh: "未给出任何预测", ar: "لا تذكر أي توقع", }
    AnsUncovered { en: "Lines {from} on are not covered by any checked stamped list: the operator's clock only (Level 1).", zh: "第 {from} 行起没有被任何已检查的盖章清单覆盖：仅凭运营者的时钟（第 1 级）。", ar: "الأسطر من {from} فصاعدًا لا تغطيها أي قائمة مختومة زمنيًا مفحوصة: ساعة المشغّل فقط (المستوى 1).", }
    AnsAskTexts { en: "Ask texts", zh: "问询文本", ar: "نصوص الأسئلة", }
    AnsAskTitle { en: "Ask texts (Appendix B step 5)", zh: "问询文本（附录 B 第 5 步）", ar: "نصوص الأسئلة (الملحق B، الخطوة 5)", }
    AnsHashesToName { en: "hashes to its name", zh: "哈希与其名称相符", ar: "تجزئته تطابق اسمه", }
    AnsAskOf { en: ", the ask of {runs}", zh: "，为 {runs} 的问询", ar: "، سؤال {runs}", }
    AnsFailed { en: "FAILED", zh: "失败", ar: "فشل", }
    AnsSeatAsks { en: "{n} per-seat text hashes are sealed in asks.jsonl.", zh: "asks.jsonl 中封印了 {n} 个按席位的文本哈希。", ar: "تجزئات نصوص المقاعد المختومة في asks.jsonl: {n}.", }
    // What is wrong with the ask texts (core::verifier::AskTextProblem, NamedBy), rendered by
    // i18n::core_messages::ask_text_problem.
    AskUnnamed { en: "{name}: not named asks/<sha256>.md, so nothing says which text it is", zh: "{name}：未按 asks/<sha256>.md 命名，因此无从得知它是哪一份问询文本", ar: "{name}: ليس اسمه على صيغة \u{2066}asks/<sha256>.md\u{2069}، فلا شيء يبيّن أي نص هو", }
    AskChanged { en: "{name}: hashes to {sha256}, not to the {named} its name states: the text was changed after it was published", zh: "{name}：哈希为 {sha256}，而非其名称所示的 {named}：该文本在发布后被改动过", ar: "{name}: تجزئته {sha256}، لا {named} التي يذكرها اسمه: غُيِّر النص بعد نشره", }
    AskNamedByNone { en: "{name}: no run line or ask line names this text's hash", zh: "{name}：没有任何运行行或问询行提及此文本的哈希", ar: "{name}: لا يذكر أي سطر تشغيل أو سطر سؤال تجزئة هذا النص", }
    AskNotGiven { en: "asks/{hash}.md: named by {by} but not given", zh: "asks/{hash}.md：{by}提及了它，但未提供该文件", ar: "\u{2066}asks/{hash}.md\u{2069}: يذكره {by}، لكنه لم يُقدَّم", }
    AskAnswerNotItsRuns { en: "book line {line}: the answer's ask_sha256 {answer} is not its run's ({run}, book line {run_line})", zh: "账本第 {line} 行：答案的 ask_sha256 {answer} 不是其运行的（{run}，账本第 {run_line} 行）", ar: "سطر الدفتر {line}: قيمة ask_sha256 في الإجابة {answer} ليست قيمة تشغيلها ({run}، سطر الدفتر {run_line})", }
    AskByRun { en: "run {run_id} (book line {line})", zh: "运行 {run_id}（账本第 {line} 行）", ar: "التشغيل {run_id} (سطر الدفتر {line})", }
    AskByAskLine { en: "ask line {line} of asks.jsonl ({run_id})", zh: "asks.jsonl 的问询行第 {line} 行（{run_id}）", ar: "سطر السؤال {line} في asks.jsonl ({run_id})", }

    // The OpenTimestamps verdict and the Bitcoin header checks (core::ots::messages, the trust
    // ladder's core::verifier::trust::StillTrusted, core::verifier::header_files), rendered by
    // i18n::ots_messages, and the proof card's own labels (web/src/verifier/proof_view.rs). The English
    // is what sealbook ots verify and sealbook ots headers print.
    OtsPowAboveTarget { en: "proof of work fails: hash {hash} is above the target of nBits {bits}", zh: "工作量证明不成立：哈希 {hash} 高于 nBits {bits} 的目标值", ar: "فشل إثبات العمل: التجزئة {hash} أعلى من هدف \u{2066}nBits\u{2069} {bits}", }
    OtsPowNegative { en: "nBits {bits} encodes a negative target", zh: "nBits {bits} 编码了负的目标值", ar: "قيمة \u{2066}nBits\u{2069} {bits} ترمّز هدفًا سالبًا", }
    OtsPowOverflow { en: "nBits {bits} overflows 256 bits", zh: "nBits {bits} 超出 256 位", ar: "قيمة \u{2066}nBits\u{2069} {bits} تتجاوز 256 بتًا", }
    OtsPowZero { en: "nBits {bits} encodes a zero target", zh: "nBits {bits} 编码的目标值为零", ar: "قيمة \u{2066}nBits\u{2069} {bits} ترمّز هدفًا صفريًا", }
    OtsPowEasier { en: "nBits {bits} is easier than the main-net limit {limit}", zh: "nBits {bits} 比主网上限 {limit} 更容易", ar: "قيمة \u{2066}nBits\u{2069} {bits} أسهل من حد الشبكة الرئيسية {limit}", }
    OtsHdrNot80 { en: "a block header is 80 bytes, got {got}", zh: "区块头应为 80 字节，实际为 {got} 字节", ar: "ترويسة الكتلة 80 بايتًا، والمعطى {got} بايت", }
    OtsHdrNotHex { en: "a block header must be given as hex (160 hex digits)", zh: "区块头必须以十六进制给出（160 个十六进制数字）", ar: "يجب إعطاء ترويسة الكتلة بالست عشري (160 رقمًا ست عشريًا)", }
    OtsHdrBinaryLength { en: "binary headers are 80 bytes each; got {bytes} bytes", zh: "二进制区块头每个 80 字节；实际为 {bytes} 字节", ar: "الترويسات الثنائية 80 بايتًا لكل منها؛ والمعطى {bytes} بايت", }
    OtsHdrNone { en: "no block header supplied", zh: "未提供区块头", ar: "لم تُقدَّم أي ترويسة كتلة", }
    OtsHdrNotFollow { en: "does not follow header {previous} (its previous-block hash is not {hash})", zh: "没有接在区块头 {previous} 之后（其前一区块哈希不是 {hash}）", ar: "لا تلي الترويسة {previous} (تجزئة الكتلة السابقة فيها ليست {hash})", }
    OtsHdrTooMany { en: "more than {max} headers", zh: "区块头超过 {max} 个", ar: "عدد الترويسات أكثر من {max}", }
    OtsHdrCycle { en: "the headers link in a cycle", zh: "区块头的链接构成了环", ar: "تشكّل الترويسات حلقة عبر رابط كل منها بسابقتها", }
    OtsHdrHeightMismatch { en: "height {height} given, but it builds on header {parent} at height {parent_height}", zh: "给出的高度为 {height}，但它接在高度为 {parent_height} 的区块头 {parent} 之后", ar: "أُعطي الارتفاع {height}، لكنها تبني على الترويسة {parent} عند الارتفاع {parent_height}", }
    OtsHdrTimeMtp { en: "time {time} is not above the median time past {mtp} of the 11 headers before it", zh: "时间 {time} 不高于它之前 11 个区块头的过去中位时间 {mtp}", ar: "الوقت {time} ليس أعلى من متوسط الوقت الماضي {mtp} للترويسات الـ 11 السابقة لها", }
    OtsHdrRetargetMismatch { en: "nBits {bits} at height {height}, but the retarget from heights {from}..{to} gives {expected}", zh: "高度 {height} 处的 nBits 为 {bits}，但由高度 {from}..{to} 重新计算的难度调整得出 {expected}", ar: "قيمة \u{2066}nBits\u{2069} عند الارتفاع {height} هي {bits}، لكن ضبط الصعوبة من الارتفاعات \u{2066}{from}..{to}\u{2069} يعطي {expected}", }
    OtsHdrNotRetargetHeight { en: "nBits change from {from_bits} to {to_bits} at height {height}, which is not a retarget height (a multiple of 2016)", zh: "nBits 在高度 {height} 处从 {from_bits} 变为 {to_bits}，而该高度不是难度调整高度（2016 的倍数）", ar: "تتغير \u{2066}nBits\u{2069} من {from_bits} إلى {to_bits} عند الارتفاع {height}، وهو ليس ارتفاع ضبط صعوبة (مضاعفًا لـ 2016)", }
    OtsHeaderAt { en: "header {index}: {what}", zh: "区块头 {index}：{what}", ar: "الترويسة {index}: {what}", }
    OtsNamed { en: "{name}: {what}", zh: "{name}：{what}", ar: "{name}: {what}", }
    OtsNoteRepeats { en: "header {header} repeats header {first}; counted once", zh: "区块头 {header} 与区块头 {first} 重复；只计一次", ar: "الترويسة {header} تكرار للترويسة {first}؛ تُحسب مرة واحدة", }
    OtsNoteRetarget { en: "retarget at height {height} not recomputed: the period's first header (height {first}) was not supplied", zh: "高度 {height} 处的难度调整未重新计算：未提供该周期的第一个区块头（高度 {first}）", ar: "لم يُعَد حساب ضبط الصعوبة عند الارتفاع {height}: لم تُقدَّم أول ترويسة في الفترة (الارتفاع {first})", }
    OtsNoteUnplaced { en: "header {header}: nBits change from {from_bits} to {to_bits} (a retarget); not recomputed: give heights as HEIGHT HEX lines and the period's first header", zh: "区块头 {header}：nBits 从 {from_bits} 变为 {to_bits}（一次难度调整）；未重新计算：请以 HEIGHT HEX 行给出高度，并提供该周期的第一个区块头", ar: "الترويسة {header}: تتغير \u{2066}nBits\u{2069} من {from_bits} إلى {to_bits} (ضبط صعوبة)؛ لم يُعَد حسابه: أعطِ الارتفاعات كأسطر \u{2066}HEIGHT HEX\u{2069} ومعها أول ترويسة في الفترة", }
    OtsAtHeight { en: "{hash} (height {height})", zh: "{hash}（高度 {height}）", ar: "{hash} (الارتفاع {height})", }
    OtsAtIndex { en: "{hash} (header {index})", zh: "{hash}（区块头 {index}）", ar: "{hash} (الترويسة {index})", }
    OtsFindCounts { en: "{headers} header(s): {pow_ok} with valid proof of work, {linked} linked to a supplied parent, {runs} run(s)", zh: "{headers} 个区块头：{pow_ok} 个工作量证明有效，{linked} 个链接到所提供的父区块头，共 {runs} 段", ar: "عدد الترويسات {headers}: منها {pow_ok} بإثبات عمل صالح، و{linked} لها رابط بأصل مقدَّم، وعدد السلاسل المتصلة {runs}", }
    OtsFindHeaviest { en: "heaviest run: {length} header(s) from {first} to {tip}, total work {work} (about {approx} hashes)", zh: "最重的一段：{length} 个区块头，从 {first} 到 {tip}，总工作量 {work}（约 {approx} 次哈希）", ar: "السلسلة الأثقل: عدد الترويسات {length} من {first} إلى {tip}، ومجموع العمل {work} (نحو {approx} عملية تجزئة)", }
    OtsFindHeaviestTied { en: "heaviest run: {length} header(s) from {first} to {tip}, total work {work} (about {approx} hashes); another run carries the same work (the fork below is undecided)", zh: "最重的一段：{length} 个区块头，从 {first} 到 {tip}，总工作量 {work}（约 {approx} 次哈希）；另一段的工作量与之相同（下面的分叉尚未决出）", ar: "السلسلة الأثقل: عدد الترويسات {length} من {first} إلى {tip}، ومجموع العمل {work} (نحو {approx} عملية تجزئة)؛ وتحمل سلسلة أخرى العمل نفسه (التفرع أدناه لم يُحسم)", }
    OtsFindMtpAbove { en: "median time past of the 11 headers before {at}: {mtp} ({mtp_utc}); its time {time} is above it", zh: "{at} 之前 11 个区块头的过去中位时间：{mtp}（{mtp_utc}）；它的时间 {time} 高于此值", ar: "متوسط الوقت الماضي للترويسات الـ 11 قبل {at}: {mtp} ({mtp_utc})؛ ووقتها {time} أعلى منه", }
    OtsFindMtpNotAbove { en: "median time past of the 11 headers before {at}: {mtp} ({mtp_utc}); its time {time} is NOT above it", zh: "{at} 之前 11 个区块头的过去中位时间：{mtp}（{mtp_utc}）；它的时间 {time} 并不高于此值", ar: "متوسط الوقت الماضي للترويسات الـ 11 قبل {at}: {mtp} ({mtp_utc})؛ ووقتها {time} ليس أعلى منه", }
    OtsFindMtpItself { en: "median time past of {at} itself (GetMedianTimePast, it and the 10 before): {mtp} ({mtp_utc})", zh: "{at} 自身的过去中位时间（GetMedianTimePast，它及其之前的 10 个）：{mtp}（{mtp_utc}）", ar: "متوسط الوقت الماضي لـ {at} نفسها (\u{2066}GetMedianTimePast\u{2069}، هي والـ 10 التي قبلها): {mtp} ({mtp_utc})", }
    OtsFindRetargetOk { en: "retarget at height {height}: timespan {timespan} s from heights {from}..{to} (2015 intervals; clamped {clamped}), {old_bits} x {clamped}/{target} = {expected}: matches the new nBits {bits}", zh: "高度 {height} 处的难度调整：高度 {from}..{to} 的时间跨度为 {timespan} 秒（2015 个区间；限定后为 {clamped}），{old_bits} x {clamped}/{target} = {expected}：与新的 nBits {bits} 相符", ar: "ضبط الصعوبة عند الارتفاع {height}: المدة {timespan} ثانية من الارتفاعات \u{2066}{from}..{to}\u{2069} (2015 فاصلًا زمنيًا؛ وبعد الحصر {clamped})، \u{2066}{old_bits} x {clamped}/{target} = {expected}\u{2069}: يطابق قيمة \u{2066}nBits\u{2069} الجديدة {bits}", }
    OtsFindRetargetBad { en: "retarget at height {height}: timespan {timespan} s from heights {from}..{to} (2015 intervals; clamped {clamped}), {old_bits} x {clamped}/{target} = {expected}: does NOT match the new nBits {bits}", zh: "高度 {height} 处的难度调整：高度 {from}..{to} 的时间跨度为 {timespan} 秒（2015 个区间；限定后为 {clamped}），{old_bits} x {clamped}/{target} = {expected}：与新的 nBits {bits} 不符", ar: "ضبط الصعوبة عند الارتفاع {height}: المدة {timespan} ثانية من الارتفاعات \u{2066}{from}..{to}\u{2069} (2015 فاصلًا زمنيًا؛ وبعد الحصر {clamped})، \u{2066}{old_bits} x {clamped}/{target} = {expected}\u{2069}: لا يطابق قيمة \u{2066}nBits\u{2069} الجديدة {bits}", }
    OtsFindForkDecided { en: "fork on {parent}: {branches} compete, all with valid proof of work; {heavier} is on the heavier run ({length} header(s) to {tip}); the other branch is stale", zh: "{parent} 上的分叉：{branches} 相互竞争，工作量证明均有效；{heavier} 位于较重的一段（{length} 个区块头，到 {tip} 为止）；另一分支已成为陈旧区块", ar: "تفرع على {parent}: تتنافس {branches}، وكلها بإثبات عمل صالح؛ و{heavier} على السلسلة الأثقل (عدد الترويسات {length} حتى {tip})؛ والفرع الآخر متروك", }
    OtsFindForkUndecided { en: "fork on {parent}: {branches} compete with equal work; from headers alone it cannot be told which is on the main chain: supply the header that follows", zh: "{parent} 上的分叉：{branches} 以相同的工作量相互竞争；仅凭区块头无法判断哪一个在主链上：请提供其后的区块头", ar: "تفرع على {parent}: تتنافس {branches} بعمل متساوٍ؛ ولا يمكن من الترويسات وحدها معرفة أيها على السلسلة الرئيسية: قدّم الترويسة التالية", }
    OtsBranchJoin { en: " and ", zh: " 和 ", ar: " و", }
    OtsAttNoHeader { en: "no header supplied for block {height}", zh: "未提供区块 {height} 的区块头", ar: "لم تُقدَّم ترويسة للكتلة {height}", }
    OtsAttCommitmentLength { en: "commitment is {bytes} bytes, a merkle root is 32", zh: "承诺值为 {bytes} 字节，而默克尔根为 32 字节", ar: "الالتزام {bytes} بايت، وجذر ميركل 32 بايتًا", }
    OtsAttNoRoot { en: "Digest does not match merkleroot: the supplied header of block {height} does not have the merkle root {root} (display order) the proof claims", zh: "摘要与默克尔根不符：所提供的区块 {height} 的区块头没有证明所声称的默克尔根 {root}（显示顺序）", ar: "البصمة لا تطابق جذر ميركل: ترويسة الكتلة {height} المقدَّمة ليس لها جذر ميركل {root} (بترتيب العرض) الذي يدّعيه الإثبات", }
    OtsAttRootNotSupplied { en: "no supplied header has the merkle root {root} (display order) the proof claims for block {height}: supply block {height}'s header, labelled \"{height} HEX\" to tell a missing header from a mismatch", zh: "所提供的区块头中，没有一个具有证明为区块 {height} 声称的默克尔根 {root}（显示顺序）：请提供区块 {height} 的区块头，并标为“{height} HEX”，以区分缺少区块头与不匹配", ar: "لا ترويسة مقدَّمة لها جذر ميركل {root} (بترتيب العرض) الذي يدّعيه الإثبات للكتلة {height}: قدّم ترويسة الكتلة {height} موسومة بـ \"{height} HEX\" للتمييز بين ترويسة ناقصة وعدم تطابق", }
    OtsAttRunRejected { en: "header run rejected: {why}", zh: "区块头序列被拒绝：{why}", ar: "رُفضت سلسلة الترويسات: {why}", }
    OtsAttTimeMtp { en: "header time {time} is not above the median time past {mtp}", zh: "区块头时间 {time} 不高于过去中位时间 {mtp}", ar: "وقت الترويسة {time} ليس أعلى من متوسط الوقت الماضي {mtp}", }
    OtsAttAttests { en: "Bitcoin block {height} attests existence as of {time_utc}", zh: "比特币区块 {height} 证明其在 {time_utc} 时已存在", ar: "تشهد كتلة بيتكوين {height} بالوجود اعتبارًا من {time_utc}", }
    OtsAttAttestsLabelDiffers { en: "Bitcoin block {height} attests existence as of {time_utc}; the headers supplied label this header {label}, not {height}", zh: "比特币区块 {height} 证明其在 {time_utc} 时已存在；所提供的区块头把这个区块头标为 {label}，而不是 {height}", ar: "تشهد كتلة بيتكوين {height} بالوجود اعتبارًا من {time_utc}؛ والترويسات المقدَّمة تَسِم هذه الترويسة بـ {label} لا {height}", }
    OtsLevel2 { en: "Level 2: Bitcoin anchor, header proof of work checked", zh: "第 2 级：比特币锚定，已检查区块头的工作量证明", ar: "المستوى 2: مرساة بيتكوين، وفُحص إثبات العمل في الترويسة", }
    OtsLevelPending { en: "not yet verifiable: pending calendar attestations only (upgrade from the calendars listed)", zh: "尚不可验证：只有在日历服务器处等待的证明（请从所列的日历服务器升级）", ar: "غير قابل للتحقق بعد: لا توجد إلا شهادات قيد الانتظار لدى خوادم التقويم (حدّث الإثبات من الخوادم المذكورة)", }
    OtsLevelPendingAndOtherChains { en: "not yet verifiable on Bitcoin: pending calendar attestations (upgrade from the calendars listed) and attestations on other chains, which sealbook does not check", zh: "尚不能在比特币上验证：有在日历服务器处等待的证明（请从所列的日历服务器升级），以及 sealbook 不检查的其他链上的证明", ar: "غير قابل للتحقق على بيتكوين بعد: شهادات قيد الانتظار لدى خوادم التقويم (حدّث الإثبات من الخوادم المذكورة) وشهادات على سلسلة أخرى غير بيتكوين لا يتحقق منها sealbook", }
    OtsLevelNoBitcoin { en: "not verifiable: no Bitcoin attestation", zh: "不可验证：没有比特币证明", ar: "غير قابل للتحقق: لا شهادة بيتكوين", }
    OtsLevelNoHeader { en: "not verified: supply the block header of the attested height", zh: "未验证：请提供被证明高度的区块头", ar: "لم يتم التحقق: قدّم ترويسة الكتلة عند الارتفاع المشهود له", }
    OtsLevelFailed { en: "FAILED: no Bitcoin attestation matches a supplied header with valid proof of work", zh: "失败：没有任何比特币证明与工作量证明有效的所提供区块头相符", ar: "فشل: لا تطابق أي شهادة بيتكوين ترويسة مقدَّمة بإثبات عمل صالح", }
    OtsCheckRecomputed { en: "operations recomputed from the stamped digest to every attestation", zh: "从盖章摘要到每个证明的操作均已重新计算", ar: "أُعيد حساب العمليات من البصمة المختومة زمنيًا حتى كل شهادة", }
    OtsCheckHeaders { en: "{count} supplied header(s): double-SHA256 hash, proof of work against nBits (target within the main-net limit 0x1d00ffff)", zh: "{count} 个所提供的区块头：双重 SHA256 哈希，对照 nBits 的工作量证明（目标值不超过主网上限 0x1d00ffff）", ar: "الترويسات المقدَّمة ({count}): تجزئة \u{2066}SHA256\u{2069} مزدوجة، وإثبات العمل مقابل \u{2066}nBits\u{2069} (الهدف ضمن حد الشبكة الرئيسية \u{2066}0x1d00ffff\u{2069})", }
    OtsCheckHeadersLinked { en: "{count} supplied header(s): double-SHA256 hash, proof of work against nBits (target within the main-net limit 0x1d00ffff), linked by previous-block hash", zh: "{count} 个所提供的区块头：双重 SHA256 哈希，对照 nBits 的工作量证明（目标值不超过主网上限 0x1d00ffff），并由前一区块哈希相互链接", ar: "الترويسات المقدَّمة ({count}): تجزئة \u{2066}SHA256\u{2069} مزدوجة، وإثبات العمل مقابل \u{2066}nBits\u{2069} (الهدف ضمن حد الشبكة الرئيسية \u{2066}0x1d00ffff\u{2069})، وكل منها مرتبط بسابقتها عبر رابط تجزئة الكتلة السابقة", }
    OtsCheckMerkle { en: "merkle root of the header compared with the computed commitment (internal byte order)", zh: "区块头的默克尔根已与计算出的承诺值比较（内部字节顺序）", ar: "قورن جذر ميركل في الترويسة بالالتزام المحسوب (ترتيب البايتات الداخلي)", }
    OtsCheckMtp { en: "header time above the median time past of the 11 supplied headers before it", zh: "区块头时间高于它之前 11 个所提供区块头的过去中位时间", ar: "وقت الترويسة أعلى من متوسط الوقت الماضي للترويسات المقدَّمة الـ 11 السابقة لها", }
    OtsTimeBound { en: "the stamped file (for a stamped list: the anchored ledger prefix) existed no later than a few hours after {time} (header time of block {height}; spec §3.11 practical bound: header time is above the median of the 11 blocks before it and at most about two hours ahead of network time when accepted, and need not equal mining time)", zh: "被盖章的文件（对盖章清单而言：被锚定的账本前缀）最晚在 {time} 之后几小时内已经存在（区块 {height} 的区块头时间；规范第 3.11 节的实际界限：区块头时间高于它之前 11 个区块的中位数时间，被接受时最多比网络时间提前约两小时，且不必等于挖出时间）", ar: "كان الملف المختوم زمنيًا (وفي القائمة المختومة زمنيًا: بادئة الدفتر المثبتة) موجودًا في موعد أقصاه بضع ساعات بعد {time} (وقت ترويسة الكتلة {height}؛ الحد العملي في القسم 3.11 من المواصفة: وقت الترويسة أعلى من وسيط أوقات الكتل الـ 11 السابقة لها، ولا يتقدم على وقت الشبكة بأكثر من نحو ساعتين عند قبولها، ولا يلزم أن يساوي وقت التعدين)", }
    OtsTimeBoundMtp { en: "the stamped file (for a stamped list: the anchored ledger prefix) existed no later than a few hours after {time} (header time of block {height}; spec §3.11 practical bound: header time is above the median of the 11 blocks before it, here {mtp} and at most about two hours ahead of network time when accepted, and need not equal mining time)", zh: "被盖章的文件（对盖章清单而言：被锚定的账本前缀）最晚在 {time} 之后几小时内已经存在（区块 {height} 的区块头时间；规范第 3.11 节的实际界限：区块头时间高于它之前 11 个区块的中位数时间，此处为 {mtp}，被接受时最多比网络时间提前约两小时，且不必等于挖出时间）", ar: "كان الملف المختوم زمنيًا (وفي القائمة المختومة زمنيًا: بادئة الدفتر المثبتة) موجودًا في موعد أقصاه بضع ساعات بعد {time} (وقت ترويسة الكتلة {height}؛ الحد العملي في القسم 3.11 من المواصفة: وقت الترويسة أعلى من وسيط أوقات الكتل الـ 11 السابقة لها، وهو هنا {mtp}، ولا يتقدم على وقت الشبكة بأكثر من نحو ساعتين عند قبولها، ولا يلزم أن يساوي وقت التعدين)", }
    OtsTimeBoundLabel { en: "Time bound: ", zh: "时间界限：", ar: "الحد الزمني: ", }
    OtsTrustedBestChain { en: "that the supplied header is the block at the attested height in the best Bitcoin chain (not checkable offline; compare the block hash with independent explorers or a node)", zh: "所提供的区块头就是最佳比特币链上被证明高度处的区块（无法离线检查；请将区块哈希与独立的区块浏览器或节点比对）", ar: "أن الترويسة المقدَّمة هي الكتلة عند الارتفاع المشهود له في أفضل سلسلة بيتكوين (لا يمكن فحص ذلك دون اتصال؛ قارن تجزئة الكتلة بمستكشفات مستقلة أو بعقدة)", }
    OtsTrustedHeaderTime { en: "that the header time is not far from mining time (median time past not checked: supply the 11 headers before the attested block)", zh: "区块头时间与挖出时间相差不远（未检查过去中位时间：请提供被证明区块之前的 11 个区块头）", ar: "أن وقت الترويسة ليس بعيدًا عن وقت التعدين (لم يُفحص متوسط الوقت الماضي: قدّم الترويسات الـ 11 السابقة للكتلة المشهود لها)", }
    OtsTrustOperatorWord { en: "the operator's word: nothing checked holds", zh: "运营者的说法：检查过的内容没有一项成立", ar: "كلمة المشغّل: لا يصمد شيء مما فُحص", }
    OtsTrustOperatorClock { en: "the operator's word for when each line was written: the chain shows only that nothing was changed since", zh: "运营者关于每行写入时间的说法：链只表明此后没有任何改动", ar: "كلمة المشغّل عن وقت كتابة كل سطر: لا تُظهر السلسلة إلا أنه لم يتغير شيء منذ ذلك الحين", }
    OtsTrustToken { en: "{name}: the timestamp authority {authority} and the trust anchor {anchor} say the list existed at {gen_time} (chain valid at genTime)", zh: "{name}：时间戳颁发机构 {authority} 和信任锚 {anchor} 表明该清单在 {gen_time} 已存在（证书链在 genTime 时有效）", ar: "{name}: تقول سلطة الطابع الزمني {authority} ومرساة الثقة {anchor} إن القائمة كانت موجودة عند {gen_time} (السلسلة صالحة عند \u{2066}genTime\u{2069})", }
    OtsTrustTokenNotNow { en: "{name}: the timestamp authority {authority} and the trust anchor {anchor} say the list existed at {gen_time} (chain valid at genTime; not valid now)", zh: "{name}：时间戳颁发机构 {authority} 和信任锚 {anchor} 表明该清单在 {gen_time} 已存在（证书链在 genTime 时有效；现在已无效）", ar: "{name}: تقول سلطة الطابع الزمني {authority} ومرساة الثقة {anchor} إن القائمة كانت موجودة عند {gen_time} (السلسلة صالحة عند \u{2066}genTime\u{2069}؛ وليست صالحة الآن)", }
    OtsTrustRekorSigned { en: "{name}: the Rekor log key you chose, and that the log is watched: the list is public since {time}", zh: "{name}：你选择的 Rekor 日志密钥，以及该日志受到监督：该清单自 {time} 起公开", ar: "{name}: مفتاح سجل Rekor الذي اخترته، وأن السجل مراقَب: القائمة علنية منذ {time}", }
    OtsTrustRekorUnsigned { en: "{name}: the Rekor log key you chose, and that the log is watched: the list is in the log; its integratedTime {time} is unsigned (no signed entry timestamp), so no time is established from it", zh: "{name}：你选择的 Rekor 日志密钥，以及该日志受到监督：该清单在日志中；其 integratedTime {time} 未经签名（没有签名条目时间戳），因此无法由它确定时间", ar: "{name}: مفتاح سجل Rekor الذي اخترته، وأن السجل مراقَب: القائمة في السجل؛ وقيمة \u{2066}integratedTime\u{2069} فيها {time} غير موقّعة (لا طابع زمني موقّع للمدخل)، فلا يثبت منها أي وقت", }
    OtsTrustBitcoin { en: "{name}: Bitcoin's proof of work, and that the headers you supplied are on the main chain", zh: "{name}：比特币的工作量证明，以及你提供的区块头位于主链上", ar: "{name}: إثبات العمل في بيتكوين، وأن الترويسات التي قدّمتها على السلسلة الرئيسية", }
    OtsHeadersTooLong { en: "the headers text is {bytes} bytes, more than the {max} read", zh: "区块头文本为 {bytes} 字节，超过读取上限 {max}", ar: "نص الترويسات {bytes} بايت، أكثر من الحد المقروء {max}", }
    OtsHeadersRejected { en: "The supplied headers were rejected: {why}", zh: "所提供的区块头被拒绝：{why}", ar: "رُفضت الترويسات المقدَّمة: {why}", }
    OtsAttestations { en: "Attestations ({n})", zh: "证明（{n}）", ar: "الشهادات ({n})", }
    OtsRootInternal { en: "Computed merkle root, as in the block header (internal byte order)", zh: "计算出的默克尔根，与区块头中的相同（内部字节顺序）", ar: "جذر ميركل المحسوب، كما في ترويسة الكتلة (ترتيب البايتات الداخلي)", }
    OtsRootDisplay { en: "Computed merkle root, as block explorers show it (reversed)", zh: "计算出的默克尔根，按区块浏览器的显示方式（字节反转）", ar: "جذر ميركل المحسوب، كما تعرضه مستكشفات الكتل (معكوسًا)", }
    OtsCommitment { en: "Commitment", zh: "承诺值", ar: "الالتزام", }

    // Column names shared by the answers' tables, the Scores page and the experiment.
    ScHorizon { en: "Horizon", zh: "期限", ar: "الأفق", }
    ScRun { en: "Run", zh: "运行", ar: "التشغيل", }
    ExpMarket { en: "Market", zh: "市场", ar: "السوق", }
    ExpSeat { en: "Seat", zh: "席位", ar: "المقعد", }

    // The verifier report's proof sections, as a screen reader names them (web/src/verifier/report_view.rs).
    EaOtsProofsLabel { en: "OpenTimestamps proofs", zh: "OpenTimestamps 证明", ar: "إثباتات OpenTimestamps", }
    EaSignedTimeLabel { en: "Signed time and transparency log", zh: "签名时间与透明日志", ar: "الوقت الموقّع وسجل الشفافية", }
    // An answer's or a cell's time verdict (core's `Verdict`, web/src/verifier/answers_view.rs).
    EaVerdictProven { en: "proven before the reference", zh: "已证明早于参考时刻", ar: "ثبت أنه قبل المرجع", }
    EaVerdictAnchoredAfter { en: "anchored only after the reference", zh: "仅在参考时刻之后锚定", ar: "مثبت زمنيًا بعد المرجع فقط", }
    EaVerdictOperatorClock { en: "operator's clock only", zh: "仅有运营方的时钟", ar: "ساعة المشغّل فقط", }
    EaVerdictLate { en: "sealed after the reference (late)", zh: "在参考时刻之后封印（迟到）", ar: "مختوم بعد المرجع (متأخر)", }
    // The league's counting rule in words (core's `Counting::describe`, web/src/verifier/answers_view.rs).
    EaRuleListed { en: "the listed runs count ({runs}){when}", zh: "计入所列的运行（{runs}）{when}", ar: "تُحتسب التشغيلات المدرجة ({runs}){when}", }
    EaRuleScheduled { en: "each session's scheduled morning run <session>-am counts{from}{when}", zh: "计入每个会话按计划的早间运行 <session>-am{from}{when}", ar: "يُحتسب تشغيل الصباح المجدول لكل جلسة \u{2066}<session>-am\u{2069}{from}{when}", }
    EaRuleFrom { en: " from {session}", zh: "，自 {session} 起", ar: " بدءًا من {session}", }
    EaRuleInferred { en: "inferred, not declared{when}", zh: "推断得出，未经声明{when}", ar: "مستنتَجة، غير معلنة{when}", }
    EaRuleDeclared { en: ", declared in {file} line 1 sealed at {at}", zh: "，声明于 {file} 第 1 行，封印于 {at}", ar: "، المعلنة في السطر 1 من {file} المختوم في {at}", }
    // The header box's example (web/src/verifier/app.rs).
    EaHeadersPlaceholder { en: "0200000… (160 hex digits per header)", zh: "0200000…（每个区块头 160 个十六进制数字）", ar: "\u{2066}0200000…\u{2069} (‏160 رقمًا ست عشريًا لكل ترويسة)", }
    }

    // The Scores and Accounts pages (the Accounts page is drawn with the Scores page's tables
    // and charts).
    #[cfg(any(feature = "scores", feature = "accounts"))] {
    // The Scores page (web/src/scores).
    ScoresTitle { en: "Recompute the league's scores", zh: "重新计算联赛的评分", ar: "أعد حساب درجات الدوري", }
    ScoresLede { en: "Drop the published council-forecasts.csv (or the registered predictions, or the whole downloaded folder). This page recomputes every Brier score, interval, N_eff reading and the primary endpoint with the same code as the sealbook command line, compiled to WebAssembly. Your files never leave this device.", zh: "拖入已发布的 council-forecasts.csv（或已注册的预测，或整个下载的文件夹）。本页面用与 sealbook 命令行相同、编译为 WebAssembly 的代码，重新计算每个布里尔评分、区间、有效独立声音数读数和主要终点。你的文件不会离开本设备。", ar: "أفلت ملف council-forecasts.csv المنشور (أو التوقعات المسجلة، أو المجلد المنزَّل كله). تعيد هذه الصفحة حساب كل درجة براير وكل فاصل وكل قراءة لعدد الأصوات المستقلة الفعلي والنقطة النهائية الأساسية بالشيفرة نفسها التي يستخدمها سطر أوامر sealbook، مترجمة إلى WebAssembly. لا تغادر ملفاتك هذا الجهاز.", }
    ScoresFooter { en: "Spec §4-§5 and §8 of seed 000. The stats JSON is byte for byte sealbook score --json.", zh: "种子 000 的规范第 4-5 节和第 8 节。统计 JSON 与 sealbook score --json 逐字节相同。", ar: "المواصفة، الأقسام 4-5 و8 من البذرة 000. ملف الإحصاءات JSON مطابق بايتًا ببايت لمخرجات sealbook score --json.", }
    ScoresDropRecords { en: "Drop the benchmark's records file (.jsonl) here", zh: "将基准的记录文件（.jsonl）拖到这里", ar: "أفلت ملف سجلات المعيار (\u{2066}.jsonl\u{2069}) هنا", }
    ScoresDropCsv { en: "Drop council-forecasts.csv, the book or the whole downloaded folder here", zh: "将 council-forecasts.csv、账本或整个下载的文件夹拖到这里", ar: "أفلت council-forecasts.csv أو الدفتر أو المجلد المنزَّل كله هنا", }
    ScoresHintRecords { en: "One JSON record per line in the {profile} format (sealbook schema {profile}-records prints it).", zh: "每行一条 {profile} 格式的 JSON 记录（sealbook schema {profile}-records 会打印该格式）。", ar: "سجل JSON واحد في كل سطر بصيغة {profile} (يطبعها الأمر sealbook schema {profile}-records).", }
    ScoresHintCsv { en: "The book alone is scored from its sealed lines; with the CSV, the CSV's rows are scored and checked against the book (answers sealed after the 09:30 ET reference are left out). Optionally asks.jsonl (the roster), council-clim-window.json (BSS and the primary endpoint) and registered-predictions.json (the §8.4 scorecards, which can also be dropped alone). The reader experiment's analysis is shown from council-league.json or from an exported dataset (sealbook experiment export --dataset, a .json file named experiment…), each of which can also be dropped alone.", zh: "仅有账本时，按其封印的行计分；有 CSV 时，对 CSV 的行计分并与账本核对（在美东时间 09:30 ET 参考时刻之后封印的答案不计）。可选：asks.jsonl（名册）、council-clim-window.json（BSS 和主要终点）以及 registered-predictions.json（第 8.4 节的记分卡，也可单独拖入）。读者实验的分析取自 council-league.json 或导出的数据集（sealbook experiment export --dataset，名为 experiment… 的 .json 文件），二者也都可单独拖入。", ar: "يُقيَّم الدفتر وحده من أسطره المختومة؛ ومع ملف CSV تُقيَّم صفوفه وتُقارن بالدفتر (تُستبعد الإجابات المختومة بعد مرجع 09:30 بتوقيت ET). واختياريًا asks.jsonl (قائمة المشاركين) وcouncil-clim-window.json (‏BSS والنقطة النهائية الأساسية) وregistered-predictions.json (بطاقات القسم 8.4، ويمكن إفلاتها وحدها). يُعرض تحليل تجربة القرّاء من council-league.json أو من مجموعة بيانات مُصدَّرة (sealbook experiment export --dataset، ملف \u{2066}.json\u{2069} اسمه يبدأ بـ experiment…)، ويمكن إفلات كل منهما وحده.", }
    ScoresRules { en: "Rules", zh: "规则", ar: "القواعد", }
    ScoresNotRead { en: "Not read ({why}): {files}", zh: "未读取（{why}）：{files}", ar: "لم تُقرأ ({why}): {files}", }
    ScoresNotRecords { en: "not a .jsonl records file", zh: "不是 .jsonl 记录文件", ar: "ليست ملف سجلات \u{2066}.jsonl\u{2069}", }
    ScoresNotScored { en: "not a file this page scores", zh: "不是本页面计分的文件", ar: "ليست ملفًا تقيّمه هذه الصفحة", }
    ScRoleRecords { en: "records", zh: "记录", ar: "السجلات", }
    ScRoleForecasts { en: "forecasts", zh: "预测", ar: "التوقعات", }
    ScRoleBook { en: "book", zh: "账本", ar: "الدفتر", }
    ScRoleAsks { en: "asks", zh: "问询", ar: "الأسئلة", }
    ScRoleClim { en: "climatology", zh: "气候基准", ar: "المناخ", }
    ScRoleRegistered { en: "registered", zh: "已注册预测", ar: "التنبؤات المسجلة", }
    ScRoleExperiment { en: "experiment", zh: "实验", ar: "التجربة", }
    ScRoleLeague { en: "league file", zh: "联赛文件", ar: "ملف الدوري", }
    ScoresDownload { en: "Download stats JSON", zh: "下载统计 JSON", ar: "نزّل ملف الإحصاءات JSON", }
    ScoresSameBytesPeer { en: "The same bytes as sealbook score --profile … --json.", zh: "与 sealbook score --profile … --json 的字节相同。", ar: "البايتات نفسها التي يخرجها sealbook score --profile … --json.", }
    ScoresSameBytes { en: "The same bytes as sealbook score --json.", zh: "与 sealbook score --json 的字节相同。", ar: "البايتات نفسها التي يخرجها sealbook score --json.", }
    ScoresMatrixTitle { en: "Correlation matrix of a run", zh: "一次运行的相关矩阵", ar: "مصفوفة الارتباط لتشغيل", }
    ScoresNoPanel { en: "No run has a panel of seats to correlate.", zh: "没有任何运行具有可计算相关的席位组。", ar: "لا يوجد تشغيل فيه مجموعة مقاعد لحساب الارتباط.", }
    ScoresRunHorizon { en: "Run and horizon", zh: "运行与期限", ar: "التشغيل والأفق", }
    ScoresRunOption { en: "{run} · {horizon} · {n} seats", zh: "{run} · {horizon} · {n} 个席位", ar: "{run} · {horizon} · عدد المقاعد {n}", }
    ScoresCrashed { en: "The scorer stopped on an internal error; reload the page. ({why})", zh: "计分器因内部错误停止；请重新加载页面。（{why}）", ar: "توقف المُقيِّم بسبب خطأ داخلي؛ أعد تحميل الصفحة. ({why})", }
    ScoresBroken { en: "The scorer stopped: {why}. Reload the page to try again.", zh: "计分器已停止：{why}。请重新加载页面再试。", ar: "توقف المُقيِّم: {why}. أعد تحميل الصفحة لتحاول مجددًا.", }
    ScoresNotGiven { en: "the scorer could not be given the files: {why}", zh: "无法把文件交给计分器：{why}", ar: "تعذّر تسليم الملفات إلى المُقيِّم: {why}", }
    ScoresDownloadFailed { en: "the download could not be prepared: {why}", zh: "无法准备下载：{why}", ar: "تعذّر تجهيز التنزيل: {why}", }
    ScoresStepReadingFiles { en: "Reading the files", zh: "正在读取文件", ar: "جارٍ قراءة الملفات", }
    ScoresStepReading { en: "Reading {file}", zh: "正在读取 {file}", ar: "جارٍ قراءة {file}", }
    ScoresStepReadingRest { en: "Reading the book, the asks, the climatology and the registered predictions", zh: "正在读取账本、问询、气候基准和已登记的预言", ar: "جارٍ قراءة الدفتر والأسئلة والمناخ والتنبؤات المسجلة", }
    ScoresStepScoring { en: "Scoring every seat, horizon, consensus and the primary endpoint; correlating each run", zh: "正在为每个席位、期限、共识和主要终点计分；计算每次运行的相关性", ar: "جارٍ تقييم كل مقعد وأفق والإجماع ونقطة النهاية الأولية؛ وحساب الارتباط لكل تشغيل", }
    ScoresStepDrawing { en: "Drawing", zh: "正在绘制", ar: "جارٍ الرسم", }
    ScRows { en: "{n} rows", zh: "{n} 行", ar: "عدد الصفوف: {n}", }
    ScFromBook { en: "from the sealed book", zh: "来自封印的账本", ar: "من الدفتر المختوم", }
    ScFromCsv { en: "from {file}", zh: "来自 {file}", ar: "من {file}", }
    ScTimeBasis { en: " · time basis ", zh: " · 时间基准 ", ar: " · أساس الوقت ", }
    ScExcluded { en: " · {n} answers sealed after the reference left out · ", zh: " · 在参考时刻之后封印的 {n} 个答案未计入 · ", ar: " · استُبعدت إجابات مختومة بعد المرجع: {n} · ", }
    ScClimOk { en: "climatology hash checked", zh: "气候基准哈希已检查", ar: "تم فحص تجزئة المناخ", }
    ScClimBad { en: "climatology hash does not match", zh: "气候基准哈希不符", ar: "تجزئة المناخ غير مطابقة", }
    ScClimNone { en: "no climatology table", zh: "没有气候基准表", ar: "لا جدول مناخ", }
    ScClimSealed { en: "climatology table as sealed in the declaration before the season", zh: "气候基准表与赛季前声明中封印的一致", ar: "جدول المناخ كما هو مختوم في الإعلان قبل الموسم", }
    ScClimSealBroken { en: "climatology table is not the one sealed in the declaration (content SHA-256 {sealed}): {file} is missing, unreadable or edited", zh: "气候基准表不是声明中封印的那一份（内容 SHA-256 {sealed}）：{file} 缺失、无法读取或已被修改", ar: "جدول المناخ ليس المختوم في الإعلان (SHA-256 للمحتوى {sealed}): الملف {file} مفقود أو غير مقروء أو معدَّل", }
    ScClimNotSealed { en: "climatology table not sealed in a declaration (a league declared before tables were sealed, or no asks.jsonl given)", zh: "气候基准表未在声明中封印（联赛在封印气候基准表之前声明，或未提供 asks.jsonl）", ar: "جدول المناخ غير مختوم في إعلان (دوري أُعلن قبل ختم الجداول، أو لم يُعطَ asks.jsonl)", }
    ScAgreementOk { en: "Every one of the {n} issue rows checked is the cell sealed in the answer line it names ({skipped} rows without a sealed cell to compare).", zh: "所检查的全部 {n} 个问题行都是其所指答案行中封印的单元格（{skipped} 行没有可比较的封印单元格）。", ar: "كل صف من صفوف المسائل المفحوصة ({n}) هو الخلية المختومة في سطر الإجابة الذي يسمّيه (صفوف بلا خلية مختومة للمقارنة: {skipped}).", }
    ScEndpointTitle { en: "Primary endpoint", zh: "主要终点", ar: "نقطة النهاية الأولية", }
    ScEndpointNote { en: "Consensus against climatology: mean session gain G_s from session 11, moving-block bootstrap (blocks of {block}, {reps} resamples, seed {seed}), margin {margin}.", zh: "共识对照气候基准：自第 11 个会话起的平均会话增益 G_s，移动块自助法（块长 {block}，重抽样 {reps} 次，种子 {seed}），边际 {margin}。", ar: "الإجماع مقابل المناخ: متوسط مكسب الجلسة G_s بدءًا من الجلسة 11، إقلاع الكتل المتحركة (كتل من {block}، وإعادة معاينة {reps}، والبذرة {seed})، والهامش {margin}.", }
    ScEstimate { en: "Estimate", zh: "估计值", ar: "التقدير", }
    ScSessions { en: "Sessions", zh: "会话", ar: "الجلسات", }
    ScInterval95 { en: "95% interval", zh: "95% 区间", ar: "فاصل 95%", }
    ScInterval90 { en: "90% interval", zh: "90% 区间", ar: "فاصل 90%", }
    ScVerdict { en: "Verdict", zh: "结论", ar: "الحكم", }
    ScConfirmed { en: "confirmed", zh: "已确认", ar: "مؤكد", }
    ScNoGain { en: "no material gain", zh: "无实质增益", ar: "لا مكسب جوهري", }
    ScInconclusive { en: "inconclusive", zh: "无定论", ar: "غير حاسم", }
    ScNoVerdict { en: "no verdict", zh: "无结论", ar: "لا حكم", }
    // The Scores page's takeaway (web/src/scores/takeaway.rs).
    ScTkTitle { en: "The short answer", zh: "简要结论", ar: "الخلاصة", }
    ScTkLead { en: "Lower Brier is better: 0 is a perfect forecast, and a coin that always says 50% scores 0.25. Seats are ranked best first on horizon {h}.", zh: "布里尔评分越低越好：0 为完美预测，总说 50% 的硬币得 0.25。席位按期限 {h} 从好到差排列。", ar: "درجة براير الأدنى أفضل: 0 توقع تام، والعملة التي تقول 50% دائمًا تسجّل 0.25. المقاعد مرتبة من الأفضل على الأفق {h}.", }
    ScTkJoin { en: ", ", zh: "、", ar: "، ", }
    ScTkBeatCoin { en: "Beat the coin (95% interval wholly below 0.25): {seats}.", zh: "胜过硬币（95% 区间完全低于 0.25）：{seats}。", ar: "تفوّق على العملة (فاصل 95% كله دون 0.25): {seats}.", }
    ScTkNoneBeatCoin { en: "No seat beat the coin: no 95% interval lies wholly below 0.25.", zh: "没有席位胜过硬币：没有一个 95% 区间完全低于 0.25。", ar: "لم يتفوّق أي مقعد على العملة: لا فاصل 95% يقع كله دون 0.25.", }
    ScTkLostCoin { en: "Worse than the coin (95% interval wholly above 0.25): {seats}.", zh: "不如硬币（95% 区间完全高于 0.25）：{seats}。", ar: "أسوأ من العملة (فاصل 95% كله فوق 0.25): {seats}.", }
    ScTkNotSeparated { en: "Not told apart from the coin (the 95% interval holds 0.25): {seats}.", zh: "无法与硬币区分（95% 区间包含 0.25）：{seats}。", ar: "لا يتميّز عن العملة (فاصل 95% يشمل 0.25): {seats}.", }
    ScTkNoInterval { en: "No interval yet, so no claim against the coin: {seats}.", zh: "尚无区间，因此不对硬币下结论：{seats}。", ar: "لا فاصل بعد، فلا حكم مقابل العملة: {seats}.", }
    ScTkClimBetter { en: "Against the climatology, the consensus did better: {gain} Brier less per session over {sessions} sessions, 95% interval [{lo}, {hi}], wholly above zero (the primary endpoint).", zh: "与气候基准相比，共识更好：在 {sessions} 个会话中每个会话的布里尔评分低 {gain}，95% 区间 [{lo}, {hi}] 完全高于零（主要终点）。", ar: "مقابل المناخ، كان الإجماع أفضل: درجة براير أقل بمقدار {gain} لكل جلسة على {sessions} جلسة، فاصل 95% [{lo}, {hi}] كله فوق الصفر (نقطة النهاية الأولية).", }
    ScTkClimWorse { en: "Against the climatology, the consensus did worse: {gain} per session over {sessions} sessions, 95% interval [{lo}, {hi}], wholly below zero (the primary endpoint).", zh: "与气候基准相比，共识更差：在 {sessions} 个会话中每个会话 {gain}，95% 区间 [{lo}, {hi}] 完全低于零（主要终点）。", ar: "مقابل المناخ، كان الإجماع أسوأ: {gain} لكل جلسة على {sessions} جلسة، فاصل 95% [{lo}, {hi}] كله دون الصفر (نقطة النهاية الأولية).", }
    ScTkClimNoGain { en: "Against the climatology, the consensus shows no material gain: {gain} per session over {sessions} sessions, 90% interval [{lo}, {hi}], inside the ±0.01 margin (the primary endpoint).", zh: "与气候基准相比，共识没有实质增益：在 {sessions} 个会话中每个会话 {gain}，90% 区间 [{lo}, {hi}] 落在 ±0.01 的界限内（主要终点）。", ar: "مقابل المناخ، لا مكسب جوهري للإجماع: {gain} لكل جلسة على {sessions} جلسة، فاصل 90% [{lo}, {hi}] داخل هامش ±0.01 (نقطة النهاية الأولية).", }
    ScTkClimNotSeparated { en: "Against the climatology, the consensus is not told apart: {gain} per session over {sessions} sessions, 95% interval [{lo}, {hi}], which holds zero (the primary endpoint).", zh: "与气候基准相比，共识无法区分：在 {sessions} 个会话中每个会话 {gain}，95% 区间 [{lo}, {hi}] 包含零（主要终点）。", ar: "مقابل المناخ، لا يتميّز الإجماع: {gain} لكل جلسة على {sessions} جلسة، فاصل 95% [{lo}, {hi}] يشمل الصفر (نقطة النهاية الأولية).", }
    ScTkClimNone { en: "Against the climatology, no verdict yet: {why}.", zh: "与气候基准相比，尚无结论：{why}。", ar: "مقابل المناخ، لا حكم بعد: {why}.", }
    ScTkClimSeats { en: "A seat's skill against the climatology carries no interval here, so no seat is said to beat it (BSS clim in the tables below).", zh: "此处席位相对气候基准的技能没有区间，因此不称任何席位胜过它（见下表的 BSS（气候基准））。", ar: "مهارة المقعد مقابل المناخ بلا فاصل هنا، فلا يُقال إن مقعدًا تفوّق عليه (BSS (المناخ) في الجداول أدناه).", }
    ScTkNeff { en: "N_eff counts how many independent voices the seats are worth: n / (1 + (n − 1) r), from the mean correlation r of their answers. It reads {neff} from {n} seats (run {run}, {h}) because r is negative ({rho}); over a few shared markets that is noise, not {neff} independent voices. {k} readings exceed their seats.", zh: "有效独立声音数 N_eff 衡量这些席位相当于多少个独立声音：由其回答的平均相关系数 r 计算 n / (1 + (n − 1) r)。它在 {n} 个席位上读数为 {neff}（运行 {run}，{h}），因为 r 为负（{rho}）；在少数共同市场上这是噪声，而不是 {neff} 个独立声音。共有 {k} 个读数超过其席位数。", ar: "يعدّ عدد الأصوات المستقلة الفعلي N_eff كم صوتًا مستقلًا تساويه المقاعد: n / (1 + (n − 1) r) من متوسط الارتباط r بين إجاباتها. قراءته {neff} من {n} مقاعد (التشغيل {run}، {h}) لأن r سالب ({rho})؛ على أسواق مشتركة قليلة هذا ضجيج، لا {neff} صوتًا مستقلًا. {k} قراءات تتجاوز عدد مقاعدها.", }
    ScSeatsH { en: "Seats, horizon {h}, best (lowest Brier) first", zh: "席位，期限 {h}，最好（布里尔评分最低）的在前", ar: "المقاعد، الأفق {h}، الأفضل (أدنى درجة براير) أولًا", }
    ScBssCoin { en: "BSS coin", zh: "BSS（硬币）", ar: "BSS (العملة)", }
    ScBssClim { en: "BSS clim", zh: "BSS（气候基准）", ar: "BSS (المناخ)", }
    ScBssCrowd { en: "BSS crowd", zh: "BSS（众智）", ar: "BSS (الجمهور)", }
    ScCoverage { en: "Coverage", zh: "覆盖率", ar: "التغطية", }
    ScBrierExDraw { en: "Brier ex-draw", zh: "布里尔评分（不含平局）", ar: "درجة براير دون التعادل", }
    ScEligibility { en: "Eligibility", zh: "资格", ar: "الأهلية", }
    ScLogisticFit { en: "Logistic fit", zh: "逻辑斯蒂拟合", ar: "الملاءمة اللوجستية", }
    ScSeatsTitle { en: "Seats by horizon", zh: "按期限的席位", ar: "المقاعد حسب الأفق", }
    ScSeatsNote { en: "Brier on the stated probability over every resolved row (draws included); BSS against the coin (0.25), the sealed climatology and the crowd (one-day, admitted contracts, on crowd_up); K sharpness; ranked = the 30/10 rule. Intervals follow §4.6: the method used, or why there is none.", zh: "布里尔评分按所述概率计算，覆盖每个已结算的行（含平局）；BSS 分别对照硬币（0.25）、封印的气候基准和众智（一天期、已纳入的合约，基于 crowd_up）；K 为锐度；已排名 = 30/10 规则。区间遵循第 4.6 节：所用方法，或没有区间的原因。", ar: "درجة براير على الاحتمال المعلن لكل صف محسوم (مع التعادلات)؛ وBSS مقابل العملة (0.25) والمناخ المختوم والجمهور (أفق يوم، العقود المقبولة، على crowd_up)؛ وK الحدّة؛ مُرتَّب = قاعدة 30/10. تتبع الفواصل القسم 4.6: الطريقة المستخدمة، أو سبب غيابها.", }
    ScRanked { en: "ranked", zh: "已排名", ar: "مُرتَّب", }
    ScNotYet { en: "not yet", zh: "尚未", ar: "ليس بعد", }
    ScConsensusH { en: "Consensus per horizon", zh: "各期限的共识", ar: "الإجماع لكل أفق", }
    ScDispersion { en: "Dispersion", zh: "离散度", ar: "التشتت", }
    ScMembersBrier { en: "Members' Brier", zh: "成员的布里尔评分", ar: "درجة براير للأعضاء", }
    ScMomentumBrier { en: "Momentum Brier", zh: "动量布里尔评分", ar: "درجة براير للزخم", }
    ScAllWrong { en: "All wrong", zh: "全部错误", ar: "الكل مخطئ", }
    ScConsensusTitle { en: "Consensus", zh: "共识", ar: "الإجماع", }
    ScConsensusNote { en: "Trimmed, family-weighted consensus on common events; dispersion is the Krogh-Vedelsby term (members' Brier minus the consensus').", zh: "在共同事件上经修剪、按家族加权的共识；离散度是 Krogh-Vedelsby 项（成员的布里尔评分减去共识的）。", ar: "إجماع مُشذَّب ومرجَّح بالعائلات على الأحداث المشتركة؛ والتشتت هو حد Krogh-Vedelsby (درجة براير للأعضاء ناقص درجة الإجماع).", }
    ScConsensusSeries { en: "consensus {h}", zh: "共识 {h}", ar: "الإجماع {h}", }
    ScCalibrationTitle { en: "Calibration", zh: "校准", ar: "المعايرة", }
    ScCalibrationNote { en: "Folded bins [50,60) [60,70) [70,80) [80,100] of the consensus; bins with fewer than 20 forecasts are not drawn.", zh: "共识的折叠分箱 [50,60) [60,70) [70,80) [80,100]；预测少于 20 个的分箱不绘制。", ar: "فئات مطوية [50,60) [60,70) [70,80) [80,100] للإجماع؛ ولا تُرسم الفئات التي فيها أقل من 20 توقعًا.", }
    ScSeatCalCaption { en: "Calibration per seat: realized share in each folded bin, at the mean stated probability, with n (grey: under 20); logistic fit with clustered standard errors", zh: "各席位的校准：每个折叠分箱中实现的比例、平均所述概率及 n（灰色：少于 20）；带聚类标准误的逻辑斯蒂拟合", ar: "المعايرة لكل مقعد: النسبة المتحققة في كل فئة مطوية، عند متوسط الاحتمال المعلن، مع n (بالرمادي: أقل من 20)؛ وملاءمة لوجستية بأخطاء معيارية عنقودية", }
    ScLogisticSe { en: "Logistic a, b (SE)", zh: "逻辑斯蒂 a、b（标准误）", ar: "اللوجستية a، b (الخطأ المعياري)", }
    ScEverySeat { en: "Every seat", zh: "每个席位", ar: "كل مقعد", }
    ScSeatCalLabel { en: "Calibration per seat", zh: "各席位的校准", ar: "المعايرة لكل مقعد", }
    ScBinAt { en: "at {m}, n {n}", zh: "于 {m}，n {n}", ar: "عند {m}، n {n}", }
    ScFit { en: "a {a} ({sa}), b {b} ({sb}); {n} sessions", zh: "a {a}（{sa}），b {b}（{sb}）；{n} 个会话", ar: "a {a} ({sa})، b {b} ({sb})؛ عدد الجلسات {n}", }
    ScNeffCaption { en: "N_eff per run and horizon", zh: "每次运行和期限的有效独立声音数（N_eff）", ar: "عدد الأصوات المستقلة الفعلي (N_eff) لكل تشغيل وأفق", }
    ScMeanR { en: "Mean r", zh: "平均 r", ar: "متوسط r", }
    ScNeff { en: "N_eff", zh: "有效独立声音数", ar: "عدد الأصوات المستقلة الفعلي", }
    ScNote { en: "Note", zh: "备注", ar: "ملاحظة", }
    ScNeffTitle { en: "Independent voices (N_eff)", zh: "有效独立声音数（N_eff）", ar: "عدد الأصوات المستقلة الفعلي (N_eff)", }
    ScNeffNote { en: "N_eff = n / (1 + (n - 1) rho) per run and horizon; the curves are that formula at each horizon's mean observed rho, the dashed line is N_eff = n (independent seats), the points are the runs.", zh: "每次运行和期限的有效独立声音数 N_eff = n / (1 + (n - 1) rho)；曲线是该公式在各期限观测到的平均 rho 下的取值，虚线是 N_eff = n（独立席位），点是各次运行。", ar: "عدد الأصوات المستقلة الفعلي N_eff = n / (1 + (n - 1) rho) لكل تشغيل وأفق؛ والمنحنيات هي تلك الصيغة عند متوسط rho المرصود لكل أفق، والخط المتقطع هو N_eff = n (مقاعد مستقلة)، والنقاط هي التشغيلات.", }
    ScAllReadings { en: "All {n} readings", zh: "全部 {n} 个读数", ar: "كل القراءات ({n})", }
    ScModelMarketH { en: "Model x market, horizon {h}, seats best first", zh: "模型 × 市场，期限 {h}，席位按成绩从好到差排列", ar: "النموذج × السوق، الأفق {h}، المقاعد من الأفضل أولًا", }
    ScHorizonH { en: "Horizon {h}", zh: "期限 {h}", ar: "الأفق {h}", }
    ScGridTitle { en: "Model x market x horizon", zh: "模型 × 市场 × 期限", ar: "النموذج × السوق × الأفق", }
    ScGridNote { en: "Brier of each seat on each market (hover or focus a cell for n and hit rate).", zh: "每个席位在每个市场上的布里尔评分（悬停或聚焦单元格可查看 n 和命中率）。", ar: "درجة براير لكل مقعد في كل سوق (مرّر المؤشر على خلية أو ركّز عليها لرؤية n ونسبة الإصابة).", }
    ScGridCell { en: "n {n}, hit rate {rate}", zh: "n {n}，命中率 {rate}", ar: "n {n}، نسبة الإصابة {rate}", }
    ScMatrixLabel { en: "Correlation matrix of run {run} at horizon {h}", zh: "运行 {run} 在期限 {h} 的相关矩阵", ar: "مصفوفة الارتباط للتشغيل {run} عند الأفق {h}", }
    ScNoEigen { en: "No eigenvalues: some pair of seats has no correlation (fewer than the minimum of common markets, or a constant answer).", zh: "没有特征值：某对席位没有相关性（共同市场少于最小数量，或答案恒定）。", ar: "لا قيم ذاتية: زوج من المقاعد بلا ارتباط (أسواق مشتركة أقل من الحد الأدنى، أو إجابة ثابتة).", }
    ScEigenShare { en: "Largest eigenvalue's share of the trace {share}; participation ratio {ratio}.", zh: "最大特征值占迹的比例 {share}；参与比 {ratio}。", ar: "حصة أكبر قيمة ذاتية من الأثر {share}؛ ونسبة المشاركة {ratio}.", }
    ScEigenList { en: "Eigenvalues, largest first", zh: "特征值，从大到小", ar: "القيم الذاتية، الأكبر أولًا", }
    ScMatrixTable { en: "The matrix as a table", zh: "以表格形式显示矩阵", ar: "المصفوفة على هيئة جدول", }
    ScNoCorrelation { en: "no correlation (too few common markets)", zh: "无相关性（共同市场太少）", ar: "لا ارتباط (أسواق مشتركة قليلة جدًا)", }
    ScNeffChart { en: "N_eff against the number of seats n, for the observed mean correlation of each horizon", zh: "有效独立声音数 N_eff 与席位数 n 的关系，按各期限观测到的平均相关性", ar: "عدد الأصوات المستقلة الفعلي N_eff مقابل عدد المقاعد n، عند متوسط الارتباط المرصود لكل أفق", }
    ScAxisSeatsN { en: "seats answering (n)", zh: "作答席位数（n）", ar: "المقاعد المجيبة (n)", }
    ScIndependentLine { en: "independent seats: N_eff = n", zh: "独立席位：有效独立声音数 N_eff = n", ar: "مقاعد مستقلة: عدد الأصوات المستقلة الفعلي N_eff = n", }
    ScMeanRho { en: "{label} mean rho {rho}", zh: "{label} 平均 rho {rho}", ar: "{label} متوسط rho ‏{rho}", }
    ScNeffPoint { en: "{label}: n {n}, N_eff {neff}", zh: "{label}：n {n}，有效独立声音数 {neff}", ar: "{label}: n {n}، عدد الأصوات المستقلة الفعلي {neff}", }
    ScCalChart { en: "Folded calibration: stated probability against the share of events that went the stated way", zh: "折叠校准：所述概率与按所述方向发生的事件比例", ar: "المعايرة المطوية: الاحتمال المعلن مقابل نسبة الأحداث التي سارت في الاتجاه المعلن", }
    ScAxisStated { en: "stated probability, folded (%)", zh: "所述概率，折叠（%）", ar: "الاحتمال المعلن، مطويًا (%)", }
    ScAxisShare { en: "share that went the stated way", zh: "按所述方向发生的比例", ar: "النسبة التي سارت في الاتجاه المعلن", }
    ScPerfect { en: "perfect calibration", zh: "完美校准", ar: "معايرة تامة", }
    ScCalPoint { en: "{label}: stated {x}%, realized {y}%, n {n}", zh: "{label}：所述 {x}%，实现 {y}%，n {n}", ar: "{label}: المعلن {x}%، المتحقق {y}%، n {n}", }
    ScMethodT { en: "t on session means", zh: "基于会话均值的 t 区间", ar: "t على متوسطات الجلسات", }
    ScMethodCluster { en: "session-cluster bootstrap", zh: "会话聚类自助法", ar: "إقلاع عنقودي بالجلسات", }
    ScMethodNw { en: "Newey-West, lag {lag}", zh: "Newey-West，滞后 {lag}", ar: "Newey-West، التأخر {lag}", }
    ScMethodBlock { en: "block bootstrap, blocks of {block}", zh: "块自助法，块长 {block}", ar: "إقلاع بالكتل، كتل من {block}", }
    ScNoneFormed { en: "none could be formed", zh: "无法构成", ar: "تعذّر تكوينه", }
    ScNoIntervalYet { en: "{sessions} scored sessions; intervals start at {first} (spec 4.6)", zh: "已计分会话 {sessions} 个；区间从第 {first} 个会话开始（规范第 4.6 节）", ar: "الجلسات المقيَّمة: {sessions}؛ تبدأ الفواصل عند {first} (المواصفة، القسم 4.6)", }
    ScNoIntervalHorizon { en: "{sessions} scored sessions; a {h}-session horizon needs {first} (5h, spec 4.6)", zh: "已计分会话 {sessions} 个；{h} 个会话的期限需要 {first} 个（5h，规范第 4.6 节）", ar: "الجلسات المقيَّمة: {sessions}؛ يحتاج أفق من {h} جلسات إلى {first} (5h، المواصفة، القسم 4.6)", }
    ScNoIntervalFormed { en: "no interval could be formed", zh: "无法构成区间", ar: "تعذّر تكوين فاصل", }
    ScInterval95Ci { en: "95% interval {ci}, n {n}", zh: "95% 区间 {ci}，n {n}", ar: "فاصل 95% ‏{ci}، n {n}", }
    ScCrowdCaption { en: "Seats against the crowd, by contract volume", zh: "席位对照众智，按合约成交量", ar: "المقاعد مقابل الجمهور، حسب حجم العقد", }
    ScContracts { en: "Contracts", zh: "合约", ar: "العقود", }
    ScQuestions { en: "Questions", zh: "问题", ar: "الأسئلة", }
    ScModelBrier { en: "Model Brier", zh: "模型布里尔评分", ar: "درجة براير للنموذج", }
    ScCrowdBrier { en: "Crowd Brier", zh: "众智布里尔评分", ar: "درجة براير للجمهور", }
    ScBssVsCrowd { en: "BSS vs crowd", zh: "BSS（对照众智）", ar: "BSS مقابل الجمهور", }
    ScGap { en: "Gap", zh: "差距", ar: "الفجوة", }
    ScSeatFrom50 { en: "Seat from 50", zh: "席位距 50", ar: "المقعد عن 50", }
    ScCrowdFrom50 { en: "Crowd from 50", zh: "众智距 50", ar: "الجمهور عن 50", }
    Sc2dRule { en: "2d rule", zh: "2d 规则", ar: "قاعدة 2d", }
    ScAllSeats { en: "all seats", zh: "全部席位", ar: "كل المقاعد", }
    ScAdmitted { en: "admitted", zh: "已纳入", ar: "مقبولة", }
    ScThin { en: "thin", zh: "成交稀少", ar: "ضعيفة", }
    ScBeyond2d { en: "beyond 2d", zh: "超出 2d", ar: "أبعد من 2d", }
    ScWithin2d { en: "within 2d: no advantage read", zh: "在 2d 之内：不视为优势", ar: "ضمن 2d: لا تُقرأ ميزة", }
    ScQuestionsCaption { en: "Every crowd question: the sealed price and volume, bid/ask and last trade, the resolution and each seat's crowd_up", zh: "每个众智问题：封印的价格和成交量、买价/卖价和最后成交、结算结果以及每个席位的 crowd_up", ar: "كل سؤال للجمهور: السعر والحجم المختومان، والعرض/الطلب وآخر صفقة، والحسم، وcrowd_up لكل مقعد", }
    ScVenue { en: "Venue", zh: "交易场所", ar: "المنصة", }
    ScVolume { en: "Volume", zh: "成交量", ar: "الحجم", }
    ScBidAsk { en: "Bid / ask", zh: "买价 / 卖价", ar: "العرض / الطلب", }
    ScLastTrade { en: "Last trade", zh: "最后成交", ar: "آخر صفقة", }
    ScResolved { en: "Resolved", zh: "结算结果", ar: "الحسم", }
    ScSeatsCrowdUp { en: "Seats (crowd_up)", zh: "席位（crowd_up）", ar: "المقاعد (crowd_up)", }
    ScOpen { en: "open", zh: "未结算", ar: "مفتوح", }
    ScCrowdTitle { en: "AI against the crowd", zh: "AI 对照众智", ar: "الذكاء الاصطناعي مقابل الجمهور", }
    ScCrowdNote { en: "Each seat's crowd_up against the market price sealed in the run line, on the same contract, scored by the contract's own resolution. Contracts with sealed volume of at least ${floor} enter the primary comparison; thinner ones are shown apart. d is the share of market sessions in which the league's question and the crowd's resolved in opposite directions; a gap of at most 2d is not read as an advantage (§4.9). \"From 50\" is sharpness on the same rows: mean distance of the seat's crowd_up and of the market price from 50, in points (§4.4).", zh: "每个席位的 crowd_up 对照运行行中封印的市场价格，基于同一合约，并按该合约自身的结算结果计分。封印成交量至少为 ${floor} 的合约进入主要比较；成交更少的合约单独列出。d 是联赛的问题与众智的问题结算方向相反的市场会话所占比例；不超过 2d 的差距不视为优势（第 4.9 节）。“距 50”是同样各行上的锐度：席位的 crowd_up 与市场价格距 50 的平均距离，以点计（第 4.4 节）。", ar: "crowd_up لكل مقعد مقابل سعر السوق المختوم في سطر التشغيل، على العقد نفسه، ويُقيَّم بحسم العقد نفسه. تدخل العقود التي حجمها المختوم ${floor} على الأقل في المقارنة الأولية؛ وتُعرض الأضعف منها على حدة. d هي نسبة جلسات السوق التي حُسم فيها سؤال الدوري وسؤال الجمهور في اتجاهين متعاكسين؛ ولا تُقرأ فجوة لا تتجاوز 2d على أنها ميزة (القسم 4.9). «عن 50» هي الحدّة على الصفوف نفسها: متوسط بُعد crowd_up للمقعد وسعر السوق عن 50، بالنقاط (القسم 4.4).", }
    ScCrowdLabel { en: "Seats against the crowd", zh: "席位对照众智", ar: "المقاعد مقابل الجمهور", }
    ScAllQuestions { en: "All {n} questions", zh: "全部 {n} 个问题", ar: "كل الأسئلة ({n})", }
    ScEveryQuestion { en: "Every crowd question", zh: "每个众智问题", ar: "كل سؤال للجمهور", }
    ScRosterFrom { en: "Roster from {src}.", zh: "名册来自 {src}。", ar: "القائمة من {src}.", }
    ScNoRoster { en: "No roster: each seat is its own family and has no side.", zh: "没有名册：每个席位自成一个家族，且没有阵营。", ar: "لا قائمة: كل مقعد عائلة بذاته وبلا جانب.", }
    ScRoster { en: "Roster", zh: "名册", ar: "القائمة", }
    ScFamily { en: "Family", zh: "家族", ar: "العائلة", }
    ScSide { en: "Side", zh: "阵营", ar: "الجانب", }
    ScModel { en: "Model", zh: "模型", ar: "النموذج", }
    ScIndCaption { en: "Independence per run and horizon (all = the run's every cell)", zh: "每次运行和期限的独立性（all = 该运行的全部单元格）", ar: "الاستقلال لكل تشغيل وأفق (all = كل خلايا التشغيل)", }
    ScOnePerGroup { en: "One market per group", zh: "每组一个市场", ar: "سوق واحد لكل مجموعة", }
    ScFrom50 { en: "From 50", zh: "距 50", ar: "عن 50", }
    ScFromClim { en: "From climatology", zh: "距气候基准", ar: "عن المناخ", }
    ScErrors { en: "Errors", zh: "错误", ar: "الأخطاء", }
    ScEigenShareHead { en: "Largest eigenvalue share", zh: "最大特征值占比", ar: "حصة أكبر قيمة ذاتية", }
    ScParticipation { en: "Participation ratio", zh: "参与比", ar: "نسبة المشاركة", }
    ScShare4060 { en: "Share 40-60", zh: "40-60 占比", ar: "نسبة 40-60", }
    ScSpread { en: "Spread", zh: "离散", ar: "الانتشار", }
    ScSides { en: "Sides", zh: "阵营", ar: "الجوانب", }
    ScSeatsInRun { en: "Seats in run {run} (every cell)", zh: "运行 {run} 中的席位（全部单元格）", ar: "المقاعد في التشغيل {run} (كل الخلايا)", }
    ScMajority { en: "Majority agreement", zh: "与多数一致", ar: "الاتفاق مع الأغلبية", }
    ScCells { en: "Cells", zh: "单元格", ar: "الخلايا", }
    ScSeatsLatest { en: "Seats in the latest run", zh: "最近一次运行中的席位", ar: "المقاعد في آخر تشغيل", }
    ScShadowCaption { en: "Shadow-consensus weights from runs {runs}", zh: "来自运行 {runs} 的影子共识权重", ar: "أوزان الإجماع الظلي من التشغيلات {runs}", }
    ScWeight { en: "Weight", zh: "权重", ar: "الوزن", }
    ScCorrelations { en: "Correlations", zh: "相关性", ar: "الارتباطات", }
    ScShadowWeights { en: "Shadow-consensus weights", zh: "影子共识权重", ar: "أوزان الإجماع الظلي", }
    ScShadowNote { en: "Shadow weights: {note}", zh: "影子权重：{note}", ar: "الأوزان الظلية: {note}", }
    ScFunnelCaption { en: "From the file to the counted record, per run", zh: "从文件到计入的记录，按运行", ar: "من الملف إلى السجل المحتسب، لكل تشغيل", }
    ScCorrections { en: "Corrections", zh: "更正", ar: "التصحيحات", }
    ScSealedBefore { en: "Sealed before the reference", zh: "在参考时刻之前封印", ar: "مختومة قبل المرجع", }
    ScExplicit50 { en: "Explicit 50", zh: "明确的 50", ar: "50 صريحة", }
    ScInvalid { en: "Invalid", zh: "无效", ar: "غير صالحة", }
    ScCountedOneDay { en: "Counted, one day", zh: "已计入，一天期", ar: "محتسبة، يوم واحد", }
    ScIndTitle { en: "Independence in detail (§5)", zh: "独立性详情（第 5 节）", ar: "الاستقلال بالتفصيل (القسم 5)", }
    ScIndNote { en: "{source} A family's second and later seats weigh 1/3 in the consensus; sides feed the US/China test.", zh: "{source} 一个家族的第二个及之后的席位在共识中权重为 1/3；阵营用于美国/中国检验。", ar: "{source} تُوزن المقاعد الثانية وما بعدها في العائلة بمقدار 1/3 في الإجماع؛ وتغذي الجوانب اختبار الولايات المتحدة/الصين.", }
    ScEveryRun { en: "Every run and horizon ({n} readings)", zh: "每次运行和期限（{n} 个读数）", ar: "كل تشغيل وأفق (عدد القراءات {n})", }
    ScFunnel { en: "From the file to the counted record", zh: "从文件到计入的记录", ar: "من الملف إلى السجل المحتسب", }
    ScKalshi { en: "Kalshi prices that do not follow from their sealed strikes:", zh: "与其封印的行权价不相符的 Kalshi 价格：", ar: "أسعار Kalshi التي لا تنتج عن أسعار التنفيذ المختومة:", }
    ScKalshiLine { en: "book line {line}, {field}: sealed {sealed}, recomputed {recomputed}", zh: "账本第 {line} 行，{field}：封印值 {sealed}，重新计算值 {recomputed}", ar: "سطر الدفتر {line}، {field}: المختوم {sealed}، المعاد حسابه {recomputed}", }
    ScProfileCouncil { en: "Council league (seed 000)", zh: "委员会联赛（种子 000）", ar: "دوري المجلس (البذرة 000)", }
    ScProfileAgentpit { en: "AgentpitBench (seeds 001/003)", zh: "AgentpitBench（种子 001/003）", ar: "AgentpitBench (البذرتان 001/003)", }
    ScProfileLadder { en: "Forecasting ladder (seed 002)", zh: "预测阶梯（种子 002）", ar: "سلّم التوقع (البذرة 002)", }
    ScProfileArena { en: "Headline Arena (seed 004)", zh: "Headline Arena（种子 004）", ar: "Headline Arena (البذرة 004)", }
    ScPeerNoValues { en: "no values to score", zh: "没有可计分的值", ar: "لا قيم للتقييم", }
    ScPeerTooFew { en: "an interval needs at least {min} values", zh: "区间至少需要 {min} 个值", ar: "يحتاج الفاصل إلى {min} قيم على الأقل", }
    ScPeerNoBootstrap { en: "the bootstrap gave no interval", zh: "bootstrap 没有给出区间", ar: "لم يُعطِ الـ bootstrap فاصلًا", }
    ScPeerNoVerdict { en: "no interval of the mean difference, so no verdict", zh: "平均差值没有区间，因此不作判定", ar: "لا فاصل لمتوسط الفرق، فلا حكم", }
    ScPeerLadderIntervals { en: "seed 002 puts intervals on Brier and edge only", zh: "种子 002 只为布里尔评分和优势（edge）给出区间", ar: "لا تضع البذرة 002 فواصل إلا على درجة براير والأفضلية (edge)", }
    ScPeerArenaNoInterval { en: "seed 004 states no interval", zh: "种子 004 未规定区间", ar: "لا تنص البذرة 004 على فاصل", }
    ScPeerIntervals { en: "Intervals: {level}% from {resamples} iid resamples, seed {seed} ({generator}).", zh: "区间：{level}%，来自 {resamples} 次独立同分布重抽样，种子 {seed}（{generator}）。", ar: "الفواصل: {level}% من {resamples} إعادة معاينة مستقلة متماثلة التوزيع، البذرة {seed} ({generator}).", }
    ScPeerRecords { en: "{n} records.", zh: "共 {n} 条记录。", ar: "عدد السجلات: {n}.", }
    ScApTitle { en: "AgentpitBench rules (seeds 001/003)", zh: "AgentpitBench 规则（种子 001/003）", ar: "قواعد AgentpitBench (البذرتان 001/003)", }
    ScApNote { en: "Multi-outcome Brier 1/2 Σ(p−y)² per agent against the crowd's price at sweep time on the same markets; a verdict only when the interval of the mean difference excludes zero; infrastructure failures are not missing answers.", zh: "每个智能体的多结果布里尔评分 ½·Σ(p−y)²，在相同的市场上与问卷时大众的价格比较；只有当平均差值的区间不包含零时才作判定；基础设施故障不计为缺失预测。", ar: "درجة براير متعددة النتائج ½·Σ(p−y)² لكل وكيل مقابل سعر الجمهور وقت المسح على الأسواق نفسها؛ لا حكم إلا إذا خلا فاصل متوسط الفرق من الصفر؛ لا تُحتسب أعطال البنية التحتية إجابات مفقودة.", }
    ScApAgents { en: "Agents", zh: "智能体", ar: "الوكلاء", }
    ScApAgent { en: "Agent", zh: "智能体", ar: "الوكيل", }
    ScApCrowdBrier { en: "Crowd Brier", zh: "大众的布里尔评分", ar: "درجة براير للجمهور", }
    ScApDiff { en: "Agent - crowd", zh: "智能体 − 大众", ar: "الوكيل − الجمهور", }
    ScApMarkets { en: "Markets", zh: "市场", ar: "الأسواق", }
    ScApSignTest { en: "Sign test better / worse / ties", zh: "符号检验：优于 / 劣于 / 持平", ar: "اختبار الإشارة: أفضل / أسوأ / تعادل", }
    ScApBetPnl { en: "Bet P&L", zh: "下注盈亏", ar: "الربح/الخسارة من الرهانات", }
    ScApBetter { en: "better", zh: "优于大众", ar: "أفضل", }
    ScApWorse { en: "worse", zh: "劣于大众", ar: "أسوأ", }
    ScApInconclusive { en: "inconclusive", zh: "无定论", ar: "غير حاسمة", }
    ScLdTitle { en: "Forecasting ladder rules (seed 002)", zh: "预测阶梯规则（种子 002）", ar: "قواعد سلّم التوقع (البذرة 002)", }
    ScLdNote { en: "Edge = market Brier − model Brier on the answered resolved questions (positive beats the frozen price); the league score counts every skipped question at 0.50; under 10 resolved a model is PROVISIONAL; * marks the search-enabled track.", zh: "优势（edge）= 市场布里尔评分 − 模型布里尔评分，按已作答且已结算的问题计算（为正即胜过冻结的价格）；联赛得分把每个跳过的问题按 0.50 计；已结算问题不足 10 个的模型为暂定（PROVISIONAL）；* 标记可联网搜索的赛道。", ar: "الأفضلية (edge) = درجة براير للسوق − درجة براير للنموذج على الأسئلة المجاب عنها والمحسومة (الموجب يتفوق على السعر المجمّد)؛ وتحتسب نتيجة الدوري كل سؤال متروك بقيمة 0.50؛ والنموذج الذي لديه أقل من 10 أسئلة محسومة مؤقت (PROVISIONAL)؛ وتميّز * مسار البحث المفعّل.", }
    ScLdModels { en: "Models", zh: "模型", ar: "النماذج", }
    ScLdEdge { en: "Edge", zh: "优势（edge）", ar: "الأفضلية", }
    ScLdLeagueScore { en: "League score", zh: "联赛得分", ar: "نتيجة الدوري", }
    ScLdResolvedAnswered { en: "Resolved answered", zh: "已作答且已结算", ar: "المجاب عنها والمحسومة", }
    ScLdStatus { en: "Status", zh: "状态", ar: "الحالة", }
    ScLdProvisional { en: "PROVISIONAL", zh: "暂定", ar: "مؤقت", }
    ScArTitle { en: "Headline Arena rules (seed 004)", zh: "Headline Arena 规则（种子 004）", ar: "قواعد Headline Arena (البذرة 004)", }
    ScArNote { en: "Directional score 50 ± 50c (not a Brier or CRPS), accuracy over settled calls, the categorical Brier diagnostic kept apart, Normal CRPS with its 0–100 display; the leaderboard needs {gate} settlements; cancelled and open challenges are excluded.", zh: "方向得分 50 ± 50c（既不是布里尔评分也不是 CRPS），准确率按已结算的判断计算，分类布里尔诊断单独列出，正态 CRPS 及其 0–100 显示值；排行榜需要 {gate} 次结算；已取消和未结束的挑战不计入。", ar: "النتيجة الاتجاهية 50 ± 50c (ليست درجة براير ولا CRPS)، والدقة على التوقعات المحسومة، وتشخيص براير الفئوي منفصل، وCRPS الطبيعي مع عرضه من 0 إلى 100؛ تحتاج لوحة الصدارة إلى {gate} تسوية؛ وتُستبعد التحديات الملغاة والمفتوحة.", }
    ScArDirectional { en: "Directional score", zh: "方向得分", ar: "النتيجة الاتجاهية", }
    ScArInterval { en: "Interval", zh: "区间", ar: "الفاصل", }
    ScArAccuracy { en: "Accuracy", zh: "准确率", ar: "الدقة", }
    ScArBrierDiag { en: "Brier diagnostic", zh: "布里尔诊断", ar: "تشخيص براير", }
    ScArCrpsDisplay { en: "CRPS display", zh: "CRPS 显示值", ar: "عرض CRPS", }
    ScArSettled { en: "Settled", zh: "已结算", ar: "المحسومة", }
    ScArLeaderboard { en: "Leaderboard", zh: "排行榜", ar: "لوحة الصدارة", }
    ScArEligible { en: "eligible", zh: "有资格", ar: "مؤهل", }
    ScArUnderGate { en: "under the gate", zh: "未达门槛", ar: "دون العتبة", }
    ScCardTitle { en: "Registered predictions (§8.4)", zh: "已注册预测（第 8.4 节）", ar: "التنبؤات المسجلة (القسم 8.4)", }
    ScCardNote { en: "Every prediction is on every scorecard: true, not true, not yet due, or unresolved (past its date without a verdict, never a success). The worst case counts each unresolved one at max(p², (1-p)²).", zh: "每项预测都在每个计分卡上：真、不为真、尚未到期或未解决（已过其日期却没有裁决，永远不会被计为成功）。最坏边界把每个未解决的预测按 max(p², (1-p)²) 计入。", ar: "كل تنبؤ موجود في كل بطاقة نتائج: صحيح، أو غير صحيح، أو لم يحن موعده بعد، أو غير محسوم (تجاوز تاريخه دون حكم، ولا يُعد نجاحًا أبدًا). وتحتسب أسوأ حالة كل تنبؤ غير محسوم بقيمة max(p², (1-p)²).", }
    ScCardsCaption { en: "Scorecards by check date", zh: "按检验日期的计分卡", ar: "بطاقات النتائج حسب تاريخ الفحص", }
    ScCardAsOf { en: "As of", zh: "截至", ar: "حتى تاريخ", }
    ScCardResolved { en: "Resolved", zh: "已解决", ar: "المحسومة", }
    ScCardPastDue { en: "Past due", zh: "已过期", ar: "تجاوزت موعدها", }
    ScCardBrierResolved { en: "Brier on resolved", zh: "已解决预测的布里尔评分", ar: "درجة براير على المحسومة", }
    ScCardResolvedShare { en: "Resolved share", zh: "解决的份额", ar: "نسبة المحسومة", }
    ScCardWorstCase { en: "Worst case", zh: "最坏边界", ar: "أسوأ حالة", }
    ScCardBssHalf { en: "BSS vs 0.5", zh: "BSS（对照 0.5）", ar: "BSS مقابل 0.5", }
    ScCardEvery { en: "Every prediction on {date}", zh: "{date} 的每项预测", ar: "كل التنبؤات في {date}", }
    ScCardPredictionsOn { en: "Predictions on {date}", zh: "{date} 的预测", ar: "التنبؤات في {date}", }
    ScCardCaption { en: "Predictions on the scorecard of {date}", zh: "{date} 计分卡上的预测", ar: "التنبؤات في بطاقة نتائج {date}", }
    ScCardPrediction { en: "Prediction", zh: "预测", ar: "التنبؤ", }
    ScCardCheckDate { en: "Check date", zh: "检验日期", ar: "تاريخ الفحص", }
    ScCardState { en: "State", zh: "状态", ar: "الحالة", }
    ScStateTrue { en: "true", zh: "真", ar: "صحيح", }
    ScStateNotTrue { en: "not true", zh: "不为真", ar: "غير صحيح", }
    ScStateUnresolved { en: "unresolved", zh: "未解决", ar: "غير محسوم", }
    ScStateNotDue { en: "not due", zh: "尚未到期", ar: "لم يحن موعده", }
    ScMismatchLine { en: "council-forecasts.csv row {row}, book line {line}, {field}: {message}", zh: "council-forecasts.csv 第 {row} 行，账本第 {line} 行，{field}：{message}", ar: "\u{2066}council-forecasts.csv\u{2069} الصف {row}، سطر الدفتر {line}، {field}: {message}", }
    ScMismatches { en: "{bad} of {n} rows are not the cells sealed in the book: the scores below are not of the sealed answers.", zh: "{n} 行中有 {bad} 行不是账本中封印的单元格：下面的评分并非针对封印的答案。", ar: "{bad} من {n} صفًا ليست الخلايا المختومة في الدفتر: الدرجات أدناه ليست للإجابات المختومة.", }
    ScBelowMargin { en: " (smaller than the margin)", zh: "（小于边际）", ar: " (أصغر من الهامش)", }
    ScNeffLegend { en: "{h} (mean rho {rho})", zh: "{h}（平均 rho {rho}）", ar: "{h} (متوسط rho ‏{rho})", }
    ScSidesText { en: "within {within}, between {between}; gap {gap} ({wide}/{splits} splits, p {p})", zh: "阵营内 {within}，阵营间 {between}；差距 {gap}（{wide}/{splits} 种划分，p {p}）", ar: "داخل الجانب {within}، وبين الجانبين {between}؛ الفجوة {gap} ({wide}/{splits} تقسيمات، p {p})", }
    ScExpByGroup { en: "The experiment by group", zh: "按组的实验", ar: "التجربة حسب المجموعة", }
    ScExpGroup { en: "Group", zh: "组", ar: "المجموعة", }
    ScExpIds { en: "Identifiers", zh: "标识符", ar: "المعرّفات", }
    ScExpFirst { en: "First forecasts", zh: "首次预测", ar: "التوقعات الأولى", }
    ScExpScored { en: "Scored", zh: "已计分", ar: "المقيَّمة", }
    ScExpMeanConf { en: "Mean confidence", zh: "平均信心", ar: "متوسط الثقة", }
    ScExpMedianSecs { en: "Median seconds to first forecast", zh: "到首次预测的中位秒数", ar: "الوسيط بالثواني حتى التوقع الأول", }
    ScExpAnchoring { en: "Anchoring share", zh: "锚定效应比例", ar: "نسبة الارتساء", }
    ScExpPeeks { en: "Peeks", zh: "偷看次数", ar: "مرات الاطلاع المسبق", }
    ScExpReturn { en: "Return rate", zh: "回访率", ar: "نسبة العودة", }
    ScExpReset { en: "Reset share", zh: "重置比例", ar: "نسبة إعادة الضبط", }
    ScExpOutcomes { en: "Primary outcome and revision protocol", zh: "主要结果与修订方案", ar: "النتيجة الأولية وبروتوكول المراجعة", }
    ScExpMeasure { en: "Measure", zh: "指标", ar: "المقياس", }
    ScExpValue { en: "Value", zh: "值", ar: "القيمة", }
    ScExpWeighted { en: "Weighted Brier, blind minus seeing", zh: "加权布里尔评分，盲组减可见组", ar: "درجة براير المرجّحة، العمياء ناقص المبصرة", }
    ScExpRevision { en: "Revision: council arm's Brier change minus the control arm's", zh: "修订：委员会组的布里尔评分变化减去对照组的", ar: "المراجعة: تغير درجة براير لذراع المجلس ناقص تغير الذراع الضابطة", }
    ScExpTitle { en: "The reader experiment", zh: "读者实验", ar: "تجربة القرّاء", }

    // Why a peer benchmark's records file cannot be scored (core::score::peers::records'
    // RecordError and RecordMsg, core::score::peers::VectorError), rendered by
    // i18n::peer_messages; web/src/scores/compute.rs. The English is what sealbook score
    // --profile prints; field names, JSON type names and the records' values stay as written.
    PrAtLineField { en: "{name}: line {line}, field {field}: {message}", zh: "{name}：第 {line} 行，字段 {field}：{message}", ar: "{name}: السطر {line}، الحقل {field}: {message}", }
    PrAtLine { en: "{name}: line {line}: {message}", zh: "{name}：第 {line} 行：{message}", ar: "{name}: السطر {line}: {message}", }
    PrNotJson { en: "not JSON: {detail}", zh: "不是 JSON：{detail}", ar: "ليس JSON: {detail}", }
    PrNotObject { en: "a record is a JSON object, not {type_name}", zh: "记录应为 JSON 对象，而不是 {type_name}", ar: "السجل كائن JSON، لا {type_name}", }
    PrKindMissing { en: "missing; one of {kinds}", zh: "缺失；应为 {kinds} 之一", ar: "مفقود؛ يجب أن يكون أحد {kinds}", }
    PrNotAKind { en: "{kind} is not one of {kinds}", zh: "{kind} 不是 {kinds} 之一", ar: "{kind} ليس أحد {kinds}", }
    PrUnknownField { en: "unknown field for kind {kind}", zh: "类型 {kind} 没有这个字段", ar: "حقل غير معروف للنوع {kind}", }
    PrMissing { en: "missing", zh: "缺失", ar: "مفقود", }
    PrNull { en: "must not be null", zh: "不能为 null", ar: "يجب ألا يكون null", }
    PrNotString { en: "must be a string, not {type_name}", zh: "必须是字符串，而不是 {type_name}", ar: "يجب أن يكون نصًا، لا {type_name}", }
    PrTextLength { en: "must be 1-{max} characters, not {chars}", zh: "必须为 1-{max} 个字符，而不是 {chars} 个", ar: "يجب أن يكون طوله ‏1-{max} حرفًا، لا {chars}", }
    PrNotNumber { en: "must be a number, not {type_name}", zh: "必须是数字，而不是 {type_name}", ar: "يجب أن يكون رقمًا، لا {type_name}", }
    PrNotFinite { en: "must be a finite number", zh: "必须是有限数", ar: "يجب أن يكون رقمًا منتهيًا", }
    PrOutsideUnit { en: "{value} is outside 0-1", zh: "{value} 超出 0-1 的范围", ar: "{value} خارج المدى 0-1", }
    PrNotPositive { en: "{value} must be greater than 0", zh: "{value} 必须大于 0", ar: "يجب أن يكون {value} أكبر من 0", }
    PrNotBool { en: "must be true or false, not {type_name}", zh: "必须是 true 或 false，而不是 {type_name}", ar: "يجب أن يكون true أو false، لا {type_name}", }
    PrChoiceNotString { en: "must be one of {choices}, not {type_name}", zh: "必须是 {choices} 之一，而不是 {type_name}", ar: "يجب أن يكون أحد {choices}، لا {type_name}", }
    PrNotAChoice { en: "{value} is not one of {choices}", zh: "{value} 不是 {choices} 之一", ar: "{value} ليس أحد {choices}", }
    PrNotOutcomeMap { en: "must be an object of outcome -> probability, not {type_name}", zh: "必须是“结果 -> 概率”的对象，而不是 {type_name}", ar: "يجب أن يكون كائنًا من «نتيجة ← احتمال»، لا {type_name}", }
    PrOutcomeCount { en: "needs 2-{max} outcomes, not {n}", zh: "需要 2-{max} 个结果，而不是 {n} 个", ar: "يلزم ‏2-{max} نتيجة، لا {n}", }
    PrLabelNotUnicode { en: "an outcome label is not valid Unicode", zh: "某个结果标签不是有效的 Unicode", ar: "تسمية إحدى النتائج ليست Unicode صالحًا", }
    PrSumNotOne { en: "probabilities sum to {sum}, not 1 (within {tolerance})", zh: "概率之和为 {sum}，而不是 1（容差 {tolerance}）", ar: "مجموع الاحتمالات {sum}، لا 1 (بتفاوت {tolerance})", }
    PrPriceAboveOne { en: "{price} is above 1 token per share", zh: "{price} 高于每股 1 个令牌", ar: "{price} أعلى من 1 رمز للسهم", }
    PrNotDate { en: "{value} is not a YYYY-MM-DD date", zh: "{value} 不是 YYYY-MM-DD 格式的日期", ar: "{value} ليس تاريخًا بصيغة \u{2066}YYYY-MM-DD\u{2069}", }
    PrOutcomesNotCrowds { en: "outcomes {labels} are not the crowd's {outcomes}", zh: "结果 {labels} 与大众的结果 {outcomes} 不同", ar: "النتائج {labels} ليست نتائج الجمهور {outcomes}", }
    PrMissingWithProbabilities { en: "only with probabilities null", zh: "仅在 probabilities 为 null 时使用", ar: "فقط حين تكون قيمة \u{2066}probabilities\u{2069} هي null", }
    PrMissingRequired { en: "required when probabilities is null: \"agent\" or \"infrastructure\"", zh: "probabilities 为 null 时必填：\"agent\" 或 \"infrastructure\"", ar: "مطلوب حين تكون قيمة \u{2066}probabilities\u{2069} هي null: \u{2066}\"agent\"\u{2069} أو \u{2066}\"infrastructure\"\u{2069}", }
    PrWinnerNotOutcome { en: "{winner} is not one of the outcomes {outcomes}", zh: "{winner} 不是结果 {outcomes} 之一", ar: "{winner} ليس إحدى النتائج {outcomes}", }
    PrAnotherCrowd { en: "market {market} in sweep {sweep} has another crowd on line {first}", zh: "扫描 {sweep} 中的市场 {market} 在第 {first} 行有不同的大众价格", ar: "للسوق {market} في مسح {sweep} سعر جمهور آخر في السطر {first}", }
    PrAnotherWinner { en: "market {market} has another winner on line {first}", zh: "市场 {market} 在第 {first} 行有不同的胜出结果", ar: "للسوق {market} فائز آخر في السطر {first}", }
    PrSecondSweepForecast { en: "a second forecast of {agent} on {market} in sweep {sweep} (first on line {first})", zh: "{agent} 在扫描 {sweep} 中对 {market} 的第二个预测（第一个在第 {first} 行）", ar: "توقع ثانٍ من {agent} على {market} في مسح {sweep} (الأول في السطر {first})", }
    PrAnnulledReasonOnly { en: "only with resolution annulled", zh: "仅在 resolution 为 annulled 时使用", ar: "فقط حين تكون قيمة \u{2066}resolution\u{2069} هي annulled", }
    PrAnotherQuestion { en: "question {question} has another market price, category or resolution on line {first}", zh: "问题 {question} 在第 {first} 行有不同的市场价格、类别或结果", ar: "للسؤال {question} سعر سوق أو فئة أو نتيجة أخرى في السطر {first}", }
    PrSecondQuestionForecast { en: "a second forecast of {model} on {question} (first on line {first})", zh: "{model} 对 {question} 的第二个预测（第一个在第 {first} 行）", ar: "توقع ثانٍ من {model} على {question} (الأول في السطر {first})", }
    PrSecondChallengeForecast { en: "a second forecast of {agent} on {challenge} (first on line {first}); give its final version only", zh: "{agent} 对 {challenge} 的第二个预测（第一个在第 {first} 行）；只提供其最终版本", ar: "توقع ثانٍ من {agent} على {challenge} (الأول في السطر {first})؛ أعطِ نسخته النهائية فقط", }
    PrActualRequired { en: "required when status is resolved", zh: "status 为 resolved 时必填", ar: "مطلوب حين تكون قيمة \u{2066}status\u{2069} هي resolved", }
    PrOnlyWhenResolved { en: "only when status is resolved", zh: "仅在 status 为 resolved 时使用", ar: "فقط حين تكون قيمة \u{2066}status\u{2069} هي resolved", }
    PrNoFiniteCrps { en: "N({point}, {sd}^2) against {actual} gives no finite CRPS", zh: "N({point}, {sd}^2) 对 {actual} 得不出有限的 CRPS", ar: "لا يعطي \u{2066}N({point}, {sd}^2)\u{2069} مقابل {actual} قيمة CRPS منتهية", }
    PrAnotherNumericChallenge { en: "challenge {challenge} has another kind, status, reference scale or actual on line {first}", zh: "挑战 {challenge} 在第 {first} 行有不同的类型、状态、参考尺度或实际值", ar: "للتحدي {challenge} نوع أو حالة أو مقياس مرجعي أو قيمة فعلية أخرى في السطر {first}", }
    PrNotADirection { en: "{label} is not bearish, neutral or bullish", zh: "{label} 不是 bearish、neutral 或 bullish", ar: "{label} ليس \u{2066}bearish\u{2069} أو \u{2066}neutral\u{2069} أو \u{2066}bullish\u{2069}", }
    PrNeedsThreeDirections { en: "needs exactly bearish, neutral and bullish", zh: "必须恰好包含 bearish、neutral 和 bullish", ar: "يلزم بالضبط: \u{2066}bearish\u{2069} و\u{2066}neutral\u{2069} و\u{2066}bullish\u{2069}", }
    PrConfidenceRequired { en: "required with direction", zh: "给出 direction 时必填", ar: "مطلوب مع \u{2066}direction\u{2069}", }
    PrDirectionRequired { en: "required with confidence", zh: "给出 confidence（置信度）时必填", ar: "مطلوب مع \u{2066}confidence\u{2069} (الثقة)", }
    PrNoEncoding { en: "give probabilities, or direction and confidence", zh: "请给出 probabilities，或 direction 和 confidence（置信度）", ar: "أعطِ \u{2066}probabilities\u{2069}، أو \u{2066}direction\u{2069} و\u{2066}confidence\u{2069} (الثقة)", }
    PrBothEncodings { en: "give probabilities or direction and confidence, not both", zh: "请给出 probabilities，或 direction 和 confidence（置信度），不要同时给出", ar: "أعطِ \u{2066}probabilities\u{2069} أو \u{2066}direction\u{2069} و\u{2066}confidence\u{2069} (الثقة)، لا كليهما", }
    PrNegativeThreshold { en: "{value} is negative", zh: "{value} 为负数", ar: "{value} سالب", }
    PrOutcomeAndObservations { en: "give outcome or opening, closing and neutral_threshold, not both", zh: "请给出 outcome，或 opening、closing 和 neutral_threshold，不要同时给出", ar: "أعطِ \u{2066}outcome\u{2069} أو \u{2066}opening\u{2069} و\u{2066}closing\u{2069} و\u{2066}neutral_threshold\u{2069}، لا كليهما", }
    PrResolvedNeedsOutcome { en: "a resolved challenge needs outcome, or opening, closing and neutral_threshold", zh: "已结算的挑战需要 outcome，或 opening、closing 和 neutral_threshold", ar: "يحتاج التحدي المحسوم إلى \u{2066}outcome\u{2069}، أو \u{2066}opening\u{2069} و\u{2066}closing\u{2069} و\u{2066}neutral_threshold\u{2069}", }
    PrAnotherDirectionalChallenge { en: "challenge {challenge} has another kind, status or outcome on line {first}", zh: "挑战 {challenge} 在第 {first} 行有不同的类型、状态或结果", ar: "للتحدي {challenge} نوع أو حالة أو نتيجة أخرى في السطر {first}", }
    PrVecWinner { en: "winner {winner} is not one of {outcomes} outcomes", zh: "胜出结果 {winner} 不在 {outcomes} 个结果之中", ar: "الفائز {winner} ليس ضمن النتائج البالغ عددها {outcomes}", }
    PrVecProbability { en: "probability {p} is outside 0-1", zh: "概率 {p} 超出 0-1 的范围", ar: "الاحتمال {p} خارج المدى 0-1", }
    PrVecNegative { en: "{vector} has a negative or non-finite value", zh: "{vector} 含有负值或非有限值", ar: "في {vector} قيمة سالبة أو غير منتهية", }
    PrVecSum { en: "{vector} sums to {sum}, not 1", zh: "{vector} 之和为 {sum}，而不是 1", ar: "مجموع {vector} هو {sum}، لا 1", }
    PrVecConfidence { en: "confidence {confidence} is outside 0-1", zh: "置信度 {confidence} 超出 0-1 的范围", ar: "الثقة {confidence} خارج المدى 0-1", }

    // The Scores page's statistical notes (core::score::notes::StatsNote with
    // core::stats::bootstrap::BootstrapError, core::stats::logistic::LogisticError,
    // core::neff::NeffError and core::score::roster::RosterError) and a peer document's
    // generator (core::score::peers::profile_stats::Generator), rendered by
    // i18n::stats_notes. The English is what sealbook score writes.
    SnNoClimatology { en: "no climatology table given", zh: "未提供气候基准表", ar: "لم يُعطَ جدول مناخ", }
    SnClimatologyHash { en: "the climatology table's content hash does not match its stated sha256", zh: "气候基准表的内容哈希与其声明的 sha256 不符", ar: "تجزئة محتوى جدول المناخ لا تطابق قيمة \u{2066}sha256\u{2069} المعلنة فيه", }
    SnBootstrap { en: "{sessions} sessions: {error}", zh: "{sessions} 个会话：{error}", ar: "عدد الجلسات {sessions}: {error}", }
    SnBootEmpty { en: "bootstrap: no observations", zh: "自助法：没有观测值", ar: "الإقلاع: لا مشاهدات", }
    SnBootBadBlock { en: "bootstrap: block length {block} must be between 1 and the series length {n}", zh: "自助法：块长 {block} 必须介于 1 与序列长度 {n} 之间", ar: "الإقلاع: يجب أن يكون طول الكتلة {block} بين 1 وطول السلسلة {n}", }
    SnBootBadReps { en: "bootstrap: {reps} resamples requested, need 1..={max}", zh: "自助法：请求了 {reps} 次重抽样，需要 1..={max} 次", ar: "الإقلاع: طُلبت إعادة معاينة {reps} مرة، والمطلوب \u{2066}1..={max}\u{2069}", }
    SnBootNotFinite { en: "bootstrap: observation {index} is not finite", zh: "自助法：第 {index} 个观测值不是有限数", ar: "الإقلاع: المشاهدة {index} ليست عددًا منتهيًا", }
    SnFitLengths { en: "calibration fit: probabilities, outcomes and sessions differ in length", zh: "校准拟合：概率、结果与会话的长度不同", ar: "ملاءمة المعايرة: الاحتمالات والنتائج والجلسات مختلفة الطول", }
    SnFitProbability { en: "calibration fit: row {row}: probability {p} is not strictly between 0 and 1", zh: "校准拟合：第 {row} 行：概率 {p} 不严格介于 0 与 1 之间", ar: "ملاءمة المعايرة: الصف {row}: الاحتمال {p} ليس بين 0 و1 تمامًا", }
    SnFitFewerThanThree { en: "calibration fit: fewer than 3 forecasts", zh: "校准拟合：预测少于 3 个", ar: "ملاءمة المعايرة: أقل من 3 توقعات", }
    SnFitOutcomesEqual { en: "calibration fit: all outcomes are equal", zh: "校准拟合：所有结果都相同", ar: "ملاءمة المعايرة: كل النتائج متساوية", }
    SnFitForecastsEqual { en: "calibration fit: all forecasts are equal", zh: "校准拟合：所有预测都相同", ar: "ملاءمة المعايرة: كل التوقعات متساوية", }
    SnFitOneCluster { en: "calibration fit: one cluster only", zh: "校准拟合：只有一个聚类", ar: "ملاءمة المعايرة: عنقود واحد فقط", }
    SnFitSeparation { en: "calibration fit: outcomes are separated by the forecasts; the fit diverges", zh: "校准拟合：结果被预测完全分离；拟合发散", ar: "ملاءمة المعايرة: التوقعات تفصل النتائج؛ فتتباعد الملاءمة", }
    SnFitNoConvergence { en: "calibration fit: Newton iterations did not converge", zh: "校准拟合：牛顿迭代未收敛", ar: "ملاءمة المعايرة: لم تتقارب تكرارات نيوتن", }
    SnNoPairMarkets { en: "no pair of seats has a correlation over {min} or more common markets", zh: "没有任何一对席位在 {min} 个或更多共同市场上有相关性", ar: "لا زوج من المقاعد له ارتباط على {min} أسواق مشتركة أو أكثر", }
    SnNoPairCells { en: "no pair of seats has a correlation over {min} or more common cells", zh: "没有任何一对席位在 {min} 个或更多共同单元格上有相关性", ar: "لا زوج من المقاعد له ارتباط على {min} خلايا مشتركة أو أكثر", }
    SnFewerThanTwoSeats { en: "fewer than two seats", zh: "席位少于两个", ar: "أقل من مقعدين", }
    SnRhoNotPositive { en: "1 + (n - 1) rho is not positive", zh: "1 + (n - 1) rho 不为正", ar: "\u{2066}1 + (n - 1) rho\u{2069} ليس موجبًا", }
    SnNeffAboveSeats { en: "the mean correlation is negative, so N_eff exceeds the seats: published as n / (1 + (n - 1) rho) gives it, uncapped (spec §5.1); over a few shared markets that is noise, not more independent voices than seats", zh: "平均相关系数为负，因此有效独立声音数 N_eff 超过席位数：按 n / (1 + (n - 1) rho) 的结果原样发布，不设上限（规范 §5.1）；在少数共同市场上这是噪声，而不是比席位更多的独立声音", ar: "متوسط الارتباط سالب، لذا يتجاوز عدد الأصوات المستقلة الفعلي N_eff عدد المقاعد: يُنشر كما تعطيه \u{2066}n / (1 + (n - 1) rho)\u{2069} دون سقف (المواصفة §5.1)؛ على أسواق مشتركة قليلة هذا ضجيج، لا أصوات مستقلة أكثر من المقاعد", }
    SnNoResolvedEvent { en: "no resolved event yet", zh: "尚无已结算的事件", ar: "لا حدث محسوم بعد", }
    SnAnsweredTwice { en: "council-forecasts.csv row {row}: seat {seat} answered {market} twice in its latest answer line", zh: "council-forecasts.csv 第 {row} 行：席位 {seat} 在其最新答案行中两次回答了 {market}", ar: "\u{2066}council-forecasts.csv\u{2069} الصف {row}: أجاب المقعد {seat} عن {market} مرتين في أحدث سطر إجابة له", }
    SnNotAProbability { en: "council-forecasts.csv row {row}, column prob_up: not a number from 0 to 100", zh: "council-forecasts.csv 第 {row} 行，prob_up 列：不是 0 到 100 之间的数", ar: "\u{2066}council-forecasts.csv\u{2069} الصف {row}، العمود \u{2066}prob_up\u{2069}: ليس عددًا من 0 إلى 100", }
    SnNeffDuplicate { en: "row {row}: seat {seat} answered {market} {horizon} twice; pass each seat's latest answer only", zh: "第 {row} 行：席位 {seat} 两次回答了 {market} {horizon}；每个席位只应传入其最新答案", ar: "الصف {row}: أجاب المقعد {seat} عن {market} {horizon} مرتين؛ مرّر أحدث إجابة لكل مقعد فقط", }
    SnNeffProbability { en: "row {row}: seat {seat}, {market} {horizon}: probability must be a number from 0 to 100", zh: "第 {row} 行：席位 {seat}，{market} {horizon}：概率必须是 0 到 100 之间的数", ar: "الصف {row}: المقعد {seat}، {market} {horizon}: يجب أن يكون الاحتمال عددًا من 0 إلى 100", }
    SnNeffNoSide { en: "sides: seat {seat} has no side", zh: "阵营：席位 {seat} 没有阵营", ar: "الجوانب: المقعد {seat} بلا جانب", }
    SnNeffNotTwoSides { en: "sides: need seats on exactly two sides, found {found}", zh: "阵营：席位须恰好分属两个阵营，实际为 {found} 个", ar: "الجوانب: يلزم أن تكون المقاعد على جانبين بالضبط، ووُجد {found}", }
    SnNeffTooManySplits { en: "sides: {splits} splits exceed the limit of {max}", zh: "阵营：{splits} 种划分超过上限 {max}", ar: "الجوانب: عدد التقسيمات {splits} يتجاوز الحد {max}", }
    SnNeffNoCellBothSides { en: "sides: no cell answered by both sides", zh: "阵营：没有两个阵营都回答过的单元格", ar: "الجوانب: لا خلية أجاب عنها الجانبان كلاهما", }
    SnNeffNoCorrelationInWindow { en: "shadow weights: no seat of the roster has a correlation in the window", zh: "影子权重：名册中没有任何席位在该窗口内有相关性", ar: "الأوزان الظلية: لا مقعد في القائمة له ارتباط في النافذة", }
    SnNoPositiveTrace { en: "the matrix's eigenvalues give no positive trace", zh: "该矩阵的特征值没有给出正的迹", ar: "القيم الذاتية للمصفوفة لا تعطي أثرًا موجبًا", }
    SnIncompleteMatrix { en: "{pairs} pairs of seats have no correlation, so the matrix is incomplete", zh: "{pairs} 对席位没有相关性，因此矩阵不完整", ar: "أزواج المقاعد بلا ارتباط: {pairs}، فالمصفوفة ناقصة", }
    SnNoSides { en: "the roster gives no sides", zh: "名册没有给出阵营", ar: "لا تعطي القائمة جوانب", }
    SnNoSideInRoster { en: "seat {seat} has no side in the roster", zh: "席位 {seat} 在名册中没有阵营", ar: "المقعد {seat} بلا جانب في القائمة", }
    SnNoShadowWindow { en: "no counted run with a one-day panel before session {session} (the window the weights are frozen from)", zh: "第 {session} 个会话之前没有带一天期面板的计入运行（权重据以冻结的窗口）", ar: "لا تشغيل محتسب بلوحة أفق يوم قبل الجلسة {session} (النافذة التي تُجمَّد منها الأوزان)", }
    SnFunnelNeedsBook { en: "sealed_before_reference needs the book's sealing times", zh: "sealed_before_reference 需要账本的封印时间", ar: "يحتاج \u{2066}sealed_before_reference\u{2069} إلى أوقات الختم في الدفتر", }
    SnNoAskChainOrBook { en: "no ask chain or book given: each seat is its own family, no sides", zh: "未提供问询链或账本：每个席位自成一个家族，没有阵营", ar: "لم تُعطَ سلسلة الأسئلة ولا الدفتر: كل مقعد عائلة بذاته، بلا جوانب", }
    SnNoRosterInBook { en: "no ask chain given and no run line of the book carries a roster: each seat is its own family, no sides", zh: "未提供问询链，账本中也没有任何运行行带有名册：每个席位自成一个家族，没有阵营", ar: "لم تُعطَ سلسلة الأسئلة، ولا يحمل أي سطر تشغيل في الدفتر قائمة: كل مقعد عائلة بذاته، بلا جوانب", }
    SnGeneratorFresh { en: "{rng}, fresh for each interval", zh: "{rng}，每个区间各用一个新生成器", ar: "{rng}، مولِّد جديد لكل فاصل", }
    SnRosterUnreadable { en: "{error}; each seat is its own family, no sides", zh: "{error}；每个席位自成一个家族，没有阵营", ar: "{error}؛ كل مقعد عائلة بذاته، بلا جوانب", }
    SnTertileNoBounds { en: "no one-day event with two or more answers in sessions 1-{last} sets the tertile bounds", zh: "第 1-{last} 个会话中没有带两个或以上回答的一天期事件，无法确定三分位界限", ar: "لا حدث بأفق يوم واحد بإجابتين أو أكثر في الجلسات 1-{last} يحدّد حدود الأثلاث", }
    SnTertileUnresolved { en: "unresolved: the low tertile holds {low} events and the high {high}; each needs {min} (spec §8)", zh: "未决：低三分位有 {low} 个事件，高三分位有 {high} 个；每个需要 {min} 个（规范 §8）", ar: "غير محسوم: الثلث المنخفض يضم {low} حدثًا والمرتفع {high}؛ يحتاج كل منهما {min} (المواصفة §8)", }
    SnTertileNoMarket { en: "no market has events in both the high and the low tertile", zh: "没有任何市场在高、低两个三分位中都有事件", ar: "لا سوق له أحداث في الثلثين المرتفع والمنخفض كليهما", }
    SnNoExactWindowRow { en: "the climatology table states no one-day session-bar row (the event's own 09:30-16:00 ET session) for {markets}; the engine holds no intraday history to compute the exact-window base rate", zh: "气候基准表没有为 {markets} 给出一天期的会话K线行（事件自身 09:30-16:00 美东的会话）；引擎没有日内历史数据来计算精确窗口基准率", ar: "لا يذكر جدول المناخ صفًّا ليوم واحد بشمعة الجلسة (جلسة الحدث نفسها 09:30-16:00 بتوقيت نيويورك) لـ {markets}؛ ولا يملك المحرك تاريخًا داخل اليوم لحساب معدل الأساس للنافذة الدقيقة", }

    // The Accounts page (web/src/accounts).
    AccountsTitle { en: "Recount the trading accounts", zh: "重新核算交易账户", ar: "أعد عدّ حسابات التداول", }
    AccountsLede { en: "Drop the league's published arena files (or its whole folder). This page replays every sealed decision against the published prices with the same engine as sealbook replay, compiled to WebAssembly, and compares every published account row, trade and benchmark. Your files never leave this device.", zh: "拖入联赛已发布的竞技场文件（或其整个文件夹）。本页面用与 sealbook replay 相同、编译为 WebAssembly 的引擎，按已发布的价格重放每一个封印的决定，并比较每一行已发布的账户记录、交易和基准。你的文件不会离开本设备。", ar: "أفلت ملفات الساحة المنشورة للدوري (أو مجلدها كله). تعيد هذه الصفحة تشغيل كل قرار مختوم مقابل الأسعار المنشورة بالمحرك نفسه الذي يستخدمه sealbook replay، مترجمًا إلى WebAssembly، وتقارن كل صف حساب وكل صفقة وكل معيار منشور. لا تغادر ملفاتك هذا الجهاز.", }
    AccountsFooter { en: "Spec §4.7-4.8, §4.11 and Appendix B steps 7-8 of seed 000. The verdict is byte for byte sealbook replay --json.", zh: "种子 000 的规范第 4.7-4.8 节、第 4.11 节及附录 B 第 7-8 步。结论与 sealbook replay --json 逐字节相同。", ar: "المواصفة، الأقسام 4.7-4.8 و4.11 والملحق B الخطوات 7-8 من البذرة 000. الحكم مطابق بايتًا ببايت لمخرجات sealbook replay --json.", }
    AccountsDrop { en: "Drop the league's arena files or its whole published folder here", zh: "将联赛的竞技场文件或其整个已发布文件夹拖到这里", ar: "أفلت ملفات الساحة للدوري أو مجلده المنشور كله هنا", }
    AccountsHint { en: "arena-protocol.json, arena-decisions.jsonl, arena-prices.jsonl, arena-trades.jsonl and arena-accounts.jsonl are replayed; arena-code.json and its arena-code-<file>.txt texts are checked against each other. Other files in a folder are left aside.", zh: "重放 arena-protocol.json、arena-decisions.jsonl、arena-prices.jsonl、arena-trades.jsonl 和 arena-accounts.jsonl；arena-code.json 与其 arena-code-<file>.txt 文本相互核对。文件夹中的其他文件不予处理。", ar: "يُعاد تشغيل arena-protocol.json وarena-decisions.jsonl وarena-prices.jsonl وarena-trades.jsonl وarena-accounts.jsonl؛ ويُقارن arena-code.json بنصوص arena-code-<file>.txt الخاصة به. تُترك الملفات الأخرى في المجلد جانبًا.", }
    AccReproduced { en: "Reproduced: every recounted published row matches the engine's", zh: "已复现：每一行重新核算的已发布记录都与引擎的结果相符", ar: "أُعيد إنتاجه: كل صف منشور أُعيد عدّه يطابق ما يحسبه المحرك", }
    AccNotReproduced { en: "Not reproduced", zh: "未能复现", ar: "لم يُعَد إنتاجه", }
    AccNotRecounted { en: "Not recounted", zh: "未重新核算", ar: "لم يُعَد عدّه", }
    AccDifferentRows { en: "{n} published rows are DIFFERENT from the recomputed ones", zh: "{n} 行已发布记录与重新计算的结果不同（DIFFERENT）", ar: "صفوف منشورة تختلف (DIFFERENT) عن المعاد حسابها: {n}", }
    AccCodeBad { en: "a published code file does not match arena-code.json", zh: "有一个已发布的代码文件与 arena-code.json 不符", ar: "ملف شيفرة منشور لا يطابق arena-code.json", }
    AccDecisionsNotBook { en: "arena-decisions.jsonl is not the decisions sealed in the book: {why}", zh: "arena-decisions.jsonl 不是账本中封印的决定：{why}", ar: "ملف arena-decisions.jsonl ليس القرارات المختومة في الدفتر: {why}", }
    AccSentence { en: "{text}.", zh: "{text}。", ar: "{text}.", }
    AccRowsNotRecounted { en: "{n} rows were not recounted (another price set or rules this file does not define); they are listed below.", zh: "{n} 行未重新核算（另一套价格或本文件未定义的规则）；它们列在下面。", ar: "صفوف لم يُعَد عدّها (مجموعة أسعار أخرى أو قواعد لا يعرّفها هذا الملف): {n}؛ وهي مدرجة أدناه.", }
    AccNoCode { en: "arena-code.json was not given: the engine's code files were not checked.", zh: "未提供 arena-code.json：未检查引擎的代码文件。", ar: "لم يُعطَ arena-code.json: لم تُفحص ملفات شيفرة المحرك.", }
    AccCodeMatch { en: "{ok} of {n} code files match arena-code.json.", zh: "{n} 个代码文件中有 {ok} 个与 arena-code.json 相符。", ar: "{ok} من {n} ملفات شيفرة تطابق arena-code.json.", }
    AccNoBook { en: "council-book.jsonl was not given: the decisions were not held to the sealed book.", zh: "未提供 council-book.jsonl：未将决定与封印的账本核对。", ar: "لم يُعطَ council-book.jsonl: لم تُقارن القرارات بالدفتر المختوم.", }
    AccBookEqual { en: "{n} decisions are those sealed in council-book.jsonl.", zh: "{n} 个决定正是 council-book.jsonl 中封印的决定。", ar: "القرارات ({n}) هي نفسها المختومة في council-book.jsonl.", }
    AccSumTitle { en: "Replay summary", zh: "重放摘要", ar: "ملخص إعادة التشغيل", }
    AccSumNote { en: "{rows} published rows, {accounts} accounts, {sessions} sessions{span}, {trades} trades, rules {rules}.", zh: "已发布记录 {rows} 行，账户 {accounts} 个，会话 {sessions} 个{span}，成交 {trades} 笔，规则 {rules}。", ar: "الصفوف المنشورة: {rows}، الحسابات: {accounts}، الجلسات: {sessions}{span}، الصفقات: {trades}، القواعد: {rules}.", }
    AccRows { en: "Rows", zh: "行数", ar: "الصفوف", }
    AccTrades { en: "Trades", zh: "成交", ar: "الصفقات", }
    AccExactLower { en: "exact to the cent", zh: "精确到分", ar: "مطابق حتى السنت", }
    AccWithinLower { en: "within published rounding", zh: "在公布的舍入范围内", ar: "ضمن التقريب المنشور", }
    AccNotRecountedLower { en: "not recounted", zh: "未重新核算", ar: "لم يُعَد عدّه", }
    AccDifferent { en: "DIFFERENT", zh: "不同", ar: "مختلف", }
    AccDiffTitle { en: "Rows that differ", zh: "不同的行", ar: "الصفوف المختلفة", }
    AccDiffNone { en: "None: every published row was recounted and matches.", zh: "无：每一行已发布记录都已重新核算且相符。", ar: "لا شيء: أُعيد عدّ كل صف منشور وهو مطابق.", }
    AccDiffLabel { en: "Rows that differ, with the published and the recomputed value", zh: "不同的行，附已发布值与重新计算值", ar: "الصفوف المختلفة، مع القيمة المنشورة والقيمة المعاد حسابها", }
    AccAccount { en: "Account", zh: "账户", ar: "الحساب", }
    AccSession { en: "Session", zh: "会话", ar: "الجلسة", }
    AccField { en: "Field", zh: "字段", ar: "الحقل", }
    AccPublished { en: "Published", zh: "已发布值", ar: "المنشور", }
    AccRecomputed { en: "Recomputed", zh: "重新计算值", ar: "المعاد حسابه", }
    AccCodeNone { en: "arena-code.json was not given: nothing to check (Appendix B step 8).", zh: "未提供 arena-code.json：没有可检查的内容（附录 B 第 8 步）。", ar: "لم يُعطَ arena-code.json: لا شيء للفحص (الملحق B، الخطوة 8).", }
    AccMatches { en: "matches", zh: "相符", ar: "مطابق", }
    AccNotGiven { en: "not given", zh: "未提供", ar: "غير مُعطى", }
    AccCodeLabel { en: "The engine's code files against arena-code.json", zh: "引擎的代码文件与 arena-code.json 的对照", ar: "ملفات شيفرة المحرك مقابل arena-code.json", }
    AccCodeFile { en: "Code file", zh: "代码文件", ar: "ملف الشيفرة", }
    AccCodeText { en: "Published text", zh: "已发布文本", ar: "النص المنشور", }
    AccShaListed { en: "SHA-256 listed", zh: "列出的 SHA-256", ar: "SHA-256 المدرجة", }
    AccShaText { en: "SHA-256 of the text", zh: "文本的 SHA-256", ar: "SHA-256 للنص", }
    AccCodeTitle { en: "The engine's code (arena-code.json)", zh: "引擎的代码（arena-code.json）", ar: "شيفرة المحرك (arena-code.json)", }
    // What a benchmark holds and what a ratio covers (web/src/accounts/view.rs).
    AccBmCash { en: "Cash only (benchmark)", zh: "仅持现金（基准）", ar: "نقد فقط (مرجع)", }
    AccBmAllIn { en: "All in {fund}, held (benchmark)", zh: "全部买入 {fund} 并持有（基准）", ar: "الكل في {fund} مع الاحتفاظ (مرجع)", }
    AccBmShort { en: "Short {fund}, held (benchmark)", zh: "做空 {fund} 并持有（基准）", ar: "بيع {fund} على المكشوف مع الاحتفاظ (مرجع)", }
    AccBmMix { en: "{weights}, held (benchmark)", zh: "{weights}，买入并持有（基准）", ar: "{weights}، مع الاحتفاظ (مرجع)", }
    AccBmFunds { en: "{n} funds in fixed weights, held (benchmark)", zh: "{n} 只基金按固定权重买入并持有（基准）", ar: "{n} صناديق بأوزان ثابتة مع الاحتفاظ (مرجع)", }
    AccBmRandom { en: "{n} funds drawn at random each session (benchmark)", zh: "每个会话随机抽取 {n} 只基金（基准）", ar: "{n} صناديق تُسحب عشوائيًا في كل جلسة (مرجع)", }
    AccRatioWindow { en: "last {n} sessions", zh: "近 {n} 个会话", ar: "آخر {n} جلسة", }
    AccRatioCash { en: "none: cash takes no risk", zh: "无：现金不承担风险", ar: "لا شيء: النقد بلا مخاطرة", }
    AccRatioCashWhy { en: "No Sharpe or Sortino for cash: its daily returns are the interest rate, nearly constant, and dividing by their tiny spread gives a large number that measures nothing.", zh: "现金没有夏普比率或索提诺比率：其每日收益就是利率，几乎不变，除以其极小的波动会得出一个毫无意义的大数。", ar: "لا نسبة شارب ولا سورتينو للنقد: عوائده اليومية هي سعر الفائدة، شبه ثابتة، والقسمة على تشتتها الضئيل تعطي رقمًا كبيرًا لا يقيس شيئًا.", }
    AccRatioTooFew { en: "none yet: {sessions} of {n} sessions", zh: "暂无：{sessions} / {n} 个会话", ar: "لا شيء بعد: {sessions} من {n} جلسة", }
    AccRatioUndefined { en: "none: no spread over the last {n} sessions", zh: "无：近 {n} 个会话没有波动", ar: "لا شيء: لا تشتت في آخر {n} جلسة", }
    AccRatioAgainst { en: "† Sharpe and Sortino cover the last {n} sessions only, the return the whole period since the start: a positive ratio beside a negative return (or the reverse) means those last sessions went the other way.", zh: "† 夏普比率和索提诺比率只覆盖近 {n} 个会话，而收益覆盖自起始以来的整个期间：正的比率配负的收益（或反之）意味着最近这些会话的走向与整个期间相反。", ar: "† تغطي نسبتا شارب وسورتينو آخر {n} جلسة فقط، والعائد الفترة كلها منذ البداية: نسبة موجبة بجانب عائد سالب (أو العكس) تعني أن تلك الجلسات الأخيرة سارت في الاتجاه الآخر.", }
    AccBenchmark { en: " (benchmark)", zh: "（基准）", ar: " (مرجع)", }
    AccFigTitle { en: "Every account, recomputed", zh: "每个账户的重新计算结果", ar: "كل حساب، معاد حسابه", }
    AccFigNote { en: "At each account's last session, from the engine's own rows (not the published ones). Return since the start, maximum drawdown since the start; Sharpe and Sortino over the last sessions the rules name, as each cell says.", zh: "取每个账户的最后一个会话，来自引擎自己的记录（而非已发布的记录）。自起始以来的收益和最大回撤；夏普比率和索提诺比率只覆盖规则指定的最近若干会话，每个单元格注明其范围。", ar: "عند آخر جلسة لكل حساب، من صفوف المحرك نفسه (لا المنشورة). العائد وأقصى تراجع منذ البداية؛ ونسبتا شارب وسورتينو على آخر الجلسات التي تسميها القواعد، كما تذكر كل خلية.", }
    AccFigLabel { en: "Every recomputed account's figures", zh: "每个重新计算账户的数据", ar: "أرقام كل حساب معاد حسابه", }
    AccEquity { en: "Equity", zh: "权益", ar: "حقوق الملكية", }
    AccReturn { en: "Return", zh: "收益", ar: "العائد", }
    AccMaxDrawdown { en: "Max drawdown", zh: "最大回撤", ar: "أقصى تراجع", }
    AccSharpe { en: "Sharpe", zh: "夏普比率", ar: "نسبة شارب", }
    AccSortino { en: "Sortino", zh: "索提诺比率", ar: "نسبة سورتينو", }
    AccCosts { en: "Costs", zh: "成本", ar: "التكاليف", }
    AccRejected { en: "Rejected", zh: "被拒绝", ar: "المرفوضة", }
    AccAxisSession { en: "session", zh: "会话", ar: "الجلسة", }
    AccAxisEquity { en: "equity ($)", zh: "权益（$）", ar: "حقوق الملكية ($)", }
    AccAxisDrawdown { en: "drawdown (%)", zh: "回撤（%）", ar: "التراجع (%)", }
    AccBenchmarksOf { en: "{rules}'s benchmarks", zh: "{rules} 的基准", ar: "مراجع {rules}", }
    AccEquityOf { en: "Equity of {who} at each close against {against}", zh: "{who} 在每次收盘时的权益，对照 {against}", ar: "حقوق ملكية {who} عند كل إغلاق مقابل {against}", }
    AccDrawdownOf { en: "Drawdown of {who} from its highest equity against {against}", zh: "{who} 相对其最高权益的回撤，对照 {against}", ar: "تراجع {who} عن أعلى حقوق ملكية له مقابل {against}", }
    AccNumbersBehind { en: "The numbers behind {who}'s charts", zh: "{who} 图表背后的数字", ar: "الأرقام وراء مخططات {who}", }
    AccNumbersLabel { en: "Equity and drawdown of {who} and its benchmarks at each session", zh: "{who} 及其基准在每个会话的权益和回撤", ar: "حقوق ملكية {who} ومراجعه وتراجعها عند كل جلسة", }
    AccNumbersCaption { en: "Equity / drawdown at each close", zh: "每次收盘时的权益 / 回撤", ar: "حقوق الملكية / التراجع عند كل إغلاق", }
    AccChartsTitle { en: "Equity and drawdown against the benchmarks", zh: "权益和回撤与基准的对照", ar: "حقوق الملكية والتراجع مقابل المراجع", }
    AccChartsNote { en: "Drawn from the recomputed rows. The account's own line is the thick one; the benchmarks run under the same rules and costs.", zh: "根据重新计算的记录绘制。账户自己的线是粗线；基准在相同的规则和成本下运行。", ar: "مرسومة من الصفوف المعاد حسابها. خط الحساب نفسه هو الخط السميك؛ وتجري المراجع بالقواعد والتكاليف نفسها.", }
    AccFilesGiven { en: "Files given", zh: "已提供的文件", ar: "الملفات المعطاة", }
    AccNotRead { en: "Not read (not a trading-track file): {files}", zh: "未读取（不是交易赛道的文件）：{files}", ar: "لم تُقرأ (ليست ملفات مسار التداول): {files}", }
    AccSameBytes { en: "The same bytes as sealbook replay --json, without its \"dir\".", zh: "与 sealbook replay --json 的字节相同，只是没有其 \"dir\"。", ar: "البايتات نفسها التي يخرجها sealbook replay --json، دون \"dir\" الخاص به.", }
    LeagueFetching { en: "Fetching the league's files from {url}", zh: "正在从 {url} 获取联赛的文件", ar: "جارٍ جلب ملفات الدوري من {url}", }
    AccStepStarting { en: "Starting", zh: "正在启动", ar: "جارٍ البدء", }
    AccStepReading { en: "Reading the published files", zh: "正在读取已发布的文件", ar: "جارٍ قراءة الملفات المنشورة", }
    AccStepReplaying { en: "Replaying every decision with the engine and comparing every published row", zh: "正在用引擎重放每个决定并比较每一行已发布记录", ar: "جارٍ إعادة تشغيل كل قرار بالمحرك ومقارنة كل صف منشور", }
    StepOf { en: "Step {step} of {steps}: {label}…", zh: "第 {step} 步，共 {steps} 步：{label}…", ar: "الخطوة {step} من {steps}: {label}…", }
    AccDownload { en: "Download the verdict JSON", zh: "下载结论 JSON", ar: "نزّل ملف الحكم JSON", }
    LeagueMismatch { en: "the league's files do not match its manifest: {failures}", zh: "联赛的文件与其 manifest.json 不符：{failures}", ar: "ملفات الدوري لا تطابق ملف البيان \u{2066}manifest.json\u{2069} الخاص به: {failures}", }
    LeagueFailuresJoin { en: "; ", zh: "；", ar: "؛ ", }
    AccCodeTexts { en: "code texts", zh: "代码文本", ar: "نصوص الشيفرة", }
    AccDropFailed { en: "could not take the dropped folder: {why}", zh: "无法接收拖入的文件夹：{why}", ar: "تعذّر أخذ المجلد المُفلت: {why}", }
    AccDownloadFailed { en: "the download could not be prepared: {why}", zh: "无法准备下载：{why}", ar: "تعذّر تجهيز التنزيل: {why}", }
    AccCrashed { en: "the replay stopped on an internal error; reload the page. ({why})", zh: "重放因内部错误停止；请重新加载页面。（{why}）", ar: "توقفت إعادة التشغيل بسبب خطأ داخلي؛ أعد تحميل الصفحة. ({why})", }
    AccBroken { en: "the replay stopped: {why}. Reload the page to try again.", zh: "重放已停止：{why}。请重新加载页面再试。", ar: "توقفت إعادة التشغيل: {why}. أعد تحميل الصفحة لتحاول مجددًا.", }
    AccNotHanded { en: "the replay could not be given the files: {why}", zh: "无法把文件交给重放：{why}", ar: "تعذّر تسليم الملفات إلى إعادة التشغيل: {why}", }
    AccVerdictUnread { en: "the replay's verdict could not be read: {why}", zh: "无法读取重放的结论：{why}", ar: "تعذّرت قراءة حكم إعادة التشغيل: {why}", }
    AccBookNotGiven { en: "not given: the decisions are not held to the sealed book", zh: "未提供：决定不与封印的账本核对", ar: "غير مُعطى: لا تُقارن القرارات بالدفتر المختوم", }
    AccLeagueNotGiven { en: "not given: the accounts summary is not held to the recount", zh: "未提供：账户摘要不与重新核算的结果核对", ar: "غير مُعطى: لا يُقارن ملخص الحسابات بإعادة العدّ", }
    AccNoLeague { en: "council-league.json was not given: its accounts summary was not held to the recount.", zh: "未提供 council-league.json：未将其账户摘要与重新核算的结果核对。", ar: "لم يُعطَ council-league.json: لم يُقارن ملخص حساباته بإعادة العدّ.", }
    AccLeagueHolds { en: "The accounts summary of council-league.json ({n} accounts) is its recount.", zh: "council-league.json 的账户摘要（{n} 个账户）与重新核算的结果一致。", ar: "ملخص الحسابات في council-league.json (الحسابات: {n}) مطابق لإعادة العدّ.", }
    AccLeagueDiffers { en: "{n} figures of the accounts summary in council-league.json are not their recount", zh: "账户摘要（council-league.json）中有 {n} 个数值与重新核算的结果不同", ar: "أرقام في ملخص الحسابات في council-league.json لا تطابق إعادة العدّ: {n}", }
    AccLeagueUnreadable { en: "the accounts summary in council-league.json cannot be read: {why}", zh: "无法读取 council-league.json 中的账户摘要：{why}", ar: "تعذّرت قراءة ملخص الحسابات في council-league.json: {why}", }
    AccLeagueTitle { en: "Accounts summary (council-league.json)", zh: "账户摘要（council-league.json）", ar: "ملخص الحسابات (council-league.json)", }
    AccLeagueLabel { en: "The accounts summary's figures that are not their recount", zh: "账户摘要中与重新核算结果不同的数值", ar: "أرقام ملخص الحسابات التي لا تطابق إعادة العدّ", }
    AccRecounted { en: "Recounted", zh: "重新核算值", ar: "المعاد عدّه", }

    // Why the Accounts page cannot replay the arena files (core::verifier::recount::RecountError,
    // replay::ReplayError, records::RecordError with RecordMsg, FieldMsg and ChoiceMsg,
    // protocol::ProtocolError with ProtocolMsg, code::CodeError) and why the Scores page cannot
    // read the reader experiment's dataset or the league file (core::experiment::analysis::
    // DatasetError, core::league::league_file::LeagueFileError), rendered by
    // i18n::replay_messages. The English is the CLI's; file names, field names, the files' own
    // syntax and the JSON reader's own words stay as written.
    CeFileWhy { en: "{file}: {why}", zh: "{file}：{why}", ar: "{file}: {why}", }
    CeRecLine { en: "{file}:{line}: {what}", zh: "{file} 第 {line} 行：{what}", ar: "{file} السطر {line}: {what}", }
    CeRecTooManyLines { en: "more than {max} lines", zh: "超过 {max} 行", ar: "أكثر من {max} سطر", }
    CeRecJson { en: "{detail}", zh: "不是可读取的 JSON 记录：{detail}", ar: "ليس سجل JSON مقروءًا: {detail}", }
    CeRecField { en: "field {field}: {what}", zh: "字段 {field}：{what}", ar: "الحقل {field}: {what}", }
    CeRecMissing { en: "missing", zh: "缺失", ar: "مفقود", }
    CeRecNotTime { en: "{value} is not an RFC 3339 time", zh: "{value} 不是 RFC 3339 时间", ar: "{value} ليس وقتًا بصيغة \u{2066}RFC 3339\u{2069}", }
    CeRecNotDate { en: "{value} is not a YYYY-MM-DD date", zh: "{value} 不是 YYYY-MM-DD 格式的日期", ar: "{value} ليس تاريخًا بصيغة \u{2066}YYYY-MM-DD\u{2069}", }
    CeRecNotPrice { en: "{value} is not a positive price with at most six decimals", zh: "{value} 不是最多六位小数的正价格", ar: "{value} ليس سعرًا موجبًا بست منازل عشرية على الأكثر", }
    CeRecNotDollars { en: "{value} is not a dollar amount", zh: "{value} 不是美元金额", ar: "{value} ليس مبلغًا بالدولار", }
    CeRecNotRate { en: "{value} is not a percentage with at most four decimals", zh: "{value} 不是最多四位小数的百分比", ar: "{value} ليس نسبة مئوية بأربع منازل عشرية على الأكثر", }
    CeRecNotTokenPrice { en: "{value} is not a price 0-1 with at most six decimals", zh: "{value} 不是 0-1 之间、最多六位小数的价格", ar: "{value} ليس سعرًا بين \u{2066}0-1\u{2069} بست منازل عشرية على الأكثر", }
    CeRecNotKind { en: "{value} is not bar, close, rate, market or resolution", zh: "{value} 不是 bar、close、rate、market（市场）或 resolution 之一", ar: "{value} ليس \u{2066}bar\u{2069} ولا \u{2066}close\u{2069} ولا \u{2066}rate\u{2069} ولا \u{2066}market\u{2069} (السوق) ولا \u{2066}resolution\u{2069}", }
    CeRecNotShares { en: "{value} is not shares with at most six decimals", zh: "{value} 不是最多六位小数的股数", ar: "{value} ليس عدد أسهم بست منازل عشرية على الأكثر", }
    CeChoiceMustBeObject { en: "must be an object", zh: "必须是对象", ar: "يجب أن يكون كائنًا", }
    CeChoiceNotWeight { en: "{value} is not a percentage with at most two decimals", zh: "{value} 不是最多两位小数的百分比", ar: "{value} ليس نسبة مئوية بمنزلتين عشريتين على الأكثر", }
    CeChoiceNotPick { en: "{value} is not {shape}", zh: "{value} 不是 {shape} 的形式", ar: "{value} ليس على الصورة {shape}", }
    CeChoiceBadOutcome { en: "must be a label of 1-64 bytes", zh: "必须是 1-64 字节的标签", ar: "يجب أن يكون تسمية من \u{2066}1-64\u{2069} بايت", }
    CeChoiceNotCap { en: "{value} is not a price above 0 and at most 1 with at most six decimals", zh: "{value} 不是大于 0、至多为 1 且最多六位小数的价格", ar: "{value} ليس سعرًا أكبر من \u{200F}0 وأقصاه \u{200F}1 بست منازل عشرية على الأكثر", }
    CeChoiceNotChoice { en: "{value} is neither {hold}, {weights} nor {bets}", zh: "{value} 既不是 {hold}，也不是 {weights} 或 {bets}", ar: "{value} ليس {hold} ولا {weights} ولا {bets}", }
    CeCodeJson { en: "{file}: line {line} column {column}: {detail}", zh: "{file}：第 {line} 行第 {column} 列：无法读取代码清单：{detail}", ar: "{file}: السطر {line} العمود {column}: تتعذّر قراءة قائمة الشيفرة: {detail}", }
    CeCodeTooMany { en: "{file}: field files: more than {max} files", zh: "{file}：字段 files：超过 {max} 个文件", ar: "{file}: الحقل \u{2066}files\u{2069}: أكثر من {max} ملف", }
    CeCodeBadEntry { en: "{file}: files[{index}]: bad file name or sha256", zh: "{file}：files[{index}]：文件名或 sha256 无效", ar: "{file}: \u{2066}files[{index}]\u{2069}: اسم الملف أو \u{2066}sha256\u{2069} غير صالح", }
    CeNoRows { en: "{file}: no published account rows to recount", zh: "{file}：没有可重新计算的已发布账户行", ar: "{file}: لا صفوف حسابات منشورة لإعادة حسابها", }
    CeProtoVersion { en: "version {version}: {what}", zh: "版本 {version}：{what}", ar: "الإصدار {version}: {what}", }
    CeProtoJson { en: "line {line} column {column}: {detail}", zh: "第 {line} 行第 {column} 列：无法读取协议文件：{detail}", ar: "السطر {line} العمود {column}: تتعذّر قراءة ملف البروتوكول: {detail}", }
    CeProtoNotProtocol { en: "{value} is not {expected}", zh: "{value} 不是 {expected}", ar: "{value} ليس {expected}", }
    CeProtoNotRounding { en: "{value} is not the rule this engine applies ({rule})", zh: "{value} 不是本引擎采用的规则（{rule}）", ar: "{value} ليست القاعدة التي يطبّقها هذا المحرك ({rule})", }
    CeProtoRuleSetCount { en: "must list 1-256 rule sets", zh: "必须列出 1-256 套规则", ar: "يجب أن يسرد \u{2066}1-256\u{2069} مجموعة قواعد", }
    CeProtoVersionTwice { en: "is listed twice", zh: "被列出了两次", ar: "مدرج مرتين", }
    CeProtoSameStart { en: "another version of the track starts that day", zh: "该赛道的另一个版本也在这一天开始", ar: "إصدار آخر من المسار يبدأ في ذلك اليوم", }
    CeProtoVersionLength { en: "must be 1-64 characters", zh: "必须是 1-64 个字符", ar: "يجب أن يكون من \u{2066}1-64\u{2069} محرفًا", }
    CeProtoMustBePositive { en: "must be positive", zh: "必须为正数", ar: "يجب أن يكون موجبًا", }
    CeProtoBetRuleTrack { en: "a bets track, and only a bets track, has a bet rule", zh: "只有投注赛道才有投注规则，且投注赛道必须有", ar: "لمسار الرهانات، ولمسار الرهانات وحده، قاعدة رهان", }
    CeProtoBadStake { en: "stake must be positive and the limit 0-1000000 micro-tokens", zh: "投注额必须为正数，限价必须为 0-1000000 微令牌", ar: "يجب أن يكون مبلغ الرهان موجبًا والحد \u{2066}0-1000000\u{2069} ميكرو رمز", }
    CeProtoRange { en: "must be {lo}-{hi}", zh: "必须在 {lo}-{hi} 之间", ar: "يجب أن يكون \u{2066}{lo}-{hi}\u{2069}", }
    CeProtoMinCloseMinutes { en: "must be 0 up to max_close_days", zh: "必须在 0 到 max_close_days 之间", ar: "يجب أن يكون من \u{200F}0 حتى \u{2066}max_close_days\u{2069}", }
    CeProtoFavouriteMax { en: "must be 1-1000000 micro-tokens", zh: "必须是 1-1000000 微令牌", ar: "يجب أن يكون \u{2066}1-1000000\u{2069} ميكرو رمز", }
    CeProtoTopics { en: "at most 64 non-empty topics", zh: "至多 64 个非空主题", ar: "\u{200F}64 موضوعًا غير فارغ على الأكثر", }
    CeProtoCategoryMax { en: "must be 1-10000 basis points", zh: "必须是 1-10000 个基点", ar: "يجب أن يكون \u{2066}1-10000\u{2069} نقطة أساس", }
    CeProtoRoundLimits { en: "round limits must be at least 1", zh: "轮次上限必须至少为 1", ar: "يجب ألا تقل حدود الجولات عن \u{200F}1", }
    CeProtoFundCount { en: "must list 1-64 funds", zh: "必须列出 1-64 只基金", ar: "يجب أن يسرد \u{2066}1-64\u{2069} صندوقًا", }
    CeProtoBadFund { en: "fund {fund}: bad symbol or market", zh: "第 {fund} 只基金：代码或市场无效", ar: "الصندوق {fund}: الرمز أو السوق غير صالح", }
    CeProtoListedTwice { en: "{name} is listed twice", zh: "{name} 被列出了两次", ar: "{name} مدرج مرتين", }
    CeProtoAlsoTraded { en: "{market} is also a traded fund's market", zh: "{market} 也是某只交易基金的市场", ar: "{market} هو أيضًا سوق صندوق متداول", }
    CeProtoOutsideBasisPoints { en: "{value} is outside 0-100000 basis points", zh: "{value} 不在 0-100000 个基点之内", ar: "{value} خارج \u{2066}0-100000\u{2069} نقطة أساس", }
    CeProtoBoundsCrossed { en: "a lower bound exceeds its upper bound", zh: "某个下限超过了其上限", ar: "حدّ أدنى يتجاوز حدّه الأعلى", }
    CeProtoLongOnlyInvested { en: "a long-only track cannot exceed 100% invested", zh: "只做多的赛道投资比例不能超过 100%", ar: "لا يمكن لمسار شراء فقط أن يتجاوز استثمار \u{2066}100%\u{2069}", }
    CeProtoNegative { en: "must not be negative", zh: "不得为负数", ar: "يجب ألا يكون سالبًا", }
    CeProtoBadWindow { en: "start and end must be HH:MM, start not after end", zh: "start 和 end 必须是 HH:MM 格式，且 start 不晚于 end", ar: "يجب أن يكون \u{2066}start\u{2069} و\u{2066}end\u{2069} بصيغة \u{2066}HH:MM\u{2069}، وألا يأتي \u{2066}start\u{2069} بعد \u{2066}end\u{2069}", }
    CeProtoBenchmarkName { en: "{name} must start with _", zh: "{name} 必须以 _ 开头", ar: "يجب أن يبدأ {name} بـ \u{2066}_\u{2069}", }
    CeProtoNotTradedFund { en: "{benchmark}: {fund} is not a traded fund", zh: "{benchmark}：{fund} 不是交易基金", ar: "{benchmark}: {fund} ليس صندوقًا متداولًا", }
    CeProtoWeightNotAllowed { en: "{benchmark}: weight {weight} of {fund} is not allowed", zh: "{benchmark}：{fund} 的权重 {weight} 不被允许", ar: "{benchmark}: الوزن {weight} لـ {fund} غير مسموح", }
    CeProtoRandomFunds { en: "{benchmark}: random_funds must be 1-{max}", zh: "{benchmark}：random_funds 必须在 1-{max} 之间", ar: "{benchmark}: يجب أن يكون \u{2066}random_funds\u{2069} من \u{2066}1-{max}\u{2069}", }
    CeProtoBenchmarkRule { en: "{benchmark}: give weights_bp, or random_funds and seed", zh: "{benchmark}：请给出 weights_bp，或 random_funds 与 seed", ar: "{benchmark}: أعطِ \u{2066}weights_bp\u{2069}، أو \u{2066}random_funds\u{2069} و\u{2066}seed\u{2069}", }
    CeDecisionsLine { en: "{file}:{line}: differs from the decisions sealed in {book}: published {published}, sealed {sealed}", zh: "{file} 第 {line} 行：与 {book} 中封印的决定不同：已发布 {published}，已封印 {sealed}", ar: "{file} السطر {line}: يختلف عن القرارات المختومة في {book}: المنشور {published}، والمختوم {sealed}", }
    CeNoLine { en: "(no line)", zh: "（无此行）", ar: "(لا سطر)", }
    CeDataset { en: "{file}: line {line}, column {column}: not an experiment dataset: {detail}", zh: "{file}：第 {line} 行，第 {column} 列：不是实验数据集：{detail}", ar: "{file}: السطر {line}، العمود {column}: ليس مجموعة بيانات التجربة: {detail}", }
    CeLeagueFile { en: "{file}: line {line}, column {column}: {detail}", zh: "{file}：第 {line} 行，第 {column} 列：无法读取联赛文件：{detail}", ar: "{file}: السطر {line}، العمود {column}: تتعذّر قراءة ملف الدوري: {detail}", }

    // The Scores page's league input files: why they cannot be scored (core::score::files::
    // InputError), council-forecasts.csv (core's CsvError with its CsvMsg), the registered
    // predictions (RegisteredError, RegisteredMsg), council-clim-window.json (ClimError,
    // ClimMsg) and the book's sealing times (SealingError, SealingMsg), rendered by
    // i18n::input_messages. The English is the CLI's.
    InFile { en: "{file}: {detail}", zh: "{file}：{detail}", ar: "في {file}: {detail}", }
    InNoRows { en: "no rows to score: give council-forecasts.csv or the book", zh: "没有可评分的行：请提供 council-forecasts.csv 或账本", ar: "لا صفوف لتقييمها: قدّم \u{2066}council-forecasts.csv\u{2069} أو الدفتر", }
    InAt { en: "{at}: {message}", zh: "{at}：{message}", ar: "{at}: {message}", }
    InCsvAt { en: "row {row} (line {line}): {message}", zh: "第 {row} 条记录（第 {line} 行）：{message}", ar: "الصف {row} (السطر {line}): {message}", }
    InCsvAtColumn { en: "row {row} (line {line}), column {column}: {message}", zh: "第 {row} 条记录（第 {line} 行），列 {column}：{message}", ar: "الصف {row} (السطر {line})، العمود {column}: {message}", }
    InCsvNotCsv { en: "not CSV: {detail}", zh: "不是 CSV：{detail}", ar: "ليس ملف \u{2066}CSV\u{2069}: {detail}", }
    InCsvHeaderTooWide { en: "the header has {columns} columns, at most {max} are read", zh: "表头有 {columns} 列，最多只读取 {max} 列", ar: "عدد أعمدة سطر العناوين {columns}، ولا يُقرأ أكثر من {max}", }
    InCsvHeaderTooLong { en: "the header is {bytes} bytes long, at most {max} bytes are read", zh: "表头长 {bytes} 字节，最多只读取 {max} 字节", ar: "طول سطر العناوين {bytes} بايت، ولا يُقرأ أكثر من {max} بايت", }
    InCsvNotUtf8 { en: "not UTF-8 (byte {byte} of the field)", zh: "不是 UTF-8（该字段的第 {byte} 字节）", ar: "ليس \u{2066}UTF-8\u{2069} (البايت {byte} من الحقل)", }
    InCsvFieldCount { en: "has {fields} fields, the header has {header}", zh: "有 {fields} 个字段，表头有 {header} 个", ar: "عدد حقوله {fields}، وعدد حقول سطر العناوين {header}", }
    InCsvNamedTwice { en: "column named twice in the header", zh: "该列名在表头中出现了两次", ar: "اسم العمود مكرر في سطر العناوين", }
    InCsvMissingColumn { en: "missing column", zh: "缺少该列", ar: "العمود مفقود", }
    InCsvNoHeader { en: "empty file: no header", zh: "空文件：没有表头", ar: "ملف فارغ: لا سطر عناوين", }
    InCsvNotNumber { en: "{value} is not a number", zh: "{value} 不是数字", ar: "{value} ليس رقمًا", }
    InCsvNotHorizon { en: "{value} is not 1d, 1w, 1m or 6m", zh: "{value} 不是 1d、1w、1m 或 6m", ar: "{value} ليس \u{2066}1d\u{2069} أو \u{2066}1w\u{2069} أو \u{2066}1m\u{2069} أو \u{2066}6m\u{2069}", }
    InCsvNotBool { en: "{value} is not true or false", zh: "{value} 不是 true 或 false", ar: "{value} ليس \u{2066}true\u{2069} أو \u{2066}false\u{2069}", }
    InNotTime { en: "{value} is not an RFC 3339 time", zh: "{value} 不是 RFC 3339 时间", ar: "{value} ليس وقتًا بصيغة \u{2066}RFC 3339\u{2069}", }
    InNotLineNumber { en: "{value} is not a line number", zh: "{value} 不是行号", ar: "{value} ليس رقم سطر", }
    InNotJson { en: "not JSON at byte {offset}: {detail}", zh: "不是 JSON（第 {offset} 字节）：{detail}", ar: "ليس \u{2066}JSON\u{2069} عند البايت {offset}: {detail}", }
    InExpectedObjectFound { en: "expected an object, found {found}", zh: "应为对象，实际为 {found}", ar: "المتوقع كائن، والموجود {found}", }
    InExpectedListFound { en: "expected a list, found {found}", zh: "应为列表，实际为 {found}", ar: "المتوقع قائمة، والموجود {found}", }
    InExpectedStringFound { en: "expected a string, found {found}", zh: "应为字符串，实际为 {found}", ar: "المتوقع نص، والموجود {found}", }
    InExpectedNumberFound { en: "expected a number, found {found}", zh: "应为数字，实际为 {found}", ar: "المتوقع رقم، والموجود {found}", }
    InExpectedIntegerFound { en: "expected an integer, found {found}", zh: "应为整数，实际为 {found}", ar: "المتوقع عدد صحيح، والموجود {found}", }
    InExpectedObject { en: "expected an object", zh: "应为对象", ar: "المتوقع كائن", }
    InExpectedString { en: "expected a string", zh: "应为字符串", ar: "المتوقع نص", }
    InMissing { en: "missing", zh: "缺失", ar: "مفقود", }
    InOutOfRange { en: "integer out of range", zh: "整数超出范围", ar: "عدد صحيح خارج النطاق", }
    InRegLoneSurrogate { en: "not valid Unicode (a lone surrogate)", zh: "不是有效的 Unicode（含单独的代理项）", ar: "ليس \u{2066}Unicode\u{2069} صالحًا (فيه بديل منفرد)", }
    InRegTwice { en: "{id} is registered twice (also predictions[{first}])", zh: "{id} 被注册了两次（另见 predictions[{first}]）", ar: "{id} مسجَّل مرتين (وأيضًا \u{2066}predictions[{first}]\u{2069})", }
    InRegNotProbability { en: "{p} is not a probability from 0 to 1", zh: "{p} 不是 0 到 1 之间的概率", ar: "{p} ليس احتمالًا من 0 إلى 1", }
    InRegNotDate { en: "{value} is not a date YYYY-MM-DD", zh: "{value} 不是 YYYY-MM-DD 格式的日期", ar: "{value} ليس تاريخًا بصيغة \u{2066}YYYY-MM-DD\u{2069}", }
    InRegNotVerdict { en: "{value} is not \"true\", \"not_true\" or null", zh: "{value} 不是 \"true\"、\"not_true\" 或 null", ar: "{value} ليس \u{2066}\"true\"\u{2069} أو \u{2066}\"not_true\"\u{2069} أو \u{2066}null\u{2069}", }
    InRegUncited { en: "a verdict must cite the field or script it rests on", zh: "结论必须注明其所依据的字段或脚本", ar: "يجب أن يذكر الحكم الحقل أو البرنامج النصي الذي يستند إليه", }
    InClimLoneSurrogate { en: "string holds the lone surrogate {surrogate}, which UTF-8 cannot encode (Python's .encode() fails on it too, so no seal exists for this line)", zh: "字符串含有单独的代理项 {surrogate}，UTF-8 无法编码它（Python 的 .encode() 同样会失败，因此这一行没有封印）", ar: "يحوي النص بديلًا منفردًا {surrogate} لا يستطيع UTF-8 ترميزه (ويفشل \u{2066}.encode()\u{2069} في Python عليه أيضًا، فلا ختم لهذا السطر)", }
    InClimOutsideUnit { en: "{p} is outside 0-1", zh: "{p} 不在 0-1 之间", ar: "{p} خارج المجال 0-1", }
    InSealAt { en: "book line {line}, field {field}: {message}", zh: "账本第 {line} 行，字段 {field}：{message}", ar: "سطر الدفتر {line}، الحقل {field}: {message}", }
    InSealWholeLine { en: "(line)", zh: "(整行)", ar: "(السطر كله)", }

    // What the Scores page could not write or read back (web/src/scores/compute.rs, tables.rs;
    // {detail} is the JSON library's own text), the files not read beyond the first few
    // (web/src/scores/mod.rs), how a forecasts row disagrees with its sealed answer line
    // (core's `MismatchWhy`, spec Appendix C) and a stand-in statistics backend's missing fit.
    EaStatsNotWritten { en: "the stats document could not be written: {detail}", zh: "无法写出统计文档：{detail}", ar: "تعذّرت كتابة مستند الإحصاءات: {detail}", }
    EaScorecardsNotWritten { en: "the scorecards could not be written: {detail}", zh: "无法写出记分卡：{detail}", ar: "تعذّرت كتابة بطاقات النتائج: {detail}", }
    EaPeerNotWritten { en: "the {name} document could not be written: {detail}", zh: "无法写出 {name} 文档：{detail}", ar: "تعذّرت كتابة مستند {name}: {detail}", }
    EaStatsNotReadBack { en: "the stats document could not be read back: {detail}", zh: "无法读回统计文档：{detail}", ar: "تعذّرت إعادة قراءة مستند الإحصاءات: {detail}", }
    EaScorecardsNotReadBack { en: "the scorecards could not be read back: {detail}", zh: "无法读回记分卡：{detail}", ar: "تعذّرت إعادة قراءة بطاقات النتائج: {detail}", }
    EaPeerNotReadBack { en: "the profile's document could not be read back: {detail}", zh: "无法读回该配置的文档：{detail}", ar: "تعذّرت إعادة قراءة مستند الملف التعريفي: {detail}", }
    EaExperimentNotReadBack { en: "the experiment's analysis could not be read back: {detail}", zh: "无法读回实验的分析：{detail}", ar: "تعذّرت إعادة قراءة تحليل التجربة: {detail}", }
    EaAndMore { en: "{names} and {n} more", zh: "{names} 及另外 {n} 个", ar: "{names} و‏{n} غيرها", }
    EaMismatchNoLine { en: "expected an answer line, found no such line in the book", zh: "应为答案行，但账本中没有这一行", ar: "كان المتوقع سطر إجابة، لكن لا يوجد هذا السطر في الدفتر", }
    EaMismatchKind { en: "expected an answer line, found a {kind} line", zh: "应为答案行，实为 {kind} 行", ar: "كان المتوقع سطر إجابة، لكنه سطر {kind}", }
    EaMismatchDiffers { en: "CSV {field} {csv}, sealed {sealed}", zh: "CSV 中的 {field} 为 {csv}，封印的为 {sealed}", ar: "قيمة {field} في CSV هي {csv}، والمختومة {sealed}", }
    EaMismatchNone { en: "\"(none)\"", zh: "（无）", ar: "(لا شيء)", }
    EaMismatchSealedAt { en: "the CSV's sealed_at is not the answer line's at", zh: "CSV 的 sealed_at（封印时刻）不是答案行的 at", ar: "قيمة \u{2066}sealed_at\u{2069} (وقت الختم) في CSV ليست قيمة \u{2066}at\u{2069} في سطر الإجابة", }
    EaMismatchProbUp { en: "CSV prob_up {csv}, sealed {sealed}", zh: "CSV 中的 prob_up 为 {csv}，封印的为 {sealed}", ar: "قيمة \u{2066}prob_up\u{2069} في CSV هي {csv}، والمختومة {sealed}", }
    EaNotStated { en: "not stated", zh: "未说明", ar: "غير مذكورة", }
    EaExpGroupLabel { en: "g0: seeing (shown the council's sealed answers at once); g1: blind (shown them only after its first forecast of the session)", zh: "g0：可见组（立即看到委员会封印的答案）；g1：盲组（只在其本会话的首次预测之后才看到）", ar: "\u{2066}g0\u{2069}: المبصرة (تُعرض عليها إجابات المجلس المختومة فورًا)؛ \u{2066}g1\u{2069}: العمياء (لا تُعرض عليها إلا بعد توقعها الأول في الجلسة)", }
    EaExpF28 { en: "weighted Brier of first forecasts, blind minus seeing", zh: "首次预测的加权布里尔评分，盲组减可见组", ar: "درجة براير المرجّحة للتوقعات الأولى، العمياء ناقص المبصرة", }
    EaExpF29 { en: "anchoring share of first forecasts, seeing minus blind", zh: "首次预测中锚定的比例，可见组减盲组", ar: "نسبة التوقعات الأولى المثبتة على المجلس، المبصرة ناقص العمياء", }
    EaRosterLine { en: "{file} line {lines}", zh: "{file} 第 {lines} 行", ar: "{file} السطر {lines}", }
    EaRosterLines { en: "{file} lines {lines}", zh: "{file} 第 {lines} 行", ar: "{file} الأسطر {lines}", }
    EaRosterRunLines { en: "{file} lines {first}-{last} ({runs} run lines)", zh: "{file} 第 {first}-{last} 行（{runs} 个运行行）", ar: "{file} الأسطر {first}-{last} ({runs} من أسطر التشغيل)", }
    EaFitNoFit { en: "calibration fit: this statistics backend makes no fit", zh: "校准拟合：此统计后端不做拟合", ar: "ملاءمة المعايرة: لا تُجري واجهة الإحصاء الخلفية هذه أي ملاءمة", }
    }

    // The reader experiment, and the Scores page's code (in the Scores and Accounts pages) that
    // analyses it.
    #[cfg(any(feature = "experiment", feature = "scores", feature = "accounts"))] {
    // The reader experiment (web/src/experiment).
    ExpTitle { en: "Forecast the open beside the council", zh: "在委员会旁边预测开盘", ar: "توقع الافتتاح إلى جانب المجلس", }
    ExpLede { en: "Call each of the session's 12 markets up or down before the 09:30 ET open, with a confidence from 55% to 95%. No sign-up, no name, no contact: this browser keeps an anonymous identifier, and the server a salted hash of your address for the day only. Half of the readers see the AI council's sealed answers at once, half only after their first forecast; that is the experiment.", zh: "在美东时间（ET）09:30 开盘前，对本会话的 12 个市场逐一判断涨或跌，并给出 55% 到 95% 的信心。无需注册、姓名或联系方式：本浏览器保存一个匿名标识符，服务器只在当天保存你地址的加盐哈希。一半读者立即看到 AI 委员会封印的答案，另一半只在首次预测之后才看到；这就是实验。", ar: "توقع لكل سوق من أسواق الجلسة الاثني عشر صعودًا أو هبوطًا قبل الافتتاح في 09:30 بتوقيت ET، بثقة من 55% إلى 95%. بلا تسجيل ولا اسم ولا وسيلة اتصال: يحتفظ هذا المتصفح بمعرّف مجهول، ويحتفظ الخادم بتجزئة مملّحة لعنوانك ليوم واحد فقط. نصف القرّاء يرون إجابات مجلس الذكاء الاصطناعي المختومة فورًا، والنصف الآخر بعد توقعهم الأول فقط؛ هذه هي التجربة.", }
    ExpFooter { en: "Spec §6 of seed 000: only your first forecast per market and session counts; the published analysis is at {stats}.", zh: "种子 000 的规范第 6 节：每个市场每个会话只计你的首次预测；公布的分析见 {stats}。", ar: "المواصفة، القسم 6 من البذرة 000: لا يُحتسب إلا توقعك الأول لكل سوق وجلسة؛ التحليل المنشور في {stats}.", }
    ExpOpening { en: "Opening the session…", zh: "正在打开会话…", ar: "جارٍ فتح الجلسة…", }
    ExpGroupSeeing { en: "You are in the seeing group: the council's sealed answers are shown at once.", zh: "你在可见组：委员会封印的答案会立即显示。", ar: "أنت في مجموعة الرؤية: تظهر إجابات المجلس المختومة فورًا.", }
    ExpGroupBlind { en: "You are in the blind group: the council's answers open after your first forecast of this session.", zh: "你在盲组：委员会的答案在你本会话的首次预测之后才会显示。", ar: "أنت في المجموعة العمياء: تظهر إجابات المجلس بعد توقعك الأول في هذه الجلسة.", }
    ExpCloseIn { en: "Forecasts close in {left}, at {close}.", zh: "预测将在 {left} 后截止，截止时间 {close}。", ar: "يُغلق باب التوقعات بعد {left}، عند {close}.", }
    ExpClosed { en: "Forecasts for the session of {session} are closed.", zh: "{session} 会话的预测已截止。", ar: "أُغلق باب التوقعات لجلسة {session}.", }
    ExpSessionOf { en: "The session of {session}", zh: "{session} 的会话", ar: "جلسة {session}", }
    ExpDemoTitle { en: "The demo league: its answers and prices are made for trying the page", zh: "演示联赛：其答案和价格是为试用本页面而生成的", ar: "دوري العرض: إجاباته وأسعاره مصنوعة لتجربة الصفحة", }
    ExpStorageRefused { en: "This browser does not keep the identifier: reloading the page makes you a new reader.", zh: "本浏览器不保存标识符：重新加载页面会使你成为新读者。", ar: "لا يحتفظ هذا المتصفح بالمعرّف: إعادة تحميل الصفحة تجعلك قارئًا جديدًا.", }
    ExpYourCalls { en: "Your calls", zh: "你的判断", ar: "توقعاتك", }
    ExpUp { en: "Up", zh: "涨", ar: "صعود", }
    ExpDown { en: "Down", zh: "跌", ar: "هبوط", }
    ExpConfidence { en: "Confidence (%)", zh: "信心（%）", ar: "الثقة (%)", }
    ExpRange { en: "55 to 95", zh: "55 到 95", ar: "من 55 إلى 95", }
    ExpSending { en: "Sending…", zh: "正在发送…", ar: "جارٍ الإرسال…", }
    ExpSendForecast { en: "Send forecast", zh: "发送预测", ar: "أرسل التوقع", }
    ExpSendPrivate { en: "Send private call", zh: "发送私下判断", ar: "أرسل التوقع الخاص", }
    ExpSendFinal { en: "Send final call", zh: "发送最终判断", ar: "أرسل التوقع النهائي", }
    ExpLegendSingle { en: "Your forecast for {market}", zh: "你对 {market} 的预测", ar: "توقعك لـ {market}", }
    ExpLegendPrivate { en: "Your private call for {market}", zh: "你对 {market} 的私下判断", ar: "توقعك الخاص لـ {market}", }
    ExpLegendFinal { en: "Your final call for {market}", zh: "你对 {market} 的最终判断", ar: "توقعك النهائي لـ {market}", }
    ExpDirUp { en: "up", zh: "涨", ar: "صعود", }
    ExpDirDown { en: "down", zh: "跌", ar: "هبوط", }
    ExpCall { en: "{direction}, {confidence}%", zh: "{direction}，{confidence}%", ar: "{direction}، {confidence}%", }
    ExpDoneFinal { en: "Your final call: {call}.", zh: "你的最终判断：{call}。", ar: "توقعك النهائي: {call}.", }
    ExpDoneCounts { en: "Your forecast (the one that counts): {call}.", zh: "你的预测（计分的那一次）：{call}。", ar: "توقعك (وهو الذي يُحتسب): {call}.", }
    ExpDone { en: "Your forecast: {call}.", zh: "你的预测：{call}。", ar: "توقعك: {call}.", }
    ExpPrivateDone { en: "Your private call: {call}.", zh: "你的私下判断：{call}。", ar: "توقعك الخاص: {call}.", }
    ExpRecordedPrivate { en: "{market}: your private call ({call}) is recorded. Look at what is shown, then give your final call.", zh: "{market}：你的私下判断（{call}）已记录。请查看显示的内容，然后给出最终判断。", ar: "{market}: سُجّل توقعك الخاص ({call}). انظر إلى ما يُعرض، ثم أعطِ توقعك النهائي.", }
    ExpRecordedFinal { en: "{market}: your final call ({call}) is recorded.", zh: "{market}：你的最终判断（{call}）已记录。", ar: "{market}: سُجّل توقعك النهائي ({call}).", }
    ExpRecordedFirst { en: "{market}: your forecast ({call}) is recorded; it is the one that counts.", zh: "{market}：你的预测（{call}）已记录；这是计分的那一次。", ar: "{market}: سُجّل توقعك ({call})؛ وهو الذي يُحتسب.", }
    ExpRecorded { en: "{market}: your forecast ({call}) is recorded.", zh: "{market}：你的预测（{call}）已记录。", ar: "{market}: سُجّل توقعك ({call}).", }
    ExpPeekNotice { en: "Recorded as a peek: you asked to see the models before your first forecast. The blind group is not shown them yet: they open after your first forecast of this session.", zh: "已记录为一次偷看：你在首次预测之前要求查看模型。盲组此时还看不到它们：它们会在你本会话的首次预测之后显示。", ar: "سُجّل كاطلاع مسبق: طلبت رؤية النماذج قبل توقعك الأول. لا تُعرض على المجموعة العمياء بعد: تظهر بعد توقعك الأول في هذه الجلسة.", }
    ExpScoredTitle { en: "Your last scored session, {session}", zh: "你最近一次已计分的会话：{session}", ar: "آخر جلسة قُيّمت لك: {session}", }
    ExpScoredCaption { en: "Your first forecasts beside the council's consensus and each model's, on the same markets (a lower Brier score is better)", zh: "你的首次预测与委员会共识及每个模型在相同市场上的对比（布里尔评分越低越好）", ar: "توقعاتك الأولى إلى جانب إجماع المجلس وتوقعات كل نموذج على الأسواق نفسها (درجة براير الأقل أفضل)", }
    ExpWho { en: "Who", zh: "谁", ar: "مَن", }
    ExpBrier { en: "Brier", zh: "布里尔评分", ar: "درجة براير", }
    ExpHitRate { en: "Hit rate", zh: "命中率", ar: "نسبة الإصابة", }
    ExpMarkets { en: "Markets", zh: "市场", ar: "الأسواق", }
    ExpYou { en: "You", zh: "你", ar: "أنت", }
    ExpCouncil { en: "Council", zh: "委员会", ar: "المجلس", }
    ExpBrierEqual { en: "Your Brier score equals the council's.", zh: "你的布里尔评分与委员会的相同。", ar: "درجة براير لديك تساوي درجة المجلس.", }
    ExpBrierLower { en: "Your Brier score is lower (better) than the council's by {diff}.", zh: "你的布里尔评分比委员会的低（更好）{diff}。", ar: "درجة براير لديك أقل (أفضل) من درجة المجلس بمقدار {diff}.", }
    ExpBrierHigher { en: "Your Brier score is higher (worse) than the council's by {diff}.", zh: "你的布里尔评分比委员会的高（更差）{diff}。", ar: "درجة براير لديك أعلى (أسوأ) من درجة المجلس بمقدار {diff}.", }
    ExpModeLegend { en: "How do you want to call?", zh: "你想如何判断？", ar: "كيف تريد أن تتوقع؟", }
    ExpModeOne { en: "One call per market, with the council as your group sees it", zh: "每个市场判断一次，委员会按你所在组的方式显示", ar: "توقع واحد لكل سوق، مع المجلس كما تراه مجموعتك", }
    ExpModeTwo { en: "Two calls per market: a private call, then a display, then your final call", zh: "每个市场判断两次：先私下判断，然后查看展示，再给出最终判断", ar: "توقعان لكل سوق: توقع خاص، ثم عرض، ثم توقعك النهائي", }
    ExpModeTwoNote { en: "The two-call way hides the council during the private call; after it, a random draw shows you either the council's answers for that market or the market's last price figures, and you give your final call. Both calls are kept.", zh: "两次判断的方式在私下判断期间隐藏委员会；之后随机抽取，向你展示委员会对该市场的答案或该市场最近的价格数据，然后你给出最终判断。两次判断都会保留。", ar: "في طريقة التوقعين يُخفى المجلس أثناء التوقع الخاص؛ وبعده تُظهر لك قرعة عشوائية إما إجابات المجلس لذلك السوق وإما آخر أرقام أسعار السوق، ثم تعطي توقعك النهائي. يُحتفظ بالتوقعين كليهما.", }
    ExpBlindNote { en: "You are in the blind group: the council's answers stay hidden until your first forecast of this session. The button below does not show them: it records that you asked to see them, a peek, which the experiment counts.", zh: "你在盲组：在你本会话的首次预测之前，委员会的答案保持隐藏。下面的按钮不会显示它们：它只记录你要求查看过（一次偷看，实验会统计）。", ar: "أنت في المجموعة العمياء: تبقى إجابات المجلس مخفية حتى توقعك الأول في هذه الجلسة. الزر أدناه لا يُظهرها: بل يسجّل أنك طلبت رؤيتها، أي اطلاعًا مسبقًا تحتسبه التجربة.", }
    ExpShowModels { en: "Ask to see the models (recorded, not shown)", zh: "要求查看模型（会被记录，但不会显示）", ar: "اطلب رؤية النماذج (يُسجَّل ولا تُعرض)", }
    ExpTwoCallsNote { en: "With two calls the council stays hidden during each private call; what you see after it is drawn at random for each market.", zh: "采用两次判断时，委员会在每次私下判断期间保持隐藏；之后你看到的内容按每个市场随机抽取。", ar: "مع التوقعين يبقى المجلس مخفيًا أثناء كل توقع خاص؛ وما تراه بعده يُسحب عشوائيًا لكل سوق.", }
    ExpNoCouncil { en: "No council run is sealed for this session yet.", zh: "本会话尚无封印的委员会运行。", ar: "لم يُختم بعد أي تشغيل للمجلس في هذه الجلسة.", }
    ExpRunSealed { en: "Run {run}, sealed at {at}.", zh: "运行 {run}，封印于 {at}。", ar: "التشغيل {run}، مختوم عند {at}.", }
    ExpConsensusCaption { en: "The consensus of the sealed 1-day answers", zh: "封印的 1 天期答案的共识", ar: "إجماع الإجابات المختومة لأفق يوم واحد", }
    ExpDirection { en: "Direction", zh: "方向", ar: "الاتجاه", }
    ExpChanceUp { en: "Chance up", zh: "上涨概率", ar: "احتمال الصعود", }
    ExpSeats { en: "Seats", zh: "席位", ar: "المقاعد", }
    ExpBookLine { en: "Book line", zh: "账本行", ar: "سطر الدفتر", }
    ExpEverySeat { en: "Every seat's answer ({n})", zh: "每个席位的答案（{n}）", ar: "إجابة كل مقعد ({n})", }
    ExpIndependence { en: "{n} seats; the mean correlation of their answers is r = {rho}, so they are worth about {neff} independent voices (N_eff).", zh: "{n} 个席位；其回答的平均相关系数 r = {rho}，约相当于 {neff} 个独立声音（有效独立声音数 N_eff）。", ar: "{n} مقاعد؛ متوسط الارتباط بين إجاباتها r = {rho}، فهي تساوي نحو {neff} من الأصوات المستقلة (عدد الأصوات المستقلة الفعلي N_eff).", }
    ExpIndependenceAbove { en: "{n} seats; the mean correlation of their answers is r = {rho}, negative, so N_eff = n / (1 + (n − 1) r) reads {neff}, above the {n} seats: over a few shared markets that is noise, not {neff} independent voices.", zh: "{n} 个席位；其回答的平均相关系数 r = {rho}，为负，因此有效独立声音数 N_eff = n / (1 + (n − 1) r) 读数为 {neff}，高于 {n} 个席位：在少数共同市场上这是噪声，而不是 {neff} 个独立声音。", ar: "{n} مقاعد؛ متوسط الارتباط بين إجاباتها r = {rho} سالب، لذا يقرأ عدد الأصوات المستقلة الفعلي N_eff = n / (1 + (n − 1) r) القيمة {neff}، فوق عدد المقاعد {n}: على أسواق مشتركة قليلة هذا ضجيج، لا {neff} صوتًا مستقلًا.", }
    ExpIndependenceNone { en: "{n} seats; too few markets in common to measure how alike their answers are.", zh: "{n} 个席位；共同市场太少，无法衡量其回答的相似程度。", ar: "{n} مقاعد؛ الأسواق المشتركة أقل من أن يُقاس بها تشابه إجاباتها.", }
    ExpConsensusLine { en: "Council: {direction} ({chance} chance up, {seats} seats)", zh: "委员会：{direction}（上涨概率 {chance}，{seats} 个席位）", ar: "المجلس: {direction} (احتمال الصعود {chance}، عدد المقاعد {seats})", }
    ExpDirEven { en: "even", zh: "持平", ar: "متعادل", }
    ExpDrawnCouncil { en: "Drawn for you: the council's answers for this market.", zh: "为你抽到的是：委员会对该市场的答案。", ar: "سُحب لك: إجابات المجلس لهذا السوق.", }
    ExpDrawnFigures { en: "Drawn for you: the market's last sealed figures.", zh: "为你抽到的是：该市场最近封印的数据。", ar: "سُحب لك: آخر أرقام السوق المختومة.", }
    ExpNoFigures { en: "None are on file for this market; give your final call.", zh: "该市场没有存档数据；请给出最终判断。", ar: "لا أرقام محفوظة لهذا السوق؛ أعطِ توقعك النهائي.", }
    ExpShownWithPrivate { en: "What was drawn for you was shown with your private call; give your final call.", zh: "为你抽到的内容已随你的私下判断显示；请给出最终判断。", ar: "عُرض ما سُحب لك مع توقعك الخاص؛ أعطِ توقعك النهائي.", }
    ExpFactPrice { en: "Price", zh: "价格", ar: "السعر", }
    ExpFactChange { en: "Change from the previous close (%)", zh: "较前一收盘价的变化（%）", ar: "التغير عن الإغلاق السابق (%)", }
    ExpFactLow { en: "52-week low", zh: "52 周最低", ar: "أدنى سعر في 52 أسبوعًا", }
    ExpFactHigh { en: "52-week high", zh: "52 周最高", ar: "أعلى سعر في 52 أسبوعًا", }
    ExpFactReadAt { en: "Price read at", zh: "价格读取时间", ar: "وقت قراءة السعر", }
    ExpFactTakenAt { en: "Snapshot taken at", zh: "快照时间", ar: "وقت أخذ اللقطة", }
    ExpConfidenceRange { en: "Give a confidence from {min} to {max} percent.", zh: "请给出 {min} 到 {max} 之间的信心百分比。", ar: "أعطِ ثقة من {min} إلى {max} بالمئة.", }
    ExpConfidenceWhole { en: "The confidence is a whole number of percent, from {min} to {max}.", zh: "信心是一个整数百分比，从 {min} 到 {max}。", ar: "الثقة عدد صحيح بالمئة، من {min} إلى {max}.", }
    ExpChooseDirection { en: "Choose up or down.", zh: "请选择涨或跌。", ar: "اختر صعودًا أو هبوطًا.", }
    ExpAnswerUnreadable { en: "The server's answer could not be read: {why}.", zh: "无法读取服务器的回答：{why}。", ar: "تعذّرت قراءة جواب الخادم: {why}.", }
    ExpClosedAt { en: "Forecasts for the session of {session} closed at {close}.", zh: "{session} 会话的预测已于 {close} 截止。", ar: "أُغلق باب التوقعات لجلسة {session} عند {close}.", }
    ExpCloseTime { en: "{et} ET on {date} ({utc} UTC)", zh: "{date} 美东时间 {et} ET（协调世界时 {utc} UTC）", ar: "{et} بتوقيت ET في {date} ({utc} بتوقيت UTC)", }
    ExpDays { en: "{d} d {h} h {m} min", zh: "{d} 天 {h} 小时 {m} 分", ar: "{d} يوم {h} ساعة {m} دقيقة", }
    ExpHours { en: "{h} h {m} min {s} s", zh: "{h} 小时 {m} 分 {s} 秒", ar: "{h} ساعة {m} دقيقة {s} ثانية", }
    ExpMinutes { en: "{m} min {s} s", zh: "{m} 分 {s} 秒", ar: "{m} دقيقة {s} ثانية", }
    ExpSeconds { en: "{s} s", zh: "{s} 秒", ar: "{s} ثانية", }
    ExpCouncilTitle { en: "The council", zh: "委员会", ar: "المجلس", }
    ExpProgress { en: "{done} of {total} markets forecast", zh: "已预测 {total} 个市场中的 {done} 个", ar: "توقعت {done} من {total} سوقًا", }
    ExpFirstCallCounts { en: "Before you send: only your first call on each market counts, and it cannot be changed afterwards. In the two-call way your private call is the one that counts; the final call is recorded beside it.", zh: "发送之前请注意：每个市场只计你的第一次判断，发送后不能更改。采用两次判断时，计分的是你的私下判断；最终判断会记录在它旁边。", ar: "قبل أن ترسل: لا يُحتسب إلا توقعك الأول لكل سوق، ولا يمكن تغييره بعد ذلك. في طريقة التوقعين يكون توقعك الخاص هو الذي يُحتسب؛ ويُسجَّل التوقع النهائي بجانبه.", }
    ExpMarketSpx { en: "S&P 500", zh: "标普 500 指数", ar: "مؤشر S&P 500", }
    ExpMarketNdx { en: "Nasdaq 100", zh: "纳斯达克 100 指数", ar: "مؤشر ناسداك 100", }
    ExpMarketDji { en: "Dow Jones Industrial Average", zh: "道琼斯工业平均指数", ar: "مؤشر داو جونز الصناعي", }
    ExpMarketSox { en: "PHLX Semiconductor", zh: "费城半导体指数", ar: "مؤشر فيلادلفيا لأشباه الموصلات", }
    ExpMarketTnx { en: "US 10-year yield", zh: "美国 10 年期国债收益率", ar: "عائد سندات الخزانة الأمريكية لأجل 10 سنوات", }
    ExpMarketDxy { en: "US dollar index", zh: "美元指数", ar: "مؤشر الدولار الأمريكي", }
    ExpMarketVix { en: "CBOE volatility index", zh: "CBOE 波动率指数", ar: "مؤشر التقلب CBOE", }
    ExpMarketGold { en: "Gold", zh: "黄金", ar: "الذهب", }
    ExpMarketWti { en: "WTI crude oil", zh: "WTI 原油", ar: "خام غرب تكساس الوسيط", }
    ExpMarketBrent { en: "Brent crude oil", zh: "布伦特原油", ar: "خام برنت", }
    ExpMarketCopper { en: "Copper", zh: "铜", ar: "النحاس", }
    ExpMarketBtc { en: "Bitcoin", zh: "比特币", ar: "بيتكوين", }
    }

    // The verify worker's words for the answers report's sentences (core::verifier::answer_words
    // and core::score::counting::CountingNote), rendered by i18n::answer_words. The English is
    // what sealbook verify --answers prints.
    #[cfg(feature = "verify-chain")] {
    // The printable verification report (web/src/verifier/report_html.rs), made in the worker.
    RptTitle { en: "sealbook verification report", zh: "sealbook 验证报告", ar: "تقرير تحقق sealbook", }
    RptVerifiedAt { en: "Verified at (UTC)", zh: "验证时间（UTC）", ar: "وقت التحقق (UTC)", }
    RptVersion { en: "sealbook version", zh: "sealbook 版本", ar: "إصدار sealbook", }
    RptSource { en: "Files from", zh: "文件来源", ar: "مصدر الملفات", }
    RptAllHold { en: "Every check holds", zh: "所有检查均通过", ar: "كل الفحوص سليمة", }
    RptYes { en: "yes", zh: "是", ar: "نعم", }
    RptNo { en: "no", zh: "否", ar: "لا", }
    RptAnchors { en: "Trust anchors used", zh: "所用的信任锚", ar: "مراسي الثقة المستخدمة", }
    RptNoAnchors { en: "None: no timestamp token was checked against a root.", zh: "无：没有时间戳令牌对照根证书检查。", ar: "لا شيء: لم يُفحص أي رمز طابع زمني مقابل جذر.", }
    RptProblems { en: "Problems found in the files", zh: "文件中发现的问题", ar: "مشكلات وُجدت في الملفات", }
    RptFiles { en: "Files read ({n}) and their SHA-256", zh: "读取的文件（{n}）及其 SHA-256", ar: "الملفات المقروءة ({n}) وبصمات SHA-256 لها", }
    RptFile { en: "File", zh: "文件", ar: "ملف", }
    RptBytes { en: "Bytes", zh: "字节", ar: "البايتات", }
    RptProofRefuted { en: "{name}: the OpenTimestamps proof is refuted by the block headers given", zh: "{name}：OpenTimestamps 证明被所给的区块头否定", ar: "{name}: إثبات OpenTimestamps تدحضه ترويسات الكتل المقدَّمة", }
    RptProofNoHeaders { en: "{name}: its Bitcoin attestation was not checked: no block header was given", zh: "{name}：其比特币证明未检查：未提供区块头", ar: "{name}: لم يُفحص إثبات بيتكوين فيه: لم تُقدَّم ترويسة كتلة", }
    RptTokenNoRoot { en: "{name}: not checked against a trust anchor you chose ({check})", zh: "{name}：未对照你选择的信任锚检查（{check}）", ar: "{name}: لم يُفحص مقابل مرساة ثقة اخترتها ({check})", }
    RptCheckFailed { en: "{name}: {check}", zh: "{name}：{check}", ar: "{name}: {check}", }
    RptDidNotVerify { en: "{name}: did not verify", zh: "{name}：未通过验证", ar: "{name}: لم يجتز التحقق", }
    RptRekorNoKey { en: "{error}: the log's public key was not given", zh: "{error}：未提供日志公钥", ar: "{error}: لم يُقدَّم المفتاح العام للسجل", }
    RptClimSealBroken { en: "{file}: the climatology table is not the one sealed in the declaration (content SHA-256 {sealed}): missing, unreadable or edited", zh: "{file}：气候基准表不是声明中封印的那一份（内容 SHA-256 {sealed}）：缺失、无法读取或已被修改", ar: "{file}: جدول المناخ ليس المختوم في الإعلان (SHA-256 للمحتوى {sealed}): مفقود أو غير مقروء أو معدَّل", }
    RptChainBroken { en: "{name}: the chain does not hold", zh: "{name}：链不成立", ar: "{name}: السلسلة لا تصمد", }
    RptChecksNothing { en: "{list}: checks nothing: {reason}", zh: "{list}：没有检查任何内容：{reason}", ar: "{list}: لا تفحص شيئًا: {reason}", }
    AwAtEt { en: "{utc} ({et} ET)", zh: "{utc}（美东时间 {et}）", ar: "{utc} ({et} بتوقيت ET)", }
    AwEt { en: "{et} ET", zh: "美东时间 {et}", ar: "{et} بتوقيت ET", }
    AwRekorIndex { en: "Rekor (log index {index})", zh: "Rekor（日志索引 {index}）", ar: "سجل \u{2066}Rekor\u{2069} (فهرس السجل {index})", }
    AwBitcoinBlock { en: "Bitcoin block {height}", zh: "比特币区块 {height}", ar: "كتلة بيتكوين {height}", }
    AwToken { en: "RFC 3161 token of {authority}, verified to {root}: the list existed at genTime {time}", zh: "{authority} 的 RFC 3161 令牌，已验证至 {root}：该清单在 genTime {time} 时已存在", ar: "رمز \u{2066}RFC 3161\u{2069} من {authority}، تم التحقق منه حتى {root}: كانت القائمة موجودة عند \u{2066}genTime\u{2069} {time}", }
    AwRekorSigned { en: "in the Rekor log since integratedTime {time} (signed entry timestamp verified)", zh: "自 integratedTime {time} 起在 Rekor 日志中（签名条目时间戳已验证）", ar: "في سجل \u{2066}Rekor\u{2069} منذ \u{2066}integratedTime\u{2069} {time} (تم التحقق من الطابع الزمني الموقّع للإدخال)", }
    AwRekorUnsigned { en: "in the Rekor log; its integratedTime {time} is unsigned (no signed entry timestamp), so no time is established from it", zh: "在 Rekor 日志中；其 integratedTime {time} 未经签名（没有签名条目时间戳），因此不能由它确立任何时间", ar: "في سجل \u{2066}Rekor\u{2069}؛ وقته \u{2066}integratedTime\u{2069} {time} غير موقّع (لا طابع زمني موقّع للإدخال)، فلا يثبت منه أي وقت", }
    AwRekorNoTime { en: "in the Rekor log; the entry has no integratedTime (a Rekor v2 log signs no time), so no time is established from it", zh: "在 Rekor 日志中；该条目没有 integratedTime（Rekor v2 日志不签署时间），因此不能由它确立任何时间", ar: "في سجل \u{2066}Rekor\u{2069}؛ لا \u{2066}integratedTime\u{2069} في الإدخال (لا يوقّع سجل \u{2066}Rekor v2\u{2069} أي وقت)، فلا يثبت منه أي وقت", }
    AwBitcoin { en: "OpenTimestamps proof in Bitcoin block {height} (header time {header}, {header_et}): the list existed no later than {bound}, the practical bound of spec §3.11", zh: "比特币区块 {height} 中的 OpenTimestamps 证明（区块头时间 {header}，{header_et}）：该清单最迟在 {bound} 已存在，即规范 §3.11 的实际界限", ar: "إثبات \u{2066}OpenTimestamps\u{2069} في كتلة بيتكوين {height} (وقت الترويس {header}، {header_et}): كانت القائمة موجودة في موعد لا يتجاوز {bound}، وهو الحد العملي في المواصفة §3.11", }
    AwBitcoinUntimed { en: "OpenTimestamps proof in Bitcoin block {height}", zh: "比特币区块 {height} 中的 OpenTimestamps 证明", ar: "إثبات \u{2066}OpenTimestamps\u{2069} في كتلة بيتكوين {height}", }
    AwLate { en: "sealed at {sealed}, after the reference {reference}: late, scored from its own reference, not in the common event", zh: "封印于 {sealed}，晚于参考时刻 {reference}：迟到，按其自身的参考时刻计分，不计入共同事件", ar: "مختوم في {sealed}، بعد المرجع {reference}: متأخر، يُقيَّم من مرجعه الخاص، وليس ضمن الحدث المشترك", }
    AwProven { en: "sealed at {sealed}; proven before the reference {reference} by {by}", zh: "封印于 {sealed}；由 {by} 证明早于参考时刻 {reference}", ar: "مختوم في {sealed}؛ ثبت أنه قبل المرجع {reference} بواسطة {by}", }
    AwAnchoredAfter { en: "sealed at {sealed} by the operator's clock; the earliest anchor ({first}) proves it existed only by {first_at}, after the reference {reference}", zh: "按运营方的时钟封印于 {sealed}；最早的锚点（{first}）仅证明它在 {first_at} 时已存在，晚于参考时刻 {reference}", ar: "مختوم في {sealed} بحسب ساعة المشغّل؛ أقدم مرساة ({first}) تثبت وجوده بحلول {first_at} فقط، بعد المرجع {reference}", }
    AwOperatorUncovered { en: "sealed at {sealed} by the operator's clock; no checked stamped list covers the line yet (Level 1)", zh: "按运营方的时钟封印于 {sealed}；尚无已检查的盖章清单覆盖该行（第 1 级）", ar: "مختوم في {sealed} بحسب ساعة المشغّل؛ لا تغطي أي قائمة مختومة زمنيًا مفحوصة هذا السطر بعد (المستوى 1)", }
    AwOperatorUntimed { en: "sealed at {sealed} by the operator's clock; the stamped list {list} covers it but no anchor of it establishes a time (Level 1)", zh: "按运营方的时钟封印于 {sealed}；盖章清单 {list} 覆盖了它，但其锚点均未确立时间（第 1 级）", ar: "مختوم في {sealed} بحسب ساعة المشغّل؛ القائمة المختومة زمنيًا {list} تغطيه، لكن لا مرساة لها تثبت وقتًا (المستوى 1)", }
    AwAnd { en: "{init} and {last}", zh: "{init} 和 {last}", ar: "{init} و{last}", }
    AwListSep { en: ", ", zh: "、", ar: "، ", }
    AwPartSep { en: "; ", zh: "；", ar: "؛ ", }
    AwCopy { en: "re-seals line {line} unchanged: a copy, not a new forecast (no rows)", zh: "原样重新封印第 {line} 行：一份副本，不是新的预测（无行）", ar: "يعيد ختم السطر {line} دون تغيير: نسخة، لا توقع جديد (بلا صفوف)", }
    AwRestores { en: "restores the {field} {value}", zh: "将 {field} 恢复为 {value}", ar: "يستعيد {field} إلى {value}", }
    AwRestoresCell { en: "restores {n} cell not in the sealed answer ({cells}): listed apart as correction rows, not counted", zh: "恢复 {n} 个不在已封印答案中的单元格（{cells}）：作为更正行单独列出，不计入", ar: "يستعيد خلايا عددها {n} ليست في الإجابة المختومة ({cells}): مدرجة على حدة كصفوف تصحيح، غير محتسبة", }
    AwRestoresCells { en: "restores {n} cells not in the sealed answer ({cells}): listed apart as correction rows, not counted", zh: "恢复 {n} 个不在已封印答案中的单元格（{cells}）：作为更正行单独列出，不计入", ar: "يستعيد خلايا عددها {n} ليست في الإجابة المختومة ({cells}): مدرجة على حدة كصفوف تصحيح، غير محتسبة", }
    AwCorrectsPrices { en: "corrects {asset}'s {prices}", zh: "更正 {asset} 的 {prices}", ar: "يصحح {prices} لـ {asset}", }
    AwPriceTo { en: "{key} to {value}", zh: "{key} 为 {value}", ar: "{key} إلى {value}", }
    AwNothing { en: "changes nothing the scorer reads", zh: "未改变评分程序读取的任何内容", ar: "لا يغيّر شيئًا مما يقرؤه المُقيِّم", }
    AwSource { en: " (source: {source})", zh: "（来源：{source}）", ar: " (المصدر: {source})", }
    AwDeclNoRun { en: "no run line in the book yet", zh: "账本中尚无运行行", ar: "لا يوجد سطر تشغيل في الدفتر بعد", }
    AwDeclLate { en: "the declaration was sealed at {sealed}, after the first run ({run})", zh: "声明封印于 {sealed}，晚于第一次运行（{run}）", ar: "الإعلان مختوم في {sealed}، بعد التشغيل الأول ({run})", }
    AwDeclProven { en: "sealed at {sealed}; proven before the first run ({run}) by {by}", zh: "封印于 {sealed}；由 {by} 证明早于第一次运行（{run}）", ar: "مختوم في {sealed}؛ ثبت أنه قبل التشغيل الأول ({run}) بواسطة {by}", }
    AwDeclAnchoredAfter { en: "sealed at {sealed} by the operator's clock; its anchors prove it only after the first run ({run})", zh: "按运营方的时钟封印于 {sealed}；其锚点仅证明它晚于第一次运行（{run}）", ar: "مختوم في {sealed} بحسب ساعة المشغّل؛ مراسيه لا تثبته إلا بعد التشغيل الأول ({run})", }
    AwDeclOperatorOnly { en: "sealed at {sealed} by the operator's clock, before the first run ({run}); no anchor of the ask chain proves it", zh: "按运营方的时钟封印于 {sealed}，早于第一次运行（{run}）；问询链的锚点均未证明这一点", ar: "مختوم في {sealed} بحسب ساعة المشغّل، قبل التشغيل الأول ({run})؛ لا تثبته أي مرساة لسلسلة الأسئلة", }
    AwRunAnswers { en: "{run}: {proven} of {of} counted answers proven before the reference{by}", zh: "{run}：{of} 个计入的答案中有 {proven} 个已证明早于参考时刻{by}", ar: "{run}: {proven} من {of} إجابات محتسبة ثبت أنها قبل المرجع{by}", }
    AwRunCells { en: "{run}: {proven} of {of} counted cells proven before the reference{by}", zh: "{run}：{of} 个计入的单元格中有 {proven} 个已证明早于参考时刻{by}", ar: "{run}: {proven} من {of} خلايا محتسبة ثبت أنها قبل المرجع{by}", }
    AwRunAnchoredAfter { en: "; {n} anchored only after the reference", zh: "；{n} 个仅在参考时刻之后锚定", ar: "؛ {n} مثبت زمنيًا بعد المرجع فقط", }
    AwRunOperator { en: "; {n} on the operator's clock only", zh: "；{n} 个仅有运营方的时钟", ar: "؛ {n} بساعة المشغّل فقط", }
    AwRunLate { en: "; {n} sealed late", zh: "；{n} 个迟到封印", ar: "؛ {n} مختوم متأخرًا", }
    AwRunReference { en: "{run}: a reference run ({n} answers, none counted)", zh: "{run}：参考运行（{n} 个答案，均不计入）", ar: "{run}: تشغيل مرجعي (عدد الإجابات {n}، لا يُحتسب أي منها)", }
    AwRunReferenceCells { en: "{run}: a reference run (no cell counted)", zh: "{run}：参考运行（不计入任何单元格）", ar: "{run}: تشغيل مرجعي (لا تُحتسب أي خلية)", }
    AwRosterUnreadable { en: "the roster could not be read ({error}): seats without an answer line are not listed", zh: "无法读取名册（{error}）：没有答案行的席位未被列出", ar: "تعذّرت قراءة قائمة المقاعد ({error}): المقاعد التي ليس لها سطر إجابة غير مدرجة", }
    AwNotVerified { en: "{book}: the book's chain was not verified, so no verdict can rest on it", zh: "{book}：账本的链未经验证，因此任何结论都无从依据", ar: "{book}: لم يتم التحقق من سلسلة الدفتر، فلا يمكن أن يستند إليها أي حكم", }
    AwChainBroken { en: "{book}: the chain does not hold (first bad line {line}): every verdict below rests on a broken book", zh: "{book}：链不成立（第一个坏行 {line}）：下面的每个结论都依据一个损坏的账本", ar: "{book}: السلسلة لا تصمد (أول سطر معيب {line}): كل حكم أدناه يستند إلى دفتر معطوب", }
    AwPrefixMismatch { en: "{list}:{list_line}: the stamped prefix of {lines} lines does not match the book: it covers nothing", zh: "{list}:{list_line}：{lines} 行的盖章前缀与账本不符：它不覆盖任何内容", ar: "{list}:{list_line}: البادئة المختومة زمنيًا ذات الأسطر {lines} لا تطابق الدفتر: لا تغطي شيئًا", }
    AwInferredRule { en: "the counted runs are inferred (from 2026-10-21 the run named <session>-am, before it the last run sealed before 09:30 ET), not read from a sealed declaration", zh: "计入的运行是推断得出的（自 2026-10-21 起为每个会话名为 <session>-am 的运行，此前为 09:30 ET 之前最后封印的运行），而非读自已封印的声明", ar: "التشغيلات المحتسبة مستنتَجة (من \u{2066}2026-10-21\u{2069} التشغيل المسمى \u{2066}<session>-am\u{2069} لكل جلسة، وقبله آخر تشغيل مختوم قبل 09:30 ET)، وليست مقروءة من إعلان مختوم", }
    AwNoAskChain { en: "no {file} given: {rule}", zh: "未提供 {file}：{rule}", ar: "لم يُقدَّم {file}: {rule}", }
    AwNoDeclaration { en: "{file} has no declaration on its first line: {rule}", zh: "{file} 的第一行不是声明：{rule}", ar: "لا يحوي السطر الأول من {file} إعلانًا: {rule}", }
    AwUnknownRule { en: "{file} line 1 declares the counting rule {rule}, which this verifier does not know: the counted runs are inferred instead", zh: "{file} 第 1 行声明了计数规则 {rule}，本验证器不认识它：改为推断计入的运行", ar: "يعلن السطر 1 من {file} قاعدة العدّ {rule}، التي لا يعرفها هذا المدقق: تُستنتج التشغيلات المحتسبة بدلًا من ذلك", }
    AwNoRule { en: "{file} line 1 declares neither runs nor a counting_rule: the counted runs are inferred instead", zh: "{file} 第 1 行既未声明 runs 也未声明 counting_rule：改为推断计入的运行", ar: "لا يعلن السطر 1 من {file} تشغيلات ولا \u{2066}counting_rule\u{2069}: تُستنتج التشغيلات المحتسبة بدلًا من ذلك", }
    AwBothCount { en: "run line {first_line} ({first_run}) and run line {line} ({run}) both count for session {session} under the declaration; the first counts", zh: "按声明，运行行 {first_line}（{first_run}）与运行行 {line}（{run}）都计入会话 {session}；计入第一个", ar: "سطرا التشغيل {first_line} ({first_run}) و{line} ({run}) يُحتسبان كلاهما للجلسة {session} بموجب الإعلان؛ يُحتسب الأول", }
    AwMorningElsewhere { en: "run line {line} is named {run} but was sealed for session {session}: the declaration does not explain it (not counted)", zh: "运行行 {line} 名为 {run}，但它是为会话 {session} 封印的：声明无法解释它（不计入）", ar: "سطر التشغيل {line} اسمه {run} لكنه مختوم للجلسة {session}: لا يفسّره الإعلان (غير محتسب)", }
    AwDeclaredLate { en: "the declaration ({file} line 1, sealed at {at}) was sealed after the run(s) it would govern: {runs}; they are counted by the development rule instead", zh: "声明（{file} 第 1 行，封印于 {at}）封印于它本应约束的运行之后：{runs}；这些运行改按开发期规则计入", ar: "الإعلان (السطر 1 من {file}، مختوم في {at}) مختوم بعد التشغيلات التي كان سيحكمها: {runs}؛ فتُحتسب وفق قاعدة التطوير بدلًا من ذلك", }
    AwLineRun { en: "line {line} ({run})", zh: "第 {line} 行（{run}）", ar: "السطر {line} ({run})", }
    AwNotGoverned { en: "session(s) {sessions} are not governed by the declaration: their counted run is the last sealed before 09:30 ET (the development rule, §3.4)", zh: "会话 {sessions} 不受声明约束：其计入的运行是 09:30 ET 之前最后封印的运行（开发期规则，§3.4）", ar: "الجلسات {sessions} لا يحكمها الإعلان: تشغيلها المحتسب هو آخر تشغيل مختوم قبل 09:30 ET (قاعدة التطوير، §3.4)", }
    }
}
