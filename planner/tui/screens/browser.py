"""The main screen: the schedule by day, a search box, and the highlighted talk's detail.

| Key(s) | Description |
| :- | :- |
| / | Search titles, speakers and abstracts |
| f / F | Filter by track, room, kind, day, picks, past, free slots / clear it |
| v | The list, or the day's grid: rooms across, time down |
| d / D | Next / previous day (in the grid too) |
"""

from __future__ import annotations

from bisect import bisect_right
from datetime import date
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Container
from textual.screen import Screen
from textual.widgets import Header, Input

from ..keymap import BROWSER_KEYS, bindings
from ..rows import Row, RowKind, flatten
from ..state import PlannerState
from ..widgets.day_bar import DayBar
from ..widgets.filter_bar import FilterBar
from ..widgets.grid_view import GridView
from .line_editor import LineEditor
from ..widgets.key_footer import KeyFooter
from ..widgets.row_list import RowList
from ..widgets.search_box import SearchBox
from ..widgets.talk_detail import TalkDetail
from ..widgets.talk_list import TalkList


class BrowserScreen(Screen):
    BINDINGS: ClassVar[list[BindingType]] = bindings(BROWSER_KEYS)
    help_name = "the schedule"

    def __init__(self, state: PlannerState) -> None:
        super().__init__(id="browser")
        self.state = state
        self.query_text = ""
        self._stops: list[int] = []
        self.grid_mode = False  # showing the grid (v) instead of the list

    def compose(self) -> ComposeResult:
        yield Header()
        yield SearchBox(id="search", placeholder="/ search titles, speakers, abstracts")
        yield FilterBar(id="filter-bar")
        yield DayBar(id="days")
        with Container(id="browser-body"):
            yield TalkList(self.state, id="talks")
            yield GridView(self.state, id="grid")
            yield TalkDetail(self.state, id="detail")
        yield KeyFooter()

    @property
    def talk_list(self) -> TalkList:
        return self.query_one("#talks", TalkList)

    @property
    def grid_view(self) -> GridView:
        return self.query_one("#grid", GridView)

    @property
    def detail(self) -> TalkDetail:
        return self.query_one("#detail", TalkDetail)

    def on_mount(self) -> None:
        self.show_rows()
        self.talk_list.focus()

    # -- rows -------------------------------------------------------------------------

    def show_rows(self, keep_talk: str | None = None) -> None:
        """Rebuild the list for the current search; keep the cursor on `keep_talk`."""
        keep = None
        self.state.clear_search()
        if self.query_text.strip():
            keep = self.state.search(self.query_text)
        filtered = self.state.filter_keep()
        if filtered is not None:
            keep = filtered if keep is None else keep & filtered
        rows = flatten(self.state.outline, keep)
        self.grid_view.set_keep(keep)
        stops = rows.stops
        f = self.state.active_filter()
        phrases = f.describe() if f is not None else []
        if self.query_text.strip():
            phrases = [f"search “{self.query_text.strip()}”", *phrases]
        self.query_one(FilterBar).show(phrases, sum(1 for r in rows if r.kind is RowKind.TALK),
                                       f is not None)
        if not rows:
            what = "The loaded schedules have no talks."
            if self.query_text.strip():
                what = f"No talk matches “{self.query_text.strip()}”"
                what += " with this filter (F clears it)." if f is not None else "."
            elif f is not None:
                what = "No talk passes this filter (f changes it, F clears it)."
            rows.append(Row(RowKind.EMPTY, text=what))
        cursor = None
        if keep_talk is not None:
            cursor = next((i for i, r in enumerate(rows)
                           if r.talk is not None and r.talk.id == keep_talk), None)
        if cursor is None:
            cursor = next((i for i, r in enumerate(rows) if r.kind is RowKind.TALK), None)
        self._stops = stops
        self.talk_list.set_rows(rows, cursor)
        if cursor is None:
            self.talk_list.scroll_to(y=0, animate=False, immediate=True)
        self._update_day_bar()

    def redraw(self) -> None:
        """Picks, clashes or the zone changed: repaint rows and detail (and rebuild the
        rows when a filter on picks or free time depends on them)."""
        spec = self.state.filter_spec
        if spec is not None and (spec.picks or spec.free):
            self._refilter()
        self.talk_list.redraw()
        self.grid_view.redraw()
        self.detail.redraw()

    def zone_changed(self) -> None:
        row = self.talk_list.highlighted_row
        self.show_rows(row.talk.id if row is not None and row.talk is not None else None)
        if self.grid_mode:  # the day in the new zone, around the same talk
            placed = self.grid_view.highlighted
            self._show_grid_talk(placed.slot.id if placed is not None else None)
        self.detail.redraw()

    def show_talk(self, talk_id: str) -> None:
        """Put the cursor on a talk, clearing the search if it hides the talk."""
        if not any(r.talk is not None and r.talk.id == talk_id for r in self.talk_list.rows):
            search = self.query_one(SearchBox)
            with search.prevent(Input.Changed):
                search.value = ""
            self.query_text = ""
        self.show_rows(talk_id)
        self.talk_list.focus()

    def _current_stop(self) -> int | None:
        cursor = self.talk_list.cursor
        if cursor is None or not self._stops:
            return None
        return max(0, bisect_right(self._stops, cursor) - 1)

    def _update_day_bar(self) -> None:
        if self.grid_mode:
            days = self.state.grid_days()
            grid = self.grid_view.grid
            current = days.index(grid.day) if grid is not None and grid.day in days else None
            self.query_one(DayBar).show([(d, "") for d in days], current, self._tail())
            return
        rows = self.talk_list.rows
        stops: list[tuple[date | None, str]] = [
            (rows[i].day, rows[i].schedule.label if rows[i].schedule else "")
            for i in self._stops
        ]
        self.query_one(DayBar).show(stops, self._current_stop(), self._tail())

    def _tail(self) -> str:
        """The zone (the header may cut it off) and how many parser warnings there are."""
        n = sum(1 for _ in self.state.diagnostics())
        warned = f" · {n} warning{'s' if n != 1 else ''} (w)" if n else ""
        return f"{self.state.zone.key}{warned}"

    # -- events -----------------------------------------------------------------------

    @on(RowList.Highlighted, "#talks")
    def _highlighted(self, event: RowList.Highlighted) -> None:
        self.detail.show(event.row)
        self._update_day_bar()

    @on(GridView.Highlighted, "#grid")
    def _grid_highlighted(self, event: GridView.Highlighted) -> None:
        self.detail.show(event.row)
        self._update_day_bar()

    @on(RowList.Selected, "#talks")
    def _chosen(self, event: RowList.Selected) -> None:
        """Enter or a double click on a talk picks it, like space."""
        if event.row is not None and event.row.talk is not None:
            self.post_message(TalkList.PickToggled(self.talk_list, event.row))

    @on(Input.Changed, "#search")
    def _search_changed(self, event: Input.Changed) -> None:
        self.query_text = event.value
        row = self.talk_list.highlighted_row
        self.show_rows(row.talk.id if row is not None and row.talk is not None else None)

    @on(Input.Submitted, "#search")
    def _search_submitted(self) -> None:
        talks = self.talk_list
        first = next((i for i, r in enumerate(talks.rows) if r.kind is RowKind.TALK), None)
        talks.move_to(first)
        talks.focus()

    @on(SearchBox.Cleared)
    def _search_cleared(self) -> None:
        self.talk_list.focus()

    # -- actions ----------------------------------------------------------------------

    def action_clear(self) -> None:
        """Escape in the list: clear the search, then the filter."""
        if self.query_text.strip():
            search = self.query_one(SearchBox)
            with search.prevent(Input.Changed):
                search.value = ""
            self.query_text = ""
            self._refilter()
        elif self.state.filter_spec is not None:
            self.action_clear_filter()

    def action_edit_filter(self) -> None:
        from ...errors import PlannerError
        from ...filters import FILTER_WORDS, parse_words

        def check(text: str) -> str | None:
            try:
                self.state.set_filter(parse_words(text))
            except ValueError as exc:
                return str(exc)
            except PlannerError as exc:
                return exc.message
            return None

        def done(text: str | None) -> None:
            if text is not None:
                self._refilter()

        spec = self.state.filter_spec
        self.app.push_screen(LineEditor(
            "Filter the talks", spec.words() if spec is not None else "",
            placeholder="e.g. track:systems room:k.1 past", hint=FILTER_WORDS
            + " · enter applies, escape cancels", check=check, id="filter"), done)

    def action_clear_filter(self) -> None:
        if self.state.filter_spec is None:
            return
        self.state.set_filter(None)
        self._refilter()
        self.notify("Filter cleared: every talk shows.", timeout=2, markup=False)

    def _refilter(self) -> None:
        row = self.talk_list.highlighted_row
        self.show_rows(row.talk.id if row is not None and row.talk is not None else None)
        self.detail.show(self.talk_list.highlighted_row)

    def action_focus_search(self) -> None:
        if self.grid_mode:  # a search narrows the list: show it
            self.action_toggle_grid()
        self.query_one(SearchBox).focus()

    # -- the grid ---------------------------------------------------------------------

    def action_toggle_grid(self) -> None:
        """The list, or the grid of the highlighted talk's day (and back, the cursor
        staying on the same talk)."""
        if self.grid_mode:
            placed = self.grid_view.highlighted
            self.grid_mode = False
            self.set_class(False, "-grid")
            if placed is not None:
                index = next((i for i, r in enumerate(self.talk_list.rows)
                              if r.talk is not None and r.talk.id == placed.slot.id), None)
                self.talk_list.move_to(index)
            self.talk_list.focus()
            self.detail.show(self.talk_list.highlighted_row)
            self._update_day_bar()
            return
        if not self.state.grid_days():
            self.notify("No talk here has a time: the grid shows timed talks by room.",
                        timeout=4, markup=False)
            return
        row = self.talk_list.highlighted_row
        self.grid_mode = True
        self.set_class(True, "-grid")
        self._show_grid_talk(row.talk.id if row is not None and row.talk is not None else None,
                             row.day if row is not None else None)
        self.grid_view.focus()

    def _show_grid_talk(self, talk_id: str | None, day: date | None = None) -> None:
        """The grid of the talk's day (else `day`, else the day shown until now, else
        the first), the cursor on the talk."""
        days = self.state.grid_days()
        found = self.state.row_of(talk_id) if talk_id is not None else None
        if found is not None and found.talk is not None and found.talk.start is not None:
            day = found.talk.start.astimezone(self.state.zone).date()
        if day not in days:
            current = self.grid_view.grid
            day = current.day if current is not None and current.day in days else days[0]
        self.grid_view.show_day(self.state.day_grid(day), talk_id)

    def _grid_jump(self, index: int) -> None:
        days = self.state.grid_days()
        if 0 <= index < len(days):
            self.grid_view.show_day(self.state.day_grid(days[index]))
            self.grid_view.focus()

    def action_scroll_detail(self, pages: int) -> None:
        detail = self.detail
        step = max(1, detail.scrollable_content_region.height - 1)
        detail.scroll_relative(y=pages * step, animate=False)

    def action_next_day(self) -> None:
        self._jump(+1)

    def action_previous_day(self) -> None:
        self._jump(-1)

    def action_goto_stop(self, index: int) -> None:
        """Jump to a day (or unscheduled section): its first talk, its heading in view."""
        if self.grid_mode:
            self._grid_jump(index)
            return
        if not 0 <= index < len(self._stops):
            return
        rows = self.talk_list.rows
        start = self._stops[index]
        end = self._stops[index + 1] if index + 1 < len(self._stops) else len(rows)
        first_talk = next((i for i in range(start, end) if rows[i].kind is RowKind.TALK), start)
        self.talk_list.move_to(start, top=True)
        self.talk_list.move_to(first_talk)
        self.talk_list.focus()

    def _jump(self, step: int) -> None:
        if self.grid_mode:
            days = self.state.grid_days()
            grid = self.grid_view.grid
            current = days.index(grid.day) if grid is not None and grid.day in days else None
            count = len(days)
        else:
            current, count = self._current_stop(), len(self._stops)
        if not count:
            return
        target = 0 if current is None else current + step
        if not 0 <= target < count:
            where = "last" if step > 0 else "first"
            self.notify(f"This is the {where} day.", timeout=2)
            return
        self.action_goto_stop(target)
