"""The NYSE calendar of exchange_calendars (XNYS) and New York time from zoneinfo, 2000-2050:
the independent peer of sealbook's rule-computed calendar (core/src/calendar.rs).

    python3 calendar_peer.py FIRST_YEAR LAST_YEAR

prints {"sessions": [[date, ref, close], ...], "transitions": [[unix, offset_after], ...]}:
every XNYS session with the UTC instants (unix seconds) of 09:30 and 16:00 New York time, and
every change of New York's UTC offset in those years.
"""
import datetime as dt
import json
import sys
from zoneinfo import ZoneInfo

import exchange_calendars as xc

first, last = int(sys.argv[1]), int(sys.argv[2])
ny = ZoneInfo("America/New_York")
cal = xc.get_calendar("XNYS", start=f"{first}-01-01", end=f"{last}-12-31")


def at(d, h, m):
    return int(dt.datetime(d.year, d.month, d.day, h, m, tzinfo=ny).timestamp())


sessions = []
for ts in cal.sessions:
    d = ts.date()
    sessions.append([d.isoformat(), at(d, 9, 30), at(d, 16, 0)])

transitions = []
t = int(dt.datetime(first, 1, 1, tzinfo=dt.timezone.utc).timestamp())
end = int(dt.datetime(last + 1, 1, 1, tzinfo=dt.timezone.utc).timestamp())
prev = dt.datetime.fromtimestamp(t, ny).utcoffset()
while t < end:
    t += 3600
    off = dt.datetime.fromtimestamp(t, ny).utcoffset()
    if off != prev:
        transitions.append([t, int(off.total_seconds())])
        prev = off
print(json.dumps({"sessions": sessions, "transitions": transitions}))
