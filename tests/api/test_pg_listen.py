"""Long polls woken across processes by PostgreSQL ``LISTEN``/``NOTIFY``.

Two apps on one database stand for two instances (each has its own watcher
and listening connection). The tests wait on state (a held request answers,
the watcher connects, a statement is counted), never on sleeps, and assert
no durations. What the watcher's thread asks the database is counted with a
``before_cursor_execute`` event on the waiting app's engine.
"""

from __future__ import annotations

import secrets
import threading
from typing import Any, Iterator

import pytest
from sqlalchemy import create_engine, event
from sqlalchemy.engine import make_url

from dominion_server import create_app, watch
from dominion_server.extensions import db

from . import dbs
from .support import command, two_humans
from .test_longpoll import LONG, PATIENCE, Poll, etag_of, mover, until, watch_of

needs_postgres = pytest.mark.skipif(not dbs.postgres_url(),
                                    reason="needs PostgreSQL (TEST_DATABASE_URL)")


class Instances:
    """Apps on one fresh PostgreSQL schema; each one stands for another instance."""

    def __init__(self) -> None:
        base = dbs.postgres_url()
        assert base
        self.schema = dbs.PostgresSchema(base)
        self.admin = create_engine(base, isolation_level="AUTOCOMMIT")
        self.apps: list[Any] = []
        self.roles: list[str] = []
        self.make(AUTO_MIGRATE=True)  # creates the tables

    def make(self, url: str | None = None, **overrides: Any):
        app = create_app({
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": url or self.schema.url,
            "AUTO_MIGRATE": False,
            "RATELIMIT_ENABLED": False,
            "LONGPOLL_MAX_WAIT": 25,
            **overrides,
        })
        self.apps.append(app)
        return app

    def role_url(self) -> tuple[str, str]:
        """A login role of its own with the tables' rights, and the schema's URL for it."""
        role = "longpoll_" + secrets.token_hex(4)
        with self.admin.connect() as conn:
            conn.exec_driver_sql(f'CREATE ROLE "{role}" LOGIN')
            conn.exec_driver_sql(f'GRANT USAGE ON SCHEMA "{self.schema.name}" TO "{role}"')
            conn.exec_driver_sql(
                f'GRANT ALL ON ALL TABLES IN SCHEMA "{self.schema.name}" TO "{role}"')
            conn.exec_driver_sql(
                f'GRANT ALL ON ALL SEQUENCES IN SCHEMA "{self.schema.name}" TO "{role}"')
        self.roles.append(role)
        return role, make_url(self.schema.url).set(username=role).render_as_string(
            hide_password=False)

    def sql(self, statement: str) -> list[Any]:
        with self.admin.connect() as conn:
            result = conn.exec_driver_sql(statement)
            return result.all() if result.returns_rows else []

    def close(self) -> None:
        try:
            for app in self.apps:
                w = watch_of(app)
                w.close()
                assert until(lambda: w.waiting() == 0 and w._thread is None)
                with app.app_context():
                    db.engine.dispose()
        finally:  # the schema and the roles go even if a thread did not end
            self.schema.drop()
            for role in self.roles:
                with self.admin.connect() as conn:
                    conn.exec_driver_sql(f'DROP OWNED BY "{role}"')
                    conn.exec_driver_sql(f'DROP ROLE "{role}"')
            self.admin.dispose()


@pytest.fixture
def instances() -> Iterator[Instances]:
    made = Instances()
    yield made
    made.close()


class WatcherQueries:
    """The statements the watcher's thread of ``app`` sends through its engine."""

    def __init__(self, app) -> None:
        self.seen: list[str] = []
        self._lock = threading.Lock()
        with app.app_context():
            self.engine = db.engine
        event.listen(self.engine, "before_cursor_execute", self._count)

    def _count(self, conn, cursor, statement, parameters, context, executemany) -> None:
        if threading.current_thread().name == "dominion-watch":
            with self._lock:
                self.seen.append(statement)

    def count(self) -> int:
        with self._lock:
            return len(self.seen)

    def remove(self) -> None:
        event.remove(self.engine, "before_cursor_execute", self._count)


def listening(w: watch.Watcher) -> bool:
    """The listener is connected and its catch-up query is done."""
    return w.listener_pid is not None and w.stats()["queries"] >= 1


@needs_postgres
def test_a_move_on_another_instance_wakes_a_held_poll_without_a_query(instances):
    a, b = instances.make(), instances.make()
    queries = WatcherQueries(a)
    try:
        client = a.test_client()
        gid, tokens = two_humans(client, seed=51)
        seat, tok, tag = mover(client, gid, tokens)
        other = tokens[1 - seat]
        other_tag = etag_of(client, gid, other)
        w = watch_of(a)
        assert w.listens
        poll = Poll(a, gid, other, other_tag)
        assert until(lambda: w.waiting(gid) == 1 and listening(w))
        before = queries.count()
        r = command(b.test_client(), gid, tok, {"type": "end_phase"}, etag=tag)
        assert r.status_code == 200
        got = poll.answer()
        assert got.status_code == 200 and got.headers["Preference-Applied"] == f"wait={LONG}"
        assert got.get_json()["version"] == r.get_json()["version"]
        assert got.headers["ETag"] == etag_of(client, gid, other) != other_tag
        assert queries.count() == before  # NOTIFY woke it, no query
    finally:
        queries.remove()


@needs_postgres
def test_nothing_changing_costs_no_query_while_listening(instances):
    # An interval that would make the timed query run dozens of times.
    a = instances.make(LONGPOLL_INTERVAL=0.02)
    timed = instances.make(LONGPOLL_INTERVAL=0.02, LONGPOLL_NOTIFY=False)
    client = a.test_client()
    gid, tokens = two_humans(client, seed=52)
    tag = etag_of(client, gid, tokens[0])
    for app, expected_idle_queries in ((a, 0), (timed, None)):
        queries = WatcherQueries(app)
        try:
            w = watch_of(app)
            first = Poll(app, gid, tokens[0], tag, prefer="wait=1")
            assert until(lambda: w.waiting(gid) == 1 and w.stats()["queries"] >= 1)
            assert first.answer().status_code == 304  # held, then let go: nothing changed
            before = queries.count()
            poll = Poll(app, gid, tokens[0], tag, prefer="wait=2")
            assert until(lambda: w.waiting(gid) == 1)
            got = poll.answer()
            assert got.status_code == 304 and got.headers["Preference-Applied"] == "wait=2"
            idle = queries.count() - before
        finally:
            queries.remove()
        if expected_idle_queries is None:
            assert idle > 0  # the timed query (the counter sees the watcher's queries)
        else:
            assert idle == expected_idle_queries, queries.seen


@needs_postgres
def test_a_killed_listener_reconnects_and_misses_no_change(instances, monkeypatch):
    monkeypatch.setattr(watch, "LINGER", 3600)  # the thread stays between the polls
    role, url = instances.role_url()
    a = instances.make(url)  # its own role, so its new connections can be refused
    b = instances.make()
    queries = WatcherQueries(a)
    try:
        client = a.test_client()
        gid, tokens = two_humans(client, seed=53)
        seat, tok, tag = mover(client, gid, tokens)
        other = tokens[1 - seat]
        other_tag = etag_of(client, gid, other)
        w = watch_of(a)
        poll = Poll(a, gid, other, other_tag)
        assert until(lambda: w.waiting(gid) == 1 and listening(w))
        pid = w.listener_pid
        assert instances.sql(f"SELECT query FROM pg_stat_activity WHERE pid = {pid}") == [
            ("LISTEN dominion_games",)]

        # The database throws the listener out and refuses it for a while: a
        # move made meanwhile is not announced to it...
        instances.sql(f'ALTER ROLE "{role}" NOLOGIN')
        instances.sql(f"SELECT pg_terminate_backend({pid})")
        assert until(lambda: w.listener_pid is None)
        r = command(b.test_client(), gid, tok, {"type": "end_phase"}, etag=tag)
        assert r.status_code == 200
        assert poll.thread.is_alive()  # nothing could have told it yet
        queries_deaf = w.stats()["queries"]
        # ...and is found by the query after it is back.
        instances.sql(f'ALTER ROLE "{role}" LOGIN')
        got = poll.answer()  # long before its wait ends: the reconnect does not wait for it
        assert got.status_code == 200
        assert got.get_json()["version"] == r.get_json()["version"]
        assert w.stats()["queries"] > queries_deaf
        assert until(lambda: w.listener_pid not in (None, pid))

        # Killed again and back at once: a move after that is announced as before.
        pid = w.listener_pid
        instances.sql(f"SELECT pg_terminate_backend({pid})")
        assert until(lambda: w.listener_pid not in (None, pid))
        seat, tok, tag = mover(client, gid, tokens)
        other = tokens[1 - seat]
        other_tag = etag_of(client, gid, other)
        poll = Poll(a, gid, other, other_tag)
        assert until(lambda: w.waiting(gid) == 1)
        assert until(lambda: not w._unsure)  # any catch-up query is done
        before = queries.count()
        r = command(b.test_client(), gid, tok, {"type": "end_phase"}, etag=tag)
        assert r.status_code == 200
        got = poll.answer()
        assert got.status_code == 200
        assert got.headers["ETag"] == etag_of(client, gid, other) != other_tag
        assert queries.count() == before  # NOTIFY on the new connection
    finally:
        queries.remove()


@needs_postgres
def test_a_waiter_that_read_before_the_listener_heard_is_checked(instances):
    """A commit between a request's read and its registration is not lost."""
    a, b = instances.make(), instances.make()
    client = a.test_client()
    (x, x_tokens), (y, _) = two_humans(client, seed=54), two_humans(client, seed=55)
    w = watch_of(a)

    def version(gid: str) -> int:
        return client.get(f"/api/games/{gid}").get_json()["version"]

    def move(gid: str, tokens: dict[int, str]) -> None:
        _, tok, tag = mover(client, gid, tokens)
        assert command(b.test_client(), gid, tok, {"type": "end_phase"},
                       etag=tag).status_code == 200

    # Read while nobody listened; the move comes before the listener does.
    mark, old = w.mark(), version(x)
    move(x, x_tokens)
    poll_y = Poll(a, y, None, etag_of(client, y, None))
    assert until(lambda: listening(w))
    outcome: list[watch.Outcome] = []
    waiting = threading.Thread(target=lambda: outcome.append(w.wait(x, old, LONG, mark)))
    waiting.start()
    waiting.join(PATIENCE)
    assert outcome == [watch.Outcome.CHANGED]  # the query for unsure waiters found it

    # Read while listening; the move is heard before the waiter registers.
    mark, old = w.mark(), version(x)
    queries = w.stats()["queries"]
    poll_x = Poll(a, x, None, etag_of(client, x, None))
    assert until(lambda: w.waiting(x) == 1)
    move(x, x_tokens)
    assert poll_x.answer().status_code == 200  # the announcement has arrived
    assert w.wait(x, old, LONG, mark) is watch.Outcome.CHANGED  # at once: remembered
    assert w.stats()["queries"] == queries
    w.close()
    assert poll_y.answer().status_code == 304


def test_sqlite_keeps_the_timed_query():
    app = create_app({"TESTING": True, "AUTO_MIGRATE": False,
                      "SQLALCHEMY_DATABASE_URI": "sqlite:///:memory:"})
    assert not watch_of(app).listens
    if dbs.postgres_url():
        off = create_app({"TESTING": True, "AUTO_MIGRATE": False, "LONGPOLL_NOTIFY": False,
                          "SQLALCHEMY_DATABASE_URI": dbs.postgres_url()})
        assert not watch_of(off).listens
