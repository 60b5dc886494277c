"""Person names: splitting author lines, telling names from titles, and folding
names into keys so that one person is not split by case, accents or spacing."""

from __future__ import annotations

import re
from functools import lru_cache

from ..model import Speaker, made
from ..text import fold, squash

# Separators between names on an author line: the middle dot sites use, commas,
# semicolons, and a final "and".
_SEPARATORS = ("·", "•", ";", "|", " and ", " & ")
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
    """The speaker of a name as written: blanks squashed, separators trimmed, and its
    key.  Made as pydantic would validate it (`_make_speaker_plain`) without asking it
    to: both fields are plain strings already (half the cost of each distinct name);
    the fields set as `Speaker(name=…, key=…)` records it."""
    clean = squash(name).strip(" ,;·")
    return made(Speaker, {"name": clean, "key": name_key(clean), "affiliation": None},
                {"name", "key"})


def with_affiliation(speaker: Speaker, affiliation: str) -> Speaker:
    """`speaker` with where the person is from (a plain string), made as `made` makes
    speakers: `Speaker(name=…, key=…, affiliation=…)`, not validated again."""
    return made(Speaker, {"name": speaker.name, "key": speaker.key,
                          "affiliation": affiliation}, {"name", "key", "affiliation"})


def _make_speaker_plain(name: str) -> Speaker:
    """`make_speaker` validated by pydantic: the reference its tests hold it to."""
    clean = squash(name).strip(" ,;·")
    return Speaker(name=clean, key=name_key(clean))


def split_names(line: str) -> list[str]:
    return list(_split_names(line))


@lru_cache(maxsize=256)  # asked twice per author line: is it one, and what are the names
def _split_names(line: str) -> tuple[str, ...]:
    return tuple(split_author_line(line))


def _has_separator(line: str) -> bool:
    for sep in _SEPARATORS:  # (a plain loop: cheaper than any() over a generator)
        if sep in line:
            return True
    return False


def split_author_line(line: str) -> list[str]:
    """The names on an author line, uncached (for parsers that see each line once)."""
    if "  " not in line and "and " not in line and not _has_separator(line):
        # The common `A B, C D, E F`: nothing to unify or drop but blanks.
        parts = list(filter(None, map(str.strip, line.split(","))))
        if line.isascii() or line.isprintable():
            # Nothing to squash in `Zoë Ødegaard`: every blank but the plain space
            # (NBSP, tab, thin space...) is unprintable.
            return parts
        return [p if p.isascii() else squash(p) for p in parts]
    # Plain replaces beat one regex with alternations by ~3x on author lines.
    unified = line
    for sep in _SEPARATORS:
        if sep in unified:
            unified = unified.replace(sep, ",")
    out = []
    for part in unified.split(","):
        part = part.strip()
        if part.startswith("and "):
            part = part[4:].lstrip()
        if part:
            out.append(squash(part) if "  " in part or not part.isascii() else part)
    return out


@lru_cache(maxsize=1 << 16)
def looks_like_name(part: str) -> bool:
    """A plausible personal name: 2 to 6 words, letters only, no title words.

    Mononyms are rejected on purpose: one-word entries on author lines are far more
    often scraping artefacts (`NameError`) than people.

    `_looks_like_name_plain`, with what each word says judged once per word
    (`_word_fault`): first names and surnames recur from one name to the next.
    """
    if not part or len(part) > MAX_NAME_LENGTH or ":" in part or part.endswith(("?", "!")):
        return False
    tokens = part.split()
    if not 2 <= len(tokens) <= 6:
        return False
    for tok in tokens[:-1]:
        if _word_fault(tok):
            return False
    # A sentence ends with a full stop after a long word; a name ends with one only
    # after an initial or "Jr.".
    last = tokens[-1]
    fault = _word_fault(last)
    return not fault or fault == _STOPPED and last in ("Jr.", "Sr.")


_UNNAMELY = 1  # a title word, or a word no name is written with
_STOPPED = 2  # a full stop after a word that is no initial: only a name's last word, `Jr.`


@lru_cache(maxsize=1 << 16)
def _word_fault(tok: str) -> int:
    """What `_looks_like_name_plain` holds against one word of a name, if anything."""
    low = tok.lower()
    if low in _TITLE_WORDS or not _NAME_TOKEN.match(tok):
        return _UNNAMELY
    initial = _INITIAL.match(tok) is not None
    if (
        tok[0].islower() and low not in _PARTICLES and not initial
        and not tok.replace("-", "").replace("'", "").replace("’", "").isalpha()
    ):
        return _UNNAMELY
    return _STOPPED if tok.endswith(".") and not initial else 0


def _looks_like_name_plain(part: str) -> bool:
    """`looks_like_name` asking each word every question in turn: the reference."""
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
        if (
            tok[0].islower() and low not in _PARTICLES and not _INITIAL.match(tok)
            # lower-cased names still keep to letters (`carole-jean`, `k.` is an initial)
            and not tok.replace("-", "").replace("'", "").replace("’", "").isalpha()
        ):
            return False
        if tok.endswith(".") and not _INITIAL.match(tok) and i != len(tokens) - 1:
            return False
    # A sentence ends with a full stop after a long word; a name ends with one only
    # after an initial or "Jr.".
    last = tokens[-1]
    if last.endswith(".") and not (_INITIAL.match(last) or last in ("Jr.", "Sr.")):
        return False
    return True


# Two to six words of letters, any case or script, with hyphens inside words, or
# initials (`Q.`), one space apart.
_LETTERED_WORD = r"(?:[^\W\d_]+(?:-[^\W\d_]+)*|[^\W\d_]\.)"
_LETTERED = re.compile(rf"{_LETTERED_WORD}(?: {_LETTERED_WORD}){{1,5}}")


def lettered_names(parts: list[str]) -> list[bool]:
    """For each part, whether it is a name made of letters and initials only (`JINOOK
    SONG`, `colby banbury`, `Zoë K. Ødegaard`): a cheap test for many names at once.

    A part it accepts is a name by `looks_like_name`, no artefact by `is_artefact`,
    and already clean (`make_speaker` keeps it as written); a part it refuses may
    still be a name, and takes the long way.
    """
    out = [
        m is not None and len(part) <= MAX_NAME_LENGTH
        and _TITLE_WORDS.isdisjoint(low := part.lower().split()) and low != ["et", "al"]
        for part, m in zip(parts, map(_LETTERED.fullmatch, parts))
    ]
    for i, part in enumerate(parts):
        # Beyond ASCII, the regex's letters also admit numbers such as ² and Ⅷ.
        if out[i] and not part.isascii():
            out[i] = part.replace(" ", "").replace("-", "").replace(".", "").isalpha()
    return out


def looks_like_name_list(line: str, *, min_names: int = 2) -> bool:
    """An author line: at least `min_names` names and (almost) nothing else.

    One odd entry among many names (`NameError`, a mononym) still counts as a list;
    the caller reports the odd entries.
    """
    counts = _name_counts(line)
    if counts is None:
        return False
    parts, good = counts
    if parts < min_names:
        return False
    if min_names == 1 and parts == 1:
        return good == 1
    # Long author lists tolerate one artefact in eight; short ones none at all.
    return good >= min_names and good >= parts - parts // 8


@lru_cache(maxsize=256)  # the site parser asks about the same line several times
def _name_counts(line: str) -> tuple[int, int] | None:
    """(entries, entries that look like names) on a line, or None for clear prose."""
    if len(line) > 4000 or line.rstrip().endswith((".", "?", "!")) and not _ends_in_initial(line):
        return None
    if ":" in line:  # no name holds a colon; titles and labels often do
        return None
    # Cheap reject for prose: names average under six words between separators.
    separators = line.count(",") + line.count("·") + line.count(";") + line.count(" and ")
    if line.count(" ") > 6 * (separators + 1):
        return None
    if separators == 0:  # one entry: a single name or a title
        return 1, int(looks_like_name(line.strip()))
    parts = _split_names(line)
    return len(parts), sum(1 for p in parts if looks_like_name(p))


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


# -- telling scraping artefacts from people -------------------------------------------

# Things that sit on author lines but are no one: exception names a scraper printed
# (`NameError`), placeholders and "et al.".  Mononyms are not among them: some people
# have one name, so those stay speakers (the parsers warn about them instead).
_ARTEFACT_WORDS = re.compile(
    r"^(?:error|exception|null|none|nil|undefined|nan|n/?a|tba|tbd|unknown|anonymous|anon|"
    r"et\.? ?al\.?|and others|others)$",
    re.IGNORECASE,
)
# Case-sensitive on purpose: `KeyError` is an exception name, `Keyerror` could be a mononym.
_EXCEPTION_NAME = re.compile(r"^[A-Z][A-Za-z]*(?:Error|Exception)$")
_ARTEFACT_CHARS = re.compile(r"[\d@<>{}\[\]=\\/#]|://")


@lru_cache(maxsize=1 << 16)
def is_artefact(name: str) -> bool:
    """True for author-line entries that are certainly not a person (`NameError`, `N/A`)."""
    text = name.strip()
    if not text:
        return True
    # (each whole-text pattern asked only of a text it could match: the artefact words
    # are ten characters at most, an exception's name ends in its kind)
    if len(text) <= 10 and _ARTEFACT_WORDS.match(text) \
            or text.endswith(("Error", "Exception")) and _EXCEPTION_NAME.match(text):
        return True
    return _ARTEFACT_CHARS.search(text) is not None
