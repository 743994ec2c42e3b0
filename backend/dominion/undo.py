"""Fair undo: a seat may take back its own moves until new information appears.

The rule
--------
A command -- with every answer to the decisions it opened -- is *undoable*
iff, while it ran,

* the random generator was not used (no shuffle);
* every event it emitted is of a type in :data:`SAFE_EVENTS` and happened to
  the actor itself: nothing was drawn, looked at or revealed (no ``reveal``
  event at all), no card was passed, no deck went to the discard pile (its
  top card would show);
* no other seat decided anything (attack victims choosing, Moat reveals,
  bots answering) and no Attack was played at all, even one that asked nobody;
* the turn did not pass to another seat and the game did not end.

Playing Woodcutter or Chapel, playing Treasures, buying, gaining from the
supply, ending the Action phase are the typical undoable moves; ending the
turn (clean-up draws) never is.

``{"type": "undo"}`` restores the state from before the last undoable
command of the seat whose turn it is, exactly; sent again it walks further
back while the history allows. A command in flight whose open decision is the
actor's own (Chapel played, nothing chosen yet) is cancelled the same way if
nothing unsafe happened in it yet. Any command that is not undoable clears
the history: what was before it can never be taken back.

Book-keeping
------------
:class:`History` lives beside the :class:`~dominion.state.GameState` in the
saved game (``Game.to_dict()["undo"]``): the last :data:`LIMIT` undoable
commands, each as the state dict from before it, its seat and how many events
it emitted (the tail of the event log an undo takes back), plus ``epoch``,
the number of undos so far (a client that sees it change reads the log
again). A :class:`Watch` follows each run of a command for what would make it
unsafe. Games where every seat has an agent (simulations) take no snapshots,
so they keep no history and pay nothing; bots never undo.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional

from .errors import IllegalCommand

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Game

#: Event types an undoable command may emit (each to the actor itself).
SAFE_EVENTS = frozenset({
    "play", "buy", "gain", "trash", "discard", "topdeck", "vp", "name", "trade_route",
})

#: How many undoable commands the history keeps.
LIMIT = 30


class Watch:
    """Follows one run of a command by ``seat`` for anything that makes it unsafe."""

    __slots__ = ("seat", "safe")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.safe = True

    def event(self, type: str, seat: Optional[int]) -> None:
        if type not in SAFE_EVENTS or seat != self.seat:
            self.safe = False

    def decision(self, seat: int) -> None:
        if seat != self.seat:
            self.safe = False


@dataclass(slots=True)
class Step:
    """One undoable command: the state before it, its seat, how many events it emitted."""

    seat: int
    snapshot: dict[str, Any]
    events: int

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "snapshot": self.snapshot, "events": self.events}


@dataclass(slots=True)
class History:
    """The undoable commands of the current turn, oldest first, and the undo count."""

    steps: list[Step]
    epoch: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"epoch": self.epoch, "history": [s.to_dict() for s in self.steps]}

    @classmethod
    def from_dict(cls, data: Optional[dict[str, Any]]) -> "History":
        if not data:
            return cls([])
        return cls([Step(s["seat"], s["snapshot"], s["events"]) for s in data["history"]],
                   data["epoch"])


def unchanged(game: "Game", watch: Optional[Watch], snapshot: dict[str, Any]) -> bool:
    """Whether the run watched by ``watch`` from ``snapshot`` is still safe to take back."""
    st = game.state
    return (watch is not None and watch.safe and not st.game_over
            and st.turn.seat == snapshot["turn"]["seat"]
            and st.turn.number == snapshot["turn"]["number"]
            and st.rng.to_dict() == snapshot["rng"])


def finished(game: "Game", seat: int, watch: Optional[Watch], snapshot: Optional[dict[str, Any]],
             events: Optional[int]) -> None:
    """Record a command that ran to its end: kept if undoable, else the history goes."""
    history = game.history
    if snapshot is None or events is None or not unchanged(game, watch, snapshot):
        if history.steps:
            history.steps = []
        return
    history.steps.append(Step(seat, snapshot, events))
    if len(history.steps) > LIMIT:
        del history.steps[0]


def can_undo(game: "Game", seat: int) -> bool:
    """Whether ``seat`` may send ``{"type": "undo"}`` now."""
    if game.state.game_over:
        return False
    sus = game.suspended
    if sus is not None:
        return sus.undoable and sus.seat == seat and sus.decision.seat == seat
    steps = game.history.steps
    return bool(steps) and steps[-1].seat == seat and game.state.turn.seat == seat


def undo(game: "Game", seat: int) -> int:
    """Take back the command in flight or the last undoable command of ``seat``.

    :returns: how many events the taken-back command had emitted (the tail
        of the event log that no longer happened).
    :raises IllegalCommand: (code ``cannot_undo``) if ``seat`` has nothing it
        may take back now.
    """
    from .state import GameState

    if not can_undo(game, seat):
        raise IllegalCommand("there is no move this seat may take back now", "cannot_undo")
    sus = game.suspended
    if sus is not None:
        game.state = GameState.from_dict(sus.snapshot)
        game.suspended = None
        retracted = sus.emitted
    else:
        step = game.history.steps.pop()
        game.state = GameState.from_dict(step.snapshot)
        retracted = step.events
    game.history.epoch += 1
    return retracted
