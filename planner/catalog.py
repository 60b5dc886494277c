"""The talk catalogue: every talk of the loaded schedules, with its schedule and session,
by id.

It is the one talk-by-id index.  A `Planner` builds it once and hands it to whatever
looks talks up or walks them all: resolving picks, clashes, export, search and the
TUI.  When two loaded schedules hold a talk with the same id (the same program loaded
twice, a listing beside its program), the first schedule's talk is the one, here and
so everywhere.  Iteration gives each talk once, schedule by schedule, its sessions'
talks first and then its unscheduled ones.

Ids as typed are normalised here too (`normalize_ids`), and a wrong one is worded here
(`unknown_ids_message`): every command that takes ids says the same thing.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, NamedTuple

from .errors import AmbiguousError, PlannerError

if TYPE_CHECKING:
    from .model import Schedule, Session, Talk


class Entry(NamedTuple):
    """A talk with the schedule and session it is in (no session: an unscheduled one)."""

    schedule: Schedule
    session: Session | None
    talk: Talk


class Catalog:
    """Every talk of `schedules` by id; the first schedule wins a shared id."""

    def __init__(self, schedules: Iterable[Schedule]) -> None:
        self.schedules: list[Schedule] = list(schedules)
        by_id: dict[str, Entry] = {}
        for sch in self.schedules:
            for s in sch.sessions:
                for t in s.talks:
                    if t.id not in by_id:
                        by_id[t.id] = Entry(sch, s, t)
            for t in sch.unscheduled:
                if t.id not in by_id:
                    by_id[t.id] = Entry(sch, None, t)
        self._by_id = by_id
        # The schedules loaded now, by label: a pick from one of them that is not in the
        # catalogue has vanished; one from another is only not loaded.
        self.labels: frozenset[str] = frozenset(s.label for s in self.schedules)

    def __len__(self) -> int:
        return len(self._by_id)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self._by_id.values())

    def __contains__(self, talk_id: object) -> bool:
        return talk_id in self._by_id

    def get(self, talk_id: str) -> Entry | None:
        return self._by_id.get(talk_id)

    def __getitem__(self, talk_id: str) -> Entry:
        return self._by_id[talk_id]

    def talks(self) -> list[Talk]:
        return [e.talk for e in self._by_id.values()]

    def find(self, wanted: str) -> Entry:
        """The talk `wanted` names: its id, or a prefix only one id starts with."""
        found = self._by_id.get(wanted)
        if found is not None:
            return found
        hits = [tid for tid in self._by_id if tid.startswith(wanted)] if wanted else []
        if len(hits) == 1:
            return self._by_id[hits[0]]
        if hits:
            raise AmbiguousError(f"Talk id {wanted!r} matches {len(hits)} talks; give more of it.")
        raise PlannerError(f"No talk with id {wanted!r} in the loaded schedules.")


def as_catalog(talks: Catalog | Iterable[Schedule]) -> Catalog:
    """`talks` as a catalogue: a Planner hands its own; a list of schedules (a test, a
    one-off script) is catalogued on the spot."""
    return talks if isinstance(talks, Catalog) else Catalog(talks)


def normalize_ids(ids: Iterable[str]) -> list[str]:
    """Ids as typed, lower-cased and de-duplicated in order."""
    return list(dict.fromkeys(i.strip().lower() for i in ids if i.strip()))


def unknown_ids_message(unknown: list[str], consequence: str, what: str = "talk id") -> str:
    quoted = ", ".join(repr(i) for i in unknown)
    plural = "s" if len(unknown) > 1 else ""
    hint = ""
    files = [i for i in unknown if os.path.isfile(i)]  # (False for a name too long)
    if files:
        hint = f" ({files[0]} is a file: pass schedules with --schedule {files[0]})"
    elif what == "talk id":
        hint = " (find ids with planner talks or planner pick --search)"
    return f"Unknown {what}{plural} {quoted}{hint}; {consequence}."
