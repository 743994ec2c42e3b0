"""The transactional outbox: notices recorded with the change that caused them.

:func:`enqueue` runs inside the command's transaction, so a notice exists
if and only if its change committed: a crash between the two is impossible,
and the command's response never waits for a delivery (the worker,
:mod:`.worker`, delivers later). It costs nothing when a change makes no
notice, one query (the seats' push subscriptions and webhooks) when it
does, and one multi-row insert when there is anyone to tell.

Why PostgreSQL's ``FOR UPDATE SKIP LOCKED`` and not a job queue on Redis:
the outbox row must commit atomically with the command, which only the
database that stores the game can do. A Redis queue would need the very
same outbox table to be reliable (a job pushed after the commit is lost
when the process dies in between; one pushed before it may announce a move
that never committed), plus a second system to run and watch. Workers claim
rows with ``SELECT ... FOR UPDATE SKIP LOCKED`` (concurrent workers never
wait on each other nor claim the same row) and a lease (``lease_until``):
a claimed row stays invisible until the lease passes, so the rows of a
worker killed mid-delivery come back to any worker after it. SQLite has no
row locks: there the same query runs without the lock clause, for the one
in-process worker of the embedded server (SQLite serialises writers).

Delivery is at least once: the event id of a notice (``event_id``) is the
same on every retry, and receivers drop repeats by it.
"""

from __future__ import annotations

import json
import random
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Iterable, Optional

from dominion import Game
from flask import current_app, has_app_context
from sqlalchemy import bindparam, delete, insert, literal_column, select, union_all, update
from sqlalchemy.orm import Session

from ..extensions import db
from ..models import (
    PUSH, WEBHOOK, OutboxRow, PushSubscriptionRow, WebhookRow, utcnow,
)
from . import notices
from .notices import Notice, SeatLike, Snapshot

OUTBOX = OutboxRow.__table__
SUBS = PushSubscriptionRow.__table__
HOOKS = WebhookRow.__table__

#: ``session.info`` key: the open transaction enqueued something (wake the worker on commit).
_ENQUEUED = "dominion_outbox_enqueued"
#: Key of the app's wake-up event in ``app.extensions``.
WAKE = "dominion_outbox_wake"

#: Retries: full jitter on an exponential backoff, from BASE seconds up to CAP (6 h):
#: with the default 18 attempts a row is given up after about a day on average.
BACKOFF_BASE = 5.0
BACKOFF_CAP = 6 * 3600.0


# One statement, built once (as the service's hot-path queries): the push
# subscriptions and enabled webhooks of some seats of a game.
_TARGETS = union_all(
    select(literal_column(f"'{PUSH}'").label("channel"), SUBS.c.id, SUBS.c.seat).where(
        SUBS.c.game_id == bindparam("gid"), SUBS.c.seat.in_(bindparam("seats", expanding=True))),
    select(literal_column(f"'{WEBHOOK}'").label("channel"), HOOKS.c.id, HOOKS.c.seat).where(
        HOOKS.c.game_id == bindparam("gid"),
        HOOKS.c.seat.in_(bindparam("seats", expanding=True)), HOOKS.c.disabled_at.is_(None)),
)


def enqueue(notices: Iterable[Notice], now: Optional[datetime] = None,
            session: Optional[Session] = None) -> int:
    """Record ``notices`` for delivery in the open transaction (the caller commits).

    One row per notice and target (each push subscription and enabled webhook
    of the notice's seat); every row of a notice shares its event id.

    :returns: how many rows were written.
    """
    notices = list(notices)
    if not notices:
        return 0
    session = session or db.session
    game_id = notices[0].game_id
    seats = sorted({n.seat for n in notices})
    by_seat: dict[int, list[tuple[str, int]]] = {}
    found = session.execute(_TARGETS, {"gid": game_id, "seats": seats})
    for channel, target, seat in found:
        by_seat.setdefault(seat, []).append((channel, target))
    if not by_seat:
        return 0
    now = now or utcnow()
    rows = []
    for n in notices:
        event_id = uuid.uuid4().hex
        facts = json.dumps(n.facts(), separators=(",", ":"))
        for channel, target in by_seat.get(n.seat, ()):
            rows.append({"event_id": event_id, "game_id": n.game_id, "seat": n.seat,
                         "kind": n.kind, "channel": channel, "target_id": target,
                         "data": facts, "attempts": 0, "next_at": now, "lease_until": None,
                         "delivered_at": None, "dead_at": None, "last_error": None,
                         "created_at": now})
    if rows:
        session.execute(insert(OUTBOX), rows)
        session.info[_ENQUEUED] = True
    return len(rows)


def changed(game_id: str, version: int, before: Optional[Snapshot], game: Game,
            seats: Iterable[SeatLike], actor: Optional[int], now: datetime) -> int:
    """Enqueue the notices of a change (:func:`.notices.changes`); the service's hook."""
    return enqueue(notices.changes(game_id, version, before, game, seats, actor), now)


def seat_taken(game_id: str, version: int, seats: Iterable[SeatLike], newcomer: int,
               game: Optional[Game], now: datetime) -> int:
    """Enqueue "joined" for the other seated humans, and "turn" if the game started now.

    A seat told that it is its turn is not also told who joined (the turn
    notice replaces the game's notification anyway).
    """
    seats = list(seats)
    started = notices.changes(game_id, version, None, game, seats, newcomer) if game else []
    told = {n.seat for n in started}
    return enqueue(started + [n for n in notices.joined(game_id, version, seats, newcomer)
                              if n.seat not in told], now)


# ---------------------------------------------------------------------------
# Waking the in-process worker when a transaction with notices commits


def after_commit(session: Session) -> None:
    """Session hook: a commit that enqueued wakes this process's worker (if any)."""
    if session.info.pop(_ENQUEUED, False) and has_app_context():
        wake = current_app.extensions.get(WAKE)
        if wake is not None:
            wake.set()


def after_rollback(session: Session, previous_transaction: Any) -> None:
    session.info.pop(_ENQUEUED, None)


# ---------------------------------------------------------------------------
# Claiming and settling (the worker's side)


@dataclass
class Claimed:
    """An outbox row leased to this worker until ``lease_until``."""

    id: int
    event_id: str
    game_id: str
    seat: int
    kind: str
    channel: str
    target_id: int
    data: dict[str, Any]
    attempts: int  # including this one
    lease_until: datetime
    created_at: datetime


def claim(session: Session, limit: int, lease: float, now: Optional[datetime] = None
          ) -> list[Claimed]:
    """Lease up to ``limit`` due rows for ``lease`` seconds and commit.

    On PostgreSQL the rows are picked with ``FOR UPDATE SKIP LOCKED``: a row
    another worker is claiming at the same moment is skipped, never waited
    for nor taken twice. The lease then keeps it from every other worker
    until it passes; the attempt is counted now, so a worker that dies
    mid-delivery still used one.
    """
    now = now or utcnow()
    until = now + timedelta(seconds=lease)
    due = (select(OUTBOX.c.id)
           .where(OUTBOX.c.delivered_at.is_(None), OUTBOX.c.dead_at.is_(None),
                  OUTBOX.c.next_at <= now,
                  (OUTBOX.c.lease_until.is_(None)) | (OUTBOX.c.lease_until <= now))
           .order_by(OUTBOX.c.next_at).limit(limit))
    if session.get_bind().dialect.name == "postgresql":
        due = due.with_for_update(skip_locked=True)
    rows = session.execute(
        update(OUTBOX).where(OUTBOX.c.id.in_(due.scalar_subquery()))
        .values(lease_until=until, attempts=OUTBOX.c.attempts + 1)
        .returning(OUTBOX.c.id, OUTBOX.c.event_id, OUTBOX.c.game_id, OUTBOX.c.seat,
                   OUTBOX.c.kind, OUTBOX.c.channel, OUTBOX.c.target_id, OUTBOX.c.data,
                   OUTBOX.c.attempts, OUTBOX.c.created_at)
    ).all()
    session.commit()
    return sorted((Claimed(r.id, r.event_id, r.game_id, r.seat, r.kind, r.channel,
                           r.target_id, json.loads(r.data), r.attempts, until, r.created_at)
                   for r in rows), key=lambda c: c.id)


def _mine(c: Claimed):
    # Settle only while our lease holds: a row whose lease passed may belong
    # to another worker now (it then settles it itself).
    return (OUTBOX.c.id == c.id) & (OUTBOX.c.lease_until == c.lease_until)


def delivered(session: Session, c: Claimed, now: Optional[datetime] = None) -> None:
    session.execute(update(OUTBOX).where(_mine(c)).values(
        delivered_at=now or utcnow(), lease_until=None, last_error=None))


_RNG = random.Random()


def retry_at(attempts: int, now: datetime, retry_after: Optional[float] = None,
             rng: random.Random = _RNG) -> datetime:
    """When to try again after ``attempts`` failed attempts.

    Full jitter (a uniform delay up to the exponential bound) spreads the
    retries of many rows that failed together; ``Retry-After`` (429, 503)
    is honoured as the least delay.
    """
    delay = rng.uniform(0, min(BACKOFF_CAP, BACKOFF_BASE * 2 ** max(0, attempts - 1)))
    if retry_after is not None:
        delay = min(BACKOFF_CAP, max(delay, retry_after))
    return now + timedelta(seconds=delay)


def failed(session: Session, c: Claimed, error: str, max_attempts: int,
           retry_after: Optional[float] = None, now: Optional[datetime] = None) -> bool:
    """Schedule a retry, or dead-letter the row after ``max_attempts``.

    :returns: whether the row is dead now.
    """
    now = now or utcnow()
    values: dict[str, Any] = {"lease_until": None, "last_error": error[:300]}
    dead = c.attempts >= max_attempts
    if dead:
        values["dead_at"] = now
    else:
        values["next_at"] = retry_at(c.attempts, now, retry_after)
    session.execute(update(OUTBOX).where(_mine(c)).values(**values))
    return dead


def release(session: Session, c: Claimed) -> None:
    """Give a claimed row back untried (a stopping worker): due again at once."""
    session.execute(update(OUTBOX).where(_mine(c)).values(
        lease_until=None, attempts=OUTBOX.c.attempts - 1))


def dead(session: Session, c: Claimed, error: str, now: Optional[datetime] = None) -> None:
    """Give up on the row at once (a refused URL, a gone subscription)."""
    session.execute(update(OUTBOX).where(_mine(c)).values(
        dead_at=now or utcnow(), lease_until=None, last_error=error[:300]))


#: How long settled rows are kept (for inspection) before :func:`prune` deletes them.
KEEP_DELIVERED = timedelta(days=2)
KEEP_DEAD = timedelta(days=14)


def prune(session: Session, now: Optional[datetime] = None) -> int:
    """Delete rows delivered or given up long enough ago; the caller commits."""
    now = now or utcnow()
    return session.execute(delete(OUTBOX).where(
        (OUTBOX.c.delivered_at < now - KEEP_DELIVERED) | (OUTBOX.c.dead_at < now - KEEP_DEAD)
    )).rowcount


def drop_subscription(session: Session, sub_id: int, why: str) -> None:
    """The push service says the subscription is gone (404/410): forget it and its rows."""
    session.execute(delete(SUBS).where(SUBS.c.id == sub_id))
    session.execute(update(OUTBOX).where(
        OUTBOX.c.channel == PUSH, OUTBOX.c.target_id == sub_id,
        OUTBOX.c.delivered_at.is_(None), OUTBOX.c.dead_at.is_(None))
        .values(dead_at=utcnow(), last_error=why[:300]))

