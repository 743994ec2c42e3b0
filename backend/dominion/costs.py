"""What a card costs now: the printed cost after every rule that changes it.

Every cost check of the rules goes through :meth:`dominion.engine.Game.cost`
(buying, gaining "up to $N", "exactly $N", Upgrade, Talisman...), so a rule
added here applies everywhere. The sources of change, all cumulative, and the
result never below $0 (rules.md 5):

* ``Turn.effects["cost_reduction"]``: every card, this turn (Bridge);
* ``Turn.effects["action_cost_reduction"]``: Action cards, this turn
  (Quarry 2E);
* ``Card.discount`` of each card the current player has in play (Quarry 1E:
  only while it stays in play);
* ``Card.own_cost`` of the card itself (Peddler in its owner's Buy phase).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards.card import CARDS

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Game


#: The ``Turn.effects`` keys :func:`cost` reads: other "this turn" effects
#: (Merchant, Hoard, Collection...) leave every cost as printed.
COST_EFFECTS = frozenset({"cost_reduction", "action_cost_reduction"})


def has_cost_rules(names: list[str]) -> bool:
    """Whether any of these cards changes costs while in play or has its own cost."""
    return any(CARDS[n].discount is not None or CARDS[n].own_cost is not None for n in names)


def cost(game: "Game", name: str, card_rules: bool) -> int:
    """The current cost of ``name`` in coins.

    :param card_rules: the game has cards with ``discount`` or ``own_cost``
        (see :func:`has_cost_rules`); without them only this turn's effects count.
    """
    card = CARDS[name]
    st = game.state
    effects = st.turn.effects
    c = card.cost
    if effects:
        c -= effects.get("cost_reduction", 0)
        if card.is_action:
            c -= effects.get("action_cost_reduction", 0)
    if card_rules:
        if card.own_cost is not None:
            c = card.own_cost(game, c)
        for other in st.players[st.turn.seat].in_play:
            discount = CARDS[other].discount
            if discount is not None:
                c -= discount(game, name)
    return c if c > 0 else 0
