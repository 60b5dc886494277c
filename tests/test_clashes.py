"""Clash rules: overlap, touching, zones, estimates, busy time; the sweep against brute force."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from planner.picks.store import AgendaStore
from planner.clashes import Interval, clashes_for, find_clashes, would_clash
from planner.picks.resolve import candidate_clash_map, clash_map
from planner.loader import load_schedules

from .conftest import DATA

LA = ZoneInfo("America/Los_Angeles")
BERLIN = ZoneInfo("Europe/Berlin")
TOKYO = ZoneInfo("Asia/Tokyo")


def talk(key: str, start: datetime, minutes: int, estimated: bool = False) -> Interval:
    return Interval(key, f"Talk {key}", start, start + timedelta(minutes=minutes), estimated)


def busy(key: str, start: datetime, minutes: int) -> Interval:
    return Interval(f"busy:{key}", key.title(), start, start + timedelta(minutes=minutes),
                    kind="busy")


def at(h: int, m: int = 0, zone=LA, day: int = 6) -> datetime:
    return datetime(2021, 4, day, h, m, tzinfo=zone)


def test_overlap_is_a_clash_with_its_minutes():
    [c] = find_clashes([talk("a", at(9), 60), talk("b", at(9, 30), 60)])
    assert (c.a.key, c.b.key, c.kind, c.overlap_minutes) == ("a", "b", "clash", 30)
    assert (c.start, c.end) == (at(9, 30), at(10))
    assert c.to_json()["a"] == "a" and c.to_json()["overlap_minutes"] == 30


def test_touching_talks_do_not_clash():
    assert find_clashes([talk("a", at(9), 30), talk("b", at(9, 30), 30)]) == []


def test_containment_and_identical_slots_clash():
    found = find_clashes([talk("a", at(9), 120), talk("b", at(9, 30), 20), talk("c", at(9), 120)])
    assert [(c.a.key, c.b.key, c.overlap_minutes) for c in found] == [
        ("a", "c", 120), ("a", "b", 20), ("c", "b", 20)]


def test_empty_interval_never_clashes():
    assert find_clashes([talk("a", at(9), 60), talk("b", at(9, 30), 0)]) == []


def test_talks_in_different_zones_compare_as_instants():
    # 18:45 in Berlin is 09:45 in Los Angeles on 6 April 2021 (CEST and PDT).
    la = talk("la", at(9, 0, LA), 60)
    berlin = talk("berlin", at(18, 45, BERLIN), 30)
    tokyo = talk("tokyo", at(2, 0, TOKYO, day=7), 30)  # 10:00 in LA: touches `la`
    found = find_clashes([la, berlin, tokyo])
    assert [(c.a.key, c.b.key, c.overlap_minutes) for c in found] == [
        ("la", "berlin", 15), ("berlin", "tokyo", 15)]
    assert all(c.kind == "clash" for c in found)


def later(dt: datetime, minutes: int) -> datetime:
    """`minutes` of elapsed time after `dt` (wall-clock `+` would be off across DST)."""
    return (dt.astimezone(timezone.utc) + timedelta(minutes=minutes)).astimezone(dt.tzinfo)


def test_dst_fold_compares_instants_not_wall_clocks():
    # On 7 November 2021 01:30 happens twice in Los Angeles; fold=1 is an hour later.
    first = datetime(2021, 11, 7, 1, 30, tzinfo=LA)
    second = datetime(2021, 11, 7, 1, 30, fold=1, tzinfo=LA)
    a = Interval("a", "first 01:30", first, later(first, 30))
    b = Interval("b", "second 01:30", second, later(second, 30))
    assert first == second.replace(fold=0)  # same wall clock, same tzinfo ...
    assert find_clashes([a, b]) == []  # ... yet an hour apart, so no clash
    c = Interval("c", "spans the fold", later(first, 15), later(second, 15))
    found = find_clashes([a, b, c])
    assert [(x.a.key, x.b.key, x.overlap_minutes) for x in found] == [
        ("a", "c", 15), ("c", "b", 15)]


def test_estimated_time_makes_a_possible_clash():
    [c] = find_clashes([talk("a", at(9), 60), talk("b", at(9, 30), 60, estimated=True)])
    assert c.kind == "possible"


def test_busy_time_clashes_with_picks_but_not_with_itself():
    picks = [talk("a", at(9), 60)]
    events = [busy("standup", at(9, 45), 30), busy("overlapping meeting", at(9, 50), 60)]
    found = find_clashes(picks, events)
    assert [(c.a.key, c.b.label, c.overlap_minutes) for c in found] == [
        ("a", "Standup", 15), ("a", "Overlapping Meeting", 10)]
    assert found[0].to_json()["b"] == "Standup" and found[0].to_json()["b_type"] == "busy"


def test_overlap_minutes_round_up():
    a = talk("a", at(9), 60)
    b = Interval("b", "b", at(9, 59) + timedelta(seconds=30), at(11))
    [c] = find_clashes([a, b])
    assert c.overlap_minutes == 1


def test_clashes_for_a_candidate_and_would_clash_for_many():
    picks = [talk("a", at(9), 60), talk("b", at(11), 60)]
    events = [busy("lunch", at(12), 60)]
    candidate = talk("x", at(9, 30), 120)
    found = clashes_for(candidate, picks, events)
    assert [(c.a.key, c.b.key, c.overlap_minutes) for c in found] == [
        ("x", "a", 30), ("x", "b", 30)]
    late = talk("y", at(11, 30), 60)  # overlaps b 11:30-12:00 and lunch 12:00-12:30
    free = talk("z", at(14), 30)
    table = would_clash([candidate, late, free, picks[0]], picks, events)
    assert set(table) == {"x", "y"}  # a pick is not its own candidate; z is free
    assert [c.b.key for c in table["y"]] == ["b", "busy:lunch"]
    assert [c.b.key for c in table["x"]] == [c.b.key for c in found]


def test_clash_map_and_candidates_from_real_schedules(tmp_path):
    schedules = load_schedules([str(DATA / "picks" / "pacific.txt"),
                                str(DATA / "picks" / "berlin.txt")])
    ids = {t.title.split()[0]: t.id for s in schedules for t in s.talks()}
    store = AgendaStore(tmp_path / "a.json")
    store.pick(schedules, [ids["Log-Structured"], ids["Persistent"], ids["Energy-aware"]])
    agenda = store.load()
    table = clash_map(schedules, agenda)
    assert {c.other(ids["Persistent"]).key for c in table[ids["Persistent"]]} == {
        ids["Log-Structured"]}
    assert ids["Energy-aware"] not in table
    would = candidate_clash_map(schedules, agenda)
    # Track B overlaps Track A (30 min, stated) and the Berlin posters (30 min) but
    # only touches the late poster; the estimated compiler talk may clash with it.
    assert {(c.b.key, c.kind, c.overlap_minutes) for c in would[ids["Congestion"]]} == {
        (ids["Log-Structured"], "clash", 30), (ids["Persistent"], "clash", 30)}
    assert {(c.b.key, c.kind) for c in would[ids["Tensor"]]} == {(ids["Energy-aware"], "possible")}


# -- the sweep agrees with comparing every pair -------------------------------------

def brute_force(picks: list[Interval], events: list[Interval]) -> set[tuple]:
    out = set()
    for i, a in enumerate(picks):
        for b in picks[i + 1:] + events:
            overlap = min(a.end_ts, b.end_ts) - max(a.start_ts, b.start_ts)
            if overlap > 0:
                out.add((frozenset((a.key, b.key)), a.estimated or b.estimated))
    return out


BASE = datetime(2021, 4, 6, tzinfo=timezone.utc)
spans = st.tuples(st.integers(0, 600), st.integers(0, 180), st.booleans(),
                  st.sampled_from([timezone.utc, LA, BERLIN, TOKYO]))


@settings(max_examples=200, deadline=None)
@given(st.lists(spans, max_size=25), st.lists(spans, max_size=10))
def test_sweep_matches_all_pairs(pick_spans, busy_spans):
    def make(i, span, kind):
        start_min, length, est, zone = span
        start = (BASE + timedelta(minutes=start_min)).astimezone(zone)
        return Interval(f"{kind}{i}", f"{kind} {i}", start, start + timedelta(minutes=length),
                        est and kind == "p", "talk" if kind == "p" else "busy")

    picks = [make(i, s, "p") for i, s in enumerate(pick_spans)]
    events = [make(i, s, "b") for i, s in enumerate(busy_spans)]
    found = find_clashes(picks, events)
    got = {(frozenset((c.a.key, c.b.key)), c.kind == "possible") for c in found}
    assert got == brute_force(picks, events)
    assert len(got) == len(found)  # no pair reported twice
    assert all(c.b.kind == "busy" for c in found if "busy" in (c.a.kind, c.b.kind))
