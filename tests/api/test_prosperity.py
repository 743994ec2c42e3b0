"""Prosperity over the API: names and texts, presets and the Platinum/Colony rule, the
randomizer, the new mechanics end to end (forbidden buys, VP tokens, the Trade Route
mat, decisions of seats whose turn it is not) and the size of a stored game."""

from __future__ import annotations

import json

import pytest

from dominion import CARDS, Game, get_preset, new_game
from dominion.bots import make_bot
from dominion.randomizer import decide_colony
from dominion.rng import Rng
from dominion_server.extensions import db
from dominion_server.models import CommandRow, GameRow

from .support import bearer, command, create, get, state, stored
from .test_intrigue import human_move

#: The 2nd-edition Prosperity box's kingdom cards, and the 1st-edition one's.
BOTH = {"Bank", "Bishop", "City", "Expand", "Forge", "Grand Market", "Hoard", "King's Court",
        "Mint", "Monument", "Peddler", "Quarry", "Rabble", "Vault", "Watchtower",
        "Worker's Village"}
FIRST_ONLY = {"Contraband", "Counting House", "Goons", "Loan", "Mountebank", "Royal Seal",
              "Talisman", "Trade Route", "Venture"}
SECOND_ONLY = {"Anvil", "Charlatan", "Clerk", "Collection", "Crystal Ball", "Investment",
               "Magnate", "Tiara", "War Chest"}
PROSPERITY = BOTH | FIRST_ONLY | SECOND_ONLY

#: Seed 002 (Czech Prosperity 1st edition): every 1st-edition card, Platinum and Colony.
CZECH = {
    "Bank": "Banka", "Bishop": "Biskup", "City": "Město", "Contraband": "Kontraband",
    "Counting House": "Zastavárna", "Expand": "Růst", "Forge": "Kování", "Goons": "Hrdlořez",
    "Grand Market": "Velký trh", "Hoard": "Bohatství", "King's Court": "Královský dvůr",
    "Loan": "Půjčka", "Mint": "Mincovna", "Monument": "Památník", "Mountebank": "Mastičkář",
    "Peddler": "Podomní obchodník", "Quarry": "Kamenolom", "Rabble": "Dav",
    "Royal Seal": "Královská pečeť", "Talisman": "Talisman", "Trade Route": "Obchodní stezka",
    "Vault": "Trezor", "Venture": "Odvážlivec", "Watchtower": "Strážní věž",
    "Worker's Village": "Dělnická čtvrť", "Platinum": "Platina", "Colony": "Kolonie",
}
#: Seed 004 (Hungarian Base 2E), its three Base + Prosperity kingdoms. "Sarlatán" is
#: Mountebank (Jó élet lists it with the 1st-edition cards), not Charlatan.
HUNGARIAN = {
    "Bank": "Bank", "Royal Seal": "Királyi pecsét", "Venture": "Kockázat",
    "Grand Market": "Nagypiac", "Mint": "Pénzverde", "Expand": "Bővítés", "Goons": "Bűnözők",
    "King's Court": "Királyi udvar", "Vault": "Páncélterem", "Rabble": "Tombolás",
    "Contraband": "Csempészaru", "Monument": "Emlékmű", "Hoard": "Felhalmozás",
    "Counting House": "Könyvelés", "Mountebank": "Sarlatán",
}

#: Seed 002's nine kingdoms (1st edition) and seed 004's three Base + Prosperity ones.
PRESETS_002 = ["beginners", "friendly-interactive", "big-actions", "biggest-money-1e",
               "kings-army-1e", "good-life-1e", "paths-to-victory",
               "all-along-the-watchtower", "lucky-seven"]
PRESETS_004 = ["biggest-money-2e", "kings-army-2e", "good-life-2e"]
ALL_PROSPERITY = {"beginners", "friendly-interactive", "big-actions"}

HUMANS = [{"kind": "human", "name": "Ann"}, {"kind": "human"}]


def rewrite(app, gid: str, saved: dict) -> None:
    with app.app_context():
        db.session.get(GameRow, gid).state = json.dumps(saved)
        db.session.commit()
        db.session.remove()


def stored_setup(app, gid: str) -> dict:
    with app.app_context():
        setup = json.loads(db.session.get(GameRow, gid).setup)
        db.session.remove()
    return setup


def humans_game(client, kingdom: list[str], seed: int = 7, players: int = 2, **extra):
    """A started game of ``players`` humans: (game id, {seat: token})."""
    g = create(client, [HUMANS[0]] + [{"kind": "human"}] * (players - 1), kingdom=kingdom,
               seed=seed, **extra)
    tokens = {g["seat"]: g["token"]}
    for i in range(players - 1):
        j = client.post(f"/api/games/{g['id']}/join", json={"name": f"P{i + 2}"})
        assert j.status_code == 200, j.get_json()
        tokens[j.get_json()["seat"]] = j.get_json()["token"]
    return g["id"], tokens


def arrange(app, gid: str, hands: dict[int, list[str]], deck: list[str] | None = None,
            supply: dict[str, int] | None = None) -> int:
    """Give seats these hands (the player whose turn it is, at the start of its Action
    phase, also ``deck``); returns that player's seat (``hands`` keys are offsets from it)."""
    saved = state(app, gid)
    st = saved["state"]
    player = st["turn"]["seat"]
    assert st["turn"]["phase"] == "action" and st["turn"]["coins"] == 0
    n = len(st["players"])
    for offset, hand in hands.items():
        st["players"][(player + offset) % n]["hand"] = list(hand)
    if deck is not None:
        st["players"][player]["deck"] = list(deck)
    for pile, count in (supply or {}).items():
        st["supply"] = [[k, count if k == pile else v] for k, v in st["supply"]]
    rewrite(app, gid, saved)
    return player


def view_of(client, gid: str, token: str | None) -> dict:
    return get(client, gid, token).get_json()["view"]


# ---------------------------------------------------------------------------
# Names, texts, types


def test_the_catalog_serves_every_prosperity_card_in_each_language(client):
    en = {c["name"]: c for c in client.get("/api/cards").get_json()["cards"]}
    pros = {n for n, c in en.items() if c["set"] == "prosperity"}
    assert pros == PROSPERITY | {"Platinum", "Colony"}
    for name in pros:
        c = en[name]
        assert set(c["texts"]) == {"1", "2"} and all(c["texts"].values()), name
        assert c["text"] == c["texts"]["2"] and c["unofficial"] is False
    assert {n for n in pros if en[n]["texts"]["1"] != en[n]["texts"]["2"]} == {
        "Mint", "Hoard", "Quarry"}
    assert {n for n in pros if en[n]["editions"] == ["1"]} == FIRST_ONLY
    assert {n for n in pros if en[n]["editions"] == ["2"]} == SECOND_ONLY
    assert en["Clerk"]["types"] == ["Action", "Attack", "Reaction"]
    assert en["Watchtower"]["types"] == ["Action", "Reaction"]
    assert en["Mountebank"]["types"] == ["Action", "Attack"]
    assert en["Goons"]["types"] == ["Action", "Attack"]
    assert en["Platinum"]["basic"] and en["Colony"]["basic"]
    assert (en["Platinum"]["cost"], en["Colony"]["cost"]) == (9, 11)
    assert en["Peddler"]["cost"] == 8
    # The randomizer tags of the contract.
    assert "village" in en["Worker's Village"]["tags"] and "plus-buy" in en["Tiara"]["tags"]
    assert "plus-buy" not in en["City"]["tags"] and "trashing" in en["Loan"]["tags"]

    cs = {c["name"]: c for c in client.get("/api/cards?lang=cs").get_json()["cards"]}
    for name in pros:
        if name in CZECH:
            assert (cs[name]["local_name"], cs[name]["unofficial"]) == (CZECH[name], False)
        else:  # the 2nd-edition additions: no Czech rulebook names them
            assert name in SECOND_ONLY
            assert cs[name]["unofficial"] is True and cs[name]["local_name"] != name
        assert cs[name]["texts"] != en[name]["texts"]  # rules texts are Czech

    hu = {c["name"]: c for c in client.get("/api/cards?lang=hu").get_json()["cards"]}
    for name in pros:
        if name in HUNGARIAN:
            assert (hu[name]["local_name"], hu[name]["unofficial"]) == (HUNGARIAN[name], False)
        else:
            assert hu[name]["unofficial"] is True, name
    # The trap: Sarlatán is Mountebank; Charlatan has no Hungarian name in the seeds.
    assert hu["Mountebank"]["local_name"] == "Sarlatán"
    assert hu["Charlatan"]["local_name"] == "Kuruzsló" and hu["Charlatan"]["unofficial"]


def test_a_kingdom_typed_in_czech_or_hungarian_gives_the_prosperity_cards(client):
    cs = ["banka", "dav", "dělnická čtvrť", "hrdlořez", "královská pečeť", "odvážlivec",
          "památník", "růst", "strážní věž", "zastavárna"]  # seed 002's Začátečník, verbatim
    g = create(client, kingdom=cs)
    assert sorted(g["game"]["setup"]["kingdom"]) == sorted(get_preset("beginners").cards)
    hu = ["Falu", "Hivatalnok", "Kézműves", "Park", "Pince", "Csempészaru", "Emlékmű",
          "Felhalmozás", "Könyvelés", "Sarlatán"]  # seed 004's Jó élet
    g = create(client, kingdom=hu)
    assert sorted(g["game"]["setup"]["kingdom"]) == sorted(get_preset("good-life-2e").cards)
    assert "Mountebank" in g["game"]["setup"]["kingdom"]


# ---------------------------------------------------------------------------
# Presets and the Platinum/Colony rule


def test_every_prosperity_preset_is_offered_and_playable(client):
    items = {p["key"]: p for p in
             client.get("/api/kingdoms/presets?available=true").get_json()["presets"]}
    for key in PRESETS_002 + PRESETS_004:
        p = items[key]
        assert "prosperity" in p["sets"] and p["available"] is True
        assert p["edition"] == ("1" if key in PRESETS_002 else "2")
    assert sum("prosperity" in p["sets"] for p in items.values()) == 12
    assert {k for k, p in items.items() if p["sets"] == ["intrigue", "prosperity"]} == {
        "paths-to-victory", "all-along-the-watchtower", "lucky-seven"}
    assert {k for k, p in items.items() if p["sets"] == ["base", "prosperity"]} == {
        "biggest-money-1e", "kings-army-1e", "good-life-1e", *PRESETS_004}
    assert items["good-life-2e"]["names"]["hu"] == "Jó élet"
    assert items["good-life-2e"]["names_unofficial"] == ["cs"]
    assert items["lucky-seven"]["names"]["cs"] == "Dobrý rytíř"
    assert items["lucky-seven"]["names_unofficial"] == ["hu"]
    # A game may be asked for by a rulebook's own name; a shared English name gives the
    # 1st-edition (seed 002) kingdom.
    for name, key in (("Dobrý rytíř", "lucky-seven"), ("A legtöbb pénz", "biggest-money-2e"),
                      ("Biggest Money", "biggest-money-1e"), ("Začátečník", "beginners")):
        g = create(client, preset=name)
        assert g["game"]["setup"]["preset"] == key, name


@pytest.mark.parametrize("key", PRESETS_002 + PRESETS_004)
def test_a_preset_game_applies_the_colony_rule_and_the_rulebooks_edition(client, app, key):
    preset = get_preset(key)
    share = sum(CARDS[c].set == "prosperity" for c in preset.cards) / 10
    seen = set()
    for seed in range(12):
        g = create(client, preset=key, seed=seed)
        setup = g["game"]["setup"]
        view = g["game"]["view"]
        assert setup["edition"] == view["edition"] == preset.edition
        assert setup["preset"] == key and sorted(setup["kingdom"]) == sorted(preset.cards)
        assert setup["colony_odds"] == share
        if key in ALL_PROSPERITY:
            assert (setup["colony"], setup["colony_reason"]) == (True, "all-prosperity")
        else:
            # One kingdom card picked at random, from a generator derived from the seed.
            want, _, _ = decide_colony(preset.cards, Rng(seed + 1))
            assert (setup["colony"], setup["colony_reason"]) == (want, "random")
        piles = {p["card"]: p["count"] for p in view["supply"]}
        if setup["colony"]:
            assert (piles["Platinum"], piles["Colony"]) == (12, 8)  # 2 players
        else:
            assert "Platinum" not in piles and "Colony" not in piles
        kept = stored_setup(app, g["id"])
        assert {k: kept[k] for k in ("colony", "colony_odds", "colony_reason", "edition")} \
            == {k: setup[k] for k in ("colony", "colony_odds", "colony_reason", "edition")}
        seen.add(setup["colony"])
        if key in ALL_PROSPERITY and seed > 2:
            break
    if key not in ALL_PROSPERITY:
        assert seen == {True, False}, "a mixed kingdom sometimes has them, sometimes not"


@pytest.mark.parametrize("edition", [None, "2"], ids=["rulebook-1e", "told-2e"])
def test_a_1st_edition_preset_plays_the_1st_edition_quarry_and_mint(client, app, edition):
    """Big Actions (seed 002) plays 1E texts: Quarry lowers Action costs only while in
    play, so the Mint bought with it (trashing the Treasures in play) ends the discount.
    The 2nd edition's Quarry lowers them for the turn."""
    extra = {"edition": edition} if edition else {}
    g = create(client, preset="big-actions", colony="off", **extra)
    gid, tok = g["id"], g["token"]
    assert g["game"]["view"]["edition"] == (edition or "1")
    me = arrange(app, gid, {0: ["Grand Market", "Quarry", "Gold", "Gold", "Gold"]},
                 deck=["Copper"])
    r = command(client, gid, tok, {"type": "play", "card": "Grand Market"})
    assert r.status_code == 200, r.get_json()
    r = command(client, gid, tok, {"type": "play_treasures"})
    view = r.get_json()["view"]
    cost = {p["card"]: p["cost"] for p in view["supply"]}
    # Mint is an Action card too: $3 with the Quarry.
    assert (cost["King's Court"], cost["Mint"], view["turn"]["coins"]) == (5, 3, 13)
    r = command(client, gid, tok, {"type": "buy", "card": "Mint"})
    assert r.status_code == 200, r.get_json()
    view = r.get_json()["view"]
    assert view["players"][me]["in_play"] == ["Grand Market"]
    assert sorted(view["trash"]) == ["Copper", "Gold", "Gold", "Gold", "Quarry"]
    cost = {p["card"]: p["cost"] for p in view["supply"]}
    assert cost["King's Court"] == (7 if edition is None else 5)
    assert view["turn"]["coins"] == 10 and view["turn"]["buys"] == 1


@pytest.mark.parametrize("key", ["big-actions", "lucky-seven", "good-life-2e"])
def test_the_creator_may_force_platinum_and_colony(client, app, key):
    share = sum(CARDS[c].set == "prosperity" for c in get_preset(key).cards) / 10
    for choice, on in (("on", True), ("off", False)):
        g = create(client, [HUMANS[0], {"kind": "bot", "bot": "generic"},
                            {"kind": "bot", "bot": "big-money"}], preset=key, colony=choice)
        setup = g["game"]["setup"]
        assert (setup["colony"], setup["colony_reason"], setup["colony_odds"]) == (
            on, "forced", share)
        assert stored_setup(app, g["id"])["colony"] is on
        piles = {p["card"]: p["count"] for p in g["game"]["view"]["supply"]}
        assert (piles.get("Platinum"), piles.get("Colony")) == ((12, 12) if on else (None, None))
        saved = state(app, g["id"])["state"]
        assert ("Colony" in dict(saved["supply"])) is on


def test_an_empty_colony_pile_ends_the_game(client, app):
    g = create(client, kingdom=sorted(get_preset("big-actions").cards), colony="auto")
    assert g["game"]["setup"]["colony_reason"] == "all-prosperity"
    gid, tok = g["id"], g["token"]
    me = arrange(app, gid, {0: ["Platinum", "Platinum", "Copper", "Estate", "Estate"]},
                 supply={"Colony": 1})
    assert me == g["seat"]
    for cmd in ({"type": "play_treasures"}, {"type": "buy", "card": "Colony"}):
        r = command(client, gid, tok, cmd)
        assert r.status_code == 200, r.get_json()
    assert not r.get_json()["view"]["game_over"], "the game ends after Clean-up"
    r = command(client, gid, tok, {"type": "end_phase"})
    body = r.get_json()
    assert body["status"] == "over" and body["view"]["game_over"]
    assert body["view"]["result"]["end_reason"] == "colonies"
    assert {"Colony": 0} == {p["card"]: p["count"] for p in body["view"]["supply"]
                             if p["card"] == "Colony"}
    assert body["view"]["result"]["decks"][me]["Colony"] == 1
    assert [e for e in body["events"] if e["type"] == "game_over"][0]["reason"] == "colonies"


# ---------------------------------------------------------------------------
# The randomizer


def test_the_edition_filter_draws_each_prosperity_box(client):
    for editions, box in (("1", BOTH | FIRST_ONLY), ("2", BOTH | SECOND_ONLY),
                          ("1,2", PROSPERITY)):
        r = client.get(f"/api/kingdoms/random?sets=prosperity&editions={editions}"
                       f"&count={len(box) if len(box) <= 20 else 20}&seed=4")
        assert r.status_code == 200, r.get_json()
        k = r.get_json()
        assert set(k["cards"]) <= box and k["sets"] == ["prosperity"]
        assert (k["colony"], k["colony_odds"], k["colony_reason"]) == (
            True, 1.0, "all-prosperity")
    # Over several seeds each box's own cards come up, the other box's never.
    for editions, own, other in (("1", FIRST_ONLY, SECOND_ONLY), ("2", SECOND_ONLY, FIRST_ONLY)):
        drawn = set()
        for seed in range(8):
            k = client.get(f"/api/kingdoms/random?sets=prosperity&editions={editions}"
                           f"&seed={seed}").get_json()
            drawn |= set(k["cards"])
        assert drawn & own and not drawn & other, editions
    # The whole of one box with a few more cards is more than the filter allows.
    # Banned cards come back only as far as needed, and the answer says which.
    r = client.get("/api/kingdoms/random?sets=prosperity&editions=2&count=20"
                   "&ban=" + ",".join(sorted(BOTH)[:7]))
    assert r.status_code == 200
    k = r.get_json()
    [unmet] = k["unmet"]
    assert unmet["constraint"] == "ban" and unmet["cards"]
    assert set(unmet["cards"]) == set(k["cards"]) & set(sorted(BOTH)[:7])
    assert set(k["cards"]) <= BOTH | SECOND_ONLY  # the edition filter still holds


def test_a_mixed_random_kingdom_reports_the_official_odds(client):
    outcomes = set()
    for seed in range(16):
        k = client.get(f"/api/kingdoms/random?sets=base,prosperity&seed={seed}").get_json()
        share = sum(c in PROSPERITY for c in k["cards"]) / 10
        assert k["colony_odds"] == share
        if share == 1.0:
            assert k["colony_reason"] == "all-prosperity" and k["colony"]
        elif share == 0.0:
            assert k["colony_reason"] == "no-prosperity" and not k["colony"]
        else:
            assert k["colony_reason"] == "random"
            outcomes.add(k["colony"])
    assert outcomes == {True, False}
    forced = client.get("/api/kingdoms/random?sets=prosperity&seed=1&colony=off").get_json()
    assert (forced["colony"], forced["colony_reason"]) == (False, "forced")
    none = client.get("/api/kingdoms/random?sets=base,intrigue&seed=1").get_json()
    assert (none["colony"], none["colony_odds"], none["colony_reason"]) == (
        False, 0.0, "no-prosperity")


@pytest.mark.parametrize("params", [
    {"seed": 21, "sets": ["prosperity"]},
    {"seed": 5, "sets": ["base", "prosperity"], "editions": ["1"]},
    {"seed": 8, "sets": ["intrigue", "prosperity"], "editions": ["2"], "require": ["plus-buy"]},
])
def test_a_game_from_a_random_prosperity_kingdom_uses_it(client, app, params):
    query = "&".join(f"{k}={','.join(v) if isinstance(v, list) else v}"
                     for k, v in params.items())
    k = client.get(f"/api/kingdoms/random?{query}").get_json()
    g = create(client, random=params)
    setup = g["game"]["setup"]
    assert sorted(setup["kingdom"]) == k["cards"]
    assert {key: setup["randomizer"][key] for key in k} == k
    assert (setup["colony"], setup["colony_odds"], setup["colony_reason"]) == (
        k["colony"], k["colony_odds"], k["colony_reason"])
    piles = [p["card"] for p in g["game"]["view"]["supply"]]
    assert ("Colony" in piles) is k["colony"] and ("Platinum" in piles) is k["colony"]
    if params.get("editions") == ["1"]:
        assert not set(setup["kingdom"]) & SECOND_ONLY
    if params.get("editions") == ["2"]:
        assert not set(setup["kingdom"]) & FIRST_ONLY
    assert stored_setup(app, g["id"])["colony"] is k["colony"]


# ---------------------------------------------------------------------------
# Forbidden buys

GRAND = ["Grand Market", "Contraband", "Monument", "Trade Route", "Watchtower", "Vault",
         "Witch", "Bishop", "Hoard", "Mint"]


def _refused(client, app, gid, token, cmd) -> dict:
    before = stored(app, gid)
    saved = state(app, gid)
    r = command(client, gid, token, cmd)
    assert r.status_code == 422, r.get_json()
    assert r.mimetype == "application/problem+json"
    p = r.get_json()
    assert p["code"] == "buy_forbidden" and p["title"] == "Illegal command"
    assert p["type"] == "/api/docs#problem-buy_forbidden"
    assert stored(app, gid) == before and state(app, gid) == saved  # nothing changed
    return p


def test_grand_market_cannot_be_bought_with_a_copper_in_play(client, app):
    gid, tokens = humans_game(client, GRAND)
    me = arrange(app, gid, {0: ["Copper", "Gold", "Gold", "Estate", "Estate"]})
    r = command(client, gid, tokens[me], {"type": "play_treasures"})
    assert r.status_code == 200 and r.get_json()["view"]["turn"]["coins"] == 7
    legal = r.get_json()["view"]["legal"]
    assert {"type": "buy", "card": "Gold"} in legal
    assert {"type": "buy", "card": "Grand Market"} not in legal
    _refused(client, app, gid, tokens[me], {"type": "buy", "card": "Grand Market"})
    # Without a Copper in play it is bought as usual.
    gid, tokens = humans_game(client, GRAND, seed=8)
    me = arrange(app, gid, {0: ["Silver", "Gold", "Gold", "Estate", "Estate"]})
    command(client, gid, tokens[me], {"type": "play_treasures"})
    r = command(client, gid, tokens[me], {"type": "buy", "card": "Grand Market"})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["view"]["turn"]["buys"] == 0  # Grand Market bought, not played
    assert {"type": "gain", "seat": me, "card": "Grand Market", "to": "discard"}.items() <= \
        [e for e in r.get_json()["events"] if e["type"] == "gain"][0].items()


def test_a_card_named_for_contraband_cannot_be_bought(client, app):
    gid, tokens = humans_game(client, GRAND, players=3)
    me = arrange(app, gid, {0: ["Contraband", "Gold", "Gold", "Copper", "Estate"]})
    left = (me + 1) % 3
    r = command(client, gid, tokens[me], {"type": "play", "card": "Contraband"})
    assert r.status_code == 200, r.get_json()
    # The player to the left names the card, on the player's turn.
    for seat, tok in tokens.items():
        view = view_of(client, gid, tok)
        assert view["waiting_for"] == {"seat": left, "prompt": "contraband.name",
                                       "card": "Contraband"}  # public
        assert view["awaiting"] == [left]
        if seat == left:
            d = view["decision"]
            assert (d["kind"], d["prompt"], d["card"]) == ("option", "contraband.name",
                                                         "Contraband")
            assert {"Gold", "Province", "Grand Market", "Curse"} <= set(d["options"])
        else:
            assert view["decision"] is None and view["legal"] == []
    r = command(client, gid, tokens[me], {"type": "answer", "answer": "Gold"})
    assert r.status_code == 403 and r.get_json()["code"] == "not_your_decision"
    r = command(client, gid, tokens[left], {"type": "answer", "answer": "Gold"})
    assert r.status_code == 200, r.get_json()
    named = [e for e in r.get_json()["events"] if e["type"] == "name"]
    assert named == [{"seq": named[0]["seq"], "type": "name", "seat": left, "card": "Gold",
                      "by": "Contraband", "text": named[0]["text"]}]
    view = view_of(client, gid, tokens[me])
    assert view["turn"]["names"] == {"contraband": ["Gold"]}
    assert view["turn"]["buys"] == 2 and view["turn"]["coins"] == 3
    # Every seat and a spectator see the ban.
    assert view_of(client, gid, None)["turn"]["names"] == {"contraband": ["Gold"]}
    command(client, gid, tokens[me], {"type": "play_treasures"})
    view = view_of(client, gid, tokens[me])
    assert view["turn"]["coins"] == 10
    assert not any(c.get("card") == "Gold" for c in view["legal"])
    assert {"type": "buy", "card": "Silver"} in view["legal"]
    _refused(client, app, gid, tokens[me], {"type": "buy", "card": "Gold"})
    r = command(client, gid, tokens[me], {"type": "buy", "card": "Silver"})
    assert r.status_code == 200, r.get_json()
    # The ban lasts the turn only.
    command(client, gid, tokens[me], {"type": "end_phase"})
    assert view_of(client, gid, tokens[left])["turn"]["names"] == {}


def test_war_chest_gains_no_card_named_by_the_left_player_this_turn(client, app):
    kingdom = ["War Chest", "Anvil", "Tiara", "Clerk", "Magnate", "Collection", "Crystal Ball",
               "Investment", "City", "Vault"]
    gid, tokens = humans_game(client, kingdom, colony="off")
    me = arrange(app, gid, {0: ["War Chest", "War Chest", "Copper", "Estate", "Estate"]})
    left = (me + 1) % 2
    gained = []
    for n, named in enumerate(("Vault", "City"), 1):
        r = command(client, gid, tokens[me], {"type": "play", "card": "War Chest"})
        assert r.status_code == 200, r.get_json()
        assert view_of(client, gid, tokens[me])["waiting_for"] == {
            "seat": left, "prompt": "war_chest.name", "card": "War Chest"}
        r = command(client, gid, tokens[left], {"type": "answer", "answer": named})
        assert r.status_code == 200, r.get_json()
        d = view_of(client, gid, tokens[me])["decision"]
        assert d["prompt"] == "war_chest.gain" and d["args"]["max_cost"] == 5
        assert d["args"]["named"] == ["Vault", "City"][:n]
        assert not set(d["args"]["named"]) & set(d["options"])
        assert "Magnate" in d["options"] and "Gold" not in d["options"]
        assert view_of(client, gid, tokens[left])["waiting_for"]["prompt"] == "war_chest.gain"
        r = command(client, gid, tokens[me], {"type": "answer", "answer": named})
        assert r.status_code == 422 and r.get_json()["code"] == "invalid_answer"
        pick = "Magnate" if named == "Vault" else "Clerk"
        r = command(client, gid, tokens[me], {"type": "answer", "answer": pick})
        assert r.status_code == 200, r.get_json()
        gained.append(pick)
    view = r.get_json()["view"]
    assert view["turn"]["names"] == {"war_chest": ["Vault", "City"]}
    assert view["turn"]["phase"] == "buy"
    # War Chest gains; it does not buy: the Buy is still there.
    assert view["turn"]["buys"] == 1
    assert state(app, gid)["state"]["players"][me]["discard"] == gained == ["Magnate", "Clerk"]


# ---------------------------------------------------------------------------
# VP tokens and the Trade Route mat


def test_vp_tokens_and_the_trade_route_mat_in_views_and_events(client, app):
    gid, tokens = humans_game(client, GRAND, colony="off")
    view = view_of(client, gid, None)
    assert set(view["trade_route"]["piles"]) == {"Estate", "Duchy", "Province"}
    assert view["trade_route"]["mat"] == 0
    assert view["curse_is_treasure"] is False
    me = arrange(app, gid, {0: ["Monument", "Gold", "Silver", "Estate", "Estate"]})
    r = command(client, gid, tokens[me], {"type": "play", "card": "Monument"})
    assert r.status_code == 200, r.get_json()
    vp = [e for e in r.get_json()["events"] if e["type"] == "vp"]
    assert [(e["seat"], e["vp"], e["total"]) for e in vp] == [(me, 1, 1)]
    command(client, gid, tokens[me], {"type": "play_treasures"})
    r = command(client, gid, tokens[me], {"type": "buy", "card": "Duchy"})
    assert r.status_code == 200, r.get_json()
    moved = [e for e in r.get_json()["events"] if e["type"] == "trade_route"]
    assert [(e["card"], e["mat"]) for e in moved] == [("Duchy", 1)]
    for tok in list(tokens.values()) + [None]:
        view = view_of(client, gid, tok)
        assert view["players"][me]["vp_tokens"] == 1
        assert view["trade_route"]["mat"] == 1
        assert set(view["trade_route"]["piles"]) == {"Estate", "Province"}
    # The log carries the same fields.
    log = client.get(f"/api/games/{gid}/log?limit=500").get_json()["events"]
    assert any(e["type"] == "vp" and e["total"] == 1 for e in log)
    assert any(e["type"] == "trade_route" and e["mat"] == 1 for e in log)


def test_a_game_without_trade_route_has_no_mat_and_charlatan_makes_curses_treasures(client):
    g = create(client, kingdom=["Charlatan", "Clerk", "Anvil", "Tiara", "War Chest", "Magnate",
                                "Collection", "Crystal Ball", "Investment", "City"])
    view = g["game"]["view"]
    assert view["trade_route"] is None and view["curse_is_treasure"] is True
    assert all(p["vp_tokens"] == 0 for p in view["players"])
    g = create(client, kingdom=GRAND)
    assert g["game"]["view"]["curse_is_treasure"] is False


# ---------------------------------------------------------------------------
# Decisions of seats whose turn it is not, and what the others see of them


def _assert_hidden_from_others(client, gid, tokens, deciding: int, prompt: str) -> None:
    for seat, tok in list(tokens.items()) + [(None, None)]:
        view = view_of(client, gid, tok)
        if seat == deciding:
            assert view["decision"]["prompt"] == prompt
            assert view["waiting_for"]["prompt"] == prompt
            assert view["legal"] == [{"type": "answer", "decision": view["decision"]}]
        else:
            assert view["waiting_for"] == {"seat": deciding}, seat
            assert view["decision"] is None and view["legal"] == []
            assert prompt not in json.dumps(view), seat


def test_watchtower_answers_a_witch_curse_on_another_players_turn(client, app):
    gid, tokens = humans_game(client, GRAND, players=3)
    me = arrange(app, gid, {0: ["Witch", "Copper", "Copper", "Copper", "Estate"],
                            1: ["Watchtower", "Copper", "Copper", "Estate", "Estate"],
                            2: ["Copper", "Copper", "Copper", "Estate", "Estate"]},
                 deck=["Silver", "Silver", "Silver"])
    victim, other = (me + 1) % 3, (me + 2) % 3
    r = command(client, gid, tokens[me], {"type": "play", "card": "Witch"})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["view"]["waiting_for"] == {"seat": victim}
    _assert_hidden_from_others(client, gid, tokens, victim, "watchtower.reveal")
    d = view_of(client, gid, tokens[victim])["decision"]
    assert d["kind"] == "option" and d["card"] == "Watchtower"
    assert set(d["options"]) == {"trash", "deck", "no"}
    assert d["args"] == {"gained": "Curse", "to": "discard"}
    for seat in (me, other):
        r = command(client, gid, tokens[seat], {"type": "answer", "answer": "trash"})
        assert r.status_code == 403 and r.get_json()["code"] == "not_your_decision"
    r = command(client, gid, tokens[victim], {"type": "answer", "answer": "trash"})
    assert r.status_code == 200, r.get_json()
    events = r.get_json()["events"]
    assert any(e["type"] == "react" and e["seat"] == victim and e["card"] == "Watchtower"
               for e in events)
    assert any(e["type"] == "trash" and e["seat"] == victim and e.get("cards") == ["Curse"]
               for e in events)
    # The third seat keeps its Curse; the game is back with the player.
    st = state(app, gid)["state"]
    assert "Curse" not in st["players"][victim]["discard"] and "Curse" in st["trash"]
    assert st["players"][other]["discard"] == ["Curse"]
    view = view_of(client, gid, tokens[me])
    assert view["awaiting"] == [me] and view["waiting_for"] is None
    assert view["players"][victim]["hand_count"] == 5


def test_a_bots_witch_stops_for_the_humans_watchtower_and_the_log_replays(client, app):
    g = create(client, [HUMANS[0], {"kind": "bot", "bot": "generic"}], kingdom=GRAND,
               colony="off", seed=21)
    gid, tok, me = g["id"], g["token"], g["seat"]
    bot = (me + 1) % 2
    saved = state(app, gid)
    st = saved["state"]
    assert st["turn"]["seat"] == me
    st["players"][me]["hand"] = ["Estate"] * 5
    st["players"][me]["deck"] = ["Copper", "Copper", "Copper", "Estate", "Watchtower"]
    st["players"][bot]["hand"] = ["Witch", "Copper", "Copper", "Copper", "Copper"]
    st["players"][bot]["deck"] = ["Estate", "Estate", "Silver", "Silver"]
    rewrite(app, gid, saved)
    command(client, gid, tok, {"type": "end_phase"})
    r = command(client, gid, tok, {"type": "end_phase"})
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert any(e["type"] == "play" and e["seat"] == bot and e.get("card") == "Witch"
               for e in body["events"])
    view = body["view"]
    assert view["turn"]["seat"] == bot and view["awaiting"] == [me]
    assert view["decision"]["prompt"] == "watchtower.reveal"
    assert view["decision"]["args"] == {"gained": "Curse", "to": "discard"}
    assert view_of(client, gid, None)["waiting_for"] == {"seat": me}
    r = command(client, gid, tok, {"type": "answer", "answer": "trash"})
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    view = body["view"]
    assert view["turn"]["seat"] == me and view["awaiting"] == [me]  # the bot finished
    assert "Curse" in view["trash"] and "Curse" not in view["players"][me].get("hand", [])
    assert "Curse" not in state(app, gid)["state"]["players"][me]["discard"]
    # The command log keeps the order: the bot's Witch, the human's answer inside it,
    # then the rest of the bot's turn.
    with app.app_context():
        moves = [(c.seat, c.actor, json.loads(c.command)) for c in
                 db.session.query(CommandRow).filter_by(game_id=gid).order_by(CommandRow.id)]
        db.session.remove()
    i = moves.index((me, "human", {"type": "answer", "answer": "trash"}))
    assert moves[i - 1] == (bot, "bot", {"type": "play", "card": "Witch"})
    assert moves[i + 1:] and all(s == bot and a == "bot" for s, a, _ in moves[i + 1:])
    assert moves[-1][2] == {"type": "end_phase"}


def test_vault_offers_each_other_player_to_discard_two_for_a_card(client, app):
    gid, tokens = humans_game(client, GRAND, players=3)
    me = arrange(app, gid, {0: ["Vault", "Estate", "Estate", "Copper", "Copper"],
                            1: ["Copper", "Copper", "Estate", "Estate", "Silver"],
                            2: ["Copper", "Copper", "Estate", "Estate", "Silver"]},
                 deck=["Silver", "Silver", "Silver"])
    first, second = (me + 1) % 3, (me + 2) % 3
    r = command(client, gid, tokens[me], {"type": "play", "card": "Vault"})
    assert r.status_code == 200, r.get_json()
    d = r.get_json()["view"]["decision"]
    assert (d["prompt"], d["min"]) == ("vault.discard", 0)
    # vault.discard is public: the others see what the game waits for.
    assert view_of(client, gid, tokens[first])["waiting_for"] == {
        "seat": me, "prompt": "vault.discard", "card": "Vault"}
    r = command(client, gid, tokens[me], {"type": "answer", "answer": ["Estate", "Estate"]})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["view"]["turn"]["coins"] == 2
    # The offer goes to the next player, on the player's turn, and is public.
    for tok in list(tokens.values()) + [None]:
        assert view_of(client, gid, tok)["waiting_for"] == {
            "seat": first, "prompt": "vault.offer", "card": "Vault"}
    d = view_of(client, gid, tokens[first])["decision"]
    assert d["prompt"] == "vault.offer" and set(d["options"]) == {"yes", "no"}
    r = command(client, gid, tokens[me], {"type": "answer", "answer": "yes"})
    assert r.status_code == 403
    r = command(client, gid, tokens[first], {"type": "answer", "answer": "yes"})
    assert r.status_code == 200, r.get_json()
    # Which two cards to discard is private.
    _assert_hidden_from_others(client, gid, tokens, first, "vault.other_discard")
    d = view_of(client, gid, tokens[first])["decision"]
    assert (d["min"], d["max"]) == (2, 2)
    r = command(client, gid, tokens[first], {"type": "answer", "answer": ["Estate", "Estate"]})
    assert r.status_code == 200, r.get_json()
    mine = [e for e in r.get_json()["events"] if e["type"] == "discard" and e["seat"] == first]
    assert mine and mine[0]["cards"] == ["Estate", "Estate"]
    seen = view_of(client, gid, tokens[me])
    assert seen["players"][first]["hand_count"] == 4  # 5 - 2 + 1
    # The second player declines; the player goes on.
    assert seen["waiting_for"]["seat"] == second
    r = command(client, gid, tokens[second], {"type": "answer", "answer": "no"})
    assert r.status_code == 200, r.get_json()
    view = view_of(client, gid, tokens[me])
    assert view["awaiting"] == [me] and view["waiting_for"] is None
    assert view["players"][second]["hand_count"] == 5
    # The other player's discards reached the first player's view only as a count.
    log = client.get(f"/api/games/{gid}/log?limit=500", headers=bearer(tokens[me])).get_json()
    hidden = [e for e in log["events"] if e["type"] == "discard" and e["seat"] == first]
    assert hidden and "cards" not in hidden[-1] and hidden[-1]["count"] == 2


def test_clerk_at_the_start_of_a_turn_is_asked_inside_the_previous_players_command(
        client, app):
    kingdom = ["Clerk", "Anvil", "Tiara", "War Chest", "Magnate", "Collection", "Crystal Ball",
               "Investment", "City", "Vault"]
    gid, tokens = humans_game(client, kingdom, colony="off")
    # The player draws five different cards at Clean-up, so Clerk's attack asks it.
    me = arrange(app, gid, {0: ["Estate"] * 5, 1: ["Clerk", "Copper", "Copper", "Copper",
                                                     "Estate"]},
                 deck=["Gold", "Estate", "Copper", "Silver", "Curse"])
    nxt = (me + 1) % 2
    r = command(client, gid, tokens[me], {"type": "end_phase"})
    r = command(client, gid, tokens[me], {"type": "end_phase"})
    assert r.status_code == 200, r.get_json()
    view = r.get_json()["view"]
    assert view["turn"]["seat"] == nxt and view["waiting_for"] == {"seat": nxt}
    _assert_hidden_from_others(client, gid, tokens, nxt, "turn_start.play")
    d = view_of(client, gid, tokens[nxt])["decision"]
    assert (d["kind"], d["options"], d["min"], d["max"]) == ("cards", ["Clerk"], 0, 1)
    r = command(client, gid, tokens[nxt], {"type": "answer", "answer": ["Clerk"]})
    assert r.status_code == 200, r.get_json()
    # Clerk's attack: the previous player, holding five cards, puts one back.
    _assert_hidden_from_others(client, gid, tokens, me, "clerk.topdeck")
    d = view_of(client, gid, tokens[me])["decision"]
    assert sorted(d["options"]) == ["Copper", "Curse", "Estate", "Gold", "Silver"]
    r = command(client, gid, tokens[me], {"type": "answer", "answer": ["Gold"]})
    assert r.status_code == 200, r.get_json()
    assert [e["cards"] for e in r.get_json()["events"] if e["type"] == "topdeck"] == [["Gold"]]
    view = view_of(client, gid, tokens[nxt])
    assert view["awaiting"] == [nxt] and view["turn"]["phase"] == "action"
    assert (view["turn"]["actions"], view["turn"]["coins"]) == (1, 2)  # no Action used
    assert view["players"][nxt]["in_play"] == ["Clerk"]
    assert view["players"][me]["hand_count"] == 4
    log = client.get(f"/api/games/{gid}/log?limit=500", headers=bearer(tokens[nxt])).get_json()
    put_back = [e for e in log["events"] if e["type"] == "topdeck"]
    assert put_back and "cards" not in put_back[-1] and put_back[-1]["count"] == 1


# ---------------------------------------------------------------------------
# Whole games, and the size of a stored game


@pytest.mark.parametrize("key", PRESETS_002 + PRESETS_004)
def test_a_whole_game_on_a_prosperity_preset_with_bots(client, app, key):
    preset = get_preset(key)
    g = create(client, [{"kind": "bot", "bot": "generic"}, {"kind": "human", "name": "Ann"},
                        {"kind": "bot", "bot": "big-money"}], seed=13, preset=key, colony="on")
    gid, tok, me = g["id"], g["token"], g["seat"]
    assert g["game"]["setup"]["edition"] == preset.edition
    etag, body = g["etag"], g["game"]
    requests = 0
    while not body["view"]["game_over"]:
        view = body["view"]
        assert view["awaiting"] == [me], "bots always hand back to the human"
        r = command(client, gid, tok, human_move(view), etag=etag, key=f"m{requests}")
        assert r.status_code == 200, r.get_json()
        etag, body = r.headers["ETag"], r.get_json()
        requests += 1
        assert requests < 3000, "the game should have ended"
    result = body["view"]["result"]
    assert result["end_reason"] in ("provinces", "colonies", "piles")
    # The command log replays, in the game's edition, to the stored final state.
    with app.app_context():
        row = db.session.get(GameRow, gid)
        setup, final = json.loads(row.setup), json.loads(row.state)
        moves = [(c.seat, json.loads(c.command)) for c in
                 db.session.query(CommandRow).filter_by(game_id=gid).order_by(CommandRow.id)]
        db.session.remove()
    bots = {0: make_bot("generic"), 2: make_bot("big-money")}
    replay = new_game([s["name"] for s in body["seats"]], setup["kingdom"], seed=setup["seed"],
                      colony=setup["colony"], agents=bots, edition=setup["edition"])
    for seat, cmd in moves:
        replay.apply(seat, cmd)
    assert replay.to_dict() == Game.from_dict(final).to_dict()


#: The stored state of a 4-player Prosperity game in progress must stay under this.
MAX_STATE_BYTES = 10 * 1024


@pytest.mark.parametrize("key", ["friendly-interactive", "big-actions"])
def test_a_four_player_prosperity_game_stores_under_10_kb(client, app, key):
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "generic"},
                        {"kind": "bot", "bot": "generic"}, {"kind": "bot", "bot": "big-money"}],
               seed=3, preset=key, colony="on")
    gid, tok = g["id"], g["token"]
    etag, body = g["etag"], g["game"]
    sizes = []
    requests = 0
    while not body["view"]["game_over"]:
        r = command(client, gid, tok, human_move(body["view"]), etag=etag)
        assert r.status_code == 200, r.get_json()
        etag, body = r.headers["ETag"], r.get_json()
        raw = stored(app, gid)["state"]
        sizes.append((body["view"]["turn"]["number"], len(raw.encode())))
        requests += 1
        assert requests < 3000
    turns = sizes[-1][0]
    middle = [n for t, n in sizes if turns // 3 <= t <= 2 * turns // 3]
    print(f"\n{key}: {turns} turns, stored state mid-game max {max(middle)} B, "
          f"whole game max {max(n for _, n in sizes)} B")
    assert middle and max(middle) < MAX_STATE_BYTES


# ---------------------------------------------------------------------------
# The documents


def test_the_documents_describe_prosperitys_fields_events_and_codes(client):
    doc = client.get("/api/openapi.json").get_json()
    s = doc["components"]["schemas"]
    view, player, turn = s["View"]["properties"], s["PlayerView"]["properties"], \
        s["Turn"]["properties"]
    for prop in (view["trade_route"], view["curse_is_treasure"], player["vp_tokens"],
                 turn["names"], s["TradeRoute"]["properties"]["mat"],
                 s["TradeRoute"]["properties"]["piles"]):
        assert prop.get("description"), prop
    assert "trade_route" in s["View"]["required"] and "vp_tokens" in s["PlayerView"]["required"]
    assert "contraband" in turn["names"]["description"]
    for field in ("by", "vp", "total", "mat"):
        assert s["Event"]["properties"][field]["description"].startswith("`")
    assert "colonies" in s["EndReason"]["enum"]
    assert doc["x-problem-codes"]["buy_forbidden"]["status"] == 422
    assert "Contraband" in doc["x-problem-codes"]["buy_forbidden"]["description"]
    page = client.get("/api/docs").get_data(as_text=True)
    for anchor in ("event-vp", "event-trade_route", "event-name", "problem-buy_forbidden",
                   "prompt-contraband.name", "prompt-watchtower.reveal", "prompt-vault.offer",
                   "prompt-vault.other_discard", "prompt-war_chest.gain"):
        assert f'id="{anchor}"' in page, anchor


def test_prosperity_answers_match_the_document(client, app):
    """Views with a Trade Route mat, names, VP tokens and a decision for a seat whose
    turn it is not, the Prosperity events and buy_forbidden, validated against the
    OpenAPI document one by one."""
    import schemathesis

    api = schemathesis.openapi.from_wsgi("/api/openapi.json", app)

    def check(path: str, method: str, response):
        api[path][method].validate_response(response)
        return response

    gid, tokens = humans_game(client, GRAND, players=3, colony="on")
    me = arrange(app, gid, {0: ["Contraband", "Monument", "Gold", "Copper", "Estate"]})
    left = (me + 1) % 3
    game, cmds = "/api/games/{game_id}", "/api/games/{game_id}/commands"
    r = check(cmds, "POST", command(client, gid, tokens[me], {"type": "play", "card": "Monument"}))
    assert r.status_code == 200
    r = check(cmds, "POST",
              command(client, gid, tokens[me], {"type": "play", "card": "Contraband"}))
    assert r.status_code == 200
    for tok in list(tokens.values()) + [None]:
        check(game, "GET", get(client, gid, tok))
    r = check(cmds, "POST",
              command(client, gid, tokens[left], {"type": "answer", "answer": "Gold"}))
    assert any(e["type"] == "name" and e["by"] == "Contraband" for e in r.get_json()["events"])
    check(cmds, "POST", command(client, gid, tokens[me], {"type": "play_treasures"}))
    r = check(cmds, "POST", command(client, gid, tokens[me], {"type": "buy", "card": "Gold"}))
    assert r.status_code == 422 and r.get_json()["code"] == "buy_forbidden"
    r = check(cmds, "POST", command(client, gid, tokens[me], {"type": "buy", "card": "Duchy"}))
    assert any(e["type"] == "trade_route" for e in r.get_json()["events"])
    body = check(game, "GET", get(client, gid, tokens[me])).get_json()
    assert body["view"]["trade_route"]["mat"] == 1 and body["view"]["players"][me]["vp_tokens"] == 1
    for tok in (tokens[me], None):
        log = client.get(f"/api/games/{gid}/log?limit=500", headers=bearer(tok) if tok else {})
        check("/api/games/{game_id}/log", "GET", log)
        assert {"vp", "name", "trade_route"} <= {e["type"] for e in log.get_json()["events"]}
    check("/api/cards", "GET", client.get("/api/cards?lang=cs"))
    check("/api/kingdoms/random", "GET", client.get("/api/kingdoms/random?sets=prosperity"))
