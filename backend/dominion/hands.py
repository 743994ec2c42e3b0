"""How "play all Treasures" sorts a hand, remembered per hand.

``Game.play_all_treasures`` plays the plain Treasures of a hand
(``Card.play_order`` :data:`~dominion.cards.card.PLAIN`) in one batch and
the other Treasures one at a time. Which cards go where, and what the batch
makes at printed values, depends only on the hand (in order) and on whether
Curse is a Treasure: a simulation meets the same few hands thousands of
times (a Big Money game has some 3,000 possible five-card hands), so each
split is computed once per process and looked up by the hand afterwards.

The tables are rebuilt when the catalog grows (a test may define cards).
"""

from __future__ import annotations

from typing import NamedTuple

from .cards.basic import silver
from .cards.card import CARDS, PLAIN, PlayEffect

#: Remembered splits per rule before the memo starts again (random kingdoms
#: bring varied hands; a few thousand entries cover a Big Money game's).
MAX_HANDS = 20_000


class HandSplit(NamedTuple):
    """A hand sorted for "play all Treasures", each part in hand order."""

    coins: int  # what the batch makes at printed values
    batch: tuple[str, ...]  # the plain Treasures, played together
    rest: tuple[str, ...]  # every other card: the hand after the batch
    late: tuple[str, ...]  # Treasures among the rest (LATE, or EARLY ones an ability left)
    effects: tuple[tuple[str, PlayEffect], ...]  # batch cards with an ``on_play``, see below
    #: ``effects`` without its first when that is Silver's, else ``None``:
    #: with no "this turn" effect (no Merchant played) Silver's ability only
    #: sets ``Turn.silver_played``, which the caller then does without a call.
    after_silver: tuple[tuple[str, PlayEffect], ...] | None


class Splitter:
    """The splits of one rule (Curse a Treasure or not), with its memo.

    :param orders: ``play_order`` of every Treasure of the rule, by name.
    """

    __slots__ = ("catalog", "coins", "effects", "orders", "memo")

    def __init__(self, curse_is_treasure: bool, orders: dict[str, int]) -> None:
        self.catalog = len(CARDS)
        plain = [(n, c) for n, c in CARDS.items() if c.is_treasure and c.play_order == PLAIN]
        #: Printed coins of each plain Treasure (Curse's $1 comes from ``Game.coins_of``).
        self.coins = {n: c.coins for n, c in plain}
        if curse_is_treasure:
            self.coins["Curse"] = 0
        self.effects = {n: c.on_play for n, c in plain if c.on_play is not None}
        self.orders = orders
        #: Hand (as a tuple) -> its split.
        self.memo: dict[tuple[str, ...], HandSplit] = {}

    def split(self, hand: tuple[str, ...]) -> HandSplit:
        """The split of ``hand``, computed and remembered if it is new."""
        found = self.memo.get(hand)
        if found is None:
            if len(self.memo) >= MAX_HANDS:
                self.memo.clear()
            found = self.memo[hand] = self._split(hand)
        return found

    def _split(self, hand: tuple[str, ...]) -> HandSplit:
        # One pass, as cheap as playing the hand without a memo: short runs
        # meet many hands only once.
        coins = self.coins
        batch: list[str] = []
        rest: list[str] = []
        late: list[str] = []
        effects = []
        total = 0
        for name in hand:
            value = coins.get(name)
            if value is None:
                rest.append(name)
                if name in self.orders:
                    late.append(name)
            else:
                batch.append(name)
                total += value
                effect = self.effects.get(name)
                # Silver's ability acts on a turn's first Silver only (Turn.silver_played).
                if effect is not None and not (effect is silver and (name, effect) in effects):
                    effects.append((name, effect))
        after_silver = tuple(effects[1:]) if effects and effects[0][1] is silver else None
        # A plain tuple: NamedTuple's constructor is a Python function.
        return (total, tuple(batch), tuple(rest), tuple(late),  # type: ignore[return-value]
                tuple(effects), after_silver)


_SPLITTERS: dict[bool, Splitter] = {}


def splitter(curse_is_treasure: bool, orders: dict[str, int]) -> Splitter:
    """The shared :class:`Splitter` of a rule; a new one when the catalog grew.

    :param orders: ``play_order`` of every Treasure of the rule, by name (the
        table of ``Game`` for this rule, itself rebuilt when the catalog grows).
    """
    found = _SPLITTERS.get(curse_is_treasure)
    if found is None or found.catalog != len(CARDS) or found.orders is not orders:
        found = _SPLITTERS[curse_is_treasure] = Splitter(curse_is_treasure, orders)
    return found
