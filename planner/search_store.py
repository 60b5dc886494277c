"""Search indexes kept on disk, so `planner search` answers without parsing anything.

Parsing a 50,000-entry listing takes over a second and even reading back the parsed
schedule (planner.cache) takes one; a search needs neither.  For each schedule file
this module keeps the search corpus (planner.search: folded bytes and offsets) and,
per talk, the few facts a result shows, in one file that is mapped into memory: a
query scans the mapped bytes where they lie and decodes only the talks it shows.

* Which file: a hash of the schedule's real path, the command-line options, today's
  date and planner's own source (planner.cache.code_fingerprint), in the parse
  cache's folder (PLANNER_CACHE_DIR or the user cache; PLANNER_CACHE=off turns it off).
* Still valid? The schedule text and its metadata file must have the same size,
  modification time, inode and change time as when the index was made, as make and
  git judge a file unchanged.  An index made while the text was still being written
  (modified within `RACY_NS` of indexing) could miss a change within the clock's
  granularity, so none is kept then; the next run makes it.  Any other change makes
  the search read the text as before (through the parse cache) and write a new index.
* Safety: written whole to a temporary file and renamed into place (planner.cache);
  an index that is short, foreign, from another version, not this user's own file,
  fails its CRC-32 (sealed as planner.cache seals its entries, so the same length
  with other bytes is caught too) or does not decode is deleted and rebuilt, never
  trusted and never fatal.  Nothing in it is executable: JSON and raw bytes.
* Size: it counts towards the cache folder's limit with the parsed schedules.

A `StoredSchedule` is also made in memory from a parsed `Schedule`, so a search
answered from disk and one answered right after parsing take the same path and print
the same thing.  This module imports neither pydantic nor the parsers until a text
must be parsed.
"""

from __future__ import annotations

from bisect import bisect_right
import json
import mmap
import os
import struct
from array import array
from datetime import date, datetime
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from . import cache
from .cache import RACY_NS, file_signature  # noqa: F401  (RACY_NS: the benches read it)
from .cache import settled as _settled
from .search import FIELDS, Corpus, Field, Hit, Match, rank
from .zones import zone_from_key, zone_key

if TYPE_CHECKING:
    from .loader import LoadOptions
    from .model import Schedule, Talk

SUFFIX = ".search"
MAGIC = b"planner search index 2\n"
_LENGTH = struct.Struct("<Q")
_OFFSETS = "q"  # signed 64-bit offsets, native order (the key includes the byte order)


class StoreError(Exception):
    """A stored index that cannot be used: it is rebuilt."""


class Name(NamedTuple):
    name: str
    key: str
    affiliation: str | None = None


class Link(NamedTuple):
    label: str
    url: str


class TalkRecord(NamedTuple):
    """What a search result shows of a talk: the attributes of `model.Talk` that
    planner.views reads."""

    id: str
    title: str
    title_source: str
    speakers: tuple[Name, ...]
    start: datetime | None
    end: datetime | None
    estimated: bool
    end_estimated: bool
    published: date | None
    abstract: str
    location: str | None
    url: str | None
    track: str | None
    language: str | None = None
    links: tuple[Link, ...] = ()

    @property
    def timed(self) -> bool:
        return self.start is not None and self.end is not None

    @property
    def any_estimated(self) -> bool:
        return self.estimated or self.end_estimated


# -- encoding -------------------------------------------------------------------------

def _encode_time(dt: datetime | None) -> list[Any] | None:
    """Wall-clock time, fold and zone name, as pickle keeps a zoneinfo datetime: the
    zone's current rules place it when it is read back."""
    if dt is None:
        return None
    key = zone_key(dt)
    if key is None:  # a fixed offset: kept as an instant
        return [dt.isoformat(), 0, None]
    return [dt.replace(tzinfo=None).isoformat(), dt.fold, key]


def _decode_time(value: list[Any] | None) -> datetime | None:
    if value is None:
        return None
    wall, fold, key = value
    dt = datetime.fromisoformat(wall)
    if key is None:
        return dt
    return dt.replace(tzinfo=zone_from_key(key), fold=fold)


def _record_json(t: Talk) -> bytes:
    return json.dumps(
        [t.id, t.title, t.title_source, [[s.name, s.key, s.affiliation] for s in t.speakers],
         _encode_time(t.start), _encode_time(t.end), t.estimated, t.end_estimated,
         t.published.isoformat() if t.published else None, t.abstract,
         t.location, t.url, t.track, t.language, [[k.label, k.url] for k in t.links]],
        ensure_ascii=False, separators=(",", ":"),
    ).encode("utf-8", "surrogatepass")


def _record(data: bytes) -> TalkRecord:
    try:
        (id_, title, source, speakers, start, end, estimated, end_estimated, published,
         abstract, location, url, track, language, links) = json.loads(data)
        return TalkRecord(
            id_, title, source, tuple(Name(n, k, a) for n, k, a in speakers),
            _decode_time(start), _decode_time(end), bool(estimated), bool(end_estimated),
            date.fromisoformat(published) if published else None, abstract,
            location, url, track, language, tuple(Link(label, u) for label, u in links),
        )
    except (ValueError, TypeError, KeyError) as exc:
        raise StoreError(f"a talk record does not decode: {exc}") from None


class _Ids:
    """Talk ids as one `\\n`-separated byte string: position of an id by one `find`."""

    __slots__ = ("blob", "first", "last")

    def __init__(self, blob: bytes | mmap.mmap, first: int, last: int) -> None:
        self.blob, self.first, self.last = blob, first, last

    def get(self, text: str) -> int | None:
        if not text or "\n" in text:
            return None
        pos = self.blob.find(b"\n" + text.encode("utf-8", "surrogatepass") + b"\n",
                             self.first, self.last)
        if pos < 0:
            return None
        return self.blob[self.first:pos].count(b"\n")  # (mmap has no count)


# -- the stored schedule ----------------------------------------------------------------

class StoredSchedule:
    """One schedule's search corpus and result records, from disk or from a parse.

    Has the attributes of `model.Schedule` that search results read: `label`,
    `source`, `timezone` and `has_sessions`.
    """

    def __init__(self, meta: dict[str, Any], corpus: Corpus, talks: list[Talk] | None,
                 buffer: mmap.mmap | None = None, record_starts: array | None = None) -> None:
        self.meta = meta
        self.label: str = meta["label"]
        self.source: str = meta["source"]
        self.timezone: str = meta["timezone"]
        self.has_sessions: bool = meta["has_sessions"]
        self.corpus = corpus
        self._talks = talks  # made from a schedule
        self._buffer = buffer  # opened from disk: records at record_starts in the mapping
        self._record_starts = record_starts
        self.path: Path | None = None  # the index file it was opened from

    def discard(self) -> None:
        """Delete the index file this came from (a record in it did not decode)."""
        if self.path is not None:
            self.path.unlink(missing_ok=True)

    def __len__(self) -> int:
        return self.corpus.size

    def record(self, i: int) -> TalkRecord:
        """Talk `i` as a result shows it.  A talk of a parsed schedule goes through the
        same JSON as a stored one, so both print alike."""
        if self._talks is not None:
            return _record(_record_json(self._talks[i]))
        assert self._buffer is not None and self._record_starts is not None
        return _record(self._buffer[self._record_starts[i]:self._record_starts[i + 1]])

    @classmethod
    def of_schedule(cls, schedule: Schedule) -> StoredSchedule:
        talks = schedule.talks()
        meta = {"label": schedule.label, "source": schedule.source,
                "timezone": schedule.timezone, "has_sessions": schedule.has_sessions}
        return cls(meta, Corpus.of_talks(talks), talks)

    # -- the file: MAGIC, header length, JSON header, then the sections it lists ----
    def chunks(self, signature: dict[str, Any]) -> list[bytes]:
        """The index file's bytes, for `signature` (see `file_signature`).

        Sections are raw bytes: each field's folded text and the offsets where each
        talk starts in it, the ids, and the records with their offsets.  Offsets are
        64-bit and count from the start of the file, so opening uses them as they are.
        """
        if self._talks is None:
            raise StoreError("only an index made from a schedule is written")
        n = self.corpus.size
        ids = "\n".join(t.id for t in self._talks).encode("utf-8", "surrogatepass")
        encoded = [_record_json(t) for t in self._talks]
        records = b"".join(encoded)
        record_starts = list(accumulate(map(len, encoded), initial=0))
        data: dict[str, bytes] = {"ids": b"\n" + ids + b"\n", "records": records}
        relative: dict[str, Any] = {"records.starts": (record_starts, "records")}
        names = []
        for f in self.corpus.fields:
            data[f.name] = bytes(f.blob)
            relative[f.name + ".starts"] = (f.starts, f.name)
            names += [f.name, f.name + ".starts"]
        names += ["ids", "records", "records.starts"]
        sizes = {name: len(data[name]) if name in data else 8 * (n + 1) for name in names}
        layout: dict[str, list[int]] = {}
        header = b""
        for _ in range(3):  # the header's length settles once the offsets' digits do
            offset = cache.sealed_start(MAGIC) + _LENGTH.size + len(header)
            for name in names:
                layout[name] = [offset, sizes[name]]
                offset += sizes[name]
            header = json.dumps({"schedule": self.meta, "count": n, "signature": signature,
                                 "sections": layout, "size": offset}).encode()
        for name, (starts, of) in relative.items():
            base = layout[of][0]
            data[name] = array(_OFFSETS, (base + s for s in starts)).tobytes()
        return cache.seal([_LENGTH.pack(len(header)), header, *(data[name] for name in names)],
                          MAGIC)

    @classmethod
    def open(cls, path: Path) -> tuple[StoredSchedule, dict[str, Any]]:
        """The index at `path` and the signature it was made for; StoreError when it
        is not a whole index of this version."""
        f = cache.open_entry(path)  # None when missing or not this user's own
        if f is None:
            raise FileNotFoundError(path)
        with f:
            size = os.fstat(f.fileno()).st_size
            if size < cache.sealed_start(MAGIC) + _LENGTH.size:
                raise StoreError("too short")
            buffer = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
        try:
            stored, signature = cls._from_buffer(buffer, size)
            stored.path = path
            return stored, signature
        except StoreError:
            buffer.close()
            raise
        except (ValueError, TypeError, KeyError, IndexError, struct.error) as exc:
            buffer.close()
            raise StoreError(f"malformed: {exc}") from None

    @classmethod
    def _from_buffer(cls, buffer: mmap.mmap, size: int) -> tuple[StoredSchedule, dict[str, Any]]:
        try:
            at = cache.unseal(buffer, MAGIC)  # a same-length corruption fails here
        except ValueError as exc:
            raise StoreError(str(exc)) from None
        (length,) = _LENGTH.unpack_from(buffer, at)
        start = at + _LENGTH.size
        header = json.loads(buffer[start:start + length])
        if header["size"] != size:
            raise StoreError("truncated or padded")
        count, layout = int(header["count"]), header["sections"]

        def offsets(name: str, of: str) -> array:
            lo, n = layout[name]
            out = array(_OFFSETS)
            out.frombytes(buffer[lo:lo + n])
            first, length = layout[of]
            if len(out) != count + 1 or out[0] != first or out[-1] != first + length:
                raise StoreError(f"section {name} does not fit")
            return out

        fields = tuple(Field(name, buffer, offsets(name + ".starts", name))  # type: ignore[arg-type]
                       for name in FIELDS)
        ids_lo, ids_n = layout["ids"]
        corpus = Corpus(fields, count, _Ids(buffer, ids_lo, ids_lo + ids_n))  # type: ignore[arg-type]
        stored = cls(header["schedule"], corpus, None, buffer,
                     offsets("records.starts", "records"))
        return stored, header["signature"]


# -- finding, checking and writing indexes ----------------------------------------------

def _stored(path: Path, signature: dict[str, Any]) -> StoredSchedule | None:
    """The index at `path` when it was made for these very files."""
    try:
        stored, made_for = StoredSchedule.open(path)
    except FileNotFoundError:
        return None
    except (OSError, StoreError):
        path.unlink(missing_ok=True)  # unreadable or corrupt: made anew below
        return None
    if made_for != signature:
        return None
    cache.mark_used(path)
    return stored


def stored_schedules(paths: list[str | Path], options: LoadOptions) -> list[StoredSchedule]:
    """Search corpora for the schedule files `paths`: each from its index when the
    file is unchanged, else read (planner.loader) and indexed for next time."""
    folder = cache.cache_dir()
    out = []
    for p in paths:
        signature = file_signature(p) if folder is not None else None
        if folder is None or signature is None:
            out.append(StoredSchedule.of_schedule(_load(p, options)))
            continue
        where = cache.index_path(folder, p, options, SUFFIX)
        stored = _stored(where, signature)
        if stored is None:
            stored = StoredSchedule.of_schedule(_load(p, options))
            # Only when the files did not change while being read, and long ago
            # enough for their times to show the next change.
            if file_signature(p) == signature and _settled(signature):
                cache.write_entry(where, stored.chunks(signature))
        out.append(stored)
    return out


def _load(path: str | Path, options: LoadOptions) -> Schedule:
    from .loader import load_schedule

    return load_schedule(path, options)


def result_hits(stores: list[StoredSchedule], matches: list[Match]) -> list[Hit]:
    """`search.rank` matches over the stores' corpora as hits: each with its schedule
    and its talk's record (decoded only now, for the talks shown)."""
    bases = list(accumulate(map(len, stores), initial=0))
    hits = []
    for m in matches:
        i = bisect_right(bases, m.position) - 1
        store = stores[i]
        hits.append(Hit(store, store.record(m.position - bases[i]), m.score, m.field))  # type: ignore[arg-type]
    return hits


def search_files(
    paths: list[str | Path], options: LoadOptions, query: str, limit: int | None = None,
) -> tuple[list[StoredSchedule], list[Hit], int]:
    """Search the schedule files `paths`: their stores, the best `limit` hits (all when
    None or 0) and how many talks matched.  A stored record that does not decode
    discards the indexes and answers from the texts instead."""
    for last_try in (False, True):
        stores = stored_schedules(paths, options)
        matches = rank([s.corpus for s in stores], query)
        try:
            return stores, result_hits(stores, matches[:limit] if limit else matches), \
                len(matches)
        except StoreError:
            if last_try:
                raise
            for store in stores:
                store.discard()
    raise AssertionError("unreachable")
