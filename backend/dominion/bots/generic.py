"""A bot that can play any kingdom: money plus a few good Actions.

It never gets stuck: every decision kind has a legal fallback, and prompts it
knows get a sensible answer (trash junk, discard Victory cards, gain the best
card it can afford, reveal Moat...).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ..cards.card import CARDS, DRAW, VILLAGE
from ..commands import Buy, Command, EndPhase, Play, PlayTreasures
from ..decisions import CARDS as CHOOSE_CARDS
from ..decisions import OPTION, ORDER, SUPPLY
from ..state import ACTION_PHASE

if TYPE_CHECKING:  # pragma: no cover
    from ..decisions import Decision
    from ..engine import Game

# Cards that give +1 Action or more: safe to play before terminal Actions.
NON_TERMINAL = {
    "Cellar", "Harbinger", "Merchant", "Village", "Poacher", "Spy", "Festival",
    "Laboratory", "Market", "Sentry",
}


def value(name: str) -> float:
    """How much the bot likes owning a card (higher is better)."""
    card = CARDS[name]
    if name == "Curse":
        return -10
    if card.is_victory and not card.is_action and not card.is_treasure:
        return -1 + card.vp * 0.01
    if name == "Copper":
        return 0.5
    return card.cost + (0.5 if card.is_treasure else 0)


def worst_first(cards: list[str]) -> list[str]:
    return sorted(cards, key=value)


class GenericBot:
    """Money with Actions: one terminal per ~10 cards, villages to support them."""

    name = "generic"

    # -- turns -------------------------------------------------------------

    def command(self, game: "Game", seat: int) -> Command:
        st = game.state
        turn = st.turn
        hand = st.players[seat].hand
        if turn.phase == ACTION_PHASE and turn.actions > 0:
            actions = [c for c in hand if CARDS[c].is_action]
            if actions:
                return Play(max(actions, key=lambda c: self._play_priority(c, turn.actions)))
        if not turn.bought and any(CARDS[c].is_treasure for c in hand):
            return PlayTreasures()
        if turn.buys > 0:
            card = self.choose_gain(game, seat, turn.coins, buying=True)
            if card is not None:
                return Buy(card)
        return EndPhase()

    def _play_priority(self, name: str, actions: int) -> float:
        card = CARDS[name]
        score = float(card.cost)
        if name in NON_TERMINAL or VILLAGE in card.tags:
            score += 20  # play non-terminals first
        if DRAW in card.tags and actions > 1:
            score += 5
        return score

    def choose_gain(
        self, game: "Game", seat: int, coins: int, buying: bool = False,
        where: Optional[list[str]] = None,
    ) -> Optional[str]:
        """The card to buy or gain for at most ``coins``, or ``None``."""
        st = game.state
        supply = st.supply
        options = where if where is not None else [
            n for n, left in supply.items() if left > 0 and game.cost(n) <= coins
        ]
        if not options:
            return None
        owned = st.players[seat].all_cards()
        provinces = supply.get("Province", 0)
        golds = owned.count("Gold")

        def wanted(name: str) -> float:
            card = CARDS[name]
            if name == "Curse":
                return -100
            if name == "Colony":
                return 100
            if name == "Province":
                return 90 if golds or len(owned) > 15 else 40
            if name == "Platinum":
                return 85
            if name == "Duchy":
                return 70 if provinces <= 4 else -5
            if name == "Estate":
                return 60 if provinces <= 2 else -20
            if card.is_victory and not (card.is_action or card.is_treasure):
                return (card.vp or 2) * 10 if provinces <= 4 else -5
            if name == "Gold":
                return 50
            if name == "Silver":
                return 20
            if name == "Copper":
                return -30 if buying else 1
            if card.is_action:
                copies = owned.count(name)
                terminals = sum(
                    1 for c in owned if CARDS[c].is_action and c not in NON_TERMINAL
                    and VILLAGE not in CARDS[c].tags
                )
                nonterminal = name in NON_TERMINAL or VILLAGE in card.tags
                if not nonterminal and terminals * 10 >= len(owned):
                    return 10
                if copies >= 3:
                    return 12
                return 25 + card.cost * 4 - copies * 3
            return card.cost * 3

        best = max(options, key=wanted)
        if buying and wanted(best) < 15:
            return None
        return best

    # -- decisions ---------------------------------------------------------

    def decide(self, game: "Game", d: "Decision") -> Any:
        if d.kind == CHOOSE_CARDS:
            return self._cards(game, d)
        if d.kind == OPTION:
            return self._option(game, d)
        if d.kind == SUPPLY:
            pick = self.choose_gain(game, d.seat, 99, where=list(d.options))
            if pick is None or (d.min == 0 and CARDS[pick].name == "Curse"):
                return None if d.min == 0 else d.options[0]
            return pick
        if d.kind == ORDER:
            return sorted(d.options, key=value, reverse=True)
        raise ValueError(f"unknown decision kind {d.kind}")  # pragma: no cover

    def _cards(self, game: "Game", d: "Decision") -> list[str]:
        opts = list(d.options)
        prompt = d.prompt
        hand = game.state.players[d.seat].hand
        if prompt == "reaction.reveal":
            return opts[:1]
        if prompt.endswith(".trash") or prompt.endswith(".discard"):
            junk = [c for c in worst_first(opts) if value(c) <= 0.5 or prompt.endswith(".discard") and value(c) <= 0]
            if prompt in ("mine.trash",):
                ranked = sorted(opts, key=value)
                return ranked[:1]
            if prompt in ("remodel.trash",):
                return worst_first(opts)[: max(d.min, 1)]
            if prompt in ("thief.trash",):
                return sorted(opts, key=value, reverse=True)[:1]
            if prompt in ("cellar.discard",):
                pick = [c for c in opts if value(c) <= 0]
                return pick[: d.max]
            if prompt == "chapel.trash":
                money = sum(CARDS[c].coins for c in game.state.players[d.seat].all_cards())
                pick = [c for c in worst_first(opts) if value(c) < 0
                        or (c == "Copper" and money > 7)]
                return pick[: d.max]
            pick = junk[: d.max]
            if len(pick) < d.min:
                rest = [c for c in worst_first(opts)]
                for c in pick:
                    rest.remove(c)
                pick += rest[: d.min - len(pick)]
            return pick
        if prompt == "throne_room.play" or prompt.endswith(".play"):
            return sorted(opts, key=value, reverse=True)[: max(d.min, 1) if d.max else 0]
        # Keep the best (topdeck and similar): choose the most valuable cards.
        ranked = sorted(opts, key=value, reverse=True)
        count = d.min if d.min else min(d.max, 1)
        del hand
        return ranked[:count]

    def _option(self, game: "Game", d: "Decision") -> str:
        prompt = d.prompt
        opts = list(d.options)
        if opts == ["yes", "no"]:
            if prompt == "library.set_aside":
                return "yes" if game.state.turn.actions == 0 else "no"
            if prompt == "thief.gain":
                return "yes" if d.args.get("trashed") != "Copper" else "no"
            return "yes"
        if prompt == "spy.choose":
            good = value(d.args.get("revealed", "Copper")) > 2
            mine = d.args.get("target") == d.seat
            return "keep" if good == mine else "discard"
        return opts[0]
