"""What happened to the picks since the schedule was last read: moved, vanished, new clashes.

Each pick keeps the title and times it had when last seen.  Comparing those with the
schedules loaded now tells which picked talks moved (old and new time), which have
vanished from a loaded schedule (the title is kept, so the user knows what went),
and which moved talks now clash with something they did not clash with before.

`detect_changes` only looks; `acknowledge` records the new state, so a move is
reported once while a vanished pick is reported until the user unpicks it.  A pick
whose schedule is not loaded at all is neither moved nor vanished: it is left alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Literal

from ..catalog import Catalog, as_catalog
from ..clashes import Clash, Interval, find_clashes
from .carryover import carry_over, find_carryovers
from .resolve import ResolvedPick, pick_intervals, resolve_picks

if TYPE_CHECKING:
    from ..model import Schedule
    from .store import Agenda

ChangeKind = Literal["moved", "vanished", "new-clash", "carried"]


@dataclass(frozen=True)
class Change:
    kind: ChangeKind
    id: str
    title: str
    schedule: str
    old_start: datetime | None = None
    old_end: datetime | None = None
    new_start: datetime | None = None
    new_end: datetime | None = None
    clash: Clash | None = None  # for "new-clash": the clash that is new
    old_estimated: bool = False
    new_estimated: bool = False
    old_location: str | None = None  # the rooms, where the schedule names them
    new_location: str | None = None
    old_id: str | None = None  # for "carried": the id the pick had (planner.carryover)
    old_title: str | None = None

    def to_json(self) -> dict:
        def iso(dt: datetime | None) -> str | None:
            return dt.isoformat() if dt else None

        out = {"kind": self.kind, "id": self.id, "title": self.title,
               "schedule": self.schedule, "old_start": iso(self.old_start),
               "old_end": iso(self.old_end), "new_start": iso(self.new_start),
               "new_end": iso(self.new_end), "old_location": self.old_location,
               "new_location": self.new_location}
        if self.clash is not None:
            out["clash"] = self.clash.to_json()
        if self.kind == "carried":
            out["old_id"], out["old_title"] = self.old_id, self.old_title
        return out


def _ts(dt: datetime | None) -> float | None:
    return dt.timestamp() if dt is not None else None


def _moved(r: ResolvedPick) -> bool:
    """Another time, or another room (when both the old and the new room are known)."""
    if r.status != "scheduled":
        return False
    p = r.pick
    return (_ts(p.start), _ts(p.end)) != (_ts(r.start), _ts(r.end)) or _rehoused(r)


def _rehoused(r: ResolvedPick) -> bool:
    old = r.pick.location
    return old is not None and r.location is not None and old != r.location


def _snapshot_intervals(resolved: list[ResolvedPick]) -> list[Interval]:
    """The picks as they were last seen (vanished ones as well: they existed then)."""
    return [
        Interval(r.id, r.pick.title, r.pick.start, r.pick.end, r.pick.estimated)
        for r in resolved
        if r.pick.start is not None and r.pick.end is not None and not r.pick.vanished
    ]


def _pair(c: Clash) -> tuple[str, str]:
    return (c.a.key, c.b.key) if c.a.key <= c.b.key else (c.b.key, c.a.key)


def detect_changes(talks: Catalog | Iterable[Schedule], agenda: Agenda,
                   busy: list[Interval] | None = None) -> list[Change]:
    """Moved and vanished picks, and the clashes moved picks newly have."""
    catalog = as_catalog(talks)
    resolved = resolve_picks(catalog, agenda)
    carried = {c.old_id: c for c in find_carryovers(catalog, agenda)}
    out: list[Change] = []
    moved = set()
    for r in resolved:
        p = r.pick
        if r.id in carried:
            c = carried[r.id]
            out.append(Change("carried", c.new_id, c.new_title, c.schedule, p.start, p.end,
                              old_id=c.old_id, old_title=c.old_title))
        elif r.status == "vanished":
            out.append(Change("vanished", r.id, p.title, p.schedule, p.start, p.end,
                              old_estimated=p.estimated, old_location=p.location))
        elif _moved(r):
            moved.add(r.id)
            out.append(Change("moved", r.id, r.title, r.schedule_label, p.start, p.end,
                              r.start, r.end, old_estimated=p.estimated,
                              new_estimated=r.estimated, old_location=p.location,
                              new_location=r.location))
    if moved:
        before = {_pair(c) for c in find_clashes(_snapshot_intervals(resolved), busy)}
        for c in find_clashes(pick_intervals(resolved), busy):
            mover = next((s for s in (c.a, c.b) if s.key in moved), None)
            if mover is None or _pair(c) in before:
                continue
            r = next(x for x in resolved if x.id == mover.key)
            out.append(Change("new-clash", r.id, r.title, r.schedule_label,
                              new_start=r.start, new_end=r.end, clash=c,
                              new_estimated=r.estimated))
    return out


def acknowledge(talks: Catalog | Iterable[Schedule], agenda: Agenda) -> None:
    """Carry picks over to renamed talks, record the current titles and times as last
    seen, and flag vanished picks."""
    catalog = as_catalog(talks)
    carry_over(catalog, agenda)
    for r in resolve_picks(catalog, agenda):
        if r.status == "scheduled" and r.schedule is not None and r.talk is not None:
            r.pick.refresh(r.schedule, r.talk)
        elif r.status == "vanished":
            r.pick.vanished = True


def needs_acknowledging(talks: Catalog | Iterable[Schedule], agenda: Agenda) -> bool:
    """Whether `acknowledge` would change anything stored (so a read can skip writing)."""
    catalog = as_catalog(talks)
    if find_carryovers(catalog, agenda):
        return True
    for r in resolve_picks(catalog, agenda):
        if r.status == "vanished" and not r.pick.vanished:
            return True
        if r.status == "scheduled" and r.talk is not None and (
            _moved(r) or r.pick.vanished or r.pick.title != r.talk.title
            or r.pick.estimated != r.talk.estimated or r.pick.location != r.talk.location
        ):
            return True
    return False
