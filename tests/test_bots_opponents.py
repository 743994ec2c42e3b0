"""The Hard bot's reading of its opponents (``dominion.bots.opponents``).

* an opponent with a Duke (or early Duchies) is a Duke slog, and then the
  Hard bot takes a Duchy (a Duke once they are gone) over Gold with $5-$7,
  but only with a deck that keeps its money, and not against money;
* a deck whose money cannot reach $6 buys Silver, not a drawing Action;
* Masquerade passes a Curse, an Estate while the game is young, a Copper,
  then the worst non-Victory card: never a Duchy or Duke while anything
  else will do.
"""

from __future__ import annotations

from helpers import position

from dominion.bots import HardBot
from dominion.bots import opponents
from dominion.bots.plans import Plan, rule
from dominion.decisions import Decision

DUKE = ["Duke", "Courtyard", "Masquerade", "Great Hall", "Pawn", "Steward", "Swindler",
        "Bridge", "Mining Village", "Upgrade"]

#: A money plan that takes Gold at $6-$7.
MONEY = Plan("gold first", rules=(rule("Province", "money >= 16"), rule("Gold"), rule("Silver")))

#: DominionSim money 7 + 8 + 6 = 21: enough to contest Duchies.
RICH = ["Copper"] * 7 + ["Silver"] * 4 + ["Gold"] * 2


def slog_game(theirs: list[str], mine: list[str] = RICH, supply: dict[str, int] | None = None):
    return position(deck=["Copper"] * 5, discard=mine, phase="buy", coins=6, kingdom=DUKE,
                    others={1: {"deck": ["Copper"] * 5, "discard": theirs}}, supply=supply)


def test_an_opponent_with_a_duke_is_a_duke_slog_and_money_is_not() -> None:
    assert opponents.duke_slog(slog_game(["Duke"]), 0)
    assert opponents.duke_slog(slog_game(["Duchy", "Duchy"]), 0)
    assert not opponents.duke_slog(slog_game(["Gold", "Duchy"]), 0)
    # Duchies bought late (few Provinces left) are any player's greening.
    assert not opponents.duke_slog(slog_game(["Duchy", "Duchy"], supply={"Province": 3}), 0)


def test_against_a_duke_slog_hard_contests_the_duchies_over_gold() -> None:
    bot = HardBot(plan=MONEY, racing=True)
    assert bot._buy(slog_game(["Gold", "Silver"]), 0, 6) == "Gold"  # not a slog
    assert bot._buy(slog_game(["Duke", "Duchy"]), 0, 6) == "Duchy"
    # Once the Duchies are gone, the Dukes.
    assert bot._buy(slog_game(["Duke", "Duchy"], supply={"Duchy": 0}), 0, 6) == "Duke"
    # A deck without the money to keep reaching $5 builds first.
    poor = ["Copper"] * 7 + ["Silver"] * 2
    assert bot._buy(slog_game(["Duke", "Duchy"], mine=poor), 0, 6) == "Gold"
    # $8 still takes the Province.
    assert bot._buy(slog_game(["Duke", "Duchy"]), 0, 8) == "Province"


def pass_of(hand: list[str], supply: dict[str, int] | None = None) -> str:
    game = position(hand=hand, deck=["Copper"] * 5, kingdom=DUKE, supply=supply,
                    others={1: {"deck": ["Copper"] * 5}})
    answer = HardBot(plan=MONEY).decide(game, Decision(0, "cards", "masquerade.pass", hand))
    assert len(answer) == 1
    return answer[0]


def test_masquerade_never_passes_points_when_another_card_will_do() -> None:
    late = {"Province": 2}
    assert pass_of(["Duchy", "Silver", "Gold"], late) == "Silver"
    assert pass_of(["Duke", "Duchy", "Gold"], late) == "Gold"
    assert pass_of(["Duke", "Duchy", "Estate"], late) == "Estate"
    assert pass_of(["Curse", "Estate", "Copper"]) == "Curse"
    # Young: the Estate is junk (before a Copper); late: 2 points, the Copper goes.
    assert pass_of(["Copper", "Estate", "Silver"]) == "Estate"
    assert pass_of(["Copper", "Estate", "Silver"], late) == "Copper"


CHAPEL = ["Chapel", "Laboratory", "Market", "Festival", "Village", "Cellar", "Harbinger",
          "Moat", "Bureaucrat", "Merchant"]


def test_a_deck_without_the_money_to_reach_gold_buys_silver_not_a_laboratory() -> None:
    # Trashed down to Silver and Gold: Laboratories at $5 would draw $5 forever.
    labs = Plan("labs", rules=(rule("Province"), rule("Gold"), rule("Laboratory"), rule("Silver")))
    bot = HardBot(plan=labs, racing=True)
    thin = position(deck=["Silver", "Gold", "Chapel", "Laboratory"], phase="buy", coins=5,
                    kingdom=CHAPEL, others={1: {"deck": ["Copper"] * 5}})
    assert bot._buy(thin, 0, 5) == "Silver"
    enough = position(deck=["Silver", "Gold", "Copper", "Chapel", "Laboratory"], phase="buy",
                      coins=5, kingdom=CHAPEL, others={1: {"deck": ["Copper"] * 5}})
    assert bot._buy(enough, 0, 5) == "Laboratory"


def test_the_duchy_contest_never_ends_a_game_it_loses_by_ending() -> None:
    # Two piles empty and the last Duchy: taking it ends the game behind
    # (the slog's Duke counts its Duchies), so the plan's Gold stays.
    piles = {"Pawn": 0, "Steward": 0, "Duchy": 1}
    game = slog_game(["Duke", "Duchy", "Duchy", "Duchy"], supply=piles)
    assert HardBot(plan=MONEY, racing=True)._buy(game, 0, 6) == "Gold"
    # Ahead, the same last Duchy ends it in a win.
    game = slog_game(["Duke"], supply=piles)
    assert HardBot(plan=MONEY, racing=True)._buy(game, 0, 6) == "Duchy"
