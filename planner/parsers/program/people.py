"""People lines: names and the affiliations written beside them.

The layouts real programs use, all read by one splitter that respects parentheses:

* `Name (Affil), Name (Affil) and Name (Affil).`  — one affiliation per name;
* `A, B, C (Affil)` and `A, B (Affil1); C (Affil2)` — one affiliation for a group;
* `Name, Affil (Country); Name, Affil` and USENIX `A and B, University of X; C, MSR`
  — a comma between the names and the affiliation of each `;` group;
* `Name - Affil`, `A · B · C`, `A & B`, `Deanna and Justina Vickers` (two people);
* honorifics (`Dr.`, `Drs.`, `Prof. Dr.`, `Mr.`) are not part of a name; handles in
  parentheses or after a slash (`Benjamin Holland (daedared)`, `Martin Haase/maha`) are
  dropped; a nickname inside a name (`Alexandra (Sasha) Fedorova`) stays as written.

`read_people` returns the people and how sure it is that the line is a people line at
all; the reader weighs that against the line's position.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ...lazyre import lazy
from ...speakers import is_artefact, looks_like_name
from ...zones import tz_table
from .anycase import AnyCase

_HONORIFIC = re.compile(
    r"^(?:(?:Drs?|Prof|Profs|Professor|Mr|Mrs|Ms|Mx|Miss|Sir|Dame|Rev|Hon|Assoc|Asst|Dipl|Ing|PD|"
    r"Dr\.-Ing|Dott|Dra|Sr|Sra|Herr|Frau)(?:\.?(?:\s+|$)|\.(?=[A-Z][a-z])))+",
    re.IGNORECASE,
)
_SUFFIX = re.compile(r",?\s+(?:Ph\.?D\.?|M\.?D\.?|Jr\.?|Sr\.?|III?|IV)$")
_NOT_PEOPLE = re.compile(
    r"^(?:and )?(?:the )?(?:(?:many|several|numerous|a few|lots of|more) others|organi[sz]ers?|organi[sz]ing committee|committee|chairs?|tba|tbd|tbc|"
    r"various|everyone|all|staff|speakers?|panelists?|moderators?|n/?a|none|"
    # `Hackathon (Virtual)`, `Discussion Time (Open)`: how the event is held, and for whom
    r"virtual|online|hybrid|remote|in[- ]person|on[- ]site|open|closed|optional|tentative|"
    r"invite[- ]only|invitation only|by invitation|members only|"
    r"(?:program|general|pc|workshop) chairs?|sponsors?|attendees|participants|volunteers|"
    r"presenters?|authors?|invited speakers?|keynote speakers?|team|others|"
    # `Presenter 1`, `Session Chair`, `Poster Presenters`, `Moderators / Panelists`,
    # `Theme block`: a role or a placeholder in a table's speaker column
    r"(?:session|track) chairs?|(?:poster|paper|spotlight|selected) (?:presenters?|speakers?|authors?)|"
    r"(?:presenter|speaker|author|panelist)s? ?#?\d+|theme block|"
    r"(?:moderators?|panelists?|speakers?|presenters?)(?: ?[/&,] ?(?:moderators?|panelists?|speakers?|presenters?))+)$",
    re.IGNORECASE,
)
# (anchored at both ends, so a search finds what a match finds: AnyCase's quick
# lower-case search on ASCII names answers `_NOT_PEOPLE.match` without case folding)
_NOT_PEOPLE_ANY = AnyCase(_NOT_PEOPLE)
_ORG_WORDS = AnyCase(re.compile(
    r"\b(?:univ\w*|universit\w*|college|collège|institut\w*|school|academy|academia|laborator\w*|labs?|"
    r"research|resarch|inc|corp\w*|co|ltd|llc|gmbh|ag|sa|s\.a|plc|center|centre|centro|"
    r"foundation|group|technolog\w*|systems|software|department|dept|faculty|hospital|"
    r"national|polytechnic|politecnico|ecole|école|hochschule|csail|inria|cnrs|"
    r"google|microsoft|facebook|meta|amazon|ibm|intel|apple|oracle|adobe|nvidia|huawei|"
    r"alibaba|baidu|tencent|samsung|qualcomm|arm|amd|cisco|vmware|redhat|red hat|mozilla|"
    r"netflix|uber|twitter|linkedin|deepmind|openai|anthropic|bytedance|sony|siemens|bosch|"
    r"project|consulting|solutions|networks|capital|bank|agency|ministry|government|council|"
    r"council|society|association|museum|library|gov|org|com|ai)\b",
    re.IGNORECASE,
))
_ACRONYM = re.compile(r"^[A-Z][A-Z0-9&\-]{1,9}$")
_CJK = re.compile(r"^[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af·・]{2,8}$")
_HANDLE = re.compile(r"^[a-z0-9_.\-]{2,24}$")
_ROOM_NOTE = re.compile(r"^(?:track|room|hall|stage|auditorium|saal)\s*\w*$", re.IGNORECASE)
_NOTE_PAREN = re.compile(
    r"^(?:short|long|remote|virtual|online|in[- ]person|invited|keynote|tutorial|demo|poster|"
    r"recorded|live|tbc|tbd|moderator|chair|co-?chair|panelist|host|presenter|speaker|"
    r"half[- ]day|full[- ]day|morning|afternoon|evening|cancell?ed|new|updated|tentative|"
    r"optional|free|paid|closed|open|hybrid|"
    r"presenting|presented by \w+.*|replaced by .*|\d+\s*min(?:utes)?)$",
    re.IGNORECASE,
)
_ET_AL = re.compile(r"\s*,?\s*\bet\.?\s*al\.?\s*$", re.IGNORECASE)
_AND = re.compile(r"\s+(?:and|und|et|y|&)\s+|\s*&\s*", re.IGNORECASE)
_TRAILING = re.compile(r"\s*(?:\[[^\]]*\]|\((?:short|long|remote|virtual|online)\))\s*$", re.IGNORECASE)
# A paper's code or number in front of its authors: `1A-3 Names`, `#12 Names`.
_CODE = re.compile(r"^(?:\d{1,2}[A-Z]-\d{1,3}|[A-Z]\d{1,2}[.-]\d{1,3}|#\d{1,4}|\[\d{1,4}\])\s+")
_NAME_DASH_AFFIL = re.compile(r"^(?P<name>[^,\-–—]+?)\s+[-–—]\s+(?P<affil>.+)$")
# What the case-blind patterns anchored at the start need there, in a line whose first
# character is ASCII (others are matched the long way: case folding has its own rules
# there): an honorific's first letter, an `and`.
_HONORIFIC_STARTS = frozenset("dpmsrhaifDPMSRHAIF")
_AND_STARTS = frozenset("auAU&")


def _without_code(text: str) -> str:
    """Without a paper's code before the names (`1A-3`, `A1.2`, `#12`, `[3]`), which needs
    a digit first or second, or `#` or `[` first."""
    if text[:1] in "#[" or text[:1].isdigit() or text[1:2].isdigit():
        return _CODE.sub("", text)
    return text


def _without_honorifics(text: str) -> str:
    """`_HONORIFIC.sub("", text)`, asked only where the pattern could match: it needs
    one of its words at the start, then a stop, a blank or the end, so in an ASCII text
    the first word's letters before any stop are that word (`Dr.-Ing` begins with `dr`;
    the longest word, `Professor`, and what follows it fit in twelve characters)."""
    c = text[:1]
    if c.isascii():
        if c not in _HONORIFIC_STARTS:
            return text
        head = text[:12]
        if head.isascii() and head.lower().split(None, 1)[0].partition(".")[0] \
                not in _HONORIFIC_WORDS:
            return text
    return _HONORIFIC.sub("", text)


# `_HONORIFIC`'s words in lower case (`Drs?` is `dr` and `drs`; `Dr\.-Ing` begins `dr`).
_HONORIFIC_WORDS = frozenset(
    "dr drs prof profs professor mr mrs ms mx miss sir dame rev hon assoc asst dipl ing pd "
    "dott dra sr sra herr frau".split())


def _may_hold_and(chunk: str) -> bool:
    """False when `_AND` certainly finds nothing: a text with no `&` and no `and`,
    `und`, `et` or `y` between blanks, in any case.  (Beyond ASCII too: no other
    character matches those letters case-blind, nor lower-cases to one of them, and
    `str.split` and `\\s` know the same blanks.)"""
    return "&" in chunk or not _AND_WORDS.isdisjoint(chunk.lower().split())


_AND_WORDS = frozenset(("and", "und", "et", "y"))


def _without_lead_and(text: str) -> str:
    c = text[:1]
    return text if c.isascii() and c not in _AND_STARTS else _LEAD_AND.sub("", text)


@lru_cache(maxsize=1 << 15)  # asked of every name of every people line
def _no_one(name: str) -> bool:
    """`Organizers`, `TBA`, `Speakers`: a people position that names no one."""
    return _NOT_PEOPLE_ANY.found(name)


_INITIAL_TOKEN = re.compile(r"^[A-Z]\.$")
_INITIAL_AT_END = lazy(r"\b[A-Z]\.$")
_FINAL_STOP = lazy(r"\s*\.\s*$")
_LEAD_AND = re.compile(r"^(?:and|und|&)\s+", re.IGNORECASE)
_ROLE_LABEL = re.compile(
    r"(?:^|[,;]\s*)(?:moderators?|panell?ists?|chairs?|co-?chairs?|hosts?|speakers?|"
    r"organi[sz]ers?|organi[sz]ed by|presenters?|presented by|authors?|with)\s*:?\s+",
    re.IGNORECASE,
)
_ORG_STRONG = AnyCase(re.compile(
    r"\b(?:univ\w*|universit\w*|college|collège|institut\w*|school|academy|laborator\w*|labs?|"
    r"research|inc|corp\w*|ltd|llc|gmbh|center|centre|foundation|department|technologies|"
    r"polytechnic|politecnico|hochschule|"
    # companies whose name is no one's (`Google DeepMind` under a speaker's name)
    r"google|microsoft|deepmind|openai|anthropic|nvidia|facebook|bytedance|alibaba|baidu|"
    r"tencent|huawei|ibm|intel|qualcomm|salesforce|linkedin)\b",
    re.IGNORECASE,
))
_PARTICLE_WORDS = frozenset(
    "de da das do dos du del della der den di la le van von ter ten zu bin ibn al el y e st "
    "dal dei degli mac mc".split()
)
_NOT_NAME_WORDS = frozenset(
    "a an the of for and with via in on to at by from into over under using towards toward is are "
    "as vs versus not without through me you your my our we us it its how why what when where who "
    "new next all any more most your their this that these those be can do does get make go "
    "leave take build building learning program programs data code".split()
)
_QUOTED_NICK = re.compile(r"\s+['‘“\"][^'’”\"]{1,20}['’”\"]\s+")


@dataclass(frozen=True, slots=True)
class Person:
    name: str
    affiliation: str | None = None
    room: str | None = None  # `Name (track 1)`: where this person's part happens


@dataclass(frozen=True, slots=True)
class People:
    people: tuple[Person, ...]
    score: float  # 0..1: how much the line looks like nothing but people
    names_ok: int  # entries that look like names
    entries: int  # entries in all


@lru_cache(maxsize=1 << 15)  # a program names its people again and again
def clean_name(raw: str) -> str:
    """A name without honorifics, handles, quotes and trailing punctuation.

    `_clean_name_plain` step for step, each pattern asked only when the name holds the
    character its match needs (a quote, an honorific's first letter, a suffix's last
    letter, a closing parenthesis, a final stop): most names need none of them."""
    s = " ".join(raw.split()).strip(" ,;:·•-–—*_")
    if "'" in s or '"' in s or "‘" in s or "“" in s:
        s = _QUOTED_NICK.sub(" ", s)
    s = _without_honorifics(s).strip()
    if s[-1:] in _SUFFIX_ENDS:
        s = _SUFFIX.sub("", s).strip()
    if "/" in s:
        head, _, tail = s.partition("/")
        if _HANDLE.match(tail.strip()) and head.strip():
            s = head.strip()
    if s.endswith(")"):
        m = _HANDLE_PAREN.match(s)
        if m and _HANDLE.match(m.group(2).strip()) and not m.group(2).strip().isupper():
            s = m.group(1)
    return s.strip(" ,;") if s.endswith(".") and _INITIAL_AT_END.search(s) else s.strip(" .,;")


# The last characters `_SUFFIX` can match at (`PhD`, `M.D.`, `Jr`, `III`, `IV`), and a
# handle in parentheses at the end of a name (`Benjamin Holland (daedared)`).
_SUFFIX_ENDS = frozenset("D.rIV")
_HANDLE_PAREN = lazy(r"^(.*\S)\s*\(([^()]*)\)$")


def _clean_name_plain(raw: str) -> str:
    """`clean_name` with every pattern asked: the reference its shortcuts are held to."""
    s = " ".join(raw.split()).strip(" ,;:·•-–—*_")
    s = _QUOTED_NICK.sub(" ", s)
    s = _HONORIFIC.sub("", s).strip()
    s = _SUFFIX.sub("", s).strip()
    if "/" in s:
        head, _, tail = s.partition("/")
        if _HANDLE.match(tail.strip()) and head.strip():
            s = head.strip()
    m = re.match(r"^(.*\S)\s*\(([^()]*)\)$", s)
    if m and _HANDLE.match(m.group(2).strip()) and not m.group(2).strip().isupper():
        s = m.group(1)
    return s.strip(" .,;") if not re.search(r"\b[A-Z]\.$", s) else s.strip(" ,;")


_NICK_PAREN = re.compile(r"\s*\([A-Z][\w'.\-]*\)\s*")
_NAME_PART = re.compile(r"^(?:[A-Z][\w'’\-]*\.?|[a-z]{1,3}|[A-Z]\.)$")
_MONONYM = re.compile(r"^[A-Z][\w'’\-]{1,30}$")
_WORDS_ONLY = re.compile(r"^[\w'’.\- ]+$")


@lru_cache(maxsize=1 << 15)
def name_like(part: str, lenient: bool = False) -> bool:
    """Whether `part` (already cleaned) reads as one person's name.

    `_name_like_plain` in effect: what does not depend on `lenient` is judged once per
    name by `_name_marks` (callers ask `name_like(n)`, `name_like(n, False)` and
    `name_like(n, True)` of one name, each a key of its own here)."""
    marks = _name_marks(part)
    if marks & _REFUSED:
        return False
    if marks & _ARTEFACT and not (lenient and marks & _HANDLE_LIKE):
        return False
    if marks & _CJK_NAME:
        return True
    if marks & _LOWER_ONLY and not lenient:
        return False
    if marks & _NAME_SHAPE:
        return True
    return bool(lenient and marks & _LENIENT_NAME)


# What `_name_marks` finds in a name, as bits.
_REFUSED = 1  # no name by any reading: a title, an organisation, an event, a placeholder
_ARTEFACT = 2  # `NameError`, `N/A` (`is_artefact`)
_HANDLE_LIKE = 4  # ... written as a handle would be (`exide`)
_CJK_NAME = 8  # a name in CJK characters
_LOWER_ONLY = 16  # all in lower case
_NAME_SHAPE = 32  # the shape of a name, however written (`looks_like_name` and more)
_LENIENT_NAME = 64  # a mononym, a handle or a few plain words: a name where the position says so


@lru_cache(maxsize=1 << 15)
def _name_marks(part: str) -> int:
    """What `_name_like_plain` asks of `part` beside `lenient`, each question asked once.

    The refusals that look at words one at a time (function words, a subject's words,
    an organisation's or an event's word, an acronym compound, capitalised beside
    lower-case words, four plain words) are read from `_word_class` of each word, and
    the words of names repeat from one name to the next: `_ORG_STRONG` and
    `_EVENT_WORDS` (`\\b`-bounded words without blanks) and `_ACRONYM_COMPOUND` (no
    blank in it, none behind it) find a word in a name exactly where they find it in
    one of its blank-separated words."""
    if not part or len(part) > 70:
        return _REFUSED
    toks = part.split()
    classes = list(map(_word_class, toks))
    seen = 0
    for c in classes:
        seen |= c
    if seen & _W_REFUSED or seen & _W_CAPS and seen & _W_LOWER:
        return _REFUSED
    if len(toks) >= 4 and not seen & (_W_INITIAL | _W_PARTICLE):
        return _REFUSED  # four plain words and no initial or particle: a title
    if len(toks) >= 3:
        toks_l = [t.lower() for t, c in zip(toks, classes) if not c & _W_INITIAL]
        if len(toks_l) >= 3 and len(set(toks_l)) < len(toks_l):
            return _REFUSED  # `Jobs Jobs Jobs`
    if _no_one(part):
        return _REFUSED
    marks = 0
    if is_artefact(part):
        marks = _ARTEFACT | (_HANDLE_LIKE if _HANDLE.match(part) else 0)
    if not part.isascii() and _CJK.match(part.replace(" ", "")):
        return marks | _CJK_NAME
    if part == part.lower():
        marks |= _LOWER_ONLY
    if looks_like_name(part):
        return marks | _NAME_SHAPE
    if "(" in part:
        plain = _NICK_PAREN.sub(" ", part).strip()
        if plain != part and looks_like_name(plain):
            return marks | _NAME_SHAPE
    if 2 <= len(toks) <= 7 and all(_NAME_PART.match(t) for t in toks) \
            and sum(t[0].isupper() for t in toks) >= 2 and not _ORG_WORDS.found(part) \
            and not any(t.lower().strip(".,") in _NOT_NAME_WORDS for t in toks):
        return marks | _NAME_SHAPE
    if len(toks) == 1 and (_MONONYM.match(part) or _HANDLE.match(part)):
        return marks | (0 if _ORG_WORDS.found(part) else _LENIENT_NAME)
    if len(toks) <= 4 and _WORDS_ONLY.match(part) and not _ORG_WORDS.found(part):
        return marks | _LENIENT_NAME
    return marks


# What one word tells `_name_marks`, as bits.
_W_REFUSED = 1  # a word no name holds
_W_INITIAL = 2  # `J.`: may repeat in a name, and is no plain word
_W_PARTICLE = 4  # `van`, `de` (no initial)
_W_CAPS = 8  # a capitalised word (or one of its parts between parentheses)
_W_LOWER = 16  # a lower-case word that is no particle


@lru_cache(maxsize=1 << 15)  # first names, surnames and particles recur across names
def _word_class(tok: str) -> int:
    """`_name_like_plain`'s questions of one blank-separated word of a name."""
    low = tok.lower()
    w = low.strip(".,;:()")
    if w in _FUNCTION_WORDS and w not in _NAME_SHORT or low.strip(".,") in _TOPIC_WORDS \
            or _ORG_OR_EVENT_WORD.found(tok) or "-" in tok and _ACRONYM_COMPOUND.search(tok):
        return _W_REFUSED
    bits = _W_INITIAL if len(tok) == 2 and _INITIAL_TOKEN.match(tok) \
        else _W_PARTICLE if low in _PARTICLE_WORDS else 0
    pieces = tok.replace("(", " ").replace(")", " ").split() if "(" in tok or ")" in tok else (tok,)
    for piece in pieces:  # as `_mixed_case_words`
        w = piece.strip(".,'’-")
        if not w or not w[0].isalpha():
            continue
        if w[0].isupper():
            bits |= _W_CAPS
        elif w.lower() not in _PARTICLE_WORDS:
            bits |= _W_LOWER
    return bits


def _name_like_plain(part: str, lenient: bool = False) -> bool:
    """`name_like` with each question asked of the whole name in turn: the reference."""
    if not part or len(part) > 70 or is_artefact(part) and not (lenient and _HANDLE.match(part)):
        return False
    if _NOT_PEOPLE_ANY.found(part) or _ORG_STRONG.found(part):
        return False
    if _function_words(part):
        return False
    toks = part.split()
    toks_l = [t.lower() for t in toks if not _INITIAL_TOKEN.match(t)]  # (no initials)
    if len(toks_l) >= 3 and len(set(toks_l)) < len(toks_l):
        return False  # `Jobs Jobs Jobs` (but `J. R. R. Tolkien`: initials may repeat;
        # `Ramyaa Ramyaa`: one name written in both fields)
    if not _TOPIC_WORDS.isdisjoint(t.strip(".,") for t in toks_l):
        return False  # `Functional Programming and Hardware Design: …`: a subject
    if _EVENT_WORDS.found(part):
        return False  # `Opening Remarks`, `Coffee Break`: what happens, not who
    plain_words = sum(t not in _PARTICLE_WORDS for t in toks_l)  # neither initial nor particle
    if plain_words >= 4 and plain_words == len(toks):
        return False  # four plain words and no initial or particle: a title
    if _mixed_case_words(part) or _ACRONYM_COMPOUND.search(part):
        return False
    if _CJK.match(part.replace(" ", "")):
        return True
    if not lenient and part == part.lower():
        return False  # `interpreted language`: a name in lower case only where it must be one
    if looks_like_name(part):
        return True
    # A nickname in parentheses inside a name: `Alexandra (Sasha) Fedorova`.
    if "(" in part:
        plain = _NICK_PAREN.sub(" ", part).strip()
        if plain != part and looks_like_name(plain):
            return True
    # Names with more particles or parts than usual: `M. Clara De Paolis Kaluza`.
    if 2 <= len(toks) <= 7 and all(_NAME_PART.match(t) for t in toks) \
            and sum(t[0].isupper() for t in toks) >= 2 and not _ORG_WORDS.found(part) \
            and not any(t.lower().strip(".,") in _NOT_NAME_WORDS for t in toks):
        return True
    if lenient:
        # A mononym or a handle where the position says person: `Silvia`, `exide`.
        if len(toks) == 1 and (_MONONYM.match(part) or _HANDLE.match(part)):
            return not _ORG_WORDS.found(part)
        if len(toks) <= 4 and _WORDS_ONLY.match(part) and not _ORG_WORDS.found(part):
            return True
    return False


# Words of a subject of research that no one is named (checked against 2,300 real names
# of the frab, pretalx and development-set speakers).
_TOPIC_WORDS = frozenset("""
    programming design learning systems system networks network data computing computation
    analysis languages language software hardware security models model algorithms algorithm
    verification optimization optimisation compilers compiler databases database semantics
    types inference processing engineering architecture architectures applications
    application framework frameworks intelligence vision graphics robotics privacy storage
    memory cloud quantum theory logic proofs testing debugging performance parallelism
    concurrency distributed scheduling retrieval recognition generation detection
    estimation classification prediction representation representations reasoning
    evaluation benchmark benchmarks infrastructure operating kernel kernels protocols
    protocol
    tba tbd tbc""".split())  # (and a placeholder: `Day TBD`, `Speaker TBA`)
_EVENT_WORDS = AnyCase(lazy(
    r"\b(?:remarks|welcome|opening|closing|break|lunch|coffee|breakfast|dinner|reception|"
    r"keynote|session|sessions|panel|tutorial|workshop|poster|posters|registration|"
    r"talks?|demo|demos|award|awards|meetup|party|banquet|excursion|announcements?|"
    r"introduction|presentation|presentations|discussion|q&a|networking|hacking|"
    r"competition|challenge|track|program|programme|schedule|agenda|event|events|start|"
    r"begin|end|join|section|overview|introduction|intro|summary|update|status|edition|"
    r"conference|symposium|summit|congress|forum|meeting)\b",
    re.IGNORECASE,
))
_FUNCTION_WORDS = frozenset(
    "the of for and with via in on at by from into over under using towards toward is are as "
    "vs versus not without through me you your my our we us it its how why what when where who "
    "which that this these those than then there their they them does don't doesn't can't "
    "isn't won't let's don’t doesn’t can’t isn’t won’t let’s all any more most some yes new "
    "about against between beyond inside outside within during after before".split()
)


def _words_of(found: AnyCase) -> str:
    """The alternatives of a `\\b(?:…)\\b` pattern."""
    source = found.pattern.pattern
    assert source.startswith(r"\b(?:") and source.endswith(r")\b"), source
    return source[len(r"\b(?:"):-len(r")\b")]


# `_ORG_STRONG` or `_EVENT_WORDS`, one search for both.
_ORG_OR_EVENT_WORD = AnyCase(re.compile(
    rf"\b(?:{_words_of(_ORG_STRONG)}|{_words_of(_EVENT_WORDS)})\b", re.IGNORECASE))


# Short words that are names in some languages (`An Nguyen`, `Do Van`, `Le Wang`).
_NAME_SHORT = frozenset("an do to ha ho le la de da di du el al".split())


def _function_words(part: str) -> bool:
    """`Cores That Don’t Count`: words that build sentences are in titles, not names."""
    for tok in part.split():
        w = tok.lower().strip(".,;:()")
        if w in _FUNCTION_WORDS and w not in _NAME_SHORT:
            return True
    return False


# `SMT-Based`, `GPU-Accelerated`, `LLM-Driven`: an acronym joined to a word, a title's
# (`SMT-Based Goal and Plan Recognition` is no pair of people)
_ACRONYM_COMPOUND = re.compile(r"(?<![\w'’])[A-Z]{2,}\d*-[A-Za-z]")


def _mixed_case_words(part: str) -> bool:
    """`Practical EMV PIN interception`: capitalised words beside lower-case words that
    are no particles read as a title; names are all capitalised, all lower or all upper."""
    caps = lower = 0
    for tok in part.replace("(", " ").replace(")", " ").split():
        w = tok.strip(".,'’-")
        if not w or not w[0].isalpha():
            continue
        if w[0].isupper():
            caps += 1
        elif w.lower() not in _PARTICLE_WORDS:
            lower += 1
    return caps > 0 and lower > 0


@lru_cache(maxsize=1 << 14)  # asked of every part of every people line
def org_like(text: str) -> bool:
    t = text.strip(" .,;()")
    if not t:
        return False
    if _ORG_WORDS.found(t):
        return True
    words = t.split()
    if all(_ACRONYM.match(w.strip(",")) for w in words) and len(words) <= 3:
        return True
    return bool(words) and _ACRONYM.match(words[0].strip(",")) is not None and len(words) <= 4


def _institution(text: str) -> bool:
    """A short name of an institution beyond doubt: `Collège de France`, `ETH Zurich`,
    `Stanford University` (not `Deep Neural Networks` nor a sentence that mentions a
    library)."""
    return len(text.split()) <= 6 and (_ORG_STRONG.found(text) or _acronym_led(text))


def _acronym_led(text: str) -> bool:
    """`ETH Zurich`, `KTH Royal Institute of Technology`, `NEC Labs`: an institution's
    acronym of three or more capitals, then words that are not in capitals (a name in
    capitals, `JINOOK SONG`, is all capitals)."""
    words = text.split()
    return len(words) >= 2 and _acronym_word(words[0]) and not all(w.isupper() for w in words[1:])


def _acronym_word(word: str) -> bool:
    return len(word) >= 3 and word.isupper() and word.isalpha()


def _acronym_inside(text: str) -> bool:
    """`National ICT Australia`: an acronym among words that are not capitals."""
    words = text.split()
    return len(words) >= 2 and any(map(_acronym_word, words)) and not all(w.isupper() for w in words)


@lru_cache(maxsize=16)
def _seps_pattern(seps: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("|".join(map(re.escape, seps)))


@lru_cache(maxsize=16)
def _marks_pattern(seps: tuple[str, ...]) -> re.Pattern[str]:
    return re.compile("[" + re.escape("()[]" + "".join(seps)) + "]")


def _split_top(text: str, seps: tuple[str, ...]) -> list[str]:
    """Split at separators outside parentheses and brackets."""
    if len(seps) == 1 and seps[0] not in text:
        return [text]  # (most groups: no `;`, whatever their brackets)
    if "(" not in text and "[" not in text:
        if len(seps) == 1:
            return text.split(seps[0])
        found = None
        for sep in seps:
            if sep in text:
                if found is not None:
                    return _seps_pattern(seps).split(text)
                found = sep
        return [text] if found is None else text.split(found)  # (one kind: str.split)
    if not all(len(s) == 1 for s in seps):
        return _split_top_plain(text, seps)
    # Separators of one character: only brackets and separators need looking at.
    out, start, depth = [], 0, 0
    for m in _marks_pattern(seps).finditer(text):
        ch = m.group()
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(text[start:m.start()])
            start = m.end()
    out.append(text[start:])
    return out


def _split_top_plain(text: str, seps: tuple[str, ...]) -> list[str]:
    """`_split_top` a character at a time."""
    out, cur, depth, i = [], [], 0, 0
    while i < len(text):
        ch = text[i]
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        if depth == 0:
            hit = next((s for s in seps if text.startswith(s, i)), None)
            if hit is not None:
                out.append("".join(cur))
                cur = []
                i += len(hit)
                continue
        cur.append(ch)
        i += 1
    out.append("".join(cur))
    return [p for p in out]


def _units(group: str) -> list[tuple[str, str | None]]:
    """`A, B (X), C (Y)` -> [("A, B", "X"), ("C", "Y")]: names with the parenthesis after them.

    `_units_plain`, stepping from one parenthesis to the next instead of through every
    character: nothing else in the group changes what it does."""
    if "(" not in group:
        return [(group, None)]  # (what `_units_plain` makes of a group without one)
    if group.count("(") == 1 and group.count(")") == 1:
        # One parenthesis, the commonest (`Name (Affil)`, `Title (n), Name`): found by
        # `str.find`, the loop's steps for its two marks spelled out
        start, end = group.find("("), group.find(")")
        if start < end:
            inner = group[start + 1:end].strip()
            rest = group[end + 1:].lstrip()
            if "A" <= inner[:1] <= "Z" and _NICKNAME.match(inner) and rest[:1].isalpha() \
                    and rest[:1].isupper() and not _LEADS_AND.match(rest):
                return [(group, None)]  # a nickname inside a name (its first an ASCII capital)
            tail = group[end + 1:]
            if tail.strip(" ,;.&"):
                return [(group[:start], inner), (tail, None)]
            return [(group[:start], inner)]
    out: list[tuple[str, str | None]] = []
    depth = start = names_start = 0
    for m in _PARENS.finditer(group):
        i = m.start()
        if m.group() == "(":
            if depth == 0:
                start = i
            depth += 1
        elif depth:
            depth -= 1
            if depth == 0:
                inner = group[start + 1:i].strip()
                rest = group[i + 1:].lstrip()
                if _NICKNAME.match(inner) and rest[:1].isalpha() and rest[:1].isupper() \
                        and not _LEADS_AND.match(rest):
                    continue  # a nickname inside a name
                out.append((group[names_start:start], inner))
                names_start = i + 1
    if depth:
        out.append((group[names_start:start], group[start + 1:].strip()))
    else:
        tail = group[names_start:]
        if tail.strip(" ,;.&") or not out:
            out.append((tail, None))
    return out


_PARENS = re.compile(r"[()]")
_NICKNAME = re.compile(r"^[A-Z][\w'.\-]*$")
_LEADS_AND = re.compile(r"^(?:and|&)\b")


def _units_plain(group: str) -> list[tuple[str, str | None]]:
    """`_units` a character at a time."""
    out: list[tuple[str, str | None]] = []
    i, depth, start = 0, 0, 0
    names_start = 0
    while i < len(group):
        ch = group[i]
        if ch == "(":
            if depth == 0:
                start = i
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
            if depth == 0:
                inner = group[start + 1:i].strip()
                before = group[names_start:start]
                # a capitalised word followed by more name: a nickname, not an affiliation
                rest = group[i + 1:].lstrip()
                if re.match(r"^[A-Z][\w'.\-]*$", inner) and rest[:1].isalpha() and rest[:1].isupper() \
                        and not re.match(r"^(?:and|&)\b", rest):
                    i += 1
                    continue
                out.append((before, inner))
                names_start = i + 1
        i += 1
    if depth:  # `Xavier Leroy (INRIA Paris-Rocquencourt, France` : unclosed
        out.append((group[names_start:start], group[start + 1:].strip()))
    else:
        tail = group[names_start:]
        if tail.strip(" ,;.&") or not out:
            out.append((tail, None))
    return out


def _may_end_in_et_al(text: str) -> bool:
    """False when `_ET_AL` certainly finds nothing: a text that does not end in `al` or
    `al.` (as `_may_hold_and`, beyond ASCII too)."""
    return text.rstrip().lower().endswith(("al", "al."))


def _names_of(chunk: str, lenient: bool) -> list[str]:
    chunk = chunk.strip(" ,")
    if _may_end_in_et_al(chunk):
        chunk = _ET_AL.sub("", chunk)
    chunk = _without_lead_and(chunk)
    pieces = _split_top(chunk, (",", "·", "•", "|", "，", "、"))
    if not _may_hold_and(chunk) or _AND.search(chunk) is None:
        parts = pieces  # (no `and` in the line: none in its pieces either)
    else:
        parts = []
        for piece in pieces:
            parts.extend(_AND.split(piece))
    names = [clean_name(p) for p in parts]
    names = [n for n in names if n]
    # `Deanna and Justina Vickers`: one family name shared by two first names
    if len(names) == 2 and len(names[0].split()) == 1 and len(names[1].split()) == 2 \
            and re.search(r"\band\b", chunk) and "," not in chunk and "&" not in chunk:
        first = names[0]
        if re.match(r"^[A-Z][a-z]+$", first) and name_like(names[1]):
            names = [f"{first} {names[1].split(None, 1)[1]}", names[1]]
    return names


def _paren_role(inner: str) -> str:
    """What a parenthesis after names is: an affiliation, a room, a note or a handle."""
    s = inner.strip()
    if not s:
        return "note"
    if _ROOM_NOTE.match(s):
        return "room"
    if _NOTE_PAREN.match(s):
        return "note"
    if _HANDLE.match(s) and s.islower():
        return "handle"
    return "affil"


def names_no_one_surely(text: str) -> bool:
    """True when `read_people(text)` (lenient or not) certainly names no one beyond
    doubt: it is None, holds no people, or scores under 0.99.  False when it may.

    A split of a title asks this of the words after each separator (`looking back,
    looking forward (14), Erin McKean` at its first comma): most are the rest of the
    title, each different, and reading one costs far more than this.  The text's first
    piece (up to the first `,`, `;`, bracket or list mark) is part of its first name
    however the reading cuts the line (at `and`, `&`, groups and units; honorifics, a
    code, a role label and a lead `and` taken off its start, none of which is a word
    below), and a name holding a function word is no name (`_word_class`; nor does
    `long_name` take it back).  So one entry of the line fails, and under 100 entries
    (under 190 characters) the score stays under 0.99.  The piece must not be one a
    dash could cut into a name and an affiliation (`Ana - Univ. of X`), nor hold a
    quote (`_QUOTED_NICK` takes a quoted word out of a name)."""
    if len(text) > 190:
        return False
    end = _FIRST_PIECE_END.search(text)
    head = text[:end.start()] if end is not None else text
    return not _NEVER_IN_NAMES.isdisjoint(head.lower().split()) and not _piece_unsure(head)


def _piece_unsure(head: str) -> bool:
    """`_PIECE_UNSURE.search(head) is not None`, the pattern asked only of a piece with
    a dash in it: its search tries both alternatives at every character of a title's
    words (a fifth of what this test cost), where `in` finds a quote or a dash at once."""
    if "'" in head or '"' in head or "‘" in head or "’" in head or "“" in head or "”" in head:
        return True
    return ("-" in head or "–" in head or "—" in head) and _PIECE_UNSURE.search(head) is not None


# The function words `_word_class` refuses in a name, but `and` (the reading cuts names
# there) and `with`, `by` (the end of a role label it takes away: `organized by`).
_NEVER_IN_NAMES = frozenset(w for w in _FUNCTION_WORDS if w not in _NAME_SHORT) - {"and", "with", "by"}
# Where the first piece of a people line ends: the separators `_names_of`, `_split_top`
# and `_units` cut at, and brackets.
_FIRST_PIECE_END = re.compile(r"[,;()\[\]|·•，、]")
# A dash after a blank (`Name - Affil`) or a quote in the first piece.
_PIECE_UNSURE = re.compile(r"\s[-–—]|['‘’“”\"]")


def read_people(line: str, *, lenient: bool = False) -> People | None:
    """The people on `line`, with affiliations, or None when it holds no names at all."""
    return _read_people(line, lenient)


def names_only(text: str, least: int = 1) -> People | None:
    """The people of `text` when it is nothing but names, `least` of them or more (every
    one reads as a name): the names of a citation, of a header over its title."""
    got = read_people(text)
    if got is None or len(got.people) < max(least, 1) or got.score < 0.99 \
            or not all(name_like(p.name, False) for p in got.people):  # (the key the reading asked)
        return None
    return got


@lru_cache(maxsize=1 << 15)  # the reader asks about a line from several places
def _read_people(line: str, lenient: bool) -> People | None:
    text = " ".join(line.split())
    text = _without_code(text)
    if text.endswith(("]", ")")):  # (what `_TRAILING` takes away ends so)
        text = _TRAILING.sub("", text).strip()
    if text.endswith(".") and not _INITIAL_AT_END.search(text):
        text = _FINAL_STOP.sub("", text)
    if not text or len(text) > 3000:
        return None
    text = _without_honorifics(text)
    whole = text.strip(" .")
    # (asked again of its one name, when it is one; `_NOT_PEOPLE` matches no bracket,
    # and a line with one is mostly a line of its own, not worth a place in the cache)
    if "(" not in whole and _no_one(whole):
        return People((), 1.0, 0, 0)
    if _LIST_MARKS.search(text) is None:
        got = _plain_list(text, lenient)
        if got is not None:
            return got
    return _layered_people(text, lenient)


def _layered_people(text: str, lenient: bool) -> People | None:
    """`_read_people` of a line once it is normalised (blanks, code, trailing note,
    final stop, honorifics) and names someone: group by group, unit by unit."""
    people: list[Person] = []
    entries = ok = 0
    if ":" in text:
        text = _ROLE_LABEL.sub("; ", text).strip(" ;")
    groups = _split_top(text, (";",))
    for group in groups:
        group = group.strip(" ,")
        if not group:
            continue
        group_start = len(people)
        group = _without_honorifics(group)
        units = _units(group)
        if len(units) == 1 and units[0][1] is None:
            got = _plain_group(group, lenient)
            entries += got[1]
            ok += got[2]
            people.extend(got[0])
            continue
        for names_text, paren in units:
            names_text = _without_lead_and(names_text.strip(" ,"))
            if not names_text:
                continue
            if len(people) > group_start and people[-1].affiliation and org_like(names_text) \
                    and not name_like(clean_name(names_text)) \
                    and not name_like(clean_name(names_text.split(",")[0])):
                # `University of Dundee (UK) and Harvard University (USA)`: one affiliation
                extra = names_text + (f" ({paren.strip()})" if paren else "")
                joiner = " and " if names_text != group.strip() else ", "
                last = people[-1]
                people[-1] = Person(last.name, f"{last.affiliation}{joiner}{extra}"
                                    if not _joined_by_and(group, names_text) else
                                    f"{last.affiliation} and {extra}", last.room)
                continue
            got, good = _unit_people(names_text, paren, lenient)
            people.extend(got)
            entries += len(got)
            ok += good
    if not people and entries == 0:
        return None
    people = [p for p in people if p.name and not _no_one(p.name)]
    score = ok / entries if entries else 0.0
    return People(tuple(people), score, ok, entries)


@lru_cache(maxsize=1 << 14)  # `Name (Affil)` and the names after a title's `(n),` recur
def _unit_people(names_text: str, paren: str | None, lenient: bool) -> tuple[tuple[Person, ...], int]:
    """The people of one unit of a group (names, then the parenthesis after them: its
    affiliation, room, note or handle) and how many of them read as names: a unit
    reads the same whatever stands around it, and the units of people lines recur far
    more than the lines (`Dan Phillips` after each of a speaker's titles)."""
    # `Name, Affil (Country)`: the comma-separated affiliation keeps its parenthesis
    comma_affil = _name_comma_affil(names_text, paren, lenient)
    if comma_affil is not None:
        return (comma_affil,), 1
    role = _paren_role(paren) if paren is not None else "none"
    names, good = _names_judged(names_text, lenient, role == "handle")
    if role == "affil":
        affil = _affil_text(paren)
        return tuple(Person(n, affil) for n in names), good
    if role == "room":
        room = paren.strip()
        return tuple(Person(n, None, room) for n in names), good
    return tuple(map(_person, names)), good


@lru_cache(maxsize=1 << 14)  # a title's words before its `(n)`, a name before its `(Affil)`
def _names_judged(names_text: str, lenient: bool, handle: bool) -> tuple[tuple[str, ...], int]:
    """The names of a unit's text and how many of them read as names, whatever the
    parenthesis after them (`handle`: one is after them, so they are judged leniently)."""
    names = tuple(_names_of(names_text, lenient))
    good = 0
    for n in names:
        good += name_like(n, lenient or handle)
    return names, good


def _affil_text(paren: str) -> str:
    """The affiliation in a parenthesis, without the emphasis around it (`(*Orange Labs*)`)."""
    inner = paren.strip()
    if len(inner) > 2 and inner[0] == inner[-1] and inner[0] in "*_":
        inner = inner.strip("*_").strip()
    return inner


def with_affiliation_line(people: list[Person], line: list[Person]) -> list[Person] | None:
    """`Xavier Leroy` then `Collège de France` on the next line: the second line is the
    affiliation of the names above it when it holds nothing but organisations, one for
    all or one for each, and the names above have none yet.  None when it is not."""
    if not people or not line or any(p.affiliation for p in people) \
            or len(line) not in (1, len(people)) or not all(_institution(p.name) for p in line):
        return None
    if len(line) == 1:
        return [Person(p.name, line[0].name, p.room) for p in people]
    return [Person(p.name, a.name, p.room) for p, a in zip(people, line)]


def _joined_by_and(group: str, piece: str) -> bool:
    k = group.find(piece)
    return k > 0 and re.search(r"(?:and|&)\s*$", group[:k]) is not None


def _name_comma_affil(chunk: str, paren: str | None, lenient: bool) -> Person | None:
    """`Tiark Rompf, Purdue University` + `(USA)`: a name, then its affiliation."""
    if "," not in chunk:
        return None
    head, _, rest = chunk.partition(",")
    head, rest = clean_name(head), rest.strip()
    if not rest or not name_like(head, lenient):
        return None
    pieces = [clean_name(x) for x in re.split(r",|\s+and\s+|\s*&\s*", rest) if x.strip()]
    if len(pieces) == 1 and paren and is_country(paren):
        # `Adam Chlipala, MIT CSAIL (USA)`: what stands before a country is a place of
        # work, however much it reads like a name (`UC San Diego`, `KU Leuven`)
        return Person(head, f"{rest} ({paren.strip()})")
    if name_like(clean_name(rest)) and not org_like(rest):
        return None
    if pieces and all(name_like(x) for x in pieces):
        return None  # `A, B, C (Affil)`: more names, not an affiliation
    if not org_like(rest) and not (paren and len(rest.split()) <= 6 and rest[:1].isupper()):
        return None
    affil = rest + (f" ({paren.strip()})" if paren else "")
    return Person(head, affil)


# Countries by the names the tz database gives them (`Britain (UK)`, `Korea (South)`),
# and by the short forms affiliations use.
_COUNTRY_FORMS = ("USA", "U.S.A.", "US", "U.S.", "UK", "U.K.", "United States of America",
                  "United Kingdom", "England", "Scotland", "Wales", "South Korea", "Korea",
                  "The Netherlands", "Czech Republic", "PR China", "P.R. China", "P. R. China")


@lru_cache(maxsize=1)
def _countries() -> frozenset[str]:
    """The country names of the tz database's `iso3166.tab` with their parenthesised
    parts as names of their own, folded to lower case."""
    names = {f.lower() for f in _COUNTRY_FORMS}
    for row in tz_table("iso3166.tab"):
        if len(row) < 2:
            continue
        name = row[1].strip()
        names.add(name.lower())
        if "(" in name:
            base, _, inner = name.partition("(")
            names.add(base.strip().lower())
            names.add(inner.rstrip(")").strip().lower())
    return frozenset(names)


def is_country(text: str) -> bool:
    """Whether `text` names a country (`USA`, `Germany`, `Korea (South)`)."""
    return " ".join(text.split()).strip(" .,").lower() in _countries()


def _plain_group(group: str, lenient: bool) -> tuple[list[Person], int, int]:
    """A group without parentheses: names, or names then `, Affiliation`, or `Name - Affil`."""
    m = _NAME_DASH_AFFIL.match(group) if "-" in group or "–" in group or "—" in group else None
    if m and name_like(clean_name(m.group("name")), lenient) and org_like(m.group("affil")):
        return [Person(clean_name(m.group("name")), m.group("affil").strip())], 1, 1
    parts = [p.strip() for p in _split_top(group, (",",))]
    k = _affiliation_from(parts)
    if k is not None:
        # USENIX: `A and B, University of X` — everything before the last comma(s) is names
        affil = ", ".join(parts[k:])
        names = _names_of(", ".join(parts[:k]), lenient)
        return [Person(n, affil) for n in names], len(names), _good_names(names, lenient)
    names = _names_of(group, lenient)
    return [_person(n) for n in names], len(names), _good_names(names, lenient)


def _affiliation_from(parts: list[str]) -> int | None:
    """Where the affiliation starts among a group's comma-separated `parts` (`A, B,
    University of X`: 2), or None when every part is a name."""
    if len(parts) < 2:
        return None
    # `…, Microsoft Research, Silicon Valley`: a place after the institution is its part
    place = 1 if len(parts) >= 3 and len(parts[-1].split()) <= 3 and not org_like(parts[-1]) \
        and _ORG_STRONG.found(parts[-2]) else 0
    if not (org_like(parts[-1 - place]) and (
            _ORG_STRONG.found(parts[-1 - place]) or _acronym_inside(parts[-1 - place])
            or not name_like(clean_name(parts[-1 - place])))):
        return None
    k = len(parts) - 1 - place
    while k > 1 and org_like(parts[k - 1]) and (
            _ORG_STRONG.found(parts[k - 1]) or not name_like(clean_name(parts[k - 1]))):
        k -= 1
    return k


# What sends a normalised people line the layered way (`_layered_people`): brackets
# (affiliations, notes, handles), groups, role labels, separators other than the comma.
_LIST_MARKS = re.compile(r"[()\[\];:·•|，、]")


def _plain_list(text: str, lenient: bool) -> People | None:
    """`_layered_people` of the commonest people line, quickly: a plain list of names
    between commas (`Florian Rival`, `Emmy Tsang, Chrys Wu`), which `_LIST_MARKS` finds
    nothing in; None for any other (the layered way reads it).

    Such a line is one group of one unit without parentheses, read by `_plain_group`:
    without `and`, `&` or `et al.`, no `Name - Affil`, and no affiliation after the
    last comma, its names are its pieces between commas, each cleaned."""
    group = _without_honorifics(text.strip(" ,"))
    chunk = group.strip(" ,")
    if not chunk:
        return None
    if chunk.isascii():
        if _may_hold_and(chunk) or _may_end_in_et_al(chunk):
            return None
    elif _may_hold_and(chunk) and _AND.search(chunk) or _LEAD_AND.match(chunk) \
            or _may_end_in_et_al(chunk) and _ET_AL.search(chunk):
        # (each search asked only where it could find something: tried at every
        # character of a long line of names, they were half the cost of reading it)
        return None
    if ("-" in group or "–" in group or "—" in group) and _NAME_DASH_AFFIL.match(group):
        return None
    if "," in group and _affiliation_from([p.strip() for p in group.split(",")]) is not None:
        return None
    names = [n for n in map(clean_name, chunk.split(",")) if n]
    if not names:
        return None
    ok = _good_names(names, lenient)
    return People(tuple(_person(n) for n in names if not _no_one(n)), ok / len(names), ok,
                  len(names))


def _good_names(names: list[str], lenient: bool) -> int:
    """How many of a list's entries read as names.  Among two or more names, an entry of
    four or five capitalised words is a name too (`Ian Sin Kwok Wong`): alone, such an
    entry reads as a title."""
    flags = [name_like(n, lenient) for n in names]
    good = sum(flags)
    if good >= 2 and good < len(names):
        good += sum(1 for n, ok in zip(names, flags) if not ok and long_name(n))
    return good


def long_name(text: str) -> bool:
    """Four or five capitalised words and nothing else (`Haniel Ulises Vasquez Morales`):
    a name among other names."""
    words = text.split()
    return 4 <= len(words) <= 5 and all(
        w[:1].isupper() and w[1:].islower() and w.isalpha() and len(w) <= 12 for w in words) \
        and not _function_words(text) and not _EVENT_WORDS.found(text) and not _ORG_WORDS.found(text)


@lru_cache(maxsize=1 << 15)  # (a Person is frozen: one for each name will do)
def _person(name: str) -> Person:
    return Person(name)
