"""General rules from ``/work/shared/reference/rules.md`` sections 1.2, 2, 3 and 4.

Supply sizes, starting decks, turn flow, shuffling, end of game, scoring and
tie-breaks, and every illegal-command code (each leaving the game unchanged).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Callable

import pytest
from helpers import DEFAULT_KINGDOM, answer, deck_top, play, position

from dominion import Answer, Game, IllegalCommand, InvalidSetup, new_game, supply_sizes
from dominion.setup import validate_kingdom
from dominion.state import ACTION_PHASE, BUY_PHASE, Turn

END = {"type": "end_phase"}
TREASURES = {"type": "play_treasures"}


def buy(card: str) -> dict[str, str]:
    return {"type": "buy", "card": card}


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


# ======================================================================
# 1.2 Supply sizes and starting decks

EXPECTED = {
    # players: (Copper, Silver, Gold, Estate/Duchy, Province, Curse, Victory kingdom)
    2: (46, 40, 30, 8, 8, 10, 8),
    3: (39, 40, 30, 12, 12, 20, 12),
    4: (32, 40, 30, 12, 12, 30, 12),
    5: (85, 80, 60, 12, 15, 40, 12),  # a second set of Treasures: 120 - 35
    6: (78, 80, 60, 12, 18, 50, 12),
}
KINGDOM_WITH_GARDENS = DEFAULT_KINGDOM[:9] + ["Gardens"]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_supply_sizes_by_player_count(players: int) -> None:
    copper, silver, gold, victory, province, curse, gardens = EXPECTED[players]
    g = new_game(players, KINGDOM_WITH_GARDENS, seed=3)
    s = g.state.supply
    assert (s["Copper"], s["Silver"], s["Gold"]) == (copper, silver, gold)
    assert (s["Estate"], s["Duchy"], s["Province"]) == (victory, victory, province)
    assert s["Curse"] == curse  # Curses are in every game, Witch or not
    assert s["Gardens"] == gardens
    for name in DEFAULT_KINGDOM[:9]:
        assert s[name] == 10
    # 7 basic piles + 10 kingdom piles, no Platinum/Colony by default.
    assert len(s) == 17
    assert "Platinum" not in s and "Colony" not in s


def test_set_up_memos_give_fresh_results_and_keep_every_check() -> None:
    # Sizes and valid kingdoms are remembered per kingdom: a caller's change to
    # one game's supply must not reach the next, and a bad kingdom must still fail.
    first = supply_sizes(2, DEFAULT_KINGDOM)
    first["Province"] = 0
    assert supply_sizes(2, DEFAULT_KINGDOM)["Province"] == 8
    assert new_game(2, DEFAULT_KINGDOM, seed=1).state.supply["Province"] == 8
    assert validate_kingdom(DEFAULT_KINGDOM) == validate_kingdom(DEFAULT_KINGDOM)
    bad = [DEFAULT_KINGDOM[:9] + [DEFAULT_KINGDOM[0]], DEFAULT_KINGDOM[:9] + ["Copper"],
           DEFAULT_KINGDOM[:9] + ["No Such Card"], DEFAULT_KINGDOM[:9] + [["Moat"]]]
    for kingdom in bad * 2:
        with pytest.raises(InvalidSetup):
            validate_kingdom(kingdom)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_supply_sizes_with_colony_option(players: int) -> None:
    g = new_game(players, DEFAULT_KINGDOM, seed=3, colony=True)
    s = g.state.supply
    assert s["Platinum"] == 12  # all 12 regardless of players
    assert s["Colony"] == (8 if players == 2 else 12)
    assert s["Province"] == EXPECTED[players][4]
    assert len(s) == 19


@pytest.mark.parametrize("players", [2, 4, 6])
def test_starting_decks_seven_copper_three_estate_five_in_hand(players: int) -> None:
    g = new_game(players, DEFAULT_KINGDOM, seed=11)
    for p in g.state.players:
        assert Counter(p.all_cards()) == Counter({"Copper": 7, "Estate": 3})
        assert len(p.hand) == 5 and len(p.deck) == 5
        assert p.discard == [] and p.in_play == [] and p.set_aside == []
    turn = g.state.turn
    assert (turn.phase, turn.actions, turn.buys, turn.coins) == (ACTION_PHASE, 1, 1, 0)
    assert [p.turns for p in g.state.players] == [
        1 if s == turn.seat else 0 for s in range(players)
    ]


def test_first_player_is_random_and_seed_deterministic() -> None:
    firsts = {new_game(4, DEFAULT_KINGDOM, seed=s).state.turn.seat for s in range(30)}
    assert len(firsts) > 1
    assert new_game(3, DEFAULT_KINGDOM, seed=5) == new_game(3, DEFAULT_KINGDOM, seed=5)
    hands = {tuple(new_game(2, DEFAULT_KINGDOM, seed=s).state.players[0].hand) for s in range(30)}
    assert len(hands) > 1  # starting decks are shuffled


# ======================================================================
# 2. Turn structure


def test_turn_flow_action_buy_cleanup_next_seat() -> None:
    g = position(
        hand=["Village", "Copper", "Copper", "Silver", "Estate"],
        deck=["Gold"] + ["Copper"] * 5,
        players=3,
    )
    play(g, "Village")
    assert g.turn.phase == ACTION_PHASE and g.turn.actions == 2
    g.apply(0, END)
    assert g.turn.phase == BUY_PHASE
    g.apply(0, TREASURES)
    assert g.turn.coins == 7  # 1 + 1 + 2 + Gold drawn by Village
    g.apply(0, buy("Gold"))
    assert g.state.players[0].discard == ["Gold"]  # bought cards go to discard
    assert (g.turn.coins, g.turn.buys) == (1, 0)
    g.apply(0, END)
    p = g.state.players[0]
    # Clean-up: everything in play and in hand is discarded, then draw 5.
    assert Counter(p.discard) == Counter(
        {"Gold": 2, "Village": 1, "Copper": 2, "Silver": 1, "Estate": 1}
    )
    assert p.hand == ["Copper"] * 5 and p.in_play == []
    # The next seat to the left starts with fresh counters.
    t = g.turn
    assert (t.seat, t.number, t.phase, t.actions, t.buys, t.coins, t.bought) == (
        1, 2, ACTION_PHASE, 1, 1, 0, False,
    )
    assert g.state.players[1].turns == 1


def test_the_next_turn_starts_every_counter_afresh() -> None:
    # end_turn resets the Turn in place; it must equal a new Turn, whatever
    # the old one held (a field added to Turn but not to next() fails here).
    t = Turn(seat=1, number=7, phase=BUY_PHASE, actions=0, buys=3, coins=5, bought=True,
             actions_played=4, silver_played=True, effects={"merchant": 2},
             names={"contraband": ["Gold"]})
    assert all(getattr(t, f) != getattr(Turn(), f) for f in Turn.__dataclass_fields__)
    effects = t.effects
    t.next(2)
    assert t == Turn(seat=2, number=8)
    assert effects == {"merchant": 2}  # a new dict: one handed out earlier is not changed


def test_playing_a_treasure_ends_the_action_phase() -> None:
    g = position(hand=["Copper", "Village"])
    play(g, "Copper")
    assert g.turn.phase == BUY_PHASE and g.turn.coins == 1
    with pytest.raises(IllegalCommand) as err:
        play(g, "Village")
    assert err.value.code == "wrong_phase"


def test_treasures_need_not_all_be_played_but_none_after_a_buy() -> None:
    g = position(hand=["Copper", "Silver", "Silver"], phase=BUY_PHASE)
    play(g, "Silver")
    g.apply(0, buy("Moat"))
    assert g.state.players[0].hand == ["Copper", "Silver"]
    for cmd in ({"type": "play", "card": "Copper"}, TREASURES):
        before = g.to_dict()
        with pytest.raises(IllegalCommand) as err:
            g.apply(0, cmd)
        assert err.value.code == "treasure_after_buy"
        assert g.to_dict() == before
    assert {"type": "play_treasures"} not in g.legal_commands(0)


def test_buying_a_zero_cost_card_uses_a_buy() -> None:
    g = position(phase=BUY_PHASE, buys=1, coins=0)
    g.apply(0, buy("Copper"))
    assert g.turn.buys == 0
    assert g.state.players[0].discard == ["Copper"]
    with pytest.raises(IllegalCommand) as err:
        g.apply(0, buy("Curse"))
    assert err.value.code == "no_buys"


def test_coins_split_over_several_buys() -> None:
    g = position(hand=["Gold", "Gold"], buys=3)
    g.apply(0, TREASURES)
    g.apply(0, buy("Silver"))
    g.apply(0, buy("Village"))
    assert (g.turn.coins, g.turn.buys) == (0, 1)
    with pytest.raises(IllegalCommand) as err:
        g.apply(0, buy("Moat"))
    assert err.value.code == "cannot_afford"
    g.apply(0, buy("Copper"))
    assert g.state.players[0].discard == ["Silver", "Village", "Copper"]


def test_buying_may_be_skipped_and_unused_actions_buys_coins_are_lost() -> None:
    g = position(hand=["Gold"], deck=["Copper"] * 5, actions=3, buys=2, coins=4)
    g.apply(0, END)
    g.apply(0, TREASURES)
    assert g.turn.coins == 7
    g.apply(0, END)  # no buy at all
    assert g.state.players[0].discard == ["Gold"]
    assert (g.turn.seat, g.turn.actions, g.turn.buys, g.turn.coins) == (1, 1, 1, 0)
    g.apply(1, END)
    g.apply(1, END)
    assert (g.turn.seat, g.turn.actions, g.turn.buys, g.turn.coins) == (0, 1, 1, 0)


# ======================================================================
# 3. Drawing and shuffling


def test_no_shuffle_while_the_deck_has_enough_cards() -> None:
    g = position(deck=["Gold", "Silver", "Copper", "Estate", "Duchy", "Province"],
                 discard=["Curse"])
    events = g.apply(0, END) + g.apply(0, END)
    assert "shuffle" not in types(events)
    p = g.state.players[0]
    assert Counter(p.hand) == Counter(["Gold", "Silver", "Copper", "Estate", "Duchy"])
    assert deck_top(g) == ["Province"]
    assert p.discard == ["Curse"]


def test_remaining_deck_cards_are_drawn_before_shuffling() -> None:
    g = position(
        hand=["Estate"],
        deck=["Gold", "Silver", "Province"],
        discard=["Copper"] * 12,  # a merged shuffle would rarely draw all three
    )
    events = g.apply(0, END) + g.apply(0, END)
    assert types(events).count("shuffle") == 1
    p = g.state.players[0]
    # Gold, Silver and Province come from the old deck; two more from the
    # shuffled discard pile, which includes the Estate discarded in Clean-up.
    assert {"Gold", "Silver", "Province"} <= set(p.hand)
    assert len(p.hand) == 5 and len(p.deck) == 11 and p.discard == []
    assert Counter(p.hand + p.deck) == Counter(
        ["Gold", "Silver", "Province", "Estate"] + ["Copper"] * 12
    )


def test_cleanup_discards_before_drawing_so_they_can_be_shuffled_in() -> None:
    g = position(hand=["Estate"], deck=["Gold", "Silver"])
    g.apply(0, END)
    g.apply(0, END)
    p = g.state.players[0]
    assert Counter(p.hand) == Counter(["Gold", "Silver", "Estate"])
    assert p.deck == [] and p.discard == []


def test_draw_as_many_as_possible_when_cards_run_out() -> None:
    g = position(hand=["Smithy"], deck=["Gold"], discard=[])
    play(g, "Smithy")
    assert g.state.players[0].hand == ["Gold"]


def test_card_put_onto_an_empty_deck_is_its_only_card_no_shuffle() -> None:
    g = position(hand=["Bureaucrat"], deck=[], discard=["Copper"] * 3,
                 kingdom=DEFAULT_KINGDOM[:9] + ["Bureaucrat"])
    events = play(g, "Bureaucrat")
    assert "shuffle" not in types(events)
    assert deck_top(g) == ["Silver"]
    assert g.state.players[0].discard == ["Copper"] * 3


# ======================================================================
# 4. End of game and scoring


def test_game_ends_at_end_of_turn_when_provinces_run_out() -> None:
    g = position(phase=BUY_PHASE, coins=10, buys=2, supply={"Province": 1})
    g.apply(0, buy("Province"))
    assert not g.state.game_over  # the turn goes on
    g.apply(0, buy("Estate"))
    assert not g.state.game_over
    g.apply(0, END)
    assert g.state.game_over and g.state.end_reason == "provinces"
    assert g.awaiting() == [] and g.legal_commands(0) == [] and g.legal_commands(1) == []
    assert g.result()["end_reason"] == "provinces"


@pytest.mark.parametrize("players,limit", [(2, 3), (3, 3), (4, 3), (5, 4), (6, 4)])
def test_game_ends_when_enough_supply_piles_are_empty(players: int, limit: int) -> None:
    # Curse and Copper count like any other pile.
    empties = ["Curse", "Copper", "Moat", "Cellar"][: limit - 1]
    g = position(players=players, phase=BUY_PHASE, coins=3,
                 supply={**{n: 0 for n in empties}, "Village": 2})
    g.apply(0, buy("Village"))  # one left: still limit - 1 empty piles
    g.apply(0, END)
    assert not g.state.game_over and g.turn.seat == 1
    g.state.turn.coins = 3  # the next player empties the pile
    g.apply(1, buy("Village"))
    assert not g.state.game_over  # only at the end of the turn
    g.apply(1, END)
    assert g.state.game_over and g.state.end_reason == "piles"


def test_five_players_three_empty_piles_do_not_end_the_game() -> None:
    g = position(players=5, supply={"Curse": 0, "Copper": 0, "Moat": 0})
    g.apply(0, END)
    g.apply(0, END)
    assert not g.state.game_over and g.turn.seat == 1


def test_empty_colony_pile_ends_the_game() -> None:
    g = new_game(2, DEFAULT_KINGDOM, seed=1, colony=True)
    seat = g.turn.seat
    g.state.supply["Colony"] = 0
    g.apply(seat, END)
    g.apply(seat, END)
    assert g.state.game_over and g.state.end_reason == "colonies"


def test_scoring_counts_every_zone_and_vp_tokens() -> None:
    g = position(
        hand=["Estate"], deck=["Duchy"], discard=["Province"], in_play=["Curse"],
    )
    p = g.state.players[0]
    p.set_aside = ["Estate"]
    assert g.score(0) == 1 + 3 + 6 - 1 + 1
    p.vp_tokens = 4
    assert g.score(0) == 14


@pytest.mark.parametrize("total,gardens,expected", [
    (19, 1, 1), (20, 1, 2), (29, 2, 4), (30, 2, 6), (9, 1, 0),
])
def test_gardens_one_vp_per_ten_cards_rounded_down(total: int, gardens: int, expected: int) -> None:
    rest = ["Copper"] * (total - gardens)
    # Spread the cards over every zone: all of them count.
    g = position(hand=["Gardens"] * gardens, deck=rest[:5], discard=rest[5:], kingdom=KINGDOM_WITH_GARDENS)
    assert len(g.state.players[0].all_cards()) == total
    assert g.score(0) == expected


def test_tie_broken_by_fewer_turns_else_shared() -> None:
    def finish(seat1_turns: int) -> dict[str, Any]:
        g = position(
            hand=["Gold", "Gold", "Silver"], phase=BUY_PHASE,
            others={1: {"discard": ["Province"]}}, supply={"Province": 1},
        )
        g.state.players[0].turns = 3
        g.state.players[1].turns = seat1_turns
        g.apply(0, TREASURES)
        g.apply(0, buy("Province"))
        g.apply(0, END)
        assert g.state.game_over
        return g.result()

    r = finish(2)  # seat 0 took one turn more
    assert r["scores"] == [6, 6]
    assert r["winners"] == [1] and r["tie_break"] is True
    r = finish(3)
    assert r["winners"] == [0, 1] and r["tie_break"] is False


def test_most_vp_wins_regardless_of_turns() -> None:
    g = position(hand=["Province"], others={1: {"hand": ["Duchy"]}})
    g.state.players[1].turns = 0
    assert g.result()["winners"] == [0]


# ======================================================================
# Illegal commands: a stable code, and the game is left unchanged

Case = Callable[[], tuple[Game, int, Any]]


def _militia_pending() -> Game:
    g = position(hand=["Militia"],
                 others={1: {"hand": ["Copper", "Copper", "Estate", "Silver", "Gold"]}})
    play(g, "Militia")
    assert g.pending is not None and g.pending.seat == 1
    return g


def _after_buy() -> Game:
    g = position(hand=["Copper"], phase=BUY_PHASE, coins=2)
    g.apply(0, buy("Moat"))
    return g


def _over() -> Game:
    g = position(phase=BUY_PHASE, coins=8, supply={"Province": 1})
    g.apply(0, buy("Province"))
    g.apply(0, END)
    assert g.state.game_over
    return g


CASES: dict[str, list[Case]] = {
    "not_your_turn": [
        lambda: (position(hand=["Village"], others={1: {"hand": ["Village"]}}), 1,
                 {"type": "play", "card": "Village"}),
        lambda: (position(), 1, END),
    ],
    "no_actions": [lambda: (position(hand=["Village"], actions=0), 0,
                            {"type": "play", "card": "Village"})],
    "card_not_in_hand": [
        lambda: (position(hand=["Village"]), 0, {"type": "play", "card": "Smithy"}),
        lambda: (position(hand=["Village"]), 0, {"type": "play", "card": "Copper"}),
    ],
    "cannot_afford": [lambda: (position(phase=BUY_PHASE, coins=5), 0, buy("Gold"))],
    "pile_empty": [lambda: (position(coins=5, supply={"Village": 0}), 0, buy("Village"))],
    "no_buys": [lambda: (position(coins=5, buys=0), 0, buy("Copper"))],
    "treasure_after_buy": [
        lambda: (_after_buy(), 0, {"type": "play", "card": "Copper"}),
        lambda: (_after_buy(), 0, TREASURES),
    ],
    "wrong_phase": [lambda: (position(hand=["Village"], phase=BUY_PHASE), 0,
                             {"type": "play", "card": "Village"})],
    "unknown_card": [
        lambda: (position(), 0, {"type": "play", "card": "Dragon"}),
        lambda: (position(coins=9), 0, buy("Dragon")),
    ],
    "not_in_supply": [
        lambda: (position(coins=9), 0, buy("Adventurer")),
        lambda: (position(coins=11), 0, buy("Colony")),
    ],
    "bad_command": [
        lambda: (position(), 0, {"type": "dance"}),
        lambda: (position(), 0, {"type": "play"}),
        lambda: (position(), 0, {"type": "buy", "card": 3}),
        lambda: (position(), 0, "end_phase"),
        lambda: (position(), 0, {"type": "answer"}),
    ],
    "game_over": [
        lambda: (_over(), 1, END),
        lambda: (_over(), 0, buy("Copper")),
    ],
    "no_decision": [lambda: (position(), 0, {"type": "answer", "answer": []})],
    "decision_pending": [
        lambda: (_militia_pending(), 0, END),
        lambda: (_militia_pending(), 1, {"type": "play", "card": "Copper"}),
    ],
    "not_your_decision": [lambda: (_militia_pending(), 0, Answer(["Copper", "Estate"]))],
    "not_playable": [lambda: (position(hand=["Estate"]), 0, {"type": "play", "card": "Estate"})],
}


@pytest.mark.parametrize(
    "code,index",
    [(code, i) for code, cases in CASES.items() for i in range(len(cases))],
)
def test_illegal_command_code_and_game_unchanged(code: str, index: int) -> None:
    game, seat, command = CASES[code][index]()
    before = game.to_dict()
    pending = game.pending.to_dict() if game.pending else None
    with pytest.raises(IllegalCommand) as err:
        game.apply(seat, command)
    assert err.value.code == code
    assert err.value.to_dict()["code"] == code and err.value.message
    assert game.to_dict() == before
    assert (game.pending.to_dict() if game.pending else None) == pending
    if isinstance(command, dict):
        assert command not in game.legal_commands(seat)


def test_game_usable_after_rejected_commands() -> None:
    g = _militia_pending()
    for seat, cmd in ((0, END), (0, Answer(["Copper", "Estate"])), (1, Answer(["Copper"]))):
        with pytest.raises(IllegalCommand):
            g.apply(seat, cmd)
    answer(g, ["Copper", "Estate"])
    assert g.pending is None
    assert Counter(g.state.players[1].hand) == Counter(["Copper", "Silver", "Gold"])
    assert g.turn.coins == 2
