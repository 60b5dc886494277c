"""From a scanned export (planner.busy_read) to one icalendar Calendar.

* Zones: every TZID is placed with planner.busy_zones and rewritten to its IANA name,
  so an Outlook display name means the same instant whatever zone planner shows.
  A TZID that is no known name falls back on the file's own VTIMEZONE; an event
  whose zone is neither is left out with a sentence, never read in the user's zone.
* A VTIMEZONE that icalendar refuses (iCloud writes `TZOFFSETFROM:+5328` for Kolkata's
  1854 local mean time) loses the observances that do not read, with their lines; a
  zone with a known IANA name is not read from the file at all.
* The whole events are read by icalendar in one go; when that fails, one at a time,
  and the ones that still fail are left out with their line.
* Events that do not recur and lie days outside the window are not read at all.
"""

from __future__ import annotations

import hashlib
import re
from datetime import date
from typing import Any

from .busy_read import Block, Scan, block_dates
from .busy_zones import iana_name

_TZID = re.compile(r'(;TZID=)("[^"]*"|[^;:]*)', re.IGNORECASE)
_TZID_LINE = re.compile(r"^TZID[;:][^\r\n]*", re.MULTILINE | re.IGNORECASE)
_OBSERVANCES = ("STANDARD", "DAYLIGHT")


def read_components(scan: Scan, name: str, days: tuple[date, date] | None,
                    skipped: list[str]) -> tuple[Any, dict[int, Block]]:
    """The calendar of the readable events, and id(event) -> its block of lines; a
    sentence in `skipped` for each event left out."""
    import icalendar

    where = f"Busy calendar {name}"
    zones = _Zones(scan, where, skipped)
    events: list[tuple[Block, str]] = []
    for block in scan.blocks:
        if block.kind != "VEVENT":
            continue
        if days is not None and (span := block_dates(block)) is not None:
            if span[1] < days[0] or span[0] > days[1]:
                continue
        text, unknown = zones.rewrite(block)
        skipped += [f"{where}, {problem}." for problem in block.problems]
        if unknown is not None:
            defined = ("the file's definition of it cannot be read"
                       if unknown[1] in zones.defined else "the file does not define it")
            skipped.append(f"{where}, line {unknown[0]}: event {_summary(block)!r} is left "
                           f"out (its zone {unknown[1]!r} is no zone name planner knows, "
                           f"and {defined}).")
            continue
        events.append((block, text))
    head = ["BEGIN:VCALENDAR", *scan.header, *zones.used()]
    try:
        calendar = icalendar.Calendar.from_ical(
            "\r\n".join([*head, *(t for _, t in events), "END:VCALENDAR", ""]))
        read = [c for c in calendar.subcomponents if c.name == "VEVENT"]
        if len(read) != len(events):
            raise ValueError("components lost")
    except Exception:  # icalendar raises more than ValueError on broken text
        calendar, read, events = _one_by_one(head, events, where, skipped)
    return calendar, {id(c): b for c, (b, _) in zip(read, events)}


def _one_by_one(head: list[str], events: list[tuple[Block, str]], where: str,
                skipped: list[str]) -> tuple[Any, list[Any], list[tuple[Block, str]]]:
    import icalendar

    try:
        calendar = icalendar.Calendar.from_ical("\r\n".join([*head, "END:VCALENDAR", ""]))
    except Exception:
        calendar = icalendar.Calendar.from_ical(
            "\r\n".join([head[0], *(h for h in head[1:] if h.upper().startswith("X-WR-")),
                         "END:VCALENDAR", ""]))
    read, kept = [], []
    for block, text in events:
        try:
            one = icalendar.Calendar.from_ical("\r\n".join([*head, text, "END:VCALENDAR", ""]))
            [event] = [c for c in one.subcomponents if c.name == "VEVENT"]
        except Exception as exc:
            why = str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
            skipped.append(f"{where}, line {block.line}: event {_summary(block)!r} cannot be "
                           f"read ({why}); it is left out.")
            continue
        calendar.subcomponents.append(event)
        read.append(event)
        kept.append((block, text))
    return calendar, read, kept


def _summary(block: Block) -> str:
    return block.summary() or "(no title)"


def _value_start(line: str) -> int:
    """Where a content line's value begins: its first colon outside quotes."""
    quoted = False
    for i, ch in enumerate(line):
        if ch == '"':
            quoted = not quoted
        elif ch == ":" and not quoted:
            return i
    return len(line)


def _unescape(value: str) -> str:
    return value.strip().strip('"').replace("\\,", ",").replace("\\;", ";").strip()


class _Zones:
    """The TZIDs of one file: placed once each, the file's VTIMEZONEs read when needed."""

    def __init__(self, scan: Scan, where: str, skipped: list[str]) -> None:
        self.where, self.skipped = where, skipped
        self.defined: dict[str, Block] = {}
        for block in scan.blocks:
            tzid = block.first("TZID") if block.kind == "VTIMEZONE" else None
            if tzid:
                self.defined.setdefault(_unescape(tzid[1].split(":", 1)[1]), block)
        self.placed: dict[str, str | None] = {}  # tzid -> the param to write, or None
        self.texts: dict[str, str] = {}  # tzids read from the file -> their VTIMEZONE

    def rewrite(self, block: Block) -> tuple[str, tuple[int, str] | None]:
        """The block's text with IANA TZIDs, or (_, (line, tzid)) for an unknown zone."""
        out = []
        for number, line in block.lines:
            m = _TZID.search(line) if "tzid=" in line.lower() else None
            if m is not None and m.start() < _value_start(line):
                tzid = _unescape(m.group(2))
                param = self._place(tzid)
                if param is None:
                    return "", (number, tzid)
                line = line[:m.start(2)] + param + line[m.end(2):]
            out.append(line)
        return "\r\n".join(out), None

    def used(self) -> list[str]:
        return list(self.texts.values())

    def _place(self, tzid: str) -> str | None:
        if tzid not in self.placed:
            iana = iana_name(tzid)
            if iana is not None:
                self.placed[tzid] = iana
            elif tzid in self.defined and (text := self._readable(self.defined[tzid])):
                # icalendar keeps every zone it reads under its TZID for the whole
                # process: a name made from the definition keeps two files' different
                # "Customized Time Zone"s (or a repaired one) apart.
                private = "planner-" + hashlib.blake2b(text.encode(), digest_size=8).hexdigest()
                self.texts[tzid] = _TZID_LINE.sub(f"TZID:{private}", text, count=1)
                self.placed[tzid] = private
            else:
                self.placed[tzid] = None
        return self.placed[tzid]

    def _readable(self, block: Block) -> str | None:
        """The VTIMEZONE's text without the observances icalendar cannot read."""
        if _reads(block.text()):
            return block.text()
        head: list[str] = []
        parts: list[list[tuple[int, str]]] = []
        current: list[tuple[int, str]] | None = None
        for number, line in block.lines[:-1]:
            upper = line.strip().upper()
            if upper in (f"BEGIN:{o}" for o in _OBSERVANCES):
                current = [(number, line)]
            elif current is not None:
                current.append((number, line))
                if upper in (f"END:{o}" for o in _OBSERVANCES):
                    parts.append(current)
                    current = None
            else:
                head.append(line)
        good = []
        for part in parts:
            text = "\r\n".join([*head, *(t for _, t in part), "END:VTIMEZONE"])
            if _reads(text):
                good.append(part)
            else:
                self.skipped.append(
                    f"{self.where}, line {part[0][0]}: an observance of zone "
                    f"{_unescape(head[1].split(':', 1)[1]) if len(head) > 1 else '?'!r} "
                    "cannot be read; the zone is read without it.")
        if not good:
            return None
        text = "\r\n".join([*head, *(t for p in good for _, t in p), "END:VTIMEZONE"])
        return text if _reads(text) else None


def _reads(vtimezone: str) -> bool:
    """Whether icalendar parses the VTIMEZONE (not turned into a zone here: icalendar
    would remember that zone under its TZID)."""
    import icalendar

    try:
        icalendar.Timezone.from_ical(vtimezone)
    except Exception:
        return False
    return True
