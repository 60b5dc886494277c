"""Abstract lists: one `Abstract:` paragraph per paper, nothing else.

The shape (see schedules/abstract-list.txt)::

    Abstract:Communication overhead is a key challenge in distributed deep learning...
    Abstract:The increasing success and scaling of Deep Learning models demands...

No titles, authors or times.  Each abstract is kept whole and gets a short title
derived from its opening words, marked `derived` so it is never shown as stated.
Lines that do not start with `Abstract:` continue the abstract before them.
"""

from __future__ import annotations

import re

from ..diagnostics import DiagnosticSink
from ..model import Schedule
from .base import ParseOptions, split_lines
from .papers import PaperBuilder, ends_cleanly, excerpt, gc_paused, untimed_schedule

NAME = "abstracts"
TITLE = "abstract list"
DEFAULT_CONFERENCE = "Abstract list"

_LABEL = re.compile(r"abstract\s*[:.\-–—]\s*", re.IGNORECASE)
_TITLE = re.compile(r"title\s*:", re.IGNORECASE)  # a stated title's label


def _label_end(line: str) -> int | None:
    """Where the text after an `Abstract:` label starts, or None for other lines."""
    if line[:1] not in "Aa":
        return None
    m = _LABEL.match(line)
    return m.end() if m else None


def sniff(text: str) -> float:
    """The share of paragraphs that open with `Abstract:`; numbered entries, author lines
    and session times belong to other formats and lower the fit."""
    labelled = others = authors = titled = 0
    for raw in split_lines(text[:200_000]):
        line = raw.strip()
        if not line:
            continue
        if _label_end(line) is not None:
            labelled += 1
        elif line.startswith("#") or line[:7].lower() in ("authors", "author:"):
            others += 2
            authors += line[:1] != "#"
        else:
            others += 0.25  # continuation lines and stray text
            titled += line[:1] in "Tt" and _TITLE.match(line) is not None
    if labelled == 0:
        return 0.0
    if 2 * authors >= labelled or 2 * titled >= labelled:
        # an `Authors:` or `Title:` line beside most abstracts: the text states its
        # talks' titles (an arXiv search, a seminar list of dated talks pasted), which an
        # abstract list has not; the program reader reads such entries whole
        return 0.3
    return round(0.35 + 0.6 * labelled / (labelled + others), 3)


class _Draft:
    __slots__ = ("line", "paragraphs", "open")

    def __init__(self, line: int, first: str) -> None:
        self.line = line
        self.paragraphs: list[list[str]] = [[first]] if first else []
        self.open = bool(first)


def parse(text: str, options: ParseOptions) -> Schedule:
    with gc_paused():
        return _parse(text, options)


def _parse(text: str, options: ParseOptions) -> Schedule:
    diag = DiagnosticSink(options.source)
    drafts: list[_Draft] = []
    current: _Draft | None = None
    for no, raw in enumerate(split_lines(text), 1):
        line = raw.strip()
        if not line:
            if current is not None:
                current.open = False
            continue
        end = _label_end(line)
        if end is not None:
            current = _Draft(no, line[end:].strip())
            drafts.append(current)
        elif current is None:
            diag.warning(
                "before-first-entry",
                f"text before the first Abstract: line is not part of any abstract: "
                f"{excerpt(line)}",
                no,
            )
        elif current.open:
            current.paragraphs[-1].append(line)
        else:
            current.paragraphs.append([line])
            current.open = True

    conference = options.conference or DEFAULT_CONFERENCE
    builder = PaperBuilder(conference, options.year, diag)
    talks = []
    for i, d in enumerate(drafts):
        abstract = "\n\n".join(" ".join(p) for p in d.paragraphs)
        if not abstract:
            diag.warning("empty-abstract", "an Abstract: label with no text after it", d.line)
            continue
        truncated = i == len(drafts) - 1 and not ends_cleanly(abstract)
        if truncated:
            diag.warning(
                "truncated-entry",
                f"the last abstract stops mid-sentence (the paste looks cut off); kept as far "
                f"as it goes: …{excerpt(abstract[-40:])[1:-1]}",
                d.line,
            )
        talks.append(builder.talk(None, [], abstract, d.line, truncated=truncated))
    for dup in builder.ids.seen.values():
        if dup > 1:
            diag.info("duplicate-abstract", "the same abstract appears more than once")
            break
    return untimed_schedule(options, NAME, conference, options.year, talks, diag)
