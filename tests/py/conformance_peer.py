"""Independent peer of sealbook's conformance checker (core/src/contract/conformance.rs), written from
the rule list of spec section 3.13 with the Python standard library only, like the spec's
tools/conformance.py. Prints JSON {"rows": N, "failures": [[row, column], ...]}; the header
is row 1, a failure of a whole record has column "".

usage: python3 conformance_peer.py council-forecasts.csv [--book council-book.jsonl]
           [--climatology council-clim-window.json --asks asks.jsonl]
       (with the book: a resolved row of the common event whose run's score line seals a draw
       band for its asset and horizon, `noise`, must state the draw the band gives, spec 3.5)
       (with the table and the ask chain: the table must hash to the climatology_sha256 the
       declaration, line 1 of the ask chain, seals; spec 4.3)
       python3 conformance_peer.py --calendar   (the NYSE/New York calendar facts it relies on)
"""
import csv
import datetime as dt
import hashlib
import json
import re
import sys

C1 = ("run_id session seat model mode line sealed_at status asset horizon action action_word prob_up "
      "exp_pct target invalidation ref close actual_pct draw source_domains source_urls why_missing "
      "run_role seat_versions_in_run line_kind reference_at same_event cell_status attempt event_id "
      "event_reference_at event_end_at methodology_version").split()
CONTRACT_COLS = ["rule", "resolver_version", "reference_rule", "price_provider", "price_symbol", "event_id_v2"]
KEYS = ["asset", "horizon", "reference_at", "end_at", "rule", "resolver_version", "reference_rule",
        "price_provider", "price_symbol"]

# NYSE full-day closures as the exchange published them, 2022-2027.
HOLIDAYS = {dt.date.fromisoformat(s) for s in """
2022-01-17 2022-02-21 2022-04-15 2022-05-30 2022-06-20 2022-07-04 2022-09-05 2022-11-24 2022-12-26
2023-01-02 2023-01-16 2023-02-20 2023-04-07 2023-05-29 2023-06-19 2023-07-04 2023-09-04 2023-11-23 2023-12-25
2024-01-01 2024-01-15 2024-02-19 2024-03-29 2024-05-27 2024-06-19 2024-07-04 2024-09-02 2024-11-28 2024-12-25
2025-01-01 2025-01-09 2025-01-20 2025-02-17 2025-04-18 2025-05-26 2025-06-19 2025-07-04 2025-09-01 2025-11-27 2025-12-25
2026-01-01 2026-01-19 2026-02-16 2026-04-03 2026-05-25 2026-06-19 2026-07-03 2026-09-07 2026-11-26 2026-12-25
2027-01-01 2027-01-18 2027-02-15 2027-03-26 2027-05-31 2027-06-18 2027-07-05 2027-09-06 2027-11-25 2027-12-24
""".split()}
KNOWN_YEARS = range(2022, 2028)
# The reference rule whose first bar starts at the first minute at or after reference_at.
V1_RULE = "first_1m_bar_at_or_after_reference_at__last_1m_bar_at_or_before_end_at__v1"
# The value a contract field holds when the book seals no contract.
UNSTATED = "(not stated in the book)"


def _new_york():
    from zoneinfo import ZoneInfo
    return ZoneInfo("America/New_York")


NEW_YORK = _new_york()

NUM = re.compile(r"-?\d+(\.\d+)?([eE][+-]?\d+)?")
TIME = re.compile(r"(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})")


def number(s):
    if not NUM.fullmatch(s):
        return None
    v = float(s)
    return v if v not in (float("inf"), float("-inf")) else None


def boolean(s):
    return {"true": True, "1": True, "false": False, "0": False}.get(s.lower())


def when(s):
    m = TIME.fullmatch(s)
    if not m:
        return None
    y, mo, d, h, mi, se, frac, off = m.groups()
    try:
        if off in ("Z", "z"):
            tz = dt.timezone.utc
        else:
            sign = -1 if off[0] == "-" else 1
            if int(off[1:3]) > 23 or int(off[4:6]) > 59:
                return None
            tz = dt.timezone(sign * dt.timedelta(hours=int(off[1:3]), minutes=int(off[4:6])))
        micro = int((frac or "").ljust(6, "0")[:6])
        return dt.datetime(int(y), int(mo), int(d), int(h), int(mi), int(se), micro, tzinfo=tz)
    except ValueError:
        return None


def ident(prefix, obj):
    text = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return prefix + hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def sealed_bands(book_path):
    runs, bands = {}, {}
    with open(book_path, encoding="utf-8") as f:
        for text in f:
            line = json.loads(text)
            if line.get("kind") == "run":
                runs[line["n"]] = line.get("run_id")
            elif line.get("kind") in ("score", "score_h"):
                h = line.get("horizon", "1d")
                for asset, band in (line.get("noise") or {}).items():
                    bands.setdefault((runs.get(line["of"]), h, asset), band)
    return bands


def check(path, bands=None):
    bands = bands or {}
    failures = []
    with open(path, encoding="utf-8-sig", newline="") as f:
        records = list(csv.reader(f))
    header, body = records[0], records[1:]
    for i, h in enumerate(header):
        if h in header[:i]:
            failures.append((1, h))
    missing = [c for c in C1 + CONTRACT_COLS if c not in header]
    failures += [(1, c) for c in missing]
    short = set()
    for r, rec in enumerate(body, start=2):
        if len(rec) != len(header):
            failures.append((r, ""))
            short.add(r)
    if missing:
        return len(body), failures
    seen = ({}, {})
    for r, rec in enumerate(body, start=2):
        if r in short:
            continue
        row = dict(zip(header, rec))
        bad = lambda col: failures.append((r, col))
        for c in ["run_id", "seat", "asset", "methodology_version"] + CONTRACT_COLS[:5]:
            if row[c] == "":
                bad(c)
        # Every event's contract is fixed before the ask (requirement 1): no placeholder.
        for c in CONTRACT_COLS[:5]:
            if row[c] == UNSTATED:
                bad(c)
        try:
            day = dt.date.fromisoformat(row["session"]) if re.fullmatch(r"\d{4}-\d{2}-\d{2}", row["session"]) else None
        except ValueError:
            day = None
        if day is None:
            bad("session")
        elif day.year in KNOWN_YEARS and (day.weekday() >= 5 or day in HOLIDAYS):
            bad("session")
        if not (row["line"].isdigit() and row["line"].isascii() and int(row["line"]) >= 1):
            bad("line")
        if row["attempt"] != "" and not (row["attempt"].isdigit() and row["attempt"].isascii() and int(row["attempt"]) >= 1):
            bad("attempt")
        t = {}
        for c in ["sealed_at", "reference_at", "event_reference_at", "event_end_at"]:
            t[c] = when(row[c])
            if t[c] is None:
                bad(c)
        # The 10-year yield's event ends 15:00 New York time (spec section 3, Table 1).
        if row["asset"] == "TNX" and t["event_end_at"]:
            local = t["event_end_at"].astimezone(NEW_YORK)
            if (local.hour, local.minute, local.second, local.microsecond) != (15, 0, 0, 0):
                bad("event_end_at")
        if t["event_reference_at"] and t["event_end_at"] and not t["event_end_at"] > t["event_reference_at"]:
            bad("event_end_at")
        if t["sealed_at"] and t["reference_at"] and t["reference_at"] < t["sealed_at"]:
            bad("reference_at")
        # reference_price_at, when the file has it: the first minute the v1 rule reads.
        if row.get("reference_price_at", "") != "":
            price_at = when(row["reference_price_at"])
            ref_at = t["reference_at"]
            if price_at is None:
                bad("reference_price_at")
            elif ref_at and row["reference_rule"] == V1_RULE:
                first = ref_at if (ref_at.second, ref_at.microsecond) == (0, 0) else \
                    ref_at.replace(second=0, microsecond=0) + dt.timedelta(minutes=1)
                if price_at != first:
                    bad("reference_price_at")
        if t["sealed_at"] and t["event_end_at"] and not t["sealed_at"] < t["event_end_at"]:
            bad("sealed_at")
        enums = {
            "status": ({"counted", "not_counted", "counted_50", "no_answer", "refused_shape"}, False),
            "cell_status": ({"elicited", "explicit_50", "invalid"}, True),
            "line_kind": ({"issue", "correction"}, False),
            "run_role": ({"session_run", "earlier_run"}, True),
        }
        for c, (allowed, may_be_empty) in enums.items():
            if not (row[c] in allowed or (may_be_empty and row[c] == "")):
                bad(c)
        if row["horizon"] not in ("1d", "1w", "1m", "6m"):
            bad("horizon")
        if boolean(row["same_event"]) is None:
            bad("same_event")
        if row["draw"] != "" and boolean(row["draw"]) is None:
            bad("draw")
        p_text = row["prob_up"]
        p = number(p_text) if p_text else None
        if p_text and (p is None or not 0 <= p <= 100):
            bad("prob_up")
        cs = row["cell_status"]
        if (cs == "elicited" and p_text == "") or (cs == "explicit_50" and (p_text == "" or (p is not None and p != 50))) \
                or (cs == "invalid" and p_text != ""):
            bad("prob_up")
        oc = ["ref", "close", "actual_pct"]
        given = [c for c in oc if row[c] != ""]
        if not given:
            if row["draw"] != "":
                bad("draw")
        elif len(given) < 3:
            for c in oc:
                if row[c] == "":
                    bad(c)
        else:
            vals = {c: number(row[c]) for c in oc}
            for c in oc:
                if vals[c] is None or (c != "actual_pct" and vals[c] <= 0):
                    bad(c)
            band = bands.get((row["run_id"], row["horizon"], row["asset"]))
            if band is not None and vals["actual_pct"] is not None and boolean(row["same_event"]) is not False:
                due = abs(vals["actual_pct"]) <= band
                stated = boolean(row["draw"])
                if stated is None or (stated != due and abs(abs(vals["actual_pct"]) - band) > 1e-9):
                    bad("draw")
            ref, close, chg = vals["ref"], vals["close"], vals["actual_pct"]
            if None not in (ref, close, chg) and ref > 0:
                direction = (close > ref) - (close < ref)
                if (direction > 0 and chg < 0) or (direction < 0 and chg > 0) or (direction == 0 and chg != 0):
                    bad("actual_pct")
        contract = dict(zip(KEYS, [row["asset"], row["horizon"], row["event_reference_at"], row["event_end_at"]]
                            + [row[c] for c in CONTRACT_COLS[:5]]))
        first_five = {k: contract[k] for k in KEYS[:5]}
        for k, (col, obj, prefix) in enumerate([("event_id", first_five, "ev1-"), ("event_id_v2", contract, "ev2-")]):
            stated = row[col]
            if stated != ident(prefix, obj):
                bad(col)
            if stated == "":
                continue
            if stated in seen[k]:
                if seen[k][stated] != obj:
                    bad(col)
            else:
                seen[k][stated] = obj
    return len(body), failures


def calendar_facts():
    """Every day of 2022-2027: whether the NYSE is open, and (for sessions) the UTC instants of
    09:30 and 16:00 New York time from the system tz database; session numbers from
    2026-10-19; the New York UTC offset at every hour of the years."""
    from zoneinfo import ZoneInfo
    ny = ZoneInfo("America/New_York")
    days, number = [], 0
    d = dt.date(2022, 1, 1)
    while d.year < 2028:
        open_ = d.weekday() < 5 and d not in HOLIDAYS
        entry = {"date": d.isoformat(), "open": open_}
        if open_:
            for name, (h, m) in (("ref", (9, 30)), ("close", (16, 0))):
                entry[name] = int(dt.datetime(d.year, d.month, d.day, h, m, tzinfo=ny).timestamp())
            if d >= dt.date(2026, 10, 19):
                number += 1
                entry["session"] = number
        days.append(entry)
        d += dt.timedelta(days=1)
    start = int(dt.datetime(2022, 1, 1, tzinfo=dt.timezone.utc).timestamp())
    end = int(dt.datetime(2028, 1, 1, tzinfo=dt.timezone.utc).timestamp())
    offsets = [[t, int(dt.datetime.fromtimestamp(t, ny).utcoffset().total_seconds())] for t in range(start, end, 3600)]
    return {"days": days, "offsets": offsets}


def climatology_check(table_path, asks_path):
    """Spec 4.3, Requirement 9: the climatology table held to the content hash the declaration
    (line 1 of the ask chain) sealed, `climatology_sha256`. The content hash is SHA-256 of
    json.dumps(table without its "sha256" key, sort_keys=True) with the default settings.
    Returns {"ok": bool, "field": the field that failed or None}."""
    with open(asks_path, "rb") as f:
        first = f.read().split(b"\n", 1)[0]
    sealed = json.loads(first).get("climatology_sha256")
    if not sealed:
        return {"ok": False, "field": "climatology_sha256"}
    try:
        with open(table_path, "rb") as f:
            raw = f.read()
    except FileNotFoundError:
        return {"ok": False, "field": "climatology_sha256"}
    try:
        table = json.loads(raw)
    except ValueError:
        return {"ok": False, "field": ""}
    if not isinstance(table, dict) or not isinstance(table.get("sha256"), str):
        return {"ok": False, "field": "sha256"}
    content = {k: v for k, v in table.items() if k != "sha256"}
    found = hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()
    ok = found == sealed and table["sha256"] == sealed
    return {"ok": ok, "field": None if ok else "sha256"}


if __name__ == "__main__":
    if sys.argv[1] == "--calendar":
        print(json.dumps(calendar_facts()))
        sys.exit(0)
    opts = dict(zip(sys.argv[2::2], sys.argv[3::2]))
    bands = sealed_bands(opts["--book"]) if "--book" in opts else None
    n, fails = check(sys.argv[1], bands)
    out = {"rows": n, "failures": [list(x) for x in fails]}
    if "--climatology" in opts:
        out["climatology"] = climatology_check(opts["--climatology"], opts["--asks"])
    print(json.dumps(out))
