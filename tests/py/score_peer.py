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


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--league":
        json.dump(league(sys.argv[2], sys.argv[3]), sys.stdout)
        return
    if len(sys.argv) > 1 and sys.argv[1] == "--model-versions":
        json.dump(model_versions(sys.argv[2], sys.argv[3]), sys.stdout)
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
