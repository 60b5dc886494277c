"""A program text as the reader sees it: lines with their structure, whatever the input.

Every front-end (plain text, Markdown, HTML) turns its input into the same `Doc`: one
`Line` per visual line, carrying what the layout said about it (a heading level, a list
item, a table row with cells, bold, italic and linked stretches) and the number of the
source line it came from, so a diagnostic can point at it.  The reader never looks at
markup again.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(slots=True, frozen=True)
class Span:
    """A stretch of a line's text set apart by the layout: bold, italic or a link."""

    start: int
    end: int
    bold: bool = False
    italic: bool = False
    href: str | None = None

    def shifted(self, by: int, *, clamp: bool = False) -> Span:
        """The span `by` characters earlier, as it stands in the line's text once that
        many characters are cut from its start (`clamp`: never before the new start)."""
        start = self.start - by
        return Span(max(0, start) if clamp else start, self.end - by, self.bold, self.italic,
                    self.href)


@dataclass(slots=True)
class Cell:
    """One table cell: its own lines (a `<br>` or a list inside a cell makes several)."""

    lines: list[Line]
    colspan: int = 1
    rowspan: int = 1
    header: bool = False
    css: str = ""  # the cell's class names, lower-cased (HTML only)
    # its lines' texts joined by blanks, stripped, where the front-end made them (a
    # table repeats its cells: the text of each distinct one is joined once)
    flat: str | None = None

    @property
    def text(self) -> str:
        return "\n".join([ln.text for ln in self.lines])

    @property
    def empty(self) -> bool:
        for ln in self.lines:
            if ln.text:
                return False
        return True


@dataclass(slots=True)
class Line:
    no: int  # 1-based number of the source line it starts on
    text: str  # what a reader sees: markup gone, entities decoded, blanks squashed
    spans: tuple[Span, ...] = ()
    heading: int = 0  # 1-6 for a heading, else 0
    bullet: bool = False  # starts a list item
    item: int = 0  # list item it belongs to (0: none)
    para: int = 0  # paragraph or block it belongs to
    cells: list[Cell] | None = None  # a table row
    table: int = 0  # the table it is a row of (0: none)
    header_row: bool = False  # a table's header row
    css: str = ""  # class names of the row or block (HTML only)
    synthetic: bool = False  # made by a front-end (a tab's day label), not in the text
    memo: dict | None = None  # what the reader worked out about the line, kept once

    @property
    def is_row(self) -> bool:
        return self.cells is not None

    def spans_where(self, *, bold: bool | None = None, italic: bool | None = None,
                    link: bool | None = None) -> list[Span]:
        out = []
        for s in self.spans:
            if bold is not None and s.bold != bold:
                continue
            if italic is not None and s.italic != italic:
                continue
            if link is not None and (s.href is not None) != link:
                continue
            out.append(s)
        return out


@dataclass
class Doc:
    """The lines of one input, in reading order, and facts the front-end noticed."""

    lines: list[Line]
    source_lines: int  # lines in the input, for the coverage count
    markup_lines: set[int] = field(default_factory=set)  # markup only (tags, front matter)
    title: str | None = None  # a page title (front matter, <title>), for the conference name
    meta: list[tuple[int, str]] = field(default_factory=list)  # page facts: description etc.
    kind: str = "text"  # which front-end read it: text, markdown, html
