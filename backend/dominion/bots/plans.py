"""Plans for the Hard bot: buy rules in DominionSim's rule model plus a few
play preferences.

A plan is data: its buys are :class:`~dominion.bots.dominionsim.BuyRule`
lists (the same model as the XML bot files), written here in a one-line
notation so templates stay readable::

    rule("Province", "money >= 16")
    rule("Smithy", "deck:Smithy < 1", "cards >= 10")

Operands: ``money`` (DominionSim's total money), ``gains`` (gains needed to
end the game), ``turns``, ``cards`` (cards owned), ``vp``, ``oppvp``,
``empty`` (empty piles), ``deck:Card`` (copies owned), ``supply:Card``,
``opp:Card`` (copies the opponents own), ``type:Kind`` (DominionSim card
type counts) or a number; operators ``< <= == >= >``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Optional

from .dominionsim import BuyRule, Condition, Operand, Strategy, card_name

_OPS = {"<": "smallerThan", "<=": "smallerOrEqualThan", "==": "equalTo",
        ">=": "greaterOrEqualThan", ">": "greaterThan"}

_PLAIN = {"money": "getTotalMoney", "gains": "gainsNeededToEndGame", "turns": "countTurns",
          "cards": "countAllCardsInDeck", "vp": "countVP", "oppvp": "countMAXOpponentVP",
          "empty": "countEmptyPiles"}

_BY_CARD = {"deck": "countCardsInDeck", "supply": "countCardsInSupply",
            "opp": "countCardsInOpponentsDecks"}


def operand(text: str) -> Operand:
    """An operand of the notation above.

    :raises ValueError: on an unknown operand.
    """
    if text in _PLAIN:
        return Operand(_PLAIN[text])
    head, sep, arg = text.partition(":")
    if sep and head in _BY_CARD:
        return Operand(_BY_CARD[head], card_name(arg))
    if sep and head == "type":
        return Operand("countCardTypeInDeck", arg)
    try:
        return Operand("constant", float(text))
    except ValueError:
        raise ValueError(f"unknown operand {text!r}") from None


#: ``left op right``; card names may hold spaces ("deck:Shanty Town").
_CONDITION = re.compile(r"^(.+?)\s+(<=|>=|==|<|>)\s+(.+)$")


def condition(text: str) -> Condition:
    """``"left op right"``, e.g. ``"deck:Gold >= 1"``.

    :raises ValueError: on a malformed condition.
    """
    m = _CONDITION.match(text)
    if m is None:
        raise ValueError(f"malformed condition {text!r}")
    return Condition(operand(m[1]), _OPS[m[2]], operand(m[3]))


def rule(card: str, *conditions: str) -> BuyRule:
    """Buy ``card`` when every condition holds."""
    return BuyRule(card, tuple(condition(c) for c in conditions))


@dataclass(frozen=True)
class Plan:
    """One way to play a kingdom.

    :ivar rules: buy rules in priority order; ``None``: the Medium bot's buys.
    :ivar trash_floor: DominionSim total money the deck keeps when trashing
        Coppers (the Medium bot keeps 7; a thin-deck plan keeps less).
    :ivar trash_estates: trash Estates whenever a trasher allows (not only
        while the game is young).
    :ivar prior: a priori rank: the order plans are tried and ties broken.
    """

    name: str
    rules: Optional[tuple[BuyRule, ...]] = None
    trash_floor: int = 7
    trash_estates: bool = False
    prior: float = 0.0
    tags: frozenset[str] = field(default=frozenset())
    #: With no rules: Medium's buys with these (card, bonus, most copies)
    #: added to its wish for a card (Silver = 20, Gold = 50).
    bias: tuple[tuple[str, float, int], ...] = ()
    #: Play preference of an engine: these terminals (its draw) are played
    #: before any other terminal while two or more Actions are left, so
    #: the draw comes before the payload that would end the Action phase.
    draw_first: tuple[str, ...] = ()
    #: Play preference of a thin-deck plan: this trasher is played before
    #: any other terminal when it trashes two cards or more (Medium plays
    #: Militia over a Chapel that would trash three cards).
    trash_first: str = ""

    def strategy(self) -> Strategy:
        """The plan's buys as a DominionSim :class:`Strategy`."""
        return Strategy(self.name, self.rules or ())


#: The Medium bot's buys, always a candidate (and the fallback while planning).
MEDIUM = Plan("medium", None, prior=0.0)
