"""Games per CPU second of two engine trees, measured alternately.

Run: ``python3 benchmarks/compare.py --base DIR [--new DIR] [--rounds 6]
[--games 2000] [--instructions]``. ``DIR`` is a checkout (or its
``backend/``) of the engine, say ``git worktree add /tmp/base main``;
``--new`` defaults to this tree.

On a shared machine the speed of one run depends on what else runs in the
same seconds, so two versions measured minutes apart are not comparable.
Here every round runs each workload once per tree, in fresh processes, back
to back (ABBA: the order flips each round, so a slow drift favours neither),
and reports CPU time (``time.process_time``), not wall time. The figure to
quote is the median of the per-round ratios new/base: each ratio compares
runs made in the same seconds.

Each run also returns the game figures (wins, turns, end reasons...): the
two trees must play identical games, so every figure both report must agree
exactly (a newer tree may report more figures); a difference is reported as
an error. ``--instructions`` adds callgrind's
instruction counts per game (``benchmarks/instructions.py``), which no load
disturbs. It asserts nothing else.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from instructions import GAMES, instructions  # noqa: E402

#: Workload label -> (call with ``{n}`` games, default number of games).
WORKLOADS = {
    "Big Money mirror, First Game": (
        'simulate(["big-money", "big-money"], {n}, seed=1, kingdom=preset("First Game"))', 2000,
    ),
    "Generic mirror, random kingdoms of all three sets": (
        'simulate(["generic", "generic"], {n}, seed=3, sets={{"base", "intrigue", "prosperity"}})',
        200,
    ),
}

# A few games first (imports, lazy tables), then the timed ones in CPU time.
CHILD = """
import json, time
from dominion.sim import simulate
from dominion.presets import preset
{warm}
cpu = time.process_time()
out = {run}
cpu = time.process_time() - cpu
for key in ("seconds", "games_per_second"):
    out.pop(key)
print(json.dumps({{"cpu": cpu, "figures": out}}))
"""


def backend_of(tree: Path) -> Path:
    """The ``backend/`` folder of a checkout (or the folder itself)."""
    tree = tree.resolve()
    return tree / "backend" if (tree / "backend" / "dominion").is_dir() else tree


def run(backend: Path, call: str, games: int) -> tuple[float, dict]:
    """CPU seconds and figures of one fresh process playing ``games`` games."""
    code = CHILD.format(warm=call.format(n=3), run=call.format(n=games))
    env = dict(os.environ, PYTHONPATH=str(backend), PYTHONHASHSEED="0")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True)
    data = json.loads(out.stdout)
    return data["cpu"], data["figures"]


#: Figures every tree reports, which two trees that play the same games share.
CORE = ("games", "bots", "avg_turns", "wins", "win_rates", "ties", "end_reasons", "colony_games")


def differences(base: dict, new: dict) -> str:
    """What differs between two runs' figures: every figure both trees report
    is compared (a newer tree may report more, such as intervals and its
    configuration), and the :data:`CORE` figures must be among them."""
    missing = [k for k in CORE if k not in base or k not in new]
    if missing:
        return f"missing figures: {', '.join(missing)}"
    return ", ".join(k for k in sorted(base.keys() & new.keys()) if base[k] != new[k])


def compare(base: Path, new: Path, label: str, call: str, games: int, rounds: int) -> None:
    rates: dict[str, list[float]] = {"base": [], "new": []}
    ratios = []
    for r in range(rounds):
        order = [("base", base), ("new", new)]
        if r % 2:
            order.reverse()
        figures = {}
        for side, backend in order:
            cpu, figures[side] = run(backend, call, games)
            rates[side].append(games / cpu)
        differ = differences(figures["base"], figures["new"])
        if differ:
            sys.exit(f"{label}: the trees played different games ({differ}):\n"
                     f"  base {figures['base']}\n  new  {figures['new']}")
        ratios.append(rates["new"][-1] / rates["base"][-1])
        print(f"  round {r + 1}: base {rates['base'][-1]:,.0f}, new {rates['new'][-1]:,.0f} "
              f"games per CPU second (x{ratios[-1]:.3f})", flush=True)
    print(f"{label}, {games} games a run: base median {statistics.median(rates['base']):,.0f}, "
          f"new median {statistics.median(rates['new']):,.0f} games per CPU second; "
          f"new/base median of {rounds} rounds x{statistics.median(ratios):.3f} "
          f"(range x{min(ratios):.3f}-x{max(ratios):.3f}); same games in both trees")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", type=Path, required=True, help="the tree to compare with")
    parser.add_argument("--new", type=Path, default=HERE.parent, help="default: this tree")
    parser.add_argument("--rounds", type=int, default=6, help="0: no timing (with --instructions)")
    parser.add_argument("--games", type=int, default=None,
                        help="Big Money games per run (default 2000); the generic "
                             "mirror plays a tenth as many")
    parser.add_argument("--only", choices=("big-money", "generic"), default=None)
    parser.add_argument("--instructions", action="store_true",
                        help="also count instructions per game with callgrind (slow)")
    args = parser.parse_args()
    base, new = backend_of(args.base), backend_of(args.new)
    print(f"base: {base}\nnew:  {new}")
    for i, (label, (call, games)) in enumerate(WORKLOADS.items()):
        if args.only is not None and args.only != ("big-money", "generic")[i]:
            continue
        if args.games is not None:
            games = args.games if i == 0 else max(1, args.games // 10)
        if args.rounds < 1:
            continue  # instruction counts only
        print(label, flush=True)
        compare(base, new, label, call, games, args.rounds)
    if args.instructions:
        for i, (label, call) in enumerate(GAMES.items()):
            if args.only is not None and args.only != ("big-money", "generic")[i]:
                continue
            games = 300 if i == 0 else 30
            counts = [(instructions(b, call, games) - instructions(b, call, 0)) / games
                      for b in (base, new)]
            print(f"{label}: {counts[0]:,.0f} -> {counts[1]:,.0f} instructions per game "
                  f"(x{counts[0] / counts[1]:.3f} fewer; {games} games, callgrind)", flush=True)


if __name__ == "__main__":
    main()
