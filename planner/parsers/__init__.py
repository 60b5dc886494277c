"""The registry of input formats: detection, `--as` choices and help all read it.

Each format module exposes NAME, TITLE, `sniff(text) -> float` (0 = not this format,
1 = certainly this format) and `parse(text, options) -> Schedule`, which never raises
on bad input.  Adding a format is one module and one line in `_MODULES`.

The format modules are imported when first needed (`FORMATS`, `get_format`, `detect`),
so a command that only needs the names (`--as` choices, a search answered from its
index) does not pay for importing every parser and the models behind them.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from typing import TYPE_CHECKING, Callable

from ..errors import PlannerError
from .base import ParseOptions

if TYPE_CHECKING:
    from ..model import Schedule

__all__ = ["FORMATS", "FORMAT_NAMES", "Format", "ParseOptions", "detect", "get_format"]

# Format name -> module in this package, in detection and help order.
_MODULES = {"site": "site", "listing": "listing", "abstracts": "abstracts",
            "author-page": "author_page", "frab-xml": "frab", "schedule-json": "c3voc",
            "ics": "ics_program", "miniconf-papers": "miniconf_papers",
            "miniconf-calendar": "miniconf_calendar", "program": "program"}
FORMAT_NAMES: tuple[str, ...] = tuple(_MODULES)
# Machine-readable formats, whose syntax (an XML root, a JSON shape, BEGIN:VCALENDAR, a
# CSV header) no pasted text shares: one of them sure of a text settles detection
# before the text formats, whose sniffers read much of a big text, are even imported.
STRUCTURED: tuple[str, ...] = ("frab-xml", "schedule-json", "ics", "miniconf-papers",
                               "miniconf-calendar")
CERTAIN = 0.95


@dataclass(frozen=True)
class Format:
    name: str
    title: str
    sniff: Callable[[str], float]
    parse: Callable[[str, ParseOptions], Schedule]

    @classmethod
    def of(cls, module: ModuleType) -> Format:
        return cls(module.NAME, module.TITLE, module.sniff, module.parse)


@lru_cache(maxsize=None)
def _format(name: str) -> Format:
    return Format.of(importlib.import_module(f"{__name__}.{_MODULES[name]}"))


@lru_cache(maxsize=1)
def _formats() -> dict[str, Format]:
    return {name: _format(name) for name in _MODULES}


def __getattr__(name: str) -> object:  # FORMATS is built on first use
    if name == "FORMATS":
        return _formats()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


MIN_FIT = 0.3  # below this a format does not claim the text at all
TIE_MARGIN = 0.1  # two fits closer than this are "about equal"


def get_format(name: str) -> Format:
    """The named format, importing only its own module (a text whose metadata names its
    format never pays for loading the others)."""
    if name not in _MODULES:
        known = ", ".join(FORMAT_NAMES)
        raise PlannerError(f"Unknown format {name!r}; known formats are {known}.")
    return _format(name)


def detect(text: str, source: str = "the text") -> Format:
    """The format that fits `text` best, or a PlannerError naming the candidates."""
    for name in STRUCTURED:
        structured = _format(name)
        if structured.sniff(text) >= CERTAIN:
            return structured
    formats = _formats()
    fits = sorted(((f.sniff(text), f) for f in formats.values()), key=lambda x: -x[0])
    best_fit, best = fits[0]
    if best_fit < MIN_FIT:
        known = "; ".join(f"{f.name} ({f.title})" for f in formats.values())
        raise PlannerError(
            f"{source} does not look like any known schedule format ({known}); "
            "use --as NAME to read it as one of them."
        )
    if len(fits) > 1 and best_fit - fits[1][0] < TIE_MARGIN:
        raise FormatTie(source, best, fits[1][1])
    return best


class FormatTie(PlannerError):
    """Two formats claim a text about equally; the loader reads it as both and keeps
    the reading that gives more (see planner.loader.parse_text)."""

    def __init__(self, source: str, best: Format, other: Format) -> None:
        super().__init__(f"{source} fits both {best.name} and {other.name} about equally; "
                         f"use --as {best.name} or --as {other.name}.")
        self.formats = (best, other)
