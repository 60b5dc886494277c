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

A `Corpus` keeps each field of a run of talks as one folded UTF-8 byte string, one
talk after the other, with the offsets where each talk starts.  A query word is one
`find` scan per field that jumps to the next talk at each match, so Python sees each
matching talk once, and the scores are combined with C-level dict operations: fast
enough for every keystroke of the TUI.  Being bytes and offsets, a corpus is also
what planner.search_store keeps on disk and maps back in without decoding anything,
so `planner search` answers from a stored index in a fraction of a parse.

`SearchIndex` is the in-memory form over parsed schedules (the TUI, `planner pick`);
`rank` is the engine both share.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from itertools import accumulate
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, NamedTuple, Protocol

from .catalog import Catalog, as_catalog
from .text import fold

if TYPE_CHECKING:
    from .model import Schedule, Talk

_KEY = attrgetter("key")
MIN_ABSTRACT_WORD = 3
MIN_INSIDE_WORD = 4
FIELDS = ("title", "speakers", "abstract")
# Score of one query word by where and how it matched.  All distinct, so the value
# also tells the field; listed from weakest to strongest.
_VALUES = (
    ("abstract", "inside", 1.0), ("abstract", "start", 2.0), ("abstract", "whole", 3.0),
    ("speakers", "inside", 3.5), ("title", "inside", 4.5), ("speakers", "start", 7.0),
    ("title", "start", 9.0), ("speakers", "whole", 10.5), ("title", "whole", 13.5),
)
FIELD_OF_VALUE = {value: field for field, _, value in _VALUES}
_FIELD_VALUES = {name: {how: value for field, how, value in _VALUES if field == name}
                 for name in FIELDS}
# Check later words talk by talk once fewer than 1 in NARROW_SHARE talks remain;
# below that a scan of the whole field costs more than a look-up per candidate.
NARROW_SHARE = 4
PHRASE_BONUS = {"title": 6.0, "speakers": 4.0, "abstract": 2.0}
ID_SCORE = 1000.0
_SPACE = 0x20

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


def _needle(text: str) -> bytes:
    return text.encode("utf-8", "surrogatepass")


class Field:
    """One field of a run of talks: folded UTF-8 bytes, ` text ` per talk.

    Talk i is `blob[starts[i]:starts[i + 1]]`.  `blob` is `bytes`, or a read-only
    `mmap` of a stored index (planner.search_store), and `starts` a list or an array
    of offsets into it; only `find`, indexing and bisection are asked of them.
    """

    __slots__ = ("name", "blob", "starts", "values")

    def __init__(self, name: str, blob: bytes, starts: Sequence[int]) -> None:
        self.name = name
        self.blob = blob
        self.starts = starts
        self.values = _FIELD_VALUES[name]

    @classmethod
    def build(cls, name: str, texts: list[str]) -> Field:
        texts = [t if t.isascii() else _searchable(t) for t in texts]
        data = [_needle(t) for t in texts]
        # Talk i is " text " at starts[i]: the two-space joins put one space on
        # either side of every text, and the offsets are running sums of lengths.
        starts = list(accumulate(map((2).__add__, map(len, data)), initial=0))
        # One pass over the bytes lower-cases ASCII and turns its punctuation (and
        # line ends) into spaces; lengths do not change, so the offsets hold.
        blob = (b" " + b"  ".join(data) + b" ").translate(_ASCII_FOLD)
        return cls(name, blob, starts)

    def scan(self, needle: bytes, narrow: Sequence[int] | None) -> tuple[list[int], list[int]]:
        """Talks whose text holds `needle`: (where it is followed by more of a word,
        where it ends a word), as positions in this field.  `find` does the scanning;
        Python sees each matching talk once, since the search jumps to the next talk
        after a match."""
        blob, starts, find = self.blob, self.starts, self.blob.find
        spaced, n = needle + b" ", len(needle)
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
        first, last = starts[0], starts[-1]
        pos = find(needle, first, last)
        while pos >= 0:
            d = bisect_right(starts, pos) - 1
            end = starts[d + 1]
            if blob[pos + n] == _SPACE or find(spaced, pos, end) >= 0:
                whole.append(d)
            else:
                part.append(d)
            pos = find(needle, end, last)
        return part, whole


class IdLookup(Protocol):
    def get(self, talk_id: str, /) -> int | None: ...


def _speaker_text(talk: Talk) -> str:
    if not any(s.affiliation for s in talk.speakers):
        return " | ".join(map(_KEY, talk.speakers))
    return " | ".join(f"{s.key} {s.affiliation}" if s.affiliation else s.key
                      for s in talk.speakers)


class Corpus:
    """The searchable fields of a run of talks, and their ids.

    `find_id` gives an id's position among the talks, for a query that is an id.
    """

    __slots__ = ("fields", "size", "find_id")

    def __init__(self, fields: tuple[Field, Field, Field], size: int,
                 find_id: IdLookup | None = None) -> None:
        self.fields = fields
        self.size = size
        self.find_id = find_id if find_id is not None else {}

    @classmethod
    def of_talks(cls, talks: Sequence[Talk]) -> Corpus:
        fields = (
            Field.build("title", [_title_text(t) for t in talks]),
            # Speaker keys are their names already folded (`parsers.names.name_key`); where
            # the source gives an affiliation it is searched with the name.
            Field.build("speakers", [_speaker_text(t) for t in talks]),
            Field.build("abstract", [t.abstract for t in talks]),
        )
        ids: dict[str, int] = {}
        for i, t in enumerate(talks):
            ids.setdefault(t.id, i)
        return cls(fields, len(talks), ids)


class Match(NamedTuple):
    position: int  # among all talks of the corpora, in order
    score: float
    field: str  # where it matched best: "title", "speakers", "abstract" or "id"


def _field(score: float, value: float) -> str:
    return "id" if score == ID_SCORE else FIELD_OF_VALUE.get(value, "abstract")


def rank(corpora: Sequence[Corpus], query: str, limit: int | None = None) -> list[Match]:
    """Talks of `corpora` matching every word of `query`, best first (ties in corpus
    order).  Positions count across the corpora, one after the other."""
    return _Ranker(corpora).rank(query, limit)


class _Ranker:
    def __init__(self, corpora: Sequence[Corpus]) -> None:
        self.corpora = [c for c in corpora if c.size]
        self.bases = list(accumulate((c.size for c in self.corpora), initial=0))
        self.total = self.bases[-1]
        self.fell_back = False  # some word was looked for inside words (see _word)

    def rank(self, query: str, limit: int | None) -> list[Match]:
        scores, fields = self.scores(query)
        ranked = sorted(scores.items())
        ranked.sort(key=itemgetter(1), reverse=True)  # stable: ties stay in talk order
        if limit is not None:
            ranked = ranked[: max(0, limit)]
        return [Match(d, score, _field(score, fields.get(d, 0.0))) for d, score in ranked]

    def matched(self, query: str, within: set[int] | None = None) -> dict[int, str]:
        """Every matching position and where it matched, unranked: what a list that
        keeps its own order needs (the TUI's search, redone on every keystroke, where
        ranking and a Match per talk cost more than the search).

        `within` is a set the answer is known to lie in (what an earlier query matched,
        when this one only adds letters or words to it: see `narrows`).  Looking only
        there gives the same answer unless a word falls back to matching inside words,
        since that fallback depends on where else the word starts one; then the whole
        corpus is searched again."""
        if within is not None and len(within) * NARROW_SHARE < self.total:
            self.fell_back = False
            scores, fields = self.scores(query, within)
            if not self.fell_back:
                return {d: _field(score, fields.get(d, 0.0)) for d, score in scores.items()}
        scores, fields = self.scores(query)
        return {d: _field(score, fields.get(d, 0.0)) for d, score in scores.items()}

    def scores(self, query: str, within: set[int] | None = None,
               ) -> tuple[dict[int, float], dict[int, float]]:
        """Each matching position's score, and the value of the first (longest) word's
        best field there (which field it matched in); only among `within` if given."""
        typed = fold(query).split()
        # the rarest (longest) first; among equal lengths, as typed (not a set's order,
        # which changes from run to run with the hash seed)
        words = sorted(dict.fromkeys(typed), key=len, reverse=True)
        scores: dict[int, float] = {}
        fields: dict[int, float] = {}  # the first (longest) word's value: where it matched
        for n, word in enumerate(words):
            if n == 0:
                narrow = within
            else:
                narrow = set(scores) if len(scores) * NARROW_SHARE < self.total else None
            best = self._word(word, narrow)
            if n == 0:
                scores = fields = best
            else:
                scores = {d: scores[d] + best[d] for d in scores.keys() & best.keys()}
            if not scores:
                break
        if len(typed) > 1 and scores:
            self._phrase(" " + " ".join(typed), scores)
        exact = self._id(query.strip())
        if exact is not None:
            scores = dict(scores)
            scores[exact] = ID_SCORE
        return scores, fields

    def _id(self, text: str) -> int | None:
        for base, corpus in zip(self.bases, self.corpora):
            found = corpus.find_id.get(text)
            if found is not None:
                return base + found
        return None

    def _scan(self, field: int, needle: str, narrow: set[int] | None) -> tuple[list[int], list[int]]:
        """`Field.scan` over every corpus, in positions across them all."""
        raw = _needle(needle)
        part: list[int] = []
        whole: list[int] = []
        for base, corpus in zip(self.bases, self.corpora):
            local = None
            if narrow is not None:
                top = base + corpus.size
                local = [d - base for d in narrow if base <= d < top]
                if not local:
                    continue
            p, w = corpus.fields[field].scan(raw, local)
            part += [base + d for d in p] if base else p
            whole += [base + d for d in w] if base else w
        return part, whole

    def _word(self, word: str, narrow: set[int] | None) -> dict[int, float]:
        """Every talk where `word` matches, with its best value (dict ops in C: a
        stronger match written later replaces a weaker one)."""
        found: list[tuple[float, list[int]]] = []
        for i, name in enumerate(FIELDS):
            if name == "abstract" and len(word) < MIN_ABSTRACT_WORD:
                continue
            part, whole = self._scan(i, " " + word, narrow)
            values = _FIELD_VALUES[name]
            found += [(values["start"], part), (values["whole"], whole)]
        if not any(talks for _, talks in found) and len(word) >= MIN_INSIDE_WORD:
            self.fell_back = True
            for i, name in enumerate(FIELDS):
                part, whole = self._scan(i, word, narrow)
                found.append((_FIELD_VALUES[name]["inside"], part + whole))
        best: dict[int, float] = {}
        for value, talks in sorted(found, key=itemgetter(0)):
            if talks:
                best.update(dict.fromkeys(talks, value))
        return best

    def _phrase(self, phrase: str, scores: dict[int, float]) -> None:
        candidates = set(scores)
        narrow = candidates if len(candidates) * NARROW_SHARE < self.total else None
        for i, name in enumerate(FIELDS):
            part, whole = self._scan(i, phrase, narrow)
            for d in part + whole:
                if d in candidates:
                    scores[d] += PHRASE_BONUS[name]
                    candidates.discard(d)


def narrows(before: Sequence[str], after: Sequence[str]) -> bool:
    """Whether every talk matching the folded words `after` also matches `before`:
    each earlier word is the beginning of a later one (letters typed on, or words
    added), and none grows into the length at which abstracts are searched too."""
    return bool(before) and all(
        any(w.startswith(b) and (len(b) >= MIN_ABSTRACT_WORD or len(w) < MIN_ABSTRACT_WORD)
            for w in after)
        for b in before
    )


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
    """Every talk of the catalogue, ready to search; build once, query many times."""

    def __init__(self, talks: Catalog | Iterable[Schedule]) -> None:
        catalog = as_catalog(talks)
        self.schedules = catalog.schedules
        self.entries: list[tuple[Schedule, Talk]] = [(e.schedule, e.talk) for e in catalog]
        self.corpus = Corpus.of_talks([t for _, t in self.entries])
        # The words of the last `matched` query and the positions it matched.
        self._last: tuple[list[str], set[int]] | None = None

    def __len__(self) -> int:
        return len(self.entries)

    def search(self, query: str, limit: int | None = None) -> list[Hit]:
        """Talks matching every word of `query`, best first (ties in schedule order)."""
        entries = self.entries
        return [Hit(*entries[m.position], m.score, m.field)
                for m in rank([self.corpus], query, limit)]


    def matched(self, query: str) -> dict[str, str]:
        """Talk id -> where it matched ("title", "speakers", "abstract" or "id") for every
        talk matching `query`, unranked (see _Ranker.matched).  Typed a letter at a
        time, each query looks only among the talks the one before it matched."""
        typed = fold(query).split()
        last = self._last
        within = last[1] if last is not None and narrows(last[0], typed) else None
        found = _Ranker([self.corpus]).matched(query, within)
        self._last = (typed, set(found))
        entries = self.entries
        return {entries[d][1].id: field for d, field in found.items()}


def search(talks: Catalog | Iterable[Schedule], query: str, limit: int | None = None) -> list[Hit]:
    """One-off search; build a SearchIndex to search the same talks repeatedly."""
    return SearchIndex(talks).search(query, limit)


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
