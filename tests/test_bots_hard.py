"""The Hard bot: recognisers, plans, endgame counting, planning cache, legality.

* the recognisers propose the kingdom's archetypes (Gardens with a gainer,
  Chapel, Duke, Colony money) and a bot playing such a plan does what the
  plan is about (gains Gardens, trashes, buys Dukes, buys Platinum/Colony);
* on a Gardens kingdom the planned Hard bot contests the Gardens;
* constructed endgames: it never ends a game it loses by ending, takes the
  last Province (or third pile) when that wins, and the penultimate
  Province rule swaps for a Duchy that leads;
* it finishes random kingdoms with 2-4 players with only legal answers,
  the game state round-trips unchanged while it plays, and the planner
  caches per kingdom, and plans the same kingdom the same way every time.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from helpers import position

from dominion import Game, new_game
from dominion.bots import HardBot, make_bot, planning, race
from dominion.bots.kingdom import candidates
from dominion.bots.plans import MEDIUM, Plan, rule
from dominion.decisions import Decision, validate_answer
from dominion.fastplay import play_turns
from dominion.rng import Rng
from dominion.sim import random_kingdom

GARDENS = ["Gardens", "Workshop", "Cellar", "Moat", "Village", "Woodcutter", "Bureaucrat",
           "Smithy", "Festival", "Laboratory"]
CHAPEL = ["Chapel", "Laboratory", "Market", "Festival", "Village", "Cellar", "Harbinger",
          "Moat", "Bureaucrat", "Merchant"]
DUKE = ["Duke", "Courtyard", "Masquerade", "Great Hall", "Pawn", "Steward", "Swindler",
        "Bridge", "Mining Village", "Upgrade"]
COLONY = ["Monument", "Watchtower", "Bishop", "Loan", "Trade Route", "Talisman", "Quarry",
          "Worker's Village", "Hoard", "Bank"]


def plan_tagged(kingdom: list[str], tag: str, colony: bool = False) -> Plan:
    found = [p for p in candidates(kingdom, colony) if tag in p.tags]
    assert found, f"no {tag} plan for {kingdom}: {[p.name for p in candidates(kingdom, colony)]}"
    return found[0]


def play(kingdom: list[str], bots: list[Any], seed: int, colony: bool = False) -> Game:
    agents = dict(enumerate(bots))
    game = new_game(len(bots), kingdom, seed=seed, agents=agents, record_events=False,
                    colony=colony)
    game.check_agents = False
    play_turns(game, agents, 300)
    assert game.state.game_over
    return game


def owned(game: Game, seat: int) -> Counter:
    return Counter(game.state.players[seat].all_cards())


# ----------------------------------------------------------------------
# Recognisers and what their plans do


def test_medium_is_always_a_candidate_and_the_list_is_short() -> None:
    rng = Rng(3)
    for _ in range(30):
        k = random_kingdom(rng, sets={"base", "intrigue", "prosperity"})
        plans = candidates(k, False)
        assert plans[0] is MEDIUM
        assert 1 <= len(plans) <= 10
        assert len({p.name for p in plans}) == len(plans)


def test_a_gardens_kingdom_with_workshop_makes_a_gardens_rush_that_gains_gardens() -> None:
    rush = plan_tagged(GARDENS, "gardens")
    gardens = [owned(play(GARDENS, [HardBot(plan=rush), make_bot("generic")], seed=s), 0)["Gardens"]
               for s in range(4)]
    assert min(gardens) >= 3, gardens


IRONWORKS_GARDENS = ["Gardens", "Ironworks", "Great Hall", "Courtyard", "Pawn", "Shanty Town",
                     "Steward", "Baron", "Bridge", "Conspirator"]


@pytest.mark.parametrize("ironworks_left", [2, 0])
def test_an_ironworks_rush_takes_ironworks_over_gardens_while_they_last(ironworks_left: int) -> None:
    """Ironworks gaining an Ironworks is a cantrip that gains again, so the
    rush takes every Ironworks before Gardens (played out, that was 4 points
    better against Medium than Gardens from the sixth Ironworks on)."""
    rush = plan_tagged(IRONWORKS_GARDENS, "gardens")
    game = position(hand=["Copper"] * 4, deck=["Ironworks"] * 8 + ["Copper"] * 7,
                    kingdom=IRONWORKS_GARDENS, supply={"Ironworks": ironworks_left})
    pick = HardBot(plan=rush)._buy(game, 0, 4)
    assert pick == ("Ironworks" if ironworks_left else "Gardens")


def test_money_plans_contest_the_gardens_of_an_opponent_who_goes_for_them() -> None:
    deny = [p for p in candidates(GARDENS, False) if "deny Gardens" in p.name]
    assert deny
    rush = plan_tagged(GARDENS, "gardens")
    split = [owned(play(GARDENS, [HardBot(plan=deny[0]), HardBot(plan=rush)], seed=s), 0)["Gardens"]
             for s in range(4)]
    assert sum(split) >= 4, split


def test_the_planned_hard_bot_contests_gardens_against_a_rush() -> None:
    """With a tournament of the benchmark's size, Hard takes its share of
    the Gardens from the sparring set's Workshop/Gardens rush."""
    from dominion.bots.dominionsim import STRATEGIES_DIR, load_bot

    planning.configure(games=160)
    try:
        rush = str(STRATEGIES_DIR / "workshop-gardens.xml") + ":Workshop Gardens"
        games = [play(GARDENS, [make_bot("hard"), load_bot(rush)], seed=s) for s in range(4)]
    finally:
        planning.configure(games=24)
    assert sum(owned(g, 0)["Gardens"] for g in games) >= 12


def test_a_chapel_kingdom_makes_a_plan_that_trashes() -> None:
    thin = plan_tagged(CHAPEL, "trash")
    assert thin.trash_floor < 7 and thin.trash_estates
    for s in range(3):
        game = play(CHAPEL, [HardBot(plan=thin), make_bot("big-money")], seed=s)
        assert owned(game, 0)["Chapel"] == 1
        mine = owned(game, 0)
        assert mine["Copper"] + mine["Estate"] <= 6, mine  # started with 10


def test_a_duke_kingdom_makes_a_duke_slog_that_buys_dukes() -> None:
    duke = plan_tagged(DUKE, "duke")
    dukes = [owned(play(DUKE, [HardBot(plan=duke), make_bot("generic")], seed=s), 0)["Duke"]
             for s in range(3)]
    assert min(dukes) >= 2, dukes


def test_colony_money_buys_platinum_and_colonies() -> None:
    money = [p for p in candidates(COLONY, True) if "money" in p.tags]
    assert money and any(r.card == "Colony" for r in money[0].rules or ())
    games = [play(COLONY, [HardBot(plan=money[0]), make_bot("generic")], seed=s, colony=True)
             for s in range(3)]
    assert all(owned(g, 0)["Platinum"] >= 1 for g in games)
    assert sum(owned(g, 0)["Colony"] for g in games) >= 3


SMITHY_HOME = ["Cellar", "Chapel", "Moat", "Village", "Woodcutter", "Workshop", "Smithy",
               "Remodel", "Market", "Mine"]


def engine_buy(kingdom: list[str], deck: list[str], coins: int, colony: bool = False) -> Any:
    """What the kingdom's engine plan buys with ``coins`` owning ``deck``."""
    plan = plan_tagged(kingdom, "engine", colony)
    game = position(kingdom=kingdom, deck=deck, phase="buy", coins=coins, colony=colony,
                    others={1: {"deck": ["Copper"] * 7 + ["Estate"] * 3}})
    return HardBot(plan=plan, racing=False)._buy(game, 0, coins)


def test_an_engine_greens_on_its_money_not_on_its_second_draw_card() -> None:
    """Greening at $8 from the second Smithy left a thin economy that lost the
    Province race; the engine waits for total money 16 as Big Money does."""
    start = ["Copper"] * 7 + ["Estate"] * 3
    assert engine_buy(SMITHY_HOME, start + ["Smithy", "Smithy", "Village"], 8) == "Gold"
    rich = start + ["Smithy", "Smithy", "Village", "Gold", "Gold", "Silver"]  # money 15 + ...
    assert engine_buy(SMITHY_HOME, rich + ["Silver"], 8) == "Province"


def test_an_engine_takes_gold_over_its_parts_and_its_cantrips_at_5() -> None:
    deck = ["Copper"] * 7 + ["Estate"] * 3 + ["Chapel", "Smithy", "Village"]
    assert engine_buy(SMITHY_HOME, deck, 6) == "Gold"
    assert engine_buy(SMITHY_HOME, deck, 5) == "Market"
    assert engine_buy(SMITHY_HOME, deck, 4) == "Smithy"  # a second draw for the village
    assert engine_buy(SMITHY_HOME, deck + ["Smithy"], 3) == "Village"


def test_an_engine_leaves_woodcutter_out_beside_a_free_buy() -> None:
    plan = plan_tagged(SMITHY_HOME, "engine")
    assert "Woodcutter" not in plan.name and "Market" in plan.name
    assert all(r.card != "Woodcutter" for r in plan.rules or ())


def test_an_engine_curses_before_gold() -> None:
    witch = ["Witch", "Village", "Smithy", "Cellar", "Moat", "Workshop", "Chancellor",
             "Harbinger", "Feast", "Bureaucrat"]
    deck = ["Copper"] * 7 + ["Estate"] * 2
    assert engine_buy(witch, deck, 6) == "Witch"
    assert engine_buy(witch, deck + ["Witch"], 6) == "Gold"  # 10 cards
    assert engine_buy(witch, deck + ["Witch", "Silver"], 6) == "Witch"  # 11 cards


# ----------------------------------------------------------------------
# Endgame


def endgame(my_vp: list[str], their_vp: list[str], supply: dict[str, int], coins: int,
            plan: Plan = MEDIUM) -> tuple[Game, HardBot]:
    game = position(hand=[], deck=["Copper"] * 5, discard=my_vp, phase="buy", coins=coins,
                    others={1: {"deck": ["Copper"] * 5, "discard": their_vp}}, supply=supply)
    return game, HardBot(plan=plan, racing=True)


@pytest.mark.parametrize("plan_tag", ["medium", "money"])
def test_it_never_takes_the_last_province_when_that_loses(plan_tag: str) -> None:
    plan = MEDIUM if plan_tag == "medium" else plan_tagged(GARDENS, "money")
    game, bot = endgame(["Province"], ["Province"] * 3, {"Province": 1}, coins=8, plan=plan)
    assert bot._buy(game, 0, 8) != "Province"


def test_it_takes_the_last_province_when_that_wins() -> None:
    game, bot = endgame(["Province"] * 2, ["Province"] * 2, {"Province": 1}, coins=11)
    assert bot._buy(game, 0, 11) == "Province"


def test_it_takes_the_third_pile_when_that_wins_and_not_when_it_loses() -> None:
    piles = {"Village": 0, "Cellar": 0, "Moat": 1}
    game, bot = endgame(["Duchy"], [], piles, coins=2, plan=plan_tagged(GARDENS, "money"))
    assert bot._buy(game, 0, 2) == "Moat"  # ahead by 3 + 3 Estates each: ending wins
    game, bot = endgame([], ["Duchy"], piles, coins=2)
    assert bot._buy(game, 0, 2) != "Moat"


def test_it_buys_out_the_third_pile_over_several_buys_when_that_wins() -> None:
    # Two piles empty, two Moats left, 2 Buys and $4: buying both ends the
    # game ahead (the last-card rule alone would not see it).
    piles = {"Village": 0, "Cellar": 0, "Moat": 2}
    game = position(deck=["Copper"] * 5, discard=["Duchy"], phase="buy", coins=4, buys=2,
                    others={1: {"deck": ["Copper"] * 5}}, supply=piles)
    assert HardBot(plan=MEDIUM, racing=True).command(game, 0).card == "Moat"
    game = position(deck=["Copper"] * 5, phase="buy", coins=4, buys=2,
                    others={1: {"deck": ["Copper"] * 5, "discard": ["Duchy"]}}, supply=piles)
    assert HardBot(plan=MEDIUM, racing=True)._buy(game, 0, 4) != "Moat"  # behind: no run


def test_penultimate_province_becomes_a_duchy_that_leads() -> None:
    # Behind by 2: a Province leaves the last one to the opponent (their +6 wins);
    # a Duchy puts this seat ahead instead.
    game, bot = endgame(["Duchy"], ["Duchy", "Estate", "Estate"], {"Province": 2}, coins=8)
    assert bot._buy(game, 0, 8) == "Duchy"


def test_a_money_plan_takes_the_duchy_that_puts_it_out_of_reach_of_the_last_province() -> None:
    # One Province left, 4 ahead: Gold leaves the opponent a winning last
    # Province, a Duchy (7 ahead) does not.
    money = Plan("gold first", rules=(rule("Province"), rule("Gold"), rule("Silver")))
    game, bot = endgame(["Duchy", "Estate", "Gold", "Gold"], ["Gold"] * 4, {"Province": 1},
                        coins=6, plan=money)
    assert bot._buy(game, 0, 6) == "Duchy"


def test_with_three_players_the_duchy_also_keeps_the_leader_from_the_last_province() -> None:
    # One Province left, 4 ahead of the leader: Gold lets the leader (or the
    # other opponent) win with the last one, a Duchy does not.
    money = Plan("gold first", rules=(rule("Province"), rule("Gold"), rule("Silver")))
    game = position(deck=["Copper"] * 5, discard=["Duchy", "Estate", "Gold", "Gold"],
                    phase="buy", coins=6, players=3, supply={"Province": 1},
                    others={1: {"deck": ["Copper"] * 5, "discard": ["Gold"] * 4},
                            2: {"deck": ["Copper"] * 5, "discard": ["Gold"] * 3}})
    assert HardBot(plan=money, racing=True)._buy(game, 0, 6) == "Duchy"


def test_the_best_of_several_hands_reaches_a_cost_more_often() -> None:
    one = race.coin_odds(["Copper"] * 7 + ["Estate"] * 3, [5, 2])
    two = race._any_of([one, one])
    assert two[0] == pytest.approx(1 - (1 - one[0]) ** 2)
    assert sum(two) == pytest.approx(1.0)


def test_the_race_odds_of_a_hand_are_exact() -> None:
    # 7 Coppers and 3 Estates: $5 needs all five Coppers, C(7,5)/C(10,5).
    odds = race.coin_odds(["Copper"] * 7 + ["Estate"] * 3, [8, 5, 2])
    assert odds[0] == 0.0
    assert odds[1] == pytest.approx(21 / 252)
    assert sum(odds) == pytest.approx(1.0)
    assert race.coin_odds(["Gold"] * 6, [8, 5, 2])[0] == pytest.approx(1.0)


# ----------------------------------------------------------------------
# Legality, round trips, planning


class Checked:
    """Validates every answer of the bot it wraps."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name

    def decide(self, game: Game, d: Decision) -> Any:
        value = self.bot.decide(game, d)
        assert validate_answer(d, value) == value
        return value

    def command(self, game: Game, seat: int) -> Any:
        return self.bot.command(game, seat)


def test_hard_finishes_random_kingdoms_with_2_to_4_players_legally_and_round_trips() -> None:
    rng = Rng(2031)
    for g in range(12):
        n = 2 + g % 3
        k = random_kingdom(rng, sets={"base", "intrigue", "prosperity"})
        bots = [Checked(make_bot("hard") if s % 2 == 0 else make_bot("generic")) for s in range(n)]
        game = new_game(n, k, seed=g, agents=dict(enumerate(bots)), record_events=False,
                        colony=g % 4 == 1)
        st = game.state
        while not st.game_over:
            assert st.turn.number <= 400, f"game {g} ({k}) is stuck"
            seat = st.turn.seat
            if st.turn.number % 7 == 0:  # the bot keeps nothing in the game's state
                text = game.to_json()
                assert Game.from_json(text).to_json() == text
            game.apply(seat, bots[seat].command(game, seat))
            st = game.state
        assert game.result()["winners"]


def test_the_plan_is_cached_per_kingdom() -> None:
    planning.clear()
    before = dict(planning.stats)
    game = new_game(2, GARDENS, seed=1)
    first = planning.plan_for(game)
    assert planning.stats["tournaments"] == before["tournaments"] + 1
    again = planning.plan_for(new_game(2, GARDENS, seed=2))
    assert again is first
    assert planning.stats["tournaments"] == before["tournaments"] + 1
    assert planning.stats["hits"] == before["hits"] + 1
    other = planning.plan_for(new_game(3, GARDENS, seed=2))  # another player count
    assert planning.stats["tournaments"] == before["tournaments"] + 2
    assert other is not first


def test_a_kingdom_is_planned_the_same_way_every_time() -> None:
    """A game count, not the clock, ends a tournament: a game against Hard replays
    the same after a restart (or a cache eviction), whatever the machine's load."""
    planning.clear()
    first = planning.plan_for(new_game(2, DUKE, seed=1))
    planning.clear()
    assert planning.plan_for(new_game(2, DUKE, seed=5)) == first


def test_a_medium_plan_with_a_bias_buys_more_of_its_card() -> None:
    kingdom = ["Smithy", "Cellar", "Moat", "Village", "Workshop", "Woodcutter",
               "Chancellor", "Harbinger", "Feast", "Bureaucrat"]
    biased = Plan("medium +Moat", None, bias=(("Moat", 25.0, 2),))
    moats = [owned(play(kingdom, [HardBot(plan=p), make_bot("big-money")], seed=s), 0)["Moat"]
             for p in (MEDIUM, biased) for s in range(2)]
    assert sum(moats[2:]) > sum(moats[:2]), moats


def test_the_race_starts_at_the_last_two_colonies_but_the_last_province() -> None:
    def applies(supply: dict[str, int], colony: bool) -> bool:
        game = position(deck=["Copper"] * 5, phase="buy", supply=supply, colony=colony,
                        others={1: {"deck": ["Copper"] * 5}})
        return race.applies(game)

    assert applies({"Colony": 2}, colony=True)
    assert not applies({"Colony": 3}, colony=True)
    assert not applies({"Province": 2}, colony=False)
    assert applies({"Province": 1}, colony=False)
