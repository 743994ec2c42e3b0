"""The simulator's end-of-turn shortcut (``Game._piles_full``): while
``fastplay.play_turns`` runs, the end of a turn does not look at every supply
pile when no pile is empty. So the loop checks the supply when it starts, the
code that empties a pile (a gain, Lurker trashing from the supply) drops the
shortcut, and the loop drops it when it returns, so that a supply changed by
hand between calls is still looked at."""

from __future__ import annotations

from helpers import answer, play, position

from dominion import IllegalCommand, new_game
from dominion.bots import make_bot
from dominion.fastplay import play_turn, play_turns
from dominion.presets import preset

KINGDOM = ["Lurker", "Mill", "Cellar", "Moat", "Village", "Workshop", "Militia",
           "Smithy", "Market", "Witch"]


def big_money_game(seed: int = 5):
    bots = {0: make_bot("big-money"), 1: make_bot("big-money")}
    game = new_game(2, preset("First Game"), seed=seed, agents=bots, record_events=False)
    game.check_agents = False
    return game, bots


def test_a_pile_emptied_before_the_loop_ends_the_game_at_the_first_turn_end() -> None:
    game, bots = big_money_game()
    game.state.supply["Province"] = 0
    play_turn(game, bots)
    assert game.state.game_over and game.state.end_reason == "provinces"
    assert game.state.turn.number == 1


def test_buying_the_last_card_of_a_pile_ends_the_game_as_game_apply_does() -> None:
    fast, bots = big_money_game()
    slow, slow_bots = big_money_game()
    for game in (fast, slow):
        game.state.supply["Province"] = 1  # a pile that the loop empties
    play_turns(fast, bots, 200)
    while not slow.state.game_over:
        seat = slow.state.turn.seat
        slow.apply(seat, slow_bots[seat].command(slow, seat))
    assert fast.state.game_over and fast.state.end_reason == "provinces"
    assert fast.state.to_dict() == slow.state.to_dict()


def test_the_loop_drops_the_shortcut_when_it_returns() -> None:
    game, bots = big_money_game()
    play_turn(game, bots)
    assert not game.state.game_over and game._piles_full is False
    seat = game.state.turn.seat
    game.state.supply["Province"] = 0  # by hand, between two calls
    play_turn(game, bots)
    assert game.state.game_over and game.state.turn.seat == seat


def test_the_loop_drops_the_shortcut_when_it_raises() -> None:
    game, bots = big_money_game()

    class Broken:
        def command(self, game, seat):
            return {"type": "answer", "answer": None}

    bots[game.state.turn.seat] = Broken()
    try:
        play_turn(game, bots)
    except IllegalCommand:
        pass
    else:  # pragma: no cover
        raise AssertionError("a bot's answer outside a decision must be refused")
    assert game._piles_full is False


def test_gaining_the_last_card_of_a_pile_drops_the_shortcut() -> None:
    g = position(kingdom=KINGDOM, supply={"Mill": 2})
    g._piles_full = True  # as inside the simulator's loop
    g.gain(0, "Mill")
    assert g._piles_full is True  # one Mill left
    g.gain(0, "Mill")
    assert g.state.supply["Mill"] == 0 and g._piles_full is False


def test_lurker_trashing_the_last_card_of_a_pile_drops_the_shortcut() -> None:
    g = position(kingdom=KINGDOM, hand=["Lurker"], supply={"Mill": 1})
    g._piles_full = True  # as inside the simulator's loop
    play(g, "Lurker")
    answer(g, "trash")
    answer(g, "Mill")
    assert g.state.supply["Mill"] == 0 and g.state.trash == ["Mill"]
    assert g._piles_full is False
