"""Peer for tests/cross/neff_vs_python.rs: spec 5 statistics written directly with numpy/scipy.

Request (stdin JSON): runs of answer rows [seat, market, horizon, prob], side labels, market
groups, a climatology reference per (market, horizon), scored outcomes. Answers: per-horizon
N_eff readings (Pearson, from 50, from climatology, one market per group), the 48-cell matrix's
eigen summaries, per-seat mean r and majority agreement, the sides test, the error N_eff and the
shadow weights. Floats as plain JSON numbers (compared to a tolerance)."""
import itertools
import json
import sys
import warnings

import numpy as np
import scipy.stats

warnings.simplefilter("ignore")
MIN_COMMON = 3


def table(rows, horizon=None):
    t = {}
    for seat, market, h, p in rows:
        if horizon is not None and h != horizon:
            continue
        t.setdefault(seat, {})[(market, h)] = p
    return t


def pair_r(a, b, kind, ref):
    keys = sorted(set(a) & set(b))
    if kind == "ref":
        keys = [k for k in keys if k in ref]
    if len(keys) < MIN_COMMON:
        return None
    x = np.array([a[k] for k in keys], dtype=float)
    y = np.array([b[k] for k in keys], dtype=float)
    if kind == "pearson":
        if np.ptp(x) == 0 or np.ptp(y) == 0:
            return None
        return float(scipy.stats.pearsonr(x, y)[0])
    shift = np.array([50.0 if kind == "fifty" else ref[k] for k in keys])
    x, y = x - shift, y - shift
    d = np.sqrt(np.dot(x, x) * np.dot(y, y))
    return None if d == 0 else float(np.dot(x, y) / d)


def matrix(t, kind="pearson", ref=None):
    seats = sorted(t)
    return seats, {(i, j): pair_r(t[i], t[j], kind, ref) for i in seats for j in seats if i != j}


def reading(t, kind="pearson", ref=None):
    seats, r = matrix(t, kind, ref)
    vals = [r[(i, j)] for i, j in itertools.combinations(seats, 2) if r[(i, j)] is not None]
    n = len(seats)
    rho = float(np.mean(vals)) if vals else None
    return {"n": n, "pairs": len(vals), "rho": rho, "n_eff": None if rho is None else n / (1 + (n - 1) * rho)}


def side(p):
    return 0 if p == 50 else (1 if p > 50 else -1)


def run_case(c):
    rows = c["rows"]
    ref = {(m, h): v for m, h, v in c["clim"]}
    out = {"horizons": {}}
    for h in sorted({r[2] for r in rows}):
        t = table(rows, h)
        dropped = {m for g in c["groups"] for m in g[1:]}
        grouped = table([r for r in rows if r[1] not in dropped], h)
        out["horizons"][h] = {
            "pearson": reading(t), "fifty": reading(t, "fifty"), "clim": reading(t, "ref", ref),
            "grouped": reading(grouped),
        }
    t = table(rows)
    seats, r = matrix(t)
    full = all(v is not None for v in r.values())
    if full:
        m = np.array([[1.0 if i == j else r[(i, j)] for j in seats] for i in seats])
        ev = np.linalg.eigvalsh(m)[::-1]
        out["spectrum"] = {"eigenvalues": ev.tolist(), "largest_share": float(ev[0] / ev.sum()),
                           "participation_ratio": float(ev.sum() ** 2 / (ev ** 2).sum())}
    else:
        out["spectrum"] = None
    cells = sorted({k for s in t.values() for k in s})
    prof = {}
    for s in seats:
        rs = [r[(s, o)] for o in seats if o != s and r[(s, o)] is not None]
        agree = counted = 0
        for k in cells:
            if k not in t[s] or side(t[s][k]) == 0:
                continue
            vote = sum(side(t[o][k]) for o in seats if o != s and k in t[o])
            if vote == 0:
                continue
            counted += 1
            agree += int(np.sign(vote) == side(t[s][k]))
        prof[s] = {"mean_r": float(np.mean(rs)) if rs else None, "agree": agree, "cells": counted}
    out["seats"] = prof
    # sides: within / between and the exact permutation test of the largest cell gap
    sides = c["sides"]
    labels = sorted({sides[s] for s in seats})
    a_side = [s for s in seats if sides[s] == labels[0]]

    def gap(group_a):
        best = None
        for k in cells:
            pa = [t[s][k] for s in seats if s in group_a and k in t[s]]
            pb = [t[s][k] for s in seats if s not in group_a and k in t[s]]
            if pa and pb:
                d = abs(sum(pa) / len(pa) - sum(pb) / len(pb))
                best = d if best is None or d > best else best
        return best

    obs = gap(set(a_side))
    splits = list(itertools.combinations(seats, len(a_side)))
    wide = sum(1 for sp in splits if gap(set(sp)) >= obs - abs(obs) * np.finfo(float).eps * 100)
    pairs = list(itertools.combinations(seats, 2))
    within = [r[p] for p in pairs if sides[p[0]] == sides[p[1]] and r[p] is not None]
    between = [r[p] for p in pairs if sides[p[0]] != sides[p[1]] and r[p] is not None]
    out["sides"] = {"splits": len(splits), "wide": wide, "p": wide / len(splits), "max_gap": obs,
                    "within": float(np.mean(within)), "between": float(np.mean(between))}
    # error N_eff per horizon from the outcomes
    up = {(m, h): u for m, h, u in c["outcomes"]}
    err_rows = [[s, m, h, (0.0 if (p > 50) == up[(m, h)] else 1.0)] for s, m, h, p in rows if p != 50]
    out["errors"] = {h: reading(table(err_rows, h)) for h in sorted({r[2] for r in rows})}
    return out


def shadow_case(c):
    pooled = {}
    for rows in c["window"]:
        seats, r = matrix(table(rows, "1d"))
        for (i, j), v in r.items():
            if v is not None:
                pooled.setdefault(i, []).append(v)
    w = {s: 1 / max(float(np.mean(pooled[s])), 0.05) for s in c["roster"] if s in pooled}
    med = float(np.median(list(w.values())))
    for s in c["roster"]:
        w.setdefault(s, med)
    return w


def main():
    req = json.load(sys.stdin)
    json.dump({"runs": [run_case(c) for c in req["runs"]], "shadow": shadow_case(req["shadow"])}, sys.stdout)


if __name__ == "__main__":
    main()
