"""Scenario tests for Intrigue kingdom cards, part A (Baron .. Minion).

Each card gets a test of its main effect and one or more tests per ruling in
``shared/reference/cards.json``; the test names follow the rulings. Every card
that asks something is also saved and loaded mid-decision (``round_trip``).
Decks in ``position(...)`` are written top card first.
"""

from __future__ import annotations

import json
from typing import Any, Optional

import pytest
from helpers import (
    answer, assert_invalid, deck_top, me, of_type, pending_is, play, position, round_trip,
)

from dominion import CARDS, Game, PlayTreasures, new_game
from dominion.views import render_event

Event = dict[str, Any]

INTRIGUE = ["Baron", "Bridge", "Conspirator", "Courtyard", "Ironworks",
            "Masquerade", "Mill", "Mining Village", "Minion", "Throne Room"]


# ----------------------------------------------------------------------
# Helpers


def at(kingdom=INTRIGUE, **kwargs) -> Game:
    """``position`` with an Intrigue kingdom by default."""
    return position(kingdom=kingdom, **kwargs)


def supply_after_setup(card: str, players: int) -> int:
    return new_game(players, [card] + [c for c in INTRIGUE if c != card][:9], seed=1) \
        .state.supply[card]


# ----------------------------------------------------------------------
# Baron


def test_baron_discards_an_estate_for_4_coins():
    g = at(hand=["Baron", "Estate", "Copper"])
    estates = g.state.supply["Estate"]
    play(g, "Baron")
    d = pending_is(g, 0, "baron.discard")
    assert d.kind == "option" and d.options == ["yes", "no"]
    answer(g, "yes")
    assert g.pending is None
    assert (g.turn.buys, g.turn.coins) == (2, 4)
    assert me(g).hand == ["Copper"] and me(g).discard == ["Estate"]
    assert g.state.supply["Estate"] == estates


def test_baron_discarding_is_never_mandatory_and_declining_gains_an_estate():
    g = at(hand=["Baron", "Estate"])
    estates = g.state.supply["Estate"]
    play(g, "Baron")
    events = answer(g, "no")
    assert (g.turn.buys, g.turn.coins) == (2, 0)
    assert me(g).hand == ["Estate"] and me(g).discard == ["Estate"]
    assert g.state.supply["Estate"] == estates - 1
    assert of_type(events, "gain", 0)[0]["card"] == "Estate"


def test_baron_without_an_estate_in_hand_gains_one_without_asking():
    g = at(hand=["Baron", "Copper"])
    play(g, "Baron")
    assert g.pending is None
    assert me(g).discard == ["Estate"] and g.turn.buys == 2


def test_baron_you_cannot_take_only_the_buy_unless_no_estates_remain():
    g = at(hand=["Baron"], supply={"Estate": 0})
    play(g, "Baron")
    assert g.pending is None
    assert me(g).discard == [] and g.turn.buys == 2 and g.turn.coins == 0


def test_baron_round_trip_mid_decision():
    g = at(hand=["Baron", "Estate", "Silver"])
    play(g, "Baron")
    round_trip(g, "yes")
    assert g.turn.coins == 4


# ----------------------------------------------------------------------
# Bridge


def test_bridge_gives_buy_coin_and_makes_every_card_cost_1_less():
    g = at(hand=["Bridge"])
    play(g, "Bridge")
    assert (g.turn.buys, g.turn.coins) == (2, 1)
    assert g.cost("Province") == 7 and g.cost("Silver") == 2 and g.cost("Bridge") == 3
    costs = {e["card"]: e["cost"] for e in g.view(0)["supply"]}
    assert costs["Province"] == 7 and costs["Copper"] == 0
    # Seed 003's example: Duke for $4 after a Bridge.
    assert g.cost("Duchy") == 4 and CARDS["Duke"].cost - 1 == 4


def test_bridge_cumulative_two_plays():
    g = at(hand=["Mining Village", "Bridge", "Bridge"], deck=["Copper"])
    play(g, "Mining Village")
    answer(g, "no")
    play(g, "Bridge")
    play(g, "Bridge")
    assert g.cost("Province") == 6 and g.cost("Estate") == 0
    assert (g.turn.buys, g.turn.coins) == (3, 2)


def test_bridge_cumulative_throne_room_gives_minus_2():
    g = at(hand=["Throne Room", "Bridge"])
    play(g, "Throne Room")
    answer(g, ["Bridge"])
    assert g.pending is None
    assert g.cost("Gold") == 4 and g.cost("Silver") == 1
    assert (g.turn.buys, g.turn.coins) == (3, 2)


def test_bridge_affects_buying():
    g = at(hand=["Bridge", "Silver", "Copper"])
    play(g, "Bridge")
    g.apply(0, PlayTreasures())
    assert g.turn.coins == 4
    g.apply(0, {"type": "buy", "card": "Duchy"})  # costs 4 now
    assert me(g).discard == ["Duchy"] and g.turn.coins == 0
    g.apply(0, {"type": "buy", "card": "Copper"})  # a second Buy, $0
    assert g.turn.buys == 0


def test_bridge_affects_gaining_with_ironworks():
    g = at(hand=["Bridge", "Ironworks"], actions=2)
    play(g, "Bridge")
    play(g, "Ironworks")
    d = pending_is(g, 0, "ironworks.gain")
    assert "Minion" in d.options and "Duchy" in d.options  # $5 cards now cost 4
    assert "Gold" not in d.options
    assert d.args == {"max_cost": 4}


def test_bridge_costs_floor_at_zero_so_a_copper_trashed_reaches_a_1_cost_card():
    g = at(hand=["Bridge", "Remodel", "Copper"], actions=2,
           kingdom=INTRIGUE[:-1] + ["Remodel"])
    play(g, "Bridge")
    assert g.cost("Copper") == 0 and g.cost("Curse") == 0 and g.cost("Estate") == 1
    play(g, "Remodel")
    d = pending_is(g, 0, "remodel.gain")
    assert d.args["max_cost"] == 2
    assert "Estate" in d.options and "Silver" in d.options and "Baron" not in d.options


def test_bridge_reduction_lasts_only_this_turn():
    g = at(hand=["Bridge"])
    play(g, "Bridge")
    g.apply(0, {"type": "end_phase"})
    g.apply(0, {"type": "end_phase"})
    assert g.turn.seat == 1 and g.cost("Province") == 8


def test_bridge_same_function_in_both_editions():
    assert CARDS["Bridge"].editions == ("1", "2") and CARDS["Bridge"].text_1e is None
    assert "plus-buy" in CARDS["Bridge"].tags


# ----------------------------------------------------------------------
# Conspirator


def test_conspirator_gives_2_coins_only_when_fewer_than_3_actions_played():
    g = at(hand=["Conspirator"], deck=["Gold"])
    play(g, "Conspirator")
    assert g.turn.coins == 2 and g.turn.actions == 0 and me(g).hand == []


def test_conspirator_third_action_draws_and_gives_an_action():
    g = at(hand=["Mining Village", "Mining Village", "Conspirator"],
           deck=["Copper", "Copper", "Gold"])
    play(g, "Mining Village")
    answer(g, "no")
    play(g, "Mining Village")
    answer(g, "no")
    actions = g.turn.actions
    play(g, "Conspirator")
    assert g.turn.coins == 2 and g.turn.actions == actions  # one spent, one given
    assert me(g).hand.count("Gold") == 1


def test_conspirator_checked_only_when_it_resolves():
    g = at(hand=["Conspirator", "Mining Village", "Mining Village"],
           deck=["Copper", "Copper", "Gold"], actions=3)
    play(g, "Conspirator")
    play(g, "Mining Village")
    answer(g, "no")
    play(g, "Mining Village")
    answer(g, "no")
    assert g.turn.coins == 2 and me(g).hand == ["Copper", "Copper"]


def test_conspirator_every_play_counts_including_throne_room_and_its_second_play():
    g = at(hand=["Throne Room", "Conspirator"], deck=["Copper", "Gold"])
    play(g, "Throne Room")
    answer(g, ["Conspirator"])
    # Throne Room (1), Conspirator (2): $2; Conspirator again (3): $2, +1 Card, +1 Action.
    assert g.turn.coins == 4 and g.turn.actions == 1
    assert me(g).hand == ["Copper"]
    assert g.turn.actions_played == 3


def test_conspirator_action_victory_cards_are_actions():
    g = at(hand=["Great Hall", "Mill", "Conspirator"], deck=["Silver", "Estate", "Gold"],
           kingdom=INTRIGUE[:-1] + ["Great Hall"])
    play(g, "Great Hall")
    play(g, "Mill")
    answer(g, [])
    play(g, "Conspirator")
    assert g.turn.coins == 2 and g.turn.actions == 1
    assert "Silver" in me(g).hand


# ----------------------------------------------------------------------
# Coppersmith


def test_coppersmith_each_copper_played_makes_1_more():
    g = at(hand=["Coppersmith", "Copper", "Copper", "Silver"])
    play(g, "Coppersmith")
    g.apply(0, PlayTreasures())
    assert g.turn.coins == 2 + 2 + 2


def test_coppersmith_cumulative_two_plays_make_copper_worth_3():
    g = at(hand=["Throne Room", "Coppersmith", "Copper"])
    play(g, "Throne Room")
    answer(g, ["Coppersmith"])
    g.apply(0, {"type": "play", "card": "Copper"})
    assert g.turn.coins == 3


def test_coppersmith_applies_to_coppers_played_after_it_this_turn_only():
    g = at(hand=["Coppersmith", "Copper"], deck=["Copper"] * 5)
    play(g, "Coppersmith")
    g.apply(0, {"type": "play", "card": "Copper"})
    assert g.turn.coins == 2
    g.apply(0, {"type": "end_phase"})
    assert g.turn.seat == 1 and g.turn.effects == {}


def test_coppersmith_removed_in_2nd_edition():
    assert CARDS["Coppersmith"].editions == ("1",)
    assert CARDS["Coppersmith"].cost == 4


# ----------------------------------------------------------------------
# Courtier


def test_courtier_reveals_a_card_and_chooses_one_bonus_per_type():
    g = at(hand=["Courtier", "Copper", "Mill"])
    golds = g.state.supply["Gold"]
    play(g, "Courtier")
    d = pending_is(g, 0, "courtier.reveal")
    assert d.kind == "cards" and sorted(d.options) == ["Copper", "Mill"]
    events = answer(g, ["Mill"])
    assert of_type(events, "reveal", 0)[0]["cards"] == ["Mill"]
    d = pending_is(g, 0, "courtier.choose")
    assert d.kind == "options" and d.options == ["action", "buy", "coins", "gold"]
    assert (d.min, d.max) == (2, 2) and d.args == {"revealed": "Mill", "count": 2}
    assert_invalid(g, ["gold"])
    assert_invalid(g, ["gold", "gold"])
    assert_invalid(g, ["gold", "buy", "coins"])
    answer(g, ["gold", "coins"])
    assert g.pending is None
    assert (g.turn.actions, g.turn.buys, g.turn.coins) == (0, 1, 3)
    assert me(g).discard == ["Gold"] and g.state.supply["Gold"] == golds - 1
    assert sorted(me(g).hand) == ["Copper", "Mill"]  # revealed, not moved


def test_courtier_copper_gives_one_choice():
    g = at(hand=["Courtier", "Copper", "Copper"])
    play(g, "Courtier")  # a hand of Coppers: nothing to choose between
    d = pending_is(g, 0, "courtier.choose")
    assert (d.min, d.max) == (1, 1) and d.args == {"revealed": "Copper", "count": 1}
    answer(g, ["action"])
    assert (g.turn.actions, g.turn.buys, g.turn.coins) == (1, 1, 0)


@pytest.mark.parametrize("revealed", ["Harem", "Mill", "Minion", "Diplomat", "Great Hall"])
def test_courtier_types_are_the_words_on_the_type_line_two_types_two_choices(revealed):
    g = at(hand=["Courtier", revealed, "Copper"])
    play(g, "Courtier")
    answer(g, [revealed])
    d = pending_is(g, 0, "courtier.choose")
    assert d.min == d.max == 2
    answer(g, ["action", "buy"])
    assert (g.turn.actions, g.turn.buys) == (1, 2)


def test_courtier_curse_has_one_type():
    # Charlatan is not implemented, so a Curse is only a Curse.
    g = at(hand=["Courtier", "Curse", "Estate"])
    play(g, "Courtier")
    answer(g, ["Curse"])
    assert pending_is(g, 0, "courtier.choose").max == 1


def test_courtier_the_gained_gold_goes_to_the_discard_pile():
    g = at(hand=["Courtier", "Estate"], deck=["Copper"])
    play(g, "Courtier")
    events = answer(g, ["gold"])
    assert of_type(events, "gain", 0)[0] == {"type": "gain", "seat": 0, "card": "Gold",
                                             "to": "discard"}
    assert me(g).discard == ["Gold"] and deck_top(g) == ["Copper"]


def test_courtier_with_an_empty_hand_does_nothing():
    g = at(hand=["Courtier"], deck=["Gold"])
    events = play(g, "Courtier")
    assert g.pending is None and of_type(events, "reveal") == []
    assert (g.turn.actions, g.turn.buys, g.turn.coins) == (0, 1, 0)


def test_courtier_intrigue_2nd_edition_only():
    assert CARDS["Courtier"].editions == ("2",) and "plus-buy" in CARDS["Courtier"].tags


def test_courtier_round_trip_at_each_decision():
    g = at(hand=["Courtier", "Minion", "Copper"])
    play(g, "Courtier")
    round_trip(g, ["Minion"], ["coins", "buy"])
    g = at(hand=["Courtier", "Minion", "Copper"])
    play(g, "Courtier")
    answer(g, ["Minion"])
    round_trip(g, ["gold", "action"])
    assert me(g).discard == ["Gold"] and g.turn.actions == 1


# ----------------------------------------------------------------------
# Courtyard


def test_courtyard_draws_3_then_puts_a_card_onto_the_deck():
    g = at(hand=["Courtyard", "Estate"], deck=["Copper", "Silver", "Gold", "Duchy"])
    play(g, "Courtyard")
    d = pending_is(g, 0, "courtyard.topdeck")
    assert sorted(d.options) == ["Copper", "Estate", "Gold", "Silver"]
    assert (d.min, d.max) == (1, 1)
    events = answer(g, ["Gold"])
    assert sorted(me(g).hand) == ["Copper", "Estate", "Silver"]
    assert deck_top(g) == ["Gold", "Duchy"]
    top = of_type(events, "topdeck", 0)[0]
    assert top["cards"] == ["Gold"] and top.get("private")


def test_courtyard_any_card_in_hand_may_be_put_back_not_only_a_drawn_one():
    g = at(hand=["Courtyard", "Estate"], deck=["Copper", "Silver", "Gold"])
    play(g, "Courtyard")
    answer(g, ["Estate"])
    assert deck_top(g) == ["Estate"] and "Estate" not in me(g).hand


def test_courtyard_mandatory_if_you_have_a_card_in_hand():
    g = at(hand=["Courtyard", "Estate"], deck=["Copper"])
    play(g, "Courtyard")
    assert_invalid(g, [])
    assert_invalid(g, ["Estate", "Copper"])
    answer(g, ["Copper"])
    assert deck_top(g) == ["Copper"]


def test_courtyard_with_no_cards_anywhere_asks_nothing():
    g = at(hand=["Courtyard"])
    play(g, "Courtyard")
    assert g.pending is None and me(g).hand == [] and me(g).deck == []


def test_courtyard_round_trip_mid_decision():
    g = at(hand=["Courtyard", "Estate"], deck=["Copper", "Silver", "Gold"])
    play(g, "Courtyard")
    round_trip(g, ["Silver"])
    assert deck_top(g) == ["Silver"]


# ----------------------------------------------------------------------
# Diplomat

DIPLOMAT_KINGDOM = ["Diplomat", "Moat", "Militia", "Minion", "Throne Room",
                    "Baron", "Bridge", "Courtyard", "Mill", "Masquerade"]


def test_diplomat_draws_2_and_gives_2_actions_with_5_or_fewer_cards_after():
    g = at(hand=["Diplomat", "Copper", "Copper", "Estate"], deck=["Silver", "Gold"])
    play(g, "Diplomat")
    assert len(me(g).hand) == 5 and g.turn.actions == 2


def test_diplomat_hand_size_is_checked_after_drawing_from_a_5_card_hand_no_actions():
    g = at(hand=["Diplomat", "Copper", "Copper", "Estate", "Estate"], deck=["Silver", "Gold"])
    play(g, "Diplomat")
    assert len(me(g).hand) == 6 and g.turn.actions == 0


def militia_vs(hand1: list[str], deck1: list[str] = (), seat1_extra: Optional[dict] = None,
               players: int = 2) -> Game:
    others = {1: {"hand": hand1, "deck": list(deck1)}}
    others.update(seat1_extra or {})
    g = at(hand=["Militia"], kingdom=DIPLOMAT_KINGDOM, others=others, players=players)
    play(g, "Militia")
    return g


def test_diplomat_reaction_draws_2_then_discards_3_and_does_not_block():
    g = militia_vs(["Diplomat", "Copper", "Copper", "Estate", "Silver"], ["Gold", "Duchy"])
    d = pending_is(g, 1, "reaction.reveal")
    assert d.options == ["Diplomat"] and d.card == "Militia" and d.args == {"revealed": []}
    events = answer(g, ["Diplomat"])
    assert of_type(events, "react", 1)[0]["card"] == "Diplomat"
    d = pending_is(g, 1, "diplomat.discard")
    assert (d.min, d.max) == (3, 3) and len(d.options) == 7 and d.card == "Diplomat"
    assert_invalid(g, ["Copper", "Estate"])
    answer(g, ["Copper", "Copper", "Estate"])
    # 4 cards left: Diplomat may not come again; Militia still hits.
    d = pending_is(g, 1, "militia.discard")
    assert sorted(d.options) == ["Diplomat", "Duchy", "Gold", "Silver"]
    answer(g, ["Duchy"])
    assert g.pending is None and sorted(me(g, 1).hand) == ["Diplomat", "Gold", "Silver"]
    assert g.turn.coins == 2


def test_diplomat_reaction_may_be_repeated_while_you_still_have_5_or_more_cards():
    hand = ["Diplomat", "Copper", "Copper", "Copper", "Estate", "Estate", "Silver"]
    g = militia_vs(hand, ["Gold"] * 6)
    answer(g, ["Diplomat"])
    answer(g, ["Copper", "Copper", "Copper"])  # 9 - 3 = 6 cards
    d = pending_is(g, 1, "reaction.reveal")
    assert d.options == ["Diplomat"] and d.args == {"revealed": ["Diplomat"]}
    answer(g, ["Diplomat"])
    answer(g, ["Estate", "Estate", "Gold"])  # 8 - 3 = 5 cards
    d = pending_is(g, 1, "reaction.reveal")
    assert d.args == {"revealed": ["Diplomat", "Diplomat"]}
    answer(g, [])  # stop revealing
    pending_is(g, 1, "militia.discard")
    answer(g, ["Gold", "Gold"])
    assert len(me(g, 1).hand) == 3


def test_diplomat_reaction_not_offered_with_fewer_than_5_cards():
    g = militia_vs(["Diplomat", "Copper", "Estate", "Silver"])
    d = pending_is(g, 1, "militia.discard")  # no reaction.reveal first
    assert len(d.options) == 4


def test_diplomat_reaction_not_offered_once_the_hand_drops_below_5_even_with_moat():
    g = militia_vs(["Diplomat", "Moat", "Copper", "Estate", "Silver"], ["Gold", "Gold"])
    answer(g, ["Diplomat"])
    answer(g, ["Copper", "Estate", "Silver"])  # 4 cards: Moat alone is offered
    d = pending_is(g, 1, "reaction.reveal")
    assert d.options == ["Moat"]
    answer(g, ["Moat"])
    assert g.pending is None and len(me(g, 1).hand) == 4  # Moat blocked the Attack


@pytest.mark.parametrize("first", ["Diplomat", "Moat"])
def test_diplomat_moat_may_be_revealed_before_or_after(first):
    g = militia_vs(["Diplomat", "Moat", "Copper", "Estate", "Silver", "Silver"],
                   ["Gold", "Gold"])
    d = pending_is(g, 1, "reaction.reveal")
    assert d.options == ["Diplomat", "Moat"]
    answer(g, [first])
    if first == "Diplomat":
        answer(g, ["Copper", "Estate", "Silver"])  # 5 left: both still offered
        d = pending_is(g, 1, "reaction.reveal")
        assert d.options == ["Diplomat", "Moat"] and d.args == {"revealed": ["Diplomat"]}
        answer(g, ["Moat"])
        d = pending_is(g, 1, "reaction.reveal")
        assert d.options == ["Diplomat"]  # Moat is not offered twice
        answer(g, [])
    else:
        d = pending_is(g, 1, "reaction.reveal")
        assert d.options == ["Diplomat"] and d.args == {"revealed": ["Moat"]}
        answer(g, ["Diplomat"])
        answer(g, ["Copper", "Estate", "Silver"])
        d = pending_is(g, 1, "reaction.reveal")
        assert d.options == ["Diplomat"]
        answer(g, [])
    assert g.pending is None  # blocked by Moat: no discarding to 3
    assert len(me(g, 1).hand) == 5 and "Moat" in me(g, 1).hand


def test_diplomat_reacts_to_minion_before_the_choice():
    g = at(hand=["Minion"], kingdom=DIPLOMAT_KINGDOM,
           others={1: {"hand": ["Diplomat", "Copper", "Copper", "Estate", "Silver"],
                       "deck": ["Gold"] * 6}})
    play(g, "Minion")
    pending_is(g, 1, "reaction.reveal")
    answer(g, ["Diplomat"])
    answer(g, ["Copper", "Copper", "Estate"])
    pending_is(g, 0, "minion.choose")
    answer(g, "attack")
    assert me(g, 1).hand == ["Diplomat", "Silver", "Gold", "Gold"]  # 4 cards: not hit


def test_diplomat_intrigue_2nd_edition_only():
    c = CARDS["Diplomat"]
    assert c.editions == ("2",) and c.is_reaction and c.react_again
    assert {"draw", "village"} <= c.tags


def test_diplomat_round_trip_mid_reaction():
    g = militia_vs(["Diplomat", "Copper", "Copper", "Estate", "Silver"], ["Gold", "Duchy"])
    round_trip(g, ["Diplomat"], ["Copper", "Duchy", "Estate"], ["Copper"])
    assert g.pending is None and sorted(me(g, 1).hand) == ["Diplomat", "Gold", "Silver"]


# ----------------------------------------------------------------------
# Duke


def test_duke_counts_all_your_duchies_at_game_end():
    g = at(hand=["Duke", "Duchy"], deck=["Duke", "Estate"], discard=["Duchy", "Duchy"],
           kingdom=INTRIGUE[:-1] + ["Duke"])
    # 2 Dukes x 3 Duchies + 3 Duchies x 3 VP + 1 Estate
    assert g.score(0) == 2 * 3 + 3 * 3 + 1


def test_duke_pile_8_with_2_players_12_with_3_or_more():
    assert supply_after_setup("Duke", 2) == 8
    assert supply_after_setup("Duke", 3) == 12
    assert supply_after_setup("Duke", 6) == 12
    assert CARDS["Duke"].types == {"Victory"} and CARDS["Duke"].on_play is None


# ----------------------------------------------------------------------
# Great Hall


def test_great_hall_gives_a_card_and_an_action_and_is_worth_1_vp():
    g = at(hand=["Great Hall"], deck=["Gold"], kingdom=INTRIGUE[:-1] + ["Great Hall"])
    play(g, "Great Hall")
    assert me(g).hand == ["Gold"] and g.turn.actions == 1
    assert g.score(0) == 1


def test_great_hall_both_an_action_and_a_victory_card_for_every_purpose():
    c = CARDS["Great Hall"]
    assert c.is_action and c.is_victory and c.vp == 1
    # Bureaucrat treats it as Victory.
    g = at(hand=["Bureaucrat"], kingdom=["Bureaucrat", "Great Hall"] + INTRIGUE[:8],
           others={1: {"hand": ["Great Hall", "Copper"]}})
    play(g, "Bureaucrat")
    assert deck_top(g, 1) == ["Great Hall"]


def test_great_hall_pile_8_with_2_players_12_with_3():
    assert supply_after_setup("Great Hall", 2) == 8
    assert supply_after_setup("Great Hall", 3) == 12


def test_great_hall_removed_in_2nd_edition():
    assert CARDS["Great Hall"].editions == ("1",)


# ----------------------------------------------------------------------
# Harem


def test_harem_is_worth_2_coins_and_2_vp():
    g = at(hand=["Harem", "Copper"])
    g.apply(0, PlayTreasures())
    assert g.turn.coins == 3
    assert g.score(0) == 2


def test_harem_both_treasure_and_victory_for_all_purposes():
    c = CARDS["Harem"]
    assert c.is_treasure and c.is_victory and not c.is_action and c.coins == 2 and c.vp == 2
    # Mine treats it as a Treasure.
    g = at(hand=["Mine", "Harem", "Estate"], kingdom=["Mine", "Bureaucrat"] + INTRIGUE[:8])
    play(g, "Mine")
    assert pending_is(g, 0, "mine.trash").options == ["Harem"]
    answer(g, ["Harem"])
    assert pending_is(g, 0, "mine.gain").args["max_cost"] == 9
    # Bureaucrat treats it as a Victory card.
    g = at(hand=["Bureaucrat"], kingdom=["Bureaucrat"] + INTRIGUE[:9],
           others={1: {"hand": ["Harem", "Copper"]}})
    play(g, "Bureaucrat")
    assert deck_top(g, 1) == ["Harem"]


def test_harem_pile_8_with_2_players_12_with_3():
    assert supply_after_setup("Harem", 2) == 8
    assert supply_after_setup("Harem", 4) == 12


def test_harem_same_card_in_both_editions():
    assert CARDS["Harem"].editions == ("1", "2") and CARDS["Harem"].cost == 6


# ----------------------------------------------------------------------
# Ironworks


def test_ironworks_gains_a_card_costing_up_to_4_treasure_gives_a_coin():
    g = at(hand=["Ironworks"], deck=["Gold"])
    play(g, "Ironworks")
    d = pending_is(g, 0, "ironworks.gain")
    assert d.kind == "supply" and d.min == 1 and d.args == {"max_cost": 4}
    assert sorted(d.options) == sorted(
        n for n, left in g.state.supply.items() if left and CARDS[n].cost <= 4)
    assert_invalid(g, "Minion")
    answer(g, "Silver")
    assert me(g).discard == ["Silver"]
    assert (g.turn.actions, g.turn.coins, me(g).hand) == (0, 1, [])


def test_ironworks_action_gives_an_action():
    g = at(hand=["Ironworks"], deck=["Gold"])
    play(g, "Ironworks")
    answer(g, "Baron")
    assert (g.turn.actions, g.turn.coins, me(g).hand) == (1, 0, [])


def test_ironworks_victory_gives_a_card():
    g = at(hand=["Ironworks"], deck=["Gold"])
    play(g, "Ironworks")
    answer(g, "Estate")
    assert (g.turn.actions, g.turn.coins, me(g).hand) == (0, 0, ["Gold"])


def test_ironworks_multi_type_cards_give_every_matching_bonus_great_hall():
    g = at(hand=["Ironworks"], deck=["Gold"], kingdom=INTRIGUE[:-1] + ["Great Hall"])
    play(g, "Ironworks")
    answer(g, "Great Hall")
    assert (g.turn.actions, g.turn.coins, me(g).hand) == (1, 0, ["Gold"])


def test_ironworks_multi_type_cards_mill_with_bridge_reduction():
    g = at(hand=["Bridge", "Ironworks"], deck=["Gold"], actions=2)
    play(g, "Bridge")
    play(g, "Ironworks")
    assert "Minion" in g.pending.options and "Gold" not in g.pending.options
    answer(g, "Mill")
    assert (g.turn.actions, me(g).hand) == (1, ["Gold"])


def test_ironworks_nothing_to_gain_gives_nothing():
    cheap = {n: 0 for n in at().state.supply if CARDS[n].cost <= 4}
    g = at(hand=["Ironworks"], deck=["Gold"], supply=cheap)
    play(g, "Ironworks")
    assert g.pending is None and g.turn.coins == 0 and me(g).hand == []


def test_ironworks_same_function_in_both_editions():
    assert CARDS["Ironworks"].editions == ("1", "2")


def test_ironworks_round_trip_mid_decision():
    g = at(hand=["Ironworks"], deck=["Gold"])
    play(g, "Ironworks")
    round_trip(g, "Mill")
    assert me(g).hand == ["Gold"]


# ----------------------------------------------------------------------
# Lurker

LURKER_KINGDOM = ["Lurker", "Mill", "Nobles", "Duke", "Harem", "Throne Room",
                  "Baron", "Bridge", "Minion", "Masquerade"]


def lurker_game(**kwargs) -> Game:
    kingdom = [c for c in LURKER_KINGDOM if c in CARDS]  # Nobles is the other half's
    kingdom += [c for c in INTRIGUE if c not in kingdom][: 10 - len(kingdom)]
    return at(kingdom=kingdom, **kwargs)


def test_lurker_trashes_an_action_card_from_the_supply():
    g = lurker_game(hand=["Lurker"])
    mills = g.state.supply["Mill"]
    play(g, "Lurker")
    assert g.turn.actions == 1
    d = pending_is(g, 0, "lurker.choose")
    assert d.options == ["trash", "gain"]
    answer(g, "trash")
    d = pending_is(g, 0, "lurker.trash")
    assert d.kind == "supply" and d.min == 1
    assert "Mill" in d.options and "Lurker" in d.options
    assert not {"Duke", "Harem", "Copper", "Estate"} & set(d.options)
    events = answer(g, "Mill")
    assert g.state.supply["Mill"] == mills - 1 and g.state.trash == ["Mill"]
    trash = of_type(events, "trash", 0)
    assert trash == [{"type": "trash", "seat": 0, "cards": ["Mill"], "source": "supply"}]
    assert render_event(trash[0], 1)["text"] == "Player 1 trashed Mill from the Supply."
    assert of_type(events, "gain") == []


def test_lurker_gains_an_action_card_from_the_trash_to_the_discard_pile():
    g = lurker_game(hand=["Lurker"])
    g.state.trash = ["Copper", "Mill", "Estate", "Minion"]
    play(g, "Lurker")
    answer(g, "gain")
    d = pending_is(g, 0, "lurker.gain")
    assert d.kind == "cards" and sorted(d.options) == ["Mill", "Minion"]  # Mill qualifies
    events = answer(g, ["Mill"])
    assert me(g).discard == ["Mill"] and g.state.trash == ["Copper", "Estate", "Minion"]
    assert of_type(events, "gain", 0)[0]["source"] == "trash"


def test_lurker_cards_with_other_types_besides_action_qualify_a_lone_one_is_taken():
    g = lurker_game(hand=["Lurker"])
    g.state.trash = ["Mill", "Harem", "Copper"]
    play(g, "Lurker")
    answer(g, "gain")
    assert g.pending is None and me(g).discard == ["Mill"]


def test_lurker_may_choose_an_option_it_cannot_carry_out():
    g = lurker_game(hand=["Lurker"])
    supply = g.state.supply.copy()
    play(g, "Lurker")
    answer(g, "gain")  # the trash is empty
    assert g.pending is None and g.state.supply == supply and me(g).discard == []
    assert g.turn.actions == 1


def test_lurker_with_no_action_cards_anywhere_asks_nothing():
    g = lurker_game(hand=["Lurker"])
    for name in g.state.supply:
        if CARDS[name].is_action:
            g.state.supply[name] = 0
    g.state.trash = ["Copper"]
    play(g, "Lurker")
    assert g.pending is None and g.turn.actions == 1


def test_lurker_intrigue_2nd_edition_only():
    assert CARDS["Lurker"].editions == ("2",) and CARDS["Lurker"].cost == 2


def test_lurker_round_trip_at_each_decision():
    g = lurker_game(hand=["Lurker"])
    play(g, "Lurker")
    round_trip(g, "trash", "Minion")
    assert g.state.trash == ["Minion"]
    g = lurker_game(hand=["Lurker"])
    g.state.trash = ["Mill", "Minion"]
    play(g, "Lurker")
    answer(g, "gain")
    round_trip(g, ["Minion"])
    assert me(g).discard == ["Minion"]


# ----------------------------------------------------------------------
# Masquerade


def masquerade_game(hands: dict[int, list[str]], players: int = 2, edition: str = "2",
                    deck: list[str] = ("Gold", "Silver"), kingdom=INTRIGUE) -> Game:
    """Seat 0 holds Masquerade plus ``hands[0]``; other seats hold ``hands[seat]``."""
    others = {s: {"hand": h} for s, h in hands.items() if s != 0}
    g = at(hand=["Masquerade"] + hands.get(0, []), deck=list(deck), players=players,
           others=others, kingdom=kingdom)
    g.state.edition = edition
    return g


def pass_all(game: Game) -> list[tuple[int, int]]:
    """Answer every masquerade.pass with its first option; (giver, receiver) pairs."""
    asked = []
    while game.pending is not None and game.pending.prompt == "masquerade.pass":
        d = game.pending
        asked.append((d.seat, d.args["receiver"]))
        answer(game, [d.options[0]])
    return asked


def test_masquerade_draws_2_passes_left_then_you_may_trash():
    g = masquerade_game({0: ["Estate", "Copper"], 1: ["Duchy", "Curse"]})
    supply = dict(g.state.supply)
    play(g, "Masquerade")
    d = pending_is(g, 0, "masquerade.pass")
    assert d.kind == "cards" and (d.min, d.max) == (1, 1) and d.args == {"receiver": 1}
    assert sorted(d.options) == ["Copper", "Estate", "Gold", "Silver"]
    assert answer(g, ["Estate"]) == []  # nothing moves yet
    d = pending_is(g, 1, "masquerade.pass")
    assert d.args == {"receiver": 0} and sorted(d.options) == ["Curse", "Duchy"]
    events = answer(g, ["Curse"])
    passes = of_type(events, "pass")
    assert [(e["seat"], e["receiver"], e["cards"]) for e in passes] == [
        (0, 1, ["Estate"]), (1, 0, ["Curse"])]
    assert all(e["private"] for e in passes)
    assert sorted(me(g).hand) == ["Copper", "Curse", "Gold", "Silver"]
    assert sorted(me(g, 1).hand) == ["Duchy", "Estate"]
    d = pending_is(g, 0, "masquerade.trash")
    assert (d.min, d.max) == (0, 1)
    events = answer(g, ["Curse"])
    assert g.pending is None and g.state.trash == ["Curse"]
    # Passing is not gaining, trashing or discarding.
    assert g.state.supply == supply
    assert of_type(events, "trash", 0)[0]["cards"] == ["Curse"]


def test_masquerade_passing_is_simultaneous_choices_before_any_card_moves():
    g = masquerade_game({0: ["Estate"], 1: ["Duchy", "Curse"]}, players=3)
    g.state.players[2].hand = ["Province", "Copper"]
    play(g, "Masquerade")
    answer(g, ["Estate"])
    d = pending_is(g, 1, "masquerade.pass")
    assert "Estate" not in d.options and me(g, 1).hand == ["Duchy", "Curse"]
    answer(g, ["Duchy"])
    d = pending_is(g, 2, "masquerade.pass")
    assert d.args == {"receiver": 0} and sorted(d.options) == ["Copper", "Province"]
    assert "Estate" in me(g).hand  # still there until everyone has chosen
    answer(g, ["Province"])
    assert sorted(me(g).hand) == ["Gold", "Province", "Silver"]
    assert sorted(me(g, 1).hand) == ["Curse", "Estate"]
    assert sorted(me(g, 2).hand) == ["Copper", "Duchy"]


def test_masquerade_functional_2e_change_1e_empty_hand_passes_nothing_but_still_receives():
    g = masquerade_game({0: ["Estate"], 1: [], 2: ["Duchy", "Curse"]}, players=3, edition="1")
    play(g, "Masquerade")
    assert pass_all(g) == [(0, 1), (2, 0)]
    assert len(me(g, 1).hand) == 1 and len(me(g, 2).hand) == 1 and len(me(g).hand) == 3


def test_masquerade_functional_2e_change_2e_empty_hands_are_skipped_entirely():
    g = masquerade_game({0: ["Estate"], 1: [], 2: ["Duchy", "Curse"]}, players=3)
    play(g, "Masquerade")
    assert pass_all(g) == [(0, 2), (2, 0)]
    assert me(g, 1).hand == [] and len(me(g, 2).hand) == 2 and len(me(g).hand) == 3


def test_masquerade_functional_2e_change_if_only_one_player_has_cards_they_pass_to_themselves():
    g = masquerade_game({0: ["Estate"], 1: []})
    play(g, "Masquerade")
    d = pending_is(g, 0, "masquerade.pass")
    assert d.args == {"receiver": 0}
    events = answer(g, ["Gold"])
    assert [(e["seat"], e["receiver"], e["cards"]) for e in of_type(events, "pass")] == [
        (0, 0, ["Gold"])]
    assert sorted(me(g).hand) == ["Estate", "Gold", "Silver"] and me(g, 1).hand == []


def test_masquerade_1e_player_with_an_empty_hand_still_receives_and_may_trash_it():
    g = masquerade_game({1: ["Duchy", "Curse"]}, deck=(), edition="1")
    play(g, "Masquerade")
    assert pass_all(g) == [(1, 0)]
    assert me(g).hand == ["Duchy"]
    pending_is(g, 0, "masquerade.trash")
    answer(g, ["Duchy"])
    assert me(g).hand == [] and g.state.trash == ["Duchy"]


def test_masquerade_2e_player_with_an_empty_hand_is_skipped():
    g = masquerade_game({1: ["Duchy", "Curse"]}, deck=())
    play(g, "Masquerade")
    assert pass_all(g) == [(1, 1)]
    assert me(g).hand == [] and sorted(me(g, 1).hand) == ["Curse", "Duchy"]
    assert g.pending is None  # nothing to trash


@pytest.mark.parametrize("edition,expected", [
    ("1", [(0, 1), (1, 2), (4, 5), (5, 0)]),
    ("2", [(0, 1), (1, 4), (4, 5), (5, 0)]),
])
def test_masquerade_6_players_with_empty_hands(edition, expected):
    hands = {0: ["Estate"], 1: ["Duchy", "Curse"], 2: [], 3: [],
             4: ["Province", "Copper"], 5: ["Silver", "Estate"]}
    g = masquerade_game(hands, players=6, edition=edition)
    play(g, "Masquerade")
    assert pass_all(g) == expected
    counts = [len(p.hand) for p in g.state.players]
    if edition == "1":
        assert counts == [3, 2, 1, 0, 1, 2]
    else:
        assert counts == [3, 2, 0, 0, 2, 2]


def test_masquerade_not_an_attack_moat_and_diplomat_cannot_respond():
    g = masquerade_game({0: ["Estate"], 1: ["Moat", "Diplomat", "Copper", "Estate", "Silver"]},
                        kingdom=DIPLOMAT_KINGDOM)
    play(g, "Masquerade")
    answer(g, ["Estate"])
    pending_is(g, 1, "masquerade.pass")  # no reaction.reveal
    assert not CARDS["Masquerade"].is_attack


def test_masquerade_only_the_player_who_played_it_may_trash():
    g = masquerade_game({0: ["Estate"], 1: ["Duchy", "Curse"]})
    play(g, "Masquerade")
    pass_all(g)
    pending_is(g, 0, "masquerade.trash")
    assert_invalid(g, ["Estate", "Gold"])
    answer(g, [])  # optional
    assert g.pending is None and g.state.trash == []


def test_masquerade_under_throne_room_passes_twice():
    g = masquerade_game({1: ["Duchy", "Curse"]}, deck=["Gold", "Silver", "Copper", "Estate"])
    g.state.players[0].hand = ["Throne Room", "Masquerade"]
    play(g, "Throne Room")
    answer(g, ["Masquerade"])
    assert pass_all(g) == [(0, 1), (1, 0)]
    answer(g, [])
    assert pass_all(g) == [(0, 1), (1, 0)]
    answer(g, [])
    assert g.pending is None
    assert len(me(g).hand) == 4 and len(me(g, 1).hand) == 2


def test_masquerade_hidden_information_only_giver_and_receiver_see_the_card():
    # Harem, Duke and Courtier are not in this kingdom, so no view names them
    # unless it shows the card itself.
    g = masquerade_game({0: ["Harem"], 1: ["Duke"], 2: ["Courtier", "Copper"]},
                        players=3, deck=["Copper", "Copper"])
    events = play(g, "Masquerade")
    answer(g, ["Harem"])  # seat 1's single card goes without asking
    pending_is(g, 2, "masquerade.pass")
    for seat in (None, 0, 1):
        assert g.view(seat)["waiting_for"] == {"seat": 2}
    events += answer(g, ["Courtier"])
    events += answer(g, [])
    passes = of_type(events, "pass")
    assert [(e["seat"], e["receiver"], e["cards"]) for e in passes] == [
        (0, 1, ["Harem"]), (1, 2, ["Duke"]), (2, 0, ["Courtier"])]
    for e in passes:
        card = e["cards"][0]
        for viewer in (None, 0, 1, 2):
            r = render_event(e, viewer)
            if viewer in (e["seat"], e["receiver"]):
                assert r["cards"] == [card] and card in r["text"]
            else:
                assert "cards" not in r and r["count"] == 1 and card not in r["text"]
                assert card not in json.dumps(r)
    assert "Harem" not in json.dumps(g.view(2)) and "Harem" in json.dumps(g.view(1))
    assert "Duke" not in json.dumps(g.view(0)) and "Duke" in json.dumps(g.view(2))
    assert "Courtier" not in json.dumps(g.view(1)) and "Courtier" in json.dumps(g.view(0))
    spectator = json.dumps(g.view(None))
    assert not any(c in spectator for c in ("Harem", "Duke", "Courtier"))
    text = render_event(passes[0], 2, ["Ann", "Bob", "Cy"])["text"]
    assert text == "Ann passed 1 card to Bob."


def test_masquerade_round_trip_at_each_decision():
    g = masquerade_game({0: ["Estate", "Copper"], 1: ["Duchy", "Curse"]})
    play(g, "Masquerade")
    round_trip(g, ["Copper"], ["Duchy"], ["Estate"])
    assert g.state.trash == ["Estate"] and sorted(me(g, 1).hand) == ["Copper", "Curse"]
    g = masquerade_game({0: ["Estate", "Copper"], 1: ["Duchy", "Curse"]}, edition="1")
    play(g, "Masquerade")
    answer(g, ["Copper"])
    round_trip(g, ["Curse"], ["Curse"])
    assert g.state.trash == ["Curse"]


# ----------------------------------------------------------------------
# Mill


def test_mill_discarding_2_cards_gives_2_coins():
    g = at(hand=["Mill", "Estate", "Copper"], deck=["Gold"])
    play(g, "Mill")
    assert g.turn.actions == 1
    d = pending_is(g, 0, "mill.discard")
    assert (d.min, d.max) == (0, 2) and sorted(d.options) == ["Copper", "Estate", "Gold"]
    answer(g, ["Estate", "Copper"])
    assert g.turn.coins == 2 and me(g).hand == ["Gold"]
    assert me(g).discard == ["Estate", "Copper"]


def test_mill_you_may_discard_with_only_1_card_in_hand_but_no_coins():
    g = at(hand=["Mill"], deck=["Estate"])
    play(g, "Mill")
    d = pending_is(g, 0, "mill.discard")
    assert (d.min, d.max) == (0, 1)
    answer(g, ["Estate"])
    assert g.turn.coins == 0 and me(g).discard == ["Estate"]


def test_mill_discarding_1_of_several_or_none_gives_nothing():
    g = at(hand=["Mill", "Estate", "Copper"], deck=["Gold"])
    play(g, "Mill")
    answer(g, ["Estate"])
    assert g.turn.coins == 0
    g = at(hand=["Mill", "Estate", "Copper"], deck=["Gold"])
    play(g, "Mill")
    assert_invalid(g, ["Estate", "Copper", "Gold"])
    answer(g, [])
    assert g.turn.coins == 0 and len(me(g).hand) == 3


def test_mill_is_worth_1_vp_pile_8_with_2_players_12_with_3():
    c = CARDS["Mill"]
    assert c.is_action and c.is_victory and c.vp == 1
    assert at(hand=["Mill", "Mill"]).score(0) == 2
    assert supply_after_setup("Mill", 2) == 8 and supply_after_setup("Mill", 3) == 12


def test_mill_intrigue_2nd_edition_only():
    assert CARDS["Mill"].editions == ("2",)


def test_mill_round_trip_mid_decision():
    g = at(hand=["Mill", "Estate", "Copper"], deck=["Gold"])
    play(g, "Mill")
    round_trip(g, ["Copper", "Gold"])
    assert g.turn.coins == 2


# ----------------------------------------------------------------------
# Mining Village


def test_mining_village_may_trash_itself_for_2_coins():
    g = at(hand=["Mining Village"], deck=["Copper"])
    play(g, "Mining Village")
    assert me(g).hand == ["Copper"] and g.turn.actions == 2
    d = pending_is(g, 0, "mining_village.trash")
    assert d.options == ["yes", "no"]
    events = answer(g, "yes")
    assert g.turn.coins == 2 and me(g).in_play == [] and g.state.trash == ["Mining Village"]
    assert of_type(events, "trash", 0)[0]["cards"] == ["Mining Village"]


def test_mining_village_decide_at_once_declining_keeps_it_in_play():
    g = at(hand=["Mining Village"], deck=["Copper"])
    play(g, "Mining Village")
    answer(g, "no")
    assert g.turn.coins == 0 and me(g).in_play == ["Mining Village"]
    assert g.legal_commands(0)[0] == {"type": "play", "card": "Copper"}


def test_mining_village_under_throne_room_first_play_trashes_later_plays_cannot():
    g = at(hand=["Throne Room", "Mining Village"], deck=["Copper", "Silver"])
    play(g, "Throne Room")
    answer(g, ["Mining Village"])
    pending_is(g, 0, "mining_village.trash")
    answer(g, "yes")
    assert g.pending is None  # the second play does not ask again
    assert g.turn.coins == 2 and g.turn.actions == 4
    assert sorted(me(g).hand) == ["Copper", "Silver"]
    assert me(g).in_play == ["Throne Room"] and g.state.trash == ["Mining Village"]


def test_mining_village_under_throne_room_declined_first_may_trash_on_the_second():
    g = at(hand=["Throne Room", "Mining Village"], deck=["Copper", "Silver"])
    play(g, "Throne Room")
    answer(g, ["Mining Village"])
    answer(g, "no")
    pending_is(g, 0, "mining_village.trash")
    answer(g, "yes")
    assert g.turn.coins == 2 and g.state.trash == ["Mining Village"]


def test_mining_village_same_function_in_both_editions():
    assert CARDS["Mining Village"].editions == ("1", "2")
    assert "village" in CARDS["Mining Village"].tags


def test_mining_village_round_trip_mid_decision():
    g = at(hand=["Throne Room", "Mining Village"], deck=["Copper", "Silver"])
    play(g, "Throne Room")
    answer(g, ["Mining Village"])
    round_trip(g, "yes")
    assert g.turn.coins == 2


# ----------------------------------------------------------------------
# Minion


def test_minion_coins_option_gives_an_action_and_2_coins():
    g = at(hand=["Minion", "Estate"], others={1: {"hand": ["Copper"] * 5}})
    play(g, "Minion")
    d = pending_is(g, 0, "minion.choose")
    assert d.options == ["coins", "attack"]
    answer(g, "coins")
    assert (g.turn.actions, g.turn.coins) == (1, 2)
    assert me(g).hand == ["Estate"] and len(me(g, 1).hand) == 5  # others unaffected


def test_minion_attack_discards_hand_draws_4_and_hits_hands_of_5_or_more():
    g = at(hand=["Minion", "Estate", "Copper"], deck=["Gold"] * 5, players=3,
           others={1: {"hand": ["Copper", "Copper", "Estate", "Silver", "Duchy"],
                       "deck": ["Province"] * 4},
                   2: {"hand": ["Copper"] * 4, "deck": ["Province"] * 4}})
    play(g, "Minion")
    events = answer(g, "attack")
    assert g.turn.actions == 1 and g.turn.coins == 0
    assert me(g).hand == ["Gold"] * 4 and sorted(me(g).discard) == ["Copper", "Estate"]
    assert me(g, 1).hand == ["Province"] * 4 and len(me(g, 1).discard) == 5
    assert me(g, 2).hand == ["Copper"] * 4 and me(g, 2).discard == []
    assert [e["seat"] for e in of_type(events, "discard")] == [0, 1]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_minion_attack_with_several_players_hit(players):
    others = {}
    for s in range(1, players):
        size = 4 if s == players - 1 and players > 2 else 5 + s % 2
        others[s] = {"hand": ["Copper"] * size, "deck": ["Silver"] * 4}
    g = at(hand=["Minion"], deck=["Gold"] * 4, players=players, others=others)
    play(g, "Minion")
    answer(g, "attack")
    for s in range(1, players):
        if len(others[s]["hand"]) >= 5:
            assert me(g, s).hand == ["Silver"] * 4
            assert me(g, s).discard == others[s]["hand"]
        else:
            assert me(g, s).hand == ["Copper"] * 4 and me(g, s).deck == ["Silver"] * 4
    assert me(g).hand == ["Gold"] * 4


def test_minion_other_players_affected_only_by_the_second_option():
    g = at(hand=["Minion"], others={1: {"hand": ["Copper"] * 6, "deck": ["Silver"] * 4}})
    play(g, "Minion")
    answer(g, "coins")
    assert me(g, 1).hand == ["Copper"] * 6


def test_minion_reactions_are_revealed_before_the_choice_a_moated_player_is_untouched():
    g = at(hand=["Minion", "Estate"], deck=["Gold"] * 4,
           kingdom=DIPLOMAT_KINGDOM, players=3,
           others={1: {"hand": ["Moat", "Copper", "Copper", "Copper", "Estate"],
                       "deck": ["Silver"] * 4},
                   2: {"hand": ["Moat", "Copper", "Copper", "Copper", "Estate"],
                       "deck": ["Silver"] * 4}})
    play(g, "Minion")
    d = pending_is(g, 1, "reaction.reveal")
    assert d.card == "Minion"
    answer(g, ["Moat"])
    pending_is(g, 2, "reaction.reveal")
    answer(g, [])
    pending_is(g, 0, "minion.choose")  # only after every reaction
    answer(g, "attack")
    assert len(me(g, 1).hand) == 5 and me(g, 1).discard == []
    assert me(g, 2).hand == ["Silver"] * 4


def test_minion_under_throne_room_twice():
    g = at(hand=["Throne Room", "Minion", "Estate"], deck=["Gold"] * 8,
           others={1: {"hand": ["Copper"] * 5, "deck": ["Silver"] * 8}})
    play(g, "Throne Room")
    answer(g, ["Minion"])
    answer(g, "attack")
    assert me(g, 1).hand == ["Silver"] * 4
    answer(g, "attack")  # seat 1 has 4 cards now: not hit again
    assert me(g, 1).hand == ["Silver"] * 4 and len(me(g, 1).discard) == 5
    assert me(g).hand == ["Gold"] * 4 and me(g).discard.count("Gold") == 4
    assert g.turn.actions == 2
    g = at(hand=["Throne Room", "Minion"])
    play(g, "Throne Room")
    answer(g, ["Minion"])
    answer(g, "coins")
    answer(g, "coins")
    assert (g.turn.actions, g.turn.coins) == (2, 4)


def test_minion_same_function_in_both_editions():
    c = CARDS["Minion"]
    assert c.editions == ("1", "2") and c.is_attack and c.text_1e is None


def test_minion_round_trip_mid_decision():
    g = at(hand=["Minion", "Estate"], deck=["Gold"] * 4,
           kingdom=DIPLOMAT_KINGDOM,
           others={1: {"hand": ["Moat", "Copper", "Copper", "Copper", "Estate"],
                       "deck": ["Silver"] * 4}})
    play(g, "Minion")
    round_trip(g, [], "attack")
    assert me(g, 1).hand == ["Silver"] * 4


# ----------------------------------------------------------------------
# The contract: prompt keys, kinds, public flags, tags


def test_prompts_follow_the_contract():
    from dominion.prompts import PROMPTS

    want = {
        "baron.discard": ("option", False), "courtier.reveal": ("cards", False),
        "courtier.choose": ("options", True), "courtyard.topdeck": ("cards", False),
        "diplomat.discard": ("cards", False), "ironworks.gain": ("supply", True),
        "lurker.choose": ("option", True), "lurker.trash": ("supply", True),
        "lurker.gain": ("cards", True), "masquerade.pass": ("cards", False),
        "masquerade.trash": ("cards", True), "mill.discard": ("cards", True),
        "mining_village.trash": ("option", True), "minion.choose": ("option", True),
    }
    got = {k: (p.kind, p.public) for k, p in PROMPTS.items() if k in want}
    assert got == want
    assert set(PROMPTS["courtier.choose"].args) == {"revealed", "count"}
    assert set(PROMPTS["masquerade.pass"].args) == {"receiver"}
    assert set(PROMPTS["ironworks.gain"].args) == {"max_cost"}


def test_randomizer_tags_follow_the_contract():
    mine = ["Baron", "Bridge", "Conspirator", "Coppersmith", "Courtier", "Courtyard",
            "Diplomat", "Duke", "Great Hall", "Harem", "Ironworks", "Lurker", "Masquerade",
            "Mill", "Mining Village", "Minion"]
    tagged = {tag: sorted(n for n in mine if tag in CARDS[n].tags)
              for tag in ("village", "plus-buy", "trashing", "draw")}
    assert tagged == {
        "village": ["Diplomat", "Mining Village"],
        "plus-buy": ["Baron", "Bridge", "Courtier"],
        "trashing": ["Masquerade"],
        "draw": ["Courtyard", "Diplomat", "Masquerade"],
    }
    assert all(CARDS[n].set == "intrigue" for n in mine)
