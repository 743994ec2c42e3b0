"""Rules editions per game over the API: choosing one, defaults, storage, upgrades."""

from __future__ import annotations

import json

import pytest

from dominion import SCHEMA_VERSION, Game, get_preset
from dominion_server.extensions import db
from dominion_server.models import GameRow

from .support import KINGDOM, bearer, command, create, get, state, stored, two_humans

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "generic"}]


def games_count(app) -> int:
    with app.app_context():
        n = db.session.query(GameRow).count()
        db.session.remove()
        return n


def rewrite(app, game_id: str, state: dict | None = None, setup: dict | None = None) -> None:
    """Overwrite a game's stored state and/or setup, as an older server would have left them."""
    with app.app_context():
        row = db.session.get(GameRow, game_id)
        if state is not None:
            row.state = json.dumps(state)
        if setup is not None:
            row.setup = json.dumps(setup)
        db.session.commit()
        db.session.remove()


def stored_setup(app, game_id: str) -> dict:
    with app.app_context():
        setup = json.loads(db.session.get(GameRow, game_id).setup)
        db.session.remove()
        return setup


@pytest.mark.parametrize("edition", ["1", "2"])
def test_a_game_plays_the_edition_it_was_created_with(client, app, edition):
    g = create(client, edition=edition)
    assert g["game"]["setup"]["edition"] == edition
    assert g["game"]["view"]["edition"] == edition
    assert state(app, g["id"])["state"]["edition"] == edition
    assert stored_setup(app, g["id"])["edition"] == edition
    again = get(client, g["id"], g["token"]).get_json()
    assert again["setup"]["edition"] == again["view"]["edition"] == edition
    # A spectator sees it too.
    assert get(client, g["id"]).get_json()["view"]["edition"] == edition


def test_the_default_is_the_second_edition(client):
    for extra in ({"kingdom": KINGDOM}, {"random": {"seed": 3}}, {}):
        body = {"seats": SEATS, **extra}
        r = client.post("/api/games", json=body)
        assert r.status_code == 201, r.get_json()
        game = r.get_json()["game"]
        assert game["setup"]["edition"] == game["view"]["edition"] == "2", extra


def test_a_preset_gives_its_rulebooks_edition_unless_told_otherwise(client):
    first = create(client, preset="first-game-1e")  # Czech 1st-edition rulebook (seed 000/001)
    assert get_preset("first-game-1e").edition == "1"
    assert first["game"]["setup"]["edition"] == first["game"]["view"]["edition"] == "1"
    second = create(client, preset="first-game-2e")  # Hungarian 2nd-edition rulebook (seed 004)
    assert second["game"]["view"]["edition"] == "2"
    # By its shared English name the 1st-edition First Game is found, with its edition.
    by_name = create(client, preset="First Game")
    assert by_name["game"]["setup"]["preset"] == "first-game-1e"
    assert by_name["game"]["view"]["edition"] == "1"
    told = create(client, preset="first-game-1e", edition="2")
    assert told["game"]["setup"]["edition"] == told["game"]["view"]["edition"] == "2"
    told = create(client, preset="first-game-2e", edition="1")
    assert told["game"]["view"]["edition"] == "1"


def test_the_preset_list_gives_each_presets_edition(client):
    items = client.get("/api/kingdoms/presets").get_json()["presets"]
    editions = {p["key"]: p["edition"] for p in items}
    assert editions["first-game-1e"] == editions["victory-dance"] == "1"
    assert editions["lucky-seven"] == "1"  # seed 002, Czech Prosperity 1st edition
    assert editions["first-game-2e"] == editions["underlings"] == "2"
    assert all(e == ("2" if p["source"] == ["004"] else "1")
               for p, e in zip(items, editions.values()))


@pytest.mark.parametrize("bad", ["3", "", "first", "2e", 1, 2, None, ["1"], True])
def test_a_bad_edition_is_refused_clearly_and_creates_nothing(client, app, bad):
    before = games_count(app)
    r = client.post("/api/games", json={"seats": SEATS, "kingdom": KINGDOM, "edition": bad})
    assert r.status_code == 422
    assert r.mimetype == "application/problem+json"
    p = r.get_json()
    assert p["code"] == "invalid_body"
    assert list(p["errors"]) == ["edition"]
    message = " ".join(p["errors"]["edition"])
    assert '"1"' in message and '"2"' in message, message
    assert games_count(app) == before


def test_the_edition_waits_with_the_game_for_its_players(client, app):
    gid, tokens = two_humans(client, edition="1")
    for seat, tok in tokens.items():
        body = get(client, gid, tok).get_json()
        assert body["status"] == "active"
        assert body["setup"]["edition"] == body["view"]["edition"] == "1"
    assert state(app, gid)["state"]["edition"] == "1"


def test_the_edition_reaches_the_rules(client, app):
    """Throne Room must play a card in the 1st edition (min 1), may play none in the 2nd."""
    for edition, least in (("1", 1), ("2", 0)):
        gid, tokens = two_humans(client, edition=edition, kingdom=KINGDOM)
        saved = state(app, gid)
        seat = saved["state"]["turn"]["seat"]
        saved["state"]["players"][seat]["hand"] = [
            "Throne Room", "Village", "Smithy", "Copper", "Estate"]
        rewrite(app, gid, state=saved)
        r = command(client, gid, tokens[seat], {"type": "play", "card": "Throne Room"})
        assert r.status_code == 200, r.get_json()
        decision = r.get_json()["view"]["decision"]
        assert decision["prompt"] == "throne_room.play"
        assert (decision["min"], decision["max"]) == (least, 1), edition


def test_the_stored_game_round_trips_at_the_current_schema_version(client, app):
    g = create(client, edition="1", seed=11)
    saved = state(app, g["id"])
    assert saved["schema_version"] == SCHEMA_VERSION
    game = Game.from_dict(saved)
    assert game.state.edition == "1"
    assert game.to_dict() == saved
    # A move later the stored game still loads to what the API shows.
    body = get(client, g["id"], g["token"]).get_json()
    r = command(client, g["id"], g["token"], {"type": "end_phase"}, etag=g["etag"])
    assert r.status_code == 200, r.get_json()
    saved = state(app, g["id"])
    assert saved["schema_version"] == SCHEMA_VERSION and saved["state"]["edition"] == "1"
    assert Game.from_dict(saved).view(g["seat"]) == r.get_json()["view"]
    assert body["view"]["edition"] == "1"


def test_a_game_stored_at_schema_version_1_loads_as_second_edition(client, app):
    """Games saved before editions existed: state version 1, no edition in the setup."""
    g = create(client, seed=5)
    gid, tok = g["id"], g["token"]
    old = state(app, gid)
    old["schema_version"] = 1
    del old["undo"]
    for key in ("edition", "trade_route", "trade_route_mat"):
        del old["state"][key]
    del old["state"]["turn"]["names"]
    setup = stored_setup(app, gid)
    del setup["edition"]
    rewrite(app, gid, state=old, setup=setup)
    before = stored(app, gid)
    body = get(client, gid, tok).get_json()
    assert body["setup"]["edition"] == "2"
    assert body["view"]["edition"] == "2"
    assert body["view"]["legal"]
    # Reading does not write; the next command stores the upgraded game.
    assert stored(app, gid) == before
    r = command(client, gid, tok, {"type": "end_phase"})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["view"]["edition"] == "2"
    saved = state(app, gid)
    assert saved["schema_version"] == SCHEMA_VERSION and saved["state"]["edition"] == "2"


def test_a_waiting_game_stored_without_an_edition_starts_in_the_second(client, app):
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"}], edition="1")
    setup = stored_setup(app, g["id"])
    del setup["edition"]
    rewrite(app, g["id"], setup=setup)
    assert get(client, g["id"], g["token"]).get_json()["setup"]["edition"] == "2"
    j = client.post(f"/api/games/{g['id']}/join", json={"name": "Bob"})
    assert j.status_code == 200
    assert j.get_json()["game"]["view"]["edition"] == "2"
    assert state(app, g["id"])["state"]["edition"] == "2"


def test_the_catalog_holds_both_editions_texts(client):
    cards = {c["name"]: c for c in client.get("/api/cards").get_json()["cards"]}
    for c in cards.values():
        assert set(c["texts"]) == {"1", "2"}
        assert c["text"] == c["texts"]["2"]
    changed = {n for n, c in cards.items() if c["texts"]["1"] != c["texts"]["2"]}
    assert changed == {"Throne Room", "Mine", "Moneylender", "Masquerade",
                       "Mint", "Hoard", "Quarry"}  # rules.md 9
    # Cards printed in one edition only still have a text for a game of the other.
    assert cards["Coppersmith"]["editions"] == ["1"] and cards["Coppersmith"]["texts"]["2"]
    assert cards["Courtier"]["editions"] == ["2"] and cards["Courtier"]["texts"]["1"]
    cs = {c["name"]: c for c in client.get("/api/cards?lang=cs").get_json()["cards"]}
    assert cs["Artisan"]["unofficial"] is True and cs["Artisan"]["local_name"] == "Řemeslník"
    assert cs["Village"]["unofficial"] is False
    assert cs["Masquerade"]["local_name"] == "Maškary" and not cs["Masquerade"]["unofficial"]
    assert cs["Trading Post"]["unofficial"] is True  # no seed names it in Czech
    hu = {c["name"]: c for c in client.get("/api/cards?lang=hu").get_json()["cards"]}
    assert [hu[n]["local_name"] for n in ("Minion", "Pawn", "Courtier")] == [
        "Csatlós", "Udvarhölgy", "Udvaronc"]
    assert hu["Masquerade"]["unofficial"] is True and hu["Masquerade"]["local_name"] == "Álarcosbál"
    assert not any(c["unofficial"] for c in cards.values())



@pytest.mark.parametrize("edition", ["1", "2"])
def test_a_game_stored_at_schema_version_2_loads_and_plays(client, app, edition):
    """Games saved before Prosperity (state version 2): no Trade Route mat, no names."""
    g = create(client, seed=9, edition=edition)
    gid, tok, me = g["id"], g["token"], g["seat"]
    old = state(app, gid)
    assert old["schema_version"] == SCHEMA_VERSION == 5
    old["schema_version"] = 2
    del old["undo"]
    del old["state"]["hidden_passes"]
    for key in ("trade_route", "trade_route_mat"):
        del old["state"][key]
    del old["state"]["turn"]["names"]
    rewrite(app, gid, state=old)
    before = stored(app, gid)
    body = get(client, gid, tok).get_json()
    view = body["view"]
    assert view["edition"] == edition and view["legal"]
    assert view["trade_route"] is None and view["turn"]["names"] == {}
    assert view["curse_is_treasure"] is False
    assert stored(app, gid) == before  # reading does not write
    # A whole turn: every Treasure, a buy if any, and the next turn comes back.
    etag = None
    for cmd in ({"type": "play_treasures"}, {"type": "buy", "card": "Copper"},
                {"type": "end_phase"}):
        r = command(client, gid, tok, cmd, etag=etag)
        assert r.status_code == 200, (cmd, r.get_json())
        etag = r.headers["ETag"]
    body = r.get_json()
    assert body["view"]["turn"]["seat"] == me and body["view"]["players"][me]["turns"] >= 1
    saved = state(app, gid)
    assert saved["schema_version"] == SCHEMA_VERSION
    assert saved["state"]["trade_route"] == [] and saved["state"]["trade_route_mat"] == 0
    assert saved["state"]["edition"] == edition and saved["state"]["hidden_passes"] == []
    assert Game.from_dict(saved).view(me) == body["view"]
