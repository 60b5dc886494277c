"""Conference-site schedules: session headers with a day and time, then talks.

The shape (see schedules/mlsys2021-program.txt)::

    Oral: Session 1: Search and Devices Tue 6 Apr 09:30 a.m.
    <blank>
    Talk title
    Author One, Author Two
    <blank>
    Abstract paragraph(s) ...

plus sessions whose header has no time (`Invited Talk: William Dally`), speaker lines
separated by `·`, untitled talks that start with their author line, speaker bios and
site navigation lines.  Talks carry no times; `planner.timing` estimates them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from functools import lru_cache
from typing import Any

from ..diagnostics import DiagnosticSink
from ..gcpause import gc_paused
from ..ids import IdAllocator, conference_key, session_id, talk_id, title_ids
from ..model import Schedule, Session, SessionKind, Talk, made
from ..speakers import (
    looks_like_name,
    looks_like_name_list,
    split_names,
    unique_speakers,
)
from ..text import fold
from ..timing import assign_times
from ..zones import get_zone, local_zone_name
from .base import ParseOptions, paragraphs, split_lines
from .datetimes import WEEKDAYS, HeaderTime, find_header_time
from .years import resolve_year, year_votes
from .program.fields import session_fields, talk_fields
from .program.lines import is_people_line
from .program.people import clean_name, name_like, read_people
from .program.stated_zone import stated_zone

NAME = "site"
TITLE = "conference-site schedule"

# "Kind: rest" prefixes, folded, and the kind they name.
_KIND_PREFIX = {
    "oral": SessionKind.ORAL, "orals": SessionKind.ORAL, "oral session": SessionKind.ORAL,
    "contributed talks": SessionKind.ORAL, "paper session": SessionKind.ORAL,
    "poster": SessionKind.POSTER, "posters": SessionKind.POSTER,
    "poster session": SessionKind.POSTER,
    "invited talk": SessionKind.INVITED, "invited": SessionKind.INVITED,
    "invited speaker": SessionKind.INVITED, "keynote": SessionKind.KEYNOTE,
    "keynote talk": SessionKind.KEYNOTE, "plenary": SessionKind.KEYNOTE,
    "spotlight": SessionKind.SPOTLIGHT, "spotlights": SessionKind.SPOTLIGHT,
    "panel": SessionKind.PANEL, "panel discussion": SessionKind.PANEL,
    "tutorial": SessionKind.TUTORIAL, "workshop": SessionKind.WORKSHOP,
    "demo": SessionKind.DEMO, "demos": SessionKind.DEMO, "social": SessionKind.SOCIAL,
    "break": SessionKind.BREAK, "session": SessionKind.SESSION, "track": SessionKind.SESSION,
    "talk": SessionKind.TALK, "lightning talk": SessionKind.TALK, "event": SessionKind.OTHER,
    "meeting": SessionKind.OTHER,
}
# Header kinds that name one item of their own (`Talk: Title Sat 27 Dec 11:00 a.m.`): the
# people line under it are its speakers, and it is picked as itself.
_SINGLE = frozenset({SessionKind.TALK, SessionKind.OTHER, SessionKind.WORKSHOP,
                     SessionKind.PANEL, SessionKind.TUTORIAL, SessionKind.DEMO})
# Words in a header without a "Kind:" prefix that tell its kind, checked in order.
_KIND_WORDS = [
    (re.compile(r"\b(remarks|welcome|opening|closing|farewell|awards?)\b"), SessionKind.REMARKS),
    (re.compile(r"\b(break|lunch|coffee|breakfast|dinner|registration)\b"), SessionKind.BREAK),
    (re.compile(r"\bkeynote|plenary\b"), SessionKind.KEYNOTE),
    (re.compile(r"\binvited\b"), SessionKind.INVITED),
    (re.compile(r"\bposters?\b"), SessionKind.POSTER),
    (re.compile(r"\bspotlights?\b"), SessionKind.SPOTLIGHT),
    (re.compile(r"\bpanel\b"), SessionKind.PANEL),
    (re.compile(r"\btutorial\b"), SessionKind.TUTORIAL),
    (re.compile(r"\bworkshop\b"), SessionKind.WORKSHOP),
    (re.compile(r"\b(reception|social|banquet|mixer)\b"), SessionKind.SOCIAL),
    (re.compile(r"\boral\b"), SessionKind.ORAL),
]
_UNTIMED_HEADER = re.compile(r"^(?P<kind>[A-Za-z][A-Za-z ]{2,24}?)\s*:\s+(?P<rest>\S.{0,150})$")
_NAV_WORDS = frozenset(
    "schedule program programme agenda calendar day days home menu search filter timezone "
    "today all mon tue wed thu fri sat sun monday tuesday wednesday thursday friday saturday "
    "sunday tues thur thurs".split()
)
_BIO = re.compile(
    r"^(?P<who>[A-Z][\w'’.\-]+(?:\s+[A-Z][\w'’.\-]+){0,3})\s+"
    r"(?:is|was|has|holds|leads|received|joined|serves|works|currently)\b"
)
_SENTENCE_STARTERS = frozenset(
    "this the we in our it these that a an there here such each our their its".split()
)
_PAPER_KINDS = frozenset(
    {SessionKind.ORAL, SessionKind.SPOTLIGHT, SessionKind.POSTER, SessionKind.SESSION}
)
_NO_TALKS = frozenset({SessionKind.REMARKS, SessionKind.BREAK, SessionKind.SOCIAL})
_PROSE_WORDS = 28
# The fields a site talk and session state (the others are their defaults): the fields
# pydantic would record as set had it validated them (see `_Reader.build`).
_STANDALONE_TALK_SET = frozenset({"id", "title", "speakers", "abstract", "abstract_truncated",
                                  "session_id", "line"})
_TALK_SET = _STANDALONE_TALK_SET | {"title_source", "bio"}
_SESSION_SET = frozenset({"id", "kind", "title", "start", "end", "speakers", "description",
                          "talks", "line", "standalone"})
# Objects a site parse leaves alive before they are frozen out of the collector's walks
# (`gc_paused`): about 13 a talk, 127,000 for 10,000 talks.  The program reader's
# threshold (200,000) is never reached by a site text, and the collector then walked the
# whole schedule as soon as it was enabled again: a tenth of the parse.  (A text of a few
# hundred talks, as the tests parse by the hundred, stays under it.)
_FREEZE_AFTER = 40_000
_LONG_LINE = 400  # longer than any header, title or author line we read as such  # a line longer than this many words is prose, never a title


@dataclass
class _Draft:
    """A session as read so far, before ids and times are fixed."""

    kind: SessionKind
    title: str
    line: int
    when: HeaderTime | None
    speakers: list[str] = field(default_factory=list)
    description: list[str] = field(default_factory=list)
    talks: list[_TalkDraft] = field(default_factory=list)


@dataclass
class _TalkDraft:
    title: str | None
    line: int
    speakers: list[str] = field(default_factory=list)
    abstract: list[str] = field(default_factory=list)
    bio: list[str] = field(default_factory=list)


def kind_of(label: str) -> tuple[SessionKind, bool]:
    """The session kind a header names, and whether it was an explicit `Kind:` prefix."""
    head, sep, _ = label.partition(":")
    if sep and fold(head) in _KIND_PREFIX:
        return _KIND_PREFIX[fold(head)], True
    low = label.lower()
    for pattern, kind in _KIND_WORDS:
        if pattern.search(low):
            return kind, False
    return SessionKind.SESSION, False


def is_navigation(line: str) -> bool:
    """Site navigation such as `Schedule Mon Tue Wed Thu Fri`: no content, only menu words."""
    if len(line) > 160:
        return False
    tokens = line.lower().replace(",", " ").replace("|", " ").split()
    if not 2 <= len(tokens) <= 16:
        return False
    # (only menu words first: most lines fail at their first word)
    return all(t in _NAV_WORDS for t in tokens) \
        and sum(1 for t in tokens if t[:3] in WEEKDAYS) >= 2


def untimed_header(line: str) -> tuple[SessionKind, str] | None:
    """`Invited Talk: William Dally`: a known kind prefix, a short rest, no final stop."""
    m = _UNTIMED_HEADER.match(line)
    if not m or line.endswith(".") or len(line.split()) > 20:
        return None
    kind = _KIND_PREFIX.get(fold(m["kind"]))
    if kind is None:
        return None
    return kind, m["rest"].strip()


_TOPIC_SUFFIX = re.compile(r"(?:ing|tion|sion|ment|ness|ity|ics|ware|works|ers|ems)$")


def looks_like_person(line: str) -> bool:
    """One person's name on a line of its own, as opposed to a short title.

    Both are a few capitalised words; titles give themselves away by topic words
    (`Green Federated Learning`), which names of six letters or more rarely end in.
    """
    if not looks_like_name(line):
        return False
    return not any(len(w) >= 6 and _TOPIC_SUFFIX.search(w.lower()) for w in line.split())


def is_prose(line: str) -> bool:
    words = line.count(" ") + 1
    return words > _PROSE_WORDS or (line.endswith((".", "…", "...")) and words > 6)


def is_title_like(line: str) -> bool:
    words = line.count(" ") + 1
    # A trailing ellipsis marks an abstract cut off by the site, not a title.
    return 1 <= words <= 25 and not is_prose(line) and not line.endswith((".", ",", "…"))


def _pair_title(line: str, positional: bool = False) -> bool:
    """A title over its people line: not a sentence (a final full stop is allowed: `SS7:
    Locate. Track. Manipulate.`); where an abstract follows the pair, long titles too."""
    words = line.count(" ") + 1
    if line.endswith((",", "…")) or len(line) > _LONG_LINE:
        return False
    if positional:
        return words <= 45
    return words <= 25 and not (words > 12 and line.endswith("."))


def _listed(line: str) -> bool:
    """Separators of a list of names (a wrapped author line), not of a title."""
    return ", " in line or "·" in line or ";" in line


def _strict_names(line: str) -> bool:
    """Only names, judged strictly (`Practical EMV PIN interception and fraud detection`
    is a title, not two people)."""
    return is_people_line(line)


def _people_line(line: str, *, positional: bool = False) -> list[str]:
    """The names on a line that sits where people are written (under a one-item header),
    read leniently: handles (`exide`), one-word names (`Silvia`), `Name/handle`.  With
    `positional` (a title over it, an abstract under it), whatever short line stands there
    is its people, names or not (`hugo.gruson@example.org`): the odd ones are reported.
    (A fresh list each call: the caller's draft keeps it.)"""
    return list(_people_of_line(line, positional))


@lru_cache(maxsize=1 << 15)  # sites repeat author lines: each distinct one is read once
def _people_of_line(line: str, positional: bool) -> tuple[str, ...]:
    """`_people_line`'s names, as a tuple to share among the lines that repeat it."""
    if is_prose(line) or len(line) > 300:
        return ()
    if "·" in line:  # the middle dot sites put between people
        names = [clean_name(p) for p in line.split("·")]
        return tuple(n for n in names if n)
    if positional and len(line.split()) <= 12 and not line.endswith((".", "?", "!", ":")):
        return tuple(split_names(line))
    got = read_people(line, lenient=True)
    if got is None or not got.people or got.score < 1.0:
        return ()
    if not all(name_like(p.name, True) for p in got.people):
        return ()
    return tuple(p.name for p in got.people)


def _compact(lines: list[str], paras: list[tuple[int, list[str]]]) -> bool:
    """A paste without blank lines (a PDF, mail, some sites): few, long paragraphs."""
    nonblank = sum(1 for ln in lines if ln.strip())
    return nonblank >= 8 and len(paras) * 4 < nonblank


def _restored_paragraphs(lines: list[str]) -> list[tuple[int, list[str]]]:
    """The paragraphs a paste without blank lines lost, told from the lines themselves:
    a header, a navigation line and a long prose line stand alone; a title starts a
    paragraph with the author line under it."""
    out: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = 0

    def close() -> None:
        nonlocal current
        if current:
            out.append((start, current))
        current = []

    stripped = [ln.strip() for ln in lines]
    for i, line in enumerate(stripped, 1):
        if not line:
            close()
            continue
        nxt = next((x for x in stripped[i:i + 2] if x), "")
        alone = (find_header_time(line) is not None or is_navigation(line)
                 or untimed_header(line) is not None or len(line) > _LONG_LINE or is_prose(line))
        starts = alone or (is_title_like(line) and not looks_like_name_list(line)
                           and looks_like_name_list(nxt, min_names=1))
        if starts or (current and is_prose(current[-1])):
            close()
        if not current:
            start = i
        current.append(line)
        if alone:
            close()
    close()
    return out


def _titled_header(line: str) -> bool:
    h = find_header_time(line)
    return h is not None and bool(h.label.strip(" ,;:-–—"))


def sniff(text: str) -> float:
    """How well `text` fits: the share of header-like lines among paragraph starts."""
    lines = split_lines(text[:200_000])
    # a header names its session before the date and time; a line that is only a date
    # and time (`Sunday, June 24, 6:00 pm-7:00 pm` under a title) heads nothing here
    headers = sum(1 for ln in lines if ln.strip() and _titled_header(ln.strip()))
    if headers == 0:
        return 0.0
    return min(1.0, 0.6 + 0.1 * headers)


class _Reader:
    def __init__(self, text: str, options: ParseOptions) -> None:
        self.options = options
        self.diag = DiagnosticSink(options.source)
        self.lines = split_lines(text)
        self.drafts: list[_Draft] = []
        self.preamble: list[tuple[int, list[str]]] = []

    # -- pass 1: paragraphs into session drafts ---------------------------------
    def read(self) -> None:
        paras = paragraphs(self.lines)
        if _compact(self.lines, paras):
            paras = _restored_paragraphs(self.lines)
        i = 0
        while i < len(paras):
            line_no, lines = paras[i]
            i += 1
            if self.drafts and len(lines[0]) > _LONG_LINE:
                # Long lines are abstract or description prose: nothing else is this long.
                self._prose(self.drafts[-1], line_no, " ".join(lines))
                continue
            rest = self._take_headers(line_no, lines)
            if not rest:
                continue
            line_no, lines = rest
            if not self.drafts:
                self.preamble.append((line_no, lines))
                continue
            nxt = paras[i][1] if i < len(paras) else None
            if self._content(line_no, lines, nxt):
                i += 1  # the lookahead paragraph (an author line) was consumed

    def _take_headers(self, line_no: int, lines: list[str]) -> tuple[int, list[str]] | None:
        """Consume header and navigation lines at the top of a paragraph."""
        while lines:
            first = lines[0]
            when = find_header_time(first)
            if when is not None and when.label and len(when.label.split()) <= _PROSE_WORDS:
                kind, _ = kind_of(when.label)
                self.drafts.append(_Draft(kind, when.label, line_no, when))
            elif is_navigation(first):
                self.diag.info("navigation", f"dropped site navigation line {first!r}", line_no)
            else:
                hdr = untimed_header(first) if self.drafts or len(lines) == 1 else None
                if hdr is None or not self._accept_untimed(hdr, lines):
                    return line_no, lines
                kind, rest = hdr
                draft = _Draft(kind, first, line_no, None)
                if kind in (SessionKind.INVITED, SessionKind.KEYNOTE) and looks_like_name(rest):
                    draft.speakers = [rest]
                self.drafts.append(draft)
            lines = lines[1:]
            line_no += 1
        return None

    def _accept_untimed(self, hdr: tuple[SessionKind, str], lines: list[str]) -> bool:
        # "Poster: A title" followed by its author line is a talk, not a session.
        return not (len(lines) > 1 and looks_like_name_list(lines[1], min_names=1))

    def _content(self, line_no: int, lines: list[str], nxt: list[str] | None) -> bool:
        """Place one paragraph in the current session; True if `nxt` was consumed too."""
        s = self.drafts[-1]
        first = lines[0]
        if s.kind in _SINGLE and not s.talks and (s.speakers or s.description) \
                and kind_of(s.title)[1]:
            self._prose(s, line_no, " ".join(lines))  # the one item's abstract
            return False
        # Title line directly followed by its author line (handles and one-word names
        # too: `hannes, David Kaloper`, `exide`, where the line under a title stands).
        lenient = None
        positional = (nxt is not None and is_prose(" ".join(nxt))
                      or len(lines) > 2 and is_prose(" ".join(lines[2:])))
        if len(lines) >= 2 and _pair_title(first, positional) and s.kind in _PAPER_KINDS \
                and not (not (positional and len(lines) == 2 and not _listed(first))
                         and _strict_names(first) and _strict_names(lines[1])):
            # (the position asked first: a title over its author line and an abstract
            # needs no strict reading of the two lines, the dearest question here)
            lenient = _people_line(lines[1], positional=positional) or None
            if lenient:  # `SS7: Locate. Track. Manipulate.` over `Tobias Engel`
                talk = _TalkDraft(first, line_no, lenient)
                if len(lines) > 2:
                    talk.abstract.append(" ".join(lines[2:]))
                s.talks.append(talk)
                return False
        if (
            len(lines) >= 2
            and is_title_like(first)
            and not looks_like_name_list(first)
            and (lenient or looks_like_name_list(lines[1], min_names=1))
        ):
            talk = _TalkDraft(first, line_no, lenient or split_names(lines[1]))
            if len(lines) > 2:
                talk.abstract.append(" ".join(lines[2:]))
            s.talks.append(talk)
            return False
        if (len(lines) == 1 and s.kind in _SINGLE and not s.talks and not s.speakers
                and not s.description and kind_of(s.title)[1]):
            people = _people_line(first)
            if people:
                s.speakers = people  # handles and one-word names too: the position says it
                return False
        lone_speaker = (
            len(lines) == 1 and not s.talks and not s.speakers and s.kind not in _PAPER_KINDS
            and looks_like_person(first)
        )
        if len(lines) == 1 and (lone_speaker or looks_like_name_list(first)):
            # Names right under a header are the session's speakers or chairs, unless
            # the session holds papers and an abstract follows: then it is a talk.
            followed_by_abstract = nxt is not None and is_prose(" ".join(nxt))
            if (
                not s.talks and not s.speakers and not s.description
                and not (s.kind in _PAPER_KINDS and followed_by_abstract)
            ):
                s.speakers = split_names(first)
            else:
                self._untitled(s, line_no, first)
            return False
        if len(lines) >= 2 and looks_like_name_list(first) and is_prose(lines[1]):
            talk = self._untitled(s, line_no, first)
            talk.abstract.append(" ".join(lines[1:]))
            return False
        if len(lines) == 1 and is_title_like(first):
            # A title on its own: its author line may follow after a blank line.
            if nxt is not None and len(nxt) == 1 and looks_like_name_list(nxt[0], min_names=1):
                s.talks.append(_TalkDraft(first, line_no, split_names(nxt[0])))
                return True
            if self._title_only(s, line_no, first, nxt):
                return False
        self._prose(s, line_no, " ".join(lines))
        return False

    def _title_only(self, s: _Draft, line_no: int, title: str, nxt: list[str] | None) -> bool:
        """A title with no author line: an invited talk's title, or a talk whose
        abstract follows directly.  Returns False when the line is better read as prose."""
        current = s.talks[-1] if s.talks else None
        if s.kind in (SessionKind.INVITED, SessionKind.KEYNOTE) and current is None:
            s.talks.append(_TalkDraft(title, line_no, list(s.speakers)))
            return True
        if s.kind in _NO_TALKS or nxt is None or not is_prose(" ".join(nxt)):
            return False
        if current is not None and not current.abstract:
            return False
        if looks_like_person(title):
            self._untitled(s, line_no, title)  # a lone author line, not a title
            return True
        s.talks.append(_TalkDraft(title, line_no, list(s.speakers)))
        if not s.speakers:
            self.diag.warning("no-authors", f"talk {title!r} has no author line", line_no)
        return True

    def _untitled(self, s: _Draft, line_no: int, names_line: str) -> _TalkDraft:
        names = split_names(names_line)
        talk = _TalkDraft(None, line_no, names)
        s.talks.append(talk)
        lead = names[0] if names else "unknown authors"
        self.diag.warning(
            "untitled-talk",
            f"talk has no title line; it starts with its author line ({lead}"
            f"{' et al.' if len(names) > 1 else ''}), so it gets a placeholder title",
            line_no,
        )
        return talk

    def _prose(self, s: _Draft, line_no: int, text: str) -> None:
        if not s.talks:
            s.description.append(text)
            return
        talk = s.talks[-1]
        if talk.abstract and s.kind in (SessionKind.INVITED, SessionKind.KEYNOTE):
            m = _BIO.match(text)
            if m and m["who"].split()[0].lower() not in _SENTENCE_STARTERS:
                talk.bio.append(text)
                return
        if talk.bio:
            talk.bio.append(text)
        else:
            talk.abstract.append(text)

    # -- pass 2: drafts into the model ---------------------------------------------
    def build(self) -> Schedule:
        opts = self.options
        conference = opts.conference or "Conference schedule"
        if not opts.conference:
            self.diag.info(
                "no-conference",
                "the text does not name its conference; add metadata or a .toml beside it",
            )
        tz_name = opts.timezone
        if not tz_name:
            found = stated_zone([(i, ln) for i, ln in enumerate(self.lines[:5000], 1)
                                 if ln.strip()], "\n".join(self.lines[:2000]))
            if found is not None:
                tz_name = found.name
                self.diag.info("zone-stated", f"times read in {found.name}, as the text states "
                               f"({found.evidence!r})", found.line)
                if found.assumed:
                    self.diag.warning("zone-ambiguous", found.assumed, found.line)
        if not tz_name:
            tz_name = local_zone_name()
            self.diag.warning(
                "zone-assumed",
                f"the text states no time zone; its times are read in this machine's zone, "
                f"{tz_name} (use --source-tz or metadata to fix it)",
            )
        zone = get_zone(tz_name)
        year = resolve_year(
            [(d.line, d.when) for d in self.drafts if d.when], opts.year, opts.today, self.diag,
            evidence=year_votes(self.lines),
        )
        for d in self.drafts:
            if d.when and d.when.zone_abbrev:
                self.diag.info(
                    "zone-abbreviation",
                    f"the header states zone {d.when.zone_abbrev!r}; times are read in "
                    f"{tz_name or 'the assumed zone'}",
                    d.line,
                )
                break
        for line_no, lines in self.preamble:
            self.diag.warning(
                "before-first-session",
                f"text before the first session header is not part of any session: "
                f"{_excerpt(' '.join(lines))}",
                line_no,
            )
        conf_key = conference_key(conference, year)
        ids = IdAllocator()
        # Stated titles are folded and hashed in one go.  Talks and sessions are made from
        # fields that are valid as they stand (strings, `SessionKind` members, speakers
        # from `make_speaker`, instants in a `ZoneInfo`), without pydantic validating them
        # again (`made`, as the program reader makes its models); tests/test_site_made.py
        # holds each to what pydantic validates from the same fields.
        bases = iter(title_ids(conf_key, [t.title for d in self.drafts for t in d.talks
                                          if t.title]))
        # (one fields-set per build, shared by its models, as `program.build` shares its)
        talk_set, alone_set = set(_TALK_SET), set(_STANDALONE_TALK_SET)
        session_set = set(_SESSION_SET)
        sessions: list[Session] = []
        for d in self.drafts:
            start = end = None
            day = ""
            if d.when and year:
                on = d.when.on(d.when.year or year)
                if on is None:
                    self.diag.error(
                        "bad-date",
                        f"{d.when.day} {d.when.month:02d} is not a date in {year}; "
                        "the session is placed after the one before it",
                        d.line,
                    )
                else:
                    day = on.isoformat()
                    start = datetime.combine(on, d.when.start, tzinfo=zone)
                    real = start.astimezone(timezone.utc).astimezone(zone)
                    if real.time() != d.when.start:
                        self.diag.warning(
                            "nonexistent-time",
                            f"{d.when.start:%H:%M} does not exist on {day} in {tz_name} "
                            f"(the clocks change); read as {real:%H:%M}",
                            d.line,
                        )
                        start = real
                    if d.when.end is not None:
                        end = datetime.combine(on, d.when.end, tzinfo=zone)
                        if end <= start:
                            self.diag.warning(
                                "bad-range", "the session ends before it starts; end ignored",
                                d.line,
                            )
                            end = None
            sid = ids.claim(session_id(conf_key, d.kind.value, d.title, day))
            speakers, _ = unique_speakers(d.speakers)
            talks = [made(Talk, self._talk(t, conf_key, sid, ids, bases), talk_set)
                     for t in d.talks]
            standalone = False
            if not talks and d.kind in _SINGLE and kind_of(d.title)[1]:
                # `Talk: Title` with its people and abstract: one item, picked as itself
                title = d.title.partition(":")[2].strip() or d.title
                abstract = "\n\n".join(d.description)
                fields = talk_fields(title, speakers[:], abstract, "", [], None, None, False,
                                     False, None, None, [], None, d.line)
                fields["id"] = ids.claim(talk_id(conf_key, title, (), ""))
                fields["abstract_truncated"] = abstract.endswith(("…", "..."))
                fields["session_id"] = sid
                talks = [made(Talk, fields, alone_set)]
                standalone = True
            fields = session_fields(d.kind, d.title, start, end, False, False, speakers, [],
                                    "\n\n".join(d.description), None, None, talks,
                                    standalone, d.line)
            fields["id"] = sid
            sessions.append(made(Session, fields, session_set))
        schedule = Schedule(
            conference=conference, year=year, timezone=tz_name, source=opts.source,
            format=NAME, sessions=sessions,
        )
        assign_times(schedule, opts.talk_minutes, self.diag)
        schedule.diagnostics = sorted(self.diag.items, key=lambda d: d.line or 0)
        return schedule

    def _talk(
        self, t: _TalkDraft, conf_key: str, sid: str, ids: IdAllocator, bases: Iterator[str]
    ) -> dict[str, Any]:
        """The fields of a talk, in `Talk`'s order with its defaults (for `made`); `bases`
        holds the ids of the stated titles, in order."""
        speakers, repeats = unique_speakers(t.speakers)
        for name in repeats:
            self.diag.info("repeated-author", f"author {name!r} is listed twice", t.line + 1)
        for name in t.speakers:
            if not looks_like_name(name):
                self.diag.warning(
                    "odd-author", f"{name!r} on the author line does not look like a name",
                    t.line + (1 if t.title else 0),
                )
        abstract = "\n\n".join(t.abstract)
        if t.title:
            title, source, base = t.title, "stated", next(bases)
        else:
            lead = speakers[0].name if speakers else "unknown authors"
            title = f"Untitled talk by {lead}{' et al.' if len(speakers) > 1 else ''}"
            source = "placeholder"
            base = talk_id(conf_key, None, (s.key for s in speakers), abstract)
        fields = talk_fields(title, speakers, abstract, "\n\n".join(t.bio), [], None, None,
                             False, False, None, None, [], None, t.line)
        fields["id"] = ids.claim(base)
        fields["title_source"] = source
        fields["abstract_truncated"] = abstract.endswith(("…", "..."))
        fields["session_id"] = sid
        return fields


def _excerpt(text: str, n: int = 60) -> str:
    return repr(text if len(text) <= n else text[: n - 1] + "…")


def parse(text: str, options: ParseOptions) -> Schedule:
    with gc_paused(freeze_after=_FREEZE_AFTER):
        reader = _Reader(text, options)
        reader.read()
        return reader.build()
