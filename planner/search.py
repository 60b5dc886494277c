"""Ranked search over talk titles, speakers and abstracts across loaded schedules.

Matching ignores case, accents and punctuation: the query is folded like every other
key (`planner.text.fold`) and each word of it must start a word in the talk's title,
speakers or abstract.  Abstracts are searched for words of three letters or more (a
one- or two-letter word starts a word in nearly every abstract).  A word of four
letters or more that starts no word anywhere is also looked for inside words
(`euroshard` finds NeuroShard), at the lowest rank.

Ranking: a title hit outranks a speaker hit, which outranks an abstract hit; a whole
word outranks a word start; the whole query as a phrase adds a bonus; ties keep
schedule order.

The index keeps each field of every talk in one lower-cased string, one talk after
the other.  A query word is one `str.find` scan per field that jumps to the next talk at
each match, so Python sees each matching talk once, and the scores are combined with
C-level dict operations: fast enough for every keystroke of the TUI.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from itertools import accumulate
from operator import attrgetter, itemgetter
from typing import NamedTuple

from .model import Schedule, Talk
from .text import fold

_KEY = attrgetter("key")
MIN_ABSTRACT_WORD = 3
MIN_INSIDE_WORD = 4
# Score of one query word by where and how it matched.  All distinct, so the value
# also tells the field; listed from weakest to strongest.
_VALUES = (
    ("abstract", "inside", 1.0), ("abstract", "start", 2.0), ("abstract", "whole", 3.0),
    ("speakers", "inside", 3.5), ("title", "inside", 4.5), ("speakers", "start", 7.0),
    ("title", "start", 9.0), ("speakers", "whole", 10.5), ("title", "whole", 13.5),
)
FIELD_OF_VALUE = {value: field for field, _, value in _VALUES}
# Check later words talk by talk once fewer than 1 in NARROW_SHARE talks remain;
# below that a scan of the whole field costs more than a look-up per candidate.
NARROW_SHARE = 4
PHRASE_BONUS = {"title": 6.0, "speakers": 4.0, "abstract": 2.0}
ID_SCORE = 1000.0

# ASCII bytes to their search form: letters lower-cased, digits kept, everything
# else a space.  Bytes >= 0x80 (inside UTF-8 sequences) pass untouched.
_ASCII_FOLD = bytes(
    (ord(chr(b).lower()) if chr(b).isalnum() else 0x20) if b < 0x80 else b for b in range(256)
)
_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def _drop_accent(m: re.Match[str]) -> str:
    c = m.group()
    if unicodedata.combining(c):
        return ""
    return c if c.isalnum() else " "


def _searchable(text: str) -> str:
    """Accents and non-ASCII punctuation out of a non-ASCII text (ASCII is left to the
    byte table, which handles it all at once)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return _NON_ASCII.sub(_drop_accent, decomposed).casefold()


class _Field:
    """One field of every talk in one lower-cased string, ` text ` per talk."""

    __slots__ = ("name", "blob", "starts", "values")

    def __init__(self, name: str, texts: list[str]) -> None:
        self.name = name
        texts = [t if t.isascii() else _searchable(t) for t in texts]
        # Talk i is " text " at starts[i]: the two-space joins put one space on
        # either side of every text, and the offsets are running sums of lengths.
        self.starts = list(accumulate(map((2).__add__, map(len, texts)), initial=0))
        # One pass over the bytes lower-cases ASCII and turns its punctuation (and
        # line ends) into spaces; lengths do not change, so the offsets hold.
        joined = " " + "  ".join(texts) + " "
        self.blob = joined.encode("utf-8", "surrogatepass").translate(_ASCII_FOLD).decode(
            "utf-8", "surrogatepass")
        self.values = {how: value for field, how, value in _VALUES if field == name}

    def scan(self, needle: str, narrow: set[int] | None) -> tuple[list[int], list[int]]:
        """Talks whose text holds `needle`: (where it is followed by more of a word,
        where it ends a word).  str.find does the scanning; Python sees each matching
        talk once, since the search jumps to the next talk after a match."""
        blob, starts, find = self.blob, self.starts, self.blob.find
        spaced, n = needle + " ", len(needle)
        part: list[int] = []
        whole: list[int] = []
        if narrow is not None:
            for d in narrow:
                end = starts[d + 1]
                if find(spaced, starts[d], end) >= 0:
                    whole.append(d)
                elif find(needle, starts[d], end) >= 0:
                    part.append(d)
            return part, whole
        pos = find(needle)
        while pos >= 0:
            d = bisect_right(starts, pos) - 1
            end = starts[d + 1]
            if blob[pos + n] == " " or find(spaced, pos, end) >= 0:
                whole.append(d)
            else:
                part.append(d)
            pos = find(needle, end)
        return part, whole


class Hit(NamedTuple):
    schedule: Schedule
    talk: Talk
    score: float
    field: str  # where it matched best: "title", "speakers", "abstract" or "id"


def _title_text(talk: Talk) -> str:
    # A derived title is the abstract's opening words and a placeholder is made from
    # the speakers: both are searched where they came from, not as titles.
    return talk.title if talk.title_source == "stated" else ""


class SearchIndex:
    """Every talk of `schedules`, ready to search; build once, query many times."""

    def __init__(self, schedules: list[Schedule]) -> None:
        self.schedules = list(schedules)
        self.entries: list[tuple[Schedule, Talk]] = [
            (sch, t) for sch in self.schedules for t in sch.talks()
        ]
        talks = [t for _, t in self.entries]
        self.fields = (
            _Field("title", [_title_text(t) for t in talks]),
            # Speaker keys are their names already folded (`speakers.name_key`).
            _Field("speakers", [" | ".join(map(_KEY, t.speakers)) for t in talks]),
            _Field("abstract", [t.abstract for t in talks]),
        )
        self.by_id: dict[str, int] = {}
        for i, t in enumerate(talks):
            self.by_id.setdefault(t.id, i)

    def __len__(self) -> int:
        return len(self.entries)

    def search(self, query: str, limit: int | None = None) -> list[Hit]:
        """Talks matching every word of `query`, best first (ties in schedule order)."""
        typed = fold(query).split()
        words = sorted(set(typed), key=len, reverse=True)  # the rarest (longest) first
        scores: dict[int, float] = {}
        fields: dict[int, float] = {}  # the first (longest) word's value: where it matched
        for n, word in enumerate(words):
            narrow = set(scores) if n and len(scores) * NARROW_SHARE < len(self) else None
            best = self._word(word, narrow)
            if n == 0:
                scores = fields = best
            else:
                scores = {d: scores[d] + best[d] for d in scores.keys() & best.keys()}
            if not scores:
                break
        if len(typed) > 1 and scores:
            self._phrase(" " + " ".join(typed), scores)
        exact = self.by_id.get(query.strip())
        if exact is not None:
            scores = dict(scores)
            scores[exact] = ID_SCORE
        ranked = sorted(scores.items())
        ranked.sort(key=itemgetter(1), reverse=True)  # stable: ties stay in talk order
        if limit is not None:
            ranked = ranked[: max(0, limit)]
        entries = self.entries
        return [
            Hit(*entries[d], score, "id" if score == ID_SCORE else
                FIELD_OF_VALUE.get(fields.get(d, 0.0), "abstract"))
            for d, score in ranked
        ]

    def _word(self, word: str, narrow: set[int] | None) -> dict[int, float]:
        """Every talk where `word` matches, with its best value (dict ops in C: a
        stronger match written later replaces a weaker one)."""
        found: list[tuple[float, list[int]]] = []
        for f in self.fields:
            if f.name == "abstract" and len(word) < MIN_ABSTRACT_WORD:
                continue
            part, whole = f.scan(" " + word, narrow)
            found += [(f.values["start"], part), (f.values["whole"], whole)]
        if not any(talks for _, talks in found) and len(word) >= MIN_INSIDE_WORD:
            for f in self.fields:
                part, whole = f.scan(word, narrow)
                found.append((f.values["inside"], part + whole))
        best: dict[int, float] = {}
        for value, talks in sorted(found, key=itemgetter(0)):
            if talks:
                best.update(dict.fromkeys(talks, value))
        return best

    def _phrase(self, phrase: str, scores: dict[int, float]) -> None:
        candidates = set(scores)
        narrow = candidates if len(candidates) * NARROW_SHARE < len(self) else None
        for f in self.fields:
            part, whole = f.scan(phrase, narrow)
            for d in part + whole:
                if d in candidates:
                    scores[d] += PHRASE_BONUS[f.name]
                    candidates.discard(d)


def search(schedules: list[Schedule], query: str, limit: int | None = None) -> list[Hit]:
    """One-off search; build a SearchIndex to search the same schedules repeatedly."""
    return SearchIndex(schedules).search(query, limit)


def snippet(text: str, query: str, width: int = 90) -> str:
    """A window of `text` around the first query word it contains, for showing why an
    abstract matched; the opening of `text` when no word is found as written."""
    flat = " ".join(text.split())
    start = -1
    for word in sorted(fold(query).split(), key=len, reverse=True):
        m = re.search(r"(?<![^\W_])" + re.escape(word), flat, re.IGNORECASE)
        if m is not None:
            start = m.start()
            break
    if len(flat) <= width:
        return flat
    begin = max(0, start - width // 3) if start > 0 else 0
    if begin:
        space = flat.find(" ", begin)
        begin = space + 1 if 0 <= space < start else begin
    end = begin + width - 2
    if end < len(flat):
        space = flat.rfind(" ", begin, end)
        end = space if space > max(begin, start) else end
    prefix = "…" if begin else ""
    suffix = "…" if end < len(flat) else ""
    return prefix + flat[begin:end].strip() + suffix
