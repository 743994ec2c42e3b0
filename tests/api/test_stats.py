"""GET /api/games/{id}/stats: a finished game's statistics, public figures only."""

from __future__ import annotations

from collections import Counter

import pytest

from dominion import CARDS
from dominion_server import game_stats
from dominion_server.extensions import db
from dominion_server.models import CommandRow

from .support import bearer, command, create, two_humans
from .test_async_games import age, awaited, end_turn
from .test_full_game import human_move
from .test_rematch import humans

KINGDOM = ["Cellar", "Chapel", "Moat", "Village", "Militia", "Smithy", "Market",
           "Witch", "Remodel", "Bureaucrat"]


def _play_to_the_end(client, seed=31, undo_once=True):
    """Ann against Big Money until the game ends; Ann takes back one buy on the way.

    :returns: (game id, Ann's token, the final game body, undos done)
    """
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "big-money"}],
               seed=seed, kingdom=KINGDOM)
    gid, tok = g["id"], g["token"]
    body = g["game"]
    undone = 0
    for _ in range(1500):
        view = body["view"]
        if view["game_over"]:
            return gid, tok, body, undone
        cmd = human_move(view)
        res = command(client, gid, tok, cmd)
        assert res.status_code == 200, (cmd, res.get_json())
        body = res.get_json()
        if undo_once and not undone and cmd["type"] == "buy" and cmd["card"] == "Silver":
            res = command(client, gid, tok, {"type": "undo"})
            assert res.status_code == 200, res.get_json()
            body = res.get_json()
            undone = 1
    raise AssertionError("the game should have ended")


def _spectator_log(client, gid):
    events, after = [], 0
    while True:
        page = client.get(f"/api/games/{gid}/log?limit=500&after={after}").get_json()
        events += page["events"]
        if not page["more"]:
            return events
        after = page["next_after"]


@pytest.fixture(scope="module")
def finished(app):
    client = app.test_client()
    gid, tok, body, undone = _play_to_the_end(client)
    assert undone == 1
    return app, client, gid, tok, body


def test_stats_of_a_finished_game(finished):
    _, client, gid, _, body = finished
    r = client.get(f"/api/games/{gid}/stats")
    assert r.status_code == 200
    assert r.headers["Content-Type"].startswith("application/json")
    stats = r.get_json()
    result = body["view"]["result"]
    assert stats["id"] == gid and stats["edition"] == "2" and stats["colony"] is False
    assert stats["end_reason"] == result["end_reason"]
    assert [p["name"] for p in stats["players"]] == ["Ann", "Big Money 2"]
    assert [p["vp"] for p in stats["players"]] == result["scores"]
    assert [p["turns"] for p in stats["players"]] == result["turns"]
    assert [p["cards"] for p in stats["players"]] == result["decks"]
    turns = stats["turns"]
    assert len(turns) == sum(result["turns"])
    assert [t["number"] for t in turns] == list(range(1, len(turns) + 1))
    assert turns[-1]["vp"] == result["scores"]
    # The replay worked: every turn has its coins, and a turn's buys never cost more.
    assert all(isinstance(t["coins"], int) and t["coins"] >= 0 for t in turns)


def test_stats_match_the_public_log(finished):
    """Every figure can be read off what a spectator saw: the log with hidden cards
    as counts. Undone moves are not in it, and not in the statistics."""
    _, client, gid, _, _ = finished
    stats = client.get(f"/api/games/{gid}/stats").get_json()
    log = _spectator_log(client, gid)
    gains: list[list[list[str]]] = [[[], []]]
    shuffles: Counter = Counter()
    for e in log:
        if e["type"] == "turn":
            gains.append([[], []])
        elif e["type"] == "gain":
            gains[-1][e["seat"]].append(e["card"])
        elif e["type"] == "shuffle":
            shuffles[e["seat"]] += 1
    assert [t["gains"] for t in stats["turns"]] == gains
    assert [p["shuffles"] for p in stats["players"]] == [shuffles[0], shuffles[1]]
    assert [p["gained"] for p in stats["players"]] == [
        sum(len(t["gains"][s]) for t in stats["turns"]) for s in (0, 1)]
    # The turn player's gains are all buys here (no card in play gains): they never
    # cost more than the turn's coins, and a turn that bought a Province made $8.
    for t in stats["turns"]:
        mine = t["gains"][t["seat"]]
        assert sum(CARDS[c].cost for c in mine) <= t["coins"]
        if "Province" in mine:
            assert t["coins"] >= 8


def test_stats_hold_nothing_hidden(finished):
    _, client, gid, tok, _ = finished
    text = client.get(f"/api/games/{gid}/stats").get_data(as_text=True)
    stats = client.get(f"/api/games/{gid}/stats").get_json()
    for secret in ("seed", "hand", "deck", "discard", "private", "token", "rng", "snapshot"):
        assert f'"{secret}' not in text
    assert set(stats) == {"id", "edition", "colony", "kingdom", "end_reason", "turns",
                          "players"}
    assert all(set(t) == {"number", "seat", "coins", "gains", "vp"} for t in stats["turns"])
    assert all(set(p) == {"seat", "name", "turns", "shuffles", "gained", "vp", "cards"}
               for p in stats["players"])
    # The same for everyone: a seat's token changes nothing.
    assert client.get(f"/api/games/{gid}/stats", headers=bearer(tok)).get_json() == stats


def test_etag_and_304(finished):
    _, client, gid, _, body = finished
    r = client.get(f"/api/games/{gid}/stats")
    tag = r.headers["ETag"]
    assert tag == f'"v{body["version"]}-x"'
    again = client.get(f"/api/games/{gid}/stats", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.get_data() == b""
    assert again.headers["ETag"] == tag
    gz = client.get(f"/api/games/{gid}/stats", headers={"Accept-Encoding": "gzip"})
    assert gz.headers.get("Content-Encoding") == "gzip" and gz.headers["ETag"] == tag
    bad = client.get(f"/api/games/{gid}/stats", headers={"If-None-Match": "v1"})
    assert bad.status_code == 400 and bad.get_json()["code"] == "bad_header"


def test_unfinished_games_have_no_stats(client):
    gid, tokens = two_humans(client)
    r = client.get(f"/api/games/{gid}/stats", headers=bearer(tokens[0]))
    assert r.status_code == 409
    problem = r.get_json()
    assert problem["code"] == "game_not_over"
    assert r.headers["Content-Type"].startswith("application/problem+json")
    waiting = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"}])
    r = client.get(f"/api/games/{waiting['id']}/stats")
    assert r.status_code == 409 and r.get_json()["code"] == "game_not_over"


@pytest.mark.parametrize("gid", ["0123456789abcdef0123456789abcdef", "no-such-game", "x" * 40])
def test_unknown_game_is_404(client, gid):
    r = client.get(f"/api/games/{gid}/stats")
    assert r.status_code == 404 and r.get_json()["code"] == "game_not_found"


def test_a_log_that_does_not_replay_gives_stats_without_coins(finished):
    """A game the engine of today plays differently (stored by an older one) keeps its
    statistics from the event log; only the coins are unknown."""
    app, client, gid, _, _ = finished
    full = client.get(f"/api/games/{gid}/stats").get_json()
    game_stats._cache.clear()  # a finished game's log never changes; this one's will
    with app.app_context():
        first = db.session.query(CommandRow).filter_by(game_id=gid).order_by(
            CommandRow.id).first()
        kept = (first.id, first.command)
        first.command = '{"type": "end_phase"}'
        db.session.commit()
    try:
        r = client.get(f"/api/games/{gid}/stats")
        assert r.status_code == 200
        partial = r.get_json()
    finally:
        with app.app_context():
            db.session.get(CommandRow, kept[0]).command = kept[1]
            db.session.commit()
        game_stats._cache.clear()
    assert all(t["coins"] is None for t in partial["turns"])
    for t in partial["turns"]:
        t.pop("coins")
    for t in full["turns"]:
        t.pop("coins")
    assert partial == full


def test_a_game_with_a_stand_in_replays_with_its_coins(client, app):
    """A bot stood in for an absent player for a while: the replay hands the seat to
    the same bot at the same point, so the coins are known."""
    gid, tokens = humans(client, ["Ann", "Bob"], deadline=24, kingdom=KINGDOM, seed=5)
    mover = awaited(client, gid, tokens)
    other = 1 - mover
    age(app, gid, 25)
    r = command(client, gid, tokens[other], {"type": "stand_in", "seat": mover})
    assert r.status_code == 200, r.get_json()
    end_turn(client, gid, tokens[other])  # the stand-in plays the absent seat's turn inline
    assert command(client, gid, tokens[mover], {"type": "take_back"}).status_code == 200
    for _ in range(3000):
        view = client.get(f"/api/games/{gid}").get_json()["view"]
        if view["game_over"]:
            break
        seat = view["awaiting"][0]
        mine = client.get(f"/api/games/{gid}", headers=bearer(tokens[seat])).get_json()["view"]
        res = command(client, gid, tokens[seat], human_move(mine))
        assert res.status_code == 200, res.get_json()
    else:
        raise AssertionError("the game should have ended")
    stats = client.get(f"/api/games/{gid}/stats").get_json()
    assert all(isinstance(t["coins"], int) for t in stats["turns"])
    assert stats["turns"][-1]["vp"] == view["result"]["scores"]
    assert len(stats["turns"]) == sum(view["result"]["turns"])
