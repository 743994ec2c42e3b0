"""Statistics of a finished game: public figures per turn, from its event log.

Everything here is what any spectator could have written down while watching,
plus what the end of the game reveals (each player's cards):

* the turns, each with its player and the coins that player made in it;
* each player's VP after each turn, counted from the public events: the
  starting deck, every gain and trash (public, ``views.render_event`` never
  hides them), VP tokens; a Masquerade pass is seen only by its giver and
  receiver, so the totals after each turn are the ones a spectator knew
  (:func:`dominion.scores.undo_passes`), and the totals after the last turn
  are exact, as at the end of every game;
* the cards each player gained in each turn;
* the shuffles of each player (``shuffle`` events: reshuffles during the game,
  not the shuffle of the starting deck at set-up) and the turns taken;
* each player's final cards (public at the end, as the end screen shows them).

The event log holds all of this but the coins: no event says how many coins a
turn made. :class:`Recorder` therefore follows the game command by command (a
replay of the command log, or the live game) and notes the coins each buy
spent and the coins left when a turn ended; an ``undo`` takes back the undone
command's events and so its notes with them, exactly as the stored log loses
them. :func:`summarize` works from events alone; without a recorder's notes
the coins are ``None``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable, Optional

from .cards.card import CARDS
from .commands import Buy, EndPhase, Undo, parse_command
from .scores import add_pass, total, undo_passes
from .state import BUY_PHASE

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Event, Game
    from .state import GameState

#: Every player's cards when the game starts (setup.py deals these).
STARTING_DECK = {"Copper": 7, "Estate": 3}

#: Keys :class:`Recorder` adds to the events it keeps (never stored or shown).
SPENT = "_spent"


@dataclass(slots=True)
class TurnStats:
    """One turn of the game, as everyone saw it.

    :param number: the turn's number, counted over all seats from 1.
    :param seat: whose turn it was.
    :param coins: the coins that player made in the turn (spent and unspent),
        ``None`` when unknown (no recorder followed the game).
    :param gains: the cards each seat gained during the turn, by seat.
    :param vp: each seat's VP after the turn, as a spectator knew them
        (exact after the last turn).
    """

    number: int
    seat: int
    coins: Optional[int]
    gains: list[list[str]]
    vp: list[int]


@dataclass(slots=True)
class PlayerStats:
    """One seat's totals over the game."""

    seat: int
    turns: int
    shuffles: int
    gained: int
    vp: int
    cards: dict[str, int]


@dataclass(slots=True)
class GameStats:
    """The statistics of one finished game."""

    turns: list[TurnStats]
    players: list[PlayerStats]
    end_reason: Optional[str]

    def to_dict(self) -> dict[str, Any]:
        return {
            "end_reason": self.end_reason,
            "turns": [{"number": t.number, "seat": t.seat, "coins": t.coins,
                       "gains": [list(g) for g in t.gains], "vp": list(t.vp)}
                      for t in self.turns],
            "players": [{"seat": p.seat, "turns": p.turns, "shuffles": p.shuffles,
                         "gained": p.gained, "vp": p.vp, "cards": dict(p.cards)}
                        for p in self.players],
        }


@dataclass
class Recorder:
    """Follows a game through :meth:`apply` and keeps its events with the coins.

    Apply every command the game received, in order, undos included; the
    recorder keeps the events that still happened (an undo drops the undone
    command's events, as the server's log does) with the coins each buy spent,
    and the coins left at the end of each turn.

    :param game: the game from its start (``new_game``), or live.
    """

    game: "Game"
    events: list["Event"] = field(default_factory=list)
    #: turn number -> coins left unspent when the turn ended.
    left: dict[int, int] = field(default_factory=dict)
    #: The first turn's player (that turn has no ``turn`` event).
    first_seat: int = field(init=False)
    #: Each seat's cards when the recorder began.
    start: list[Counter] = field(init=False)

    def __post_init__(self) -> None:
        self.first_seat = self.game.state.turn.seat
        self.start = [Counter(p.all_cards()) for p in self.game.state.players]

    def apply(self, seat: int, command: Any) -> list["Event"]:
        """Apply ``command`` of ``seat`` to the game and keep its events.

        :returns: the events the game returned.
        :raises IllegalCommand: as :meth:`Game.apply` (nothing is kept).
        """
        game = self.game
        cmd = parse_command(command)
        turn = game.state.turn
        starting = game.suspended is None
        cost = game.buy_cost(cmd.card) if starting and isinstance(cmd, Buy) else None
        number, coins = turn.number, turn.coins
        ends_turn = starting and isinstance(cmd, EndPhase) and turn.phase == BUY_PHASE
        new = game.apply(seat, cmd)
        if isinstance(cmd, Undo):
            if game.retracted:
                del self.events[len(self.events) - game.retracted:]
            return new
        if cost is not None:
            for e in new:
                if e["type"] == "buy":
                    e[SPENT] = cost
                    break
        if ends_turn:
            # Ending a turn is never undone, and spends nothing.
            self.left[number] = coins
        self.events.extend(new)
        return new

    def stored_events(self) -> list["Event"]:
        """The kept events without the recorder's notes (as the server stores them)."""
        return [{k: v for k, v in e.items() if k != SPENT} for e in self.events]

    def coins(self) -> dict[int, int]:
        """Turn number -> coins made in that turn, for every finished turn."""
        spent: Counter[int] = Counter()
        number = 1
        for e in self.events:
            if e["type"] == "turn":
                number = e["number"]
            elif SPENT in e:
                spent[number] += e[SPENT]
        return {n: left + spent[n] for n, left in self.left.items()}

    def summary(self) -> "GameStats":
        """:func:`summarize` of the game followed so far (it must be over)."""
        return summarize(self.events, self.game.state, self.first_seat, self.coins(),
                         self.start)


def first_seat_of(events: Iterable["Event"]) -> int:
    """The seat of the first turn, read from a log: whoever acted first.

    The first turn has no ``turn`` event; every event before the first one
    belongs to that turn, and its first event is the turn player's own (a
    play, a buy, or the clean-up draw). Seat events of the server carry a
    ``by`` and are skipped.

    :raises ValueError: if the log has no event of a seat.
    """
    for e in events:
        if e.get("seat") is not None and "by" not in e:
            return int(e["seat"])
    raise ValueError("the log has no event of a seat")


def summarize(events: Iterable["Event"], state: "GameState", first_seat: int,
              coins: Optional[dict[int, int]] = None,
              start: Optional[list[Counter]] = None) -> GameStats:
    """The statistics of a finished game from its events.

    :param events: the game's events as the engine emitted them (hidden cards
        included: they are needed for exact counts, and only totals leave).
    :param state: the final state (its cards are public once the game is over).
    :param first_seat: the seat of turn 1.
    :param coins: turn number -> coins made (:meth:`Recorder.coins`), if known.
    :param start: each seat's cards at the start (default: :data:`STARTING_DECK`).
    :raises ValueError: if the game is not over.
    """
    if not state.game_over:
        raise ValueError("statistics are only for finished games")
    n = len(state.players)
    cards = [Counter(c) for c in start] if start is not None else [
        Counter(STARTING_DECK) for _ in range(n)]
    tokens = [0] * n
    shuffles = [0] * n
    gained = [0] * n
    passes: list[list] = []
    turns: list[TurnStats] = []
    current = TurnStats(1, first_seat, None, [[] for _ in range(n)], [])

    def close(turn: TurnStats, exact: bool) -> None:
        counts = cards if exact else undo_passes(cards, passes, None)
        turn.vp = [total(c, t) for c, t in zip(counts, tokens)]
        turn.coins = coins.get(turn.number) if coins is not None else None
        turns.append(turn)

    for e in events:
        kind = e["type"]
        seat = e.get("seat")
        if seat is None:  # game_over: nothing of a seat
            continue
        if kind == "turn":
            close(current, False)
            current = TurnStats(e["number"], seat, None, [[] for _ in range(n)], [])
        elif kind == "gain":
            cards[seat][e["card"]] += 1
            current.gains[seat].append(e["card"])
            gained[seat] += 1
        elif kind == "trash" and e.get("source") != "supply":
            cards[seat].subtract(e["cards"])
        elif kind == "pass":
            receiver = e["receiver"]
            cards[seat].subtract(e["cards"])
            cards[receiver].update(e["cards"])
            for c in e["cards"]:
                add_pass(passes, seat, receiver, c)
        elif kind == "vp":
            tokens[seat] = e["total"]
        elif kind == "shuffle":
            shuffles[seat] += 1
    close(current, True)
    final = [Counter(p.all_cards()) for p in state.players]
    players = [
        PlayerStats(i, p.turns, shuffles[i], gained[i], total(final[i], p.vp_tokens),
                    _deck(final[i]))
        for i, p in enumerate(state.players)
    ]
    return GameStats(turns, players, state.end_reason)


def _deck(counts: Counter) -> dict[str, int]:
    """Card counts, dearest first, as the end screen lists a deck."""
    return {name: counts[name]
            for name in sorted(counts, key=lambda c: (-CARDS[c].cost, c)) if counts[name] > 0}
