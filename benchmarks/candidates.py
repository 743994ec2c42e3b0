"""What the Hard bot's candidate plans are worth against the real Medium bot.

Run::

    python3 benchmarks/candidates.py [--kingdoms 20] [--games 40] [--seed 7]
        [--only engine trash]

For each of ``--kingdoms`` random 2-player Base/Intrigue/Prosperity
kingdoms (the Platinum/Colony rule per kingdom), every candidate of
:func:`dominion.bots.kingdom.candidates` plays ``--games`` games against
the Medium bot with common seeds (seats alternate). Prints each kingdom's
candidates, the mean share by family (a plan's first tag), and the mean of
the best candidate per kingdom: the ceiling of the Hard bot's tournament.
Figures are deterministic for given arguments; they assert nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "backend"))

from dominion.bots.generic import GenericBot  # noqa: E402
from dominion.engine import Agent  # noqa: E402
from dominion.bots.hard import HardBot  # noqa: E402
from dominion.bots.kingdom import candidates  # noqa: E402
from dominion.bots.plans import Plan  # noqa: E402
from dominion.fastplay import play_turns  # noqa: E402
from dominion.rng import Rng  # noqa: E402
from dominion.setup import new_game  # noqa: E402
from dominion.sim import colony_for, fill_kingdom, random_kingdom  # noqa: E402

SETS = {"base", "intrigue", "prosperity"}


def seat_share(kingdom: list[str], colony: bool, seed: int, seat: int,
               bots: dict[int, Agent], edition: str = "2") -> float:
    """Seat ``seat``'s share of one 2-player game of ``bots`` (ties and
    unfinished games half)."""
    game = new_game(2, kingdom, seed=seed, agents=bots, record_events=False,
                    edition=edition, colony=colony)
    game.check_agents = False
    play_turns(game, bots, 120)
    if not game.state.game_over:
        return 0.5
    winners = game.result()["winners"]
    return 1 / len(winners) if seat in winners else 0.0


def vs_medium(plan: Plan, kingdom: list[str], colony: bool, seed: int, games: int,
              edition: str = "2") -> float:
    """``plan``'s share of wins (ties half) against Medium in ``games`` games."""
    won = 0.0
    for g in range(games):
        seat = g % 2
        bots: dict[int, Agent] = {seat: HardBot(plan=plan), 1 - seat: GenericBot()}
        won += seat_share(kingdom, colony, seed + g // 2, seat, bots, edition)
    return won / games


def family(plan: Plan) -> str:
    return sorted(plan.tags)[0] if plan.tags else plan.name


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kingdoms", type=int, default=20)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--only", nargs="*", default=None, help="families to play (and medium)")
    ap.add_argument("--with", dest="required", nargs="*", default=[],
                    help="cards every kingdom has (the rest random)")
    ap.add_argument("--colony", action="store_true", help="only kingdoms with Colony")
    args = ap.parse_args()
    rng = Rng(args.seed)
    fam: dict[str, list[float]] = {}
    best: list[float] = []
    for i in range(args.kingdoms):
        k = (fill_kingdom(rng, args.required, sets=SETS) if args.required
             else random_kingdom(rng, sets=SETS))
        seed = rng.word()
        colony = colony_for(k, seed)
        if args.colony and not colony:
            continue
        print(f"\n{' '.join(k)}{' +Colony' if colony else ''}", flush=True)
        scores = []
        for p in candidates(k, colony):
            if args.only is not None and p.tags and not (p.tags & set(args.only)):
                continue
            s = vs_medium(p, k, colony, seed, args.games)
            scores.append(s)
            fam.setdefault(family(p), []).append(s)
            print(f"  {s:6.1%}  {p.name}", flush=True)
        best.append(max(scores))
    print()
    for f, v in sorted(fam.items()):
        print(f"{f:10s} mean {statistics.mean(v):6.1%}  max {max(v):6.1%}  n={len(v)}")
    print(f"best candidate per kingdom: mean {statistics.mean(best):6.1%}")


if __name__ == "__main__":
    main()
