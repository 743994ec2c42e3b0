"""A card gained from the trash is a gain like any other (issue 25, section 3).

Thief (1E) and Lurker (2E) gain out of the trash. Every "when you gain" effect
sees such a gain, exactly as it sees a gain from the Supply: Watchtower in
hand, Royal Seal in play, the "this turn" effects of Collection, Tiara and
Hoard 2E, and the gained card's own (Mint 2E). The card leaves no Supply pile,
so no Trade Route token moves and no pile shrinks.

Treasures are in play during the Action phase only when a test puts them
there (``in_play=``): that is how the hooks are shown to see the gain, as the
other Mint tests do. Decks are written top card first.

Also here: the order of two "when you buy" effects of one player (rules.md
3, seed 004): a 1st-edition Mint bought with Talisman in play.
"""

from __future__ import annotations

from functools import partial

import pytest
from helpers import answer, deck_top, me, of_type, pending_is, play, position, round_trip

from dominion import Game
from dominion.state import BUY_PHASE

KINGDOM = ["Thief", "Lurker", "Watchtower", "Royal Seal", "Collection", "Tiara", "Hoard",
           "Mint", "Trade Route", "Mill"]

at = partial(position, kingdom=KINGDOM)


def thief_takes(g: Game, treasure: str) -> list[dict]:
    """Play Thief against seat 1 (whose deck has ``treasure`` on top) and gain it."""
    events = play(g, "Thief")  # one Treasure revealed: trashed without asking
    pending_is(g, 0, "thief.gain")
    return events + answer(g, [treasure])


def thief_game(treasure: str = "Gold", **kwargs) -> Game:
    return at(hand=["Thief"] + kwargs.pop("hand", []),
              others={1: {"deck": [treasure, "Estate"]}}, **kwargs)


def lurker_takes(g: Game, card: str) -> list[dict]:
    events = play(g, "Lurker")
    events += answer(g, "gain")
    if g.pending is not None and g.pending.prompt == "lurker.gain":
        events += answer(g, [card])
    return events


# ----------------------------------------------------------------------
# Watchtower: offered for a gain from the trash, both ways


@pytest.mark.parametrize("choice,where", [("trash", "trash"), ("deck", "deck")])
def test_thief_gain_offers_watchtower(choice, where):
    g = thief_game(hand=["Watchtower"])
    thief_takes(g, "Gold")
    d = pending_is(g, 0, "watchtower.reveal")
    assert d.args["gained"] == "Gold"
    answer(g, choice)
    assert g.pending is None
    if where == "trash":
        assert g.state.trash == ["Gold"] and "Gold" not in me(g).discard
    else:
        assert deck_top(g)[0] == "Gold" and "Gold" not in me(g).discard


def test_lurker_gain_offers_watchtower_and_keeps_it_in_hand():
    g = at(hand=["Lurker", "Watchtower"])
    g.state.trash = ["Mill"]
    lurker_takes(g, "Mill")
    pending_is(g, 0, "watchtower.reveal")
    answer(g, "deck")
    assert deck_top(g)[0] == "Mill" and g.state.trash == []
    assert me(g).hand == ["Watchtower"]


def test_watchtower_declined_leaves_the_card_in_the_discard_pile():
    g = at(hand=["Lurker", "Watchtower"])
    g.state.trash = ["Mill"]
    lurker_takes(g, "Mill")
    answer(g, "no")
    assert me(g).discard == ["Mill"]


# ----------------------------------------------------------------------
# Royal Seal (1E) in play


def test_thief_gain_asks_royal_seal():
    g = thief_game(in_play=["Royal Seal"], edition="1")
    thief_takes(g, "Gold")
    d = pending_is(g, 0, "royal_seal.topdeck")
    assert d.args["gained"] == "Gold"
    round_trip(g, "yes")  # saved mid-decision, loaded, and answered
    assert deck_top(g)[0] == "Gold" and me(g).discard == []


def test_lurker_gain_asks_royal_seal_and_no_means_the_discard_pile():
    g = at(hand=["Lurker"], in_play=["Royal Seal"], edition="1")
    g.state.trash = ["Thief"]
    lurker_takes(g, "Thief")
    pending_is(g, 0, "royal_seal.topdeck")
    answer(g, "no")
    assert me(g).discard == ["Thief"]


# ----------------------------------------------------------------------
# "This turn, when you gain" effects: Collection, Tiara, Hoard 2E


def test_collection_gives_a_vp_token_for_an_action_gained_by_lurker():
    g = at(hand=["Lurker"])
    g.turn.add_effect("collection")  # a Collection played earlier this turn
    g.state.trash = ["Mill"]
    events = lurker_takes(g, "Mill")
    assert me(g).vp_tokens == 1
    assert of_type(events, "vp", 0) == [{"type": "vp", "seat": 0, "vp": 1, "total": 1}]


def test_collection_gives_nothing_for_a_treasure_gained_by_thief():
    g = thief_game()
    g.turn.add_effect("collection")
    thief_takes(g, "Gold")
    assert me(g).vp_tokens == 0 and me(g).discard == ["Gold"]


@pytest.mark.parametrize("gain", ["thief", "lurker"])
def test_tiara_offers_the_deck_for_a_card_gained_from_the_trash(gain):
    if gain == "thief":
        g = thief_game()
        g.turn.add_effect("tiara")  # a Tiara played earlier this turn
        thief_takes(g, "Gold")
        card = "Gold"
    else:
        g = at(hand=["Lurker"])
        g.turn.add_effect("tiara")
        g.state.trash = ["Mill"]
        lurker_takes(g, "Mill")
        card = "Mill"
    d = pending_is(g, 0, "tiara.topdeck")
    assert d.args["gained"] == card
    answer(g, "yes")
    assert deck_top(g)[0] == card


def test_hoard_2e_gives_no_gold_for_a_victory_card_gained_from_the_trash():
    # Mill is an Action-Victory card: Hoard 2E sees it, but it was not bought.
    g = at(hand=["Lurker"], edition="2")
    g.turn.add_effect("hoard")
    g.state.trash = ["Mill"]
    golds = g.state.supply["Gold"]
    lurker_takes(g, "Mill")
    assert me(g).discard == ["Mill"] and g.state.supply["Gold"] == golds


# ----------------------------------------------------------------------
# The gained card's own "when you gain": Mint 2E


def test_mint_2e_gained_by_lurker_trashes_the_treasures_in_play():
    g = at(hand=["Lurker"], in_play=["Silver", "Copper"], edition="2")
    g.state.trash = ["Mint"]
    lurker_takes(g, "Mint")
    assert me(g).discard == ["Mint"] and me(g).in_play == ["Lurker"]
    assert sorted(g.state.trash) == ["Copper", "Silver"]


def test_mint_1e_gained_by_lurker_trashes_nothing():
    g = at(hand=["Lurker"], in_play=["Silver"], edition="1")
    g.state.trash = ["Mint"]
    lurker_takes(g, "Mint")
    assert me(g).discard == ["Mint"] and g.state.trash == []


# ----------------------------------------------------------------------
# No pile is involved


def test_a_victory_card_gained_from_the_trash_moves_no_trade_route_token():
    g = at(hand=["Lurker"], edition="1")
    assert "Mill" in g.state.trade_route
    g.state.trash = ["Mill"]
    supply = dict(g.state.supply)
    events = lurker_takes(g, "Mill")
    assert "Mill" in g.state.trade_route and g.state.trade_route_mat == 0
    assert of_type(events, "trade_route") == [] and g.state.supply == supply


def test_the_gain_event_says_from_the_trash():
    g = thief_game()
    events = thief_takes(g, "Gold")
    assert of_type(events, "gain", 0) == [
        {"type": "gain", "seat": 0, "card": "Gold", "to": "discard", "source": "trash"}]


def test_thief_gains_only_what_is_still_in_the_trash():
    # Watchtower sends the first gained Gold back to the trash; the second
    # Gold gained by this Thief is the other victim's, still one card each.
    g = at(hand=["Thief", "Watchtower"], players=3,
           others={1: {"deck": ["Gold", "Estate"]}, 2: {"deck": ["Gold", "Estate"]}})
    play(g, "Thief")  # one Treasure revealed each: trashed without asking
    pending_is(g, 0, "thief.gain")
    answer(g, ["Gold", "Gold"])
    answer(g, "trash")
    pending_is(g, 0, "watchtower.reveal")
    answer(g, "no")
    assert me(g).discard == ["Gold"] and g.state.trash == ["Gold"]


# ----------------------------------------------------------------------
# Mint 1E bought with Talisman in play: its player orders the two effects


def mint_buy(edition: str = "1", talismans: int = 1, mints: int = 10, quarry: bool = True,
             royal_seal: bool = False) -> Game:
    """Buy phase with Talismans (and a Quarry: Mint then costs $3) in play."""
    in_play = ["Talisman"] * talismans + (["Quarry"] if quarry else []) + \
        (["Royal Seal"] if royal_seal else [])
    g = at(in_play=in_play, phase=BUY_PHASE, coins=5, edition=edition,
           kingdom=KINGDOM[:-3] + ["Quarry", "Talisman", "Mint"], supply={"Mint": mints})
    return g


def buy_mint(g: Game) -> list[dict]:
    return g.apply(0, {"type": "buy", "card": "Mint"})


def test_mint_first_trashes_talisman_before_it_copies():
    g = mint_buy()
    buy_mint(g)
    d = pending_is(g, 0, "mint.order")
    assert d.options == ["mint", "talisman"] and d.card == "Mint"
    answer(g, "mint")
    assert g.pending is None
    assert me(g).discard == ["Mint"] and sorted(g.state.trash) == ["Quarry", "Talisman"]
    assert g.state.supply["Mint"] == 9


def test_talisman_first_gains_a_copy_then_mint_trashes_it():
    g = mint_buy()
    buy_mint(g)
    round_trip(g, "talisman")  # saved mid-decision, loaded, and answered
    assert me(g).discard == ["Mint", "Mint"] and me(g).in_play == []
    assert sorted(g.state.trash) == ["Quarry", "Talisman"]
    assert g.state.supply["Mint"] == 8


def test_talisman_first_with_two_talismans_gains_two_copies():
    g = mint_buy(talismans=2)
    buy_mint(g)
    answer(g, "talisman")
    assert me(g).discard.count("Mint") == 3


def test_talisman_first_leaves_the_last_mint_to_the_buy():
    g = mint_buy(talismans=2, mints=2)
    buy_mint(g)
    answer(g, "talisman")
    assert me(g).discard.count("Mint") == 2 and g.state.supply["Mint"] == 0


def test_talisman_first_copies_meet_royal_seal_before_it_is_trashed():
    g = mint_buy(royal_seal=True)
    buy_mint(g)
    answer(g, "talisman")
    pending_is(g, 0, "royal_seal.topdeck")  # the copy; the bought Mint is not asked
    answer(g, "yes")
    assert g.pending is None
    assert deck_top(g) == ["Mint"] and me(g).discard == ["Mint"]


@pytest.mark.parametrize("setup", [
    {"quarry": False},  # Mint costs $5: Talisman would copy nothing
    {"mints": 1},  # the bought Mint is the last one: no copy to gain
    {"talismans": 0},
    {"edition": "2"},  # 2E Mint trashes when gained, after Talisman's buy reaction
])
def test_no_question_when_the_order_changes_nothing(setup):
    g = mint_buy(**setup)
    buy_mint(g)
    assert g.pending is None


def test_mint_2e_with_talisman_copies_then_trashes():
    # 2E: Mint's trashing is a "when you gain", so it follows the buy's gain;
    # Talisman (reacting after the gain) is already trashed by then.
    g = mint_buy(edition="2")
    buy_mint(g)
    assert me(g).discard == ["Mint"] and "Talisman" in g.state.trash
