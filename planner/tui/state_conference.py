"""What the TUI's state gained for use at the conference (issue 17): pick levels and
notes, undoing an unpick, now and next, resolving conflicts, filters, and why a talk
matched the search.

A mixin `PlannerState` inherits, kept in its own module so that planner.tui.state stays
close to what the core's `Planner` door will replace; everything here goes through
the state's Planner (`planner`, `_require_agenda`, `_apply`) and the core modules
planner.levels, planner.now, planner.timetable, planner.resolve and planner.filters.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..levels import next_level, role

if TYPE_CHECKING:
    from ..model import Talk


class ConferenceState:
    """Needs from the state: planner, schedules, catalog, zone, outline, picks, levels,
    agenda, busy, _clashes, _require_agenda(), _apply(), _describe()."""

    # Set by PlannerState: declared here for readers and type checkers.
    planner: Any  # planner.core.Planner
    schedules: list[Any]
    catalog: Any  # planner.catalog.Catalog
    zone: Any
    outline: Any
    picks: set[str]
    agenda: Any
    busy: list[Any]
    _clashes: dict[str, list[Any]]

    def _init_conference(self) -> None:
        self.levels: dict[str, str] = {}  # talk id -> "must" | "maybe" (planner.levels)
        self.query = ""  # the search typed in the browser
        self._matched: dict[str, str] = {}  # talk id -> the field it matched in
        self._timetables: list[Any] | None = None  # planner.timetable, for now and next
        self.filter_spec: Any = None  # planner.filters.FilterSpec typed in the browser
        self._filter_ids: set[str] | None = None

    # -- levels, notes, undo (issue 17) ------------------------------------------------

    def level_of(self, talk_id: str) -> str | None:
        """"must" or "maybe" for a pick, None when not picked."""
        return self.levels.get(talk_id) if talk_id in self.picks else None

    def alternatives_of(self, talk_id: str) -> list[str]:
        """Picks and busy time a picked talk overlaps where a maybe is involved."""
        return [self._describe(c, talk_id) for c in self._clashes.get(talk_id, ())
                if role(c, self.levels) == "alternative"]

    def cycle_level(self, talk_id: str) -> str:
        """Not picked -> must; must -> maybe; maybe -> must.  Returns the new level."""
        self._require_agenda()
        level = next_level(self.level_of(talk_id))  # type: ignore[arg-type]
        if talk_id in self.picks:
            self.planner.set_level(talk_id, level)
        else:
            self.planner.pick([talk_id], level)
        self._apply()
        return level

    def note_of(self, talk_id: str) -> str:
        pick = self.agenda.picks.get(talk_id) if self.agenda is not None else None
        return pick.note if pick is not None else ""

    def set_note(self, talk_id: str, text: str) -> str:
        """Keep the note (blank removes it); returns it as kept."""
        self._require_agenda()
        kept = self.planner.set_note(talk_id, text).note
        self._apply()
        return kept

    def unpick(self, talk_id: str) -> dict[str, Any]:
        """Unpick and return what was dropped (level and note too), for `restore`."""
        self._require_agenda()
        removed = self.planner.unpick([talk_id])
        self._apply()
        return removed

    def restore(self, removed: dict[str, Any]) -> list[str]:
        self._require_agenda()
        back = self.planner.restore(removed)
        self._apply()
        return back

    # -- now and next (issue 17) -------------------------------------------------------

    def now_next(self, at: float, only_picks: bool = False) -> Any:
        """planner.now.NowNext at instant `at` (POSIX seconds), my picks first."""
        from ..now import now_and_next

        picks = {i: (self.levels.get(i, "must"), self.note_of(i)) for i in self.picks}
        return now_and_next(self._tables(), at, picks, only_picks)

    def _tables(self) -> list[Any]:
        from ..timetable import of_schedule

        if self._timetables is None:
            self._timetables = [of_schedule(sch) for sch in self.schedules]
        return self._timetables

    def free_days(self) -> list[Any]:
        """planner.gaps.FreeDay for every day with a must (or busy time): the gaps
        around my musts and busy events, with the talks that fit in each."""
        from ..gaps import free_days

        return free_days(self._tables(), self._taken(), self.zone)

    def _taken(self) -> tuple[tuple[float, float], ...]:
        """The time my musts and busy events take, sorted (planner.filters)."""
        from ..filters import taken_spans

        musts = [i for i in self.picks if self.levels.get(i, "must") == "must"]
        return taken_spans(self._tables(), musts, [(b.start_ts, b.end_ts) for b in self.busy])

    # -- resolving conflicts (issue 17) ------------------------------------------------

    def conflicts(self) -> list[Any]:
        """planner.resolve.Conflict for every pair of musts (or a must and busy time)
        that overlap, with the picks' repeats."""
        from ..resolve import conflicts, with_options

        found = conflicts((c for cs in self._clashes.values() for c in cs), self.levels)
        return with_options(found, ((e.schedule.label, e.talk) for e in self.catalog))

    def keep(self, conflict: Any, talk_id: str) -> list[str]:
        """Keep `talk_id` in `conflict`: it becomes (or is picked as) a must and the
        conflict's other picks become maybes.  Returns those made maybes."""
        from ..resolve import keep

        self._require_agenda()
        if talk_id in self.picks:
            self.planner.set_level(talk_id, "must")
        else:  # a repeat of one of the picks
            self.planner.pick([talk_id], "must")
        others = keep(conflict, talk_id)
        for other in others:
            self.planner.set_level(other, "maybe")
        self._apply()
        return others

    # -- filters (issue 17) -------------------------------------------------------------

    def set_filter(self, spec: Any) -> None:
        """Use a planner.filters.FilterSpec (None: no filter); a bad day raises
        PlannerError and keeps the filter as it was."""
        if spec is not None and spec.day:
            self._filter_day(spec.day)  # check it before anything changes
        self.filter_spec = spec if spec is not None and spec.words() else None
        self._filter_ids = None

    def _filter_day(self, text: str) -> Any:
        from ..days import resolve_day

        return resolve_day(text, [d.day for d in self.outline.days], self.zone)

    def active_filter(self) -> Any:
        """The planner.filters.TalkFilter now in force (None without a filter)."""
        spec = self.filter_spec
        if spec is None:
            return None
        from .. import clock
        from ..filters import TalkFilter

        return TalkFilter(
            tracks=spec.tracks, rooms=spec.rooms, kinds=spec.kinds,
            day=self._filter_day(spec.day) if spec.day else None, zone=self.zone,
            picked=frozenset(self.picks) if spec.picks else None,
            after=clock.now().timestamp() if spec.past else None,
            taken=self._taken() if spec.free else None)

    def filter_keep(self) -> set[str] | None:
        """Ids of the talks the filter keeps (None without a filter); remembered until
        the filter, the picks or the zone change."""
        f = self.active_filter()
        if f is None:
            return None
        if self._filter_ids is None:
            untimed = [e.talk.id for e in self.catalog if e.talk.start is None]
            self._filter_ids = f.ids(self._tables(), untimed)
        return self._filter_ids

    def on_today(self, at: float) -> bool:
        """Whether a loaded talk runs on the day of `at` in the display zone."""
        from datetime import datetime

        day = datetime.fromtimestamp(at, self.zone).date()
        return any(d.day == day for d in self.outline.days)

    def clear_search(self) -> None:
        self.query, self._matched = "", {}

    def match_reason(self, talk: Talk) -> str | None:
        """Why the talk matches the search, when not by its title (issue 17)."""
        where = self._matched.get(talk.id) if self.query.strip() else None
        if where == "speakers":
            return "Matched a speaker: " + ", ".join(s.name for s in talk.speakers)
        if where == "abstract":
            from ..search import snippet as cut

            snippet = cut(talk.abstract, self.query, 70)
            return f"Matched in the abstract: {snippet}"
        return None
