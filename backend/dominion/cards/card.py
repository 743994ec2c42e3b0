"""The :class:`Card` definition and the catalog every card registers in."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterable, Optional

from ..errors import UnknownCard

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game, Play

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

PlayEffect = Callable[["Game", int, "Play"], None]
ScoreFn = Callable[[list[str]], int]
# (game, seat that owns the reaction card, card that is attacking) -> True if blocked
AttackReaction = Callable[["Game", int, str], bool]
# (game, seat holding the reaction card) -> whether it may be revealed now
ReactionCondition = Callable[["Game", int], bool]


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
    :param late: a Treasure whose ability depends on what is already in play;
        "play all Treasures" plays it after the others.
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
    late: bool = False

    @property
    def is_action(self) -> bool:
        return ACTION in self.types

    @property
    def is_treasure(self) -> bool:
        return TREASURE in self.types

    @property
    def is_victory(self) -> bool:
        return VICTORY in self.types

    @property
    def is_attack(self) -> bool:
        return ATTACK in self.types

    @property
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
