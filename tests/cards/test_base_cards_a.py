"""Scenario tests for Base kingdom cards, part A (Adventurer .. Merchant).

Each card gets a test of its main effect and one or more tests per ruling in
``shared/reference/cards.json``; the test names follow the rulings. Decks in
``position(...)`` are written top card first.
"""

from __future__ import annotations

from typing import Any, Optional

import pytest
from helpers import answer, deck_top, play, position

from dominion import CARDS, Card, Game, IllegalCommand, PlayTreasures
from dominion.setup import supply_sizes
from dominion.views import render_event

Event = dict[str, Any]


# ----------------------------------------------------------------------
# Helpers


def me(game: Game, seat: int = 0):
    """The player object of ``seat``."""
    return game.state.players[seat]


def assert_invalid(game: Game, value: Any) -> None:
    """An invalid answer raises ``invalid_answer`` and changes nothing."""
    saved = game.to_dict()
    partial = game.state.to_dict()
    pending = game.pending
    with pytest.raises(IllegalCommand) as err:
        answer(game, value)
    assert err.value.code == "invalid_answer"
    assert game.to_dict() == saved
    assert game.state.to_dict() == partial
    assert game.pending == pending


def of_type(events: list[Event], kind: str, seat: Optional[int] = None) -> list[Event]:
    """The events of one type (and seat, if given), in order."""
    return [e for e in events if e["type"] == kind and (seat is None or e["seat"] == seat)]


def revealed(events: list[Event], seat: int = 0) -> list[str]:
    """Every card revealed by ``seat``, in reveal order."""
    return [c for e in of_type(events, "reveal", seat) for c in e["cards"]]


@pytest.fixture
def harem(monkeypatch: pytest.MonkeyPatch) -> str:
    """A Treasure-Victory card (Intrigue's Harem); a stand-in if not in the catalog."""
    if "Harem" not in CARDS:
        stand_in = Card(
            "Harem", 6, frozenset({"Treasure", "Victory"}), "intrigue", ("1", "2"),
            "Worth $2. Worth 2 VP.", coins=2, vp=2,
        )
        monkeypatch.setitem(CARDS, "Harem", stand_in)
    assert CARDS["Harem"].is_treasure and CARDS["Harem"].is_victory
    return "Harem"


# ----------------------------------------------------------------------
# Adventurer


def test_adventurer_reveals_until_two_treasures():
    g = position(hand=["Adventurer"], deck=["Estate", "Copper", "Smithy", "Gold", "Silver"])
    events = play(g, "Adventurer")
    assert g.pending is None
    assert sorted(me(g).hand) == ["Copper", "Gold"]
    assert me(g).discard == ["Estate", "Smithy"]
    assert deck_top(g) == ["Silver"]
    assert me(g).in_play == ["Adventurer"]
    assert revealed(events) == ["Estate", "Copper", "Smithy", "Gold"]
    assert of_type(events, "discard", 0)[0]["cards"] == ["Estate", "Smithy"]


def test_adventurer_shuffles_discard_without_the_revealed_cards():
    g = position(hand=["Adventurer"], deck=["Estate", "Copper"], discard=["Silver"])
    events = play(g, "Adventurer")
    assert sorted(me(g).hand) == ["Copper", "Silver"]
    assert me(g).deck == []  # the Estate was not shuffled into the new deck
    assert me(g).discard == ["Estate"]
    assert revealed(events) == ["Estate", "Copper", "Silver"]
    kinds = [e["type"] for e in events if e["type"] in ("reveal", "shuffle")]
    assert kinds == ["reveal", "reveal", "shuffle", "reveal"]


def test_adventurer_shuffle_excludes_revealed_even_when_treasures_run_out():
    # Had the revealed Estate been shuffled in, it would be revealed twice.
    g = position(hand=["Adventurer"], deck=["Estate", "Copper"], discard=["Duchy"])
    events = play(g, "Adventurer")
    assert revealed(events) == ["Estate", "Copper", "Duchy"]
    assert len(of_type(events, "shuffle", 0)) == 1


def test_adventurer_if_you_still_cannot_find_2_treasures_keep_what_you_found():
    g = position(hand=["Adventurer"], deck=["Estate", "Gold", "Village"])
    play(g, "Adventurer")
    assert me(g).hand == ["Gold"]
    assert sorted(me(g).discard) == ["Estate", "Village"]
    assert me(g).deck == []


def test_adventurer_with_no_cards_at_all_does_nothing():
    g = position(hand=["Adventurer", "Estate"])
    play(g, "Adventurer")
    assert me(g).hand == ["Estate"]
    assert me(g).discard == [] and me(g).deck == []


def test_adventurer_removed_in_2nd_edition():
    assert CARDS["Adventurer"].editions == ("1",)
    assert CARDS["Adventurer"].cost == 6


# ----------------------------------------------------------------------
# Artisan


def test_artisan_gains_to_hand_then_topdecks_a_card():
    g = position(hand=["Artisan", "Estate", "Copper"], deck=["Gold"])
    play(g, "Artisan")
    d = g.pending
    assert d is not None and d.kind == "supply" and d.prompt == "artisan.gain"
    assert d.seat == 0 and d.min == 1
    expected = sorted(n for n, left in g.state.supply.items() if left and CARDS[n].cost <= 5)
    assert sorted(d.options) == expected
    duchies = g.state.supply["Duchy"]
    answer(g, "Duchy")
    assert g.state.supply["Duchy"] == duchies - 1
    d = g.pending
    assert d is not None and d.kind == "cards" and d.prompt == "artisan.topdeck"
    assert sorted(d.options) == ["Copper", "Duchy", "Estate"]
    assert (d.min, d.max) == (1, 1)
    events = answer(g, ["Estate"])
    assert g.pending is None
    assert sorted(me(g).hand) == ["Copper", "Duchy"]
    assert deck_top(g) == ["Estate", "Gold"]
    assert me(g).discard == []
    assert of_type(events, "topdeck", 0)[0]["cards"] == ["Estate"]


def test_artisan_coins_you_have_cannot_raise_the_5_limit():
    g = position(hand=["Artisan"], coins=10)
    play(g, "Artisan")
    assert g.pending is not None
    assert "Gold" not in g.pending.options and "Province" not in g.pending.options
    assert "Duchy" in g.pending.options
    assert_invalid(g, "Gold")
    assert_invalid(g, "Province")


def test_artisan_card_put_onto_deck_may_be_the_card_just_gained():
    g = position(hand=["Artisan", "Copper"], deck=["Estate"])
    play(g, "Artisan")
    answer(g, "Market")
    answer(g, ["Market"])
    assert me(g).hand == ["Copper"]
    assert deck_top(g) == ["Market", "Estate"]


def test_artisan_card_put_onto_deck_may_be_any_other_card_in_hand():
    g = position(hand=["Artisan", "Copper"], deck=["Estate"])
    play(g, "Artisan")
    answer(g, "Market")
    answer(g, ["Copper"])
    assert me(g).hand == ["Market"]
    assert deck_top(g) == ["Copper", "Estate"]


def test_artisan_putting_a_card_onto_deck_is_mandatory_if_you_have_a_card_in_hand():
    g = position(hand=["Artisan", "Copper"])
    play(g, "Artisan")
    assert_invalid(g, None)  # gaining is not optional either
    answer(g, "Silver")
    assert_invalid(g, [])
    assert_invalid(g, ["Copper", "Silver"])
    assert_invalid(g, ["Gold"])
    answer(g, ["Silver"])
    assert deck_top(g) == ["Silver"]


def test_artisan_with_nothing_to_gain_and_empty_hand_asks_nothing():
    cheap = {n: 0 for n in position().state.supply if CARDS[n].cost <= 5}
    g = position(hand=["Artisan"], deck=["Gold"], supply=cheap)
    play(g, "Artisan")
    assert g.pending is None
    assert me(g).hand == [] and deck_top(g) == ["Gold"]


def test_artisan_2nd_edition_only():
    assert CARDS["Artisan"].editions == ("2",)


# ----------------------------------------------------------------------
# Bandit


def test_bandit_gains_gold_and_victim_trashes_a_non_copper_treasure():
    g = position(hand=["Bandit"], others={1: {"deck": ["Silver", "Gold", "Estate"]}})
    golds = g.state.supply["Gold"]
    events = play(g, "Bandit")
    d = g.pending
    assert d is not None and d.seat == 1 and d.prompt == "bandit.trash"
    assert sorted(d.options) == ["Gold", "Silver"]
    assert (d.min, d.max) == (1, 1)
    assert me(g).discard == ["Gold"]  # the attacker's Gold is gained before
    assert of_type(events, "gain", 0)[0]["card"] == "Gold"
    events = answer(g, ["Gold"])
    assert g.pending is None
    assert g.state.trash == ["Gold"]
    assert me(g, 1).discard == ["Silver"]
    assert deck_top(g, 1) == ["Estate"]
    assert g.state.supply["Gold"] == golds - 1
    assert of_type(events, "trash", 1)[0]["cards"] == ["Gold"]


def test_bandit_two_equal_treasures_trash_one_without_asking():
    g = position(hand=["Bandit"], others={1: {"deck": ["Silver", "Silver"]}})
    play(g, "Bandit")
    assert g.pending is None
    assert g.state.trash == ["Silver"]
    assert me(g, 1).discard == ["Silver"]


def test_bandit_invalid_answer_leaves_game_unchanged():
    g = position(hand=["Bandit"], others={1: {"deck": ["Silver", "Gold", "Copper"]}})
    play(g, "Bandit")
    assert_invalid(g, ["Copper"])
    assert_invalid(g, [])
    assert_invalid(g, ["Silver", "Gold"])
    assert_invalid(g, "Silver")


def test_bandit_attacked_players_resolve_in_turn_order():
    g = position(
        hand=["Bandit"], players=3,
        others={1: {"deck": ["Silver", "Gold"]}, 2: {"deck": ["Gold", "Silver"]}},
    )
    play(g, "Bandit")
    assert g.pending is not None and g.pending.seat == 1
    answer(g, ["Silver"])
    assert g.pending is not None and g.pending.seat == 2
    answer(g, ["Gold"])
    assert g.state.trash == ["Silver", "Gold"]
    assert me(g, 1).discard == ["Gold"]
    assert me(g, 2).discard == ["Silver"]


def test_bandit_each_victim_shuffles_if_needed_to_reveal_2():
    g = position(hand=["Bandit"], others={1: {"deck": ["Estate"], "discard": ["Silver"]}})
    events = play(g, "Bandit")
    assert g.pending is None
    assert revealed(events, 1) == ["Estate", "Silver"]
    assert len(of_type(events, "shuffle", 1)) == 1
    assert g.state.trash == ["Silver"]
    assert me(g, 1).discard == ["Estate"]
    assert me(g, 1).deck == []


def test_bandit_a_player_who_revealed_only_coppers_or_non_treasures_discards_both():
    g = position(
        hand=["Bandit"], players=3,
        others={1: {"deck": ["Copper", "Estate", "Gold"]}, 2: {"deck": ["Copper", "Copper"]}},
    )
    play(g, "Bandit")
    assert g.pending is None
    assert g.state.trash == []
    assert sorted(me(g, 1).discard) == ["Copper", "Estate"]
    assert deck_top(g, 1) == ["Gold"]
    assert me(g, 2).discard == ["Copper", "Copper"]


def test_bandit_multi_type_treasures_like_harem_can_be_trashed(harem):
    g = position(hand=["Bandit"], others={1: {"deck": [harem, "Copper"]}})
    play(g, "Bandit")
    assert g.pending is None
    assert g.state.trash == [harem]
    assert me(g, 1).discard == ["Copper"]


def test_bandit_you_gain_the_gold_even_if_every_opponent_reveals_moat():
    g = position(
        hand=["Bandit"], players=3,
        others={
            1: {"hand": ["Moat"], "deck": ["Gold", "Silver"]},
            2: {"hand": ["Moat"], "deck": ["Silver", "Copper"]},
        },
    )
    play(g, "Bandit")
    d = g.pending
    assert d is not None and d.seat == 1 and d.prompt == "reaction.reveal"
    assert d.options == ["Moat"] and d.min == 0
    answer(g, ["Moat"])
    assert g.pending is not None and g.pending.seat == 2
    events = answer(g, ["Moat"])
    assert g.pending is None
    assert me(g).discard == ["Gold"]
    assert of_type(events, "gain", 0)[0]["card"] == "Gold"
    assert g.state.trash == []
    assert deck_top(g, 1) == ["Gold", "Silver"]
    assert deck_top(g, 2) == ["Silver", "Copper"]
    assert me(g, 1).hand == ["Moat"] and me(g, 2).hand == ["Moat"]


def test_bandit_moat_not_revealed_means_attacked():
    g = position(hand=["Bandit"], others={1: {"hand": ["Moat"], "deck": ["Gold", "Estate"]}})
    play(g, "Bandit")
    answer(g, [])
    assert g.state.trash == ["Gold"]
    assert me(g, 1).discard == ["Estate"]


def test_bandit_2nd_edition_only():
    assert CARDS["Bandit"].editions == ("2",)
    assert CARDS["Bandit"].is_attack


# ----------------------------------------------------------------------
# Bureaucrat


def test_bureaucrat_gains_silver_onto_deck_and_victim_topdecks_victory():
    g = position(
        hand=["Bureaucrat"], deck=["Copper"],
        others={1: {"hand": ["Estate", "Copper", "Copper"], "deck": ["Gold"]}},
    )
    silvers = g.state.supply["Silver"]
    events = play(g, "Bureaucrat")
    assert g.pending is None
    assert deck_top(g) == ["Silver", "Copper"]
    assert g.state.supply["Silver"] == silvers - 1
    assert me(g).discard == []
    assert deck_top(g, 1) == ["Estate", "Gold"]
    assert me(g, 1).hand == ["Copper", "Copper"]
    gain = of_type(events, "gain", 0)[0]
    assert (gain["card"], gain["to"]) == ("Silver", "deck")
    assert revealed(events, 1) == ["Estate"]
    assert of_type(events, "topdeck", 1)[0]["private"] is False


def test_bureaucrat_if_your_deck_is_empty_the_silver_becomes_the_only_card_no_shuffle():
    g = position(
        hand=["Bureaucrat"], discard=["Copper", "Estate"],
        others={1: {"hand": ["Duchy"], "discard": ["Gold"]}},
    )
    events = play(g, "Bureaucrat")
    assert me(g).deck == ["Silver"]
    assert me(g).discard == ["Copper", "Estate"]
    # Same for the victim's Victory card.
    assert me(g, 1).deck == ["Duchy"]
    assert me(g, 1).discard == ["Gold"]
    assert of_type(events, "shuffle") == []


def test_bureaucrat_the_victim_chooses_which_victory_card():
    g = position(hand=["Bureaucrat"], others={1: {"hand": ["Estate", "Province", "Copper"]}})
    play(g, "Bureaucrat")
    d = g.pending
    assert d is not None and d.seat == 1 and d.prompt == "bureaucrat.topdeck"
    assert sorted(d.options) == ["Estate", "Province"]
    assert_invalid(g, ["Copper"])
    assert_invalid(g, [])
    assert_invalid(g, ["Estate", "Province"])
    events = answer(g, ["Province"])
    assert deck_top(g, 1) == ["Province"]
    assert sorted(me(g, 1).hand) == ["Copper", "Estate"]
    assert deck_top(g) == ["Silver"]
    assert revealed(events, 1) == ["Province"]


def test_bureaucrat_multi_type_victory_cards_qualify(harem):
    g = position(hand=["Bureaucrat"], others={1: {"hand": [harem, "Copper"]}})
    play(g, "Bureaucrat")
    assert g.pending is None
    assert deck_top(g, 1) == [harem]
    assert me(g, 1).hand == ["Copper"]


def test_bureaucrat_curses_are_not_victory_cards():
    g = position(hand=["Bureaucrat"], others={1: {"hand": ["Curse", "Copper"], "deck": ["Gold"]}})
    events = play(g, "Bureaucrat")
    assert g.pending is None
    assert me(g, 1).hand == ["Curse", "Copper"]
    assert deck_top(g, 1) == ["Gold"]
    # The whole hand is revealed to show it has no Victory card.
    assert revealed(events, 1) == ["Curse", "Copper"]


def test_bureaucrat_moat_blocks_but_attacker_still_gains_silver():
    g = position(hand=["Bureaucrat"], others={1: {"hand": ["Moat", "Estate"]}})
    play(g, "Bureaucrat")
    d = g.pending
    assert d is not None and d.seat == 1 and d.prompt == "reaction.reveal"
    assert_invalid(g, ["Estate"])
    events = answer(g, ["Moat"])
    assert g.pending is None
    assert deck_top(g) == ["Silver"]
    assert sorted(me(g, 1).hand) == ["Estate", "Moat"]
    assert me(g, 1).deck == []
    assert of_type(events, "react", 1)[0]["card"] == "Moat"


def test_bureaucrat_same_function_in_both_editions():
    assert CARDS["Bureaucrat"].editions == ("1", "2")
    assert CARDS["Bureaucrat"].is_attack


# ----------------------------------------------------------------------
# Cellar


def test_cellar_discards_then_draws_as_many():
    g = position(hand=["Cellar", "Estate", "Duchy", "Copper"], deck=["Silver", "Gold", "Province"])
    play(g, "Cellar")
    d = g.pending
    assert d is not None and d.kind == "cards" and d.prompt == "cellar.discard"
    assert sorted(d.options) == ["Copper", "Duchy", "Estate"]
    assert (d.min, d.max) == (0, 3)
    events = answer(g, ["Estate", "Duchy"])
    assert g.pending is None
    assert sorted(me(g).hand) == ["Copper", "Gold", "Silver"]
    assert me(g).discard == ["Estate", "Duchy"]
    assert deck_top(g) == ["Province"]
    assert g.state.turn.actions == 1
    assert me(g).in_play == ["Cellar"]
    assert sorted(of_type(events, "draw", 0)[0]["cards"]) == ["Gold", "Silver"]


def test_cellar_discarding_nothing_draws_nothing():
    g = position(hand=["Cellar", "Estate"], deck=["Gold"])
    play(g, "Cellar")
    answer(g, [])
    assert me(g).hand == ["Estate"]
    assert deck_top(g) == ["Gold"]
    assert g.state.turn.actions == 1


def test_cellar_choose_all_cards_then_discard_at_once_then_draw():
    g = position(hand=["Cellar", "Estate", "Duchy"], deck=["Silver", "Gold"])
    play(g, "Cellar")
    events = answer(g, ["Duchy", "Estate"])
    moves = [e for e in events if e["type"] in ("discard", "draw")]
    assert [e["type"] for e in moves] == ["discard", "draw"]
    assert moves[0]["cards"] == ["Duchy", "Estate"]
    assert sorted(moves[1]["cards"]) == ["Gold", "Silver"]


def test_cellar_itself_is_in_play_and_cannot_be_discarded_to_itself():
    g = position(hand=["Cellar", "Cellar", "Estate"], deck=["Gold", "Silver"])
    play(g, "Cellar")
    assert sorted(g.pending.options) == ["Cellar", "Estate"]
    assert_invalid(g, ["Cellar", "Cellar"])
    answer(g, ["Cellar"])  # the other Cellar, from hand
    assert me(g).in_play == ["Cellar"]
    assert me(g).discard == ["Cellar"]
    assert me(g).hand == ["Estate", "Gold"]


def test_cellar_invalid_answer_leaves_game_unchanged():
    g = position(hand=["Cellar", "Estate", "Copper"], deck=["Gold"])
    play(g, "Cellar")
    assert_invalid(g, ["Gold"])
    assert_invalid(g, ["Estate", "Estate"])
    assert_invalid(g, "Estate")
    assert_invalid(g, [1])


def test_cellar_if_drawing_requires_a_shuffle_the_discarded_cards_are_shuffled_in():
    g = position(hand=["Cellar", "Estate", "Estate", "Copper"])
    play(g, "Cellar")
    events = answer(g, ["Estate", "Estate"])
    assert sorted(me(g).hand) == ["Copper", "Estate", "Estate"]
    assert me(g).discard == [] and me(g).deck == []
    assert len(of_type(events, "shuffle", 0)) == 1


def test_cellar_shuffle_after_deck_runs_out_mid_draw():
    g = position(hand=["Cellar", "Estate", "Estate", "Copper"], deck=["Gold"])
    play(g, "Cellar")
    answer(g, ["Estate", "Estate"])
    assert sorted(me(g).hand) == ["Copper", "Estate", "Gold"]
    assert me(g).deck == ["Estate"]  # the other discarded Estate
    assert me(g).discard == []


def test_cellar_the_number_discarded_is_public():
    g = position(hand=["Cellar", "Estate", "Duchy", "Copper"], deck=["Silver", "Gold"])
    play(g, "Cellar")
    events = answer(g, ["Estate", "Duchy"])
    draw = of_type(events, "draw", 0)[0]
    seen_by_other = render_event(draw, 1)
    assert seen_by_other["count"] == 2 and "cards" not in seen_by_other
    other_view = g.view(1)["players"][0]
    assert other_view["discard_count"] == 2
    assert other_view["discard_top"] == "Duchy"  # the top discarded card is visible


def test_cellar_same_function_in_both_editions():
    assert CARDS["Cellar"].editions == ("1", "2")


# ----------------------------------------------------------------------
# Chancellor


def test_chancellor_gives_2_and_may_put_deck_into_discard():
    g = position(hand=["Chancellor"], deck=["Gold", "Estate"], discard=["Copper"])
    events = play(g, "Chancellor")
    d = g.pending
    assert d is not None and d.kind == "option" and d.prompt == "chancellor.discard_deck"
    assert d.options == ["yes", "no"]
    assert g.state.turn.coins == 2
    assert_invalid(g, "maybe")
    assert_invalid(g, ["yes"])
    events = answer(g, "yes")
    assert g.pending is None
    assert me(g).deck == []
    assert sorted(me(g).discard) == ["Copper", "Estate", "Gold"]
    assert g.state.turn.coins == 2
    assert of_type(events, "deck_to_discard", 0)[0]["count"] == 2


def test_chancellor_declining_keeps_the_deck():
    g = position(hand=["Chancellor"], deck=["Gold", "Estate"])
    play(g, "Chancellor")
    answer(g, "no")
    assert deck_top(g) == ["Gold", "Estate"]
    assert me(g).discard == []
    assert g.state.turn.coins == 2


def test_chancellor_with_an_empty_deck_asks_nothing():
    g = position(hand=["Chancellor"], discard=["Gold"])
    play(g, "Chancellor")
    assert g.pending is None
    assert g.state.turn.coins == 2
    assert me(g).discard == ["Gold"]


def test_chancellor_decide_right_away_without_looking_through_the_deck():
    g = position(hand=["Chancellor", "Copper"], deck=["Gold", "Province"])
    play(g, "Chancellor")
    d = g.pending
    assert d is not None
    assert d.options == ["yes", "no"] and d.args == {}
    mine = g.view(0)
    assert mine["decision"]["prompt"] == "chancellor.discard_deck"
    assert mine["players"][0]["deck_count"] == 2
    assert "deck" not in mine["players"][0]
    assert "Gold" not in str(mine["decision"]) and "Province" not in str(mine["decision"])


def test_chancellor_moving_the_deck_is_not_discarding():
    g = position(hand=["Chancellor"], deck=["Gold", "Estate", "Copper"])
    play(g, "Chancellor")
    events = answer(g, "yes")
    assert of_type(events, "discard") == []
    assert of_type(events, "deck_to_discard", 0) != []


def test_chancellor_removed_in_2nd_edition():
    assert CARDS["Chancellor"].editions == ("1",)


# ----------------------------------------------------------------------
# Chapel


def test_chapel_trashes_up_to_4_cards():
    g = position(hand=["Chapel", "Copper", "Copper", "Estate", "Estate", "Silver"])
    play(g, "Chapel")
    d = g.pending
    assert d is not None and d.prompt == "chapel.trash"
    assert (d.min, d.max) == (0, 4)
    assert_invalid(g, ["Copper", "Copper", "Estate", "Estate", "Silver"])
    assert_invalid(g, ["Gold"])
    events = answer(g, ["Copper", "Copper", "Estate", "Estate"])
    assert g.pending is None
    assert me(g).hand == ["Silver"]
    assert sorted(g.state.trash) == ["Copper", "Copper", "Estate", "Estate"]
    assert me(g).in_play == ["Chapel"]
    assert of_type(events, "trash", 0)[0]["cards"] == ["Copper", "Copper", "Estate", "Estate"]


def test_chapel_may_trash_nothing():
    g = position(hand=["Chapel", "Copper", "Estate"])
    play(g, "Chapel")
    answer(g, [])
    assert me(g).hand == ["Copper", "Estate"]
    assert g.state.trash == []


def test_chapel_cannot_trash_itself_but_another_chapel_in_hand():
    g = position(hand=["Chapel", "Chapel", "Copper"])
    play(g, "Chapel")
    assert sorted(g.pending.options) == ["Chapel", "Copper"]
    assert_invalid(g, ["Chapel", "Chapel"])
    answer(g, ["Chapel"])
    assert g.state.trash == ["Chapel"]
    assert me(g).in_play == ["Chapel"]
    assert me(g).hand == ["Copper"]


def test_chapel_with_empty_hand_asks_nothing():
    g = position(hand=["Chapel"])
    play(g, "Chapel")
    assert g.pending is None and g.state.trash == []


# ----------------------------------------------------------------------
# Council Room


def test_council_room_draws_4_buy_and_others_draw_one():
    g = position(
        hand=["Council Room"], deck=["Copper", "Silver", "Gold", "Estate", "Duchy"],
        players=3, others={1: {"deck": ["Gold", "Copper"]}, 2: {"deck": ["Province"]}},
    )
    events = play(g, "Council Room")
    assert g.pending is None
    assert sorted(me(g).hand) == ["Copper", "Estate", "Gold", "Silver"]
    assert deck_top(g) == ["Duchy"]
    assert g.state.turn.buys == 2
    assert g.state.turn.actions == 0
    assert me(g, 1).hand == ["Gold"] and deck_top(g, 1) == ["Copper"]
    assert me(g, 2).hand == ["Province"] and me(g, 2).deck == []
    assert [e["seat"] for e in of_type(events, "draw")] == [0, 1, 2]


def test_council_room_other_players_must_draw_and_shuffle_if_needed():
    g = position(hand=["Council Room"], others={1: {"discard": ["Gold"]}})
    events = play(g, "Council Room")
    assert g.pending is None
    assert me(g, 1).hand == ["Gold"]
    assert me(g, 1).discard == [] and me(g, 1).deck == []
    assert len(of_type(events, "shuffle", 1)) == 1


def test_council_room_is_not_an_attack():
    g = position(hand=["Council Room"], others={1: {"hand": ["Moat"], "deck": ["Copper"]}})
    play(g, "Council Room")
    assert not CARDS["Council Room"].is_attack
    assert g.pending is None  # Moat may not be revealed against it
    assert sorted(me(g, 1).hand) == ["Copper", "Moat"]


# ----------------------------------------------------------------------
# Feast


def test_feast_trashes_itself_and_gains_a_card_up_to_5():
    g = position(hand=["Feast"])
    duchies = g.state.supply["Duchy"]
    events = play(g, "Feast")
    d = g.pending
    assert d is not None and d.kind == "supply" and d.prompt == "feast.gain"
    expected = sorted(n for n, left in g.state.supply.items() if left and CARDS[n].cost <= 5)
    assert sorted(d.options) == expected
    assert g.state.trash == ["Feast"]
    assert of_type(events, "trash", 0)[0]["cards"] == ["Feast"]
    events = answer(g, "Duchy")
    assert g.pending is None
    assert g.state.trash == ["Feast"]
    assert me(g).in_play == []
    assert me(g).discard == ["Duchy"]
    assert g.state.supply["Duchy"] == duchies - 1
    gain = of_type(events, "gain", 0)[0]
    assert (gain["card"], gain["to"]) == ("Duchy", "discard")


def test_feast_under_throne_room_trashes_once_but_gains_twice():
    g = position(hand=["Throne Room", "Feast", "Copper"])
    play(g, "Throne Room")
    d = g.pending
    assert d is not None and d.prompt == "throne_room.play" and d.options == ["Feast"]
    answer(g, ["Feast"])
    assert g.pending is not None and g.pending.prompt == "feast.gain"
    answer(g, "Duchy")
    assert g.pending is not None and g.pending.prompt == "feast.gain"
    answer(g, "Market")
    assert g.pending is None
    assert g.state.trash == ["Feast"]
    assert me(g).in_play == ["Throne Room"]
    assert sorted(me(g).discard) == ["Duchy", "Market"]
    assert me(g).hand == ["Copper"]
    assert g.state.turn.actions == 0


def test_feast_coins_cannot_raise_the_limit():
    g = position(hand=["Feast"], coins=9)
    play(g, "Feast")
    assert "Gold" not in g.pending.options and "Province" not in g.pending.options
    assert_invalid(g, "Gold")
    assert_invalid(g, "Province")
    assert_invalid(g, None)
    assert_invalid(g, "Nonexistent")


def test_feast_gained_card_comes_from_the_supply_to_your_discard_pile():
    g = position(hand=["Feast"], deck=["Copper"], discard=["Estate"])
    markets = g.state.supply["Market"]
    play(g, "Feast")
    answer(g, "Market")
    assert me(g).discard == ["Estate", "Market"]
    assert me(g).hand == [] and deck_top(g) == ["Copper"]
    assert g.state.supply["Market"] == markets - 1


def test_feast_removed_in_2nd_edition():
    assert CARDS["Feast"].editions == ("1",)


# ----------------------------------------------------------------------
# Festival


def test_festival_gives_two_actions_a_buy_and_2():
    g = position(hand=["Festival", "Festival", "Copper"], deck=["Gold"])
    play(g, "Festival")
    t = g.state.turn
    assert (t.actions, t.buys, t.coins) == (2, 2, 2)
    assert me(g).hand == ["Festival", "Copper"]  # draws nothing
    assert deck_top(g) == ["Gold"]
    play(g, "Festival")
    t = g.state.turn
    assert (t.actions, t.buys, t.coins) == (3, 3, 4)
    assert me(g).in_play == ["Festival", "Festival"]


# ----------------------------------------------------------------------
# Gardens


def test_gardens_counts_all_cards_you_own_39_is_3_vp():
    g = position(
        hand=["Gardens"] + ["Copper"] * 4,
        deck=["Copper"] * 10,
        discard=["Copper"] * 20,
        in_play=["Copper"] * 2,
    )
    me(g).set_aside = ["Copper", "Copper"]
    assert len(me(g).all_cards()) == 39
    assert g.score(0) == 3


def test_gardens_37_cards_is_3_vp_and_each_gardens_counts():
    g = position(hand=["Gardens", "Gardens"], deck=["Copper"] * 35)
    assert len(me(g).all_cards()) == 37
    assert g.score(0) == 6
    g2 = position(hand=["Gardens"], deck=["Copper"] * 8)  # 9 cards: rounds down
    assert g2.score(0) == 0
    g3 = position(hand=["Gardens", "Estate"], deck=["Copper"] * 8)  # 10 cards
    assert g3.score(0) == 2


def test_gardens_pile_is_8_with_2_players_and_12_with_3_or_more():
    assert supply_sizes(2, ["Gardens"])["Gardens"] == 8
    for n in (3, 4, 5, 6):
        assert supply_sizes(n, ["Gardens"])["Gardens"] == 12


def test_gardens_is_not_an_action_card_and_cannot_be_played():
    g = position(hand=["Gardens", "Copper"])
    assert not CARDS["Gardens"].is_action and CARDS["Gardens"].is_victory
    before = g.to_dict()
    with pytest.raises(IllegalCommand) as err:
        play(g, "Gardens")
    assert err.value.code == "not_playable"
    assert g.to_dict() == before
    assert {"type": "play", "card": "Gardens"} not in g.legal_commands(0)


# ----------------------------------------------------------------------
# Harbinger


def test_harbinger_draws_then_may_topdeck_a_card_from_discard():
    g = position(hand=["Harbinger"], deck=["Copper", "Estate"], discard=["Gold", "Estate"])
    play(g, "Harbinger")
    d = g.pending
    assert d is not None and d.prompt == "harbinger.topdeck"
    assert sorted(d.options) == ["Estate", "Gold"] and (d.min, d.max) == (0, 1)
    assert me(g).hand == ["Copper"]
    assert g.state.turn.actions == 1
    assert_invalid(g, ["Silver"])
    assert_invalid(g, ["Gold", "Estate"])
    events = answer(g, ["Gold"])
    assert g.pending is None
    assert deck_top(g) == ["Gold", "Estate"]
    assert me(g).discard == ["Estate"]
    top = of_type(events, "topdeck", 0)[0]
    assert top["cards"] == ["Gold"] and top["private"] is True  # looked through, not revealed


def test_harbinger_draw_first_then_look():
    # The draw reshuffles the discard pile, so there is nothing left to look at.
    g = position(hand=["Harbinger"], discard=["Gold"])
    events = play(g, "Harbinger")
    assert g.pending is None
    assert me(g).hand == ["Gold"]
    assert me(g).discard == [] and me(g).deck == []
    assert len(of_type(events, "shuffle", 0)) == 1


def test_harbinger_putting_a_card_back_is_optional():
    g = position(hand=["Harbinger"], deck=["Copper", "Silver"], discard=["Gold"])
    play(g, "Harbinger")
    answer(g, [])
    assert me(g).discard == ["Gold"]
    assert deck_top(g) == ["Silver"]


def test_harbinger_order_of_the_rest_of_the_discard_pile_does_not_matter():
    g = position(hand=["Harbinger"], deck=["Copper"], discard=["Estate", "Gold", "Duchy"])
    play(g, "Harbinger")
    answer(g, ["Gold"])
    assert sorted(me(g).discard) == ["Duchy", "Estate"]
    assert deck_top(g) == ["Gold"]


def test_harbinger_2nd_edition_only():
    assert CARDS["Harbinger"].editions == ("2",)


# ----------------------------------------------------------------------
# Laboratory


def test_laboratory_draws_two_and_gives_an_action():
    g = position(hand=["Laboratory", "Estate"], deck=["Copper", "Silver", "Gold"])
    events = play(g, "Laboratory")
    assert sorted(me(g).hand) == ["Copper", "Estate", "Silver"]
    assert deck_top(g) == ["Gold"]
    assert g.state.turn.actions == 1
    assert me(g).in_play == ["Laboratory"]
    assert sorted(of_type(events, "draw", 0)[0]["cards"]) == ["Copper", "Silver"]


# ----------------------------------------------------------------------
# Library


def test_library_draws_to_7_and_may_set_aside_actions():
    g = position(
        hand=["Library", "Copper", "Copper"],
        deck=["Silver", "Village", "Estate", "Smithy", "Gold", "Copper", "Duchy", "Province"],
    )
    play(g, "Library")
    d = g.pending
    assert d is not None and d.kind == "option" and d.prompt == "library.set_aside"
    assert d.options == ["yes", "no"] and d.args == {"drawn": "Village"}
    assert_invalid(g, "maybe")
    answer(g, "yes")
    d = g.pending
    assert d is not None and d.args == {"drawn": "Smithy"}
    assert me(g).set_aside == ["Village"]  # visible while the Library waits
    events = answer(g, "no")
    assert g.pending is None
    assert sorted(me(g).hand) == sorted(
        ["Copper", "Copper", "Silver", "Estate", "Smithy", "Gold", "Copper"]
    )
    assert deck_top(g) == ["Duchy", "Province"]
    assert me(g).discard == ["Village"]
    assert me(g).set_aside == []
    assert of_type(events, "discard", 0)[-1]["cards"] == ["Village"]


def test_library_only_action_cards_may_be_set_aside():
    g = position(
        hand=["Library"],
        deck=["Copper", "Estate", "Silver", "Curse", "Gold", "Duchy", "Copper", "Gold"],
    )
    play(g, "Library")
    assert g.pending is None  # no question for non-Actions
    assert len(me(g).hand) == 7
    assert deck_top(g) == ["Gold"]


def test_library_setting_aside_is_optional():
    g = position(hand=["Library", "Copper", "Copper", "Copper", "Copper", "Copper"],
                 deck=["Village", "Gold", "Silver"])
    play(g, "Library")
    answer(g, "no")
    assert g.pending is None
    assert sorted(me(g).hand) == ["Copper"] * 5 + ["Gold", "Village"]
    assert deck_top(g) == ["Silver"]
    assert me(g).discard == []


def test_library_set_aside_cards_do_not_count_toward_7():
    g = position(
        hand=["Library"] + ["Copper"] * 5,
        deck=["Smithy", "Village", "Gold", "Silver", "Estate"],
    )
    play(g, "Library")
    answer(g, "yes")
    answer(g, "yes")
    assert sorted(me(g).hand) == ["Copper"] * 5 + ["Gold", "Silver"]
    assert deck_top(g) == ["Estate"]
    assert sorted(me(g).discard) == ["Smithy", "Village"]


def test_library_if_you_shuffle_mid_way_set_aside_cards_are_not_shuffled_in():
    g = position(
        hand=["Library", "Copper", "Copper", "Copper"],
        deck=["Village", "Silver"],
        discard=["Gold", "Estate", "Duchy"],
    )
    play(g, "Library")
    assert g.pending.args == {"drawn": "Village"}
    events = answer(g, "yes")
    assert g.pending is None
    # Had the Village been shuffled in, one of the four cards would be left in the deck.
    assert sorted(me(g).hand) == ["Copper"] * 3 + ["Duchy", "Estate", "Gold", "Silver"]
    assert me(g).deck == []
    assert me(g).discard == ["Village"]
    assert me(g).set_aside == []
    assert len(of_type(events, "shuffle", 0)) == 1


def test_library_set_aside_survives_a_save_and_load_mid_shuffle():
    g = position(
        hand=["Library", "Copper", "Copper", "Copper", "Copper"],
        deck=["Village"],
        discard=["Smithy", "Gold"],
    )
    play(g, "Library")
    answer(g, "yes")  # Village aside; the deck runs out and Smithy/Gold are shuffled
    assert g.pending is not None and g.pending.args == {"drawn": "Smithy"}
    assert me(g).set_aside == ["Village"]
    loaded = Game.from_json(g.to_json())
    assert loaded == g and loaded.pending == g.pending
    assert loaded.state.players[0].set_aside == ["Village"]
    answer(loaded, "yes")
    assert loaded.pending is None
    p = loaded.state.players[0]
    assert sorted(p.hand) == ["Copper"] * 4 + ["Gold"]  # deck and discard exhausted
    assert sorted(p.discard) == ["Smithy", "Village"]
    assert p.deck == [] and p.set_aside == []


def test_library_if_you_already_have_7_or_more_cards_draw_nothing():
    g = position(hand=["Library"] + ["Copper"] * 7, deck=["Gold"])
    events = play(g, "Library")
    assert g.pending is None
    assert len(me(g).hand) == 7
    assert deck_top(g) == ["Gold"]
    assert of_type(events, "draw") == []


def test_library_if_deck_and_discard_are_exhausted_stop_with_what_you_have():
    g = position(hand=["Library", "Estate"], deck=["Village", "Copper"])
    play(g, "Library")
    answer(g, "yes")
    assert g.pending is None
    assert me(g).hand == ["Estate", "Copper"]
    assert me(g).discard == ["Village"]
    assert me(g).deck == [] and me(g).set_aside == []


def test_library_same_function_in_both_editions():
    assert CARDS["Library"].editions == ("1", "2")


# ----------------------------------------------------------------------
# Market


def test_market_gives_card_action_buy_and_coin():
    g = position(hand=["Market"], deck=["Gold", "Copper"])
    play(g, "Market")
    t = g.state.turn
    assert (t.actions, t.buys, t.coins) == (1, 2, 1)
    assert me(g).hand == ["Gold"]
    assert deck_top(g) == ["Copper"]
    assert me(g).in_play == ["Market"]


# ----------------------------------------------------------------------
# Merchant


def test_merchant_draws_gives_action_and_1_on_first_silver():
    g = position(hand=["Merchant", "Silver"], deck=["Copper", "Estate"])
    play(g, "Merchant")
    assert me(g).hand == ["Silver", "Copper"]
    assert g.state.turn.actions == 1
    assert g.state.turn.coins == 0
    play(g, "Silver")
    assert g.state.turn.coins == 3


def test_merchant_without_silver_gives_nothing_extra():
    g = position(hand=["Merchant", "Copper", "Gold"], deck=["Copper"])
    play(g, "Merchant")
    g.apply(0, PlayTreasures())
    assert g.state.turn.coins == 5


def test_merchant_each_merchant_before_the_first_silver_adds_1():
    g = position(hand=["Merchant", "Merchant", "Silver"], deck=["Copper", "Copper"])
    play(g, "Merchant")
    play(g, "Merchant")
    play(g, "Silver")
    assert g.state.turn.coins == 4
    g.apply(0, PlayTreasures())
    assert g.state.turn.coins == 6


def test_merchant_bonus_with_play_all_treasures():
    g = position(
        hand=["Merchant", "Merchant", "Silver", "Silver", "Copper"], deck=["Estate", "Estate"]
    )
    play(g, "Merchant")
    play(g, "Merchant")
    g.apply(0, PlayTreasures())
    assert g.state.turn.coins == 2 + 2 + 1 + 2


def test_merchant_only_the_first_silver_of_the_turn_triggers():
    g = position(hand=["Merchant", "Silver", "Silver"], deck=["Estate"])
    play(g, "Merchant")
    play(g, "Silver")
    assert g.state.turn.coins == 3
    play(g, "Silver")
    assert g.state.turn.coins == 5


def test_merchant_played_after_a_silver_this_turn_gives_no_bonus():
    # Base has no way to play an Action after a Treasure, so the earlier Silver
    # is set up directly.
    g = position(hand=["Merchant", "Silver"], deck=["Estate"], in_play=["Silver"], coins=2)
    g.state.turn.silver_played = True
    play(g, "Merchant")
    play(g, "Silver")
    assert g.state.turn.coins == 4


def test_merchant_bonus_does_not_carry_over_to_the_next_turn():
    g = position(hand=["Merchant"], deck=["Estate"] * 6)
    play(g, "Merchant")
    assert g.state.turn.effects.get("merchant") == 1
    g.apply(0, {"type": "end_phase"})
    g.apply(0, {"type": "end_phase"})
    assert g.state.turn.seat == 1
    assert g.state.turn.effects == {} and not g.state.turn.silver_played


def test_merchant_throne_room_on_merchant_gives_2_on_the_first_silver():
    g = position(hand=["Throne Room", "Merchant", "Silver", "Silver"], deck=["Copper", "Copper"])
    play(g, "Throne Room")
    assert g.pending is not None and g.pending.options == ["Merchant"]
    answer(g, ["Merchant"])
    assert g.pending is None
    assert sorted(me(g).hand) == ["Copper", "Copper", "Silver", "Silver"]
    assert g.state.turn.actions == 2
    assert me(g).in_play == ["Throne Room", "Merchant"]
    g.apply(0, PlayTreasures())
    assert g.state.turn.coins == 2 + 2 + 1 + 1 + 2


def test_merchant_2nd_edition_only():
    assert CARDS["Merchant"].editions == ("2",)
