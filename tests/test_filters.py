"""Filters: track, room, kind, day, my picks, hide past, free slots; in the core and as
options of agenda, talks and search."""

from __future__ import annotations

import json
from datetime import date
from zoneinfo import ZoneInfo

from planner.filters import TalkFilter, taken_spans
from planner.loader import load_schedule
from planner.timetable import of_schedule

from .test_levels_notes import TWO_TRACK
from .test_now import FOSDEM
from .test_picks_cli import run

BRUSSELS = ZoneInfo("Europe/Brussels")


def fosdem():
    return of_schedule(load_schedule(FOSDEM))


def kept_titles(f: TalkFilter, table) -> list[str]:
    return [s.title for s in table.slots if f.keeps(s)]


def test_track_room_and_kind_match_part_of_the_name_whatever_the_case():
    table = fosdem()
    network = kept_titles(TalkFilter(tracks=("NETWORK",)), table)
    assert len(network) == 4 and "Load balancing using XDP" in network
    # Two values of one filter are alternatives; two filters must both hold.
    either = kept_titles(TalkFilter(tracks=("network", "containers")), table)
    assert len(either) == 8
    both = kept_titles(TalkFilter(tracks=("network",), rooms=("ub4",)), table)
    assert both == network  # the network devroom is in UB4.136
    assert kept_titles(TalkFilter(tracks=("network",), rooms=("k.4",)), table) == []
    workshops = kept_titles(TalkFilter(kinds=("Workshop",)), table)
    assert workshops and all("orkshop" in t or t.startswith("Creative") for t in workshops)


def test_a_programs_parallel_sessions_are_its_tracks():
    table = of_schedule(load_schedule(TWO_TRACK))
    assert kept_titles(TalkFilter(tracks=("compilers",)), table) == [
        "A Compiler for Tiny Devices", "Autotuning Kernels Quickly"]


def test_day_hide_past_picks_and_free_slots():
    table = of_schedule(load_schedule(TWO_TRACK))
    ny = ZoneInfo("America/New_York")
    assert kept_titles(TalkFilter(day=date(2024, 6, 4), zone=ny), table) == [
        "Software Engineering for Learning Systems"]
    at_930 = next(s.start for s in table.slots if s.title == "Pruning Without Tears")
    # At 09:30 the 09:00 talks are over (they end at 09:30).
    assert "Sparse Attention at Scale" not in kept_titles(TalkFilter(after=at_930), table)
    assert "Pruning Without Tears" in kept_titles(TalkFilter(after=at_930), table)
    ids = {s.title.split()[0]: s.id for s in table.slots}
    picked = TalkFilter(picked=frozenset({ids["Pruning"]}))
    assert kept_titles(picked, table) == ["Pruning Without Tears"]
    # Free slots: a must at 09:00 takes the 09:00 slot; touching talks still fit.
    free = TalkFilter(taken=taken_spans([table], [ids["Sparse"]]))
    assert kept_titles(free, table) == ["Autotuning Kernels Quickly", "Pruning Without Tears",
                                        "Checkpointing Large Models",
                                        "Software Engineering for Learning Systems"]
    # An untimed talk passes only filters that do not need a time.
    assert TalkFilter(after=at_930).keeps_untimed("x")
    assert not TalkFilter(rooms=("a",)).keeps_untimed("x")
    assert picked.keeps_untimed(ids["Pruning"]) and not picked.keeps_untimed("x")


def test_describe_says_what_is_active():
    f = TalkFilter(tracks=("rust",), rooms=("k.1", "h.2"), after=0.0,
                   day=date(2024, 2, 3), zone=BRUSSELS)
    assert f.describe() == ["track rust", "room k.1 or h.2", "Sat 3 Feb", "hiding past talks"]
    assert f.without("rooms").describe() == ["track rust", "Sat 3 Feb", "hiding past talks"]
    assert not TalkFilter().active and f.active


def test_cli_talks_search_and_agenda_take_the_filters(capsys):
    x = str(FOSDEM)
    code, out, err = run(capsys, "talks", x, "--track", "network", "--format", "json")
    assert code == 0 and len(json.loads(out)) == 4
    assert err == ""  # JSON: stdout only, nothing said
    code, out, err = run(capsys, "talks", x, "--room", "ub4")
    assert "FOSDEM 2024 (4 talks)" in out
    assert err == "planner: 4 of 16 talks shown (room ub4).\n"
    code, out, err = run(capsys, "search", "network", x, "--room", "ub4", "--format", "json")
    assert code == 0 and len(json.loads(out)) == 3
    code, out, err = run(capsys, "search", "network", x, "--room", "ub4", "--limit", "1")
    assert out.count("FOSDEM 2024\n") == 1 and "1 of 3 matches" not in err
    assert err == "planner: 3 of 4 matches shown (room ub4).\n"
    code, out, err = run(capsys, "agenda", x, "--track", "contain")
    assert "DIY Private Container Registry" in out and "Load balancing" not in out
    assert err.startswith("planner: 4 of 16 talks shown (track contain)")


def test_cli_hide_past_and_free(capsys, monkeypatch):
    x = str(TWO_TRACK)
    monkeypatch.setenv("PLANNER_NOW", "2024-06-03T13:40:00+00:00")  # 09:40 in New York
    code, out, err = run(capsys, "talks", x, "--hide-past", "--format", "json")
    assert [t["title"] for t in json.loads(out)][0] == "Pruning Without Tears"
    assert len(json.loads(out)) == 4
    ids = {t.title.split()[0]: t.id for t in load_schedule(TWO_TRACK).talks()}
    run(capsys, "pick", "-s", x, ids["Pruning"])
    run(capsys, "pick", "-s", x, "--maybe", ids["Checkpointing"])  # a maybe takes no time
    code, out, err = run(capsys, "talks", x, "--free", "--format", "json")
    titles = [t["title"] for t in json.loads(out)]
    assert "Autotuning Kernels Quickly" not in titles and "Pruning Without Tears" not in titles
    assert "Checkpointing Large Models" in titles and "Sparse Attention at Scale" in titles
    code, out, err = run(capsys, "talks", x, "--picked", "--format", "json")
    assert sorted(t["title"] for t in json.loads(out)) == ["Checkpointing Large Models",
                                                          "Pruning Without Tears"]
    code, out, err = run(capsys, "talks", x, "--day", "someday")
    assert code != 0 and err.startswith("planner: Unknown day 'someday'")
