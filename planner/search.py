"""Ranked search over talk titles, speakers and abstracts across loaded schedules.

Matching ignores case, accents and punctuation: the query is folded like every other
key (`planner.text.fold`) and each word of it must start a word in the talk's title,
speakers or abstract (a word of four letters or more may also sit inside a word, at
the lowest rank).  A title hit outranks a speaker hit, which outranks an abstract hit;
a whole word outranks a word start; the whole query as a phrase adds a bonus.

The index is built once per set of schedules and keeps each field of every talk in
one lower-cased string, so a query is a few C-speed `str.find` scans rather than a
Python loop over talks: fast enough to run on every keystroke of the TUI.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_right
from dataclasses import dataclass

from .model import Schedule, Talk
from .text import fold

TITLE_WEIGHT, SPEAKER_WEIGHT, ABSTRACT_WEIGHT = 4.0, 3.0, 1.0
WHOLE_WORD, WORD_START, INSIDE_WORD = 3, 2, 1
MIN_INSIDE_WORD = 4  # shorter query words match only at word starts: `gpu`, not `in`
REPEAT_BONUS, MAX_REPEATS = 0.25, 4  # never lifts an abstract hit to a speaker hit
PHRASE_BONUS = {"title": 6.0, "speakers": 4.0, "abstract": 2.0}
ID_SCORE = 1000.0

# ASCII bytes to their search form: letters lower-cased, digits kept, everything else a
# space.  Bytes >= 0x80 (the inside of UTF-8 sequences) pass through untouched.
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
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return _NON_ASCII.sub(_drop_accent, decomposed).casefold()


class _Field:
    """One field of every talk in one string: ` text \\n ` per talk, found by offset."""

    __slots__ = ("blob", "starts", "weight", "name")

    def __init__(self, name: str, weight: float, texts: list[str]) -> None:
        parts = [" " + _searchable(t) + " \n" for t in texts]
        starts, pos = [], 0
        for p in parts:
            starts.append(pos)
            pos += len(p)
        starts.append(pos)
        joined = "".join(parts)
        # One pass over the bytes lower-cases ASCII and turns its punctuation into
        # spaces; lengths do not change, so the offsets above still hold.
        self.blob = joined.encode("utf-8", "surrogatepass").translate(_ASCII_FOLD).decode(
            "utf-8", "surrogatepass"
        )
        self.starts = starts
        self.weight = weight
        self.name = name

    def doc_at(self, pos: int) -> int:
        return bisect_right(self.starts, pos) - 1

    def scan(self, word: str, docs: list[int] | None) -> dict[int, int]:
        """Talks whose field holds `word`, with how well: whole word, start, inside."""
        found: dict[int, int] = {}
        blob, starts = self.blob, self.starts
        needle = " " + word
        spaced = needle + " "
        if docs is None:
            pos = blob.find(needle)
            while pos >= 0:
                d = bisect_right(starts, pos) - 1
                end = starts[d + 1]
                whole = blob[pos + len(needle)] == " " or blob.find(spaced, pos, end) >= 0
                found[d] = WHOLE_WORD if whole else WORD_START
                pos = blob.find(needle, end)
            if len(word) >= MIN_INSIDE_WORD:
                pos = blob.find(word)
                while pos >= 0:
                    d = bisect_right(starts, pos) - 1
                    found.setdefault(d, INSIDE_WORD)
                    pos = blob.find(word, starts[d + 1])
            return found
        inside = len(word) >= MIN_INSIDE_WORD
        for d in docs:
            start, end = starts[d], starts[d + 1]
            if blob.find(spaced, start, end) >= 0:
                found[d] = WHOLE_WORD
            elif blob.find(needle, start, end) >= 0:
                found[d] = WORD_START
            elif inside and blob.find(word, start, end) >= 0:
                found[d] = INSIDE_WORD
        return found

    def repeats(self, d: int, word: str) -> float:
        """A small bonus for an abstract that keeps coming back to the word."""
        n = self.blob.count(" " + word, self.starts[d], self.starts[d + 1])
        return REPEAT_BONUS * min(max(n - 1, 0), MAX_REPEATS)

    def has_phrase(self, d: int, phrase: str) -> bool:
        return self.blob.find(phrase, self.starts[d], self.starts[d + 1]) >= 0


@dataclass(frozen=True)
class Hit:
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
            _Field("title", TITLE_WEIGHT, [_title_text(t) for t in talks]),
            _Field("speakers", SPEAKER_WEIGHT,
                   [" | ".join(s.name for s in t.speakers) for t in talks]),
            _Field("abstract", ABSTRACT_WEIGHT, [t.abstract for t in talks]),
        )
        self.by_id: dict[str, int] = {}
        for i, t in enumerate(talks):
            self.by_id.setdefault(t.id, i)

    def __len__(self) -> int:
        return len(self.entries)

    def search(self, query: str, limit: int | None = None) -> list[Hit]:
        """Talks matching every word of `query`, best first (ties in schedule order)."""
        words = fold(query).split()
        if not words:
            return []
        scores = self._score(sorted(set(words), key=len, reverse=True))
        if len(words) > 1:
            phrase = " " + " ".join(words)
            for d in scores:
                for f in self.fields:
                    if f.has_phrase(d, phrase):
                        score, where = scores[d]
                        scores[d] = (score + PHRASE_BONUS[f.name], where)
                        break
        exact = self.by_id.get(query.strip())
        if exact is not None:
            scores[exact] = (ID_SCORE, "id")
        ranked = sorted(scores.items(), key=lambda kv: (-kv[1][0], kv[0]))
        if limit is not None:
            ranked = ranked[: max(0, limit)]
        return [
            Hit(self.entries[d][0], self.entries[d][1], score, where)
            for d, (score, where) in ranked
        ]

    def _score(self, words: list[str]) -> dict[int, tuple[float, str]]:
        """For every talk matching all `words`: its summed score and best field."""
        scores: dict[int, tuple[float, str]] = {}
        candidates: list[int] | None = None
        for n, word in enumerate(words):
            # Once few talks remain, check just those instead of scanning everything.
            docs = candidates if candidates is not None and len(candidates) * 16 < len(self) else None
            best: dict[int, tuple[float, str]] = {}
            for f in self.fields:
                for d, quality in f.scan(word, docs).items():
                    value = f.weight * quality
                    if f.weight == ABSTRACT_WEIGHT:
                        value += f.repeats(d, word)
                    if d not in best or value > best[d][0]:
                        best[d] = (value, f.name)
            if n == 0:
                scores = best
            else:
                scores = {
                    d: (scores[d][0] + v, scores[d][1] if scores[d][0] >= v else where)
                    for d, (v, where) in best.items() if d in scores
                }
            candidates = sorted(scores)
            if not candidates:
                break
        return scores


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
