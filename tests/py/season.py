"""A generated council season and an independent numpy reading of it (spec seed 000 sections
3.13, 4.2, 5.1 and 8), for the CLI tests and the season benchmark.

  season.py gen OUT_DIR [--sessions 126] [--seats 11] [--markets 12] [--seed 7] [--baselines 0]
      writes OUT_DIR/council-forecasts.csv (Table C1 columns plus the contract columns, one row
      per seat, market and horizon of every session, ids rebuilt from the nine-key contract)
      and OUT_DIR/council-clim-window.json (a sealed climatology table), deterministically, and
      OUT_DIR/asks.jsonl, an ask chain holding the roster line (each seat's family and side).
      With --baselines 1 the season also holds the three baseline seats (section 4.5: the
      coin at 50, a climatology base rate, the 55% momentum rule), whose model is their name.
  season.py peer CSV CLIM
      prints JSON: Brier per seat and horizon (np.mean), the N_eff rows per run and horizon
      (np.corrcoef over common markets; the counted series and the one over every sealed run), and the primary endpoint (consensus vs climatology
      session gains from session 11; moving blocks of 5, 10,000 resamples,
      np.random.default_rng(20261102), np.percentile), the confirmatory comparisons (section
      4.6: TOST and the 90% interval by statsmodels, the power figure), with the seconds each
      part took.

Only the standard library, numpy and statsmodels; written from the spec's text, not from sealbook's code.
"""
import csv
import datetime as dt
import hashlib
import json
import math
import os
import random
import sys
import time
from zoneinfo import ZoneInfo

import numpy as np

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from conformance_peer import C1, CONTRACT_COLS, HOLIDAYS, KEYS  # noqa: E402  (Table C1, the nine keys, NYSE closures)

NY = ZoneInfo("America/New_York")
HORIZONS = [("1d", 0), ("1w", 5), ("1m", 21), ("6m", 126)]
ASSETS = ["SPX", "NDX", "DJI", "SOX", "RUT", "GC", "CL", "TNX", "EURUSD", "USDJPY", "HSI", "BTC"]
SEATS = ["claude", "gpt", "gemini", "grok", "deepseek", "qwen", "kimi", "glm", "mistral", "llama", "ernie"]
# The roster's family (lab) and side of each seat. Generated, not the league's: grok is put in
# gpt's family so that the consensus' 1/3 weight for a family's later seats is exercised.
FAMILY = {"claude": "anthropic", "gpt": "openai", "gemini": "google", "grok": "openai", "deepseek": "deepseek",
          "qwen": "alibaba", "kimi": "moonshot", "glm": "zhipu", "mistral": "mistral", "llama": "meta", "ernie": "baidu"}
SIDE = {s: ("China" if s in ("deepseek", "qwen", "kimi", "glm", "ernie") else "US") for s in SEATS}
# Section 4.5: the benchmarks the council is scored against (the coin, the climatology base
# rate, momentum), never members of its consensus or of N_eff's panel (section 5.1 counts the
# forecasting seats). A baseline seat seals its rule's name as its model.
BASELINES = ("coin", "climatology", "momentum")


def sessions(n):
    """The first n NYSE sessions from session 1 = 2026-10-19."""
    out, d = [], dt.date(2026, 10, 19)
    while len(out) < n:
        if d.weekday() < 5 and d not in HOLIDAYS:
            out.append(d)
        d += dt.timedelta(days=1)
    return out


def ny(d, h, m):
    return dt.datetime(d.year, d.month, d.day, h, m, tzinfo=NY).astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def ev_id(contract, keys, prefix):
    o = {k: contract[k] for k in keys}
    return prefix + hashlib.sha256(json.dumps(o, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()).hexdigest()[:16]


def baseline_p(seat, a, h, base_rate, last_move):
    """The baseline's stated probability (section 4.5)."""
    if seat == "coin":
        return "50"
    if seat == "climatology":
        return repr(round(100 * base_rate[(a, h)], 1))
    prev = last_move.get(a)
    return "50" if prev is None or prev == 0 else ("55" if prev > 0 else "45")


def gen(out_dir, n_sessions, n_seats, n_markets, seed, baselines=False):
    rnd = random.Random(seed)
    days = sessions(n_sessions + 127)
    seats, assets = SEATS[:n_seats], ASSETS[:n_markets]
    skill = {s: 0.4 + 0.8 * rnd.random() for s in seats}
    # Drawn apart from rnd, so the council's rows are the same with or without baselines.
    base_rnd = random.Random(seed + 1)
    base_rate = {(a, h): round(0.45 + 0.1 * base_rnd.random(), 3) for a in assets for h, _ in HORIZONS}
    last_move = {}
    rows, line = [], 0
    for i in range(n_sessions):
        d = days[i]
        ref_at, sealed = ny(d, 9, 30), ny(d, 8, 40)
        # A common signal per market (what makes the seats correlated) and each event's outcome.
        signal = {(a, h): rnd.gauss(0, 1) for a in assets for h, _ in HORIZONS}
        move = {k: round(0.6 * v + rnd.gauss(0, 1), 3) for k, v in signal.items()}
        for seat in seats + (list(BASELINES) if baselines else []):
            line += 1
            if seat in BASELINES:
                for a in assets:
                    for h, span in HORIZONS:
                        end = days[i + span]
                        contract = dict(zip(KEYS, [a, h, ref_at, ny(end, 16, 0), "close_gt_ref", "1", "first_trade_0930",
                                                   "fixture", a]))
                        r = dict.fromkeys(C1 + CONTRACT_COLS, "")
                        r.update(run_id=f"{d}-am", session=str(d), seat=seat, model=seat, mode="rule", line=str(line),
                                 sealed_at=sealed, status="counted", asset=a, horizon=h,
                                 prob_up=baseline_p(seat, a, h, base_rate, last_move), run_role="session_run",
                                 line_kind="issue", reference_at=ref_at, same_event="true", cell_status="elicited",
                                 event_reference_at=ref_at, event_end_at=contract["end_at"], methodology_version="2",
                                 event_id=ev_id(contract, KEYS[:5], "ev1-"), event_id_v2=ev_id(contract, KEYS, "ev2-"),
                                 **{k: contract[k] for k in KEYS[4:]})
                        if i + span < n_sessions:
                            chg = move[(a, h)]
                            r.update({"ref": "5000.0", "close": repr(5000.0 * (1 + chg / 100)), "actual_pct": repr(chg),
                                      "draw": "true" if abs(chg) < 0.05 else "false"})
                        rows.append(r)
                continue
            not_counted = rnd.random() < 0.02
            for a in assets:
                for h, span in HORIZONS:
                    end = days[i + span]
                    contract = dict(zip(KEYS, [a, h, ref_at, ny(end, 16, 0), "close_gt_ref", "1", "first_trade_0930",
                                               "fixture", a]))
                    z = skill[seat] * signal[(a, h)] + rnd.gauss(0, 0.7)
                    p = f"{min(99.0, max(1.0, 50 + 25 * math.tanh(z))):.1f}"
                    roll = rnd.random()
                    if not_counted:
                        status, cell = "not_counted", "elicited"
                    elif roll < 0.03:
                        status, cell, p = "counted_50", "", ""
                    elif roll < 0.05:
                        status, cell, p = "counted", "explicit_50", "50"
                    else:
                        status, cell = "counted", "elicited"
                    resolved = i + span < n_sessions
                    chg = move[(a, h)]
                    r = dict.fromkeys(C1 + CONTRACT_COLS, "")
                    r.update(run_id=f"{d}-am", session=str(d), seat=seat, model=f"{seat}-1", mode="api", line=str(line),
                             sealed_at=sealed, status=status, asset=a, horizon=h, prob_up=p, run_role="session_run",
                             line_kind="issue", reference_at=ref_at, same_event="true", cell_status=cell,
                             event_reference_at=ref_at, event_end_at=contract["end_at"], methodology_version="2",
                             event_id=ev_id(contract, KEYS[:5], "ev1-"), event_id_v2=ev_id(contract, KEYS, "ev2-"),
                             **{k: contract[k] for k in KEYS[4:]})
                    if resolved:
                        r.update({"ref": "5000.0", "close": repr(5000.0 * (1 + chg / 100)), "actual_pct": repr(chg),
                                  "draw": "true" if abs(chg) < 0.05 else "false"})
                    rows.append(r)
        last_move = {a: move[(a, "1d")] for a in assets}
    with open(f"{out_dir}/council-forecasts.csv", "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=C1 + CONTRACT_COLS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    table = [{"asset": a, "h": h, "p_up": round(0.45 + 0.1 * rnd.random(), 4)} for a in assets for h, _ in HORIZONS]
    body = {"table": table}
    body["sha256"] = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()
    with open(f"{out_dir}/council-clim-window.json", "w") as f:
        json.dump(body, f, sort_keys=True)
    with open(f"{out_dir}/asks.jsonl", "w", encoding="utf-8") as f:
        # The declaration (seed 000 section 3.4): every session's morning run counts, from the
        # season's first session.
        f.write(json.dumps({"kind": "schedule", "at": ny(days[0], 0, 15), "ask_at_et": "08:30", "reference_at_et": "09:30",
                            "counting_rule": "scheduled_morning_run_counts__run_id_session_am__v1",
                            "first_session": str(days[0])}) + "\n")
        roster = [{"seat": s, "model": f"{s}-1", "family": FAMILY[s], "side": SIDE[s]} for s in seats]
        roster += [{"seat": s, "model": s, "family": "reference"} for s in (BASELINES if baselines else ())]
        f.write(json.dumps({"kind": "roster", "at": ny(days[0], 0, 16), "seats": roster}) + "\n")
    return len(rows)


def stated(r):
    return r["status"] not in ("no_answer", "counted_50", "refused_shape") and r["cell_status"] != "invalid" and r["prob_up"] != ""


def resolved_up(r):
    if r["ref"] == "" or r["close"] == "" or r["actual_pct"] == "":
        return None
    return 1.0 if float(r["actual_pct"]) > 0 else 0.0


def brier_table(rows):
    by = {}
    for r in rows:
        if r["status"] == "not_counted" or not stated(r):
            continue
        y = resolved_up(r)
        if y is not None:
            by.setdefault(r["seat"], {}).setdefault(r["horizon"], []).append((float(r["prob_up"]) / 100 - y) ** 2)
    return {s: {h: {"brier": float(np.mean(v)), "n": len(v)} for h, v in hs.items()} for s, hs in by.items()}


def common(rows):
    """Spec 5.1 / 4.5: a council seat's (no baseline's) rows, counted, stated, the common event
    (same_event), issue lines."""
    return [r for r in rows if r["model"] not in BASELINES and r["status"] == "counted" and stated(r)
            and r["same_event"] == "true" and r["line_kind"] == "issue"]


def every_run(rows):
    """Spec 5.1's broader n_eff.per_run: a council seat's stated probability from an issue line
    of any sealed run, counted or not, late answers and own-reference cells included."""
    return [r for r in rows if r["model"] not in BASELINES and r["status"] in ("counted", "not_counted") and stated(r)
            and r["line_kind"] == "issue"]


def neff(rows, admitted=common):
    runs = {}
    for r in admitted(rows):
        runs.setdefault((r["run_id"], r["horizon"]), {}).setdefault(r["seat"], {})[r["asset"]] = float(r["prob_up"])
    order = {h: k for k, (h, _) in enumerate(HORIZONS)}
    out = []
    for (run, h), table in sorted(runs.items(), key=lambda kv: (kv[0][0], order[kv[0][1]])):
        seats = sorted(table)
        rs = []
        for i in range(len(seats)):
            for j in range(i + 1, len(seats)):
                keys = sorted(set(table[seats[i]]) & set(table[seats[j]]))
                if len(keys) < 3:
                    continue
                x = np.array([table[seats[i]][k] for k in keys])
                y = np.array([table[seats[j]][k] for k in keys])
                if np.ptp(x) == 0 or np.ptp(y) == 0:
                    continue
                rs.append(float(np.corrcoef(x, y)[0, 1]))
        n = len(seats)
        rho = sum(rs) / len(rs) if rs else None
        out.append({"run_id": run, "horizon": h, "n": n, "rho": rho,
                    "n_eff": n / (1 + (n - 1) * rho) if rho is not None and 1 + (n - 1) * rho > 0 else None})
    return out


def consensus(ps):
    """Spec 4.5 with one family per seat: drop the highest and lowest from 5 answers, mean, clamp 2-98."""
    ps = sorted(ps)
    if len(ps) >= 5:
        ps = ps[1:-1]
    return min(98.0, max(2.0, float(np.mean(ps))))


def gains(rows, clim):
    events = {}
    for r in common(rows):
        if r["horizon"] == "1d":
            events.setdefault((r["session"], r["event_id_v2"]), []).append(r)
    sessions_all = sorted({r["session"] for r in rows})
    number = {d: k + 1 for k, d in enumerate(sessions(len(sessions_all) + 5))}
    by_session = {}
    for (d, _), rs in sorted(events.items()):
        y = resolved_up(rs[0])
        q = clim.get((rs[0]["asset"], "1d"))
        if y is None or q is None or number[dt.date.fromisoformat(d)] < 11:
            continue
        c = consensus([float(r["prob_up"]) for r in rs]) / 100
        by_session.setdefault(number[dt.date.fromisoformat(d)], []).append((q - y) ** 2 - (c - y) ** 2)
    return [(s, float(np.mean(v))) for s, v in sorted(by_session.items())]


def comparisons(rows, clim):
    """Spec 4.6, Requirement 10: each council seat and the consensus against the coin and the
    climatology, per horizon, on common events from session 11: session gains G_s (mean of
    B_C - B_A over the session's events), statsmodels' ttost_mean at +-0.01 and tconfint_mean at
    90%, and the power figure 7.85 sigma^2 / 0.01^2 (sigma from five sessions on, else the
    spec's proxy: sd 0.062, rho 0.41, k events per session)."""
    from statsmodels.stats.weightstats import DescrStatsW

    events = {}
    for r in common(rows):
        events.setdefault((r["horizon"], r["session"], r["event_id_v2"]), []).append(r)
    sessions_all = sorted({r["session"] for r in rows})
    number = {d: k + 1 for k, d in enumerate(sessions(len(sessions_all) + 5))}
    losses = {}
    for (h, d, _), rs in sorted(events.items()):
        y = resolved_up(rs[0])
        s = number[dt.date.fromisoformat(d)]
        if y is None or s < 11:
            continue
        q = clim.get((rs[0]["asset"], h))
        c = consensus([float(r["prob_up"]) for r in rs]) / 100
        who = [("consensus", None, (c - y) ** 2)] + [("seat", r["seat"], (float(r["prob_up"]) / 100 - y) ** 2) for r in rs]
        for kind, seat, loss in who:
            losses.setdefault((kind, seat, "coin", h), {}).setdefault(s, []).append(0.25 - loss)
            if q is not None:
                losses.setdefault((kind, seat, "climatology", h), {}).setdefault(s, []).append((q - y) ** 2 - loss)
    out = []
    for (kind, seat, bench, h), by_session in losses.items():
        g = np.array([float(np.mean(v)) for _, v in sorted(by_session.items())])
        events_n = sum(len(v) for v in by_session.values())
        n = len(g)
        if n >= 5 and np.std(g, ddof=1) > 0:
            sigma, source = float(np.std(g, ddof=1)), "sessions"
        else:
            k = events_n / n if n else 12.0
            sigma, source = 0.062 * math.sqrt((1 + (k - 1) * 0.41) / k), "proxy"
        entry = {"forecaster": {"kind": kind, "seat": seat} if seat else {"kind": kind}, "benchmark": bench,
                 "horizon": h, "sessions": n, "events": events_n, "estimate": float(g.mean()) if n else None,
                 "ci90": None, "tost": None,
                 "power": {"sigma_g": sigma, "sigma_from": source, "sessions_needed": 7.85 * sigma ** 2 / 0.01 ** 2,
                           "detectable_effect": math.sqrt(7.85 * sigma ** 2 / n) if n else None}}
        if n >= 2 and np.std(g, ddof=1) > 0:
            d = DescrStatsW(g)
            entry["ci90"] = [float(x) for x in d.tconfint_mean(alpha=0.10)]
            p, (_, p1, _), (_, p2, _) = d.ttost_mean(-0.01, 0.01)
            entry["tost"] = {"p_value": float(p), "p_lower": float(p1), "p_upper": float(p2), "equivalent": bool(p < 0.05)}
        out.append(entry)
    return out


def primary(g):
    """Spec 8: moving blocks of 5 over sessions, 10,000 resamples, default_rng(20261102)."""
    n, b, reps = len(g), 5, 10_000
    rng = np.random.default_rng(20261102)
    nb = -(-n // b)
    stats = np.empty(reps)
    for k in range(reps):
        starts = rng.integers(0, n - b + 1, size=nb)
        stats[k] = g[(starts[:, None] + np.arange(b)).ravel()[:n]].mean()
    lo95, hi95 = np.percentile(stats, [2.5, 97.5])
    lo90, hi90 = np.percentile(stats, [5, 95])
    inside = -0.01 < lo90 and hi90 < 0.01
    verdict = "confirmed" if lo95 > 0 else ("no_material_gain" if inside else "inconclusive")
    return {"estimate": float(g.mean()), "sessions": n, "ci95": [float(lo95), float(hi95)], "ci90": [float(lo90), float(hi90)],
            "verdict": verdict}


def peer(csv_path, clim_path):
    t0 = time.perf_counter()
    with open(csv_path, encoding="utf-8-sig", newline="") as f:
        rows = list(csv.DictReader(f))
    clim = {(t["asset"], t["h"]): t["p_up"] for t in json.load(open(clim_path))["table"]}
    t1 = time.perf_counter()
    seats = brier_table(rows)
    n_eff = neff(rows)
    g = gains(rows, clim)
    t2 = time.perf_counter()
    c2 = time.process_time()
    endpoint = primary(np.array([v for _, v in g]))
    endpoint["gains"] = [{"session": s, "gain": v} for s, v in g]
    c3 = time.process_time()
    t3 = time.perf_counter()
    compared = comparisons(rows, clim)
    return {"rows": len(rows), "seats": seats, "n_eff": n_eff, "n_eff_all_runs": neff(rows, every_run),
            "primary_endpoint": endpoint,
            "comparisons": compared,
            "seconds": {"read": t1 - t0, "figures": t2 - t1, "primary_bootstrap": t3 - t2,
                        "primary_bootstrap_cpu": c3 - c2, "total": t3 - t0}}


def main():
    a = sys.argv[1:]
    if a[:1] == ["gen"]:
        opts = {"--sessions": 126, "--seats": 11, "--markets": 12, "--seed": 7, "--baselines": 0}
        for k, v in zip(a[2::2], a[3::2]):
            opts[k] = int(v)
        n = gen(a[1], opts["--sessions"], opts["--seats"], opts["--markets"], opts["--seed"], opts["--baselines"] == 1)
        print(json.dumps({"rows": n}))
    elif a[:1] == ["peer"]:
        print(json.dumps(peer(a[1], a[2])))
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main()
