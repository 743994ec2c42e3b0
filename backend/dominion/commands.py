"""Commands: the small plain values a seat sends to the engine.

Each command has a dict form (``{"type": "buy", "card": "Silver"}``) used by
the API and the stored state, and a class form used by Python callers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from .errors import IllegalCommand


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from hand: an Action in the Action phase, or a Treasure."""

    card: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": "play", "card": self.card}


@dataclass(frozen=True, slots=True)
class PlayTreasures:
    """Play every Treasure in hand (those without abilities first)."""

    def to_dict(self) -> dict[str, Any]:
        return {"type": "play_treasures"}


@dataclass(frozen=True, slots=True)
class Buy:
    """Buy one card from the supply."""

    card: str

    def to_dict(self) -> dict[str, Any]:
        return {"type": "buy", "card": self.card}


@dataclass(frozen=True, slots=True)
class EndPhase:
    """End the Action phase, or end the Buy phase (and with it the turn)."""

    def to_dict(self) -> dict[str, Any]:
        return {"type": "end_phase"}


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back this seat's last move while no new information appeared
    (see :mod:`dominion.undo` for the fair-undo rule)."""

    def to_dict(self) -> dict[str, Any]:
        return {"type": "undo"}


@dataclass(frozen=True, slots=True)
class Answer:
    """Answer the pending decision addressed to this seat."""

    answer: Any

    def to_dict(self) -> dict[str, Any]:
        return {"type": "answer", "answer": self.answer}


Command = Union[Play, PlayTreasures, Buy, EndPhase, Answer, Undo]

_CARD_COMMANDS = {"play": Play, "buy": Buy}
_BARE_COMMANDS = {"play_treasures": PlayTreasures, "end_phase": EndPhase, "undo": Undo}
COMMAND_TYPES = ("play", "play_treasures", "buy", "end_phase", "answer", "undo")


def parse_command(data: Any) -> Command:
    """Build a command from its dict form (commands pass through unchanged).

    :raises IllegalCommand: (code ``bad_command``) if ``data`` is malformed.
    """
    if isinstance(data, (Play, PlayTreasures, Buy, EndPhase, Answer, Undo)):
        return data
    if not isinstance(data, dict):
        raise IllegalCommand("a command must be an object", "bad_command")
    kind = data.get("type")
    if kind in _CARD_COMMANDS:
        card = data.get("card")
        if not isinstance(card, str):
            raise IllegalCommand(f"'{kind}' needs a card name", "bad_command")
        return _CARD_COMMANDS[kind](card)
    if kind in _BARE_COMMANDS:
        return _BARE_COMMANDS[kind]()
    if kind == "answer":
        if "answer" not in data:
            raise IllegalCommand("'answer' needs an answer", "bad_command")
        return Answer(data["answer"])
    raise IllegalCommand(
        f"unknown command type {kind!r}; expected one of {', '.join(COMMAND_TYPES)}",
        "bad_command",
    )
