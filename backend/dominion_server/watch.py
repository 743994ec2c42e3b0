"""Long polling: requests that wait for a game's version to change.

``GET /api/games/{id}`` with ``If-None-Match`` and ``Prefer: wait=N`` may be
held until the game moves on (:func:`dominion_server.service.poll`). This
module is the waiting part: one :class:`Watcher` per app, so one per worker
process. It knows nothing of HTTP and holds no database connection for a
waiting request.

A waiting request registers the game id and the version it holds, and
blocks on an event of its own. The event is set

* at once when *this* process commits a new version of that game: the
  service calls :func:`saved` when its compare-and-swap wrote a row, and the
  session's ``after_commit`` hook passes what was committed to the app's
  watcher (a rollback forgets it);
* otherwise by the watcher's one background thread, which runs only while
  someone waits: every ``LONGPOLL_INTERVAL`` seconds it reads the versions of
  all watched games in **one** query (``SELECT id, version FROM games WHERE id
  IN (...)``, on its own short-lived connection) and wakes every waiter whose
  version is no longer the stored one. This finds changes made by other
  worker processes or machines, a game that was deleted, and any commit of
  this process that happened between the request reading the version and
  registering. It works on SQLite (WAL: readers never wait for the writer) as
  on PostgreSQL.

On PostgreSQL (unless ``LONGPOLL_NOTIFY`` is off) the background thread
does not query on a timer. Each saving transaction also announces the new
version with ``NOTIFY`` (:mod:`dominion_server.pg_listen`; delivered to
every process only on commit), and the thread holds one listening
connection and wakes the waiters of each announced game as it arrives. No
wake-up is lost:

* a request takes :meth:`Watcher.mark` *before* reading the version it will
  wait on; if the listener was not listening since that mark (it was not
  connected yet, or reconnected after a database restart or a killed
  backend), the game is checked with the batched query above, run after
  ``LISTEN``;
* after every (re)connect the thread runs that query for all watched games,
  so a change committed while it was deaf still wakes its waiters;
* announcements that arrive between a request's read and its registration
  are remembered (the latest version per game), and a registering waiter
  behind one of them is answered at once;
* every ``LONGPOLL_RECHECK`` seconds (30) the batched query runs anyway: it
  finds what nobody announced (a game deleted by ``purge-games`` or by hand,
  a writer of an older release during a rolling deploy).

At most ``LONGPOLL_MAX_WAITERS`` requests wait at once per process; past the
cap :meth:`Watcher.wait` refuses at once (the request is answered without
waiting and the client falls back to polling). Each waiting request holds a
server thread, so the cap must stay below the worker's thread count
(``gunicorn_conf.py`` sees to that).

:func:`shutdown_all` (called when a gunicorn worker is told to stop) wakes
every waiter so held requests end at once instead of delaying the shutdown,
and refuses new waits.
"""

from __future__ import annotations

import enum
import logging
import threading
import time
import weakref
from typing import Any, Iterable, Optional

from flask import Flask, current_app, has_app_context
from sqlalchemy import bindparam, event, select

from . import pg_listen
from .extensions import db
from .models import GameRow

log = logging.getLogger(__name__)

GAMES = GameRow.__table__
#: Key of the app's watcher in ``app.extensions``.
EXTENSION = "dominion_watch"
#: ``session.info`` key of the (game id, version) pairs saved in the open transaction.
_PENDING = "dominion_watch_saved"
#: Game ids per batched query (well under SQLite's bound-parameter limit).
CHUNK = 500
#: Seconds the background thread stays after the last waiter left, for the next one.
LINGER = 5.0
#: Announced versions remembered (listening only); past it they are forgotten
#: and waiters registering meanwhile are checked by a query instead.
REMEMBERED = 10_000
#: Seconds between attempts to reconnect the listener while the database is away.
RECONNECT_PAUSE = 0.5
#: Seconds the listening thread waits for announcements before it looks at its
#: waiters again (games to check, close, linger): a turn costs no query.
LISTEN_TURN = 0.2

#: Every live watcher of the process, for :func:`shutdown_all`.
_WATCHERS: "weakref.WeakSet[Watcher]" = weakref.WeakSet()

_VERSIONS = select(GAMES.c.id, GAMES.c.version).where(
    GAMES.c.id.in_(bindparam("ids", expanding=True)))


class Outcome(enum.Enum):
    """How a :meth:`Watcher.wait` ended."""

    CHANGED = "changed"  #: the game's version moved on (or the game is gone)
    TIMEOUT = "timeout"  #: nothing changed in time
    CLOSED = "closed"  #: the process is stopping; the request was woken early
    REFUSED = "refused"  #: not waited at all: too many waiters, or stopping


class _Waiter:
    __slots__ = ("version", "event")

    def __init__(self, version: int) -> None:
        self.version = version
        self.event = threading.Event()


class Watcher:
    """The waiting requests of one app (one per process), and its polling thread.

    Thread-safe: every method may be called from any request thread.
    Settings are read from ``app.config`` when used, so tests may change them.
    """

    def __init__(self, app: Flask) -> None:
        self.app = app
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)  # a lingering thread waits here
        self._games: dict[str, list[_Waiter]] = {}
        self._count = 0
        self._peak = 0
        self._refused = 0
        self._queries = 0
        self._closed = False
        self._stop = threading.Event()  # ends the thread's pause between queries
        self._thread: Optional[threading.Thread] = None
        self._lingering = False
        # Listening (PostgreSQL): whether the listener hears every commit now,
        # a number that changes whenever that may have stopped being true (a
        # request's mark), the latest announced versions, and the games whose
        # waiters still need one query because they may have missed one.
        uri = app.config["SQLALCHEMY_DATABASE_URI"]
        self.listens = (uri.startswith("postgresql")
                        and bool(app.config.get("LONGPOLL_NOTIFY", True)))
        self._listening = False
        self._epoch = 0
        self._latest: dict[str, int] = {}
        self._unsure: set[str] = set()
        self._listener_pid: Optional[int] = None
        _WATCHERS.add(self)

    # -- waiting ------------------------------------------------------------

    def mark(self) -> int:
        """Take this before reading the version to wait on, and pass it to :meth:`wait`."""
        with self._lock:
            return self._epoch

    def wait(self, game_id: str, version: int, timeout: float,
             since: Optional[int] = None) -> Outcome:
        """Block until ``game_id`` is no longer at ``version``, at most ``timeout`` seconds.

        The caller must hold no database connection (it may wait long). It
        is not told the new version: it reads the game again. ``since`` is
        :meth:`mark` taken before ``version`` was read; without it the game
        is checked by a query once (listening only).
        """
        waiter = _Waiter(version)
        with self._lock:
            if self._closed or self._count >= self.app.config["LONGPOLL_MAX_WAITERS"]:
                self._refused += 1
                return Outcome.REFUSED
            if self.listens:
                if self._latest.get(game_id, version) > version:
                    waiter.event.set()  # announced between the caller's read and now
                elif not (self._listening and since == self._epoch):
                    self._unsure.add(game_id)  # the listener may have missed a commit
            self._games.setdefault(game_id, []).append(waiter)
            self._count += 1
            self._peak = max(self._peak, self._count)
            self._ensure_thread()
        try:
            changed = waiter.event.wait(max(0.0, timeout))
        finally:
            with self._lock:
                waiters = self._games[game_id]
                waiters.remove(waiter)
                if not waiters:
                    del self._games[game_id]
                self._count -= 1
        if self._closed:
            return Outcome.CLOSED
        return Outcome.CHANGED if changed else Outcome.TIMEOUT

    def notify(self, game_id: str, version: int) -> None:
        """``version`` of ``game_id`` was committed (here, or announced): wake who waits
        on an older one."""
        with self._lock:
            if self.listens:
                if len(self._latest) >= REMEMBERED:
                    self._latest.clear()
                    self._epoch += 1  # marks taken before now may have missed one
                if version > self._latest.get(game_id, -1):
                    self._latest[game_id] = version
            for w in self._games.get(game_id, ()):
                if version > w.version:
                    w.event.set()

    def stats(self) -> dict[str, int]:
        """Waiting now, the most at once, waits refused, batched queries made."""
        with self._lock:
            return {"waiting": self._count, "peak": self._peak, "refused": self._refused,
                    "queries": self._queries}

    def waiting(self, game_id: Optional[str] = None) -> int:
        """How many requests wait now (for ``game_id``, or in all)."""
        with self._lock:
            if game_id is None:
                return self._count
            return len(self._games.get(game_id, ()))

    @property
    def listener_pid(self) -> Optional[int]:
        """The database server process of the listening connection, while connected."""
        with self._lock:
            return self._listener_pid

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` was called (new waits are refused)."""
        return self._closed

    def close(self) -> None:
        """Wake every waiter (they answer at once), refuse new ones, stop the thread."""
        with self._lock:
            self._closed = True
            for waiters in self._games.values():
                for w in waiters:
                    w.event.set()
            self._stop.set()
            self._idle.notify_all()

    # -- the polling thread ---------------------------------------------------

    def _ensure_thread(self) -> None:
        # Called with the lock held.
        if self._thread is None:
            run = self._listen if self.listens else self._run
            self._thread = threading.Thread(target=run, name="dominion-watch", daemon=True)
            self._thread.start()
        elif self._lingering:
            self._idle.notify()

    def _run(self) -> None:
        while True:
            with self._lock:
                if not self._games and not self._closed:
                    self._lingering = True
                    self._idle.wait(LINGER)
                    self._lingering = False
                if self._closed or not self._games:
                    self._thread = None
                    return
                ids = list(self._games)
            found = self._versions(ids)
            if found is not None:
                self._wake_moved(ids, found)
            self._stop.wait(self.app.config["LONGPOLL_INTERVAL"])

    def _listen(self) -> None:
        """The thread when listening: announcements wake waiters, queries only to catch up."""
        listener = pg_listen.Listener(self.app.config["SQLALCHEMY_DATABASE_URI"])
        idle_since: Optional[float] = None
        checked = time.monotonic()
        try:
            while True:
                with self._lock:
                    if self._games:
                        idle_since = None
                    elif idle_since is None:
                        idle_since = time.monotonic()
                    if self._closed or (idle_since is not None
                                        and time.monotonic() - idle_since >= LINGER):
                        # Deaf from now on, before a new thread may start listening.
                        self._thread = None
                        self._forget_listener()
                        return
                if not listener.connected and not self._connect(listener):
                    self._stop.wait(RECONNECT_PAUSE)
                    continue
                if time.monotonic() - checked >= self.app.config["LONGPOLL_RECHECK"]:
                    checked = time.monotonic()
                    with self._lock:
                        self._unsure.update(self._games)
                self._check_unsure()
                try:
                    for game_id, version in listener.receive(LISTEN_TURN):
                        self.notify(game_id, version)
                except Exception:  # noqa: BLE001 - reconnect, then catch up
                    log.warning("long polling: the listening connection failed", exc_info=True)
                    listener.close()
                    with self._lock:
                        self._forget_listener()
        finally:
            listener.close()

    def _connect(self, listener: pg_listen.Listener) -> bool:
        """Connect and ``LISTEN``; every watched game is then checked once."""
        try:
            listener.connect()
        except Exception:  # noqa: BLE001 - the database may be restarting: retry
            log.warning("long polling: cannot listen for changes", exc_info=True)
            return False
        with self._lock:
            self._listening = True
            self._epoch += 1
            self._listener_pid = listener.pid
            # Commits made while nobody listened were not heard.
            self._unsure.update(self._games)
        return True

    def _forget_listener(self) -> None:
        # Called with the lock held: commits from now on may go unheard.
        if self._listening:
            self._listening = False
            self._epoch += 1
            self._listener_pid = None

    def _check_unsure(self) -> None:
        """One batched query for the games whose waiters may have missed a commit."""
        with self._lock:
            ids = [gid for gid in self._unsure if gid in self._games]
            self._unsure.clear()
        if not ids:
            return
        found = self._versions(ids)
        if found is None:
            with self._lock:
                self._unsure.update(ids)  # next turn
            return
        self._wake_moved(ids, found)

    def _versions(self, ids: list[str]) -> Optional[dict[str, int]]:
        """The stored version of each of ``ids`` (absent: no such game); ``None`` on failure."""
        try:
            with self.app.app_context():
                engine = db.engine
                found: dict[str, int] = {}
                with engine.connect() as conn:
                    if engine.dialect.name != "sqlite":  # no BEGIN/ROLLBACK round trips
                        conn = conn.execution_options(isolation_level="AUTOCOMMIT")
                    for i in range(0, len(ids), CHUNK):
                        rows = conn.execute(_VERSIONS, {"ids": ids[i:i + CHUNK]})
                        found.update((r.id, r.version) for r in rows)
            with self._lock:
                self._queries += 1
            return found
        except Exception:  # noqa: BLE001 - the waiters time out; the next round retries
            log.warning("long polling: reading game versions failed", exc_info=True)
            return None

    def _wake_moved(self, ids: Iterable[str], found: dict[str, int]) -> None:
        with self._lock:
            for gid in ids:
                now = found.get(gid)
                for w in self._games.get(gid, ()):
                    if now != w.version:
                        w.event.set()


# ---------------------------------------------------------------------------
# The app's watcher, and commits that wake it


def init_app(app: Flask) -> None:
    """Give ``app`` its watcher and let committed saves reach it."""
    app.extensions[EXTENSION] = Watcher(app)
    if not event.contains(db.session, "after_commit", _after_commit):
        # The session class is shared by every app of the process; the hook
        # finds the app through the app context.
        event.listen(db.session, "after_commit", _after_commit)
        event.listen(db.session, "after_soft_rollback", _after_rollback)


def current() -> Watcher:
    """The watcher of the current app."""
    return current_app.extensions[EXTENSION]


def saved(game_id: str, version: int) -> None:
    """The open transaction wrote ``version`` of ``game_id``: waiters wake when it commits.

    Those of this process through the session's commit hook; those of other
    processes, when listening, through the ``NOTIFY`` sent here (delivered on
    commit only).
    """
    db.session.info.setdefault(_PENDING, []).append((game_id, version))
    if current().listens:
        pg_listen.announce(db.session, game_id, version)


def _after_commit(session: Any) -> None:
    pending = session.info.pop(_PENDING, None)
    if pending and has_app_context():
        watcher = current_app.extensions.get(EXTENSION)
        if watcher is not None:
            for game_id, version in pending:
                watcher.notify(game_id, version)


def _after_rollback(session: Any, previous_transaction: Any) -> None:
    session.info.pop(_PENDING, None)


def shutdown_all() -> None:
    """Close every watcher of the process: held requests answer now, no new ones wait."""
    for watcher in list(_WATCHERS):
        watcher.close()

