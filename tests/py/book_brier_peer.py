"""Peer for `sealbook score --book ... --json` without the forecasts file: reads the sealed
book line by line with the json module and computes, per seat and horizon, the Brier score
over the counted, resolved rows with a stated probability (spec seed 000 Appendix C book
lines; §3.4 and P3 for the counted run and answer; §3.5 strict up, draws included).

Rules, written independently of core::score::book_rows:
- a run is for the New York date of its `at` (the demo's runs are all in the morning of a
  session); before 2026-10-21 the last run sealed (max(at, booked_at)) before 09:30 New York
  counts, from 2026-10-21 the run named `<date>-am`;
- within a counted run, each seat's first answer with `items` counts;
- a cell counts when `items.<asset>.<horizon>.prob_up` is a number 0-100 (not a bool);
- a `score`/`score_h` line whose `of` is the run line's `n` resolves its `horizon` (`score`:
  1d when absent) per asset: up is close > ref (or the own reference of `late_ref`); an
  answer sealed (max(at, booked_at)) at or after 09:30 New York of its run's date has no
  outcome but its own `late_ref` (the common reference was taken before it was sealed).

Usage: book_brier_peer.py <council-book.jsonl>; prints {"<seat>": {"<horizon>": {"brier", "n"}}}.
"""

import json
import sys
from datetime import datetime
from zoneinfo import ZoneInfo

NY = ZoneInfo("America/New_York")


def instant(s):
    return datetime.fromisoformat(s.replace("Z", "+00:00"))


def main(path):
    lines = []
    with open(path, "rb") as f:
        for raw in f:
            if raw.endswith(b"\n"):
                lines.append(json.loads(raw))
    runs = [o for o in lines if o.get("kind") == "run"]
    counted = {}
    for r in runs:
        at = instant(r["at"])
        sealed = max(at, instant(r["booked_at"])) if r.get("booked_at") else at
        day = at.astimezone(NY).date()
        if day.isoformat() >= "2026-10-21":
            if r["run_id"] == f"{day.isoformat()}-am":
                counted[day] = (sealed, r)
        else:
            cut = datetime(day.year, day.month, day.day, 9, 30, tzinfo=NY)
            if sealed < cut and (day not in counted or counted[day][0] <= sealed):
                counted[day] = (sealed, r)
    counted_runs = {r["run_id"]: r["n"] for _, r in counted.values()}
    run_day = {r["run_id"]: instant(r["at"]).astimezone(NY).date() for _, r in counted.values()}
    outcomes = {}
    for o in lines:
        if o.get("kind") in ("score", "score_h"):
            h = o.get("horizon", "1d")
            for asset, res in o["results"].items():
                outcomes[(o["of"], h, asset)] = res
            for line, refs in (o.get("late_ref") or {}).items():
                for asset, ref in refs.items():
                    outcomes[("late", int(line), h, asset)] = ref
    seen = set()
    scores = {}
    for a in lines:
        if a.get("kind") != "answer" or a.get("run_id") not in counted_runs or a.get("items") is None:
            continue
        if (a["run_id"], a["seat"]) in seen:
            continue
        seen.add((a["run_id"], a["seat"]))
        run_n = counted_runs[a["run_id"]]
        at = instant(a["at"])
        sealed = max(at, instant(a["booked_at"])) if a.get("booked_at") else at
        day = run_day[a["run_id"]]
        late = sealed >= datetime(day.year, day.month, day.day, 9, 30, tzinfo=NY)
        for asset, cells in a["items"].items():
            for h, cell in cells.items():
                p = cell.get("prob_up")
                if isinstance(p, bool) or not isinstance(p, (int, float)) or not 0 <= p <= 100:
                    continue
                res = outcomes.get((run_n, h, asset))
                if res is None:
                    continue
                own = outcomes.get(("late", a["n"], h, asset))
                if own is None and late:
                    continue
                ref = res["ref"] if own is None else own
                up = 1.0 if res["close"] > ref else 0.0
                scores.setdefault(a["seat"], {}).setdefault(h, []).append((p / 100.0 - up) ** 2)
    out = {seat: {h: {"brier": sum(v) / len(v), "n": len(v)} for h, v in hs.items()} for seat, hs in scores.items()}
    print(json.dumps(out, sort_keys=True))


if __name__ == "__main__":
    main(sys.argv[1])
