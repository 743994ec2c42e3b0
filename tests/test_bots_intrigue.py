"""Bots in Intrigue kingdoms.

* the generic bot (and Big Money, which answers with it) finishes games on
  random Intrigue + Base kingdoms with 2-6 players, in both editions, every
  answer legal, and over the run answers every prompt of the Intrigue
  contract (``notes/intrigue-contract.md``);
* it answers as a client too: suspended decisions, JSON reloads in between;
* its answer to each Intrigue prompt is the sensible one in clear positions
  (built with ``tests/helpers.py``; decks are written top card first).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from helpers import deck_top, position
from test_bots import (
    Checked, Explorer, ask, bot_answer, decide, discard, hand, mixed_kingdom, play_as_client,
    play_out,
)

from dominion import CARDS, Game, Play, new_game
from dominion.bots import BigMoney, GenericBot, make_bot
from dominion.decisions import OPTIONS, Decision
from dominion.prompts import PROMPTS
from dominion.rng import Rng

BOT = GenericBot()

INTRIGUE = sorted(n for n, c in CARDS.items() if c.set == "intrigue")

#: Every prompt the Intrigue cards ask (and the reaction prompt they share).
INTRIGUE_PROMPTS = sorted(
    k for k, p in PROMPTS.items() if p.card in INTRIGUE or k.split(".")[0] in
    {n.lower().replace(" ", "_") for n in INTRIGUE})

#: Prompts that need an unlikely position to come up in bot games (a Secret
#: Chamber in hand when attacked and so on) get their own tests below.
RARE = frozenset()


# ----------------------------------------------------------------------
# Whole games


def test_generic_bot_finishes_random_intrigue_kingdoms_with_2_to_6_players() -> None:
    rng = Rng(909)
    prompts: Counter = Counter()
    reasons: Counter = Counter()
    for g in range(120):
        n = 2 + g % 5
        kingdom = mixed_kingdom(rng, "intrigue", 4 + g % 7)
        # Explorers buy random kingdom cards so every card comes up; the
        # last seat is Big Money or the plain generic bot (both answer every
        # Attack with the generic bot's answers).
        bots: list[Any] = [Explorer(rng) if s % 2 == 0 else make_bot("generic")
                           for s in range(n - 1)]
        bots.append(make_bot("big-money" if g % 2 else "generic"))
        agents = {s: Checked(b, prompts) for s, b in enumerate(bots)}
        game = new_game(n, kingdom, seed=5000 + g, agents=agents, record_events=False,
                        edition="1" if g % 3 == 0 else "2")
        play_out(game, bots)
        reasons[game.state.end_reason] += 1
        assert game.result()["winners"]
    assert set(reasons) <= {"provinces", "piles"}
    missing = [p for p in INTRIGUE_PROMPTS if p not in prompts and p not in RARE]
    assert not missing, f"never asked: {missing}"


def test_generic_bot_answers_suspended_intrigue_decisions_as_a_client() -> None:
    """No agents: every decision suspends, the game goes through JSON and the
    bot's answer comes back as a client's would."""
    rng = Rng(31)
    asked: Counter = Counter()
    for g in range(6):
        n = 2 + g % 4
        kingdom = mixed_kingdom(rng, "intrigue", 8)
        game = new_game(n, kingdom, seed=700 + g, edition="1" if g % 2 else "2")
        play_as_client(game, [make_bot("generic") for _ in range(n)], asked)
    assert sum(asked.values()) > 50


def test_generic_beats_big_money_on_intrigue_kingdoms() -> None:
    from dominion.sim import play_game

    rng = Rng(4)
    wins = 0.0
    games = 60
    for g in range(games):
        kingdom = mixed_kingdom(rng, "intrigue", 6)
        order = ["generic", "big-money"] if g % 2 == 0 else ["big-money", "generic"]
        res = play_game(order, kingdom, seed=g)
        seat = order.index("generic")
        if seat in res["winners"]:
            wins += 1 / len(res["winners"])
    assert wins / games > 0.6


# ----------------------------------------------------------------------
# Answers to Intrigue prompts


def test_torturer_victim_with_two_estates_discards_them() -> None:
    game = position(hand=["Torturer"], deck=["Copper"] * 5,
                    kingdom=["Torturer", "Moat"],
                    others={1: {"hand": ["Gold", "Estate", "Silver", "Estate", "Copper"]}})
    ask(game, "Torturer")
    assert game.pending.prompt == "torturer.choose" and game.pending.seat == 1
    assert decide(game) == "discard"
    bot_answer(game)
    assert game.pending.prompt == "torturer.discard"
    assert decide(game) == ["Estate", "Estate"]
    bot_answer(game)
    assert sorted(hand(game, 1)) == ["Copper", "Gold", "Silver"]


def test_torturer_victim_takes_the_curse_when_none_are_left_or_the_hand_is_rich() -> None:
    rich = ["Gold", "Gold", "Silver"]
    game = position(hand=["Torturer"], deck=["Copper"] * 5, kingdom=["Torturer"],
                    others={1: {"hand": rich}})
    ask(game, "Torturer")
    assert decide(game) == "curse"  # discarding two of three treasures costs $5
    game = position(hand=["Torturer"], deck=["Copper"] * 5, kingdom=["Torturer"],
                    supply={"Curse": 0},
                    others={1: {"hand": ["Copper", "Estate", "Silver", "Gold", "Copper"]}})
    ask(game, "Torturer")
    assert decide(game) == "curse"  # no Curse left: it costs nothing


def test_swindler_gives_a_curse_for_a_copper_and_junk_for_junk() -> None:
    game = position(hand=["Swindler"], kingdom=["Swindler", "Courtyard", "Pawn", "Moat"],
                    others={1: {"deck": ["Copper"]}})
    ask(game, "Swindler")
    d = game.pending
    assert d.prompt == "swindler.gain" and d.seat == 0 and d.args["target"] == 1
    assert sorted(d.options) == ["Copper", "Curse"]
    assert decide(game) == "Curse"
    bot_answer(game)
    assert discard(game, 1) == ["Curse"]
    game = position(hand=["Swindler"], kingdom=["Swindler", "Courtyard", "Pawn", "Moat"],
                    others={1: {"deck": ["Courtyard"]}})
    ask(game, "Swindler")
    assert decide(game) == "Estate"  # early an Estate is the worst $2 card


def test_wishing_well_names_the_commonest_card_of_the_draw_pile() -> None:
    game = position(hand=["Wishing Well"], deck=["Estate", "Silver", "Gold", "Silver", "Copper"],
                    kingdom=["Wishing Well"])
    ask(game, "Wishing Well")
    assert game.pending.prompt == "wishing_well.name"
    assert decide(game) == "Silver"  # left after the draw: Silver x2, Gold, Copper
    bot_answer(game)
    assert "Silver" in hand(game)


def test_reaction_reveal_stops_once_each_reaction_was_revealed() -> None:
    game = position(hand=["Witch"], deck=["Copper"] * 3,
                    kingdom=["Witch", "Moat", "Secret Chamber"],
                    others={1: {"hand": ["Secret Chamber", "Moat", "Copper", "Estate", "Gold"],
                                "deck": ["Silver", "Estate"]}})
    ask(game, "Witch")
    asked = []
    while game.pending is not None and game.pending.prompt == "reaction.reveal":
        asked.append(decide(game))
        bot_answer(game)
        if game.pending is not None and game.pending.prompt == "secret_chamber.topdeck":
            bot_answer(game)
    # Secret Chamber may be revealed again (its draw could find a Moat):
    # the third question is answered with no card.
    assert asked == [["Moat"], ["Secret Chamber"], []]
    assert game.pending is None
    assert "Curse" not in hand(game, 1) + discard(game, 1)  # Moat blocked the Witch


def test_reveal_answers_stop_on_the_revealed_list() -> None:
    game = position(hand=["Copper"], kingdom=["Secret Chamber", "Diplomat"])
    d = Decision(1, "cards", "reaction.reveal", ["Diplomat", "Secret Chamber"], 0, 1,
                 "Militia", {"revealed": ["Secret Chamber", "Diplomat"]})
    assert BOT.decide(game, d) == []
    d.args["revealed"] = ["Secret Chamber"]
    assert BOT.decide(game, d) == ["Diplomat"]  # against Militia
    d.args["revealed"] = []
    assert BOT.decide(game, d) == ["Secret Chamber"]


def test_secret_chamber_keeps_the_best_cards_safe_from_militia() -> None:
    game = position(hand=["Militia"], kingdom=["Militia", "Secret Chamber"],
                    others={1: {"hand": ["Secret Chamber", "Gold", "Copper", "Estate", "Silver"],
                                "deck": ["Silver", "Curse"]}})
    ask(game, "Militia")
    bot_answer(game)  # reveal
    assert game.pending.prompt == "secret_chamber.topdeck"
    top2 = decide(game)
    # Keeps Gold, Silver, Silver in hand; Copper and Secret Chamber go on the
    # deck, the Curse and Estate are left for Militia.
    assert sorted(top2) == ["Copper", "Secret Chamber"]
    bot_answer(game)  # the Secret Chamber is on the deck: no second reveal
    bot_answer(game)  # Militia discard
    assert sorted(hand(game, 1)) == ["Gold", "Silver", "Silver"]


def test_secret_chamber_puts_back_junk_against_a_curser() -> None:
    game = position(hand=["Witch"], kingdom=["Witch", "Secret Chamber"], deck=["Copper"] * 3,
                    others={1: {"hand": ["Secret Chamber", "Gold", "Copper", "Silver", "Copper"],
                                "deck": ["Estate", "Gold"]}})
    ask(game, "Witch")
    bot_answer(game)
    # The worst two go back: the hand kept for the next turn gets better.
    assert sorted(decide(game)) == ["Copper", "Estate"]


def test_diplomat_reaction_discards_the_worst_three() -> None:
    game = position(hand=["Militia"], kingdom=["Militia", "Diplomat"],
                    others={1: {"hand": ["Diplomat", "Gold", "Estate", "Copper", "Silver"],
                                "deck": ["Curse", "Gold"]}})
    ask(game, "Militia")
    assert decide(game) == ["Diplomat"]
    bot_answer(game)
    assert game.pending.prompt == "diplomat.discard"
    assert sorted(decide(game)) == ["Copper", "Curse", "Estate"]


@pytest.mark.parametrize("rest, choice", [
    (["Smithy", "Copper"], ["card", "action"]),
    (["Copper", "Estate"], ["card", "coin"]),
    (["Gold", "Gold", "Gold", "Gold"], ["coin", "buy"]),
])
def test_pawn_takes_an_action_only_when_actions_wait(rest: list[str], choice: list[str]) -> None:
    game = position(hand=["Pawn"] + rest, deck=["Copper"] * 5, kingdom=["Pawn", "Smithy"])
    ask(game, "Pawn")
    assert game.pending.kind == OPTIONS
    assert decide(game) == choice


def test_steward_trashes_two_junk_cards_else_takes_coins() -> None:
    game = position(hand=["Steward", "Estate", "Curse", "Silver", "Copper"],
                    deck=["Copper"] * 5, kingdom=["Steward"])
    ask(game, "Steward")
    assert decide(game) == "trash"
    bot_answer(game)
    assert sorted(decide(game)) == ["Curse", "Estate"]
    game = position(hand=["Steward", "Silver", "Copper", "Estate", "Copper"],
                    deck=["Estate"] * 4 + ["Copper"], kingdom=["Steward"])
    ask(game, "Steward")
    assert decide(game) == "coins"  # one Estate to trash; a poor deck keeps its Copper
    game = position(hand=["Steward", "Silver", "Estate", "Gold", "Silver"],
                    deck=["Gold"] * 4, kingdom=["Steward"])
    ask(game, "Steward")
    assert decide(game) == "cards"  # two Golds beat $2


def test_minion_attacks_with_a_weak_hand_and_takes_coins_with_a_strong_one() -> None:
    game = position(hand=["Minion", "Estate", "Estate", "Copper"], deck=["Gold"] * 8,
                    kingdom=["Minion"])
    ask(game, "Minion")
    assert decide(game) == "attack"
    game = position(hand=["Minion", "Gold", "Gold", "Silver"], deck=["Copper"] * 8,
                    kingdom=["Minion"])
    ask(game, "Minion")
    assert decide(game) == "coins"
    game = position(hand=["Minion", "Minion", "Estate"], deck=["Gold"] * 8, kingdom=["Minion"])
    ask(game, "Minion")
    assert decide(game) == "coins"  # the second Minion attacks after


def test_masquerade_passes_the_worst_card_and_trashes_junk() -> None:
    game = position(hand=["Masquerade", "Curse", "Estate", "Gold"], deck=["Copper", "Silver"],
                    kingdom=["Masquerade"],
                    others={1: {"hand": ["Copper", "Estate", "Silver"]}})
    ask(game, "Masquerade")
    assert game.pending.prompt == "masquerade.pass"
    assert decide(game) == ["Curse"]
    bot_answer(game)
    assert decide(game) == ["Estate"]  # seat 1 passes its Estate
    bot_answer(game)
    assert game.pending.prompt == "masquerade.trash"
    assert decide(game) == ["Estate"]  # the Estate it received... trashed early


def test_masquerade_passes_no_victory_points_late() -> None:
    game = position(hand=["Masquerade", "Duchy", "Copper", "Gold"], deck=["Silver", "Silver"],
                    kingdom=["Masquerade"], supply={"Province": 2},
                    others={1: {"hand": ["Copper", "Estate", "Silver"]}})
    ask(game, "Masquerade")
    assert decide(game) == ["Copper"]


def test_secret_passage_puts_junk_at_the_bottom_and_a_spare_card_on_top() -> None:
    game = position(hand=["Secret Passage", "Estate", "Copper", "Copper"],
                    deck=["Copper", "Copper", "Silver", "Silver", "Gold"],
                    kingdom=["Secret Passage"])
    ask(game, "Secret Passage")
    assert decide(game) == ["Estate"]
    bot_answer(game)
    assert game.pending.prompt == "secret_passage.position"
    assert decide(game) == str(len(game.state.players[0].deck))
    bot_answer(game)
    assert game.state.players[0].deck[0] == "Estate"  # bottom (the deck is stored top-last)
    game = position(hand=["Secret Passage", "Estate", "Copper", "Copper"],
                    deck=["Copper", "Copper", "Silver", "Silver", "Gold"],
                    kingdom=["Secret Passage"])
    ask(game, "Secret Passage")
    bot_answer(game)
    # A bot that did not choose the card (a server's new instance) agrees.
    assert GenericBot().decide(game, game.pending) == str(len(game.state.players[0].deck))
    game = position(hand=["Secret Passage", "Smithy", "Copper", "Copper"],
                    deck=["Smithy", "Copper", "Silver", "Silver", "Gold"],
                    kingdom=["Secret Passage", "Smithy"])
    ask(game, "Secret Passage")
    assert decide(game) == ["Smithy"]  # one Smithy is enough with one Action left
    bot_answer(game)
    assert decide(game) == "0"
    bot_answer(game)
    assert deck_top(game)[0] == "Smithy"


def test_courtier_reveals_a_card_with_two_types_and_takes_gold_and_coins() -> None:
    game = position(hand=["Courtier", "Copper", "Great Hall", "Estate"],
                    kingdom=["Courtier", "Great Hall"])
    ask(game, "Courtier")
    assert decide(game) == ["Great Hall"]
    bot_answer(game)
    d = game.pending
    assert d.kind == OPTIONS and d.args["count"] == 2
    assert sorted(decide(game)) == ["coins", "gold"]


def test_courtier_takes_coins_when_they_reach_a_province() -> None:
    game = position(hand=["Courtier", "Gold", "Copper", "Estate"], kingdom=["Courtier"])
    ask(game, "Courtier")
    bot_answer(game)
    assert decide(game) == ["gold"]  # $4 + $3 = $7 buys no more than $4 does... a Gold
    game = position(hand=["Courtier", "Gold", "Silver", "Estate"], kingdom=["Courtier"])
    ask(game, "Courtier")
    bot_answer(game)
    assert decide(game) == ["coins"]  # $5 + $3 = $8: a Province


def test_mining_village_is_trashed_when_the_two_coins_reach_a_province() -> None:
    game = position(hand=["Mining Village", "Gold", "Silver"], deck=["Copper"],
                    kingdom=["Mining Village"])
    ask(game, "Mining Village")
    assert decide(game) == "yes"  # $6 + $2
    game = position(hand=["Mining Village", "Copper", "Copper"], deck=["Copper"],
                    kingdom=["Mining Village"])
    ask(game, "Mining Village")
    assert decide(game) == "no"


def test_nobles_takes_actions_for_waiting_terminals_else_cards() -> None:
    game = position(hand=["Nobles", "Smithy", "Copper"], deck=["Copper"] * 6,
                    kingdom=["Nobles", "Smithy"])
    assert BOT.command(game, 0) == Play("Nobles")
    ask(game, "Nobles")
    assert decide(game) == "actions"
    game = position(hand=["Nobles", "Copper", "Copper"], deck=["Copper"] * 6,
                    kingdom=["Nobles", "Smithy"])
    ask(game, "Nobles")
    assert decide(game) == "cards"


def test_upgrade_turns_an_estate_into_a_silver() -> None:
    game = position(hand=["Upgrade", "Estate", "Gold", "Copper"], deck=["Silver"],
                    kingdom=["Upgrade", "Moat"])
    ask(game, "Upgrade")
    assert decide(game) == ["Estate"]
    bot_answer(game)
    assert decide(game) == "Silver"


def test_trading_post_and_baron_are_played_only_when_they_help() -> None:
    game = position(hand=["Trading Post", "Silver", "Gold", "Copper"], kingdom=["Trading Post"])
    assert BOT.action_to_play(game, 0) is None  # it would trash good cards
    game = position(hand=["Trading Post", "Estate", "Curse", "Gold"], kingdom=["Trading Post"])
    assert BOT.action_to_play(game, 0) == "Trading Post"
    ask(game, "Trading Post")
    assert sorted(decide(game)) == ["Curse", "Estate"]
    game = position(hand=["Baron", "Silver", "Gold", "Copper"], kingdom=["Baron"])
    assert BOT.action_to_play(game, 0) is None  # it would only gain an Estate
    game = position(hand=["Baron", "Estate", "Gold", "Copper"], kingdom=["Baron"])
    ask(game, "Baron")
    assert decide(game) == "yes"


def test_conspirator_waits_for_two_other_actions() -> None:
    game = position(hand=["Conspirator", "Great Hall", "Village", "Copper"],
                    deck=["Copper"] * 8, kingdom=["Conspirator", "Great Hall", "Village"])
    first = BOT.action_to_play(game, 0)
    assert first != "Conspirator"


def test_mill_discards_two_junk_cards_for_two_coins() -> None:
    game = position(hand=["Mill", "Estate", "Curse", "Gold"], deck=["Copper"],
                    kingdom=["Mill"])
    ask(game, "Mill")
    assert sorted(decide(game)) == ["Curse", "Estate"]
    game = position(hand=["Mill", "Silver", "Gold", "Copper"], deck=["Copper"],
                    kingdom=["Mill"])
    ask(game, "Mill")
    assert decide(game) == []  # two Coppers would give $2 for $2


def test_lurker_gains_a_good_action_from_the_trash() -> None:
    game = position(hand=["Lurker"], kingdom=["Lurker", "Torturer"])
    game.state.trash = ["Torturer", "Estate"]
    ask(game, "Lurker")
    assert decide(game) == "gain"
    game = position(hand=["Lurker"], kingdom=["Lurker", "Torturer"])
    ask(game, "Lurker")
    assert decide(game) == "trash"


def test_generic_buys_duke_late_with_duchies() -> None:
    kingdom = ["Duke", "Moat", "Chapel", "Cellar", "Harbinger"]
    game = position(hand=[], deck=["Duchy"] * 4 + ["Gold"] * 3, coins=5, phase="buy",
                    kingdom=kingdom, supply={"Province": 2})
    assert BOT.command(game, 0).to_dict() == {"type": "buy", "card": "Duke"}
    game = position(hand=[], deck=["Copper"] * 7, coins=5, phase="buy", kingdom=kingdom)
    assert BOT.command(game, 0).to_dict() != {"type": "buy", "card": "Duke"}


@pytest.mark.parametrize("attack", ["Torturer", "Masquerade", "Saboteur", "Swindler",
                                    "Minion", "Replace", "Militia"])
def test_big_money_as_a_victim_answers_every_intrigue_prompt(attack: str) -> None:
    """Big Money (an agent at seat 1, holding both Intrigue reactions) gets
    through every Attack (and Masquerade's pass) without help."""
    prompts: Counter = Counter()
    victim_hand = ["Secret Chamber", "Diplomat", "Estate", "Gold", "Copper", "Silver"]
    game = position(hand=[attack, "Estate", "Copper", "Silver", "Duchy"],
                    deck=["Copper", "Silver", "Estate", "Gold"] * 2,
                    kingdom=[attack, "Secret Chamber", "Diplomat", "Upgrade"],
                    others={1: {"hand": victim_hand, "deck": ["Gold", "Province", "Silver"] * 2}},
                    agents={1: Checked(BigMoney(), prompts)})
    if attack == "Minion":
        game.state.players[0].hand = [attack, "Estate", "Estate"]  # the bot attacks
    play_as(game, attack)
    assert prompts[VICTIM_PROMPT[attack]] >= 1
    if attack != "Masquerade":
        # Secret Chamber, then Diplomat (from a hand of 6 or more), then no more.
        assert prompts["reaction.reveal"] == 3
        assert prompts["secret_chamber.topdeck"] == prompts["diplomat.discard"] == 1


#: The prompt each card asks its victim (Swindler and Replace ask none: the
#: victim only reveals reactions).
VICTIM_PROMPT = {
    "Torturer": "torturer.choose", "Masquerade": "masquerade.pass",
    "Saboteur": "saboteur.gain", "Swindler": "reaction.reveal", "Minion": "reaction.reveal",
    "Replace": "reaction.reveal", "Militia": "militia.discard",
}


def play_as(game: Game, card: str) -> None:
    """Seat 0 plays ``card``; the generic bot answers seat 0's own decisions."""
    game.apply(0, Play(card))
    while game.pending is not None:
        assert game.pending.seat == 0, game.pending
        bot_answer(game)


def test_big_money_answers_every_intrigue_attack() -> None:
    """Big Money (no Actions of its own) answers Attacks with the generic bot."""
    bm = BigMoney()
    game = position(hand=["Torturer"], deck=["Copper"] * 5, kingdom=["Torturer"],
                    others={1: {"hand": ["Estate", "Estate", "Gold", "Silver", "Copper"]}},
                    agents={1: bm})
    ask_events = game.apply(0, Play("Torturer"))
    assert ask_events
    assert sorted(hand(game, 1)) == ["Copper", "Gold", "Silver"]
