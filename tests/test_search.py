"""Ranked, case- and accent-insensitive search over every loaded schedule."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from planner.loader import load_schedules
from planner.model import Schedule, Speaker, Talk
from planner.parsers import listing
from planner.parsers.base import ParseOptions
from planner.search import Hit, SearchIndex, search, snippet

from .conftest import ROOT
from .test_listing import load_generator

JSON_KEYS = ["id", "title", "title_source", "speakers", "affiliations", "schedule", "start",
             "end", "estimated", "end_estimated", "location", "url", "track", "language",
             "links"]


@pytest.fixture(scope="module")
def index() -> SearchIndex:
    return SearchIndex(load_schedules(None))


def titles(hits: list[Hit]) -> list[str]:
    return [h.talk.title for h in hits]


def planner(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "planner", *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)


def test_a_word_of_an_abstract_finds_its_talk(index):
    [hit] = index.search("NeuroShard")
    assert hit.talk.title.startswith("Pre-train and Search: Efficient Embedding Table Sharding")
    assert hit.field == "abstract" and hit.schedule.label == "MLSys 2023"


def test_case_and_accents_do_not_matter(index):
    for query in ("goncalves", "GONÇALVES", "Gonçalves", "gonc\u0327alves"):
        [hit] = index.search(query)
        assert hit.talk.title == "Virtual Machine Allocation with Lifetime Predictions"
    assert titles(index.search("hotline")) == titles(index.search("HOTLINE"))


def test_every_word_must_match_somewhere(index):
    hits = index.search("carole sparse")
    assert hits == []
    hits = index.search("carole recommendation")
    assert hits and all("Carole-Jean Wu" in [s.name for s in h.talk.speakers] for h in hits)


def test_titles_outrank_speakers_which_outrank_abstracts():
    def t(title, speaker, abstract):
        return Talk(id=title, title=title, speakers=[Speaker(name=speaker, key=speaker.lower())],
                    abstract=abstract)
    sch = Schedule(conference="C", timezone="UTC", source="c.txt", format="listing",
                   unscheduled=[t("Alpha", "Ann Bo", "About sparsity."),
                                t("Beta", "Sparsity Jones", "Nothing here."),
                                t("Sparsity Gamma", "Cy Dee", "Nothing here.")])
    hits = search([sch], "sparsity")
    assert titles(hits) == ["Sparsity Gamma", "Beta", "Alpha"]
    assert [h.field for h in hits] == ["title", "speakers", "abstract"]
    assert hits[0].score > hits[1].score > hits[2].score


def test_whole_words_outrank_word_starts_and_phrases_rank_first(index):
    hits = index.search("federated learning")
    assert hits[0].field == "title"
    top = {h.talk.title for h in hits[:4]}
    assert "Green Federated Learning" in top
    starts = index.search("shard")
    assert {h.talk.title[:8] for h in starts} >= {"FlexShar", "Pre-trai"}


def test_word_starts_and_longer_words_inside_words(index):
    assert any(h.talk.title.startswith("Tutel") for h in index.search("mixture-of-exp"))
    # `shard` sits inside `NeuroShard`; short words never match inside words.
    assert index.search("euroshard") and not index.search("uro")


def test_derived_titles_are_searched_as_abstracts(index):
    [hit] = index.search("graph coloring heuristics")
    assert hit.talk.title_source == "derived" and hit.field == "abstract"


def test_an_id_finds_its_talk_first(index):
    some = index.search("sparsity")[-1].talk
    assert index.search(some.id)[0].talk is some


def test_limit_and_empty_queries(index):
    assert len(index.search("learning", limit=3)) == 3
    assert index.search("learning", limit=0) == []
    assert index.search("") == [] and index.search(" ,;- ") == []


def test_the_index_follows_ties_in_schedule_order(index):
    hits = index.search("training")
    for a, b in zip(hits, hits[1:], strict=False):
        assert a.score >= b.score


def test_search_over_a_generated_listing_finds_a_rare_word():
    gen = load_generator()
    items = gen.entries(2000, seed=11)
    text = gen.render(items).replace(items[1234].abstract,
                                     items[1234].abstract + " Zyxwvut appears once.")
    sch = listing.parse(text, ParseOptions(source="gen.txt"))
    ix = SearchIndex([sch])
    [hit] = ix.search("zyxwvut")
    assert hit.talk.title == items[1234].title
    rng = random.Random(5)
    for entry in rng.sample(items, 20):
        author = entry.authors[-1]
        assert entry.title in titles(ix.search(author))


def test_snippet_shows_the_words_around_the_match():
    text = "word " * 50 + "the sparsity result " + "more " * 50
    piece = snippet(text, "Sparsity", 60)
    assert "sparsity result" in piece and piece.startswith("…") and piece.endswith("…")
    assert len(piece) <= 62
    assert snippet("short text", "x", 60) == "short text"


def test_search_command_json_shape_and_order():
    p = planner("search", "federated", "--format", "json")
    assert p.returncode == 0, p.stderr
    rows = json.loads(p.stdout)
    assert rows and all(list(r) == JSON_KEYS for r in rows)
    assert rows[0]["title"] in {"Green Federated Learning",
                                "FLINT: A Platform for Federated Learning Integration",
                                "FedTree: A Federated Learning System For Trees",
                                "On Noisy Evaluation in Federated Hyperparameter Tuning",
                                "FedGPO: Heterogeneity-Aware Global Parameter Optimization for "
                                "Efficient Federated Learning"}
    untimed = [r for r in rows if r["schedule"] != "MLSys 2021"]
    assert all(r["start"] is None and r["end"] is None for r in untimed)


def test_search_command_text_and_limits():
    p = planner("search", "sparsity", "--limit", "2")
    assert p.returncode == 0
    assert "2 of 5 matches shown; --limit 0 shows all." in p.stdout
    assert "[title from abstract]" in p.stdout
    p = planner("search", "zzzqqq")
    assert p.returncode == 0 and p.stdout == "No talks match 'zzzqqq'.\n"
    p = planner("search", "  ")
    assert p.returncode == 1 and p.stderr.startswith("planner: Give a word to search for")


def test_talks_command_lists_every_talk_in_the_shared_json_shape():
    p = planner("talks", "--format", "json")
    rows = json.loads(p.stdout)
    assert len(rows) == 18 + 25 + 10 + 9
    assert all(list(r) == JSON_KEYS for r in rows)
    assert len({r["id"] for r in rows}) == len(rows)


def test_a_phrase_in_the_typed_order_ranks_first():
    def t(title):
        return Talk(id=title, title=title)
    sch = Schedule(conference="C", timezone="UTC", source="c.txt", format="listing",
                   unscheduled=[t("Training Sparse Models"), t("Sparse Training for Everyone")])
    assert titles(search([sch], "sparse training")) == ["Sparse Training for Everyone",
                                                        "Training Sparse Models"]
    assert titles(search([sch], "training sparse")) == ["Training Sparse Models",
                                                        "Sparse Training for Everyone"]


@pytest.mark.parametrize("query", ["m", "me", "memory", "sparse attention", "wu", "lovelace",
                                   "deep learning hardware", "zzzz", "", "5f3khfd"])
def test_the_unranked_matches_are_the_search_hits_and_where_each_matched(index, query):
    # The TUI asks on every keystroke which talks match and where (planner.search
    # SearchIndex.matched), without ranking them; the answer is the ranked search's.
    hits = index.search(query)
    assert index.matched(query) == {h.talk.id: h.field for h in hits}
    if query == "m":
        assert len(hits) > 20  # a one-letter query: where ranking cost the most


def typed_letter_by_letter(queries, rng):
    """Each query typed a letter at a time, with a slip now and then (a letter typed,
    then taken back with backspace), as the TUI's search box sends them."""
    for query in queries:
        shown = ""
        for ch in query:
            if rng.random() < 0.15:
                yield shown + rng.choice("aeioustxz")
            shown += ch
            yield shown


@pytest.fixture(scope="module")
def fosdem() -> list[Schedule]:
    return load_schedules([str(ROOT.parent / "shared/data/real/frab_fosdem2024_schedule.xml")])


def test_typing_on_narrows_to_the_last_matches_without_changing_the_answer(fosdem):
    # SearchIndex.matched looks only among the talks the query before matched when
    # the new one only adds letters or words.  Its answer must be a fresh search's,
    # including where a longer word stops starting any word and is looked for inside
    # words (`euroshard`), and where a word reaches the length at which abstracts are
    # searched ("sp" -> "spa").
    index = SearchIndex(fosdem)
    words = sorted({w for s in fosdem for t in s.talks() for w in t.title.lower().split()
                    if w.isalpha()})
    rng = random.Random(13)
    queries = ["euroshard", "rust embedded", "spa", "kernel linux memory",
               "postgresql replication", "open source firmware", "zzzz qq",
               *(" ".join(rng.sample(words, rng.choice((1, 2)))) for _ in range(40))]
    narrowed = 0
    for typed in typed_letter_by_letter(queries, rng):
        fresh = {h.talk.id: h.field for h in SearchIndex(fosdem).search(typed)}
        before = index._last
        assert index.matched(typed) == fresh, typed
        if before is not None and search_narrows(before[0], typed):
            narrowed += 1
    assert narrowed > 100  # the narrowed path did run, many times


def search_narrows(before, typed):
    from planner.search import narrows
    from planner.text import fold

    return narrows(before, fold(typed).split())
