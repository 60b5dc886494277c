"""A schedule file's sessions kept sliced by the hour they start in, so one day's agenda
reads that day alone: neither the rest of the schedule nor pydantic.

`planner agenda FILE --day D` on a 10,000-talk program spent most of its time
validating the whole cached schedule back into the models (about 0.2 s) and building
the models' classes (about 0.2 s more), to show a fifth of it.  An entry here holds,
beside the parse cache's whole schedule:

* a header: the schedule's own fields, the file's signature, the distinct session
  starts (every day the schedule has, in any zone), and where each slice begins;
* one slice per UTC hour: the sessions that start in it (a session without a start, in
  the hour of its first timed talk), each as `model_dump` writes it, with its ordinal
  in the schedule and the zone of every time;
* every timed talk's id, start and slice, read only for `--picked` (a pick belongs to
  the day its own start falls on, whichever day its session started).

A day in the display zone is a span of UTC hours (bounded by the zone's offsets around
it, so a zone that changes offset that day, or one half an hour off UTC, only reads an
hour more); its slices are read, and planner.days picks from them exactly as it picks
from a whole schedule.  What comes back is plain objects with the models' fields and
properties (planner.records): the views cannot tell them apart, and a test compares
every field of them with the models'.

The entry follows planner.timetable's rules: keyed by the file's real path, the
options, today's date and planner's own code; valid while the text and its metadata
keep their size, times and inode; JSON only; anything that does not check out is
deleted and the schedule loaded whole, never fatal.  The header and each slice carry
a CRC-32 of their own, so a day reads (and checks) its own bytes only, not the 8 MB
a 10,000-talk program with abstracts keeps: a damaged slice shows when it is read.
"""

from __future__ import annotations

import json
import os
import struct
import zlib
from bisect import bisect_left
from datetime import date, datetime, time, timedelta, timezone, tzinfo
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from . import cache
from .records import ScheduleRecord, SessionKind, SessionRecord, TalkRecord

if TYPE_CHECKING:
    from .loader import LoadOptions
    from .model import Schedule

MAGIC = b"planner day slices 2\n"
_HEAD = struct.Struct("<II")  # the header's CRC-32 and length, after MAGIC
SUFFIX = ".days"
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)
_US = timedelta(microseconds=1)
_HOUR = 3_600_000_000  # microseconds
_DAY = 24 * _HOUR


def _micros(t: datetime) -> int:
    """An aware time as microseconds since the epoch (exact, unlike a float)."""
    return (t - _EPOCH) // _US


def _local_day(us: int, zone: tzinfo) -> date:
    return (_EPOCH + timedelta(microseconds=us)).astimezone(zone).date()


# -- writing ---------------------------------------------------------------------------

def entry_chunks(schedule: Schedule, signature: dict[str, Any]) -> list[bytes]:
    """The sealed entry of `schedule`, read from a file whose signature is `signature`."""
    from pydantic_core import to_jsonable_python

    from .model import Link, Session, Speaker, Talk

    hours: dict[int, list[str]] = {}
    starts: set[int] = set()
    talks: list[list[Any]] = []
    for n, s in enumerate(schedule.sessions):
        timed = [_micros(t.start) for t in s.talks if t.start is not None]
        if s.start is not None:
            starts.add(_micros(s.start))
            home = _micros(s.start) // _HOUR
        elif timed:
            home = timed[0] // _HOUR
        else:
            continue  # on no day: never in a day's agenda
        talks.extend([t.id, _micros(t.start), home] for t in s.talks if t.start is not None)
        times = [s.start, s.end, *(x for t in s.talks for x in (t.start, t.end))]
        hours.setdefault(home, []).append(json.dumps(
            {"n": n, "z": cache.zone_runs(times),
             "s": s.model_dump(mode="json", exclude_defaults=True)},
            ensure_ascii=False, separators=(",", ":")))
    body = [("[" + ",".join(hours[h]) + "]\n").encode("utf-8", "surrogatepass")
            for h in sorted(hours)]
    talk_line = json.dumps(talks, ensure_ascii=False, separators=(",", ":")).encode(
        "utf-8", "surrogatepass")
    at, slices = 0, []
    for h, chunk in zip(sorted(hours), body):
        slices.append([h, at, len(chunk), zlib.crc32(chunk)])
        at += len(chunk)
    fields = schedule.model_dump(mode="json", exclude={"sessions", "unscheduled",
                                                      "diagnostics"})
    header = {
        "signature": signature, "schedule": fields, "has_sessions": schedule.has_sessions,
        "defaults": {m.__name__: to_jsonable_python(_defaults(m))
                     for m in (Session, Talk, Speaker, Link)},
        "starts": sorted(starts), "slices": slices,
        "talks": [at, len(talk_line), zlib.crc32(talk_line)],
    }
    head = json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode(
        "utf-8", "surrogatepass")
    return [MAGIC, _HEAD.pack(zlib.crc32(head), len(head)), head, *body, talk_line]


def _defaults(model: Any) -> dict[str, Any]:
    """The fields `model_dump(exclude_defaults=True)` leaves out, with their values."""
    return {name: f.get_default(call_default_factory=True)
            for name, f in model.model_fields.items() if not f.is_required()}


def keep(path: str | os.PathLike[str], schedule: Schedule, options: LoadOptions,
         signature: dict[str, Any] | None) -> None:
    """Keep the slices of `schedule`, loaded from `path` whose signature was `signature`
    before it was read, unless the file has changed since or may still change unseen."""
    folder = cache.cache_dir()
    if folder is None or signature is None:
        return
    if cache.file_signature(path) != signature or not cache.settled(signature):
        return
    cache.write_entry(cache.index_path(folder, path, options, SUFFIX),
                      entry_chunks(schedule, signature))


# -- reading ---------------------------------------------------------------------------

class _Record:
    """Fields as attributes, as a model has them."""

    def __init__(self, fields: dict[str, Any]) -> None:
        self.__dict__ = fields


class DaySpeaker(_Record):
    pass


class DayLink(_Record):
    pass


class DayTalk(_Record, TalkRecord):
    pass


class DaySession(_Record, SessionRecord):
    pass


class DaySchedule(_Record, ScheduleRecord):
    """A schedule holding only the sessions one day's question needs (its diagnostics
    and unscheduled talks left out); `has_sessions` is the whole schedule's."""

    @property
    def has_sessions(self) -> bool:
        return self.__dict__["_has_sessions"]


class Damaged(ValueError):
    """A slice of an entry failed its checksum (the entry is deleted)."""


class DayEntry:
    """One schedule file's slices, its header checked, ready to be read a day at a time;
    each slice is read from the file, and checked, when a day needs it.  Close it (or
    use it in a `with`) when done."""

    def __init__(self, f: IO[bytes], path: Path, header: dict[str, Any], body: int) -> None:
        self._file = f
        self._path = path
        self._header = header
        self._body = body  # where the first slice starts in the file
        self._hours = [h for h, _, _, _ in header["slices"]]
        self._talks: list[list[Any]] | None = None
        self.timezone: str = header["schedule"]["timezone"]
        self.has_sessions: bool = header["has_sessions"]

    def __enter__(self) -> DayEntry:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._file.close()

    def _chunk(self, at: int, size: int, crc: int) -> bytes:
        """The bytes of one slice, checked; Damaged (and the entry deleted) when they
        are not what was written."""
        data = os.pread(self._file.fileno(), size, self._body + at)
        if len(data) != size or zlib.crc32(data) != crc:
            cache.discard(self._path)
            raise Damaged(f"a damaged slice in {self._path}")
        return data

    def days(self, zone: tzinfo, only: set[str] | None = None) -> set[date]:
        """The days (in `zone`) with sessions; with `only`, with one of those talks."""
        if only is None:
            return {_local_day(us, zone) for us in self._header["starts"]}
        return {_local_day(us, zone) for tid, us, _ in self._timed_talks() if tid in only}

    def schedule_on(self, day: date, zone: tzinfo, only: set[str] | None = None
                    ) -> DaySchedule:
        """The schedule with the sessions that can be on `day` in `zone`: those starting
        in its hours, or with `only`, those holding one of its talks that day."""
        if only is None:
            lo, hi = _hours_of(day, zone)
            wanted = range(bisect_left(self._hours, lo), bisect_left(self._hours, hi))
        else:
            homes = {home for tid, us, home in self._timed_talks()
                     if tid in only and _local_day(us, zone) == day}
            wanted = [i for i, h in enumerate(self._hours) if h in homes]
        rows: dict[int, dict[str, Any]] = {}
        for i in wanted:
            _, at, size, crc = self._header["slices"][i]
            for row in json.loads(self._chunk(at, size, crc)):
                rows[row["n"]] = row
        reader = _Reader(self._header["defaults"])
        fields = dict(self._header["schedule"])
        fields.update(sessions=[reader.session(rows[n]) for n in sorted(rows)],
                      unscheduled=[], diagnostics=[], _has_sessions=self.has_sessions)
        return DaySchedule(fields)

    def _timed_talks(self) -> list[list[Any]]:
        if self._talks is None:
            self._talks = json.loads(self._chunk(*self._header["talks"]))
        return self._talks


def _hours_of(day: date, zone: tzinfo) -> tuple[int, int]:
    """The UTC hours [lo, hi) that hold every instant whose date in `zone` is `day`: the
    day's wall-clock span shifted by the largest and smallest offset the zone has
    around it (an offset lasts hours, so sampling every hour finds each one)."""
    wall = _micros(datetime.combine(day, time(), tzinfo=timezone.utc))
    around = _EPOCH + timedelta(microseconds=wall - _DAY)
    offsets = [(around + timedelta(hours=h)).astimezone(zone).utcoffset() // _US
               for h in range(0, 73)]
    return (wall - max(offsets)) // _HOUR, (wall + _DAY - min(offsets) - 1) // _HOUR + 1


class _Reader:
    """Sessions from their JSON, as the models would hold them."""

    def __init__(self, defaults: dict[str, dict[str, Any]]) -> None:
        self._plain = {m: {k: v for k, v in d.items() if v != []}
                       for m, d in defaults.items()}
        self._lists = {m: [k for k, v in d.items() if v == []] for m, d in defaults.items()}
        self._zones: Any = None

    def _fields(self, model: str, data: dict[str, Any]) -> dict[str, Any]:
        out = dict(self._plain[model])
        out.update(data)
        for k in self._lists[model]:
            if k not in data:
                out[k] = []
        return out

    def _time(self, value: str | None) -> datetime | None:
        if value is None:
            return None
        return cache.in_zone(datetime.fromisoformat(value), next(self._zones))

    def _people(self, rows: list[dict[str, Any]]) -> list[DaySpeaker]:
        return [DaySpeaker(self._fields("Speaker", p)) for p in rows]

    def session(self, row: dict[str, Any]) -> DaySession:
        self._zones = cache.zones_of(row["z"])
        f = self._fields("Session", row["s"])
        f["kind"] = SessionKind(f["kind"])
        f["start"] = self._time(f["start"])
        f["end"] = self._time(f["end"])
        f["speakers"] = self._people(f["speakers"])
        f["chairs"] = self._people(f["chairs"])
        f["talks"] = [self._talk(t) for t in f["talks"]]
        return DaySession(f)

    def _talk(self, data: dict[str, Any]) -> DayTalk:
        f = self._fields("Talk", data)
        f["start"] = self._time(f["start"])
        f["end"] = self._time(f["end"])
        if f["kind"] is not None:
            f["kind"] = SessionKind(f["kind"])
        if f["published"] is not None:
            f["published"] = date.fromisoformat(f["published"])
        f["speakers"] = self._people(f["speakers"])
        f["links"] = [DayLink(self._fields("Link", x)) for x in f["links"]]
        return DayTalk(f)


def read(path: str | os.PathLike[str], options: LoadOptions) -> DayEntry | None:
    """The slices of the schedule file `path`, open, or None when there is no current
    entry for it (a changed file, another planner's, a damaged header).  Its header is
    checked here; each slice when it is read."""
    folder = cache.cache_dir()
    signature = cache.file_signature(path) if folder is not None else None
    if folder is None or signature is None:
        return None
    where = cache.index_path(folder, path, options, SUFFIX)
    f = cache.open_entry(where)
    if f is None:
        return None
    try:
        start = len(MAGIC) + _HEAD.size
        lead = f.read(start)
        if len(lead) != start or lead[:len(MAGIC)] != MAGIC:
            raise ValueError("not an entry of this version")
        crc, size = _HEAD.unpack_from(lead, len(MAGIC))
        head = f.read(size)
        if len(head) != size or zlib.crc32(head) != crc:
            raise ValueError("checksum mismatch")
        header = json.loads(head)
        if header["signature"] != signature:  # a changed file: made again
            raise ValueError("another file's")
        entry = DayEntry(f, where, header, start + size)
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        f.close()
        cache.discard(where)
        return None
    cache.mark_used(where)
    return entry


def signature_of(path: str | os.PathLike[str]) -> dict[str, Any] | None:
    """What `keep` compares the file with after loading it (None: nothing to keep)."""
    if cache.cache_dir() is None:
        return None
    return cache.file_signature(Path(path))
