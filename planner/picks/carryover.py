"""A pick follows its talk when the program fixes the talk's title.

Talk ids come from the title (planner.ids), so "Scalable Inferance" corrected to
"Scalable Inference" is a new id: the pick would show as vanished, re-picking would
add a second calendar event, and the old one would stay.  Here a vanished pick is
carried over to its successor, which must be the only candidate among the talks of
the same schedule that are not picked:

* **a nearly identical title**: the folded titles differ by a few letters
  (`difflib` ratio at least 0.9), wherever the talk now is; or
* **the same slot**: same start and end (and the same room, where both name one),
  and something of the talk stays the same: a speaker, or half the title.

The pick moves to the new id with its picked-at time kept, and its export state
records the new id, so the calendar event keeps its old UID (planner.lifecycle).
`planner.changes` reports it as "carried over", once.
"""

from __future__ import annotations

from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Literal

from collections.abc import Iterable

from ..catalog import Catalog, as_catalog
from ..model import Schedule, Talk
from ..text import fold
from .resolve import ResolvedPick, resolve_picks
from .store import Agenda

SIMILAR_TITLE = 0.9
SLOT_TITLE = 0.5

Reason = Literal["title", "slot"]


@dataclass(frozen=True)
class Carry:
    old_id: str
    new_id: str
    old_title: str
    new_title: str
    schedule: str
    reason: Reason

    def sentence(self) -> str:
        return (f"carried your pick {self.old_id} over to {self.new_id} ({self.old_title!r} "
                f"is now {self.new_title!r}); it keeps its calendar event.")


def _ratio(a: str, b: str) -> float:
    return SequenceMatcher(None, fold(a), fold(b)).ratio()


def _same_slot(r: ResolvedPick, talk: Talk) -> bool:
    p = r.pick
    if p.start is None or p.end is None or talk.start is None or talk.end is None:
        return False
    if (p.start.timestamp(), p.end.timestamp()) != (talk.start.timestamp(), talk.end.timestamp()):
        return False
    if p.location and talk.location and p.location != talk.location:
        return False
    shared = {fold(n) for n in p.speakers} & {fold(s.name) for s in talk.speakers}
    return bool(shared) or _ratio(p.title, talk.title) >= SLOT_TITLE


def find_carryovers(talks: Catalog | Iterable[Schedule], agenda: Agenda) -> list[Carry]:
    """For each vanished pick, its successor when exactly one talk qualifies."""
    catalog = as_catalog(talks)
    resolved = resolve_picks(catalog, agenda)
    vanished = [r for r in resolved if r.status == "vanished"]
    if not vanished:
        return []
    free = [(sch, t) for sch, _, t in catalog if t.id not in agenda.picks]
    out: list[Carry] = []
    taken: set[str] = set()
    for r in vanished:
        mine = [(sch, t) for sch, t in free if sch.label == r.pick.schedule and t.id not in taken]
        for reason, test in (("title", lambda t: _ratio(r.pick.title, t.title) >= SIMILAR_TITLE),
                             ("slot", lambda t: _same_slot(r, t))):
            hits = [t for _, t in mine if test(t)]
            if len(hits) == 1:
                out.append(Carry(r.id, hits[0].id, r.pick.title, hits[0].title,
                                 r.pick.schedule, reason))  # type: ignore[arg-type]
                taken.add(hits[0].id)
                break
            if hits:
                break  # two or more look alike: the user chooses, nothing is guessed
    return out


def carry_over(talks: Catalog | Iterable[Schedule], agenda: Agenda) -> list[Carry]:
    """Move each carried pick to its successor's id; keep its calendar UID."""
    catalog = as_catalog(talks)
    carries = find_carryovers(catalog, agenda)
    for c in carries:
        pick = agenda.picks.pop(c.old_id)
        sch, _, talk = catalog[c.new_id]
        pick.refresh(sch, talk)
        agenda.picks[c.new_id] = pick
        for uid, entry in agenda.exports.items():
            if entry.get("talk") == c.old_id or (
                    "talk" not in entry and uid.startswith(f"{c.old_id}@")):
                entry["talk"] = c.new_id
    return carries
