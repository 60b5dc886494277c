"""What the program readers share about time: clock times, durations and instants as
the files write them, and the zone a program is shown in (`program_zone`)."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from datetime import date, datetime, time, timedelta, timezone
from functools import lru_cache
from zoneinfo import ZoneInfo

from ..diagnostics import DiagnosticSink
from ..zones import get_zone, local_zone_name

# -- times ----------------------------------------------------------------------------

_CLOCK = re.compile(r"^\s*(\d{1,2}):(\d{2})(?::(\d{2}))?\s*$")
_DURATION = re.compile(r"^(\d{1,3}):(\d{2})(?::(\d{2}))?$")
_ISO_DURATION = re.compile(
    r"^P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$")


@lru_cache(maxsize=4096)  # a program has a few dozen distinct start times
def parse_clock(text: str | None) -> time | None:
    m = _CLOCK.match(text or "")
    if not m:
        return None
    h, mi, s = int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)
    if h > 23 or mi > 59 or s > 59:
        return None
    return time(h, mi, s)


@lru_cache(maxsize=4096)  # ... and fewer durations
def parse_duration(text: str | None) -> timedelta | None:
    """`00:30`, `01:30:00` (hours, minutes, seconds) or ISO 8601 `PT1H30M`."""
    if not text or not isinstance(text, str):
        return None
    text = text.strip()
    m = _DURATION.match(text)
    if m:
        h, mi, s = m.groups()
        if int(mi) > 59 or (s and int(s) > 59):
            return None
        return timedelta(hours=int(h), minutes=int(mi), seconds=int(s or 0))
    m = _ISO_DURATION.match(text.upper())
    if m and text.upper() not in ("P", "PT"):
        w, d, h, mi, s = m.groups()
        return timedelta(weeks=int(w or 0), days=int(d or 0), hours=int(h or 0),
                         minutes=int(mi or 0), seconds=float(s or 0))
    return None


def parse_instant(text: str | None) -> datetime | None:
    """An ISO 8601 date-time; naive when it carries no offset, None when it is none."""
    if not text or not isinstance(text, str):
        return None
    value = text.strip()
    if value.endswith(("z", "Z")):
        value = value[:-1] + "+00:00"
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return None


def parse_date(text: str | None) -> date | None:
    if not text or not isinstance(text, str):
        return None
    try:
        return date.fromisoformat(text.strip()[:10])
    except ValueError:
        return None


def local(day: date, clock: time, zone: ZoneInfo | timezone) -> datetime:
    return datetime.combine(day, clock, tzinfo=zone)


def offset_text(offset: timedelta) -> str:
    minutes = int(offset.total_seconds()) // 60
    sign = "+" if minutes >= 0 else "−"
    return f"UTC{sign}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"


def fixed_zone_name(offset: timedelta) -> str | None:
    """The IANA name of a whole-hour offset (`Etc/GMT-1` is UTC+01:00), else None."""
    seconds = int(offset.total_seconds())
    if seconds == 0:
        return "UTC"
    if seconds % 3600 or not -12 <= seconds // 3600 <= 14:
        return None
    hours = seconds // 3600
    return f"Etc/GMT{'-' if hours > 0 else '+'}{abs(hours)}"


_REGIONS = ("Europe", "America", "Asia", "Africa", "Australia", "Pacific", "Atlantic",
            "Indian", "America/Argentina", "America/Indiana")


def zone_of_city(city: str | None) -> str | None:
    """`Brussels` -> `Europe/Brussels`: the IANA zone named after the city, if any."""
    if not city:
        return None
    name = "_".join(city.split(",")[0].split())
    if not name or not name.replace("_", "").replace("-", "").isalpha():
        return None
    name = name[:1].upper() + name[1:]
    for region in _REGIONS:
        try:
            return get_zone(f"{region}/{name}").key
        except Exception:
            continue
    return None


def _fits(zone: str, instants: Sequence[datetime]) -> bool:
    tz = get_zone(zone)
    # Offsets change on the hour at most: one instant per hour and offset tells for all.
    hours = {(dt.year, dt.month, dt.day, dt.hour, dt.utcoffset()): dt for dt in instants}
    return all(dt.astimezone(tz).utcoffset() == dt.utcoffset() for dt in hours.values())


def program_zone(
    diag: DiagnosticSink, *, option: str | None, declared: str | None = None,
    declared_by: str = "the file", city: str | None = None,
    stated: Sequence[datetime] = (), floating: bool = False, line: int | None = None,
) -> str:
    """The IANA zone a program's times are shown in (`Schedule.timezone`), saying how
    it was found when the file does not name it.

    `option`: --source-tz or the metadata file, which win.  `declared`: the zone the
    file names (time_zone_name, X-WR-TIMEZONE).  `stated`: instants that carried their
    own offset (their instants never change; only how they are shown).  `floating`:
    the file has local times with no zone, which the returned zone will place.
    """
    if option:
        if declared and declared != option:
            diag.info("zone-overridden",
                      f"{declared_by} names the time zone {declared}; {option} is used instead, "
                      "as asked", line)
        return option
    if declared:
        try:
            key = get_zone(declared).key
        except Exception:
            diag.warning("unknown-zone",
                         f"{declared_by} names the time zone {declared!r}, which is no IANA "
                         "zone name; it is ignored", line)
        else:
            # Times in UTC say nothing about the zone; other offsets should agree with it.
            if any(dt.utcoffset() for dt in stated) and not _fits(key, stated):
                shown = offset_text(Counter(dt.utcoffset() for dt in stated).most_common(1)[0][0])
                diag.info("zone-disagrees",
                          f"{declared_by} names the time zone {key}, but its times are stated "
                          f"at {shown}; they are kept as the instants they state and shown "
                          f"in {key}", line)
            return key
    by_city = zone_of_city(city)
    if by_city and (not stated or _fits(by_city, stated)):
        diag.info("zone-from-city",
                  f"the file names no time zone; its city, {city}, is in {by_city}", line)
        return by_city
    if stated:
        offset = Counter(dt.utcoffset() for dt in stated).most_common(1)[0][0]
        name = fixed_zone_name(offset) or "UTC"
        diag.warning("zone-from-offsets",
                     f"the file names no time zone; its times are stated at "
                     f"{offset_text(offset)}, so they are shown in {name} (name the "
                     "conference's zone with --source-tz to follow its daylight-saving time)",
                     line)
        return name
    name = local_zone_name()
    if floating:
        diag.warning("zone-assumed",
                     f"the file names no time zone and its times carry none; they are read "
                     f"in this machine's zone, {name} (use --source-tz ZONE if that is wrong)",
                     line)
    return name
