"""Simulator cost in CPU instructions per game, counted by callgrind.

Run: ``python3 benchmarks/instructions.py [--games 300] [--backend DIR]``.
Needs valgrind. Games per second swing with whatever else the machine runs;
instruction counts do not, so this compares two versions of the engine on a
busy machine: ``--backend`` points at another checkout's ``backend/`` (say a
``git worktree`` of an older commit). Each figure is the difference between
a run of ``--games`` games and a run of none (imports and warm-up cancel
out), divided by the number of games. Hash randomization is fixed so two
runs of one version give the same count. It asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

BACKEND = Path(__file__).resolve().parent.parent / "backend"

# A few games first, so lazy tables are built in both runs.
GAMES = {
    "Big Money mirror, First Game": (
        'simulate(["big-money", "big-money"], {n}, seed=1, kingdom=preset("First Game"))'
    ),
    "Generic-bot mirror, random kingdoms of all three sets": (
        'simulate(["generic", "generic"], {n}, seed=3, sets={{"base", "intrigue", "prosperity"}})'
    ),
}
SCRIPT = """
from dominion.sim import simulate
from dominion.presets import preset
{warm}
if {n}:
    {run}
"""


def instructions(backend: Path, call: str, games: int) -> int:
    """Instructions callgrind counts for a Python run of ``games`` games."""
    code = SCRIPT.format(warm=call.format(n=3), n=games, run=call.format(n=games))
    env = dict(os.environ, PYTHONPATH=str(backend), PYTHONHASHSEED="0")
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         sys.executable, "-c", code],
        env=env, capture_output=True, text=True, check=True,
    )
    found = re.search(r"Collected : (\d+)", out.stderr)
    if found is None:
        raise RuntimeError(f"no instruction count in callgrind's output:\n{out.stderr}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300,
                        help="Big Money games; the generic bot plays a tenth as many")
    parser.add_argument("--backend", type=Path, default=BACKEND,
                        help="the backend/ folder of the engine to measure")
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt install valgrind)")
    backend = args.backend.resolve()
    print(f"engine: {backend}")
    for i, (label, call) in enumerate(GAMES.items()):
        games = args.games if i == 0 else max(1, args.games // 10)
        per_game = (instructions(backend, call, games) - instructions(backend, call, 0)) / games
        print(f"{label}: {per_game:,.0f} instructions per game ({games} games)")


if __name__ == "__main__":
    main()
