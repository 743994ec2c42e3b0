"""``new_game`` with a number of players: its seats' default names come from a
table, and a count out of 2..6 is still refused with that count."""

from __future__ import annotations

import pytest
from helpers import DEFAULT_KINGDOM

from dominion import InvalidSetup, new_game


@pytest.mark.parametrize("players", [2, 3, 6])
def test_default_seat_names(players: int) -> None:
    game = new_game(players, DEFAULT_KINGDOM, seed=1)
    assert [p.name for p in game.state.players] == [f"Player {i + 1}" for i in range(players)]
    # Each game owns its cards: the starting deck is no shared list.
    first, second = game.state.players[:2]
    assert sorted(first.hand + first.deck) == ["Copper"] * 7 + ["Estate"] * 3
    assert first.deck is not second.deck and first.hand is not second.hand


@pytest.mark.parametrize("players", [-1, 0, 1, 7, 12])
def test_a_bad_count_is_refused_with_that_count(players: int) -> None:
    with pytest.raises(InvalidSetup, match=f"not {max(players, 0)}$"):
        new_game(players, DEFAULT_KINGDOM, seed=1)


def test_names_given_are_kept() -> None:
    game = new_game(["Ann", "Bo"], DEFAULT_KINGDOM, seed=1)
    assert [p.name for p in game.state.players] == ["Ann", "Bo"]
