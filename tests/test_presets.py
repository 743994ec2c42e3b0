"""Recommended kingdoms from the rulebooks (rules.md section 7)."""

from __future__ import annotations

import pytest

from dominion import CARDS, InvalidSetup, english_name, get_preset, new_game, preset, presets
from dominion.i18n import DECLARED
from dominion.presets import PRESETS

# rules.md section 7, transcribed as the seeds print them: (key, English name,
# language, local name, the cards in that language as listed in the seed).
# Czech seed names are mapped to English through the i18n table, so this also
# checks that table, Underlings' Csatlós/Udvarhölgy/Udvaronc included (read as
# rules.md 8.2 suggests, see AMBIGUOUS_HU).
SEED_LISTS = [
    ("first-game-1e", "First Game", "cs", "První hra",
     "dílna, dřevorubec, důl, hradní příkop, kovárna, milice, přestavba, sklepení, trh, vesnice"),
    ("big-money", "Big Money", "cs", "Velké peníze",
     "dobrodruh, důl, hostina, kancléř, kaple, laboratoř, lichvář, trh, trůnní sál, úředník"),
    ("interaction", "Interaction", "cs", "Interakce",
     "hradní příkop, jarmark, kancléř, knihovna, milice, špion, úředník, vesnice, "
     "zasedání rady, zloděj"),
    ("size-distortion-1e", "Size Distortion", "cs", "Změna velikosti",
     "čarodějnice, dílna, dřevorubec, hostina, kaple, laboratoř, sklepení, vesnice, zahrada, "
     "zloděj"),
    ("village-square", "Village Square", "cs", "Náves",
     "dřevorubec, jarmark, knihovna, kovárna, přestavba, sklepení, trh, trůnní sál, úředník, "
     "vesnice"),
    ("beginners", "Beginners", "cs", "Začátečník",
     "banka, dav, dělnická čtvrť, hrdlořez, královská pečeť, odvážlivec, památník, růst, "
     "strážní věž, zastavárna"),
    ("friendly-interactive", "Friendly Interactive", "cs", "Přátelská interakce",
     "biskup, dělnická čtvrť, kontraband, kování, královská pečeť, město, obchodní stezka, "
     "podomní obchodník, bohatství, trezor"),
    ("big-actions", "Big Actions", "cs", "Velká akce",
     "dav, kamenolom, královský dvůr, město, mincovna, půjčka, růst, trezor, talisman, velký trh"),
    ("biggest-money-1e", "Biggest Money", "cs", "Hromada peněz",
     "banka, královská pečeť, mincovna, odvážlivec, velký trh, dobrodruh, důl, laboratoř, "
     "lichvář, špion"),
    ("kings-army-1e", "The King's Army", "cs", "Královské vojsko",
     "dav, hrdlořez, královský dvůr, růst, trezor, hradní příkop, špion, úředník, vesnice, "
     "zasedání rady"),
    ("good-life-1e", "The Good Life", "cs", "Dobrý život",
     "kontraband, mastičkář, památník, bohatství, zastavárna, kancléř, sklepení, úředník, "
     "vesnice, zahrady"),
    ("paths-to-victory", "Paths to Victory", "cs", "Cesta k vítězství",
     "biskup, hrdlořez, památník, podomní obchodník, zastavárna, baron, harém, chudinská čtvrť, "
     "pěšák, pokrok"),
    ("all-along-the-watchtower", "All Along the Watchtower", "cs", "Podél strážních věží",
     "obchodní stezka, bohatství, trezor, strážní věž, talisman, důlní osada, most, pěšák, "
     "velký sál, žalářník"),
    ("lucky-seven", "Lucky Seven", "cs", "Dobrý rytíř",
     "banka, kování, královský dvůr, růst, trezor, dar poddaných, měditepec, most, podvodník, "
     "studna přání"),
    ("victory-dance", "Victory Dance", "cs", "První hra",
     "pěšák, velký sál, maškary, most, hutě, zvěd, pokrok, vévoda, šlechtici, harém"),
    ("first-game-2e", "First Game", "hu", "Első játék",
     "Átalakítás, Bánya, Falu, Kereskedő, Kovácsműhely, Műhely, Piac, Pince, Polgárórség, Várak"),
    ("size-distortion-2e", "Size Distortion", "hu", "Mérettorzítás",
     "Boszorkány, Fesztivál, Hivatalnok, Kápolna, Kézműves, Műhely, Őrszem, Park, Rabló, "
     "Trónterem"),
    ("deck-top", "Deck Top", "hu", "Paklitető",
     "Falu, Fesztivál, Hírvivő, Hivatalnok, Kézműves, Laboratórium, Őrszem, Tanácsterem, "
     "Uzsorás, Vazallus"),
    ("sleight-of-hand", "Sleight of Hand", "hu", "Kézügyesség",
     "Fesztivál, Hírvivő, Kovácsműhely, Könyvtár, Park, Pince, Polgárórség, Tanácsterem, "
     "Trónterem, Vadorzó"),
    ("improvements", "Improvements", "hu", "Fejlesztések",
     "Átalakítás, Bánya, Boszorkány, Kereskedő, Kézműves, Piac, Pince, Uzsorás, Vadorzó, Várak"),
    ("silver-and-gold", "Silver & Gold", "hu", "Ezüst és Arany",
     "Bánya, Hírvivő, Hivatalnok, Kápolna, Kereskedő, Laboratórium, Rabló, Trónterem, Uzsorás, "
     "Vazallus"),
    ("underlings", "Underlings", "hu", "Alattvalók",
     "Fesztivál, Könyvtár, Őrszem, Pince, Vazallus, Csatlós, Diplomata, Nemesek, Udvarhölgy, "
     "Udvaronc"),
    ("grand-scheme", "Grand Scheme", "hu", "A Nagy Terv",
     "Kézműves, Műhely, Piac, Polgárórség, Tanácsterem, Bányászfalu, Híd, Malom, Nyomornegyed, "
     "Őrjárat"),
    ("deconstruction", "Deconstruction", "hu", "Felszámolás",
     "Átalakítás, Bánya, Falu, Rabló, Trónterem, Diplomata, Hárem, Settenkedő, Leváltás, "
     "Szélhámos"),
    ("biggest-money-2e", "Biggest Money", "hu", "A legtöbb pénz",
     "Bánya, Hírvivő, Kézműves, Laboratórium, Uzsorás, Bank, Királyi pecsét, Kockázat, "
     "Nagypiac, Pénzverde"),
    ("kings-army-2e", "The King's Army", "hu", "A király serege",
     "Falu, Hivatalnok, Kereskedő, Tanácsterem, Várak, Bővítés, Bűnözők, Királyi udvar, "
     "Páncélterem, Tombolás"),
    ("good-life-2e", "The Good Life", "hu", "Jó élet",
     "Falu, Hivatalnok, Kézműves, Park, Pince, Csempészaru, Emlékmű, Felhalmozás, Könyvelés, "
     "Sarlatán"),
]

# rules.md 8.2's reading of the ambiguous Hungarian names (only used in Underlings);
# i18n.py follows it, so english_name must agree.
AMBIGUOUS_HU = {"Csatlós": "Minion", "Udvarhölgy": "Pawn", "Udvaronc": "Courtier"}

BASE_ONLY = {"first-game-1e", "big-money", "interaction", "size-distortion-1e",
             "village-square", "first-game-2e", "size-distortion-2e", "deck-top",
             "sleight-of-hand", "improvements", "silver-and-gold"}


def _english(local: str, lang: str) -> str:
    return english_name(local, lang)


def test_underlings_names_are_read_as_rules_md_suggests():
    for local, name in AMBIGUOUS_HU.items():
        assert english_name(local, "hu") == name
    assert {"Minion", "Pawn", "Courtier"} <= set(get_preset("underlings").cards)


# The Czech rulebooks (seeds 000-003) are 1st edition, the Hungarian one (004) 2nd.
def test_each_preset_plays_the_edition_of_its_rulebook():
    for p in PRESETS:
        assert p.edition == ("2" if p.source == ("004",) else "1"), p.key
        assert p.to_dict()["edition"] == p.edition
    assert get_preset("victory-dance").edition == "1"
    assert get_preset("first-game-1e").edition == "1"
    assert {get_preset(k).edition for k in ("underlings", "grand-scheme", "deconstruction",
                                             "first-game-2e")} == {"2"}
    assert {get_preset(k).edition for k in ("paths-to-victory", "lucky-seven")} == {"1"}



def test_every_seed_kingdom_is_listed_once_and_nothing_else():
    assert [p.key for p in PRESETS] == [row[0] for row in SEED_LISTS]
    assert len({p.key for p in PRESETS}) == len(PRESETS) == 27


@pytest.mark.parametrize("key,name,lang,local,cards", SEED_LISTS, ids=[r[0] for r in SEED_LISTS])
def test_preset_matches_the_seed(key, name, lang, local, cards):
    p = get_preset(key)
    assert p.key == key
    assert p.name == name
    assert p.names == {lang: local}
    assert p.local_name(lang) == local
    assert p.local_name("en") == name
    expected = {_english(c.strip(), lang) for c in cards.split(",")}
    assert set(p.cards) == expected


@pytest.mark.parametrize("p", PRESETS, ids=[p.key for p in PRESETS])
def test_ten_distinct_known_or_declared_kingdom_cards_and_their_sets(p):
    assert len(p.cards) == 10
    assert len(set(p.cards)) == 10
    for name in p.cards:
        assert name in CARDS or name in DECLARED, name
        assert name not in ("Copper", "Silver", "Gold", "Estate", "Duchy", "Province",
                            "Curse", "Platinum", "Colony")
    used = {DECLARED[c].set for c in p.cards}
    assert set(p.sets) == used
    order = ("base", "intrigue", "prosperity")
    assert list(p.sets) == [s for s in order if s in used]


def test_base_presets_use_one_edition_each():
    for p in PRESETS:
        if set(p.sets) != {"base"}:
            continue
        edition = "2" if "004" in p.source else "1"  # 004 is the 2nd-edition rulebook
        for c in p.cards:
            assert edition in DECLARED[c].editions, (p.key, c)


def test_available_means_every_card_is_implemented():
    for p in PRESETS:
        assert p.available == all(c in CARDS for c in p.cards)
        assert p.missing() == [c for c in p.cards if c not in CARDS]
        assert p.to_dict()["available"] == p.available
    assert {p.key for p in PRESETS if set(p.sets) == {"base"}} == BASE_ONLY
    assert all(get_preset(k).available for k in BASE_ONLY)
    assert [p.key for p in presets(available_only=True)] == [p.key for p in PRESETS if p.available]
    assert presets() == PRESETS


def test_every_preset_is_playable_now_that_prosperity_is_in():
    intrigue = [p for p in PRESETS if "intrigue" in p.sets]
    assert [p.key for p in intrigue] == [
        "paths-to-victory", "all-along-the-watchtower", "lucky-seven", "victory-dance",
        "underlings", "grand-scheme", "deconstruction"]
    prosperity = [p.key for p in PRESETS if "prosperity" in p.sets]
    assert prosperity == [
        "beginners", "friendly-interactive", "big-actions", "biggest-money-1e",
        "kings-army-1e", "good-life-1e", "paths-to-victory", "all-along-the-watchtower",
        "lucky-seven", "biggest-money-2e", "kings-army-2e", "good-life-2e"]
    for p in PRESETS:
        assert p.available and not p.missing() and p.kingdom() == list(p.cards), p.key
    assert presets(available_only=True) == PRESETS


def test_missing_cards_make_a_preset_unplayable_until_registered():
    p = get_preset("beginners")
    assert p.available
    # Availability is computed on each call: unregistering a card takes the preset out.
    taken = {name: CARDS.pop(name) for name in ("Goons", "Venture")}
    try:
        assert not p.available and p.missing() == ["Goons", "Venture"]
        assert p.key not in {q.key for q in presets(available_only=True)}
        with pytest.raises(InvalidSetup) as e:
            p.kingdom()
        assert "Goons" in e.value.message and "Venture" in e.value.message
    finally:
        CARDS.update(taken)
    assert p.available and p.kingdom() == list(p.cards)


@pytest.mark.parametrize("p", [p for p in PRESETS if p.available], ids=lambda p: p.key)
def test_playable_presets_set_up_a_game(p):
    game = new_game(2, p.kingdom(), seed=11, edition=p.edition)
    state = game.state
    assert state.edition == p.edition
    assert sorted(state.kingdom) == sorted(p.cards)
    for name in p.cards:
        assert state.supply[name] == (8 if CARDS[name].is_victory else 10)
    assert len(state.supply) == 7 + 10
    assert all(len(pl.hand) == 5 for pl in state.players)


def test_lookup_by_key_english_or_local_name():
    first_1e = get_preset("first-game-1e")
    # A shared name gives the first preset, which keeps the 1E First Game.
    assert preset("First Game") == list(first_1e.cards)
    assert "Woodcutter" in preset("first game")
    assert preset("  PRVNÍ HRA ") == list(first_1e.cards)
    assert preset("Első játék") == list(get_preset("first-game-2e").cards)
    assert "Merchant" in preset("first-game-2e")
    assert preset("Dobrý rytíř") == list(get_preset("lucky-seven").cards)
    assert get_preset("A Nagy Terv").key == "grand-scheme"
    with pytest.raises(InvalidSetup):
        preset("No Such Kingdom")


def test_every_preset_is_named_in_every_language_with_our_names_marked():
    for p in PRESETS:
        d = p.to_dict()
        assert set(d["names"]) == {"en", "cs", "hu"}, p.key
        assert d["names"]["en"] == p.name
        # The seeds' own language is never ours: Czech seeds 000-003, Hungarian 004.
        seed_lang = "hu" if p.source == ("004",) else "cs"
        assert d["names_unofficial"] == sorted({"cs", "hu"} - {seed_lang}), p.key
        assert p.local_name(seed_lang) == p.names[seed_lang]
    assert get_preset("first-game-1e").local_name("hu") == "Első játék"
    assert get_preset("first-game-2e").local_name("cs") == "První hra"
    # A rulebook's name wins over our translation of another preset's name.
    assert get_preset("Első játék").key == "first-game-2e"
    assert get_preset("První hra").key == "first-game-1e"


def test_to_dict_is_plain_data():
    d = get_preset("deck-top").to_dict()
    assert d["key"] == "deck-top"
    assert d["names"] == {"en": "Deck Top", "cs": "Vršek balíčku", "hu": "Paklitető"}
    assert d["names_unofficial"] == ["cs"]
    assert d["sets"] == ["base"]
    assert d["source"] == ["004"]
    assert len(d["cards"]) == 10
