"""Conference programs as people paste or save them: the free-form reader.

One pipeline for every layout that is not a machine format or one of the seed
shapes: (1) the input becomes lines with their structure (`text_front` for plain text
and Markdown, `html_front` for saved pages); (2) each line is judged (a time, a day,
a label, people, a title, prose); (3) `reader` assembles days, sessions and talks,
carrying the day down and reading the lines under each time; (4) `build` turns them
into the model with dates, the stated zone and ids.  Whatever it could not place is a
diagnostic with its line number.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...diagnostics import Diagnostic, DiagnosticSink, Severity
from ...gcpause import FREEZE_AFTER, gc_paused
from ...lazyre import lazy

if TYPE_CHECKING:
    from ...model import Schedule
    from ..base import ParseOptions
    from .doc import Doc

# The reader's modules are imported when a text is read, not with the package: the
# site parser shares its helpers (zones, people lines, times) and should not load the
# reader (nor lxml) to read a seed text whose .toml names its format.

NAME = "program"
TITLE = "conference program (times, tables, listings; text, Markdown or HTML)"

_TIMEISH = lazy(
    r"(?<![\d:])(?:[01]?\d|2[0-3])[:.][0-5]\d(?!\d)|\b\d{1,2}\s*[ap]\.?\s?m\b", re.IGNORECASE)


def read_doc(text: str) -> Doc:
    from .html_front import is_html_document, looks_like_html, read_html
    from .inline import liquid_includes
    from .text_front import looks_like_markdown, read_text

    text = liquid_includes(text)
    if is_html_document(text):
        return read_html(text)
    markdown = looks_like_markdown(text)  # (once: read_text would ask again)
    if not markdown and looks_like_html(text):
        return read_html(text)
    return read_text(text, markdown=markdown)


_LEAD_TIME = re.compile(
    r"^[\s#*|>\-]*(?:\d{1,2}(?:[:.]\d\d)?\s*(?:[ap]\.?\s?m\.?)?\s*(?:[-–—]|to)\s*"
    r"\d{1,2}(?:[:.]\d\d)?|\d{1,2}[:.]\d\d|\d{1,2}\s*[ap]\.?\s?m\b)",
    re.IGNORECASE | re.MULTILINE,
)


_PEOPLE_PAIR = lazy(
    r"^[^\S\n]*(?:[-*•]\s+)?[A-Z][\w'’.\-]+(?: [A-Z][\w'’.\-]+){1,3}"
    r"(?:\s*\([^)\n]{2,80}\))?(?:\s*(?:,|;|and|&|·)\s*[A-Z][\w'’.\-]+(?: [A-Z][\w'’.\-]+){1,3}"
    r"(?:\s*\([^)\n]{2,80}\))?)+\.?[^\S\n]*$",
    re.MULTILINE,
)
_LISTING_MARKS = lazy(
    r"^\W*(?:authors?|speakers?|title|presenters?)\s*:|\barxiv:\d|^\s*(?:[-*]\s+)?\*\*[^*\n]{8,}\*\*",
    re.IGNORECASE | re.MULTILINE,
)


def sniff(text: str) -> float:
    """How well the text fits: lines that start with a time (`9:00 - 9:30 Title`, a
    table's time column) fit well; other times, author lists and titles set in bold fit
    somewhat; a text with none of these is not a program.  The seed formats claim their
    own shapes more strongly."""
    head = text[:200_000]
    if not head.strip():
        return 0.0
    if _found(_LEAD_TIME, head, 2) >= 2:
        return 0.8
    if _found(_TIMEISH, head, 2) >= 2:
        return 0.55
    if _found(_PEOPLE_PAIR, head, 2) + _found(_LISTING_MARKS, head, 2) >= 2:
        return 0.5
    if len(text) <= _SNIFF_READ_LIMIT:
        # No quick sign: read it, and see whether items come out (a listing of titles
        # and people in a layout the signs above do not know).
        items = _items_in(text)
        return 0.5 if items >= 2 else 0.35 if items == 1 else 0.0
    return 0.0


_SNIFF_READ_LIMIT = 300_000


def _found(pattern: re.Pattern[str], text: str, enough: int) -> int:
    """How many times `pattern` matches in `text`, counted up to `enough`: the sniff
    asks for two, and a program's 10,000 timed lines need not all be found to know
    that (findall over the 200,000 characters it reads was a seventh of detection)."""
    n = 0
    for _ in pattern.finditer(text):
        n += 1
        if n >= enough:
            break
    return n


def _items_in(text: str) -> int:
    from .reader import Reader

    diag = DiagnosticSink("<sniff>")
    doc = read_doc(text)
    reader = Reader(doc, diag)
    reader.run()
    n = len(reader.loose)
    for d in reader.top:
        n += 1 + len(d.children)
    return n


def parse(text: str, options: ParseOptions) -> Schedule:
    from .build import Builder
    from .reader import Reader

    diag = DiagnosticSink(options.source)
    with gc_paused(freeze_after=FREEZE_AFTER):
        doc = read_doc(text)
        reader = Reader(doc, diag)
        reader.run()
        builder = Builder(doc, reader.top, reader.loose, reader.used, options, diag, NAME)
        schedule = builder.build()
    if schedule.unscheduled:
        liked = list(map(_programme_like, schedule.unscheduled))
        if not schedule.sessions and not any(liked):
            schedule.unscheduled = []  # a list of things, no program: the loader says so
        elif any(liked):
            _drop_menu_entries(schedule, liked)
    return schedule


def _drop_menu_entries(schedule: Schedule, liked: list[bool]) -> None:
    """`• New submissions`, `• Cross-lists`: a page's menu among its papers.  Untimed
    entries of a few words with nothing of a paper about them are left out, and said so."""
    kept = []
    for t, ok in zip(schedule.unscheduled, liked):
        if ok or len(t.title.split()) > 3:
            kept.append(t)
            continue
        schedule.diagnostics.append(Diagnostic(
            source=schedule.source or "", line=t.line, severity=Severity.INFO, code="not-read",
            message=f"line {t.line} not read as program items: {t.title!r} (a menu entry, "
                    "no people, abstract or link)"))
        if schedule.lines_used:
            schedule.lines_used -= 1
    schedule.unscheduled = kept


def _programme_like(talk) -> bool:
    """An untimed entry a program or a listing would have: one with a person named
    beyond doubt, an abstract or a link (`2 litres of milk` has none)."""
    from .people import name_like

    return bool(talk.abstract or talk.url or talk.links
                or any(name_like(s.name) for s in talk.speakers))
