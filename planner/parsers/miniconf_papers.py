"""Mini-Conf's `papers.csv`: the accepted papers of a virtual conference, with no times.

The shape (Mini-Conf's sitedata/README.md)::

    UID,title,authors,abstract,keywords,sessions
    B1xSperKvH,Donuts Holes are the Best,Homer Simpson|Bart Simpson,"Donuts …",donuts|food,S1|S3

Authors, keywords and sessions are separated by `|`.  Every paper is an unscheduled
talk (a reading list): its id comes from its UID, its keywords and the sessions it is
presented in are kept as notes, and a `pdf_url` or `url` column becomes its link.
Columns are found by name, in any order and case; only `title` is required.
"""

from __future__ import annotations

import csv
import io
from collections import Counter

from ..diagnostics import DiagnosticSink
from ..ids import digest
from ..model import Schedule
from .names import split_author_line
from .base import ParseOptions
from .papers import PaperBuilder, excerpt, gc_paused, untimed_schedule
from .events import empty_schedule, unreadable

NAME = "miniconf-papers"
TITLE = "Mini-Conf papers.csv"
DEFAULT_CONFERENCE = "Mini-Conf"

_COLUMNS = {
    "uid": "uid", "id": "uid", "paper_id": "uid",
    "title": "title", "authors": "authors", "author": "authors",
    "abstract": "abstract", "keywords": "keywords", "sessions": "sessions",
    "session": "sessions", "pdf_url": "url", "paper_url": "url", "url": "url", "link": "url",
}


def _header(line: str) -> list[str]:
    return [c.strip().strip('"').strip().lower() for c in line.split(",")]


def sniff(text: str) -> float:
    first = text.lstrip("\ufeff")[:2048].split("\n", 1)[0]
    columns = set(_header(first))
    if "title" not in columns or not columns & {"authors", "author"}:
        return 0.0
    return 0.95 if columns & {"uid", "abstract", "sessions", "keywords"} else 0.6


def _split(value: str) -> list[str]:
    if "|" in value:
        return [v.strip() for v in value.split("|") if v.strip()]
    return split_author_line(value) if value.strip() else []


def parse(text: str, options: ParseOptions) -> Schedule:
    with gc_paused():
        return _parse(text, options)


def _parse(text: str, options: ParseOptions) -> Schedule:
    diag = DiagnosticSink(options.source)
    conference = options.conference or DEFAULT_CONFERENCE
    if not options.conference:
        diag.info("no-conference", f"a papers.csv names no conference; its papers are filed "
                  f"under {DEFAULT_CONFERENCE!r} (name it in a .toml beside the file)", 1)
    reader = csv.reader(io.StringIO(text.lstrip("\ufeff")))
    rows: list[tuple[int, list[str]]] = []
    header: list[str] | None = None
    try:
        header = next(reader, None)
        last = reader.line_num
        for row in reader:
            rows.append((last + 1, row))
            last = reader.line_num
    except csv.Error as exc:
        diag.error("csv", f"the CSV cannot be read past here ({exc}); the rest is left out",
                   reader.line_num)
    if not header:
        unreadable(diag, "the CSV has no header line", 1)
        return empty_schedule(options, NAME, conference, diag)
    where = {}
    for i, name in enumerate(header):
        key = _COLUMNS.get(name.strip().lower())
        if key and key not in where:
            where[key] = i
    if "title" not in where:
        unreadable(diag, "the CSV has no title column", 1)
        return empty_schedule(options, NAME, conference, diag)

    def cell(row: list[str], key: str) -> str:
        i = where.get(key)
        return row[i].strip() if i is not None and i < len(row) else ""

    uids = Counter(u for _, row in rows if (u := cell(row, "uid")))
    for uid, n in uids.items():
        if n > 1:
            diag.warning("shared-id", f"{n} papers share the UID {uid!r}, so it tells none of "
                         "them apart; their ids come from their titles instead")
    builder = PaperBuilder(conference, options.year, diag)
    fields = []
    for line, row in rows:
        if not any(c.strip() for c in row):
            continue
        if len(row) != len(header):
            diag.warning("columns", f"{len(row)} columns where the header has {len(header)}: "
                         f"{excerpt(','.join(row))}", line)
        title = " ".join(cell(row, "title").split())
        uid = cell(row, "uid")
        abstract = " ".join(cell(row, "abstract").split())
        if not title and not abstract:
            diag.warning("empty-entry", "a row with neither title nor abstract; left out", line)
            continue
        notes = []
        keywords = _split(cell(row, "keywords"))
        if keywords:
            notes.append("Keywords: " + ", ".join(keywords))
        sessions = _split(cell(row, "sessions"))
        if sessions:
            notes.append("Sessions: " + ", ".join(sessions))
        # Footnote marks of equal contribution ("Tianyi Zhang*") are no part of a name.
        names = [n.rstrip("*†‡§¶ ") for n in _split(cell(row, "authors"))]
        speakers = builder.speakers([n for n in names if n], line)
        base = digest("uid", builder.conf_key, uid) if uid and uids[uid] == 1 else None
        entry = builder.talk_fields(title or None, speakers, abstract, line, notes=notes,
                                    base=base)
        url = cell(row, "url")
        if url.startswith(("http://", "https://")):
            entry["url"] = url
        fields.append(entry)
    return untimed_schedule(options, NAME, conference, options.year, builder.talks(fields), diag)
