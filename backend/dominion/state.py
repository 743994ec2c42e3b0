"""The game state as plain data: players, supply, trash, turn, random generator.

Everything the rules need lives here and round-trips through :meth:`to_dict` /
:meth:`from_dict`. Cards are their English names. A player's deck is a list
whose *end* is the top card, so drawing is a cheap slice from the end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional

from .rng import Rng

ACTION_PHASE = "action"
BUY_PHASE = "buy"
PHASES = (ACTION_PHASE, BUY_PHASE)

#: Rules editions. A game plays the text of its edition where a card changed
#: functionally between editions (rules.md section 9); other cards are alike.
FIRST_EDITION = "1"
SECOND_EDITION = "2"
EDITIONS = (FIRST_EDITION, SECOND_EDITION)


@dataclass(slots=True)
class Player:
    """One seat's cards and counters."""

    name: str
    hand: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)  # top card last
    discard: list[str] = field(default_factory=list)  # top card last
    in_play: list[str] = field(default_factory=list)
    set_aside: list[str] = field(default_factory=list)
    vp_tokens: int = 0
    turns: int = 0
    #: Goes up whenever the player may have gained, lost or passed cards, or
    #: taken cards off the deck (out of every zone until they are placed), so
    #: a bot can keep figures about this player object's cards until they
    #: change. Not saved.
    cards_version: int = field(default=0, compare=False, repr=False)
    #: The version the last gain made and the card gained: a bot whose
    #: figures are of the version just before adds that card. Not saved.
    last_gain: tuple[int, str] = field(default=(0, ""), compare=False, repr=False)

    def all_cards(self) -> list[str]:
        """Every card the player owns, wherever it is."""
        return self.hand + self.deck + self.discard + self.in_play + self.set_aside

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "hand": list(self.hand),
            "deck": list(self.deck),
            "discard": list(self.discard),
            "in_play": list(self.in_play),
            "set_aside": list(self.set_aside),
            "vp_tokens": self.vp_tokens,
            "turns": self.turns,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Player":
        return cls(
            d["name"],
            list(d["hand"]),
            list(d["deck"]),
            list(d["discard"]),
            list(d["in_play"]),
            list(d["set_aside"]),
            d["vp_tokens"],
            d["turns"],
        )


@dataclass(slots=True)
class Turn:
    """Counters of the turn in progress; reset at the start of each turn.

    ``effects`` holds "this turn" counters that outlive the card that made
    them (cost reductions, Merchant bonuses, Hoard 2E, ...), by key. ``names``
    holds the cards named for an effect this turn, by key: ``contraband``
    (cards that may not be bought), ``war_chest`` (cards War Chest may not gain).
    """

    seat: int = 0
    number: int = 1  # 1-based count of turns taken in the game so far
    phase: str = ACTION_PHASE
    actions: int = 1
    buys: int = 1
    coins: int = 0
    bought: bool = False  # a card was bought: no more Treasures this turn
    actions_played: int = 0
    silver_played: bool = False
    effects: dict[str, int] = field(default_factory=dict)
    names: dict[str, list[str]] = field(default_factory=dict)

    def next(self, seat: int) -> None:
        """Become the next turn, of ``seat``: the number goes up and every
        other counter is back at its start, as in a new ``Turn`` (reset in
        place: the simulator starts some 200,000 turns a second)."""
        self.seat = seat
        self.number += 1
        self.phase = ACTION_PHASE
        self.actions = 1
        self.buys = 1
        self.coins = 0
        self.bought = False
        self.actions_played = 0
        self.silver_played = False
        if self.effects:
            self.effects = {}
        if self.names:
            self.names = {}

    def add_effect(self, key: str, n: int = 1) -> None:
        """Raise a "this turn" counter (Bridge, Coppersmith, Hoard 2E, Quarry 2E...)."""
        self.effects[key] = self.effects.get(key, 0) + n

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "number": self.number,
            "phase": self.phase,
            "actions": self.actions,
            "buys": self.buys,
            "coins": self.coins,
            "bought": self.bought,
            "actions_played": self.actions_played,
            "silver_played": self.silver_played,
            "effects": dict(self.effects),
            "names": {k: list(v) for k, v in self.names.items()},
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Turn":
        return cls(
            d["seat"],
            d["number"],
            d["phase"],
            d["actions"],
            d["buys"],
            d["coins"],
            d["bought"],
            d["actions_played"],
            d["silver_played"],
            dict(d["effects"]),
            {k: list(v) for k, v in d["names"].items()},
        )


@dataclass(slots=True)
class GameState:
    """The complete state of a game between commands."""

    players: list[Player]
    supply: dict[str, int]  # pile name -> cards left, in display order
    kingdom: list[str]
    rng: Rng
    trash: list[str] = field(default_factory=list)
    turn: Turn = field(default_factory=Turn)
    game_over: bool = False
    end_reason: Optional[str] = None
    edition: str = SECOND_EDITION
    # Trade Route (rules.md 5): Victory piles still carrying a token, and the
    # tokens moved to the mat. Empty and 0 in games without Trade Route.
    trade_route: list[str] = field(default_factory=list)
    trade_route_mat: int = 0
    # Masquerade passes hidden from third parties: [giver, receiver, card],
    # oldest first (scores.py). Never shown in a view; empty without Masquerade.
    hidden_passes: list[list] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": [p.to_dict() for p in self.players],
            "supply": [[k, v] for k, v in self.supply.items()],
            "kingdom": list(self.kingdom),
            "rng": self.rng.to_dict(),
            "trash": list(self.trash),
            "turn": self.turn.to_dict(),
            "game_over": self.game_over,
            "end_reason": self.end_reason,
            "edition": self.edition,
            "trade_route": list(self.trade_route),
            "trade_route_mat": self.trade_route_mat,
            "hidden_passes": [list(p) for p in self.hidden_passes],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "GameState":
        return cls(
            [Player.from_dict(p) for p in d["players"]],
            {k: v for k, v in d["supply"]},
            list(d["kingdom"]),
            Rng.from_dict(d["rng"]),
            list(d["trash"]),
            Turn.from_dict(d["turn"]),
            d["game_over"],
            d["end_reason"],
            d["edition"],
            list(d["trade_route"]),
            d["trade_route_mat"],
            [list(p) for p in d["hidden_passes"]],
        )
