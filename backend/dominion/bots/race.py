"""The Hard bot's endgame race: which Victory card to buy when
few Provinces (or Colonies) are left.

Near the end a game is a race for the last big cards, and the right buy
depends on the score and on both decks' chance to hit $8 (or $11): a
strong player does not take the penultimate Province that lets the
opponent win with the last one, takes a Duchy instead of Gold when every
point counts, and leaves the last Province alone when it would lose. The
rules of :mod:`dominion.bots.endgame` handle the sure cases; this module
weighs the others with a small expectimax:

* each player's turn draws a 5-card hand from its whole deck (exact
  hypergeometric odds of its coin total, Treasures and +$ Actions at
  :func:`~dominion.bots.generic.coins_of`), so each turn hits a cost
  bracket (Colony, Province, Duchy, Estate, nothing) with known odds;
* in its bracket a player buys the Victory card (or none) that is best for
  it, this bot maximising its chance to win and the opponent minimising it;
* the game ends when a Colony or Province pile empties (ties go to the
  player with fewer turns, as :meth:`Game.result` says); after
  :data:`DEPTH` turns a logistic of the score gap stands for the rest.

With 3 or 4 players the opponent is the leader, and its turn stands for
all the others': its odds are those of the best of their hands.

Buying "nothing" stands for the plan's own non-Victory buy (a Gold
improves later hands, which the model ignores: it is used only once few
big cards are left, :data:`START`). The opponent's hand is not looked at.
The search is memoised on (piles left, score gap, plies left): a few
hundred states, about a millisecond.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import TYPE_CHECKING, Optional, Sequence

from ..cards.card import CARDS
from ..scores import total
from .generic import coins_of

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game

#: Turns searched after the current one (both players').
DEPTH = 6
#: The race is used once this many Provinces (or Colonies) or fewer are
#: left: from the last Province, from the last two Colonies (a Colony game's
#: race is longer: Colonies cost $11 and are worth 10).
START = {"Province": 1, "Colony": 2}
#: A buy is changed only when the race finds the other one this much better.
MARGIN = 0.01
#: Player counts the race is used with.
PLAYERS = (2, 3, 4)
#: Cards drawn per turn.
HAND = 5

BIG = ("Colony", "Province")


_DRAWS = re.compile(r"\+(\d+) Cards?\b")


def draws(name: str) -> int:
    """Cards a card draws when played (its text's "+N Cards"; 0 for none)."""
    card = CARDS[name]
    if not card.is_action:
        return 0
    m = _DRAWS.search(card.text)
    return int(m[1]) if m else 0


def hand_value(name: str, density: float) -> float:
    """Coins a card brings to a hand: its own (:func:`coins_of`) plus what
    the cards it draws make at the deck's ``density`` (coins per card)."""
    return coins_of(name) + draws(name) * density


def coin_odds(cards: Sequence[str], costs: Sequence[int]) -> list[float]:
    """Chance that a 5-card hand drawn from ``cards`` makes at least each of
    ``costs`` (descending) but not the one before: one figure per cost,
    then the rest (below the cheapest cost).

    Coins are counted in half coins (:func:`coins_of` averages some cards;
    a drawing card counts the deck's average coins per card drawn).
    """
    n = len(cards)
    density = sum(coins_of(c) for c in cards) / n if n else 0.0
    groups = Counter(round(2 * hand_value(c, density)) for c in cards)
    draw = min(HAND, n)
    # ways[k][c]: hands of k cards worth c half coins, from the groups so far.
    ways: list[dict[int, int]] = [dict() for _ in range(draw + 1)]
    ways[0][0] = 1
    for value, count in groups.items():
        nxt: list[dict[int, int]] = [dict() for _ in range(draw + 1)]
        for k in range(draw + 1):
            for c, w in ways[k].items():
                for j in range(0, min(count, draw - k) + 1):
                    key = c + j * value
                    row = nxt[k + j]
                    row[key] = row.get(key, 0) + w * math.comb(count, j)
        ways = nxt
    hands = math.comb(n, draw) if n else 1
    odds = [0.0] * (len(costs) + 1)
    for c, w in ways[draw].items():
        for i, cost in enumerate(costs):
            if c >= 2 * cost:
                odds[i] += w / hands
                break
        else:
            odds[-1] += w / hands
    return odds


def _any_of(odds: list[list[float]]) -> list[float]:
    """Bracket odds of the best of several independent hands (one player's
    :func:`coin_odds` unchanged)."""
    if len(odds) == 1:
        return odds[0]
    out = []
    below = 1.0  # chance that no hand reaches the brackets so far
    for b in range(len(odds[0])):
        miss = 1.0
        for o in odds:
            miss *= 1.0 - sum(o[:b + 1])
        out.append(below - miss)
        below = miss
    return out


class Race:
    """The race between ``seat`` and its opponent from the current state
    (with 3-4 players the leader, its turn standing for all the others').

    :ivar names: the Victory cards of the race, dearest first (Colony,
        Province, Duchy, Estate as the supply has them).
    """

    def __init__(self, game: "Game", seat: int) -> None:
        st = game.state
        self.game = game
        self.seat = seat
        others = [o for o in range(len(st.players)) if o != seat]
        #: The opponent: with more than two players the leader, whose turn
        #: stands for all the others' (any of them may reach a cost).
        self.other = max(others, key=lambda o: (game.score(o), -o))
        names = [c for c in ("Colony", "Province", "Duchy", "Estate") if c in st.supply]
        self.names = names
        # Printed costs: a cost cut of this turn (Bridge) does not last.
        self.costs = [CARDS[c].cost for c in names]
        self.big = [c for c in names if c in BIG]
        self.odds = {seat: coin_odds(st.players[seat].all_cards(), self.costs),
                     self.other: _any_of([coin_odds(st.players[o].all_cards(), self.costs)
                                          for o in others])}
        # Each card's VP for each seat (Duke counts Duchies; Gardens aside).
        self.vp = {s: [self._vp_of(s, c) for c in names] for s in (seat, self.other)}
        self.turns_gap = st.players[seat].turns - st.players[self.other].turns
        self._memo: dict[tuple[tuple[int, ...], int, int, int], float] = {}
        avail = [i for i, c in enumerate(names) if st.supply.get(c, 0) > 0]
        #: Per seat: (card index, its VP) of the cards on offer, dearest first,
        #: and per coin bracket its odds and the first of those it affords.
        self._moves = {s: [(i, self.vp[s][i]) for i in avail] for s in (seat, self.other)}
        self._brackets = {s: [(p, sum(1 for i in avail if i < b))
                              for b, p in enumerate(self.odds[s]) if p > 0.0]
                          for s in (seat, self.other)}
        self.depth = DEPTH if len(self.big) == 1 else DEPTH - 2

    def _vp_of(self, seat: int, card: str) -> int:
        p = self.game.state.players[seat]
        owned = Counter(p.all_cards())
        before = total(owned)
        owned[card] += 1
        return total(owned) - before

    def _end_value(self, gap: int, ender_is_me: bool) -> float:
        """My share of the win when the game ends with me ``gap`` ahead."""
        if gap > 0:
            return 1.0
        if gap < 0:
            return 0.0
        turns = self.turns_gap if ender_is_me else self.turns_gap - 1
        return 0.0 if turns > 0 else 1.0 if turns < 0 else 0.5

    def value(self, piles: tuple[int, ...], gap: int, plies: int, my_move: bool) -> float:
        """My share of the win with ``piles`` big cards left (per :attr:`big`),
        ``gap`` points ahead, ``plies`` turns to search, ``my_move`` to move."""
        key = (piles, gap, plies, my_move)
        memo = self._memo.get(key)
        if memo is not None:
            return memo
        if plies == 0:
            scale = 4.0 + 2.0 * min(piles)
            v = 1.0 / (1.0 + math.exp(-gap / scale))
            self._memo[key] = v
            return v
        moves = self._moves[self.seat if my_move else self.other]
        sign = 1 if my_move else -1
        rest = self.value(piles, gap, plies - 1, not my_move)  # no Victory card
        # Each card's outcome once; a bracket takes the best among those it affords.
        outcome = [self._after(i, piles, gap + sign * vp, plies, my_move) for i, vp in moves]
        total_v = 0.0
        for p, first in self._brackets[self.seat if my_move else self.other]:
            best = rest
            for v in outcome[first:]:
                if (v > best) if my_move else (v < best):
                    best = v
            total_v += p * best
        self._memo[key] = total_v
        return total_v

    def _after(self, i: int, piles: tuple[int, ...], gap: int, plies: int,
               my_move: bool) -> float:
        """The value after the mover gained card ``i`` of :attr:`names`
        (ending the game if it was the last of a big pile)."""
        if i < len(self.big):
            left = list(piles)
            left[i] -= 1
            if left[i] <= 0:
                return self._end_value(gap, my_move)
            piles = tuple(left)
        return self.value(piles, gap, plies - 1, not my_move)

    def choice_values(self, options: Sequence[Optional[str]]) -> dict[Optional[str], float]:
        """My share of the win after buying each of ``options`` now (``None``:
        no Victory card), the opponent to move next."""
        st = self.game.state
        piles = tuple(st.supply[c] for c in self.big)
        gap = self.game.score(self.seat) - self.game.score(self.other)
        out: dict[Optional[str], float] = {}
        for card in options:
            if card is None:
                out[card] = self.value(piles, gap, self.depth, False)
                continue
            from .endgame import score_with

            mine = score_with(self.game, self.seat, card, buying=True)
            after_gap = mine - self.game.score(self.other)
            if card in self.big:
                out[card] = self._after(self.big.index(card), piles, after_gap, self.depth + 1,
                                        True)
            else:
                out[card] = self.value(piles, after_gap, self.depth, False)
        return out


def applies(game: "Game") -> bool:
    """Whether the race decides buys now: 2-4 players, few big cards left."""
    st = game.state
    if len(st.players) not in PLAYERS:
        return False
    return any(0 < st.supply.get(c, 0) <= START[c] for c in BIG)
