"""Pausing Python's cycle collector around work that allocates much and frees nothing.

Parsing a big program or sweeping 15,000 intervals allocates hundreds of thousands of
objects that all survive and form no reference cycles; the collector would walk them
again and again as they pile up (a third of the time).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

# Objects one parse of about 20,000 entries allocates: a parse that left this many alive
# freezes them (the parsers' threshold).  Here, not with the paper parsers: the program
# reader needs the number, and importing planner.parsers.papers for it built three
# pydantic TypeAdapters inside every fresh parse.
FREEZE_AFTER = 200_000


@contextmanager
def gc_paused(freeze_after: int | None = None) -> Iterator[None]:
    """Disable the cycle collector inside the block.

    With `freeze_after`, when the block left that many more objects alive than it found,
    they are frozen out of later collections too: they live as long as the schedule, and
    walking them in every full collection is waste.
    """
    enabled = gc.isenabled()
    before = gc.get_count()[0]
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if freeze_after is not None and gc.get_count()[0] - before >= freeze_after:
                gc.freeze()
            gc.enable()
