"""One line of day names above the schedule; the current day stands out, any is clickable."""

from __future__ import annotations

from datetime import date

from textual.content import Content
from textual.widgets import Static


def day_label(day: date | None, section: str = "") -> str:
    if day is not None:
        return f"{day:%a} {day.day} {day:%b}"
    return section[:15] + "…" if len(section) > 16 else section or "Unscheduled"


def visible_window(widths: list[int], current: int, room: int) -> tuple[int, int]:
    """The widest run of items [lo, hi) around `current` whose widths fit in `room`."""
    lo, hi = current, current + 1
    used = widths[current]
    while True:
        grew = False
        for side in (hi, lo - 1):
            if 0 <= side < len(widths) and used + widths[side] <= room:
                used += widths[side]
                lo, hi = (lo, hi + 1) if side == hi else (lo - 1, hi)
                grew = True
        if not grew:
            return lo, hi


class DayBar(Static):
    """Shows the day stops of the list; clicking one runs `screen.goto_stop(i)`."""

    _shown: tuple | None = None
    _given: tuple | None = None  # what `show` was last given, to draw again on resize

    def on_resize(self) -> None:
        if self._given is not None:
            self.show(*self._given)  # the days that fit depend on the width

    def show(self, stops: list[tuple[date | None, str]], current: int | None,
             tail: str = "") -> None:
        """`stops`: (day, "") for days, (None, label) for unscheduled sections; `tail`
        is said at the right end (the zone, the warnings), always in full."""
        self._given = (stops, current, tail)
        key = (tuple(stops), current, self.size.width, tail)
        if key == self._shown:
            return  # unchanged: typing in the search box often keeps the same days
        self._shown = key
        labels = [f" {day_label(day, section)} " for day, section in stops]
        width = self.size.width or 80
        end = Content(f" {tail} ").stylize("bold") if tail else Content("")
        if not labels:
            self.update(Content.assemble(Content(" No days to show").stylize("dim"),
                                         " " * max(1, width - 17 - len(end.plain)), end))
            return
        room = max(10, width - 4 - len(end.plain))
        widths = [len(label) + 1 for label in labels]
        lo, hi = visible_window(widths, current or 0, room) if sum(widths) > room else (
            0, len(labels))
        parts: list[Content] = [Content("‹").stylize("dim")] if lo > 0 else []
        for i in range(lo, hi):
            day = stops[i][0]
            style = "reverse bold" if i == current else "dim" if day is None else ""
            parts.append(Content(labels[i]).stylize(style)
                         .stylize(f"@click=screen.goto_stop({i})"))
        if hi < len(labels):
            parts.append(Content("›").stylize("dim"))
        days = Content(" ").join(parts)
        gap = max(1, width - len(days.plain) - len(end.plain))
        self.update(Content.assemble(days, " " * gap, end))
