"""POST /api/games/{id}/rematch, on SQLite and on PostgreSQL.

Games are ended by writing a finished engine state straight into the
database (VP tokens decide the winners), so every test knows who won.
"""

from __future__ import annotations

import json
import threading
from typing import Optional

import pytest

from dominion import Game
from dominion_server.extensions import db
from dominion_server.models import GameRow

from .support import KINGDOM, bearer, create, get
from .test_concurrency import _fire, _post


def finish(app, gid: str, vp: dict[int, int], turns: Optional[dict[int, int]] = None) -> None:
    """End the game: seat -> VP tokens (everyone's cards alike), equal turns unless given."""
    with app.app_context():
        row = db.session.get(GameRow, gid)
        game = Game.from_json(row.state)
        st = game.state
        for s, p in enumerate(st.players):
            p.hand, p.deck, p.discard, p.in_play, p.set_aside = ["Copper"] * 5, [], [], [], []
            p.vp_tokens = vp.get(s, 0)
            p.turns = (turns or {}).get(s, 10)
        st.game_over = True
        st.end_reason = "provinces"
        row.state = game.to_json()
        row.status = "over"
        row.version += 1
        db.session.commit()
        db.session.remove()


def setup_of(app, gid: str) -> dict:
    with app.app_context():
        out = json.loads(db.session.get(GameRow, gid).setup)
        db.session.remove()
        return out


def game_count(app) -> int:
    with app.app_context():
        n = db.session.query(GameRow).count()
        db.session.remove()
        return n


def humans(client, names: list[str], **extra) -> tuple[str, dict[int, str]]:
    """A started game of humans only: (id, {seat: token})."""
    g = create(client, [{"kind": "human", "name": names[0]}]
               + [{"kind": "human"} for _ in names[1:]], **extra)
    tokens = {g["seat"]: g["token"]}
    for name in names[1:]:
        j = client.post(f"/api/games/{g['id']}/join", json={"name": name})
        assert j.status_code == 200, j.get_json()
        tokens[j.get_json()["seat"]] = j.get_json()["token"]
    return g["id"], tokens


def rematch(client, gid: str, token: Optional[str]):
    return client.post(f"/api/games/{gid}/rematch", headers=bearer(token) if token else {})


@pytest.fixture
def client(any_app):
    return any_app.test_client()


def test_a_game_that_is_not_over_has_no_rematch(any_app, client):
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"}])
    r = rematch(client, g["id"], g["token"])  # waiting for its second player
    assert r.status_code == 409 and r.get_json()["code"] == "game_not_over"
    gid, tokens = humans(client, ["Ann", "Bob"])
    before = get(client, gid, tokens[0])
    r = rematch(client, gid, tokens[0])  # active
    assert r.status_code == 409 and r.get_json()["code"] == "game_not_over"
    after = get(client, gid, tokens[0])
    assert after.headers["ETag"] == before.headers["ETag"]
    assert after.get_json()["rematch"] is None
    finish(any_app, gid, {0: 3})
    assert rematch(client, gid, None).status_code == 401  # spectators cannot ask
    assert rematch(client, gid, g["token"]).status_code == 401  # another game's token
    assert rematch(client, "x" * 22, tokens[0]).status_code == 404


def test_rematch_keeps_kingdom_edition_colony_and_seats_and_shows_each_seat_its_invite(
        any_app, client):
    gid, tokens = humans(client, ["Ann", "Bob", "Cid"], edition="1", colony="on")
    old_setup = get(client, gid, tokens[0]).get_json()["setup"]
    finish(any_app, gid, {1: 5})
    old = get(client, gid, tokens[0])
    assert old.get_json()["rematch"] is None
    games = game_count(any_app)

    r = rematch(client, gid, tokens[2])
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    new_id, cid_token = body["id"], body["token"]
    assert new_id != gid and body["seat"] == 2 and r.headers["Location"] == f"/api/games/{new_id}"
    assert body["invites"] == [] and body["game"]["invites"] == []  # codes go seat by seat
    assert game_count(any_app) == games + 1
    new = body["game"]
    assert new["status"] == "waiting" and new["seat"] == 2
    for key in ("kingdom", "colony", "colony_odds", "colony_reason", "preset", "randomizer",
                "edition", "players"):
        assert new["setup"][key] == old_setup[key], key
    assert new["setup"]["edition"] == "1" and new["setup"]["colony"] is True
    assert [(s["seat"], s["kind"], s["name"], s["joined"]) for s in new["seats"]] == [
        (0, "human", "Ann", False), (1, "human", "Bob", False), (2, "human", "Cid", True)]
    assert get(client, new_id, cid_token).get_json()["seat"] == 2

    # The old game links it, with a new version; each seat sees only its own code.
    views = {s: get(client, gid, t) for s, t in tokens.items()}
    assert views[0].headers["ETag"] != old.headers["ETag"]
    assert views[0].get_json()["version"] == old.get_json()["version"] + 1
    links = {s: v.get_json()["rematch"] for s, v in views.items()}
    assert all(link["id"] == new_id for link in links.values())
    assert links[2]["invite"] is None  # Cid is seated already
    codes = {}
    for s in (0, 1):
        inv = links[s]["invite"]
        assert inv["seat"] == s and inv["url"] == f"/#/join/{new_id}/{inv['code']}"
        codes[s] = inv["code"]
    assert codes[0] != codes[1]
    assert get(client, gid).get_json()["rematch"] == {"id": new_id, "invite": None}
    for s in (0, 1, 2):
        text = views[s].get_data(as_text=True)
        for other in {0, 1} - {s}:
            assert codes[other] not in text
    assert codes[0] not in get(client, gid).get_data(as_text=True)

    # The id alone (spectators see it) takes no seat.
    r = client.post(f"/api/games/{new_id}/join", json={"name": "Eve"})
    assert r.status_code == 409 and r.get_json()["code"] == "seat_taken"
    # Bob takes his seat by calling rematch too; Ann with her code.
    r = rematch(client, gid, tokens[1])
    assert r.status_code == 200 and r.get_json()["id"] == new_id and r.get_json()["seat"] == 1
    assert get(client, gid, tokens[1]).get_json()["rematch"]["invite"] is None
    j = client.post("/api/join", json={"name": "Ann", "code": codes[0]})
    assert j.status_code == 200 and j.get_json()["seat"] == 0
    started = get(client, new_id, cid_token).get_json()
    assert started["status"] == "active" and started["view"]["kingdom"] == new["setup"]["kingdom"]
    assert get(client, gid, tokens[0]).get_json()["rematch"] == {"id": new_id, "invite": None}
    # Ann's seat went with its code: calling rematch now cannot seat her again.
    r = rematch(client, gid, tokens[0])
    assert r.status_code == 409 and r.get_json()["code"] == "seat_taken"


def test_rematch_is_idempotent_for_every_seat(any_app, client):
    gid, tokens = humans(client, ["Ann", "Bob"])
    finish(any_app, gid, {0: 2})
    first = rematch(client, gid, tokens[0])
    assert first.status_code == 201
    version = get(client, gid).get_json()["version"]
    games = game_count(any_app)
    again = rematch(client, gid, tokens[0])
    assert again.status_code == 200
    assert (again.get_json()["id"], again.get_json()["token"]) == (
        first.get_json()["id"], first.get_json()["token"])
    bob = rematch(client, gid, tokens[1])
    bob_again = rematch(client, gid, tokens[1])
    assert bob.status_code == bob_again.status_code == 200
    assert bob.get_json()["id"] == first.get_json()["id"] and bob.get_json()["seat"] == 1
    assert bob_again.get_json()["token"] == bob.get_json()["token"] != first.get_json()["token"]
    assert game_count(any_app) == games
    assert get(client, gid).get_json()["version"] == version  # linked once
    new_id = first.get_json()["id"]
    assert get(client, new_id, bob.get_json()["token"]).get_json()["status"] == "active"


def test_bots_are_seated_and_play_at_once(any_app, client):
    g = create(client, [{"kind": "bot", "bot": "big-money"}, {"kind": "human", "name": "Ann"},
                        {"kind": "bot", "bot": "generic", "name": "Robo"}])
    finish(any_app, g["id"], {1: 4})
    r = rematch(client, g["id"], g["token"])
    assert r.status_code == 201
    new = r.get_json()["game"]
    assert new["status"] == "active" and new["seat"] == 1
    assert [(s["kind"], s["bot"], s["name"], s["joined"]) for s in new["seats"]] == [
        ("bot", "big-money", g["game"]["seats"][0]["name"], True), ("human", None, "Ann", True),
        ("bot", "medium", "Robo", True)]  # the alias "generic" shows as the bot's own name
    assert new["view"]["awaiting"] == [1]  # the bots moved until Ann must act
    # Ann won: the player to her left (seat 2) went first.
    assert setup_of(any_app, new["id"])["first_player"] == 2
    assert get(client, g["id"], g["token"]).get_json()["rematch"] == {"id": new["id"],
                                                                    "invite": None}


@pytest.mark.parametrize("vp, first", [
    ({0: 3}, 1),             # seat 0 won: seat 1 goes first
    ({2: 3}, 0),             # the last seat won: its left is seat 0
    ({0: 3, 1: 3}, 2),       # a tie: a random non-winner, here the only one
])
def test_the_player_left_of_the_winner_goes_first(any_app, client, vp, first):
    gid, tokens = humans(client, ["Ann", "Bob", "Cid"])
    finish(any_app, gid, vp)
    new_id = rematch(client, gid, tokens[0]).get_json()["id"]
    assert setup_of(any_app, new_id)["first_player"] == first
    for s in (1, 2):
        assert rematch(client, gid, tokens[s]).status_code == 200
    view = get(client, new_id).get_json()["view"]
    assert view["turn"]["seat"] == first and view["turn"]["number"] == 1
    assert [p["turns"] for p in view["players"]] == [int(s == first) for s in range(3)]


def test_after_a_tie_broken_by_turns_the_sole_winner_decides(any_app, client):
    gid, tokens = humans(client, ["Ann", "Bob"])
    finish(any_app, gid, {0: 3, 1: 3}, turns={0: 11, 1: 10})  # Bob won on fewer turns
    new_id = rematch(client, gid, tokens[0]).get_json()["id"]
    assert setup_of(any_app, new_id)["first_player"] == 0


def test_a_shared_victory_picks_any_player(any_app, client):
    gid, tokens = humans(client, ["Ann", "Bob"])
    finish(any_app, gid, {0: 3, 1: 3})
    new_id = rematch(client, gid, tokens[1]).get_json()["id"]
    assert setup_of(any_app, new_id)["first_player"] in (0, 1)


def test_two_seats_asking_at_once_make_one_game(live_server):
    app = live_server.app
    client = app.test_client()
    gid, tokens = humans(client, ["Ann", "Bob"])
    finish(app, gid, {1: 1})
    version = get(client, gid).get_json()["version"]
    games = game_count(app)
    app.config["BEFORE_SAVE_HOOK"] = threading.Barrier(2, timeout=20).wait
    url = f"{live_server.url}/api/games/{gid}/rematch"
    results = _fire([lambda: _post(url, {}, tokens[0]), lambda: _post(url, {}, tokens[1])])
    app.config.pop("BEFORE_SAVE_HOOK")
    assert sorted(r[0] for r in results) == [200, 201], results
    assert results[0][1]["id"] == results[1][1]["id"]
    assert [r[1]["seat"] for r in results] == [0, 1]
    assert game_count(app) == games + 1
    assert get(client, gid).get_json()["version"] == version + 1
    new_id = results[0][1]["id"]
    view = get(client, new_id, results[0][1]["token"]).get_json()
    assert view["status"] == "active" and view["seat"] == 0
    assert get(client, new_id, results[1][1]["token"]).get_json()["seat"] == 1


def test_the_kingdom_of_a_rematch_is_the_same_cards(any_app, client):
    gid, tokens = humans(client, ["Ann", "Bob"], kingdom=KINGDOM)
    finish(any_app, gid, {0: 1})
    new = rematch(client, gid, tokens[1]).get_json()["game"]
    assert sorted(new["setup"]["kingdom"]) == sorted(KINGDOM)
