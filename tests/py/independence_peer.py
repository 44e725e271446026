"""Peer for server/tests/cli/independence_cli.rs: the stats document's independence section (spec
seed 000 sections 5.1-5.3 and 5.8, Tables 6-7) and the family-weighted consensus (5.3), computed
with numpy, scipy (neff_peer.py's pairwise r) and itertools from the same council-forecasts.csv, asks.jsonl and climatology table that
`sealbook score` reads.

  independence_peer.py CSV ASKS|- CLIM [BOOK]

prints JSON: per run and horizon (and "all", the whole run's cells) the Pearson, one market per
group, deviation-from-50 and deviation-from-climatology readings, the eigenvalues of the
correlation matrix (np.linalg.eigvalsh), Table 7's K, share 40-60 and spread, each seat's mean
r and majority agreement, the error
N_eff of the resolved events and the sides test (every equal-size split, itertools); the shadow
weights of the design window (sessions 1-10); and the consensus Brier per horizon with the
roster's families and with every seat its own family; per run Table 6's counts. ASKS "-" means
no roster. With BOOK (lines {"n", "at", "booked_at"}), only answers whose line was sealed,
max(at, booked_at), before the session's 09:30 New York time are read.

Written from the spec's text, not from sealbook's code."""
import csv
import datetime as dt
import itertools
import json
import os
import sys
from zoneinfo import ZoneInfo

import numpy as np

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from season import BASELINES, sessions  # noqa: E402  (the baseline seats; NYSE sessions from session 1 = 2026-10-19)
from neff_peer import matrix, reading, side  # noqa: E402  (pairwise r over common cells, N_eff)

ORDER = {"1d": 0, "1w": 1, "1m": 2, "6m": 3}
# 5.1: one market per group of co-moving markets: the US equity indices, the two crude oils.
GROUPS = [["SPX", "NDX", "DJI"], ["WTI", "CL", "BRENT"]]


def stated(r):
    return r["status"] not in ("no_answer", "counted_50", "refused_shape") and r["cell_status"] != "invalid" and r["prob_up"] != ""


def utc(s):
    return dt.datetime.fromisoformat(s.replace("Z", "+00:00"))


def read_book(path):
    """Book line -> max(at, booked_at)."""
    sealed = {}
    for line in open(path, encoding="utf-8"):
        o = json.loads(line)
        sealed[o["n"]] = max(utc(o["at"]), utc(o.get("booked_at") or o["at"]))
    return sealed


def before_reference(r, sealed):
    d = dt.date.fromisoformat(r["session"])
    cut = dt.datetime(d.year, d.month, d.day, 9, 30, tzinfo=ZoneInfo("America/New_York"))
    t = sealed.get(int(r["line"]))
    return t is not None and t < cut


def common(rows, sealed):
    """4.5 / 5.1: a council seat's rows (a baseline is a benchmark, not a member), counted,
    stated, the common event, issue lines, sealed before the reference."""
    return [r for r in rows if r["model"] not in BASELINES and r["status"] == "counted" and stated(r) and r["same_event"] == "true" and r["line_kind"] == "issue"
            and (sealed is None or before_reference(r, sealed))]


def eligible(rows, sealed):
    """5.1: the common rows of each seat's latest line in a run."""
    ok = common(rows, sealed)
    latest = {}
    for r in ok:
        k = (r["run_id"], r["seat"])
        latest[k] = max(latest.get(k, 0), int(r["line"]))
    return [r for r in ok if int(r["line"]) == latest[(r["run_id"], r["seat"])]]


def resolved_up(r):
    if r["ref"] == "" or r["close"] == "" or r["actual_pct"] == "":
        return None
    return float(r["actual_pct"]) > 0


def panel(rs, roster, clim):
    """Every figure of one run's panel (one horizon, or all)."""
    t = {}
    for r in rs:
        t.setdefault(r["seat"], {})[(r["asset"], r["horizon"])] = float(r["prob_up"])
    markets = {r["asset"] for r in rs}
    dropped = [m for g in GROUPS for m in [x for x in g if x in markets][1:]]
    grouped = {s: {k: v for k, v in c.items() if k[0] not in dropped} for s, c in t.items()}
    ref = {(r["asset"], r["horizon"]): 100 * clim[(r["asset"], r["horizon"])] for r in rs if (r["asset"], r["horizon"]) in clim}
    out = {"n": len(t), "cells": len({k for c in t.values() for k in c}), "pearson": reading(t),
           "grouped": reading(grouped), "dropped": dropped, "fifty": reading(t, "fifty"),
           "clim": reading(t, "ref", ref) if clim else None}
    seats, r = matrix(t)
    if all(v is not None for v in r.values()):
        ev = np.linalg.eigvalsh(np.array([[1.0 if i == j else r[(i, j)] for j in seats] for i in seats]))[::-1]
        out["spectrum"] = {"eigenvalues": ev.tolist(), "largest_share": float(ev[0] / ev.sum()),
                           "participation_ratio": float(ev.sum() ** 2 / (ev ** 2).sum())}
    else:
        out["spectrum"] = None
    cells = sorted({k for c in t.values() for k in c})
    prof = {}
    for s in seats:
        rs_ = [r[(s, o)] for o in seats if o != s and r[(s, o)] is not None]
        agree = counted = 0
        for k in cells:
            if k not in t[s] or side(t[s][k]) == 0:
                continue
            vote = sum(side(t[o][k]) for o in seats if o != s and k in t[o])
            if vote != 0:
                counted += 1
                agree += int(np.sign(vote) == side(t[s][k]))
        prof[s] = {"mean_r": float(np.mean(rs_)) if rs_ else None, "agree": agree, "cells": counted}
    out["seats"] = prof
    # Table 7: sharpness K, the share from 40 to 60, the spread between seats per cell
    ps = np.array([p for c in t.values() for p in c.values()])
    out["k"] = float(2 * np.mean(np.abs(ps - 50)))
    out["share_40_60"] = float(np.mean((ps >= 40) & (ps <= 60)))
    per_cell = [np.std([t[s][k] for s in seats if k in t[s]]) for k in cells if sum(k in t[s] for s in seats) >= 2]
    out["spread"] = float(np.mean(per_cell)) if per_cell else None
    out["spread_cells"] = len(per_cell)
    # the error N_eff: 1 wrong, 0 right; a stated 50 is neither
    errs = {}
    for x in rs:
        up = resolved_up(x)
        p = float(x["prob_up"])
        if up is not None and p != 50:
            errs.setdefault(x["seat"], {})[(x["asset"], x["horizon"])] = 0.0 if (p > 50) == up else 1.0
    out["errors"] = reading(errs) if errs else None
    # 5.8: within / between mean r and the exact permutation p of the largest cell gap
    sides = {s["seat"]: s.get("side") for s in roster}
    out["sides"] = None
    if all(sides.get(s) for s in seats) and len({sides[s] for s in seats}) == 2:
        a_label = sorted({sides[s] for s in seats})[0]

        def gap(group):
            best = None
            for k in cells:
                pa = [t[s][k] for s in seats if s in group and k in t[s]]
                pb = [t[s][k] for s in seats if s not in group and k in t[s]]
                if pa and pb:
                    d = abs(sum(pa) / len(pa) - sum(pb) / len(pb))
                    best = d if best is None or d > best else best
            return best

        group_a = {s for s in seats if sides[s] == a_label}
        obs = gap(group_a)
        splits = list(itertools.combinations(seats, len(group_a)))
        wide = sum(1 for sp in splits if gap(set(sp)) >= obs - abs(obs) * np.finfo(float).eps * 100)
        pairs = list(itertools.combinations(seats, 2))
        within = [r[p] for p in pairs if sides[p[0]] == sides[p[1]] and r[p] is not None]
        between = [r[p] for p in pairs if sides[p[0]] != sides[p[1]] and r[p] is not None]
        out["sides"] = {"splits": len(splits), "wide": wide, "p": wide / len(splits), "max_gap": obs,
                        "within": float(np.mean(within)) if within else None,
                        "between": float(np.mean(between)) if between else None}
    return out


def consensus(answers):
    """5.3 / 4.5: answers (family, p) in roster order; from five answers drop the first highest
    and then the first lowest; a family's second and later seats weigh 1/3; clamp to 2-98."""
    keep = list(range(len(answers)))
    if len(answers) >= 5:
        for pick in (max, min):
            best = pick(answers[i][1] for i in keep)
            keep.remove(next(i for i in keep if answers[i][1] == best))
    seen, w = set(), []
    for i in keep:
        w.append(1 / 3 if answers[i][0] in seen else 1.0)
        seen.add(answers[i][0])
    total = sum(w)
    c = sum(wi / total * answers[i][1] for wi, i in zip(w, keep))
    return min(98.0, max(2.0, c))


def consensus_brier(rows, sealed, family, order):
    events = {}
    for r in common(rows, sealed):
        events.setdefault((r["horizon"], r["event_id_v2"]), []).append(r)
    out = {}
    for (h, _), rs in events.items():
        up = next((u for u in map(resolved_up, rs) if u is not None), None)
        if up is None:
            continue
        rs.sort(key=lambda r: order[r["seat"]])
        c = consensus([(family(r["seat"]), float(r["prob_up"])) for r in rs]) / 100
        out.setdefault(h, []).append((c - float(up)) ** 2)
    return {h: {"brier": float(np.mean(v)), "n": len(v)} for h, v in out.items()}


def main():
    csv_path, asks_path = sys.argv[1], sys.argv[2]
    with open(csv_path, encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    roster = []
    if asks_path != "-":
        for line in open(asks_path, encoding="utf-8"):
            o = json.loads(line)
            if o.get("kind") == "roster":
                roster = o["seats"]
    clim = {(e["asset"], e["h"]): e["p_up"] for e in json.load(open(sys.argv[3]))["table"]}
    sealed = read_book(sys.argv[4]) if len(sys.argv) > 4 else None

    ok = eligible(rows, sealed)
    runs = {}
    for r in ok:
        runs.setdefault(r["run_id"], []).append(r)
    out = []
    for run_id in sorted(runs):
        rs = runs[run_id]
        for h in sorted({r["horizon"] for r in rs}, key=ORDER.get):
            out.append(dict(panel([r for r in rs if r["horizon"] == h], roster, clim), run_id=run_id, horizon=h))
        out.append(dict(panel(rs, roster, clim), run_id=run_id, horizon="all"))

    number = {str(d): k + 1 for k, d in enumerate(sessions(400))}
    pooled, window = {}, []
    for run_id in sorted(runs):
        one_day = [r for r in runs[run_id] if r["horizon"] == "1d"]
        if not one_day or number[one_day[0]["session"]] >= 11:
            continue
        window.append(run_id)
        t = {}
        for r in one_day:
            t.setdefault(r["seat"], {})[r["asset"]] = float(r["prob_up"])
        seats, m = matrix(t)
        for (i, j), v in m.items():
            if v is not None:
                pooled.setdefault(i, []).append(v)
    # 5.3: the shadow consensus weighs the council's seats only.
    baselines = {s["seat"] for s in roster if s.get("model") in BASELINES} | {r["seat"] for r in rows if r["model"] in BASELINES}
    council = [s["seat"] for s in roster if s["seat"] not in baselines]
    everyone = council + sorted({r["seat"] for r in rows} - {s["seat"] for s in roster} - baselines)
    weights = {s: 1 / max(float(np.mean(pooled[s])), 0.05) for s in everyone if s in pooled}
    med = float(np.median(list(weights.values())))
    for s in everyone:
        weights.setdefault(s, med)

    fam = {s["seat"]: s["family"] for s in roster}
    order = {s: k for k, s in enumerate(everyone)}
    first_seen = {}
    for r in rows:
        first_seen.setdefault(r["seat"], len(first_seen))
    json.dump({"runs": out, "shadow": {"window": window, "weights": weights, "pairs": {s: len(v) for s, v in pooled.items()}},
               "consensus_families": consensus_brier(rows, sealed, lambda s: fam.get(s, s), order),
               "consensus_own": consensus_brier(rows, sealed, lambda s: s, first_seen),
               "funnel": funnel(rows, sealed)}, sys.stdout)


def funnel(rows, sealed):
    """Table 6 per run: answer-line cells, correction cells, seats, sealed before the reference,
    stated 50s, invalid cells, counted one-day cells."""
    out = []
    for run_id in sorted({r["run_id"] for r in rows}):
        rs = [r for r in rows if r["run_id"] == run_id]
        issue = [r for r in rs if r["line_kind"] != "correction"]
        out.append({"run_id": run_id, "rows": len(issue), "corrections": len(rs) - len(issue),
                    "seats": len({r["seat"] for r in issue if r["status"] != "no_answer"}),
                    "sealed_before_reference": None if sealed is None else sum(before_reference(r, sealed) for r in issue),
                    "explicit_50": sum(r["cell_status"] == "explicit_50" for r in issue),
                    "invalid": sum(r["cell_status"] == "invalid" for r in issue),
                    "counted_one_day": sum(r["status"] == "counted" and r["horizon"] == "1d" for r in issue)})
    return out


main()
