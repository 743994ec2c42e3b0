"""Event sentences in English, Czech and Hungarian, and the CLDR plural rules they use."""

from __future__ import annotations

import pytest

from dominion.events import EVENT_TYPES
from dominion.i18n import UnsupportedLanguage, card_name
from dominion.narration import describe
from dominion.plurals import category, plural
from dominion.views import render_event

NAMES = ["Jana", "Ödön"]


@pytest.mark.parametrize("lang,expected", [
    # CLDR cardinal categories for 0..6, 11, 21, 22, 25, 100, 101.
    ("en", "other one other other other other other other other other other other other"),
    ("cs", "other one few few few other other other other other other other other"),
    ("hu", "other one other other other other other other other other other other other"),
])
def test_plural_categories_follow_cldr(lang, expected):
    counts = [0, 1, 2, 3, 4, 5, 6, 11, 21, 22, 25, 100, 101]
    assert " ".join(category(lang, n) for n in counts) == expected


def test_plural_falls_back_to_other_and_needs_it():
    assert plural("cs", 3, {"one": "a", "other": "b"}) == "b"
    with pytest.raises(KeyError):
        plural("cs", 3, {"one": "a"})
    with pytest.raises(KeyError):
        category("de", 1)


@pytest.mark.parametrize("n,cs,hu,en", [
    (1, "Jana si dobírá 1 kartu.", "Jana húz 1 kártyát.", "Jana drew 1 card."),
    (3, "Jana si dobírá 3 karty.", "Jana húz 3 kártyát.", "Jana drew 3 cards."),
    (5, "Jana si dobírá 5 karet.", "Jana húz 5 kártyát.", "Jana drew 5 cards."),
])
def test_hidden_draws_count_with_the_plural_of_each_language(n, cs, hu, en):
    event = {"type": "draw", "seat": 0, "cards": ["Copper"] * n, "private": True}
    assert render_event(event, 1, NAMES, "cs")["text"] == cs
    assert render_event(event, 1, NAMES, "hu")["text"] == hu
    assert render_event(event, 1, NAMES)["text"] == en


def test_visible_cards_are_named_in_the_language_of_the_log():
    event = {"type": "draw", "seat": 0, "cards": ["Copper", "Province"], "private": True}
    assert render_event(event, 0, NAMES, "cs")["text"] == "Jana si dobírá: Měďák, Provincie."
    assert render_event(event, 0, NAMES, "hu")["text"] == "Jana húz: Réz, Tartomány."
    assert render_event(event, 0, NAMES)["text"] == "You drew Copper, Province."
    gain = {"type": "gain", "seat": 1, "card": "Gold", "to": "hand"}
    assert describe(gain, 0, NAMES, "cs") == "Ödön si bere do ruky: Zlaťák."
    assert describe(gain, 0, NAMES, "hu") == "Ödön megszerez a kezébe: Arany."
    vp = {"type": "vp", "seat": 0, "vp": 2, "total": 5}
    assert describe(vp, 1, NAMES, "cs") == "Jana získává 2 žetony VB (celkem 5)."
    assert describe({**vp, "vp": 5}, 1, NAMES, "cs") == "Jana získává 5 žetonů VB (celkem 5)."
    over = {"type": "game_over", "seat": None, "reason": "provinces"}
    assert describe(over, 0, NAMES, "cs") == "Konec hry: došly karty Provincie."


def _example(kind: str) -> dict:
    """A rendered event of ``kind`` with every field it may carry."""
    values = {
        "type": kind, "seat": 0, "cards": ["Copper", "Estate"], "card": "Village",
        "number": 4, "count": 3, "to": "hand", "source": "trash", "position": 2,
        "receiver": 1, "by": "Wishing Well", "vp": 1, "total": 3, "mat": 2,
        "reason": "piles",
        "undone": [{"type": "buy", "seat": 0, "card": "Village"},
                   {"type": "gain", "seat": 0, "card": "Village", "to": "discard"}],
    }
    event = {k: values[k] for k in EVENT_TYPES[kind].fields if k != "text"}
    if kind == "play":
        del event["cards"]  # one card, or several Treasures at once: never both
    if kind == "game_over":
        event["seat"] = None
    if EVENT_TYPES[kind].seats and kind != "undo":
        event["by"] = 1  # the seat that sent stand_in / take_back
    return event


@pytest.mark.parametrize("kind", sorted(EVENT_TYPES))
@pytest.mark.parametrize("lang", ["en", "cs", "hu"])
def test_every_event_type_reads_as_a_sentence_in_every_language(kind, lang):
    event = _example(kind)
    text = describe(event, 1, NAMES, lang)
    assert text.endswith(".") and "{" not in text and "}" not in text
    if event.get("seat") is not None and kind != "trade_route":
        assert "Jana" in text
    if lang != "en":
        # Card names appear in the log's language, never in English where they differ.
        for c in [*event.get("cards", ()), event.get("card")]:
            if c and card_name(c, lang) != c:
                assert c not in text and card_name(c, lang) in text, (c, text)


def test_unknown_language():
    with pytest.raises(UnsupportedLanguage):
        describe({"type": "shuffle", "seat": 0}, 0, NAMES, "de")
