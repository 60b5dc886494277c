"""Loading schedule files: the bundled ones, metadata beside a text, format detection.

Metadata is a TOML file with the text's stem (`program.txt` -> `program.toml`) and
holds the facts a pasted page leaves out: conference, year, timezone, talk_minutes,
format.  Command-line values (--year, --source-tz, --as) override it.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .cache import cached_parse
from .errors import PlannerError
from .parsers import FORMAT_NAMES, ParseOptions, detect, get_format
from .textio import read_text
from .zones import get_zone

if TYPE_CHECKING:
    from .model import Schedule

_PACKAGE_DIR = Path(__file__).resolve().parent
_METADATA_KEYS = {"conference", "year", "timezone", "talk_minutes", "format", "default"}


def bundled_dir() -> Path:
    """Where the bundled schedules are: inside the installed package, or the checkout."""
    for candidate in (_PACKAGE_DIR / "schedules", _PACKAGE_DIR.parent / "schedules"):
        if candidate.is_dir():
            return candidate
    raise PlannerError("The bundled schedules are missing from this installation.")


def bundled_paths() -> list[Path]:
    """The bundled schedule texts, the default one first, then by name."""
    texts = sorted(bundled_dir().glob("*.txt"))
    return sorted(texts, key=lambda p: not read_metadata(p).get("default", False))


def read_metadata(path: Path) -> dict[str, Any]:
    meta_path = path.with_suffix(".toml")
    if not os.path.isfile(meta_path):  # (False for a name too long, too)
        return {}
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
    options = options or LoadOptions()
    p = Path(path)
    text = read_text(p)
    meta = read_metadata(p) if os.path.isfile(p) else {}
    # Big texts are parsed once and read back from planner.cache afterwards.
    return cached_parse(text, str(path), meta, options, parse_text)


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
    fmt = get_format(name) if name else detect(text, source)
    parse_options = ParseOptions(
        source=source,
        conference=meta.get("conference"),
        year=options.year if options.year is not None else meta.get("year"),
        timezone=tz,
        talk_minutes=meta.get("talk_minutes"),
        today=options.today,
    )
    schedule = fmt.parse(text, parse_options)
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


def schedule_paths(paths: list[str] | None) -> list[str | Path]:
    """The given schedule files as given, or every bundled one whose format is known."""
    if paths:
        return list(paths)
    return [p for p in bundled_paths()
            if read_metadata(p).get("format", "site") in FORMAT_NAMES]


def load_schedules(
    paths: list[str] | None, options: LoadOptions | None = None
) -> list[Schedule]:
    """The given schedules, or every bundled one whose format is known."""
    return [load_schedule(p, options) for p in schedule_paths(paths)]
