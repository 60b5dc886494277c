"""The bundled MLSys 2021 program, read exactly."""

from __future__ import annotations

from datetime import datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from planner.loader import load_schedule
from planner.model import SessionKind

from .conftest import MLSYS2021

LA = ZoneInfo("America/Los_Angeles")


@pytest.fixture(scope="module")
def mlsys():
    return load_schedule(MLSYS2021)


def test_sessions_kinds_titles_and_stated_starts(mlsys):
    got = [(s.kind, s.title, s.start.astimezone(LA).strftime("%H:%M"), s.start_estimated)
           for s in mlsys.sessions]
    assert got == [
        (SessionKind.REMARKS, "Opening Remarks", "08:00", False),
        (SessionKind.INVITED, "Invited Talk: William Dally", "08:15", True),
        (SessionKind.ORAL, "Oral: Session 1: Search and Devices", "09:30", False),
        (SessionKind.ORAL, "Oral: Session 2: Compilers", "11:10", False),
        (SessionKind.ORAL, "Oral: Session 3: Communication and Storage", "13:30", False),
        (SessionKind.ORAL, "Oral: Session 4: Training (I)", "15:20", False),
    ]
    assert [len(s.talks) for s in mlsys.sessions] == [0, 1, 4, 4, 4, 5]
    assert all(s.start.date().isoformat() == "2021-04-06" for s in mlsys.sessions)
    assert mlsys.conference == "MLSys" and mlsys.year == 2021
    assert mlsys.timezone == "America/Los_Angeles"
    assert mlsys.unscheduled == []


def test_opening_remarks_has_three_speakers_and_its_note(mlsys):
    remarks = mlsys.sessions[0]
    assert [p.name for p in remarks.speakers] == ["Alex Dimakis", "Ion Stoica", "Alexander Smola"]
    assert remarks.talks == []
    assert remarks.description.startswith("After the opening remarks, please join William Dally")


def test_invited_talk_title_speaker_abstract_and_bio(mlsys):
    invited = mlsys.sessions[1]
    assert [p.name for p in invited.speakers] == ["William Dally"]
    (talk,) = invited.talks
    assert talk.title == "Directions for Deep Learning Hardware"
    assert [p.name for p in talk.speakers] == ["William Dally"]
    assert talk.abstract.startswith("Deep learning has been enabled by powerful hardware")
    assert talk.bio.startswith("Bill is Chief Scientist")
    assert "Bill is" not in talk.abstract
    # Placed after the remarks it follows, and marked estimated.
    assert talk.estimated and invited.start == mlsys.sessions[0].end


def test_oral_talk_titles_and_author_lists(mlsys):
    s1 = mlsys.sessions[2]
    assert [t.title for t in s1.talks] == [
        "ModularNAS: Towards Modularized and Reusable Neural Architecture Search",
        "Fluid: Resource-aware Hyperparameter Tuning Engine",
        "MicroNets: Neural Network Architectures for Deploying TinyML Applications on "
        "Commodity Microcontrollers",
        "Characterizing and Taming Model Instability Across Edge Devices",
    ]
    assert [p.name for p in s1.talks[1].speakers] == ["Peifeng Yu", "Amber Liu", "Mosharaf Chowdhury"]
    code = mlsys.sessions[3].talks[3]
    assert code.title == "CODE: Compiler-based Neuron-aware Ensemble training"
    assert code.speakers[0].name == "Ettore M. G. Trainiti"
    assert code.speakers[-1].name == "Simone Campanoni Campanoni"
    s4 = mlsys.sessions[5]
    assert s4.talks[-1].title == "TT-Rec: Tensor Train Compression for Deep Learning Recommendation Models"
    assert [p.name for p in s4.talks[-1].speakers] == [
        "Chunxing Yin", "Bilge Acun", "Carole-Jean Wu", "Xing Liu"]


def test_repeated_author_is_counted_once_and_reported(mlsys):
    tflm = mlsys.sessions[5].talks[0]
    names = [p.name for p in tflm.speakers]
    assert names.count("Rocky Rhodes") == 1 and len(names) == 12
    assert any(d.code == "repeated-author" and "Rocky Rhodes" in d.message for d in mlsys.diagnostics)


def test_untitled_talk_keeps_authors_and_abstract_with_placeholder(mlsys):
    s4 = mlsys.sessions[5]
    untitled = s4.talks[3]
    assert untitled.title_source == "placeholder"
    assert untitled.title == "Untitled talk by Sameer Kumar et al."
    assert [p.name for p in untitled.speakers][:2] == ["Sameer Kumar", "Yu (Emma) Wang"]
    assert len(untitled.speakers) == 7
    assert untitled.abstract.startswith("Recent results in language understanding")
    # The talk before it keeps its own abstract and never takes the author line.
    pipemare = s4.talks[2]
    assert pipemare.title.startswith("PipeMare")
    assert "Sameer Kumar" not in pipemare.abstract
    warn = [d for d in mlsys.diagnostics if d.code == "untitled-talk"]
    assert len(warn) == 1 and warn[0].line == 106 and warn[0].severity.value == "warning"


def test_multi_paragraph_and_cut_off_abstracts(mlsys):
    traces = mlsys.sessions[4].talks[3]
    assert traces.abstract.count("\n\n") == 2
    assert traces.abstract.endswith("…") and traces.abstract_truncated
    adasum = mlsys.sessions[5].talks[1]
    assert adasum.abstract.count("\n\n") == 1 and not adasum.abstract_truncated
    assert mlsys.sessions[5].talks[-1].abstract_truncated  # the file ends mid-abstract


def test_navigation_line_dropped_with_diagnostic(mlsys):
    nav = [d for d in mlsys.diagnostics if d.code == "navigation"]
    assert len(nav) == 1 and nav[0].line == 1
    assert all("Schedule Mon" not in t.title for t in mlsys.talks())


def test_every_talk_is_timed_inside_its_session_and_marked_estimated(mlsys):
    for s in mlsys.sessions:
        for t in s.talks:
            assert t.estimated
            assert s.start <= t.start < t.end <= s.end


def test_instants_are_absolute(mlsys):
    s1 = mlsys.sessions[2]
    assert s1.start.astimezone(timezone.utc) == datetime(2021, 4, 6, 16, 30, tzinfo=timezone.utc)
    assert s1.start.astimezone(ZoneInfo("Europe/Berlin")).strftime("%H:%M") == "18:30"
    assert s1.start.utcoffset().total_seconds() == -7 * 3600


def test_ids_are_short_unique_and_stable(mlsys):
    ids = [t.id for t in mlsys.talks()]
    assert len(set(ids)) == len(ids) == 18
    assert all(len(i) <= 9 and i.isalnum() for i in ids)
    again = load_schedule(MLSYS2021)
    assert [t.id for t in again.talks()] == ids


def test_ids_are_frozen(mlsys):
    """Picks and exported UIDs refer to these ids: changing how ids are derived would
    turn every user's picks into 'vanished' and duplicate their calendar events."""
    by_title = {t.title: t.id for t in mlsys.talks()}
    assert by_title["Directions for Deep Learning Hardware"] == "5f3khfd"
    assert by_title["ModularNAS: Towards Modularized and Reusable Neural Architecture Search"] == "tcjwi2x"
    assert by_title["Untitled talk by Sameer Kumar et al."] == "qqo4m5h"
    assert by_title["TT-Rec: Tensor Train Compression for Deep Learning Recommendation Models"] == "rj65av7"
