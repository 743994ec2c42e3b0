"""Basic cards: Treasures, Victory cards and Curse (Base set; Platinum and Colony from Prosperity)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .card import CURSE, TREASURE, VICTORY, card, define

if TYPE_CHECKING:  # pragma: no cover
    from ..engine import Game, PlayedCard

BOTH = ("1", "2")

define("Copper", 0, [TREASURE], "base", BOTH, "Worth $1.", coins=1, basic=True)
define("Gold", 6, [TREASURE], "base", BOTH, "Worth $3.", coins=3, basic=True)
define("Estate", 2, [VICTORY], "base", BOTH, "Worth 1 VP.", vp=1, basic=True)
define("Duchy", 5, [VICTORY], "base", BOTH, "Worth 3 VP.", vp=3, basic=True)
define("Province", 8, [VICTORY], "base", BOTH, "Worth 6 VP.", vp=6, basic=True)
define("Curse", 0, [CURSE], "base", BOTH, "Worth -1 VP.", vp=-1, basic=True)
define("Platinum", 9, [TREASURE], "prosperity", BOTH, "Worth $5.", coins=5, basic=True)
define("Colony", 11, [VICTORY], "prosperity", BOTH, "Worth 10 VP.", vp=10, basic=True)


@card("Silver", 3, [TREASURE], "base", BOTH, "Worth $2.", coins=2, basic=True)
def silver(game: "Game", seat: int, played: "PlayedCard") -> None:
    # Merchant: the first Silver played this turn adds $1 per Merchant played.
    turn = game.state.turn
    if not turn.silver_played:
        turn.silver_played = True
        turn.coins += turn.effects.get("merchant", 0)
