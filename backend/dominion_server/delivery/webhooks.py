"""Signed webhooks by the Standard Webhooks specification.

Each call carries ``webhook-id`` (the event id: the same on every retry, so
receivers drop repeats), ``webhook-timestamp`` (Unix seconds; receivers refuse
stale ones) and ``webhook-signature`` (``v1,<base64 HMAC-SHA256>`` of
``id.timestamp.body``), made by the specification's own ``standardwebhooks``
package, so a receiver verifies with that package in any language.
"""

from __future__ import annotations

import base64
import secrets
from datetime import datetime, timezone
from typing import Collection, Optional

from standardwebhooks import Webhook

from . import outbound

SECRET_PREFIX = "whsec_"


def new_secret() -> str:
    """A new signing secret: ``whsec_`` and the base64 of 32 random bytes."""
    return SECRET_PREFIX + base64.b64encode(secrets.token_bytes(32)).decode("ascii")


def signed_headers(secret: str, event_id: str, body: bytes,
                   now: Optional[datetime] = None) -> dict[str, str]:
    """The Standard Webhooks headers for ``body``, plus its content type.

    :param now: the signing time, timezone-aware (default: now).
    :raises ValueError: a naive ``now``, a body that is not UTF-8, an empty
        or malformed secret, an event id with a ``.`` or a space.
    """
    now = datetime.now(timezone.utc) if now is None else now
    if now.tzinfo is None:
        raise ValueError("now must be timezone-aware")
    # "." separates the signed parts and " " the signatures: neither may be
    # in the id.
    if not event_id or any(c in event_id for c in ". ,"):
        raise ValueError(f"an event id must be non-empty, without '.', ' ' or ',': "
                         f"{event_id!r}")
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError("a webhook body must be UTF-8 (JSON)") from None
    try:
        webhook = Webhook(secret)
    except Exception as exc:  # binascii.Error, EmptyWebhookSecretError
        raise ValueError(f"not a webhook secret: {exc}") from None
    # The package reads the time as UTC (replace(tzinfo=utc)), so hand it UTC.
    now = now.astimezone(timezone.utc)
    return {
        "Content-Type": "application/json",
        "webhook-id": event_id,
        "webhook-timestamp": str(int(now.timestamp())),
        "webhook-signature": webhook.sign(event_id, now, text),
    }


def send_webhook(url: str, secret: str, event_id: str, body: bytes,
                 allowed_hosts: Collection[str] = (), *,
                 now: Optional[datetime] = None,
                 timeout: tuple[float, float] = outbound.DEFAULT_TIMEOUT,
                 resolver: Optional[outbound.Resolver] = None) -> outbound.Reply:
    """Sign ``body`` and POST it to ``url``; a 2xx reply means delivered.

    :raises ValueError: see :func:`signed_headers`.
    :raises outbound.UnsafeUrl: the URL is refused; nothing was sent.
    :raises outbound.DeliveryError: no reply (retryable).
    """
    headers = signed_headers(secret, event_id, body, now)
    return outbound.post(url, body, headers, allowed_hosts, timeout, resolver=resolver)
