"""A talk announced in a sentence, as a department's page writes its next colloquium.

`On Friday, May 5, 2023, Dr. Ana Ruiz, Professor of Physics at Ridge University, will
present a lecture on Waves on Thin Films. The lecture will take place at 2 pm in Hall
205.`  No line of it is a time line or a title: the sentence names who speaks, what on,
and the day, time and place.  This module reads the sentence alone (no I/O, no reader
state); the reader makes the entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .people import Person, read_people

# `[On DAY,] NAME[, WHAT SHE IS,] will present|give|deliver a[n] [WORDS] lecture|talk|… on TITLE.`
_ANNOUNCED = re.compile(
    r"(?:^|[.!]\s+)(?:On\s+[^.]{3,40}?,\s+)?"
    r"(?P<who>(?:(?:Dr|Prof|Professor|Mr|Ms|Mrs)\.?\s+)?[A-Z][\w'’.\-]*(?:\s+[A-Z][\w'’.\-]*){1,3})"
    r"(?:,\s+(?P<what>[^.]{3,160}?),)?\s+will\s+(?:present|give|deliver)\s+(?:a|an|the|his|her|their)\s+"
    r"(?:[\w\-]+\s+){0,3}?(?:talk|lecture|seminar|colloquium|presentation|keynote|address)\s+"
    r"(?:on|titled|entitled|about|called)\s*:?\s*[\"“]?(?P<title>[^\"“”]{5,200}?)[\"”]?"
    r"(?:\.\s|\.?$)")
# `… will take place at 2 pm in Hall 205.`, `… will be held in Room 4.`
_ROOM = re.compile(r"\b(?:take\s+place|be\s+held|held)\b[^.]{0,40}?\bin\s+(?P<room>[^.]{3,60}?)\.?\s*$")


@dataclass
class Announced:
    title: str
    person: Person
    room: str | None


def announced(text: str) -> Announced | None:
    """The talk a paragraph announces, or None when it announces none."""
    if "will" not in text:
        return None  # (most paragraphs, decided fast)
    m = _ANNOUNCED.search(text)
    if m is None:
        return None
    who = read_people(m.group("who"))
    if who is None or who.entries != 1 or who.score < 0.99:
        return None
    rest = text[m.end():]
    room = _ROOM.search(rest.split(". ")[0] if ". " in rest else rest)
    what = m.group("what")
    return Announced(m.group("title").strip(), Person(who.people[0].name, what.strip() if what else None),
                     room.group("room").strip() if room else None)
