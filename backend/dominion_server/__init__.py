"""A stateless Flask JSON API for the :mod:`dominion` engine, and the web client.

Every game lives in the database (SQLite by default, PostgreSQL via
``DATABASE_URL``); any worker can serve any request. Run it with
``python3 -m dominion_server`` (development, SQLite) or gunicorn::

    gunicorn 'dominion_server:create_app()'
"""

from __future__ import annotations

import fcntl
import logging
from pathlib import Path
from typing import Any, Mapping, Optional

from flask import Flask
from sqlalchemy import event
from sqlalchemy.engine import Engine
from werkzeug.middleware.proxy_fix import ProxyFix

from . import api, compression, config, errors, limits, maintenance, request_limits, watch, web
from .delivery import worker as delivery_worker
from .extensions import db, migrate

__version__ = "0.1.0"

MIGRATIONS = Path(__file__).resolve().parent / "migrations"

log = logging.getLogger(__name__)


def create_app(config_overrides: Optional[Mapping[str, Any]] = None) -> Flask:
    """Build the app: configuration, database, blueprints, error handlers.

    :param config_overrides: settings that win over the environment
        (tests pass ``SQLALCHEMY_DATABASE_URI`` and friends here).
    """
    app = Flask(__name__, static_folder=None)
    app.config.update(config.from_environment(app.instance_path))
    if config_overrides:
        app.config.update(config_overrides)
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    app.config["SQLALCHEMY_DATABASE_URI"] = config.normalize_db_url(uri)
    app.json.sort_keys = False  # type: ignore[attr-defined]

    proxies = app.config["PROXY_COUNT"]
    if proxies:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies)

    db.init_app(app)
    migrate.init_app(app, db, directory=str(MIGRATIONS))
    watch.init_app(app)
    errors.register(app)
    request_limits.init_app(app)  # first of the before-request hooks
    app.register_blueprint(api.bp)
    limits.init_app(app, api.RATE_LIMITS)
    web.init_app(app)
    # Last: on the way out its hooks run first, before web.py adds its own
    # Vary header (flask-compress extends one Vary header, not several).
    compression.init_app(app)
    app.cli.add_command(maintenance.purge_games_command)

    if app.config["AUTO_MIGRATE"]:
        upgrade_database(app)
    delivery_worker.init_app(app)  # after migrating: its thread reads the outbox
    return app


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: Any, connection_record: Any) -> None:
    """WAL (readers never wait for the writer), foreign keys, a lock timeout."""
    import sqlite3

    if not isinstance(dbapi_connection, sqlite3.Connection):
        return
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


def upgrade_database(app: Flask) -> None:
    """Apply every migration (``flask db upgrade``), once even with several workers.

    For SQLite files the instance folder is created and a file lock keeps
    concurrent workers from migrating at the same time.
    """
    import flask_migrate

    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    lock_path = None
    if uri.startswith("sqlite:///") and uri != "sqlite:///:memory:":
        db_file = Path(uri[len("sqlite:///"):])
        db_file.parent.mkdir(parents=True, exist_ok=True)
        lock_path = db_file.with_name(db_file.name + ".migrate-lock")
    with app.app_context():
        if lock_path is None:
            flask_migrate.upgrade(directory=str(MIGRATIONS))
            return
        with open(lock_path, "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                flask_migrate.upgrade(directory=str(MIGRATIONS))
                _enable_wal()
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)


def _enable_wal() -> None:
    # Persistent in the database file, so once is enough.
    with db.engine.connect() as conn:
        conn.exec_driver_sql("PRAGMA journal_mode=WAL")
        conn.commit()
