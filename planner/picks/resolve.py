"""Matching picks to the schedules loaded now.

Picks refer to talks by their stable ids across every loaded schedule.  A pick whose
talk is found takes the talk's current times; one whose schedule is loaded but no
longer has it has vanished; one whose schedule is not loaded keeps its last-seen
times.  Re-exported by planner.agenda, which is where callers import them from.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Iterable, Literal

from ..model import Schedule, Talk

if TYPE_CHECKING:  # planner.agenda imports this module; annotations only here
    from .store import Agenda, Pick


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


def talk_index(schedules: list[Schedule]) -> dict[str, tuple[Schedule, Talk]]:
    """Every talk by id; the first schedule wins when two loaded ones share an id."""
    index: dict[str, tuple[Schedule, Talk]] = {}
    for schedule in schedules:
        for talk in schedule.talks():
            index.setdefault(talk.id, (schedule, talk))
    return index


PickStatus = Literal["scheduled", "vanished", "not-loaded"]


@dataclass(frozen=True)
class ResolvedPick:
    """A pick matched against the loaded schedules.

    status: "scheduled" (its talk is loaded; times are the talk's current ones),
    "vanished" (its schedule is loaded but no longer has it), "not-loaded" (its
    schedule is not among those loaded now; the last-seen times stand in).
    """

    id: str
    pick: Pick
    status: PickStatus
    schedule: Schedule | None = None
    talk: Talk | None = None

    @property
    def title(self) -> str:
        return self.talk.title if self.talk else self.pick.title

    @property
    def schedule_label(self) -> str:
        return self.schedule.label if self.schedule else self.pick.schedule

    @property
    def speakers(self) -> list[str]:
        return [s.name for s in self.talk.speakers] if self.talk else list(self.pick.speakers)

    @property
    def start(self) -> datetime | None:
        return self.talk.start if self.talk else self.pick.start

    @property
    def end(self) -> datetime | None:
        return self.talk.end if self.talk else self.pick.end

    @property
    def estimated(self) -> bool:
        return self.talk.estimated if self.talk else self.pick.estimated

    @property
    def location(self) -> str | None:
        return self.talk.location if self.talk else getattr(self.pick, "location", None)

    @property
    def timed(self) -> bool:
        return self.start is not None and self.end is not None


def resolve_picks(schedules: list[Schedule], agenda: Agenda) -> list[ResolvedPick]:
    """The agenda's picks against `schedules`, timed ones by start, then the rest by title."""
    index = talk_index(schedules)
    loaded = {s.label for s in schedules}
    out = []
    for talk_id, pick in agenda.picks.items():
        found = index.get(talk_id)
        if found is not None:
            out.append(ResolvedPick(talk_id, pick, "scheduled", found[0], found[1]))
        elif pick.schedule in loaded:
            out.append(ResolvedPick(talk_id, pick, "vanished"))
        else:
            out.append(ResolvedPick(talk_id, pick, "not-loaded"))
    out.sort(key=_pick_order)
    return out


def _pick_order(r: ResolvedPick) -> tuple:
    if r.start is not None:
        return (0, r.start.timestamp(), r.schedule_label, r.title, r.id)
    return (1, 0.0, r.schedule_label, r.title, r.id)
