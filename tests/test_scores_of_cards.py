"""``scores.of_cards``: the exact total of a player's cards, as
``total(count(cards))`` gives it, whether or not a card scores by the deck
(``Game.score`` and so every game's result use it)."""

from __future__ import annotations

import pytest

from dominion import CARDS
from dominion.scores import count, of_cards, total

DECKS = [
    [],
    ["Copper"] * 7 + ["Estate"] * 3,
    ["Province", "Gold", "Estate", "Duchy", "Curse", "Curse", "Silver", "Province"],
    ["Gardens"] * 2 + ["Copper"] * 23 + ["Estate"],  # Gardens: 2 VP each for 26 cards
    ["Duke", "Duchy", "Duchy", "Duke", "Estate", "Harem"],
    ["Curse"] * 4,
]


@pytest.mark.parametrize("cards", DECKS)
@pytest.mark.parametrize("tokens", [0, 5])
def test_of_cards_is_the_counted_total(cards: list[str], tokens: int) -> None:
    assert all(name in CARDS for name in cards)
    assert of_cards(cards, tokens) == total(count(cards), tokens)


def test_of_cards_scores_gardens_by_the_deck() -> None:
    assert of_cards(["Gardens"] * 2 + ["Copper"] * 23 + ["Estate"]) == 2 * 2 + 1
    assert of_cards(["Province", "Curse", "Estate"], 3) == 6 - 1 + 1 + 3
