"""The IANA zone meant by a calendar's TZID, whatever program wrote it.

Exports name zones in four ways, and only the first is an IANA name:

* `Europe/Berlin`, sometimes behind a prefix (`/mozilla.org/20050126_1/Europe/Berlin`,
  `/freeassociation.sourceforge.net/Tzfile/Europe/Berlin`): the longest tail that
  is an IANA name;
* a Windows zone id (`W. Europe Standard Time`): icalendar's copy of the CLDR table;
* a Windows display name, as Outlook 2003 and some Exchange servers write it
  (`(GMT+10:00) Canberra, Melbourne, Sydney`, `(UTC+01:00) Amsterdam, Berlin, ...`):
  the cities are looked up among the IANA names, and the first whose standard
  offset today is the one in brackets wins; the few display names without a city
  (`Eastern Time (US & Canada)`) are in `_DISPLAY_NAMES`;
* anything else (`tzone://Microsoft/Custom`, a name made up by a server): None, and
  the caller falls back on the file's own VTIMEZONE or reports the events.

So the zone of an event does not depend on the zone planner displays in, and a name
nobody can place is never quietly read as the user's own zone.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from functools import lru_cache
from zoneinfo import ZoneInfo, available_timezones

# Display names that name a region, not a city (the Windows registry's wording).
_DISPLAY_NAMES = {
    "eastern time (us & canada)": "America/New_York",
    "central time (us & canada)": "America/Chicago",
    "mountain time (us & canada)": "America/Denver",
    "pacific time (us & canada)": "America/Los_Angeles",
    "pacific time (us & canada); tijuana": "America/Los_Angeles",
    "atlantic time (canada)": "America/Halifax",
    "alaska": "America/Anchorage",
    "hawaii": "Pacific/Honolulu",
    "arizona": "America/Phoenix",
    "indiana (east)": "America/Indiana/Indianapolis",
    "saskatchewan": "America/Regina",
    "newfoundland": "America/St_Johns",
    "central america": "America/Guatemala",
    "brasilia": "America/Sao_Paulo",
    "greenland": "America/Nuuk",
    "mid-atlantic": "Atlantic/South_Georgia",
    "west central africa": "Africa/Lagos",
    "coordinated universal time": "UTC",
    "greenwich mean time": "Europe/London",
    "nuku'alofa": "Pacific/Tongatapu",
    "international date line west": "Etc/GMT+12",
}
_DISPLAY = re.compile(r"^\(\s*(?:GMT|UTC)\s*(?:([+-])\s*(\d{1,2})(?:[:.](\d{2}))?)?\s*\)\s*(.*)$",
                      re.IGNORECASE)
_REFERENCE = (datetime(2024, 1, 15, 12), datetime(2024, 7, 15, 12))


@lru_cache(maxsize=1)
def _iana() -> frozenset[str]:
    return frozenset(available_timezones())


@lru_cache(maxsize=1)
def _by_city() -> dict[str, list[str]]:
    """'sydney' -> ['Australia/Sydney']: each IANA name under its last part."""
    out: dict[str, list[str]] = {}
    for name in sorted(_iana()):
        if "/" in name and not name.startswith(("Etc/", "SystemV/", "US/")):
            out.setdefault(name.rsplit("/", 1)[1].lower(), []).append(name)
    return out


@lru_cache(maxsize=256)
def iana_name(tzid: str) -> str | None:
    """The IANA name that `tzid` means, or None when it cannot be placed."""
    name = tzid.strip().strip('"').strip()
    if not name:
        return None
    if name in _iana():
        return name
    if "/" in name:  # a prefixed IANA name
        parts = name.strip("/").split("/")
        for i in range(1, len(parts)):
            tail = "/".join(parts[i:])
            if tail in _iana():
                return tail
    from icalendar.timezone.windows_to_olson import WINDOWS_TO_OLSON

    windows = {k.lower(): v for k, v in WINDOWS_TO_OLSON.items()}
    if name.lower() in windows:
        return windows[name.lower()]
    return _from_display_name(name)


def _from_display_name(name: str) -> str | None:
    m = _DISPLAY.match(name)
    if not m:
        return None
    sign, hours, minutes, rest = m.groups()
    offset = timedelta(hours=int(hours or 0), minutes=int(minutes or 0))
    if sign == "-":
        offset = -offset
    rest = rest.strip()
    table = _DISPLAY_NAMES.get(rest.lower()) or _DISPLAY_NAMES.get(
        rest.split(":")[0].strip().lower())
    candidates = [table] if table else []
    # "Greenwich Mean Time : Dublin, Edinburgh", "Yangon (Rangoon)", "Kuala Lumpur"
    for word in re.split(r"[,:;&]| - ", rest):
        word = re.sub(r"\(.*?\)", "", word).strip().rstrip(".").replace(" ", "_").lower()
        candidates += _by_city().get(word, [])
    for candidate in candidates:
        if _standard_offset_is(candidate, offset):
            return candidate
    return None


def _standard_offset_is(name: str, offset: timedelta) -> bool:
    zone = ZoneInfo(name)
    for moment in _REFERENCE:
        local = moment.replace(tzinfo=zone)
        utc, dst = local.utcoffset(), local.dst()
        if utc is not None and utc - (dst or timedelta(0)) == offset:
            return True
    return False
