"""Keep-alive latency of `sealbook serve` on 127.0.0.1: N sequential GETs of one file over a
single HTTP/1.1 connection, then N GETs on a new connection each. Bounded (N requests, a 10 s
socket timeout); prints requests/s and the mean, median and 99th percentile latency of each mode.

usage: python3 tests/bench/keepalive.py HOST:PORT PATH [N]
"""

import socket
import statistics
import sys
import time


def read_response(sock, buf):
    """Reads one response (Content-Length framed); returns the bytes left over."""
    while b"\r\n\r\n" not in buf:
        chunk = sock.recv(65536)
        if not chunk:
            raise SystemExit("connection closed mid-head")
        buf += chunk
    head, rest = buf.split(b"\r\n\r\n", 1)
    status = head.split(b" ", 2)[1]
    if status != b"200":
        raise SystemExit(f"status {status!r}")
    length = next(
        int(line.split(b":", 1)[1])
        for line in head.split(b"\r\n")
        if line.lower().startswith(b"content-length:")
    )
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            raise SystemExit("connection closed mid-body")
        rest += chunk
    return rest[length:]


def run(addr, path, n, keep_alive):
    host, port = addr.rsplit(":", 1)
    req = f"GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n".encode()
    times = []
    sock = None
    start = time.perf_counter()
    for _ in range(n):
        t0 = time.perf_counter()
        if sock is None:
            sock = socket.create_connection((host, int(port)), timeout=10)
        sock.sendall(req)
        left = read_response(sock, b"")
        assert left == b"", "no pipelining here"
        if not keep_alive:
            sock.close()
            sock = None
        times.append(time.perf_counter() - t0)
    total = time.perf_counter() - start
    if sock is not None:
        sock.close()
    times.sort()
    ms = [t * 1e3 for t in times]
    return n / total, statistics.mean(ms), statistics.median(ms), ms[int(0.99 * (n - 1))]


def main():
    addr, path = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 500
    for name, keep in [("keep-alive", True), ("new connection each", False)]:
        rps, mean, med, p99 = run(addr, path, n, keep)
        print(
            f"{name:<20} {n} requests: {rps:6.0f} req/s, mean {mean:6.2f} ms, "
            f"median {med:5.2f} ms, p99 {p99:6.2f} ms"
        )


main()
