"""Victory point totals: exact ones, and the ones a viewer may know.

Every card a player gains or trashes is public, so anyone can count a
player's cards, and so their VP, with one exception in these sets: a card
passed with Masquerade is seen only by its giver and its receiver. Each such
pass is kept in :attr:`GameState.hidden_passes` (``[giver, receiver, card]``,
oldest first); it is recorded only when Masquerade passes a card to another
seat, so games without Masquerade pay nothing for it, and the record is
never shown (only the totals computed with it).

A viewer who is neither the giver nor the receiver of a pass (a spectator is
never either) counts the cards as if that pass had not happened: the passed
card stays with its giver, and Gardens, Duke and the like are scored on that
believed composition. A seat's own total is always exact, since it takes part
in every pass that moves its cards; at the end of the game all totals are.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Mapping, Optional

from .cards.card import CARDS

if TYPE_CHECKING:  # pragma: no cover
    from .state import GameState


def total(counts: Mapping[str, int], vp_tokens: int = 0) -> int:
    """VP of a player holding ``counts`` (card name -> copies: a ``Counter`` or
    a plain dict) with ``vp_tokens``."""
    points = vp_tokens
    cards: Optional[list[str]] = None
    for name, n in counts.items():
        if n <= 0:
            continue
        card = CARDS[name]
        if card.vp:
            points += card.vp * n
        if card.score is not None:
            if cards is None:  # what Counter.elements() gives, for a plain dict too
                cards = [c for c, k in counts.items() for _ in range(k)]
            points += card.score(cards) * n
    return points


def of_cards(cards: list[str], vp_tokens: int = 0) -> int:
    """``total(count(cards), vp_tokens)``, without counting the copies when no
    card scores by the deck (``Card.score``): then the total is each card's
    printed VP added up. Every game's result scores this way."""
    vp: dict[str, int] = {}
    for name in set(cards):
        card = CARDS[name]
        if card.score is not None:  # Gardens, Duke...: they need the counts
            return total(count(cards), vp_tokens)
        vp[name] = card.vp
    return vp_tokens + sum(map(vp.__getitem__, cards))


def count(cards: list[str]) -> dict[str, int]:
    """Copies of each card name in ``cards``: for a player's few distinct
    names, about twice as fast as ``Counter(cards)`` (every game's result)."""
    return {name: cards.count(name) for name in set(cards)}


def record_pass(state: "GameState", giver: int, receiver: int, card: str) -> None:
    """Note that ``giver`` passed ``card`` to ``receiver`` unseen by the others
    (:func:`add_pass` on the state's record)."""
    add_pass(state.hidden_passes, giver, receiver, card)


def add_pass(passes: list[list], giver: int, receiver: int, card: str) -> None:
    """Add a hidden pass to ``passes`` (``[giver, receiver, card]``, oldest first).

    A pass to oneself (2nd edition, a lone seat with cards) changes nothing.
    A pass that returns a card just as an earlier pass between the same two
    seats brought it cancels that pass: both are hidden from the same viewers
    and together move nothing, so 2-player games keep the record short.
    """
    if giver == receiver:
        return
    for i in range(len(passes) - 1, -1, -1):
        if passes[i] == [receiver, giver, card]:
            del passes[i]
            return
    passes.append([giver, receiver, card])


def believed_counts(state: "GameState", viewer: Optional[int]) -> list[Counter]:
    """Every player's cards (name -> copies) as ``viewer`` (``None``: a spectator) knows them.

    Passes the viewer did not take part in are undone, newest first. A pass
    whose card its receiver no longer has is evident from what the viewer saw
    (the receiver trashed, say, more Estates than it had been seen to own), so
    it is not undone: no count goes below zero.
    """
    counts = [Counter(p.all_cards()) for p in state.players]
    if state.game_over:
        return counts
    return undo_passes(counts, state.hidden_passes, viewer)


def undo_passes(counts: list[Counter], passes: list[list],
                viewer: Optional[int]) -> list[Counter]:
    """``counts`` (by seat) with the ``passes`` ``viewer`` did not see undone:
    ``counts`` itself when there are none, else new counters.

    Newest first; a pass whose card its receiver no longer has is evident
    from what the viewer saw, so it is not undone (no count below zero).
    """
    if not passes:
        return counts
    counts = [Counter(c) for c in counts]
    for giver, receiver, card in reversed(passes):
        if viewer == giver or viewer == receiver:
            continue
        if counts[receiver][card] > 0:
            counts[receiver][card] -= 1
            counts[giver][card] += 1
    return counts


def known_totals(state: "GameState", viewer: Optional[int]) -> list[int]:
    """Each player's VP total as ``viewer`` may know it: exact for the viewer
    itself and at the end of the game, else without the passes it did not see."""
    return [total(c, p.vp_tokens)
            for c, p in zip(believed_counts(state, viewer), state.players)]
