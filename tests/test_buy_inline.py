"""``gains.buy`` gains the card inline when nothing reacts to the gain (no
gain hooks in the supply, no "this turn" effects, no Trade Route, no events
recorded): the state it leaves must be the one :func:`dominion.gains.gain`
leaves, counters that are not saved included."""

from __future__ import annotations

import pytest

from dominion import new_game
from dominion.presets import preset


def bought(name: str, record_events: bool, left: int):
    game = new_game(2, preset("First Game"), seed=9, record_events=record_events)
    game.state.supply[name] = left
    game._piles_full = True  # as inside the simulator's loop
    seat = game.state.turn.seat
    game.state.turn.coins = 8
    game.buy(seat, name)
    p = game.state.players[seat]
    return game, (game.state.to_dict(), p.cards_version, p.last_gain)


@pytest.mark.parametrize("name", ["Province", "Silver", "Curse"])
@pytest.mark.parametrize("left", [1, 5])
def test_the_inline_gain_leaves_what_gain_leaves(name: str, left: int) -> None:
    fast, got = bought(name, False, left)  # inline
    slow, want = bought(name, True, left)  # through gain(), which records the event
    assert got == want
    assert fast.state.supply[name] == left - 1
    assert fast._piles_full is slow._piles_full is (left > 1)


def test_an_empty_pile_gains_nothing() -> None:
    fast, (state, version, _) = bought("Gold", False, 0)
    assert "Gold" not in state["players"][fast.state.turn.seat]["discard"]
    assert state["supply"] == [[k, v] for k, v in fast.state.supply.items()]
    assert fast.state.supply["Gold"] == 0 and version == 0
