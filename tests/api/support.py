"""Small helpers for API tests: create games, send commands, read the database."""

from __future__ import annotations

import json
from typing import Any, Optional

from dominion_server.extensions import db
from dominion_server.models import CommandRow, EventRow, GameRow

KINGDOM = ["Cellar", "Chapel", "Moat", "Village", "Workshop",
           "Militia", "Smithy", "Throne Room", "Market", "Witch"]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(client, seats: Optional[list[dict]] = None, **extra: Any) -> dict[str, Any]:
    """Create a game (default: Ann vs a generic bot, the test kingdom, seed 7); the 201 body."""
    body = {"seats": seats or [{"kind": "human", "name": "Ann"},
                               {"kind": "bot", "bot": "generic"}]}
    if not {"kingdom", "preset", "random"} & set(extra):
        body["kingdom"] = KINGDOM
    body.setdefault("seed", 7)
    body.update(extra)
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.get_json()
    data = r.get_json()
    data["etag"] = r.headers["ETag"]
    return data


def two_humans(client, seed: int = 7, **extra: Any) -> tuple[str, dict[int, str]]:
    """A started game of two humans: (game id, {seat: token})."""
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"}],
               seed=seed, **extra)
    j = client.post(f"/api/games/{g['id']}/join", json={"name": "Bob"})
    assert j.status_code == 200, j.get_json()
    return g["id"], {g["seat"]: g["token"], j.get_json()["seat"]: j.get_json()["token"]}


def get(client, game_id: str, token: Optional[str] = None):
    return client.get(f"/api/games/{game_id}", headers=bearer(token) if token else {})


def command(client, game_id: str, token: str, cmd: dict, etag: Optional[str] = None,
            key: Optional[str] = None):
    headers = bearer(token)
    if etag:
        headers["If-Match"] = etag
    if key:
        headers["Idempotency-Key"] = key
    return client.post(f"/api/games/{game_id}/commands", json=cmd, headers=headers)


def stored(app, game_id: str) -> dict[str, Any]:
    """The game's row and log sizes, straight from the database."""
    with app.app_context():
        row = db.session.get(GameRow, game_id)
        out = {
            "version": row.version, "state": row.state, "status": row.status,
            "last_seq": row.last_seq,
            "commands": db.session.query(CommandRow).filter_by(game_id=game_id).count(),
            "events": db.session.query(EventRow).filter_by(game_id=game_id).count(),
        }
        db.session.remove()
        return out


def state(app, game_id: str) -> dict[str, Any]:
    """The stored engine state as a dict (hidden information included)."""
    return json.loads(stored(app, game_id)["state"])


def simple_answer(decision: dict) -> Any:
    """A legal answer to any decision, chosen without rules."""
    kind, options = decision["kind"], decision["options"]
    if kind in ("cards", "options"):
        return options[: decision["min"]]
    if kind == "order":
        return list(options)
    if kind == "supply":
        return options[0] if decision["min"] > 0 else None
    return options[0]
