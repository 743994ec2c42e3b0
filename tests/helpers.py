"""Readable positions for scenario tests.

``position(hand=[...], deck=[...], discard=[...])`` builds a 2-player (or
larger) game where seat 0 is to act in its Action phase with exactly the given
cards. Decks are written top card first, as a player would read them.
"""

from __future__ import annotations

from typing import Any, Iterable, Optional, Sequence

from dominion import Answer, Game, new_game
from dominion.state import ACTION_PHASE, Turn

DEFAULT_KINGDOM = [
    "Cellar", "Chapel", "Moat", "Village", "Workshop",
    "Militia", "Smithy", "Throne Room", "Market", "Witch",
]


def position(
    hand: Sequence[str] = (),
    deck: Sequence[str] = (),
    discard: Sequence[str] = (),
    in_play: Sequence[str] = (),
    kingdom: Iterable[str] = DEFAULT_KINGDOM,
    players: int = 2,
    others: Optional[dict[int, dict[str, Sequence[str]]]] = None,
    supply: Optional[dict[str, int]] = None,
    phase: str = ACTION_PHASE,
    actions: int = 1,
    buys: int = 1,
    coins: int = 0,
    seed: int = 1,
    agents: Optional[dict[int, Any]] = None,
) -> Game:
    """A game where seat 0 holds exactly the given cards and is to act.

    :param others: zones of other seats, e.g. ``{1: {"hand": ["Moat"]}}``;
        unspecified zones of other seats are empty.
    :param supply: pile sizes to override, e.g. ``{"Curse": 1}``.
    """
    game = new_game(players, list(kingdom), seed=seed, agents=agents)
    st = game.state
    zones = {0: {"hand": hand, "deck": deck, "discard": discard, "in_play": in_play}}
    for seat, z in (others or {}).items():
        zones[seat] = z
    for seat, p in enumerate(st.players):
        z = zones.get(seat, {})
        p.hand = list(z.get("hand", ()))
        p.deck = list(reversed(z.get("deck", ())))  # stored top-last
        p.discard = list(z.get("discard", ()))
        p.in_play = list(z.get("in_play", ()))
        p.set_aside = []
        p.turns = 1 if seat == 0 else 0
    for name, n in (supply or {}).items():
        st.supply[name] = n
    st.turn = Turn(seat=0, phase=phase, actions=actions, buys=buys, coins=coins)
    return game


def deck_top(game: Game, seat: int = 0) -> list[str]:
    """A seat's deck, top card first."""
    return list(reversed(game.state.players[seat].deck))


def answer(game: Game, value: Any) -> list[dict[str, Any]]:
    """Answer the pending decision as whichever seat it is addressed to."""
    assert game.pending is not None, "no decision is pending"
    return game.apply(game.pending.seat, Answer(value))


def play(game: Game, card: str, seat: int = 0) -> list[dict[str, Any]]:
    return game.apply(seat, {"type": "play", "card": card})
