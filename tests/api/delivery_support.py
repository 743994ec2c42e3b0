"""Helpers for the delivery tests: an app of their own, the worker driven by hand."""

from __future__ import annotations

import base64
import json
from datetime import datetime, timedelta
from typing import Any, Callable, Optional

from cryptography.hazmat.primitives.asymmetric import ec
from flask import Flask
from sqlalchemy import select, update

from dominion import CARDS, Game
from dominion_server import create_app
from dominion_server.delivery.worker import Worker
from dominion_server.extensions import db
from dominion_server.models import GameRow, OutboxRow, utcnow

from .support import bearer

OUTBOX = OutboxRow.__table__
GAMES = GameRow.__table__


def make_app(url: str, **config: Any) -> Flask:
    key = ec.generate_private_key(ec.SECP256R1()).private_numbers().private_value
    return create_app({
        "VAPID_PRIVATE_KEY": base64.urlsafe_b64encode(key.to_bytes(32, "big")).decode(),
        "VAPID_SUBJECT": "mailto:tests@example.com",
        "TESTING": True, "SQLALCHEMY_DATABASE_URI": url, "AUTO_MIGRATE": True,
        "RATELIMIT_ENABLED": False, "OUTBOUND_ALLOW_HOSTS": "127.0.0.1",
        "DELIVERY_WORKER": "off", "DELIVERY_SCAN": 0, **config})


def drain(app: Flask) -> int:
    """Deliver every row due now (the worker's ticks, in this thread); rows handled."""
    worker = Worker(app)
    total = 0
    while True:
        n = worker.tick()
        total += n
        if n == 0:
            return total


def rows(app: Flask, **where: Any) -> list[Any]:
    with app.app_context():
        q = select(OUTBOX).order_by(OUTBOX.c.id)
        for k, v in where.items():
            q = q.where(OUTBOX.c[k] == v)
        out = db.session.execute(q).all()
        db.session.remove()
        return out


def due_now(app: Flask) -> None:
    """Bring every scheduled retry forward to now (instead of waiting for it)."""
    with app.app_context():
        db.session.execute(update(OUTBOX).where(OUTBOX.c.delivered_at.is_(None))
                           .values(next_at=utcnow() - timedelta(seconds=1)))
        db.session.commit()
        db.session.remove()


def edit_game(app: Flask, gid: str, change: Callable[[Game], None],
              setup: Optional[dict[str, Any]] = None,
              updated_at: Optional[datetime] = None) -> None:
    """Change a stored game in place (its state, setup keys, last write time)."""
    with app.app_context():
        row = db.session.get(GameRow, gid)
        if row.state is not None:
            game = Game.from_json(row.state)
            change(game)
            row.state = game.to_json()
        if setup:
            row.setup = json.dumps({**json.loads(row.setup), **setup})
        if updated_at is not None:
            row.updated_at = updated_at
        db.session.commit()
        db.session.remove()


def awaiting(client, gid: str, token: str) -> list[int]:
    return client.get(f"/api/games/{gid}", headers=bearer(token)).get_json()["view"]["awaiting"]


def end_turn(client, gid: str, token: str) -> None:
    """End the caller's turn (Action phase -> Buy phase -> next player)."""
    url = f"/api/games/{gid}/commands"
    for _ in range(3):
        view = client.get(f"/api/games/{gid}", headers=bearer(token)).get_json()["view"]
        if view["turn"]["seat"] != view["seat"] or view["decision"]:
            return
        r = client.post(url, json={"type": "end_phase"}, headers=bearer(token))
        assert r.status_code == 200, r.get_json()


def card_names_in(payload: Any) -> set[str]:
    """Every card name that appears anywhere in a JSON payload."""
    text = json.dumps(payload, ensure_ascii=False)
    return {name for name in CARDS if f'"{name}"' in text or f" {name} " in text}
