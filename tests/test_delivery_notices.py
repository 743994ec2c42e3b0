"""Which notices a change makes, and what they may hold (issue 22): engine games only."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Optional

import pytest

from dominion import CARDS, EndPhase, Play
from dominion_server.delivery import messages, notices
from dominion_server.delivery.notices import Snapshot

from .helpers import position


@dataclass
class Seat:
    seat: int
    kind: str = "human"
    name: Optional[str] = None
    bot: Optional[str] = None
    joined: bool = True

    @property
    def taken(self) -> bool:
        return self.kind == "bot" or self.joined


SEATS = [Seat(0, name="Ann"), Seat(1, name="Bob")]
HIDDEN = ["Gold", "Witch", "Chapel", "Market", "Province"]


def militia_game():
    return position(hand=["Militia", "Copper", "Copper", "Copper", "Estate"],
                    others={1: {"hand": HIDDEN, "deck": ["Smithy"] * 5}})


def cards_in(value) -> set[str]:
    text = json.dumps(value, ensure_ascii=False)
    return {c for c in CARDS if f'"{c}"' in text or f" {c} " in text or f" {c})" in text}


def test_a_decision_on_another_turn_names_prompt_and_card_only():
    game = militia_game()
    before = Snapshot.of(game)
    game.apply(0, Play("Militia"))
    [n] = notices.changes("g1", 5, before, game, SEATS, actor=0)
    assert (n.kind, n.seat, n.version) == ("decision", 1, 5)
    assert n.data["prompt"] == "militia.discard" and n.data["card"] == "Militia"
    assert cards_in(n.facts()) == {"Militia"}  # nothing of Bob's hand
    for lang in ("en", "cs", "hu"):
        assert cards_in(messages.push("e", n.facts(), lang).payload) <= {"Militia"}


def test_the_actor_is_never_told():
    game = militia_game()
    before = Snapshot.of(game)
    game.apply(0, Play("Militia"))
    assert notices.changes("g1", 5, before, game, SEATS, actor=1) == []


def test_a_seat_played_by_a_stand_in_or_free_is_never_told():
    game = militia_game()
    before = Snapshot.of(game)
    game.apply(0, Play("Militia"))
    for other in (Seat(1, name="Bob", bot="generic"), Seat(1, joined=False)):
        assert notices.changes("g1", 5, before, game, [SEATS[0], other], actor=0) == []


def test_the_next_turn_is_told_once_to_the_next_player():
    game = position(hand=["Copper"] * 5, others={1: {"deck": ["Copper"] * 10}})
    before = Snapshot.of(game)
    game.apply(0, EndPhase())
    assert notices.changes("g1", 2, before, game, SEATS, actor=0) == []  # still Ann's turn
    before = Snapshot.of(game)
    game.apply(0, EndPhase())
    [n] = notices.changes("g1", 3, before, game, SEATS, actor=0)
    assert (n.kind, n.seat) == ("turn", 1)
    assert n.data["players"] == ["Ann", "Bob"] and cards_in(n.facts()) == set()


def test_game_over_is_told_once_with_the_public_result():
    game = position(hand=["Copper"] * 5, others={1: {"deck": ["Copper"] * 10}})
    game.state.game_over = True
    game.state.end_reason = "provinces"
    [n] = notices.changes("g1", 9, Snapshot(( 0,), 4, False), game, SEATS, actor=0)
    assert n.kind == "game_over" and n.seat == 1
    assert set(n.data["result"]) == {"scores", "turns", "winners", "tie_break", "end_reason"}
    assert notices.changes("g1", 10, Snapshot((), 4, True), game, SEATS, actor=None) == []


def test_joined_goes_to_the_other_seated_humans():
    seats = [Seat(0, name="Ann"), Seat(1, name="Bob"), Seat(2, joined=False),
             Seat(3, kind="bot", name="Bot 4", bot="generic")]
    [n] = notices.joined("g1", 2, seats, newcomer=1)
    assert (n.kind, n.seat, n.data["player"]) == ("joined", 0, "Bob")


@pytest.mark.parametrize("lang", ["en", "cs", "hu", "xx"])
@pytest.mark.parametrize("kind", notices.KINDS)
def test_every_kind_renders_in_every_language(kind, lang):
    facts = {"kind": kind, "game_id": "g1", "seat": 1, "version": 3, "turn": 7,
             "players": ["Ann", "Bob"], "player": "Ann", "prompt": "militia.discard",
             "card": "Militia", "hours": 24, "absent": 0,
             "result": {"scores": [30, 12], "turns": [9, 9], "winners": [0],
                        "tie_break": False, "end_reason": "provinces"}}
    msg = messages.push("ev1", facts, lang)
    assert msg.payload["title"] and msg.payload["body"] and "{" not in msg.payload["body"]
    assert msg.payload["url"] == "/#/g/g1" and msg.payload["tag"] == "game-g1"
    assert msg.urgency == ("high" if kind in notices.ACT_NOW else "normal")
    assert msg.ttl <= 7 * 24 * 3600
    body = messages.webhook("ev1", facts, lang, datetime(2026, 1, 1, tzinfo=timezone.utc))
    assert body["type"] == kind and body["id"] == "ev1" and body["timestamp"].endswith("Z")


def test_topic_fits_the_push_protocol():
    assert messages.topic("abc_DEF-1") == "abc_DEF-1"
    long = messages.topic("x" * 40)
    assert len(long) <= 32 and long.replace("-", "").replace("_", "").isalnum()
