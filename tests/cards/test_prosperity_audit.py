"""Independent rules audit of the Prosperity cards (black-box).

Written from ``shared/reference/cards.json`` (set "prosperity" and the rulings
of other cards that name Prosperity cards), ``rules.md`` (1.2, 1.3, 4, 5, 6.1,
9, 10), the seed rulebook 002 and the prompt contract, before reading the
cards' code. Each test names the ruling it checks. Decks in ``pos(...)`` are
written top card first.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from functools import partial
from typing import Any, Optional

import pytest
from helpers import deck_top, me, of_type, pending_is, play, position

from dominion import CARDS, IllegalCommand, new_game
from dominion.setup import supply_sizes
from dominion.prompts import PROMPTS
from dominion.state import ACTION_PHASE, BUY_PHASE, Turn
from dominion.views import render_event

BOTH = [
    "Bank", "Bishop", "City", "Expand", "Forge", "Grand Market", "Hoard",
    "King's Court", "Mint", "Monument", "Peddler", "Quarry", "Rabble", "Vault",
    "Watchtower", "Worker's Village",
]
FIRST_ONLY = [
    "Contraband", "Counting House", "Goons", "Loan", "Mountebank", "Royal Seal",
    "Talisman", "Trade Route", "Venture",
]
SECOND_ONLY = [
    "Anvil", "Charlatan", "Clerk", "Collection", "Crystal Ball", "Investment",
    "Magnate", "Tiara", "War Chest",
]
PROSPERITY = BOTH + FIRST_ONLY + SECOND_ONLY

# Kingdoms without Charlatan (so Curse is no Treasure) unless a test wants it.
K1 = [
    "King's Court", "Goons", "Peddler", "Quarry", "Mint", "Talisman", "Royal Seal",
    "Watchtower", "Hoard", "Grand Market", "Worker's Village", "Trade Route",
    "Contraband", "Venture", "Loan", "Counting House", "Mountebank", "Bank",
    "Bishop", "City", "Expand", "Forge", "Monument", "Rabble", "Vault",
    "Throne Room", "Village", "Workshop", "Smithy", "Moat", "Witch", "Mine",
    "Bureaucrat", "Bridge", "Ironworks", "Great Hall", "Harem", "Nobles", "Gardens",
    "Mining Village",
]
K2 = [
    "Anvil", "Clerk", "Collection", "Crystal Ball", "Investment", "Magnate", "Tiara",
    "War Chest", "Mint", "Hoard", "Quarry", "King's Court", "Worker's Village",
    "Watchtower", "Grand Market", "Peddler", "Village", "Smithy", "Moat", "Great Hall",
    "Bank", "Expand",
]
KC = [  # Charlatan: Curse is a $1 Treasure for the whole game
    "Charlatan", "Bank", "Magnate", "Courtier", "Mint", "Watchtower", "Grand Market",
    "Village", "Smithy", "Moat",
]


#: ``helpers.position`` with this file's default kingdom.
pos = partial(position, kingdom=K1)


def ans(g, prompt: str, value: Any, seat: Optional[int] = None):
    """Answer the open decision after checking its prompt (and seat)."""
    d = g.pending
    assert d is not None, f"expected {prompt}, nothing is pending"
    assert d.prompt == prompt, d
    if seat is not None:
        assert d.seat == seat, d
    return g.apply(d.seat, {"type": "answer", "answer": value})


def buy(g, card: str, seat: int = 0):
    return g.apply(seat, {"type": "buy", "card": card})


def buy_error(g, card: str, seat: int = 0) -> str:
    with pytest.raises(IllegalCommand) as err:
        buy(g, card, seat)
    return err.value.code


def legal_buys(g, seat: int = 0) -> set[str]:
    return {c["card"] for c in g.legal_commands(seat) if c["type"] == "buy"}


def end_phase(g, seat: int = 0):
    return g.apply(seat, {"type": "end_phase"})


def kc(g, target: str):
    """Play King's Court choosing ``target``."""
    events = play(g, "King's Court")
    events += ans(g, "kings_court.play", [target])
    return events


def t(g):
    return g.state.turn


def no_pending(g):
    assert g.pending is None, g.pending


# ======================================================================
# Platinum and Colony


@pytest.mark.parametrize("players,colonies", [(2, 8), (3, 12), (4, 12), (5, 12), (6, 12)])
def test_platinum_colony_pile_sizes(players, colonies):
    """Platinum: all 12 whatever the players; Colony 8 with 2, 12 with 3+."""
    sizes = supply_sizes(players, PROSPERITY[:10], colony=True)
    assert sizes["Platinum"] == 12 and sizes["Colony"] == colonies
    g = new_game(players, PROSPERITY[:10], seed=5, colony=True)
    assert g.state.supply["Platinum"] == 12
    assert g.state.supply["Colony"] == colonies


def test_platinum_colony_both_or_neither():
    g = new_game(2, PROSPERITY[:10], seed=5)
    assert "Platinum" not in g.state.supply and "Colony" not in g.state.supply
    g = new_game(2, PROSPERITY[:10], seed=5, colony=True)
    assert "Platinum" in g.state.supply and "Colony" in g.state.supply


def test_platinum_is_worth_5_and_costs_9():
    g = pos(hand=["Platinum"], phase=BUY_PHASE, colony=True)
    assert g.cost("Platinum") == 9
    play(g, "Platinum")
    assert t(g).coins == 5


def test_colony_costs_11_and_is_worth_10_vp():
    g = pos(hand=["Colony"], colony=True)
    assert g.cost("Colony") == 11
    before = g.score(0)
    me(g).hand.append("Colony")
    assert g.score(0) == before + 10


def test_empty_colony_pile_ends_game_at_end_of_turn():
    g = pos(phase=BUY_PHASE, coins=11, colony=True, supply={"Colony": 1},
            deck=["Copper"] * 5)
    buy(g, "Colony")
    assert not g.state.game_over  # only at the end of the turn
    end_phase(g)
    assert g.state.game_over
    assert g.state.end_reason == "colonies"


def test_colony_pile_gets_trade_route_token():
    g = new_game(2, ["Trade Route"] + BOTH[:9], seed=2, colony=True)
    assert "Colony" in g.state.trade_route


# ======================================================================
# King's Court


def test_kings_court_grand_market_leaves_three_actions():
    g = pos(hand=["King's Court", "Grand Market"], deck=["Copper"] * 5)
    kc(g, "Grand Market")
    assert (t(g).actions, t(g).buys, t(g).coins) == (3, 4, 6)
    assert len(me(g).hand) == 3


def test_kings_court_village_gives_six_actions():
    g = pos(hand=["King's Court", "Village"], deck=["Copper"] * 5)
    kc(g, "Village")
    assert t(g).actions == 6
    assert len(me(g).hand) == 3


def test_kings_court_is_optional():
    g = pos(hand=["King's Court", "Village"], deck=["Copper"] * 5)
    play(g, "King's Court")
    ans(g, "kings_court.play", [])
    assert me(g).hand == ["Village"]
    assert t(g).actions == 0


def test_kings_court_optional_in_first_edition_too():
    g = pos(hand=["King's Court", "Village"], deck=["Copper"] * 5, edition="1")
    play(g, "King's Court")
    d = pending_is(g, 0, "kings_court.play")
    assert d.min == 0
    ans(g, "kings_court.play", [])
    assert me(g).hand == ["Village"]


def test_kings_court_on_kings_court_three_different_actions_three_times_each():
    g = pos(hand=["King's Court", "King's Court", "Village", "Monument", "Worker's Village"],
            deck=["Copper"] * 8)
    play(g, "King's Court")
    ans(g, "kings_court.play", ["King's Court"])
    d = pending_is(g, 0, "kings_court.play")
    assert sorted(d.options) == ["Monument", "Village", "Worker's Village"]
    ans(g, "kings_court.play", ["Village"])
    d = pending_is(g, 0, "kings_court.play")
    assert "Village" not in d.options  # the played Village is not replayed a 4th time
    ans(g, "kings_court.play", ["Monument"])
    ans(g, "kings_court.play", ["Worker's Village"])
    no_pending(g)
    assert t(g).actions == 12
    assert t(g).buys == 4
    assert t(g).coins == 6
    assert me(g).vp_tokens == 3
    assert len(me(g).hand) == 6
    assert sorted(me(g).in_play) == sorted(
        ["King's Court", "King's Court", "Village", "Monument", "Worker's Village"])


def test_kings_court_on_throne_room_three_actions_each_twice():
    g = pos(hand=["King's Court", "Throne Room", "Village", "Monument", "Worker's Village"],
            deck=["Copper"] * 8)
    kc(g, "Throne Room")
    ans(g, "throne_room.play", ["Village"])
    ans(g, "throne_room.play", ["Monument"])
    ans(g, "throne_room.play", ["Worker's Village"])
    no_pending(g)
    assert t(g).actions == 8
    assert t(g).coins == 4
    assert me(g).vp_tokens == 2
    assert t(g).buys == 3
    assert len(me(g).hand) == 4


def test_throne_room_on_kings_court_two_actions_three_times():
    g = pos(hand=["Throne Room", "King's Court", "Monument", "Worker's Village"],
            deck=["Copper"] * 8)
    play(g, "Throne Room")
    ans(g, "throne_room.play", ["King's Court"])
    ans(g, "kings_court.play", ["Monument"])
    ans(g, "kings_court.play", ["Worker's Village"])
    no_pending(g)
    assert me(g).vp_tokens == 3 and t(g).coins == 6
    assert t(g).actions == 6 and t(g).buys == 4


def test_kings_court_feast_trashed_once_three_gains():
    g = pos(hand=["King's Court", "Feast"], kingdom=K1 + ["Feast"], edition="1")
    kc(g, "Feast")
    for _ in range(3):
        ans(g, "feast.gain", "Duchy")
    no_pending(g)
    assert g.state.trash.count("Feast") == 1
    assert me(g).discard.count("Duchy") == 3
    assert me(g).in_play == ["King's Court"]


def test_kings_court_mining_village_plus2_at_most_once():
    g = pos(hand=["King's Court", "Mining Village"], deck=["Copper"] * 5)
    kc(g, "Mining Village")
    ans(g, "mining_village.trash", "yes")
    no_pending(g)  # cannot be trashed again
    assert t(g).coins == 2
    assert t(g).actions == 6
    assert len(me(g).hand) == 3
    assert g.state.trash == ["Mining Village"]


def test_kings_court_attack_is_three_attacks_moat_each_time():
    g = pos(hand=["King's Court", "Mountebank"],
            others={1: {"hand": ["Moat"]}})
    kc(g, "Mountebank")
    ans(g, "reaction.reveal", ["Moat"], seat=1)
    ans(g, "reaction.reveal", [], seat=1)
    ans(g, "reaction.reveal", [], seat=1)
    no_pending(g)
    assert sorted(me(g, 1).discard) == ["Copper", "Copper", "Curse", "Curse"]
    assert t(g).coins == 6


def test_kings_court_no_action_in_hand_nothing_happens():
    g = pos(hand=["King's Court", "Copper"])
    play(g, "King's Court")
    no_pending(g)
    assert me(g).hand == ["Copper"]


# ======================================================================
# Goons (1E)


def test_goons_attack_plus_buy_plus_2():
    g = pos(hand=["Goons"], others={1: {"hand": ["Copper", "Silver", "Gold", "Estate", "Duchy"]}})
    play(g, "Goons")
    d = pending_is(g, 1, "goons.discard")
    assert (d.min, d.max) == (2, 2)
    ans(g, "goons.discard", ["Estate", "Duchy"])
    assert sorted(me(g, 1).hand) == ["Copper", "Gold", "Silver"]
    assert (t(g).buys, t(g).coins) == (2, 2)


def test_goons_victim_with_three_cards_not_asked():
    g = pos(hand=["Goons"], others={1: {"hand": ["Copper", "Silver", "Gold"]}})
    play(g, "Goons")
    no_pending(g)
    assert len(me(g, 1).hand) == 3


def test_goons_one_vp_per_card_bought():
    g = pos(in_play=["Goons"], phase=BUY_PHASE, buys=3, coins=6)
    buy(g, "Silver")
    buy(g, "Copper")
    assert me(g).vp_tokens == 2


def test_two_goons_give_two_vp_per_buy():
    g = pos(hand=["Goons", "Goons"], actions=2, deck=["Copper"] * 5)
    play(g, "Goons")
    play(g, "Goons")
    buy(g, "Silver")
    assert me(g).vp_tokens == 2
    buy(g, "Copper")
    assert me(g).vp_tokens == 4


def test_goons_under_kings_court_counts_once():
    g = pos(hand=["King's Court", "Goons"])
    kc(g, "Goons")
    assert (t(g).buys, t(g).coins) == (4, 6)
    buy(g, "Silver")
    assert me(g).vp_tokens == 1
    buy(g, "Copper")
    assert me(g).vp_tokens == 2


def test_goons_gain_without_buying_gives_no_vp():
    g = pos(hand=["Goons", "Workshop"], actions=2)
    play(g, "Goons")
    play(g, "Workshop")
    ans(g, "workshop.gain", "Silver")
    assert me(g).vp_tokens == 0


# ======================================================================
# Peddler


def test_peddler_effect():
    g = pos(hand=["Peddler"], deck=["Gold"])
    play(g, "Peddler")
    assert me(g).hand == ["Gold"]
    assert (t(g).actions, t(g).coins) == (1, 1)


def test_peddler_costs_8_outside_buy_phase_and_less_in_buy_phase():
    g = pos(hand=["Village", "Village"], deck=["Copper"] * 5, actions=1)
    play(g, "Village")
    play(g, "Village")
    assert g.cost("Peddler") == 8  # Action phase
    end_phase(g)
    assert g.cost("Peddler") == 4  # two Action cards in play


def test_peddler_counts_cards_in_play_not_plays():
    g = pos(hand=["King's Court", "Worker's Village"], deck=["Copper"] * 5)
    kc(g, "Worker's Village")
    end_phase(g)
    assert g.cost("Peddler") == 4


def test_peddler_cost_never_below_zero():
    g = pos(in_play=["Village"] * 5, phase=BUY_PHASE)
    assert g.cost("Peddler") == 0
    assert "Peddler" in legal_buys(g)


def test_peddler_gained_in_action_phase_costs_8():
    g = pos(hand=["Village", "Village", "Village", "Workshop"], deck=["Copper"] * 5)
    play(g, "Village")
    play(g, "Village")
    play(g, "Village")
    play(g, "Workshop")
    d = pending_is(g, 0, "workshop.gain")
    assert "Peddler" not in d.options


def test_peddler_stacks_with_quarry_1e():
    g = pos(in_play=["Village", "Quarry"], phase=BUY_PHASE, edition="1")
    assert g.cost("Peddler") == 4


def test_peddler_reduced_cost_seen_by_buy():
    g = pos(in_play=["Village", "Village"], phase=BUY_PHASE, coins=4)
    buy(g, "Peddler")
    assert t(g).coins == 0
    assert "Peddler" in me(g).discard


# ======================================================================
# Quarry


def test_quarry_1e_reduces_action_costs_only():
    g = pos(hand=["Quarry"], phase=BUY_PHASE, edition="1")
    play(g, "Quarry")
    assert t(g).coins == 1
    assert g.cost("King's Court") == 5
    assert g.cost("Nobles") == 4  # Action-Victory is an Action
    assert g.cost("Gold") == 6
    assert g.cost("Harem") == 6  # Treasure-Victory is not
    assert g.cost("Province") == 8


def test_quarry_2e_reduces_action_costs():
    g = pos(hand=["Quarry"], phase=BUY_PHASE, edition="2")
    play(g, "Quarry")
    assert t(g).coins == 1
    assert g.cost("King's Court") == 5
    assert g.cost("Gold") == 6


@pytest.mark.parametrize("edition", ["1", "2"])
def test_two_quarries_cumulative_not_below_zero(edition):
    g = pos(hand=["Quarry", "Quarry"], phase=BUY_PHASE, edition=edition)
    play(g, "Quarry")
    play(g, "Quarry")
    assert g.cost("King's Court") == 3
    assert g.cost("Worker's Village") == 0
    assert g.cost("Village") == 0


def test_quarry_1e_trashed_by_mint_1e_reduction_ends():
    g = pos(hand=["Quarry", "Gold"], phase=BUY_PHASE, buys=2, edition="1")
    play(g, "Quarry")
    play(g, "Gold")
    assert g.cost("Mint") == 3
    buy(g, "Mint")
    assert sorted(g.state.trash) == ["Gold", "Quarry"]
    assert t(g).coins == 1
    assert g.cost("King's Court") == 7


def test_quarry_2e_trashed_by_mint_2e_reduction_stays():
    g = pos(hand=["Quarry", "Gold"], phase=BUY_PHASE, buys=2, edition="2")
    play(g, "Quarry")
    play(g, "Gold")
    buy(g, "Mint")
    assert sorted(g.state.trash) == ["Gold", "Quarry"]
    assert g.cost("King's Court") == 5


def test_quarry_with_bridge_stacks():
    g = pos(hand=["Bridge"], deck=["Copper"] * 5, kingdom=K1)
    play(g, "Bridge")
    me(g).hand.append("Quarry")
    play(g, "Quarry")
    assert g.cost("King's Court") == 4
    assert g.cost("Gold") == 5


# ======================================================================
# Hoard


@pytest.mark.parametrize("edition", ["1", "2"])
def test_two_hoards_two_estates_four_golds(edition):
    g = pos(hand=["Hoard", "Hoard", "Gold", "Gold"], phase=BUY_PHASE, buys=2, edition=edition)
    g.apply(0, {"type": "play_treasures"})
    assert t(g).coins == 10
    gold = g.state.supply["Gold"]
    buy(g, "Estate")
    buy(g, "Estate")
    assert me(g).discard.count("Gold") == 4
    assert g.state.supply["Gold"] == gold - 4


@pytest.mark.parametrize("edition", ["1", "2"])
def test_hoard_multitype_victory_counts(edition):
    g = pos(hand=["Hoard"], phase=BUY_PHASE, coins=4, edition=edition)
    play(g, "Hoard")
    buy(g, "Harem")
    assert me(g).discard.count("Gold") == 1


@pytest.mark.parametrize("edition", ["1", "2"])
def test_hoard_non_victory_buy_gives_nothing(edition):
    g = pos(hand=["Hoard"], phase=BUY_PHASE, coins=1, edition=edition)
    play(g, "Hoard")
    buy(g, "Silver")
    assert "Gold" not in me(g).discard


@pytest.mark.parametrize("edition", ["1", "2"])
def test_hoard_victory_gained_without_buying_gives_nothing(edition):
    g = pos(hand=["Hoard", "War Chest"], phase=BUY_PHASE, kingdom=K2, edition=edition)
    play(g, "Hoard")
    play(g, "War Chest")
    ans(g, "war_chest.name", "Gold", seat=1)
    ans(g, "war_chest.gain", "Duchy")
    assert "Gold" not in me(g).discard


def test_hoard_1e_trashed_by_mint_no_gold_after():
    g = pos(hand=["Hoard", "Gold", "Gold"], phase=BUY_PHASE, buys=2, edition="1")
    g.apply(0, {"type": "play_treasures"})
    buy(g, "Mint")
    assert "Hoard" in g.state.trash
    buy(g, "Estate")
    assert "Gold" not in me(g).discard


def test_hoard_2e_trashed_by_mint_still_gives_gold_this_turn():
    g = pos(hand=["Hoard", "Gold", "Gold"], phase=BUY_PHASE, buys=2, edition="2")
    g.apply(0, {"type": "play_treasures"})
    buy(g, "Mint")
    assert "Hoard" in g.state.trash
    buy(g, "Estate")
    assert me(g).discard.count("Gold") == 1


@pytest.mark.parametrize("edition", ["1", "2"])
def test_hoard_no_gold_left_nothing(edition):
    g = pos(hand=["Hoard"], phase=BUY_PHASE, edition=edition, supply={"Gold": 0})
    play(g, "Hoard")
    buy(g, "Estate")
    assert me(g).discard == ["Estate"]


@pytest.mark.parametrize("edition", ["1", "2"])
def test_hoard_gold_given_when_watchtower_trashes_the_bought_card(edition):
    g = pos(hand=["Hoard", "Watchtower"], phase=BUY_PHASE, edition=edition)
    play(g, "Hoard")
    buy(g, "Estate")
    # both the Estate and the Gold may be Watchtower-ed, in whatever order asked
    asked = []
    while g.pending is not None:
        d = pending_is(g, 0, "watchtower.reveal")
        asked.append(d.args.get("gained"))
        ans(g, "watchtower.reveal", "trash" if d.args.get("gained") == "Estate" else "no")
    assert sorted(asked) == ["Estate", "Gold"]
    assert "Estate" in g.state.trash
    assert "Gold" in me(g).discard


# ======================================================================
# Mint


def test_mint_play_gains_copy_revealed_stays_in_hand():
    g = pos(hand=["Mint", "Silver", "Copper"])
    play(g, "Mint")
    d = pending_is(g, 0, "mint.reveal")
    assert sorted(d.options) == ["Copper", "Silver"] and d.min == 0
    ans(g, "mint.reveal", ["Silver"])
    assert sorted(me(g).hand) == ["Copper", "Silver"]
    assert me(g).discard == ["Silver"]


def test_mint_reveal_may_decline():
    g = pos(hand=["Mint", "Silver", "Copper"])
    play(g, "Mint")
    ans(g, "mint.reveal", [])
    assert me(g).discard == []


def test_mint_1e_buy_trashes_treasures_in_play_not_in_hand_coins_stay():
    g = pos(hand=["Gold", "Gold", "Copper"], phase=BUY_PHASE, buys=2, edition="1")
    play(g, "Gold")
    play(g, "Gold")
    buy(g, "Mint")
    assert sorted(g.state.trash) == ["Gold", "Gold"]
    assert me(g).in_play == []
    assert me(g).hand == ["Copper"]
    assert t(g).coins == 1
    buy(g, "Copper")  # the remaining coins and Buys can still be used
    assert me(g).discard.count("Copper") == 1


def test_mint_1e_royal_seal_trashed_before_mint_gained():
    g = pos(hand=["Royal Seal", "Gold"], phase=BUY_PHASE, edition="1")
    play(g, "Royal Seal")
    play(g, "Gold")
    buy(g, "Mint")
    no_pending(g)  # no royal_seal.topdeck for the Mint
    assert "Mint" in me(g).discard
    assert sorted(g.state.trash) == ["Gold", "Royal Seal"]


def test_mint_1e_gained_without_buying_trashes_nothing():
    g = pos(hand=["Gold", "War Chest"], phase=BUY_PHASE, kingdom=K2, edition="1")
    play(g, "Gold")
    play(g, "War Chest")
    ans(g, "war_chest.name", "Gold", seat=1)
    ans(g, "war_chest.gain", "Mint")
    assert g.state.trash == []
    assert sorted(me(g).in_play) == ["Gold", "War Chest"]


def test_mint_2e_gained_without_buying_trashes_treasures_in_play():
    g = pos(hand=["Gold", "War Chest", "Silver"], phase=BUY_PHASE, kingdom=K2, edition="2")
    play(g, "Gold")
    play(g, "War Chest")
    ans(g, "war_chest.name", "Gold", seat=1)
    ans(g, "war_chest.gain", "Mint")
    assert sorted(g.state.trash) == ["Gold", "War Chest"]
    assert me(g).in_play == []
    assert me(g).hand == ["Silver"]
    assert t(g).coins == 3


def test_mint_2e_expand_gain_in_action_phase_trashes_in_play_treasures():
    g = pos(hand=["Expand", "Silver"], in_play=["Copper"], edition="2")
    play(g, "Expand")
    ans(g, "expand.gain", "Mint")
    assert "Copper" in g.state.trash


@pytest.mark.parametrize("edition", ["1", "2"])
def test_mint_watchtower_topdeck_still_trashes_treasures(edition):
    g = pos(hand=["Gold", "Gold", "Watchtower"], phase=BUY_PHASE, edition=edition)
    play(g, "Gold")
    play(g, "Gold")
    buy(g, "Mint")
    ans(g, "watchtower.reveal", "deck")
    assert deck_top(g)[0] == "Mint"
    assert sorted(g.state.trash) == ["Gold", "Gold"]


@pytest.mark.parametrize("edition", ["1", "2"])
def test_mint_emits_one_trash_event(edition):
    g = pos(hand=["Gold", "Silver", "Copper"], phase=BUY_PHASE, coins=0, edition=edition)
    g.apply(0, {"type": "play_treasures"})
    events = buy(g, "Mint")
    trash = of_type(events, "trash")
    assert len(trash) == 1
    assert sorted(trash[0]["cards"]) == ["Copper", "Gold", "Silver"]


# ======================================================================
# Talisman (1E)


def test_talisman_copies_cheap_non_victory_buy():
    g = pos(hand=["Talisman", "Silver"], phase=BUY_PHASE, edition="1")
    g.apply(0, {"type": "play_treasures"})
    buy(g, "Silver")
    assert me(g).discard.count("Silver") == 2


def test_two_talismans_two_copies():
    g = pos(hand=["Talisman", "Talisman", "Silver"], phase=BUY_PHASE)
    g.apply(0, {"type": "play_treasures"})
    buy(g, "Silver")
    assert me(g).discard.count("Silver") == 3


@pytest.mark.parametrize("card", ["Estate", "Great Hall"])
def test_talisman_excludes_victory_cards(card):
    g = pos(hand=["Talisman", "Silver"], phase=BUY_PHASE)
    g.apply(0, {"type": "play_treasures"})
    buy(g, card)
    assert me(g).discard.count(card) == 1


def test_talisman_expensive_card_not_copied():
    g = pos(hand=["Talisman", "Gold"], phase=BUY_PHASE, coins=1)
    g.apply(0, {"type": "play_treasures"})
    buy(g, "City")  # $5
    assert me(g).discard.count("City") == 1


def test_talisman_uses_current_cost_quarry():
    g = pos(hand=["Talisman", "Quarry", "Quarry"], phase=BUY_PHASE, edition="1")
    g.apply(0, {"type": "play_treasures"})
    assert t(g).coins == 3 and g.cost("King's Court") == 3
    buy(g, "King's Court")
    assert me(g).discard.count("King's Court") == 2


def test_talisman_sees_reduced_peddler():
    g = pos(in_play=["Village", "Village"], hand=["Talisman"], phase=BUY_PHASE, coins=3)
    play(g, "Talisman")
    assert g.cost("Peddler") == 4
    buy(g, "Peddler")
    assert me(g).discard.count("Peddler") == 2


def test_talisman_gain_without_buying_no_copy():
    g = pos(hand=["Talisman", "War Chest"], phase=BUY_PHASE, kingdom=K2 + ["Talisman"])
    play(g, "Talisman")
    play(g, "War Chest")
    ans(g, "war_chest.name", "Gold", seat=1)
    ans(g, "war_chest.gain", "Silver")
    assert me(g).discard.count("Silver") == 1


# ======================================================================
# Royal Seal (1E)


def test_royal_seal_may_topdeck_each_gain_separately():
    g = pos(hand=["Royal Seal", "Silver"], phase=BUY_PHASE, buys=2, deck=["Copper"])
    g.apply(0, {"type": "play_treasures"})
    assert t(g).coins == 4
    buy(g, "Silver")
    d = pending_is(g, 0, "royal_seal.topdeck")
    assert d.args.get("gained") == "Silver"
    ans(g, "royal_seal.topdeck", "yes")
    assert deck_top(g) == ["Silver", "Copper"]
    buy(g, "Copper")
    ans(g, "royal_seal.topdeck", "no")
    assert me(g).discard == ["Copper"]


def test_royal_seal_onto_empty_deck_becomes_only_card():
    g = pos(hand=["Royal Seal"], phase=BUY_PHASE, coins=1, discard=["Estate"])
    play(g, "Royal Seal")
    buy(g, "Silver")
    ans(g, "royal_seal.topdeck", "yes")
    assert deck_top(g) == ["Silver"]
    assert me(g).discard == ["Estate"]


# ======================================================================
# Watchtower


def test_watchtower_draws_up_to_six():
    g = pos(hand=["Watchtower", "Copper", "Copper"], deck=["Silver"] * 6)
    play(g, "Watchtower")
    assert len(me(g).hand) == 6
    assert deck_top(g) == ["Silver"] * 2


def test_watchtower_with_six_or_more_draws_nothing():
    g = pos(hand=["Watchtower"] + ["Copper"] * 6, deck=["Silver"] * 3)
    play(g, "Watchtower")
    assert len(me(g).hand) == 6
    assert len(me(g).deck) == 3


def test_watchtower_own_buy_topdeck_and_stays_in_hand():
    g = pos(hand=["Watchtower"], phase=BUY_PHASE, coins=6, buys=2, deck=["Copper"])
    buy(g, "Silver")
    d = pending_is(g, 0, "watchtower.reveal")
    assert set(d.options) == {"trash", "deck", "no"}
    events = ans(g, "watchtower.reveal", "deck")
    assert any(e["type"] == "react" and e.get("card") == "Watchtower" for e in events)
    assert deck_top(g) == ["Silver", "Copper"]
    assert me(g).hand == ["Watchtower"]
    buy(g, "Silver")  # may be revealed again for each gain
    ans(g, "watchtower.reveal", "trash")
    assert g.state.trash == ["Silver"]


def test_watchtower_trashes_witch_curse_on_others_turn_pile_shrinks():
    g = pos(hand=["Witch"], deck=["Copper"] * 3, others={1: {"hand": ["Watchtower"]}})
    curses = g.state.supply["Curse"]
    play(g, "Witch")
    d = pending_is(g, 1, "watchtower.reveal")
    assert d.args.get("gained") == "Curse"
    ans(g, "watchtower.reveal", "trash")
    assert g.state.trash == ["Curse"]
    assert "Curse" not in me(g, 1).discard
    assert g.state.supply["Curse"] == curses - 1


def test_watchtower_mountebank_curse_and_copper_separately():
    g = pos(hand=["Mountebank"], others={1: {"hand": ["Watchtower"]}})
    play(g, "Mountebank")
    d = pending_is(g, 1, "watchtower.reveal")
    first = d.args.get("gained")
    ans(g, "watchtower.reveal", "trash")
    d = pending_is(g, 1, "watchtower.reveal")
    second = d.args.get("gained")
    assert {first, second} == {"Curse", "Copper"}
    ans(g, "watchtower.reveal", "deck")
    assert g.state.trash == [first]
    assert deck_top(g, 1) == [second]


def test_watchtower_charlatan_curse():
    g = pos(hand=["Charlatan"], kingdom=KC, others={1: {"hand": ["Watchtower"]}})
    play(g, "Charlatan")
    ans(g, "watchtower.reveal", "deck", seat=1)
    assert deck_top(g, 1) == ["Curse"]
    assert t(g).coins == 3


def test_watchtower_gain_to_hand_mine():
    g = pos(hand=["Mine", "Silver", "Watchtower"])
    play(g, "Mine")
    ans(g, "mine.trash", ["Silver"])
    ans(g, "mine.gain", "Gold")
    d = pending_is(g, 0, "watchtower.reveal")
    assert {"trash", "deck"} <= set(d.options)
    assert d.args.get("to") == "hand"
    ans(g, "watchtower.reveal", "deck")
    assert "Gold" not in me(g).hand
    assert deck_top(g)[0] == "Gold"


def test_watchtower_gain_onto_deck_offers_no_deck_option():
    g = pos(hand=["Bureaucrat", "Watchtower"], deck=["Copper"])
    play(g, "Bureaucrat")
    d = pending_is(g, 0, "watchtower.reveal")
    assert d.args.get("to") == "deck" and d.args.get("gained") == "Silver"
    assert "deck" not in d.options and "trash" in d.options
    ans(g, "watchtower.reveal", "trash")
    assert g.state.trash == ["Silver"]
    assert deck_top(g) == ["Copper"]


def test_watchtower_trashed_gain_still_moves_trade_route_token():
    g = pos(hand=["Watchtower"], phase=BUY_PHASE, coins=2)
    assert "Estate" in g.state.trade_route
    buy(g, "Estate")
    ans(g, "watchtower.reveal", "trash")
    assert "Estate" not in g.state.trade_route
    assert g.state.trade_route_mat == 1


@pytest.mark.parametrize("gained,bonus", [("Estate", "card"), ("Silver", "coin")])
def test_watchtower_ironworks_bonus_still_given(gained, bonus):
    g = pos(hand=["Ironworks", "Watchtower"], deck=["Gold"])
    play(g, "Ironworks")
    ans(g, "ironworks.gain", gained)
    ans(g, "watchtower.reveal", "trash")
    assert gained in g.state.trash
    if bonus == "card":
        assert sorted(me(g).hand) == ["Gold", "Watchtower"]
    else:
        assert t(g).coins == 1


def test_watchtower_declined_card_stays_gained():
    g = pos(hand=["Watchtower"], phase=BUY_PHASE, coins=3)
    buy(g, "Silver")
    ans(g, "watchtower.reveal", "no")
    assert me(g).discard == ["Silver"]


# ======================================================================
# Trade Route (1E)


def test_trade_route_tokens_on_every_victory_supply_pile():
    kingdom = ["Trade Route", "Great Hall", "Harem", "Nobles", "Gardens", "Village",
               "Smithy", "Moat", "Witch", "Bank"]
    g = new_game(3, kingdom, seed=4, colony=True)
    assert sorted(g.state.trade_route) == sorted(
        ["Estate", "Duchy", "Province", "Colony", "Great Hall", "Harem", "Nobles", "Gardens"])
    assert g.state.trade_route_mat == 0


def test_no_trade_route_no_tokens():
    g = new_game(2, ["Great Hall"] + BOTH[:9], seed=4)
    assert g.state.trade_route == []


def test_trade_route_plays_buy_mat_and_mandatory_trash():
    g = pos(hand=["Trade Route", "Estate", "Copper"])
    g.state.trade_route_mat = 2
    play(g, "Trade Route")
    d = pending_is(g, 0, "trade_route.trash")
    assert (d.min, d.max) == (1, 1)
    ans(g, "trade_route.trash", ["Estate"])
    assert (t(g).buys, t(g).coins) == (2, 2)
    assert g.state.trash == ["Estate"]


def test_trade_route_empty_hand_no_trash():
    g = pos(hand=["Trade Route"])
    play(g, "Trade Route")
    no_pending(g)
    assert (t(g).buys, t(g).coins) == (2, 0)


def test_trade_route_token_moves_on_first_gain_by_any_means():
    g = pos(hand=["Workshop"], kingdom=K1)
    play(g, "Workshop")
    events = ans(g, "workshop.gain", "Estate")
    assert g.state.trade_route_mat == 1
    assert "Estate" not in g.state.trade_route
    assert of_type(events, "trade_route")
    g.state.turn.phase = BUY_PHASE
    g.state.turn.coins = 10
    g.state.turn.buys = 3
    buy(g, "Estate")
    assert g.state.trade_route_mat == 1  # no second token from one pile
    buy(g, "Duchy")
    assert g.state.trade_route_mat == 2


def test_trade_route_curse_pile_has_no_token():
    g = pos(hand=["Witch"], deck=["Copper"] * 3)
    assert "Curse" not in g.state.trade_route
    play(g, "Witch")
    assert g.state.trade_route_mat == 0


def test_trade_route_token_moves_when_other_player_gains():
    g = pos(hand=["Swindler", "Trade Route"], actions=2, kingdom=K1 + ["Swindler"],
            others={1: {"deck": ["Estate"]}})
    play(g, "Swindler")
    ans(g, "swindler.gain", "Estate")
    assert me(g, 1).discard == ["Estate"]
    assert g.state.trade_route_mat == 1
    play(g, "Trade Route")
    assert t(g).coins == 3 and t(g).buys == 2


def test_trade_route_victory_kingdom_piles_move_tokens():
    g = pos(phase=BUY_PHASE, coins=9, buys=2)
    buy(g, "Great Hall")
    buy(g, "Harem")
    assert g.state.trade_route_mat == 2
    assert "Great Hall" not in g.state.trade_route and "Harem" not in g.state.trade_route


# ======================================================================
# Contraband (1E)


def test_contraband_left_player_names_card_that_cannot_be_bought():
    g = pos(hand=["Contraband"], phase=BUY_PHASE, coins=5, players=3)
    play(g, "Contraband")
    d = pending_is(g, 1, "contraband.name")
    assert "Province" in d.options and "Colony" in d.options  # any card name
    ans(g, "contraband.name", "Province")
    assert (t(g).coins, t(g).buys) == (8, 2)
    assert "Province" not in legal_buys(g)
    assert buy_error(g, "Province") == "buy_forbidden"
    buy(g, "Gold")
    assert me(g).discard == ["Gold"]


def test_contraband_each_bans_another_name():
    g = pos(hand=["Contraband", "Contraband"], phase=BUY_PHASE)
    play(g, "Contraband")
    ans(g, "contraband.name", "Gold", seat=1)
    play(g, "Contraband")
    ans(g, "contraband.name", "Silver", seat=1)
    assert t(g).coins == 6 and t(g).buys == 3
    assert buy_error(g, "Gold") == "buy_forbidden"
    assert buy_error(g, "Silver") == "buy_forbidden"
    assert {"Gold", "Silver"}.isdisjoint(legal_buys(g))
    buy(g, "Duchy")


def test_contraband_named_card_can_still_be_gained():
    g = pos(hand=["Contraband", "Hoard"], phase=BUY_PHASE, edition="1")
    play(g, "Contraband")
    ans(g, "contraband.name", "Gold", seat=1)
    play(g, "Hoard")
    buy(g, "Estate")
    assert "Gold" in me(g).discard


def test_contraband_ban_ends_with_turn():
    g = pos(hand=["Contraband"], phase=BUY_PHASE, deck=["Copper"] * 5)
    play(g, "Contraband")
    ans(g, "contraband.name", "Silver", seat=1)
    end_phase(g)
    assert g.state.turn.names.get("contraband", []) == []


# ======================================================================
# War Chest (2E)


def test_war_chest_names_accumulate_and_exclude_gains():
    g = pos(hand=["War Chest", "War Chest"], phase=BUY_PHASE, kingdom=K2)
    play(g, "War Chest")
    ans(g, "war_chest.name", "Mint", seat=1)
    d = pending_is(g, 0, "war_chest.gain")
    assert "Mint" not in d.options and "Silver" in d.options
    assert d.args.get("max_cost") == 5
    assert "Gold" not in d.options
    ans(g, "war_chest.gain", "Silver")
    play(g, "War Chest")
    ans(g, "war_chest.name", "Silver", seat=1)
    d = pending_is(g, 0, "war_chest.gain")
    assert "Mint" not in d.options and "Silver" not in d.options
    assert sorted(d.args.get("named", [])) == ["Mint", "Silver"]
    ans(g, "war_chest.gain", "Collection")
    assert t(g).coins == 0
    assert sorted(me(g).discard) == ["Collection", "Silver"]


def test_war_chest_named_card_may_be_bought():
    g = pos(hand=["War Chest"], phase=BUY_PHASE, coins=3, kingdom=K2)
    play(g, "War Chest")
    ans(g, "war_chest.name", "Silver", seat=1)
    ans(g, "war_chest.gain", "Copper")
    buy(g, "Silver")
    assert "Silver" in me(g).discard


# ======================================================================
# Grand Market


def test_grand_market_effect():
    g = pos(hand=["Grand Market"], deck=["Gold"])
    play(g, "Grand Market")
    assert me(g).hand == ["Gold"]
    assert (t(g).actions, t(g).buys, t(g).coins) == (1, 2, 2)


def test_grand_market_cannot_be_bought_with_copper_in_play():
    g = pos(hand=["Copper", "Gold", "Gold"], phase=BUY_PHASE)
    g.apply(0, {"type": "play_treasures"})
    assert t(g).coins == 7
    assert "Grand Market" not in legal_buys(g)
    assert buy_error(g, "Grand Market") == "buy_forbidden"


def test_grand_market_copper_in_hand_does_not_block():
    g = pos(hand=["Copper", "Gold", "Gold"], phase=BUY_PHASE)
    play(g, "Gold")
    play(g, "Gold")
    assert "Grand Market" in legal_buys(g)
    buy(g, "Grand Market")
    assert me(g).discard == ["Grand Market"]


def test_grand_market_coppers_trashed_by_mint_1e_do_not_block():
    g = pos(hand=["Copper", "Copper", "Gold", "Gold", "Gold"], phase=BUY_PHASE, buys=2,
            edition="1")
    g.apply(0, {"type": "play_treasures"})
    buy(g, "Mint")
    assert "Copper" in g.state.trash
    buy(g, "Grand Market")
    assert "Grand Market" in me(g).discard


def test_grand_market_loan_does_not_block():
    g = pos(in_play=["Loan"], phase=BUY_PHASE, coins=6)
    buy(g, "Grand Market")


def test_grand_market_may_be_gained_with_copper_in_play():
    g = pos(hand=["Expand", "Silver"], in_play=["Copper"])
    play(g, "Expand")
    ans(g, "expand.gain", "Grand Market")
    assert me(g).discard == ["Grand Market"]


# ======================================================================
# Charlatan (2E) and Curse as a Treasure


def test_charlatan_plus3_curses_in_turn_order():
    g = pos(hand=["Charlatan"], kingdom=KC, players=3, supply={"Curse": 1})
    play(g, "Charlatan")
    assert t(g).coins == 3
    assert me(g, 1).discard == ["Curse"]
    assert me(g, 2).discard == []


def test_curse_is_a_1_coin_treasure_with_charlatan():
    g = pos(hand=["Curse", "Curse", "Copper"], phase=BUY_PHASE, kingdom=KC)
    assert g.curse_is_treasure
    assert {"type": "play", "card": "Curse"} in g.legal_commands(0)
    play(g, "Curse")
    assert t(g).coins == 1
    g.apply(0, {"type": "play_treasures"})
    assert t(g).coins == 3
    assert me(g).hand == []


def test_curse_not_playable_without_charlatan():
    g = pos(hand=["Curse"], phase=BUY_PHASE)
    with pytest.raises(IllegalCommand) as err:
        play(g, "Curse")
    assert err.value.code == "not_playable"


def test_charlatan_curse_treasure_counted_by_bank():
    g = pos(hand=["Curse", "Bank"], phase=BUY_PHASE, kingdom=KC)
    play(g, "Curse")
    play(g, "Bank")
    assert t(g).coins == 3


def test_charlatan_curse_counted_by_magnate():
    g = pos(hand=["Magnate", "Curse", "Curse", "Estate"], deck=["Silver"] * 5, kingdom=KC)
    play(g, "Magnate")
    assert len(me(g).hand) == 5


def test_charlatan_curse_gives_courtier_two_choices():
    g = pos(hand=["Courtier", "Curse"], kingdom=KC)
    play(g, "Courtier")
    d = g.pending
    if d is not None and d.prompt == "courtier.reveal":
        ans(g, "courtier.reveal", ["Curse"])
    d = pending_is(g, 0, "courtier.choose")
    assert (d.min, d.max) == (2, 2)


def test_charlatan_curse_trashed_by_mint_2e_still_minus_1_vp():
    g = pos(hand=["Curse", "Gold", "Gold"], phase=BUY_PHASE, kingdom=KC)
    g.apply(0, {"type": "play_treasures"})
    assert t(g).coins == 7
    buy(g, "Mint")
    assert sorted(g.state.trash) == ["Curse", "Gold", "Gold"]
    g2 = pos(hand=["Curse"], kingdom=KC)
    g3 = pos(hand=[], kingdom=KC)
    assert g2.score(0) == g3.score(0) - 1


def test_charlatan_magnate_without_charlatan_curse_not_counted():
    g = pos(hand=["Magnate", "Curse", "Copper"], deck=["Silver"] * 5, kingdom=K2)
    play(g, "Magnate")
    assert len(me(g).hand) == 3


# ======================================================================
# Clerk (2E)


def test_clerk_plus2_victims_with_five_put_one_on_deck():
    g = pos(hand=["Clerk"], kingdom=K2, players=3,
            others={1: {"hand": ["Copper", "Silver", "Gold", "Estate", "Duchy"], "deck": []},
                    2: {"hand": ["Copper"] * 4}})
    play(g, "Clerk")
    d = pending_is(g, 1, "clerk.topdeck")
    assert (d.min, d.max) == (1, 1)
    ans(g, "clerk.topdeck", ["Gold"])
    no_pending(g)
    assert t(g).coins == 2
    assert deck_top(g, 1) == ["Gold"]  # onto an empty deck: its only card
    assert len(me(g, 2).hand) == 4


def test_clerk_played_at_start_of_turn_without_action_hits_each_time():
    g = pos(hand=[], deck=["Copper", "Silver", "Gold", "Estate", "Duchy"], phase=BUY_PHASE,
            kingdom=K2,
            others={1: {"hand": ["Clerk", "Clerk", "Copper", "Copper", "Copper"],
                        "deck": ["Silver"] * 5}})
    end_phase(g)
    assert t(g).seat == 1
    d = pending_is(g, 1, "turn_start.play")
    assert d.options == ["Clerk"] and d.min == 0
    ans(g, "turn_start.play", ["Clerk"])
    ans(g, "clerk.topdeck", ["Estate"], seat=0)
    ans(g, "turn_start.play", ["Clerk"], seat=1)
    no_pending(g)  # seat 0 has only 4 cards now
    assert (t(g).actions, t(g).coins, t(g).phase) == (1, 4, ACTION_PHASE)
    assert len(me(g, 0).hand) == 4
    assert deck_top(g, 0) == ["Estate"]


def test_clerk_start_of_turn_may_decline():
    g = pos(hand=[], deck=["Copper"] * 5, phase=BUY_PHASE, kingdom=K2,
            others={1: {"hand": ["Clerk", "Copper"], "deck": ["Silver"] * 5}})
    end_phase(g)
    ans(g, "turn_start.play", [], seat=1)
    no_pending(g)
    assert me(g, 1).hand.count("Clerk") == 1
    assert t(g).coins == 0
    # still playable as a normal Action
    play(g, "Clerk", seat=1)
    assert t(g).coins == 2


# ======================================================================
# Bishop


@pytest.mark.parametrize("trashed,vp", [("Gold", 4), ("Duchy", 3), ("Estate", 2),
                                          ("Copper", 1), ("Province", 5),
                                          ("King's Court", 4)])
def test_bishop_vp_half_cost_rounded_down(trashed, vp):
    g = pos(hand=["Bishop", trashed])
    play(g, "Bishop")
    if g.pending is not None and g.pending.prompt == "bishop.other_trash":
        ans(g, "bishop.other_trash", [])
    assert me(g).vp_tokens == vp
    assert t(g).coins == 1
    assert g.state.trash == [trashed]


def test_bishop_uses_current_cost():
    g = pos(hand=["Bridge", "Bishop", "Gold"], actions=2)
    play(g, "Bridge")
    play(g, "Bishop")
    assert g.state.trash == ["Gold"]
    assert me(g).vp_tokens == 1 + 2  # Gold costs 5 now


def test_bishop_empty_hand_still_coin_and_vp():
    g = pos(hand=["Bishop"])
    play(g, "Bishop")
    assert me(g).vp_tokens == 1 and t(g).coins == 1


def test_bishop_trash_mandatory_others_optional_in_turn_order_no_vp():
    g = pos(hand=["Bishop", "Estate", "Silver"], players=3,
            others={1: {"hand": ["Curse"]}, 2: {"hand": ["Estate", "Copper"]}})
    play(g, "Bishop")
    d = pending_is(g, 0, "bishop.trash")
    assert d.min == 1
    ans(g, "bishop.trash", ["Silver"])
    d = pending_is(g, 1, "bishop.other_trash")
    assert d.min == 0
    ans(g, "bishop.other_trash", ["Curse"])
    ans(g, "bishop.other_trash", [], seat=2)
    no_pending(g)
    assert g.state.trash == ["Silver", "Curse"]
    assert me(g).vp_tokens == 2
    assert me(g, 1).vp_tokens == 0 and me(g, 2).vp_tokens == 0


# ======================================================================
# Forge


def test_forge_trashing_nothing_gains_a_zero_cost_card():
    g = pos(hand=["Forge", "Copper"])
    play(g, "Forge")
    ans(g, "forge.trash", [])
    d = pending_is(g, 0, "forge.gain")
    assert set(d.options) == {"Copper", "Curse"}
    assert d.args.get("cost") == 0
    ans(g, "forge.gain", "Curse")
    assert me(g).discard == ["Curse"]


def test_forge_exact_total():
    g = pos(hand=["Forge", "Estate", "Estate", "Copper"])
    play(g, "Forge")
    ans(g, "forge.trash", ["Estate", "Estate", "Copper"])
    d = pending_is(g, 0, "forge.gain")
    assert d.args.get("cost") == 4
    assert "Silver" not in d.options and "Smithy" in d.options
    assert all(g.cost(c) == 4 for c in d.options)
    ans(g, "forge.gain", "Smithy")
    assert me(g).discard == ["Smithy"]


def test_forge_no_exact_match_gains_nothing():
    g = pos(hand=["Forge", "Gold", "Silver", "Estate"])
    play(g, "Forge")
    ans(g, "forge.trash", ["Gold", "Silver", "Estate"])
    no_pending(g)
    assert me(g).discard == []
    assert sorted(g.state.trash) == ["Estate", "Gold", "Silver"]


def test_forge_colony_at_11():
    g = pos(hand=["Forge", "Gold", "Silver", "Estate"], colony=True)
    play(g, "Forge")
    ans(g, "forge.trash", ["Gold", "Silver", "Estate"])
    ans(g, "forge.gain", "Colony")
    assert me(g).discard == ["Colony"]


# ======================================================================
# Vault


def test_vault_discard_any_including_drawn_cards():
    g = pos(hand=["Vault", "Estate", "Estate"], deck=["Copper", "Duchy"])
    play(g, "Vault")
    d = pending_is(g, 0, "vault.discard")
    assert d.min == 0 and sorted(d.options) == ["Copper", "Duchy", "Estate", "Estate"]
    ans(g, "vault.discard", ["Estate", "Duchy"])
    assert t(g).coins == 2


def test_vault_others_discard_exactly_two_to_draw_one():
    g = pos(hand=["Vault"], deck=["Copper", "Copper"], players=4,
            others={1: {"hand": ["Estate", "Copper", "Curse"], "deck": ["Gold"]},
                    2: {"hand": ["Estate"], "deck": ["Gold"]},
                    3: {"hand": [], "deck": ["Gold"]}})
    play(g, "Vault")
    ans(g, "vault.discard", [])
    ans(g, "vault.offer", "yes", seat=1)
    d = pending_is(g, 1, "vault.other_discard")
    assert (d.min, d.max) == (2, 2)
    ans(g, "vault.other_discard", ["Estate", "Curse"])
    assert sorted(me(g, 1).hand) == ["Copper", "Gold"]
    ans(g, "vault.offer", "yes", seat=2)
    no_pending(g)  # seat 3 has no card: not offered
    assert me(g, 2).hand == [] and me(g, 2).discard == ["Estate"]
    assert deck_top(g, 2) == ["Gold"]  # one card discarded: draws nothing


def test_vault_other_may_decline():
    g = pos(hand=["Vault"], deck=["Copper", "Copper"],
            others={1: {"hand": ["Estate", "Copper"], "deck": ["Gold"]}})
    play(g, "Vault")
    ans(g, "vault.discard", [])
    ans(g, "vault.offer", "no", seat=1)
    assert sorted(me(g, 1).hand) == ["Copper", "Estate"]


def test_vault_is_not_an_attack_moat_not_asked():
    g = pos(hand=["Vault"], deck=["Copper", "Copper"],
            others={1: {"hand": ["Moat", "Copper"], "deck": ["Gold"]}})
    play(g, "Vault")
    ans(g, "vault.discard", [])
    assert g.pending.prompt == "vault.offer"


# ======================================================================
# Venture and Loan (1E)


def test_venture_chains_and_discards_the_rest():
    g = pos(hand=["Venture"], deck=["Estate", "Venture", "Duchy", "Gold", "Copper"],
            phase=BUY_PHASE)
    play(g, "Venture")
    assert t(g).coins == 5
    assert sorted(me(g).in_play) == ["Gold", "Venture", "Venture"]
    assert sorted(me(g).discard) == ["Duchy", "Estate"]
    assert deck_top(g) == ["Copper"]


def test_venture_reshuffle_revealed_cards_not_shuffled_in():
    g = pos(hand=["Venture"], deck=["Estate"], discard=["Silver"], phase=BUY_PHASE)
    events = play(g, "Venture")
    assert len(of_type(events, "shuffle")) == 1
    assert t(g).coins == 3
    assert me(g).deck == []
    assert me(g).discard == ["Estate"]
    assert sorted(me(g).in_play) == ["Silver", "Venture"]


def test_venture_no_treasure_discards_everything_revealed():
    g = pos(hand=["Venture"], deck=["Estate"], discard=["Duchy", "Province"], phase=BUY_PHASE)
    play(g, "Venture")
    assert t(g).coins == 1
    assert sorted(me(g).discard) == ["Duchy", "Estate", "Province"]
    assert me(g).deck == []


def test_venture_found_loan_resolves():
    g = pos(hand=["Venture"], deck=["Loan", "Estate", "Silver"], phase=BUY_PHASE)
    play(g, "Venture")
    d = pending_is(g, 0, "loan.choose")
    assert d.args.get("revealed") == "Silver"
    ans(g, "loan.choose", "trash")
    assert g.state.trash == ["Silver"]
    assert t(g).coins == 2
    assert me(g).discard == ["Estate"]


@pytest.mark.parametrize("choice", ["discard", "trash"])
def test_loan(choice):
    g = pos(hand=["Loan"], deck=["Estate", "Silver", "Copper"], phase=BUY_PHASE)
    play(g, "Loan")
    ans(g, "loan.choose", choice)
    assert t(g).coins == 1
    assert deck_top(g) == ["Copper"]
    if choice == "trash":
        assert g.state.trash == ["Silver"] and me(g).discard == ["Estate"]
    else:
        assert sorted(me(g).discard) == ["Estate", "Silver"]


def test_loan_reshuffle_and_no_treasure():
    g = pos(hand=["Loan"], deck=["Estate"], discard=["Duchy"], phase=BUY_PHASE)
    play(g, "Loan")
    no_pending(g)
    assert sorted(me(g).discard) == ["Duchy", "Estate"]
    assert t(g).coins == 1


# ======================================================================
# Counting House (1E)


def test_counting_house_takes_chosen_coppers():
    g = pos(hand=["Counting House"], discard=["Copper", "Estate", "Copper", "Silver", "Copper"])
    play(g, "Counting House")
    d = pending_is(g, 0, "counting_house.take")
    assert sorted(d.options) == ["Copper"] * 3 and d.min == 0
    ans(g, "counting_house.take", ["Copper", "Copper"])
    assert me(g).hand == ["Copper", "Copper"]
    assert sorted(me(g).discard) == ["Copper", "Estate", "Silver"]


# ======================================================================
# Crystal Ball (2E)


def test_crystal_ball_keep_leaves_it_on_top_no_play_for_victory():
    g = pos(hand=["Crystal Ball"], deck=["Estate", "Copper"], phase=BUY_PHASE, kingdom=K2)
    play(g, "Crystal Ball")
    d = pending_is(g, 0, "crystal_ball.choose")
    assert set(d.options) == {"trash", "discard", "keep"}
    assert d.args.get("looked") == "Estate"
    ans(g, "crystal_ball.choose", "keep")
    assert deck_top(g) == ["Estate", "Copper"]
    assert t(g).coins == 1


@pytest.mark.parametrize("choice", ["trash", "discard"])
def test_crystal_ball_trash_or_discard(choice):
    g = pos(hand=["Crystal Ball"], deck=["Estate", "Copper"], phase=BUY_PHASE, kingdom=K2)
    play(g, "Crystal Ball")
    ans(g, "crystal_ball.choose", choice)
    assert deck_top(g) == ["Copper"]
    assert (g.state.trash if choice == "trash" else me(g).discard) == ["Estate"]


def test_crystal_ball_plays_treasure():
    g = pos(hand=["Crystal Ball"], deck=["Gold"], phase=BUY_PHASE, kingdom=K2)
    play(g, "Crystal Ball")
    ans(g, "crystal_ball.choose", "play")
    assert t(g).coins == 4
    assert sorted(me(g).in_play) == ["Crystal Ball", "Gold"]


def test_crystal_ball_plays_action_in_buy_phase():
    g = pos(hand=["Crystal Ball", "Village"], deck=["Worker's Village", "Silver"],
            phase=BUY_PHASE, kingdom=K2)
    play(g, "Crystal Ball")
    ans(g, "crystal_ball.choose", "play")
    assert sorted(me(g).hand) == ["Silver", "Village"]
    assert t(g).buys == 2
    assert t(g).phase == BUY_PHASE
    # +Actions do not let you play Actions in the Buy phase
    assert {"type": "play", "card": "Village"} not in g.legal_commands(0)
    with pytest.raises(IllegalCommand):
        play(g, "Village")
    play(g, "Silver")  # drawn Treasures can still be played
    assert t(g).coins == 3


# ======================================================================
# Investment (2E)


def test_investment_coin_option():
    g = pos(hand=["Investment", "Estate", "Copper"], phase=BUY_PHASE, kingdom=K2)
    play(g, "Investment")
    ans(g, "investment.trash", ["Estate"])
    d = pending_is(g, 0, "investment.choose")
    assert set(d.options) == {"coin", "vp"}
    ans(g, "investment.choose", "coin")
    assert t(g).coins == 1
    assert me(g).in_play == ["Investment"]


def test_investment_vp_differently_named_treasures_then_playable():
    g = pos(hand=["Investment", "Estate", "Copper", "Copper", "Silver", "Gold"],
            phase=BUY_PHASE, kingdom=K2)
    play(g, "Investment")
    ans(g, "investment.trash", ["Estate"])
    ans(g, "investment.choose", "vp")
    assert me(g).vp_tokens == 3
    assert sorted(g.state.trash) == ["Estate", "Investment"]
    assert me(g).in_play == []
    g.apply(0, {"type": "play_treasures"})
    assert t(g).coins == 7


def test_investment_trash_is_mandatory():
    g = pos(hand=["Investment", "Estate", "Copper"], phase=BUY_PHASE, kingdom=K2)
    play(g, "Investment")
    d = pending_is(g, 0, "investment.trash")
    assert (d.min, d.max) == (1, 1)


def test_investment_twice_via_tiara_vp_only_while_in_play():
    g = pos(hand=["Tiara", "Investment", "Estate", "Duchy", "Silver"], phase=BUY_PHASE,
            kingdom=K2)
    play(g, "Tiara")
    ans(g, "tiara.play", ["Investment"])
    ans(g, "investment.trash", ["Estate"])
    ans(g, "investment.choose", "vp")
    assert me(g).vp_tokens == 1  # Silver (Tiara is in play, not in hand)
    # second play: Investment was trashed, "vp" is no longer an option
    if g.pending is not None and g.pending.prompt == "investment.trash":
        ans(g, "investment.trash", ["Duchy"])
    d = g.pending
    if d is not None:
        assert d.prompt == "investment.choose" and "vp" not in d.options
        ans(g, "investment.choose", "coin")
    assert me(g).vp_tokens == 1
    assert t(g).coins == 1
    assert g.state.trash.count("Investment") == 1


# ======================================================================
# Tiara (2E)


def test_tiara_on_tiara_two_treasures_each_twice():
    g = pos(hand=["Tiara", "Tiara", "Gold", "Silver"], phase=BUY_PHASE, kingdom=K2)
    play(g, "Tiara")
    ans(g, "tiara.play", ["Tiara"])
    d = pending_is(g, 0, "tiara.play")
    assert sorted(d.options) == ["Gold", "Silver"]
    ans(g, "tiara.play", ["Gold"])
    ans(g, "tiara.play", ["Silver"])
    no_pending(g)
    assert t(g).coins == 10
    assert t(g).buys == 4
    assert me(g).hand == []


def test_tiara_play_is_optional():
    g = pos(hand=["Tiara", "Gold"], phase=BUY_PHASE, kingdom=K2)
    play(g, "Tiara")
    ans(g, "tiara.play", [])
    assert me(g).hand == ["Gold"]
    assert (t(g).buys, t(g).coins) == (2, 0)


def test_tiara_topdeck_gains_once_per_gain_even_with_two_tiaras():
    g = pos(hand=["Tiara", "Tiara", "Gold"], phase=BUY_PHASE, kingdom=K2, deck=["Copper"])
    play(g, "Tiara")
    ans(g, "tiara.play", ["Tiara"])
    ans(g, "tiara.play", ["Gold"])
    no_pending(g)  # nothing left for the second play of the second Tiara
    buy(g, "Silver")
    d = pending_is(g, 0, "tiara.topdeck")
    assert d.args.get("gained") == "Silver"
    ans(g, "tiara.topdeck", "yes")
    no_pending(g)
    assert deck_top(g) == ["Silver", "Copper"]


def test_tiara_topdeck_any_gain_not_only_buys():
    g = pos(hand=["Tiara", "War Chest"], phase=BUY_PHASE, kingdom=K2)
    play(g, "Tiara")
    ans(g, "tiara.play", ["War Chest"])
    ans(g, "war_chest.name", "Gold", seat=1)
    ans(g, "war_chest.gain", "Silver")
    ans(g, "tiara.topdeck", "yes")
    ans(g, "war_chest.name", "Silver", seat=1)
    ans(g, "war_chest.gain", "Collection")
    ans(g, "tiara.topdeck", "no")
    assert deck_top(g) == ["Silver"]
    assert me(g).discard == ["Collection"]


# ======================================================================
# Anvil (2E)


def test_anvil_discard_treasure_to_gain_up_to_4():
    g = pos(hand=["Anvil", "Copper", "Estate"], phase=BUY_PHASE, kingdom=K2)
    play(g, "Anvil")
    d = pending_is(g, 0, "anvil.discard")
    assert d.options == ["Copper"] and d.min == 0
    ans(g, "anvil.discard", ["Copper"])
    d = pending_is(g, 0, "anvil.gain")
    assert d.args.get("max_cost") == 4
    assert "Gold" not in d.options
    ans(g, "anvil.gain", "Silver")
    assert sorted(me(g).discard) == ["Copper", "Silver"]
    assert t(g).coins == 1


def test_anvil_decline():
    g = pos(hand=["Anvil", "Copper"], phase=BUY_PHASE, kingdom=K2)
    play(g, "Anvil")
    ans(g, "anvil.discard", [])
    no_pending(g)
    assert me(g).hand == ["Copper"] and me(g).discard == []


# ======================================================================
# Collection (2E)


def test_collection_vp_per_action_gained_cumulative():
    g = pos(hand=["Collection", "Collection"], phase=BUY_PHASE, coins=7, kingdom=K2)
    play(g, "Collection")
    play(g, "Collection")
    assert (t(g).coins, t(g).buys) == (11, 3)
    buy(g, "Worker's Village")
    assert me(g).vp_tokens == 2
    buy(g, "Silver")
    assert me(g).vp_tokens == 2
    buy(g, "Great Hall")  # Action-Victory is an Action card
    assert me(g).vp_tokens == 4


def test_collection_counts_gains_not_only_buys_and_survives_mint():
    g = pos(hand=["Collection", "Gold", "Gold"], phase=BUY_PHASE, kingdom=K2)
    g.apply(0, {"type": "play_treasures"})
    assert t(g).coins == 8
    buy(g, "Mint")  # 2E: trashes Collection, which keeps working this turn
    assert "Collection" in g.state.trash
    assert me(g).vp_tokens == 1
    buy(g, "Watchtower")
    if g.pending is not None:
        ans(g, "watchtower.reveal", "no")
    assert me(g).vp_tokens == 2


# ======================================================================
# Rabble


def test_rabble_others_discard_actions_and_treasures():
    g = pos(hand=["Rabble"], deck=["Copper"] * 3, players=3,
            others={1: {"deck": ["Copper", "Estate", "Village", "Duchy"]},
                    2: {"deck": ["Harem", "Nobles", "Great Hall", "Gold"]}})
    play(g, "Rabble")
    assert len(me(g).hand) == 3
    assert sorted(me(g, 1).discard) == ["Copper", "Village"]
    assert deck_top(g, 1) == ["Estate", "Duchy"]
    assert sorted(me(g, 2).discard) == ["Great Hall", "Harem", "Nobles"]
    assert deck_top(g, 2) == ["Gold"]


def test_rabble_order_of_the_rest():
    g = pos(hand=["Rabble"], deck=["Copper"] * 3,
            others={1: {"deck": ["Estate", "Duchy", "Silver", "Gold"]}})
    play(g, "Rabble")
    d = pending_is(g, 1, "rabble.order")
    assert sorted(d.options) == ["Duchy", "Estate"]
    ans(g, "rabble.order", ["Duchy", "Estate"])
    assert deck_top(g, 1) == ["Duchy", "Estate", "Gold"]


def test_rabble_fewer_than_three_reveals_what_it_can():
    g = pos(hand=["Rabble"], deck=["Copper"] * 3,
            others={1: {"deck": ["Estate"], "discard": ["Copper"]}})
    play(g, "Rabble")
    assert deck_top(g, 1) == ["Estate"]
    assert me(g, 1).discard == ["Copper"]


def test_rabble_moat_blocks():
    g = pos(hand=["Rabble"], deck=["Copper"] * 3,
            others={1: {"hand": ["Moat"], "deck": ["Copper", "Silver"]}})
    play(g, "Rabble")
    ans(g, "reaction.reveal", ["Moat"], seat=1)
    assert deck_top(g, 1) == ["Copper", "Silver"]


# ======================================================================
# City


def test_city_no_empty_pile():
    g = pos(hand=["City"], deck=["Copper"] * 3)
    play(g, "City")
    assert len(me(g).hand) == 1
    assert (t(g).actions, t(g).buys, t(g).coins) == (2, 1, 0)


def test_city_one_empty_pile():
    g = pos(hand=["City"], deck=["Copper"] * 3, supply={"Village": 0})
    play(g, "City")
    assert len(me(g).hand) == 2
    assert (t(g).actions, t(g).buys, t(g).coins) == (2, 1, 0)


@pytest.mark.parametrize("empties", [2, 3])
def test_city_two_or_more_empty_piles(empties):
    piles = ["Village", "Smithy", "Moat"][:empties]
    g = pos(hand=["City"], deck=["Copper"] * 3, supply={p: 0 for p in piles},
            players=5)  # 5 players: 3 empty piles do not end the game
    play(g, "City")
    assert len(me(g).hand) == 2
    assert (t(g).actions, t(g).buys, t(g).coins) == (2, 2, 1)


def test_city_trash_is_no_supply_pile():
    g = pos(hand=["City"], deck=["Copper"] * 3)
    g.state.trash = ["Gold"] * 5
    play(g, "City")
    assert len(me(g).hand) == 1


# ======================================================================
# Expand


def test_expand_gain_up_to_3_more():
    g = pos(hand=["Expand", "Silver"])
    play(g, "Expand")
    d = pending_is(g, 0, "expand.gain")
    assert d.args.get("max_cost") == 6
    assert "Gold" in d.options and "King's Court" not in d.options
    ans(g, "expand.gain", "Gold")
    assert g.state.trash == ["Silver"] and me(g).discard == ["Gold"]


def test_expand_nothing_to_trash_no_gain():
    g = pos(hand=["Expand"])
    play(g, "Expand")
    no_pending(g)
    assert me(g).discard == [] and g.state.trash == []


def test_expand_cannot_trash_itself():
    g = pos(hand=["Expand", "Estate", "Copper"])
    play(g, "Expand")
    d = pending_is(g, 0, "expand.trash")
    assert "Expand" not in d.options


# ======================================================================
# Monument, Worker's Village, Magnate, Bank


def test_monument():
    g = pos(hand=["Monument"])
    events = play(g, "Monument")
    assert t(g).coins == 2 and me(g).vp_tokens == 1
    assert of_type(events, "vp")


def test_vp_tokens_count_in_score():
    g = pos(hand=[])
    before = g.score(0)
    me(g).vp_tokens = 7
    assert g.score(0) == before + 7


def test_workers_village():
    g = pos(hand=["Worker's Village"], deck=["Gold"])
    play(g, "Worker's Village")
    assert me(g).hand == ["Gold"]
    assert (t(g).actions, t(g).buys) == (2, 2)


def test_magnate_draws_per_treasure():
    g = pos(hand=["Magnate", "Copper", "Silver", "Estate", "Harem"], deck=["Gold"] * 5,
            kingdom=K2 + ["Harem"])
    events = play(g, "Magnate")
    assert len(me(g).hand) == 4 + 3
    assert of_type(events, "reveal")


def test_bank_counts_treasures_in_play_including_itself():
    g = pos(hand=["Bank", "Copper", "Silver"], phase=BUY_PHASE)
    play(g, "Copper")
    play(g, "Silver")
    play(g, "Bank")
    assert t(g).coins == 6


def test_bank_value_fixed_when_played():
    g = pos(hand=["Bank", "Bank", "Copper"], phase=BUY_PHASE)
    play(g, "Bank")
    assert t(g).coins == 1
    play(g, "Bank")
    assert t(g).coins == 3
    play(g, "Copper")
    assert t(g).coins == 4


def test_play_all_treasures_plays_bank_last():
    g = pos(hand=["Bank", "Copper", "Harem"], phase=BUY_PHASE)
    g.apply(0, {"type": "play_treasures"})
    assert t(g).coins == 1 + 2 + 3


# ======================================================================
# Mountebank (1E)


def test_mountebank_discard_curse_or_gain_curse_and_copper():
    g = pos(hand=["Mountebank"], players=3,
            others={1: {"hand": ["Curse", "Copper"]}, 2: {"hand": ["Copper"]}})
    play(g, "Mountebank")
    ans(g, "mountebank.discard_curse", "yes", seat=1)
    no_pending(g)
    assert t(g).coins == 2
    assert me(g, 1).discard == ["Curse"] and me(g, 1).hand == ["Copper"]
    assert sorted(me(g, 2).discard) == ["Copper", "Curse"]


def test_mountebank_may_keep_curse():
    g = pos(hand=["Mountebank"], others={1: {"hand": ["Curse"]}})
    play(g, "Mountebank")
    ans(g, "mountebank.discard_curse", "no", seat=1)
    assert me(g, 1).hand == ["Curse"]
    assert sorted(me(g, 1).discard) == ["Copper", "Curse"]


def test_mountebank_empty_curse_pile_still_copper():
    g = pos(hand=["Mountebank"], supply={"Curse": 0})
    play(g, "Mountebank")
    assert me(g, 1).discard == ["Copper"]


def test_mountebank_moat_blocks_whole_attack():
    g = pos(hand=["Mountebank"], others={1: {"hand": ["Moat", "Curse"]}})
    play(g, "Mountebank")
    ans(g, "reaction.reveal", ["Moat"], seat=1)
    no_pending(g)
    assert sorted(me(g, 1).hand) == ["Curse", "Moat"]
    assert me(g, 1).discard == []


# ======================================================================
# Property-style: random legal play with every Prosperity card and Colony


def _all_cards(g) -> Counter:
    st = g.state
    c = Counter(st.trash)
    for name, n in st.supply.items():
        c[name] += n
    for p in st.players:
        c.update(p.hand)
        c.update(p.deck)
        c.update(p.discard)
        c.update(p.in_play)
        c.update(p.set_aside)
    return c


def _random_command(rng: random.Random, legal: list[dict]) -> dict:
    buys = [c for c in legal if c["type"] == "buy"]
    plays = [c for c in legal if c["type"] in ("play", "play_treasures")]
    r = rng.random()
    if plays and r < 0.6:
        return rng.choice(plays)
    if buys and r < 0.85:
        return rng.choice(buys)
    return rng.choice(legal)


def _check_views(g) -> None:
    st = g.state
    pending = g.pending
    for viewer in [None] + list(range(len(st.players))):
        v = g.view(viewer)
        text = json.dumps(v)
        assert '"deck":' not in text
        for entry in v["players"]:
            if entry["seat"] != viewer:
                assert "hand" not in entry, (viewer, entry)
        if pending is None or pending.seat != viewer:
            assert v["decision"] is None
        if pending is not None and pending.seat != viewer and not PROMPTS[pending.prompt].public:
            assert "prompt" not in v["waiting_for"], (viewer, pending)


def _check_events(g, events: list[dict]) -> None:
    """Private events (draws, hidden discards and topdecks) name no card to others."""
    for e in events:
        if e.get("private"):
            for viewer in [None] + [s for s in range(len(g.state.players)) if s != e.get("seat")]:
                if viewer is not None and viewer == e.get("receiver"):
                    continue
                assert "cards" not in render_event(e, viewer), e


def _random_game(seed: int, players: int, kingdom: list[str], edition: str, steps: int):
    from fuzz import random_answer

    rng = random.Random(seed)
    g = new_game(players, kingdom, seed=seed, colony=True, edition=edition)
    total = _all_cards(g)
    tokens = len(g.state.trade_route) + g.state.trade_route_mat
    assert tokens == 4  # Estate, Duchy, Province, Colony
    vp = [0] * players
    for step in range(steps):
        if g.state.game_over:
            break
        d = g.pending
        if d is not None:
            events = g.apply(d.seat, {"type": "answer", "answer": random_answer(rng, d)})
        else:
            seat = g.awaiting()[0]
            events = g.apply(seat, _random_command(rng, g.legal_commands(seat)))
        _check_events(g, events)
        where = f"seed {seed} step {step}"
        now = _all_cards(g)
        assert now == total, (where, now - total, total - now)
        assert len(g.state.trade_route) + g.state.trade_route_mat == tokens, where
        for s, p in enumerate(g.state.players):
            assert p.vp_tokens >= vp[s], where
            vp[s] = p.vp_tokens
        _check_views(g)
        _check_rules(g)
    return g


def _check_rules(g) -> None:
    """Prosperity rules that must hold in any position."""
    st = g.state
    if st.game_over:
        return
    turn = st.turn
    seat = turn.seat
    in_play = st.players[seat].in_play
    if g.pending is None:
        buys = legal_buys(g, seat)
        if "Copper" in in_play:
            assert "Grand Market" not in buys
        assert not buys & set(turn.names.get("contraband", []))
        for name in buys:
            assert g.buy_cost(name) <= turn.coins
    if "Peddler" in st.supply and not turn.effects and not any(
            CARDS[c].name == "Quarry" for c in in_play):
        if turn.phase == BUY_PHASE:
            actions = sum(1 for c in in_play if CARDS[c].is_action)
            assert g.cost("Peddler") == max(0, 8 - 2 * actions)
        else:
            assert g.cost("Peddler") == 8
    assert turn.coins >= 0 and turn.buys >= 0 and turn.actions >= 0


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_every_prosperity_card(players):
    edition = "1" if players % 2 else "2"
    _random_game(1000 + players, players, list(PROSPERITY), edition, steps=700)


@pytest.mark.parametrize("seed", range(20))
def test_random_games_random_prosperity_kingdoms(seed):
    rng = random.Random(seed)
    kingdom = ["Trade Route"] + rng.sample([c for c in PROSPERITY if c != "Trade Route"], 9)
    _random_game(seed, rng.randint(2, 6), kingdom, rng.choice(["1", "2"]), steps=500)


# ======================================================================
# Second round: cross-card rulings where implementations often slip


@pytest.mark.parametrize("edition,golds", [("1", 1), ("2", 2)])
def test_hoard_played_twice_by_tiara_1e_one_card_2e_two_effects(edition, golds):
    """1E: "while this is in play" (one card); 2E: each play sets up "this turn"."""
    g = pos(hand=["Tiara", "Hoard"], phase=BUY_PHASE, coins=0, kingdom=K2, edition=edition)
    play(g, "Tiara")
    ans(g, "tiara.play", ["Hoard"])
    assert t(g).coins == 4
    buy(g, "Estate")
    while g.pending is not None:
        ans(g, "tiara.topdeck", "no")
    assert me(g).discard.count("Gold") == golds


@pytest.mark.parametrize("edition,cost", [("1", 5), ("2", 3)])
def test_quarry_played_twice_by_tiara(edition, cost):
    g = pos(hand=["Tiara", "Quarry"], phase=BUY_PHASE, kingdom=K2, edition=edition)
    play(g, "Tiara")
    ans(g, "tiara.play", ["Quarry"])
    assert t(g).coins == 2
    assert g.cost("King's Court") == cost


def test_talisman_played_twice_by_tiara_is_one_card_in_play():
    g = pos(hand=["Tiara", "Talisman"], phase=BUY_PHASE, coins=1, kingdom=K2 + ["Talisman"])
    play(g, "Tiara")
    ans(g, "tiara.play", ["Talisman"])
    assert t(g).coins == 3
    buy(g, "Silver")
    while g.pending is not None:
        ans(g, "tiara.topdeck", "no")
    assert me(g).discard.count("Silver") == 2


def test_bank_played_twice_by_tiara_counts_each_time():
    g = pos(hand=["Tiara", "Bank"], in_play=["Copper"], phase=BUY_PHASE, kingdom=K2)
    play(g, "Tiara")
    ans(g, "tiara.play", ["Bank"])
    assert t(g).coins == 3 + 3  # Copper, Tiara, Bank in play


def test_contraband_played_twice_by_tiara_two_names_two_buys():
    g = pos(hand=["Tiara", "Contraband"], phase=BUY_PHASE, kingdom=K2 + ["Contraband"])
    play(g, "Tiara")
    ans(g, "tiara.play", ["Contraband"])
    ans(g, "contraband.name", "Gold", seat=1)
    ans(g, "contraband.name", "Silver", seat=1)
    assert (t(g).coins, t(g).buys) == (6, 4)
    assert buy_error(g, "Gold") == "buy_forbidden"
    assert buy_error(g, "Silver") == "buy_forbidden"


def test_contraband_names_before_other_treasures_in_play_all():
    g = pos(hand=["Gold", "Contraband", "Silver"], phase=BUY_PHASE)
    g.apply(0, {"type": "play_treasures"})
    pending_is(g, 1, "contraband.name")
    assert me(g).in_play == ["Contraband"]
    ans(g, "contraband.name", "Duchy")
    assert t(g).coins == 8


def test_contraband_left_of_last_seat_is_seat_zero():
    g = pos(hand=[], players=3,
            others={2: {"hand": ["Contraband"]}})
    g.state.turn = Turn(seat=2, phase=BUY_PHASE)
    g.apply(2, {"type": "play", "card": "Contraband"})
    pending_is(g, 0, "contraband.name")


def test_peddler_gained_in_buy_phase_by_war_chest_uses_reduced_cost():
    g = pos(hand=["War Chest"], in_play=["Village", "Village"], phase=BUY_PHASE, kingdom=K2)
    play(g, "War Chest")
    ans(g, "war_chest.name", "Gold", seat=1)
    d = pending_is(g, 0, "war_chest.gain")
    assert "Peddler" in d.options  # $4 during the Buy phase


def test_war_chest_everything_named_or_too_dear_gains_nothing():
    g = pos(hand=["War Chest"], phase=BUY_PHASE, kingdom=["War Chest", "Bank", "King's Court"],
            supply={"Copper": 0, "Silver": 0, "Curse": 0, "Estate": 0, "Duchy": 0})
    play(g, "War Chest")
    ans(g, "war_chest.name", "War Chest", seat=1)
    no_pending(g)
    assert me(g).discard == []


def test_crystal_ball_shuffles_when_deck_empty():
    g = pos(hand=["Crystal Ball"], deck=[], discard=["Gold"], phase=BUY_PHASE, kingdom=K2)
    play(g, "Crystal Ball")
    d = pending_is(g, 0, "crystal_ball.choose")
    assert d.args.get("looked") == "Gold"
    ans(g, "crystal_ball.choose", "keep")
    assert deck_top(g) == ["Gold"]


def test_crystal_ball_nothing_to_look_at():
    g = pos(hand=["Crystal Ball"], phase=BUY_PHASE, kingdom=K2)
    play(g, "Crystal Ball")
    no_pending(g)
    assert t(g).coins == 1


def test_crystal_ball_played_action_uses_no_action_and_attack_hits():
    g = pos(hand=["Crystal Ball"], deck=["Clerk"], phase=BUY_PHASE, actions=0, kingdom=K2,
            others={1: {"hand": ["Copper", "Silver", "Gold", "Estate", "Duchy"]}})
    play(g, "Crystal Ball")
    ans(g, "crystal_ball.choose", "play")
    ans(g, "clerk.topdeck", ["Duchy"], seat=1)
    assert t(g).coins == 3
    assert "Clerk" in me(g).in_play


def test_clerk_moat_blocks_start_of_turn_attack():
    g = pos(hand=["Moat", "Copper", "Copper", "Copper", "Estate"], deck=[], phase=BUY_PHASE,
            kingdom=K2, others={1: {"hand": ["Clerk"], "deck": ["Silver"] * 5}})
    me(g).hand, me(g).deck = [], ["Moat", "Copper", "Copper", "Copper", "Estate"]
    end_phase(g)
    ans(g, "turn_start.play", ["Clerk"], seat=1)
    ans(g, "reaction.reveal", ["Moat"], seat=0)
    no_pending(g)
    assert len(me(g, 0).hand) == 5
    assert t(g).coins == 2


def test_clerk_under_kings_court_attacks_three_times():
    g = pos(hand=["King's Court", "Clerk"], kingdom=K2,
            others={1: {"hand": ["Copper", "Silver", "Gold", "Estate", "Duchy", "Curse"]}})
    kc(g, "Clerk")
    ans(g, "clerk.topdeck", ["Curse"], seat=1)
    ans(g, "clerk.topdeck", ["Duchy"], seat=1)
    no_pending(g)  # 4 cards left: the third attack does nothing
    assert t(g).coins == 6
    assert deck_top(g, 1) == ["Duchy", "Curse"]


def test_courtier_clerk_has_three_types():
    g = pos(hand=["Courtier", "Clerk"], kingdom=K2 + ["Courtier"])
    play(g, "Courtier")
    d = pending_is(g, 0, "courtier.choose")
    assert (d.min, d.max) == (3, 3)


def test_charlatan_curse_found_by_venture_and_played():
    g = pos(hand=["Venture"], deck=["Estate", "Curse", "Gold"], phase=BUY_PHASE,
            kingdom=KC + ["Venture"])
    play(g, "Venture")
    assert t(g).coins == 2
    assert sorted(me(g).in_play) == ["Curse", "Venture"]
    assert deck_top(g) == ["Gold"]


def test_charlatan_curse_can_be_trashed_by_loan():
    g = pos(hand=["Loan"], deck=["Curse", "Gold"], phase=BUY_PHASE, kingdom=KC + ["Loan"])
    play(g, "Loan")
    d = pending_is(g, 0, "loan.choose")
    assert d.args.get("revealed") == "Curse"
    ans(g, "loan.choose", "trash")
    assert g.state.trash == ["Curse"]


def test_charlatan_curse_discarded_by_rabble():
    g = pos(hand=["Rabble"], deck=["Copper"] * 3, kingdom=KC + ["Rabble"],
            others={1: {"deck": ["Curse", "Estate"]}})
    play(g, "Rabble")
    assert me(g, 1).discard == ["Curse"]
    assert deck_top(g, 1) == ["Estate"]


def test_charlatan_curse_copied_by_mint_and_counted_by_investment():
    g = pos(hand=["Mint", "Curse"], kingdom=KC + ["Investment"])
    play(g, "Mint")
    ans(g, "mint.reveal", ["Curse"])
    assert me(g).discard == ["Curse"]
    g = pos(hand=["Investment", "Estate", "Curse", "Copper"], phase=BUY_PHASE,
            kingdom=KC + ["Investment"])
    play(g, "Investment")
    ans(g, "investment.trash", ["Estate"])
    ans(g, "investment.choose", "vp")
    assert me(g).vp_tokens == 2


def test_charlatan_curse_does_not_block_grand_market():
    g = pos(hand=["Curse", "Gold", "Gold"], phase=BUY_PHASE, kingdom=KC)
    g.apply(0, {"type": "play_treasures"})
    buy(g, "Grand Market")


def test_charlatan_moat_blocks():
    g = pos(hand=["Charlatan"], kingdom=KC, others={1: {"hand": ["Moat"]}})
    play(g, "Charlatan")
    ans(g, "reaction.reveal", ["Moat"], seat=1)
    assert me(g, 1).discard == []


@pytest.mark.parametrize("edition", ["1", "2"])
def test_grand_market_coppers_trashed_by_mint_any_edition(edition):
    g = pos(hand=["Copper", "Gold", "Gold", "Gold"], phase=BUY_PHASE, buys=2, edition=edition)
    g.apply(0, {"type": "play_treasures"})
    assert buy_error(g, "Grand Market") == "buy_forbidden"
    buy(g, "Mint")
    assert t(g).coins == 5
    g.state.turn.coins = 6
    buy(g, "Grand Market")


def test_bishop_trashes_peddler_at_8_in_action_phase():
    g = pos(hand=["Village", "Bishop", "Peddler"], deck=["Copper"])
    play(g, "Village")
    play(g, "Bishop")
    ans(g, "bishop.trash", ["Peddler"])
    assert me(g).vp_tokens == 1 + 4


def test_forge_peddler_and_copper_make_8():
    g = pos(hand=["Forge", "Peddler", "Copper"])
    play(g, "Forge")
    ans(g, "forge.trash", ["Peddler", "Copper"])
    d = pending_is(g, 0, "forge.gain")
    assert "Province" in d.options and d.args.get("cost") == 8


def test_expand_peddler_reaches_colony():
    g = pos(hand=["Expand", "Peddler"], colony=True)
    play(g, "Expand")
    d = pending_is(g, 0, "expand.gain")
    assert d.args.get("max_cost") == 11 and "Colony" in d.options


def test_counting_house_no_copper_no_prompt():
    g = pos(hand=["Counting House"], discard=["Estate", "Silver"])
    play(g, "Counting House")
    no_pending(g)
    assert me(g).hand == []


def test_counting_house_coppers_are_revealed_publicly():
    g = pos(hand=["Counting House"], discard=["Copper", "Estate"])
    from dominion.views import render_event

    events = play(g, "Counting House")
    events += ans(g, "counting_house.take", ["Copper"])
    assert me(g).hand == ["Copper"]
    seen = [render_event(e, 1) for e in events]
    assert any(e["type"] == "reveal" and e.get("cards") == ["Copper"] for e in seen)
    assert not any("Estate" in e.get("cards", []) for e in seen)


def test_vault_other_with_two_cards_discards_both_draws_one():
    g = pos(hand=["Vault"], deck=["Copper", "Copper"],
            others={1: {"hand": ["Estate", "Estate"], "deck": ["Gold"]}})
    play(g, "Vault")
    ans(g, "vault.discard", [])
    ans(g, "vault.offer", "yes", seat=1)
    assert me(g, 1).hand == ["Gold"]
    assert me(g, 1).discard == ["Estate", "Estate"]


def test_goons_victims_in_turn_order_and_moat():
    g = pos(hand=["Goons"], players=3,
            others={1: {"hand": ["Moat", "Copper", "Silver", "Gold", "Estate"]},
                    2: {"hand": ["Copper", "Silver", "Gold", "Estate"]}})
    play(g, "Goons")
    ans(g, "reaction.reveal", ["Moat"], seat=1)
    d = pending_is(g, 2, "goons.discard")
    assert (d.min, d.max) == (1, 1)
    ans(g, "goons.discard", ["Estate"])
    assert len(me(g, 1).hand) == 5 and len(me(g, 2).hand) == 3


def test_royal_seal_each_hoard_gold_asked_separately():
    g = pos(hand=["Royal Seal", "Hoard"], phase=BUY_PHASE, deck=["Copper"], edition="1")
    g.apply(0, {"type": "play_treasures"})
    buy(g, "Estate")
    asked = []
    while g.pending is not None:
        d = pending_is(g, 0, "royal_seal.topdeck")
        asked.append(d.args.get("gained"))
        ans(g, "royal_seal.topdeck", "yes" if d.args.get("gained") == "Gold" else "no")
    assert sorted(asked) == ["Estate", "Gold"]
    assert deck_top(g)[0] == "Gold"


def test_kings_court_city_checks_piles_each_play():
    g = pos(hand=["King's Court", "City"], deck=["Copper"] * 8, supply={"Village": 0, "Smithy": 0})
    kc(g, "City")
    assert len(me(g).hand) == 6
    assert (t(g).actions, t(g).buys, t(g).coins) == (6, 4, 3)


def test_kings_court_bishop_trashes_three_times():
    g = pos(hand=["King's Court", "Bishop", "Gold", "Estate", "Copper"])
    kc(g, "Bishop")
    ans(g, "bishop.trash", ["Gold"])
    ans(g, "bishop.trash", ["Estate"])
    no_pending(g)  # only Copper left: forced
    assert me(g).vp_tokens == 3 + 3 + 1 + 0
    assert t(g).coins == 3


def test_watchtower_not_revealed_for_another_players_gain():
    g = pos(hand=["Watchtower"], others={1: {"hand": []}}, phase=BUY_PHASE)
    g.state.turn = Turn(seat=1, phase=BUY_PHASE, coins=3)
    g.apply(1, {"type": "buy", "card": "Silver"})
    no_pending(g)


def test_five_players_four_piles_end_with_colony_game():
    g = pos(players=5, phase=BUY_PHASE, colony=True, deck=["Copper"] * 5,
            supply={"Village": 0, "Smithy": 0, "Moat": 0})
    end_phase(g)
    assert not g.state.game_over
    g.state.supply["Witch"] = 0
    g.state.turn = Turn(seat=0, phase=BUY_PHASE)
    end_phase(g, seat=0)
    assert g.state.game_over and g.state.end_reason == "piles"


# ----------------------------------------------------------------------
# The prompts match the contract (kind and public flag)

CONTRACT_PROMPTS = {
    "bishop.trash": ("cards", False), "bishop.other_trash": ("cards", True),
    "clerk.topdeck": ("cards", False), "counting_house.take": ("cards", False),
    "expand.trash": ("cards", False), "expand.gain": ("supply", True),
    "forge.trash": ("cards", True), "forge.gain": ("supply", True),
    "goons.discard": ("cards", False), "kings_court.play": ("cards", False),
    "mountebank.discard_curse": ("option", False), "rabble.order": ("order", True),
    "trade_route.trash": ("cards", False), "vault.discard": ("cards", True),
    "vault.offer": ("option", True), "vault.other_discard": ("cards", False),
    "watchtower.reveal": ("option", False),
    "anvil.discard": ("cards", False), "anvil.gain": ("supply", True),
    "contraband.name": ("option", True), "crystal_ball.choose": ("option", True),
    "investment.trash": ("cards", False), "investment.choose": ("option", True),
    "loan.choose": ("option", True), "mint.reveal": ("cards", False),
    "royal_seal.topdeck": ("option", True), "tiara.topdeck": ("option", True),
    "tiara.play": ("cards", False), "war_chest.name": ("option", True),
    "war_chest.gain": ("supply", True),
}


@pytest.mark.parametrize("key", sorted(CONTRACT_PROMPTS))
def test_prompt_registered_as_in_contract(key):
    from dominion.prompts import PROMPTS

    kind, public = CONTRACT_PROMPTS[key]
    p = PROMPTS[key]
    assert (p.kind, p.public) == (kind, public)


# ======================================================================
# Third round


def test_peddler_counts_action_victory_cards_not_treasures():
    g = pos(in_play=["Great Hall", "Copper", "Quarry"], phase=BUY_PHASE, edition="2")
    assert g.cost("Peddler") == 6


def test_collection_counts_action_gained_by_war_chest():
    g = pos(hand=["Collection", "War Chest"], phase=BUY_PHASE, kingdom=K2)
    play(g, "Collection")
    play(g, "War Chest")
    ans(g, "war_chest.name", "Gold", seat=1)
    ans(g, "war_chest.gain", "Worker's Village")
    assert me(g).vp_tokens == 1


def test_collection_ignores_gains_before_it_was_played():
    g = pos(hand=["War Chest", "Collection"], phase=BUY_PHASE, kingdom=K2)
    play(g, "War Chest")
    ans(g, "war_chest.name", "Gold", seat=1)
    ans(g, "war_chest.gain", "Worker's Village")
    play(g, "Collection")
    assert me(g).vp_tokens == 0


def test_investment_with_empty_hand_still_chooses():
    g = pos(hand=["Investment"], phase=BUY_PHASE, kingdom=K2)
    play(g, "Investment")
    ans(g, "investment.choose", "vp")
    assert me(g).vp_tokens == 0
    assert g.state.trash == ["Investment"]


def test_anvil_gain_sees_quarry_reduction():
    g = pos(hand=["Quarry", "Anvil", "Copper"], phase=BUY_PHASE, kingdom=K2)
    play(g, "Quarry")
    play(g, "Anvil")
    ans(g, "anvil.discard", ["Copper"])
    d = pending_is(g, 0, "anvil.gain")
    assert "Grand Market" in d.options and "Gold" not in d.options


def test_loan_reveals_loan_as_the_treasure():
    g = pos(hand=["Loan"], deck=["Estate", "Loan", "Gold"], phase=BUY_PHASE)
    play(g, "Loan")
    d = pending_is(g, 0, "loan.choose")
    assert d.args.get("revealed") == "Loan"
    ans(g, "loan.choose", "trash")
    assert g.state.trash == ["Loan"]
    assert t(g).coins == 1
    assert deck_top(g) == ["Gold"]


def test_venture_finds_bank_which_counts_venture():
    g = pos(hand=["Venture"], in_play=["Copper"], deck=["Bank"], phase=BUY_PHASE, coins=1)
    play(g, "Venture")
    assert t(g).coins == 1 + 1 + 3


def test_venture_finds_contraband_naming_happens():
    g = pos(hand=["Venture"], deck=["Contraband"], phase=BUY_PHASE, coins=2)
    play(g, "Venture")
    ans(g, "contraband.name", "Gold", seat=1)
    assert (t(g).coins, t(g).buys) == (6, 2)
    assert buy_error(g, "Gold") == "buy_forbidden"


def test_tiara_plays_charlatan_curse_twice():
    g = pos(hand=["Tiara", "Curse"], phase=BUY_PHASE, kingdom=KC + ["Tiara"])
    play(g, "Tiara")
    ans(g, "tiara.play", ["Curse"])
    assert t(g).coins == 2


def test_kings_court_mint_three_copies():
    g = pos(hand=["King's Court", "Mint", "Silver"])
    kc(g, "Mint")
    for _ in range(3):
        if g.pending is not None:
            ans(g, "mint.reveal", ["Silver"])
    assert me(g).discard == ["Silver"] * 3
    assert me(g).hand == ["Silver"]


def test_kings_court_vault_others_offered_each_play():
    g = pos(hand=["King's Court", "Vault"], deck=["Copper"] * 6,
            others={1: {"hand": ["Estate", "Estate", "Estate", "Estate"], "deck": ["Gold"] * 3}})
    kc(g, "Vault")
    for _ in range(3):
        ans(g, "vault.discard", [])
        ans(g, "vault.offer", "yes", seat=1)
        if g.pending is not None and g.pending.prompt == "vault.other_discard":
            ans(g, "vault.other_discard", g.pending.options[:2])
    no_pending(g)
    assert len(me(g, 1).discard) == 6


def test_clerk_is_not_a_reaction_to_attacks():
    g = pos(hand=["Witch"], deck=["Copper"] * 2, kingdom=K2 + ["Witch"],
            others={1: {"hand": ["Clerk", "Copper"]}})
    play(g, "Witch")
    no_pending(g)
    assert me(g, 1).discard == ["Curse"]


def test_watchtower_is_not_a_reaction_to_attacks():
    g = pos(hand=["Witch"], deck=["Copper"] * 2, others={1: {"hand": ["Watchtower"]}})
    play(g, "Witch")
    d = pending_is(g, 1, "watchtower.reveal")  # to the Curse, not to the Attack
    assert d.args.get("gained") == "Curse"


def test_mint_reveal_is_public():
    from dominion.views import render_event

    g = pos(hand=["Mint", "Silver", "Copper"])
    events = play(g, "Mint")
    events += ans(g, "mint.reveal", ["Silver"])
    seen = [render_event(e, 1) for e in events]
    assert any(e["type"] == "reveal" and e.get("cards") == ["Silver"] for e in seen)


def test_magnate_and_investment_reveal_the_hand_publicly():
    from dominion.views import render_event

    g = pos(hand=["Magnate", "Copper", "Estate"], deck=["Gold"], kingdom=K2)
    seen = [render_event(e, 1) for e in play(g, "Magnate")]
    assert any(e["type"] == "reveal" and sorted(e.get("cards", [])) == ["Copper", "Estate"]
               for e in seen)
    g = pos(hand=["Investment", "Estate", "Copper", "Silver"], phase=BUY_PHASE, kingdom=K2)
    events = play(g, "Investment")
    events += ans(g, "investment.trash", ["Estate"])
    events += ans(g, "investment.choose", "vp")
    seen = [render_event(e, 1) for e in events]
    assert any(e["type"] == "reveal" and sorted(e.get("cards", [])) == ["Copper", "Silver"]
               for e in seen)


def test_clerk_topdeck_is_private():
    from dominion.views import render_event

    g = pos(hand=["Clerk"], kingdom=K2,
            others={1: {"hand": ["Copper", "Silver", "Gold", "Estate", "Duchy"]}})
    events = play(g, "Clerk")
    events += ans(g, "clerk.topdeck", ["Gold"])
    for viewer in (0, None):
        for e in events:
            r = render_event(e, viewer)
            if r["type"] == "topdeck":
                assert "cards" not in r


def test_crystal_ball_keep_is_private():
    from dominion.views import render_event

    g = pos(hand=["Crystal Ball"], deck=["Platinum"], phase=BUY_PHASE, kingdom=K2)
    events = play(g, "Crystal Ball")
    assert "Platinum" not in json.dumps(g.view(1))
    events += ans(g, "crystal_ball.choose", "keep")
    for e in events:
        r = render_event(e, 1)
        assert "Platinum" not in r.get("cards", []) and "Platinum" not in r["text"]
    assert "Platinum" not in json.dumps(g.view(1))


# Found by this audit: Loan's revealed cards and Crystal Ball's looked-at card
# were in no zone while the decision was open (views undercounted the cards).
@pytest.mark.parametrize("card,deck,prompt", [
    ("Loan", ["Estate", "Silver"], "loan.choose"),
    ("Crystal Ball", ["Silver"], "crystal_ball.choose"),
])
def test_cards_held_by_an_open_decision_stay_in_a_zone(card, deck, prompt):
    g = pos(hand=[card], deck=deck, phase=BUY_PHASE, kingdom=K1 + ["Crystal Ball"])
    before = _all_cards(g)
    play(g, card)
    pending_is(g, 0, prompt)
    assert _all_cards(g) == before


def test_rabble_cards_held_while_victim_orders_them_stay_in_a_zone():
    g = pos(hand=["Rabble"], deck=["Copper"] * 3,
            others={1: {"deck": ["Estate", "Duchy", "Silver"]}})
    before = _all_cards(g)
    play(g, "Rabble")
    pending_is(g, 1, "rabble.order")
    assert _all_cards(g) == before
    assert sorted(g.view(0)["players"][1]["set_aside"]) == ["Duchy", "Estate"]


# ======================================================================
# Fourth round: whose cards, which phase


def test_buying_peddler_straight_from_action_phase_pays_buy_phase_cost():
    """A buy command ends the Action phase: Peddler is bought in the Buy phase."""
    g = pos(hand=["Village", "Village"], deck=["Copper"] * 2, coins=4)
    play(g, "Village")
    play(g, "Village")
    assert {"type": "buy", "card": "Peddler"} in g.legal_commands(0)
    buy(g, "Peddler")
    assert t(g).coins == 0
    assert "Peddler" in me(g).discard


def test_mint_2e_gained_by_another_player_trashes_only_their_treasures():
    g = pos(hand=["Swindler"], in_play=["Copper"], kingdom=K1 + ["Swindler"],
            others={1: {"deck": ["Duchy"]}})
    play(g, "Swindler")
    ans(g, "swindler.gain", "Mint")
    assert me(g, 1).discard == ["Mint"]
    assert sorted(me(g).in_play) == ["Copper", "Swindler"]
    assert g.state.trash == ["Duchy"]


def test_hoard_collection_tiara_only_for_the_turns_player():
    g = pos(hand=["Swindler"], kingdom=K2 + ["Swindler"],
            others={1: {"deck": ["Duchy"]}})
    g.state.turn.effects.update({"collection": 1, "hoard": 1, "tiara": 1})
    play(g, "Swindler")
    ans(g, "swindler.gain", "Mint")
    no_pending(g)  # no tiara.topdeck for the victim's gain
    assert me(g, 1).vp_tokens == 0 and me(g).vp_tokens == 0


def test_swindler_victim_gains_peddler_at_8_in_action_phase():
    g = pos(hand=["Swindler"], in_play=["Village", "Village"], kingdom=K1 + ["Swindler"],
            others={1: {"deck": ["Province"]}})
    play(g, "Swindler")
    d = pending_is(g, 0, "swindler.gain")
    assert "Peddler" in d.options and "Province" in d.options


def test_goons_played_by_crystal_ball_in_buy_phase_gives_vp():
    g = pos(hand=["Crystal Ball"], deck=["Goons"], phase=BUY_PHASE, coins=2,
            kingdom=K2 + ["Goons"])
    play(g, "Crystal Ball")
    ans(g, "crystal_ball.choose", "play")
    assert (t(g).buys, t(g).coins) == (2, 5)
    buy(g, "Silver")
    assert me(g).vp_tokens == 1


def test_kings_court_watchtower_draws_to_six_three_times():
    g = pos(hand=["King's Court", "Watchtower", "Copper"], deck=["Silver"] * 10)
    kc(g, "Watchtower")
    assert len(me(g).hand) == 6
    assert len(me(g).deck) == 5


# ======================================================================
# Rulings of other cards that name Prosperity cards


def test_poacher_counts_empty_colony_pile():
    g = pos(hand=["Poacher", "Estate", "Copper"], deck=["Silver"], colony=True,
            kingdom=K1 + ["Poacher"], supply={"Colony": 0})
    play(g, "Poacher")
    pending_is(g, 0, "poacher.discard")


def test_throne_room_and_target_are_two_action_cards_for_peddler():
    g = pos(hand=["Throne Room", "Village"], deck=["Copper"] * 2)
    play(g, "Throne Room")
    ans(g, "throne_room.play", ["Village"])
    end_phase(g)
    assert g.cost("Peddler") == 4


def test_workshop_sees_quarry_1e_reduction():
    g = pos(hand=["Workshop"], in_play=["Quarry"], edition="1")
    play(g, "Workshop")
    d = pending_is(g, 0, "workshop.gain")
    assert "Grand Market" in d.options


def test_conspirator_counts_kings_court_plays():
    g = pos(hand=["King's Court", "Conspirator"], deck=["Copper"] * 3,
            kingdom=K1 + ["Conspirator"])
    kc(g, "Conspirator")
    assert t(g).coins == 6
    assert t(g).actions == 2
    assert len(me(g).hand) == 2


def test_venture_plays_harem_as_a_treasure():
    g = pos(hand=["Venture"], deck=["Estate", "Harem"], phase=BUY_PHASE)
    play(g, "Venture")
    assert t(g).coins == 3
    assert sorted(me(g).in_play) == ["Harem", "Venture"]


def test_upgrade_peddler_costs_8_in_action_phase():
    g = pos(hand=["Upgrade", "Peddler"], deck=["Estate"], colony=True)
    play(g, "Upgrade")
    if g.pending.prompt == "upgrade.trash":
        ans(g, "upgrade.trash", ["Peddler"])
    d = pending_is(g, 0, "upgrade.gain")
    assert d.options == ["Platinum"]


def test_treasures_cannot_be_played_after_buying_contraband_included():
    g = pos(hand=["Contraband", "Gold"], phase=BUY_PHASE, coins=2)
    play(g, "Gold")
    buy(g, "Silver")
    with pytest.raises(IllegalCommand) as err:
        play(g, "Contraband")
    assert err.value.code == "treasure_after_buy"


def test_talisman_no_copy_when_pile_ran_out():
    g = pos(hand=["Talisman"], phase=BUY_PHASE, coins=2, supply={"Silver": 1})
    play(g, "Talisman")
    buy(g, "Silver")
    assert me(g).discard == ["Silver"] and g.state.supply["Silver"] == 0


@pytest.mark.parametrize("edition", ["1", "2"])
def test_two_hoards_one_gold_left(edition):
    g = pos(hand=["Hoard", "Hoard"], phase=BUY_PHASE, edition=edition, supply={"Gold": 1})
    g.apply(0, {"type": "play_treasures"})
    buy(g, "Estate")
    assert me(g).discard.count("Gold") == 1 and g.state.supply["Gold"] == 0


def test_kings_court_charlatan_three_curses():
    g = pos(hand=["King's Court", "Charlatan"], kingdom=KC + ["King's Court"])
    kc(g, "Charlatan")
    assert me(g, 1).discard == ["Curse"] * 3 and t(g).coins == 9


def test_bishop_colony_gives_5_more():
    g = pos(hand=["Bishop", "Colony"], colony=True)
    play(g, "Bishop")
    assert me(g).vp_tokens == 6


# ======================================================================
# "Play all Treasures" with Treasures that have abilities


def play_all(g):
    return g.apply(0, {"type": "play_treasures"})


def test_play_all_venture():
    g = pos(hand=["Venture", "Copper"], deck=["Estate", "Silver", "Gold"], phase=BUY_PHASE)
    play_all(g)
    assert t(g).coins == 1 + 1 + 2
    assert sorted(me(g).in_play) == ["Copper", "Silver", "Venture"]
    assert me(g).hand == [] and me(g).discard == ["Estate"]


def test_play_all_loan_waits_for_choice():
    g = pos(hand=["Loan", "Copper"], deck=["Estate", "Silver"], phase=BUY_PHASE)
    play_all(g)
    ans(g, "loan.choose", "trash")
    assert t(g).coins == 2
    assert sorted(me(g).in_play) == ["Copper", "Loan"]
    assert g.state.trash == ["Silver"]


def test_play_all_two_banks_last():
    g = pos(hand=["Bank", "Copper", "Bank"], phase=BUY_PHASE)
    play_all(g)
    assert t(g).coins == 1 + 2 + 3


def test_play_all_contraband_then_rest():
    g = pos(hand=["Bank", "Contraband", "Gold"], phase=BUY_PHASE)
    play_all(g)
    ans(g, "contraband.name", "Province", seat=1)
    assert t(g).coins == 3 + 3 + 3
    assert t(g).buys == 2


def test_play_all_tiara_doubles_one_and_batch_plays_the_rest_once():
    g = pos(hand=["Tiara", "Gold", "Silver"], phase=BUY_PHASE, kingdom=K2)
    play_all(g)
    ans(g, "tiara.play", ["Gold"])
    no_pending(g)
    assert t(g).coins == 3 + 3 + 2
    assert sorted(me(g).in_play) == ["Gold", "Silver", "Tiara"]
    assert me(g).hand == []


def test_play_all_anvil_then_rest():
    g = pos(hand=["Anvil", "Copper", "Silver"], phase=BUY_PHASE, kingdom=K2)
    play_all(g)
    ans(g, "anvil.discard", ["Copper"])
    ans(g, "anvil.gain", "Silver")
    no_pending(g)
    assert t(g).coins == 1 + 2
    assert sorted(me(g).in_play) == ["Anvil", "Silver"]
    assert sorted(me(g).discard) == ["Copper", "Silver"]


def test_play_all_investment_may_trash_an_unplayed_treasure():
    g = pos(hand=["Investment", "Copper", "Estate"], phase=BUY_PHASE, kingdom=K2)
    play_all(g)
    d = pending_is(g, 0, "investment.trash")
    assert sorted(d.options) == ["Copper", "Estate"]
    ans(g, "investment.trash", ["Estate"])
    ans(g, "investment.choose", "coin")
    assert t(g).coins == 2
    assert sorted(me(g).in_play) == ["Copper", "Investment"]


def test_play_all_crystal_ball_plays_looked_treasure():
    g = pos(hand=["Crystal Ball", "Copper"], deck=["Gold"], phase=BUY_PHASE, kingdom=K2)
    play_all(g)
    ans(g, "crystal_ball.choose", "play")
    assert t(g).coins == 5
    assert sorted(me(g).in_play) == ["Copper", "Crystal Ball", "Gold"]


def test_play_all_war_chest_gain_and_royal_seal():
    g = pos(hand=["War Chest", "Royal Seal"], phase=BUY_PHASE, kingdom=K2 + ["Royal Seal"])
    play_all(g)
    ans(g, "war_chest.name", "Gold", seat=1)
    ans(g, "war_chest.gain", "Silver")
    ans(g, "royal_seal.topdeck", "yes")
    assert deck_top(g) == ["Silver"]
    assert t(g).coins == 2


def test_play_all_charlatan_curses():
    g = pos(hand=["Curse", "Bank", "Curse"], phase=BUY_PHASE, kingdom=KC)
    play_all(g)
    assert t(g).coins == 1 + 1 + 3


# ======================================================================
# Card data against cards.json

SPEC_DATA = {  # name: (cost, types, editions), copied from cards.json
    "Anvil": (3, ("Treasure",), ("2",)),
    "Bank": (7, ("Treasure",), ("1", "2")),
    "Bishop": (4, ("Action",), ("1", "2")),
    "Charlatan": (5, ("Action", "Attack"), ("2",)),
    "City": (5, ("Action",), ("1", "2")),
    "Clerk": (4, ("Action", "Reaction", "Attack"), ("2",)),
    "Collection": (5, ("Treasure",), ("2",)),
    "Colony": (11, ("Victory",), ("1", "2")),
    "Contraband": (5, ("Treasure",), ("1",)),
    "Counting House": (5, ("Action",), ("1",)),
    "Crystal Ball": (5, ("Treasure",), ("2",)),
    "Expand": (7, ("Action",), ("1", "2")),
    "Forge": (7, ("Action",), ("1", "2")),
    "Goons": (6, ("Action", "Attack"), ("1",)),
    "Grand Market": (6, ("Action",), ("1", "2")),
    "Hoard": (6, ("Treasure",), ("1", "2")),
    "Investment": (4, ("Treasure",), ("2",)),
    "King's Court": (7, ("Action",), ("1", "2")),
    "Loan": (3, ("Treasure",), ("1",)),
    "Magnate": (5, ("Action",), ("2",)),
    "Mint": (5, ("Action",), ("1", "2")),
    "Monument": (4, ("Action",), ("1", "2")),
    "Mountebank": (5, ("Action", "Attack"), ("1",)),
    "Peddler": (8, ("Action",), ("1", "2")),
    "Platinum": (9, ("Treasure",), ("1", "2")),
    "Quarry": (4, ("Treasure",), ("1", "2")),
    "Rabble": (5, ("Action", "Attack"), ("1", "2")),
    "Royal Seal": (5, ("Treasure",), ("1",)),
    "Talisman": (4, ("Treasure",), ("1",)),
    "Tiara": (4, ("Treasure",), ("2",)),
    "Trade Route": (3, ("Action",), ("1",)),
    "Vault": (5, ("Action",), ("1", "2")),
    "Venture": (5, ("Treasure",), ("1",)),
    "War Chest": (5, ("Treasure",), ("2",)),
    "Watchtower": (3, ("Action", "Reaction"), ("1", "2")),
    "Worker's Village": (4, ("Action",), ("1", "2")),
}


@pytest.mark.parametrize("name", sorted(SPEC_DATA))
def test_card_data_matches_cards_json(name):
    cost, types, editions = SPEC_DATA[name]
    card = CARDS[name]
    assert card.cost == cost
    assert set(card.types) == set(types)
    assert card.set == "prosperity"
    assert set(card.editions) == set(editions)
    if name in ("Platinum", "Colony"):
        assert card.basic
    else:
        assert not card.basic and card.pile_size(2) == 10 and card.pile_size(6) == 10


def test_all_34_prosperity_kingdom_cards_known():
    assert sorted(PROSPERITY) == sorted(
        n for n in SPEC_DATA if n not in ("Platinum", "Colony"))


def test_collection_played_twice_by_tiara_two_vp_per_action():
    g = pos(hand=["Tiara", "Collection"], phase=BUY_PHASE, coins=0, kingdom=K2)
    play(g, "Tiara")
    ans(g, "tiara.play", ["Collection"])
    assert (t(g).coins, t(g).buys) == (4, 4)
    buy(g, "Worker's Village")
    ans(g, "tiara.topdeck", "no")
    assert me(g).vp_tokens == 2


def test_royal_seal_played_twice_by_tiara_asks_once():
    g = pos(hand=["Tiara", "Royal Seal"], phase=BUY_PHASE, kingdom=K2 + ["Royal Seal"])
    play(g, "Tiara")
    ans(g, "tiara.play", ["Royal Seal"])
    buy(g, "Silver")
    prompts = []
    while g.pending is not None:
        prompts.append(g.pending.prompt)
        ans(g, g.pending.prompt, "no")
    assert prompts.count("royal_seal.topdeck") == 1
    assert me(g).discard == ["Silver"]


def test_goons_vp_for_each_buy_including_zero_cost():
    g = pos(in_play=["Goons"], phase=BUY_PHASE, buys=3)
    buy(g, "Copper")
    buy(g, "Curse")
    assert me(g).vp_tokens == 2


def test_watchtower_draws_what_it_can():
    g = pos(hand=["Watchtower"], deck=["Copper"], discard=["Silver"])
    play(g, "Watchtower")
    assert sorted(me(g).hand) == ["Copper", "Silver"]


def test_vault_discarding_nothing_gives_nothing():
    g = pos(hand=["Vault"], deck=["Copper", "Copper"])
    play(g, "Vault")
    ans(g, "vault.discard", [])
    assert t(g).coins == 0 and len(me(g).hand) == 2


def test_magnate_without_treasures_draws_nothing():
    g = pos(hand=["Magnate", "Estate"], deck=["Gold"], kingdom=K2)
    play(g, "Magnate")
    assert me(g).hand == ["Estate"]


def test_expand_charlatan_curse_up_to_3():
    g = pos(hand=["Expand", "Curse"], kingdom=KC + ["Expand"])
    play(g, "Expand")
    d = pending_is(g, 0, "expand.gain")
    assert d.args.get("max_cost") == 3 and "Silver" in d.options


def test_kings_court_trade_route_three_trashes():
    g = pos(hand=["King's Court", "Trade Route", "Estate", "Copper", "Curse"])
    g.state.trade_route_mat = 1
    kc(g, "Trade Route")
    ans(g, "trade_route.trash", ["Estate"])
    ans(g, "trade_route.trash", ["Curse"])
    no_pending(g)
    assert sorted(g.state.trash) == ["Copper", "Curse", "Estate"]
    assert (t(g).buys, t(g).coins) == (4, 3)


def test_mandatory_gains_and_trashes_have_min_one():
    g = pos(hand=["Expand", "Estate", "Copper"])
    play(g, "Expand")
    assert pending_is(g, 0, "expand.trash").min == 1
    ans(g, "expand.trash", ["Estate"])
    assert pending_is(g, 0, "expand.gain").min == 1
    g = pos(hand=["Forge", "Estate"])
    play(g, "Forge")
    ans(g, "forge.trash", ["Estate"])
    assert pending_is(g, 0, "forge.gain").min == 1
    g = pos(hand=["War Chest"], phase=BUY_PHASE, kingdom=K2)
    play(g, "War Chest")
    ans(g, "war_chest.name", "Gold", seat=1)
    assert pending_is(g, 0, "war_chest.gain").min == 1
    g = pos(hand=["Anvil", "Copper"], phase=BUY_PHASE, kingdom=K2)
    play(g, "Anvil")
    ans(g, "anvil.discard", ["Copper"])
    assert pending_is(g, 0, "anvil.gain").min == 1


def test_optional_choices_have_min_zero():
    g = pos(hand=["Mint", "Silver", "Copper"])
    play(g, "Mint")
    assert pending_is(g, 0, "mint.reveal").min == 0
    g = pos(hand=["Tiara", "Gold", "Silver"], phase=BUY_PHASE, kingdom=K2)
    play(g, "Tiara")
    assert pending_is(g, 0, "tiara.play").min == 0
    g = pos(hand=["Crystal Ball"], deck=["Gold"], phase=BUY_PHASE, kingdom=K2)
    play(g, "Crystal Ball")
    assert "keep" in pending_is(g, 0, "crystal_ball.choose").options


def test_goons_vp_even_if_watchtower_trashes_the_bought_card():
    g = pos(hand=["Watchtower"], in_play=["Goons"], phase=BUY_PHASE, coins=3)
    buy(g, "Silver")
    ans(g, "watchtower.reveal", "trash")
    assert me(g).vp_tokens == 1


def test_talisman_copy_even_if_watchtower_trashes_the_bought_card():
    g = pos(hand=["Talisman", "Watchtower"], phase=BUY_PHASE, coins=2)
    play(g, "Talisman")
    buy(g, "Silver")
    answers = iter(["trash", "no"])
    while g.pending is not None:
        ans(g, "watchtower.reveal", next(answers))
    assert g.state.trash == ["Silver"]
    assert me(g).discard == ["Silver"]


def test_city_counts_an_empty_colony_pile():
    g = pos(hand=["City"], deck=["Copper"] * 3, colony=True, supply={"Colony": 0})
    play(g, "City")
    assert len(me(g).hand) == 2


def test_war_chest_may_gain_a_card_named_for_contraband():
    g = pos(hand=["Contraband", "War Chest"], phase=BUY_PHASE, kingdom=K2 + ["Contraband"])
    play(g, "Contraband")
    ans(g, "contraband.name", "Silver", seat=1)
    play(g, "War Chest")
    ans(g, "war_chest.name", "Gold", seat=1)
    d = pending_is(g, 0, "war_chest.gain")
    assert "Silver" in d.options
    ans(g, "war_chest.gain", "Silver")
    assert me(g).discard == ["Silver"]


def test_mint_copies_a_treasure_victory_card():
    g = pos(hand=["Mint", "Harem"])
    play(g, "Mint")
    ans(g, "mint.reveal", ["Harem"])  # optional: asked even with one Treasure
    assert me(g).discard == ["Harem"]
    assert me(g).hand == ["Harem"]


# ----------------------------------------------------------------------
# Saved mid-decision, reloaded, finished the same


def test_round_trip_clerk_start_of_turn():
    from helpers import round_trip

    g = pos(hand=[], deck=["Copper", "Silver", "Gold", "Estate", "Duchy"], phase=BUY_PHASE,
            kingdom=K2, others={1: {"hand": ["Clerk", "Copper"], "deck": ["Silver"] * 5}})
    end_phase(g)
    round_trip(g, ["Clerk"], ["Gold"])
    assert deck_top(g, 0)[0] == "Gold"


def test_round_trip_watchtower_on_other_turn_and_loan():
    from helpers import round_trip

    g = pos(hand=["Mountebank"], others={1: {"hand": ["Watchtower"]}})
    play(g, "Mountebank")
    round_trip(g, "trash", "deck")
    assert len(g.state.trash) == 1 and len(me(g, 1).deck) == 1
    g = pos(hand=["Loan"], deck=["Estate", "Silver"], phase=BUY_PHASE)
    play(g, "Loan")
    round_trip(g, "trash")
    assert g.state.trash == ["Silver"] and me(g).set_aside == []
