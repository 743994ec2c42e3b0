"""Signed webhooks, verified by a receiver that uses the specification's own verifier."""

from __future__ import annotations

import base64
import json
from datetime import datetime, timedelta, timezone

import pytest
from standardwebhooks import Webhook

from dominion_server.delivery import outbound
from dominion_server.delivery.webhooks import new_secret, send_webhook, signed_headers
from tests.delivery_servers import WebhookReceiver, only_loopback

EVENT = {"type": "turn", "id": "0f6c1d0e9a2b4c8d", "game_id": "g1", "seat": 1, "version": 12,
         "timestamp": "2026-11-27T12:00:00+00:00", "data": {"turn": 7}}


@pytest.fixture(autouse=True)
def guard(monkeypatch):
    only_loopback(monkeypatch)


def body(event=EVENT) -> bytes:
    return json.dumps(event).encode()


def test_new_secrets_are_whsec_and_32_random_bytes():
    first, second = new_secret(), new_secret()
    assert first.startswith("whsec_") and first != second
    assert len(base64.b64decode(first.removeprefix("whsec_"))) == 32


def test_a_signed_delivery_is_verified_by_the_receiver():
    secret = new_secret()
    with WebhookReceiver(secret) as hook:
        reply = send_webhook(hook.hook_url, secret, EVENT["id"], body(), hook.allowed_hosts)
        assert reply.status == 204 and reply.ok
        [delivery] = hook.wait_for(1)
        assert delivery.id == EVENT["id"] and delivery.data == EVENT
        assert delivery.headers["content-type"] == "application/json"


def test_the_signature_is_the_specification_one():
    secret = new_secret()
    now = datetime(2026, 11, 27, 12, 0, tzinfo=timezone.utc)
    headers = signed_headers(secret, "msg_1", b'{"a":1}', now)
    assert headers["webhook-timestamp"] == str(int(now.timestamp()))
    assert headers["webhook-signature"] == Webhook(secret).sign("msg_1", now, '{"a":1}')
    assert headers["webhook-signature"].startswith("v1,")


def test_a_time_in_another_zone_signs_the_same_instant():
    secret = new_secret()
    utc = datetime(2026, 11, 27, 12, 0, tzinfo=timezone.utc)
    prague = utc.astimezone(timezone(timedelta(hours=1)))
    assert signed_headers(secret, "m", b"{}", prague) == signed_headers(secret, "m", b"{}", utc)
    with pytest.raises(ValueError, match="timezone"):
        signed_headers(secret, "m", b"{}", datetime(2026, 11, 27, 12, 0))


def test_a_stale_timestamp_is_refused_by_the_receiver():
    secret = new_secret()
    with WebhookReceiver(secret) as hook:
        old = datetime.now(timezone.utc) - timedelta(minutes=10)
        reply = send_webhook(hook.hook_url, secret, "evt1", body(), hook.allowed_hosts,
                             now=old)
        assert reply.status == 400 and hook.deliveries == []
        assert "too old" in hook.requests[0].error


def test_a_replay_of_an_old_delivery_is_refused():
    secret = new_secret()
    with WebhookReceiver(secret) as hook:
        headers = signed_headers(secret, "evt1", body(),
                                 datetime.now(timezone.utc) - timedelta(minutes=6))
        reply = outbound.post(hook.hook_url, body(), headers, hook.allowed_hosts)
        assert reply.status == 400 and hook.deliveries == []


def test_a_tampered_body_is_refused_by_the_receiver():
    secret = new_secret()
    with WebhookReceiver(secret) as hook:
        headers = signed_headers(secret, "evt1", body())
        tampered = body({**EVENT, "seat": 0})
        reply = outbound.post(hook.hook_url, tampered, headers, hook.allowed_hosts)
        assert reply.status == 400 and hook.deliveries == []
        assert "signature" in hook.requests[0].error


def test_after_rotation_the_old_secret_no_longer_verifies():
    old, new = new_secret(), new_secret()
    with WebhookReceiver(new) as hook:
        assert send_webhook(hook.hook_url, old, "evt1", body(), hook.allowed_hosts).status == 400
        assert send_webhook(hook.hook_url, new, "evt1", body(), hook.allowed_hosts).status == 204
        assert [d.id for d in hook.wait_for(1)] == ["evt1"]


def test_retries_keep_the_event_id_and_the_receiver_keeps_one():
    secret = new_secret()
    with WebhookReceiver(secret) as hook:
        hook.script(500, (429, {"Retry-After": "3"}))
        replies = [send_webhook(hook.hook_url, secret, "evt1", body(), hook.allowed_hosts)
                   for _ in range(4)]
        assert [r.status for r in replies] == [500, 429, 204, 204]
        assert replies[1].retry_after == 3.0
        assert [r.headers.get("webhook-id") for r in hook.requests] == ["evt1"] * 4
        assert len(hook.wait_for(2)) == 2
        assert [d.id for d in hook.unique] == ["evt1"]


def test_an_unsafe_webhook_url_is_refused_before_any_connection():
    with pytest.raises(outbound.UnsafeUrl) as error:
        send_webhook("https://10.0.0.1/hook", new_secret(), "evt1", body(), ())
    assert error.value.code == "private_address"
    with pytest.raises(outbound.UnsafeUrl) as error:
        send_webhook("http://127.0.0.1:9/hook", new_secret(), "evt1", body(), ())
    assert error.value.code == "scheme"


def test_bad_inputs_are_refused_clearly():
    secret = new_secret()
    with pytest.raises(ValueError, match="UTF-8"):
        signed_headers(secret, "evt1", b"\xff\xfe")
    with pytest.raises(ValueError, match="event id"):
        signed_headers(secret, "evt.1", b"{}")
    with pytest.raises(ValueError, match="secret"):
        signed_headers("whsec_", "evt1", b"{}")
