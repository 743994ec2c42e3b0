"""The generic bot's figures about a seat's cards (``_Ctx``) are reused between
questions only while they are still true: in random games of every set, each
reused or partly reused context equals one computed afresh."""

from __future__ import annotations

from typing import Any

import pytest

from dominion import new_game
from dominion.bots import generic, make_bot
from dominion.bots import prosperity as prosperity_bot
from dominion.fastplay import play_turn
from dominion.rng import Rng
from dominion.sim import MAX_TURNS, colony_for, random_kingdom

FIGURES = ("owned", "size", "money", "golds", "terminals", "villages", "stage", "players",
           "kingdom", "my_turns", "colony", "terminal_room", "gardens")


def figures(ctx: Any) -> dict[str, Any]:
    return {name: getattr(ctx, name) for name in FIGURES}


@pytest.fixture
def checked_contexts(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """Every context the bots get is compared with a fresh one; counts how
    many were made afresh and how many were (partly) reused."""
    counts = {"fresh": 0, "reused": 0}
    cached = generic._ctx

    def checked(game: Any, seat: int) -> Any:
        before = generic._LAST_CTX.get(seat)
        ctx = cached(game, seat)
        fresh = generic._Ctx(game, seat)
        assert figures(ctx) == figures(fresh), (seat, game.state.turn.number)
        reused = ctx is before or (before is not None and ctx.owned is before.owned)
        counts["reused" if reused else "fresh"] += 1
        return ctx

    monkeypatch.setattr(generic, "_ctx", checked)
    monkeypatch.setattr(prosperity_bot, "_ctx", checked)
    return counts


@pytest.mark.parametrize("sets", [{"base"}, {"intrigue"}, {"prosperity"},
                                  {"base", "intrigue", "prosperity"}])
def test_reused_contexts_equal_fresh_ones(checked_contexts: dict[str, int], sets: set[str]):
    rng = Rng(77)
    for i in range(12):
        kingdom = random_kingdom(rng, sets=sets)
        seed = rng.word()
        players = 2 + i % 3
        bots = {s: make_bot("generic") for s in range(players)}
        game = new_game(players, kingdom, seed=seed, agents=bots, record_events=False,
                        edition="1" if i % 4 == 0 else "2", colony=colony_for(kingdom, seed))
        while not game.state.game_over and game.state.turn.number <= MAX_TURNS:
            play_turn(game, bots)
    # Both kinds happened, so the comparison above covered the reuse.
    assert checked_contexts["reused"] > 300 and checked_contexts["fresh"] > 300, checked_contexts


def test_cards_taken_off_the_deck_and_put_back_elsewhere_are_seen() -> None:
    """Two looks at the deck in a row, each taking as many cards out of every
    zone, a trash and a gain: the context follows each step."""
    game = new_game(2, ["Library", "Sentry", "Cellar", "Village", "Smithy", "Market",
                        "Mine", "Moat", "Witch", "Gardens"], seed=5, record_events=False)
    p = game.state.players[0]
    p.deck = ["Copper", "Copper", "Estate", "Gold"]  # Gold on top
    p.cards_version += 1  # the test moved cards by hand
    first = generic._ctx(game, 0)
    taken = game.reveal_top(0, 2)  # Gold and Estate
    assert generic._ctx(game, 0).owned["Gold"] == first.owned["Gold"] - 1
    game.discard_cards(0, taken)
    taken = game.reveal_top(0, 2)  # the Coppers: as many cards out as before
    looking = generic._ctx(game, 0)
    assert looking.owned["Gold"] == first.owned["Gold"]
    assert looking.owned["Copper"] == first.owned["Copper"] - 2
    game.discard_cards(0, taken)
    after = generic._ctx(game, 0)
    assert figures(after) == figures(first)
    game.trash_from_hand(0, [p.hand[0]])
    assert generic._ctx(game, 0).size == after.size - 1
    game.gain(0, "Silver")
    assert generic._ctx(game, 0).owned["Silver"] == after.owned.get("Silver", 0) + 1


def test_money_that_adds_up_differently_by_order_is_counted_afresh() -> None:
    """Tiara's $0.8 and Venture's $2.2 are not exact floats: their sum depends
    on the order of the cards, which moves between questions, so such a deck's
    figures are never reused (a reused sum could differ from a fresh one)."""
    game = new_game(2, ["Tiara", "Venture", "Cellar", "Village", "Smithy", "Market",
                        "Mine", "Moat", "Witch", "Gardens"], seed=5, record_events=False)
    p = game.state.players[0]
    first = generic._ctx(game, 0)
    assert first.reusable and generic._ctx(game, 0) is first
    p.discard += ["Tiara", "Venture"]
    p.cards_version += 1  # the test moved cards by hand
    tiara = generic._ctx(game, 0)
    assert not tiara.reusable and generic._ctx(game, 0) is not tiara
    assert (0.8 + 2.2) + 1.3 != (0.8 + 1.3) + 2.2  # Tiara, Venture, Crystal Ball


def test_a_context_after_one_gain_adds_the_card(
        checked_contexts: dict[str, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Most new contexts follow a single gain (``Player.last_gain``): they add
    the card to the last figures, and each equals one computed afresh."""
    added: list[str] = []
    add = generic._Ctx._add

    def counted(self: Any, last: Any, name: str) -> None:
        added.append(name)
        add(self, last, name)

    monkeypatch.setattr(generic._Ctx, "_add", counted)
    rng = Rng(12)
    for i in range(8):
        kingdom = random_kingdom(rng, sets={"base", "intrigue", "prosperity"})
        seed = rng.word()
        bots = {s: make_bot("generic") for s in range(2 + i % 2)}
        game = new_game(len(bots), kingdom, seed=seed, agents=bots, record_events=False,
                        colony=colony_for(kingdom, seed))
        while not game.state.game_over and game.state.turn.number <= MAX_TURNS:
            play_turn(game, bots)
    assert len(added) > 150 and len(set(added)) > 10, (len(added), set(added))


def test_a_draw_keeps_the_cards_version_and_a_gain_records_the_card() -> None:
    game = new_game(2, ["Library", "Sentry", "Cellar", "Village", "Smithy", "Market",
                        "Mine", "Moat", "Witch", "Gardens"], seed=5, record_events=False)
    p = game.state.players[0]
    p.deck, p.discard = ["Copper"], ["Estate", "Silver"]  # the draw shuffles
    version = p.cards_version
    game.draw(0, 3)
    assert p.cards_version == version and sorted(p.hand[-3:]) == ["Copper", "Estate", "Silver"]
    game.gain(0, "Gold")
    assert p.last_gain == (version + 1, "Gold") == (p.cards_version, "Gold")
