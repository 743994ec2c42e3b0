"""The text catalogs (``backend/dominion/locales/*.json``) are complete and consistent.

Every card has a name and a rules text in every language (and a 1st-edition
text wherever the card has one), and each translation carries the same numbers
and the same ``$`` amounts as the English text: "+2 Cards" must say 2 in
Czech and Hungarian too.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from dominion.cards.card import CARDS

LOCALES = Path(__file__).resolve().parents[1] / "backend" / "dominion" / "locales"
TRANSLATED = ("cs", "hu")


def _load(lang: str) -> dict:
    return json.loads((LOCALES / f"{lang}.json").read_text(encoding="utf-8"))


def _numbers(text: str) -> Counter:
    return Counter(re.findall(r"\d+", text))


def _money(text: str) -> Counter:
    return Counter(re.findall(r"\$\d+", text))


def _pairs(lang: str):
    """(card, field, English text, translation) for every text of every card."""
    entries = _load(lang)["cards"]
    for name, card in CARDS.items():
        entry = entries.get(name, {})
        yield name, "text", card.text, entry.get("text")
        if card.text_1e:
            yield name, "text_1e", card.text_1e, entry.get("text_1e")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalog_names_every_card_and_nothing_else(lang):
    data = _load(lang)
    assert data["lang"] == lang
    entries = data["cards"]
    assert set(entries) == set(CARDS), set(entries) ^ set(CARDS)
    for name, entry in entries.items():
        allowed = {"name", "unofficial", "note", "text"} | ({"text_1e"} if CARDS[name].text_1e else set())
        assert set(entry) <= allowed, (name, set(entry) - allowed)
        assert isinstance(entry.get("name"), str) and entry["name"].strip() == entry["name"] != "", name
        assert entry.get("unofficial", False) in (True, False), name


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_text_is_translated(lang):
    missing = [(n, f) for n, f, _, local in _pairs(lang) if not isinstance(local, str) or not local.strip()]
    assert not missing, f"{lang}: no text for {missing}"
    untranslated = [(n, f) for n, f, en, local in _pairs(lang) if local == en]
    assert not untranslated, f"{lang}: English left in {untranslated}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_every_number(lang):
    wrong = [
        (n, f, en, local) for n, f, en, local in _pairs(lang)
        if isinstance(local, str) and (_numbers(en) != _numbers(local) or _money(en) != _money(local))
    ]
    assert not wrong, "\n".join(f"{lang} {n}.{f}:\n  en: {en}\n  {lang}: {local}" for n, f, en, local in wrong)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_names_are_unique_in_a_language(lang):
    names = Counter(e["name"].casefold() for e in _load(lang)["cards"].values())
    assert [n for n, k in names.items() if k > 1] == []
