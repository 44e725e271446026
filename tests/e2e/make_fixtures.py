"""Writes the browser test's books and stamped lists with CPython alone, independently of
sealbook: seal and link exactly as seed 000 Appendix B step 4 recomputes them, prefix hashes as
step 3 does (`head -n N | shasum -a 256`), the list line in the §3.2 format.

Usage: python3 make_fixtures.py OUT_DIR
Prints one JSON object describing what was written (line counts, where the faults are).
"""

import hashlib
import json
import os
import sys

H = lambda o: hashlib.sha256(json.dumps(o, sort_keys=True, ensure_ascii=False).encode()).hexdigest()

BYTE_RULE = (
    "# rule: sha256 of a ledger's first N lines as stored (UTF-8, no byte order mark, not re-encoded "
    "or normalised), each line with its LF; a last line without LF is not counted until its LF is "
    "written. last link = the link field of line N."
)


RENAMED = ["council-book (1).jsonl", "copy of council-book.jsonl", "Council-Book.JSONL", "renamed.jsonl"]


def content(i, pad=0):
    """Varied content: unicode, floats Python prints in exponent form, nesting, big ints."""
    return {
        "kind": "answer" if i % 3 else "run",
        "seat": ["alpha", "béta", "γάμμα", "数"][i % 4],
        "p_up": [0.45, 1e-05, 0.30000000000000004, 1e16][i % 4],
        "items": [{"asset": "gold", "q": i / 7}, {"asset": "wti", "q": None}],
        "big": 10**30 + i,
        "note": "line %d \u2028 \"quoted\"" % i + "x" * pad,
    }


def seal(lines_content):
    out, prev = [], ""
    for i, c in enumerate(lines_content, 1):
        x = dict(c)
        x["n"], x["prev"] = i, prev
        x["seal"] = H(c)
        x["link"] = H(x)
        prev = x["link"]
        out.append((json.dumps(x, sort_keys=True, ensure_ascii=False) + "\n").encode())
    return out


def stamp(ledger, lines, n):
    head = b"".join(lines[:n])
    link = json.loads(lines[n - 1])["link"]
    return "%s: %d lines, sha256 %s, last link %s\n%s\n" % (ledger, n, hashlib.sha256(head).hexdigest(), link, BYTE_RULE)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    n, stamped, tampered_at, rewritten_at = 40, 30, 17, 5
    contents = [content(i) for i in range(1, n + 1)]
    good = seal(contents)

    # An edited value on one line, nothing re-sealed: line `tampered_at` fails its seal check.
    bad = list(good)
    x = json.loads(bad[tampered_at - 1])
    x["p_up"] = 0.99
    bad[tampered_at - 1] = (json.dumps(x, sort_keys=True, ensure_ascii=False) + "\n").encode()

    # The stamped prefix rewritten and the whole chain re-sealed: the chain holds, the stamp does not.
    rewritten_contents = list(contents)
    rewritten_contents[rewritten_at - 1] = dict(contents[rewritten_at - 1], p_up=0.01)
    rewritten = seal(rewritten_contents)

    # Larger than one 4 MiB read of the worker, so lines straddle chunk boundaries.
    big = seal([content(i, pad=300) for i in range(1, 16001)])

    # The outgoing ask chain: its declaration (schedule) line first, then the roster and asks.
    asks = seal([
        {"kind": "schedule", "at": "2026-10-16T20:00:00Z", "runs": ["2026-10-21-am"]},
        {"kind": "roster", "at": "2026-10-16T20:00:01Z", "seats": ["alpha", "béta"]},
        {"kind": "ask", "at": "2026-10-21T12:30:00Z", "ask_sha256": "ab" * 32},
    ])
    # A list naming both ledgers, as a day's list does: neither entry applies by default to a
    # book whose file name matches neither.
    two = (stamp("daily/council/book.jsonl", good, stamped).split("\n")[0] + "\n"
           + stamp("daily/council/asks.jsonl", asks, len(asks)))
    # A chain of lines with no kind: no entry of the two-ledger list can apply to it.
    other = seal([{"i": i} for i in range(3)])

    files = {
        "good/council-book.jsonl": b"".join(good),
        "two/200530Z.txt": two.encode(),
        "two/asks.jsonl": b"".join(asks),
        "other/other.jsonl": b"".join(other),
        "good/130025Z.txt": stamp("daily/council/book.jsonl", good, stamped).encode(),
        "tampered/council-book.jsonl": b"".join(bad),
        "rewritten/council-book.jsonl": b"".join(rewritten),
        "big/council-book.jsonl": b"".join(big),
        # The last line's LF not written yet: a partial tail, not counted, not a failure.
        "partial/council-book.jsonl": b"".join(good)[:-1],
        # Looks like a list entry but its hash is not 64 lowercase hex digits.
        "partial/broken.txt": b"daily/council/book.jsonl: 3 lines, sha256 ABC, last link abc\n",
    }
    # The book as a reader's browser or file manager may name it, untouched and rewritten.
    for name in RENAMED:
        files["renamed-good/" + name] = b"".join(good)
        files["renamed-rewritten/" + name] = b"".join(rewritten)
    for rel, data in files.items():
        path = os.path.join(out, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as f:
            f.write(data)
    print(json.dumps({
        "lines": n,
        "renamed": RENAMED,
        "stamped": stamped,
        "tampered_at": tampered_at,
        "rewritten_at": rewritten_at,
        "big_lines": len(big),
        "big_bytes": len(files["big/council-book.jsonl"]),
    }))


if __name__ == "__main__":
    main()
