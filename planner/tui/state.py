"""What the TUI shows, kept in one place: a view-model over the core's `Planner`.

The Planner (planner.core) holds the schedules, their talk catalogue, the agenda store,
the display zone and the busy time, and answers picks, clashes, changes, search,
people and export exactly as it does for the CLI.  This class only keeps what the
screens draw from it between two changes: the outline of the schedules in the zone,
the picks and their clash marks, the changes found when the TUI opened, and the clash
lines worded for the screens.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING

from zoneinfo import ZoneInfo

from .. import locations
from ..catalog import Catalog
from ..clashes import Clash, Interval
from ..core import Planner
from ..diagnostics import Diagnostic
from ..errors import PlannerError
from ..levels import levels_of, role
from ..model import Schedule, Talk
from ..people import SpeakerIndex
from ..picks.changes import Change
from ..picks.resolve import ResolvedPick
from ..picks.store import Agenda
from ..views.text import describe_change, describe_clash_briefly
from .rows import Outline, build_outline
from .state_conference import ConferenceState
from .state_grid import GridState

if TYPE_CHECKING:
    from ..export import ExportReport  # imports icalendar: only when exporting


class PlannerState(ConferenceState, GridState):
    """The loaded schedules, the display zone, and the picks with their clashes."""

    def __init__(self, schedules: list[Schedule], *, agenda_path: str | Path | None = None,
                 busy_paths: tuple[str, ...] = (), zone: str | None = None,
                 export_dir: str | Path | None = None,
                 friends: Mapping[str, list[str]] | None = None) -> None:
        """`friends`: talk id -> the names of friends who picked it (planner.shared_picks
        read_friends), shown as marks."""
        self.planner = Planner(schedules, agenda_path=agenda_path, tz=zone,
                               busy_paths=busy_paths)
        self.schedules = self.planner.schedules
        # Label sessions with their conference only when sessions of several mix.
        self.multi = sum(1 for sch in schedules if sch.sessions) > 1
        self.export_dir = Path(export_dir) if export_dir is not None else None
        self.friends: dict[str, list[str]] = dict(friends or {})
        self.picks: set[str] = set()
        self.changes: list[Change] = []  # found when the TUI opened
        self._clashes: dict[str, list[Clash]] = {}
        self._would_clash: dict[str, list[Clash]] = {}
        self._stamp: tuple[int, int] | None = None
        self._init_conference()  # levels, notes, now and next, filters (state_conference)
        self.outline: Outline = build_outline(self.schedules, self.zone)

    @property
    def catalog(self) -> Catalog:
        return self.planner.catalog

    @property
    def zone(self) -> ZoneInfo:
        return self.planner.zone

    @property
    def agenda(self) -> Agenda | None:
        return self.planner.agenda

    @property
    def busy(self) -> list[Interval]:
        return self.planner.busy

    @property
    def warnings(self) -> list[str]:
        """Busy events that could not be read."""
        return self.planner.busy_warnings

    def renewed(self, schedules: list[Schedule]) -> PlannerState:
        """A state on re-read schedules with this one's agenda, busy time, zone and export
        folder (its picks are read by `load_picks`, which reports what changed)."""
        old = self.planner
        return PlannerState(schedules, agenda_path=old.agenda_path, busy_paths=old.busy_paths,
                            zone=old.tz, export_dir=self.export_dir, friends=self.friends)

    def notices(self) -> list[str]:
        """Where a kept copy stood in for a server, one sentence each."""
        return self.planner.notices()

    # -- zone -------------------------------------------------------------------------

    @property
    def conference_zones(self) -> list[str]:
        return self.planner.conference_zones

    def set_zone(self, name: str) -> None:
        """Show times in `name` and remember it in the agenda (the CLI uses it too)."""
        before = self.zone.key
        self.planner.set_zone(name)
        self._zone_changed(before)

    def _zone_changed(self, before: str) -> None:
        if self.zone.key != before:
            self.outline = build_outline(self.schedules, self.zone)
            self._filter_ids = None

    # -- picks ------------------------------------------------------------------------

    def load_picks(self) -> None:
        """Read the picks and busy calendars, note and record what changed, mark clashes.

        A corrupt agenda file raises the store's PlannerError (it has been moved
        aside, and the message says how to recover), as does a broken busy calendar
        (after the picks are read); the state is still usable.
        """
        before = self.zone.key
        self.planner.read_agenda()
        self._zone_changed(before)
        busy_problem = None
        try:
            self.planner.load_busy()
        except PlannerError as exc:
            busy_problem = exc  # the picks still show; the app reports the calendar
        # Like `planner picks`, the TUI shows the changes (on the agenda screen) and
        # records the new state, so each move is reported once, wherever it was seen.
        self.changes = self.planner.changes()
        self.planner.acknowledge_changes()
        self._apply()
        if busy_problem is not None:
            raise busy_problem

    def _apply(self) -> None:
        agenda = self.planner.agenda
        self.picks = set(agenda.picks) if agenda is not None else set()
        self.levels = self.planner.levels()
        self._filter_ids = None  # "my picks" and "free" depend on the picks
        self._clashes = self.planner.clash_map()
        self._would_clash = self.planner.would_clash()
        self._stamp = self.planner.agenda_stamp()

    def _require_agenda(self) -> None:
        if self.planner.agenda is None:
            self.load_picks()

    def toggle_pick(self, talk_id: str) -> bool:
        """Pick the talk, or unpick it when picked; True when it is picked now."""
        self._require_agenda()
        picked = self.planner.toggle(talk_id)
        self._apply()
        return picked

    def reload_if_changed(self) -> bool:
        """Re-read the agenda when another process (`planner pick`) changed it."""
        if self.planner.agenda is None or self.planner.agenda_stamp() == self._stamp:
            return False
        before = self.zone.key
        self.planner.read_agenda()
        self._zone_changed(before)
        self._apply()
        return True

    def resolved_picks(self) -> list[ResolvedPick]:
        """The picks matched against the loaded schedules."""
        return self.planner.resolved()

    # -- marks (the talk list's Marks protocol) ---------------------------------------

    def is_picked(self, talk_id: str) -> bool:
        return talk_id in self.picks

    def friends_of(self, talk_id: str) -> list[str]:
        """Who else picked the talk (the friends' picks files given to the TUI)."""
        return self.friends.get(talk_id, [])

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

    def _describe(self, clash: Clash, talk_id: str) -> str:
        """`Pruning Without Tears, Mon 3 Jun ~09:30–~10:00` (busy events say so)."""
        return describe_clash_briefly(clash, talk_id, self.zone)

    def describe_changes(self) -> list[str]:
        return [describe_change(c, self.zone) for c in self.changes]

    # -- search, speakers, export -----------------------------------------------------

    def search(self, query: str) -> set[str]:
        """Ids of the talks matching `query` in titles, speakers and abstracts; where
        each matched is kept for `match_reason`."""
        self._matched = self.planner.matched(query)
        self.query = query
        return set(self._matched)

    def speaker_index(self) -> SpeakerIndex:
        return self.planner.people()

    def export_folder(self) -> tuple[Path, str]:
        """Where the export dialog starts, and how to name it to the user."""
        if self.export_dir is not None:
            return self.export_dir, "the folder planner was given"
        return locations.export_dir()

    def export(self, *, output: Path | None = None, directory: Path | None = None,
               alarms: Sequence[timedelta] = (), include_papers: bool = False) -> ExportReport:
        """Write the picks as .ics through the core export (planner.export)."""
        self._require_agenda()
        report = self.planner.export(output=output, directory=directory, alarms=alarms,
                                     include_papers=include_papers)
        self._apply()  # the export state (SEQUENCE) lives in the agenda
        return report

    # -- diagnostics ------------------------------------------------------------------

    def diagnostics(self) -> list[tuple[Schedule, Diagnostic]]:
        return [(sch, d) for sch in self.schedules for d in sch.diagnostics]
