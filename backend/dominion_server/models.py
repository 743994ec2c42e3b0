"""Database tables: games, seats, the append-only command log and the event log.

A game row holds the engine's serialized state (``Game.to_json()``) and a
``version`` that every write increments with a compare-and-swap, so any worker
of any machine can serve any request and no game lives in process memory.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Optional

from sqlalchemy import (
    BigInteger, DateTime, ForeignKey, Index, Integer, String, Text, UniqueConstraint, text,
)
from sqlalchemy.orm import Mapped, mapped_column

from .extensions import db

# SQLite only auto-increments INTEGER PRIMARY KEY columns.
BigId = BigInteger().with_variant(Integer, "sqlite")

WAITING = "waiting"  # free human seats left; no engine state yet
ACTIVE = "active"
OVER = "over"
STATUSES = (WAITING, ACTIVE, OVER)

HUMAN = "human"
BOT = "bot"


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class GameRow(db.Model):
    """One game: setup options, engine state and version."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    status: Mapped[str] = mapped_column(String(16), nullable=False)
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    #: JSON: kingdom, colony, preset, randomizer report and the (secret) seed.
    setup: Mapped[str] = mapped_column(Text, nullable=False)
    #: JSON from ``Game.to_json()``; NULL until every seat is taken.
    state: Mapped[Optional[str]] = mapped_column(Text, nullable=True)
    #: Sequence number of the last stored event (0 = none).
    last_seq: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    #: Time of the last write; old games are purged by it (``flask purge-games``).
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False,
                                                 index=True)


class SeatRow(db.Model):
    """A seat of a game: a bot, a human who joined, or a free human seat."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "seat"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True
    )
    seat: Mapped[int] = mapped_column(Integer, nullable=False)
    kind: Mapped[str] = mapped_column(String(8), nullable=False)
    name: Mapped[Optional[str]] = mapped_column(String(40), nullable=True)
    bot: Mapped[Optional[str]] = mapped_column(String(32), nullable=True)
    #: SHA-256 (hex) of the seat token; NULL while the seat is free.
    token_hash: Mapped[Optional[str]] = mapped_column(String(64), nullable=True)
    #: Invitation code of a free human seat; cleared when the seat is taken.
    join_code: Mapped[Optional[str]] = mapped_column(String(16), nullable=True, unique=True)
    joined_at: Mapped[Optional[datetime]] = mapped_column(DateTime(timezone=True), nullable=True)


class CommandRow(db.Model):
    """Append-only log of applied commands (human and bot), one row per command."""

    __tablename__ = "commands"
    __table_args__ = (UniqueConstraint("game_id", "seat", "idempotency_key"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True
    )
    seat: Mapped[int] = mapped_column(Integer, nullable=False)
    actor: Mapped[str] = mapped_column(String(8), nullable=False)  # human / bot
    #: JSON command in its dict form; an ``answer`` command carries the answer.
    command: Mapped[str] = mapped_column(Text, nullable=False)
    #: Game version after the request that applied this command.
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    idempotency_key: Mapped[Optional[str]] = mapped_column(String(200), nullable=True)
    #: SHA-256 of the request body, to reject a key reused for another command.
    fingerprint: Mapped[Optional[str]] = mapped_column(String(64), nullable=True)
    #: The response body first sent for this key (replayed on retries).
    response: Mapped[Optional[str]] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class EventRow(db.Model):
    """One engine event as the engine returned it (unrendered, hidden cards included)."""

    __tablename__ = "events"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    data: Mapped[str] = mapped_column(Text, nullable=False)


# ---------------------------------------------------------------------------
# Turn alerts (issue 22): where a seat wants to be told, and what is still to tell.

PUSH = "push"
WEBHOOK = "webhook"
#: An outbox row still to deliver (the partial index's condition).
DUE = "delivered_at IS NULL AND dead_at IS NULL"


class PushSubscriptionRow(db.Model):
    """A browser's Web Push subscription for one seat (one phone may follow many seats)."""

    __tablename__ = "push_subscriptions"
    __table_args__ = (UniqueConstraint("game_id", "seat", "endpoint"),)

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True)
    seat: Mapped[int] = mapped_column(Integer, nullable=False)
    #: Indexed: the app badge counts the games of one endpoint at each push.
    endpoint: Mapped[str] = mapped_column(String(1000), nullable=False, index=True)
    #: The browser's keys (base64url): the payload is encrypted to them (RFC 8291).
    p256dh: Mapped[str] = mapped_column(String(200), nullable=False)
    auth: Mapped[str] = mapped_column(String(100), nullable=False)
    lang: Mapped[str] = mapped_column(String(8), nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class WebhookRow(db.Model):
    """A seat's signed callback URL (Standard Webhooks)."""

    __tablename__ = "webhooks"

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True)
    seat: Mapped[int] = mapped_column(Integer, nullable=False)
    url: Mapped[str] = mapped_column(String(2000), nullable=False)
    #: ``whsec_...``: shown once (creation, rotation), needed to sign every delivery.
    secret: Mapped[str] = mapped_column(String(100), nullable=False)
    lang: Mapped[str] = mapped_column(String(8), nullable=False)
    #: Consecutive failed deliveries; reset by a success.
    failures: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    disabled_at: Mapped[Optional[datetime]] = mapped_column(DateTime(timezone=True),
                                                            nullable=True)
    disabled_reason: Mapped[Optional[str]] = mapped_column(String(300), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class OutboxRow(db.Model):
    """One notice to deliver to one target, written in the command's transaction.

    ``data`` holds facts only (no rendering, never a hidden card); the worker
    renders it in the target's language when it delivers. Due rows have
    neither ``delivered_at`` nor ``dead_at`` and ``next_at <= now``; a claimed
    row is invisible to other workers until ``lease_until`` passes.
    """

    __tablename__ = "outbox"
    __table_args__ = (
        UniqueConstraint("event_id", "channel", "target_id"),
        # The claim query reads only rows still to deliver, oldest due first.
        Index("ix_outbox_due", "next_at", postgresql_where=text(DUE),
              sqlite_where=text(DUE)),
    )

    id: Mapped[int] = mapped_column(BigId, primary_key=True, autoincrement=True)
    #: The notice's id (uuid hex), the same on every retry: receivers dedupe by it.
    event_id: Mapped[str] = mapped_column(String(32), nullable=False)
    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), nullable=False, index=True)
    seat: Mapped[int] = mapped_column(Integer, nullable=False)
    kind: Mapped[str] = mapped_column(String(16), nullable=False)
    channel: Mapped[str] = mapped_column(String(8), nullable=False)  # push / webhook
    target_id: Mapped[int] = mapped_column(BigInteger, nullable=False)
    data: Mapped[str] = mapped_column(Text, nullable=False)
    attempts: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
    next_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    lease_until: Mapped[Optional[datetime]] = mapped_column(DateTime(timezone=True),
                                                            nullable=True)
    delivered_at: Mapped[Optional[datetime]] = mapped_column(DateTime(timezone=True),
                                                             nullable=True)
    dead_at: Mapped[Optional[datetime]] = mapped_column(DateTime(timezone=True), nullable=True)
    last_error: Mapped[Optional[str]] = mapped_column(String(300), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)


class NoticeMarkRow(db.Model):
    """A reminder or deadline notice already made for one version of a game.

    The primary key is the dedupe: two workers that find the same due
    reminder both try to insert its mark, and only one succeeds.
    """

    __tablename__ = "notice_marks"

    game_id: Mapped[str] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16), primary_key=True)  # reminder / deadline
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
