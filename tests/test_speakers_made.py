"""Speakers made without a second validation (`names.make_speaker`, `names.with_affiliation`,
through `model.made`) against the speakers pydantic validates from the same fields: on
every person named in the real frab XML and pretalx/c3voc JSON files beside the
checkout, the names of tests/data, and odd strings."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from planner.model import Speaker
from planner.parsers import names

from .conftest import DATA, ROOT

REAL = ROOT.parent / "shared" / "data" / "real"


def _json_names(value: object, out: list[str]) -> None:
    """Every person's name in a c3voc/pretalx schedule (`persons`: `public_name`, `name`)."""
    if isinstance(value, dict):
        for person in value.get("persons", ()) if isinstance(value.get("persons"), list) else ():
            if isinstance(person, dict):
                out.extend(v for k in ("public_name", "name", "full_public_name")
                           if isinstance(v := person.get(k), str))
        for v in value.values():
            _json_names(v, out)
    elif isinstance(value, list):
        for v in value:
            _json_names(v, out)


def _real_names() -> list[str]:
    out: list[str] = []
    for path in sorted(REAL.glob("*.xml")):
        out += re.findall(r"<person\b[^>]*>([^<]*)</person>", path.read_text(encoding="utf-8"))
    for path in sorted(REAL.glob("*.json")):
        _json_names(json.loads(path.read_text(encoding="utf-8")), out)
    # the author lines of tests/data's texts, split as readers split them
    for path in sorted(DATA.rglob("*.txt"))[:200]:
        for line in path.read_text(encoding="utf-8", errors="replace").splitlines()[:400]:
            if "," in line and len(line) < 200:
                out += names.split_author_line(line)
    return list(dict.fromkeys(out))


NAMES = _real_names()


def _same(made: Speaker, validated: Speaker) -> None:
    assert type(made) is type(validated) is Speaker
    assert list(made.__dict__.items()) == list(validated.__dict__.items())
    assert [type(v) for v in made.__dict__.values()] == \
        [type(v) for v in validated.__dict__.values()]
    assert made.model_fields_set == validated.model_fields_set
    assert made.__pydantic_extra__ == validated.__pydantic_extra__
    assert made.__pydantic_private__ == validated.__pydantic_private__
    assert made == validated and hash(made) == hash(validated)
    assert made.model_dump_json() == validated.model_dump_json()
    assert repr(made) == repr(validated)


def test_the_real_names_are_many():
    # (the real files are beside the checkout on the development machine)
    if not REAL.is_dir():
        pytest.skip("shared/data/real is not beside this checkout")
    assert len(NAMES) > 1000


def test_made_speakers_are_the_validated_speakers_on_real_names():
    for name in NAMES:
        made = names.make_speaker(name)
        plain = names._make_speaker_plain(name)
        _same(made, plain)
        _same(names.with_affiliation(made, "Université de Montréal"),
              Speaker(name=plain.name, key=plain.key, affiliation="Université de Montréal"))


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40), st.text(min_size=1, max_size=20))
def test_made_speakers_are_the_validated_speakers_on_odd_strings(name, affiliation):
    made = names.make_speaker.__wrapped__(name)  # (not the cached one)
    _same(made, names._make_speaker_plain(name))
    plain = names._make_speaker_plain(name)
    _same(names.with_affiliation(made, affiliation),
          Speaker(name=plain.name, key=plain.key, affiliation=affiliation))


def test_a_made_speaker_is_frozen_as_a_validated_one():
    made = names.make_speaker("Ada Lovelace")
    with pytest.raises(ValidationError):
        made.name = "Grace Hopper"  # type: ignore[misc]
    assert made.name == "Ada Lovelace"
