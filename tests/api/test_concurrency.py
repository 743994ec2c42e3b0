"""Real simultaneous requests against a live server, on SQLite and on PostgreSQL.

Two commands for the same game version: exactly one wins, the other gets 412,
and nothing is lost or applied twice. A barrier in the save path (the app's
``BEFORE_SAVE_HOOK``) holds both requests until both have read the game, so
the database's compare-and-swap really decides, not luck.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from typing import Optional

from .support import create, get, stored, two_humans


def _post(url: str, body: dict, token: str, etag: Optional[str] = None,
          key: Optional[str] = None) -> tuple[int, dict, dict]:
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {token}"}
    if etag:
        headers["If-Match"] = etag
    if key:
        headers["Idempotency-Key"] = key
    req = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read()), dict(r.headers)
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read()), dict(e.headers)


def _fire(calls) -> list:
    """Run the calls in threads that start together; their results in order."""
    results: list = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def run(i, fn):
        start.wait()
        results[i] = fn()

    threads = [threading.Thread(target=run, args=(i, fn)) for i, fn in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return results


def _setup(app):
    client = app.test_client()
    gid, tokens = two_humans(client, seed=13)
    view = get(client, gid, tokens[0]).get_json()["view"]
    seat = view["awaiting"][0]
    return client, gid, seat, tokens[seat]


def test_simultaneous_commands_exactly_one_wins(live_server):
    app = live_server.app
    client, gid, seat, tok = _setup(app)
    before = stored(app, gid)
    app.config["BEFORE_SAVE_HOOK"] = threading.Barrier(2, timeout=20).wait
    url = f"{live_server.url}/api/games/{gid}/commands"
    # Both are legal now; neither sends If-Match, so only the CAS can stop one.
    results = _fire([lambda: _post(url, {"type": "play_treasures"}, tok),
                     lambda: _post(url, {"type": "end_phase"}, tok)])
    app.config.pop("BEFORE_SAVE_HOOK")
    statuses = sorted(r[0] for r in results)
    assert statuses == [200, 412], results
    winner = next(r for r in results if r[0] == 200)
    loser = next(r for r in results if r[0] == 412)
    assert loser[1]["code"] == "stale_version"
    assert loser[1]["current_version"] == before["version"] + 1
    after = stored(app, gid)
    assert after["version"] == before["version"] + 1
    assert after["commands"] == before["commands"] + 1
    assert get(client, gid, tok).get_json()["view"] == winner[1]["view"]


def test_simultaneous_retries_apply_once(live_server):
    app = live_server.app
    client, gid, seat, tok = _setup(app)
    before = stored(app, gid)
    app.config["BEFORE_SAVE_HOOK"] = threading.Barrier(2, timeout=20).wait
    url = f"{live_server.url}/api/games/{gid}/commands"
    send = lambda: _post(url, {"type": "play_treasures"}, tok, key="same-key")  # noqa: E731
    results = _fire([send, send])
    app.config.pop("BEFORE_SAVE_HOOK")
    assert [r[0] for r in results] == [200, 200], results
    assert results[0][1] == results[1][1]
    replayed = [r[2].get("Idempotent-Replayed") for r in results]
    assert sorted(map(str, replayed)) == ["None", "true"]
    after = stored(app, gid)
    assert after["version"] == before["version"] + 1
    assert after["commands"] == before["commands"] + 1


def test_racing_clients_without_a_barrier(live_server):
    """Rounds of two clients acting on the same ETag: one 200 and one 412 every time."""
    app = live_server.app
    client = app.test_client()
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "generic"}],
               seed=21)
    gid, tok = g["id"], g["token"]
    url = f"{live_server.url}/api/games/{gid}/commands"
    for round_ in range(8):
        r = get(client, gid, tok)
        tag = r.headers["ETag"]
        before = stored(app, gid)
        results = _fire([lambda: _post(url, {"type": "end_phase"}, tok, etag=tag),
                         lambda: _post(url, {"type": "end_phase"}, tok, etag=tag)])
        assert sorted(x[0] for x in results) == [200, 412], (round_, results)
        after = stored(app, gid)
        assert after["version"] == before["version"] + 1
        assert after["commands"] - before["commands"] >= 1  # the human's, plus bot moves
        if after["status"] == "over":
            break
