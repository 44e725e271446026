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
    ("resolver_version", "text", "", "the event contract's resolver version, as the run line seals it (a string: the identifiers hash it as text)"),
    ("reference_rule", "text", "", "how the reference and end prices are taken"),
    ("price_provider", "text", "", "where the prices come from"),
    ("price_symbol", "text", "", "the provider's symbol for the market"),
    ("event_id_v2", "text", "", "ev2- id of the nine-key event contract (§3.13)"),
    ("entry", "number", "price", "the entry level the seat sealed for buy_dips: where it would add (§3.6)"),
    ("reference_price_at", "text", "UTC RFC 3339", "the start of the first one-minute bar the reference rule reads: the first minute at or after reference_at (§3.3)"),
];

/// Every key a line of `council-book.jsonl` may hold (spec Appendix C "Book lines").
const BOOK_KEYS: [F; 35] = [
    ("n", "integer", "line number", "the line's position, from 1"),
    ("at", "string", "UTC RFC 3339", "when the line's content was made (an answer's answer time)"),
    ("kind", "string", "", "run, answer, score, score_h, crowd, correction, or a trading-track kind"),
    ("prev", "string", "hex SHA-256", "the previous line's link (empty on line 1)"),
    ("seal", "string", "hex SHA-256", "SHA-256 of J(content): every field except n, prev, seal, link"),
    ("link", "string", "hex SHA-256", "SHA-256 of J(every field except link)"),
    ("run_id", "string", "", "the run a run, answer or crowd line belongs to"),
    ("ask_sha256", "string", "hex SHA-256", "the ask text (asks/<sha256>.md) the run sent"),
    ("snapshot_sha256", "string", "hex SHA-256", "the price snapshot the ask showed"),
    ("roster", "array", "", "the run's seats: seat, model, family, side, provider (league-roster.json)"),
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
    ("noise", "object", "percent", "first score line of a run: per asset the draw band sealed with the reference, 0.1 x mean |1-minute return| x sqrt(390) over the 4 prior sessions (spec §3.5)"),
    ("noise_missing", "object", "", "first score line of a run: per asset why no band was sealed (the sessions the provider's bars do not cover, or its error)"),
    ("rows", "object", "", "crowd line: each contract's outcome up (rows.<code>, rows.<code>@kalshi)"),
];

/// Every key a line of `asks.jsonl` may hold.
const ASKS_KEYS: [F; 22] = [
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
    ("other_runs_et", "array", "HH:MM New York", "schedule: the session's other runs (§3.4), each not counted: run id <session>-<HHMM>, asked on the session day before the reference, or at or after the 16:00 close the day before (an evening run)"),
    ("counting_rule", "string", "", "schedule: which run of a session counts (§3.4)"),
    ("stamp_every_minutes", "integer", "minutes", "schedule: the stamping cadence"),
    ("climatology_sha256", "string", "hex SHA-256", "schedule: the sealed content hash of council-clim-window.json (§4.3)"),
    ("seats", "array", "", "schedule or roster: the seats with seat, model, family, side, provider"),
    ("run_id", "string", "", "ask: the run"),
    ("ask_sha256", "string", "hex SHA-256", "ask: the common ask text"),
    ("seat", "string", "", "ask: the seat a per-seat line is for"),
    ("text_sha256", "string", "hex SHA-256", "ask: the full text the seat received"),
    ("deadline", "string", "UTC RFC 3339", "ask: answers count until then"),
];

/// The spec's names published under another name: (spec name, published name, file, note).
const RENAMED: [(&str, &str, &str, &str); 12] = [
    ("pall", "seats.<seat>.<horizon>.brier", "council-stats.json", "the Brier score over all rows, draws included (the primary score)"),
    ("n_eff.per_run", "n_eff_all_runs", "council-stats.json", "one row per run and horizon over every sealed run, counted or not, late answers included (run_id, session, horizon, n, rho, n_eff)"),
    ("n_eff.counted.per_run", "n_eff", "council-stats.json", "one row per run and horizon over the counted series: counted runs, the common event, answers sealed before the reference, each seat's latest answer line (spec §5.1)"),
    ("power_brier", "comparisons[].power", "council-stats.json", "per confirmatory comparison: sigma_G, the sessions needed to detect 0.01 and the effect detectable at the sessions held (spec §4.6)"),
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
    ("retrieval time of each file", "recorded by whoever retrieves the files, not by the league: sealbook fetch writes retrieval.json beside the manifest it stores (each file's path, size, SHA-256 and retrieved_at, the manifest's address and its generated_at: the analysis release's manifest); manifest.json states the generation time, generated_at"),
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

/// The key placeholders the dictionary's field names use: (name, what its keys are).
const KEYS: [(&str, &str); 11] = [
    ("<line>", "every key of the map is a book line's n, as decimal digits"),
    ("<seat>", "every key of the map is a seat's name (league-roster.json seats[].seat)"),
    ("<asset>", "every key of the map is a market code of Table 2 (SPX, NDX, DJI, SOX, TNX, DXY, VIX, GOLD, WTI, BRENT, COPPER, BTC)"),
    ("<horizon>", "every key of the map is a horizon: 1d, 1w, 1m or 6m"),
    ("<account>", "every key of the map is a trading track's rule version the decision is for (arena-protocol.json versions[].version)"),
    ("<symbol>", "every key of the map is a fund's symbol on a trading track (arena-prices.jsonl symbol)"),
    ("<status>", "every key of the map is a row status of council-forecasts.csv (counted, not_counted, counted_50, no_answer, refused_shape)"),
    ("<code>", "every key of the map is a crowd contract's code: the market code (Polymarket), or the market code and @kalshi (Kalshi)"),
    ("<session_status>", "every key of the map is a trading session's status: traded, hold, rejected, missed or none"),
    ("<benchmark>", "every key of the map is a benchmark account's name (arena-protocol.json versions[].benchmarks[].name, starting with _)"),
    ("<version>", "every key of the map is a methodology_version of council-forecasts.csv"),
];

const ANCHOR: &[N] = &[
    n(("kind", "string", "", "ots (an OpenTimestamps calendar), tsa (an RFC 3161 authority) or rekor (a Rekor log)"), &[]),
    n(("authority", "string", "", "the calendar's URL, the authority's name, or the log's URL"), &[]),
    n(("url", "string", "URL", "the URL asked"), &[]),
    n(("ok", "boolean", "", "whether the anchor answered with a proof"), &[]),
    n(("file", "string", "path", "the file written, relative to the list's folder; null when it failed"), &[]),
    n(("error", "string", "", "why it failed; null when it succeeded"), &[]),
    n(("attempts", "integer", "count", "requests made on the last try (1 + the retries used)"), &[]),
    n(("at", "string", "UTC RFC 3339", "when it was last tried"), &[]),
    opt(("retries", "integer", "count", "how many times the upgrades asked it again since the stamp"), "written only once an upgrade asked again (absent: none)", &[]),
    opt(("gave_up", "string", "", "when and why the upgrades stopped asking a failed anchor"), "written only for a failed anchor given up a week after its list", &[]),
];

const ANCHORS: &[N] = &[
    n(("format", "string", "", "sealbook-anchors/1"), &[]),
    n(("list", "string", "path", "the stamped list's path"), &[]),
    n(("sha256", "string", "hex SHA-256", "the list's SHA-256"), &[]),
    n(("anchors", "array", "", "each authority asked for the list (spec §3.2)"), ANCHOR),
];

const CLIM_ROW: &[N] = &[
    n(("asset", "string", "", "the market (Table 2)"), &[]),
    n(("h", "string", "", "the horizon: 1d, 1w, 1m or 6m"), &[]),
    n(("p_up", "number", "share 0-1", "the share of the window's events that ended strictly up, draws included"), &[]),
    n(("p_up_ex_draw", "number", "share 0-1", "the same share with the draw-band events left out (spec bss_reference)"), &[]),
    n(("n", "integer", "count", "the events counted"), &[]),
    n(("n_independent", "integer", "count", "the events counted that do not overlap (one per horizon length)"), &[]),
    n(("window", "string", "dates", "the window the rate is counted over"), &[]),
    n(("rule", "string", "", "how the events are counted"), &[]),
];

const CLIM_SOURCE: &[N] = &[
    n(("file", "string", "", "a price file the rates were counted from"), &[]),
    n(("sha256", "string", "hex SHA-256", "its SHA-256"), &[]),
];

const CLIM: &[N] = &[
    n(("table", "array", "", "one row per market and horizon"), CLIM_ROW),
    n(("window", "string", "dates", "the counting window"), &[]),
    n(("rule", "string", "", "how the events are counted"), &[]),
    n(("no_events", "array", "", "market/horizon pairs without an event in the window"), &[]),
    n(("sources", "object", "", "each market's price files"), &[n(("<asset>", "array", "", "the market's price files with their SHA-256"), CLIM_SOURCE)]),
    n(("sha256", "string", "hex SHA-256", "the content hash: SHA-256 of json.dumps(sort_keys=True) of the object without sha256 (spec §4.3)"), &[]),
];

const CALIBRATION: &[N] = &[
    n(("climatology_fixed", "object", "", "the sealed table, its content hash and whether it holds"), &[
        n(("table", "array", "", "the sealed rows, as council-clim-window.json holds them"), CLIM_ROW),
        n(("window", "string", "dates", "the window the rates are counted over"), &[]),
        n(("rule", "string", "", "how the events are counted"), &[]),
        n(("sha256", "string", "hex SHA-256", "the table's content hash (spec §4.3)"), &[]),
        n(("sealed_sha256", "string", "hex SHA-256", "the climatology_sha256 the declaration sealed; null when none"), &[]),
        n(("sha256_ok", "boolean", "", "the content hashes to the hash the table states and to the sealed one"), &[]),
        n(("file", "string", "", "the sealed table's file"), &[]),
    ]),
    n(("method", "object", "", "how comparisons are made"), &[n(("crowd_window", "string", "", "how the crowd's question is chosen for a market (§4.9)"), &[])]),
];

const ROSTER: &[N] = &[
    n(("league", "string", "", "the league's name"), &[]),
    n(("methodology_version", "string", "", "the methodology version"), &[]),
    n(("source", "string", "", "where the roster was read (asks.jsonl lines)"), &[]),
    n(("seats", "array", "", "each seat in roster order"), &[
        n(("seat", "string", "", "the seat's name"), &[]),
        n(("model", "string", "", "the model the roster names; null when it names none"), &[]),
        n(("family", "string", "", "the lab the model comes from (consensus weights, §5.3)"), &[]),
        n(("side", "string", "", "US or China (§5.8); null when the roster gives none"), &[]),
        n(("baseline", "boolean", "", "a benchmark seat (coin, climatology, momentum), not a member of the council"), &[]),
        n(("provider", "string", "", "the provider the seat is called through, a short public name the operator declared (league.toml [[seat]] provider) and the roster line sealed (§3.10, Table 8); null when the operator did not declare one"), &[]),
        n(("versions", "array", "", "the model version strings the seat's answer lines sealed, sorted"), &[]),
        n(("modes", "array", "", "the modes the seat's answer lines sealed, sorted"), &[]),
    ]),
];

const INDEX: &[N] = &[
    n(("file", "string", "", "the indexed file"), &[]),
    n(("bytes", "integer", "bytes", "its size"), &[]),
    n(("sha256", "string", "hex SHA-256", "its SHA-256"), &[]),
    n(("header_bytes", "integer", "bytes", "the header record's length"), &[]),
    n(("runs", "array", "", "each run in file order"), &[
        n(("run_id", "string", "", "the run"), &[]),
        n(("session", "string", "date", "its session"), &[]),
        n(("run_role", "string", "", "session_run or earlier_run"), &[]),
        n(("methodology_version", "string", "", "the methodology version of its rows"), &[]),
        n(("rows", "integer", "count", "its rows in the forecasts file"), &[]),
        n(("seats", "integer", "count", "the seats with a row"), &[]),
        n(("status", "object", "", "its rows by status"), &[n(("<status>", "integer", "count", "the run's rows with that status"), &[])]),
        n(("slices", "array", "", "runs of consecutive records of the run"), &[
            n(("first_row", "integer", "record number", "the slice's first record (the header is row 1)"), &[]),
            n(("rows", "integer", "count", "the records in the slice"), &[]),
            n(("offset", "integer", "bytes", "where the slice starts in the file (an HTTP Range request's first byte)"), &[]),
            n(("length", "integer", "bytes", "the slice's length"), &[]),
        ]),
    ]),
];

const DIGEST: &[N] = &[
    n(("league", "string", "", "the league's name"), &[]),
    n(("methodology_version", "string", "", "the methodology version"), &[]),
    n(("runs", "integer", "count", "runs in the forecasts file"), &[]),
    n(("rows", "integer", "count", "rows in the forecasts file"), &[]),
    n(("markets", "array", "", "each market of Table 2"), &[
        n(("asset", "string", "", "the market (Table 2)"), &[]),
        n(("name", "string", "", "its plain name"), &[]),
        n(("latest_run", "string", "", "the latest run with a stated probability on it; null when none"), &[]),
        n(("latest_session", "string", "date", "that run's session"), &[]),
        n(("ref", "number", "price", "that run's reference price"), &[]),
        n(("horizons", "object", "", "that run's counted model rows per horizon"), &[n(("<horizon>", "object", "", "the horizon's rows"), &[
            n(("forecasts", "integer", "count", "counted model rows with a stated probability, baselines left out"), &[]),
            n(("mean_prob_up", "number", "percent 0-100", "their plain mean; not the weighted consensus, which council-stats.json holds"), &[]),
        ])]),
        n(("events_resolved", "integer", "count", "distinct event_id resolved in the forecasts file"), &[]),
        n(("events_up", "integer", "count", "of those, the events that ended strictly up"), &[]),
    ]),
];

const MANIFEST: &[N] = &[
    n(MANIFEST_FIELDS[0], &[]),
    n(MANIFEST_FIELDS[1], &[]),
    n(MANIFEST_FIELDS[2], &[]),
    n(MANIFEST_FIELDS[3], &[]),
    n(MANIFEST_FIELDS[4], &[]),
    n(MANIFEST_FIELDS[5], &[
        n(MANIFEST_FILE_FIELDS[0], &[]),
        n(MANIFEST_FILE_FIELDS[1], &[]),
        n(MANIFEST_FILE_FIELDS[2], &[]),
    ]),
];

/// `retrieval.json`, the retriever's record (`core::league::retrieval`; spec Appendix C, the
/// analysis release's manifest).
const RETRIEVAL: &[N] = &[
    n(("format", "string", "", "sealbook-retrieval-1"), &[]),
    n(("manifest_url", "string", "URL", "the manifest's address the files were retrieved from"), &[]),
    n(("manifest_sha256", "string", "hex SHA-256", "the SHA-256 of the manifest as retrieved (the stored manifest.json)"), &[]),
    n(("league", "string", "", "the league's name, as the manifest states it"), &[]),
    n(("generated_at", "string", "UTC RFC 3339", "the manifest's declared generation time; null when it states none"), &[]),
    n(("manifest_retrieved_at", "string", "UTC RFC 3339", "when the manifest was retrieved"), &[]),
    n(("files", "array", "", "each listed file in the directory as listed, sorted by path"), &[
        n(("path", "string", "", "relative to the directory, /-separated"), &[]),
        n(("bytes", "integer", "bytes", "the file's size"), &[]),
        n(("sha256", "string", "hex SHA-256", "the file's SHA-256"), &[]),
        n(("retrieved_at", "string", "UTC RFC 3339", "when it was retrieved (a file kept on a resumed retrieval keeps its first time)"), &[]),
    ]),
];

const ROSTER_ENTRY: &[N] = &[
    n(("seat", "string", "", "the seat's name"), &[]),
    n(("model", "string", "", "the model the roster names"), &[]),
    n(("family", "string", "", "the lab the model comes from"), &[]),
    opt(("side", "string", "", "US or China (§5.8)"), "a roster may give no side", &[]),
    opt(("provider", "string", "", "the provider the seat is called through, a short public name the operator declared (league.toml [[seat]] provider; §3.10, Table 8)"), "absent when the operator did not declare one, and in lines written before seats declared providers", &[]),
];

const CONTRACT: &[N] = &[
    n(("asset", "string", "", "the market; the key it is under"), &[]),
    n(("horizon", "string", "", "the horizon; the key it is under"), &[]),
    n(("reference_at", "string", "UTC RFC 3339", "the event's reference time"), &[]),
    n(("end_at", "string", "UTC RFC 3339", "the event's end time"), &[]),
    n(("rule", "string", "", "the outcome rule (event-contract.schema.json)"), &[]),
    n(("resolver_version", "string", "", "the resolver's version"), &[]),
    n(("reference_rule", "string", "", "how the reference and end prices are taken"), &[]),
    n(("price_provider", "string", "", "where the prices come from"), &[]),
    n(("price_symbol", "string", "", "the provider's symbol for the market"), &[]),
];

const STRIKE: &[N] = &[
    n(("strike", "number", "price", "the strike level"), &[]),
    n(("p_above", "number", "price 0-1 (dollars)", "the price of the contract above the level"), &[]),
];

const QUOTE: &[N] = &[
    n(("p_up", "number", "price 0-1 (dollars)", "the price of up when the ask went out"), &[]),
    n(("vol", "number", "US dollars", "the sealed volume"), &[]),
    n(("bid", "number", "price 0-1", "the best bid"), &[]),
    n(("ask", "number", "price 0-1", "the best ask"), &[]),
    opt(("last_trade_at", "string", "UTC RFC 3339", "the last trade's time"), "the crowd feeds the engine reads do not state it", &[]),
    opt(("lo", "object", "", "Kalshi: the strike at or below the previous close"), "Kalshi quotes only", STRIKE),
    opt(("hi", "object", "", "Kalshi: the strike at or above the previous close"), "Kalshi quotes only", STRIKE),
    opt(("prev_close", "number", "price", "Kalshi: the previous close the strikes are read around"), "Kalshi quotes only", &[]),
];

const CELL: &[N] = &[
    n(("prob_up", "number", "percent 0-100", "the probability that the market ends the horizon strictly above its reference price (§3.5)"), &[]),
    n(("action", "string", "", "one of buy_strong, buy_dips, hold, trim, sell (§3.6); another word is kept, scored, not traded"), &[]),
    n(("entry", "number", "price", "buy_dips: the level below the reference at which to buy (§3.6)"), &[]),
    n(("target", "number", "price", "the expected price level at the horizon (§3.8)"), &[]),
    n(("invalidation", "number", "price", "the level at which the view is wrong (§3.8)"), &[]),
    n(("exp_pct", "number", "percent", "the expected change"), &[]),
    n(("risk", "string", "", "the main risk to the view (§3.8)"), &[]),
    n(("revise_if", "string", "", "what would make the seat revise (§3.8)"), &[]),
    n(("crowd_up", "number", "percent 0-100", "1d only: the probability that the market's daily up-or-down contract resolves up (§4.9)"), &[]),
];

const DECISION: &[N] = &[
    opt(("weights", "object", "", "a portfolio track's target weights"), "a bets track's decision holds bets instead", &[n(("<symbol>", "number", "percent of equity", "the fund's target weight; a fund not named is sold to 0"), &[])]),
    opt(("bets", "object", "", "a bets track's bets, one per eligible market"), "only on a bets track (seeds 001/003)", &[n(("<asset>", "object", "", "the bet on the market's question"), &[
        n(("outcome", "string", "", "the outcome's label bet on"), &[]),
        opt(("cap", "number", "price 0-1", "the agent's own price limit"), "a bet may state no limit", &[]),
    ])]),
];

const RESULT: &[N] = &[
    n(("ref", "number", "price", "the reference price"), &[]),
    n(("close", "number", "price", "the end price"), &[]),
    opt(("actual_pct", "number", "percent", "(close - ref) / ref * 100"), "the engine leaves it to the reader: 100 (close - ref) / ref", &[]),
    n(("up", "boolean", "", "whether the market ended strictly up (actual_pct > 0)"), &[]),
    n(("draw", "boolean", "", "whether the change was within the draw band (noise)"), &[]),
    opt(("contract", "object", "", "the event contract scored (§3.13)"), "the engine seals the contracts in the run line", CONTRACT),
];

const BOOK: &[N] = &[
    n(BOOK_KEYS[0], &[]), n(BOOK_KEYS[1], &[]), n(BOOK_KEYS[2], &[]), n(BOOK_KEYS[3], &[]),
    n(BOOK_KEYS[4], &[]), n(BOOK_KEYS[5], &[]), n(BOOK_KEYS[6], &[]), n(BOOK_KEYS[7], &[]),
    n(BOOK_KEYS[8], &[]),
    n(BOOK_KEYS[9], ROSTER_ENTRY),
    n(BOOK_KEYS[10], &[]),
    n(BOOK_KEYS[11], &[
        n(("at", "string", "UTC RFC 3339", "when the prices were recorded"), &[]),
        n(("odds", "object", "", "the Polymarket questions' quotes"), &[n(("<code>", "object", "", "the market's question's quote"), QUOTE)]),
        n(("kalshi", "object", "", "the Kalshi questions' quotes, for markets Polymarket does not list"), &[n(("<code>", "object", "", "the market's question's quote"), QUOTE)]),
    ]),
    n(BOOK_KEYS[12], &[]),
    n(BOOK_KEYS[13], &[n(("<asset>", "object", "", "the market's contracts"), &[n(("<horizon>", "object", "", "the event contract of the market and horizon"), CONTRACT)])]),
    n(BOOK_KEYS[14], &[]),
    n(BOOK_KEYS[15], &[]), n(BOOK_KEYS[16], &[]), n(BOOK_KEYS[17], &[]),
    n(BOOK_KEYS[18], &[n(("<asset>", "object", "", "the seat's cells for the market"), &[n(("<horizon>", "object", "", "one cell"), CELL)])]),
    n(BOOK_KEYS[19], &[]), n(BOOK_KEYS[20], &[]), n(BOOK_KEYS[21], &[]), n(BOOK_KEYS[22], &[]),
    n(BOOK_KEYS[23], &[]),
    n(BOOK_KEYS[24], &[n(("<account>", "string|object", "", "hold (no trade) or the decision"), DECISION)]),
    n(BOOK_KEYS[25], &[]), n(BOOK_KEYS[26], &[]), n(BOOK_KEYS[27], &[]), n(BOOK_KEYS[28], &[]),
    n(BOOK_KEYS[29], &[]), n(BOOK_KEYS[30], &[]),
    n(BOOK_KEYS[31], &[n(("<asset>", "object", "", "the market's result"), RESULT)]),
    n(BOOK_KEYS[32], &[n(("<asset>", "number", "percent", "the market's draw band"), &[])]),
    opt(BOOK_KEYS[33], "only when a market's band could not be sealed", &[n(("<asset>", "string", "", "why the market has no band"), &[])]),
    n(BOOK_KEYS[34], &[n(("<code>", "object", "", "the contract's outcome"), &[
        n(("source", "string", "", "the venue and the question's ticker"), &[]),
        n(("up", "boolean", "", "whether it resolved up; null while unresolved"), &[]),
    ])]),
    opt(("late_ref", "object", "", "score line: the answer lines sealed after the run's reference, scored from their own reference (§3.3)"), "only when an answer was sealed after its run's reference", &[n(("<line>", "object", "", "the answer line's own references"), &[n(("<asset>", "number", "price", "the market's own reference price"), &[])])]),
    opt(("own_bytes", "integer", "bytes", "answer line: the raw reply's size, when it could not be read"), "only for an unreadable reply", &[]),
    opt(("duplicate_keys", "array", "", "answer line: dotted paths of keys the answer stated twice in one object (the last sealed)"), "only when an answer repeated a key", &[]),
    opt(("same_as", "integer", "line number", "correction line: an earlier line the corrected line re-seals unchanged"), "correction lines only", &[]),
    opt(("source", "string", "", "correction line: where the corrected value comes from"), "correction lines only", &[]),
    opt(("reason", "string", "", "correction line: why"), "correction lines only", &[]),
    opt(("fields", "object", "", "correction line: the corrected fields"), "correction lines only", &[
        opt(("model", "string", "", "an answer line's model version string"), "when the correction restores it", &[]),
        opt(("mode", "string", "", "an answer line's mode"), "when the correction restores it", &[]),
        opt(("items", "object", "", "an answer line's cells restored, laid out as its items"), "when the correction restores cells", &[n(("<asset>", "object", "", "the market's cells"), &[n(("<horizon>", "object", "", "one cell"), CELL)])]),
        opt(("results", "object", "", "a score line's corrected prices"), "when the correction is of a score line", &[n(("<asset>", "object", "", "the market's corrected prices"), &[
            opt(("ref", "number", "price", "the reference price"), "when corrected", &[]),
            opt(("close", "number", "price", "the end price"), "when corrected", &[]),
        ])]),
    ]),
];

/// `asks.jsonl`'s keys, each as [`ASKS_KEYS`] lists it (in its order: a test holds them
/// together); the roster's seats are itemised.
const ASKS: &[N] = &[
    n(ASKS_KEYS[0], &[]),
    n(ASKS_KEYS[1], &[]),
    n(ASKS_KEYS[2], &[]),
    n(ASKS_KEYS[3], &[]),
    n(ASKS_KEYS[4], &[]),
    n(ASKS_KEYS[5], &[]),
    n(ASKS_KEYS[6], &[]),
    n(ASKS_KEYS[7], &[]),
    n(ASKS_KEYS[8], &[]),
    n(ASKS_KEYS[9], &[]),
    n(ASKS_KEYS[10], &[]),
    n(ASKS_KEYS[11], &[]),
    opt(ASKS_KEYS[12], "written only when the league declares runs besides its morning run", &[]),
    n(ASKS_KEYS[13], &[]),
    n(ASKS_KEYS[14], &[]),
    n(ASKS_KEYS[15], &[]),
    n(ASKS_KEYS[16], ROSTER_ENTRY),
    n(ASKS_KEYS[17], &[]),
    n(ASKS_KEYS[18], &[]),
    n(ASKS_KEYS[19], &[]),
    n(ASKS_KEYS[20], &[]),
    n(ASKS_KEYS[21], &[]),
];

const ARENA_DECISIONS: &[N] = &[
    n(("version", "string", "", "the rule version"), &[]),
    n(("account", "string", "", "the account (seat)"), &[]),
    n(("decision", "string|object", "", "hold (no trade, no cost), or the decision"), DECISION),
    n(("sealed_at", "string", "UTC RFC 3339", "the decision's seal: when its answer line was sealed"), &[]),
];

const ARENA_PRICES: &[N] = &[
    n(("kind", "string", "", "bar (a traded price at an instant), close (the session's close), rate (the annual cash rate), market (a crowd market as recorded) or resolution (its winning outcome)"), &[]),
    n(("symbol", "string", "", "the instrument, or the crowd market's id"), &[]),
    n(("session", "string", "date", "close, rate, market, resolution: the session"), &[]),
    n(("at", "string", "UTC RFC 3339", "bar, market: the price's time"), &[]),
    n(("price", "string", "US dollars, decimal text", "bar, close: the price (at most six decimals)"), &[]),
    opt(("rate", "string", "percent a year, decimal text", "rate: the cash rate in force from the session's close"), "written only when a rate is recorded", &[]),
    opt(("volume", "string", "US dollars, decimal text", "market: the crowd market's volume"), "bets tracks only (seeds 001/003)", &[]),
    opt(("category", "string", "", "market: the crowd market's category"), "bets tracks only", &[]),
    opt(("closes_at", "string", "UTC RFC 3339", "market: when the crowd market closes"), "bets tracks only; absent when unknown", &[]),
    opt(("topics", "array", "", "market: the crowd market's topics"), "bets tracks only; absent when empty", &[]),
    opt(("resolved", "boolean", "", "market: whether the crowd market has resolved"), "bets tracks only; absent when false", &[]),
    opt(("outcomes", "array", "", "market: the crowd market's outcomes"), "bets tracks only", &[
        n(("label", "string", "", "the outcome's label"), &[]),
        n(("price", "string", "tokens 0-1, decimal text", "its price"), &[]),
        n(("ask", "string", "tokens 0-1, decimal text", "its best ask; null without a seller"), &[]),
    ]),
    opt(("outcome", "string", "", "resolution: the winning outcome's label"), "bets tracks only", &[]),
];

const ARENA_ACCOUNTS: &[N] = &[
    n(("version", "string", "", "the rule version"), &[]),
    n(("account", "string", "", "the account"), &[]),
    n(("session", "string", "date", "the session"), &[]),
    n(("status", "string", "", "traded, hold, rejected, missed (no price in the execution window) or none (no decision executed)"), &[]),
    n(("reason", "string", "", "why a decision was rejected or missed; null otherwise"), &[]),
    n(("cash", "number", "US dollars", "cash after the session"), &[]),
    n(("equity", "number", "US dollars", "cash and positions at the close"), &[]),
    n(("positions", "object", "", "the funds held"), &[n(("<symbol>", "number", "US dollars", "the fund's value at the close"), &[])]),
    n(("interest", "number", "US dollars", "the session's interest on cash"), &[]),
    n(("costs", "number", "US dollars", "the session's trading costs"), &[]),
    n(("costs_total", "number", "US dollars", "trading costs to date"), &[]),
    n(("turnover", "number", "US dollars", "the session's traded value, the sum of |value| of its trades (a bets track: the tokens spent)"), &[]),
    n(("shadow_equity", "number", "US dollars", "the no-trade shadow: the previous close's holdings marked at this close, with the same interest"), &[]),
    n(("return", "number", "fraction", "equity / starting cash - 1"), &[]),
    n(("drawdown", "number", "fraction", "the maximum drawdown to date, positive"), &[]),
    n(("sharpe", "number", "", "Sharpe ratio annualised by sqrt(252) over the trailing metrics_sessions; null before then"), &[]),
    n(("sortino", "number", "", "Sortino ratio, the same way; null before then"), &[]),
];

const NEFF_ROW: &[N] = &[
    n(("run_id", "string", "", "the run"), &[]),
    n(("session", "string", "date", "its session"), &[]),
    n(("horizon", "string", "", "the horizon"), &[]),
    n(("n", "integer", "count", "seats that answered"), &[]),
    n(("pairs", "integer", "count", "seat pairs with a defined correlation"), &[]),
    n(("undefined_pairs", "integer", "count", "seat pairs without one (too few common cells, or a constant series)"), &[]),
    n(("rho", "number", "", "the mean pairwise Pearson r over the defined pairs; null when none"), &[]),
    n(("n_eff", "number", "", "N_eff = n / (1 + (n - 1) rho) (§5.1); null when undefined"), &[]),
    n(("note", "string", "", "why the reading has no value; null when it has one"), &[]),
];

const BOOK_AGREEMENT: &[N] = &[
    n(("ok", "boolean", "", "every checked row agrees with its answer line"), &[]),
    n(("checked", "integer", "count", "issue rows checked against their answer line"), &[]),
    n(("not_checked_no_answer", "integer", "count", "rows without an answer line (no_answer)"), &[]),
    n(("not_checked_correction", "integer", "count", "rows a correction line added (line_kind correction)"), &[]),
    n(("not_checked_no_kind", "integer", "count", "rows without a line_kind"), &[]),
    n(("mismatch_count", "integer", "count", "rows that disagree with the book"), &[]),
    n(("mismatches", "array", "", "the first 100 disagreements, in file order"), &[
        opt(("csv_row", "integer", "record number", "the row of council-forecasts.csv"), "listed only when a row disagrees with the book", &[]),
        opt(("book_line", "integer", "line number", "the answer line of council-book.jsonl"), "listed only when a row disagrees with the book", &[]),
        opt(("field", "string", "", "the field that differs"), "listed only when a row disagrees with the book", &[]),
        opt(("message", "string", "", "how, in English"), "listed only when a row disagrees with the book", &[]),
    ]),
];

const CLIM_SEAL: &[N] = &[
    n(("state", "string", "", "held (the table hashes to the sealed hash), not_sealed (the declaration seals none), missing, unreadable or differs"), &[]),
    opt(("sha256", "string", "hex SHA-256", "held: the sealed content hash the table hashes to"), "state held only", &[]),
    opt(("table", "boolean", "", "not_sealed: whether a table is published"), "state not_sealed only", &[]),
    opt(("self_hash_ok", "boolean", "", "not_sealed: the table's content hashes to the hash it states"), "state not_sealed only", &[]),
    opt(("sealed", "string", "hex SHA-256", "missing, unreadable, differs: the sealed content hash"), "failed states only", &[]),
    opt(("field", "string", "", "unreadable: the table's field that cannot be read"), "state unreadable only", &[]),
    opt(("why", "string", "", "unreadable: why"), "state unreadable only", &[]),
    opt(("found", "string", "hex SHA-256", "differs: the table's content hash"), "state differs only", &[]),
];

const HIT_RATE: &[N] = &[
    n(("hits", "integer", "count", "forecasts whose side happened"), &[]),
    n(("n", "integer", "count", "forecasts taking a side (50s left out)"), &[]),
    n(("rate", "number", "share 0-1", "hits / n; null when n is 0"), &[]),
];

const CALIBRATION_BIN: &[N] = &[
    n(("lo", "number", "percent", "the folded bin's lower edge"), &[]),
    n(("hi", "number", "percent", "its upper edge (the last bin includes 100)"), &[]),
    n(("n", "integer", "count", "resolved stated forecasts in the bin"), &[]),
    n(("mean_stated", "number", "percent", "the mean folded probability stated; null when empty"), &[]),
    n(("realized", "number", "share 0-1", "the share of them whose supported side happened; null when empty"), &[]),
    n(("shown", "boolean", "", "n >= 20: the bin is shown"), &[]),
];

const INTERVAL_METHOD: &[N] = &[
    n(("method", "string", "", "t_session_means (one-session horizon, from 5 sessions), session_cluster_bootstrap (from 20), newey_west (h-session horizon, from 5h sessions) or block_bootstrap (§4.6)"), &[]),
    opt(("lag", "integer", "sessions", "newey_west: the lag, h - 1"), "newey_west only", &[]),
    opt(("block", "integer", "sessions", "block_bootstrap: the block length, h"), "block_bootstrap only", &[]),
];

const INTERVAL_RULE: &[N] = &[
    n(("horizon_sessions", "integer", "sessions", "the horizon's length h"), &[]),
    n(("sessions", "integer", "count", "the sessions scored"), &[]),
    n(("first_interval_at", "integer", "sessions", "the sessions needed before the first interval (§4.6)"), &[]),
    n(("methods", "array", "", "the interval methods allowed; empty: no interval yet"), INTERVAL_METHOD),
    n(("reason", "string", "", "why there is no interval; null when methods is not empty"), &[]),
];

const SEAT_HORIZON: &[N] = &[
    n(("brier", "number", "Brier 0-1", "the mean Brier score on stated probabilities over all resolved rows, draws included (spec pall)"), &[]),
    n(("brier_ex_draw", "number", "Brier 0-1", "the same with the draw-band rows left out"), &[]),
    n(("dropped_draws", "integer", "count", "the draw-band rows brier_ex_draw leaves out"), &[]),
    n(("n", "integer", "count", "resolved stated forecasts"), &[]),
    n(("sessions", "integer", "count", "sessions with at least one of them"), &[]),
    n(("coverage", "number", "share 0-1", "the share of the seat's cells with a stated probability"), &[]),
    n(("service", "number", "Brier 0-1", "the service score: unstated cells of a sent answer at 0.25"), &[]),
    n(("explicit_50", "integer", "count", "cells stated at exactly 50"), &[]),
    n(("counted_50", "integer", "count", "rows counted at 50 (status counted_50)"), &[]),
    n(("unstated", "integer", "count", "cells of a sent answer without a stated probability"), &[]),
    n(("no_answer", "integer", "count", "rows without an answer"), &[]),
    n(("bss_coin", "object", "", "the Brier skill score against the coin (every forecast at 50%, Brier 0.25, §4.3): 1 - brier / 0.25"), &[
        n(("value", "number", "", "the skill score; null without a brier"), &[]),
        n(("n", "integer", "count", "the rows scored (n)"), &[]),
        n(("ci95", "array", "", "the brier's 95% interval mapped the same way, bounds swapped; null without one"), &[]),
        n(("reason", "string", "", "why there is no interval; null when there is one"), &[]),
    ]),
    n(("bss_clim", "number", "", "the Brier skill score against the climatology base rate p_up, on the rows that have one"), &[]),
    n(("bss_clim_ex_draw", "number", "", "the league's own skill score: draws left out, against p_up_ex_draw (spec bss_reference, §4.3)"), &[]),
    n(("n_clim", "integer", "count", "the rows with a base rate"), &[]),
    n(("bss_crowd", "number", "", "1d: the Brier skill score against the crowd on the admitted crowd contracts; null otherwise"), &[]),
    n(("k", "number", "0-100", "sharpness K = (2/n) sum |p - 50| over the stated probabilities"), &[]),
    n(("k_clim", "number", "0-100", "sharpness against climatology K_clim = (2/n) sum |p - 100 q|"), &[]),
    n(("hit_rate", "object", "", "the direction hit rate"), HIT_RATE),
    n(("calibration", "array", "", "the folded calibration bins of the resolved stated forecasts"), CALIBRATION_BIN),
    n(("logistic", "object", "", "the logistic calibration fit; null when it has none (logistic_note)"), &[
        n(("n", "integer", "count", "the forecasts fitted"), &[]),
        n(("clusters", "integer", "count", "the sessions they cluster in"), &[]),
        n(("a", "number", "", "the intercept a (a tilt towards up or down)"), &[]),
        n(("b", "number", "", "the slope b (< 1: stated probabilities too far from one half; > 1: too close)"), &[]),
        n(("se_a", "number", "", "a's session-clustered standard error"), &[]),
        n(("se_b", "number", "", "b's session-clustered standard error"), &[]),
        n(("cov", "array", "", "the clustered covariance [[aa, ab], [ab, bb]]"), &[]),
        n(("se_a_model", "number", "", "a's model-based (non-robust) standard error"), &[]),
        n(("se_b_model", "number", "", "b's model-based standard error"), &[]),
        n(("iterations", "integer", "count", "the fit's iterations"), &[]),
    ]),
    n(("logistic_note", "string", "", "why there is no fit; null when there is one"), &[]),
    n(("ranked", "boolean", "", "the 30/10 rule admits the seat to the ranking"), &[]),
    n(("interval", "object", "", "which intervals the figure may carry (§4.6), or why none"), INTERVAL_RULE),
    n(("ci95", "array", "", "brier's 95% interval [lo, hi]; null without one"), &[]),
    n(("ci95_method", "object", "", "the method of ci95; null without one"), INTERVAL_METHOD),
    n(("consensus_value", "number", "Brier", "the seat's value to the consensus (§5.3): mean over the common events it answered of the consensus' Brier without it minus with it; null when none"), &[]),
    n(("consensus_value_n", "integer", "count", "the events consensus_value is over"), &[]),
    n(("baseline", "boolean", "", "a benchmark seat scored beside the council, in none of its figures (§4.5)"), &[]),
];

const GRID_CELL: &[N] = &[
    n(("brier", "number", "Brier 0-1", "the mean Brier score of the cell's resolved stated forecasts"), &[]),
    n(("n", "integer", "count", "those forecasts"), &[]),
    n(("hit_rate", "object", "", "the direction hit rate"), HIT_RATE),
    n(("k", "number", "0-100", "sharpness over the cell's stated probabilities, resolved or not"), &[]),
    n(("stated", "integer", "count", "the cell's stated probabilities"), &[]),
];

const CONSENSUS_HORIZON: &[N] = &[
    n(("brier", "number", "Brier 0-1", "the mean Brier of the published (clamped) consensus over resolved common events (§5.3)"), &[]),
    n(("dispersion", "number", "", "the mean Krogh-Vedelsby dispersion term"), &[]),
    n(("members", "number", "Brier 0-1", "the mean weighted Brier of the kept members"), &[]),
    n(("n", "integer", "count", "resolved common events"), &[]),
    n(("sessions", "integer", "count", "the sessions they fall in"), &[]),
    n(("interval", "object", "", "which intervals the figure may carry (§4.6), or why none"), INTERVAL_RULE),
    n(("ci95", "array", "", "brier's 95% interval [lo, hi]; null without one"), &[]),
    n(("ci95_method", "object", "", "the method of ci95; null without one"), INTERVAL_METHOD),
    n(("clim_brier", "number", "Brier 0-1", "climatology's Brier on the events that have a base rate"), &[]),
    n(("bss_clim", "number", "", "the consensus' skill score against it there"), &[]),
    n(("n_clim", "integer", "count", "those events"), &[]),
    n(("momentum_brier", "number", "Brier 0-1", "the 55% momentum rule's Brier on the same events (1d; none after a zero move or without the previous outcome), draws included"), &[]),
    n(("momentum_n", "integer", "count", "the events it is over"), &[]),
    n(("all_wrong", "integer", "count", "events every member got wrong (§5.3)"), &[]),
    n(("minority_right", "integer", "count", "events only a minority got right (§5.3)"), &[]),
    n(("calibration", "array", "", "the consensus' folded calibration bins"), CALIBRATION_BIN),
];

const TOST: &[N] = &[
    n(("mean", "number", "Brier", "the mean session gain tested"), &[]),
    n(("se", "number", "Brier", "its standard error (session gains' sd, ddof 1, over the square root of the sessions)"), &[]),
    n(("df", "number", "", "degrees of freedom: sessions - 1"), &[]),
    n(("margin", "number", "Brier", "the equivalence margin, 0.01 (§4.6)"), &[]),
    n(("p_lower", "number", "p", "the one-sided p of H0: mean <= -margin"), &[]),
    n(("p_upper", "number", "p", "the one-sided p of H0: mean >= +margin"), &[]),
    n(("p_value", "number", "p", "max(p_lower, p_upper)"), &[]),
    n(("equivalent", "boolean", "", "p_value < 0.05: the 90% interval lies inside +-margin, equivalence shown"), &[]),
];

const POWER: &[N] = &[
    n(("sigma_g", "number", "Brier", "sigma_G, the sd of the session gains (spec power_brier)"), &[]),
    n(("sigma_from", "string", "", "sessions (the gains' own sd, ddof 1, from 5 scored sessions) or proxy (the spec's 0.062 forecast sd with within-session r 0.41 over 12 events)"), &[]),
    n(("delta", "number", "Brier", "the effect to detect: the equivalence margin"), &[]),
    n(("sessions_needed", "number", "sessions", "independent sessions needed to detect delta (two-sided 5%, 80% power)"), &[]),
    n(("detectable_effect", "number", "Brier", "the smallest effect detectable at the sessions held; null before the first"), &[]),
];

const COMPARISON: &[N] = &[
    n(("forecaster", "object", "", "who is tested"), &[
        n(("kind", "string", "", "consensus or seat"), &[]),
        opt(("seat", "string", "", "the seat's name (kind seat)"), "absent when the forecaster is the consensus", &[]),
    ]),
    n(("benchmark", "string", "", "coin (50% on every event), climatology (the sealed table's base rate) or crowd (the admitted crowd contract's sealed price, one-day events)"), &[]),
    n(("horizon", "string", "", "the horizon"), &[]),
    n(("sessions", "integer", "count", "sessions with a paired event from session 11"), &[]),
    n(("events", "integer", "count", "the paired events"), &[]),
    n(("estimate", "number", "Brier", "the mean session gain G_s (benchmark's Brier minus the forecaster's; positive: the forecaster lost less); null without a session"), &[]),
    n(("ci90", "array", "Brier", "the 90% t interval [lo, hi] of the mean gain, the interval TOST reads; null with fewer than two sessions"), &[]),
    n(("tost", "object", "", "two one-sided tests at +-0.01 (§4.6); null with fewer than two sessions or a zero spread"), TOST),
    n(("power", "object", "", "the power figure (Requirement 10)"), POWER),
];

const ENDPOINT: &[N] = &[
    n(("estimate", "number", "Brier", "the mean of the session gains G_s (climatology's Brier minus the consensus') over the one-day common events from session 11 (§8)"), &[]),
    n(("sessions", "integer", "count", "the sessions with a gain"), &[]),
    n(("ci95", "array", "Brier", "the moving-block bootstrap's 95% interval [lo, hi]; null without one (note)"), &[]),
    n(("ci90", "array", "Brier", "its 90% interval"), &[]),
    n(("verdict", "string", "", "confirmed, no_material_gain or inconclusive (§8); null without an interval"), &[]),
    n(("confirmed_below_margin", "boolean", "", "confirmed with the 90% interval also inside +-0.01"), &[]),
    n(("config", "object", "", "the bootstrap's registered settings"), ENDPOINT_CONFIG),
    n(("note", "string", "", "why there is no interval or verdict; null when there is one"), &[]),
    n(("gains", "array", "", "the session gains the bootstrap resamples, in session order"), CLIM_GAINS),
];

/// The registered moving block bootstrap's settings (§8).
const ENDPOINT_CONFIG: &[N] = &[
    n(("block", "integer", "sessions", "the block length"), &[]),
    n(("reps", "integer", "count", "the resamples"), &[]),
    n(("seed", "integer", "", "the generator's seed (rerun it with the same seed)"), &[]),
    n(("margin", "number", "Brier", "the material margin"), &[]),
];

/// Session gains of the consensus over climatology (`gains[]`).
const CLIM_GAINS: &[N] = &[
    n(("session", "integer", "", "the session's number in the league"), &[]),
    n(("gain", "number", "Brier", "G_s: the mean over the session's events of climatology's Brier minus the consensus'"), &[]),
    n(("events", "integer", "count", "the session's paired events"), &[]),
];

/// The stats document's `secondary` block: the registered secondary analyses and the
/// sensitivity analysis (spec §8).
const SECONDARY: &[N] = &[
    n(("spread_tertiles", "object", "", "does disagreement help? The consensus' gain over climatology on the one-day events from session 11, split into tertiles of the seats' spread, compared between the high and the low tertile with the market held fixed, two-sided (spec §8)"), SPREAD_TERTILES),
    n(("shadow_consensus", "object", "", "does discounting correlated voices help? The published consensus' Brier minus the shadow consensus' (§5.3: independence.shadow's frozen weights, renormalised over the answering seats; trim, family weights and clamp the published one's) on the one-day events of sessions 11-126, read like the primary endpoint against +-0.01 (spec §8)"), SHADOW_COMPARISON),
    n(("sensitivity", "object", "", "the registered sensitivity analysis beside the verdict: the primary endpoint's paired gains on the four US equity indices alone, with the table's and with exact-window base rates (spec §8, the registered script's sensitivity_exact_window)"), SENSITIVITY),
];

/// One spread tertile (`secondary.spread_tertiles.<low|middle|high>`).
const TERTILE: &[N] = &[
    n(("events", "integer", "count", "the tertile's resolved one-day common events from session 11 with two or more answers and a base rate"), &[]),
    n(("sessions", "integer", "count", "the sessions they fall in"), &[]),
    n(("consensus_brier", "number", "Brier", "the published consensus' mean Brier on them; null without events"), &[]),
    n(("clim_brier", "number", "Brier", "the sealed table's base rate's mean Brier on the same events"), &[]),
    n(("bss_clim", "number", "", "the consensus' skill against climatology there: 1 - consensus_brier / clim_brier"), &[]),
    n(("gain", "number", "Brier", "the mean over the events of climatology's Brier minus the consensus'"), &[]),
];

/// `secondary.spread_tertiles` (spec §8).
const SPREAD_TERTILES: &[N] = &[
    n(("design_events", "integer", "count", "the one-day common events of sessions 1-10 (the design window) with two or more answers, whose spreads set the bounds"), &[]),
    n(("bounds", "array", "percentage points", "the 33.3rd and 66.7th percentiles (numpy's linear rule) of their spreads; an event's spread is the population SD of its seats' stated probabilities; null without a design-window event"), &[]),
    n(("low", "object", "", "the events whose spread is below the first bound"), TERTILE),
    n(("middle", "object", "", "the events from the first bound up to the second, not included"), TERTILE),
    n(("high", "object", "", "the events whose spread is at or above the second bound"), TERTILE),
    n(("markets", "integer", "count", "markets with events in both the high and the low tertile"), &[]),
    n(("estimate", "number", "Brier", "the mean over those markets (code-point order) of the high tertile's mean gain minus the low tertile's (positive: the consensus gains more over climatology when the seats disagree); null when no market has both"), &[]),
    n(("sessions", "integer", "count", "the sessions the bootstrap resamples: those with an event in a tertile"), &[]),
    n(("ci95", "array", "Brier", "the percentile 95% interval [lo, hi] of the estimate under the moving block bootstrap over those sessions (config); null without one (note)"), &[]),
    n(("replicates", "integer", "count", "the resamples that gave a replicate: a resample in which no market has both tertiles gives none"), &[]),
    n(("config", "object", "", "the bootstrap's settings, the primary endpoint's (the margin is not read here)"), ENDPOINT_CONFIG),
    n(("resolved", "boolean", "", "both the high and the low tertile hold 30 or more events; else the question is unresolved (spec §8)"), &[]),
    n(("note", "string", "", "why the question is unresolved or has no estimate or interval; null otherwise"), &[]),
];

/// `secondary.shadow_consensus` (spec §5.3, §8).
const SHADOW_COMPARISON: &[N] = &[
    n(("events", "integer", "count", "the paired events: resolved one-day common events of sessions 11-126 with a shadow consensus"), &[]),
    n(("published_brier", "number", "Brier", "the published consensus' mean Brier on them"), &[]),
    n(("shadow_brier", "number", "Brier", "the shadow consensus' mean Brier on them"), &[]),
    n(("estimate", "number", "Brier", "the mean of the session gains G_s (the published consensus' Brier minus the shadow's; positive: the shadow lost less)"), &[]),
    n(("sessions", "integer", "count", "the sessions with a gain"), &[]),
    n(("ci95", "array", "Brier", "the moving-block bootstrap's 95% interval [lo, hi]; null without one (note)"), &[]),
    n(("ci90", "array", "Brier", "its 90% interval, read against +-0.01"), &[]),
    n(("verdict", "string", "", "confirmed (the shadow helps), no_material_gain or inconclusive, read as the primary endpoint's; null without an interval"), &[]),
    n(("confirmed_below_margin", "boolean", "", "confirmed with the 90% interval also inside +-0.01"), &[]),
    n(("config", "object", "", "the bootstrap's registered settings (the primary endpoint's)"), ENDPOINT_CONFIG),
    n(("note", "string", "", "why there is no interval or verdict (no shadow weights: independence.shadow.note); null when there is one"), &[]),
    n(("gains", "array", "", "the session gains the bootstrap resamples, in session order"), &[
        n(("session", "integer", "", "the session's number in the league"), &[]),
        n(("gain", "number", "Brier", "G_s: the mean over the session's events of the published consensus' Brier minus the shadow consensus'"), &[]),
        n(("events", "integer", "count", "the session's paired events"), &[]),
    ]),
];

/// The primary endpoint on the four US equity indices (`secondary.sensitivity.us_equity`,
/// `secondary.sensitivity.exact_window`).
const INDEX_ENDPOINT: &[N] = &[
    n(("estimate", "number", "Brier", "the mean of the session gains G_s (the base rate's Brier minus the consensus') over the resolved one-day common events of the four indices from session 11"), &[]),
    n(("sessions", "integer", "count", "the sessions with a gain"), &[]),
    n(("ci95", "array", "Brier", "the moving-block bootstrap's 95% interval [lo, hi]; null without one (note)"), &[]),
    n(("ci90", "array", "Brier", "its 90% interval"), &[]),
    n(("verdict", "string", "", "confirmed, no_material_gain or inconclusive, read as the primary endpoint's; null without an interval"), &[]),
    n(("confirmed_below_margin", "boolean", "", "confirmed with the 90% interval also inside +-0.01"), &[]),
    n(("config", "object", "", "the bootstrap's registered settings (the primary endpoint's)"), ENDPOINT_CONFIG),
    n(("note", "string", "", "why there is no interval or verdict (no table, or its content hash fails); null when there is one"), &[]),
    n(("gains", "array", "", "the session gains the bootstrap resamples, in session order"), &[
        n(("session", "integer", "", "the session's number in the league"), &[]),
        n(("gain", "number", "Brier", "G_s: the mean over the session's index events of the base rate's Brier minus the consensus'"), &[]),
        n(("events", "integer", "count", "the session's paired events"), &[]),
    ]),
];

/// `secondary.sensitivity` (spec §8).
const SENSITIVITY: &[N] = &[
    n(("markets", "array", "", "the four US equity indices: SPX, NDX, DJI, SOX"), &[]),
    n(("us_equity", "object", "", "the primary endpoint on the four indices alone, with the sealed table's base rates (p_up)"), INDEX_ENDPOINT),
    n(("exact_window", "object", "", "the same with each index's one-day base rate on the event's own 09:30-16:00 ET session: the table's one-day row of the index when it states the session_bar rule (a US index's daily bar is that session, so the figures then equal us_equity's); null when a row states another rule or none (exact_window_reason)"), EXACT_WINDOW),
    n(("exact_window_reason", "string", "", "why there is no exact-window figure: the engine holds no intraday history to compute the rate itself; null when there is one"), &[]),
];

/// `secondary.sensitivity.exact_window`.
const EXACT_WINDOW: &[N] = &[
    n(("base_rates", "object", "", "per index, the exact-window base rate used"), &[n(("<asset>", "number", "share 0-1", "the share of the index's 09:30-16:00 ET sessions that ended strictly up in the table's window"), &[])]),
    n(("estimate", "number", "Brier", "the mean of the session gains G_s (the exact-window base rate's Brier minus the consensus') over the resolved one-day common events of the four indices from session 11"), &[]),
    n(("sessions", "integer", "count", "the sessions with a gain"), &[]),
    n(("ci95", "array", "Brier", "the moving-block bootstrap's 95% interval [lo, hi]; null without one (note)"), &[]),
    n(("ci90", "array", "Brier", "its 90% interval"), &[]),
    n(("verdict", "string", "", "confirmed, no_material_gain or inconclusive, read as the primary endpoint's; null without an interval"), &[]),
    n(("confirmed_below_margin", "boolean", "", "confirmed with the 90% interval also inside +-0.01"), &[]),
    n(("config", "object", "", "the bootstrap's registered settings (the primary endpoint's)"), ENDPOINT_CONFIG),
    n(("note", "string", "", "why there is no interval or verdict; null when there is one"), &[]),
    n(("gains", "array", "", "the session gains the bootstrap resamples, in session order"), &[
        n(("session", "integer", "", "the session's number in the league"), &[]),
        n(("gain", "number", "Brier", "G_s: the mean over the session's index events of the exact-window base rate's Brier minus the consensus'"), &[]),
        n(("events", "integer", "count", "the session's paired events"), &[]),
    ]),
];

const READING: &[N] = &[
    n(("n", "integer", "count", "seats that answered"), &[]),
    n(("pairs", "integer", "count", "seat pairs with a defined correlation"), &[]),
    n(("undefined_pairs", "integer", "count", "seat pairs without one"), &[]),
    n(("rho", "number", "", "the mean pairwise Pearson r over the defined pairs; null when none"), &[]),
    n(("n_eff", "number", "", "N_eff = n / (1 + (n - 1) rho) (§5.1); null when undefined"), &[]),
    n(("cells", "integer", "count", "the cells the reading is over"), &[]),
    n(("note", "string", "", "why there is no value; null when there is one"), &[]),
];

const RUN_INDEPENDENCE: &[N] = &[
    n(("run_id", "string", "", "the run"), &[]),
    n(("session", "string", "date", "its session"), &[]),
    n(("horizon", "string", "", "1d, 1w, 1m, 6m, or all (the whole run)"), &[]),
    n(("n", "integer", "count", "seats answering"), &[]),
    n(("cells", "integer", "count", "cells (market, horizon) answered"), &[]),
    n(("pearson", "object", "", "the headline Pearson reading (a horizon's is its n_eff[] row)"), READING),
    n(("one_market_per_group", "object", "", "the reading with one market per correlated group (independence.groups)"), READING),
    n(("dropped_markets", "array", "", "the markets the grouped reading left out"), &[]),
    n(("from_fifty", "object", "", "the reading on the deviations from 50"), READING),
    n(("from_climatology", "object", "", "the reading on the deviations from the climatology base rate"), READING),
    n(("spectrum", "object", "", "the correlation matrix's eigenvalues; null unless every pair is defined (spectrum_note)"), &[
        n(("eigenvalues", "array", "", "descending"), &[]),
        n(("trace", "number", "", "their sum"), &[]),
        n(("largest_share", "number", "share 0-1", "the largest over the trace"), &[]),
        n(("participation_ratio", "number", "", "trace^2 / sum of squares: the effective number of independent directions"), &[]),
    ]),
    n(("spectrum_note", "string", "", "why there is no spectrum; null when there is one"), &[]),
    n(("seats", "array", "", "per seat, in code-point order: its distinctiveness"), &[
        n(("seat", "string", "", "the seat"), &[]),
        n(("mean_r", "number", "", "its mean r with the other seats; null without a defined pair"), &[]),
        n(("pairs", "integer", "count", "other seats with a defined correlation"), &[]),
        n(("majority_cells", "integer", "count", "directional cells where the other seats have a majority"), &[]),
        n(("majority_agree", "integer", "count", "those where the seat sides with it"), &[]),
        n(("majority_agreement", "number", "share 0-1", "majority_agree / majority_cells; null when none"), &[]),
    ]),
    n(("errors", "object", "", "the reading on the error indicators (1 wrong, 0 right; a stated 50 is neither) of the resolved events (spec n_eff_errors)"), READING),
    n(("sides", "object", "", "the sides test (§5.2); null without two sides in the roster (sides_note)"), &[
        n(("sides", "array", "", "the two side labels, code-point order"), &[]),
        n(("seats", "array", "", "each side's seats"), &[]),
        n(("within_r", "number", "", "the mean r within sides"), &[]),
        n(("within_r_each", "array", "", "the mean r within each side"), &[]),
        n(("between_r", "number", "", "the mean r between the sides"), &[]),
        n(("max_gap", "number", "points", "the widest |mean probability of side 0 - side 1| over the cells"), &[]),
        n(("max_gap_signed", "number", "points", "that gap, signed (side 0 minus side 1)"), &[]),
        n(("max_gap_cell", "array", "", "its cell: [market, horizon]"), &[]),
        n(("splits", "integer", "count", "the splits of the seats into two groups of the same sizes enumerated"), &[]),
        n(("at_least_as_wide", "integer", "count", "the splits whose widest gap is at least as wide"), &[]),
        n(("p_value", "number", "p", "at_least_as_wide / splits: the permutation p"), &[]),
    ]),
    n(("sides_note", "string", "", "why there is no sides test; null when there is one"), &[]),
    n(("k", "number", "0-100", "Table 7: sharpness K = (2/n) sum |p - 50| over every answer"), &[]),
    n(("share_40_60", "number", "share 0-1", "Table 7: the share of answers from 40 to 60"), &[]),
    n(("spread", "number", "points", "Table 7: the population sd of the seats' probabilities per cell, averaged over spread_cells"), &[]),
    n(("spread_cells", "integer", "count", "cells two or more seats answered"), &[]),
];

const INDEPENDENCE: &[N] = &[
    n(("roster", "object", "", "the roster read (families for the consensus, sides for the sides test)"), &[
        n(("seats", "array", "", "the seats in roster order"), &[
            n(("seat", "string", "", "the seat"), &[]),
            n(("family", "string", "", "its model family"), &[]),
            n(("side", "string", "", "its side for the sides test; null without one"), &[]),
            n(("model", "string", "", "its model; null when not given"), &[]),
            n(("provider", "string", "", "the provider the roster line sealed for it (§3.10, Table 8); null when the operator did not declare one"), &[]),
        ]),
        n(("source", "string", "", "the roster lines read (asks.jsonl line 2, ...); null without a roster"), &[]),
        n(("note", "string", "", "why there is no roster; null when there is one"), &[]),
    ]),
    n(("groups", "array", "", "the correlated market groups (member names) the grouped reading keeps one market of"), &[]),
    n(("climatology", "boolean", "", "the deviation-from-climatology reading had a table to read"), &[]),
    n(("runs", "array", "", "per run: each horizon, then the whole run (all): §5's figures"), RUN_INDEPENDENCE),
    n(("shadow", "object", "", "the shadow consensus' frozen weights (§5.3)"), &[
        n(("window", "array", "", "the runs whose one-day correlation matrices were pooled"), &[]),
        n(("weights", "object", "", "the weights; null without them (note)"), &[
            n(("weights", "object", "", "per seat: its weight, before renormalisation"), &[n(("<seat>", "number", "", "the seat's weight"), &[])]),
            n(("mean_r", "object", "", "per seat: its pooled mean r (absent for a seat that took the median weight)"), &[n(("<seat>", "number", "", "the seat's pooled mean r"), &[])]),
            n(("pairs", "object", "", "per seat: the (run, other seat) correlations pooled"), &[n(("<seat>", "integer", "count", "the correlations pooled into its mean r"), &[])]),
            n(("median_filled", "array", "", "the seats that took the median weight"), &[]),
        ]),
        n(("note", "string", "", "why there are no weights; null when there are"), &[]),
    ]),
    n(("funnel", "array", "", "Table 6: per run, its rows from the open file to the counted record"), &[
        n(("run_id", "string", "", "the run"), &[]),
        n(("session", "string", "date", "its session"), &[]),
        n(("rows", "integer", "count", "its rows"), &[]),
        n(("corrections", "integer", "count", "cells added by later correction lines"), &[]),
        n(("seats", "integer", "count", "seats with an answer line (status other than no_answer)"), &[]),
        n(("sealed_before_reference", "integer", "count", "cells whose line was sealed before the session's reference; null without the book"), &[]),
        n(("explicit_50", "integer", "count", "cells with cell_status explicit_50"), &[]),
        n(("invalid", "integer", "count", "cells with cell_status invalid"), &[]),
        n(("counted_one_day", "integer", "count", "one-day cells with status counted"), &[]),
        n(("note", "string", "", "a remark on the run; null when none"), &[]),
    ]),
];

const CROWD_FIGURES: &[N] = &[
    n(("n", "integer", "count", "resolved (seat, question) rows"), &[]),
    n(("questions", "integer", "count", "distinct questions among them"), &[]),
    n(("model_brier", "number", "Brier 0-1", "the seats' mean Brier on them, scored on the crowd's own resolution"), &[]),
    n(("crowd_brier", "number", "Brier 0-1", "the crowd's"), &[]),
    n(("bss_crowd", "number", "", "1 - model_brier / crowd_brier"), &[]),
    n(("gap", "number", "Brier", "model_brier - crowd_brier"), &[]),
    n(("model_distance", "number", "points", "the seats' mean |crowd_up - 50| on the same rows (§4.9)"), &[]),
    n(("crowd_distance", "number", "points", "the crowd's mean |100 p_up - 50|"), &[]),
    n(("model_hits", "object", "", "the seats' direction hit rate"), HIT_RATE),
    n(("crowd_hits", "object", "", "the crowd's"), HIT_RATE),
    n(("d", "number", "share 0-1", "the share of questions with both outcomes whose league and crowd outcomes differ"), &[]),
    n(("d_n", "integer", "count", "the questions d is over"), &[]),
    n(("gap_readable", "boolean", "", "|gap| > 2d; null without d or gap"), &[]),
];

const CROWD_SPLIT: &[N] = &[
    n(("admitted", "object", "", "the contracts at or over the volume floor: the primary comparison"), CROWD_FIGURES),
    n(("thin", "object", "", "those under it, reported apart"), CROWD_FIGURES),
];

const CROWD_STATS: &[N] = &[
    n(("volume_floor_usd", "number", "US dollars", "the volume a contract needs to be admitted (§4.9)"), &[]),
    n(("questions", "array", "", "each run's crowd questions (Table 11) with their resolution"), &[
        n(("run_id", "string", "", "the run"), &[]),
        n(("run_line", "integer", "", "the book line of the run that sealed the price"), &[]),
        n(("code", "string", "", "the contract's code (<code>)"), &[]),
        n(("venue", "string", "", "polymarket or kalshi"), &[]),
        n(("crowd_at", "string", "UTC", "when the price was recorded"), &[]),
        n(("p_up", "number", "0-1", "the sealed price of up"), &[]),
        n(("vol", "number", "US dollars", "the sealed volume"), &[]),
        n(("admitted", "boolean", "", "vol at or over the floor"), &[]),
        n(("bid", "number", "0-1", "the sealed best bid; null when not recorded"), &[]),
        n(("ask", "number", "0-1", "the sealed best ask; null when not recorded"), &[]),
        n(("last_trade_at", "string", "UTC", "the contract's last trade; null when the engine did not record it"), &[]),
        n(("p_up_recomputed", "number", "0-1", "Kalshi: the price interpolated from the sealed strikes and previous close; null otherwise"), &[]),
        n(("seats", "object", "", "per seat: its crowd_up on the question"), &[n(("<seat>", "number", "0-100", "the seat's probability the crowd's question resolves up"), &[])]),
        n(("up", "boolean", "", "the crowd's resolution; null while unresolved"), &[]),
        n(("crowd_line", "integer", "", "the crowd line that sealed the resolution; null while unresolved"), &[]),
        n(("league_up", "boolean", "", "the league's own one-day outcome on the market in the run; null while unresolved"), &[]),
    ]),
    n(("unresolved", "integer", "count", "questions not yet resolved"), &[]),
    n(("seats", "object", "", "per seat: the comparison split by the volume floor"), &[n(("<seat>", "object", "", "the seat against the crowd"), CROWD_SPLIT)]),
    n(("overall", "object", "", "every seat's rows pooled"), CROWD_SPLIT),
    n(("kalshi_mismatches", "array", "", "the sealed Kalshi prices that do not match their strikes (the sealed p_up is what is scored)"), &[
        opt(("run_line", "integer", "", "the run's book line"), "only a league with a mismatched Kalshi price holds one", &[]),
        opt(("field", "string", "", "the sealed field"), "only a league with a mismatched Kalshi price holds one", &[]),
        opt(("sealed", "number", "0-1", "the sealed price"), "only a league with a mismatched Kalshi price holds one", &[]),
        opt(("recomputed", "number", "0-1", "the interpolation; null when the previous close is not between the strikes"), "only a league with a mismatched Kalshi price holds one", &[]),
    ]),
];

const ACCOUNT_SUMMARY: &[N] = &[
    n(("version", "string", "", "the rule version (arena-protocol.json versions[].version)"), &[]),
    n(("account", "string", "", "the account: a seat, or a benchmark (a name starting with _)"), &[]),
    n(("kind", "string", "", "seat or benchmark"), &[]),
    n(("sessions", "integer", "count", "the sessions the account ran"), &[]),
    n(("first_session", "string", "date", "its first session"), &[]),
    n(("last_session", "string", "date", "its last session"), &[]),
    n(("equity", "number", "US dollars", "the final equity"), &[]),
    n(("cash", "number", "US dollars", "the final cash"), &[]),
    n(("costs", "number", "US dollars", "the costs paid to date"), &[]),
    n(("return", "number", "share", "equity over starting cash, minus one"), &[]),
    n(("drawdown", "number", "share", "the largest fall from a previous peak of equity"), &[]),
    n(("sharpe", "number", "", "the Sharpe ratio over the trailing metrics_sessions; null with too few sessions"), &[]),
    n(("sortino", "number", "", "the Sortino ratio over the same sessions; null with too few sessions or no down session"), &[]),
    n(("trades", "integer", "count", "trades executed"), &[]),
    n(("statuses", "object", "", "the sessions by status"), &[n(("<session_status>", "integer", "count", "the sessions with the status"), &[])]),
    n(("shadow_equity", "number", "US dollars", "the final equity of the account's no-trade shadow"), &[]),
    n(("benchmarks", "object", "", "a seat's benchmarks: each same-version benchmark's return over the same sessions (empty for a benchmark)"), &[n(("<benchmark>", "number", "share", "the benchmark's return"), &[])]),
];

const LEAGUE: &[N] = &[
    n(("league", "string", "", "the league's name"), &[]),
    n(("methodology_version", "string", "", "the methodology version"), &[]),
    n(("generated_from", "object", "", "what the file was made from"), &[n(("book_lines", "integer", "count", "the book's lines it was made from"), &[])]),
    n(("accounts", "object", "", "the trading tracks' accounts summary (spec §4.11)"), &[
        n(("rounding", "string", "", "how money is rounded (arena-protocol.json rounding)"), &[]),
        n(("versions", "array", "", "the rule versions, in order"), &[]),
        n(("accounts", "array", "", "every account's summary, by version then account"), ACCOUNT_SUMMARY),
    ]),
    n(("experiment", "object", "", "the reader experiment's analysis (spec §6.2): label, identifiers, reset_share, g0 and g1 (each group's identifiers, contributions, scores, calibration, anchoring, peeks and resets), brier_weighted, revision, registered (F28, F29)"), EXPERIMENT),
];

/// One group of the reader experiment (`council-league.json` `experiment.g0`, `.g1`; spec
/// §6.2, §6.4): `core::experiment::analysis::GroupStats`.
const EXPERIMENT_GROUP: &[N] = &[
    n(("group", "string", "", "seeing (g0: shown the council's sealed answers at once) or blind (g1: shown them only after its first forecast of the session)"), &[]),
    n(("identifiers", "integer", "count", "readers assigned to the group"), &[]),
    n(("contributing", "integer", "count", "of those, the readers with a first forecast"), &[]),
    n(("first_forecasts", "integer", "count", "forecasts marked first (a single or private call, §6.3)"), &[]),
    n(("scored", "integer", "count", "first forecasts whose session and market have an outcome"), &[]),
    n(("return_rate", "number", "share 0-1", "contributing readers with first forecasts in two or more sessions, over contributing readers (§6.4); null without one"), &[]),
    n(("hit_rate", "number", "share 0-1", "scored first forecasts whose direction is the outcome's; null without one"), &[]),
    n(("brier", "number", "Brier", "the mean (p - o)^2 of scored first forecasts, p the confidence read as the chosen side's probability; null without one"), &[]),
    n(("mean_confidence", "number", "percent 50-100", "the mean stated confidence of first forecasts; null without one"), &[]),
    n(("time_to_first_forecast_s", "object", "", "per reader and session with a recorded visit: the time from the first view to the first forecast"), &[
        n(("n", "integer", "count", "the reader-sessions counted"), &[]),
        n(("median", "number", "seconds", "their median (the mean of the two middle values for an even count); null without one"), &[]),
    ]),
    n(("calibration", "array", "", "scored first forecasts in the confidence bins 55-64, 65-74, 75-84 and 85-95 (overconfidence, §6.2)"), &[
        n(("lo", "integer", "percent", "the bin's lowest confidence, inclusive"), &[]),
        n(("hi", "integer", "percent", "the bin's highest confidence, inclusive"), &[]),
        n(("n", "integer", "count", "scored first forecasts in the bin"), &[]),
        n(("mean_confidence", "number", "percent", "their mean stated confidence; null when the bin is empty"), &[]),
        n(("hit_rate", "number", "share 0-1", "their hit rate; null when the bin is empty"), &[]),
    ]),
    n(("anchoring", "object", "", "first forecasts on a market whose consensus is not exactly 50% (§6.2)"), &[
        n(("n", "integer", "count", "those forecasts"), &[]),
        n(("share", "number", "share 0-1", "the share whose direction is the consensus direction; null without one"), &[]),
    ]),
    n(("peeks", "integer", "count", "recorded peeks (reader x session); analysed as assigned (§6.2)"), &[]),
    n(("peek_identifiers", "integer", "count", "the readers who peeked"), &[]),
    n(("resets", "integer", "count", "readers flagged as resets (§6.3)"), &[]),
    n(("reset_share", "number", "share 0-1", "resets over readers; null without a reader"), &[]),
];

/// One arm of the revision protocol (§6.4): `core::experiment::analysis::ArmStats`.
const EXPERIMENT_ARM: &[N] = &[
    n(("n", "integer", "count", "scored pairs of a private and a final call"), &[]),
    n(("mean_brier_change", "number", "Brier", "the mean Brier change, final minus private; null without a pair"), &[]),
    n(("toward_council_right", "object", "", "the move toward the council where the consensus direction was right"), EXPERIMENT_MOVE),
    n(("toward_council_wrong", "object", "", "the move toward the council where the consensus direction was wrong"), EXPERIMENT_MOVE),
];

const EXPERIMENT_MOVE: &[N] = &[
    n(("n", "integer", "count", "the pairs counted"), &[]),
    n(("mean_move", "number", "probability 0-1", "the mean (p_final - p_private) signed toward the consensus direction; null without a pair"), &[]),
];

/// A registered reading of the experiment (§8 F28, F29): `core::experiment::analysis::Reading`.
const EXPERIMENT_READING: &[N] = &[
    n(("measure", "string", "", "what the reading measures, in words"), &[]),
    n(("n_per_group", "integer", "count", "the scored first forecasts per group the reading is read at"), &[]),
    n(("available", "object", "", "the scored first forecasts each group has so far"), &[
        n(("g0", "integer", "count", "the seeing group's"), &[]),
        n(("g1", "integer", "count", "the blind group's"), &[]),
    ]),
    n(("value", "number", "", "the reading on each group's first n_per_group by receipt time; null until both groups have them"), &[]),
    n(("threshold", "number", "Brier", "the registered threshold the value is compared with as a point estimate (F28: 0.01); null when none is registered"), &[]),
];

/// `council-league.json` `experiment` (spec §6.2, §6.4, §8 F28/F29):
/// `core::experiment::analysis::Analysis`.
const EXPERIMENT: &[N] = &[
    n(("label", "string", "", "the data-dictionary label of requirement 16: which group is blind"), &[]),
    n(("identifiers", "integer", "count", "readers in the experiment"), &[]),
    n(("reset_share", "number", "share 0-1", "readers flagged as resets over readers; null without a reader"), &[]),
    n(("g0", "object", "", "the seeing group"), EXPERIMENT_GROUP),
    n(("g1", "object", "", "the blind group"), EXPERIMENT_GROUP),
    n(("brier_weighted", "object", "", "the primary outcome: per market, each group's mean Brier of scored first forecasts, weighted by the smaller group's count on the market (§6.2)"), &[
        n(("g0", "number", "Brier", "the seeing group's weighted Brier; null without a weight"), &[]),
        n(("g1", "number", "Brier", "the blind group's weighted Brier; null without a weight"), &[]),
        n(("difference", "number", "Brier", "g1 minus g0 (blind minus seeing); null without a weight"), &[]),
        n(("weight", "integer", "count", "the sum of the per-market weights"), &[]),
    ]),
    n(("revision", "object", "", "the revision protocol (§6.4): per reader, session and market, the first private call and the first final call after it"), &[
        n(("pairs", "integer", "count", "pairs of a private and a final call, scored or not"), &[]),
        n(("council", "object", "", "the arm shown the council's answers between the two calls"), EXPERIMENT_ARM),
        n(("control", "object", "", "the arm shown the control display instead"), EXPERIMENT_ARM),
        n(("primary", "number", "Brier", "the council arm's mean Brier change minus the control arm's; null without both"), &[]),
    ]),
    n(("registered", "object", "", "the registered readings (§8)"), &[
        n(("F28", "object", "", "the weighted Brier of first forecasts, blind minus seeing, against 0.01"), EXPERIMENT_READING),
        n(("F29", "object", "", "the anchoring share of first forecasts, seeing minus blind"), EXPERIMENT_READING),
    ]),
];

const RULE_SET: &[N] = &[
    n(("version", "string", "", "the version's name (arena-3), unique in the file"), &[]),
    n(("track", "string", "", "portfolio (§4.7), pro (§4.8), agent_portfolio (seed 002) or bets (seeds 001/003)"), &[]),
    n(("from", "string", "date", "the first session the version governs, up to the next version of the same track"), &[]),
    n(("starting_cash_cents", "integer", "US cents", "each account's starting cash"), &[]),
    n(("funds", "array", "", "the traded instruments, in order"), &[
        n(("market", "string", "", "the league market the fund stands for (Table 2 code)"), &[]),
        n(("symbol", "string", "", "the fund's ticker, as arena-prices.jsonl names it"), &[]),
    ]),
    n(("indicators_only", "array", "", "markets forecast but not tradable on the track"), &[]),
    n(("long_only", "boolean", "", "short positions are refused"), &[]),
    n(("weight_min_bp", "integer", "basis points", "the least |weight| of a held position (0, not held, is always allowed)"), &[]),
    n(("weight_max_bp", "integer", "basis points", "the most |weight| of a held position"), &[]),
    n(("gross_min_bp", "integer", "basis points", "the least sum of |weights| of a decision that trades"), &[]),
    n(("gross_max_bp", "integer", "basis points", "the most sum of |weights|"), &[]),
    n(("long_max_bp", "integer", "basis points", "the most the long weights may sum to"), &[]),
    n(("cost_bp", "integer", "basis points", "the cost of each dollar traded"), &[]),
    n(("cash_rate_symbol", "string", "", "the price-file symbol of the annual rate cash earns (actual/360); null: cash earns nothing"), &[]),
    n(("execution", "object", "", "when a decision trades"), &[
        n(("rule", "string", "", "first_price_in_window (the first price at or after the seal within start..end New York time) or next_close"), &[]),
        opt(("start", "string", "HH:MM New York", "the window's start"), "only the first_price_in_window rule has a window", &[]),
        opt(("end", "string", "HH:MM New York", "the window's end"), "only the first_price_in_window rule has a window", &[]),
    ]),
    n(("min_order_cents", "integer", "US cents", "a trade worth less is not sent"), &[]),
    n(("max_orders", "integer", "count", "the most trades one decision may need (more: rejected); null: no limit"), &[]),
    n(("metrics_sessions", "integer", "sessions", "the trailing sessions of the Sharpe and Sortino ratios"), &[]),
    n(("benchmarks", "array", "", "passive accounts under the same costs and execution"), &[
        n(("name", "string", "", "the account's name, starting with _"), &[]),
        opt(("weights_bp", "object", "", "fixed weights by fund symbol, bought at the first session and held"), "a random benchmark has no fixed weights", &[n(("<symbol>", "integer", "basis points", "the fund's weight"), &[])]),
        opt(("random_funds", "integer", "count", "how many funds the seeded random benchmark draws every session"), "only a random benchmark draws funds", &[]),
        opt(("seed", "integer", "", "the random benchmark's seed (np.random.default_rng(seed))"), "only a random benchmark has a seed", &[]),
    ]),
    opt(("bet", "object", "", "a bets track's rule (seeds 001/003)"), "only a bets track has a bet rule", &[
        n(("stake_cents", "integer", "hundredths of a token", "the stake per eligible market"), &[]),
        n(("limit_above_ask", "integer", "micro-tokens per share", "the immediate-or-cancel limit above the best ask (the agent's own cap replaces it)"), &[]),
        n(("eligibility", "object", "", "which markets are eligible"), &[
            n(("max_close_days", "integer", "days", "the latest closing time after now"), &[]),
            n(("min_close_minutes", "integer", "minutes", "the earliest closing time after now"), &[]),
            n(("favourite_max", "integer", "micro-tokens per share", "the highest price of the favourite outcome"), &[]),
            n(("excluded_topics", "array", "", "topics a market may not be about"), &[]),
            n(("category_max_bp", "integer", "basis points", "the most a category's rounds may be of the window's rounds"), &[]),
            n(("category_window_days", "integer", "days", "the category share's window before now"), &[]),
            n(("max_rounds_per_utc_day", "integer", "count", "the most rounds opened in one UTC day"), &[]),
            n(("max_open_rounds", "integer", "count", "the most rounds open at once"), &[]),
        ]),
    ]),
];

const PROTOCOL: &[N] = &[
    n(("protocol", "string", "", "sealbook-arena"), &[]),
    n(("rounding", "string", "", "how money is rounded"), &[]),
    n(("versions", "array", "", "every rule version of every track (Appendix A)"), RULE_SET),
];

/// The stats document's members.
const STATS: &[N] = &[
    n(("seats", "object", "", "per seat and horizon: brier (all rows, spec pall), brier_ex_draw, dropped_draws, n, sessions, coverage, service, explicit_50, counted_50, unstated, no_answer, bss_coin"), &[n(("<seat>", "object", "", "the seat"), &[n(("<horizon>", "object", "", "the seat on the horizon"), SEAT_HORIZON)])]),
    n(("grid", "object", "", "per seat, market and horizon: the same scores"), &[n(("<seat>", "object", "", "the seat"), &[n(("<asset>", "object", "", "the market"), &[n(("<horizon>", "object", "", "one cell of the model x market x horizon grid (§4.10)"), GRID_CELL)])])]),
    n(("consensus", "object", "", "per horizon: the consensus' brier, dispersion, members, n, sessions, interval, ci95, ci95_method, clim_brier, bss_clim, n_clim, momentum_brier, momentum_n, all_wrong, minority_right, calibration"), &[n(("<horizon>", "object", "", "the consensus on the horizon"), CONSENSUS_HORIZON)]),
    n(("n_eff", "array", "", "per run and horizon of the counted series: n, pairs, rho and N_eff = n / (1 + (n - 1) rho) (spec n_eff.counted.per_run)"), NEFF_ROW),
    n(("n_eff_all_runs", "array", "", "per run and horizon over every sealed run, counted or not, late answers and own-reference cells included: n, pairs, rho and N_eff (spec n_eff.per_run)"), NEFF_ROW),
    n(("n_eff_mean_rho", "object", "", "per horizon: the mean rho of its n_eff rows"), &[n(("<horizon>", "object", "", "the horizon's mean correlation"), &[n(("rho", "number", "", "the mean rho (numpy mean) of its n_eff[] rows that have both a rho and an N_eff: the rho the curve N_eff = n / (1 + (n - 1) rho) is drawn at (§5.1)"), &[]), n(("readings", "integer", "count", "how many rows it averages"), &[])])]),
    n(("independence", "object", "", "roster, groups, climatology, runs (pearson, errors, spectrum, sides, spread), shadow weights, funnel"), INDEPENDENCE),
    n(("primary_endpoint", "object", "", "the primary endpoint (spec §8): estimate, sessions, ci95, ci90, verdict, confirmed_below_margin, config, note, gains"), ENDPOINT),
    n(("comparisons", "array", "", "every council seat and the consensus against the coin and the climatology per horizon, and on one-day events against the crowd (the sealed price of the admitted crowd contract the event's run lists for its market, scored on the league's outcome), from session 11 (spec §4.6, §4.9): forecaster, benchmark (coin, climatology or crowd), horizon, sessions, events, estimate, ci90, tost (p_value, p_lower, p_upper, equivalent at +-0.01), power (sigma_g, sigma_from, delta, sessions_needed, detectable_effect)"), COMPARISON),
    n(("time_basis", "string", "", "book_sealed_at: a line is sealed at max(at, booked_at)"), &[]),
    n(("climatology_sha256_ok", "boolean", "", "the climatology table's content hash holds"), &[]),
    n(("climatology_seal", "object", "", "the table held to the declaration's climatology_sha256"), CLIM_SEAL),
    n(("rows", "integer", "", "rows scored"), &[]),
    n(("rows_from", "string", "", "the file the rows were read from"), &[]),
    n(("excluded_after_reference", "integer", "", "rows left out because sealed after their reference"), &[]),
    n(("crowd", "object", "", "the crowd comparison (spec council-league.json crowd): questions, unresolved, seats, overall, kalshi_mismatches, volume_floor_usd"), CROWD_STATS),
    n(("book_agreement", "object", "", "the forecasts file checked against the book"), BOOK_AGREEMENT),
    n(("methodology", "object", "", "the methodology versions of the scored rows and the one the confirmatory figures are from (spec §3.10, Requirement 15)"), METHODOLOGY),
    opt(("segments", "object", "", "per methodology version, its own measurement segment: its rows scored on their own (spec §3.10, Requirement 15)"), "present only when the scored rows hold two or more methodology versions", &[n(("<version>", "object", "", "the segment of one methodology_version"), SEGMENT)]),
    opt(("new_model_version", "object", "", "per seat whose model changed, its latest model version and the seat's results since it took over, shown on their own (spec §3.10)"), "present only when a seat answered with two or more model strings", &[n(("<seat>", "object", "", "the seat"), NEW_MODEL_VERSION)]),
    n(("secondary", "object", "", "the registered secondary analyses (spread tertiles; the shadow consensus against the published one) and the sensitivity analysis (the four US equity indices, exact-window base rates), spec §8; none carries a registered probability and none is adjusted for multiplicity; computed over every scored row, whatever its methodology version"), SECONDARY),
];

/// A seat's latest model version (`new_model_version.<seat>`, spec §3.10).
const NEW_MODEL_VERSION: &[N] = &[
    n(("model", "string", "", "the model string the seat's answers carry since the change (the answer line's model, as corrected)"), &[]),
    n(("version", "integer", "count", "the version's ordinal among the seat's versions, from 1: each change of the model string in book order opens the next"), &[]),
    n(("since", "string", "date", "the session of the version's first answer: the day it took over"), &[]),
    n(("since_line", "integer", "line", "the book line of that answer"), &[]),
    n(("previous_model", "string", "", "the model string of the version before it"), &[]),
    n(("account", "string", "", "the version's own account in the trading tracks: <seat>_ver:<model>:<n>"), &[]),
    n(("horizons", "object", "", "per horizon, the seat's scores (as seats.<seat>.<horizon>) on its counted rows since the version took over"), &[n(("<horizon>", "object", "", "the seat on the horizon since the change"), SEAT_HORIZON)]),
];

/// The stats document's `methodology` block (spec §3.10, Requirement 15).
const METHODOLOGY: &[N] = &[
    n(("versions", "array", "", "every methodology_version of the scored rows, in the order of its first row by session and sealing time"), &[]),
    n(("current", "string", "", "the version of the latest row by session and sealing time; null without rows"), &[]),
    n(("confirmatory", "string", "", "the version whose rows the top-level primary_endpoint and comparisons are computed from: the current one (confirmatory figures stay within one version); the other top-level members describe every row; null without rows"), &[]),
];

/// One methodology version's segment (`segments.<version>`, spec §3.10, Requirement 15).
const SEGMENT: &[N] = &[
    n(("rows", "integer", "count", "the version's rows"), &[]),
    n(("first_session", "string", "date", "its first session"), &[]),
    n(("last_session", "string", "date", "its last session"), &[]),
    n(("seats", "object", "", "per seat and horizon, the seat's scores on the version's rows"), &[n(("<seat>", "object", "", "the seat"), &[n(("<horizon>", "object", "", "the seat on the horizon"), SEAT_HORIZON)])]),
    n(("consensus", "object", "", "per horizon, the consensus on the version's common events"), &[n(("<horizon>", "object", "", "the consensus on the horizon"), CONSENSUS_HORIZON)]),
    n(("comparisons", "array", "", "the confirmatory comparisons on the version's rows (as the top-level comparisons)"), COMPARISON),
    n(("primary_endpoint", "object", "", "the primary endpoint on the version's one-day common events from session 11 of the season (as the top-level primary_endpoint)"), ENDPOINT),
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
        file_value(crate::records::names::BOOK_FILE, "jsonl", "the sealed book: one hash-chained line a record (spec §3.2, Appendix C)", nodes(BOOK)),
        file_value(crate::records::names::ASKS_FILE, "jsonl", "the outgoing ask chain: the schedule declaration, the roster, the ask hashes (spec §3.4, §3.9)", nodes(ASKS)),
        file_value("asks/*.md", "text", "an ask text, named by its SHA-256", none()),
        file_value("replies/*.txt", "text", "a seat's raw reply, published after its session closed (the answer line's own_sha256)", none()),
        file_value("proof/*Z.txt", "text", "a stamped list: each ledger's line count, prefix SHA-256 and last link", none()),
        file_value("proof/*Z.txt.ots", "binary", "the list's OpenTimestamps proof", none()),
        file_value("proof/*Z.txt.*.tsr", "binary", "the list's RFC 3161 time-stamp response from the named authority", none()),
        file_value("proof/*Z.txt.rekor.json", "json", "the list's Rekor log entry", none()),
        file_value("proof/*Z.txt.sigstore.json", "json", "the list's Sigstore bundle", none()),
        file_value("proof/*Z.txt.anchors.json", "json", "the anchors the list was sent to and how each answered (spec §3.2)", nodes(ANCHORS)),
        file_value("proof/*/index.html", "text", "the day's proof page for people", none()),
        file_value("proof/*.pem", "text", "a time-stamp authority's certificate", none()),
        file_value("tsa/*.pem", "text", "an authority's certificate or root a reader may choose", none()),
        file_value(crate::records::names::CLIM_FILE, "json", "the sealed climatology table (spec §4.3)", nodes(CLIM)),
        file_value(CALIBRATION_FILE, "json", "the fixed climatology as the league reads it (spec §4.3, Appendix C)", nodes(CALIBRATION)),
        file_value(ROSTER_FILE, "json", "the league's seats (spec Table 8)", nodes(ROSTER)),
        file_value(FORECASTS_INDEX_FILE, "json", "per-run slices of council-forecasts.csv", nodes(INDEX)),
        file_value(DIGEST_FILE, "json", "a small summary to start from (under 30 KB)", nodes(DIGEST)),
        file_value(DATASET_FILE, "json", "this data dictionary", top(&[
            ("format", "string", "sealbook-dataset-1"),
            ("keys", "array", "the key placeholders field names use: name (<seat>, <horizon>, ...) and meaning; a field so named documents every key of its map"),
            ("files", "array", "each published file: path (* stands for one or more characters), format, meaning, fields (name, type, unit, meaning, fields: an object's members or a list's objects' members, the same layout nested; optional: why a league may hold no such field)"),
            ("renamed", "array", "the spec's names published under another: spec, published, file, note"),
            ("not_published", "array", "the files the spec names that the league does not publish: file, why"),
        ])),
        file_value(crate::records::names::STATS_FILE, "json", "the stats document (spec §5, Appendix C), as sealbook score --json prints it", nodes(STATS)),
        file_value(crate::league::league_file::LEAGUE_FILE, "json", "the league file (spec Appendix C)", nodes(LEAGUE)),
        file_value(crate::records::names::CONTRACT_SCHEMA_FILE, "json", "the event contract's JSON Schema (spec §3.13)", top(&[
            ("$schema", "string", "JSON Schema draft"),
            ("$id", "string", "the schema's id"),
            ("title", "string", "its title"),
            ("description", "string", "what it describes"),
            ("type", "string", "object"),
            ("required", "array", "required keys"),
            ("additionalProperties", "boolean", "false"),
            ("properties", "object", "each key of the contract"),
        ])),
        file_value(crate::records::names::ANSWER_SCHEMA_FILE, "json", "the answer's JSON Schema (spec §3.1)", top(&[
            ("$schema", "string", "JSON Schema draft"),
            ("$id", "string", "the schema's id"),
            ("title", "string", "its title"),
            ("description", "string", "what it describes"),
            ("type", "string", "object"),
            ("required", "array", "required keys"),
            ("properties", "object", "each key of the answer"),
        ])),
        file_value(crate::league::manifest::MANIFEST_FILE, "json", "every published file with its size and SHA-256 (spec Appendix C)", nodes(MANIFEST)),
        file_value(crate::records::names::RETRIEVAL_FILE, "json", "the retriever's record, not published by the league: written by sealbook fetch beside the manifest it stores, each file's size, SHA-256 and retrieval time (spec Appendix C, the analysis release's manifest)", nodes(RETRIEVAL)),
        file_value(crate::records::names::DEMO_NOTICE_FILE, "text", "a DEMO league's notice: everything in it is invented", none()),
        file_value("arena-protocol.json", "json", "the trading tracks' rules (Appendix A)", nodes(PROTOCOL)),
        file_value("arena-code.json", "json", "the engine's code files (Appendix B step 8)", vec![
            field_value(("files", "array", "", "each code file"), &[
                ("file", "string", "", "its path in the source tree"),
                ("sha256", "string", "hex SHA-256", "its SHA-256"),
                ("bytes", "integer", "bytes", "its size"),
            ]),
        ]),
        file_value("arena-code-*.txt", "text", "one code file's text, named by its path", none()),
        file_value("arena-decisions.jsonl", "jsonl", "each seat's trading decision per account and session (from the sealed answer lines)", nodes(ARENA_DECISIONS)),
        file_value("arena-prices.jsonl", "jsonl", "the recorded prices the trading tracks run on", nodes(ARENA_PRICES)),
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
        file_value("arena-accounts.jsonl", "jsonl", "each account's state after each session", nodes(ARENA_ACCOUNTS)),
    ]
}

/// The forecasts file's name, as the layout names it.
const FORECASTS_FILE_NAME: &str = crate::records::names::FORECASTS_FILE;
