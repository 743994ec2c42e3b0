"""An open decision's prompt is hidden from other seats when asking it betrays
a hand: the engine asks only when there is a real choice, so e.g. a pending
``throne_room.play`` would tell everyone that the hand holds an Action."""

from __future__ import annotations

import json
from typing import Any, Optional

import pytest

import fuzz
from dominion import Game, new_game
from dominion import views as views_module
from dominion.prompts import PROMPTS

KINGDOM = ["Cellar", "Moat", "Militia", "Moneylender", "Throne Room", "Village",
           "Library", "Mine", "Chapel", "Smithy"]
PLAYERS = 3


def start(hand: list[str], top: Optional[list[str]] = None, seed: int = 5) -> tuple[Game, int]:
    """A 3-player game (no bots) whose current seat holds ``hand``, with
    ``top`` put on its deck (the last card on top)."""
    game = new_game(PLAYERS, KINGDOM, seed=seed)
    seat = game.state.turn.seat
    p = game.state.players[seat]
    p.hand = list(hand)
    p.deck += top or []
    return game, seat


def play(game: Game, seat: int, card: str) -> None:
    game.apply(seat, {"type": "play", "card": card})
    assert game.pending is not None


def others(game: Game) -> list[Optional[int]]:
    """Every viewer but the deciding seat, a spectator included."""
    return [None] + [s for s in range(PLAYERS) if s != game.pending.seat]


def assert_hidden(game: Game, prompt: str) -> None:
    d = game.pending
    assert d.prompt == prompt
    for viewer in others(game):
        v = game.view(viewer)
        assert v["waiting_for"] == {"seat": d.seat}, viewer
        assert prompt not in json.dumps(v), viewer
    own = game.view(d.seat)
    assert own["waiting_for"] == {"seat": d.seat, "prompt": prompt, "card": d.card}
    assert own["decision"] == d.to_dict()


def test_throne_room_does_not_tell_that_the_hand_holds_an_action() -> None:
    game, seat = start(["Throne Room", "Village", "Copper", "Copper", "Estate"])
    play(game, seat, "Throne Room")
    assert_hidden(game, "throne_room.play")


def test_moneylender_does_not_tell_that_the_hand_holds_a_copper() -> None:
    game, seat = start(["Moneylender", "Copper", "Estate", "Estate", "Silver"])
    play(game, seat, "Moneylender")
    assert_hidden(game, "moneylender.trash")


def test_mine_does_not_tell_that_the_hand_holds_a_treasure() -> None:
    game, seat = start(["Mine", "Copper", "Silver", "Estate", "Estate"])
    play(game, seat, "Mine")
    assert_hidden(game, "mine.trash")


def test_library_does_not_tell_that_it_drew_an_action() -> None:
    game, seat = start(["Library", "Copper", "Copper", "Copper", "Copper"], top=["Village"])
    play(game, seat, "Library")
    assert_hidden(game, "library.set_aside")


def test_a_moat_reveal_shows_only_whom_the_game_waits_for() -> None:
    game, seat = start(["Militia", "Copper", "Copper", "Copper", "Copper"])
    victim = (seat + 1) % PLAYERS
    game.state.players[victim].hand = ["Moat", "Copper", "Estate", "Copper", "Silver"]
    play(game, seat, "Militia")
    assert game.pending.seat == victim
    assert_hidden(game, "reaction.reveal")
    assert game.pending.card == "Militia"  # the victim's own view names the attack


def test_a_public_prompt_is_shown_to_everyone() -> None:
    """Cellar asks whenever the hand is not empty, which everyone can count."""
    game, seat = start(["Cellar", "Copper", "Estate", "Estate", "Silver"])
    play(game, seat, "Cellar")
    assert PROMPTS["cellar.discard"].public
    for viewer in [None, *range(PLAYERS)]:
        v = game.view(viewer)
        assert v["waiting_for"] == {"seat": seat, "prompt": "cellar.discard", "card": "Cellar"}
        assert (v["decision"] is not None) == (viewer == seat)


def test_militia_discard_is_hidden_because_a_hand_of_copies_is_not_asked() -> None:
    """Why militia.discard is not public: a victim holding five Coppers has no
    choice and is not asked, so naming the prompt says the hand is mixed."""
    assert not PROMPTS["militia.discard"].public
    game, seat = start(["Militia", "Copper", "Copper", "Copper", "Copper"])
    for s in range(PLAYERS):
        if s != seat:
            game.state.players[s].hand = ["Copper"] * 5
    game.apply(seat, {"type": "play", "card": "Militia"})
    assert game.pending is None  # nobody had a choice
    game, seat = start(["Militia", "Copper", "Copper", "Copper", "Copper"])
    victim = (seat + 1) % PLAYERS
    game.state.players[victim].hand = ["Copper"] * 4 + ["Estate"]
    play(game, seat, "Militia")
    assert_hidden(game, "militia.discard")


def test_random_games_show_no_hidden_prompt_to_other_seats() -> None:
    """The fuzzer's view check (run after every step) fails when a seat other
    than the deciding one, or a spectator, sees a non-public prompt."""
    stats = fuzz.run(6, 2_000, thorough=False)
    hidden = [k for k in stats.prompts if not PROMPTS[k].public]
    assert hidden  # the games did meet hidden prompts


def test_view_check_catches_a_hidden_prompt(monkeypatch: pytest.MonkeyPatch) -> None:
    game, seat = start(["Throne Room", "Village", "Copper", "Copper", "Estate"])
    play(game, seat, "Throne Room")
    for viewer in [None, *range(PLAYERS)]:
        fuzz.check_view(game, viewer)
    real = views_module.view

    def leaky(g: Game, s: Optional[int] = None) -> dict[str, Any]:
        v = real(g, s)
        d = g.pending
        v["waiting_for"] = {"seat": d.seat, "prompt": d.prompt, "card": d.card}  # as before
        return v

    monkeypatch.setattr(views_module, "view", leaky)
    fuzz.check_view(game, seat)  # its own seat may see it
    with pytest.raises(fuzz.FuzzFailure, match="hidden prompt throne_room.play"):
        fuzz.check_view(game, None)
