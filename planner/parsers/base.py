"""What every format parser receives and returns."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date


@dataclass(frozen=True)
class ParseOptions:
    """Facts from outside the text: metadata beside it, or the command line.

    `None` means "not known": the parser infers it and says so in a diagnostic.
    """

    source: str = "<text>"
    conference: str | None = None
    year: int | None = None
    timezone: str | None = None  # IANA name of the zone the text's times are in
    talk_minutes: int | None = None
    today: date | None = None  # for inferring a missing year; defaults to the clock
    extra: dict[str, object] = field(default_factory=dict)


def split_lines(text: str) -> list[str]:
    """Lines as an editor numbers them: LF, CRLF and lone CR all end a line."""
    if "\r" in text:  # most texts have none: skip two copies of the whole text
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return text.split("\n")


def paragraphs(lines: list[str]) -> list[tuple[int, list[str]]]:
    """Runs of non-blank lines as (1-based number of the first line, stripped lines)."""
    out: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = 0
    for i, raw in enumerate(lines, 1):
        line = raw.strip()
        if line:
            if not current:
                start = i
            current.append(line)
        elif current:
            out.append((start, current))
            current = []
    if current:
        out.append((start, current))
    return out
