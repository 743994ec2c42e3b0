"""Where the Hard bot's non-wins against Medium come from: selection or quality.

Run::

    python3 benchmarks/diagnose.py [--kingdoms 60] [--games 40] [--seed 2025]

Replays the kingdoms of ``benchmarks/bots.py --pairs hard:medium --players 2``
(same ``--seed``, same deals) and, per kingdom (a Platinum/Colony key of its
own when the two games differ):

* the plan the Hard bot's tournament picks and Hard's result in the two
  benchmark games;
* every candidate plan's share against the real Medium bot in ``--games``
  games on seeds A and ``--games`` on independent seeds B (common seeds
  across candidates, seats alternating, tournament-style play: no race);
* the pick's share (A+B), the best candidate chosen on A valued on B (an
  honest oracle: the best of ten noisy shares overstates the best plan),
  and the regret of the pick against that oracle.

Summary: mean pick share, honest oracle, regret (SELECTION) and the number
of kingdoms where no candidate reaches 55% on B (QUALITY). Deterministic
for given arguments; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "backend"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from candidates import SETS, vs_medium  # noqa: E402

from dominion.bots import planning  # noqa: E402
from dominion.bots.kingdom import candidates  # noqa: E402
from dominion.rng import Rng  # noqa: E402
from dominion.sim import colony_for, play_game, random_kingdom  # noqa: E402

def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kingdoms", type=int, default=60)
    ap.add_argument("--games", type=int, default=40, help="games per candidate per seed set")
    ap.add_argument("--seed", type=int, default=2025)
    ap.add_argument("--e2e", action="store_true", help="also play the two benchmark games")
    args = ap.parse_args()
    rng = Rng(args.seed + 2)  # as benchmarks/bots.py's levels() for 2 players
    rows = []
    e2e: list[float] = []
    for i in range(args.kingdoms):
        k = random_kingdom(rng, sets=SETS)
        edition = "12"[i % 2]
        game_seed = rng.word() << 32 | rng.word()
        keys: dict[bool, list[float]] = {}
        for shift in range(2):
            colony = colony_for(k, game_seed + shift)
            res = []
            if args.e2e:
                seat = (i + shift) % 2
                order = ["medium", "medium"]
                order[seat] = "hard"
                won = play_game(order, k, game_seed + shift, edition, colony)["winners"]
                res = [1 / len(won) if seat in won else 0.0]
                e2e += res
            keys.setdefault(colony, []).extend(res)
        for colony, results in keys.items():
            key = (tuple(sorted(k)), colony, edition, 2)
            pick = planning.plan_of(key)
            plans = candidates(k, colony)
            base = (game_seed * 7919 + 1) & 0xFFFFFFFF
            a = [vs_medium(p, k, colony, base, args.games, edition) for p in plans]
            b = [vs_medium(p, k, colony, base + 100000, args.games, edition) for p in plans]
            ip = next(j for j, p in enumerate(plans) if p.name == pick.name)
            ia = max(range(len(plans)), key=lambda j: a[j])
            ib = max(range(len(plans)), key=lambda j: b[j])
            # Honest oracle: choose on one half, value on the other (both ways).
            oracle = (b[ia] + a[ib]) / 2
            pick_share = (a[ip] + b[ip]) / 2
            both = [(x + y) / 2 for x, y in zip(a, b)]
            row = dict(k=k, colony=colony, pick=pick.name, pick_share=pick_share,
                       oracle=oracle, best=plans[max(range(len(plans)), key=lambda j: both[j])].name,
                       best_both=max(both), medium=both[0], e2e=results)
            rows.append(row)
            print(f"\n{' '.join(k)}{' +Colony' if colony else ''}  e2e {results}", flush=True)
            for j, p in enumerate(plans):
                mark = "*" if j == ip else " "
                print(f" {mark}{both[j]:6.1%}  (A {a[j]:5.1%} B {b[j]:5.1%})  {p.name}")
            print(f"  pick {pick_share:.1%}  oracle {oracle:.1%}  regret {oracle - pick_share:+.1%}",
                  flush=True)
    print()
    mean = statistics.mean
    print(f"kingdom keys: {len(rows)}")
    print(f"pick (the tournament's plan) vs Medium: mean {mean(r['pick_share'] for r in rows):.1%}")
    print(f"honest oracle (best on A valued on B):  mean {mean(r['oracle'] for r in rows):.1%}")
    print(f"best of A+B (optimistic):               mean {mean(r['best_both'] for r in rows):.1%}")
    print(f"Medium's own plan (Hard's endgame off):  mean {mean(r['medium'] for r in rows):.1%}")
    for cut in (0.5, 0.55, 0.65, 0.75):
        n = sum(r["oracle"] < cut for r in rows)
        print(f"keys whose honest oracle < {cut:.0%}: {n}")
    big = sum(r["oracle"] - r["pick_share"] > 0.1 for r in rows)
    print(f"keys with regret > 10 points: {big}")
    if e2e:
        print(f"end-to-end Hard share in these games: {mean(e2e):.1%} ({len(e2e)} games)")


if __name__ == "__main__":
    main()
