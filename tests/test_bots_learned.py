"""The Hard bot's tuned Medium: corrections to Medium's wishes learned offline (issue 25).

``bots/learned.py`` lists the cards the Medium bot values wrong (measured by
``benchmarks/card_bias.py``); the planner offers Medium's buys with those
corrections as a candidate, first in line, and the Medium bot itself keeps
its table.
"""

from __future__ import annotations

import math

from helpers import position

from dominion.bots import GenericBot, HardBot, learned, planning
from dominion.bots.kingdom import candidates
from dominion.bots.plans import Plan

#: No terminal Medium would rather have: its choice is between Silver and the card tested.
FILLER = ["Village", "Cellar", "Chancellor", "Harbinger", "Great Hall", "Pawn", "Shanty Town",
          "Merchant", "Vassal"]


def test_the_corrections_of_a_kingdom_are_its_raised_and_avoided_cards() -> None:
    kingdom = ["Talisman", "Charlatan", "Bank", *FILLER[:7]]
    assert learned.corrections(kingdom) == (
        ("Bank", learned.RAISE_BY, 4),  # a Treasure: four copies
        ("Charlatan", learned.RAISE_BY, 2),
        ("Talisman", learned.AVOID_BY, 99),
    )
    assert learned.corrections(FILLER) == ()


def test_some_corrections_hold_only_with_colony() -> None:
    kingdom = ["Harem", "Sentry", "Crystal Ball", "Upgrade", *FILLER[:6]]
    assert learned.corrections(kingdom) == (("Upgrade", learned.AVOID_BY, 99),)
    assert learned.corrections(kingdom, colony=True) == (
        ("Crystal Ball", learned.RAISE_BY, 4),  # a Treasure
        ("Harem", learned.AVOID_BY, 99),
        ("Sentry", learned.RAISE_BY, 2),
        ("Upgrade", learned.AVOID_BY, 99),
    )
    with_colony = {p.name: p for p in candidates(kingdom, colony=True)}
    assert with_colony["medium tuned"].bias == learned.corrections(kingdom, colony=True)


def test_the_tuned_medium_is_the_first_candidate_after_medium_where_a_card_is_corrected() -> None:
    plans = candidates(["Quarry", *FILLER], colony=False)
    assert [p.name for p in plans[:2]] == ["medium", "medium tuned"]
    assert plans[1].bias == learned.corrections(["Quarry"])
    assert "medium tuned" not in [p.name for p in candidates(FILLER, colony=False)]


def test_the_tuned_medium_takes_silver_where_medium_takes_talisman_or_quarry() -> None:
    for card in ("Talisman", "Quarry"):
        kingdom = [card, *FILLER]
        plan = Plan("medium tuned", None, bias=learned.corrections(kingdom))
        for coins in (4, 5):
            game = position(deck=["Copper"] * 7 + ["Estate"] * 3, kingdom=kingdom, coins=coins)
            assert GenericBot()._buy(game, 0, coins) == card
            assert HardBot(plan=plan)._buy(game, 0, coins) == "Silver"


def test_the_tuned_medium_takes_silver_where_medium_takes_upgrade() -> None:
    kingdom = ["Upgrade", *FILLER]
    plan = Plan("medium tuned", None, bias=learned.corrections(kingdom))
    game = position(deck=["Copper"] * 7 + ["Estate"] * 3, kingdom=kingdom, coins=5)
    assert GenericBot()._buy(game, 0, 5) == "Upgrade"
    assert HardBot(plan=plan)._buy(game, 0, 5) == "Silver"


def test_the_tuned_medium_takes_a_second_charlatan_where_medium_takes_silver() -> None:
    kingdom = ["Charlatan", *FILLER]
    deck = ["Copper"] * 7 + ["Estate"] * 3 + ["Silver", "Charlatan"]
    plan = Plan("medium tuned", None, bias=learned.corrections(kingdom))
    game = position(deck=deck, kingdom=kingdom, coins=5)
    assert GenericBot()._buy(game, 0, 5) == "Silver"
    assert HardBot(plan=plan)._buy(game, 0, 5) == "Charlatan"


def test_the_tuned_medium_nudges_a_strong_terminal_over_smithy_but_not_over_gold() -> None:
    for card in ("Masquerade", "Rabble", "Courtyard"):
        kingdom = [card, "Smithy", *FILLER[:8]]
        assert learned.corrections(kingdom) == ((card, learned.NUDGE[card][0], 2),)
        plan = Plan("medium tuned", None, bias=learned.corrections(kingdom))
        game = position(deck=["Copper"] * 7 + ["Estate"] * 3, kingdom=kingdom, coins=5)
        assert GenericBot()._buy(game, 0, 5) == "Smithy"
        assert HardBot(plan=plan)._buy(game, 0, 5) == card
        game = position(deck=["Copper"] * 7 + ["Estate"] * 3, kingdom=kingdom, coins=6)
        assert HardBot(plan=plan)._buy(game, 0, 6) == "Gold"
        # A second copy waits for room in the deck, as Medium's does.
        deck = ["Copper"] * 7 + ["Estate"] * 3 + [card, "Silver"]
        game = position(deck=deck, kingdom=kingdom, coins=5)
        assert HardBot(plan=plan)._buy(game, 0, 5) == "Silver"


def test_the_tuned_medium_takes_minion_over_silver_but_not_over_laboratory() -> None:
    deck = ["Copper"] * 7 + ["Estate"] * 3
    kingdom = ["Minion", "Laboratory", *FILLER[:8]]
    plan = Plan("medium tuned", None, bias=learned.corrections(kingdom))
    game = position(deck=deck, kingdom=kingdom, coins=5)
    assert GenericBot()._buy(game, 0, 5) == "Minion"
    assert HardBot(plan=plan)._buy(game, 0, 5) == "Laboratory"
    kingdom = ["Minion", *FILLER]
    plan = Plan("medium tuned", None, bias=learned.corrections(kingdom))
    assert HardBot(plan=plan)._buy(position(deck=deck, kingdom=kingdom, coins=5), 0, 5) == "Minion"


def test_medium_biased_variants_start_from_the_tuned_medium() -> None:
    kingdom = ["Talisman", "Witch", "Charlatan", *FILLER[:7]]
    plans = {p.name: p for p in candidates(kingdom, colony=False)}
    witch = plans["medium +Witch"]
    assert ("Talisman", learned.AVOID_BY, 99) in witch.bias
    assert ("Charlatan", learned.RAISE_BY, 2) in witch.bias
    assert ("Witch", learned.RAISE_BY, 2) in witch.bias
    # Charlatan is raised by the tuned Medium already: no variant of its own.
    assert "medium +Charlatan" not in plans


def test_the_tuned_medium_counts_what_a_buy_brings_with_the_cards_in_play() -> None:
    # Goons in play: late in the game a spare Buy takes a Copper for its VP
    # token, as Medium does; the corrections (Talisman left alone) must not
    # lose what the cards in play add to a buy.
    kingdom = ["Goons", "Talisman", *FILLER[:8]]
    plan = Plan("medium tuned", None, bias=learned.corrections(kingdom))
    assert plan.bias
    game = position(deck=["Copper"] * 7 + ["Estate"] * 3 + ["Gold", "Gold"], in_play=["Goons"],
                    kingdom=kingdom, coins=0, buys=2, phase="buy", supply={"Province": 2})
    assert GenericBot()._buy(game, 0, 0) == "Copper"
    assert HardBot(plan=plan)._buy(game, 0, 0) == "Copper"


def test_the_tuned_medium_takes_hoard_over_gold_and_buys_victory_cards_with_it() -> None:
    kingdom = ["Hoard", *FILLER[:9]]
    plan = Plan("medium tuned", None, bias=learned.corrections(kingdom))
    game = position(deck=["Copper"] * 7 + ["Estate"] * 3 + ["Silver"], kingdom=kingdom, coins=6)
    assert GenericBot()._buy(game, 0, 6) == "Gold"
    assert HardBot(plan=plan)._buy(game, 0, 6) == "Hoard"
    # With (1st-edition) Hoard in play a Duchy brings a Gold: worth more than a Gold alone.
    game = position(deck=["Copper"] * 7 + ["Estate"] * 3 + ["Hoard", "Hoard"], in_play=["Hoard"],
                    kingdom=kingdom, coins=6, phase="buy", supply={"Province": 5}, edition="1")
    assert GenericBot()._buy(game, 0, 6) == "Duchy"
    assert HardBot(plan=plan)._buy(game, 0, 6) == "Duchy"


def test_a_plans_variants_change_one_cards_wish_each() -> None:
    kingdom = ["Talisman", "Gardens", *FILLER[:8]]
    plan = Plan("medium tuned", None, bias=learned.corrections(kingdom))
    variants = {v.name: v for v in learned.variants(plan, kingdom)}
    # Gardens is only a Victory card; Talisman is left alone by the plan already.
    assert "medium tuned +Gardens" not in variants and "medium tuned -Talisman" not in variants
    assert variants["medium tuned +Talisman"].bias == (learned.raised("Talisman"),)
    assert variants["medium tuned -Village"].bias == plan.bias + (learned.avoided("Village"),)
    assert len(variants) == 2 * 8 + 1
    # Leaving alone a card the plan never took would change nothing: not tried.
    taken = {v.name for v in learned.variants(plan, kingdom, owned={"Village"})}
    assert "medium tuned -Village" in taken and "medium tuned -Cellar" not in taken
    assert "medium tuned +Cellar" in taken


def test_refining_finds_the_card_a_plan_should_not_have_left_alone() -> None:
    # Smithy is the kingdom's one strong card: a plan that leaves it alone
    # loses to Medium, and its "+Smithy" variant is what the refinement finds.
    kingdom = ["Smithy", *FILLER[:9]]
    crippled = Plan("medium -Smithy", None, bias=(learned.avoided("Smithy"),))
    planning.configure(games=320)
    try:
        refined = planning.refine(crippled, kingdom, False, "2", seed=3)
    finally:
        planning.configure(games=24)
    assert refined.name == "medium -Smithy +Smithy"
    assert refined.bias == (learned.raised("Smithy"),)


def test_the_refinements_edge_counts_the_vp_margin_not_only_the_win() -> None:
    kingdom = ["Smithy", *FILLER[:9]]
    idle = Plan("buys nothing", ())
    tally = planning._Tally([planning.MEDIUM, idle], kingdom, False, "2", seed=5)
    tally.play(1, 0, 2)
    assert tally.rate(1, 0) == 0.0 and tally.edge(0, 1) == 0.5  # the other order is unplayed
    # Three Estates against Medium's Provinces: lost by more than 20 VP each time.
    assert 0 < tally.edge(1, 0) < 1 / (1 + math.exp(20 / planning.MARGIN_SCALE))


def test_a_tally_reuses_the_games_of_its_memo_and_they_are_the_games_it_would_play() -> None:
    kingdom = ["Smithy", *FILLER[:9]]
    plans = [planning.MEDIUM, Plan("medium +Smithy", None, bias=(learned.raised("Smithy"),))]
    memo: planning.Memo = {}
    first = planning._Tally(plans, kingdom, False, "2", seed=7, memo=memo)
    first.play(1, 0, 4)
    assert first.games == first.fresh == 4 and len(memo) == 4
    # Another tally of the same plans and deals (as the refinement after the
    # tournament) takes them from the memo, and plays only the deals beyond.
    second = planning._Tally(plans, kingdom, False, "2", seed=7, memo=memo)
    second.play(1, 0, 6)
    assert (second.games, second.fresh, len(memo)) == (6, 2, 6)
    # Played afresh, the same deals give the same results.
    fresh = planning._Tally(plans, kingdom, False, "2", seed=7)
    fresh.play(1, 0, 6)
    assert fresh.fresh == 6
    assert (second.won, second.margins, second.owned) == (fresh.won, fresh.margins, fresh.owned)


def _scripted(rates: dict[tuple[str, str], float], edges: dict[tuple[str, str], float]):
    """A ``_Tally.play`` whose plans share wins by ``rates`` and margins by
    ``edges`` (by plan names; else as ``rates``, else 0.5)."""
    def play(self, i: int, j: int, games: int) -> None:
        pair = (self.plans[i].name, self.plans[j].name)
        rate = rates.get(pair, 0.5)
        self.won[(i, j)] = self.won.get((i, j), 0.0) + rate * games
        self.margins[(i, j)] = self.margins.get((i, j), 0.0) + edges.get(pair, rate) * games
        self.played[(i, j)] = self.played.get((i, j), 0) + games
        self.games += games
    return play


def test_a_variant_takes_the_winners_place_only_if_it_holds_against_each_threat(monkeypatch) -> None:
    kingdom = ["Smithy", *FILLER[:9]]
    tuned = Plan("medium", None)
    winner = Plan("BM Smithy", ())
    threat = Plan("lib Smithy Big Money", ())
    variant = "medium +Smithy"
    rates = {(variant, "medium"): 0.9, ("BM Smithy", "medium"): 0.6,
             ("BM Smithy", threat.name): 0.5, (variant, threat.name): 0.3}
    edges: dict[tuple[str, str], float] = {}
    monkeypatch.setattr(planning._Tally, "play", _scripted(rates, edges))

    def refined(*threats: Plan) -> str:
        return planning.refine(tuned, kingdom, False, "2", 3, threats=threats,
                               incumbent=winner).name

    # Against Medium the variant is best, but it loses to the threat more
    # than the winner does (beyond GUARD_SLACK): the winner stays.
    assert refined(threat) == "BM Smithy"
    rates[(variant, threat.name)] = 0.45  # within the slack
    assert refined(threat) == variant
    edges[(variant, threat.name)] = 0.35  # as many wins, but by smaller margins
    assert refined(threat) == "BM Smithy"
    rates[(variant, threat.name)] = 0.0  # no threats: Medium decides
    assert refined() == variant
    rates[(variant, "medium")] = 0.6  # a tie keeps the incumbent
    assert refined() == "BM Smithy"


def test_the_planner_picks_a_candidate_or_a_variant_of_its_best_medium_plan() -> None:
    planning.clear()
    seen = set()
    for kingdom in (["Smithy", *FILLER[:9]], ["Festival", *FILLER[:9]],
                    ["Chapel", "Laboratory", *FILLER[:8]], ["Witch", "Moat", *FILLER[:8]]):
        plans = candidates(kingdom, colony=False)
        names = [p.name for p in plans]
        plan = planning.plan_of((tuple(sorted(kingdom)), False, "2", 2))
        if plan.name in names:
            seen.add("a candidate")
        else:  # Medium's buys with one more card's wish changed
            base = plan.name.rsplit(" ", 1)[0]
            assert base in names and plans[names.index(base)].rules is None
            assert plan.rules is None and plan.name.endswith(plan.bias[-1][0])
            seen.add("a variant")
    assert seen == {"a candidate", "a variant"}  # both outcomes were seen
