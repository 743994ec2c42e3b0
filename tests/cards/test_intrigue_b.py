"""Scenario tests for Intrigue kingdom cards Nobles .. Wishing Well, and for
the 1st-edition texts of Base's Throne Room, Mine and Moneylender.

Each card has a test of its main effect and tests named after its rulings in
``shared/reference/cards.json``. Every card with a decision is saved and
loaded mid-decision (:func:`round_trip`). Decks in ``position(...)`` are
written top card first.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Optional

import pytest
from helpers import answer, deck_top, play, position

from dominion import CARDS, Card, Game, IllegalCommand
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


def me(game: Game, seat: int = 0):
    return game.state.players[seat]


def same(a: list[str], b: list[str]) -> bool:
    return Counter(a) == Counter(b)


def of_type(events: list[Event], kind: str, seat: Optional[int] = None) -> list[Event]:
    return [e for e in events if e["type"] == kind and (seat is None or e["seat"] == seat)]


def pending_is(game: Game, seat: int, prompt: str) -> None:
    assert game.pending is not None, "a decision should be pending"
    assert (game.pending.seat, game.pending.prompt) == (seat, prompt)


def rejected(game: Game, value: Any) -> None:
    """``value`` is refused as an answer and changes nothing."""
    before = game.to_dict()
    pending = game.pending
    with pytest.raises(IllegalCommand) as err:
        answer(game, value)
    assert err.value.code == "invalid_answer"
    assert game.to_dict() == before and game.pending == pending


def round_trip(game: Game, *answers: Any) -> None:
    """Save and load ``game`` mid-decision (as data and as JSON): the copies
    rebuild the same decision and partial state, and finishing them with
    ``answers`` gives the same events and the same game as finishing it."""
    assert game.pending is not None
    copies = [Game.from_dict(game.to_dict()), Game.from_json(game.to_json())]
    for c in copies:
        assert c.pending == game.pending
        assert c.state.to_dict() == game.state.to_dict()
        assert c == game
    for a in answers:
        events = answer(game, a)
        for c in copies:
            assert answer(c, a) == events
    assert game.pending is None
    for c in copies:
        assert c.to_dict() == game.to_dict()


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
    rejected(g, ["cards", "actions"])
    rejected(g, "both")
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
    rejected(g, ["Silver"])
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
    rejected(g, ["card", "card"])
    rejected(g, ["card"])
    rejected(g, ["card", "buy", "coin"])
    rejected(g, ["card", "villa"])
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
    rejected(g, ["Estate"])
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
    assert other_sees(g, 1)["prompt"] == "secret_passage.position"
    rejected(g, "4")
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
    rejected(g, ["Curse"])
    rejected(g, ["Curse", "Estate", "Copper"])
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
    rejected(g, ["cards", "coins"])
    round_trip(g, "coins")
    assert g.turn.coins == 2 and me(g).deck == ["Gold"]


def test_steward_ruling_same_function_in_both_editions():
    assert CARDS["Steward"].editions == ("1", "2") and CARDS["Steward"].text_1e is None
