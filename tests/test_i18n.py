"""Localized card names and the card catalog."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dominion import CARDS, UnknownCard, card_name, catalog, english_name
from dominion.cards.card import ACTION, define
from dominion.i18n import (
    DECLARED, SUPPORTED_LANGS, UnsupportedLanguage, card_names, is_unofficial,
)


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


def test_underlings_hungarian_trio_is_read_by_meaning():
    # rules.md 7.5/8.2 leave the pairing open; we read udvaronc = courtier,
    # csatlós = henchman (Minion), so udvarhölgy = Pawn (see i18n.py).
    assert card_name("Courtier", "hu") == "Udvaronc"
    assert card_name("Minion", "hu") == "Csatlós"
    assert card_name("Pawn", "hu") == "Udvarhölgy"
    assert english_name("udvarhölgy", "hu") == "Pawn"
    assert english_name("Csatlós") == "Minion"


# rules.md 8: every Intrigue card's name in the seeds (Czech 002/003, Hungarian 004),
# None where no seed names the card.
INTRIGUE_NAMES = {
    "Baron": ("baron", None), "Bridge": ("most", "Híd"), "Conspirator": (None, None),
    "Coppersmith": ("měditepec", None), "Courtier": (None, "Udvaronc"),
    "Courtyard": ("hradní nádvoří", None), "Diplomat": (None, "Diplomata"),
    "Duke": ("vévoda", None), "Great Hall": ("velký sál", None), "Harem": ("harém", "Hárem"),
    "Ironworks": ("hutě", None), "Lurker": (None, "Settenkedő"), "Masquerade": ("maškary", None),
    "Mill": (None, "Malom"), "Mining Village": ("důlní osada", "Bányászfalu"),
    "Minion": ("služebník", "Csatlós"), "Nobles": ("šlechtici", "Nemesek"),
    "Patrol": (None, "Őrjárat"), "Pawn": ("pěšák", "Udvarhölgy"), "Replace": (None, "Leváltás"),
    "Saboteur": (None, None), "Scout": ("zvěd", None), "Secret Chamber": ("tajemná komnata", None),
    "Secret Passage": (None, None), "Shanty Town": ("chudinská čtvrť", "Nyomornegyed"),
    "Steward": ("správce", None), "Swindler": ("podvodník", "Szélhámos"),
    "Torturer": ("žalářník", None), "Trading Post": (None, None),
    "Tribute": ("dar poddaných", None), "Upgrade": ("pokrok", None),
    "Wishing Well": ("studna přání", None),
}


def test_intrigue_names_follow_the_seeds_and_the_rest_are_marked_unofficial():
    intrigue = {n for n, d in DECLARED.items() if d.set == "intrigue"}
    assert intrigue == set(INTRIGUE_NAMES) and len(intrigue) == 32
    for name, (cs, hu) in INTRIGUE_NAMES.items():
        assert (DECLARED[name].cs, DECLARED[name].hu) == (cs, hu), name
        assert card_name(name, "cs") == (cs[0].upper() + cs[1:] if cs else name)
        assert card_name(name, "hu") == (hu or name)
        assert is_unofficial(name, "cs") is (cs is None)
        assert is_unofficial(name, "hu") is (hu is None)
        assert is_unofficial(name, "en") is False
    # 22 Czech names (rules.md 8.1: 22 of the 25 1st-edition cards) and 14 Hungarian.
    assert sum(cs is not None for cs, _ in INTRIGUE_NAMES.values()) == 22
    assert sum(hu is not None for _, hu in INTRIGUE_NAMES.values()) == 14


def test_catalog_marks_stand_in_names_unofficial():
    for lang in SUPPORTED_LANGS:
        for e in catalog(lang):
            assert e["unofficial"] is is_unofficial(e["name"], lang)
            if e["unofficial"]:
                assert e["local_name"] == e["name"]
    cs = {e["name"]: e for e in catalog("cs")}
    assert cs["Artisan"]["unofficial"] is True and cs["Village"]["unofficial"] is False
    assert not any(e["unofficial"] for e in catalog("en"))


def test_catalog_holds_the_text_of_each_edition():
    by_name = {e["name"]: e for e in catalog()}
    for e in by_name.values():
        assert e["texts"] == {"1": CARDS[e["name"]].text_for("1"),
                              "2": CARDS[e["name"]].text_for("2")}
        assert e["text"] == e["texts"]["2"]
    # rules.md 9: Throne Room, Mine and Moneylender became optional in the 2nd edition,
    # Masquerade skips empty hands, Mint, Hoard and Quarry moved to gaining / "this turn";
    # every other card plays alike in both.
    changed = {n for n, e in by_name.items() if e["texts"]["1"] != e["texts"]["2"]}
    assert changed == {"Throne Room", "Mine", "Moneylender", "Masquerade",
                       "Mint", "Hoard", "Quarry"}
    for name in ("Throne Room", "Mine", "Moneylender"):
        assert "may" in by_name[name]["texts"]["2"]
        assert "may" not in by_name[name]["texts"]["1"]


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
        "unofficial": False,
        "set": "base",
        "editions": ["1", "2"],
        "cost": 3,
        "types": ["Action"],
        "text": CARDS["Village"].text,
        "texts": {"1": CARDS["Village"].text, "2": CARDS["Village"].text},
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
