"""Readable positions for scenario tests.

``position(hand=[...], deck=[...], discard=[...])`` builds a 2-player (or
larger) game where seat 0 is to act in its Action phase with exactly the given
cards. Decks are written top card first, as a player would read them.
"""

from __future__ import annotations

import json

from typing import Any, Iterable, Optional, Sequence

import pytest

from dominion import Answer, Game, IllegalCommand, new_game
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
    edition: str = "2",
    colony: bool = False,
) -> Game:
    """A game where seat 0 holds exactly the given cards and is to act.

    :param others: zones of other seats, e.g. ``{1: {"hand": ["Moat"]}}``;
        unspecified zones of other seats are empty.
    :param supply: pile sizes to override, e.g. ``{"Curse": 1}``.
    :param edition: the rules edition; ``colony``: with Platinum and Colony.
    """
    game = new_game(players, list(kingdom), seed=seed, agents=agents, edition=edition,
                    colony=colony)
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


def me(game: Game, seat: int = 0):
    """The player object of ``seat``."""
    return game.state.players[seat]


def of_type(events: list[dict[str, Any]], kind: str, seat: Optional[int] = None) -> list[dict[str, Any]]:
    """The events of one type (and seat, if given), in order."""
    return [e for e in events if e["type"] == kind and (seat is None or e["seat"] == seat)]


def pending_is(game: Game, seat: int, prompt: str):
    """The open decision, after checking it is ``prompt`` for ``seat``."""
    d = game.pending
    assert d is not None, f"expected {prompt} for seat {seat}, nothing is pending"
    assert (d.seat, d.prompt) == (seat, prompt), d
    return d


def assert_invalid(game: Game, value: Any) -> None:
    """An invalid answer raises ``invalid_answer`` and changes nothing."""
    saved = game.to_dict()
    pending = game.pending
    with pytest.raises(IllegalCommand) as err:
        answer(game, value)
    assert err.value.code == "invalid_answer"
    assert game.to_dict() == saved
    assert game.pending == pending


def round_trip(game: Game, *answers: Any) -> None:
    """Save ``game`` mid-decision, load it twice (dict and JSON), and finish
    all three with ``answers``: the copies rebuild the same decision, partial
    state and view, and end with the same events and the same game."""
    assert game.pending is not None
    copies = [Game.from_dict(json.loads(json.dumps(game.to_dict()))),
              Game.from_json(game.to_json())]
    for c in copies:
        assert c.pending == game.pending
        assert c.state.to_dict() == game.state.to_dict()
        assert c == game
        assert c.view(game.pending.seat) == game.view(game.pending.seat)
    for a in answers:
        events = answer(game, a)
        for c in copies:
            assert answer(c, a) == events
    for c in copies:
        assert c.to_dict() == game.to_dict()
        assert c.pending == game.pending
