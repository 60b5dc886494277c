"""One item written on one line: a kind label, a title, its people, a room, a link.

    Title, Speaker, Affil          "Title" - Speaker (Affil)     Speaker: **Title**
    Invited Talk: Name (Affil): Title                            Keynote - Name: "Title"
    *Title*, Speaker               **Title**: Authors            Title by Name
    [Title](url) - A & B           Title (paper, slides), by A (X) and B (Y)
    Invited talk (R Hahn)          Session 1: Name. Session Chair: X (Y). Room: Z

Bold, italic and linked stretches are the strongest evidence of where a title is; then
the separators (`by`, ` - `, `: `, the last comma, a final parenthesis), each split
judged by how much one side reads as people and the other as a title.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from ...model import SessionKind
from .doc import Span
from .kinds import fold_label, kind_from_words, label_kind, qualified_label, split_label
from .people import People, Person, _read_people, name_like, names_no_one_surely, names_only, org_like, read_people

_NUMBERING = re.compile(
    r"^(?:\(?\d{1,3}[.)]\s+|\[\d{1,4}\]\s*|#\d{1,4}\s+|\d{1,2}[A-Z]-\d{1,2}\s+|"
    r"[(\[](?:poster|paper|talk)?\s*#?\s*\d{1,4}[)\]]\s*:?\s*|(?:poster|paper|talk)\s*#\d+\s*:?\s*)",
    re.IGNORECASE,
)
_FIELD = re.compile(
    r"(?:^|(?<=[.;,)])\s+|\s+(?=(?:Session Chairs?|Chairs?|Chair/Co-Chair|Room|Location|"
    r"Organi[sz]ers?|Moderator)\s*:)|(?<=\s\()(?=(?:Session Chairs?|Chairs?|Room|Location)\s*:))"
    r"(?P<name>Session Chairs?|Chair/Co-Chair|Co-Chairs?|Chairs?|Room|Rooms|Location|Venue|"
    r"Where|Organi[sz]ers?|Organi[sz]ed by|Moderators?|Speakers?|Presenters?|Supported by|"
    r"Sponsored by|Host|Hosts|Panell?ists?)\s*:\s*",
    re.IGNORECASE,
)
# `(Room 101)`, `(Hall B)`, `(Auditorium 2)`: a room word and its number or letter
_ROOM_WORD = re.compile(r"^(?:rooms?|rm\.?|hall|auditorium|ballroom|salon|suite|theat(?:re|er)|"
                        r"lecture hall|aula|saal|salle|sala)\s+(?:[A-Z]?\d{1,4}[A-Z]?(?:\s?[A-Z])?|[A-Z])$",
                        re.IGNORECASE)
_ROOM_MARK = re.compile(r"\s+@\s+(?P<room>[^@]{2,60})$")
_QUOTED = re.compile(r"[\"“”„«»]([^\"“”„«»]{3,})[\"“”„«»]")
_LINK_LABELS = re.compile(
    r"^(?:paper|pdf|slides?|video|recording|code|poster|abstract|materials?|bio|link|zoom(?: link)?|"
    r"preprint|arxiv|html|doi|website|web|project page|github|youtube|slideshare|demo|map|"
    r"extended paper|invited|short|long|"
    r"[^\w\s()]{1,3})$",  # a link's icon: `(🔗)`, `[↗]`
    re.IGNORECASE,
)
_BRACKETED_LINK = re.compile(r"\s*\[([^\[\]]{1,20})\]$")
_DATE_ONLY = re.compile(r"^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$")
_PAREN_GROUP = re.compile(r"\s*\(([^()]*)\)\s*,?")


@dataclass
class ItemParts:
    title: str | None = None
    label: str | None = None
    kind: SessionKind | None = None
    people: list[Person] = field(default_factory=list)
    people_score: float = 0.0
    chairs: list[Person] = field(default_factory=list)
    room: str | None = None
    url: str | None = None
    notes: list[str] = field(default_factory=list)
    venue: str | None = None  # `**Title.** Authors. *OSDI 2024*.`: what follows the people
    by_label: bool = False  # people came after `by` or a `Speaker:` label (sure)
    sep: str | None = None  # the separator the people were split off at


def strip_numbering(text: str) -> tuple[str, int]:
    m = _NUMBERING.match(text)
    if m and len(text) > m.end() + 2:
        return text[m.end():], m.end()
    return text, 0


def _absolute(href: str | None) -> str | None:
    if href and re.match(r"^https?://", href):
        return href
    return None


# How each name `_FIELD` knows ends, in lower case (`organized by`: `by`).
_FIELD_ENDS = ("chair", "chairs", "room", "rooms", "location", "venue", "where", "organizer",
               "organizers", "organiser", "organisers", "by", "moderator", "moderators",
               "speaker", "speakers", "presenter", "presenters", "host", "hosts", "panelist",
               "panelists", "panellist", "panellists")


def _may_hold_field(text: str) -> bool:
    """False when `_FIELD` certainly finds nothing in `text`: no colon of an ASCII text
    follows a word a field's name ends with (where str.lower is what the IGNORECASE
    pattern does)."""
    if not text.isascii():
        return _FIELD.search(text) is not None
    low = text.lower()
    k = low.find(":")
    while k >= 0:
        if low[:k].rstrip().endswith(_FIELD_ENDS):
            return True
        k = low.find(":", k + 1)
    return False


def split_fields(text: str) -> tuple[str, dict[str, str]]:
    """`Session 1: X. Session Chair: Y (Z). Room: R` -> ("Session 1: X", {chair, room})."""
    fields: dict[str, str] = {}
    if ":" not in text:
        return text, fields  # every field name is followed by a colon
    matches = list(_FIELD.finditer(text))
    if not matches:
        return text, fields
    # a leading `Speaker:` is the whole line's label, handled by the caller
    main = text[:matches[0].start()].rstrip(" .,;(")
    for k, m in enumerate(matches):
        end = matches[k + 1].start() if k + 1 < len(matches) else len(text)
        value = text[m.end():end].strip(" .;,")
        if text[m.start() - 1:m.start()] == "(" and value.count(")") > value.count("("):
            # `Session 1 - Administration (Chair: R. K. Shyamasundar)`: the field sits in
            # the title's closing parenthesis, which is no part of the chair
            value = value[:value.rindex(")")].strip(" .;,")
        key = m.group("name").lower()
        if key.startswith(("session chair", "chair", "co-chair")):
            key = "chair"
        elif key in ("rooms", "location", "venue", "where"):
            key = "room"
        elif key.startswith(("organi", "moderator", "host", "panel")):
            key = "organizer"
        elif key.startswith(("speaker", "presenter")):
            key = "speaker"
        elif key.startswith(("supported", "sponsored")):
            key = "sponsor"
        if value:
            fields[key] = (fields[key] + "; " + value) if key in fields else value
    return main, fields


def split_item(text: str, spans: tuple[Span, ...] = (), *, labels: frozenset[str] = frozenset(),
               rooms: frozenset[str] = frozenset(), lenient_people: bool = False,
               title_only: bool = False, prefer: str | None = None) -> ItemParts:
    """Read one line as one item (the reader asks about a line more than once: the answer
    is worked out once and copied)."""
    if not spans and not title_only:
        plain = _plain_item(text, lenient_people, prefer, labels)
        if plain is not None:
            return plain
    if spans and not title_only and _all_emphasis(text, spans):
        # `**Chris Jones: Getting the Goods**`: a line set apart whole is read as its
        # words are, when they are a name and a title beyond doubt
        whole = split_item(text, (), labels=labels, rooms=rooms, prefer=prefer)
        if whole.title and whole.people and whole.people_score >= 0.99 \
                and len(whole.title.split()) >= 2 and all(name_like(p.name) for p in whole.people):
            return whole
    return _copied(_split_item(text, tuple(spans), labels, rooms, lenient_people, title_only, prefer))


def _copied(got: ItemParts) -> ItemParts:
    """A copy of a cached answer, its lists the caller's own."""
    return ItemParts(got.title, got.label, got.kind, list(got.people), got.people_score,
                     list(got.chairs), got.room, got.url, list(got.notes), got.venue, got.by_label,
                     got.sep)


def page_split(text: str) -> tuple[ItemParts, bool]:
    """`split_item(text)` (no styles, no labels, no page separator: as `Reader.prepare`
    asks it, to learn the page's separator), and whether the answer is that of a plain
    line (`_plain_item`), which does not depend on the known rooms.

    Such an answer is also `split_item(text, prefer=sep)` for the separator `sep` it
    split at (see `holds_for`): the reader reads the same line again with the page's
    separator, and need not split it twice."""
    plain = _plain_item(text, False, None)
    if plain is not None:
        return plain, True
    return _copied(_split_item(text, (), frozenset(), frozenset(), False, False, None)), False


def holds_for(parts: ItemParts, prefer: str | None) -> bool:
    """Whether a plain line's `page_split` answer is its `split_item(text, prefer=prefer)`
    too (no styles, no labels, not title only).

    `prefer` changes no judgment of a split, only its score: every split of the
    preferred kind scores 1.5 more (the dash, comma and colon; `by`, a full stop and a
    final parenthesis gain nothing), and `_plain_item` turns away lines with a colon
    when it is "label".  The best split (the highest score, the first in the line of
    equals) found without a preference is still the best when its own kind is
    preferred: it gains as much as its rivals of that kind and more than all others.
    So the answer holds when `prefer` is None or the separator it split at.

    It holds too where no split judged the line (no separator, `None`) or a split
    that no score decides (the names after the title with a blank between, `space`;
    a person and her place first, `comma-first`): a preference changes scores, never
    whether a split names people, so none does with it either, and those two are
    asked before (`_person_then_title`) or after (`_names_after_title`) any scored
    split.  (A line of handles, `Title (4), polygon`, splits nowhere.)"""
    return prefer is None or prefer != "label" and (prefer == parts.sep or parts.sep in _UNSCORED)


# The separators of plain answers that no split's score decided (see `holds_for`).
_UNSCORED = (None, "space", "comma-first")


def title_parts(text: str, spans: tuple[Span, ...] = (), *, labels: frozenset[str] = frozenset(),
                rooms: frozenset[str] = frozenset()) -> ItemParts:
    """`split_item(..., title_only=True)` itself, not a copy: for a caller that only
    reads the answer (a table's title cells, one a row) and never changes its lists.
    (A text without styles is asked of `plain_title` first: most are all title.)"""
    return _split_item(text, tuple(spans), labels, rooms, False, True, None)


# A spaced dash, which `_split_item` reads as a label's end (`_spaced_dash` finds it;
# the tests hold it to this pattern, which is tried at every position of a title).
_SPACED_DASH = re.compile(r"\s[-–—]\s")


def _spaced_dash(t: str) -> bool:
    """Whether `_SPACED_DASH` finds a dash between blanks in `t`: each dash found by
    `str.find` (few titles hold one, fewer a spaced one) and its neighbours asked
    (`isspace` is what `\\s` matches in a text pattern)."""
    for dash in "-–—":
        k = t.find(dash, 1)
        while k > 0:
            if t[k - 1].isspace() and t[k + 1:k + 2].isspace():
                return True
            k = t.find(dash, k + 1)
    return False
_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
# A final parenthesis of figures (`(2)`, `(2024)`): no room word, label or link label.
_FIGURES_AT_END = re.compile(r"\((?P<n>[\d\s.,/–-]*\d[\d\s.,/–-]*)\)$")


def plain_title(text: str, labels: frozenset[str], rooms: frozenset[str]) -> str | None:
    """The title `title_parts(text, (), ...)` gives for a text without styles that is
    all title, without an `ItemParts` (a table's title cell, one a row, each different);
    None for every other text, which `title_parts` reads in full.

    Such a title starts with a letter (no numbering), holds none of the marks
    `_split_item` reads (`#`, `@`, `|`, a spaced dash), no field and no kind label
    before a colon (`Room:`, `Keynote:`; `Infra Finder: …` is a title), and ends in no
    parenthesis but one of figures that names no known room."""
    t = text.strip()
    if t[:1] not in _ASCII_LETTERS or "#" in t or "@" in t or "|" in t or t[-1] == "]":
        return None  # (a numbering's `#`, a room's `@`, a label's `|`, a link's `[pdf]`)
    if ("-" in t or "–" in t or "—" in t) and _spaced_dash(t):
        return None
    if t[-1] == ")":
        # (the figures are in the last parenthesis, none other can end the text; figures
        # alone, as most are (`(12)`), are what the pattern's `\d` finds: `isdecimal`)
        k = t.rfind("(")
        n: str | None = t[k + 1:-1] if k >= 0 else ""
        if not n.isdecimal():
            m = _FIGURES_AT_END.match(t, max(0, k))
            n = m.group("n") if m is not None else None
        if n is None or n in rooms:
            return None
    if ":" in t and (_may_hold_field(t) or split_label(t, labels)[0] is not None):
        return None
    return _trimmed_title(t)  # (figures are no link labels)


def _all_emphasis(text: str, spans: tuple[Span, ...]) -> bool:
    """Whether one bold or italic span (no link) covers the whole line."""
    n = len(text.strip())
    lead = len(text) - len(text.lstrip())
    return len(spans) == 1 and spans[0].href is None and (spans[0].bold or spans[0].italic) \
        and spans[0].start <= lead and spans[0].end >= lead + n


_QUOTES = frozenset("\"“”„«»")


def _has_quote(t: str) -> bool:
    """Whether `t` holds one of `_QUOTES`: six substring tests, each a C scan of the
    text, where `_QUOTES.isdisjoint(t)` hashes every character (asked of every line)."""
    return '"' in t or "“" in t or "”" in t or "„" in t or "«" in t or "»" in t


def _plain_item(text: str, lenient: bool, prefer: str | None,
                labels: frozenset[str] = frozenset()) -> ItemParts | None:
    """`_split_item` of a line without styles, quickly, for the commonest lines of all:
    a title and its people (`Title, A, B`, `Title: Subtitle - A and B`).  None for every
    other line (see `plain_split`, which gives the same answer as a tuple)."""
    got = plain_split(text, lenient, prefer, labels)
    if got is None:
        return None
    title, people, score, by, sep = got
    return ItemParts(title, people=list(people), people_score=score, by_label=by, sep=sep)


def plain_split(text: str, lenient: bool, prefer: str | None,
                labels: frozenset[str] = frozenset()) -> tuple | None:
    """(title, people, people score, by-label, separator): what `_plain_item` reads in
    a plain line, without the `ItemParts` around it (the reader, which reads a time
    line's title and people straight into its entry, asks it of nearly every line);
    None for every other line.

    Such a line starts with a letter and holds no `#` (so no numbering), no `@` (no
    room), no quotes, no final bracket (no link word, `Title [slides]`) and no final
    parenthesis (no room, label, duration or `Title (Speaker)` by parenthesis), no field (`Room:`, `Chair:`) and no kind label
    (`Keynote:`) nor chairs (`, Chaired by X`): `_split_item` does nothing with it but
    `_best_split`, and leaves every other part of its answer empty.
    """
    t = text.strip()
    if not t or not ("a" <= t[0] <= "z" or "A" <= t[0] <= "Z"):
        return None
    if "@" in t or "#" in t or t[-1] in ")]" or '"' in t or "“" in t or "”" in t \
            or "„" in t or "«" in t or "»" in t:  # (`_has_quote`, spelled out: asked of every line)
        return None
    # (`_may_hold_field` of a text that is not ASCII is `_FIELD`'s search itself, a slow
    # one: not asked twice)
    if ":" in t and (prefer == "label" or _may_hold_field(t) and (
            not t.isascii() or _FIELD.search(t) is not None)):
        return None
    if split_label(t, labels)[0] is not None or t[:1] in "STPROst" and _NUMBERED_SESSION.match(t):
        return None
    if "haired by" in t:  # (`Plenary Session, Chaired by X`: the chairs, see `_chaired_by`)
        return None
    best = ("), " in t and _person_then_title(t)) or _best_split(t, lenient, prefer) \
        or _names_after_title(t)
    if best is None:
        return clean_title(t), (), 0.0, False, None
    return clean_title(best[0]), best[1], best[2], best[3], best[4]


_NUMBERED_SESSION = re.compile(r"^(?:research |paper |technical |oral |poster )?(?:session|track)\s+"
                               r"[A-Z]?\d{1,2}[A-Z]?\s*[:.–—-]\s", re.IGNORECASE)
_FINAL_ROOM = re.compile(r"^(?P<rest>.*\S)\s*\((?P<room>[^()]{2,60})\)\s*$")
_ROOM_ONLY = re.compile(r"^(.+?)\s+only$", re.I)  # `(Hall B only)`


@lru_cache(maxsize=1 << 14)
def _split_item(text: str, spans: tuple[Span, ...], labels: frozenset[str],
                rooms: frozenset[str], lenient_people: bool, title_only: bool,
                prefer: str | None) -> ItemParts:
    parts = ItemParts()
    whole = text.strip()
    text, cut = strip_numbering(whole)
    if cut and re.search(r"poster", whole[:cut], re.IGNORECASE):  # `(Poster #01): …`
        parts.kind, parts.label = SessionKind.POSTER, "poster"
    # a link label at the end (`Title Zoom Link`, `Title [slides]`) is a link, not title
    for sp in reversed(spans):
        seg = text[sp.start - cut:sp.end - cut] if sp.start >= cut else ""
        if sp.href and sp.end - cut >= len(text.rstrip(" )]")) - 1 and seg and \
                _LINK_LABELS.match(seg.strip("[]() ")) and sp.start - cut > 0:
            parts.notes.append(seg)
            text = text[:sp.start - cut].rstrip(" -–—,([")
            spans = tuple(x for x in spans if x.end <= sp.start)
        break
    if text[-1:] == "]":
        # a bracketed link word that a paste keeps as text (`Title [abstract]`,
        # `Registration (Hall)[map]`): the page's link, not part of the title
        m = _BRACKETED_LINK.search(text)
        if m and m.start() > 0 and _LINK_LABELS.match(m.group(1)):
            parts.notes.append(m.group(1))
            text = text[:m.start()].rstrip()
            spans = tuple(x for x in spans if x.end - cut <= len(text))
    spans = tuple(s.shifted(cut)
                  for s in spans if s.end > cut) if cut else spans
    main, fields = split_fields(text)
    if "haired by" in main:
        main = _chaired_by(main, fields, rooms)
    if "chair" in fields:
        got = read_people(fields["chair"], lenient=True)
        parts.chairs = list(got.people) if got else []
    if "room" in fields:
        parts.room = fields["room"]
    if "speaker" in fields or "organizer" in fields:
        got = read_people(fields.get("speaker") or fields.get("organizer") or "", lenient=True)
        if got:
            parts.people = list(got.people)
            parts.people_score = 1.0
            parts.by_label = True
    main = main.strip()
    m = _ROOM_MARK.search(main) if "@" in main else None
    if m:
        parts.room = parts.room or m.group("room").strip()
        main = main[:m.start()].strip()
    # a known room in a final parenthesis: `Chairs' Welcome (Garden Pavilion)`
    m = _FINAL_ROOM.match(main) if _ends_in_paren(main) else None
    if m and (m.group("room") in rooms or _ROOM_WORD.match(m.group("room")) or _ROOM_ONLY.match(m.group("room"))
              and _ROOM_ONLY.match(m.group("room")).group(1) in rooms
              or _named_place(m.group("room"), m.group("rest"))):
        r = m.group("room")
        only = _ROOM_ONLY.match(r)
        parts.room = parts.room or (only.group(1) if only else r)
        main = m.group("rest")
    m = _NUMBER_NOTE.search(main) if "#" in main and _ends_in_paren(main) else None
    if m and m.start() > 0:
        # `Title (Spotlight Session #1, ID #2)`: the entry's number in a catalogue, a note
        parts.notes.append(m.group(1))
        main = main[:m.start()]
    label, kind, rest = split_label(main, labels)
    if label is not None:
        parts.label, parts.kind = label, kind
        shift = len(main) - len(rest)
        spans = tuple(s.shifted(shift)
                      for s in _spans_in(spans, main) if s.end - shift > 0)
        main = rest
        if _PLACEHOLDER.match(main):
            # `Keynote pitch: *tentative*`, `Invited talk: TBA`: the slot is named, its
            # talk not yet: the label is the title, the rest a note
            parts.title = label
            parts.notes.append(main)
            return parts
        if main and not title_only and _label_then_people(parts, main, prefer):
            return parts
    elif prefer == "label" and not title_only and _page_label_then_people(parts, main):
        return parts
    if not main:
        return parts
    if not parts.people and _NUMBERED_SESSION.match(main):
        # `Session 4: Security and Communication Protocols (Learning-Based)`: a numbered
        # session's theme, whatever its words look like
        styled = _styled_title(main, spans)
        parts.title = clean_title(main)
        if styled is not None and styled[0].href and len(styled[1]) >= 0.8 * len(main):
            parts.url = _absolute(styled[0].href)
        return parts
    if title_only:  # the people are on lines of their own: this line is all title
        linked = _link_then_note(main, spans)
        if linked is not None:
            parts.title, parts.url = clean_title(linked[1]), _absolute(linked[0].href)
            parts.notes.append(linked[2])
            return parts
        styled = _styled_title(main, spans)
        parts.title = clean_title(main)
        if styled is not None and styled[0].href and len(styled[1]) >= 0.8 * len(main):
            parts.url = _absolute(styled[0].href)
        return parts
    _title_and_people(parts, main, spans, lenient_people, prefer)
    return parts


# `Plenary Session, Chaired by Alex Bateman, Ju Ying Hall`: the chairs, then maybe the room
_CHAIRED_BY = re.compile(r",?\s+[Cc]haired by\s+(?P<who>\S.*)$")
_ROOM_NOUN = re.compile(r"\b(?:hall|room|rooms|auditorium|theat(?:re|er)|lounge|ballroom|salon|suite|foyer|"
                        r"lobby|aula|building|centre|center)\b", re.IGNORECASE)


def _named_place(inner: str, rest: str) -> bool:
    """`Lunch (Dining Hall)`, `REGISTRATION (Claudia Cohen Hall)`: a final parenthesis
    whose last word names a kind of room is the place, though it reads as a name: after
    a break's, a registration's or a reception's title (no one speaks there), or when
    three words or more name it (`Stuart Hall` after a talk stays its speaker)."""
    words = inner.split()
    if not words or not _ROOM_NOUN.fullmatch(words[-1]):
        return False
    return len(words) >= 3 or kind_from_words(rest) in _NO_SPEAKER_KINDS


_NO_SPEAKER_KINDS = frozenset({SessionKind.BREAK, SessionKind.SOCIAL, SessionKind.OTHER})


def _chaired_by(main: str, fields: dict[str, str], rooms: frozenset[str]) -> str:
    """`main` without a trailing `, Chaired by X` (whose people go to `fields` as the
    chair, a last part naming a room as the room): the chairs are no title, nor its
    speakers."""
    m = _CHAIRED_BY.search(main)
    if m is None or m.start() == 0:
        return main
    who = m.group("who").strip(" .;")
    head, _, last = who.rpartition(", ")
    if head and (last in rooms or _ROOM_NOUN.search(last)):
        fields.setdefault("room", last)
        who = head
    fields["chair"] = (fields["chair"] + "; " + who) if "chair" in fields else who
    return main[:m.start()]


_PERSON_LABEL = re.compile(r"(?:speaker|presenter|speakers|presenters)$")


def _label_then_people(parts: ItemParts, rest: str, prefer: str | None = None) -> bool:
    """`Keynote: Yejin Choi (University of Washington)`, `Invited Speaker: Joey Jones`: a
    label with a person and no title after it.  The label is then the title and the
    person its speaker.  What follows the label is taken as people when the label says
    so (`Speaker`) or when each name carries an affiliation in parentheses (two capitalised
    words alone may be a title: `Keynote: Future Directions`)."""
    if len(rest) > 120 or rest[:1] in _QUOTES:
        return False
    got = read_people(rest)
    if got is None or not got.people or got.score < 0.99 \
            or not all(name_like(p.name) for p in got.people):
        return False
    # (a name after an honorific is a person's: `Keynote: Dr. Ana Ruiz`, where the name
    # read no longer starts the text)
    sure = _PERSON_LABEL.search(fold_label(parts.label or "")) is not None or all(
        p.affiliation and f"({p.affiliation})" in rest and org_like(p.affiliation)
        for p in got.people) or len(got.people) == 1 and rest[:1].isalpha() \
        and (not rest.startswith(got.people[0].name) or qualified_label(parts.label or ""))
    # a page whose entries read `Invited Speaker: Name` writes `Position Paper: Name` so too
    if not sure and not (prefer == "label" and len(rest.split()) <= 4):
        return False
    parts.title = parts.label
    parts.people, parts.people_score, parts.by_label = list(got.people), got.score, True
    parts.sep = "label"
    return True


_SHORT_LABEL = re.compile(r"^(?P<label>[A-Z][\w'’&-]*(?: [\w'’&-]+){0,2})\s*:\s+(?P<rest>\S.*)$")


def _page_label_then_people(parts: ItemParts, main: str) -> bool:
    """`Position Paper: Sofa Kiromilli` on a page of `Invited Speaker: Joey Jones`: a
    label of a few words the page's other entries show is followed by a name, here too."""
    m = _SHORT_LABEL.match(main)
    if m is None:
        return False
    label = m.group("label")
    if not _label_then_people(parts, m.group("rest"), "label"):
        parts.people, parts.title, parts.sep, parts.by_label = [], None, None, False
        return False
    parts.title = parts.label = label
    parts.kind = parts.kind or label_kind(label)
    return True


def _spans_in(spans: tuple[Span, ...], text: str) -> tuple[Span, ...]:
    return tuple(s for s in spans if s.start < len(text))


_BY_BEFORE = re.compile(r"\b(?:by|with|from)\s*[\[(*_]*\s*$", re.IGNORECASE)


def _styled_title(text: str, spans: tuple[Span, ...]) -> tuple[Span, str] | None:
    """The stretch set apart as the title: a bold, linked or italic run that is not a
    label and not a list of people."""
    best: tuple[float, Span, str] | None = None
    for s in spans:
        seg = text[max(0, s.start):s.end].strip()
        if len(seg) < 3 or _LINK_LABELS.match(seg.strip("[]() .")):
            continue
        if not (seg[0].isupper() or seg[0].isdigit() or seg[0] in "\"“'‘[(¿¡") \
                and len(seg) < 0.8 * len(text):
            continue  # `Click [here](...)`, `See [accepted papers](...)`: a link in a sentence
        if _DATE_ONLY.match(seg):
            continue
        if s.start > 0 and seg.count(" ") < 3 and _stressed_in_phrase(text, s):
            continue  # `Evolution of the _R_ / _Bioconductor_ communities`: all one title
        got = read_people(seg)
        if got is not None and got.score >= 0.99 and got.entries >= 2:
            continue  # an italic author list is not the title
        by = _BY_BEFORE.search(text, 0, max(0, s.start))
        if by and label_kind(text[:by.start()].strip(" -–:")) is not None and got is not None \
                and all(name_like(p.name) for p in got.people):
            continue  # `Invited Talk by **[Name](url)**`: the person, not the title
        words = min(seg.count(" ") + 1, 12)
        weight = words + (8 if s.bold else 0) + (2 if s.href else 0) + (3 if s.start <= 2 else 0)
        if best is None or weight > best[0]:
            best = (weight, s, seg)
    if best is None:
        return None
    return best[1], best[2]


def _stressed_in_phrase(text: str, s: Span) -> bool:
    """Whether the styled run `s` is a word or two stressed inside a phrase (`the _R_
    language`, `_Bioconductor_ communities`): a small word of the phrase stands right
    before or right after it.  Such a run is no title set apart (`by`, which hands over
    to people, and `and`/`with`, which may join names, do not count)."""
    before = text[:max(0, s.start)].rstrip()
    w = before[before.rfind(" ") + 1:]
    if w.isalpha() and w.islower() and w != "by":
        return True
    after = text[s.end:].lstrip()
    w = after.split(None, 1)[0] if after else ""
    return w.isalpha() and w.islower() and w not in ("by", "and", "with")


_NOTE_AFTER_LINK = re.compile(r"\s*\(([^()]*)\)\s*")


def _link_then_note(text: str, spans: tuple[Span, ...]) -> tuple[Span, str, str] | None:
    """`[Title](url) (Spotlight Session #1, ID #1)`: a link that opens the line with
    nothing after it but a parenthesis is the title, the parenthesis a note on how it is
    presented, not words of the title.  (link, its text, the note)"""
    if not text.endswith(")"):
        return None
    for s in spans:
        if s.href is None or text[:max(0, s.start)].strip():
            continue
        seg = text[max(0, s.start):s.end].strip()
        m = _NOTE_AFTER_LINK.fullmatch(text, s.end)
        if len(seg) >= 3 and m:
            return s, seg, m.group(1).strip()
        return None
    return None


def _title_and_people(parts: ItemParts, text: str, spans: tuple[Span, ...], lenient: bool,
                      prefer: str | None = None) -> None:
    text = text.strip()
    styled = _styled_title(text, spans)
    if styled is not None:
        span, seg = styled
        before = text[:max(0, span.start)].strip(" :-–—,.;|")
        after = text[span.end:].strip()
        if before.startswith("- "):
            before = before[2:]
        parts.title = clean_title(seg)
        parts.url = _absolute(span.href)
        if after.startswith(":") and not before:
            # `**Research Session 1**: Machine Learning & Applications`: a subtitle, unless
            # what follows is people beyond doubt
            rest = after[1:].strip()
            got = read_people(rest)
            sure = got is not None and got.score >= 0.99 and all(
                name_like(p.name) for p in got.people) and (
                len(got.people) >= 3
                # `**Title**: Ana Ruiz, Bo Chen`: a comma-separated list of full names
                or len(got.people) >= 2 and "," in rest
                and all(len(p.name.split()) >= 2 for p in got.people)
                or len(got.people) >= 1 and all(
                    p.affiliation and f"({p.affiliation})" in rest for p in got.people))
            if rest and not sure:
                parts.title = clean_title(f"{seg}: {rest}")
                return
        after_people, after_rest = _people_after(after)
        candidates = []
        if before:
            got = read_people(before, lenient=True)
            if got and got.people and got.score >= 0.5:
                candidates.append(got)
        if after_people is not None:
            candidates.append(after_people)
        if not candidates and _link_in_phrase(text, span):
            # `Meetup for the [Social Event](#social)`, `[Dinner](#d) at 1965m Altitude`:
            # a link on some words of the title, which is the whole line
            parts.title, parts.url = clean_title(text), None
            return
        if candidates:
            got = max(candidates, key=lambda g: (g.score, len(g.people)))
            parts.people = list(got.people)
            parts.people_score = got.score
        if after_rest:
            parts.notes.append(after_rest)
            if parts.people and after_rest.strip(" .,;"):
                parts.venue = after_rest.strip(" ,;").removesuffix(".")  # `OSDI 2024.`
        return
    # a quoted title: `"Title" - Speaker`, `Keynote - Name: "Title"`
    m = _QUOTED.search(text)
    if m and len(m.group(1).split()) >= 2 and not _quoted_in_note(text, m.start()) \
            and not _quoted_ends_phrase(text, m):
        other = (text[:m.start()] + " " + text[m.end():]).strip(" :-–—,")
        parts.title = m.group(1).strip()
        # `"Title" by Name`: the word says who (`Invited Talk on "Title" by Prof. Name` too:
        # the label's words before the quote, the people after the `by`)
        by = _BY_LEAD.match(other) or _BY_AFTER_LABEL.search(other)
        if by:
            other = other[by.end():]
        got = read_people(other, lenient=True) if other else None
        if got and got.people:
            parts.people, parts.people_score = list(got.people), got.score
            parts.by_label = parts.by_label or bool(by)
        return
    m = _DURATION_NOTE.search(text) if _ends_in_paren(text) else None
    if m and m.start() > 0:  # `Break 1 (15min lightning talks + break)`: a note, not title
        parts.notes.append(m.group(1))
        text = text[:m.start()]
    best = ("), " in text and _person_then_title(text)) or _best_split(text, lenient, prefer) \
        or _names_after_title(text)
    if best is None:
        parts.title = clean_title(text)
        return
    title, people, score, by, sep = best
    parts.title = clean_title(title)
    parts.people, parts.people_score, parts.by_label, parts.sep = list(people), score, by, sep


# `Ana Ruiz (MIT), ` opening a line: one person, her place in parentheses, a comma.
_PERSON_PAREN_LEAD = re.compile(r"^((?:Dr\.?\s+|Prof\.?\s+)?[A-Z][\w'’.\-]+(?:\s+[\w'’.\-]+){1,3}"
                                r"\s*\([^()]{2,60}\)),\s+(?=\S)")


def _person_then_title(text: str):
    """(title, people, score, by-label, separator) for `Ana Ruiz (MIT), A History of
    Bridges: the Long View`, a paper in a panel's list written person first; None for
    any other line.  The person is one name with its place in parentheses, which a
    title seldom opens with; what follows the comma is the title when it reads as no
    people (`Ana Ruiz (MIT), Bo Chen (ETH)` is a list of two).  Without this the comma
    after the parenthesis is read as more of the place, or a colon in the title as the
    end of the people."""
    k = text.find("(")
    if k < 3 or not text[k + 1:k + 2].isalpha():
        return None  # (`Title (12), Name`: a number in the parenthesis, as on most such lines)
    m = _PERSON_PAREN_LEAD.match(text)
    if m is None:
        return None
    left, right = m.group(1), text[m.end():].strip()
    who = read_people(left)
    if who is None or len(who.people) != 1 or who.score < 0.99 or not name_like(who.people[0].name) \
            or not who.people[0].affiliation or len(right.split()) < 3:
        return None
    other = read_people(right)
    if other is not None and other.score >= 0.99 and all(name_like(p.name) for p in other.people):
        return None
    return right, who.people, who.score, False, "comma-first"


def _quoted_in_note(text: str, at: int) -> bool:
    """Whether the quote at `at` stands inside a parenthesis after a title: `Dinner
    (Restaurant: Gasthaus "Zum Loewen", Old Town)`, `Walk (meet at "The Old Bridge")`
    name a place or a thing in a note, not the entry's title.  A quote in a parenthesis
    after nothing but a kind label (`Keynote ("Open Silicon")`) is still the title."""
    if "(" not in text[:at]:
        return False
    open_at = text.rfind("(", 0, at)
    if ")" in text[open_at:at]:
        return False
    before = text[:open_at].strip(" :-–—,")
    return bool(before) and label_kind(before) is None


def _quoted_ends_phrase(text: str, m: re.Match) -> bool:
    """Whether the quote `m` ends the text as the last words of its phrase: `Evidence
    for two types of "by phrases"`, its opening mark after a small word (`of`, `the`).
    Such a quote is the title's own, not the title set apart from people before it
    (`Invited Talk on "Title"` names the talk it is about)."""
    if text[m.end():].strip(" .!?"):
        return False
    before = text[:m.start()].rstrip()
    w = before[before.rfind(" ") + 1:]
    return w.isalpha() and w.islower() and w not in _QUOTE_LEADS


# The words before a quoted title that name it: `Talk on "…"`, `a lecture titled "…"`.
_QUOTE_LEADS = frozenset({"on", "about", "titled", "entitled", "called", "by"})


# Where a list of names may go on: `A, B`, `A and B`, `A & B`.
_LIST_SEPARATOR = re.compile(r",\s|\sand\s|\s&\s")
_INITIAL_WORD = re.compile(r"^[A-Z]\.(?:-?[A-Z]\.)*$")
_TITLE_ENDS_OPEN = (",", ":", "-", " and", " of", " the", " for", " with", " in", " on", " to", " a")


def _names_after_title(text: str):
    """(title, people, score, by-label, separator) for `Title Ana Ruiz and Bo Chen`: the
    title and its people with nothing but a blank between, as a page pasted from a
    browser gives a bold title and the names after it; None for any other line.

    The names are a list (two or more, each a name beyond doubt) whose first name ends
    the words before the list's first separator (see `name_ending`).  Asked only when
    no separator splits the line."""
    if " and " not in text and ", " not in text and " & " not in text:
        return None
    for m in _LIST_SEPARATOR.finditer(text):
        split = name_ending(text[:m.start()])
        if split is None:
            continue
        left = split[0]
        right = text[len(left):].strip()
        got = read_people(right)
        if got is None or len(got.people) < 2 or got.score < 0.99 \
                or not all(name_like(p.name) for p in got.people):
            continue
        return left, got.people, got.score, False, "space"
    return None


def name_ending(text: str) -> tuple[str, str] | None:
    """(title, name) where `text` is a title run on into the first of its people's names
    (`... for Traffic Forecasting Pitikorn Khlaisamniang`), or None.  The name takes the
    last two words (with an initial there, `Peter H. Hochschild`, one more): a title's
    last word and a three-word first name cannot be told apart without a dictionary of
    names, and two words is the common case.  The title must have two words or more and
    not end open (`Methods for`, `Search with`)."""
    head = text.split(" ")
    k = len(head) - 2
    while k > 0 and _INITIAL_WORD.match(head[k]):
        k -= 1
    if k < 2 or not head[k][:1].isupper():
        return None  # (the name's first letter is `head[k]`'s: told before joining)
    left, name = " ".join(head[:k]), " ".join(head[k:])
    if not _title_like(left) or left.endswith(_TITLE_ENDS_OPEN) \
            or not name_like(name):
        return None
    return left, name


def _link_in_phrase(text: str, span: Span) -> bool:
    """Whether the link `span` covers some words of a short phrase that runs on around
    it, with no separator between (`Meetup for the [Social Event](#x)`)."""
    if not span.href or span.bold or span.italic or len(text.split()) > 15:
        return False
    before, after = text[:max(0, span.start)], text[span.end:]
    return bool(re.search(r"[A-Za-z]\s$", before) or re.match(r"\s+[A-Za-z]", after))


_BY_LEAD = re.compile(r"^by\s+(?=\S)", re.I)
_BY_AFTER_LABEL = re.compile(r"\s+by\s+(?=\S)", re.I)


def _people_after(after: str):
    """People written after a styled title: `- A & B`, `, by A`, `A, B [Venue]`,
    `A, B. Venue 2020 (PDF)` (the people end at the first full stop after a name)."""
    s = after.strip()
    if not s:
        return None, ""
    s = re.sub(r"^(?:[-–—:,.]\s*)+", "", s)
    by = re.match(r"by\s+", s, flags=re.I)
    if by:
        s = s[by.end():]
        at = _name_at_place(s)
        if at is not None:
            return at, ""
    for m in re.finditer(r"(?<![\s.][A-Z])\.\s+(?=\S)", s):
        head = s[:m.start()]
        got = read_people(head, lenient=True)
        if got and got.people and got.score >= 0.9:
            return got, s[m.end():]
        break
    # drop a trailing venue or link group
    s2 = re.sub(r"\s*[\[(][^\])]*[\])]\s*[.,]?\s*$", "", s) if not re.search(r"\([^()]*\)\s*$", s) or \
        not re.search(r"[A-Z][a-z]+\s*\(", s) else s
    got = read_people(s2, lenient=True)
    if got and got.people and got.score >= 0.6:
        return got, ""
    return None, s


# `Ana Ruiz at the University of Lisbon`: a person and where she works, after a `by`.
_AT_PLACE = re.compile(r"^(?P<who>[^,;()]+?)\s+at\s+(?:the\s+)?(?P<place>[A-Z][^,;()]+?)\s*\.?$")


def _name_at_place(s: str) -> People | None:
    """`by Ana Ruiz at the University of Lisbon`: one person, the place after the `at`
    her affiliation (a place of work, never more words of a title)."""
    m = _AT_PLACE.match(s)
    if m is None or not org_like(m.group("place")):
        return None
    got = read_people(m.group("who"))
    if got is None or len(got.people) != 1 or got.score < 0.99 or not name_like(got.people[0].name):
        return None
    return People((Person(got.people[0].name, m.group("place")),), got.score, 1, 1)


_SEPARATORS = [
    (re.compile(r",?\s+by\s+", re.I), "by"),
    (re.compile(r"\s+[-–—]{1,2}\s+"), "dash"),
    (re.compile(r":\s+"), "colon"),
    (re.compile(r",\s+"), "comma"),
]


def _best_split(text: str, lenient: bool, prefer: str | None = None):
    """(title, people, score, by-label, separator) for the best split of `text`, or None.

    `prefer` is the separator the page uses on its other lines (`Title, Speaker` all
    down a list): a split there wins over an equally good one elsewhere.

    Of equally good splits the first in the line wins.  Splits are judged only while
    they could still win: in the order of the best score each kind of split can reach,
    and a split that cannot beat the best found so far (nor tie it from earlier in the
    line) ends the search.  Most lines are settled by the first split at the page's own
    separator, and reading a side as people is the cost.  `_best_split_plain` judges
    every split.
    """
    masked = _mask_parens(text)
    # The commonest line, `Title, People` on a page that writes them so, is settled by a
    # comma when no split of another kind in it could score as well.
    comma = _BASE_BONUS["comma"] + (1.5 if prefer == "comma" else 0) + 1.0
    no_comma = False  # (every comma split judged, and none names people)
    if not _other_reaches(text, masked, prefer, comma):
        got = _best_comma_split(text, masked, lenient, prefer)
        if got is not None and got[0] >= comma or not _holds_other(text, masked):
            return got[1:] if got is not None else None
        no_comma = got is None
    best = None  # (score, place, split)
    for bound, _, splits in _split_kinds(text, lenient, prefer, no_comma, masked):
        for place, judge in splits:
            if best is not None and (bound < best[0] or bound == best[0] and place > best[1]):
                return best[2][1:]  # neither this split nor any after it can win
            got = judge()
            if got is not None and (best is None or got[0] > best[0]
                                    or got[0] == best[0] and place < best[1]):
                best = (got[0], place, got)
    return best[2][1:] if best is not None else None


def _other_bounds(text: str, masked: str, prefer: str | None) -> list[float]:
    """The best score each kind of split but the comma could reach in `text` (see
    `_split_kinds`), for the kinds the text holds: the plain twin of `_other_reaches`
    and `_holds_other`, which look only for what could matter."""
    out = []
    if ". " in masked and _has_stop(masked):
        out.append(_STOP_BOUND)
    if _ends_in_paren(text):
        out.append(3.0)
    if _holds(masked, "by"):
        out.append(4.0)
    for kind, left in (("dash", 2.0), ("colon", 2.2)):
        if _holds(masked, kind):
            out += [_BASE_BONUS[kind] + (1.5 if prefer == kind else 0) + 1.0,
                    left + (1.5 if prefer == kind + "-first" else 0)]
    return out


def _other_reaches(text: str, masked: str, prefer: str | None, comma: float) -> bool:
    """Whether a split of a kind other than the comma could score `comma` or more in
    `text` (one of `_other_bounds` reaches it).  The kinds whose bound stays below
    `comma` are not looked for (on a page of `Title, People` that is the dash and the
    colon), and a full stop's split and `by` outscore every comma (3.6 and 4.0 against
    3.5 at most).  A full stop is one that `_STOP` finds: not that of an initial
    (`Philipp K. Krause`), which many names hold."""
    if ". " in masked and _has_stop(masked):
        return True
    if 3.0 >= comma and _ends_in_paren(text):
        return True
    for kind in _kinds_reaching(prefer, comma):
        if _holds(masked, kind):
            return True
    return _holds(masked, "by")


@lru_cache(maxsize=64)
def _kinds_reaching(prefer: str | None, comma: float) -> tuple[str, ...]:
    """The dash and the colon where a split of theirs (people after or before it) could
    score `comma` or more on a page that prefers `prefer` (worked out once per page's
    separator, not once a line)."""
    return tuple(kind for kind, left in (("dash", 2.0), ("colon", 2.2))
                 if _BASE_BONUS[kind] + (1.5 if prefer == kind else 0) + 1.0 >= comma
                 or left + (1.5 if prefer == kind + "-first" else 0) >= comma)


def _holds_other(text: str, masked: str) -> bool:
    """Whether `text` holds a split of a kind other than the comma, where no full stop
    or `by` splits it (see `_other_reaches`)."""
    return _ends_in_paren(text) or _holds(masked, "dash") or _holds(masked, "colon")


def _best_comma_split(text: str, masked: str, lenient: bool, prefer: str | None):
    """The first of the best comma splits of `text` (as `_split_kinds` judges them),
    looked at until one reaches the best score a comma split can; None if none.

    The splits are those `_sides` gives for the comma (`,\\s+` outside parentheses, not
    before `and`/`or`/`&`), found with `str.find` and `str.isspace` (what `\\s` is),
    without a generator or a match object per comma: asked of nearly every line."""
    if "," not in masked:
        return None
    bonus = _BASE_BONUS["comma"] + (1.5 if prefer == "comma" else 0)
    best = None
    n = len(masked)
    k = masked.find(",")
    while k >= 0:
        e = k + 1
        while e < n and masked[e].isspace():
            e += 1
        if e == k + 1:  # no blank after the comma: no separator
            k = masked.find(",", e)
            continue
        left, right = text[:k].strip(), text[e:].strip()
        k = masked.find(",", e)
        if not left or not right or right[0] in _LIST_STARTS and _LIST_GOES_ON.match(right) \
                or left[-1] == "," or len(left) > 80 and not 1 <= len(left.split()) <= 40:
            continue  # (`_title_like(left)` spelled out, `left` stripped and not empty)
        if k >= 0 and names_no_one_surely(right):
            # (the rest of the title before the people, each line's own: not read.  The
            # right side of the last comma, which the lines' people share, is read)
            continue
        # `_judge_right(left, right, "comma", bonus, lenient)`, spelled out
        got_r = _read_people(right, lenient)
        if not got_r or not got_r.people or got_r.score < 0.99 \
                or len(got_r.people) == 1 and not name_like(got_r.people[0].name):
            continue
        if best is None or bonus + got_r.score > best[0]:
            best = (bonus + got_r.score, left, got_r.people, got_r.score, False, "comma")
            if best[0] >= bonus + 1.0:
                break
    return best


# What `_LIST_GOES_ON` needs first (`and`, `or`, `&` in any case; no other character
# folds to these letters).
_LIST_STARTS = frozenset("aAoO&")


def _best_split_plain(text: str, lenient: bool, prefer: str | None = None):
    """`_best_split` judging every split."""
    judged = sorted((place, got) for _, _, splits in _split_kinds(text, lenient, prefer)
                    for place, judge in splits if (got := judge()) is not None)
    if not judged:
        return None
    return max((got for _, got in judged), key=lambda c: c[0])[1:]


def _ends_in_paren(text: str) -> bool:
    """Whether `text` ends in `)` and blanks, as every pattern that reads a final
    parenthesis needs (`Title (Speaker)`, `Talk (Invited Talk)`, `(15 min)`)."""
    return text.rstrip().endswith(")")


# What each separator needs in the text (`_SEPARATORS`); the `by` of an ASCII text in
# any case (where str.lower is what the IGNORECASE pattern does).
_SEPARATOR_CHARS = {"dash": ("-", "–", "—"), "colon": (":",), "comma": (",",)}


def _may_hold(text: str, kind: str) -> bool:
    """False when the separator of `kind` is certainly not in `text`."""
    if kind == "by":
        # (in any text: the case-blind pattern's `b` and `y` match `b`, `B`, `y` and `Y`
        # alone, and no other character lower-cases to them, so a text whose lower case
        # holds no `by` holds no match; not asked of ASCII texts only, as a line with a
        # name such as `Marcus Müller` was searched in full)
        return "by" in text.lower()
    # (each spelled out, not a loop over `_SEPARATOR_CHARS`: asked of every line)
    if kind == "comma":
        return "," in text
    if kind == "dash":
        return "-" in text or "–" in text or "—" in text
    if kind == "colon":
        return ":" in text
    return any(c in text for c in _SEPARATOR_CHARS[kind])


def _holds(text: str, kind: str) -> bool:
    """Whether the separator of `kind` is in `text`."""
    return _may_hold(text, kind) and _SEPARATOR_OF[kind].search(text) is not None


_FINAL_PAREN = re.compile(r"^(?P<t>.*\S)\s*\((?P<p>[^()]{2,80})\)\s*$")
_BASE_BONUS = {"dash": 1.5, "comma": 1.0, "colon": 0.6}


_COMMA = _SEPARATORS[3][0]
_SEPARATOR_OF = {kind: pattern for pattern, kind in _SEPARATORS}


def _split_kinds(text: str, lenient: bool, prefer: str | None, no_comma: bool = False,
                 masked: str | None = None):
    """The ways to split `text` into a title and people, by kind: (the best score a split
    of the kind can reach, the place of its first split, its splits).  A split is (its
    place in the line, how to judge it), the place a tuple ordered as the line reads;
    judging gives (score, title, people, people score, by-label, separator) or None.
    The kinds come best first, and the splits of each kind in the line's order (made
    as they are asked for).  `no_comma`: the comma's splits were judged already
    (`_best_comma_split`) and none names people: left out, not judged again (a split
    judged None is never the best, nor does it end the search).  `masked`: the text's
    `_mask_parens`, when the caller has it."""
    kinds = []
    # `Title (Speaker)`: a final parenthesis holding a name
    m = _FINAL_PAREN.match(text) if _ends_in_paren(text) else None
    if m:
        kinds.append((3.0, (0, 0, 0), [((0, 0, 0), lambda m=m: _paren_split(m))]))
    if masked is None:
        masked = _mask_parens(text)  # (the separators inside parentheses do not count)
    by_pattern = _SEPARATORS[0][0]
    for k, sm in enumerate(by_pattern.finditer(masked) if _may_hold(masked, "by") else ()):
        left, right = text[:sm.start()].strip(), text[sm.end():].strip()
        if not left or not right:
            continue
        # `Title (paper, slides), by Authors`: link labels before `by` are noise
        left = re.sub(r"\s*\((?:[^()]*)\)\s*$", "", left) if _only_link_labels(left) else left
        if _NOBODY.match(right.strip(" .")):  # `by organizers`
            kinds.append((3.5, (1, k, 0), [((1, k, 0), lambda left=left: (
                3.5, left, [], 1.0, True, "by"))]))
        else:
            kinds.append((4.0, (1, k, 0), [((1, k, 0), lambda left=left, right=right: _by_split(
                left, right))]))
    for k, sm in enumerate(_STOP.finditer(masked) if ". " in masked else ()):
        left, right = text[:sm.start()].strip(), text[sm.end():].strip()
        if left and right:
            kinds.append((_STOP_BOUND, (1.5, k, 0), [((1.5, k, 0), lambda left=left, right=right: _stop_split(
                left, right))]))
    for p, (pattern, kind) in enumerate(_SEPARATORS[1:], start=2):
        if no_comma and kind == "comma":
            continue
        bonus = _BASE_BONUS[kind] + (1.5 if prefer == kind else 0)
        kinds.append((bonus + 1.0, (p, 0, 0),
                      _people_right(text, masked, pattern, kind, p, bonus, lenient)))
        if kind in ("colon", "dash"):
            # `Speaker - Title` all down a page: the people first wins a tie there
            bonus = (1.2 if kind == "colon" else 1.0) + (1.5 if prefer == kind + "-first" else 0)
            kinds.append((bonus + 1.0, (p, 0, 1),
                          _people_left(text, masked, pattern, kind, p, bonus, lenient)))
    kinds.sort(key=lambda k: (-k[0], k[1]))
    return kinds


def _sides(text: str, masked: str, pattern: re.Pattern[str], kind: str):
    """(match number, left, right) at each separator outside parentheses."""
    if not _may_hold(masked, kind):
        return
    for k, sm in enumerate(pattern.finditer(masked)):
        left, right = text[:sm.start()].strip(), text[sm.end():].strip()
        if not left or not right:
            continue
        if kind == "comma" and _LIST_GOES_ON.match(right):
            continue  # `Virtual, Interactive, and Ecological ...`: inside a list
        yield k, left, right


_LIST_GOES_ON = re.compile(r"^(?:and|or|&)\s", re.I)


def _people_right(text, masked, pattern, kind, p, bonus, lenient):
    """`Title - People`, `Title, People`, `Title: People (Affil)`."""
    for k, left, right in _sides(text, masked, pattern, kind):
        if _title_like(left):
            yield (p, k, 0), lambda left=left, right=right: _judge_right(
                left, right, kind, bonus, lenient)


def _people_left(text, masked, pattern, kind, p, bonus, lenient):
    """`People: Title`, `People - Title`."""
    for k, left, right in _sides(text, masked, pattern, kind):
        if _title_like(right) and len(left.split()) <= 12:
            yield (p, k, 1), lambda left=left, right=right: _judge_left(
                left, right, kind, bonus, lenient)


# `Group B`, `Part 2`, `Track IV`: a word and one letter, figure or numeral names a part
# of the program, never a person (a name's initial carries its full stop).
_GROUP_MARK = re.compile(r"^[A-Z][a-z]+\s+(?:[A-Z]|\d{1,3}|[IVX]{2,4})$")


def _paren_split(m: re.Match):
    inner = m.group("p")
    inner = re.sub(r"^.*\breplaced by\s+", "", inner, flags=re.I)
    # `Title, Name (Affil)`: the parenthesis is the affiliation of the name before it
    # (the comma split reads that line)
    before = m.group("t")
    if "," in before:
        last = before.rsplit(",", 1)[1].strip()
        got = read_people(last) if last[:1].isupper() else None
        if got is not None and got.score >= 0.99 and all(name_like(p.name) for p in got.people):
            return None
    # one word may be a surname (`Invited talk (Brunskill)`); a list must be names
    single = not re.search(r"[,;]", inner)
    if single and _GROUP_MARK.match(inner.strip()):
        return None  # `Oral presentations x3 (Group B)`: a group of the program, no one
    got = read_people(inner, lenient=single and inner[:1].isupper())
    if got and got.people and got.score >= 0.99 and not _LINK_LABELS.match(inner):
        return 2.0 + got.score, m.group("t"), got.people, got.score, False, "paren"
    return None


# `Title. Authors.`: a full stop that ends no initial (`J. Smith`, `A.B. Jones`).
# (not the stop of an initial, a figure or an honorific: `Keynote pitch: Dr. Ana Ruiz`
# is no title `Keynote pitch: Dr` over the name)
_STOP = re.compile(r"(?<![\s.][A-Z])(?<!^[A-Z])(?<!\d)(?<!\bDr)(?<!\bDrs)(?<!\bProf)(?<!\bMr)"
                   r"(?<!\bMrs)(?<!\bMs)\.\s+")
_STOP_BOUND = 3.6


def _has_stop(text: str) -> bool:
    """`_STOP.search(text) is not None`, the pattern tried only at each full stop with a
    blank after it: led by nine lookbehinds, its search tries all of them at every
    character of the line (its lookbehinds look before the position it is tried at, as
    in a search).  Asked of every line with a `. ` in it, the stops of initials
    (`Philipp K. Krause`) among them."""
    k = text.find(".")
    while k >= 0:
        if text[k + 1:k + 2].isspace() and _STOP.match(text, k) is not None:
            return True
        k = text.find(".", k + 1)
    return False


def _stop_split(left: str, right: str):
    """`Title. Ana Ruiz, Bo Chen.`: citation style, the names after the title's full stop.
    Only names beyond doubt: several, or one closed by its own full stop, or one after
    a title of three words or more; what follows a stop is otherwise the title's own
    next sentence (`SS7: Locate. Track. Manipulate.`)."""
    got = names_only(right) if not names_no_one_surely(right) else None
    if got is None:
        return _stop_first_split(left, right, 0)
    if len(got.people) == 1 and not right.endswith("."):
        # `Dirk Tetzlaff and Sabine Glesner. Making MPI Intelligent`: a title may read as
        # one name; a list of names before the stop is the authors
        return None if len(left.split()) < 3 else _stop_first_split(left, right, 2) or (
            _STOP_BOUND - 1.0 + got.score, left, got.people, got.score, False, "stop")
    return _STOP_BOUND - 1.0 + got.score, left, got.people, got.score, False, "stop"


def _stop_first_split(left: str, right: str, least: int):
    """`Ana Ruiz and Bo Chen. Title`: the names first, closed by a full stop, then the
    title (a programme written as a citation with its authors in front).  Only names
    beyond doubt on the left (`least` of them at the least), and a right side that is no
    list of names itself."""
    if len(left.split()) > 12 or left.endswith((".", "…")):
        return None  # (`Deploy Kubernetes... From Kubernetes`: an ellipsis ends no names)
    got = names_only(left, least)
    if got is None or not least and names_only(right) is not None or _people_at_end(right):
        return None
    if len(got.people) == 1 and any(len(w) > 1 and w.isupper() for w in left.split()):
        return None  # (`GNU Health. Incorporating …`: a name in capitals is a project's)
    return _STOP_BOUND - 1.0 + got.score, right, got.people, got.score, False, "stop-first"


def _people_at_end(text: str) -> bool:
    """Whether `text` ends in its own people after a comma or a spaced dash: then the
    full stop before it was inside the title (`GNU Health. Incorporating Digital Public
    Goods (16), Luis Falcon`), not after its authors."""
    for sep in (", ", " - ", " – ", " — "):
        head, found, tail = text.rpartition(sep)
        if found and head and names_only(tail) is not None:
            return True
    return False


def _by_split(left: str, right: str):
    got = read_people(right, lenient=True)
    if got and got.people and got.score >= 0.5 and (
            all(name_like(p.name) or p.affiliation for p in got.people)
            or len(got.people) == 1 and right[:1].isupper() and len(right.split()) <= 3):
        return 3.0 + got.score, left, got.people, got.score, True, "by"
    return None


def _judge_right(left: str, right: str, kind: str, bonus: float, lenient: bool):
    """`Title - People`, `Title, People`, `Title: People (Affil)`."""
    if names_no_one_surely(right):
        return None
    got_r = read_people(right, lenient=lenient)
    if kind == "colon" and got_r and not any(x.affiliation for x in got_r.people):
        return None  # `Title: Subtitle` is far likelier than `Title: Names`
    if got_r and got_r.people and got_r.score >= 0.99:
        if kind == "comma" and len(got_r.people) == 1 and not name_like(got_r.people[0].name):
            return None
        return bonus + got_r.score, left, got_r.people, got_r.score, False, kind
    return None


def _judge_left(left: str, right: str, kind: str, bonus: float, lenient: bool):
    """`People: Title`, `People - Title`."""
    if names_no_one_surely(left):
        return None
    got_l = read_people(left, lenient=lenient)
    if kind == "colon" and got_l and not _strong_people(got_l) and len(left.split()) > 3:
        return None
    if got_l and got_l.people and got_l.score >= 0.99:
        return bonus + got_l.score, right, got_l.people, got_l.score, False, kind + "-first"
    return None


_PLACEHOLDER = re.compile(r"^\W*(?:tba|tbd|tbc|tentative|to be (?:announced|confirmed|determined))\W*$",
                          re.IGNORECASE)
_NOBODY = re.compile(r"^(?:the\s+)?(?:organi[sz]ers?|organi[sz]ing committee|committee|chairs?|"
                     r"program chairs?|staff|volunteers|everyone|all|tba|tbd)$", re.IGNORECASE)
_DURATION_NOTE = re.compile(r"\s*\((\d+\s*(?:min|mins|minutes|h|hr|hrs|hours)\b[^()]*)\)\s*$",
                            re.IGNORECASE)


# A final parenthesis that numbers the entry in a catalogue: `(Spotlight Session #1, ID #2)`,
# `(Poster #14)`.
_NUMBER_NOTE = re.compile(r"\s*\(([^()]*#\s?\d+[^()]*)\)\s*$")


_PARENS = re.compile(r"[()]")


def _mask_parens(text: str) -> str:
    """`text` with what stands inside parentheses blanked: separators there are not the
    item's (`Invited talk (Sekhon -- replaced by Bin Yu)`).  An opening parenthesis is
    blanked too, a closing one kept."""
    if "(" not in text:
        return text
    k = text.find("(")
    j = text.find(")", k)
    if j >= 0 and text.count("(") == 1 and text.count(")") == 1:
        # one parenthesis, closed after it opens (`Title (4), Name`): blanked in one go
        return text[:k] + "_" * (j - k) + text[j:]
    out, depth, at = [], 0, 0
    for m in _PARENS.finditer(text):
        k = m.start()
        out.append("_" * (k - at) if depth else text[at:k])
        if text[k] == "(":
            depth += 1
            out.append("_")
        else:
            depth = max(0, depth - 1)
            out.append(")")
        at = k + 1
    out.append("_" * (len(text) - at) if depth else text[at:])
    return "".join(out)


def _mask_parens_plain(text: str) -> str:
    """`_mask_parens` a character at a time."""
    out, depth = [], 0
    for ch in text:
        if ch == "(":
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
            out.append(ch)
            continue
        out.append("_" if depth else ch)
    return "".join(out)


def _strong_people(got) -> bool:
    """People beyond doubt: several names, or a name with its affiliation."""
    return len(got.people) >= 2 or any(p.affiliation for p in got.people)


def _only_link_labels(text: str) -> bool:
    """Whether the final parenthesis of `text` holds only link labels (`(paper, slides)`,
    `(🔗)`).  A number alone (`(3)`, the commonest final parenthesis of a program's
    titles) holds none: each label is letters or one to three signs, no digit."""
    m = _LAST_PARENS.search(text) if _ends_in_paren(text) else None
    if not m:
        return False
    inner = m.group(1)
    if inner.isdecimal():
        return False
    words = [w.strip() for w in inner.split(",")]
    return all(_LINK_LABELS.match(w) for w in words if w)


_LAST_PARENS = re.compile(r"\(([^()]*)\)\s*$")


def _title_like(text: str) -> bool:
    """One to forty words, not ending in a comma.  (A text of 80 characters or fewer
    holds 40 words at most, each a character and a blank after it: no need to split
    it; one word at least when anything is left once blanks are stripped.)"""
    if text.endswith(","):
        return False
    if len(text) <= 80:
        return bool(text.strip())
    return 1 <= len(text.split()) <= 40


def clean_title(text: str) -> str:
    t = text.strip()
    # (`_only_link_labels` needs a final parenthesis: most titles end otherwise, and a
    # number alone in it, `(12)`, as many do, holds no link label; each link may have
    # its own, `Metarouting (paper) (slides)`)
    while t.endswith(")") and not t[t.rfind("(") + 1:-1].isdecimal() and _only_link_labels(t):
        t = re.sub(r"\s*\((?:[^()]*)\)\s*$", "", t)
    return _trimmed_title(t)


def _trimmed_title(t: str) -> str:
    """`clean_title` of a title that ends in no parenthesis of link labels."""
    t = t.strip(" \t-–—:,;|*_")
    # wrapping quotes, and the full stop a citation puts after a bold title
    if len(t) > 2 and t[0] in "\"“'‘" and t[-1] in "\"”'’" and t.count(t[0]) <= 2:
        t = t[1:-1].strip()
    if t.endswith(".") and not t.endswith("..") and not re.search(r"\b[A-Z]\.$|\b(?:al|etc|vs)\.$", t):
        t = t[:-1]
    return t
