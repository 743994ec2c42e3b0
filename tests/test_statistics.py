"""Game statistics (dominion.statistics): hand-built games with figures counted by
hand, undone moves left out, and bot games checked against the engine's own
scores and against what a spectator's view showed after each turn."""

from __future__ import annotations

from collections import Counter

import pytest

from dominion import new_game
from dominion.bots import make_bot
from dominion.statistics import Recorder, first_seat_of, summarize

BASE = ["Cellar", "Moat", "Village", "Workshop", "Smithy", "Moneylender", "Witch",
        "Market", "Festival", "Laboratory"]


def _deal(game, seat, hand, deck=(), discard=()):
    """Give ``seat`` exactly these cards (deck: last card on top)."""
    p = game.state.players[seat]
    p.hand, p.deck, p.discard = list(hand), list(deck), list(discard)


def _witch_game(edition="2"):
    """Two players; Ann (seat 0) holds Witch and four Coppers over two Coppers,
    Bob holds three Golds and two Coppers; one Province is left."""
    game = new_game(["Ann", "Bob"], BASE, seed=5, first=0, edition=edition)
    _deal(game, 0, ["Witch"] + ["Copper"] * 4, deck=["Copper", "Copper"],
          discard=["Estate"] * 3)
    _deal(game, 1, ["Gold"] * 3 + ["Copper"] * 2, deck=["Estate"] * 5)
    game.state.supply["Province"] = 1
    return game


@pytest.mark.parametrize("edition", ["1", "2"])
def test_hand_built_game_with_an_undone_buy(edition):
    game = _witch_game(edition)
    rec = Recorder(game)
    rec.apply(0, {"type": "play", "card": "Witch"})  # +2 Coppers, Bob gains a Curse
    rec.apply(0, {"type": "play_treasures"})  # 6 Coppers: $6
    rec.apply(0, {"type": "buy", "card": "Silver"})
    rec.apply(0, {"type": "undo"})  # the Silver never happened
    rec.apply(0, {"type": "buy", "card": "Duchy"})  # $5 of $6
    rec.apply(0, {"type": "end_phase"})  # clean-up: deck empty, Ann shuffles
    rec.apply(1, {"type": "play_treasures"})  # 3 Golds + 2 Coppers: $11
    rec.apply(1, {"type": "buy", "card": "Province"})  # the last one
    rec.apply(1, {"type": "end_phase"})
    assert game.state.game_over
    stats = rec.summary()

    assert [(t.number, t.seat) for t in stats.turns] == [(1, 0), (2, 1)]
    assert [t.coins for t in stats.turns] == [6, 11]
    assert stats.turns[0].gains == [["Duchy"], ["Curse"]]
    assert stats.turns[1].gains == [[], ["Province"]]
    # Ann: 3 Estates + Duchy = 6; Bob: 5 Estates - Curse = 4, then + Province = 10.
    assert stats.turns[0].vp == [6, 4]
    assert stats.turns[1].vp == [6, 10]
    ann, bob = stats.players
    assert (ann.turns, ann.shuffles, ann.gained, ann.vp) == (1, 1, 1, 6)
    assert (bob.turns, bob.shuffles, bob.gained, bob.vp) == (1, 0, 2, 10)
    assert ann.cards == {"Duchy": 1, "Witch": 1, "Copper": 6, "Estate": 3}
    assert bob.cards == {"Province": 1, "Gold": 3, "Estate": 5, "Copper": 2, "Curse": 1}
    assert "Silver" not in str(rec.stored_events())
    assert stats.end_reason == "provinces"


def test_first_edition_platinum_colony_three_players():
    """Moneylender trashes a Copper without asking in the 1st edition; a Colony ends it."""
    game = new_game(["A", "B", "C"], BASE, seed=9, first=1, edition="1", colony=True)
    _deal(game, 1, ["Moneylender"] + ["Copper"] * 4, deck=["Estate"] * 5)
    _deal(game, 2, ["Platinum", "Platinum", "Gold", "Copper", "Copper"], deck=["Estate"] * 5)
    game.state.supply["Colony"] = 1
    rec = Recorder(game)
    rec.apply(1, {"type": "play", "card": "Moneylender"})  # +$3, a Copper trashed
    rec.apply(1, {"type": "play_treasures"})  # 3 Coppers: $6
    rec.apply(1, {"type": "buy", "card": "Gold"})
    rec.apply(1, {"type": "end_phase"})
    rec.apply(2, {"type": "play_treasures"})  # 5 + 5 + 3 + 1 + 1 = $15
    rec.apply(2, {"type": "buy", "card": "Colony"})
    rec.apply(2, {"type": "end_phase"})
    stats = rec.summary()
    assert stats.end_reason == "colonies"
    assert [(t.number, t.seat, t.coins) for t in stats.turns] == [(1, 1, 6), (2, 2, 15)]
    # A: 7 Coppers, 3 Estates; B: 5 Estates, Gold; C: 5 Estates + Colony.
    assert stats.turns[-1].vp == [3, 5, 15]
    assert [p.turns for p in stats.players] == [0, 1, 1]
    assert stats.players[1].cards == {"Gold": 1, "Moneylender": 1, "Copper": 3, "Estate": 5}


def test_coins_left_unspent_count_and_a_turn_without_a_buy():
    game = _witch_game()
    rec = Recorder(game)
    rec.apply(0, {"type": "play_treasures"})  # $4, nothing bought
    rec.apply(0, {"type": "end_phase"})
    rec.apply(1, {"type": "play_treasures"})
    rec.apply(1, {"type": "buy", "card": "Province"})
    rec.apply(1, {"type": "end_phase"})
    stats = rec.summary()
    assert [t.coins for t in stats.turns] == [4, 11]
    assert stats.turns[0].gains == [[], []]


def test_events_alone_give_everything_but_the_coins():
    game = _witch_game()
    rec = Recorder(game)
    for seat, cmd in [(0, {"type": "play", "card": "Witch"}), (0, {"type": "end_phase"}),
                      (0, {"type": "end_phase"}), (1, {"type": "play_treasures"}),
                      (1, {"type": "buy", "card": "Province"}), (1, {"type": "end_phase"})]:
        rec.apply(seat, cmd)
    events = rec.stored_events()
    assert first_seat_of(events) == 0
    alone = summarize(events, game.state, 0, None, rec.start)
    full = rec.summary()
    assert [t.coins for t in alone.turns] == [None, None]
    assert [t.vp for t in alone.turns] == [t.vp for t in full.turns] == [[3, 4], [3, 10]]
    assert alone.players == full.players


def test_unfinished_game_is_refused():
    game = _witch_game()
    with pytest.raises(ValueError):
        Recorder(game).summary()


def _bot_game(players, kingdom, seed, edition="2", colony=False):
    """A bot game followed by a recorder, with each turn's spectator VP as views showed it."""
    bots = {s: make_bot("generic") for s in range(players)}
    game = new_game(players, kingdom, seed=seed, agents=bots, edition=edition, colony=colony)
    rec = Recorder(game)
    seen = []
    steps = 0
    while not game.state.game_over:
        steps += 1
        assert steps < 5000
        number = game.state.turn.number
        seat = game.awaiting()[0]
        rec.apply(seat, bots[seat].command(game, seat))
        if game.state.game_over or game.state.turn.number != number:
            seen.append([p["vp"] for p in game.view(None)["players"]])
    return game, rec, seen


@pytest.mark.parametrize("players,kingdom,seed,edition,colony", [
    (2, ["Masquerade", "Swindler", "Witch", "Thief", "Bishop", "Monument", "Goons",
         "Trade Route", "Lurker", "Gardens"], 1, "2", True),
    (4, ["Masquerade", "Saboteur", "Militia", "Moneylender", "Remodel", "Duke", "Nobles",
         "Harem", "Mine", "Chapel"], 2, "1", False),
    (6, ["Masquerade", "Witch", "Thief", "Workshop", "Festival", "Gardens", "Monument",
         "Smithy", "Village", "Market"], 3, "2", False),
])
def test_bot_games_match_the_engine_and_the_spectator_view(players, kingdom, seed, edition,
                                                           colony):
    game, rec, seen = _bot_game(players, kingdom, seed, edition, colony)
    stats = rec.summary()
    result = game.result()
    assert stats.turns[-1].vp == result["scores"]
    assert [p.vp for p in stats.players] == result["scores"]
    assert [p.turns for p in stats.players] == result["turns"]
    assert len(stats.turns) == sum(result["turns"])
    assert [p.cards for p in stats.players] == game.view(None)["result"]["decks"]
    # Each turn's VP are those a spectator's view showed then: no hidden pass leaks.
    assert [t.vp for t in stats.turns] == seen
    assert all(t.coins is not None and t.coins >= 0 for t in stats.turns)
    gained = Counter()
    for t in stats.turns:
        for seat, cards in enumerate(t.gains):
            gained[seat] += len(cards)
    assert [gained[s] for s in range(players)] == [p.gained for p in stats.players]
