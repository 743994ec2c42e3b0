"""The Easy bot: an opponent for a first game.

It buys like a careful beginner: money first (Province at $8, Gold at $6-7,
Silver otherwise; Colony at $11 and Platinum at $9-10 when they are in the
supply), a few cheap kingdom Actions in place of Silver, and Duchies and
Estates too early, as soon as the Provinces start to go. It leaves out what
makes the Medium bot stronger: one Attack at most, late, and never one that
gives Curses; no strong $4-$5 Actions, no kingdom Treasures, no Gardens or
Duke and no Platinum/Colony timing. It does not take the last Province (or
Colony) when that ends the game in its own loss.

Everything it is asked during a turn (which Action to play, what to trash,
discard or gain for a card's effect, how to answer an Attack) is the Medium
bot's answer: :class:`dominion.bots.generic.GenericBot` answers every prompt
of every card, so Easy does too. It is deterministic: its choices depend only
on the game state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ..cards.card import CARDS
from ..commands import Command
from .base import turn_command
from .generic import BUY_SCORE, PROVINCES_AT_START, GenericBot

if TYPE_CHECKING:  # pragma: no cover
    from ..decisions import Decision
    from ..engine import Game
    from ..fastplay import TurnChoices

#: At most this many kingdom Actions in the deck, then one more per this many
#: other cards: a beginner's deck with a few Actions, not an engine.
ACTIONS_AT_START = 2
CARDS_PER_EXTRA_ACTION = 8
#: Attacks it buys in a game, not before its deck has this many cards, and
#: never one that gives Curses or costs more than $5.
MAX_ATTACKS = 1
ATTACK_FROM_CARDS = 16
MAX_ATTACK_COST = 5
CURSERS = frozenset({"Witch", "Mountebank", "Torturer", "Swindler", "Charlatan"})
#: The dearest non-Attack Action it buys (cheap ones: Cellar, Village, Pawn...),
#: and the least wish (Medium's scale, Silver = 20) for one to replace a Silver.
MAX_ACTION_COST = 3
MIN_ACTION_SCORE = 18
#: Green when this few Provinces (counted as in a 2-player game) are left:
#: Duchy at $5-7 as soon as the first Province is gone, Estate at $2-4 from 3.
#: Too early, as beginners do: this, more than anything, is what makes it
#: easy (measured: Medium wins about 80% against it, 2 players).
DUCHY_AT = 7
ESTATE_AT = 3


class EasyBot:
    """Money, a few simple Actions, at most one Attack; the Medium bot's play
    and answers."""

    name = "easy"

    def __init__(self) -> None:
        # Medium answers every prompt and picks the Action to play.
        self._medium = GenericBot()

    # -- turns -------------------------------------------------------------

    def command(self, game: "Game", seat: int) -> Command:
        """Play Actions as Medium would, then all Treasures, then buy."""
        return turn_command(game, seat, self._medium.action_to_play, self.choose_buy)

    def turn_choices(self, game: "Game") -> Optional["TurnChoices"]:
        """What :meth:`command` chooses with, for a one-call turn (:mod:`dominion.fastplay`)."""
        return self._medium.action_to_play, self.choose_buy

    def choose_buy(self, game: "Game", seat: int, coins: int) -> Optional[str]:
        """The card to buy with ``coins``, or ``None`` to buy nothing."""
        supply = game.state.supply
        left = _provinces_left(game)
        for card in self._wishes(game, seat, coins, left):
            if supply.get(card, 0) > 0 and game.cost(card) <= coins \
                    and game.buy_forbidden(seat, card) is None \
                    and not _loses_by_ending(game, seat, card):
                return card
        return None

    def _wishes(self, game: "Game", seat: int, coins: int, left: float) -> list[str]:
        """The cards it would like with ``coins``, best first."""
        wishes: list[str] = []
        if coins >= 11:
            wishes.append("Colony")
        if coins >= 9 and left > DUCHY_AT:
            wishes.append("Platinum")
        if coins >= 8:
            wishes.append("Province")
        if 5 <= coins and left <= DUCHY_AT:
            wishes.append("Duchy")
        if coins >= 6:
            wishes.append("Gold")
        if 2 <= coins and left <= ESTATE_AT:
            wishes.append("Estate")
        if coins <= MAX_ATTACK_COST + 2:
            action = self._action_to_buy(game, seat, coins)
            if action is not None:
                wishes.append(action)
        if coins >= 3:
            wishes.append("Silver")
        return wishes

    def _action_to_buy(self, game: "Game", seat: int, coins: int) -> Optional[str]:
        """The kingdom Action it wants over a Silver, if its deck has room for one."""
        owned = game.state.players[seat].all_cards()
        actions = [c for c in owned if c in game.state.kingdom and CARDS[c].is_action]
        if len(actions) >= ACTIONS_AT_START + len(owned) // CARDS_PER_EXTRA_ACTION - 1:
            return None
        attacks = sum(1 for c in actions if CARDS[c].is_attack)
        may_attack = attacks < MAX_ATTACKS and len(owned) >= ATTACK_FROM_CARDS
        best: Optional[str] = None
        best_score = float(MIN_ACTION_SCORE)
        for name in game.state.kingdom:  # in kingdom order: ties keep the first
            card = CARDS[name]
            if not card.is_action or card.cost > coins:
                continue
            if card.is_attack:
                if not may_attack or name in CURSERS or card.cost > MAX_ATTACK_COST:
                    continue
            elif card.cost > MAX_ACTION_COST:
                continue
            # A second copy is worth less: a beginner likes variety.
            score = BUY_SCORE.get(name, 0.0) - 10 * actions.count(name)
            if score > best_score:
                best, best_score = name, score
        return best

    # -- decisions ---------------------------------------------------------

    def decide(self, game: "Game", decision: "Decision") -> Any:
        """The Medium bot's answer to any prompt."""
        return self._medium.decide(game, decision)


def _provinces_left(game: "Game") -> float:
    """Provinces (or Colonies, if fewer) left, scaled to a 2-player game's 8."""
    st = game.state
    left = st.supply.get("Province", 0)
    if "Colony" in st.supply:
        left = min(left, st.supply["Colony"])
    return left * 8 / PROVINCES_AT_START.get(len(st.players), 12)


def _loses_by_ending(game: "Game", seat: int, card: str) -> bool:
    """Buying the last ``card`` of Province or Colony ends the game with
    ``seat`` behind (the other piles it leaves to the players)."""
    if card not in ("Province", "Colony") or game.state.supply.get(card, 0) != 1:
        return False
    mine = game.score(seat) + CARDS[card].vp
    best = max(game.score(s) for s in range(len(game.state.players)) if s != seat)
    return mine < best
