"""Which notices a saved change of a game makes, and for which seat.

Compares the engine game before and after a change (a command and the bot
moves after it, a seat taken, the start) and says who must be told what:

- ``turn``: a human seat must act now on its own turn and was not awaited before;
- ``decision``: a human seat must answer a decision on someone else's turn
  (Militia's discard, Masquerade's pass, a Moat or Watchtower reveal...);
- ``game_over``: every human seat, with the public result;
- ``joined``: a player took a seat: the other seated humans;
- ``reminder`` and ``deadline`` come from the worker's clock
  (:func:`reminder`, :func:`deadline`).

Never the actor of the request: the phone that just moved is looking at the
game (and if a bot's move within the same request hands it a decision, it
still is). Never a seat played by a stand-in bot, never a free seat.

A notice holds facts only, all of them public or the recipient's own: the
kind, game, recipient seat, version, turn number, for a decision its prompt
key and the card whose effect asks (both in the recipient's own view), the
names of the players (public), a result. Never a card in a hand or a deck.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Optional, Protocol

from dominion import Game

TURN = "turn"
DECISION = "decision"
GAME_OVER = "game_over"
JOINED = "joined"
REMINDER = "reminder"
DEADLINE = "deadline"
KINDS = (TURN, DECISION, GAME_OVER, JOINED, REMINDER, DEADLINE)
#: Kinds that ask the recipient to act now (high urgency, the app badge counts them).
ACT_NOW = frozenset({TURN, DECISION, REMINDER})


class SeatLike(Protocol):
    """What notices need of a seat (``service.SeatRecord`` has it)."""

    seat: int
    kind: str
    name: Optional[str]
    bot: Optional[str]

    @property
    def taken(self) -> bool: ...


@dataclass(frozen=True)
class Notice:
    """One thing to tell one seat; ``data`` is what receivers get (facts only)."""

    kind: str
    game_id: str
    seat: int
    version: int
    data: dict[str, Any] = field(default_factory=dict)

    def facts(self) -> dict[str, Any]:
        """The notice as stored and sent: kind, game, seat, version and the facts."""
        return {"kind": self.kind, "game_id": self.game_id, "seat": self.seat,
                "version": self.version, **self.data}


@dataclass(frozen=True)
class Snapshot:
    """What notices compare of a game before a change: cheap to take, nothing hidden."""

    awaiting: tuple[int, ...]
    turn: int
    game_over: bool

    @classmethod
    def of(cls, game: Optional[Game]) -> Optional["Snapshot"]:
        """The snapshot of ``game`` (``None`` before the game started)."""
        if game is None:
            return None
        return cls(tuple(game.awaiting()), game.state.turn.number, game.state.game_over)


def _humans(seats: Iterable[SeatLike]) -> dict[int, SeatLike]:
    """Seated humans that play themselves (not free, not played by a stand-in bot)."""
    return {s.seat: s for s in seats if s.kind == "human" and s.taken and not s.bot}


def _name(s: SeatLike) -> str:
    return s.name or f"Player {s.seat + 1}"


def _players(seats: list[SeatLike], seat: int) -> list[str]:
    """Every seat's name, by seat (public), for "turn 7 against Bob"."""
    return [_name(s) for s in seats]


def changes(game_id: str, version: int, before: Optional[Snapshot], after: Game,
            seats: Iterable[SeatLike], actor: Optional[int]) -> list[Notice]:
    """The notices of a change that left ``after`` at ``version``.

    :param before: the game before the change (``None``: it just started).
    :param seats: the game's seats after the change.
    :param actor: the seat whose request made the change (told nothing).
    """
    seats = list(seats)
    humans = _humans(seats)
    out: list[Notice] = []
    state = after.state
    if state.game_over:
        if before is not None and before.game_over:
            return out
        result = after.result()
        public = {k: result[k] for k in ("scores", "turns", "winners", "tie_break",
                                         "end_reason")}
        for seat in humans:
            if seat != actor:
                out.append(Notice(GAME_OVER, game_id, seat, version, {
                    "turn": state.turn.number, "players": _players(seats, seat),
                    "result": public}))
        return out
    awaited_before = before.awaiting if before is not None else ()
    pending = after.pending
    for seat in after.awaiting():
        if seat not in humans or seat == actor or seat in awaited_before:
            continue
        data: dict[str, Any] = {"turn": state.turn.number, "players": _players(seats, seat)}
        if pending is not None and pending.seat == seat and seat != state.turn.seat:
            # The recipient's own open decision: its prompt key and the card
            # whose effect asks are in its own view; the options are not sent.
            data.update(prompt=pending.prompt, card=pending.card,
                        player=_name(seats[state.turn.seat]))
            out.append(Notice(DECISION, game_id, seat, version, data))
        else:
            out.append(Notice(TURN, game_id, seat, version, data))
    return out


def joined(game_id: str, version: int, seats: Iterable[SeatLike], newcomer: int
           ) -> list[Notice]:
    """``newcomer`` took a seat: tell the other seated humans."""
    seats = list(seats)
    who = _name(seats[newcomer])
    return [Notice(JOINED, game_id, s, version, {"player": who, "seat_taken": newcomer,
                                                 "players": _players(seats, s)})
            for s in _humans(seats) if s != newcomer]


def reminder(game_id: str, version: int, game: Game, seats: Iterable[SeatLike],
             hours: float) -> list[Notice]:
    """Remind the awaited human seats that the game still waits for them."""
    seats = list(seats)
    humans = _humans(seats)
    return [Notice(REMINDER, game_id, s, version, {
        "turn": game.state.turn.number, "hours": hours, "players": _players(seats, s)})
        for s in game.awaiting() if s in humans]


def deadline(game_id: str, version: int, game: Game, seats: Iterable[SeatLike],
             absent: int, hours: float) -> list[Notice]:
    """``absent`` missed the move deadline: tell the other seated humans."""
    seats = list(seats)
    who = _name(seats[absent])
    return [Notice(DEADLINE, game_id, s, version, {
        "turn": game.state.turn.number, "hours": hours, "absent": absent, "player": who,
        "players": _players(seats, s)})
        for s in _humans(seats) if s != absent]
