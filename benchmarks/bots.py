"""Bot-strength benchmark: the generic bot against Big Money on Intrigue and
Prosperity kingdoms.

Run: ``python3 benchmarks/bots.py [--kingdoms 200] [--games 200]``. Prints

* the generic bot's win rate against Big Money (2 players, ties split) on
  ``--kingdoms`` random kingdoms drawn from the Base and Intrigue cards, two
  games per kingdom with the seats swapped, alternating the editions' rules;
* the same on each Intrigue preset of the rulebooks (``--games`` games each,
  seats alternating), in the edition its rulebook plays; presets that need a
  set not implemented yet are listed as unavailable;
* the same on ``--kingdoms`` random Base + Prosperity kingdoms, once with
  Platinum and Colony and once without (Big Money never buys them);
* the same on each 1st-edition preset with Prosperity cards, Platinum and
  Colony decided by the rule for each game (always for an all-Prosperity
  kingdom).

Figures are deterministic for given arguments; they assert nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Optional, Sequence

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "backend"))

from dominion.presets import presets  # noqa: E402
from dominion.rng import Rng  # noqa: E402
from dominion.sim import play_game, random_kingdom  # noqa: E402

def match(
    kingdoms: Sequence[tuple[list[str], str]], seed: int, colony: Optional[bool] = None,
) -> tuple[float, int, float, int]:
    """Generic vs Big Money, once in each seat per kingdom.

    :param colony: Platinum and Colony in every game, in none, or (``None``)
        by the rule.
    :returns: the generic bot's share of wins (ties split), the number of
        games, the seconds they took and the games with Platinum and Colony.
    """
    rng = Rng(seed)
    won = 0.0
    games = 0
    colonies = 0
    start = time.perf_counter()
    for kingdom, edition in kingdoms:
        for order in (["generic", "big-money"], ["big-money", "generic"]):
            res = play_game(order, kingdom, rng.word() << 32 | rng.word(), edition, colony)
            games += 1
            colonies += res["colony"]
            winners = res["winners"]
            if order.index("generic") in winners:
                won += 1 / len(winners)
    return won / max(games, 1), games, time.perf_counter() - start, colonies


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
    rate, games, secs, _ = match(randoms, seed=1)
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
        rate, games, secs, _ = match([(list(p.cards), edition)] * (args.games // 2), seed=7)
        print(f"  {p.key:<26} edition {edition}, {games} games: generic wins {rate:.1%}")

    prosperity(args)


def prosperity(args: argparse.Namespace) -> None:
    """The Prosperity figures: random Base + Prosperity kingdoms with and
    without Colony, and the 1st-edition presets with Prosperity cards."""
    if not _set_cards("prosperity"):
        print("Prosperity: no Prosperity cards in this tree")
        return
    rng = Rng(2027)
    randoms = [(random_kingdom(rng, sets={"base", "prosperity"}), "12"[i % 2])
               for i in range(args.kingdoms)]
    share = sum(sum(1 for c in k if c in _set_cards("prosperity"))
                for k, _ in randoms) / max(1, len(randoms))
    for colony in (True, False):
        rate, games, secs, _ = match(randoms, seed=3, colony=colony)
        print(f"Generic vs Big Money, {args.kingdoms} random Base + Prosperity kingdoms "
              f"({share:.1f} Prosperity cards each on average), "
              f"{'with' if colony else 'without'} Colony, {games} games: "
              f"generic wins {rate:.1%} ({secs:.1f} s)")
    for p in presets():
        if "prosperity" not in p.sets or p.edition != "1":
            continue
        if not p.available:
            print(f"  {p.key:<26} unavailable (needs {', '.join(p.missing()[:3])}...)")
            continue
        rate, games, secs, colonies = match([(list(p.cards), "1")] * (args.games // 2), seed=9)
        print(f"  {p.key:<26} edition 1, {games} games ({colonies} with Colony): "
              f"generic wins {rate:.1%}")


def _set_cards(name: str) -> set[str]:
    from dominion import CARDS

    return {n for n, c in CARDS.items() if c.set == name and not c.basic}


def _intrigue() -> set[str]:
    return _set_cards("intrigue")


if __name__ == "__main__":
    main()
