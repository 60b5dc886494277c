"""What the program readers share about an event's words: its kind, its text made
plain, its links as web addresses, its people, and where it stands in the file."""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from functools import lru_cache
from urllib.parse import urljoin

from ..model import SessionKind, Speaker
from .names import make_speaker, split_author_line

# -- kinds ----------------------------------------------------------------------------

# Words of an event type or title, and the kind they make (first match wins).
_KIND_WORDS: tuple[tuple[str, SessionKind], ...] = (
    ("keynote", SessionKind.KEYNOTE), ("plenary", SessionKind.KEYNOTE),
    ("invited", SessionKind.INVITED),
    ("workshop", SessionKind.WORKSHOP), ("hands-on", SessionKind.WORKSHOP),
    ("junior", SessionKind.WORKSHOP),
    ("tutorial", SessionKind.TUTORIAL), ("training", SessionKind.TUTORIAL),
    ("panel", SessionKind.PANEL), ("podium", SessionKind.PANEL),
    ("discussion", SessionKind.PANEL), ("round table", SessionKind.PANEL),
    ("poster", SessionKind.POSTER), ("demo", SessionKind.DEMO),
    ("lightning", SessionKind.TALK), ("spotlight", SessionKind.SPOTLIGHT),
    ("oral", SessionKind.ORAL),
    ("break", SessionKind.BREAK), ("lunch", SessionKind.BREAK), ("coffee", SessionKind.BREAK),
    ("breakfast", SessionKind.BREAK), ("dinner", SessionKind.SOCIAL),
    ("social", SessionKind.SOCIAL), ("party", SessionKind.SOCIAL),
    ("concert", SessionKind.SOCIAL), ("performance", SessionKind.SOCIAL),
    ("meetup", SessionKind.SOCIAL), ("meeting", SessionKind.OTHER),
    ("game", SessionKind.SOCIAL),
    ("opening", SessionKind.REMARKS), ("closing", SessionKind.REMARKS),
    ("welcome", SessionKind.REMARKS), ("remarks", SessionKind.REMARKS),
    ("registration", SessionKind.OTHER), ("sprint", SessionKind.OTHER),
    ("talk", SessionKind.TALK), ("lecture", SessionKind.TALK), ("devroom", SessionKind.TALK),
    ("presentation", SessionKind.TALK), ("maintrack", SessionKind.TALK),
    ("contribution", SessionKind.TALK), ("session", SessionKind.TALK),
    ("other", SessionKind.OTHER),
)
# The words that say what an event is when they open its title ("Keynote: …", "Lunch").
_TITLE_KIND = re.compile(
    r"^\W*(?:(?:opening|closing)\s+)?(keynote)\b|"
    r"^\W*(workshop|tutorial|panel|poster|demo|lunch|coffee|break|breakfast|registration|"
    r"opening|closing|welcome|social|dinner)\b", re.IGNORECASE)


_TITLE_INITIALS = frozenset("kowtpdlcbrsw")  # the first letters of _TITLE_KIND's words


def kind_of(event_type: str | None, title: str = "") -> SessionKind:
    """The kind an event's type names; an empty or unknown type asks the title, and a
    title that says nothing makes a talk (what programs mostly hold)."""
    stated = type_kind(event_type or "")
    if stated is not None and stated is not SessionKind.TALK:
        return stated
    # "lecture" and "talk" say little: a title opening with "Keynote:" says more.
    return title_kind(title) or stated or SessionKind.TALK


def title_kind(title: str) -> SessionKind | None:
    """The kind a title's opening words name ("Keynote: …", "Lunch"), else None."""
    if title[:1].lower() not in _TITLE_INITIALS and not title[:1].isspace() and \
            title[:1].isalnum():
        return None  # no such word starts with that letter: spare the regex
    m = _TITLE_KIND.match(title)
    return type_kind(m.group(1) or m.group(2)) if m else None


@lru_cache(maxsize=512)  # a program has a handful of types, repeated on every event
def type_kind(event_type: str) -> SessionKind | None:
    low = event_type.strip().lower().replace("_", " ")
    if not low:
        return None
    for word, kind in _KIND_WORDS:
        if re.search(rf"\b{re.escape(word)}s?\b", low):  # whole words: "breakout" is no break
            return kind
    return None


# -- text -----------------------------------------------------------------------------

_HTML_TAG = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)(?:\s[^<>]*)?/?>")
_BLOCKS = frozenset("p div ul ol h1 h2 h3 h4 h5 h6 blockquote pre table tr section".split())
_PARAGRAPHS = re.compile(r"\n[ \t\r\f\v]*\n\s*")


def _tag_text(m: re.Match[str]) -> str:
    """What an HTML tag leaves in plain text: a line break, a paragraph break, a bullet."""
    name = m.group(2).lower()
    if name == "br":
        return "\n"
    if name == "li":
        return "" if m.group(1) else "\n\n• "
    return "\n\n" if name in _BLOCKS else ""


def plain_text(text: str | None) -> str:
    """Text as a reader shows it: HTML (FOSDEM's abstracts) made plain, paragraphs kept
    apart by a blank line, other blanks single."""
    if not text:
        return ""
    if "\n" not in text and "<" not in text and "&" not in text and "\r" not in text:
        # One plain paragraph, as most are; most are clean already (a C scan says so).
        if "  " not in text and "\t" not in text and not text[:1].isspace() and \
                not text[-1:].isspace():
            return text
        return " ".join(text.split())
    if "<" in text:
        text = _HTML_TAG.sub(_tag_text, text)  # one pass; no tag left, no text touched
    if "&" in text:
        text = html.unescape(text)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    paragraphs = (" ".join(p.split()) for p in _PARAGRAPHS.split(text))
    return "\n\n".join(p for p in paragraphs if p)


def join_texts(*parts: str) -> str:
    """Non-empty parts, each once, as paragraphs (an abstract, then a description that
    does not merely repeat it)."""
    given = [p for p in parts if p]
    if len(given) < 2:
        return given[0] if given else ""
    out: list[str] = []
    for part in parts:
        if part and not any(part in seen for seen in out):
            out.append(part)
    return "\n\n".join(out)


_BARE_HOST = re.compile(r"^(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:[/?#]\S*)?$",
                        re.IGNORECASE)


def web_address(url: str | None, base: str | None = None) -> str | None:
    """A link as a reader can open it: http(s) as given, a path resolved against the
    file's base URL, a bare host name (`nymtech.net`) as https; else None."""
    url = (url or "").strip()
    if not url:
        return None
    low = url.lower()
    if low.startswith(("http://", "https://")):
        return url
    if url.startswith("//"):
        return "https:" + url
    if ":" in url.split("/", 1)[0]:
        return None  # another scheme (javascript:, file:, mailto:): not a web page
    if _BARE_HOST.match(url):
        return "https://" + url
    if base and base.lower().startswith(("http://", "https://")):
        return urljoin(base, url)
    return None


def speaker(name: str, affiliation: str | None = None) -> Speaker | None:
    """A speaker with the key every other schedule gives the same name; None for blanks."""
    if not affiliation:
        return _plain_speaker(name)
    sp = make_speaker(name)
    if not sp.key:
        return None
    if affiliation and affiliation.strip():
        return Speaker(name=sp.name, key=sp.key, affiliation=" ".join(affiliation.split()))
    return sp


@lru_cache(maxsize=1 << 16)  # programs name the same people on many events
def _plain_speaker(name: str) -> Speaker | None:
    sp = make_speaker(name)
    return sp if sp.key else None


_AFFILIATION = re.compile(r"^(?P<name>[^()]+?)\s*\((?P<aff>[^()]+)\)\s*$")


def speakers_from_line(line: str) -> list[Speaker]:
    """The people on a `Speakers:` line: `Ana Ruiz (MIT), Bo Li` — affiliations kept."""
    out = []
    # Affiliations may hold commas ("University of X, Y"): split outside parentheses only.
    depth, start, parts = 0, 0, []
    for i, c in enumerate(line):
        if c == "(":
            depth += 1
        elif c == ")":
            depth = max(0, depth - 1)
        elif depth == 0 and c in ",;":
            parts.append(line[start:i])
            start = i + 1
    parts.append(line[start:])
    for part in parts:
        for name in split_author_line(part) if "(" not in part else [part.strip()]:
            m = _AFFILIATION.match(name)
            sp = speaker(m.group("name"), m.group("aff")) if m else speaker(name)
            if sp is not None:
                out.append(sp)
    return unique(out)


def unique(speakers: Iterable[Speaker]) -> list[Speaker]:
    """Each person once (by key), in order."""
    if type(speakers) is list and len(speakers) < 2:
        return speakers
    seen: set[str] = set()
    out = []
    for sp in speakers:
        if sp.key not in seen:
            seen.add(sp.key)
            out.append(sp)
    return out


class LineFinder:
    """Line numbers of things that appear in a text in order (events of a JSON file, by
    their guid): each search starts where the last one ended, so finding them all
    reads the text once."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0
        self.line = 1

    def find(self, needle: str | None) -> int | None:
        if not needle:
            return None
        at = self.text.find(needle, self.pos)
        if at < 0:
            return None
        self.line += self.text.count("\n", self.pos, at)
        self.pos = at
        return self.line
