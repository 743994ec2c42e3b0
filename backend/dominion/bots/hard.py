"""The Hard bot: plays the plan its kingdom's tournament chose, with endgame sense.

* **Buys** follow the plan's rules (:mod:`dominion.bots.plans`, chosen per
  kingdom by :mod:`dominion.bots.planning`), or the Medium bot's choices
  for the Medium plan. Around them sits the endgame layer
  (:mod:`dominion.bots.endgame`): take the game-ending card (or a run of
  a pile's last cards) when it wins, never one that loses, and the
  penultimate-Province rule; with the last Province or Colony left the
  endgame race (:mod:`dominion.bots.race`) weighs the
  Victory cards against the plan's buy.
* **Gains** by cost (Workshop, Ironworks, Remodel...) follow the same rules.
* **Trashing** follows the plan: thin-deck plans trash Estates and Coppers
  down to a lower money floor than Medium's.
* **Play preferences** of the plan: an engine plays its draw before its
  other terminals with Actions to spare, a Chapel deck plays Chapel first
  when it trashes two cards.
* **Everything else** (which Action to play, every prompt) is the Medium
  bot's answer (:class:`~dominion.bots.generic.GenericBot`).

The bot keeps no game state: the plan lives in the planner's cache, keyed
by the kingdom, so a saved game's size and round trip do not change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional

from ..cards.card import CARDS
from ..decisions import SUPPLY
from . import endgame, opponents, planning, race
from .dominionsim import GAIN_PROMPTS, DominionSimBot
from .generic import GenericBot, _Ctx, _ctx, coins_of, pick_gain, wishes
from .plans import Plan

if TYPE_CHECKING:  # pragma: no cover
    from ..decisions import Decision
    from ..engine import Game


#: A deck whose money (Treasures and +$) is below this never reaches Gold:
#: it buys money, not Actions that only draw (:meth:`HardBot._money_first`).
STALL_MONEY = 6


class HardBot(GenericBot):
    """Per-kingdom plan, Medium's play, and an endgame that counts."""

    name = "hard"

    def __init__(self, plan: Optional[Plan] = None, racing: Optional[bool] = None) -> None:
        #: A fixed plan (the planner's tournament games); ``None``: ask the planner.
        self.fixed = plan
        #: Whether the endgame race (:mod:`dominion.bots.race`) and pile runs
        #: may change buys; by default not in the tournament's games (their
        #: budget is games per second, and plans are chosen as before).
        self.racing = plan is None if racing is None else racing
        self._game: Optional["Game"] = None
        self._plan: Optional[Plan] = plan
        self._rules: Optional[DominionSimBot] = None
        if plan is not None and plan.rules is not None:
            self._rules = DominionSimBot(plan.strategy())

    def plan(self, game: "Game") -> Plan:
        """The plan this bot plays in ``game`` (asked once per game)."""
        if self.fixed is not None:
            return self.fixed
        if self._game is not game:
            plan = planning.plan_for(game)
            if plan is not self._plan:
                self._plan = plan
                self._rules = DominionSimBot(plan.strategy()) if plan.rules is not None else None
            self._game = game
        assert self._plan is not None
        return self._plan

    # -- buying --------------------------------------------------------------

    def _buy(self, game: "Game", seat: int, coins: int) -> Optional[str]:
        self.plan(game)
        enders = endgame.buyable_enders(game, seat, coins)
        if enders:
            win = endgame.winning_end(game, seat, enders)
            if win is not None:
                return win
        run = endgame.winning_run(game, seat, coins) if self.racing else None
        if run is not None:
            return run
        if self._rules is None:
            pick = self.choose_gain(game, seat, coins, buying=True)
        else:
            pick = self._rules.choose_buy(game, seat, coins)
        if self.racing:
            pick = opponents.answer(game, seat, coins, pick)
            pick = self._money_first(game, seat, coins, pick)
        racing = self.racing and race.applies(game)
        if racing:
            pick = self._race_buy(game, seat, coins, pick)
        if pick is None:
            return None
        if endgame.loses_by_ending(game, seat, pick):
            return None
        if racing:
            return pick  # the race weighs the penultimate Province itself
        swap = endgame.penultimate_swap(game, seat, pick, coins)
        return swap or pick

    def _money_first(self, game: "Game", seat: int, coins: int,
                     pick: Optional[str]) -> Optional[str]:
        """Silver instead of an Action that makes no coins when the whole
        deck's money is under $6: such a deck never reaches Gold or a
        Province whatever it draws (a Chapel deck trashed down to Silver and
        Gold bought Laboratories at $5 for the rest of the game)."""
        if pick is None or not CARDS[pick].is_action or coins_of(pick) > 0:
            return pick
        if _ctx(game, seat).money >= STALL_MONEY:
            return pick
        if game.state.supply.get("Silver", 0) > 0 and game.may_buy(seat, "Silver", coins):
            return "Silver"
        return pick

    def _race_buy(self, game: "Game", seat: int, coins: int, pick: Optional[str]) -> Optional[str]:
        """The plan's ``pick``, or the Victory card (or no Victory card) the
        endgame race (:mod:`dominion.bots.race`) finds clearly better."""
        is_vp = pick is not None and CARDS[pick].is_victory
        options: list[Optional[str]] = [None]
        if is_vp:
            options.append(pick)
        for card in race.BIG + ("Duchy", "Estate"):
            if card not in options and game.state.supply.get(card, 0) > 0 \
                    and game.may_buy(seat, card, coins):
                options.append(card)
        if len(options) == 1:
            return pick
        values = race.Race(game, seat).choice_values(options)
        mine = values[pick if is_vp else None]
        best = max(options, key=lambda c: values[c])
        if values[best] <= mine + race.MARGIN:
            return pick
        if best is not None:
            return best
        # No Victory card: the best other buy (Medium's wishes), if any.
        others = [c for c in game.buyable(seat, coins) if not CARDS[c].is_victory]
        return GenericBot.choose_gain(self, game, seat, coins, buying=True, where=others) \
            if others else None

    def choose_gain(
        self, game: "Game", seat: int, coins: int, buying: bool = False,
        where: Optional[list[str]] = None,
    ) -> Optional[str]:
        """Medium's choice, with the plan's bias (if any) added to its wishes."""
        plan = self.plan(game)
        if not plan.bias:
            return super().choose_gain(game, seat, coins, buying, where)
        if where is not None:
            options = where
        elif buying:
            options = game.buyable(seat, coins)
        else:
            options = [n for n, left in game.state.supply.items()
                       if left > 0 and game.cost(n) <= coins]
        if not options:
            return None
        ctx = _ctx(game, seat)
        scores = wishes(ctx, options, buying, in_play=buying and where is None)
        for card, bonus, most in plan.bias:
            if card in scores and ctx.owned.get(card, 0) < most and ctx.stage > 4:
                scores[card] += bonus
        return pick_gain(options, scores, buying,
                         lambda name: endgame.loses_by_ending(game, seat, name))

    # -- decisions -----------------------------------------------------------

    def decide(self, game: "Game", decision: "Decision") -> Any:
        """Gains by cost take a winning game-ending card, then follow the
        plan's rules; everything else is Medium's answer."""
        if decision.prompt == "masquerade.pass" and decision.options:
            return [opponents.pass_card(game, decision.seat, list(decision.options))]
        if decision.kind == SUPPLY and decision.prompt in GAIN_PROMPTS:
            self.plan(game)
            seat = decision.seat
            win = endgame.winning_end(game, seat, decision.options)
            if win is not None:
                return win
            if self._rules is not None:
                pick = self._rules.choose_gain(game, seat, decision.options)
                if pick is not None:
                    return pick
        return super().decide(game, decision)

    # -- play preferences of the plan (engines, Chapel decks) -----------------

    def _play_score(self, ctx: _Ctx, name: str, hand: list[str]) -> float:
        """Medium's priority, but a Chapel deck plays Chapel first when it
        trashes two cards, and an engine plays its draw before its other
        terminals while it has Actions to spare (Medium plays the strongest
        terminal first: Goons before Council Room leaves the drawn cards dead)."""
        score = super()._play_score(ctx, name, hand)
        plan = self.plan(ctx.game)
        if plan.trash_first == name and score > 0 and score < 135:
            rest = list(hand)
            rest.remove(name)
            if len(self._chapel_trash(ctx, rest, 4)) >= 2:
                return 135.0  # thinning first: a thin deck is the plan's payload
        if (plan.draw_first and score > 0 and name in plan.draw_first
                and ctx.game.state.turn.actions >= 2 and score < 135):
            return 135.0  # after villages (140) and cantrips, before other terminals
        return score

    def _chapel_trash(self, ctx: _Ctx, cards: list[str], most: int, floor: int = 7,
                      estates_until: Optional[int] = 5) -> list[str]:
        """As Medium, but down to the plan's money floor, Estates too for a
        thin-deck plan while the game is young (and none otherwise)."""
        plan = self.plan(ctx.game)
        if plan.trash_floor == 7 and not plan.trash_estates:
            return super()._chapel_trash(ctx, cards, most)
        return super()._chapel_trash(ctx, cards, most, plan.trash_floor,
                                     4 if plan.trash_estates else None)
