"""Buying and gaining, with everything that reacts to them.

Order of a buy (rules.md 5, 6.1; cards.json Mint, Hoard, Talisman):

1. the Buy and the coins are spent (``buy`` event);
2. the bought card's own "when you buy this" (Mint 1E: your Treasures in
   play are trashed *before* Mint is gained, so a Royal Seal cannot take it);
3. the card is gained (below), with ``Gain.bought`` set;
4. each card in play reacts to the buy, once per copy (Hoard 1E, Talisman,
   Goons). The bought card is already gained, so a Talisman's copy never
   takes the last card of a pile from the card that was bought.

Order of a gain, on any player's turn:

1. the card leaves its pile (or the trash: Thief, Lurker) for the discard
   pile, hand or deck (``gain``);
2. the first card gained from a Victory pile moves its Trade Route token to
   the mat (``trade_route``), whatever happens to the card next; a card
   gained from the trash leaves no pile, so no token moves;
3. the gained card's own "when you gain this" (Mint 2E);
4. the gainer's cards in play, once per card name (Royal Seal);
5. on the gainer's own turn, "this turn, when you gain" counters in
   ``Turn.effects`` (:func:`this_turn`: Hoard 2E, Collection, Tiara);
6. Reactions in the gainer's hand, once per card name (Watchtower).

A card gained from the trash is a gain like any other: steps 3 to 6 run
for it too (Watchtower, Royal Seal, Collection, Tiara, Mint 2E).

The gain stays a gain when a later step moves the card (Watchtower trashes
it: Hoard's Gold and the Trade Route token stand). Hooks that move the card
use :func:`move_gained`, which does nothing once the card has left the place
it was gained to.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from .cards.card import CARDS

if TYPE_CHECKING:  # pragma: no cover
    from .engine import Game

ZONES = ("discard", "hand", "deck")

# (game, seat that gains, the gain, how many times the effect was set up this turn)
ThisTurnHook = Callable[["Game", int, "Gain", int], None]

#: "This turn, when you gain a card" effects, by their ``Turn.effects`` key.
THIS_TURN: dict[str, ThisTurnHook] = {}


def this_turn(key: str) -> Callable[[ThisTurnHook], ThisTurnHook]:
    """Register what a "this turn, when you gain" counter does on each gain.

    A card sets the counter when played (``game.turn.add_effect(key)``); the hook
    then runs for every card its player gains for the rest of the turn, with
    the counter's value, even if the card has left play (Hoard 2E).

    :raises ValueError: if ``key`` is registered twice.
    """

    def register(fn: ThisTurnHook) -> ThisTurnHook:
        if key in THIS_TURN:
            raise ValueError(f"this-turn gain effect {key!r} is registered twice")
        THIS_TURN[key] = fn
        return fn

    return register


@dataclass(slots=True)
class Gain:
    """One gained card, as the hooks that react to it see it.

    :param card: the card's name.
    :param seat: who gained it.
    :param to: where it went: ``discard``, ``hand`` or ``deck``.
    :param bought: it was gained by buying it (Hoard 2E).
    :param moved: a hook already moved it away from ``to`` (Watchtower).
    """

    card: str
    seat: int
    to: str
    bought: bool = False
    moved: bool = False


def gain(game: "Game", seat: int, name: str, to: str = "discard", bought: bool = False,
         from_trash: bool = False) -> bool:
    """Gain a card from its supply pile (or the trash) to ``to`` and run every gain hook.

    :param from_trash: take the card out of the trash instead (Thief, Lurker).
    :returns: whether a card was gained (False if the pile is empty, or the
        card is not in the trash).
    :raises ValueError: if ``to`` is not one of :data:`ZONES` (a bug in a card).
    """
    st = game.state
    if from_trash:
        if name not in st.trash:
            return False
        st.trash.remove(name)
    else:
        supply = st.supply
        left = supply.get(name, 0)
        if left <= 0:
            return False
        supply[name] = left - 1
        if left == 1:
            game._piles_full = False  # the pile is empty now: the end of the turn looks
    p = st.players[seat]
    if to == "discard":
        p.discard.append(name)
    elif to == "hand":
        p.hand.append(name)
    elif to == "deck":
        p.deck.append(name)
    else:  # pragma: no cover - programming error in a card
        raise ValueError(f"cannot gain to {to!r}")
    p.cards_version += 1
    p.last_gain = (p.cards_version, name)
    if game._events is not None:  # simulations record none
        if from_trash:
            game.emit("gain", seat, card=name, to=to, source="trash")
        else:
            game.emit("gain", seat, card=name, to=to)
    if st.trade_route and not from_trash and name in st.trade_route:
        st.trade_route.remove(name)
        st.trade_route_mat += 1
        game.emit("trade_route", seat, card=name, mat=st.trade_route_mat)
    turn = st.turn
    own_turn_effects = seat == turn.seat and turn.effects
    if not (game.gain_hooks or own_turn_effects):
        return True
    card = CARDS[name]
    g = Gain(name, seat, to, bought)
    if card.on_gain is not None:
        card.on_gain(game, seat, g)
    for c in _distinct(p.in_play):
        react = CARDS[c].on_gain_in_play
        if react is not None:
            react(game, seat, g)
    if own_turn_effects:
        for key, effect in THIS_TURN.items():
            n = turn.effects.get(key, 0)
            if n:
                effect(game, seat, g, n)
    for c in _distinct(p.hand):
        react = CARDS[c].on_gain_in_hand
        if react is not None:
            react(game, seat, g)
    return True


def buy(game: "Game", seat: int, name: str) -> None:
    """Buy ``name`` (already checked legal): spend a Buy and its cost, then gain it."""
    turn = game.state.turn
    turn.buys -= 1
    # The printed cost without the call when no rule changes costs (every Big Money buy).
    turn.coins -= game.cost(name) if game._cost_rules or turn.effects else CARDS[name].cost
    turn.bought = True
    if game._events is not None:
        game.emit("buy", seat, card=name)
    if not game.buy_hooks:
        st = game.state
        if game.gain_hooks or turn.effects or st.trade_route or game._events is not None:
            gain(game, seat, name, "discard", True)
            return
        # gain()'s path when nothing reacts to the gain (every Big Money buy), inline.
        supply = st.supply
        left = supply.get(name, 0)
        if left > 0:
            supply[name] = left - 1
            if left == 1:
                game._piles_full = False  # the pile is empty now (Game._piles_full)
            p = st.players[seat]
            p.discard.append(name)
            version = p.cards_version = p.cards_version + 1
            p.last_gain = (version, name)
        return
    card = CARDS[name]
    if card.on_buy is not None:
        card.on_buy(game, seat)
    gain(game, seat, name, "discard", True)
    for c in list(game.state.players[seat].in_play):
        react = CARDS[c].on_buy_in_play
        if react is not None:
            react(game, seat, name)


def move_gained(game: "Game", g: Gain, where: str) -> bool:
    """Move a just-gained card onto its gainer's deck (``deck``) or to the trash.

    Does nothing if the card already left the place it was gained to (another
    hook moved it) or is already there.

    :returns: whether the card moved.
    """
    p = game.state.players[g.seat]
    zone: list[str] = getattr(p, g.to)
    if g.moved or where == g.to or g.card not in zone:
        return False
    if g.to == "deck":
        if zone[-1] != g.card:  # something was put onto it since
            return False
        zone.pop()
    else:
        del zone[len(zone) - 1 - zone[::-1].index(g.card)]  # the copy just gained
    g.moved = True
    if where == "deck":
        p.deck.append(g.card)
        game.emit("topdeck", g.seat, cards=[g.card], private=False)  # the gain was public
    else:
        game.trash_cards(g.seat, [g.card])
    return True


def _distinct(cards: list[str]) -> list[str]:
    """Each name once, in first-seen order (a snapshot: hooks may move cards)."""
    return list(dict.fromkeys(cards))
