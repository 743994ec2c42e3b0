"""Which cards the Medium bot values wrong: the figures behind ``bots/learned.py``.

Run::

    python3 benchmarks/card_bias.py [--kingdoms 150] [--games 64] [--seeds 5 9]
        [--tuned] [--colony with|without] [--having CARD ...] [--jobs N]

For each of ``--kingdoms`` random 2-player Base/Intrigue/Prosperity
kingdoms per seed (the Platinum/Colony rule per kingdom; ``--colony``
keeps only those with it or without it, ``--having`` those with one of the
named cards), Medium's buys
(the Hard bot with Medium's plan: with ``--tuned`` the corrections already
in :mod:`dominion.bots.learned`) play ``--games`` games against the real
Medium, and so do two variants per kingdom card that is not only a Victory
card: the card wanted more (``+X``: :data:`~dominion.bots.learned.RAISE_BY`)
and the card left alone (``-X``: :data:`~dominion.bots.learned.AVOID_BY`),
on the same deals. Prints, per variant, the mean gain over the kingdoms
that have the card, its standard error, the kingdoms, and the mean per
seed, sorted by gain over error. A correction is worth keeping when both
seeds agree and the gain stands well above its error (about 150 variants
are tried: a few reach 2 errors by chance). Deterministic for given
arguments; asserts nothing. About 10 minutes on 2 cores at the defaults.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "backend"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from candidates import SETS, vs_medium  # noqa: E402

from dominion.bots import learned  # noqa: E402
from dominion.bots.plans import Plan  # noqa: E402
from dominion.cards.card import CARDS  # noqa: E402
from dominion.rng import Rng  # noqa: E402
from dominion.sim import colony_for, random_kingdom, usable_cpus  # noqa: E402

# One kingdom's games: (seed of the run, kingdom, Platinum/Colony, game seed, games, tuned,
# the wish change of +X, that of -X).
Job = tuple[int, list[str], bool, int, int, bool, float, float]


def _variants(kingdom: list[str], colony: bool, tuned: bool,
              up: float = learned.RAISE_BY, down: float = learned.AVOID_BY) -> dict[str, Plan]:
    base = learned.corrections(kingdom, colony) if tuned else ()
    plans = {"": Plan("medium", None, bias=base)}
    for x in kingdom:
        card = CARDS[x]
        if card.is_victory and not (card.is_action or card.is_treasure):
            continue
        rest = tuple(b for b in base if b[0] != x)
        plans[f"+{x}"] = Plan(f"+{x}", None, bias=rest + (learned.raised(x, up),))
        plans[f"-{x}"] = Plan(f"-{x}", None, bias=rest + (learned.avoided(x, down),))
    return plans


def _kingdom(job: Job) -> tuple[int, dict[str, float]]:
    """Each variant's gain over the base plan on one kingdom."""
    seed, kingdom, colony, game_seed, games, tuned, up, down = job
    plans = _variants(kingdom, colony, tuned, up, down)
    shares = {name: vs_medium(p, kingdom, colony, game_seed, games) for name, p in plans.items()}
    return seed, {name: v - shares[""] for name, v in shares.items() if name}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kingdoms", type=int, default=150)
    ap.add_argument("--games", type=int, default=64)
    ap.add_argument("--seeds", type=int, nargs="+", default=[5, 9])
    ap.add_argument("--tuned", action="store_true", help="start from bots/learned.py's corrections")
    ap.add_argument("--colony", choices=("with", "without"),
                    help="only the kingdoms with (or without) Platinum/Colony")
    ap.add_argument("--having", nargs="+", default=[], metavar="CARD",
                    help="only the kingdoms with one of these cards (a context, as Colony is)")
    ap.add_argument("--raise-by", type=float, default=learned.RAISE_BY,
                    help="added to the wish of a card wanted more (+X)")
    ap.add_argument("--avoid-by", type=float, default=learned.AVOID_BY,
                    help="added to the wish of a card wanted less (-X; the default leaves it alone)")
    ap.add_argument("--jobs", type=int, default=usable_cpus())
    args = ap.parse_args()
    jobs: list[Job] = []
    for seed in args.seeds:
        rng = Rng(seed)
        for _ in range(args.kingdoms):
            k = random_kingdom(rng, sets=SETS)
            s = rng.word()
            colony = colony_for(k, s)
            if args.colony and colony != (args.colony == "with"):
                continue
            if args.having and not set(args.having) & set(k):
                continue
            jobs.append((seed, k, colony, (s * 31 + 17) & 0xFFFFFFFF, args.games,
                         args.tuned, args.raise_by, args.avoid_by))
    gains: dict[str, dict[int, list[float]]] = {}
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for seed, row in pool.map(_kingdom, jobs):
            for name, g in row.items():
                gains.setdefault(name, {s: [] for s in args.seeds})[seed].append(g)
    rows = []
    for name, by_seed in gains.items():
        every = [g for v in by_seed.values() for g in v]
        if len(every) < 2:
            continue
        mean = statistics.mean(every)
        error = statistics.stdev(every) / math.sqrt(len(every))
        rows.append((mean / error if error else 0.0, name, mean, error, len(every), by_seed))
    rows.sort(key=lambda r: -r[0])
    print(f"{len(jobs)} kingdoms, {args.games} games per variant"
          f"{' (on the tuned Medium)' if args.tuned else ''}; gain over Medium's buys:")
    for t, name, mean, error, n, by_seed in rows:
        seeds = "  ".join(f"seed {s} {statistics.mean(v):+.3f}" for s, v in by_seed.items() if v)
        print(f"  {name:18} {mean:+.3f} ± {error:.3f}  n={n:3}  {t:+5.1f} errors  {seeds}")


if __name__ == "__main__":
    main()
