"""Per-kingdom planning for the Hard bot: a quick simulated tournament.

At a game's start the Hard bot asks for the plan of its kingdom. The
recognisers (:mod:`dominion.bots.kingdom`) propose a few candidate plans;
they play a round robin of short seeded 2-player games on this kingdom
(the fast path of :mod:`dominion.fastplay`), and the plan with the best
average share of wins against the field is chosen. Playing the field rather
than only Medium matters: a plan that crushes Medium but loses to the
kingdom's rush would lose to a player who sees the rush.

Budget: at most :data:`TOURNAMENT_GAMES` games and :data:`BUDGET_SECONDS`
of this thread's CPU time (the time cap only guards slow machines; the
game count normally ends the tournament, so a plan is the same on every
run). Plans are cached per (kingdom, Platinum/Colony, edition, players) in
an LRU of :data:`CACHE_SIZE`, outside any game's state: a game's state
and memory do not change, and it still serializes and round-trips
identically.

Where it runs: bots play inside API requests, so the server must never
wait for a tournament. :func:`configure` ``(wait=False)`` (the default)
plans in one background daemon thread, one kingdom at a time, and the bot
plays the Medium plan until its kingdom's plan is in the cache (the first
turns of a new kingdom's game; every later game of that kingdom starts
with it). Simulations (``dominion-sim``, the benchmark, tests) call
``configure(wait=True)``: the tournament runs at the first decision, and
games stay deterministic.
"""

from __future__ import annotations

import queue
import threading
import time
import zlib
from collections import OrderedDict
from typing import TYPE_CHECKING, Optional, Sequence

from .plans import MEDIUM, Plan

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Agent, Game

#: Most games of one tournament.
TOURNAMENT_GAMES = 280
#: Most CPU seconds of one tournament (a guard: the game count ends it first).
BUDGET_SECONDS = 2.0
#: Kingdoms whose plan is remembered.
CACHE_SIZE = 512
#: A game is cut at this many turns in a tournament (a stalemate counts as a tie).
TURN_LIMIT = 120

Key = tuple[tuple[str, ...], bool, str, int]

_cache: "OrderedDict[Key, Plan]" = OrderedDict()
_lock = threading.Lock()
_pending: set[Key] = set()
_queue: "queue.Queue[Key]" = queue.Queue()
_worker: Optional[threading.Thread] = None
_wait = False

#: Figures for the benchmark and tests: tournaments run, cache hits, the
#: last tournament's CPU seconds and games.
stats = {"tournaments": 0, "hits": 0, "last_seconds": 0.0, "last_games": 0}


def configure(wait: bool, games: Optional[int] = None) -> None:
    """Plan at the first decision (``wait=True``: simulations) or in the
    background (``False``: the server, the default).

    :param games: a tournament's most games (tests use a small one; plans
        made with another size are forgotten).
    """
    global _wait, TOURNAMENT_GAMES
    _wait = wait
    if games is not None and games != TOURNAMENT_GAMES:
        TOURNAMENT_GAMES = games
        clear()


def clear() -> None:
    """Forget every cached plan (tests, the benchmark's cold figures)."""
    with _lock:
        _cache.clear()


def key_of(game: "Game") -> Key:
    """The cache key of a game: its kingdom, Platinum/Colony, edition, players."""
    st = game.state
    return (tuple(sorted(st.kingdom)), "Colony" in st.supply, st.edition, len(st.players))


def cached(key: Key) -> Optional[Plan]:
    """The cached plan of ``key`` (counted as a hit), or ``None``."""
    with _lock:
        plan = _cache.get(key)
        if plan is not None:
            _cache.move_to_end(key)
            stats["hits"] += 1
        return plan


def _store(key: Key, plan: Plan) -> None:
    with _lock:
        _cache[key] = plan
        _cache.move_to_end(key)
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)


def plan_of(key: Key) -> Plan:
    """The plan of ``key``: cached, or planned now and cached."""
    plan = cached(key)
    if plan is None:
        plan = choose(key)
        _store(key, plan)
    return plan


def plan_for(game: "Game") -> tuple[Plan, bool]:
    """The plan for ``game``'s kingdom and whether it is final (``False``:
    the Medium plan while the background tournament runs)."""
    key = key_of(game)
    plan = cached(key)
    if plan is not None:
        return plan, True
    if _wait:
        return plan_of(key), True
    _enqueue(key)
    return MEDIUM, False


def _enqueue(key: Key) -> None:
    global _worker
    with _lock:
        if key in _pending:
            return
        _pending.add(key)
        if _worker is None or not _worker.is_alive():
            _worker = threading.Thread(target=_work, name="hard-bot-planner", daemon=True)
            _worker.start()
    _queue.put(key)


def _work() -> None:
    """The background planner: one kingdom at a time, forever (a daemon)."""
    while True:
        key = _queue.get()
        try:
            _store(key, choose(key))
        except Exception:  # pragma: no cover - a bug must not kill the planner
            _store(key, MEDIUM)
        finally:
            with _lock:
                _pending.discard(key)


def wait_idle(timeout: float = 30.0) -> bool:
    """Wait until the background planner has nothing pending (tests)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with _lock:
            if not _pending:
                return True
        time.sleep(0.01)
    return False


def choose(key: Key) -> Plan:
    """The best candidate plan for ``key`` by a round-robin tournament."""
    from .kingdom import candidates

    kingdom, colony, edition, _players = key
    plans = candidates(kingdom, colony)
    start = time.thread_time()
    if len(plans) == 1:
        return plans[0]
    scores = tournament(plans, list(kingdom), colony, edition,
                        seed=zlib.crc32(repr(key).encode()), start=start)
    stats["tournaments"] += 1
    stats["last_seconds"] = time.thread_time() - start
    best = max(range(len(plans)), key=lambda i: (scores[i], plans[i].prior, -i))
    return plans[best]


def tournament(plans: Sequence[Plan], kingdom: list[str], colony: bool, edition: str,
               seed: int, start: float) -> list[float]:
    """Each plan's average share of wins (ties half) in a round robin.

    Rounds of one game per pair, seats alternating by round, until
    :data:`TOURNAMENT_GAMES` games or :data:`BUDGET_SECONDS` are used.
    """
    from ..fastplay import play_turns
    from ..setup import new_game
    from .hard import HardBot

    n = len(plans)
    pairs = [(i, j) for i in range(n) for j in range(i + 1, n)]
    won = [0.0] * n
    played = [0] * n
    games = 0
    rnd = 0
    while games + len(pairs) <= TOURNAMENT_GAMES:
        for i, j in pairs:
            a, b = (i, j) if (rnd + i + j) % 2 == 0 else (j, i)
            bots: dict[int, "Agent"] = {0: HardBot(plan=plans[a]), 1: HardBot(plan=plans[b])}
            game = new_game(2, kingdom, seed=seed + games, agents=bots, record_events=False,
                            edition=edition, colony=colony)
            game.check_agents = False
            play_turns(game, bots, TURN_LIMIT)
            games += 1
            played[a] += 1
            played[b] += 1
            if game.state.game_over:
                winners = game.result()["winners"]
                for w, s in ((0, a), (1, b)):
                    if w in winners:
                        won[s] += 1 / len(winners)
            else:
                won[a] += 0.5
                won[b] += 0.5
        rnd += 1
        if time.thread_time() - start > BUDGET_SECONDS:
            break
    stats["last_games"] = games
    return [won[i] / max(1, played[i]) for i in range(n)]
