"""Localized card names and the card catalog."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dominion import CARDS, UnknownCard, card_name, catalog, english_name
from dominion.cards.card import ACTION, define
from dominion.i18n import DECLARED, SUPPORTED_LANGS, UnsupportedLanguage, card_names


def test_table_declares_all_107_cards_of_the_three_sets():
    assert len(DECLARED) == 107
    sets = {d.set for d in DECLARED.values()}
    assert sets == {"base", "intrigue", "prosperity"}
    # 7 basic cards + 25 1E kingdom cards + 7 added in 2E
    assert sum(d.set == "base" for d in DECLARED.values()) == 7 + 25 + 7
    assert SUPPORTED_LANGS == ("en", "cs", "hu")


def test_every_implemented_card_is_declared_with_the_same_set_and_editions():
    for name, card in CARDS.items():
        assert name in DECLARED, name
        assert DECLARED[name].set == card.set, name
        assert set(DECLARED[name].editions) == set(card.editions), name


@pytest.mark.parametrize(
    "name,lang,expected",
    [
        ("Copper", "cs", "Měďák"),
        ("Copper", "hu", "Réz"),
        ("Moat", "cs", "Hradní příkop"),
        ("Moat", "hu", "Várárok"),
        ("Throne Room", "cs", "Trůnní sál"),
        ("Militia", "hu", "Polgárőrség"),
        ("King's Court", "cs", "Královský dvůr"),
        ("King's Court", "hu", "Királyi udvar"),
        ("Mountebank", "hu", "Sarlatán"),
        ("Council Room", "en", "Council Room"),
        # No translation in the seeds: English.
        ("Artisan", "cs", "Artisan"),
        ("Platinum", "hu", "Platinum"),
        ("Charlatan", "hu", "Charlatan"),
        ("Adventurer", "hu", "Adventurer"),
    ],
)
def test_card_name(name, lang, expected):
    assert card_name(name, lang) == expected


def test_ambiguous_hungarian_trio_keeps_english_names():
    # rules.md 8.2: Csatlós/Udvarhölgy/Udvaronc are not mapped with certainty.
    for name in ("Courtier", "Minion", "Pawn"):
        assert card_name(name, "hu") == name
    names = set(card_names("hu").values())
    assert not names & {"Csatlós", "Udvarhölgy", "Udvaronc"}


def test_czech_names_are_capitalized_but_keep_the_seed_spelling():
    checked = 0
    for name, d in DECLARED.items():
        if d.cs is None:
            continue
        shown = card_name(name, "cs")
        assert shown[0].isupper(), shown
        assert shown[1:] == d.cs[1:]  # only the first letter changes
        assert shown.casefold() == d.cs.casefold()
        checked += 1
    assert checked >= 70


def test_local_names_are_unique_within_a_language():
    for lang in ("cs", "hu"):
        local = [card_name(n, lang) for n in DECLARED
                 if (DECLARED[n].cs if lang == "cs" else DECLARED[n].hu)]
        assert len(local) == len(set(x.casefold() for x in local)), lang


def test_english_name_round_trips_and_accepts_seed_misspellings():
    for lang in SUPPORTED_LANGS:
        for name in DECLARED:
            assert english_name(card_name(name, lang), lang) == name
    assert english_name("měďák") == "Copper"
    assert english_name("VÁRAK", "hu") == "Moat"
    assert english_name("Polgárórség", "hu") == "Militia"
    assert english_name("zahrada", "cs") == "Gardens"
    with pytest.raises(UnknownCard):
        english_name("Várak", "cs")
    with pytest.raises(UnknownCard):
        english_name("Nothing")


def test_bad_language_and_unknown_card():
    with pytest.raises(UnsupportedLanguage) as e:
        card_name("Copper", "de")
    assert e.value.code == "unsupported_language"
    with pytest.raises(UnsupportedLanguage):
        catalog("xx")
    with pytest.raises(UnknownCard):
        card_name("Nonexistent", "cs")


def test_names_of_declared_but_unimplemented_cards_are_available():
    assert card_name("Nobles", "cs") == "Šlechtici"
    assert card_name("Nobles", "hu") == "Nemesek"
    assert card_name("Worker's Village", "cs") == "Dělnická čtvrť"


def test_catalog_lists_exactly_the_implemented_cards():
    entries = catalog("cs")
    assert [e["name"] for e in entries].count("Village") == 1
    assert {e["name"] for e in entries} == set(CARDS)
    assert len(entries) == len(CARDS)
    by_name = {e["name"]: e for e in entries}
    village = by_name["Village"]
    assert village == {
        "name": "Village",
        "local_name": "Vesnice",
        "set": "base",
        "editions": ["1", "2"],
        "cost": 3,
        "types": ["Action"],
        "text": CARDS["Village"].text,
        "basic": False,
        "tags": ["village"],
    }
    assert by_name["Moat"]["types"] == ["Action", "Reaction"]
    assert by_name["Witch"]["types"] == ["Action", "Attack"]
    assert by_name["Artisan"]["local_name"] == "Artisan"
    assert by_name["Province"]["basic"] is True
    assert catalog()[0]["local_name"] == catalog()[0]["name"]
    assert [e["local_name"] for e in catalog("hu") if e["name"] == "Smithy"] == ["Kovácsműhely"]


def test_catalog_order_is_set_then_basic_then_cost_then_name():
    entries = catalog()
    ranks = {"base": 0, "intrigue": 1, "prosperity": 2}
    keys = [(ranks[e["set"]], not e["basic"], e["cost"], e["name"]) for e in entries]
    assert keys == sorted(keys)
    assert entries[0]["name"] == "Copper"


def test_catalog_follows_registration_with_english_fallback():
    name = "Test Only Card"
    define(name, 3, [ACTION], "base", ("2",), "Does nothing.")
    try:
        entry = [e for e in catalog("hu") if e["name"] == name]
        assert entry and entry[0]["local_name"] == name
        assert card_name(name, "cs") == name
    finally:
        CARDS.pop(name, None)
    assert name not in {e["name"] for e in catalog()}
    with pytest.raises(UnknownCard):
        card_name(name)


# --- the web client's texts for the engine's decisions -----------------------

CLIENT_I18N = Path(__file__).resolve().parent.parent / "frontend" / "js" / "i18n.js"

#: Option ids of the `option`/`options` prompts that the client labels one by
#: one (docs: notes/intrigue-contract.md); yes/no share the labels opt.yes/opt.no,
#: card names and deck positions are labelled from the catalog and by number.
LABELLED_OPTIONS = {
    "pawn.choose": ("card", "action", "buy", "coin"),
    "courtier.choose": ("action", "buy", "coins", "gold"),
    "lurker.choose": ("trash", "gain"),
    "minion.choose": ("coins", "attack"),
    "nobles.choose": ("cards", "actions"),
    "steward.choose": ("cards", "coins", "trash"),
    "torturer.choose": ("discard", "curse"),
    "baron.discard": ("yes", "no"),
    "mining_village.trash": ("yes", "no"),
}


def client_strings() -> dict[str, set[str]]:
    """The keys of each language table of the web client (frontend/js/i18n.js)."""
    text = CLIENT_I18N.read_text()
    out = {}
    for lang in SUPPORTED_LANGS:
        body = text.split(f"const {lang} = {{", 1)[1].split("\n};", 1)[0]
        out[lang] = set(re.findall(r"'([a-z][\w.-]*)':", body))
    return out


def test_every_registered_prompt_has_a_client_text_in_every_language():
    from dominion.prompts import PROMPTS

    assert {"militia.discard", "reaction.reveal"} <= set(PROMPTS)
    # The Intrigue prompts of the contract, whether or not their cards are registered yet.
    keys = set(PROMPTS) | set(LABELLED_OPTIONS) | {
        "courtier.reveal", "courtyard.topdeck", "diplomat.discard", "ironworks.gain",
        "lurker.trash", "lurker.gain", "masquerade.pass", "masquerade.trash", "mill.discard",
        "patrol.order", "replace.trash", "replace.gain", "saboteur.gain", "scout.order",
        "secret_chamber.discard", "secret_chamber.topdeck", "secret_passage.card",
        "secret_passage.position", "steward.trash", "swindler.gain", "torturer.discard",
        "trading_post.trash", "upgrade.trash", "upgrade.gain", "wishing_well.name"}
    for lang, have in client_strings().items():
        missing = sorted(k for k in keys if f"prompt.{k}" not in have)
        assert missing == [], f"the web client has no {lang} text for {missing}"


def test_every_option_id_has_a_client_label_in_every_language():
    for lang, have in client_strings().items():
        missing = sorted(f"{p}: {o}" for p, ids in LABELLED_OPTIONS.items() for o in ids
                         if f"opt.{p}.{o}" not in have and f"opt.{o}" not in have)
        assert missing == [], f"the web client has no {lang} label for {missing}"


def test_new_event_types_have_client_log_texts_in_every_language():
    for lang, have in client_strings().items():
        missing = sorted(k for k in ("log.pass", "log.name", "log.insert", "log.position",
                                     "log.trash_supply") if k not in have)
        assert missing == [], f"the web client has no {lang} log text for {missing}"
