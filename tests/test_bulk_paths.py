"""The bulk paths the paper parsers take for speed give exactly what the plain ones give.

Talk ids are pinned (picks and calendar UIDs depend on them) and diagnostics are user
facing, so the bulk folding, id hashing and author-line reading are checked against
the one-at-a-time functions on arbitrary input, not just on the seeds.
"""

from __future__ import annotations

from itertools import chain

from hypothesis import given, settings
from hypothesis import strategies as st

from planner.diagnostics import DiagnosticSink
from planner.ids import _encoded_all, _encoded_each, session_id, session_ids, talk_id, title_ids
from planner.parsers.papers import PaperBuilder
from planner.parsers.names import is_artefact, lettered_names, looks_like_name, make_speaker
from planner.text import fold, fold_many, folded_bytes, folded_by_text

# Names that take every path: plain, accented, odd case, initials, artefacts, mononyms,
# title words, blanks that need squashing, and spellings of one person.
NAMES = [
    "Ann Bo", "Cy Dee", "Carole-Jean Wu", "JINOOK SONG", "Jinook Song", "jinook song",
    "Larissa Rozales Gonçalves", "Zoë Ødegaard", "T. S. Eugene Ng", "NameError", "N/A",
    "Madonna", "The Smith", "Li zhicheng", "Ana  Inês", "X\u00a0Y", "A\tB", "et al.",
    "Rocky Rhodes", "rocky rhodes", "Gu-Yeon Wei", "Javier de Juan", "İlker Yıldırım",
    "ΣΊΣΥΦΟΣ Ωmega", "José\u0301 Díaz", "a@b.c", "K. Smith Jr.", "Ordinary Name Here",
    "ET AL", "Et al", "and others", "x² Smith",
]
name = st.one_of(st.sampled_from(NAMES), st.text(min_size=1, max_size=20))
texts = st.lists(st.one_of(st.text(max_size=40), st.sampled_from(NAMES)), max_size=30)


@settings(max_examples=300, deadline=None)
@given(texts)
def test_folding_in_bulk_equals_folding_each(items):
    assert folded_bytes(items) == [fold(t).encode() for t in items]
    assert fold_many(items) == [fold(t) for t in items]


# ASCII texts made of what folding blanks out, in runs (`A -- B`, `x:  y`), and what it
# keeps: the whole-text path collapses the runs at once.
ascii_texts = st.lists(st.text(alphabet=" \t-:.,_()'\\aZ09", max_size=30), max_size=30)


@settings(max_examples=300, deadline=None)
@given(ascii_texts)
def test_ascii_folding_in_bulk_equals_folding_each(items):
    assert folded_bytes(items) == [fold(t).encode() for t in items]
    assert folded_by_text(items) == {t: fold(t).encode() for t in items}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.text(min_size=1, max_size=40), st.sampled_from(NAMES)), max_size=20),
       st.sampled_from(["fosdem 2025", "gonçalves conf"]))
def test_ids_from_titles_folded_once_equal_the_plain_ids(titles, conference):
    # (build folds a session's title and its talks' once, for both kinds of id)
    folded = folded_by_text(titles + titles[::-1])
    mine = [folded[t] for t in titles]
    assert title_ids(conference, titles, mine) == [talk_id(conference, t, (), "") for t in titles]
    rows = [("talk" if i % 2 else "break", t, f"2025-02-0{i % 3 + 1}") for i, t in enumerate(titles)]
    assert session_ids(conference, rows, mine) == [session_id(conference, *r) for r in rows]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=60), max_size=20), st.sampled_from(
    ["mlsys 2023", "neurips 2024", "gonçalves conf"]))
def test_title_ids_in_bulk_equal_talk_id(titles, conference):
    assert title_ids(conference, titles) == [talk_id(conference, t, (), "") for t in titles]


def test_title_ids_are_still_the_pinned_ones():
    # Ids as 8a8fb4e made them, one title at a time, before the bulk path existed.
    titles = ["FLINT: A Platform for Federated Learning Integration", "Ωmega_title — über",
              "XRBench: An Extended Reality (XR) Machine Learning Benchmark Suite for the "
              "Metaverse"]
    assert title_ids("mlsys 2023", titles[:1]) == ["y6tzouv"]
    assert title_ids("x", titles[1:2]) == ["gg5yjm3"]
    assert title_ids("mlsys 2023", [titles[0], titles[2]]) == ["y6tzouv", "smj5t3s"]


# Parts built from what names are made of, and what trips them up.
name_like = st.one_of(
    st.sampled_from(NAMES),
    st.text(alphabet="aZéÉßİıΣςƒ²½Ⅷ .-'’ET", max_size=24),
    st.lists(st.sampled_from(["Ann", "BO", "cy", "Zoë", "K.", "k.", "The", "of", "et", "al",
                              "Gu-Yeon", "Æ", "ǅ", "x²", "-", "."]),
             min_size=1, max_size=7).map(" ".join),
)


@settings(max_examples=1000, deadline=None)
@given(st.lists(name_like, max_size=6))
def test_lettered_names_are_names_the_long_way_too(parts):
    for part, quick in zip(parts, lettered_names(parts), strict=True):
        if quick:
            speaker = make_speaker(part)
            assert not is_artefact(part)
            assert looks_like_name(speaker.name)
            assert speaker.name == part and speaker.key == fold(part)


def test_lettered_names_take_the_usual_odd_spellings():
    assert lettered_names(["JINOOK SONG", "colby banbury", "Zoë K. Ødegaard", "T. S. Eugene Ng",
                           "et al", "The Smith", "NameError", "Ann  Bo", "Ann Bo2"]) == [
        True, True, True, True, False, False, False, False, False]


def read_one_by_one(lines: list[list[str]]) -> tuple[list, list]:
    diag = DiagnosticSink("t.txt")
    builder = PaperBuilder("Conf", 2024, diag)
    got = [builder.speakers(names, no) for no, names in enumerate(lines, 1)]
    return got, diag.items


def read_in_bulk(lines: list[list[str]]) -> tuple[list, list]:
    """As the listing reads them: every spelling judged at once, then each line."""
    diag = DiagnosticSink("t.txt")
    builder = PaperBuilder("Conf", 2024, diag)
    builder.judge(chain.from_iterable(lines))
    got = [builder.speakers(names, no) for no, names in enumerate(lines, 1)]
    return got, diag.items


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(name, max_size=8), max_size=12))
def test_author_lines_in_bulk_give_the_same_speakers_and_reports(lines):
    assert read_in_bulk(lines) == read_one_by_one(lines)


def test_bulk_author_lines_report_what_the_long_way_reports():
    lines = [["Ann Bo", "NameError", "Cy Dee"], ["Jinook Song", "Ed Fu", "JINOOK SONG"],
             ["Rocky Rhodes", "Rocky Rhodes"], ["Madonna", "Gil Ho"], ["Ida Jo", "Kim Lu"]]
    speakers, reports = read_in_bulk(lines)
    assert [[s.name for s in line] for line in speakers] == [
        ["Ann Bo", "Cy Dee"], ["Jinook Song", "Ed Fu"], ["Rocky Rhodes"],
        ["Madonna", "Gil Ho"], ["Ida Jo", "Kim Lu"]]
    assert [(d.line, d.code) for d in reports] == [
        (1, "not-a-name"), (2, "repeated-author"), (3, "repeated-author"), (4, "odd-author")]


def test_one_person_twice_is_found_when_the_spellings_were_met_on_other_lines():
    # Judged line by line, the two spellings arrive in different batches; the line
    # holding both must still count the person once, as when all are judged at once.
    lines = [["Jinook Song", "Ann Bo"], ["JINOOK SONG", "Cy Dee"], ["Jinook Song", "JINOOK SONG"]]
    for speakers, reports in (read_one_by_one(lines), read_in_bulk(lines)):
        assert [s.name for s in speakers[2]] == ["Jinook Song"]
        assert [(d.line, d.code) for d in reports] == [(3, "repeated-author")]


# -- times moved between zones once (planner.parsers.timing) -------------------------------

NEW_YORK = "America/New_York"
WALL_TIMES = st.tuples(st.sampled_from([(2021, 11, 7), (2021, 3, 14), (2021, 6, 1)]),
                       st.integers(0, 3), st.sampled_from([0, 15, 30, 59]), st.integers(0, 1),
                       st.sampled_from([NEW_YORK, "Europe/Berlin", "UTC"]))


@settings(max_examples=300, deadline=None)
@given(st.lists(WALL_TIMES, min_size=1, max_size=12))
def test_instants_moved_once_are_those_astimezone_gives(walls):
    # The repeated hour (01:30 twice on 7 Nov 2021 in New York) is met with either fold,
    # in any order: a time and its other fold are equal as keys go, but not one instant.
    from datetime import datetime, timezone
    from zoneinfo import ZoneInfo

    from planner.parsers.timing import _Clock

    clock = _Clock(ZoneInfo(NEW_YORK))
    for (y, mo, d), h, mi, fold, name in walls:
        dt = datetime(y, mo, d, h, mi, tzinfo=ZoneInfo(name), fold=fold)
        want = dt.astimezone(timezone.utc)
        got = clock.utc(dt)
        assert (got, got.fold, got.tzinfo) == (want, want.fold, want.tzinfo)
        local = clock.local(got)
        back = want.astimezone(ZoneInfo(NEW_YORK))
        assert (local.replace(tzinfo=None), local.fold, local.utcoffset()) == \
            (back.replace(tzinfo=None), back.fold, back.utcoffset())


@settings(max_examples=300, deadline=None)
@given(st.lists(st.binary(min_size=8, max_size=8), max_size=40),
       st.sampled_from([(7, ""), (6, "s"), (8, "")]))
def test_ids_of_many_digests_at_once_are_each_digests_id(digests, shape):
    length, head = shape
    assert _encoded_all(digests, length, head) == _encoded_each(digests, length, head)
