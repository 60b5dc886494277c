"""Time zones by IANA name, validated, and the machine's own zone."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timezone, tzinfo
from functools import lru_cache
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from .errors import PlannerError

if TYPE_CHECKING:
    from .model import Schedule


def tz_table(name: str) -> list[list[str]]:
    """The rows of one of the tz database's tables (`zone.tab`, `iso3166.tab`), each
    split at its tabs, comment lines left out: from the tzdata package, which zoneinfo
    reads zones from; none where it is not installed."""
    from importlib.resources import files

    try:
        text = files("tzdata").joinpath("zoneinfo", name).read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        return []
    return [row.split("\t") for row in text.splitlines() if row and not row.startswith("#")]


@lru_cache(maxsize=1)
def zone_names() -> frozenset[str]:
    """The tz database's zone names, from the tzdata package's own list: one small file,
    the list `zoneinfo.available_timezones` starts from before it walks the system's
    zoneinfo directories and opens each file it finds (20 to 70 ms on this machine, paid
    by every process that reads a `Vienna time`). The walk only where the package's list
    cannot be read."""
    from importlib.resources import files

    try:
        text = files("tzdata").joinpath("zones").read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError, OSError):
        text = ""
    names = frozenset(name for name in map(str.strip, text.splitlines()) if name)
    return names or frozenset(available_timezones())


@lru_cache(maxsize=None)
def get_zone(name: str) -> ZoneInfo:
    """The zone called `name`, or a PlannerError naming what was asked for."""
    cleaned = (name or "").strip()
    try:
        if not cleaned or cleaned.startswith(("/", ".")) or ".." in cleaned:
            raise ValueError(cleaned)
        return ZoneInfo(cleaned)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise PlannerError(
            f"Unknown time zone {name!r}; use an IANA name such as Europe/Berlin or UTC."
        ) from None


def local_zone_name() -> str:
    """The machine's IANA zone name (falls back to UTC when it cannot be told)."""
    try:
        import tzlocal

        tzlocal.reload_localzone()  # tzlocal caches per process; TZ may have changed
        name = tzlocal.get_localzone_name()
    except Exception:  # a broken /etc/localtime must not stop a parse
        name = None
    if not name:
        return "UTC"
    try:
        get_zone(name)
    except PlannerError:
        return "UTC"
    return name


def zone_name(zone: ZoneInfo) -> str:
    """The zone's IANA name, for display."""
    return getattr(zone, "key", str(zone))


def zone_key(dt: datetime) -> str | None:
    """The IANA name of an aware datetime's zone ("UTC" for `timezone.utc`), or None
    for a fixed offset: what a file keeps so that the zone comes back when read."""
    key = getattr(dt.tzinfo, "key", None)
    return key or ("UTC" if dt.tzinfo is timezone.utc else None)


def zone_from_key(key: str) -> tzinfo:
    """The zone `zone_key` named (ZoneInfoNotFoundError, a KeyError, when unknown)."""
    return timezone.utc if key == "UTC" else ZoneInfo(key)


def default_zone_name(schedules: Sequence[Schedule]) -> str:
    """The first timed schedule's zone: where times are shown when nobody chose one."""
    for sch in schedules:
        if sch.has_sessions:
            return sch.timezone
    return schedules[0].timezone if schedules else "UTC"
