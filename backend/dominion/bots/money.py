"""Big Money bots: the baseline every strategy is measured against."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ..commands import Command
from .base import turn_command

if TYPE_CHECKING:  # pragma: no cover
    from ..decisions import Decision
    from ..fastplay import TurnChoices
    from ..engine import Game


class BigMoney:
    """Buys Province at $8, Gold at $6-7, Silver at $3-5; plays no Actions."""

    name = "big-money"

    def choose_buy(self, game: "Game", seat: int, coins: int) -> Optional[str]:
        # Spelled out rather than looped over (card, price) pairs: the
        # simulator asks this every turn of a Big Money game.
        supply = game.state.supply
        if coins >= 8 and supply.get("Province", 0) > 0:
            return "Province"
        if coins >= 6 and supply.get("Gold", 0) > 0:
            return "Gold"
        if coins >= 3 and supply.get("Silver", 0) > 0:
            return "Silver"
        return None

    def action(self, game: "Game", seat: int) -> Optional[str]:
        """The Action card to play now, if any."""
        return None

    def command(self, game: "Game", seat: int) -> Command:
        return turn_command(game, seat, self.action, self.choose_buy)

    def turn_choices(self, game: "Game") -> Optional["TurnChoices"]:
        """What :meth:`command` chooses with, for a one-call turn
        (:mod:`dominion.fastplay`); ``None`` if a subclass changed the turn."""
        cls = type(self)
        if cls.command is not BigMoney.command:
            return None
        plays = cls.action is not BigMoney.action  # Big Money itself plays no Actions
        return (self.action if plays else None), self.choose_buy

    def decide(self, game: "Game", decision: "Decision") -> Any:
        """Answers every prompt (its own cards' and other players' Attacks)
        as the generic bot does."""
        from .generic import GenericBot

        return GenericBot().decide(game, decision)


class SmithyBigMoney(BigMoney):
    """Big Money that also buys a Smithy early and a second one later, and plays it."""

    name = "smithy-big-money"

    def choose_buy(self, game: "Game", seat: int, coins: int) -> Optional[str]:
        st = game.state
        if 4 <= coins <= 5 and st.supply.get("Smithy", 0) > 0:
            owned = st.players[seat].all_cards()
            smithies = owned.count("Smithy")
            if smithies == 0 or (smithies == 1 and len(owned) >= 16):
                return "Smithy"
        return super().choose_buy(game, seat, coins)

    def action(self, game: "Game", seat: int) -> Optional[str]:
        return "Smithy" if "Smithy" in game.state.players[seat].hand else None
