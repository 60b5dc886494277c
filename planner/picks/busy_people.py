"""Whose calendar an export is, so that the meetings they declined are not busy time.

A calendar export does not say whose it is, so planner takes, in this order:

1. `PLANNER_EMAIL` (one address, or several separated by commas): stated by the user;
2. the calendar's name when it is an address (Google names a primary calendar after
   its owner: `X-WR-CALNAME:ana@example.org`);
3. the address found (as ORGANIZER or ATTENDEE) in the most events that have any,
   when it is in more than half of them, in at least two, and no other address is in
   as many: the owner is at every meeting of their own calendar, a colleague at some.

Otherwise nobody's declines are known and every meeting counts as busy.  Reading is
on the scanned text (planner.busy_read), so it costs no icalendar parse.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from typing import Any

from .busy_read import Scan, prop_name

_MAILTO = re.compile(r"mailto:\s*([^\s;:,\"]+@[^\s;:,\"]+)", re.IGNORECASE)
_EMAIL_PARAM = re.compile(r';EMAIL="?([^";:,]+@[^";:,]+)"?', re.IGNORECASE)
_ADDRESS = re.compile(r"^[^\s@]+@[^\s@]+\.[^\s@]+$")
_PEOPLE_LINE = re.compile(r"^(?:ATTENDEE|ORGANIZER)[;:][^\n]*", re.MULTILINE | re.IGNORECASE)


def stated() -> frozenset[str] | None:
    """The addresses in PLANNER_EMAIL, or None when it is not set."""
    value = os.environ.get("PLANNER_EMAIL", "").strip()
    if not value:
        return None
    return frozenset(a.strip().lower().removeprefix("mailto:") for a in value.split(",")
                     if a.strip())


def _addresses(line: str) -> set[str]:
    return {a.lower() for a in _MAILTO.findall(line) + _EMAIL_PARAM.findall(line)}


def owner(scan: Scan) -> frozenset[str]:
    """The user's addresses for this calendar (see the module's note), maybe none."""
    given = stated()
    if given is not None:
        return given
    for line in scan.header:
        if prop_name(line) == "X-WR-CALNAME":
            name = line.split(":", 1)[1].strip().lower()
            if _ADDRESS.match(name):
                return frozenset({name})
    counts: Counter[str] = Counter()
    with_people = 0
    for block in scan.blocks:
        if block.kind != "VEVENT":
            continue
        found: set[str] = set()
        for line in _PEOPLE_LINE.findall(block.unfolded):
            found |= _addresses(line)
        if found:
            with_people += 1
            counts.update(found)
    top = counts.most_common(2)
    if not top:
        return frozenset()
    address, count = top[0]
    alone = len(top) == 1 or top[1][1] < count
    if count >= 2 and count * 2 > with_people and alone:
        return frozenset({address})
    return frozenset()


def declined(event: Any, me: frozenset[str]) -> bool:
    """Whether one of `me` is an attendee of `event` with PARTSTAT=DECLINED."""
    if not me:
        return False
    attendees = event.get("ATTENDEE")
    if attendees is None:
        return False
    for attendee in attendees if isinstance(attendees, list) else [attendees]:
        params = getattr(attendee, "params", {})
        if str(params.get("PARTSTAT", "")).upper() != "DECLINED":
            continue
        found = {str(attendee).strip().lower().removeprefix("mailto:").strip()}
        if params.get("EMAIL"):
            found.add(str(params["EMAIL"]).strip().lower())
        if found & me:
            return True
    return False
