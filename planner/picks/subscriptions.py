"""Remembered schedules: files and addresses kept in the agenda (`planner add`).

Every command given no schedule reads the remembered ones (planner.loader), so a
conference's program is named once.  `refresh` re-reads them all, checking every
address with its server, and reports what changed for the picks: moved (time or
room), vanished, newly clashing (planner.changes).

The list itself is read by `planner.loader.remembered` (the loading layer needs it,
and it reads the agenda's JSON without the models or this package).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import PlannerError
from ..loader import remembered
from ..sources import is_url

if TYPE_CHECKING:
    from ..clashes import Interval
    from ..loader import LoadOptions
    from ..model import Schedule
    from .changes import Change
    from .store import Agenda, AgendaStore


def normalize(spec: str) -> str:
    """How a schedule is remembered: an address as given, a file as its absolute path."""
    spec = spec.strip()
    return spec if is_url(spec) else str(Path(spec).expanduser().resolve())


def find(kept: list[str], given: str) -> str | None:
    """The remembered schedule `given` names: as stored, as a path to the same file, or
    by its number in `planner sources`."""
    if given in kept:
        return given
    if given.isdigit() and 1 <= int(given) <= len(kept):
        return kept[int(given) - 1]
    resolved = normalize(given)
    return resolved if resolved in kept else None


@dataclass
class Added:
    spec: str
    schedule: Schedule
    new: bool  # False: it was remembered already


def add(store: AgendaStore, specs: list[str], options: LoadOptions | None = None) -> list[Added]:
    """Remember schedules.  Each is read first: one that cannot be read is refused (one
    sentence saying why) and nothing is remembered."""
    from ..loader import load_schedule

    wanted = list(dict.fromkeys(normalize(s) for s in specs))
    schedules = [load_schedule(spec, options) for spec in wanted]

    def apply(agenda: Agenda) -> list[str]:
        added = [s for s in wanted if s not in agenda.sources]
        agenda.sources.extend(added)
        return added

    added = set(store.update(apply))
    return [Added(spec, sch, spec in added) for spec, sch in zip(wanted, schedules)]


def remove(store: AgendaStore, specs: list[str]) -> list[str]:
    """Forget remembered schedules (and the kept copies of addresses); an unknown one
    forgets nothing."""
    from .. import sources

    def apply(agenda: Agenda) -> list[str]:
        kept = list(agenda.sources)
        found = []
        for given in specs:
            match = find(kept, given)
            if match is None:
                raise PlannerError(f"{given} is not a remembered schedule; see them with "
                                   "planner sources.")
            found.append(match)
        agenda.sources = [s for s in agenda.sources if s not in found]
        return list(dict.fromkeys(found))

    removed = store.update(apply)
    for spec in removed:
        if is_url(spec):
            sources.forget(spec)
    return removed


# -- listing --------------------------------------------------------------------------

@dataclass
class SourceState:
    """One remembered schedule as `planner sources` shows it (no network is used)."""

    spec: str
    schedule: Schedule | None = None
    problem: str | None = None  # why it cannot be read now
    fetched: str | None = None  # for addresses: "fetched 2 hours ago", "not fetched yet"


def states(agenda_path: str | os.PathLike[str] | None,
           options: LoadOptions | None = None) -> list[SourceState]:
    """Each remembered schedule, read from its file or kept copy, never fetched."""
    from .. import sources
    from ..loader import load_schedule, parse_text

    out = []
    for spec in remembered(agenda_path):
        state = SourceState(spec)
        try:
            if is_url(spec):
                copy = sources.stored(spec)
                if copy is None:
                    state.fetched = "not fetched yet"
                else:
                    state.fetched = f"fetched {sources.describe_age(copy.age)} ago"
                    state.schedule = parse_text(copy.text(), spec, {}, options)
            else:
                state.schedule = load_schedule(spec, options)
        except PlannerError as exc:
            state.problem = exc.message
        out.append(state)
    return out


# -- refreshing -----------------------------------------------------------------------

# What a re-read found, for each kind of source.
_STATUS = {
    "downloaded": "updated from its server",
    "not-modified": "unchanged on its server",
    "cached": "kept copy",
    "stale": "server not reached; kept copy used",
    "unreadable-new": "server sent no schedule; kept copy used",
    "file": "re-read",
}


@dataclass
class Refreshed:
    spec: str
    schedule: Schedule | None
    status: str  # a key of _STATUS, or "failed"
    problem: str | None = None  # the sentence, when failed
    notes: list[str] = field(default_factory=list)  # kept copies standing in, and why

    @property
    def what(self) -> str:
        return _STATUS.get(self.status, "could not be read")


@dataclass
class RefreshReport:
    sources: list[Refreshed]
    changes: list[Change]  # for the picks: moved, vanished, newly clashing

    @property
    def failed(self) -> list[Refreshed]:
        return [s for s in self.sources if s.status == "failed"]

    @property
    def schedules(self) -> list[Schedule]:
        return [s.schedule for s in self.sources if s.schedule is not None]


def refresh(store: AgendaStore, options: LoadOptions | None = None,
            busy_for: Callable[[list[Schedule]], list[Interval]] | None = None,
            specs: list[str] | None = None) -> RefreshReport:
    """Re-read every remembered schedule (or `specs`), checking each address with its
    server, then report and record what changed for the picks.

    `busy_for(schedules)` gives the user's busy time around the schedules read, so a
    move into a meeting counts as a new clash.

    A schedule that cannot be read is reported and left out; its picks are then "not
    loaded" and left alone, never reported as vanished.
    """
    from .. import sources
    from ..loader import load_schedule, read_url
    from .changes import acknowledge, detect_changes, needs_acknowledging

    agenda = store.load()
    out = []
    for spec in specs if specs is not None else agenda.sources:
        try:
            if is_url(spec):
                schedule, status = read_url(spec, options, refresh=True)
            else:
                schedule, status = load_schedule(spec, options), "file"
        except PlannerError as exc:
            out.append(Refreshed(spec, None, "failed", exc.message))
            continue
        notes = [d.message for d in schedule.diagnostics if d.code == sources.NOTICE]
        out.append(Refreshed(spec, schedule, status, notes=notes))
    loaded = [r.schedule for r in out if r.schedule is not None]
    busy = busy_for(loaded) if busy_for is not None else None
    changes = detect_changes(loaded, agenda, busy)
    if needs_acknowledging(loaded, agenda):
        store.update(lambda a: acknowledge(loaded, a))
    return RefreshReport(out, changes)


def report_json(report: RefreshReport) -> dict[str, Any]:
    """The report for scripts: each source's outcome and the changes to the picks."""
    return {
        "sources": [
            {"source": r.spec, "status": r.status,
             "schedule": r.schedule.label if r.schedule else None,
             "talks": len(r.schedule.talks()) if r.schedule else 0,
             "problem": r.problem, "notes": r.notes}
            for r in report.sources
        ],
        "changes": [c.to_json() for c in report.changes],
    }
