"""Absent seats: the move deadline, and a bot that stands in for a player who missed it.

A game created with ``deadline`` (hours, in its ``setup``) waits that long for
the seats it awaits: "nobody has moved" is measured from ``games.updated_at``,
the last write. Once it passed, any *other* human seat may send
``{"type": "stand_in", "seat": S}``: seat S (still ``kind`` human, its token
still valid) gets the Medium bot in the ``seats.bot`` column, so
:meth:`.service.Loaded.bots` plays it inline like any bot seat, until S's player
sends ``{"type": "take_back"}`` (at any time).

These commands are about who plays a seat, not about the rules: the engine
never sees them. The bot plays through the engine like every bot, so each
seat's view and log stay what the rules let it see: the stand-in's draws and
hand are hidden from the others exactly as the player's own were.

The service calls :func:`legal`, :func:`resource_fields`, :func:`apply` and
:func:`save`; nothing else here touches a request.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import TYPE_CHECKING, Any, Optional

from sqlalchemy import update

from dominion import Game
from dominion.bots import GenericBot, make_bot

from .errors import ApiError
from .extensions import db
from .models import ACTIVE, HUMAN, SeatRow
from .schemas import SEAT_COMMAND_TYPES

if TYPE_CHECKING:  # pragma: no cover
    from .service import Loaded, SeatRecord

#: The bot that stands in for an absent player: the Medium one.
STAND_IN_BOT = GenericBot.name

SEATS = SeatRow.__table__


def is_seat_command(command: dict[str, Any]) -> bool:
    """Whether ``command`` (a loaded command body) is one of this module's."""
    return command.get("type") in SEAT_COMMAND_TYPES


def _aware(t: datetime) -> datetime:
    # SQLite gives back naive datetimes; every stored time is UTC.
    return t if t.tzinfo is not None else t.replace(tzinfo=timezone.utc)


def deadline_at(g: "Loaded") -> Optional[datetime]:
    """When the awaited seats of ``g`` miss the deadline (``None``: no deadline, or the
    game is not active)."""
    hours = g.setup.get("deadline")
    if not hours or g.status != ACTIVE or g.updated_at is None:
        return None
    return _aware(g.updated_at) + timedelta(hours=hours)


def _stood_in(g: "Loaded") -> list[int]:
    return [s.seat for s in g.seats if s.kind == HUMAN and s.bot]


def overdue(g: "Loaded", game: Optional[Game], now: datetime) -> list[int]:
    """The human seats the game awaits, played by their player, whose deadline passed."""
    due = deadline_at(g)
    if due is None or game is None or now < due:
        return []
    return [s for s in game.awaiting() if g.seats[s].kind == HUMAN and not g.seats[s].bot]


def resource_fields(g: "Loaded", game: Optional[Game], now: datetime) -> dict[str, Any]:
    """``deadline_at`` and ``absent`` of the game resource."""
    due = deadline_at(g)
    absent = set(overdue(g, game, now)) | set(_stood_in(g))
    return {"deadline_at": due, "absent": sorted(absent)}


def legal(g: "Loaded", game: Optional[Game], seat: Optional[int],
          now: datetime) -> list[dict[str, Any]]:
    """The seat commands ``seat`` may send now (added to ``view.legal``)."""
    if seat is None or g.status != ACTIVE:
        return []
    if g.seats[seat].bot:
        return [{"type": "take_back"}]
    return [{"type": "stand_in", "seat": s} for s in overdue(g, game, now) if s != seat]


def apply(g: "Loaded", game: Game, seat: int, command: dict[str, Any],
          now: datetime) -> tuple["SeatRecord", list[dict[str, Any]]]:
    """Apply a seat command of ``seat``: set or clear the bot of the seat it is about,
    in ``g`` and among ``game``'s agents (so its decisions are answered inline).

    :returns: the changed seat (to :func:`save`) and the events to log (public).
    :raises ApiError: 422 ``not_stood_in`` (take_back), ``no_such_seat``,
        ``own_seat``, ``seat_is_bot``, ``seat_stood_in``, ``take_back_first``
        or ``seat_not_absent`` (stand_in).
    """
    me = g.seats[seat]
    if command["type"] == "take_back":
        if not me.bot:
            raise ApiError("not_stood_in", "no bot plays your seat")
        me.bot = None
        game.agents.pop(seat, None)
        return me, [{"type": "take_back", "seat": seat, "by": seat}]
    target = command["seat"]
    if target >= len(g.seats):
        raise ApiError("no_such_seat", f"the game has no seat {target}")
    other = g.seats[target]
    if target == seat:
        raise ApiError("own_seat", "you cannot hand your own seat to a bot")
    if other.kind != HUMAN:
        raise ApiError("seat_is_bot", f"a bot already plays seat {target}")
    if other.bot:
        raise ApiError("seat_stood_in", f"a bot already plays seat {target}")
    if me.bot:
        # Keeps a human in control of every game: a table of stand-ins alone
        # would play on with nobody there.
        raise ApiError("take_back_first", "a bot plays your own seat: take it back first")
    if target not in overdue(g, game, now):
        due = deadline_at(g)
        when = f"; the deadline is {due.isoformat()}" if due is not None else ""
        raise ApiError("seat_not_absent",
                       f"seat {target} has not missed the move deadline{when}")
    other.bot = STAND_IN_BOT
    game.agents[target] = make_bot(STAND_IN_BOT)
    return other, [{"type": "stand_in", "seat": target, "by": seat}]


def save(game_id: str, changed: "SeatRecord") -> None:
    """Write the seat's bot, inside the command's transaction (the caller commits)."""
    db.session.execute(update(SEATS).where(SEATS.c.game_id == game_id,
                                           SEATS.c.seat == changed.seat)
                       .values(bot=changed.bot))
