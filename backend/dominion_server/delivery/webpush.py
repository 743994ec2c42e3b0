"""Web Push: encrypt a message for a browser's subscription and send it.

RFC 8030 (delivery), RFC 8291 (``aes128gcm`` payload encryption, by
``http_ece``), RFC 8292 (VAPID: the server signs a JWT with its key, by
``py_vapid``). The request goes through :mod:`.outbound`, like every request
to a user-given URL.
"""

from __future__ import annotations

import base64
import binascii
import os
import re
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Collection, Mapping, Optional
from urllib.parse import urlsplit

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from py_vapid import Vapid02, VapidException

from . import outbound

#: The file in the instance folder that holds the generated VAPID key.
KEY_FILE = "vapid_private.pem"
#: Used when ``VAPID_SUBJECT`` is not set (the embedded default).
DEFAULT_SUBJECT = "mailto:admin@localhost"
URGENCIES = ("very-low", "low", "normal", "high")
#: RFC 8292 allows a token to live 24 hours at most; stay well inside.
TOKEN_LIFETIME = 12 * 3600
#: Push services accept 4096 bytes of body; the aes128gcm header (86 bytes),
#: the tag (16) and the padding delimiter (1) leave this much for the message.
MAX_PAYLOAD = 4096 - 86 - 16 - 1
MAX_TTL = 28 * 24 * 3600
MAX_ENDPOINT = 1000
_TOPIC = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


class InvalidSubscription(ValueError):
    """A push subscription that cannot be used (the API answers 422)."""


@dataclass(frozen=True)
class Subscription:
    """A checked browser push subscription."""

    endpoint: str
    p256dh: bytes   # the browser's public key, an uncompressed P-256 point
    auth: bytes     # 16-byte authentication secret


def parse_subscription(subscription: Mapping[str, Any]) -> Subscription:
    """Check a ``PushSubscription`` JSON (``endpoint``, ``keys.p256dh``,
    ``keys.auth``); the endpoint's safety is :func:`outbound.check_url`'s job.

    :raises InvalidSubscription: with what is wrong.
    """
    if not isinstance(subscription, Mapping):
        raise InvalidSubscription("the subscription must be an object")
    endpoint = subscription.get("endpoint")
    if not isinstance(endpoint, str) or not endpoint:
        raise InvalidSubscription("endpoint must be a URL")
    if len(endpoint) > MAX_ENDPOINT:
        raise InvalidSubscription(f"endpoint is longer than {MAX_ENDPOINT} characters")
    keys = subscription.get("keys")
    if not isinstance(keys, Mapping):
        raise InvalidSubscription("keys must be an object with p256dh and auth")
    p256dh = _b64url_field(keys, "p256dh")
    auth = _b64url_field(keys, "auth")
    if len(p256dh) != 65 or p256dh[0] != 4:
        raise InvalidSubscription("keys.p256dh must be a 65-byte uncompressed P-256 point")
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), p256dh)
    except ValueError:
        raise InvalidSubscription("keys.p256dh is not a point on the P-256 curve") from None
    if len(auth) != 16:
        raise InvalidSubscription("keys.auth must be 16 bytes")
    return Subscription(endpoint, p256dh, auth)


def _b64url_field(keys: Mapping[str, Any], name: str) -> bytes:
    value = keys.get(name)
    if not isinstance(value, str) or not re.fullmatch(r"[A-Za-z0-9_-]+={0,2}", value):
        raise InvalidSubscription(f"keys.{name} must be a base64url string")
    try:
        return b64url_decode(value)
    except (binascii.Error, ValueError):
        raise InvalidSubscription(f"keys.{name} is not valid base64url") from None


@dataclass(frozen=True)
class VapidKeys:
    """The server's VAPID key pair and contact (``sub``)."""

    private_key: ec.EllipticCurvePrivateKey
    subject: str

    def __post_init__(self) -> None:
        if not isinstance(self.private_key, ec.EllipticCurvePrivateKey) or \
                not isinstance(self.private_key.curve, ec.SECP256R1):
            raise ValueError("a VAPID key must be a P-256 (prime256v1) EC private key")
        if not self.subject.startswith(("mailto:", "https:")):
            raise ValueError(f"VAPID_SUBJECT must be a mailto: or https: URL, "
                             f"not {self.subject!r}")

    @property
    def public_key_b64url(self) -> str:
        """The public key as ``pushManager.subscribe`` takes it
        (``applicationServerKey``): the uncompressed point, base64url."""
        return b64url(self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint))

    @classmethod
    def from_settings(cls, private_key: str, subject: str) -> "VapidKeys":
        """Keys from the ``VAPID_PRIVATE_KEY`` setting: PEM, or base64url of
        the raw 32-byte key (what most VAPID key generators print) or of DER.

        :raises ValueError: the key cannot be read or is not P-256.
        """
        text = private_key.strip()
        try:
            if "-----BEGIN" in text:
                key = serialization.load_pem_private_key(text.encode(), password=None)
            else:
                raw = b64url_decode("".join(text.split()))
                if len(raw) == 32:
                    key = ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1())
                else:
                    key = serialization.load_der_private_key(raw, password=None)
        except (ValueError, TypeError, binascii.Error) as exc:
            raise ValueError(f"VAPID_PRIVATE_KEY cannot be read: {exc}") from None
        if not isinstance(key, ec.EllipticCurvePrivateKey):
            raise ValueError("VAPID_PRIVATE_KEY is not an EC key")
        return cls(key, subject)

    @classmethod
    def load_or_create(cls, instance_path: str | os.PathLike[str],
                       subject: str = DEFAULT_SUBJECT) -> "VapidKeys":
        """Keys from ``vapid_private.pem`` in the instance folder, made there
        (mode 0600) on first use. Safe when several processes start at once:
        the file appears whole or not at all, and the first one wins.

        :raises ValueError: the file exists but holds no usable key.
        :raises OSError: the folder cannot be written.
        """
        folder = Path(instance_path)
        path = folder / KEY_FILE
        if not path.exists():
            folder.mkdir(parents=True, exist_ok=True)
            key = ec.generate_private_key(ec.SECP256R1())
            pem = key.private_bytes(serialization.Encoding.PEM,
                                    serialization.PrivateFormat.PKCS8,
                                    serialization.NoEncryption())
            # mkstemp makes the file 0600; link() publishes it only if no
            # other process did first (rename would overwrite theirs).
            fd, temp = tempfile.mkstemp(dir=folder, prefix=".vapid-")
            try:
                with os.fdopen(fd, "wb") as f:
                    f.write(pem)
                try:
                    os.link(temp, path)
                except FileExistsError:
                    pass
            finally:
                os.unlink(temp)
        try:
            return cls.from_settings(path.read_text(), subject)
        except ValueError as exc:
            raise ValueError(f"{path}: {exc}") from None

    @classmethod
    def from_config(cls, config: Mapping[str, Any], instance_path: str | os.PathLike[str]
                    ) -> "VapidKeys":
        """From the settings when ``VAPID_PRIVATE_KEY`` is set, else the instance file.

        :raises ValueError: a bad key or subject.
        """
        subject = config.get("VAPID_SUBJECT") or DEFAULT_SUBJECT
        if config.get("VAPID_PRIVATE_KEY"):
            return cls.from_settings(config["VAPID_PRIVATE_KEY"], subject)
        return cls.load_or_create(instance_path, subject)

    def authorization(self, endpoint: str, now: Optional[float] = None) -> str:
        """The ``Authorization: vapid t=<jwt>,k=<key>`` value for ``endpoint``:
        ``aud`` its origin, ``exp`` :data:`TOKEN_LIFETIME` ahead, ``sub`` ours.

        :raises ValueError: the endpoint has no origin that a token can name.
        """
        now = time.time() if now is None else now
        claims = {"aud": origin(endpoint), "exp": int(now) + TOKEN_LIFETIME,
                  "sub": self.subject}
        # py_vapid's own "sub" pattern refuses an https subject with a port;
        # __post_init__ has checked the subject already.
        signer = Vapid02(self.private_key, conf={"no-strict": True})
        try:
            return signer.sign(claims)["Authorization"]
        except VapidException as exc:  # an audience that it cannot name
            raise ValueError(f"cannot sign a VAPID token for {endpoint}: {exc}") from None


def origin(url: str) -> str:
    """``scheme://host[:port]`` of a URL, the port only when not the default."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    default = {"https": 443, "http": 80}.get(scheme)
    host = (parts.hostname or "").lower()
    if ":" in host:
        host = f"[{host}]"
    port = parts.port
    return f"{scheme}://{host}" + ("" if port in (None, default) else f":{port}")


def push_request(subscription: Mapping[str, Any], payload: bytes, keys: VapidKeys,
                 ttl: int, urgency: str = "normal", topic: Optional[str] = None,
                 now: Optional[float] = None) -> tuple[bytes, dict[str, str]]:
    """The body and headers of one push message.

    :param payload: the message (JSON); at most :data:`MAX_PAYLOAD` bytes.
    :param ttl: seconds the push service keeps the message for an offline device.
    :param urgency: one of :data:`URGENCIES`.
    :param topic: replaces an undelivered message with the same topic
        (≤ 32 characters of the URL-safe base64 alphabet).
    :raises InvalidSubscription: the subscription is unusable.
    :raises ValueError: a bad payload size, TTL, urgency or topic.
    """
    sub = parse_subscription(subscription)
    if len(payload) > MAX_PAYLOAD:
        raise ValueError(f"a push payload holds at most {MAX_PAYLOAD} bytes, "
                         f"not {len(payload)}")
    if not isinstance(ttl, int) or not 0 <= ttl <= MAX_TTL:
        raise ValueError(f"ttl must be 0..{MAX_TTL} seconds, not {ttl!r}")
    if urgency not in URGENCIES:
        raise ValueError(f"urgency must be one of {URGENCIES}, not {urgency!r}")
    if topic is not None and not _TOPIC.match(topic):
        raise ValueError(f"topic must be 1-32 characters of A-Z a-z 0-9 - _, not {topic!r}")
    # A fresh key pair per message (RFC 8291 §3.1); without a keyid http_ece
    # puts its public half in the header, as the RFC asks.
    ephemeral = ec.generate_private_key(ec.SECP256R1())
    body = http_ece.encrypt(payload, salt=os.urandom(16), private_key=ephemeral,
                            dh=sub.p256dh, auth_secret=sub.auth, rs=4096,
                            version="aes128gcm")
    headers = {
        "Content-Type": "application/octet-stream",
        "Content-Encoding": "aes128gcm",
        "TTL": str(ttl),
        "Urgency": urgency,
        "Authorization": keys.authorization(sub.endpoint, now),
    }
    if topic is not None:
        headers["Topic"] = topic
    return body, headers


def send_push(subscription: Mapping[str, Any], payload: bytes, keys: VapidKeys,
              allowed_hosts: Collection[str] = (), *, ttl: int = 24 * 3600,
              urgency: str = "normal", topic: Optional[str] = None,
              timeout: tuple[float, float] = outbound.DEFAULT_TIMEOUT,
              resolver: Optional[outbound.Resolver] = None) -> outbound.Reply:
    """Encrypt and POST one push message to the subscription's endpoint.

    The reply tells the outcome: 201 accepted; 404/410 the subscription is
    gone; 429 (``retry_after``) and 5xx try later; 413 too big; 400/401/403
    a request the service refuses.

    :raises InvalidSubscription: the subscription is unusable.
    :raises ValueError: see :func:`push_request`.
    :raises outbound.UnsafeUrl: the endpoint is refused; nothing was sent.
    :raises outbound.DeliveryError: no reply (retryable).
    """
    body, headers = push_request(subscription, payload, keys, ttl, urgency, topic)
    return outbound.post(subscription["endpoint"], body, headers, allowed_hosts, timeout,
                         resolver=resolver)


def b64url(data: bytes) -> str:
    """Base64url without padding."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    """Decode base64url with or without padding.

    :raises binascii.Error: not base64url.
    """
    text = text.rstrip("=")
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
