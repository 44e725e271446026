"""Peer for tests/cross/stats_vs_python.rs: reads a JSON request on stdin, answers with what numpy,
scipy, statsmodels, arch and properscoring compute for it. Floats travel as IEEE-754 bit
patterns (unsigned 64-bit integers) so comparisons can be exact."""
import json
import struct
import sys
import warnings

import numpy as np
import properscoring
import scipy.stats
import statsmodels.api as sm
from arch.bootstrap import CircularBlockBootstrap, IIDBootstrap, MovingBlockBootstrap
from arch.covariance.kernel import Bartlett
from statsmodels.stats.weightstats import DescrStatsW

warnings.simplefilter("ignore")


def b2f(bits):
    return np.array(bits, dtype=np.uint64).view(np.float64)


def f2b(x):
    return struct.unpack("<Q", struct.pack("<d", float(x)))[0]


def fb(xs):
    return [f2b(x) for x in np.ravel(xs)]


def rng_case(c):
    seed = int(c["seed"])
    rng = np.random.default_rng(seed)
    out = []
    for op in c["ops"]:
        if op["op"] == "int":
            out.append([int(v) for v in rng.integers(op["low"], op["high"], size=op["size"])])
        else:
            out.append(fb(rng.random(op["size"])))
    state = np.random.SeedSequence(seed).generate_state(8).tolist()
    return {"draws": out, "state": state}


def reduce_case(bits):
    a = b2f(bits)
    return {
        "sum": f2b(np.sum(a)),
        "mean": f2b(np.mean(a)),
        "std1": f2b(np.std(a, ddof=1)) if len(a) > 1 else None,
        "pct": fb(np.percentile(a, [2.5, 97.5, 5, 95, 50, 33.3, 0, 100])),
    }


def arch_case(c):
    x = b2f(c["x"])

    def make():
        if c["kind"] == "iid":
            return IIDBootstrap(x, seed=c["seed"])
        if c["kind"] == "moving":
            return MovingBlockBootstrap(c["block"], x, seed=c["seed"])
        return CircularBlockBootstrap(c["block"], x, seed=c["seed"])

    reps = [np.mean(pos[0]) for pos, _ in make().bootstrap(c["reps"])]
    ci = make().conf_int(np.mean, reps=c["reps"], method="percentile", size=c["level"])
    alpha = (1.0 - c["level"]) / 2
    return {"reps": fb(reps), "ci": fb(ci[:, 0]), "q": fb([100 * alpha, 100 * (1.0 - alpha)])}


def primary_case(bits):
    """Spec 8 as a researcher would script it: moving blocks of 5 over sessions, 10,000
    resamples, default_rng(20261102), np.percentile intervals, verdict in order."""
    g = b2f(bits)
    n, b = len(g), 5
    rng = np.random.default_rng(20261102)
    nb = -(-n // b)
    stats = np.empty(10000)
    for r in range(10000):
        starts = rng.integers(0, n - b + 1, size=nb)
        idx = (starts[:, None] + np.arange(b)).ravel()[:n]
        stats[r] = g[idx].mean()
    lo95, hi95 = np.percentile(stats, [2.5, 97.5])
    lo90, hi90 = np.percentile(stats, [5, 95])
    inside = -0.01 < lo90 and hi90 < 0.01
    verdict = "confirmed" if lo95 > 0 else ("no_material_gain" if inside else "inconclusive")
    # the same through arch's MovingBlockBootstrap
    arch_ci = MovingBlockBootstrap(5, g, seed=20261102).conf_int(np.mean, reps=10000, method="percentile", size=0.95)
    return {"estimate": f2b(g.mean()), "ci95": fb([lo95, hi95]), "ci90": fb([lo90, hi90]), "verdict": verdict,
            "arch95": fb(arch_ci[:, 0])}


def cluster_case(c):
    clusters = [b2f(v) for v in c["clusters"]]
    seed = int(c["seed"])
    rng = np.random.default_rng(seed)
    s = len(clusters)
    out = []
    for _ in range(c["reps"]):
        idx = rng.integers(0, s, size=s)
        out.append(np.concatenate([clusters[i] for i in idx]).mean())
    return fb(out)


def special_case(c):
    t = scipy.stats.t
    return {
        "t_ppf": fb([t.ppf(p, df) for p, df in c["t_ppf"]]),
        "t_cdf": fb([t.cdf(x, df) for x, df in c["t_cdf"]]),
        "norm_ppf": fb([scipy.stats.norm.ppf(p) for p in c["norm_ppf"]]),
        "binom": fb([scipy.stats.binomtest(k, n, 0.5).pvalue for k, n in c["binom"]]),
    }


def tinterval_case(bits):
    x = b2f(bits)
    n = len(x)
    lo, hi = scipy.stats.t.interval(0.95, n - 1, loc=np.mean(x), scale=scipy.stats.sem(x))
    p, (t1, p1, _), (t2, p2, _) = DescrStatsW(x).ttost_mean(-0.01, 0.01)
    return {"ci95": fb([lo, hi]), "tost": fb([p, p1, p2])}


def hac_case(c):
    x = b2f(c["x"])
    lag = c["lag"]
    res = sm.OLS(x, np.ones(len(x))).fit(cov_type="HAC", cov_kwds={"maxlags": lag})
    lr = Bartlett(x, bandwidth=lag).cov.long_run
    return {"se": f2b(res.bse[0]), "mean": f2b(res.params[0]), "ci95": fb(res.conf_int(0.05)[0]),
            "arch_long_run": f2b(np.asarray(lr).ravel()[0])}


def logit_case(c):
    p = b2f(c["p"])
    y = np.array(c["y"], dtype=float)
    g = np.array(c["g"])
    X = np.column_stack([np.ones(len(p)), np.log(p / (1 - p))])
    res = sm.Logit(y, X).fit(disp=0, cov_type="cluster", cov_kwds={"groups": g})
    plain = sm.Logit(y, X).fit(disp=0)
    return {"params": fb(res.params), "bse": fb(res.bse), "bse_model": fb(plain.bse)}


def main():
    req = json.load(sys.stdin)
    out = {
        "rng": [rng_case(c) for c in req["rng"]],
        "reduce": [reduce_case(c) for c in req["reduce"]],
        "arch": [arch_case(c) for c in req["arch"]],
        "primary": [primary_case(c) for c in req["primary"]],
        "cluster": [cluster_case(c) for c in req["cluster"]],
        "special": special_case(req["special"]),
        "tinterval": [tinterval_case(c) for c in req["tinterval"]],
        "hac": [hac_case(c) for c in req["hac"]],
        "logit": [logit_case(c) for c in req["logit"]],
        "crps": fb([properscoring.crps_gaussian(*b2f(c)) for c in req["crps"]]),
        "eigh": [fb(np.linalg.eigvalsh(b2f(c["a"]).reshape(c["n"], c["n"]))) for c in req["eigh"]],
    }
    json.dump(out, sys.stdout)


main()
