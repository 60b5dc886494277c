"""Everything planner prints for the terminal: a day's agenda, talk lists, speakers,
search results, picks, clashes and changes.

Pure functions: the same inputs give the same text.  Marks: `!` a clash, `?` a possible
clash (an estimated time is involved), `~` an estimated time, `=` an alternative (a maybe
overlapping another pick or busy time: a choice to make on the day, not a clash; see
planner.levels).  Titles made up by a
parser are shown marked (`display_title`); publication dates are shown as such, never
as a time.
"""

from __future__ import annotations

import textwrap
from datetime import date
from collections.abc import Mapping
from typing import TYPE_CHECKING
from zoneinfo import ZoneInfo

from ..levels import MAYBE, NO_LEVELS, role
from ..search import snippet
from ..zones import zone_name
from .shared import (
    clock, day_heading, display_title, heading, link_lines, names_brief, people, short,
    shown_talks, solo_talk, span, talk_when, when, zone_line,
)

if TYPE_CHECKING:
    from ..clashes import Clash, Interval
    from ..days import DayAgenda
    from ..model import Schedule, Talk
    from ..people import Person
    from ..picks.changes import Change
    from ..picks.resolve import ResolvedPick
    from ..search import Hit


_BREAKS = frozenset("\t\n\x0b\x0c\r")  # what textwrap turns into spaces and breaks at


def wrap(text: str, width: int, initial_indent: str = "", subsequent_indent: str = "") -> list[str]:
    """`textwrap.wrap` with its defaults, the same lines, but a text that fits on its first
    line (most titles, names and rooms of a day) is not taken apart into chunks: a day of
    2,000 talks rendered in a third of the time."""
    if len(initial_indent) + len(text) <= width and text and not text[0].isspace() \
            and not text[-1].isspace() and _BREAKS.isdisjoint(text):
        return [initial_indent + text]
    return textwrap.wrap(text, width, initial_indent=initial_indent,
                         subsequent_indent=subsequent_indent)


# -- a day's agenda -------------------------------------------------------------------

def render_text(agenda: DayAgenda, width: int = 80) -> str:
    z = agenda.zone
    multi = len(agenda.conferences) > 1
    out = [heading(agenda), zone_line(agenda), ""]
    if not agenda.entries:
        out.append("Nothing scheduled.")
    for sch, s, talks in agenda.entries:
        when = span(s.start, s.end, z, s.start_estimated, s.end_estimated)
        title = f"[{sch.label}] {s.title}" if multi else s.title
        left = f"{when:<14}"
        kind = s.kind.value
        room = width - len(left) - len(kind) - 2
        lines = wrap(title, max(20, room)) or [""]
        out.append(f"{left}{lines[0]:<{max(20, room)}}  {kind}".rstrip())
        indent = " " * len(left)
        out.extend(indent + ln for ln in lines[1:])
        if s.speakers:
            out.extend(wrap(people(s.speakers, " · "), width, initial_indent=indent,
                                     subsequent_indent=indent))
        if s.location:
            out.extend(wrap(f"@ {s.location}", width, initial_indent=indent,
                                     subsequent_indent=indent))
        solo = solo_talk(s)
        for link in link_lines(s.url, solo.links if solo else []):
            out.append(indent + link)
        for t in shown_talks(s, talks):
            tclock = f"  {clock(t.start, z, t.estimated):<8}"
            sub = " " * len(tclock)
            out.extend(wrap(display_title(t), width, initial_indent=tclock,
                                     subsequent_indent=sub))
            if t.speakers:
                out.extend(wrap(people(t.speakers), width, initial_indent=sub,
                                         subsequent_indent=sub))
            if t.location and t.location != s.location:
                out.extend(wrap(f"@ {t.location}", width, initial_indent=sub,
                                         subsequent_indent=sub))
            out.extend(sub + link for link in link_lines(t.url, t.links))
        out.append("")
    return "\n".join(out).rstrip() + "\n"


# -- talk lists, speakers, search results ------------------------------------------

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
    wrapped = wrap(display_title(talk), room) or [""]
    lines = [head + wrapped[0]] + [indent + w for w in wrapped[1:]]
    lines += wrap(_about(schedule, talk), len(indent) + room, initial_indent=indent,
                           subsequent_indent=indent)
    return lines


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def render_talks(groups: list[tuple[Schedule, list[Talk]]], zone: ZoneInfo, width: int = 80,
                 heading: str | None = None) -> str:
    """Talks under one heading per schedule, in schedule order."""
    out: list[str] = []
    if heading:
        out += wrap(heading, width) + [""]
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
            lines += wrap(snippet(hit.talk.abstract, query, 2 * room), len(indent) + room,
                                   initial_indent=indent, subsequent_indent=indent)
        out += lines
    shown = len(hits)
    if total > shown:
        out += ["", f"{shown} of {total} matches shown; --limit 0 shows all."]
    else:
        out += ["", f"{total} match{'' if total == 1 else 'es'}."]
    return "\n".join(out) + "\n"


# -- picks, clashes, changes -------------------------------------------------------

MARK = {"clash": "!", "possible": "?"}
ALTERNATIVE_MARK = "="


def describe_side(iv: Interval) -> str:
    if iv.kind == "busy":
        return f"busy: {short(iv.label)}"
    return f"{iv.key} {short(iv.label)}"


def describe_clash_for(clash: Clash, key: str, levels: Mapping[str, str] = NO_LEVELS) -> str:
    """One line about `clash` seen from talk `key`: `! clashes with … (20 min)`, or
    `= alternative to … (20 min)` when a maybe is involved."""
    other = describe_side(clash.other(key))
    if levels and role(clash, levels) == "alternative":
        return f"{ALTERNATIVE_MARK} alternative to {other} ({clash.overlap_minutes} min)"
    verb = "clashes with" if clash.kind == "clash" else "may clash with"
    return f"{MARK[clash.kind]} {verb} {other} ({clash.overlap_minutes} min)"


def describe_clash_briefly(clash: Clash, key: str, zone: ZoneInfo) -> str:
    """The other side of `clash` seen from talk `key` and when it is, for a line under the
    talk (the TUI's panes and notices): `Pruning Without Tears, Mon 3 Jun ~09:30–~10:00`;
    busy events say so, and a clash of estimated times is marked possible."""
    other = clash.other(key)
    what = f"busy: {short(other.label)}" if other.kind == "busy" else short(other.label)
    maybe = " (possible: the times are estimates)" if clash.kind == "possible" else ""
    return f"{what}, {when(other.start, other.end, zone, other.estimated)}{maybe}"


def describe_change(change: Change, zone: ZoneInfo) -> str:
    """One sentence about a change, for the terminal or a TUI notice."""
    title = short(change.title, 60)
    old = when(change.old_start, change.old_end, zone, change.old_estimated)
    if change.kind == "moved":
        new = when(change.new_start, change.new_end, zone, change.new_estimated)
        if change.old_location or change.new_location:
            old += f" in {change.old_location or 'a room not named'}"
            new += f" in {change.new_location or 'a room not named'}"
        return f"moved: {change.id} {title}: was {old}, now {new}."
    if change.kind == "carried":
        return (f"carried over: {change.old_id} {short(change.old_title or '', 60)} is now "
                f"{change.id} {title} in {change.schedule}; your pick and its calendar "
                "event went with it.")
    if change.kind == "vanished":
        return (f"vanished: {change.id} {title} is no longer in {change.schedule} "
                f"(was {old}); unpick it with planner unpick {change.id}.")
    assert change.clash is not None
    return f"new clash: {change.id} {title} {describe_clash_for(change.clash, change.id)[2:]}."


# -- planner picks ------------------------------------------------------------------

def _entry_lines(r: ResolvedPick, zone: ZoneInfo, clashes: list[Clash], width: int,
                 levels: Mapping[str, str] = NO_LEVELS) -> list[str]:
    marks = {c.kind for c in clashes if role(c, levels) == "conflict"}
    mark = "!" if "clash" in marks else "?" if marks else ALTERNATIVE_MARK if clashes else " "
    times = when(r.start, r.end, zone, r.estimated, with_day=False)
    head = f"  {times:<13} {mark} {r.id}  "
    indent = " " * len(head)
    title = f"(maybe) {r.title}" if levels.get(r.id) == MAYBE else r.title
    wrapped = wrap(title, max(20, width - len(head))) or [""]
    lines = [head + wrapped[0]] + [indent + w for w in wrapped[1:]]
    about = r.schedule_label
    if r.status == "not-loaded":
        about += " (not loaded: time as last seen)"
    if r.speakers:
        about += " · " + names_brief(r.speakers)
    lines += wrap(about, max(20, width), initial_indent=indent,
                           subsequent_indent=indent)
    if r.pick.note:
        lines += wrap(f"Note: {r.pick.note}", max(20, width), initial_indent=indent,
                               subsequent_indent=indent + "  ")
    for c in clashes:
        lines += wrap(describe_clash_for(c, r.id, levels), max(20, width),
                               initial_indent=indent, subsequent_indent=indent + "  ")
    return lines


def render_picks_text(resolved: list[ResolvedPick], clash_map: dict[str, list[Clash]],
                      changes: list[Change], zone: ZoneInfo, width: int = 80,
                      day: date | None = None, levels: Mapping[str, str] = NO_LEVELS) -> str:
    out: list[str] = []
    if changes:
        out.append("Changes since your picks were last listed:")
        for ch in changes:
            out += wrap(describe_change(ch, zone), width, initial_indent="  ",
                                 subsequent_indent="    ")
        out.append("")
    timed = [r for r in resolved if r.status != "vanished" and r.timed]
    if day is not None:
        timed = [r for r in timed if r.start.astimezone(zone).date() == day]  # type: ignore[union-attr]
    reading = [r for r in resolved if r.status != "vanished" and not r.timed]
    vanished = [r for r in resolved if r.status == "vanished"]
    if not resolved:
        out.append("No picks yet; pick talks with planner pick ID or planner pick --search WORDS.")
        return "\n".join(out) + "\n"
    n_clash = sum(1 for r in timed if any(
        c.kind == "clash" and role(c, levels) == "conflict" for c in clash_map.get(r.id, [])))
    n_maybe = sum(1 for r in timed if levels.get(r.id) == MAYBE)
    summary = f"{len(timed)} timed pick{'s' if len(timed) != 1 else ''}"
    if n_maybe:
        summary += f" ({n_maybe} maybe)"
    if day is None and reading:
        summary += f", {len(reading)} to read"
    if n_clash:
        summary += f", {n_clash} in a clash"
    legend = "~ estimated, ! clash, ? possible clash" + (
        ", = alternative" if n_maybe else "")
    out += wrap(f"My picks: {summary}. Times in {zone_name(zone)}; {legend}.", width)
    current: date | None = None
    for r in timed:
        d = r.start.astimezone(zone).date()  # type: ignore[union-attr]
        if d != current:
            out += ["", day_heading(d)]
            current = d
        out += _entry_lines(r, zone, clash_map.get(r.id, []), width, levels)
    if day is not None and not timed:
        out += ["", f"No picks on {day_heading(day)}."]
    if reading and day is None:
        out += ["", "Reading list (no time; never clashes)"]
        for r in reading:
            out += wrap(f"{r.id}  {r.title} ({r.schedule_label})", width,
                                 initial_indent="  ", subsequent_indent="           ")
            if r.pick.note:
                out += wrap(f"Note: {r.pick.note}", width, initial_indent=" " * 11,
                                     subsequent_indent=" " * 13)
    if vanished and day is None:
        out += ["", "Vanished from their schedules (kept until you unpick them)"]
        for r in vanished:
            out += wrap(
                f"{r.id}  {r.pick.title} ({r.pick.schedule}, was "
                f"{when(r.pick.start, r.pick.end, zone, r.pick.estimated)})",
                width, initial_indent="  ", subsequent_indent="           ")
    return "\n".join(out) + "\n"


# -- planner clashes ----------------------------------------------------------------

def render_clashes_text(clashes: list[Clash], zone: ZoneInfo, picks_timed: int,
                        width: int = 80, levels: Mapping[str, str] = NO_LEVELS) -> str:
    if not clashes:
        return f"No clashes among {picks_timed} timed pick{'s' if picks_timed != 1 else ''}.\n"
    alternative = [c for c in clashes if role(c, levels) == "alternative"]
    conflicts = [c for c in clashes if role(c, levels) == "conflict"]
    hard = sum(1 for c in conflicts if c.kind == "clash")
    possible = len(conflicts) - hard
    counts = []
    if hard:
        counts.append(f"{hard} clash{'es' if hard != 1 else ''}")
    if possible:
        counts.append(f"{possible} possible clash{'es' if possible != 1 else ''} "
                      "(an estimated time is involved)")
    if alternative:
        counts.append(f"{len(alternative)} alternative{'s' if len(alternative) != 1 else ''} "
                      "(a maybe overlaps: choose on the day)")
    out = wrap(f"{' and '.join(counts)}. Times in {zone_name(zone)}.", width)
    current: date | None = None
    for c in clashes:
        d = c.start.astimezone(zone).date()
        if d != current:
            out += ["", day_heading(d)]
            current = d
        label = "clash" if c.kind == "clash" else "possible"
        mark = MARK[c.kind]
        if role(c, levels) == "alternative":
            label, mark = "either", ALTERNATIVE_MARK
        times = span(c.start, c.end, zone, False, False)
        head = f"  {mark} {label:<8} {times} ({c.overlap_minutes} min)  "
        indent = " " * len(head)
        out.append(head + describe_side_long(c.a, width - len(head)))
        out.append(indent + describe_side_long(c.b, width - len(head)))
    return "\n".join(out) + "\n"


def describe_side_long(iv: Interval, room: int) -> str:
    text = f"busy: {iv.label}" if iv.kind == "busy" else f"{iv.key} {iv.label}"
    return short(text, max(24, room))
