"""People across every loaded schedule: one person per name key, with their talks.

Names that differ only in case, accents, spacing or punctuation are one person
(`planner.parsers.names.name_key`); nothing else is merged.  `find_person` is what
`planner talks --speaker` and the TUI's speaker list mean by a name: an exact one,
else a unique part of one.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from .errors import AmbiguousError, PlannerError
from .model import Schedule, Talk
from .parsers.names import is_artefact, name_key
from .text import fold

@dataclass
class Person:
    """One person across schedules: the talks and papers that list them."""

    key: str  # name_key of every spelling below
    name: str  # the best of the spellings seen, exactly as written somewhere
    spellings: list[str] = field(default_factory=list)
    talks: list[tuple[Schedule, Talk]] = field(default_factory=list)
    # Where the person is from, as the sources state it (one person listed with an
    # affiliation in one schedule and without it in another is still one person).
    affiliations: list[str] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.talks)

    @property
    def schedules(self) -> list[Schedule]:
        out: list[Schedule] = []
        for sch, _ in self.talks:
            if not any(sch is s for s in out):
                out.append(sch)
        return out


def _spelling_rank(spelling: str, uses: int) -> tuple[int, int, int]:
    """Prefer mixed case (`Colby Banbury` over `colby banbury` or `JINOOK SONG`), then
    spellings that keep their accents, then the most used one."""
    letters = [c for c in spelling if c.isalpha()]
    mixed = any(c.isupper() for c in letters) and any(c.islower() for c in letters)
    accents = sum(1 for c in letters if not c.isascii())
    return (1 if mixed else 0, accents, uses)


class SpeakerIndex:
    """Every speaker of the loaded schedules, merged by name key.

    Names that differ only in case, accents, spacing or punctuation are one person;
    nothing else is merged (no guessing from initials or swapped name order).  A name
    repeated in one author list counts once.  Author-line artefacts that slipped
    through a parser are not indexed; they are listed in `skipped`.
    """

    def __init__(self, schedules: list[Schedule]) -> None:
        self.schedules = list(schedules)
        self.skipped: list[tuple[Schedule, Talk, str]] = []
        people: dict[str, Person] = {}
        uses: dict[str, dict[str, int]] = {}
        for sch in self.schedules:
            for talk in sch.talks():
                seen: set[str] = set()
                for sp in talk.speakers:
                    key = sp.key or name_key(sp.name)
                    if not key or key in seen:
                        continue
                    if is_artefact(sp.name):
                        self.skipped.append((sch, talk, sp.name))
                        continue
                    seen.add(key)
                    person = people.get(key)
                    if person is None:
                        person = people[key] = Person(key=key, name=sp.name)
                        uses[key] = {}
                    counts = uses[key]
                    if sp.name not in counts:
                        person.spellings.append(sp.name)
                    counts[sp.name] = counts.get(sp.name, 0) + 1
                    person.talks.append((sch, talk))
                    if sp.affiliation and sp.affiliation not in person.affiliations:
                        person.affiliations.append(sp.affiliation)
        for key, person in people.items():
            counts = uses[key]
            person.name = max(person.spellings, key=lambda s: _spelling_rank(s, counts[s]))
        self._by_key = people
        self._sorted = sorted(people.values(), key=lambda p: (fold(p.name), p.name))

    def __len__(self) -> int:
        return len(self._by_key)

    def people(self) -> list[Person]:
        """Everyone, sorted by display name (case and accents ignored)."""
        return list(self._sorted)

    def find(self, name: str) -> Person | None:
        """The person whose name folds to the same key as `name`, if any."""
        return self._by_key.get(name_key(name))

    def match(self, query: str) -> list[Person]:
        """People whose names contain every word of `query` as a word start, best first:
        `wu` finds every Wu, `carole wu` finds Carole-Jean Wu."""
        words = name_key(query).split()
        if not words:
            return []
        exact = self.find(query)
        out = [] if exact is None else [exact]
        for person in self._sorted:
            if person is exact:
                continue
            parts = person.key.split()
            if all(any(p.startswith(w) for p in parts) for w in words):
                out.append(person)
        return out


def find_person(index: SpeakerIndex, name: str) -> Person:
    """The one person `name` means: an exact (folded) name, else a unique partial match."""
    person = index.find(name)
    if person is not None:
        return person
    matches = index.match(name)
    if len(matches) == 1:
        return matches[0]
    if matches:
        shown = ", ".join(p.name for p in matches[:6])
        more = f" and {len(matches) - 6} more" if len(matches) > 6 else ""
        raise AmbiguousError(
            f"{len(matches)} speakers match {name!r} ({shown}{more}); give more of the name."
        )
    close = difflib.get_close_matches(name.lower(), [p.key for p in index.people()], n=1)
    hint = f"; did you mean {index.find(close[0]).name!r}?" if close else "."  # type: ignore[union-attr]
    raise PlannerError(f"No speaker called {name!r} in the loaded schedules{hint}")
