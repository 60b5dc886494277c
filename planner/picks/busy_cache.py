"""Busy time read once per calendar file, not on every command.

icalendar reads about 3,000 events a second here, so a 9 MB export costs seconds; a
repeated command answers from an entry in the parse cache's folder (planner.cache:
same place, same ownership checks, same eviction, PLANNER_CACHE=off turns it off).

* Key: the file's path, device, inode, size, modification and change times (in
  nanoseconds), the window, the zone for floating times, PLANNER_EMAIL, and
  planner's own code.  Any change to the file, or a new file renamed over it, makes a
  new key; the old entry is evicted in time.
* Entry: `MAGIC`, a CRC-32, then JSON: the busy intervals (key, label, start and end
  as ISO text with their zone's name) and the warnings of the read, which a repeated
  command prints again.  JSON only: nothing in it runs (no pickle).
* A file that changes while it is read is not cached.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from datetime import datetime, timezone, tzinfo
from pathlib import Path
from typing import Any

from .. import cache
from ..clashes import Interval
from ..zones import zone_from_key, zone_key

SUFFIX = ".busy"
MAGIC = b"planner busy cache 1\n"


def identity(path: str) -> tuple[int, ...] | None:
    """What tells this version of the file from any other, or None for what is not a
    regular file (a pipe or a device says nothing by its times: never cached)."""
    try:
        st = os.stat(Path(path).expanduser())
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns


def entry_path(path: str, ident: tuple[int, ...], window: tuple[datetime, datetime],
               zone: tzinfo | None) -> Path | None:
    """Where the entry for this read lives, or None when caching is off."""
    folder = cache.cache_dir()
    if folder is None:
        return None
    facts = {
        "path": str(Path(path).expanduser().resolve()),
        "file": list(ident),
        "window": [w.timestamp() for w in window],
        "zone": getattr(zone, "key", None) if zone is not None else None,
        "email": os.environ.get("PLANNER_EMAIL", ""),
        "code": cache.code_fingerprint(),
    }
    digest = hashlib.blake2b(json.dumps(facts, sort_keys=True).encode(), digest_size=20)
    return folder / (digest.hexdigest() + SUFFIX)


def _when(value: datetime) -> list[Any]:
    return [value.isoformat(), zone_key(value)]


def _back(value: list[Any]) -> datetime:
    moment = datetime.fromisoformat(value[0])
    if value[1]:
        return moment.astimezone(zone_from_key(value[1]))
    offset = moment.utcoffset()
    return moment.astimezone(timezone(offset)) if offset is not None else moment


def dump(intervals: list[Interval], warnings: list[str]) -> list[bytes]:
    body = {"warnings": warnings,
            "busy": [[iv.key, iv.label, _when(iv.start), _when(iv.end)] for iv in intervals]}
    return cache.seal([json.dumps(body, ensure_ascii=False).encode()], MAGIC)


def load(entry: Path) -> tuple[list[Interval], list[str]] | None:
    """The intervals and warnings in `entry`, or None (an untrusted or broken entry is
    deleted)."""
    f = cache.open_entry(entry)
    if f is None:
        return None
    try:
        with f:
            data = f.read()
        body = json.loads(data[cache.unseal(data, MAGIC):])
        intervals = [Interval(str(key), str(label), _back(start), _back(end), kind="busy")
                     for key, label, start, end in body["busy"]]
        warnings = [str(w) for w in body["warnings"]]
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        cache.discard(entry)
        return None
    cache.mark_used(entry)
    return intervals, warnings


def store(entry: Path, intervals: list[Interval], warnings: list[str]) -> None:
    cache.write_entry(entry, dump(intervals, warnings))
