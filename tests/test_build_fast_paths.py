"""The build's shortcuts (the program reader's drafts into the model) against their plain
twins: on the real texts of tests/data and the development set, and on odd inputs.

* `timing.assign_times` skips its general loop where every session states its times
  and is its own one talk (`_all_stated`, `_Clock.settle`): held to the general loop.
* `build.Builder` leaves `assign_times` out where every entry states its times and
  each instant comes back from UTC as it went (`_every_time_stated`,
  `_instants_settled`): held to the schedule `assign_times` makes, also on the day
  the clocks skip an hour.
* the models of each kind share one fields set in a parse: after reading, scheduling and
  settling a real text every model's set is still the fields its dict states, and a
  model's copy adds to a set of its own.
* `walltime.settle_repeated_hour` leaves a schedule with no ambiguous time as it is
  (`_may_repeat`): held to the full loop.
* `drafts.Draft` has an `__init__` of its own: it sets each field as the dataclass's
  default and default factories say.
* `stated_zone.stated_zone_in` joins the text the abbreviations read only for those
  that read it: held to the text joined always; and looks a word before `time` up in
  the city table only where it names a city (`_city_names`: the table's keys).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from planner.diagnostics import DiagnosticSink
from planner.model import Schedule, Session, SessionKind, Talk
from planner.parsers import program, timing
from planner.parsers.base import ParseOptions

from .test_program_models import TEXTS


def _dump(schedule: Schedule) -> str:
    return schedule.model_dump_json()


def _parse(path: Path, **options) -> Schedule:
    return program.parse(path.read_text(encoding="utf-8"),
                         ParseOptions(source=path.name, **options))


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: p.name)
def test_times_of_stated_sessions_are_those_the_general_loop_gives(path, monkeypatch):
    fast = _dump(_parse(path))
    monkeypatch.setattr(timing, "_all_stated", lambda sessions: False)
    assert fast == _dump(_parse(path))


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: p.name)
def test_a_program_of_stated_times_is_what_assign_times_makes_of_it(path, monkeypatch):
    from planner.parsers.program.build import Builder

    fast = _dump(_parse(path))
    monkeypatch.setattr(Builder, "_instants_settled", lambda self: False)
    assert fast == _dump(_parse(path))


@pytest.mark.parametrize("path", TEXTS[::3], ids=lambda p: p.name)
def test_the_shared_fields_sets_hold_the_stated_fields_after_a_parse(path):
    from planner import walltime
    from planner.parsers.program.fields import SESSION_SET, STANDALONE_SET, TALK_SET

    schedule = _parse(path)
    walltime.settle_repeated_hour(schedule)  # (as the loader does)
    for s in schedule.sessions:
        assert s.model_fields_set == (STANDALONE_SET if s.standalone else SESSION_SET)
    for t in schedule.talks():
        assert t.model_fields_set == TALK_SET


def test_a_copy_of_a_made_model_adds_to_a_fields_set_of_its_own():
    from planner.parsers.program.fields import TALK_SET

    schedule = program.parse("## Monday, June 3, 2024\n\n- 9:00-9:30 Talk one, Ann Bo\n"
                             "- 9:30-10:00 Talk two, Cy Dee\n", ParseOptions(source="x.md"))
    one, two = schedule.talks()
    assert one.__pydantic_fields_set__ is two.__pydantic_fields_set__  # (shared)
    copied = one.model_copy(update={"track": "Main"})
    assert "track" in copied.model_fields_set
    one.session_id = None  # (a stated field: the set does not grow)
    assert one.model_fields_set == two.model_fields_set == TALK_SET


SKIPPED_HOUR = """# Spring Meetup 2021

Timezone: America/New_York

## Sunday, March 14, 2021

- 1:30 - 2:00 Opening
- 2:00 - 2:30 In the hour the clocks skip
- 2:30 - 3:30 Across the change
- 3:30 - 4:00 After it
"""


@pytest.mark.parametrize("text", [SKIPPED_HOUR, SKIPPED_HOUR.replace("March 14", "March 21")])
def test_times_the_clocks_skip_are_settled_as_assign_times_settles_them(text, monkeypatch):
    from planner.parsers.program.build import Builder

    calls: list[bool] = []
    settled = Builder._instants_settled

    def spied(self) -> bool:
        calls.append(settled(self))
        return calls[-1]

    monkeypatch.setattr(Builder, "_instants_settled", spied)
    fast = program.parse(text, ParseOptions(source="x.md"))
    assert calls == ["March 14" not in text]  # (the shortcut refused on the day of the change)
    monkeypatch.setattr(Builder, "_instants_settled", lambda self: False)
    plain = program.parse(text, ParseOptions(source="x.md"))
    assert _dump(fast) == _dump(plain)
    assert len(fast.sessions) == 4


# Wall times around New York's repeated hour (7 Nov 2021, 01:00-01:59 twice) and its
# skipped hour (14 Mar 2021, 02:00-02:59 never), in either fold.
WALLS = st.tuples(st.sampled_from([(2021, 11, 7), (2021, 3, 14), (2021, 6, 1)]),
                  st.integers(0, 3), st.sampled_from([0, 30, 59]), st.integers(0, 1))
SESSIONS = st.lists(st.tuples(WALLS, st.integers(0, 120), st.booleans(), st.booleans(),
                              st.integers(0, 2), st.booleans(), st.booleans()),
                    max_size=8)


def _schedule(rows, zone: str) -> Schedule:
    tz = ZoneInfo(zone)
    sessions = []
    for k, (((y, mo, d), h, mi, fold), minutes, start_est, end_est, n_talks, standalone,
            talk_start) in enumerate(rows):
        start = datetime(y, mo, d, h, mi, tzinfo=tz, fold=fold)
        end = start + timedelta(minutes=minutes)
        talks = [Talk(id=f"t{k}-{i}", title="T", start=start if talk_start else None,
                      line=k) for i in range(n_talks)]
        sessions.append(Session(id=f"s{k}", kind=SessionKind.TALK, title="S", start=start,
                                end=end, start_estimated=start_est, end_estimated=end_est,
                                talks=talks, standalone=standalone, line=k))
    return Schedule(conference="C", timezone=zone, source="x", format="program",
                    sessions=sessions)


@settings(max_examples=300, deadline=None)
@given(SESSIONS, st.sampled_from(["America/New_York", "Europe/Berlin", "UTC"]),
       st.sampled_from([None, 30]))
def test_assign_times_shortcut_is_the_general_loop(rows, zone, talk_minutes):
    # (sessions of one talk or none, standalone or not, with times in the hours the
    # clocks skip or repeat: the shortcut takes those `_all_stated` holds, and gives
    # what the general loop gives, notes included)
    got, got_diag = _schedule(rows, zone), DiagnosticSink("x")
    timing.assign_times(got, talk_minutes, got_diag)
    original = timing._all_stated
    try:
        timing._all_stated = lambda sessions: False
        want, want_diag = _schedule(rows, zone), DiagnosticSink("x")
        timing.assign_times(want, talk_minutes, want_diag)
    finally:
        timing._all_stated = original
    assert _dump(got) == _dump(want)
    assert [(d.code, d.message) for d in got_diag.items] == \
        [(d.code, d.message) for d in want_diag.items]
    for a, b in zip(got.talks(), want.talks()):
        for x, y in ((a.start, b.start), (a.end, b.end)):
            assert (x is None) == (y is None)
            if x is not None:
                assert (x.replace(tzinfo=None), x.fold, x.utcoffset(), x.tzinfo) == \
                    (y.replace(tzinfo=None), y.fold, y.utcoffset(), y.tzinfo)


# -- the repeated hour settled only where a time may fall in it (planner.walltime) ----------

@settings(max_examples=300, deadline=None)
@given(SESSIONS, st.sampled_from(["America/New_York", "Europe/Berlin", "UTC"]),
       st.booleans())
def test_a_schedule_with_no_ambiguous_time_is_left_as_settling_leaves_it(rows, zone, other):
    # (the skip is taken only where no time is ambiguous; a talk in another zone
    # makes the schedule settled in full)
    from planner import walltime

    def settled(skip: bool) -> tuple[str, list]:
        schedule = _schedule(rows, zone)
        if other and schedule.sessions and schedule.sessions[0].talks:
            talk = schedule.sessions[0].talks[0]
            talk.start = talk.start and talk.start.astimezone(ZoneInfo("America/New_York"))
        original = walltime._may_repeat
        try:
            if not skip:
                walltime._may_repeat = lambda schedule: True
            notes = walltime.settle_repeated_hour(schedule)
        finally:
            walltime._may_repeat = original
        return _dump(schedule), [(d.line, d.message) for d in notes]

    assert settled(True) == settled(False)


@pytest.mark.parametrize("path", TEXTS[::7], ids=lambda p: p.name)
def test_real_schedules_are_settled_alike_with_and_without_the_skip(path, monkeypatch):
    from planner import walltime

    fast = _parse(path)
    assert walltime.settle_repeated_hour(fast) == []  # (none of them meets a repeated hour)
    monkeypatch.setattr(walltime, "_may_repeat", lambda schedule: True)
    plain = _parse(path)
    assert walltime.settle_repeated_hour(plain) == []
    assert _dump(fast) == _dump(plain)


# -- the text an abbreviation reads, joined only for those that read it (stated_zone) -------

ZONE_PIECES = ["CST", "IST", "BST", "CET", "CEST", "EET", "EEST", "EST", "PT", "GMT+1",
               "China", "Dublin", "Israel", "Dhaka", "Vienna", "Athens", "Lisbon", "Berlin",
               "All times are", "9:00", "Time", "UTC", "Europe/Paris", "Deadline:"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.one_of(st.sampled_from(ZONE_PIECES), st.text(max_size=5)),
                         max_size=8).map(" ".join), max_size=10))
def test_the_zone_stated_is_the_one_read_with_the_whole_text_joined(lines):
    from planner.parsers.program.stated_zone import stated_zone_in

    numbers = list(range(1, len(lines) + 1))
    assert stated_zone_in(numbers, lines) == \
        stated_zone_in(numbers, lines, "\n".join(lines[:20000]))


# -- a draft made by its own __init__ (drafts.Draft) ------------------------------------------

def test_a_draft_has_the_defaults_its_fields_declare_and_lists_of_its_own():
    import dataclasses

    from planner.parsers.program.drafts import Draft

    a, b = Draft(line=3), Draft(3)
    for f in dataclasses.fields(Draft):
        if f.name == "line":
            continue
        want = f.default_factory() if f.default_factory is not dataclasses.MISSING \
            else f.default
        assert getattr(a, f.name) == want and type(getattr(a, f.name)) is type(want), f.name
        if isinstance(want, (list, set)):
            assert getattr(a, f.name) is not getattr(b, f.name), f.name
    given = {f.name: object() for f in dataclasses.fields(Draft)}
    made = Draft(**given)
    assert all(getattr(made, name) is value for name, value in given.items())
    assert a == b and a != Draft(line=4)


# -- the cities looked up only for a word that names one (stated_zone._city_names) ----------

def test_the_city_names_are_the_keys_of_the_city_table():
    from planner.parsers.program import stated_zone

    assert stated_zone._city_names() == frozenset(stated_zone._cities())
    assert stated_zone.zone_mentions("All times in Vienna time") == \
        [("Europe/Vienna", "Vienna time", None)]
    assert stated_zone.zone_mentions("Manipulating time with GDB") == []
