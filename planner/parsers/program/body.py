"""The lines under a header (or a run of lines with no header at all) as items.

A run of lines holds the entry's own part (its title when the header had none, its
speakers, chairs, room, description) and then zero or more sub-items, each a title
with its people, labels and abstract.  A sub-item starts at a title that its people
follow (or precede, where the page writes people first), at a one-line item with its
people in it (`Speaker: **Title**`), or at a line set apart the way the other items of
the run are (a heading, a bold line, a list item).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from ...model import Link
from .doc import Line, Span
from .items import _PLACEHOLDER, ItemParts, clean_title, name_ending, split_item, strip_numbering
from .kinds import label_kind, split_label
from .lines import is_debris, is_nav, is_people_line, is_prose, label_line, people_of, words
from .people import (
    People,
    Person,
    clean_name,
    name_like,
    names_only,
    read_people,
    with_affiliation_line,
)
from .when import DEADLINE, find_days

# Labels whose line holds people, an abstract, a link or a room.
_PEOPLE_LABELS = {"speaker", "speakers", "presenter", "presenters", "author", "authors", "by",
                  "moderator", "moderators", "panelist", "panelists", "panellist", "panellists",
                  "organizer", "organizers", "organiser", "organisers", "organized by",
                  "organised by", "host", "hosts", "instructor", "instructors"}
_CHAIR_LABELS = {"chair", "chairs", "session chair", "session chairs", "chair/co-chair"}
_TEXT_LABELS = {"abstract", "summary", "description", "bio", "biography", "about the speaker"}
_LINK_LABELS = {"slides", "video", "recording", "pdf", "arxiv link", "pdf link", "link", "links",
                "materials", "presentation", "zoom link", "poster", "presentation not available",
                "not available", "show abstract", "hide abstract", "more", "details", "read more",
                "top", "back to top", "abstract | bio", "abstract|bio"}
_SKIP_LABELS = {"comments", "comment", "subjects", "subject", "keywords", "tags", "note", "notes",
                "track", "type", "format", "supported by", "sponsored by", "sponsor", "when",
                "time", "date", "topic", "theme"}
_KIND_ONLY = {"talk", "paper", "tutorial", "workshop", "master's thesis", "masters thesis",
              "thesis", "poster"}


# The names a table's header row gives its columns.
_COLUMN_NAMES = frozenset({"date", "day", "time", "topic", "title", "talk", "speaker", "speakers",
                           "presenter", "presenters", "author", "authors", "affiliation",
                           "institution", "room", "location", "venue", "session", "event",
                           "abstract", "slides", "host"})


def _column_names(text: str) -> bool:
    """`Date Topic Speaker`: a table's header row pasted as one line of words, no item
    (its rows follow as lines of their own)."""
    toks = text.split()
    return 2 <= len(toks) <= 6 and all(t.strip("|:").lower() in _COLUMN_NAMES for t in toks)


_LINK_SENTENCE = re.compile(
    r"^(?:read|download|view|get|see|watch)\b.{0,30}\b(?:pdf|html|paper|slides|video|recording|"
    r"preprint|abstract)s?\b[\w |/,()]{0,30}$", re.IGNORECASE)
# A line of materials only: `Paper (PDF),`, `SysML Slides (PDF, PPTX),` (a publication
# page's links under its entry, on lines of their own)
_MATERIAL = r"(?:pdf|pptx?|slides?|video|code|poster|html|bib(?:tex)?|arxiv|doi|demo|link|web)"
_MATERIALS = re.compile(
    r"^(?:[\w .&/+-]{0,40}?\(\s*" + _MATERIAL + r"(?:\s*,\s*" + _MATERIAL + r")*\s*\)\s*[,;.]?\s*)+$",
    re.IGNORECASE)
_URL = re.compile(r"^https?://\S+$")
_LINKS_HEADINGS = frozenset({"related links", "links", "external links", "resources", "references",
                             "further reading", "materials", "attachments"})
_BIO_LABELS = {"bio", "biography", "about the speaker"}
# A line that names a hall or a room and nothing else: two words or more before the
# room word, or a word no one is named (`Dining Hall`, `Main Auditorium`).
_PLACE_ENDS = ("Hall", "Room", "Auditorium", "Theatre", "Theater", "Lounge", "Ballroom", "Foyer", "Lobby")
_PLACE_LINE = re.compile(
    r"^(?:(?:[A-Z][\w'’-]*\s+){2,4}|(?:Dining|Main|Lecture|Conference|Meeting|Seminar|Great|Town|Concert|"
    r"Exhibition|Assembly|Banquet|Sports|Music|Parish|Council|Common|Reading|Ball|Board|Court|Guild)\s+)"
    r"(?:" + "|".join(_PLACE_ENDS) + r")$")
_ROOM_CLASS = re.compile(r"\b(?:loc|location|room|venue|place|where)\b")
_TEXT_CLASS = re.compile(r"\b(?:abstract|description|summary|bio|biography|details)\b")
_LINK_VALUE = re.compile(r"\[[^\]]{1,30}\]")
_ROLE_HEADING = re.compile(
    r"^(?:(?:the\s+)?(?:program|programme|organi[sz]ing|steering|technical|local|advisory)\s+"
    r"committee|committees?|organi[sz]ers?|organi[sz]ation|chairs?|general chairs?|"
    r"program chairs?|sponsors?|sponsorship|contact|contacts|people|team|about|speakers|"
    r"invited speakers|keynote speakers|panell?ists|previous editions|past editions|"
    r"important dates|dates|location|venue|registration|call for \w+|cfp|news|"
    r"accommodation|travel|visa|code of conduct)(?:\s*\(.*\))?$",
    re.IGNORECASE,
)
# `Speaker 3: Dr. Ana Ruiz`, `Presenter #2: Bo Stone`: a numbered role, then one person.
_NUMBERED_PERSON = re.compile(r"^(speaker|presenter)\s*#?\d{1,2}\s*:\s*(\S.*)$", re.IGNORECASE)
# A full date leading a line: `Apr 7, 2023 `, `March 10, 2023 `.
_LEAD_DATE = re.compile(r"^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+"
                        r"\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\s+(?=\w)", re.IGNORECASE)
_ASSOCIATE = re.compile(r"^A/\s*(?=Prof)")
_DATED_NOTE = re.compile(
    r"^\W*(?:\d{1,4}[./-]\d{1,2}[./-]\d{1,4}|(?:\w+day,?\s+)?(?:\d{1,2}(?:st|nd|rd|th)?\s+)?"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(?:\s+\d{1,2}(?:st|nd|rd|th)?)?"
    r"(?:,?\s+\d{4})?)\W*\s*[:–—-]\s+\S", re.IGNORECASE)


# A scheme and an identifier with a dot or slash in it, perhaps with its link labels in
# brackets: `arXiv:2505.00988  [pdf, other]`, `doi:10.1145/3477132.3483540`.
_IDENTIFIER = re.compile(r"^[A-Za-z]{2,8}\s*:\s*\d[\w-]*[./][\w./-]+(?:\s*\[[^\]]{0,40}\]?)?$")
_SUBJECT_CODE = re.compile(r"[a-z]{2,8}(?:-[a-z]{2,4})?(?:\.[A-Za-z]{2,4}(?:-[a-z]{2,4})?)?")


def _subject_codes(text: str) -> bool:
    toks = text.split()
    return 1 <= len(toks) <= 8 and any("." in t for t in toks) and all(
        _SUBJECT_CODE.fullmatch(t) for t in toks)


@dataclass
class Rec:
    line: Line
    kind: str  # title, people, prose, label, link, skip
    label: str | None = None
    value: str = ""
    parts: ItemParts | None = None
    strong: str = ""  # heading, bold, bullet, link: how the layout sets it apart
    paired: bool = False  # the first line of a title-over-people pair (`_stacked_pairs`)


@dataclass
class Item:
    """One item read from a run of lines."""

    lines: list[Line] = field(default_factory=list)
    parts: ItemParts = field(default_factory=ItemParts)
    abstract: list[str] = field(default_factory=list)
    bio: list[str] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    kind_label: str | None = None

    @property
    def first(self) -> int:
        return self.lines[0].no if self.lines else 0


def role_heading(text: str) -> bool:
    """`Program Committee`, `Organizers:`: the heading of a list of people in a role (or
    of a page's other parts: `Important Dates`, `Venue`), under which no item stands."""
    return len(text) < 90 and _ROLE_HEADING.match(text.strip(" :*")) is not None


def _deadline_line(text: str) -> bool:
    """`Camera-ready paper submissions: June 24, 2026 UTC-12`: a date of the call for
    papers, not an entry of the program."""
    head, colon, value = text.partition(":")
    return bool(colon) and len(head) <= 60 and DEADLINE.search(head) is not None \
        and bool(find_days(value))


def _strong(line: Line) -> str:
    if line.heading:
        return f"h{line.heading}"
    text = line.text
    for s in line.spans:
        covered = s.end - s.start
        if covered >= len(text) * 0.6 and s.start <= 3:
            if s.bold:
                return "bold"
            if s.href is not None:
                return "link"
            if s.italic:
                return "italic"
    if line.bullet:
        return "bullet"
    return ""


def _leading_style(ln: Line):
    """A bold, linked or italic stretch opening the line and ending before more text that
    does not continue a list of names (`**Title**. Authors`, not `[Name](url), Name`)."""
    text = ln.text
    for s in ln.spans:
        if s.start > 2 or not (s.bold or s.italic or s.href is not None):
            continue
        if s.end - s.start >= 0.95 * len(text) or s.end - s.start < 3:
            continue
        rest = text[s.end:].lstrip()
        if re.match(r"^(?:[,;·&]|and\b|und\b)", rest) or text[s.start:s.end].rstrip().endswith(","):
            continue  # (`**Amos Bairoch, **Swiss Institute …`: a name, its affiliation after)
        return s
    return None


def _plain_label_over_link(ln: Line, text: str) -> bool:
    """`additional material: [Fundamentals notebooks](./nb)`: words in small letters that
    are no field the reader knows, over nothing but a link, are a link of the entry, not
    a talk named by the link's words (a field's label is read before this is asked)."""
    k = text.find(":")
    head, value = text[:k].strip(" -*_"), text[k + 1:].strip()
    if k < 0 or not value or not head.replace(" ", "").isalpha() or not head.islower():
        return False
    at = ln.text.find(value)
    colon = ln.text.find(":")  # (`[asyncio: We Did It Wrong](…)`: one linked title)
    return at >= 0 and any(s.href and colon < s.start <= at and s.end >= at + len(value)
                           for s in ln.spans)


def classify(lines: list[Line], *, labels: frozenset[str], rooms: frozenset[str]) -> list[Rec]:
    out: list[Rec] = []
    links_below = False  # under an entry's `#### Related Links` heading
    for ln in lines:
        text = ln.text.strip()
        if not text or is_debris(text) or is_nav(text) or _column_names(text):
            out.append(Rec(ln, "skip"))
            continue
        if ln.heading:
            # `#### Related Links` under an entry: the lines under it are its links (`[Chat
            # room](…)`, `[Submit Feedback](…)`), not talks, and the heading names no one
            links_below = text.lower().rstrip(":") in _LINKS_HEADINGS
            if links_below:
                out.append(Rec(ln, "skip"))
                continue
        elif links_below and (any(s.href for s in ln.spans) or _URL.match(text)):
            out.append(Rec(ln, "link", "links", text))
            continue
        if ln.css:
            if _TEXT_CLASS.search(ln.css):
                out.append(Rec(ln, "prose"))  # inside `<div class="abstract">`
                continue
            if _ROOM_CLASS.search(ln.css) and len(text) < 120:
                out.append(Rec(ln, "label", "room", text))  # `<p class="location">`
                continue
        lab = label_line(text)
        if lab is None and text[:1] in "*_":
            # `*Speaker: Name, Place *`: a field set in emphasis the page did not close
            # cleanly (the reader keeps the marks of such a line)
            lab = label_line(text.strip("*_ "))
        if lab is None and text[:1] in "SsPp":
            m = _NUMBERED_PERSON.match(text)
            # (`A/Prof.`, `A/ Prof.`: an associate professor's title, before `Prof.`)
            who = _ASSOCIATE.sub("", m.group(2)) if m is not None else ""
            if who and is_people_line(who):
                # `Speaker 3: Dr. Ana Ruiz` under a session: one of its speakers, no title
                lab = (m.group(1).lower(), who)
        if lab is None and ln.spans and ":" in text and _plain_label_over_link(ln, text):
            out.append(Rec(ln, "link", "links", text))
            continue
        if lab is not None:
            name, value = lab
            value = _LINK_VALUE.sub("", value).strip()
            if name == "title" and _PLACEHOLDER.match(value):
                # `Keynote Lecture 2` over `Title: TBD` and its speaker: no title yet, and
                # no talk of its own; the entry keeps its name
                out.append(Rec(ln, "skip"))
                continue
            if name in _LINK_LABELS or (name in ("paper", "talk") and (not value or _URL.match(value))):
                kind = "link" if name not in _KIND_ONLY or value else "kindlabel"
                out.append(Rec(ln, kind, name, value))
                continue
            if name in _KIND_ONLY and (not value or value.lower().strip("[]") in ("abstract", "bio")
                                       or len(value) < 40 and "[" not in value and not is_people_line(value)):
                out.append(Rec(ln, "kindlabel", name, value))
                continue
            out.append(Rec(ln, "label", name, value))
            continue
        if _LINK_SENTENCE.match(text) or (ln.spans and _MATERIALS.match(text)):
            # `Read the paper in PDF | HTML`, `SysML Slides ([PDF](…), [PPTX](…)),`
            out.append(Rec(ln, "link", "links", text))
            continue
        if _IDENTIFIER.match(text):
            out.append(Rec(ln, "link", "identifier", text))  # `arXiv:2505.00988 [pdf, other]`
            continue
        if _subject_codes(text):
            out.append(Rec(ln, "skip"))  # `cs.CC cs.DM math.CO`: a repository's subject codes
            continue
        strong = _strong(ln)
        if _DATED_NOTE.match(text) or _deadline_line(text):
            # `15.09.2023: Submission Deadline`, `Notification of acceptance: June 10, 2026`
            out.append(Rec(ln, "note"))
            continue
        lead = _leading_style(ln)
        if lead is None and len(text) < 1200 and any(
                (sp.bold or sp.italic or sp.href is not None) and sp.start > 2 and " " in text[sp.start:sp.end]
                for sp in ln.spans):
            # `Authors. **Title.** *Venue*, place, date.`: people, then a set-apart title
            parts = split_item(text, ln.spans, labels=labels, rooms=rooms)
            if parts.title and parts.people and parts.people_score >= 0.9:
                out.append(Rec(ln, "title", strong=strong, parts=parts))
                continue
        partly_styled = lead is not None
        if ", by " in text and len(text) < 1500 and is_prose(text):
            # `Title (paper, slides), by A (Univ, UK), B (…) and C (…)`: long by its
            # people, no abstract
            parts = split_item(text, ln.spans, labels=labels, rooms=rooms)
            if parts.title and parts.people and parts.by_label and parts.people_score >= 0.9:
                out.append(Rec(ln, "title", strong=strong, parts=parts))
                continue
        if lead is None and 40 < len(text) < 500 and text.rstrip().endswith(".") and ". " in text:
            # `Title. Ana Ruiz, Bo Chen and Li Wei.`: a paper, long by its authors (no
            # abstract), its title maybe capitalised as names are
            parts = split_item(text, ln.spans, labels=labels, rooms=rooms)
            if parts.title and parts.sep == "stop" and len(parts.people) >= 2 \
                    and parts.people_score >= 0.99 and words(parts.title) >= 4 \
                    and not is_prose(parts.title):
                out.append(Rec(ln, "title", strong=strong, parts=parts))
                continue
        if lead is None and not any(sp.bold or sp.italic for sp in ln.spans):
            # `A. Ruiz, Bo Chen. Title of the Paper. Venue 2015, City, May 2015.`: a
            # citation pasted without its styling, the people first
            parts = _citation(text)
            if parts is not None:  # (an entry of its own, even right after an abstract)
                out.append(Rec(ln, "title", strong=strong, parts=parts, paired=True))
                continue
        if text.endswith("]") and lead is None:
            parts = _people_then_bracketed_title(text)
            if parts is not None:
                out.append(Rec(ln, "title", strong=strong, parts=parts, paired=True))
                continue
        if lead is None and "), " in text[:90] and len(text) < 500 and is_prose(text):
            # `Ana Ruiz (MIT), Who Will Stand Here: how practices are creating …`: a
            # paper written person first, long by its title, no abstract
            parts = split_item(text, ln.spans, labels=labels, rooms=rooms)
            if parts.sep == "comma-first":
                out.append(Rec(ln, "title", strong=strong, parts=parts))
                continue
        if is_prose(text) and lead is None and not (len(text) < 2500 and is_people_line(text)):
            out.append(Rec(ln, "prose", strong=strong))
            continue
        if text.endswith(_PLACE_ENDS) and _PLACE_LINE.match(text):
            # `Ju Ying Hall`, `Dining Hall` alone under an entry: its room, though it
            # reads as a name (`Stuart Hall`, one name before the word, stays a person)
            out.append(Rec(ln, "label", "room", text))
            continue
        if is_people_line(text) and strong not in ("h1", "h2", "h3", "link") \
                and not partly_styled:
            out.append(Rec(ln, "people", strong=strong))
            continue
        lab_only = label_kind(text.rstrip(":"))
        if lab_only is not None and len(text) < 40:
            out.append(Rec(ln, "kindlabel", text.rstrip(":").lower(), "", strong=strong))
            continue
        text, spans = _without_lead_date(ln)
        out.append(Rec(ln, "title", strong=strong,
                       parts=split_item(text, spans, labels=labels, rooms=rooms)))
    _names_run_on(out)
    _person_a_line(out)
    _person_dash_place(out)
    return out


# `(Talk #1): Ana Ruiz, Bo Chen. [Title]`: a kind label, the authors, then the title in
# square brackets that link nowhere (an accepted-papers list written people first).
_PEOPLE_BRACKET = re.compile(
    r"^(?:\((?P<label>[^()]{1,30}?)\s*#?\d*\)\s*:\s*)?(?P<people>[^\[\]]{3,800}?)\.?\s*"
    r"\[(?P<title>[^\[\]]{4,400})\]$")


def _people_then_bracketed_title(text: str) -> ItemParts | None:
    """The title and people of `Authors. [Title]`, or None when the part before the
    brackets is not all names."""
    m = _PEOPLE_BRACKET.match(text)
    if m is None:
        return None
    got = read_people(m.group("people"))
    if got is None or not got.people or got.score < 0.99 \
            or not all(name_like(p.name) for p in got.people):
        return None
    label = m.group("label")
    kind = label_kind(label) if label else None
    return ItemParts(title=m.group("title").strip(), label=label if kind else None, kind=kind,
                     people=list(got.people), people_score=got.score, sep="bracket")


def _without_lead_date(ln: Line) -> tuple[str, tuple[Span, ...]]:
    """The text and spans of a title line without the full date leading it: `Apr 7,
    2023 Title of the Talk` is a seminar archive's row pasted as one line, its date no
    part of the title (a title of three words or more must follow)."""
    text = ln.text.strip()
    dated = _LEAD_DATE.match(text) if text[:1].isalpha() else None
    if dated is None or words(text[dated.end():]) < 3:
        return text, ln.spans
    cut = dated.end()
    return text[cut:], tuple(sp.shifted(cut)
                             for sp in ln.spans if sp.start >= cut)


def _names_run_on(recs: list[Rec]) -> None:
    """A pasted list whose titles lost their bold runs each title on into its people
    (`Title Ana Ruiz and Bo Chen`).  Where two or more lines of a run split only so, a
    line of the same run split at its first comma, `Title Julien Mirval, Luc Bouganim
    and Iulian Sandu Popa`, has its first name at the end of the title too: it moves
    to the people; so does a name the run's other lines give as a person (an author
    page's own author: `Explicit Level Imports Matthew Pickering, Rodrigo Mesquita.`).
    (Alone, such a line reads as `Title, People` would: a title may end in two
    capitalised words, `Deep Dive`, as a name does.)"""
    spaced = sum(1 for r in recs if r.parts is not None and r.parts.sep == "space") >= 2
    known = {p.name for r in recs if r.parts is not None for p in r.parts.people}
    for r in recs:
        p = r.parts
        if r.kind != "title" or p is None or p.sep != "comma" or not p.title or not p.people:
            continue
        split = name_ending(p.title)
        if split is None or not (spaced or split[1] in known):
            continue
        p.title, p.sep = split[0], "space"
        text = r.line.text.strip()
        rest = text[len(split[0]):] if text.startswith(split[0]) else ""
        # `… Imports Matthew Pickering, Rodrigo Mesquita, Adam Gundry. TFP 2025 (PDF)`:
        # the names run to the citation's next full stop, the venue after it
        stop = _CITATION_STOP.search(rest)
        got = names_only(rest[:stop.start()] if stop else rest, 2)
        if got is not None:
            p.people = list(got.people)
            p.venue = (rest[stop.end():].strip(" .") or None) if stop else p.venue
        else:
            p.people = [Person(split[1]), *p.people]


_NAME_COMMA_PLACE = re.compile(r"^(?P<name>[^,()]{3,60}),\s+(?P<place>[^,()]{2,60}?)\.?$")


def _person_a_line(recs: list[Rec]) -> None:
    """`Nick Feamster, MIT` / `Ramesh Johari, Stanford` / `Hari Balakrishnan, MIT`: a run
    of lines each one name and, after one comma, the place it works, some place given
    twice or more.  Each line is one person with an affiliation (`Name (Place)` as the
    people reader takes it), not two names (`Stanford` reads as one) nor a title."""
    k = 0
    while k < len(recs):
        run = []
        while k < len(recs) and recs[k].kind in ("people", "title") and not recs[k].line.spans \
                and (m := _NAME_COMMA_PLACE.match(recs[k].line.text.strip())) is not None \
                and len(m.group("name").split()) <= 5 and name_like(clean_name(m.group("name"))):
            run.append((recs[k], m))
            k += 1
        places = [m.group("place").strip() for _, m in run]
        if len(run) >= 2 and len(set(places)) < len(places):
            for r, m in run:
                text = f"{m.group('name').strip()} ({m.group('place').strip()})"
                r.line, r.kind, r.parts = replace(r.line, text=text, memo=None), "people", None
        k += 1 if not run else 0


# `Denise Scholtens – NorthWestern / Chicago`: a name, a spaced dash, the place it works.
_NAME_DASH_PLACE = re.compile(r"^(?P<name>[^-–—,()]{3,60}?)\s[-–—]\s(?P<place>\S.*)$")


def _person_dash_place(recs: list[Rec]) -> None:
    """`+ Vincent Carey – Harvard`, `+ Martin Morgan - Roswell Park / NY` among `+ Thomas
    Lumley – University of Auckland`, `+ Jeff Gentry – Broad Institute`: a line of a
    name, a dash and a few capitalised words reads alone as a speaker and her talk's
    title (`Ana Ruiz – Opening Remarks`) or a title and its speaker; among two or more
    people lines of the same form (or three lines of the form, one of them a people
    line) it is one person more, with the place she works."""
    people = sum(1 for r in recs if r.kind == "people" and _NAME_DASH_PLACE.match(r.line.text.strip()))
    if not people:
        return
    placed = []
    for r in recs:
        m = _NAME_DASH_PLACE.match(r.line.text.strip()) if r.kind == "title" and not r.line.spans else None
        if m is not None and _place_like(m.group("place")) and name_like(clean_name(m.group("name"))):
            placed.append((r, m))
    if people < 2 and people + len(placed) < 3:
        return
    for r, m in placed:
        text = f"{m.group('name').strip()} ({m.group('place').strip()})"
        r.line, r.kind, r.parts = replace(r.line, text=text, memo=None), "people", None


def _place_like(text: str) -> bool:
    """A place's few words, each capitalised (`Roswell Park / NY`, `Genentech`)."""
    ws = text.split()
    return len(ws) <= 5 and all(w[0].isupper() or w in ("/", "&", "of") for w in ws)


# Where a citation's parts end: a full stop before a capital, a digit or a quote.
# (never the stop of an initial: `Lasse H. Hansen`)
_CITATION_STOP = re.compile(r"(?<=[^\s.])(?<![\s.][A-Z])(?<!^[A-Z])\.\s+(?=[\"“A-Z0-9])")
_CITATION_TITLE = re.compile(r"(.+?[^\s.][.?!])(?=\s+[\"“A-Z0-9(]|\s*$)")


def _citation(text: str) -> ItemParts | None:
    """`Suresh Kothari, Benjamin Holland. Computer-aided Collaborative Validation of Large
    Software. The 30th IEEE/ACM International Conference …, November 2015.`: the people
    (every one a name), the title (three words or more, no sentence), then the venue if
    any (`Klaus-Dieter Schewe and Flavio Ferrarotti. Behavioural Theory of …`)."""
    if not 40 < len(text) < 800 or ". " not in text:
        return None
    # (people first: the line ends as a citation does, `… November 2015.`; the people
    # may not end at an initial's stop: `Lasse H. Hansen`, `G.S. Hari Priya`)
    for m in _CITATION_STOP.finditer(text) if text.rstrip().endswith(".") else ():
        head = text[:m.start()]
        if len(head) > 300:
            return None
        got = names_only(head, 1)
        if got is None:
            continue
        rest = text[m.end():]
        t = _CITATION_TITLE.match(rest)
        if t is None:
            return None
        title = t.group(1).strip()
        title = title[:-1] if title.endswith(".") else title
        venue = rest[t.end():].strip() or None
        if len(title.split()) < 3 or is_prose(title):
            return None
        return ItemParts(title=title, people=list(got.people), people_score=got.score,
                         venue=venue, sep="stop")
    return _title_first_citation(text)


def _title_first_citation(text: str) -> ItemParts | None:
    """`Coded Elastic Computing. Yaoqing Yang, Matteo Interlandi, Pulkit Grover. Systems
    for ML Workshop. Paper (PDF)`: the title (three words or more, no sentence; two
    where three people follow), then two people or more (every one a name), then the
    venue and links."""
    stops = list(_CITATION_STOP.finditer(text))
    for k, m in enumerate(stops):
        title = text[:m.start()].strip()
        if len(title) > 300:
            return None
        if len(title.split()) < 2 or is_prose(title) or "," in title and is_people_line(title):
            continue
        end = stops[k + 1].start() if k + 1 < len(stops) else len(text.rstrip().rstrip("."))
        got = names_only(text[m.end():end], 2)
        if got is None or len(title.split()) < 3 and len(got.people) < 3:
            continue  # (a two-word title, `Pattern Synonyms.`, where three names follow)
        venue = text[end:].strip(" .") or None
        return ItemParts(title=title, people=list(got.people), people_score=got.score,
                         venue=venue, sep="stop")
    return None


def _next_meaningful(recs: list[Rec], i: int) -> int | None:
    j = i + 1
    while j < len(recs) and recs[j].kind in ("skip", "link", "kindlabel"):
        j += 1
    return j if j < len(recs) else None


def _lenient_people(rec: Rec) -> bool:
    text = rec.line.text
    if rec.kind == "people":
        return True
    if rec.kind == "label" and rec.label in _PEOPLE_LABELS:
        return True
    if rec.kind != "title" or rec.strong in ("h1", "h2", "h3", "bold", "link"):
        return False
    if _leading_style(rec.line) is not None:
        return False  # `**Title** Authors`: an item of its own
    return len(text) <= 200 and is_people_line(text, lenient=True)


def _after_text(recs: list[Rec], i: int) -> bool:
    """Whether record `i` follows an abstract (prose or an `Abstract:` label): a line
    there continues it unless it is set apart."""
    j = _previous(recs, i)
    if j < 0 or recs[i].strong:
        return False
    ln = recs[i].line
    if any((s.bold or s.href is not None) and s.end - s.start >= 0.3 * len(ln.text) for s in ln.spans):
        return False  # `Wim Bast: **Title**`: a title set apart starts an item
    prev = recs[j]
    return prev.kind == "prose" or (prev.kind == "label" and prev.label in _TEXT_LABELS)


def _starts_anew(recs: list[Rec], i: int) -> bool:
    """A `Speaker: Title` line after an abstract that starts a talk: in a paragraph of its
    own, or (a paste without blank lines) right after the abstract's last sentence and
    itself no sentence (`… in MPS now.` then `Jos Warmer: ProjectIt – A Framework …`)."""
    if _new_paragraph(recs, i):
        return True
    j = _previous(recs, i)
    text = recs[i].line.text.rstrip()
    return j >= 0 and recs[j].line.text.rstrip().endswith((".", "!", "?", ")")) \
        and not text.endswith((".", ",", ";")) and len(text) <= 160


def _new_paragraph(recs: list[Rec], i: int) -> bool:
    """Whether record `i` opens a paragraph of its own after the text above it: `Jos
    Warmer: ProjectIt – A Framework …` after a blank line under the last abstract, as a
    page pasted without its bold leaves it (only that `Speaker: Title` form: an
    abstract's own paragraph may read as a title with people, `Based on joint work
    with A, B and C`)."""
    j = _previous(recs, i)
    return j >= 0 and recs[i].line.para != recs[j].line.para


def _previous(recs: list[Rec], i: int) -> int:
    """The record before `i` that is not skipped, or -1."""
    j = i - 1
    while j >= 0 and recs[j].kind == "skip":
        j -= 1
    return j


def _short_title(r: Rec) -> bool:
    t = r.line.text
    return r.kind in ("title", "people") and len(t.split()) <= 4 and not re.search(r"[,;:()·]", t)


def group(recs: list[Rec], *, people_first: bool = False) -> tuple[list[Rec], list[list[Rec]]]:
    """(the run's own records, the records of each sub-item)."""
    if not people_first:
        _long_titles(recs)
        _titles_that_read_as_a_name(recs)
        _stacked_pairs(recs)
    starts: list[int] = []
    # A set-apart line that reads as one name, followed by people, is a short title
    # (`**Making Games**` over `Piper Thunstrom`).
    for i, r in enumerate(recs):
        if r.kind == "people" and r.strong in ("bold", "h1", "h2", "h3", "h4", "h5", "h6"):
            j = _next_meaningful(recs, i)
            got = read_people(r.line.text)
            if j is not None and recs[j].kind == "people" and got is not None and got.entries == 1:
                r.kind = "title"
    for r in recs:
        if r.kind in ("title", "people") and role_heading(r.line.text):
            r.kind = "section"  # `Program Committee`, `Organizers`: people follow, no item
    markers = [r.strong for r in recs if r.kind == "title" and r.strong]
    # items confirmed by their people fix the marker the run sets items apart with
    confirmed = []
    for i, r in enumerate(recs):
        if r.kind == "title" and r.strong:
            j = _next_meaningful(recs, i)
            if (j is not None and recs[j].kind == "people") or \
                    (r.parts is not None and r.parts.people and r.parts.people_score >= 0.99):
                confirmed.append(r.strong)
    pool = confirmed or markers
    # (a tie goes to the marker seen first: a set's order changes with the hash seed)
    dominant = max(dict.fromkeys(pool), key=pool.count) if pool else ""
    n_marked = markers.count(dominant) if dominant else 0
    talk_starts = _people_over_title_fields(recs)
    i = 0
    while i < len(recs):
        r = recs[i]
        if r.kind == "title":
            j = _next_meaningful(recs, i)
            follows_people = j is not None and _lenient_people(recs[j]) and (
                recs[j].kind != "title" or _single_name_ok(recs, i, j))
            if follows_people and len(recs[j].line.text.split()) <= 4:
                # `Program / Fun Calendar / Fun Panels`: a run of short lines is a menu
                k = _next_meaningful(recs, j)
                if _short_title(r) and _short_title(recs[j]) and k is not None \
                        and _short_title(recs[k]):
                    follows_people = False
            one_line = r.parts is not None and r.parts.people and r.parts.people_score >= 0.99 \
                and r.parts.title and (not _after_text(recs, i) or (
                    r.parts.sep == "colon-first" and not follows_people
                    and _starts_anew(recs, i)))
            marked = dominant and r.strong == dominant and n_marked >= 2
            if follows_people or one_line or marked or r.paired:
                starts.append(i)
                if follows_people and recs[j].kind == "title":
                    recs[j].kind = "people"  # the position says it
        elif r.kind == "label" and r.label == "title":
            # `Ana Ruiz (MIT)` over `Title: ...`, pair after pair: each talk starts at
            # the people above its title; so does a `Speaker:` field right above it, when
            # the talk before has its own (else it is that talk's: `TITLE` over `AUTHORS`)
            k = i - 1
            while k >= 0 and recs[k].kind == "skip":
                k -= 1
            speaker_above = k >= 0 and recs[k].kind == "label" and recs[k].label in _PEOPLE_LABELS \
                and (not starts or k > starts[-1] and any(
                    x.kind == "label" and x.label in _PEOPLE_LABELS for x in recs[starts[-1]:k]))
            starts.append(talk_starts.get(i, k if speaker_above else i))
        elif people_first and r.kind in ("people",):
            j = _next_meaningful(recs, i)
            if j is not None and recs[j].kind == "title":
                starts.append(i)
        i += 1
    starts = sorted(set(starts))
    # a people-first item must not also start at its own title
    if people_first:
        starts = [s for k, s in enumerate(starts)
                  if not (k > 0 and starts[k - 1] == s - 1 and recs[s - 1].kind == "people"
                          and recs[s].kind == "title")]
    if not starts:
        return recs, []
    own = recs[:starts[0]]
    groups = [recs[s:(starts[k + 1] if k + 1 < len(starts) else len(recs))] for k, s in enumerate(starts)]
    return own, groups


def _people_over_title_fields(recs: list[Rec]) -> dict[int, int]:
    """`Ana Ruiz (MIT)` over `Title: ...`, pair after pair (a name's affiliation may
    wrap onto a line of its own): where each talk starts, by its `Title:` record, when
    every title field has people of its own above it."""
    fields = [i for i, r in enumerate(recs) if r.kind == "label" and r.label == "title"]
    if len(fields) < 2:
        return {}
    out: dict[int, int] = {}
    prev = -1
    for i in fields:
        who = next((j for j in range(prev + 1, i) if recs[j].kind == "people" or
                    recs[j].kind == "title" and is_people_line(recs[j].line.text)), None)
        if who is None:
            return {}
        out[i] = who
        prev = i
    for j in out.values():
        recs[j].kind = "people"  # (a linked name reads as a title on its own)
    return out


def _titles_that_read_as_a_name(recs: list[Rec]) -> None:
    """`Automatic Mutual Exclusion` over `Michael Isard and Andrew Birrell, Microsoft
    Research`: a line that reads as one name, with no title above it, over a line of
    several people or of people with affiliations, is the title of those people."""
    prev: Rec | None = None
    for i, r in enumerate(recs):
        if r.kind == "skip":
            continue
        if r.kind == "people" and not (prev is not None and prev.kind == "title"):
            got = read_people(r.line.text)
            j = _next_meaningful(recs, i)
            if got is not None and got.entries == 1 and not got.people[0].affiliation \
                    and j is not None and j == _next_kept(recs, i) and recs[j].kind == "people":
                below = read_people(recs[j].line.text)
                if below is not None and (below.entries >= 2 or any(p.affiliation for p in below.people)):
                    r.kind = "title"
        prev = r


def _next_kept(recs: list[Rec], i: int) -> int | None:
    j = i + 1
    while j < len(recs) and recs[j].kind == "skip":
        j += 1
    return j if j < len(recs) else None


def _long_titles(recs: list[Rec]) -> None:
    """A line too long for a title by its words alone (`Towards a Unified Theory of …`,
    30+ words) is one all the same where its people follow it and it ends as no sentence
    does: without a full stop, and with no abstract running into it."""
    for i, r in enumerate(recs):
        if r.kind != "prose" or r.line.css:
            continue
        text = r.line.text.rstrip()
        if text.endswith((".", "!", "?", "…", ":", ";", ",")) or len(text.split()) > 60:
            continue
        j = _next_meaningful(recs, i)
        if j is None or recs[j].kind != "people":
            continue
        k = i - 1
        while k >= 0 and recs[k].kind == "skip":
            k -= 1
        if k >= 0 and recs[k].kind == "prose" and recs[k].line.para == r.line.para:
            continue
        r.kind = "title"


def _stacked_pairs(recs: list[Rec]) -> None:
    """Titles stacked over their people, pair after pair, where a title reads like a
    name on its own (`Paged Attention Revisited` / `Emil Sandberg`): the layout says
    which line is which.  Runs of title and people lines (anything else ends a run) are
    read in pairs.  Where every pair's second line is people, a first line that reads as
    one name without an affiliation is a title when the layout shows it: another first
    line set apart the same way reads as a title and no first line names an affiliation,
    or every second line names affiliations and no first line does, or it is a list
    item whose people follow inside the same item.
    """
    runs: list[list[Rec]] = [[]]
    for r in recs:
        if r.kind == "skip":
            continue
        if r.kind in ("title", "people") and not r.strong.startswith("h"):
            runs[-1].append(r)
        elif runs[-1]:
            runs.append([])
    runs = [run for run in runs if run]
    if not runs or any(len(run) % 2 for run in runs):
        return
    pairs = [(run[k], run[k + 1]) for run in runs for k in range(0, len(run), 2)]
    if len(pairs) < 2 or any(b.kind != "people" for _, b in pairs):
        return

    def affiliated(r: Rec) -> bool:
        got = read_people(r.line.text, lenient=True)
        return got is not None and any(p.affiliation for p in got.people)

    firsts = [a for a, _ in pairs]
    if any(affiliated(a) for a in firsts):
        return
    by_affiliation = all(affiliated(b) for _, b in pairs)
    styles = {a.strong for a in firsts if a.kind == "title" and not (a.parts and a.parts.people)}
    for a, b in pairs:
        if a.kind == "people":
            got = read_people(a.line.text)
            if got is not None and got.entries != 1:
                continue
            in_item = a.line.bullet and not b.line.bullet and a.line.item \
                and a.line.item == b.line.item
            if not (by_affiliation or a.strong in styles or in_item):
                continue
            a.kind = "title"
        a.paired = True


def host_under_title(own: list[Rec]) -> None:
    """The one short line right under a titled entry that has no people yet, read as a
    name where the position says person: a handle (`exide`), a mononym, an organisation
    hosting a workshop (`SSDeV`).  Frab-style pages put exactly that there."""
    first = next((r for r in own if r.kind != "skip"), None)
    if first is None or first.kind != "title" or first.strong.startswith("h"):
        return
    text = first.line.text.strip()
    if len(text) > 60 or ":" in text or len(text.split()) > 4 or _ROOM_LINE.match(text) \
            or label_kind(text) is not None:
        return
    got = read_people(text, lenient=True)
    if got is not None and got.people and got.entries <= 3 and got.score >= 0.99:
        first.kind = "people"


_ROOM_LINE = re.compile(r"^(?:track|room|hall|stage|auditorium|saal|aula|building)\b", re.IGNORECASE)


def _single_name_ok(recs: list[Rec], i: int, j: int) -> bool:
    """A title line read as a lone name only right after a title (`Making Games` /
    `Piper Thunstrom`), never when it reads as a title of its own."""
    text = recs[j].line.text
    got = read_people(text, lenient=True)
    return got is not None and got.score >= 0.99 and len(got.people) >= 1 and \
        _namey(recs[j].line.text)


def _namey(text: str) -> bool:
    from .people import name_like

    got = read_people(text)
    if got is None or not got.people:
        return False
    return all(name_like(p.name) or p.affiliation for p in got.people)


def read_item(recs: list[Rec], *, labels: frozenset[str], rooms: frozenset[str]) -> Item:
    """One sub-item from its records: title, people, labels, abstract."""
    item = Item(lines=[r.line for r in recs])
    parts = ItemParts()
    title_set = label_title = False
    title_para = -1
    last: list[Person] = []  # the people of the record just before, for an affiliation line
    for r in recs:
        if r.kind == "skip":
            continue
        above, last = last, []
        if r.kind in ("people", "title") and title_set and above \
                and _affiliation_line(parts.people, above, r):
            continue
        if r.kind == "link":
            href = next((s.href for s in r.line.spans if s.href), None) \
                or (r.value if _URL.match(r.value) else None)
            if href and r.label not in ("show abstract", "hide abstract", "more", "details"):
                item.links.append(Link(label=(r.label if r.value == href else r.line.text)[:60], url=href))
            continue
        if r.kind == "kindlabel":
            k = label_kind(r.label or "")
            if k is not None and parts.kind is None:
                parts.kind = k
                parts.label = r.label
            if r.value and r.value.strip("[]").lower() not in ("abstract", "bio"):
                item.abstract.append(r.value)
            continue
        if r.kind == "label":
            _apply_label(item, parts, r)
            if r.label == "title" and r.value:
                title_set = True
            continue
        if r.kind == "title" and not title_set:
            later_people = any(x.kind == "people" or x.kind == "label" and x.label in _PEOPLE_LABELS
                               for x in recs[recs.index(r) + 1:])
            p = split_item(*_without_lead_date(r.line), labels=labels, rooms=rooms,
                           title_only=True) if later_people else \
                (r.parts or split_item(r.line.text, r.line.spans, labels=labels, rooms=rooms))
            if p.title:
                parts.title = p.title
                parts.url = parts.url or p.url
                title_set, title_para = True, r.line.para
                # `Invited Talk by X` over the talk's title: the label was no title
                label_title = label_kind(p.title) is not None and bool(p.people)
            if p.kind and not parts.kind:
                parts.kind, parts.label = p.kind, p.label
            elif p.label and not parts.label:
                parts.label = p.label
            if p.people and not parts.people:
                parts.people, parts.people_score, parts.by_label = p.people, p.people_score, p.by_label
            parts.chairs = parts.chairs or p.chairs
            parts.room = parts.room or p.room
            parts.notes.extend(p.notes)
            parts.venue = parts.venue or p.venue
            continue
        if r.kind == "title" and label_title and not item.abstract:
            p = r.parts or split_item(r.line.text, r.line.spans, labels=labels, rooms=rooms)
            if p.title and not p.people:
                kind = label_kind(parts.title)
                parts.title, label_title = p.title, False
                parts.kind = parts.kind or kind
                parts.url = parts.url or p.url
                continue
        if r.kind in ("people", "title") and title_set:
            got = people_of(r.line.text, lenient=True)
            # (a word alone in a paragraph of its own under an entry that has its people,
            # `License` under `Title - Katharina Fey`, is no more of them)
            if got is not None and (r.kind == "people" or got.score >= 0.75) and not (
                    r.kind == "title" and parts.people and len(r.line.text.split()) == 1
                    and r.line.para != title_para):
                if parts.by_label and parts.people:
                    continue
                parts.people.extend(got.people)
                last = list(got.people)
                parts.people_score = max(parts.people_score, got.score)
                continue
            if r.kind == "title" and not item.abstract and len(r.line.text) < 160:
                parts.notes.append(r.line.text)
                continue
            item.abstract.append(r.line.text)
            continue
        if r.kind == "people" and not title_set:
            got = people_of(r.line.text, lenient=True)
            if got is not None:
                parts.people.extend(got.people)
                parts.people_score = max(parts.people_score, got.score)
            continue
        if r.kind == "prose":
            item.abstract.append(r.line.text)
    item.parts = parts
    return item


def _affiliation_line(people: list[Person], above: list[Person], r: Rec) -> bool:
    """Whether `r` is the affiliation line of the names just above it (the tail of
    `people`), which then get it; the line itself is used up."""
    got = read_people(r.line.text, lenient=True)
    merged = with_affiliation_line(above, list(got.people)) if got is not None else None
    if merged is None or people[-len(above):] != above:
        return False
    people[-len(above):] = merged
    r.kind = "people"
    return True


# Labels that name one person: what follows the first comma is that person's place.
_ONE_PERSON_LABELS = frozenset({"speaker", "presenter"})


def _label_people(name: str, value: str) -> People | None:
    """The people a `Speaker: ...` field names.  Under a singular label, `Ann Lee,
    Auburn` or `Richard Schwartz, Professor at Brown University` is one person and the
    place they work (a seminar page's field), not two names, unless each part after the
    name is itself a full name (`Speaker: Ann Lee, Bo Stone`)."""
    got = read_people(value, lenient=True) if value else None
    if name not in _ONE_PERSON_LABELS or got is None or len(got.people) < 2 \
            or any(p.affiliation for p in got.people) or "," not in value:
        return got
    head, _, rest = value.partition(",")
    head, rest = clean_name(head), rest.strip(" *_")
    others = [x.strip() for x in rest.split(",")]
    if not rest or not name_like(head) \
            or all(len(x.split()) >= 2 and name_like(x) for x in others):
        return got
    return People((Person(head, rest),), 1.0, 1, 1)


def _apply_label(item: Item, parts: ItemParts, r: Rec) -> None:
    name, value = r.label or "", r.value
    if name in _PEOPLE_LABELS:
        got = _label_people(name, value)
        if got is not None and got.people:
            if not (parts.by_label and parts.people):
                parts.people = list(got.people)
            parts.people_score = 1.0
            parts.by_label = True
    elif name in _CHAIR_LABELS:
        got = read_people(value, lenient=True) if value else None
        if got is not None:
            parts.chairs = list(got.people)
    elif name in _BIO_LABELS:
        if value:
            item.bio.append(value)
    elif name in _TEXT_LABELS:
        if value:
            item.abstract.append(value)
    elif name in ("room", "location", "venue", "where"):
        parts.room = parts.room or value or None
    elif name == "title":
        if value:
            parts.title = clean_title(value)  # (`Title: AI Risk Management (🔗)`)
    elif name in _LINK_LABELS:
        href = next((s.href for s in r.line.spans if s.href), None)
        url = href or (value if _URL.match(value) else None)
        if url:
            if name == "arxiv link" and not parts.url:
                parts.url = url
            item.links.append(Link(label=name, url=url))


def own_part(recs: list[Rec]) -> tuple[list[Person], list[Person], list[str], str | None, list[Rec]]:
    """(people, chairs, description, room, title records) of a run's own records."""
    people: list[Person] = []
    chairs: list[Person] = []
    text: list[str] = []
    room = None
    titles: list[Rec] = []
    last: list[Person] = []  # the people of the record just before, for an affiliation line
    for r in recs:
        if r.kind == "skip":
            continue
        above, last = last, []
        if r.kind in ("people", "title") and above and _affiliation_line(people, above, r):
            continue
        if r.kind == "people":
            got = people_of(r.line.text, lenient=True)
            if got is not None:
                people.extend(got.people)
                last = list(got.people)
        elif r.kind == "label":
            if r.label in _PEOPLE_LABELS:
                got = _label_people(r.label, r.value)
                if got is not None:
                    people.extend(got.people)
            elif r.label in _CHAIR_LABELS:
                got = read_people(r.value, lenient=True) if r.value else None
                if got is not None:
                    chairs.extend(got.people)
            elif r.label in _TEXT_LABELS and r.value:
                text.append(r.value)
            elif r.label in ("room", "location", "venue", "where") and r.value:
                room = room or r.value
        elif r.kind == "prose":
            text.append(r.line.text)
        elif r.kind == "title":
            titles.append(r)
    return people, chairs, text, room, titles


def numbered(text: str) -> bool:
    return strip_numbering(text)[1] > 0


__all__ = ["Item", "Rec", "classify", "group", "read_item", "own_part", "host_under_title", "split_label", "numbered"]
