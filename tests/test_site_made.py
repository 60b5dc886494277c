"""The site reader's talks and sessions, made without a second validation (`model.made`),
against what pydantic validates from the same stated fields (`program.fields.validated`,
the plain twin): on the bundled site program, the site fixtures, bench/synth.py's text and
site texts built from the real FOSDEM and 31C3 frab schedules (real titles, names and
abstracts, shared/tools/synth.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from planner.model import Schedule
from planner.parsers import site
from planner.parsers.base import ParseOptions
from planner.parsers.program.fields import validated

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
TEXTS = [ROOT / "schedules" / "mlsys2021-program.txt",
         *sorted((ROOT / "tests" / "data" / "site").glob("*.txt"))]
FRABS = [SHARED / "data" / "real" / name
         for name in ("frab_fosdem2024_schedule.xml", "frab_31c3_schedule.xml")]


def _texts(tmp: Path) -> list[tuple[str, str]]:
    sys.path.insert(0, str(ROOT / "bench"))
    import synth

    out = [(p.name, p.read_text(encoding="utf-8")) for p in TEXTS]
    out.append(("synth300", synth.generate(300)))
    for frab in FRABS:
        if frab.is_file():
            made = tmp / f"{frab.stem}.txt"
            subprocess.run([sys.executable, str(SHARED / "tools" / "synth.py"), str(frab),
                            "400", str(made)], check=True, stdout=subprocess.DEVNULL)
            out.append((made.name, made.read_text(encoding="utf-8")))
    return out


@pytest.fixture(scope="module")
def texts(tmp_path_factory) -> list[tuple[str, str]]:
    return _texts(tmp_path_factory.mktemp("site"))


def _parse(name: str, text: str) -> Schedule:
    return site.parse(text, ParseOptions(source=name, timezone="UTC"))


def test_made_models_are_what_pydantic_validates(texts, monkeypatch):
    fast = [_parse(name, text) for name, text in texts]
    monkeypatch.setattr(site, "made", validated)
    plain = [_parse(name, text) for name, text in texts]
    assert any(s.talks() for s in fast)
    for (name, _), f, p in zip(texts, fast, plain):
        assert f.model_dump_json() == p.model_dump_json(), name
        for fm, pm in zip([*f.sessions, *f.talks()], [*p.sessions, *p.talks()]):
            assert type(fm) is type(pm) and fm == pm, name
            # (the set is shared by a parse's models: it holds at least each one's own)
            assert fm.model_fields_set >= pm.model_fields_set, name


def test_made_models_keep_nothing_shared(texts):
    """Lists are each model's own, as validation would copy them."""
    schedule = _parse(*texts[0])
    for s in schedule.sessions:
        for t in s.talks:
            assert t.speakers is not s.speakers
            assert t.notes is not s.talks[0].notes or t is s.talks[0]


def test_a_large_site_text_is_frozen_out_of_the_collector_a_small_one_is_not():
    """A big site schedule is frozen as the program reader freezes its own (`gc_paused`):
    otherwise the collector walks all of it once enabled again.  Small texts are not."""
    import gc

    sys.path.insert(0, str(ROOT / "bench"))
    import synth

    before = gc.get_freeze_count()
    _parse("small", synth.generate(100))
    assert gc.get_freeze_count() == before
    _parse("large", synth.generate(4000))
    assert gc.get_freeze_count() > before
