"""A seat played through signed webhooks, without polling.

    python webhook_bot.py http://127.0.0.1:5000 GAME_ID SEAT_TOKEN [PORT]

It listens on 127.0.0.1:PORT, registers http://127.0.0.1:PORT/hook as the
seat's webhook (the server must allow it: ``OUTBOUND_ALLOW_HOSTS=127.0.0.1``;
a real bot gives a public https URL), and then sleeps until called. Each call
is verified with the Standard Webhooks library and dropped if its id was
seen; on ``turn``, ``decision`` or ``reminder`` it reads the game once and
moves while the move is its own (each command's answer is the next view).
"""

from __future__ import annotations

import sys
import threading
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import requests
from standardwebhooks import Webhook
from standardwebhooks.webhooks import WebhookVerificationError


def choose(view: dict[str, Any]) -> dict[str, Any]:
    """A legal command: answer with the fewest cards, play Treasures, buy the dearest."""
    legal = view["legal"]
    for cmd in legal:
        if cmd["type"] == "answer":
            d = cmd["decision"]
            answer = (d["options"][: d["min"]] if d["kind"] in ("cards", "options")
                      else d["options"] if d["kind"] == "order" else d["options"][0])
            return {"type": "answer", "answer": answer}
    if {"type": "play_treasures"} in legal:
        return {"type": "play_treasures"}
    costs = {p["card"]: p["cost"] for p in view["supply"]}
    buys = [c for c in legal if c["type"] == "buy" and costs[c["card"]] >= 3]
    return max(buys, key=lambda c: costs[c["card"]]) if buys else {"type": "end_phase"}


class WebhookBot:
    """Plays one seat when its webhook says so; ``done`` is set when the game ends."""

    def __init__(self, api: str, game_id: str, token: str, port: int = 0) -> None:
        self.url = f"{api.rstrip('/')}/api/games/{game_id}"
        self.auth = {"Authorization": f"Bearer {token}"}
        self.server = ThreadingHTTPServer(("127.0.0.1", port), self._handler())
        self.seen: set[str] = set()
        self.lock = threading.Lock()  # one move at a time
        self.done = threading.Event()
        self.moves = 0
        self.calls = 0

    def start(self) -> None:
        """Listen, register the webhook, then move if the game waits for us already."""
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        hook = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        r = requests.post(f"{self.url}/webhooks", json={"url": hook}, headers=self.auth,
                          timeout=10)
        r.raise_for_status()
        self.webhook = Webhook(r.json()["secret"])
        self.play()  # events only tell of changes after now

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def play(self) -> None:
        with self.lock:
            r = requests.get(self.url, headers=self.auth, timeout=10)
            while r.status_code == 200 and not (r.json()["view"] or {}).get("game_over"):
                view = r.json()["view"]
                if view is None or not view["legal"]:
                    return  # not started, or not our move: a webhook call says when
                r = requests.post(f"{self.url}/commands", json=choose(view), timeout=10,
                                  headers={**self.auth, "If-Match": r.headers["ETag"],
                                           "Idempotency-Key": str(uuid.uuid4())})
                self.moves += r.status_code == 200
                if r.status_code == 412:  # the game moved on meanwhile: look again
                    r = requests.get(self.url, headers=self.auth, timeout=10)
            if r.status_code == 200:
                self.done.set()
            else:
                r.raise_for_status()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        bot = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                try:
                    event = bot.webhook.verify(body, dict(self.headers))
                except WebhookVerificationError:
                    self.send_response(400)
                    self.end_headers()
                    return
                self.send_response(204)  # answer first: the server does not wait for moves
                self.end_headers()
                with bot.lock:
                    new = event["id"] not in bot.seen
                    bot.seen.add(event["id"])
                    bot.calls += 1
                if event["type"] == "game_over":
                    bot.done.set()
                elif new and event["type"] in ("turn", "decision", "reminder"):
                    threading.Thread(target=bot.play, daemon=True).start()

            def log_message(self, *args: Any) -> None:
                pass

        return Handler


if __name__ == "__main__":
    api, game_id, token = sys.argv[1:4]
    bot = WebhookBot(api, game_id, token, int(sys.argv[4]) if len(sys.argv) > 4 else 8765)
    bot.start()
    bot.done.wait()
    bot.stop()
    print(f"game over after {bot.moves} moves and {bot.calls} webhook calls")
