"""Localized card names and the card catalog."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dominion import CARDS, UnknownCard, card_name, catalog, english_name
from dominion.cards.card import ACTION, define
from dominion.i18n import (
    DECLARED, SUPPORTED_LANGS, UnsupportedLanguage, card_text, is_unofficial,
    type_name,
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


# rules.md 8: every card's name in the seeds (Czech 000-003 in their lower-case
# spelling, Hungarian 004), None where no seed names the card.
SEED_NAMES = {
    "Copper": ("měďák", "Réz"), "Silver": ("stříbrňák", "Ezüst"), "Gold": ("zlaťák", "Arany"),
    "Estate": ("statek", "Birtok"), "Duchy": ("vévodství", "Hercegség"),
    "Province": ("provincie", "Tartomány"), "Curse": ("kletba", "Átok"),
    "Platinum": ("platina", None), "Colony": ("kolonie", None), "Adventurer": ("dobrodruh", None),
    "Artisan": (None, "Kézműves"), "Bandit": (None, "Rabló"),
    "Bureaucrat": ("úředník", "Hivatalnok"), "Cellar": ("sklepení", "Pince"),
    "Chancellor": ("kancléř", None), "Chapel": ("kaple", "Kápolna"),
    "Council Room": ("zasedání rady", "Tanácsterem"), "Feast": ("hostina", None),
    "Festival": ("jarmark", "Fesztivál"), "Gardens": ("zahrady", "Park"),
    "Harbinger": (None, "Hírvivő"), "Laboratory": ("laboratoř", "Laboratórium"),
    "Library": ("knihovna", "Könyvtár"), "Market": ("trh", "Piac"),
    "Merchant": (None, "Kereskedő"), "Militia": ("milice", "Polgárőrség"),
    "Mine": ("důl", "Bánya"), "Moat": ("hradní příkop", "Várárok"),
    "Moneylender": ("lichvář", "Uzsorás"), "Poacher": (None, "Vadorzó"),
    "Remodel": ("přestavba", "Átalakítás"), "Sentry": (None, "Őrszem"),
    "Smithy": ("kovárna", "Kovácsműhely"), "Spy": ("špion", None), "Thief": ("zloděj", None),
    "Throne Room": ("trůnní sál", "Trónterem"), "Vassal": (None, "Vazallus"),
    "Village": ("vesnice", "Falu"), "Witch": ("čarodějnice", "Boszorkány"),
    "Woodcutter": ("dřevorubec", None), "Workshop": ("dílna", "Műhely"), "Baron": ("baron", None),
    "Bridge": ("most", "Híd"), "Conspirator": (None, None), "Coppersmith": ("měditepec", None),
    "Courtier": (None, "Udvaronc"), "Courtyard": ("hradní nádvoří", None),
    "Diplomat": (None, "Diplomata"), "Duke": ("vévoda", None), "Great Hall": ("velký sál", None),
    "Harem": ("harém", "Hárem"), "Ironworks": ("hutě", None), "Lurker": (None, "Settenkedő"),
    "Masquerade": ("maškary", None), "Mill": (None, "Malom"),
    "Mining Village": ("důlní osada", "Bányászfalu"), "Minion": ("služebník", "Csatlós"),
    "Nobles": ("šlechtici", "Nemesek"), "Patrol": (None, "Őrjárat"),
    "Pawn": ("pěšák", "Udvarhölgy"), "Replace": (None, "Leváltás"), "Saboteur": (None, None),
    "Scout": ("zvěd", None), "Secret Chamber": ("tajemná komnata", None),
    "Secret Passage": (None, None), "Shanty Town": ("chudinská čtvrť", "Nyomornegyed"),
    "Steward": ("správce", None), "Swindler": ("podvodník", "Szélhámos"),
    "Torturer": ("žalářník", None), "Trading Post": (None, None),
    "Tribute": ("dar poddaných", None), "Upgrade": ("pokrok", None),
    "Wishing Well": ("studna přání", None), "Anvil": (None, None), "Bank": ("banka", "Bank"),
    "Bishop": ("biskup", None), "Charlatan": (None, None), "City": ("město", None),
    "Clerk": (None, None), "Collection": (None, None),
    "Contraband": ("kontraband", "Csempészaru"), "Counting House": ("zastavárna", "Könyvelés"),
    "Crystal Ball": (None, None), "Expand": ("růst", "Bővítés"), "Forge": ("kování", None),
    "Goons": ("hrdlořez", "Bűnözők"), "Grand Market": ("velký trh", "Nagypiac"),
    "Hoard": ("bohatství", "Felhalmozás"), "Investment": (None, None),
    "King's Court": ("královský dvůr", "Királyi udvar"), "Loan": ("půjčka", None),
    "Magnate": (None, None), "Mint": ("mincovna", "Pénzverde"),
    "Monument": ("památník", "Emlékmű"), "Mountebank": ("mastičkář", "Sarlatán"),
    "Peddler": ("podomní obchodník", None), "Quarry": ("kamenolom", None),
    "Rabble": ("dav", "Tombolás"), "Royal Seal": ("královská pečeť", "Királyi pecsét"),
    "Talisman": ("talisman", None), "Tiara": (None, None),
    "Trade Route": ("obchodní stezka", None), "Vault": ("trezor", "Páncélterem"),
    "Venture": ("odvážlivec", "Kockázat"), "War Chest": (None, None),
    "Watchtower": ("strážní věž", None), "Worker's Village": ("dělnická čtvrť", None),
}


def _display(seed: str) -> str:
    return seed[0].upper() + seed[1:]


def test_seed_names_are_kept_and_every_other_name_is_marked_unofficial():
    assert set(SEED_NAMES) == set(DECLARED)
    for name, seeds in SEED_NAMES.items():
        for lang, seed in zip(("cs", "hu"), seeds):
            assert is_unofficial(name, lang) is (seed is None), (name, lang)
            if seed is not None:
                # Only the first letter changes (Czech seeds write names lower-case).
                assert card_name(name, lang) == _display(seed), (name, lang)
        assert is_unofficial(name, "en") is False
    # rules.md 8.1: 22 of the 25 Intrigue 1E cards have a Czech name; 8.2: 14 Hungarian.
    intrigue = [SEED_NAMES[n] for n, d in DECLARED.items() if d.set == "intrigue"]
    assert sum(cs is not None for cs, _ in intrigue) == 22
    assert sum(hu is not None for _, hu in intrigue) == 14


def test_every_card_has_a_name_of_its_own_in_every_language():
    for lang in ("cs", "hu"):
        for name in DECLARED:
            assert card_name(name, lang), (name, lang)
    assert card_name("Woodcutter", "hu") != "Woodcutter"
    assert card_name("Artisan", "cs") != "Artisan"


def test_catalog_marks_our_names_unofficial():
    for lang in SUPPORTED_LANGS:
        for e in catalog(lang):
            assert e["unofficial"] is is_unofficial(e["name"], lang)
            assert e["local_name"] == card_name(e["name"], lang)
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
    # The translations differ between editions for the same cards, and only them.
    for lang in ("cs", "hu"):
        local = {e["name"]: e for e in catalog(lang)}
        assert {n for n, e in local.items() if e["texts"]["1"] != e["texts"]["2"]} == changed
        assert all(e["texts"]["2"] == card_text(n, lang) for n, e in local.items())


def test_type_names():
    assert [type_name(t, "cs") for t in ("Action", "Treasure", "Victory")] == \
        ["Akce", "Peníze", "Body"]
    assert type_name("Attack", "hu") == "Támadás"
    assert type_name("Reaction", "en") == "Reaction"
    moat = {e["name"]: e for e in catalog("hu")}["Moat"]
    assert moat["type_names"] == ["Akció", "Reakció"]


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
        "type_names": ["Akce"],
        "text": card_text("Village", "cs"),
        "texts": {"1": card_text("Village", "cs"), "2": card_text("Village", "cs")},
        "basic": False,
        "tags": ["village"],
    }
    assert by_name["Moat"]["types"] == ["Action", "Reaction"]
    assert by_name["Witch"]["types"] == ["Action", "Attack"]
    assert by_name["Artisan"]["local_name"] == "Řemeslník" and by_name["Artisan"]["unofficial"]
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
CLIENT_LANG = CLIENT_I18N.parent / "lang"  # one table a language: lang/en.js, lang/cs.js...
ENGINE_SOURCE = Path(__file__).resolve().parent.parent / "backend" / "dominion"

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
    # Prosperity (notes/prosperity-contract.md)
    "watchtower.reveal": ("trash", "deck", "no"),
    "crystal_ball.choose": ("trash", "discard", "play", "keep"),
    "loan.choose": ("discard", "trash"),
    "investment.choose": ("coin", "vp"),
    "vault.offer": ("yes", "no"),
    "mountebank.discard_curse": ("yes", "no"),
    "royal_seal.topdeck": ("yes", "no"),
    "tiara.topdeck": ("yes", "no"),
}

#: Every prompt key of the Prosperity contract, whether or not its card is registered yet.
PROSPERITY_PROMPTS = {
    "bishop.trash", "bishop.other_trash", "clerk.topdeck", "counting_house.take", "expand.trash",
    "expand.gain", "forge.trash", "forge.gain", "goons.discard", "kings_court.play",
    "mountebank.discard_curse", "rabble.order", "trade_route.trash", "vault.discard", "vault.offer",
    "vault.other_discard", "watchtower.reveal", "anvil.discard", "anvil.gain", "contraband.name",
    "crystal_ball.choose", "investment.trash", "investment.choose", "loan.choose", "mint.reveal",
    "royal_seal.topdeck", "tiara.topdeck", "tiara.play", "war_chest.name", "war_chest.gain",
    "turn_start.play",
}


def client_strings() -> dict[str, set[str]]:
    """The keys of each language table of the web client (frontend/js/lang/*.js)."""
    same = CLIENT_I18N.read_text().split("const SAME_PROMPT = {", 1)[1].split("\n};", 1)[0]
    # prompt.<each listed key> has the text of prompt.<shared>
    aliases = {f"prompt.{k}": f"prompt.{shared}"
               for shared, keys in re.findall(r"'([a-z][\w.-]*)': \[([^\]]*)\]", same)
               for k in re.findall(r"'([a-z][\w.-]*)'", keys)}
    out = {}
    for lang in SUPPORTED_LANGS:
        text = (CLIENT_LANG / f"{lang}.js").read_text()
        body = text.split(f"const {lang} = {{", 1)[1].split("\n};", 1)[0]
        keys, section = set(), None  # "home.new": `new` in the table's `home` section
        for line in body.splitlines():
            if m := re.match(r"  (\w+): \{$", line):
                section = m.group(1)
            elif m := re.match(r"    '?([\w.-]+)'?: ", line):
                keys.add(f"{section}.{m.group(1)}")
        # A key sharing another's text has it in this language if that one does.
        out[lang] = keys | {k for k, target in aliases.items() if target in keys}
    return out


def test_every_registered_prompt_has_a_client_text_in_every_language():
    from dominion.prompts import PROMPTS

    assert {"militia.discard", "reaction.reveal", "turn_start.play"} <= set(PROMPTS)
    # The Intrigue prompts of the contract, whether or not their cards are registered yet.
    keys = set(PROMPTS) | set(LABELLED_OPTIONS) | {
        "courtier.reveal", "courtyard.topdeck", "diplomat.discard", "ironworks.gain",
        "lurker.trash", "lurker.gain", "masquerade.pass", "masquerade.trash", "mill.discard",
        "patrol.order", "replace.trash", "replace.gain", "saboteur.gain", "scout.order",
        "secret_chamber.discard", "secret_chamber.topdeck", "secret_passage.card",
        "secret_passage.position", "steward.trash", "swindler.gain", "torturer.discard",
        "trading_post.trash", "upgrade.trash", "upgrade.gain", "wishing_well.name"} | PROSPERITY_PROMPTS
    for lang, have in client_strings().items():
        missing = sorted(k for k in keys if f"prompt.{k}" not in have)
        assert missing == [], f"the web client has no {lang} text for {missing}"


def test_every_option_id_has_a_client_label_in_every_language():
    for lang, have in client_strings().items():
        missing = sorted(f"{p}: {o}" for p, ids in LABELLED_OPTIONS.items() for o in ids
                         if f"opt.{p}.{o}" not in have and f"opt.{o}" not in have)
        assert missing == [], f"the web client has no {lang} label for {missing}"


def test_the_client_speaks_every_language_completely():
    """Every UI string of the English table exists in Czech and Hungarian (no English fallback)."""
    have = client_strings()
    for lang in ("cs", "hu"):
        assert sorted(have["en"] - have[lang]) == [], f"missing in {lang}"
        assert sorted(have[lang] - have["en"]) == [], f"{lang} has keys English lacks"
    # Each refusal the engine can give a command is told in words of every language.
    source = "\n".join(p.read_text() for p in ENGINE_SOURCE.rglob("*.py"))
    refusals = set(re.findall(r'_illegal\([^;]*?"([a-z_]+)"\)', source, re.S))
    assert {"no_buys", "pile_empty", "buy_forbidden", "wrong_phase"} <= refusals
    refusals |= {"not_your_decision", "game_over", "cannot_undo"}
    missing = {f"problem.{c}" for c in refusals} - (have["en"] & have["cs"] & have["hu"])
    assert missing == set()
