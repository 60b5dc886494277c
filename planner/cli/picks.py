"""`planner pick`, `unpick`, `picks`, `clashes`, `busy add|remove|list` and `timezone`.

Thin commands over the Planner (planner.core): open one, call a verb, render with
planner.views.  `unpick`, `busy` and `timezone` touch only the agenda store and load no
schedule.  icalendar is loaded only when a busy calendar is in play.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

from ..catalog import unknown_ids_message
from ..core import Planner
from ..days import local_day, resolve_day, schedule_days
from ..errors import AmbiguousError, PlannerError
from ..levels import MAYBE, role
from ..picks.resolve import ResolvedPick, pick_intervals
from ..picks.store import AgendaStore, PickOutcome
from ..views.json import pick_json
from ..views.shared import talk_when, when
from ..views.text import (
    describe_change, describe_clash_for, render_clashes_text, render_picks_text,
)
from ..zones import get_zone
from .common import (
    agenda_option, agenda_zone_option, busy_option, emit, emit_json, format_option,
    load_options, schedule_file_options, schedule_options, terminal_width, warn,
)

F = TypeVar("F", bound=Callable[..., Any])


def register(cli: click.Group) -> None:
    for command in (pick, unpick, picks, clashes, busy, timezone, note):
        cli.add_command(command)



# -- what every command needs -------------------------------------------------------

def open_planner(params: dict[str, Any], with_busy: bool = True) -> Planner:
    """The Planner for the shared options: schedules, --agenda, --tz, --busy.

    Skipped busy events are said on stderr, even when a later calendar fails."""
    planner = Planner.open(
        list(params.get("schedules") or ()), load_options(params),
        agenda_path=params.get("agenda_path"), tz=params.get("tz"),
        busy_paths=params.get("busy_files") or (), with_busy=False,
    )
    for message in planner.notices():
        warn(f"planner: {message}")
    if with_busy:
        try:
            planner.load_busy()
        finally:
            for message in planner.busy_warnings:
                warn(f"planner: {message}")
    return planner


# -- pick / unpick ------------------------------------------------------------------

@click.command()
@click.argument("ids", nargs=-1, metavar="[ID]...")
@click.option("--search", "query", metavar="WORDS", default=None,
              help="Pick the one talk that planner search WORDS finds (titles, speakers, "
              "abstracts).")
@click.option("--from", "from_file", metavar="FILE", default=None,
              help="Pick the talks of a picks file (planner picks --format json, a "
              "friend's), each at its level; notes stay yours.")
@click.option("--maybe", "level", flag_value="maybe", default=None,
              help="Pick as a maybe: an overlap with it is an alternative, not a clash "
              "(also turns a must into a maybe).")
@click.option("--must", "level", flag_value="must",
              help="Pick as a must (the default; also turns a maybe into a must).")
@schedule_file_options
@agenda_zone_option
@busy_option
@agenda_option
def pick(ids: tuple[str, ...], query: str | None, from_file: str | None, level: str | None,
         **params: Any) -> None:
    """Add talks to my agenda by id (see planner talks), or by --search WORDS.

    Prints what was picked and what each new pick clashes with.  Two musts that
    overlap clash; a maybe that overlaps another pick is an alternative.  An
    unknown id picks nothing.  A search matching several talks lists them and
    exits with status 3, picking nothing.  Schedules are given with -s, as ids are
    the arguments.

    \b
    Examples:
      planner pick 3mbgrk2 nw35cz7
      planner pick --maybe 8f2kq1a
      planner pick --search "cortex compiler"
      planner pick -s program.txt 8f2kq1a
      planner pick --from friends-picks.json
    """
    files = [i for i in ids if os.path.isfile(i)]  # (False for a name too long)
    if files:  # before --search looks in other schedules than the one meant
        raise PlannerError(unknown_ids_message(files, "nothing was picked"))
    if not ids and query is None and from_file is None:
        raise click.UsageError("Give talk ids, or --search WORDS, or --from FILE.")
    planner = open_planner(params)  # a bad busy calendar fails here, before anything is picked
    wanted = list(ids)
    if query is not None:
        wanted.append(_search_one(planner, query))
    groups: list[tuple[list[str], str | None]] = [(wanted, level)] if wanted else []
    if from_file is not None:
        groups += _shared_groups(planner, from_file, level)
    outcome = PickOutcome([], [])
    for group, group_level in groups:  # one write per level
        step = planner.pick(group, group_level)  # type: ignore[arg-type]
        outcome.added.extend(step.added)  # (the lists of a frozen outcome)
        outcome.already.extend(step.already)
        outcome.relevelled.extend(step.relevelled)
    resolved = planner.resolved()
    by_id = {r.id: r for r in resolved}
    levels = planner.levels()
    cmap = planner.clash_map(resolved)
    lines = []
    for talk_id in outcome.added:
        r = by_id[talk_id]
        how = " (maybe)" if levels.get(talk_id) == MAYBE else ""
        lines.append(f"Picked{how} {talk_id}  {when(r.start, r.end, planner.zone, r.estimated)}  "
                     f"{r.title}")
        lines += [f"  {describe_clash_for(c, talk_id, levels)}" for c in cmap.get(talk_id, [])]
    for talk_id in outcome.relevelled:
        lines.append(f"Now a {levels[talk_id]} {talk_id}  {by_id[talk_id].title}")
        lines += [f"  {describe_clash_for(c, talk_id, levels)}" for c in cmap.get(talk_id, [])]
    for talk_id in outcome.already:
        lines.append(f"Already picked {talk_id}  {by_id[talk_id].title}")
    emit("\n".join(lines) + "\n")


def _shared_groups(planner: Planner, path: str,
                   level: str | None) -> list[tuple[list[str], str | None]]:
    """The picks of a shared picks file that are in the loaded schedules, by level
    (`level`, when given, for all); those that are not are said on stderr."""
    from ..shared_picks import read_shared

    shared = read_shared(path)
    picked = planner.agenda.picks if planner.agenda is not None else {}
    known = {talk_id for talk_id in shared if talk_id in planner.catalog} | set(picked)
    missing = [i for i in shared if i not in known]
    if len(missing) == len(shared):
        raise PlannerError(f"None of the {len(shared)} picks in {path} is in the loaded "
                           "schedules; nothing was picked (give their schedule with -s).")
    if missing:
        warn(f"planner: {len(missing)} of the {len(shared)} picks in {path} are not in the "
             "loaded schedules and were left out (give their schedule with -s).")
    by_level: dict[str | None, list[str]] = {}
    for talk_id, shared_level in shared.items():
        if talk_id in missing:
            continue
        # My own picks keep my level (unless --must/--maybe says otherwise).
        mine = talk_id in picked and level is None
        by_level.setdefault(None if mine else level or shared_level, []).append(talk_id)
    return [(group, group_level) for group_level, group in by_level.items()]


def _search_one(planner: Planner, query: str) -> str:
    """The one talk `planner search QUERY` finds; several are listed, best first."""
    from ..text import fold

    hits = planner.search(query)
    exact = [h for h in hits if fold(h.talk.title) == fold(query)]
    if len(exact) == 1:
        hits = exact  # the full title of one talk, even if others mention it
    if not hits:
        raise PlannerError(f"No talk matches {query!r}; nothing was picked.")
    if len(hits) > 1:
        emit("".join(
            f"{h.talk.id}  {talk_when(h.talk, planner.zone)}  {h.talk.title} ({h.schedule.label})\n"
            for h in hits
        ))
        raise AmbiguousError(
            f"{query!r} matches {len(hits)} talks (listed above); nothing was picked, so pick "
            "one by its id or search with more words."
        )
    return hits[0].talk.id


@click.command()
@click.argument("ids", nargs=-1, required=True, metavar="ID...")
@agenda_option
def unpick(ids: tuple[str, ...], agenda_path: str | None) -> None:
    """Remove talks from my agenda.  An id that is not picked unpicks nothing.

    \b
    Example:
      planner unpick 3mbgrk2
    """
    removed = AgendaStore(agenda_path).unpick(ids)
    emit("".join(f"Unpicked {i}  {p.title}\n" for i, p in removed.items()))


# -- picks / clashes ----------------------------------------------------------------

def plan_options(day_help: str) -> Callable[[F], F]:
    """What `picks` and `clashes` read: schedules, --day, --format, --tz, --busy, --agenda."""
    def apply(func: F) -> F:
        for option in (agenda_option, busy_option, agenda_zone_option, format_option,
                       click.option("--day", metavar="DAY", default=None, help=day_help),
                       schedule_options):
            func = option(func)
        return func

    return apply


@click.command()
@plan_options("Only this day: ISO date, weekday name or 'today'.")
def picks(**params: Any) -> None:
    """List my agenda by day, with clash marks, the reading list and any changes.

    When a schedule was re-read and a picked talk moved (old and new time shown),
    vanished (its title is kept) or newly clashes, this says so first.  Moves are
    then recorded, so each is reported once; vanished picks stay until unpicked.

    \b
    Examples:
      planner picks
      planner picks --day tue --tz Europe/Berlin
      planner picks program.txt --busy work.ics --format json
    """
    planner = open_planner(params)
    changes = planner.changes()
    try:
        planner.acknowledge_changes()
    except PlannerError as exc:
        warn(f"planner: {exc.message}")
    resolved = planner.resolved()
    cmap = planner.clash_map(resolved)
    zone = planner.zone
    day = _picked_day(params.get("day"), planner, resolved)
    if params["fmt"] == "json":
        for ch in changes:
            warn(f"planner: {describe_change(ch, zone)}")
        moved = {ch.id: ch for ch in changes if ch.kind == "moved"}
        shown = [r for r in resolved if day is None
                 or (r.start is not None and r.status != "vanished"
                     and local_day(r.start, zone) == day)]
        levels = planner.levels()
        emit_json([pick_json(r, zone, cmap.get(r.id, []), moved.get(r.id), levels)
                   for r in shown])
        return
    emit(render_picks_text(resolved, cmap, changes, zone, terminal_width(), day,
                           planner.levels()))


def _picked_day(spec: str | None, planner: Planner, resolved: list[ResolvedPick]):
    if spec is None:
        return None
    days = set(schedule_days(planner.schedules, planner.zone))
    days |= {local_day(r.start, planner.zone) for r in resolved if r.start is not None}
    return resolve_day(spec, sorted(days), planner.zone)


@click.command()
@plan_options("Only clashes on this day: ISO date, weekday name or 'today'.")
def clashes(**params: Any) -> None:
    """List where my picks overlap each other or my busy calendars.

    Touching talks (one ends as the next starts) do not clash.  A clash involving
    an estimated time is listed as possible.  An overlap involving a maybe pick is
    listed as an alternative (role "alternative" in JSON; two musts: "conflict").

    \b
    Examples:
      planner clashes
      planner clashes --busy work.ics --format json
    """
    planner = open_planner(params)
    resolved = planner.resolved()
    found = planner.clashes(resolved)
    day = _picked_day(params.get("day"), planner, resolved)
    if day is not None:
        found = [c for c in found if local_day(c.start, planner.zone) == day]
    levels = planner.levels()
    if params["fmt"] == "json":
        emit_json([{**c.to_json(planner.zone), "role": role(c, levels)} for c in found])
        return
    timed = len(pick_intervals(resolved))
    emit(render_clashes_text(found, planner.zone, timed, terminal_width(), levels))


# -- busy calendars -----------------------------------------------------------------

@click.group()
def busy() -> None:
    """Remember, forget and list the calendars (.ics) whose events count as busy time."""


@busy.command("add")
@click.argument("files", nargs=-1, required=True, metavar="FILE.ics...")
@agenda_option
def busy_add(files: tuple[str, ...], agenda_path: str | None) -> None:
    """Remember calendar exports; their events then clash with picks in every command.

    Each file is read first: one that is unreadable or not iCalendar is refused and
    nothing is remembered.

    \b
    Example:
      planner busy add ~/Downloads/work.ics
    """
    from ..picks.busy import parse_busy

    parsed = [parse_busy(f) for f in files]
    added = set(AgendaStore(agenda_path).add_busy(files))
    for f, cal in zip(files, parsed):
        path = str(Path(f).expanduser().resolve())
        state = "Remembered" if path in added else "Already remembered"
        emit(f"{state} {path} ({cal.event_count} events)\n")
        for message in cal.skipped:
            warn(f"planner: {message}")


@busy.command("remove")
@click.argument("files", nargs=-1, required=True, metavar="FILE.ics...")
@agenda_option
def busy_remove(files: tuple[str, ...], agenda_path: str | None) -> None:
    """Forget remembered calendars (the files themselves are not touched)."""
    for path in AgendaStore(agenda_path).remove_busy(files):
        emit(f"Forgot {path}\n")


@busy.command("list")
@agenda_option
def busy_list(agenda_path: str | None) -> None:
    """List the remembered calendars and how many events each holds."""
    from ..picks.busy import parse_busy

    agenda = AgendaStore(agenda_path).load()
    if not agenda.busy:
        emit("No busy calendars remembered; add one with planner busy add FILE.ics.\n")
        return
    for path in agenda.busy:
        try:
            state = f"{parse_busy(path).event_count} events"
        except PlannerError as exc:
            state = f"unusable: {exc.message}"
        emit(f"{path}  ({state})\n")


# -- display zone -------------------------------------------------------------------

@click.command()
@click.argument("zone", required=False, metavar="[ZONE]")
@click.option("--clear", is_flag=True, help="Forget the zone: show each schedule's own.")
@agenda_option
def timezone(zone: str | None, clear: bool, agenda_path: str | None) -> None:
    """Show or set the zone every time is shown in (an IANA name such as Europe/Berlin).

    \b
    Examples:
      planner timezone Europe/Berlin
      planner timezone --clear
    """
    store = AgendaStore(agenda_path)
    if clear:
        store.set_timezone(None)
        emit("Times are shown in each schedule's own zone.\n")
    elif zone:
        store.set_timezone(zone)
        emit(f"Times are shown in {get_zone(zone).key}.\n")
    else:
        current = store.load().timezone
        emit(f"{current}\n" if current
             else "Not set: times are shown in each schedule's own zone.\n")


# -- notes ------------------------------------------------------------------------

@click.command()
@click.argument("talk_id", metavar="ID")
@click.argument("text", nargs=-1, metavar="[TEXT]...")
@click.option("--clear", is_flag=True, help="Remove the note.")
@agenda_option
def note(talk_id: str, text: tuple[str, ...], clear: bool, agenda_path: str | None) -> None:
    """Keep a short note on a picked talk, or show it.

    The note is kept in the agenda file, shown by planner picks and the TUI, and
    written into the event's description on export.

    \b
    Examples:
      planner note 3mbgrk2 ask about the dataset
      planner note 3mbgrk2            # show it
      planner note 3mbgrk2 --clear
    """
    store = AgendaStore(agenda_path)
    if clear or text:
        kept = store.set_note(talk_id, "" if clear else " ".join(text))
        emit(f"Note on {talk_id.strip().lower()}: {kept.note}\n" if kept.note
             else f"No note on {talk_id.strip().lower()} now.\n")
        return
    current = store.require_pick(store.load(), talk_id, "there is no note to show")
    emit(f"{current.note}\n" if current.note
         else f"No note on {talk_id.strip().lower()}; add one with planner note ID TEXT.\n")
