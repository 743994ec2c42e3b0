"""Are the Hard bot's answers to prompts, and its buys, the best ones? Played out.

Run::

    python3 benchmarks/answers.py [--kingdoms 40] [--seed 11] [--with Masquerade]
        [--prompts all] [--per-game 6] [--rollouts 60] [--json out.json]

For ``--kingdoms`` random 2-player kingdoms (``--with``: these cards in
every one), the Hard bot plays its planner's pick against Medium, once from
each seat. Up to ``--per-game`` of its decisions on ``--prompts`` (prompt
names such as ``masquerade.trash``; ``all``: every prompt with 2 to 8
answers; ``buy``: its buys, each against no buy and the five cards
Medium's wishes rank first) are spread over the game. Each answer of such a decision is then
played out ``--rollouts`` times: the game is replayed to the decision, that
answer given instead, and the hidden information redrawn (both draw piles
shuffled and a new random stream, from a seed per rollout that every answer
shares, so the answers are compared on the same futures and no answer
profits from knowing the next cards).

Prints each decision (its answer, and the share of wins of every answer),
then per prompt and per pair "the bot's answer -> another one" the mean
difference of shares over the decisions where both were possible, with
its standard error: a pair well above zero over many decisions is an
answer to change. Deterministic for given arguments; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "backend"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from candidates import SETS, seat_share  # noqa: E402

from dominion.bots import planning  # noqa: E402
from dominion.bots.generic import GenericBot, _ctx, wishes  # noqa: E402
from dominion.bots.hard import HardBot  # noqa: E402
from dominion.bots.plans import Plan  # noqa: E402
from dominion.decisions import CARDS, OPTION, SUPPLY  # noqa: E402
from dominion.engine import Agent  # noqa: E402
from dominion.rng import Rng  # noqa: E402
from dominion.sim import colony_for, fill_kingdom, random_kingdom  # noqa: E402

if TYPE_CHECKING:  # pragma: no cover
    from dominion.decisions import Decision
    from dominion.engine import Game

#: Most answers played out per decision (War Chest's name has a hundred).
MOST_ANSWERS = 8
#: Cards played out against a buy: Medium's first wishes among those it can buy.
BUY_OPTIONS = 5


def answers(d: "Decision") -> list[Any]:
    """Every answer of ``d`` worth playing out: one option, one supply card
    (or none, where allowed), one card of a hand; others are not audited."""
    if d.kind in (OPTION, SUPPLY):
        out: list[Any] = list(d.options)
        if d.kind == SUPPLY and d.min == 0:
            out.append(None)
        return out
    if d.kind == CARDS and d.max == 1:
        out = [[c] for c in dict.fromkeys(d.options)]
        if d.min == 0:
            out.append([])
        return out
    return []


class Auditor(HardBot):
    """The Hard bot that logs its decisions, or swaps one answer.

    Decisions are counted in order; a replay of the same game with the same
    seed meets the same decisions, so number ``target`` is the one logged.
    """

    def __init__(self, plan: Plan, prompts: set[str], target: Optional[int] = None,
                 answer: Any = None, redraw: int = 0) -> None:
        super().__init__(plan=plan, racing=True)
        self.prompts = prompts
        self.target = target
        self.answer = answer
        self.redraw = redraw
        self.count = 0
        self.log: list[dict[str, Any]] = []

    def decide(self, game: "Game", decision: "Decision") -> Any:
        number = self.count
        self.count += 1
        own = super().decide(game, decision)
        if number == self.target:
            return self._swap(game)
        if self.target is None and (decision.prompt in self.prompts or "all" in self.prompts):
            self._note(game, decision.seat, number, decision.prompt, own, answers(decision))
        return own

    def _buy(self, game: "Game", seat: int, coins: int) -> Optional[str]:
        number = self.count
        self.count += 1
        own = super()._buy(game, seat, coins)
        if number == self.target:
            return self._swap(game)
        if self.target is None and "buy" in self.prompts:
            options = game.buyable(seat, coins)
            scores = wishes(_ctx(game, seat), options, True, True)
            ranked = sorted(options, key=lambda c: (-scores[c], c))[:BUY_OPTIONS]
            self._note(game, seat, number, "buy", own,
                       list(dict.fromkeys([own, None] + ranked)))
        return own

    def _swap(self, game: "Game") -> Any:
        """The swapped answer, with the hidden information redrawn first."""
        rng = Rng(self.redraw)
        for player in game.state.players:
            rng.shuffle(player.deck)
        game.state.rng = Rng(self.redraw ^ 0x5A5A5A5A)
        return self.answer

    def _note(self, game: "Game", seat: int, number: int, prompt: str, own: Any,
              options: list[Any]) -> None:
        if 1 < len(options) <= MOST_ANSWERS:
            self.log.append({"number": number, "prompt": prompt, "answer": own,
                             "options": options, "turn": game.state.turn.number,
                             "coins": game.state.turn.coins,
                             "hand": list(game.state.players[seat].hand)})


def play(kingdom: list[str], colony: bool, seed: int, seat: int, me: Auditor) -> float:
    """``me``'s share of one game against Medium (ties half)."""
    bots: dict[int, Agent] = {seat: me, 1 - seat: GenericBot()}
    return seat_share(kingdom, colony, seed, seat, bots)


def audit(args: argparse.Namespace) -> list[dict[str, Any]]:
    prompts = set(args.prompts)
    rng = Rng(args.seed)
    rows = []
    for _ in range(args.kingdoms):
        kingdom = (fill_kingdom(rng, args.required, sets=SETS) if args.required
                   else random_kingdom(rng, sets=SETS))
        deal = rng.word()
        colony = colony_for(kingdom, deal)
        plan = planning.choose((tuple(sorted(kingdom)), colony, "2", 2))
        for seat in (0, 1):
            seed = deal + seat
            base = Auditor(plan, prompts)
            play(kingdom, colony, seed, seat, base)
            step = max(1, len(base.log) // args.per_game)
            for entry in base.log[::step][: args.per_game]:
                shares = {}
                for option in entry["options"]:
                    won = sum(play(kingdom, colony, seed, seat,
                                   Auditor(plan, prompts, entry["number"], option,
                                           (deal * 7919 + r) & 0xFFFFFFFFFFFF))
                              for r in range(args.rollouts))
                    shares[json.dumps(option)] = won / args.rollouts
                row = {"kingdom": kingdom, "colony": colony, "plan": plan.name,
                       "prompt": entry["prompt"], "turn": entry["turn"], "coins": entry["coins"],
                       "hand": entry["hand"],
                       "answer": json.dumps(entry["answer"]), "shares": shares}
                rows.append(row)
                print(f"{row['prompt']} turn {row['turn']} ${row['coins']} answer {row['answer']}: "
                      + ", ".join(f"{k} {v:.0%}" for k, v in shares.items())
                      + f" (hand {', '.join(row['hand'])})", flush=True)
    return rows


def summary(rows: list[dict[str, Any]], least: int = 5) -> None:
    """Per pair (prompt, the bot's answer, another answer), the mean gain of
    the other answer over the decisions that had both, best first."""
    gains: dict[tuple[str, str, str], list[float]] = defaultdict(list)
    for row in rows:
        own = row["shares"].get(row["answer"])
        if own is None:
            continue
        for other, share in row["shares"].items():
            if other != row["answer"]:
                gains[(row["prompt"], row["answer"], other)].append(share - own)
    table = []
    for key, diffs in gains.items():
        if len(diffs) >= least:
            mean = statistics.mean(diffs)
            error = statistics.pstdev(diffs) / len(diffs) ** 0.5
            table.append((mean / error if error else 0.0, key, len(diffs), mean, error))
    print(f"\n{len(rows)} decisions; pairs met {least} times or more, "
          "the other answer's gain in points (± standard error):")
    for z, (prompt, own, other), n, mean, error in sorted(table, reverse=True):
        print(f"  {prompt}: {own} -> {other}: {mean * 100:+.1f} ± {error * 100:.1f} "
              f"({n} decisions, {z:+.1f} errors)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--kingdoms", type=int, default=40)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--with", dest="required", nargs="*", default=[],
                    help="cards every kingdom has (the rest random)")
    ap.add_argument("--prompts", nargs="+", default=["all"])
    ap.add_argument("--per-game", type=int, default=6)
    ap.add_argument("--rollouts", type=int, default=60)
    ap.add_argument("--json", default="", help="write every decision's shares here")
    args = ap.parse_args()
    rows = audit(args)
    if args.json:
        Path(args.json).write_text(json.dumps(rows))
    summary(rows)


if __name__ == "__main__":
    main()
