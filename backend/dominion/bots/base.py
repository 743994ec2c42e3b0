"""The bot interface and the loop that lets bots play their seats."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..commands import Command

if TYPE_CHECKING:  # pragma: no cover
    from ..decisions import Decision
    from ..engine import Game


class Bot(Protocol):
    """A player program: picks turn commands and answers decisions."""

    name: str

    def command(self, game: "Game", seat: int) -> Command:
        """The next command for ``seat`` when it is that seat's turn."""
        ...

    def decide(self, game: "Game", decision: "Decision") -> Any:
        """A legal answer to ``decision``."""
        ...


def act(game: "Game", bot: Bot, seat: int) -> list[dict[str, Any]]:
    """Let ``bot`` make one move for ``seat``: a command, or an answer if one is pending."""
    from ..commands import Answer

    pending = game.pending
    if pending is not None:
        return game.apply(seat, Answer(bot.decide(game, pending)))
    return game.apply(seat, bot.command(game, seat))
