"""What a view tells of VP totals, own cards and turn numbers (dominion.scores, views).

Masquerade passes are seen only by their giver and receiver: everyone else
(a third seat, a spectator) counts the cards as if the pass had not happened.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from dominion import Game, InvalidSetup, new_game
from dominion.rng import Rng
from dominion.scores import known_totals, record_pass
from dominion.setup import first_player_after

from .helpers import answer, me, pending_is, play, position

KINGDOM = ["Masquerade", "Gardens", "Duke", "Village", "Smithy", "Market", "Moat",
           "Militia", "Cellar", "Chapel"]
VIEWERS3 = (0, 1, 2, None)


def vp(game: Game, viewer) -> list[int]:
    return [p["vp"] for p in game.view(viewer)["players"]]


def exact(game: Game) -> list[int]:
    return [game.score(s) for s in range(len(game.state.players))]


def masquerade_3p(hand0, hand1, hand2, deck0=("Copper", "Copper"), edition="2", **zones) -> Game:
    g = position(hand=["Masquerade", *hand0], deck=list(deck0), players=3, kingdom=KINGDOM,
                 others={1: {"hand": list(hand1), **zones.get("z1", {})},
                         2: {"hand": list(hand2), **zones.get("z2", {})}},
                 discard=zones.get("discard0", ()), edition=edition)
    return g


def finish_masquerade(game: Game, passes: dict[int, str]) -> None:
    """Answer the pass prompts with ``passes`` (seat -> card) and trash nothing."""
    while game.pending is not None and game.pending.prompt == "masquerade.pass":
        answer(game, [passes[game.pending.seat]])
    pending_is(game, 0, "masquerade.trash")
    answer(game, [])
    assert game.pending is None


def test_a_passed_duchy_does_not_change_the_third_seats_view_of_either_total():
    # Seat 0 passes a Duchy to seat 1; seats 1 and 2 pass Coppers (not asked).
    g = masquerade_3p(["Duchy", "Copper"], ["Copper", "Copper"], ["Copper"])
    before = {v: vp(g, v) for v in VIEWERS3}
    assert before[2] == before[None] == [3, 0, 0] == exact(g)
    play(g, "Masquerade")
    finish_masquerade(g, {0: "Duchy"})
    assert "Duchy" in me(g, 1).hand and exact(g) == [0, 3, 0]
    # Giver and receiver know exactly.
    assert vp(g, 0) == vp(g, 1) == [0, 3, 0]
    # The third seat and spectators see nothing move.
    assert vp(g, 2) == before[2]
    assert vp(g, None) == before[None]


def test_a_passed_estate_in_a_ring_of_passes_each_seat_misses_the_pass_it_did_not_see():
    # 0 -> 1 Duchy, 1 -> 2 Estate, 2 -> 0 Copper.
    g = masquerade_3p(["Duchy", "Copper"], ["Estate", "Copper"], ["Copper", "Copper"])
    assert exact(g) == [3, 1, 0]
    play(g, "Masquerade")
    finish_masquerade(g, {0: "Duchy", 1: "Estate"})
    assert exact(g) == [0, 3, 1]
    assert vp(g, 0) == [0, 4, 0]  # did not see 1 -> 2: the Estate stays with seat 1
    assert vp(g, 1) == [0, 3, 1]  # the Copper 2 -> 0 changes no VP
    assert vp(g, 2) == [3, 0, 1]  # did not see 0 -> 1: the Duchy stays with seat 0
    assert vp(g, None) == [3, 1, 0]  # a spectator saw no pass at all


def test_duke_counts_the_duchies_the_viewer_believes_in():
    # 2nd edition: seat 2 has an empty hand and is skipped; 0 -> 1 Duchy, 1 -> 0 Copper.
    g = masquerade_3p(["Duchy", "Copper"], ["Copper"], [], z1={"discard": ["Duke"]})
    assert exact(g) == [3, 0, 0]
    play(g, "Masquerade")
    finish_masquerade(g, {0: "Duchy"})
    assert exact(g) == [0, 4, 0]  # Duke with one Duchy, and the Duchy
    assert vp(g, 0) == vp(g, 1) == [0, 4, 0]
    assert vp(g, 2) == vp(g, None) == [3, 0, 0]


def test_gardens_counts_the_cards_the_viewer_believes_in():
    # 1st edition: 0 -> 1 a Copper, 1 -> 2 its Estate, seat 2 (empty hand) passes nothing.
    g = masquerade_3p(["Copper", "Copper"], ["Estate"], [], edition="1",
                      discard0=["Gardens"] + ["Copper"] * 4,
                      z2={"discard": ["Gardens"] + ["Copper"] * 9})
    assert len(me(g).all_cards()) == 10 and len(me(g, 2).all_cards()) == 10
    assert exact(g) == [1, 1, 1]
    play(g, "Masquerade")
    finish_masquerade(g, {})
    assert len(me(g).all_cards()) == 9 and len(me(g, 2).all_cards()) == 11
    assert exact(g) == [0, 0, 2]  # seat 0: 9 cards; seat 2: 11 cards and an Estate
    assert vp(g, 1) == [0, 0, 2]  # took part in both passes
    assert vp(g, 0) == [0, 1, 1]  # missed 1 -> 2: seat 2 still has 10 cards, no Estate
    assert vp(g, 2) == [1, 0, 2]  # missed 0 -> 1: seat 0 still has 10 cards
    assert vp(g, None) == [1, 1, 1]


def test_two_players_know_exactly_and_a_spectator_sees_no_pass_until_the_end():
    g = position(hand=["Masquerade", "Duchy", "Copper"], deck=["Copper", "Copper"],
                 kingdom=KINGDOM, others={1: {"hand": ["Estate", "Copper"]}})
    assert exact(g) == [3, 1]
    play(g, "Masquerade")
    finish_masquerade(g, {0: "Duchy", 1: "Estate"})
    assert exact(g) == [1, 3]
    assert vp(g, 0) == vp(g, 1) == [1, 3]
    assert vp(g, None) == [3, 1]
    # The game ends: every total is exact for everyone, as the result says.
    g.state.supply["Province"] = 0
    g.apply(0, {"type": "end_phase"})
    g.apply(0, {"type": "end_phase"})
    assert g.state.game_over
    for viewer in (0, 1, None):
        view = g.view(viewer)
        assert [p["vp"] for p in view["players"]] == view["result"]["scores"] == [1, 3]


def test_the_record_of_hidden_passes_round_trips_and_never_shows():
    g = masquerade_3p(["Duchy", "Copper"], ["Estate", "Copper"], ["Copper", "Copper"])
    play(g, "Masquerade")
    answer(g, ["Duchy"])
    # Saved mid-Masquerade: the passes are replayed from the snapshot.
    g = Game.from_json(g.to_json())
    finish_masquerade(g, {1: "Estate"})
    assert g.state.hidden_passes == [[0, 1, "Duchy"], [1, 2, "Estate"], [2, 0, "Copper"]]
    loaded = Game.from_json(g.to_json())
    assert loaded.state.hidden_passes == g.state.hidden_passes
    for viewer in VIEWERS3:
        assert loaded.view(viewer) == g.view(viewer)
        text = json.dumps(g.view(viewer))
        assert "hidden_passes" not in text and "passes" not in text


def test_a_pass_back_cancels_the_earlier_one_and_a_pass_to_oneself_is_not_recorded():
    g = new_game(2, KINGDOM, seed=3)
    st = g.state
    record_pass(st, 0, 1, "Estate")
    record_pass(st, 1, 0, "Copper")
    record_pass(st, 1, 0, "Estate")
    assert st.hidden_passes == [[1, 0, "Copper"]]
    record_pass(st, 1, 1, "Gold")
    assert st.hidden_passes == [[1, 0, "Copper"]]


def test_a_pass_made_evident_by_what_the_receiver_lost_is_not_undone():
    g = new_game(3, KINGDOM, seed=3)
    st = g.state
    for p in st.players:
        p.hand, p.deck, p.discard = ["Copper"], [], []
    # Seat 1 received a Duchy, then was seen to trash it: it had none to trash
    # as far as seat 2 knew, so seat 2 knows of the pass; no count goes negative.
    st.players[0].hand = ["Copper"]
    record_pass(st, 0, 1, "Duchy")
    assert known_totals(st, 2) == [0, 0, 0]
    assert known_totals(st, None) == [0, 0, 0]


def test_masquerade_in_sims_records_no_pass_to_oneself():
    # A lone seat with cards passes to itself (2nd edition): nothing to hide.
    g = masquerade_3p(["Duchy"], [], [], deck0=("Estate", "Estate"))
    play(g, "Masquerade")
    if g.pending is not None and g.pending.prompt == "masquerade.pass":
        answer(g, ["Duchy"])
    assert g.state.hidden_passes == []


# ----------------------------------------------------------------------
# Own cards


def test_own_cards_count_every_own_card_and_only_in_the_own_entry():
    g = position(hand=["Village", "Copper"], deck=["Gold", "Estate"], discard=["Duchy", "Copper"],
                 in_play=["Market"], kingdom=KINGDOM, players=3,
                 others={1: {"hand": ["Province"], "deck": ["Curse"]}})
    me(g).set_aside = ["Smithy"]
    for seat in (0, 1, 2):
        view = g.view(seat)
        own = view["players"][seat]
        assert own["cards"] == dict(Counter(me(g, seat).all_cards()))
        assert sum(own["cards"].values()) == len(me(g, seat).all_cards())
        assert all("cards" not in p for p in view["players"] if p["seat"] != seat)
    own = g.view(0)["players"][0]["cards"]
    assert own == {"Gold": 1, "Duchy": 1, "Market": 1, "Smithy": 1, "Village": 1,
                   "Estate": 1, "Copper": 2}
    # Sorted like the result's decks: dearest first, then by name.
    assert list(own) == ["Gold", "Duchy", "Market", "Smithy", "Village", "Estate", "Copper"]
    assert g.view(1)["players"][1]["cards"] == {"Province": 1, "Curse": 1}
    assert all("cards" not in p for p in g.view(None)["players"])


# ----------------------------------------------------------------------
# Turn numbers


def test_turns_is_the_number_of_the_turn_in_progress_for_the_player_to_move():
    g = new_game(3, KINGDOM, seed=11)
    first = g.state.turn.seat
    seats = [(first + i) % 3 for i in range(7)]
    for n, seat in enumerate(seats):
        view = g.view(None)
        assert view["turn"]["seat"] == seat and view["turn"]["number"] == n + 1
        assert view["players"][seat]["turns"] == n // 3 + 1  # "Turn 1", "Turn 2", ...
        if n == 0:
            assert [p["turns"] for p in view["players"]] == [
                1 if s == first else 0 for s in range(3)]
        g.apply(seat, {"type": "end_phase"})
        g.apply(seat, {"type": "end_phase"})


# ----------------------------------------------------------------------
# Who goes first in a following game (rules.md 1.4)


def test_the_player_left_of_the_last_winner_goes_first_next_game():
    rng = Rng(1)
    assert first_player_after([0], 3, rng) == 1
    assert first_player_after([2], 3, rng) == 0
    # A tie: a random player who did not win.
    assert first_player_after([0, 2], 3, rng) == 1
    picks = {first_player_after([0, 1], 4, Rng(seed)) for seed in range(40)}
    assert picks == {2, 3}
    # Everyone shared the victory: anyone.
    assert {first_player_after([0, 1], 2, Rng(seed)) for seed in range(40)} == {0, 1}


def test_new_game_starts_with_the_first_player_given():
    for first in range(3):
        g = new_game(3, KINGDOM, seed=4, first=first)
        assert g.state.turn.seat == first and g.awaiting() == [first]
        assert [p.turns for p in g.state.players] == [int(s == first) for s in range(3)]
    for bad in (3, -1, True, "0"):
        with pytest.raises(InvalidSetup):
            new_game(3, KINGDOM, seed=4, first=bad)
