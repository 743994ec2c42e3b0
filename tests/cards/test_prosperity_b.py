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
    early = {n for n in TREASURES if CARDS[n].play_order < 0}
    late = {n for n in TREASURES if CARDS[n].play_order > 0}
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
