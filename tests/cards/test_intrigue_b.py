"""Scenario tests for Intrigue kingdom cards Nobles .. Wishing Well, and for
the 1st-edition texts of Base's Throne Room, Mine and Moneylender.

Each card has a test of its main effect and tests named after its rulings in
``shared/reference/cards.json``. Every card with a decision is saved and
loaded mid-decision (:func:`round_trip`). Decks in ``position(...)`` are
written top card first.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from helpers import (
    answer, assert_invalid, deck_top, me, of_type, pending_is, play, position, round_trip,
)

from dominion import CARDS, Card, Game
from dominion.cards.card import DRAW, PLUS_BUY, TRASHING, VILLAGE
from dominion.setup import supply_sizes
from dominion.views import render_event

Event = dict[str, Any]

KINGDOM = [
    "Nobles", "Patrol", "Pawn", "Replace", "Saboteur", "Scout", "Secret Chamber",
    "Secret Passage", "Shanty Town", "Steward", "Swindler", "Torturer", "Trading Post",
    "Tribute", "Upgrade", "Wishing Well", "Moat", "Militia", "Witch", "Throne Room",
    "Village", "Smithy",
]


def pos(**kw: Any) -> Game:
    """:func:`helpers.position` with this file's kingdom unless one is given."""
    kw.setdefault("kingdom", KINGDOM)
    return position(**kw)


# ----------------------------------------------------------------------
# Helpers


def same(a: list[str], b: list[str]) -> bool:
    return Counter(a) == Counter(b)


def other_sees(game: Game, seat: int) -> dict[str, Any]:
    return game.view(seat)["waiting_for"]


# ======================================================================
# Tags and editions


def test_randomizer_tags_and_editions():
    want = {
        "Nobles": ({VILLAGE, DRAW}, ("1", "2")),
        "Patrol": ({DRAW}, ("2",)),
        "Pawn": ({PLUS_BUY}, ("1", "2")),
        "Replace": ({TRASHING}, ("2",)),
        "Saboteur": (set(), ("1",)),
        "Scout": (set(), ("1",)),
        "Secret Chamber": (set(), ("1",)),
        "Secret Passage": ({DRAW}, ("2",)),
        "Shanty Town": ({VILLAGE}, ("1", "2")),
        "Steward": ({TRASHING, DRAW}, ("1", "2")),
        "Swindler": (set(), ("1", "2")),
        "Torturer": ({DRAW}, ("1", "2")),
        "Trading Post": ({TRASHING}, ("1", "2")),
        "Tribute": (set(), ("1",)),
        "Upgrade": ({TRASHING}, ("1", "2")),
        "Wishing Well": (set(), ("1", "2")),
    }
    for name, (tags, editions) in want.items():
        c = CARDS[name]
        assert (set(c.tags), c.editions, c.set) == (tags, editions, "intrigue"), name


# ======================================================================
# Nobles


def test_nobles_cards_draws_3():
    g = pos(hand=["Nobles"], deck=["Copper", "Silver", "Gold", "Estate"])
    play(g, "Nobles")
    pending_is(g, 0, "nobles.choose")
    assert g.pending.kind == "option" and g.pending.options == ["cards", "actions"]
    answer(g, "cards")
    assert same(me(g).hand, ["Copper", "Silver", "Gold"])
    assert g.turn.actions == 0


def test_nobles_actions_gives_2_actions():
    g = pos(hand=["Nobles"], deck=["Copper"])
    play(g, "Nobles")
    answer(g, "actions")
    assert me(g).hand == [] and g.turn.actions == 2


def test_nobles_ruling_cannot_mix_the_options():
    g = pos(hand=["Nobles"], deck=["Copper"] * 4)
    play(g, "Nobles")
    assert_invalid(g, ["cards", "actions"])
    assert_invalid(g, "both")
    round_trip(g, "cards")
    assert g.turn.actions == 0 and len(me(g).hand) == 3


def test_nobles_ruling_pile_8_with_2_players_12_with_more():
    assert supply_sizes(2, ["Nobles"])["Nobles"] == 8
    for n in (3, 4, 5, 6):
        assert supply_sizes(n, ["Nobles"])["Nobles"] == 12


def test_nobles_is_an_action_victory_worth_2_vp():
    c = CARDS["Nobles"]
    assert c.is_action and c.is_victory and c.vp == 2 and c.cost == 6
    g = pos(hand=["Nobles", "Nobles"])
    me(g).deck, me(g).discard = [], []
    assert g.score(0) == 4


def test_nobles_ruling_same_function_in_both_editions():
    assert CARDS["Nobles"].editions == ("1", "2") and CARDS["Nobles"].text_1e is None


def test_nobles_throne_room_may_choose_differently():
    g = pos(hand=["Throne Room", "Nobles"], deck=["Copper"] * 4)
    play(g, "Throne Room")
    answer(g, ["Nobles"])
    answer(g, "cards")
    pending_is(g, 0, "nobles.choose")
    answer(g, "actions")
    assert len(me(g).hand) == 3 and g.turn.actions == 2


# ======================================================================
# Patrol


def test_patrol_draws_3_then_takes_victory_and_curses_and_orders_the_rest():
    g = pos(hand=["Patrol"],
            deck=["Copper", "Copper", "Copper", "Estate", "Silver", "Curse", "Gold", "Duchy"])
    events = play(g, "Patrol")
    pending_is(g, 0, "patrol.order")
    assert g.pending.kind == "order" and same(g.pending.options, ["Silver", "Gold"])
    assert same(me(g).hand, ["Copper"] * 3 + ["Estate", "Curse"])
    assert of_type(events, "reveal", 0)[0]["cards"] == ["Estate", "Silver", "Curse", "Gold"]
    assert_invalid(g, ["Silver"])
    answer(g, ["Gold", "Silver"])  # the first named ends on top
    assert deck_top(g) == ["Gold", "Silver", "Duchy"]


def test_patrol_ruling_taking_victory_and_curses_is_mandatory_multi_type_counts(harem):
    g = pos(hand=["Patrol"],
            deck=["Copper"] * 3 + ["Nobles", harem, "Curse", "Province", "Gold"])
    play(g, "Patrol")
    assert g.pending is None  # nothing to order or to decline
    assert same(me(g).hand, ["Copper"] * 3 + ["Nobles", harem, "Curse", "Province"])
    assert deck_top(g) == ["Gold"]


def test_patrol_reveal_shuffles_without_the_revealed_cards():
    g = pos(hand=["Patrol"], deck=["Copper", "Copper", "Copper", "Estate", "Silver"],
            discard=["Gold", "Gold"])
    events = play(g, "Patrol")
    assert of_type(events, "reveal", 0)[0]["cards"] == ["Estate", "Silver", "Gold", "Gold"]
    round_trip(g, ["Gold", "Silver", "Gold"])
    assert deck_top(g) == ["Gold", "Silver", "Gold"] and me(g).discard == []


def test_patrol_order_is_public_and_the_put_back_hidden():
    g = pos(hand=["Patrol"], deck=["Copper"] * 3 + ["Silver", "Gold"])
    play(g, "Patrol")
    assert other_sees(g, 1)["prompt"] == "patrol.order"
    events = answer(g, ["Silver", "Gold"])
    put = of_type(events, "topdeck", 0)[0]
    assert "cards" not in render_event(put, 1) and render_event(put, 0)["cards"]


def test_patrol_intrigue_2nd_edition_only():
    assert CARDS["Patrol"].editions == ("2",) and CARDS["Patrol"].cost == 5


@pytest.fixture
def harem(monkeypatch: pytest.MonkeyPatch) -> str:
    """A Treasure-Victory card (Harem); a stand-in if not in the catalog."""
    if "Harem" not in CARDS:
        stand_in = Card("Harem", 6, frozenset({"Treasure", "Victory"}), "intrigue", ("1", "2"),
                        "Worth $2. Worth 2 VP.", coins=2, vp=2)
        monkeypatch.setitem(CARDS, "Harem", stand_in)
    return "Harem"


# ======================================================================
# Pawn


@pytest.mark.parametrize("pick, want", [
    (["card", "action"], (1, 1, 1, 0)),
    (["card", "buy"], (1, 0, 2, 0)),
    (["coin", "card"], (1, 0, 1, 1)),
    (["action", "buy"], (0, 1, 2, 0)),
    (["action", "coin"], (0, 1, 1, 1)),
    (["buy", "coin"], (0, 0, 2, 1)),
])
def test_pawn_two_different_bonuses(pick, want):
    g = pos(hand=["Pawn"], deck=["Gold"])
    play(g, "Pawn")
    answer(g, pick)
    assert (len(me(g).hand), g.turn.actions, g.turn.buys, g.turn.coins) == want


def test_pawn_ruling_both_chosen_before_resolving_either():
    g = pos(hand=["Pawn"], deck=["Gold"])
    play(g, "Pawn")
    d = g.pending
    pending_is(g, 0, "pawn.choose")
    assert d.kind == "options" and d.options == ["card", "action", "buy", "coin"]
    assert (d.min, d.max) == (2, 2)
    assert me(g).hand == []  # nothing drawn yet: one decision for both choices
    assert_invalid(g, ["card", "card"])
    assert_invalid(g, ["card"])
    assert_invalid(g, ["card", "buy", "coin"])
    assert_invalid(g, ["card", "villa"])
    assert other_sees(g, 1)["prompt"] == "pawn.choose"
    round_trip(g, ["card", "coin"])
    assert me(g).hand == ["Gold"] and g.turn.coins == 1


def test_pawn_throne_room_may_choose_differently():
    g = pos(hand=["Throne Room", "Pawn"], deck=["Gold"])
    play(g, "Throne Room")
    answer(g, ["Pawn"])
    answer(g, ["card", "action"])
    answer(g, ["buy", "coin"])
    assert (me(g).hand, g.turn.actions, g.turn.buys, g.turn.coins) == (["Gold"], 1, 2, 1)


# ======================================================================
# Replace


def test_replace_treasure_gained_goes_onto_the_deck():
    g = pos(hand=["Replace", "Copper", "Estate"], deck=["Gold"])
    play(g, "Replace")
    pending_is(g, 0, "replace.trash")
    answer(g, ["Copper"])
    pending_is(g, 0, "replace.gain")
    assert g.pending.args == {"max_cost": 2} and g.pending.min == 1
    assert "Silver" not in g.pending.options and "Estate" in g.pending.options
    answer(g, "Pawn")
    assert g.state.trash == ["Copper"]
    assert deck_top(g) == ["Pawn", "Gold"] and me(g, 1).discard == []


def test_replace_action_or_treasure_onto_deck():
    g = pos(hand=["Replace", "Estate"], deck=["Gold"])
    play(g, "Replace")
    answer(g, "Silver")  # Estate was trashed without asking (one card in hand)
    assert g.state.trash == ["Estate"] and deck_top(g) == ["Silver", "Gold"]


def test_replace_victory_curses_each_other_player_and_goes_to_discard():
    g = pos(hand=["Replace", "Silver"], players=3)
    play(g, "Replace")
    round_trip(g, "Duchy")
    assert me(g).discard == ["Duchy"] and me(g).deck == []
    assert me(g, 1).discard == ["Curse"] and me(g, 2).discard == ["Curse"]


def test_replace_ruling_both_bonuses_can_apply_nobles_and_harem(harem):
    g = pos(hand=["Replace", "Gold"], deck=["Copper"], players=3)
    play(g, "Replace")
    answer(g, "Nobles")
    assert deck_top(g) == ["Nobles", "Copper"]
    assert me(g, 1).discard == ["Curse"] and me(g, 2).discard == ["Curse"]

    g = pos(hand=["Replace", "Gold"], kingdom=KINGDOM + [harem], players=3)
    play(g, "Replace")
    answer(g, harem)
    assert deck_top(g) == [harem]
    assert me(g, 1).discard == ["Curse"] and me(g, 2).discard == ["Curse"]


def test_replace_ruling_otherwise_gained_card_goes_to_discard():
    g = pos(hand=["Replace", "Copper"])
    play(g, "Replace")
    answer(g, "Curse")  # neither Action, Treasure nor Victory
    assert me(g).discard == ["Curse"] and me(g).deck == [] and me(g, 1).discard == []


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_replace_curses_every_other_player_in_turn_order(players):
    g = pos(hand=["Replace", "Estate"], players=players, supply={"Curse": 3})
    events = play(g, "Replace")
    answer_events = answer(g, "Estate")
    got = [e["seat"] for e in of_type(events + answer_events, "gain") if e["card"] == "Curse"]
    assert got == list(range(1, min(players, 4)))  # 3 Curses left: the first 3 to the left
    assert g.state.supply["Curse"] == max(0, 3 - (players - 1))


def test_replace_moat_reveals_before_the_trash_and_blocks_the_curse():
    g = pos(hand=["Replace", "Silver"], players=3, others={1: {"hand": ["Moat"]}})
    play(g, "Replace")
    pending_is(g, 1, "reaction.reveal")  # reactions come when the Attack is played
    assert me(g).hand == ["Silver"]
    answer(g, ["Moat"])
    answer(g, "Estate")
    assert me(g, 1).discard == [] and me(g, 2).discard == ["Curse"]


def test_replace_with_empty_hand_does_nothing_and_hidden_trash_prompt():
    g = pos(hand=["Replace"])
    play(g, "Replace")
    assert g.pending is None and g.state.trash == []
    g = pos(hand=["Replace", "Copper", "Estate"])
    play(g, "Replace")
    assert other_sees(g, 1) == {"seat": 0}  # whether it is asked depends on the hand
    round_trip(g, ["Estate"], "Silver")
    assert deck_top(g) == ["Silver"]


def test_replace_intrigue_2nd_edition_only():
    assert CARDS["Replace"].editions == ("2",) and CARDS["Replace"].is_attack


# ======================================================================
# Saboteur


def test_saboteur_reveals_until_3_trashes_and_victim_may_gain_2_less():
    g = pos(hand=["Saboteur"], others={1: {"deck": ["Copper", "Estate", "Silver", "Gold"]}})
    events = play(g, "Saboteur")
    pending_is(g, 1, "saboteur.gain")  # asked to the victim
    d = g.pending
    assert d.args == {"max_cost": 1, "trashed": "Silver"} and d.min == 0
    assert set(d.options) == {"Copper", "Curse"}
    assert of_type(events, "reveal", 1)[-1]["cards"] == ["Silver"]
    assert g.state.trash == ["Silver"]
    answer(g, "Copper")
    assert same(me(g, 1).discard, ["Copper", "Estate", "Copper"])
    assert deck_top(g, 1) == ["Gold"]


def test_saboteur_ruling_replacement_gain_is_optional():
    g = pos(hand=["Saboteur"], others={1: {"deck": ["Gold"]}})
    play(g, "Saboteur")
    assert g.pending.args == {"max_cost": 4, "trashed": "Gold"}
    round_trip(g, None)
    assert g.state.trash == ["Gold"] and me(g, 1).discard == []


def test_saboteur_ruling_costs_use_current_modifiers():
    g = pos(hand=["Saboteur"], others={1: {"deck": ["Silver", "Village", "Gold"]}})
    g.turn.effects["cost_reduction"] = 1  # Silver and Village cost $2 now
    play(g, "Saboteur")
    assert g.pending.args == {"max_cost": 3, "trashed": "Gold"}  # $5 now, less $2
    assert {"Silver", "Village", "Smithy"} <= set(g.pending.options)
    assert "Gold" not in g.pending.options
    answer(g, "Village")
    assert same(me(g, 1).discard, ["Silver", "Village", "Village"])


def test_saboteur_ruling_reshuffle_mid_reveal_keeps_revealed_cards_out():
    g = pos(hand=["Saboteur"],
            others={1: {"deck": ["Copper", "Estate"], "discard": ["Copper", "Gold"]}})
    events = play(g, "Saboteur")
    revealed = [c for e in of_type(events, "reveal", 1) for c in e["cards"]]
    assert revealed[:2] == ["Copper", "Estate"] and revealed[-1] == "Gold"
    assert len(of_type(events, "shuffle", 1)) == 1
    answer(g, None)
    assert g.state.trash == ["Gold"]
    # The revealed Copper and Estate stayed out of the shuffle.
    assert same(me(g, 1).discard + me(g, 1).deck, ["Copper", "Estate", "Copper"])


def test_saboteur_ruling_no_card_costing_3_discards_all_revealed():
    g = pos(hand=["Saboteur"], others={1: {"deck": ["Copper", "Estate"], "discard": ["Curse"]}})
    events = play(g, "Saboteur")
    assert g.pending is None and g.state.trash == []
    assert same(me(g, 1).discard, ["Copper", "Estate", "Curse"]) and me(g, 1).deck == []
    assert len(of_type(events, "shuffle", 1)) == 1


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_saboteur_each_victim_in_turn_order(players):
    others = {s: {"deck": ["Estate", "Silver"]} for s in range(1, players)}
    g = pos(hand=["Saboteur"], players=players, others=others)
    play(g, "Saboteur")
    for s in range(1, players):
        pending_is(g, s, "saboteur.gain")
        answer(g, "Copper")
    assert g.pending is None
    assert g.state.trash == ["Silver"] * (players - 1)
    for s in range(1, players):
        assert me(g, s).discard == ["Copper", "Estate"]


def test_saboteur_moat_blocks():
    g = pos(hand=["Saboteur"], others={1: {"hand": ["Moat"], "deck": ["Gold"]}})
    play(g, "Saboteur")
    answer(g, ["Moat"])
    assert g.pending is None and g.state.trash == [] and deck_top(g, 1) == ["Gold"]


def test_saboteur_removed_in_2nd_edition():
    assert CARDS["Saboteur"].editions == ("1",) and CARDS["Saboteur"].is_attack


# ======================================================================
# Scout


def test_scout_takes_victory_cards_and_orders_the_rest():
    g = pos(hand=["Scout"], deck=["Estate", "Gold", "Curse", "Duchy", "Silver"])
    events = play(g, "Scout")
    assert g.turn.actions == 1
    assert of_type(events, "reveal", 0)[0]["cards"] == ["Estate", "Gold", "Curse", "Duchy"]
    pending_is(g, 0, "scout.order")
    assert same(g.pending.options, ["Gold", "Curse"])  # a Curse is not a Victory card
    assert same(me(g).hand, ["Estate", "Duchy"])
    assert other_sees(g, 1)["prompt"] == "scout.order"
    round_trip(g, ["Curse", "Gold"])
    assert deck_top(g) == ["Curse", "Gold", "Silver"]


def test_scout_ruling_mandatory_and_multi_type_victory_counts(harem):
    g = pos(hand=["Scout"], deck=["Nobles", harem, "Province", "Estate", "Gold"])
    play(g, "Scout")
    assert g.pending is None
    assert same(me(g).hand, ["Nobles", harem, "Province", "Estate"])
    assert deck_top(g) == ["Gold"]


def test_scout_ruling_fewer_than_4_shuffles_discard_without_revealed():
    g = pos(hand=["Scout"], deck=["Copper", "Estate"], discard=["Silver", "Duchy"])
    events = play(g, "Scout")
    revealed = of_type(events, "reveal", 0)
    assert len(revealed) == 1
    cards = revealed[0]["cards"]
    assert cards[:2] == ["Copper", "Estate"] and sorted(cards[2:]) == ["Duchy", "Silver"]
    assert len(of_type(events, "shuffle", 0)) == 1
    pending_is(g, 0, "scout.order")
    answer(g, ["Silver", "Copper"])
    assert same(me(g).hand, ["Estate", "Duchy"])
    # Had Copper and Estate been shuffled in, a fifth card would be around.
    assert deck_top(g) == ["Silver", "Copper"] and me(g).discard == []


def test_scout_removed_in_2nd_edition():
    assert CARDS["Scout"].editions == ("1",) and CARDS["Scout"].cost == 4


# ======================================================================
# Secret Chamber


def test_secret_chamber_discards_any_number_for_1_each():
    g = pos(hand=["Secret Chamber", "Estate", "Copper", "Curse"])
    play(g, "Secret Chamber")
    pending_is(g, 0, "secret_chamber.discard")
    assert (g.pending.min, g.pending.max) == (0, 3)
    assert other_sees(g, 1)["prompt"] == "secret_chamber.discard"
    events = answer(g, ["Estate", "Curse"])
    assert g.turn.coins == 2 and me(g).hand == ["Copper"]
    assert me(g).discard == ["Estate", "Curse"]
    assert "cards" not in render_event(of_type(events, "discard", 0)[0], 1)


def test_secret_chamber_discarding_nothing_gives_nothing():
    g = pos(hand=["Secret Chamber", "Copper"])
    play(g, "Secret Chamber")
    round_trip(g, [])
    assert g.turn.coins == 0 and me(g).hand == ["Copper"]


def test_secret_chamber_reaction_draws_2_then_puts_2_back_last_named_on_top():
    g = pos(hand=["Militia"],
            others={1: {"hand": ["Secret Chamber", "Copper", "Copper", "Estate", "Estate"],
                        "deck": ["Gold", "Silver", "Duchy"]}})
    play(g, "Militia")
    pending_is(g, 1, "reaction.reveal")
    assert g.pending.options == ["Secret Chamber"] and g.pending.args == {"revealed": []}
    answer(g, ["Secret Chamber"])
    pending_is(g, 1, "secret_chamber.topdeck")
    assert (g.pending.min, g.pending.max) == (2, 2) and g.pending.card == "Secret Chamber"
    assert same(me(g, 1).hand, ["Secret Chamber", "Copper", "Copper", "Estate", "Estate",
                                "Gold", "Silver"])
    assert other_sees(g, 0) == {"seat": 1}  # not public
    assert_invalid(g, ["Estate"])
    events = answer(g, ["Estate", "Estate"])
    assert deck_top(g, 1) == ["Estate", "Estate", "Duchy"]
    # It may be revealed again: it is still in hand.
    pending_is(g, 1, "reaction.reveal")
    assert g.pending.args == {"revealed": ["Secret Chamber"]}
    put = of_type(events, "topdeck", 1)[0]
    assert "cards" not in render_event(put, 0) and render_event(put, 0)["count"] == 2
    assert render_event(put, 1)["cards"] == ["Estate", "Estate"]
    answer(g, [])
    pending_is(g, 1, "militia.discard")  # the Attack goes on: not blocked
    answer(g, ["Copper", "Copper"])
    assert len(me(g, 1).hand) == 3


def test_secret_chamber_ruling_may_put_back_itself_and_just_drawn_cards():
    g = pos(hand=["Witch"], deck=["Copper", "Copper"],
            others={1: {"hand": ["Secret Chamber", "Estate"], "deck": ["Gold", "Silver"]}})
    play(g, "Witch")
    answer(g, ["Secret Chamber"])
    round_trip(g, ["Gold", "Secret Chamber"])
    assert deck_top(g, 1) == ["Secret Chamber", "Gold"]
    assert same(me(g, 1).hand, ["Estate", "Silver"])
    assert me(g, 1).discard == ["Curse"]  # it does not block


def test_secret_chamber_ruling_may_reveal_even_if_attack_does_nothing_to_you():
    # Militia against a hand of 3: nothing to discard, yet the reveal is offered.
    g = pos(hand=["Militia"],
            others={1: {"hand": ["Secret Chamber", "Copper", "Estate"], "deck": ["Gold", "Gold"]}})
    play(g, "Militia")
    pending_is(g, 1, "reaction.reveal")
    answer(g, ["Secret Chamber"])
    answer(g, ["Copper", "Estate"])
    answer(g, [])  # not again
    assert g.pending is None  # 3 cards again: Militia asks nothing
    assert same(me(g, 1).hand, ["Secret Chamber", "Gold", "Gold"])
    assert deck_top(g, 1) == ["Estate", "Copper"]


def test_secret_chamber_ruling_draws_a_moat_then_reveals_it_and_is_unaffected():
    g = pos(hand=["Witch"], deck=["Copper", "Copper"],
            others={1: {"hand": ["Secret Chamber"], "deck": ["Moat", "Copper"]}})
    play(g, "Witch")
    answer(g, ["Secret Chamber"])
    answer(g, ["Secret Chamber", "Copper"])
    pending_is(g, 1, "reaction.reveal")
    assert g.pending.options == ["Moat"]
    assert g.pending.args == {"revealed": ["Secret Chamber"]}
    round_trip(g, ["Moat"])
    assert me(g, 1).hand == ["Moat"] and me(g, 1).discard == []
    assert g.state.supply["Curse"] == 10


def test_secret_chamber_revealed_twice_against_one_attack():
    g = pos(hand=["Witch"], deck=["Copper", "Copper"],
            others={1: {"hand": ["Secret Chamber"], "deck": ["Silver", "Estate", "Gold", "Duchy"]}})
    play(g, "Witch")
    answer(g, ["Secret Chamber"])
    answer(g, ["Estate", "Silver"])  # keep Secret Chamber in hand
    pending_is(g, 1, "reaction.reveal")
    assert g.pending.options == ["Secret Chamber"]
    events = answer(g, ["Secret Chamber"])
    # It draws the 2 cards just put back.
    assert of_type(events, "react", 1)[0]["card"] == "Secret Chamber"
    assert same(me(g, 1).hand, ["Secret Chamber", "Silver", "Estate"])
    answer(g, ["Silver", "Secret Chamber"])
    assert g.pending is None  # no Reaction left in hand
    assert me(g, 1).hand == ["Estate"]
    assert deck_top(g, 1) == ["Secret Chamber", "Silver", "Gold", "Duchy"]
    assert me(g, 1).discard == ["Curse"]


def test_secret_chamber_against_each_play_of_a_throne_roomed_attack():
    g = pos(hand=["Throne Room", "Witch"], deck=["Copper"] * 4,
            others={1: {"hand": ["Secret Chamber", "Estate"], "deck": ["Gold"] * 4}})
    play(g, "Throne Room")
    answer(g, ["Witch"])
    answer(g, ["Secret Chamber"])
    answer(g, ["Gold", "Estate"])
    answer(g, [])
    pending_is(g, 1, "reaction.reveal")  # the second play is another Attack
    assert g.pending.args == {"revealed": []}
    answer(g, [])
    assert me(g, 1).discard == ["Curse", "Curse"]


def test_secret_chamber_removed_in_2nd_edition():
    c = CARDS["Secret Chamber"]
    assert c.editions == ("1",) and c.is_reaction and c.react_again and c.cost == 2


# ======================================================================
# Secret Passage


def test_secret_passage_draws_2_and_puts_a_card_at_a_chosen_position():
    g = pos(hand=["Secret Passage", "Estate"], deck=["Copper", "Silver", "Gold", "Duchy", "Curse"])
    play(g, "Secret Passage")
    assert g.turn.actions == 1
    pending_is(g, 0, "secret_passage.card")
    assert same(g.pending.options, ["Estate", "Copper", "Silver"])
    assert other_sees(g, 1) == {"seat": 0}  # hidden: it depends on the hand
    answer(g, ["Estate"])
    pending_is(g, 0, "secret_passage.position")
    assert g.pending.options == ["0", "1", "2", "3"]
    assert g.pending.args == {"placing": "Estate"}  # the deciding seat's own decision
    assert other_sees(g, 1) == {"seat": 0, "prompt": "secret_passage.position",
                                "card": "Secret Passage"}  # no args: the card stays hidden
    assert_invalid(g, "4")
    events = answer(g, "2")
    assert deck_top(g) == ["Gold", "Duchy", "Estate", "Curse"]
    assert same(me(g).hand, ["Copper", "Silver"])
    ins = of_type(events, "insert", 0)
    assert len(ins) == 1 and ins[0]["position"] == 2


@pytest.mark.parametrize("where, deck", [
    ("0", ["Estate", "Gold", "Duchy"]),
    ("1", ["Gold", "Estate", "Duchy"]),
    ("2", ["Gold", "Duchy", "Estate"]),
])
def test_secret_passage_ruling_any_position_top_to_bottom(where, deck):
    g = pos(hand=["Secret Passage", "Estate"], deck=["Copper", "Copper", "Gold", "Duchy"])
    play(g, "Secret Passage")
    answer(g, ["Estate"])
    answer(g, where)
    assert deck_top(g) == deck


def test_secret_passage_ruling_into_an_empty_deck_it_is_the_only_card():
    g = pos(hand=["Secret Passage", "Estate"], deck=["Copper", "Silver"])
    play(g, "Secret Passage")
    events = answer(g, ["Silver"])
    assert g.pending is None  # no position to choose
    assert deck_top(g) == ["Silver"]
    assert of_type(events, "insert", 0)[0]["position"] == 0


def test_secret_passage_card_hidden_from_other_seats_position_public():
    g = pos(hand=["Secret Passage", "Estate"], deck=["Copper", "Silver", "Gold"])
    play(g, "Secret Passage")
    answer(g, ["Estate"])
    events = answer(g, "1")
    ins = of_type(events, "insert", 0)[0]
    assert ins["private"] is True
    for viewer in (1, None):
        seen = render_event(ins, viewer)
        assert "cards" not in seen and seen["count"] == 1 and seen["position"] == 1
        assert "Estate" not in seen["text"]
    mine = render_event(ins, 0)
    assert mine["cards"] == ["Estate"] and mine["position"] == 1
    v = g.view(1)
    assert "hand" not in v["players"][0] and v["players"][0]["deck_count"] == 2
    assert "Estate" not in str(v["players"]) and v["decision"] is None


def test_secret_passage_round_trip_mid_decisions():
    g = pos(hand=["Secret Passage", "Estate"], deck=["Copper", "Silver", "Gold", "Duchy"])
    play(g, "Secret Passage")
    round_trip(g, ["Estate"], "2")
    assert deck_top(g) == ["Gold", "Duchy", "Estate"]


def test_secret_passage_intrigue_2nd_edition_only():
    assert CARDS["Secret Passage"].editions == ("2",)


# ======================================================================
# Shanty Town


def test_shanty_town_no_actions_in_hand_draws_2():
    g = pos(hand=["Shanty Town", "Copper", "Estate"], deck=["Village", "Gold", "Silver"])
    events = play(g, "Shanty Town")
    assert g.turn.actions == 2
    assert of_type(events, "reveal", 0)[0]["cards"] == ["Copper", "Estate"]
    assert same(me(g).hand, ["Copper", "Estate", "Village", "Gold"])


def test_shanty_town_with_an_action_in_hand_draws_nothing():
    g = pos(hand=["Shanty Town", "Village", "Copper"], deck=["Gold", "Silver"])
    events = play(g, "Shanty Town")
    assert g.turn.actions == 2 and same(me(g).hand, ["Village", "Copper"])
    assert render_event(of_type(events, "reveal", 0)[0], 1)["cards"] == ["Village", "Copper"]


def test_shanty_town_ruling_action_victory_cards_count_as_actions():
    g = pos(hand=["Shanty Town", "Nobles"], deck=["Gold", "Silver"])
    play(g, "Shanty Town")
    assert me(g).hand == ["Nobles"]


def test_shanty_town_ruling_if_the_first_card_drawn_is_an_action_still_draw_the_second():
    g = pos(hand=["Shanty Town", "Copper"], deck=["Village", "Gold", "Silver"])
    play(g, "Shanty Town")
    assert same(me(g).hand, ["Copper", "Village", "Gold"])


def test_shanty_town_empty_hand_draws_2():
    g = pos(hand=["Shanty Town"], deck=["Gold", "Silver"])
    play(g, "Shanty Town")
    assert same(me(g).hand, ["Gold", "Silver"])


def test_shanty_town_throne_room_second_play_sees_the_new_hand():
    g = pos(hand=["Throne Room", "Shanty Town"], deck=["Village", "Gold", "Silver", "Copper"])
    play(g, "Throne Room")
    answer(g, ["Shanty Town"])
    assert same(me(g).hand, ["Village", "Gold"])  # the Village drawn stops the second draw
    assert g.turn.actions == 4


# ======================================================================
# Steward


def test_steward_cards():
    g = pos(hand=["Steward"], deck=["Gold", "Silver", "Copper"])
    play(g, "Steward")
    pending_is(g, 0, "steward.choose")
    assert g.pending.options == ["cards", "coins", "trash"]
    answer(g, "cards")
    assert same(me(g).hand, ["Gold", "Silver"])


def test_steward_coins():
    g = pos(hand=["Steward", "Copper"])
    play(g, "Steward")
    answer(g, "coins")
    assert g.turn.coins == 2 and me(g).hand == ["Copper"]


def test_steward_trash_exactly_2():
    g = pos(hand=["Steward", "Copper", "Estate", "Curse"])
    play(g, "Steward")
    answer(g, "trash")
    pending_is(g, 0, "steward.trash")
    assert (g.pending.min, g.pending.max) == (2, 2)
    assert other_sees(g, 1) == {"seat": 0}
    assert_invalid(g, ["Curse"])
    assert_invalid(g, ["Curse", "Estate", "Copper"])
    round_trip(g, ["Curse", "Estate"])
    assert me(g).hand == ["Copper"] and same(g.state.trash, ["Curse", "Estate"])


def test_steward_ruling_with_1_card_trash_it():
    g = pos(hand=["Steward", "Estate"])
    play(g, "Steward")
    answer(g, "trash")
    assert g.pending is None and g.state.trash == ["Estate"] and me(g).hand == []


def test_steward_ruling_an_option_may_be_chosen_even_if_it_cannot_be_done():
    g = pos(hand=["Steward"])
    play(g, "Steward")
    answer(g, "trash")
    assert g.pending is None and g.state.trash == []
    g = pos(hand=["Steward"])
    play(g, "Steward")
    answer(g, "cards")
    assert me(g).hand == [] and g.turn.coins == 0


def test_steward_ruling_cannot_mix_options():
    g = pos(hand=["Steward", "Copper", "Estate"], deck=["Gold"])
    play(g, "Steward")
    assert_invalid(g, ["cards", "coins"])
    round_trip(g, "coins")
    assert g.turn.coins == 2 and me(g).deck == ["Gold"]


def test_steward_ruling_same_function_in_both_editions():
    assert CARDS["Steward"].editions == ("1", "2") and CARDS["Steward"].text_1e is None


# ======================================================================
# Swindler


def test_swindler_trashes_top_card_attacker_picks_same_cost_to_victims_discard():
    g = pos(hand=["Swindler"], others={1: {"deck": ["Silver", "Gold"]}})
    events = play(g, "Swindler")
    assert g.turn.coins == 2
    pending_is(g, 0, "swindler.gain")  # asked to the attacker
    d = g.pending
    assert d.args == {"target": 1, "trashed": "Silver", "cost": 3} and d.min == 1
    assert set(d.options) == {n for n, left in g.state.supply.items()
                              if left and CARDS[n].cost == 3}
    assert of_type(events, "reveal", 1)[0]["cards"] == ["Silver"]
    assert of_type(events, "trash", 1)[0]["cards"] == ["Silver"]
    assert other_sees(g, 1)["prompt"] == "swindler.gain"
    assert_invalid(g, None)  # mandatory
    assert_invalid(g, "Gold")
    round_trip(g, "Shanty Town")
    assert me(g, 1).discard == ["Shanty Town"] and deck_top(g, 1) == ["Gold"]
    assert g.state.trash == ["Silver"]


def test_swindler_ruling_may_give_another_copy_or_a_curse_for_0():
    g = pos(hand=["Swindler"], others={1: {"deck": ["Copper"]}})
    play(g, "Swindler")
    assert set(g.pending.options) == {"Copper", "Curse"}
    answer(g, "Curse")
    assert me(g, 1).discard == ["Curse"]
    g = pos(hand=["Swindler"], others={1: {"deck": ["Silver"]}})
    play(g, "Swindler")
    answer(g, "Silver")
    assert me(g, 1).discard == ["Silver"]


def test_swindler_ruling_no_card_of_that_cost_no_gain():
    g = pos(hand=["Swindler"], others={1: {"deck": ["Gold"]}},
            kingdom=["Swindler", "Village"], supply={"Gold": 0})
    play(g, "Swindler")
    assert g.pending is None
    assert g.state.trash == ["Gold"] and me(g, 1).discard == []


def test_swindler_ruling_current_cost():
    g = pos(hand=["Swindler"], others={1: {"deck": ["Silver"]}})
    g.turn.effects["cost_reduction"] = 1
    play(g, "Swindler")
    assert g.pending.args["cost"] == 2
    # Printed $3 cards cost $2 now; Estate ($1 now) and Smithy ($3 now) do not fit.
    assert {"Silver", "Village", "Shanty Town"} <= set(g.pending.options)
    assert "Estate" not in g.pending.options and "Smithy" not in g.pending.options
    answer(g, "Village")
    assert me(g, 1).discard == ["Village"]


def test_swindler_ruling_empty_deck_shuffles_first_and_no_card_means_nothing():
    g = pos(hand=["Swindler"], players=3,
            others={1: {"discard": ["Estate"]}, 2: {"hand": ["Copper"]}})
    events = play(g, "Swindler")
    assert len(of_type(events, "shuffle", 1)) == 1
    assert g.pending.args == {"target": 1, "trashed": "Estate", "cost": 2}
    answer(g, "Moat")
    assert g.pending is None  # seat 2 has no deck and no discard pile
    assert me(g, 1).discard == ["Moat"] and g.state.trash == ["Estate"]
    assert me(g, 2).hand == ["Copper"]


def test_swindler_ruling_moat_no_trash_and_no_gain():
    g = pos(hand=["Swindler"], others={1: {"hand": ["Moat"], "deck": ["Gold"]}})
    play(g, "Swindler")
    answer(g, ["Moat"])
    assert g.pending is None and g.state.trash == [] and deck_top(g, 1) == ["Gold"]
    assert g.turn.coins == 2


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_swindler_ruling_resolves_in_turn_order(players):
    others = {s: {"deck": ["Copper"]} for s in range(1, players)}
    g = pos(hand=["Swindler"], players=players, others=others)
    play(g, "Swindler")
    for s in range(1, players):
        pending_is(g, 0, "swindler.gain")
        assert g.pending.args["target"] == s
        answer(g, "Curse")
    assert g.pending is None
    assert all(me(g, s).discard == ["Curse"] for s in range(1, players))
    assert g.state.trash == ["Copper"] * (players - 1)


def test_swindler_throne_room_swindles_twice():
    g = pos(hand=["Throne Room", "Swindler"], others={1: {"deck": ["Silver", "Duchy"]}})
    play(g, "Throne Room")
    answer(g, ["Swindler"])
    assert g.pending.args["trashed"] == "Silver"
    answer(g, "Wishing Well")
    assert g.pending.args == {"target": 1, "trashed": "Duchy", "cost": 5}
    answer(g, "Torturer")
    assert g.turn.coins == 4
    assert g.state.trash == ["Silver", "Duchy"]
    assert me(g, 1).discard == ["Wishing Well", "Torturer"]


def test_swindler_same_function_in_both_editions():
    assert CARDS["Swindler"].editions == ("1", "2") and CARDS["Swindler"].is_attack


# ======================================================================
# Torturer


def test_torturer_draws_3_victim_discards_2_or_takes_a_curse_to_hand():
    g = pos(hand=["Torturer"], deck=["Copper"] * 3, players=3,
            others={1: {"hand": ["Copper", "Estate", "Silver"]},
                    2: {"hand": ["Copper", "Estate", "Silver"]}})
    play(g, "Torturer")
    assert me(g).hand == ["Copper"] * 3
    pending_is(g, 1, "torturer.choose")
    assert g.pending.options == ["discard", "curse"]
    assert other_sees(g, 0)["prompt"] == "torturer.choose"
    answer(g, "discard")
    pending_is(g, 1, "torturer.discard")
    assert (g.pending.min, g.pending.max) == (2, 2)
    assert other_sees(g, 0) == {"seat": 1}
    assert_invalid(g, ["Estate"])
    answer(g, ["Estate", "Copper"])
    pending_is(g, 2, "torturer.choose")  # turn order
    answer(g, "curse")
    assert g.pending is None
    assert me(g, 1).hand == ["Silver"] and me(g, 1).discard == ["Estate", "Copper"]
    assert same(me(g, 2).hand, ["Copper", "Estate", "Silver", "Curse"])
    assert me(g, 2).discard == []


def test_torturer_ruling_may_choose_an_option_it_cannot_fulfil():
    g = pos(hand=["Torturer"], players=4, supply={"Curse": 0},
            others={1: {"hand": ["Copper"]}, 2: {}, 3: {"hand": ["Estate"]}})
    play(g, "Torturer")
    answer(g, "discard")  # one card: discards it
    answer(g, "discard")  # no cards
    answer(g, "curse")  # no Curses left
    assert g.pending is None
    assert me(g, 1).discard == ["Copper"] and me(g, 1).hand == []
    assert me(g, 3).hand == ["Estate"]


def test_torturer_ruling_gained_curse_goes_to_hand():
    g = pos(hand=["Torturer"], others={1: {"hand": ["Copper"] * 5}})
    play(g, "Torturer")
    round_trip(g, "curse")
    assert Counter(me(g, 1).hand)["Curse"] == 1 and me(g, 1).discard == []


def test_torturer_round_trip_mid_discard():
    g = pos(hand=["Torturer"], others={1: {"hand": ["Copper", "Estate", "Gold"]}})
    play(g, "Torturer")
    answer(g, "discard")
    round_trip(g, ["Copper", "Estate"])
    assert me(g, 1).hand == ["Gold"]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_torturer_every_victim_in_turn_order(players):
    others = {s: {"hand": ["Copper", "Copper", "Estate"]} for s in range(1, players)}
    g = pos(hand=["Torturer"], players=players, others=others)
    play(g, "Torturer")
    for s in range(1, players):
        pending_is(g, s, "torturer.choose")
        answer(g, "curse" if s % 2 else "discard")
        if s % 2 == 0:
            answer(g, ["Copper", "Estate"])
    assert g.pending is None
    for s in range(1, players):
        assert ("Curse" in me(g, s).hand) == bool(s % 2)
        assert len(me(g, s).hand) == (4 if s % 2 else 1)


def test_torturer_throne_room_attacks_twice():
    g = pos(hand=["Throne Room", "Torturer"], deck=["Copper"] * 6,
            others={1: {"hand": ["Copper", "Copper", "Estate", "Silver"]}})
    play(g, "Throne Room")
    answer(g, ["Torturer"])
    answer(g, "curse")
    pending_is(g, 1, "torturer.choose")  # the second play
    answer(g, "discard")
    answer(g, ["Curse", "Estate"])
    assert len(me(g).hand) == 6
    assert same(me(g, 1).hand, ["Copper", "Copper", "Silver"])
    assert me(g, 1).discard == ["Curse", "Estate"]


def test_torturer_moat_blocks():
    g = pos(hand=["Torturer"], others={1: {"hand": ["Moat", "Copper"]}})
    play(g, "Torturer")
    answer(g, ["Moat"])
    assert g.pending is None and same(me(g, 1).hand, ["Moat", "Copper"])


def test_torturer_same_function_in_both_editions():
    assert CARDS["Torturer"].editions == ("1", "2") and CARDS["Torturer"].is_attack


# ======================================================================
# Trading Post


def test_trading_post_trashes_2_and_gains_a_silver_to_hand():
    g = pos(hand=["Trading Post", "Copper", "Estate", "Curse"])
    play(g, "Trading Post")
    pending_is(g, 0, "trading_post.trash")
    assert (g.pending.min, g.pending.max) == (2, 2)
    assert other_sees(g, 1) == {"seat": 0}
    assert_invalid(g, ["Curse"])
    events = answer(g, ["Curse", "Estate"])
    assert same(me(g).hand, ["Copper", "Silver"]) and same(g.state.trash, ["Curse", "Estate"])
    assert of_type(events, "gain", 0)[0]["to"] == "hand"


def test_trading_post_ruling_with_1_card_trash_it_and_gain_nothing():
    g = pos(hand=["Trading Post", "Estate"])
    play(g, "Trading Post")
    assert g.pending is None
    assert g.state.trash == ["Estate"] and me(g).hand == [] and me(g).discard == []


def test_trading_post_ruling_silver_pile_empty_still_trash():
    g = pos(hand=["Trading Post", "Estate", "Estate"], supply={"Silver": 0})
    play(g, "Trading Post")
    assert g.state.trash == ["Estate", "Estate"] and me(g).hand == []


def test_trading_post_ruling_silver_can_be_played_this_turn():
    g = pos(hand=["Trading Post", "Copper", "Estate", "Curse"])
    play(g, "Trading Post")
    round_trip(g, ["Estate", "Curse"])
    play(g, "Silver")
    assert g.turn.coins == 2


# ======================================================================
# Tribute


def test_tribute_left_player_reveals_and_discards_2_bonuses_per_type():
    g = pos(hand=["Tribute"], deck=["Gold", "Silver"], players=3,
            others={1: {"deck": ["Village", "Copper", "Estate"]}, 2: {"deck": ["Duchy"]}})
    events = play(g, "Tribute")
    assert g.pending is None
    assert of_type(events, "reveal", 1)[0]["cards"] == ["Village", "Copper"]
    assert of_type(events, "discard", 1)[0]["cards"] == ["Village", "Copper"]
    assert "cards" in render_event(of_type(events, "discard", 1)[0], 2)  # public
    assert me(g, 1).discard == ["Village", "Copper"] and deck_top(g, 1) == ["Estate"]
    assert (g.turn.actions, g.turn.coins, me(g).hand) == (2, 2, [])
    assert deck_top(g, 2) == ["Duchy"]


def test_tribute_victory_gives_2_cards():
    g = pos(hand=["Tribute"], deck=["Gold", "Silver"], others={1: {"deck": ["Estate", "Curse"]}})
    play(g, "Tribute")
    assert same(me(g).hand, ["Gold", "Silver"]) and g.turn.coins == 0 and g.turn.actions == 0


def test_tribute_ruling_two_copies_give_the_bonus_once():
    g = pos(hand=["Tribute"], others={1: {"deck": ["Silver", "Silver"]}})
    play(g, "Tribute")
    assert g.turn.coins == 2


def test_tribute_ruling_multi_type_cards_give_every_matching_bonus(harem):
    g = pos(hand=["Tribute"], deck=["Copper"] * 4, others={1: {"deck": [harem, "Nobles"]}})
    play(g, "Tribute")
    # Harem: +$2 and +2 Cards; Nobles: +2 Actions and +2 Cards.
    assert (g.turn.coins, g.turn.actions, len(me(g).hand)) == (2, 2, 4)


def test_tribute_ruling_curse_gives_nothing():
    g = pos(hand=["Tribute"], deck=["Gold"], others={1: {"deck": ["Curse", "Curse"]}})
    play(g, "Tribute")
    assert (g.turn.coins, g.turn.actions, me(g).hand) == (0, 0, [])


def test_tribute_ruling_fewer_than_2_shuffle_discard_without_revealed():
    g = pos(hand=["Tribute"], others={1: {"deck": ["Silver"], "discard": ["Village"]}})
    events = play(g, "Tribute")
    assert of_type(events, "reveal", 1)[0]["cards"] == ["Silver", "Village"]
    assert len(of_type(events, "shuffle", 1)) == 1
    assert (g.turn.coins, g.turn.actions) == (2, 2)
    assert me(g, 1).deck == [] and me(g, 1).discard == ["Silver", "Village"]


def test_tribute_ruling_only_the_cards_there_are_count():
    g = pos(hand=["Tribute"], others={1: {"deck": ["Gold"]}})
    play(g, "Tribute")
    assert g.turn.coins == 2 and me(g, 1).discard == ["Gold"]
    g = pos(hand=["Tribute"])
    events = play(g, "Tribute")
    assert of_type(events, "reveal") == [] and g.turn.coins == 0


def test_tribute_ruling_not_an_attack_moat_cannot_prevent_it():
    g = pos(hand=["Tribute"], others={1: {"hand": ["Moat"], "deck": ["Gold", "Curse"]}})
    play(g, "Tribute")
    assert g.pending is None and g.turn.coins == 2
    assert not CARDS["Tribute"].is_attack


def test_tribute_removed_in_2nd_edition():
    assert CARDS["Tribute"].editions == ("1",)


# ======================================================================
# Upgrade


def test_upgrade_draws_then_trashes_and_gains_exactly_1_more():
    g = pos(hand=["Upgrade", "Estate", "Copper"], deck=["Gold"])
    play(g, "Upgrade")
    assert g.turn.actions == 1
    pending_is(g, 0, "upgrade.trash")
    assert same(g.pending.options, ["Estate", "Copper", "Gold"])  # drawn first
    assert other_sees(g, 1) == {"seat": 0}
    answer(g, ["Estate"])
    pending_is(g, 0, "upgrade.gain")
    assert g.pending.args == {"cost": 3} and g.pending.min == 1
    assert set(g.pending.options) == {n for n, left in g.state.supply.items()
                                      if left and CARDS[n].cost == 3}
    assert other_sees(g, 1)["prompt"] == "upgrade.gain"
    assert_invalid(g, None)
    assert_invalid(g, "Duchy")
    answer(g, "Silver")
    assert me(g).discard == ["Silver"] and g.state.trash == ["Estate"]


def test_upgrade_ruling_trashing_mandatory_with_a_card():
    g = pos(hand=["Upgrade"], deck=["Estate"])
    play(g, "Upgrade")
    assert g.state.trash == ["Estate"]  # the drawn card, the only one: no choice
    pending_is(g, 0, "upgrade.gain")
    assert g.pending.args == {"cost": 3}
    g = pos(hand=["Upgrade"])
    play(g, "Upgrade")
    assert g.pending is None and g.state.trash == []


def test_upgrade_ruling_no_card_costing_exactly_1_more_gains_nothing():
    g = pos(hand=["Upgrade", "Gold"], kingdom=["Upgrade"])
    play(g, "Upgrade")
    assert g.pending is None  # nothing costs $7
    assert g.state.trash == ["Gold"] and me(g).discard == []


def test_upgrade_ruling_costs_use_current_modifiers():
    g = pos(hand=["Upgrade", "Silver", "Silver"])
    g.turn.effects["cost_reduction"] = 1
    play(g, "Upgrade")
    assert g.pending.args == {"cost": 3}  # Silver costs $2 now
    assert "Smithy" in g.pending.options and "Silver" not in g.pending.options
    round_trip(g, "Smithy")
    assert me(g).discard == ["Smithy"]


def test_upgrade_round_trip_mid_trash():
    g = pos(hand=["Upgrade", "Estate", "Copper"], deck=["Silver"])
    play(g, "Upgrade")
    round_trip(g, ["Estate"], "Silver")
    assert me(g).discard == ["Silver"] and same(me(g).hand, ["Copper", "Silver"])


def test_upgrade_copper_to_nothing_when_no_card_costs_1():
    g = pos(hand=["Upgrade", "Copper"], deck=["Copper"])
    play(g, "Upgrade")
    assert g.pending is None  # both in hand are Coppers; nothing costs $1
    assert g.state.trash == ["Copper"] and me(g).hand == ["Copper"]


# ======================================================================
# Wishing Well


def test_wishing_well_right_guess_goes_to_hand():
    g = pos(hand=["Wishing Well"], deck=["Copper", "Gold", "Estate"])
    play(g, "Wishing Well")
    assert g.turn.actions == 1
    pending_is(g, 0, "wishing_well.name")
    assert g.pending.options == sorted(CARDS)
    assert me(g).hand == ["Copper"]  # drawn before naming
    assert other_sees(g, 1)["prompt"] == "wishing_well.name"
    events = answer(g, "Gold")
    assert of_type(events, "name", 0) == [{"type": "name", "seat": 0, "card": "Gold",
                                               "by": "Wishing Well"}]
    assert render_event(of_type(events, "name", 0)[0], 1)["card"] == "Gold"
    assert of_type(events, "reveal", 0)[0]["cards"] == ["Gold"]
    assert same(me(g).hand, ["Copper", "Gold"]) and deck_top(g) == ["Estate"]


def test_wishing_well_wrong_guess_stays_on_top():
    g = pos(hand=["Wishing Well"], deck=["Copper", "Gold", "Estate"])
    play(g, "Wishing Well")
    assert_invalid(g, "Action")  # a card name, not a type
    assert_invalid(g, "gold")
    round_trip(g, "Silver")
    assert me(g).hand == ["Copper"] and deck_top(g) == ["Gold", "Estate"]


def test_wishing_well_reveal_shuffles_the_discard_if_needed():
    g = pos(hand=["Wishing Well"], deck=["Copper"], discard=["Duchy"])
    play(g, "Wishing Well")
    events = answer(g, "Duchy")
    assert len(of_type(events, "shuffle", 0)) == 1
    assert same(me(g).hand, ["Copper", "Duchy"]) and me(g).deck == []


def test_wishing_well_with_no_cards_left_names_and_nothing_else():
    g = pos(hand=["Wishing Well"])
    play(g, "Wishing Well")
    events = answer(g, "Gold")
    assert of_type(events, "name", 0) and not of_type(events, "reveal")
    assert me(g).hand == []


def test_wishing_well_same_function_in_both_editions():
    assert CARDS["Wishing Well"].editions == ("1", "2")


# ======================================================================
# 1st-edition texts of Base cards (rules.md 9)


def first(**kw: Any) -> Game:
    g = pos(**kw)
    g.state.edition = "1"
    assert g.first_edition
    return g


def test_new_game_edition_1_plays_1st_edition_texts():
    from dominion import new_game

    assert new_game(2, KINGDOM, seed=3, edition="1").first_edition
    assert not new_game(2, KINGDOM, seed=3).first_edition


def test_throne_room_1e_must_choose_an_action_when_one_is_in_hand():
    g = first(hand=["Throne Room", "Village", "Smithy", "Copper"], deck=["Gold", "Silver"])
    play(g, "Throne Room")
    pending_is(g, 0, "throne_room.play")
    assert (g.pending.min, g.pending.max) == (1, 1)
    assert_invalid(g, [])
    round_trip(g, ["Village"])
    assert g.turn.actions == 4


def test_throne_room_1e_choice_forced_by_a_single_action_and_nothing_without():
    g = first(hand=["Throne Room", "Smithy"], deck=["Copper"] * 6)
    play(g, "Throne Room")
    assert g.pending is None  # the only Action is played twice without asking
    assert len(me(g).hand) == 6
    g = first(hand=["Throne Room", "Copper"])
    play(g, "Throne Room")
    assert g.pending is None and me(g).in_play == ["Throne Room"]


def test_throne_room_2e_keeps_the_choice_optional():
    g = pos(hand=["Throne Room", "Smithy"], deck=["Copper"] * 6)
    play(g, "Throne Room")
    assert g.pending.min == 0
    answer(g, [])
    assert me(g).hand == ["Smithy"]


def test_mine_1e_must_trash_a_treasure():
    g = first(hand=["Mine", "Copper", "Silver"], kingdom=["Mine"])
    play(g, "Mine")
    pending_is(g, 0, "mine.trash")
    assert g.pending.min == 1
    assert_invalid(g, [])
    answer(g, ["Copper"])
    answer(g, "Silver")
    assert same(me(g).hand, ["Silver", "Silver"]) and g.state.trash == ["Copper"]


def test_mine_1e_single_treasure_is_trashed_without_asking():
    g = first(hand=["Mine", "Silver"], kingdom=["Mine"])
    play(g, "Mine")
    assert g.state.trash == ["Silver"]
    pending_is(g, 0, "mine.gain")
    answer(g, "Gold")
    assert me(g).hand == ["Gold"]


def test_mine_2e_keeps_trashing_optional():
    g = pos(hand=["Mine", "Silver"], kingdom=["Mine"])
    play(g, "Mine")
    pending_is(g, 0, "mine.trash")
    assert g.pending.min == 0
    answer(g, [])
    assert me(g).hand == ["Silver"] and g.state.trash == []


def test_moneylender_1e_trashes_a_copper_without_asking():
    g = first(hand=["Moneylender", "Copper", "Copper"], kingdom=["Moneylender"])
    play(g, "Moneylender")
    assert g.pending is None
    assert g.state.trash == ["Copper"] and g.turn.coins == 3 and me(g).hand == ["Copper"]


def test_moneylender_1e_without_copper_nothing():
    g = first(hand=["Moneylender", "Silver"], kingdom=["Moneylender"])
    play(g, "Moneylender")
    assert g.pending is None and g.state.trash == [] and g.turn.coins == 0


def test_moneylender_2e_keeps_it_optional():
    g = pos(hand=["Moneylender", "Copper"], kingdom=["Moneylender"])
    play(g, "Moneylender")
    pending_is(g, 0, "moneylender.trash")
    answer(g, "no")
    assert g.state.trash == [] and g.turn.coins == 0
