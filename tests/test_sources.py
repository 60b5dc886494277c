"""Schedules by URL, against a local HTTP server on 127.0.0.1 that the tests start.

First fetch, the kept copy, a 304 on re-fetch, a changed program and its change
report, a server that is down (the copy is used, and said so), a 404, a timeout, an
oversized body, redirects, a body that is no program, and a failing DNS lookup (made
to fail inside httpx: no test touches any other address).
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import httpx
import pytest
from werkzeug import Response

from planner import sources
from planner.cli import main

from .conftest import DATA

CAMP = DATA / "schedule-json" / "frab-camp2019-excerpt.json"


@pytest.fixture(scope="session")
def httpserver_listen_address():
    return ("127.0.0.1", 0)


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("PLANNER_CACHE_DIR", str(folder))
    return folder / "feeds"


def run(capsys, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def program(*events: tuple[str, str, str, str, str]) -> bytes:
    """A c3voc schedule.json of (guid, title, start, duration, room) events."""
    rooms: dict[str, list[dict]] = {}
    for guid, title, start, duration, room in events:
        rooms.setdefault(room, []).append({
            "guid": guid, "id": len(rooms), "title": title, "date": start,
            "start": start[11:16], "duration": duration, "room": room, "type": "lecture",
            "persons": [{"public_name": "Ana Ruiz"}], "links": [], "url": f"https://x.org/{guid}",
        })
    data = {"schedule": {"version": "1", "conference": {
        "acronym": "testcon", "title": "TestCon", "time_zone_name": "Europe/Berlin",
        "days": [{"index": 1, "date": "2030-05-02", "day_start": "2030-05-02T08:00:00+02:00",
                  "day_end": "2030-05-03T04:00:00+02:00", "rooms": rooms}]}}}
    return json.dumps(data).encode("utf-8")


V1 = program(("a", "Keeping schedules", "2030-05-02T10:00:00+02:00", "00:30", "Hall A"),
             ("b", "Sorting rooms", "2030-05-02T11:00:00+02:00", "00:30", "Hall B"),
             ("c", "Bits of time", "2030-05-02T12:00:00+02:00", "00:30", "Hall A"))
# b moves to 10:15 in Hall A (where it now clashes with a), c is dropped.
V2 = program(("a", "Keeping schedules", "2030-05-02T10:00:00+02:00", "00:30", "Hall A"),
             ("b", "Sorting rooms", "2030-05-02T10:15:00+02:00", "00:30", "Hall C"))


def serve(httpserver, body: bytes, path: str = "/schedule.json", etag: str = '"v1"') -> str:
    """Serve `body` with an ETag, answering 304 to a request that already has it."""
    def handler(request):
        if request.headers.get("If-None-Match") == etag:
            return Response(status=304, headers={"ETag": etag})
        return Response(body, headers={"ETag": etag, "Last-Modified":
                                       "Wed, 01 May 2030 08:00:00 GMT"},
                        content_type="application/json")

    httpserver.clear()
    httpserver.expect_request(path).respond_with_handler(handler)
    return httpserver.url_for(path)


def test_first_fetch_keeps_a_copy_with_its_etag_and_no_pickle(httpserver, cache, capsys):
    url = serve(httpserver, CAMP.read_bytes())
    code, out, err = run(capsys, "talks", url, "--format", "json")
    assert code == 0, err
    talks = json.loads(out)
    assert len(talks) == 20 and talks[0]["schedule"] == "Chaos Communication Camp 2019"
    assert talks[0]["location"] == "Curie" and talks[0]["url"].startswith("https://")
    kept = sorted(p.suffix for p in cache.iterdir())
    assert kept == [".body", ".json"]
    record = json.loads(next(cache.glob("*.json")).read_text())
    assert record["etag"] == '"v1"' and record["url"] == url
    assert next(cache.glob("*.body")).read_bytes() == CAMP.read_bytes()
    for path in cache.iterdir():  # JSON and the bytes as received: nothing to unpickle
        assert not path.read_bytes().startswith(b"\x80")


def test_a_fresh_copy_is_used_without_asking_and_an_old_one_is_checked_with_a_304(
        httpserver, cache, capsys, monkeypatch):
    url = serve(httpserver, CAMP.read_bytes())
    assert run(capsys, "talks", url)[0] == 0
    assert len(httpserver.log) == 1
    assert run(capsys, "talks", url)[0] == 0  # within the hour: no request at all
    assert len(httpserver.log) == 1
    monkeypatch.setenv("PLANNER_NOW", "2026-11-22T14:00:00+00:00")  # two hours later
    code, out, err = run(capsys, "talks", url, "--format", "json")
    assert code == 0 and err == "" and len(json.loads(out)) == 20
    assert len(httpserver.log) == 2
    request, response = httpserver.log[-1]
    assert request.headers["If-None-Match"] == '"v1"'
    assert request.headers["If-Modified-Since"] == "Wed, 01 May 2030 08:00:00 GMT"
    assert response.status_code == 304
    monkeypatch.setenv("PLANNER_MAX_AGE", "0")  # check every time
    assert run(capsys, "talks", url)[0] == 0 and len(httpserver.log) == 3


def test_a_server_that_is_down_leaves_the_kept_copy_in_use_and_says_so(
        httpserver, cache, capsys, monkeypatch):
    url = serve(httpserver, CAMP.read_bytes())
    assert run(capsys, "talks", url)[0] == 0
    httpserver.stop()
    try:
        monkeypatch.setenv("PLANNER_NOW", "2026-11-22T15:00:00+00:00")
        code, out, err = run(capsys, "talks", url, "--format", "json")
        assert code == 0 and len(json.loads(out)) == 20
        assert err == (f"planner: 127.0.0.1 refused the connection; using the copy of {url} "
                       "fetched 3 hours ago.\n")
    finally:
        httpserver.start()


def test_a_server_that_is_down_with_no_copy_is_one_sentence(httpserver, cache, capsys):
    url = httpserver.url_for("/schedule.json")
    httpserver.stop()
    try:
        code, out, err = run(capsys, "agenda", url)
    finally:
        httpserver.start()
    assert code == 1 and out == ""
    assert err == f"planner: Cannot fetch {url}: 127.0.0.1 refused the connection.\n"


def test_a_404_is_one_sentence(httpserver, cache, capsys):
    httpserver.expect_request("/gone.xml").respond_with_data("no", status=404)
    url = httpserver.url_for("/gone.xml")
    code, out, err = run(capsys, "agenda", url)
    assert code == 1 and out == ""
    assert err == f"planner: Cannot fetch {url}: the server answered 404 NOT FOUND.\n"


def test_a_404_after_a_good_fetch_keeps_the_copy(httpserver, cache, capsys, monkeypatch):
    url = serve(httpserver, CAMP.read_bytes())
    assert run(capsys, "talks", url)[0] == 0
    httpserver.clear()
    httpserver.expect_request("/schedule.json").respond_with_data("no", status=404)
    monkeypatch.setenv("PLANNER_MAX_AGE", "0")
    code, out, err = run(capsys, "talks", url)
    assert code == 0 and "Opening Ceremony" in out
    assert "The server answered 404 NOT FOUND; using the copy" in err


def test_a_server_that_does_not_answer_in_time(httpserver, cache, capsys, monkeypatch):
    answered = threading.Event()

    def slow(request):
        answered.wait(30)  # held until the command has given up (or 30 s, a failure)
        return Response(CAMP.read_bytes())

    monkeypatch.setattr(sources, "READ_SECONDS", 0.3)
    httpserver.expect_request("/slow.json").respond_with_handler(slow)
    url = httpserver.url_for("/slow.json")
    began = time.monotonic()
    try:
        code, out, err = run(capsys, "agenda", url)
    finally:
        answered.set()
    assert time.monotonic() - began < 20  # gave up long before the server answered
    assert code == 1 and out == ""
    assert err == f"planner: Cannot fetch {url}: 127.0.0.1 did not answer within 0.3 seconds.\n"


@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "chunked"])
def test_an_oversized_body_is_cut_off_in_one_sentence(httpserver, cache, capsys, monkeypatch,
                                                     declared):
    monkeypatch.setattr(sources, "MAX_BYTES", 4096)
    body = b"{" + b" " * 100_000 + b"}"
    if declared:
        httpserver.expect_request("/big.json").respond_with_data(body)
    else:
        def stream(request):
            return Response((body[i:i + 1024] for i in range(0, len(body), 1024)))

        httpserver.expect_request("/big.json").respond_with_handler(stream)
    url = httpserver.url_for("/big.json")
    code, out, err = run(capsys, "agenda", url)
    assert code == 1 and out == ""
    assert err == (f"planner: Cannot fetch {url}: it is larger than 0.00390625 MB, more than "
                   "any program; planner stopped reading.\n")
    assert not cache.exists() or not list(cache.iterdir())


def test_redirects_are_followed_only_to_http(httpserver, cache, capsys):
    httpserver.expect_request("/old.json").respond_with_data(
        "", status=301, headers={"Location": "/new.json"})
    httpserver.expect_request("/new.json").respond_with_data(CAMP.read_bytes())
    httpserver.expect_request("/ftp.json").respond_with_data(
        "", status=302, headers={"Location": "ftp://127.0.0.1/schedule.json"})
    code, out, err = run(capsys, "talks", httpserver.url_for("/old.json"))
    assert code == 0 and "Opening Ceremony" in out, err
    url = httpserver.url_for("/ftp.json")
    code, out, err = run(capsys, "talks", url)
    assert code == 1 and err == (
        f"planner: Cannot fetch {url}: it redirects to ftp://127.0.0.1/schedule.json, and "
        "planner follows only http and https addresses.\n")


def test_a_body_that_is_no_program(httpserver, cache, capsys, monkeypatch):
    page = b"<!DOCTYPE html><html><body><h1>Maintenance</h1><p>Back soon.</p></body></html>"
    httpserver.expect_request("/page").respond_with_data(page, content_type="text/html")
    url = httpserver.url_for("/page")
    code, out, err = run(capsys, "agenda", url)
    assert code == 1 and out == "" and err.count("\n") == 1
    assert err.startswith(f"planner: {url} did not send a schedule planner can read: it does "
                          "not look like any known schedule format")
    # With a good copy kept, the copy stays in use and the page is not kept.
    good = serve(httpserver, CAMP.read_bytes(), path="/feed.json")
    assert run(capsys, "talks", good)[0] == 0
    httpserver.clear()
    httpserver.expect_request("/feed.json").respond_with_data(page, content_type="text/html")
    monkeypatch.setenv("PLANNER_MAX_AGE", "0")
    code, out, err = run(capsys, "talks", good)
    assert code == 0 and "Opening Ceremony" in out
    assert f"{good} now sends no schedule planner can read" in err
    assert "using the copy fetched 0 seconds ago" in err
    assert sources.stored(good).body == CAMP.read_bytes()


def test_a_name_that_does_not_resolve(cache, capsys, monkeypatch):
    def no_dns(self, request):
        raise httpx.ConnectError("[Errno -2] Name or service not known", request=request)

    monkeypatch.setattr(httpx.HTTPTransport, "handle_request", no_dns)
    url = "https://schedule.example.invalid/schedule.xml"
    code, out, err = run(capsys, "agenda", url)
    assert code == 1 and out == ""
    assert err == (f"planner: Cannot fetch {url}: the name schedule.example.invalid cannot be "
                   "looked up (DNS); check the address and your connection.\n")


def test_with_the_cache_off_nothing_is_kept(httpserver, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("PLANNER_CACHE", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    url = serve(httpserver, CAMP.read_bytes())
    assert run(capsys, "talks", url)[0] == 0
    assert run(capsys, "talks", url)[0] == 0
    assert len(httpserver.log) == 2 and not (tmp_path / "xdg").exists()


def test_a_bad_max_age_is_one_sentence(httpserver, cache, capsys, monkeypatch):
    url = serve(httpserver, CAMP.read_bytes())
    run(capsys, "talks", url)
    monkeypatch.setenv("PLANNER_MAX_AGE", "soon")
    code, out, err = run(capsys, "talks", url)
    assert code == 1 and "PLANNER_MAX_AGE='soon' is not a duration" in err


# -- remembered addresses and refresh ----------------------------------------------------

def test_a_changed_program_gives_the_change_report(httpserver, cache, capsys, tmp_path):
    url = serve(httpserver, V1, etag='"v1"')
    code, out, err = run(capsys, "add", url)
    assert code == 0 and out == f"Remembered {url} (TestCon 2030, 3 talks)\n", err
    code, out, err = run(capsys, "talks", "--format", "json")  # no schedule named: the kept one
    ids = {t["title"]: t["id"] for t in json.loads(out)}
    assert set(ids) == {"Keeping schedules", "Sorting rooms", "Bits of time"}
    code, out, err = run(capsys, "pick", ids["Keeping schedules"], ids["Sorting rooms"],
                         ids["Bits of time"])
    assert code == 0, err

    code, out, err = run(capsys, "refresh")  # nothing new: the server answers 304
    assert code == 0, err
    assert out == (f"{url}  (TestCon 2030, 3 talks; unchanged on its server)\n\n"
                   "No changes to your picks.\n")
    assert httpserver.log[-1][1].status_code == 304

    serve(httpserver, V2, etag='"v2"')
    code, out, err = run(capsys, "refresh")
    assert code == 0, err
    b, c = ids["Sorting rooms"], ids["Bits of time"]
    a = ids["Keeping schedules"]
    assert out == (
        f"{url}  (TestCon 2030, 2 talks; updated from its server)\n\n"
        "Changes to your picks:\n"
        f"  moved: {b} Sorting rooms: was Thu 2 May 11:00–11:30 in Hall B, now Thu 2 May "
        "10:15–10:45 in Hall C.\n"
        f"  vanished: {c} Bits of time is no longer in TestCon 2030 (was Thu 2 May 12:00–12:30); "
        f"unpick it with planner unpick {c}.\n"
        f"  new clash: {b} Sorting rooms clashes with {a} Keeping schedules (15 min).\n")
    # Reported once: the moves are recorded; the vanished pick stays until unpicked.
    code, out, err = run(capsys, "refresh", "--format", "json")
    report = json.loads(out)
    assert [c["kind"] for c in report["changes"]] == ["vanished"]
    assert report["sources"] == [{"source": url, "status": "not-modified",
                                  "schedule": "TestCon 2030", "talks": 2, "problem": None,
                                  "notes": []}]


def test_refresh_with_the_server_down_uses_the_copy_and_says_so(httpserver, cache, capsys,
                                                               monkeypatch):
    url = serve(httpserver, V1)
    assert run(capsys, "add", url)[0] == 0
    httpserver.stop()
    try:
        monkeypatch.setenv("PLANNER_NOW", "2026-11-22T12:10:00+00:00")
        code, out, err = run(capsys, "refresh")
    finally:
        httpserver.start()
    assert code == 0
    assert err == (f"planner: 127.0.0.1 refused the connection; using the copy of {url} "
                   "fetched 10 minutes ago.\n")
    assert f"{url}  (TestCon 2030, 3 talks; server not reached; kept copy used)" in out


def test_sources_lists_addresses_with_the_age_of_their_copy(httpserver, cache, capsys,
                                                            monkeypatch):
    url = serve(httpserver, V1)
    run(capsys, "add", url, str(CAMP))
    monkeypatch.setenv("PLANNER_NOW", "2026-11-23T12:00:00+00:00")
    code, out, err = run(capsys, "sources")
    assert code == 0 and len(httpserver.log) == 1  # listing never fetches
    assert out == (f"1  {url}  (TestCon 2030, 3 talks; fetched 1 day ago)\n"
                   f"2  {CAMP.resolve()}  (Chaos Communication Camp 2019, 20 talks)\n")
    code, out, err = run(capsys, "remove", "1")
    assert code == 0 and out == f"Forgot {url}\n"
    assert sources.stored(url) is None  # its kept copy went with it


def test_a_redirect_without_an_address_and_a_redirect_loop(httpserver, cache, capsys):
    httpserver.expect_request("/nowhere").respond_with_data("", status=302)
    httpserver.expect_request("/loop").respond_with_data("", status=302,
                                                         headers={"Location": "/loop"})
    url = httpserver.url_for("/nowhere")
    code, out, err = run(capsys, "agenda", url)
    assert code == 1 and err == (f"planner: Cannot fetch {url}: the server answered 302 "
                                 "without an address to go on to.\n")
    url = httpserver.url_for("/loop")
    code, out, err = run(capsys, "agenda", url)
    assert code == 1 and err == f"planner: Cannot fetch {url}: it redirects more than 5 times.\n"


def test_a_connection_that_cannot_be_made_in_time(cache, capsys, monkeypatch):
    def hangs(self, request):
        raise httpx.ConnectTimeout("timed out", request=request)

    monkeypatch.setattr(httpx.HTTPTransport, "handle_request", hangs)
    url = "https://schedule.example.invalid/schedule.json"
    code, out, err = run(capsys, "agenda", url)
    assert code == 1 and err == (f"planner: Cannot fetch {url}: no connection to "
                                 "schedule.example.invalid could be made within 10 seconds.\n")
