"""CPython side of tests/cross/canon_vs_cpython.rs: reads length-prefixed JSON texts and writes what
json.loads + json.dumps(sort_keys=True, ...).encode() make of each, in four settings.

usage: python3 -I canon_peer.py IN OUT
IN:  repeated [u32 little-endian length][bytes]
OUT: per document b"R" (json.loads refused it: not UTF-8, not JSON, int over the digit limit,
     too deep) or b"A" followed by four results in MODES order, each b"E" (.encode() failed:
     a lone surrogate) or b"O" [u32 length][bytes].
"""
import json
import struct
import sys

MODES = [
    dict(ensure_ascii=False),
    dict(ensure_ascii=True),
    dict(ensure_ascii=False, separators=(",", ":")),
    dict(ensure_ascii=True, separators=(",", ":")),
]


def main(src, dst):
    data = open(src, "rb").read()
    out = []
    pos = 0
    while pos < len(data):
        (n,) = struct.unpack_from("<I", data, pos)
        doc = data[pos + 4 : pos + 4 + n]
        pos += 4 + n
        try:
            value = json.loads(doc.decode("utf-8"))
        except (ValueError, RecursionError):
            out.append(b"R")
            continue
        out.append(b"A")
        for mode in MODES:
            try:
                b = json.dumps(value, sort_keys=True, **mode).encode()
            except UnicodeEncodeError:
                out.append(b"E")
                continue
            out.append(b"O" + struct.pack("<I", len(b)) + b)
    with open(dst, "wb") as f:
        f.write(b"".join(out))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
