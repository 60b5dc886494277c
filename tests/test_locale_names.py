"""The weekday and month names of other languages that the program reader knows are
babel's CLDR data, word for word (planner/parsers/program/locale_names.py)."""

from __future__ import annotations

import unicodedata

from planner.parsers.program import locale_names

LOCALES = ("de", "fr", "es", "it", "nl", "pt")
# Abbreviations that are everyday words of a text (`set`, `out`, `ago`, `gen`, `mag`):
# a month only when written out.
NOT_MONTHS = frozenset({"set", "out", "ago", "gen", "mag", "lug"})


def _plain(s: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))


def cldr_names() -> tuple[dict[str, int], dict[str, int]]:
    from babel.dates import get_day_names, get_month_names

    weekdays: dict[str, int] = {}
    months: dict[str, int] = {}
    for loc in LOCALES:
        for i, name in get_day_names("wide", locale=loc).items():
            name = name.lower()
            # (`segunda-feira` is one word to the day reader: when.py's _WORD)
            weekdays[name] = weekdays[_plain(name)] = i
        for width in ("wide", "abbreviated"):
            for i, name in get_month_names(width, locale=loc).items():
                name = name.lower().rstrip(".")
                if len(name) >= 3 and name not in NOT_MONTHS:
                    months[name] = months[_plain(name)] = i
    return weekdays, months


def test_the_tables_are_babels_cldr_names():
    weekdays, months = cldr_names()
    assert locale_names.WEEKDAYS == weekdays
    assert locale_names.MONTHS == months


def test_no_name_means_two_things():
    weekdays, months = cldr_names()
    assert not set(weekdays) & set(months)


def test_every_name_is_read_in_a_date():
    from planner.parsers.program.when import find_days

    for name, month in locale_names.MONTHS.items():
        # (lower-case `mar`, `dec` are words as often as months: those need a capital)
        for written in (name.capitalize(), name.upper()) + ((name,) if len(name) >= 4 else ()):
            days = find_days(f"3 {written} 2025")
            assert [(d.day, d.month, d.year) for d in days] == [(3, month, 2025)], written
    for name, weekday in locale_names.WEEKDAYS.items():
        days = find_days(f"{name.capitalize()}, 3 Juni 2025")
        assert [d.weekday for d in days] == [weekday], name


def render() -> str:
    """The text of locale_names.py, from babel's data."""
    weekdays, months = cldr_names()

    def table(d: dict[str, int]) -> str:
        out, line = [], "   "
        for k, v in sorted(d.items()):
            piece = f' "{k}": {v},'
            if len(line) + len(piece) > 92:
                out.append(line)
                line = "   "
            line += piece
        return "\n".join(out + [line])

    doc = locale_names.__doc__.strip()
    return (f'"""{doc}\n"""\n\nWEEKDAYS: dict[str, int] = {{\n{table(weekdays)}\n}}\n\n'
            f"MONTHS: dict[str, int] = {{\n{table(months)}\n}}\n")


if __name__ == "__main__":
    print(render(), end="")
