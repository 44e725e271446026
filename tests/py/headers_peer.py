"""Independent Bitcoin header check (peer of sealbook-core's ots::bitcoin header analysis),
written from Bitcoin Core's rules, not from the Rust code: double-SHA256 hash, compact nBits
(SetCompact/GetCompact), proof of work, GetBlockProof work = 2^256 // (target + 1), median
time past, and CalculateNextWorkRequired (2015-interval timespan, 4x clamp, pow limit).

Usage: headers_peer.py <header.bin>...   (80-byte files, in the order given)
Prints one JSON object: hashes (display order), pow (list of bools), links (list: file i's
prev-hash is file i-1's hash), total_work (hex, no leading zeros), mtp_before_last,
median_time_past_last, next_bits (the retarget from the first file's time and the
second-to-last file's time and bits, as a period's first and last headers).
"""
import hashlib
import json
import struct
import sys

LIMIT = 0x00000000FFFF0000000000000000000000000000000000000000000000000000


def target(bits):
    size, word = bits >> 24, bits & 0x007FFFFF
    return word >> (8 * (3 - size)) if size <= 3 else word << (8 * (size - 3))


def compact(t):
    size = (t.bit_length() + 7) // 8
    c = (t << (8 * (3 - size))) if size <= 3 else (t >> (8 * (size - 3)))
    if c & 0x00800000:
        c >>= 8
        size += 1
    return c | (size << 24)


def main():
    raws = [open(p, "rb").read() for p in sys.argv[1:]]
    heads = []
    for r in raws:
        assert len(r) == 80
        h = hashlib.sha256(hashlib.sha256(r).digest()).digest()
        t, bits = struct.unpack("<II", r[68:76])
        heads.append({"hash": h, "prev": r[4:36], "time": t, "bits": bits})
    pow_ok = [int.from_bytes(x["hash"], "little") <= target(x["bits"]) for x in heads]
    links = [heads[i]["prev"] == heads[i - 1]["hash"] for i in range(1, len(heads))]
    work = sum((1 << 256) // (target(x["bits"]) + 1) for x in heads)
    times = [x["time"] for x in heads]
    out = {
        "hashes": [x["hash"][::-1].hex() for x in heads],
        "pow": pow_ok,
        "links": links,
        "total_work": format(work, "x"),
        "mtp_before_last": sorted(times[-12:-1])[5] if len(times) >= 12 else None,
        "median_time_past_last": sorted(times[-11:])[5] if len(times) >= 11 else None,
    }
    if len(heads) >= 3:
        span = heads[-2]["time"] - heads[0]["time"]
        tt = 14 * 24 * 60 * 60
        span = min(max(span, tt // 4), tt * 4)
        new = target(heads[-2]["bits"]) * span // tt
        out["next_bits"] = "0x%08x" % compact(min(new, LIMIT))
        out["timespan"] = heads[-2]["time"] - heads[0]["time"]
    print(json.dumps(out, sort_keys=True))


main()
