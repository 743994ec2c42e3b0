"""PostgreSQL ``LISTEN``/``NOTIFY`` for long polls held in other processes.

A commit of a new game version announces itself on the channel
:data:`CHANNEL` with the payload ``"<game id> <version>"``
(:func:`announce`, run inside the saving transaction: PostgreSQL delivers
the notification only if and when that transaction commits, and drops it on
rollback). Each process's :class:`~dominion_server.watch.Watcher` keeps one
:class:`Listener`: a dedicated psycopg 3 connection in autocommit that ran
``LISTEN`` and hands over what arrives. It belongs to no pool, so it never
keeps a request waiting for a connection.

A notification reaches only connections that were listening when it was
committed, so the watcher queries the versions of its watched games once
after each (re)connect; that is its business, not this module's.
"""

from __future__ import annotations

import logging
from typing import Any, Iterator, Optional

import psycopg
from sqlalchemy import text
from sqlalchemy.engine import make_url

log = logging.getLogger(__name__)

#: The channel game versions are announced on.
CHANNEL = "dominion_games"
#: Seconds to wait for the database when connecting the listener.
CONNECT_TIMEOUT = 5

_NOTIFY = text(f"SELECT pg_notify('{CHANNEL}', :payload)")


def conninfo(url: str) -> str:
    """The libpq connection string of an SQLAlchemy PostgreSQL URL (query options kept)."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def announce(session: Any, game_id: str, version: int) -> None:
    """Announce ``version`` of ``game_id`` when ``session``'s open transaction commits."""
    session.execute(_NOTIFY, {"payload": f"{game_id} {version}"})


def parse(payload: str) -> Optional[tuple[str, int]]:
    """``(game id, version)`` of a payload, ``None`` if it is not one of ours."""
    game_id, _, version = payload.partition(" ")
    try:
        return game_id, int(version)
    except ValueError:
        return None


class Listener:
    """One listening connection. Not thread-safe: the watcher's thread alone uses it."""

    def __init__(self, url: str) -> None:
        self._conninfo = conninfo(url)
        self._conn: Optional[psycopg.Connection[Any]] = None

    @property
    def connected(self) -> bool:
        """Whether ``LISTEN`` ran on a connection that has not failed since."""
        return self._conn is not None

    @property
    def pid(self) -> Optional[int]:
        """The server process of the connection (``pg_terminate_backend`` takes it)."""
        return self._conn.info.backend_pid if self._conn is not None else None

    def connect(self) -> None:
        """Open the connection and ``LISTEN``; every commit from now on is heard.

        :raises psycopg.Error: the database cannot be reached.
        """
        # TCP keepalives: a connection cut without a word (a dead host, a
        # dropped NAT entry) fails within about a minute instead of hearing
        # nothing forever.
        conn = psycopg.connect(self._conninfo, autocommit=True,
                               connect_timeout=CONNECT_TIMEOUT, keepalives=1,
                               keepalives_idle=30, keepalives_interval=10,
                               keepalives_count=3)
        try:
            conn.execute(f"LISTEN {CHANNEL}")
        except BaseException:
            conn.close()
            raise
        self._conn = conn

    def receive(self, timeout: float) -> Iterator[tuple[str, int]]:
        """The announced ``(game id, version)`` pairs, each as it arrives, for ``timeout`` s.

        :raises psycopg.OperationalError: the connection was lost (the
            listener is then closed; :meth:`connect` again).
        """
        assert self._conn is not None
        try:
            for n in self._conn.notifies(timeout=timeout):
                found = parse(n.payload)
                if found is not None:
                    yield found
        except psycopg.OperationalError:
            self.close()
            raise

    def close(self) -> None:
        """Close the connection (nothing is heard until :meth:`connect`)."""
        conn, self._conn = self._conn, None
        if conn is not None:
            try:
                conn.close()
            except Exception:  # noqa: BLE001 - it is gone either way
                log.debug("closing the listening connection failed", exc_info=True)
