"""Statistics benchmark: what replaying a finished game for its statistics costs.

Run: ``python3 benchmarks/stats.py [--games 5]``.

``GET /api/games/{id}/stats`` replays the game's command log with a
:class:`dominion.statistics.Recorder` (the coins are in no event), once per
game and process (then cached). This plays ``--games`` games of generic bots
per player count (2 to 6, Base and Intrigue kingdoms, Platinum/Colony in
every other one), applying each command through a recorder as the server's
replay does, and prints per player count the commands, turns, and the time of
the replay and of the summary (median over the games). All seats are bots
here, so the engine takes no undo snapshots; a replay of a game with human
seats takes one per command and costs more. Figures only: it asserts nothing
about speed.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "backend"))

from dominion import new_game  # noqa: E402
from dominion.bots import make_bot  # noqa: E402
from dominion.statistics import Recorder  # noqa: E402

KINGDOMS = [
    ["Cellar", "Moat", "Village", "Workshop", "Smithy", "Militia", "Market", "Witch",
     "Laboratory", "Festival"],
    ["Masquerade", "Swindler", "Courtyard", "Pawn", "Nobles", "Minion", "Torturer",
     "Trading Post", "Upgrade", "Harem"],
]


def play(players: int, seed: int) -> tuple[list[tuple[int, dict]], dict]:
    """A bot game's commands (seat, command) and how it was set up."""
    setup = {"kingdom": KINGDOMS[seed % 2], "colony": seed % 2 == 1, "seed": seed}
    bots = {s: make_bot("generic") for s in range(players)}
    game = new_game(players, setup["kingdom"], seed=seed, colony=setup["colony"], agents=bots)
    commands = []
    while not game.state.game_over:
        seat = game.awaiting()[0]
        cmd = bots[seat].command(game, seat)
        game.apply(seat, cmd)
        commands.append((seat, cmd.to_dict()))
    return commands, setup


def replay(players: int, commands, setup) -> tuple[float, float, int]:
    """Seconds to replay through a recorder, seconds to summarize, turns."""
    bots = {s: make_bot("generic") for s in range(players)}
    start = time.perf_counter()
    game = new_game(players, setup["kingdom"], seed=setup["seed"], colony=setup["colony"],
                    agents=bots)
    rec = Recorder(game)
    for seat, cmd in commands:
        rec.apply(seat, cmd)
    played = time.perf_counter()
    stats = rec.summary()
    return played - start, time.perf_counter() - played, len(stats.turns)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    print("players  commands  turns  replay ms  summary ms  (medians)")
    for players in range(2, 7):
        rows = []
        for i in range(args.games):
            commands, setup = play(players, 1000 * players + i)
            rows.append((len(commands), *replay(players, commands, setup)))
        med = statistics.median
        print(f"{players:7}  {med(r[0] for r in rows):8.0f}  {med(r[3] for r in rows):5.0f}  "
              f"{med(r[1] for r in rows) * 1000:9.1f}  {med(r[2] for r in rows) * 1000:10.2f}")


if __name__ == "__main__":
    main()
