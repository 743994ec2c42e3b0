"""A whole game over HTTP: one scripted human against two bots, to the end."""

from __future__ import annotations

import json

from dominion import Game, new_game
from dominion.bots import make_bot
from dominion_server.extensions import db
from dominion_server.models import CommandRow, GameRow

from .support import bearer, command, create, simple_answer

KINGDOM = ["Cellar", "Chapel", "Moat", "Village", "Militia", "Smithy", "Market",
           "Witch", "Remodel", "Bureaucrat"]
WANT = {8: "Province", 7: "Gold", 6: "Gold", 5: "Market", 4: "Smithy", 3: "Silver",
        2: "Cellar"}


def human_move(view: dict) -> dict:
    """A simple money-and-actions player that needs no rules: it reads view.legal."""
    if view["decision"] is not None:
        return {"type": "answer", "answer": simple_answer(view["decision"])}
    legal = view["legal"]
    plays = [c for c in legal if c["type"] == "play" and c["card"] in
             ("Market", "Village", "Cellar", "Smithy", "Militia", "Chapel", "Moat")]
    if plays and view["turn"]["phase"] == "action":
        return plays[0]
    if {"type": "play_treasures"} in legal:
        return {"type": "play_treasures"}
    coins = view["turn"]["coins"]
    if view["turn"]["buys"] > 0:
        for price in range(min(coins, 8), 1, -1):
            cmd = {"type": "buy", "card": WANT[price]}
            if cmd in legal:
                return cmd
    return {"type": "end_phase"}


def test_full_game_against_bots(client, app):
    g = create(client, [{"kind": "bot", "bot": "generic"}, {"kind": "human", "name": "Ann"},
                        {"kind": "bot", "bot": "big-money"}], seed=2025, kingdom=KINGDOM)
    gid, tok, me = g["id"], g["token"], g["seat"]
    assert me == 1
    etag = g["etag"]
    requests = answers = 0
    body = g["game"]
    last_seq = body["log_seq"]
    while True:
        r = client.get(f"/api/games/{gid}", headers={**bearer(tok), "If-None-Match": etag})
        if r.status_code == 200:
            etag = r.headers["ETag"]
            body = r.get_json()
        else:
            assert r.status_code == 304
        view = body["view"]
        if view["game_over"]:
            break
        assert view["awaiting"] == [me], "bots always hand back to the human"
        cmd = human_move(view)
        answers += cmd["type"] == "answer"
        res = command(client, gid, tok, cmd, etag=etag, key=f"move-{requests}")
        assert res.status_code == 200, (cmd, res.get_json())
        out = res.get_json()
        etag = res.headers["ETag"]
        body = {k: v for k, v in out.items() if k != "events"}
        # Events come in order, continuing the log.
        seqs = [e["seq"] for e in out["events"]]
        assert seqs == list(range(last_seq + 1, last_seq + 1 + len(seqs)))
        last_seq = seqs[-1] if seqs else last_seq
        requests += 1
        assert requests < 1500, "the game should have ended"
    assert body["status"] == "over"
    result = view["result"]
    assert result["end_reason"] in ("provinces", "piles")
    assert len(result["scores"]) == 3 and result["winners"]
    assert answers > 0, "the human answered decisions (Cellar, Chapel, Militia...)"
    # Nothing more can be done.
    r = command(client, gid, tok, {"type": "end_phase"})
    assert r.status_code == 409 and r.get_json()["code"] == "game_over"
    # The log holds every event exactly once.
    log = client.get(f"/api/games/{gid}/log?limit=500", headers=bearer(tok)).get_json()
    events = log["events"]
    while log["more"]:
        log = client.get(f"/api/games/{gid}/log?limit=500&after={log['next_after']}",
                         headers=bearer(tok)).get_json()
        events += log["events"]
    assert [e["seq"] for e in events] == list(range(1, body["log_seq"] + 1))
    assert events[-1]["type"] == "game_over"
    # The command log replays to the stored final state: nothing was lost or doubled.
    with app.app_context():
        row = db.session.get(GameRow, gid)
        setup = json.loads(row.setup)
        stored_state = json.loads(row.state)
        logged = db.session.query(CommandRow).filter_by(game_id=gid).order_by(CommandRow.id).all()
        moves = [(c.seat, json.loads(c.command), c.actor) for c in logged]
        db.session.remove()
    assert sum(a == "human" for _, _, a in moves) == requests
    bots = {0: make_bot("generic"), 2: make_bot("big-money")}
    names = [s["name"] for s in body["seats"]]
    replay = new_game(names, setup["kingdom"], seed=setup["seed"], colony=setup["colony"],
                      agents=bots)
    for seat, cmd, _ in moves:
        replay.apply(seat, cmd)
    assert replay.to_dict() == Game.from_dict(stored_state).to_dict()
    assert replay.result()["scores"] == result["scores"]
