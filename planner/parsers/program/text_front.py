"""Plain text and Markdown into a `Doc`, line by line.

What a pasted or downloaded program uses of Markdown is its line structure: ATX and
setext headings, list items, pipe tables, raw HTML blocks, front matter, Liquid and
kramdown markup, link reference definitions.  Plain text adds the tab-separated rows a
browser gives when a table is copied, with a cell's line breaks splitting the row
over several lines.  Raw HTML blocks go to the HTML front-end with their line offset.
Inline markup is `inline.parse_inline`'s.
"""

from __future__ import annotations

import csv
import re
from itertools import islice

from .doc import Cell, Doc, Line, Span
from .inline import _squash, has_markup, parse_inline, strip_liquid
from .joined import Joined
from .when import find_days

_ATX = re.compile(r"^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$")
_SETEXT = re.compile(r"^ {0,3}(=+|-+)[ \t]*$")
_BULLET = re.compile(r"^(?P<indent>[ \t]*)(?P<marker>[*+\-•·]|\d{1,3}[.)]|\(\d{1,3}\)|\[\d{1,4}\])(?:[ \t]+|$)")
_HR = re.compile(r"^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$")
_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
_TABLE_DELIM = re.compile(r"^ {0,3}\|?[ \t]*:?-{1,}:?[ \t]*(?:\|[ \t]*:?-{1,}:?[ \t]*)*\|?[ \t]*$")
_REFDEF = re.compile(r"^ {0,3}\[([^\]]+)\]:[ \t]*<?(\S+?)>?(?:[ \t]+.*)?$")
_LIQUID_LINE = re.compile(r"^\s*(?:\{%.*%\}|\{:.*\}|\{::.*\})\s*$")
_PELICAN = re.compile(r"^(title|slug|date|author|authors|category|tags|summary|status|"
                      r"layout|permalink|template|lang|modified)\s*:", re.IGNORECASE)
# Block-level HTML that starts a raw HTML block (CommonMark types 1, 2 and 6).
_HTML_BLOCK = re.compile(
    r"^ {0,3}<(?:!--|/?(?P<tag>table|tbody|thead|tr|td|th|div|section|article|ul|ol|li|p|"
    r"h[1-6]|style|script|iframe|dl|dt|dd|center|blockquote|header|footer|nav|aside|main|"
    r"form|hr|pre|figure|details|summary|body|html|head|font|b|strong|i|em|a|span|br)\b)",
    re.IGNORECASE,
)
_BR = re.compile(r"<br\s*/?>", re.IGNORECASE)
_BR_ONLY = re.compile(r"^(?:<br\s*/?>\s*)+$", re.IGNORECASE)
_TAG_NAME = re.compile(r"<(/?)([a-zA-Z][a-zA-Z0-9]*)\b[^>]*?(/?)>")
_CONTAINERS = frozenset({"table", "div", "ul", "ol", "style", "script", "section", "article",
                         "dl", "iframe", "blockquote", "details", "center", "pre"})
_TIME_START = re.compile(
    r"^\s*(?:\d{1,2}(?::\d{2})?\s*(?:[ap]\.?\s?m\.?)?\s*(?:[-–—]|to|$)|\d{1,2}[:.]\d{2}\b|"
    r"\d{1,2}\s*[ap]\.?\s?m\b|all day|after|until|noon|midnight)",
    re.IGNORECASE,
)

# What the block patterns above need as the first mark on a line: `{%`, `[ref]:`, a
# fence, a rule, an HTML tag, an ATX heading, a setext underline.
_BLOCK_MARKS = frozenset("{[`~*-_<#=")

_NO_JOIN = re.compile(
    r"^\s*(?:[\w][\w /&'-]{0,24}:\s|\d{1,2}(?::\d\d|\s*[ap]\.?m\b)|\d{1,2}[.:]\d\d|[-*+•]\s|\d{1,3}[.)]\s|\[\d+\]|[#|<]|\{%)",
    re.IGNORECASE,
)


# The characters `inline._MARKUP` looks for, one by one.
MARKUP_CHARS = "\\`*_[]<&{"

_BR_AT_END = re.compile(r"<br\s*/?>\s*$", re.I)
_LABEL_ONLY = re.compile(r"^\s*(?:[-*+]\s+)?(?:\*\*|__)[^*_]{1,40}(?:\*\*|__)\s*:?\s*$|^[^:]{1,40}:\s*$")


def _can_join(prev_raw: str, raw: str) -> bool:
    if prev_raw.endswith(("  ", "\\")) or "<" in prev_raw and _BR_AT_END.search(prev_raw):
        return (_mid_phrase(prev_raw) or _goes_on(raw)) and not _NO_JOIN.match(raw)
    if _NO_JOIN.match(raw):
        return False  # (first: most lines of a program start with a time)
    if _LABEL_ONLY.match(prev_raw):
        return False  # `- **Abstract**` or `Subjects:` over its text
    if _stacked(prev_raw, raw):
        return False
    return True


def _mid_phrase(prev_raw: str) -> bool:
    """Whether a line broken on purpose (`  ` or `<br>` at its end) was broken in the
    middle of a phrase: a parenthesis or bracket still open, or a last word that asks
    for more (`, by Hezekiah Carty (MDA Information Systems` over `LLC, USA)`).  Pages
    whose every line ends in a hard break wrap their paragraphs so; the next line goes
    on with the phrase."""
    prev = _BR_AT_END.sub("", prev_raw).rstrip(" \\")
    return prev.count("(") > prev.count(")") or prev.count("[") > prev.count("]") \
        or _OPEN_END.search(prev) is not None


def _goes_on(raw: str) -> bool:
    """Whether a line can only go on with the phrase above it: it opens with a
    parenthesis (`(paper, slides), by Yoann Padioleau`) or a lower-case word."""
    t = raw.lstrip()
    return t[:1] == "(" or t[:1].islower()


# How a wrapped paragraph ends a line: on a word that asks for more.
_OPEN_END = re.compile(r"(?:[,;&/(\[–—-]|\b(?:and|or|of|the|a|an|for|in|on|to|with|by|at|from|"
                       r"de|van|von|der|da|di|du|le|la|y|und|et))\s*$", re.IGNORECASE)


def _stacked(prev_raw: str, raw: str) -> bool:
    """A short line over a capitalised one: lines stacked on purpose (a title over its
    speaker, `Paged Attention Revisited` / `Emil Sandberg`), not a wrapped paragraph,
    whose lines run to near its width (a word is never 40 characters long)."""
    prev = prev_raw.strip()
    if prev.count("[") > prev.count("]") or prev.count("(") > prev.count(")") \
            or prev.count("**") % 2 or prev.count("`") % 2 or prev.count("<") > prev.count(">"):
        return False  # a link, parenthesis, emphasis or tag still open goes on
    nxt = raw.lstrip(" >*_[")  # (`[PDF](url)` under `Video`: a link line of its own)
    return (len(prev) < 40 and not _OPEN_END.search(prev) and bool(nxt)
            and (nxt[0].isupper() or nxt[0].isdigit() and len(prev) < 40))


# (every sign opens with a blank, `#`, `|`, `*`, `[`, `+` or `-`: the lookahead turns
# away every other character before the alternatives are tried there)
_MD_SIGNS = re.compile(
    r"(?=[\s#|*\[+\-])(?:^ {0,3}#{1,6} |^\s*\|.*\|\s*$|\*\*[^*\n]+\*\*|\[[^\]\n]+\]\([^)\n]+\)|^ {0,3}[*+-] |"
    r"^---\s*$)",
    re.MULTILINE | re.IGNORECASE,
)
_HTML_SIGNS = re.compile(r"<(?:table|div|br|p|a|td|tr|li|span|h[1-6])\b", re.IGNORECASE)


def looks_like_markdown(text: str) -> bool:
    """Markdown's own signs (headings, pipe tables, emphasis, links), or HTML tags
    among text lines, as Markdown pages with raw HTML have them."""
    head = text[:100_000]
    md = sum(1 for _ in islice(_MD_SIGNS.finditer(head), 3))  # (three are enough)
    if md >= 3:
        return True
    return md >= 1 and _HTML_SIGNS.search(head) is not None


# Every blank `str.split` parts words at but the space and the line feed (a test holds
# them to `str.isspace`).
ODD_BLANKS = ("\t\x0b\x0c\r\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004"
              "\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")


def _unevenly_spaced(joined: Joined) -> set[int]:
    """The lines with a blank other than a single space: one of `ODD_BLANKS` or two
    spaces running.  Every other line, and each part of one, has its blanks squashed
    (`_squash`) once it is stripped.  A few `str.find` scans of the whole text (a
    character class tried at each character costs ten times more), where squashing
    splits every line into its words and joins them again.

    A tab is left to the caller, which asks its text (a copied table holds one on each
    line: each would be found and counted here)."""
    out: set[int] = set()
    joined.holding("  ", out)
    for blank in ODD_BLANKS[1:]:  # (all but the tab)
        joined.holding(blank, out)
    return out


class _Builder:
    def __init__(self, lines: list[str], markdown: bool, uneven: set[int] | None = None) -> None:
        self.src = lines
        self.markdown = markdown
        # the lines with blanks other than single spaces (`_unevenly_spaced`; None: not
        # known, each line is squashed)
        self.uneven = uneven
        self.out: list[Line] = []
        self.markup: set[int] = set()
        self.refs: dict[str, str] = {}
        self.cells: dict[str, tuple] = {}  # a table cell's raw text -> `_cell_read`
        self.para = 0
        self.item = 0
        self.table = 0
        self.title: str | None = None
        self.meta: list[tuple[int, str]] = []
        self.last_raw = ""
        self.bullet_next = False

    def new_para(self) -> int:
        self.para += 1
        return self.para

    def add(self, no: int, raw: str, plain: bool = False, heading: int = 0, bullet: bool = False,
            item: int = 0, para: int = 0) -> Line | None:
        """The line `raw` (of source line `no`) read; `plain`: it holds no character that
        starts inline markup (what `parse_inline` would first check)."""
        if plain or not self.markdown:
            uneven = self.uneven
            text = raw.strip() if uneven is not None and no - 1 not in uneven and "\t" not in raw \
                else _squash(raw)
            spans = ()
        else:
            text, spans = parse_inline(raw, self.refs)
        if not text:
            if not raw.strip():
                self.last_raw += "<br>"  # a line break ended the line before: no join
            return None
        if self.bullet_next:
            self.bullet_next = False
            self.item += 1
            bullet, item = True, self.item
        # Line(no, text, spans, heading, bullet, item, para)
        ln = Line(no, text, spans, heading, bullet, item, para)
        self.out.append(ln)
        self.last_raw = raw
        return ln

    def join(self, prev: Line, raw: str) -> Line:
        """A soft-wrapped line of a Markdown paragraph: one line, as the page shows it."""
        # (the joined line keeps the hard break its last part ends with: `Title**  `)
        joined = self.last_raw.rstrip() + " " + raw.lstrip()
        text, spans = parse_inline(joined, self.refs)
        ln = Line(prev.no, text, spans, heading=prev.heading, bullet=prev.bullet, item=prev.item,
                  para=prev.para)
        self.out[-1] = ln
        self.last_raw = joined
        return ln


# A line that opens with a clock (`8:10`) and holds no character that starts markup,
# a table cell or a tab-separated row: see `read_text`.
_PLAIN_TIMED = re.compile(r"\d{1,2}:\d\d[^|\t<\\`*_\[\]&{]*$")


def _never(raw: str) -> None:
    """No line is read at once (`read_text`'s plain steps for every line)."""
    return None


def read_text(text: str, *, markdown: bool | None = None, plain_timed: bool = True) -> Doc:
    """The `Doc` of a plain-text or Markdown program (`plain_timed`: the lines that
    `_PLAIN_TIMED` matches in an open paragraph are read at once; off, by the steps
    every line takes, which the tests hold the shortcut to)."""
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    src = text.split("\n")
    if markdown is None:
        markdown = looks_like_markdown(text)
    joined = Joined(src)
    b = _Builder(src, markdown, _unevenly_spaced(joined))
    marked: set[int] = set()  # the lines with a character that may start inline markup
    if markdown:
        _collect_refs(b, joined)
        # (looked for in all the lines at once: most lines of a program have none, and
        # `add` reads those without `parse_inline`; each character by `str.find`, a
        # tenth of the instructions of the character class tried at every position)
        for ch in MARKUP_CHARS:
            joined.holding(ch, marked)
    i = _front_matter(b)
    n = len(src)
    para_open = False
    prev_text_line: Line | None = None
    quick = _PLAIN_TIMED.match if plain_timed else _never
    uneven = b.uneven
    out = b.out
    while i < n:
        raw = src[i]
        no = i + 1
        if len(raw) <= 32 and _TIME_ONLY.match(raw) is not None:
            # (a line that is only a time, as few are: maybe the first of a times column
            # pasted a cell a line, its titles after it)
            got = _columns_pasted(b, i)
            if got is not None:
                i = got
                para_open = False
                prev_text_line = None
                continue
        if para_open and quick(raw) is not None and not b.bullet_next:
            # A line of an open paragraph that opens with a clock and holds no mark
            # (`8:10 - 8:20 Title (12), Name`, most lines of a time-first program): what
            # the steps below make of it, taken at once.  It opens no block, table or
            # list item (its first character is a figure followed by a colon), is joined
            # to no line above (`_NO_JOIN` matches its clock) and holds no inline markup.
            text = raw.strip() if uneven is not None and i not in uneven else _squash(raw)
            # Line(no, text, spans, heading, bullet, item, para)
            prev_text_line = Line(no, text, (), 0, False, 0, b.para)
            out.append(prev_text_line)
            b.last_raw = raw
            i += 1
            continue
        stripped = raw.strip()
        if not stripped:
            para_open = False
            prev_text_line = None
            i += 1
            continue
        if stripped[0] == ":" and stripped[1:2] in ("", " ", "\t"):
            # a definition list's definition (kramdown, pandoc): `: + Ana Ruiz – MIT` under
            # its term `9:00 - 9:30 -- Welcome`: a line (or list) of its own, never more
            # words of the term; an empty one (`: `) is markup alone.  (Read so in a text
            # too: a line opened by a lone colon is a page's definition list, whatever
            # else the text may look like)
            if len(stripped) == 1:
                b.markup.add(no)
                i += 1
                continue
            raw = " " + raw[raw.index(":") + 1:]
            stripped = raw.strip()
            para_open = False
            prev_text_line = None
        if markdown:
            # (each block pattern needs its mark first on the line: most lines have none)
            if stripped[0] in _BLOCK_MARKS:
                if _LIQUID_LINE.match(raw) or (_REFDEF.match(raw) and stripped.startswith("[")):
                    b.markup.add(no)
                    _block_classes(b, raw, para_open)
                    i += 1
                    continue
                m = _FENCE.match(raw)
                if m:
                    i = _fenced(b, i, m.group(1))
                    para_open = False
                    continue
                if _HR.match(raw) and not (para_open and set(stripped) == {"-"}):
                    b.markup.add(no)
                    para_open = False
                    i += 1
                    continue
                if stripped[0] == "<" and _BR_ONLY.match(stripped):
                    # `<br><br>` alone between list items: spacing, as a blank line is
                    # (no HTML block that would swallow the Markdown after it)
                    b.markup.add(no)
                    para_open = False
                    prev_text_line = None
                    i += 1
                    continue
                m = _HTML_BLOCK.match(raw)
                if m:
                    i = _html_block(b, i)
                    para_open = False
                    prev_text_line = None
                    continue
                m = _ATX.match(raw)
                if m:
                    b.add(no, m.group(2) or "", heading=len(m.group(1)), para=b.new_para())
                    para_open = False
                    i += 1
                    continue
                if para_open and prev_text_line is not None and _SETEXT.match(raw) \
                        and len(stripped) >= 2 and not prev_text_line.bullet:
                    prev_text_line.heading = 1 if stripped[0] == "=" else 2
                    b.markup.add(no)
                    para_open = False
                    i += 1
                    continue
            if "|" in raw and i + 1 < n and _TABLE_DELIM.match(src[i + 1]) and "-" in src[i + 1]:
                i = _pipe_table(b, i)
                para_open = False
                continue
        if stripped[0] == "|" and _bare_pipe_rows_ahead(src, i):
            i = _pipe_table(b, i, delimited=False)
            para_open = False
            continue
        if stripped[-1] == "|" and not para_open and _spaced_pipe_rows_ahead(src, i):
            i = _pipe_table(b, i, delimited=False, spaced=True)
            para_open = False
            continue
        if not para_open and raw.count(",") >= 2 and _csv_rows_ahead(src, i):
            i = _csv_table(b, i)
            para_open = False
            continue
        if "\t" in raw and stripped and _tsv_block_ahead(src, i):
            i = _tsv_table(b, i)
            para_open = False
            continue
        m = _BULLET.match(raw) if _may_be_bullet(stripped) else None
        if m and (markdown or m.group("marker") in "•·" or m.group("marker")[0].isdigit()
                  or m.group("marker") in "*-+"):
            rest = raw[m.end():]
            b.item += 1
            if not rest.strip():
                # a bullet with nothing after it: a pasted list's marker, the item follows
                b.markup.add(no)
                b.bullet_next = True
                i += 1
                para_open = True
                continue
            for k, part in enumerate(_split_br(rest) if markdown else [rest]):
                ln = b.add(no, part, bullet=k == 0, item=b.item, para=b.new_para() if k == 0 else b.para)
                prev_text_line = ln or prev_text_line
            para_open = True
            i += 1
            # indented continuation lines belong to the item
            indent = len(m.group("indent"))
            while i < n and src[i].strip() and not _BULLET.match(src[i]) \
                    and (len(src[i]) - len(src[i].lstrip())) > indent and markdown \
                    and not _ATX.match(src[i]) and not _HTML_BLOCK.match(src[i]):
                for k, part in enumerate(_split_br(src[i])):
                    if k == 0 and prev_text_line is not None and b.out and b.out[-1] is prev_text_line \
                            and _can_join(b.last_raw, part):
                        prev_text_line = b.join(prev_text_line, part)
                        continue
                    ln = b.add(i + 1, part, item=b.item, para=b.para)
                    prev_text_line = ln or prev_text_line
                i += 1
            continue
        if not para_open:
            b.new_para()
            prev_text_line = None
        # (a line with no `<` and not opening with `**`, as most are, is one part)
        parts = _split_br(raw) if markdown and ("<" in raw or raw[:2] == "**") else (raw,)
        for k, part in enumerate(parts):
            if markdown and k == 0 and para_open and prev_text_line is not None and b.out \
                    and b.out[-1] is prev_text_line and not prev_text_line.heading \
                    and _can_join(b.last_raw, part):
                prev_text_line = b.join(prev_text_line, part)
                continue
            ln = b.add(no, part, i not in marked, 0, False,
                       b.item if (b.item and markdown and raw[:1] in (" ", "\t")) else 0, b.para)
            prev_text_line = ln or prev_text_line
        para_open = True
        i += 1
    return Doc(b.out, n, b.markup, b.title, b.meta, "markdown" if markdown else "text")


def _columns_pasted(b: _Builder, i: int) -> int | None:
    """A two-column table pasted a cell a line, column after column: three lines or more
    that are each only a time (`9:00am-9:15am`), then as many lines that hold none (the
    titles, in the same order), each time with the title at its place.  The rows are
    made a table (a `Time` and a `Title` line just before them its header); the index of
    the line after the titles, or None when the lines are not so laid out."""
    src = b.src
    j = i
    while j < len(src) and len(src[j]) <= 32 and _TIME_ONLY.match(src[j]) is not None:
        j += 1
    k = j - i
    if k < 3 or j + k > len(src):
        return None
    titles = src[j:j + k]
    for t in titles:
        if not t.strip() or len(t) > 200 or "\t" in t or "|" in t or _TIME_ONLY.match(t) \
                or _TIME_START.match(t.strip()):
            return None
    b.table += 1
    out = b.out
    head = out[-2:] if len(out) >= 2 and i >= 2 and out[-1].no == i and out[-2].no == i - 1 else []
    if head and _TIME_WORD.match(head[0].text) and _TITLE_WORD.match(head[1].text) \
            and not any(ln.cells or ln.heading for ln in head):
        del out[-2:]
        cells = [Cell([ln], header=True, flat=ln.text) for ln in head]
        out.append(Line(head[0].no, f"{head[0].text} | {head[1].text}", (), 0, False, 0,
                        b.new_para(), cells, b.table, header_row=True))
    for m in range(k):
        time_text = " ".join(src[i + m].split())
        title = _cell(b, j + m + 1, titles[m])
        cells = [Cell([Line(i + m + 1, time_text)], flat=time_text), title]
        # Line(no, text, spans, heading, bullet, item, para, cells, table)
        out.append(Line(i + m + 1, f"{time_text} | {title.flat or title.text}", (), 0, False, 0,
                        b.new_para(), cells, b.table))
    return j + k


# A clock or a range of clocks alone on a line: `10:45`, `10:30-11:30`, `9am - 10am`,
# `2:00 p. m. to noon` (a bare hour too: `9`, which callers may not take for a time).
_TIME_ONLY = re.compile(r"^\s*(?:\d{1,2}(?:[:.h]\d\d)?\s*(?:[ap]\.?\s?m\.?)?|noon)"
                        r"(?:\s*(?:[-–—]|to)\s*(?:\d{1,2}(?:[:.h]\d\d)?\s*(?:[ap]\.?\s?m\.?)?|noon))?\s*$",
                        re.IGNORECASE)
_TIME_WORD = re.compile(r"^(?:time|times|hour|hours|when)(?:\s*\(.*\))?$", re.IGNORECASE)
_TITLE_WORD = re.compile(r"^(?:title|titles|session|sessions|event|events|talk|talks|program|"
                         r"programme|activity|activities|what|description|topic|agenda)$", re.IGNORECASE)


def _may_be_bullet(stripped: str) -> bool:
    """False when `_BULLET` certainly finds no list marker on a line that is `stripped`
    once stripped: its marker would be the line's first character after blanks and
    tabs, one of `*+-•·([` or a figure, and the dot or parenthesis after a number's
    figures stands in its next three characters (`8:00 - 8:10 Title`, the commonest
    line of a program, is told at once)."""
    c = stripped[0]
    if c in "*+-•·([":
        return True
    return c.isdecimal() and ("." in stripped[1:4] or ")" in stripped[1:4])


def _split_br(raw: str) -> list[str]:
    if "<" not in raw:
        return _split_glued_day(raw)
    return [q for p in _BR.split(raw) for q in _split_glued_day(p)]


# `**Tuesday, April 25, 2017***Speaker: ...`: a bold run at the line's start with a
# word (or an italic run) straight after its closing stars, no blank between
_GLUED_BOLD = re.compile(r"\*\*([^*]{4,200})\*\*(?=\*?[^\W\d_])")
_FIELD_LABEL = re.compile(r"\*?[A-Z][a-z]+(?: [a-z]+)?\s?:")  # `Time:`, `*Speaker:`


def _split_glued_day(raw: str) -> list[str]:
    """A bold day, or a bold field, glued to the field after it, split into two lines:
    a page pasted from a browser loses the break after a bold date heading or a bold
    `**Speaker: Name**` line.  A bold label and its value (`**Speaker:**Name`) stay
    one line: only a day, or a bold run followed by a label of its own, is split off."""
    if raw[:2] != "**" or raw[2:3] == "*":
        return [raw]  # most lines: decided by their first characters
    m = _GLUED_BOLD.match(raw)
    if m is None:
        return [raw]
    bold = m.group(1)
    if bold.rstrip()[-1:] == ":" or not (
            _FIELD_LABEL.match(raw, m.end()) or (":" not in bold and find_days(bold))):
        return [raw]
    return [raw[:m.end()], raw[m.end():]]


def _collect_refs(b: _Builder, joined: Joined) -> None:
    """The link reference definitions (`[ref]: url`), the first of each name kept; the
    lines that can hold one (a bracket) found in all the lines at once (`joined`:
    `b.src`'s) by `str.find`, which a pattern anchored at line starts is not."""
    lines: set[int] = set()
    joined.holding("[", lines)
    for i in sorted(lines):
        raw = b.src[i]
        if raw.lstrip().startswith("["):
            m = _REFDEF.match(raw)
            if m:
                b.refs.setdefault(m.group(1).strip().lower(), m.group(2))


def _front_matter(b: _Builder) -> int:
    """Skip YAML front matter and Pelican metadata; keep a title for the conference name."""
    src = b.src
    first = 0
    while first < len(src) and not src[first].strip():
        first += 1
    if first < len(src) and src[first].strip() == "---":
        for j in range(first + 1, min(len(src), first + 80)):
            if src[j].strip() in ("---", "..."):
                for k in range(first, j + 1):
                    b.markup.add(k + 1)
                    m = re.match(r"^\s*title\s*:\s*[\"']?(.*?)[\"']?\s*$", src[k], re.IGNORECASE)
                    if m and m.group(1):
                        b.title = _plain_title(m.group(1))
                return j + 1
        return first
    if b.markdown:
        j = first
        while j < len(src) and src[j].strip() and _PELICAN.match(src[j]):
            j += 1
        if j - first >= 2 and (j >= len(src) or not src[j].strip()):
            for k in range(first, j):
                b.markup.add(k + 1)
                m = re.match(r"^\s*title\s*:\s*(.*?)\s*$", src[k], re.IGNORECASE)
                if m:
                    b.title = _plain_title(m.group(1))
            return j
    return first


def _plain_title(value: str) -> str:
    """A front matter title as text: `<h3 align="center">Workshop on X</h3>` is
    `Workshop on X`."""
    if "<" not in value:
        return value
    import lxml.html
    from lxml import etree

    try:
        return " ".join(lxml.html.fragment_fromstring(value, create_parent="div")
                        .text_content().split()) or value
    except (etree.ParserError, ValueError, AssertionError):  # (`<html>`: no fragment)
        return value


def _fenced(b: _Builder, i: int, fence: str) -> int:
    b.markup.add(i + 1)
    j = i + 1
    b.new_para()
    while j < len(b.src) and not b.src[j].strip().startswith(fence):
        if b.src[j].strip():
            b.out.append(Line(j + 1, " ".join(b.src[j].split()), para=b.para))
        j += 1
    if j < len(b.src):
        b.markup.add(j + 1)
    return j + 1


def _markdown_inside(src: list[str], i: int, tag: str) -> bool:
    """`<section id="schedule">` (or `<div class="content">`), a blank line, then
    Markdown (`## Schedule`, a pipe table, a list) before the wrapper closes: the tag is a
    wrapper of its own and the Markdown is read as Markdown, as CommonMark ends an HTML
    block at a blank line.  (A pasted `<table>` whose rows are split by blank lines goes
    on with more tags, and plain text between tags is the HTML's.)"""
    if i + 1 >= len(src) or src[i + 1].strip():
        return False
    depth, blank = 0, True
    for j in range(i, min(len(src), i + 20000)):
        line = src[j].strip()
        if not line:
            blank = True
            continue
        if j > i and blank and not line.startswith("<") and _MD_BLOCK.match(line):
            return True
        blank = False
        for mt in _TAG_NAME.finditer(line):
            if mt.group(2).lower() == tag and not mt.group(3):
                depth += -1 if mt.group(1) else 1
        if depth <= 0:
            return False
    return False


_MD_BLOCK = re.compile(r"^(?:#{1,6}\s|\|.*\||[-*+]\s+\S|\d{1,3}[.)]\s+\S)")


def _html_block(b: _Builder, i: int) -> int:
    """A raw HTML block: to its matching end tag (tables and divs span blank lines in
    pasted pages), else to the next blank line."""
    from .html_front import read_html_fragment

    src = b.src
    first = src[i].lstrip()
    m = re.match(r"<([a-zA-Z][a-zA-Z0-9]*)", first)
    tag = m.group(1).lower() if m else ""
    j = i
    if first.startswith("<!--"):
        while j < len(src) and "-->" not in src[j]:
            j += 1
        end = min(j, len(src) - 1)
        # a comment may close mid-line with more on the line; keep it simple: all markup
        for k in range(i, end + 1):
            b.markup.add(k + 1)
        return end + 1
    if tag in _CONTAINERS and not _markdown_inside(src, i, tag):
        depth = 0
        while j < len(src):
            for mt in _TAG_NAME.finditer(src[j]):
                if mt.group(2).lower() != tag or mt.group(3):
                    continue
                depth += -1 if mt.group(1) else 1
            j += 1
            if depth <= 0:
                break
            if j - i > 20000:
                break
    else:
        while j < len(src) and src[j].strip():
            j += 1
    block = "\n".join(src[i:j])
    doc = read_html_fragment(block, first_line=i + 1, refs=b.refs)
    for ln in doc.lines:
        b.para += 1
        ln.para = b.para
        if ln.table:
            ln.table += 1000 * (b.table + 1)
        b.out.append(ln)
    b.table += 1
    used = {ln.no for ln in doc.lines}
    for k in range(i, j):
        if k + 1 not in used:
            b.markup.add(k + 1)
    return max(j, i + 1)


def _split_pipes(raw: str) -> list[str]:
    s = raw.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|") and not s.endswith("\\|"):
        s = s[:-1]
    if "\\|" not in s:
        return s.split("|")  # (no escaped pipe: what the loop below makes of it)
    cells, cur, k = [], [], 0
    while k < len(s):
        ch = s[k]
        if ch == "\\" and k + 1 < len(s) and s[k + 1] == "|":
            cur.append("|")
            k += 2
            continue
        if ch == "|":
            cells.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
        k += 1
    cells.append("".join(cur))
    return cells


def _split_row(s: str, raw: str) -> list[str]:
    """`_split_pipes(raw)` of a row whose stripped text is `s`: a row between pipes
    with no escaped pipe, as most are, is one split."""
    if len(s) > 1 and s[0] == "|" and s[-1] == "|" and "\\|" not in s:
        return s[1:-1].split("|")
    return _split_pipes(raw)


def _dotted_lines(parts: list[str]) -> list[str]:
    """A cell whose lines were joined with ` · ` when copied (`Welcome Reception · Opening
    Remarks from A and B`) as its lines again; a list of names (`A · B · C`) stays one."""
    out: list[str] = []
    for part in parts:
        pieces = part.split(" · ") if " · " in part else [part]
        if len(pieces) > 1 and max(len(p.split()) for p in pieces) >= 4:
            out.extend(pieces)
        else:
            out.append(part)
    return out


def _cell(b: _Builder, no: int, raw: str, header: bool = False) -> Cell:
    parts, _, flat = _cell_read(b, raw)
    return Cell([Line(no, text, spans) for text, spans in parts], header=header, flat=flat)


def _cell_read(b: _Builder, raw: str) -> tuple[tuple[tuple[str, tuple[Span, ...]], ...], str, str]:
    """The lines of a cell (`_cell_parts`), its text on one line as its row shows it,
    and as `Cell.flat` has it.  A table repeats its cells (times, rooms, people): each
    distinct one is read once (the document's link references are all collected before
    any cell is read)."""
    got = b.cells.get(raw)
    if got is None:
        got = b.cells[raw] = _cell_plain(raw) or _cell_marked(raw, b.refs)
    return got


# What `_cell_parts` reads in a cell besides blanks: inline markup (`inline.has_markup`'s
# marks), a Liquid tag's `{`, a `<br>`'s `<`, a ` · ` between lines.  (`_cell_plain`
# looks for each by `in`; the tests hold its answer to this pattern's.)
_CELL_MARKS = re.compile(r"[\\`*_\[\]<&{·]")


def _cell_plain(raw: str, spaced: bool = False
                ) -> tuple[tuple[tuple[str, tuple[Span, ...]], ...], str, str] | None:
    """`_cell_marked` of a cell with none of the marks it reads (most cells: a time, a
    title, names, a room), without reading it: its one line is its text with the blanks
    squashed (`spaced`: its blanks are single spaces, see `_unevenly_spaced`, and
    stripping squashes them).  None for a cell with a mark."""
    # (each mark looked for by `in`, as `has_markup` does: the character class tried at
    # each character of a title cost ten times more, and nearly every cell is new to it)
    if has_markup(raw) or "·" in raw:
        return None
    text = raw.strip() if spaced else " ".join(raw.split())
    return (((text, ()),) if text else (), text, text)


def _cell_marked(raw: str, refs: dict[str, str]) -> tuple[tuple[tuple[str, tuple[Span, ...]], ...], str, str]:
    """What `_cell_read` gives for one cell, read in full."""
    parts = _cell_parts(raw, refs)
    texts = [t for t, _ in parts]
    return (parts, "\n".join(texts).replace("\n", " "), " ".join(texts).strip())


def _cell_parts(raw: str, refs: dict[str, str]) -> tuple[tuple[str, tuple[Span, ...]], ...]:
    """The visible text and spans of each line of one cell (its empty lines left out)."""
    out = []
    for part in _dotted_lines(_split_br(strip_liquid(raw))):
        text, spans = parse_inline(part, refs)
        if text:
            out.append((text, spans))
    return tuple(out)


def _bare_pipe_rows_ahead(src: list[str], i: int) -> bool:
    """Rows of a table pasted as pipes with no delimiter row under the first
    (`| 8:30 AM | 9:00 AM | Suite | Refreshments |`): three lines or more that start with
    a pipe, two of them with two cells or more; or two rows closed by pipes, of three
    cells or more each and as many in both (`| 13:30 - 14:00 | Poster walk | B |` twice,
    the afternoon's rows under a heading of their own)."""
    rows = wide = 0
    closed: list[int] = []
    for raw in src[i:i + 12]:
        s = raw.strip()
        if not s.startswith("|"):
            break
        rows += 1
        wide += s.count("|") >= 3
        if s.endswith("|"):
            closed.append(s.count("|"))
    return rows >= 3 and wide >= 2 or (
        rows == 2 and len(closed) == 2 and closed[0] == closed[1] >= 4)


def _spaced_pipe_rows_ahead(src: list[str], i: int) -> bool:
    """A table pasted as lines of cells that end in a pipe, with a blank line between
    rows (`Date | Speaker | Title |` over `Jan. 24 | Ana Ruiz (MIT) | Title |`): three
    rows or more with the same number of pipes, three at least."""
    return _spaced_rows_end(src, i, src[i].count("|")) - i >= 5


def _spaced_row(raw: str, pipes: int) -> bool:
    s = raw.strip()
    return s.endswith("|") and s.count("|") == pipes


def _spaced_rows_end(src: list[str], i: int, pipes: int) -> int:
    """Where the rows that start at `i`, one blank line between each, end."""
    if pipes < 3:
        return i
    j = i
    while j < len(src) and _spaced_row(src[j], pipes):
        j += 1
        if j + 1 < len(src) and not src[j].strip() and _spaced_row(src[j + 1], pipes):
            j += 1
    return j


def _pipe_table(b: _Builder, i: int, delimited: bool = True, spaced: bool = False) -> int:
    src = b.src
    if spaced:
        end = _spaced_rows_end(src, i, src[i].count("|"))
        src = src[:end]  # (the rows only: the loop below stops at their end)
    b.table += 1
    header = _split_pipes(src[i])
    b.out.append(Line(i + 1, " | ".join(c.strip() for c in header),
                      cells=[_cell(b, i + 1, c, delimited) for c in header],
                      table=b.table, header_row=delimited, para=b.new_para()))
    if delimited:
        b.markup.add(i + 2)
    j = i + 2 if delimited else i + 1
    n = len(src)
    known = b.cells
    table, para, out = b.table, b.para, b.out  # (b.para is written back below the rows)
    uneven = b.uneven if b.uneven is not None else range(len(src))
    while j < n:
        raw = src[j]
        s = raw.strip()
        if not s:
            if spaced:
                j += 1  # (the blank line between two rows of a spaced table)
                continue
            break
        # (a heading and a Liquid line need their mark first: `#`, `{`)
        if "|" not in raw and not spaced or s[0] == "#" and _ATX.match(raw) \
                or not (delimited or spaced) and s[0] != "|":
            break
        if s[0] == "{" and _LIQUID_LINE.match(raw):
            b.markup.add(j + 1)
            j += 1
            continue
        # (the row's text from its cells' own, as `Cell.text` and `Cell.empty` give them)
        no = j + 1
        cells = []
        shown = []
        # (the cells and the row are made with their fields in order, the defaults
        # written out: a call by keyword costs a tenth more, nine objects a row)
        for c in _split_row(s, raw):
            got = known.get(c)
            if got is None:  # (a cell not seen before: `_cell_read`'s own look-up is done)
                evenly = j not in uneven and "\t" not in raw  # (its blanks single spaces)
                got = known[c] = _cell_plain(c, evenly) or _cell_marked(c, b.refs)
            parts = got[0]
            if len(parts) == 1:  # (a cell of one line, as most are: no comprehension)
                line_text, spans = parts[0]
                # Cell(lines, colspan, rowspan, header, css, flat)
                cells.append(Cell([Line(no, line_text, spans)], 1, 1, False, "", got[2]))
                shown.append(got[1])
            else:
                cells.append(Cell([Line(no, t, sp) for t, sp in parts], 1, 1, False, "", got[2]))
                if parts:
                    shown.append(got[1])
        if shown:
            para += 1
            # Line(no, text, spans, heading, bullet, item, para, cells, table)
            out.append(Line(no, " | ".join(shown), (), 0, False, 0, para, cells, table))
        else:
            b.markup.add(no)
        j += 1
    b.para = para
    # a kramdown class line right under the table
    while j < len(src) and _LIQUID_LINE.match(src[j]):
        b.markup.add(j + 1)
        j += 1
    return j


_IAL = re.compile(r"^\s*\{:\s*((?:\.[\w-]+\s*)+)\}\s*$")


def _block_classes(b: _Builder, raw: str, para_open: bool) -> None:
    """A kramdown block attribute line (`{: .loc}`) right under a paragraph gives that
    paragraph's lines its classes, as `<p class="loc">` gives them in a saved page."""
    m = _IAL.match(raw)
    if not m or not para_open or not b.out:
        return
    css = " ".join(c.lstrip(".").lower() for c in m.group(1).split())
    para = b.out[-1].para
    for ln in reversed(b.out):
        if ln.para != para:
            break
        ln.css = f"{ln.css} {css}".strip()


def _day_heading(raw: str) -> bool:
    from .doc import Line as _L
    from .lines import day_line

    return day_line(_L(0, " ".join(raw.split()))) is not None


def _tsv_block_ahead(src: list[str], i: int) -> bool:
    """Two or more tab-separated lines close together: a copied table."""
    tabbed = 0
    for k in range(i, min(len(src), i + 6)):
        if not src[k].strip():
            break
        if "\t" in src[k].strip("\t ") or src[k].startswith("\t") and not _tab_indented_bullet(src[k]):
            tabbed += 1
    return tabbed >= 2 or (tabbed == 1 and src[i].count("\t") >= 2)


def _tab_indented_bullet(raw: str) -> bool:
    """`<TAB>- *Ana Ruiz, MIT*`: a Markdown list item nested under the one above by a
    tab, with no tab after its marker; indentation, not a copied table's empty cell."""
    m = _BULLET.match(raw)
    return m is not None and "\t" in m.group("indent") and "\t" not in raw[m.end():].rstrip()


def _rows_go_on(src: list[str], j: int, width: int) -> bool:
    """Whether line `j` is a row of the copied table above: as many cells as its
    widest row, the first a time (not a header row, nor a table of another layout)."""
    if j >= len(src) or "\t" not in src[j]:
        return False
    cells = src[j].rstrip("\n").split("\t")
    return len(cells) == width and _TIME_START.match(cells[0]) is not None


def _tsv_table(b: _Builder, i: int) -> int:
    """Rows of a copied table.  A cell's line breaks split its row over several lines:
    a line that does not start a row continues the last cell (and may open more)."""
    src = b.src
    b.table += 1
    rows: list[tuple[int, list[list[tuple[int, str]]]]] = []  # (line, cells of (line, text) parts)
    width = 0
    j = i
    after_day = False
    while j < len(src) and src[j].strip():
        raw = src[j].rstrip("\n")
        parts = raw.split("\t")
        if len(parts) == 1 and rows and _day_heading(raw):
            if width > 1 and _rows_go_on(src, j + 1, width):
                # `Friday, 2020-10-16` between rows that start with times: a day's row
                # spanning the table (its one cell pasted alone on a line); the rows
                # under it keep the header above it
                rows.append((j + 1, [[(j + 1, raw)]] + [[(j + 1, "")] for _ in range(width - 1)]))
                after_day = True
                j += 1
                continue
            break  # `Main Conference Day One: Monday 24th`: the table ends at a day
        if len(parts) == 1 and rows and _TIME_ONLY.match(raw) is not None \
                and not raw.strip().isdigit() \
                and _TIME_START.match(rows[-1][1][0][0][1]) is not None \
                and not rows[-1][1][-1][-1][1].rstrip().endswith(("-", "–", "—")):
            # `10:25<TAB>Fika` then `10:45` alone: the row was whole on its line; the
            # time alone opens the next entry (its title and lines under it), read as
            # text, not more of the break's cell
            break
        starts_row = (
            not rows
            or raw.startswith("\t")
            or (len(parts) > 1 and (_TIME_START.match(parts[0]) is not None or len(rows[-1][1]) >= width))
            # a day's row (`Day 2<TAB>2020-07-28`) and the line after it start rows of their own
            or after_day
            or (len(parts) > 1 and len(raw) <= 60 and _day_heading(" ".join(parts)))
        )
        after_day = starts_row and len(parts) > 1 and len(raw) <= 60 and _day_heading(" ".join(parts))
        if starts_row:
            rows.append((j + 1, [[(j + 1, p)] for p in parts]))
            if len(rows) == 1:
                width = len(parts)
            width = max(width, len(parts)) if len(rows) > 1 else width
        else:
            last = rows[-1][1]
            last[-1].append((j + 1, parts[0]))
            for p in parts[1:]:
                last.append([(j + 1, p)])
        j += 1
    uneven = b.uneven if b.uneven is not None else range(len(src))
    for k, (no, cells) in enumerate(rows):
        cell_objs = []
        # (the row's text from its cells' as `Cell.text` gives them on one line, for each
        # cell with a line: the lines' texts are squashed, with no line feed and none empty)
        shown = []
        for parts in cells:
            lines = []
            for pno, ptext in parts:
                # (a part of an evenly spaced line is squashed once stripped: it holds no tab)
                text = ptext.strip() if pno - 1 not in uneven else " ".join(ptext.split())
                if text:
                    lines.append(Line(pno, text))
            # Cell(lines, colspan, rowspan, header)
            cell_objs.append(Cell(lines, 1, 1, k == 0))
            if lines:
                shown.append(lines[0].text if len(lines) == 1
                             else " ".join([ln.text for ln in lines]))
        if shown:
            # Line(no, text, spans, heading, bullet, item, para, cells, table)
            b.out.append(Line(no, " | ".join(shown), (), 0, False, 0, b.new_para(), cell_objs,
                              b.table))
    return j


def _csv_fields(raw: str) -> list[str]:
    return next(csv.reader([raw]), [])


_CSV_HEADER_FIELD = re.compile(r"^[^\W\d_][\w ./()&-]{0,30}$")


def _csv_rows_ahead(src: list[str], i: int) -> bool:
    """A header row of column names (`date,start,end,title,speakers,room`), two of them
    a column a program table has, over rows with as many fields: comma-separated values."""
    from .tables import role_of_header

    head = _csv_fields(src[i])
    if len(head) < 3 or not all(_CSV_HEADER_FIELD.match(f.strip()) for f in head):
        return False
    if sum(role_of_header(f) is not None for f in head) < 2:
        return False
    return i + 1 < len(src) and len(_csv_fields(src[i + 1])) == len(head)


def _csv_table(b: _Builder, i: int) -> int:
    """The rows of a CSV table under its header row, as a table (a quoted field keeps
    its commas: `"Typing, Gradually"`)."""
    src = b.src
    b.table += 1
    width = len(_csv_fields(src[i]))
    j = i
    while j < len(src) and src[j].strip():
        fields = _csv_fields(src[j])
        if len(fields) != width:
            break
        cells = [Cell([Line(j + 1, t)] if (t := " ".join(f.split())) else [], header=j == i)
                 for f in fields]
        b.out.append(Line(j + 1, " | ".join(c.text for c in cells if not c.empty), cells=cells,
                          table=b.table, header_row=j == i, para=b.new_para()))
        j += 1
    return j
