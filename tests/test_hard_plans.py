"""The Hard bot's plan templates and play preferences (issue 25).

* a Big Money plan around a $6 terminal (Goons, Nobles) buys it, though
  Gold costs the same (its rule used to come after Gold's: never bought);
* a curser plan (one terminal or two) takes its second curser before Gold;
* an engine buys Silver, not villages, before it has any draw, and greens
  once its DominionSim total money is 16, as Big Money does (greening at
  $8 as soon as it had draw left it a thin economy: DESIGN.md, fifth pass);
* an engine plays its draw before its other terminals while it has two
  Actions or more; a Chapel thin deck plays Chapel before Militia when
  Chapel trashes two cards or more;
* a Chapel kingdom with big draw (Torturer) gets a thin deck around it;
* with Colony, Medium's buys with a bias are tried for more cards, and the
  library's strategies and Duke slogs (34% and 3% against Medium there)
  are not proposed.
"""

from __future__ import annotations

from helpers import position

from dominion.bots import HardBot
from dominion.bots.kingdom import (big_money, candidates, double_terminal, engine,
                                   trasher_money)

ENGINE = ["Village", "Council Room", "Militia", "Cellar", "Moat", "Workshop", "Woodcutter",
          "Chancellor", "Harbinger", "Bureaucrat"]


def test_a_six_cost_terminal_is_bought_before_gold() -> None:
    plan = big_money("Goons", colony=False)
    game = position(hand=["Gold", "Silver", "Copper"], kingdom=["Goons", *ENGINE[:9]],
                    coins=6)
    assert HardBot(plan=plan)._buy(game, 0, 6) == "Goons"


def test_a_curser_plan_takes_its_second_witch_before_gold() -> None:
    plan = big_money("Witch", colony=False)
    kingdom = ["Witch", *ENGINE[:9]]
    deck = ["Copper"] * 7 + ["Estate"] * 3 + ["Witch", "Silver"]
    game = position(hand=["Gold", "Silver", "Copper"], deck=deck, kingdom=kingdom, coins=6)
    assert HardBot(plan=plan)._buy(game, 0, 6) == "Witch"


def test_a_double_terminal_plan_led_by_a_curser_takes_its_second_curser_before_gold() -> None:
    plan = double_terminal("Witch", "Smithy", colony=False)
    kingdom = ["Witch", "Smithy", *ENGINE[:8]]
    deck = ["Copper"] * 7 + ["Estate"] * 3 + ["Witch", "Silver"]
    game = position(hand=["Gold", "Silver", "Copper"], deck=deck, kingdom=kingdom, coins=6)
    assert HardBot(plan=plan)._buy(game, 0, 6) == "Witch"


def test_an_engine_buys_silver_before_it_has_draw_and_a_province_once_its_money_is_16() -> None:
    plan = engine("Village", "Council Room", [], "", colony=False, kings_court=False)
    bot = HardBot(plan=plan)
    start = position(hand=["Copper"] * 4, kingdom=ENGINE, coins=4)
    assert bot._buy(start, 0, 4) == "Silver"
    draw = ["Council Room"] * 2 + ["Village"] * 2
    built = position(hand=["Gold", "Gold", "Silver"], deck=draw, kingdom=ENGINE, coins=8)
    assert bot._buy(built, 0, 8) == "Gold"  # money 8: the economy first
    rich = position(hand=["Gold", "Gold", "Silver"], deck=draw + ["Gold", "Gold", "Silver"],
                    kingdom=ENGINE, coins=8)
    assert bot._buy(rich, 0, 8) == "Province"  # money 16


def test_an_engine_plays_its_draw_before_its_payload_with_actions_to_spare() -> None:
    plan = engine("Village", "Council Room", ["Goons"], "", colony=False, kings_court=False)
    hand = ["Council Room", "Goons", "Copper", "Copper", "Copper"]
    kingdom = ["Goons", *ENGINE[:2], *ENGINE[3:]]
    game = position(hand=hand, deck=["Copper"] * 10, kingdom=kingdom, actions=2)
    assert HardBot(plan=plan).action_to_play(game, 0) == "Council Room"


def test_a_chapel_deck_plays_chapel_before_militia_when_it_trashes() -> None:
    kingdom = ["Chapel", *ENGINE[1:]]
    plan = trasher_money("Chapel", ["Militia"], colony=False)
    hand = ["Chapel", "Militia", "Estate", "Estate", "Copper"]
    game = position(hand=hand, deck=["Copper"] * 6 + ["Estate"], kingdom=kingdom)
    assert HardBot(plan=plan).action_to_play(game, 0) == "Chapel"


def test_a_chapel_kingdom_with_big_draw_gets_a_thin_deck_around_it() -> None:
    kingdom = ["Chapel", "Torturer", "Laboratory", *ENGINE[2:9]]
    names = [p.name for p in candidates(kingdom, True) if "trash" in p.tags]
    assert "Chapel Torturer" in names, names


MOUNTEBANK = ["Mountebank", "Watchtower", "Loan", "Trade Route", "Bishop", "Quarry", "Talisman",
              "Worker's Village", "Hoard", "City"]


def test_a_curser_kingdom_with_watchtower_gets_a_money_plan_with_one_watchtower() -> None:
    plans = {p.name: p for p in candidates(MOUNTEBANK, colony=False)}
    assert "BM Mountebank Watchtower" in plans
    bot = HardBot(plan=plans["BM Mountebank Watchtower"])
    deck = ["Copper"] * 7 + ["Estate"] * 3 + ["Mountebank", "Silver"]
    game = position(hand=["Silver", "Copper", "Copper"], deck=deck, kingdom=MOUNTEBANK, coins=3)
    assert bot._buy(game, 0, 3) == "Watchtower"
    deck.append("Watchtower")
    game = position(hand=["Silver", "Copper", "Copper"], deck=deck, kingdom=MOUNTEBANK, coins=3)
    assert bot._buy(game, 0, 3) == "Silver"
    # Moat where there is no Watchtower; no curser, no defense.
    moat = ["Moat" if c == "Watchtower" else c for c in MOUNTEBANK]
    assert "BM Mountebank Moat" in {p.name for p in candidates(moat, colony=False)}
    calm = ["Monument", *MOUNTEBANK[1:]]
    assert not any("Watchtower" in p.name for p in candidates(calm, colony=False))


def test_a_threat_is_scored_against_itself_too() -> None:
    """The library's own strategy (a threat, plan 1) beats Medium a point
    more than plan 2, but plan 2 beats it: plan 2 is the better pick against
    the field, as the threat meets itself at an even share."""
    from dominion.bots.planning import MEDIUM_WEIGHT, field_score

    shares = {(1, 0): 0.86, (2, 0): 0.85, (2, 1): 0.63, (1, 2): 0.37}

    def rate(i: int, j: int) -> float:
        return 0.5 if i == j else shares[(i, j)]

    threat, other = field_score(rate, 1, [1]), field_score(rate, 2, [1])
    assert threat == MEDIUM_WEIGHT * 0.86 + (1 - MEDIUM_WEIGHT) * 0.5
    assert other > threat
    assert field_score(rate, 2, []) == 0.85  # no threats: Medium's games alone
