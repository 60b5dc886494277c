"""Author pages: one person's papers, each a title, a publication date, authors and
an abstract, with the site's buttons and figure captions in between.

The shape (see schedules/carole-jean-wu-papers.txt)::

    Picture for Carole-Jean Wu
    Carole-Jean Wu
    Alert button
    MAD Max Beyond Single-Node: Enabling Large ...
    Oct 18, 2023
    Samuel Hsia, Alicia Golden, ..., Carole-Jean Wu
    Figure 1 for MAD Max Beyond Single-Node ...
    Training and deploying large machine learning (ML) models is ...
    * 12 pages, 12 figures, IEEE International Symposium ...
    Viaarxiv icon

The date is when the paper was published, never a session time: it goes in
`Talk.published` and the talk stays unscheduled.  Buttons, pictures and figure
captions are dropped (counted in one diagnostic each); `* ...` comment lines are kept
as notes on their entry.  The entry's anchor is its date line: the title is the line
before it, the authors the line after it.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from datetime import date

from ..diagnostics import DiagnosticSink
from ..model import Schedule, Talk
from .names import looks_like_name, looks_like_name_list
from .base import ParseOptions, split_lines
from .datetimes import MONTHS
from .papers import PaperBuilder, ends_cleanly, excerpt, gc_paused, untimed_schedule

NAME = "author-page"
TITLE = "author page"

_DATE_MDY = re.compile(r"(?P<mon>[A-Za-z]{3,9})\.?\s+(?P<d>\d{1,2}),?\s+(?P<y>(?:19|20)\d\d)")
_DATE_DMY = re.compile(r"(?P<d>\d{1,2})\s+(?P<mon>[A-Za-z]{3,9})\.?,?\s+(?P<y>(?:19|20)\d\d)")
_DATE_ISO = re.compile(r"(?P<y>(?:19|20)\d\d)-(?P<m>\d\d)-(?P<d>\d\d)")
# Site furniture, by what it is.  "end" noise closes an entry (the arXiv link).
_NOISE = (
    ("end", re.compile(r"via\s?[\w.]+ icon", re.IGNORECASE)),
    ("button", re.compile(r"(?:alert|share|save|bookmark) button|code icon|add to library",
                          re.IGNORECASE)),
    ("picture", re.compile(r"picture for (?P<who>\S.{0,80})", re.IGNORECASE)),
    ("figure", re.compile(r"figure \d{1,3} for \S.*", re.IGNORECASE)),
)
# Any of them: one test a line that is no furniture (nearly every line) fails at once,
# where trying the four in turn cost a third of the sniff of a 10,000-line program.
# (A line fully matches the alternatives exactly when it fully matches one of them.)
_ANY_NOISE = re.compile("|".join(f"(?:{p.pattern})" for _, p in _NOISE), re.IGNORECASE)
_COMMENT = re.compile(r"\*\s*(?P<text>\S.*)")
_MAX_TITLE_LINES = 3


def parse_date(line: str) -> tuple[bool, date | None]:
    """(is a date line, the date if it is a real one): `Oct 18, 2023`, `18 Oct 2023`,
    `2023-10-18`.  `Feb 30, 2023` is a date line with no real date."""
    if len(line) > 24 or not line[-1:].isdigit():
        return False, None
    m = _DATE_ISO.fullmatch(line)
    if m:
        month, day = int(m["m"]), int(m["d"])
    else:
        m = _DATE_MDY.fullmatch(line) or _DATE_DMY.fullmatch(line)
        if m is None or m["mon"][:3].lower() not in MONTHS:
            return False, None
        month, day = MONTHS.index(m["mon"][:3].lower()) + 1, int(m["d"])
    try:
        return True, date(int(m["y"]), month, day)
    except ValueError:
        return True, None


@dataclass(slots=True)  # one per line of the page: a large paste makes millions
class _Item:
    line: int
    kind: str  # "text", "date", "comment" or "end"
    text: str
    paragraph: int
    published: date | None = None


@dataclass
class _Page:
    items: list[_Item] = field(default_factory=list)
    noise: Counter[str] = field(default_factory=Counter)
    first_noise: dict[str, int] = field(default_factory=dict)
    pictured: str | None = None  # the name in "Picture for ..."


def _noise_kind(line: str) -> tuple[str, re.Match[str]] | None:
    if len(line) > 400 or _ANY_NOISE.fullmatch(line) is None:
        return None
    return _which_noise(line)


def _which_noise(line: str) -> tuple[str, re.Match[str]] | None:
    """The furniture `line` is, its four patterns tried in turn (the plain twin of
    `_noise_kind`'s test, which only spares the lines that are none)."""
    for kind, pattern in _NOISE:
        m = pattern.fullmatch(line)
        if m is not None:
            return kind, m
    return None


def _read_items(text: str) -> _Page:
    page = _Page()
    paragraph = 0
    for no, raw in enumerate(split_lines(text), 1):
        line = raw.strip()
        if not line:
            paragraph += 1
            continue
        noise = _noise_kind(line)
        if noise is not None:
            kind, m = noise
            paragraph += 1
            if kind == "end":
                page.items.append(_Item(no, "end", line, paragraph))
            if kind == "picture" and page.pictured is None:
                page.pictured = m["who"].strip()
            page.noise[kind] += 1
            page.first_noise.setdefault(kind, no)
            continue
        is_date, published = parse_date(line)
        if is_date:
            page.items.append(_Item(no, "date", line, paragraph, published))
        elif (c := _COMMENT.fullmatch(line)) is not None:
            page.items.append(_Item(no, "comment", c["text"].strip(), paragraph))
        else:
            page.items.append(_Item(no, "text", line, paragraph))
    return page


def _anchors(items: list[_Item]) -> list[tuple[int, int]]:
    """(index of the first title line, index of the date) for every entry."""
    out = []
    for j, item in enumerate(items):
        if item.kind != "date" or j == 0 or items[j - 1].kind != "text":
            continue
        start = j - 1
        # A title wrapped over lines stays in one paragraph, right above its date.
        while (
            start > 0 and j - start < _MAX_TITLE_LINES and items[start - 1].kind == "text"
            and items[start - 1].paragraph == items[j - 1].paragraph
            and (not out or start - 1 > out[-1][1] + 1)
        ):
            start -= 1
        out.append((start, j))
    return out


def sniff(text: str) -> float:
    """Entries shaped title / date / authors, plus the site's buttons and captions."""
    page = _read_items(text[:200_000])
    items = page.items
    entries = sum(
        1
        for t, d in _anchors(items)
        if d + 1 < len(items) and items[d + 1].kind == "text"
        and looks_like_name_list(items[d + 1].text, min_names=1)
    )
    noise = sum(page.noise.values())
    if entries == 0:
        return 0.15 if noise >= 3 else 0.0
    return min(1.0, 0.55 + 0.1 * min(entries, 3) + (0.1 if noise else 0.0))


class _Reader:
    def __init__(self, text: str, options: ParseOptions) -> None:
        self.options = options
        self.diag = DiagnosticSink(options.source)
        self.page = _read_items(text)
        self.uses_end_marks = self.page.noise["end"] > 0

    def owner(self, preamble: list[_Item]) -> str | None:
        stated = None
        for item in preamble:
            if stated is None and item.kind == "text" and looks_like_name(item.text):
                stated = item.text
                continue
            self._left_out(item, "before the first paper")
        return stated or self.page.pictured

    def _left_out(self, item: _Item, where: str) -> None:
        if item.kind == "end":
            return
        self.diag.warning(
            "before-first-entry" if where == "before the first paper" else "stray-text",
            f"text {where} is not part of any paper: {excerpt(item.text)}", item.line,
        )

    def build(self) -> Schedule:
        items = self.page.items
        anchors = _anchors(items)
        anchored = {d for _, d in anchors}  # a set: a page has thousands of dates
        for j, item in enumerate(items):
            if item.kind == "date" and j not in anchored:
                self.diag.warning(
                    "date-without-title", f"date {item.text!r} has no title above it", item.line
                )
        owner = self.owner(items[: anchors[0][0]] if anchors else items)
        drafts = []
        for k, (t, d) in enumerate(anchors):
            end = anchors[k + 1][0] if k + 1 < len(anchors) else len(items)
            drafts.append((t, d, items[d + 1:end], k == len(anchors) - 1))
        opts = self.options
        conference = opts.conference or (f"{owner} (author page)" if owner else "Author page")
        builder = PaperBuilder(conference, opts.year, self.diag)
        talks = [self._talk(builder, items, t, d, body, last) for t, d, body, last in drafts]
        if owner is None:
            owner = self._infer_owner(talks)
            if owner is not None and not opts.conference:
                conference = f"{owner} (author page)"
                talks = self._rebuild(conference, drafts, items)
        self._report_noise()
        return untimed_schedule(opts, NAME, conference, opts.year, talks, self.diag, owner)

    def _rebuild(self, conference: str, drafts, items: list[_Item]) -> list[Talk]:
        """Ids hash the conference, known only once the owner is: build the talks again
        with a scratch sink so their diagnostics are not reported twice."""
        real, self.diag = self.diag, DiagnosticSink(self.options.source)
        builder = PaperBuilder(conference, self.options.year, self.diag)
        talks = [self._talk(builder, items, t, d, body, last) for t, d, body, last in drafts]
        self.diag = real
        return talks

    def _talk(self, builder: PaperBuilder, items: list[_Item], t: int, d: int,
              body: list[_Item], last: bool) -> Talk:
        title = " ".join(i.text for i in items[t:d])
        date_item = items[d]
        if date_item.published is None:
            self.diag.warning(
                "bad-date", f"{date_item.text!r} is not a real date; the paper keeps no date",
                date_item.line,
            )
        speakers = []
        rest = body
        if body and body[0].kind == "text" and looks_like_name_list(body[0].text, min_names=1):
            speakers = builder.authors(body[0].text, body[0].line)
            rest = body[1:]
        else:
            self.diag.warning(
                "no-authors", f"paper {excerpt(title)} has no author line after its date",
                date_item.line,
            )
        paragraphs: dict[int, list[str]] = {}
        notes: list[str] = []
        ended = False
        for item in rest:
            if item.kind == "end":
                ended = True
            elif ended:
                self._after_end(item, last)
            elif item.kind == "comment":
                notes.append(item.text)
            else:
                paragraphs.setdefault(item.paragraph, []).append(item.text)
        abstract = "\n\n".join(" ".join(p) for p in paragraphs.values())
        truncated = False
        if last and not ended and not (abstract and ends_cleanly(abstract)):
            truncated = True
            what = "its abstract stops mid-sentence" if abstract else "it has no abstract"
            self.diag.warning(
                "truncated-entry",
                f"the last paper, {excerpt(title)}, looks cut off ({what}); kept as far as it "
                "goes",
                items[t].line,
            )
        elif not abstract:
            self.diag.warning("no-abstract", f"paper {excerpt(title)} has no abstract",
                              items[t].line)
        return builder.talk(title, speakers, abstract, items[t].line, notes=notes,
                            published=date_item.published, truncated=truncated)

    def _after_end(self, item: _Item, last: bool) -> None:
        if last and self.uses_end_marks:
            self.diag.error(
                "truncated-entry",
                f"the text ends inside a paper that has no date line (the paste looks cut "
                f"off); left out: {excerpt(item.text)}",
                item.line,
            )
        else:
            self.diag.error(
                "stray-text",
                f"text between papers belongs to none of them and is left out: "
                f"{excerpt(item.text)}",
                item.line,
            )

    def _infer_owner(self, talks: list[Talk]) -> str | None:
        """Without a stated owner, the one person on every paper (two papers at least)."""
        if len(talks) < 2:
            return None
        counts = Counter(s.key for t in talks for s in t.speakers)
        everywhere = [k for k, n in counts.items() if n == len(talks)]
        if len(everywhere) != 1:
            return None
        name = next(s.name for t in talks for s in t.speakers if s.key == everywhere[0])
        self.diag.info(
            "owner-inferred",
            f"the page does not name its owner; {name!r}, an author of every paper, is assumed",
        )
        return name

    def _report_noise(self) -> None:
        what = {
            "end": "link icon", "button": "button", "picture": "picture caption",
            "figure": "figure caption",
        }
        for kind, n in sorted(self.page.noise.items()):
            self.diag.info(
                "noise",
                f"dropped {n} {what[kind]} line{'s' if n != 1 else ''} (site furniture)",
                self.page.first_noise[kind],
            )


def parse(text: str, options: ParseOptions) -> Schedule:
    with gc_paused():
        return _Reader(text, options).build()
