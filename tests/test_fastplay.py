"""The simulator's one-call turns (``dominion.fastplay``), with the bots'
answers taken unchecked as ``dominion.sim`` takes them, play the very games
``Game.apply`` plays: 200 seeded bot games, every state compared after each
turn (Base, Intrigue and Prosperity random kingdoms with the generic bot, the
Big Money and Smithy Big Money mirrors, mixed tables), and the fast path
still refuses what it must."""

from __future__ import annotations

from typing import Any, Iterator, Sequence

import pytest

from dominion import CARDS, Buy, EndPhase, IllegalCommand, new_game
from dominion.bots import GenericBot, make_bot
from dominion.bots.money import BigMoney
from dominion.fastplay import play_turn, turn_choices
from dominion.presets import preset
from dominion.rng import Rng
from dominion.sim import MAX_TURNS, colony_for, random_kingdom

SETS = ({"base"}, {"intrigue"}, {"prosperity"}, {"base", "intrigue", "prosperity"})


def cases() -> Iterator[tuple[tuple[str, ...], list[str], int, str]]:
    """200 games: (bots, kingdom, seed, edition)."""
    rng = Rng(2024)
    first_game = preset("First Game")
    for _ in range(30):
        yield ("big-money", "big-money"), first_game, rng.word(), "2"
    for _ in range(10):
        yield ("smithy-big-money", "big-money"), first_game, rng.word(), "2"
    for sets in SETS:
        for i in range(35):
            edition = "1" if i % 3 == 0 else "2"
            yield ("generic", "generic"), random_kingdom(rng, sets=sets), rng.word(), edition
    for i in range(20):
        bots = ("generic", "big-money", "smithy-big-money", "generic")[: 2 + i % 3]
        yield bots, random_kingdom(rng), rng.word(), "2"


CASES = list(cases())


def test_the_cases_cover_every_set_and_grand_market() -> None:
    assert len(CASES) == 200
    sets = {CARDS[n].set for _, k, _, _ in CASES for n in k}
    assert sets == {"base", "intrigue", "prosperity"}
    # Grand Market makes the generic bot play command by command: both paths run.
    assert any("Grand Market" in k for b, k, _, _ in CASES if "generic" in b)


def start(bots: Sequence[str], kingdom: list[str], seed: int, edition: str) -> Any:
    agents = {i: make_bot(n) for i, n in enumerate(bots)}
    game = new_game(len(agents), kingdom, seed=seed, agents=agents, record_events=False,
                    edition=edition, colony=colony_for(kingdom, seed))
    return game, agents


@pytest.mark.parametrize("chunk", range(10))
def test_fast_turns_equal_applied_commands(chunk: int) -> None:
    for bots, kingdom, seed, edition in CASES[chunk * 20:(chunk + 1) * 20]:
        slow, slow_bots = start(bots, kingdom, seed, edition)
        fast, fast_bots = start(bots, kingdom, seed, edition)
        fast.check_agents = False  # as dominion.sim plays: bot answers taken unchecked
        choices = {s: turn_choices(fast, b) for s, b in fast_bots.items()}
        turns = 0
        while not slow.state.game_over and slow.state.turn.number <= MAX_TURNS:
            number = slow.state.turn.number
            while not slow.state.game_over and slow.state.turn.number == number:
                seat = slow.state.turn.seat
                slow.apply(seat, slow_bots[seat].command(slow, seat))
            play_turn(fast, fast_bots, choices)
            turns += 1
            assert fast.to_dict() == slow.to_dict(), (bots, kingdom, seed, edition, turns)
        assert fast.state.game_over == slow.state.game_over
        assert fast.result() == slow.result()


def test_fast_turn_of_a_finished_game_is_refused() -> None:
    game, bots = start(("big-money", "big-money"), preset("First Game"), 5, "2")
    while not game.state.game_over:
        play_turn(game, bots)
    with pytest.raises(IllegalCommand) as e:
        play_turn(game, bots)
    assert e.value.code == "game_over"


def test_bots_that_change_their_turn_are_played_command_by_command() -> None:
    class Greedy(BigMoney):  # a subclass with its own command: no shortcut
        def command(self, game: Any, seat: int) -> Any:
            turn = game.state.turn
            if turn.buys and turn.coins >= 2 and game.state.supply["Estate"]:
                return Buy("Estate")
            return super().command(game, seat)

    game, bots = start(("big-money", "big-money"), preset("First Game"), 9, "2")
    assert turn_choices(game, Greedy()) is None
    assert turn_choices(game, BigMoney()) is not None
    gm = new_game(2, ["Grand Market"] + preset("First Game")[1:], seed=1)
    assert turn_choices(gm, GenericBot()) is None  # its Grand Market plan
    bots = {0: Greedy(), 1: Greedy()}
    game = new_game(2, preset("First Game"), seed=9, agents=bots, record_events=False)
    play_turn(game, bots)
    assert "Estate" in game.state.players[game.state.turn.seat - 1].discard


def test_a_bot_command_that_is_not_a_turn_command_is_refused() -> None:
    class Odd(BigMoney):
        def command(self, game: Any, seat: int) -> Any:
            return {"type": "end_phase"}  # the dict form: only for Game.apply

    bots = {0: Odd(), 1: Odd()}
    game = new_game(2, preset("First Game"), seed=9, agents=bots, record_events=False)
    with pytest.raises(IllegalCommand):
        play_turn(game, bots)
    assert EndPhase().to_dict() == {"type": "end_phase"}
