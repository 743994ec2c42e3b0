"""The generic bot scores only the piles that can win a gain or a buy: those
whose :func:`gain_bound` reaches the best score so far. In random games of
every set, every score of every pile stays within its bound, ``Game.may_buy``
agrees with ``Game.buyable``, and the pick (or best score) equals the full
ranking's."""

from __future__ import annotations

from typing import Any, Optional

import pytest

from dominion import new_game
from dominion.bots import generic, make_bot
from dominion.bots import prosperity as prosperity_bot
from dominion.bots.generic import BUY_AT_LEAST, GenericBot, gain_bound, gain_score
from dominion.fastplay import play_turn
from dominion.rng import Rng
from dominion.sim import MAX_TURNS, colony_for, random_kingdom


def full_ranking(game: Any, seat: int, coins: int, buying: bool) -> Optional[str]:
    """What :meth:`GenericBot.choose_gain` picks when it scores every pile."""
    supply = game.state.supply
    if buying:
        options = game.buyable(seat, coins)
    else:
        options = [n for n, left in supply.items() if left > 0 and game.cost(n) <= coins]
    if not options:
        return None
    ctx = generic._ctx(game, seat)
    scores = {n: gain_score(ctx, n, buying) for n in options}
    if buying:
        for n in options:
            scores[n] += generic._buy_bonus(ctx, n)
    ranked = sorted(options, key=scores.__getitem__, reverse=True)
    for name in ranked:
        if generic._would_lose_by_ending(ctx, name):
            continue
        return None if buying and scores[name] < BUY_AT_LEAST else name
    return None if buying else ranked[0]


def wanted_by_full(game: Any, seat: int, most: float, exclude: tuple[str, ...] = ()) -> Any:
    """What :func:`dominion.bots.prosperity._wanted_by` names when it scores every pile."""
    ctx = generic._ctx(game, seat)
    piles = [n for n, left in game.state.supply.items()
             if left > 0 and game.cost(n) <= most and n not in exclude]
    if not piles:
        return None
    return max(piles, key=lambda n: (gain_score(ctx, n), game.cost(n), n))


class CheckedBot(GenericBot):
    """Checks each bound, each pile's ``may_buy`` and each pick."""

    checked = 0
    best_scores = 0

    def choose_gain(self, game: Any, seat: int, coins: int, buying: bool = False,
                    where: Optional[list[str]] = None) -> Optional[str]:
        pick = super().choose_gain(game, seat, coins, buying, where)
        if where is not None:
            return pick
        ctx = generic._ctx(game, seat)
        for n in game.state.supply:
            for b in (False, True):
                assert gain_score(ctx, n, b) <= gain_bound(n), (n, b, game.state.turn.number)
        if buying:
            buyable = game.buyable(seat, coins)
            assert [n for n in game.state.supply if game.may_buy(seat, n, coins)] == buyable
        assert pick == full_ranking(game, seat, coins, buying)
        CheckedBot.checked += 1
        return pick

    def _best_buy_score(self, ctx: Any, coins: int) -> float:
        best = super()._best_buy_score(ctx, coins)
        game = ctx.game
        scores = [gain_score(ctx, n) for n, left in game.state.supply.items()
                  if left > 0 and game.cost(n) <= coins]
        assert best == max([0.0] + scores)
        CheckedBot.best_scores += 1
        return best


@pytest.mark.parametrize("sets", [{"base"}, {"intrigue"}, {"prosperity"},
                                  {"base", "intrigue", "prosperity"}])
def test_bounds_hold_and_picks_match_the_full_ranking(
        sets: set[str], monkeypatch: pytest.MonkeyPatch) -> None:
    wanted_by = prosperity_bot._wanted_by
    named: list[Any] = []

    def checked_wanted_by(game: Any, seat: int, most: float,
                          exclude: tuple[str, ...] = ()) -> Optional[str]:
        pick = wanted_by(game, seat, most, exclude)
        assert pick == wanted_by_full(game, seat, most, exclude)
        named.append(pick)
        return pick

    monkeypatch.setattr(prosperity_bot, "_wanted_by", checked_wanted_by)
    rng = Rng(31)
    CheckedBot.checked = CheckedBot.best_scores = 0
    for i in range(12):
        kingdom = random_kingdom(rng, sets=sets)
        seed = rng.word()
        players = 2 + i % 3
        bots: dict[int, Any] = {s: CheckedBot() for s in range(players)}
        if i % 4 == 3:  # a mixed table: the opponents' decks differ
            bots[1] = make_bot("big-money")
        game = new_game(players, kingdom, seed=seed, agents=bots, record_events=False,
                        edition="1" if i % 4 == 0 else "2", colony=colony_for(kingdom, seed))
        while not game.state.game_over and game.state.turn.number <= MAX_TURNS:
            play_turn(game, bots)
    assert CheckedBot.checked > 500, CheckedBot.checked
    if sets == {"prosperity"}:  # Contraband and War Chest name the card most wanted
        assert len(named) > 30, len(named)
    if "intrigue" in sets:  # Courtyard and Secret Passage ask for the best buy
        assert CheckedBot.best_scores > 100, CheckedBot.best_scores


def test_a_bound_is_reached_where_the_rules_allow() -> None:
    """The bounds are not loose where it matters most: the basic cards'."""
    assert gain_bound("Province") == 90 and gain_bound("Gold") == 50
    assert gain_bound("Curse") == -100 and gain_bound("Gardens") == float("inf")
