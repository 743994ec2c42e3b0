"""Compressed answers (issue 23): the codings chosen, what is left alone, and
validators that still match what clients send back (long polls, 304, 412)."""

from __future__ import annotations

import gzip
import json
import re
import threading
import time
from pathlib import Path
from typing import Iterator

import brotli
import pytest
from flask import Flask

from dominion_server import create_app, openapi, watch
from dominion_server.extensions import db

from .support import bearer, command, two_humans

BR = {"Accept-Encoding": "br"}
GZIP = {"Accept-Encoding": "gzip"}
#: What Chromium sends.
BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd"}
#: Seconds a test waits for the app to reach a state (the app's state, polled).
PATIENCE = 10


@pytest.fixture(scope="module")
def app(tmp_path_factory) -> Iterator[Flask]:
    """An app of its own: long polls held up to 25 s, as in production."""
    path = tmp_path_factory.mktemp("compression") / "api.sqlite3"
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
                      "AUTO_MIGRATE": True, "RATELIMIT_ENABLED": False,
                      "LONGPOLL_MAX_WAIT": 25, "LONGPOLL_INTERVAL": 0.05})
    yield app
    app.extensions[watch.EXTENSION].close()
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


def decoded(r) -> bytes:
    coding = r.headers.get("Content-Encoding")
    return {"br": brotli.decompress, "gzip": gzip.decompress}.get(coding, bytes)(r.data)


def until(predicate, timeout: float = PATIENCE) -> bool:
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            return False
        time.sleep(0.002)
    return True


# ---------------------------------------------------------------------------
# Which answers are compressed, and how


@pytest.mark.parametrize("accept, coding", [(BROWSER, "br"), (BR, "br"), (GZIP, "gzip"),
                                            ({"Accept-Encoding": "br;q=0.5, gzip"}, "gzip"),
                                            ({}, None), ({"Accept-Encoding": "identity"}, None)])
def test_the_clients_files_are_compressed_as_the_browser_accepts(client, app, accept, coding):
    main = Path(app.config["FRONTEND_DIR"], "js", "main.js").read_bytes()
    r = client.get("/js/main.js", headers=accept)
    assert r.status_code == 200
    assert r.headers.get("Content-Encoding") == coding
    assert "Accept-Encoding" in r.headers["Vary"]
    assert int(r.headers["Content-Length"]) == len(r.data)
    assert decoded(r) == main
    if coding:
        assert len(r.data) < len(main) / 2


def test_json_answers_are_compressed(client):
    plain = client.get("/api/cards?lang=en")
    r = client.get("/api/cards?lang=en", headers=BROWSER)
    assert r.headers["Content-Encoding"] == "br" and "Accept-Encoding" in r.headers["Vary"]
    assert decoded(r) == plain.data and len(r.data) < len(plain.data) / 5


@pytest.mark.parametrize("path", ["/api/health", "/icons/bell.svg", "/icons/icon-192.png"])
def test_small_bodies_and_images_go_as_they_are(client, app, path):
    """Under 500 bytes the coding costs more than it saves; PNG is compressed already."""
    r = client.get(path, headers=BROWSER)
    assert r.status_code == 200
    assert "Content-Encoding" not in r.headers
    assert "Accept-Encoding" in r.headers["Vary"]  # another client may get it compressed
    if path.startswith("/icons/"):
        assert r.data == Path(app.config["FRONTEND_DIR"], path[1:]).read_bytes()


def test_a_range_of_a_file_is_the_whole_file(client, app):
    """Ranges would be cut before compression: the client's files are sent whole."""
    r = client.get("/js/main.js", headers={**BROWSER, "Range": "bytes=0-9"})
    assert r.status_code == 200 and "Accept-Ranges" not in r.headers
    assert decoded(r) == Path(app.config["FRONTEND_DIR"], "js", "main.js").read_bytes()


def test_compression_can_be_turned_off(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPRESSION", "0")
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/x.db",
                      "AUTO_MIGRATE": True})
    r = app.test_client().get("/js/main.js", headers=BROWSER)
    assert r.status_code == 200 and "Content-Encoding" not in r.headers
    assert ":" not in r.headers["ETag"]
    app.extensions[watch.EXTENSION].close()
    with app.app_context():
        db.engine.dispose()


def test_vary_keeps_origin_when_cors_is_restricted(app):
    app.config["CORS_ORIGINS"] = "https://example.org"
    try:
        r = app.test_client().get("/api/cards", headers={**BROWSER, "Origin": "https://example.org"})
    finally:
        app.config["CORS_ORIGINS"] = "*"
    vary = {v.strip() for h in r.headers.getlist("Vary") for v in h.split(",")}
    assert {"Origin", "Accept-Encoding"} <= vary


# ---------------------------------------------------------------------------
# Validators: each coding its own strong ETag, and what clients send back matches


@pytest.mark.parametrize("accept", [BR, GZIP, {}])
def test_a_file_revalidates_with_the_etag_of_its_coding(client, accept):
    first = client.get("/css/app.css", headers=accept)
    tag = first.headers["ETag"]
    coding = accept.get("Accept-Encoding")
    assert tag.endswith(f':{coding}"' if coding else '"') and not tag.startswith("W/")
    again = client.get("/css/app.css", headers={**accept, "If-None-Match": tag})
    assert again.status_code == 304 and again.data == b""
    assert again.headers["ETag"] == tag  # the copy the browser keeps keeps its tag
    # A copy kept in another coding (before the browser learned brotli) is still current.
    plain = client.get("/css/app.css").headers["ETag"]
    assert client.get("/css/app.css", headers={**BR, "If-None-Match": plain}).status_code == 304


def test_a_game_compressed_keeps_its_versioned_etag_and_304(client):
    """The API's ETag is the documented version token in every coding (issue 24)."""
    gid, tokens = two_humans(client, seed=61)
    r = client.get(f"/api/games/{gid}", headers={**BROWSER, **bearer(tokens[0])})
    assert r.headers["Content-Encoding"] == "br"
    tag = r.headers["ETag"]
    assert tag == f'"v{json.loads(decoded(r))["version"]}-s0"' == client.get(
        f"/api/games/{gid}", headers=bearer(tokens[0])).headers["ETag"]
    assert {v.strip() for v in r.headers["Vary"].split(",")} >= {"Authorization", "Accept-Encoding"}
    again = client.get(f"/api/games/{gid}",
                       headers={**BROWSER, **bearer(tokens[0]), "If-None-Match": tag})
    assert again.status_code == 304 and again.headers["ETag"] == tag
    # Another seat's compressed tag is not this seat's representation.
    other = client.get(f"/api/games/{gid}", headers={**BROWSER, **bearer(tokens[1])})
    mixed = client.get(f"/api/games/{gid}", headers={**BROWSER, **bearer(tokens[0]),
                                                     "If-None-Match": other.headers["ETag"]})
    assert mixed.status_code == 200 and mixed.headers["ETag"] == tag


def test_a_long_poll_with_a_compressed_etag_is_held_and_wakes_on_a_move(client, app):
    gid, tokens = two_humans(client, seed=62)
    tags = {s: client.get(f"/api/games/{gid}", headers={**BROWSER, **bearer(t)}).headers["ETag"]
            for s, t in tokens.items()}
    mover = client.get(f"/api/games/{gid}", headers=bearer(tokens[0])).get_json()["view"]["awaiting"][0]
    waiter = 1 - mover
    answer: dict = {}

    def poll() -> None:
        answer["r"] = app.test_client().get(f"/api/games/{gid}", headers={
            **BROWSER, **bearer(tokens[waiter]), "If-None-Match": tags[waiter], "Prefer": "wait=20"})

    thread = threading.Thread(target=poll, daemon=True)
    thread.start()
    w = app.extensions[watch.EXTENSION]
    assert until(lambda: w.waiting(gid) == 1)  # held: the compressed tag matched
    # The mover's compressed tag is a current If-Match.
    moved = command(client, gid, tokens[mover], {"type": "end_phase"}, etag=tags[mover])
    assert moved.status_code == 200
    thread.join(PATIENCE)
    assert not thread.is_alive()
    r = answer["r"]
    assert r.status_code == 200 and r.headers["Preference-Applied"] == "wait=20"
    assert r.headers["Content-Encoding"] == "br"
    assert r.headers["ETag"] == f'"v{json.loads(decoded(r))["version"]}-s{waiter}"' != tags[waiter]


def test_a_long_poll_that_times_out_answers_304_with_the_tag_sent(client, app):
    app.config["LONGPOLL_MAX_WAIT"] = 0.05
    try:
        gid, tokens = two_humans(client, seed=63)
        tag = client.get(f"/api/games/{gid}", headers={**GZIP, **bearer(tokens[0])}).headers["ETag"]
        r = client.get(f"/api/games/{gid}", headers={**GZIP, **bearer(tokens[0]),
                                                     "If-None-Match": tag, "Prefer": "wait=20"})
    finally:
        app.config["LONGPOLL_MAX_WAIT"] = 25
    assert r.status_code == 304 and r.headers["ETag"] == tag and tag.endswith('-s0"')
    assert r.headers["Preference-Applied"] == "wait=0.05"


def test_a_stale_compressed_if_match_is_412(client):
    gid, tokens = two_humans(client, seed=64)
    seat = client.get(f"/api/games/{gid}", headers=bearer(tokens[0])).get_json()["view"]["awaiting"][0]
    answer = client.get(f"/api/games/{gid}", headers={**BR, **bearer(tokens[seat])})
    old = answer.headers["ETag"]
    assert answer.headers["Content-Encoding"] == "br" and old.endswith(f'-s{seat}"')
    r = command(client, gid, tokens[seat], {"type": "end_phase"}, etag=old)
    assert r.status_code == 200
    stale = command(client, gid, tokens[seat], {"type": "end_phase"}, etag=old)
    assert stale.status_code == 412


def test_the_documented_etag_names_compressed_answers_tags_too(client):
    """The OpenAPI document's ETag pattern (what generated clients check) fits every coding."""
    pattern = openapi.HEADERS["ETag"]["schema"]["pattern"]
    gid, tokens = two_humans(client, seed=65)
    for accept in (BR, GZIP, {}):
        tag = client.get(f"/api/games/{gid}", headers={**accept, **bearer(tokens[0])}).headers["ETag"]
        assert re.match(pattern, tag), tag
