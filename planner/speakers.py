"""Person names: splitting author lines, telling names from titles, and folding
names into keys so that one person is not split by case, accents or spacing."""

from __future__ import annotations

import re
from functools import lru_cache

from .model import Speaker
from .text import fold, squash

# Separators between names on an author line: the middle dot sites use, commas,
# semicolons, and a final "and".
_SPLIT = re.compile(r"\s*(?:[·•;|]|,\s*(?:and\s+)?|\s+and\s+|\s+&\s+)\s*")
_PARTICLES = frozenset(
    "de da das do dos du del della der den di la le van von ter ten zu bin ibn al el y e st".split()
)
# Lower-case words that appear in titles but never inside a person's name.
_TITLE_WORDS = frozenset(
    "a an the of for and with via in on to at by from into over under using towards toward "
    "is are as vs versus not without through".split()
)
_NAME_TOKEN = re.compile(r"^\(?[^\W\d_][\w'’.\-]*\)?$")
_INITIAL = re.compile(r"^[^\W\d_]\.(?:-?[^\W\d_]\.)*$")
MAX_NAME_LENGTH = 60


def name_key(name: str) -> str:
    return fold(name)


@lru_cache(maxsize=1 << 16)  # programs repeat names; Speaker is frozen, so sharing is safe
def make_speaker(name: str) -> Speaker:
    clean = squash(name).strip(" ,;·")
    return Speaker(name=clean, key=name_key(clean))


def split_names(line: str) -> list[str]:
    return list(_split_names(line))


@lru_cache(maxsize=256)  # asked twice per author line: is it one, and what are the names
def _split_names(line: str) -> tuple[str, ...]:
    parts = _SPLIT.split(line.strip().strip(",;·"))
    return tuple(q for q in (squash(p) if "  " in p or not p.isascii() else p.strip()
                             for p in parts) if q)


@lru_cache(maxsize=1 << 16)
def looks_like_name(part: str) -> bool:
    """A plausible personal name: 2 to 6 words, letters only, no title words.

    Mononyms are rejected on purpose: one-word entries on author lines are far more
    often scraping artefacts (`NameError`) than people.
    """
    if not part or len(part) > MAX_NAME_LENGTH or ":" in part or part.endswith(("?", "!")):
        return False
    tokens = part.split()
    if not 2 <= len(tokens) <= 6:
        return False
    for i, tok in enumerate(tokens):
        low = tok.lower()
        if low in _TITLE_WORDS:
            return False
        if not _NAME_TOKEN.match(tok):
            return False
        if tok[0].islower() and low not in _PARTICLES and not tok.isalpha():
            return False
        if tok.endswith(".") and not _INITIAL.match(tok) and i != len(tokens) - 1:
            return False
    # A sentence ends with a full stop after a long word; a name ends with one only
    # after an initial or "Jr.".
    last = tokens[-1]
    if last.endswith(".") and not (_INITIAL.match(last) or last in ("Jr.", "Sr.")):
        return False
    return True


@lru_cache(maxsize=256)  # the site parser asks about the same line several times
def looks_like_name_list(line: str, *, min_names: int = 2) -> bool:
    """An author line: at least `min_names` names and (almost) nothing else.

    One odd entry among many names (`NameError`, a mononym) still counts as a list;
    the caller reports the odd entries.
    """
    if len(line) > 4000 or line.rstrip().endswith((".", "?", "!")) and not _ends_in_initial(line):
        return False
    # Cheap reject for prose: names average under six words between separators.
    separators = line.count(",") + line.count("·") + line.count(";") + line.count(" and ")
    if line.count(" ") > 6 * (separators + 1):
        return False
    parts = _split_names(line)
    if len(parts) < min_names:
        return False
    good = sum(1 for p in parts if looks_like_name(p))
    if min_names == 1 and len(parts) == 1:
        return good == 1
    # Long author lists tolerate one artefact in eight; short ones none at all.
    return good >= min_names and good >= len(parts) - len(parts) // 8


def _ends_in_initial(line: str) -> bool:
    last = line.rstrip().split()[-1] if line.strip() else ""
    return bool(_INITIAL.match(last)) or last in ("Jr.", "Sr.")


def unique_speakers(names: list[str]) -> tuple[list[Speaker], list[str]]:
    """Speakers in order with repeats of the same person dropped; returns the repeats too."""
    seen: set[str] = set()
    out: list[Speaker] = []
    repeats: list[str] = []
    for n in names:
        sp = make_speaker(n)
        if not sp.key:
            continue
        if sp.key in seen:
            repeats.append(sp.name)
            continue
        seen.add(sp.key)
        out.append(sp)
    return out, repeats
