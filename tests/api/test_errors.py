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
