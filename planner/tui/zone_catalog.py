"""The time zones the picker offers: common ones first, searchable by name and country.

pytz supplies only the catalogue (its list of common zones and which countries use
them); offsets are computed with zoneinfo, like every other time in planner.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from zoneinfo import ZoneInfo

from ..text import fold

# Zones most conference-goers live in, shown before the full alphabetical list.
POPULAR = (
    "UTC", "America/Los_Angeles", "America/Denver", "America/Chicago", "America/New_York",
    "America/Sao_Paulo", "Europe/London", "Europe/Paris", "Europe/Berlin", "Europe/Zurich",
    "Africa/Lagos", "Asia/Jerusalem", "Asia/Dubai", "Asia/Kolkata", "Asia/Singapore",
    "Asia/Shanghai", "Asia/Seoul", "Asia/Tokyo", "Australia/Sydney", "Pacific/Auckland",
)


@dataclass(frozen=True)
class ZoneEntry:
    name: str
    countries: tuple[str, ...]
    haystack: str  # folded name and country names, for searching

    def offset(self, at: datetime) -> str:
        off = at.astimezone(ZoneInfo(self.name)).strftime("%z")
        sign = "−" if off.startswith("-") else "+"
        return f"UTC{sign}{off[1:3]}:{off[3:]}"


@lru_cache(maxsize=1)
def all_zones() -> tuple[ZoneEntry, ...]:
    import pytz  # only the catalogue; never used for arithmetic

    countries: dict[str, list[str]] = {}
    for code, zones in pytz.country_timezones.items():
        for zone in zones:
            countries.setdefault(zone, []).append(pytz.country_names.get(code, code))
    out = []
    for name in pytz.common_timezones:
        try:
            ZoneInfo(name)
        except Exception:  # the system tzdata may lag behind pytz's list
            continue
        cs = tuple(sorted(countries.get(name, ())))
        out.append(ZoneEntry(name, cs, fold(" ".join((name, *cs)))))
    return tuple(out)


def catalogue(first: list[str]) -> tuple[list[ZoneEntry], list[ZoneEntry]]:
    """(common zones, the rest): `first` (current, conference, local) then POPULAR."""
    by_name = {z.name: z for z in all_zones()}
    common: list[ZoneEntry] = []
    for name in [*first, *POPULAR]:
        entry = by_name.get(name)
        if entry is None and name:
            try:
                ZoneInfo(name)
            except Exception:
                continue
            entry = ZoneEntry(name, (), fold(name))
        if entry is not None and entry not in common:
            common.append(entry)
    rest = [z for z in all_zones() if z not in common]
    return common, rest


def matches(entry: ZoneEntry, query: str) -> bool:
    """Every word of `query` appears in the zone's name or its countries' names."""
    words = fold(query).split()
    return all(w in entry.haystack for w in words)
