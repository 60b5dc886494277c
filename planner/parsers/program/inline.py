"""Inline Markdown and inline HTML on one line: the visible text and its styled spans.

`**Title**`, `*Venue*`, `[Title](url)`, `[Workshop][ref]`, `<b>`, `<i>`, `<a href>`,
entities, backslash escapes, code spans, Liquid tags (`{{ site.url }}`) and kramdown
attribute lists are read; everything else is text.  Emphasis pairs the way CommonMark
pairs it in the common cases (a `_` inside a word, as in `CogniCrypt_GEN`, is text).

Why not markdown-it-py's inline parser: it costs about 120 µs a line here, 1.2 s for a
10,000-row program against a 0.5 s budget for the whole parse (docs/benchmarks.md);
this reads only what a program reader needs, in one regex pass.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

from .doc import Span

# Characters that can start markup; a line without any is plain text.
_MARKUP = re.compile(r"[\\`*_\[\]<&{]")
_LIQUID = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{:[^}]*\}|\{::[^}]*\}")
_TOKEN = re.compile(
    r"(?P<esc>\\[\\`*_{}\[\]()#+\-.!|<>~\"'])"
    r"|(?P<code>`+)"
    r"|(?P<img>!\[[^\]]*\]\([^)]*\))"
    r"|(?P<lopen>\[)"
    r"|(?P<lclose>\]\((?P<href><[^>]*>|[^)\s]*)(?:\s+(?:\"[^\"]*\"|'[^']*'))?\s*\)"
    r"|\]\[(?P<ref>[^\]]*)\]|\])"
    r"|(?P<delim>\*+|_+)"
    r"|(?P<comment><!--.*?(?:-->|$))"
    r"|(?P<auto><(?P<aurl>(?:https?|mailto):[^>\s]+)>)"
    r"|(?P<tag></?(?P<tname>[a-zA-Z][a-zA-Z0-9]*)(?P<attrs>(?:\s[^<>]*?)?)/?>)"
    r"|(?P<ent>&(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#[xX][0-9a-fA-F]+);)"
)
# The first characters of `_TOKEN`'s alternatives: where a token can start.
_TOKEN_START = re.compile(r"[\\`!\[\]*_<&]")


def _next_token(text: str, pos: int) -> re.Match[str] | None:
    """`_TOKEN.search(text, pos)`, trying the pattern only where a token can start: the
    engine tries each of its dozen alternatives at every character, which cost more
    than all else on a line with a bracket or an ampersand (`[Security] Email …`,
    `status & plans`); a character class it scans for in one pass."""
    while True:
        at = _TOKEN_START.search(text, pos)
        if at is None:
            return None
        m = _TOKEN.match(text, at.start())
        if m is not None:
            return m
        pos = at.start() + 1


_HREF = re.compile(r"""href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))""", re.IGNORECASE)
_BOLD_TAGS = frozenset({"b", "strong"})
_ITALIC_TAGS = frozenset({"i", "em", "cite"})


@dataclass(slots=True)
class _Delim:
    char: str
    count: int
    can_open: bool
    can_close: bool
    index: int  # position in the token list


def has_markup(text: str) -> bool:
    """Whether `text` holds a character `_MARKUP` looks for, each looked for by `in` (a
    scan in C: the character class is tried at each character, about ten times the
    instructions on a title; the tests hold the two together)."""
    return "*" in text or "_" in text or "[" in text or "]" in text or "<" in text \
        or "&" in text or "{" in text or "\\" in text or "`" in text


# `_TOKEN`'s entity: an ampersand that opens none is text.
_ENTITY = re.compile(r"&(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#[xX][0-9a-fA-F]+);")


def strip_liquid(text: str) -> str:
    return _LIQUID.sub("", text) if "{" in text else text


# `{% include paper.html title="…" authors="…" %}`, over one line or several
_INCLUDE = re.compile(r"\{%-?\s*include\s+[\w./-]+(?:\s+[\w-]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))+\s*-?%\}")
_INCLUDE_ATTR = re.compile(r"([\w-]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")
# the attributes a paper's or talk's include shows, as its page renders them
_SHOWN = frozenset({"title", "authors", "author", "speakers", "speaker", "presenters"})


def liquid_includes(text: str) -> str:
    """A Jekyll page's `{% include paper.html title="…" authors="…" %}` as the page shows
    it: a paragraph of the title, then one of the authors, each on the line its
    attribute stands on (so line numbers hold); an include with no title is left to
    `strip_liquid`.  (A theme's include renders the paper; without it, the page holds
    nothing but the tag.)"""
    def shown(m: re.Match) -> str:
        block = m.group()
        if "title" not in {k.lower() for k, _, _ in _INCLUDE_ATTR.findall(block)}:
            return block
        out = []
        for line in block.split("\n"):
            vals = [v1 or v2 for k, v1, v2 in _INCLUDE_ATTR.findall(line) if k.lower() in _SHOWN]
            out.append("".join(f"<p>{v}</p>" for v in vals if v.strip()))
        return "\n".join(out)
    return _INCLUDE.sub(shown, text) if "{%" in text else text


def _href_of(attrs: str) -> str | None:
    m = _HREF.search(attrs or "")
    if not m:
        return None
    return html.unescape(next(g for g in m.groups() if g is not None))


def parse_inline(text: str, refs: dict[str, str] | None = None) -> tuple[str, tuple[Span, ...]]:
    """The visible text of one line of Markdown (with inline HTML) and its spans."""
    if not has_markup(text):
        return _squash(text), ()
    if "&" in text and not has_markup(text.replace("&", "")) and _ENTITY.search(text) is None:
        # (its only marks ampersands that open no entity, `status & plans`: no token)
        return _squash(text), ()
    return _parse_marked(text, refs)


def _parse_marked(text: str, refs: dict[str, str] | None) -> tuple[str, tuple[Span, ...]]:
    """`parse_inline` of a text with a mark, token by token."""
    text = strip_liquid(text)
    # Tokens: ("t", text) | ("d", _Delim) | ("lo", None) | ("lc", href) | ("b"/"i"/"a", on)
    toks: list[list] = []
    delims: list[_Delim] = []
    pos = 0
    n = len(text)
    while pos < n:
        m = _next_token(text, pos)
        if m is None:
            toks.append(["t", text[pos:]])
            break
        if m.start() > pos:
            toks.append(["t", text[pos:m.start()]])
        kind = m.lastgroup
        pos = m.end()
        if kind == "esc":
            toks.append(["t", m.group()[1]])
        elif kind == "code":
            ticks = m.group()
            close = text.find(ticks, pos)
            if close < 0:
                toks.append(["t", ticks])
            else:
                toks.append(["t", text[pos:close].strip()])
                pos = close + len(ticks)
        elif kind == "img":
            continue
        elif kind == "lopen":
            toks.append(["lo", None])
        elif kind == "lclose":
            if m.group("href") is not None:
                href = m.group("href").strip("<>")
                toks.append(["lc", strip_liquid(href)])
            elif m.group("ref") is not None:
                key = (m.group("ref") or "").strip().lower()
                toks.append(["lc", ("ref", key)])
            else:
                toks.append(["lc", None])  # a bare `]`: maybe `[text]` as a shortcut ref
        elif kind == "delim":
            run = m.group()
            before = text[m.start() - 1] if m.start() > 0 else " "
            after = text[pos] if pos < n else " "
            left = not after.isspace() and not (_punct(after) and not (before.isspace() or _punct(before)))
            right = not before.isspace() and not (_punct(before) and not (after.isspace() or _punct(after)))
            if run[0] == "_":
                can_open = left and (not right or _punct(before))
                can_close = right and (not left or _punct(after))
            else:
                can_open, can_close = left, right
            d = _Delim(run[0], len(run), can_open, can_close, len(toks))
            delims.append(d)
            toks.append(["d", d])
        elif kind == "comment":
            continue
        elif kind == "auto":
            url = m.group("aurl")
            toks.append(["a", url])
            toks.append(["t", url])
            toks.append(["a", None])
        elif kind == "tag":
            name = m.group("tname").lower()
            closing = m.group().startswith("</")
            if name in _BOLD_TAGS:
                toks.append(["b", not closing])
            elif name in _ITALIC_TAGS:
                toks.append(["i", not closing])
            elif name == "a":
                toks.append(["a", None if closing else (_href_of(m.group("attrs")) or "")])
            elif name in ("br", "p", "div", "li", "td", "th", "tr"):
                toks.append(["t", " "])
            # other tags (span, font, sup ...) carry no meaning here
        elif kind == "ent":
            toks.append(["t", html.unescape(m.group())])
    _pair_links(toks, refs or {})
    _pair_emphasis(toks, delims)
    return _render(toks)


def _punct(ch: str) -> bool:
    return not ch.isalnum() and not ch.isspace()


def _pair_links(toks: list[list], refs: dict[str, str]) -> None:
    """Turn matched `[` ... `](url)` into link on/off tokens; the rest is text."""
    stack: list[int] = []
    for i, tok in enumerate(toks):
        if tok[0] == "lo":
            stack.append(i)
        elif tok[0] == "lc":
            if not stack:
                tok[0], tok[1] = "t", "]"
                continue
            j = stack.pop()
            href = tok[1]
            if isinstance(href, tuple):
                key = href[1] or _plain(toks[j + 1:i]).strip().lower()
                href = refs.get(key)
            elif href is None:
                href = refs.get(_plain(toks[j + 1:i]).strip().lower())
                if href is None:  # `[text]`: brackets the page shows as they are
                    toks[j][0], toks[j][1] = "t", "["
                    tok[0], tok[1] = "t", "]"
                    continue
            toks[j][0], toks[j][1] = "a", href or ""
            tok[0], tok[1] = "a", None
    for j in stack:
        toks[j][0], toks[j][1] = "t", "["


def _plain(toks: list[list]) -> str:
    return "".join(t[1] for t in toks if t[0] == "t")


def _pair_emphasis(toks: list[list], delims: list[_Delim]) -> None:
    openers: list[_Delim] = []
    for d in delims:
        if d.can_close:
            k = len(openers) - 1
            while k >= 0 and d.count > 0:
                o = openers[k]
                if o.char == d.char and o.count > 0:
                    use = 2 if o.count >= 2 and d.count >= 2 else 1
                    style = "b" if use == 2 else "i"
                    toks[o.index].append((style, True, use))
                    toks[d.index].insert(2, (style, False, use))
                    o.count -= use
                    d.count -= use
                    if o.count == 0:
                        del openers[k]
                        k = len(openers) - 1
                    continue
                k -= 1
        if d.can_open and d.count > 0:
            openers.append(d)


def _render(toks: list[list]) -> tuple[str, tuple[Span, ...]]:
    parts: list[str] = []
    segs: list[tuple[int, int, bool, bool, str | None]] = []
    bold = italic = 0
    href: str | None = None
    length = 0
    for tok in toks:
        kind = tok[0]
        if kind == "t":
            s = tok[1]
            if s:
                parts.append(s)
                if bold or italic or href is not None:
                    segs.append((length, length + len(s), bold > 0, italic > 0, href))
                length += len(s)
        elif kind == "b":
            bold = bold + 1 if tok[1] else max(0, bold - 1)
        elif kind == "i":
            italic = italic + 1 if tok[1] else max(0, italic - 1)
        elif kind == "a":
            href = tok[1]
        elif kind == "d":
            d: _Delim = tok[1]
            # closes first (inserted at 2), then what is left as text, then opens
            extras = tok[2:]
            closes = [e for e in extras if not e[1]]
            opens = [e for e in extras if e[1]]
            for style, _, _ in closes:
                if style == "b":
                    bold = max(0, bold - 1)
                else:
                    italic = max(0, italic - 1)
            if d.count:
                s = d.char * d.count
                parts.append(s)
                if bold or italic or href is not None:
                    segs.append((length, length + len(s), bold > 0, italic > 0, href))
                length += len(s)
            for style, _, _ in opens:
                if style == "b":
                    bold += 1
                else:
                    italic += 1
    raw = "".join(parts)
    return _squash_with_spans(raw, segs)


def _squash(text: str) -> str:
    """Blanks squashed to one space, none at the ends (str.split's blanks are `\\s`'s)."""
    return " ".join(text.split())


def _squash_with_spans(raw: str, segs: list) -> tuple[str, tuple[Span, ...]]:
    """Collapse blanks and move the spans along; neighbouring spans of one style merge."""
    if not segs:
        return _squash(raw), ()
    # Map old offsets to new ones.
    new_pos = [0] * (len(raw) + 1)
    out: list[str] = []
    k = 0
    prev_space = True
    for i, ch in enumerate(raw):
        new_pos[i] = k
        if ch.isspace():
            if not prev_space:
                out.append(" ")
                k += 1
            prev_space = True
        else:
            out.append(ch)
            k += 1
            prev_space = False
    new_pos[len(raw)] = k
    text = "".join(out)
    trail = len(text) - len(text.rstrip())
    text = text.rstrip()
    spans: list[Span] = []
    for start, end, b, i, h in segs:
        s, e = new_pos[start], min(new_pos[end], len(text))
        while s < e and text[s] == " ":
            s += 1
        while e > s and text[e - 1] == " ":
            e -= 1
        if s >= e:
            continue
        last = spans[-1] if spans else None
        if last is not None and last.bold == b and last.italic == i and last.href == h \
                and text[last.end:s].strip() == "":
            spans[-1] = Span(last.start, e, b, i, h)
            continue
        spans.append(Span(s, e, b, i, h))
    del trail
    return text, tuple(spans)
