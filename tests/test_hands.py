"""The remembered hand splits of "play all Treasures" (``dominion.hands``):
each split is the one a fresh pass over the hand gives, a hand met again is
looked up, a full memo starts again, and a grown catalog gets new tables."""

from __future__ import annotations

import pytest

from dominion import CARDS
from dominion.cards.card import PLAIN
from dominion.engine import _treasure_orders
from dominion.hands import MAX_HANDS, Splitter, splitter
from dominion.rng import Rng

NAMES = ["Copper", "Silver", "Gold", "Estate", "Province", "Curse", "Bank", "Venture",
         "Loan", "Contraband", "Smithy", "Platinum", "Royal Seal"]


def expected(hand: tuple[str, ...], curse_is_treasure: bool):
    """The split counted from the catalog, card by card."""
    def plain(c: str) -> bool:
        card = CARDS[c]
        if c == "Curse":
            return curse_is_treasure
        return card.is_treasure and card.play_order == PLAIN

    def treasure(c: str) -> bool:
        return CARDS[c].is_treasure or (c == "Curse" and curse_is_treasure)

    batch = tuple(c for c in hand if plain(c))
    rest = tuple(c for c in hand if not plain(c))
    effects = tuple(c for c in batch if CARDS[c].on_play is not None)
    if "Silver" in effects:  # only the first Silver's ability can act
        first = effects.index("Silver")
        effects = effects[:first + 1] + tuple(c for c in effects[first + 1:] if c != "Silver")
    return (
        sum(0 if c == "Curse" else CARDS[c].coins for c in batch),
        batch,
        rest,
        tuple(c for c in rest if treasure(c)),
        effects,
        effects[1:] if effects[:1] == ("Silver",) else None,
    )


@pytest.mark.parametrize("curse_is_treasure", [False, True])
def test_each_split_is_the_hand_counted_card_by_card(curse_is_treasure: bool) -> None:
    s = splitter(curse_is_treasure, _treasure_orders(curse_is_treasure))
    rng = Rng(11)
    for _ in range(300):
        hand = tuple(NAMES[rng.below(len(NAMES))] for _ in range(rng.below(8)))
        for _ in range(2):  # computed, then remembered
            coins, batch, rest, late, effects, after_silver = s.split(hand)
            names = tuple(n for n, _ in effects)
            after = None if after_silver is None else tuple(n for n, _ in after_silver)
            assert (coins, batch, rest, late, names, after) == expected(hand, curse_is_treasure)
            assert all(f is CARDS[n].on_play for n, f in effects)
        assert hand in s.memo


def test_a_hand_met_again_is_the_same_split() -> None:
    s = Splitter(False, _treasure_orders(False))
    hand = ("Copper", "Estate", "Silver", "Copper", "Gold")
    assert s.split(hand) is s.split(tuple(list(hand)))


def test_a_full_memo_starts_again() -> None:
    s = Splitter(False, _treasure_orders(False))
    for i in range(MAX_HANDS):
        s.memo[("Copper",) * (i + 10)] = s._split(("Copper",))
    s.split(("Gold", "Estate"))
    assert list(s.memo) == [("Gold", "Estate")]


def test_a_grown_catalog_gets_new_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    first = splitter(False, _treasure_orders(False))
    assert splitter(False, _treasure_orders(False)) is first
    monkeypatch.setitem(CARDS, "Test Coin", CARDS["Gold"])
    grown = splitter(False, _treasure_orders(False))
    assert grown is not first and "Test Coin" in grown.coins


def test_play_all_treasures_says_when_no_treasure_can_be_left() -> None:
    from dominion import new_game
    from dominion.presets import preset

    game = new_game(2, preset("First Game"), seed=1)
    seat = game.state.turn.seat
    game.state.players[seat].hand = ["Copper", "Estate", "Silver", "Silver"]
    assert game.play_all_treasures(seat) is False  # Silver's ability is a flag, no call
    assert game.state.players[seat].hand == ["Estate"]
    assert game.state.turn.silver_played and game.state.turn.coins == 5

    game = new_game(2, ["Venture", *preset("First Game")[:9]], seed=1)
    seat = game.state.turn.seat
    game.state.players[seat].hand = ["Venture", "Estate"]
    assert game.play_all_treasures(seat) is True  # Venture's ability ran
