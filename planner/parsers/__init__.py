"""The registry of input formats: detection, `--as` choices and help all read it.

Each format module exposes NAME, TITLE, `sniff(text) -> float` (0 = not this format,
1 = certainly this format) and `parse(text, options) -> Schedule`, which never raises
on bad input.  Adding a format is one module and one line in FORMATS.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Callable

from ..errors import PlannerError
from ..model import Schedule
from . import abstracts, author_page, listing, site
from .base import ParseOptions

__all__ = ["FORMATS", "Format", "ParseOptions", "detect", "get_format"]


@dataclass(frozen=True)
class Format:
    name: str
    title: str
    sniff: Callable[[str], float]
    parse: Callable[[str, ParseOptions], Schedule]

    @classmethod
    def of(cls, module: ModuleType) -> Format:
        return cls(module.NAME, module.TITLE, module.sniff, module.parse)


FORMATS: dict[str, Format] = {
    f.name: f for f in map(Format.of, (site, listing, abstracts, author_page))
}

MIN_FIT = 0.3  # below this a format does not claim the text at all
TIE_MARGIN = 0.1  # two fits closer than this are "about equal"


def get_format(name: str) -> Format:
    try:
        return FORMATS[name]
    except KeyError:
        known = ", ".join(FORMATS)
        raise PlannerError(f"Unknown format {name!r}; known formats are {known}.") from None


def detect(text: str, source: str = "the text") -> Format:
    """The format that fits `text` best, or a PlannerError naming the candidates."""
    fits = sorted(((f.sniff(text), f) for f in FORMATS.values()), key=lambda x: -x[0])
    best_fit, best = fits[0]
    if best_fit < MIN_FIT:
        known = "; ".join(f"{f.name} ({f.title})" for f in FORMATS.values())
        raise PlannerError(
            f"{source} does not look like any known schedule format ({known}); "
            "use --as NAME to read it as one of them."
        )
    if len(fits) > 1 and best_fit - fits[1][0] < TIE_MARGIN:
        other = fits[1][1]
        raise PlannerError(
            f"{source} fits both {best.name} and {other.name} about equally; "
            f"use --as {best.name} or --as {other.name}."
        )
    return best
