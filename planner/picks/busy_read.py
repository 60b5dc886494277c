"""A calendar export as blocks of lines, read the way khal and ical.js read them.

Real exports are not always what RFC 5545 says: UTF-16 or Latin-1 instead of UTF-8,
old-Mac CR line ends, a download cut short, a missing END:VCALENDAR, a line of
garbage in an event.  This module splits the text into its components by
BEGIN/END lines alone, remembering the line each starts on, so that one broken
component costs that component and a sentence with its line number, never the
file.  icalendar then reads the components that are whole (see planner.picks.busy).

Nothing here imports icalendar: a cached busy calendar is answered without it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from functools import cached_property

_LINE_END = re.compile(r"\r\n|\r|\n")
# A line's name: what comes before the first ';' or ':'.
_NAME = re.compile(r"[^;:]*")
_DATE = re.compile(r":\s*(\d{4})(\d{2})(\d{2})")
_MARK = re.compile(r"^(BEGIN|END)[ \t]*:[ \t]*([A-Za-z0-9-]+)[ \t]*$",
                   re.MULTILINE | re.IGNORECASE)
# The same, upper case only, from the newline before: a literal start that re finds
# with a fast search (24 MB: 0.06 s, where _MARK takes 1.2 s).
_BEGIN = re.compile(r"\nBEGIN:([A-Za-z0-9-]+)[ \t]*$", re.MULTILINE)
_END = re.compile(r"\nEND:([A-Za-z0-9-]+)[ \t]*$", re.MULTILINE)
_TOP = frozenset({"VEVENT", "VTIMEZONE", "VTODO", "VJOURNAL", "VFREEBUSY", "VCALENDAR"})
_QUICK = re.compile(r"^(DTSTART|DTEND|DURATION|RRULE|RDATE|EXRULE|RECURRENCE-ID|SUMMARY)"
                    r"[;:][^\n]*", re.MULTILINE | re.IGNORECASE)
_QUICK_MARKERS = tuple((name, "\n" + name) for name in (
    "DTSTART", "DTEND", "DURATION", "RRULE", "RDATE", "EXRULE", "RECURRENCE-ID", "SUMMARY"))
_UNTIL = re.compile(r"UNTIL=(\d{4})(\d{2})(\d{2})", re.IGNORECASE)


class Block:
    """One top-level component: its kind, the line its BEGIN is on, and its text from
    BEGIN to END (line ends made LF).  Its lines and properties are worked out only
    when asked: most events of a big calendar are judged by `quick` alone."""

    def __init__(self, kind: str, line: int, raw: str, upper: bool = False) -> None:
        self.kind, self.line, self.raw = kind, line, raw
        self.upper = upper  # every property name in the file is upper case (see scan)
        self.problems: list[str] = []  # lines left out of `lines`, as sentences

    @cached_property
    def unfolded(self) -> str:
        return self.raw.replace("\n ", "").replace("\n\t", "")

    @cached_property
    def quick(self) -> dict[str, str]:
        """The first line of each property `block_dates` and reports need, unfolded."""
        if self.upper:
            found = self._found()
            if found is not None:
                return found
        out: dict[str, str] = {}
        for m in _QUICK.finditer(self.unfolded):
            out.setdefault(m[1].upper(), m[0])
        return out

    def _found(self) -> dict[str, str] | None:
        """`quick` by plain string search (a hundred thousand events: 0.3 s, where the
        pattern takes 3 s), or None when a line found is folded."""
        raw, out = self.raw, {}
        for name, marker in _QUICK_MARKERS:
            i = raw.find(marker)
            while i >= 0:
                after = i + len(marker)
                if raw[after:after + 1] in (";", ":"):
                    end = raw.find("\n", after)
                    end = len(raw) if end < 0 else end
                    if raw[end + 1:end + 2] in (" ", "\t"):
                        return None
                    out[name] = raw[i + 1:end]
                    break
                i = raw.find(marker, after)
        return out

    @cached_property
    def lines(self) -> list[tuple[int, str]]:
        """(line number, unfolded line), BEGIN and END included; a line without a colon
        is left out, with a sentence in `problems`."""
        out = []
        for number, line in logical_lines(self.raw, self.line):
            if ":" not in line:
                self.problems.append(f"line {number}: {line.strip()[:40]!r} is not a "
                                     "property (it has no colon); it is left out")
            else:
                out.append((number, line))
        return out

    @cached_property
    def props(self) -> dict[str, tuple[int, str]]:
        """The first line of each of its own properties (not a VALARM's inside it)."""
        out: dict[str, tuple[int, str]] = {}
        depth = 0
        for number, line in self.lines[1:-1]:
            name = prop_name(line)
            if name == "BEGIN":
                depth += 1
            elif name == "END":
                depth -= 1
            elif depth == 0 and name not in out:
                out[name] = (number, line)
        return out

    def first(self, name: str) -> tuple[int, str] | None:
        """The first line of property `name` (upper case) directly in this block."""
        return self.props.get(name)

    def line_of(self, name: str, value: str = "") -> int:
        """The line of the first property `name` whose text holds `value` (else the
        block's own first line)."""
        for number, text in self.lines:
            if prop_name(text) == name and value in text:
                return number
        return self.line

    def summary(self) -> str | None:
        line = self.quick.get("SUMMARY")
        return line.split(":", 1)[-1].strip().replace("\\,", ",") if line else None

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


def logical_lines(text: str, first: int = 1) -> Iterator[tuple[int, str]]:
    """(first physical line's number, unfolded line), CR, LF and CRLF all ending lines;
    `first` is the number of the text's first line."""
    number, current, start = 0, None, 0
    for number, raw in enumerate(_LINE_END.split(text), first):
        if raw[:1] in (" ", "\t") and current is not None:
            current += raw[1:]
            continue
        if current is not None and current.strip():
            yield start, current
        current, start = raw, number
    if current is not None and current.strip():
        yield start, current


def scan(text: str) -> Scan:
    """Split the text into top-level components, keeping the whole ones.

    Only the BEGIN and END lines are looked at one by one (found by one pattern over
    the whole text); a component's own lines wait until someone asks for them."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    header: list[str] = []
    blocks: list[Block] = []
    problems: list[str] = []
    events = 0
    in_calendar = False
    open_at: tuple[str, int, int] | None = None  # kind, offset, line of an open block
    nested: list[str] = []  # open sub-components inside it (VALARM, STANDARD...)
    counted_to, line = 0, 1
    after = 0  # where the text after the last BEGIN/END line starts

    def cut(why: str, end: int) -> None:
        nonlocal open_at
        assert open_at is not None
        kind, start, first = open_at
        summary = Block(kind, first, text[start:end]).summary()
        what = (f"event {summary!r}" if summary and kind == "VEVENT"
                else "an event" if kind == "VEVENT" else f"a {kind}")
        problems.append(f"line {first}: {what} is cut off ({why}); it is left out")
        open_at = None
        nested.clear()

    upper = _upper_case_names(text)
    for start, stop, verb, value in _marks(text, upper):
        line += text.count("\n", counted_to, start)
        counted_to = start
        if open_at is None and in_calendar and start > after:
            header += [t for _, t in logical_lines(text[after:start]) if ":" in t]
        after = stop + 1
        if open_at is not None:
            if verb == "BEGIN" and value in _TOP and not nested:
                cut(f"line {line} begins another {value} before its END:{open_at[0]}", start)
            elif verb == "END" and value == "VCALENDAR":
                cut(f"END:VCALENDAR on line {line} comes before its END:{open_at[0]}", start)
                in_calendar = False
                continue
            elif verb == "BEGIN":
                nested.append(value)
                continue
            elif nested and nested[-1] == value:
                nested.pop()
                continue
            elif value == open_at[0] and not nested:
                blocks.append(Block(open_at[0], open_at[2], text[open_at[1]:stop], upper))
                open_at = None
                continue
            else:
                continue
        if verb == "BEGIN" and value == "VCALENDAR":
            in_calendar = True
        elif verb == "END" and value == "VCALENDAR":
            in_calendar = False
        elif verb == "BEGIN":
            open_at = (value, start, line)
            events += value == "VEVENT"
            in_calendar = True  # a file that lost its BEGIN:VCALENDAR still has events
    if open_at is not None:
        cut("the file ends before its END:" + open_at[0], len(text))
    elif in_calendar and after < len(text):
        header += [t for _, t in logical_lines(text[after:]) if ":" in t]
    return Scan(header, blocks, problems, events)


def _upper_case_names(text: str) -> bool:
    """Whether BEGIN, END and the properties `quick` looks for are only ever written in
    upper case at the start of a line (as every exporter does), so that plain string
    search finds them all; else the slower case-blind patterns are used."""
    low = text.lower()
    return all(text.count(marker) == low.count(marker.lower())
               for marker in ("\nBEGIN:", "\nEND:", *(m for _, m in _QUICK_MARKERS)))


def _marks(text: str, upper: bool) -> list[tuple[int, int, str, str]]:
    """(start, end, BEGIN or END, component) of each BEGIN and END line, in order."""
    if not upper:
        return [(m.start(), m.end(), m[1].upper(), m[2].upper()) for m in _MARK.finditer(text)]
    out = []
    for verb, pattern in (("BEGIN", _BEGIN), ("END", _END)):
        out += [(m.start() + 1, m.end(), verb, m[1].upper()) for m in pattern.finditer(text)]
        if text.startswith(verb + ":") and (m := pattern.match("\n" + text)):
            out.append((0, m.end() - 1, verb, m[1].upper()))
    out.sort()
    return out


def block_dates(block: Block) -> tuple[date, date] | None:
    """The first and last day an event touches, read from the text of its DTSTART,
    DTEND, RECURRENCE-ID and RRULE's UNTIL; None when that cannot be told from the
    text (a DURATION, an RDATE, an EXRULE, a rule without UNTIL ends with
    date.max): such events are always read whole."""
    props = block.quick
    start_line = props.get("DTSTART")
    if start_line is None or "DURATION" in props or "RDATE" in props or "EXRULE" in props:
        return None
    end_line = props.get("DTEND") or start_line
    try:
        days = [_date(start_line), _date(end_line)]
        if "RECURRENCE-ID" in props:
            days.append(_date(props["RECURRENCE-ID"]))
    except ValueError:
        return None
    if None in days:
        return None
    first, last = min(days), max(days)  # type: ignore[type-var]
    if "RRULE" in props:
        until = _UNTIL.search(props["RRULE"])
        if until is None:
            return first, date.max
        try:
            end = date(int(until[1]), int(until[2]), int(until[3]))
        except ValueError:
            return None
        last = max(last, end + (last - first))
    return first, last


def _date(text: str) -> date | None:
    """The date a DTSTART-like line's value begins with (ValueError for a bad one)."""
    value = text[text.rfind(":") + 1:].lstrip()
    if len(value) < 8 or not value[:8].isdigit():
        m = _DATE.search(text)
        return date(int(m[1]), int(m[2]), int(m[3])) if m else None
    return date(int(value[:4]), int(value[4:6]), int(value[6:8]))
