"""Where a seat wants its turn alerts: its push subscriptions and webhooks.

The API's views (``api.py``) call these; each authenticates the seat token
against the game's seats, checks the URL as the transport will on every
delivery (:func:`.outbound.check_url`: https only, no private addresses...)
and keeps to the per-seat limits. A webhook's secret leaves the server
twice only: when it is made and when it is rotated.
"""

from __future__ import annotations

from typing import Any, Optional

from flask import current_app
from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from .. import service
from ..errors import ApiError
from ..extensions import db
from ..models import PushSubscriptionRow, SeatRow, WebhookRow, utcnow
from . import outbound, webhooks, worker

SUBS = PushSubscriptionRow.__table__
HOOKS = WebhookRow.__table__
SEATS = SeatRow.__table__


def _seat(game_id: str, auth: Optional[str]) -> int:
    """The caller's seat in ``game_id``.

    :raises ApiError: 404 no such game, 401 no or bad seat token.
    """
    rows = db.session.execute(select(SEATS.c.seat, SEATS.c.token_hash)
                              .where(SEATS.c.game_id == game_id)).all()
    if not rows:
        raise ApiError("game_not_found", "no game has this id")
    seat = service.authenticate(auth, ((r.seat, r.token_hash) for r in rows), required=True)
    assert seat is not None
    return seat


def _check_url(url: str) -> None:
    """:raises ApiError: 422 ``unsafe_url`` with the transport's ``reason``."""
    try:
        outbound.check_url(url, worker.allowed_hosts(current_app))
    except outbound.UnsafeUrl as e:
        raise ApiError("unsafe_url", f"the URL was refused ({e.code}): {e.detail}",
                       extra={"reason": e.code}) from None


def _id(text: str) -> int:
    """A subscription's or webhook's id from the URL (404 for one that cannot exist)."""
    if not text.isdigit() or len(text) > 18:
        raise ApiError("not_found", "no such subscription or webhook")
    return int(text)


# ---------------------------------------------------------------------------
# Push subscriptions


def _subscription(row: Any) -> dict[str, Any]:
    return {"id": str(row.id), "endpoint": row.endpoint, "lang": row.lang,
            "created_at": row.created_at}


def add_subscription(game_id: str, auth: Optional[str], subscription: dict[str, Any],
                     lang: str) -> tuple[dict[str, Any], bool]:
    """Register the browser's subscription for the caller's seat (again: update it).

    :returns: the subscription, and whether it is new.
    :raises ApiError: 401, 404, 409 ``too_many_subscriptions``, 422 ``unsafe_url``.
    """
    seat = _seat(game_id, auth)
    endpoint = subscription["endpoint"]
    keys = subscription["keys"]
    mine = (SUBS.c.game_id == game_id) & (SUBS.c.seat == seat)
    for _ in range(3):  # a simultaneous registration of the same endpoint: look again
        row = db.session.execute(select(SUBS).where(mine, SUBS.c.endpoint == endpoint)).first()
        if row is not None:
            db.session.execute(update(SUBS).where(SUBS.c.id == row.id).values(
                p256dh=keys["p256dh"], auth=keys["auth"], lang=lang))
            db.session.commit()
            return {**_subscription(row), "lang": lang}, False
        count = db.session.execute(select(func.count()).select_from(SUBS).where(mine)).scalar()
        limit = current_app.config["PUSH_SUBSCRIPTIONS_PER_SEAT"]
        if count >= limit:
            raise ApiError("too_many_subscriptions",
                           f"a seat may have {limit} push subscriptions; delete one first")
        _check_url(endpoint)
        now = utcnow()
        try:
            new_id = db.session.execute(insert(SUBS).values(
                game_id=game_id, seat=seat, endpoint=endpoint, p256dh=keys["p256dh"],
                auth=keys["auth"], lang=lang, created_at=now).returning(SUBS.c.id)).scalar()
            db.session.commit()
        except IntegrityError:
            db.session.rollback()
            continue
        return {"id": str(new_id), "endpoint": endpoint, "lang": lang, "created_at": now}, True
    raise ApiError("seat_taken", "the subscription kept changing; try again")


def list_subscriptions(game_id: str, auth: Optional[str]) -> list[dict[str, Any]]:
    return [_subscription(r) for r in _seat_rows(SUBS, game_id, auth)]


def delete_subscription(game_id: str, auth: Optional[str], sub_id: str) -> None:
    """:raises ApiError: 404 if the seat has no such subscription."""
    _delete_seat_row(SUBS, game_id, auth, sub_id, "push subscription")


def _seat_rows(table: Any, game_id: str, auth: Optional[str]) -> list[Any]:
    """The caller's seat's rows of ``table`` (subscriptions or webhooks), oldest first."""
    seat = _seat(game_id, auth)
    return list(db.session.execute(select(table).where(
        table.c.game_id == game_id, table.c.seat == seat).order_by(table.c.id)))


def _delete_seat_row(table: Any, game_id: str, auth: Optional[str], row_id: str,
                     what: str) -> None:
    """Delete one of the caller's seat's rows of ``table``.

    :raises ApiError: 404 if the seat has no such row.
    """
    seat = _seat(game_id, auth)
    gone = db.session.execute(delete(table).where(
        table.c.id == _id(row_id), table.c.game_id == game_id, table.c.seat == seat)).rowcount
    db.session.commit()
    if not gone:
        raise ApiError("not_found", f"this seat has no such {what}")


# ---------------------------------------------------------------------------
# Webhooks


def _webhook(row: Any) -> dict[str, Any]:
    return {"id": str(row.id), "url": row.url, "lang": row.lang,
            "enabled": row.disabled_at is None, "failures": row.failures,
            "disabled_at": row.disabled_at, "disabled_reason": row.disabled_reason,
            "created_at": row.created_at}


def add_webhook(game_id: str, auth: Optional[str], url: str, lang: str) -> dict[str, Any]:
    """Register a callback URL for the caller's seat; the answer holds its secret.

    :raises ApiError: 401, 404, 409 ``too_many_webhooks``, 422 ``unsafe_url``.
    """
    seat = _seat(game_id, auth)
    count = db.session.execute(select(func.count()).select_from(HOOKS).where(
        HOOKS.c.game_id == game_id, HOOKS.c.seat == seat)).scalar()
    limit = current_app.config["WEBHOOKS_PER_SEAT"]
    if count >= limit:
        raise ApiError("too_many_webhooks", f"a seat may have {limit} webhooks; delete one "
                                            "first")
    _check_url(url)
    secret = webhooks.new_secret()
    now = utcnow()
    new_id = db.session.execute(insert(HOOKS).values(
        game_id=game_id, seat=seat, url=url, secret=secret, lang=lang, failures=0,
        created_at=now).returning(HOOKS.c.id)).scalar()
    db.session.commit()
    return {"id": str(new_id), "url": url, "lang": lang, "enabled": True, "failures": 0,
            "disabled_at": None, "disabled_reason": None, "created_at": now,
            "secret": secret}


def list_webhooks(game_id: str, auth: Optional[str]) -> list[dict[str, Any]]:
    return [_webhook(r) for r in _seat_rows(HOOKS, game_id, auth)]


def delete_webhook(game_id: str, auth: Optional[str], wid: str) -> None:
    """:raises ApiError: 404 if the seat has no such webhook."""
    _delete_seat_row(HOOKS, game_id, auth, wid, "webhook")


def rotate_webhook(game_id: str, auth: Optional[str], wid: str) -> str:
    """A new secret for the webhook (the old one stops at once); returns it.

    :raises ApiError: 404 if the seat has no such webhook.
    """
    seat = _seat(game_id, auth)
    secret = webhooks.new_secret()
    changed = db.session.execute(update(HOOKS).where(
        HOOKS.c.id == _id(wid), HOOKS.c.game_id == game_id, HOOKS.c.seat == seat)
        .values(secret=secret)).rowcount
    db.session.commit()
    if not changed:
        raise ApiError("not_found", "this seat has no such webhook")
    return secret
