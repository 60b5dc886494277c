"""Loading schedule files: the bundled ones, metadata beside a text, format detection.

Metadata is a TOML file with the text's stem (`program.txt` -> `program.toml`) and
holds the facts a pasted page leaves out: conference, year, timezone, talk_minutes,
format.  Command-line values (--year, --source-tz, --as) override it.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import locations
from .cache import cached_parse
from .errors import PlannerError
from .parsers import FORMAT_NAMES, FormatTie, ParseOptions, detect, get_format
from .sources import NOTICE, is_url
from .textio import read_text
from .zones import get_zone

if TYPE_CHECKING:
    from .model import Schedule
    from .parsers import Format

_METADATA_KEYS = {"conference", "year", "timezone", "talk_minutes", "format", "default"}


def bundled_dir() -> Path:
    """Where the bundled schedules are (planner.locations)."""
    folder = locations.bundled_dir()
    if folder is None:
        raise PlannerError("The bundled schedules are missing from this installation.")
    return folder


def bundled_paths() -> list[Path]:
    """The bundled schedule texts, the default one first, then by name."""
    texts = sorted(bundled_dir().glob("*.txt"))
    return sorted(texts, key=lambda p: not read_metadata(p).get("default", False))


def read_metadata(path: Path) -> dict[str, Any]:
    meta_path = path.with_suffix(".toml")
    if not os.path.isfile(meta_path):  # (False for a name too long, too)
        return {}
    import tomllib  # here: a schedule answered from the cache reads no metadata

    try:
        data = tomllib.loads(meta_path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise PlannerError(f"Metadata file {meta_path} is not valid TOML ({exc}).") from None
    except OSError as exc:
        raise PlannerError(f"Metadata file {meta_path} cannot be read: {exc.strerror}.") from None
    return {k: v for k, v in data.items() if k in _METADATA_KEYS}


@dataclass(frozen=True)
class LoadOptions:
    """What the command line says about every schedule it loads."""

    year: int | None = None
    source_tz: str | None = None
    as_format: str | None = None
    today: date | None = None


def load_schedule(path: str | os.PathLike[str], options: LoadOptions | None = None) -> Schedule:
    """The schedule in a file, or at an http(s) address (see `load_url`)."""
    options = options or LoadOptions()
    if is_url(path):
        return load_url(str(path), options)
    p = Path(path)
    notes: list[str] = []
    text = read_text(p, notes)
    meta = read_metadata(p) if os.path.isfile(p) else {}
    # Big texts are parsed once and read back from planner.cache afterwards.
    schedule = cached_parse(text, str(path), meta, options, parse_text)
    if notes:
        from .diagnostics import Diagnostic, Severity  # (pydantic: only when there is a note)
    for note in notes:
        schedule.diagnostics.insert(0, Diagnostic(source=str(path), line=None,
                                                  severity=Severity.WARNING, code="charset",
                                                  message=note))
    return schedule


def load_url(url: str, options: LoadOptions | None = None, *, refresh: bool = False) -> Schedule:
    """The schedule at `url`, fetched or from its kept copy (see `read_url`)."""
    return read_url(url, options, refresh=refresh)[0]


def read_url(url: str, options: LoadOptions | None = None, *,
             refresh: bool = False) -> tuple[Schedule, str]:
    """The schedule at `url` and how it was had: planner.sources' status ("downloaded",
    "not-modified", "cached", "stale") or "unreadable-new" (the server sent something
    that is no schedule, so the kept copy was read).

    A new body is kept only once it reads as a schedule: a server's error page leaves
    the last good copy in use.  Whenever a kept copy stands in for the server, a
    diagnostic with code `sources.NOTICE` says so and how old it is: the CLI prints it,
    the TUI shows it.
    """
    from . import sources

    options = options or LoadOptions()
    got = sources.fetch(url, refresh=refresh)
    status: str = got.status
    try:
        schedule = _parse_fetched(got, options)
    except PlannerError as exc:
        old = sources.stored(url) if got.status == "downloaded" else None
        if old is None:
            raise PlannerError(f"{url} did not send a schedule planner can read: "
                               f"{_unsentence(exc.message, url)}.") from None
        schedule = _parse_fetched(old, options)
        status = "unreadable-new"
        note = (f"{url} now sends no schedule planner can read "
                f"({_unsentence(exc.message, url)}); using the copy fetched "
                f"{sources.describe_age(old.age)} ago.")
    else:
        got.keep()
        note = got.note
    if note:
        from .diagnostics import Diagnostic, Severity

        schedule.diagnostics.insert(0, Diagnostic(source=url, line=None, severity=Severity.WARNING,
                                                  code=sources.NOTICE, message=note))
    return schedule, status


def _parse_fetched(got: Any, options: LoadOptions) -> Schedule:
    return cached_parse(got.text(), got.url, {}, options, parse_text)


def _unsentence(message: str, name: str) -> str:
    """A sentence about `name` as a clause: `name is empty.` -> `it is empty`."""
    text = message.rstrip(".")
    return "it" + text[len(name):] if text.startswith(name) else text[:1].lower() + text[1:]


def parse_text(
    text: str, source: str, meta: dict[str, Any], options: LoadOptions | None = None
) -> Schedule:
    """Parse `text` with metadata `meta`; raises PlannerError only for unusable options."""
    options = options or LoadOptions()
    tz = options.source_tz or meta.get("timezone")
    if tz:
        get_zone(tz)  # an unknown zone is the user's error, not a parse diagnostic
    if options.year is not None and not 1900 <= options.year <= 2200:
        raise PlannerError(f"--year {options.year} is not a plausible conference year.")
    name = options.as_format or meta.get("format")
    parse_options = ParseOptions(
        source=source,
        conference=meta.get("conference"),
        year=options.year if options.year is not None else meta.get("year"),
        timezone=tz,
        talk_minutes=meta.get("talk_minutes"),
        today=options.today,
    )
    try:
        fmt = get_format(name) if name else detect(text, source)
    except FormatTie as tie:
        fmt, schedule = _better_reading(text, parse_options, tie)
    else:
        schedule = fmt.parse(text, parse_options)
    if not name and not schedule.sessions and not schedule.unscheduled:
        schedule = _next_best(text, parse_options, fmt, schedule)
        fmt = get_format(schedule.format) if schedule.format else fmt
    from .walltime import settle_repeated_hour  # here: a cached read never loads pydantic

    schedule.diagnostics.extend(settle_repeated_hour(schedule))  # 01:30 twice in November
    if not schedule.sessions and not schedule.unscheduled:
        # A machine format that could not read the file at all says why; nothing is
        # left to show, so that is the user's one sentence.
        bad = next((d for d in schedule.diagnostics if d.code == "unreadable"), None)
        if bad is not None:
            where = f" (line {bad.line})" if bad.line else ""
            raise PlannerError(f"{source} cannot be read as a {fmt.title}{where}: {bad.message}.")
        raise PlannerError(_nothing_read(text, source, fmt.name))
    if options.year is not None:
        clash = next(
            (d for d in schedule.diagnostics if d.code in ("weekday-mismatch", "year-mismatch")),
            None,
        )
        if clash is not None:
            raise PlannerError(
                f"--year {options.year} conflicts with {source} line {clash.line}: "
                f"{clash.message}."
            )
    return schedule


def _next_best(text: str, options: ParseOptions, tried: Format, got: Schedule) -> Schedule:
    """The text was detected as `tried`, which read nothing from it: the next formats that
    also claim it, best fit first, until one reads something (said as a warning on the
    schedule); `got` when none does, for the caller's sentence about it.  A program
    whose event lines look like a site schedule's to the detector is still read."""
    from .diagnostics import Diagnostic, Severity
    from .parsers import MIN_FIT

    for fit, name in _other_fits(text, tried.name):
        if fit < MIN_FIT:
            break
        other = get_format(name)
        schedule = other.parse(text, options)
        if schedule.sessions or schedule.unscheduled:
            schedule.diagnostics.insert(0, Diagnostic(
                source=options.source, line=None, severity=Severity.WARNING, code="format-fallback",
                message=f"it looked most like {tried.name} but read as that gave nothing; read "
                        f"as {name} instead (--as chooses)"))
            return schedule
    return got


def _better_reading(text: str, options: ParseOptions, tie: FormatTie) -> tuple[Format, Schedule]:
    """Two formats claim the text about equally: read it as both and keep the one that
    gives more talks at stated times, then more talks (the detector's first choice on a
    draw), saying so as a warning; the tie's own sentence when neither reads anything."""
    from .diagnostics import Diagnostic, Severity

    readings = [(fmt, fmt.parse(text, options)) for fmt in tie.formats]

    def gives(schedule: Schedule) -> tuple[int, int]:
        talks = list(schedule.talks())
        stated = sum(1 for t in talks if t.start is not None and not t.estimated)
        return stated, len(talks) + len(schedule.sessions)

    (fmt, schedule), (other, rest) = sorted(readings, key=lambda r: gives(r[1]), reverse=True)
    if gives(schedule) == (0, 0):
        raise tie
    if gives(rest) == gives(schedule):
        (fmt, schedule), (other, rest) = readings
    schedule.diagnostics.insert(0, Diagnostic(
        source=options.source, line=None, severity=Severity.WARNING, code="format-tie",
        message=f"it fits both {fmt.name} and {other.name} about equally; read as {fmt.name}, "
                f"which gives more of it (--as {other.name} reads it the other way)"))
    return fmt, schedule


def _other_fits(text: str, name: str) -> list[tuple[float, str]]:
    """How well every format but `name` claims `text`, best first: (fit, format name)."""
    from .parsers import FORMATS

    return sorted(((f.sniff(text), f.name) for f in FORMATS.values() if f.name != name),
                  reverse=True)


def _nothing_read(text: str, source: str, name: str) -> str:
    """One sentence for a text read as `name` that gave no sessions and no talks: what
    the text looks like to planner instead."""
    from .parsers import MIN_FIT

    fits = _other_fits(text, name)
    lines = sum(1 for ln in text.splitlines() if ln.strip())
    best_fit, best = fits[0] if fits else (0.0, "")
    hint = (f"; it looks more like {best} (try --as {best})" if best_fit >= MIN_FIT
            else "; planner found no times, no titles with their people and no abstracts in it")
    return f"{source} read as {name} gives no sessions or talks ({lines} lines of text){hint}."


def remembered(agenda_path: str | os.PathLike[str] | None = None) -> list[str]:
    """The remembered schedules (planner add), or [] when there are none or the agenda
    cannot be read (the command's own use of the agenda then says what is wrong with it).

    The agenda file's JSON is read directly, without the models: a search answered from
    its index should not pay for pydantic to learn that nothing is remembered."""
    try:
        data = json.loads(locations.agenda_path(agenda_path).read_bytes())
    except (OSError, ValueError):
        return []
    kept = data.get("sources") if isinstance(data, dict) else None
    if not isinstance(kept, list):
        return []
    return [s for s in kept if isinstance(s, str) and s]


def schedule_paths(paths: list[str] | None,
                   agenda_path: str | os.PathLike[str] | None = None) -> list[str | Path]:
    """The given schedule files (or addresses) as given; else the schedules remembered
    in the agenda (planner add); else every bundled one whose format is known."""
    if paths:
        return list(paths)
    kept = remembered(agenda_path)
    return list(kept) if kept else _known_bundled()


def _known_bundled() -> list[str | Path]:
    """Every bundled schedule whose format this planner reads."""
    return [p for p in bundled_paths()
            if read_metadata(p).get("format", "site") in FORMAT_NAMES]


def load_schedules(
    paths: list[str] | None, options: LoadOptions | None = None,
    agenda_path: str | os.PathLike[str] | None = None, *, refresh: bool = False,
) -> list[Schedule]:
    """The given schedules; else the remembered ones; else every bundled one.

    A remembered schedule that cannot be read says how to forget it.  `refresh`
    checks every address with its server, however recently it was fetched.
    """
    if paths:
        return [_load(p, options, refresh) for p in paths]
    kept = remembered(agenda_path)
    if not kept:
        return [load_schedule(p, options) for p in _known_bundled()]
    out = []
    for spec in kept:
        try:
            out.append(_load(spec, options, refresh))
        except PlannerError as exc:
            raise PlannerError(
                f"{exc.message.rstrip('.')} (it is remembered in your agenda: fix it, or "
                f"forget it with planner remove {spec})."
            ) from None
    return out


def notices(schedules: list[Schedule]) -> list[str]:
    """Where a kept copy stood in for a server (offline, a failing server), one sentence
    each, for the front ends to say."""
    return [d.message for sch in schedules for d in sch.diagnostics if d.code == NOTICE]


def _load(spec: str | os.PathLike[str], options: LoadOptions | None, refresh: bool) -> Schedule:
    if refresh and is_url(spec):
        return load_url(str(spec), options, refresh=True)
    return load_schedule(spec, options)
