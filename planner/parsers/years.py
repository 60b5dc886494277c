"""The year of a schedule whose headers give only weekday, day and month."""

from __future__ import annotations

from collections import Counter
from datetime import date

from .. import clock
from ..diagnostics import DiagnosticSink
from .datetimes import WEEKDAYS, HeaderTime

SEARCH_BACK = 30
SEARCH_AHEAD = 5


def _fits(h: HeaderTime, year: int) -> bool:
    on = h.on(year)
    return on is not None and (h.weekday is None or on.weekday() == h.weekday)


def resolve_year(
    dated: list[tuple[int, HeaderTime]], given: int | None, today: date | None, diag: DiagnosticSink,
    evidence: Counter[int] | None = None,
) -> int | None:
    """The year to read the headers in, with a diagnostic for every guess or mismatch.

    `given` (metadata or --year) wins; a header whose weekday does not fit it gets a
    `weekday-mismatch` warning (the loader turns that into an error for --year).
    Without one, a year stated in the headers wins; failing that, the year nearest to
    today in which every stated weekday fits the date.
    """
    headers = [h for _, h in dated]
    if not headers:
        return given
    if given is not None:
        for line, h in dated:
            if h.year is None and not _fits(h, given):
                diag.warning(
                    "weekday-mismatch",
                    f"{WEEKDAYS[h.weekday or 0].title()} {h.day} "
                    f"{date(2000, h.month, 1):%b} is not a "
                    f"{_weekday_name(h.weekday)} in {given}",
                    line,
                )
            elif h.year is not None and h.year != given:
                diag.warning(
                    "year-mismatch", f"the header states the year {h.year}, not {given}", line
                )
        return given
    stated = [h.year for h in headers if h.year is not None]
    if stated:
        return max(dict.fromkeys(stated), key=stated.count)  # a tie: the first stated
    today = today or clock.now().date()
    with_weekday = [h for h in headers if h.weekday is not None]
    # A year written anywhere in the text (`NeurIPS 2022`, `/2024/`, a copyright line)
    # that every stated weekday agrees with wins over inferring it from the weekdays.
    for y, _ in (evidence or Counter()).most_common():
        if all(_fits(h, y) for h in with_weekday):
            diag.info("year-stated", f"year {y} taken from the text, where it is written")
            return y
    if not with_weekday:
        diag.warning(
            "year-assumed",
            f"the text states no year and no weekdays; assumed {today.year} "
            "(use --year or metadata to fix it)",
        )
        return today.year
    candidates = range(today.year - SEARCH_BACK, today.year + SEARCH_AHEAD + 1)
    scored = [(sum(_fits(h, y) for h in with_weekday), y) for y in candidates]
    best_score = max(s for s, _ in scored)
    best = [y for s, y in scored if s == best_score]
    year = min(best, key=lambda y: (abs(y - today.year), -y))
    others = ", ".join(str(y) for y in sorted(best) if y != year and abs(y - year) <= 12)
    if best_score < len(with_weekday):
        diag.warning(
            "year-inferred",
            f"no year fits every stated weekday; assumed {year}, which fits {best_score} of "
            f"{len(with_weekday)} headers (use --year to fix it)",
        )
    else:
        diag.warning(
            "year-inferred",
            f"the text states no year; inferred {year} from its weekdays and dates"
            + (f" (also possible: {others})" if others else "")
            + "; use --year to fix it",
        )
    return year


def _weekday_name(i: int | None) -> str:
    return date(2024, 1, 1 + (i or 0)).strftime("%A")


def year_votes(lines: list[str], limit: int = 20000) -> Counter[int]:
    """Years written in the text (`ICML 2023`, `ATC '22`, `/2024/`), counted."""
    from .program.when import years_in

    votes: Counter[int] = Counter()
    top = clock.now().year + 3
    for line in lines[:limit]:
        if len(line) > 2000:
            line = line[:2000]
        for y in years_in(line):
            if 1990 <= y <= top:
                votes[y] += 1
    return votes
