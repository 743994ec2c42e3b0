"""Scenario tests for Base kingdom cards Militia .. Workshop (alphabetical second half).

Each card has a test for its main effect and one per ruling listed for it in
``/work/shared/reference/cards.json`` (the test name says which ruling).
Positions are built with :func:`helpers.position`; decks are written top card
first. Every decision is answered through :func:`helpers.answer`, and illegal
answers must leave ``game.to_dict()`` exactly as it was.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from helpers import answer, deck_top, play, position

from dominion import Game, IllegalCommand
from dominion.state import Turn


# ----------------------------------------------------------------------
# Small helpers


def zones(game: Game, seat: int = 0) -> dict[str, list[str]]:
    """A seat's zones; the deck is listed top card first."""
    p = game.state.players[seat]
    return {
        "hand": list(p.hand),
        "deck": deck_top(game, seat),
        "discard": list(p.discard),
        "in_play": list(p.in_play),
    }


def same(a: list[str], b: list[str]) -> bool:
    """Same cards, order ignored."""
    return Counter(a) == Counter(b)


def rejected(game: Game, value: Any) -> None:
    """``value`` is refused as an answer and changes nothing."""
    before = game.to_dict()
    pending = game.pending.to_dict() if game.pending else None
    with pytest.raises(IllegalCommand) as err:
        answer(game, value)
    assert err.value.code == "invalid_answer"
    assert game.to_dict() == before
    assert game.pending is not None and game.pending.to_dict() == pending


def pending_is(game: Game, seat: int, prompt: str) -> None:
    assert game.pending is not None, "a decision should be pending"
    assert (game.pending.seat, game.pending.prompt) == (seat, prompt)


# ======================================================================
# Militia


def test_militia_victim_discards_down_to_three_and_attacker_gets_2():
    g = position(
        hand=["Militia", "Copper"],
        others={1: {"hand": ["Copper", "Copper", "Estate", "Gold", "Silver"]}},
    )
    play(g, "Militia")
    pending_is(g, 1, "militia.discard")
    assert (g.pending.min, g.pending.max) == (2, 2)
    answer(g, ["Copper", "Estate"])
    assert g.pending is None
    assert same(zones(g, 1)["hand"], ["Copper", "Gold", "Silver"])
    assert same(zones(g, 1)["discard"], ["Copper", "Estate"])
    assert zones(g)["in_play"] == ["Militia"]
    assert zones(g)["hand"] == ["Copper"]
    assert (g.turn.coins, g.turn.actions) == (2, 0)


def test_militia_ruling_players_with_3_or_fewer_cards_discard_nothing():
    g = position(
        hand=["Militia"],
        players=3,
        others={
            1: {"hand": ["Gold", "Silver", "Copper"]},
            2: {"hand": ["Estate", "Estate"]},
        },
    )
    play(g, "Militia")
    assert g.pending is None
    assert zones(g, 1)["hand"] == ["Gold", "Silver", "Copper"]
    assert zones(g, 2)["hand"] == ["Estate", "Estate"]
    assert zones(g, 1)["discard"] == [] and zones(g, 2)["discard"] == []
    assert g.turn.coins == 2


def test_militia_ruling_victims_choose_which_cards_to_discard():
    g = position(
        hand=["Militia"],
        players=3,
        others={
            1: {"hand": ["Gold", "Gold", "Copper", "Estate"]},
            2: {"hand": ["Province", "Silver", "Copper", "Copper", "Duchy"]},
        },
    )
    play(g, "Militia")
    # Left neighbour first; the decision belongs to the victim, not the attacker.
    pending_is(g, 1, "militia.discard")
    assert same(g.pending.options, ["Gold", "Gold", "Copper", "Estate"])
    rejected(g, ["Province"])  # not in their hand
    rejected(g, ["Copper", "Estate"])  # two cards, only one allowed
    rejected(g, [])
    answer(g, ["Gold"])  # an unusual choice is still theirs to make
    pending_is(g, 2, "militia.discard")
    assert g.pending.min == 2
    rejected(g, ["Silver", "Silver"])  # only one Silver in hand
    answer(g, ["Province", "Duchy"])
    assert g.pending is None
    assert same(zones(g, 1)["hand"], ["Gold", "Copper", "Estate"])
    assert zones(g, 1)["discard"] == ["Gold"]
    assert same(zones(g, 2)["hand"], ["Silver", "Copper", "Copper"])
    assert same(zones(g, 2)["discard"], ["Province", "Duchy"])


# ======================================================================
# Mine


def test_mine_trashes_a_treasure_and_gains_one_costing_up_to_3_more_to_hand():
    g = position(hand=["Mine", "Copper", "Silver", "Estate"])
    gold_left = g.state.supply["Gold"]
    play(g, "Mine")
    pending_is(g, 0, "mine.trash")
    assert same(g.pending.options, ["Copper", "Silver"])
    assert (g.pending.min, g.pending.max) == (0, 1)
    rejected(g, ["Estate"])  # not a Treasure
    answer(g, ["Silver"])
    pending_is(g, 0, "mine.gain")
    assert set(g.pending.options) == {"Copper", "Silver", "Gold"}
    rejected(g, "Province")  # not a Treasure
    rejected(g, None)  # the gain is not optional once a Treasure is trashed
    answer(g, "Gold")
    assert g.pending is None
    assert same(zones(g)["hand"], ["Copper", "Estate", "Gold"])
    assert zones(g)["discard"] == []
    assert g.state.trash == ["Silver"]
    assert g.state.supply["Gold"] == gold_left - 1


def test_mine_ruling_2e_trashing_is_optional():
    g = position(hand=["Mine", "Copper", "Silver"])
    play(g, "Mine")
    answer(g, [])
    assert g.pending is None
    assert same(zones(g)["hand"], ["Copper", "Silver"])
    assert g.state.trash == []
    assert zones(g)["discard"] == []


def test_mine_ruling_gained_treasure_goes_to_hand_and_can_be_played():
    g = position(hand=["Mine", "Silver"])
    play(g, "Mine")
    answer(g, ["Silver"])
    answer(g, "Gold")
    g.apply(0, {"type": "play_treasures"})
    assert zones(g)["in_play"] == ["Mine", "Gold"]
    assert g.turn.coins == 3


def test_mine_ruling_may_gain_cheaper_or_same_treasure():
    g = position(hand=["Mine", "Copper"])
    play(g, "Mine")
    answer(g, ["Copper"])
    # Copper costs 0: only Treasures up to $3 are offered.
    assert set(g.pending.options) == {"Copper", "Silver"}
    rejected(g, "Gold")
    answer(g, "Copper")
    assert zones(g)["hand"] == ["Copper"]
    assert g.state.trash == ["Copper"]

    g = position(hand=["Mine", "Gold"])
    play(g, "Mine")
    answer(g, ["Gold"])
    answer(g, "Silver")  # cheaper than the trashed card
    assert zones(g)["hand"] == ["Silver"]
    assert g.state.trash == ["Gold"]


def test_mine_ruling_no_treasure_trashed_nothing_gained():
    g = position(hand=["Mine", "Estate", "Village"])
    before = dict(g.state.supply)
    play(g, "Mine")
    assert g.pending is None  # nothing to choose
    assert zones(g)["hand"] == ["Estate", "Village"]
    assert g.state.supply == before
    assert g.state.trash == []


def test_mine_empty_treasure_piles_are_not_offered():
    g = position(hand=["Mine", "Silver"], supply={"Gold": 0})
    play(g, "Mine")
    answer(g, ["Silver"])
    assert set(g.pending.options) == {"Copper", "Silver"}


# ======================================================================
# Moat


def test_moat_played_as_action_draws_two():
    g = position(hand=["Moat", "Estate"], deck=["Gold", "Silver", "Copper"])
    play(g, "Moat")
    assert same(zones(g)["hand"], ["Estate", "Gold", "Silver"])
    assert zones(g)["deck"] == ["Copper"]
    assert zones(g)["in_play"] == ["Moat"]
    assert g.turn.actions == 0


def test_moat_ruling_protects_only_its_owner_not_the_attackers_benefit():
    g = position(
        hand=["Witch"],
        deck=["Gold", "Silver"],
        players=3,
        others={1: {"hand": ["Moat", "Copper"]}, 2: {"hand": ["Copper"]}},
    )
    curses = g.state.supply["Curse"]
    play(g, "Witch")
    pending_is(g, 1, "reaction.reveal")
    assert g.pending.options == ["Moat"] and g.pending.min == 0
    rejected(g, ["Copper"])
    answer(g, ["Moat"])
    assert g.pending is None
    # Moat stays in hand; its owner gains nothing.
    assert same(zones(g, 1)["hand"], ["Moat", "Copper"])
    assert zones(g, 1)["discard"] == []
    # The other victim is still attacked, and the attacker still draws.
    assert zones(g, 2)["discard"] == ["Curse"]
    assert same(zones(g)["hand"], ["Gold", "Silver"])
    assert g.state.supply["Curse"] == curses - 1


def test_moat_not_revealed_does_not_protect():
    g = position(hand=["Witch"], others={1: {"hand": ["Moat"]}})
    play(g, "Witch")
    answer(g, [])
    assert zones(g, 1)["discard"] == ["Curse"]
    assert zones(g, 1)["hand"] == ["Moat"]


def test_moat_ruling_may_be_revealed_against_each_play_of_a_throne_roomed_attack():
    g = position(
        hand=["Throne Room", "Witch"],
        deck=["Copper"] * 4,
        others={1: {"hand": ["Moat"]}},
    )
    play(g, "Throne Room")
    answer(g, ["Witch"])
    pending_is(g, 1, "reaction.reveal")
    answer(g, ["Moat"])
    # The second play is a new Attack: the same Moat may be revealed again.
    pending_is(g, 1, "reaction.reveal")
    answer(g, ["Moat"])
    assert g.pending is None
    assert zones(g, 1)["discard"] == []
    assert zones(g)["hand"] == ["Copper"] * 4

    # Revealing only against the first play: exactly one Curse.
    g = position(
        hand=["Throne Room", "Witch"],
        deck=["Copper"] * 4,
        others={1: {"hand": ["Moat"]}},
    )
    play(g, "Throne Room")
    answer(g, ["Witch"])
    answer(g, ["Moat"])
    answer(g, [])
    assert zones(g, 1)["discard"] == ["Curse"]


def test_moat_ruling_cannot_block_part_of_an_attack():
    # A Moated Militia victim keeps every card (no partial discard).
    g = position(
        hand=["Militia"],
        others={1: {"hand": ["Moat", "Copper", "Copper", "Estate", "Estate"]}},
    )
    play(g, "Militia")
    answer(g, ["Moat"])
    assert g.pending is None
    assert len(zones(g, 1)["hand"]) == 5 and zones(g, 1)["discard"] == []
    assert g.turn.coins == 2


def test_moat_ruling_reactions_revealed_one_at_a_time():
    # Two copies of Moat are one Reaction for one Attack: one question only,
    # and the answer names a single card.
    g = position(hand=["Witch"], others={1: {"hand": ["Moat", "Moat"]}})
    play(g, "Witch")
    pending_is(g, 1, "reaction.reveal")
    assert g.pending.max == 1
    rejected(g, ["Moat", "Moat"])
    answer(g, ["Moat"])
    assert g.pending is None
    assert zones(g, 1)["hand"] == ["Moat", "Moat"]
    assert zones(g, 1)["discard"] == []


def test_moat_in_attackers_own_hand_asks_nothing():
    g = position(hand=["Witch", "Moat"], others={1: {"hand": ["Copper"]}})
    play(g, "Witch")
    assert g.pending is None
    assert zones(g, 1)["discard"] == ["Curse"]


# ======================================================================
# Moneylender


def test_moneylender_trashes_a_copper_for_3():
    g = position(hand=["Moneylender", "Copper", "Copper", "Estate"])
    play(g, "Moneylender")
    pending_is(g, 0, "moneylender.trash")
    rejected(g, "maybe")
    rejected(g, ["yes"])
    answer(g, "yes")
    assert same(zones(g)["hand"], ["Copper", "Estate"])
    assert g.state.trash == ["Copper"]
    assert g.turn.coins == 3


def test_moneylender_ruling_2e_trashing_is_optional():
    g = position(hand=["Moneylender", "Copper"])
    play(g, "Moneylender")
    answer(g, "no")
    assert zones(g)["hand"] == ["Copper"]
    assert g.state.trash == []
    assert g.turn.coins == 0


def test_moneylender_ruling_3_only_if_a_copper_was_trashed():
    g = position(hand=["Moneylender", "Silver", "Estate"])
    play(g, "Moneylender")
    assert g.pending is None
    assert g.state.trash == []
    assert g.turn.coins == 0
    assert same(zones(g)["hand"], ["Silver", "Estate"])


def test_moneylender_ruling_is_in_both_editions():
    from dominion import CARDS

    assert set(CARDS["Moneylender"].editions) == {"1", "2"}


# ======================================================================
# Poacher

POACHER_KINGDOM = ["Poacher", "Village", "Smithy", "Moat", "Cellar",
                   "Chapel", "Workshop", "Militia", "Market", "Witch"]


def test_poacher_without_empty_piles_discards_nothing():
    g = position(hand=["Poacher", "Estate"], deck=["Gold", "Copper"], kingdom=POACHER_KINGDOM)
    play(g, "Poacher")
    assert g.pending is None
    assert same(zones(g)["hand"], ["Estate", "Gold"])
    assert zones(g)["deck"] == ["Copper"]
    assert zones(g)["discard"] == []
    assert (g.turn.actions, g.turn.coins) == (1, 1)


def test_poacher_ruling_draw_before_discarding():
    g = position(
        hand=["Poacher", "Estate"], deck=["Gold"], kingdom=POACHER_KINGDOM,
        supply={"Village": 0},
    )
    play(g, "Poacher")
    pending_is(g, 0, "poacher.discard")
    assert same(g.pending.options, ["Estate", "Gold"])  # the drawn Gold is offered
    answer(g, ["Gold"])
    assert zones(g)["hand"] == ["Estate"]
    assert zones(g)["discard"] == ["Gold"]


def test_poacher_ruling_counts_every_empty_supply_pile_incl_curse_copper_and_itself():
    g = position(
        hand=["Poacher", "Estate", "Estate", "Silver", "Copper"],
        deck=["Gold"],
        kingdom=POACHER_KINGDOM,
        supply={"Curse": 0, "Copper": 0, "Poacher": 0},
    )
    g.state.trash = ["Gold"]  # the trash is not a Supply pile
    play(g, "Poacher")
    pending_is(g, 0, "poacher.discard")
    assert (g.pending.min, g.pending.max) == (3, 3)
    rejected(g, ["Estate", "Estate"])
    rejected(g, ["Estate", "Estate", "Silver", "Copper"])
    answer(g, ["Estate", "Estate", "Copper"])
    assert same(zones(g)["hand"], ["Silver", "Gold"])
    assert same(zones(g)["discard"], ["Estate", "Estate", "Copper"])


def test_poacher_ruling_fewer_cards_than_required_discards_whole_hand():
    g = position(
        hand=["Poacher"], deck=["Gold"], kingdom=POACHER_KINGDOM,
        supply={"Curse": 0, "Estate": 0},
    )
    play(g, "Poacher")
    assert g.pending is None
    assert zones(g)["hand"] == []
    assert zones(g)["discard"] == ["Gold"]
    assert g.turn.coins == 1


def test_poacher_ruling_2nd_edition_only():
    from dominion import CARDS

    assert CARDS["Poacher"].editions == ("2",)


# ======================================================================
# Remodel

UP_TO_4 = {"Copper", "Curse", "Estate", "Silver", "Cellar", "Chapel", "Moat",
           "Village", "Workshop", "Militia", "Smithy", "Throne Room"}


def test_remodel_trashes_a_card_and_gains_one_costing_up_to_2_more():
    g = position(hand=["Remodel", "Estate", "Silver"])
    play(g, "Remodel")
    pending_is(g, 0, "remodel.trash")
    assert same(g.pending.options, ["Estate", "Silver"])
    assert (g.pending.min, g.pending.max) == (1, 1)
    rejected(g, [])
    rejected(g, ["Remodel"])
    answer(g, ["Estate"])
    pending_is(g, 0, "remodel.gain")
    assert set(g.pending.options) == UP_TO_4
    rejected(g, "Market")  # costs 5
    rejected(g, None)
    answer(g, "Smithy")
    assert g.pending is None
    assert zones(g)["hand"] == ["Silver"]
    assert zones(g)["discard"] == ["Smithy"]
    assert zones(g)["in_play"] == ["Remodel"]
    assert g.state.trash == ["Estate"]


def test_remodel_ruling_cannot_trash_itself_no_card_no_gain():
    g = position(hand=["Remodel"])
    before = dict(g.state.supply)
    play(g, "Remodel")
    assert g.pending is None
    assert zones(g)["in_play"] == ["Remodel"]
    assert g.state.trash == [] and zones(g)["discard"] == []
    assert g.state.supply == before


def test_remodel_ruling_may_gain_cheaper_or_a_copy():
    g = position(hand=["Remodel", "Gold"])
    play(g, "Remodel")  # only one card: trashing it is forced, no question
    pending_is(g, 0, "remodel.gain")
    assert g.state.trash == ["Gold"]
    assert "Province" in g.pending.options and "Gold" in g.pending.options
    answer(g, "Gold")  # a copy of the trashed card
    assert zones(g)["discard"] == ["Gold"]

    g = position(hand=["Remodel", "Gold"])
    play(g, "Remodel")
    answer(g, "Curse")  # far cheaper
    assert zones(g)["discard"] == ["Curse"]


def test_remodel_ruling_coins_in_play_cannot_raise_the_limit():
    g = position(hand=["Remodel", "Copper"], coins=5)
    play(g, "Remodel")
    assert g.pending.args.get("max_cost") == 2
    assert set(g.pending.options) == {"Copper", "Curse", "Estate", "Cellar", "Chapel", "Moat"}
    rejected(g, "Silver")
    answer(g, "Estate")
    assert zones(g)["discard"] == ["Estate"]
    assert g.turn.coins == 5


# ======================================================================
# Sentry


def _sentry(deck: list[str], discard: list[str] = ()) -> Game:
    g = position(hand=["Sentry"], deck=deck, discard=discard)
    play(g, "Sentry")
    return g


def test_sentry_draws_then_looks_at_next_two():
    g = _sentry(["Silver", "Copper", "Estate", "Gold"])
    assert zones(g)["hand"] == ["Silver"]
    assert g.turn.actions == 1
    pending_is(g, 0, "sentry.trash")
    assert g.pending.options == ["Copper", "Estate"]
    assert (g.pending.min, g.pending.max) == (0, 2)
    rejected(g, ["Gold"])  # not looked at
    rejected(g, ["Copper", "Copper"])


def test_sentry_ruling_split_trash_both():
    g = _sentry(["Silver", "Copper", "Estate", "Gold"])
    answer(g, ["Copper", "Estate"])
    assert g.pending is None
    assert same(g.state.trash, ["Copper", "Estate"])
    assert zones(g)["deck"] == ["Gold"]
    assert zones(g)["discard"] == []


def test_sentry_ruling_split_discard_both():
    g = _sentry(["Silver", "Copper", "Estate", "Gold"])
    answer(g, [])
    pending_is(g, 0, "sentry.discard")
    assert g.pending.options == ["Copper", "Estate"]
    answer(g, ["Estate", "Copper"])
    assert g.pending is None
    assert g.state.trash == []
    assert same(zones(g)["discard"], ["Copper", "Estate"])
    assert zones(g)["deck"] == ["Gold"]


def test_sentry_ruling_split_return_both_in_any_order():
    for order in (["Copper", "Estate"], ["Estate", "Copper"]):
        g = _sentry(["Silver", "Copper", "Estate", "Gold"])
        answer(g, [])
        answer(g, [])
        pending_is(g, 0, "sentry.order")
        rejected(g, ["Copper"])  # every card must be placed
        rejected(g, ["Copper", "Copper"])
        answer(g, order)
        assert g.pending is None
        assert zones(g)["deck"] == order + ["Gold"]  # first listed ends on top
        assert g.state.trash == [] and zones(g)["discard"] == []


def test_sentry_ruling_split_trash_one_discard_one():
    g = _sentry(["Silver", "Curse", "Estate", "Gold"])
    answer(g, ["Curse"])
    pending_is(g, 0, "sentry.discard")
    assert g.pending.options == ["Estate"]
    answer(g, ["Estate"])
    assert g.pending is None
    assert g.state.trash == ["Curse"]
    assert zones(g)["discard"] == ["Estate"]
    assert zones(g)["deck"] == ["Gold"]


def test_sentry_ruling_split_trash_one_return_one():
    g = _sentry(["Silver", "Curse", "Gold", "Estate"])
    answer(g, ["Curse"])
    answer(g, [])
    assert g.pending is None  # one card back needs no order
    assert g.state.trash == ["Curse"]
    assert zones(g)["deck"] == ["Gold", "Estate"]


def test_sentry_ruling_split_discard_one_return_one():
    g = _sentry(["Silver", "Estate", "Gold", "Copper"])
    answer(g, [])
    answer(g, ["Estate"])
    assert g.pending is None
    assert zones(g)["discard"] == ["Estate"]
    assert zones(g)["deck"] == ["Gold", "Copper"]
    assert g.state.trash == []


def test_sentry_ruling_shuffle_if_needed_to_look_at_two():
    g = _sentry(["Silver", "Copper"], discard=["Gold"])
    assert zones(g)["hand"] == ["Silver"]
    pending_is(g, 0, "sentry.trash")
    # The remaining deck card comes first, then the shuffled discard pile.
    assert g.pending.options == ["Copper", "Gold"]
    answer(g, [])
    answer(g, [])
    answer(g, ["Gold", "Copper"])
    assert zones(g)["deck"] == ["Gold", "Copper"]
    assert zones(g)["discard"] == []


def test_sentry_ruling_2nd_edition_only():
    from dominion import CARDS

    assert CARDS["Sentry"].editions == ("2",)


# ======================================================================
# Smithy


def test_smithy_draws_three():
    g = position(hand=["Smithy", "Estate"], deck=["Gold", "Silver", "Copper", "Province"])
    play(g, "Smithy")
    assert same(zones(g)["hand"], ["Estate", "Gold", "Silver", "Copper"])
    assert zones(g)["deck"] == ["Province"]
    assert zones(g)["in_play"] == ["Smithy"]
    assert g.turn.actions == 0


def test_smithy_draws_the_deck_first_then_shuffles_and_stops_when_out():
    g = position(hand=["Smithy"], deck=["Gold"], discard=["Copper"])
    play(g, "Smithy")
    assert same(zones(g)["hand"], ["Gold", "Copper"])
    assert zones(g)["deck"] == [] and zones(g)["discard"] == []


# ======================================================================
# Spy


def test_spy_each_player_reveals_and_attacker_chooses():
    g = position(
        hand=["Spy"], deck=["Silver", "Estate", "Gold"],
        others={1: {"deck": ["Gold", "Copper"]}},
    )
    play(g, "Spy")
    assert (g.turn.actions, zones(g)["hand"]) == (1, ["Silver"])
    pending_is(g, 0, "spy.choose")
    assert g.pending.args == {"target": 0, "revealed": "Estate"}
    rejected(g, "trash")
    answer(g, "discard")
    pending_is(g, 0, "spy.choose")  # the attacker decides for the victim too
    assert g.pending.args == {"target": 1, "revealed": "Gold"}
    answer(g, "keep")
    assert g.pending is None
    assert zones(g)["discard"] == ["Estate"]
    assert zones(g)["deck"] == ["Gold"]
    assert zones(g, 1)["deck"] == ["Gold", "Copper"]
    assert zones(g, 1)["discard"] == []


def test_spy_ruling_draw_before_anything_is_revealed():
    g = position(hand=["Spy"], deck=["Smithy", "Province"], others={1: {"deck": ["Copper"]}})
    play(g, "Spy")
    assert zones(g)["hand"] == ["Smithy"]
    assert g.pending.args["revealed"] == "Province"


def test_spy_ruling_yourself_first_then_turn_order_shuffle_and_empty_players():
    g = position(
        hand=["Spy"],
        deck=["Silver", "Estate"],
        players=4,
        others={
            1: {"deck": [], "discard": ["Province"]},  # must shuffle
            2: {"deck": [], "discard": []},  # reveals nothing
            3: {"deck": ["Curse"]},
        },
    )
    play(g, "Spy")
    targets = []
    while g.pending is not None:
        targets.append((g.pending.args["target"], g.pending.args["revealed"]))
        answer(g, "discard")
    assert targets == [(0, "Estate"), (1, "Province"), (3, "Curse")]
    assert zones(g, 1)["discard"] == ["Province"] and zones(g, 1)["deck"] == []
    assert zones(g, 3)["discard"] == ["Curse"]


def test_spy_ruling_moat_protects_the_revealing_opponent_only():
    g = position(
        hand=["Spy"], deck=["Silver", "Estate"], players=3,
        others={1: {"hand": ["Moat"], "deck": ["Gold"]}, 2: {"deck": ["Duchy"]}},
    )
    play(g, "Spy")
    pending_is(g, 1, "reaction.reveal")
    answer(g, ["Moat"])
    targets = []
    while g.pending is not None:
        targets.append(g.pending.args["target"])
        answer(g, "discard")
    assert targets == [0, 2]  # the attacker always reveals
    assert zones(g, 1)["deck"] == ["Gold"]
    assert zones(g, 2)["discard"] == ["Duchy"]


def test_spy_ruling_removed_in_2nd_edition():
    from dominion import CARDS

    assert CARDS["Spy"].editions == ("1",)


# ======================================================================
# Thief


def test_thief_trashes_the_only_revealed_treasure_and_may_gain_it():
    g = position(hand=["Thief"], others={1: {"deck": ["Silver", "Estate", "Gold"]}})
    play(g, "Thief")
    pending_is(g, 0, "thief.gain")  # one Treasure: no choice of which to trash
    assert g.pending.options == ["Silver"] and (g.pending.min, g.pending.max) == (0, 1)
    answer(g, ["Silver"])
    assert g.pending is None
    assert zones(g)["discard"] == ["Silver"]
    assert g.state.trash == []
    assert zones(g, 1)["discard"] == ["Estate"]
    assert zones(g, 1)["deck"] == ["Gold"]


def test_thief_ruling_at_most_one_treasure_per_player_attacker_chooses():
    g = position(hand=["Thief"], others={1: {"deck": ["Copper", "Gold"]}})
    play(g, "Thief")
    pending_is(g, 0, "thief.trash")
    assert same(g.pending.options, ["Copper", "Gold"])
    rejected(g, ["Copper", "Gold"])
    rejected(g, [])
    rejected(g, ["Estate"])
    answer(g, ["Gold"])
    pending_is(g, 0, "thief.gain")
    answer(g, [])
    assert g.pending is None
    assert g.state.trash == ["Gold"]  # not gained: stays in the trash
    assert zones(g, 1)["discard"] == ["Copper"]
    assert zones(g)["discard"] == []


def test_thief_ruling_gain_any_subset_of_this_plays_trashed_treasures_only():
    g = position(
        hand=["Thief"], players=4,
        others={1: {"deck": ["Silver", "Estate"]}, 2: {"deck": ["Estate", "Gold"]},
                3: {"deck": ["Silver", "Duchy"]}},
    )
    g.state.trash = ["Platinum"]  # trashed earlier: never offered
    play(g, "Thief")
    # The gains are decided once, after every player's Treasure was trashed.
    pending_is(g, 0, "thief.gain")
    assert same(g.pending.options, ["Silver", "Gold", "Silver"])
    assert (g.pending.min, g.pending.max) == (0, 3)
    assert same(g.state.trash, ["Platinum", "Silver", "Gold", "Silver"])
    assert [zones(g, v)["discard"] for v in (1, 2, 3)] == [["Estate"], ["Estate"], ["Duchy"]]
    rejected(g, ["Platinum"])
    rejected(g, ["Gold", "Gold"])
    answer(g, ["Gold", "Silver"])
    assert g.pending is None
    assert same(zones(g)["discard"], ["Gold", "Silver"])
    assert same(g.state.trash, ["Platinum", "Silver"])


def test_thief_ruling_shuffle_to_reveal_two_revealed_card_not_shuffled_in():
    g = position(hand=["Thief"], others={1: {"deck": ["Estate"], "discard": ["Silver"] * 3}})
    play(g, "Thief")
    assert g.pending.options == ["Silver"]
    answer(g, [])
    # Estate was revealed first and kept out of the shuffle.
    assert zones(g, 1)["discard"] == ["Estate"]
    assert zones(g, 1)["deck"] == ["Silver", "Silver"]
    assert g.state.trash == ["Silver"]


def test_thief_ruling_reveal_as_many_as_possible():
    g = position(hand=["Thief"], others={1: {"deck": ["Copper"]}})
    play(g, "Thief")
    assert g.pending.options == ["Copper"]
    answer(g, ["Copper"])
    assert zones(g)["discard"] == ["Copper"]
    assert zones(g, 1) == {"hand": [], "deck": [], "discard": [], "in_play": []}


def test_thief_without_treasures_discards_the_revealed_cards():
    g = position(hand=["Thief"], others={1: {"deck": ["Estate", "Village", "Gold"]}})
    play(g, "Thief")
    assert g.pending is None
    assert zones(g, 1)["discard"] == ["Estate", "Village"]
    assert zones(g, 1)["deck"] == ["Gold"]
    assert g.state.trash == []


def test_thief_ruling_removed_in_2nd_edition():
    from dominion import CARDS

    assert CARDS["Thief"].editions == ("1",)


# ======================================================================
# Throne Room


def test_throne_room_plays_an_action_twice():
    g = position(hand=["Throne Room", "Smithy", "Estate"], deck=["Copper"] * 6 + ["Gold"])
    play(g, "Throne Room")
    pending_is(g, 0, "throne_room.play")
    assert g.pending.options == ["Smithy"] and g.pending.min == 0
    rejected(g, ["Estate"])
    rejected(g, ["Throne Room"])  # it is in play, not in hand
    answer(g, ["Smithy"])
    assert g.pending is None
    assert same(zones(g)["hand"], ["Estate"] + ["Copper"] * 6)
    assert zones(g)["deck"] == ["Gold"]
    assert zones(g)["in_play"] == ["Throne Room", "Smithy"]
    assert g.turn.actions == 0


def test_throne_room_ruling_2e_choice_optional_and_no_action_nothing_happens():
    g = position(hand=["Throne Room", "Village", "Copper"], deck=["Gold"])
    play(g, "Throne Room")
    answer(g, [])
    assert g.pending is None
    assert same(zones(g)["hand"], ["Village", "Copper"])
    assert zones(g)["in_play"] == ["Throne Room"]
    assert g.turn.actions == 0

    g = position(hand=["Throne Room", "Copper", "Estate"])
    play(g, "Throne Room")
    assert g.pending is None
    assert zones(g)["in_play"] == ["Throne Room"]


def test_throne_room_ruling_resolve_completely_then_again_without_using_actions():
    g = position(hand=["Throne Room", "Workshop"])
    play(g, "Throne Room")
    answer(g, ["Workshop"])
    pending_is(g, 0, "workshop.gain")
    answer(g, "Silver")
    # The first play has finished (its card is gained) before the second asks.
    pending_is(g, 0, "workshop.gain")
    assert g.state.players[0].discard == ["Silver"]
    answer(g, "Village")  # choices may differ between the plays
    assert g.pending is None
    assert zones(g)["discard"] == ["Silver", "Village"]
    assert g.turn.actions == 0


def test_throne_room_ruling_actions_doubled_village_and_market():
    g = position(hand=["Throne Room", "Village"], deck=["Copper", "Silver"])
    play(g, "Throne Room")
    answer(g, ["Village"])
    assert g.turn.actions == 4  # +2 Actions twice; Throne Room used the 1
    assert same(zones(g)["hand"], ["Copper", "Silver"])

    g = position(hand=["Throne Room", "Market"], deck=["Copper", "Silver"])
    play(g, "Throne Room")
    answer(g, ["Market"])
    assert (g.turn.actions, g.turn.buys, g.turn.coins) == (2, 3, 2)


def test_throne_room_ruling_throne_room_on_throne_room_two_actions_each_twice():
    g = position(
        hand=["Throne Room", "Throne Room", "Village", "Smithy"],
        deck=["Copper"] * 8 + ["Gold"],
    )
    play(g, "Throne Room")
    assert same(g.pending.options, ["Throne Room", "Village", "Smithy"])
    answer(g, ["Throne Room"])
    pending_is(g, 0, "throne_room.play")
    assert same(g.pending.options, ["Village", "Smithy"])
    answer(g, ["Village"])
    # The inner Throne Room resolves again and must pick a different card.
    pending_is(g, 0, "throne_room.play")
    assert g.pending.options == ["Smithy"]
    answer(g, ["Smithy"])
    assert g.pending is None
    assert same(zones(g)["in_play"], ["Throne Room", "Throne Room", "Village", "Smithy"])
    assert zones(g)["hand"] == ["Copper"] * 8  # 2 from Village plays + 6 from Smithy plays
    assert zones(g)["deck"] == ["Gold"]
    assert g.turn.actions == 4  # Village twice, never four times
    assert g.turn.actions_played == 7


def test_throne_room_on_throne_room_with_a_single_other_action():
    g = position(hand=["Throne Room", "Throne Room", "Village"], deck=["Copper"] * 3)
    play(g, "Throne Room")
    answer(g, ["Throne Room"])
    answer(g, ["Village"])
    assert g.pending is None  # nothing left for the second inner play
    assert g.turn.actions == 4
    assert zones(g)["hand"] == ["Copper", "Copper"]


def test_throne_room_ruling_second_play_happens_after_card_left_play_feast():
    g = position(hand=["Throne Room", "Feast"])
    play(g, "Throne Room")
    answer(g, ["Feast"])
    pending_is(g, 0, "feast.gain")
    answer(g, "Market")
    pending_is(g, 0, "feast.gain")  # Feast is already trashed, yet gains again
    answer(g, "Witch")
    assert g.pending is None
    assert g.state.trash == ["Feast"]  # trashed once only
    assert zones(g)["in_play"] == ["Throne Room"]
    assert zones(g)["discard"] == ["Market", "Witch"]


def test_throne_room_ruling_each_play_of_an_attack_is_a_separate_attack():
    g = position(
        hand=["Throne Room", "Militia"],
        others={1: {"hand": ["Moat", "Copper", "Copper", "Estate", "Silver"]}},
    )
    play(g, "Throne Room")
    answer(g, ["Militia"])
    pending_is(g, 1, "reaction.reveal")
    answer(g, [])
    pending_is(g, 1, "militia.discard")
    answer(g, ["Copper", "Estate"])
    pending_is(g, 1, "reaction.reveal")  # asked again for the second play
    answer(g, ["Moat"])
    assert g.pending is None
    assert same(zones(g, 1)["hand"], ["Moat", "Copper", "Silver"])
    assert g.turn.coins == 4


def test_throne_room_ruling_counts_as_three_actions_played_conspirator():
    g = position(hand=["Throne Room", "Village"], deck=["Copper", "Copper"])
    play(g, "Throne Room")
    answer(g, ["Village"])
    # Throne Room 1st, Village 2nd and 3rd: what Conspirator counts.
    assert g.turn.actions_played == 3


def test_throne_room_ruling_two_cards_in_play_regardless_of_plays_peddler():
    g = position(hand=["Throne Room", "Smithy"], deck=["Copper"] * 6)
    play(g, "Throne Room")
    answer(g, ["Smithy"])
    assert zones(g)["in_play"] == ["Throne Room", "Smithy"]


def test_throne_room_ruling_no_durations_both_discarded_in_cleanup():
    g = position(hand=["Throne Room", "Village"], deck=["Copper"] * 7)
    play(g, "Throne Room")
    answer(g, ["Village"])
    g.apply(0, {"type": "end_phase"})
    g.apply(0, {"type": "end_phase"})
    assert same(zones(g)["discard"], ["Throne Room", "Village", "Copper", "Copper"])
    assert zones(g)["in_play"] == []
    assert zones(g)["hand"] == ["Copper"] * 5


# ======================================================================
# Vassal


def test_vassal_gives_2_and_discards_a_non_action_top_card():
    g = position(hand=["Vassal"], deck=["Estate", "Gold"])
    play(g, "Vassal")
    assert g.pending is None
    assert g.turn.coins == 2
    assert zones(g)["discard"] == ["Estate"]
    assert zones(g)["deck"] == ["Gold"]
    assert zones(g)["hand"] == []


def test_vassal_ruling_playing_the_discarded_action_uses_no_action():
    g = position(hand=["Vassal"], deck=["Smithy", "Copper", "Silver", "Gold", "Estate"])
    play(g, "Vassal")
    pending_is(g, 0, "vassal.play")
    assert g.pending.args["drawn"] == "Smithy"
    rejected(g, ["yes"])
    answer(g, "yes")
    assert g.pending is None
    assert zones(g)["in_play"] == ["Vassal", "Smithy"]
    assert zones(g)["discard"] == []
    assert same(zones(g)["hand"], ["Copper", "Silver", "Gold"])
    assert zones(g)["deck"] == ["Estate"]
    assert g.turn.actions == 0  # only Vassal's own play used an Action

    g = position(hand=["Vassal"], deck=["Village", "Copper"])
    play(g, "Vassal")
    answer(g, "yes")
    assert g.turn.actions == 2  # 1 - 1 (Vassal) + 2 (Village)


def test_vassal_declining_leaves_the_action_in_the_discard_pile():
    g = position(hand=["Vassal"], deck=["Smithy", "Copper"])
    play(g, "Vassal")
    answer(g, "no")
    assert zones(g)["discard"] == ["Smithy"]
    assert zones(g)["in_play"] == ["Vassal"]
    assert zones(g)["hand"] == []


def test_vassal_ruling_shuffle_if_needed():
    g = position(hand=["Vassal"], deck=[], discard=["Village"])
    play(g, "Vassal")
    pending_is(g, 0, "vassal.play")
    answer(g, "no")
    assert zones(g)["discard"] == ["Village"] and zones(g)["deck"] == []

    g = position(hand=["Vassal"], deck=[], discard=[])
    play(g, "Vassal")
    assert g.pending is None and g.turn.coins == 2


def test_vassal_ruling_2nd_edition_only():
    from dominion import CARDS

    assert CARDS["Vassal"].editions == ("2",)


# ======================================================================
# Village


def test_village_one_card_two_actions():
    g = position(hand=["Village", "Smithy"], deck=["Gold", "Copper"])
    play(g, "Village")
    assert same(zones(g)["hand"], ["Smithy", "Gold"])
    assert zones(g)["deck"] == ["Copper"]
    assert g.turn.actions == 2
    play(g, "Smithy")  # the extra Actions are usable
    assert g.turn.actions == 1


# ======================================================================
# Witch


def test_witch_draws_two_and_each_other_player_gains_a_curse():
    g = position(hand=["Witch"], deck=["Gold", "Silver", "Copper"], players=3)
    curses = g.state.supply["Curse"]
    play(g, "Witch")
    assert same(zones(g)["hand"], ["Gold", "Silver"])
    assert zones(g, 1)["discard"] == ["Curse"] and zones(g, 2)["discard"] == ["Curse"]
    assert zones(g)["discard"] == []
    assert g.state.supply["Curse"] == curses - 2


def test_witch_ruling_too_few_curses_go_in_turn_order_from_the_left():
    g = position(
        players=4,
        others={2: {"hand": ["Witch"], "deck": ["Copper", "Copper"]}},
        supply={"Curse": 2},
    )
    g.state.turn = Turn(seat=2)
    play(g, "Witch", seat=2)
    # Seat 3 is left of seat 2, then seat 0; seat 1 is last and gets nothing.
    assert zones(g, 3)["discard"] == ["Curse"]
    assert zones(g, 0)["discard"] == ["Curse"]
    assert zones(g, 1)["discard"] == []
    assert g.state.supply["Curse"] == 0


def test_witch_ruling_still_draws_two_when_no_curses_are_left():
    g = position(hand=["Witch"], deck=["Gold", "Silver"], supply={"Curse": 0})
    play(g, "Witch")
    assert same(zones(g)["hand"], ["Gold", "Silver"])
    assert zones(g, 1)["discard"] == []


# ======================================================================
# Woodcutter


def test_woodcutter_plus_buy_plus_2():
    g = position(hand=["Woodcutter", "Copper"])
    play(g, "Woodcutter")
    assert (g.turn.buys, g.turn.coins, g.turn.actions) == (2, 2, 0)
    g.apply(0, {"type": "play_treasures"})
    g.apply(0, {"type": "buy", "card": "Silver"})
    g.apply(0, {"type": "buy", "card": "Copper"})
    assert zones(g)["discard"] == ["Silver", "Copper"]
    assert (g.turn.buys, g.turn.coins) == (0, 0)


def test_woodcutter_ruling_removed_in_2nd_edition():
    from dominion import CARDS

    assert CARDS["Woodcutter"].editions == ("1",)


# ======================================================================
# Workshop


def test_workshop_gains_a_card_costing_up_to_4_to_discard():
    g = position(hand=["Workshop", "Copper"])
    play(g, "Workshop")
    pending_is(g, 0, "workshop.gain")
    assert set(g.pending.options) == UP_TO_4
    rejected(g, None)
    rejected(g, "Duchy")
    rejected(g, "Dragon")
    answer(g, "Militia")
    assert g.pending is None
    assert zones(g)["discard"] == ["Militia"]
    assert zones(g)["hand"] == ["Copper"]
    assert g.turn.buys == 1  # gaining is not buying


def test_workshop_ruling_coins_cannot_raise_the_limit():
    g = position(hand=["Workshop"], coins=6)
    play(g, "Workshop")
    assert "Gold" not in g.pending.options
    rejected(g, "Gold")
    answer(g, "Silver")
    assert zones(g)["discard"] == ["Silver"] and g.turn.coins == 6


def test_workshop_ruling_cost_reductions_apply():
    g = position(hand=["Workshop"])
    g.state.turn.effects["cost_reduction"] = 1  # as Bridge would leave it
    play(g, "Workshop")
    assert {"Market", "Witch", "Duchy"} <= set(g.pending.options)
    assert "Gold" not in g.pending.options
    answer(g, "Market")
    assert zones(g)["discard"] == ["Market"]


def test_workshop_empty_piles_not_offered_and_nothing_when_none_fit():
    g = position(hand=["Workshop"], supply={"Silver": 0})
    play(g, "Workshop")
    assert "Silver" not in g.pending.options
    answer(g, "Village")

    # No pile costing up to $4 left: nothing is asked and nothing gained.
    g = position(hand=["Workshop"], supply={n: 0 for n in UP_TO_4})
    play(g, "Workshop")
    assert g.pending is None
    assert zones(g)["discard"] == []
