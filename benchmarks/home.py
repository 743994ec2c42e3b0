"""What beats one sparring bot on its home kingdom: every candidate plan
of that kingdom (and the Hard bot's own pick) against it.

Run::

    python3 benchmarks/home.py courtyard-big-money.xml [--games 2000] [--seed 11]
        [--jobs N]

Each candidate of :func:`dominion.bots.kingdom.candidates` is played by the
Hard bot with that plan fixed (endgame race on, as in real games) against
the sparring bot, ``--games`` games with seats alternating and the same
deals for every candidate (Platinum/Colony only for a bot that buys
them, not by the rule as in ``benchmarks/bots.py``); ``pick`` is the Hard bot as it plays (its
planner's choice). Prints each share with its 95% confidence interval. It
answers whether the sparring goal (55% on every home kingdom) is a matter
of choosing or of a plan that does not exist yet: thousands of games per
candidate take seconds. Deterministic for given arguments; asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "backend"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from candidates import seat_share  # noqa: E402

from dominion.bots.dominionsim import STRATEGIES_DIR, DominionSimBot, load_strategies  # noqa: E402
from dominion.bots.hard import HardBot  # noqa: E402
from dominion.bots.kingdom import candidates  # noqa: E402
from dominion.engine import Agent  # noqa: E402
from dominion.rng import Rng  # noqa: E402
from dominion.sim import usable_cpus  # noqa: E402

# One game: (bot file, plan index or None for the planner's pick, game number, seed).
Game = tuple[str, Optional[int], int, int]


def _play(spec: Game) -> float:
    """The Hard side's share of one game (ties half, unfinished games half)."""
    path, index, g, seed = spec
    (name, strat), = load_strategies(path).items()
    kingdom = strat.home_kingdom()
    colony = strat.uses_colony()
    plan = None if index is None else candidates(kingdom, colony)[index]
    hard = HardBot() if plan is None else HardBot(plan=plan, racing=True)
    seat = g % 2
    bots: dict[int, Agent] = {seat: hard, 1 - seat: DominionSimBot(strat, name=name)}
    return seat_share(kingdom, colony, seed, seat, bots)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("bot", help="a bot file of the sparring set (or a path)")
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--jobs", type=int, default=usable_cpus())
    args = ap.parse_args()
    path = args.bot if "/" in args.bot else str(STRATEGIES_DIR / args.bot)
    (name, strat), = load_strategies(path).items()
    kingdom = strat.home_kingdom()
    rng = Rng(args.seed)
    seeds = [rng.word() << 32 | rng.word() for _ in range(args.games)]
    plans = candidates(kingdom, strat.uses_colony())
    print(f"against {name} on {', '.join(kingdom)}: {args.games} games each")
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for index, label in [(None, "pick")] + [(i, p.name) for i, p in enumerate(plans)]:
            specs = [(path, index, g, s) for g, s in enumerate(seeds)]
            shares = list(pool.map(_play, specs, chunksize=50))
            m = sum(shares) / len(shares)
            ci = 1.96 * math.sqrt(m * (1 - m) / len(shares))
            print(f"  {m:6.1%} ± {ci:4.1%}  {label}", flush=True)


if __name__ == "__main__":
    main()
