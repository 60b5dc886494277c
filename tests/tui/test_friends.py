"""Friends' picks as marks (issue 17 item 7): `planner picks --format json` written by a
friend, given to the TUI with `--friend`; `+` after the time, "Also picked by" in the
detail, and nothing of theirs in my agenda."""

from __future__ import annotations

import subprocess
import sys

from planner.shared_picks import friend_source, read_friends
from planner.tui.widgets.talk_detail import TalkDetail
from planner.tui.widgets.talk_list import FRIENDS

from .helpers import AUTOTUNE, COMPILER, ROOT, SPARSE, TWO_TRACK, line_text, pick, talk_list


def friends_file(tmp_path, name: str, *titles: str) -> str:
    """A friend's picks file, made as the friend would: planner pick, then planner
    picks --format json, with their own agenda."""
    agenda = tmp_path / f"{name}-agenda.json"

    def planner(*args: str) -> str:
        out = subprocess.run([sys.executable, "-m", "planner", *args, "--agenda", str(agenda)],
                             capture_output=True, text=True, cwd=ROOT, timeout=60, check=True)
        return out.stdout

    for title in titles:
        planner("pick", "-s", str(TWO_TRACK), "--search", title)
    path = tmp_path / f"{name}.json"
    path.write_text(planner("picks", str(TWO_TRACK), "--format", "json"), encoding="utf-8")
    return str(path)


def test_a_friends_name_is_given_or_the_files():
    assert friend_source("picks/alice.json") == ("alice", "picks/alice.json")
    assert friend_source("Bo=picks/b.json") == ("Bo", "picks/b.json")


async def test_friends_picks_are_marked_in_the_list_and_named_in_the_detail(app_for,
                                                                           tmp_path):
    alice = friends_file(tmp_path, "alice", SPARSE, AUTOTUNE)
    bo = friends_file(tmp_path, "bo", SPARSE)
    app = app_for(friends=read_friends([alice, f"Bo={bo}"]))
    async with app.run_test(size=(120, 40)) as pilot:
        # The mark sits between the time and the title: the titles stay in one column.
        sparse, compiler = line_text(app, SPARSE), line_text(app, COMPILER)
        assert sparse.index(SPARSE) == compiler.index(COMPILER)
        assert sparse[sparse.index(SPARSE) - 2] == FRIENDS
        assert FRIENDS not in compiler
        await pick(pilot, SPARSE)
        detail = str(app.screen.query_one(TalkDetail)._body.render())
        assert "+ Also picked by alice, Bo" in detail
        assert app.state.picks == {talk_list(app).highlighted_row.talk.id}  # theirs stay theirs


def test_a_bad_friends_file_is_one_line_before_the_ui(tmp_path):
    bad = tmp_path / "alice.json"
    bad.write_text("not json", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "planner", "tui", str(TWO_TRACK), "--friend",
                          str(bad)], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 1 and out.stdout == ""
    assert out.stderr == f"planner: {bad} is not a picks file (write one with planner picks " \
        "--format json).\n"
