"""python-opentimestamps side of tests/bench/ots.sh: for each .ots file given, the best of N
runs of DetachedTimestampFile.deserialize + list(timestamp.all_attestations()).
stdout: one JSON line per file: {"path", "attestations", "runs", "best_seconds"}.
Usage: ots_bench.py RUNS FILE..."""
import json
import sys
import time
import warnings

from opentimestamps.core.serialize import BytesDeserializationContext
from opentimestamps.core.timestamp import DetachedTimestampFile

warnings.simplefilter("ignore")
sys.setrecursionlimit(10000)


def main():
    runs = int(sys.argv[1])
    for path in sys.argv[2:]:
        with open(path, "rb") as fd:
            data = fd.read()
        best, count = float("inf"), 0
        for _ in range(runs):
            start = time.perf_counter()
            f = DetachedTimestampFile.deserialize(BytesDeserializationContext(data))
            count = len(list(f.timestamp.all_attestations()))
            best = min(best, time.perf_counter() - start)
        print(json.dumps({"path": path, "attestations": count, "runs": runs, "best_seconds": best}))


if __name__ == "__main__":
    main()
