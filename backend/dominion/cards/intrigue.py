"""Intrigue kingdom cards, 1st and 2nd edition.

Masquerade is the one card whose 2nd-edition text changed what it does; it
reads ``game.first_edition``. Cards removed in the 2nd edition (Coppersmith,
Great Hall, Saboteur, Scout, Secret Chamber, Tribute) and cards added in it
(Courtier, Diplomat, Lurker, Mill, Patrol, Replace, Secret Passage) play in
any game; the edition only picks between two texts of one card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..decisions import CARDS as PICK_CARDS
from ..decisions import OPTION, OPTIONS, ORDER, SUPPLY
from ..prompts import prompt
from .card import (
    ACTION,
    ATTACK,
    DRAW,
    PLUS_BUY,
    REACTION,
    TRASHING,
    TREASURE,
    VICTORY,
    VILLAGE,
    CARDS,
    card,
    define,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game, PlayedCard

BOTH = ("1", "2")
FIRST = ("1",)
SECOND = ("2",)

HAND = "the cards in hand"
YES_NO = "\"yes\" or \"no\""


# ---------------------------------------------------------------------------
# Baron .. Minion


# ---------------------------------------------------------------------------
# Nobles .. Wishing Well
