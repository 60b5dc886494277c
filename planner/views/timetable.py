"""One day as a plain-text rooms-by-time table (`planner timetable`), and the lines of a
talk's cell, which the TUI's grid draws too.

The table is planner.grid's DayGrid: a time column, then the rooms.  A talk's cell
starts with `┌` and its mark (`●` must, `○` maybe), its title wrapped over the rows it
runs through, then its speakers; `│` carries it down to its last row.  When the rooms
do not fit the width, they come in blocks of as many as fit, one after the other, each
with its own time column.
"""

from __future__ import annotations

import textwrap
import unicodedata
from collections.abc import Mapping

from ..grid import Column, DayGrid, Placed

TIME = 6  # "09:30 "
MIN_CELL, MAX_CELL = 14, 28
MARKS = {"must": "●", "maybe": "○"}


def cell_lines(title: str, who: str, width: int, rows: int) -> list[tuple[str, bool]]:
    """A talk's cell, `rows` lines of at most `width` cells after its one-cell mark:
    (text, is_speakers) each; the title wrapped (cut with … when it does not fit), then
    as many lines of speakers as there is room for."""
    title_lines = textwrap.wrap(title or "(untitled)", max(4, width),
                                break_on_hyphens=False) or [""]
    out = [(line, False) for line in title_lines]
    if len(out) > rows:
        out = out[:rows]
        out[-1] = (out[-1][0][:max(1, width - 1)].rstrip() + "…", False)
    elif who and len(out) < rows:
        out += [(line, True) for line in textwrap.wrap(
            who, max(4, width), break_on_hyphens=False)[:rows - len(out)]]
    return out


def column_label(col: Column) -> str:
    label = col.label or "(none)"
    return f"{label} ({col.lane + 1}/{col.lanes})" if col.lanes > 1 else label


def render_timetable(grid: DayGrid, width: int,
                     picks: Mapping[str, str] | None = None) -> str:
    """The day as text at most `width` wide; `picks` maps talk ids to "must"/"maybe"."""
    picks = picks or {}
    day = grid.day
    head = f"{day:%A} {day.day} {day:%B %Y} · {grid.talk_count} talks by " \
           f"{grid.by} · {grid.step // 60}-minute rows · {grid.zone.key}"
    if not grid.columns:
        return head + "\nNo timed talks on this day.\n"
    n = len(grid.columns)
    cell = max(MIN_CELL, min(MAX_CELL, (width - TIME) // n - 1))
    per_block = max(1, (width - TIME) // (cell + 1))
    out = [head]
    for lo in range(0, n, per_block):
        columns = list(range(lo, min(n, lo + per_block)))
        if n > per_block:
            what = "Room" if grid.by == "room" else "Column"
            span = f"{what}s {lo + 1}–{columns[-1] + 1}" if len(columns) > 1 else \
                f"{what} {lo + 1}"
            out.append(f"\n{span} of {n}")
        out.append(" " * TIME + " ".join(
            set_cell_size(_cut(column_label(grid.columns[c]), cell), cell) for c in columns
        ).rstrip())
        wrapped: dict[str, list[tuple[str, bool]]] = {}
        for row in range(grid.rows):
            cells = [_cell(grid.columns[c].at(row), row, cell, picks, wrapped)
                     for c in columns]
            at = grid.row_start(row)
            out.append((f"{at:%H:%M} " + " ".join(cells)).rstrip())
    return "\n".join(out) + "\n"


def _cut(text: str, width: int) -> str:
    return text if cell_len(text) <= width else set_cell_size(text, width - 1) + "…"


def _char_width(ch: str) -> int:
    if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


def cell_len(text: str) -> int:
    """Terminal cells `text` takes: wide East Asian characters two, marks none."""
    return len(text) if text.isascii() else sum(_char_width(ch) for ch in text)


def set_cell_size(text: str, width: int) -> str:
    """`text` cut or padded with spaces to exactly `width` terminal cells."""
    if text.isascii():
        return text[:width].ljust(width)
    out, used = [], 0
    for ch in text:
        w = _char_width(ch)
        if used + w > width:
            break
        out.append(ch)
        used += w
    return "".join(out) + " " * (width - used)


def _cell(placed: Placed | None, row: int, width: int, picks: Mapping[str, str],
          wrapped: dict[str, list[tuple[str, bool]]]) -> str:
    if placed is None:
        return " " * width
    slot = placed.slot
    lines = wrapped.get(slot.id)
    if lines is None:
        lines = wrapped[slot.id] = cell_lines(slot.title, slot.who, width - 2,
                                              placed.last - placed.first + 1)
    i = row - placed.first
    text = lines[i][0] if i < len(lines) else ""
    lead = "┌" + MARKS.get(picks.get(slot.id, ""), " ") if i == 0 else "│ "
    return set_cell_size(lead + text, width)
