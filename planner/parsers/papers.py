"""What the untimed formats share: turning paper entries into unscheduled talks.

The paper listing, the abstract list and the author page all yield entries of a
title (stated or derived), authors, an abstract and notes, with no time.  This module
reads author lines the same way for all three (artefacts dropped and reported, odd
names kept and reported, repeats counted once), derives titles from abstracts, and
tells a complete entry from one cut off by a truncated paste.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from contextlib import AbstractContextManager
from datetime import date
from itertools import compress
from operator import ne, not_
from typing import Any

from pydantic import TypeAdapter

from ..diagnostics import DiagnosticSink
from ..gcpause import FREEZE_AFTER
from ..gcpause import gc_paused as _gc_paused
from ..ids import IdAllocator, conference_key, talk_id, title_ids
from ..model import Schedule, Session, Speaker, Talk, TitleSource
from ..speakers import (
    is_artefact,
    lettered_names,
    looks_like_name,
    make_speaker,
    split_author_line,
)
from ..text import fold_many
from .base import ParseOptions

# Many models built in one call: faster than one call per model.
_SPEAKER_LIST = TypeAdapter(list[Speaker])
TALKS = TypeAdapter(list[Talk])  # the site parser's and the program reader's too
SESSIONS = TypeAdapter(list[Session])  # theirs only
DERIVED_TITLE_CHARS = 72
# Words a derived title should not end on: it would read as cut mid-phrase.
_DANGLING = frozenset(
    "a an the of for and or with via in on to at by from into as is are was were that "
    "which this these its their our such both".split()
)
_SENTENCE_END = re.compile(r"(?<=[a-z0-9)\]”\"'])[.!?](?=\s+[A-Z(“\"])")
# A name that needs no closer look: capitalised words, hyphenated parts, initials.
_PLAIN_NAME = re.compile(
    r"[A-Z][a-z]+(?:-[A-Z][a-z]+)?(?: (?:[A-Z]\.|[A-Z][a-z]+(?:-[A-Z][a-z]+)?)){1,5}"
)
_URL_TAIL = re.compile(r"(?:https?://|www\.)\S*$")


def excerpt(text: str, n: int = 60) -> str:
    """A short quote of `text` for a diagnostic."""
    text = " ".join(text.split()[:40]) if len(text) > 4 * n else " ".join(text.split())
    return repr(text if len(text) <= n else text[: n - 1] + "…")


def ends_cleanly(text: str) -> bool:
    """Whether `text` ends where a paragraph can end, not mid-sentence or mid-word.

    A sentence stop, a closing bracket or quote, an ellipsis or a URL all count: listings
    often end an abstract with a link to the code.
    """
    tail = text.rstrip()
    if not tail:
        return False
    if tail[-1] in ".!?)]}\"'”’…":
        return True
    return _URL_TAIL.search(tail[-300:]) is not None


def derive_title(abstract: str, limit: int = DERIVED_TITLE_CHARS) -> str:
    """A short title made from the abstract's opening words.

    The first sentence when it is short; otherwise its opening clause, or its first
    words, cut at a word boundary and ended with `…`.  Callers mark the result
    `title_source="derived"`, so it is always shown as made up.
    """
    text = " ".join(abstract[: 4 * limit].split())
    m = _SENTENCE_END.search(text)
    sentence = text[: m.start()] if m else text.rstrip(".!?")
    if len(sentence) <= limit and (m or len(text) <= limit):
        return sentence or "Untitled abstract"
    head = sentence[: limit + 1]
    clause = max(head.rfind(", "), head.rfind("; "), head.rfind(": "))
    if clause >= limit // 2:
        cut = head[:clause]
    else:
        cut = head[: head.rfind(" ")] if " " in head else head[:limit]
    words = cut.split()
    while len(words) > 3 and words[-1].lower().strip(",;:") in _DANGLING:
        words.pop()
    cut = " ".join(words).rstrip(",;:-–— ")
    if cut.count("(") > cut.count(")"):
        cut = cut[: cut.rfind("(")].rstrip(",;:-–— ") or cut
    return (cut or sentence[:limit]) + "…"


class PaperBuilder:
    """Builds the talks of one untimed schedule; owns its ids and author reading."""

    def __init__(self, conference: str, year: int | None, diag: DiagnosticSink) -> None:
        self.conf_key = conference_key(conference, year)
        self.ids = IdAllocator()
        self.diag = diag
        # Listings repeat names, and each Speaker is frozen, so one instance per
        # spelling is shared by every talk that lists it.  `_clean` holds spellings
        # that need no report; `_odd` the rest (artefacts, odd names), which go the
        # long way.
        self._clean: dict[str, Speaker] = {}
        self._odd: dict[str, tuple[Speaker | None, bool]] = {}
        # Clean spellings of one key (`JINOOK SONG`, `Jinook Song`): only a line with
        # one of them needs its speakers' keys compared to find a person twice.
        self._spelling_of_key: dict[str, str] = {}
        self._shared_key: set[str] = set()

    def judge(self, names: Iterable[str]) -> None:
        """Judge every spelling among `names` not judged yet, once each.

        A listing's author lines can be judged in one call before their speakers are
        asked for: the work is then done per distinct spelling, in bulk where it can be.
        """
        clean, odd = self._clean, self._odd
        new = list(set(names).difference(clean, odd))
        if not new:
            return
        matches = list(map(_PLAIN_NAME.fullmatch, new))
        plain = list(compress(new, matches))
        # Plain names have no artefact, clearly are names and are already clean; plain
        # replaces fold them as `fold` would (done once over all of them: a plain name
        # holds no newline).
        keys = "\n".join(plain).lower().replace("-", " ").replace(".", "").split("\n") \
            if plain else []
        # Names of letters only, in any case or script (`JINOOK SONG`, `Zoë Ødegaard`),
        # are as clear, and folded in bulk.
        rest = list(compress(new, map(not_, matches)))
        flags = lettered_names(rest)
        letters = list(compress(rest, flags))
        if letters:
            plain += letters
            keys += fold_many(letters)
        speakers = _SPEAKER_LIST.validate_python(
            [{"name": name, "key": key} for name, key in zip(plain, keys)]
        )
        clean.update(zip(plain, speakers))
        self._note_keys(plain, keys)
        others: dict[str, str] = {}  # clean spelling: key
        for name in compress(rest, map(not_, flags)):  # the rest, the long way
            if is_artefact(name):
                odd[name] = (None, False)
                continue
            speaker = make_speaker(name)
            if not speaker.key:
                odd[name] = (None, looks_like_name(speaker.name))
            elif looks_like_name(speaker.name):
                clean[name] = speaker
                others[name] = speaker.key
            else:
                odd[name] = (speaker, False)
        self._note_keys(list(others), list(others.values()))

    def _note_keys(self, spellings: list[str], keys: list[str]) -> None:
        """Record the keys of new clean spellings; mark those sharing one."""
        known = self._spelling_of_key
        firsts = dict(zip(reversed(keys), reversed(spellings)))  # each key's first here
        if known:
            firsts = {key: known.get(key, name) for key, name in firsts.items()}
        known.update(firsts)
        later = list(map(ne, map(firsts.__getitem__, keys), spellings))  # not its key's first
        if any(later):
            self._shared_key.update(compress(spellings, later))
            self._shared_key.update(map(firsts.__getitem__, compress(keys, later)))

    def _different_people(self, spellings: set[str]) -> bool:
        """Whether distinct clean spellings are distinct people (no two share a key)."""
        shared = self._shared_key.intersection(spellings)
        return len(shared) < 2 or len({self._clean[n].key for n in shared}) == len(shared)

    def authors(self, line: str, line_no: int) -> list[Speaker]:
        """The speakers on an author line, each person once, artefacts left out."""
        return self.speakers(split_author_line(line), line_no)

    def speakers(self, names: list[str], line_no: int) -> list[Speaker]:
        """The speakers for the names of one author line (see `authors`)."""
        # Fast path, most lines: every name clean, nobody twice.  Only lines with
        # something to report take the long way below.
        clean = self._clean
        speakers = list(map(clean.get, names))  # None: not judged yet, or not clean
        if not all(speakers):  # (a Speaker is always true)
            self.judge(names)
            speakers = list(map(clean.get, names))
        if all(speakers):
            distinct = set(names)
            if len(distinct) == len(names) and (
                distinct.isdisjoint(self._shared_key) or self._different_people(distinct)
            ):
                return speakers  # type: ignore[return-value]  (no None left)
        out: list[Speaker] = []
        seen: set[str] = set()
        for name in names:
            speaker = clean.get(name)
            plausible = speaker is not None
            if speaker is None:
                speaker, plausible = self._odd[name]
            if speaker is None:
                self.diag.warning(
                    "not-a-name",
                    f"{name!r} on the author line is not a person's name; "
                    "it is left out of the speakers",
                    line_no,
                )
                continue
            if speaker.key in seen:
                self.diag.info(
                    "repeated-author",
                    f"author {speaker.name!r} is listed twice; counted once",
                    line_no,
                )
                continue
            if not plausible:
                self.diag.warning(
                    "odd-author",
                    f"{speaker.name!r} on the author line does not look like a full name; "
                    "kept as written",
                    line_no,
                )
            seen.add(speaker.key)
            out.append(speaker)
        return out

    def title_ids(self, titles: list[str]) -> list[str]:
        """The id bases of many stated titles (unclaimed: pass each to `talk_fields`)."""
        return title_ids(self.conf_key, titles)

    def talk(
        self, title: str | None, speakers: list[Speaker], abstract: str, line: int,
        **details: Any,
    ) -> Talk:
        """An unscheduled talk; without a stated title, one derived from the abstract.

        `details` are the keywords of `talk_fields` (notes, published, truncated).
        """
        return Talk(**self.talk_fields(title, speakers, abstract, line, **details))

    def talk_fields(
        self,
        title: str | None,
        speakers: list[Speaker],
        abstract: str,
        line: int,
        *,
        notes: list[str] | None = None,
        published: date | None = None,
        truncated: bool = False,
        base: str | None = None,
    ) -> dict[str, Any]:
        """The fields of `talk`, for building many talks in one call with `talks`.

        `base` is the title's id from `title_ids`, when it was made in bulk.
        """
        source: TitleSource = "stated"
        if title:
            shown = title
        elif abstract:
            shown, source = derive_title(abstract), "derived"
        else:
            lead = speakers[0].name if speakers else "unknown authors"
            shown = f"Untitled paper by {lead}{' et al.' if len(speakers) > 1 else ''}"
            source = "placeholder"
        if base is None or not title:
            keys = () if title else [s.key for s in speakers]  # only untitled talks hash them
            base = talk_id(self.conf_key, title, keys, abstract)
        fields: dict[str, Any] = {
            "id": self.ids.claim(base), "title": shown, "title_source": source,
            "speakers": speakers, "abstract": abstract, "line": line,
        }
        # Only what differs from the defaults: validating each field costs, at 50,000 talks.
        if notes:
            fields["notes"] = notes
        if published is not None:
            fields["published"] = published
        if truncated or abstract.endswith(("…", "...")):
            fields["abstract_truncated"] = True
        return fields

    @staticmethod
    def talks(fields: list[dict[str, Any]]) -> list[Talk]:
        """Talks from many `talk_fields`: one validation call, faster than one per talk."""
        return TALKS.validate_python(fields)


def gc_paused() -> AbstractContextManager[None]:
    """The collector paused for a paper parse; see planner.gcpause."""
    return _gc_paused(FREEZE_AFTER)


def untimed_schedule(
    options: ParseOptions, name: str, conference: str, year: int | None,
    talks: list[Talk], diag: DiagnosticSink, owner: str | None = None,
) -> Schedule:
    """The schedule of an untimed text: every talk unscheduled, diagnostics by line."""
    return Schedule(
        conference=conference, year=year, timezone=options.timezone or "UTC",
        source=options.source, format=name, owner=owner, unscheduled=talks,
        diagnostics=sorted(diag.items, key=lambda d: d.line or 0),
    )

