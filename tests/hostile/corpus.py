"""The hostile corpus: schedule texts, busy calendars and agenda files made to break
planner, built at test time (some are megabytes; none is committed).

Every builder is deterministic.  Each entry is `name -> bytes`; the tests write them
into a temporary folder and run the real `planner` on them.
"""

from __future__ import annotations

import random
from functools import cache

from ..conftest import SCHEDULES

SITE = (SCHEDULES / "mlsys2021-program.txt").read_text(encoding="utf-8")
LISTING = (SCHEDULES / "mlsys2023-papers.txt").read_text(encoding="utf-8")
AUTHOR_PAGE = (SCHEDULES / "carole-jean-wu-papers.txt").read_text(encoding="utf-8")
# A talk title of the bundled site schedule, and what a hostile paste puts in it.
TITLE = "Cortex: A Compiler for Recursive Deep Learning Models"
ESCAPES = "\x1b[2J\x1b]0;owned\x07\x1b[31m\x9b1m"  # clear, set title, colour, C1 CSI
BIDI = "\u202egnp.exe\u202c \u2066x\u2069"  # right-to-left override, isolates
NAMES = ["Ana Lee", "Bo Chen", "Cy Dunn", "Di Fox", "Ed Gray", "Flo Hu", "Gil Ito"]


def _names(n: int, sep: str = ", ") -> str:
    return sep.join(f"{NAMES[i % len(NAMES)]} {i}" for i in range(n))


@cache  # built once per process: collection names them, tests write them
def texts() -> dict[str, bytes]:
    """Schedule texts: each must end with a schedule or one sentence."""
    rng = random.Random(11)
    words = ["".join(rng.choice("abcdefghij") for _ in range(rng.randint(1, 9)))
             for _ in range(2000)]
    site = SITE.encode()
    return {
        "binary": rng.randbytes(1 << 16),
        "nul-bytes": site.replace(b"\n\n", b"\n\x00\n", 40),
        "control-bytes": bytes(range(1, 32)) * 2000,
        "utf16-with-bom": SITE.encode("utf-16"),
        "latin1-inside-utf8": site + "\nGonçalves, Müller\n".encode("latin-1"),
        "cp1252-quotes": site.replace(b"Cortex", "\u201cCortex\u201d".encode("cp1252"), 1),
        "utf8-bom": b"\xef\xbb\xbf" + site,
        "cr-only": SITE.replace("\n", "\r").encode(),
        "crlf": SITE.replace("\n", "\r\n").encode(),
        "rtl-and-zero-width": SITE.replace(
            TITLE, f"\u05e9\u05dc\u05d5\u05dd {BIDI} \u200b\u200d\ufeff{TITLE}\u200f").replace(
            "Alex Dimakis", "\u0639\u0644\u064a \u200cDimakis").encode(),
        "escape-sequences": SITE.replace(TITLE, TITLE + ESCAPES).encode(),
        "huge-line": " ".join(rng.choice(words) for _ in range(400_000)).encode(),
        "huge-line-in-a-site": ("\n\n" + " ".join(rng.choice(words) for _ in range(200_000))
                                + "\n\n").join(SITE.rsplit("\n\n", 1)).encode(),
        "deep-separators": ("Oral: Session 1: X Tue 6 Apr 09:30 a.m.\n\nA title\n"
                            + _names(20_000, " · ") + "\n\n" + "," * 500_000 + "\n"
                            + ("| a " * 5_000 + "|\n") * 100 + "(" * 100_000 + ")" * 100_000
                            ).encode(),
        "long-author-list-site": SITE.replace("Alex Dimakis", _names(10_000), 1).encode(),
        "long-author-list-listing": LISTING.replace(
            "Authors: ", "Authors: " + _names(10_000) + ", ", 1).encode(),
        "long-author-list-author-page": AUTHOR_PAGE.replace(
            "Samuel Hsia, ", _names(10_000) + ", ", 1).encode(),
        "empty": b"",
        "blank": b"  \n\n\t \r\n",
        "too-many-lines": b"a\n" * 1_100_000,
        "session-header-flood": "\n\n".join(
            f"Oral: Session {i}: Topic {i} Tue 6 Apr 09:30 a.m." for i in range(30_000)).encode(),
        "date-flood": "\n".join(["Oct 18, 2023"] * 100_000).encode(),
        "abstract-flood": b"Abstract:\n" * 100_000,
        "listing-entry-flood": "\n".join(
            f"#{i} T{i} [PDF] [Copy]" for i in range(100_000)).encode(),
    }


def junk(lines: int = 600_000) -> bytes:
    """Short junk lines: read with a forced format, each once cost a diagnostic object
    (2.4 MB of them took 1.1 GB)."""
    rng = random.Random(5)
    pool = ["a", "Ab", "x y", "1", "#", "Jo Do", "A B, C D", "Abstract", "Oct"]
    return "\n".join(rng.choice(pool) for _ in range(lines)).encode()


# -- busy calendars ---------------------------------------------------------------------

def _calendar(*events: str) -> bytes:
    body = "".join(f"BEGIN:VEVENT\r\n{e.strip()}\r\nEND:VEVENT\r\n" for e in events)
    return (f"BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//hostile//EN\r\n{body}"
            "END:VCALENDAR\r\n").encode()


def _event(uid: str, *lines: str, start: str = "20210406T163000Z") -> str:
    return "\r\n".join([f"UID:{uid}", f"SUMMARY:{uid}", f"DTSTART:{start}", *lines])


# A real meeting in the middle of MLSys 2021 (Tue 6 Apr 09:30-10:30 Los Angeles): it
# must still count as busy whatever else its calendar holds.
REAL = _event("real-meeting", "DTEND:20210406T173000Z")


@cache  # built once per process: collection names them, tests write them
def calendars() -> dict[str, bytes]:
    """Busy calendars: each must end with clashes or one sentence, quickly, and a
    remembered one must never make a later command hang or crash."""
    return {
        "interval-zero": _calendar(REAL, _event("i0", "RRULE:FREQ=DAILY;INTERVAL=0")),
        "interval-negative": _calendar(REAL, _event("in", "RRULE:FREQ=DAILY;INTERVAL=-3")),
        "secondly-since-1970": _calendar(
            REAL, _event("s", "RRULE:FREQ=SECONDLY", start="19700101T000000Z")),
        "minutely-since-1970": _calendar(
            REAL, _event("m", "RRULE:FREQ=MINUTELY", start="19700101T000000Z")),
        "hourly-since-1970": _calendar(
            REAL, _event("h", "RRULE:FREQ=HOURLY", start="19700101T000000Z")),
        "secondly-during": _calendar(
            REAL, _event("sd", "RRULE:FREQ=SECONDLY", start="20210405T000000Z")),
        "expanding-by-parts": _calendar(REAL, _event(
            "by", "RRULE:FREQ=DAILY;BYHOUR=" + ",".join(map(str, range(24)))
            + ";BYMINUTE=" + ",".join(map(str, range(60))), start="20210101T000000Z")),
        "impossible-rule": _calendar(REAL, _event(
            "feb30", "RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30", start="20210101T000000Z")),
        "many-costly-rules": _calendar(REAL, *(
            _event(f"r{i}", "RRULE:FREQ=HOURLY", start="20200101T000000Z") for i in range(40))),
        "bad-freq": _calendar(REAL, _event("bf", "RRULE:FREQ=FORTNIGHTLY")),
        "duration-99999999-weeks": _calendar(REAL, _event("d", "DURATION:P99999999W")),
        "dtend-in-9999": _calendar(REAL, _event("e", "DTEND:99991231T235959Z")),
        "dtstart-in-year-1": _calendar(REAL, _event("y1", "RRULE:FREQ=YEARLY",
                                                    start="00010101T000000Z")),
        "until-before-start": _calendar(REAL, _event("u", "RRULE:FREQ=DAILY;UNTIL=19991231")),
        "count-a-billion": _calendar(REAL, _event("c", "RRULE:FREQ=DAILY;COUNT=1000000000")),
        "garbage-exdate": _calendar(REAL, _event("x", "RRULE:FREQ=DAILY", "EXDATE:nonsense")),
        "two-thousand-events": _calendar(REAL, *(  # (icalendar reads ~3,000 a second)
            _event(f"ev{i}", "DURATION:PT30M", start=f"202104{6 + i % 3:02d}T{i % 24:02d}0000Z")
            for i in range(2_000))),
        "nested-components": ("BEGIN:VCALENDAR\r\n" + "BEGIN:VEVENT\r\n" * 5_000
                              + "END:VEVENT\r\n" * 5_000 + "END:VCALENDAR\r\n").encode(),
        "huge-summary": _calendar(REAL, _event("long", "DURATION:PT1H").replace(
            "SUMMARY:long", "SUMMARY:" + "x" * 1_000_000)),
        "escape-in-summary": _calendar(REAL.replace("SUMMARY:real-meeting",
                                                    "SUMMARY:Standup" + ESCAPES)),
        "not-ical": b"Just some text, not a calendar.\n",
        "truncated": _calendar(REAL)[:60],
        "binary": random.Random(3).randbytes(4096),
        "empty": b"",
    }


# -- agenda files -----------------------------------------------------------------------

DEEP = 100_000


@cache  # built once per process: collection names them, tests write them
def agendas() -> dict[str, tuple[bytes, str]]:
    """Agenda files, each with what must become of it: "moved" (a damaged agenda,
    kept aside), "refused" (not an agenda: left byte for byte), "read" (usable)."""
    return {
        "deeply-nested": (b'{"version": 1, "picks": ' + b"[" * DEEP + b"]" * DEEP + b"}",
                          "moved"),
        "five-thousand-digits": (b'{"version": 1, "picks": {}, "n": ' + b"7" * 5000 + b"}",
                                 "moved"),
        "truncated": (b'{\n  "version": 1,\n  "picks": {\n    "abc1234": {\n      "ti', "moved"),
        "wrong-types": (b'{"version": 1, "picks": {"abc": {"title": 5}}}', "moved"),
        "empty": (b"", "moved"),
        "program-text": (SITE.encode(), "refused"),
        "someone-elses-json": (b'{"editor.fontSize": 14}', "refused"),
        "json-list": (b"[1, 2, 3]", "refused"),
        "deep-list": (b"[" * DEEP + b"]" * DEEP, "refused"),
        "binary": (random.Random(4).randbytes(2048), "refused"),
        "newer-version": (b'{"version": 99, "picks": {}}', "refused"),
        "lone-surrogates": (b'{"version": 1, "picks": {"abc1234": {"title": "\\ud800 x", '
                            b'"schedule": "\\udfff"}}, "timezone": null}', "read"),
        "escape-in-title": (('{"version": 1, "picks": {"abc1234": {"title": "T'
                             + ESCAPES.replace("\x1b", "\\u001b").replace("\x07", "\\u0007")
                             .replace("\x9b", "\\u009b")
                             + '", "schedule": "Gone 1999"}}}').encode(), "read"),
    }
