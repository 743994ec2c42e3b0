"""Long polling: ``GET /api/games/{id}`` with ``If-None-Match`` and ``Prefer: wait=N``.

Held requests run in threads; the tests wait on the app's own state (how many
requests its watcher holds, how many batched queries it made), never on
sleeps. The only time bounds are generous upper ones: a request that should
wake on a change must answer long before its wait would have ended.
"""

from __future__ import annotations

import threading
import time
from typing import Any, Optional

import pytest
from sqlalchemy import delete, event

from dominion_server import create_app, schemas, watch
from dominion_server.extensions import db
from dominion_server.models import GameRow

from .support import bearer, command, create, two_humans

#: Seconds a poll that should wake on a change asks to wait: far longer than any wake-up.
LONG = 20
#: Seconds a test waits for the app to reach a state, or a held request to answer.
PATIENCE = 10


def until(predicate, timeout: float = PATIENCE) -> bool:
    """Whether ``predicate()`` (the app's state) became true within ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            return False
        time.sleep(0.002)
    return True


@pytest.fixture
def make_app(any_app):
    """``make_app(**config)``: another app on ``any_app``'s database (another process, say)."""
    made = []

    def make(**overrides: Any):
        app = create_app({
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": any_app.config["SQLALCHEMY_DATABASE_URI"],
            "AUTO_MIGRATE": False,
            "RATELIMIT_ENABLED": False,
            "LONGPOLL_MAX_WAIT": 25,
            "LONGPOLL_INTERVAL": 0.05,
            **overrides,
        })
        made.append(app)
        return app

    yield make
    for app in made:
        watch_of(app).close()  # polls a failed test left wake and answer
        assert until(lambda: watch_of(app).waiting() == 0)
        with app.app_context():
            db.engine.dispose()


def watch_of(app) -> watch.Watcher:
    return app.extensions[watch.EXTENSION]


class Poll:
    """A conditional GET sent from a thread of its own; :meth:`answer` waits for it."""

    def __init__(self, app, gid: str, token: Optional[str], tag: str,
                 prefer: Optional[str] = f"wait={LONG}") -> None:
        headers = {"If-None-Match": tag, **(bearer(token) if token else {})}
        if prefer is not None:
            headers["Prefer"] = prefer
        self.response = None
        self.answered_at: Optional[float] = None

        def run() -> None:
            self.response = app.test_client().get(f"/api/games/{gid}", headers=headers)
            self.answered_at = time.monotonic()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()

    def answer(self, timeout: float = PATIENCE):
        self.thread.join(timeout)
        assert not self.thread.is_alive(), "the held request did not answer in time"
        return self.response


def mover(client, gid: str, tokens: dict[int, str]) -> tuple[int, str, str]:
    """The seat that must act now, its token and its ETag."""
    r = client.get(f"/api/games/{gid}", headers=bearer(tokens[0]))
    seat = r.get_json()["view"]["awaiting"][0]
    r = client.get(f"/api/games/{gid}", headers=bearer(tokens[seat]))
    return seat, tokens[seat], r.headers["ETag"]


def etag_of(client, gid: str, token: Optional[str]) -> str:
    return client.get(f"/api/games/{gid}", headers=bearer(token) if token else {}).headers["ETag"]


# ---------------------------------------------------------------------------
# Waking


def test_a_held_poll_answers_the_new_game_when_this_process_saves_a_command(make_app):
    # The batched query runs once, then not for an hour: only the commit can wake it.
    app = make_app(LONGPOLL_INTERVAL=3600)
    client = app.test_client()
    gid, tokens = two_humans(client, seed=31)
    seat, tok, tag = mover(client, gid, tokens)
    other = tokens[1 - seat]
    other_tag = etag_of(client, gid, other)
    w = watch_of(app)
    poll = Poll(app, gid, other, other_tag)
    assert until(lambda: w.waiting(gid) == 1 and w.stats()["queries"] >= 1)
    sent = time.monotonic()
    r = command(client, gid, tok, {"type": "end_phase"}, etag=tag)
    assert r.status_code == 200
    got = poll.answer()
    assert got.status_code == 200
    assert got.headers["Preference-Applied"] == f"wait={LONG}"
    body = got.get_json()
    assert body["version"] == r.get_json()["version"]
    assert got.headers["ETag"] != other_tag and got.headers["ETag"].endswith(f'-s{1 - seat}"')
    # The other seat's own view, not the mover's: the same as a plain GET now.
    assert body == client.get(f"/api/games/{gid}", headers=bearer(other)).get_json()
    assert poll.answered_at - sent < LONG / 2
    assert w.stats()["queries"] == 1 and w.waiting() == 0


def test_a_change_saved_by_another_process_is_found_by_the_batched_query(make_app):
    # The timed query (SQLite's only way; PostgreSQL's without LISTEN/NOTIFY,
    # which test_pg_listen.py covers).
    waiting_app = make_app(LONGPOLL_INTERVAL=0.05, LONGPOLL_NOTIFY=False)
    other_process = make_app(LONGPOLL_NOTIFY=False)  # same database, a watcher of its own
    client = waiting_app.test_client()
    gid, tokens = two_humans(client, seed=32)
    seat, tok, tag = mover(client, gid, tokens)
    spectator_tag = etag_of(client, gid, None)
    w = watch_of(waiting_app)
    poll = Poll(waiting_app, gid, None, spectator_tag)  # a spectator waits
    assert until(lambda: w.waiting(gid) == 1)
    queries = w.stats()["queries"]
    sent = time.monotonic()
    r = command(other_process.test_client(), gid, tok, {"type": "end_phase"}, etag=tag)
    assert r.status_code == 200
    got = poll.answer()
    assert got.status_code == 200 and got.headers["Preference-Applied"] == f"wait={LONG}"
    assert got.get_json()["version"] == r.get_json()["version"]
    assert got.get_json()["seat"] is None and got.headers["ETag"].endswith('-x"')
    assert poll.answered_at - sent < LONG / 2
    assert w.stats()["queries"] > queries  # it was the query that noticed


def test_one_batched_query_watches_every_game(make_app):
    """Waiters on several games cost one query per interval, not one per game."""
    app = make_app(LONGPOLL_INTERVAL=0.02, LONGPOLL_NOTIFY=False)  # the timed query
    other_process = make_app(LONGPOLL_NOTIFY=False)
    client = app.test_client()
    games = [two_humans(client, seed=40 + i) for i in range(3)]
    ids = {gid for gid, _ in games}
    rounds: list[tuple[str, Any]] = []

    def seen(conn, cursor, statement, parameters, context, executemany) -> None:
        if threading.current_thread().name == "dominion-watch":
            rounds.append((statement, parameters))

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", seen)
    try:
        w = watch_of(app)
        polls = [Poll(app, gid, None, etag_of(client, gid, None)) for gid, _ in games]
        assert until(lambda: w.waiting() == 3)
        # A round reads its game ids, then connects and runs its statement: the
        # one under way now may have read them before the third poll came.
        start = len(rounds) + 1
        assert until(lambda: len(rounds) >= start + 2)
        gid, tokens = games[1]
        seat, tok, tag = mover(client, gid, tokens)
        assert command(other_process.test_client(), gid, tok, {"type": "end_phase"},
                       etag=tag).status_code == 200
        assert polls[1].answer().status_code == 200
        assert w.waiting() == 2  # the other games' polls still wait
    finally:
        event.remove(engine, "before_cursor_execute", seen)
    # Each round while three waited: one statement naming all three games.
    for statement, parameters in rounds[start:start + 2]:
        assert "FROM games" in statement and "IN" in statement
        values = parameters.values() if isinstance(parameters, dict) else parameters
        assert ids <= set(values)
    w.close()
    assert [p.answer().status_code for p in (polls[0], polls[2])] == [304, 304]


def test_the_creator_is_told_at_once_when_the_last_seat_is_taken(make_app):
    app = make_app(LONGPOLL_INTERVAL=3600)
    client = app.test_client()
    g = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"}], seed=33)
    w = watch_of(app)
    poll = Poll(app, g["id"], g["token"], g["etag"])
    assert until(lambda: w.waiting(g["id"]) == 1 and w.stats()["queries"] >= 1)
    assert client.post(f"/api/games/{g['id']}/join", json={"name": "Bob"}).status_code == 200
    got = poll.answer()
    assert got.status_code == 200 and got.get_json()["status"] == "active"


def test_a_game_deleted_while_polled_is_404(make_app):
    # Nobody announces a deletion: when listening, the safety query finds it.
    app = make_app(LONGPOLL_RECHECK=0.05)
    client = app.test_client()
    gid, tokens = two_humans(client, seed=34)
    w = watch_of(app)
    poll = Poll(app, gid, tokens[0], etag_of(client, gid, tokens[0]))
    assert until(lambda: w.waiting(gid) == 1)
    with app.app_context():
        db.session.execute(delete(GameRow.__table__).where(GameRow.__table__.c.id == gid))
        db.session.commit()
        db.session.remove()
    got = poll.answer()
    assert got.status_code == 404 and got.get_json()["code"] == "game_not_found"


# ---------------------------------------------------------------------------
# Not waiting, or not long


def test_a_poll_nothing_changes_answers_304_after_its_wait(make_app):
    app = make_app()
    client = app.test_client()
    gid, tokens = two_humans(client, seed=35)
    tag = etag_of(client, gid, tokens[1])
    w = watch_of(app)
    poll = Poll(app, gid, tokens[1], tag, prefer="wait=0.5")
    assert until(lambda: w.waiting(gid) == 1)  # it is held...
    got = poll.answer()  # ...and let go when the wait is over
    assert got.status_code == 304 and got.data == b""
    assert got.headers["ETag"] == tag and got.headers["Preference-Applied"] == "wait=0.5"
    assert w.waiting() == 0


def _held(app) -> int:
    return watch_of(app).stats()["peak"]


def test_without_a_usable_wait_the_answer_is_immediate(make_app):
    app = make_app(LONGPOLL_MAX_WAITERS=0)  # any wait at all would show as a refusal
    client = app.test_client()
    gid, tokens = two_humans(client, seed=36)
    tag = etag_of(client, gid, tokens[0])
    auth = bearer(tokens[0])
    url = f"/api/games/{gid}"
    # Prefer absent, or a value that is not a number of seconds: ignored (RFC 7240).
    for prefer in (None, "wait=abc", "wait=-1", "wait=", "wait", "wait=inf", "wait=0",
                   "wait=0.0", "respond-async", "", "wait=5x", "wait=1.", "wait=.5",
                   "wait=1e", "wait=nan", "handling=lenient"):
        headers = {**auth, "If-None-Match": tag}
        if prefer is not None:
            headers["Prefer"] = prefer
        r = client.get(url, headers=headers)
        assert r.status_code == 304, prefer
        assert "Preference-Applied" not in r.headers, prefer
    # Nothing to wait for: no If-None-Match, or a stale one.
    for headers in ({**auth, "Prefer": "wait=10"},
                    {**auth, "Prefer": "wait=10", "If-None-Match": '"v0-s0"'}):
        r = client.get(url, headers=headers)
        assert r.status_code == 200 and "Preference-Applied" not in r.headers
    assert watch_of(app).stats()["refused"] == 0 and _held(app) == 0


def test_prefer_wait_is_read_as_rfc_7240_says():
    p = schemas.prefer_wait
    assert p("wait=25") == 25 and p("WAIT=7") == 7 and p("wait = 3") == 3
    assert p('wait="2"') == 2 and p("wait=0.5") == 0.5
    assert p("respond-async, wait=10") == 10 and p("wait=10; foo=bar, x") == 10
    assert p("wait=4, wait=9") == 4  # the first one counts
    assert p("wait=x, wait=9") is None  # ...even when it is not understood
    assert p("respond-async") is None and p("") is None and p("waiting=3") is None
    assert p("wait=-1") is None and p("wait=inf") is None and p("wait=nan") is None
    # Any number of seconds counts, however written or large (the server clamps it).
    assert p("wait=1e3") == 1000 and p("wait=2.5E1") == 25 and p("wait=1e-1") == 0.1
    assert p("wait=" + "9" * 400) == float("inf") and p("wait=1e999") == float("inf")
    assert p("wait=0030") == 30


def test_valid_variants_are_held_and_the_wait_is_capped(make_app):
    app = make_app(LONGPOLL_MAX_WAIT=0.2)
    client = app.test_client()
    gid, tokens = two_humans(client, seed=37)
    tag = etag_of(client, gid, tokens[0])
    for prefer, applied in (("wait=100", "wait=0.2"), ("respond-async, WAIT=0.1", "wait=0.1"),
                            ('wait="0.1"; x=y', "wait=0.1")):
        r = client.get(f"/api/games/{gid}", headers={**bearer(tokens[0]), "If-None-Match": tag,
                                                     "Prefer": prefer})
        assert r.status_code == 304 and r.headers["Preference-Applied"] == applied, prefer
    assert _held(app) == 1


def test_every_wait_past_the_maximum_is_clamped_alike(make_app):
    """Issue 24 (6): `wait=1e9` or a very long number is held for the maximum like
    `wait=30`, not answered at once."""
    app = make_app(LONGPOLL_MAX_WAIT=0.2)
    client = app.test_client()
    gid, tokens = two_humans(client, seed=43)
    tag = etag_of(client, gid, tokens[0])
    for prefer in ("wait=30", "wait=1e9", "wait=1E+9", "wait=" + "9" * 40,
                   "wait=" + "9" * 1000, "wait=1e999", "wait=123456789012.5"):
        r = client.get(f"/api/games/{gid}", headers={**bearer(tokens[0]), "If-None-Match": tag,
                                                     "Prefer": prefer})
        assert r.status_code == 304, prefer
        assert r.headers.get("Preference-Applied") == "wait=0.2", prefer
        assert "Longpoll-Refused" not in r.headers, prefer
    assert watch_of(app).stats()["refused"] == 0


def test_a_finished_game_whose_rematch_is_made_is_answered_at_once(make_app):
    """Issue 24 (6): nothing can change a finished game once its rematch is linked (the
    only change a finished game gets), so its long poll is not held; the answer says
    why (`Longpoll-Refused: final`)."""
    from .test_rematch import finish, rematch

    app = make_app(LONGPOLL_MAX_WAIT=LONG, LONGPOLL_INTERVAL=3600)
    client = app.test_client()
    gid, tokens = two_humans(client, seed=44)
    finish(app, gid, {0: 3})
    w = watch_of(app)
    # Over, no rematch yet: held, and woken when a seat asks for the rematch.
    poll = Poll(app, gid, tokens[1], etag_of(client, gid, tokens[1]))
    assert until(lambda: w.waiting(gid) == 1)
    assert rematch(client, gid, tokens[0]).status_code == 201
    woken = poll.answer()
    assert woken.status_code == 200 and woken.get_json()["rematch"] is not None
    # Over with its rematch: nothing can change any more.
    for token in (tokens[0], tokens[1], None):
        r = client.get(f"/api/games/{gid}", headers={
            **(bearer(token) if token else {}), "If-None-Match": etag_of(client, gid, token),
            "Prefer": f"wait={LONG}"})
        assert r.status_code == 304 and "Preference-Applied" not in r.headers
        assert r.headers["Longpoll-Refused"] == "final"
    assert w.stats()["peak"] == 1 and w.stats()["refused"] == 0


def test_past_the_cap_polls_are_answered_at_once(make_app):
    app = make_app(LONGPOLL_MAX_WAITERS=1, LONGPOLL_INTERVAL=3600)
    client = app.test_client()
    gid, tokens = two_humans(client, seed=38)
    seat, tok, tag = mover(client, gid, tokens)
    other = tokens[1 - seat]
    other_tag = etag_of(client, gid, other)
    w = watch_of(app)
    first = Poll(app, gid, other, other_tag)
    assert until(lambda: w.waiting() == 1)
    second = client.get(f"/api/games/{gid}", headers={
        **bearer(tok), "If-None-Match": tag, "Prefer": f"wait={LONG}"})
    assert second.status_code == 304 and "Preference-Applied" not in second.headers
    assert second.headers["Longpoll-Refused"] == "busy"  # issue 24 (6): said in a header
    assert w.stats()["refused"] == 1 and w.waiting() == 1
    assert command(client, gid, tok, {"type": "end_phase"}, etag=tag).status_code == 200
    assert first.answer().status_code == 200


def test_a_waiting_request_holds_no_database_connection(make_app):
    app = make_app(LONGPOLL_INTERVAL=3600, SQLALCHEMY_ENGINE_OPTIONS={
        "hide_parameters": True, "pool_size": 1, "max_overflow": 0, "pool_timeout": 5})
    client = app.test_client()
    gid, tokens = two_humans(client, seed=39)
    seat, tok, tag = mover(client, gid, tokens)
    other = tokens[1 - seat]
    w = watch_of(app)
    poll = Poll(app, gid, other, etag_of(client, gid, other))
    assert until(lambda: w.waiting(gid) == 1 and w.stats()["queries"] >= 1)
    with app.app_context():
        pool = db.engine.pool
    assert pool.size() == 1 and until(lambda: pool.checkedout() == 0)
    # The only connection serves other requests meanwhile.
    assert client.get(f"/api/games/{gid}", headers=bearer(tok)).status_code == 200
    assert client.get(f"/api/games/{gid}/log", headers=bearer(tok)).status_code == 200
    assert command(client, gid, tok, {"type": "end_phase"}, etag=tag).status_code == 200
    assert poll.answer().status_code == 200


def test_closing_the_watcher_answers_held_polls_at_once_and_refuses_new_ones(make_app):
    app = make_app(LONGPOLL_INTERVAL=3600)
    client = app.test_client()
    gid, tokens = two_humans(client, seed=41)
    tag = etag_of(client, gid, tokens[0])
    w = watch_of(app)
    polls = [Poll(app, gid, tokens[0], tag) for _ in range(3)]
    assert until(lambda: w.waiting() == 3)
    closed = time.monotonic()
    watch.shutdown_all()
    for p in polls:
        got = p.answer()
        assert got.status_code == 304 and got.headers["Preference-Applied"] == f"wait={LONG}"
        assert p.answered_at - closed < LONG / 2
    r = client.get(f"/api/games/{gid}", headers={**bearer(tokens[0]), "If-None-Match": tag,
                                                 "Prefer": f"wait={LONG}"})
    assert r.status_code == 304 and "Preference-Applied" not in r.headers
    assert r.headers["Longpoll-Refused"] == "stopping"


def test_the_watchers_thread_runs_only_while_someone_waits(make_app, monkeypatch):
    monkeypatch.setattr(watch, "LINGER", 0.01)
    app = make_app()
    client = app.test_client()
    gid, tokens = two_humans(client, seed=42)
    w = watch_of(app)
    assert w._thread is None  # nobody waited yet: no thread, no query
    r = client.get(f"/api/games/{gid}", headers={**bearer(tokens[0]), "Prefer": "wait=0.1",
                                                 "If-None-Match": etag_of(client, gid,
                                                                          tokens[0])})
    assert r.status_code == 304
    assert until(lambda: w._thread is None)  # it left after the last waiter
    queries = w.stats()["queries"]
    assert client.get(f"/api/games/{gid}", headers=bearer(tokens[0])).status_code == 200
    assert w.stats()["queries"] == queries


def test_preflight_allows_prefer_and_exposes_preference_applied(client):
    pre = client.options("/api/games/x", headers={
        "Origin": "https://elsewhere.example", "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "prefer, if-none-match"})
    assert "Prefer" in pre.headers["Access-Control-Allow-Headers"]
    assert "Preference-Applied" in pre.headers["Access-Control-Expose-Headers"]
    assert "Longpoll-Refused" in pre.headers["Access-Control-Expose-Headers"]


def test_the_document_and_the_docs_name_the_refusal_header(client):
    doc = client.get("/api/openapi.json").get_json()
    get_game = doc["paths"]["/api/games/{game_id}"]["get"]["responses"]
    for status in ("200", "304"):
        header = get_game[status]["headers"]["Longpoll-Refused"]
        assert header["schema"]["x-extensible-enum"] == ["busy", "stopping", "final"]
    page = client.get("/api/docs").get_data(as_text=True)
    assert "Longpoll-Refused" in page and "final" in page


# ---------------------------------------------------------------------------
# gunicorn (the Procfile's web process)


def _http(base: str, method: str, path: str, body: Any = None,
          headers: Optional[dict[str, str]] = None) -> tuple[int, dict[str, str], Any]:
    import http.client
    import json
    from urllib.parse import urlsplit

    url = urlsplit(base)
    conn = http.client.HTTPConnection(url.hostname, url.port, timeout=60)
    try:
        h = dict(headers or {})
        data = None
        if body is not None:
            data, h["Content-Type"] = json.dumps(body), "application/json"
        conn.request(method, path, data, h)
        r = conn.getresponse()
        raw = r.read()
        return r.status, dict(r.getheaders()), json.loads(raw) if raw else None
    finally:
        conn.close()


class _HeldPoll:
    """A long poll to a gunicorn server started with ``LONGPOLL_MAX_WAITERS=1``, held.

    It is known to be held when a short poll to the same worker is refused at
    once (the cap). A short poll may take the place first: then the long one
    is refused and sent again.
    """

    def __init__(self, base: str, path: str, headers: dict[str, str]) -> None:
        self.answer: Optional[tuple[int, dict[str, str], Any]] = None
        probe = {k: v for k, v in headers.items() if k != "Prefer"}
        probe["Prefer"] = "wait=0.05"
        for _ in range(50):
            self.thread = threading.Thread(target=self._run, args=(base, path, headers),
                                           daemon=True)
            self.thread.start()
            assert until(lambda: not self.thread.is_alive() or self._refused(base, path, probe))
            if self.thread.is_alive():
                return
            self.thread.join()
        raise AssertionError("the long poll was never held")

    def _run(self, base: str, path: str, headers: dict[str, str]) -> None:
        self.answer = _http(base, "GET", path, headers=headers)
        self.answered_at = time.monotonic()

    @staticmethod
    def _refused(base: str, path: str, probe: dict[str, str]) -> bool:
        status, h, _ = _http(base, "GET", path, headers=probe)
        return status == 304 and "Preference-Applied" not in h

    def result(self) -> tuple[int, dict[str, str], Any]:
        self.thread.join(PATIENCE)
        assert not self.thread.is_alive(), "the held request did not answer in time"
        assert self.answer is not None
        return self.answer


def test_gunicorn_holds_polls_wakes_them_from_another_process_and_stops_at_once(tmp_path):
    import subprocess

    from .test_deploy import ROOT, _env, _free_port, _procfile, _wait

    url = f"sqlite:///{tmp_path / 'live.sqlite3'}"
    procs, bases = [], []
    try:
        for i in range(2):  # two servers on one database: two processes for sure
            port = _free_port()
            env = _env(DATABASE_URL=url, PORT=str(port), WEB_CONCURRENCY="1",
                       LONGPOLL_MAX_WAITERS="1", HOME=str(tmp_path))
            log = open(tmp_path / f"gunicorn{i}.log", "w")
            procs.append(subprocess.Popen(["bash", "-c", "exec " + _procfile()["web"]],
                                          cwd=ROOT, env=env, stdout=log,
                                          stderr=subprocess.STDOUT))
            log.close()
            bases.append(f"http://127.0.0.1:{port}")
            _wait(f"{bases[i]}/api/health", procs[i])
        first, second = bases
        status, _, g = _http(first, "POST", "/api/games", {
            "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human"}], "seed": 5,
            "preset": "first-game-2e"})
        assert status == 201
        status, _, j = _http(first, "POST", f"/api/games/{g['id']}/join",
                             {"name": "Bob", "code": g["invites"][0]["code"]})
        assert status == 200
        tokens = {g["seat"]: g["token"], j["seat"]: j["token"]}
        path = f"/api/games/{g['id']}"
        view = j["game"]["view"]
        seat = view["awaiting"][0]
        waiter = bearer(tokens[1 - seat])
        _, h, _ = _http(first, "GET", path, headers=waiter)
        # The worker answers other requests while one is held (threads), and that one is.
        held = _HeldPoll(first, path, {**waiter, "If-None-Match": h["ETag"],
                                       "Prefer": f"wait={LONG}"})
        _, h2, _ = _http(second, "GET", path, headers=bearer(tokens[seat]))
        sent = time.monotonic()
        status, _, moved = _http(second, "POST", f"{path}/commands", {"type": "end_phase"},
                                 {**bearer(tokens[seat]), "If-Match": h2["ETag"]})
        assert status == 200
        status, h3, body = held.result()
        assert status == 200 and h3["Preference-Applied"] == f"wait={LONG}"
        assert body["version"] == moved["version"] and held.answered_at - sent < LONG / 2

        # Stopping: a held poll answers at once instead of holding the worker back.
        held = _HeldPoll(first, path, {**waiter, "If-None-Match": h3["ETag"],
                                       "Prefer": f"wait={LONG}"})
        stopped = time.monotonic()
        procs[0].terminate()
        status, h4, _ = held.result()
        assert status == 304 and h4["Preference-Applied"] == f"wait={LONG}"
        assert held.answered_at - stopped < LONG / 2
        assert procs[0].wait(PATIENCE) == 0
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.terminate()
        for proc in procs:
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)


def test_gunicorn_runs_threads_and_caps_held_polls_below_them(monkeypatch):
    import runpy
    from pathlib import Path
    from types import SimpleNamespace

    conf_path = Path(__file__).resolve().parents[2] / "backend/dominion_server/gunicorn_conf.py"
    monkeypatch.delenv("GUNICORN_THREADS", raising=False)
    conf = runpy.run_path(str(conf_path))
    assert conf["worker_class"] == "gthread"
    assert conf["threads"] > conf["RESERVED_THREADS"]
    # Issue 24: an instance as the Procfile runs it (2 workers) holds 1,000 polls.
    assert 2 * (conf["threads"] - conf["RESERVED_THREADS"]) >= 1000
    monkeypatch.delenv("LONGPOLL_MAX_WAITERS", raising=False)
    conf["on_starting"](SimpleNamespace(cfg=SimpleNamespace(threads=40)))  # --threads 40
    import os

    assert os.environ["LONGPOLL_MAX_WAITERS"] == str(40 - conf["RESERVED_THREADS"])
    monkeypatch.setenv("LONGPOLL_MAX_WAITERS", "7")  # given: kept
    conf["on_starting"](SimpleNamespace(cfg=SimpleNamespace(threads=40)))
    assert os.environ["LONGPOLL_MAX_WAITERS"] == "7"
    monkeypatch.setenv("GUNICORN_THREADS", "12")
    assert runpy.run_path(str(conf_path))["threads"] == 12
