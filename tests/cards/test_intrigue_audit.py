"""Independent rules audit of the Intrigue cards (black-box, written from
``shared/reference/cards.json`` and ``rules.md`` before reading the cards' code).

Each test names the ruling it checks. Decks in ``position(...)`` are written
top card first.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import (
    answer, assert_invalid, deck_top, me, of_type, pending_is, play, position, round_trip,
)

from dominion.setup import supply_sizes
from dominion.views import render_event

Event = dict[str, Any]

K = [
    "Bridge", "Upgrade", "Swindler", "Ironworks", "Saboteur", "Trading Post",
    "Great Hall", "Harem", "Nobles", "Throne Room",
]
K2 = [
    "Courtier", "Diplomat", "Lurker", "Mill", "Patrol", "Replace",
    "Secret Passage", "Nobles", "Harem", "Throne Room",
]


def first_edition(g):
    g.state.edition = "1"
    return g


def throne(g, target=None):
    """Play Throne Room (2nd edition: it asks) on ``target`` or the only Action."""
    events = play(g, "Throne Room")
    d = g.pending
    if d is not None and d.prompt == "throne_room.play":
        if target is None:
            assert len(set(d.options)) == 1, d
            target = d.options[0]
        events += answer(g, [target])
    return events


def seen_by(events: list[Event], viewer: int) -> list[Event]:
    return [render_event(e, viewer) for e in events]


def no_card_leaks(events: list[Event], viewer: int, secret: str) -> None:
    """``viewer`` sees no event naming ``secret`` among its cards."""
    for e in seen_by(events, viewer):
        assert secret not in e.get("cards", []), e
        assert secret not in e["text"], e


# ----------------------------------------------------------------------
# Throne Room on Intrigue cards: every choice asked again


def test_throne_room_pawn_asks_twice_and_choices_may_differ():
    g = position(hand=["Throne Room", "Pawn"], deck=["Silver", "Gold"], kingdom=K)
    throne(g)
    pending_is(g, 0, "pawn.choose")
    answer(g, ["card", "action"])
    pending_is(g, 0, "pawn.choose")
    answer(g, ["buy", "coin"])
    t = g.state.turn
    assert (t.actions, t.buys, t.coins) == (1, 2, 1)
    assert me(g).hand == ["Silver"]


def test_throne_room_mining_village_trashed_first_play_gives_plus2_once():
    g = position(hand=["Throne Room", "Mining Village"], deck=["Silver", "Gold"])
    throne(g)
    pending_is(g, 0, "mining_village.trash")
    answer(g, "yes")
    # the second play cannot trash it again: not asked, no second +$2
    assert g.pending is None
    t = g.state.turn
    assert t.coins == 2
    assert t.actions == 4
    assert sorted(me(g).hand) == ["Gold", "Silver"]
    assert g.state.trash == ["Mining Village"]
    assert me(g).in_play == ["Throne Room"]


def test_throne_room_mining_village_kept_first_then_trashed_second():
    g = position(hand=["Throne Room", "Mining Village"], deck=["Silver", "Gold"])
    throne(g)
    answer(g, "no")
    pending_is(g, 0, "mining_village.trash")
    answer(g, "yes")
    assert g.state.turn.coins == 2 and g.state.trash == ["Mining Village"]


def test_throne_room_conspirator_only_second_play_qualifies():
    g = position(hand=["Throne Room", "Conspirator"], deck=["Silver", "Gold"])
    throne(g)
    t = g.state.turn
    assert t.coins == 4
    assert t.actions == 1  # TR used the only Action; 2nd Conspirator gave +1
    assert me(g).hand == ["Silver"]


def test_conspirator_third_action_counts_itself_not_later_ones():
    g = position(hand=["Village", "Conspirator", "Conspirator"],
                 deck=["Copper", "Silver", "Gold"])
    play(g, "Village")       # draws Copper; 1st Action
    play(g, "Conspirator")   # 2nd Action: no bonus
    assert me(g).hand == ["Conspirator", "Copper"]
    assert g.state.turn.actions == 1
    play(g, "Conspirator")   # 3rd: +1 Card +1 Action
    assert me(g).hand == ["Copper", "Silver"]
    assert g.state.turn.actions == 1
    assert g.state.turn.coins == 4


def test_throne_room_courtyard_puts_back_twice():
    g = position(hand=["Throne Room", "Courtyard"], deck=[
        "Copper", "Silver", "Gold", "Estate", "Duchy", "Province"])
    throne(g)
    pending_is(g, 0, "courtyard.topdeck")
    answer(g, ["Gold"])
    pending_is(g, 0, "courtyard.topdeck")
    # the second play drew the put-back Gold first
    assert "Gold" in me(g).hand
    answer(g, ["Estate"])
    assert deck_top(g)[0] == "Estate"


def test_throne_room_nobles_may_choose_both_options_across_plays():
    g = position(hand=["Throne Room", "Nobles"], deck=["Copper", "Silver", "Gold"], kingdom=K)
    throne(g)
    answer(g, "cards")
    answer(g, "actions")
    assert g.state.turn.actions == 2
    assert len(me(g).hand) == 3


def test_throne_room_steward_choices_differ():
    g = position(hand=["Throne Room", "Steward", "Estate", "Curse"], deck=["Copper", "Silver"])
    throne(g)
    answer(g, "coins")
    answer(g, "trash")  # exactly 2 cards left: trashed without a choice
    assert g.state.turn.coins == 2
    assert sorted(g.state.trash) == ["Curse", "Estate"]


def test_throne_room_torturer_victim_chooses_and_may_react_each_time():
    g = position(hand=["Throne Room", "Torturer"], deck=["Copper"] * 6,
                 others={1: {"hand": ["Moat", "Estate", "Copper"]}}, kingdom=K)
    throne(g)
    pending_is(g, 1, "reaction.reveal")
    answer(g, [])
    pending_is(g, 1, "torturer.choose")
    answer(g, "curse")
    pending_is(g, 1, "reaction.reveal")
    answer(g, ["Moat"])
    assert g.pending is None
    assert me(g, 1).hand.count("Curse") == 1
    assert len(me(g).hand) == 6


def test_throne_room_wishing_well_names_twice():
    g = position(hand=["Throne Room", "Wishing Well"],
                 deck=["Copper", "Gold", "Silver", "Duchy", "Estate"])
    throne(g)
    pending_is(g, 0, "wishing_well.name")
    answer(g, "Gold")        # drew Copper, reveals Gold: to hand
    pending_is(g, 0, "wishing_well.name")
    answer(g, "Gold")        # drew Silver, reveals Duchy: stays
    assert sorted(me(g).hand) == ["Copper", "Gold", "Silver"]
    assert deck_top(g) == ["Duchy", "Estate"]


def test_throne_room_swindler_swindles_twice():
    g = position(hand=["Throne Room", "Swindler"],
                 others={1: {"deck": ["Silver", "Estate"]}}, kingdom=K)
    throne(g)
    d = pending_is(g, 0, "swindler.gain")
    assert d.args["cost"] == 3 and d.args["trashed"] == "Silver"
    answer(g, "Great Hall")
    d = pending_is(g, 0, "swindler.gain")
    assert d.args["trashed"] == "Estate" and d.args["cost"] == 2
    answer(g, "Estate")
    assert g.state.turn.coins == 4
    assert sorted(me(g, 1).discard) == ["Estate", "Great Hall"]
    assert sorted(g.state.trash) == ["Estate", "Silver"]


def test_throne_room_ironworks_gains_twice_with_bonuses():
    g = position(hand=["Throne Room", "Ironworks"], deck=["Copper", "Copper"], kingdom=K)
    throne(g)
    answer(g, "Great Hall")
    answer(g, "Silver")
    t = g.state.turn
    assert t.actions == 1 and t.coins == 1
    assert me(g).hand == ["Copper"]
    assert sorted(me(g).discard) == ["Great Hall", "Silver"]


# ----------------------------------------------------------------------
# Bridge: -$1 per play everywhere, never below $0


def test_throne_room_bridge_stacks_to_minus_two_and_floors_at_zero():
    g = position(hand=["Throne Room", "Bridge"], kingdom=K)
    throne(g)
    t = g.state.turn
    assert (t.buys, t.coins) == (3, 2)
    assert g.cost("Province") == 6
    assert g.cost("Estate") == 0
    assert g.cost("Copper") == 0
    costs = {p["card"]: p["cost"] for p in g.view(1)["supply"]}
    assert costs["Province"] == 6 and costs["Copper"] == 0 and costs["Curse"] == 0


def test_bridge_lets_you_buy_at_the_reduced_price():
    g = position(hand=["Bridge"], kingdom=K)
    g.state.turn.coins = 4
    play(g, "Bridge")
    g.apply(0, {"type": "buy", "card": "Gold"})  # $6 - 1 = 5 = coins
    assert g.state.turn.coins == 0
    assert "Gold" in me(g).discard


def test_bridge_upgrade_copper_to_a_card_costing_exactly_one():
    g = position(hand=["Bridge", "Upgrade", "Copper"], deck=["Curse"],
                 kingdom=K + [], actions=2)
    play(g, "Bridge")
    play(g, "Upgrade")
    answer(g, ["Copper"])
    d = pending_is(g, 0, "upgrade.gain")
    assert d.args["cost"] == 1
    assert "Estate" in d.options     # $2 - 1
    assert "Silver" not in d.options  # $3 - 1 = 2
    assert "Copper" not in d.options and "Curse" not in d.options


def test_two_bridges_upgrade_estate_now_zero_to_one():
    g = position(hand=["Bridge", "Bridge", "Upgrade", "Estate"], deck=["Curse"],
                 kingdom=K, actions=3)
    play(g, "Bridge")
    play(g, "Bridge")
    play(g, "Upgrade")
    answer(g, ["Estate"])
    d = pending_is(g, 0, "upgrade.gain")
    assert d.args["cost"] == 1
    assert set(d.options) == {"Silver", "Swindler", "Great Hall"}  # $3 - 2


def test_upgrade_with_nothing_costing_one_more_still_trashes():
    # Gold ($6) -> $7: no $7 card in this kingdom.
    g = position(hand=["Upgrade", "Gold"], deck=["Copper"], kingdom=K)
    play(g, "Upgrade")
    answer(g, ["Gold"])
    assert g.pending is None
    assert g.state.trash == ["Gold"]
    assert me(g).discard == []


def test_bridge_swindler_same_cost_uses_current_costs():
    g = position(hand=["Bridge", "Swindler"], actions=2,
                 others={1: {"deck": ["Silver"]}}, kingdom=K)
    play(g, "Bridge")
    play(g, "Swindler")
    d = pending_is(g, 0, "swindler.gain")
    assert d.args["cost"] == 2 and d.args["target"] == 1
    assert set(d.options) == {"Silver", "Swindler", "Great Hall"}


def test_swindler_zero_cost_card_may_become_a_curse():
    g = position(hand=["Swindler"], others={1: {"deck": ["Copper"]}}, kingdom=K)
    play(g, "Swindler")
    d = pending_is(g, 0, "swindler.gain")
    assert set(d.options) == {"Copper", "Curse"}
    answer(g, "Curse")
    assert me(g, 1).discard == ["Curse"]
    assert g.state.trash == ["Copper"]
    assert g.state.turn.coins == 2


def test_swindler_empty_deck_and_discard_nothing_happens():
    g = position(hand=["Swindler"], others={1: {"hand": ["Copper"]}}, kingdom=K)
    play(g, "Swindler")
    assert g.pending is None
    assert g.state.trash == [] and me(g, 1).discard == [] and me(g, 1).hand == ["Copper"]


def test_swindler_empty_deck_shuffles_discard_first():
    g = position(hand=["Swindler"], others={1: {"discard": ["Gold"]}}, kingdom=K)
    play(g, "Swindler")
    d = pending_is(g, 0, "swindler.gain")
    assert d.args["trashed"] == "Gold" and set(d.options) == {"Gold", "Harem", "Nobles"}
    answer(g, "Gold")
    assert me(g, 1).discard == ["Gold"] and g.state.trash == ["Gold"]


def test_swindler_moat_no_trash_no_gain():
    g = position(hand=["Swindler"], others={1: {"hand": ["Moat"], "deck": ["Silver"]}},
                 kingdom=K)
    play(g, "Swindler")
    answer(g, ["Moat"])
    assert g.pending is None
    assert deck_top(g, 1) == ["Silver"] and g.state.trash == []
    assert g.state.turn.coins == 2


def test_swindler_trashed_card_with_no_pile_of_that_cost_gains_nothing():
    # Province costs 8; nothing else costs 8 and the Province pile is empty
    g = position(hand=["Swindler"], others={1: {"deck": ["Province"]}}, kingdom=K,
                 supply={"Province": 0})
    play(g, "Swindler")
    assert g.pending is None
    assert g.state.trash == ["Province"] and me(g, 1).discard == []


def test_bridge_ironworks_gains_duchy_and_draws():
    g = position(hand=["Bridge", "Ironworks"], deck=["Silver"], actions=2, kingdom=K)
    play(g, "Bridge")
    play(g, "Ironworks")
    d = pending_is(g, 0, "ironworks.gain")
    assert d.args["max_cost"] == 4
    assert "Duchy" in d.options and "Gold" not in d.options
    answer(g, "Duchy")
    assert me(g).hand == ["Silver"]
    assert g.state.turn.actions == 0


def test_ironworks_great_hall_gives_card_and_action():
    g = position(hand=["Ironworks"], deck=["Silver"], kingdom=K)
    play(g, "Ironworks")
    answer(g, "Great Hall")
    assert me(g).hand == ["Silver"]
    assert g.state.turn.actions == 1
    assert g.state.turn.coins == 0


def test_ironworks_silver_gives_coin_only():
    g = position(hand=["Ironworks"], deck=["Gold"], kingdom=K)
    play(g, "Ironworks")
    answer(g, "Silver")
    assert me(g).hand == [] and g.state.turn.coins == 1 and g.state.turn.actions == 0


def test_saboteur_under_bridge_uses_current_costs_for_threshold_and_gain():
    # Silver costs $2 under Bridge: not hit. Gold ($5 now) is; gain up to $3.
    g = position(hand=["Bridge", "Saboteur"], actions=2,
                 others={1: {"deck": ["Silver", "Estate", "Gold", "Copper"]}}, kingdom=K)
    first_edition(g)
    play(g, "Bridge")
    play(g, "Saboteur")
    d = pending_is(g, 1, "saboteur.gain")
    assert d.args["trashed"] == "Gold"
    assert d.args["max_cost"] == 3
    assert d.min == 0
    assert "Swindler" in d.options and "Duchy" not in d.options  # 3-1=2 ok; 5-1=4 no
    answer(g, None)
    assert g.state.trash == ["Gold"]
    assert sorted(me(g, 1).discard) == ["Estate", "Silver"]
    assert deck_top(g, 1) == ["Copper"]


def test_saboteur_reshuffle_does_not_shuffle_in_the_revealed_cards():
    g = position(hand=["Saboteur"],
                 others={1: {"deck": ["Estate", "Estate"],
                             "discard": ["Gold", "Copper", "Copper", "Copper", "Copper"]}},
                 kingdom=K)
    first_edition(g)
    play(g, "Saboteur")
    d = pending_is(g, 1, "saboteur.gain")
    assert d.args["trashed"] == "Gold" and d.args["max_cost"] == 4
    answer(g, "Silver")
    assert g.state.trash == ["Gold"]
    p = me(g, 1)
    assert "Estate" not in p.deck
    assert p.discard.count("Estate") == 2 and "Silver" in p.discard
    assert sorted(p.deck + p.discard) == ["Copper"] * 4 + ["Estate"] * 2 + ["Silver"]


def test_saboteur_no_expensive_card_discards_everything():
    g = position(hand=["Saboteur"],
                 others={1: {"deck": ["Copper", "Estate"], "discard": ["Curse"]}},
                 kingdom=K)
    first_edition(g)
    play(g, "Saboteur")
    assert g.pending is None
    assert g.state.trash == []
    assert sorted(me(g, 1).discard) == ["Copper", "Curse", "Estate"]
    assert me(g, 1).deck == []


# ----------------------------------------------------------------------
# Coppersmith


def test_coppersmith_with_play_all_treasures():
    g = position(hand=["Coppersmith", "Copper", "Copper", "Silver"], kingdom=K)
    first_edition(g)
    play(g, "Coppersmith")
    g.apply(0, {"type": "play_treasures"})
    assert g.state.turn.coins == 2 + 2 + 2


def test_throne_room_coppersmith_copper_worth_three():
    g = position(hand=["Throne Room", "Coppersmith", "Copper", "Copper"], kingdom=K)
    first_edition(g)
    throne(g)
    g.apply(0, {"type": "play", "card": "Copper"})
    assert g.state.turn.coins == 3
    g.apply(0, {"type": "play_treasures"})
    assert g.state.turn.coins == 6


def test_coppersmith_does_not_last_into_the_next_turn():
    g = position(hand=["Coppersmith"], deck=["Copper"] * 10, kingdom=K)
    first_edition(g)
    play(g, "Coppersmith")
    g.apply(0, {"type": "end_phase"})
    g.apply(0, {"type": "end_phase"})
    assert g.state.turn.seat == 1
    assert g.state.turn.effects.get("coppersmith", 0) == 0


# ----------------------------------------------------------------------
# Masquerade


def test_masquerade_2e_three_players_skips_an_empty_hand():
    g = position(hand=["Masquerade"], deck=["Gold", "Copper"], players=3,
                 others={2: {"hand": ["Curse"]}}, kingdom=K)
    play(g, "Masquerade")
    d = pending_is(g, 0, "masquerade.pass")
    assert d.args["receiver"] == 2
    answer(g, ["Gold"])
    # seat 2's only card is passed without a choice; it goes to seat 0
    pending_is(g, 0, "masquerade.trash")
    assert me(g, 1).hand == []
    assert me(g, 2).hand == ["Gold"]
    assert sorted(me(g).hand) == ["Copper", "Curse"]
    d = g.pending
    assert "Curse" in d.options  # the received card may be trashed
    answer(g, ["Curse"])
    assert g.state.trash == ["Curse"]


def test_masquerade_1e_three_players_empty_hand_still_receives():
    g = position(hand=["Masquerade"], deck=["Gold", "Copper"], players=3,
                 others={2: {"hand": ["Curse"]}}, kingdom=K)
    first_edition(g)
    play(g, "Masquerade")
    d = pending_is(g, 0, "masquerade.pass")
    assert d.args["receiver"] == 1
    answer(g, ["Gold"])
    pending_is(g, 0, "masquerade.trash")
    answer(g, [])
    assert me(g, 1).hand == ["Gold"]
    assert me(g, 2).hand == []
    assert sorted(me(g).hand) == ["Copper", "Curse"]


def test_masquerade_2e_alone_with_cards_passes_to_self():
    g = position(hand=["Masquerade"], deck=["Gold", "Copper"], players=4, kingdom=K)
    play(g, "Masquerade")
    if g.pending is not None and g.pending.prompt == "masquerade.pass":
        assert g.pending.args["receiver"] == 0
        answer(g, ["Gold"])
    pending_is(g, 0, "masquerade.trash")
    answer(g, [])
    assert sorted(me(g).hand) == ["Copper", "Gold"]
    assert all(me(g, s).hand == [] for s in (1, 2, 3))


def test_masquerade_1e_six_players_chain_with_gaps():
    others = {1: {"hand": ["Estate"]}, 3: {"hand": ["Duchy", "Silver"]}, 5: {"hand": ["Curse"]}}
    g = position(hand=["Masquerade"], deck=["Gold", "Copper"], players=6, others=others,
                 kingdom=K)
    first_edition(g)
    play(g, "Masquerade")
    answer(g, ["Gold"])                 # seat 0 -> 1
    pending_is(g, 3, "masquerade.pass")  # seats 1 and 5 have one card: no choice
    assert g.pending.args["receiver"] == 4
    answer(g, ["Silver"])
    answer(g, [])
    assert sorted(me(g, 1).hand) == ["Gold"]        # gave Estate to 2
    assert me(g, 2).hand == ["Estate"]
    assert me(g, 3).hand == ["Duchy"]
    assert me(g, 4).hand == ["Silver"]
    assert me(g, 5).hand == []
    assert sorted(me(g).hand) == ["Copper", "Curse"]


def test_masquerade_2e_six_players_chain_with_gaps():
    others = {1: {"hand": ["Estate"]}, 3: {"hand": ["Duchy", "Silver"]}, 5: {"hand": ["Curse"]}}
    g = position(hand=["Masquerade"], deck=["Gold", "Copper"], players=6, others=others,
                 kingdom=K)
    play(g, "Masquerade")
    answer(g, ["Gold"])                 # seat 0 -> 1
    pending_is(g, 3, "masquerade.pass")
    assert g.pending.args["receiver"] == 5
    answer(g, ["Silver"])
    answer(g, [])
    assert me(g, 1).hand == ["Gold"]        # Estate went to 3
    assert me(g, 2).hand == []
    assert sorted(me(g, 3).hand) == ["Duchy", "Estate"]
    assert me(g, 4).hand == []
    assert me(g, 5).hand == ["Silver"]      # Curse went to 0
    assert sorted(me(g).hand) == ["Copper", "Curse"]


def test_masquerade_choices_are_made_before_any_card_moves():
    g = position(hand=["Masquerade"], deck=["Gold", "Province"],
                 others={1: {"hand": ["Copper", "Estate"]}}, kingdom=K)
    play(g, "Masquerade")
    answer(g, ["Province"])
    d = pending_is(g, 1, "masquerade.pass")
    assert sorted(d.options) == ["Copper", "Estate"]  # not yet holding the Province
    answer(g, ["Estate"])
    answer(g, [])
    assert sorted(me(g, 1).hand) == ["Copper", "Province"]


def test_masquerade_is_not_an_attack_and_hides_the_passes_from_third_seats():
    g = position(hand=["Masquerade"], deck=["Gold", "Copper"], players=3,
                 others={1: {"hand": ["Moat", "Duchy"]}, 2: {"hand": ["Province", "Silver"]}},
                 kingdom=K)
    events = play(g, "Masquerade")
    pending_is(g, 0, "masquerade.pass")  # no Moat reveal
    events += answer(g, ["Gold"])
    events += answer(g, ["Duchy"])
    events += answer(g, ["Province"])
    events += answer(g, [])
    assert sorted(me(g, 1).hand) == ["Gold", "Moat"]
    no_card_leaks(events, 2, "Gold")
    no_card_leaks(events, 0, "Duchy")
    no_card_leaks(events, 1, "Province")
    passes = of_type(events, "pass")
    assert len(passes) == 3


def test_masquerade_round_trip_mid_passing():
    g = position(hand=["Masquerade"], deck=["Gold", "Copper"],
                 others={1: {"hand": ["Copper", "Estate"]}}, kingdom=K)
    play(g, "Masquerade")
    answer(g, ["Gold"])
    round_trip(g, ["Estate"], ["Estate"])
    assert g.state.trash == ["Estate"]


# ----------------------------------------------------------------------
# Minion and reactions


def test_minion_reactions_come_before_the_choice():
    g = position(hand=["Minion"], deck=["Copper"] * 4,
                 others={1: {"hand": ["Moat", "Copper", "Copper", "Estate", "Estate"],
                             "deck": ["Gold"] * 4}},
                 kingdom=K)
    play(g, "Minion")
    pending_is(g, 1, "reaction.reveal")
    answer(g, ["Moat"])
    pending_is(g, 0, "minion.choose")
    answer(g, "attack")
    assert sorted(me(g, 1).hand) == ["Copper", "Copper", "Estate", "Estate", "Moat"]
    assert me(g).hand == ["Copper"] * 4
    assert g.state.turn.actions == 1


def test_minion_hits_only_hands_of_five_or_more():
    g = position(hand=["Minion", "Estate"], deck=["Copper"] * 4, players=4,
                 others={1: {"hand": ["Estate"] * 5, "deck": ["Silver"] * 5},
                         2: {"hand": ["Estate"] * 4, "deck": ["Silver"] * 5},
                         3: {"hand": ["Estate"] * 6, "deck": ["Gold"] * 5}},
                 kingdom=K)
    play(g, "Minion")
    answer(g, "attack")
    assert me(g, 1).hand == ["Silver"] * 4
    assert me(g, 2).hand == ["Estate"] * 4
    assert me(g, 3).hand == ["Gold"] * 4
    assert me(g).hand == ["Copper"] * 4 and me(g).discard == ["Estate"]


def test_minion_coins_option():
    g = position(hand=["Minion", "Estate"], others={1: {"hand": ["Estate"] * 5}}, kingdom=K)
    play(g, "Minion")
    answer(g, "coins")
    assert g.state.turn.coins == 2 and g.state.turn.actions == 1
    assert me(g, 1).hand == ["Estate"] * 5 and me(g).hand == ["Estate"]


def test_minion_secret_chamber_then_attacked_with_put_back_cards():
    g = position(hand=["Minion"], deck=["Copper"] * 4,
                 others={1: {"hand": ["Secret Chamber", "Estate", "Estate", "Estate", "Copper"],
                             "deck": ["Gold", "Silver", "Duchy", "Duchy"]}},
                 kingdom=K)
    first_edition(g)
    play(g, "Minion")
    answer(g, ["Secret Chamber"])
    d = pending_is(g, 1, "secret_chamber.topdeck")
    assert d.min == d.max == 2
    answer(g, ["Estate", "Secret Chamber"])  # Secret Chamber ends on top
    assert len(me(g, 1).hand) == 5
    pending_is(g, 0, "minion.choose")  # no Reaction left in hand


def test_minion_secret_chamber_put_back_is_drawn_by_the_attack():
    g = position(hand=["Minion"], deck=["Copper"] * 4,
                 others={1: {"hand": ["Secret Chamber", "Estate", "Estate", "Estate", "Copper"],
                             "deck": ["Gold", "Silver", "Duchy", "Duchy"]}},
                 kingdom=K)
    first_edition(g)
    play(g, "Minion")
    events = answer(g, ["Secret Chamber"])
    events += answer(g, ["Estate", "Secret Chamber"])
    if g.pending is not None and g.pending.prompt == "reaction.reveal":
        events += answer(g, [])
    pending_is(g, 0, "minion.choose")
    events += answer(g, "attack")
    # 5 cards in hand (7 - 2): discards them and draws SC, Estate, Duchy, Duchy
    assert sorted(me(g, 1).hand) == ["Duchy", "Duchy", "Estate", "Secret Chamber"]
    no_card_leaks(of_type(events, "topdeck"), 0, "Secret Chamber")


def test_minion_diplomat_reveal_drops_below_five():
    g = position(hand=["Minion"], deck=["Copper"] * 4,
                 others={1: {"hand": ["Diplomat", "Estate", "Estate", "Copper", "Copper"],
                             "deck": ["Gold", "Silver", "Duchy", "Duchy", "Duchy"]}},
                 kingdom=K2)
    play(g, "Minion")
    pending_is(g, 1, "reaction.reveal")
    answer(g, ["Diplomat"])
    d = pending_is(g, 1, "diplomat.discard")
    assert d.min == d.max == 3
    answer(g, ["Estate", "Estate", "Copper"])
    # 4 cards now: Diplomat may not be revealed again
    pending_is(g, 0, "minion.choose")
    answer(g, "attack")
    assert sorted(me(g, 1).hand) == ["Copper", "Diplomat", "Gold", "Silver"]


def test_diplomat_not_offered_with_four_cards():
    g = position(hand=["Militia"], others={1: {"hand": ["Diplomat", "Estate", "Estate", "Copper"]}},
                 kingdom=K2)
    play(g, "Militia")
    assert g.pending is None or g.pending.prompt != "reaction.reveal"


def test_diplomat_plus_actions_threshold_after_drawing():
    g = position(hand=["Diplomat", "Copper", "Copper", "Copper"], deck=["Estate", "Estate"],
                 kingdom=K2)
    play(g, "Diplomat")
    assert len(me(g).hand) == 5 and g.state.turn.actions == 2
    g = position(hand=["Diplomat", "Copper", "Copper", "Copper", "Copper"],
                 deck=["Estate", "Estate"], kingdom=K2)
    play(g, "Diplomat")
    assert len(me(g).hand) == 6 and g.state.turn.actions == 0


def test_secret_chamber_into_moat():
    g = position(hand=["Militia"],
                 others={1: {"hand": ["Secret Chamber", "Copper", "Copper", "Estate", "Estate"],
                             "deck": ["Moat", "Gold"]}},
                 kingdom=K)
    first_edition(g)
    play(g, "Militia")
    answer(g, ["Secret Chamber"])
    answer(g, ["Estate", "Estate"])
    d = pending_is(g, 1, "reaction.reveal")
    assert "Moat" in d.options and "Secret Chamber" in d.options
    answer(g, ["Moat"])
    if g.pending is not None:
        pending_is(g, 1, "reaction.reveal")
        answer(g, [])
    assert g.pending is None
    assert len(me(g, 1).hand) == 5
    assert deck_top(g, 1) == ["Estate", "Estate"]
    assert g.state.turn.coins == 2


def test_secret_chamber_put_back_hidden_from_others():
    g = position(hand=["Militia"],
                 others={1: {"hand": ["Secret Chamber", "Copper", "Copper", "Province", "Estate"],
                             "deck": ["Gold", "Silver"]}},
                 kingdom=K)
    first_edition(g)
    events = play(g, "Militia")
    events += answer(g, ["Secret Chamber"])
    events += answer(g, ["Province", "Gold"])
    no_card_leaks(events, 0, "Province")
    no_card_leaks(events, 0, "Gold")


def test_secret_chamber_discard_for_coins():
    g = position(hand=["Secret Chamber", "Estate", "Estate", "Curse"], kingdom=K)
    first_edition(g)
    play(g, "Secret Chamber")
    answer(g, ["Estate", "Curse"])
    assert g.state.turn.coins == 2 and me(g).hand == ["Estate"]


# ----------------------------------------------------------------------
# Torturer


def test_torturer_empty_curse_pile_curse_may_be_chosen():
    g = position(hand=["Torturer"], deck=["Copper"] * 3, players=3,
                 others={1: {"hand": ["Copper", "Copper"]}, 2: {"hand": ["Estate", "Silver"]}},
                 supply={"Curse": 1}, kingdom=K)
    play(g, "Torturer")
    pending_is(g, 1, "torturer.choose")
    answer(g, "curse")
    pending_is(g, 2, "torturer.choose")
    answer(g, "curse")
    assert g.pending is None
    assert sorted(me(g, 1).hand) == ["Copper", "Copper", "Curse"]
    assert me(g, 1).discard == []
    assert sorted(me(g, 2).hand) == ["Estate", "Silver"]
    assert g.state.supply["Curse"] == 0


def test_torturer_discard_with_one_card():
    g = position(hand=["Torturer"], deck=["Copper"] * 3,
                 others={1: {"hand": ["Gold"]}}, kingdom=K)
    play(g, "Torturer")
    answer(g, "discard")
    assert g.pending is None
    assert me(g, 1).hand == [] and me(g, 1).discard == ["Gold"]


def test_torturer_victim_discards_are_hidden():
    g = position(hand=["Torturer"], deck=["Copper"] * 3, players=3,
                 others={1: {"hand": ["Gold", "Province", "Copper"]}}, kingdom=K)
    events = play(g, "Torturer")
    events += answer(g, "discard")
    pending_is(g, 1, "torturer.discard")
    events += answer(g, ["Gold", "Province"])
    events += answer(g, "discard")  # seat 2 has nothing
    no_card_leaks(events, 2, "Gold")
    assert me(g, 1).hand == ["Copper"]


# ----------------------------------------------------------------------
# Tribute


def test_tribute_left_player_with_nothing():
    g = position(hand=["Tribute"], kingdom=K)
    first_edition(g)
    play(g, "Tribute")
    t = g.state.turn
    assert (t.actions, t.coins) == (0, 0) and me(g).hand == []


def test_tribute_one_card_total():
    g = position(hand=["Tribute"], deck=["Copper", "Copper"],
                 others={1: {"deck": ["Silver"]}}, kingdom=K)
    first_edition(g)
    play(g, "Tribute")
    assert g.state.turn.coins == 2
    assert me(g, 1).discard == ["Silver"] and me(g, 1).deck == []


def test_tribute_one_card_in_deck_then_shuffles_discard_not_the_revealed():
    g = position(hand=["Tribute"], deck=["Copper", "Copper", "Copper"],
                 others={1: {"deck": ["Great Hall"], "discard": ["Harem"]}}, kingdom=K)
    first_edition(g)
    play(g, "Tribute")
    t = g.state.turn
    # Great Hall: +2 Actions +2 Cards; Harem: +$2 +2 Cards
    assert t.actions == 2 and t.coins == 2
    assert len(me(g).hand) == 3
    assert sorted(me(g, 1).discard) == ["Great Hall", "Harem"]


def test_tribute_same_name_counts_once():
    g = position(hand=["Tribute"], deck=["Copper"] * 4,
                 others={1: {"deck": ["Nobles", "Nobles"]}}, kingdom=K)
    first_edition(g)
    play(g, "Tribute")
    t = g.state.turn
    assert t.actions == 2 and len(me(g).hand) == 2 and t.coins == 0


def test_tribute_curse_and_estate():
    g = position(hand=["Tribute"], deck=["Copper"] * 4,
                 others={1: {"deck": ["Curse", "Estate"]}}, kingdom=K)
    first_edition(g)
    play(g, "Tribute")
    assert len(me(g).hand) == 2 and g.state.turn.actions == 0 and g.state.turn.coins == 0


def test_tribute_is_not_an_attack():
    g = position(hand=["Tribute"], others={1: {"hand": ["Moat"], "deck": ["Silver", "Village"]}},
                 kingdom=K)
    first_edition(g)
    play(g, "Tribute")
    assert g.pending is None
    assert (g.state.turn.coins, g.state.turn.actions) == (2, 2)


def test_tribute_uses_the_left_player_in_three_players():
    g = position(hand=["Tribute"], players=3,
                 others={1: {"deck": ["Silver"]}, 2: {"deck": ["Village"]}}, kingdom=K)
    first_edition(g)
    play(g, "Tribute")
    assert g.state.turn.coins == 2 and g.state.turn.actions == 0


# ----------------------------------------------------------------------
# Scout / Patrol


def test_scout_fewer_than_four_reshuffles_without_the_revealed():
    g = position(hand=["Scout"], deck=["Estate", "Copper"], discard=["Great Hall", "Harem"],
                 kingdom=K)
    first_edition(g)
    play(g, "Scout")
    assert sorted(me(g).hand) == ["Estate", "Great Hall", "Harem"]
    assert deck_top(g) == ["Copper"]
    assert g.state.turn.actions == 1


def test_scout_curse_is_not_victory():
    g = position(hand=["Scout"], deck=["Curse", "Nobles", "Copper", "Silver", "Gold"], kingdom=K)
    first_edition(g)
    play(g, "Scout")
    d = pending_is(g, 0, "scout.order")
    assert sorted(d.options) == ["Copper", "Curse", "Silver"]
    answer(g, ["Silver", "Curse", "Copper"])
    assert me(g).hand == ["Nobles"]
    assert deck_top(g) == ["Silver", "Curse", "Copper", "Gold"]


def test_patrol_fewer_than_four_and_curses_to_hand():
    g = position(hand=["Patrol"], deck=["Copper", "Copper", "Copper", "Curse", "Mill"],
                 kingdom=K2)
    play(g, "Patrol")
    assert sorted(me(g).hand) == ["Copper", "Copper", "Copper", "Curse", "Mill"]
    assert me(g).deck == []


# ----------------------------------------------------------------------
# Wishing Well


def test_wishing_well_empty_deck_after_drawing():
    g = position(hand=["Wishing Well"], deck=["Gold"], kingdom=K)
    play(g, "Wishing Well")
    if g.pending is not None:
        answer(g, "Gold")
    assert me(g).hand == ["Gold"] and g.state.turn.actions == 1


def test_wishing_well_wrong_guess_stays_on_top():
    g = position(hand=["Wishing Well"], deck=["Copper", "Silver"], kingdom=K)
    play(g, "Wishing Well")
    answer(g, "Gold")
    assert me(g).hand == ["Copper"] and deck_top(g) == ["Silver"]


def test_wishing_well_reveal_reshuffles():
    g = position(hand=["Wishing Well"], deck=["Copper"], discard=["Duchy"], kingdom=K)
    play(g, "Wishing Well")
    answer(g, "Duchy")
    assert sorted(me(g).hand) == ["Copper", "Duchy"]


# ----------------------------------------------------------------------
# Victory cards: scoring and piles


def test_pile_sizes_victory_kingdom_cards():
    for names in (["Nobles", "Great Hall", "Harem", "Duke", "Mill"],):
        two = supply_sizes(2, names)
        three = supply_sizes(3, names)
        for n in names:
            assert two[n] == 8 and three[n] == 12


def test_scoring_intrigue_victory_cards():
    g = position(hand=["Nobles", "Great Hall"], deck=["Harem", "Mill"],
                 discard=["Duke", "Duke", "Duchy", "Duchy", "Duchy"], kingdom=K)
    g.state.players[0].in_play = []
    # 2 + 1 + 2 + 1 + 2*3 (Dukes) + 3*3 (Duchies)
    assert g.score(0) == 2 + 1 + 2 + 1 + 6 + 9


def test_game_ends_on_three_empty_piles_including_victory_kingdom_piles():
    g = position(kingdom=K, supply={"Nobles": 0, "Great Hall": 0})
    g.state.supply["Harem"] = 1
    g.apply(0, {"type": "end_phase"})
    g.state.turn.coins = 6
    g.apply(0, {"type": "buy", "card": "Harem"})
    g.apply(0, {"type": "end_phase"})
    assert g.state.game_over and g.state.end_reason == "piles"


def test_harem_is_a_treasure_worth_two():
    g = position(hand=["Harem", "Copper"], kingdom=K)
    g.apply(0, {"type": "play_treasures"})
    assert g.state.turn.coins == 3


def test_great_hall_and_nobles_play():
    g = position(hand=["Great Hall", "Nobles"], deck=["Copper"] * 4, kingdom=K)
    play(g, "Great Hall")
    assert g.state.turn.actions == 1
    play(g, "Nobles")
    answer(g, "cards")
    assert len(me(g).hand) == 4


# ----------------------------------------------------------------------
# Courtier


@pytest.mark.parametrize("revealed,count", [
    ("Harem", 2), ("Nobles", 2), ("Mill", 2), ("Diplomat", 2), ("Copper", 1),
    ("Replace", 2), ("Curse", 1),
])
def test_courtier_one_choice_per_type(revealed, count):
    g = position(hand=["Courtier", revealed], kingdom=K2)
    play(g, "Courtier")
    d = pending_is(g, 0, "courtier.choose")
    assert d.min == d.max == count
    assert d.args["count"] == count and d.args["revealed"] == revealed
    answer(g, ["gold", "coins"][:count])
    assert "Gold" in me(g).discard
    assert revealed in me(g).hand


def test_courtier_secret_chamber_two_types():
    g = position(hand=["Courtier", "Secret Chamber"], kingdom=K2 + [])
    play(g, "Courtier")
    d = pending_is(g, 0, "courtier.choose")
    assert d.min == 2


def test_courtier_choices_apply():
    g = position(hand=["Courtier", "Nobles", "Copper"], kingdom=K2)
    play(g, "Courtier")
    answer(g, ["Nobles"])
    answer(g, ["action", "buy"])
    t = g.state.turn
    assert (t.actions, t.buys, t.coins) == (1, 2, 0)


# ----------------------------------------------------------------------
# Lurker


def test_lurker_gains_nobles_from_the_trash_to_discard():
    g = position(hand=["Lurker"], kingdom=K2)
    g.state.trash = ["Gold", "Nobles", "Estate"]
    play(g, "Lurker")
    answer(g, "gain")
    d = g.pending
    if d is not None:
        assert d.prompt == "lurker.gain" and sorted(d.options) == ["Nobles"]
        answer(g, ["Nobles"])
    assert me(g).discard == ["Nobles"]
    assert sorted(g.state.trash) == ["Estate", "Gold"]
    assert g.state.turn.actions == 1


def test_lurker_trashes_a_victory_action_from_the_supply():
    g = position(hand=["Lurker"], kingdom=K2)
    play(g, "Lurker")
    answer(g, "trash")
    d = pending_is(g, 0, "lurker.trash")
    assert "Mill" in d.options and "Nobles" in d.options
    assert "Harem" not in d.options and "Copper" not in d.options
    answer(g, "Mill")
    assert g.state.trash == ["Mill"] and g.state.supply["Mill"] == 7


# ----------------------------------------------------------------------
# Replace


def test_replace_gaining_harem_goes_on_deck_and_curses_others():
    g = position(hand=["Replace", "Gold", "Copper"], deck=["Copper"], players=3,
                 others={1: {"hand": ["Moat"]}}, kingdom=K2)
    play(g, "Replace")
    answer(g, ["Moat"])  # seat 1 blocks
    answer(g, ["Gold"])
    d = pending_is(g, 0, "replace.gain")
    assert d.args["max_cost"] == 8
    answer(g, "Harem")
    assert deck_top(g)[0] == "Harem"
    assert me(g, 1).discard == [] and me(g, 2).discard == ["Curse"]


def test_replace_gaining_silver_goes_on_deck_without_curses():
    g = position(hand=["Replace", "Estate", "Copper"], deck=["Copper"], kingdom=K2)
    play(g, "Replace")
    answer(g, ["Estate"])
    answer(g, "Silver")
    assert deck_top(g) == ["Silver", "Copper"] and me(g, 1).discard == []


def test_replace_gaining_duchy_goes_to_discard_with_curses():
    g = position(hand=["Replace", "Silver", "Copper"], kingdom=K2)
    play(g, "Replace")
    answer(g, ["Silver"])
    answer(g, "Duchy")
    assert me(g).discard == ["Duchy"] and me(g, 1).discard == ["Curse"]


# ----------------------------------------------------------------------
# Other card basics with edge cases


def test_baron_without_estate_gains_one():
    g = position(hand=["Baron", "Copper"], kingdom=K)
    play(g, "Baron")
    assert g.pending is None
    assert me(g).discard == ["Estate"] and g.state.turn.buys == 2


def test_baron_discarding_estate():
    g = position(hand=["Baron", "Estate"], kingdom=K)
    play(g, "Baron")
    answer(g, "yes")
    assert g.state.turn.coins == 4 and me(g).discard == ["Estate"]
    assert g.state.supply["Estate"] == 8


def test_trading_post_one_card_no_silver():
    g = position(hand=["Trading Post", "Copper"], kingdom=K)
    play(g, "Trading Post")
    assert g.state.trash == ["Copper"] and me(g).hand == []


def test_trading_post_empty_silver_pile_still_trashes():
    g = position(hand=["Trading Post", "Copper", "Estate", "Gold"], kingdom=K,
                 supply={"Silver": 0})
    play(g, "Trading Post")
    answer(g, ["Copper", "Estate"])
    assert sorted(g.state.trash) == ["Copper", "Estate"] and me(g).hand == ["Gold"]


def test_trading_post_silver_to_hand():
    g = position(hand=["Trading Post", "Copper", "Estate"], kingdom=K)
    play(g, "Trading Post")
    assert me(g).hand == ["Silver"]


def test_steward_trash_one_card():
    g = position(hand=["Steward", "Estate"], kingdom=K)
    play(g, "Steward")
    answer(g, "trash")
    assert g.state.trash == ["Estate"]


def test_mill_one_discard_no_coins():
    g = position(hand=["Mill", "Estate"], deck=["Copper"], kingdom=K2)
    play(g, "Mill")
    assert pending_is(g, 0, "mill.discard").max == 2
    answer(g, ["Estate"])
    assert g.state.turn.coins == 0 and g.state.turn.actions == 1
    assert me(g).discard == ["Estate"]


def test_mill_two_discards():
    g = position(hand=["Mill", "Estate", "Curse"], deck=["Copper"], kingdom=K2)
    play(g, "Mill")
    answer(g, ["Estate", "Curse"])
    assert g.state.turn.coins == 2


def test_shanty_town_great_hall_counts_as_action():
    g = position(hand=["Shanty Town", "Great Hall"], deck=["Copper", "Copper"], kingdom=K)
    play(g, "Shanty Town")
    assert me(g).hand == ["Great Hall"] and g.state.turn.actions == 2


def test_shanty_town_no_actions_draws_two():
    g = position(hand=["Shanty Town", "Harem"], deck=["Village", "Copper"], kingdom=K)
    play(g, "Shanty Town")
    assert sorted(me(g).hand) == ["Copper", "Harem", "Village"]


def test_courtyard_put_back_hidden():
    g = position(hand=["Courtyard", "Province"], deck=["Copper", "Silver", "Gold"], kingdom=K)
    events = play(g, "Courtyard")
    events += answer(g, ["Province"])
    assert deck_top(g) == ["Province"]
    no_card_leaks(events, 1, "Province")


def test_secret_passage_into_empty_deck_and_hidden():
    g = position(hand=["Secret Passage", "Province"], deck=["Copper", "Silver"], kingdom=K2)
    events = play(g, "Secret Passage")
    events += answer(g, ["Province"])
    if g.pending is not None:
        d = pending_is(g, 0, "secret_passage.position")
        assert d.options == ["0"]
        events += answer(g, "0")
    assert deck_top(g) == ["Province"]
    no_card_leaks(events, 1, "Province")
    assert g.state.turn.actions == 1


def test_secret_passage_position_counts_from_the_top():
    g = position(hand=["Secret Passage", "Province"], deck=["Copper", "Silver", "Estate", "Duchy"],
                 kingdom=K2)
    play(g, "Secret Passage")
    answer(g, ["Province"])
    d = pending_is(g, 0, "secret_passage.position")
    assert d.options == ["0", "1", "2"]
    answer(g, "1")
    assert deck_top(g) == ["Estate", "Province", "Duchy"]


# ----------------------------------------------------------------------
# 1st-edition Base texts


def test_1e_throne_room_must_choose_an_action():
    g = first_edition(position(hand=["Throne Room", "Village", "Smithy"], deck=["Copper"] * 6))
    play(g, "Throne Room")
    d = pending_is(g, 0, "throne_room.play")
    assert d.min == 1
    assert_invalid(g, [])


def test_2e_throne_room_may_decline():
    g = position(hand=["Throne Room", "Village", "Smithy"], deck=["Copper"] * 6)
    play(g, "Throne Room")
    answer(g, [])
    assert sorted(me(g).hand) == ["Smithy", "Village"]


def test_1e_mine_must_trash_a_treasure():
    g = first_edition(position(hand=["Mine", "Copper", "Silver"]))
    play(g, "Mine")
    d = pending_is(g, 0, "mine.trash")
    assert d.min == 1
    assert_invalid(g, [])


def test_1e_moneylender_trashes_a_copper_without_asking():
    g = first_edition(position(hand=["Moneylender", "Copper", "Copper"]))
    play(g, "Moneylender")
    assert g.pending is None
    assert g.state.trash == ["Copper"] and g.state.turn.coins == 3


def test_1e_throne_room_single_action_is_forced():
    g = first_edition(position(hand=["Throne Room", "Smithy"], deck=["Copper"] * 6))
    play(g, "Throne Room")
    assert g.pending is None and len(me(g).hand) == 6


# ----------------------------------------------------------------------
# More Throne Room interactions


def test_throne_room_lurker_trashes_then_gains_the_same_card():
    g = position(hand=["Throne Room", "Lurker"], kingdom=K2)
    throne(g)
    answer(g, "trash")
    answer(g, "Nobles")
    answer(g, "gain")
    if g.pending is not None:
        pending_is(g, 0, "lurker.gain")
        answer(g, ["Nobles"])
    assert me(g).discard == ["Nobles"] and g.state.trash == []
    assert g.state.supply["Nobles"] == 7
    assert g.state.turn.actions == 2


def test_lurker_gain_with_no_action_in_trash_does_nothing():
    g = position(hand=["Lurker"], kingdom=K2)
    g.state.trash = ["Gold", "Harem"]
    play(g, "Lurker")
    if g.pending is not None:
        answer(g, "gain")
    assert g.pending is None
    assert me(g).discard == [] and sorted(g.state.trash) == ["Gold", "Harem"]


def test_throne_room_minion_moat_each_time_and_different_choices():
    g = position(hand=["Throne Room", "Minion", "Estate"], deck=["Copper"] * 4,
                 others={1: {"hand": ["Moat", "Estate", "Estate", "Estate", "Estate"],
                             "deck": ["Gold"] * 4}}, kingdom=K)
    throne(g)
    answer(g, [])            # no Moat the first time
    answer(g, "coins")
    pending_is(g, 1, "reaction.reveal")
    answer(g, [])
    answer(g, "attack")
    assert me(g, 1).hand == ["Gold"] * 4
    assert me(g).hand == ["Copper"] * 4
    t = g.state.turn
    assert t.coins == 2 and t.actions == 2


def test_throne_room_baron_twice():
    g = position(hand=["Throne Room", "Baron", "Estate"], kingdom=K)
    throne(g)
    answer(g, "yes")
    assert g.pending is None  # no Estate left: gains one
    t = g.state.turn
    assert t.coins == 4 and t.buys == 3
    assert sorted(me(g).discard) == ["Estate", "Estate"]
    assert g.state.supply["Estate"] == 7


def test_throne_room_tribute_reveals_two_new_cards_each_time():
    g = position(hand=["Throne Room", "Tribute"],
                 others={1: {"deck": ["Silver", "Copper", "Village", "Silver"]}}, kingdom=K)
    first_edition(g)
    throne(g)
    t = g.state.turn
    assert t.coins == 6  # Silver+Copper: $4; Village+Silver: +2 Actions, $2
    assert t.actions == 2
    assert sorted(me(g, 1).discard) == ["Copper", "Silver", "Silver", "Village"]


def test_throne_room_trading_post_twice():
    g = position(hand=["Throne Room", "Trading Post", "Copper", "Curse", "Estate"], kingdom=K)
    throne(g)
    answer(g, ["Copper", "Curse"])
    # second play: Silver and Estate left, both trashed without a choice
    assert sorted(g.state.trash) == ["Copper", "Curse", "Estate", "Silver"]
    assert me(g).hand == ["Silver"]


def test_throne_room_upgrade_twice():
    g = position(hand=["Throne Room", "Upgrade", "Copper", "Estate"],
                 deck=["Curse", "Curse"], kingdom=K)
    throne(g)
    answer(g, ["Estate"])
    d = pending_is(g, 0, "upgrade.gain")
    assert d.args["cost"] == 3
    answer(g, "Silver")
    answer(g, ["Copper"])
    assert g.pending is None  # nothing costs $1: trash only
    assert sorted(g.state.trash) == ["Copper", "Estate"]
    assert g.state.turn.actions == 2


def test_throne_room_courtier_reveals_each_time():
    g = position(hand=["Throne Room", "Courtier", "Harem", "Copper"], kingdom=K2)
    throne(g)
    answer(g, ["Harem"])
    answer(g, ["gold", "coins"])
    answer(g, ["Harem"])
    answer(g, ["coins", "buy"])
    t = g.state.turn
    assert t.coins == 6 and t.buys == 2
    assert me(g).discard == ["Gold"]


def test_throne_room_masquerade_passes_twice():
    g = position(hand=["Throne Room", "Masquerade"], deck=["Gold", "Copper", "Silver", "Estate"],
                 others={1: {"hand": ["Curse", "Duchy"]}}, kingdom=K)
    throne(g)
    answer(g, ["Gold"])
    answer(g, ["Curse"])
    answer(g, [])
    # second play: draws Silver, Estate
    pending_is(g, 0, "masquerade.pass")
    answer(g, ["Estate"])
    answer(g, ["Gold"])
    answer(g, ["Curse"])
    assert g.state.trash == ["Curse"]
    assert sorted(me(g).hand) == ["Copper", "Gold", "Silver"]
    assert sorted(me(g, 1).hand) == ["Duchy", "Estate"]


def test_throne_room_saboteur_attacks_twice():
    g = position(hand=["Throne Room", "Saboteur"],
                 others={1: {"deck": ["Silver", "Copper", "Gold"]}}, kingdom=K)
    first_edition(g)
    throne(g)
    d = pending_is(g, 1, "saboteur.gain")
    assert d.args["trashed"] == "Silver" and d.args["max_cost"] == 1
    answer(g, None)
    d = pending_is(g, 1, "saboteur.gain")
    assert d.args["trashed"] == "Gold" and d.args["max_cost"] == 4
    answer(g, "Silver")
    assert sorted(g.state.trash) == ["Gold", "Silver"]
    assert sorted(me(g, 1).discard) == ["Copper", "Silver"]


def test_throne_room_secret_passage_and_patrol():
    g = position(hand=["Throne Room", "Secret Passage"],
                 deck=["Copper", "Silver", "Gold", "Estate"], kingdom=K2)
    throne(g)
    answer(g, ["Copper"])
    answer(g, "0")
    # second play draws Copper again and Gold
    answer(g, ["Silver"])
    answer(g, "1")
    assert deck_top(g) == ["Estate", "Silver"]
    assert sorted(me(g).hand) == ["Copper", "Gold"]
    assert g.state.turn.actions == 2


def test_throne_room_scout_twice():
    g = position(hand=["Throne Room", "Scout"],
                 deck=["Estate", "Copper", "Copper", "Copper", "Duchy"], kingdom=K)
    first_edition(g)
    throne(g)
    # first: Estate to hand, three Coppers back (alike: no order asked)
    # second: Copper x3 + Duchy revealed
    assert sorted(me(g).hand) == ["Duchy", "Estate"]
    assert deck_top(g) == ["Copper"] * 3
    assert g.state.turn.actions == 2


# ----------------------------------------------------------------------
# Reactions: repeats and hidden prompts


def test_diplomat_may_react_again_while_five_or_more():
    g = position(hand=["Militia"],
                 others={1: {"hand": ["Diplomat", "Copper", "Copper", "Copper", "Estate",
                                      "Estate", "Estate"],
                             "deck": ["Silver", "Silver", "Gold", "Gold"]}},
                 kingdom=K2)
    play(g, "Militia")
    answer(g, ["Diplomat"])
    answer(g, ["Estate", "Estate", "Estate"])   # 9 - 3 = 6
    d = pending_is(g, 1, "reaction.reveal")
    assert d.options == ["Diplomat"] and d.args["revealed"] == ["Diplomat"]
    answer(g, ["Diplomat"])
    answer(g, ["Copper", "Copper", "Copper"])   # 8 - 3 = 5
    pending_is(g, 1, "reaction.reveal")
    answer(g, [])
    pending_is(g, 1, "militia.discard")


def test_diplomat_discard_is_hidden_from_others():
    g = position(hand=["Militia"], players=3,
                 others={1: {"hand": ["Diplomat", "Copper", "Copper", "Province", "Estate"],
                             "deck": ["Silver", "Gold"]}},
                 kingdom=K2)
    events = play(g, "Militia")
    events += answer(g, ["Diplomat"])
    events += answer(g, ["Province", "Gold", "Copper"])
    no_card_leaks(events, 2, "Province")
    no_card_leaks(events, 0, "Gold")


def test_moat_then_secret_chamber_still_allowed_after_block():
    g = position(hand=["Militia"],
                 others={1: {"hand": ["Moat", "Secret Chamber", "Copper", "Estate", "Estate"],
                             "deck": ["Gold", "Silver"]}},
                 kingdom=K)
    first_edition(g)
    play(g, "Militia")
    answer(g, ["Moat"])
    pending_is(g, 1, "reaction.reveal")
    answer(g, ["Secret Chamber"])
    answer(g, ["Estate", "Estate"])
    if g.pending is not None:
        answer(g, [])
    assert g.pending is None
    assert len(me(g, 1).hand) == 5 and deck_top(g, 1) == ["Estate", "Estate"]


# ----------------------------------------------------------------------
# Masquerade with the player's own hand empty


def test_masquerade_2e_player_with_empty_hand_is_skipped():
    g = position(hand=["Masquerade"], players=3,
                 others={1: {"hand": ["Estate", "Copper"]}, 2: {"hand": ["Gold", "Silver"]}},
                 kingdom=K)
    play(g, "Masquerade")
    d = pending_is(g, 1, "masquerade.pass")
    assert d.args["receiver"] == 2
    answer(g, ["Estate"])
    d = pending_is(g, 2, "masquerade.pass")
    assert d.args["receiver"] == 1
    answer(g, ["Gold"])
    assert g.pending is None
    assert me(g).hand == []
    assert sorted(me(g, 1).hand) == ["Copper", "Gold"]
    assert sorted(me(g, 2).hand) == ["Estate", "Silver"]


def test_masquerade_1e_player_with_empty_hand_still_receives():
    g = position(hand=["Masquerade"], players=3,
                 others={1: {"hand": ["Estate", "Copper"]}, 2: {"hand": ["Gold", "Silver"]}},
                 kingdom=K)
    first_edition(g)
    play(g, "Masquerade")
    answer(g, ["Estate"])
    answer(g, ["Gold"])
    # seat 0 received Gold and may trash it
    d = pending_is(g, 0, "masquerade.trash")
    assert d.options == ["Gold"] and d.min == 0
    answer(g, [])
    assert me(g).hand == ["Gold"]
    assert me(g, 1).hand == ["Copper"]
    assert sorted(me(g, 2).hand) == ["Estate", "Silver"]


def test_masquerade_pass_prompt_hidden_from_other_seats():
    g = position(hand=["Masquerade"], deck=["Gold", "Copper"], players=3,
                 others={1: {"hand": ["Copper", "Estate"]}}, kingdom=K)
    play(g, "Masquerade")
    answer(g, ["Gold"])
    pending_is(g, 1, "masquerade.pass")
    assert g.view(0)["waiting_for"] == {"seat": 1}
    assert g.view(2)["waiting_for"] == {"seat": 1}


# ----------------------------------------------------------------------
# Swindler / Saboteur / Torturer details


def test_swindler_three_players_in_turn_order_and_moat_on_one():
    g = position(hand=["Swindler"], players=3,
                 others={1: {"deck": ["Estate"]}, 2: {"hand": ["Moat"], "deck": ["Silver"]}},
                 kingdom=K)
    play(g, "Swindler")
    answer(g, ["Moat"])
    d = pending_is(g, 0, "swindler.gain")
    assert d.args["target"] == 1 and d.args["trashed"] == "Estate"
    assert "Estate" in d.options
    answer(g, "Estate")
    assert g.pending is None
    assert deck_top(g, 2) == ["Silver"]
    assert me(g, 1).discard == ["Estate"]


def test_swindler_copper_with_empty_copper_and_curse_piles():
    g = position(hand=["Swindler"], others={1: {"deck": ["Copper"]}}, kingdom=K,
                 supply={"Curse": 0, "Copper": 0})
    play(g, "Swindler")
    assert g.pending is None
    assert g.state.trash == ["Copper"] and me(g, 1).discard == []


def test_swindler_under_two_bridges_estate_is_zero_too():
    g = position(hand=["Throne Room", "Bridge", "Swindler"], actions=2,
                 others={1: {"deck": ["Copper"]}}, kingdom=K)
    throne(g, "Bridge")
    play(g, "Swindler")
    d = pending_is(g, 0, "swindler.gain")
    assert set(d.options) == {"Copper", "Curse", "Estate"}


def test_saboteur_trashes_a_three_cost_card_gain_up_to_one():
    g = position(hand=["Saboteur"], others={1: {"deck": ["Copper", "Silver"]}}, kingdom=K)
    first_edition(g)
    play(g, "Saboteur")
    d = pending_is(g, 1, "saboteur.gain")
    assert d.args["max_cost"] == 1
    assert set(d.options) == {"Copper", "Curse"}
    answer(g, "Copper")
    assert sorted(me(g, 1).discard) == ["Copper", "Copper"]


def test_saboteur_moat_blocks():
    g = position(hand=["Saboteur"], others={1: {"hand": ["Moat"], "deck": ["Gold"]}}, kingdom=K)
    first_edition(g)
    play(g, "Saboteur")
    answer(g, ["Moat"])
    assert g.pending is None and deck_top(g, 1) == ["Gold"]


def test_saboteur_round_trip_after_a_reshuffle():
    g = position(hand=["Saboteur"],
                 others={1: {"deck": ["Estate"], "discard": ["Gold", "Copper", "Copper",
                                                                "Copper", "Duchy"]}},
                 kingdom=K)
    first_edition(g)
    play(g, "Saboteur")
    round_trip(g, None)


def test_torturer_curse_goes_to_hand_and_is_public():
    g = position(hand=["Torturer"], deck=["Copper"] * 3, others={1: {"hand": ["Gold"] * 3}},
                 kingdom=K)
    events = play(g, "Torturer")
    events += answer(g, "curse")
    gains = of_type(events, "gain", 1)
    assert gains and gains[0]["card"] == "Curse" and gains[0]["to"] == "hand"
    assert me(g, 1).hand.count("Curse") == 1


def test_torturer_moat_blocks_choice():
    g = position(hand=["Torturer"], deck=["Copper"] * 3,
                 others={1: {"hand": ["Moat", "Gold", "Gold"]}}, kingdom=K)
    play(g, "Torturer")
    answer(g, ["Moat"])
    assert g.pending is None
    assert len(me(g).hand) == 3 and len(me(g, 1).hand) == 3


# ----------------------------------------------------------------------
# Ironworks with multi-type gains; Replace with Action-Victory


def test_two_bridges_ironworks_gains_harem_coin_and_card():
    g = position(hand=["Throne Room", "Bridge", "Ironworks"], deck=["Silver"], actions=2,
                 kingdom=K)
    throne(g, "Bridge")
    play(g, "Ironworks")
    d = pending_is(g, 0, "ironworks.gain")
    assert "Harem" in d.options and "Nobles" in d.options
    answer(g, "Harem")
    assert g.state.turn.coins == 2 + 1
    assert me(g).hand == ["Silver"]
    assert g.state.turn.actions == 0


def test_two_bridges_ironworks_gains_nobles_action_and_card():
    g = position(hand=["Throne Room", "Bridge", "Ironworks"], deck=["Silver"], actions=2,
                 kingdom=K)
    throne(g, "Bridge")
    play(g, "Ironworks")
    answer(g, "Nobles")
    assert g.state.turn.actions == 1 and me(g).hand == ["Silver"]


def test_ironworks_mill_gives_action_and_card():
    g = position(hand=["Ironworks"], deck=["Silver"], kingdom=K2 + ["Ironworks"])
    play(g, "Ironworks")
    answer(g, "Mill")
    assert g.state.turn.actions == 1 and me(g).hand == ["Silver"]


def test_replace_gaining_mill_on_deck_and_curse():
    g = position(hand=["Replace", "Silver", "Copper"], deck=["Gold"], kingdom=K2)
    play(g, "Replace")
    answer(g, ["Silver"])
    answer(g, "Mill")
    assert deck_top(g) == ["Mill", "Gold"]
    assert me(g, 1).discard == ["Curse"]


def test_replace_curses_in_turn_order_with_few_left():
    g = position(hand=["Replace", "Silver", "Copper"], players=3, kingdom=K2,
                 supply={"Curse": 1})
    play(g, "Replace")
    answer(g, ["Silver"])
    answer(g, "Duchy")
    assert me(g, 1).discard == ["Curse"] and me(g, 2).discard == []


def test_replace_under_bridge_max_cost():
    g = position(hand=["Bridge", "Replace", "Silver", "Copper"], actions=2,
                 kingdom=["Bridge"] + K2)
    play(g, "Bridge")
    play(g, "Replace")
    answer(g, ["Silver"])
    d = pending_is(g, 0, "replace.gain")
    assert d.args["max_cost"] == 4
    assert "Duchy" in d.options and "Gold" not in d.options  # Duchy 4, Gold 5


# ----------------------------------------------------------------------
# Further edge cases


def test_secret_chamber_reaction_with_only_itself_and_no_deck():
    g = position(hand=["Militia"], others={1: {"hand": ["Secret Chamber"]}}, kingdom=K)
    first_edition(g)
    play(g, "Militia")
    answer(g, ["Secret Chamber"])
    assert g.pending is None
    assert me(g, 1).hand == [] and deck_top(g, 1) == ["Secret Chamber"]


def test_secret_chamber_vs_torturer_put_back_then_discard():
    g = position(hand=["Torturer"], deck=["Copper"] * 3,
                 others={1: {"hand": ["Secret Chamber", "Estate", "Gold"],
                             "deck": ["Curse", "Silver"]}}, kingdom=K)
    first_edition(g)
    play(g, "Torturer")
    answer(g, ["Secret Chamber"])
    answer(g, ["Gold", "Secret Chamber"])
    if g.pending is not None and g.pending.prompt == "reaction.reveal":
        answer(g, [])
    answer(g, "discard")
    d = pending_is(g, 1, "torturer.discard")
    assert sorted(d.options) == ["Curse", "Estate", "Silver"]
    answer(g, ["Curse", "Estate"])
    assert me(g, 1).hand == ["Silver"]
    assert deck_top(g, 1) == ["Secret Chamber", "Gold"]


def test_diplomat_discarded_cannot_be_revealed_again():
    g = position(hand=["Militia"],
                 others={1: {"hand": ["Diplomat", "Copper", "Copper", "Copper", "Estate",
                                      "Estate", "Estate"],
                             "deck": ["Silver", "Silver"]}},
                 kingdom=K2)
    play(g, "Militia")
    answer(g, ["Diplomat"])
    answer(g, ["Diplomat", "Estate", "Estate"])
    pending_is(g, 1, "militia.discard")


def test_tribute_deck_empty_reveals_two_from_shuffled_discard():
    g = position(hand=["Tribute"], deck=["Copper"] * 3,
                 others={1: {"discard": ["Gold", "Duchy"]}}, kingdom=K)
    first_edition(g)
    play(g, "Tribute")
    assert g.state.turn.coins == 2 and len(me(g).hand) == 2
    assert sorted(me(g, 1).discard) == ["Duchy", "Gold"] and me(g, 1).deck == []


def test_throne_room_diplomat_checks_hand_size_each_play():
    g = position(hand=["Throne Room", "Diplomat", "Copper"], deck=["Estate"] * 4, kingdom=K2)
    throne(g)
    # first play: 1 + 2 = 3 cards -> +2 Actions; second: 5 cards -> +2 Actions
    assert len(me(g).hand) == 5 and g.state.turn.actions == 4
    g = position(hand=["Throne Room", "Diplomat", "Copper", "Copper"], deck=["Estate"] * 4,
                 kingdom=K2)
    throne(g)
    assert len(me(g).hand) == 6 and g.state.turn.actions == 2


def test_throne_room_shanty_town_reveals_hand_each_time():
    g = position(hand=["Throne Room", "Shanty Town"], deck=["Village", "Copper", "Gold", "Gold"],
                 kingdom=K)
    throne(g)
    assert sorted(me(g).hand) == ["Copper", "Village"]
    assert g.state.turn.actions == 4


def test_throne_room_great_hall():
    g = position(hand=["Throne Room", "Great Hall"], deck=["Copper", "Silver"], kingdom=K)
    throne(g)
    assert sorted(me(g).hand) == ["Copper", "Silver"] and g.state.turn.actions == 2


def test_throne_room_throne_room_conspirators_all_four_qualify():
    g = position(hand=["Throne Room", "Throne Room", "Conspirator", "Conspirator"],
                 deck=["Copper"] * 6, kingdom=K)
    throne(g, "Throne Room")
    answer(g, ["Conspirator"])
    if g.pending is not None:
        answer(g, ["Conspirator"])
    t = g.state.turn
    assert t.coins == 8
    assert len(me(g).hand) == 4 and t.actions == 4


def test_conspirator_counts_great_hall():
    g = position(hand=["Great Hall", "Great Hall", "Conspirator"], deck=["Copper"] * 4,
                 kingdom=K)
    play(g, "Great Hall")
    play(g, "Great Hall")
    play(g, "Conspirator")
    assert g.state.turn.actions == 1 and g.state.turn.coins == 2 and len(me(g).hand) == 3


def test_bridge_reduction_ends_with_the_turn():
    g = position(hand=["Bridge"], kingdom=K)
    play(g, "Bridge")
    assert g.cost("Province") == 7
    g.apply(0, {"type": "end_phase"})
    g.apply(0, {"type": "end_phase"})
    assert g.cost("Province") == 8


def test_mining_village_trashed_is_not_discarded_in_cleanup():
    g = position(hand=["Mining Village"], deck=["Copper"] * 10, kingdom=K)
    play(g, "Mining Village")
    answer(g, "yes")
    g.apply(0, {"type": "end_phase"})
    g.apply(0, {"type": "end_phase"})
    assert "Mining Village" not in me(g).all_cards()
    assert g.state.trash == ["Mining Village"]


def test_courtier_gold_with_empty_gold_pile():
    g = position(hand=["Courtier", "Copper"], kingdom=K2, supply={"Gold": 0})
    play(g, "Courtier")
    answer(g, ["gold"])
    assert me(g).discard == [] and g.state.turn.coins == 0


def test_courtier_coins_and_empty_hand():
    g = position(hand=["Courtier"], kingdom=K2)
    play(g, "Courtier")
    assert g.pending is None and g.state.turn.coins == 0


def test_courtier_great_hall_two_types_1e():
    g = first_edition(position(hand=["Courtier", "Great Hall"], kingdom=K2 + ["Great Hall"]))
    play(g, "Courtier")
    assert pending_is(g, 0, "courtier.choose").min == 2


def test_replace_trashing_curse_gains_estate_to_discard_and_curses():
    g = position(hand=["Replace", "Curse", "Copper"], kingdom=K2)
    play(g, "Replace")
    answer(g, ["Curse"])
    d = pending_is(g, 0, "replace.gain")
    assert d.args["max_cost"] == 2
    answer(g, "Estate")
    assert me(g).discard == ["Estate"] and me(g, 1).discard == ["Curse"]


def test_throne_room_replace_curses_twice():
    g = position(hand=["Throne Room", "Replace", "Silver", "Estate"], kingdom=K2)
    throne(g)
    answer(g, ["Silver"])
    answer(g, "Duchy")
    pending_is(g, 0, "replace.gain")  # the second play trashed the Estate ($2 -> up to $4)
    answer(g, "Estate")
    assert me(g, 1).discard == ["Curse", "Curse"]


def test_patrol_reshuffle_excludes_revealed_and_takes_multitype_victory():
    g = position(hand=["Patrol"], deck=["Copper", "Copper", "Copper", "Harem"],
                 discard=["Nobles", "Silver", "Gold"], kingdom=K2)
    play(g, "Patrol")
    assert sorted(me(g).hand) == ["Copper", "Copper", "Copper", "Harem", "Nobles"]
    d = pending_is(g, 0, "patrol.order")
    assert sorted(d.options) == ["Gold", "Silver"]
    answer(g, ["Silver", "Gold"])
    assert deck_top(g) == ["Silver", "Gold"]


def test_baron_no_estate_anywhere_does_nothing_else():
    g = position(hand=["Baron"], kingdom=K, supply={"Estate": 0})
    play(g, "Baron")
    assert g.pending is None and me(g).discard == [] and g.state.turn.buys == 2


def test_wishing_well_may_name_a_card_outside_the_supply():
    g = position(hand=["Wishing Well"], deck=["Copper", "Platinum"], kingdom=K)
    play(g, "Wishing Well")
    answer(g, "Platinum")
    assert sorted(me(g).hand) == ["Copper", "Platinum"]


def test_secret_chamber_discarding_nothing():
    g = position(hand=["Secret Chamber", "Estate"], kingdom=K)
    first_edition(g)
    play(g, "Secret Chamber")
    answer(g, [])
    assert g.state.turn.coins == 0 and me(g).hand == ["Estate"]


def test_game_end_five_players_needs_four_piles():
    g = position(kingdom=K, players=5, supply={"Nobles": 0, "Great Hall": 0, "Curse": 0})
    g.apply(0, {"type": "end_phase"})
    g.apply(0, {"type": "end_phase"})
    assert not g.state.game_over


def test_pile_sizes_in_new_game_harem_and_nobles():
    from dominion import new_game
    g = new_game(2, K, seed=3)
    assert g.state.supply["Harem"] == 8 and g.state.supply["Great Hall"] == 8
    g = new_game(6, K, seed=3)
    assert g.state.supply["Nobles"] == 12 and g.state.supply["Bridge"] == 10


def test_baron_declining_with_an_estate_in_hand_gains_one():
    g = position(hand=["Baron", "Estate"], kingdom=K)
    play(g, "Baron")
    answer(g, "no")
    assert me(g).hand == ["Estate"] and me(g).discard == ["Estate"]
    assert g.state.turn.coins == 0 and g.state.supply["Estate"] == 7


def test_upgrade_draws_first_and_may_trash_the_drawn_card():
    g = position(hand=["Upgrade"], deck=["Estate"], kingdom=K)
    play(g, "Upgrade")
    assert g.state.trash == ["Estate"]
    d = pending_is(g, 0, "upgrade.gain")
    assert d.args["cost"] == 3


def test_mine_treats_harem_as_a_treasure():
    g = position(hand=["Mine", "Harem"], kingdom=["Mine"] + K[:-1])
    play(g, "Mine")
    if g.pending is not None and g.pending.prompt == "mine.trash":
        answer(g, ["Harem"])
    d = pending_is(g, 0, "mine.gain")
    assert d.args["max_cost"] == 9 and "Harem" in d.options and "Nobles" not in d.options


def test_secret_chamber_may_be_revealed_even_when_minion_would_not_hit():
    g = position(hand=["Minion"], deck=["Copper"] * 4,
                 others={1: {"hand": ["Secret Chamber", "Estate", "Estate"],
                             "deck": ["Gold", "Silver"]}}, kingdom=K)
    first_edition(g)
    play(g, "Minion")
    pending_is(g, 1, "reaction.reveal")
    answer(g, ["Secret Chamber"])
    answer(g, ["Estate", "Estate"])
    if g.pending is not None and g.pending.prompt == "reaction.reveal":
        answer(g, [])
    answer(g, "attack")
    assert sorted(me(g, 1).hand) == ["Gold", "Secret Chamber", "Silver"]


def test_scout_with_fewer_than_four_cards_in_total():
    g = position(hand=["Scout"], deck=["Copper", "Estate"], kingdom=K)
    first_edition(g)
    play(g, "Scout")
    assert me(g).hand == ["Estate"] and deck_top(g) == ["Copper"]


def test_lurker_trashing_the_last_card_of_a_pile_can_end_the_game():
    g = position(hand=["Lurker"], kingdom=K2, supply={"Nobles": 1, "Mill": 0, "Curse": 0})
    play(g, "Lurker")
    answer(g, "trash")
    answer(g, "Nobles")
    assert g.state.supply["Nobles"] == 0
    g.apply(0, {"type": "end_phase"})
    g.apply(0, {"type": "end_phase"})
    assert g.state.game_over and g.state.end_reason == "piles"


def test_lurker_trash_event_is_from_the_supply():
    g = position(hand=["Lurker"], kingdom=K2)
    events = play(g, "Lurker")
    events += answer(g, "trash")
    events += answer(g, "Patrol")
    trash = of_type(events, "trash", 0)
    assert trash and trash[0]["cards"] == ["Patrol"] and trash[0].get("source") == "supply"
    assert me(g).discard == [] and me(g).hand == []


def test_masquerade_passing_is_not_gaining():
    g = position(hand=["Masquerade"], deck=["Gold", "Copper"],
                 others={1: {"hand": ["Curse", "Estate"]}}, kingdom=K)
    events = play(g, "Masquerade")
    events += answer(g, ["Gold"])
    events += answer(g, ["Curse"])
    events += answer(g, [])
    assert of_type(events, "gain") == []
    assert g.state.supply["Curse"] == 10


def test_masquerade_1e_two_players_other_hand_empty():
    g = first_edition(position(hand=["Masquerade"], deck=["Gold", "Copper"], kingdom=K))
    play(g, "Masquerade")
    answer(g, ["Gold"])
    answer(g, [])
    assert me(g).hand == ["Copper"] and me(g, 1).hand == ["Gold"]


def test_masquerade_2e_two_players_other_hand_empty_keeps_cards():
    g = position(hand=["Masquerade"], deck=["Gold", "Copper"], kingdom=K)
    play(g, "Masquerade")
    if g.pending.prompt == "masquerade.pass":
        answer(g, ["Gold"])
    answer(g, [])
    assert sorted(me(g).hand) == ["Copper", "Gold"] and me(g, 1).hand == []


def test_swindler_round_trip_after_shuffle():
    g = position(hand=["Swindler"], others={1: {"discard": ["Silver", "Estate", "Copper"]}},
                 kingdom=K)
    play(g, "Swindler")
    d = g.pending
    round_trip(g, d.options[0])


def test_torturer_round_trip_with_reaction():
    g = position(hand=["Torturer"], deck=["Copper"] * 3,
                 others={1: {"hand": ["Moat", "Gold", "Estate"]}}, kingdom=K)
    play(g, "Torturer")
    round_trip(g, [], "discard", ["Gold", "Estate"])
    assert me(g, 1).hand == ["Moat"]


# ----------------------------------------------------------------------
# Mandatory and exact-count choices


@pytest.mark.parametrize("hand,card,steps,prompt,bad", [
    (["Courtyard", "Estate"], "Courtyard", [], "courtyard.topdeck", [[], ["Estate", "Copper"]]),
    (["Upgrade", "Estate", "Copper"], "Upgrade", [], "upgrade.trash", [[]]),
    (["Replace", "Estate", "Copper"], "Replace", [], "replace.trash", [[]]),
    (["Courtier", "Estate", "Copper"], "Courtier", [], "courtier.reveal", [[]]),
    (["Trading Post", "Estate", "Copper", "Curse"], "Trading Post", [], "trading_post.trash",
     [[], ["Estate"], ["Estate", "Copper", "Curse"]]),
    (["Steward", "Estate", "Copper", "Curse"], "Steward", ["trash"], "steward.trash",
     [[], ["Estate"], ["Estate", "Copper", "Curse"]]),
    (["Secret Passage", "Estate", "Copper"], "Secret Passage", [], "secret_passage.card", [[]]),
    (["Masquerade", "Estate", "Copper"], "Masquerade", [], "masquerade.pass",
     [[], ["Estate", "Copper"]]),
    (["Mill", "Estate", "Copper", "Curse"], "Mill", [], "mill.discard",
     [["Estate", "Copper", "Curse"]]),
])
def test_choice_counts(hand, card, steps, prompt, bad):
    g = position(hand=hand, deck=["Copper"] * 6, others={1: {"hand": ["Copper", "Estate"]}},
                 kingdom=K2)
    play(g, card)
    for s in steps:
        answer(g, s)
    pending_is(g, 0, prompt)
    for b in bad:
        assert_invalid(g, b)


def test_torturer_discard_exactly_two():
    g = position(hand=["Torturer"], deck=["Copper"] * 3,
                 others={1: {"hand": ["Gold", "Estate", "Copper"]}}, kingdom=K)
    play(g, "Torturer")
    answer(g, "discard")
    pending_is(g, 1, "torturer.discard")
    assert_invalid(g, ["Gold"])
    assert_invalid(g, ["Gold", "Estate", "Copper"])


def test_minion_reaction_offered_even_to_a_small_hand():
    g = position(hand=["Minion"], others={1: {"hand": ["Moat", "Copper"]}}, kingdom=K)
    play(g, "Minion")
    pending_is(g, 1, "reaction.reveal")


def test_replace_reaction_offered_before_anything_happens():
    g = position(hand=["Replace", "Copper", "Estate"], others={1: {"hand": ["Moat"]}}, kingdom=K2)
    play(g, "Replace")
    pending_is(g, 1, "reaction.reveal")
    assert g.state.trash == []


@pytest.mark.parametrize("card,steps", [
    ("Courtyard", []), ("Secret Passage", []), ("Upgrade", []), ("Replace", []),
    ("Trading Post", []), ("Steward", ["trash"]), ("Mill", []), ("Masquerade", []),
    ("Wishing Well", ["Gold"]), ("Patrol", []), ("Diplomat", []), ("Shanty Town", []),
])
def test_nothing_to_do_with_an_empty_hand_and_deck(card, steps):
    g = position(hand=[card], kingdom=K2)
    play(g, card)
    for s in steps:
        if g.pending is not None:
            answer(g, s)
    assert g.pending is None
    assert me(g).hand == [] and me(g).in_play == [card]
    assert g.state.trash == []


def test_torturer_victim_with_empty_hand_choosing_discard():
    g = position(hand=["Torturer"], kingdom=K)
    play(g, "Torturer")
    answer(g, "discard")
    assert g.pending is None and me(g, 1).discard == []


def test_coppersmith_does_not_raise_coppers_already_in_play():
    g = position(hand=["Coppersmith", "Copper"], in_play=["Copper"], coins=1, kingdom=K)
    first_edition(g)
    play(g, "Coppersmith")
    assert g.state.turn.coins == 1
    g.apply(0, {"type": "play", "card": "Copper"})
    assert g.state.turn.coins == 3


def test_two_coppersmiths_copper_worth_three():
    g = position(hand=["Village", "Coppersmith", "Coppersmith", "Copper"], deck=["Estate"],
                 kingdom=K)
    first_edition(g)
    play(g, "Village")
    play(g, "Coppersmith")
    play(g, "Coppersmith")
    g.apply(0, {"type": "play_treasures"})
    assert g.state.turn.coins == 3


def test_torturer_discard_order_last_named_on_top():
    g = position(hand=["Torturer"], deck=["Copper"] * 3,
                 others={1: {"hand": ["Gold", "Province", "Copper"]}}, kingdom=K)
    play(g, "Torturer")
    answer(g, "discard")
    answer(g, ["Province", "Gold"])
    assert me(g, 1).discard[-1] == "Gold"


def test_ironworks_gaining_copper_gives_a_coin_and_curse_nothing():
    g = position(hand=["Ironworks"], deck=["Silver"], kingdom=K)
    play(g, "Ironworks")
    answer(g, "Copper")
    assert g.state.turn.coins == 1 and me(g).hand == []
    g = position(hand=["Ironworks"], deck=["Silver"], kingdom=K)
    play(g, "Ironworks")
    answer(g, "Curse")
    assert g.state.turn.coins == 0 and me(g).hand == [] and g.state.turn.actions == 0


def seated(game, seat):
    """Hand the turn to ``seat`` (the helper always starts with seat 0)."""
    from dominion.state import Turn
    game.state.turn = Turn(seat=seat, phase="action", actions=1, buys=1, coins=0)
    return game


def test_tribute_left_of_the_last_seat_is_seat_zero():
    g = position(players=3, others={2: {"hand": ["Tribute"]}}, deck=["Silver", "Great Hall"],
                 kingdom=K)
    first_edition(seated(g, 2))
    play(g, "Tribute", seat=2)
    t = g.state.turn
    assert (t.coins, t.actions) == (2, 2) and len(me(g, 2).hand) == 0
    assert sorted(me(g).discard) == ["Great Hall", "Silver"]


def test_masquerade_2e_wraps_around_and_skips_empty_seat_zero():
    g = position(players=3, others={1: {"hand": ["Estate", "Copper"]},
                                     2: {"hand": ["Masquerade"], "deck": ["Gold", "Silver"]}},
                 kingdom=K)
    seated(g, 2)
    play(g, "Masquerade", seat=2)
    d = pending_is(g, 2, "masquerade.pass")
    assert d.args["receiver"] == 1
    answer(g, ["Gold"])
    d = pending_is(g, 1, "masquerade.pass")
    assert d.args["receiver"] == 2
    answer(g, ["Estate"])
    pending_is(g, 2, "masquerade.trash")
    answer(g, [])
    assert me(g).hand == []
    assert sorted(me(g, 1).hand) == ["Copper", "Gold"]
    assert sorted(me(g, 2).hand) == ["Estate", "Silver"]


def test_swindler_victims_in_turn_order_from_the_attacker():
    g = position(players=3, others={1: {"hand": ["Swindler"]}, 2: {"deck": ["Silver"]}},
                 deck=["Estate"], kingdom=K)
    seated(g, 1)
    play(g, "Swindler", seat=1)
    d = pending_is(g, 1, "swindler.gain")
    assert d.args["target"] == 2
    answer(g, "Silver")
    d = pending_is(g, 1, "swindler.gain")
    assert d.args["target"] == 0


def test_throne_room_mining_village_with_another_one_in_play_trashes_only_once():
    g = position(hand=["Throne Room", "Mining Village"], in_play=["Mining Village"],
                 deck=["Silver", "Gold"], kingdom=K)
    throne(g)
    answer(g, "yes")
    assert g.pending is None
    assert g.state.trash == ["Mining Village"] and g.state.turn.coins == 2
    assert sorted(me(g).in_play) == ["Mining Village", "Throne Room"]


def test_secret_passage_position_is_public_but_not_the_card():
    g = position(hand=["Secret Passage", "Province"], deck=["Copper", "Silver", "Estate"],
                 kingdom=K2)
    events = play(g, "Secret Passage")
    events += answer(g, ["Province"])
    events += answer(g, "1")
    inserts = [render_event(e, 1) for e in of_type(events, "insert")]
    assert len(inserts) == 1
    assert inserts[0]["position"] == 1 and inserts[0]["count"] == 1
    assert "cards" not in inserts[0]
    assert deck_top(g) == ["Estate", "Province"]
