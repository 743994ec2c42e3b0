"""Per-kingdom planning for the Hard bot: a quick simulated tournament.

At a game's start the Hard bot asks for the plan of its kingdom. The
recognisers (:mod:`dominion.bots.kingdom`) propose a few candidate plans;
they play a round robin of short seeded 2-player games on this kingdom
(the fast path of :mod:`dominion.fastplay`), and the plan with the best
average share of wins against the field is chosen. Playing the field rather
than only Medium matters: a plan that crushes Medium but loses to the
kingdom's rush would lose to a player who sees the rush.

Then :func:`refine` tries the best of Medium's buys (with or without a
bias) with one more card's wish changed, against Medium: a variant takes
the winner's place if it does better against Medium and about as well
against each of the kingdom's threats.

Budget: at most :data:`TOURNAMENT_GAMES` games, and about 240 more to refine
(about 300 where a variant must face the threats; ``benchmarks/bots.py``
prints the CPU seconds). A game of two plans on one deal is played once
per planning and replayed from a :data:`Memo` wherever else it is tallied
(a threat against Medium and Medium against that threat, the refinement's
incumbent against Medium): about a quarter of the games. A game count, not a time
limit, ends each stage, so a kingdom's plan is the same on every run and
every machine.
Plans are cached per (kingdom, Platinum/Colony, edition, players) in
an LRU of :data:`CACHE_SIZE`, outside any game's state: a game's state
and memory do not change, and it still serializes and round-trips
identically.

Where it runs: at the Hard bot's first decision in a game of a kingdom not
in the cache, in that request's own thread (the server's other requests go
on in theirs). Planning in the background instead would leave the bot's first
turns to depend on timing: a game would not replay the same (undo, the
statistics' replay, tests), so the one request that plans a new kingdom pays
for it, once.
"""

from __future__ import annotations

import math
import threading
import time
import zlib
from collections import OrderedDict
from typing import TYPE_CHECKING, Callable, Optional, Sequence

from . import learned
from .plans import MEDIUM, Plan

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Agent, Game

#: Most games of one tournament.
TOURNAMENT_GAMES = 320
#: Kingdoms whose plan is remembered.
CACHE_SIZE = 512
#: A game is cut at this many turns in a tournament (a stalemate counts as a tie).
TURN_LIMIT = 120

Key = tuple[tuple[str, ...], bool, str, int]

_cache: "OrderedDict[Key, Plan]" = OrderedDict()
_lock = threading.Lock()

#: Figures for the benchmark and tests: tournaments run, cache hits, the
#: last planning's CPU seconds and games played.
stats = {"tournaments": 0, "hits": 0, "last_seconds": 0.0, "last_games": 0}


def configure(games: int) -> None:
    """Set a tournament's most games (tests use a small one; plans made with
    another size are forgotten)."""
    global TOURNAMENT_GAMES
    if games != TOURNAMENT_GAMES:
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


def plan_for(game: "Game") -> Plan:
    """The plan for ``game``'s kingdom (see :func:`plan_of`)."""
    return plan_of(key_of(game))


def choose(key: Key) -> Plan:
    """The best candidate plan for ``key`` (see :func:`tournament`)."""
    from .kingdom import candidates

    kingdom, colony, edition, _players = key
    plans = candidates(kingdom, colony)
    start = time.thread_time()
    if len(plans) == 1:
        return plans[0]
    seed = zlib.crc32(repr(key).encode())
    owned: dict[int, set[str]] = {}
    # The refinement replays the games it shares with the tournament: with
    # seed + 1 its deal n is the tournament's deal n + 1.
    memo: Memo = {}
    scores = tournament(plans, list(kingdom), colony, edition, seed, owned, memo)
    i = max(range(len(plans)), key=lambda i: (scores[i], plans[i].prior, -i))
    # The refinement starts from the best of Medium's buys (with or without
    # a bias) and keeps the winner unless a variant does better.
    m = max((j for j in range(len(plans)) if plans[j].rules is None),
            key=lambda j: (scores[j], plans[j].prior, -j))
    best = refine(plans[m], list(kingdom), colony, edition, seed + 1, owned.get(m, set()),
                  [plans[t] for t in threats_of(plans)], None if m == i else plans[i], memo)
    stats["tournaments"] += 1
    stats["last_seconds"] = time.thread_time() - start
    return best


def _even(games: float) -> int:
    """A round's games per pairing: even (both seats of each deal), at least 2."""
    return max(2, 2 * round(games / 2))


#: Weight of the games against Medium in a plan's score (the rest: the threats).
MEDIUM_WEIGHT = 0.6
#: Tags of the candidates that stand for what an opponent may play instead
#: of Medium (rushes, slogs, known strategies): the tournament's threats.
THREAT_TAGS = frozenset({"gardens", "duke", "library"})
#: Most threats per kingdom.
MOST_THREATS = 2


def threats_of(plans: Sequence[Plan]) -> list[int]:
    """The indices of the candidates that stand for the kingdom's threats."""
    return [i for i in range(1, len(plans)) if plans[i].tags & THREAT_TAGS][:MOST_THREATS]


#: One game's outcome as :class:`_Tally` keeps it: the seats' scores
#: (``None`` for a game cut at :data:`TURN_LIMIT`), the winners, and the
#: kingdom cards each seat ended with.
_Outcome = tuple[Optional[list[int]], list[int], tuple[frozenset[str], ...]]

#: Games already played, by (seat 0's plan, seat 1's plan, deal seed): a
#: game is a function of these, so a tally that shares the memo of another
#: on the same kingdom reuses the games they have in common.
Memo = dict[tuple[Plan, Plan, int], _Outcome]


class _Tally:
    """Games played so far between plans: wins (ties half) per ordered pair.

    :param memo: games to reuse, filled with the games played (see :data:`Memo`).
    """

    def __init__(self, plans: Sequence[Plan], kingdom: list[str], colony: bool,
                 edition: str, seed: int, memo: Optional[Memo] = None) -> None:
        self.plans = plans
        self.kingdom = kingdom
        self.colony = colony
        self.edition = edition
        self.seed = seed
        self.memo: Memo = {} if memo is None else memo
        #: Games tallied (the budget of a stage), and of those played here:
        #: not found in the memo.
        self.games = 0
        self.fresh = 0
        self.won: dict[tuple[int, int], float] = {}
        #: Per ordered pair: the sum of a logistic of the VP margin (see :meth:`edge`).
        self.margins: dict[tuple[int, int], float] = {}
        self.played: dict[tuple[int, int], int] = {}
        #: The kingdom cards each plan ended a game with (:func:`refine`
        #: leaves out the variants that could not change its games).
        self.owned: dict[int, set[str]] = {}

    def play(self, i: int, j: int, games: int) -> None:
        """``games`` games of plan ``i`` against plan ``j``, seats alternating."""
        for g in range(games):
            a, b = (i, j) if g % 2 == 0 else (j, i)
            # Pairs share seeds: each plan meets the same deals. Two games
            # in a row share one deal with the seats swapped, so each plan
            # plays both hands of it (a lucky opening hand then counts for
            # neither plan).
            deal = (self.played.get((i, j), 0) + g) // 2
            key = (self.plans[a], self.plans[b], self.seed + deal)
            outcome = self.memo.get(key)
            if outcome is None:
                outcome = self.memo[key] = self._game(*key)
                self.fresh += 1
            self.games += 1
            scores, winners, owned = outcome
            share = edge = 0.5
            if scores is not None:
                seat_i = 0 if a == i else 1
                share = 1 / len(winners) if seat_i in winners else 0.0
                margin = scores[seat_i] - scores[1 - seat_i]
                edge = 1 / (1 + math.exp(-margin / MARGIN_SCALE))
            self.won[(i, j)] = self.won.get((i, j), 0.0) + share
            self.margins[(i, j)] = self.margins.get((i, j), 0.0) + edge
            self.played[(i, j)] = self.played.get((i, j), 0) + 1
            for seat, plan in enumerate((a, b)):
                self.owned.setdefault(plan, set()).update(owned[seat])

    def _game(self, first: Plan, second: Plan, seed: int) -> _Outcome:
        """One game of ``first`` (seat 0) against ``second`` on the deal of ``seed``."""
        from ..fastplay import play_turns
        from ..setup import new_game
        from .hard import HardBot

        bots: dict[int, "Agent"] = {0: HardBot(plan=first), 1: HardBot(plan=second)}
        game = new_game(2, self.kingdom, seed=seed, agents=bots, record_events=False,
                        edition=self.edition, colony=self.colony)
        game.check_agents = False
        play_turns(game, bots, TURN_LIMIT)
        owned = tuple(frozenset(c for c in p.all_cards() if c in self.kingdom)
                      for p in game.state.players)
        if not game.state.game_over:
            return None, [], owned
        result = game.result()
        return result["scores"], result["winners"], owned

    def rate(self, i: int, j: int) -> float:
        """Plan ``i``'s share against plan ``j`` (0.5 for itself or unplayed)."""
        return self._mean(self.won, i, j)

    def edge(self, i: int, j: int) -> float:
        """Plan ``i``'s mean of ``1 / (1 + exp(-margin / MARGIN_SCALE))`` over
        its games against plan ``j``, ``margin`` its VP minus plan ``j``'s (0.5
        for an unfinished game, for itself or unplayed)."""
        return self._mean(self.margins, i, j)

    def _mean(self, sums: dict[tuple[int, int], float], i: int, j: int) -> float:
        n = self.played.get((i, j), 0)
        return 0.5 if i == j or n == 0 else sums[(i, j)] / n


def field_score(rate: Callable[[int, int], float], i: int, threats: Sequence[int]) -> float:
    """Plan ``i``'s expected share against the field: Medium (plan 0) with
    weight :data:`MEDIUM_WEIGHT`, the threats sharing the rest. ``rate(i,
    j)`` is plan ``i``'s share against plan ``j``. A threat meets itself
    too, at an even 0.5 as every other plan meets it: skipping that game
    scored a threat on its other games alone, and the library's own
    strategy won tournaments against plans that beat it (BM Monument beat
    the Monument strategy 62-66% but scored 0.760 against its 0.858)."""
    mine = rate(i, 0)
    if not threats:
        return mine
    vs_threats = sum(rate(i, t) for t in threats) / len(threats)
    return MEDIUM_WEIGHT * mine + (1 - MEDIUM_WEIGHT) * vs_threats


def tournament(plans: Sequence[Plan], kingdom: list[str], colony: bool, edition: str,
               seed: int, owned: Optional[dict[int, set[str]]] = None,
               memo: Optional[Memo] = None) -> list[float]:
    """Each plan's score: its share against Medium (plan 0) weighted
    :data:`MEDIUM_WEIGHT`, the rest its average share against the
    *threats* (rushes, slogs and known strategies, which an opponent may
    play). Successive halving: a short round of every plan, then most
    games for the three best, within :data:`TOURNAMENT_GAMES` games.

    :param owned: filled with the kingdom cards each plan (by index) ended
        a game with.
    :param memo: games to reuse and keep (:data:`Memo`).
    """
    n = len(plans)
    threats = threats_of(plans)
    tally = _Tally(plans, kingdom, colony, edition, seed, memo)
    f = TOURNAMENT_GAMES / 320  # round sizes below are written for 320 games

    def score(i: int) -> float:
        return field_score(tally.rate, i, threats)

    def run(field: list[int], vs_medium: int, vs_threat: int) -> None:
        for i in field:
            if i != 0:
                tally.play(i, 0, vs_medium)
            for t in threats:
                if t != i:
                    tally.play(i, t, vs_threat)

    run(list(range(n)), _even(8 * f), _even(4 * f))
    best = sorted(range(1, n), key=lambda i: (-score(i), i))[:3]
    run([0] + best, _even(32 * f), _even(12 * f))
    # What the budget leaves: more games against Medium for the two best.
    top = sorted(range(1, n), key=lambda i: (-score(i), i))[:2]
    step = _even(8 * f)
    while tally.games + step * len(top) <= TOURNAMENT_GAMES:
        for i in top:
            tally.play(i, 0, step)
    stats["last_games"] = tally.fresh
    if owned is not None:
        owned.update(tally.owned)
    return [score(i) for i in range(n)]


#: The rounds of :func:`refine` at the full tournament size: games of each
#: plan still in against Medium, and how many go on to the next round
#: (besides the incumbent, which plays every round).
REFINE_ROUNDS = ((6, 4), (16, 2), (28, 0))
#: The VP margin that counts as 0.73 of a win in the refinement's halving
#: (:meth:`_Tally.edge`; 5, 8 and 16 measured alike, 16 a little ahead).
MARGIN_SCALE = 16.0
#: Games of the refinement's pick and of the incumbent against each threat.
GUARD_GAMES = 16
#: How much worse than the incumbent against a threat the pick may do: in
#: wins, and in margins (:meth:`_Tally.edge`: sixteen games' wins alone let
#: a plan through that lost 27 points more to the Duke slog).
GUARD_SLACK = 0.125
GUARD_EDGE_SLACK = 0.06


def refine(plan: Plan, kingdom: list[str], colony: bool, edition: str, seed: int,
           owned: Optional[set[str]] = None, threats: Sequence[Plan] = (),
           incumbent: Optional[Plan] = None, memo: Optional[Memo] = None) -> Plan:
    """The incumbent (``incumbent``, else ``plan``), ``plan`` (Medium's buys
    with a bias) or a variant of ``plan`` with one more card's wish changed
    (:func:`dominion.bots.learned.variants`): whichever does best against
    Medium here, by a successive halving of about 240 games
    (:data:`REFINE_ROUNDS`, scaled with :data:`TOURNAMENT_GAMES`) that
    ranks by VP margin (:meth:`_Tally.edge`: a margin says more per game
    than a win or loss, and these plans differ in one card). The
    incumbent wins ties, and keeps its place unless the pick does about as
    well against each of the kingdom's ``threats`` (:data:`GUARD_SLACK`,
    :data:`GUARD_EDGE_SLACK`; :data:`GUARD_GAMES` games against each, the
    same deals for both): the halving looks at Medium alone. Each threat
    on its own, not their mean (:func:`field_score`): on the Duke board a
    variant that lost to the Duke slog what it won against Courtyard Big
    Money passed the mean, and the slog then won half the games against
    Hard instead of a fifth.

    A card's worth depends on the kingdom: on 60 random kingdoms the best
    such variant of the tuned Medium, chosen by 64 games each, beat it by
    5.3 points in fresh games, and chosen by a halving of 330 games by 4.3.

    :param owned: the kingdom cards ``plan`` ended its tournament games
        with, if known: leaving alone a card it never took changes nothing.
    """
    arms = ([incumbent] if incumbent else []) + [plan] + learned.variants(plan, kingdom, owned)
    tally = _Tally([MEDIUM] + arms + list(threats), kingdom, colony, edition, seed, memo)
    f = TOURNAMENT_GAMES / 320
    best = 1  # the incumbent
    alive = list(range(1, len(arms) + 1))
    for games, keep in REFINE_ROUNDS:
        for i in alive:
            tally.play(i, 0, _even(games * f))
        best = max(alive, key=lambda i: (tally.edge(i, 0), -i))
        alive = [1] + sorted(alive[1:], key=lambda i: (-tally.edge(i, 0), i))[:keep]
    if best != 1 and threats:
        guard = range(len(arms) + 1, len(arms) + 1 + len(threats))
        for t in guard:
            for i in (1, best):
                tally.play(i, t, _even(GUARD_GAMES * f))
        if any(tally.rate(best, t) < tally.rate(1, t) - GUARD_SLACK
               or tally.edge(best, t) < tally.edge(1, t) - GUARD_EDGE_SLACK for t in guard):
            best = 1
    stats["last_games"] += tally.fresh
    return arms[best - 1]
