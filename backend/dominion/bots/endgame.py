"""Endgame arithmetic for the Hard bot: which gains end the game, and with
what result.

The bot counts the score (VP of every owned card, Gardens and Duke with the
gained card, VP tokens and Goons' token for a buy) and the piles: it takes
the game-ending card when that wins, never one that loses, and follows the
penultimate-Province rule (with two players: do not leave the opponent a
winning last Province when a Duchy would put this player ahead instead).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Iterable, Optional

from ..cards.card import CARDS
from ..scores import total

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game

WIN, SHARE, LOSE = 1, 0, -1


def ends_game(game: "Game", card: str) -> bool:
    """Whether gaining one ``card`` now ends the game (its pile's last card
    being a Province, a Colony or the pile that makes 3 empty, 4 with 5+ players)."""
    st = game.state
    if st.supply.get(card, 0) != 1:
        return False
    if card == "Province" or card == "Colony":
        return True
    limit = 3 if len(st.players) <= 4 else 4
    return game.empty_piles() + 1 >= limit


def score_with(game: "Game", seat: int, card: Optional[str], buying: bool,
               copies: int = 1) -> int:
    """``seat``'s score after gaining ``copies`` of ``card`` (Goons in play
    add a token per buy)."""
    p = game.state.players[seat]
    owned = Counter(p.all_cards())
    if card is not None:
        owned[card] += copies
    tokens = p.vp_tokens
    if buying and game.state.turn.seat == seat:
        tokens += p.in_play.count("Goons") * copies
    return total(owned, tokens)


def outcome(game: "Game", seat: int, card: str, buying: bool, copies: int = 1) -> int:
    """:data:`WIN`, :data:`SHARE` or :data:`LOSE` if the game ended with this gain
    (of ``copies``; ties go to the seats with fewer turns, as
    :meth:`Game.result` says)."""
    st = game.state
    mine = score_with(game, seat, card, buying, copies)
    turns = st.players[seat].turns
    result = WIN
    for o in range(len(st.players)):
        if o == seat:
            continue
        theirs = game.score(o)
        if theirs > mine:
            return LOSE
        if theirs == mine:
            if st.players[o].turns < turns:
                return LOSE
            result = SHARE
    return result


def winning_end(game: "Game", seat: int, options: Iterable[str]) -> Optional[str]:
    """The game-ending card among ``options`` that wins, the highest-scoring one."""
    best: Optional[str] = None
    best_score = -10**9
    for card in options:
        if ends_game(game, card) and outcome(game, seat, card, buying=True) == WIN:
            s = score_with(game, seat, card, buying=True)
            if s > best_score:
                best, best_score = card, s
    return best


def loses_by_ending(game: "Game", seat: int, card: str) -> bool:
    """Whether gaining ``card`` ends the game without this seat winning outright
    or sharing the win."""
    return ends_game(game, card) and outcome(game, seat, card, buying=True) == LOSE


def penultimate_swap(game: "Game", seat: int, card: str, coins: int) -> Optional[str]:
    """With two players, the Duchy to take instead of the penultimate
    Province (or Colony) that would let the opponent win with the last one,
    when the Duchy puts this seat ahead; ``None`` to keep ``card``."""
    st = game.state
    if len(st.players) != 2 or card not in ("Province", "Colony") or st.supply.get(card) != 2:
        return None
    other = 1 - seat
    theirs = game.score(other)
    vp = CARDS[card].vp
    mine_after = score_with(game, seat, card, buying=True)
    if theirs + vp < mine_after:
        return None  # the last one would not win it for them
    if st.supply.get("Duchy", 0) > 0 and game.may_buy(seat, "Duchy", coins) \
            and score_with(game, seat, "Duchy", buying=True) > theirs:
        return "Duchy"
    return None


def winning_run(game: "Game", seat: int, coins: int) -> Optional[str]:
    """The card to buy now when buying the rest of its pile this turn (a
    few cards, within the Buys and coins left) ends the game on piles and
    wins: the first of that run; ``None`` if there is none.

    The last card of a pile is :func:`winning_end`'s; this finds the runs of
    two or more that it would not see.
    """
    st = game.state
    buys = st.turn.buys
    if buys < 2:
        return None
    limit = 3 if len(st.players) <= 4 else 4
    piles_end = game.empty_piles() + 1 >= limit
    best: Optional[str] = None
    best_score = -10**9
    for card, left in st.supply.items():
        if not 2 <= left <= buys or not (piles_end or card in ("Province", "Colony")):
            continue
        if not game.may_buy(seat, card, coins) or game.cost(card) * left > coins:
            continue
        if outcome(game, seat, card, buying=True, copies=left) == WIN:
            s = score_with(game, seat, card, buying=True, copies=left)
            if s > best_score:
                best, best_score = card, s
    return best


def buyable_enders(game: "Game", seat: int, coins: int) -> list[str]:
    """Piles with one card left that this seat may buy now."""
    return [c for c, n in game.state.supply.items() if n == 1 and game.may_buy(seat, c, coins)]
