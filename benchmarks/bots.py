"""Bot-strength benchmark: the generic bot against Big Money on Intrigue kingdoms.

Run: ``python3 benchmarks/bots.py [--kingdoms 200] [--games 200]``. Prints

* the generic bot's win rate against Big Money (2 players, ties split) on
  ``--kingdoms`` random kingdoms drawn from the Base and Intrigue cards, two
  games per kingdom with the seats swapped, alternating the editions' rules;
* the same on each Intrigue preset of the rulebooks (``--games`` games each,
  seats alternating), in the edition its rulebook plays; presets that need a
  set not implemented yet are listed as unavailable.

Figures are deterministic for given arguments; they assert nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "backend"))

from dominion.presets import presets  # noqa: E402
from dominion.rng import Rng  # noqa: E402
from dominion.sim import play_game, random_kingdom  # noqa: E402

def match(kingdoms: Sequence[tuple[list[str], str]], seed: int) -> tuple[float, int, float]:
    """Generic vs Big Money, once in each seat per kingdom.

    :returns: the generic bot's share of wins (ties split), the number of
        games and the seconds they took.
    """
    rng = Rng(seed)
    won = 0.0
    games = 0
    start = time.perf_counter()
    for kingdom, edition in kingdoms:
        for order in (["generic", "big-money"], ["big-money", "generic"]):
            res = play_game(order, kingdom, rng.word() << 32 | rng.word(), edition)
            games += 1
            winners = res["winners"]
            if order.index("generic") in winners:
                won += 1 / len(winners)
    return won / max(games, 1), games, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--kingdoms", type=int, default=200,
                        help="random Base + Intrigue kingdoms (two games each)")
    parser.add_argument("--games", type=int, default=200, help="games per preset")
    args = parser.parse_args()

    rng = Rng(2026)
    randoms = [(random_kingdom(rng, sets={"base", "intrigue"}), "12"[i % 2])
               for i in range(args.kingdoms)]
    share = sum(sum(1 for c in k if c in _intrigue()) for k, _ in randoms) / max(1, len(randoms))
    rate, games, secs = match(randoms, seed=1)
    if games:
        print(f"Generic vs Big Money, {args.kingdoms} random Base + Intrigue kingdoms "
              f"({share:.1f} Intrigue cards each on average), {games} games: "
              f"generic wins {rate:.1%} ({secs:.1f} s)")

    for p in presets():
        if "intrigue" not in p.sets:
            continue
        if not p.available:
            print(f"  {p.key:<26} unavailable (needs {', '.join(p.missing()[:3])}...)")
            continue
        edition = p.edition  # its rulebook's
        rate, games, secs = match([(list(p.cards), edition)] * (args.games // 2), seed=7)
        print(f"  {p.key:<26} edition {edition}, {games} games: generic wins {rate:.1%}")


def _intrigue() -> set[str]:
    from dominion import CARDS

    return {n for n, c in CARDS.items() if c.set == "intrigue"}


if __name__ == "__main__":
    main()
