"""A virtualised list of one-line rows: only the visible rows are ever rendered.

Ten thousand talks must filter in a few milliseconds, so this list keeps no widget
and no pre-rendered line per row: `set_rows` swaps a Python list and the line API
draws the rows in view.  Subclasses say how a row looks (`render_row`) and which
rows the cursor may rest on (`is_selectable`).

| Key(s) | Description |
| :- | :- |
| up / down | Move to the previous / next row |
| pageup / pagedown | Move a page |
| home / end | First / last row |
| enter | Choose the highlighted row |
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Generic, TypeVar

from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import BindingType
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ..keymap import ROW_LIST_KEYS, bindings

RowT = TypeVar("RowT")


class RowList(ScrollView, Generic[RowT], can_focus=True, inherit_bindings=False):
    BINDINGS: ClassVar[list[BindingType]] = bindings(ROW_LIST_KEYS)

    cursor: reactive[int | None] = reactive(None, always_update=True, init=False)

    class Highlighted(Message):
        """The cursor moved to `row` (None when the list is empty)."""

        def __init__(self, row_list: RowList, index: int | None, row: Any) -> None:
            super().__init__()
            self.row_list = row_list
            self.index = index
            self.row = row

        @property
        def control(self) -> RowList:
            return self.row_list

    class Selected(Highlighted):
        """Enter was pressed, or a row was clicked twice."""

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._rows: Sequence[RowT] = ()
        # Drawn lines by (row object, width, highlighted).  Keyed by the row, not its
        # position, so lines survive a new filter: typing in a search box mostly
        # shows rows that were on screen a keystroke ago.  The row is kept with its
        # strip so its id is not reused while cached.
        self._line_cache: dict[tuple[int, int, bool], tuple[object, Strip]] = {}
        # Styles looked up once per frame, not once per line: a frame draws every
        # visible row, and each lookup walks the CSS.
        self._frame_styles: dict[str, Style] = {}
        self._base_style: Style = Style()

    # -- what subclasses provide ------------------------------------------------------

    def render_row(self, row: RowT, width: int, highlighted: bool) -> Text:
        return Text(str(row))

    def is_selectable(self, row: RowT) -> bool:
        return True

    # -- rows -------------------------------------------------------------------------

    @property
    def rows(self) -> Sequence[RowT]:
        return self._rows

    @property
    def highlighted_row(self) -> RowT | None:
        if self.cursor is None or not 0 <= self.cursor < len(self._rows):
            return None
        return self._rows[self.cursor]

    def set_rows(self, rows: Sequence[RowT], cursor: int | None = None) -> None:
        """Show `rows`; the cursor goes to `cursor`, else the first selectable row."""
        self._rows = rows
        self.virtual_size = Size(self.size.width, len(rows))
        if cursor is None or not 0 <= cursor < len(rows) or not self.is_selectable(rows[cursor]):
            cursor = self._next_selectable(-1, +1)
        self.cursor = cursor
        if cursor is None:
            self.scroll_to(y=0, animate=False, immediate=True)
        self.refresh()

    def redraw(self) -> None:
        """Repaint after what the rows show (picks, clashes, zone) changed."""
        self._line_cache.clear()
        self.refresh()

    def _next_selectable(self, start: int, step: int) -> int | None:
        i = start + step
        rows = self._rows
        while 0 <= i < len(rows):
            if self.is_selectable(rows[i]):
                return i
            i += step
        return None

    def move_to(self, index: int | None, *, top: bool = False) -> None:
        """Put the cursor on `index` (or the nearest selectable row after it)."""
        if index is None or not self._rows:
            return
        index = max(0, min(index, len(self._rows) - 1))
        if not self.is_selectable(self._rows[index]):
            found = self._next_selectable(index, +1)
            index = found if found is not None else self._next_selectable(index, -1)
        if index is None:
            return
        self.cursor = index
        if top:
            # Show the heading above the cursor too, so a jump lands on its day title.
            head = index
            while head > 0 and not self.is_selectable(self._rows[head - 1]):
                head -= 1
            self.scroll_to(y=head, animate=False, immediate=True)

    # -- cursor -----------------------------------------------------------------------

    def watch_cursor(self, old: int | None, new: int | None) -> None:
        for index in (old, new):
            if index is not None:
                self._refresh_row(index)
        if new is not None:
            self._scroll_into_view(new)
        self.post_message(self.Highlighted(self, new, self.highlighted_row))

    def _refresh_row(self, index: int) -> None:
        self.refresh(Region(0, index - int(self.scroll_offset.y), self.size.width, 1))

    def _scroll_into_view(self, index: int) -> None:
        top = int(self.scroll_offset.y)
        height = self.scrollable_content_region.height or 1
        if index < top:
            self.scroll_to(y=index, animate=False, immediate=True)
        elif index >= top + height:
            self.scroll_to(y=index - height + 1, animate=False, immediate=True)

    def action_cursor_down(self) -> None:
        start = -1 if self.cursor is None else self.cursor
        found = self._next_selectable(start, +1)
        if found is not None:
            self.cursor = found

    def action_cursor_up(self) -> None:
        if self.cursor is None:
            self.action_cursor_down()
            return
        found = self._next_selectable(self.cursor, -1)
        if found is not None:
            self.cursor = found
        else:
            self.scroll_to(y=0, animate=False, immediate=True)  # show the headings above

    def action_page_down(self) -> None:
        page = max(1, self.scrollable_content_region.height - 1)
        self.move_to((self.cursor or 0) + page)

    def action_page_up(self) -> None:
        page = max(1, self.scrollable_content_region.height - 1)
        target = (self.cursor or 0) - page
        found = self._next_selectable(max(target, 0) - 1, +1) if target > 0 else None
        if found is None:
            found = self._next_selectable(-1, +1)
        if found is not None:
            self.cursor = found
            if target <= 0:
                self.scroll_to(y=0, animate=False, immediate=True)

    def action_first(self) -> None:
        self.move_to(0, top=True)

    def action_last(self) -> None:
        found = self._next_selectable(len(self._rows), -1)
        if found is not None:
            self.cursor = found

    def action_select(self) -> None:
        if self.cursor is not None:
            self.post_message(self.Selected(self, self.cursor, self.highlighted_row))

    # -- mouse ------------------------------------------------------------------------

    async def _on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = int(self.scroll_offset.y) + offset.y
        if not 0 <= index < len(self._rows):
            return
        if not self.is_selectable(self._rows[index]):
            return
        if self.cursor == index and event.chain >= 2:
            self.action_select()
        else:
            self.cursor = index
        self.focus()

    # -- drawing ----------------------------------------------------------------------

    def component_style(self, name: str) -> Style:
        """A component class's rich style, cached for the frame being drawn."""
        style = self._frame_styles.get(name)
        if style is None:
            style = self._frame_styles[name] = self.get_component_rich_style(name)
        return style

    def render_lines(self, crop: Region) -> list[Strip]:
        self._frame_styles.clear()
        self._base_style = self.rich_style
        return super().render_lines(crop)

    def on_focus(self) -> None:
        self.redraw()  # the cursor row looks different when the list has the focus

    def on_blur(self) -> None:
        self.redraw()

    def notify_style_update(self) -> None:
        self._line_cache.clear()  # a theme change restyles every row
        super().notify_style_update()

    def on_resize(self, event: events.Resize) -> None:
        self._line_cache.clear()
        self.virtual_size = Size(event.size.width, len(self._rows))
        if self.cursor is not None:
            # A smaller window can leave the cursor below the last row shown: bring it
            # back once the new height is laid out.
            self.call_after_refresh(self._scroll_into_view, self.cursor)

    def render_line(self, y: int) -> Strip:
        index = int(self.scroll_offset.y) + y
        width = self.scrollable_content_region.width
        base = self._base_style
        if not 0 <= index < len(self._rows):
            return Strip.blank(width, base)
        row = self._rows[index]
        highlighted = index == self.cursor
        key = (id(row), width, highlighted)
        cached = self._line_cache.get(key)
        if cached is not None:
            return cached[1]
        text = self.render_row(row, width, highlighted)
        if text.style:
            # Text.render drops the base style when it has no spans: make it one.
            text.stylize_before(text.style)
            text.style = ""
        text.no_wrap = True
        text.overflow = "ellipsis"
        text.truncate(width, overflow="ellipsis", pad=True)
        if highlighted:
            text.stylize(self.component_style("row-list--cursor"))
        strip = Strip(text.render(self.app.console), width).apply_style(base)
        if len(self._line_cache) > 4096:
            self._line_cache.clear()
        self._line_cache[key] = (row, strip)
        return strip
