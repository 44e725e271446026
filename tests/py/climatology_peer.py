"""An independent build of council-clim-window.json (spec §4.3, Requirement 9) with pandas and
numpy, for tests/cross/climatology_vs_python.rs.

usage: climatology_peer.py FROM TO WINDOW ASSET=FILE[,FILE...] ...

Reads each market's daily history files with pandas (the yfinance three-row header, `null`
rows, dates with a time), merges them by date (a later file's bar wins), counts the same-event
windows with numpy arrays and prints the table as the league writes it: json.dumps with
sorted keys and ensure_ascii=False, its content hash json.dumps with sorted keys and default
settings of the object without `sha256`, one line.
"""

import hashlib
import json
import os
import sys

import numpy as np
import pandas as pd

MAX_GAP_DAYS = 7
SESSIONS = {"1d": 0, "1w": 5, "1m": 21, "6m": 126}
BTC_DAYS = {"1d": 0, "1w": 7, "1m": 30, "6m": 182}

RULE = (
    "strictly up over each market's same event, from daily bars (spec 4.3; each row's rule "
    "says how); p_up counts every event, p_up_ex_draw leaves out the events that end where "
    "they started (the draw band needs one-minute bars a daily history lacks); an event is "
    "counted when it starts and ends inside the window; n_independent counts the events, "
    "taken in date order, that do not overlap the last one kept; an event across a gap of "
    "more than 7 calendar days between two rows is not counted; where several files give a "
    "market, a later file's bar replaces an earlier one's of the same date"
)
RULES = {
    "session_bar": "session_bar: the open of the event's daily bar to the close of the "
    "horizon's last daily bar (1d the same bar; 1w, 1m, 6m 5, 21, 126 bars later)",
    "daily_close": "daily_close: the close of the daily bar before the event's to the close "
    "of the horizon's last daily bar (1d the event's bar; 1w, 1m, 6m 5, 21, 126 bars after it)",
    "utc_day": "utc_day: the open of the UTC day to the close of the UTC day 0, 7, 30 or 182 "
    "calendar days later",
}


def rule_of(asset):
    return {"TNX": "daily_close", "BTC": "utc_day"}.get(asset, "session_bar")


def read_daily(path):
    with open(path, encoding="utf-8") as f:
        first = f.readline().rstrip("\r\n").split(",")
    skip = []
    if first[0] == "Price":
        # yfinance: the Ticker and Date rows under the header.
        skip = [1, 2]
    df = pd.read_csv(
        path,
        skiprows=skip,
        dtype=str,
        keep_default_na=False,
    )
    df = df.rename(columns={df.columns[0]: "Date"})
    # pandas' own float parser is not always correctly rounded; Python's float() is.
    opens = df["Open"].map(lambda s: float("nan") if s in ("", "null") else float(s))
    closes = df["Close"].map(lambda s: float("nan") if s in ("", "null") else float(s))
    dates = pd.to_datetime(df["Date"].str.slice(0, 10), format="%Y-%m-%d")
    out = pd.DataFrame({"open": opens.values, "close": closes.values}, index=dates.values)
    return out.dropna()


def merged(paths):
    frames = [read_daily(p) for p in paths]
    allf = pd.concat(frames)
    return allf[~allf.index.duplicated(keep="last")].sort_index()


def count(df, rule, h, lo, hi):
    dates = df.index.values.astype("datetime64[D]")
    opens = df["open"].to_numpy()
    closes = df["close"].to_numpy()
    m = len(df)
    if rule == "utc_day":
        pos = {d: i for i, d in enumerate(dates)}
        step = np.timedelta64(BTC_DAYS[h], "D")
        ev = []
        for i, d in enumerate(dates):
            j = pos.get(d + step)
            if j is None:
                continue
            day = (d - np.datetime64("1970-01-01")).astype(int)
            ev.append((d, d + step, 2 * day, 2 * (day + BTC_DAYS[h]) + 1, opens[i], closes[j]))
    else:
        gaps = np.diff(dates).astype(int) > MAX_GAP_DAYS
        seg = np.concatenate([[0], np.cumsum(gaps)])
        k = SESSIONS[h]
        back = 1 if rule == "daily_close" else 0
        ev = []
        for e in range(back, m):
            i, j = e - back, e + k
            if j >= m or seg[i] != seg[j]:
                continue
            if back:
                start, spos = closes[i], 2 * i + 1
            else:
                start, spos = opens[i], 2 * i
            ev.append((dates[e], dates[j], spos, 2 * j + 1, start, closes[j]))
    ev = [x for x in ev if x[0] >= lo and x[1] <= hi]
    if not ev:
        return None
    starts = np.array([x[4] for x in ev])
    ends = np.array([x[5] for x in ev])
    up = int(np.sum(ends > starts))
    down = int(np.sum(ends < starts))
    kept, last = 0, None
    for x in ev:
        if last is None or x[2] >= last:
            kept += 1
            last = x[3]
    return {
        "up": up,
        "down": down,
        "n": len(ev),
        "n_independent": kept,
        "window": f"{str(ev[0][0])}..{str(ev[-1][1])}",
    }


def main():
    lo = np.datetime64(sys.argv[1])
    hi = np.datetime64(sys.argv[2])
    window = sys.argv[3]
    table, missing, sources = [], [], {}
    for spec in sys.argv[4:]:
        asset, files = spec.split("=", 1)
        paths = files.split(",")
        df = merged(paths)
        rule = rule_of(asset)
        for h in ["1d", "1w", "1m", "6m"]:
            c = count(df, rule, h, lo, hi)
            if c is None:
                missing.append(f"{asset}/{h}")
                continue
            table.append(
                {
                    "asset": asset,
                    "h": h,
                    "p_up": c["up"] / c["n"],
                    "p_up_ex_draw": None
                    if c["up"] + c["down"] == 0
                    else c["up"] / (c["up"] + c["down"]),
                    "n": c["n"],
                    "n_independent": c["n_independent"],
                    "window": c["window"],
                    "rule": RULES[rule],
                }
            )
        sources[asset] = [
            {
                "file": os.path.basename(p),
                "sha256": hashlib.sha256(open(p, "rb").read()).hexdigest(),
            }
            for p in paths
        ]
    o = {
        "rule": RULE,
        "window": window,
        "table": table,
        "no_events": missing,
        "sources": sources,
    }
    o["sha256"] = hashlib.sha256(json.dumps(o, sort_keys=True).encode()).hexdigest()
    sys.stdout.buffer.write(
        (json.dumps(o, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8")
    )


if __name__ == "__main__":
    main()
