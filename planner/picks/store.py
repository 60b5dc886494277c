"""The user's agenda (picks, busy calendars, display zone), stored so picks are never lost.

The agenda is one JSON file with a "version" field, small enough to read and fix by
hand.  `AgendaStore` is its only writer, and every write goes through `update`:

* a lock on a separate `<name>.lock` file serialises read-modify-write, so two
  processes picking at once both keep their picks (each re-reads under the lock);
* the new content goes to a temporary file in the same directory, is fsynced, then
  renamed over the agenda and the directory is fsynced, so a kill -9 at any moment
  leaves either the old or the new file;
* only a damaged agenda (JSON with planner's keys that does not validate, or the
  beginning of one, cut off) is moved aside, never overwritten, and the user is told
  where it went; anything else at the agenda path (a program text, a device, a FIFO,
  someone's JSON, a file planner may not read, a file from a newer planner) is
  refused with one sentence and left untouched, and a read-only agenda is read but
  never replaced.

Each pick keeps its last-seen title and times, so that planner.picks.resolve can tell
a moved or vanished talk when it matches the picks against the schedules loaded now.
"""

from __future__ import annotations

import json
import os
import stat
import threading
from collections.abc import Callable, Iterable
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Literal, TypeVar

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, ValidationError

from .. import clock
from ..catalog import Catalog, as_catalog, normalize_ids, unknown_ids_message
from ..errors import PlannerError
from ..locations import agenda_path
from ..model import Schedule, Talk
from ..safefile import (
    Refused,
    fsync_dir,
    kind_of,
    read_limited,
    read_only,
    remove_stale_temporaries,
    write_file,
)
from ..zones import get_zone

AGENDA_VERSION = 1  # raise when the file's shape changes; older files are migrated on read
MAX_AGENDA_BYTES = 64 << 20  # thousands of times a real agenda; more is not one
# The keys of the agenda object: JSON with none of them is someone else's file.
_AGENDA_KEYS = ("version", "picks", "busy", "timezone", "exports")
LOCK_TIMEOUT_SECONDS = 30.0
MAX_NOTE_CHARS = 500  # a note, not a document: it goes into calendar descriptions

T = TypeVar("T")
_HELD = threading.local()  # lock paths this thread holds, to refuse nested updates


class Pick(BaseModel):
    """One picked talk, with what it looked like when last seen in its schedule."""

    model_config = ConfigDict(extra="allow")  # keep fields a later minor version adds

    title: str
    schedule: str  # the schedule's label, e.g. "MLSys 2021"
    source: str | None = None  # the schedule file it was picked from
    speakers: list[str] = Field(default_factory=list)
    start: AwareDatetime | None = None
    end: AwareDatetime | None = None
    estimated: bool = False
    location: str | None = None  # the room, as last seen (a move to another room is a move)
    picked_at: AwareDatetime | None = None
    # Set when its schedule was loaded and no longer had it; the title stays so the
    # user can tell what went missing.
    vanished: bool = False
    # How much the user wants it (planner.levels): two musts that overlap are a
    # conflict, a maybe overlapping a must is an alternative.  Files written before
    # levels existed hold no level: their picks are musts, as every pick was then.
    level: Literal["must", "maybe"] = "must"
    note: str = ""  # the user's own words about it, kept through every refresh

    @property
    def timed(self) -> bool:
        return self.start is not None and self.end is not None

    @classmethod
    def of(cls, schedule: Schedule, talk: Talk) -> Pick:
        return cls(
            title=talk.title, schedule=schedule.label, source=schedule.source,
            speakers=[s.name for s in talk.speakers], start=talk.start, end=talk.end,
            estimated=talk.any_estimated, location=talk.location,
            picked_at=clock.now().replace(microsecond=0),
        )

    def refresh(self, schedule: Schedule, talk: Talk) -> None:
        """Take the talk's current title and times, keeping when it was picked."""
        self.title, self.schedule, self.source = talk.title, schedule.label, schedule.source
        self.speakers = [s.name for s in talk.speakers]
        self.start, self.end, self.estimated = talk.start, talk.end, talk.any_estimated
        self.location = talk.location
        self.vanished = False


class Agenda(BaseModel):
    model_config = ConfigDict(extra="allow")

    version: int = AGENDA_VERSION
    picks: dict[str, Pick] = Field(default_factory=dict)  # keyed by talk id
    busy: list[str] = Field(default_factory=list)  # remembered busy .ics paths
    # Remembered schedules (planner add): files as absolute paths, and http(s) addresses;
    # read by every command given no schedule (see planner.subscriptions).
    sources: list[str] = Field(default_factory=list)
    timezone: str | None = None  # the user's display zone
    # Per-event export state owned by planner.ics (SEQUENCE, content hash); opaque
    # here and carried through every write untouched.
    exports: dict[str, dict[str, Any]] = Field(default_factory=dict)


def serialize(agenda: Agenda) -> bytes:
    data = agenda.model_dump(mode="json")
    data["picks"] = dict(sorted(data["picks"].items()))  # stable diffs for humans
    return (json.dumps(data, indent=2, ensure_ascii=False) + "\n").encode("utf-8")


class _Unusable(Exception):
    """The agenda file's bytes are not an agenda; `reason` says why, for the user."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _too_new(path: Path, version: int) -> PlannerError:
    return PlannerError(
        f"The agenda file {path} was written by a newer planner (format {version}; this one "
        f"reads format {AGENDA_VERSION}), so it was left untouched; upgrade planner to use it."
    )


def _not_an_agenda(path: Path, reason: str) -> PlannerError:
    return PlannerError(
        f"{path} is not a planner agenda ({reason}), so planner left it untouched; give your "
        "agenda with --agenda, or move that file away to start a new agenda."
    )


def _begins_like_agenda(text: str) -> bool:
    """Whether `text` starts as planner writes an agenda: an object whose first key is
    one of the agenda's, or a beginning of `{"version"` cut off even sooner."""
    head = "".join(text[:400].split())  # blanks between JSON tokens do not matter
    return '{"version"'.startswith(head) or any(head.startswith(f'{{"{key}"')
                                                for key in _AGENDA_KEYS)


def parse_agenda(data: bytes, path: Path) -> Agenda:
    """The agenda in `data`; `_Unusable` when it is a damaged agenda, PlannerError when
    it is not an agenda at all or too new."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise _not_an_agenda(path, "it is not UTF-8 text") from None
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        if _begins_like_agenda(text):
            raise _Unusable(f"it is not valid JSON: {exc.msg} at line {exc.lineno}") from None
        raise _not_an_agenda(path, "it is not JSON") from None
    except (RecursionError, ValueError) as exc:  # nesting past the stack, huge integers
        why = ("it nests deeper than planner reads" if isinstance(exc, RecursionError)
               else "it holds a number too long to read")
        if _begins_like_agenda(text):
            raise _Unusable(why) from None
        raise _not_an_agenda(path, why) from None
    if not isinstance(obj, dict):
        raise _not_an_agenda(path, "it is not a JSON object")
    if not any(key in obj for key in _AGENDA_KEYS):
        raise _not_an_agenda(path, "it is JSON without planner's keys")
    version = obj.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise _Unusable("it has no valid format version")
    if version > AGENDA_VERSION:
        raise _too_new(path, version)
    try:
        agenda = Agenda.model_validate(obj)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        raise _Unusable(f"{where}: {err['msg'].lower()}") from None
    except RecursionError:
        raise _Unusable("it nests deeper than planner reads") from None
    agenda.version = AGENDA_VERSION  # older formats are migrated here when there are any
    return agenda


@dataclass(frozen=True)
class PickOutcome:
    added: list[str]
    already: list[str]  # were picked before; left as they were (but for their level)
    relevelled: list[str] = field(default_factory=list)  # already picked, level changed


class AgendaStore:
    """The agenda file at `path` (default: planner.locations.agenda_path())."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = agenda_path(path)

    @property
    def target(self) -> Path:
        """The file really written: a symlinked agenda (dotfiles) keeps its link."""
        return Path(os.path.realpath(self.path))

    @property
    def lock_path(self) -> Path:
        return self.target.with_name(self.target.name + ".lock")

    # -- reading ------------------------------------------------------------------

    def _not_a_file(self, what: str | None = None) -> PlannerError:
        if what is None:
            return PlannerError(
                f"The agenda path {self.path} is a directory; pass a file with --agenda."
            )
        return PlannerError(
            f"The agenda path {self.path} is not a file planner can keep picks in ({what}); "
            "pass a regular file with --agenda."
        )

    def _read_bytes(self) -> bytes | None:
        """The file's bytes; None when there is no agenda yet.  Only a regular file is
        read, without waiting on a FIFO; what cannot be read is left untouched."""
        try:
            data, _ = read_limited(self.target, MAX_AGENDA_BYTES, regular_only=True)
        except FileNotFoundError:
            return None
        except IsADirectoryError:
            raise self._not_a_file() from None
        except Refused as exc:
            raise self._not_a_file(exc.strerror) from None
        except PermissionError:
            raise PlannerError(
                f"The agenda file {self.path} cannot be read (permission denied), so planner "
                f"left it untouched; make it readable (chmod u+r {self.path}) to use your picks."
            ) from None
        except OSError as exc:
            raise PlannerError(
                f"The agenda file {self.path} cannot be read ({exc.strerror or exc}), so "
                "planner left it untouched."
            ) from None
        if len(data) > MAX_AGENDA_BYTES:
            raise _not_an_agenda(self.path, f"it is larger than {MAX_AGENDA_BYTES >> 20} MB")
        return data

    def _read(self) -> Agenda:
        data = self._read_bytes()
        return Agenda() if data is None else parse_agenda(data, self.path)

    def load(self) -> Agenda:
        """The stored agenda (empty when there is none); a corrupt file is moved aside."""
        try:
            return self._read()
        except _Unusable:
            pass
        # Re-check under the lock: a writer may have replaced the file meanwhile, and
        # a good file must never be moved aside.
        with self._locked():
            return self._read_locked()[1]

    def _read_locked(self) -> tuple[bytes | None, Agenda]:
        """The file's bytes and agenda, moving an unusable file aside; hold the lock."""
        try:
            data = self._read_bytes()
            return data, Agenda() if data is None else parse_agenda(data, self.path)
        except _Unusable as exc:
            raise self._move_aside(exc.reason) from None

    def _move_aside(self, reason: str) -> PlannerError:
        target = self.target
        stamp = clock.now().strftime("%Y%m%dT%H%M%SZ")
        n = 1
        while True:
            aside = target.with_name(f"{target.name}.corrupt-{stamp}" + (f"-{n}" if n > 1 else ""))
            if not aside.exists():
                break
            n += 1
        try:
            os.rename(target, aside)
        except OSError as exc:
            return PlannerError(
                f"The agenda file {self.path} is unusable ({reason}) and could not be moved "
                f"aside ({exc.strerror}); move it away yourself, and fix it to recover your picks."
            )
        fsync_dir(target.parent)
        return PlannerError(
            f"The agenda file {self.path} was unusable ({reason}), so it was moved to {aside} "
            f"and planner starts a new agenda; to recover your picks, fix that file and move "
            f"it back to {self.path}."
        )

    # -- writing ------------------------------------------------------------------

    @contextmanager
    def _locked(self) -> Iterator[None]:
        from filelock import FileLock, Timeout

        key = str(self.lock_path)
        held: set[str] = _HELD.__dict__.setdefault("paths", set())
        if key in held:
            # An flock is per open file: a second lock from this thread would wait on
            # the first for ever, and an inner write would be lost to the outer one.
            raise RuntimeError(f"AgendaStore.update for {self.path} called inside another")
        self._check_target()  # before the lock file: no agenda.lock beside /dev/null
        try:
            self.target.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise PlannerError(
                f"Cannot create the agenda's folder {self.target.parent}: {exc.strerror}."
            ) from None
        lock = FileLock(str(self.lock_path), timeout=LOCK_TIMEOUT_SECONDS,
                        preserve_lock_file=True)
        try:
            lock.acquire()
        except Timeout:
            raise PlannerError(
                f"Another planner process has been updating {self.path} for "
                f"{LOCK_TIMEOUT_SECONDS:.0f} seconds; try again when it has finished."
            ) from None
        except OSError as exc:
            raise PlannerError(
                f"Cannot lock the agenda file {self.path}: {exc.strerror or exc}."
            ) from None
        held.add(key)
        try:
            yield
        finally:
            held.discard(key)
            lock.release()

    def _check_target(self) -> os.stat_result | None:
        """The agenda file's stat (None when there is none yet); refuses what is not a
        regular file."""
        try:
            st = os.stat(self.target)
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise self._not_a_file(exc.strerror or str(exc)) from None
        if stat.S_ISDIR(st.st_mode):
            raise self._not_a_file()
        if not stat.S_ISREG(st.st_mode):
            raise self._not_a_file(f"it is {kind_of(st.st_mode)}")
        return st

    def update(self, fn: Callable[[Agenda], T]) -> T:
        """Lock, re-read, apply `fn` to the agenda, write it atomically, unlock.

        The only write path.  When `fn` raises, nothing is written.
        """
        if not os.path.exists(self.lock_path):  # (False for a name too long, too)
            # The first write here: make no lock file beside what is not an agenda.
            try:
                self._read()
            except _Unusable:
                pass  # a damaged agenda: moved aside under the lock
        with self._locked():
            before, agenda = self._read_locked()
            st = self._check_target()
            if st is not None and read_only(self.target, st):
                raise PlannerError(
                    f"The agenda file {self.path} is read-only, so nothing was changed; make "
                    f"it writable (chmod u+w {self.path}) to change your picks."
                )
            result = fn(agenda)
            data = serialize(agenda)
            # Only a writer holding the lock makes temporaries, so any there now were
            # left by a process killed mid-write.
            remove_stale_temporaries(self.target)
            if data != before:
                try:
                    write_file(self.target, data, follow_symlinks=True, new_mode=0o600)
                except OSError as exc:
                    raise PlannerError(
                        f"Cannot save the agenda to {self.path}: {exc.strerror or exc}."
                    ) from None
            return result

    # -- the changes users make ---------------------------------------------------

    def pick(self, talks: Catalog | Iterable[Schedule], ids: Iterable[str],
             level: Literal["must", "maybe"] | None = None) -> PickOutcome:
        """Pick talks by id; unknown ids raise (naming them) and nothing is picked."""
        catalog = as_catalog(talks)
        wanted = normalize_ids(ids)
        if not wanted:
            raise PlannerError("Give the id of a talk to pick (find ids with planner talks "
                               "or planner search).")

        def apply(agenda: Agenda) -> PickOutcome:
            unknown = [i for i in wanted if i not in catalog and i not in agenda.picks]
            if unknown:
                raise PlannerError(unknown_ids_message(unknown, "nothing was picked"))
            outcome = PickOutcome([], [])
            for talk_id in wanted:
                current = agenda.picks.get(talk_id)
                if current is not None and not (current.vanished and talk_id in catalog):
                    if level is not None and current.level != level:
                        current.level = level
                        outcome.relevelled.append(talk_id)
                    else:
                        outcome.already.append(talk_id)
                    continue
                entry = catalog[talk_id]
                new = Pick.of(entry.schedule, entry.talk)
                if current is not None:  # a vanished talk is back: keep what the user said
                    new.level, new.note = current.level, current.note
                if level is not None:
                    new.level = level
                agenda.picks[talk_id] = new
                outcome.added.append(talk_id)
            return outcome

        return self.update(apply)

    def unpick(self, ids: Iterable[str]) -> dict[str, Pick]:
        """Drop picks by id and return them; ids not picked raise and nothing is dropped."""
        wanted = normalize_ids(ids)
        if not wanted:
            raise PlannerError("Give the id of a picked talk to unpick (see them with "
                               "planner picks).")

        def apply(agenda: Agenda) -> dict[str, Pick]:
            missing = [i for i in wanted if i not in agenda.picks]
            if missing:
                raise PlannerError(unknown_ids_message(missing, "nothing was unpicked",
                                                       what="picked talk id"))
            return {talk_id: agenda.picks.pop(talk_id) for talk_id in wanted}

        return self.update(apply)

    def set_level(self, talk_id: str, level: Literal["must", "maybe"]) -> Pick:
        """Make a pick a must or a maybe; an id not picked raises."""
        def apply(agenda: Agenda) -> Pick:
            pick = self.require_pick(agenda, talk_id, "its level was not changed")
            pick.level = level
            return pick

        return self.update(apply)

    def set_note(self, talk_id: str, note: str) -> Pick:
        """Keep a short note on a pick (blank clears it); an id not picked raises."""
        text = " ".join(note.split())
        if len(text) > MAX_NOTE_CHARS:
            raise PlannerError(f"A note holds at most {MAX_NOTE_CHARS} characters; this one "
                               f"has {len(text)}, so it was not kept.")

        def apply(agenda: Agenda) -> Pick:
            pick = self.require_pick(agenda, talk_id, "no note was kept")
            pick.note = text
            return pick

        return self.update(apply)

    @staticmethod
    def require_pick(agenda: Agenda, talk_id: str, consequence: str) -> Pick:
        key = talk_id.strip().lower()
        pick = agenda.picks.get(key)
        if pick is None:
            raise PlannerError(unknown_ids_message([key], consequence, what="picked talk id")
                               + " Pick it first with planner pick.")
        return pick

    def restore(self, picks: dict[str, Pick]) -> list[str]:
        """Put back picks as they were (an undone unpick), level and note included;
        ids picked again meanwhile are left as they are now."""
        def apply(agenda: Agenda) -> list[str]:
            back = [i for i in picks if i not in agenda.picks]
            for talk_id in back:
                agenda.picks[talk_id] = picks[talk_id].model_copy(deep=True)
            return back

        return self.update(apply)

    def set_timezone(self, name: str | None) -> None:
        """Set the display zone (an IANA name, validated), or clear it with None."""
        if name is not None:
            name = get_zone(name).key

        def apply(agenda: Agenda) -> None:
            agenda.timezone = name

        self.update(apply)

    def add_busy(self, paths: Iterable[str]) -> list[str]:
        """Remember busy calendars (absolute paths); returns the newly added ones."""
        wanted = [str(Path(p).expanduser().resolve()) for p in paths]

        def apply(agenda: Agenda) -> list[str]:
            added = [p for p in dict.fromkeys(wanted) if p not in agenda.busy]
            agenda.busy.extend(added)
            return added

        return self.update(apply)

    def remove_busy(self, paths: Iterable[str]) -> list[str]:
        """Forget busy calendars, given as stored or as any path to the same file."""
        given = list(paths)

        def apply(agenda: Agenda) -> list[str]:
            removed = []
            for p in given:
                match = _find_busy(agenda.busy, p)
                if match is None:
                    raise PlannerError(
                        f"{p} is not one of the remembered busy calendars; "
                        "see them with planner busy list."
                    )
                agenda.busy.remove(match)
                removed.append(match)
            return removed

        return self.update(apply)


def _find_busy(stored: list[str], given: str) -> str | None:
    if given in stored:
        return given
    resolved = str(Path(given).expanduser().resolve())
    return resolved if resolved in stored else None


def stored_timezone(path: Path | str | None = None) -> str | None:
    """The display zone the user set, or None (also when the agenda cannot be read)."""
    try:
        return AgendaStore(path)._read().timezone
    except (PlannerError, _Unusable):
        return None
