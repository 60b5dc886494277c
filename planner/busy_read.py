"""A calendar export as blocks of lines, read the way khal and ical.js read them.

Real exports are not always what RFC 5545 says: UTF-16 or Latin-1 instead of UTF-8,
old-Mac CR line ends, a download cut short, a missing END:VCALENDAR, a line of
garbage in an event.  This module splits the text into its components by
BEGIN/END lines alone, remembering the line each starts on, so that one broken
component costs that component and a sentence with its line number, never the
file.  icalendar then reads the components that are whole (see planner.busy).

Nothing here imports icalendar: a cached busy calendar is answered without it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date

_LINE_END = re.compile(r"\r\n|\r|\n")
# A line's name: what comes before the first ';' or ':'.
_NAME = re.compile(r"[^;:]*")
_DATE = re.compile(r":\s*(\d{4})(\d{2})(\d{2})")
# Recurring masters and their moved occurrences stay whatever their dates say.
_RECURRING = frozenset({"RRULE", "RDATE", "RECURRENCE-ID", "EXRULE"})


@dataclass
class Block:
    """One top-level component: its kind and its logical (unfolded) lines, numbered
    by the physical line each starts on, BEGIN and END included."""

    kind: str
    line: int
    lines: list[tuple[int, str]] = field(default_factory=list)

    def first(self, name: str) -> tuple[int, str] | None:
        """The first line of property `name` (upper case) directly in this block."""
        depth = 0
        for number, text in self.lines[1:-1]:
            head = prop_name(text)
            if head == "BEGIN":
                depth += 1
            elif head == "END":
                depth -= 1
            elif depth == 0 and head == name:
                return number, text
        return None

    def line_of(self, name: str, value: str = "") -> int:
        """The line of the first property `name` whose text holds `value` (else the
        block's own first line)."""
        for number, text in self.lines:
            if prop_name(text) == name and value in text:
                return number
        return self.line

    def names(self) -> set[str]:
        return {prop_name(text) for _, text in self.lines}

    def text(self) -> str:
        return "\r\n".join(t for _, t in self.lines)


@dataclass
class Scan:
    header: list[str]  # the VCALENDAR's own properties (X-WR-TIMEZONE, X-WR-CALNAME...)
    blocks: list[Block]
    problems: list[str]  # "line N: ..." for what could not be kept
    events: int = 0  # VEVENT blocks begun, whole or not


def decode(data: bytes) -> str:
    """The text of an export in whatever encoding it came: a BOM's, UTF-16 without one
    (every other byte NUL), UTF-8, else Windows-1252 (which Latin-1 exports also read
    as), else Latin-1, which reads any bytes."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    head = data[:400]
    if head and head.count(0) * 3 >= len(head):
        codec = "utf-16-le" if head[1::2].count(0) > head[0::2].count(0) else "utf-16-be"
        return data.decode(codec, errors="replace")
    for codec in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(codec)
        except UnicodeDecodeError:
            pass
    return data.decode("latin-1")


def prop_name(line: str) -> str:
    m = _NAME.match(line)
    return m.group().strip().upper() if m else ""


def logical_lines(text: str) -> Iterator[tuple[int, str]]:
    """(first physical line's number, unfolded line), CR, LF and CRLF all ending lines."""
    number, current, start = 0, None, 0
    for number, raw in enumerate(_LINE_END.split(text), 1):
        if raw[:1] in (" ", "\t") and current is not None:
            current += raw[1:]
            continue
        if current is not None and current.strip():
            yield start, current
        current, start = raw, number
    if current is not None and current.strip():
        yield start, current


def scan(text: str) -> Scan:
    """Split the text into top-level components, keeping the whole ones."""
    header: list[str] = []
    blocks: list[Block] = []
    problems: list[str] = []
    events = 0
    in_calendar = False
    block: Block | None = None
    nested: list[str] = []  # open sub-components inside `block` (VALARM, STANDARD...)

    def cut(why: str) -> None:
        nonlocal block
        assert block is not None
        what = "an event" if block.kind == "VEVENT" else f"a {block.kind}"
        summary = block.first("SUMMARY")
        if summary and block.kind == "VEVENT":
            what = f"event {summary[1].split(':', 1)[-1].strip()!r}"
        problems.append(f"line {block.line}: {what} is cut off ({why}); it is left out")
        block = None
        nested.clear()

    for number, line in logical_lines(text):
        name = prop_name(line)
        value = line.split(":", 1)[1].strip().upper() if ":" in line else ""
        if block is not None:
            if name == "BEGIN" and value in ("VEVENT", "VTIMEZONE", "VTODO", "VJOURNAL",
                                             "VFREEBUSY", "VCALENDAR") and not nested:
                cut(f"line {number} begins another {value} before its END:{block.kind}")
            elif name == "END" and value == "VCALENDAR":
                cut(f"END:VCALENDAR on line {number} comes before its END:{block.kind}")
                in_calendar = False
                continue
            else:
                if name == "BEGIN":
                    nested.append(value)
                elif name == "END" and nested and nested[-1] == value:
                    nested.pop()
                elif name == "END" and value == block.kind and not nested:
                    block.lines.append((number, line))
                    blocks.append(block)
                    block = None
                    continue
                elif ":" not in line:
                    problems.append(f"line {number}: {line.strip()[:40]!r} is not a "
                                    "property (it has no colon); it is left out")
                    continue
                block.lines.append((number, line))
                continue
        if name == "BEGIN" and value == "VCALENDAR":
            in_calendar = True
        elif name == "END" and value == "VCALENDAR":
            in_calendar = False
        elif name == "BEGIN" and value:
            block = Block(value, number, [(number, line)])
            events += value == "VEVENT"
            in_calendar = True  # a file that lost its BEGIN:VCALENDAR still has events
        elif in_calendar and ":" in line and name != "END":
            header.append(line)
    if block is not None:
        cut("the file ends before its END:" + block.kind)
    return Scan(header, blocks, problems, events)


def block_dates(block: Block) -> tuple[date, date] | None:
    """The first and last day an event touches, read from its DTSTART and DTEND lines,
    or None when it recurs, lasts a DURATION or cannot be dated from its text: those
    are always read whole."""
    if block.names() & _RECURRING:
        return None
    start_line = block.first("DTSTART")
    if start_line is None or block.first("DURATION") is not None:
        return None
    end_line = block.first("DTEND") or start_line
    try:
        first, last = (_date(text) for _, text in (start_line, end_line))
    except ValueError:
        return None
    if first is None or last is None:
        return None
    return first, max(first, last)


def _date(text: str) -> date | None:
    m = _DATE.search(text)
    return date(int(m[1]), int(m[2]), int(m[3])) if m else None
