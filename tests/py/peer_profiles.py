"""An independent reading of the peer profiles' records files (seeds 001/003, 002, 004), to
compare with `sealbook score --profile agentpit|ladder|arena --json`.

  peer_profiles.py gen <agentpit|ladder|arena> <out.jsonl> [--seed N]   write a generated file
  peer_profiles.py peer <agentpit|ladder|arena> <file.jsonl>            print the figures (JSON)

The file is read with the json module; Brier scores, means (np.mean), bootstraps
(np.random.default_rng(seed), rng.integers(0, n, size=n) per resample, np.percentile), the
sign test (scipy.stats.binomtest) and the Normal CRPS (properscoring.crps_gaussian) are
computed here from the seeds' rules, not from sealbook's code. Output keys mirror the stats
document's for the figures computed.
"""

import json
import math
import sys

import numpy as np
import properscoring
from scipy.stats import binomtest

AGENTPIT_SEED, AGENTPIT_RESAMPLES = 20261009, 10_000
LADDER_SEED, LADDER_RESAMPLES = 20260917, 600


def read(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def mean(xs):
    return float(np.mean(np.array(xs, dtype=np.float64))) if xs else None


def figure(xs, seed=None, resamples=None, level=None):
    """value, n and the percentile bootstrap interval (None with fewer than 2 values)."""
    out = {"value": mean(xs), "n": len(xs), "interval": None}
    if seed is not None and len(xs) >= 2:
        x = np.array(xs, dtype=np.float64)
        rng = np.random.default_rng(seed)
        reps = np.array([x[rng.integers(0, len(x), size=len(x))].mean() for _ in range(resamples)])
        half = 50.0 * level
        lo, hi = np.percentile(reps, [50.0 - half, 50.0 + half])
        out["interval"] = [float(lo), float(hi)]
    return out


# --------------------------------------------------------------------------------------------
# agentpit (seed 001): 1/2 sum (p - y)^2, crowd = market price at sweep time
# --------------------------------------------------------------------------------------------


def multi_brier(vec, winner):
    return 0.5 * sum((vec[k] - (1.0 if k == winner else 0.0)) ** 2 for k in sorted(vec))


def agentpit(records):
    boot = dict(seed=AGENTPIT_SEED, resamples=AGENTPIT_RESAMPLES, level=0.95)
    agents = {}
    for r in records:
        a = agents.setdefault(r["agent"], dict(forecasts=0, unresolved=0, missing=0, infra=0, not_counted=0, agent=[], crowd=[],
                                               bets=dict(placed=0, settled=0, won=0, unresolved=0, staked=0.0, payout=0.0, pnl=0.0)))
        if not r.get("counted", True):
            a["not_counted"] += 1
            continue
        if r["kind"] == "bet":
            b = a["bets"]
            b["placed"] += 1
            if r["won"] is None:
                b["unresolved"] += 1
                continue
            payout = r["stake"] / r["fill_price"] if r["won"] else 0.0
            b["settled"] += 1
            b["won"] += 1 if r["won"] else 0
            b["staked"] += r["stake"]
            b["payout"] += payout
            b["pnl"] += payout - r["stake"]
            continue
        a["forecasts"] += 1
        if r["probabilities"] is None:
            a["infra" if r["missing"] == "infrastructure" else "missing"] += 1
        elif r["winner"] is None:
            a["unresolved"] += 1
        else:
            a["agent"].append(multi_brier(r["probabilities"], r["winner"]))
            a["crowd"].append(multi_brier(r["crowd"], r["winner"]))
    out = {}
    for name, a in agents.items():
        diffs = [x - c for x, c in zip(a["agent"], a["crowd"])]
        better, worse = sum(d < 0 for d in diffs), sum(d > 0 for d in diffs)
        md = figure(diffs, **boot)
        verdict = None
        if md["interval"] is not None:
            lo, hi = md["interval"]
            verdict = "better" if hi < 0 else "worse" if lo > 0 else "inconclusive"
        answered = len(a["agent"]) + a["unresolved"]
        out[name] = {
            "forecasts": a["forecasts"],
            "scored": len(a["agent"]),
            "unresolved": a["unresolved"],
            "missing": a["missing"],
            "infrastructure_failures": a["infra"],
            "not_counted": a["not_counted"],
            "coverage": answered / (answered + a["missing"]) if answered + a["missing"] else None,
            "brier": figure(a["agent"], **boot),
            "crowd_brier": figure(a["crowd"], **boot),
            "vs_crowd": {
                "mean_difference": md,
                "sign_test": {
                    "agent_better": better,
                    "crowd_better": worse,
                    "ties": len(diffs) - better - worse,
                    "p_value": binomtest(worse, better + worse, 0.5).pvalue if better + worse else 1.0,
                },
                "verdict": verdict,
            },
            "bets": a["bets"],
        }
    return {"profile": "agentpit", "records": len(records), "agents": out}


# --------------------------------------------------------------------------------------------
# ladder (seed 002): edge = market Brier - model Brier, skipped = 0.50, sized stakes
# --------------------------------------------------------------------------------------------


def ladder_scores(qs):
    boot = dict(seed=LADDER_SEED, resamples=LADDER_RESAMPLES, level=0.90)
    model, market = [], []
    for q in qs:
        if q["resolution"] in ("yes", "no") and q["probability"] is not None:
            o = 1.0 if q["resolution"] == "yes" else 0.0
            model.append((q["probability"] - o) ** 2)
            market.append((q["market_price"] - o) ** 2)
    b, m = mean(model), mean(market)
    edge = figure([bm - bb for bm, bb in zip(market, model)], **boot)
    edge["value"] = None if b is None else m - b
    separated = None if edge["interval"] is None else (edge["interval"][0] > 0 or edge["interval"][1] < 0)
    return {"brier": figure(model, **boot), "market_brier": figure(market, **boot), "edge": edge, "edge_separated": separated}


def returns(qs):
    bets, staked, won = 0, 0.0, 0.0
    for q in qs:
        p, c0 = q["probability"], q["market_price"]
        if p is None or q["resolution"] not in ("yes", "no"):
            continue
        gap = abs(p - c0)
        if math.floor(gap * 1e4 + 0.5) <= 200:  # within two points: sits out
            continue
        s = min(1.0, gap / 0.20)
        c = min(max(c0, 0.10), 0.90)
        yes = q["resolution"] == "yes"
        if p > c0:
            w = s * (1 - c) / c if yes else -s
        else:
            w = s * c / (1 - c) if not yes else -s
        bets += 1
        staked += s
        won += w
    return {"bets": bets, "staked": staked, "won": won, "roi": won / staked if staked > 0 else None}


def ladder(records):
    models, questions = {}, {}
    for r in records:
        models.setdefault(r["model"], []).append(r)
        questions[r["question_id"]] = r["resolution"]
    out = {}
    for name, qs in models.items():
        live = [q for q in qs if q["resolution"] != "annulled"]
        resolved = [q for q in live if q["resolution"] in ("yes", "no")]
        league = [((q["probability"] if q["probability"] is not None else 0.5) - (1.0 if q["resolution"] == "yes" else 0.0)) ** 2 for q in resolved]
        answered = sum(q["probability"] is not None for q in live)
        cats = {}
        for q in qs:
            cats.setdefault(q["category"], []).append(q)
        out[name] = {
            "search_enabled": any(q.get("search_enabled", False) for q in qs),
            "asked": len(live),
            "answered": answered,
            "resolved": len(resolved),
            "answered_resolved": sum(q["probability"] is not None for q in resolved),
            "annulled": len(qs) - len(live),
            "coverage": answered / len(live) if live else None,
            "provisional": len(resolved) < 10,
            **ladder_scores(qs),
            "league_score": {"value": mean(league), "n": len(league), "interval": None},
            "returns": returns(qs),
            "categories": {c: ladder_scores(v) for c, v in cats.items()},
        }
    counts = {k: sum(v == k for v in questions.values()) for k in ("yes", "no", "annulled", "open")}
    return {"profile": "ladder", "records": len(records), "questions": {"total": len(questions), **counts}, "models": out}


# --------------------------------------------------------------------------------------------
# arena (seed 004): 50 +- 50c, the Brier diagnostic, Normal CRPS, the 30-settlement gate
# --------------------------------------------------------------------------------------------

DIRS = ["bearish", "neutral", "bullish"]


def arena(records):
    agents = {}
    for r in records:
        a = agents.setdefault(r["agent"], dict(cancelled=0, open=0, score=[], correct=0, brier=[], vec=[], leg=[], crps=[], display=[]))
        if r["status"] != "resolved":
            a[r["status"]] += 1
            continue
        if r["kind"] == "numeric":
            crps = float(properscoring.crps_gaussian(r["actual"], r["point"], r["sd"]))
            a["crps"].append(crps)
            a["display"].append(100.0 * math.exp(-crps / r["reference_scale"]))
            continue
        if "probabilities" in r:
            v = [r["probabilities"][d] for d in DIRS]
            k = max(range(3), key=lambda i: (v[i], -i))  # first maximum
            call, conf = DIRS[k], v[k]
        else:
            call, conf = r["direction"], r["confidence"]
            v = [(1.0 - conf) / 2.0] * 3
            v[DIRS.index(call)] = conf
        if "outcome" in r:
            outcome = r["outcome"]
        else:
            mv = r["closing"] - r["opening"]
            outcome = "neutral" if abs(mv) <= r["neutral_threshold"] else "bullish" if mv > 0 else "bearish"
        a["score"].append(50.0 + 50.0 * conf if call == outcome else 50.0 - 50.0 * conf)
        a["correct"] += call == outcome
        b = sum((v[i] - (1.0 if DIRS[i] == outcome else 0.0)) ** 2 for i in range(3))
        a["brier"].append(b)
        a["vec" if "probabilities" in r else "leg"].append(b)
    out = {}
    for name, a in agents.items():
        settled = len(a["score"]) + len(a["crps"])
        fig = lambda xs: {"value": mean(xs), "n": len(xs), "interval": None}  # noqa: E731
        out[name] = {
            "settled": settled,
            "cancelled": a["cancelled"],
            "open": a["open"],
            "leaderboard_eligible": settled >= 30,
            "directional": {
                "score": fig(a["score"]),
                "accuracy": {"correct": a["correct"], "n": len(a["score"]), "value": a["correct"] / len(a["score"]) if a["score"] else None},
                "brier": fig(a["brier"]),
                "brier_vectors": fig(a["vec"]),
                "brier_legacy": fig(a["leg"]),
            },
            "numeric": {"crps": fig(a["crps"]), "display": fig(a["display"])},
        }
    return {"profile": "arena", "records": len(records), "settlement_gate": 30, "agents": out}


# --------------------------------------------------------------------------------------------
# generated files
# --------------------------------------------------------------------------------------------


def simplex(rng, k, digits=3):
    raw = rng.random(k) + 0.02
    p = [round(float(x), digits) for x in raw / raw.sum()]
    p[-1] = round(1.0 - sum(p[:-1]), 12)
    return p if min(p) >= 0 else simplex(rng, k, digits)


def gen_agentpit(rng):
    agents = {"Claude": "claude-fable-5-1", "Codex": "gpt-6-luna", "Gemini": "gemini-3.1-pro-high", "Grok": "grok-4.7"}
    skill = {"Claude": 0.35, "Codex": 0.0, "Gemini": -0.25, "Grok": 0.1}
    out = []
    for day in range(10, 18):
        sweep = f"2026-10-{day:02d}"
        counted = day != 16  # a high-stakes Friday: published, outside the tables
        for m in range(24):
            market = f"{sweep}-m{m}"
            k = int(rng.integers(2, 5))
            labels = [f"outcome {chr(65 + i)}" for i in range(k)]
            fair = simplex(rng, k)
            crowd = {lab: min(0.99, max(0.01, round(p + float(rng.normal(0, 0.02)), 2))) for lab, p in zip(labels, fair)}
            winner = None if rng.random() < 0.15 else labels[int(rng.choice(k, p=np.array(fair) / sum(fair)))]
            for agent, model in agents.items():
                rec = {"kind": "forecast", "agent": agent, "model_id": model, "sweep": sweep, "market_id": market, "crowd": crowd, "winner": winner}
                roll = rng.random()
                if roll < 0.04:
                    rec.update(probabilities=None, missing="agent")
                elif roll < 0.07:
                    rec.update(probabilities=None, missing="infrastructure")
                elif roll < 0.12 and abs(sum(crowd.values()) - 1.0) < 1e-12:
                    rec["probabilities"] = dict(crowd)  # a tie with the crowd
                else:
                    tilt = [f + (skill[agent] * (1.0 if lab == winner else -1.0 / (k - 1)) * 0.3 if winner else 0.0) for lab, f in zip(labels, fair)]
                    tilt = [max(t, 0.01) + float(rng.random()) * 0.05 for t in tilt]
                    s = sum(tilt)
                    p = [round(t / s, 3) for t in tilt]
                    p[-1] = round(1.0 - sum(p[:-1]), 12)
                    if min(p) < 0:
                        p = simplex(rng, k)
                    rec["probabilities"] = dict(zip(labels, p))
                if not counted:
                    rec["counted"] = False
                out.append(rec)
            if m % 6 == 0:
                for agent in agents:
                    lab = labels[int(rng.integers(0, k))]
                    won = None if winner is None else lab == winner
                    out.append({"kind": "bet", "agent": agent, "market_id": market, "outcome": lab, "stake": 100,
                                "fill_price": min(1.0, round(crowd[lab] + 0.03, 2)), "won": won, **({} if counted else {"counted": False})})
    return out


def gen_ladder(rng):
    models = ["GPT-5", "Claude Opus 4.1", "Gemini 2.5 Pro", "DeepSeek V3", "Baseline Copy Control", "Uninformed Prior Control", "Late Joiner"]
    cats = ["Markets", "World", "Technology", "AI", "Crypto", "Sports"]
    out = []
    for i in range(48):
        qid = f"q{i:03d}"
        price = round(float(rng.uniform(0.15, 0.85)), 2)
        truth = float(np.clip(price + rng.normal(0, 0.15), 0.02, 0.98))
        roll = rng.random()
        resolution = "annulled" if roll < 0.06 else "open" if roll < 0.16 else "yes" if rng.random() < truth else "no"
        cat = cats[int(rng.integers(0, len(cats)))]
        for m in models:
            if m == "Late Joiner" and i < 40:
                continue
            if m == "Baseline Copy Control":
                p = price
            elif m == "Uninformed Prior Control":
                p = 0.5
            elif rng.random() < 0.1:
                p = None
            else:
                noise = {"GPT-5": 0.08, "Claude Opus 4.1": 0.12, "Gemini 2.5 Pro": 0.2, "DeepSeek V3": 0.15, "Late Joiner": 0.1}[m]
                p = round(float(np.clip(truth + rng.normal(0, noise), 0.01, 0.99)), 3)
            rec = {"kind": "forecast", "model": m, "question_id": qid, "round": f"r{i // 10}", "category": cat, "probability": p,
                   "market_price": price, "resolution": resolution}
            if resolution == "annulled":
                rec["annulled_reason"] = "tie: printed exactly at consensus"
            if m == "DeepSeek V3":
                rec["search_enabled"] = True
            out.append(rec)
    return out


def gen_arena(rng):
    agents = {"alpha": 45, "beta": 40, "gamma": 20}
    out = []
    for agent, count in agents.items():
        for i in range(count):
            cid = f"dir-{i:03d}"
            roll = rng.random()
            status = "cancelled" if roll < 0.05 else "open" if roll < 0.12 else "resolved"
            rec = {"kind": "directional", "agent": agent, "challenge_id": cid, "status": status}
            if rng.random() < 0.5:
                rec["probabilities"] = dict(zip(DIRS, simplex(rng, 3)))
            else:
                rec["direction"] = DIRS[int(rng.integers(0, 3))]
                rec["confidence"] = round(float(rng.uniform(0.34, 0.95)), 2)
            out.append(rec)
    # One outcome per challenge, shared by every agent's record on it.
    by_challenge = {}
    for rec in out:
        if rec["status"] != "resolved":
            continue
        cid = rec["challenge_id"]
        if cid not in by_challenge:
            if int(cid[-3:]) % 2:
                by_challenge[cid] = {"outcome": DIRS[int(rng.integers(0, 3))]}
            else:
                o = round(float(rng.uniform(90, 110)), 2)
                by_challenge[cid] = {"opening": o, "closing": round(o + float(rng.normal(0, 1)), 2), "neutral_threshold": 0.5}
        rec.update(by_challenge[cid])
    # Statuses must agree per challenge: the first agent's status decides for all.
    status = {}
    for rec in out:
        status.setdefault(rec["challenge_id"], rec["status"])
    fixed = []
    for rec in out:
        s = status[rec["challenge_id"]]
        if s != rec["status"]:
            rec = {k: v for k, v in rec.items() if k not in ("outcome", "opening", "closing", "neutral_threshold")}
            rec["status"] = s
            if s == "resolved":
                rec.update(by_challenge[rec["challenge_id"]])
        fixed.append(rec)
    out = fixed
    for j in range(12):
        actual = round(float(rng.normal(3.0, 0.3)), 2)
        scale = 0.25
        st = "resolved" if j < 10 else "cancelled"
        for agent in agents:
            rec = {"kind": "numeric", "agent": agent, "challenge_id": f"num-{j}", "status": st,
                   "point": round(actual + float(rng.normal(0, 0.2)), 2), "sd": round(float(rng.uniform(0.05, 0.5)), 3), "reference_scale": scale}
            if st == "resolved":
                rec["actual"] = actual
            out.append(rec)
    return out


def main():
    cmd, profile, path = sys.argv[1], sys.argv[2], sys.argv[3]
    if cmd == "gen":
        seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 5
        recs = {"agentpit": gen_agentpit, "ladder": gen_ladder, "arena": gen_arena}[profile](np.random.default_rng(seed))
        with open(path, "w", encoding="utf-8") as f:
            for r in recs:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
    elif cmd == "peer":
        print(json.dumps({"agentpit": agentpit, "ladder": ladder, "arena": arena}[profile](read(path))))
    else:
        sys.exit(f"unknown command {cmd}")


if __name__ == "__main__":
    main()
