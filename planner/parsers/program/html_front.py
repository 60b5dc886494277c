"""Saved web pages (and HTML inside Markdown) into a `Doc`, through lxml's HTML parser.

Block elements become lines; `<br>` breaks a line; headings keep their level, list
items their bullet; table rows become rows of cells, each cell with lines of its own.
Layouts built from `<div>`s are read as rows too when a block's first child holds only
a time and its siblings hold the items (Bootstrap's `row` / `col-md-*` schedules).
Tabs whose labels are days (`<a href="#day-1">11 Oct</a>` over `<div id="day-1">`) give
their panel a day heading, as a reader of the page sees it.  Scripts, styles, forms,
navigation bars and comments are not content.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .doc import Cell, Doc, Line, Span
from .inline import _squash_with_spans

if TYPE_CHECKING:
    import lxml.html

_SKIP = frozenset({"head", "script", "style", "noscript", "template", "iframe", "nav", "form",
                   "button", "select", "svg", "img", "input", "textarea", "object", "video",
                   "audio", "canvas", "map", "title", "meta", "link"})
_BLOCK = frozenset({"p", "div", "section", "article", "h1", "h2", "h3", "h4", "h5", "h6",
                    "li", "dt", "dd", "blockquote", "pre", "header", "footer", "main", "aside",
                    "figure", "figcaption", "caption", "address", "hgroup", "details",
                    "summary", "center", "ul", "ol", "dl", "table", "tr", "body", "html", "hr",
                    "tbody", "thead", "tfoot", "fieldset", "legend"})
_BOLD = frozenset({"b", "strong", "th"})
_ITALIC = frozenset({"i", "em", "cite"})
_HEADING = {f"h{i}": i for i in range(1, 7)}
_SPACES = re.compile(r"\s+")
_DAYLIKE = re.compile(
    r"\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|\b\d{1,2}(?:st|nd|rd|th)?\s+"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\b(?:jan|feb|mar|apr|may|jun|jul|"
    r"aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}\b|\bday\s*\d\b|\d{4}-\d{2}-\d{2}",
    re.IGNORECASE,
)
_TIMEISH = re.compile(
    r"^\s*(?:\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?\s?m\.?)?\s*(?:(?:[-–—]|to)\s*\d{1,2}(?:[:.]\d{2})?"
    r"\s*(?:[ap]\.?\s?m\.?)?)?|all day|tba|tbd)\s*(?:\(?[A-Z]{2,5}\)?)?\s*$",
    re.IGNORECASE,
)


class _Lines:
    """Collects lines while walking a subtree; inline runs become one line at a time."""

    def __init__(self, offset: int, refs: dict[str, str], tabs: dict[str, str]) -> None:
        self.offset = offset
        self.refs = refs
        self.tabs = tabs
        self.out: list[Line] = []
        self.buf: list[tuple[str, bool, bool, str | None]] = []
        self.buf_no = 0
        self.heading = 0
        self.bullet_pending = False
        self.item = 0
        self.items = 0
        self.para = 0
        self.css = ""
        self.table_id = 0  # the table (or grid of div rows) the lines being read belong to
        self.tables = 0
        self.grid_parent = None
        self.spans: dict | None = None  # a table's rowspans over rows that make no line

    def no(self, el) -> int:
        return (getattr(el, "sourceline", None) or 1) + self.offset

    def text(self, s: str | None, el, bold: bool, italic: bool, href: str | None) -> None:
        if not s:
            return
        if not self.buf:
            if not s.strip():
                return
            self.buf_no = self.no(el)
        self.buf.append((s, bold, italic, href))

    def flush(self) -> None:
        if not self.buf:
            return
        parts: list[str] = []
        segs = []
        length = 0
        for s, b, i, h in self.buf:
            parts.append(s)
            if b or i or h is not None:
                segs.append((length, length + len(s), b, i, h))
            length += len(s)
        text, spans = _squash_with_spans("".join(parts), segs)
        self.buf = []
        if not text:
            return
        self.para += 1
        self.out.append(Line(self.buf_no, text, spans, heading=self.heading,
                             bullet=self.bullet_pending, item=self.item, para=self.para,
                             css=self.css))
        self.bullet_pending = False


def _css(el) -> str:
    return (el.get("class") or "").lower()


def _attr_int(el, name: str) -> int:
    if el.get(name) is None:
        return 1  # (no colspan or rowspan, as on most cells)
    try:
        return max(1, min(50, int(el.get(name) or 1)))
    except ValueError:
        return 1


def _walk(el, st: _Lines, bold: bool = False, italic: bool = False, href: str | None = None) -> None:
    tag = el.tag if isinstance(el.tag, str) else None
    if tag is None:  # comment, processing instruction
        st.text(el.tail, el.getparent() if el.getparent() is not None else el, bold, italic, href)
        return
    tag = tag.lower()
    if tag in _SKIP:
        st.text(el.tail, el, bold, italic, href)
        return
    if tag == "br":
        st.flush()
        st.text(el.tail, el, bold, italic, href)
        return
    block = tag in _BLOCK
    if block:
        st.flush()
        if tag != "div" or not _grid_row(el):
            if tag in ("table", "h1", "h2", "h3", "h4", "h5", "h6"):
                st.grid_parent = None
    panel = st.tabs.get(el.get("id") or "")
    if panel:
        st.out.append(Line(st.no(el), panel, heading=2, para=st.para + 1, synthetic=True))
        st.para += 1
    if tag == "table":
        _table(el, st)
        st.text(el.tail, el, bold, italic, href)
        return
    if tag in ("div", "li", "section", "article") and _grid_row(el):
        parent = el.getparent()
        if st.grid_parent is not parent or not st.out or not st.out[-1].table:
            st.tables += 1
            st.grid_parent = parent
        saved_table = st.table_id
        st.table_id = st.tables
        _row(el, [c for c in el if isinstance(c.tag, str) and c.tag.lower() not in _SKIP], st)
        st.table_id = saved_table
        st.text(el.tail, el, bold, italic, href)
        return
    saved = (st.heading, st.item, st.css)
    if tag in _HEADING:
        st.heading = _HEADING[tag]
    if tag == "li":
        st.items += 1
        st.item = st.items
        st.bullet_pending = True
    if block and _css(el):
        st.css = _css(el)
    b = bold or tag in _BOLD
    i = italic or tag in _ITALIC
    h = href
    if tag == "a" and el.get("href") is not None:
        h = el.get("href")
    st.text(el.text, el, b, i, h)
    for child in el:
        _walk(child, st, b, i, h)
    if block:
        st.flush()
    st.heading, st.item, st.css = saved
    st.text(el.tail, el, bold, italic, href)


def _grid_row(el) -> bool:
    """A div whose first child holds only a time and whose other children hold items."""
    kids = [c for c in el if isinstance(c.tag, str) and c.tag.lower() not in _SKIP]
    if len(kids) < 2 or any(k.tag.lower() not in _BLOCK and k.tag.lower() != "span" for k in kids):
        return False
    first = _SPACES.sub(" ", kids[0].text_content() or "").strip()
    if not first or len(first) > 40 or not _TIMEISH.match(first):
        return False
    return any((k.text_content() or "").strip() for k in kids[1:])


def _cell_lines(el, st: _Lines) -> list[Line]:
    bold = el.tag.lower() in _BOLD
    if len(el) == 0:
        # a cell of text alone, as most are: the one line a `_Lines` of its own makes
        # of it (the first of its blocks), made without one
        s = el.text
        if not s or not s.strip():
            return []
        text, spans = _squash_with_spans(s, [(0, len(s), True, False, None)] if bold else [])
        return [Line(st.no(el), text, spans, para=1)] if text else []
    sub = _Lines(st.offset, st.refs, st.tabs)
    sub.text(el.text, el, bold, False, None)
    for child in el:
        _walk(child, sub, bold)
    sub.flush()
    out = sub.out
    if len(out) > 1 and out[1].spans and _one_link_over(out):
        # `<a href="#t1">Invited talk<br>Ana Ruiz (MIT)</a>`: one link around the whole
        # cell is the entry's, on its first line; the lines after it are not links of
        # their own (each would read as a title)
        for ln in out[1:]:
            ln.spans = tuple(Span(sp.start, sp.end, sp.bold, sp.italic, None)
                             for sp in ln.spans if sp.bold or sp.italic)
    return out


def _one_link_over(lines: list[Line]) -> bool:
    """Whether every line is wholly one link, the same for all."""
    href = None
    for ln in lines:
        links = [sp for sp in ln.spans if sp.href is not None]
        if len(links) != 1 or links[0].start > 0 or links[0].end < len(ln.text):
            return False
        if href is not None and links[0].href != href:
            return False
        href = links[0].href
    return True


def _row(el, cells_el: list, st: _Lines, header: bool = False) -> None:
    cells = []
    shown: list[str] = []  # the text of each cell with some, on one line
    head_only = True  # whether each of those cells is a header cell
    for c in cells_el:
        tag = c.tag.lower() if isinstance(c.tag, str) else ""
        lines = _cell_lines(c, st)
        texts = [ln.text for ln in lines]
        # (a cell with no attribute, as most are, spans one column and row, no class)
        has_attrs = bool(c.keys())
        # (its text on one line made here, as the Markdown front-end makes it: the table
        # reader takes the texts of a row's cells together)
        # Cell(lines, colspan, rowspan, header, css, flat)
        is_head = header or tag == "th"
        rowspan = 1 if not has_attrs else \
            st.spans[c] if st.spans is not None and c in st.spans else _attr_int(c, "rowspan")
        cells.append(Cell(lines, _attr_int(c, "colspan") if has_attrs else 1,
                          rowspan, is_head,
                          _css(c) if has_attrs else "", " ".join(texts).strip()))
        if any(texts):  # (not `Cell.empty`: a line with text)
            shown.append("\n".join(texts).replace("\n", " "))  # (`Cell.text`, on one line)
            head_only = head_only and is_head
    text = " | ".join(shown)
    if not text:
        return
    st.para += 1
    st.out.append(Line(st.no(el), text, cells=cells, table=st.table_id, para=st.para,
                       header_row=header or head_only, css=_css(el)))


def _table(el, st: _Lines) -> None:
    st.tables += 1
    st.table_id = st.tables
    heads: dict = {}  # a row's parent element -> whether a thead holds the row
    st.spans = _rowspans_over_empty_rows(el)
    for tr in el.iter("tr", "td", "th"):
        if tr.tag != "tr":
            # a cell outside any row (`<table><th colspan="5">Friday, October 23rd</th>`),
            # which the parser leaves where it was written: a row of its own
            # (a cell in a row, as nearly all are, is its row's: no ancestors looked at)
            if tr.getparent().tag in ("table", "tbody", "thead", "tfoot") \
                    and next((a for a in tr.iterancestors("table")), None) is el:
                _row(tr, [tr], st)
            continue
        # rows of nested tables are read with their own cells
        if next((a for a in tr.iterancestors("table")), None) is not el:
            continue
        cells = [c for c in tr if isinstance(c.tag, str) and c.tag.lower() in ("td", "th")]
        # (the rows of one tbody share their answer)
        parent = tr.getparent()
        in_head = heads.get(parent)
        if in_head is None:
            in_head = heads[parent] = parent.tag == "thead" or \
                any(a.tag == "thead" for a in parent.iterancestors())
        if cells:
            _row(tr, cells, st, header=in_head and all(c.tag.lower() == "th" for c in cells))
    st.table_id = 0
    st.spans = None


def _rowspans_over_empty_rows(el) -> dict | None:
    """{cell: rowspan} for the cells whose rows span rows that make no line (`<tr></tr>`,
    a row of empty cells: a time grid's unlabelled steps), each counting only the rows
    that do, so that the spans lie over the rows the reader gets; None for a table with
    no such span (most tables: no rowspan at all)."""
    if not any(c.get("rowspan") not in (None, "1") for c in el.iter("td", "th")):
        return None
    rows = [tr for tr in el.iter("tr") if next(tr.iterancestors("table"), None) is el]
    shown = [any((c.text_content() or "").strip() for c in tr
                 if isinstance(c.tag, str) and c.tag.lower() in ("td", "th")) for tr in rows]
    if all(shown):
        return None
    out: dict = {}
    for i, tr in enumerate(rows):
        for c in tr:
            if not isinstance(c.tag, str) or c.tag.lower() not in ("td", "th"):
                continue
            n = _attr_int(c, "rowspan")
            if n > 1:
                out[c] = max(1, n - sum(1 for j in range(i + 1, min(i + n, len(rows)))
                                        if not shown[j]))
    return out


def _tabs(root) -> dict[str, str]:
    """Tab panels labelled with days: panel id -> the label a reader sees on its tab."""
    out: dict[str, str] = {}
    for a in root.iter("a"):
        href = a.get("href") or ""
        if not href.startswith("#") or len(href) < 2:
            continue
        label = _SPACES.sub(" ", a.text_content() or "").strip()
        if label and len(label) <= 40 and _DAYLIKE.search(label):
            out.setdefault(href[1:], label)
    if not out:
        return out
    ids = {el.get("id") for el in root.iter() if isinstance(el.tag, str) and el.get("id")}
    return {k: v for k, v in out.items() if k in ids}


def _read(root, offset: int, refs: dict[str, str]) -> tuple[list[Line], _Lines]:
    st = _Lines(offset, refs, _tabs(root))
    _walk(root, st)
    st.flush()
    return st.out, st


def read_html(text: str) -> Doc:
    """The `Doc` of a saved HTML page."""
    import lxml.html
    from lxml import etree

    n = text.count("\n") + 1
    try:
        root = lxml.html.document_fromstring(text.encode("utf-8", "surrogatepass"),
                                             parser=_parser("utf-8"))
    except (etree.ParserError, ValueError):
        return Doc([], n, kind="html")
    title = None
    meta: list[tuple[int, str]] = []
    for t in root.iter("title"):
        title = _SPACES.sub(" ", t.text_content() or "").strip() or None
        break
    for m in root.iter("meta"):
        if (m.get("name") or "").lower() in ("description", "og:description") and m.get("content"):
            meta.append((m.sourceline or 0, m.get("content")))
    body = root.find("body")
    lines, _ = _read(body if body is not None else root, 0, {})
    return Doc(lines, n, set(), title, meta, "html")


def read_html_fragment(text: str, *, first_line: int, refs: dict[str, str]) -> Doc:
    """The `Doc` of HTML found inside a Markdown text, numbered from `first_line`."""
    import lxml.html
    from lxml import etree

    n = text.count("\n") + 1
    try:
        frags = lxml.html.fragments_fromstring(text, parser=_parser())
    except AssertionError:
        # `<html lang="en">` or `<body>` opening the block: lxml makes a document of it,
        # not fragments; what its body holds is the fragment
        try:
            body = lxml.html.document_fromstring(text, parser=_parser()).find("body")
        except (etree.ParserError, ValueError):
            return Doc([], n, kind="html")
        frags = [] if body is None else [body.text or "", *body]
    except (etree.ParserError, ValueError):
        return Doc([], n, kind="html")
    wrapper = lxml.html.Element("div")
    lead = ""
    for f in frags:
        if isinstance(f, str):
            if len(wrapper):
                wrapper[-1].tail = (wrapper[-1].tail or "") + f
            else:
                lead += f
        else:
            wrapper.append(f)
    wrapper.text = lead
    lines, _ = _read(wrapper, first_line - 1, refs)
    return Doc(lines, n, kind="html")


def _parser(encoding: str | None = None):
    import lxml.html

    # No network, no entity expansion from a DTD: HTML parsing never fetches anything.
    return lxml.html.HTMLParser(remove_comments=True, remove_pis=True, no_network=True,
                                recover=True, huge_tree=False, encoding=encoding)


def looks_like_html(text: str) -> bool:
    head = text[:2000].lstrip().lower()
    if head.startswith(("<!doctype html", "<html", "<!--")) and "<" in head[1:]:
        if head.startswith(("<!doctype html", "<html")) or text.count("<div") + text.count("<p") > 5:
            return True
        # (`<!-- Schedule -->` over a `<table>`: a fragment of a page, read by its tags)
    tags = len(re.findall(r"</?(?:div|p|td|tr|li|h[1-6]|span|table|a)\b", text[:100_000], re.IGNORECASE))
    lines = text[:100_000].count("\n") + 1
    return tags >= 10 and tags >= lines * 0.5


__all__ = ["read_html", "read_html_fragment", "looks_like_html", "Span"]


def is_html_document(text: str) -> bool:
    head = text[:2000].lstrip().lower()
    return head.startswith(("<!doctype html", "<html"))
