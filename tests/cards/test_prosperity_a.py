"""Scenario tests for the Prosperity kingdom Action cards.

Each card gets a test of its main effect and one or more tests per ruling in
``shared/reference/cards.json``; the test names follow the rulings. Every card
that asks something is also saved and loaded mid-decision (``round_trip``).
Decks in ``position(...)`` are written top card first.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import (
    answer, assert_invalid, deck_top, me, of_type, pending_is, play, position, round_trip,
)

from dominion import CARDS, IllegalCommand, PlayTreasures, new_game
from dominion.state import BUY_PHASE
from dominion.views import render_event

Event = dict[str, Any]

ACTIONS = ["Bishop", "City", "Clerk", "Counting House", "Expand", "Forge", "Goons",
           "Grand Market", "King's Court", "Magnate", "Monument", "Mountebank", "Peddler",
           "Rabble", "Trade Route", "Vault", "Watchtower", "Worker's Village"]
#: Charlatan is left out: it makes Curse a Treasure (tests add it where they want that).
KINGDOM = ACTIONS + ["Throne Room", "Moat", "Witch", "Militia", "Mine", "Bridge",
                     "Mining Village", "Workshop", "Village", "Smithy", "Feast", "Bureaucrat",
                     "Courtier"]
WITH_CHARLATAN = KINGDOM + ["Charlatan"]


def at(kingdom=KINGDOM, **kwargs):
    """``position`` with the Prosperity kingdom by default."""
    return position(kingdom=kingdom, **kwargs)


def hidden_from_others(game, seat_count: int | None = None) -> None:
    """The open decision is named only to its own seat."""
    d = game.pending
    n = seat_count or len(game.state.players)
    for viewer in [s for s in range(n) if s != d.seat] + [None]:
        w = game.view(viewer)["waiting_for"]
        assert w == {"seat": d.seat}, (viewer, w)
    assert game.view(d.seat)["waiting_for"]["prompt"] == d.prompt


def public_to_others(game) -> None:
    d = game.pending
    for viewer in [s for s in range(len(game.state.players)) if s != d.seat] + [None]:
        assert game.view(viewer)["waiting_for"]["prompt"] == d.prompt


def buy(game, name: str, seat: int = 0) -> list[Event]:
    return game.apply(seat, {"type": "buy", "card": name})


def end_phase(game, seat: int = 0) -> list[Event]:
    return game.apply(seat, {"type": "end_phase"})


def vp_total(game, seat: int = 0) -> int:
    return me(game, seat).vp_tokens


def five(card: str = "Copper") -> list[str]:
    return [card] * 5


# ----------------------------------------------------------------------
# Bishop


def test_bishop_gives_a_coin_a_vp_token_and_vp_for_half_the_trashed_cost():
    g = at(hand=["Bishop", "Gold", "Copper"], others={1: {"hand": ["Estate", "Copper"]}})
    events = play(g, "Bishop")
    assert g.turn.coins == 1 and vp_total(g) == 1
    assert of_type(events, "vp", 0) == [{"type": "vp", "seat": 0, "vp": 1, "total": 1}]
    d = pending_is(g, 0, "bishop.trash")
    assert d.options == ["Gold", "Copper"] and (d.min, d.max) == (1, 1)
    hidden_from_others(g)
    events = answer(g, ["Gold"])
    assert vp_total(g) == 1 + 3 and g.state.trash == ["Gold"]
    assert [e["vp"] for e in of_type(events, "vp", 0)] == [3]
    d = pending_is(g, 1, "bishop.other_trash")
    assert sorted(d.options) == ["Copper", "Estate"] and (d.min, d.max) == (0, 1)
    public_to_others(g)
    answer(g, [])
    assert g.pending is None and me(g, 1).hand == ["Estate", "Copper"]
    assert g.score(0) == 4  # the VP tokens count in the score


def test_bishop_trashing_is_mandatory_for_you_and_optional_for_others_in_turn_order_without_vp():
    g = at(hand=["Bishop", "Estate"], players=3,
           others={1: {"hand": ["Copper", "Curse"]}, 2: {"hand": ["Estate"]}})
    play(g, "Bishop")  # one card: trashed without asking
    assert g.state.trash == ["Estate"] and vp_total(g) == 1 + 1
    pending_is(g, 1, "bishop.other_trash")
    answer(g, ["Curse"])
    d = pending_is(g, 2, "bishop.other_trash")
    assert d.options == ["Estate"]  # even a single card may be kept
    answer(g, [])
    assert g.state.trash == ["Estate", "Curse"]
    assert vp_total(g, 1) == 0 and vp_total(g, 2) == 0
    assert me(g, 2).hand == ["Estate"]


def test_bishop_trashing_a_copper_gives_no_extra_vp_token():
    g = at(hand=["Bishop", "Copper"])
    events = play(g, "Bishop")
    assert vp_total(g) == 1 and [e["vp"] for e in of_type(events, "vp")] == [1]


def test_bishop_you_still_get_the_coin_and_vp_token_with_nothing_to_trash():
    g = at(hand=["Bishop"], players=4)  # others' hands are empty: not asked
    play(g, "Bishop")
    assert g.pending is None
    assert g.turn.coins == 1 and vp_total(g) == 1 and g.state.trash == []


def test_bishop_only_coin_cost_counts_the_current_one_with_bridge():
    g = at(hand=["Bridge", "Bishop", "Gold", "Province"], actions=2)
    play(g, "Bridge")
    play(g, "Bishop")
    answer(g, ["Province"])  # costs 7 now
    assert vp_total(g) == 1 + 3
    g = at(hand=["Bridge", "Bishop", "Gold", "Province"], actions=2)
    play(g, "Bridge")
    play(g, "Bishop")
    answer(g, ["Gold"])  # costs 5 now: 2, not 3
    assert vp_total(g) == 1 + 2


def test_bishop_is_not_an_attack_moat_is_not_revealed():
    g = at(hand=["Bishop", "Copper"], others={1: {"hand": ["Moat", "Estate"]}})
    play(g, "Bishop")
    pending_is(g, 1, "bishop.other_trash")
    answer(g, ["Moat"])
    assert g.state.trash == ["Copper", "Moat"]


def test_bishop_each_other_player_of_six_is_asked_in_turn_order():
    others = {s: {"hand": ["Estate", "Copper"]} for s in range(1, 6)}
    g = at(hand=["Bishop", "Silver"], players=6, others=others)
    play(g, "Bishop")
    asked = []
    while g.pending is not None:
        asked.append(g.pending.seat)
        answer(g, ["Estate"])
    assert asked == [1, 2, 3, 4, 5]
    assert g.state.trash.count("Estate") == 5


def test_bishop_under_kings_court_trashes_three_times():
    g = at(hand=["King's Court", "Bishop", "Gold", "Duchy", "Estate"])
    play(g, "King's Court")
    answer(g, ["Bishop"])
    answer(g, ["Gold"])
    answer(g, ["Duchy"])
    assert g.pending is None  # the Estate is the last card: forced
    assert vp_total(g) == (1 + 3) + (1 + 2) + (1 + 1) and g.turn.coins == 3


def test_bishop_round_trip_mid_decision():
    g = at(hand=["Bishop", "Gold", "Estate"], others={1: {"hand": ["Copper", "Estate"]}})
    play(g, "Bishop")
    round_trip(g, ["Gold"], ["Copper"])
    assert g.state.trash == ["Gold", "Copper"] and vp_total(g) == 1 + 3


# ----------------------------------------------------------------------
# Charlatan


def test_charlatan_gives_3_coins_and_each_other_player_gains_a_curse():
    g = at(kingdom=WITH_CHARLATAN, hand=["Charlatan"], players=4)
    events = play(g, "Charlatan")
    assert g.turn.coins == 3
    assert [(e["seat"], e["card"]) for e in of_type(events, "gain")] == \
        [(1, "Curse"), (2, "Curse"), (3, "Curse")]


def test_charlatan_curses_are_dealt_in_turn_order():
    g = at(kingdom=WITH_CHARLATAN, hand=["Charlatan"], players=4, supply={"Curse": 2})
    g.state.turn.seat = 0
    play(g, "Charlatan")
    assert [me(g, s).discard for s in (1, 2, 3)] == [["Curse"], ["Curse"], []]


def test_charlatan_moat_blocks_the_curse():
    g = at(kingdom=WITH_CHARLATAN, hand=["Charlatan"], players=3,
           others={1: {"hand": ["Moat"]}})
    play(g, "Charlatan")
    pending_is(g, 1, "reaction.reveal")
    answer(g, ["Moat"])
    assert me(g, 1).discard == [] and me(g, 2).discard == ["Curse"]


def test_charlatan_makes_curse_a_treasure_playable_for_1():
    g = at(kingdom=WITH_CHARLATAN, hand=["Curse", "Copper"])
    assert {"type": "play", "card": "Curse"} in g.legal_commands(0)
    assert "Treasure" in g.types("Curse") and g.is_treasure("Curse")
    play(g, "Curse")
    assert g.turn.coins == 1 and me(g).in_play == ["Curse"]
    g.apply(0, PlayTreasures())
    assert g.turn.coins == 2
    assert g.score(0) == -1  # still worth -1 VP


def test_charlatan_without_it_curse_is_not_playable():
    g = at(hand=["Curse", "Copper"])
    assert {"type": "play", "card": "Curse"} not in g.legal_commands(0)
    with pytest.raises(IllegalCommand) as err:
        play(g, "Curse")
    assert err.value.code == "not_playable"
    g.apply(0, PlayTreasures())
    assert me(g).hand == ["Curse"] and g.turn.coins == 1


def test_charlatan_play_all_treasures_plays_the_curses_too():
    g = at(kingdom=WITH_CHARLATAN, hand=["Curse", "Copper", "Curse", "Estate"])
    g.apply(0, PlayTreasures())
    assert g.turn.coins == 3 and me(g).hand == ["Estate"]


def test_charlatan_courtier_gives_two_choices_for_a_curse():
    g = at(kingdom=WITH_CHARLATAN, hand=["Courtier", "Curse"])
    play(g, "Courtier")
    d = pending_is(g, 0, "courtier.choose")
    assert d.args["count"] == 2 and (d.min, d.max) == (2, 2)
    g = at(hand=["Courtier", "Curse"])
    play(g, "Courtier")
    assert pending_is(g, 0, "courtier.choose").args["count"] == 1  # no Charlatan


def test_charlatan_magnate_counts_curses_as_treasures():
    g = at(kingdom=WITH_CHARLATAN, hand=["Magnate", "Curse", "Curse", "Estate"],
           deck=["Silver", "Gold", "Duchy"])
    play(g, "Magnate")
    assert sorted(me(g).hand) == ["Curse", "Curse", "Estate", "Gold", "Silver"]


def test_charlatan_curse_on_another_turn_meets_watchtower():
    g = at(kingdom=WITH_CHARLATAN, hand=["Charlatan"], others={1: {"hand": ["Watchtower"]}})
    play(g, "Charlatan")
    d = pending_is(g, 1, "watchtower.reveal")
    assert d.args == {"gained": "Curse", "to": "discard"}
    answer(g, "trash")
    assert me(g, 1).discard == [] and g.state.trash == ["Curse"]


# ----------------------------------------------------------------------
# City


def test_city_with_no_empty_pile_is_a_village():
    g = at(hand=["City"], deck=["Copper", "Silver"])
    play(g, "City")
    assert me(g).hand == ["Copper"] and (g.turn.actions, g.turn.buys, g.turn.coins) == (2, 1, 0)


def test_city_with_one_empty_pile_draws_another_card():
    g = at(hand=["City"], deck=["Copper", "Silver", "Gold"], supply={"Moat": 0})
    play(g, "City")
    assert me(g).hand == ["Copper", "Silver"]
    assert (g.turn.actions, g.turn.buys, g.turn.coins) == (2, 1, 0)


def test_city_with_two_empty_piles_total_is_2_cards_2_actions_1_coin_1_buy():
    g = at(hand=["City"], deck=["Copper", "Silver", "Gold"], supply={"Moat": 0, "Curse": 0})
    play(g, "City")
    assert me(g).hand == ["Copper", "Silver"]
    assert (g.turn.actions, g.turn.buys, g.turn.coins) == (2, 2, 1)


def test_city_no_extra_bonus_for_three_empty_piles():
    g = at(hand=["City"], deck=["Copper", "Silver", "Gold"],
           supply={"Moat": 0, "Curse": 0, "Vault": 0})
    play(g, "City")
    assert len(me(g).hand) == 2 and (g.turn.actions, g.turn.buys, g.turn.coins) == (2, 2, 1)


def test_city_the_trash_is_not_a_supply_pile():
    g = at(hand=["City"], deck=["Copper", "Silver", "Gold"])
    g.state.trash = ["Estate"]
    play(g, "City")
    assert len(me(g).hand) == 1


def test_city_counted_only_when_played_later_empty_piles_do_not_change_it():
    g = at(hand=["City", "Workshop"], deck=["Copper", "Silver", "Gold"], supply={"Moat": 0,
                                                                                  "Silver": 1})
    play(g, "City")
    assert len(me(g).hand) == 1 + 2 and g.turn.coins == 0
    play(g, "Workshop")
    answer(g, "Silver")  # the second pile empties now
    assert g.empty_piles() == 2 and g.turn.coins == 0 and g.turn.buys == 1


def test_city_under_kings_court_counts_at_each_play():
    g = at(hand=["King's Court", "City", "Workshop"], deck=["Copper"] * 6,
           supply={"Moat": 0, "Curse": 0})
    play(g, "King's Court")
    answer(g, ["City"])
    assert (g.turn.actions, g.turn.buys, g.turn.coins) == (6, 4, 3)
    assert len(me(g).hand) == 1 + 6


# ----------------------------------------------------------------------
# Clerk


def test_clerk_gives_2_coins_and_victims_with_5_cards_topdeck_one():
    g = at(hand=["Clerk"], players=3,
           others={1: {"hand": ["Copper", "Estate", "Silver", "Gold", "Duchy"], "deck": ["Curse"]},
                   2: {"hand": ["Copper", "Estate", "Silver", "Gold"]}})
    play(g, "Clerk")
    assert g.turn.coins == 2
    d = pending_is(g, 1, "clerk.topdeck")
    assert (d.min, d.max) == (1, 1) and len(d.options) == 5
    hidden_from_others(g)
    events = answer(g, ["Gold"])
    assert deck_top(g, 1) == ["Gold", "Curse"] and len(me(g, 1).hand) == 4
    topdeck = of_type(events, "topdeck", 1)[0]
    assert topdeck["private"] is True
    assert g.pending is None and len(me(g, 2).hand) == 4  # 4 cards: not attacked


def test_clerk_a_card_put_onto_an_empty_deck_becomes_its_only_card():
    g = at(hand=["Clerk"], others={1: {"hand": five("Estate")}})
    play(g, "Clerk")
    assert g.pending is None  # all alike: not asked
    assert me(g, 1).deck == ["Estate"] and me(g, 1).hand == ["Estate"] * 4


def test_clerk_moat_blocks_it():
    g = at(hand=["Clerk"], others={1: {"hand": ["Moat", "Copper", "Copper", "Estate", "Gold"]}})
    play(g, "Clerk")
    answer(g, ["Moat"])
    assert g.pending is None and len(me(g, 1).hand) == 5


def test_clerk_is_played_at_the_start_of_the_turn_several_one_at_a_time_each_attacks():
    g = at(hand=["Copper"], deck=["Copper", "Estate", "Silver", "Copper", "Gold", "Estate"],
           phase=BUY_PHASE, players=3,
           others={1: {"hand": ["Clerk", "Clerk", "Silver"]},
                   2: {"hand": ["Copper", "Copper", "Estate", "Estate", "Gold"]}})
    end_phase(g)  # seat 0's clean-up: 5 new cards, then seat 1's turn begins
    assert g.turn.seat == 1
    d = pending_is(g, 1, "turn_start.play")
    assert d.options == ["Clerk"] and (d.min, d.max) == (0, 1) and d.card is None
    hidden_from_others(g)
    answer(g, ["Clerk"])
    pending_is(g, 2, "clerk.topdeck")
    answer(g, ["Gold"])
    pending_is(g, 0, "clerk.topdeck")
    answer(g, ["Estate"])
    pending_is(g, 1, "turn_start.play")  # asked again: one Clerk at a time
    round_trip(g, ["Clerk"])
    # The second Clerk attacks again, but seat 0 and seat 2 now hold 4 cards.
    assert g.pending is None
    assert g.turn.actions == 1 and g.turn.coins == 4 and g.turn.actions_played == 2
    assert me(g, 1).in_play == ["Clerk", "Clerk"] and me(g, 1).hand == ["Silver"]
    assert deck_top(g, 0)[0] == "Estate" and deck_top(g, 2) == ["Gold"]


def test_clerk_two_clerks_at_the_start_of_the_turn_attack_twice():
    g = at(hand=[], phase=BUY_PHASE, players=3,
           others={1: {"hand": ["Clerk", "Clerk"]},
                   2: {"hand": ["Copper", "Estate", "Silver", "Gold", "Duchy", "Curse"]}})
    end_phase(g)
    answer(g, ["Clerk"])
    answer(g, ["Curse"])  # seat 2, 6 cards; seat 0 has an empty deck and hand: 0 cards
    answer(g, ["Clerk"])
    events = answer(g, ["Duchy"])  # the second attack: 5 cards left
    assert g.pending is None and deck_top(g, 2) == ["Duchy", "Curse"]
    topdeck = of_type(events, "topdeck", 2)[0]
    assert render_event(topdeck, 0) == {**{k: v for k, v in topdeck.items()
                                           if k not in ("private", "cards")},
                                        "count": 1, "text": render_event(topdeck, 0)["text"]}
    assert render_event(topdeck, 2)["cards"] == ["Duchy"]


def test_clerk_each_start_of_turn_play_attacks_again():
    g = at(hand=[], deck=[], phase=BUY_PHASE,
           others={1: {"hand": ["Clerk", "Clerk"]}})
    me(g).deck = ["Copper"] * 7  # seat 0 draws 5; 2 remain
    end_phase(g)
    answer(g, ["Clerk"])
    assert len(me(g).hand) == 4  # first attack took one
    answer(g, ["Clerk"])  # the second sees 4 cards: no effect
    assert len(me(g).hand) == 4 and g.turn.coins == 4


def test_clerk_may_be_skipped_at_the_start_of_the_turn_and_played_normally():
    g = at(hand=[], phase=BUY_PHASE, others={1: {"hand": ["Clerk", "Estate"]}})
    end_phase(g)
    answer(g, [])
    assert g.pending is None and g.turn.coins == 0
    play(g, "Clerk", seat=1)
    assert g.turn.actions == 0 and g.turn.coins == 2


def test_clerk_attacks_each_of_five_other_players():
    others = {s: {"hand": ["Copper", "Copper", "Copper", "Estate", "Silver"]} for s in range(1, 6)}
    g = at(hand=["Clerk"], players=6, others=others)
    play(g, "Clerk")
    asked = []
    while g.pending is not None:
        asked.append(g.pending.seat)
        answer(g, ["Estate"])
    assert asked == [1, 2, 3, 4, 5]
    assert all(me(g, s).deck == ["Estate"] for s in range(1, 6))


# ----------------------------------------------------------------------
# Counting House


def test_counting_house_puts_chosen_coppers_from_the_discard_pile_into_the_hand():
    g = at(hand=["Counting House"], discard=["Copper", "Estate", "Copper", "Silver", "Copper"])
    play(g, "Counting House")
    d = pending_is(g, 0, "counting_house.take")
    assert d.options == ["Copper"] * 3 and (d.min, d.max) == (0, 3)
    hidden_from_others(g)
    events = answer(g, ["Copper", "Copper"])
    assert me(g).hand == ["Copper", "Copper"]
    assert sorted(me(g).discard) == ["Copper", "Estate", "Silver"]
    assert of_type(events, "reveal", 0) == [
        {"type": "reveal", "seat": 0, "cards": ["Copper", "Copper"]}]


def test_counting_house_only_the_coppers_taken_are_shown():
    g = at(hand=["Counting House"], discard=["Copper", "Gold"])
    play(g, "Counting House")
    events = answer(g, [])
    assert me(g).hand == [] and of_type(events, "reveal") == []
    g = at(hand=["Counting House"], discard=["Estate", "Gold"])
    events = play(g, "Counting House")
    assert g.pending is None and of_type(events, "reveal") == []


def test_counting_house_round_trip_mid_decision():
    g = at(hand=["Counting House"], discard=["Copper", "Copper"])
    play(g, "Counting House")
    round_trip(g, ["Copper"])
    assert me(g).hand == ["Copper"] and me(g).discard == ["Copper"]


# ----------------------------------------------------------------------
# Expand


def test_expand_trashes_a_card_and_gains_one_costing_up_to_3_more():
    g = at(hand=["Expand", "Silver", "Estate"])
    play(g, "Expand")
    d = pending_is(g, 0, "expand.trash")
    assert d.options == ["Silver", "Estate"]
    hidden_from_others(g)
    answer(g, ["Silver"])
    d = pending_is(g, 0, "expand.gain")
    assert d.args == {"max_cost": 6}
    assert "Gold" in d.options and "Grand Market" in d.options and "Expand" not in d.options
    public_to_others(g)
    answer(g, "Gold")
    assert me(g).discard == ["Gold"] and g.state.trash == ["Silver"]


def test_expand_cannot_trash_itself_and_with_no_card_gains_nothing():
    g = at(hand=["Expand"])
    events = play(g, "Expand")
    assert g.pending is None and of_type(events, "gain") == [] and g.state.trash == []
    assert me(g).in_play == ["Expand"]


def test_expand_may_gain_a_cheaper_card_or_a_copy():
    g = at(hand=["Expand", "Gold"])
    play(g, "Expand")
    d = pending_is(g, 0, "expand.gain")
    assert "Copper" in d.options and "Gold" in d.options
    answer(g, "Copper")
    assert me(g).discard == ["Copper"]


def test_expand_coins_do_not_help():
    g = at(hand=["Expand", "Copper"], coins=5)
    play(g, "Expand")
    d = pending_is(g, 0, "expand.gain")
    assert d.args == {"max_cost": 3} and "Gold" not in d.options


def test_expand_may_gain_grand_market_with_copper_in_play():
    g = at(hand=["Expand", "Silver"], in_play=["Copper"])
    play(g, "Expand")
    d = pending_is(g, 0, "expand.gain")
    assert "Grand Market" in d.options
    answer(g, "Grand Market")
    assert me(g).discard == ["Grand Market"]


def test_expand_round_trip_mid_decision():
    g = at(hand=["Expand", "Estate", "Copper"])
    play(g, "Expand")
    round_trip(g, ["Estate"], "Silver")
    assert me(g).discard == ["Silver"]


# ----------------------------------------------------------------------
# Forge


def test_forge_trashes_any_number_and_gains_a_card_costing_exactly_their_total():
    g = at(hand=["Forge", "Estate", "Silver", "Copper"])
    play(g, "Forge")
    d = pending_is(g, 0, "forge.trash")
    assert (d.min, d.max) == (0, 3)
    public_to_others(g)
    answer(g, ["Estate", "Silver", "Copper"])
    d = pending_is(g, 0, "forge.gain")
    assert d.args == {"cost": 5}
    assert all(g.cost(c) == 5 for c in d.options) and "Duchy" in d.options
    public_to_others(g)
    assert_invalid(g, "Gold")  # $6, not exactly $5
    answer(g, "Duchy")
    assert me(g).discard == ["Duchy"] and sorted(g.state.trash) == ["Copper", "Estate", "Silver"]


def test_forge_trashing_0_cards_means_a_0_card():
    g = at(hand=["Forge", "Gold"])
    play(g, "Forge")
    answer(g, [])
    d = pending_is(g, 0, "forge.gain")
    assert d.args == {"cost": 0} and sorted(d.options) == ["Copper", "Curse"]
    answer(g, "Curse")
    assert me(g).discard == ["Curse"] and me(g).hand == ["Gold"]


def test_forge_with_an_empty_hand_still_gains_a_0_card():
    g = at(hand=["Forge"])
    play(g, "Forge")
    d = pending_is(g, 0, "forge.gain")
    assert d.args == {"cost": 0}


def test_forge_if_no_supply_card_has_that_cost_nothing_is_gained():
    g = at(hand=["Forge", "Gold", "Gold"])
    play(g, "Forge")
    events = answer(g, ["Gold", "Gold"])  # $12: nothing costs that
    assert g.pending is None and of_type(events, "gain") == []
    assert g.state.trash == ["Gold", "Gold"]


def test_forge_uses_current_costs_with_bridge():
    g = at(hand=["Bridge", "Forge", "Silver", "Silver"], actions=2)
    play(g, "Bridge")
    play(g, "Forge")
    answer(g, ["Silver", "Silver"])  # 2 + 2 now
    d = pending_is(g, 0, "forge.gain")
    assert d.args == {"cost": 4} and "Gold" not in d.options and "Duchy" in d.options


def test_forge_round_trip_mid_decision():
    g = at(hand=["Forge", "Estate", "Estate"])
    play(g, "Forge")
    round_trip(g, ["Estate", "Estate"], "Smithy")
    assert me(g).discard == ["Smithy"]


# ----------------------------------------------------------------------
# Goons


def test_goons_gives_buy_and_coins_and_others_discard_down_to_3():
    g = at(hand=["Goons"], players=3,
           others={1: {"hand": ["Copper", "Estate", "Silver", "Gold", "Duchy"]},
                   2: {"hand": ["Copper", "Estate", "Silver"]}})
    play(g, "Goons")
    assert (g.turn.buys, g.turn.coins) == (2, 2)
    d = pending_is(g, 1, "goons.discard")
    assert (d.min, d.max) == (2, 2)
    hidden_from_others(g)
    answer(g, ["Estate", "Duchy"])
    assert g.pending is None
    assert me(g, 1).hand == ["Copper", "Silver", "Gold"] and len(me(g, 2).hand) == 3


def test_goons_one_vp_token_per_card_bought_while_in_play():
    g = at(hand=["Goons", "Gold", "Silver"])
    play(g, "Goons")
    g.apply(0, PlayTreasures())
    events = buy(g, "Silver")
    assert vp_total(g) == 1
    assert of_type(events, "vp", 0) == [{"type": "vp", "seat": 0, "vp": 1, "total": 1}]
    buy(g, "Silver")
    assert vp_total(g) == 2


def test_goons_two_goons_in_play_give_2_per_buy():
    g = at(hand=["Goons", "Goons", "Village"], deck=["Copper"])
    play(g, "Village")
    play(g, "Goons")
    play(g, "Goons")
    buy(g, "Copper")
    assert vp_total(g) == 2


def test_goons_under_kings_court_is_still_one_card_and_gives_1_per_buy():
    g = at(hand=["King's Court", "Goons"],
           others={1: {"hand": ["Copper", "Estate", "Silver", "Gold", "Duchy"]}})
    play(g, "King's Court")
    answer(g, ["Goons"])
    answer(g, ["Estate", "Duchy"])  # the first play; later plays find 3 cards
    assert g.pending is None
    assert (g.turn.buys, g.turn.coins) == (4, 6)
    buy(g, "Silver")
    assert vp_total(g) == 1


def test_goons_under_throne_room_counts_once_too():
    g = at(hand=["Throne Room", "Goons"])
    play(g, "Throne Room")
    answer(g, ["Goons"])
    buy(g, "Copper")
    assert vp_total(g) == 1


def test_goons_gaining_without_buying_gives_no_token():
    g = at(hand=["Workshop"], in_play=["Goons"])
    play(g, "Workshop")
    answer(g, "Silver")
    assert vp_total(g) == 0


def test_goons_attack_on_six_players_each_asked_in_turn_order():
    others = {s: {"hand": ["Copper", "Estate", "Silver", "Gold", "Duchy"]} for s in range(1, 6)}
    g = at(hand=["Goons"], players=6, others=others)
    play(g, "Goons")
    asked = []
    while g.pending is not None:
        asked.append(g.pending.seat)
        answer(g, ["Estate", "Duchy"])
    assert asked == [1, 2, 3, 4, 5]


def test_goons_round_trip_mid_decision():
    g = at(hand=["Goons"], others={1: {"hand": ["Copper", "Estate", "Silver", "Gold"]}})
    play(g, "Goons")
    round_trip(g, ["Estate"])
    assert me(g, 1).hand == ["Copper", "Silver", "Gold"]


# ----------------------------------------------------------------------
# Grand Market


def test_grand_market_gives_card_action_buy_and_2_coins():
    g = at(hand=["Grand Market"], deck=["Silver"])
    play(g, "Grand Market")
    assert me(g).hand == ["Silver"]
    assert (g.turn.actions, g.turn.buys, g.turn.coins) == (1, 2, 2)


def test_grand_market_cannot_be_bought_with_a_copper_in_play():
    g = at(hand=["Copper", "Gold", "Gold"])
    g.apply(0, PlayTreasures())
    assert g.turn.coins == 7
    assert {"type": "buy", "card": "Grand Market"} not in g.legal_commands(0)
    saved = g.to_dict()
    with pytest.raises(IllegalCommand) as err:
        buy(g, "Grand Market")
    assert err.value.code == "buy_forbidden"
    assert g.to_dict() == saved
    assert {"type": "buy", "card": "Gold"} in g.legal_commands(0)


def test_grand_market_coppers_in_hand_do_not_block_you_need_not_play_them():
    g = at(hand=["Copper", "Gold", "Silver"], phase=BUY_PHASE)
    g.apply(0, {"type": "play", "card": "Gold"})
    g.apply(0, {"type": "play", "card": "Silver"})
    assert {"type": "buy", "card": "Grand Market"} not in g.legal_commands(0)  # $5
    g.turn.coins += 1
    assert {"type": "buy", "card": "Grand Market"} in g.legal_commands(0)
    buy(g, "Grand Market")
    assert me(g).discard == ["Grand Market"]


def test_grand_market_coppers_that_left_play_do_not_block():
    g = at(hand=["Gold"], in_play=["Copper"], phase=BUY_PHASE, coins=7)
    assert {"type": "buy", "card": "Grand Market"} not in g.legal_commands(0)
    # As Mint's trashing would: the Copper leaves play.
    me(g).in_play.remove("Copper")
    g.state.trash.append("Copper")
    assert {"type": "buy", "card": "Grand Market"} in g.legal_commands(0)
    buy(g, "Grand Market")
    assert me(g).discard == ["Grand Market"]


def test_grand_market_other_1_coin_treasures_do_not_block():
    g = at(kingdom=WITH_CHARLATAN, hand=["Curse", "Gold", "Silver"])
    g.apply(0, PlayTreasures())  # Curse is a $1 Treasure here
    assert g.turn.coins == 6 and "Curse" in me(g).in_play
    buy(g, "Grand Market")
    assert me(g).discard == ["Grand Market"]


def test_grand_market_gaining_it_other_ways_is_allowed_with_copper_in_play():
    g = at(hand=["Expand", "Duchy"], in_play=["Copper"])
    play(g, "Expand")
    answer(g, "Grand Market")  # Duchy: the only card, trashed without asking
    assert me(g).discard == ["Grand Market"]


def test_grand_market_under_kings_court_leaves_3_actions():
    g = at(hand=["King's Court", "Grand Market"], deck=["Copper"] * 3)
    play(g, "King's Court")
    answer(g, ["Grand Market"])
    assert (g.turn.actions, g.turn.buys, g.turn.coins) == (3, 4, 6)


# ----------------------------------------------------------------------
# King's Court


def test_kings_court_plays_an_action_three_times_using_no_actions():
    g = at(hand=["King's Court", "Smithy", "Estate"], deck=["Copper"] * 10)
    events = play(g, "King's Court")
    d = pending_is(g, 0, "kings_court.play")
    assert d.options == ["Smithy"] and (d.min, d.max) == (0, 1)
    hidden_from_others(g)
    assert_invalid(g, ["Estate"])  # not an Action
    events = answer(g, ["Smithy"])
    assert len(me(g).hand) == 1 + 9 and g.turn.actions == 0
    assert [e["card"] for e in of_type(events, "play")] == ["Smithy"] * 3
    assert me(g).in_play == ["King's Court", "Smithy"]


def test_kings_court_is_optional_in_both_editions():
    for edition in ("1", "2"):
        g = new_game(2, KINGDOM, seed=3, edition=edition)
        p = me(g, g.turn.seat)
        p.hand = ["King's Court", "Smithy"]
        play(g, "King's Court", seat=g.turn.seat)
        answer(g, [])
        assert g.pending is None and p.hand == ["Smithy"]


def test_kings_court_without_an_action_in_hand_asks_nothing():
    g = at(hand=["King's Court", "Copper"])
    play(g, "King's Court")
    assert g.pending is None


def test_kings_court_on_kings_court_plays_three_different_actions_three_times_each():
    g = at(hand=["King's Court", "King's Court", "Monument", "Worker's Village", "Peddler"],
           deck=["Copper"] * 12)
    play(g, "King's Court")
    answer(g, ["King's Court"])
    d = pending_is(g, 0, "kings_court.play")
    assert sorted(d.options) == ["Monument", "Peddler", "Worker's Village"]
    answer(g, ["Monument"])
    answer(g, ["Worker's Village"])
    d = pending_is(g, 0, "kings_court.play")
    assert d.options == ["Peddler"]
    answer(g, ["Peddler"])
    assert g.pending is None
    assert vp_total(g) == 3
    assert (g.turn.actions, g.turn.buys, g.turn.coins) == (0 + 6 + 3, 1 + 3, 6 + 3)
    assert sorted(me(g).in_play) == sorted(["King's Court", "King's Court", "Monument",
                                            "Worker's Village", "Peddler"])


def test_kings_court_on_kings_court_never_one_card_nine_times():
    g = at(hand=["King's Court", "King's Court", "Monument"])
    play(g, "King's Court")
    answer(g, ["King's Court"])
    answer(g, ["Monument"])
    assert g.pending is None  # no second Action for the 2nd and 3rd play
    assert vp_total(g) == 3 and g.turn.coins == 6


def test_kings_court_on_throne_room_gives_three_actions_each_played_twice():
    g = at(hand=["King's Court", "Throne Room", "Monument", "Worker's Village", "Bishop",
                 "Estate"], deck=["Copper"] * 10)
    play(g, "King's Court")
    answer(g, ["Throne Room"])
    answer(g, ["Monument"])
    answer(g, ["Worker's Village"])
    answer(g, ["Bishop"])
    answer(g, ["Estate"])  # Bishop's first trash; the second finds only Coppers
    assert g.pending is None
    assert vp_total(g) == 2 + 2 + 1  # Monument x2, Bishop x2 (+1 for the Estate)
    assert (g.turn.actions, g.turn.buys) == (4, 3)


def test_kings_court_on_feast_trashes_it_once_and_gains_three_times():
    g = at(hand=["King's Court", "Feast"])
    play(g, "King's Court")
    answer(g, ["Feast"])
    for _ in range(3):
        answer(g, "Duchy")
    assert g.pending is None
    assert g.state.trash == ["Feast"] and me(g).discard == ["Duchy"] * 3


def test_kings_court_on_mining_village_gives_2_coins_at_most_once():
    g = at(hand=["King's Court", "Mining Village"], deck=["Copper"] * 3)
    play(g, "King's Court")
    answer(g, ["Mining Village"])
    pending_is(g, 0, "mining_village.trash")
    answer(g, "yes")
    assert g.pending is None  # later plays find it gone: not asked again
    assert g.turn.coins == 2 and g.state.trash == ["Mining Village"]
    assert g.turn.actions == 6 and len(me(g).hand) == 3


def test_kings_court_each_play_of_an_attack_is_a_separate_attack():
    g = at(hand=["King's Court", "Militia"],
           others={1: {"hand": ["Moat", "Copper", "Copper", "Estate", "Gold"]}})
    play(g, "King's Court")
    answer(g, ["Militia"])
    for _ in range(3):
        pending_is(g, 1, "reaction.reveal")
        answer(g, ["Moat"])
    assert g.pending is None and g.turn.coins == 6 and len(me(g, 1).hand) == 5


def test_kings_court_is_discarded_at_this_turns_clean_up_with_its_card():
    g = at(hand=["King's Court", "Monument"], deck=["Copper"] * 5)
    play(g, "King's Court")
    answer(g, ["Monument"])
    end_phase(g)
    end_phase(g)
    assert sorted(me(g).discard) == ["King's Court", "Monument"] and me(g).in_play == []
    assert vp_total(g) == 3 and g.turn.seat == 1


def test_kings_court_round_trip_mid_decision():
    g = at(hand=["King's Court", "Expand", "Estate", "Copper", "Silver"])
    play(g, "King's Court")
    round_trip(g, ["Expand"], ["Estate"], "Silver", ["Copper"], "Estate")
    pending_is(g, 0, "expand.gain")
    round_trip(g, "Gold")
    assert g.pending is None and sorted(me(g).discard) == ["Estate", "Gold", "Silver"]


# ----------------------------------------------------------------------
# Magnate


def test_magnate_reveals_the_hand_and_draws_one_per_treasure():
    g = at(hand=["Magnate", "Copper", "Silver", "Estate", "Curse"],
           deck=["Gold", "Duchy", "Province"])
    events = play(g, "Magnate")
    assert of_type(events, "reveal", 0)[0]["cards"] == ["Copper", "Silver", "Estate", "Curse"]
    assert me(g).hand == ["Copper", "Silver", "Estate", "Curse", "Gold", "Duchy"]


def test_magnate_under_kings_court_recounts_each_play():
    g = at(hand=["King's Court", "Magnate", "Copper"], deck=["Silver", "Estate", "Gold", "Gold"])
    play(g, "King's Court")
    answer(g, ["Magnate"])
    # 1 Treasure -> Silver; 2 -> Estate, Gold; 3 -> Gold (the deck runs out).
    assert sorted(me(g).hand) == ["Copper", "Estate", "Gold", "Gold", "Silver"]


# ----------------------------------------------------------------------
# Monument


def test_monument_gives_2_coins_and_a_vp_token_on_the_mat_counted_at_the_end():
    g = at(hand=["Monument"])
    events = play(g, "Monument")
    assert g.turn.coins == 2 and vp_total(g) == 1
    assert of_type(events, "vp") == [{"type": "vp", "seat": 0, "vp": 1, "total": 1}]
    assert g.score(0) == 1
    assert g.view(1)["players"][0]["vp_tokens"] == 1


# ----------------------------------------------------------------------
# Mountebank


def test_mountebank_victims_without_curse_gain_a_curse_and_a_copper_in_turn_order():
    g = at(hand=["Mountebank"], players=3)
    events = play(g, "Mountebank")
    assert g.turn.coins == 2 and g.pending is None
    assert [(e["seat"], e["card"]) for e in of_type(events, "gain")] == [
        (1, "Curse"), (1, "Copper"), (2, "Curse"), (2, "Copper")]


def test_mountebank_a_victim_may_discard_a_curse_instead():
    g = at(hand=["Mountebank"], others={1: {"hand": ["Curse", "Copper"]}})
    play(g, "Mountebank")
    d = pending_is(g, 1, "mountebank.discard_curse")
    assert d.options == ["yes", "no"]
    hidden_from_others(g)
    events = answer(g, "yes")
    assert me(g, 1).hand == ["Copper"] and me(g, 1).discard == ["Curse"]
    assert of_type(events, "gain") == []
    assert of_type(events, "discard", 1)[0]["cards"] == ["Curse"]


def test_mountebank_a_player_may_choose_not_to_discard_a_curse():
    g = at(hand=["Mountebank"], others={1: {"hand": ["Curse"]}})
    play(g, "Mountebank")
    answer(g, "no")
    assert me(g, 1).hand == ["Curse"] and me(g, 1).discard == ["Curse", "Copper"]


def test_mountebank_if_one_pile_is_empty_they_still_gain_the_other():
    g = at(hand=["Mountebank"], players=3, supply={"Curse": 1})
    play(g, "Mountebank")
    assert me(g, 1).discard == ["Curse", "Copper"] and me(g, 2).discard == ["Copper"]


def test_mountebank_moat_blocks_the_whole_attack():
    g = at(hand=["Mountebank"], others={1: {"hand": ["Moat", "Curse"]}})
    play(g, "Mountebank")
    answer(g, ["Moat"])
    assert g.pending is None and me(g, 1).discard == [] and me(g, 1).hand == ["Moat", "Curse"]


def test_mountebank_watchtower_handles_the_curse_and_the_copper_separately():
    g = at(hand=["Mountebank"], others={1: {"hand": ["Watchtower"]}})
    play(g, "Mountebank")
    d = pending_is(g, 1, "watchtower.reveal")
    assert d.args == {"gained": "Curse", "to": "discard"}
    answer(g, "trash")
    d = pending_is(g, 1, "watchtower.reveal")
    assert d.args == {"gained": "Copper", "to": "discard"}
    answer(g, "deck")
    assert g.state.trash == ["Curse"] and me(g, 1).deck == ["Copper"]
    assert me(g, 1).discard == []


def test_mountebank_six_players():
    others = {s: {"hand": ["Curse"] if s % 2 else ["Estate"]} for s in range(1, 6)}
    g = at(hand=["Mountebank"], players=6, others=others)
    play(g, "Mountebank")
    asked = []
    while g.pending is not None:
        asked.append(g.pending.seat)
        answer(g, "yes")
    assert asked == [1, 3, 5]
    assert [len(me(g, s).discard) for s in range(1, 6)] == [1, 2, 1, 2, 1]


def test_mountebank_round_trip_mid_decision():
    g = at(hand=["Mountebank"], players=3, others={1: {"hand": ["Curse"]},
                                                    2: {"hand": ["Curse"]}})
    play(g, "Mountebank")
    round_trip(g, "no", "yes")
    assert me(g, 1).discard == ["Curse", "Copper"] and me(g, 2).discard == ["Curse"]


# ----------------------------------------------------------------------
# Peddler


def test_peddler_is_a_cantrip_with_a_coin():
    g = at(hand=["Peddler"], deck=["Gold"])
    play(g, "Peddler")
    assert me(g).hand == ["Gold"] and (g.turn.actions, g.turn.coins) == (1, 1)


def test_peddler_costs_8_in_the_action_phase_and_2_less_per_action_in_play_in_the_buy_phase():
    g = at(hand=["Village", "Smithy", "Workshop"], deck=["Copper"] * 3, actions=1)
    play(g, "Village")
    play(g, "Smithy")
    assert g.cost("Peddler") == 8  # Action phase, 2 Actions in play
    costs = {e["card"]: e["cost"] for e in g.view(0)["supply"]}
    assert costs["Peddler"] == 8
    g.apply(0, PlayTreasures())
    assert g.state.turn.phase == BUY_PHASE and g.cost("Peddler") == 4
    assert g.cost("City") == 5  # only Peddler itself


def test_peddler_gains_during_the_action_phase_see_8():
    g = at(hand=["Village", "Smithy", "Expand", "Gold"], deck=["Estate"] * 3, actions=1)
    play(g, "Village")
    play(g, "Expand")
    answer(g, ["Gold"])  # up to $9
    d = pending_is(g, 0, "expand.gain")
    assert "Peddler" in d.options and g.cost("Peddler") == 8


def test_peddler_counts_action_cards_not_plays():
    g = at(hand=["King's Court", "Worker's Village"], deck=["Copper"] * 3)
    play(g, "King's Court")
    answer(g, ["Worker's Village"])
    end_phase(g)
    assert g.cost("Peddler") == 8 - 2 * 2  # King's Court + Worker's Village


def test_peddler_cost_stacks_with_bridge_and_never_goes_below_0():
    g = at(hand=["Bridge", "Village", "Village", "Village", "Peddler"], deck=["Copper"] * 5,
           actions=1)
    play(g, "Village")
    play(g, "Village")
    play(g, "Village")
    play(g, "Bridge")
    end_phase(g)
    assert g.cost("Peddler") == 0  # 8 - 1 - 8, floored


def test_peddler_legal_buy_at_its_reduced_cost_in_the_buy_phase():
    g = at(hand=["Village", "Smithy", "Silver"], deck=["Copper", "Copper", "Estate"])
    play(g, "Village")
    play(g, "Smithy")
    g.apply(0, PlayTreasures())
    assert g.turn.coins == 4
    assert {"type": "buy", "card": "Peddler"} in g.legal_commands(0)
    buy(g, "Peddler")
    assert g.turn.coins == 0 and me(g).discard == ["Peddler"]


def test_peddler_buy_sent_from_the_action_phase_uses_the_buy_phase_cost():
    g = at(hand=["Village", "Smithy"], deck=["Copper"] * 3, coins=4)
    play(g, "Village")
    play(g, "Smithy")
    assert g.turn.phase != BUY_PHASE and g.turn.coins == 4
    # A buy starts the Buy phase, where Peddler costs $4.
    assert {"type": "buy", "card": "Peddler"} in g.legal_commands(0)
    buy(g, "Peddler")
    assert g.turn.coins == 0 and me(g).discard == ["Peddler"]


# ----------------------------------------------------------------------
# Rabble


def test_rabble_draws_3_and_victims_discard_revealed_actions_and_treasures():
    g = at(hand=["Rabble"], deck=["Copper"] * 3,
           others={1: {"deck": ["Silver", "Estate", "Village", "Duchy"]}})
    events = play(g, "Rabble")
    assert len(me(g).hand) == 3
    assert of_type(events, "reveal", 1)[0]["cards"] == ["Silver", "Estate", "Village"]
    assert sorted(me(g, 1).discard) == ["Silver", "Village"]
    assert deck_top(g, 1) == ["Estate", "Duchy"]
    assert g.pending is None  # one card goes back: no order to choose


def test_rabble_the_rest_goes_back_in_the_order_the_victim_chooses():
    g = at(hand=["Rabble"], others={1: {"deck": ["Estate", "Curse", "Duchy", "Gold"]}})
    play(g, "Rabble")
    d = pending_is(g, 1, "rabble.order")
    assert sorted(d.options) == ["Curse", "Duchy", "Estate"]
    public_to_others(g)
    answer(g, ["Duchy", "Estate", "Curse"])
    assert deck_top(g, 1) == ["Duchy", "Estate", "Curse", "Gold"]


def test_rabble_multi_type_cards_with_action_or_treasure_are_discarded():
    g = at(hand=["Rabble"], kingdom=KINGDOM + ["Harem", "Nobles", "Great Hall"],
           others={1: {"deck": ["Harem", "Nobles", "Great Hall", "Estate"]}})
    play(g, "Rabble")
    assert sorted(me(g, 1).discard) == ["Great Hall", "Harem", "Nobles"]
    assert deck_top(g, 1) == ["Estate"]


def test_rabble_players_shuffle_if_needed_and_reveal_what_they_can():
    g = at(hand=["Rabble"], others={1: {"deck": ["Estate"], "discard": ["Copper"]}})
    events = play(g, "Rabble")
    assert of_type(events, "shuffle", 1)
    assert of_type(events, "reveal", 1)[0]["cards"] == ["Estate", "Copper"]
    assert me(g, 1).discard == ["Copper"] and me(g, 1).deck == ["Estate"]
    g = at(hand=["Rabble"], others={1: {"deck": []}})
    play(g, "Rabble")
    assert g.pending is None


def test_rabble_with_charlatan_curses_are_treasures_and_discarded():
    g = at(hand=["Rabble"], kingdom=WITH_CHARLATAN,
           others={1: {"deck": ["Curse", "Estate", "Curse"]}})
    play(g, "Rabble")
    assert me(g, 1).discard == ["Curse", "Curse"] and me(g, 1).deck == ["Estate"]


def test_rabble_moat_and_several_victims():
    g = at(hand=["Rabble"], players=4,
           others={1: {"hand": ["Moat"], "deck": ["Copper"] * 3},
                   2: {"deck": ["Copper", "Estate", "Duchy"]},
                   3: {"deck": ["Gold"] * 3}})
    play(g, "Rabble")
    answer(g, ["Moat"])
    pending_is(g, 2, "rabble.order")
    round_trip(g, ["Estate", "Duchy"])
    assert me(g, 1).discard == [] and me(g, 2).discard == ["Copper"]
    assert deck_top(g, 2) == ["Estate", "Duchy"] and me(g, 3).discard == ["Gold"] * 3


# ----------------------------------------------------------------------
# Trade Route


TR_KINGDOM = ["Trade Route", "Watchtower", "Workshop", "Gardens", "Duke", "Harem", "Nobles",
              "Great Hall", "Mill", "Village"]


def test_trade_route_tokens_go_on_every_victory_supply_pile():
    g = new_game(2, TR_KINGDOM, seed=1)
    assert sorted(g.state.trade_route) == sorted(
        ["Estate", "Duchy", "Province", "Gardens", "Duke", "Harem", "Nobles", "Great Hall",
         "Mill"])
    assert g.state.trade_route_mat == 0
    g = new_game(2, TR_KINGDOM, seed=1, colony=True)
    assert "Colony" in g.state.trade_route and "Platinum" not in g.state.trade_route
    g = new_game(2, KINGDOM[:10], seed=1)
    assert "Trade Route" not in g.state.kingdom and g.state.trade_route == []


def test_trade_route_gives_a_buy_coins_per_mat_token_and_trashes_a_card():
    g = at(kingdom=TR_KINGDOM, hand=["Trade Route", "Estate", "Copper"])
    g.state.trade_route.remove("Estate")
    g.state.trade_route_mat = 1
    play(g, "Trade Route")
    assert (g.turn.buys, g.turn.coins) == (2, 1)
    d = pending_is(g, 0, "trade_route.trash")
    assert (d.min, d.max) == (1, 1)
    hidden_from_others(g)
    round_trip(g, ["Estate"])
    assert g.state.trash == ["Estate"]


def test_trade_route_trashing_is_mandatory_if_you_have_a_card():
    g = at(kingdom=TR_KINGDOM, hand=["Trade Route", "Gold"])
    play(g, "Trade Route")
    assert g.state.trash == ["Gold"] and g.turn.coins == 0
    g = at(kingdom=TR_KINGDOM, hand=["Trade Route"])
    play(g, "Trade Route")
    assert g.state.trash == [] and g.turn.buys == 2


def test_trade_route_token_moves_when_anyone_gains_from_the_pile_by_any_means():
    g = at(kingdom=TR_KINGDOM, hand=["Workshop"], coins=8, actions=1)
    play(g, "Workshop")
    events = answer(g, "Gardens")
    assert of_type(events, "trade_route") == [
        {"type": "trade_route", "seat": 0, "card": "Gardens", "mat": 1}]
    assert "Gardens" not in g.state.trade_route
    buy(g, "Province")
    assert g.state.trade_route_mat == 2
    # A second Province moves nothing: the token is already on the mat.
    g.turn.buys += 1
    g.turn.coins += 8
    assert of_type(buy(g, "Province"), "trade_route") == []
    assert g.state.trade_route_mat == 2


def test_trade_route_tokens_of_every_victory_kingdom_pile_and_colony():
    g = new_game(2, TR_KINGDOM, seed=2, colony=True)
    for pile in ["Estate", "Duchy", "Province", "Colony", "Gardens", "Duke", "Harem", "Nobles",
                 "Great Hall", "Mill"]:
        g.gain(1, pile)  # another player's gain, not a buy
    assert g.state.trade_route == [] and g.state.trade_route_mat == 10
    g.gain(1, "Silver")
    assert g.state.trade_route_mat == 10


def test_trade_route_tokens_stay_on_the_mat_for_the_rest_of_the_game():
    g = at(kingdom=TR_KINGDOM, hand=["Trade Route", "Copper"], others={1: {"hand": []}})
    g.gain(1, "Estate")
    g.gain(1, "Duchy")
    g.state.supply["Estate"] += 1  # a refilled pile gets no new token
    assert "Estate" not in g.state.trade_route
    play(g, "Trade Route")
    assert g.turn.coins == 2


def test_trade_route_watchtower_trashing_the_bought_card_still_moves_the_token():
    g = at(kingdom=TR_KINGDOM, hand=["Watchtower"], phase=BUY_PHASE, coins=5)
    events = buy(g, "Duchy")
    d = pending_is(g, 0, "watchtower.reveal")
    assert d.args == {"gained": "Duchy", "to": "discard"}
    events += answer(g, "trash")
    assert g.state.trash == ["Duchy"] and me(g).discard == []
    assert g.state.trade_route_mat == 1 and "Duchy" not in g.state.trade_route
    assert [e["type"] for e in events if e["type"] in ("gain", "trade_route", "react", "trash")] \
        == ["gain", "trade_route", "react", "trash"]


# ----------------------------------------------------------------------
# Vault


def test_vault_draws_2_and_discards_any_number_for_a_coin_each():
    g = at(hand=["Vault", "Estate", "Copper"], deck=["Duchy", "Silver"])
    play(g, "Vault")
    d = pending_is(g, 0, "vault.discard")
    assert sorted(d.options) == ["Copper", "Duchy", "Estate", "Silver"] and (d.min, d.max) == (0, 4)
    public_to_others(g)
    answer(g, ["Estate", "Duchy"])  # Duchy was just drawn
    assert g.turn.coins == 2 and sorted(me(g).hand) == ["Copper", "Silver"]


def test_vault_others_may_discard_exactly_2_to_draw_1_in_turn_order():
    g = at(hand=["Vault"], deck=["Copper", "Copper"], players=4,
           others={1: {"hand": ["Estate", "Duchy", "Gold"], "deck": ["Silver"]},
                   2: {"hand": ["Estate", "Copper"], "deck": ["Gold"]},
                   3: {"hand": ["Estate", "Gold"]}})
    play(g, "Vault")
    answer(g, [])
    d = pending_is(g, 1, "vault.offer")
    assert d.options == ["yes", "no"]
    public_to_others(g)
    answer(g, "yes")
    d = pending_is(g, 1, "vault.other_discard")
    assert (d.min, d.max) == (2, 2)
    hidden_from_others(g)
    answer(g, ["Estate", "Duchy"])
    assert sorted(me(g, 1).hand) == ["Gold", "Silver"]
    pending_is(g, 2, "vault.offer")
    answer(g, "yes")  # exactly 2 cards: both go, not asked which
    assert me(g, 2).hand == ["Gold"] and sorted(me(g, 2).discard) == ["Copper", "Estate"]
    pending_is(g, 3, "vault.offer")
    answer(g, "no")
    assert g.pending is None and me(g, 3).hand == ["Estate", "Gold"]


def test_vault_a_player_with_one_card_may_discard_it_but_draws_nothing():
    g = at(hand=["Vault"], others={1: {"hand": ["Estate"], "deck": ["Gold"]}})
    play(g, "Vault")
    pending_is(g, 1, "vault.offer")
    answer(g, "yes")
    assert g.pending is None
    assert me(g, 1).hand == [] and me(g, 1).discard == ["Estate"] and me(g, 1).deck == ["Gold"]


def test_vault_players_with_empty_hands_are_not_asked():
    g = at(hand=["Vault"], players=3, others={2: {"hand": ["Copper", "Copper"]}})
    play(g, "Vault")
    pending_is(g, 2, "vault.offer")


def test_vault_is_not_an_attack():
    g = at(hand=["Vault"], others={1: {"hand": ["Moat", "Estate"]}})
    play(g, "Vault")
    pending_is(g, 1, "vault.offer")  # no reaction.reveal first


def test_vault_offer_to_six_players():
    others = {s: {"hand": ["Estate", "Copper", "Silver"], "deck": ["Gold"]} for s in range(1, 6)}
    g = at(hand=["Vault"], players=6, others=others)
    play(g, "Vault")
    asked = []
    while g.pending is not None:
        d = g.pending
        if d.prompt == "vault.offer":
            asked.append(d.seat)
            answer(g, "yes" if d.seat % 2 else "no")
        else:
            answer(g, ["Estate", "Copper"])
    assert asked == [1, 2, 3, 4, 5]
    assert [sorted(me(g, s).hand) for s in (1, 2)] == [["Gold", "Silver"],
                                                        ["Copper", "Estate", "Silver"]]


def test_vault_round_trip_mid_decision():
    g = at(hand=["Vault", "Estate"], deck=["Copper", "Copper"],
           others={1: {"hand": ["Estate", "Duchy", "Gold"], "deck": ["Silver"]}})
    play(g, "Vault")
    round_trip(g, ["Estate"], "yes", ["Duchy", "Estate"])
    assert g.turn.coins == 1 and sorted(me(g, 1).hand) == ["Gold", "Silver"]


# ----------------------------------------------------------------------
# Watchtower


def test_watchtower_draws_until_6_cards_in_hand():
    g = at(hand=["Watchtower", "Copper", "Copper"], deck=["Silver"] * 6)
    play(g, "Watchtower")
    assert len(me(g).hand) == 6 and len(me(g).deck) == 2


def test_watchtower_if_6_or_more_in_hand_draws_nothing():
    g = at(hand=["Watchtower"] + ["Copper"] * 6, deck=["Silver"])
    events = play(g, "Watchtower")
    assert len(me(g).hand) == 6 and of_type(events, "draw") == []


def test_watchtower_on_your_own_buy_trash_or_topdeck():
    g = at(hand=["Watchtower", "Gold"], phase=BUY_PHASE, coins=6, buys=2)
    buy(g, "Silver")
    d = pending_is(g, 0, "watchtower.reveal")
    assert d.options == ["trash", "deck", "no"] and d.card == "Watchtower"
    hidden_from_others(g)
    events = answer(g, "deck")
    assert of_type(events, "react", 0) == [{"type": "react", "seat": 0, "card": "Watchtower"}]
    assert me(g).deck == ["Silver"] and me(g).discard == []
    buy(g, "Silver")
    answer(g, "no")  # asked again for the second gain: it stays in hand
    assert me(g).discard == ["Silver"] and "Watchtower" in me(g).hand


def test_watchtower_several_gains_in_one_turn_each_asked():
    g = at(hand=["Watchtower", "Worker's Village"], deck=["Copper"], coins=3)
    play(g, "Worker's Village")
    end_phase(g)
    buy(g, "Estate")
    answer(g, "trash")
    buy(g, "Copper")
    round_trip(g, "deck")
    assert g.state.trash == ["Estate"] and deck_top(g) == ["Copper"]


def test_watchtower_two_in_hand_are_asked_once_per_gain():
    g = at(hand=["Watchtower", "Watchtower"], phase=BUY_PHASE, coins=3)
    buy(g, "Silver")
    answer(g, "no")
    assert g.pending is None


def test_watchtower_works_on_another_players_turn_against_witch_curses():
    g = at(hand=["Witch"], deck=["Copper", "Copper"], players=3,
           others={1: {"hand": ["Watchtower"]}, 2: {"hand": ["Watchtower"]}})
    play(g, "Witch")
    d = pending_is(g, 1, "watchtower.reveal")
    assert d.args == {"gained": "Curse", "to": "discard"}
    hidden_from_others(g)
    answer(g, "trash")
    pending_is(g, 2, "watchtower.reveal")
    answer(g, "no")
    assert g.state.trash == ["Curse"] and me(g, 2).discard == ["Curse"]


def test_watchtower_with_a_card_gained_to_hand_by_mine():
    g = at(hand=["Mine", "Silver", "Watchtower"])
    play(g, "Mine")
    pending_is(g, 0, "mine.trash")
    answer(g, ["Silver"])
    answer(g, "Gold")
    d = pending_is(g, 0, "watchtower.reveal")
    assert d.args == {"gained": "Gold", "to": "hand"} and "deck" in d.options
    answer(g, "deck")
    assert me(g).hand == ["Watchtower"] and me(g).deck == ["Gold"]
    g = at(hand=["Mine", "Silver", "Watchtower"])
    play(g, "Mine")
    pending_is(g, 0, "mine.trash")
    answer(g, ["Silver"])
    answer(g, "Gold")
    answer(g, "trash")
    assert me(g).hand == ["Watchtower"] and g.state.trash == ["Silver", "Gold"]


def test_watchtower_with_a_card_gained_onto_the_deck_leaves_out_deck():
    g = at(hand=["Bureaucrat", "Watchtower"], deck=["Copper"])
    play(g, "Bureaucrat")
    d = pending_is(g, 0, "watchtower.reveal")
    assert d.args == {"gained": "Silver", "to": "deck"} and d.options == ["trash", "no"]
    answer(g, "trash")
    assert deck_top(g) == ["Copper"] and g.state.trash == ["Silver"]


def test_watchtower_the_card_still_counts_as_gained():
    g = at(hand=["Watchtower"], phase=BUY_PHASE, coins=3, supply={"Silver": 5})
    buy(g, "Silver")
    answer(g, "trash")
    assert g.state.supply["Silver"] == 4 and g.state.trash == ["Silver"]


def test_watchtower_not_asked_without_it_in_hand_or_when_it_is_played():
    g = at(hand=["Watchtower", "Workshop"], deck=["Copper"] * 6, actions=2)
    play(g, "Watchtower")
    play(g, "Workshop")
    answer(g, "Silver")
    assert g.pending is None and me(g).discard == ["Silver"]


def test_watchtower_skips_a_card_another_reaction_already_moved():
    # Royal Seal or Tiara (the Treasures' file) move a gained card before the
    # hand's reactions; Watchtower then has nothing left to trash or topdeck.
    from dominion.gains import Gain

    g = at(hand=["Watchtower"], discard=["Silver"])
    before = g.to_dict()
    CARDS["Watchtower"].on_gain_in_hand(g, 0, Gain("Silver", 0, "discard", moved=True))
    assert g.pending is None and g.to_dict() == before


def test_watchtower_round_trip_on_another_turn():
    g = at(hand=["Mountebank"], others={1: {"hand": ["Watchtower", "Curse"]}})
    play(g, "Mountebank")
    round_trip(g, "no", "trash", "deck")
    assert g.state.trash == ["Curse"] and me(g, 1).deck == ["Copper"]


# ----------------------------------------------------------------------
# Worker's Village


def test_workers_village_gives_card_2_actions_and_buy():
    g = at(hand=["Worker's Village"], deck=["Gold"])
    play(g, "Worker's Village")
    assert me(g).hand == ["Gold"] and (g.turn.actions, g.turn.buys) == (2, 2)


# ----------------------------------------------------------------------
# Catalog


def test_catalog_costs_types_editions_and_tags():
    expect = {
        "Bishop": (4, {"Action"}, ("1", "2")), "Charlatan": (5, {"Action", "Attack"}, ("2",)),
        "City": (5, {"Action"}, ("1", "2")),
        "Clerk": (4, {"Action", "Reaction", "Attack"}, ("2",)),
        "Counting House": (5, {"Action"}, ("1",)), "Expand": (7, {"Action"}, ("1", "2")),
        "Forge": (7, {"Action"}, ("1", "2")), "Goons": (6, {"Action", "Attack"}, ("1",)),
        "Grand Market": (6, {"Action"}, ("1", "2")), "King's Court": (7, {"Action"}, ("1", "2")),
        "Magnate": (5, {"Action"}, ("2",)), "Monument": (4, {"Action"}, ("1", "2")),
        "Mountebank": (5, {"Action", "Attack"}, ("1",)), "Peddler": (8, {"Action"}, ("1", "2")),
        "Rabble": (5, {"Action", "Attack"}, ("1", "2")), "Trade Route": (3, {"Action"}, ("1",)),
        "Vault": (5, {"Action"}, ("1", "2")),
        "Watchtower": (3, {"Action", "Reaction"}, ("1", "2")),
        "Worker's Village": (4, {"Action"}, ("1", "2")),
    }
    for name, (cost, types, editions) in expect.items():
        c = CARDS[name]
        assert (c.cost, set(c.types), c.editions, c.set) == (cost, types, editions, "prosperity")
        assert c.pile_size(2) == 10 and c.text and c.on_play is not None
    tags = {n: set(CARDS[n].tags) for n in expect}
    assert {n for n, t in tags.items() if "village" in t} == {"City", "Worker's Village"}
    assert {n for n, t in tags.items() if "plus-buy" in t} == {
        "Worker's Village", "Grand Market", "Goons", "Trade Route"}
    assert {n for n, t in tags.items() if "trashing" in t} == {
        "Bishop", "Expand", "Forge", "Trade Route"}
    assert {n for n, t in tags.items() if "draw" in t} == {
        "Rabble", "Vault", "Watchtower", "Magnate"}
    assert CARDS["Clerk"].start_of_turn
