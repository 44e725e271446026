"""Independent peer of sealbook's AI-vs-crowd comparison (core/src/score/crowd_book.rs), written
from spec seed 000 section 4.9 and the book layout documented in core/src/records/book_lines.rs,
with the standard library only (json, csv, math).

usage: python3 crowd_peer.py council-book.jsonl council-forecasts.csv

Prints JSON: {"questions": [...], "unresolved": N, "seats": {seat: {"admitted": F, "thin": F}},
"overall": {"admitted": F, "thin": F}, "kalshi_mismatches": [[run_line, field], ...]} where F
holds n, questions, model_brier, crowd_brier, bss_crowd, gap, model_hits, crowd_hits, d, d_n,
gap_readable.

Rules as the spec states them:
- per market the Polymarket contract when listed (the one the models answer), else Kalshi's;
- admitted when the sealed volume is at least $1,000, thinner contracts reported apart;
- model Brier (crowd_up/100 - o)^2 and crowd Brier (p_up - o)^2 with o the crowd's resolution;
- d = share of the comparison's market-sessions whose league one-day outcome (change > 0 in
  the forecasts file, same_event rows) and crowd outcome differ; |gap| <= 2d is not read;
- Kalshi p_up is the linear interpolation between the strikes lo and hi at the previous close.
"""
import csv
import json
import math
import sys

FLOOR = 1000.0
TOL = 1e-6


def read_book(path):
    runs, answers, crowds = [], {}, []
    with open(path, "rb") as f:
        data = f.read()
    lines = data.split(b"\n")[:-1]  # a last line without LF is not counted
    for pos, raw in enumerate(lines, start=1):
        o = json.loads(raw.decode("utf-8"))
        n = o.get("n") if isinstance(o.get("n"), int) and not isinstance(o.get("n"), bool) and o["n"] >= 1 else pos
        kind = o.get("kind")
        if kind == "run":
            runs.append((n, o))
        elif kind == "answer":
            answers[n] = o
        elif kind == "crowd":
            crowds.append((n, o))
    return runs, answers, crowds


def read_csv(path):
    with open(path, newline="", encoding="utf-8-sig") as f:
        return list(csv.DictReader(f))


def mean(xs):
    return math.fsum(xs) / len(xs) if xs else None


def hits(pairs):
    """(hits, n) over forecasts taking a side; p is a probability 0-1."""
    h = n = 0
    for p, up in pairs:
        if p == 0.5:
            continue
        n += 1
        h += (p > 0.5) == up
    return [h, n]


def figures(rows, questions):
    m = mean([(r["model"] - r["o"]) ** 2 for r in rows])
    c = mean([(r["crowd"] - r["o"]) ** 2 for r in rows])
    asked = sorted({r["q"] for r in rows})
    pairs = [(questions[i]["league_up"], questions[i]["up"]) for i in asked if questions[i]["league_up"] is not None]
    d = sum(a != b for a, b in pairs) / len(pairs) if pairs else None
    gap = m - c if m is not None else None
    return {
        "n": len(rows),
        "questions": len(asked),
        "model_brier": m,
        "crowd_brier": c,
        "bss_crowd": (1 - m / c) if m is not None and c != 0 else None,
        "gap": gap,
        "model_distance": mean([abs(r["model"] * 100 - 50) for r in rows]),
        "crowd_distance": mean([abs(r["crowd"] * 100 - 50) for r in rows]),
        "model_hits": hits([(r["model"], r["o"] == 1) for r in rows]),
        "crowd_hits": hits([(r["crowd"], r["o"] == 1) for r in rows]),
        "d": d,
        "d_n": len(pairs),
        "gap_readable": (abs(gap) > 2 * d) if gap is not None and d is not None else None,
    }


def split(rows, questions):
    return {
        "admitted": figures([r for r in rows if r["vol"] >= FLOOR], questions),
        "thin": figures([r for r in rows if r["vol"] < FLOOR], questions),
    }


def main(book_path, csv_path):
    runs, answers, crowds = read_book(book_path)
    table = read_csv(csv_path)

    league = {}
    scored = {}
    for r in table:
        if r["horizon"] == "1d" and r["same_event"].lower() in ("true", "1") and r["ref"] and r["close"] and r["actual_pct"]:
            league.setdefault((r["run_id"], r["asset"]), float(r["actual_pct"]) > 0)
        a = answers.get(int(r["line"]))
        if r["line_kind"] == "issue" and r["status"] != "no_answer" and a and a.get("seat") == r["seat"] and a.get("run_id") == r["run_id"]:
            scored.setdefault((r["run_id"], r["seat"]), int(r["line"]))
    answer_of = {}
    for n in sorted(answers):
        a = answers[n]
        if isinstance(a.get("run_id"), str) and isinstance(a.get("seat"), str):
            answer_of.setdefault((a["run_id"], a["seat"]), n)
    answer_of.update(scored)

    resolution = {}
    for n, c in crowds:
        for key, row in c["rows"].items():
            if row.get("up") is not None:
                resolution[(c["run_id"], key)] = row["up"]

    questions, mismatches = [], []
    for n, run in runs:
        crowd = run.get("crowd")
        if not crowd:
            continue
        odds, kalshi = crowd.get("odds") or {}, crowd.get("kalshi") or {}
        for code in sorted(kalshi):
            q = kalshi[code]
            if all(q.get(k) is not None for k in ("lo", "hi", "prev_close")):
                lo, hi, pc = q["lo"], q["hi"], q["prev_close"]
                if lo["strike"] <= pc <= hi["strike"] and hi["strike"] != lo["strike"]:
                    p = lo["p_above"] + (pc - lo["strike"]) / (hi["strike"] - lo["strike"]) * (hi["p_above"] - lo["p_above"])
                elif lo["strike"] == pc == hi["strike"] and lo["p_above"] == hi["p_above"]:
                    p = lo["p_above"]
                else:
                    p = None
                if p is None or abs(p - q["p_up"]) > TOL:
                    mismatches.append([n, "crowd.kalshi.%s.p_up" % code])
        for code in sorted(set(odds) | set(kalshi)):
            venue, q, key = ("polymarket", odds[code], code) if code in odds else ("kalshi", kalshi[code], code + "@kalshi")
            seats = {}
            for (run_id, seat), line in sorted(answer_of.items()):
                if run_id != run["run_id"]:
                    continue
                cell = (answers[line].get("items") or {}).get(code)
                d1 = cell.get("1d") if isinstance(cell, dict) else None
                if isinstance(d1, dict) and d1.get("crowd_up") is not None:
                    seats[seat] = d1["crowd_up"]
            questions.append({
                "run_id": run["run_id"], "code": code, "venue": venue, "p_up": q["p_up"], "vol": q["vol"],
                "admitted": q["vol"] >= FLOOR, "seats": seats, "up": resolution.get((run["run_id"], key)),
                "league_up": league.get((run["run_id"], code)),
            })

    by_seat, everyone = {}, []
    for i, q in enumerate(questions):
        if q["up"] is None:
            continue
        for seat, p in q["seats"].items():
            r = {"model": p / 100.0, "crowd": q["p_up"], "o": 1.0 if q["up"] else 0.0, "vol": q["vol"], "q": i}
            by_seat.setdefault(seat, []).append(r)
            everyone.append(r)
    out = {
        "questions": questions,
        "unresolved": sum(q["up"] is None for q in questions),
        "seats": {s: split(rows, questions) for s, rows in sorted(by_seat.items())},
        "overall": split(everyone, questions),
        "kalshi_mismatches": mismatches,
    }
    print(json.dumps(out, sort_keys=True))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
