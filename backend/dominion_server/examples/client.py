"""Play a whole game against a bot: python client.py http://127.0.0.1:5000"""
import sys
import uuid

import requests

API, LIMIT = sys.argv[1].rstrip("/") + "/api", 2000  # stop after LIMIT requests


def answer(d):
    """A valid answer to any decision (see the Decision schema)."""
    if d["kind"] in ("cards", "options"):
        return d["options"][: d["min"]]  # the fewest cards (or options) allowed
    return d["options"] if d["kind"] == "order" else d["options"][0]


seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "big-money"}]
r = requests.post(f"{API}/games", json={"seats": seats}, timeout=10)
url, auth = f"{API}/games/{r.json()['id']}", {"Authorization": f"Bearer {r.json()['token']}"}
game = r.json()["game"]
for _ in range(LIMIT):
    # The ETag's format is stable: "v<version>-s<seat>" ("v<version>-x" for a spectator).
    view, etag = game["view"], f'"v{game["version"]}-s{game["seat"]}"'
    if view["game_over"]:
        break
    if view["seat"] not in view["awaiting"]:  # not our move: long-poll (304: no change)
        r = requests.get(url, headers={**auth, "If-None-Match": etag, "Prefer": "wait=25"},
                         timeout=40)
    else:  # the first legal command; a retry would send the same Idempotency-Key
        cmd = view["legal"][0]
        if cmd["type"] == "answer":
            cmd = {"type": "answer", "answer": answer(cmd["decision"])}
        r = requests.post(f"{url}/commands", json=cmd, timeout=10, headers={
            **auth, "If-Match": etag, "Idempotency-Key": str(uuid.uuid4())})
    r.raise_for_status()
    game = r.json() if r.status_code == 200 else game  # a 304 has no body
    assert r.headers["ETag"] == f'"v{game["version"]}-s{game["seat"]}"'  # header = body
else:
    sys.exit(f"no end after {LIMIT} requests")
print("game over:", view["result"]["end_reason"], "scores", view["result"]["scores"])
