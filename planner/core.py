"""The Planner: the one door into the core that the CLI and the TUI both drive.

A Planner holds what a command or the TUI works on: the loaded schedules and their talk
catalogue, the agenda store with the picks read from it, the zone times are shown in,
and the user's busy time.  Its methods are the verbs of the product (pick, unpick,
toggle, levels and notes, clashes, would-clash, changes and acknowledging them, reload, zone, export,
search, people, one day's agenda); the CLI opens one, calls a method and renders, and
the TUI's state is a view-model over one.  The rules both front ends must share live here, once:

- the busy window spans the loaded talks *and* the picks' last-seen times, so a pick
  that moved away from its old slot still meets the busy events around it;
- a broken remembered calendar is reported with how to forget it
  (`planner busy remove PATH`);
- the display zone is the run's override, else the one set with `planner timezone`,
  else the schedules' own.

The clash wording lives with the other output shapes (`planner.views.text`).  Modules
that load heavy libraries (icalendar for busy time and export, the search index, the
people index, and the models themselves: the agenda store and the clash rules) are
imported inside the methods that need them, so a command pays only for what it asks:
`agenda_day` answered from the cache's day slices never imports pydantic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import date, datetime
from pathlib import Path
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from .catalog import Catalog
from .errors import PlannerError
from .levels import Level, levels_of
from .loader import LoadOptions, load_schedules, notices
from .zones import default_zone_name, get_zone

if TYPE_CHECKING:
    from .clashes import Clash, Interval
    from .days import DayAgenda
    from .export import ExportReport, Selection
    from .picks.resolve import ResolvedPick
    from .picks.store import Agenda, AgendaStore, Pick, PickOutcome
    from .people import SpeakerIndex
    from .picks.changes import Change
    from .model import Schedule
    from .search import Hit, SearchIndex


class Planner:
    """Schedules, their catalogue, the agenda and its picks, the display zone, busy time.

    `tz` overrides the zone for this run; `busy_paths` are calendars given for this run
    beside the ones remembered in the agenda.  The agenda is read by `read_agenda` (or
    by `Planner.open`): until then there are no picks, and a corrupt agenda file
    (which the store moves aside) leaves the schedules usable.
    """

    def __init__(self, schedules: Sequence[Schedule], *, agenda_path: str | Path | None = None,
                 tz: str | None = None, busy_paths: Iterable[str] = ()) -> None:
        self.schedules: list[Schedule] = list(schedules)
        self.catalog = Catalog(self.schedules)
        from .picks.store import AgendaStore

        self.agenda_path = agenda_path
        self.store = AgendaStore(agenda_path)
        self.agenda: Agenda | None = None
        self.tz = tz or None
        self.busy_paths: tuple[str, ...] = tuple(busy_paths)
        self.busy: list[Interval] = []
        self.busy_warnings: list[str] = []  # events and rules of busy calendars skipped
        self.zone: ZoneInfo = get_zone(self.tz or default_zone_name(self.schedules))
        self._candidates: list[Interval] | None = None
        self._search_index: SearchIndex | None = None
        self._people: SpeakerIndex | None = None

    @classmethod
    def open(cls, sources: Sequence[str] | None = None, options: LoadOptions | None = None, *,
             agenda_path: str | Path | None = None, tz: str | None = None,
             busy_paths: Iterable[str] = (), refresh: bool = False,
             with_busy: bool = True) -> Planner:
        """Read the agenda, load `sources` (files and addresses; none: the remembered
        schedules, else the bundled ones) and, unless `with_busy` is False, the busy time.

        The agenda is read first, so a corrupt one is reported before a slow load.
        """
        from .picks.store import AgendaStore

        store = AgendaStore(agenda_path)
        agenda = store.load()
        schedules = load_schedules(list(sources or ()), options or LoadOptions(),
                                   str(agenda_path) if agenda_path is not None else None,
                                   refresh=refresh)
        planner = cls(schedules, agenda_path=agenda_path, tz=tz, busy_paths=busy_paths)
        planner.use_agenda(agenda)
        if with_busy:
            planner.load_busy()
        return planner

    def renewed(self, schedules: Sequence[Schedule]) -> Planner:
        """A Planner on re-read schedules with this one's agenda file, zone override and
        busy calendars (its agenda and busy time are read again by the caller)."""
        return Planner(schedules, agenda_path=self.agenda_path, tz=self.tz,
                       busy_paths=self.busy_paths)

    def notices(self) -> list[str]:
        """Where a kept copy stood in for a server, one sentence each."""
        return notices(self.schedules)

    @staticmethod
    def agenda_day(sources: Sequence[str] | None, options: LoadOptions, *, day: str | None,
                   agenda_path: str | None = None, tz: str | None = None,
                   only: set[str] | None = None, narrow: Narrowing | None = None,
                   notify: Callable[[str], None] = lambda message: None) -> DayAgenda:
        """One day's agenda of `sources` (none: the remembered schedules, else the bundled
        ones): `day` is an ISO date, a weekday name, `today`, or None for today when
        scheduled, else the first day; times in `tz`, else the schedules' zone; with
        `only`, just those talks.  `narrow` (filters that look at every talk) says which
        talk ids to keep, given the whole schedules.

        The day comes from the cache's day slices (planner.dayslices) when every
        schedule is a file with a current entry and nothing asks for whole schedules:
        then neither the rest of the schedules nor the models are read.  Otherwise the
        schedules are loaded whole (`notify` hears where a kept copy stood in for a
        server) and their slices kept for next time.  The same DayAgenda comes out.
        """
        from . import dayslices
        from .days import build_day, schedule_days
        from .loader import schedule_paths
        from .sources import is_url

        paths = schedule_paths(list(sources or ()), agenda_path)
        local = not any(is_url(p) for p in paths)
        missing: list[tuple[int, dict | None]] = []
        if local and narrow is None:
            entries = [dayslices.read(p, options) for p in paths]
            ready = [e for e in entries if e is not None]
            try:
                if len(ready) == len(entries):
                    zone = get_zone(tz or default_zone_name(ready))  # type: ignore[arg-type]
                    days = sorted(set().union(*(e.days(zone, only) for e in ready)))
                    wanted = _chosen_day(day, days, zone, only)
                    sliced = [e.schedule_on(wanted, zone, only) for e in ready]
                    return build_day(sliced, wanted, zone, only)  # type: ignore[arg-type]
            except dayslices.Damaged:
                entries = [None] * len(paths)  # loaded whole, and every entry made anew
            finally:
                for e in ready:
                    e.close()
            missing = [(i, dayslices.signature_of(paths[i]))
                       for i, e in enumerate(entries) if e is None]
        schedules = load_schedules(list(sources or ()), options, agenda_path)
        for i, signature in missing:
            dayslices.keep(paths[i], schedules[i], options, signature)
        for message in notices(schedules):
            notify(message)
        zone = get_zone(tz or default_zone_name(schedules))
        wanted = _chosen_day(day, schedule_days(schedules, zone, only), zone, only)
        if narrow is not None:
            only = narrow(schedules, zone, wanted, only)
        return build_day(schedules, wanted, zone, only)

    # -- the agenda and the zone ------------------------------------------------------

    def read_agenda(self) -> Agenda:
        """Read the picks (again); the zone follows the agenda's unless overridden."""
        self.use_agenda(self.store.load())
        assert self.agenda is not None
        return self.agenda

    def use_agenda(self, agenda: Agenda) -> None:
        """Work on `agenda`, already read from this Planner's store."""
        self.agenda = agenda
        if self.tz is None and agenda.timezone:
            self.zone = get_zone(agenda.timezone)

    def _require_agenda(self) -> Agenda:
        return self.agenda if self.agenda is not None else self.read_agenda()

    def set_zone(self, name: str) -> ZoneInfo:
        """Show times in `name`; once the agenda is read, remember it there, where every
        later command and the TUI find it.  It now wins over the run's --tz."""
        zone = get_zone(name)
        if self.agenda is not None:
            self.store.set_timezone(zone.key)
            self.agenda.timezone = zone.key
        self.tz = None
        self.zone = zone
        return zone

    @property
    def conference_zones(self) -> list[str]:
        return list(dict.fromkeys(s.timezone for s in self.schedules))

    # -- busy time --------------------------------------------------------------------

    def busy_calendars(self) -> list[str]:
        """The remembered calendars, then the run's (each once)."""
        remembered = self.agenda.busy if self.agenda is not None else []
        return list(dict.fromkeys([*remembered, *self.busy_paths]))

    def busy_window(self) -> tuple[datetime, datetime] | None:
        """The span busy events are read in: every loaded talk and every pick's last-seen
        time (so a moved or vanished pick still meets the events around its old slot),
        widened by a margin; None when nothing is timed."""
        from .picks.busy import busy_window

        picks = self.agenda.picks.values() if self.agenda is not None else ()
        seen = [x for p in picks for x in (p.start, p.end) if x]
        return busy_window(self.schedules, seen)

    def load_busy(self) -> list[Interval]:
        """Busy intervals from the remembered calendars and the run's, inside the window.

        Each calendar is read even when nothing is timed, so a broken one is always
        reported; one remembered in the agenda is reported with how to forget it.
        Skipped events go to `busy_warnings` (kept even when a later calendar fails).
        """
        self.busy = []
        self.busy_warnings = []
        paths = self.busy_calendars()
        if not paths:
            return self.busy
        from .picks.busy import parse_busy, read_busy

        window = self.busy_window()
        remembered = set(self.agenda.busy if self.agenda is not None else ())
        out: list[Interval] = []
        for path in paths:
            try:
                if window is None:  # nothing timed to clash with: only check the file
                    intervals, skipped = [], parse_busy(path, self.zone).skipped
                else:  # read near the window only, and from the busy cache when it can
                    intervals, skipped = read_busy(path, *window, self.zone)
            except PlannerError as exc:
                # (a cache folder's fault is not the remembered calendar's)
                about_file = exc.message.startswith(f"Busy calendar {path} ")
                if path in remembered and path not in self.busy_paths and about_file:
                    raise PlannerError(forget_hint(exc.message, path)) from None
                raise
            out.extend(intervals)
            self.busy_warnings.extend(skipped)
        self.busy = out
        return out

    # -- picks, clashes, changes ------------------------------------------------------

    def resolved(self) -> list[ResolvedPick]:
        """The picks against the catalogue: timed ones by start, then the rest by title."""
        from .picks.resolve import resolve_picks

        if self.agenda is None:
            return []
        return resolve_picks(self.catalog, self.agenda)

    def clashes(self, resolved: list[ResolvedPick] | None = None) -> list[Clash]:
        """Where the picks overlap each other or the busy time."""
        from .clashes import find_clashes
        from .picks.resolve import pick_intervals

        picked = pick_intervals(self.resolved() if resolved is None else resolved)
        return find_clashes(picked, self.busy)

    def clash_map(self, resolved: list[ResolvedPick] | None = None) -> dict[str, list[Clash]]:
        """Picked talk id -> its clashes."""
        from .clashes import by_key

        return by_key(self.clashes(resolved))

    def would_clash(self) -> dict[str, list[Clash]]:
        """Unpicked talk id -> the picks and busy events it would clash with if picked."""
        from .clashes import would_clash
        from .picks.resolve import pick_intervals, talk_intervals

        if self._candidates is None:
            self._candidates = talk_intervals(self.catalog)
        return would_clash(self._candidates, pick_intervals(self.resolved()), self.busy)

    def changes(self) -> list[Change]:
        """Picks that moved or vanished since last seen, and clashes moved ones now have."""
        from .picks.changes import detect_changes

        if self.agenda is None:
            return []
        return detect_changes(self.catalog, self.agenda, self.busy)

    def acknowledge_changes(self) -> bool:
        """Record the picks' current titles and times as last seen (so each move is
        reported once, wherever the user saw it); False when nothing needed writing."""
        from .picks.changes import acknowledge, needs_acknowledging

        agenda = self._require_agenda()
        if not needs_acknowledging(self.catalog, agenda):
            return False

        def record(stored: Agenda) -> Agenda:
            acknowledge(self.catalog, stored)
            return stored

        self.agenda = self.store.update(record)
        return True

    def pick(self, ids: Iterable[str], level: Level | None = None) -> PickOutcome:
        """Pick talks (new ones at `level`, default must); with a level, picks already
        made take it too (`relevelled`)."""
        outcome = self.store.pick(self.catalog, ids, level)
        self.read_agenda()
        return outcome

    def levels(self) -> dict[str, str]:
        """Picked talk id -> must or maybe (planner.levels reads overlaps with it)."""
        return levels_of(self.agenda.picks) if self.agenda is not None else {}

    def set_level(self, talk_id: str, level: Level) -> Pick:
        pick = self.store.set_level(talk_id, level)
        self.read_agenda()
        return pick

    def set_note(self, talk_id: str, note: str) -> Pick:
        pick = self.store.set_note(talk_id, note)
        self.read_agenda()
        return pick

    def restore(self, picks: dict[str, Pick]) -> list[str]:
        """Put back unpicked picks with their level and note (an undo)."""
        back = self.store.restore(picks)
        self.read_agenda()
        return back

    def unpick(self, ids: Iterable[str]) -> dict[str, Pick]:
        removed = self.store.unpick(ids)
        if self.agenda is not None:
            self.read_agenda()
        return removed

    def toggle(self, talk_id: str) -> bool:
        """Pick the talk, or unpick it when picked; True when it is picked now."""
        agenda = self._require_agenda()
        if talk_id in agenda.picks:
            self.unpick([talk_id])
        else:
            self.pick([talk_id])
        assert self.agenda is not None
        return talk_id in self.agenda.picks

    def agenda_stamp(self) -> tuple[int, int] | None:
        """The agenda file's modification time and size (None: no file yet)."""
        try:
            st = self.store.target.stat()
        except OSError:
            return None
        return (st.st_mtime_ns, st.st_size)

    # -- search, people, export -------------------------------------------------------

    def search(self, query: str, limit: int | None = None) -> list[Hit]:
        """Talks matching every word of `query`, best first (the index is built once)."""
        return self._index().search(query, limit)

    def matched(self, query: str) -> dict[str, str]:
        """Talk id -> where it matched, for every talk matching `query`, unranked: for a
        list kept in its own order, searched again on every keystroke."""
        return self._index().matched(query)

    def _index(self) -> SearchIndex:
        if self._search_index is None:
            from .search import SearchIndex

            self._search_index = SearchIndex(self.catalog)
        return self._search_index

    def people(self) -> SpeakerIndex:
        """Everyone who speaks or wrote in the loaded schedules."""
        if self._people is None:
            from .people import SpeakerIndex

            self._people = SpeakerIndex(self.schedules)
        return self._people

    def export(self, *, output=None, selection: Selection | None = None,
               alarms: Sequence = (), include_papers: bool = False,
               directory: Path | None = None) -> ExportReport:
        """Write the selected talks (default: the picks) as iCalendar (planner.export);
        the export state (UIDs, SEQUENCE) is kept in the agenda, read again after."""
        from .export import export_agenda

        report = export_agenda(self.catalog, self.store, output=output, selection=selection,
                               alarms=alarms, include_papers=include_papers,
                               directory=directory)
        if self.agenda is not None:
            self.read_agenda()
        return report


    def sync(self, target, *, alarms: Sequence = ()):
        """Push the picks to a CalDAV calendar or a vdir folder (planner.sync), with the
        export state kept in the agenda as exports keep it."""
        from .sync import sync_picks

        report = sync_picks(self.catalog, target, self.store, alarms=alarms)
        if self.agenda is not None:
            self.read_agenda()
        return report


# Filters that need every talk of the whole schedules: (schedules, display zone, the
# day, the talks kept so far or None) -> the talk ids to keep.
Narrowing = Callable[[list["Schedule"], ZoneInfo, date, "set[str] | None"], "set[str]"]


def _chosen_day(spec: str | None, days: list[date], zone: ZoneInfo,
                only: set[str] | None) -> date:
    """The day `spec` names among the schedules' `days` (of the talks in `only`, when
    given)."""
    from .days import resolve_day

    if only is not None and not days:
        raise PlannerError("None of your picks has a time; see them with planner picks.")
    return resolve_day(spec, days, zone)


def forget_hint(message: str, path: str) -> str:
    """A broken remembered calendar's sentence, with how to forget it."""
    return (f"{message.rstrip('.')} (it is remembered in your agenda: fix it, or "
            f"forget it with planner busy remove {path}).")
