"""What the Hard bot's opponents are doing, and how its buys answer it.

A player sees every card the others gain and trash (not their hands or the
order of their decks), so it may count each opponent's cards; a card passed
with Masquerade is the only exception, and
:func:`~dominion.scores.believed_counts` undoes the passes this seat did not
see. From those counts this module recognises an opponent's strategy while
the game runs and changes the plan's buy where the plan, chosen before the
game by a tournament against *likely* opponents, does not answer the actual
one:

* **Duke slog** (an opponent owns a Duke, or two Duchies while most
  Provinces are left): every Duchy this bot takes is worth its 3 VP and a
  VP less for each of the opponent's Dukes, and every Duke it takes is one
  the slog does not get. With $5-$7 the bot takes a Duchy (or, once they
  are gone, a Duke) over Gold and Actions, as long as its deck keeps the
  money to reach $5.

It also holds the answer that gives an opponent cards, Masquerade's pass
(:func:`pass_card`): Medium passes its worst card, a Duchy or a Duke when
the hand has no Copper, which is 6 or more points of the gap handed over.

Nothing here reads hidden information: only the counts of owned cards
(public) and the supply.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Optional

from ..cards.card import CARDS
from ..scores import believed_counts
from .dominionsim import MONEY
from .endgame import loses_by_ending
from .generic import _stage, value, worst_first

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game

#: The deck's DominionSim total money below which the bot keeps building
#: instead of contesting Duchies (measured against the Duke slog of the
#: sparring set: 13, 16, 18, 20, 22, 25 gave 78%, 77%, 83%, 84%, 80%, 80%).
SLOG_MONEY = 20
#: Medium's stage (big gains left) above which an Estate is the card to
#: pass (junk while the game is young; 2 points of the gap later).
LATE = 4


def counts(game: "Game", seat: int) -> list[Counter]:
    """Each seat's cards (name -> copies) as ``seat`` may know them."""
    return believed_counts(game.state, seat)


def total_money(owned: Counter) -> int:
    """DominionSim's total money of a deck (printed coins and +$)."""
    return sum(MONEY.get(c, 0) * n for c, n in owned.items())


def duke_slog(game: "Game", seat: int, known: Optional[list[Counter]] = None) -> bool:
    """Whether an opponent plays a Duke slog: Dukes are in the supply and it
    owns one, or owns two Duchies while six or more Provinces are left."""
    st = game.state
    if "Duke" not in st.supply:
        return False
    known = counts(game, seat) if known is None else known
    early = st.supply.get("Province", 0) >= 6
    for o, owned in enumerate(known):
        if o == seat:
            continue
        if owned["Duke"] >= 1 or (early and owned["Duchy"] >= 2):
            return True
    return False


def answer(game: "Game", seat: int, coins: int, pick: Optional[str]) -> Optional[str]:
    """The buy that answers the opponents' strategy instead of the plan's
    ``pick``, or ``pick`` itself."""
    st = game.state
    if "Duke" not in st.supply:
        return pick
    if pick is not None and CARDS[pick].is_victory and pick != "Estate":
        return pick  # the plan greens already (Province, Colony, Duchy, Duke)
    if coins < 5:
        return pick
    known = counts(game, seat)
    if not duke_slog(game, seat, known):
        return pick
    mine = known[seat]
    if total_money(mine) < SLOG_MONEY:
        return pick
    # The Dukes once the Duchies are gone (a Duke is worth the Duchies owned).
    card = "Duchy" if st.supply.get("Duchy", 0) > 0 else "Duke"
    if st.supply.get(card, 0) > 0 and game.may_buy(seat, card, coins) \
            and not loses_by_ending(game, seat, card):
        return card
    return pick


def pass_card(game: "Game", seat: int, options: list[str]) -> str:
    """The card to pass with Masquerade: a Curse, else an Estate while the
    game is young (junk then, 2 points of the gap later), else junk money
    (Copper), else the worst card not worth points to the receiver (a Duchy
    passed is 6 points of the gap, a Duke or Gardens more), else the Victory
    card worth least."""
    ranked = worst_first(options)
    if "Curse" in ranked:
        return "Curse"
    if "Estate" in ranked and _stage(game) > LATE:
        return "Estate"
    for card in ranked:
        if not CARDS[card].is_victory and value(card) <= 1:
            return card
    for card in ranked:
        if not CARDS[card].is_victory:
            return card
    return min(ranked, key=lambda n: (CARDS[n].vp or 0) + (0 if CARDS[n].score is None else 2))
