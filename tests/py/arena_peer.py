"""An independent reading of the trading tracks (spec 4.7, 4.8, 4.11; seed 002's agent
portfolios) for tests/cross/arena_vs_python.rs.

    arena_peer.py gen DIR SEED
    arena_peer.py validate SCHEMA FILE
    arena_peer.py code DIR FILE...
    arena_peer.py league DIR

writes a generated season into DIR as a league publishes it: arena-protocol.json (the
standard rules arena-3, pro-1, agent-portfolio-1, written here from the documented layout),
arena-decisions.jsonl (three seats, holds, rule-breaking weights, late seals), arena-prices.jsonl
(minute bars in the 09:30-09:45 ET window with gaps, closes, the 13-week bill rate), and the
engine's results as this script computes them: arena-trades.jsonl and arena-accounts.jsonl.
`sealbook replay DIR` must reproduce every row to the cent.

`league DIR` replays a league's published directory (`sealbook league publish`): the
decisions read here from the sealed book (council-book.jsonl), the prices and rules from the
published files, and compares every published account row and trade to the cent, on every
version the league ran (arena-3, pro-1, seed 002's agent-portfolio-1, bets-1). A bet settles
on the `resolution` line of its market whichever venue (Polymarket or Kalshi) resolved it.

Money in integers throughout (cents, micro-dollar prices, micro-share quantities, basis-point
weights, ppm rates), every conversion one product and one division rounded half to even;
decimal strings read with the decimal module; the seeded random benchmark draws with
np.random.default_rng. Written from the documented rules, not from the Rust code.
"""

import datetime as dt
import json
import os
import sys
from decimal import Decimal
from zoneinfo import ZoneInfo

import numpy as np

NY = ZoneInfo("America/New_York")
UTC = dt.timezone.utc


def rdiv(n, d):
    """n / d to the nearest integer, ties to even."""
    if d < 0:
        n, d = -n, -d
    q, r = divmod(n, d)
    if 2 * r > d or (2 * r == d and q % 2 == 1):
        q += 1
    return q


def value_cents(q, p):
    return rdiv(q * p, 10**10)


def qty_for(c, p):
    return rdiv(c * 10**10, p)


def share(c, bp):
    return rdiv(c * bp, 10_000)


def interest(cash, ppm, days):
    return rdiv(cash * ppm * days, 360 * 10**6)


def micro(s):
    return int(Decimal(s) * 1_000_000)


def micro_str(v):
    d = Decimal(v) / Decimal(1_000_000)
    s = format(d, "f")
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return s


def ny(day, h, m):
    return dt.datetime(day.year, day.month, day.day, h, m, tzinfo=NY).astimezone(UTC)


def rfc(t):
    t = t.astimezone(UTC)
    s = t.strftime("%Y-%m-%dT%H:%M:%S")
    if t.microsecond:
        s += ".%06d" % t.microsecond
    return s + "Z"


# NYSE full-day holidays in the generated window.
HOLIDAYS = {dt.date(2026, 11, 26), dt.date(2026, 12, 25), dt.date(2027, 1, 1)}


def is_session(d):
    return d.weekday() < 5 and d not in HOLIDAYS


def next_session(d):
    d += dt.timedelta(days=1)
    while not is_session(d):
        d += dt.timedelta(days=1)
    return d


MARKET_FUNDS = [("SPX", "SPY"), ("NDX", "QQQ"), ("DJI", "DIA"), ("SOX", "SOXX"), ("TNX", "IEF"),
                ("DXY", "UUP"), ("GOLD", "GLD"), ("WTI", "USO"), ("BRENT", "BNO"),
                ("COPPER", "CPER"), ("BTC", "IBIT")]


def funds(with_vix=False):
    f = [{"market": m, "symbol": s} for m, s in MARKET_FUNDS]
    if with_vix:
        f.insert(6, {"market": "VIX", "symbol": "VIXY"})
    return f


def standard_protocol():
    window = {"rule": "first_price_in_window", "start": "09:30", "end": "09:45"}
    base = dict(from_="2026-10-19", starting_cash_cents=10_000_000, cost_bp=10,
                cash_rate_symbol="^IRX", execution=window, min_order_cents=0, max_orders=None,
                metrics_sessions=20)

    def rules(version, track, fs, indicators, long_only, wmin, wmax, gmin, gmax, lmax, benchmarks, **kw):
        r = dict(base)
        r.update(kw)
        r["from"] = r.pop("from_")
        r.update(version=version, track=track, funds=fs, indicators_only=indicators, long_only=long_only,
                 weight_min_bp=wmin, weight_max_bp=wmax, gross_min_bp=gmin, gross_max_bp=gmax,
                 long_max_bp=lmax, benchmarks=benchmarks)
        return r

    eleven = funds()
    hold_all = {f["symbol"]: 10_000 // len(eleven) for f in eleven}
    return {
        "protocol": "sealbook-arena",
        "rounding": "integer_units__round_half_even__v1",
        "versions": [
            rules("arena-3", "portfolio", eleven, ["VIX"], True, 500, 2500, 0, 10_000, 10_000, [
                {"name": "_hold_all", "weights_bp": hold_all},
                {"name": "_spy", "weights_bp": {"SPY": 10_000}},
                {"name": "_passive", "weights_bp": {"SPY": 6_000, "IEF": 4_000}},
                {"name": "_cash", "weights_bp": {}},
                {"name": "_random", "random_funds": 5, "seed": 20261019}]),
            rules("pro-1", "pro", funds(True), [], False, 500, 3000, 10_000, 20_000, 20_000, [
                {"name": "_spy_long", "weights_bp": {"SPY": 10_000}},
                {"name": "_spy_short", "weights_bp": {"SPY": -10_000}},
                {"name": "_cash", "weights_bp": {}},
                {"name": "_random", "random_funds": 5, "seed": 20261020}]),
            rules("agent-portfolio-1", "agent_portfolio", eleven, ["VIX"], True, 0, 10_000, 0, 10_000,
                  10_000, [{"name": "_world", "weights_bp": {"SPY": 10_000}},
                           {"name": "_bitcoin", "weights_bp": {"IBIT": 10_000}}],
                  cost_bp=20, cash_rate_symbol=None, execution={"rule": "next_close"},
                  min_order_cents=50_000, max_orders=10),
        ],
    }


def pct(bp):
    s = "%d.%02d" % (abs(bp) // 100, abs(bp) % 100)
    s = s.rstrip("0").rstrip(".")
    return ("-" if bp < 0 else "") + s + "%"


def check(r, w):
    syms = [f["symbol"] for f in r["funds"]]
    gross = long = 0
    for s in sorted(w):
        x = w[s]
        if s not in syms:
            if s in r["indicators_only"]:
                return "%s is an indicator only under %s" % (s, r["version"])
            return "%s is not a traded fund under %s" % (s, r["version"])
        if x < 0 and r["long_only"]:
            return "%s %s: short positions are refused under %s" % (s, pct(x), r["version"])
        if x != 0 and not (r["weight_min_bp"] <= abs(x) <= r["weight_max_bp"]):
            return "%s %s: a position must be %s-%s of equity" % (s, pct(x), pct(r["weight_min_bp"]), pct(r["weight_max_bp"]))
        gross += abs(x)
        long += max(x, 0)
    if not (r["gross_min_bp"] <= gross <= r["gross_max_bp"]):
        return "gross %s: must be %s-%s" % (pct(gross), pct(r["gross_min_bp"]), pct(r["gross_max_bp"]))
    if long > r["long_max_bp"]:
        return "long %s: at most %s" % (pct(long), pct(r["long_max_bp"]))
    return None


class Prices:
    def __init__(self, lines):
        self.bars, self.closes, self.rates = {}, {}, {}
        for l in lines:
            if l["kind"] == "bar":
                at = dt.datetime.fromisoformat(l["at"].replace("Z", "+00:00"))
                self.bars.setdefault(l["symbol"], []).append((at, micro(l["price"])))
            elif l["kind"] == "close":
                self.closes[(l["symbol"], l["session"])] = micro(l["price"])
            elif l["kind"] == "rate":
                self.rates.setdefault(l["symbol"], {})[l["session"]] = int(Decimal(l["rate"]) * 10_000)

    def first_bar(self, s, lo, hi):
        """The earliest bar in lo..hi; of bars at one instant, the later line."""
        best = None
        for at, p in self.bars.get(s, []):
            if lo <= at <= hi and (best is None or at <= best[0]):
                best = (at, p)
        return best

    def rate(self, s, day):
        r = [(d, v) for d, v in self.rates.get(s, {}).items() if d <= day]
        return max(r)[1] if r else None


def exec_session(r, t):
    local = t.astimezone(NY)
    d = local.date()
    if r["execution"]["rule"] == "first_price_in_window":
        h, m = map(int, r["execution"]["end"].split(":"))
        secs = local.hour * 3600 + local.minute * 60 + local.second
        return d if is_session(d) and secs <= h * 3600 + m * 60 else next_session(d)
    return d if is_session(d) and local.hour < 16 else next_session(d)


def trailing_ratios(r, equities):
    """Sharpe and Sortino of the trailing metrics_sessions daily returns (numpy), or None
    (also when not finite: an equity of zero makes IEEE infinities, as the published rows
    write them)."""
    ser = np.array([r["starting_cash_cents"]] + equities, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        daily = ser[1:] / ser[:-1] - 1
        m = r["metrics_sessions"]
        sharpe = sortino = None
        if len(daily) >= m:
            x = daily[-m:]
            sd = float(np.std(x, ddof=1))
            sharpe = float(np.mean(x)) / sd * 252 ** 0.5 if sd > 0 else None
            dn = float(np.mean(np.minimum(x, 0) ** 2))
            sortino = float(np.mean(x)) / dn ** 0.5 * 252 ** 0.5 if dn > 0 else None
    finite = lambda v: v if v is not None and np.isfinite(v) else None
    return finite(sharpe), finite(sortino)


def t_of(s):
    return dt.datetime.fromisoformat(s.replace("Z", "+00:00"))


def eligible_markets(el, markets, now, history):
    """Seeds 001/003's market eligibility, read from the rulebook: the ids eligible (busiest
    first) and the rounds they open; `history` holds (category, opened, closes)."""
    passed = []
    for m in markets:
        c = m["closes_at"]
        if m["resolved"] or c is None:
            continue
        if c - now < dt.timedelta(minutes=el["min_close_minutes"]) or c - now > dt.timedelta(days=el["max_close_days"]):
            continue
        if not m["outcomes"]:
            continue
        if max(o["price"] for o in m["outcomes"]) > el["favourite_max"]:
            continue
        if any(o["ask"] is None or not 0 < o["ask"] <= 10**6 for o in m["outcomes"]):
            continue
        if any(t.lower() in [x.lower() for x in el["excluded_topics"]] for t in m["topics"]):
            continue
        passed.append(m)
    passed.sort(key=lambda m: (-m["volume"], m["id"]))
    ok, rounds = [], []
    for m in passed:
        every = history + rounds
        week = [x for x in every if now - dt.timedelta(days=el["category_window_days"]) < x[1] <= now]
        mine = sum(1 for x in week if x[0] == m["category"])
        today = sum(1 for x in every if x[1].date() == now.date())
        still = sum(1 for x in every if x[1] <= now < x[2])
        if week and mine * 10_000 > el["category_max_bp"] * len(week):
            continue
        if today >= el["max_rounds_per_utc_day"] or still >= el["max_open_rounds"]:
            continue
        ok.append(m["id"])
        rounds.append((m["category"], now, m["closes_at"]))
    return ok, rounds


def read_jsonl(out, name):
    with open(os.path.join(out, name), encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip()]


def bets_rows(out, r):
    """The rows and trades of the bets version `r` (seeds 001/003: one IOC bet per eligible
    market at the recorded best ask, up to +5c or the cap; P&L = payout - tokens spent),
    from a published directory's prices and decisions alone."""
    read = lambda name: read_jsonl(out, name)

    bet, el = r["bet"], r["bet"]["eligibility"]
    groups, winners = {}, {}
    for l in read("arena-prices.jsonl"):
        if l["kind"] == "market":
            groups.setdefault((t_of(l["at"]), l["session"]), []).append({
                "id": l["symbol"], "category": l["category"], "topics": l.get("topics", []),
                "closes_at": t_of(l["closes_at"]) if "closes_at" in l else None,
                "resolved": l.get("resolved", False), "volume": int(Decimal(l["volume"]) * 100),
                "outcomes": [{"label": o["label"], "price": micro(o["price"]),
                              "ask": None if o["ask"] is None else micro(o["ask"])} for o in l["outcomes"]]})
        elif l["kind"] == "resolution":
            winners[(l["session"], l["symbol"])] = l["outcome"]
    sessions = sorted(k for k in groups if k[1] >= r["from"])
    decisions = [d for d in read("arena-decisions.jsonl") if d["version"] == r["version"]]
    accounts = sorted({d["account"] for d in decisions})
    state = {a: dict(cash=r["starting_cash_cents"], open=[], equities=[], peak=r["starting_cash_cents"], dd=0.0)
             for a in accounts}
    history, rows, trades = [], [], []
    for k, (at, sk) in enumerate(sessions):
        nxt = sessions[k + 1][0] if k + 1 < len(sessions) else None
        markets = groups[(at, sk)]
        ok, opened = eligible_markets(el, markets, at, history)
        history += opened
        for a in accounts:
            b = state[a]
            d = None
            for x in decisions:
                tx = t_of(x["sealed_at"])
                if x["account"] == a and at <= tx and (nxt is None or tx < nxt) and (d is None or tx >= t_of(d["sealed_at"])):
                    d = x
            if "_ver:" in a and not b["equities"] and d is None:
                continue  # spec 3.10: a version's own account opens with its first decision
            status, reason, fills = "none", None, []
            if d is not None:
                c = d["decision"]
                if c == "hold" or ("bets" in c and not c["bets"]):
                    status = "hold"
                elif "weights" in c:
                    status, reason = "rejected", "weights"
                else:
                    picks = sorted(c["bets"].items())
                    bad = [m for m, p in picks if m not in ok or p["outcome"] not in
                           [o["label"] for o in next(x for x in markets if x["id"] == m)["outcomes"]]]
                    if bad:
                        status, reason = "rejected", "; ".join(bad)
                    else:
                        missed = []
                        for m, p in picks:
                            ask = next(o["ask"] for o in next(x for x in markets if x["id"] == m)["outcomes"]
                                       if o["label"] == p["outcome"])
                            limit = micro(str(p["cap"])) if p.get("cap") is not None else min(ask + bet["limit_above_ask"], 10**6)
                            if ask > limit:
                                missed.append(m)
                                continue
                            q = qty_for(bet["stake_cents"], ask)
                            while q > 0 and value_cents(q, ask) > bet["stake_cents"]:
                                q -= 1
                            spent = value_cents(q, ask)
                            b["cash"] -= spent
                            b["open"].append((sk, m, p["outcome"], q, spent))
                            fills.append((m, p["outcome"], q, ask, spent))
                        status = "traded" if fills else "missed"
                        reason = "; ".join(missed) or None
            own = 0
            still = []
            for (bs, m, o, q, spent) in b["open"]:
                w = winners.get((bs, m))
                if w is None:
                    still.append((bs, m, o, q, spent))
                    continue
                payout = value_cents(q, 10**6) if w == o else 0
                b["cash"] += payout
                if bs == sk:
                    own += payout - spent
            b["open"] = still
            positions = {}
            for (_, m, o, _, spent) in still:
                positions[m + ":" + o] = positions.get(m + ":" + o, 0) + spent
            equity = b["cash"] + sum(positions.values())
            b["equities"].append(equity)
            b["peak"] = max(b["peak"], equity)
            b["dd"] = max(b["dd"], (b["peak"] - equity) / b["peak"])
            sharpe, sortino = trailing_ratios(r, b["equities"])
            for (m, o, q, ask, spent) in fills:
                trades.append({"version": r["version"], "account": a, "session": sk, "at": d["sealed_at"],
                               "symbol": m + ":" + o, "qty": micro_str(q), "price": micro_str(ask),
                               "value": spent / 100, "cost": 0.0})
            rows.append({"version": r["version"], "account": a, "session": sk, "status": status,
                         "reason": reason, "cash": b["cash"] / 100, "equity": equity / 100,
                         "positions": {k2: v / 100 for k2, v in positions.items()}, "interest": 0.0,
                         "costs": 0.0, "costs_total": 0.0, "turnover": sum(f[4] for f in fills) / 100,
                         "shadow_equity": (equity - own) / 100,
                         "return": equity / r["starting_cash_cents"] - 1, "drawdown": b["dd"],
                         "sharpe": sharpe, "sortino": sortino})
    return rows, trades


def row_differences(published, rows, bets_versions):
    """Every field of a published row that differs from the peer's: money to the cent, the
    derived figures to a relative 1e-9, a bets row's reason by presence (its words are the
    engine's), everything else exactly."""
    key = lambda x: (x["version"], x["account"], x["session"])
    ours = {key(x): x for x in rows}
    diffs = []
    for p in published:
        o = ours.get(key(p))
        if o is None:
            diffs.append({"row": key(p), "field": "(row)"})
            continue
        for k, v in p.items():
            w = o[k]
            if k == "reason" and p["version"] in bets_versions:
                same = (v is None) == (w is None)
            elif k in ("return", "drawdown", "sharpe", "sortino"):
                same = (v is None and w is None) or (v is not None and w is not None and abs(v - w) <= 1e-9 * max(1.0, abs(w)))
            elif k == "positions":
                same = set(v) == set(w) and all(abs(v[s] - w[s]) < 0.005 for s in v)
            elif isinstance(v, float) or isinstance(w, float):
                same = abs(v - w) < 0.005
            else:
                same = v == w
            if not same:
                diffs.append({"row": key(p), "field": k, "published": v, "peer": w})
    return diffs


def bets(out):
    """Replays the bets version of a published directory on its own ([`bets_rows`]) and
    compares every published bets row and trade, money to the cent (a reason by presence)."""
    with open(os.path.join(out, "arena-protocol.json"), encoding="utf-8") as f:
        r = next(v for v in json.load(f)["versions"] if v["track"] == "bets")
    read = lambda name: read_jsonl(out, name)
    rows, trades = bets_rows(out, r)
    published = [p for p in read("arena-accounts.jsonl") if p["version"] == r["version"]]
    diffs = row_differences(published, rows, {r["version"]})
    tkey = lambda t: (t["version"], t["account"], t["session"], t["at"], t["symbol"], t["qty"], t["price"],
                      round(t["value"] * 100), round(t["cost"] * 100))
    pt = sorted(tkey(t) for t in read("arena-trades.jsonl") if t["version"] == r["version"])
    print(json.dumps({"rows": len(published), "peer_rows": len(rows), "trades": len(pt),
                      "trades_equal": pt == sorted(tkey(t) for t in trades),
                      "statuses": sorted({x["status"] for x in rows}),
                      "differences": diffs[:20], "different": len(diffs)}))


def run_version(r, decisions, prices, sessions):
    fs = [f["symbol"] for f in r["funds"]]
    window = r["execution"]["rule"] == "first_price_in_window"
    accounts = sorted({d["account"] for d in decisions if d["version"] == r["version"]})
    books = []
    for a in accounts:
        # Spec 3.10: a model version's own account opens at its first decision's execution
        # session (never, when none executes); every other account at the first session.
        opens = None
        if "_ver:" in a:
            days = [exec_session(r, d["t"]) for d in decisions if d["version"] == r["version"] and d["account"] == a]
            days = [x for x in days if x is not None]
            if not days:
                continue
            opens = min(days)
        books.append(dict(name=a, fixed=None, rng=None, invested=False, opens=opens))
    for b in r["benchmarks"]:
        books.append(dict(name=b["name"], fixed=b.get("weights_bp"), invested=False, opens=None,
                          rng=(np.random.default_rng(b["seed"]), b["random_funds"]) if "seed" in b else None))
    for b in books:
        b.update(cash=r["starting_cash_cents"], qty=[0] * len(fs), costs_total=0, equities=[],
                 peak=r["starting_cash_cents"], dd=0.0)
    rows, trades = [], []

    def start_of(day):
        if window:
            h, m = map(int, r["execution"]["start"].split(":"))
            return ny(day, h, m)
        return ny(day, 16, 0)

    for k, s in enumerate(sessions):
        sk = s.isoformat()
        for b in books:
            if b["opens"] is not None and s < b["opens"]:
                continue
            intr = 0
            if r["cash_rate_symbol"] and k > 0 and b["equities"]:
                prev = sessions[k - 1]
                intr = interest(b["cash"], prices.rate(r["cash_rate_symbol"], prev.isoformat()), (s - prev).days)
            b["cash"] += intr
            shadow = b["cash"] + sum(value_cents(q, prices.closes[(fs[i], sk)]) for i, q in enumerate(b["qty"]) if q)
            decided = None
            if b["rng"] is not None:
                rng, n = b["rng"]
                idx = list(range(len(fs)))
                for i in range(n):
                    j = i + int(rng.integers(0, len(fs) - i))
                    idx[i], idx[j] = idx[j], idx[i]
                w = {}
                for i in idx[:n]:
                    short = (not r["long_only"]) and int(rng.integers(0, 2)) == 1
                    w[fs[i]] = -(10_000 // n) if short else 10_000 // n
                decided = (start_of(s), w, False)
            elif b["fixed"] is not None:
                # Bought at the first open with a price for every fund, then held.
                if not b["invested"]:
                    decided = (start_of(s), dict(b["fixed"]), False)
            else:
                mine = [d for d in decisions if d["version"] == r["version"] and d["account"] == b["name"]
                        and exec_session(r, d["t"]) == s]
                if mine:
                    d = max(mine, key=lambda d: d["t"])
                    decided = (d["t"], d["w"], True)
            status, reason, fills = "none", None, []
            if decided is not None:
                seal, w, seat = decided
                if w == "hold":
                    status = "hold"
                else:
                    why = check(r, w) if seat else None
                    if why:
                        status, reason = "rejected", why
                    else:
                        need = [i for i, sym in enumerate(fs) if b["qty"][i] != 0 or w.get(sym, 0) != 0]
                        px = {}
                        for i in need:
                            if window:
                                h1, m1 = map(int, r["execution"]["start"].split(":"))
                                h2, m2 = map(int, r["execution"]["end"].split(":"))
                                got = prices.first_bar(fs[i], max(seal, ny(s, h1, m1)), ny(s, h2, m2))
                                if got is None:
                                    reason = "no %s price between %s and %s ET on %s at or after the seal" % (
                                        fs[i], r["execution"]["start"], r["execution"]["end"], sk)
                                    break
                                px[i] = (rfc(got[0]), got[1])
                            else:
                                c = prices.closes.get((fs[i], sk))
                                if c is None:
                                    reason = "no %s close on %s" % (fs[i], sk)
                                    break
                                px[i] = (rfc(ny(s, 16, 0)), c)
                        if reason:
                            status = "missed"
                        else:
                            status, reason, fills = rebalance(r, b, w, px, fs)
                            b["invested"] = b["invested"] or status == "traded"
            costs = sum(f["cost"] for f in fills)
            b["costs_total"] += costs
            positions = {fs[i]: value_cents(q, prices.closes[(fs[i], sk)]) for i, q in enumerate(b["qty"]) if q}
            equity = b["cash"] + sum(positions.values())
            b["equities"].append(equity)
            b["peak"] = max(b["peak"], equity)
            b["dd"] = max(b["dd"], (b["peak"] - equity) / b["peak"])
            sharpe, sortino = trailing_ratios(r, b["equities"])
            for f in fills:
                trades.append({"version": r["version"], "account": b["name"], "session": sk, "at": f["at"],
                               "symbol": fs[f["i"]], "qty": micro_str(f["qty"]), "price": micro_str(f["price"]),
                               "value": f["value"] / 100, "cost": f["cost"] / 100})
            rows.append({"version": r["version"], "account": b["name"], "session": sk, "status": status,
                         "reason": reason, "cash": b["cash"] / 100, "equity": equity / 100,
                         "positions": {k2: v / 100 for k2, v in positions.items()}, "interest": intr / 100,
                         "costs": costs / 100, "costs_total": b["costs_total"] / 100,
                         "turnover": sum(abs(f["value"]) for f in fills) / 100, "shadow_equity": shadow / 100,
                         "return": equity / r["starting_cash_cents"] - 1, "drawdown": b["dd"],
                         "sharpe": sharpe, "sortino": sortino})
    return rows, trades


def rebalance(r, b, w, px, fs):
    equity = b["cash"] + sum(value_cents(b["qty"][i], p) for i, (_, p) in px.items())
    floor = max(r["min_order_cents"], 1)
    orders = []
    for i, sym in enumerate(fs):
        if i not in px:
            continue
        at, p = px[i]
        dq = qty_for(share(equity, w.get(sym, 0)), p) - b["qty"][i]
        if dq != 0 and abs(value_cents(dq, p)) >= floor:
            orders.append((i, dq, p, at))
    if r["max_orders"] is not None and len(orders) > r["max_orders"]:
        return "rejected", "%d orders: at most %d a session" % (len(orders), r["max_orders"]), []
    orders.sort(key=lambda o: (o[1] > 0, o[0]))
    fills = []
    for i, dq, p, at in orders:
        value = value_cents(dq, p)
        cost = share(abs(value), r["cost_bp"])
        if r["long_only"] and dq > 0 and value + cost > b["cash"]:
            dq = qty_for(rdiv(max(b["cash"], 0) * 10_000, 10_000 + r["cost_bp"]), p)
            while True:
                value = value_cents(dq, p)
                cost = share(value, r["cost_bp"])
                if value + cost <= b["cash"] or dq <= 0:
                    break
                dq -= 1
            if dq <= 0 or value < floor or value + cost > b["cash"]:
                continue
        b["cash"] -= value + cost
        b["qty"][i] += dq
        fills.append({"i": i, "qty": dq, "price": p, "value": value, "cost": cost, "at": at})
    return "traded", None, fills


def generate(out, seed):
    rng = np.random.default_rng(seed)
    proto = standard_protocol()
    day, sessions = dt.date(2026, 10, 19), []
    while len(sessions) < 26:
        if is_session(day):
            sessions.append(day)
        day += dt.timedelta(days=1)
    syms = [f["symbol"] for f in funds(True)]
    px = {s: int(rng.integers(20_000_000, 400_000_000)) for s in syms}
    prices, decisions = [], []
    seats = [("alpha", "arena-3"), ("beta", "arena-3"), ("gamma", "pro-1"), ("delta", "agent-portfolio-1")]
    for s in sessions:
        prices.append({"symbol": "^IRX", "kind": "rate", "session": s.isoformat(),
                       "rate": micro_str(int(rng.integers(35_000, 45_000)) * 100)})
        for sym in syms:
            # Now and then a fund has no price in the whole window: its decisions miss.
            dark = rng.random() < 0.06
            for minute in range(0, 16):
                px[sym] = max(1_000_000, px[sym] + int(rng.integers(-400_000, 400_001)))
                # Gaps: a fund now and then has no bar in a minute.
                if rng.random() < 0.8 and not dark:
                    prices.append({"symbol": sym, "kind": "bar", "at": rfc(ny(s, 9, 30 + minute)),
                                   "price": micro_str(px[sym] + int(rng.integers(0, 100)))})
            prices.append({"symbol": sym, "kind": "close", "session": s.isoformat(), "price": micro_str(px[sym])})
        for seat, version in seats:
            r = next(v for v in proto["versions"] if v["version"] == version)
            fs = [f["symbol"] for f in r["funds"]]
            for _ in range(int(rng.integers(0, 3))):
                kind = rng.random()
                if kind < 0.2:
                    choice = "hold"
                else:
                    w = {}
                    for _ in range(int(rng.integers(1, 7))):
                        sym = fs[int(rng.integers(0, len(fs)))] if rng.random() < 0.95 else "VIX"
                        lo = -3200 if version == "pro-1" else -200
                        w[sym] = int(rng.integers(lo, 3300)) * (1 if rng.random() < 0.7 else 0) + 0
                        if rng.random() < 0.5:
                            w[sym] = w[sym] // 100 * 100
                    choice = {"weights": {k: (v // 100 if v % 100 == 0 else v / 100) for k, v in w.items()}}
                # Sealed from 07:00 to 10:30 ET: some after the window's end, some inside it.
                t = ny(s, 7, 0) + dt.timedelta(seconds=int(rng.integers(0, 3.5 * 3600)), microseconds=int(rng.integers(0, 1_000_000)))
                decisions.append({"account": seat, "version": version, "sealed_at": rfc(t), "decision": choice})
    os.makedirs(out, exist_ok=True)

    def write(name, lines):
        with open(os.path.join(out, name), "w", encoding="utf-8") as f:
            for l in lines:
                f.write(json.dumps(l) + "\n")

    with open(os.path.join(out, "arena-protocol.json"), "w", encoding="utf-8") as f:
        json.dump(proto, f, indent=2)
        f.write("\n")
    write("arena-decisions.jsonl", decisions)
    write("arena-prices.jsonl", prices)
    book = Prices(prices)
    parsed = []
    for d in decisions:
        t = dt.datetime.fromisoformat(d["sealed_at"].replace("Z", "+00:00"))
        c = d["decision"]
        w = "hold" if c == "hold" else {k: int(Decimal(str(v)) * 100) for k, v in c["weights"].items()}
        parsed.append({"account": d["account"], "version": d["version"], "t": t, "w": w})
    rows, trades = [], []
    for r in proto["versions"]:
        a, b = run_version(r, parsed, book, [s for s in sessions if s.isoformat() >= r["from"]])
        rows += a
        trades += b
    write("arena-trades.jsonl", trades)
    write("arena-accounts.jsonl", rows)
    statuses = sorted({x["status"] for x in rows})
    print(json.dumps({"rows": len(rows), "trades": len(trades), "statuses": statuses}))


def validate(schema_path, doc_path):
    """Validates a document against a published JSON Schema (jsonschema, draft 2020-12)."""
    import jsonschema

    with open(schema_path, encoding="utf-8") as f:
        schema = json.load(f)
    with open(doc_path, encoding="utf-8") as f:
        doc = json.load(f)
    jsonschema.Draft202012Validator.check_schema(schema)
    errors = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(doc)]
    print(json.dumps({"valid": not errors, "errors": errors[:5]}))


def code_list(out, files):
    """Writes arena-code.json for the named files of DIR and their arena-code-<file>.txt copies."""
    import hashlib

    entries = []
    for name in files:
        with open(os.path.join(out, name), "rb") as f:
            b = f.read()
        entries.append({"file": name, "sha256": hashlib.sha256(b).hexdigest(), "bytes": len(b)})
        with open(os.path.join(out, "arena-code-" + name.replace("/", "-") + ".txt"), "wb") as f:
            f.write(b)
    with open(os.path.join(out, "arena-code.json"), "w", encoding="utf-8") as f:
        json.dump({"files": entries}, f, indent=2)
    print(json.dumps({"files": len(entries)}))


def version_accounts(lines):
    """Spec 3.10: line n of each answer -> the account of the seat's model version by that line
    when it is the seat's second or later: `<seat>_ver:<model>:<k>`. The versions counted per
    seat in book order, each answer's model as its last correction naming it gives it, else its
    own; an answer naming no model opens none, a re-sealed copy (`same_as`) is no answer."""
    corrected, copies = {}, set()
    for line in lines:
        if line.get("kind") == "correction":
            fields = line.get("fields") or {}
            if isinstance(fields.get("model"), str):
                corrected[line.get("of")] = fields["model"]
            if line.get("same_as") is not None:
                copies.add(line.get("of"))
    current, out = {}, {}
    for line in lines:
        if line.get("kind") != "answer" or line.get("n") in copies or not isinstance(line.get("seat"), str):
            continue
        model = corrected.get(line["n"], line.get("model"))
        seat = line["seat"]
        if isinstance(model, str) and model and (seat not in current or current[seat][0] != model):
            current[seat] = (model, current.get(seat, (None, 0))[1] + 1)
        if seat in current and current[seat][1] >= 2:
            out[line["n"]] = "%s_ver:%s:%d" % (seat, current[seat][0], current[seat][1])
    return out


def book_decisions(book_path):
    """The decisions sealed in a league's book, read here on their own: the run lines' rule
    versions in force (`arena`), each answer line's `decisions.<version>` that is "hold" or
    {"weights": {fund: number with at most two decimals}}, sealed at max(at, booked_at); under
    a seat's second or later model version, each again under the version's own account."""
    runs, out = {}, []
    with open(book_path, encoding="utf-8") as f:
        lines = [json.loads(text) for text in f if text.strip()]
    versioned = version_accounts(lines)
    for line in lines:
        if line.get("kind") == "run":
            runs[line.get("run_id")] = line.get("arena") or []
        if line.get("kind") != "answer" or not isinstance(line.get("decisions"), dict):
            continue
        stamps = [dt.datetime.fromisoformat(t.replace("Z", "+00:00")) for t in (line.get("at"), line.get("booked_at")) if t]
        sealed = max(stamps)
        for version, c in line["decisions"].items():
            if version not in runs.get(line.get("run_id"), []):
                continue
            if c == "hold":
                w = "hold"
            elif isinstance(c, dict) and list(c) == ["weights"] and isinstance(c["weights"], dict):
                w = {}
                for k, v in c["weights"].items():
                    if isinstance(v, bool) or not isinstance(v, (int, float)):
                        w = None
                        break
                    d = Decimal(str(v))
                    if d.as_tuple().exponent < -2 and d != d.quantize(Decimal("0.01")):
                        w = None
                        break
                    w[k] = int(d * 100)
                if w is None:
                    continue
            elif isinstance(c, dict) and list(c) == ["bets"] and isinstance(c["bets"], dict):
                w = {"bets": c["bets"]}
            else:
                continue
            out.append({"account": line["seat"], "version": version, "t": sealed, "w": w})
            if line["n"] in versioned:
                out.append({"account": versioned[line["n"]], "version": version, "t": sealed, "w": w})
    return out


def league(out):
    """Replays a published league directory on its own: the decisions from the sealed book,
    the prices from arena-prices.jsonl, the rules from arena-protocol.json; compares every
    published account row and trade, to the cent."""
    with open(os.path.join(out, "arena-protocol.json"), encoding="utf-8") as f:
        proto = json.load(f)

    def read(name):
        with open(os.path.join(out, name), encoding="utf-8") as f:
            return [json.loads(l) for l in f if l.strip()]

    prices = read("arena-prices.jsonl")
    book = Prices(prices)
    decisions = book_decisions(os.path.join(out, "council-book.jsonl"))
    published_decisions = read("arena-decisions.jsonl")
    same_decisions = len(published_decisions) == len(decisions) and all(
        p["account"] == d["account"] and p["version"] == d["version"]
        and dt.datetime.fromisoformat(p["sealed_at"].replace("Z", "+00:00")) == d["t"]
        and (p["decision"] == "hold" if d["w"] == "hold" else p["decision"] == d["w"] if "bets" in d["w"] else
             {k: int(Decimal(str(v)) * 100) for k, v in p["decision"]["weights"].items()} == d["w"])
        for p, d in zip(published_decisions, decisions))
    sessions = sorted({dt.date.fromisoformat(l["session"]) for l in prices if l["kind"] == "close"})
    sessions = [s for s in sessions if is_session(s)]
    rows, trades = [], []
    bets_versions = {r["version"] for r in proto["versions"] if r["track"] == "bets"}
    for r in proto["versions"]:
        if r["track"] == "bets":
            a, b = bets_rows(out, r)
        else:
            a, b = run_version(r, decisions, book, [s for s in sessions if s.isoformat() >= r["from"]])
        rows += a
        trades += b
    published = read("arena-accounts.jsonl")
    diffs = row_differences(published, rows, bets_versions)
    tkey = lambda x: (x["version"], x["account"], x["session"], x["symbol"], x["at"])
    pt = sorted(tkey(t) + (t["qty"], t["price"], round(t["value"] * 100), round(t["cost"] * 100)) for t in read("arena-trades.jsonl"))
    ot = sorted(tkey(t) + (t["qty"], t["price"], round(t["value"] * 100), round(t["cost"] * 100)) for t in trades)
    print(json.dumps({"rows": len(published), "peer_rows": len(rows), "trades": len(pt),
                      "trades_equal": pt == ot, "decisions": len(decisions),
                      "decisions_equal": same_decisions,
                      "statuses": sorted({x["status"] for x in rows}),
                      "differences": diffs[:20], "different": len(diffs)}))


if __name__ == "__main__":
    if sys.argv[1] == "gen":
        generate(sys.argv[2], int(sys.argv[3]))
    elif sys.argv[1] == "validate":
        validate(sys.argv[2], sys.argv[3])
    elif sys.argv[1] == "code":
        code_list(sys.argv[2], sys.argv[3:])
    elif sys.argv[1] == "league":
        league(sys.argv[2])
    elif sys.argv[1] == "bets":
        bets(sys.argv[2])
    else:
        sys.exit("usage: arena_peer.py gen DIR SEED | validate SCHEMA FILE | code DIR FILE... | league DIR | bets DIR")
