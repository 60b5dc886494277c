"""The filter options shared by `agenda`, `talks` and `search`, turned into one
`planner.filters.TalkFilter`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, TypeVar
from zoneinfo import ZoneInfo

import click

from .. import clock
from ..filters import TalkFilter, taken_spans
from ..timetable import Timetable
from .common import warn

F = TypeVar("F", bound=Callable[..., Any])


def filter_options(day: bool = True, picked: bool = True) -> Callable[[F], F]:
    """--track, --room, --kind (repeatable), --hide-past, --free, and unless the command
    has its own, --day and --picked."""
    def apply(func: F) -> F:
        options = [
            click.option("--track", "tracks", metavar="TEXT", multiple=True,
                         help="Only talks of this track (or session); part of its name is "
                         "enough; repeat for either of several."),
            click.option("--room", "rooms", metavar="TEXT", multiple=True,
                         help="Only talks in this room; part of its name is enough; "
                         "repeatable."),
            click.option("--kind", "kinds", metavar="KIND", multiple=True,
                         help="Only this kind of session (oral, poster, keynote, workshop, "
                         "…); repeatable."),
            click.option("--hide-past", is_flag=True,
                         help="Hide talks that are over (talks without a time stay)."),
            click.option("--free", is_flag=True,
                         help="Only talks that fit the free time of my day: overlapping "
                         "none of my must picks."),
        ]
        if day:
            options.append(click.option("--day", metavar="DAY", default=None,
                                        help="Only this day: ISO date, weekday name or "
                                        "'today'."))
        if picked:
            options.append(click.option("--picked", is_flag=True, help="Only my picks."))
        for option in options:
            func = option(func)
        return func

    return apply


def build_filter(params: dict[str, Any], tables: Sequence[Timetable], zone: ZoneInfo,
                 agenda_path: str | None = None, with_day: bool = True) -> TalkFilter:
    """The filter the options ask for (`with_day`: --day is this filter's, not the
    command's own)."""
    from ..days import resolve_day

    picks: dict[str, tuple[str, str]] | None = None
    if params.get("picked") or params.get("free"):
        picks = _picks(agenda_path)
    day = None
    if with_day and params.get("day"):
        days = sorted({datetime.fromtimestamp(s.start, zone).date()
                       for t in tables for s in t.slots})
        day = resolve_day(str(params["day"]), days, zone)
    return TalkFilter(
        tracks=tuple(params.get("tracks") or ()), rooms=tuple(params.get("rooms") or ()),
        kinds=tuple(params.get("kinds") or ()), day=day, zone=zone,
        picked=frozenset(picks) if params.get("picked") and picks is not None else None,
        after=clock.now().timestamp() if params.get("hide_past") else None,
        taken=taken_spans(tables, [i for i, (level, _) in (picks or {}).items()
                                   if level == "must"]) if params.get("free") else None,
    )


def _picks(agenda_path: str | None) -> dict[str, tuple[str, str]]:
    from ..agenda_file import peek

    seen = peek(agenda_path)
    if seen is not None:
        return seen.picks
    from ..picks.store import AgendaStore  # says what is wrong with the file

    return {k: (p.level, p.note) for k, p in AgendaStore(agenda_path).load().picks.items()}


def say_filtered(f: TalkFilter, kept: int, total: int, what: str = "talks") -> None:
    """On stderr, so stdout keeps only the data: what the filters left."""
    if f.active:
        warn(f"planner: {kept} of {total} {what} shown ({', '.join(f.describe())}).")
