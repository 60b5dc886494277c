"""Entries into the model: dates for the days, instants in the program's zone, sessions
and talks with ids, estimated slots where the text gives none, and the report of what
was assumed and what was left unread."""

from __future__ import annotations

import bisect
import difflib
import re
from collections import Counter
from datetime import date, datetime, time, timedelta, timezone
from functools import cached_property, lru_cache
from operator import attrgetter, itemgetter
from typing import Any
from zoneinfo import ZoneInfo

from ... import clock
from ...diagnostics import DiagnosticSink
from ...ids import IdAllocator, conference_key, session_ids, title_ids
from ...model import Schedule, Session, SessionKind, Speaker, Talk
from ...text import fold, folded_by_text
from ...timing import assign_times
from ...zones import local_zone_name
from ..base import ParseOptions
from ..names import make_speaker, with_affiliation
from .doc import Doc, Line
from .drafts import DayRef, Draft
from .fields import SESSION_SET, STANDALONE_SET, TALK_SET, made, session_fields, talk_fields
from .anycase import AnyCase
from .joined import Joined
from .kinds import kinds_from_words
from .people import Person
from .stated_zone import stated_zone_in
from .when import DEADLINE, DayMark, find_days, years_in, years_in_links

_ALLDAY = (time(9, 0), time(17, 0))
# What a date with a year needs (see `when.find_days`): a year of the years it reads
# (1990-2099, also in `2020-10-15`) or a numeric date (`3.12.18`, `23/04/2024`).
# `will be held on`, `takes place on`, `is scheduled on`, `The … Workshop is on`: the day
# an event is on, in prose
_HELD_ON = re.compile(r"\b(?:held|takes? place|taking place|scheduled|happens?|is|will be)\s+on\s+",
                      re.I)
_YEARISH = re.compile(r"(?:19|20)\d\d|\d[./]\d{1,2}[./]\d")
# am or pm after a clock or an hour (`9am`, `2.30 p.m.`), or noon: a 12-hour page
_MERIDIEM = re.compile(r"\d\s*[ap]\.?\s?m\b|\bnoon\b", re.IGNORECASE)


def may_hold_year(text: str) -> bool:
    """False when `_YEARISH` finds nothing in `text` for certain: it needs `19` or `20`
    (a year) or a dot or slash (a numeric date), which plain substring tests tell
    quicker than the pattern (a table's time and room cells have none of them)."""
    return "20" in text or "19" in text or "." in text or "/" in text
# `_YEARISH` (with less before the numeric date's first separator) in parts that each
# start with a literal, which the regex engine skips to quickly; `_YEARISH` itself, or
# a part that starts with a class (`[./]`), is tried at every character.
_YEARISH_PARTS = tuple(map(re.compile, (r"19\d\d", r"20\d\d", r"\.\d{1,2}[./]\d",
                                        r"/\d{1,2}[./]\d")))


# DEADLINE's words compared lower-cased on an ASCII text (its case-blind scan of every
# character cost more than reading a candidate's dates)
_ANY_DEADLINE = AnyCase(DEADLINE)


def may_hold_years(texts: list[str]) -> list[int]:
    """The indices, in order, of the texts in which `_YEARISH` may find something (and a
    few more: each part is looked for once in all the texts joined)."""
    joined = Joined(texts)
    out: set[int] = set()
    for part in _YEARISH_PARTS:
        joined.matching(part, out)
    return sorted(out)


_GENERIC_TITLES = re.compile(
    r"^(?:program(?:me)?|schedule|agenda|talks?|publications|papers|accepted papers|"
    r"conference schedule|full schedule|calendar|home|news)$", re.I)
_KEEP_AS_IS = {SessionKind.BREAK}
_NO, _TEXT = attrgetter("no"), attrgetter("text")
_TITLE = itemgetter("title")
_ZONE, _USED, _CHILDREN = attrgetter("zone"), attrgetter("used"), attrgetter("children")
_DAY = attrgetter("day")


class _Numbers:
    """The numbers of `lines`, each read where it is asked for (`stated_zone_in` asks
    for those of the few lines that name a zone, of 50,000 in a table)."""

    __slots__ = ("lines",)

    def __init__(self, lines: list[Line]) -> None:
        self.lines = lines

    def __getitem__(self, i: int) -> int:
        return self.lines[i].no

    def __len__(self) -> int:
        return len(self.lines)


class Builder:
    def __init__(self, doc: Doc, top: list[Draft], loose: list[Draft], used: set[int],
                 options: ParseOptions, diag: DiagnosticSink, fmt: str) -> None:
        self.doc, self.top, self.loose, self.used = doc, top, loose, used
        self.options, self.diag, self.format = options, diag, fmt
        self.today = options.today or clock.now().date()

    # -- zone, year, days ---------------------------------------------------------------
    def zone(self) -> str:
        if self.options.timezone:
            return self.options.timezone
        # every line, then every cell's lines, then the zones the drafts were read in
        lines = self.doc.lines + self._cell_lines()
        lines += [Line(d.line, f"{d.zone} time") for d in filter(_ZONE, self._all_drafts())]
        found = stated_zone_in(_Numbers(lines), list(map(_TEXT, lines)))
        if found is not None:
            self.diag.info("zone-stated", f"times read in {found.name}, as the text states "
                           f"({found.evidence!r})", found.line)
            if found.assumed:
                self.diag.warning("zone-ambiguous", found.assumed, found.line)
            return found.name
        name = local_zone_name()
        if self.top:
            self.diag.warning(
                "zone-assumed",
                f"the text states no time zone; times read in this machine's zone, {name} "
                "(use --source-tz or a .toml beside the text to fix it)",
            )
        return name

    def _all_drafts(self) -> list[Draft]:
        """Every draft, children too, in the order of a stack taken from the end (the
        order the zones they were read in are counted in)."""
        stack = [*self.top, *self.loose]
        if not any(map(_CHILDREN, stack)):
            stack.reverse()  # (no draft has children, as in most programs: no loop)
            return stack
        out: list[Draft] = []
        pop, extend, add = stack.pop, stack.extend, out.append
        while stack:
            d = pop()
            add(d)
            if d.children:  # (most have none)
                extend(d.children)
        return out

    def _cell_lines(self) -> list[Line]:
        """The lines of every table cell, row by row (what `zone` reads and `_coverage`
        counts: the one walk through the cells, often 40,000 of them, made once)."""
        got = getattr(self, "_cells_read", None)
        if got is None:
            got = self._cells_read = [c_ln for ln in self.doc.lines if ln.cells
                                      for c in ln.cells for c_ln in c.lines]
        return got

    def _year_evidence(self) -> Counter[int]:
        votes: Counter[int] = Counter()
        max_year = self.today.year + 3
        for ln in self.doc.lines:
            texts = [ln.text] if ln.cells is None else [c.text for c in ln.cells]
            for t in texts:
                w = 3 if ln.heading else 1
                for y in years_in(t) + years_in_links(t):
                    if 1990 <= y <= max_year:
                        votes[y] += w
            spans = list(ln.spans)
            if ln.cells:
                spans += [s for c in ln.cells for cl in c.lines for s in cl.spans]
            for s in spans:
                if s.href:
                    for y in years_in(s.href) + years_in_links(s.href):
                        if 1990 <= y <= max_year:
                            votes[y] += 1
        if self.doc.title:
            for y in years_in(self.doc.title):
                votes[y] += 3
        for _, m in self.doc.meta:
            for y in years_in(m):
                votes[y] += 3
        return votes

    def _evidence_dates(self) -> list[date]:
        """Dates written anywhere: prose, meta, links (`2020-02-22`)."""
        cached = getattr(self, "_evidence", None)
        if cached is not None:
            return cached
        self._evidence = self._find_evidence_dates()
        return self._evidence

    def _evidence_texts(self, limit: int) -> list[str]:
        """Every line's text, the page facts and title, then links and table cells, in that order;
        the first `limit` of them."""
        out = list(map(_TEXT, self.doc.lines))
        out += [m for _, m in self.doc.meta]
        if self.doc.title:
            out.append(self.doc.title)  # `title: "Schedule - October 14th 2023"` in front matter
        for ln in self.doc.lines:
            if len(out) >= limit:
                break
            out += [s.href for s in ln.spans if s.href]
            if ln.cells:
                for c in ln.cells:
                    for cl in c.lines:
                        out.append(cl.text)
                        out += [s.href for s in cl.spans if s.href]
        return out[:limit]

    def _find_evidence_dates(self) -> list[date]:
        out: list[date] = []
        texts = self._evidence_texts(20000)
        for i in may_hold_years(texts):
            t = texts[i]
            if _YEARISH.search(t, 0, 500) is None:
                continue  # no year in reach: no full date with a year (nearly every line)
            if _ANY_DEADLINE.found(t):
                continue  # `Submission deadline: May 18, 2021` is no day of the program
            for m in find_days(t[:500]):
                if m.full and m.year:
                    d = m.on(m.year)
                    if d:
                        out.append(d)
        return out

    def resolve_days(self, refs: list[DayRef]) -> dict[int, date]:
        """A date for every day the entries name (keyed by id of the DayRef)."""
        out: dict[int, date] = {}
        marks = [r.mark for r in refs if r.mark is not None]
        stated_years = [m.year for m in marks if m.year]
        # (the dates written anywhere are read only where the days leave a question:
        # no year stated, a day without its month, no date at all; a program whose day
        # headings carry their dates never scans its lines for more)
        year: int | None = self.options.year
        if year is None and stated_years:
            year = Counter(stated_years).most_common(1)[0][0]
        if year is None:
            year = self._year_from_text(marks, self._evidence_dates())
        # months for days written without one (`Saturday 22nd`)
        months = Counter(m.month for m in marks if m.month)
        ev_months: Counter | None = None
        resolved: list[tuple[DayRef, date | None]] = []
        last: date | None = None
        for r in refs:
            m = r.mark
            d = None
            if m is not None and m.full:
                d = m.on(year or self.today.year)
            elif m is not None and m.day is not None and m.weekday is not None:
                # `Thursday, 31st` then `Friday, 1st`: a day written without its month in
                # the week after the day before it is that day (the month rolls over)
                d = _in_week_after(last, m)
                if d is None:
                    if ev_months is None:
                        ev_months = Counter((d.year, d.month) for d in self._evidence_dates())
                    d = self._month_for(m, year, months, ev_months)
            resolved.append((r, d))
            last = d or last
        anchor = next((d for _, d in resolved if d is not None), None)
        if anchor is None and self._evidence_dates():
            evidence = self._evidence_dates()
            anchor = min(evidence) if len(set(evidence)) > 1 else evidence[0]
        # weekday-only and ordinal days, relative to their neighbours
        dated = sorted({d for _, d in resolved if d is not None})
        prev: date | None = None
        first_abs = anchor
        for k, (r, d) in enumerate(resolved):
            m = r.mark
            if d is None and m is not None and m.ordinal is not None:
                base = first_abs or self._today_anchor()
                d = base + timedelta(days=m.ordinal - 1)
            elif d is None and m is not None and m.weekday is not None:
                base = prev
                if base is None:
                    nxt = next((x for _, x in resolved[k + 1:] if x is not None), None)
                    if nxt is not None:
                        d = nxt - timedelta(days=(nxt.weekday() - m.weekday) % 7 or 7)
                    else:
                        base = (anchor - timedelta(days=1)) if anchor else self._today_anchor() - timedelta(days=1)
                if d is None:
                    delta = (m.weekday - base.weekday()) % 7
                    d = base + timedelta(days=delta or (7 if base == prev else 0))
                    d = _dated_weekday(d, dated) or d
                    if prev is None and anchor is None:
                        self._weekday_note(m)
            elif d is None:
                d = prev or anchor or self._today_anchor(note=True)
            resolved[k] = (r, d)
            prev = d
            out[id(r)] = d
        return out

    def _stated_once(self) -> date | None:
        """The date a one-day event states once anywhere (`held on October 17, 2021`),
        for times under no day heading."""
        evidence = sorted(set(self._evidence_dates()))
        if not evidence:
            return self._held_on()
        return evidence[0]

    def _held_on(self) -> date | None:
        """The day a sentence says the event is held on, its year stated elsewhere (`The
        Symposium will be held on Oct 14, the day before the main conference`, under
        `CCS’24 … 2024`): for times under no day heading, where no date with its year is
        written.  None when no such sentence or no year is found; computed once."""
        cached = getattr(self, "_held", False)
        if cached is not False:
            return cached
        self._held = None
        for ln in self.doc.lines:
            m = _HELD_ON.search(ln.text) if ln.cells is None and " on " in ln.text else None
            day = next(iter(find_days(ln.text[m.end():m.end() + 40])), None) if m else None
            if day is None or day.begin != 0 or day.month is None or day.day is None \
                    or _ANY_DEADLINE.found(ln.text):
                continue  # (`The deadline is on May 5` is no day of the program)
            votes = self._year_evidence()
            year = day.year or self._held_on_year(day, votes)
            if year is not None:
                self._held = day.on(year)
                if self._held is not None:
                    self.diag.info("date-stated", f"times with no day of their own are placed on "
                                   f"{self._held.isoformat()}, the day line {ln.no} says the event "
                                   f"is held on", ln.no)
            break
        return self._held

    def _held_on_year(self, day: DayMark, votes: Counter[int]) -> int | None:
        """The year of a day a sentence names without one (`held on Sunday, November
        12th`): the year the text writes most, unless the sentence names a weekday that
        the date does not fall on in that year (the years of a speaker's biography);
        then the year nearest today that fits, with a warning that names the other
        years that also fit (another year of the biography fitting is chance)."""
        top = votes.most_common(1)[0][0] if votes else None
        if day.weekday is None or top is not None and _fits(day, top):
            return top
        from ..datetimes import HeaderTime
        from ..years import resolve_year

        # HeaderTime(text, weekday, month, day, year, start, end, zone)
        header = HeaderTime("", day.weekday, day.month, day.day, None, time(9), None, None)
        return resolve_year([(1, header)], None, self.today, self.diag)

    def _stated_once_note(self, day: date | None, lines: list[int]) -> None:
        """One note for all the entries placed on the date stated once, naming their
        lines, and only where there was a choice of dates (and an entry that took it)."""
        if day is None or not lines or len(set(self._evidence_dates())) <= 1:
            return
        shown = ", ".join(map(str, lines[:10])) + (f" and {len(lines) - 10} more" if len(lines) > 10 else "")
        self.diag.info("date-stated", f"times with no day of their own (line{'s' if len(lines) > 1 else ''} "
                       f"{shown}) are placed on {day.isoformat()}, the first date the text states",
                       lines[0])

    def _today_anchor(self, note: bool = False) -> date:
        if note and not getattr(self, "_noted_today", False):
            self._noted_today = True
            self.diag.warning(
                "date-assumed",
                f"the text states no date for its times; they are placed on {self.today:%A} "
                f"{self.today.isoformat()} (today)",
            )
        return self.today

    def _weekday_note(self, m: DayMark) -> None:
        if getattr(self, "_noted_weekday", False):
            return
        self._noted_weekday = True
        self.diag.warning(
            "date-assumed",
            "the text names its days by weekday only; they are placed in the coming week "
            "(add the dates to the text or a .toml to fix it)",
        )

    def _month_for(self, m: DayMark, year: int | None, months: Counter, ev_months: Counter) -> date | None:
        y = year or self.today.year
        candidates = []
        for mo in range(1, 13):
            try:
                d = date(y, mo, m.day)
            except ValueError:
                continue
            if d.weekday() == m.weekday:
                score = months.get(mo, 0) * 10 + ev_months.get((y, mo), 0) * 5
                candidates.append((score, -abs((d - self.today).days) if not year else 0, d))
        if not candidates:
            return None
        best = max(candidates)
        return best[2]

    def _year_from_text(self, marks: list[DayMark], evidence: list[date]) -> int | None:
        votes = self._year_evidence()
        dated = [m for m in marks if m.full]
        checks = [m for m in dated if m.weekday is not None]
        if votes:
            for y, _ in votes.most_common():
                if all(_fits(m, y) for m in checks):
                    if dated or any(m.weekday is not None and m.day for m in marks):
                        self.diag.info("year-stated", f"year {y} taken from the text")
                    return y
            # no year the text names fits every weekday: the year it names in a title
            # or heading still wins over them (`Spring Workshop 2023` / `Monday, June 3`)
            top, weight = votes.most_common(1)[0]
            named = any(top in years_in(ln.text) for ln in self.doc.lines[:3] if ln.cells is None)
            if (weight >= 3 or named) and checks and not any(_fits(m, y) for m in checks for y, _ in votes.items()
                                                  if y != top):
                bad = next(m for m in checks if not _fits(m, top))
                self.diag.warning(
                    "weekday-mismatch",
                    f"the text states the year {top}, but {bad.on(top):%B} {bad.day} {top} is not "
                    f"the weekday it names; the dates are kept in {top} (use --year to change it)")
                return top
        if evidence:
            return Counter(d.year for d in evidence).most_common(1)[0][0]
        if checks:
            from ..years import resolve_year
            from ..datetimes import HeaderTime

            hts = [(1, HeaderTime("", m.weekday, m.month, m.day, None, time(9), None, None))
                   for m in checks]
            return resolve_year(hts, None, self.today, self.diag)
        if dated:
            self.diag.warning(
                "year-assumed",
                f"the text states no year; assumed {self.today.year} (use --year to fix it)",
            )
            return self.today.year
        return None

    # -- the model ------------------------------------------------------------------------
    def build(self) -> Schedule:
        opts = self.options
        zone_name = self.zone()
        zone = ZoneInfo(zone_name)
        conference = opts.conference or self._conference()
        refs = self._day_refs()
        dates = self.resolve_days(refs)
        year = opts.year or (Counter(d.year for d in dates.values()).most_common(1)[0][0] if dates else None)
        conf_key = conference_key(conference, year)
        self._fix_meridiems(dates)
        self._ends_from_next()
        self._merge_loose()
        self._zone = zone
        self._instants: dict[date, dict[time, datetime]] = {}
        sessions, unscheduled = self._models(dates, conf_key)
        schedule = Schedule(conference=conference, year=year, timezone=zone_name,
                            source=opts.source, format=self.format, sessions=sessions,
                            unscheduled=unscheduled)
        if sessions and not (self._every_time_stated and self._instants_settled()):
            assign_times(schedule, opts.talk_minutes, self.diag)
        self._coverage(schedule)
        schedule.diagnostics = list(self.diag.items)
        return schedule

    def _conference(self) -> str:
        """The program's name from its first heading (or title line): dates and words
        such as `Program` taken out, the year kept (`OCaml 2013 - Program` -> `OCaml 2013`,
        `LangDev Meetup 14-15 November 2023` -> `LangDev Meetup 2023`)."""
        from .lines import header_of

        from .lines import day_line, is_nav

        candidates = [ln for ln in self.doc.lines[:80] if ln.cells is None and
                      (ln.heading in (1, 2) or ln.no <= 8) and header_of(ln) is None
                      and day_line(ln) is None and not _META_LINE.match(ln.text)
                      and not DEADLINE.search(ln.text.partition(":")[0])]
        if self.doc.title:
            candidates.insert(0, Line(0, self.doc.title))
        # The first line that reads as an event's name (a year, an acronym, `Workshop`);
        # page furniture before it (`Skip to main content`, `Welcome`) is not the name.
        # Failing that, only the page's first heading names it (later ones name its parts).
        names = [(ln, _name_of(ln.text)) for ln in candidates[:12] if not is_nav(ln.text)]
        # (the line that names it is read: `planner check` does not report it as unread)
        for ln, name in names:
            if name and _event_name(name):
                self.used.add(ln.no)
                return name
        for ln, name in names[:1] + ([(candidates[0], _name_of(candidates[0].text))]
                                     if self.doc.title and len(candidates) > 1 else []):
            if name and not _GENERIC_NAME.match(name) and (ln.heading or ln.no == 0):
                self.used.add(ln.no)
                return name
        self.diag.info("no-conference",
                       "the text does not name its conference; add metadata or a .toml beside it")
        return "Conference program"

    def _day_refs(self) -> list[DayRef]:
        seen: dict[int, DayRef] = {}
        last = None
        for day in map(_DAY, self._all_drafts_in_order()):
            if day is not last and day is not None:  # (entries of a day follow each other)
                last = day
                seen.setdefault(id(day), day)
        refs = sorted(seen.values(), key=lambda r: (r.order, r.line))
        return refs

    def _all_drafts_in_order(self) -> list[Draft]:
        """The entries and their children, each after its parent."""
        if not any(map(_CHILDREN, self.top)):
            return self.top  # (no entry has children, as in most programs)
        out: list[Draft] = []
        for d in self.top:
            out.append(d)
            out.extend(d.children)
        return out

    def _ends_from_next(self) -> None:
        """A table row with a start only, in a timetable of one entry after another
        (`9.00 am | Arrival`, `10.00 am | Registration`), or an item of an outline run
        into one line (`8:30 Session 1 10:00 Coffee`): it ends, as far as anyone can
        tell, when the next entry that day starts (within four hours); marked estimated.
        Sessions with talks keep planner.timing's rule (no later than their talks need,
        so no session stretches across lunch)."""
        timed = [d for d in self.top if d.start is not None and d.open is None]
        if not any(d.end is None and not d.children and (d.from_table or d.in_run) for d in timed):
            return  # (every entry states its end, or is no row nor run: no day to sort)
        by_day: dict[object, list[Draft]] = {}
        for d in timed:
            by_day.setdefault(id(d.day) if d.day else None, []).append(d)
        for drafts in by_day.values():
            # (a session's end is planner.timing's: its talks' need)
            open_ = [d for d in drafts if d.end is None and not d.children
                     and (d.from_table or d.in_run)]
            if not open_:
                continue  # (every entry of the day states its end: no starts to sort)
            starts = sorted({_mins(d.start) for d in drafts})
            for d in open_:
                i = bisect.bisect_right(starts, _mins(d.start))
                if i < len(starts) and starts[i] - _mins(d.start) <= 240:
                    nxt = starts[i]
                    d.end, d.end_guess = time(nxt // 60, nxt % 60), True

    def _fix_meridiems(self, dates: dict[int, date]) -> None:
        """A bare `2:15` after `11:30` the same day is in the afternoon (so is `02:15` in a
        program whose clocks never pass 12:59), and `12.00 am` after `11.00 am` is noon."""
        by_day: dict[object, list[Draft]] = {}
        last: object = by_day  # (no day is the dict: the first entry opens its day's list)
        for d in self.top:
            if d.day is not last:  # (entries of a day follow each other)
                last = d.day
                drafts = by_day.setdefault(id(d.day) if d.day else None, [])
            drafts.append(d)
        # No clock past 12:59 anywhere: `01:00` is as 12-hour as `1:00` (`12:00 - 01:00
        # Lunch`, then `01:00 - 02:00 Panel`)
        twelve = not any(t is not None and t.hour >= 13 for d in self.top
                         for x in (d, *d.children) for t in (x.start, x.end))
        for drafts in by_day.values():
            last = None  # the minutes of the day's last start
            for d in drafts:
                start = d.start
                if start is None:
                    continue
                hour = start.hour
                if (d.bare or twelve) and last is not None and hour < 12 and \
                        hour + 12 <= 23 and hour * 60 + start.minute < last - 60 \
                        and (twelve or not self._day_of_24_hours):
                    d.start = start = time(hour + 12, start.minute)
                    if d.end is not None and d.end.hour < 12 and d.end < start:
                        d.end = time(d.end.hour + 12, d.end.minute)
                    for k in d.children:
                        if k.start is not None and k.start.hour < 12:
                            k.start = time(k.start.hour + 12, k.start.minute)
                elif last is not None and hour == 0 and 8 * 60 <= last < 13 * 60:
                    # `12.00 am - 1.30 pm Lunch` after `11.00 am`: noon, written as 12 am
                    d.start = start = time(12, start.minute)
                    for k in d.children:
                        if k.start is not None and k.start.hour == 0:
                            k.start = time(12, k.start.minute)
                end = d.end
                if end is not None and end < start and end.hour < 12 \
                        and end.hour + 12 >= start.hour:
                    d.end = time(end.hour + 12, end.minute)
                last = start.hour * 60 + start.minute

    @cached_property
    def _day_of_24_hours(self) -> bool:
        """Whether the page writes the 24-hour clock: clocks past 12:59 and no am or pm
        anywhere.  Then a bare `9.00` after `19.00 – 20.00 WELCOME DRINK` is the next
        morning's (a page with no day headings), not 21:00.  Asked only when a bare
        clock goes back in a day, and worked out once."""
        texts = [ln.text for ln in self.doc.lines if ln.cells is None]
        texts += [c.text for ln in self.doc.lines if ln.cells for c in ln.cells]
        return not any(_MERIDIEM.search(t) for t in texts)

    def _models(self, dates: dict[int, date], conf_key: str) -> tuple[list[Session], list[Talk]]:
        """The sessions (their talks in them) and the unscheduled talks, each model made
        once, in reading order, from its final fields (`fields.made`: the fields dict is
        the model's own); the ids, hashed in bulk once every title is known, are written
        into those dicts last.  A standalone session and its one talk share their title,
        speakers and instants, worked out once; a day's instants are looked up by their
        time alone.

        It also tells whether `assign_times` would place nothing (`timing._all_stated`):
        every session states its start and its end and has no talk or is its one talk;
        then (`build`) the schedule is left as it is made, its instants being those
        `assign_times` would give where `_instants_settled` holds."""
        # (a start is always made: from the day's hours, the text, or the end)
        self._every_time_stated = True
        # The models of each kind share one fields set, this parse's own (`made` takes
        # it as it is): copied for each model, the 16 names' set took 1.2 kB (its table
        # sized for 64), a quarter of what a 10,000-entry program's models hold.  A
        # model's fields set grows only where pydantic's `__setattr__` sets a field;
        # after a parse only fields these already hold are set (`timing`'s session_id,
        # `walltime`'s start and end), and `model_copy` copies the set before it adds
        # to it (tests/test_build_fast_paths.py holds the sets to these).
        talk_set, session_set = set(TALK_SET), set(SESSION_SET)
        standalone_set = set(STANDALONE_SET)
        placed: list[int] = []  # lines of entries placed on the date stated once
        zone = self._zone
        session_rows: list[dict[str, Any]] = []
        sessions: list[Session] = []
        id_keys: list[tuple[str, str, str]] = []  # each session's (kind, title, day), for its id
        talk_rows: list[dict[str, Any]] = []  # the sessions' talks' fields, in order
        owners: list[int] = []  # the session of each of those
        iso: dict[date, str] = {}
        session_kind, talk_kind, break_kind = SessionKind.SESSION, SessionKind.TALK, SessionKind.BREAK
        word_kinds = kinds_from_words([d.title or d.label or "" for d in self.top])
        last_ref = day = day_iso = on_day = None
        for d, words_kind in zip(self.top, word_kinds):
            ref = d.day
            if ref is None or ref is not last_ref:  # (entries of a day follow each other)
                day = dates.get(id(ref)) if ref is not None else None
                last_ref = ref if day is not None else None
                if day is None:
                    stated_once = self._stated_once()
                    day = stated_once or self._today_anchor(note=True)
                    if stated_once is not None:
                        placed.append(d.line)
                day_iso = iso.get(day)
                if day_iso is None:
                    day_iso = iso[day] = day.isoformat()
                on_day = self._on_day(day)  # (its instants, looked up by their time below)
            title = d.title or d.label
            if not title:
                self.diag.warning("no-title", "a time with nothing under it was left out", d.line)
                continue
            kind = d.kind or words_kind
            if kind is session_kind and not d.children and not d.is_session:
                kind = talk_kind
            start = end = None
            start_est = end_est = False
            d_start, d_end = d.start, d.end
            if d_start is None and d_end is None or d.open == "allday":
                start, end = self._instant(day, _ALLDAY[0]), self._instant(day, _ALLDAY[1])
                start_est = end_est = True
            else:
                if d_start is not None:
                    start = on_day.get(d_start)
                    if start is None:
                        start = on_day[d_start] = datetime.combine(day, d_start, tzinfo=zone)
                if d_end is not None:
                    if d_start is not None and d_end < d_start:  # (past midnight)
                        end = self._instant(day + timedelta(days=1), d_end)
                    else:
                        end = on_day.get(d_end)
                        if end is None:
                            end = on_day[d_end] = datetime.combine(day, d_end, tzinfo=zone)
                    end_est = d.end_guess
                    if start is None:
                        start = end - timedelta(minutes=30)
                        start_est = True
                        self._every_time_stated = False  # (an instant `_instants` does not hold)
                else:
                    self._every_time_stated = False  # (an open end: `assign_times` gives it one)
            speakers = _speakers(d.people)
            abstract = "\n\n".join(d.abstract) if d.abstract else ""
            standalone = False
            talks: list[Talk] = []
            owner = len(session_rows)
            if d.children:
                for k in d.children:
                    t = self._talk(k, day)
                    if t is not None:
                        talk_rows.append(t)
                        owners.append(owner)
                        talks.append(made(Talk, t, talk_set))
                if talks:
                    self._every_time_stated = False  # (talks to place in their session)
            elif kind not in _KEEP_AS_IS and words_kind is not break_kind:  # (no break)
                t = talk_fields(title, speakers[:], abstract, "\n\n".join(d.bio) if d.bio else "",
                                [d.venue] if d.venue else [], start, end, start_est, end_est,
                                kind if d.kind else None, d.url, d.links[:], d.room, d.line)
                talk_rows.append(t)
                owners.append(owner)
                talks.append(made(Talk, t, talk_set))
                standalone = True
            fields = session_fields(kind, title, start, end, start_est, end_est, speakers,
                                    _speakers(d.chairs) if d.chairs else [], abstract, d.room,
                                    d.url, talks, standalone, d.line)
            session_rows.append(fields)
            sessions.append(made(Session, fields, standalone_set if standalone else session_set))
            # (`_value_`, the member's value as stored: `.value` is a Python property)
            id_keys.append((kind._value_, title, day_iso))
        if placed:
            self._stated_once_note(self._stated_once(), placed)
        loose = [t for d in self.loose for t in self._loose_talks(d)]
        unscheduled = [made(Talk, t, talk_set) for t in loose]
        talk_titles = list(map(_TITLE, talk_rows)) + list(map(_TITLE, loose))
        session_titles = list(map(_TITLE, session_rows))
        # (each title folded once: a standalone session and its talk share theirs)
        folded = folded_by_text(session_titles + talk_titles).__getitem__
        sids = session_ids(conf_key, id_keys, list(map(folded, session_titles)))
        for fields, sid in zip(session_rows, sids):
            fields["id"] = sid
        # (claimed in reading order, as the talks were met)
        tids = IdAllocator().claim_all(title_ids(conf_key, talk_titles,
                                                 list(map(folded, talk_titles))))
        for t, tid, owner in zip(talk_rows, tids, owners):
            t["id"], t["session_id"] = tid, sids[owner]
        for t, tid in zip(loose, tids[len(talk_rows):]):
            t["id"] = tid
        return sessions, unscheduled

    def _instants_settled(self) -> bool:
        """Whether every instant `_models` made is as `assign_times` would leave it in a
        program of stated times: moved to UTC and back into the zone (`_Clock.settle`),
        each comes back the same wall time, fold and zone, unless the clocks skip it
        (`02:30` on the day summer time starts comes back `03:30`).  Asked of each
        distinct instant once (a program repeats its times), not of every session."""
        utc, zone = timezone.utc, self._zone
        for on_day in self._instants.values():
            for dt in on_day.values():
                back = dt.astimezone(utc).astimezone(zone)
                if back.tzinfo is not dt.tzinfo or back.fold != dt.fold \
                        or back.replace(tzinfo=None) != dt.replace(tzinfo=None):
                    return False
        return True

    def _instant(self, day: date, t: time) -> datetime:
        """`datetime.combine(day, t)` in the program's zone, one object for each day and
        time: a program repeats its times, and planner.timing keys its tables on them
        (an aware instant works out its hash once)."""
        on_day = self._on_day(day)
        got = on_day.get(t)
        if got is None:
            got = on_day[t] = datetime.combine(day, t, tzinfo=self._zone)
        return got

    def _on_day(self, day: date) -> dict[time, datetime]:
        """The instants of `day` made so far, by their time (`_instant`'s table)."""
        got = self._instants.get(day)
        if got is None:
            got = self._instants[day] = {}
        return got

    def _talk(self, k: Draft, day: date | None) -> dict[str, Any] | None:
        """The fields of a talk (`_models` adds its id and its session's)."""
        title = k.title or k.label
        if not title:
            return None
        start = end = None
        if k.start is not None and day is not None:
            start = self._instant(day, k.start)
            if k.end is not None:
                end = self._instant(day, k.end)
        return talk_fields(title, _speakers(k.people), "\n\n".join(k.abstract),
                           "\n\n".join(k.bio), [k.venue] if k.venue else [], start, end,
                           False, start is not None and end is None, k.kind, k.url,
                           k.links[:], k.room, k.line)

    def _loose_talks(self, d: Draft) -> list[dict[str, Any]]:
        if d.container or d.children and not d.people:
            out = []
            for k in d.children:
                t = self._talk(k, None)
                if t is not None:
                    out.append(t)
            return out
        t = self._talk(d, None)
        return [t] if t is not None else []

    def _merge_loose(self) -> None:
        """An item listed twice (a timed table and an abstracts section) is one item."""
        if not self.loose:
            return  # (nothing to merge: no need to index the timed entries)
        timed = list(self._all_drafts_in_order())
        index: dict[str, Draft] = {}
        for d in timed:
            if d.title:
                index.setdefault(fold(d.title), d)
        kept = []
        loose = []
        for d in self.loose:
            if d.container:
                match = self._match(d, index, timed)
                if match is not None and not match.children:
                    match.children = d.children
                    for k in match.children:
                        k.day = match.day
                    match.used |= d.used
                    continue
                loose.extend(d.children)  # a category heading (`Accepted Papers`): no item
                self.used |= d.used
                continue
            loose.append(d)
        for d in loose:
            match = self._match(d, index, timed)
            if match is None:
                kept.append(d)
                continue
            match.abstract = match.abstract or d.abstract
            match.links = match.links or d.links
            match.url = match.url or d.url
            if not match.people and d.people:
                match.people = d.people
            if d.children and not match.children:
                match.children = d.children
                for k in match.children:
                    k.day = match.day
            match.used |= d.used
        self.loose = kept

    def _match(self, d: Draft, index: dict[str, Draft], timed: list[Draft]) -> Draft | None:
        if not d.title:
            return None
        key = fold(d.title)
        if key in index:
            return index[key]
        if len(key) < 8:
            return None
        best, score = None, 0.0
        for t in timed:
            if not t.title:
                continue
            other = fold(t.title)
            if len(other) < 6:
                continue
            if key.startswith(other) and len(other) >= 0.4 * len(key) or other.startswith(key) \
                    or key.endswith(other) and len(other) >= 0.6 * len(key):
                r = 0.95
            else:
                r = difflib.SequenceMatcher(None, key, other).ratio()
            if r > score:
                best, score = t, r
        return best if score >= 0.9 else None

    def _first_texts(self, numbers: set[int]) -> dict[int, str]:
        """The text first read from each of these source lines (a row before its cells)."""
        out: dict[int, str] = {}
        if not numbers:
            return out
        for ln in self.doc.lines:
            if ln.no in numbers:
                out.setdefault(ln.no, ln.text)
            if ln.cells:
                for c in ln.cells:
                    for cl in c.lines:
                        if cl.no in numbers:
                            out.setdefault(cl.no, cl.text)
        return out

    def _coverage(self, schedule: Schedule) -> None:
        used = set(self.used) | set(self.doc.markup_lines)
        used.update(*map(_USED, self._all_drafts()))  # (the loose drafts among them)
        rows = [ln for ln in self.doc.lines if not ln.synthetic]
        text_lines = set(map(_NO, rows))
        if len(rows) == len(self.doc.lines):  # (no line made by a front-end: all are rows)
            text_lines.update(map(_NO, self._cell_lines()))
        else:
            text_lines.update(*[map(_NO, c.lines) for ln in rows if ln.cells for c in ln.cells])
        unused = sorted(text_lines - used)
        ranges: list[list[int]] = []
        for n in unused:
            if ranges and n - ranges[-1][-1] <= 2:
                ranges[-1].append(n)
            else:
                ranges.append([n])
        # report unread lines as ranges, quoting the first of each
        first_text = self._first_texts({r[0] for r in ranges[:200]})
        for r in ranges[:200]:
            quote = first_text.get(r[0], "")
            quote = quote if len(quote) <= 60 else quote[:59] + "…"
            where = f"lines {r[0]}–{r[-1]}" if len(r) > 1 else f"line {r[0]}"
            self.diag.info("not-read", f"{where} not read as program items: {quote!r}", r[0])
        if len(ranges) > 200:
            self.diag.info("not-read", f"{len(ranges) - 200} more stretches not read")
        schedule.lines_total = len(text_lines)
        schedule.lines_used = len(text_lines) - len(unused)


# `Timezone: Pacific/Honolulu`, `All times are CEST`: facts about the program, not its name
_META_LINE = re.compile(
    r"^\W*(?:time\s*zone|tz|zone|location|venue|where|when|dates?|times?|room|place|"
    r"last updated|updated)\s*:|^\W*(?:all\s+)?times\s+(?:are|in|shown)\b", re.IGNORECASE)
_NOISE_WORDS = (r"(?:program(?:me)?|schedule|agenda|overview|talks?|full|conference schedule|"
                r"presentations and talks|publications|accepted papers|papers|calendar|home)")
# Words that name the page, at either end of the name (`ICML 2023 Schedule`, `Full
# Program of X`); inside it they are the event's own (`Workshop on Program Synthesis`).
_NAME_NOISE = re.compile(
    rf"^\W*(?:\b{_NOISE_WORDS}\b(?:\s+(?:of|for)\b)?\W*)+|(?:\b{_NOISE_WORDS}\b\W*)+$", re.I)
_NAME_CUT = re.compile(r"\s+(?:[-–—|:@]|at)\s+.*$")


_EVENT_WORD = re.compile(r"\b(?:workshop|conference|symposium|meetup|summit|school|forum|"
                         r"congress|colloquium|seminar|hackathon|tagung|journ[ée]es|jornadas|"
                         r"days|con|fest|camp)\b", re.IGNORECASE)
_ACRONYM = re.compile(r"\b[A-Za-z]*[A-Z][a-z]*[A-Z][A-Za-z]*\b")
# One word that names a page or its part, not an event (`Welcome`, `Proceedings`)
_GENERIC_NAME = re.compile(r"^(?:the|welcome|proceedings|workshops?|upcoming|auto update|"
                           r"news|overview|introduction|about|info|information)$", re.IGNORECASE)


def _event_name(name: str) -> bool:
    """Whether a name read from a line names an event: it holds a year, an acronym
    (`NeurIPS`, `CCDL`) or a word such as `Workshop`."""
    words_ = name.split()
    if name[:1].islower():
        return False  # `are available on OpenReview`, `cs.CC cs.DM`: a phrase, not a name
    if len(words_) > 4 and sum(w[:1].islower() for w in words_) > len(words_) / 2:
        return False  # a sentence (`Workshops co-organized with the main conference`)
    return bool(re.search(r"\b(?:19|20)\d\d\b", name) or _ACRONYM.search(name)
                or _EVENT_WORD.search(name)) and not _GENERIC_NAME.match(name)


def _name_of(text: str) -> str | None:
    if len(text) > 120 or _GENERIC_TITLES.match(text.strip()):
        return None
    years = years_in(text)
    cleaned = text
    for m in sorted(find_days(text), key=lambda d: -d.begin):
        cleaned = cleaned[:m.begin] + " " + cleaned[m.stop:]
    cleaned = re.sub(r"\b(?:19|20)\d\d\b|\b\d{1,2}\s*[-–]\s*\d{1,2}\b|\b\d{1,2}(?:st|nd|rd|th)?\b(?=\s*$)",
                     " ", cleaned)
    cleaned = re.sub(r"\b(?:january|february|march|april|june|july|august|september|october|"
                     r"november|december)\b", " ", cleaned, flags=re.I)
    keep_at = "@" in cleaned and years  # `Workshop @ ICCV 2021`: the venue is the name
    if not keep_at:
        cleaned = _NAME_CUT.sub("", cleaned)
    cleaned = _NAME_NOISE.sub(" ", cleaned)
    cleaned = " ".join(cleaned.split()).strip(" ,.;:-–—|(#")
    if not cleaned or len(cleaned.split()) > 8 or not any(c.isupper() for c in cleaned):
        return None
    if years and str(years[0]) not in cleaned:
        cleaned = f"{cleaned} {years[0]}"
    return cleaned


def _in_week_after(last: date | None, m: DayMark) -> date | None:
    """The day in the seven after LAST with M's day of the month and weekday, or None."""
    if last is None:
        return None
    return next((d for k in range(1, 8) if (d := last + timedelta(days=k)).day == m.day
                 and d.weekday() == m.weekday), None)


def _dated_weekday(d: date, dated: list[date]) -> date | None:
    """`THURSDAY-` after the text has dated its one week (`Friday, June 29`): the
    Thursday of that week, not of the week after it."""
    if not dated or d <= dated[-1] or (dated[-1] - dated[0]).days >= 7:
        return None
    return next((x for x in dated if x.weekday() == d.weekday()), None)


def _mins(t: time) -> int:
    return t.hour * 60 + t.minute


def _fits(m: DayMark, year: int) -> bool:
    d = m.on(year)
    return d is not None and (m.weekday is None or d.weekday() == m.weekday)


def _speakers(people: list[Person]) -> list[Speaker]:
    """The speakers of these people, each once, in order: from `_speakers_of`, keyed on
    their names and affiliations, all a speaker is made of (strings hash and compare in
    C, where a Person's dataclass hash and equality are Python calls); a person alone
    with no affiliation (most entries) on the name itself, no key made."""
    if not people:
        return []
    if len(people) == 1:
        person = people[0]
        if person.affiliation is None:
            return list(_speaker_alone(person.name))
    return list(_speakers_of(tuple(map(_NAME_AFFILIATION, people))))


@lru_cache(maxsize=1 << 14)
def _speaker_alone(name: str) -> tuple[Speaker, ...]:
    """`_speakers_of` one name with no affiliation, cached on the name."""
    return _speakers_of(((name, None),))


_NAME_AFFILIATION = attrgetter("name", "affiliation")


@lru_cache(maxsize=1 << 14)  # a program lists the same people with many items
def _speakers_of(people: tuple[tuple[str, str | None], ...]) -> tuple[Speaker, ...]:
    """The speakers of these (name, affiliation), each once, in order (speakers are
    frozen: shared)."""
    out: list[Speaker] = []
    seen: set[str] = set()
    for name, affiliation in people:
        sp = make_speaker(name)
        if not sp.key or sp.key in seen:
            continue
        seen.add(sp.key)
        if affiliation:
            sp = with_affiliation(sp, affiliation)
        out.append(sp)
    return tuple(out)
