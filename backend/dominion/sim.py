"""``dominion-sim``: play many games between bots and print the figures.

Example::

    dominion-sim --bots big-money smithy-big-money --games 1000 --seed 7 --json
    dominion-sim --bots medium big-money --kingdom random --sets base,prosperity
    dominion-sim --bots strategies.xml:"Smithy BM" big-money --games 1000
    dominion-sim --bots big-money smithy-big-money --games 2000 --plot out.svg

A ``--bots`` entry ``path.xml:Bot name`` is a DominionSim bot file's player
(:mod:`dominion.bots.dominionsim`); without ``--kingdom`` such bots play on
the cards they need and their board's, filled up at random to ten per game.

Every game applies the Platinum/Colony rule to its kingdom (rules.md 1.3:
always with only Prosperity cards, never without any, otherwise when a
random kingdom card is from Prosperity) unless ``--colony yes|no`` forces it.

Every bot's wins, ties, losses and score come with 95% Wilson intervals,
and with ``--per-turn`` (or ``--plot``) its VP, money density and deck size
per turn (:mod:`dominion.sim_stats`; chart: :mod:`dominion.sim_plot`; text:
:mod:`dominion.sim_report`).

The interface is stable; other tools script it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Iterator, Optional, Sequence

from .bots import ALIASES, BOTS, Bot, make_bot
from .bots.dominionsim import DominionSimBot, Strategy, is_spec, kingdom_for, load_strategy
from .cards.card import CARDS
from .engine import Agent
from .errors import DominionError
from .fastplay import play_turns
from .randomizer import SETS, decide_colony
from .rng import Rng
from .setup import new_game, validate_kingdom
from .sim_plot import render_svg
from .sim_report import text_lines
from .sim_stats import CONFIDENCE, Tally, play_observed

MAX_TURNS = 1000  # a safety net: no sensible game between bots is this long

#: Mixed into a game's seed for the generator of its Platinum/Colony decision,
#: so the decision does not share the game's stream.
_COLONY_SALT = 0xC010_4E5A_17E5_0001


def random_kingdom(
    rng: Rng, size: int = 10, editions: Optional[set[str]] = None,
    sets: Optional[set[str]] = None,
) -> list[str]:
    """``size`` distinct kingdom cards drawn uniformly from the catalog (or
    from the given ``sets`` and ``editions`` of it)."""
    pool = sorted(
        n for n, c in CARDS.items()
        if not c.basic and (editions is None or set(c.editions) & editions)
        and (sets is None or c.set in sets)
    )
    rng.shuffle(pool)
    return sorted(pool[:size])


def fill_kingdom(
    rng: Rng, required: Sequence[str], size: int = 10, sets: Optional[set[str]] = None,
) -> list[str]:
    """``required`` plus distinct random kingdom cards (from ``sets``, if
    given) up to ``size`` cards, sorted; ``required`` alone if it has as many."""
    have = set(required)
    pool = sorted(n for n, c in CARDS.items()
                  if not c.basic and n not in have and (sets is None or c.set in sets))
    rng.shuffle(pool)
    return sorted([*have, *pool[:max(0, size - len(have))]])


_STRATEGIES: dict[str, Strategy] = {}


def bot_for(name: str) -> Bot:
    """A new bot for a ``--bots`` entry: a bot name or ``path.xml:Bot name``.

    :raises KeyError: on an unknown bot name.
    :raises BotFileError: on a bot file that cannot be used.
    """
    if not is_spec(name):
        return make_bot(name)
    strategy = _STRATEGIES.get(name)
    if strategy is None:  # parsed once per process, a new bot per game
        strategy = _STRATEGIES[name] = load_strategy(name)
    return DominionSimBot(strategy, name=name)


_PROSPERITY: tuple[int, frozenset[str]] = (0, frozenset())


def _prosperity_cards() -> frozenset[str]:
    """The catalog's Prosperity card names, rebuilt when the catalog grows."""
    global _PROSPERITY
    if _PROSPERITY[0] != len(CARDS):
        _PROSPERITY = (len(CARDS), frozenset(n for n, c in CARDS.items() if c.set == "prosperity"))
    return _PROSPERITY[1]


def colony_for(kingdom: Sequence[str], seed: int) -> bool:
    """The Platinum/Colony rule for a game's kingdom, drawn from its seed.

    :raises InvalidSetup: on an unknown or basic card in a kingdom with Prosperity cards.
    """
    # One set test (in C) rather than a look-up per card: every simulated game asks.
    if _prosperity_cards().isdisjoint(kingdom):
        return False  # never without Prosperity cards: no draw needed
    return decide_colony(validate_kingdom(kingdom), Rng(seed ^ _COLONY_SALT))[0]


def play_game(
    bot_names: Sequence[str], kingdom: Sequence[str], seed: int, edition: str = "2",
    colony: Optional[bool] = None, per_turn: bool = False,
) -> dict[str, Any]:
    """Play one game to the end; return its result with the turn count
    (``turns``), each seat's turns (``seat_turns``) and whether Platinum and
    Colony were used.

    :param colony: use Platinum and Colony; ``None`` applies the rule
        (:func:`colony_for`), which never uses them without Prosperity cards.
    :param per_turn: also return ``per_turn``, each seat's (VP, money, deck
        size) after each of its turns (:func:`dominion.sim_stats.play_observed`);
        the game is the same either way.
    """
    if colony is None:
        colony = colony_for(kingdom, seed)
    bots: dict[int, Agent] = {i: bot_for(n) for i, n in enumerate(bot_names)}
    game = new_game(len(bots), kingdom, seed=seed, agents=bots, record_events=False,
                    edition=edition, colony=colony)
    game.check_agents = False  # the shipped bots, whose answers the tests check
    # The whole game in one call (dominion.fastplay): the same game as applying
    # each bot command, without the command layer's parsing and checks.
    rows = None
    if per_turn:  # turn by turn, reading the state in between
        rows = play_observed(game, bots, MAX_TURNS)
    else:
        play_turns(game, bots, MAX_TURNS)
    st = game.state
    if not st.game_over:
        result: dict[str, Any] = {"winners": [], "end_reason": "turn_limit"}
    else:
        result = game.result()
    result["seat_turns"] = [p.turns for p in st.players]
    result["turns"] = st.turn.number
    result["colony"] = colony
    if rows is not None:
        result["per_turn"] = rows
    return result


# One game to play: (seats' bot names, kingdom, seed, Platinum/Colony or None for
# the rule, whether to collect per-turn figures).
GameSpec = tuple[list[str], list[str], int, Optional[bool], bool]


def _play(spec: GameSpec) -> dict[str, Any]:
    order, k, game_seed, colony, per_turn = spec
    extra: dict[str, Any] = {"per_turn": True} if per_turn else {}
    if colony is None:  # the rule, inside play_game
        return play_game(order, k, game_seed, **extra)
    return play_game(order, k, game_seed, colony=colony, **extra)


def _play_all(specs: list[GameSpec]) -> list[dict[str, Any]]:
    """A worker's share of the games (module level, so processes can run it)."""
    return [_play(spec) for spec in specs]


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity mask, as ``taskset`` or a
    container's cpuset sets it), not every CPU of the machine."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # no sched_getaffinity (macOS, Windows)
        return os.cpu_count() or 1


def _results(specs: list[GameSpec], jobs: int) -> Iterator[dict[str, Any]]:
    """Each game's result, in game order, from ``jobs`` processes."""
    if jobs <= 1:
        for spec in specs:
            yield _play(spec)
        return
    # Contiguous shares, a few per process so a slow share does not idle the rest.
    size = max(1, -(-len(specs) // (jobs * 4)))
    chunks = [specs[i:i + size] for i in range(0, len(specs), size)]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for results in pool.map(_play_all, chunks):
            yield from results


def simulate(
    bot_names: Sequence[str], games: int, seed: int, kingdom: Optional[Sequence[str]] = None,
    sets: Optional[set[str]] = None, colony: Optional[bool] = None, jobs: int = 1,
    required: Sequence[str] = (), per_turn: bool = False,
) -> dict[str, Any]:
    """Play ``games`` games and aggregate the figures ``dominion-sim`` prints.

    Seats rotate between games so no bot always goes first. With no
    ``kingdom`` every game draws a random one from the seed (from ``sets``
    only, if given), or with ``required`` those cards plus random ones
    (:func:`fill_kingdom`). ``colony`` forces Platinum/Colony on or off; by
    default each game applies the rule to its kingdom.

    The output's keys are listed in the README (``--json``); ``results``
    holds each bot's wins, ties, losses and score with 95% intervals
    (:mod:`dominion.sim_stats`), and ``per_turn`` its figures per turn when
    ``per_turn`` is set (else ``None``; collecting them plays the same games).

    :param jobs: processes that play the games. Every game's kingdom and
        seed are drawn here first and the results are added up in game
        order, so the figures are those of one process (but ``seconds``).
    """
    rng = Rng(seed)
    n = len(bot_names)
    turns = 0
    reasons: Counter[str] = Counter()
    colonies = 0
    tally = Tally(bot_names)
    start = time.perf_counter()
    specs: list[GameSpec] = []
    for g in range(games):
        shift = g % n
        order = [bot_names[(i + shift) % n] for i in range(n)]
        if kingdom:
            k = list(kingdom)
        elif required:
            k = fill_kingdom(rng, required, sets=sets)
        else:
            k = random_kingdom(rng, sets=sets)
        game_seed = rng.word() << 32 | rng.word()
        specs.append((order, k, game_seed, colony, per_turn))
    for g, res in enumerate(_results(specs, min(jobs, games))):
        colonies += bool(res.get("colony"))
        turns += res["turns"]
        reasons[res["end_reason"]] += 1
        # Seat i holds bot (i + shift) % n (see ``order``): back to --bots order.
        tally.add(res, g % n)
    seconds = time.perf_counter() - start
    results = tally.results()
    return {
        "games": games,
        "bots": list(bot_names),
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1) if seconds else None,
        "avg_turns": round(turns / games / n, 2) if games else 0,
        "wins": [r["score"]["points"] for r in results],
        "win_rates": [round(t.points / games, 4) if games else 0 for t in tally.tallies],
        "ties": tally.tied_games,
        "end_reasons": dict(reasons),
        "colony_games": colonies,
        "config": {
            "seed": seed,
            "kingdom": list(kingdom) if kingdom else None,
            "sets": sorted(sets) if sets is not None else None,
            "required": list(required) if not kingdom else [],
            "colony": {None: "rule", True: "yes", False: "no"}[colony],
            "per_turn": per_turn,
            "confidence": CONFIDENCE,
            "interval": "wilson",
        },
        "results": results,
        "per_turn": tally.series(),
    }


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="dominion-sim", description="Play Dominion games between bots.",
        epilog="Wins, ties, losses and scores (a tie shared by k bots is 1/k of a win) "
               "come with 95% confidence intervals: the Wilson score interval; turns "
               "per game with mean +- 1.96 sd/sqrt(n). A game stopped at the turn "
               "limit is a loss for every bot.",
    )
    parser.add_argument("--bots", nargs="+", required=True,
                        help="one bot per seat (2-6): " + ", ".join(BOTS)
                             + (" (aliases: " + ", ".join(f"{a} = {b}" for a, b in ALIASES.items())
                                + ")")
                             + ", or a DominionSim bot file's player as path.xml:'Bot name'")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--kingdom", default=None,
                        help="comma-separated card names, or 'random' (default: "
                             "Smithy-friendly first-game kingdom)")
    parser.add_argument("--sets", default=None,
                        help="comma-separated sets random kingdoms draw from "
                             f"({', '.join(SETS)}; default: all); implies a random "
                             "kingdom unless --kingdom names one")
    parser.add_argument("--colony", choices=("rule", "yes", "no"), default=None,
                        help="Platinum and Colony: by the rule (default), always or "
                             "never; with bot files the default is whether one of them "
                             "buys Colony or Platinum")
    parser.add_argument("--jobs", type=int, default=usable_cpus(),
                        help="processes that play the games (default: one per CPU "
                             "this process may use); "
                             "the figures do not depend on it")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object (keys in the README; the per-turn "
                             "series with --per-turn or --plot)")
    parser.add_argument("--per-turn", action="store_true",
                        help="also collect each bot's average VP, money density (the "
                             "Treasures' fixed $ over all cards it owns) and deck size at "
                             "the end of each of its turns, and print them; the games "
                             "are the same")
    parser.add_argument("--plot", metavar="OUT.svg", default=None,
                        help="draw those per-turn figures as an SVG chart (implies "
                             "--per-turn)")
    args = parser.parse_args(argv)
    if not 2 <= len(args.bots) <= 6:
        parser.error("--bots needs 2 to 6 names")
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if not 0 <= args.seed < 1 << 64:
        parser.error("--seed must be in 0..2**64-1")
    if args.plot is not None:
        if not args.plot.lower().endswith(".svg"):
            parser.error("--plot writes an SVG chart: give a file name ending in .svg")
        folder = os.path.dirname(os.path.abspath(args.plot))
        if not os.path.isdir(folder):
            parser.error(f"--plot: no folder {folder!r}")
        args.per_turn = True
    strategies: list[Strategy] = []
    for name in args.bots:
        try:
            if is_spec(name):
                strategies.append(load_strategy(name))
                _STRATEGIES[name] = strategies[-1]  # worker processes inherit it
            else:
                make_bot(name)
        except KeyError as e:
            parser.error(str(e.args[0]))
        except DominionError as e:
            parser.error(e.message)
    sets = None
    if args.sets is not None:
        sets = {s.strip() for s in args.sets.split(",") if s.strip()}
        unknown = sorted(sets - set(SETS))
        if unknown or not sets:
            parser.error(f"--sets takes some of {', '.join(SETS)}, not {args.sets!r}")
    if args.colony is None:
        # As DominionSim sets up a bot's board: Platinum and Colony exactly
        # when a bot buys them.
        if strategies:
            args.colony = "yes" if any(s.uses_colony() for s in strategies) else "no"
        else:
            args.colony = "rule"
    colony = {"rule": None, "yes": True, "no": False}[args.colony]
    required = kingdom_for(strategies)
    if args.kingdom == "random" or (args.kingdom is None and (sets is not None or required)):
        kingdom = None
    elif args.kingdom:
        kingdom = [k.strip() for k in args.kingdom.split(",") if k.strip()]
    else:
        from .presets import preset

        kingdom = preset("First Game")
    try:
        out = simulate(args.bots, args.games, args.seed, kingdom, sets=sets, colony=colony,
                       jobs=args.jobs, required=required if args.kingdom is None else (),
                       per_turn=args.per_turn)
    except DominionError as e:
        parser.error(e.message)
    if args.plot is not None:
        try:
            with open(args.plot, "w", encoding="utf-8") as f:
                f.write(render_svg(out))
        except OSError as e:
            parser.error(f"--plot: cannot write {args.plot!r}: {e.strerror}")
    if args.json:
        print(json.dumps(out))
        return 0
    print("\n".join(text_lines(out, args.plot or "")))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
