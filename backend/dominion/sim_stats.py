"""The simulator's statistics: results with confidence intervals, and figures
per turn collected from the games.

**Results.** Each bot's wins, ties and losses are proportions of the games
with a 95% **Wilson score interval** (better than the normal approximation
near 0% and 100% and for few games). A *win* is a game the bot alone won, a
*tie* one it shares with others (after the turns tie-breaker), a *loss* any
other game, including one stopped at the turn limit (no winner). Its *score*
counts a k-way tie as 1/k of a win (a tie is half in a 2-player game); its
interval is the Wilson interval of those points as a proportion of the
games, which is conservative (ties make a score vary less than a win or a
loss). A bot's *turns* are the turns it took per game: mean, sample standard
deviation and the normal interval mean ± 1.96 sd/√n.

**Per turn.** With ``per_turn`` the simulator plays each game turn by turn
(:func:`play_observed`) and reads, at the end of every turn (after its
clean-up), the state of the seat that took it: VP (:func:`dominion.scores.total`
over all its cards and tokens), its *money* (the sum of ``Card.coins``, the
fixed coins a Treasure makes when played, over every card it owns: Copper 1,
Silver 2, Gold 3, Platinum 5, Harem, Hoard and Royal Seal 2, Contraband 3,
Loan, Quarry, Talisman, Venture and the like 1; Bank, Investment, Tiara and
War Chest 0, as what they make depends on the turn; an Action's +$ is not
counted), its *deck size* (every card it owns, in any zone) and *money
density* = money / deck size. The figure of a bot's k-th turn is the average
over the games in which it took a k-th turn; ``games`` says how many.

Figures are added up in game order in one process, whatever ``--jobs`` is,
so parallel runs give the same floats as one process.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping, Optional, Sequence

from .cards.card import CARDS
from .fastplay import play_turns, turn_choices
from .scores import total

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Game
    from .state import Player

#: The confidence level of every interval, and its two-sided normal quantile.
CONFIDENCE = 0.95
Z95 = 1.959963984540054

#: A seat's figures at the end of one of its turns: (VP, money, deck size).
TurnRow = tuple[int, int, int]


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of the proportion ``successes / n``.

    ``successes`` may be fractional (a score with shared wins).

    :raises ValueError: if ``n`` < 1 or ``successes`` is outside 0..n.
    """
    if n < 1:
        raise ValueError("an interval needs at least one game")
    if not 0 <= successes <= n:
        raise ValueError(f"{successes} successes out of {n}")
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # Clamp the rounding noise at the ends (0 successes must give exactly 0).
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_sd_ci(count: int, s: float, s2: float, z: float = Z95) -> dict[str, float]:
    """Mean, sample standard deviation and normal interval from the count,
    sum and sum of squares of a sample.

    :raises ValueError: if ``count`` < 1.
    """
    if count < 1:
        raise ValueError("a mean needs at least one value")
    mean = s / count
    var = (s2 - s * s / count) / (count - 1) if count > 1 else 0.0
    sd = math.sqrt(max(0.0, var))  # max: rounding can make a zero variance negative
    half = z * sd / math.sqrt(count)
    return {"mean": round(mean, 3), "sd": round(sd, 3), "low": round(mean - half, 3),
            "high": round(mean + half, 3)}


def _rate(successes: float, n: int) -> dict[str, float]:
    low, high = wilson(successes, n)
    return {"value": round(successes / n, 4), "low": round(low, 4), "high": round(high, 4)}


# ----------------------------------------------------------------------
# Per-turn figures of one game


_COINS = {name: card.coins for name, card in CARDS.items()}
_VP = {name: card.vp for name, card in CARDS.items()}
_SCORED = frozenset(name for name, card in CARDS.items() if card.score is not None)


def turn_row(player: "Player") -> TurnRow:
    """A player's (VP, money, deck size) now (see the module's definitions)."""
    cards = player.all_cards()
    money = sum(map(_COINS.__getitem__, cards))
    if _SCORED.isdisjoint(cards):  # fixed VP only: no need to count the cards
        vp = player.vp_tokens + sum(map(_VP.__getitem__, cards))
    else:  # Gardens, Duke...: the scoring of the game's end
        vp = total(Counter(cards), player.vp_tokens)
    return vp, money, len(cards)


def play_observed(game: "Game", bots: Mapping[int, Any], last: int) -> list[list[TurnRow]]:
    """Play the game as :func:`dominion.fastplay.play_turns` does, one turn
    per call, and return each seat's :func:`turn_row` after each of its turns.

    The game is the one ``play_turns(game, bots, last)`` plays: the same calls
    run in the same order, with the bots' turn choices looked up once as
    ``play_turns`` does; only the state is read between turns.
    """
    st = game.state
    choices = {seat: turn_choices(game, bot) for seat, bot in bots.items()}
    rows: list[list[TurnRow]] = [[] for _ in st.players]
    while not st.game_over and st.turn.number <= last:
        seat = st.turn.seat
        play_turns(game, bots, st.turn.number, choices)
        rows[seat].append(turn_row(st.players[seat]))
    return rows


# ----------------------------------------------------------------------
# Adding up the games


@dataclass
class BotTally:
    """One bot's results over the games so far."""

    wins: int = 0
    ties: int = 0
    losses: int = 0
    points: float = 0.0
    turns: int = 0
    turns2: int = 0
    # Per own turn k (index k - 1): games reached, sums of VP, money, deck size, density.
    reached: list[int] = field(default_factory=list)
    vp: list[int] = field(default_factory=list)
    money: list[int] = field(default_factory=list)
    size: list[int] = field(default_factory=list)
    density: list[float] = field(default_factory=list)

    def add_turns(self, rows: Sequence[TurnRow]) -> None:
        """Add one game's per-turn rows of this bot."""
        grow = len(rows) - len(self.reached)
        if grow > 0:
            for series in (self.reached, self.vp, self.money, self.size):
                series.extend([0] * grow)
            self.density.extend([0.0] * grow)
        for k, (vp, money, size) in enumerate(rows):
            self.reached[k] += 1
            self.vp[k] += vp
            self.money[k] += money
            self.size[k] += size
            self.density[k] += money / size if size else 0.0


class Tally:
    """Every bot's results, added one game at a time in game order."""

    def __init__(self, bots: Sequence[str]) -> None:
        self.bots = list(bots)
        self.games = 0
        self.tied_games = 0  # games with more than one winner
        self.tallies = [BotTally() for _ in bots]
        self.per_turn = False

    def add(self, result: Mapping[str, Any], shift: int) -> None:
        """Add one game's result, whose seat i held bot ``(i + shift) % n``."""
        n = len(self.bots)
        self.games += 1
        winners = {(w + shift) % n for w in result["winners"]}
        self.tied_games += len(winners) > 1
        seat_turns = result.get("seat_turns")
        if seat_turns is None:  # seat s takes turns s+1, s+1+n, ... (no extra turns in these sets)
            seat_turns = [(result["turns"] - s + n - 1) // n for s in range(n)]
        for seat, taken in enumerate(seat_turns):
            t = self.tallies[(seat + shift) % n]
            t.turns += taken
            t.turns2 += taken * taken
        for b, t in enumerate(self.tallies):
            if b not in winners:
                t.losses += 1
            elif len(winners) == 1:
                t.wins += 1
                t.points += 1
            else:
                t.ties += 1
                t.points += 1 / len(winners)
        rows = result.get("per_turn")
        if rows is not None:
            self.per_turn = True
            for seat, seat_rows in enumerate(rows):
                self.tallies[(seat + shift) % n].add_turns(seat_rows)

    def results(self) -> list[dict[str, Any]]:
        """Each bot's results with intervals, in ``bots`` order (keys in README)."""
        g = self.games
        out = []
        for name, t in zip(self.bots, self.tallies):
            out.append({
                "bot": name,
                "wins": t.wins, "ties": t.ties, "losses": t.losses,
                "win_rate": _rate(t.wins, g),
                "tie_rate": _rate(t.ties, g),
                "loss_rate": _rate(t.losses, g),
                "score": {"points": round(t.points, 2), **_rate(min(t.points, g), g)},
                "turns": mean_sd_ci(g, t.turns, t.turns2),
            })
        return out

    def series(self) -> Optional[list[dict[str, Any]]]:
        """Each bot's per-turn averages (keys in README), or ``None`` if the
        games were played without ``per_turn``."""
        if not self.per_turn:
            return None
        out = []
        for name, t in zip(self.bots, self.tallies):
            r = t.reached
            out.append({
                "bot": name,
                "turn": list(range(1, len(r) + 1)),
                "games": list(r),
                "vp": [round(v / c, 3) for v, c in zip(t.vp, r)],
                "money": [round(v / c, 3) for v, c in zip(t.money, r)],
                "money_density": [round(v / c, 4) for v, c in zip(t.density, r)],
                "deck_size": [round(v / c, 3) for v, c in zip(t.size, r)],
            })
        return out
