"""Scenario tests for the Prosperity Treasures and Mint (prosperity_treasures.py).

Each card gets a test of its main effect and one or more tests per ruling in
``shared/reference/cards.json``; the test names follow the rulings. Every card
that asks something is also saved and loaded mid-decision (``round_trip``).
Mint, Hoard and Quarry are tested in both editions. Decks in ``position(...)``
are written top card first.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import (
    answer, deck_top, me, of_type, pending_is, play, position, round_trip,
)

from dominion import CARDS, IllegalCommand
from dominion.cards.card import EARLY, SETUP
from dominion.state import BUY_PHASE, Turn
from dominion.views import render_event

Event = dict[str, Any]

TREASURES = ["Anvil", "Bank", "Collection", "Contraband", "Crystal Ball", "Hoard",
             "Investment", "Loan", "Quarry", "Royal Seal", "Talisman", "Tiara",
             "Venture", "War Chest"]
KINGDOM = TREASURES + ["Mint", "Workshop", "Village", "Smithy", "Market", "Bridge",
                       "Great Hall", "Nobles", "Harem", "Throne Room", "Moat"]


# ----------------------------------------------------------------------
# Helpers


def at(edition: str = "2", kingdom=KINGDOM, **kwargs):
    """``position`` with every card of this file in the kingdom, in ``edition``."""
    g = position(kingdom=kingdom, **kwargs)
    g.state.edition = edition
    return g


def buy(g, name: str, seat: int = 0) -> list[Event]:
    return g.apply(seat, {"type": "buy", "card": name})


def play_all(g, seat: int = 0) -> list[Event]:
    return g.apply(seat, {"type": "play_treasures"})


def refused(g, command: dict, code: str, seat: int = 0) -> None:
    saved = g.to_dict()
    with pytest.raises(IllegalCommand) as err:
        g.apply(seat, command)
    assert err.value.code == code
    assert g.to_dict() == saved


def hidden_from_others(g) -> None:
    """The open decision's prompt is not shown to the other seats."""
    d = g.pending
    for other in range(len(g.state.players)):
        if other != d.seat:
            assert g.view(other)["waiting_for"] == {"seat": d.seat}
            assert d.prompt not in json.dumps(g.view(other))
    assert g.view(None)["waiting_for"] == {"seat": d.seat}


def shown_to_others(g) -> None:
    """The open decision's prompt (not its options or args) is public."""
    d = g.pending
    for other in [None] + [s for s in range(len(g.state.players)) if s != d.seat]:
        v = g.view(other)
        assert v["waiting_for"] == {"seat": d.seat, "prompt": d.prompt, "card": d.card}
        assert v["decision"] is None


# ----------------------------------------------------------------------
# Card data


@pytest.mark.parametrize("name,cost,editions", [
    ("Anvil", 3, ("2",)), ("Bank", 7, ("1", "2")), ("Collection", 5, ("2",)),
    ("Contraband", 5, ("1",)), ("Crystal Ball", 5, ("2",)), ("Hoard", 6, ("1", "2")),
    ("Investment", 4, ("2",)), ("Loan", 3, ("1",)), ("Mint", 5, ("1", "2")),
    ("Quarry", 4, ("1", "2")), ("Royal Seal", 5, ("1",)), ("Talisman", 4, ("1",)),
    ("Tiara", 4, ("2",)), ("Venture", 5, ("1",)), ("War Chest", 5, ("2",)),
])
def test_card_data_follows_cards_json(name, cost, editions):
    c = CARDS[name]
    assert (c.cost, c.editions, c.set) == (cost, editions, "prosperity")
    assert c.is_treasure == (name != "Mint") and c.is_action == (name == "Mint")
    assert c.pile_size(2) == 10
    # Only Mint, Hoard and Quarry changed what they do in the 2nd edition.
    assert (c.text_1e is not None) == (name in ("Mint", "Hoard", "Quarry"))


def test_randomizer_tags():
    tagged = {n: set(CARDS[n].tags) for n in TREASURES + ["Mint"] if CARDS[n].tags}
    assert tagged == {"Contraband": {"plus-buy"}, "Collection": {"plus-buy"},
                      "Tiara": {"plus-buy"}, "Investment": {"trashing"},
                      "Loan": {"trashing"}}


def test_play_orders():
    setup = {n for n in TREASURES if CARDS[n].play_order == SETUP}
    early = {n for n in TREASURES if CARDS[n].play_order == EARLY}
    late = {n for n in TREASURES if CARDS[n].play_order > 0}
    assert setup == {"Quarry", "Collection"}
    assert early == {"Contraband", "Tiara", "Anvil", "Investment"} and late == {"Bank"}


# ----------------------------------------------------------------------
# Anvil


def test_anvil_discards_a_treasure_to_gain_a_card_costing_up_to_4():
    g = at(hand=["Anvil", "Silver", "Estate"])
    play(g, "Anvil")
    d = pending_is(g, 0, "anvil.discard")
    assert (d.kind, d.options, d.min, d.max, d.card) == ("cards", ["Silver"], 0, 1, "Anvil")
    hidden_from_others(g)
    round_trip(g, ["Silver"])
    d = pending_is(g, 0, "anvil.gain")
    assert d.kind == "supply" and d.args == {"max_cost": 4} and d.min == 1
    assert "Smithy" in d.options and "Silver" in d.options
    assert "Market" not in d.options and "Gold" not in d.options
    shown_to_others(g)
    events = answer(g, "Smithy")
    assert g.turn.coins == 1
    assert me(g).hand == ["Estate"] and me(g).discard == ["Silver", "Smithy"]
    assert of_type(events, "gain", 0)[0]["to"] == "discard"


def test_anvil_optional_the_gained_card_comes_from_the_supply_to_your_discard_pile():
    g = at(hand=["Anvil", "Copper"])
    smithies = g.state.supply["Smithy"]
    play(g, "Anvil")
    answer(g, [])
    assert g.pending is None and g.turn.coins == 1 and me(g).hand == ["Copper"]
    assert me(g).discard == [] and g.state.supply["Smithy"] == smithies


def test_anvil_asks_nothing_without_another_treasure_in_hand():
    g = at(hand=["Anvil", "Estate", "Smithy"])
    play(g, "Anvil")
    assert g.pending is None and g.turn.coins == 1 and g.turn.phase == BUY_PHASE


def test_anvil_prosperity_2nd_edition_only_but_plays_in_a_1st_edition_game():
    assert CARDS["Anvil"].editions == ("2",)
    g = at(edition="1", hand=["Anvil", "Copper"])
    play(g, "Anvil")
    answer(g, ["Copper"])
    answer(g, "Silver")
    assert me(g).discard == ["Copper", "Silver"]


# ----------------------------------------------------------------------
# Bank


def test_bank_alone_is_worth_1():
    g = at(hand=["Bank"])
    play(g, "Bank")
    assert g.turn.coins == 1


def test_bank_value_is_fixed_when_played_treasures_played_later_do_not_change_it():
    g = at(hand=["Bank", "Copper", "Silver"])
    play(g, "Copper")
    play(g, "Bank")
    assert g.turn.coins == 1 + 2
    play(g, "Silver")
    assert g.turn.coins == 1 + 2 + 2


def test_bank_play_order_matters_two_banks_in_a_row_first_is_one_less():
    g = at(hand=["Bank", "Bank", "Copper"])
    play(g, "Copper")
    play(g, "Bank")
    assert g.turn.coins == 1 + 2
    play(g, "Bank")
    assert g.turn.coins == 1 + 2 + 3


def test_bank_multi_type_treasures_in_play_harem_count():
    g = at(hand=["Harem", "Bank"])
    play(g, "Harem")
    play(g, "Bank")
    assert g.turn.coins == 2 + 2


def test_bank_does_not_count_actions_in_play():
    g = at(hand=["Bank"], in_play=["Village", "Market"])
    play(g, "Bank")
    assert g.turn.coins == 1


def test_bank_same_in_both_editions():
    g = at(edition="1", hand=["Silver", "Bank"])
    play_all(g)
    assert g.turn.coins == 2 + 2


# ----------------------------------------------------------------------
# "Play all Treasures" order


def test_play_all_treasures_plays_bank_last_so_it_counts_every_treasure():
    g = at(hand=["Bank", "Copper", "Bank", "Silver", "Gold"])
    events = play_all(g)
    # Copper, Silver, Gold in one batch, then each Bank: 4 then 5 Treasures in play.
    assert g.turn.coins == 1 + 2 + 3 + 4 + 5
    assert me(g).hand == [] and sorted(me(g).in_play) == sorted(
        ["Bank", "Bank", "Copper", "Silver", "Gold"])
    plays = of_type(events, "play", 0)
    assert plays[0]["cards"] == ["Copper", "Silver", "Gold"]
    assert [e["card"] for e in plays[1:]] == ["Bank", "Bank"]


def test_play_all_treasures_plays_tiara_contraband_anvil_investment_first():
    g = at(hand=["Gold", "Copper", "Tiara", "Investment", "Silver", "Contraband", "Anvil",
                 "Estate"])
    play_all(g)
    # Tiara first (hand order among the early ones): the others are still in hand.
    d = pending_is(g, 0, "tiara.play")
    assert sorted(d.options) == sorted(["Gold", "Copper", "Investment", "Silver",
                                        "Contraband", "Anvil"])
    assert me(g).in_play == ["Tiara"]
    answer(g, ["Gold"])
    assert g.turn.coins == 6
    d = pending_is(g, 0, "investment.trash")
    assert "Copper" in d.options and "Silver" in d.options  # not played yet
    answer(g, ["Estate"])
    answer(g, "coin")
    pending_is(g, 1, "contraband.name")
    assert "Copper" in me(g).hand and "Anvil" in me(g).hand
    answer(g, "Province")
    d = pending_is(g, 0, "anvil.discard")
    assert sorted(d.options) == ["Copper", "Silver"]
    answer(g, [])
    assert g.pending is None
    assert me(g).hand == []
    assert g.turn.coins == 6 + 1 + 3 + 1 + 1 + 2
    assert g.turn.buys == 1 + 1 + 1


def test_play_all_treasures_plays_quarry_and_collection_before_treasures_that_gain():
    # Anvil and War Chest come first in hand, yet Quarry's reduction and
    # Collection's VP token must already apply to what they gain.
    g = at(hand=["Anvil", "War Chest", "Copper", "Quarry", "Collection"])
    play_all(g)
    assert me(g).in_play == ["Quarry", "Collection", "Anvil"]
    pending_is(g, 0, "anvil.discard")
    answer(g, ["Copper"])
    d = pending_is(g, 0, "anvil.gain")
    assert "Market" in d.options  # $5 Action, $3 now: within Anvil's $4
    answer(g, "Market")
    assert me(g).vp_tokens == 1  # an Action gained after Collection
    pending_is(g, 1, "war_chest.name")
    answer(g, "Market")
    d = pending_is(g, 0, "war_chest.gain")
    assert "Nobles" in d.options  # $6 Action, $4 now: within War Chest's $5
    answer(g, "Nobles")
    assert me(g).vp_tokens == 2


def test_play_all_treasures_venture_chains_in_the_batch():
    g = at(hand=["Venture", "Copper"], deck=["Estate", "Venture", "Duchy", "Gold", "Silver"])
    play_all(g)
    assert g.pending is None
    assert g.turn.coins == 1 + 1 + 1 + 3
    assert sorted(me(g).in_play) == ["Copper", "Gold", "Venture", "Venture"]
    assert sorted(me(g).discard) == ["Duchy", "Estate"] and deck_top(g) == ["Silver"]


def test_playing_treasures_one_at_a_time_still_works():
    g = at(hand=["Copper", "Tiara", "Bank", "Silver"])
    play(g, "Bank")
    assert g.turn.coins == 1
    play(g, "Tiara")
    answer(g, ["Silver"])
    play(g, "Copper")
    assert g.turn.coins == 1 + 4 + 1 and g.turn.buys == 2
    assert me(g).hand == []


def test_play_all_treasures_is_refused_after_a_buy_and_lists_no_contraband_name():
    g = at(hand=["Contraband", "Copper"])
    play(g, "Copper")
    buy(g, "Copper")
    refused(g, {"type": "play_treasures"}, "treasure_after_buy")
    refused(g, {"type": "play", "card": "Contraband"}, "treasure_after_buy")


# ----------------------------------------------------------------------
# Collection


def test_collection_gives_2_coins_a_buy_and_a_vp_per_action_card_bought():
    g = at(hand=["Collection", "Gold", "Gold"])
    play_all(g)
    assert (g.turn.coins, g.turn.buys) == (8, 2)
    events = buy(g, "Smithy")
    assert me(g).vp_tokens == 1
    assert of_type(events, "vp", 0) == [{"type": "vp", "seat": 0, "vp": 1, "total": 1}]
    buy(g, "Estate")
    assert me(g).vp_tokens == 1


def test_collection_applies_to_action_cards_gained_otherwise():
    g = at(hand=["Collection", "Anvil", "Copper"])
    play(g, "Collection")
    play(g, "Anvil")
    answer(g, ["Copper"])
    answer(g, "Village")
    assert me(g).vp_tokens == 1 and g.score(0) == 1  # VP tokens count in the score


def test_collection_only_after_it_is_played():
    g = at(hand=["Anvil", "Collection", "Copper"])
    play(g, "Anvil")
    answer(g, ["Copper"])
    answer(g, "Village")
    play(g, "Collection")
    assert me(g).vp_tokens == 0


def test_collection_cumulative_per_collection_and_action_victory_cards_count():
    g = at(hand=["Collection", "Collection", "Gold", "Gold"])
    play_all(g)
    buy(g, "Nobles")  # Action-Victory
    assert me(g).vp_tokens == 2


def test_collection_keeps_working_if_it_leaves_play():
    g = at(hand=["Collection", "Gold", "Gold", "Copper"])
    play_all(g)
    buy(g, "Mint")  # 2E: trashes Collection; Mint is an Action: +1 VP already
    assert "Collection" in g.state.trash and me(g).in_play == []
    assert me(g).vp_tokens == 1
    buy(g, "Smithy")
    assert me(g).vp_tokens == 2


# ----------------------------------------------------------------------
# Contraband


def test_contraband_player_to_the_left_names_a_card_that_cannot_be_bought():
    g = at(hand=["Contraband", "Gold"])
    play(g, "Contraband")
    d = pending_is(g, 1, "contraband.name")
    assert d.kind == "option" and d.options == sorted(CARDS) and d.card == "Contraband"
    shown_to_others(g)
    round_trip(g, "Gold")
    assert (g.turn.coins, g.turn.buys) == (3, 2)
    assert g.state.turn.names == {"contraband": ["Gold"]}
    play(g, "Gold")
    assert {"type": "buy", "card": "Gold"} not in g.legal_commands(0)
    assert {"type": "buy", "card": "Province"} not in g.legal_commands(0)  # only $6
    assert {"type": "buy", "card": "Silver"} in g.legal_commands(0)
    refused(g, {"type": "buy", "card": "Gold"}, "buy_forbidden")
    buy(g, "Silver")
    buy(g, "Silver")
    assert me(g).discard == ["Silver", "Silver"]


def test_contraband_name_event_is_public():
    g = at(hand=["Contraband"])
    play(g, "Contraband")
    events = answer(g, "Duchy")
    [e] = of_type(events, "name")
    assert (e["seat"], e["card"], e["by"]) == (1, "Duchy", "Contraband")
    assert render_event(e, 0)["card"] == "Duchy" and render_event(e, None)["card"] == "Duchy"


def test_contraband_named_card_need_not_be_in_the_supply():
    g = at(hand=["Contraband"])
    play(g, "Contraband")
    answer(g, "Chapel")
    assert "Chapel" not in g.state.supply
    assert g.state.turn.names["contraband"] == ["Chapel"]


def test_contraband_each_contraband_played_adds_another_banned_name():
    g = at(hand=["Contraband", "Contraband"])
    play(g, "Contraband")
    answer(g, "Silver")
    play(g, "Contraband")
    answer(g, "Gold")
    assert g.state.turn.names["contraband"] == ["Silver", "Gold"]
    assert (g.turn.coins, g.turn.buys) == (6, 3)
    legal = g.legal_commands(0)
    assert {"type": "buy", "card": "Gold"} not in legal
    assert {"type": "buy", "card": "Silver"} not in legal
    assert {"type": "buy", "card": "Market"} in legal
    refused(g, {"type": "buy", "card": "Silver"}, "buy_forbidden")


def test_contraband_only_buying_is_forbidden_gaining_by_other_means_is_allowed():
    g = at(edition="1", hand=["Contraband", "Hoard", "Anvil", "Copper"])
    play(g, "Contraband")
    answer(g, "Gold")
    play(g, "Anvil")
    answer(g, ["Copper"])
    answer(g, "Silver")
    play(g, "Hoard")
    buy(g, "Estate")  # Hoard gains a Gold although Gold was named
    assert sorted(me(g).discard) == ["Copper", "Estate", "Gold", "Silver"]


def test_contraband_naming_happens_immediately_before_further_treasures():
    g = at(hand=["Copper", "Contraband", "Silver"])
    play_all(g)
    pending_is(g, 1, "contraband.name")
    assert me(g).in_play == ["Contraband"] and me(g).hand == ["Copper", "Silver"]
    answer(g, "Province")
    assert g.turn.coins == 6 and me(g).hand == []


def test_contraband_once_you_buy_a_card_you_cannot_play_more_treasures():
    g = at(hand=["Contraband", "Copper"])
    play(g, "Copper")
    buy(g, "Copper")
    assert {"type": "play", "card": "Contraband"} not in g.legal_commands(0)
    refused(g, {"type": "play", "card": "Contraband"}, "treasure_after_buy")


def test_contraband_ban_lasts_only_this_turn():
    g = at(hand=["Contraband"])
    play(g, "Contraband")
    answer(g, "Copper")
    g.apply(0, {"type": "end_phase"})
    assert g.turn.seat == 1 and g.state.turn.names == {}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_contraband_namer_is_the_player_to_the_left(players):
    g = at(hand=["Contraband"], players=players)
    play(g, "Contraband")
    pending_is(g, 1, "contraband.name")
    # The last seat's left neighbour is seat 0.
    last = players - 1
    g = at(hand=[], players=players, others={last: {"hand": ["Contraband"]}})
    g.state.turn = Turn(seat=last)
    play(g, "Contraband", seat=last)
    pending_is(g, 0, "contraband.name")
    answer(g, "Estate")
    assert g.state.turn.names["contraband"] == ["Estate"]


def test_contraband_1st_edition_only_but_plays_in_a_2nd_edition_game():
    assert CARDS["Contraband"].editions == ("1",)
    g = at(edition="2", hand=["Contraband"])
    play(g, "Contraband")
    answer(g, "Gold")
    assert g.turn.coins == 3


# ----------------------------------------------------------------------
# Crystal Ball


def test_crystal_ball_looks_at_the_top_card_privately_and_may_play_a_treasure():
    g = at(hand=["Crystal Ball"], deck=["Silver", "Gold"])
    events = play(g, "Crystal Ball")
    [look] = of_type(events, "look", 0)
    assert look["cards"] == ["Silver"] and look["private"]
    assert "cards" not in render_event(look, 1) and render_event(look, 1)["count"] == 1
    d = pending_is(g, 0, "crystal_ball.choose")
    assert d.kind == "option" and d.options == ["trash", "discard", "play", "keep"]
    assert d.args == {"looked": "Silver"}
    shown_to_others(g)  # asked whenever the deck has a card: public, the card is not
    assert "Silver" not in json.dumps(g.view(1)["waiting_for"])
    round_trip(g, "play")
    assert g.turn.coins == 1 + 2 and me(g).in_play == ["Crystal Ball", "Silver"]
    assert deck_top(g) == ["Gold"]


@pytest.mark.parametrize("choice", ["trash", "discard", "keep"])
def test_crystal_ball_trash_discard_or_keep(choice):
    g = at(hand=["Crystal Ball"], deck=["Estate", "Gold"])
    play(g, "Crystal Ball")
    d = pending_is(g, 0, "crystal_ball.choose")
    assert d.options == ["trash", "discard", "keep"]  # an Estate cannot be played
    events = answer(g, choice)
    assert g.turn.coins == 1
    if choice == "trash":
        assert g.state.trash == ["Estate"] and deck_top(g) == ["Gold"]
    elif choice == "discard":
        assert me(g).discard == ["Estate"] and deck_top(g) == ["Gold"]
        [e] = of_type(events, "discard", 0)
        assert e["private"]  # only looked at, never revealed
    else:
        assert deck_top(g) == ["Estate", "Gold"] and of_type(events, "topdeck", 0)[0]["private"]


def test_crystal_ball_doing_none_leaves_it_on_top():
    g = at(hand=["Crystal Ball", "Copper"], deck=["Smithy"])
    play(g, "Crystal Ball")
    answer(g, "keep")
    assert deck_top(g) == ["Smithy"] and me(g).hand == ["Copper"]


def test_crystal_ball_an_action_played_in_the_buy_phase_resolves_but_gives_no_more_actions():
    g = at(hand=["Crystal Ball", "Smithy"], deck=["Village", "Copper", "Silver"])
    play(g, "Crystal Ball")
    answer(g, "play")
    assert me(g).in_play == ["Crystal Ball", "Village"]
    assert me(g).hand == ["Smithy", "Copper"] and g.turn.actions == 3
    assert g.turn.phase == BUY_PHASE
    legal = g.legal_commands(0)
    assert {"type": "play", "card": "Smithy"} not in legal
    refused(g, {"type": "play", "card": "Smithy"}, "wrong_phase")
    # drawn Treasures can still be played
    assert {"type": "play", "card": "Copper"} in legal
    play(g, "Copper")
    assert g.turn.coins == 2


def test_crystal_ball_with_an_empty_deck_shuffles_or_does_nothing():
    g = at(hand=["Crystal Ball"])
    play(g, "Crystal Ball")
    assert g.pending is None and g.turn.coins == 1
    g = at(hand=["Crystal Ball"], discard=["Gold"])
    play(g, "Crystal Ball")
    assert pending_is(g, 0, "crystal_ball.choose").args == {"looked": "Gold"}


# ----------------------------------------------------------------------
# Hoard


@pytest.mark.parametrize("edition", ["1", "2"])
def test_hoard_gains_a_gold_when_you_buy_a_victory_card(edition):
    g = at(edition=edition, hand=["Hoard", "Copper"])
    play_all(g)
    assert g.turn.coins == 3
    events = buy(g, "Estate")
    assert me(g).discard == ["Estate", "Gold"]
    assert [e["card"] for e in of_type(events, "gain", 0)] == ["Estate", "Gold"]


@pytest.mark.parametrize("edition", ["1", "2"])
def test_hoard_not_for_non_victory_cards(edition):
    g = at(edition=edition, hand=["Hoard", "Copper"])
    play_all(g)
    buy(g, "Silver")
    assert me(g).discard == ["Silver"]


@pytest.mark.parametrize("edition", ["1", "2"])
def test_hoard_one_gold_per_hoard_per_victory_card_bought_2_hoards_2_estates_4_golds(edition):
    g = at(edition=edition, hand=["Hoard", "Hoard", "Contraband"])
    play_all(g)
    answer(g, "Curse")
    buy(g, "Estate")
    buy(g, "Estate")
    assert sorted(me(g).discard) == ["Estate"] * 2 + ["Gold"] * 4


@pytest.mark.parametrize("edition", ["1", "2"])
@pytest.mark.parametrize("victory", ["Harem", "Nobles", "Great Hall"])
def test_hoard_multi_type_victory_cards_qualify(edition, victory):
    g = at(edition=edition, hand=["Hoard", "Hoard", "Gold"])
    play_all(g)
    buy(g, victory)
    assert sorted(me(g).discard) == sorted([victory, "Gold", "Gold"])


@pytest.mark.parametrize("edition", ["1", "2"])
def test_hoard_victory_cards_gained_without_buying_give_nothing(edition):
    g = at(edition=edition, hand=["Hoard", "Anvil", "Copper"])
    play(g, "Hoard")
    play(g, "Anvil")
    answer(g, ["Copper"])
    answer(g, "Estate")
    assert sorted(me(g).discard) == ["Copper", "Estate"]


@pytest.mark.parametrize("edition", ["1", "2"])
def test_hoard_no_gold_left_gives_nothing(edition):
    g = at(edition=edition, hand=["Hoard", "Copper"], supply={"Gold": 0})
    play_all(g)
    buy(g, "Estate")
    assert me(g).discard == ["Estate"] and g.pending is None


def test_hoard_2e_lasts_for_the_turn_even_if_hoard_leaves_play():
    # Mint (2E) trashes the Hoard; a Victory card bought after still brings a Gold.
    g = at(edition="2", hand=["Hoard", "Contraband", "Gold"])
    play_all(g)
    answer(g, "Curse")
    assert (g.turn.coins, g.turn.buys) == (8, 2)
    buy(g, "Mint")
    assert "Hoard" in g.state.trash and me(g).in_play == []
    buy(g, "Estate")
    assert sorted(me(g).discard) == ["Estate", "Gold", "Mint"]


def test_hoard_1e_works_only_while_in_play():
    # Mint (1E, bought) trashes the Hoard: the Estate bought after gives nothing.
    g = at(edition="1", hand=["Hoard", "Contraband", "Gold"])
    play_all(g)
    answer(g, "Curse")
    buy(g, "Mint")
    assert "Hoard" in g.state.trash
    buy(g, "Estate")
    assert sorted(me(g).discard) == ["Estate", "Mint"]


def test_hoard_2e_counts_hoards_played_before_the_buy_not_hoards_in_play():
    # Tiara plays a Hoard twice: in 2E that is two "this turn" effects.
    g = at(edition="2", hand=["Tiara", "Hoard"])
    play(g, "Tiara")
    answer(g, ["Hoard"])
    assert g.turn.coins == 4
    buy(g, "Estate")
    answer(g, "no")  # Tiara: Estate stays in the discard pile
    answer(g, "no")  # the first Gold
    answer(g, "no")  # the second Gold
    assert sorted(me(g).discard) == ["Estate", "Gold", "Gold"]


def test_hoard_texts_of_both_editions():
    c = CARDS["Hoard"]
    assert "bought" in c.text_for("2") and "in play" in c.text_for("1")


# ----------------------------------------------------------------------
# Investment


def test_investment_trashes_a_card_then_gives_a_coin():
    g = at(hand=["Investment", "Estate", "Copper"])
    play(g, "Investment")
    d = pending_is(g, 0, "investment.trash")
    assert (d.kind, sorted(d.options), d.min, d.max) == ("cards", ["Copper", "Estate"], 1, 1)
    hidden_from_others(g)
    round_trip(g, ["Estate"])
    d = pending_is(g, 0, "investment.choose")
    assert d.options == ["coin", "vp"] and d.args == {}
    shown_to_others(g)
    round_trip(g, "coin")
    assert g.turn.coins == 1 and g.state.trash == ["Estate"]
    assert me(g).in_play == ["Investment"] and me(g).vp_tokens == 0


def test_investment_vp_per_differently_named_treasure_revealed_still_playable_after():
    g = at(hand=["Investment", "Estate", "Copper", "Copper", "Silver", "Gold", "Smithy"])
    play(g, "Investment")
    answer(g, ["Estate"])
    events = answer(g, "vp")
    assert me(g).vp_tokens == 3  # Copper, Silver, Gold
    assert sorted(g.state.trash) == ["Estate", "Investment"] and me(g).in_play == []
    [rev] = of_type(events, "reveal", 0)
    assert sorted(rev["cards"]) == sorted(["Copper", "Copper", "Silver", "Gold", "Smithy"])
    assert g.turn.coins == 0
    play_all(g)  # revealed Treasures may still be played
    assert g.turn.coins == 1 + 1 + 2 + 3


def test_investment_the_first_trash_is_mandatory_if_you_have_a_card():
    g = at(hand=["Investment", "Copper"])
    play(g, "Investment")
    pending_is(g, 0, "investment.choose")  # the Copper was trashed without asking
    assert g.state.trash == ["Copper"]
    answer(g, "vp")
    assert me(g).vp_tokens == 0 and g.state.trash == ["Copper", "Investment"]
    g = at(hand=["Investment"])
    play(g, "Investment")
    answer(g, "coin")
    assert g.turn.coins == 1 and g.state.trash == []


def test_investment_played_twice_by_tiara_second_time_only_the_coin():
    g = at(hand=["Tiara", "Investment", "Estate", "Curse", "Silver"])
    play(g, "Tiara")
    answer(g, ["Investment"])
    answer(g, ["Estate"])
    answer(g, "vp")  # trashes the Investment: one Treasure (Silver) in hand
    assert me(g).vp_tokens == 1
    answer(g, ["Curse"])  # the second play trashes again, then +$1 without asking
    assert g.pending is None and g.turn.coins == 1
    assert sorted(g.state.trash) == ["Curse", "Estate", "Investment"]


def test_investment_with_charlatan_curse_is_a_treasure_is_not_tested_here():
    # Charlatan is another helper's card; Game.is_treasure covers it (engine tests).
    assert CARDS["Investment"].play_order < 0


# ----------------------------------------------------------------------
# Loan


def test_loan_reveals_until_a_treasure_and_trashes_it():
    g = at(edition="1", hand=["Loan"], deck=["Estate", "Smithy", "Silver", "Gold"])
    events = play(g, "Loan")
    d = pending_is(g, 0, "loan.choose")
    assert d.options == ["discard", "trash"] and d.args == {"revealed": "Silver"}
    shown_to_others(g)
    assert [e["cards"] for e in of_type(events, "reveal", 0)] == [["Estate"], ["Smithy"],
                                                                    ["Silver"]]
    round_trip(g, "trash")
    assert g.turn.coins == 1 and g.state.trash == ["Silver"]
    assert sorted(me(g).discard) == ["Estate", "Smithy"] and deck_top(g) == ["Gold"]


def test_loan_may_discard_the_treasure():
    g = at(hand=["Loan"], deck=["Copper", "Gold"])
    play(g, "Loan")
    answer(g, "discard")
    assert me(g).discard == ["Copper"] and g.state.trash == [] and deck_top(g) == ["Gold"]


def test_loan_if_the_deck_runs_out_shuffle_the_discard_not_the_revealed_cards():
    g = at(hand=["Loan"], deck=["Estate"], discard=["Duchy", "Duchy", "Silver"])
    events = play(g, "Loan")
    assert of_type(events, "shuffle", 0)
    pending_is(g, 0, "loan.choose")
    answer(g, "discard")
    p = me(g)
    assert "Estate" in p.discard and "Estate" not in p.deck
    assert sorted(p.deck + p.discard) == ["Duchy", "Duchy", "Estate", "Silver"]


def test_loan_if_no_treasure_is_found_discard_all_revealed_cards():
    g = at(hand=["Loan"], deck=["Estate", "Smithy"], discard=["Duchy"])
    play(g, "Loan")
    assert g.pending is None and g.turn.coins == 1
    assert sorted(me(g).discard) == ["Duchy", "Estate", "Smithy"] and me(g).deck == []


def test_loan_removed_in_2nd_edition_not_errata_d():
    assert CARDS["Loan"].editions == ("1",) and CARDS["Loan"].text_1e is None


# ----------------------------------------------------------------------
# Mint


@pytest.mark.parametrize("edition", ["1", "2"])
def test_mint_reveals_a_treasure_which_stays_in_hand_and_gains_a_copy(edition):
    g = at(edition=edition, hand=["Mint", "Silver", "Copper", "Estate"])
    play(g, "Mint")
    d = pending_is(g, 0, "mint.reveal")
    assert (d.kind, sorted(d.options), d.min, d.max) == ("cards", ["Copper", "Silver"], 0, 1)
    hidden_from_others(g)
    round_trip(g, ["Silver"])
    assert sorted(me(g).hand) == ["Copper", "Estate", "Silver"]
    assert me(g).discard == ["Silver"]


def test_mint_revealing_is_optional_and_not_asked_without_a_treasure():
    g = at(hand=["Mint", "Silver"])
    play(g, "Mint")
    answer(g, [])
    assert me(g).discard == []
    g = at(hand=["Mint", "Estate"])
    play(g, "Mint")
    assert g.pending is None and me(g).discard == []


@pytest.mark.parametrize("edition", ["1", "2"])
def test_mint_bought_trashes_only_treasures_in_play_coins_already_made_remain(edition):
    g = at(edition=edition, hand=["Gold", "Gold", "Silver", "Contraband"])
    play(g, "Gold")
    play(g, "Gold")
    play(g, "Contraband")
    answer(g, "Curse")
    assert (g.turn.coins, g.turn.buys) == (9, 2)
    events = buy(g, "Mint")
    [t] = of_type(events, "trash", 0)
    assert sorted(t["cards"]) == ["Contraband", "Gold", "Gold"]
    assert me(g).in_play == [] and me(g).hand == ["Silver"] and me(g).discard == ["Mint"]
    assert g.turn.coins == 4
    buy(g, "Smithy")  # coins they produced are still there for a further buy
    assert g.turn.coins == 0


def test_mint_1e_treasures_are_trashed_before_the_mint_is_gained():
    g = at(edition="1", hand=["Gold", "Silver"])
    play_all(g)
    events = buy(g, "Mint")
    kinds = [e["type"] for e in events]
    assert kinds.index("trash") < kinds.index("gain")


def test_mint_1e_with_royal_seal_the_seal_is_trashed_before_it_could_topdeck_mint():
    g = at(edition="1", hand=["Royal Seal", "Gold"])
    play_all(g)
    buy(g, "Mint")  # $5
    assert g.pending is None  # no royal_seal.topdeck
    assert me(g).discard == ["Mint"] and sorted(g.state.trash) == ["Gold", "Royal Seal"]


def test_mint_2e_gaining_it_any_way_trashes_your_treasures_in_play():
    g = at(edition="2", hand=["Copper", "War Chest"])
    play(g, "Copper")
    play(g, "War Chest")
    answer(g, "Province")
    answer(g, "Mint")
    assert sorted(g.state.trash) == ["Copper", "War Chest"] and me(g).in_play == []
    assert g.turn.coins == 1 and me(g).discard == ["Mint"]


def test_mint_2e_gained_by_an_action_played_from_crystal_ball():
    g = at(edition="2", hand=["Crystal Ball", "Silver"], deck=["Workshop"])
    play(g, "Silver")
    play(g, "Crystal Ball")
    answer(g, "play")
    d = pending_is(g, 0, "workshop.gain")
    assert "Mint" not in d.options  # costs $5
    g = at(edition="2", hand=["Quarry", "Crystal Ball"], deck=["Workshop"])
    play(g, "Quarry")  # 2E: Mint costs $3 now
    play(g, "Crystal Ball")
    answer(g, "play")
    answer(g, "Mint")
    assert sorted(g.state.trash) == ["Crystal Ball", "Quarry"]
    assert me(g).in_play == ["Workshop"] and g.turn.coins == 2


def test_mint_1e_gaining_it_without_buying_trashes_nothing():
    g = at(edition="1", hand=["Copper", "War Chest"])
    play(g, "Copper")
    play(g, "War Chest")
    answer(g, "Province")
    answer(g, "Mint")
    assert g.state.trash == [] and sorted(me(g).in_play) == ["Copper", "War Chest"]


def test_mint_only_the_gainers_treasures_in_play_are_trashed():
    g = at(edition="2", hand=["Gold", "Silver"], others={1: {"in_play": ["Silver"]}})
    play_all(g)
    buy(g, "Mint")
    assert sorted(g.state.trash) == ["Gold", "Silver"]
    assert me(g, 1).in_play == ["Silver"]


def test_mint_texts_of_both_editions():
    c = CARDS["Mint"]
    assert "buy this" in c.text_for("1") and "gain this" in c.text_for("2")


# ----------------------------------------------------------------------
# Quarry


@pytest.mark.parametrize("edition", ["1", "2"])
def test_quarry_makes_action_cards_cost_2_less(edition):
    g = at(edition=edition, hand=["Quarry"])
    play(g, "Quarry")
    assert g.turn.coins == 1
    assert (g.cost("Smithy"), g.cost("Market"), g.cost("Mint")) == (2, 3, 3)
    assert (g.cost("Silver"), g.cost("Harem"), g.cost("Duchy")) == (3, 6, 5)
    costs = {e["card"]: e["cost"] for e in g.view(0)["supply"]}
    assert costs["Market"] == 3 and costs["Gold"] == 6


@pytest.mark.parametrize("edition", ["1", "2"])
def test_quarry_affects_multi_type_actions_nobles(edition):
    g = at(edition=edition, hand=["Quarry"])
    play(g, "Quarry")
    assert g.cost("Nobles") == 4 and g.cost("Great Hall") == 1


@pytest.mark.parametrize("edition", ["1", "2"])
def test_quarry_cumulative_with_other_quarries_and_other_reductions(edition):
    g = at(edition=edition, hand=["Bridge", "Quarry", "Quarry"])
    play(g, "Bridge")
    assert g.cost("Market") == 4
    play(g, "Quarry")
    assert g.cost("Market") == 2
    play(g, "Quarry")
    assert g.cost("Market") == 0 and g.cost("Nobles") == 1 and g.cost("Gold") == 5


@pytest.mark.parametrize("edition", ["1", "2"])
def test_quarry_costs_never_go_below_0(edition):
    g = at(edition=edition, hand=["Quarry", "Quarry"])
    play_all(g)
    assert g.cost("Village") == 0 and g.cost("Smithy") == 0 and g.cost("Copper") == 0
    buy(g, "Village")
    assert g.turn.coins == 2 and me(g).discard == ["Village"]


@pytest.mark.parametrize("edition", ["1", "2"])
def test_quarry_affects_buying_and_gaining(edition):
    g = at(edition=edition, hand=["Quarry", "War Chest", "Silver"])
    play(g, "Quarry")
    play(g, "War Chest")
    answer(g, "Curse")
    d = pending_is(g, 0, "war_chest.gain")
    assert "Nobles" in d.options and "Gold" not in d.options  # Nobles costs $4 now
    answer(g, "Nobles")
    play(g, "Silver")
    buy(g, "Market")  # $3 of $3
    assert sorted(me(g).discard) == ["Market", "Nobles"]


def test_quarry_1e_only_while_in_play_stops_when_mint_trashes_it():
    g = at(edition="1", hand=["Quarry", "Contraband", "Copper"])
    play_all(g)
    answer(g, "Curse")
    assert g.cost("Mint") == 3 and g.turn.coins == 5
    buy(g, "Mint")
    assert "Quarry" in g.state.trash
    assert g.cost("Smithy") == 4 and g.cost("Mint") == 5


def test_quarry_2e_the_reduction_lasts_for_the_turn_even_if_quarry_leaves_play():
    g = at(edition="2", hand=["Quarry", "Contraband", "Copper"])
    play_all(g)
    answer(g, "Curse")
    buy(g, "Mint")
    assert "Quarry" in g.state.trash
    assert g.cost("Smithy") == 2 and g.cost("Mint") == 3
    buy(g, "Smithy")  # $2 left
    assert g.turn.coins == 0


@pytest.mark.parametrize("edition", ["1", "2"])
def test_quarry_reduction_ends_with_the_turn(edition):
    g = at(edition=edition, hand=["Quarry"])
    play(g, "Quarry")
    g.apply(0, {"type": "end_phase"})
    assert g.turn.seat == 1 and g.cost("Smithy") == 4


def test_quarry_texts_of_both_editions():
    c = CARDS["Quarry"]
    assert "in play" in c.text_for("1") and "rest of this turn" in c.text_for("2")


# ----------------------------------------------------------------------
# Royal Seal


def test_royal_seal_may_put_a_gained_card_onto_the_deck():
    g = at(edition="1", hand=["Royal Seal", "Copper"], deck=["Estate"])
    play_all(g)
    assert g.turn.coins == 3
    buy(g, "Silver")
    d = pending_is(g, 0, "royal_seal.topdeck")
    assert (d.kind, d.options, d.args, d.card) == ("option", ["yes", "no"],
                                                    {"gained": "Silver"}, "Royal Seal")
    shown_to_others(g)
    round_trip(g, "yes")
    assert deck_top(g) == ["Silver", "Estate"] and me(g).discard == []


def test_royal_seal_no_leaves_it_in_the_discard_pile():
    g = at(edition="1", hand=["Royal Seal", "Copper"])
    play_all(g)
    buy(g, "Silver")
    answer(g, "no")
    assert me(g).discard == ["Silver"] and me(g).deck == []


def test_royal_seal_decide_separately_for_each_gained_card_bought_or_otherwise():
    g = at(edition="1", hand=["Royal Seal", "Hoard", "Anvil", "Copper"])
    play(g, "Royal Seal")
    play(g, "Hoard")
    play(g, "Anvil")
    answer(g, ["Copper"])
    answer(g, "Silver")  # gained, not bought
    pending_is(g, 0, "royal_seal.topdeck")
    answer(g, "yes")
    buy(g, "Estate")
    assert pending_is(g, 0, "royal_seal.topdeck").args == {"gained": "Estate"}
    answer(g, "no")
    assert pending_is(g, 0, "royal_seal.topdeck").args == {"gained": "Gold"}  # Hoard's
    answer(g, "yes")
    assert deck_top(g) == ["Gold", "Silver"]
    assert sorted(me(g).discard) == ["Copper", "Estate"]


def test_royal_seal_onto_an_empty_deck_it_becomes_the_only_card():
    g = at(edition="1", hand=["Royal Seal"], discard=["Copper", "Estate"])
    play(g, "Royal Seal")
    buy(g, "Copper")
    answer(g, "yes")
    assert me(g).deck == ["Copper"] and me(g).discard == ["Copper", "Estate"]


def test_royal_seal_asked_once_per_gain_with_two_seals_in_play():
    g = at(edition="1", hand=["Royal Seal", "Royal Seal"])
    play_all(g)
    buy(g, "Silver")
    answer(g, "yes")
    assert g.pending is None and deck_top(g) == ["Silver"]


def test_royal_seal_not_asked_while_not_in_play():
    g = at(edition="1", hand=["Silver", "Copper", "Royal Seal"])
    play(g, "Silver")
    play(g, "Copper")
    buy(g, "Silver")
    assert g.pending is None and me(g).discard == ["Silver"]


# ----------------------------------------------------------------------
# Talisman


def test_talisman_gains_a_copy_of_a_non_victory_card_costing_4_or_less_bought():
    g = at(edition="1", hand=["Talisman", "Silver", "Copper"])
    play_all(g)
    assert g.turn.coins == 4
    events = buy(g, "Smithy")
    assert me(g).discard == ["Smithy", "Smithy"]
    assert [e["card"] for e in of_type(events, "gain", 0)] == ["Smithy", "Smithy"]


def test_talisman_not_for_a_card_costing_more_than_4():
    g = at(edition="1", hand=["Talisman", "Gold", "Copper"])
    play_all(g)
    buy(g, "Market")
    assert me(g).discard == ["Market"]


def test_talisman_one_extra_copy_per_talisman_in_play_mandatory_if_copies_remain():
    g = at(edition="1", hand=["Talisman", "Talisman", "Copper"])
    play_all(g)
    buy(g, "Silver")
    assert me(g).discard == ["Silver"] * 3
    g = at(edition="1", hand=["Talisman", "Talisman", "Copper"], supply={"Silver": 2})
    play_all(g)
    buy(g, "Silver")
    assert me(g).discard == ["Silver"] * 2 and g.state.supply["Silver"] == 0


def test_talisman_uses_the_current_cost_bridge_and_quarry_reductions_count():
    g = at(edition="1", hand=["Bridge", "Talisman", "Gold"])
    play(g, "Bridge")
    play_all(g)
    buy(g, "Market")  # $4 now
    assert me(g).discard == ["Market", "Market"]
    g = at(edition="2", hand=["Quarry", "Talisman", "Silver"])
    play_all(g)
    buy(g, "Nobles")  # $4 with Quarry, but a Victory card
    assert me(g).discard == ["Nobles"]
    g = at(edition="2", hand=["Quarry", "Talisman", "Silver"])
    play_all(g)
    buy(g, "Market")  # $3 with Quarry
    assert me(g).discard == ["Market", "Market"]


def test_talisman_multi_type_victory_cards_great_hall_harem_are_excluded():
    g = at(edition="1", hand=["Talisman", "Copper", "Copper"])
    play_all(g)
    buy(g, "Great Hall")
    assert me(g).discard == ["Great Hall"]
    g = at(edition="1", hand=["Bridge", "Talisman", "Gold"], actions=1)
    play(g, "Bridge")
    play_all(g)
    g.state.turn.effects["cost_reduction"] = 2  # a second Bridge: Harem costs $4
    buy(g, "Harem")
    assert me(g).discard == ["Harem"]


def test_talisman_only_buying_triggers_it():
    g = at(edition="1", hand=["Talisman", "Anvil", "Copper"])
    play(g, "Talisman")
    play(g, "Anvil")
    answer(g, ["Copper"])
    answer(g, "Silver")
    assert sorted(me(g).discard) == ["Copper", "Silver"]


def test_talisman_copy_comes_after_the_bought_card_so_the_last_card_goes_to_the_buy():
    g = at(edition="1", hand=["Talisman", "Silver", "Copper"], supply={"Smithy": 1})
    play_all(g)
    events = buy(g, "Smithy")
    assert me(g).discard == ["Smithy"] and len(of_type(events, "gain")) == 1


# ----------------------------------------------------------------------
# Tiara


def test_tiara_gives_a_buy_and_plays_a_treasure_twice():
    g = at(hand=["Tiara", "Silver", "Copper", "Estate"])
    play(g, "Tiara")
    d = pending_is(g, 0, "tiara.play")
    assert (d.kind, sorted(d.options), d.min, d.max) == ("cards", ["Copper", "Silver"], 0, 1)
    hidden_from_others(g)
    round_trip(g, ["Silver"])
    assert (g.turn.coins, g.turn.buys) == (4, 2)
    assert me(g).in_play == ["Tiara", "Silver"] and me(g).hand == ["Copper", "Estate"]


def test_tiara_playing_a_treasure_twice_is_optional():
    g = at(hand=["Tiara", "Silver"])
    play(g, "Tiara")
    answer(g, [])
    assert (g.turn.coins, g.turn.buys) == (0, 2) and me(g).hand == ["Silver"]


def test_tiara_this_turn_a_gained_card_may_go_onto_the_deck():
    g = at(hand=["Tiara", "Gold"], deck=["Estate"])
    play(g, "Tiara")
    answer(g, ["Gold"])
    buy(g, "Silver")
    d = pending_is(g, 0, "tiara.topdeck")
    assert d.args == {"gained": "Silver"} and d.options == ["yes", "no"]
    shown_to_others(g)
    round_trip(g, "yes")
    assert deck_top(g) == ["Silver", "Estate"]
    buy(g, "Silver")
    answer(g, "no")
    assert me(g).discard == ["Silver"]


def test_tiara_topdeck_lasts_after_it_leaves_play_and_asks_once_per_gain():
    g = at(hand=["Tiara", "Tiara", "Gold", "Gold"])
    play(g, "Tiara")
    answer(g, [])
    play(g, "Tiara")
    answer(g, [])
    play(g, "Gold")
    play(g, "Gold")
    buy(g, "Mint")  # 2E: trashes both Tiaras
    assert me(g).in_play == []
    answer(g, "yes")
    assert g.pending is None and deck_top(g) == ["Mint"]


def test_tiara_on_tiara_two_further_treasures_each_played_twice():
    g = at(hand=["Tiara", "Tiara", "Silver", "Gold"])
    play(g, "Tiara")
    answer(g, ["Tiara"])
    assert pending_is(g, 0, "tiara.play").options.count("Tiara") == 0
    round_trip(g, ["Silver"])
    d = pending_is(g, 0, "tiara.play")
    assert d.options == ["Gold"] and d.min == 0
    answer(g, ["Gold"])
    assert g.pending is None
    assert g.turn.coins == 2 * 2 + 3 * 2 and g.turn.buys == 1 + 1 + 2
    assert sorted(me(g).in_play) == ["Gold", "Silver", "Tiara", "Tiara"]


def test_tiara_playing_bank_twice_counts_what_is_in_play_each_time():
    g = at(hand=["Copper", "Tiara", "Bank"])
    play(g, "Copper")
    play(g, "Tiara")
    answer(g, ["Bank"])
    assert g.turn.coins == 1 + 3 + 3


# ----------------------------------------------------------------------
# Venture


def test_venture_reveals_until_a_treasure_discards_the_rest_and_plays_it():
    g = at(edition="1", hand=["Venture"], deck=["Estate", "Smithy", "Silver", "Gold"])
    events = play(g, "Venture")
    assert g.pending is None and g.turn.coins == 1 + 2
    assert me(g).in_play == ["Venture", "Silver"] and deck_top(g) == ["Gold"]
    assert sorted(me(g).discard) == ["Estate", "Smithy"]
    [d] = of_type(events, "discard", 0)
    assert not d.get("private")  # revealed cards stay public


def test_venture_another_venture_chains_and_loan_resolves():
    g = at(edition="1", hand=["Venture"], deck=["Venture", "Estate", "Loan", "Duchy",
                                                "Copper", "Gold"])
    play(g, "Venture")
    d = pending_is(g, 0, "loan.choose")
    assert d.args == {"revealed": "Copper"}
    round_trip(g, "trash")
    assert g.turn.coins == 1 + 1 + 1
    assert me(g).in_play == ["Venture", "Venture", "Loan"] and g.state.trash == ["Copper"]
    assert sorted(me(g).discard) == ["Duchy", "Estate"] and deck_top(g) == ["Gold"]


def test_venture_shuffle_the_discard_not_the_revealed_cards():
    g = at(hand=["Venture"], deck=["Duchy"], discard=["Estate", "Estate", "Gold"])
    events = play(g, "Venture")
    assert of_type(events, "shuffle", 0)
    assert "Gold" in me(g).in_play and g.turn.coins == 4
    assert "Duchy" in me(g).discard and "Duchy" not in me(g).deck


def test_venture_if_no_treasure_is_found_discard_everything_revealed():
    g = at(hand=["Venture"], deck=["Estate"], discard=["Smithy"])
    play(g, "Venture")
    assert g.turn.coins == 1 and me(g).in_play == ["Venture"]
    assert sorted(me(g).discard) == ["Estate", "Smithy"]


def test_venture_finds_a_bank_which_counts_the_treasures_in_play():
    g = at(hand=["Copper", "Venture"], deck=["Bank"])
    play(g, "Copper")
    play(g, "Venture")
    assert g.turn.coins == 1 + 1 + 3


# ----------------------------------------------------------------------
# War Chest


def test_war_chest_left_names_a_card_then_gain_one_up_to_5_not_named():
    g = at(hand=["War Chest"])
    play(g, "War Chest")
    d = pending_is(g, 1, "war_chest.name")
    assert d.kind == "option" and d.options == sorted(CARDS) and d.card == "War Chest"
    shown_to_others(g)
    round_trip(g, "Market")
    d = pending_is(g, 0, "war_chest.gain")
    assert d.args == {"max_cost": 5, "named": ["Market"]} and d.min == 1
    assert "Market" not in d.options and "Mint" in d.options and "Gold" not in d.options
    shown_to_others(g)
    round_trip(g, "Mint")
    assert g.turn.coins == 0 and me(g).discard == ["Mint"]


def test_war_chest_names_accumulate_over_all_war_chest_plays_this_turn():
    g = at(hand=["War Chest", "War Chest"])
    play(g, "War Chest")
    answer(g, "Market")
    answer(g, "Silver")
    play(g, "War Chest")
    answer(g, "Mint")
    d = pending_is(g, 0, "war_chest.gain")
    assert d.args["named"] == ["Market", "Mint"]
    assert "Market" not in d.options and "Mint" not in d.options
    answer(g, "Silver")
    assert me(g).discard == ["Silver", "Silver"]


def test_war_chest_the_named_card_may_be_gained_by_other_means():
    g = at(hand=["War Chest", "Gold", "Anvil", "Copper"])
    play(g, "War Chest")
    answer(g, "Silver")
    answer(g, "Smithy")
    play(g, "Anvil")
    answer(g, ["Copper"])
    answer(g, "Silver")
    play(g, "Gold")
    buy(g, "Silver")
    assert sorted(me(g).discard) == ["Copper", "Silver", "Silver", "Smithy"]


def test_war_chest_gaining_is_not_buying():
    g = at(edition="1", hand=["Talisman", "Hoard", "War Chest", "War Chest"])
    play_all(g)
    answer(g, "Curse")
    answer(g, "Duchy")
    answer(g, "Curse")
    answer(g, "Silver")
    assert g.pending is None
    assert sorted(me(g).discard) == ["Duchy", "Silver"]  # no Gold, no second Silver


@pytest.mark.parametrize("players", [3, 6])
def test_war_chest_namer_is_the_player_to_the_left(players):
    g = at(hand=["War Chest"], players=players)
    play(g, "War Chest")
    pending_is(g, 1, "war_chest.name")
    last = players - 1
    g = at(hand=[], players=players, others={last: {"hand": ["War Chest"]}})
    g.state.turn = Turn(seat=last)
    play(g, "War Chest", seat=last)
    pending_is(g, 0, "war_chest.name")
    answer(g, "Gold")
    answer(g, "Silver")
    assert me(g, last).discard == ["Silver"]


def test_war_chest_nothing_to_gain_when_every_cheap_pile_was_named_or_is_empty():
    supply = {n: 0 for n in KINGDOM + ["Copper", "Curse", "Estate", "Silver", "Duchy"]}
    g = at(hand=["War Chest"], supply=supply)
    play(g, "War Chest")
    answer(g, "Gold")
    assert g.pending is None and me(g).discard == []


# ----------------------------------------------------------------------
# With the Prosperity Actions (Watchtower, Peddler, Charlatan)

PLUS_ACTIONS = KINGDOM + ["Watchtower", "Peddler", "Charlatan", "King's Court"]


@pytest.mark.parametrize("edition", ["1", "2"])
def test_hoard_you_still_get_the_gold_if_watchtower_trashes_the_bought_card(edition):
    g = at(edition=edition, kingdom=PLUS_ACTIONS, hand=["Hoard", "Copper", "Watchtower"])
    play_all(g)
    buy(g, "Estate")
    d = pending_is(g, 0, "watchtower.reveal")
    if d.args["gained"] == "Gold":  # 2E: Hoard's Gold comes before the Estate's reaction
        answer(g, "no")
        d = pending_is(g, 0, "watchtower.reveal")
    assert d.args["gained"] == "Estate"
    answer(g, "trash")
    if g.pending is not None:  # 1E: the Gold comes after
        assert g.pending.args["gained"] == "Gold"
        answer(g, "no")
    assert g.state.trash == ["Estate"] and me(g).discard == ["Gold"]


@pytest.mark.parametrize("edition", ["1", "2"])
def test_mint_watchtower_ing_the_bought_mint_still_trashes_your_treasures(edition):
    g = at(edition=edition, kingdom=PLUS_ACTIONS, hand=["Gold", "Silver", "Watchtower"])
    play_all(g)
    buy(g, "Mint")
    pending_is(g, 0, "watchtower.reveal")
    answer(g, "deck")
    assert deck_top(g) == ["Mint"] and sorted(g.state.trash) == ["Gold", "Silver"]


def test_talisman_a_peddler_reduced_to_4_qualifies():
    g = at(edition="1", kingdom=PLUS_ACTIONS, hand=["Talisman", "Gold"],
           in_play=["Village", "Village"])
    play_all(g)
    assert g.cost("Peddler") == 4
    buy(g, "Peddler")
    assert me(g).discard == ["Peddler", "Peddler"]


def test_with_charlatan_curse_is_a_treasure_for_these_cards():
    g = at(kingdom=PLUS_ACTIONS, hand=["Curse", "Bank", "Mint", "Investment", "Estate", "Gold"])
    play(g, "Mint")
    assert sorted(pending_is(g, 0, "mint.reveal").options) == [
        "Bank", "Curse", "Gold", "Investment"]
    answer(g, ["Curse"])
    assert me(g).discard == ["Curse"]
    play(g, "Investment")
    answer(g, ["Estate"])
    answer(g, "vp")
    assert me(g).vp_tokens == 3  # Curse, Bank and Gold
    play_all(g)
    assert g.turn.coins == 1 + 3 + 3  # the Curse and Gold, then Bank counting three
    buy(g, "Mint")
    assert sorted(g.state.trash) == ["Bank", "Curse", "Estate", "Gold", "Investment"]


def test_with_charlatan_venture_and_crystal_ball_play_a_curse():
    g = at(edition="1", kingdom=PLUS_ACTIONS, hand=["Venture", "Crystal Ball"],
           deck=["Curse", "Curse", "Estate"])
    play(g, "Venture")
    assert me(g).in_play == ["Venture", "Curse"] and g.turn.coins == 2
    play(g, "Crystal Ball")
    assert "play" in pending_is(g, 0, "crystal_ball.choose").options
    answer(g, "play")
    assert g.turn.coins == 4


def test_royal_seal_not_asked_for_a_card_gained_onto_the_deck():
    # Crystal Ball plays a Bureaucrat: its Silver is gained onto the deck already.
    g = at(edition="1", kingdom=KINGDOM + ["Bureaucrat"], hand=["Royal Seal", "Crystal Ball"],
           deck=["Bureaucrat", "Estate"])
    play(g, "Royal Seal")
    play(g, "Crystal Ball")
    answer(g, "play")
    assert g.pending is None and deck_top(g) == ["Silver", "Estate"]


def test_royal_seal_and_tiara_a_card_put_onto_the_deck_is_not_asked_about_again():
    g = at(edition="1", hand=["Tiara", "Royal Seal", "Copper"])
    play(g, "Tiara")
    answer(g, ["Royal Seal"])  # $4
    buy(g, "Silver")
    pending_is(g, 0, "royal_seal.topdeck")
    answer(g, "yes")
    assert g.pending is None and deck_top(g) == ["Silver"]
    buy(g, "Copper")
    pending_is(g, 0, "royal_seal.topdeck")
    answer(g, "no")
    pending_is(g, 0, "tiara.topdeck")  # a second ability that may still move it
    answer(g, "yes")
    assert deck_top(g) == ["Copper", "Silver"]


def test_tiara_and_watchtower_a_card_moved_by_one_is_lost_track_of_by_the_other():
    g = at(kingdom=PLUS_ACTIONS, hand=["Tiara", "Silver", "Watchtower"])
    play(g, "Tiara")
    answer(g, ["Silver"])  # $4, 2 Buys
    buy(g, "Estate")
    answer(g, "yes")
    assert g.pending is None and deck_top(g) == ["Estate"]
    buy(g, "Estate")
    answer(g, "no")  # Tiara leaves it: Watchtower may still act
    d = pending_is(g, 0, "watchtower.reveal")
    assert d.options == ["trash", "deck", "no"] and d.args == {"gained": "Estate",
                                                               "to": "discard"}
    answer(g, "trash")
    assert deck_top(g) == ["Estate"] and g.state.trash == ["Estate"]


def test_play_all_treasures_investment_first_counts_the_treasures_still_in_hand():
    g = at(hand=["Silver", "Investment", "Gold", "Estate", "Gold"])
    play_all(g)
    answer(g, ["Estate"])
    answer(g, "vp")
    assert me(g).vp_tokens == 2  # Silver and Gold, before the batch plays them
    assert g.turn.coins == 2 + 3 + 3
