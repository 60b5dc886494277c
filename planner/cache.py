"""A cache of parsed schedules, so a big text is parsed once, not on every command.

A 50,000-entry listing takes seconds to parse and a fraction of that to unpickle.
Only texts of `MIN_BYTES` or more are cached: smaller ones parse faster than a cache
round trip costs.

* Key: a hash of the text, its source name, its metadata, the command-line options,
  today's date (a schedule without a year infers it from today), and planner itself
  (the bytes of its source files and the Python version, so a changed parser or model
  never reads an old entry).
* Where: $PLANNER_CACHE_DIR, else the user cache folder (XDG_CACHE_HOME on Linux).
  PLANNER_CACHE=off turns it off.
* Safety: entries are written to a temporary file and renamed into place, so a
  reader sees a whole entry or none.  An entry that does not unpickle to the
  schedule it should be (corrupt, truncated, foreign) is deleted and the text parsed
  again; the cache never makes a command fail.  pickle runs code from what it loads,
  so the folder is created private (0700) and only this user's entries are read.
* Size: after a write, the least recently used entries go once the folder holds
  more than `MAX_TOTAL_BYTES` (parsed schedules and search indexes together; see
  planner.search_store for the latter).

This module imports neither the models nor the parsers until a parse needs them, so a
command answered from a search index starts fast.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from dataclasses import asdict
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import clock

if TYPE_CHECKING:
    from .loader import LoadOptions
    from .model import Schedule

MIN_BYTES = 1 << 20
MAX_TOTAL_BYTES = 512 << 20
SUFFIX = ".schedule.pickle"
# Every kind of entry in the folder, for eviction: parsed schedules, search indexes.
ENTRY_SUFFIXES = (SUFFIX, ".search")
_PACKAGE = Path(__file__).resolve().parent


def cache_dir() -> Path | None:
    """Where entries live, or None when caching is off."""
    if os.environ.get("PLANNER_CACHE", "").strip().lower() in ("0", "off", "no", "false"):
        return None
    explicit = os.environ.get("PLANNER_CACHE_DIR")
    if explicit:
        return Path(explicit)
    import platformdirs

    return Path(platformdirs.user_cache_dir("planner", appauthor=False)) / "schedules"


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """The bytes of planner's own source and the Python version: entries made by other
    code are never read back.  (The source decides what an entry holds; a release that
    changes no source changes no entry.)"""
    h = hashlib.blake2b(digest_size=16)
    h.update(f"{sys.version_info[:2]} {sys.byteorder}".encode())
    for path in sorted(_PACKAGE.rglob("*.py")):
        h.update(path.relative_to(_PACKAGE).as_posix().encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def entry_key(text: str, source: str, meta: dict[str, Any], options: LoadOptions) -> str:
    facts = {
        "source": source,
        "meta": meta,
        "options": asdict(options),
        "today": (options.today or clock.now().date()).isoformat(),
        "code": code_fingerprint(),
    }
    h = hashlib.blake2b(json.dumps(facts, sort_keys=True, default=str).encode(),
                        digest_size=20)
    h.update(text.encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def _read(path: Path, source: str) -> Schedule | None:
    from .model import Schedule
    from .parsers.papers import gc_paused

    try:
        data = path.read_bytes()
    except OSError:
        return None
    try:
        with gc_paused():  # half a million objects come back; see gc_paused
            schedule = pickle.loads(data)
    except Exception:
        schedule = None
    if not isinstance(schedule, Schedule) or schedule.source != source:
        path.unlink(missing_ok=True)  # corrupt or foreign: parse again, write anew
        return None
    try:
        os.utime(path)  # recently used: evicted last
    except OSError:
        pass
    return schedule


def write_entry(path: Path, chunks: list[bytes]) -> None:
    """Write an entry whole or not at all: a temporary file renamed into place, so a
    reader (or a concurrent writer of the same entry) sees one whole entry or none.
    Then evict the least recently used entries.  Errors are swallowed: a cache that
    cannot be written is only a slower run."""
    folder = path.parent
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as f:
                f.writelines(chunks)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        _evict(folder)
    except OSError:
        pass


def _write(path: Path, schedule: Schedule) -> None:
    write_entry(path, [pickle.dumps(schedule, protocol=pickle.HIGHEST_PROTOCOL)])


def _evict(folder: Path) -> None:
    entries = []
    for p in folder.iterdir():
        if not p.name.endswith(ENTRY_SUFFIXES):
            continue
        try:
            st = p.stat()
        except OSError:
            continue
        entries.append((st.st_mtime, st.st_size, p))
    total = sum(size for _, size, _ in entries)
    for _, size, p in sorted(entries, key=lambda e: e[0]):
        if total <= MAX_TOTAL_BYTES:
            break
        p.unlink(missing_ok=True)
        total -= size


def cached_parse(
    text: str, source: str, meta: dict[str, Any], options: LoadOptions,
    parse: Callable[[str, str, dict[str, Any], LoadOptions], Schedule],
) -> Schedule:
    """`parse(text, source, meta, options)`, from the cache when it was done before."""
    folder = cache_dir() if len(text) >= MIN_BYTES else None
    if folder is None:
        return parse(text, source, meta, options)
    path = folder / (entry_key(text, source, meta, options) + SUFFIX)
    schedule = _read(path, source)
    if schedule is None:
        schedule = parse(text, source, meta, options)
        _write(path, schedule)
    return schedule
