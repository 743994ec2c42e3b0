"""Bots in Prosperity kingdoms.

* the generic bot (and Big Money, which answers with it) finishes games on
  every Prosperity card and on a few hundred random Prosperity + Base
  kingdoms with 2-6 players, with and without Platinum/Colony, in both
  editions, every answer legal; over the run it answers every prompt of the
  Prosperity contract (``notes/prosperity-contract.md``), ``turn_start.play``
  included;
* it answers as a client too: suspended decisions, JSON reloads in between;
* it buys Platinum and Colony and greens later when Colony is in the supply;
* its answer to each Prosperity prompt is the sensible one in clear
  positions (built with ``tests/helpers.py``; decks are written top card first).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from helpers import position
from test_bots import (
    Checked, Explorer, ask, bot_answer, decide, discard, hand, mixed_kingdom, play_as_client,
    play_out,
)

from dominion import CARDS, Game, Play, PlayTreasures, new_game
from dominion.bots import GenericBot, make_bot
from dominion.bots.generic import _buy_bonus, _Ctx, gain_score
from dominion.prompts import PROMPTS
from dominion.rng import Rng
from dominion.state import BUY_PHASE

BOT = GenericBot()

PROSPERITY = sorted(n for n, c in CARDS.items() if c.set == "prosperity" and not c.basic)
BASE = sorted(n for n, c in CARDS.items() if c.set == "base" and not c.basic)

#: Every prompt the Prosperity cards ask, and the engine's start-of-turn prompt (Clerk).
PROSPERITY_PROMPTS = sorted(
    k for k, p in PROMPTS.items() if p.card in PROSPERITY or k == "turn_start.play")


#: Prompts that need an unlikely position to come up in bot games get their
#: own tests below: ``mint.order`` needs a 1st-edition Mint bought for $4 or
#: less (Quarry, Bridge, Peddler's kin) with a Talisman in play.
RARE = frozenset({"mint.order"})


def colony_position(**kwargs: Any) -> Game:
    """:func:`position` with Platinum and Colony in the supply."""
    supply = {"Platinum": 12, "Colony": 8, **kwargs.pop("supply", {})}
    return position(supply=supply, **kwargs)


def buy_phase(game: Game) -> Game:
    game.state.turn.phase = BUY_PHASE
    return game


# ----------------------------------------------------------------------
# Whole games


def test_generic_bot_finishes_random_prosperity_kingdoms_with_2_to_6_players() -> None:
    rng = Rng(2027)
    prompts: Counter = Counter()
    reasons: Counter = Counter()
    colonies = 0
    for g in range(300):
        n = 2 + g % 5
        kingdom = mixed_kingdom(rng, "prosperity", 4 + g % 7)
        # Explorers buy random kingdom cards so every card comes up; the
        # last seat is Big Money or the plain generic bot.
        bots: list[Any] = [Explorer(rng) if s % 2 == 0 else make_bot("generic")
                           for s in range(n - 1)]
        bots.append(make_bot("big-money" if g % 2 else "generic"))
        agents = {s: Checked(b, prompts) for s, b in enumerate(bots)}
        colony = g % 4 < 2
        colonies += colony
        game = new_game(n, kingdom, seed=8000 + g, agents=agents, record_events=False,
                        colony=colony, edition="1" if g % 3 == 0 else "2")
        play_out(game, bots)
        reasons[game.state.end_reason] += 1
        assert game.result()["winners"]
    assert colonies == 150
    assert set(reasons) == {"provinces", "colonies", "piles"}
    missing = [p for p in PROSPERITY_PROMPTS if p not in prompts and p not in RARE]
    assert not missing, f"never asked: {missing}"


@pytest.mark.parametrize("card", PROSPERITY)
def test_bots_finish_games_on_every_prosperity_card(card: str) -> None:
    """Each card with nine Base cards, 2-4 players; one seat buys it early and
    often (the Explorer), the others are the generic bot and Big Money."""
    rng = Rng(sum(map(ord, card)))
    for g in range(3):
        others = [c for c in BASE]
        rng.shuffle(others)
        kingdom = sorted([card] + others[:9])
        n = 2 + g
        bots: list[Any] = [Explorer(rng), make_bot("generic"), make_bot("big-money"),
                           make_bot("generic")][:n]
        prompts: Counter = Counter()
        agents = {s: Checked(b, prompts) for s, b in enumerate(bots)}
        game = new_game(n, kingdom, seed=g, agents=agents, record_events=False,
                        colony=g != 1, edition="1" if g == 2 else "2")
        play_out(game, bots)
        assert game.result()["winners"]


def test_generic_bot_answers_suspended_prosperity_decisions_as_a_client() -> None:
    """No agents: every decision suspends, the game goes through JSON and the
    bot's answer comes back as a client's would."""
    rng = Rng(41)
    asked: Counter = Counter()
    for g in range(6):
        n = 2 + g % 4
        kingdom = mixed_kingdom(rng, "prosperity", 8)
        game = new_game(n, kingdom, seed=900 + g, colony=g % 2 == 0,
                        edition="1" if g % 2 else "2")
        play_as_client(game, [make_bot("generic") for _ in range(n)], asked)
    assert sum(asked.values()) > 50


@pytest.mark.parametrize("colony", [False, True])
def test_generic_beats_big_money_on_prosperity_kingdoms(colony: bool) -> None:
    from dominion.sim import play_game

    rng = Rng(5)
    wins = 0.0
    games = 60
    for g in range(games):
        kingdom = mixed_kingdom(rng, "prosperity", 6)
        order = ["generic", "big-money"] if g % 2 == 0 else ["big-money", "generic"]
        res = play_game(order, kingdom, seed=g, colony=colony)
        if order.index("generic") in res["winners"]:
            wins += 1 / len(res["winners"])
    assert wins / games > 0.7  # measured about 0.9


def test_generic_mirror_buys_colonies_and_platinum() -> None:
    from dominion.bots.generic import GenericBot as G

    rng = Rng(12)
    bought: Counter = Counter()
    for g in range(20):
        kingdom = mixed_kingdom(rng, "prosperity", 5)
        bots = [G(), G()]
        game = new_game(2, kingdom, seed=g, agents=dict(enumerate(bots)),
                        record_events=False, colony=True)
        play_out(game, bots)
        for p in game.state.players:
            bought.update(c for c in p.all_cards() if c in ("Platinum", "Colony"))
    assert bought["Platinum"] >= 20 and bought["Colony"] >= 20


# ----------------------------------------------------------------------
# Platinum and Colony


def test_colony_at_11_platinum_at_9_early() -> None:
    game = buy_phase(colony_position(kingdom=["Smithy"], coins=11))
    assert BOT.choose_gain(game, 0, 11, buying=True) == "Colony"
    assert BOT.choose_gain(game, 0, 9, buying=True) == "Platinum"
    # Without Gold or Platinum a Province is not worth its $8 yet: Gold first.
    assert BOT.choose_gain(game, 0, 8, buying=True) == "Gold"


def test_province_is_worth_less_early_with_colony_than_without() -> None:
    plain = buy_phase(position(kingdom=["Smithy"], hand=["Gold", "Gold", "Silver"]))
    colony = buy_phase(colony_position(kingdom=["Smithy"], hand=["Gold", "Gold", "Silver"]))
    assert BOT.choose_gain(plain, 0, 8, buying=True) == "Province"
    assert gain_score(_Ctx(colony, 0), "Province") < gain_score(_Ctx(plain, 0), "Province")
    # Duchies wait longer too: with 6 of 8 Provinces left a plain game
    # greens; with 6 of 8 Colonies left the bigger cards still come first.
    assert BOT.choose_gain(position(kingdom=["Smithy"], supply={"Province": 6}), 0, 5,
                           buying=True) == "Duchy"
    assert BOT.choose_gain(colony_position(kingdom=["Smithy"], supply={"Colony": 6}), 0, 5,
                           buying=True) != "Duchy"


def test_province_late_in_a_colony_game_and_the_colony_pile_ends_it() -> None:
    game = buy_phase(colony_position(kingdom=["Smithy"], supply={"Colony": 2}))
    assert BOT.choose_gain(game, 0, 8, buying=True) == "Province"
    assert BOT.choose_gain(game, 0, 5, buying=True) == "Duchy"


def test_does_not_take_the_last_colony_when_behind() -> None:
    game = buy_phase(colony_position(kingdom=["Smithy"], supply={"Colony": 1},
                                     others={1: {"discard": ["Colony", "Colony"]}}))
    assert BOT.choose_gain(game, 0, 11, buying=True) != "Colony"
    game.state.players[1].vp_tokens = 0
    game.state.players[0].vp_tokens = 25  # VP tokens count: now it wins by ending
    assert BOT.choose_gain(game, 0, 11, buying=True) == "Colony"


# ----------------------------------------------------------------------
# Turns: Grand Market, Peddler, Charlatan's Curse, buy bonuses


def test_grand_market_keeps_the_coppers_in_hand_to_buy_it() -> None:
    game = position(hand=["Silver", "Silver", "Silver", "Copper", "Estate"],
                    kingdom=["Grand Market", "Smithy"])
    sent = []
    while game.state.turn.seat == 0:
        cmd = BOT.command(game, 0)
        sent.append(cmd.to_dict())
        game.apply(0, cmd)
    assert {"type": "play_treasures"} not in sent
    assert {"type": "buy", "card": "Grand Market"} in sent
    assert {"type": "play", "card": "Copper"} not in sent


def test_grand_market_with_a_copper_in_play_is_not_attempted() -> None:
    game = buy_phase(position(hand=["Gold"], in_play=["Copper", "Gold"], coins=7,
                              kingdom=["Grand Market", "Smithy"]))
    assert game.buy_forbidden(0, "Grand Market")
    cmd = BOT.command(game, 0)
    game.apply(0, cmd)  # plays the Gold: no refused command
    assert BOT.choose_gain(game, 0, 10, buying=True) != "Grand Market"


def test_plays_all_treasures_when_grand_market_is_not_the_best_buy() -> None:
    game = position(hand=["Gold", "Gold", "Silver", "Copper", "Copper"],
                    kingdom=["Grand Market", "Smithy"])
    assert BOT.command(game, 0) == PlayTreasures()


def test_peddler_bought_when_actions_in_play_make_it_cheap() -> None:
    game = buy_phase(position(in_play=["Village", "Village", "Smithy"], coins=3,
                              kingdom=["Peddler", "Village", "Smithy"]))
    assert game.cost("Peddler") == 2
    assert BOT.choose_gain(game, 0, 3, buying=True) == "Peddler"


def test_curse_is_played_for_a_coin_with_charlatan() -> None:
    game = position(hand=["Curse", "Curse", "Silver", "Estate"],
                    kingdom=["Charlatan", "Smithy"])
    assert BOT.command(game, 0) == PlayTreasures()
    game.apply(0, PlayTreasures())
    assert game.state.turn.coins == 4
    game = position(hand=["Curse", "Estate"], kingdom=["Charlatan"])
    assert BOT.command(game, 0) == PlayTreasures()  # not the end of the turn


def test_buy_bonuses_of_talisman_hoard_goons_and_mint() -> None:
    game = buy_phase(position(in_play=["Talisman"], kingdom=["Talisman", "Smithy", "Mint"]))
    ctx = _Ctx(game, 0)
    assert _buy_bonus(ctx, "Smithy") > 0 and _buy_bonus(ctx, "Estate") == 0
    assert _buy_bonus(ctx, "Gold") == 0  # costs more than $4
    game = buy_phase(position(in_play=["Hoard", "Goons"], kingdom=["Hoard", "Goons"]))
    game.state.edition = "1"
    ctx = _Ctx(game, 0)
    assert _buy_bonus(ctx, "Duchy") > _buy_bonus(ctx, "Silver") > 0  # Gold, VP token
    game = buy_phase(position(in_play=["Gold", "Gold", "Copper"], kingdom=["Mint"]))
    assert _buy_bonus(_Ctx(game, 0), "Mint") < -50  # would trash two Golds
    assert BOT.choose_gain(game, 0, 7, buying=True) == "Gold"


def test_talisman_in_play_buys_a_cheap_card_twice() -> None:
    game = position(hand=["Talisman", "Silver", "Copper"], kingdom=["Talisman", "Smithy"])
    game.apply(0, PlayTreasures())
    pick = BOT.choose_gain(game, 0, game.state.turn.coins, buying=True)
    assert game.cost(pick) <= 4 and not CARDS[pick].is_victory


# ----------------------------------------------------------------------
# Playing Prosperity Actions


def test_kings_court_plays_the_best_action_three_times() -> None:
    game = position(hand=["King's Court", "Smithy", "Village", "Copper"],
                    deck=["Copper"] * 12, kingdom=["King's Court", "Smithy", "Village"])
    assert BOT.action_to_play(game, 0) == "Village"  # Actions first
    game = position(hand=["King's Court", "Smithy", "Copper", "Copper"],
                    deck=["Copper"] * 12, kingdom=["King's Court", "Smithy"])
    assert BOT.action_to_play(game, 0) == "King's Court"
    ask(game, "King's Court")
    assert game.pending.prompt == "kings_court.play"
    assert decide(game) == ["Smithy"]
    bot_answer(game)
    assert len(hand(game)) == 2 + 9


def test_kings_court_alone_with_kings_courts_is_not_played() -> None:
    game = position(hand=["King's Court", "King's Court", "Throne Room", "Copper"],
                    kingdom=["King's Court", "Throne Room"])
    assert BOT.action_to_play(game, 0) is None


def test_bishop_is_played_only_with_something_worth_trashing() -> None:
    game = position(hand=["Bishop", "Gold", "Silver", "Gold", "Silver"], kingdom=["Bishop"])
    assert BOT.action_to_play(game, 0) is None
    game = position(hand=["Bishop", "Estate", "Copper", "Gold", "Silver"], kingdom=["Bishop"])
    assert BOT.action_to_play(game, 0) == "Bishop"
    ask(game, "Bishop")
    assert game.pending.prompt == "bishop.trash"
    assert decide(game) == ["Estate"]  # its VP come back as a token; the deck is thinner


def test_bishop_trashes_a_gold_for_three_tokens_on_the_last_turn() -> None:
    game = position(hand=["Bishop", "Gold", "Silver", "Province"], kingdom=["Bishop"],
                    supply={"Province": 1})
    ask(game, "Bishop")
    assert decide(game) == ["Gold"]


def test_other_players_trash_a_curse_to_bishop() -> None:
    game = position(hand=["Bishop", "Estate"], kingdom=["Bishop"],
                    others={1: {"hand": ["Gold", "Curse", "Silver", "Copper", "Copper"]}})
    ask(game, "Bishop")  # the Estate, its only card, is trashed without asking
    assert game.pending.prompt == "bishop.other_trash" and game.pending.seat == 1
    assert decide(game) == ["Curse"]
    game = position(hand=["Bishop", "Estate"], kingdom=["Bishop"],
                    others={1: {"hand": ["Duchy", "Silver", "Silver", "Copper", "Copper"]}})
    ask(game, "Bishop")
    assert decide(game) == []  # only $6 of money: it keeps its Coppers, and its Duchy


def test_watchtower_draws_up_to_six_and_waits_for_a_big_hand() -> None:
    game = position(hand=["Watchtower", "Copper", "Copper"], deck=["Silver"] * 6,
                    kingdom=["Watchtower", "Smithy"])
    assert BOT.action_to_play(game, 0) == "Watchtower"
    game = position(hand=["Watchtower"] + ["Copper"] * 6, kingdom=["Watchtower"])
    assert BOT.action_to_play(game, 0) is None  # would draw nothing


def test_forge_trashes_three_estates_for_a_gold() -> None:
    game = position(hand=["Forge", "Estate", "Estate", "Estate", "Silver"],
                    kingdom=["Forge", "Smithy"])
    assert BOT.action_to_play(game, 0) == "Forge"
    ask(game, "Forge")
    assert sorted(decide(game)) == ["Estate", "Estate", "Estate"]
    bot_answer(game)
    assert game.pending.prompt == "forge.gain"
    assert game.pending.args["cost"] == 6
    assert decide(game) == "Gold"


def test_forge_with_nothing_worth_trashing_is_not_played() -> None:
    game = position(hand=["Forge", "Gold", "Gold", "Silver"], kingdom=["Forge"])
    assert BOT.action_to_play(game, 0) is None


def test_expand_turns_a_gold_into_a_province() -> None:
    game = position(hand=["Expand", "Gold", "Silver"], kingdom=["Expand"],
                    supply={"Province": 3})
    ask(game, "Expand")
    assert decide(game) == ["Gold"]
    bot_answer(game)
    assert game.pending.prompt == "expand.gain"
    assert decide(game) == "Province"


def test_counting_house_takes_every_copper() -> None:
    game = position(hand=["Counting House", "Silver"], discard=["Copper", "Estate", "Copper"],
                    kingdom=["Counting House"])
    assert BOT.action_to_play(game, 0) == "Counting House"
    ask(game, "Counting House")
    assert decide(game) == ["Copper", "Copper"]
    game = position(hand=["Counting House", "Silver"], discard=["Estate"],
                    kingdom=["Counting House"])
    assert BOT.action_to_play(game, 0) is None


def test_mint_copies_the_best_treasure() -> None:
    game = position(hand=["Mint", "Copper", "Gold", "Silver"], kingdom=["Mint"])
    ask(game, "Mint")
    assert decide(game) == ["Gold"]
    game = position(hand=["Mint", "Copper", "Copper"], kingdom=["Mint"])
    assert BOT.action_to_play(game, 0) is None  # a Copper is not worth a card


def test_trade_route_trashes_the_junk() -> None:
    game = position(hand=["Trade Route", "Curse", "Copper", "Silver"], kingdom=["Trade Route"])
    ask(game, "Trade Route")
    assert decide(game) == ["Curse"]


def test_vault_discards_what_this_turn_cannot_use() -> None:
    game = position(hand=["Vault", "Estate", "Smithy", "Gold", "Copper"],
                    deck=["Duchy", "Silver"], kingdom=["Vault", "Smithy"])
    ask(game, "Vault")
    assert sorted(decide(game)) == ["Duchy", "Estate", "Smithy"]


def test_vault_offer_discards_two_junk_cards_for_one() -> None:
    junk = ["Estate", "Curse", "Silver", "Gold", "Copper"]
    game = position(hand=["Vault"], deck=["Copper", "Copper"], kingdom=["Vault"],
                    others={1: {"hand": junk, "deck": ["Silver"] * 3}})
    ask(game, "Vault")
    bot_answer(game)  # its own discard
    assert game.pending.prompt == "vault.offer" and game.pending.seat == 1
    assert decide(game) == "yes"
    bot_answer(game)
    assert game.pending.prompt == "vault.other_discard"
    assert sorted(decide(game)) == ["Curse", "Estate"]
    rich = ["Gold", "Gold", "Silver", "Gold", "Silver"]
    game = position(hand=["Vault"], deck=["Copper", "Copper"], kingdom=["Vault"],
                    others={1: {"hand": rich, "deck": ["Copper"] * 3}})
    ask(game, "Vault")
    bot_answer(game)
    assert decide(game) == "no"


def test_magnate_waits_for_treasures_in_hand() -> None:
    game = position(hand=["Magnate", "Estate", "Estate"], kingdom=["Magnate"])
    assert BOT.action_to_play(game, 0) is None
    game = position(hand=["Magnate", "Copper", "Silver"], deck=["Gold"] * 3,
                    kingdom=["Magnate"])
    assert BOT.action_to_play(game, 0) == "Magnate"


# ----------------------------------------------------------------------
# Answers on other players' turns


def test_mountebank_victim_discards_its_curse() -> None:
    game = position(hand=["Mountebank"], kingdom=["Mountebank"],
                    others={1: {"hand": ["Curse", "Copper", "Silver", "Estate", "Gold"]}})
    ask(game, "Mountebank")
    assert game.pending.prompt == "mountebank.discard_curse" and game.pending.seat == 1
    assert decide(game) == "yes"
    bot_answer(game)
    assert discard(game, 1) == ["Curse"]


def test_goons_victim_keeps_the_best_three() -> None:
    game = position(hand=["Goons"], kingdom=["Goons"],
                    others={1: {"hand": ["Curse", "Copper", "Silver", "Estate", "Gold"]}})
    ask(game, "Goons")
    assert game.pending.prompt == "goons.discard"
    assert sorted(decide(game)) == ["Curse", "Estate"]


def test_clerk_victim_puts_back_its_worst_card_and_plays_clerk_at_turn_start() -> None:
    game = position(hand=["Clerk"], kingdom=["Clerk"],
                    others={1: {"hand": ["Clerk", "Gold", "Silver", "Estate", "Copper"]}})
    ask(game, "Clerk")
    assert game.pending.prompt == "clerk.topdeck"
    assert decide(game) == ["Estate"]
    bot_answer(game)
    game.apply(0, {"type": "end_phase"})
    game.apply(0, {"type": "end_phase"})
    d = game.pending
    assert (d.seat, d.prompt, d.options) == (1, "turn_start.play", ["Clerk"])
    assert decide(game) == ["Clerk"]
    bot_answer(game)
    assert game.state.turn.coins == 2 and game.state.turn.actions == 1


def test_watchtower_trashes_a_curse_gained_on_another_turn() -> None:
    game = position(hand=["Witch"], deck=["Copper"] * 2, kingdom=["Witch", "Watchtower"],
                    others={1: {"hand": ["Watchtower", "Copper", "Copper", "Estate", "Silver"]}})
    ask(game, "Witch")
    d = game.pending
    assert (d.seat, d.prompt, d.args["gained"]) == (1, "watchtower.reveal", "Curse")
    assert decide(game) == "trash"
    bot_answer(game)
    assert "Curse" in game.state.trash


def test_watchtower_puts_a_bought_gold_onto_the_deck_and_leaves_a_province() -> None:
    game = buy_phase(position(hand=["Watchtower", "Estate"], coins=6,
                              kingdom=["Watchtower", "Smithy"]))
    game.apply(0, {"type": "buy", "card": "Gold"})
    assert game.pending.prompt == "watchtower.reveal"
    assert decide(game) == "deck"
    game = buy_phase(position(hand=["Watchtower", "Estate"], coins=8,
                              kingdom=["Watchtower", "Smithy"]))
    game.apply(0, {"type": "buy", "card": "Province"})
    assert decide(game) == "no"


def test_royal_seal_and_tiara_put_good_gains_onto_the_deck() -> None:
    for card in ("Royal Seal", "Tiara"):
        game = buy_phase(position(in_play=[card], coins=6, kingdom=[card, "Smithy"]))
        if card == "Tiara":
            game.state.turn.effects["tiara"] = 1
        game.apply(0, {"type": "buy", "card": "Gold"})
        assert game.pending.prompt == card.lower().replace(" ", "_") + ".topdeck"
        assert decide(game) == "yes"
        game = buy_phase(position(in_play=[card], coins=6, kingdom=[card, "Smithy"]))
        if card == "Tiara":
            game.state.turn.effects["tiara"] = 1
        game.apply(0, {"type": "buy", "card": "Estate"})
        assert decide(game) == "no"


def test_contraband_names_what_the_player_can_buy() -> None:
    game = position(hand=["Contraband", "Gold", "Gold", "Silver"], kingdom=["Contraband"])
    game.apply(0, Play("Contraband"))
    d = game.pending
    assert (d.seat, d.prompt) == (1, "contraband.name")
    assert decide(game) == "Province"
    game = colony_position(hand=["Contraband", "Gold", "Gold", "Gold", "Silver"],
                           kingdom=["Contraband"])
    game.apply(0, Play("Contraband"))
    assert decide(game) == "Colony"
    bot_answer(game)
    # The named card is banned; the bot buys something else, legally.
    game.apply(0, PlayTreasures())
    pick = BOT.choose_gain(game, 0, game.state.turn.coins, buying=True)
    assert pick != "Colony" and game.buy_forbidden(0, pick) is None


def test_war_chest_names_the_best_card_up_to_5_for_the_player() -> None:
    game = position(hand=["War Chest", "Copper"], kingdom=["War Chest", "Witch", "Smithy"])
    game.apply(0, Play("War Chest"))
    d = game.pending
    assert (d.seat, d.prompt) == (1, "war_chest.name")
    assert decide(game) == "Witch"
    bot_answer(game)
    assert game.pending.prompt == "war_chest.gain"
    assert "Witch" not in game.pending.options
    assert decide(game) != "Witch"


# ----------------------------------------------------------------------
# Treasures with choices


def test_crystal_ball_trashes_junk_plays_money_and_keeps_a_village() -> None:
    for top, want in (("Curse", "trash"), ("Gold", "play"), ("Estate", "trash"),
                      ("Village", "keep"), ("Smithy", "play")):
        game = position(hand=["Crystal Ball"], deck=[top, "Copper"],
                        kingdom=["Crystal Ball", "Village", "Smithy"])
        game.apply(0, Play("Crystal Ball"))
        assert game.pending.prompt == "crystal_ball.choose", top
        assert decide(game) == want, top


def test_loan_trashes_a_copper_while_money_stays() -> None:
    game = position(hand=["Loan"], deck=["Copper", "Silver"],
                    discard=["Gold", "Gold", "Silver"], kingdom=["Loan"])
    game.apply(0, Play("Loan"))
    assert game.pending.prompt == "loan.choose"
    assert decide(game) == "trash"
    game = position(hand=["Loan"], deck=["Copper", "Estate"], kingdom=["Loan"])
    game.apply(0, Play("Loan"))
    assert decide(game) == "discard"  # the deck's only money


def test_investment_takes_vp_for_many_different_treasures() -> None:
    game = position(hand=["Investment", "Estate", "Gold", "Silver", "Copper", "Platinum"],
                    kingdom=["Investment"], supply={"Platinum": 12, "Colony": 8})
    game.apply(0, Play("Investment"))
    assert decide(game) == ["Estate"]
    bot_answer(game)
    assert game.pending.prompt == "investment.choose"
    assert decide(game) == "vp"
    game = position(hand=["Investment", "Estate", "Copper", "Copper"], kingdom=["Investment"])
    game.apply(0, Play("Investment"))
    bot_answer(game)
    assert decide(game) == "coin"


def test_tiara_plays_the_best_treasure_twice() -> None:
    game = position(hand=["Tiara", "Copper", "Gold", "Silver"], kingdom=["Tiara"])
    game.apply(0, Play("Tiara"))
    assert game.pending.prompt == "tiara.play"
    assert decide(game) == ["Gold"]


def test_anvil_discards_a_spare_copper_for_a_card() -> None:
    # $1 + Silver + Gold + Copper = $7 buys a Gold; $6 too: the Copper goes.
    game = position(hand=["Anvil", "Copper", "Silver", "Gold"], kingdom=["Anvil", "Smithy"])
    game.apply(0, Play("Anvil"))
    assert game.pending.prompt == "anvil.discard"
    assert decide(game) == ["Copper"]
    bot_answer(game)
    assert game.pending.prompt == "anvil.gain"
    assert CARDS[decide(game)].cost <= 4
    # $1 + Gold + Gold + Copper = $8: every coin is needed for the Province.
    game = position(hand=["Anvil", "Copper", "Gold", "Gold"], kingdom=["Anvil", "Smithy"])
    game.apply(0, Play("Anvil"))
    assert decide(game) == []


def test_trade_route_is_not_played_to_trash_good_cards() -> None:
    game = position(hand=["Trade Route", "Province", "Gold", "Gold"], kingdom=["Trade Route"])
    assert BOT.action_to_play(game, 0) is None
    game = position(hand=["Trade Route", "Estate", "Gold", "Gold"], kingdom=["Trade Route"])
    assert BOT.action_to_play(game, 0) == "Trade Route"


def test_goons_spends_spare_buys_on_coppers_for_tokens_at_the_end() -> None:
    money = ["Gold", "Gold", "Silver"]  # a deck with money wants no Copper as such
    late = buy_phase(position(in_play=["Goons", "Goons"], discard=money, kingdom=["Goons"],
                              buys=3, supply={"Province": 2}))
    assert BOT.choose_gain(late, 0, 0, buying=True) == "Copper"
    early = buy_phase(position(in_play=["Goons", "Goons"], discard=money, kingdom=["Goons"],
                               buys=3))
    assert BOT.choose_gain(early, 0, 0, buying=True) is None
    plain = buy_phase(position(discard=money, kingdom=["Goons"], buys=3,
                               supply={"Province": 2}))
    assert BOT.choose_gain(plain, 0, 0, buying=True) is None


def test_bot_orders_talisman_before_a_1st_edition_mint_it_bought() -> None:
    game = position(kingdom=["Mint", "Talisman", "Quarry"] + BASE[:7], edition="1",
                    in_play=["Talisman", "Quarry"], phase=BUY_PHASE, coins=3)
    game.apply(0, {"type": "buy", "card": "Mint"})
    assert game.pending is not None and game.pending.prompt == "mint.order"
    assert bot_answer(game) == "talisman"
    assert game.state.players[0].discard.count("Mint") == 2
