"""Every error is problem+json, and bad input never changes stored state."""

from __future__ import annotations

import json

import pytest

from .support import bearer, create, stored, two_humans

PROBLEM_KEYS = {"type", "title", "status", "detail", "code"}


def assert_problem(r, status: int, code: str | None = None) -> dict:
    assert r.status_code == status, (r.status_code, r.get_data(as_text=True)[:300])
    assert r.mimetype == "application/problem+json"
    p = r.get_json()
    assert PROBLEM_KEYS <= set(p)
    assert p["status"] == status
    if code:
        assert p["code"] == code
    return p


def test_unknown_routes_are_json_404(client):
    for path in ("/api/nope", "/api/games", "/api/games/x/y", "/api", "/no-such-file.js",
                 "/api/games/x/commands/extra"):
        assert_problem(client.get(path), 404 if path != "/api/games" else 405)
    assert_problem(client.post("/api/whatever", json={}), 404, "not_found")
    assert_problem(client.delete("/api/nope"), 404, "not_found")


def test_wrong_methods_are_405_with_allow(client):
    cases = {
        ("POST", "/api/cards"), ("DELETE", "/api/games/abc"), ("PUT", "/api/games"),
        ("GET", "/api/games/abc/commands"), ("GET", "/api/games/abc/join"),
        ("POST", "/api/health"), ("PATCH", "/api/kingdoms/random"), ("GET", "/api/join"),
    }
    for method, path in cases:
        r = client.open(path, method=method)
        p = assert_problem(r, 405, "method_not_allowed")
        assert method in p["detail"]
        assert r.headers["Allow"]


def test_malformed_json_is_400(client, app):
    gid, tokens = two_humans(client)
    before = stored(app, gid)
    for raw in (b"{", b"{'type': 'end_phase'}", b"\xff\xfe", b"", b"[1,", b"NaN-ish"):
        for path, headers in (("/api/games", {}), (f"/api/games/{gid}/join", {}),
                              (f"/api/games/{gid}/commands", bearer(tokens[0])),
                              ("/api/join", {})):
            r = client.post(path, data=raw, content_type="application/json", headers=headers)
            assert_problem(r, 400, "bad_json")
    assert stored(app, gid) == before


def test_non_json_media_type_is_415(client, app):
    gid, tokens = two_humans(client)
    before = stored(app, gid)
    body = json.dumps({"type": "end_phase"})
    for ctype in ("text/plain", "application/x-www-form-urlencoded", None, "multipart/form-data"):
        kwargs = {"data": body}
        if ctype:
            kwargs["content_type"] = ctype
        r = client.post(f"/api/games/{gid}/commands", headers=bearer(tokens[0]), **kwargs)
        assert_problem(r, 415, "unsupported_media_type")
        assert_problem(client.post("/api/games", **kwargs), 415)
    # JSON with a charset or a +json type is fine.
    ok = client.post("/api/games", data=json.dumps({
        "seats": [{"kind": "human", "name": "A"}, {"kind": "bot", "bot": "generic"}]}),
        content_type="application/json; charset=utf-8")
    assert ok.status_code == 201
    assert stored(app, gid) == before


def test_body_size_limit_is_413(client, app):
    gid, tokens = two_humans(client)
    before = stored(app, gid)
    limit = app.config["MAX_CONTENT_LENGTH"]
    big = json.dumps({"type": "answer", "answer": ["Copper"] * (limit // 8)})
    assert len(big) > limit
    r = client.post(f"/api/games/{gid}/commands", data=big, content_type="application/json",
                    headers=bearer(tokens[0]))
    assert_problem(r, 413, "too_large")
    r = client.post("/api/games", data=big, content_type="application/json")
    assert_problem(r, 413, "too_large")
    assert stored(app, gid) == before


def test_bad_query_parameters_are_400(client):
    for path in ("/api/cards?lang=de", "/api/kingdoms/random?count=abc",
                 "/api/kingdoms/random?seed=-5", "/api/kingdoms/random?sets=base,atlantis",
                 "/api/kingdoms/random?require=magic", "/api/kingdoms/random?spread=2-3",
                 "/api/kingdoms/random?colony=maybe", "/api/kingdoms/random?reaction=perhaps",
                 "/api/kingdoms/random?seed=18446744073709551616",
                 "/api/kingdoms/presets?available=sometimes"):
        p = assert_problem(client.get(path), 400, "bad_query")
        assert p["errors"], path


def test_server_errors_are_problems_without_internals(app, monkeypatch):
    from dominion_server import service

    def boom(*a, **k):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(service, "load", boom)
    r = app.test_client().get("/api/games/whatever")
    assert_problem(r, 500, "internal_error")
    assert "secret" not in r.get_data(as_text=True)


@pytest.mark.parametrize("path", ["/api/games/{gid}", "/api/games/{gid}/log"])
def test_problem_never_echoes_tokens(client, path):
    gid, tokens = two_humans(client)
    wrong = tokens[0][:-4] + "AAAA"
    r = client.get(path.format(gid=gid), headers=bearer(wrong))
    assert_problem(r, 401, "unauthorized")
    assert wrong not in r.get_data(as_text=True) and tokens[0] not in r.get_data(as_text=True)


def test_create_does_not_store_anything_on_bad_input(client, app):
    from dominion_server.extensions import db
    from dominion_server.models import GameRow

    with app.app_context():
        count = db.session.query(GameRow).count()
        db.session.remove()
    for body in ({"seats": []}, {"seats": [{"kind": "human", "name": "A"}] * 2,
                                 "kingdom": ["Nope"]}, {"seats": "x"}):
        assert client.post("/api/games", json=body).status_code == 422
    with app.app_context():
        assert db.session.query(GameRow).count() == count
        db.session.remove()
    create(client)
    with app.app_context():
        assert db.session.query(GameRow).count() == count + 1
        db.session.remove()


def test_a_failing_bot_is_a_500_that_changes_nothing(client, app, monkeypatch, caplog):
    from dominion.bots.generic import GenericBot

    g = create(client)  # Ann against a generic bot
    token = g["token"]
    view = client.get(f"/api/games/{g['id']}", headers=bearer(token)).get_json()["view"]
    assert view["awaiting"] == [g["seat"]]
    monkeypatch.setattr(GenericBot, "command",
                        lambda self, game, seat: {"type": "buy", "card": "Platinum"})
    end = {"type": "end_phase"}
    assert client.post(f"/api/games/{g['id']}/commands", json=end,
                       headers=bearer(token)).status_code == 200  # to the buy phase
    before = stored(app, g["id"])
    # Ann's clean-up hands the turn to the bot, whose command is illegal.
    r = client.post(f"/api/games/{g['id']}/commands", json=end, headers=bearer(token))
    assert r.status_code == 500
    p = r.get_json()
    assert p["code"] == "internal_error" and "Platinum" not in json.dumps(p)
    assert "bot failed" in caplog.text and "Platinum" in caplog.text
    assert stored(app, g["id"]) == before  # Ann's own command was not saved either


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def test_deeply_nested_json_is_400_not_a_recursion_error(client, app):
    gid, tokens = two_humans(client)
    before = stored(app, gid)
    targets = (("/api/games", {}), (f"/api/games/{gid}/join", {}), ("/api/join", {}),
               (f"/api/games/{gid}/commands", bearer(tokens[0])))
    bodies = (_nested(1000),                                 # json.loads itself recursed
              _nested(33),                                   # past the limit, loads parses it
              '{"type": "answer", "answer": %s}' % _nested(100))  # the schema's business
    for raw in bodies:
        assert len(raw) < app.config["MAX_CONTENT_LENGTH"]
        for path, headers in targets:
            r = client.post(path, data=raw, content_type="application/json", headers=headers)
            p = assert_problem(r, 400, "bad_json")
            assert "nested too deeply" in p["detail"]
    assert stored(app, gid) == before


def test_nesting_up_to_the_limit_and_brackets_in_strings_are_fine(client):
    from dominion_server.bodies import MAX_DEPTH, too_deep

    assert not too_deep(_nested(MAX_DEPTH)) and too_deep(_nested(MAX_DEPTH + 1))
    # Brackets and escaped quotes inside strings are text, not nesting.
    text = json.dumps({"name": "[" * 100 + '\\"' + "{" * 100})
    assert not too_deep(text) and json.loads(text)
    assert not too_deep(json.dumps(["\\", "[" * 50, ["a\\\\\"[[["]]))
    # A body nested to the limit reaches the schema (422), not the parser.
    r = client.post("/api/games", data=_nested(MAX_DEPTH), content_type="application/json")
    assert_problem(r, 422, "invalid_body")
    g = create(client, [{"kind": "human", "name": "[[[{{{\\\"Ann"},
                        {"kind": "bot", "bot": "generic"}])
    assert g["game"]["seats"][0]["name"] == "[[[{{{\\\"Ann"


def _chunks(data: bytes, size: int = 4096):
    for i in range(0, len(data), size):
        yield data[i:i + size]


def _mover(client, gid: str, tokens: dict[int, str]) -> dict[str, str]:
    """The Authorization header of the seat whose move it is."""
    view = client.get(f"/api/games/{gid}", headers=bearer(tokens[0])).get_json()["view"]
    return bearer(tokens[view["awaiting"][0]])


def _big_body(limit: int) -> bytes:
    # Valid JSON within the first `limit` bytes, so a truncated read would parse.
    return (b'{"type": "end_phase"}' + b" " * limit)


def test_a_chunked_body_over_the_limit_is_413_on_a_real_server(live_server):
    import http.client

    app = live_server.app
    client = app.test_client()
    gid, tokens = two_humans(client)
    before = stored(app, gid)
    limit = app.config["MAX_CONTENT_LENGTH"]
    host, port = live_server.url.rsplit("/", 1)[1].split(":")
    auth = _mover(client, gid, tokens)
    for path, body in (("/api/games", b'{"seats": [' + b" " * limit + b"]}"),
                       (f"/api/games/{gid}/commands", _big_body(limit))):
        conn = http.client.HTTPConnection(host, int(port), timeout=10)
        try:
            conn.request("POST", path, body=_chunks(body), encode_chunked=True,
                         headers={"Content-Type": "application/json", **auth})
            r = conn.getresponse()
            assert r.status == 413, r.read()[:300]
            assert r.getheader("Content-Type") == "application/problem+json"
            assert json.loads(r.read())["code"] == "too_large"
        finally:
            conn.close()
    # A chunked body of exactly the limit is read whole.
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        conn.request("POST", f"/api/games/{gid}/commands", encode_chunked=True,
                     body=_chunks(b'{"type": "end_phase"}' + b" " * (limit - 21), 1000),
                     headers={"Content-Type": "application/json", **auth})
        assert conn.getresponse().status == 200
    finally:
        conn.close()
    assert stored(app, gid)["version"] == before["version"] + 1


def test_a_chunked_body_over_the_limit_is_413_in_the_test_client(client, app):
    gid, tokens = two_humans(client)
    before = stored(app, gid)
    limit = app.config["MAX_CONTENT_LENGTH"]
    # What a server passes on for a chunked body: no length, a stream that ends itself.
    chunked = {"headers": {**_mover(client, gid, tokens), "Transfer-Encoding": "chunked"},
               "environ_overrides": {"wsgi.input_terminated": True},
               "content_type": "application/json"}
    url = f"/api/games/{gid}/commands"
    assert_problem(client.post(url, data=_big_body(limit), **chunked), 413, "too_large")
    assert stored(app, gid) == before
    exact = b'{"type": "end_phase"}' + b" " * (limit - 21)
    assert len(exact) == limit
    r = client.post(url, data=exact, **chunked)
    assert r.status_code == 200, r.get_json()


def test_a_huge_url_is_414_and_huge_headers_are_431(client):
    from dominion_server.request_limits import MAX_FIELD_SIZE, MAX_FIELDS, MAX_TARGET

    long_query = "/api/cards?lang=en&x=" + "a" * MAX_TARGET
    for path in (long_query, "/api/" + "a" * MAX_TARGET, "/no-such-page/" + "a" * MAX_TARGET):
        p = assert_problem(client.get(path), 414, "uri_too_long")
        assert str(MAX_TARGET) in p["detail"]
    assert_problem(client.post(long_query, json={}), 414, "uri_too_long")
    assert client.get("/api/cards?lang=en&x=" + "a" * 2000).status_code == 200
    big = {"X-Padding": "a" * MAX_FIELD_SIZE}
    p = assert_problem(client.get("/api/health", headers=big), 431, "headers_too_large")
    assert "X-Padding" in p["detail"]
    many = {f"X-Field-{i}": "1" for i in range(MAX_FIELDS + 1)}
    assert_problem(client.get("/api/health", headers=many), 431, "headers_too_large")
    fine = {f"X-Field-{i}": "1" for i in range(MAX_FIELDS // 2)}
    assert client.get("/api/health", headers={**fine, "X-Padding": "a" * 4000}).status_code == 200
