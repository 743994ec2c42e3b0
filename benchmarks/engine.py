"""Engine benchmark: simulation speed, state size and command latency.

Run: ``python3 benchmarks/engine.py [--games 2000]``. Prints the figures the
engine issue asks for; it asserts nothing (figures vary by machine). It pins
itself to one core; on a busy machine compare the "games per CPU second"
figures, or medians of several runs (issue 13: Big Money mirror >= 4,500
games/s on one core).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "backend"))

from dominion import CARDS, EndPhase, Game, new_game  # noqa: E402
from dominion.bots import GenericBot, act  # noqa: E402
from dominion.presets import preset  # noqa: E402
from dominion.sim import simulate  # noqa: E402


def mid_game(players: int = 4, turns: int = 40, seed: int = 11) -> Game:
    """A game between generic bots, stopped after ``turns`` turns."""
    kingdom = preset("First Game")
    bot = GenericBot()
    game = new_game(players, kingdom, seed=seed, agents={i: bot for i in range(players)})
    while game.state.turn.number <= turns and not game.state.game_over:
        act(game, bot, game.state.turn.seat)
    return game


def command_latency(samples: int = 2000) -> tuple[float, float, int]:
    """Median and p99 of load + apply one command + dump, in ms; and JSON size."""
    game = mid_game()
    text = game.to_json()
    seat = game.state.turn.seat
    times = []
    for _ in range(samples):
        t0 = time.perf_counter()
        g = Game.from_json(text)
        g.apply(seat, EndPhase())
        g.to_json()
        times.append(time.perf_counter() - t0)
    times.sort()
    return statistics.median(times) * 1e3, times[int(len(times) * 0.99)] * 1e3, len(text)


def generic_mirror(games: int, card_set: str, seed: int) -> None:
    """The generic bot against itself on random kingdoms of one set, or of
    ``all`` three (both editions' cards; Platinum and Colony by the official
    rule), 2 players."""
    sets = {"base", "intrigue", "prosperity"} if card_set == "all" else {card_set}
    if not any(c.set in sets and not c.basic for c in CARDS.values()):
        print(f"Generic mirror on {card_set} kingdoms: no such cards in this tree")
        return
    cpu = time.process_time()
    out = simulate(["generic", "generic"], games, seed=seed, sets=sets)
    cpu = time.process_time() - cpu
    label = "Base + Intrigue + Prosperity" if card_set == "all" else card_set.title()
    print(f"Generic mirror, random {label} kingdoms, 2 players: "
          f"{out['games_per_second']:.0f} games/s ({games} games in {out['seconds']:.2f} s; "
          f"{games / cpu:.0f} games per CPU second); average turns per player "
          f"{out['avg_turns']}; end reasons {out['end_reasons']}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    kingdom = preset("First Game")

    cpu = time.process_time()
    bm = simulate(["big-money", "big-money"], args.games, seed=1, kingdom=kingdom)
    cpu = time.process_time() - cpu
    print(f"Big Money mirror, 2 players: {bm['games_per_second']:.0f} games/s "
          f"({args.games} games in {bm['seconds']:.2f} s, one core; "
          f"{args.games / cpu:.0f} games per CPU second, steadier on a busy machine)")
    print(f"  average turns per player: {bm['avg_turns']} (expected 17-18)")

    generic_mirror(max(1, args.games // 4), "base", seed=5)
    generic_mirror(max(1, args.games // 4), "intrigue", seed=3)
    generic_mirror(max(1, args.games // 4), "prosperity", seed=4)
    generic_mirror(max(1, args.games // 4), "all", seed=6)

    sm = simulate(["smithy-big-money", "big-money"], args.games, seed=2, kingdom=kingdom)
    rate = sm["wins"][0] / args.games
    decided = args.games - sm["ties"]
    print(f"Smithy Big Money vs Big Money: {rate:.1%} of games won (ties split); "
          f"{(sm['wins'][0] - sm['ties'] / 2) / decided:.1%} of decided games")

    median, p99, size = command_latency()
    print(f"4-player mid-game state: {size} bytes of JSON")
    print(f"  load + apply one command + dump: median {median:.3f} ms, p99 {p99:.3f} ms")
    print("  (Prosperity's stored states: python3 benchmarks/prosperity_state.py)")

if __name__ == "__main__":
    main()
