//! The message catalog: every sentence the pages show, in English, Simplified Chinese and
//! Arabic, as one static table compiled into the page (no run-time loading, no dependency).
//! `{name}` marks a named argument ([`super::tr`]); the spec's terms are those of
//! `web/i18n/glossary.json` (seed 000 §1-§8 for Chinese, seed 003 for Arabic), which
//! `web/tests/i18n_catalog.rs` holds every entry to.

use super::Lang;

macro_rules! catalog {
    ($($id:ident { en: $en:literal, zh: $zh:literal, ar: $ar:literal, })*) => {
        /// A message of the catalog.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum M { $($id),* }

        impl M {
            /// Every message, in the catalog's order.
            pub const ALL: &'static [M] = &[$(M::$id),*];

            /// The message's text in `lang`.
            pub fn text(self, lang: Lang) -> &'static str {
                match self {
                    $(M::$id => match lang { Lang::En => $en, Lang::Zh => $zh, Lang::Ar => $ar }),*
                }
            }
        }
    };
}

catalog! {
    // The page shell (web/src/shell.rs).
    NavVerify { en: "Verify", zh: "验证", ar: "التحقق", }
    NavScores { en: "Scores", zh: "评分", ar: "الدرجات", }
    NavAccounts { en: "Accounts", zh: "账户", ar: "الحسابات", }
    NavForecast { en: "Forecast", zh: "预测", ar: "توقع", }
    NavLabel { en: "Pages", zh: "页面", ar: "الصفحات", }
    LangLabel { en: "Language", zh: "语言", ar: "اللغة", }
    NoteLocal { en: "Runs in your browser · nothing is uploaded", zh: "在你的浏览器中运行 · 不上传任何内容", ar: "يعمل في متصفحك · لا يُرفع أي شيء", }
    NoteExperiment { en: "Your forecasts go to this site only · no name, no account", zh: "你的预测只发送到本网站 · 无需姓名，无需账户", ar: "توقعاتك تذهب إلى هذا الموقع فقط · بلا اسم ولا حساب", }
    ChooseFiles { en: "Choose files…", zh: "选择文件…", ar: "اختر ملفات…", }
    ChooseFolder { en: "Choose a folder…", zh: "选择文件夹…", ar: "اختر مجلدًا…", }
    PickFilesSr { en: "Opens a file picker; choose one or more of the published files.", zh: "打开文件选择器；选择一个或多个已发布的文件。", ar: "يفتح منتقي الملفات؛ اختر ملفًا منشورًا أو أكثر.", }
    PickFolderSr { en: "Opens a folder picker; every file inside the folder is read and the ones this page uses are taken.", zh: "打开文件夹选择器；读取文件夹中的每个文件，并取用本页面使用的文件。", ar: "يفتح منتقي المجلدات؛ تُقرأ كل ملفات المجلد ويؤخذ منها ما تستخدمه هذه الصفحة.", }
    ProgressLabel { en: "Progress", zh: "进度", ar: "التقدم", }
    Clear { en: "Clear", zh: "清除", ar: "مسح", }

    // Counts.
    LinesOne { en: "{n} line", zh: "{n} 行", ar: "سطر واحد ({n})", }
    LinesMany { en: "{n} lines", zh: "{n} 行", ar: "عدد الأسطر: {n}", }

    // The verifier page (web/src/app.rs).
    VerifyTitle { en: "Check a sealed book yourself", zh: "亲自检查一本封印的账本", ar: "تحقق بنفسك من دفتر مختوم", }
    VerifyLede { en: "Drop the published book, its stamped lists and their .ots proofs, .tsr tokens and Rekor entries. This page recomputes every line's seal and link, every stamped prefix, every OpenTimestamps proof and every timestamp signature with its own copy of the verifier, compiled to WebAssembly. Your files never leave this device, and no server is asked for an answer.", zh: "拖入已发布的账本、它的盖章清单以及对应的 .ots 证明、.tsr 令牌和 Rekor 条目。本页面用编译为 WebAssembly 的验证器副本，重新计算每一行的封印和链接、每个盖章前缀、每个 OpenTimestamps 证明和每个时间戳签名。你的文件不会离开本设备，也不会向任何服务器询问答案。", ar: "أفلت الدفتر المنشور وقوائمه المختومة زمنيًا مع إثباتات ‎.ots‎ ورموز ‎.tsr‎ ومدخلات Rekor. تعيد هذه الصفحة حساب ختم كل سطر ورابطه، وكل بادئة مختومة، وكل إثبات OpenTimestamps، وكل توقيع طابع زمني، بنسختها الخاصة من أداة التحقق المترجمة إلى WebAssembly. لا تغادر ملفاتك هذا الجهاز، ولا يُسأل أي خادم عن الجواب.", }
    VerifyFooter { en: "The checks follow {spec}, §3.2, §3.11 and Appendix B steps 3–4, 6, 9 and 10: seal = SHA-256 of the line's content, link = SHA-256 of the line without its link, each line's prev = the previous link, a stamp's sha256 = the first N lines as stored, an OpenTimestamps proof's operations lead from the list's digest to the merkle root of a Bitcoin block header whose proof of work is recomputed here, an RFC 3161 token's imprint, signature and certificate chain (valid at genTime) are checked against roots you choose, and a Rekor entry's body, inclusion proof, checkpoint and signed entry timestamp against the log key you choose.", zh: "这些检查遵循 {spec} 第 3.2 节、第 3.11 节及附录 B 第 3–4、6、9、10 步：封印 = 该行内容的 SHA-256，链接 = 去掉链接字段后该行的 SHA-256，每行的 prev = 上一行的链接，盖章的 sha256 = 按存储方式的前 N 行；OpenTimestamps 证明的操作从清单摘要通向一个比特币区块头的默克尔根，其工作量证明在此重新计算；RFC 3161 令牌的印记、签名和证书链（在 genTime 时有效）按你选择的根证书检查；Rekor 条目的正文、包含证明、检查点和签名条目时间戳按你选择的日志密钥检查。", ar: "تتبع الفحوص {spec}، القسمين 3.2 و3.11 والملحق B الخطوات 3–4 و6 و9 و10: الختم = SHA-256 لمحتوى السطر، والرابط = SHA-256 للسطر دون رابطه، وprev لكل سطر = الرابط السابق، وsha256 للطابع = أول N سطرًا كما خُزّنت؛ وتقود عمليات إثبات OpenTimestamps من بصمة القائمة إلى جذر ميركل لترويسة كتلة بيتكوين يُعاد هنا حساب إثبات العمل فيها؛ ويُفحص بصمة رمز RFC 3161 وتوقيعه وسلسلة شهاداته (الصالحة عند genTime) مقابل جذور تختارها أنت، ويُفحص متن مدخل Rekor وإثبات تضمينه ونقطة التحقق والطابع الزمني الموقّع للمدخل مقابل مفتاح السجل الذي تختاره.", }
    DropHere { en: "Drop files here", zh: "将文件拖到这里", ar: "أفلت الملفات هنا", }
    DropMore { en: "Drop more files here", zh: "将更多文件拖到这里", ar: "أفلت مزيدًا من الملفات هنا", }
    VerifyHint { en: "The book ({book}, {asks}), any stamped lists ({list}) with their OpenTimestamps proofs ({ots}), RFC 3161 tokens ({tsr}) and Rekor entries ({rekor}), or the whole downloaded folder", zh: "账本（{book}、{asks}）、任意盖章清单（{list}）及其 OpenTimestamps 证明（{ots}）、RFC 3161 令牌（{tsr}）和 Rekor 条目（{rekor}），或整个下载的文件夹", ar: "الدفتر ({book}، {asks})، وأي قوائم مختومة زمنيًا ({list}) مع إثباتات OpenTimestamps الخاصة بها ({ots})، ورموز RFC 3161 ({tsr})، ومدخلات Rekor ({rekor})، أو المجلد المنزَّل كله", }
    WaitingHint { en: "Add the book (a .jsonl file), or an .ots proof, RFC 3161 token (.tsr) or Rekor entry (.rekor.json) with the stamped list it covers, to start the check.", zh: "添加账本（.jsonl 文件），或者添加 .ots 证明、RFC 3161 令牌（.tsr）或 Rekor 条目（.rekor.json）及其覆盖的盖章清单，以开始检查。", ar: "أضف الدفتر (ملف ‎.jsonl‎)، أو إثبات ‎.ots‎ أو رمز RFC 3161 ‏(‎.tsr‎) أو مدخل Rekor ‏(‎.rekor.json‎) مع القائمة المختومة زمنيًا التي يغطيها، لبدء الفحص.", }
    StartingVerifier { en: "Starting the verifier…", zh: "正在启动验证器…", ar: "جارٍ تشغيل أداة التحقق…", }
    CheckingFiles { en: "Checking the files…", zh: "正在检查文件…", ar: "جارٍ فحص الملفات…", }
    CheckingBook { en: "Checking {book}: {lines} so far · {done} of {total}", zh: "正在检查 {book}：目前 {lines} · {done} / {total}", ar: "جارٍ فحص {book}: {lines} حتى الآن · {done} من {total}", }
    DropFailed { en: "Could not take the dropped folder: {why}", zh: "无法读取拖入的文件夹：{why}", ar: "تعذّر أخذ المجلد المُفلت: {why}", }

    // The verdict (web/src/report_view.rs).
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
    SumInRekorUnsigned { en: "{file} is in the Rekor log (its integratedTime is unsigned: no time established)", zh: "{file} 在 Rekor 日志中（其 integratedTime 未签名：未确立时间）", ar: "{file} في سجل Rekor (قيمة integratedTime غير موقّعة: لم يثبت أي وقت)", }
    SumOpenOne { en: "{n} proof is not verified yet", zh: "{n} 个证明尚未验证", ar: "إثبات واحد لم يتم التحقق منه بعد ({n})", }
    SumOpenMany { en: "{n} proofs are not verified yet", zh: "{n} 个证明尚未验证", ar: "إثباتات لم يتم التحقق منها بعد: {n}", }
    SumNothing { en: "Add the book (a .jsonl file), or a stamped list with its .ots proof, .tsr token or .rekor.json entry.", zh: "添加账本（.jsonl 文件），或添加一份盖章清单及其 .ots 证明、.tsr 令牌或 .rekor.json 条目。", ar: "أضف الدفتر (ملف ‎.jsonl‎)، أو قائمة مختومة زمنيًا مع إثبات ‎.ots‎ أو رمز ‎.tsr‎ أو مدخل ‎.rekor.json‎ الخاص بها.", }
    SumJoin { en: "; ", zh: "；", ar: "؛ ", }
    SumEnd { en: "{parts}.", zh: "{parts}。", ar: "{parts}.", }

    // The Scores page (web/src/scores).
    ScoresTitle { en: "Recompute the league's scores", zh: "重新计算联赛的评分", ar: "أعد حساب درجات الدوري", }
    ScoresLede { en: "Drop the published council-forecasts.csv (or the registered predictions, or the whole downloaded folder). This page recomputes every Brier score, interval, N_eff reading and the primary endpoint with the same code as the sealbook command line, compiled to WebAssembly. Your files never leave this device.", zh: "拖入已发布的 council-forecasts.csv（或已注册的预测，或整个下载的文件夹）。本页面用与 sealbook 命令行相同、编译为 WebAssembly 的代码，重新计算每个布里尔评分、区间、有效独立声音数读数和主要终点。你的文件不会离开本设备。", ar: "أفلت ملف council-forecasts.csv المنشور (أو التوقعات المسجلة، أو المجلد المنزَّل كله). تعيد هذه الصفحة حساب كل درجة براير وكل فاصل وكل قراءة لعدد الأصوات المستقلة الفعلي والنقطة النهائية الأساسية بالشيفرة نفسها التي يستخدمها سطر أوامر sealbook، مترجمة إلى WebAssembly. لا تغادر ملفاتك هذا الجهاز.", }
    ScoresFooter { en: "Spec §4-§5 and §8 of seed 000. The stats JSON is byte for byte sealbook score --json.", zh: "种子 000 的规范第 4-5 节和第 8 节。统计 JSON 与 sealbook score --json 逐字节相同。", ar: "المواصفة، الأقسام 4-5 و8 من البذرة 000. ملف الإحصاءات JSON مطابق بايتًا ببايت لمخرجات sealbook score --json.", }
    ScoresDropRecords { en: "Drop the benchmark's records file (.jsonl) here", zh: "将基准的记录文件（.jsonl）拖到这里", ar: "أفلت ملف سجلات المعيار (‎.jsonl‎) هنا", }
    ScoresDropCsv { en: "Drop council-forecasts.csv, the book or the whole downloaded folder here", zh: "将 council-forecasts.csv、账本或整个下载的文件夹拖到这里", ar: "أفلت council-forecasts.csv أو الدفتر أو المجلد المنزَّل كله هنا", }
    ScoresHintRecords { en: "One JSON record per line in the {profile} format (sealbook schema {profile}-records prints it).", zh: "每行一条 {profile} 格式的 JSON 记录（sealbook schema {profile}-records 会打印该格式）。", ar: "سجل JSON واحد في كل سطر بصيغة {profile} (يطبعها الأمر sealbook schema {profile}-records).", }
    ScoresHintCsv { en: "The book alone is scored from its sealed lines; with the CSV, the CSV's rows are scored and checked against the book (answers sealed after the 09:30 ET reference are left out). Optionally asks.jsonl (the roster), council-clim-window.json (BSS and the primary endpoint) and registered-predictions.json (the §8.4 scorecards, which can also be dropped alone). The reader experiment's analysis is shown from council-league.json or from an exported dataset (sealbook experiment export --dataset, a .json file named experiment…), each of which can also be dropped alone.", zh: "仅有账本时，按其封印的行计分；有 CSV 时，对 CSV 的行计分并与账本核对（在美东时间 09:30 ET 参考时刻之后封印的答案不计）。可选：asks.jsonl（名册）、council-clim-window.json（BSS 和主要终点）以及 registered-predictions.json（第 8.4 节的记分卡，也可单独拖入）。读者实验的分析取自 council-league.json 或导出的数据集（sealbook experiment export --dataset，名为 experiment… 的 .json 文件），二者也都可单独拖入。", ar: "يُقيَّم الدفتر وحده من أسطره المختومة؛ ومع ملف CSV تُقيَّم صفوفه وتُقارن بالدفتر (تُستبعد الإجابات المختومة بعد مرجع 09:30 بتوقيت ET). واختياريًا asks.jsonl (قائمة المشاركين) وcouncil-clim-window.json (‏BSS والنقطة النهائية الأساسية) وregistered-predictions.json (بطاقات القسم 8.4، ويمكن إفلاتها وحدها). يُعرض تحليل تجربة القرّاء من council-league.json أو من مجموعة بيانات مُصدَّرة (sealbook experiment export --dataset، ملف ‎.json‎ اسمه يبدأ بـ experiment…)، ويمكن إفلات كل منهما وحده.", }

    // The Accounts page (web/src/accounts).
    AccountsTitle { en: "Recount the trading accounts", zh: "重新核算交易账户", ar: "أعد عدّ حسابات التداول", }
    AccountsLede { en: "Drop the league's published arena files (or its whole folder). This page replays every sealed decision against the published prices with the same engine as sealbook replay, compiled to WebAssembly, and compares every published account row, trade and benchmark. Your files never leave this device.", zh: "拖入联赛已发布的竞技场文件（或其整个文件夹）。本页面用与 sealbook replay 相同、编译为 WebAssembly 的引擎，按已发布的价格重放每一个封印的决定，并比较每一行已发布的账户记录、交易和基准。你的文件不会离开本设备。", ar: "أفلت ملفات الساحة المنشورة للدوري (أو مجلدها كله). تعيد هذه الصفحة تشغيل كل قرار مختوم مقابل الأسعار المنشورة بالمحرك نفسه الذي يستخدمه sealbook replay، مترجمًا إلى WebAssembly، وتقارن كل صف حساب وكل صفقة وكل معيار منشور. لا تغادر ملفاتك هذا الجهاز.", }
    AccountsFooter { en: "Spec §4.7-4.8, §4.11 and Appendix B steps 7-8 of seed 000. The verdict is byte for byte sealbook replay --json.", zh: "种子 000 的规范第 4.7-4.8 节、第 4.11 节及附录 B 第 7-8 步。结论与 sealbook replay --json 逐字节相同。", ar: "المواصفة، الأقسام 4.7-4.8 و4.11 والملحق B الخطوات 7-8 من البذرة 000. الحكم مطابق بايتًا ببايت لمخرجات sealbook replay --json.", }
    AccountsDrop { en: "Drop the league's arena files or its whole published folder here", zh: "将联赛的竞技场文件或其整个已发布文件夹拖到这里", ar: "أفلت ملفات الساحة للدوري أو مجلده المنشور كله هنا", }
    AccountsHint { en: "arena-protocol.json, arena-decisions.jsonl, arena-prices.jsonl, arena-trades.jsonl and arena-accounts.jsonl are replayed; arena-code.json and its arena-code-<file>.txt texts are checked against each other. Other files in a folder are left aside.", zh: "重放 arena-protocol.json、arena-decisions.jsonl、arena-prices.jsonl、arena-trades.jsonl 和 arena-accounts.jsonl；arena-code.json 与其 arena-code-<file>.txt 文本相互核对。文件夹中的其他文件不予处理。", ar: "يُعاد تشغيل arena-protocol.json وarena-decisions.jsonl وarena-prices.jsonl وarena-trades.jsonl وarena-accounts.jsonl؛ ويُقارن arena-code.json بنصوص arena-code-<file>.txt الخاصة به. تُترك الملفات الأخرى في المجلد جانبًا.", }

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
    ExpCouncilTitle { en: "The council", zh: "委员会", ar: "المجلس", }
}
