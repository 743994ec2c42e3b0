"""How good the Hard bot's tournament pick is: the pick's value against Medium.

Run::

    python3 benchmarks/picks.py [--kingdoms 40] [--games 64] [--seed 5]
        [--values values.json] [--tournament 320]

For ``--kingdoms`` random 2-player Base/Intrigue/Prosperity kingdoms (the
Platinum/Colony rule per kingdom), every candidate plan is valued by
``--games`` games against the real Medium bot (common seeds, seats
alternating, independent of the tournament's seeds); the values are
cached in ``--values`` (a JSON file) so that tournament variants can be
compared on the same truth (paired: their difference is not blurred by
the valuation's noise). Then the tournament of :mod:`dominion.bots.planning`
(at most ``--tournament`` games: by default the bot's own size) picks a
plan per kingdom (one refined beyond the candidates is valued alike) and
the mean value of the picks is printed,
beside the mean value of Medium's own plan and of the best candidate (an
optimistic ceiling: the best of noisy values). Deterministic for given
arguments; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "backend"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from candidates import SETS, vs_medium  # noqa: E402

from dominion.bots import planning  # noqa: E402
from dominion.bots.kingdom import candidates  # noqa: E402
from dominion.rng import Rng  # noqa: E402
from dominion.sim import colony_for, random_kingdom  # noqa: E402


def values(kingdoms: int, games: int, seed: int, path: str) -> list[dict]:
    """Each kingdom's candidates and their values, cached in ``path`` (a
    candidate not valued yet, e.g. a new template, is played and added)."""
    file = Path(path) if path else None
    cache: dict[str, dict[str, float]] = {}
    if file is not None and file.exists():
        cache = json.loads(file.read_text())
    rng = Rng(seed)
    rows = []
    for _ in range(kingdoms):
        k = random_kingdom(rng, sets=SETS)
        s = rng.word()
        colony = colony_for(k, s)
        name = f"{' '.join(k)}{' +Colony' if colony else ''}"
        vals = cache.setdefault(name, {})
        plans = candidates(k, colony)
        new = [p for p in plans if p.name not in vals]
        for p in new:
            vals[p.name] = vs_medium(p, k, colony, (s * 31 + 17) & 0xFFFFFFFF, games)
        rows.append({"kingdom": k, "colony": colony, "values": vals,
                     "candidates": [p.name for p in plans], "seed": (s * 31 + 17) & 0xFFFFFFFF})
        if new:
            print(f"{name}: " + ", ".join(f"{n} {v:.0%}" for n, v in vals.items()), flush=True)
    if file is not None:
        file.write_text(json.dumps(cache))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kingdoms", type=int, default=40)
    ap.add_argument("--games", type=int, default=64)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--values", default="", help="JSON cache of the candidates' values")
    ap.add_argument("--tournament", type=int, default=planning.TOURNAMENT_GAMES,
                    help="most games of a tournament")
    args = ap.parse_args()
    planning.configure(args.tournament)
    rows = values(args.kingdoms, args.games, args.seed, args.values)
    picks, seconds = [], []
    for r in rows:
        key = (tuple(sorted(r["kingdom"])), r["colony"], "2", 2)
        t = time.thread_time()
        plan = planning.choose(key)
        seconds.append(time.thread_time() - t)
        if plan.name not in r["values"]:  # refined beyond the candidates: valued alike
            r["values"][plan.name] = vs_medium(plan, r["kingdom"], r["colony"], r["seed"],
                                               args.games)
        picks.append(r["values"][plan.name])
    if args.values:
        cache = json.loads(Path(args.values).read_text())
        for r in rows:
            cache[f"{' '.join(r['kingdom'])}{' +Colony' if r['colony'] else ''}"] = r["values"]
        Path(args.values).write_text(json.dumps(cache))
    mean = statistics.mean
    best = mean(max(r["values"][n] for n in r["candidates"]) for r in rows)
    print(f"{len(rows)} kingdoms, {args.games} games per candidate: "
          f"pick {mean(picks):.1%}, Medium's plan {mean(r['values']['medium'] for r in rows):.1%}, "
          f"best candidate {best:.1%}; "
          f"planning CPU median {statistics.median(seconds):.2f} s, max {max(seconds):.2f} s")


if __name__ == "__main__":
    main()
