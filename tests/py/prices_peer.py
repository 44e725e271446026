"""Independent peer of core::prices (tests/prices_peer.rs): the reference rule
first_1m_bar_at_or_after_reference_at__last_1m_bar_at_or_before_end_at__v1 and the draw band
0.1 x mean|r_1min| x sqrt(390) (spec 3.5), read from Yahoo chart v8 JSON with the json module
and computed with numpy, written without looking at the Rust code's structure.

Readings (the same as the Rust side documents):
  ref   = close of the first bar with a close whose start >= reference_at
  close = close of the last bar with a close whose end (start + 60) <= end_at
  the data must hold a bar (null or not) with start <= reference_at < start + 60 and one
  with start < end_at <= start + 60;
  band: returns between bars exactly 60 s apart, both closed, same contract label, inside
  one session window ([09:30, 16:00) New York time, or a UTC day for crypto), over the N
  sessions before the reference's session.

Floats are reported as the integer of their IEEE-754 bits so the comparison is exact.

  prices_peer.py vector <chart.json> <ref_s> <end_s> [<ref_s> <end_s> ...]
  prices_peer.py band <chart.json> <ref_s> <sessions>
  prices_peer.py band-csv <bars.csv> <ref_s> <sessions>   (yfinance's 1m CSV: Datetime
      "YYYY-MM-DD HH:MM:SS+00:00", Close, ...; read with the csv module)
  prices_peer.py gen <seed>
"""

import datetime as dt
import json
import math
import struct
import sys
from zoneinfo import ZoneInfo

import numpy as np

NY = ZoneInfo("America/New_York")


def bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def body_of(doc):
    if "chart" in doc:
        return doc
    resp = doc["response"]
    if "bodyJson" in resp:
        return resp["bodyJson"]
    return json.loads(resp["body"])


def bars_of(doc):
    res = body_of(doc)["chart"]["result"][0]
    ts = res.get("timestamp") or []
    q = res["indicators"]["quote"][0] if res["indicators"]["quote"] else {}
    closes = q.get("close", [])
    return [(t, closes[i]) for i, t in enumerate(ts)]


def merge(bar_lists):
    seen = {}
    for bl in bar_lists:
        for t, c in bl:
            seen[t] = c
    return sorted(seen.items())


def resolve(bars, ref, end):
    if not any(t <= ref < t + 60 for t, _ in bars):
        return {"error": "reference_at not covered"}
    if not any(t < end <= t + 60 for t, _ in bars):
        return {"error": "end_at not covered"}
    rb = next(((t, c) for t, c in bars if t >= ref and c is not None), None)
    if rb is None:
        return {"error": "no reference bar"}
    eb = None
    for t, c in bars:
        if t + 60 <= end and c is not None and t >= rb[0]:
            eb = (t, c)
    if eb is None:
        return {"error": "no end bar"}
    r, c = rb[1], eb[1]
    actual = 100.0 * (c / r - 1.0)
    return {"ref": bits(r), "close": bits(c), "actual_pct": bits(actual), "up": c > r,
            "ref_start": rb[0], "end_start": eb[0]}


def session_window(day, crypto):
    if crypto:
        start = dt.datetime(day.year, day.month, day.day, tzinfo=dt.timezone.utc)
        return int(start.timestamp()), int((start + dt.timedelta(days=1)).timestamp())
    o = dt.datetime(day.year, day.month, day.day, 9, 30, tzinfo=NY)
    c = dt.datetime(day.year, day.month, day.day, 16, 0, tzinfo=NY)
    return int(o.timestamp()), int(c.timestamp())


def band_days(ref, n, crypto):
    """The n days before the reference's session (weekdays; the generator avoids holidays)."""
    if crypto:
        d = dt.datetime.fromtimestamp(ref, dt.timezone.utc).date()
        return [d - dt.timedelta(days=k) for k in range(n, 0, -1)]
    local = dt.datetime.fromtimestamp(ref, NY)
    d = local.date()
    if local.hour >= 16 or d.weekday() >= 5:
        d += dt.timedelta(days=1)
        while d.weekday() >= 5:
            d += dt.timedelta(days=1)
    out = []
    while len(out) < n:
        d -= dt.timedelta(days=1)
        if d.weekday() < 5:
            out.append(d)
    return out[::-1]


def label_at(contracts, t):
    lab = None
    for frm, l in sorted(contracts):
        if frm <= t:
            lab = l
    return lab


def band(bars, ref, n, crypto, contracts):
    rets = []
    for day in band_days(ref, n, crypto):
        lo, hi = session_window(day, crypto)
        inside = [(t, c) for t, c in bars if lo <= t < hi]
        for (t0, c0), (t1, c1) in zip(inside, inside[1:]):
            if c0 is None or c1 is None or t1 - t0 != 60 or c0 <= 0:
                continue
            if label_at(contracts, t0) != label_at(contracts, t1):
                continue
            rets.append(abs(100.0 * (c1 / c0 - 1.0)))
    m = np.mean(np.array(rets, dtype=np.float64))
    return {"band_pct": bits(0.1 * float(m) * math.sqrt(390)), "returns": len(rets),
            "days": [d.isoformat() for d in band_days(ref, n, crypto)]}


def chart_text(symbol, instrument, bars):
    q = {"open": [], "high": [], "low": [], "close": [], "volume": []}
    for _, c in bars:
        for k in ("open", "high", "low", "close"):
            q[k].append(c)
        q["volume"].append(None if c is None else 100)
    doc = {"chart": {"result": [{"meta": {"symbol": symbol, "instrumentType": instrument,
                                          "dataGranularity": "1m", "exchangeTimezoneName": "UTC" if instrument == "CRYPTOCURRENCY" else "America/New_York"},
                                 "timestamp": [t for t, _ in bars], "indicators": {"quote": [q]}}], "error": None}}
    return json.dumps(doc)


def gen(seed):
    rng = np.random.default_rng(seed)
    crypto = seed % 3 == 2
    # Five trading days Tue 2026-10-13 .. Mon 2026-10-19, reference on Tue 2026-10-20.
    days = [dt.date(2026, 10, d) for d in (13, 14, 15, 16, 19, 20)]
    if crypto:
        days = [dt.date(2026, 10, 16) + dt.timedelta(days=k) for k in range(5)]
    price = float(rng.uniform(5, 5000))
    charts, all_bars = [], []
    roll_at = None
    contracts = []
    for i, day in enumerate(days):
        lo, hi = session_window(day, crypto)
        bars = []
        for t in range(lo, hi, 60):
            price *= math.exp(rng.normal(0, 0.0008))
            if rng.random() < 0.01:
                continue  # a minute missing from the data
            c = None if rng.random() < 0.03 else float(np.float32(round(price, 4)))
            bars.append((t, c))
        if i == 2 and seed % 2 == 1:
            roll_at = bars[len(bars) // 2][0]
            contracts = [[lo - 86400 * 10, "F1"], [roll_at, "F2"]]
            # the roll jumps the series
            bars = [(t, None if c is None else (c * 1.05 if t >= roll_at else c)) for t, c in bars]
        charts.append(chart_text("BTC-USD" if crypto else "SYN", "CRYPTOCURRENCY" if crypto else "FUTURE", bars))
        all_bars.append(bars)
    merged = merge(all_bars)
    last = days[-1]
    lo, hi = session_window(last, crypto)
    ref = lo + (19 if crypto else 0) + 60 * int(rng.integers(0, 3))
    windows = [[ref, hi], [ref, lo + 3600], [ref + 61, hi - 3600], [lo - 60 * 30, hi]]
    return {
        "charts": charts,
        "crypto": crypto,
        "contracts": contracts,
        "reference_at": ref,
        "windows": windows,
        "results": [resolve(merged, r, e) for r, e in windows],
        "band": band(merged, ref, 4, crypto, contracts),
    }


def csv_bars(path):
    import csv
    out = []
    with open(path, newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            t = dt.datetime.fromisoformat(row["Datetime"])
            close = row["Close"]
            out.append((int(t.timestamp()), float(close) if close else None))
    return merge([out])


def main():
    cmd = sys.argv[1]
    if cmd == "vector":
        with open(sys.argv[2], "rb") as f:
            bars = bars_of(json.loads(f.read().decode("utf-8")))
        args = [int(a) for a in sys.argv[3:]]
        out = [resolve(bars, args[i], args[i + 1]) for i in range(0, len(args), 2)]
        json.dump(out, sys.stdout)
    elif cmd == "band":
        with open(sys.argv[2], "rb") as f:
            bars = bars_of(json.loads(f.read().decode("utf-8")))
        json.dump(band(bars, int(sys.argv[3]), int(sys.argv[4]), False, []), sys.stdout)
    elif cmd == "band-csv":
        bars = csv_bars(sys.argv[2])
        json.dump(band(bars, int(sys.argv[3]), int(sys.argv[4]), False, []), sys.stdout)
    elif cmd == "gen":
        json.dump(gen(int(sys.argv[2])), sys.stdout)
    else:
        raise SystemExit(f"unknown command {cmd}")


if __name__ == "__main__":
    main()
