"""Turn alerts end to end (issue 22): API game -> outbox -> worker -> stand-in servers.

The push service and webhook receiver are real HTTP servers on 127.0.0.1
(tests/delivery_servers.py): the push service checks VAPID and decrypts the
aes128gcm body with the subscription's private key, the receiver verifies the
Standard Webhooks signature. The worker is driven by hand (``drain``) so each
test sees exactly what one pass delivers; retries are brought forward by
moving ``next_at`` rather than by waiting.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from dominion import card_name
from dominion_server.delivery import outbox
from dominion_server.delivery import worker as delivery_worker
from dominion_server import schemas
from dominion_server.extensions import db
from dominion_server.models import WebhookRow, utcnow

from ..delivery_servers import PushService, WebhookReceiver
from . import dbs
from .delivery_support import (
    awaiting, card_names_in, drain, due_now, edit_game, end_turn, make_app, rows,
)
from .support import bearer, create, two_humans


@pytest.fixture(params=dbs.kinds())
def app(request, tmp_path):
    """A fresh app and database per test: SQLite, and PostgreSQL when given."""
    schema = dbs.PostgresSchema(dbs.postgres_url()) if request.param == "postgresql" else None
    app = make_app(schema.url if schema else f"sqlite:///{tmp_path / 'delivery.sqlite3'}")
    yield app
    with app.app_context():
        db.engine.dispose()
    if schema:
        schema.drop()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def push():
    with PushService() as service:
        yield service


def subscribe(client, gid, token, sub, lang="en", status=201):
    r = client.post(f"/api/games/{gid}/push-subscriptions",
                    json={"subscription": sub, "lang": lang}, headers=bearer(token))
    assert r.status_code == status, r.get_json()
    return r.get_json()


def first_and_other(client, gid, tokens):
    first = awaiting(client, gid, tokens[0])[0]
    return first, 1 - first


# ---------------------------------------------------------------------------
# Web Push


def test_your_turn_reaches_the_right_seat_once_in_its_language(app, client, push):
    gid, tokens = two_humans(client)
    first, other = first_and_other(client, gid, tokens)
    subscribe(client, gid, tokens[first], push.subscription(), "en")
    subscribe(client, gid, tokens[other], push.subscription(), "cs")
    assert drain(app) == 0  # subscribing tells nothing
    end_turn(client, gid, tokens[first])
    assert drain(app) == 1
    [msg] = push.wait_for(1)
    data = msg.data
    assert data["kind"] == "turn" and data["seat"] == other and data["game_id"] == gid
    assert data["title"] == "Jsi na tahu"
    assert data["body"].startswith("Dominion: tah 2 proti ")
    assert data["url"] == f"/#/g/{gid}" and data["tag"] == f"game-{gid}"
    assert data["waiting"] == 1
    assert msg.headers["urgency"] == "high" and msg.headers["topic"] == gid
    assert int(msg.headers["ttl"]) == 24 * 3600
    assert card_names_in(data) == set()  # nothing of anyone's hand, deck or discard
    assert schemas.PushMessageSchema().validate(data) == {}  # as documented
    assert drain(app) == 0 and len(push.received) == 1  # once
    [row] = rows(app)
    assert row.delivered_at is not None and row.attempts == 1


def test_a_decision_names_its_prompt_and_card_never_the_hand(app, client, push):
    gid, tokens = two_humans(client)
    first, other = first_and_other(client, gid, tokens)

    def militia_in_hand(game):
        game.state.players[first].hand = ["Militia", "Copper", "Copper", "Copper", "Estate"]
        game.state.players[other].hand = ["Gold", "Witch", "Chapel", "Market", "Province"]

    edit_game(app, gid, militia_in_hand)
    subscribe(client, gid, tokens[other], push.subscription(), "hu")
    r = client.post(f"/api/games/{gid}/commands", json={"type": "play", "card": "Militia"},
                    headers=bearer(tokens[first]))
    assert r.status_code == 200, r.get_json()
    drain(app)
    [msg] = push.wait_for(1)
    data = msg.data
    assert data["kind"] == "decision" and data["seat"] == other
    assert data["title"] == "Rád várnak" and card_name("Militia", "hu") in data["body"]
    [row] = rows(app)
    facts = __import__("json").loads(row.data)
    assert facts["prompt"] == "militia.discard" and facts["card"] == "Militia"
    # The hand being discarded from stays hidden: no card of it anywhere.
    assert card_names_in(data) == set()
    assert card_names_in(facts) == {"Militia"}


def test_game_over_tells_the_result(app, client, push):
    gid, tokens = two_humans(client)
    first, other = first_and_other(client, gid, tokens)

    def last_province(game):
        game.state.players[first].hand = ["Gold", "Gold", "Gold", "Copper", "Copper"]
        game.state.supply["Province"] = 1

    edit_game(app, gid, last_province)
    subscribe(client, gid, tokens[other], push.subscription(), "en")
    url = f"/api/games/{gid}/commands"
    for cmd in ({"type": "end_phase"}, {"type": "play_treasures"},
                {"type": "buy", "card": "Province"}, {"type": "end_phase"}):
        r = client.post(url, json=cmd, headers=bearer(tokens[first]))
        assert r.status_code == 200, (cmd, r.get_json())
    assert r.get_json()["status"] == "over"
    drain(app)
    [msg] = push.wait_for(1)
    assert msg.data["kind"] == "game_over" and msg.data["title"] == "Game over"
    assert "won" in msg.data["body"]
    assert msg.headers["urgency"] == "normal" and int(msg.headers["ttl"]) == 7 * 24 * 3600
    assert card_names_in(msg.data) == set()


def test_joined_tells_the_seated_players(app, client, push):
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"},
                        {"kind": "human"}])
    subscribe(client, g["id"], g["token"], push.subscription(), "en")
    r = client.post(f"/api/games/{g['id']}/join", json={"name": "Bob"})
    assert r.status_code == 200
    drain(app)
    [msg] = push.wait_for(1)
    assert msg.data["kind"] == "joined" and msg.data["title"] == "Bob joined"
    assert msg.headers["urgency"] == "normal"


def test_a_410_removes_the_subscription(app, client, push):
    gid, tokens = two_humans(client)
    first, other = first_and_other(client, gid, tokens)
    subscribe(client, gid, tokens[other], push.subscription())
    push.script(410)
    end_turn(client, gid, tokens[first])
    drain(app)
    [row] = rows(app)
    assert row.dead_at is not None and "410" in row.last_error
    listed = client.get(f"/api/games/{gid}/push-subscriptions", headers=bearer(tokens[other]))
    assert listed.get_json() == {"subscriptions": []}


def test_a_500_is_retried_then_delivered_with_the_same_id(app, client, push):
    gid, tokens = two_humans(client)
    first, other = first_and_other(client, gid, tokens)
    subscribe(client, gid, tokens[other], push.subscription())
    push.script(500)
    end_turn(client, gid, tokens[first])
    before = utcnow()
    drain(app)
    [row] = rows(app)
    assert row.delivered_at is None and row.attempts == 1 and row.last_error == "HTTP 500"
    next_at = row.next_at if row.next_at.tzinfo else row.next_at.replace(tzinfo=before.tzinfo)
    assert next_at >= before
    due_now(app)
    drain(app)
    [msg] = push.wait_for(1)
    [row] = rows(app)
    assert row.delivered_at is not None and row.attempts == 2
    assert msg.data["id"] == row.event_id


def test_a_429_waits_for_retry_after(app, client, push):
    gid, tokens = two_humans(client)
    first, other = first_and_other(client, gid, tokens)
    subscribe(client, gid, tokens[other], push.subscription())
    push.script((429, {"Retry-After": "120"}))
    end_turn(client, gid, tokens[first])
    before = utcnow()
    drain(app)
    [row] = rows(app)
    next_at = row.next_at if row.next_at.tzinfo else row.next_at.replace(tzinfo=before.tzinfo)
    assert row.delivered_at is None and next_at >= before + timedelta(seconds=120)
    assert drain(app) == 0  # not due yet
    due_now(app)
    drain(app)
    assert len(push.wait_for(1)) == 1


def test_the_worker_thread_delivers_right_after_the_command(tmp_path):
    """The embedded server's thread, woken by the commit (its poll is an hour)."""
    app = make_app(f"sqlite:///{tmp_path / 'thread.sqlite3'}", DELIVERY_POLL=3600)
    client = app.test_client()
    worker = delivery_worker.start_thread(app)
    try:
        with PushService() as push:
            gid, tokens = two_humans(client)
            first, other = first_and_other(client, gid, tokens)
            subscribe(client, gid, tokens[other], push.subscription())
            end_turn(client, gid, tokens[first])
            [msg] = push.wait_for(1)
            assert msg.data["kind"] == "turn"
    finally:
        worker.stop()
        with app.app_context():
            db.engine.dispose()


# ---------------------------------------------------------------------------
# Registration: schemas, URL safety, limits


def test_bad_subscriptions_are_422_never_500(app, client, push):
    gid, tokens = two_humans(client)
    url, auth = f"/api/games/{gid}/push-subscriptions", bearer(tokens[0])
    good = push.subscription()
    for body in ({}, {"subscription": {}}, {"subscription": {"endpoint": good["endpoint"]}},
                 {"subscription": {**good, "keys": {"p256dh": "abc", "auth": "x"}}},
                 {"subscription": {**good, "keys": {**good["keys"], "p256dh": "B" * 87}}},
                 {"subscription": "https://example.com"}, {"subscription": good, "lang": "de"},
                 {"subscription": {**good, "endpoint": "ftp://127.0.0.1/x"}},
                 {"subscription": {**good, "endpoint": "https://x/" + "a" * 1000}}):
        r = client.post(url, json=body, headers=auth)
        assert r.status_code == 422 and r.get_json()["code"] == "invalid_body", (body, r.json)
    for endpoint, reason in (("http://10.0.0.1/push", "scheme"),
                             ("https://10.0.0.1/push", "private_address"),
                             ("https://169.254.169.254/latest", "private_address"),
                             ("https://user:pw@push.example.net/x", "credentials")):
        r = client.post(url, json={"subscription": {**good, "endpoint": endpoint}}, headers=auth)
        assert r.status_code == 422, r.get_json()
        assert r.get_json()["code"] == "unsafe_url" and r.get_json()["reason"] == reason
    r = client.post(url, json={"subscription": good})
    assert r.status_code == 401


def test_subscriptions_are_per_seat_updated_listed_deleted_and_limited(app, client, push):
    app.config["PUSH_SUBSCRIPTIONS_PER_SEAT"] = 2
    gid, tokens = two_humans(client)
    sub = push.subscription()
    created = subscribe(client, gid, tokens[0], sub, "en")
    again = subscribe(client, gid, tokens[0], sub, "hu", status=200)
    assert again["id"] == created["id"] and again["lang"] == "hu"
    subscribe(client, gid, tokens[0], push.subscription())
    r = client.post(f"/api/games/{gid}/push-subscriptions",
                    json={"subscription": push.subscription()}, headers=bearer(tokens[0]))
    assert r.status_code == 409 and r.get_json()["code"] == "too_many_subscriptions"
    mine = client.get(f"/api/games/{gid}/push-subscriptions", headers=bearer(tokens[0]))
    assert len(mine.get_json()["subscriptions"]) == 2
    theirs = client.get(f"/api/games/{gid}/push-subscriptions", headers=bearer(tokens[1]))
    assert theirs.get_json() == {"subscriptions": []}
    url = f"/api/games/{gid}/push-subscriptions/{created['id']}"
    assert client.delete(url, headers=bearer(tokens[1])).status_code == 404  # not theirs
    assert client.delete(url, headers=bearer(tokens[0])).status_code == 204
    assert client.delete(url, headers=bearer(tokens[0])).status_code == 404


def test_push_key_is_served(client):
    r = client.get("/api/push/key")
    assert r.status_code == 200
    key = r.get_json()["public_key"]
    assert len(key) == 87 and key.startswith("B")


# ---------------------------------------------------------------------------
# Webhooks


def add_webhook(client, gid, token, url, lang="en"):
    r = client.post(f"/api/games/{gid}/webhooks", json={"url": url, "lang": lang},
                    headers=bearer(token))
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def test_webhooks_are_signed_verified_and_deduplicated_by_id(app, client):
    gid, tokens = two_humans(client)
    first, other = first_and_other(client, gid, tokens)
    with WebhookReceiver("whsec_" + "A" * 43) as hook:
        made = add_webhook(client, gid, tokens[other], hook.hook_url)
        assert made["secret"].startswith("whsec_") and made["enabled"] is True
        hook.secret = made["secret"]
        end_turn(client, gid, tokens[first])
        drain(app)
        [d] = hook.wait_for(1)
        assert d.data["type"] == "turn" and d.data["seat"] == other
        assert d.data["game_id"] == gid and d.data["data"]["kind"] == "turn"
        [row] = rows(app)
        assert d.id == row.event_id
        assert card_names_in(d.data) == set()
        assert schemas.WebhookEventSchema().validate(d.data) == {}  # as documented
        # A replay (the worker died before settling): same id, the receiver dedupes.
        due_now(app)
        with app.app_context():
            db.session.execute(rows.__globals__["OUTBOX"].update().values(delivered_at=None))
            db.session.commit()
            db.session.remove()
        drain(app)
        hook.wait_for(2)
        assert len(hook.deliveries) == 2 and len(hook.unique) == 1
        listed = client.get(f"/api/games/{gid}/webhooks", headers=bearer(tokens[other]))
        assert "secret" not in listed.get_json()["webhooks"][0]
        rotated = client.post(f"/api/games/{gid}/webhooks/{made['id']}/rotate",
                              headers=bearer(tokens[other]))
        assert rotated.status_code == 200 and rotated.get_json()["secret"] != made["secret"]


def test_a_failing_webhook_is_disabled_and_shown_so(app, client):
    app.config.update(WEBHOOK_MAX_FAILURES=3, DELIVERY_MAX_ATTEMPTS=50)
    gid, tokens = two_humans(client)
    first, other = first_and_other(client, gid, tokens)
    with WebhookReceiver("whsec_" + "A" * 43) as hook:
        made = add_webhook(client, gid, tokens[other], hook.hook_url)
        hook.secret = made["secret"]
        hook.script(500, 500, 500)
        end_turn(client, gid, tokens[first])
        for _ in range(3):
            drain(app)
            due_now(app)
        listed = client.get(f"/api/games/{gid}/webhooks", headers=bearer(tokens[other]))
        [w] = listed.get_json()["webhooks"]
        assert w["enabled"] is False and w["failures"] == 3
        assert "3 deliveries in a row failed" in w["disabled_reason"]
        [row] = rows(app)
        assert row.dead_at is not None
        # Disabled: later notices are not even recorded for it.
        end_turn(client, gid, tokens[other])
        end_turn(client, gid, tokens[first])
        assert len(rows(app)) == 1


def test_a_webhook_answering_410_is_disabled_at_once(app, client):
    gid, tokens = two_humans(client)
    first, other = first_and_other(client, gid, tokens)
    with WebhookReceiver("whsec_" + "A" * 43) as hook:
        made = add_webhook(client, gid, tokens[other], hook.hook_url)
        hook.secret = made["secret"]
        hook.script(410)
        end_turn(client, gid, tokens[first])
        drain(app)
        [w] = client.get(f"/api/games/{gid}/webhooks",
                         headers=bearer(tokens[other])).get_json()["webhooks"]
        assert w["enabled"] is False and "410" in w["disabled_reason"]


def test_webhook_limit_per_seat(app, client):
    app.config["WEBHOOKS_PER_SEAT"] = 1
    gid, tokens = two_humans(client)
    add_webhook(client, gid, tokens[0], "http://127.0.0.1:9/hook")
    r = client.post(f"/api/games/{gid}/webhooks", json={"url": "http://127.0.0.1:9/b"},
                    headers=bearer(tokens[0]))
    assert r.status_code == 409 and r.get_json()["code"] == "too_many_webhooks"


# ---------------------------------------------------------------------------
# Reminders and deadlines


def test_reminders_and_deadline_notices_once_per_version(app, client, push):
    gid, tokens = two_humans(client, reminder=1, deadline=24)  # the creation settings
    first, other = first_and_other(client, gid, tokens)
    subscribe(client, gid, tokens[first], push.subscription(), "en")
    subscribe(client, gid, tokens[other], push.subscription(), "cs")
    edit_game(app, gid, lambda g: None, updated_at=utcnow() - timedelta(hours=2))
    with app.app_context():
        assert delivery_worker.scan_timers() == 1  # the reminder to the awaited seat
        assert delivery_worker.scan_timers() == 0  # once per version
        db.session.remove()
    drain(app)
    [msg] = push.wait_for(1)
    assert msg.data["kind"] == "reminder" and msg.data["seat"] == first
    assert msg.data["title"] == "Still your move"
    edit_game(app, gid, lambda g: None, updated_at=utcnow() - timedelta(hours=25))
    with app.app_context():
        assert delivery_worker.scan_timers() == 1  # the deadline, to the other seat
        assert delivery_worker.scan_timers() == 0
        db.session.remove()
    drain(app)
    msgs = push.wait_for(2)
    deadline = msgs[1].data
    assert deadline["kind"] == "deadline" and deadline["seat"] == other
    assert deadline["title"] == "Termín tahu vypršel: " + ("Ann" if first == 0 else "Bob")
    # The other seat hands the absent one to a stand-in bot: told to nobody (the
    # sender is looking, the absent seat is played by the bot now).
    r = client.post(f"/api/games/{gid}/commands", json={"type": "stand_in", "seat": first},
                    headers=bearer(tokens[other]))
    assert r.status_code == 200, r.get_json()
    drain(app)
    assert len(push.received) == 2
    # A move makes a new version: a new reminder may come after it, not before.
    with app.app_context():
        assert delivery_worker.scan_timers() == 0  # just moved
        db.session.remove()


def test_notices_are_never_made_for_games_without_timers(app, client, push):
    gid, tokens = two_humans(client)
    edit_game(app, gid, lambda g: None, updated_at=utcnow() - timedelta(days=5))
    with app.app_context():
        assert delivery_worker.scan_timers() == 0
        hooks = db.session.execute(select(WebhookRow.__table__)).all()
        assert hooks == []
        db.session.remove()


def test_settled_rows_are_pruned_after_a_while(app, client, push):
    gid, tokens = two_humans(client)
    first, other = first_and_other(client, gid, tokens)
    subscribe(client, gid, tokens[other], push.subscription())
    end_turn(client, gid, tokens[first])
    drain(app)
    with app.app_context():
        assert outbox.prune(db.session) == 0  # just delivered: kept
        assert outbox.prune(db.session, utcnow() + timedelta(days=3)) == 1
        db.session.commit()
        db.session.remove()
    assert rows(app) == []


def test_a_row_is_dead_lettered_after_the_last_attempt(app, client, push):
    app.config["DELIVERY_MAX_ATTEMPTS"] = 2
    gid, tokens = two_humans(client)
    first, other = first_and_other(client, gid, tokens)
    subscribe(client, gid, tokens[other], push.subscription())
    push.script(503, 500)
    end_turn(client, gid, tokens[first])
    drain(app)
    due_now(app)
    drain(app)
    [row] = rows(app)
    assert row.attempts == 2 and row.dead_at is not None and row.delivered_at is None
    assert row.last_error == "HTTP 500"
    due_now(app)
    assert drain(app) == 0 and push.received == []  # given up: never sent again
