"""Why a bot loses a sparring matchup: its games against one sparring bot,
with both sides' gains turn by turn.

Run::

    python3 benchmarks/spar_trace.py duke-duchy.xml [--games 4] [--seed 2025]
        [--bot hard] [--summary]

The games are those of ``benchmarks/bots.py --sparring`` for the same seed
(the same deals, seats alternating). For each game: the winner, the end
reason, scores and turns, then every turn's gains and losses of both seats
(``H`` the bot, ``O`` the sparring bot, ``*`` the seat whose turn it was;
Masquerade's passes and attacks show on the other seat's line) with its score.
``--summary`` prints only the share, the share by who went first, and the
margins of the losses (a loss by 1-3 VP is the endgame's, by 10 or more the
economy's).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "backend"))

from dominion.bots.dominionsim import STRATEGIES_DIR, load_strategies  # noqa: E402
from dominion.fastplay import play_turn  # noqa: E402
from dominion.rng import Rng  # noqa: E402
from dominion.setup import new_game  # noqa: E402
from dominion.sim import bot_for  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("file", help="a file of backend/dominion/bots/strategies")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=2025)
    ap.add_argument("--bot", default="hard")
    ap.add_argument("--summary", action="store_true", help="only the share and loss margins")
    a = ap.parse_args()
    path = STRATEGIES_DIR / a.file
    name, strat = next(iter(load_strategies(path).items()))
    spec = f"{path}:{name}"
    kingdom = strat.home_kingdom()
    colony = bool(strat.uses_colony())
    rng = Rng(a.seed)
    share = 0.0
    first_share: Counter = Counter()
    first_games: Counter = Counter()
    margins = []
    for g in range(a.games):
        order = [a.bot, spec] if g % 2 == 0 else [spec, a.bot]
        seed = rng.word() << 32 | rng.word()
        bots = {i: bot_for(n) for i, n in enumerate(order)}
        game = new_game(2, kingdom, seed=seed, agents=bots, record_events=False, edition="2",
                        colony=colony)
        game.check_agents = False
        me = g % 2
        first = "H" if game.state.turn.seat == me else "O"
        prev = [Counter(p.all_cards()) for p in game.state.players]
        lines = []
        while not game.state.game_over and game.state.turn.number < 200:
            mover = game.state.turn.seat
            play_turn(game, bots)
            now = [Counter(p.all_cards()) for p in game.state.players]
            for i in range(2):
                gained, lost = now[i] - prev[i], prev[i] - now[i]
                if gained or lost:
                    who = ("H" if i == me else "O") + ("*" if i == mover else " ")
                    lines.append(f"  t{game.state.players[mover].turns:2d} {who} "
                                 f"+{dict(gained)} -{dict(lost) if lost else ''} "
                                 f"vp={game.score(i)}")
            prev = now
        res = game.result() if game.state.game_over else {"winners": [], "end_reason": "limit"}
        won = 1 / len(res["winners"]) if me in res["winners"] else 0.0
        share += won
        first_games[first] += 1
        first_share[first] += won
        scores = [game.score(i) for i in range(2)]
        if not won:
            margins.append(scores[me] - scores[1 - me])
        if a.summary:
            continue
        print(f"game {g}: {a.bot} seat {me}, first {first}, winners {res['winners']}, "
              f"{res.get('end_reason')}, scores {scores}, "
              f"turns {[p.turns for p in game.state.players]}")
        print("\n".join(lines))
    print(f"{a.bot} share {share / a.games:.1%} of {a.games} games against {name}")
    for f in ("H", "O"):
        if first_games[f]:
            print(f"  {'it' if f == 'H' else 'the sparring bot'} first: "
                  f"{first_share[f] / first_games[f]:.1%} of {first_games[f]}")
    print(f"  loss margins: {sorted(margins)}")


if __name__ == "__main__":
    main()
