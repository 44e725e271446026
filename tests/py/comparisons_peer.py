"""Independent peer of the confirmatory comparisons against the crowd (spec seed 000 sections
4.6 and 4.9; core/src/score/comparisons.rs), written from the spec's text and the book layout
of core/src/records/book_lines.rs, with the standard library, numpy and statsmodels.

usage: python3 comparisons_peer.py council-forecasts.csv council-book.jsonl asks.jsonl

Prints JSON: {"seats": [{"seat", "sessions", "events", "estimate", "ci90", "tost", "power"}],
"events": {"sessions": S, "events": E}} for every council seat against the crowd on one-day
common events from session 11, and the sessions and events any seat answered (the consensus'
comparison is read on the same events).

Rules as the spec states them:
- a common event's rows: a council seat's (not coin, climatology, momentum), counted, with a
  stated probability, same_event, an issue line, sealed in the book (max(at, booked_at) of its
  line) before the session's 09:30 New York reference; events keyed by event_id_v2;
- the crowd's price of the event: the run line of the event's run lists the market's contract,
  Polymarket's (odds) when listed, else Kalshi's, admitted when its sealed volume is at least
  $1,000; p_up read as the crowd's probability of the league's event;
- sessions numbered over NYSE sessions from the ask chain's declared first_session; the window
  starts at session 11; outcome up = actual_pct > 0;
- G_s = mean over session s's events of (p_crowd - y)^2 - (p_seat - y)^2; statsmodels'
  tconfint_mean at 90% and ttost_mean at +-0.01; power 7.85 sigma^2 / 0.01^2 with sigma the
  sd (ddof 1) of G from five sessions on, else 0.062 sqrt((1 + (k - 1) 0.41) / k), k the events
  per session.
"""
import csv
import datetime as dt
import json
import math
import os
import sys
from zoneinfo import ZoneInfo

import numpy as np
from statsmodels.stats.weightstats import DescrStatsW

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from conformance_peer import HOLIDAYS  # noqa: E402  (NYSE closures)

NY = ZoneInfo("America/New_York")
BASELINES = ("coin", "climatology", "momentum")


def ts(s):
    return dt.datetime.fromisoformat(s.replace("Z", "+00:00"))


def session_numbers(first):
    out, d, k = {}, first, 0
    while d <= first + dt.timedelta(days=800):
        if d.weekday() < 5 and d not in HOLIDAYS:
            k += 1
            out[d] = k
        d += dt.timedelta(days=1)
    return out


def main():
    csv_path, book_path, asks_path = sys.argv[1:4]
    with open(csv_path, newline="", encoding="utf-8-sig") as f:
        rows = list(csv.DictReader(f))
    sealed, prices = {}, {}
    for raw in open(book_path, "rb").read().split(b"\n")[:-1]:
        o = json.loads(raw)
        at = ts(o["at"])
        if o.get("booked_at"):
            at = max(at, ts(o["booked_at"]))
        sealed[o["n"]] = at
        if o.get("kind") == "run" and o.get("crowd"):
            c = o["crowd"]
            for code in set(c.get("odds") or {}) | set(c.get("kalshi") or {}):
                q = (c.get("odds") or {}).get(code) or c["kalshi"][code]
                if q["vol"] >= 1000.0:
                    prices.setdefault(o["run_id"], {})[code] = q["p_up"]
    first = None
    for raw in open(asks_path, "rb").read().split(b"\n")[:-1]:
        o = json.loads(raw)
        if o.get("kind") == "schedule":
            first = dt.date.fromisoformat(o["first_session"])
    number = session_numbers(first)

    events = {}
    for r in rows:
        stated = (r["status"] == "counted" and r["cell_status"] != "invalid" and r["prob_up"] != "")
        if r["model"] in BASELINES or not stated or r["same_event"] != "true" or r["line_kind"] != "issue":
            continue
        d = dt.date.fromisoformat(r["session"])
        cut = dt.datetime(d.year, d.month, d.day, 9, 30, tzinfo=NY)
        line_at = sealed.get(int(r["line"]))
        if line_at is None or line_at >= cut or r["horizon"] != "1d":
            continue
        events.setdefault(r["event_id_v2"] or r["event_id"], []).append(r)

    losses, window = {}, {}
    for _, rs in sorted(events.items()):
        if rs[0]["actual_pct"] == "":
            continue
        y = 1.0 if float(rs[0]["actual_pct"]) > 0 else 0.0
        s = number.get(dt.date.fromisoformat(rs[0]["session"]))
        crowd = next((prices[r["run_id"]][r["asset"]] for r in rs
                      if r["asset"] in prices.get(r["run_id"], {})), None)
        if s is None or s < 11 or crowd is None:
            continue
        window.setdefault(s, 0)
        window[s] += 1
        for r in rs:
            p = float(r["prob_up"]) / 100
            losses.setdefault(r["seat"], {}).setdefault(s, []).append((crowd - y) ** 2 - (p - y) ** 2)

    out = []
    for seat, by_session in sorted(losses.items()):
        g = np.array([float(np.mean(v)) for _, v in sorted(by_session.items())])
        n, events_n = len(g), sum(len(v) for v in by_session.values())
        if n >= 5 and np.std(g, ddof=1) > 0:
            sigma, source = float(np.std(g, ddof=1)), "sessions"
        else:
            k = events_n / n if n else 12.0
            sigma, source = 0.062 * math.sqrt((1 + (k - 1) * 0.41) / k), "proxy"
        e = {"seat": seat, "sessions": n, "events": events_n, "estimate": float(g.mean()) if n else None,
             "ci90": None, "tost": None,
             "power": {"sigma_g": sigma, "sigma_from": source, "sessions_needed": 7.85 * sigma ** 2 / 0.01 ** 2,
                       "detectable_effect": math.sqrt(7.85 * sigma ** 2 / n) if n else None}}
        if n >= 2 and np.std(g, ddof=1) > 0:
            ds = DescrStatsW(g)
            e["ci90"] = [float(x) for x in ds.tconfint_mean(alpha=0.10)]
            p, (_, p1, _), (_, p2, _) = ds.ttost_mean(-0.01, 0.01)
            e["tost"] = {"p_value": float(p), "p_lower": float(p1), "p_upper": float(p2), "equivalent": bool(p < 0.05)}
        out.append(e)
    print(json.dumps({"seats": out, "events": {"sessions": len(window), "events": sum(window.values())}}))


if __name__ == "__main__":
    main()
