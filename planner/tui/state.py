"""What the TUI shows, kept in one place: schedules, the display zone, picks, clashes.

This is the TUI's only door to the core: picks go through the agenda store (so the
CLI and the TUI always agree), clashes come from `planner.clashes`, search from
`planner.search`, export from `planner.export`.  A core feature that is not part of
this build raises `Unavailable`, which the app shows as a notification.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any
from zoneinfo import ZoneInfo

from ..diagnostics import Diagnostic
from ..errors import PlannerError
from ..model import Schedule, Session, Talk
from ..render import short, when
from ..zones import default_zone_name, get_zone
from ..levels import levels_of, role
from .rows import Outline, build_outline
from .state_conference import ConferenceState


class Unavailable(Exception):
    """A core feature this action needs is not part of this build yet."""


def _core(module: str, feature: str) -> ModuleType:
    try:
        return importlib.import_module(f"planner.{module}")
    except ModuleNotFoundError as exc:
        if exc.name == f"planner.{module}":
            raise Unavailable(f"{feature} is not available yet in this build.") from None
        raise


@dataclass(frozen=True)
class TalkRef:
    schedule: Schedule
    session: Session | None
    talk: Talk


class PlannerState(ConferenceState):
    """The loaded schedules, the display zone, and the picks with their clashes."""

    def __init__(self, schedules: list[Schedule], *, agenda_path: str | Path | None = None,
                 busy_paths: tuple[str, ...] = (), zone: str | None = None,
                 export_dir: str | Path | None = None) -> None:
        self.schedules = schedules
        # Label sessions with their conference only when sessions of several mix.
        self.multi = sum(1 for sch in schedules if sch.sessions) > 1
        self.agenda_path = agenda_path
        self.busy_paths = busy_paths
        self.export_dir = Path(export_dir) if export_dir is not None else None
        self.refs: dict[str, TalkRef] = {}
        for sch in schedules:
            for s in sch.sessions:
                for t in s.talks:
                    self.refs.setdefault(t.id, TalkRef(sch, s, t))
            for t in sch.unscheduled:
                self.refs.setdefault(t.id, TalkRef(sch, None, t))
        self.store: Any = None  # planner.agenda.AgendaStore once load_picks ran
        self.agenda: Any = None
        self.picks: set[str] = set()
        self.busy: list[Any] = []  # planner.clashes.Interval of the user's busy events
        self.warnings: list[str] = []  # busy events that could not be read
        self.changes: list[Any] = []  # planner.changes.Change found when the TUI opened
        self._clashes: dict[str, list[Any]] = {}
        self._would_clash: dict[str, list[Any]] = {}
        self._candidates: list[Any] | None = None
        self._stamp: tuple[int, int] | None = None
        self._search_index: Any = None
        self._init_conference()  # levels, notes, now and next, filters (state_conference)
        self._speaker_index: Any = None
        self._zone_override = zone
        self.zone: ZoneInfo = get_zone(zone or default_zone_name(schedules))
        self.outline: Outline = build_outline(schedules, self.zone)

    def renewed(self, schedules: list[Schedule]) -> PlannerState:
        """A state on re-read schedules with this one's agenda, busy time, zone and export
        folder (its picks are read by `load_picks`, which reports what changed)."""
        return PlannerState(schedules, agenda_path=self.agenda_path, busy_paths=self.busy_paths,
                            zone=self._zone_override, export_dir=self.export_dir)

    def notices(self) -> list[str]:
        """Where a kept copy stood in for a server, one sentence each."""
        notice = _core("sources", "Loading by address").NOTICE
        return [d.message for sch in self.schedules for d in sch.diagnostics
                if d.code == notice]

    # -- zone -------------------------------------------------------------------------

    @property
    def conference_zones(self) -> list[str]:
        return list(dict.fromkeys(s.timezone for s in self.schedules))

    def set_zone(self, name: str) -> None:
        """Show times in `name` and remember it in the agenda (the CLI uses it too)."""
        zone = get_zone(name)
        if self.store is not None:
            self.store.set_timezone(zone.key)
        self._zone_override = None  # the user's choice now wins over the command line
        self._use_zone(zone)

    def _use_zone(self, zone: ZoneInfo) -> None:
        if zone.key != self.zone.key:
            self.zone = zone
            self.outline = build_outline(self.schedules, zone)
            self._filter_ids = None

    # -- picks ------------------------------------------------------------------------

    def load_picks(self) -> None:
        """Open the agenda store, read the picks and busy calendars, compute clashes.

        A corrupt agenda file raises the store's PlannerError (it has been moved
        aside, and the message says how to recover); the state is still usable.
        """
        agenda_mod = _core("agenda", "Picking")
        self.store = agenda_mod.AgendaStore(self.agenda_path)
        agenda = self.store.load()
        if self._zone_override is None and agenda.timezone:
            self._use_zone(get_zone(agenda.timezone))
        busy_problem = None
        try:
            self._load_busy(agenda)
        except PlannerError as exc:
            busy_problem = exc  # the picks still show; the app reports the calendar
        self._note_changes(agenda)
        self._apply(self.store.load() if self.changes else agenda)
        if busy_problem is not None:
            raise busy_problem

    def _note_changes(self, agenda: Any) -> None:
        """Moved, vanished and newly clashing picks since the schedules were last read.

        Like `planner picks`, the TUI shows them (on the agenda screen) and records
        the new state, so each move is reported once, wherever the user saw it.
        """
        changes = _core("changes", "Change detection")
        self.changes = changes.detect_changes(self.schedules, agenda, self.busy)
        if changes.needs_acknowledging(self.schedules, agenda):
            self.store.update(lambda a: changes.acknowledge(self.schedules, a))

    def _load_busy(self, agenda: Any) -> None:
        paths = list(dict.fromkeys([*agenda.busy, *self.busy_paths]))
        if not paths:
            return
        busy = _core("busy", "Busy calendars")
        window = busy.busy_window(self.schedules)
        if window is None:
            return
        self.warnings = []
        self.busy = busy.load_busy(paths, *window, zone=self.zone, warnings=self.warnings)

    def _apply(self, agenda: Any) -> None:
        clashes = _core("clashes", "Clash detection")
        resolve = _core("agenda", "Picking").resolve_picks
        self.agenda = agenda
        self.picks = set(agenda.picks)
        self.levels = levels_of(agenda.picks)
        self._filter_ids = None  # "my picks" and "free" depend on the picks
        picked = clashes.pick_intervals(resolve(self.schedules, agenda))
        self._clashes = clashes.by_key(clashes.find_clashes(picked, self.busy))
        if self._candidates is None:
            self._candidates = [
                iv for ref in self.refs.values() if (iv := clashes.talk_interval(ref.talk))
            ]
        self._would_clash = clashes.would_clash(self._candidates, picked, self.busy)
        self._stamp = self._file_stamp()

    def _require_store(self) -> Any:
        if self.store is None:
            self.load_picks()
        return self.store

    def toggle_pick(self, talk_id: str) -> bool:
        """Pick the talk, or unpick it when picked; True when it is picked now."""
        store = self._require_store()
        if talk_id in self.picks:
            store.unpick([talk_id])
        else:
            store.pick(self.schedules, [talk_id])
        self._apply(store.load())
        return talk_id in self.picks

    def _file_stamp(self) -> tuple[int, int] | None:
        try:
            st = self.store.target.stat()
        except (OSError, AttributeError):
            return None
        return (st.st_mtime_ns, st.st_size)

    def reload_if_changed(self) -> bool:
        """Re-read the agenda when another process (`planner pick`) changed it."""
        if self.store is None or self._file_stamp() == self._stamp:
            return False
        agenda = self.store.load()
        if self._zone_override is None and agenda.timezone:
            self._use_zone(get_zone(agenda.timezone))
        self._apply(agenda)
        return True

    def resolved_picks(self) -> list[Any]:
        """The picks matched against the loaded schedules (planner.agenda.ResolvedPick)."""
        if self.agenda is None:
            return []
        return _core("agenda", "Picking").resolve_picks(self.schedules, self.agenda)

    # -- marks (the talk list's Marks protocol) ---------------------------------------

    def is_picked(self, talk_id: str) -> bool:
        return talk_id in self.picks

    def clashes_of(self, talk_id: str) -> list[str]:
        """What a picked talk conflicts with, one line each: overlaps where no maybe is
        involved (those are alternatives, see `alternatives_of`)."""
        return [self._describe(c, talk_id) for c in self._clashes.get(talk_id, ())
                if role(c, self.levels) == "conflict"]

    def would_clash(self, talk_id: str) -> bool:
        """Picked as a must, it would clash: with a must or busy time (a maybe overlap
        would only be an alternative)."""
        return any(role(c, self.levels) == "conflict" for c in self._would_clash.get(talk_id, ()))

    def clash_lines(self, talk: Talk) -> list[str]:
        """For the detail pane: its clashes when picked, else what it would clash with."""
        if talk.id in self.picks:
            return self.clashes_of(talk.id)  # (alternatives_of lists the rest)
        return [self._describe(c, talk.id) for c in self._would_clash.get(talk.id, ())]

    def _describe(self, clash: Any, talk_id: str) -> str:
        """`Pruning Without Tears, Mon 3 Jun ~09:30–~10:00` (busy events say so)."""
        other = clash.other(talk_id)
        what = f"busy: {short(other.label)}" if other.kind == "busy" else short(other.label)
        maybe = " (possible: the times are estimates)" if clash.kind == "possible" else ""
        return f"{what}, {when(other.start, other.end, self.zone, other.estimated)}{maybe}"

    def describe_changes(self) -> list[str]:
        if not self.changes:
            return []
        view = _core("picks_view", "Change detection")
        return [view.describe_change(c, self.zone) for c in self.changes]

    # -- search, speakers, export -----------------------------------------------------

    def search(self, query: str) -> set[str]:
        """Ids of the talks matching `query` in titles, speakers and abstracts; where
        each matched is kept for `match_reason`."""
        if self._search_index is None:
            self._search_index = _core("search", "Search").SearchIndex(self.schedules)
        hits = self._search_index.search(query)
        self.query = query
        self._matched = {hit.talk.id: hit.field for hit in hits}
        return set(self._matched)

    def speaker_index(self) -> Any:
        if self._speaker_index is None:
            index_type = getattr(_core("speakers", "The speaker list"), "SpeakerIndex", None)
            if index_type is None:
                raise Unavailable("The speaker list is not available yet in this build.")
            self._speaker_index = index_type(self.schedules)
        return self._speaker_index

    def export(self) -> tuple[Path | None, int]:
        """Write the picks as .ics through planner.export; (path, events written)."""
        store = self._require_store()
        export = _core("export", "Export")
        report = export.export_agenda(self.schedules, store, directory=self.export_dir)
        self._apply(store.load())  # the export state (SEQUENCE) lives in the agenda
        return report.path, report.events + report.todos

    # -- diagnostics ------------------------------------------------------------------

    def diagnostics(self) -> list[tuple[Schedule, Diagnostic]]:
        return [(sch, d) for sch in self.schedules for d in sch.diagnostics]
