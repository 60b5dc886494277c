"""Score planner's reading of a real program text against its hand-made truth, in-process.

The same matching rules as shared/tools/score.py (which runs the `planner` command as a
user would): per text, an F1 in 0..1 for each figure that applies, and the text's score is
their mean.

  slots     items with a time stated in the text: title + start (+ date when the truth has a year)
  entries   every titled item (sessions, talks, papers, breaks), by title
  speakers  (item, person) pairs; a name with its affiliation glued on does not count
  zone      the detected zone gives the truth zone's offset on the program's first day

Instead of running `planner check/talks/agenda --format json` in subprocesses, this calls
the core those commands call (planner.loader.parse_text, planner.days.build_day /
agenda_json / talk_json, planner.days.schedule_days), so a test over a dozen texts takes
seconds.  Like score.py it gives no --year and no --source-tz; `today` is fixed so that
weekday-only texts infer the same year on every run.

The truth schema and conventions are in shared/data/pasted/README.md.
"""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

from planner.days import resolve_day, schedule_days
from planner.errors import PlannerError
from planner.loader import LoadOptions, parse_text, read_metadata
from planner.days import build_day
from planner.views.json import agenda_json, talk_json
from planner.textio import read_text
from planner.zones import default_zone_name, get_zone

# The day the tests' clock stands on (tests/conftest.py freezes PLANNER_NOW to it too).
TODAY = date(2026, 11, 22)


def fold(s: str | None) -> str:
    s = unicodedata.normalize("NFKD", s or "")
    s = "".join(c for c in s if not unicodedata.combining(c)).casefold()
    return " ".join(re.sub(r"[\W_]+", " ", s).split())


def same_title(truth: str, got: str) -> bool:
    t, g = fold(truth), fold(got)
    if not t or not g:
        return False
    if t == g:
        return True
    m = re.match(r"^[^:]{1,40}:\s+(.*)$", got or "")  # a kind label kept in front ("Oral: ...")
    if m and fold(m.group(1)) == t:
        return True
    return len(t) > 12 and difflib.SequenceMatcher(None, t, g).ratio() >= 0.92


def f1(hit: int, n_truth: int, n_got: int) -> float:
    if n_truth == 0 and n_got == 0:
        return 1.0
    if hit == 0:
        return 0.0
    p, r = hit / n_got, hit / n_truth
    return 2 * p * r / (p + r)


def match(truth: list[dict], got: list[dict], key) -> list[tuple[int, int]]:
    """Greedy one-to-one pairs (truth index, got index), truth in order, first fit wins."""
    pairs, used = [], set()
    for i, t in enumerate(truth):
        for j, g in enumerate(got):
            if j not in used and key(t, g):
                pairs.append((i, j))
                used.add(j)
                break
    return pairs


def offset_on(zone: str, day: str | None) -> timedelta | None:
    try:
        d = datetime.fromisoformat((day or "2024-01-15") + "T12:00")
        return d.replace(tzinfo=ZoneInfo(zone)).utcoffset()
    except Exception:
        return None


@dataclass
class Reading:
    """What planner made of a text, flattened as score.py sees it."""

    items: list[dict] = field(default_factory=list)
    format: str | None = None
    timezone: str | None = None
    sessions: int = 0
    talks: int = 0
    unscheduled: int = 0
    error: str = ""

    @property
    def refused(self) -> bool:
        return self.format is None


def read_program(path: Path, tz: str | None, truth_dates: set[str]) -> Reading:
    """Every session and talk planner reads from `path`, with wall-clock starts in the
    display zone (`tz` when the truth states a zone, else the schedule's own)."""
    try:
        text = read_text(path)
        sch = parse_text(text, str(path), read_metadata(path), LoadOptions(today=TODAY))
    except PlannerError as exc:
        return Reading(error=str(exc))
    zone = get_zone(tz or default_zone_name([sch]))
    out = Reading(format=sch.format, timezone=sch.timezone, sessions=len(sch.sessions),
                  talks=sum(len(s.talks) for s in sch.sessions), unscheduled=len(sch.unscheduled))
    days: set[str] = set(truth_dates)
    # `planner talks`: every talk; the untimed ones are items of their own.
    for t in sch.talks():
        tj = talk_json(t, zone, sch)
        if tj.get("start"):
            days.add(tj["start"][:10])
        else:
            out.items.append({"title": tj.get("title") or "", "speakers": tj.get("speakers") or [],
                              "date": None, "start": None, "stated": False})
    timed_days = schedule_days([sch], zone)
    if timed_days:  # `planner agenda` without --day: today if listed, else the first day
        d0 = resolve_day(None, timed_days, zone)
        days.update((d0 + timedelta(days=i)).isoformat() for i in range(0, 8))
    listed = set(timed_days)
    for day in sorted(days):
        try:
            wanted = date.fromisoformat(day)
        except ValueError:
            continue
        if wanted not in listed:  # `planner agenda --day D` refuses a day with nothing on it
            continue
        ag = agenda_json(build_day([sch], wanted, zone))
        for s in ag.get("sessions", []):
            st = s.get("start") or ""
            out.items.append({"title": s.get("title") or "", "speakers": s.get("speakers") or [],
                              "date": st[:10] or None, "start": st[11:16] or None,
                              "stated": bool(st) and not s.get("estimated", False)})
            for t in s.get("talks", []):
                tt = t.get("start") or ""
                out.items.append({"title": t.get("title") or "", "speakers": t.get("speakers") or [],
                                  "date": tt[:10] or None, "start": tt[11:16] or None,
                                  "stated": bool(tt) and not t.get("estimated", False)})
    return out


@dataclass
class Score:
    name: str
    figures: dict[str, float]
    note: str

    @property
    def value(self) -> float:
        return sum(self.figures.values()) / len(self.figures)

    def line(self) -> str:
        figs = " ".join(f"{k}={v:.2f}" for k, v in self.figures.items())
        return f"{self.value:.2f}  {self.name}: {figs}  [{self.note}]"


def score_text(path: Path, truth: dict) -> Score:
    tz = truth.get("timezone")
    T = [t for t in truth.get("items", []) if t.get("title")]
    dates = {t["date"] for t in T if t.get("date")}
    r = read_program(path, tz, dates)
    if r.refused:
        figures = {"entries": 0.0} if T else {"refused": 1.0}
        return Score(path.name, figures, f"no schedule: {r.error[:100]}")
    got = r.items
    res: dict[str, float] = {}
    timed_t = [t for t in T if t.get("start")]
    if timed_t:
        with_year = truth.get("year") is not None
        timed_g = [g for g in got if g["stated"]]

        def slot(t, g):
            if t["start"] != g["start"] or not same_title(t["title"], g["title"]):
                return False
            return not (with_year and t.get("date")) or t["date"] == g["date"]
        res["slots"] = f1(len(match(timed_t, timed_g, slot)), len(timed_t), len(timed_g))
    pairs = match(T, got, lambda t, g: same_title(t["title"], g["title"]))
    res["entries"] = f1(len(pairs), len(T), len(got))
    if any(t.get("speakers") for t in T):
        tp = {(i, fold(n)) for i, t in enumerate(T) for n in t.get("speakers") or []}
        gmap = dict(pairs)
        gp = set()
        for j, g in enumerate(got):
            i = next((a for a, b in gmap.items() if b == j), None)
            for n in g["speakers"]:
                gp.add((i if i is not None else -1 - j, fold(n)))
        res["speakers"] = f1(len(tp & gp), len(tp), len(gp))
    if tz:
        first = min(dates) if dates else None
        want, have = offset_on(tz, first), offset_on(r.timezone or "", first)
        res["zone"] = 1.0 if want is not None and want == have else 0.0
    note = f"{r.format}, {r.sessions} sessions, {r.talks} talks, {r.unscheduled} unscheduled"
    return Score(path.name, res, note)


def truth_files(folder: Path) -> list[tuple[Path, Path]]:
    """(text, truth) pairs in `folder`: every NAME.truth.json whose NAME is beside it."""
    out = []
    if not folder.is_dir():
        return out
    for tp in sorted(folder.glob("*.truth.json")):
        text = tp.with_name(tp.name[: -len(".truth.json")])
        if text.is_file():
            out.append((text, tp))
    return out


def load_truth(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))
