"""The old name of `planner.parsers.names`, for the reader modules that still import it
(`planner/parsers/site.py`, `papers.py` and `program/`, being changed on another
branch).  A folder rather than a `speakers.py`, so that git sees the old file as moved;
delete this folder once those import `names` from `planner.parsers`.
"""

from ..parsers.names import (  # noqa: F401  (the names they use)
    is_artefact,
    lettered_names,
    looks_like_name,
    looks_like_name_list,
    make_speaker,
    split_author_line,
    split_names,
    unique_speakers,
)
