"""Fair undo (dominion/undo.py): a seat takes back its own moves until new
information appears, and gets back exactly the game from before them."""

from __future__ import annotations

import json
from typing import Any, Optional

import pytest

import fuzz
from dominion import Game, IllegalCommand, new_game, undo
from dominion.bots import GenericBot, act
from helpers import answer, pending_is, play, position

UNDO = {"type": "undo"}


def seen(game: Game) -> dict[Optional[int], dict[str, Any]]:
    """Every seat's view and the spectator's."""
    return {s: game.view(s) for s in [None, *range(len(game.state.players))]}


def can_undo(game: Game, seat: int = 0) -> bool:
    return UNDO in game.legal_commands(seat)


def refused(game: Game, seat: int = 0) -> None:
    """``undo`` is not offered to ``seat`` and is refused, changing nothing: with
    ``cannot_undo`` for the seat on turn, ``not_your_turn`` for any other (like every
    turn command)."""
    assert not can_undo(game, seat)
    saved = game.to_dict()
    with pytest.raises(IllegalCommand) as err:
        game.apply(seat, UNDO)
    on_turn = not game.state.game_over and seat == game.state.turn.seat
    assert err.value.code == ("cannot_undo" if on_turn else "not_your_turn")
    assert game.to_dict() == saved


def takes_back(game: Game, before: dict[str, Any], views: dict, seat: int = 0,
               events: int = 1) -> None:
    """``undo`` by ``seat`` is offered and restores ``before`` and every view exactly."""
    assert can_undo(game, seat)
    rng = game.state.rng.to_dict()
    assert game.apply(seat, UNDO) == []
    assert game.retracted == events
    assert game.state.to_dict() == before
    assert game.state.rng.to_dict() == before["rng"] == rng  # undo draws nothing either
    assert game.pending is None
    assert seen(game) == views


# ----------------------------------------------------------------------
# What may be taken back


def test_undo_of_playing_an_action():
    game = position(hand=["Woodcutter", "Copper", "Estate"], deck=["Gold"],
                    kingdom=["Woodcutter", "Village"])
    before, views = game.state.to_dict(), seen(game)
    assert not can_undo(game)  # nothing done yet
    play(game, "Woodcutter")
    assert game.state.turn.buys == 2 and game.state.turn.coins == 2
    takes_back(game, before, views)
    refused(game)  # once: nothing older to take back


def test_undo_of_a_buy_and_of_playing_treasures_walks_back_in_order():
    game = position(hand=["Copper", "Copper", "Silver", "Estate"], deck=["Gold", "Copper"],
                    buys=2)
    start, start_views = game.state.to_dict(), seen(game)
    game.apply(0, {"type": "play_treasures"})
    treasures, treasures_views = game.state.to_dict(), seen(game)
    events = game.apply(0, {"type": "buy", "card": "Silver"})
    assert [e["type"] for e in events] == ["buy", "gain"]
    bought, bought_views = game.state.to_dict(), seen(game)
    game.apply(0, {"type": "buy", "card": "Copper"})
    takes_back(game, bought, bought_views, events=2)
    takes_back(game, treasures, treasures_views, events=2)
    takes_back(game, start, start_views, events=1)  # the Treasures were played at once
    refused(game)


def test_undo_of_playing_one_treasure():
    game = position(hand=["Copper", "Silver"])
    before, views = game.state.to_dict(), seen(game)
    play(game, "Silver")
    assert game.state.turn.phase == "buy"
    takes_back(game, before, views)
    assert game.state.turn.phase == "action"


def test_undo_of_ending_the_action_phase():
    game = position(hand=["Village", "Copper"])
    before, views = game.state.to_dict(), seen(game)
    assert game.apply(0, {"type": "end_phase"}) == []
    assert game.state.turn.phase == "buy"
    takes_back(game, before, views, events=0)


def test_undo_cancels_a_command_in_flight_whose_decision_is_the_actors():
    game = position(hand=["Chapel", "Copper", "Estate", "Estate"], deck=["Gold"])
    before, views = game.state.to_dict(), seen(game)
    play(game, "Chapel")
    d = pending_is(game, 0, "chapel.trash")
    assert game.legal_commands(0) == [{"type": "answer", "decision": d.to_dict()}, UNDO]
    assert not can_undo(game, 1)  # the other seat has nothing to take back
    takes_back(game, before, views)
    # Finished, with the trashing chosen, it may be taken back as a whole too.
    play(game, "Chapel")
    answer(game, ["Estate", "Estate"])
    assert game.state.trash == ["Estate", "Estate"]
    takes_back(game, before, views, events=2)


def test_a_command_in_flight_survives_saving_with_its_undo():
    game = position(hand=["Chapel", "Copper", "Estate"], deck=["Gold"])
    before = game.state.to_dict()
    play(game, "Chapel")
    loaded = Game.from_json(game.to_json())
    assert loaded == game and loaded.legal_commands(0)[-1] == UNDO
    loaded.apply(0, UNDO)
    assert loaded.state.to_dict() == before


def test_history_survives_to_json_and_is_bounded():
    game = position(hand=["Copper"], buys=undo.LIMIT + 5)
    states = [game.state.to_dict()]
    for _ in range(undo.LIMIT + 5):
        game.apply(0, {"type": "buy", "card": "Copper"})
        states.append(game.state.to_dict())
    assert len(game.history.steps) == undo.LIMIT
    game = Game.from_json(json.dumps(json.loads(game.to_json())))
    for expected in reversed(states[-undo.LIMIT - 1:-1]):
        game.apply(0, UNDO)
        assert game.state.to_dict() == expected
    refused(game)  # the oldest moves fell out of the history
    assert game.history.epoch == undo.LIMIT
    assert game.to_dict()["undo"] == {"epoch": undo.LIMIT, "history": []}


# ----------------------------------------------------------------------
# What may never be taken back


def test_no_undo_after_a_draw():
    game = position(hand=["Smithy", "Copper"], deck=["Gold", "Copper", "Estate", "Silver"])
    play(game, "Smithy")
    refused(game)


def test_no_undo_after_a_shuffle_even_without_a_draw_event(monkeypatch):
    """The generator rule holds on its own: widen the event whitelist to draws and
    shuffles and a command that shuffled still may not be taken back."""
    monkeypatch.setattr(undo, "SAFE_EVENTS", undo.SAFE_EVENTS | {"draw", "shuffle"})
    game = position(hand=["Smithy"], deck=["Gold"], discard=["Copper", "Estate", "Silver"])
    events = play(game, "Smithy")
    assert "shuffle" in [e["type"] for e in events]
    refused(game)
    # ...while a draw from the deck alone now passes: the whitelist is what refuses draws.
    game = position(hand=["Smithy"], deck=["Gold", "Copper", "Estate", "Silver"])
    play(game, "Smithy")
    assert can_undo(game)


def test_no_undo_after_a_reveal():
    game = position(hand=["Vassal"], deck=["Estate", "Gold"], kingdom=["Vassal", "Village"])
    events = play(game, "Vassal")
    assert "reveal" in [e["type"] for e in events]
    refused(game)


def test_no_undo_after_an_attack_whose_victim_chose():
    game = position(hand=["Militia", "Copper"],
                    others={1: {"hand": ["Copper", "Copper", "Estate", "Estate", "Silver"]}})
    play(game, "Militia")
    pending_is(game, 1, "militia.discard")
    refused(game, 0)  # the open decision is the victim's
    refused(game, 1)
    answer(game, ["Estate", "Estate"])
    refused(game, 0)


def test_no_undo_after_a_moat_reveal():
    game = position(hand=["Militia"], others={1: {"hand": ["Moat", "Copper", "Copper"]}})
    play(game, "Militia")
    pending_is(game, 1, "reaction.reveal")
    answer(game, ["Moat"])
    refused(game)


def test_no_undo_after_an_attack_that_asked_nobody():
    """Militia against a hand of three: nobody decided, yet an Attack is never taken back."""
    game = position(hand=["Militia"], others={1: {"hand": ["Copper", "Copper", "Estate"]}})
    events = play(game, "Militia")
    assert [e["type"] for e in events] == ["play"]
    refused(game)


def test_no_undo_after_a_bot_answered_inline():
    game = position(hand=["Militia"],
                    others={1: {"hand": ["Copper", "Copper", "Estate", "Estate", "Silver"]}},
                    agents={1: GenericBot()})
    events = play(game, "Militia")
    assert any(e["seat"] == 1 for e in events)  # the bot discarded at once
    refused(game)


def test_no_undo_after_ending_the_turn_and_the_history_is_gone():
    game = position(hand=["Copper", "Copper"], deck=["Estate"] * 5, phase="buy")
    game.apply(0, {"type": "buy", "card": "Copper"})
    assert can_undo(game)
    game.apply(0, {"type": "end_phase"})
    assert game.history.steps == []
    refused(game, 0)
    refused(game, 1)


def test_an_unsafe_command_clears_the_history():
    game = position(hand=["Woodcutter", "Smithy", "Village"], deck=["Gold"] * 6,
                    kingdom=["Woodcutter", "Smithy", "Village"])
    play(game, "Village")  # draws: nothing to take back
    refused(game)
    play(game, "Woodcutter")
    assert len(game.history.steps) == 1
    play(game, "Smithy")
    assert game.history.steps == []
    refused(game)


def test_only_the_seat_whose_move_it_was_may_take_it_back():
    game = position(hand=["Copper"], players=3)
    game.apply(0, {"type": "play_treasures"})
    refused(game, 1)
    refused(game, 2)
    assert can_undo(game, 0)


def test_games_where_every_seat_has_an_agent_keep_no_history():
    game = new_game(2, ["Woodcutter", "Village", "Smithy", "Market", "Chapel", "Cellar",
                        "Moat", "Militia", "Festival", "Laboratory"],
                    seed=5, agents={0: GenericBot(), 1: GenericBot()}, record_events=False)
    for _ in range(40):
        seat = game.awaiting()[0]
        act(game, game.agents[seat], seat)
        assert game.history.steps == []
        assert game.to_dict()["undo"] == {"epoch": 0, "history": []}


def test_a_bot_in_a_game_with_a_human_leaves_nothing_to_take_back():
    game = position(hand=["Copper"], others={1: {"hand": ["Copper"] * 5, "deck": ["Copper"] * 5}},
                    agents={1: GenericBot()})
    game.apply(0, {"type": "end_phase"})
    game.apply(0, {"type": "end_phase"})  # the turn passes to the bot
    for _ in range(10):
        if game.state.turn.seat == 0:
            break
        act(game, game.agents[1], 1)
        assert game.history.steps == []
        refused(game, 1)
    assert game.state.turn.seat == 0
    refused(game, 0)


# ----------------------------------------------------------------------
# The property over random games (tests/fuzz.py, check (f)), and its teeth


def test_random_games_undo_exactly_and_only_when_fair():
    # 40 games here; tests/test_fuzz.py runs the same check over all its games.
    stats = fuzz.run(40, 2000, thorough=False)
    assert stats.games == 40
    assert stats.undos > 100  # the fuzzer sends undo, walking back several moves
    assert stats.undo_checked > stats.undos  # every legal undo was tried on a copy


def test_the_fuzzer_catches_undo_offered_after_a_draw(monkeypatch):
    monkeypatch.setattr(undo, "SAFE_EVENTS", undo.SAFE_EVENTS | {"draw"})
    with pytest.raises(fuzz.FuzzFailure, match="undo offered to seats .* after a draw"):
        fuzz.run(10, 2000, thorough=False)


class _Blind:
    """A watch blind to other seats: ignores their decisions, events and Attacks."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self._ok = True

    safe = property(lambda self: self._ok, lambda self, value: None)

    def event(self, type: str, seat: Optional[int]) -> None:
        if type not in undo.SAFE_EVENTS:
            self._ok = False

    def decision(self, seat: int) -> None:
        pass


def test_the_fuzzer_catches_undo_offered_after_another_seat_decided(monkeypatch):
    monkeypatch.setattr(undo, "Watch", _Blind)
    with pytest.raises(fuzz.FuzzFailure, match="undo offered to seats"):
        fuzz.run(30, 2000, thorough=False)


def test_the_fuzzer_catches_an_undo_that_restores_the_wrong_state(monkeypatch):
    real = undo.undo

    def sloppy(game: Game, seat: int) -> int:
        n = real(game, seat)
        game.state.turn.coins += 1
        return n

    monkeypatch.setattr(undo, "undo", sloppy)
    with pytest.raises(fuzz.FuzzFailure, match="did not restore the state"):
        fuzz.run(10, 2000, thorough=False)
