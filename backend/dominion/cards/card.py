"""The :class:`Card` definition and the catalog every card registers in."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Callable, Iterable, Optional

from ..errors import UnknownCard

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game, PlayedCard
    from ..gains import Gain

ACTION = "Action"
TREASURE = "Treasure"
VICTORY = "Victory"
CURSE = "Curse"
ATTACK = "Attack"
REACTION = "Reaction"

#: Editions that print a card.
BOTH = ("1", "2")
FIRST = ("1",)
SECOND = ("2",)

#: Tags the kingdom randomizer can require.
VILLAGE = "village"  # gives +2 Actions or more
PLUS_BUY = "plus-buy"
TRASHING = "trashing"
DRAW = "draw"  # gives +2 Cards or more

#: ``Card.play_order``: when "play all Treasures" plays a Treasure.
SETUP = -2  # first: it sets up what later Treasures' costs and gains see (Quarry, Collection)
EARLY = -1  # before the plain ones: it asks about the hand (Tiara, Anvil, Contraband)
PLAIN = 0  # together, in one batch
LATE = 1  # after them: it counts what is in play (Bank)

PlayEffect = Callable[["Game", int, "PlayedCard"], None]
ScoreFn = Callable[[list[str]], int]
# (game, seat that owns the reaction card, card that is attacking) -> True if blocked
AttackReaction = Callable[["Game", int, str], bool]
# (game, seat holding the reaction card) -> whether it may be revealed now
ReactionCondition = Callable[["Game", int], bool]
# (game, seat that buys) -> None: "when you buy this" (Mint 1E)
BuyHook = Callable[["Game", int], None]
# (game, seat that buys, card bought) -> None: "while this is in play, when you buy"
InPlayBuyHook = Callable[["Game", int, str], None]
# (game, seat that gains, the gain) -> None: "when you gain this" (Mint 2E), and the
# in-play (Royal Seal) and in-hand (Watchtower) reactions to a gain
GainHook = Callable[["Game", int, "Gain"], None]
# (game, seat) -> whether the card may be bought now (Grand Market)
BuyCondition = Callable[["Game", int], bool]
# (game, card name) -> how much cheaper this card makes that card while in play (Quarry 1E)
Discount = Callable[["Game", str], int]
# (game, printed cost) -> the card's own cost now (Peddler)
OwnCost = Callable[["Game", int], int]


@dataclass(frozen=True, eq=False)
class Card:
    """A card's static description and its rules hooks.

    :param name: English name, also the card's identifier everywhere.
    :param cost: printed cost in coins.
    :param types: card types (``Action``, ``Treasure``, ...).
    :param set: ``base``, ``intrigue`` or ``prosperity``.
    :param editions: editions of the set that print the card (``"1"``, ``"2"``).
    :param text: rules text in our own words (English).
    :param coins: fixed coins a Treasure makes when played.
    :param vp: fixed victory points.
    :param on_play: effect when played (Actions; Treasures with abilities).
    :param score: variable victory points from the owner's whole deck.
    :param on_attack: reaction hook revealed from hand against an Attack.
    :param react_if: when the reaction may be revealed (Diplomat: 5 or more
        cards in hand); always when ``None``.
    :param react_again: the reaction may be revealed again against the same
        Attack (Secret Chamber, Diplomat); Moat's second reveal would do nothing.
    :param text_1e: the 1st-edition rules text where it differs functionally
        (rules.md section 9); a game of that edition plays it.
    :param tags: what the randomizer may require (``village``, ``plus-buy``...).
    :param basic: a basic (non-kingdom) card such as Copper or Curse.
    :param play_order: when "play all Treasures" plays this Treasure:
        :data:`SETUP` (one at a time, first: it changes the costs or gains of
        the rest of the turn), :data:`EARLY` (one at a time, next: it asks
        about the hand), :data:`PLAIN` (in one batch) or :data:`LATE` (after
        them: it counts what is in play).
    :param on_buy: "when you buy this", before the card is gained (Mint 1E).
    :param on_buy_in_play: "while this is in play, when you buy a card",
        after the bought card is gained, once per copy in play (Hoard 1E,
        Talisman, Goons).
    :param on_gain: "when you gain this" (Mint 2E).
    :param on_gain_in_play: "while this is in play, when you gain a card",
        once per gain whatever the number of copies (Royal Seal).
    :param on_gain_in_hand: a Reaction to gaining a card, revealed from the
        hand on any player's turn, once per gain (Watchtower).
    :param may_buy: whether the card may be bought now (Grand Market).
    :param discount: while in play, how much cheaper it makes a card (Quarry 1E).
    :param own_cost: the card's cost now from its printed cost (Peddler).
    :param start_of_turn: may be played from the hand at the start of its
        owner's turn, without using an Action (Clerk).
    """

    name: str
    cost: int
    types: frozenset[str]
    set: str
    editions: tuple[str, ...]
    text: str
    coins: int = 0
    vp: int = 0
    on_play: Optional[PlayEffect] = None
    score: Optional[ScoreFn] = None
    on_attack: Optional[AttackReaction] = None
    react_if: Optional[ReactionCondition] = None
    react_again: bool = False
    text_1e: Optional[str] = None
    tags: frozenset[str] = field(default_factory=frozenset)
    basic: bool = False
    play_order: int = PLAIN
    on_buy: Optional[BuyHook] = None
    on_buy_in_play: Optional[InPlayBuyHook] = None
    on_gain: Optional[GainHook] = None
    on_gain_in_play: Optional[GainHook] = None
    on_gain_in_hand: Optional[GainHook] = None
    may_buy: Optional[BuyCondition] = None
    discount: Optional[Discount] = None
    own_cost: Optional[OwnCost] = None
    start_of_turn: bool = False

    # The types never change: each flag is computed once per card (a
    # cached_property stores it in the instance, frozen or not), since rules
    # and bots ask them in every loop.
    @cached_property
    def is_action(self) -> bool:
        return ACTION in self.types

    @cached_property
    def is_treasure(self) -> bool:
        return TREASURE in self.types

    @cached_property
    def is_victory(self) -> bool:
        return VICTORY in self.types

    @cached_property
    def is_attack(self) -> bool:
        return ATTACK in self.types

    @cached_property
    def is_reaction(self) -> bool:
        return REACTION in self.types

    def text_for(self, edition: str) -> str:
        """The rules text a game of ``edition`` plays."""
        return self.text_1e if edition == "1" and self.text_1e else self.text

    def pile_size(self, players: int) -> int:
        """Number of copies in a kingdom pile for ``players`` players."""
        if self.is_victory:
            return 8 if players == 2 else 12
        return 10

    def __repr__(self) -> str:
        return f"<Card {self.name}>"


#: Every card of every supported set, by English name.
CARDS: dict[str, Card] = {}


def card(
    name: str,
    cost: int,
    types: Iterable[str],
    set: str,
    editions: Iterable[str],
    text: str,
    **kwargs,
) -> Callable[[PlayEffect], PlayEffect]:
    """Decorator that registers an Action (or Treasure) card with its effect.

    The decorated function is the card's ``on_play`` effect.
    """

    def register(effect: PlayEffect) -> PlayEffect:
        define(name, cost, types, set, editions, text, on_play=effect, **kwargs)
        return effect

    return register


def define(
    name: str,
    cost: int,
    types: Iterable[str],
    set: str,
    editions: Iterable[str],
    text: str,
    **kwargs,
) -> Card:
    """Register a card in :data:`CARDS` and return it.

    :raises ValueError: if a card of that name already exists.
    """
    if name in CARDS:
        raise ValueError(f"card {name!r} is defined twice")
    c = Card(name, cost, frozenset(types), set, tuple(editions), text, **kwargs)
    if "tags" in kwargs:
        object.__setattr__(c, "tags", frozenset(kwargs["tags"]))
    CARDS[name] = c
    return c


def get_card(name: str) -> Card:
    """Return the card called ``name``.

    :raises UnknownCard: if no such card exists.
    """
    try:
        return CARDS[name]
    except (KeyError, TypeError):
        raise UnknownCard(f"unknown card {name!r}") from None


_HOOKS = frozenset({
    "on_buy", "on_buy_in_play", "on_gain", "on_gain_in_play", "on_gain_in_hand",
    "on_attack", "react_if", "score", "may_buy", "discount", "own_cost",
})


def hook(name: str, field: str) -> Callable[[Callable], Callable]:
    """Decorator that attaches a rules hook to an already registered card.

    Lets a card's other abilities sit next to its effect::

        @hook("Mint", "on_buy")
        def mint_bought(game, seat): ...

    :raises ValueError: if ``field`` is not a hook of :class:`Card`.
    :raises KeyError: if no card ``name`` is registered yet.
    """
    if field not in _HOOKS:
        raise ValueError(f"{field!r} is not a card hook (one of {', '.join(sorted(_HOOKS))})")

    def attach(fn: Callable) -> Callable:
        object.__setattr__(CARDS[name], field, fn)
        return fn

    return attach
