"""From a `Doc` to entries: days, timed entries with what is under them, untimed items.

The reader walks the lines once.  A day heading sets the day; a line with a time opens
an entry (nested under the open one when it is a start inside that entry's range, or a
deeper heading); a table is read whole; every other line goes to the open entry's body,
or, outside any entry, to a run of untimed lines read as a listing.  Bodies are read when
their entry closes (`body.py`), when all the lines that belong to it are known.
"""

from __future__ import annotations

import bisect
from dataclasses import replace
import re
from collections import Counter
from datetime import time

from ...diagnostics import DiagnosticSink
from ...model import SessionKind
from .announce import announced
from .body import Item, _column_names, _strong, classify, group, host_under_title, own_part, read_item, role_heading
from .dated import dated_entry
from .doc import Doc, Line, Span
from .drafts import DayRef, Draft
from .items import ItemParts, holds_for, page_split, plain_split, plain_title, split_item, title_parts
from .kinds import is_break, kind_from_words, label_kind, split_label
from .lines import day_line, header_of, is_debris, is_nav, is_people_line, is_prose, label_line, people_of, words
from .lines import title_then_description
from .people import People, Person, name_like, names_only, org_like, read_people
from .tables import RoleRow, RowItem, read_table, role_of_header
from .when import DayMark, TimeMark, find_days, find_times, first_time


# Labels that announce a person as often as a title (`Keynote: Daniel Russo`).
_NAMING_LABELS = frozenset({SessionKind.KEYNOTE, SessionKind.INVITED, SessionKind.PANEL})
_NO_ONE = People((), 0.0, 0, 0)
# Labels of a talk that a table's next cell may give the title of (`Invited Talk 1`).
_TALK_LABELS = frozenset({SessionKind.KEYNOTE, SessionKind.INVITED, SessionKind.TALK,
                          SessionKind.ORAL, SessionKind.SPOTLIGHT})


def _alone(lines: list[Line], k: int) -> bool:
    """Whether line `k` is a paragraph of its own (a paste without blank lines has none:
    there a short line may be anything)."""
    para = lines[k].para
    return (k == 0 or lines[k - 1].para != para) and (k + 1 >= len(lines) or lines[k + 1].para != para)


def _is_panel(d: Draft) -> bool:
    return d.kind == SessionKind.PANEL or kind_from_words(d.title or "") == SessionKind.PANEL


def _member(text: str) -> Person | None:
    """`Rita Dias, President of the Student Network`: a panel member's line, the name
    first and what she is after the comma; `Moderator: Name, Place` too."""
    got = label_line(text)
    if got is not None and got[0] in _MEMBER_LABELS:
        text = got[1]
    name, _, rest = text.partition(",")
    name = name.strip(" *")
    if not name_like(name):
        return None
    who = read_people(name)
    if who is None or who.entries != 1 or who.score < 0.99:
        return None
    return Person(who.people[0].name, rest.strip(" .,;") or None)


def _panel_member_line(cur: Draft, ln: Line) -> bool:
    """Whether `ln` is a member of the open panel, in a list of time lines that own
    no paragraphs (`• 10.30-11.15: panel Title:` over sub-bullets of `Name, position`):
    a list item under the panel once one member is read, or the line a member's item
    wraps onto."""
    if not _is_panel(cur) or ln.cells is not None or ln.heading:
        return False
    if cur.body and ln.para == cur.body[-1].para:
        return True  # (a member's line wrapped)
    if not ln.item:
        return False
    return bool(cur.body) or _member(ln.text) is not None


def _panel_members(d: Draft, lines: list[Line]) -> bool:
    """A panel's list of members (`Name, position, institution` a list item each, a
    `Moderator: Name` among them): its speakers, not talks; an item that names no one
    (`Panel moderated by …` in another language) is a note.  Two members at least, and
    most items."""
    if not _is_panel(d) or d.people:
        return False
    items: list[list[Line]] = []
    for ln in lines:
        if ln.cells is not None or ln.heading:
            return False
        if items and ln.para == items[-1][-1].para:
            items[-1].append(ln)
        else:
            items.append([ln])
    got = [_member(it[0].text) for it in items]
    found = [p for p in got if p is not None]
    if len(found) < 2 or len(found) < 0.6 * len(items):
        return False
    d.people = found
    d.notes.extend(" ".join(x.text for x in it) for it, p in zip(items, got) if p is None)
    d.used |= {ln.no for ln in lines}
    return True


def _label_names_speaker(d: Draft) -> None:
    """`Keynote: Sara Terp` with nothing under it: the talk has no title yet, and the
    name the label announces is its speaker (and, as rendered, its title)."""
    if d.title and d.label and not d.people and not d.children \
            and label_kind(d.label) in _NAMING_LABELS and name_like(d.title):
        got = read_people(d.title)
        if got is not None and got.entries == 1 and got.score >= 0.99:
            d.people = [Person(d.title)]


def _one_plain_name(r) -> bool:
    """Whether a line read as people is one name at most, with no affiliation: a title
    may read so (`Scene Graphs Revisited`, `Contextual Bandit Systems`)."""
    got = read_people(r.line.text)
    return got is None or got.entries == 1 and not got.people[0].affiliation


def _one_a_line(lines: list[str]) -> list[Person]:
    """The people of a list with one person a line: where some lines read as `Name,
    Affiliation` (`Natasha Jaques, University of Washington`), so do the others whose
    affiliation is less plain (`Scott Niekum, UMass Amherst`, not two people)."""
    got = [(t, (read_people(t) or _NO_ONE).people) for t in lines]
    paired = any(len(ps) == 1 and ps[0].affiliation and "," in t for t, ps in got)
    out: list[Person] = []
    for t, ps in got:
        if paired and len(ps) == 2 and t.count(",") == 1 and not ps[0].affiliation:
            name, affil = (x.strip() for x in t.split(","))
            note = affil.rsplit("(", 1)
            affil = note[0].strip() if len(note) == 2 and note[1].endswith(")") else affil
            out.append(Person(ps[0].name, affil or None))
        else:
            out.extend(ps)
    return out


class Reader:
    def __init__(self, doc: Doc, diag: DiagnosticSink) -> None:
        self.doc = doc
        self.diag = diag
        self.top: list[Draft] = []  # timed entries (and their children), in order
        self.loose: list[Draft] = []  # untimed items
        self.stack: list[Draft] = []
        # entries of the same table row in other columns, held aside while a row closes
        # the stack (see place_row); the reader's own list, never one shared by readers
        self._siblings: list[Draft] = []
        self.day: DayRef | None = None
        self.days_seen = 0
        self.pending: list[Line] = []
        self.used: set[int] = set()
        # Day lines, counted as used when the walk ends: a pasted day glued to a field
        # (`**Tuesday, April 25, 2017***Speaker: Ana Ruiz, Auburn*`) shares its line
        # number with that field, which must stay readable until then.
        self.day_lines: set[int] = set()
        self._day_line: Line | None = None  # the last line read as a day heading
        self._dated_entries = 0  # lone lines read as the entry of the day line above
        self.rooms: set[str] = set()
        self.labels: frozenset[str] = frozenset()
        self.people_first = False
        self.prefer_sep: str | None = None
        self.own_paragraphs = True
        self.table_columns: dict[int, Draft] = {}  # parallel entries of the current table row
        self._column_days: dict[tuple, DayRef] = {}
        # a speaker cell's text -> what `_speaker_cell` makes of it (a table repeats its
        # speaker cells: each is judged once)
        self._speaker_cells: dict[str | tuple[str, str], tuple] = {}
        self.last_row_items: list[Draft] = []
        self.tail_rooms: set[str] = set()
        self.title_first_ends: dict[int, bool] = {}
        self._durations: bool | None = None  # the page has a duration column (asked lazily)
        # a timed line's text -> its split as `prepare` made it, where reading it again
        # would give the same (see items.holds_for): each such line is split once
        self._page_splits: dict[str, ItemParts] = {}
        self.more_occurrences: dict[int, Line] = {}  # a further time line -> its title line
        # `Location: Auditorium B` for a block: [first line, line it ends or None, room,
        # level of the heading it stands under]
        self.block_rooms: list[list] = []
        self._section_level = 0

    @property
    def known_rooms(self) -> frozenset[str]:
        """`self.rooms` frozen (as the item readers' caches want it), made again only
        when rooms were added (they are never taken away)."""
        if len(self._frozen_rooms) != len(self.rooms):
            self._frozen_rooms = frozenset(self.rooms)
        return self._frozen_rooms

    _frozen_rooms: frozenset[str] = frozenset()

    # -- evidence gathered before reading -------------------------------------------------
    def prepare(self) -> None:
        lines = self.doc.lines
        # Rooms named in parentheses at the end of several entries: `(Garden Pavilion)`.
        ends: dict[str, set[str]] = {}
        tails: dict[str, set[str]] = {}
        headers = 0
        followed = 0
        prev_header = False
        prev_table = -1  # the table of the last row
        for ln in lines:
            if ln.cells is not None:
                # (a row's cells, each line of each: a row is no header of its own)
                prev_header = False
                if ln.table == prev_table and _parens_after_figures(ln.text):
                    continue  # (each `)` of the row follows a figure: its cells unread)
                prev_table = ln.table
                for c in ln.cells:
                    flat = c.flat
                    if flat is not None and (")" not in flat or len(c.lines) == 1 and (
                            flat[-1] != ")" or flat[-2:-1].isdecimal())):
                        # (most cells hold no parenthesis, and a cell of one line is its
                        # `flat` stripped: its line ends as `flat` does, and `_paren_room`
                        # passes over a parenthesis closing on a figure: lines unread)
                        continue
                    for cl in c.lines:
                        if cl.text.rstrip().endswith(")"):
                            _paren_room(cl.text, ends)
                continue
            if ln.text.rstrip().endswith(")"):
                _paren_room(ln.text, ends)
            hd = header_of(ln)
            h = hd is not None
            if h and hd.position == "tail":
                _tail_room_candidates(hd.rest, tails)
            if h:
                headers += 1
                if prev_header:
                    followed += 1
            prev_header = h
        for room, prefixes in ends.items():
            n = len(prefixes)
            only = re.match(r"^(.+?)\s+only$", room, re.I)
            if only:
                self.rooms.add(only.group(1))
            elif n >= 2 and not label_kind(room) and not org_like(room) and room[:1].isupper():
                self.rooms.add(room)  # (a lower-case note such as `(parallel)` is no room)
        # `Opening Remarks Mirror 1 08:00 - 08:30`: the same room ends several titles
        # written before their times
        self.tail_rooms = {room for room, prefixes in tails.items() if len(prefixes) >= 2}
        # People written before titles (`1A-1 Names` then the title), page-wide (judged on
        # the first few hundred lines: a page keeps one layout).
        self.people_first = _people_first(lines[:600])
        # Entries written title first, their day and time alone on the line under it that
        # ends the paragraph (`Conference Reception, Salon G` / `Friday, June 29, 7:00 pm-9:00 pm`).
        self.title_first_ends, self.more_occurrences = _title_first_ends(lines[:600])
        # The separator between title and people the page's timed lines use.
        seps: Counter[str] = Counter()
        rests = [h.rest for ln in lines[:600] if (h := ln.cells is None and header_of(ln)) and h.rest]
        for k, rest in enumerate(rests):
            if _sep_settled(seps, len(rests) - k):
                break
            got, plain = page_split(rest)
            if plain:
                self._page_splits[rest] = got
            if got.people and got.sep and not _either_side(got):
                seps[got.sep] += 1
        if seps:
            sep, n = seps.most_common(1)[0]
            if n >= 3 and n >= 0.6 * sum(seps.values()):
                self.prefer_sep = sep
        # (kept only where reading the line again with the page's separator gives the same)
        self._page_splits = {rest: got for rest, got in self._page_splits.items()
                             if holds_for(got, self.prefer_sep)}
        # Time lines that own no paragraphs under them: a list of `9:00 - 9:30 Title`.
        if headers >= 4 and followed >= 0.6 * headers:
            self.own_paragraphs = False

    # -- the walk -----------------------------------------------------------------------
    def run(self) -> None:
        self.prepare()
        lines = self.doc.lines
        i = 0
        while i < len(lines):
            ln = lines[i]
            if ln.cells is not None:
                j = i
                while j < len(lines) and lines[j].cells is not None and lines[j].table == ln.table:
                    j += 1
                self.table(lines[i:j])
                i = j
                continue
            # (`_may_open_range` first: nearly every line ends otherwise)
            joined = _open_range(ln, lines[i + 1]) \
                if i + 1 < len(lines) and _may_open_range(ln.text) else None
            if joined is not None:
                self.used.add(lines[i + 1].no)
                self.line(joined)
                i += 2
                continue
            self.line(ln)
            i += 1
        self.close_all()
        self._flush_under_day(last=True)
        self.used |= self.day_lines
        self._event_hours()
        self._block_room_apply()

    def _block_room(self, ln: Line) -> bool:
        """`Location: Auditorium B` outside any entry: the room of the entries after it,
        up to the next day or a heading as high as the one it stands under."""
        if ln.cells is not None or ln.heading:
            return False
        got = label_line(ln.text)
        if got is None or got[0] not in ("location", "room", "venue", "where") or not got[1] \
                or len(got[1]) > 60:
            return False
        self._end_block_room(ln.no)
        self.block_rooms.append([ln.no, None, got[1].strip(" *"), self._section_level])
        self.used.add(ln.no)
        return True

    def _end_block_room(self, line: int, heading: int = 0) -> None:
        if self.block_rooms and self.block_rooms[-1][1] is None \
                and (not heading or heading <= self.block_rooms[-1][3]):
            self.block_rooms[-1][1] = line

    def _block_room_apply(self) -> None:
        if not self.block_rooms:
            return
        starts = [b[0] for b in self.block_rooms]

        def room_at(line: int) -> str | None:
            k = bisect.bisect_right(starts, line) - 1
            if k < 0:
                return None
            b = self.block_rooms[k]
            return b[2] if b[1] is None or line < b[1] else None

        def give(d: Draft, room: str | None) -> None:
            room = room or room_at(d.line)
            d.room = d.room or room
            for k in d.children:
                give(k, room)

        for d in self.top:
            give(d, None)

    def _event_hours(self) -> None:
        """`**July 11, 2026, 9:00-17:00, Coex …**` over the program: the event's own date
        and hours, stated once.  The first timed entry, dated on its own line, whose range
        holds the entries after it on that day without any of them under it, is the day
        of the program and not an entry of it."""
        if len(self.top) < 3:
            return
        first = self.top[0]
        if not first.day_on_line or first.children or first.end is None or first.start is None:
            return
        same = [d for d in self.top[1:] if d.day is first.day]
        if len(same) < 2 or not all(d.start is not None and first.start <= d.start < first.end
                                    for d in same):
            return
        self.top.pop(0)
        self.used |= first.used
        self.diag.info("event-hours", f"line {first.line} read as the date and hours of the "
                       "event, not as an entry of its program", first.line)

    def set_day(self, mark: DayMark | None, line: int, column: str | None = None) -> DayRef:
        self._end_block_room(line)
        self.day = DayRef(mark, self.days_seen, line, column)
        self.days_seen += 1
        return self.day

    def line(self, ln: Line) -> None:
        run = _run_together(ln)
        if run is not None:
            for part in run:
                self.line(part)
                if self.stack and self.stack[-1].line == ln.no:
                    self.stack[-1].in_run = True
            return
        text = ln.text
        if ln.heading:
            self._end_block_room(ln.no, ln.heading)
            self._section_level = ln.heading
        h = header_of(ln)
        if h is not None and h.time.open == "allday" and not h.rest and not self.stack:
            h = None
        if h is not None:
            if h.position != "lead" or h.day is not None or ln.spans or not self._plain_header(ln, h):
                self.open_header(ln, h)
            return
        d = day_line(ln)
        named = _date_then_name(ln) if d is None or "," in text else None
        if named is not None:
            d = named[0]
        if d is not None:
            if _DAY_FIELD.match(text) and self._fields_from() is not None:
                # `- **Day:** Saturday` among the fields under an entry's heading: the
                # entry's day, read before its `Time:` field comes (the same day again
                # for the next entry is no new day)
                if self.day is None or self.day.mark is None or not _compatible(self.day.mark, d):
                    self.set_day(d, ln.no)
                self.used.add(ln.no)
                return
            carried = self._quoted_head_before_date(ln)
            self.close_all()
            self._flush_under_day()
            self.set_day(d, ln.no)
            self.pending.extend(carried)
            who = named[1] if named is not None else _day_then_name(text) if ":" in text else None
            if who is not None:
                # `**September 18**: Ana Ruiz` over `Title: ...`: the day, then the speaker
                # (the line is read again, as that field, with the lines after it)
                self.pending.append(replace(ln, text=f"Speaker: {who}", spans=(), memo=None))
                return
            self.day_lines.add(ln.no)
            self._day_line = ln
            return
        if self.stack and self.stack[-1].from_table:
            self.close_all()  # a table's rows own their cells, not the text after the table
        if ln.heading and self.stack:
            top = self.stack[0]
            if top.level and ln.heading <= top.level:
                self.close_all()
            elif not top.level and ln.heading <= 2:
                self.close_all()
        if self.stack:
            cur = self.stack[-1]
            if self.own_paragraphs or ln.para == cur.body_para or not cur.title \
                    or _panel_member_line(cur, ln):
                cur.body.append(ln)
                return
            self.close_all()
        if not self._block_room(ln) and not self._announcement(ln):
            self.pending.append(ln)

    def _announcement(self, ln: Line) -> bool:
        """A paragraph announcing a talk with its day (`On Friday, May 5, 2023, Dr. Ana
        Ruiz, …, will present a lecture on TITLE. The lecture will take place at 2 pm in
        Hall 205.`, see announce.py): an entry of its own, on that day and at that time.
        The day is the entry's alone: the lines after it keep theirs."""
        if ln.cells is not None or ln.heading or len(ln.text) < 60:
            return False
        got = announced(ln.text)
        days = [m for m in find_days(ln.text) if m.full] if got is not None else []
        if not days:
            return False
        t = next((m for m in find_times(ln.text) if m.strong and m.start is not None), None)
        d = Draft(line=ln.no, title=got.title, people=[got.person], room=got.room, level=0)
        if t is not None:
            d.start, d.end, d.open, d.bare, d.zone = t.start, t.end, t.open, t.bare_start, t.zone
        d.day = DayRef(days[0], self.days_seen, ln.no)
        self.days_seen += 1
        d.day_on_line = True
        d.used.add(ln.no)
        self.flush_pending()
        (self.top if t is not None else self.loose).append(d)
        return True

    def open_header(self, ln: Line, h, *, column: int | None = None, room: str | None = None) -> Draft:
        t = h.time
        rest = h.rest
        minutes = None
        if rest[:1].isdigit() and h.position == "lead" and t.end is None and not ln.spans:
            m = _MINUTES_LEAD.match(rest)
            if m is not None and self._duration_column():
                # `9:20  40  Dirk Duellmann (LHC)` under `Start Time  Duration (mins)  Speaker`
                minutes, rest = int(m.group(1)), rest[m.end():]
        if h.position == "tail" and self.tail_rooms:
            rest, tail_room = _without_tail_room(rest, self.tail_rooms)
            room = room or tail_room
        layout = ln.no in self.title_first_ends or ln.no in self.more_occurrences
        if layout and rest:
            # `Salon F, Friday, June 29, 4:00 pm-5:30 pm`: the room, before the day
            room, rest = room or _when_only(ln) or None, ""
        room_only = _ROOM_ONLY.match(rest.strip(" -–—:|")) if "@" in rest else None
        # `Mon Dec 3rd 08:30 -- 10:30 AM @ Room 220 E` under its title: the line gives
        # the title above it its day, time and room; so does a bare day and time ending
        # its paragraph on a page that writes every entry so (see _title_first_ends)
        under_title = room_only is not None or (layout and not rest.strip(" -–—:|"))
        above = self._title_above(ln, room_only is None and self.title_first_ends.get(ln.no, True)) \
            if under_title else None
        fields = None
        fields_below: list[Line] = []
        entry_day: DayMark | None = None
        if h.position == "field":
            # `Time: 14:00 - 15:30  Chair: X` under a heading: the heading is the title,
            # the rest of the line its fields (a quoted title waiting above, with its
            # note, is such a heading too)
            above, fields_below = self._quoted_title_above()
            if above is None:
                above = self._heading_above()
            if above is None and self._day_line is not None and self._day_line.no == ln.no - 1 \
                    and _date_led(self._day_line) is not None:
                above = self._day_line  # `17/09/2021 : Lightning Talks`, short, read as a day
            led = _date_led(above) if above is not None else None
            if led is not None:
                # `03/09/2021 : Title by Name` over `Time: 1pm-2pm`: the line is the
                # entry, its date the entry's day
                entry_day, cut = led
                above = replace(above, text=above.text[cut:], spans=tuple(
                    sp.shifted(cut, clamp=True) for sp in above.spans if sp.end > cut))
            if above is not None:
                fields = split_item(rest, (), labels=self.labels, rooms=self.known_rooms) \
                    if rest.strip() else None
                under_title = True
            else:
                above, fields_below = self._title_field_above()
                if above is None:
                    above, fields_below = self._heading_over_fields()
                    if above is not None:
                        ln = replace(ln, heading=above.heading)  # (the entry's level is its heading's)
                under_title = above is not None
        if above is None and ln.no in self.more_occurrences:
            above = self.more_occurrences[ln.no]  # the title's next occurrence
        line_day = h.day or entry_day
        if line_day is not None:
            # `Registration Desk Sat 3 Dec 07:15 a.m.`: the day is on the header line
            if self.day is None or self.day.mark is None or not _compatible(self.day.mark, line_day):
                self.close_all()
                self.flush_pending()
                self.set_day(line_day, ln.no)
        draft = Draft(line=ln.no, start=t.start, end=t.end, open=t.open, bare=t.bare_start,
                      level=ln.heading, column=column, zone=t.zone, room=room)
        if minutes is not None and t.start is not None:
            end = t.start.hour * 60 + t.start.minute + minutes
            draft.end = time(end // 60, end % 60) if end < 24 * 60 else None
        draft.day = self.day
        draft.day_on_line = line_day is not None
        draft.used.add(ln.no)
        # (a span from before the time over the rest counts for the rest: the whole
        # `[9:30 to 11:00: Title](session1)` is a link on the title)
        spans = tuple(s for s in ln.spans if s.start >= h.rest_offset or s.end > h.rest_offset
                      and s.end >= len(ln.text.rstrip())) if h.position == "lead" and ln.spans else ()
        if h.rest_offset and spans:
            spans = tuple(s.shifted(h.rest_offset, clamp=True) for s in spans)
        if under_title:
            if room_only is not None:
                draft.room = room_only.group(1).strip()
            rest, spans = (above.text, above.spans) if above is not None else ("", ())
            if above is not None:
                draft.used.add(above.no)
                if layout and room_only is None:
                    rest, draft.room = _title_comma_room(rest, draft.room)
                    spans = tuple(sp for sp in spans if sp.end <= len(rest))
        self._apply_header_text(draft, rest, spans, title_only=above is not None and entry_day is None)
        if fields_below:
            draft.body.extend(fields_below)
        if fields is not None:
            draft.chairs += fields.chairs
            draft.people = draft.people or list(fields.people)
            draft.room = draft.room or fields.room
        draft.body_para = ln.para
        self.place(draft)
        return draft

    def _plain_header(self, ln: Line, h) -> bool:
        """`open_header` for the commonest header of all, `9:00 - 9:10 Title, A, B`: a time
        leading a line without styles and without a day (as `line` asks it), the rest a
        plain line `plain_split` reads.  The branches of `open_header` and
        `_apply_header_text` that such a line cannot take are not asked again, line after
        line.  False, with nothing done, for a line that might take one: `open_header`
        reads it then.  tests/test_line_fast_paths.py holds it to `open_header`."""
        rest = h.rest
        t = h.time
        no = ln.no
        if rest[:1].isdigit() and t.end is None or no in self.title_first_ends \
                or no in self.more_occurrences or "@" in rest or self.labels \
                or rest.rstrip().endswith((":", ".")):
            return False  # (a duration, a layout of title lines, a room, a label, names over)
        text = rest.strip(" -–—:|")
        if not text or text in self._page_splits:
            return False  # (a slot, or a line `prepare` split: `_apply_header_text` takes it)
        got = plain_split(text, False, self.prefer_sep)
        if got is None:
            return False
        title, people, score, by, _ = got
        draft = Draft(line=no, start=t.start, end=t.end, open=t.open, bare=t.bare_start,
                      level=ln.heading, zone=t.zone)
        draft.day = self.day
        draft.used.add(no)
        if people and (score >= 0.5 or by):
            draft.people = list(people)
        elif not people:
            title = _title_before_sentence(draft, title)
        draft.title = title
        draft.is_session = _SESSION_TITLE.match(title) is not None
        draft.body_para = ln.para
        self.place(draft)
        return True

    def _duration_column(self) -> bool:
        """Whether the page's table, pasted a row a line, has a duration column: a header
        line naming one (`Start Time Duration (mins) Speaker`) among its first lines.
        Asked only of a time line whose text opens with a number; worked out once."""
        if self._durations is None:
            self._durations = any(
                ln.cells is None and len(ln.text) < 80 and _DURATION_HEADER.search(ln.text)
                and not any(c.isdigit() for c in ln.text) for ln in self.doc.lines[:80])
        return self._durations

    def _title_above(self, ln: Line, layout: bool = False) -> Line | None:
        """The untimed line right above `ln` (no blank line between), taken from the
        lines waiting to be read or from the open entry's body, when it reads as a
        title rather than people."""
        holder = self.pending if self.pending else (self.stack[-1].body if self.stack else [])
        if not holder:
            return None
        above = holder[-1]
        if above.no != ln.no - 1 or above.para != ln.para or above.cells is not None \
                or day_line(above) is not None:
            return None
        # (`layout`: the page writes every entry as this paragraph, title then time)
        who = None if layout else people_of(above.text)
        if who is not None and who.score >= 0.5 and (
                who.entries >= 2 or any(p.affiliation for p in who.people)):
            return None  # the speakers of the entry, written above its time
        holder.pop()
        return above

    def _heading_above(self) -> Line | None:
        """The heading read last, when no other line came after it: taken from the
        lines waiting to be read or from the open entry's body.  A pasted page has lost
        its headings: a short line that is no sentence will do (`Keynote Speech` over
        `Time: 14:00 - 15:30  Chair: X`)."""
        holder = self.pending if self.pending else (self.stack[-1].body if self.stack else [])
        if not holder:
            return None
        last = holder[-1]
        text = last.text.strip()
        if not last.heading and (not text or len(text.split()) > 12 or text.endswith((".", ":", ","))
                                 or is_prose(text) or last.cells is not None):
            return None
        if ":" in text and (_field_of_entry(text) or _TITLE_FIELD.match(text)):
            # `*Speaker: Name, Place*` or `Title: ...` right above `Time:`: a field of a
            # seminar entry (see _title_field_above), not a heading
            return None
        return holder.pop()

    def _quoted_head_before_date(self, ln: Line) -> list[Line]:
        """A seminar entry written as a quoted title, a short note (`Candidate's Talk`),
        then `Date: …`, `Time: …`, `Location: …` fields: the `Date:` line sets the day
        but must not end the entry it is a field of.  The quoted title and the note
        after it, the last lines read (waiting, or in the previous entry's body), are
        handed back to wait for the `Time:` field (see _quoted_title_above)."""
        got = label_line(ln.text) if ":" in ln.text else None
        if got is None or got[0] != "date":
            return []
        holder = self.pending if self.pending else (self.stack[-1].body if self.stack else [])
        found = _quoted_head(holder)
        if found is None:
            return []
        head = holder[found[0]:]
        del holder[found[0]:]
        return head

    def _quoted_title_above(self) -> tuple[Line | None, list[Line]]:
        """The quoted title waiting above a `Time:` field (`"Rolling and Controlling"`,
        perhaps wrapped over two lines), with at most a short note under it: the title
        of the entry the time belongs to; the note is the entry's body."""
        found = _quoted_head(self.pending)
        if found is None:
            return None, []
        k, n = found
        head = self.pending[k:]
        del self.pending[k:]
        text = " ".join(x.text.strip() for x in head[:n]).strip(_QUOTE_CHARS + " ")
        return replace(head[0], text=text, spans=(), memo=None), head[n:]

    def _heading_over_fields(self) -> tuple[Line | None, list[Line]]:
        """A generated schedule's entry: `### Rust for Linux`, then its fields
        (`- **Speakers:** …`, `- **Room:** Janson`, a day) and only then `- **Time:**
        13:00 - 13:50`: the heading waiting above the fields is the title of the entry
        the time belongs to, the fields its body."""
        k = self._fields_from()
        if k is None:
            return None, []
        title, below = self.pending[k], self.pending[k + 1:]
        del self.pending[k:]
        return title, below

    def _fields_from(self) -> int | None:
        """Where the waiting lines end in a heading and, under it, one or more fields of
        an entry (`Speakers: …`, `Room: …`): the heading's index, else None."""
        k = len(self.pending) - 1
        while k >= 0 and self.pending[k].cells is None and not self.pending[k].heading \
                and ":" in self.pending[k].text and _field_of_entry(self.pending[k].text):
            k -= 1
        if k < 0 or k == len(self.pending) - 1 or not self.pending[k].heading:
            return None
        return k

    def _title_field_above(self) -> tuple[Line | None, list[Line]]:
        """A seminar page's entry written as fields (`Title: ...`, `Speaker: ...`, an
        abstract, `Location: ...`) and closed by `Time: 3:30PM`: the `Title:` line waiting
        to be read is the title of the entry the time belongs to (as a line holding just
        the title), the lines after it the entry's body."""
        for k in range(len(self.pending) - 1, -1, -1):
            ln = self.pending[k]
            m = _TITLE_FIELD.match(ln.text) if ln.cells is None else None
            if m is None:
                continue
            top = k
            while top > 0 and self.pending[top - 1].cells is None \
                    and ":" in self.pending[top - 1].text and _field_of_entry(self.pending[top - 1].text):
                top -= 1  # `Speaker: ...` right above the `Title:` line: a field of it too
            below = self.pending[top:k] + self.pending[k + 1:]
            del self.pending[top:]
            shift = m.start(1)
            title = m.group(1)
            glued = _GLUED_FIELD.search(title)
            if glued is not None:
                # `Title: Sparse Rewards *Speaker: Bo Chen, Brown*`: a pasted page lost the
                # break between two fields; the second is a line of the entry's body
                below.insert(0, replace(ln, text=title[glued.end():].rstrip(" *_"), spans=(),
                                        memo=None))
                title = title[:glued.start()]
            spans = tuple(sp.shifted(shift, clamp=True)
                          for sp in ln.spans if sp.end > shift and sp.start < shift + len(title))
            return replace(ln, text=title.strip(), spans=spans, memo=None), below
        return None, []

    def _apply_header_text(self, draft: Draft, rest: str, spans, *, title_only: bool = False) -> None:
        # (`Judith Kroll (Penn State)` ends in its place of work: names over the title too)
        names_over = rest.rstrip().endswith((":", ".", ")"))
        rest = rest.strip(" -–—:|")
        if not rest:
            draft.slot = True
            return
        if names_over and not spans and not title_only:
            found = _names_over_title(rest)
            placed = rest.endswith(")")
            if placed and found is not None and (len(found) != 1 or not found[0].affiliation):
                found = None  # (`Paper Cuts, Ana Ruiz (MIT)`: a title and its people)
            if found is not None:
                # `9:30 – 10:15 Helen Gleeson:` (`12:30 -- 13:00 David Sabel.`,
                # `9:30-10:15 Judith Kroll (Penn State)`: one person and her place) over
                # the talk's title on the next line: the colon (the stop, the place) hands
                # the line over to the title, as a `Keynote:` label does
                draft.title = found[0].name if placed else rest.rstrip(".")
                draft.title_from_label, draft.people = True, found
                draft.names_over = True
                return
        parts = None
        if not spans and not title_only:
            # (a plain line is read by `plain_split`, as `split_item` would read it first,
            # or was split already by `prepare`)
            parts = self._page_splits.pop(rest, None) if not self.labels else None
            if parts is None:
                got = plain_split(rest, False, self.prefer_sep, self.labels)
                if got is not None:
                    # (`split_item`'s answer for it holds the title and people alone:
                    # taken as the lines below take the whole answer, without one)
                    title, people, score, by, _ = got
                    draft.label = draft.kind = draft.url = None
                    if not people:
                        title = _title_before_sentence(draft, title)
                    draft.title = title
                    draft.people = list(people) if people and (score >= 0.5 or by) else []
                    draft.chairs = []
                    draft.room = draft.room or None
                    draft.is_session = _SESSION_TITLE.match(title) is not None
                    return
        if parts is None:
            parts = split_item(rest, spans, labels=self.labels, rooms=self.known_rooms,
                               prefer=self.prefer_sep, title_only=title_only)
        draft.label, draft.kind = parts.label, parts.kind
        draft.title = parts.title
        draft.url = parts.url
        if not title_only and not parts.people and parts.title:
            draft.title = _title_before_sentence(draft, parts.title)
        # (the lists of `parts` are its own, made for this line: taken, not copied)
        draft.people = parts.people if parts.people_score >= 0.99 or parts.by_label else []
        if not draft.people and parts.people and parts.people_score >= 0.5:
            draft.people = parts.people
        draft.chairs = parts.chairs
        draft.room = draft.room or parts.room
        draft.notes.extend(parts.notes)
        if draft.title is None and draft.label:
            draft.title = draft.label
            draft.title_from_label = True
        draft.is_session = bool(_SESSION_TITLE.match(draft.title or ""))

    def place(self, draft: Draft) -> None:
        """Nest `draft` under the open entry it belongs to, or start a new top entry."""
        while self.stack:
            parent = self.stack[-1]
            if _inside(draft, parent):
                draft.day = parent.day
                self.stack.append(draft)
                return
            self.close(self.stack.pop())
        if self.pending:  # (most entries open with no lines waiting)
            self.flush_pending()
        self.stack.append(draft)

    # -- tables ------------------------------------------------------------------------
    def table(self, rows: list[Line]) -> None:
        rows = self._header_carried(rows)
        events, info = read_table(rows)
        self._standing_time(events, rows[0].no)
        self.rooms |= set(info.get("rooms", ()))
        day_columns = info.get("day_columns", False)
        for label in info.get("day_labels", ()):
            # (the columns' days in the order the header gives them, not the order a
            # row first fills them: `| Monday | ... | Friday |` over a row with only
            # Monday and Friday filled still has Tuesday after Monday)
            self._column_order(label or "")
        columns = _plain_role_columns(info.get("kept") or ())
        last: dict[int, Draft] = {}
        for ev in events:
            self.used.add(ev.line)
            if ev.kind == "row":  # (a role table's row with text in every cell, as most are)
                d = self._role_row(ev, info["kept"], columns)
                if d is not None:
                    last[0] = d
                continue
            if ev.kind == "skip":
                continue
            if ev.kind == "day":
                self.close_all()
                self.flush_pending()
                self.set_day(ev.day, ev.line)
                last = {}
                continue
            for item in ev.items:
                if item.continuation and item.time is None:
                    target = last.get(item.column) or (self.stack[-1] if self.stack else None)
                    if target is not None and not item.lines and _people_row(target, item.roles):
                        continue
                    if target is not None and not item.roles:
                        target.body.extend(item.lines)
                        for ln in item.lines:
                            target.used.add(ln.no)
                        continue
                # (a role table's row on no day of its own, as most are, is read at once:
                # what `row_item` would do with it)
                d = self._role_item(item, self.day) \
                    if item.day is None and item.roles and not item.lines \
                    else self.row_item(item, day_columns)
                if d is not None:
                    last[item.column] = d

    def _header_carried(self, rows: list[Line]) -> list[Line]:
        """A table with no header row of its own, as wide as the table before it whose
        header names its columns (`| Time | Description | Room |`, then under `####
        Afternoon` rows that go straight on: `| 13:30 - 14:00 | Poster walk | B |`):
        the page continues that table, so its rows are read under that header (else a
        short Room column reads as a second title beside each entry)."""
        first = rows[0]
        cells = first.cells or ()
        named = [role_of_header(c.flat or "") for c in cells]
        if sum(1 for r in named if r) >= 2:
            self._last_header = first
            return rows
        header = self._last_header
        if header is None or any(named) or len(header.cells or ()) != len(cells):
            return rows
        # (the first row holds a time under the header's Time column: the same columns)
        col = next((k for k, c in enumerate(header.cells or ())
                    if role_of_header(c.flat or "") == "time"), None)
        if col is None or first_time(cells[col].flat or "") is None:
            return rows
        return [header, *rows]

    _last_header: Line | None = None

    def _standing_time(self, events: list, first: int) -> None:
        """`| Date | Speaker | Title |` with no time in the table, under a sentence that
        states it once (`takes place on Tuesdays at 4:00-5:00 pm in Room 164`): each
        dated row is at that time, in that room."""
        # (one entry with a time, as in most tables, answers at once: no list of them all)
        dated = False
        for ev in events:
            if ev.kind == "row":
                return  # (a `RoleRow` has a time of its own)
            if ev.kind == "items":
                for it in ev.items:
                    if it.time is not None:
                        return
                    dated = dated or it.day is not None
        if not dated:
            return
        lines = self.doc.lines
        k = bisect.bisect_left(lines, first, key=lambda ln: ln.no)
        for ln in reversed(lines[max(0, k - 12):k]):
            if ln.cells is not None:
                break
            stated = _time_stated(ln.text, with_end=True)
            if stated is None or find_days(ln.text[:stated[0].begin]) and day_line(ln) is not None:
                continue
            t, room = stated
            for ev in events:
                # `September 24 | | | No meeting (fall break)`: a date without a talk
                kept = [it for it in ev.items if not _no_meeting(it)]
                for it in ev.items:
                    if it not in kept:
                        self.diag.info("not-read", f"line {it.line}: a date with no talk "
                                       f"({_no_meeting(it)!r}), not an entry", it.line)
                ev.items = kept
            for it in (it for ev in events for it in ev.items):
                if it.day is not None:
                    it.time = t
                    it.room = it.room or room
            self.used.add(ln.no)
            return

    def row_item(self, item: RowItem, day_columns: bool) -> Draft | None:
        t = item.time
        if item.day is not None:
            if day_columns:
                # one day per column, whatever the row (each row names it again)
                key = (id(self.day), item.day_label or "")
                cached = self._column_days.get(key)
                if cached is None:
                    cached = DayRef(item.day, self._column_order(item.day_label or ""),
                                    item.line, item.day_label)
                    self._column_days[key] = cached
                day = cached
            else:
                if self.day is None or self.day.mark is None or not _compatible(self.day.mark, item.day):
                    self.close_all()
                    self.flush_pending()
                    self.set_day(item.day, item.line)
                day = self.day
        else:
            day = self.day
        if item.roles and not item.lines:
            return self._role_item(item, day)
        lines = item.lines
        if not lines:
            return None
        first = lines[0]
        if t is None and self.stack and self.stack[-1].slot and not item.continuation:
            # an item under a time written as a heading (`10:00 am - 10:45 am`)
            slot = self.stack[-1]
            child = Draft(line=first.no, level=0, column=item.column, room=item.room)
            child.day = slot.day
            child.body = list(lines)
            child.used |= {ln.no for ln in lines}
            self._extras(child, item)
            slot.children.append(child)
            return child
        if t is None:
            if self.stack:
                cur = self.stack[-1]
                cur.body.extend(lines)
                return cur
            self.pending.extend(lines)
            return None
        m = _ENDS.match(first.text) if len(lines) == 1 else None
        if m and t.start is not None:
            # `08:00 PM | After Party Ends`: the end of an entry above, not an entry
            for d in reversed(self.top + self.stack):
                if d.title and d.title.lower() == m.group(1).lower().strip() and d.day is day:
                    d.end = t.start
                    d.used.add(first.no)
                    return None
        draft = Draft(line=first.no, start=t.start, end=t.end, open=t.open, bare=t.bare_start,
                      level=0, column=item.column, zone=t.zone, room=item.room)
        draft.day = day
        draft.used |= {ln.no for ln in lines}
        if len(lines) == 1:
            self._apply_header_text(draft, first.text, first.spans)
        else:
            # a cell of several lines is read whole: title, people, labels, in any order
            draft.body = list(lines)
        draft.body_para = -1
        draft.from_table = True
        draft.span_all = item.span_all
        self._extras(draft, item)
        if not draft.title and not draft.body:
            return None
        if not draft.title:
            draft.slot = False
        self.place_row(draft)
        return draft

    def _extras(self, draft: Draft, item: RowItem) -> None:
        from ...model import Link

        for ln in item.roles.get("links", []):
            href = next((s.href for s in ln.spans if s.href), None)
            if href:
                draft.links.append(Link(label=ln.text[:60], url=href))
            draft.used.add(ln.no)
        for ln in item.roles.get("track", []):
            draft.track = draft.track or ln.text
            draft.used.add(ln.no)

    def place_row(self, draft: Draft) -> None:
        if draft.column is None and draft.end is not None and not draft.level:
            # (a range of its own in no column, as a role table's row is: `_inside` is
            # false under every open entry, so it nests in none and keeps none open)
            keep: list[Draft] = []
        else:
            # parallel rows: a start inside a session opened in the same column nests there
            for parent in reversed(self.stack):
                if parent.column == draft.column and _inside(draft, parent):
                    draft.day = parent.day
                    # close parallel siblings opened after this parent
                    while self.stack and self.stack[-1] is not parent:
                        self.close(self.stack.pop())
                    self.stack.append(draft)
                    return
            # a new row closes entries that cannot contain it
            keep = [p for p in self.stack if _inside(draft, p) and p.column in (None, draft.column)]
        stack = self.stack
        # (`not in` asks no `Draft.__eq__` of an empty list: each entry open is closed)
        while stack and (not keep or stack[-1] not in keep):
            d = stack.pop()
            # (the line first: an entry of another row is told apart at once)
            if d.line == draft.line and _same_row(d, draft):
                # a sibling in another column of the same row stays open
                self._siblings.append(d)
                continue
            self.close(d)
        if self._siblings:
            stack.extend(reversed(self._siblings))
            self._siblings.clear()
        if not self.stack and self.pending:  # (a table's rows leave nothing pending)
            self.flush_pending()
        self.stack.append(draft)

    # Whether a role table's commonest row (a time, a title that is all title, its
    # speaker, a room) is made an entry at once (off: by the steps every row takes; the
    # tests hold the one to the other).
    _whole_rows = True

    def _role_item(self, item: RowItem, day: DayRef | None) -> Draft | None:
        roles = item.roles
        t = item.time
        title_lines = roles.get("title")
        if not title_lines:
            if t is not None and any(ln.text.strip() for lines in roles.values() for ln in lines):
                # a timed row whose text stands outside the title column (a row pasted
                # with a cell fewer): not read, so reported, never counted as used
                self.used.discard(item.line)
            return None
        first = title_lines[0]
        used = set()
        for lines in roles.values():
            for ln in lines:
                used.add(ln.no)
        # (a cell of one line, as most are, is its line's text: no join)
        speaker = roles.get("speaker")
        plain = None
        if speaker is not None:
            # the people have a column of their own: the title cell is all title, unless
            # the speaker cell holds no one and names the entry (`☕ Coffee Break`)
            who, (no_one, got, parallel) = self._speaker_judged(speaker)
            # (a title cell that is all title, as most are, is its title: no parts)
            if not no_one and not first.spans:
                plain = plain_title(first.text, self.labels, self.known_rooms)
            room = roles.get("room")
            if plain is not None and t is not None and not parallel and len(title_lines) == 1 \
                    and len(roles) == 2 + (room is not None) and self._whole_rows:
                # A timed row of a title cell that is all title, its speaker and a room,
                # as most are: the entry made at once, as the steps below make it (with
                # no extra, link or affiliation cell and no lines under the title).
                return self._whole_row(item.line, plain, day, t, got, room, item.room, used)
        if t is not None:
            draft = Draft(line=item.line, level=0, day=day, start=t.start, end=t.end,
                          open=t.open, bare=t.bare_start, zone=t.zone, used=used)
        else:
            draft = Draft(line=item.line, level=0, day=day, used=used)
        if speaker is not None:
            if no_one:
                draft.title, draft.kind = who.strip(" ☕*"), SessionKind.BREAK
                draft.notes.append(first.text)
                roles = {k: v for k, v in roles.items() if k != "speaker"}
                speaker = None
            else:
                if plain is not None:
                    draft.title = plain
                else:
                    parts = title_parts(first.text, first.spans, labels=self.labels,
                                        rooms=self.known_rooms)
                    draft.title, draft.label, draft.kind = parts.title, parts.label, parts.kind
                    draft.url, draft.room = parts.url, parts.room
                    if draft.title is None and draft.label:
                        draft.title, draft.title_from_label = draft.label, True
        else:
            self._apply_header_text(draft, first.text, first.spans)
        if len(title_lines) > 1:  # (else the draft's own empty body stays)
            draft.body = title_lines[1:]
        room = roles.get("room")
        # (a row of a title, its speaker and a room, as most are, has no extra, link or
        # affiliation cell to read)
        others = len(roles) > 1 + (speaker is not None) + (room is not None)
        extra_lines = roles.get("extra") if others else None
        extra = [ln for ln in extra_lines if ln.text.strip()] if extra_lines else ()
        if extra and speaker is None and (
                draft.title_from_label or draft.slot
                or (draft.label is None and label_kind(draft.title or "") in _TALK_LABELS)):
            self._title_from_next_cell(draft, title_lines[1:], extra)
        elif len(extra) >= 2 and speaker is None and not draft.people:
            # `| Panel Discussion | - Name, Univ<br />- Name, MIT<br />… |`: the panel's people
            lines = [ln.text.strip().lstrip("-•*· ").strip() for ln in extra]
            if all(is_people_line(t) for t in lines):
                draft.people = _one_a_line(lines)
        if speaker is not None:
            people = list(got.people) if got else []
            if parallel:
                self._parallel_people(draft, people)
                return None
            draft.people = people
        if others and "affiliation" in roles:
            draft.people = _with_affiliation(draft.people, roles["affiliation"])
        if room is not None:
            draft.room = (room[0].text if len(room) == 1 else " ".join([ln.text for ln in room])
                          ).strip() or draft.room
        draft.room = draft.room or item.room
        links = roles.get("links") if others else None
        for ln in (links + extra_lines if links and extra_lines else links or extra_lines or ()):
            href = next((s.href for s in ln.spans if s.href), None)
            if href and ln.text.strip():
                from ...model import Link

                draft.links.append(Link(label=ln.text[:60], url=href))
        if t is None:
            if item.continuation and self.stack and draft.title and draft.people \
                    and "speaker" in roles and len(title_lines) == 1:
                # `|  | - Graal: Get the Knowledge Out | Valerio Cosentino |` under
                # `| 15:10 - 15:50 | Lightning Talks |`: a talk of the entry above, its
                # speaker in the speaker column
                parent = self.stack[-1]
                draft.day = parent.day
                parent.children.append(draft)
                return draft
            if item.continuation and self.stack:
                # (the lines are the entry's now: its body reads them when it closes)
                self.stack[-1].body.extend(title_lines)
                self.stack[-1].used.update(ln.no for ln in title_lines)
                return None
            self.loose.append(draft)
            return draft
        draft.body_para = -1
        draft.from_table = True
        self.place_row(draft)
        return draft

    def _speaker_judged(self, speaker: list[Line]) -> tuple[str, tuple]:
        """A speaker cell's lines joined by blanks, and what `_speaker_cell` makes of the
        cell: judged once for each distinct cell (a table repeats them)."""
        if len(speaker) == 1:
            who = names = key = speaker[0].text
        else:
            who = " ".join([ln.text for ln in speaker])
            names = " , ".join([ln.text for ln in speaker])
            key = (who, names)  # type: ignore[assignment]
        judged = self._speaker_cells.get(key)
        if judged is None:
            judged = self._speaker_cells[key] = _speaker_cell(who, names)
        return who, judged

    def _whole_row(self, line: int, title: str, day: DayRef | None, t: TimeMark,
                   got: People | None, room: list[Line] | None, item_room: str | None,
                   used: set[int]) -> Draft:
        """The entry of a timed row of a title cell that is all title, its speaker cell
        and maybe a room cell, placed (see `_role_item`)."""
        room_text = None if room is None else (
            room[0].text if len(room) == 1 else " ".join([ln.text for ln in room])).strip()
        draft = Draft(line=line, title=title, day=day, start=t.start, end=t.end,
                      open=t.open, bare=t.bare_start,
                      people=list(got.people) if got else [],
                      room=room_text or item_room, level=0, zone=t.zone, used=used,
                      body_para=-1, from_table=True)
        self.place_row(draft)
        return draft

    def _role_row(self, row: RoleRow, kept: list[tuple[int, str | None]],
                  columns: tuple[int, int, int | None] | None) -> Draft | None:
        """The entry of a role table's row with text in every cell (`tables.RoleRow`):
        what `_role_item` makes of the `RowItem` of its kept cells.  In a table whose
        kept columns are a title, a speaker and maybe a room (`columns`, see
        `_plain_role_columns`), a row whose title cell is one line that is all title
        and whose speaker cell names people, as most are, is made an entry at once,
        with none of the dictionary and items between."""
        cells = row.cells
        if columns is not None and self._whole_rows:
            tc, sc, rc = columns
            title_lines = cells[tc].lines
            first = title_lines[0]
            if len(title_lines) == 1 and not first.spans:
                speaker = cells[sc].lines
                _, (no_one, got, parallel) = self._speaker_judged(speaker)
                if not no_one and not parallel:
                    plain = plain_title(first.text, self.labels, self.known_rooms)
                    if plain is not None:
                        room = None if rc is None else cells[rc].lines
                        used = {first.no}
                        for ln in speaker:
                            used.add(ln.no)
                        for ln in room or ():
                            used.add(ln.no)
                        return self._whole_row(row.line, plain, self.day, row.time, got, room,
                                               None, used)
        roles = {role: cells[c].lines for c, role in kept}
        # RowItem(line, time, lines, column, room, day, day_label, roles, span_all, continuation)
        return self._role_item(RowItem(row.line, row.time, [], 0, None, None, None, roles,
                                       False, False), self.day)

    def _title_from_next_cell(self, draft: Draft, below: list[Line], extra: list[Line]) -> None:
        """`| 9:15 | **Contributed Talk:**<br />Jingwu Tang | Multi-Agent Imitation … |`,
        `| 8:35 | Invited Talk 1 | **Nicholas Roy** (MIT) — Foundation Models … |`: the
        event cell holds only a kind (and who); the title is in the next cell.  Only
        where someone is named (`| Coffee Break | Poster presentations |`, `| Spotlight
        Talks | Lightning presentations from accepted submissions |` keep their titles)."""
        first = extra[0]
        named_here = any(is_people_line(ln.text, lenient=True) for ln in below)
        parts = split_item(first.text, first.spans, labels=self.labels, rooms=self.known_rooms,
                           title_only=named_here)
        if not named_here and not parts.people and first.spans:
            # `**Nicholas Roy** (MIT) — Foundation Models …`: the bold is the speaker's
            parts = split_item(first.text, (), labels=self.labels, rooms=self.known_rooms)
        if not named_here and not parts.people and is_people_line(first.text):
            # `| Invited Talk 3 | **M. Ani Hsieh** (University of Pennsylvania) |`: who,
            # under the kind that stays the title
            got = read_people(first.text)
            if got is not None and got.people:
                draft.people = list(got.people)
                draft.body.extend(extra[1:])
            return
        if not parts.title or not (named_here or parts.people) \
                or named_here and is_people_line(first.text):
            return
        if not draft.title_from_label and draft.title:
            draft.label, draft.kind = draft.title, label_kind(draft.title)
        draft.title, draft.title_from_label, draft.slot = parts.title, False, False
        draft.url = draft.url or parts.url
        if parts.people and not named_here:
            draft.people = list(parts.people)
        draft.body.extend(extra[1:])

    def _parallel_people(self, draft: Draft, people: list[Person]) -> None:
        for k, p in enumerate(people):
            d = Draft(line=draft.line, title=draft.title, label=draft.label, kind=draft.kind,
                      day=draft.day, start=draft.start, end=draft.end, open=draft.open,
                      bare=draft.bare, people=[Person(p.name, p.affiliation)], room=p.room,
                      column=k, zone=draft.zone, level=0)
            d.used = set(draft.used)
            d.body_para = -1
            self.place_row(d)

    def _column_order(self, label: str) -> int:
        orders = getattr(self, "_col_orders", {})
        if label not in orders:
            orders[label] = len(orders)
        self._col_orders = orders
        return 1000 + orders[label]

    # -- closing entries ------------------------------------------------------------------
    def close_all(self) -> None:
        while self.stack:
            self.close(self.stack.pop())

    def close(self, d: Draft) -> None:
        self.read_body(d)
        parent = self.stack[-1] if self.stack else None
        if d.slot and not d.title:
            kids = d.children
            if not kids:
                return  # a time with nothing under it
            if len(kids) == 1 and not d.title:
                only = kids[0]
                self._absorb(d, only)
            else:
                for k in kids:
                    k.start, k.end, k.open, k.bare = d.start, d.end, d.open, d.bare
                    k.zone = k.zone or d.zone
                    k.day = d.day
                    k.used |= d.used
                    if parent is not None:
                        parent.children.append(k)
                    else:
                        self.top.append(k)
                return
        if parent is not None and _inside(d, parent):
            parent.children.append(d)
        else:
            self.top.append(d)

    def _absorb(self, d: Draft, only: Draft) -> None:
        d.title, d.label, d.kind = only.title, only.label or d.label, only.kind or d.kind
        d.people = only.people or d.people
        d.room = only.room or d.room
        d.url = only.url or d.url
        d.abstract += only.abstract
        d.links += only.links
        d.children = only.children
        d.used |= only.used
        d.slot = False
        d.title_from_label = only.title_from_label

    def read_body(self, d: Draft) -> None:
        """Read the lines under an entry's header: its own part, then sub-items."""
        if not d.body and not d.children:
            if not _label_names_person(d):
                _label_names_speaker(d)  # (a time line with nothing under it: most of a list)
            return
        for k in d.children:
            if k.body and not k.title:
                self._read_cell_item(k)
        lines = [ln for ln in d.body if ln.no not in self.used or ln.no in d.used]
        if not lines:
            _label_names_speaker(d)
            return
        if (d.slot and d.title is None or d.level and d.is_session) and not d.children \
                and self._parallel_sessions(d, lines):
            if d.title is not None:
                # `### Session 1 / 11 AM` over `#### Session 1a: …` and `#### Session 1b: …`:
                # the heading names the slot the sessions share, no entry of its own
                d.title, d.slot = None, True
            return
        # (the lines' reading, asked here only under a list, and kept for below)
        recs = classify(lines, labels=self.labels, rooms=self.known_rooms) \
            if _listed(lines[-1]) else None
        if not d.children and recs is not None and self._heading_over_list(d, recs):
            return
        if (d.title is None or d.slot) and not d.children and _title_field(d, lines):
            return
        if (d.title is None or d.slot) and not d.children and _label_person_title(d, lines):
            return
        if (d.title is None or d.slot) and not d.children and _label_person_over_title(d, lines):
            return
        if _labelled_speaker_title(d, lines):
            return
        if not d.children and _panel_members(d, lines):
            return
        if recs is None:
            recs = classify(lines, labels=self.labels, rooms=self.known_rooms)
        own, groups = group(recs, people_first=self.people_first)
        for r in recs:
            if r.kind == "skip":
                d.used.add(r.line.no)
        by_label = bool(d.title and d.people and (d.names_over or label_kind(d.title) is not None))
        if by_label:
            # `Invited Talk by X` over the talk's title, which may read as a name
            # (`Scene Graphs Revisited`): the line under the label is the title
            first = next((r for r in own if r.kind in ("people", "title")), None)
            if first is not None and first.kind == "people" and _one_plain_name(first):
                first.kind, first.parts = "title", None
        if d.title and d.label and not d.title_from_label and not groups \
                and label_kind(d.label) in _NAMING_LABELS and name_like(d.title) \
                and all(name_like(p.name) for p in d.people):
            # `Keynote: Daniel Russo` (`Panel: A, B, C`) over the talk's title (`Contextual
            # Bandit Systems`, which may read as a name too): the label named its people
            # (a `Talk:` names its title: `Talk: Introducing Incus` over `Stephane Graber`)
            first = next((r for r in own if r.kind in ("people", "title")), None)
            if first is not None and (first.kind == "title" or _one_plain_name(first)):
                first.kind, first.parts = "title", None
                d.people, d.title_from_label = [Person(d.title), *d.people], True
        lone = [r for r in own if r.kind != "skip"] if d.slot and d.title is None \
            and not d.children and not groups else []
        if len(lone) == 1 and lone[0].kind in ("people", "section"):
            # `7:30 am - 10:00 am` over `Registration` alone: the one line under a bare
            # time is its title, though it reads as a name (`Developers Day`) or a heading
            if lone[0].kind == "section" or _one_plain_name(lone[0]):
                lone[0].kind, lone[0].parts = "title", None
        if d.from_table and d.title is None and not groups \
                and sum(r.kind == "people" for r in own) >= 2 \
                and not any(r.kind == "title" for r in own):
            # a cell of an entry opens with its title, however name-like
            # (`Async Rust` over `Bo Chen`)
            first = next(r for r in own if r.kind == "people")
            first.kind, first.parts = "title", None
        if d.title and not d.slot and not d.title_from_label and not d.people and not groups:
            host_under_title(own)
        people, chairs, text, room, titles = own_part(own)
        for r in own:
            if r.kind in ("people", "label", "prose", "link", "kindlabel"):
                d.used.add(r.line.no)
        d.chairs += chairs
        d.room = d.room or room
        d.abstract += text
        for r in own:
            if r.kind == "kindlabel":
                k = label_kind(r.label or "")
                if k is not None and d.kind is None:
                    d.kind, d.label = k, r.label
                    if d.title is None:
                        d.title, d.title_from_label = r.line.text.rstrip(":"), True
        if len(titles) >= 2 and d.slot and d.title is None and not groups:
            # `10:30-12:15` over `Section 1A ...` and `Section 1B ...`: parallel entries
            for r in titles:
                parts = r.parts or split_item(r.line.text, r.line.spans, labels=self.labels,
                                              rooms=self.known_rooms)
                if not parts.title:
                    continue
                k = Draft(line=r.line.no, title=parts.title, label=parts.label, kind=parts.kind,
                          people=list(parts.people), chairs=list(parts.chairs), room=parts.room,
                          url=parts.url)
                k.day = d.day
                k.used.add(r.line.no)
                d.children.append(k)
            self._attach_labels(d, own)
            return
        if titles and by_label and not (titles[0].parts and titles[0].parts.people):
            # `Invited Talk by X` over the talk's own title: the label was no title
            d.kind = d.kind or label_kind(d.title)
            d.title_from_label = True
        if titles and (d.title is None or d.title_from_label or d.slot):
            # the entry's title is on the line under its time (`8:50 a.m. - 9:00 a.m.`)
            first = titles[0]
            parts = first.parts or split_item(first.line.text, first.line.spans,
                                              labels=self.labels, rooms=self.known_rooms)
            if parts.title:
                if d.title_from_label and not d.people and parts.people:
                    pass
                d.title, d.title_from_label, d.slot = parts.title, False, False
                d.url = d.url or parts.url
                if parts.kind and not d.kind:
                    d.kind, d.label = parts.kind, parts.label
                if parts.people and not d.people:
                    d.people = list(parts.people)
                d.room = d.room or parts.room
                d.chairs = d.chairs or parts.chairs
                d.used.add(first.line.no)
                titles = titles[1:]
        if people:
            if d.people and d.title_from_label is False and not groups:
                d.people += [p for p in people if p.name not in {x.name for x in d.people}]
            elif not d.people:
                d.people = people
            else:
                d.people += people
        for r in titles:
            if d.title and _listed(r.line):
                # `13:20–13:50 | Poster session 1` over `- Title` lines (a cell's list):
                # the session's papers, not notes the entry would drop
                d.children.append(self._listed_child(d, r))
                continue
            d.notes.append(r.line.text)
        items = [read_item(g, labels=self.labels, rooms=self.known_rooms) for g in groups]
        # `Keynote: Name` then the talk's title on the next line: that title is the entry's
        if items and (d.title_from_label or d.title is None) and len(items) == 1 \
                and (not items[0].parts.people or not d.people):
            self._take_item(d, items[0])
            return
        if items and d.title is None and len(items) == 1:
            self._take_item(d, items[0])
            return
        for it in items:
            child = self._draft_of_item(it, d)
            if child is not None:
                d.children.append(child)
        if d.track and (d.title is None or d.title_from_label) and (d.children or d.people):
            # `10:00am | 11:05am | Invited Talks | (four talks)`, `Panel Discussion |
            # Panelists: A, B, C`: the row's short cell names the entry its long cell
            # fills with talks or people
            d.title, d.slot, d.title_from_label = d.track, False, False

    def _heading_over_list(self, d: Draft, recs) -> bool:
        """`11:50` alone, then `Oral session 2` and a list of titles (`- Counting Cold
        Caches`, `- Sleep States for Servers`, …): the line over the list titles the
        entry, the list items are its papers.  Items of one list play one part, so an
        item that reads as a plain name (a title may: `Counting Cold Caches`) among
        items that read as titles is a title too, not the heading's speaker (with two
        items, only the first: `- Title` over `- Ana Ruiz` may be a talk and its
        speaker)."""
        kept = [r for r in recs if r.kind != "skip"]
        titled = d.title is not None and not d.slot and not d.title_from_label and not d.people
        if not titled and not (d.slot and d.title is None):
            return False
        if not titled and (not kept or kept[0].kind not in ("title", "kindlabel")
                           or _listed(kept[0].line)):
            return False
        items = kept if titled else kept[1:]
        if len(items) < 2:
            return False
        if not all(_listed(r.line) and r.kind in ("title", "people") for r in items):
            return False
        named = [r for r in items if r.kind == "people"]
        if len(named) > 1 or named and (len(items) < 3 and not named[0] is items[0]
                                        or not _one_plain_name(named[0])):
            return False
        if not titled and kept[0].kind == "kindlabel":
            # `Oral session 2` over the list: the kind's label names the entry whole
            head = kept[0]
            d.title, d.slot, d.title_from_label = head.line.text.rstrip(":"), False, False
            d.kind = d.kind or label_kind(head.label or "")
            d.label = d.label or head.label
            d.used.add(head.line.no)
        elif not titled:
            head = kept[0]
            parts = head.parts or split_item(head.line.text, head.line.spans,
                                             labels=self.labels, rooms=self.known_rooms)
            if not parts.title:
                return False
            d.title, d.slot, d.title_from_label = parts.title, False, False
            d.url = d.url or parts.url
            if parts.kind and not d.kind:
                d.kind, d.label = parts.kind, parts.label
            d.people = d.people or list(parts.people)
            d.chairs = d.chairs or list(parts.chairs)
            d.room = d.room or parts.room
            d.used.add(head.line.no)
        for r in recs:
            if r.kind == "skip":
                d.used.add(r.line.no)
        for r in items:
            r.kind, r.parts = "title", None
            d.children.append(self._listed_child(d, r))
        return True

    def _listed_child(self, d: Draft, r) -> Draft:
        """The entry of a list item under `d` that reads as a title."""
        parts = r.parts or split_item(r.line.text, r.line.spans, labels=self.labels,
                                      rooms=self.known_rooms)
        k = Draft(line=r.line.no, title=parts.title or r.line.text.lstrip("-•*· "),
                  label=parts.label, kind=parts.kind, people=list(parts.people),
                  chairs=list(parts.chairs), room=parts.room, url=parts.url)
        k.day = d.day
        k.used.add(r.line.no)
        return k

    def _parallel_sessions(self, slot: Draft, lines: list[Line]) -> bool:
        """`### 13:30 - 15:00` over `**Session A: Networking** (Room 101)` and its list of
        talks, then `**Session B: …**` and its list: sessions side by side in the slot.
        Each is a line set apart (bold, or a deeper heading) with list items under it."""
        def head(k: int) -> bool:
            ln = lines[k]
            set_apart = _strong(ln) == "bold" or bool(ln.heading and slot.level and ln.heading > slot.level)
            if not set_apart or ln.bullet or ln.heading and label_line(ln.text) is not None:
                return False
            k += 1
            while k < len(lines) and not lines[k].bullet and lines[k].heading > ln.heading \
                    and label_line(lines[k].text) is not None:
                k += 1  # (`##### Venue: Hall 21 Session Chair: X` between a session and its list)
            return k < len(lines) and lines[k].bullet

        heads = [k for k in range(len(lines)) if head(k)]
        if len(heads) < 2 or heads[0] != 0:
            return False
        for a, b in zip(heads, heads[1:] + [len(lines)]):
            k = Draft(line=lines[a].no, level=lines[a].heading)
            k.day = slot.day
            k.used.add(lines[a].no)
            self._apply_header_text(k, lines[a].text, lines[a].spans)
            k.is_session = True
            k.body = lines[a + 1:b]
            k.body_para = -1
            self.read_body(k)
            slot.children.append(k)
        return True

    def _attach_labels(self, d: Draft, own) -> None:
        """Chair and sponsor lines under parallel titles belong to the title above them."""
        current = None
        by_line = {k.line: k for k in d.children}
        for r in own:
            if r.line.no in by_line:
                current = by_line[r.line.no]
                continue
            if current is None:
                continue
            if r.kind == "label" and r.label in ("chair", "chairs", "session chair", "chair/co-chair"):
                got = read_people(r.value, lenient=True) if r.value else None
                if got is not None:
                    current.chairs = list(got.people)
                current.used.add(r.line.no)
            elif r.kind in ("label", "people"):
                current.used.add(r.line.no)

    def _take_item(self, d: Draft, it: Item) -> None:
        p = it.parts
        d.title = p.title or d.title
        d.title_from_label = False if p.title else d.title_from_label
        d.slot = False
        if p.kind and not d.kind:
            d.kind, d.label = p.kind, p.label
        if p.people:
            d.people = list(p.people) if not d.people else d.people
        d.url = d.url or p.url
        d.room = d.room or p.room
        d.abstract += it.abstract
        d.bio += it.bio
        d.venue = d.venue or p.venue
        d.links += it.links
        d.used |= {ln.no for ln in it.lines}

    def _draft_of_item(self, it: Item, parent: Draft | None) -> Draft | None:
        p = it.parts
        if not p.title:
            return None
        d = Draft(line=it.first, title=p.title, label=p.label, kind=p.kind,
                  people=list(p.people), chairs=list(p.chairs), room=p.room, url=p.url,
                  abstract=list(it.abstract), bio=list(it.bio), venue=p.venue,
                  links=list(it.links))
        d.day = parent.day if parent is not None else self.day
        d.used |= {ln.no for ln in it.lines}
        return d

    def _read_cell_item(self, k: Draft) -> None:
        recs = classify(k.body, labels=self.labels, rooms=self.known_rooms)
        own, groups = group(recs, people_first=self.people_first)
        it = read_item(recs, labels=self.labels, rooms=self.known_rooms)
        p = it.parts
        k.title, k.label, k.kind = p.title, p.label, p.kind
        k.people, k.url, k.room = list(p.people), p.url, k.room or p.room
        k.abstract, k.bio, k.links = list(it.abstract), list(it.bio), list(it.links)
        k.used |= {ln.no for ln in k.body}
        k.body = []

    # -- untimed runs -----------------------------------------------------------------
    def _flush_under_day(self, last: bool = False) -> None:
        """`flush_pending` where a day line (or the end of the text) closes the run: a
        lone line right under a bare day line that the listing leaves unread is that
        day's entry (see dated.py); the last one only on a page that lists others so."""
        waiting = [ln for ln in self.pending if ln.no not in self.used]
        lone = waiting[0] if len(waiting) == 1 and not self.stack and self.day is not None \
            and self.day.column is None and not waiting[0].heading \
            and waiting[0].cells is None and waiting[0].no > self.day.line else None
        n = len(self.loose)
        self.flush_pending()
        if lone is not None and len(self.loose) == n + 1 and self.loose[-1].line == lone.no \
                and self._dated_entries and self._standing_line_time() is not None:
            # the listing read the line as an item of its own: still that day's entry
            self._on_standing_time(self.loose.pop())
            return
        if lone is None or len(self.loose) != n or lone.no in self.used \
                or (last and not self._dated_entries):
            return
        got = dated_entry(lone.text)
        if got is None:
            return
        d = Draft(line=lone.no, title=got.title, people=got.people, room=got.room,
                  notes=got.notes)
        d.used.add(lone.no)
        self._dated_entries += 1
        if self._standing_line_time() is not None:
            self._on_standing_time(d)
            return
        d.day = self.day
        self.loose.append(d)

    def _on_standing_time(self, d: Draft) -> None:
        """`d`, the entry under the day line, at the time (and in the room) the list
        states once for all its dates."""
        t, room = self._standing_line_time()
        d.day = self.day
        d.start, d.end, d.open, d.bare, d.zone = t.start, t.end, t.open, t.bare_start, t.zone
        d.room = d.room or room
        self.top.append(d)

    def _standing_line_time(self) -> tuple[TimeMark, str | None] | None:
        """The time (and room) a seminar list states once in a sentence for all its dates
        (`All seminars are held on Thursdays at 4:30 pm in Room 164`): the time of each
        entry under a bare date line, as `_standing_time` gives a table's dated rows
        theirs.  A line naming a weekday in the plural, then a time; found once."""
        if self._standing is not False:
            return self._standing
        self._standing = None
        for ln in self.doc.lines:
            if ln.cells is not None or ln.heading or _WEEKDAYS_PLURAL.search(ln.text) is None:
                continue
            self._standing = _time_stated(ln.text, with_end=False)
            if self._standing is None:
                continue
            self.used.add(ln.no)
            break
        return self._standing

    _standing: tuple[TimeMark, str | None] | None | bool = False

    def flush_pending(self) -> None:
        """Read a run of untimed lines as a listing, section by section (a heading opens
        one): items of a title and its people; a heading over items is their section."""
        if not self.pending:
            return  # (asked each time an entry opens: most have no lines waiting)
        lines = [ln for ln in self.pending if ln.no not in self.used]
        self.pending = []
        if not lines:
            return
        sections: list[list[Line]] = []
        owned: int | None = None  # the paragraph a pasted role heading owns
        for k, ln in enumerate(lines):
            if ln.heading:
                sections.append([ln])
                owned = None
            elif role_heading(ln.text) and _alone(lines, k) and not (
                    sections and sections[-1][0].heading and role_heading(sections[-1][0].text)):
                # `Program Committee:` pasted without its heading style, a paragraph of its
                # own: the names in the next paragraph (or list) are its list, not items
                sections.append([ln])
                owned = lines[k + 1].para if k + 1 < len(lines) else None
            elif owned is not None and ln.para not in (owned, sections[-1][0].para) \
                    and not (ln.item and sections[-1][-1].item):
                sections.append([ln])  # the role's list ended with its paragraph (or list)
                owned = None
            elif not sections:
                sections.append([ln])
            else:
                sections[-1].append(ln)
        for sec in sections:
            self._listing_section(sec)

    def _listing_section(self, lines: list[Line]) -> None:
        recs = classify(lines, labels=self.labels, rooms=self.known_rooms)
        own, groups = group(recs, people_first=self.people_first)
        for r in recs:
            if r.kind == "skip":
                self.used.add(r.line.no)
        head = recs[0] if recs and (recs[0].line.heading or role_heading(recs[0].line.text)) else None
        if head is not None and head.kind == "section":
            return  # `Program Committee`: a list of people, not of items
        items = []
        for g in groups:
            it = read_item(g, labels=self.labels, rooms=self.known_rooms)
            d = self._draft_of_item(it, None)
            if d is not None:
                items.append(d)
        if head is not None and head.kind == "title" and items and (not groups or groups[0][0] is not head):
            # a heading over items: their section (`### Research Session 1: ...`)
            parts = head.parts or split_item(head.line.text, head.line.spans)
            box = Draft(line=head.line.no, title=parts.title or head.line.text, children=items,
                        container=True)
            box.day = self.day
            box.used.add(head.line.no)
            self.loose.append(box)
            return
        self.loose.extend(items)


_LIST_MARK = re.compile(r"^\s*[-•*·]\s+\S")


def _listed(ln: Line) -> bool:
    """Whether a line is a list item: marked so by the layout, or by a `- ` or `• `
    kept in its text (a copied table's cell keeps its list's marks)."""
    return ln.bullet or _LIST_MARK.match(ln.text) is not None


def _sep_settled(seps: Counter[str], left: int) -> bool:
    """Whether the page's separator (`prepare`: the commonest, used by 3 lines or more
    and by 60 % of the lines that split) is the commonest of `seps` whatever the `left`
    lines still to be read give: no other, nor a new one, can reach it, and it keeps 60 %
    even if none of them counts for it.  The lines after need not be split then."""
    if not seps:
        return False
    (sep, n), = seps.most_common(1)
    total = sum(seps.values())
    return n >= 3 and n >= 0.6 * (total + left) and left < n and all(
        c + left < n for s, c in seps.items() if s != sep)


def _either_side(parts) -> bool:
    """Whether the title split off a line reads as people as well as its people do
    (`Li Wei - Graph Databases Explained`): such a line says nothing of the page's order."""
    if parts.sep not in ("dash", "dash-first", "colon", "colon-first") or not parts.title:
        return False
    got = read_people(parts.title)
    return got is not None and got.score >= 0.99 and all(name_like(p.name) for p in got.people)


def _mark_key(m: DayMark) -> tuple:
    return (m.weekday, m.day, m.month, m.year, m.ordinal)


DayMark.key = _mark_key  # type: ignore[attr-defined]


# A number of minutes after the start, in a duration column: `40  Dirk Duellmann`
_MINUTES_LEAD = re.compile(r"^(\d{1,3})\s+(?=\S)")
_DURATION_HEADER = re.compile(r"\b(?:start|time)\b.*\bduration\b", re.IGNORECASE)
_SESSION_TITLE = re.compile(r"^(?:research |paper |technical )?(?:session|section|track)\b", re.I)
_ROOM_ONLY = re.compile(r"^@\s*(\S.{0,58})$")
_FINAL_PARENS = re.compile(r"\(([^()]{3,40})\)\s*$")
_DIGIT = re.compile(r"\d")
_ENDS = re.compile(r"^(.+?)\s+(?:ends|end|closes|is over)\.?$", re.IGNORECASE)


def _plain_role_columns(kept) -> tuple[int, int, int | None] | None:
    """The title, speaker and room columns (None: no room column) of a role table whose
    kept columns are those and no others, one each (`Reader._role_row`); None for any
    other table."""
    cols = {role: c for c, role in kept}
    if len(cols) != len(kept) or "title" not in cols or "speaker" not in cols \
            or len(cols) != 2 + ("room" in cols):
        return None
    return cols["title"], cols["speaker"], cols.get("room")


def _paren_room(text: str, ends: dict[str, set[str]]) -> None:
    """Note the parenthesis that ends `text` (`Chairs' Welcome (Garden Pavilion)`) with
    the title before it: after different titles it names a room (`prepare`); the same
    title listed twice (`Graphs & Data Mining (Hybrid I)`) is no evidence."""
    t = text.rstrip()
    if t[-2:-1].isdecimal():
        return  # `(12)`, `(Room 101)`: a figure ends whatever parenthesis there is
    # (only the last parenthesis can end the text: look there, not at each one)
    m = _FINAL_PARENS.match(t, max(0, t.rfind("(")))
    if m and not _DIGIT.search(m.group(1)) and not is_people_line(text):
        ends.setdefault(m.group(1).strip(), set()).add(text[:m.start()].strip().lower())


def _parens_after_figures(text: str) -> bool:
    """Whether each `)` in a table row's text follows a figure (`8:00 | GDevelop (1) |
    Florian Rival | Room 0`), so that `prepare` need not look at its cells.

    A row after the first of its table (whose text a Markdown front-end takes as
    written; each table's number is its own, so a row of the last row's table is no
    first row) is its cells' texts, each cell's lines joined by blanks, the cells by ` | `:
    a cell line that ends in `)` has it in the row after the same character, or after a
    blank where that line starts with it or holds a line feed there.  Where every `)` of
    the row follows a figure, so does each such line's, and `_paren_room` passes over it."""
    k = text.find(")")
    while k > 0 and text[k - 1].isdecimal():
        k = text.find(")", k + 1)
    return k < 0


def _compatible(current: DayMark, new: DayMark) -> bool:
    """Whether a day written on a line is the day already in force (`Thursday` under
    `Thursday 25th Oct`): no field of one contradicts the other."""
    for a, b in ((current.weekday, new.weekday), (current.day, new.day),
                 (current.month, new.month), (current.year, new.year)):
        if a is not None and b is not None and a != b:
            return False
    return current.ordinal is None or new.ordinal is None or current.ordinal == new.ordinal


def _minutes(t: time | None) -> int | None:
    return None if t is None else t.hour * 60 + t.minute


_TAIL_ROOM = re.compile(r"^(?:[A-Z][\w.'-]*\s+)?[A-Z][\w.'-]*\s+(?:\d{1,4}[A-Za-z]?|[A-Z])$")
_NOT_ROOM_WORDS = frozenset({"session", "part", "day", "week", "round", "group", "panel",
                             "track", "tutorial", "workshop", "lecture", "keynote", "talk"})


def _tail_room_candidates(rest: str, tails: dict[str, set[str]]) -> None:
    """Note the last two and three words of a title written before its time when they
    read as a room (`Mirror 1`, `Hall B`, `West Hall 2`), with what precedes them."""
    words_ = rest.split()
    for k in (2, 3):
        if len(words_) <= k:
            break
        room = " ".join(words_[-k:])
        if _TAIL_ROOM.match(room) and words_[-k].lower() not in _NOT_ROOM_WORDS \
                and label_kind(words_[-k]) is None:
            tails.setdefault(room, set()).add(" ".join(words_[:-k]).lower())


def _without_tail_room(rest: str, rooms: set[str]) -> tuple[str, str | None]:
    words_ = rest.split()
    for k in (3, 2):
        room = " ".join(words_[-k:])
        if len(words_) > k and room in rooms:
            return " ".join(words_[:-k]), room
    return rest, None


def _inside(child: Draft, parent: Draft) -> bool:
    """Whether a new timed entry belongs under `parent`."""
    if parent.slot:
        return False
    if child.column is not None and parent.column is not None and child.column != parent.column:
        return False  # side by side in another column
    deeper = child.level and parent.level and child.level > parent.level
    if not deeper and child.end is not None and (child.column is None or parent.column is None):
        # (asked before the clocks are: a table's rows are ranges, one a row)
        return False  # a range of its own is a sibling, even when it overlaps
    cs, ps, pe = _minutes(child.start), _minutes(parent.start), _minutes(parent.end)
    if cs is None or ps is None:
        return False
    if deeper:
        return ps <= cs and (pe is None or cs < pe)
    if pe is None:
        return False
    ce = _minutes(child.end)
    if ce is not None and cs < ce and pe < ce:
        return False  # a range that runs on past the parent's end is not inside it
    return ps <= cs < pe


def _same_row(a: Draft, b: Draft) -> bool:
    return a.start == b.start and a.end == b.end and a.column != b.column and a.line == b.line


def _nobody_named(text: str) -> bool:
    got = read_people(text, lenient=True)
    return got is None or not any(name_like(p.name, True) for p in got.people)


def _speaker_cell(who: str, names: str) -> tuple[bool, People | None, bool]:
    """What a role table's speaker cell says, judged once for each distinct cell (a
    table repeats them): whether it names a break and no one (`☕ Coffee Break`: `who`,
    the cell's lines joined by blanks), else the people `names` (its lines joined by
    commas) reads as, and whether they are parallel parts in named rooms (`Drs. A
    (track 1), Dr. B (track 2)`).  The break words are asked first: few cells hold one,
    and they need no people read."""
    if is_break(who) and _nobody_named(who):
        return True, None, False
    got = read_people(names, lenient=True)
    people = got.people if got else ()
    return False, got, len(people) >= 2 and bool(people[0].room) and all(p.room for p in people)


def _people_first(lines: list[Line]) -> bool:
    """Whether this page writes an item's people before its title.

    Pairs of a people line and a title are ambiguous in a run (each title sits between
    two author lines); the ends of runs are not: a run that opens with people after a
    time, or closes with a title after people, is written people first.
    """
    runs: list[list[Line]] = []
    cur: list[Line] = []
    for ln in lines:
        if ln.cells is not None:
            if cur:
                runs.append(cur)
                cur = []
            for c in ln.cells:
                # (a cell of one line is no run of two: its line needs no judging)
                if len(c.lines) >= 2:
                    runs.append([x for x in c.lines if not header_of(x)])
            continue
        if header_of(ln) is not None or ln.heading or day_line(ln) is not None:
            if cur:
                runs.append(cur)
            cur = []
            continue
        cur.append(ln)
    if cur:
        runs.append(cur)
    first = last = 0
    for run in runs:
        texts = [re.sub(r"^\d[A-Z]-\d+\s+", "", x.text) for x in run if x.text.strip()]
        if len(texts) < 2:
            continue
        p0, p1 = is_people_line(texts[0]), is_people_line(texts[1])
        if p0 and not p1 and words(texts[1]) >= 3:
            first += 1
        elif not p0 and p1 and words(texts[0]) >= 3:
            last += 1
    return first > 2 * last and first >= 3


def _title_first_ends(lines: list[Line]) -> tuple[dict[int, bool], dict[int, Line]]:
    """The time-only lines that end a paragraph of untimed lines: nothing after them in
    the paragraph can be their title, so it is the line above (`Conference Reception,
    Salon G` / `Friday, June 29, 7:00 pm-9:00 pm`).  Kept when the page has two such
    paragraphs or more (a layout, not a stray line); True where the paragraph is just
    the title and the time, so the line above is the title even if it reads as names.
    Several such lines under one title are its occurrences: the second gives the further
    ones, each with its title line."""
    paras: dict[int, list[Line]] = {}
    for ln in lines:
        if ln.cells is None:
            paras.setdefault(ln.para, []).append(ln)
    ends: dict[int, bool] = {}
    more: dict[int, Line] = {}
    prev: list[Line] = []
    for group in paras.values():
        last, prev = prev, group
        if len(group) < 2 or _when_only(group[-1]) is None:
            continue
        if group[0].bullet and last and last[0].bullet and _when_only(last[-1]) is None:
            # `• Bo Chen (ETH), Rivers and towns` / `15.00-16.15` closing a list whose
            # items before it hold no time: the next entry's time, run on into the
            # last item (a list written title then time times each of its items)
            continue
        k = len(group) - 1
        while k > 1 and _when_only(group[k - 1]) is not None:
            k -= 1
        if k == 1 and _column_names(group[0].text):
            continue  # `Time Event` over `11.00-12.30`: a pasted table's header row, no title
        if all(header_of(ln) is None and day_line(ln) is None for ln in group[:k]):
            ends[group[k].no] = k == 1
            more.update((ln.no, group[k - 1]) for ln in group[k + 1:])
    return (ends, more) if len(ends) >= 2 else ({}, {})


def _when_only(ln: Line) -> str | None:
    """For a line that is only a day and a time: "", or the room written before the day
    (`Salon F, Friday, June 29, 4:00 pm-5:30 pm`); None for any other line."""
    h = header_of(ln)
    if h is None:
        return None
    rest = h.rest.strip(" -–—:|")
    if not rest:
        return ""
    d = h.day
    if d is None or h.position != "tail" or d.stop > h.time.begin or words(rest) > 5:
        return None
    return rest if ln.text[:d.begin].strip(" ,;-–—") == rest else None


def _people_row(d: Draft, roles: dict[str, list[Line]]) -> bool:
    """A row of the entry's speakers or chairs under it (see tables._role_row)."""
    role = "chair" if "chair" in roles else "speaker" if "speaker" in roles else None
    if role is None or set(roles) != {role}:
        return False
    got = read_people(" , ".join(ln.text for ln in roles[role]), lenient=True)
    if got is None or not got.people:
        return False
    if role == "chair":
        d.chairs += got.people
    else:
        d.people += got.people
    d.used |= {ln.no for ln in roles[role]}
    return True


def _title_field(d: Draft, lines: list[Line]) -> bool:
    """`Keynote 1: [Name](/speakers#x).` over `**Title: The Real Title**`: the name after
    a kind label is the speaker, the title is the one after `Title:`.  True when the
    entry's lines were read so (the title line and a line of people, nothing else)."""
    fields = [m for m in map(_TITLE_FIELD.match, (ln.text for ln in lines)) if m]
    if len(fields) != 1 or len(lines) > 3:
        return False
    title = fields[0].group(1).strip(" *")
    people: list[Person] = []
    label = None
    chairs: list[Person] = []
    for ln in lines:
        if _TITLE_FIELD.match(ln.text):
            continue
        lab = label_line(ln.text)
        if lab is not None and lab[0].endswith(("chair", "chairs")) and lab[1]:
            # `Session Chair: Wei Wang (UCLA)` under the talk: who chairs, not who speaks
            got = read_people(lab[1], lenient=True)
            if got is None or not got.people:
                return False
            chairs += got.people
            continue
        m = _NUMBERED_LABEL.match(ln.text)
        who = m.group("rest") if m else ln.text
        got = read_people(who.strip().rstrip("."), lenient=True)
        if got is None or not got.people or got.score < 0.6:
            return False
        people += got.people
        label = m.group("label") if m else label
    if not title or not people:
        return False
    d.title, d.slot, d.title_from_label = title, False, False
    d.people = people
    d.chairs += chairs
    if label and label_kind(label) is not None:
        d.kind, d.label = label_kind(label), label
    d.used |= {ln.no for ln in lines}
    return True


def _label_person_title(d: Draft, lines: list[Line]) -> bool:
    """`Keynote Speech 1` / `Professor Ana Ruiz` / `University of Lisbon` / the talk's
    title / `Talk Outline: ...`: a kind label alone over the speaker, the speaker's
    affiliation and the title; what follows is the abstract."""
    texts = [ln.text.strip() for ln in lines if ln.text.strip()]
    if len(texts) < 3 or len(texts[0]) > 40:
        return False
    kind = label_kind(texts[0].rstrip(":"))
    if kind is None:
        return False
    got = read_people(texts[1], lenient=True)
    if got is None or len(got.people) != 1 or got.score < 0.6 or not name_like(got.people[0].name):
        return False
    person = got.people[0]
    k = 2
    if not person.affiliation and org_like(texts[k]) and len(texts) > 3:
        person = Person(person.name, texts[k])
        k += 1
    title = texts[k]
    who = people_of(title)
    if is_prose(title) or label_line(title) is not None or who is not None and who.score >= 0.5:
        return False
    d.title, d.slot, d.title_from_label = title, False, False
    d.kind, d.label = d.kind or kind, texts[0]
    d.people = [person]
    for text in texts[k + 1:]:
        got_label = label_line(text)
        d.abstract.append(got_label[1] if got_label and got_label[1] else text)
    d.used |= {ln.no for ln in lines}
    return True


# `Keynote 1: Ana Ruiz`, `Keynote Talk: Ana Ruiz (MIT)`, `Keynote: Ana Ruiz, CEO of Org`
_LABEL_COLON = re.compile(r"^(?P<label>[A-Za-z][A-Za-z ]{1,30}?)(?P<n>\s+\d{1,2})?\s*:\s+(?P<rest>\S.*)$")
# `Ana Ruiz`, `Ana Ruiz (MIT)`, `Ana Ruiz, MIT`: a name, then maybe where
_NAME_WHERE = re.compile(r"^(?P<name>[^(),]+?)\s*(?:\((?P<p>[^()]{2,80})\)|,\s*(?P<c>[^,]{2,80}))?$")
# `CEO of Secure Ideas`, `Professor at Lund University`: a role, then where
_ROLE_AT = re.compile(r"^[A-Za-z][\w&.\- ]{0,40}?\s+(?:of|at)\s+(?P<org>\S.*)$")


def _person_shaped(text: str) -> Person | None:
    """`Ana Ruiz`, `Ana Ruiz (MIT)`, `Ana Ruiz, CEO of Rivers Inc`, `Ana Ruiz, MIT`:
    one person and maybe where she works; None for anything else (a title)."""
    text = text.strip().rstrip(".")
    m = _NAME_WHERE.match(text)
    if m is None or not name_like(m.group("name")):
        return None
    who = read_people(m.group("name"))
    if who is None or who.entries != 1 or who.score < 0.99:
        return None
    where = m.group("p") or m.group("c")
    if where:
        role = _ROLE_AT.match(where)
        where = role.group("org") if role else where
        if not org_like(where) and role is None:
            return None
    return Person(who.people[0].name, where.strip() if where else None)


def _label_and_person(text: str) -> tuple[str, SessionKind, Person] | None:
    """(label, kind, person) for `Keynote 1: Ana Ruiz` or `Keynote Talk: Ana Ruiz
    (MIT)`: a naming label (keynote, invited talk), then one person-shaped part."""
    m = _LABEL_COLON.match(text.strip()) if ":" in text else None
    if m is None:
        return None
    label = m.group("label").strip()
    kind = label_kind(label) or kind_from_words(label)
    if kind not in (SessionKind.KEYNOTE, SessionKind.INVITED):
        return None
    person = _person_shaped(m.group("rest"))
    if person is None:
        return None
    return label + (m.group("n") or ""), kind, person


def _label_names_person(d: Draft) -> bool:
    """`Keynote 1: Ana Ruiz` (numbered), `Keynote: Ana Ruiz, CEO of Rivers Inc` (who
    she is after her name) with nothing under it: the label is the entry's title and
    the person its speaker.  A bare name after an unnumbered label is
    `_label_names_speaker`'s."""
    if d.people or d.children or not d.title:
        return False
    if d.label and not d.title_from_label:
        text = f"{d.label}: {d.title}"
    else:
        text = d.title
    got = _label_and_person(text)
    if got is None:
        return False
    label, kind, person = got
    numbered = label[-1:].isdigit()
    if not numbered and not person.affiliation:
        return False
    d.title, d.label, d.kind, d.title_from_label = label, label, d.kind or kind, True
    d.people = [person]
    return True


def _label_person_over_title(d: Draft, lines: list[Line]) -> bool:
    """`Keynote Talk: Ana Ruiz (MIT)` over the talk's title, then its abstract (a
    table cell pasted a line each): the label names the speaker, the next line is the
    title (whatever colon it holds), the rest the abstract."""
    texts = [ln.text.strip() for ln in lines if ln.text.strip()]
    if len(texts) < 2:
        return False
    got = _label_and_person(texts[0])
    if got is None:
        return False
    label, kind, person = got
    if not _title_over_abstract(texts[1:]):
        return False
    d.title, d.slot, d.title_from_label = texts[1], False, False
    d.kind, d.label = d.kind or kind, label
    d.people = [person]
    d.abstract.extend(texts[2:])
    d.used |= {ln.no for ln in lines}
    return True


def _title_over_abstract(texts: list[str]) -> bool:
    """Whether the first of `texts` is a talk's title over its abstract: a line of
    no sentence (a question may be a title), shorter than the paragraph under it, that
    names no field and no one."""
    title = texts[0]
    if len(title) > 200 or title.endswith(".") or label_line(title) is not None \
            or _person_shaped(title) is not None:
        return False
    if len(texts) == 1:
        return not is_prose(title)
    return len(texts[1]) > len(title) or texts[1].endswith(".") or is_prose(texts[1])


def _labelled_speaker_title(d: Draft, lines: list[Line]) -> bool:
    """`Keynote Talk: Ana Ruiz (MIT)` read as its label and speaker, over the talk's
    title and abstract: the first line under it is the title (whatever it asks)."""
    if not (d.title_from_label and d.people and d.label) or d.children \
            or label_kind(d.label) not in (SessionKind.KEYNOTE, SessionKind.INVITED):
        return False
    texts = [ln.text.strip() for ln in lines if ln.text.strip()]
    if not texts or not _title_over_abstract(texts):
        return False
    d.title, d.title_from_label = texts[0], False
    d.abstract.extend(texts[1:])
    d.used |= {ln.no for ln in lines}
    return True


_TITLE_FIELD = re.compile(r"^\W*title\s*:\s*(\S.*)$", re.I)
_QUOTE_CHARS = "\"“”"
_QUOTE_CLOSE = re.compile(r"[\"”]\W*$")


def _quoted_head(lines: list[Line]) -> tuple[int, int] | None:
    """Where the last lines of `lines` are a title wholly in double quotes (on one line,
    or opened on one and closed on the next) and at most one short note under it
    (`Candidate's Talk`): the index of the title's first line and the number of lines
    the title takes (1 or 2), else None."""
    for k in range(len(lines) - 1, max(len(lines) - 4, -1), -1):
        first = lines[k].text.strip()
        if first[:1] not in _QUOTE_CHARS or lines[k].cells is not None:
            continue
        n = 1 if _QUOTE_CLOSE.search(first[1:]) else 2
        last = lines[k + n - 1].text.strip() if k + n <= len(lines) else ""
        if not _QUOTE_CLOSE.search(last) or n == 2 and _QUOTE_CLOSE.search(last[:-1]):
            return None
        rest = lines[k + n:]
        if len(rest) > 1 or any(len(x.text.split()) > 6 or x.text.rstrip().endswith(".")
                                for x in rest):
            return None
        return k, n
    return None


# A field of an entry run on after a title field's text (`… *Speaker: Bo Chen*`).
_GLUED_FIELD = re.compile(
    r"\s+[*_]*(?=(?:speakers?|presenters?|authors?|hosts?|room|location|venue)\s*:\s*\S)", re.I)
_DAY_THEN_REST = re.compile(r"^[^:]{3,40}?:\s*(\S.*)$")
# The people after a full date leading its line: `17 March 2026, Ana Ruiz (MIT)`.
_AFTER_DATE = re.compile(r"^[\s*_]*[,:]\s*(\S.*)$")


def _day_then_name(text: str) -> str | None:
    """The name after the day of a seminar line `**September 18**: Ana Ruiz` (one or
    two people and nothing else), or None."""
    m = _DAY_THEN_REST.match(text.strip())
    return None if m is None else _one_or_two_people(m.group(1))


def _one_or_two_people(rest: str) -> str | None:
    """REST when it is one or two people (with their places) and nothing else."""
    if _DIGIT.search(rest):
        return None
    rest = rest.strip(" *_")
    got = read_people(rest)
    if got is None or not 1 <= len(got.people) <= 2 or got.score < 0.99 \
            or not all(name_like(p.name) for p in got.people):
        return None
    return rest


# `03/09/2021 : Title`: what follows a line's leading date.
_AFTER_LEAD_DATE = re.compile(r"^[\s*_]*\s[:–—-]\s+(?=\S)")


def _date_led(ln: Line) -> tuple[DayMark, int] | None:
    """`03/09/2021 : Title by Name`: a full date leading the line, then ` : ` (or a
    dash) and the entry; the date and where the entry starts, or None."""
    text = ln.text
    if ln.cells is not None or not text[:1].isdigit():
        return None
    days = find_days(text)
    if not days or not days[0].full or days[0].begin != 0:
        return None
    m = _AFTER_LEAD_DATE.match(text[days[0].stop:])
    return None if m is None else (days[0], days[0].stop + m.end())


def _date_then_name(ln: Line) -> tuple[DayMark, str] | None:
    """`17 March 2026, Ana Ruiz (MIT)` over `Title: ...` and `Abstract: ...`: a line led by
    a full date whose rest is one or two people and nothing else names the day and the
    speaker of the talk under it (a seminar archive), as `**September 18**: Ana Ruiz` does."""
    text = ln.text
    if ln.cells is not None or len(text) > 160 or not text[:1].isalnum() and text[:1] not in "*_":
        return None
    days = find_days(text)
    if not days or not days[0].full or text[:days[0].begin].strip(" *_"):
        return None
    m = _AFTER_DATE.match(text[days[0].stop:])
    if m is None or first_time(text) is not None:
        return None
    who = _one_or_two_people(m.group(1))
    return None if who is None else (days[0], who)


# Labels of a panel's member line (`Moderator: Name, Place`).
_MEMBER_LABELS = frozenset({"moderator", "moderators", "moderated by", "chair", "panelist",
                            "panelists", "panellist", "panellists"})
# `- **Day:** Saturday`: an entry's day given as one of its fields.
_DAY_FIELD = re.compile(r"^[\s*_-]*(?:day|date)[\s*_]*:", re.IGNORECASE)
# The fields of a seminar entry that name who gives it or where, never its title.
_ENTRY_FIELDS = frozenset({"speaker", "speakers", "presenter", "presenters", "author", "authors",
                           "by", "host", "hosts", "room", "location", "venue", "where"})


def _field_of_entry(text: str) -> bool:
    """`Speaker: Ann Lee, Auburn`, `Location: Room 4`: a labelled field of an entry (who
    or where), which a short line above a `Time:` line can be, but never its heading."""
    got = label_line(text.strip(" *_"))
    return got is not None and got[0] in _ENTRY_FIELDS and bool(got[1])


_NUMBERED_LABEL = re.compile(r"^(?P<label>[A-Za-z][A-Za-z .\-]{1,30}?)(?:\s+#?\d{1,2})?\s*:\s*(?P<rest>\S.*)$")


def _no_meeting(item: RowItem) -> str | None:
    text = " ".join(ln.text for ln in item.roles.get("title", item.lines))
    return text.strip() if _NO_MEETING.match(text.strip()) else None


_NO_MEETING = re.compile(r"^\W*(?:no\s+(?:meeting|seminar|talk|class|lecture|session)s?|"
                         r"(?:meeting\s+|seminar\s+|talk\s+)?cancell?ed)\b", re.I)


def _with_affiliation(people: list[Person], lines: list[Line]) -> list[Person]:
    """The people of a row, each given the Affiliation column's entry: one per person
    when the column lists as many (one a line or between semicolons), else the one
    entry for all of them."""
    text = " ; ".join(ln.text.strip() for ln in lines if ln.text.strip())
    orgs = [o.strip() for o in text.split(";") if o.strip()]
    if not people or not orgs:
        return people
    if len(orgs) != len(people):
        orgs = [" ".join(orgs)] * len(people)
    return [p if p.affiliation else Person(p.name, o, p.room) for p, o in zip(people, orgs)]


def _open_range(ln: Line, nxt: Line) -> Line | None:
    """`4:00 pm -` over `6:00 pm`: a range broken after its dash (a pasted table cell, a
    line each), read as one line; None for any other pair of lines (asked of lines that
    `_may_open_range`)."""
    if ln.cells is not None or nxt.cells is not None or not _OPEN_RANGE.match(ln.text) \
            or not _CLOCK_FIRST.match(nxt.text):
        return None
    return replace(ln, text=ln.text.rstrip(" |") + " " + nxt.text, spans=(), memo=None)


def _may_open_range(text: str) -> bool:
    """False when `_OPEN_RANGE` certainly does not match `text`: the line would end in
    its dash or `to`, then blanks and one `|` at most (asked of every line, and nearly
    every line ends otherwise)."""
    end = text.rstrip()
    end = end[:-1].rstrip() if end.endswith("|") else end
    return end[-1:] in ("-", "–", "—", "o", "O")


_OPEN_RANGE = re.compile(r"^[\s*•|-]*\d{1,2}(?:[:.]\d\d)?\s*(?:[ap]\.?\s?m\.?)?\s*(?:-{1,2}|–|—|to)\s*\|?\s*$",
                         re.IGNORECASE)
_CLOCK_FIRST = re.compile(r"^[\s|]*\d{1,2}(?:[:.]\d\d\s*(?:[ap]\.?\s?m\b\.?)?|\s*[ap]\.?\s?m\b\.?)",
                          re.IGNORECASE)


def _run_together(ln: Line) -> list[Line] | None:
    """`8:30 Session 1 10:00 Coffee 10:30 Session 2 12:00 Lunch`: an outline run into one
    line, each time starting an item that ends where the next starts.  The line cut
    before each time, or None for a line that is not one."""
    text = ln.text
    # (three clocks need three `:` or `.`: most lines have fewer, and the pattern, which
    # backtracks over the line for its second and third clock, need not be tried)
    if ln.cells is not None or len(text) > 2000 or text.count(":") + text.count(".") < 3 \
            or len(_CLOCKISH.findall(text)) < 3 or not _RUN_START.match(text):
        return None
    marks = find_times(ln.text)
    if len(marks) < 3 or ln.text[:marks[0].begin].strip(" -*•"):
        return None
    cuts = [m.begin for m in marks] + [len(ln.text)]
    for k, m in enumerate(marks):
        between = ln.text[m.stop:cuts[k + 1]]
        if m.start is None or not _LETTER.search(between) or words(between) > 15:
            return None
        if k + 1 < len(marks) and _LEADS_TO_TIME.search(between):
            return None  # `open at 10:00, the buses leave at 11:30`: a sentence
    return [replace(ln, text=ln.text[a:b].strip(), memo=None,
                    spans=tuple(Span(sp.start - a, sp.end - a, sp.bold, sp.italic, sp.href)
                                for sp in ln.spans if sp.start >= a and sp.end <= b))
            for a, b in zip(cuts, cuts[1:])]


# `_RUN_START` needs three of these, one after another: `findall`, which takes the
# leftmost each time, finds three whenever three apart are there (all are four
# characters long), in one pass where the pattern backtracks over the line for each.
_CLOCKISH = re.compile(r"\d[:.]\d\d")
_RUN_START = re.compile(r"^[\s\-*•]*\d{1,2}[:.]\d\d\b.*\d[:.]\d\d.*\d[:.]\d\d")
# `on Thursdays`, `Tuesdays and Fridays`: a weekday in the plural, every week's
_WEEKDAYS_PLURAL = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b", re.I)
_STATED_ROOM = re.compile(r"\s*(?:\([^)]*\)\s*)?,?\s*in\s+(?:the\s+)?([A-Z0-9][^.;()]*?)\s*(?:,?\s*unless\b.*|[.;(]|$)")
_LETTER = re.compile(r"[^\W\d_]")


def _time_stated(text: str, with_end: bool) -> tuple[TimeMark, str | None] | None:
    """The first time a sentence states (with its end, when `with_end`) and the room it
    names after it (`… at 4:30 pm in Room 164, unless …`: Room 164), or None: what a
    seminar list, as a table or as lines, states once for all its dates."""
    t = next((m for m in find_times(text)
              if m.start is not None and (m.end is not None or not with_end)), None)
    if t is None:
        return None
    where = _STATED_ROOM.match(text, t.stop)
    return t, (where.group(1).strip() if where else None)
_LEADS_TO_TIME = re.compile(r"(?:,|\b(?:at|from|until|till|to|and|or|by|on|around|about|after|before))\s*$")


def _title_comma_room(text: str, room: str | None) -> tuple[str, str | None]:
    """`Welcome Get-Together, 4th Floor Atrium` over its day and time: the title, and
    the room after its last comma (a page of such entries names no people there)."""
    head, comma, tail = text.rpartition(",")
    tail = tail.strip()
    if room or not comma or not head.strip() or not tail or words(tail) > 5 \
            or tail[0].islower() or tail.endswith(("?", ".", "!")):
        return text, room
    return head.strip(), tail


def _title_before_sentence(draft: Draft, title: str) -> str:
    """`title`, or its short title where it runs on into a sentence about it
    (`lines.title_then_description`), the sentence then added to `draft`'s abstract:
    the plain-line shortcut and the whole reading of a header line both ask it."""
    said = title_then_description(title) if len(title) > 30 else None
    if said is None:
        return title
    draft.abstract.append(said[1])
    return said[0]


def _names_over_title(text: str) -> list[Person] | None:
    """The people of a header that is nothing but names ending in a colon or a full stop
    (`Helen Gleeson:`, `A, B and C.`), whose talk's title is on the line under it; None
    for anything else (`Registration:`, `Session 1:`, `Keynote:`)."""
    if len(text) > 200 or label_kind(text) is not None:
        return None
    found = names_only(text)
    return list(found.people) if found is not None else None
