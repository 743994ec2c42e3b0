"""The bot interface and the loop that lets bots play their seats."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Optional, Protocol

from ..commands import Buy, Command, EndPhase, Play, PlayTreasures
from ..state import ACTION_PHASE

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


def turn_command(
    game: "Game",
    seat: int,
    pick_action: Callable[["Game", int], Optional[str]],
    pick_buy: Callable[["Game", int, int], Optional[str]],
) -> Command:
    """The usual turn of a bot: Actions it picks, then all Treasures, then buys.

    :param pick_action: the Action to play now, or ``None`` to stop playing.
    :param pick_buy: the card to buy with the given coins, or ``None`` to stop.
    """
    turn = game.state.turn
    if turn.phase == ACTION_PHASE and turn.actions > 0:
        name = pick_action(game, seat)
        if name is not None:
            return Play(name)
    if not turn.bought:
        for name in game.state.players[seat].hand:
            if game.is_treasure(name):  # Curse too, with Charlatan
                return _PLAY_TREASURES
    if turn.buys > 0:
        card = pick_buy(game, seat, turn.coins)
        if card is not None:
            return Buy(card)
    return _END_PHASE


_PLAY_TREASURES = PlayTreasures()
_END_PHASE = EndPhase()
