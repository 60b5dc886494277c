"""Finding a date and time at the end of a session header line.

Conference sites end headers with the slot: `Tue 6 Apr 08:00 a.m.`,
`Tuesday, April 6, 2021 9:30 AM - 10:45 AM`, `Wed 7 Apr 13:30`.  Only the tail of a
line is examined, so a megabyte-long line costs no more than a short one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date, time
from functools import lru_cache

TAIL_CHARS = 120  # the longest date-time tail we accept is far shorter

WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")

_WD = r"(?P<wd>(?:mon|tue|wed|thu|fri|sat|sun)[a-z]{0,6}\.?,?)"
_MON = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}\.?"
_DATE = (
    rf"(?:(?P<d1>\d{{1,2}})(?:st|nd|rd|th)?\s+(?P<m1>{_MON})"
    rf"|(?P<m2>{_MON})\s+(?P<d2>\d{{1,2}})(?:st|nd|rd|th)?)"
    r"(?:,?\s+(?P<y>(?:19|20)\d\d))?"
)
_ISO = r"(?P<iso>(?:19|20)\d\d-\d\d-\d\d)"
_AMPM = r"[ap]\.?\s?m\.?"
_TIME = rf"\d{{1,2}}(?::\d\d)?\s*(?:{_AMPM})?"
_TAIL = re.compile(
    rf"(?:^|[\s,(|·–—-])(?:{_WD}\s+)?(?:{_DATE}|{_ISO}),?\s+(?:at\s+|@\s*)?"
    rf"(?P<t1>{_TIME})(?:\s*(?:-|–|—|to)\s*(?P<t2>{_TIME}))?"
    r"\s*(?:\(?(?P<zone>[A-Z]{2,5}|UTC[+-]\d{1,2}(?::\d\d)?)\)?)?\s*$",
    re.IGNORECASE,
)
_CLOCK = re.compile(rf"^(?P<h>\d{{1,2}})(?::(?P<m>\d\d))?\s*(?P<ampm>{_AMPM})?$", re.IGNORECASE)


@dataclass(frozen=True)
class HeaderTime:
    label: str  # the header with its date-time tail removed
    weekday: int | None  # 0 = Monday, as stated in the text
    month: int
    day: int
    year: int | None
    start: time
    end: time | None
    zone_abbrev: str | None
    iso: bool = False

    def on(self, year: int) -> date | None:
        try:
            return date(year, self.month, self.day)
        except ValueError:
            return None


def parse_clock(text: str, ampm_hint: str | None = None) -> time | None:
    m = _CLOCK.match(text.strip())
    if not m:
        return None
    hour, minute = int(m["h"]), int(m["m"] or 0)
    ampm = (m["ampm"] or ampm_hint or "").lower().replace(".", "").replace(" ", "")
    if ampm:
        if not 1 <= hour <= 12:
            return None
        hour = hour % 12 + (12 if ampm == "pm" else 0)
    elif m["m"] is None:
        return None  # a bare number is not a time
    if hour > 23 or minute > 59:
        return None
    return time(hour, minute)


def _ampm_of(text: str) -> str | None:
    m = re.search(_AMPM + r"\s*$", text, re.IGNORECASE)
    return m.group(0) if m else None


def find_header_time(line: str) -> HeaderTime | None:
    """The date-time tail of `line`, or None when the line does not end in one."""
    if len(line) > 400:  # headers are short; long lines are abstracts
        return None
    # A date-time tail ends in a digit, am/pm, or a zone; most titles end otherwise.
    last = line.rstrip()[-1:]
    if not (last.isdigit() or last in "mM.)" or last.isupper()):
        return None
    offset = max(0, len(line) - TAIL_CHARS)
    m = _TAIL.search(line, offset)
    if not m:
        return None
    when = _tail_fields(m.groups())
    if when is None:
        return None
    return HeaderTime(line[: m.start()].rstrip(" ,|·–—-(").strip(), *when)


@lru_cache(maxsize=1024)  # a program's headers repeat their days and slots
def _tail_fields(groups: tuple[str | None, ...]) -> tuple | None:
    """`HeaderTime`'s fields after its label, read from the groups `_TAIL` found (in
    its order: wd, d1, m1, m2, d2, y, iso, t1, t2, zone), or None when they name no
    date or time."""
    wd, d1, m1, m2, d2, y, iso, t1, t2, zone = groups
    if iso:
        y, mo, d = (int(x) for x in iso.split("-"))
        year, month, day = y, mo, d
    else:
        month = MONTHS.index((m1 or m2)[:3].lower()) + 1
        day = int(d1 or d2)
        year = int(y) if y else None
    if not 1 <= month <= 12 or not 1 <= day <= 31:
        return None
    start = parse_clock(t1, _ampm_of(t2) if t2 else None)
    end = parse_clock(t2) if t2 else None
    if start is None or (t2 and end is None):
        return None
    weekday = WEEKDAYS.index(wd[:3].lower()) if wd else None
    if zone and zone.lower() in ("am", "pm"):
        zone = None
    return weekday, month, day, year, start, end, zone, bool(iso)
