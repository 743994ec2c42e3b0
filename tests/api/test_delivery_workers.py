"""Real ``flask deliver`` worker processes on PostgreSQL (issue 22 §3).

A worker killed with SIGKILL in the middle of a delivery loses nothing: its
rows come back when their lease passes and another worker delivers them,
with the same event id, which the receiver uses to drop the repeat. Two
workers running at once never deliver the same row at the same time
(``FOR UPDATE SKIP LOCKED`` and the lease).

Needs ``TEST_DATABASE_URL`` (PostgreSQL); skipped otherwise. The counts are
printed (``pytest -s``) for the report.
"""

from __future__ import annotations

import base64
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from sqlalchemy import func, select, text

from dominion_server.extensions import db
from dominion_server.models import utcnow

from ..delivery_servers import WAIT, Request, WebhookReceiver
from . import dbs
from .delivery_support import OUTBOX, end_turn, make_app
from .support import bearer, two_humans

pytestmark = pytest.mark.skipif(not dbs.postgres_url(),
                                reason="needs PostgreSQL (TEST_DATABASE_URL)")

BACKEND = Path(__file__).resolve().parents[2] / "backend"
#: One secret for every hook of a test, so one receiver verifies them all.
SECRET = "whsec_" + base64.b64encode(os.urandom(32)).decode()


class HoldingReceiver(WebhookReceiver):
    """A receiver that, while ``hold`` is set, keeps each verified call open
    (after recording it, as a receiver that processed it but had not answered
    yet) until ``release`` is set."""

    def __init__(self, secret: str) -> None:
        super().__init__(secret)
        self.hold = threading.Event()
        self.holding = threading.Event()
        self.release = threading.Event()

    def handle(self, request: Request):
        reply = super().handle(request)
        if self.hold.is_set() and 200 <= reply[0] < 300:
            self.holding.set()
            self.release.wait(WAIT)
        return reply


@pytest.fixture
def pg_app():
    schema = dbs.PostgresSchema(dbs.postgres_url())
    app = make_app(schema.url)
    app.config["TEST_SCHEMA_URL"] = schema.url
    yield app
    with app.app_context():
        db.engine.dispose()
    schema.drop()


def start_worker(app, out=subprocess.DEVNULL, **env: str) -> subprocess.Popen:
    environ = dict(os.environ, DATABASE_URL=app.config["TEST_SCHEMA_URL"], AUTO_MIGRATE="0",
                   OUTBOUND_ALLOW_HOSTS="127.0.0.1", DELIVERY_POLL="0.2",
                   PYTHONPATH=str(BACKEND), **env)
    flask = Path(sys.executable).parent / "flask"
    return subprocess.Popen([str(flask), "--app", "dominion_server", "deliver"], cwd=BACKEND,
                            env=environ, stdout=out, stderr=subprocess.DEVNULL)


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(WAIT)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def games_with_webhooks(app, receiver, games: int, turns: int) -> set[str]:
    """``games`` two-human games, a webhook on each seat, ``turns`` turns ended in each;
    the event ids recorded in the outbox."""
    client = app.test_client()
    for i in range(games):
        gid, tokens = two_humans(client, seed=100 + i)
        for seat, token in tokens.items():
            r = client.post(f"/api/games/{gid}/webhooks", json={"url": receiver.hook_url},
                            headers=bearer(token))
            assert r.status_code == 201, r.get_json()
        with app.app_context():
            db.session.execute(db.metadata.tables["webhooks"].update()
                               .values(secret=receiver.secret))
            db.session.commit()
            db.session.remove()
        for _ in range(turns):
            view = client.get(f"/api/games/{gid}", headers=bearer(tokens[0])).get_json()
            seat = view["view"]["awaiting"][0]
            end_turn(client, gid, tokens[seat])
    with app.app_context():
        ids = {r.event_id for r in db.session.execute(select(OUTBOX.c.event_id))}
        db.session.remove()
    return ids


def undelivered(app) -> int:
    with app.app_context():
        n = db.session.execute(select(func.count()).select_from(OUTBOX)
                               .where(OUTBOX.c.delivered_at.is_(None))).scalar()
        db.session.remove()
        return n


def test_a_worker_killed_mid_delivery_loses_nothing(pg_app, capsys):
    with HoldingReceiver(SECRET) as receiver:
        ids = games_with_webhooks(pg_app, receiver, games=5, turns=4)
        assert len(ids) == 20
        receiver.hold.set()
        first = start_worker(pg_app, DELIVERY_LEASE="3", DELIVERY_BATCH="5")
        try:
            assert receiver.holding.wait(WAIT), "the worker never called"
            first.kill()  # SIGKILL: no cleanup, its claimed batch keeps its lease
            first.wait(WAIT)
        finally:
            receiver.hold.clear()
            receiver.release.set()
            stop(first)
        before_restart = len(receiver.deliveries)
        second = start_worker(pg_app, DELIVERY_LEASE="3")
        try:
            receiver.wait_until(lambda: {d.id for d in receiver.deliveries} >= ids,
                                "every event delivered", timeout=60)
            receiver.wait_until(lambda: undelivered(pg_app) == 0, "every row settled",
                                timeout=60)
        finally:
            stop(second)
        unique = {d.id for d in receiver.deliveries}
        assert unique == ids
        with capsys.disabled():
            print(f"\nkill -9: {len(ids)} notices, {before_restart} received before the kill "
                  f"(the last one unanswered), {len(receiver.deliveries)} deliveries in all, "
                  f"{len(unique)} unique ids, "
                  f"{len(receiver.deliveries) - len(unique)} repeats dropped by id")


def test_a_stopped_worker_finishes_its_row_and_hands_the_rest_back(pg_app):
    with HoldingReceiver(SECRET) as receiver:
        games_with_webhooks(pg_app, receiver, games=2, turns=3)
        receiver.hold.set()
        worker = start_worker(pg_app, DELIVERY_BATCH="4")
        try:
            assert receiver.holding.wait(WAIT), "the worker never called"
            worker.send_signal(signal.SIGTERM)  # while it waits for the held reply
            receiver.hold.clear()
            receiver.release.set()
            assert worker.wait(WAIT) == 0
        finally:
            stop(worker)
    with pg_app.app_context():
        claimed = db.session.execute(select(OUTBOX.c.delivered_at, OUTBOX.c.lease_until,
                                            OUTBOX.c.attempts)).all()
        db.session.remove()
    assert len([r for r in claimed if r.delivered_at is not None]) == 1
    # The other rows of its batch are due again at once, their attempt not counted.
    assert all(r.lease_until is None and r.attempts == 0 for r in claimed
               if r.delivered_at is None)


def test_two_workers_never_deliver_a_row_twice_at_once(pg_app, capsys):
    with WebhookReceiver(SECRET) as receiver:
        ids = games_with_webhooks(pg_app, receiver, games=10, turns=4)
        workers = [start_worker(pg_app, out=subprocess.PIPE, DELIVERY_BATCH="2")
                   for _ in range(2)]
        try:
            receiver.wait_until(lambda: len(receiver.deliveries) >= len(ids),
                                "every event delivered", timeout=60)
            receiver.wait_until(lambda: undelivered(pg_app) == 0, "every row settled",
                                timeout=60)
        finally:
            for w in workers:
                stop(w)
        got = [d.id for d in receiver.deliveries]
        assert len(got) == len(set(got)) == len(ids)
        # Each worker says on SIGTERM how many rows it delivered.
        shares = [int(w.stdout.read().decode().rsplit("stopped after ", 1)[1].split()[0])
                  for w in workers]
        assert sum(shares) == len(ids)
        with capsys.disabled():
            print(f"\ntwo workers: {len(ids)} notices, {len(got)} deliveries, "
                  f"{len(set(got))} unique ids, delivered {shares[0]} + {shares[1]}")


def test_a_reminder_mark_is_made_once_by_simultaneous_workers(pg_app):
    """The second of two simultaneous inserts of a mark waits for the first and adds none."""
    from dominion_server.delivery import worker

    client = pg_app.test_client()
    gid, _ = two_humans(client)
    second: list[bool] = []
    with pg_app.app_context():
        assert worker._mark(gid, 7, 0, "reminder", utcnow())  # open, not committed

        def other_worker() -> None:
            with pg_app.app_context():
                second.append(worker._mark(gid, 7, 0, "reminder", utcnow()))
                db.session.commit()
                db.session.remove()

        t = threading.Thread(target=other_worker)
        t.start()
        # Wait (on the database's state) until the other insert waits on our row's key.
        lock_waits = text("SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = "
                          "'Lock' AND query LIKE '%notice_marks%'")
        deadline = time.monotonic() + WAIT
        with db.engine.connect() as watcher:
            while watcher.execute(lock_waits).scalar() == 0:
                assert time.monotonic() < deadline, "the second insert never waited"
                watcher.rollback()
        db.session.commit()
        db.session.remove()
        t.join(WAIT)
    assert second == [False]
