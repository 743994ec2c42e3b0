"""The delivery worker: claims due outbox rows, delivers them, makes reminders.

Run one or more with ``flask --app dominion_server deliver`` (the Procfile's
``worker:`` line; PostgreSQL lets any number claim side by side, see
:mod:`.outbox`). The embedded server (SQLite, ``dominion-server``) runs one
in a daemon thread of the web process instead (``DELIVERY_WORKER=thread``,
the default there), woken right after a command that enqueued commits, and
otherwise polling slowly (``DELIVERY_POLL`` seconds) for retries that came
due and rows of other processes.

Each row is delivered outside any transaction (the lease keeps it ours) and
settled in a transaction of its own right after, so a worker killed at any
point loses at most the outcome of the row in hand: its lease passes and it
is delivered again, with the same event id.

Outcomes:

- 2xx: delivered (a webhook's failure count goes back to 0);
- a push service's 404 or 410: the subscription is gone; it is deleted;
- 429 and 503: retried no sooner than ``Retry-After``;
- 5xx, timeouts, connection errors: retried with exponential backoff and
  full jitter, dead-lettered (``dead_at``) after ``DELIVERY_MAX_ATTEMPTS``;
- another 4xx from a push service, or a URL now refused (it resolves to a
  private address): dead at once, retrying cannot help;
- a webhook that failed ``WEBHOOK_MAX_FAILURES`` times in a row, or whose
  receiver answered 410 Gone, is disabled, with the reason its owner sees in
  ``GET .../webhooks``.

Every tick also makes the due reminders and deadline notices
(:func:`scan_timers`) and deletes old settled rows (:func:`.outbox.prune`),
at most every ``DELIVERY_SCAN`` seconds.
"""

from __future__ import annotations

import json
import logging
import signal
import threading
import time
from datetime import datetime, timedelta, timezone
from typing import Any, Optional

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy import event, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite

from dominion import Game

from ..extensions import db
from ..models import (
    ACTIVE, PUSH, GameRow, NoticeMarkRow, PushSubscriptionRow, SeatRow, WebhookRow, utcnow,
)
from . import messages, notices, outbound, outbox, webhooks, webpush
from .outbox import Claimed

log = logging.getLogger(__name__)

GAMES = GameRow.__table__
SEATS = SeatRow.__table__
SUBS = PushSubscriptionRow.__table__
HOOKS = WebhookRow.__table__
MARKS = NoticeMarkRow.__table__

#: ``app.extensions`` key of the running in-process worker.
EXTENSION = "dominion_delivery_worker"
#: ``app.extensions`` key of the VAPID keys, loaded once.
KEYS = "dominion_vapid_keys"


# ---------------------------------------------------------------------------
# Transport (delivery.outbound, delivery.webpush, delivery.webhooks)


def vapid_keys(app: Flask) -> webpush.VapidKeys:
    """The server's VAPID keys: from the settings, or made once in the instance folder.

    :raises ValueError: a bad ``VAPID_PRIVATE_KEY`` or ``VAPID_SUBJECT``.
    """
    keys = app.extensions.get(KEYS)
    if keys is None:
        keys = app.extensions[KEYS] = webpush.VapidKeys.from_config(app.config,
                                                                   app.instance_path)
    return keys


def allowed_hosts(app: Flask) -> frozenset[str]:
    """``OUTBOUND_ALLOW_HOSTS``: the hosts that may be plain http and private (tests)."""
    return outbound.parse_allowed_hosts(app.config.get("OUTBOUND_ALLOW_HOSTS"))


# ---------------------------------------------------------------------------
# One row


def _push(app: Flask, c: Claimed) -> None:
    session = db.session
    sub = session.execute(select(SUBS).where(SUBS.c.id == c.target_id)).first()
    if sub is None:
        outbox.dead(session, c, "the subscription was removed")
        return
    msg = messages.push(c.event_id, c.data, sub.lang, _waiting(sub.endpoint))
    subscription = {"endpoint": sub.endpoint, "keys": {"p256dh": sub.p256dh, "auth": sub.auth}}
    session.commit()  # no transaction stays open across the request
    payload = json.dumps(msg.payload, separators=(",", ":"), ensure_ascii=False).encode()
    max_attempts = app.config["DELIVERY_MAX_ATTEMPTS"]
    try:
        reply = webpush.send_push(subscription, payload, vapid_keys(app), allowed_hosts(app),
                                  ttl=msg.ttl, urgency=msg.urgency, topic=msg.topic)
    except outbound.UnsafeUrl as e:
        outbox.dead(session, c, f"unsafe_url: {e}")
        return
    except outbound.DeliveryError as e:
        outbox.failed(session, c, f"network: {e}", max_attempts)
        return
    except ValueError as e:  # unusable keys (not a point of the curve): never deliverable
        outbox.dead(session, c, f"invalid subscription: {e}")
        return
    status = reply.status
    if 200 <= status < 300:
        outbox.delivered(session, c)
    elif status in (404, 410):
        outbox.drop_subscription(session, c.target_id, f"HTTP {status}: subscription gone")
        outbox.dead(session, c, f"HTTP {status}: subscription gone")
    elif status in (429, 503) or status >= 500:
        outbox.failed(session, c, f"HTTP {status}", max_attempts, reply.retry_after)
    else:  # 400, 401, 403, 413: the request itself is refused; again would be too
        outbox.dead(session, c, f"HTTP {status}")


def _webhook(app: Flask, c: Claimed) -> None:
    session = db.session
    hook = session.execute(select(HOOKS).where(HOOKS.c.id == c.target_id)).first()
    if hook is None or hook.disabled_at is not None:
        outbox.dead(session, c, "the webhook was removed or disabled")
        return
    body = json.dumps(messages.webhook(c.event_id, c.data, hook.lang, c.created_at),
                      separators=(",", ":"), ensure_ascii=False).encode()
    session.commit()
    try:
        reply = webhooks.send_webhook(hook.url, hook.secret, c.event_id, body,
                                      allowed_hosts(app))
    except outbound.UnsafeUrl as e:
        _hook_failed(app, c, f"unsafe_url: {e}", retry=False)
        return
    except outbound.DeliveryError as e:
        _hook_failed(app, c, f"network: {e}")
        return
    if 200 <= reply.status < 300:
        outbox.delivered(session, c)
        session.execute(update(HOOKS).where(HOOKS.c.id == hook.id, HOOKS.c.failures > 0)
                        .values(failures=0))
    elif reply.status == 410:  # the receiver says it is gone for good (Standard Webhooks)
        _disable(c.target_id, "the receiver answered 410 Gone")
        outbox.dead(session, c, "HTTP 410; webhook disabled")
    else:
        _hook_failed(app, c, f"HTTP {reply.status}", retry_after=reply.retry_after)


def _hook_failed(app: Flask, c: Claimed, error: str, retry: bool = True,
                 retry_after: Optional[float] = None) -> None:
    """Count a webhook's failure; disable it after ``WEBHOOK_MAX_FAILURES`` in a row."""
    session = db.session
    failures = session.execute(
        update(HOOKS).where(HOOKS.c.id == c.target_id)
        .values(failures=HOOKS.c.failures + 1).returning(HOOKS.c.failures)).scalar()
    limit = app.config["WEBHOOK_MAX_FAILURES"]
    if failures is not None and failures >= limit:
        _disable(c.target_id, f"{failures} deliveries in a row failed; the last: {error}")
        outbox.dead(session, c, f"{error}; webhook disabled")
    elif retry:
        outbox.failed(session, c, error, app.config["DELIVERY_MAX_ATTEMPTS"], retry_after)
    else:
        outbox.dead(session, c, error)


def _disable(hook_id: int, reason: str) -> None:
    """Stop calling a webhook; its owner sees ``reason`` in ``GET .../webhooks``."""
    db.session.execute(update(HOOKS).where(HOOKS.c.id == hook_id, HOOKS.c.disabled_at.is_(None))
                       .values(disabled_at=utcnow(), disabled_reason=reason[:300]))


def _waiting(endpoint: str) -> Optional[int]:
    """Games in which the seats this endpoint follows must act now (the app badge).

    Reads the states of the endpoint's active games (a phone follows a few);
    ``None`` (omitted) past 50 of them.
    """
    rows = db.session.execute(
        select(GAMES.c.state, SUBS.c.seat).join(SUBS, SUBS.c.game_id == GAMES.c.id)
        .where(SUBS.c.endpoint == endpoint, GAMES.c.status == ACTIVE).limit(51)).all()
    if len(rows) > 50:
        return None
    count = 0
    for r in rows:
        try:
            if r.seat in Game.from_dict(json.loads(r.state)).awaiting():
                count += 1
        except Exception:  # noqa: BLE001 - a badge is not worth a failed delivery
            log.warning("badge: a stored game does not load", exc_info=True)
    return count


def deliver(app: Flask, c: Claimed) -> None:
    """Deliver one claimed row and settle it (commits)."""
    try:
        (_push if c.channel == PUSH else _webhook)(app, c)
        db.session.commit()
    except Exception:  # noqa: BLE001 - one bad row must not stop the worker
        db.session.rollback()
        log.exception("delivery of outbox row %s failed", c.id)
        try:
            outbox.failed(db.session, c, "internal error", app.config["DELIVERY_MAX_ATTEMPTS"])
            db.session.commit()
        except Exception:  # noqa: BLE001 - the lease passes; another try comes then
            db.session.rollback()


# ---------------------------------------------------------------------------
# Reminders and deadline notices


def _mark(game_id: str, version: int, seat: int, kind: str, now: datetime) -> bool:
    """Insert the mark of one reminder/deadline notice; ``False`` if one exists.

    The primary key decides: of two workers making the same notice at once,
    one inserts and the other inserts nothing.
    """
    dialect = db.session.get_bind().dialect.name
    ins = (postgresql.insert if dialect == "postgresql" else sqlite.insert)(MARKS)
    # RETURNING rather than rowcount, which psycopg leaves at -1 here.
    return db.session.execute(ins.values(
        game_id=game_id, version=version, seat=seat, kind=kind, created_at=now,
    ).on_conflict_do_nothing().returning(MARKS.c.seat)).first() is not None


class _Seat:
    __slots__ = ("seat", "kind", "name", "bot", "taken")

    def __init__(self, r: Any) -> None:
        self.seat, self.kind, self.name, self.bot = r.seat, r.kind, r.name, r.bot
        self.taken = r.kind == "bot" or r.token_hash is not None


def _aware(t: datetime) -> datetime:
    return t if t.tzinfo is not None else t.replace(tzinfo=timezone.utc)


def scan_timers(now: Optional[datetime] = None) -> int:
    """Make the due reminders and deadline notices; commits.

    A game's ``setup.reminder`` (hours) re-notifies its awaited human seats
    once the game has not changed for that long; ``setup.deadline`` (hours)
    tells the other human seats that an awaited seat missed it. Each once
    per version of the game and seat (:func:`_mark`). "Not changed" is
    measured from ``games.updated_at``: nobody moved since.

    :returns: how many notices were made.
    """
    now = now or utcnow()
    session = db.session
    # A cheap filter on the setup's JSON text (json.dumps writes `"key": null`); the
    # hours themselves are read from the parsed setup below.
    timed = or_(*(GAMES.c.setup.like(f'%"{k}"%') & GAMES.c.setup.not_like(f'%"{k}": null%')
                  for k in ("reminder", "deadline")))
    candidates = session.execute(
        select(GAMES.c.id, GAMES.c.version, GAMES.c.setup, GAMES.c.state, GAMES.c.updated_at)
        .where(GAMES.c.status == ACTIVE, GAMES.c.updated_at <= now - timedelta(hours=1), timed)
    ).all()
    made = 0
    for g in candidates:
        setup = json.loads(g.setup)
        idle = (now - _aware(g.updated_at)).total_seconds() / 3600
        timers = [(k, setup.get(k)) for k in ("reminder", "deadline")]
        timers = [(k, h) for k, h in timers if isinstance(h, (int, float)) and 0 < h <= idle]
        if not timers or g.state is None:
            continue
        game = Game.from_dict(json.loads(g.state))
        seats = [_Seat(r) for r in session.execute(
            select(SEATS.c.seat, SEATS.c.kind, SEATS.c.name, SEATS.c.bot, SEATS.c.token_hash)
            .where(SEATS.c.game_id == g.id).order_by(SEATS.c.seat))]
        humans = {s.seat for s in seats if s.kind == "human" and s.taken and not s.bot}
        found: list[notices.Notice] = []
        for kind, hours in timers:
            for seat in game.awaiting():
                if seat not in humans or not _mark(g.id, g.version, seat, kind, now):
                    continue
                if kind == "reminder":
                    found += [n for n in notices.reminder(g.id, g.version, game, seats, hours)
                              if n.seat == seat]
                else:
                    found += notices.deadline(g.id, g.version, game, seats, seat, hours)
        outbox.enqueue(found, now)
        session.commit()
        made += len(found)
    return made


# ---------------------------------------------------------------------------
# The loop


class Worker:
    """Claims and delivers in a loop until :meth:`stop`; one per process or thread."""

    def __init__(self, app: Flask, wake: Optional[threading.Event] = None) -> None:
        self.app = app
        self.wake = wake or threading.Event()
        self.stopping = threading.Event()
        self._last_scan = 0.0
        self.delivered = 0

    def tick(self) -> int:
        """Claim one batch and deliver it; scan the timers when due. Rows handled."""
        cfg = self.app.config
        with self.app.app_context():
            try:
                if time.monotonic() - self._last_scan >= cfg["DELIVERY_SCAN"]:
                    self._last_scan = time.monotonic()
                    scan_timers()
                    outbox.prune(db.session)
                    db.session.commit()
                batch = outbox.claim(db.session, cfg["DELIVERY_BATCH"], cfg["DELIVERY_LEASE"])
                for i, c in enumerate(batch):
                    if self.stopping.is_set():  # SIGTERM: hand the rest back untried
                        for rest in batch[i:]:
                            outbox.release(db.session, rest)
                        db.session.commit()
                        self.delivered += i
                        return i
                    deliver(self.app, c)
                self.delivered += len(batch)
                return len(batch)
            except Exception:  # noqa: BLE001 - the database may be away: try again later
                db.session.rollback()
                log.exception("delivery worker: tick failed")
                return 0
            finally:
                db.session.remove()

    def run(self) -> None:
        """Loop until :meth:`stop`: a full batch goes on at once, else wait to be woken."""
        poll = self.app.config["DELIVERY_POLL"]
        while not self.stopping.is_set():
            self.wake.clear()
            if self.tick() < self.app.config["DELIVERY_BATCH"]:
                self.wake.wait(poll)

    def stop(self) -> None:
        self.stopping.set()
        self.wake.set()


def start_thread(app: Flask) -> Worker:
    """Run a worker in a daemon thread of this process (the embedded server)."""
    worker = Worker(app, app.extensions[outbox.WAKE])
    thread = threading.Thread(target=worker.run, name="dominion-delivery", daemon=True)
    app.extensions[EXTENSION] = worker
    thread.start()
    return worker


def serve_in_background(app: Flask) -> Optional[Worker]:
    """Start the delivery thread of a web server process, if configured.

    ``DELIVERY_WORKER``: ``thread`` or ``off``; by default ``thread`` on
    SQLite (the embedded server delivers by itself) and ``off`` on other
    databases (run ``flask deliver`` processes) and in tests. The servers
    call this (``dominion-server``, gunicorn's ``post_worker_init``, ``flask
    run``), not :func:`dominion_server.create_app`: an app made by a script or
    a test starts no thread that would go on reading its database.
    """
    mode = app.config.get("DELIVERY_WORKER") or (
        "thread" if app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite")
        and not app.config.get("TESTING") else "off")
    if mode != "thread" or EXTENSION in app.extensions:
        return None
    return start_thread(app)


def init_app(app: Flask) -> None:
    """Wake-up on commit and the ``deliver`` command; under ``flask run`` (a web
    server, unlike ``flask deliver`` or ``flask db upgrade``) the thread too."""
    app.extensions[outbox.WAKE] = threading.Event()
    if not event.contains(db.session, "after_commit", outbox.after_commit):
        event.listen(db.session, "after_commit", outbox.after_commit)
        event.listen(db.session, "after_soft_rollback", outbox.after_rollback)
    app.cli.add_command(deliver_command)
    command = click.get_current_context(silent=True)
    if command is not None and command.info_name == "run":
        serve_in_background(app)


@click.command("deliver")
@with_appcontext
@click.option("--once", is_flag=True, help="Deliver what is due now, then exit.")
def deliver_command(once: bool) -> None:
    """Deliver turn alerts (push, webhooks) until SIGTERM: the Procfile's worker."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    worker = Worker(app)
    if once:
        while worker.tick():
            pass
        return
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: worker.stop())
    click.echo("delivering turn alerts; SIGTERM stops")
    worker.run()
    click.echo(f"stopped after {worker.delivered} deliveries")
