"""Independent peer of core::experiment::analysis (spec §6.2, §6.4, F28/F29).

Reads the dataset JSON (readers, visits, forecasts, peeks, sessions) from the file named on
the command line and prints the analysis as JSON, computed with numpy from the definitions
in the module's documentation, without sharing code with it.
"""
import json
import sys
from datetime import datetime, timedelta, timezone

import numpy as np

READING_N = 200
BINS = [(55, 64), (65, 74), (75, 84), (85, 95)]


EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def t(s):
    """Seconds since the epoch, exact to the microsecond (as a float of whole microseconds)."""
    d = datetime.fromisoformat(s.replace("Z", "+00:00")) - EPOCH
    return (d // timedelta(microseconds=1)) / 1e6


def p_up(f):
    c = f["confidence"] / 100.0
    return c if f["direction"] == "up" else 1.0 - c


def brier(f, up):
    return (p_up(f) - (1.0 if up else 0.0)) ** 2


def ratio(a, b):
    return None if b == 0 else a / b


def mean(xs):
    return None if len(xs) == 0 else float(np.mean(np.array(xs, dtype=float)))


def main():
    d = json.load(open(sys.argv[1]))
    group = {r["reader"]: r["group"] for r in d["readers"]}
    outcome = {}
    cons = {}
    for s in d["sessions"]:
        for m, up in s["outcomes"].items():
            outcome[(s["session"], m)] = up
        for m, p in s["consensus"].items():
            if p * 100 > 50:
                cons[(s["session"], m)] = "up"
            elif p * 100 < 50:
                cons[(s["session"], m)] = "down"
    fs = d["forecasts"]
    out = {"identifiers": len(d["readers"])}
    out["reset_share"] = ratio(sum(r["reset"] for r in d["readers"]), len(d["readers"]))

    def scored_of(g):
        xs = [f for f in fs if f["first"] and group.get(f["reader"]) == g
              and (f["session"], f["market"]) in outcome]
        xs.sort(key=lambda f: (t(f["at"]), f["reader"], f["market"]))
        return xs

    for key, g in (("g0", "seeing"), ("g1", "blind")):
        readers = [r for r in d["readers"] if r["group"] == g]
        firsts = [f for f in fs if f["first"] and group.get(f["reader"]) == g]
        scored = [f for f in firsts if (f["session"], f["market"]) in outcome]
        hits = [(f["direction"] == "up") == outcome[(f["session"], f["market"])] for f in scored]
        sessions = {}
        for f in firsts:
            sessions.setdefault(f["reader"], set()).add(f["session"])
        first_at = {}
        for f in firsts:
            k = (f["reader"], f["session"])
            first_at[k] = min(first_at.get(k, float("inf")), t(f["at"]))
        visit = {}
        for v in d["visits"]:
            if group.get(v["reader"]) == g:
                k = (v["reader"], v["session"])
                visit[k] = min(visit.get(k, float("inf")), t(v["at"]))
        waits = [(round(first_at[k] * 1e6) - round(visit[k] * 1e6)) / 1e6 for k in first_at if k in visit and first_at[k] >= visit[k]]
        cal = []
        for lo, hi in BINS:
            b = [(f, h) for f, h in zip(scored, hits) if lo <= f["confidence"] <= hi]
            cal.append({"lo": lo, "hi": hi, "n": len(b),
                        "mean_confidence": mean([f["confidence"] for f, _ in b]),
                        "hit_rate": ratio(sum(h for _, h in b), len(b))})
        anch = [cons[(f["session"], f["market"])] == f["direction"] for f in firsts
                if (f["session"], f["market"]) in cons]
        peeks = [p for p in d["peeks"] if group.get(p["reader"]) == g]
        resets = sum(r["reset"] for r in readers)
        out[key] = {
            "identifiers": len(readers),
            "contributing": len(sessions),
            "first_forecasts": len(firsts),
            "scored": len(scored),
            "return_rate": ratio(sum(len(s) >= 2 for s in sessions.values()), len(sessions)),
            "hit_rate": ratio(sum(hits), len(hits)),
            "brier": mean([brier(f, outcome[(f["session"], f["market"])]) for f in scored]),
            "mean_confidence": mean([f["confidence"] for f in firsts]),
            "time_to_first_forecast_s": {
                "n": len(waits),
                "median": None if not waits else float(np.median(np.array(waits))),
            },
            "calibration": cal,
            "anchoring": {"n": len(anch), "share": ratio(sum(anch), len(anch))},
            "peeks": len(peeks),
            "peek_identifiers": len({p["reader"] for p in peeks}),
            "resets": resets,
            "reset_share": ratio(resets, len(readers)),
        }

    def weighted(a, b):
        markets = sorted({f["market"] for f in a} & {f["market"] for f in b})
        w = np.array([min(sum(f["market"] == m for f in a), sum(f["market"] == m for f in b))
                      for m in markets], dtype=float)
        if w.sum() == 0:
            return {"g0": None, "g1": None, "difference": None, "weight": 0}
        def per(xs):
            return np.array([np.mean([brier(f, outcome[(f["session"], f["market"])])
                                      for f in xs if f["market"] == m]) for m in markets])
        b0 = float(np.average(per(a), weights=w))
        b1 = float(np.average(per(b), weights=w))
        return {"g0": b0, "g1": b1, "difference": b1 - b0, "weight": int(w.sum())}

    s0, s1 = scored_of("seeing"), scored_of("blind")
    out["brier_weighted"] = weighted(s0, s1)

    def anchoring(xs):
        a = [cons[(f["session"], f["market"])] == f["direction"] for f in xs
             if (f["session"], f["market"]) in cons]
        return ratio(sum(a), len(a))

    if len(s0) >= READING_N and len(s1) >= READING_N:
        c0, c1 = s0[:READING_N], s1[:READING_N]
        f28 = weighted(c0, c1)["difference"]
        a0, a1 = anchoring(c0), anchoring(c1)
        f29 = None if a0 is None or a1 is None else a0 - a1
    else:
        f28 = f29 = None
    out["registered"] = {"F28": {"value": f28, "available": {"g0": len(s0), "g1": len(s1)}},
                         "F29": {"value": f29}}

    # Revision protocol: the first private call per cell, the first final call after it.
    order = sorted(fs, key=lambda f: t(f["at"]))
    private, final = {}, {}
    for f in order:
        cell = (f["reader"], f["session"], f["market"])
        if f["stage"] == "private":
            private.setdefault(cell, f)
        elif f["stage"] == "final" and cell in private:
            final.setdefault(cell, f)
    change = {"council": [], "control": []}
    move = {(a, r): [] for a in ("council", "control") for r in (True, False)}
    for cell, last in final.items():
        first = private[cell]
        k = (first["session"], first["market"])
        if first["arm"] is None or k not in outcome:
            continue
        up = outcome[k]
        change[first["arm"]].append(brier(last, up) - brier(first, up))
        if k in cons:
            sign = 1.0 if cons[k] == "up" else -1.0
            right = (cons[k] == "up") == up
            move[(first["arm"], right)].append(sign * (p_up(last) - p_up(first)))
    rev = {"pairs": len(final)}
    for a in ("council", "control"):
        rev[a] = {"n": len(change[a]), "mean_brier_change": mean(change[a]),
                  "toward_council_right": {"n": len(move[(a, True)]), "mean_move": mean(move[(a, True)])},
                  "toward_council_wrong": {"n": len(move[(a, False)]), "mean_move": mean(move[(a, False)])}}
    mc, mk = rev["council"]["mean_brier_change"], rev["control"]["mean_brier_change"]
    rev["primary"] = None if mc is None or mk is None else mc - mk
    out["revision"] = rev
    json.dump(out, sys.stdout)


main()
