"""A seminar list's entry: one line alone under its bare date line.

A department's seminar page lists its series as pairs of lines, `September 29` over
`David Bercovici, Professor of Geophysics, Yale University, "Trembling and Choking"`,
or over a plain event (`Student Meet and Greet Hour, (to be held in Lathrop 207)`).
The listing reader wants a title confirmed by people under it and drops such a lone
line; under its date, between one date line and the next, the line is that day's
entry.  This module reads the line alone (no I/O, no reader state): the title (the
quoted part when the line ends with one, after the speaker), the speaker, and the
room a trailing note names.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .people import Person, name_like, read_people

# A parenthesised note closing the line: `(joint with Geology)`, `, (to be held in X)`.
_TRAILING_NOTE = re.compile(r",?\s*\(([^()]{3,80})\)\s*$")
# `Name, position, Institution, "Title"`: the title quoted at the end of the line.
_QUOTED_END = re.compile(r"^(?P<who>.*?)[,:\s]*[\"“](?P<title>[^\"“”]{3,})[\"”]\s*$")
# A note that names the room (`to be held in Lathrop 207`, `held in Room 4`).
_HELD_IN = re.compile(r"\bheld\s+(?:in|at)\s+(?:the\s+)?(.{2,60}?)\s*$", re.I)
# A note or line that says there is no talk that day (`Fall recess (no seminar scheduled)`).
_NO_TALK = re.compile(r"\bno\s+(?:meeting|seminar|talk|colloquium|class|lecture)s?\b|\bcancell?ed\b",
                      re.I)


@dataclass
class DatedEntry:
    title: str
    people: list[Person]
    room: str | None
    notes: list[str]


def dated_entry(text: str) -> DatedEntry | None:
    """The entry a lone line under a date line gives, or None when the line says there
    is no talk that day or holds no title."""
    text = text.strip()
    if not text or text.endswith(":") or _NO_TALK.search(text):
        return None  # (`Acceptance notification:`: the label of the date line after it)
    notes: list[str] = []
    while (m := _TRAILING_NOTE.search(text)) is not None and m.start() > 0:
        notes.insert(0, m.group(1).strip())
        text = text[:m.start()].rstrip(" ,;")
    room = next((m.group(1) for n in notes if (m := _HELD_IN.search(n))), None)
    people: list[Person] = []
    title = text
    m = _QUOTED_END.match(text)
    if m is not None:
        title = m.group("title").strip()
        who = _TRAILING_NOTE.sub("", m.group("who")).strip(" ,;")
        parts = [p.strip() for p in who.split(",") if p.strip()]
        got = read_people(parts[0]) if parts else None
        if got is not None and got.entries == 1 and name_like(got.people[0].name):
            # the name first, then its position and place: the place is the last part
            people = [Person(got.people[0].name, parts[-1] if len(parts) > 1 else None)]
    if not title or len(title) > 300:
        return None
    return DatedEntry(title, people, room, notes)
