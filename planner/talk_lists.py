"""Talk lists, speaker lists and search results as text for the terminal.

Pure functions: the same schedules, query and zone give the same text.  Titles made
up by a parser are shown marked (`render.display_title`); publication dates are
shown as such, never as a time.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from .render import display_title, names_brief, talk_when
from .search import snippet
from .zones import zone_name

if TYPE_CHECKING:
    from .model import Schedule, Talk
    from .search import Hit
    from .people import Person

WHEN_WIDTH = 23  # `Tue 6 Apr ~09:30–~09:50`


def _about(schedule: Schedule | None, talk: Talk) -> str:
    parts = [talk.id]  # first, so wrapping never parts it from the line's start
    if talk.speakers:
        parts.append(names_brief([s.name for s in talk.speakers]))
    if schedule is not None:
        parts.append(schedule.label)
    if talk.published is not None:
        parts.append(f"published {talk.published.isoformat()}")
    return " · ".join(parts)


def _talk_lines(schedule: Schedule | None, talk: Talk, zone: ZoneInfo, width: int,
                lead: str = "  ") -> list[str]:
    span = talk_when(talk, zone) if talk.timed else "no time"
    head = f"{lead}{span:<{WHEN_WIDTH}} "
    indent = " " * len(head)
    room = max(20, width - len(head))
    wrapped = textwrap.wrap(display_title(talk), room) or [""]
    lines = [head + wrapped[0]] + [indent + w for w in wrapped[1:]]
    lines += textwrap.wrap(_about(schedule, talk), len(indent) + room, initial_indent=indent,
                           subsequent_indent=indent)
    return lines


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def render_talks(groups: list[tuple[Schedule, list[Talk]]], zone: ZoneInfo, width: int = 80,
                 heading: str | None = None) -> str:
    """Talks under one heading per schedule, in schedule order."""
    out: list[str] = []
    if heading:
        out += textwrap.wrap(heading, width) + [""]
    timed = any(t.timed for _, talks in groups for t in talks)
    if timed:
        out += [f"Times in {zone_name(zone)}; ~ marks an estimated time.", ""]
    for schedule, talks in groups:
        if not talks:
            continue
        out.append(f"{schedule.label} ({_count(len(talks), 'talk')})")
        for t in talks:
            out += _talk_lines(None, t, zone, width)
        out.append("")
    if not any(talks for _, talks in groups):
        out.append("No talks.")
    return "\n".join(out).rstrip() + "\n"


def render_speakers(people: list[Person], width: int = 80) -> str:
    """One line per person: talk count, name, the schedules they appear in."""
    if not people:
        return "No speakers.\n"
    name_width = min(32, max(len(p.name) for p in people))
    out = [f"{'Talks':>5}  {'Speaker':<{name_width}}  Schedules"]
    for p in people:
        labels = ", ".join(s.label for s in p.schedules)
        if p.affiliations:
            labels += f" · {'; '.join(p.affiliations)}"
        line = f"{p.count:>5}  {p.name:<{name_width}}  {labels}"
        out.append(line if len(line) <= width else line[: width - 1] + "…")
    out.append("")
    out.append(f"{_count(len(people), 'speaker')}.")
    return "\n".join(out) + "\n"


def render_hits(hits: list[Hit], query: str, total: int, zone: ZoneInfo,
                width: int = 80) -> str:
    """Ranked results; an abstract match shows the words around it."""
    if not hits:
        return f"No talks match {query!r}.\n"
    out = []
    for rank, hit in enumerate(hits, 1):
        lines = _talk_lines(hit.schedule, hit.talk, zone, width, lead=f"{rank:>3}. ")
        if hit.field == "abstract":
            indent = " " * (len(f"{rank:>3}. ") + WHEN_WIDTH + 1)
            room = max(40, width - len(indent))
            lines += textwrap.wrap(snippet(hit.talk.abstract, query, 2 * room), len(indent) + room,
                                   initial_indent=indent, subsequent_indent=indent)
        out += lines
    shown = len(hits)
    if total > shown:
        out += ["", f"{shown} of {total} matches shown; --limit 0 shows all."]
    else:
        out += ["", f"{total} match{'' if total == 1 else 'es'}."]
    return "\n".join(out) + "\n"
