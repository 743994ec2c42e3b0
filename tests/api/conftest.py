"""Fixtures: one app per database (migrated at creation), test clients, live servers."""

from __future__ import annotations

import threading
from typing import Callable, Iterator

import pytest
from flask import Flask
from werkzeug.serving import make_server

from dominion_server import create_app
from dominion_server.extensions import db

from . import dbs


@pytest.fixture(scope="session")
def app_factory(tmp_path_factory) -> Iterator[Callable[[str], Flask]]:
    """``app_factory(kind)``: the session's app on ``sqlite`` or ``postgresql``."""
    apps: dict[str, Flask] = {}
    schemas: list[dbs.PostgresSchema] = []

    def get(kind: str) -> Flask:
        if kind not in apps:
            if kind == "sqlite":
                path = tmp_path_factory.mktemp("sqlite") / "api.sqlite3"
                url = f"sqlite:///{path}"
            else:
                base = dbs.postgres_url()
                assert base, "PostgreSQL requested without TEST_DATABASE_URL"
                schema = dbs.PostgresSchema(base)
                schemas.append(schema)
                url = schema.url
            apps[kind] = create_app({
                "TESTING": True,
                "SQLALCHEMY_DATABASE_URI": url,
                "AUTO_MIGRATE": True,  # the migrations are under test too
                "CORS_ORIGINS": "*",
                # Hundreds of games a minute from one address; test_limits.py
                # covers rate limiting with an app of its own.
                "RATELIMIT_ENABLED": False,
                # A fuzzed `If-None-Match: *` with `Prefer: wait=25` is held
                # this long at most; test_longpoll.py uses apps of its own.
                "LONGPOLL_MAX_WAIT": 1,
            })
        return apps[kind]

    yield get
    for app in apps.values():
        with app.app_context():
            db.engine.dispose()
    for schema in schemas:
        schema.drop()


@pytest.fixture(scope="session")
def app(app_factory) -> Flask:
    """The app on the main test database (PostgreSQL when given, else SQLite)."""
    return app_factory(dbs.main_kind())


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(params=dbs.kinds())
def any_app(request, app_factory) -> Flask:
    """The app on each available database in turn (SQLite, and PostgreSQL if given)."""
    return app_factory(request.param)


class LiveServer:
    """The app served by werkzeug in a thread, for real concurrent requests."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.thread.join(5)


@pytest.fixture
def live_server(any_app) -> Iterator[LiveServer]:
    server = LiveServer(any_app)
    yield server
    server.stop()
    any_app.config.pop("BEFORE_SAVE_HOOK", None)
