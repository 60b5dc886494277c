"""Kind labels (`Keynote:`, `Invited Talk -`, `(Invited Talk)`, `Coffee Break`) and the
session kind a title's words suggest."""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import compress, repeat
from operator import contains, not_

from ...model import SessionKind
from .anycase import AnyCase

# Folded label -> kind.  A label is a prefix (`Keynote: Title`), a suffix in parentheses
# (`Title (Invited Talk)`) or, alone, the whole title (`Keynote`, `Lunch`).
LABELS: dict[str, SessionKind] = {
    "oral": SessionKind.ORAL, "orals": SessionKind.ORAL, "oral session": SessionKind.ORAL,
    "oral presentation": SessionKind.ORAL, "contributed talk": SessionKind.TALK,
    "contributed talks": SessionKind.TALK, "paper session": SessionKind.SESSION,
    "poster": SessionKind.POSTER, "posters": SessionKind.POSTER,
    "poster session": SessionKind.POSTER, "poster spotlight": SessionKind.SPOTLIGHT,
    "invited talk": SessionKind.INVITED, "invited": SessionKind.INVITED,
    "invited speaker": SessionKind.INVITED, "invited paper": SessionKind.INVITED,
    "invited talks": SessionKind.INVITED,
    "keynote": SessionKind.KEYNOTE, "keynote talk": SessionKind.KEYNOTE,
    "keynote speaker": SessionKind.KEYNOTE, "opening keynote": SessionKind.KEYNOTE,
    "closing keynote": SessionKind.KEYNOTE, "keynote address": SessionKind.KEYNOTE,
    "keynote speech": SessionKind.KEYNOTE,
    "plenary": SessionKind.KEYNOTE, "plenary talk": SessionKind.KEYNOTE,
    "spotlight": SessionKind.SPOTLIGHT, "spotlights": SessionKind.SPOTLIGHT,
    "panel": SessionKind.PANEL, "panel discussion": SessionKind.PANEL,
    "tutorial": SessionKind.TUTORIAL, "workshop": SessionKind.WORKSHOP,
    "demo": SessionKind.DEMO, "demos": SessionKind.DEMO, "demo session": SessionKind.DEMO,
    "talk": SessionKind.TALK, "event": SessionKind.OTHER, "lightning talk": SessionKind.TALK,
    "lightning talks": SessionKind.SESSION, "sponsor talk": SessionKind.TALK,
    "industry talk": SessionKind.TALK, "social": SessionKind.SOCIAL,
    "break": SessionKind.BREAK, "coffee break": SessionKind.BREAK,
    "session": SessionKind.SESSION, "paper": SessionKind.TALK, "papers": SessionKind.SESSION,
    "presentation": SessionKind.TALK, "discussion": SessionKind.PANEL,
    "fireside chat": SessionKind.PANEL, "lecture": SessionKind.TALK,
    "meeting": SessionKind.OTHER, "hackathon": SessionKind.OTHER,
}
# Words in a title that tell its kind, checked in order.
_KIND_WORDS = [
    # (and in German, French, Spanish and Italian: `Mittagspause`, `Pause café`, `Almuerzo`)
    (re.compile(r"\b(?:coffee|tea|lunch|breakfast|dinner|break|refreshments?|catering|"
                r"\w*pausen?|pausa|kaffee|mittagessen|d[ée]jeuner|almuerzo|comida|pranzo)\b",
                re.I), SessionKind.BREAK),
    (re.compile(r"\b(?:remarks|welcome|opening|closing|farewell|awards?|announcements?|"
                r"introduction|introductory|wrap[- ]?up|report|"
                r"begr[üu](?:ß|ss)ung|er[öo]ffnung|abschluss|bienvenue|ouverture|cl[ôo]ture|"
                r"accueil|bienvenida|apertura|clausura|inauguraci[óo]n|benvenuto)\b", re.I), SessionKind.REMARKS),
    (re.compile(r"\b(?:reception|social|banquet|mixer|dinner|party|excursion|meetup|"
                r"game night|happy hour|trivia)\b", re.I), SessionKind.SOCIAL),
    (re.compile(r"\bkeynotes?\b|\bplenary\b", re.I), SessionKind.KEYNOTE),
    (re.compile(r"\binvited\b", re.I), SessionKind.INVITED),
    (re.compile(r"\bposters?\b", re.I), SessionKind.POSTER),
    (re.compile(r"\bspotlights?\b", re.I), SessionKind.SPOTLIGHT),
    (re.compile(r"\bpanel\b", re.I), SessionKind.PANEL),
    (re.compile(r"\btutorials?\b", re.I), SessionKind.TUTORIAL),
    (re.compile(r"\bworkshops?\b", re.I), SessionKind.WORKSHOP),
    (re.compile(r"\b(?:registration|check-?in|hacking|business meeting|"
                r"office hours?)\b", re.I), SessionKind.OTHER),
    (re.compile(r"\boral\b", re.I), SessionKind.ORAL),
    (re.compile(r"\bsession\b|\bsection\b|\btrack\b", re.I), SessionKind.SESSION),
]
_LABEL_PREFIX = re.compile(
    r"^(?P<label>[A-Za-z][A-Za-z .\-]{1,30}?)\s*(?::|\s[-–—]\s|\s*\|)\s*(?P<rest>\S.*)$"
)
_LABEL_SUFFIX = re.compile(r"^(?P<rest>.*\S)\s*\((?P<label>[A-Za-z][A-Za-z .\-]{1,30})\)\s*$")
_FOLD = re.compile(r"[^a-z ]+")
_ASCII_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def fold_label(text: str) -> str:
    return " ".join(_FOLD.sub(" ", text.lower()).split())


def label_kind(text: str) -> SessionKind | None:
    return LABELS.get(fold_label(text))


# The first character that can stand neither in a label nor in the blanks after it.
_PAST_LABEL = re.compile(r"[^A-Za-z .\-\s]")


def _may_lead_label(text: str) -> bool:
    """False when `_LABEL_PREFIX` certainly finds no label in `text`.  What comes before
    its separator is letters, blanks, `.` and `-`, so the separator is the first other
    character (`:`, `|`, `–`, `—`) or a `-` before it: most titles hold neither
    (`GDevelop (1), Florian Rival`), and the pattern, which tries every length of label,
    need not be tried."""
    m = _PAST_LABEL.search(text)
    if m is None:
        return "-" in text
    return text[m.start()] in _LABEL_SEPARATORS or "-" in text[:m.start()]


_LABEL_SEPARATORS = frozenset(":|–—")
# The first word of every known label (`keynote`, `invited`, `coffee`, ...).
_LABEL_FIRST_WORDS = frozenset(key.split()[0] for key in LABELS)
_LEAD_LETTERS = re.compile(r"[A-Za-z]+")


# A text whose first run of letters is the first word of a known label, in any case:
# one match where `_LEAD_LETTERS`, `str.lower` and a set lookup are three steps (ASCII
# folding only, as `str.lower` folds the ASCII letters `[A-Za-z]` finds).
_KNOWN_FIRST = re.compile("(?:" + "|".join(sorted(_LABEL_FIRST_WORDS)) + ")(?![A-Za-z])",
                          re.IGNORECASE | re.ASCII)


# The first letters of those words, in both cases (`_KNOWN_FIRST` folds ASCII only).
_KNOWN_FIRST_LETTERS = frozenset(w[0] for w in _LABEL_FIRST_WORDS) | frozenset(
    w[0].upper() for w in _LABEL_FIRST_WORDS)


def _may_be_known_label(text: str, extra: frozenset[str]) -> bool:
    """False when the label `_LABEL_PREFIX` would find in `text` is certainly no known
    one.  That label starts the text with a letter and ends before a blank, `:` or `|`,
    never inside a run of letters: folded, its first word is the text's first run of
    letters, lower-cased, and a known label starts with one of few words.  Most titles
    with a colon (`Infra Finder: Increasing ...`) are told so without trying every
    length of label and folding the one found."""
    if not extra:
        # (most titles open with a letter no known label's first word does: told by one
        # set lookup, before the pattern, which tries each word in turn)
        return text[:1] in _KNOWN_FIRST_LETTERS and _KNOWN_FIRST.match(text) is not None
    run = _LEAD_LETTERS.match(text)
    if run is None:
        return False
    first = run.group().lower()
    return first in _LABEL_FIRST_WORDS or any(k.split(" ")[0] == first for k in extra)


def _may_end_in_label(text: str) -> bool:
    """False when `_LABEL_SUFFIX` certainly finds no `(Label)` at the end of `text`:
    its label holds no bracket, so it is what stands between the last `(` and the final
    `)`, and it opens with an ASCII letter.  A numbered title (`Title (12)`) is told so
    by two string searches, where the pattern backtracks over the whole title to find
    that out (about two microseconds a long title)."""
    stripped = text.rstrip()
    if not stripped.endswith(")"):
        return False
    return stripped[stripped.rfind("(") + 1] in _ASCII_LETTERS


def split_label(text: str, extra: frozenset[str] = frozenset()) -> tuple[str | None, SessionKind | None, str]:
    """(label, its kind, the rest) for `Keynote: Title`, `Title (Invited Talk)`,
    `Keynote - Name`; (None, None, text) when the text has no known label."""
    # (a title seldom opens with a known label's first word: asked first)
    m = _LABEL_PREFIX.match(text) if _may_be_known_label(text, extra) and _may_lead_label(text) \
        else None
    if m:
        label = m.group("label").strip()
        key = fold_label(label)
        if key in LABELS or key in extra:
            return label, LABELS.get(key), m.group("rest").strip()
    m = _LABEL_SUFFIX.match(text) if _may_end_in_label(text) else None
    if m:
        key = fold_label(m.group("label"))
        if key in LABELS:
            return m.group("label"), LABELS[key], m.group("rest").strip()
    m = _QUALIFIED_LABEL.match(text) if ":" in text else None  # (the pattern needs one)
    if m:
        label = m.group("label")
        kind = kind_from_words(label)
        return label, SessionKind.TALK if kind is SessionKind.SESSION else kind, m.group("rest")
    return None, None, text


# `Long talk: …`, `Short talk: …`, `Keynote pitch: …`, `Invited lecture: …`: a word or
# two before a talk's noun, then a colon, label the entry as the known labels do (of
# the kind their words tell; a talk when they tell none)
_QUALIFIED_LABEL = re.compile(r"^(?P<label>[A-Za-z]+(?: [A-Za-z]+)? (?:talk|lecture|pitch))"
                              r"\s*:\s+(?P<rest>\S.*?)\s*$", re.I)


def qualified_label(label: str) -> bool:
    """Whether `label` is one `_QUALIFIED_LABEL` reads and no known label: it names the
    slot (`Long talk`), so a name alone after it is the talk's speaker."""
    return fold_label(label) not in LABELS and _QUALIFIED_LABEL.match(label + ": x") is not None


# Any of the words above: most titles hold none, and one search tells (the union of
# the patterns matches exactly where one of them does).
_ANY_KIND_WORD = AnyCase(re.compile("|".join(f"(?:{p.pattern})" for p, _ in _KIND_WORDS), re.I))


# Where one of `_KIND_WORDS` matches an ASCII title, the title holds the first word of
# what it matched (`check` of `check-in`, `office` of `office hours`) as a word of its
# own, or `pause` (`Kaffeepause`): a set of words tells most titles apart quicker than
# the union of the patterns, which a regex engine tries at every position.
_PATTERN_FIRST_WORDS = [frozenset(words.split()) for words in (  # each of `_KIND_WORDS`'
    """coffee tea lunch breakfast dinner break refreshment refreshments catering pausa kaffee
    mittagessen dejeuner almuerzo comida pranzo""",
    """remarks welcome opening closing farewell award awards announcement announcements
    introduction introductory wrap wrapup report begrussung eroffnung abschluss bienvenue
    ouverture cloture accueil bienvenida apertura clausura inauguracion benvenuto""",
    "reception social banquet mixer dinner party excursion meetup game happy trivia",
    "keynote keynotes plenary", "invited", "poster posters", "spotlight spotlights", "panel",
    "tutorial tutorials", "workshop workshops",
    "registration check checkin hacking business office", "oral", "session section track")]
_KIND_FIRST_WORDS = frozenset().union(*_PATTERN_FIRST_WORDS)
_WORD = re.compile(r"\w+")


def may_name_kind(title: str) -> bool:
    """False when none of `_KIND_WORDS` is in the title, for certain."""
    if not title.isascii():
        return _ANY_KIND_WORD.found(title)
    low = title.lower()
    return "pause" in low or not _KIND_FIRST_WORDS.isdisjoint(_WORD.findall(low))


# ASCII bytes as `_WORD` reads them after lower-casing: word bytes kept, the rest blanks
# (line feeds kept: they part the titles).
_WORD_BYTES = bytes(c + 32 if 65 <= c <= 90 else c if 48 <= c <= 57 or 97 <= c <= 122
                    or c in (95, 10) else 32 for c in range(256))
_KIND_FIRST_BYTES = frozenset(w.encode("ascii") for w in _KIND_FIRST_WORDS)


def kinds_from_words(titles: list[str]) -> list[SessionKind]:
    """`kind_from_words` of each title.  Which titles may name a kind (`may_name_kind`)
    is told for all of them at once: the titles joined, as ASCII bytes with every
    character `_WORD` does not read a blank, and parted again, each title's words are
    looked up in C-level maps (a Python loop per title cost more than the look-ups); a
    title beyond ASCII is always read, and one that holds `pause`.  Only those titles
    are read: in a program of talks, a few in a hundred."""
    joined = "\n".join(titles)
    text = joined.encode("ascii", "replace").translate(_WORD_BYTES)
    n = len(titles)
    out = [SessionKind.SESSION] * n
    words = text.split(b"\n")
    if len(words) != n:  # (a title with a line feed of its own)
        words = [t.encode("ascii", "replace").translate(_WORD_BYTES).replace(b"\n", b" ")
                 for t in titles]
    free = _KIND_FIRST_BYTES.isdisjoint
    read = set(compress(range(n), map(not_, map(free, map(bytes.split, words)))))
    if not joined.isascii():
        read.update(compress(range(n), map(not_, map(str.isascii, titles))))
    if b"pause" in text:
        read.update(compress(range(n), map(contains, words, repeat(b"pause"))))
    for i in read:
        out[i] = kind_from_words(titles[i])
    return out


@lru_cache(maxsize=1 << 14)
def kind_from_words(title: str) -> SessionKind:
    """The kind the title's words suggest: the first of `_KIND_WORDS` found in it.  An
    ASCII title is searched only with the patterns one of whose first words it holds
    as a word (or `pause`, for the breaks): a title that names one kind is not searched
    with the other twelve patterns; and lower-cased, with the patterns compiled without
    IGNORECASE (`anycase`: the same matches on ASCII, found several times quicker)."""
    if not title.isascii():
        return kind_from_words_plain(title) if _ANY_KIND_WORD.found(title) else SessionKind.SESSION
    low = title.lower()
    words = set(_WORD.findall(low))
    pause = "pause" in low
    if not pause and _KIND_FIRST_WORDS.isdisjoint(words):
        return SessionKind.SESSION  # (`may_name_kind`)
    lead = _lead(low)
    for (pattern, kind), first in zip(_LOWER_KIND_WORDS, _PATTERN_FIRST_WORDS):
        if first.isdisjoint(words) and not (pause and kind is SessionKind.BREAK):
            continue
        if pattern.search(lead if kind in _EVERYDAY else low):
            return kind
    return SessionKind.SESSION


# `_KIND_WORDS` for lower-cased ASCII titles (their letters are named in lower case)
_LOWER_KIND_WORDS = [(re.compile(p.pattern, p.flags & ~re.IGNORECASE), kind)
                     for p, kind in _KIND_WORDS]


# A title longer than this is a talk's own (`Evaluation in Social Media Research:
# Challenges and Opportunities`, `A hands-on introduction to NLP with spaCy and
# friends`): everyday words (a break, remarks, a social event, `hacking`) tell its kind
# only among its first words (`Lunch on your own in the atrium`), while a format's name
# (`The DevOps Panel at AppSec USA`, `… (RL4RealLife) Workshop`) tells it anywhere.
_SHORT_TITLE = 6
_LEAD_WORDS = 2
_EVERYDAY = frozenset({SessionKind.BREAK, SessionKind.REMARKS, SessionKind.SOCIAL,
                       SessionKind.OTHER})


def _lead(title: str) -> str:
    """What the everyday words are looked for in: a long title's first words."""
    words = title.split()
    return " ".join(words[:_LEAD_WORDS]) if len(words) > _SHORT_TITLE else title


def kind_from_words_plain(title: str) -> SessionKind:
    """`kind_from_words` without the shortcut: each pattern in turn."""
    lead = _lead(title)
    for pattern, kind in _KIND_WORDS:
        if pattern.search(lead if kind in _EVERYDAY else title):
            return kind
    return SessionKind.SESSION


def is_break(title: str) -> bool:
    return kind_from_words(title) is SessionKind.BREAK
