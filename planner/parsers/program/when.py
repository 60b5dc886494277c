"""Times, days and years as programs write them, found anywhere in a line.

* Times: `9:00 - 9:30`, `10:45 am–12:05 pm`, `8 a.m. - 12 noon`, `14:05 -- 14:55`,
  `1pm to 2pm`, `9.30`, `11:00 - 1:00 pm`, `9:00a - 12:00p` (the meridiem of the end applies to the start
  unless that would make the start later than the end), `After 11:00 am`, `Until
  10:45`, `All Day`.  A bare number is a time only inside a range with a real clock
  (`6-9pm`), so `Session 1` and `Top 10` stay titles.
* Days: a run of weekday, day, month and year words in any order (`Tuesday, April 6,
  2021`, `Dec 9, Monday`, `Thursday 25th Oct`, `Sat 3 Dec`, `Monday 24th`), numeric
  dates (`2020-10-15`, `3.12.2018`, `23/04/2024`) and `Day 2`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import date, time
from functools import lru_cache

from ...lazyre import lazy
from .anycase import AnyCase
from .locale_names import MONTHS as OTHER_MONTHS
from .locale_names import WEEKDAYS as OTHER_WEEKDAYS

WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december")
_WD_ABBR = {"mon": 0, "tue": 1, "tues": 1, "wed": 2, "weds": 2, "thu": 3, "thur": 3, "thurs": 3,
            "fri": 4, "sat": 5, "sun": 6}

# (and the one letter some US sites write right after the minutes: `9:00a - 9:15a`,
# `12:00p`; never after a bare number, so `Room 10a` stays a room)
_AMPM = r"(?:[ap]\.?\s?m(?:\b|(?-i:(?=[A-Z][a-z])))\.?|(?<=[:.][0-5]\d)[ap](?![\w.]))"
_CLOCK = (
    r"(?:(?P<{n}h>[01]?\d|2[0-4])(?:(?P<{n}sep>[:.h])(?P<{n}m>[0-5]\d)|(?P<{n}hh>h)(?![^\W\d_]))?"
    # `12 noon`, `12:00 midnight`; after any other hour the word is the next one's
    # (`23:30 - 00:30 Midnight Session`)
    r"(?:\s*(?P<{n}ap>" + _AMPM + r"))?(?:(?:(?<=(?<![\d:.h])12)|(?<=(?<![\d:.h])12[:.h]00))\s*(?P<{n}noon>noon|midnight))?"
    # `9 Uhr`: a 24-hour clock in German
    r"(?P<{n}uhr>\s?uhr\b)?"
    r"|(?P<{n}word>noon|midnight))"
)
_RANGE_SEP = r"\s*(?:-{1,2}|–|—|~|to|till|until|through|bis|à|a(?=\s*\d))\s*"
_TIME_RE = re.compile(
    r"(?<![\w:.$/#+\-−])(?:(?P<open>after|until|till|from|starting(?: at)?|ends?(?: at)?|by|"
    r"begins? at|starts at|"
    r"von|ab|bis|de|desde|hasta)\s+)?"
    + _CLOCK.format(n="a")
    + r"(?:" + _RANGE_SEP + _CLOCK.format(n="b") + r")?"
    # (a clock glued to a capitalised word, `11.30-11.50Position Paper`, still ends there,
    # as it does before a word in capitals or a one-letter word: `11h50NESSy: a new …`,
    # `15h10XML to …`, `16h30A Flexible …`)
    # (and a meridiem may be followed by a colon, `8:55 AM:  Title`, so may a clock before
    # a blank, `9:30 to 11:00: Title`; `10:30:45` is no clock)
    r"(?!(?!(?<=[\dm])(?-i:[A-Z](?:[a-z]|[A-Z]{1,5}[a-z]?\b|\s)))(?:[\w/]|(?<=\d):(?!\s))|\.\d)",
    re.IGNORECASE,
)
_ALL_DAY = re.compile(r"\ball[- ]day\b", re.IGNORECASE)
_ZONE_AFTER = re.compile(
    r"\s*\(?\s*(?P<zone>(?:UTC|GMT)\s*[+\-−]\s*\d{1,2}(?::?\d{2})?|(?:UTC|GMT)\b|"
    r"[ECMP][SD]?T\b|[A-Z]{2,5}T\b|AoE\b)\s*\)?",
)


# A line about the call for papers or the page itself (`Submission deadline: May 18,
# 2021 (AoE)`, `Last updated …`, `Posted on …`): its dates are no day of the program,
# its zone not the program's (`We've posted the schedule for the event on August 9,
# 2024` is no such line)
DEADLINE = re.compile(r"deadline|submission|notification|camera[- ]ready|registration (?:closes|opens)|"
                      r"due\b|important dates|last update|(?:updated|posted|published)(?: on)?\s*:|"
                      r"(?:updated|posted|published) on\b|copyright|©",
                      re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class TimeMark:
    start: time | None
    end: time | None
    begin: int  # where the expression starts in the line
    stop: int  # where it (and a zone right after it) ends
    meridiem: bool  # a.m./p.m. was written (or a 24-hour value made it clear)
    bare_start: bool  # the start was written without any meridiem, maybe 12-hour
    open: str | None = None  # "after" (start only), "until" (end only), "allday"
    zone: str | None = None  # a zone written right after the time: `11am EDT`, `(UTC-7)`
    strong: bool = True  # a clock (`9:30`, `9am`), not only a bare number in a range


def _clock(g: dict[str, str | None], n: str) -> tuple[int, int, str | None, bool] | None:
    """(hour, minute, meridiem, has_minutes) of one clock of a match, from its groups."""
    return _clock_of(g[f"{n}word"], g[f"{n}h"], g[f"{n}m"], g[f"{n}ap"], g[f"{n}noon"])


@lru_cache(maxsize=4096)  # programs repeat their clocks
def _clock_of(word: str | None, h: str | None, minutes: str | None, ap: str | None,
              noon: str | None) -> tuple[int, int, str | None, bool] | None:
    if word:
        return (12, 0, "pm", True) if word.lower() == "noon" else (0, 0, "am", True)
    if h is None:
        return None
    hour = int(h)
    minute = int(minutes or 0)
    if noon:
        ap = "pm" if noon.lower() == "noon" else "am"
        if hour == 12:
            ap = "noon" if ap == "pm" else "am"
    mer = None
    if ap:
        a = ap.lower().replace(".", "").replace(" ", "")
        mer = "noon" if a == "noon" else ("am" if a.startswith("a") else "pm")
    return hour, minute, mer, minutes is not None


def _to_time(hour: int, minute: int, mer: str | None) -> time | None:
    if mer == "noon":
        return time(12, minute)
    if mer and hour > 12:  # `13:00 PM`: a 24-hour value with a stray meridiem
        mer = None
    if mer == "am":
        hour = 0 if hour == 12 else hour
    elif mer == "pm":
        hour = hour if hour == 12 else hour + 12
    if hour == 24 and minute == 0:
        return time(23, 59)
    if not 0 <= hour <= 23:
        return None
    return time(hour, minute)


def find_times(line: str) -> list[TimeMark]:
    """Every time or time range in `line`, in order."""
    return list(iter_times(line))


def first_time(line: str) -> TimeMark | None:
    """The first of `find_times(line)`, without looking further."""
    return next(iter_times(line), None)


_ASCII_DIGIT = re.compile(r"[0-9]")


def _has_digit(line: str) -> bool:
    if line.isascii():
        return _ASCII_DIGIT.search(line) is not None
    return any(c.isdigit() for c in line)


# `0945 - 1000`: four-digit 24-hour clocks, read only as a range (a lone `1000` is a
# number, `2019-2020` a span of years)
_MILITARY = re.compile(r"(?<![\w:.$/#-])([01]\d|2[0-3])([0-5]\d)\s*(?:-{1,2}|–|—|to)\s*"
                       r"([01]\d|2[0-4])([0-5]\d)(?![\w:/]|\.\d)")


_NUMBERED_BEFORE = lazy(r"\b(?:rooms?|rm|hall|suite|building|bldg|no|nos|nr|pages?|pp|"
                              r"paper|papers|ids?|numbers?|tel|phone|fax)\.?\s*#?\s*$", re.IGNORECASE)


def _military(line: str) -> list[TimeMark]:
    out = []
    for m in _MILITARY.finditer(line):
        a, b = int(m.group(1) + m.group(2)), int(m.group(3) + m.group(4))
        if 1900 <= a <= 2099 and 1900 <= b <= 2099 or b <= a \
                or _NUMBERED_BEFORE.search(line, 0, m.start()):
            continue
        start, end = time(int(m.group(1)), int(m.group(2))), \
            time(int(m.group(3)) % 24, int(m.group(4)))
        stop, zone = m.end(), None
        z = _ZONE_AFTER.match(line, stop)
        if z and _plausible_zone(z.group("zone")):
            zone, stop = z.group("zone"), z.end()
        out.append(TimeMark(start, end, m.start(), stop, True, False, None, zone, True))
    return out


# `* **830-900 : Arrival**`, `1200-130: Lunch`: colon-less clocks with a three-digit
# side (`8:30` written `830`), read only as the range that opens a line (after list and
# emphasis marks) with a separator after it; `pp. 830-900` inside a line is a page range.
# (`**1030-1100: Break**` too, whose colon `_MILITARY` does not take.)
_HEAD_HMM = re.compile(r"[\s*•|#>+]*(?:[-–]\s+)?([1-9]|[01]\d|2[0-3])([0-5]\d)\s*(?:-{1,2}|–|—)\s*"
                       r"([1-9]|[01]\d|2[0-3])([0-5]\d)(?=\s*(?:[:|*]|[-–—]\s)|\t)")


def _head_hmm(m: re.Match[str]) -> TimeMark | None:
    """The range a `_HEAD_HMM` match writes, read as its `H:MM-H:MM` form would be (so
    `1200-130` after morning rows is afternoon, as `12:00-1:30` is)."""
    if len(m.group(1)) == 2 and len(m.group(3)) == 2 and 19 <= int(m.group(1)) <= 20 \
            and 19 <= int(m.group(3)) <= 20:
        return None  # `2019-2020:` is a span of years
    written = f"{m.group(1)}:{m.group(2)}-{m.group(3)}:{m.group(4)}"
    mark = next(_iter_times(written), None)
    if mark is None or mark.end is None:
        return None
    return replace(mark, begin=m.start(1), stop=m.end(4), zone=None)


# `0830 Welcome`, `1315 Break`: an agenda in four-digit 24-hour clocks, each line
# opened by its start alone.  Read only where the clock opens the line and a
# capitalised word follows it, its minutes on a five-minute mark and its value no year
# (`2012 Program`, `1999 Best Paper Award` are years; `1500 participants` a count).
_HEAD_HHMM = re.compile(r"[\s*•|#>+]*(?:[-–]\s+)?([01]\d|2[0-3])([0-5][05]):?[ \t]+(?=[A-Z])")


def _head_hhmm(line: str) -> TimeMark | None:
    """The start a `_HEAD_HHMM` line opens with, or None (a year, or no such line)."""
    m = _HEAD_HHMM.match(line)
    if m is None or m.group(1) in ("19", "20"):
        return None
    return TimeMark(time(int(m.group(1)), int(m.group(2))), None, m.start(1), m.end(2), True, False)


def iter_times(line: str) -> Iterator[TimeMark]:
    """The times and time ranges in `line`, in order, found as they are asked for."""
    if _has_digit(line):
        head = _HEAD_HMM.match(line)
        mark = _head_hmm(head) if head is not None else _head_hhmm(line)
        if mark is not None:
            yield mark
            yield from (t for t in _iter_times(line) if t.begin >= mark.stop)
            return
        if _MILITARY.search(line):
            mil = _military(line)
            if mil:
                yield from sorted(mil + list(_iter_times(line)), key=lambda t: t.begin)
                return
    yield from _iter_times(line)


def _iter_times(line: str) -> Iterator[TimeMark]:
    if not _has_digit(line):
        m = _ALL_DAY.search(line) or re.search(r"\b(?:noon|midnight)\b", line, re.IGNORECASE)
        if m and _ALL_DAY.match(m.group()):
            yield TimeMark(None, None, m.start(), m.end(), True, False, "allday")
            return
        if not m:
            return
    for m in _TIME_RE.finditer(line):
        g = m.groupdict()  # (one call for all the groups asked about below)
        a = _clock(g, "a")
        if a is None:
            continue
        b = _clock(g, "b") if (g["bh"] or g["bword"]) else None
        ha, ma, mera, mina = a
        h24 = g["auhr"] is not None or g["buhr"] is not None
        if g["ahh"] or g["bhh"]:
            # `14h`, `9h-10h30`: French hours, 24-hour; a lone `14h` only opening a line
            # (`(2h)`, `24h hackathon` are lengths)
            if ha > 23 or g["bhh"] and int(g["bh"]) > 23 or \
                    g["bh"] is None and line[:m.start()].strip(" -*•|#"):
                continue
            h24 = True
        strong_a = mina or mera is not None or g["aword"] is not None or h24
        if b is not None:
            hb, mb, merb, minb = b
            strong_b = minb or merb is not None or g["bword"] is not None or h24
            if not (strong_a or strong_b):
                continue
            if g["asep"] == "." or g["bsep"] == ".":
                # `1.5 - 2.0` are numbers; a dotted clock needs a clock on the other side
                if not (strong_a and strong_b):
                    continue
            if mera is None and merb in ("am", "pm") and ha <= 12:
                mera = merb
                sa, sb = _to_time(ha, ma, mera), _to_time(hb, mb, merb)
                noon_meant = merb == "am" and hb == 12 and not (g["bnoon"] or g["bword"])
                if sa is not None and sb is not None and sa > sb and not noon_meant:
                    # `11:15 - 12:00am` is a morning ending at noon (set below), not a
                    # night from 23:15: only a stated `pm` start runs to midnight
                    mera = "am" if merb == "pm" else "pm"
            elif mera is None and merb == "noon" and ha <= 12:
                mera = "am"
            start, end = _to_time(ha, ma, mera), _to_time(hb, mb, merb)
            if start is None or end is None:
                continue
            if (end < start and merb == "am" and hb == 12 and mera != "pm"
                    and not (g["bnoon"] or g["bword"])):
                # `8AM - 12AM`: noon meant (`6 pm - 12 am`, `12 midnight` end at midnight)
                end = time(12, mb)
            bare = mera is None and ha <= 12 and not (len(g["ah"] or "") == 2 and ha < 10) and not h24
            stop = m.end()
            zone = None
            z = _ZONE_AFTER.match(line, stop)
            if z and _plausible_zone(z.group("zone")):
                zone, stop = z.group("zone"), z.end()
            yield TimeMark(start, end, m.start(), stop, mera is not None or ha > 12 or h24,
                           bare, None, zone, True)
            continue
        if not strong_a:
            continue
        if g["asep"] == "." and mera is None:
            # `9.30` alone: a clock only at the very start of a line (`9.30 Welcome`)
            if line[:m.start()].strip():
                continue
        if g["asep"] == "h" and not g["am"]:
            continue
        start = _to_time(ha, ma, mera)
        if start is None:
            continue
        open_ = (g["open"] or "").lower()
        kind = None
        if open_ in ("after", "from", "starting", "starting at", "ab", "von", "de", "desde"):
            kind = "after" if open_ in ("after", "ab") else None
        elif open_ in ("until", "till", "by", "end", "ends", "end at", "ends at", "bis", "hasta"):
            kind = "until"
        stop = m.end()
        zone = None
        z = _ZONE_AFTER.match(line, stop)
        if z and _plausible_zone(z.group("zone")):
            zone, stop = z.group("zone"), z.end()
        bare = mera is None and ha <= 12 and not (len(g["ah"] or "") == 2 and ha < 10) and not h24
        # (`begins at 12:30 pm`: the words are part of the time, not of a title)
        begin = m.start() if kind or open_[:5] in ("begin", "start") and open_.endswith(" at") \
            else m.start("ah") if g["ah"] else m.start()
        if kind == "until":
            yield TimeMark(None, start, begin, stop, mera is not None or ha > 12 or h24, bare,
                           "until", zone)
        else:
            yield TimeMark(start, None, begin, stop, mera is not None or ha > 12 or h24, bare,
                           kind, zone)


_ZONE_WORDS = frozenset(
    "UTC GMT EST EDT CST CDT MST MDT PST PDT AKST AKDT HST HDT BST IST CET CEST EET EEST WET "
    "WEST MSK JST KST SGT HKT AEST AEDT ACST ACDT AWST NZST NZDT ET CT MT PT AOE UT".split()
)


def _plausible_zone(z: str) -> bool:
    u = z.upper().replace(" ", "")
    return u.startswith(("UTC", "GMT")) or u in _ZONE_WORDS


# -- days -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class DayMark:
    weekday: int | None  # 0 = Monday
    day: int | None
    month: int | None
    year: int | None
    begin: int
    stop: int
    ordinal: int | None = None  # `Day 2`
    last_day: int | None = None  # `21-23 May`: the range's last day

    @property
    def full(self) -> bool:
        return self.day is not None and self.month is not None

    def on(self, year: int) -> date | None:
        if self.day is None or self.month is None:
            return None
        try:
            return date(self.year or year, self.month, self.day)
        except ValueError:
            return None


# (`3.` before a month is a day in German, `1er` in French)
_WORD = re.compile(r"[^\W\d_]+-feira\b|[^\W\d_]+\.?|\d{1,4}(?:st|nd|rd|th|er)?\b(?:\.(?=\s))?|[,/]|[-–]")
_ISO = re.compile(r"(?<!\d)((?:19|20)\d\d)-(\d{1,2})-(\d{1,2})(?!\d)")
_NUMERIC = re.compile(r"(?<![\d.:/])(\d{1,2})([./])(\d{1,2})\2((?:19|20)?\d\d)(?![\d:])")
# `4/11`, `10/21`: a month and day without a year, as US pages write a day beside its
# weekday or alone in a short heading
_MONTH_DAY = lazy(r"(?<![\d.:/\w])(\d{1,2})/(\d{1,2})(?![\d/:\w])")
_DAY_N = re.compile(
    r"\bday\s*(\d{1,2}|one|two|three|four|five|six|seven)\b|"
    r"\b(first|second|third|fourth|fifth)\s+day\b", re.IGNORECASE)
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "one": 1, "two": 2,
             "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}


def weekday_of(word: str) -> int | None:
    w = word.lower().rstrip(".,")
    if w in _WD_ABBR:
        return _WD_ABBR[w]
    if len(w) > 10 or not w.endswith("day") or len(w) < 6:
        return OTHER_WEEKDAYS.get(w)
    return _WD_ABBR.get(w[:3])


# Every beginning of a month's name of 3 letters or more (`sep`, `sept`, `septem`): no
# two months share one.
_MONTH_STARTS = {name[:k]: i + 1 for i, name in enumerate(MONTHS) for k in range(3, len(name) + 1)}


def month_of(word: str) -> int | None:
    w = word.lower().rstrip(".,")
    return _MONTH_STARTS.get(w) or OTHER_MONTHS.get(w)


def month_of_plain(word: str) -> int | None:
    """`month_of` a month at a time."""
    w = word.lower().rstrip(".,")
    if len(w) < 3:
        return None
    if w in OTHER_MONTHS and not any(name.startswith(w) for name in MONTHS):
        return OTHER_MONTHS[w]
    if w == "sept":
        return 9
    for i, name in enumerate(MONTHS):
        if name.startswith(w) and (len(w) >= 3):
            return i + 1
    return None


_ANCHOR = re.compile(
    r"(?<![A-Za-z])(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|"
    r"nov|dec)[a-z]{0,7}\.?(?![A-Za-z])|\d{4}-\d|\d[./]\d{1,2}[./]\d|\bday\b",
    re.IGNORECASE,
)


def _trie(words: list[str]) -> str:
    """A pattern matching exactly `words`, their common beginnings factored out (one
    branch per first letter rather than one per word: a third of the time per line)."""
    root: dict = {}
    for w in words:
        node = root
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict) -> str:
        alts = [re.escape(ch) + emit(node[ch]) for ch in sorted(k for k in node if k)]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if "" in node else body

    return emit(root)


# the other languages' names that the English beginnings above do not cover (`Montag`,
# `juin`, `März`), as whole words
_OTHER_ANCHOR = (r"(?<![^\W\d_])"
                 + _trie([w for w in {**OTHER_WEEKDAYS, **OTHER_MONTHS} if not _ANCHOR.match(w)])
                 + r"(?![^\W\d_])")
_ANY_ANCHOR = AnyCase(lazy(_ANCHOR.pattern + "|" + _OTHER_ANCHOR, re.IGNORECASE))


def has_day_anchor(line: str) -> bool:
    """Whether `_ANCHOR` is found in `line`: a weekday or month word, an ISO or numeric
    date or the word `day`."""
    return _ANY_ANCHOR.found(line)


def find_days(line: str) -> list[DayMark]:
    """Every date-like run in `line`: a weekday, a day with a month, or a numeric date."""
    if not has_day_anchor(line) and not ("/" in line and len(line) <= 60 and _MONTH_DAY.search(line)):
        return []  # no weekday, month, numeric date or `Day N`: most lines, decided fast
    out: list[DayMark] = []
    taken: list[tuple[int, int]] = []
    for m in _ISO.finditer(line):
        y, mo, d = (int(g) for g in m.groups())
        if 1 <= mo <= 12 and 1 <= d <= 31:
            out.append(DayMark(None, d, mo, y, m.start(), m.end()))
            taken.append((m.start(), m.end()))
    for m in _NUMERIC.finditer(line):
        if any(a <= m.start() < b for a, b in taken):
            continue
        a, sep, b, y = m.groups()
        d, mo = int(a), int(b)
        if sep == "/" and mo > 12 and d <= 12:
            d, mo = mo, d  # US order `4/23/2024`
        if not (1 <= mo <= 12 and 1 <= d <= 31):
            continue
        year = int(y) if len(y) == 4 else 2000 + int(y)
        out.append(DayMark(None, d, mo, year, m.start(), m.end()))
        taken.append((m.start(), m.end()))
    if "/" in line and len(line) <= 60:
        for m in _MONTH_DAY.finditer(line):
            if any(a <= m.start() < b for a, b in taken):
                continue
            mo, d = int(m.group(1)), int(m.group(2))
            if mo > 12 >= d:
                mo, d = d, mo  # `21/10`: day first
            if not (1 <= mo <= 12 and 1 <= d <= 31) or len(line.split()) > 6:
                continue
            out.append(DayMark(None, d, mo, None, m.start(), m.end()))
            taken.append((m.start(), m.end()))
    # runs of date words, grown from each weekday or month word
    toks = [(m.group(), m.start(), m.end()) for m in _WORD.finditer(line)]
    anchors = [k for k, (w, _, _) in enumerate(toks)
               if w[0].isalpha() and (weekday_of(w) is not None or month_of(w) is not None)]
    # `Day 1 – May 25th, 2020`: the number of a `Day N` is the day's place in the
    # programme, never the first day of a date run (`1 – May 25th` read as 1-25 May)
    day_n = list(_DAY_N.finditer(line)) if anchors else []
    numbered = [(m.start(1), m.end(1)) for m in day_n if m.group(1)]
    i = 0
    while anchors and i < len(toks):
        # start a run only from the few tokens before a weekday or month word
        nxt_anchor = next((k for k in anchors if k >= i), None)
        if nxt_anchor is None:
            break
        if nxt_anchor - i > 4:
            i = nxt_anchor - 4
        run = []
        j = i
        while j < len(toks):
            word, s, e = toks[j]
            if any(a <= s < b for a, b in taken) or numbered and any(a <= s < b for a, b in numbered):
                break
            if run and line[run[-1][3]:s].strip():
                break  # something else stands between: `Day 1 (Monday`, `Day 1: Tue`
            kind = _date_token(word, line, s)
            if kind is None:
                break
            if not run and kind == "num" and _labels_number(toks, j, line):
                break  # `Session 1 / Wednesday, September 27`: the 1 is the session's
            run.append((kind, word, s, e))
            j += 1
        mark = _mark_of(run, line)
        if mark is not None:
            out.append(mark)
            i = j
        else:
            i += 1
    for m in (day_n if anchors else _DAY_N.finditer(line)):
        if any(a <= m.start() < b for a, b in taken):
            continue
        g = m.group(1) or m.group(2)
        n = int(g) if g.isdigit() else _ORDINALS[g.lower()]
        if 1 <= n <= 14:
            out.append(DayMark(None, None, None, None, m.start(), m.end(), ordinal=n))
    out.sort(key=lambda d: d.begin)
    return _merge_weekdays(out, line)


def _labels_number(toks: list, j: int, line: str) -> bool:
    """Whether the number at `toks[j]` numbers the word before it (`Session 1 /
    Wednesday`, `Track 2 – May 3`): a word that is no date word right before it and a
    separator or dash right after, where a day's number would have its month."""
    if j == 0 or j + 1 >= len(toks) or toks[j + 1][0] not in (",", "/", "-", "–"):
        return False
    if j + 2 < len(toks) and toks[j + 2][0][:1].isdigit():
        return False  # `Meetup 21-22 March 2019`: a range of days
    prev, _, prev_end = toks[j - 1]
    return (prev[0].isalpha() and not line[prev_end:toks[j][1]].strip()
            and _date_token(prev, line, toks[j - 1][1]) is None)


def _merge_weekdays(marks: list[DayMark], line: str) -> list[DayMark]:
    """`Monday, 3.12.2018`: a weekday right before a numeric date is that date's."""
    out: list[DayMark] = []
    for m in marks:
        prev = out[-1] if out else None
        if (prev is not None and prev.weekday is not None and prev.day is None
                and m.weekday is None and m.day is not None
                and not line[prev.stop:m.begin].strip(" ,")):
            out[-1] = DayMark(prev.weekday, m.day, m.month, m.year, prev.begin, m.stop,
                              last_day=m.last_day)
            continue
        if (prev is not None and prev.weekday is None and prev.day is not None
                and prev.month is not None and m.weekday is not None and m.day is None
                and not line[prev.stop:m.begin].strip(" ,|*_()")):
            # `*4/11* | Thursday`: a date, then its weekday in the next cell
            out[-1] = DayMark(m.weekday, prev.day, prev.month, prev.year, prev.begin, m.stop)
            continue
        out.append(m)
    return out


def _date_token(word: str, line: str, start: int) -> str | None:
    if word in (",", "/"):
        return "sep"
    if word in ("-", "–"):
        return "dash"
    if word[0].isdigit():
        num = re.match(r"\d*", word).group()  # (empty for `²`, a digit but no number)
        if not num:
            return None
        if len(num) == 4 and 1990 <= int(num) <= 2099:
            return "year"
        if len(num) <= 2 and 1 <= int(num) <= 31:
            # not a clock (`9:30`, `9am`) and not a number in a sum
            after = line[start + len(word):start + len(word) + 3]
            if after[:1] in (":", ".") and after[1:2].isdigit():
                return None
            if re.match(r"\s*[ap]\.?m\b", line[start + len(word):start + len(word) + 5], re.IGNORECASE):
                return None
            return "num"
        return None
    if weekday_of(word) is not None:
        return "weekday"
    mo = month_of(word)
    if mo is not None:
        if word.rstrip(".,").lower() == "may" and not word[0].isupper():
            return None
        if word.rstrip(".,").lower() in ("mar", "jun", "jan", "dec", "sat", "sun") and not word[0].isupper():
            return None
        return "month"
    if word.lower() in ("the", "of", "and", "de", "del"):
        return "glue"
    return None


def _mark_of(run: list, line: str) -> DayMark | None:
    # trim separators and glue at both ends
    while run and run[0][0] in ("sep", "dash", "glue"):
        run = run[1:]
    while run and run[-1][0] in ("sep", "dash", "glue"):
        run = run[:-1]
    if not run:
        return None
    kinds = [k for k, *_ in run]
    wd = next((weekday_of(w) for k, w, *_ in run if k == "weekday"), None)
    months = [month_of(w) for k, w, *_ in run if k == "month"]
    years = [int(w[:4]) for k, w, *_ in run if k == "year"]
    nums = [(int(re.match(r"\d+", w).group()), i) for i, (k, w, *_) in enumerate(run) if k == "num"]
    begin, stop = run[0][2], run[-1][3]
    month = months[0] if months else None
    year = years[0] if years else None
    if month is None and wd is None:
        return None
    if month is not None and not nums and wd is None:
        return None  # a month alone (`March 2019`) is no day
    day = nums[0][0] if nums else None
    last = None
    if len(nums) >= 2 and "dash" in kinds:
        last = nums[1][0]
    if month is None and day is not None and wd is None:
        return None
    if wd is not None and month is None and day is None and len(run) == 1:
        return DayMark(wd, None, None, year, begin, stop)
    return DayMark(wd, day, month, year, begin, stop, last_day=last)


_YEAR = re.compile(r"(?<![\d/.-])((?:19|20)\d\d)(?![\d])")
_SHORT_YEAR = re.compile(r"[A-Za-z]\s?['’](\d\d)\b")


def years_in(line: str) -> list[int]:
    # (each pattern looked for only where what it needs is there: most lines hold neither)
    out = [int(y) for y in _YEAR.findall(line) if 1990 <= int(y) <= 2099] \
        if "19" in line or "20" in line else []
    if "'" in line or "’" in line:
        out += [2000 + int(y) for y in _SHORT_YEAR.findall(line) if int(y) < 50]
    return out


# `https://example.org/2023/slides/`: a year as a path segment of a link
_URL_YEAR = lazy(r"/((?:19|20)\d\d)(?=/|$|[?#])")
_URL = lazy(r"\bhttps?://\S+")


def years_in_links(text: str) -> list[int]:
    """The years written as a path segment of the links in `text` (or of `text`, a link)."""
    if "/" not in text:
        return []
    urls = _URL.findall(text) if "://" in text else []
    if not urls and text.startswith("/"):
        urls = [text]
    return [int(y) for u in urls for y in _URL_YEAR.findall(u)]

