"""Peer of core::score::crowd_feed on CPython's json: reads a Polymarket or Kalshi answer
as the module documents (spec 4.9) and prints what it finds as one JSON object.

usage: crowd_feed_peer.py gamma|book|kalshi|orderbook|resolved FILE [PREV_CLOSE ...]

`resolved` reads a Kalshi ladder after the close (each market's `status` and `result`, also
the single-market answer {"market": {...}}) and says, for each previous close, whether the
close was above it: "up", "down", null while undecided with a market still trading, or
"error" (a voided market, contradicting markets, a settled ladder that does not decide).

A file recorded as {"_metadata": ..., "response": ...} is read as its response.
"""

import json
import sys

MAX_MID_SPREAD = 0.10


def load(path):
    with open(path, "rb") as f:
        doc = json.loads(f.read())
    if isinstance(doc, dict) and "_metadata" in doc and "response" in doc:
        doc = doc["response"]
    return doc


def listed(v):
    return json.loads(v) if isinstance(v, str) else v


def displayed(bid, ask, last):
    if bid is not None and ask is not None and ask >= bid and ask - bid <= MAX_MID_SPREAD + 1e-12:
        return (ask + bid) / 2
    return last


def gamma(doc):
    markets = doc["markets"] if isinstance(doc, dict) else doc
    out = []
    for m in markets:
        outcomes = listed(m["outcomes"])
        prices = [float(x) for x in listed(m.get("outcomePrices") or "[]")]
        tokens = listed(m.get("clobTokenIds") or "[]")
        vol = m.get("volumeNum")
        if vol is None:
            vol = float(m.get("volume") or 0)
        out.append({"slug": m["slug"], "outcomes": outcomes, "outcome_prices": prices,
                    "token_ids": tokens, "volume": float(vol)})
    return {"markets": out}


def book(doc):
    def best(side, pick):
        ps = [float(l["price"]) for l in doc.get(side) or [] if float(l["size"]) > 0]
        return pick(ps) if ps else None
    last = doc.get("last_trade_price")
    bid, ask = best("bids", max), best("asks", min)
    last = None if last is None else float(last)
    return {"asset_id": doc["asset_id"], "timestamp_ms": int(doc["timestamp"]),
            "best_bid": bid, "best_ask": ask, "last_trade_price": last,
            "displayed": displayed(bid, ask, last)}


def market_price(m, key):
    if m.get(key + "_dollars") is not None:
        return float(m[key + "_dollars"])
    if m.get(key) is not None:
        return m[key] / 100
    return None


def kalshi_markets(doc):
    lists = []
    ev = doc.get("event")
    if isinstance(ev, dict) and ev.get("markets") is not None:
        lists.append(ev["markets"])
    for e in doc.get("events") or []:
        if e.get("markets") is not None:
            lists.append(e["markets"])
    if doc.get("markets") is not None:
        lists.append(doc["markets"])
    out = []
    for ms in lists:
        for m in ms:
            vol = m.get("volume_fp")
            vol = float(vol) if vol is not None else float(m.get("volume") or 0)
            notional = float(m.get("notional_value_dollars") or 1)
            bid = market_price(m, "yes_bid")
            ask = market_price(m, "yes_ask")
            out.append({
                "ticker": m["ticker"], "strike_type": m.get("strike_type"),
                "floor_strike": m.get("floor_strike"), "cap_strike": m.get("cap_strike"),
                "yes_bid": bid if bid else None, "yes_ask": ask if ask else None,
                "last_price": market_price(m, "last_price"), "volume": vol, "notional": notional,
            })
    return out


def ladder_quote(markets, close):
    exclusive = any(m["strike_type"] == "between" for m in markets)
    rungs = []
    for m in markets:
        kind = m["strike_type"]
        if kind == "less" and exclusive:
            continue
        if kind not in ("greater", "between"):
            return None
        last = m["last_price"] if m["volume"] > 0 else None
        p = displayed(m["yes_bid"], m["yes_ask"], last)
        if p is None or m["floor_strike"] is None:
            return None
        rungs.append([m["floor_strike"], p, m["volume"] * m["notional"]])
    rungs.sort()
    if exclusive:
        total = 0.0
        for r in reversed(rungs):
            total += r[1]
            r[1] = min(total, 1.0)
    lo = [r for r in rungs if r[0] <= close]
    hi = [r for r in rungs if r[0] >= close]
    if not lo or not hi:
        return None
    lo, hi = lo[-1], hi[0]
    if lo[0] == hi[0]:
        return {"p_up": lo[1], "vol": lo[2], "lo": lo[0], "hi": hi[0]}
    t = (close - lo[0]) / (hi[0] - lo[0])
    return {"p_up": lo[1] + t * (hi[1] - lo[1]), "vol": lo[2] + hi[2], "lo": lo[0], "hi": hi[0]}


def kalshi(doc, closes):
    ms = kalshi_markets(doc)
    return {"markets": ms, "quotes": [ladder_quote(ms, c) for c in closes]}


def orderbook(doc):
    b = doc.get("orderbook_fp") or doc["orderbook"]

    def best(side):
        ps = [float(p) for p, s in b.get(side) or [] if float(s) > 0 and float(p) > 0]
        return max(ps) if ps else None
    no = best("no_dollars")
    return {"best_yes_bid": best("yes_dollars"),
            "best_yes_ask": None if no is None else round(1 - no, 6)}


def resolved(doc, closes):
    """The close x as the set the settled markets leave: intervals of the real line written
    as (low, low_open, high, high_open); the contract is up when every x left is above the
    previous close, down when every x left is at or below it."""
    ms = (doc.get("markets") or []) + ([doc["market"]] if isinstance(doc.get("market"), dict) else [])
    ev = doc.get("event")
    if isinstance(ev, dict):
        ms = (ev.get("markets") or []) + ms
    for e in doc.get("events") or []:
        ms = ms + (e.get("markets") or [])
    inf = float("inf")
    low, low_open, high, high_open = -inf, True, inf, True
    voided = False
    settled = [m for m in ms if m.get("status") in ("settled", "finalized")]
    for m in settled:
        r, kind = m.get("result"), m.get("strike_type")
        if r not in ("yes", "no"):
            voided = True
            continue
        f, c = m.get("floor_strike"), m.get("cap_strike")
        cuts = []  # (level, open, side): side "low" raises the floor, "high" lowers the ceiling
        if kind == "greater" and f is not None:
            cuts.append((f, True, "low") if r == "yes" else (f, False, "high"))
        elif kind == "between" and r == "yes":
            if f is not None:
                cuts.append((f, False, "low"))
            if c is not None:
                cuts.append((c, False, "high"))
        elif kind == "less" and c is not None:
            cuts.append((c, True, "high") if r == "yes" else (c, False, "low"))
        for level, is_open, side in cuts:
            if side == "low" and (level > low or (level == low and is_open)):
                low, low_open = level, is_open
            if side == "high" and (level < high or (level == high and is_open)):
                high, high_open = level, is_open
    empty = low > high or (low == high and (low_open or high_open))
    out = []
    for prev in closes:
        if voided or empty:
            out.append("error")
        elif low > prev or (low == prev and low_open):
            out.append("up")
        elif high <= prev:
            out.append("down")
        elif ms and len(settled) == len(ms):
            out.append("error")
        else:
            out.append(None)
    return {"resolutions": out}


def main():
    kind, path = sys.argv[1], sys.argv[2]
    doc = load(path)
    closes = [float(x) for x in sys.argv[3:]]
    out = {"gamma": gamma, "book": book, "orderbook": orderbook}.get(kind)
    if kind == "resolved":
        result = resolved(doc, closes)
    else:
        result = out(doc) if out else kalshi(doc, closes)
    print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()
