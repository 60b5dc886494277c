"""Stored search indexes: `planner search` answers from them while the files are
unchanged, prints exactly what a fresh parse prints, never loads pydantic to do so,
and survives stale, corrupt and concurrently written indexes.

Indexes are only written for files last changed over `RACY_NS` ago, so the texts
these tests search are written once per module and left to settle.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

from planner import cache as cache_module
from planner import search_store
from planner.loader import LoadOptions, load_schedule
from planner.search import SearchIndex, rank
from planner.search_store import StoredSchedule, result_hits, stored_schedules

from .conftest import MLSYS2021, ROOT, SCHEDULES
from .test_listing import load_generator

LISTING_ENTRIES = 1500


@pytest.fixture(scope="module")
def texts(tmp_path_factory) -> dict[str, Path]:
    """A generated listing and copies of the bundled texts (with their metadata),
    written now and left to settle so that indexes of them are kept."""
    folder = tmp_path_factory.mktemp("texts")
    out = {"listing": folder / "listing.txt"}
    out["listing"].write_text(load_generator().listing(LISTING_ENTRIES, seed=7), encoding="utf-8")
    for p in sorted(SCHEDULES.glob("*.txt")):
        shutil.copy(p, folder / p.name)
        if p.with_suffix(".toml").is_file():
            shutil.copy(p.with_suffix(".toml"), folder / p.with_suffix(".toml").name)
        out[p.stem] = folder / p.name
    changing = folder / "changing"  # test_a_changed_text_is_read_again edits this one
    changing.mkdir()
    out["changing"] = changing / MLSYS2021.name
    shutil.copy(MLSYS2021, out["changing"])
    shutil.copy(MLSYS2021.with_suffix(".toml"), changing / MLSYS2021.with_suffix(".toml").name)
    time.sleep(search_store.RACY_NS / 1e9 + 0.1)
    return out


def run(*args: str, cache: Path, code: str | None = None, **env: str) -> subprocess.CompletedProcess[str]:
    """`planner ARGS` in a fresh process with its own cache folder; with `code`, that
    Python runs after the command (to look at what it loaded)."""
    environ = {**os.environ, "PLANNER_CACHE_DIR": str(cache), **env}
    if code is None:
        argv = [sys.executable, "-m", "planner", *args]
    else:
        argv = [sys.executable, "-c",
                f"import sys\nfrom planner.cli import main\nrc = main({list(args)!r})\n{code}"]
    return subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, env=environ, timeout=120)


def sections(data: bytes) -> dict[str, list[int]]:
    """Where each section of an index file lies: [offset, length]."""
    at = cache_module.sealed_start(search_store.MAGIC)
    (length,) = struct.unpack_from("<Q", data, at)
    start = at + 8
    return json.loads(data[start:start + length])["sections"]


def indexes(cache: Path) -> list[Path]:
    return sorted(cache.glob("*" + search_store.SUFFIX)) if cache.exists() else []


def test_a_repeated_search_is_answered_from_the_index_without_pydantic(texts, tmp_path):
    cache = tmp_path / "cache"
    args = ("search", "training", str(texts["listing"]), str(texts["mlsys2021-program"]),
            "--format", "json", "--limit", "0")
    first = run(*args, cache=cache)
    assert first.returncode == 0, first.stderr
    assert len(indexes(cache)) == 2
    probe = "print(sorted(m for m in ('pydantic', 'planner.model', 'planner.parsers.listing') " \
            "if m in sys.modules), file=sys.stderr)"
    second = run(*args, cache=cache, code=probe)
    assert second.returncode == 0, second.stderr
    assert second.stdout == first.stdout
    assert second.stderr.strip() == "[]"  # nothing parsed, no model loaded
    hits = json.loads(first.stdout)
    assert len(hits) > 10 and {h["schedule"] for h in hits} >= {"SYNTHSYS 2024", "MLSys 2021"}


@pytest.mark.parametrize("query", ["sparsity", "federated learning", "Gonçalves", "zyxwvut",
                                   "Graph", "oral session"])
def test_stored_and_fresh_indexes_rank_and_show_the_same(texts, tmp_path, monkeypatch, query):
    monkeypatch.setenv("PLANNER_CACHE_DIR", str(tmp_path / "cache"))
    paths = [texts["listing"], texts["mlsys2021-program"], texts["abstract-list"]]
    options = LoadOptions()
    made = stored_schedules(paths, options)  # parses and writes the indexes
    assert len(indexes(tmp_path / "cache")) == 3
    reopened = stored_schedules(paths, options)
    assert all(s._talks is None for s in reopened)  # really read back from disk
    schedules = [load_schedule(p, options) for p in paths]
    expected = SearchIndex(schedules).search(query)
    for stores in (made, reopened):
        hits = result_hits(stores, rank([s.corpus for s in stores], query))
        assert [(h.talk.id, h.score, h.field) for h in hits] == \
            [(h.talk.id, h.score, h.field) for h in expected]
        assert [h.schedule.label for h in hits] == [h.schedule.label for h in expected]


def test_records_keep_times_zones_titles_and_dates(texts, tmp_path, monkeypatch):
    monkeypatch.setenv("PLANNER_CACHE_DIR", str(tmp_path / "cache"))
    paths = [texts["mlsys2021-program"], texts["carole-jean-wu-papers"]]
    stored_schedules(paths, LoadOptions())
    stores = stored_schedules(paths, LoadOptions())
    for path, store in zip(paths, stores):
        schedule = load_schedule(path)
        assert (store.label, store.timezone, store.has_sessions) == \
            (schedule.label, schedule.timezone, schedule.has_sessions)
        for i, talk in enumerate(schedule.talks()):
            record = store.record(i)
            assert (record.id, record.title, record.title_source, record.abstract,
                    record.estimated, record.published) == \
                (talk.id, talk.title, talk.title_source, talk.abstract, talk.estimated,
                 talk.published)
            assert [s.name for s in record.speakers] == [s.name for s in talk.speakers]
            assert record.start == talk.start and record.end == talk.end
            if talk.start is not None:
                assert record.start.tzinfo.key == talk.start.tzinfo.key  # same wall clock
                assert record.start.isoformat() == talk.start.isoformat()


def test_an_id_query_finds_its_talk_in_a_stored_index(texts, tmp_path, monkeypatch):
    monkeypatch.setenv("PLANNER_CACHE_DIR", str(tmp_path / "cache"))
    paths = [texts["abstract-list"], texts["listing"]]
    stored_schedules(paths, LoadOptions())
    stores = stored_schedules(paths, LoadOptions())
    target = stores[1].record(1234)
    [first, *_] = result_hits(stores, rank([s.corpus for s in stores], target.id))
    assert (first.talk.id, first.field) == (target.id, "id")
    assert not rank([s.corpus for s in stores], "zz99zz9")


def test_a_changed_text_is_read_again(texts, tmp_path):
    cache = tmp_path / "cache"
    text = texts["changing"]
    query = ("search", "druid", str(text), "--format", "json")
    assert json.loads(run(*query, cache=cache).stdout) == []
    [index] = indexes(cache)
    # The same size, and even the old modification time: the change time still tells.
    before = text.stat()
    body = text.read_text(encoding="utf-8")
    stem = "Fluid: Resource-aware"
    assert stem in body
    text.write_text(body.replace(stem, "Druid: Resource-aware"), encoding="utf-8")
    os.utime(text, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert text.stat().st_size == before.st_size
    [hit] = json.loads(run(*query, cache=cache).stdout)
    assert hit["title"].startswith("Druid: Resource-aware")
    assert indexes(cache) == [index]  # still the old one: the text changed just now


def test_a_just_written_text_is_searched_but_not_indexed(tmp_path):
    cache = tmp_path / "cache"
    text = tmp_path / "fresh.txt"
    shutil.copy(MLSYS2021, text)  # changed a moment ago: its times cannot vouch yet
    shutil.copy(MLSYS2021.with_suffix(".toml"), text.with_suffix(".toml"))
    # "A moment ago" whatever the machine's load: a modification time ahead of the clock
    # keeps the file inside the racy window however long the command takes to start.
    ahead = time.time() + 600
    os.utime(text, (ahead, ahead))
    out = run("search", "fluid", str(text), cache=cache)
    assert out.returncode == 0 and "Fluid: Resource-aware" in out.stdout
    assert indexes(cache) == []


@pytest.mark.parametrize("damage", ["truncate", "garbage", "header", "empty", "offsets",
                                    "records", "one-letter"])
def test_a_damaged_index_is_rebuilt_not_trusted(texts, tmp_path, damage):
    cache = tmp_path / "cache"
    args = ("search", "pipeline", str(texts["listing"]), "--format", "json", "--limit", "0")
    good = run(*args, cache=cache)
    [index] = indexes(cache)
    data = index.read_bytes()
    if damage == "truncate":
        index.write_bytes(data[: len(data) // 2])
    elif damage == "garbage":
        index.write_bytes(os.urandom(4096))
    elif damage == "header":
        index.write_bytes(data.replace(b'"count":', b'"cuont":', 1))
    elif damage == "empty":
        index.write_bytes(b"")
    elif damage == "records":  # the same size, but the talk records are no longer JSON
        lo, n = sections(data)["records"]
        index.write_bytes(data[:lo] + b"\x00" * n + data[lo + n:])
    elif damage == "one-letter":  # the same size, still JSON: only a checksum tells
        lo, _ = sections(data)["records"]
        at = data.index(b"Pipe", lo)  # a title the query finds
        index.write_bytes(data[:at] + b"Pype" + data[at + 4:])
    else:  # a starts section pointing outside its field
        lo, _ = sections(data)["title.starts"]
        index.write_bytes(data[:lo] + (10**12).to_bytes(8, sys.byteorder) + data[lo + 8:])
    again = run(*args, cache=cache)
    assert again.returncode == 0, again.stderr
    assert again.stdout == good.stdout
    assert again.stderr == ""
    [rebuilt] = indexes(cache)
    assert rebuilt.read_bytes() == data


def test_concurrent_searches_leave_one_whole_index(texts, tmp_path):
    cache = tmp_path / "cache"
    args = [sys.executable, "-m", "planner", "search", "embedding", str(texts["listing"]),
            "--format", "json", "--limit", "0"]
    env = {**os.environ, "PLANNER_CACHE_DIR": str(cache)}
    procs = [subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT,
                              env=env, text=True) for _ in range(4)]
    outs = [p.communicate(timeout=180) for p in procs]
    assert all(p.returncode == 0 for p in procs), [e for _, e in outs]
    assert len({o for o, _ in outs}) == 1
    [index] = indexes(cache)
    assert not list(cache.glob("*.tmp"))
    store, _ = StoredSchedule.open(index)
    assert len(store) == LISTING_ENTRIES
    assert run(*args[3:], cache=cache).stdout == outs[0][0]


def test_no_index_is_kept_when_the_cache_is_off(texts, tmp_path):
    cache = tmp_path / "cache"
    out = run("search", "pipeline", str(texts["listing"]), cache=cache, PLANNER_CACHE="off")
    assert out.returncode == 0 and "pipeline" in out.stdout.lower()
    assert not cache.exists()


def test_bad_input_still_gets_one_sentence(tmp_path):
    cache = tmp_path / "cache"
    out = run("search", "x", str(tmp_path / "missing.txt"), cache=cache)
    assert out.returncode != 0
    assert out.stderr.startswith("planner: ") and len(out.stderr.strip().splitlines()) == 1
    assert "Traceback" not in out.stderr
