"""Matching picks to the schedules loaded now.

Picks refer to talks by their stable ids across every loaded schedule.  A pick whose
talk is found takes the talk's current times; one whose schedule is loaded but no
longer has it has vanished; one whose schedule is not loaded keeps its last-seen
times.  A pick's clashes are found here too: timed picks that still exist are intervals,
untimed ones (a reading list) never clash.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Literal

from ..catalog import Catalog, as_catalog
from ..clashes import Clash, Interval, by_key, find_clashes, talk_interval, would_clash
from ..model import Schedule, Talk

if TYPE_CHECKING:
    from .store import Agenda, Pick


PickStatus = Literal["scheduled", "vanished", "not-loaded"]


@dataclass(frozen=True)
class ResolvedPick:
    """A pick matched against the loaded schedules.

    status: "scheduled" (its talk is loaded; times are the talk's current ones),
    "vanished" (its schedule is loaded but no longer has it), "not-loaded" (its
    schedule is not among those loaded now; the last-seen times stand in).
    """

    id: str
    pick: Pick
    status: PickStatus
    schedule: Schedule | None = None
    talk: Talk | None = None

    @property
    def title(self) -> str:
        return self.talk.title if self.talk else self.pick.title

    @property
    def schedule_label(self) -> str:
        return self.schedule.label if self.schedule else self.pick.schedule

    @property
    def speakers(self) -> list[str]:
        return [s.name for s in self.talk.speakers] if self.talk else list(self.pick.speakers)

    @property
    def start(self) -> datetime | None:
        return self.talk.start if self.talk else self.pick.start

    @property
    def end(self) -> datetime | None:
        return self.talk.end if self.talk else self.pick.end

    @property
    def estimated(self) -> bool:
        return self.talk.estimated if self.talk else self.pick.estimated

    @property
    def location(self) -> str | None:
        return self.talk.location if self.talk else getattr(self.pick, "location", None)

    @property
    def timed(self) -> bool:
        return self.start is not None and self.end is not None

    def as_talk(self) -> Talk:
        """Its talk; for a pick whose schedule is not loaded or no longer has it, a talk
        made of what the pick last saw (title, people, times), to show in its place."""
        if self.status == "scheduled" and self.talk is not None:
            return self.talk
        from ..parsers.names import make_speaker

        return Talk(id=self.id, title=self.title,
                    speakers=[make_speaker(n) for n in self.speakers],
                    start=self.start, end=self.end, estimated=self.estimated)


def resolve_picks(talks: Catalog | Iterable[Schedule], agenda: Agenda) -> list[ResolvedPick]:
    """The agenda's picks against the catalogue, timed ones by start, then the rest by title."""
    catalog = as_catalog(talks)
    out = []
    for talk_id, pick in agenda.picks.items():
        found = catalog.get(talk_id)
        if found is not None:
            out.append(ResolvedPick(talk_id, pick, "scheduled", found.schedule, found.talk))
        elif pick.schedule in catalog.labels:
            out.append(ResolvedPick(talk_id, pick, "vanished"))
        else:
            out.append(ResolvedPick(talk_id, pick, "not-loaded"))
    out.sort(key=_pick_order)
    return out


def _pick_order(r: ResolvedPick) -> tuple:
    if r.start is not None:
        return (0, r.start.timestamp(), r.schedule_label, r.title, r.id)
    return (1, 0.0, r.schedule_label, r.title, r.id)


# -- clashes of the picks ------------------------------------------------------------

def pick_intervals(resolved: list[ResolvedPick]) -> list[Interval]:
    """Timed picks that still exist; untimed ones (a reading list) never clash."""
    return [
        Interval(r.id, r.title, r.start, r.end, r.estimated)  # type: ignore[arg-type]
        for r in resolved
        if r.status != "vanished" and r.start is not None and r.end is not None
    ]


def talk_intervals(catalog: Catalog) -> list[Interval]:
    """Every timed talk of the catalogue: the candidates a pick could clash with."""
    return [iv for entry in catalog if (iv := talk_interval(entry.talk)) is not None]


def clash_map(talks: Catalog | Iterable[Schedule], agenda: Agenda,
              busy: list[Interval] | None = None) -> dict[str, list[Clash]]:
    """Picked talk id -> its clashes, for marking rows."""
    return by_key(find_clashes(pick_intervals(resolve_picks(talks, agenda)), busy))


def candidate_clash_map(talks: Catalog | Iterable[Schedule], agenda: Agenda,
                        busy: list[Interval] | None = None) -> dict[str, list[Clash]]:
    """Unpicked talk id -> the picks and busy events it would clash with if picked."""
    catalog = as_catalog(talks)
    picks = pick_intervals(resolve_picks(catalog, agenda))
    return would_clash(talk_intervals(catalog), picks, busy)
