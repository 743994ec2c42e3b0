"""Rate limits (429 problem details) and running behind a reverse proxy."""

from __future__ import annotations

import pytest
from flask import Flask

from dominion_server import create_app

from .support import bearer

GAME = {"seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "big-money"}],
        "preset": "first-game-2e"}


def _app(tmp_path, **config) -> Flask:
    return create_app({
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'limits.sqlite3'}",
        "AUTO_MIGRATE": True,
        **config,
    })


def test_creating_games_past_the_limit_is_429_and_creates_nothing(tmp_path):
    app = _app(tmp_path, RATE_LIMIT_CREATE="2 per minute")
    client = app.test_client()
    for left in ("1", "0"):
        r = client.post("/api/games", json=GAME)
        assert r.status_code == 201
        assert r.headers["X-RateLimit-Limit"] == "2"
        assert r.headers["X-RateLimit-Remaining"] == left
    r = client.post("/api/games", json=GAME)
    assert r.status_code == 429
    assert r.mimetype == "application/problem+json"
    p = r.get_json()
    assert p["code"] == "rate_limited" and p["status"] == 429
    assert "2 per 1 minute" in p["detail"]
    assert 0 < int(r.headers["Retry-After"]) <= 60
    # Another address has its own count; reading is never limited.
    other = client.post("/api/games", json=GAME, environ_base={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 201
    assert client.get("/api/cards").status_code == 200
    with app.app_context():
        from dominion_server.extensions import db
        from dominion_server.models import GameRow
        assert db.session.query(GameRow).count() == 3


def test_commands_and_joins_are_limited_too(tmp_path):
    app = _app(tmp_path, RATE_LIMIT_COMMANDS="2 per minute", RATE_LIMIT_JOIN="1 per minute")
    client = app.test_client()
    created = client.post("/api/games", json={
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "human"}]})
    assert created.status_code == 201
    gid = created.get_json()["id"]
    assert client.post(f"/api/games/{gid}/join", json={"name": "Bob"}).status_code == 200
    r = client.post(f"/api/games/{gid}/join", json={"name": "Cid"})
    assert r.status_code == 429 and r.get_json()["code"] == "rate_limited"
    # Commands count even when the command itself is refused.
    tok = created.get_json()["token"]
    for _ in range(2):
        assert client.post(f"/api/games/{gid}/commands", json={"type": "end_phase"},
                           headers=bearer(tok)).status_code == 409  # not started
    r = client.post(f"/api/games/{gid}/commands", json={"type": "end_phase"},
                    headers=bearer(tok))
    assert r.status_code == 429


def test_rate_limits_can_be_turned_off(tmp_path):
    client = _app(tmp_path, RATE_LIMIT_CREATE="1 per minute",
                  RATELIMIT_ENABLED=False).test_client()
    assert all(client.post("/api/games", json=GAME).status_code == 201 for _ in range(3))


@pytest.mark.parametrize("proxies", [0, 1])
def test_forwarded_headers_are_trusted_only_behind_a_configured_proxy(tmp_path, proxies):
    app = _app(tmp_path, PROXY_COUNT=proxies, RATE_LIMIT_CREATE="1 per minute")
    client = app.test_client()
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"}
    r = client.get("/api/health", headers=forwarded)
    assert ("Strict-Transport-Security" in r.headers) == bool(proxies)
    assert "Strict-Transport-Security" not in client.get("/api/health").headers
    # Behind the proxy each forwarded client has its own count; without one a
    # client cannot escape its limit by forging X-Forwarded-For.
    for addr in ("203.0.113.7", "203.0.113.8"):
        r = client.post("/api/games", json=GAME, headers={"X-Forwarded-For": addr})
        assert r.status_code == (201 if proxies or addr.endswith("7") else 429)


def test_settings_come_from_the_environment():
    from dominion_server.config import from_environment

    default = from_environment("/srv/instance", {})
    assert default["RATELIMIT_ENABLED"] is True and default["PROXY_COUNT"] == 0
    assert default["RATE_LIMIT_COMMANDS"] == "20 per second"
    assert default["RATELIMIT_STORAGE_URI"] == "memory://"
    assert default["SQLALCHEMY_DATABASE_URI"] == "sqlite:////srv/instance/dominion.sqlite3"
    assert default["AUTO_MIGRATE"] is True
    env = from_environment("/srv/instance", {
        "RATE_LIMITS": "0", "PROXY_COUNT": "1", "RATE_LIMIT_CREATE": "5 per hour",
        "RATE_LIMIT_STORAGE": "redis://cache:6379", "DATABASE_URL": "postgres://u@db/x"})
    assert env["RATELIMIT_ENABLED"] is False and env["PROXY_COUNT"] == 1
    assert env["RATE_LIMIT_CREATE"] == "5 per hour"
    assert env["RATELIMIT_STORAGE_URI"] == "redis://cache:6379"
    assert env["SQLALCHEMY_DATABASE_URI"] == "postgresql+psycopg://u@db/x"
    assert env["AUTO_MIGRATE"] is False  # the Procfile's release step migrates


def test_retry_after_is_rounded_up_and_never_zero(tmp_path, monkeypatch):
    """A client that waits as Retry-After says must not hit the limit again at once."""
    import time

    app = _app(tmp_path, RATE_LIMIT_COMMANDS="2 per second")
    client = app.test_client()
    created = client.post("/api/games", json=GAME)
    gid, tok = created.get_json()["id"], created.get_json()["token"]
    now = [1_000_000.9]  # a clock the limiter reads: the window opens late in a second
    monkeypatch.setattr(time, "time", lambda: now[0])

    def send():
        return client.post(f"/api/games/{gid}/commands", json={"type": "buy", "card": "Nope"},
                           headers=bearer(tok))

    assert send().status_code == 422 and send().status_code == 422
    now[0] += 0.15  # the window (until 1_000_001.9) has 0.85 s left
    r = send()
    assert r.status_code == 429 and r.mimetype == "application/problem+json"
    assert r.headers["Retry-After"] == "1"
    now[0] += 0.7  # just before the window closes: still limited, still at least 1 s
    r = send()
    assert r.status_code == 429 and r.headers["Retry-After"] == "1"
    now[0] += float(r.headers["Retry-After"])  # waited as told
    assert send().status_code == 422
