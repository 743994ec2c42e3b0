"""Discarding is not revealing: who may see which discarded cards.

Rulebooks (Cellar's note in the Czech 1st and Hungarian 2nd editions):
discarded cards need not be shown; only the top card of a discard pile is
visible. Cards that were revealed (Vassal, Adventurer, Bandit, Spy) stay public
when they are discarded.
"""

from __future__ import annotations

from typing import Any

from helpers import answer, play, position

from dominion import Game
from dominion.views import render_event

POACHER_KINGDOM = ["Poacher", "Village", "Smithy", "Moat", "Cellar",
                   "Chapel", "Workshop", "Militia", "Market", "Witch"]
BASE2 = ["Vassal", "Adventurer", "Bandit", "Sentry", "Village",
         "Smithy", "Moat", "Cellar", "Market", "Militia"]


def discards(events: list[dict[str, Any]], viewer: int | None) -> list[dict[str, Any]]:
    return [render_event(e, viewer, ["Ann", "Bob", "Cid"]) for e in events
            if e["type"] == "discard"]


def seen_by_all(events: list[dict[str, Any]], owner: int, cards: list[str], players: int = 3
                ) -> None:
    """Everyone sees the discarded cards (they were revealed before)."""
    for viewer in [None, *range(players)]:
        assert [d.get("cards") for d in discards(events, viewer)] == [cards], viewer
    assert discards(events, owner)[0]["seat"] == owner


def hidden_from_others(events: list[dict[str, Any]], owner: int, cards: list[str],
                       players: int = 3) -> None:
    """The owner sees the cards; every other seat and spectators see how many."""
    own = discards(events, owner)
    assert [d["cards"] for d in own] == [cards]
    for viewer in [None, *(s for s in range(players) if s != owner)]:
        (d,) = discards(events, viewer)
        assert "cards" not in d and d["count"] == len(cards)
        assert not any(c in d["text"] for c in cards), d["text"]
        assert d["text"].endswith(f"discarded {len(cards)} card" + ("s." if len(cards) > 1 else "."))


def discard_top(game: Game, seat: int, viewer: int) -> str | None:
    return game.view(viewer)["players"][seat]["discard_top"]


def test_cellar_discards_are_hidden_from_the_other_players():
    g = position(hand=["Cellar", "Province", "Gold", "Estate"], deck=["Copper"] * 3, players=3)
    play(g, "Cellar")
    events = answer(g, ["Province", "Gold", "Estate"])
    hidden_from_others(events, 0, ["Province", "Gold", "Estate"])
    # Only the new top of the pile is visible to everyone.
    assert {discard_top(g, 0, v) for v in range(3)} == {"Estate"}


def test_militia_victims_discard_in_secret_even_from_the_attacker():
    g = position(hand=["Militia"], players=3, others={
        1: {"hand": ["Copper", "Copper", "Province", "Gold", "Silver"]},
        2: {"hand": ["Estate", "Duchy", "Copper", "Copper", "Copper"]}})
    events = play(g, "Militia")
    events += answer(g, ["Province", "Copper"])
    events += answer(g, ["Estate", "Duchy"])
    mine = [e for e in events if e["type"] == "discard"]
    assert [e["seat"] for e in mine] == [1, 2]
    for viewer in (0, None):
        assert [d["count"] for d in discards(events, viewer)] == [2, 2]
    assert discards(events, 1)[0]["cards"] == ["Province", "Copper"]
    assert "cards" not in discards(events, 1)[1]
    assert discards(events, 2)[1]["cards"] == ["Estate", "Duchy"]


def test_poacher_discards_are_hidden():
    g = position(hand=["Poacher", "Gold", "Estate"], deck=["Copper"], players=3,
                 kingdom=POACHER_KINGDOM, supply={"Village": 0})
    play(g, "Poacher")
    events = answer(g, ["Gold"])
    hidden_from_others(events, 0, ["Gold"])


def test_sentry_discards_cards_it_only_looked_at_in_secret():
    g = position(hand=["Sentry"], deck=["Silver", "Province", "Gold"], players=3,
                 kingdom=BASE2)
    play(g, "Sentry")
    answer(g, [])  # trash nothing
    events = answer(g, ["Province", "Gold"])
    hidden_from_others(events, 0, ["Province", "Gold"])


def test_revealed_cards_stay_public_when_discarded():
    # Vassal discards the revealed top card of the deck for all to see.
    g = position(hand=["Vassal"], deck=["Province"], players=3, kingdom=BASE2)
    seen_by_all(play(g, "Vassal"), 0, ["Province"])
    # Adventurer discards the revealed non-Treasures.
    g = position(hand=["Adventurer"], deck=["Estate", "Copper", "Duchy", "Silver"],
                 players=3, kingdom=BASE2)
    seen_by_all(play(g, "Adventurer"), 0, ["Estate", "Duchy"])
    # Bandit: the victim's revealed cards that are not trashed.
    g = position(hand=["Bandit"], players=3, kingdom=BASE2, others={
        1: {"deck": ["Estate", "Copper"]}, 2: {"deck": ["Duchy", "Curse"]}})
    events = play(g, "Bandit")
    assert [d.get("cards") for d in discards(events, 0)] == [["Estate", "Copper"],
                                                             ["Duchy", "Curse"]]


def test_cleanup_puts_the_played_cards_on_top_of_the_unplayed_hand():
    g = position(hand=["Village", "Province", "Copper"], deck=["Estate"] * 7)
    play(g, "Village")
    g.apply(0, {"type": "end_phase"})
    g.apply(0, {"type": "end_phase"})  # buy nothing: clean-up
    assert g.state.players[0].discard[-1] == "Village"
    assert discard_top(g, 0, 1) == "Village"  # not the Province nobody saw
    # With nothing played, a hand card has to be the top.
    g = position(hand=["Province", "Copper"], deck=["Estate"] * 5)
    g.apply(0, {"type": "end_phase"})
    g.apply(0, {"type": "end_phase"})
    assert discard_top(g, 0, 1) in ("Province", "Copper")


def test_harbinger_puts_back_a_card_the_others_do_not_see():
    g = position(hand=["Harbinger"], deck=["Copper"], discard=["Gold", "Estate"], players=3,
                 kingdom=BASE2[:-1] + ["Harbinger"])
    play(g, "Harbinger")
    events = answer(g, ["Gold"])
    (own,) = [render_event(e, 0) for e in events if e["type"] == "topdeck"]
    assert own["cards"] == ["Gold"]
    for viewer in (1, 2, None):
        (seen,) = [render_event(e, viewer) for e in events if e["type"] == "topdeck"]
        assert "cards" not in seen and seen["count"] == 1 and "Gold" not in seen["text"]
