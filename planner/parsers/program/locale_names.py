"""Weekday and month names of the common program languages besides English (German,
French, Spanish, Italian, Dutch, Portuguese), from the Unicode CLDR data that babel
ships: wide names and the abbreviated month names of three letters or more, each also
without its accents (`Marz`, `fevrier`), lower-cased.  Weekdays count from Monday = 0,
months from January = 1.

Written out here rather than read from babel while a program is parsed: importing
babel and loading six locales costs about 0.3 s a process (docs/benchmarks.md), more
than the whole parse of a 10,000-talk program may take.  tests/test_locale_names.py
checks this table against babel's data; `uv run python -m tests.test_locale_names`
prints it anew.
"""

WEEKDAYS: dict[str, int] = {
    "dienstag": 1, "dimanche": 6, "dinsdag": 1, "domenica": 6, "domingo": 6, "donderdag": 3,
    "donnerstag": 3, "freitag": 4, "giovedi": 3, "giovedì": 3, "jeudi": 3, "jueves": 3,
    "lundi": 0, "lunedi": 0, "lunedì": 0, "lunes": 0, "maandag": 0, "mardi": 1,
    "martedi": 1, "martedì": 1, "martes": 1, "mercoledi": 2, "mercoledì": 2, "mercredi": 2,
    "miercoles": 2, "mittwoch": 2, "miércoles": 2, "montag": 0, "quarta-feira": 2,
    "quinta-feira": 3, "sabado": 5, "sabato": 5, "samedi": 5, "samstag": 5,
    "segunda-feira": 0, "sexta-feira": 4, "sonntag": 6, "sábado": 5, "terca-feira": 1,
    "terça-feira": 1, "vendredi": 4, "venerdi": 4, "venerdì": 4, "viernes": 4, "vrijdag": 4,
    "woensdag": 2, "zaterdag": 5, "zondag": 6,
}

MONTHS: dict[str, int] = {
    "abr": 4, "abril": 4, "agosto": 8, "aout": 8, "août": 8, "apr": 4, "april": 4,
    "aprile": 4, "aug": 8, "august": 8, "augustus": 8, "avr": 4, "avril": 4, "dec": 12,
    "december": 12, "decembre": 12, "dez": 12, "dezember": 12, "dezembro": 12, "dic": 12,
    "dicembre": 12, "diciembre": 12, "déc": 12, "décembre": 12, "ene": 1, "enero": 1,
    "feb": 2, "febbraio": 2, "febrero": 2, "februar": 2, "februari": 2, "fev": 2,
    "fevereiro": 2, "fevr": 2, "fevrier": 2, "févr": 2, "février": 2, "gennaio": 1,
    "giu": 6, "giugno": 6, "jan": 1, "janeiro": 1, "januar": 1, "januari": 1, "janv": 1,
    "janvier": 1, "juil": 7, "juillet": 7, "juin": 6, "jul": 7, "julho": 7, "juli": 7,
    "julio": 7, "jun": 6, "junho": 6, "juni": 6, "junio": 6, "luglio": 7, "maart": 3,
    "maggio": 5, "mai": 5, "maio": 5, "mar": 3, "marco": 3, "mars": 3, "marz": 3,
    "marzo": 3, "março": 3, "may": 5, "mayo": 5, "mei": 5, "mrt": 3, "märz": 3, "nov": 11,
    "november": 11, "novembre": 11, "novembro": 11, "noviembre": 11, "oct": 10,
    "octobre": 10, "octubre": 10, "okt": 10, "oktober": 10, "ott": 10, "ottobre": 10,
    "outubro": 10, "sep": 9, "sept": 9, "september": 9, "septembre": 9, "septiembre": 9,
    "setembro": 9, "settembre": 9,
}
