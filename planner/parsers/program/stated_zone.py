"""The time zone a program states: `Timezone: Pacific/Honolulu`, `All times are CEST`,
`Pacific Daylight Time (PDT)`, `(UTC-07:00)`, `UTC + 8`, `GMT+1 (Vienna Time)`, `11am EDT`.

Abbreviations name a region's zone (EDT and EST both mean America/New_York, whose
rules give the offset of each date).  The ambiguous ones (CST, IST, BST, CET) take a
city or country named in the text into account, and the reader says what it assumed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import compress
from zoneinfo import ZoneInfo

from ...lazyre import lazy
from ...zones import tz_table, zone_names
from .anycase import AnyCase
from .joined import Joined
from .when import DEADLINE

_IANA = re.compile(
    r"\b(?:Africa|America|Antarctica|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)"
    r"/[A-Za-z_\-]+(?:/[A-Za-z_\-]+)?\b"
)
_OFFSET = re.compile(r"\b(?:UTC|GMT)\s*(?P<sign>[+\-−–])\s*(?P<h>\d{1,2})(?::?(?P<m>\d{2}))?\b")
_ABBR = re.compile(r"(?<![A-Za-z])(?P<abbr>[A-Z]{2,5})(?![A-Za-z])")
_LONG = re.compile(
    r"\b(?P<name>(?:Pacific|Mountain|Central|Eastern|Atlantic|Alaska|Hawaii(?:-Aleutian)?)"
    r"(?: (?:Standard|Daylight))? Time|Central European(?: Summer| Standard)? Time|"
    r"(?:Eastern|Western) European(?: Summer| Standard)? Time|British Summer Time|"
    r"Greenwich Mean Time|Coordinated Universal Time|China Standard Time|Beijing Time|"
    r"Japan(?:ese)? Standard Time|Korea(?:n)? Standard Time|India(?:n)? Standard Time|"
    r"Singapore (?:Standard )?Time|Australian Eastern(?: Standard| Daylight)? Time|"
    r"Anywhere on Earth)\b",
    re.IGNORECASE,
)
_CITY_TIME = re.compile(
    r"(?:\b(?P<a>[A-Z][a-z]+(?: [A-Z][a-z]+)?) (?:local )?[Tt]ime\b|"
    r"\blocal time (?:in|of) (?P<b>[A-Z][a-z]+(?: [A-Z][a-z]+)?))"
)
_STATEMENT = lazy(
    r"time ?zone|all times|times (?:are|in|shown)|local time|\btime \(|\(\s*(?:UTC|GMT)|"
    r"\bin (?:UTC|GMT)\b",
    re.IGNORECASE,
)

ABBREVIATIONS = {
    "EST": "America/New_York", "EDT": "America/New_York", "ET": "America/New_York",
    "CDT": "America/Chicago", "CT": "America/Chicago", "CST": "America/Chicago",
    "MST": "America/Denver", "MDT": "America/Denver", "MT": "America/Denver",
    "PST": "America/Los_Angeles", "PDT": "America/Los_Angeles", "PT": "America/Los_Angeles",
    "AKST": "America/Anchorage", "AKDT": "America/Anchorage",
    "HST": "Pacific/Honolulu", "HDT": "America/Adak",
    "UTC": "UTC", "GMT": "UTC", "UT": "UTC", "Z": "UTC",
    "BST": "Europe/London", "IST": "Asia/Kolkata", "WET": "Europe/Lisbon",
    "WEST": "Europe/Lisbon", "CET": "Europe/Berlin", "CEST": "Europe/Berlin",
    "EET": "Europe/Athens", "EEST": "Europe/Athens", "MSK": "Europe/Moscow",
    "JST": "Asia/Tokyo", "KST": "Asia/Seoul", "SGT": "Asia/Singapore", "HKT": "Asia/Hong_Kong",
    "AEST": "Australia/Sydney", "AEDT": "Australia/Sydney", "ACST": "Australia/Adelaide",
    "ACDT": "Australia/Adelaide", "AWST": "Australia/Perth", "NZST": "Pacific/Auckland",
    "NZDT": "Pacific/Auckland", "AOE": "Etc/GMT+12",
}
_AMBIGUOUS = {"CST", "IST", "BST", "CET", "CEST", "EET", "EEST"}
_LONG_NAMES = {
    "pacific": "America/Los_Angeles", "mountain": "America/Denver",
    "central": "America/Chicago", "eastern": "America/New_York",
    "atlantic": "America/Halifax", "alaska": "America/Anchorage", "hawaii": "Pacific/Honolulu",
    "hawaii-aleutian": "Pacific/Honolulu",
    "central european": "Europe/Berlin", "eastern european": "Europe/Athens",
    "western european": "Europe/Lisbon", "british summer": "Europe/London",
    "greenwich mean": "UTC", "coordinated universal": "UTC", "china standard": "Asia/Shanghai",
    "beijing": "Asia/Shanghai", "japan standard": "Asia/Tokyo", "japanese standard": "Asia/Tokyo",
    "korea standard": "Asia/Seoul", "korean standard": "Asia/Seoul",
    "india standard": "Asia/Kolkata", "indian standard": "Asia/Kolkata",
    "singapore": "Asia/Singapore", "singapore standard": "Asia/Singapore",
    "australian eastern": "Australia/Sydney", "anywhere on earth": "Etc/GMT+12",
}
_HALF_HOURS = {(5, 30): "Asia/Kolkata", (5, 45): "Asia/Kathmandu", (9, 30): "Australia/Darwin",
               (3, 30): "Asia/Tehran", (6, 30): "Asia/Yangon", (-3, -30): "America/St_Johns",
               (10, 30): "Australia/Lord_Howe", (4, 30): "Asia/Kabul"}
# Places that settle an ambiguous abbreviation.
_HINTS = {
    "CST": [(lazy(r"\b(?:China|Beijing|Shanghai|Chinese)\b"), "Asia/Shanghai"),
            (lazy(r"\b(?:Taipei|Taiwan)\b"), "Asia/Taipei")],
    "IST": [(lazy(r"\b(?:Ireland|Dublin|Irish)\b"), "Europe/Dublin"),
            (lazy(r"\b(?:Israel|Tel Aviv|Jerusalem|Haifa)\b"), "Asia/Jerusalem")],
    "BST": [(lazy(r"\b(?:Bangladesh|Dhaka)\b"), "Asia/Dhaka")],
}


# Abbreviations a city named in the text with the same offsets settles (`_city_in`).
_BY_CITY = ("CET", "CEST", "EET", "EEST")
# The abbreviations `zone_of_abbreviation` settles by the places the text names: the
# text is read for these only.
_READ_THE_TEXT = frozenset(_HINTS).union(_BY_CITY)


@dataclass(frozen=True)
class StatedZone:
    name: str  # IANA
    line: int
    evidence: str  # the words that said it
    assumed: str | None = None  # why an ambiguous abbreviation became this zone


@lru_cache(maxsize=1)
def _cities() -> dict[str, str]:
    """City name -> zone.  Where two zones end in the same city (`Europe/Istanbul` and
    its old alias `Asia/Istanbul`), the zone the tz database lists as a country's own
    (zone.tab) wins, then the one first in order: never the one a set happened to
    give first, which changed with the hash seed."""
    out: dict[str, str] = {}
    canonical = _canonical_zones()
    for key in sorted(zone_names(), key=lambda k: (k not in canonical, k)):
        city = _city_of(key)
        if city is not None:
            out.setdefault(city, key)
    return out


@lru_cache(maxsize=1)
def _city_names() -> frozenset[str]:
    """The cities `_cities` has a zone for, the keys of its table without the choice
    among the zones of one city (zone.tab read, every zone sorted: two thirds of its
    cost).  Most words before `time` name no city (`Manipulating time with GDB`,
    `Question time`): those are told so without the table."""
    return frozenset(filter(None, map(_city_of, zone_names())))


def _city_of(key: str) -> str | None:
    """The city a zone's name ends in, as `_cities` keys it (`America/New_York` ->
    `new york`); None for zones named after no city."""
    if "/" not in key or key.startswith(("Etc/", "SystemV/", "US/")):
        return None
    return key.rsplit("/", 1)[1].replace("_", " ").lower()


def _canonical_zones() -> frozenset[str]:
    """The zones of the tz database's zone.tab (each country's own)."""
    return frozenset(row[2] for row in tz_table("zone.tab") if len(row) >= 3)


def _offset_zone(sign: str, h: int, m: int) -> str | None:
    if h > 14 or m not in (0, 30, 45):
        return None
    neg = sign in "-−–"
    if m:
        return _HALF_HOURS.get((-h, -m) if neg else (h, m))
    if h == 0:
        return "UTC"
    # Etc/GMT signs are inverted (POSIX): UTC+8 is Etc/GMT-8.
    return f"Etc/GMT{'+' if neg else '-'}{h}"


def _valid(name: str) -> bool:
    try:
        ZoneInfo(name)
        return True
    except Exception:
        return False


def zone_of_abbreviation(abbr: str, text: str = "") -> tuple[str, str | None] | None:
    """(IANA name, what was assumed) for an abbreviation such as `EDT`, or None."""
    a = abbr.upper()
    if a not in ABBREVIATIONS:
        return None
    for pattern, zone in _HINTS.get(a, ()):
        if pattern.search(text):
            return zone, f"{abbr} read as {zone}, since the text names that place"
    zone = ABBREVIATIONS[a]
    if a in _BY_CITY:
        city = _city_in(text, zone)
        if city:
            return city, None
    note = f"{abbr} is ambiguous; read as {zone}" if a in _AMBIGUOUS else None
    return zone, note


def _city_in(text: str, same_as: str) -> str | None:
    """A city named in the text whose zone has the same offsets as `same_as`."""
    cities = _cities()
    ref = ZoneInfo(same_as)
    from datetime import datetime

    probes = [datetime(2024, 1, 15, 12), datetime(2024, 7, 15, 12)]
    for m in re.finditer(r"\b[A-Z][a-z]+(?: [A-Z][a-z]+)?\b", text[:200_000]):
        key = cities.get(m.group().lower())
        if key and key != same_as:
            z = ZoneInfo(key)
            if all(p.replace(tzinfo=z).utcoffset() == p.replace(tzinfo=ref).utcoffset() for p in probes):
                return key
    return None


# What each way of naming a zone needs in the line: a zone's name (`Europe/Berlin`), `UTC` or
# `GMT` (an offset), `time` in any case (`Pacific Time`, `Vienna time`), `Anywhere on
# Earth`, or an abbreviation, which `_ABBR` finds among upper-case words.
_TIME_WORDS = AnyCase(re.compile(r"time|earth", re.IGNORECASE))
_CAPITAL_RUN = re.compile(r"[A-Z]{2,5}")
_ABBR_WORDS = frozenset(a for a in ABBREVIATIONS if 2 <= len(a) <= 5)


@lru_cache(maxsize=1 << 16)  # a table repeats its cells (times, rooms, people)
def may_mention_zone(line: str) -> bool:
    """False when `find_zone_mentions` finds nothing for certain (most lines)."""
    if "UTC" in line or "GMT" in line:
        return True
    if "/" in line and _IANA.search(line) is not None:
        return True  # (a slash alone, `CI/CD`, `I/O`, names no zone)
    if _TIME_WORDS.found(line):
        return True
    # Each word `_ABBR` finds is also found by the plainer `_CAPITAL_RUN`.
    if _ABBR_WORDS.isdisjoint(_CAPITAL_RUN.findall(line)):
        return False
    return not _ABBR_WORDS.isdisjoint(_ABBR.findall(line))


_ABBR_BYTES = frozenset(a.encode("ascii") for a in _ABBR_WORDS)


def may_mention_zones(lines: list[str]) -> list[int]:
    """The indices, in order, of every line in which `zone_mentions` may find a zone
    (and a few more): what it looks for, looked for once in all the lines joined.

    `UTC`, `GMT`, a slash and an abbreviation (where one stands among the capital words
    of the text) are ASCII, found as they are in the ASCII bytes of the lines, whatever
    else a line holds.  The patterns that read `time` or `earth` (`Pacific Time`, `Vienna
    time`, `local time in Tokyo`, `Anywhere on Earth`) want a blank before the word, so
    ` time` and ` earth` are found in those bytes lower-cased (`Runtime`, `Real-time`
    are no zone's); the one thing beyond ASCII that the case-blind patterns also take
    for one of their letters is a dotless or dotted i (`tıme`, `TİME`), so the lines
    with one of those are always taken.  A line over 600 characters is read by its
    first 600, and the cut can make a word of its own (`ESTX` cut to `EST`): such a
    line is taken where its first 600 characters are, looked at the same way.  (Taking
    them all made every abstract of a site's text a line to search, four patterns over
    600 characters each.)"""
    joined = Joined(lines)
    out: set[int] = set()
    long: set[int] = set()
    joined.longer_than(600, long)
    if long:
        at = sorted(long)
        out.update(at[i] for i in may_mention_zones([lines[k][:600] for k in at]))
    for needle in (b"UTC", b"GMT", b"/"):
        joined.holding(needle, out)
    for word in (b" time", b" earth"):
        joined.holding(word, out, lower=True)
    if not joined.text.isascii():
        for i in ("\u0131", "\u0130"):  # ı, İ
            joined.holding(i, out)
    for abbr in _ABBR_BYTES.intersection(joined.upper_words()):
        joined.holding(abbr, out)
    return sorted(out)


def find_zone_mentions(line: str, text: str = "") -> list[tuple[str, str, str | None]]:
    """(IANA name, evidence, assumption) for each zone the line names."""
    return zone_mentions(line, text) if may_mention_zone(line) else []


def zone_mentions(line: str, text: str = "") -> list[tuple[str, str, str | None]]:
    """`find_zone_mentions` without the shortcut."""
    out: list[tuple[str, str, str | None]] = []
    for m in _IANA.finditer(line):
        if _valid(m.group()):
            out.append((m.group(), m.group(), None))
    if out:
        return out
    offset_spans = []
    for m in _OFFSET.finditer(line):
        z = _offset_zone(m.group("sign"), int(m.group("h")), int(m.group("m") or 0))
        if z:
            out.append((z, m.group(), None))
            offset_spans.append(m.span())
    for m in _LONG.finditer(line):
        name = m.group("name").lower()
        name = re.sub(r" (?:standard |daylight |summer )?time$", "", name)
        zone = _LONG_NAMES.get(name)
        if zone:
            out.append((zone, m.group(), None))
    if not out or all(z.startswith("Etc/") for z, _, _ in out):
        for m in _CITY_TIME.finditer(line):
            city = (m.group("a") or m.group("b") or "").lower()
            key = _cities().get(city) if city in _city_names() else None
            if key:
                out.append((key, m.group(), None))
    for m in _ABBR.finditer(line):
        if any(a <= m.start() < b for a, b in offset_spans):
            continue  # the `GMT` of `GMT+1`
        found = zone_of_abbreviation(m.group("abbr"), text)
        if found and not any(e == m.group() for _, e, _ in out):
            if m.group("abbr") in ("ET", "CT", "MT", "PT", "UT", "IST", "BST", "CST") \
                    and not _STATEMENT.search(line) \
                    and not re.search(r"\d\s*(?:[ap]\.?\s?m\.?\s*)?" + m.group() + r"\b", line, re.IGNORECASE):
                continue  # two-letter words and common abbreviations need a time beside them
            out.append((found[0], m.group(), found[1]))
    return _places_over_offsets(out)


def _places_over_offsets(out: list[tuple[str, str, str | None]]) -> list[tuple[str, str, str | None]]:
    """`GMT+1 (Vienna Time)`, `EDT (UTC−04:00)`: a place or an abbreviation beside a fixed
    offset that it has at some time of the year is the zone meant (it keeps summer time)."""
    fixed = [m for m in out if m[0].startswith("Etc/GMT")]
    named = [m for m in out if not m[0].startswith("Etc/")]
    if not fixed or not named:
        return out
    from datetime import datetime

    probes = [datetime(2024, 1, 15, 12), datetime(2024, 7, 15, 12)]
    offsets = {p.replace(tzinfo=ZoneInfo(z)).utcoffset() for z, _, _ in named for p in probes}
    return [m for m in out if m not in fixed
            or datetime(2024, 1, 15, 12, tzinfo=ZoneInfo(m[0])).utcoffset() not in offsets]


def stated_zone(lines: list[tuple[int, str]], text: str) -> StatedZone | None:
    """The zone the program states, weighing statements over times that carry a zone."""
    return stated_zone_in([no for no, _ in lines], [line for _, line in lines], text)


def stated_zone_in(numbers: Sequence[int], lines: list[str],
                   text: str | None = None) -> StatedZone | None:
    """`stated_zone` of the lines, given apart from their numbers (asked only of the
    lines that name a zone); `text` (where the abbreviations look for the places that
    settle them) is the first 20,000 lines joined unless given, joined only once a line
    names one of the abbreviations that read it (most texts name none)."""
    votes: Counter[str] = Counter()
    first: dict[str, tuple[int, str, str | None]] = {}
    # A table repeats its cells (times, rooms): each distinct line is looked at once.
    distinct = list(dict.fromkeys(lines))
    if len(distinct) == len(lines):
        candidates = may_mention_zones(lines)
    else:
        flagged = {distinct[i] for i in may_mention_zones(distinct)}
        candidates = compress(range(len(lines)), map(flagged.__contains__, lines)) \
            if flagged else []
    for i in candidates:
        line = lines[i]
        if len(line) > 600:
            line = line[:600]
        if not may_mention_zone(line):
            continue  # (most lines; `find_zone_mentions` would find nothing)
        if text is None and not _READ_THE_TEXT.isdisjoint(_ABBR.findall(line)):
            text = "\n".join(lines[:20000])
        mentions = zone_mentions(line, text or "")  # (no other abbreviation reads it)
        if not mentions:
            continue
        statement = _STATEMENT.search(line)
        if not statement and DEADLINE.search(line):
            continue  # `Notification: June 10, 2026 UTC-12`: the deadlines' zone
        weight = 3 if statement else 1
        for zone, evidence, assumed in mentions:
            votes[zone] += weight
            first.setdefault(zone, (numbers[i], evidence, assumed))
    if not votes:
        return None
    zone, _ = votes.most_common(1)[0]
    no, evidence, assumed = first[zone]
    return StatedZone(zone, no, evidence, assumed)
