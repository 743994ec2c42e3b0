"""Headers, CORS, the web client's Content-Security-Policy, tokens and views."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest

from dominion_server import assets, security

from .support import bearer, create, get, state


def test_security_headers_everywhere(client):
    for path in ("/", "/api/health", "/api/nope", "/api/docs"):
        r = client.get(path)
        assert r.headers["X-Content-Type-Options"] == "nosniff", path
        assert r.headers["Referrer-Policy"] == "no-referrer"
        assert r.headers["X-Frame-Options"] == "DENY"
        assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]


def test_frontend_is_served_with_a_strict_csp(client, app):
    r = client.get("/")
    assert r.status_code == 200 and r.mimetype == "text/html"
    root = Path(app.config["FRONTEND_DIR"])
    index = (root / "index.html").read_text()
    # index.html, its files named under the client's version (see assets.py).
    assert r.get_data(as_text=True) == assets.versioned_page(index, f"v/{assets.version(root)}/")
    csp = r.headers["Content-Security-Policy"]
    assert "default-src 'self'" in csp and "script-src 'self'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp and "*" not in csp
    # Other files of the client, and nothing outside its directory.
    some = next(p for p in Path(app.config["FRONTEND_DIR"]).rglob("*") if p.is_file()
                and p.name != "index.html")
    rel = some.relative_to(app.config["FRONTEND_DIR"]).as_posix()
    assert client.get("/" + rel).data == some.read_bytes()
    for path in ("/../pyproject.toml", "/%2e%2e/pyproject.toml", "/js/../../pyproject.toml",
                 "/..%2fpyproject.toml"):
        r = client.get(path)
        assert r.status_code == 404 and r.mimetype == "application/problem+json", path


def test_docs_page_is_self_contained(client):
    r = client.get("/api/docs")
    assert r.status_code == 200 and r.mimetype == "text/html"
    html = r.get_data(as_text=True)
    # Nothing is loaded from anywhere (links to read elsewhere are fine).
    assert "<script" not in html and "<link" not in html and " src=" not in html
    assert "<iframe" not in html and "url(" not in html and "@import" not in html
    assert "postCommand" in html and "problem-stale_version" in html
    csp = r.headers["Content-Security-Policy"]
    assert "default-src 'none'" in csp and "style-src 'sha256-" in csp


def test_cors_for_api_only(client, app):
    r = client.get("/api/health", headers={"Origin": "https://other.example"})
    assert r.headers["Access-Control-Allow-Origin"] == "*"
    assert "ETag" in r.headers["Access-Control-Expose-Headers"]
    pre = client.options("/api/games/abc/commands", headers={
        "Origin": "https://other.example", "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "Authorization, If-Match, Idempotency-Key"})
    assert pre.status_code == 200
    allowed = pre.headers["Access-Control-Allow-Headers"]
    for h in ("Authorization", "If-Match", "Idempotency-Key", "Content-Type"):
        assert h in allowed
    assert "POST" in pre.headers["Access-Control-Allow-Methods"]
    assert "Access-Control-Allow-Credentials" not in pre.headers
    # A client on another origin deletes its push subscriptions and webhooks.
    pre = client.options("/api/games/abc/webhooks/1", headers={
        "Origin": "https://other.example", "Access-Control-Request-Method": "DELETE"})
    assert "DELETE" in pre.headers["Access-Control-Allow-Methods"]
    assert "Access-Control-Allow-Origin" not in client.get(
        "/", headers={"Origin": "https://other.example"}).headers


def test_cors_allow_list(app):
    client = app.test_client()
    old = app.config["CORS_ORIGINS"]
    app.config["CORS_ORIGINS"] = "https://a.example, https://b.example/"
    try:
        r = client.get("/api/health", headers={"Origin": "https://b.example"})
        assert r.headers["Access-Control-Allow-Origin"] == "https://b.example"
        assert "Origin" in r.headers.get_all("Vary")
        r = client.get("/api/health", headers={"Origin": "https://evil.example"})
        assert "Access-Control-Allow-Origin" not in r.headers
        app.config["CORS_ORIGINS"] = ""
        r = client.get("/api/health", headers={"Origin": "https://a.example"})
        assert "Access-Control-Allow-Origin" not in r.headers
    finally:
        app.config["CORS_ORIGINS"] = old


def test_tokens_and_codes():
    tokens = {security.new_token() for _ in range(200)}
    assert len(tokens) == 200
    assert all(len(t) == 43 for t in tokens)  # 32 bytes in URL-safe base64
    codes = {security.new_join_code() for _ in range(200)}
    assert all(len(c) == 8 and set(c) <= set(security.CODE_ALPHABET) for c in codes)
    assert not set("01IO") & set(security.CODE_ALPHABET)
    t = security.new_token()
    seats = [(0, None), (1, security.token_hash(t)), (2, security.token_hash(security.new_token()))]
    assert security.match_seat(t, seats) == 1
    assert security.match_seat(security.new_token(), seats) is None
    assert security.normalize_join_code(" k7qx-2mhp ") == "K7QX2MHP"


# ---------------------------------------------------------------------------
# Views never leak hidden cards


def _walk(data: Any, path: str = "") -> Iterator[tuple[str, str, Any]]:
    if isinstance(data, dict):
        for k, v in data.items():
            yield path, k, v
            yield from _walk(v, f"{path}.{k}")
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _walk(v, f"{path}[{i}]")


def _check_view_hides(body: dict, seat: int | None) -> None:
    for path, key, value in _walk(body):
        assert key not in ("deck", "rng", "seed", "token", "token_hash", "state", "tape",
                           "snapshot"), f"{path}.{key} leaked"
    view = body["view"]
    for p in view["players"]:
        if p["seat"] == seat:
            assert "hand" in p and len(p["hand"]) == p["hand_count"]
        else:
            assert "hand" not in p
    if view["decision"] is not None:
        assert view["decision"]["seat"] == seat


#: Prosperity cards whose decisions come to seats outside their turn or hide hands
#: (Vault, Watchtower, Goons, Contraband, Bishop, Mountebank, Royal Seal, Crystal Ball).
PROSPERITY_KINGDOM = ["Vault", "Watchtower", "Goons", "Contraband", "Bishop", "Mountebank",
                      "Royal Seal", "Crystal Ball", "Trade Route", "Monument"]
#: What the scripted players buy, dearest last.
BUYS = ("Silver", "Smithy", "Militia", "Monument", "Watchtower", "Contraband", "Bishop",
        "Crystal Ball", "Royal Seal", "Mountebank", "Vault", "Goons", "Gold", "Province")


@pytest.mark.parametrize("kingdom", [None, PROSPERITY_KINGDOM], ids=["base", "prosperity"])
def test_views_and_logs_never_leak_hidden_cards(client, app, kingdom):
    extra = {"kingdom": kingdom} if kingdom else {}
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"},
                        {"kind": "bot", "bot": "generic"}], seed=5, colony="off", **extra)
    j = client.post(f"/api/games/{g['id']}/join", json={"name": "Bob"}).get_json()
    gid, tokens = g["id"], {0: g["token"], 1: j["token"]}
    for step in range(40):
        st = state(app, gid)["state"]
        for seat in (0, 1, None):
            r = get(client, gid, tokens.get(seat) if seat is not None else None)
            body = r.get_json()
            _check_view_hides(body, seat)
            # No other seat's exact hand or deck order appears anywhere in the view.
            for other, p in enumerate(st["players"]):
                if other == seat:
                    continue
                text = json.dumps(body)
                if len(p["deck"]) >= 5:
                    assert json.dumps(p["deck"]) not in text
            log = client.get(f"/api/games/{gid}/log?limit=500",
                             headers=bearer(tokens[seat]) if seat is not None else {})
            for e in log.get_json()["events"]:
                if e["type"] == "draw" and e.get("seat") != seat:
                    assert "cards" not in e and "count" in e, e
        view = get(client, gid, tokens[0]).get_json()["view"]
        if view["game_over"]:
            break
        mover = view["awaiting"][0]
        mine = get(client, gid, tokens[mover]).get_json()["view"]
        if mine["decision"]:
            from .support import simple_answer

            cmd = {"type": "answer", "answer": simple_answer(mine["decision"])}
        elif {"type": "play_treasures"} in mine["legal"]:
            cmd = {"type": "play_treasures"}
        else:
            buys = sorted((c for c in mine["legal"] if c["type"] == "buy" and c["card"] in BUYS),
                          key=lambda c: BUYS.index(c["card"]))
            cmd = buys[-1] if buys else {"type": "end_phase"}
        r = client.post(f"/api/games/{gid}/commands", json=cmd, headers=bearer(tokens[mover]))
        assert r.status_code == 200, r.get_json()
        _check_view_hides(r.get_json(), mover)
        for e in r.get_json()["events"]:
            if e["type"] == "draw" and e["seat"] != mover:
                assert "cards" not in e
    # The own seat does see its own draws.
    own = client.get(f"/api/games/{gid}/log?limit=500", headers=bearer(tokens[0])).get_json()
    assert any(e["type"] == "draw" and e["seat"] == 0 and e.get("cards") for e in own["events"])


@pytest.mark.parametrize("kingdom", [None, PROSPERITY_KINGDOM], ids=["base", "prosperity"])
def test_every_event_field_is_in_the_event_schema(client, kingdom):
    """The Event schema is an allowlist: make sure it does not drop engine fields."""
    from dominion import new_game
    from dominion.bots import act, make_bot
    from dominion.views import render_event
    from dominion_server.schemas import EventSchema

    from .support import KINGDOM

    known = set(EventSchema().fields)
    bots = {s: make_bot("generic") for s in range(3)}
    game = new_game(3, kingdom or KINGDOM, seed=9, agents=bots)
    seen: set[str] = set()
    for _ in range(3000):
        if game.state.game_over:
            break
        seat = game.awaiting()[0]
        for e in act(game, bots[seat], seat):
            for viewer in (None, 0, 1):
                seen |= set(render_event(e, viewer))
    assert seen - {"seq"} <= known, seen - known
