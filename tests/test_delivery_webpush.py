"""Web Push through a stand-in push service that checks VAPID and decrypts."""

from __future__ import annotations

import json
import os
import stat
import time

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from dominion_server.delivery import outbound
from dominion_server.delivery.webpush import (
    MAX_PAYLOAD, InvalidSubscription, VapidKeys, b64url, b64url_decode, origin,
    parse_subscription, push_request, send_push,
)
from tests.delivery_servers import PushService, Refused, only_loopback, verify_vapid

MESSAGE = {"id": "e1", "kind": "turn", "game_id": "g1", "seat": 1, "version": 12,
           "title": "Your turn", "body": "Dominion: turn 7 against Bob",
           "url": "/#/g/g1", "tag": "game-g1"}


@pytest.fixture(autouse=True)
def guard(monkeypatch):
    only_loopback(monkeypatch)


@pytest.fixture(scope="module")
def keys() -> VapidKeys:
    return VapidKeys(ec.generate_private_key(ec.SECP256R1()), "mailto:ops@dominion.example")


def payload(data=MESSAGE) -> bytes:
    return json.dumps(data).encode()


# -- Round trips through the stand-in ---------------------------------------------------

def test_a_push_message_arrives_decrypted_with_its_headers(keys):
    with PushService() as push:
        sub = push.subscription(application_server_key=keys.public_key_b64url)
        reply = send_push(sub, payload(), keys, push.allowed_hosts, ttl=3600,
                          urgency="high", topic="game-g1")
        assert reply.status == 201 and reply.ok
        [message] = push.wait_for(1)
        assert message.data == MESSAGE
        assert message.endpoint == sub["endpoint"]
        assert (message.headers["ttl"], message.headers["urgency"],
                message.headers["topic"]) == ("3600", "high", "game-g1")
        assert message.headers["content-encoding"] == "aes128gcm"
        assert message.claims["aud"] == push.origin
        assert message.claims["sub"] == "mailto:ops@dominion.example"
        assert time.time() < message.claims["exp"] <= time.time() + 24 * 3600


def test_each_message_is_encrypted_afresh(keys):
    with PushService() as push:
        sub = push.subscription()
        first, _ = push_request(sub, payload(), keys, ttl=60)
        second, _ = push_request(sub, payload(), keys, ttl=60)
        assert first != second  # new salt and sender key every time
        assert b"Your turn" not in first


def test_a_message_of_the_largest_size_is_accepted(keys):
    with PushService() as push:
        sub = push.subscription()
        big = json.dumps({"x": ""}).encode()
        data = {"x": "a" * (MAX_PAYLOAD - len(big))}
        assert len(payload(data)) == MAX_PAYLOAD
        assert send_push(sub, payload(data), keys, push.allowed_hosts).status == 201
        assert push.wait_for(1)[0].data == data


def test_a_payload_over_the_limit_is_refused_before_sending(keys):
    with PushService() as push:
        sub = push.subscription()
        with pytest.raises(ValueError, match="at most"):
            send_push(sub, b"x" * (MAX_PAYLOAD + 1), keys, push.allowed_hosts)
        assert push.requests == []


# -- The stand-in refuses what a push service refuses --------------------------------------

def test_a_message_signed_by_another_vapid_key_is_refused(keys):
    other = VapidKeys(ec.generate_private_key(ec.SECP256R1()), "mailto:x@dominion.example")
    with PushService() as push:
        sub = push.subscription(application_server_key=keys.public_key_b64url)
        reply = send_push(sub, payload(), other, push.allowed_hosts)
        assert reply.status == 403
        assert push.received == []
        assert "applicationServerKey" in push.requests[0].error


def test_a_forged_vapid_signature_is_refused(keys):
    with PushService() as push:
        sub = push.subscription()
        body, headers = push_request(sub, payload(), keys, ttl=60)
        # Claim a later expiry without re-signing.
        token = headers["Authorization"].split("t=", 1)[1].split(",", 1)[0]
        head, claims, signature = token.split(".")
        forged = b64url(json.dumps({**json.loads(b64url_decode(claims)),
                                    "exp": int(time.time()) + 60}).encode())
        headers["Authorization"] = headers["Authorization"].replace(claims, forged)
        reply = outbound.post(sub["endpoint"], body, headers, push.allowed_hosts)
        assert reply.status == 401 and push.received == []
        assert "signature" in push.requests[0].error


def test_an_expired_vapid_token_is_refused(keys):
    with PushService() as push:
        sub = push.subscription()
        body, headers = push_request(sub, payload(), keys, ttl=60,
                                     now=time.time() - 13 * 3600)
        reply = outbound.post(sub["endpoint"], body, headers, push.allowed_hosts)
        assert reply.status == 401 and "exp" in push.requests[0].error


def test_a_message_without_ttl_is_refused(keys):
    with PushService() as push:
        sub = push.subscription()
        body, headers = push_request(sub, payload(), keys, ttl=60)
        del headers["TTL"]
        reply = outbound.post(sub["endpoint"], body, headers, push.allowed_hosts)
        assert reply.status == 400 and "TTL" in push.requests[0].error


def test_a_message_encrypted_for_another_subscription_does_not_decrypt(keys):
    with PushService() as push:
        mine, theirs = push.subscription(), push.subscription()
        body, headers = push_request({**mine, "keys": theirs["keys"]}, payload(), keys,
                                     ttl=60)
        reply = outbound.post(mine["endpoint"], body, headers, push.allowed_hosts)
        assert reply.status == 400 and "decrypt" in push.requests[0].error


# -- Replies the outbox acts on -----------------------------------------------------------

def test_gone_and_not_found_replies_surface(keys):
    with PushService() as push:
        sub = push.subscription()
        push.script(410, 404)
        assert send_push(sub, payload(), keys, push.allowed_hosts).status == 410
        assert send_push(sub, payload(), keys, push.allowed_hosts).status == 404
        assert push.received == []


def test_too_many_requests_surfaces_retry_after(keys):
    with PushService() as push:
        sub = push.subscription()
        push.script((429, {"Retry-After": "2"}))
        reply = send_push(sub, payload(), keys, push.allowed_hosts)
        assert (reply.status, reply.retry_after) == (429, 2.0)
        assert push.received == []


def test_a_server_error_then_success(keys):
    with PushService() as push:
        sub = push.subscription()
        push.script(500, 201)
        assert send_push(sub, payload(), keys, push.allowed_hosts).status == 500
        assert send_push(sub, payload(), keys, push.allowed_hosts).status == 201
        assert [m.data for m in push.wait_for(1)] == [MESSAGE]


def test_an_unsafe_endpoint_is_refused_before_any_connection(keys):
    with PushService() as push:
        sub = {**push.subscription(), "endpoint": "https://169.254.169.254/push/x"}
        with pytest.raises(outbound.UnsafeUrl) as error:
            send_push(sub, payload(), keys, push.allowed_hosts)
        assert error.value.code == "private_address"


# -- The VAPID header -----------------------------------------------------------------------

def test_the_authorization_header_is_rfc_8292(keys):
    endpoint = "https://push.example.net:8443/wpush/v2/abc"
    header = keys.authorization(endpoint)
    assert header.startswith("vapid t=")
    claims = verify_vapid(header, audience="https://push.example.net:8443",
                          key=keys.public_key_b64url)
    assert claims["sub"] == keys.subject
    with pytest.raises(Refused):  # and the stand-in's check is not a rubber stamp
        verify_vapid(header, audience="https://push.example.net")


def test_origin_of_an_endpoint():
    assert origin("https://fcm.googleapis.com/fcm/send/abc") == "https://fcm.googleapis.com"
    assert origin("https://Push.Example:443/x") == "https://push.example"
    assert origin("http://127.0.0.1:8080/push/1") == "http://127.0.0.1:8080"


# -- Subscriptions ---------------------------------------------------------------------------

def subscription_with(**keys_) -> dict:
    with PushService() as push:
        sub = push.subscription()
    sub["keys"].update(keys_)
    return sub


def test_a_browser_subscription_parses():
    sub = subscription_with()
    parsed = parse_subscription(sub)
    assert parsed.endpoint == sub["endpoint"]
    assert len(parsed.p256dh) == 65 and len(parsed.auth) == 16


def test_padded_base64url_keys_are_accepted():
    sub = subscription_with()
    padded = sub["keys"]["auth"] + "=="
    assert parse_subscription(subscription_with(auth=padded)).auth == \
        b64url_decode(sub["keys"]["auth"])


@pytest.mark.parametrize("bad, message", [
    ({"p256dh": b64url(b"\x04" + b"\x01" * 63)}, "65-byte"),
    ({"p256dh": b64url(b"\x04" + b"\x00" * 64)}, "P-256 curve"),
    ({"p256dh": "not base64!"}, "base64url"),
    ({"auth": b64url(os.urandom(15))}, "16 bytes"),
    ({"auth": 12}, "base64url"),
])
def test_bad_subscription_keys_are_refused_with_a_reason(bad, message):
    with pytest.raises(InvalidSubscription, match=message):
        parse_subscription(subscription_with(**bad))


def test_a_subscription_without_keys_or_endpoint_is_refused():
    for sub in ({"endpoint": "https://push.example/x"},
                {"keys": {"p256dh": "a", "auth": "b"}},
                {"endpoint": "https://push.example/" + "x" * 1000, "keys": {}},
                ["not", "an", "object"]):
        with pytest.raises(InvalidSubscription):
            parse_subscription(sub)
    assert issubclass(InvalidSubscription, ValueError)


@pytest.mark.parametrize("options", [
    {"ttl": -1}, {"ttl": 29 * 24 * 3600}, {"ttl": "60"}, {"urgency": "urgent"},
    {"topic": "game/1"}, {"topic": "x" * 33}, {"topic": ""},
])
def test_bad_ttl_urgency_or_topic_is_refused(keys, options):
    sub = subscription_with()
    with pytest.raises(ValueError):
        push_request(sub, payload(), keys, **{"ttl": 60, **options})


# -- VAPID keys ----------------------------------------------------------------------------------

def test_keys_are_made_once_in_the_instance_folder_with_mode_0600(tmp_path):
    folder = tmp_path / "instance"
    first = VapidKeys.load_or_create(folder)
    path = folder / "vapid_private.pem"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert path.read_text().startswith("-----BEGIN PRIVATE KEY-----")
    again = VapidKeys.load_or_create(folder)
    assert again.public_key_b64url == first.public_key_b64url
    assert sorted(p.name for p in folder.iterdir()) == ["vapid_private.pem"]


def test_the_public_key_is_the_uncompressed_point_in_base64url(keys):
    raw = b64url_decode(keys.public_key_b64url)
    assert len(raw) == 65 and raw[0] == 4 and "=" not in keys.public_key_b64url
    assert raw == keys.private_key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)


def test_keys_from_settings_in_pem_and_raw_base64url(keys):
    pem = keys.private_key.private_bytes(serialization.Encoding.PEM,
                                         serialization.PrivateFormat.PKCS8,
                                         serialization.NoEncryption()).decode()
    raw = b64url(keys.private_key.private_numbers().private_value.to_bytes(32, "big"))
    for setting in (pem, raw):
        loaded = VapidKeys.from_settings(setting, "https://dominion.example")
        assert loaded.public_key_b64url == keys.public_key_b64url


def test_settings_win_over_the_instance_file(tmp_path, keys):
    raw = b64url(keys.private_key.private_numbers().private_value.to_bytes(32, "big"))
    config = {"VAPID_PRIVATE_KEY": raw, "VAPID_SUBJECT": "mailto:a@dominion.example"}
    loaded = VapidKeys.from_config(config, tmp_path)
    assert (loaded.public_key_b64url, loaded.subject) == \
        (keys.public_key_b64url, "mailto:a@dominion.example")
    assert list(tmp_path.iterdir()) == []
    generated = VapidKeys.from_config({}, tmp_path)
    assert generated.public_key_b64url != keys.public_key_b64url
    assert (tmp_path / "vapid_private.pem").exists()


def test_bad_key_settings_are_refused_clearly(tmp_path):
    p384 = ec.generate_private_key(ec.SECP384R1()).private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption()).decode()
    with pytest.raises(ValueError, match="P-256"):
        VapidKeys.from_settings(p384, "mailto:a@dominion.example")
    with pytest.raises(ValueError, match="VAPID_PRIVATE_KEY"):
        VapidKeys.from_settings("not a key", "mailto:a@dominion.example")
    with pytest.raises(ValueError, match="VAPID_SUBJECT"):
        VapidKeys(ec.generate_private_key(ec.SECP256R1()), "admin@dominion.example")
    (tmp_path / "vapid_private.pem").write_text("garbage")
    with pytest.raises(ValueError, match="vapid_private.pem"):
        VapidKeys.load_or_create(tmp_path)
