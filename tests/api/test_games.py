"""Creating, joining and reading games; the event log."""

from __future__ import annotations

import hashlib

from dominion_server.extensions import db
from dominion_server.models import SeatRow

from .support import KINGDOM, bearer, create, get, stored, two_humans


def test_create_against_a_bot_starts_at_once(client, app):
    g = create(client)
    r = client.get(f"/api/games/{g['id']}", headers=bearer(g["token"]))
    assert r.status_code == 200
    body = r.get_json()
    assert body["status"] == "active"
    assert body["seat"] == 0
    assert [s["kind"] for s in body["seats"]] == ["human", "bot"]
    assert sorted(body["setup"]["kingdom"]) == sorted(KINGDOM)
    view = body["view"]
    # Bots have played until the human must act.
    assert view["awaiting"] == [0]
    assert view["legal"], "the human has legal commands"
    assert len(view["players"][0]["hand"]) == 5
    assert r.headers["ETag"] == f'"v{body["version"]}-s0"'


def test_create_answer_holds_token_location_and_no_seed(client, app):
    r = client.post("/api/games", json={
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "big-money"}],
        "kingdom": KINGDOM, "seed": 987654321987})
    assert r.status_code == 201
    body = r.get_json()
    assert r.headers["Location"] == f"/api/games/{body['id']}"
    assert r.headers["Cache-Control"] == "no-store"
    assert len(body["id"]) >= 22 and len(body["token"]) >= 43
    assert "987654321987" not in r.get_data(as_text=True)  # the seed stays secret
    # Only the SHA-256 of the token is stored.
    with app.app_context():
        rows = db.session.query(SeatRow).filter_by(game_id=body["id"]).order_by(SeatRow.seat).all()
        assert rows[0].token_hash == hashlib.sha256(body["token"].encode()).hexdigest()
        assert rows[1].token_hash is None and rows[1].kind == "bot"
        db.session.remove()


def test_game_ids_and_tokens_are_unique(client):
    a, b = create(client), create(client)
    assert a["id"] != b["id"] and a["token"] != b["token"]


def test_same_seed_deals_the_same_game(client):
    a = create(client, seed=42)
    b = create(client, seed=42)
    va = get(client, a["id"], a["token"]).get_json()["view"]
    vb = get(client, b["id"], b["token"]).get_json()["view"]
    assert va["players"][0]["hand"] == vb["players"][0]["hand"]
    assert va["turn"] == vb["turn"]


def test_create_with_preset_and_forced_colony(client):
    g = create(client, preset="first-game-2e", colony="on")
    setup = g["game"]["setup"]
    assert setup["preset"] == "first-game-2e"
    assert setup["colony"] is True and setup["colony_reason"] == "forced"
    piles = [p["card"] for p in g["game"]["view"]["supply"]]
    assert "Platinum" in piles and "Colony" in piles


def test_create_with_local_card_names(client):
    cs = client.get("/api/cards?lang=cs").get_json()["cards"]
    local = {c["name"]: c["local_name"] for c in cs}
    g = create(client, kingdom=[local[n] for n in KINGDOM])
    assert sorted(g["game"]["setup"]["kingdom"]) == sorted(KINGDOM)


def test_create_with_random_kingdom(client):
    g = create(client, random={"seed": 5, "require": ["village", "plus-buy"], "reaction": True,
                               "sets": ["base", "intrigue"]}, colony="auto")
    setup = g["game"]["setup"]
    assert len(setup["kingdom"]) == 10
    assert setup["randomizer"]["seed"] == 5
    same = client.get("/api/kingdoms/random?seed=5&require=village,plus-buy&reaction=true"
                      "&sets=base,intrigue")
    assert same.get_json()["cards"] == sorted(setup["kingdom"])
    assert setup["colony"] is False and setup["colony_reason"] == "no-prosperity"


def test_create_without_kingdom_draws_one(client):
    r = client.post("/api/games", json={"seats": [{"kind": "human", "name": "A"},
                                                  {"kind": "bot", "bot": "generic"}]})
    assert r.status_code == 201
    assert len(r.get_json()["game"]["setup"]["kingdom"]) == 10


def test_create_rejects_bad_setups(client):
    cases = [
        ({"seats": [{"kind": "human", "name": "A"}]}, "seats"),  # one seat
        ({"seats": [{"kind": "bot", "bot": "generic"}] * 2}, "seats"),  # no human
        ({"seats": [{"kind": "human"}, {"kind": "bot", "bot": "generic"}]}, "seats"),  # no name
        ({"seats": [{"kind": "human", "name": "A"}, {"kind": "bot"}]}, "seats"),  # no bot kind
        ({"seats": [{"kind": "human", "name": "A"}, {"kind": "bot", "bot": "skynet"}]}, "seats"),
        ({"seats": [{"kind": "human", "name": "A"}, {"kind": "human"}], "creator_seat": 3},
         "creator_seat"),
        ({"seats": [{"kind": "human", "name": "A"}, {"kind": "human"}], "kingdom": KINGDOM,
          "preset": "first-game-2e"}, "preset"),
        ({"seats": [{"kind": "human", "name": "A"}, {"kind": "human"}], "seed": -1}, "seed"),
        ({"seats": [{"kind": "human", "name": "A"}, {"kind": "human"}], "extra": 1}, "extra"),
    ]
    for body, field in cases:
        r = client.post("/api/games", json=body)
        assert r.status_code == 422, body
        p = r.get_json()
        assert p["code"] == "invalid_body" and field in p["errors"], (body, p)
        assert r.mimetype == "application/problem+json"


def test_create_rejects_impossible_kingdoms_and_relaxes_random_constraints(client):
    seats = [{"kind": "human", "name": "A"}, {"kind": "bot", "bot": "generic"}]
    r = client.post("/api/games", json={"seats": seats, "kingdom": ["Village", "Nonsense"]})
    assert r.status_code == 422 and r.get_json()["code"] == "invalid_setup"
    assert "Nonsense" in r.get_json()["detail"]
    r = client.post("/api/games", json={"seats": seats, "kingdom": ["Village", "Village"]})
    assert r.status_code == 422 and r.get_json()["code"] == "invalid_setup"
    r = client.post("/api/games", json={"seats": seats, "preset": "no such preset"})
    assert r.status_code == 422 and r.get_json()["code"] == "invalid_setup"
    villages = [c["name"] for c in client.get("/api/cards").get_json()["cards"]
                if "village" in c["tags"] and c["set"] == "base"]
    assert villages
    # Constraints that cannot all be met still make a game; its setup says what was given up.
    r = client.post("/api/games", json={"seats": seats, "random": {
        "sets": ["base"], "ban": villages, "require": ["village"]}})
    assert r.status_code == 201, r.get_json()
    g = r.get_json()
    setup = client.get(f"/api/games/{g['id']}", headers=bearer(g["token"])).get_json()["setup"]
    assert [u["constraint"] for u in setup["randomizer"]["unmet"]] == ["require:village"]
    assert not set(setup["kingdom"]) & set(villages)


def test_join_fills_seats_then_starts(client, app):
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"},
                        {"kind": "bot", "bot": "big-money"}])
    gid = g["id"]
    assert g["game"]["status"] == "waiting" and g["game"]["view"] is None
    assert [i["seat"] for i in g["invites"]] == [1]
    code = g["invites"][0]["code"]
    assert g["invites"][0]["url"] == f"/#/join/{gid}/{code}"
    # The creator's view lists the invitation; a spectator's does not.
    assert get(client, gid, g["token"]).get_json()["invites"][0]["code"] == code
    assert get(client, gid).get_json()["invites"] == []
    # Commands wait for the game to start.
    r = client.post(f"/api/games/{gid}/commands", json={"type": "end_phase"},
                    headers=bearer(g["token"]))
    assert r.status_code == 409 and r.get_json()["code"] == "game_not_started"
    before = stored(app, gid)
    j = client.post(f"/api/games/{gid}/join", json={"name": "  Bob  ", "code": code.lower()})
    assert j.status_code == 200
    body = j.get_json()
    assert body["seat"] == 1 and body["token"] != g["token"]
    assert body["game"]["status"] == "active"
    assert body["game"]["seats"][1]["name"] == "Bob"
    assert body["game"]["view"]["players"][1]["name"] == "Bob"
    assert "hand" in body["game"]["view"]["players"][1]
    after = stored(app, gid)
    assert after["version"] == before["version"] + 1 and after["state"] is not None
    # Full now: a clear 409, and nothing changes.
    r = client.post(f"/api/games/{gid}/join", json={"name": "Cy"})
    assert r.status_code == 409 and r.get_json()["code"] == "game_full"
    r = client.post("/api/join", json={"name": "Cy", "code": code})
    assert r.status_code == 404
    assert stored(app, gid) == after


def test_join_by_code_alone(client):
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"}, {"kind": "human"}])
    codes = {i["seat"]: i["code"] for i in g["invites"]}
    r = client.post("/api/join", json={"name": "Cy", "code": codes[2]})
    assert r.status_code == 200
    assert r.get_json()["seat"] == 2 and r.get_json()["id"] == g["id"]
    assert r.get_json()["game"]["status"] == "waiting"
    # The remaining invitation is still listed for seated players.
    assert [i["seat"] for i in get(client, g["id"], r.get_json()["token"]).get_json()["invites"]] == [1]
    # A used code is gone.
    r = client.post(f"/api/games/{g['id']}/join", json={"name": "Dee", "code": codes[2]})
    assert r.status_code == 409 and r.get_json()["code"] == "seat_taken"
    r = client.post(f"/api/games/{g['id']}/join", json={"name": "Dee"})
    assert r.status_code == 200 and r.get_json()["seat"] == 1
    assert r.get_json()["game"]["status"] == "active"


def test_join_errors(client):
    r = client.post("/api/games/nope/join", json={"name": "Bob"})
    assert r.status_code == 404 and r.get_json()["code"] == "game_not_found"
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"}])
    for body in ({}, {"name": ""}, {"name": "x" * 41}, {"name": "Bob", "seat": 1},
                 {"name": 5}):
        r = client.post(f"/api/games/{g['id']}/join", json=body)
        assert r.status_code == 422 and r.get_json()["code"] == "invalid_body", body
    r = client.post("/api/join", json={"name": "Bob"})
    assert r.status_code == 422 and "code" in r.get_json()["errors"]


def test_conditional_get_answers_304_until_the_game_moves(client):
    gid, tokens = two_humans(client)
    r = get(client, gid, tokens[0])
    tag = r.headers["ETag"]
    assert r.headers["Cache-Control"] == "private, no-cache"
    r = client.get(f"/api/games/{gid}", headers={**bearer(tokens[0]), "If-None-Match": tag})
    assert r.status_code == 304 and r.headers["ETag"] == tag and r.data == b""
    # Each seat and the spectator have their own tags for the same version.
    other = get(client, gid, tokens[1]).headers["ETag"]
    spect = get(client, gid).headers["ETag"]
    assert len({tag, other, spect}) == 3
    r = client.get(f"/api/games/{gid}", headers={**bearer(tokens[1]), "If-None-Match": tag})
    assert r.status_code == 200
    # A command moves the version on: the old tag no longer matches.
    view = r.get_json()["view"]
    mover = view["awaiting"][0]
    c = client.post(f"/api/games/{gid}/commands", json={"type": "end_phase"},
                    headers=bearer(tokens[mover]))
    assert c.status_code == 200
    tag_m = get(client, gid, tokens[mover]).headers["ETag"]
    r = client.get(f"/api/games/{gid}", headers={**bearer(tokens[mover]), "If-None-Match": tag_m})
    assert r.status_code == 304
    r = client.get(f"/api/games/{gid}", headers={**bearer(tokens[0]), "If-None-Match": tag})
    assert r.status_code == 200
    assert r.headers["ETag"] != tag


def test_spectator_view(client):
    gid, tokens = two_humans(client)
    r = get(client, gid)
    assert r.status_code == 200
    body = r.get_json()
    assert body["seat"] is None and body["view"]["seat"] is None
    assert all("hand" not in p for p in body["view"]["players"])
    assert body["view"]["legal"] == [] and body["view"]["decision"] is None
    assert r.headers["ETag"] == f'"v{body["version"]}-x"'


def test_unknown_game_and_bad_tokens(client):
    assert get(client, "does-not-exist").status_code == 404
    assert get(client, "x" * 500).status_code == 404
    gid, tokens = two_humans(client)
    other = create(client)
    for header in ("Bearer " + "A" * 43,           # well-formed, unknown
                   "Bearer " + other["token"],     # a token of another game
                   "Basic dXNlcjpwdw==",           # not a bearer token
                   "Bearer", "Bearer a b", "Bearer short"):
        for r in (client.get(f"/api/games/{gid}", headers={"Authorization": header}),
                  client.get(f"/api/games/{gid}", headers={"Authorization": header,
                                                           "If-None-Match": '"v1-x"'}),
                  client.get(f"/api/games/{gid}/log", headers={"Authorization": header}),
                  client.post(f"/api/games/{gid}/commands", json={"type": "end_phase"},
                              headers={"Authorization": header})):
            assert r.status_code == 401, (header, r.status_code)
            assert r.get_json()["code"] == "unauthorized"
            assert r.headers["WWW-Authenticate"].startswith("Bearer")
            assert other["token"] not in r.get_data(as_text=True)
    r = client.post(f"/api/games/{gid}/commands", json={"type": "end_phase"})
    assert r.status_code == 401


def _play_money(client, gid: str, tok: str, commands: int) -> None:
    """Send ``commands`` commands: play all Treasures when legal, else end the phase."""
    for _ in range(commands):
        v = get(client, gid, tok).get_json()["view"]
        cmd = ({"type": "play_treasures"} if {"type": "play_treasures"} in v["legal"]
               else {"type": "end_phase"})
        assert client.post(f"/api/games/{gid}/commands", json=cmd,
                           headers=bearer(tok)).status_code == 200


def test_log_is_paginated_and_complete(client):
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "generic"},
                        {"kind": "bot", "bot": "big-money"}], seed=3)
    gid, tok = g["id"], g["token"]
    _play_money(client, gid, tok, 6)  # a few turns, so there are events
    total = get(client, gid, tok).get_json()["log_seq"]
    assert total > 10
    seen, after, pages = [], 0, 0
    while True:
        r = client.get(f"/api/games/{gid}/log?after={after}&limit=7", headers=bearer(tok))
        assert r.status_code == 200
        page = r.get_json()
        assert len(page["events"]) <= 7
        seen += page["events"]
        after = page["next_after"]
        pages += 1
        if not page["more"]:
            break
    assert [e["seq"] for e in seen] == list(range(1, total + 1))
    assert pages == -(-total // 7)
    assert all(isinstance(e["text"], str) and e["text"] for e in seen)
    r = client.get(f"/api/games/{gid}/log?after={total}", headers=bearer(tok))
    assert r.get_json() == {"events": [], "more": False, "next_after": total}
    for q in ("limit=0", "limit=501", "after=-1", "after=x", "limit=1.5"):
        r = client.get(f"/api/games/{gid}/log?{q}")
        assert r.status_code == 400 and r.get_json()["code"] == "bad_query", q
    assert client.get("/api/games/nope/log").status_code == 404


def test_log_speaks_the_language_asked_for(client):
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "big-money"}],
               seed=5)
    gid, tok = g["id"], g["token"]
    _play_money(client, gid, tok, 4)
    pages = {lang: client.get(f"/api/games/{gid}/log?limit=500&lang={lang}",
                              headers=bearer(tok)).get_json()["events"]
             for lang in ("en", "cs", "hu")}
    assert pages["en"] == client.get(f"/api/games/{gid}/log?limit=500",
                                     headers=bearer(tok)).get_json()["events"]
    # The same events, told three ways.
    strip = [[{k: v for k, v in e.items() if k != "text"} for e in page] for page in pages.values()]
    assert strip[0] == strip[1] == strip[2]
    cs, hu = ({e["text"] for e in pages[lang]} for lang in ("cs", "hu"))
    assert any(t.startswith("Ann si dobírá: ") and "Měďák" in t for t in cs)
    assert any(t.startswith("Ann húz: ") and "Réz" in t for t in hu)
    # The bot's hand stays hidden in every language: a count with its plural.
    assert any(t.endswith(" si dobírá 5 karet.") for t in cs)
    assert any(t.endswith(" húz 5 kártyát.") for t in hu)
    assert not any("Copper" in t for t in cs | hu)
    r = client.get(f"/api/games/{gid}/log?lang=de", headers=bearer(tok))
    assert r.status_code == 400 and "lang" in r.get_json()["errors"]


def test_a_clashing_join_code_is_drawn_again(client, monkeypatch):
    from dominion_server import security

    first = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"}])
    taken = first["invites"][0]["code"]
    codes = iter([taken, "ZZZZ2345"])
    monkeypatch.setattr(security, "new_join_code", lambda: next(codes))
    second = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"}])
    assert second["invites"][0]["code"] == "ZZZZ2345"
    r = client.post("/api/join", json={"name": "Bob", "code": taken})
    assert r.status_code == 200 and r.get_json()["id"] == first["id"]


def test_every_game_representation_carries_the_version_its_etag_names(client):
    """Issue 24 (2): the ETag is `"v<version>-s<seat>"` (`-x`: a spectator) of the body's
    own `version` and `seat`, in every answer that carries the game."""
    from .support import command

    def tag(game: dict) -> str:
        return f'"v{game["version"]}-{"x" if game["seat"] is None else "s%d" % game["seat"]}"'

    r = client.post("/api/games", json={"seats": [{"kind": "human", "name": "Ann"},
                                                  {"kind": "human"}]})
    assert r.status_code == 201 and r.headers["ETag"] == tag(r.get_json()["game"])
    gid, tok = r.get_json()["id"], r.get_json()["token"]
    j = client.post(f"/api/games/{gid}/join", json={"name": "Bob"})
    assert j.status_code == 200 and j.headers["ETag"] == tag(j.get_json()["game"])
    tokens = {0: tok, 1: j.get_json()["token"]}
    for token in (tok, j.get_json()["token"], None):
        g = get(client, gid, token)
        assert g.status_code == 200 and g.headers["ETag"] == tag(g.get_json())
    seat = get(client, gid, tok).get_json()["view"]["awaiting"][0]
    c = command(client, gid, tokens[seat], {"type": "end_phase"})
    assert c.status_code == 200 and c.headers["ETag"] == tag(c.get_json())
    assert c.get_json()["version"] == get(client, gid).get_json()["version"]
