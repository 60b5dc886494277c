"""Paper listings: a conference header, an announced count, then numbered entries.

The shape (see schedules/mlsys2023-papers.txt)::

    MLSYS.2023
    | Total: 46
    #1 XRBench: An Extended Reality (XR) ... [PDF3] [Copy] [Kimi9] [REL]
    Authors: Hyoukjun Kwon, Krishnakumar Nair, ...
    Abstract paragraph(s) ...

`Author:` introduces a single author.  The bracketed link markers after a title are
the site's buttons, not part of the title.  There are no times: every entry becomes
an unscheduled talk.  A copy often holds fewer entries than the header announces;
that, numbering gaps and an entry cut off by a truncated paste are reported.
"""

from __future__ import annotations

import re
from itertools import chain
from typing import Any

from ..diagnostics import DiagnosticSink
from ..model import Schedule, Speaker
from .names import split_author_line
from ..text import fold
from .base import ParseOptions, split_lines
from .papers import PaperBuilder, ends_cleanly, excerpt, gc_paused, untimed_schedule

NAME = "listing"
TITLE = "paper listing"

_HEADER = re.compile(
    r"^(?P<conf>[A-Za-z][A-Za-z&+\-]{1,30}?)[ ._\-]?(?P<year>(?:19|20)\d\d)"
    r"(?:\s*[-–—:|]\s*(?P<track>\S.{0,80}))?$"
)
_TOTAL = re.compile(r"^\|?\s*total\s*[:=]?\s*(?P<n>\d[\d,]{0,9})\s*\|?$", re.IGNORECASE)
_ENTRY = re.compile(r"#(?P<n>\d{1,7})[.:)]?\s+(?P<title>\S.*)")
_AUTHORS = re.compile(r"(?:authors?|by)\s*:\s*", re.IGNORECASE)
# The site's buttons after a title: short one-word brackets, as a run at the very end.
# Starting at the bracket (not at the blanks before it) lets the search skip to each `[`.
_MARKERS = re.compile(r"\[[A-Za-z]{1,12}\d{0,4}\](?:\s*\[[A-Za-z]{1,12}\d{0,4}\])*\s*$")
_MARKER_WINDOW = 160  # the run is searched for in the title's tail only: linear on any line
_NOTE_KEYS = frozenset(
    "subject subjects keywords keyword comments comment venue track session award note notes "
    "primary area".split()
)
_NOTE = re.compile(r"(?P<key>[A-Za-z][A-Za-z ]{1,20}?)\s*:\s*\S")
_ABSTRACT_LABEL = re.compile(r"abstract\s*[:.]\s*", re.IGNORECASE)

# How sites write conference names that a header gives in capitals (`MLSYS.2023`).
KNOWN_CONFERENCES = {
    fold(name): name
    for name in (
        "MLSys NeurIPS NIPS ICML ICLR CVPR ICCV ECCV ACL EMNLP NAACL EACL COLING AAAI IJCAI "
        "KDD WWW SIGIR SIGMOD VLDB UAI AISTATS COLT CoRL ICRA IROS RSS OSDI SOSP NSDI EuroSys "
        "ASPLOS ISCA MICRO HPCA CHI ICASSP Interspeech WACV COLM TMLR SysML ICDE WSDM RecSys "
        "INFOCOM SIGCOMM MobiCom USENIX ATC FAST PLDI POPL"
    ).split()
}


def conference_name(raw: str) -> str:
    """`MLSYS` -> `MLSys`; names not in the table are kept as written."""
    return KNOWN_CONFERENCES.get(fold(raw), raw)


def strip_markers(title: str) -> str:
    """Drop the trailing link buttons (`[PDF3] [Copy] [Kimi9] [REL]`) from a title.

    Only short single-word brackets at the very end go, so `[Re] Reproducing X` and
    `X [Extended Abstract]` keep theirs.
    """
    if not title.endswith("]"):
        return title
    offset = max(0, len(title) - _MARKER_WINDOW)
    m = _MARKERS.search(title, offset)
    if m is None:
        return title
    head = title[: m.start()].rstrip()
    if not head and offset == 0:  # nothing but markers: keep them
        return title
    return head


def sniff(text: str) -> float:
    """Numbered entries (`#N Title`) each followed by an `Authors:` line."""
    entries = authors = markers = 0
    header = False
    for i, raw in enumerate(split_lines(text[:200_000])):
        line = raw.strip()
        if not line:
            continue
        c = line[0]
        if c == "#" and _ENTRY.match(line):
            entries += 1
            markers += line.endswith("]") and strip_markers(line) != line
        elif c in "AaBb" and _AUTHORS.match(line):
            authors += 1
        elif i < 10 and (_HEADER.match(line) or _TOTAL.match(line)):
            header = True
    if entries == 0:
        return 0.1 if authors and header else 0.0
    paired = min(entries, authors) / max(entries, authors)
    score = 0.45 + 0.35 * paired + (0.1 if markers else 0.0) + (0.1 if header else 0.0)
    return min(1.0, score if entries >= 2 or authors else score - 0.2)


class _Entry:
    __slots__ = ("number", "title", "line", "authors", "authors_line", "paragraphs", "notes")

    def __init__(self, number: int, title: str, line: int) -> None:
        self.number = number
        self.title = title
        self.line = line
        self.authors: str | None = None
        self.authors_line = 0
        self.paragraphs: list[list[str]] = []
        self.notes: list[str] = []

    @property
    def label(self) -> str:  # for diagnostics only: not made for every entry
        return f"entry #{self.number}"


class _Reader:
    def __init__(self, text: str, options: ParseOptions) -> None:
        self.options = options
        self.diag = DiagnosticSink(options.source)
        self.text = text
        self.entries: list[_Entry] = []
        self.header: tuple[int, str, int, str | None] | None = None  # line, conf, year, track
        self.total: tuple[int, int] | None = None  # line, announced count

    def read(self) -> None:
        entry: _Entry | None = None
        entries = self.entries
        entry_match, authors_match = _ENTRY.match, _AUTHORS.match
        open_paragraph = False  # an abstract line continues the paragraph before it
        for no, raw in enumerate(split_lines(self.text), 1):
            line = raw.strip()
            if not line:
                open_paragraph = False
                continue
            c = line[0]
            if c == "#" and (m := entry_match(line)) is not None:
                entry = _Entry(int(m["n"]), strip_markers(m["title"]), no)
                entries.append(entry)
                open_paragraph = False
            elif c in "AaBb" and (m := authors_match(line)) is not None:
                self._authors(entry, line[m.end():], no)
                open_paragraph = False
            elif entry is None:
                self._preamble(line, no)
            elif open_paragraph:
                entry.paragraphs[-1].append(line)
            elif (
                ":" in line  # (a C-level scan: most abstract lines hold no colon)
                and (n := _NOTE.match(line)) is not None
                and fold(n["key"]) in _NOTE_KEYS
            ):
                entry.notes.append(line)  # `Subject: ...` and the like
            else:
                if (
                    c in "Aa" and not entry.paragraphs
                    and (m := _ABSTRACT_LABEL.match(line)) is not None
                ):
                    line = line[m.end():]
                entry.paragraphs.append([line])
                open_paragraph = True

    def _authors(self, entry: _Entry | None, names: str, no: int) -> None:
        if entry is None or entry.authors is not None or entry.paragraphs:
            where = "before the first entry" if entry is None else "in the middle of an entry"
            self.diag.error(
                "stray-authors",
                f"author line {where} belongs to no title and is left out: {excerpt(names)}",
                no,
            )
            return
        entry.authors, entry.authors_line = names, no

    def _preamble(self, line: str, no: int) -> None:
        if self.header is None and (m := _HEADER.match(line)) is not None:
            self.header = (no, conference_name(m["conf"]), int(m["year"]), m["track"])
        elif self.total is None and (m := _TOTAL.match(line)) is not None:
            self.total = (no, int(m["n"].replace(",", "")))
        else:
            self.diag.warning(
                "before-first-entry",
                f"text before the first #N entry is not part of any entry: {excerpt(line)}", no,
            )

    # -- building ---------------------------------------------------------------------
    def conference(self) -> tuple[str, int | None]:
        opts = self.options
        conference, year = opts.conference, opts.year
        if self.header is not None:
            line, named, stated_year, track = self.header
            if conference and fold(conference) != fold(named):
                self.diag.info(
                    "conference-mismatch",
                    f"the header names {named!r}; the metadata's {conference!r} is used", line,
                )
            if year is not None and year != stated_year:
                self.diag.warning(
                    "year-mismatch",
                    f"the header says {stated_year} but {year} was given; {year} is used", line,
                )
            if track:
                self.diag.info("header-track", f"the header also says {track!r}", line)
            conference = conference or named
            year = year if year is not None else stated_year
        if not conference:
            conference = "Paper listing"
            self.diag.info(
                "no-conference",
                "the text does not name its conference (no header like `MLSYS.2023`); "
                "add metadata or a .toml beside it",
            )
        return conference, year

    def build(self) -> Schedule:
        conference, year = self.conference()
        self._check_numbers()
        builder = PaperBuilder(conference, year, self.diag)
        entries = self.entries
        names = [None if e.authors is None else split_author_line(e.authors) for e in entries]
        builder.judge(chain.from_iterable(filter(None, names)))  # each spelling once
        # Every author line in one pass, apart from the talks: the table of spellings
        # stays in the CPU's caches.
        speakers = [None if n is None else builder.speakers(n, e.authors_line)
                    for e, n in zip(entries, names)]
        bases = builder.title_ids([e.title for e in entries])
        fields = []
        last = len(entries) - 1
        for i, e in enumerate(entries):
            talk = self._talk(builder, e, speakers[i], bases[i], is_last=i == last)
            if talk is not None:
                fields.append(talk)
        talks = builder.talks(fields)
        if self.total is not None and self.total[1] != len(self.entries):
            line, announced = self.total
            self.diag.warning(
                "count-mismatch",
                f"the listing announces {announced} entries but this text holds "
                f"{len(self.entries)}; the rest were not pasted"
                if announced > len(self.entries)
                else f"the listing announces {announced} entries but this text holds "
                f"{len(self.entries)}",
                line,
            )
        return untimed_schedule(self.options, NAME, conference, year, talks, self.diag)

    def _talk(
        self, builder: PaperBuilder, e: _Entry, speakers: list[Speaker] | None, base: str,
        is_last: bool,
    ) -> dict[str, Any] | None:
        """The fields of the entry's talk, or None when the entry is left out."""
        paras = e.paragraphs
        if len(paras) == 1 and len(paras[0]) == 1:
            abstract = paras[0][0]  # the usual one-line abstract, without joining
        else:
            abstract = "\n\n".join(" ".join(p) for p in paras)
        if is_last and e.authors is None and not abstract:
            # Nothing after the title: the paste may have cut the title itself.
            self.diag.error(
                "truncated-entry",
                f"{e.label} is cut off after its title line and is left out: {excerpt(e.title)}",
                e.line,
            )
            return None
        truncated = False
        if is_last and not (abstract and ends_cleanly(abstract)):
            truncated = True
            what = "its abstract stops mid-sentence" if abstract else "it has no abstract"
            self.diag.warning(
                "truncated-entry",
                f"{e.label} looks cut off ({what}); kept as far as it goes", e.line,
            )
        elif not abstract:
            self.diag.warning("no-abstract", f"{e.label} has no abstract", e.line)
        if speakers is None:
            self.diag.warning("no-authors", f"{e.label} has no Authors: line", e.line)
            speakers = []
        elif not speakers:
            self.diag.warning("no-authors", f"{e.label} lists no readable author", e.line)
        return builder.talk_fields(e.title, speakers, abstract, e.line, notes=e.notes,
                                   truncated=truncated, base=base)

    def _check_numbers(self) -> None:
        previous: _Entry | None = None
        for e in self.entries:
            if previous is not None and e.number != previous.number + 1:
                if e.number > previous.number + 1:
                    gap = (
                        f"entry #{previous.number + 1} is" if e.number == previous.number + 2
                        else f"entries #{previous.number + 1} to #{e.number - 1} are"
                    )
                    self.diag.warning(
                        "missing-entries", f"{gap} missing before entry #{e.number}", e.line
                    )
                else:
                    self.diag.info(
                        "numbering", f"entry #{e.number} follows #{previous.number}", e.line
                    )
            previous = e


def parse(text: str, options: ParseOptions) -> Schedule:
    with gc_paused():
        reader = _Reader(text, options)
        reader.read()
        return reader.build()
