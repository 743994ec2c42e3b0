"""The example webhook bot (examples/webhook_bot.py) plays whole games, never polling.

Two webhook bots hold the two human seats of a game with a server bot seat:
every move of one is a ``turn`` or ``decision`` event for the other, so the
game goes on only through webhooks delivered by the worker thread.
"""

from __future__ import annotations

import threading

import pytest
from werkzeug.serving import make_server

from dominion_server.delivery import worker as delivery_worker
from dominion_server.examples.webhook_bot import WebhookBot
from dominion_server.extensions import db

from ..delivery_servers import WAIT
from .delivery_support import make_app

pytest.importorskip("requests")


@pytest.fixture
def server(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'bots.sqlite3'}", DELIVERY_POLL=3600)
    http = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=http.serve_forever, daemon=True)
    thread.start()
    worker = delivery_worker.start_thread(app)
    yield app, f"http://127.0.0.1:{http.server_port}"
    worker.stop()
    http.shutdown()
    thread.join(WAIT)
    with app.app_context():
        db.engine.dispose()


def test_two_webhook_bots_play_a_game_against_a_bot_seat_to_the_end(server):
    app, url = server
    client = app.test_client()
    r = client.post("/api/games", json={
        "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"},
                  {"kind": "bot", "bot": "big-money"}],
        "kingdom": ["Cellar", "Market", "Militia", "Mine", "Moat",
                    "Remodel", "Smithy", "Village", "Woodcutter", "Workshop"], "seed": 3})
    assert r.status_code == 201
    game_id, ann_token = r.get_json()["id"], r.get_json()["token"]
    ann = WebhookBot(url, game_id, ann_token)
    ann.start()  # the game waits for Bob: nothing to play yet
    joined = client.post(f"/api/games/{game_id}/join", json={"name": "Bob"})
    bob = WebhookBot(url, game_id, joined.get_json()["token"])
    try:
        bob.start()
        assert ann.done.wait(120) and bob.done.wait(120), "the game did not end"
    finally:
        ann.stop()
        bob.stop()
    game = client.get(f"/api/games/{game_id}").get_json()
    assert game["status"] == "over"
    assert ann.moves > 10 and bob.moves > 10
    # Each bot was woken by webhooks (it never polls).
    assert ann.calls > 5 and bob.calls > 5
    print(f"webhook bots: Ann {ann.moves} moves / {ann.calls} calls, "
          f"Bob {bob.moves} moves / {bob.calls} calls")
