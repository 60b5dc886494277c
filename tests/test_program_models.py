"""The free-form reader makes its talks and sessions from fields it has already made
valid (`fields.made`, no second validation); on real texts they are the models pydantic
validates from the same fields (`fields.validated`), field for field."""

from __future__ import annotations

from pathlib import Path

import pytest

from planner.model import Session, Talk
from planner.parsers import program
from planner.parsers.base import ParseOptions
from planner.parsers.program import fields

from .conftest import DATA, ROOT, SCHEDULES

DEV = ROOT.parent / "shared" / "data" / "pasted"
TEXTS = sorted(SCHEDULES.glob("*.txt")) + sorted(
    p for p in DATA.rglob("*") if p.suffix in (".txt", ".md") and p.name != "README.md"
    and "golden" not in p.relative_to(DATA).parts) + sorted(
    p for p in DEV.glob("*") if p.suffix in (".txt", ".md", ".html")
    and p.name.upper() not in ("README.MD", "INDEX.MD", "SOURCES.MD"))


def _models(schedule) -> list:
    out: list = []
    for s in schedule.sessions:
        out.append(s)
        out.extend(s.talks)
    out.extend(schedule.unscheduled)
    return out


def _parse(path: Path):
    return program.parse(path.read_text(encoding="utf-8"), ParseOptions(source=path.name))


@pytest.mark.parametrize("path", TEXTS, ids=lambda p: p.name)
def test_made_models_are_the_validated_models(path):
    # (each model as made is held to what pydantic validates from its own final fields:
    # the reader makes a model before its id is known and fills the id in later)
    fast = _parse(path)
    lists: set[int] = set()
    for m in _models(fast):
        v = fields.validated(type(m), m.__dict__, frozenset(m.model_fields_set))
        assert type(m) is type(v)
        assert list(m.__dict__) == list(v.__dict__)  # (the JSON's order of fields)
        assert m.__dict__ == v.__dict__
        assert [type(x) for x in m.__dict__.values()] == [type(x) for x in v.__dict__.values()]
        assert m.model_fields_set == v.model_fields_set
        assert m.__pydantic_extra__ == v.__pydantic_extra__
        assert m.__pydantic_private__ == v.__pydantic_private__
        assert m.model_dump_json() == v.model_dump_json()
        # each model's lists its own, as validation copies them
        own = [id(x) for x in m.__dict__.values() if isinstance(x, list)]
        assert lists.isdisjoint(own)
        lists.update(own)


def test_fields_are_in_the_models_order():
    talk = fields.talk_fields("t", [], "", "", [], None, None, False, False, None, None, [],
                              None, 1)
    session = fields.session_fields(Session.model_fields["kind"].annotation.TALK, "t", None,
                                    None, False, False, [], [], "", None, None, [], False, 1)
    assert list(talk) == list(Talk.model_fields)
    assert list(session) == list(Session.model_fields)
    assert fields.TALK_SET <= set(Talk.model_fields)
    assert fields.STANDALONE_SET <= set(Session.model_fields)


def test_talk_fields_are_those_of_the_literal():
    from datetime import datetime, timezone

    from planner.model import Link, SessionKind, Speaker

    args = ("T", [Speaker(name="A B", key="a b")], "abs", "bio", ["OSDI 2024"],
            datetime(2024, 1, 1, 9, tzinfo=timezone.utc), None, False, True,
            SessionKind.KEYNOTE, "https://x", [Link(label="slides", url="https://y")], "R1", 7)
    got, want = fields.talk_fields(*args), fields._talk_fields_plain(*args)
    assert list(got.items()) == list(want.items())
    assert all(a is b for a, b in zip(got.values(), want.values()))
    assert fields.talk_fields(*args) is not got  # (a dict of its own each time)
    assert fields._TALK == fields._talk_fields_plain("", [], "", "", [], None, None, False,
                                                      False, None, None, [], None, 0)
