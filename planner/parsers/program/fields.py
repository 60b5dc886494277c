"""Talks and sessions made from fields the reader has already made valid.

The reader builds each talk's and each session's fields itself (`build.Builder`), and
they are valid as they stand: plain strings, `SessionKind` members, `Speaker` and `Link`
models, instants in a `ZoneInfo` (which `model._to_zoneinfo` passes as they are), fresh
lists.  Validating them again (pydantic's `validate_python`) checked every field of
20,000 models of a 10,000-entry program only to hand them back unchanged: a fifth of
building the schedule.  `made` sets a model's fields directly, as `model_construct`
does, from a dict already in the model's field order (a model's JSON lists its fields
in the order of its `__dict__`), defaults included; `validated` is its plain twin, what
pydantic makes of the same fields, and tests/test_program_models.py holds the two
together on real texts.  (`made` lives with the models, `planner.model`: speakers are
made the same way, `parsers.names.make_speaker`.)
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel

from ...model import Link, SessionKind, Speaker, made  # noqa: F401  (build's)

# The fields a talk's and a session's dicts state (the others are their defaults), as
# the fields pydantic would record as set had it validated the dicts.
TALK_SET = frozenset({"id", "title", "speakers", "abstract", "bio", "notes", "start", "end",
                      "estimated", "end_estimated", "session_id", "kind", "url", "links",
                      "location", "line"})
SESSION_SET = frozenset({"id", "kind", "title", "start", "end", "start_estimated",
                         "end_estimated", "speakers", "chairs", "description", "location",
                         "url", "talks", "line"})
STANDALONE_SET = SESSION_SET | {"standalone"}


def talk_fields(title: str, speakers: list[Speaker], abstract: str, bio: str,
                notes: list[str], start: datetime | None, end: datetime | None,
                estimated: bool, end_estimated: bool, kind: SessionKind | None,
                url: str | None, links: list[Link], location: str | None,
                line: int) -> dict[str, Any]:
    """A `Talk`'s fields, in its order, defaults included (`build` sets the ids): a copy
    of `_TALK`, the given values set in it.  Copying a dict copies its table in one
    block, where a literal of 22 keys inserts them one by one (a third dearer in all);
    `_talk_fields_plain` is its literal twin."""
    f = _copy_talk()
    f["title"] = title
    f["speakers"] = speakers
    f["abstract"] = abstract
    f["bio"] = bio
    f["notes"] = notes
    f["start"] = start
    f["end"] = end
    f["estimated"] = estimated
    f["end_estimated"] = end_estimated
    f["kind"] = kind
    f["url"] = url
    f["links"] = links
    f["location"] = location
    f["line"] = line
    return f


def _talk_fields_plain(title: str, speakers: list[Speaker], abstract: str, bio: str,
                       notes: list[str], start: datetime | None, end: datetime | None,
                       estimated: bool, end_estimated: bool, kind: SessionKind | None,
                       url: str | None, links: list[Link], location: str | None,
                       line: int) -> dict[str, Any]:
    """`talk_fields` written out as one literal: the reference its test holds it to."""
    return {"id": None, "title": title, "title_source": "stated", "speakers": speakers,
            "abstract": abstract, "abstract_truncated": False, "bio": bio, "notes": notes,
            "start": start, "end": end, "estimated": estimated,
            "end_estimated": end_estimated, "published": None, "session_id": None,
            "kind": kind, "url": url, "links": links, "location": location, "track": None,
            "language": None, "line": line}


# A talk's fields with the defaults of those `talk_fields` is not given; the others are
# set on each copy.
_TALK: dict[str, Any] = _talk_fields_plain("", [], "", "", [], None, None, False, False,
                                           None, None, [], None, 0)
_copy_talk = _TALK.copy


def session_fields(kind: SessionKind, title: str, start: datetime | None,
                   end: datetime | None, start_estimated: bool, end_estimated: bool,
                   speakers: list[Speaker], chairs: list[Speaker], description: str,
                   location: str | None, url: str | None, talks: list, standalone: bool,
                   line: int) -> dict[str, Any]:
    """A `Session`'s fields, in its order, defaults included (`build` sets the id, and
    makes its talks' fields into talks)."""
    return {"id": None, "kind": kind, "title": title, "start": start, "end": end,
            "start_estimated": start_estimated, "end_estimated": end_estimated,
            "speakers": speakers, "chairs": chairs, "description": description,
            "location": location, "url": url, "track": None, "talks": talks,
            "standalone": standalone, "line": line}


def validated(model: type[BaseModel], fields: dict[str, Any], stated: frozenset[str] | set[str]) -> Any:
    """`made`'s plain twin: the model pydantic validates from the stated fields."""
    return model.model_validate({k: v for k, v in fields.items() if k in stated})
