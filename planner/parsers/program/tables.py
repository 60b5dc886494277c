"""Tables of a program: which column holds what, and the rows as entries.

Columns get their role from the header (`Time | Speaker | Format | Title`, `Time |
Auditorium | Room 100`, `Time | Saturday | Sunday`) or, without one, from what their
cells hold: times, days, people, the same text in every row (page furniture), or the
items themselves.  A row can be a day (`**Thursday, 2020-10-15**`), a repeated header,
an entry (or several side by side, one per room, day or track), or the continuation of
the entry above (a row with an empty time cell listing a session's papers).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import time
from functools import lru_cache

from .doc import Cell, Line
from .lines import day_line, header_of, is_people_line
from .when import DayMark, TimeMark, find_days, first_time

_ROLE = [
    ("time", re.compile(r"^(?:time|times|when|hour|hours|slot|start|schedule|time \(.*\)|"
                        r"time\s*slot|period)$", re.I)),
    ("end", re.compile(r"^(?:end|ends|end time|finish|until)$", re.I)),
    ("duration", re.compile(r"^(?:duration|length|len|dur|mins|minutes)$", re.I)),
    ("day", re.compile(r"^(?:day|date|days)$", re.I)),
    ("speaker", re.compile(r"^(?:speakers?|presenters?|authors?|who|names?|chairs?|hosts?|"
                           r"instructors?|lecturers?|panelists?|organi[sz]ers?|by)$", re.I)),
    ("title", re.compile(r"^(?:title|titles|talks?|sessions?|events?|topics?|presentations?|"
                         r"papers?|what|activity|activities|program|programme|agenda|"
                         r"description|item|items|subject|content)$", re.I)),
    ("room", re.compile(r"^(?:rooms?|location|venue|where|hall|place|stage)$", re.I)),
    ("track", re.compile(r"^(?:tracks?|themes?|category|categories|area)$", re.I)),
    ("format", re.compile(r"^(?:format|type|kind|mode|style)$", re.I)),
    ("links", re.compile(r"^(?:slides|video|videos|materials?|links?|pdf|recording|resources)$", re.I)),
    ("affiliation", re.compile(r"^(?:affiliations?|organi[sz]ations?|institutions?|company)$", re.I)),
]
_FOLD = re.compile(r"[^\w()]+")
_ROOMISH = re.compile(r"\b(?:track|room|hall|stage|auditorium)\b", re.I)


@dataclass(slots=True)
class RowItem:
    """One entry a table row holds."""

    line: int
    time: TimeMark | None
    lines: list[Line]  # the cell's lines (header first) for a cell entry
    column: int  # content column index (0-based among content columns)
    room: str | None = None
    day: DayMark | None = None
    day_label: str | None = None
    roles: dict[str, list[Line]] = field(default_factory=dict)  # for role tables
    span_all: bool = False  # spans every content column (a plenary row)
    continuation: bool = False  # no time of its own: more of the entry above


@dataclass(slots=True)
class RoleRow:
    """A role table's row with text in every cell and a time of its own (see
    `_full_role_row`): the entry of its kept cells (`read_table`'s info, "kept"), which
    the reader makes from its cells at once, with no `RowItem` or `TableEvent` between
    (`Reader._role_row`).  Its `kind` is "row"."""

    line: int
    time: TimeMark
    cells: list[Cell]  # the row's cells, as the grid has them (not a copy)
    kind = "row"  # (not a field: every such row's)


@dataclass(slots=True)
class TableEvent:
    kind: str  # "day", "items", "skip"
    line: int
    day: DayMark | None = None
    items: list[RowItem] = field(default_factory=list)


def _cell_text(c: Cell) -> str:
    if c.flat is not None:
        return c.flat
    return " ".join([ln.text for ln in c.lines]).strip()


def _expand(rows: list[Line]) -> tuple[list[list[Cell | None]], list[list[str | None]]]:
    """Rows as grids of columns, with colspans and rowspans laid out (with no span,
    each row is as it is, a cell in each column), and each cell's text on one line
    (`_cell_text`; None where a span covers it).

    A table with no span, as most are, is read in one pass over its cells, which tells
    that no cell spans and takes the texts the front-end made (`Cell.flat`, only a cell
    without one is read); each row of its grid is its line's own list of cells, not a
    copy (`read_table` never changes a grid's row)."""
    texts: list[list[str | None]] = []
    for ln in rows:
        row: list[str | None] = []
        for c in ln.cells or ():
            if c.colspan != 1 or c.rowspan != 1:
                grid = _spread(rows)
                return grid, [[_cell_text(x) if x is not None else None for x in r]
                              for r in grid]
            flat = c.flat
            row.append(flat if flat is not None else _cell_text(c))
        texts.append(row)
    return [ln.cells or [] for ln in rows], texts  # type: ignore[misc]


def _spread(rows: list[Line]) -> list[list[Cell | None]]:
    """`_expand` of rows with a span: each cell laid out over the columns and rows it
    covers."""
    grid: list[list[Cell | None]] = []
    pending: dict[int, tuple[Cell, int]] = {}  # column -> (cell, rows left)
    for ln in rows:
        out: list[Cell | None] = []
        col = 0
        cells = list(ln.cells or [])
        k = 0
        while k < len(cells) or col in pending:
            if col in pending:
                cell, left = pending[col]
                out.append(None)  # covered by a cell above: no new entry here
                if left <= 1:
                    del pending[col]
                else:
                    pending[col] = (cell, left - 1)
                col += 1
                continue
            cell = cells[k]
            k += 1
            out.append(cell)
            if cell.rowspan > 1:
                pending[col] = (cell, cell.rowspan - 1)
            for extra in range(1, cell.colspan):
                out.append(None)
                if cell.rowspan > 1:
                    pending[col + extra] = (cell, cell.rowspan - 1)
            col += cell.colspan
        grid.append(out)
    return grid


@lru_cache(maxsize=4096)  # a table repeats its time cells
def _is_time_cell(text: str) -> TimeMark | None:
    if not text or len(text) > 60:
        return None
    t = first_time(text)
    if t is None:
        return None
    if t.end is None and t.start is not None and t.open is None:
        # `08:45 09:00`: two clocks with only a space between, the start and end of a row
        m = _SECOND_CLOCK.match(text, t.stop)
        u = first_time(text[m.end(1):]) if m else None
        if u is not None and u.begin == 0 and u.start is not None and u.end is None \
                and u.strong and u.start > t.start:
            t = replace(t, end=u.start, stop=m.end(1) + u.stop, meridiem=t.meridiem or u.meridiem)
    rest = (text[:t.begin] + text[t.stop:]).strip(" -–—,|()*")
    if len(rest.split()) > 3:
        return None
    return t


_SECOND_CLOCK = re.compile(r"(\s+)(?=\d{1,2}[:.]\d\d)")


def role_of_header(text: str) -> str | None:
    t = _FOLD.sub(" ", text.lower()).strip()
    t = re.sub(r"\s*\(.*\)\s*$", "", t).strip()
    for role, pattern in _ROLE:
        if pattern.match(t):
            return role
    parts = _HEADER_PARTS.split(text)
    if len(parts) > 1:
        # `Theme / Session`, `Lead / Speaker`, `Title & Speaker`: the weightiest part's
        roles = {role_of_header(p) for p in parts if p.strip()}
        return next((r for r in _ROLE_WEIGHT if r in roles), None)
    return None


def _end_column_by_content(roles: list[str | None], header: list[str | None],
                           texts: list[list[str | None]], body: list[int]) -> None:
    """`8:30am | 8:40am | Opening Remarks` with no header: a column of single clocks
    right of the time column's single clocks, each later than its row's, is the end."""
    c = roles.index("time") + 1
    if c >= len(roles) or roles[c] is not None or (header[c] or "").strip():
        return
    rows = [(texts[k][c - 1], texts[k][c]) for k in body if texts[k][c - 1] and texts[k][c]]
    later = 0
    for a, b in rows:
        s, e = _is_time_cell(a), _is_time_cell(b)
        if s is None or e is None or s.end is not None or e.end is not None \
                or s.start is None or e.start is None:
            return
        later += e.start > s.start
    if len(rows) >= 3 and later >= 0.8 * len(rows):
        roles[c] = "end"


def _time_column_again(roles: list[str | None], header: list[str | None],
                       texts: list[list[str | None]], body: list[int]) -> None:
    """A grid's hours written again down its other side (`| 11:00 | ... | 11:00 |`): a
    column with no header whose cells repeat the time column's is furniture, not a
    column of entries titled by their hours."""
    tc = roles.index("time")
    for c in range(len(roles)):
        if roles[c] is not None or (header[c] or "").strip():
            continue
        pairs = [(texts[k][tc], texts[k][c]) for k in body if texts[k][c]]
        if len(pairs) >= 3 and sum(1 for a, b in pairs if a == b) >= 0.8 * len(pairs):
            roles[c] = "furniture"


def _second_event_columns(header: list[str | None], roles: list[str | None]) -> dict[str, int]:
    """{"title": column, "speaker": column} of a second title and speaker column named
    alike (`Pre-talk title`, `Pre-talk speaker`) beside the table's own title column."""
    if "title" not in roles:
        return {}
    found: dict[str, dict[str, int]] = {}
    for c, h in enumerate(header):
        m = _PREFIXED_ROLE.match((h or "").strip())
        if m and roles[c] not in ("time", "day") and c != roles.index("title"):
            role = role_of_header(m.group(2))
            if role in ("title", "speaker"):
                found.setdefault(m.group(1).lower(), {})[role] = c
    return next((cols for cols in found.values() if "title" in cols), {})


_PREFIXED_ROLE = re.compile(r"^(\w[\w-]*(?: [\w-]+)?)\s+(\w+)$")
_HEADER_PARTS = re.compile(r"\s*(?:/|&|\+|\band\b|\bor\b)\s*", re.I)
_ROLE_WEIGHT = ("time", "day", "title", "speaker", "room", "track", "format", "links",
                "affiliation", "end")


def read_table(rows: list[Line]) -> tuple[list[TableEvent], dict]:
    """The table's rows as events, and what the reader should know about its columns."""
    grid, texts = _expand(rows)
    width = max((len(r) for r in grid), default=0)
    if width == 0:
        return [], {}
    if min(map(len, texts)) < width:  # (most tables' rows are all as wide)
        for k, (r, g) in enumerate(zip(texts, grid)):
            if len(r) < width:
                r.extend([None] * (width - len(r)))
                # (each row as wide as the table: a new row, the line's cells untouched)
                grid[k] = g + [None] * (width - len(g))
    header_idx = _find_header(rows, texts, width)
    # a banner row repeated through the table (`Conference | | CGO | CGO`) is a header;
    # a repeated row with one cell of text (`| | 15 min break |`, untimed) is an event
    # that happens twice, not a banner over the columns
    seen_rows: dict[tuple, int] = {}
    banners: set[int] = set()
    for k, row_texts in enumerate(texts):
        first = seen_rows.setdefault(tuple(row_texts), k)
        if first != k and sum(1 for v in row_texts if v) >= 2 \
                and not any(_is_time_cell(v or "") for v in row_texts):
            banners.add(k)
            banners.add(first)
    if header_idx is None and banners:
        header_idx = min(banners)
    banners.discard(header_idx if header_idx is not None else -1)
    header = texts[header_idx] if header_idx is not None else [None] * width
    stacked = _time_rows_over_title_rows(grid, rows, texts, header_idx, header)
    if stacked is not None:
        return stacked
    across = _times_across(grid, rows, texts, header_idx, header)
    if across is not None:
        return across
    roles: list[str | None] = [None] * width
    for c in range(width):
        if header[c]:
            roles[c] = role_of_header(header[c])
    # `Presentation | Workshop Track | Walkthrough Track`: columns beside a track or room
    # column are parallel rooms, even one whose name is also a role.  A column headed as
    # the rooms themselves (`Time | Description | Room`: role `room`) names no room of
    # its own: the title beside it stays the title.
    as_rooms: set[int] = set()
    if "speaker" not in roles and any(h and roles[c] is None and _ROOMISH.search(h)
                                      for c, h in enumerate(header)):
        for c in range(width):
            if roles[c] == "title":
                roles[c] = None
                as_rooms.add(c)
    body = [k for k in range(len(rows)) if k != header_idx and k not in banners]
    # time column by content
    if "time" not in roles:
        for c in range(width):
            vals = [texts[k][c] for k in body if texts[k][c]]
            if vals and sum(1 for v in vals if _is_time_cell(v)) >= max(1, 0.5 * len(vals)):
                roles[c] = "time"
                break
    if "time" in roles and "end" not in roles:
        _end_column_by_content(roles, header, texts, body)
    if "time" in roles:
        _time_column_again(roles, header, texts, body)
    # day column by content (`Saturday 22nd | 8 a.m. - 12 noon | ...`)
    for c in range(width):
        if roles[c] is None:
            vals = [texts[k][c] for k in body if texts[k][c]]
            days = [v for v in vals if _day_cell(v)]
            if vals and days and len(days) >= 0.6 * len(vals) and len(vals) < len(body):
                roles[c] = "daycol"
    # constant columns are page furniture
    for c in range(width):
        if roles[c] is None:
            vals = [texts[k][c] for k in body if texts[k][c]]
            if len(vals) >= 3 and len(set(vals)) == 1:
                roles[c] = "furniture"
    # beside a column of items: a column of link labels, or of a few repeated categories
    content = [c for c in range(width) if roles[c] is None and not (header[c] or "").strip()]
    if len(content) >= 2:
        avg = {c: _avg_words([texts[k][c] for k in body]) for c in content}
        main = max(content, key=lambda c: avg[c])
        if avg[main] >= 3:
            for c in content:
                if c == main:
                    continue
                cells_c = [grid[k][c] for k in body if k < len(grid) and c < len(grid[k])
                           and grid[k][c] is not None and not grid[k][c].empty]
                vals = [_cell_text(x) for x in cells_c]
                if not vals:
                    continue
                if sum(1 for x in cells_c if _linky(x)) >= 0.6 * len(vals):
                    roles[c] = "links"
                elif all(len(v.split()) <= 3 for v in vals) and avg[main] >= 3 * avg[c] and \
                        sum(1 for v in vals if is_people_line(v)) <= 0.3 * len(vals):
                    roles[c] = "track"
    # columns named by days (`Time | Saturday | Sunday`) or rooms (`Time | Room 100`)
    content = [c for c in range(width) if roles[c] is None]
    day_cols: dict[int, DayMark] = {}
    room_cols: dict[int, str] = {}
    for c in content:
        h = (header[c] or "").strip()
        if not h:
            continue
        d = find_days(h)
        if d and (d[0].weekday is not None or d[0].full) and len(h.split()) <= 4:
            day_cols[c] = d[0]
        elif len(content) >= 2 and (c in as_rooms or not role_of_header(h)) and len(h) <= 40:
            room_cols[c] = h
    if len(set(room_cols.values())) < len(room_cols):
        room_cols = {}  # `CGO | CGO`: a banner over the columns, not room names
    # by content: a column of people beside a column of titles
    content = [c for c in range(width) if roles[c] is None]
    if not any(r in ("speaker", "title") for r in roles) and len(content) >= 2 and not day_cols \
            and not room_cols:
        people_cols = []
        for c in content:
            vals = [texts[k][c] for k in body if texts[k][c]]
            if vals and sum(1 for v in vals if is_people_line(v)) >= 0.6 * len(vals):
                people_cols.append(c)
        if people_cols and len(people_cols) < len(content):
            for c in people_cols:
                roles[c] = "speaker"
            rest = [c for c in content if c not in people_cols]
            long = max(rest, key=lambda c: sum(len(texts[k][c] or "") for k in body))
            roles[long] = "title"
            for c in rest:
                if c != long and roles[c] is None:
                    roles[c] = "extra"
            content = [c for c in range(width) if roles[c] is None]
    role_table = any(r in ("speaker", "title") for r in roles)
    # `Speaker | Title | Pre-talk speaker | Pre-talk title`: a second event in each row,
    # in columns named by the same words before `speaker` and `title`
    second = _second_event_columns(header, roles) if role_table else {}
    for c in second.values():
        roles[c] = "second"
    if role_table and "title" not in roles:
        # the first unnamed or track-like column stands in for the title
        for c in range(width):
            if roles[c] in (None, "track", "format"):
                roles[c] = "title"
                break
    # links / track / format columns in a role table are not entries of their own
    if role_table:
        for c in range(width):
            if roles[c] is None:
                roles[c] = "extra"
        content = []
    elif not content:
        content = [c for c in range(width) if roles[c] in ("title",)]
    events: list[TableEvent] = []
    tcol = roles.index("time") if "time" in roles else None
    dcol = roles.index("daycol") if "daycol" in roles else roles.index("day") if "day" in roles else None
    ecol = roles.index("end") if "end" in roles and tcol is not None else None
    ucol = roles.index("duration") if "duration" in roles and tcol is not None else None
    # `| Hour | What |` over `| 9 | Welcome |`, `| 13 | Lunch |`: a column headed as the
    # times whose cells are bare hours
    hours = tcol is not None and bool(header[tcol]) and _hours_column(texts, body, tcol)
    unit = 60 if ucol is not None and re.search(r"\bh(?:ours?|rs?)?\b", header[ucol] or "", re.I) \
        else 1  # `Duration (hours)`: a bare number counts hours; else minutes
    header_shown = [h or "" for h in header] if header_idx is not None else None
    # the columns whose cells a role table's entries take, with their roles
    kept = [(c, roles[c]) for c in range(width) if roles[c] in (
        "title", "speaker", "room", "track", "format", "links", "affiliation", "extra")]
    # (each role in one column, as in most tables: a row's cell lines are its role's list
    # as they are, with no list to extend; no reader of a row's roles changes a list)
    one_column_each = len({role for _, role in kept}) == len(kept)
    title_col = roles.index("title") if "title" in roles else None
    # A role table with a time column and four columns or more, each role in one, no day
    # or end column and no second event: its rows with text in every cell, as most are,
    # are read by `_full_role_row` (what the loop below makes of them, with none of the
    # tests that only a row with an empty cell, or a day, can pass).
    full_rows = role_table and one_column_each and not second and tcol is not None \
        and dcol is None and ecol is None and ucol is None and width > 3
    for k, row in enumerate(grid):
        ln = rows[k]
        if k == header_idx:
            events.append(TableEvent("skip", ln.no))
            continue
        cells = row
        vals = texts[k]
        if full_rows and all(vals):
            ev = _full_role_row(ln.no, row, vals, header_shown, tcol, kept)
            if ev is not None:
                events.append(ev)
                continue
        # a repeated header row (`**Conference** | | **CGO** | **CGO**`)
        # (its first cell tells most rows apart from the header before all are compared)
        if header_shown is not None and (vals[0] or "") == header_shown[0] \
                and [v or "" for v in vals] == header_shown:
            events.append(TableEvent("skip", ln.no))
            continue
        # (a row with text in each of four cells or more, as most are, is no day row:
        # each cell with text has lines)
        nonempty = [(c, v) for c, v in enumerate(vals) if v] \
            if width <= 3 or not all(vals) else None
        if nonempty is not None and not nonempty:
            events.append(TableEvent("skip", ln.no))
            continue
        # a day row: one cell naming a day, or a few short cells that name it together
        # (`Day 1 | 2020-07-27`); a row with text in each cell is none (above)
        d = _day_row(cells, nonempty, titled=dcol is not None and role_table
                     and title_col is not None and bool(vals[title_col])
                     and vals[dcol] is not None) if nonempty is not None else None
        if d is not None:
            events.append(TableEvent("day", ln.no, day=d))
            continue
        day_here = None
        if dcol is not None and vals[dcol]:
            day_here = _day_cell(vals[dcol])
        t = None
        if tcol is not None and vals[tcol]:
            t = _is_time_cell(vals[tcol])
            if t is None and hours:
                t = _bare_hour(vals[tcol])
            if t is None:
                # `All Day`, `TBA`: a time cell that gives no time
                t = first_time(vals[tcol])
        if ecol is not None and t is not None and t.start is not None and t.end is None \
                and vals[ecol]:
            # `Start | End` columns: the end cell's clock ends the start cell's time
            e = _is_time_cell(vals[ecol])
            if e is not None and e.start is not None:
                t = replace(t, end=e.start, meridiem=t.meridiem or e.meridiem)
                if t.start > e.start and t.start.hour >= 12 \
                        and t.start.replace(hour=t.start.hour - 12) < e.start:
                    # `11:05pm | 12:00pm`: a start after its own end is the morning's
                    t = replace(t, start=t.start.replace(hour=t.start.hour - 12))
        if ucol is not None and t is not None and t.start is not None and t.end is None \
                and t.open is None and vals[ucol]:
            # `Start | Duration`: `10:00 | 30 min` ends at 10:30
            t = _plus_duration(t, vals[ucol], unit)
        if tcol is not None and t is None and vals[tcol] and nonempty is not None \
                and len(nonempty) == 2:
            # `| Final discussion | 16:45 -- 17:00 |` in a time-first table: one row
            # written the other way round, its time in the other cell
            c = next(c for c, _ in nonempty if c != tcol)
            swapped = _is_time_cell(vals[c])
            if swapped is not None and swapped.start is not None:
                t = swapped
                cells = list(cells)  # (the grid's row stays as it was)
                cells[tcol], cells[c] = cells[c], cells[tcol]
                vals = list(vals)
                vals[tcol], vals[c] = vals[c], vals[tcol]
        role_row = _role_row(vals[tcol]) if tcol is not None and t is None and vals[tcol] else None
        if role_row is not None:
            # `Tutorial Speaker | [Prof. M Tiemann, Paderborn University]`: the entry above's
            lines = [ln for c in range(width) if c != tcol and cells[c] is not None
                     for ln in cells[c].lines if ln.text]
            if lines:
                events.append(TableEvent("items", ln.no, items=[RowItem(
                    ln.no, None, [], 0, roles={role_row: lines}, continuation=True)]))
                continue
        items: list[RowItem] = []
        if role_table:
            got = {}
            for c, role in kept:
                cell = cells[c]
                # (a cell with text is not empty: only one without needs its lines seen)
                if vals[c] or cell is not None and not cell.empty:
                    if one_column_each:
                        got[role] = cell.lines
                    else:
                        got.setdefault(role, []).extend(cell.lines)
            if got:
                # (fields in order, as a row a table has many of: RowItem(line, time,
                # lines, column, room, day, day_label, roles, span_all, continuation))
                items.append(RowItem(ln.no, t, [], 0, None, day_here, None, got, False,
                                     tcol is not None and not vals[tcol]))
                if second:
                    pair = {role: cells[c].lines for role, c in second.items()
                            if cells[c] is not None and not cells[c].empty}
                    if "title" in pair:
                        items.append(RowItem(ln.no, t, [], 1, roles=pair, day=day_here))
        else:
            spans_all = False
            n_content = len(content)
            extras = {roles[c]: list(cells[c].lines) for c in range(width)
                      if roles[c] in ("links", "track") and cells[c] is not None and not cells[c].empty}
            for idx, c in enumerate(content):
                cell = cells[c]
                if cell is None or cell.empty:
                    continue
                if n_content > 1 and _TBA.match(vals[c] or ""):
                    continue  # a grid's `TBA` cell: a slot with nothing in it yet
                covered = min(cell.colspan, n_content - idx)
                spans_all = covered >= n_content and n_content > 1
                room = None
                if c in room_cols and not spans_all:
                    room = room_cols[c] if covered == 1 else None
                d = day_cols.get(c, day_here)
                ct, lines = t, list(cell.lines)
                if t is not None and n_content > 1 and _CLOCK_FIRST.match(lines[0].text):
                    # `16:00–17:00 Closing keynote` in the 16:30 row of a grid: the
                    # cell's own time, not its row's
                    ct, lines = _own_time(t, lines)
                items.append(RowItem(cell.lines[0].no, ct, lines, idx, room=room,
                                     day=d, day_label=header[c] if c in day_cols else None,
                                     span_all=spans_all, roles=dict(extras) if extras else {},
                                     continuation=tcol is not None and not vals[tcol]))
            if not items and t is not None and "track" in extras:
                # `8:30am | 8:40am | Opening Remarks | (empty)` beside rows whose last cell
                # holds the talks: the short cell is the entry when the long one is empty
                lines = extras["track"]
                items.append(RowItem(lines[0].no, t, list(lines), 0, day=day_here))
        if items:
            events.append(TableEvent("items", ln.no, None, items))
        else:
            events.append(TableEvent("skip", ln.no))
    info = {"rooms": set(room_cols.values()), "day_columns": bool(day_cols), "kept": kept,
            "day_labels": [header[c] for c in sorted(day_cols)],
            "parallel": len(content) > 1 and not role_table}
    return events, info


def _full_role_row(no: int, cells: list[Cell | None], vals: list[str | None],
                   header_shown: list[str] | None, tcol: int,
                   kept: list[tuple[int, str | None]]) -> TableEvent | RoleRow | None:
    """The event of a role table's row with text in each of its four cells or more,
    in a table whose every role has one column, with no day, end or second event
    columns (see `read_table`): a repeated header is skipped, a row with a time is a
    `RoleRow`, the entry of its kept cells' lines.  None for a row whose time cell
    gives no time (`TBA`, `Tutorial Speaker`), which `read_table`'s loop reads in full.

    Such a row is no day row (those have an empty cell), its time is its own (not a
    continuation of the row above), and its time cell is where the time is (a time in
    another cell is only looked for in a row of two cells with text)."""
    if header_shown is not None and vals[0] == header_shown[0] and vals == header_shown:
        return TableEvent("skip", no)
    t = _is_time_cell(vals[tcol])  # type: ignore[arg-type]  # (every cell has text)
    if t is None:
        return None
    return RoleRow(no, t, cells)  # type: ignore[arg-type]  # (every cell has text)


def _day_row(cells: list[Cell | None], nonempty: list[tuple[int, str]], titled: bool
             ) -> DayMark | None:
    """The day a row names in one cell, or in a few short cells together (`Day 1 |
    2020-07-27`; `Day 1 | 2020-07-27 <br> Course Title`: the cells' first lines).
    `titled`: a row with a title under a Date column (`Jan. 23 | Kevin Osei | Short
    Title` under `Date | Speaker | Title`) is an entry in its columns, however short its
    cells."""
    one = len(nonempty) == 1
    firsts = [cells[c].lines[0].text for c, _ in nonempty
              if cells[c] is not None and cells[c].lines] if len(nonempty) <= 3 else None
    if not (one or firsts is not None and all(len(v) <= 30 for v in firsts)) or titled:
        return None
    cell = cells[nonempty[0][0]]
    if cell is None or not cell.lines:
        return None
    text = nonempty[0][1] if one else " ".join(firsts)
    d = day_line(Line(cell.lines[0].no, text, cell.lines[0].spans if one else (),
                      heading=0, cells=[cell]))
    return d if d is not None and first_time(text) is None else None


def _time_rows_over_title_rows(grid, rows: list[Line], texts: list[list[str | None]],
                                header_idx: int | None, header: list[str | None]):
    """`| Tuesday | Wednesday |` over rows that alternate: a row of times, then a row of
    titles, each title under the time of its own column on that column's day.  The
    table's events, or None when the table is not laid out so."""
    if header_idx is None:
        return None
    days = {c: _day_cell(h) for c, h in enumerate(header) if h}
    if len(days) < 2 or not all(days.values()):
        return None
    body = [k for k in range(len(rows)) if k != header_idx and any(texts[k])]
    timed = [k for k in body if all(_is_time_cell(v) for v in texts[k] if v)]
    pairs = [k for k in timed if k + 1 in body and k + 1 not in timed]
    if len(pairs) < 2 or len(pairs) < 0.6 * len(timed) or len(timed) + len(pairs) < 0.8 * len(body):
        return None
    events = [TableEvent("skip", ln.no) for ln in rows]
    for k in pairs:
        items: list[RowItem] = []
        for c, cell in enumerate(grid[k + 1]):
            if cell is None or cell.empty:
                continue
            # a title spanning several days is on each of them, at each one's time
            for cc in range(c, c + max(1, cell.colspan)):
                t = _is_time_cell(texts[k][cc] or "") if cc < len(texts[k]) else None
                if t is None or cc not in days:
                    continue
                items.append(RowItem(cell.lines[0].no, t, list(cell.lines), cc, day=days[cc],
                                     day_label=header[cc]))
        events[k + 1] = TableEvent("items", rows[k + 1].no, items=items) if items \
            else TableEvent("skip", rows[k + 1].no)
    return events, {"rooms": set(), "day_columns": True, "parallel": True,
                    "day_labels": [header[c] for c in sorted(days)]}


def _own_time(t: TimeMark, lines: list[Line]) -> tuple[TimeMark, list[Line]]:
    """(time, lines) of a grid cell whose first line opens with a range of its own
    before its title; `t` and the lines as they are when it does not."""
    first = lines[0]
    own = first_time(first.text)
    if own is None or own.begin != 0 or own.start is None or own.end is None or not own.strong:
        return t, lines
    cut = own.stop + len(first.text[own.stop:]) - len(first.text[own.stop:].lstrip(" -–—:|,"))
    rest = first.text[cut:]
    if len(rest.split()) < 1 or first_time(rest) is not None:
        return t, lines
    spans = tuple(sp.shifted(cut, clamp=True) for sp in first.spans if sp.end > cut)
    return own, [replace(first, text=rest, spans=spans, memo=None)] + lines[1:]


_TBA = re.compile(r"^\W*(?:tba|tbd|tbc|to be (?:announced|determined|confirmed))\W*$", re.I)
_CLOCK_FIRST = re.compile(r"^\d{1,2}(?:[:.h]\d\d)?\s*(?:[ap]\.?m\.?)?\s*(?:-|–|—|to\b)", re.I)


def _hours_column(texts: list[list[str | None]], body: list[int], c: int) -> bool:
    """Whether most of column `c`'s cells are bare hours (`9`, `13`), none a clock."""
    ends = [texts[k][c] for k in (body[:1] + body[-1:])]
    if not any(v and _BARE_HOUR.match(v) for v in ends):
        return False  # (a column of clocks, as most are, is told by its ends)
    got = [v for v in (texts[k][c] for k in body) if v]
    bare = sum(1 for v in got if _BARE_HOUR.match(v))
    return len(got) >= 2 and bare >= 0.6 * len(got) and not any(_is_time_cell(v) for v in got)


def _bare_hour(text: str) -> TimeMark | None:
    """`9`, `13`: the hour of a row in a column of bare hours (its meridiem, up to 12,
    read in context like any clock written without one)."""
    m = _BARE_HOUR.match(text)
    if m is None:
        return None
    h = int(m.group(1))
    return TimeMark(time(h % 24), None, 0, len(text), h > 12 or h == 0, h <= 12 and h != 0)


_BARE_HOUR = re.compile(r"^\s*([01]?\d|2[0-3])\s*$")


def _plus_duration(t: TimeMark, text: str, unit: int) -> TimeMark:
    """`t` ending its duration after its start (`30 min`, `1.25 hours`, `1h30`, `45`
    counted in `unit` minutes); `t` as it is when the cell gives no duration or the end
    would pass midnight."""
    m = _DURATION.match(text.strip())
    if m is None:
        return t
    num, hours, h_min = m.group(1), m.group(2), m.group(3)
    minutes = float(num.replace(",", ".")) * (60 if hours else unit) + (int(h_min) if h_min else 0)
    end = t.start.hour * 60 + t.start.minute + round(minutes)
    if minutes <= 0 or end >= 24 * 60:
        return t
    return replace(t, end=time(end // 60, end % 60))


# `30 min`, `30 mins.`, `1.25 hours`, `1 hr`, `1h30`, `90'`, a bare `45`
_DURATION = re.compile(r"^(\d{1,3}(?:[.,]\d{1,2})?)\s*(?:(h(?:ours?|rs?)?\.?)\s*(\d{1,2})?"
                       r"(?:\s*m(?:in(?:ute)?s?)?\.?)?|m(?:in(?:ute)?s?)?\.?|'|)$", re.I)


def _times_across(grid, rows: list[Line], texts: list[list[str | None]],
                  header_idx: int | None, header: list[str | None]):
    """`| Session | 09:00-10:30 | 11:00-12:30 |` over `| Track A | Graph Nets | Type
    Systems |`: the times run along the header and each row is named by its first
    cell (a track or room, or a day).  The table's events, or None when its header is
    not a row of times after its first cell."""
    if header_idx is None:
        # (a row of times is no header by `_find_header`'s measure: the first row is)
        if not texts or len(texts) < 2:
            return None
        header_idx, header = 0, texts[0]
    if len(header) < 3 or not header[1] or not _CLOCK_START.match(header[1]):
        return None  # (a header of names, as nearly all are, is told by its second cell)
    times = {c: _is_time_cell(h or "") for c, h in enumerate(header) if c and h}
    if len(times) < 2 or not all(t is not None and t.start is not None for t in times.values()) \
            or _is_time_cell(header[0] or ""):
        return None
    events = [TableEvent("skip", ln.no) for ln in rows]
    labels: list[str] = []
    for k, row in enumerate(grid):
        if k == header_idx or not row or row[0] is None:
            continue
        label = texts[k][0] or ""
        day = _day_cell(label)
        if day is not None:
            labels.append(label)
        items: list[RowItem] = []
        for c in range(1, len(row)):
            cell = row[c]
            if cell is None or cell.empty or c not in times or _TBA.match(texts[k][c] or ""):
                continue
            t = times[c]
            last = times.get(c + cell.colspan - 1) if cell.colspan > 1 else None
            if last is not None and last.end is not None:
                t = replace(t, end=last.end)  # a cell across several times: to the last's end
            items.append(RowItem(cell.lines[0].no, t, list(cell.lines), c - 1,
                                 room=None if day is not None or not label else label,
                                 day=day, day_label=label if day is not None else None))
        if items:
            events[k] = TableEvent("items", rows[k].no, items=items)
    rooms = {texts[k][0] for k in range(len(grid)) if k != header_idx and texts[k][0]
             and not _day_cell(texts[k][0] or "")}
    return events, {"rooms": rooms, "day_columns": bool(labels), "parallel": True,
                    "day_labels": labels}


_CLOCK_START = re.compile(r"^\s*\d{1,2}(?:[:.h]\d\d)?\s*(?:[ap]\.?m\.?)?\s*(?:[-–—]|to\b|$)", re.I)


def _role_row(text: str) -> str | None:
    """"speaker" or "chair" for a row labelled by the role of its people (`Tutorial
    Speaker`, `Session Chair:`) in place of a time."""
    m = _ROLE_ROW.match(text.strip())
    if m is None:
        return None
    return "chair" if m.group(1).lower().startswith(("chair", "moderator", "host")) else "speaker"


_ROLE_ROW = re.compile(r"^(?:[A-Za-z]+\s+){0,2}(speakers?|presenters?|chairs?|moderators?|"
                       r"panelists?|lecturers?|instructors?|hosts?)\s*:?$", re.I)


def _avg_words(vals: list[str | None]) -> float:
    got = [len(v.split()) for v in vals if v]
    return sum(got) / len(got) if got else 0.0


_LINK_TEXT = re.compile(r"(?:[-–]\s*(?:pdf|slideshare|slides|video|youtube)\s*$|not available|"
                        r"^\[?(?:pdf|slides|video|paper|link)\]?$)", re.I)


def _linky(cell: Cell) -> bool:
    text = _cell_text(cell)
    if _LINK_TEXT.search(text):
        return True
    covered = sum(s.end - s.start for ln in cell.lines for s in ln.spans if s.href)
    return covered >= 0.8 * max(1, len(text))


def _day_cell(text: str) -> DayMark | None:
    if not text or len(text) > 60 or _is_time_cell(text):
        return None
    d = find_days(text)
    if not d:
        return None
    m = d[0]
    if m.weekday is None and not m.full and (m.day is None or m.month is None):
        return None
    rest = (text[:m.begin] + text[m.stop:]).strip(" ,*()")
    return m if len(rest.split()) <= 2 else None


def _date_and_weekday(vals: list[str]) -> bool:
    """`4/11` and `Thursday`: a date without its weekday and a weekday alone."""
    marks = [_day_cell(v) for v in vals]
    if any(m is None for m in marks):
        return False
    kinds = sorted((m.weekday is not None, m.day is not None) for m in marks)
    return kinds == [(False, True), (True, False)]


def _find_header(rows: list[Line], texts: list[list[str | None]], width: int) -> int | None:
    for k, ln in enumerate(rows[:3]):
        vals = [v for v in texts[k] if v]
        if not vals:
            continue
        if len(vals) == 1 and k < 2 and _day_cell(vals[0]):
            continue  # the day over the header (`| Monday October 23, 2023 | | |`)
        if len(vals) == 2 and _date_and_weekday(vals):
            break  # `| 4/11 | Thursday |`: one day written in two cells, over its rows
        if len(vals) >= 2 and all(_day_cell(v) for v in vals):
            return k  # `|  | Monday 15 July | Tuesday 16 July |`: days over their columns
        if len(vals) == 2 and any(_day_cell(v) for v in vals) \
                and not any(role_of_header(v) for v in vals):
            break  # `| July 6th | EnFI - First Day |`: the day of the rows under it
        cells = [c for c in (ln.cells or []) if not c.empty]
        single = all(len(c.lines) == 1 for c in cells)
        if ln.header_row and single and not any(_is_time_cell(v) for v in vals) \
                and all(len(v) < 48 and len(v.split()) <= 6 for v in vals) \
                and (any(role_of_header(v) for v in vals) or
                     not any(is_people_line(v) for v in vals)):
            return k
        if len(rows) > k + 1:
            roles = sum(1 for v in vals if role_of_header(v))
            if roles >= (1 if k == 0 else 2) and single and not any(_is_time_cell(v) for v in vals) \
                    and all(len(v) < 40 for v in vals):
                return k
        break
    return None
