"""Independent peer of sealbook's scoring rules (core/src/score), written from the spec with
numpy, scipy and scikit-learn. Reads a JSON case file on stdin, prints JSON results.

Brier family: sklearn.metrics.brier_score_loss (binary; multiclass with scale_by_half for
B3 and seed 001's 1/2 sum; without for seed 004's categorical diagnostic). Sign test:
scipy.stats.binomtest. Climatology content hash: json.dumps with sort_keys and default
settings of the object without its sha256 key. Consensus, calibration, sharpness and the
ladder's rules are re-implemented here from the text of seeds 000 and 002.
"""
import hashlib
import json
import sys

import numpy as np
from scipy.stats import binomtest
from sklearn.metrics import brier_score_loss

BASELINES = ("coin", "climatology", "momentum")


def consensus(answers):
    ps = [a["p"] for a in answers]
    fams = [a["family"] for a in answers]
    keep = list(range(len(ps)))
    if len(ps) >= 5:
        hi = max(keep, key=lambda i: (ps[i], -i))  # first occurrence of the highest
        keep.remove(hi)
        lo = min(keep, key=lambda i: (ps[i], i))  # first occurrence of the lowest
        keep.remove(lo)
    weights, seen = [], set()
    for i in keep:
        weights.append(1.0 if fams[i] not in seen else 1.0 / 3.0)
        seen.add(fams[i])
    kept = np.array([ps[i] for i in keep]) / 100.0
    w = np.array(weights) / sum(weights)
    pbar = float(np.average(kept, weights=w))
    return pbar, kept, w


def read_league(csv_path, clim_path):
    """The forecasts file's rows (csv.DictReader) and the climatology's p_up by (asset, h)."""
    import csv
    with open(csv_path, encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    clim = json.load(open(clim_path))
    return rows, {(t["asset"], t["h"]): t["p_up"] for t in clim["table"]}


def league(csv_path, clim_path):
    """Seat and consensus tables from a forecasts file, as seed 000 sections 3.9, 4.2-4.6 and
    5.3 define them (no book: common events are same_event rows)."""
    return league_rows(*read_league(csv_path, clim_path))


def league_rows(rows, q, numbers=None):
    """league() of the rows; with `numbers` (session date -> NYSE session number in the
    season) also the primary endpoint's session gains (section 8): on the one-day common
    events from session 11 with a base rate, G_s = mean over the session's events of
    climatology's Brier minus the published consensus' Brier."""
    def stated(r):
        return r["status"] not in ("no_answer", "counted_50", "refused_shape") and r["cell_status"] != "invalid" and r["prob_up"] != ""

    def outcome(r):
        if r["ref"] == "" or r["close"] == "" or r["actual_pct"] == "":
            return None
        return 1 if float(r["actual_pct"]) > 0 else 0

    seats = {}
    for r in rows:
        if r["status"] == "not_counted":
            continue
        seats.setdefault((r["seat"], r["horizon"]), []).append(r)
    out_seats = {}
    for (seat, h), rs in seats.items():
        st = [r for r in rs if stated(r)]
        res = [r for r in st if outcome(r) is not None]
        y = np.array([outcome(r) for r in res])
        p = np.array([float(r["prob_up"]) for r in res]) / 100
        nd = np.array([r["draw"].lower() not in ("true", "1") for r in res], dtype=bool)
        qs = np.array([q[(r["asset"], h)] for r in res])
        entry = {
            "n": len(res),
            "sessions": len({r["session"] for r in res}),
            "coverage": len(st) / len(rs),
            "k": float(2 * np.mean([abs(float(r["prob_up"]) - 50) for r in st])) if st else None,
            "brier": brier_score_loss(y, p, labels=[0, 1]) if len(res) else None,
            "brier_ex_draw": brier_score_loss(y[nd], p[nd], labels=[0, 1]) if nd.any() else None,
            "bss_clim": 1 - brier_score_loss(y, p, labels=[0, 1]) / brier_score_loss(y, qs, labels=[0, 1]) if len(res) else None,
            # The coin forecasts 50% on every row: Brier 0.25 (spec §4.3).
            "bss_coin": 1 - brier_score_loss(y, p, labels=[0, 1]) / brier_score_loss(y, np.full(len(res), 0.5), labels=[0, 1]) if len(res) else None,
        }
        out_seats.setdefault(seat, {})[h] = entry

    grid = {}
    for r in rows:
        if r["status"] != "not_counted" and stated(r):
            grid.setdefault((r["seat"], r["asset"], r["horizon"]), []).append(r)
    out_grid = {}
    for (seat, asset, h), rs in grid.items():
        res = [r for r in rs if outcome(r) is not None]
        out_grid.setdefault(seat, {}).setdefault(asset, {})[h] = {
            "n": len(res),
            "stated": len(rs),
            "brier": brier_score_loss([outcome(r) for r in res], [float(r["prob_up"]) / 100 for r in res], labels=[0, 1]) if res else None,
        }

    order = []
    for r in rows:
        if r["seat"] not in order:
            order.append(r["seat"])
    # Section 4.5: the baselines (coin, climatology, momentum; their model is the rule's name)
    # are benchmarks scored beside the council, never members of its consensus.
    events = {}
    for r in rows:
        if r.get("model") in BASELINES:
            continue
        if r["status"] == "counted" and r["same_event"].lower() in ("true", "1") and r["line_kind"] == "issue" and stated(r):
            events.setdefault((r["horizon"], r["event_id_v2"]), []).append(r)
    # The file's sessions are consecutive NYSE sessions: the previous one is the one before.
    days = sorted({r["session"] for r in rows})
    first_change = {}
    for r in rows:
        if r["horizon"] == "1d" and r["same_event"].lower() in ("true", "1") and outcome(r) is not None:
            first_change.setdefault((r["asset"], r["session"]), float(r["actual_pct"]))
    cons = {}
    gains = {}
    for (h, _), rs in events.items():
        rs.sort(key=lambda r: order.index(r["seat"]))
        o = next((outcome(r) for r in rs if outcome(r) is not None), None)
        if o is None:
            continue
        pbar, kept, w = consensus([{"family": r["seat"], "p": float(r["prob_up"])} for r in rs])
        pub = min(max(pbar * 100, 2.0), 98.0) / 100
        c = cons.setdefault(h, {"b": [], "d": [], "m": [], "all_wrong": 0, "minority_right": 0})
        c["b"].append((pub - o) ** 2)
        c["d"].append(float(np.sum(w * (kept - pbar) ** 2)))
        sides = [float(r["prob_up"]) for r in rs if float(r["prob_up"]) != 50]
        wrong = [(x > 50) != (o == 1) for x in sides]
        c["all_wrong"] += len(sides) >= 4 and all(wrong)
        c["minority_right"] += pub != 0.5 and (pub > 0.5) != (o == 1) and not all(wrong)
        i = days.index(rs[0]["session"])
        prev = first_change.get((rs[0]["asset"], days[i - 1])) if i > 0 and h == "1d" else None
        if prev:
            m = 0.55 if prev > 0 else 0.45
            c["m"].append((m - o) ** 2)
        s = numbers.get(rs[0]["session"]) if numbers else None
        if h == "1d" and s is not None and s >= 11 and (rs[0]["asset"], h) in q:
            gains.setdefault(s, []).append((q[(rs[0]["asset"], h)] - o) ** 2 - (pub - o) ** 2)
    out_cons = {h: {"n": len(c["b"]), "brier": float(np.mean(c["b"])), "dispersion": float(np.mean(c["d"])),
                    "all_wrong": c["all_wrong"], "minority_right": c["minority_right"],
                    "momentum_n": len(c["m"]), "momentum_brier": float(np.mean(c["m"])) if c["m"] else None}
                for h, c in cons.items()}
    out = {"seats": out_seats, "consensus": out_cons, "grid": out_grid}
    if numbers:
        g = [{"session": s, "gain": float(np.sum(d) / len(d)), "events": len(d)} for s, d in sorted(gains.items())]
        out["primary_endpoint"] = {"gains": g, "sessions": len(g),
                                   "estimate": float(np.mean([x["gain"] for x in g])) if g else None}
    return out


def segments(csv_path, clim_path, first_session):
    """Requirement 15 (section 3.10): each methodology_version's rows scored on their own, a
    segment each; the versions in the order of their first row by (session, sealed_at), the
    current one the version of the latest row. Sessions are numbered over NYSE sessions from
    `first_session` (the season's session 1)."""
    import datetime as dt
    import os
    sys.dont_write_bytecode = True
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from comparisons_peer import session_numbers
    rows, q = read_league(csv_path, clim_path)
    numbers = {d.isoformat(): k for d, k in session_numbers(dt.date.fromisoformat(first_session)).items()}
    # sealed_at is RFC 3339 UTC with a Z; compare instants, not spellings.
    when = lambda r: (r["session"], dt.datetime.fromisoformat(r["sealed_at"].replace("Z", "+00:00")))
    first = {}
    for r in rows:
        v = r["methodology_version"]
        first[v] = min(first.get(v, when(r)), when(r))
    versions = sorted(first, key=lambda v: first[v])
    current = max(rows, key=when)["methodology_version"] if rows else None
    segs = {}
    for v in versions:
        rs = [r for r in rows if r["methodology_version"] == v]
        seg = league_rows(rs, q, numbers)
        seg["rows"] = len(rs)
        seg["first_session"] = min(r["session"] for r in rs)
        seg["last_session"] = max(r["session"] for r in rs)
        segs[v] = seg
    return {"versions": versions, "current": current, "segments": segs}


def model_versions(csv_path, clim_path):
    """Section 3.10: a seat's model versions in book order (the `line` column); the first model
    string is version 1 and each answer whose model differs from the one before it opens the
    next; rows without a model (no answer) open none. For every seat whose latest version is
    its second or later: the version, the model before it, and the seat's tables on its counted
    rows since the takeover (its rows from the version's first line on, and its rows without a
    model in that session or later)."""
    rows, q = read_league(csv_path, clim_path)
    out = {}
    for seat in sorted({r["seat"] for r in rows}):
        answers = sorted({int(r["line"]): r for r in rows if r["seat"] == seat and r["model"] != ""}.items())
        versions = []
        for line, r in answers:
            if not versions or versions[-1]["model"] != r["model"]:
                versions.append({"model": r["model"], "version": len(versions) + 1,
                                 "since": r["session"], "since_line": line})
        if len(versions) < 2:
            continue
        latest = versions[-1]
        since = [r for r in rows if r["seat"] == seat and (
            int(r["line"] or 0) >= latest["since_line"] or (r["model"] == "" and r["session"] >= latest["since"]))]
        out[seat] = dict(latest, previous_model=versions[-2]["model"],
                         account=f"{seat}_ver:{latest['model']}:{latest['version']}",
                         horizons=league_rows(since, q)["seats"].get(seat, {}))
    return out


US_EQUITY = ["SPX", "NDX", "DJI", "SOX"]


def block_bootstrap(n, stat, block=5, reps=10000, seed=20261102):
    """Section 8's moving block bootstrap over n sessions in order: default_rng(seed),
    ceil(n / block) block starts per resample from integers(0, n - block + 1), each expanded to
    `block` consecutive sessions, cut to n; `stat(idx)` per resample (None: no replicate)."""
    rng = np.random.default_rng(seed)
    nb = -(-n // block)
    out = []
    for _ in range(reps):
        starts = rng.integers(0, n - block + 1, size=nb)
        idx = (starts[:, None] + np.arange(block)).ravel()[:n]
        v = stat(idx)
        if v is not None:
            out.append(v)
    return out


def endpoint(gains_by_session):
    """The primary endpoint's reading of per-session event gains {session: [gain, ...]}:
    G_s, their mean, the bootstrap's 95% and 90% percentile intervals and the verdict."""
    g = [{"session": s, "gain": float(np.mean(d)), "events": len(d)} for s, d in sorted(gains_by_session.items())]
    x = np.array([e["gain"] for e in g])
    out = {"gains": g, "sessions": len(g), "estimate": float(np.mean(x)) if len(g) else None,
           "ci95": None, "ci90": None, "verdict": None}
    if len(g) >= 5:
        reps = block_bootstrap(len(g), lambda idx: x[idx].mean())
        lo95, hi95 = np.percentile(reps, [2.5, 97.5])
        lo90, hi90 = np.percentile(reps, [5, 95])
        inside = -0.01 < lo90 and hi90 < 0.01
        out.update(ci95=[float(lo95), float(hi95)], ci90=[float(lo90), float(hi90)],
                   verdict="confirmed" if lo95 > 0 else ("no_material_gain" if inside else "inconclusive"))
    return out


def secondary(csv_path, clim_path, first_session):
    """Section 8's registered secondary analyses and its sensitivity analysis, on the one-day
    common events of a forecasts file scored without its ask chain (each seat its own family,
    seats in order of first appearance):
    - spread tertiles: an event's spread is np.std of its seats' stated probabilities (two or
      more); bounds np.percentile([spreads of sessions 1-10], [33.3, 66.7]); the events from
      session 11 go to np.digitize(spread, bounds); gain = climatology's Brier minus the
      published consensus'; per market with high and low events, mean(high) - mean(low),
      averaged over the markets; moving block bootstrap over the sessions; unresolved below 30
      events in the high or the low tertile;
    - shadow consensus: each seat weighted by 1 / max(its mean pairwise Pearson r over the
      one-day panels of the runs of sessions 1-10, 0.05), the median weight for a seat without
      one, times the family weight after the published trim, renormalised, clamped; the
      published consensus' Brier minus the shadow's on the events of sessions 11-126, read like
      the primary endpoint;
    - sensitivity: the primary endpoint's gains on SPX, NDX, DJI and SOX alone, with the table's
      p_up, and with the base rate of the event's own 09:30-16:00 ET session: the table's
      one-day row of the index when its rule is the session bar (else none)."""
    import csv
    import datetime as dt
    import os
    sys.dont_write_bytecode = True
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from comparisons_peer import session_numbers
    from neff_peer import matrix
    with open(csv_path, encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    clim = json.load(open(clim_path))
    body = {k: v for k, v in clim.items() if k != "sha256"}
    table_ok = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest() == clim.get("sha256")
    q = {(t["asset"], t["h"]): t["p_up"] for t in clim["table"]}
    number = {d.isoformat(): k for d, k in session_numbers(dt.date.fromisoformat(first_session)).items()}

    def stated(r):
        return r["status"] not in ("no_answer", "counted_50", "refused_shape") and r["cell_status"] != "invalid" and r["prob_up"] != ""

    def outcome(r):
        if r["ref"] == "" or r["close"] == "" or r["actual_pct"] == "":
            return None
        return 1 if float(r["actual_pct"]) > 0 else 0

    common = [r for r in rows if r["model"] not in BASELINES and r["status"] == "counted" and stated(r)
              and r["same_event"] == "true" and r["line_kind"] == "issue"]
    order = []
    for r in rows:
        if r["seat"] not in order:
            order.append(r["seat"])

    # Shadow weights (5.3) from the one-day panels of the design window's runs: each seat's
    # latest line in the run.
    latest = {}
    for r in common:
        k = (r["run_id"], r["seat"])
        latest[k] = max(latest.get(k, 0), int(r["line"]))
    pooled = {}
    for run_id in sorted({r["run_id"] for r in common}):
        one = [r for r in common if r["run_id"] == run_id and r["horizon"] == "1d" and int(r["line"]) == latest[(run_id, r["seat"])]]
        if not one or number[one[0]["session"]] >= 11:
            continue
        t = {}
        for r in one:
            t.setdefault(r["seat"], {})[r["asset"]] = float(r["prob_up"])
        _, m = matrix(t)
        for (i, _j), v in m.items():
            if v is not None:
                pooled.setdefault(i, []).append(v)
    council = sorted({r["seat"] for r in rows if r["model"] not in BASELINES} - {r["seat"] for r in rows if r["model"] in BASELINES})
    weights = {s: 1 / max(float(np.mean(pooled[s])), 0.05) for s in council if s in pooled}
    if weights:
        med = float(np.median(list(weights.values())))
        for s in council:
            weights.setdefault(s, med)

    def combined(ps, seats, extra):
        keep = list(range(len(ps)))
        if len(ps) >= 5:
            keep.remove(max(keep, key=lambda i: (ps[i], -i)))
            keep.remove(min(keep, key=lambda i: (ps[i], i)))
        w, seen = [], set()
        for i in keep:  # each seat its own family: a family's later seats weigh 1/3
            w.append((1.0 if seats[i] not in seen else 1 / 3) * extra(seats[i]))
            seen.add(seats[i])
        w = np.array(w)
        if w.sum() <= 0:
            return None
        return min(max(float(np.sum(w / w.sum() * np.array([ps[i] for i in keep]))), 2.0), 98.0) / 100

    events = {}
    for r in common:
        if r["horizon"] == "1d":
            events.setdefault(r["event_id_v2"], []).append(r)
    evs = []
    for eid in sorted(events):
        rs = sorted(events[eid], key=lambda r: order.index(r["seat"]))
        ps = [float(r["prob_up"]) for r in rs]
        seats = [r["seat"] for r in rs]
        o = next((outcome(r) for r in rs if outcome(r) is not None), None)
        evs.append({"session": number.get(rs[0]["session"]), "asset": rs[0]["asset"], "y": o,
                    "spread": float(np.std(ps)) if len(ps) >= 2 else None,
                    "pub": combined(ps, seats, lambda s: 1.0),
                    "shadow": combined(ps, seats, lambda s: weights.get(s, 0.0)) if weights else None})
    late = [e for e in evs if e["session"] is not None and e["session"] >= 11 and e["y"] is not None]

    # Spread tertiles.
    design = [e["spread"] for e in evs if e["session"] is not None and e["session"] < 11 and e["spread"] is not None]
    tert = {"design_events": len(design), "bounds": None}
    classified = []
    if design:
        b = np.percentile(design, [33.3, 66.7])
        tert["bounds"] = [float(b[0]), float(b[1])]
        if table_ok:
            for e in late:
                if e["spread"] is None or (e["asset"], "1d") not in q:
                    continue
                qq = q[(e["asset"], "1d")]
                classified.append(dict(e, t=int(np.digitize(e["spread"], b)), cb=(e["pub"] - e["y"]) ** 2, qb=(qq - e["y"]) ** 2))
    for k, name in enumerate(["low", "middle", "high"]):
        on = [c for c in classified if c["t"] == k]
        cb = float(np.mean([c["cb"] for c in on])) if on else None
        qb = float(np.mean([c["qb"] for c in on])) if on else None
        tert[name] = {"events": len(on), "sessions": len({c["session"] for c in on}), "consensus_brier": cb, "clim_brier": qb,
                      "bss_clim": 1 - cb / qb if on and qb else None,
                      "gain": float(np.mean([c["qb"] - c["cb"] for c in on])) if on else None}

    def market_fixed(cs):
        d = []
        for m in sorted({c["asset"] for c in cs}):
            hi = [c["qb"] - c["cb"] for c in cs if c["asset"] == m and c["t"] == 2]
            lo = [c["qb"] - c["cb"] for c in cs if c["asset"] == m and c["t"] == 0]
            if hi and lo:
                d.append(np.mean(hi) - np.mean(lo))
        return (float(np.mean(d)), len(d)) if d else None

    point = market_fixed(classified)
    tert["estimate"], tert["markets"] = point if point else (None, 0)
    by_session = {}
    for c in classified:
        by_session.setdefault(c["session"], []).append(c)
    days = [by_session[s] for s in sorted(by_session)]
    tert["sessions"] = len(days)
    tert["ci95"], tert["replicates"] = None, 0
    if len(days) >= 5:
        def replicate(idx):
            v = market_fixed([c for i in idx for c in days[i]])
            return None if v is None else v[0]
        reps = block_bootstrap(len(days), replicate)
        tert["replicates"] = len(reps)
        if reps:
            tert["ci95"] = [float(x) for x in np.percentile(reps, [2.5, 97.5])]
    tert["resolved"] = tert["low"]["events"] >= 30 and tert["high"]["events"] >= 30

    # Shadow against published, sessions 11-126.
    sh = {}
    pairs = []
    for e in late:
        if e["session"] <= 126 and e["shadow"] is not None:
            a, b = (e["pub"] - e["y"]) ** 2, (e["shadow"] - e["y"]) ** 2
            sh.setdefault(e["session"], []).append(a - b)
            pairs.append((a, b))
    shadow = dict(endpoint(sh), events=len(pairs), weights=weights,
                  published_brier=float(np.mean([p[0] for p in pairs])) if pairs else None,
                  shadow_brier=float(np.mean([p[1] for p in pairs])) if pairs else None)

    # Sensitivity.
    def on_indices(rate):
        g = {}
        for e in late:
            if e["asset"] in US_EQUITY and rate(e["asset"]) is not None:
                g.setdefault(e["session"], []).append((rate(e["asset"]) - e["y"]) ** 2 - (e["pub"] - e["y"]) ** 2)
        return endpoint(g)

    exact = {t["asset"]: t["p_up"] for t in clim["table"] if t["h"] == "1d" and t["asset"] in US_EQUITY
             and str(t.get("rule", "")).split(":")[0] == "session_bar"}
    sens = {"markets": US_EQUITY, "us_equity": on_indices(lambda a: q.get((a, "1d"))) if table_ok else None,
            "exact_window": dict(on_indices(exact.get), base_rates=exact) if table_ok and len(exact) == 4 else None}
    return {"spread_tertiles": tert, "shadow_consensus": shadow, "sensitivity": sens}


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--league":
        json.dump(league(sys.argv[2], sys.argv[3]), sys.stdout)
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--model-versions":
        json.dump(model_versions(sys.argv[2], sys.argv[3]), sys.stdout)
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--secondary":
        json.dump(secondary(sys.argv[2], sys.argv[3], sys.argv[4]), sys.stdout)
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--segments":
        json.dump(segments(sys.argv[2], sys.argv[3], sys.argv[4]), sys.stdout)
        return
    case = json.load(sys.stdin)
    out = {}

    rows = case["binary"]
    y = np.array([1 if r["up"] else 0 for r in rows])
    p = np.array([r["p_pct"] for r in rows]) / 100.0
    nd = np.array([not r["draw"] for r in rows])
    out["brier_all"] = brier_score_loss(y, p, labels=[0, 1])
    out["brier_ex_draw"] = brier_score_loss(y[nd], p[nd], labels=[0, 1])
    out["dropped"] = int((~nd).sum())
    side = p != 0.5
    out["hit_rate"] = float(np.mean((p[side] > 0.5) == (y[side] == 1)))
    out["k"] = float(2 * np.mean(np.abs(p * 100 - 50)))
    # Folded calibration.
    pp, yy = p[side] * 100, y[side]
    folded = np.where(pp < 50, 100 - pp, pp)
    hit = np.where(pp < 50, 1 - yy, yy)
    bins = []
    for lo, hi in [(50, 60), (60, 70), (70, 80), (80, 100)]:
        m = (folded >= lo) & ((folded < hi) if hi < 100 else (folded <= hi))
        bins.append([int(m.sum()), float(folded[m].mean()) if m.any() else None, float(hit[m].mean()) if m.any() else None])
    out["calibration"] = bins

    b3 = case["b3"]
    out["b3"] = brier_score_loss([r["y"] for r in b3], np.array([r["p"] for r in b3]), labels=[0, 1, 2], scale_by_half=True)
    multi = case["multi"]
    out["multi_half"] = brier_score_loss([r["winner"] for r in multi], np.array([r["p"] for r in multi]), labels=[0, 1, 2, 3], scale_by_half=True)
    out["multi_full"] = brier_score_loss([r["winner"] for r in multi], np.array([r["p"] for r in multi]), labels=[0, 1, 2, 3], scale_by_half=False)

    cons = []
    for ev in case["consensus"]:
        pbar, kept, w = consensus(ev["answers"])
        o = 1.0 if ev["up"] else 0.0
        pub = min(max(pbar * 100, 2.0), 98.0)
        cons.append({
            "p_pct": pub,
            "brier": brier_score_loss([int(o)], [pub / 100], labels=[0, 1]),
            "members": float(np.sum(w * (kept - o) ** 2)),
            "dispersion": float(np.sum(w * (kept - pbar) ** 2)),
        })
    out["consensus"] = cons

    clim = json.loads(case["clim_text"])
    clim.pop("sha256", None)
    out["clim_sha256"] = hashlib.sha256(json.dumps(clim, sort_keys=True).encode()).hexdigest()

    out["sign"] = []
    for diffs in case["sign"]:
        k = sum(d < 0 for d in diffs)
        n = k + sum(d > 0 for d in diffs)
        out["sign"].append(binomtest(k, n, 0.5).pvalue if n else 1.0)

    # Seed 002: edge, league score, coverage, returns.
    lad = case["ladder"]
    live = [q for q in lad if q["res"] != "annulled"]
    res = [q for q in live if q["res"] in ("yes", "no")]
    o = lambda q: 1.0 if q["res"] == "yes" else 0.0
    ans = [q for q in res if q["p"] is not None]
    out["ladder"] = {
        "brier": float(np.mean([(q["p"] - o(q)) ** 2 for q in ans])),
        "edge": float(np.mean([(q["q"] - o(q)) ** 2 for q in ans]) - np.mean([(q["p"] - o(q)) ** 2 for q in ans])),
        "league": float(np.mean([((q["p"] if q["p"] is not None else 0.5) - o(q)) ** 2 for q in res])),
        "coverage": sum(q["p"] is not None for q in live) / len(live),
    }
    staked = won = 0.0
    for q in res:
        if q["p"] is None:
            continue
        gap = abs(q["p"] - q["q"])
        if round(gap * 1e4) <= 200:
            continue
        s = min(1.0, gap / 0.20)
        c = min(max(q["q"], 0.10), 0.90)
        if q["p"] > q["q"]:
            won += s * (1 - c) / c if o(q) == 1 else -s
        else:
            won += s * c / (1 - c) if o(q) == 0 else -s
        staked += s
    out["returns"] = {"staked": staked, "won": won}
    json.dump(out, sys.stdout)


main()
