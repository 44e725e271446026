// The data dictionary's content (spec Appendix C), included by `open_data.rs`: each published
// file with its fields as (name, type, unit, meaning).

/// The columns of `council-forecasts.csv` (Table C1, the contract columns of §3.13, then
/// `entry` and `reference_price_at`).
const CSV_COLUMNS: [F; 42] = [
    ("run_id", "text", "", "the run: <session>-am for the scheduled morning run (spec §3.4)"),
    ("session", "text", "date YYYY-MM-DD (New York)", "the trading session the run asks about"),
    ("seat", "text", "", "the seat's name in the roster (league-roster.json)"),
    ("model", "text", "", "the model version the answer line sealed, as corrected (§3.10)"),
    ("mode", "text", "", "how the seat answered (api, search, ...), as sealed in the answer line"),
    ("line", "number", "line number n", "the answer line's n in council-book.jsonl; empty without one"),
    ("sealed_at", "text", "UTC RFC 3339", "the answer time: the answer line's at"),
    ("status", "text", "", "counted, not_counted, counted_50, no_answer or refused_shape (Table C1)"),
    ("asset", "text", "", "the market (Table 2)"),
    ("horizon", "text", "", "1d, 1w, 1m or 6m"),
    ("action", "text", "", "the sealed action when one of buy_strong, buy_dips, hold, trim, sell (§3.6)"),
    ("action_word", "text", "", "a sealed action word outside the five allowed, kept and not traded (§3.6)"),
    ("prob_up", "number", "percent 0-100", "the stated probability that the market ends strictly up"),
    ("exp_pct", "number", "percent", "the expected change the seat stated"),
    ("target", "number", "price", "the target level the seat stated"),
    ("invalidation", "number", "price", "the level at which the seat's view is invalid"),
    ("ref", "number", "price", "the event's reference price"),
    ("close", "number", "price", "the event's end price; empty until resolved"),
    ("actual_pct", "number", "percent", "(close - ref) / ref * 100"),
    ("draw", "bool", "", "whether the event ended in the draw band; empty where the engine does not fill it"),
    ("source_domains", "text", "list joined with ;", "the domains the seat cited"),
    ("source_urls", "text", "list joined with ;", "the addresses the seat cited"),
    ("why_missing", "text", "", "why a no_answer or refused_shape row has no stated probability"),
    ("run_role", "text", "", "session_run or earlier_run (§3.4)"),
    ("seat_versions_in_run", "number", "count", "how many model versions the seat answered with in the run (§3.10)"),
    ("line_kind", "text", "", "issue (the cell as sealed in the answer line) or correction (a cell a later correction line added)"),
    ("reference_at", "text", "UTC RFC 3339", "when the row's reference rule takes its price (the session's 09:30 ET, or the line's own sealing second)"),
    ("same_event", "bool", "", "false when the row is scored from its own reference (§3.3)"),
    ("cell_status", "text", "", "elicited, explicit_50 or invalid; empty when the seat sent no cell"),
    ("attempt", "number", "count from 1", "the answer line's place among the seat's answer lines in the run"),
    ("event_id", "text", "", "ev1- id of the event contract's first five keys (§3.13)"),
    ("event_reference_at", "text", "UTC RFC 3339", "the event contract's reference time"),
    ("event_end_at", "text", "UTC RFC 3339", "the event contract's end time"),
    ("methodology_version", "text", "", "the methodology version the run line states (§3.10)"),
    ("rule", "text", "", "the event contract's outcome rule (event-contract.schema.json)"),
    ("resolver_version", "number", "", "the event contract's resolver version"),
    ("reference_rule", "text", "", "how the reference and end prices are taken"),
    ("price_provider", "text", "", "where the prices come from"),
    ("price_symbol", "text", "", "the provider's symbol for the market"),
    ("event_id_v2", "text", "", "ev2- id of the nine-key event contract (§3.13)"),
    ("entry", "number", "price", "the entry level the seat sealed for buy_dips: where it would add (§3.6)"),
    ("reference_price_at", "text", "UTC RFC 3339", "the start of the first one-minute bar the reference rule reads: the first minute at or after reference_at (§3.3)"),
];

/// Every key a line of `council-book.jsonl` may hold (spec Appendix C "Book lines").
const BOOK_KEYS: [F; 33] = [
    ("n", "integer", "line number", "the line's position, from 1"),
    ("at", "string", "UTC RFC 3339", "when the line's content was made (an answer's answer time)"),
    ("kind", "string", "", "run, answer, score, score_h, crowd, correction, or a trading-track kind"),
    ("prev", "string", "hex SHA-256", "the previous line's link (empty on line 1)"),
    ("seal", "string", "hex SHA-256", "SHA-256 of J(content): every field except n, prev, seal, link"),
    ("link", "string", "hex SHA-256", "SHA-256 of J(every field except link)"),
    ("run_id", "string", "", "the run a run, answer or crowd line belongs to"),
    ("ask_sha256", "string", "hex SHA-256", "the ask text (asks/<sha256>.md) the run sent"),
    ("snapshot_sha256", "string", "hex SHA-256", "the price snapshot the ask showed"),
    ("roster", "array", "", "the run's seats: seat, model, family, side (league-roster.json)"),
    ("methodology", "string", "", "the methodology version of the run (spec methodology_version)"),
    ("crowd", "object", "", "run line: the crowd's prices when the ask went out (at, odds, kalshi with p_up and vol)"),
    ("clock", "string", "", "run line: set when the run's clock fixes its reference (§3.3)"),
    ("contracts", "object", "", "run line: the event contract of each market and horizon (§3.13)"),
    ("arena", "array", "", "run line: the trading-track rule versions in force"),
    ("seat", "string", "", "answer line: the seat"),
    ("model", "string", "", "answer line: the model version string the provider returned"),
    ("mode", "string", "", "answer line: how the seat answered"),
    ("items", "object", "", "answer line: items.<asset>.<horizon> with prob_up, action, exp_pct, target, invalidation, entry, sources, crowd_up"),
    ("years", "string", "", "answer line: the seat's stated experience field"),
    ("own_sha256", "string", "hex SHA-256", "answer line: the raw reply (replies/<run>/<seat>.txt)"),
    ("booked_at", "string", "UTC RFC 3339", "answer line: when the line was booked; sealed at max(at, booked_at)"),
    ("shape", "string", "", "answer line: the reply's shape when it was refused"),
    ("shape_reason", "string", "", "answer line: why the shape was refused"),
    ("decisions", "object", "", "answer line: the seat's trading decisions per account"),
    ("decisions_reason", "string", "", "answer line: why the decisions were not read"),
    ("provider_finish", "string", "", "answer line: the provider's finish reason"),
    ("finish", "string", "", "answer line: how the call ended"),
    ("finish_reason", "string", "", "answer line: the finish's detail"),
    ("horizon", "string", "", "score_h line: the horizon scored"),
    ("of", "integer", "line number", "score, score_h, correction line: the line it is about"),
    ("results", "object", "", "score lines: per asset ref, close, actual_pct, draw, contract"),
    ("rows", "object", "", "crowd line: each contract's outcome up (rows.<code>, rows.<code>@kalshi)"),
];

/// Every key a line of `asks.jsonl` may hold.
const ASKS_KEYS: [F; 21] = [
    ("n", "integer", "line number", "the line's position, from 1"),
    ("at", "string", "UTC RFC 3339", "when the line was made"),
    ("kind", "string", "", "schedule (the declaration, line 1), roster or ask"),
    ("prev", "string", "hex SHA-256", "the previous line's link"),
    ("seal", "string", "hex SHA-256", "SHA-256 of J(content)"),
    ("link", "string", "hex SHA-256", "SHA-256 of J(every field except link)"),
    ("league", "string", "", "schedule: the league's name"),
    ("methodology", "string", "", "schedule: the methodology version"),
    ("first_session", "string", "date", "schedule: the first session"),
    ("ask_at_et", "string", "HH:MM New York", "schedule: when the morning run asks"),
    ("reference_at_et", "string", "HH:MM New York", "schedule: the session's reference time"),
    ("score_at_et", "string", "HH:MM New York", "schedule: when the day is scored"),
    ("counting_rule", "string", "", "schedule: which run of a session counts (§3.4)"),
    ("stamp_every_minutes", "integer", "minutes", "schedule: the stamping cadence"),
    ("climatology_sha256", "string", "hex SHA-256", "schedule: the sealed content hash of council-clim-window.json (§4.3)"),
    ("seats", "array", "", "schedule or roster: the seats with seat, model, family, side"),
    ("run_id", "string", "", "ask: the run"),
    ("ask_sha256", "string", "hex SHA-256", "ask: the common ask text"),
    ("seat", "string", "", "ask: the seat a per-seat line is for"),
    ("text_sha256", "string", "hex SHA-256", "ask: the full text the seat received"),
    ("deadline", "string", "UTC RFC 3339", "ask: answers count until then"),
];

/// The spec's names published under another name: (spec name, published name, file, note).
const RENAMED: [(&str, &str, &str, &str); 11] = [
    ("pall", "seats.<seat>.<horizon>.brier", "council-stats.json", "the Brier score over all rows, draws included (the primary score)"),
    ("n_eff.per_run", "n_eff", "council-stats.json", "one row per run and horizon over every sealed run (run_id, session, horizon, n, rho, n_eff)"),
    ("n_eff.counted.per_run", "", "council-stats.json", "not published yet: recompute from council-forecasts.csv rows with status counted whose book sealing time is before reference_at (spec §5.1, Appendix C)"),
    ("n_eff_errors", "independence.runs[].errors", "council-stats.json", "the correlation of the seats' error indicators per run and horizon"),
    ("bss_reference", "table[].p_up_ex_draw", "council-clim-window.json", "the ex-draw base rate the league's own skill score uses; also climatology_fixed.table[].p_up_ex_draw in council-calibration.json"),
    ("sample.note", "primary_endpoint.note, consensus.<horizon>.ci95_method", "council-stats.json", "how the intervals were computed and what the sample allows"),
    ("council-league.json models", "seats", "council-stats.json", "each seat's scores per horizon"),
    ("council-league.json by_asset", "grid.<seat>.<asset>", "council-stats.json", "each seat's scores per market and horizon; the per-asset margin sums over seats"),
    ("council-league.json by_horizon", "seats.<seat>.<horizon>, consensus.<horizon>", "council-stats.json", "the per-horizon margin"),
    ("council-league.json crowd", "crowd", "council-stats.json", "the crowd's questions, the models' and the crowd's probabilities and Brier scores"),
    ("climatology_fixed", "climatology_fixed", "council-calibration.json", "published under the spec's name; the sealed table itself is council-clim-window.json"),
];

/// Files the spec names that the league does not publish: (file, why).
const NOT_PUBLISHED: [(&str, &str); 4] = [
    ("index page with update frequencies", "the manifest (manifest.json) lists every file with its size and SHA-256; the update times follow the schedule in asks.jsonl line 1"),
    ("resolve.py, Set B scripts, shadow weights", "the registered scripts are filed with the OSF registration, not produced by the league engine"),
    ("retrieval time of each file", "recorded by whoever retrieves the files (the analysis release's manifest); manifest.json states the generation time, generated_at"),
    ("Zenodo analysis release", "an archive deposit the operator makes of the published files; the engine publishes the files and their manifest"),
];

const MANIFEST_FIELDS: [F; 6] = [
    ("format", "string", "", "sealbook-manifest-1"),
    ("league", "string", "", "the league's name"),
    ("methodology_version", "string", "", "the methodology version the league's runs state"),
    ("generator", "string", "", "the program and version that wrote the manifest"),
    ("generated_at", "string", "UTC RFC 3339", "when the files were generated: the latest at or booked_at of any ledger line"),
    ("files", "array", "", "every published file but the manifest, sorted by path"),
];
const MANIFEST_FILE_FIELDS: [F; 3] = [
    ("path", "string", "", "relative to the league directory, /-separated"),
    ("bytes", "integer", "bytes", "the file's size"),
    ("sha256", "string", "hex SHA-256", "the file's SHA-256"),
];

const CALIBRATION_FIELDS: [F; 7] = [
    ("table", "array", "", "the sealed rows: asset, h, p_up (share strictly up, every event), p_up_ex_draw (draws left out), n, n_independent, window, rule"),
    ("window", "string", "dates", "the window the rates are counted over"),
    ("rule", "string", "", "how the events are counted"),
    ("sha256", "string", "hex SHA-256", "the table's content hash (spec §4.3)"),
    ("sealed_sha256", "string", "hex SHA-256", "the climatology_sha256 the declaration sealed; null when none"),
    ("sha256_ok", "boolean", "", "the content hashes to the hash the table states and to the sealed one"),
    ("file", "string", "", "the sealed table's file"),
];

const ROSTER_SEAT_FIELDS: [F; 8] = [
    ("seat", "string", "", "the seat's name"),
    ("model", "string", "", "the model the roster names; null when it names none"),
    ("family", "string", "", "the lab the model comes from (consensus weights, §5.3)"),
    ("side", "string", "", "US or China (§5.8); null when the roster gives none"),
    ("baseline", "boolean", "", "a benchmark seat (coin, climatology, momentum), not a member of the council"),
    ("provider", "string", "", "null: the provider is the operator's configuration and is not sealed"),
    ("versions", "array", "", "the model version strings the seat's answer lines sealed, sorted"),
    ("modes", "array", "", "the modes the seat's answer lines sealed, sorted"),
];

const INDEX_RUN_FIELDS: [F; 8] = [
    ("run_id", "string", "", "the run"),
    ("session", "string", "date", "its session"),
    ("run_role", "string", "", "session_run or earlier_run"),
    ("methodology_version", "string", "", "the methodology version of its rows"),
    ("rows", "integer", "count", "its rows in the forecasts file"),
    ("seats", "integer", "count", "the seats with a row"),
    ("status", "object", "count per status", "its rows by status"),
    ("slices", "array", "", "runs of consecutive records: first_row (the header is row 1), rows, offset and length in bytes"),
];

const DIGEST_MARKET_FIELDS: [F; 8] = [
    ("asset", "string", "", "the market (Table 2)"),
    ("name", "string", "", "its plain name"),
    ("latest_run", "string", "", "the latest run with a stated probability on it; null when none"),
    ("latest_session", "string", "date", "that run's session"),
    ("ref", "number", "price", "that run's reference price"),
    ("horizons", "object", "", "per horizon: forecasts (counted model rows with a stated probability, baselines left out) and mean_prob_up (their plain mean, percent; not the weighted consensus, which council-stats.json holds)"),
    ("events_resolved", "integer", "count", "distinct event_id resolved in the forecasts file"),
    ("events_up", "integer", "count", "of those, the events that ended strictly up"),
];

/// Every file a league publishes, in the dictionary's order.
fn dictionary_files() -> Vec<Value> {
    let top = |fields: &[(&'static str, &'static str, &'static str)]| -> Vec<Value> {
        fields
            .iter()
            .map(|(n, t, m)| field_value((*n, *t, "", *m), &[]))
            .collect()
    };
    let none = Vec::new;
    vec![
        file_value(FORECASTS_FILE_NAME, "csv", "one row per seat, run, market and horizon (spec Table C1)", plain(&CSV_COLUMNS)),
        file_value(crate::league::layout::BOOK_FILE, "jsonl", "the sealed book: one hash-chained line a record (spec §3.2, Appendix C)", plain(&BOOK_KEYS)),
        file_value(crate::league::layout::ASKS_FILE, "jsonl", "the outgoing ask chain: the schedule declaration, the roster, the ask hashes (spec §3.4, §3.9)", plain(&ASKS_KEYS)),
        file_value("asks/*.md", "text", "an ask text, named by its SHA-256", none()),
        file_value("replies/*.txt", "text", "a seat's raw reply, published after its session closed (the answer line's own_sha256)", none()),
        file_value("proof/*Z.txt", "text", "a stamped list: each ledger's line count, prefix SHA-256 and last link", none()),
        file_value("proof/*Z.txt.ots", "binary", "the list's OpenTimestamps proof", none()),
        file_value("proof/*Z.txt.*.tsr", "binary", "the list's RFC 3161 time-stamp response from the named authority", none()),
        file_value("proof/*Z.txt.rekor.json", "json", "the list's Rekor log entry", none()),
        file_value("proof/*Z.txt.sigstore.json", "json", "the list's Sigstore bundle", none()),
        file_value("proof/*Z.txt.anchors.json", "json", "the anchors the list was sent to and how each answered", top(&[
            ("format", "string", "sealbook-anchors/1"),
            ("list", "string", "the stamped list's path"),
            ("sha256", "string", "the list's SHA-256"),
            ("anchors", "array", "each anchor: kind, authority, url, ok and its detail"),
        ])),
        file_value("proof/*/index.html", "text", "the day's proof page for people", none()),
        file_value("proof/*.pem", "text", "a time-stamp authority's certificate", none()),
        file_value("tsa/*.pem", "text", "an authority's certificate or root a reader may choose", none()),
        file_value(crate::league::layout::CLIM_FILE, "json", "the sealed climatology table (spec §4.3)", top(&[
            ("table", "array", "rows: asset, h, p_up, p_up_ex_draw, n, n_independent, window, rule"),
            ("window", "string", "the counting window"),
            ("rule", "string", "how the events are counted"),
            ("no_events", "array", "market/horizon pairs without an event"),
            ("sources", "object", "each market's price files with their SHA-256"),
            ("sha256", "string", "the content hash: json.dumps(sort_keys=True) of the object without sha256"),
        ])),
        file_value(CALIBRATION_FILE, "json", "the fixed climatology as the league reads it (spec §4.3, Appendix C)", vec![
            field_value(("climatology_fixed", "object", "", "the sealed table, its content hash and whether it holds"), &CALIBRATION_FIELDS),
            field_value(("method", "object", "", "how comparisons are made"), &[("crowd_window", "string", "", "how the crowd's question is chosen for a market (§4.9)")]),
        ]),
        file_value(ROSTER_FILE, "json", "the league's seats (spec Table 8)", vec![
            field_value(("league", "string", "", "the league's name"), &[]),
            field_value(("methodology_version", "string", "", "the methodology version"), &[]),
            field_value(("source", "string", "", "where the roster was read (asks.jsonl lines)"), &[]),
            field_value(("seats", "array", "", "each seat in roster order"), &ROSTER_SEAT_FIELDS),
        ]),
        file_value(FORECASTS_INDEX_FILE, "json", "per-run slices of council-forecasts.csv", vec![
            field_value(("file", "string", "", "the indexed file"), &[]),
            field_value(("bytes", "integer", "bytes", "its size"), &[]),
            field_value(("sha256", "string", "hex SHA-256", "its SHA-256"), &[]),
            field_value(("header_bytes", "integer", "bytes", "the header record's length"), &[]),
            field_value(("runs", "array", "", "each run in file order"), &INDEX_RUN_FIELDS),
        ]),
        file_value(DIGEST_FILE, "json", "a small summary to start from (under 30 KB)", vec![
            field_value(("league", "string", "", "the league's name"), &[]),
            field_value(("methodology_version", "string", "", "the methodology version"), &[]),
            field_value(("runs", "integer", "count", "runs in the forecasts file"), &[]),
            field_value(("rows", "integer", "count", "rows in the forecasts file"), &[]),
            field_value(("markets", "array", "", "each market of Table 2"), &DIGEST_MARKET_FIELDS),
        ]),
        file_value(DATASET_FILE, "json", "this data dictionary", top(&[
            ("format", "string", "sealbook-dataset-1"),
            ("files", "array", "each published file: path (* stands for one or more characters), format, meaning, fields (name, type, unit, meaning, fields)"),
            ("renamed", "array", "the spec's names published under another: spec, published, file, note"),
            ("not_published", "array", "the files the spec names that the league does not publish: file, why"),
        ])),
        file_value(crate::league::layout::STATS_FILE, "json", "the stats document (spec §5, Appendix C), as sealbook score --json prints it", top(&[
            ("seats", "object", "per seat and horizon: brier (all rows, spec pall), brier_ex_draw, dropped_draws, n, sessions, coverage, service, explicit_50, counted_50, unstated, no_answer, bss_coin"),
            ("grid", "object", "per seat, market and horizon: the same scores"),
            ("consensus", "object", "per horizon: the consensus' brier, dispersion, members, n, sessions, interval, ci95, ci95_method, clim_brier, bss_clim, n_clim, momentum_brier, momentum_n, all_wrong, minority_right, calibration"),
            ("n_eff", "array", "per run and horizon: n, pairs, rho and N_eff = n / (1 + (n - 1) rho) (spec n_eff.per_run)"),
            ("n_eff_mean_rho", "object", "per horizon: N_eff at the mean rho"),
            ("independence", "object", "roster, groups, climatology, runs (pearson, errors, spectrum, sides, spread), shadow weights, funnel"),
            ("primary_endpoint", "object", "the primary endpoint (spec §8): estimate, sessions, ci95, ci90, verdict, confirmed_below_margin, config, note, gains"),
            ("time_basis", "string", "book_sealed_at: a line is sealed at max(at, booked_at)"),
            ("climatology_sha256_ok", "boolean", "the climatology table's content hash holds"),
            ("climatology_seal", "object", "the table held to the declaration's climatology_sha256"),
            ("rows", "integer", "rows scored"),
            ("rows_from", "string", "the file the rows were read from"),
            ("excluded_after_reference", "integer", "rows left out because sealed after their reference"),
            ("crowd", "object", "the crowd comparison (spec council-league.json crowd): questions, unresolved, seats, overall, kalshi_mismatches, volume_floor_usd"),
            ("book_agreement", "object", "the forecasts file checked against the book"),
        ])),
        file_value(crate::league::league_file::LEAGUE_FILE, "json", "the league file (spec Appendix C)", top(&[
            ("league", "string", "the league's name"),
            ("methodology_version", "string", "the methodology version"),
            ("generated_from", "object", "book_lines: the book's lines it was made from"),
            ("accounts", "object", "the trading tracks' accounts summary (spec §4.11)"),
            ("experiment", "object", "the reader experiment's analysis (spec §6.2): label, identifiers, g0, g1, ..."),
        ])),
        file_value(crate::league::layout::CONTRACT_SCHEMA_FILE, "json", "the event contract's JSON Schema (spec §3.13)", top(&[
            ("$schema", "string", "JSON Schema draft"),
            ("$id", "string", "the schema's id"),
            ("title", "string", "its title"),
            ("description", "string", "what it describes"),
            ("type", "string", "object"),
            ("required", "array", "required keys"),
            ("additionalProperties", "boolean", "false"),
            ("properties", "object", "each key of the contract"),
        ])),
        file_value(crate::league::layout::ANSWER_SCHEMA_FILE, "json", "the answer's JSON Schema (spec §3.1)", top(&[
            ("$schema", "string", "JSON Schema draft"),
            ("$id", "string", "the schema's id"),
            ("title", "string", "its title"),
            ("description", "string", "what it describes"),
            ("type", "string", "object"),
            ("required", "array", "required keys"),
            ("properties", "object", "each key of the answer"),
        ])),
        file_value(crate::league::manifest::MANIFEST_FILE, "json", "every published file with its size and SHA-256 (spec Appendix C)", vec![
            field_value(MANIFEST_FIELDS[0], &[]),
            field_value(MANIFEST_FIELDS[1], &[]),
            field_value(MANIFEST_FIELDS[2], &[]),
            field_value(MANIFEST_FIELDS[3], &[]),
            field_value(MANIFEST_FIELDS[4], &[]),
            field_value(MANIFEST_FIELDS[5], &MANIFEST_FILE_FIELDS),
        ]),
        file_value(crate::league::layout::DEMO_NOTICE_FILE, "text", "a DEMO league's notice: everything in it is invented", none()),
        file_value("arena-protocol.json", "json", "the trading tracks' rules (Appendix A)", top(&[
            ("protocol", "string", "sealbook-arena"),
            ("rounding", "string", "how money is rounded"),
            ("versions", "array", "each rule version: version, track, from, starting cash and rules"),
        ])),
        file_value("arena-code.json", "json", "the engine's code files (Appendix B step 8)", vec![
            field_value(("files", "array", "", "each code file"), &[
                ("file", "string", "", "its path in the source tree"),
                ("sha256", "string", "hex SHA-256", "its SHA-256"),
                ("bytes", "integer", "bytes", "its size"),
            ]),
        ]),
        file_value("arena-code-*.txt", "text", "one code file's text, named by its path", none()),
        file_value("arena-decisions.jsonl", "jsonl", "each seat's trading decision per account and session (from the sealed answer lines)", top(&[
            ("version", "string", "the rule version"),
            ("account", "string", "the account (seat)"),
            ("decision", "string|object", "the decision: an action word, or weights per symbol in percent"),
            ("sealed_at", "string", "when the answer line was sealed"),
        ])),
        file_value("arena-prices.jsonl", "jsonl", "the recorded prices the trading tracks run on", top(&[
            ("kind", "string", "bar, close, market, rate or resolution"),
            ("session", "string", "the session"),
            ("at", "string", "the price's time"),
            ("symbol", "string", "the instrument"),
            ("price", "string", "the price, as exact decimal text"),
            ("volume", "string", "the volume, as exact decimal text"),
            ("rate", "string", "the interest rate in percent, as exact decimal text"),
            ("category", "string", "a prediction market's category"),
            ("closes_at", "string", "when a prediction market closes"),
            ("outcome", "string", "a resolved market's outcome"),
            ("outcomes", "array", "a market's outcomes"),
        ])),
        file_value("arena-trades.jsonl", "jsonl", "the trades the engine made", top(&[
            ("version", "string", "the rule version"),
            ("account", "string", "the account"),
            ("session", "string", "the session"),
            ("at", "string", "the trade's time"),
            ("symbol", "string", "the instrument"),
            ("qty", "string", "the quantity, as exact decimal text"),
            ("price", "string", "the price, as exact decimal text"),
            ("value", "number", "qty times price"),
            ("cost", "number", "the trade's cost"),
        ])),
        file_value("arena-accounts.jsonl", "jsonl", "each account's state after each session", top(&[
            ("version", "string", "the rule version"),
            ("account", "string", "the account"),
            ("session", "string", "the session"),
            ("status", "string", "the account's state"),
            ("reason", "string", "why, when not trading"),
            ("cash", "number", "cash"),
            ("equity", "number", "equity"),
            ("positions", "object", "holdings by symbol"),
            ("interest", "number", "interest earned"),
            ("costs", "number", "the session's costs"),
            ("costs_total", "number", "costs to date"),
            ("turnover", "number", "turnover"),
            ("shadow_equity", "number", "the shadow track's equity"),
            ("return", "number", "return to date"),
            ("drawdown", "number", "drawdown"),
            ("sharpe", "number", "Sharpe ratio; null until defined"),
            ("sortino", "number", "Sortino ratio; null until defined"),
        ])),
    ]
}

/// The forecasts file's name, as the layout names it.
const FORECASTS_FILE_NAME: &str = crate::league::layout::FORECASTS_FILE;
