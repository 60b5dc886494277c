"""Regular expressions compiled the first time they are used, not when their module loads.

Python compiles a regex in pure Python: the readers' modules compile a few hundred at
import, about half of what a first, uncached `planner` run pays before it parses
(docs/benchmarks.md).  A site text imports the program reader's line and name modules
for a few of their rules and never uses most of their patterns; a pattern kept for a
rare shape (a numbered-room guard, a zone named after a country) need not be compiled
for every text.  Those are made with `lazy`; the patterns every text uses stay plain
`re.compile`, since a lazy pattern costs a little more per call.
"""

from __future__ import annotations

import re
from typing import Any

_METHODS = ("match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer")


class LazyPattern:
    """`re.compile(pattern, flags)` on first use of a method; `pattern` and `flags` are
    there without compiling (one pattern built from another's text reads them).

    After the first use the compiled pattern's methods sit in the instance's own dict,
    so a later call is one attribute lookup, as on a compiled pattern."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self.flags = flags

    def __getattr__(self, name: str) -> Any:  # only while the pattern is not compiled
        if name.startswith("__"):
            raise AttributeError(name)
        compiled = re.compile(self.pattern, self.flags)
        for method in _METHODS:
            self.__dict__[method] = getattr(compiled, method)
        self.__dict__["groups"] = compiled.groups
        self.__dict__["groupindex"] = compiled.groupindex
        return getattr(compiled, name)


def lazy(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """A pattern compiled when first used (see the module's docstring); it answers the
    methods of `re.Pattern` (match, search, sub, ...), but is not one: never pass it to
    `re.compile` or `re.sub`, use its own methods."""
    return LazyPattern(pattern, flags)  # type: ignore[return-value]
