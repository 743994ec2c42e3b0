"""Stored games of older schema versions load (dominion.upgrade)."""

from __future__ import annotations

import copy

import pytest

from dominion import SCHEMA_VERSION, Game, InvalidState, new_game
from dominion.upgrade import STEPS, upgrade

KINGDOM = ["Cellar", "Chapel", "Moat", "Village", "Workshop",
           "Militia", "Smithy", "Throne Room", "Market", "Witch"]


def version_4(game: Game) -> dict:
    """``game`` saved as an engine of schema version 4 (before undo) saved it."""
    data = game.to_dict()
    data["schema_version"] = 4
    del data["undo"]
    return data


def version_3(game: Game) -> dict:
    """``game`` saved as an engine of schema version 3 (before hidden passes) saved it."""
    data = version_4(game)
    data["schema_version"] = 3
    del data["state"]["hidden_passes"]
    return data


def version_2(game: Game) -> dict:
    """``game`` saved as an engine of schema version 2 (before Prosperity) saved it."""
    data = version_3(game)
    data["schema_version"] = 2
    for key in ("trade_route", "trade_route_mat"):
        del data["state"][key]
    del data["state"]["turn"]["names"]
    return data


def version_1(game: Game) -> dict:
    """``game`` saved as an engine of schema version 1 (before editions) saved it."""
    data = version_2(game)
    data["schema_version"] = 1
    del data["state"]["edition"]
    return data


def test_every_version_has_a_step_up_to_the_current_one():
    assert SCHEMA_VERSION == 5
    assert sorted(STEPS) == list(range(1, SCHEMA_VERSION))


def test_a_version_1_game_plays_the_second_edition():
    game = new_game(3, KINGDOM, seed=8)
    old = version_1(game)
    up = upgrade(copy.deepcopy(old))
    assert up["schema_version"] == SCHEMA_VERSION and up["state"]["edition"] == "2"
    loaded = Game.from_dict(old)
    assert loaded.state.edition == "2" and not loaded.first_edition
    assert loaded.to_dict() == game.to_dict()  # nothing else changed
    assert loaded.view(0)["edition"] == "2"


def test_a_version_1_game_paused_in_a_decision_resumes():
    game = new_game(2, KINGDOM, seed=3)
    seat = game.awaiting()[0]
    game.state.players[seat].hand = ["Cellar", "Copper", "Estate", "Estate", "Copper"]
    game.apply(seat, {"type": "play", "card": "Cellar"})
    assert game.pending is not None and game.pending.prompt == "cellar.discard"
    loaded = Game.from_dict(version_1(game))
    assert loaded.state.edition == "2"
    assert loaded.pending.to_dict() == game.pending.to_dict()
    loaded.apply(seat, {"type": "answer", "answer": ["Estate", "Estate"]})
    game.apply(seat, {"type": "answer", "answer": ["Estate", "Estate"]})
    assert loaded.to_dict() == game.to_dict()


def test_a_version_2_game_has_no_trade_route_mat_and_nothing_named():
    game = new_game(3, KINGDOM, seed=8, edition="1")
    up = upgrade(version_2(game))
    assert up["schema_version"] == SCHEMA_VERSION
    assert (up["state"]["trade_route"], up["state"]["trade_route_mat"]) == ([], 0)
    assert up["state"]["turn"]["names"] == {}
    loaded = Game.from_dict(version_2(game))
    assert loaded.to_dict() == game.to_dict()
    assert loaded.view(0)["trade_route"] is None


def test_a_first_edition_game_round_trips_at_the_current_version():
    game = new_game(2, KINGDOM, seed=5, edition="1")
    data = game.to_dict()
    assert data["schema_version"] == SCHEMA_VERSION and data["state"]["edition"] == "1"
    again = Game.from_json(game.to_json())
    assert again.first_edition and again.to_dict() == data


@pytest.mark.parametrize("data", [{}, {"schema_version": 0}, {"schema_version": "1"},
                                  {"schema_version": SCHEMA_VERSION + 1}, []])
def test_unknown_versions_are_refused(data):
    with pytest.raises(InvalidState):
        upgrade(data)


def test_a_version_3_game_knows_of_no_hidden_pass():
    game = new_game(3, KINGDOM, seed=5)
    old = version_3(game)
    up = upgrade(copy.deepcopy(old))
    assert up["schema_version"] == SCHEMA_VERSION and up["state"]["hidden_passes"] == []
    loaded = Game.from_dict(old)
    assert loaded.to_dict() == game.to_dict()
    assert [loaded.view(s) for s in (0, 1, 2, None)] == [game.view(s) for s in (0, 1, 2, None)]


def test_a_version_4_game_has_no_undo_history():
    game = new_game(2, KINGDOM, seed=4)
    seat = game.awaiting()[0]
    game.apply(seat, {"type": "play_treasures"})
    assert game.legal_commands(seat)[-1] == {"type": "undo"}
    old = version_4(game)
    up = upgrade(copy.deepcopy(old))
    assert up["schema_version"] == SCHEMA_VERSION
    assert up["undo"] == {"epoch": 0, "history": []}
    loaded = Game.from_dict(old)
    assert loaded.state.to_dict() == game.state.to_dict()
    assert {"type": "undo"} not in loaded.legal_commands(seat)  # nothing to take back
    assert loaded.to_dict()["undo"] == {"epoch": 0, "history": []}


def test_a_version_4_game_paused_in_a_decision_resumes_and_may_be_cancelled():
    game = new_game(2, KINGDOM, seed=3)
    seat = game.awaiting()[0]
    game.state.players[seat].hand = ["Chapel", "Copper", "Estate", "Estate", "Copper"]
    before = game.state.to_dict()
    game.apply(seat, {"type": "play", "card": "Chapel"})
    loaded = Game.from_dict(version_4(game))
    assert loaded.pending.to_dict() == game.pending.to_dict()
    # The in-flight command is rebuilt from its snapshot, so it may still be cancelled.
    assert loaded.legal_commands(seat)[1:] == [{"type": "undo"}]
    loaded.apply(seat, {"type": "undo"})
    assert loaded.state.to_dict() == before and loaded.pending is None
