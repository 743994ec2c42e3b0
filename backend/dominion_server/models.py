"""Database tables: games, seats, the append-only command log and the event log.

A game row holds the engine's serialized state (``Game.to_json()``) and a
``version`` that every write increments with a compare-and-swap, so any worker
of any machine can serve any request and no game lives in process memory.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Optional

from sqlalchemy import (
    BigInteger, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint,
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
