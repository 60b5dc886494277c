"""One day as a grid: rooms across, time down (the core's planner.grid.DayGrid).

Drawn with the line API, one screen line at a time: a line looks up only the visible
columns' cells (a bisection each), so a day of thousands of talks moves as fast as a
day of ten.  The top line names the rooms, `‹` and `›` saying that more are off
screen; the view follows the cursor both ways.  A talk fills every row it runs
through: its mark and title first, then its speakers.  Marks are the list's
(planner.tui.widgets.talk_list): `●` must, `○` maybe, `✗` clash, `!` would clash.

| Key(s) | Description |
| :- | :- |
| up / down, k / j | The previous / next talk in this room |
| left / right, h / l | The previous / next room, same time |
| pageup / pagedown | A screenful earlier / later |
| home / end | The room's first / last talk |
| space, enter | Pick or unpick the talk |
| m | Must / maybe |
| n | Note on the pick |
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.cells import set_cell_size
from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import BindingType
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from ...grid import Column, DayGrid, Placed
from ...views.timetable import cell_lines, column_label
from ..keymap import GRID_KEYS, TALK_LIST_KEYS, bindings
from ..rows import Row, RowKind
from .talk_list import Marks, TalkList, mark_of

GUTTER = 6  # "09:30 "
MIN_COLUMN, MAX_COLUMN = 16, 30  # cells per room, its one-cell gap included


class GridView(Widget, can_focus=True):
    BINDINGS: ClassVar[list[BindingType]] = bindings(GRID_KEYS + TALK_LIST_KEYS)
    help_name = "grid"  # the help screen's "In the grid"

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "grid-view--header", "grid-view--time", "grid-view--hour", "grid-view--talk",
        "grid-view--talk-alt", "grid-view--cursor", "grid-view--who", "grid-view--picked",
        "grid-view--clash", "grid-view--would-clash", "grid-view--more", "grid-view--dim",
    }

    class Highlighted(Message):
        """The cursor moved: `row` is the talk's list row, or an EMPTY row saying where
        the cursor is (None without a grid)."""

        def __init__(self, grid_view: GridView, row: Row | None) -> None:
            super().__init__()
            self.grid_view = grid_view
            self.row = row

        @property
        def control(self) -> GridView:
            return self.grid_view

    def __init__(self, state: Any, *, id: str | None = None) -> None:
        """`state` answers the marks (talk_list.Marks) and `row_of(talk_id)`."""
        super().__init__(id=id)
        self.state = state
        self.marks: Marks = state
        self.grid: DayGrid | None = None
        self.column = 0  # the cursor: a column and the row (time step) it rests on
        self.row = 0
        self.left = 0  # the first column and row in view
        self.top = 0
        self._styles: dict[str, Style] = {}
        self._base = Style()
        self.keep: set[str] | None = None  # what the search and filter keep; the rest dim
        self._wrapped: dict[tuple[str, int, int], list[tuple[str, bool]]] = {}

    # -- the day ----------------------------------------------------------------------

    def show_day(self, grid: DayGrid, talk_id: str | None = None) -> None:
        """Show `grid`, the cursor on `talk_id` if it is on this day, else on the day's
        first talk (leftmost of those starting first)."""
        self.grid = grid
        where = grid.find(talk_id) if talk_id is not None else None
        if where is None:
            firsts = [(c.talks[0].first, i) for i, c in enumerate(grid.columns) if c.talks]
            first_row, column = min(firsts, default=(0, 0))
            where = (column, first_row)
        self.left = self.top = 0
        self._wrapped.clear()
        self._move(*where)
        self.refresh()

    @property
    def highlighted(self) -> Placed | None:
        return self.grid.at(self.column, self.row) if self.grid is not None else None

    @property
    def highlighted_row(self) -> Row | None:
        """What the detail pane shows for the cursor's cell."""
        grid = self.grid
        if grid is None or not grid.columns:
            return None
        placed = self.highlighted
        if placed is not None:
            return self.state.row_of(placed.slot.id) or Row(RowKind.EMPTY,
                                                            text=placed.slot.title)
        col = grid.columns[self.column]
        at = grid.row_start(self.row)
        return Row(RowKind.EMPTY, text=f"Nothing in {column_label(col)} at {at:%H:%M}.")

    # -- geometry ---------------------------------------------------------------------

    def _layout(self) -> tuple[int, int]:
        """(cells per column, columns in view)."""
        n = len(self.grid.columns) if self.grid is not None else 0
        room = max(1, self.size.width - GUTTER)
        if n == 0:
            return room, 1
        width = max(MIN_COLUMN, min(MAX_COLUMN, room // n))
        shown = max(1, min(n, room // width))
        if shown < n:
            width = max(width, room // shown)  # the columns shown share the width
        return width, shown

    def _window(self) -> tuple[int, int, int]:
        """(cells per column, first and end column in view), as the size is now."""
        width, shown = self._layout()
        n = len(self.grid.columns) if self.grid is not None else 0
        left = max(0, min(self.left, n - shown))
        return width, left, min(n, left + shown)

    def _body_height(self) -> int:
        return max(1, self.size.height - 1)  # the header takes a line

    def _follow(self) -> None:
        """Scroll so that the cursor's cell (the start of its talk, if it fits) shows."""
        if self.grid is None or not self.size.area:
            return  # not laid out yet (shown while hidden): on_resize follows
        _, shown = self._layout()
        if self.column < self.left:
            self.left = self.column
        elif self.column >= self.left + shown:
            self.left = self.column - shown + 1
        self.left = max(0, min(self.left, len(self.grid.columns) - shown))
        height = self._body_height()
        placed = self.highlighted
        first, last = (placed.first, placed.last) if placed is not None else (self.row,
                                                                                self.row)
        if first < self.top:
            self.top = first
        elif last >= self.top + height:
            self.top = min(first, last - height + 1)  # a talk taller than the view: its start
        if self.row >= self.top + height:  # (the cursor's row below a tall talk's start)
            self.top = self.row - height + 1
        self.top = max(0, min(self.top, max(0, self.grid.rows - height)))

    def _move(self, column: int, row: int) -> None:
        grid = self.grid
        if grid is None or not grid.columns:
            return
        column = max(0, min(column, len(grid.columns) - 1))
        row = max(0, min(row, grid.rows - 1))
        old_view, old_lines = (self.left, self.top), self._cursor_lines()
        self.column, self.row = column, row
        self._follow()
        if (self.left, self.top) != old_view:
            self.refresh()
        else:  # only the lines of the cells the cursor left and reached change
            for lo, hi in (old_lines, self._cursor_lines()):
                self.refresh(Region(0, 1 + lo - self.top, self.size.width, hi - lo + 1))
        self.post_message(self.Highlighted(self, self.highlighted_row))

    def _cursor_lines(self) -> tuple[int, int]:
        """The rows the cursor paints: its talk's, or its empty cell's."""
        placed = self.highlighted
        return (placed.first, placed.last) if placed is not None else (self.row, self.row)

    def on_resize(self, event: events.Resize) -> None:
        self._wrapped.clear()
        self._follow()

    # -- moving -----------------------------------------------------------------------

    def _column(self) -> Column | None:
        if self.grid is None or not self.grid.columns:
            return None
        return self.grid.columns[self.column]

    def action_cursor_down(self) -> None:
        col = self._column()
        if col is None:
            return
        placed = col.at(self.row)
        nxt = col.after(placed.first if placed is not None else self.row)
        self._move(self.column, nxt.first if nxt is not None else self.row + 1)

    def action_cursor_up(self) -> None:
        col = self._column()
        if col is None:
            return
        placed = col.at(self.row)
        prev = col.before(placed.first if placed is not None else self.row)
        if prev is not None and (placed is not None or prev.last >= self.row - 1):
            self._move(self.column, prev.first)
        else:  # empty time above: a step at a time, as down does past the last talk
            self._move(self.column, self.row - 1)

    def action_cursor_right(self) -> None:
        self._move(self.column + 1, self.row)

    def action_cursor_left(self) -> None:
        self._move(self.column - 1, self.row)

    def action_page_down(self) -> None:
        self._move(self.column, self.row + max(1, self._body_height() - 1))
        self._snap()

    def action_page_up(self) -> None:
        self._move(self.column, self.row - max(1, self._body_height() - 1))
        self._snap()

    def _snap(self) -> None:
        """After a page move: onto the start of the talk the cursor landed in."""
        placed = self.highlighted
        if placed is not None and placed.first != self.row:
            self._move(self.column, placed.first)

    def action_first(self) -> None:
        col = self._column()
        if col is not None:
            self._move(self.column, col.talks[0].first if col.talks else 0)

    def action_last(self) -> None:
        col = self._column()
        if col is not None and self.grid is not None:
            self._move(self.column, col.talks[-1].first if col.talks else self.grid.rows - 1)

    def _talk_row(self) -> Row | None:
        row = self.highlighted_row
        return row if row is not None and row.talk is not None else None

    def action_toggle_pick(self) -> None:
        row = self._talk_row()
        if row is not None:
            self.post_message(TalkList.PickToggled(self, row))

    def action_cycle_level(self) -> None:
        row = self._talk_row()
        if row is not None:
            self.post_message(TalkList.LevelCycled(row))

    def action_edit_note(self) -> None:
        row = self._talk_row()
        if row is not None:
            self.post_message(TalkList.NoteWanted(row))

    async def _on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or self.grid is None or offset.y < 1 or offset.x < GUTTER:
            return
        width, left, _ = self._window()
        column = left + (offset.x - GUTTER) // width
        if column < len(self.grid.columns):
            self._move(column, self.top + offset.y - 1)
            self.focus()

    # -- drawing ----------------------------------------------------------------------

    def redraw(self) -> None:
        """Marks changed (picks, levels, clashes): paint again."""
        self.refresh()

    def set_keep(self, keep: set[str] | None) -> None:
        """Dim the talks a search or filter leaves out (None: none): the grid keeps its
        shape, so the time and room of what is left stay readable."""
        if keep != self.keep:
            self.keep = keep
            self.refresh()

    def _style(self, name: str) -> Style:
        style = self._styles.get(name)
        if style is None:
            style = self._styles[name] = self.get_component_rich_style(f"grid-view--{name}")
        return style

    def notify_style_update(self) -> None:
        self._styles.clear()
        super().notify_style_update()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def render_lines(self, crop: Region) -> list[Strip]:
        self._base = self.rich_style  # looked up once a frame: each lookup walks the CSS
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self._base
        grid = self.grid
        if grid is None or not grid.columns:
            if y == 0:
                text = " No timed talks on this day." if grid is not None else ""
                return Strip([Segment(set_cell_size(text, width), base)], width)
            return Strip.blank(width, base)
        if y == 0:
            return self._header(width, base)
        row = self.top + y - 1
        if row >= grid.rows:
            return Strip.blank(width, base)
        return self._body_line(row, width, base)

    def _header(self, width: int, base: Style) -> Strip:
        assert self.grid is not None
        cw, left, end = self._window()
        columns = self.grid.columns
        style = base + self._style("header")
        more = base + self._style("more")
        segments = [Segment(f"{'‹ ' + str(left) if left else '':<{GUTTER}}", more)]
        used = GUTTER
        for c in range(left, end):
            room = cw - 1
            if c == end - 1 and end < len(columns):
                room -= 2
            label = column_label(columns[c])
            if len(label) > room:
                label = label[:max(0, room - 1)] + "…"
            segments.append(Segment(set_cell_size(label, room), style))
            segments.append(Segment(" ", style))
            used += room + 1
        if end < len(columns):
            segments.append(Segment("›", more))
            segments.append(Segment(" ", style))
            used += 2
        if used < width:
            segments.append(Segment(" " * (width - used), style))
        return Strip(segments, width).crop(0, width)

    def _body_line(self, row: int, width: int, base: Style) -> Strip:
        grid = self.grid
        assert grid is not None
        cw, left, end = self._window()
        at = grid.row_start(row)
        time_style = base + self._style("hour" if at.minute == 0 else "time")
        segments = [Segment(f"{at:%H:%M} ", time_style)]
        used = GUTTER
        focused = self.has_focus
        cursor = base + self._style("cursor") if focused else base + Style(reverse=True)
        for c in range(left, end):
            col = grid.columns[c]
            i = col.index_at(row)
            here = c == self.column
            if i < 0:
                fill = cursor if here and row == self.row else base
                segments.append(Segment(" " * (cw - 1), fill))
            else:
                placed = col.talks[i]
                mine = here and placed.first <= self.row <= placed.last
                cell = cursor if mine else base + self._style("talk-alt" if i % 2 else "talk")
                if not mine and self.keep is not None and placed.slot.id not in self.keep:
                    cell += self._style("dim")
                segments.extend(self._cell(placed, row - placed.first, cw - 1, cell, mine))
            segments.append(Segment(" ", base))
            used += cw
        if used < width:
            segments.append(Segment(" " * (width - used), base))
        return Strip(segments, width).crop(0, width)

    def _cell(self, placed: Placed, line: int, width: int, cell: Style,
              mine: bool) -> list[Segment]:
        """Line `line` of a talk's cell: the mark and title, wrapped, then speakers."""
        texts = self._wrap(placed, width)
        text, quiet = texts[line] if line < len(texts) else ("", False)
        if line == 0:
            symbol, name = mark_of(self.marks, placed.slot.id)
            mark_style = cell + self._style(name) if name and not mine else cell
            return [Segment(symbol, mark_style),
                    Segment(set_cell_size(text, width - 1), cell)]
        style = cell + self._style("who") if quiet and not mine else cell
        return [Segment(set_cell_size(text, width), style)]

    def _wrap(self, placed: Placed, width: int) -> list[tuple[str, bool]]:
        """The cell's lines as (text, is_speakers); the first leaves a cell for the mark."""
        lines_for = placed.last - placed.first + 1
        key = (placed.slot.id, width, lines_for)
        found = self._wrapped.get(key)
        if found is not None:
            return found
        slot = placed.slot
        lines = cell_lines(slot.title, slot.who, max(4, width - 2), lines_for)
        # The first line is the mark's cell, a space and the title; the rest line up.
        out = [((" " if i == 0 else "  ") + text, quiet)
               for i, (text, quiet) in enumerate(lines)]
        if len(self._wrapped) > 4096:
            self._wrapped.clear()
        self._wrapped[key] = out
        return out
