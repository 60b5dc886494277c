"""The "picks -> .ics file" job, shared by `planner export` and the TUI.

`export_agenda` chooses the talks (the picks, everything, one day, given ids), has
`planner.ics` write them, replaces the file atomically and keeps the export state in
the agenda, all under the agenda's lock, so two exports cannot both raise SEQUENCE
from the same old state.  It imports icalendar (through `planner.ics`): callers that
must start fast import this module lazily, when the user asks for an export.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import BinaryIO

from . import clock, lifecycle
from .catalog import Catalog, as_catalog, normalize_ids
from .days import local_day, resolve_day, schedule_days
from .errors import PlannerError
from .ics import Entry, build_calendar
from .model import Schedule, SessionKind, Talk
from .picks.carryover import Carry, carry_over
from .picks.store import Agenda, AgendaStore
from .safefile import Refused, remove_stale_temporaries, write_file
from .text import fold
from .zones import default_zone_name, get_zone

# A temporary export file untouched this long was left by a killed planner (writing one
# takes a moment; another planner may be writing the same file right now).
STALE_TEMPORARY_SECONDS = 60
# The default name's stem, in bytes: room under the 255 a file name can have.
MAX_STEM_BYTES = 150


@dataclass(frozen=True)
class Selection:
    """Which talks to export: the picks (default), everything, or given ids; maybe one day."""

    everything: bool = False
    talk_ids: tuple[str, ...] = ()
    day: str | None = None  # ISO date, weekday name or "today", in `zone`
    zone: str | None = None  # for `day`; default: the agenda's zone, else the schedule's

    @property
    def kind(self) -> str:
        return "talks" if self.talk_ids else "all" if self.everything else "picks"


@dataclass
class ExportReport:
    path: Path | None  # None when written to a stream
    events: int
    todos: int
    calendar_name: str
    left_out: list[Talk] = field(default_factory=list)  # untimed talks not written
    missing: list[str] = field(default_factory=list)  # picked ids no loaded schedule has
    missing_sources: list[str] = field(default_factory=list)  # the files they came from
    changed: list[str] = field(default_factory=list)  # UIDs whose SEQUENCE rose
    cancelled: list[str] = field(default_factory=list)  # UIDs written as STATUS:CANCELLED
    carried: list[Carry] = field(default_factory=list)  # picks moved to a renamed talk


def session_entries(schedules: Sequence[Schedule]) -> list[Entry]:
    """Timed sessions with no talks (opening remarks, a keynote read as a header alone),
    each as a talk of its own so that --all writes the whole program.  Breaks stay out:
    lunch and coffee in every calendar hide the talks."""
    out: list[Entry] = []
    for sch in schedules:
        for s in sch.sessions:
            if s.talks or s.start is None or s.end is None or s.kind == SessionKind.BREAK:
                continue
            talk = Talk(id=s.id, title=s.title, speakers=s.speakers, abstract=s.description,
                        start=s.start, end=s.end, estimated=s.estimated, session_id=s.id,
                        kind=s.kind, url=s.url, location=s.location, track=s.track,
                        line=s.line)
            out.append((sch, s, talk))
    return out


def select_entries(
    catalog: Catalog, picks: Iterable[str], selection: Selection,
    default_zone: str | None = None,
) -> tuple[list[Entry], list[str], date | None]:
    """(entries, picked ids not found, the day filtered on) for `selection`."""
    missing: list[str] = []
    if selection.talk_ids:
        entries: list[Entry] = [catalog.find(tid) for tid in normalize_ids(selection.talk_ids)]
    elif selection.everything:
        entries = list(catalog) + session_entries(catalog.schedules)
    else:
        picked = list(picks)
        if not picked:
            raise PlannerError(
                "You have no picks to export; pick talks first, or use --all for the "
                "whole schedule."
            )
        entries = [catalog[tid] for tid in picked if tid in catalog]
        missing = [tid for tid in picked if tid not in catalog]
        if not entries:
            raise PlannerError(
                f"None of your {len(picked)} picks is in the loaded schedules; "
                "give the schedule file they came from."
            )
    day = None
    if selection.day is not None:
        zone = get_zone(selection.zone or default_zone or default_zone_name(catalog.schedules))
        day = resolve_day(selection.day, schedule_days(catalog.schedules, zone), zone)
        entries = [e for e in entries if e[2].start and local_day(e[2].start, zone) == day]
        if not entries:
            raise PlannerError(f"None of the selected talks is on {day:%A} {day.isoformat()}.")
    return entries, missing, day


def select_with_withdrawals(
    catalog: Catalog, agenda: Agenda, selection: Selection, now: datetime,
) -> tuple[list[Entry], list[str], date | None, list[str]]:
    """`select_entries`, and the UIDs of earlier exports to write as cancelled
    (planner.lifecycle).  Unpicking every talk leaves nothing to select, and still
    the events to withdraw."""
    schedules = catalog.schedules
    loaded = [s.label for s in schedules]
    try:
        entries, missing, day = select_entries(
            catalog, agenda.picks.keys(), selection, default_zone=agenda.timezone
        )
    except PlannerError:
        if selection.kind != "picks" or selection.day is not None or not lifecycle.to_cancel(
                agenda.exports, kind="picks", loaded=loaded, now=now):
            raise
        entries, missing, day = [], list(agenda.picks), None
    zone = get_zone(selection.zone or agenda.timezone or default_zone_name(schedules))
    cancel = lifecycle.to_cancel(agenda.exports, kind=selection.kind, loaded=loaded,
                                 day=day, zone=zone, now=now)
    return entries, missing, day, cancel


def _labels(entries: Sequence[Entry]) -> list[str]:
    out: list[str] = []
    for sch, _, _ in entries:
        if sch.label not in out:
            out.append(sch.label)
    return out


def calendar_name(entries: Sequence[Entry], selection: Selection, day: date | None) -> str:
    name = " + ".join(_labels(entries)) or "planner"
    if selection.kind == "picks":
        name += " — my picks"
    if day is not None:
        name += f" — {day:%a} {day.isoformat()}"
    return name


def default_filename(entries: Sequence[Entry], selection: Selection, day: date | None) -> str:
    """`mlsys-2021-picks.ics`, `mlsys-2021.ics` (--all), `...-2021-04-06.ics` (--day)."""
    parts = [p for p in (fold(label).replace(" ", "-") for label in _labels(entries)) if p]
    if len(parts) > 2:
        parts = [parts[0], f"and-{len(parts) - 1}-more"]
    stem = "-".join(parts) or "planner"
    if selection.kind == "picks":
        stem += "-picks"
    elif selection.kind == "talks":
        ids = {e[2].id for e in entries}
        stem += f"-talk-{next(iter(ids))}" if len(ids) == 1 else "-talks"
    if day is not None:
        stem += f"-{day.isoformat()}"
    # Cut in bytes, not characters: a conference named in CJK takes three per character.
    return stem.encode()[:MAX_STEM_BYTES].decode("utf-8", "ignore") + ".ics"


def _loaded_entries(schedules: Sequence[Schedule]) -> list[Entry]:
    """One stand-in entry per schedule: names a file that holds only cancellations."""
    return [(s, None, Talk(id="", title="")) for s in schedules]


def write_export(path: Path, data: bytes, *, named: bool) -> None:
    """Write the calendar to `path` (planner.safefile): a regular file is replaced in one
    step, a device or FIFO (`-o /dev/stdout`) written in place.  A symbolic link is
    written through only when the user `named` the path; one planted under the default
    name is refused, as is anything that is not a file."""
    beside = Path(os.path.realpath(path)) if named else path  # where temporaries are made
    remove_stale_temporaries(beside, older_than=STALE_TEMPORARY_SECONDS)
    try:
        write_file(path, data, follow_symlinks=named)
    except IsADirectoryError:
        raise PlannerError(f"{path} is a folder.", cli_advice="give a file name with -o") from None
    except FileNotFoundError:
        raise PlannerError(
            f"Cannot write {path}: the folder {path.parent} does not exist."
        ) from None
    except Refused as exc:
        raise PlannerError(f"Did not write {path}: {exc.strerror}.",
                           cli_advice="give another file with -o") from None
    except OSError as exc:
        raise PlannerError(f"Cannot write {path}: {exc.strerror or exc}.") from None


def export_agenda(
    talks: Catalog | Sequence[Schedule],
    store: AgendaStore | None = None,
    *,
    output: Path | str | BinaryIO | None = None,
    selection: Selection | None = None,
    alarms: Sequence[timedelta] = (),
    include_papers: bool = False,
    directory: Path | None = None,
) -> ExportReport:
    """Write the selected talks (default: the picks) as iCalendar; keep the export state.

    `output` is a file path, a binary stream (stdout), or None for the default name
    in `directory` (default: the current directory).  An existing file is replaced
    atomically.  Raises PlannerError when there is nothing to write.
    """
    catalog = as_catalog(talks)
    store = store or AgendaStore()
    selection = selection or Selection()

    def job(agenda: Agenda) -> ExportReport:
        now = clock.now()
        carried = carry_over(catalog, agenda)  # a fixed title keeps its event
        entries, missing, day, cancel = select_with_withdrawals(catalog, agenda, selection, now)
        # Name the file and calendar after what is written, not what is left out.
        written = [e for e in entries if include_papers or e[2].timed] or entries
        name = calendar_name(written or _loaded_entries(catalog.schedules), selection, day)
        build = build_calendar(
            entries, calendar_name=name, now=now, alarms=alarms,
            previous=agenda.exports, include_papers=include_papers,
            cancel=cancel, picked=selection.kind == "picks",
            notes={tid: p.note for tid, p in agenda.picks.items() if p.note},
        )
        if not build.events and not build.todos and not build.cancelled:
            raise PlannerError("Nothing to write: the selected talks have no times.",
                               cli_advice="--include-papers writes them as to-dos")
        path: Path | None = None
        if output is None or isinstance(output, (str, os.PathLike)):
            if output is not None:
                path = Path(output).expanduser()
            else:
                path = Path(directory or ".") / default_filename(
                    written or _loaded_entries(catalog.schedules), selection, day)
            write_export(path, build.data, named=output is not None)
        else:
            output.write(build.data)
            output.flush()
        agenda.exports = build.state
        return ExportReport(
            path=path, events=len(build.events), todos=len(build.todos), calendar_name=name,
            left_out=build.left_out, missing=missing, changed=build.changed,
            cancelled=build.cancelled, carried=carried,
            missing_sources=sorted({s for tid in missing if (s := agenda.picks[tid].source)}),
        )

    return store.update(job)
