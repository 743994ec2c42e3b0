"""Configuration from the environment, with defaults for a local SQLite run.

Environment variables (all optional):

``DATABASE_URL``
    SQLAlchemy URL. ``postgres://`` and ``postgresql://`` are mapped to the
    psycopg 3 driver. Default: ``sqlite:///<instance folder>/dominion.sqlite3``.
``MAX_CONTENT_LENGTH``
    Largest accepted request body in bytes (default 65536).
``CORS_ORIGINS``
    Comma-separated origins allowed to call ``/api`` from a browser, or ``*``
    (the default: the API uses bearer tokens, never cookies, so a page on
    another origin can do nothing a non-browser client cannot).
``AUTO_MIGRATE``
    ``1``/``0``: apply database migrations when the app starts. Default: on
    for SQLite, off otherwise (the Procfile's ``release`` step migrates).
``FRONTEND_DIR``
    Directory of the web client served at ``/``.
``BOT_STEP_LIMIT``
    Most bot moves made while handling one request (default 2000).
``PROXY_COUNT``
    How many reverse proxies stand in front of the app (1 on Heroku-like
    hosts). Their ``X-Forwarded-For``/``-Proto``/``-Host`` headers are then
    trusted, so rate limits count real client addresses and HSTS is sent over
    https. Default 0: such headers are ignored (a client could forge them).
``RATE_LIMITS``
    ``0`` turns rate limiting off (default on).
``RATE_LIMIT_CREATE``, ``RATE_LIMIT_JOIN``, ``RATE_LIMIT_COMMANDS``
    Requests per client address to create games, take seats and send
    commands, in Flask-Limiter's notation (defaults ``30 per minute``,
    ``60 per minute``, ``20 per second``). Exceeding one answers 429 with
    ``Retry-After``.
``RATE_LIMIT_STORAGE``
    Where the counters live: ``memory://`` (default: each worker counts on
    its own) or a shared store such as ``redis://host:6379`` (needs the
    ``redis`` package) so every worker and machine counts together.
``LONGPOLL_MAX_WAIT``
    The longest a poll with ``Prefer: wait=N`` is held, in seconds (default
    25: below the 30 s that common proxies and PaaS routers allow a request).
``LONGPOLL_INTERVAL``
    Seconds between the checks, while polls are held, for games changed by
    other processes (default 0.2): one query per process per interval. Not
    used when listening (below).
``LONGPOLL_NOTIFY``
    ``0``/``1``: on PostgreSQL, announce each saved version with ``NOTIFY``
    and wake held polls from one ``LISTEN`` connection per process instead of
    the timed query (default on; see :mod:`dominion_server.watch`). Every
    instance on one database must use the same value. Ignored on SQLite.
``LONGPOLL_RECHECK``
    When listening, seconds between safety queries of the held games'
    versions (default 30), for changes nobody announced (games deleted by
    ``purge-games`` or by hand).
``LONGPOLL_MAX_WAITERS``
    Polls one process holds at once (default 100). Each holds a server
    thread; ``gunicorn_conf.py`` sets this below its thread count. Past it a
    poll is answered at once, as without ``Prefer``.
``VAPID_PRIVATE_KEY``, ``VAPID_SUBJECT``
    The Web Push signing key (PEM, or the raw key in base64url) and the
    contact push services may write to (``mailto:`` or ``https:`` URL).
    Without a key, one is made on first start in the instance folder
    (``vapid_private.pem``): fine for one machine, not for several.
``OUTBOUND_ALLOW_HOSTS``
    Comma-separated ``host`` or ``host:port`` that push endpoints and
    webhooks may name with plain ``http`` and on private or loopback
    addresses (tests: ``127.0.0.1``). Default: none, only public ``https``.
``DELIVERY_WORKER``
    ``thread``: this web process delivers turn alerts in a background
    thread; ``off``: ``flask --app dominion_server deliver`` processes do
    (the Procfile's ``worker``). Default: ``thread`` on SQLite, else ``off``.
``DELIVERY_MAX_ATTEMPTS``, ``WEBHOOK_MAX_FAILURES``
    Attempts before a notice is given up (default 18: about a day of
    backoff), and failures in a row that disable a webhook (default 8).
``PUSH_SUBSCRIPTIONS_PER_SEAT``, ``WEBHOOKS_PER_SEAT``
    The most push subscriptions (default 10) and webhooks (default 5) one
    seat may register.
``COMPRESSION``
    ``0`` sends every answer uncompressed (default on: brotli or gzip, as the
    client's ``Accept-Encoding`` allows, for bodies of 500 bytes or more; see
    :mod:`dominion_server.compression`). For measuring, or behind a proxy
    that compresses already.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Mapping

#: The web client, next to ``backend/`` in a source checkout.
DEFAULT_FRONTEND = Path(__file__).resolve().parent.parent.parent / "frontend"


def normalize_db_url(url: str) -> str:
    """Use the psycopg 3 driver for bare PostgreSQL URLs (as PaaS hosts give them)."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def _flag(value: str | None, default: bool) -> bool:
    if value is None or value == "":
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def from_environment(instance_path: str, env: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """The app configuration read from ``env``."""
    url = env.get("DATABASE_URL") or f"sqlite:///{Path(instance_path) / 'dominion.sqlite3'}"
    url = normalize_db_url(url)
    return {
        "SQLALCHEMY_DATABASE_URI": url,
        "MAX_CONTENT_LENGTH": int(env.get("MAX_CONTENT_LENGTH") or 64 * 1024),
        "CORS_ORIGINS": env.get("CORS_ORIGINS", "*"),
        "AUTO_MIGRATE": _flag(env.get("AUTO_MIGRATE"), url.startswith("sqlite")),
        "FRONTEND_DIR": env.get("FRONTEND_DIR") or str(DEFAULT_FRONTEND),
        "BOT_STEP_LIMIT": int(env.get("BOT_STEP_LIMIT") or 2000),
        "PROXY_COUNT": int(env.get("PROXY_COUNT") or 0),
        "RATELIMIT_ENABLED": _flag(env.get("RATE_LIMITS"), True),
        "RATELIMIT_STORAGE_URI": env.get("RATE_LIMIT_STORAGE") or "memory://",
        "RATELIMIT_HEADERS_ENABLED": True,
        "RATE_LIMIT_CREATE": env.get("RATE_LIMIT_CREATE") or "30 per minute",
        "RATE_LIMIT_JOIN": env.get("RATE_LIMIT_JOIN") or "60 per minute",
        "RATE_LIMIT_COMMANDS": env.get("RATE_LIMIT_COMMANDS") or "20 per second",
        "LONGPOLL_MAX_WAIT": float(env.get("LONGPOLL_MAX_WAIT") or 25),
        "LONGPOLL_INTERVAL": float(env.get("LONGPOLL_INTERVAL") or 0.2),
        "LONGPOLL_NOTIFY": _flag(env.get("LONGPOLL_NOTIFY"), True),
        "LONGPOLL_RECHECK": float(env.get("LONGPOLL_RECHECK") or 30),
        "LONGPOLL_MAX_WAITERS": int(env.get("LONGPOLL_MAX_WAITERS") or 100),
        "VAPID_PRIVATE_KEY": env.get("VAPID_PRIVATE_KEY") or None,
        "VAPID_SUBJECT": env.get("VAPID_SUBJECT") or "mailto:admin@localhost",
        "OUTBOUND_ALLOW_HOSTS": env.get("OUTBOUND_ALLOW_HOSTS", ""),
        "DELIVERY_WORKER": env.get("DELIVERY_WORKER") or None,  # None: by the database
        "DELIVERY_BATCH": int(env.get("DELIVERY_BATCH") or 10),
        # Longer than a batch's deliveries can take (each at most 3 s + 5 s).
        "DELIVERY_LEASE": float(env.get("DELIVERY_LEASE") or 120),
        "DELIVERY_POLL": float(env.get("DELIVERY_POLL") or 5),
        "DELIVERY_SCAN": float(env.get("DELIVERY_SCAN") or 60),
        "DELIVERY_MAX_ATTEMPTS": int(env.get("DELIVERY_MAX_ATTEMPTS") or 18),
        "WEBHOOK_MAX_FAILURES": int(env.get("WEBHOOK_MAX_FAILURES") or 8),
        "PUSH_SUBSCRIPTIONS_PER_SEAT": int(env.get("PUSH_SUBSCRIPTIONS_PER_SEAT") or 10),
        "WEBHOOKS_PER_SEAT": int(env.get("WEBHOOKS_PER_SEAT") or 5),
        "JSON_SORT_KEYS": False,
        # flask-compress: brotli first (a tenth smaller than gzip here), level
        # 5 (the client in 5 ms; level 11 saves 8% more for 30 times the CPU).
        "COMPRESS_REGISTER": _flag(env.get("COMPRESSION"), True),
        "COMPRESS_ALGORITHM": ["br", "gzip"],
        "COMPRESS_BR_LEVEL": 5,
        "COMPRESS_MIN_SIZE": 500,
        # Bound parameters (states with hidden cards, token hashes, codes) never
        # appear in SQLAlchemy's error messages or logs.
        "SQLALCHEMY_ENGINE_OPTIONS": {"hide_parameters": True},
    }
