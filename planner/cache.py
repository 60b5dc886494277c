"""A cache of parsed schedules, so a big text is parsed once, not on every command.

Only texts of `MIN_BYTES` or more are cached: smaller ones parse faster than a cache
round trip costs.

* Key: a hash of the text, its source name, its metadata, the command-line options,
  today's date (a schedule without a year infers it from today), and planner itself
  (its source files, by size, inode and times, and the Python version, so a changed
  parser or model never reads an old entry).
* Where: $PLANNER_CACHE_DIR, else the user cache folder (XDG_CACHE_HOME on Linux).
  PLANNER_CACHE=off turns it off.
* Nothing in it runs: an entry is JSON that pydantic reads back into the models (never
  pickle, which runs code from what it loads).  It is `MAGIC`, a CRC-32 of the rest,
  one line of JSON header (the source and the zone of every time, which JSON's
  offsets alone would lose), then the schedule as `model_dump_json` writes it.
* Trust: the folder must be this user's and writable by nobody else, or the command
  stops with one sentence saying so (someone else could plant entries there).  An
  entry that is not a regular file of this user's, fails its checksum or does not
  validate as the schedule it should be is deleted and the text parsed again; the
  cache never makes a command fail otherwise.
* Writing: to a temporary file renamed into place (planner.safefile), so a reader
  sees a whole entry or none.  Temporaries left by a killed planner go once they have
  been untouched for `STALE_SECONDS`, and until then count towards the size limit.
* Size: after a write, the least recently used entries go once the folder holds more
  than `MAX_TOTAL_BYTES` (parsed schedules and search indexes together; see
  planner.search_store for the latter).

This module imports neither the models nor the parsers until a parse needs them, so a
command answered from a search index starts fast.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
import struct
import sys
import time
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict
from datetime import datetime, timezone
from functools import lru_cache
from itertools import groupby
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TypeVar

from . import clock, locations
from .errors import PlannerError
from .safefile import kind_of, write_file
from .zones import zone_from_key, zone_key

if TYPE_CHECKING:
    from .loader import LoadOptions
    from .model import Schedule

MIN_BYTES = 1 << 20
MAX_TOTAL_BYTES = 512 << 20
FREEZE_AFTER = 10_000  # objects a cached schedule brings back before they are frozen (gcpause)
STALE_SECONDS = 600  # a temporary untouched this long was left by a killed planner
SUFFIX = ".schedule"
MAGIC = b"planner schedule cache 2\n"
# Every kind of entry in the folder, for eviction: parsed schedules, search indexes,
# busy calendars (planner.busy_cache), timetables (planner.timetable), day slices
# (planner.dayslices) and the pickles of older planners (never read, only evicted).
ENTRY_SUFFIXES = (SUFFIX, ".search", ".busy", ".timetable", ".days",
                  ".schedule.pickle")
_CRC = struct.Struct("<I")
T = TypeVar("T")
_PACKAGE = Path(__file__).resolve().parent
_O_ENTRY = (os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
            | getattr(os, "O_CLOEXEC", 0))


def cache_dir() -> Path | None:
    """Where entries live (planner.locations), or None when caching is off; PlannerError
    for a folder that is not one, or that someone else could plant entries in."""
    folder = locations.cache_dir()
    if folder is not None:
        _check_folder(folder)
    return folder


def feeds_dir() -> Path | None:
    """Where copies of programs fetched by address are kept (beside the parse cache's
    entries, under the same rules), or None when caching is off."""
    folder = locations.feeds_dir()
    if folder is not None:
        _check_folder(folder.parent)
        _check_folder(folder)
    return folder


def _check_folder(folder: Path) -> None:
    """A folder that does not exist yet is fine: it is made private when first written."""
    fix = "point PLANNER_CACHE_DIR at a folder of your own, or set PLANNER_CACHE=off"
    try:
        st = os.stat(folder)
    except FileNotFoundError:
        return
    except OSError as exc:  # a file where a folder on the way should be, a name too long
        why = ("a part of its path is a file" if exc.errno == errno.ENOTDIR
               else exc.strerror or str(exc))
        raise _unusable(folder, why, fix) from None
    if not stat.S_ISDIR(st.st_mode):
        raise _unusable(folder, f"it is {kind_of(st.st_mode)}, not a folder", fix)
    if st.st_uid != os.geteuid():
        raise _unusable(folder, "it belongs to another user, who could plant entries in it", fix)
    if st.st_mode & 0o022:
        raise _unusable(folder, "other users may write to it and plant entries in it",
                        f"make it private (chmod go-w {folder}), or {fix}")


def _unusable(folder: Path, why: str, fix: str) -> PlannerError:
    return PlannerError(f"planner will not use the cache folder {folder}: {why}; {fix}.")


def _trusted(st: os.stat_result) -> bool:
    """An entry this user wrote: a regular file of theirs that nobody else may write."""
    return stat.S_ISREG(st.st_mode) and st.st_uid == os.geteuid() and not st.st_mode & 0o022


def open_entry(path: Path) -> IO[bytes] | None:
    """The entry at `path` opened for reading, or None when there is none or it is not
    to be trusted (then it is deleted).  A symbolic link is never followed."""
    try:
        fd = os.open(path, _O_ENTRY)
    except FileNotFoundError:
        return None
    except OSError:  # a symbolic link (ELOOP), a folder, unreadable
        discard(path)
        return None
    f = os.fdopen(fd, "rb")
    if not _trusted(os.fstat(fd)):
        f.close()
        discard(path)
        return None
    return f


def read_entry(path: Path, magic: bytes, parse: Callable[[bytes, int], T | None]) -> T | None:
    """`parse(data, start)` of the entry at `path` (`start`: where its chunks begin, see
    `seal`), or None when there is none or parse says None.  An entry that is not to be
    trusted, fails its checksum or does not parse (ValueError, KeyError, TypeError,
    IndexError, StopIteration) is deleted; one that parses is marked recently used, so
    that it is evicted last."""
    f = open_entry(path)
    if f is None:
        return None
    try:
        with f:
            data = f.read()
        got = parse(data, unseal(data, magic))
    except (OSError, ValueError, KeyError, TypeError, IndexError, StopIteration):
        discard(path)  # corrupt, foreign or truncated: made anew
        return None
    if got is not None:
        mark_used(path)
    return got


def mark_used(path: Path) -> None:
    """Mark an entry recently used, so that it is evicted last (never fatal)."""
    try:
        os.utime(path)
    except OSError:
        pass


def discard(path: Path) -> None:
    try:
        path.unlink()
    except OSError:
        pass


def sealed_start(magic: bytes) -> int:
    """Where the chunks begin in a file that `seal` made with `magic`."""
    return len(magic) + _CRC.size


def seal(chunks: list[bytes], magic: bytes) -> list[bytes]:
    """`magic`, the CRC-32 of the chunks, then the chunks: what `unseal` checks."""
    crc = 0
    for chunk in chunks:
        crc = zlib.crc32(chunk, crc)
    return [magic, _CRC.pack(crc), *chunks]


def unseal(data: Any, magic: bytes) -> int:
    """Where the sealed chunks start in `data` (bytes or a mapping); ValueError unless it
    begins with `magic` and the checksum holds: a same-length corruption shows here."""
    start = sealed_start(magic)
    if len(data) < start or data[:len(magic)] != magic:
        raise ValueError("not an entry of this version")
    (crc,) = _CRC.unpack_from(data, len(magic))
    with memoryview(data) as view, view[start:] as rest:  # no copy of a mapping
        if zlib.crc32(rest) != crc:
            raise ValueError("checksum mismatch")
    return start


@lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """Planner's own source files and the Python version: entries made by other code
    are never read back.  (The source decides what an entry holds; a release that
    changes no source changes no entry.)

    Each file counts by its name, size, inode and modification and change times, not its
    bytes: hashing all the bytes cost 15-30 ms of every run (a tenth of a warm
    `planner agenda --day`).  No file's content changes without its change time
    (ctime) changing, which nothing can set back, and a fresh install or copy gets new
    ones: an edit, a checkout or another release is always another fingerprint, while
    files whose times a packager fixed (reproducible builds) still differ by ctime."""
    h = hashlib.blake2b(digest_size=16)
    h.update(f"{sys.version_info[:2]} {sys.byteorder}".encode())
    sources = []
    for folder, _, names in os.walk(_PACKAGE):  # (os.walk: a tenth of Path.rglob's time)
        sources.extend(os.path.join(folder, n) for n in names if n.endswith(".py"))
    for path in sorted(sources):
        st = os.stat(path)
        h.update(f"{os.path.relpath(path, _PACKAGE)} {st.st_size} {st.st_ino} "
                 f"{st.st_mtime_ns} {st.st_ctime_ns}\n".encode())
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


# -- schedules as JSON ------------------------------------------------------------------

def _times(schedule: Schedule) -> Iterator[tuple[dict[str, Any], str]]:
    """Where the schedule keeps a datetime: (the model's __dict__, field name), in a
    fixed order, holding a time or None."""
    for session in schedule.sessions:
        yield session.__dict__, "start"
        yield session.__dict__, "end"
        for talk in session.talks:
            yield talk.__dict__, "start"
            yield talk.__dict__, "end"
    for talk in schedule.unscheduled:
        yield talk.__dict__, "start"
        yield talk.__dict__, "end"


def zone_runs(times: Iterable[datetime | None]) -> list[list[Any]]:
    """The zone of every time that is not None, as runs of [zone_key, count] (JSON keeps
    a time's offset, not its zone)."""
    keys = (zone_key(t) for t in times if t is not None)
    return [[key, sum(1 for _ in run)] for key, run in groupby(keys)]


def zones_of(runs: list[list[Any]]) -> Iterator[str | None]:
    """The zone keys `zone_runs` recorded, one a time, in order."""
    return (key for key, count in runs for _ in range(int(count)))


def in_zone(value: datetime, key: str | None) -> datetime:
    """A time read back from JSON, put back in the zone `zone_key` recorded."""
    return value.astimezone(zone_from_key(key) if key else timezone(value.utcoffset()))


def dump_schedule(schedule: Schedule) -> list[bytes]:
    """The entry's bytes: header line (source, zones as runs of [name, count]), schedule."""
    zones = zone_runs(d[f] for d, f in _times(schedule))
    header = json.dumps({"source": schedule.source, "zones": zones}).encode()
    return seal([header, b"\n", schedule.model_dump_json(exclude_defaults=True).encode()],
                MAGIC)


def load_schedule_entry(data: bytes, source: str) -> Schedule:
    """The schedule in an entry; ValueError (pydantic's included) when it is not a whole
    entry for `source`."""
    return _schedule_in(data, unseal(data, MAGIC), source)


def _schedule_in(data: bytes, start: int, source: str) -> Schedule:
    from .gcpause import gc_paused
    from .model import Schedule

    newline = data.index(b"\n", start)
    header = json.loads(data[start:newline])
    if header.get("source") != source:
        raise ValueError("an entry for another file")
    # Hundreds of thousands of objects come back and live as long as the run: frozen out
    # of the collector, or its next full collection walks them all (0.1-0.2 s of a
    # one-day agenda of a 10,000-talk program).
    with gc_paused(freeze_after=FREEZE_AFTER):
        schedule = Schedule.model_validate_json(data[newline + 1:])
    _restore_zones(schedule, header["zones"])
    return schedule


def _restore_zones(schedule: Schedule, zones: list[list[Any]]) -> None:
    """JSON keeps a time's offset, not its zone: put each time back in its zone."""
    names = zones_of(zones)
    for holder, field in _times(schedule):
        value = holder[field]
        if value is not None:
            holder[field] = in_zone(value, next(names))


# -- the folder -------------------------------------------------------------------------

def _read(path: Path, source: str) -> Schedule | None:
    return read_entry(path, MAGIC, lambda data, start: _schedule_in(data, start, source))


def write_entry(path: Path, chunks: list[bytes]) -> None:
    """Write an entry whole or not at all (a concurrent writer of the same entry
    included), then evict the least recently used entries.  Errors are swallowed: a
    cache that cannot be written is only a slower run."""
    folder = path.parent
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        write_file(path, chunks, follow_symlinks=False, new_mode=0o600, durable=False)
        _evict(folder)
    except OSError:
        pass


def _evict(folder: Path) -> None:
    entries, total = [], 0
    now = time.time()
    for p in folder.iterdir():
        try:
            st = p.lstat()
        except OSError:
            continue
        if p.name.endswith(".tmp"):  # a write under way, or one a kill -9 cut short
            total += st.st_size
            if now - st.st_mtime >= STALE_SECONDS and _trusted(st):
                discard(p)
                total -= st.st_size
        elif p.name.endswith(ENTRY_SUFFIXES):
            entries.append((st.st_mtime, st.st_size, p))
            total += st.st_size
    for _, size, p in sorted(entries, key=lambda e: e[0]):
        if total <= MAX_TOTAL_BYTES:
            break
        discard(p)
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
        write_entry(path, dump_schedule(schedule))
    return schedule


# -- indexes kept beside a schedule file's parse: the search index, the timetable ------
# (here, not in planner.search_store, so that `planner now` reading its timetable does
# not import the search code)

RACY_NS = 2_000_000_000  # a file changed this recently could change again unseen


def file_signature(path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """Size, times and inode of a schedule text and of its metadata file (or None
    when the text cannot be looked at: the full load then reports why)."""
    p = Path(path)
    try:
        facts = {"text": _stat(p)}
    except OSError:
        return None
    try:
        facts["meta"] = _stat(p.with_suffix(".toml"))
    except OSError:
        facts["meta"] = None
    return facts


def _stat(p: Path) -> list[int]:
    st = p.stat()
    return [st.st_size, st.st_mtime_ns, st.st_ino, st.st_ctime_ns]


def settled(signature: dict[str, Any]) -> bool:
    """Whether every file was last changed long enough ago for its times to tell any
    later change apart."""
    now = time.time_ns()
    return all(facts is None or now - max(facts[1], facts[3]) >= RACY_NS
               for facts in signature.values())


def index_path(folder: Path, path: str | os.PathLike[str], options: LoadOptions,
               suffix: str) -> Path:
    """Where the index of kind `suffix` of the schedule file `path` is kept."""
    facts = {
        "path": os.path.realpath(path),
        "options": [options.year, options.source_tz, options.as_format],
        "today": (options.today or clock.now().date()).isoformat(),
        "code": code_fingerprint(),
    }
    key = hashlib.blake2b(json.dumps(facts, sort_keys=True).encode(), digest_size=20)
    return folder / (key.hexdigest() + suffix)
