"""Synthetic busy calendars shaped like a Google Calendar export of a long working life.

`calendar(events, seed)` writes `events` VEVENTs spread over 2014-2026 (CRLF, folded
at 75 octets, Europe/Berlin), of which about 6 % are recurring masters (weekly or
monthly, most with an UNTIL, some with EXDATEs and a moved occurrence), the rest
single meetings with an organizer, one to three attendees besides the owner, a description and a
location; some all-day, some cancelled, some declined by the owner.  `--size MB`
keeps adding events until the text is that large.

    uv run python bench/busy_gen.py --size 9 /tmp/work-9mb.ics
    uv run python bench/busy_gen.py --events 100000 --lean /tmp/work-100k.ics
"""

from __future__ import annotations

import argparse
import random
from datetime import datetime, timedelta
from pathlib import Path

OWNER = "ana.lima@example.org"
PEOPLE = [f"{first}.{last}@example.org" for first in
          ("raj", "lee", "kim", "sam", "bo", "dana", "jonas", "priya", "marta", "yusuf")
          for last in ("patel", "wong", "ortiz", "reyes", "chen", "novak")]
TOPICS = ["Quarterly planning", "1:1", "Design review", "Hiring sync", "Budget walkthrough",
          "Roadmap review", "Incident retro", "Customer call", "Sprint planning",
          "Architecture forum", "Lunch", "Interview loop", "Vendor pitch", "Team offsite prep"]
WORDS = ("agenda notes follow up decision owner timeline risk metric draft proposal "
         "review budget hiring launch migration customer feedback").split()
START, END = datetime(2014, 1, 6), datetime(2026, 12, 31)
HEAD = ("BEGIN:VCALENDAR\r\nPRODID:-//Google Inc//Google Calendar 70.9054//EN\r\n"
        "VERSION:2.0\r\nCALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\n"
        f"X-WR-CALNAME:{OWNER}\r\nX-WR-TIMEZONE:Europe/Berlin\r\n")


def fold(line: str) -> str:
    out, rest = [], line
    while len(rest.encode()) > 75:
        out.append(rest[:74])
        rest = " " + rest[74:]
    out.append(rest)
    return "\r\n".join(out)


def _stamp(moment: datetime) -> str:
    return moment.strftime("%Y%m%dT%H%M%S")


def event(rng: random.Random, n: int, lean: bool) -> str:
    day = START + timedelta(days=rng.randrange((END - START).days))
    while day.weekday() > 4:
        day += timedelta(days=1)
    start = day.replace(hour=rng.randrange(8, 18), minute=rng.choice((0, 15, 30, 45)))
    end = start + timedelta(minutes=rng.choice((15, 30, 45, 60, 90)))
    uid = f"{n:08x}{rng.getrandbits(64):016x}@google.com"
    lines = [f"UID:{uid}", f"DTSTAMP:{_stamp(start - timedelta(days=3))}Z",
             f"SUMMARY:{rng.choice(TOPICS)}"]
    kind = rng.random()
    if kind < 0.03:  # all day
        lines += [f"DTSTART;VALUE=DATE:{start:%Y%m%d}",
                  f"DTEND;VALUE=DATE:{start + timedelta(days=rng.choice((0, 1, 1, 2))):%Y%m%d}"]
    else:
        lines += [f"DTSTART;TZID=Europe/Berlin:{_stamp(start)}",
                  f"DTEND;TZID=Europe/Berlin:{_stamp(end)}"]
    extra = []
    if 0.03 <= kind < 0.09:  # a recurring master
        freq = rng.choice(("WEEKLY;BYDAY=MO", "WEEKLY;BYDAY=TU,TH", "MONTHLY;BYMONTHDAY=3",
                           "WEEKLY;INTERVAL=2;BYDAY=FR"))
        until = start + timedelta(days=rng.randrange(30, 900))
        rule = f"RRULE:FREQ={freq}" + (f";UNTIL={_stamp(until)}Z" if rng.random() < 0.8 else "")
        lines.append(rule)
        for _ in range(rng.randrange(3)):
            skip = start + timedelta(weeks=rng.randrange(1, 20))
            lines.append(f"EXDATE;TZID=Europe/Berlin:{_stamp(skip)}")
        if rng.random() < 0.3:  # one occurrence moved an hour later
            moved = start + timedelta(weeks=rng.randrange(1, 8))
            extra = [f"UID:{uid}", f"RECURRENCE-ID;TZID=Europe/Berlin:{_stamp(moved)}",
                     f"DTSTART;TZID=Europe/Berlin:{_stamp(moved + timedelta(hours=1))}",
                     f"DTEND;TZID=Europe/Berlin:{_stamp(moved + timedelta(hours=2))}",
                     f"DTSTAMP:{_stamp(moved)}Z", "SUMMARY:Moved"]
    if not lean:
        organizer = rng.choice(PEOPLE + [OWNER] * 20)
        lines.append(f"ORGANIZER;CN={organizer.split('@')[0]}:mailto:{organizer}")
        for person in sorted({OWNER, *rng.sample(PEOPLE, rng.randrange(1, 3))}):
            state = ("DECLINED" if person == OWNER and rng.random() < 0.05
                     else rng.choice(("ACCEPTED", "ACCEPTED", "TENTATIVE", "NEEDS-ACTION")))
            lines.append(f"ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT={state};"
                         f"CN={person};X-NUM-GUESTS=0:mailto:{person}")
        text = " ".join(rng.choice(WORDS) for _ in range(rng.randrange(2, 16)))
        lines += [f"CREATED:{_stamp(start - timedelta(days=10))}Z", f"DESCRIPTION:{text}",
                  f"LAST-MODIFIED:{_stamp(start - timedelta(days=2))}Z",
                  f"LOCATION:Room {rng.randrange(1, 9)}.{rng.randrange(1, 40):02d}",
                  "SEQUENCE:0"]
    lines += ["STATUS:" + ("CANCELLED" if rng.random() < 0.02 else "CONFIRMED"),
              "TRANSP:OPAQUE"]
    out = "BEGIN:VEVENT\r\n" + "\r\n".join(fold(x) for x in lines) + "\r\nEND:VEVENT\r\n"
    if extra:
        out += "BEGIN:VEVENT\r\n" + "\r\n".join(extra) + "\r\nEND:VEVENT\r\n"
    return out


def calendar(events: int | None = None, size_mb: float | None = None, seed: int = 16,
             lean: bool = False) -> str:
    rng = random.Random(seed)
    parts, size, n = [HEAD], len(HEAD), 0
    while (events is not None and n < events) or (size_mb is not None
                                                  and size < size_mb * 2**20):
        part = event(rng, n, lean)
        parts.append(part)
        size += len(part)
        n += 1
    parts.append("END:VCALENDAR\r\n")
    return "".join(parts)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", type=Path)
    ap.add_argument("--events", type=int)
    ap.add_argument("--size", type=float, help="megabytes")
    ap.add_argument("--lean", action="store_true", help="no attendees or descriptions")
    a = ap.parse_args()
    a.out.write_bytes(calendar(a.events, a.size, lean=a.lean).encode())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
