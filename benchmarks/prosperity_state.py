"""Stored-state size of 4-player Prosperity games, as the API stores them.

Run: ``python3 benchmarks/prosperity_state.py [--seeds 3]``. Plays every preset
with Prosperity cards, Platinum and Colony on, with generic bots; seat 0 has
no agent (like a human seat of the API), so a game waiting for it is stored
suspended (snapshot, command and answers so far). Prints the largest JSON of
``Game.to_json()`` in the middle third of the turns, over whole games, and
while suspended. It asserts nothing; ``tests/api/test_prosperity.py`` holds
the 10 KB limit.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "backend"))

from dominion import Answer, new_game  # noqa: E402
from dominion.bots import act, make_bot  # noqa: E402
from dominion.presets import PRESETS  # noqa: E402


def sizes(key: str, seed: int) -> list[tuple[int, int, bool]]:
    """(turn number, bytes, suspended) after each command of one game."""
    p = next(p for p in PRESETS if p.key == key)
    bots = {s: make_bot("generic") for s in (1, 2, 3)}
    me = make_bot("generic")
    game = new_game(["Ann", "Bob", "Cy", "Dee"], list(p.cards), seed=seed, colony=True,
                    agents=bots, edition=p.edition)
    out = []
    while not game.state.game_over:
        seat = game.awaiting()[0]
        if seat != 0:
            act(game, bots[seat], seat)
        else:
            pending = game.pending
            game.apply(0, Answer(me.decide(game, pending)) if pending is not None
                       else me.command(game, 0))
        out.append((game.state.turn.number, len(game.to_json().encode()),
                    game.pending is not None))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=3)
    args = parser.parse_args()
    keys = [p.key for p in PRESETS if "prosperity" in p.sets]
    middle, whole, suspended = [], [], []
    for key in keys:
        for seed in range(args.seeds):
            game = sizes(key, seed)
            turns = game[-1][0]
            middle.append(max(n for t, n, _ in game if turns // 3 <= t <= 2 * turns // 3))
            whole.append(max(n for _, n, _ in game))
            suspended += [n for _, n, s in game if s]
    print(f"{len(whole)} games, 4 players, Platinum and Colony, {len(keys)} presets")
    print(f"  mid-game stored state: max {max(middle)} B, median of the games' maxima "
          f"{statistics.median(middle):.0f} B")
    print(f"  whole games: max {max(whole)} B; suspended for seat 0: max "
          f"{max(suspended) if suspended else 0} B")


if __name__ == "__main__":
    main()
