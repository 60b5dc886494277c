"""Time zones by IANA name, validated, and the machine's own zone."""

from __future__ import annotations

import os
import sys
import zoneinfo
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
    """The machine's IANA zone name (falls back to UTC when it cannot be told): as
    tzlocal names it.  Where the answer is plain (`plain_zone_name`) it is read here
    without tzlocal, whose import (logging) and look-ups cost a fresh process 10 to 20
    ms, paid by every parse of a text that states no zone."""
    name = plain_zone_name()
    if name is None:
        name = _tzlocal_zone_name()
    if not name:
        return "UTC"
    try:
        get_zone(name)
    except PlannerError:
        return "UTC"
    return name


def _tzlocal_zone_name() -> str | None:
    """The zone name tzlocal finds (None where it finds none or fails)."""
    try:
        import tzlocal

        tzlocal.reload_localzone()  # tzlocal caches per process; TZ may have changed
        return tzlocal.get_localzone_name()
    except Exception:  # a broken /etc/localtime must not stop a parse
        return None


# Where tzlocal looks on a POSIX machine besides TZ, /etc/timezone and /etc/localtime
# (Termux, BSD, CentOS, Gentoo): a machine with one of these is left to tzlocal.
_OTHER_PLACES = ("system/bin/getprop", "var/db/zoneinfo", "etc/sysconfig/clock",
                 "etc/conf.d/clock")


def plain_zone_name(root: str = "/") -> str | None:
    """The zone name tzlocal would find, where finding it is plain: on a POSIX machine
    with no TZ set, named by /etc/timezone or the link /etc/localtime or both alike (a
    Debian or a systemd machine).  None where tzlocal is to be asked: TZ set (tzlocal
    reads it its own way), a place it reads that is not read here, the two places
    naming different zones (tzlocal weighs them), neither naming one.  What tzlocal
    also does, warn on stderr where the zone's offset is not the system clock's, is
    left out.  `root`: where the files are looked for (for the tests)."""
    if sys.platform == "win32" or os.environ.get("TZ"):
        return None
    if any(os.path.exists(os.path.join(root, p)) for p in _OTHER_PLACES):
        return None
    named = {_etc_timezone(root), _localtime_link(root)}
    named.discard(None)
    if len(named) != 1:
        return None
    name = named.pop()
    return None if name is _ASK else name


_ASK = "?"  # (`_localtime_link`: only tzlocal can tell)


def _etc_timezone(root: str) -> str | None:
    """The zone /etc/timezone names, read as tzlocal reads it (its last line that names
    one, comments and what follows a blank cut off)."""
    try:
        with open(os.path.join(root, "etc/timezone"), encoding="ascii") as f:
            data = f.read()
    except (OSError, UnicodeDecodeError):
        return None
    found = None
    for line in data.strip("/ \t\r\n").splitlines():
        line = line.split(" ", 1)[0].split("#", 1)[0]
        if line:
            found = line
    return found


def _localtime_link(root: str) -> str | None:
    """The zone the link /etc/localtime points at, as tzlocal tells it: the longest
    tail of the link's real path that names a zone.  A tail names one where zoneinfo
    finds its file on its search path; one it would find in the tzdata package instead
    (a machine without the zone files) gives `_ASK`."""
    path = os.path.join(root, "etc/localtime")
    if not (os.path.exists(path) and os.path.islink(path)):
        return None
    tzdata = _tzdata_folder()
    target = os.path.realpath(path)
    start = target.find("/") + 1
    while start != 0:
        target = target[start:]
        if any(os.path.isfile(os.path.join(folder, target)) for folder in zoneinfo.TZPATH):
            return target.replace(" ", "_")
        if tzdata is None or tzdata and os.path.exists(os.path.join(tzdata, target)):
            return _ASK
        start = target.find("/") + 1
    return None


def _tzdata_folder() -> str | None:
    """The tzdata package's folder of zone files, which zoneinfo falls back on; None
    where it is not a plain folder (then only tzlocal can tell what zoneinfo finds),
    empty where the package is not installed."""
    try:
        import tzdata
    except ImportError:
        return ""  # (no package: zoneinfo finds a zone on its search path or not at all)
    folder = os.path.join(os.path.dirname(tzdata.__file__ or ""), "zoneinfo")
    return folder if os.path.isdir(folder) else None


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
