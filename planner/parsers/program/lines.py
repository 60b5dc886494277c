"""What one line is: a time header, a day heading, a label line, people, a title, prose
or page furniture.  Each test looks at the line alone; the reader weighs position."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from ...lazyre import lazy
from .doc import Line
from .people import People, long_name, name_like, org_like, read_people
from .when import (
    _ZONE_AFTER,
    DEADLINE,
    DayMark,
    TimeMark,
    _plausible_zone,
    find_days,
    first_time,
    month_of,
    weekday_of,
)

_WORDS = re.compile(r"\S+")
_LABEL_LINE = lazy(
    r"^(?P<label>speakers?|presenters?|authors?|by|chairs?|session chairs?|chair/co-chair|"
    r"moderators?|panell?ists?|organi[sz]ers?|organi[sz]ed by|host|hosts|instructors?|"
    r"abstract|summary|description|bio|biography|about the speaker|room|location|venue|"
    r"where|when|time|date|title|talk|paper|slides|video|recording|comments?|subjects?|"
    r"keywords|tags|arxiv link|pdf link|link|links|note|notes|track|type|format|"
    r"supported by|sponsored by|sponsor|topic|theme)\s*(?::|：)\s*(?P<value>.*)$",
    re.IGNORECASE,
)
_LABEL_ALONE = lazy(
    r"^\**(?P<label>abstract|summary|description|bio|biography|talk|paper|tutorial|workshop|"
    r"master'?s thesis|thesis|presentation|slides|video|poster|pdf|materials|"
    r"presentation not available|zoom link|recording|show abstract|hide abstract|"
    r"abstract\s*\|?\s*bio|\[?abstract\]?|\[?bio\]?|more|details|read more|top|back to top|"
    r"presentation not available|not available)\**\s*:?\s*$",
    re.IGNORECASE,
)
_NAV = lazy(
    r"^(?:home|menu|search|skip to (?:main )?content|skip to yearly menu bar|login|log in|"
    r"sign in|sign up|register|help|about|contact|donate|submit|toggle navigation|"
    r"back to top|top|share|print|quick links|help pages|previous|next|more|close|"
    r"subscribe|follow us|copyright.*|©.*|all rights reserved.*|powered by .*|"
    r"cookie.*|privacy.*|terms.*|imprint|impressum)$",
    re.IGNORECASE,
)
_DEBRIS = lazy(r"^[\s\-–—•·*|_=~#>.,:;]*$")


class Header(NamedTuple):
    """A line that opens an entry: its time and what the line says besides.  (A named
    tuple, not a frozen dataclass: one is made for every time line, and a tuple is made
    in one step where a frozen dataclass sets each field through `object.__setattr__`.)"""

    time: TimeMark
    rest: str  # the text without the time (and without a day given on the same line)
    rest_offset: int  # where `rest` starts in the line (for its spans)
    day: DayMark | None  # a day given on the same line (`Sat 3 Dec 07:15 a.m.`)
    position: str  # "lead", "tail", "alone", "inner", "field" (`Time: 9:00-10:00`)


def words(text: str) -> int:
    return len(_WORDS.findall(text))


def is_debris(text: str) -> bool:
    return _DEBRIS.match(text) is not None or ("=" in text and _ATTRIBUTES.match(text) is not None)


# `scope="col" align="left" width="100%"`: a tag's attributes left as text by a page
# whose markup went wrong (shown by the browser, pasted with the rest).
_ATTRIBUTES = lazy(r'^\s*(?:[a-z][\w-]*=(?:"[^"]*"|\'[^\']*\')\s*)+$', re.IGNORECASE)


def is_nav(text: str) -> bool:
    return len(text) < 60 and _NAV.match(text.strip(" .")) is not None


_BY_LINE = lazy(r"^(?P<label>organi[sz]ed by|presented by|hosted by|moderated by|chaired by|"
                      r"led by|with)\s+(?P<value>\S.*)$", re.IGNORECASE)


# A label set in capitals with no colon: `TITLE PipeDream: …`, `AUTHORS Deepak Narayanan (…)`.
_CAPS_LABEL = lazy(r"^(?P<label>TITLE|AUTHORS?|SPEAKERS?|PRESENTERS?|ABSTRACT)\s+(?P<value>\S.*)$")


# A role named in a few words before the people who hold it: `Session Lead: Joshua
# Schrier`, `Subject Matter Experts: A, B, and C`, `Discussant: X`.
_ROLE_LINE = lazy(
    r"^(?P<label>(?:[A-Za-z][\w-]* ){0,3}(?:leads?|experts?|facilitators?|discussants?|"
    r"respondents?|mentors?|judges?|curators?|moderators?|hosted by|led by|featuring|guests?))"
    r"\s*:\s*(?P<value>\S.*)$",
    re.IGNORECASE,
)


def label_line(text: str) -> tuple[str, str] | None:
    m = _LABEL_LINE.match(text.strip())
    if m:
        return m.group("label").lower(), m.group("value").strip()
    m = _ROLE_LINE.match(text.strip()) if ":" in text else None
    if m and is_people_line(m.group("value").strip()):
        return "speakers", m.group("value").strip()
    m = _CAPS_LABEL.match(text.strip()) if text[:1] in "TASP" else None
    if m and not m.group("value").isupper():
        return m.group("label").lower(), m.group("value").strip()
    m = _BY_LINE.match(text.strip())
    if m and len(m.group("value")) < 300:
        label = m.group("label").lower()
        if label == "chaired by":  # `Chaired by A, B (backup)`: the session's chairs, no speakers
            return "chair", m.group("value").strip()
        return ("organized by" if label != "with" else "by"), m.group("value").strip()
    m = _LABEL_ALONE.match(text.strip().strip("[]"))
    if m:
        return m.group("label").lower().strip("[]*"), ""
    return None


_VERBS = re.compile(r"\b(?:is|are|was|were|will|be|been|has|have|had|we|our|this|these|there|"
                    r"held|takes? place)\b", re.IGNORECASE)


_SENTENCE = lazy(r"\b(?:was|were|will be|takes? place|is held|are held|please|we|our|you|"
                       r"your|begins?|starts?|runs?)\b", re.IGNORECASE)


def is_prose(text: str) -> bool:
    n = words(text)
    if n > 32:
        return True
    if (n >= 16 or n >= 10 and text.rstrip().endswith(".")) and _VERBS.search(text) \
            and not text.rstrip().endswith(":"):
        return True
    if n >= 20 and text.rstrip().endswith("."):
        return True
    if n >= 9 and text.rstrip().endswith((".", "!", "?", "…")) and re.search(r"\b(?:is|are|was|were|we|will|the|this|our|has|have|can|to)\b", text, re.I):
        return True
    return False


# Where a short title may end and a sentence about it begin: a full stop (not an
# initial's or an honorific's) or a dash between blanks.
_DESCRIPTION_START = re.compile(r"(?<![\s.][A-Z])(?<!\bDr)(?<!\bSt)(?<!\bvs)\.\s+(?=[A-Z])|\s[-–—]\s+(?=[A-Z])")


# How a sentence to the attendees opens (`We'll go around the room`, `Please bring`).
_ADDRESSED = re.compile(r"(?:we|you|our|please|join|come|bring|let)\b", re.IGNORECASE)


def title_then_description(text: str) -> tuple[str, str] | None:
    """(title, description) for a timed line that runs a short title on into a sentence
    about it: `People arrive. Coffee will be served (if we have money for it!)`,
    `Introductions - We'll go around the room and introduce ourselves, …`; None for any
    other text.  The title is six words at most; the rest is a sentence, not a title
    after a kind (`Keynote - This Is Not a Drill`): mostly lower-case words, a verb of
    `_VERBS` among four words or more, or twelve words.  After a dash the rest is a
    talk's subtitle unless it speaks to the attendees (`We'll …`, `Please …`) or runs
    to twelve words."""
    # (the pattern needs a full stop or a dash: most titles hold neither, and the
    # pattern, led by a lookbehind and a blank, is tried at every position of the text)
    if "." not in text and "-" not in text and "–" not in text and "—" not in text:
        return None
    m = _DESCRIPTION_START.search(text)
    if m is None:
        return None
    title, rest = text[:m.start()].strip(), text[m.end():].strip()
    n = words(rest)
    if not title or words(title) > 6 or n < 4 or not (n >= 12 or _VERBS.search(rest)):
        return None
    if m.group().strip() != "." and _ADDRESSED.match(rest) is None and n < 12:
        # (after a dash, a subtitle: `From hackathon idea to hackaday prize - How we
        # make a Braille embosser.`)
        return None
    later = rest.split()[1:]
    if sum(w[:1].isupper() for w in later) > 0.3 * len(later):
        return None
    return title, rest


def header_of(line: Line, *, allow_inner: bool = True) -> Header | None:
    """The time that makes `line` an entry's header (see `_header_of`), worked out once
    per line: the reader asks while preparing and again while reading."""
    if not allow_inner:
        return _header_of(line, allow_inner=False)
    memo = line.memo
    if memo is None:
        memo = line.memo = {}
    if "header" not in memo:
        memo["header"] = _header_of(line)
    return memo["header"]


def _header_of(line: Line, *, allow_inner: bool = True) -> Header | None:
    """`_header_of_plain`, with a shortcut for the commonest header of all."""
    got = lead_range_header(line.text)
    return got if got is not None else _header_of_plain(line, allow_inner=allow_inner)


# `9:00 - 9:10 Title, Speaker`: a range of two clocks opens the line, a word follows
# (its first run of ASCII letters and a full stop after it, found in the same match:
# the day it may name is looked up by it), or a bracket, a quote or `#` that opens a
# title (`9:00 - 9:10 [Security] Title`, `9:00 - 9:10 "Vanilla" Debian`: no group 2).
_LEAD_RANGE = re.compile(r"(\d{1,2}[:.]\d\d ?[-–—] ?\d{1,2}[:.]\d\d) (?:([A-Za-z]+\.?)|[\[\"“„»«#])")
# What may follow a clock as part of it (`9:00 - 9:10 am`, `... noon`).
# (a meridiem glued to a capitalised title counts: `9:00 - 9:10 amWelcome`, as in `_AMPM`)
_CLOCK_TAIL = re.compile(r"[ap]\.?\s?m(?:\b|(?-i:(?=[A-Z][a-z])))|noon|midnight|uhr\b", re.IGNORECASE)
_DAY_WORDS = frozenset({"day", "first", "second", "third", "fourth", "fifth"})


@lru_cache(maxsize=4096)  # a program repeats its ranges
def _range_mark(clocks: str) -> TimeMark | None:
    """The time of `clocks` when it is one range of two clocks, from its first to its
    last character, with no zone."""
    t = first_time(clocks)
    if t is None or t.begin != 0 or t.stop != len(clocks) or t.open is not None \
            or t.start is None or t.end is None or t.zone is not None:
        return None
    return t


@lru_cache(maxsize=4096)  # a program's titles share their first words
def _names_day(word: str) -> bool:
    """Whether the first word after a range may start a day (`Monday`, `May`, `Day`)."""
    return weekday_of(word) is not None or month_of(word) is not None or \
        word.lower().rstrip(".") in _DAY_WORDS


def lead_range_header(text: str) -> Header | None:
    """`_header_of_plain` for a line such as `9:00 - 9:10 Title, Speaker`, quickly, or
    None for any other line (and for the few such lines where the slow way might read
    more into the words after the range: a meridiem, a zone, a day).

    The time is that of the range alone, since the words after it add nothing to the
    time (`_TIME_RE` stops at the blank; no meridiem, noon or zone follows it).  No day
    can stand right after the range, as its first word names none, so the rest of the
    line is the header's text.
    """
    if len(text) > 400:
        return None
    m = _LEAD_RANGE.match(text)
    if m is None:
        return None
    clocks = m.group(1)
    t = _range_mark(clocks)
    if t is None:
        return None
    word = m.group(2)
    if word is None:
        return _bracket_led(text, t, m.end() - 1)
    at = m.start(2)
    # (the pattern puts an ASCII letter at `at`: a meridiem, `noon`,
    # `midnight` or `uhr` starts with one of ten, a zone with two capitals or `AoE`)
    if text[at] in "apnmuAPNMU" and _CLOCK_TAIL.match(text, at):
        return None
    if ("A" <= text[at + 1:at + 2] <= "Z" or text.startswith("AoE", at)) and \
            (z := _ZONE_AFTER.match(text, len(clocks))) is not None and _plausible_zone(z.group("zone")):
        return None
    if _names_day(word):
        return None
    rest = text[at:].strip()
    if rest.endswith(")") and _DURATION_AFTER.search(rest):
        return None  # (`Title (15 min)`: the slow way takes the note off)
    return Header(t, rest, len(text) - len(rest), None, "lead")


def _bracket_led(text: str, t: TimeMark, at: int) -> Header | None:
    """`lead_range_header` of a line whose text after the range opens with `[`, a quote
    or `#` (`9:00 - 9:10 [Security] Title`), as `_header_of_plain` reads it: no time
    goes on past the range, and no day stands right after it (a day opens with a letter
    or a figure, and the mark is left between).  Its text is the rest of the
    line but where `_header_of_plain` would take a duration note off its end (`(15
    min)`) or find nothing but brackets in it (then None: the slow way reads it)."""
    rest = text[at:].strip()
    if rest.endswith(")") and _DURATION_AFTER.search(rest) or not rest.strip(" -–—:|,).](["):
        return None
    return Header(t, rest, len(text) - len(rest), None, "lead")


_DURATION_AFTER = re.compile(
    r"\s*\(\s*(?:\d{1,2}:\d{2}|\d{1,3}\s*(?:min|mins|minutes|h|hrs?|hours?))\s*"
    r"(?:duration|long)?\s*\)\s*$", re.IGNORECASE)


# What follows a start's range dash when the event has no set end
_OPEN_END = lazy(r"^[-–—]\s*(?:open[- ]?end(?:ed)?|till late|late|onwards?)\W*$", re.IGNORECASE)

# The label of a line that gives an entry's time as a field (`Time: 14:00 - 15:30`).
_TIME_FIELD = lazy(r"^(?:time|times|when|time slot|hours|date and time|date & time)$",
                         re.IGNORECASE)


def _header_of_plain(line: Line, *, allow_inner: bool = True) -> Header | None:
    """The time that makes `line` an entry's header, or None when it is not one.

    A time opens an entry when it starts the line, ends it, is all of it, or stands
    in a short line (`Fun Hardware 11am EDT Tuesday Session chair: ...`).  Times inside
    prose are details of an item, not items.
    """
    text = line.text
    if len(text) > 400:
        return None
    t = first_time(text)
    if t is None:
        return None
    if t.open == "allday" and words(text) > 4:
        return None
    before = text[:t.begin].strip(" *#-–—•·|:([")
    after = text[t.stop:].strip()
    days = find_days(text)
    day = None
    for d in days:
        # a day right before or after the time belongs to it
        if d.stop <= t.begin and not text[d.stop:t.begin].strip(" ,@-–—|(at/"):
            day = d
        elif d.begin >= t.stop and not text[t.stop:d.begin].strip(" ,(|-–—"):
            day = d
        elif d.stop <= t.begin and words(before) <= 6 and d.begin == 0:
            day = d
    if day is not None:
        if day.stop <= t.begin:
            before = (text[:day.begin] + " " + text[day.stop:t.begin]).strip(" *#-–—•·|:,(/")
        else:
            after = (text[t.stop:day.begin] + " " + text[day.stop:]).strip()
        if before and day.full and any(m.ordinal is not None and text[m.begin:m.stop] == before for m in days):
            before = ""  # `Day 2 – May 26th, 2020 | 5pm – 7 pm`: a day's number, date and hours
    if before and _TIME_FIELD.match(before):
        # `Time: 14:00 - 15:30  Chair: X` under a heading: a field of the entry above,
        # the label no title
        rest = after.strip(" -–—:|,")
        return Header(t, rest, len(text) - len(after.lstrip(" -–—:|,")), day, "field")
    after = re.sub(r"^\(\s*\)", "", after.strip()).strip()
    if after[:1] in ("-", "–", "—") and _OPEN_END.match(after):
        after = ""  # `After-event / 19:00 – open-end`: a start and no end
    if after.endswith(")") and _DURATION_AFTER.search(after):
        after = _DURATION_AFTER.sub("", after)  # `(09:00-10:20) (1:20 duration)`: a note
    after_clean = after.strip(" -–—:|,).]([")
    if not before and not after_clean:
        return Header(t, "", len(text), day, "alone")
    if not before:
        off = len(text) - len(after.lstrip(" -–—:|,).]"))
        return Header(t, after_clean if after_clean == after.lstrip(" -–—:|,).]") else after.lstrip(" -–—:|,).]"), off, day, "lead")
    if not after_clean or re.match(r"^[)\]]?\s*$", after_clean):
        if is_prose(before) or words(before) >= 6 and _SENTENCE.search(before):
            return None  # `The workshop was held ... on October 17, from 13:00-18:00 EDT.`
        return Header(t, before.rstrip(" /") or before, 0, day, "tail")  # (`Title / 17:05 – 17:45`)
    if not allow_inner or is_prose(text) or words(before) > 12 or words(text) > 30 \
            or text.rstrip().endswith("."):
        return None
    # a time in the middle: `Fun Hardware 11am EDT Tuesday Session chair: X`
    if t.strong and (t.zone or day is not None or t.end is not None):
        rest = (before + " " + after).strip()
        return Header(t, rest, 0, day, "inner")
    return None


def day_line(line: Line) -> DayMark | None:
    """A line that names a day and nothing else of weight: a day heading."""
    text = line.text
    if len(text) > 120 or first_time(text) is not None:
        return None
    days = find_days(text)
    if not days:
        return None
    d = max(days, key=lambda m: (m.full, m.weekday is not None, m.stop - m.begin))
    if d.ordinal is not None and len(days) > 1:
        d = next((m for m in days if m.full or m.weekday is not None), d)
    rest = (text[:d.begin] + " " + text[d.stop:]).strip(" *#:-–—,|()[]")
    strong = line.heading or _all_bold(line) or line.cells is not None or line.synthetic
    if d.weekday is None and d.day is None and d.ordinal is None:
        return None
    if d.last_day is not None and d.weekday is None:
        return None  # `LangDev Meetup 14-15 November 2023`: the event's dates, not a day
    if rest and DEADLINE.search(rest):
        return None  # `Registration deadline: 4 January 2020`: no day of the program
    limit = 8 if strong else 3
    if not strong and len(days) > 1 and any(m.ordinal for m in days) and d.ordinal is None:
        limit = 6  # `Main Conference Day One: Monday 24th`
    if words(rest) > limit:
        return None
    if not strong and d.weekday is None and not d.full and d.ordinal is None:
        return None
    if not strong and d.ordinal is not None and d.weekday is None and not d.full and rest:
        return None  # (`Day 1` alone on its line is a day heading however it is set)
    return d


def _all_bold(line: Line) -> bool:
    return bool(line.spans) and sum(s.end - s.start for s in line.spans if s.bold) >= len(line.text) * 0.8


def people_of(text: str, *, lenient: bool = False) -> People | None:
    got = read_people(text, lenient=lenient)
    if got is None or not got.people:
        return None
    return got


def is_people_line(text: str, *, lenient: bool = False) -> bool:
    """Nothing but people: several names, or one name where the position says so."""
    if len(text) > 2500 or text.endswith(("?", "!")) or ":" in text and not re.search(r"\(.*:.*\)", text):
        return False
    got = people_of(text, lenient=lenient)
    if got is None:
        return False
    if got.entries >= 2:
        # the first entry leads the list: it must be a name itself (one of four or five
        # words when every entry reads as a name: `Kin Max Piamolini Gusmão, Joan Espasa`)
        first = got.people[0].name
        return got.score >= 0.75 and (name_like(first, lenient)
                                      or got.score == 1.0 and long_name(first))
    p = got.people[0]
    if got.score < 1.0:
        return False
    if lenient or name_like(p.name):
        return True
    # one word with an affiliation: `Silvia (CCC)` reads as a person, `IMOP (half-day)` not
    return p.affiliation is not None and org_like(p.affiliation) and name_like(p.name, True)
