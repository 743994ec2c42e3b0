"""Card catalog, randomizer and presets endpoints, and health."""

from __future__ import annotations

from dominion import CARDS, catalog, presets, randomize


def test_catalog_in_each_language(client):
    en = client.get("/api/cards").get_json()
    assert en["lang"] == "en"
    assert [c["name"] for c in en["cards"]] == [c["name"] for c in catalog("en")]
    assert {c["name"] for c in en["cards"]} == set(CARDS)
    smithy = next(c for c in en["cards"] if c["name"] == "Smithy")
    assert smithy["cost"] == 4 and smithy["types"] == ["Action"] and smithy["set"] == "base"
    assert smithy["text"] and "draw" in smithy["tags"]
    cs = client.get("/api/cards?lang=cs").get_json()
    hu = client.get("/api/cards?lang=hu").get_json()
    local = {c["name"]: c["local_name"] for c in cs["cards"]}
    assert local["Village"] == "Vesnice"
    assert {c["name"]: c["local_name"] for c in hu["cards"]}["Copper"] == "Réz"
    r = client.get("/api/cards?lang=de")
    assert r.status_code == 400 and "lang" in r.get_json()["errors"]


def test_catalog_texts_and_types_are_in_the_language_asked_for(client):
    from dominion.i18n import card_text

    en, cs, hu = ({c["name"]: c for c in client.get(f"/api/cards?lang={lang}").get_json()["cards"]}
                  for lang in ("en", "cs", "hu"))
    assert en["Village"]["text"] == CARDS["Village"].text
    for lang, cards in (("cs", cs), ("hu", hu)):
        for name, c in cards.items():
            assert c["text"] == card_text(name, lang) != en[name]["text"], (lang, name)
            assert c["texts"]["1"] == card_text(name, lang, "1")
    assert cs["Village"]["text"] == "+1 Karta, +2 Akce."
    assert cs["Witch"]["type_names"] == ["Akce", "Útok"]
    assert hu["Witch"]["type_names"] == ["Akció", "Támadás"]
    assert en["Witch"]["type_names"] == ["Action", "Attack"]
    # 1st-edition texts differ where the rules did.
    assert cs["Throne Room"]["texts"]["1"] != cs["Throne Room"]["texts"]["2"]
    assert hu["Woodcutter"]["local_name"] == "Favágó" and hu["Woodcutter"]["unofficial"]


def test_random_kingdom_matches_the_engine_and_is_reproducible(client):
    q = "seed=42&sets=base&ban=Chapel,Witch&include=Moat&require=village,plus-buy,trashing"
    r = client.get(f"/api/kingdoms/random?{q}")
    assert r.status_code == 200
    k = r.get_json()
    expected = randomize(seed=42, sets=["base"], ban=["Chapel", "Witch"], include=["Moat"],
                         require=["village", "plus-buy", "trashing"]).to_dict()
    assert k == expected
    assert "Moat" in k["cards"] and not {"Chapel", "Witch"} & set(k["cards"])
    assert k["as_text"] == ", ".join(k["cards"])
    assert client.get(f"/api/kingdoms/random?{q}").get_json() == k
    # Repeated parameters are the same as a comma list.
    r2 = client.get("/api/kingdoms/random?seed=42&sets=base&ban=Chapel&ban=Witch&include=Moat"
                    "&require=village&require=plus-buy&require=trashing")
    assert r2.get_json() == k


def test_random_kingdom_options(client):
    k = client.get("/api/kingdoms/random?seed=3&count=8&spread=2-3:2,4:2,5%2B:2"
                   "&reaction=true&editions=2&colony=on").get_json()
    assert len(k["cards"]) == 8
    costs = [CARDS[c].cost for c in k["cards"]]
    assert sum(2 <= c <= 3 for c in costs) >= 2 and costs.count(4) >= 2
    assert sum(c >= 5 for c in costs) >= 2
    assert all("2" in CARDS[c].editions for c in k["cards"])
    if any(CARDS[c].is_attack for c in k["cards"]):
        assert any(CARDS[c].is_reaction for c in k["cards"])
    assert k["colony"] is True and k["colony_reason"] == "forced"
    auto = client.get("/api/kingdoms/random?seed=3").get_json()
    assert auto["colony_reason"] in ("no-prosperity", "all-prosperity", "random")
    assert 0 <= auto["colony_odds"] <= 1
    unseeded = client.get("/api/kingdoms/random").get_json()
    assert isinstance(unseeded["seed"], int)


def test_unknown_cards_are_422_naming_the_parameter(client):
    for q, constraint in {"include=Nonsense": "include", "ban=Nonsense": "ban",
                          "include=Copper": "include"}.items():
        r = client.get(f"/api/kingdoms/random?{q}")
        assert r.status_code == 422, q
        p = r.get_json()
        assert p["code"] == "unsatisfiable" and p["constraint"] == constraint, (q, p)


def test_constraints_that_cannot_all_be_met_give_a_kingdom_and_say_what_was_given_up(client):
    """Every request the document allows gets a kingdom (issue 24 point 4)."""
    cards = {c["name"]: c for c in client.get("/api/cards").get_json()["cards"]}
    cases = {
        "include=Moat&ban=Moat": ("ban", lambda k: "Moat" in k["cards"]),
        "spread=5%2B:11": ("cost:5+", lambda k: all(cards[c]["cost"] >= 5 for c in k["cards"])),
        "spread=976:3,4:2": ("cost:976", lambda k: sum(cards[c]["cost"] == 4
                                                       for c in k["cards"]) >= 2),
        "count=2&include=Moat,Village,Smithy": ("include",
                                                lambda k: k["cards"] == ["Moat", "Village"]),
        "sets=base&ban=Village,Festival&require=village,plus-buy": (
            "require:village", lambda k: any("plus-buy" in cards[c]["tags"] for c in k["cards"])),
    }
    for q, (constraint, holds) in cases.items():
        r = client.get(f"/api/kingdoms/random?seed=3&{q}")
        assert r.status_code == 200, (q, r.get_json())
        k = r.get_json()
        assert [u["constraint"] for u in k["unmet"]] == [constraint], (q, k["unmet"])
        assert k["unmet"][0]["message"] and holds(k), (q, k)
        count = int(dict(p.split("=") for p in q.split("&")).get("count", 10))
        assert len(k["cards"]) == count
    # A request that can be met in full is: nothing given up.
    assert client.get("/api/kingdoms/random?seed=3&spread=5%2B:4").get_json()["unmet"] == []


def test_presets(client):
    r = client.get("/api/kingdoms/presets")
    assert r.status_code == 200
    items = r.get_json()["presets"]
    assert [p["key"] for p in items] == [p.key for p in presets()]
    first = next(p for p in items if p["key"] == "first-game-1e")
    assert first["names"] == {"en": "First Game", "cs": "První hra", "hu": "Első játék"}
    assert first["names_unofficial"] == ["hu"] and first["available"] is True
    assert len(first["cards"]) == 10
    hu = next(p for p in items if p["key"] == "first-game-2e")
    assert hu["names"]["hu"] == "Első játék"
    only = client.get("/api/kingdoms/presets?available=true").get_json()["presets"]
    assert only and all(p["available"] for p in only)
    assert len(only) == len(presets(available_only=True)) <= len(items)


def test_health(client):
    r = client.get("/api/health")
    assert r.status_code == 200
    assert r.get_json()["status"] == "ok" and r.get_json()["database"] == "ok"
