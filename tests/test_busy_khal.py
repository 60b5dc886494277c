"""khal, an independent reader, against planner's busy time on the same exports.

khal reads Outlook's display-name zones from the file's VTIMEZONE, planner maps the
names to IANA zones: where both read an event they must agree to the minute.
"""

from __future__ import annotations

import shutil
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from planner.picks.busy import load_busy

from .conftest import DATA
from .test_ics_khal import KHAL, Khal, khal  # noqa: F401  (the fixture)

BUSY = DATA / "busy"
BERLIN = ZoneInfo("Europe/Berlin")
UTC = ZoneInfo("UTC")

pytestmark = pytest.mark.skipif(not KHAL.exists(), reason="khal is not installed in this venv")


@pytest.mark.parametrize("name", ["outlook2003-display-names.ics", "outlook-export.ics",
                                  "exchange-meetings.ics", "google-declined.ics"])
def test_planner_and_khal_agree_on_every_event_both_read(khal, tmp_path, name):  # noqa: F811
    copy = tmp_path / name
    shutil.copy(BUSY / name, copy)
    khal.import_(copy)
    theirs = {(e["title"], e["start"], e["end"]) for e in khal.events("2021-04-01", "2021-04-14")
              if "T" in e["start"]}  # timed events: khal shows all-day ones as dates
    window = (datetime(2021, 4, 1, tzinfo=UTC), datetime(2021, 4, 15, tzinfo=UTC))
    ours = {(iv.label, iv.start.astimezone(BERLIN).strftime("%Y-%m-%dT%H:%M"),
             iv.end.astimezone(BERLIN).strftime("%Y-%m-%dT%H:%M"))
            for iv in load_busy([str(copy)], *window, zone=BERLIN)}
    # khal's list --once shows a series once: compare each title's first occurrence.
    first = {}
    for event in sorted(ours):
        first.setdefault(event[0], event)
    both = set(first) & {title for title, _, _ in theirs}
    assert both
    assert {first[t] for t in both} == {e for e in theirs if e[0] in both}
