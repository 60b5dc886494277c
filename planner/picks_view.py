"""My picks, their clashes and what changed, as text for the terminal or JSON for scripts.

Pure functions: the same agenda, schedules, busy time and zone give the same output.
Marks: `!` a clash, `?` a possible clash (an estimated time is involved), `~` an
estimated time, `=` an alternative (a maybe overlapping another pick or busy time:
a choice to make on the day, not a clash; see planner.levels).
"""

from __future__ import annotations

import textwrap
from datetime import date, datetime
from zoneinfo import ZoneInfo

from .agenda import ResolvedPick
from .changes import Change
from .clashes import Clash, Interval
from .levels import MAYBE, role
from .render import day_heading, iso, names_brief, short, span, when
from .zones import zone_name

MARK = {"clash": "!", "possible": "?"}
ALTERNATIVE_MARK = "="
NO_LEVELS: dict[str, str] = {}


def describe_side(iv: Interval) -> str:
    if iv.kind == "busy":
        return f"busy: {short(iv.label)}"
    return f"{iv.key} {short(iv.label)}"


def describe_clash_for(clash: Clash, key: str, levels: dict[str, str] = NO_LEVELS) -> str:
    """One line about `clash` seen from talk `key`: `! clashes with … (20 min)`, or
    `= alternative to … (20 min)` when a maybe is involved."""
    other = describe_side(clash.other(key))
    if levels and role(clash, levels) == "alternative":
        return f"{ALTERNATIVE_MARK} alternative to {other} ({clash.overlap_minutes} min)"
    verb = "clashes with" if clash.kind == "clash" else "may clash with"
    return f"{MARK[clash.kind]} {verb} {other} ({clash.overlap_minutes} min)"


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
    if change.kind == "vanished":
        return (f"vanished: {change.id} {title} is no longer in {change.schedule} "
                f"(was {old}); unpick it with planner unpick {change.id}.")
    assert change.clash is not None
    return f"new clash: {change.id} {title} {describe_clash_for(change.clash, change.id)[2:]}."


# -- planner picks ------------------------------------------------------------------

def _entry_lines(r: ResolvedPick, zone: ZoneInfo, clashes: list[Clash], width: int,
                 levels: dict[str, str] = NO_LEVELS) -> list[str]:
    marks = {c.kind for c in clashes if role(c, levels) == "conflict"}
    mark = "!" if "clash" in marks else "?" if marks else ALTERNATIVE_MARK if clashes else " "
    times = when(r.start, r.end, zone, r.estimated, with_day=False)
    head = f"  {times:<13} {mark} {r.id}  "
    indent = " " * len(head)
    title = f"(maybe) {r.title}" if levels.get(r.id) == MAYBE else r.title
    wrapped = textwrap.wrap(title, max(20, width - len(head))) or [""]
    lines = [head + wrapped[0]] + [indent + w for w in wrapped[1:]]
    about = r.schedule_label
    if r.status == "not-loaded":
        about += " (not loaded: time as last seen)"
    if r.speakers:
        about += " · " + names_brief(r.speakers)
    lines += textwrap.wrap(about, max(20, width), initial_indent=indent,
                           subsequent_indent=indent)
    if r.pick.note:
        lines += textwrap.wrap(f"Note: {r.pick.note}", max(20, width), initial_indent=indent,
                               subsequent_indent=indent + "  ")
    for c in clashes:
        lines += textwrap.wrap(describe_clash_for(c, r.id, levels), max(20, width),
                               initial_indent=indent, subsequent_indent=indent + "  ")
    return lines


def render_picks_text(resolved: list[ResolvedPick], clash_map: dict[str, list[Clash]],
                      changes: list[Change], zone: ZoneInfo, width: int = 80,
                      day: date | None = None, levels: dict[str, str] = NO_LEVELS) -> str:
    out: list[str] = []
    if changes:
        out.append("Changes since your picks were last listed:")
        for ch in changes:
            out += textwrap.wrap(describe_change(ch, zone), width, initial_indent="  ",
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
    out += textwrap.wrap(f"My picks: {summary}. Times in {zone_name(zone)}; {legend}.", width)
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
            out += textwrap.wrap(f"{r.id}  {r.title} ({r.schedule_label})", width,
                                 initial_indent="  ", subsequent_indent="           ")
            if r.pick.note:
                out += textwrap.wrap(f"Note: {r.pick.note}", width, initial_indent=" " * 11,
                                     subsequent_indent=" " * 13)
    if vanished and day is None:
        out += ["", "Vanished from their schedules (kept until you unpick them)"]
        for r in vanished:
            out += textwrap.wrap(
                f"{r.id}  {r.pick.title} ({r.pick.schedule}, was "
                f"{when(r.pick.start, r.pick.end, zone, r.pick.estimated)})",
                width, initial_indent="  ", subsequent_indent="           ")
    return "\n".join(out) + "\n"


def pick_json(r: ResolvedPick, zone: ZoneInfo, clashes: list[Clash],
              moved: Change | None = None, levels: dict[str, str] = NO_LEVELS) -> dict:
    """A pick in the shape of `planner talks --format json`, plus its level, note and
    clashes (each a conflict or, when a maybe is involved, an alternative)."""
    out = {
        "id": r.id, "title": r.title, "speakers": r.speakers, "schedule": r.schedule_label,
        "start": iso(r.start, zone), "end": iso(r.end, zone), "estimated": r.estimated,
        "status": r.status, "level": r.pick.level, "note": r.pick.note,
        "clashes_with": [c.other(r.id).ref for c in clashes],
        "clashes": [
            {"with": c.other(r.id).ref, "type": c.other(r.id).kind, "kind": c.kind,
             "role": role(c, levels), "overlap_minutes": c.overlap_minutes}
            for c in clashes
        ],
    }
    if moved is not None:
        out["moved_from"] = {"start": iso(moved.old_start, zone), "end": iso(moved.old_end, zone)}
    return out


# -- planner clashes ----------------------------------------------------------------

def render_clashes_text(clashes: list[Clash], zone: ZoneInfo, picks_timed: int,
                        width: int = 80, levels: dict[str, str] = NO_LEVELS) -> str:
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
    out = textwrap.wrap(f"{' and '.join(counts)}. Times in {zone_name(zone)}.", width)
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
