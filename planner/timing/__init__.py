"""The old name of `planner.parsers.timing`, for the program reader's modules that still
import it (`planner/parsers/site.py` and `planner/parsers/program/build.py`, being
rewritten on another branch).  A folder rather than a `timing.py`, so that git sees the
old file as moved and that branch's edits follow it; delete this folder once those two
import `.timing` / `..timing` from `planner.parsers`.
"""

from ..parsers.timing import assign_times  # noqa: F401  (the one name they use)
