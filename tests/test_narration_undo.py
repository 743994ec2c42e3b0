"""The log's "took back" line: an undo told in English, Czech and Hungarian, public cards only."""

from __future__ import annotations

import pytest

from dominion.events import EVENT_TYPES
from dominion.narration import describe
from dominion.views import render_event

NAMES = ["Ann", "Bob"]
BUY_SILVER = {"type": "undo", "seat": 0, "undone": [
    {"type": "buy", "card": "Silver"}, {"type": "gain", "card": "Silver", "to": "discard"}]}


@pytest.mark.parametrize(("lang", "viewer", "text"), [
    ("en", 1, "Ann took back: bought Silver."),
    ("en", 0, "You took back: bought Silver."),
    ("en", None, "Ann took back: bought Silver."),
    ("cs", 1, "Ann bere zpět svůj tah (kupuje: Stříbrňák)."),
    ("hu", 1, "Ann visszavonja a lépését (megvesz: Ezüst)."),
])
def test_a_taken_back_buy_is_one_phrase_in_every_language(lang, viewer, text):
    assert describe(BUY_SILVER, viewer, NAMES, lang) == text


def test_several_moves_are_told_oldest_first():
    event = {"type": "undo", "seat": 1, "undone": [
        {"type": "play", "cards": ["Copper", "Copper", "Silver"]},
        {"type": "buy", "card": "Smithy"}, {"type": "gain", "card": "Smithy", "to": "discard"}]}
    assert describe(event, 0, NAMES) == "Bob took back: played Copper, Copper, Silver; bought Smithy."
    assert describe(event, 1, NAMES) == "You took back: played Copper, Copper, Silver; bought Smithy."
    assert describe(event, 0, NAMES, "cs") == (
        "Bob bere zpět svůj tah (vykládá: Měďák, Měďák, Stříbrňák; kupuje: Kovárna).")


def test_a_gain_that_is_not_the_buys_own_is_told():
    event = {"type": "undo", "seat": 0, "undone": [
        {"type": "buy", "card": "Silver"}, {"type": "gain", "card": "Silver", "to": "discard"},
        {"type": "gain", "card": "Gold", "to": "discard"}]}
    assert describe(event, 1, NAMES) == "Ann took back: bought Silver; gained Gold."


def test_hidden_cards_stay_a_count():
    """The undone events are stored in their public form: a hidden discard is a count."""
    event = {"type": "undo", "seat": 0, "undone": [{"type": "discard", "count": 2}]}
    assert describe(event, 1, NAMES) == "Ann took back: discarded 2 cards."
    assert describe(event, 1, NAMES, "cs") == "Ann bere zpět svůj tah (odkládá 2 karty)."


def test_an_undo_of_a_move_without_events_still_says_so():
    event = {"type": "undo", "seat": 0, "undone": []}
    assert describe(event, 1, NAMES) == "Ann took back a move."
    assert describe(event, 1, NAMES, "cs") == "Ann bere zpět svůj tah."
    assert describe(event, 1, NAMES, "hu") == "Ann visszavonja a lépését."


def test_the_undo_event_is_registered_and_rendered_for_everyone_alike():
    assert set(EVENT_TYPES["undo"].fields) == {"type", "seat", "text", "undone"}
    assert EVENT_TYPES["undo"].seats
    other = render_event(BUY_SILVER, 1, NAMES)
    assert other["undone"] == BUY_SILVER["undone"] and other["text"] == "Ann took back: bought Silver."
