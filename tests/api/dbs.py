"""Which databases the API tests run on.

SQLite (a file in a temporary directory) always; PostgreSQL too when
``TEST_DATABASE_URL`` is set. Each PostgreSQL run works in a fresh schema
that is dropped at the end, so runs never see each other's tables.
"""

from __future__ import annotations

import os
import secrets
from typing import Optional

from sqlalchemy import create_engine
from sqlalchemy.engine import make_url


def postgres_url() -> Optional[str]:
    """The PostgreSQL URL given to the test suite, or ``None``."""
    url = os.environ.get("TEST_DATABASE_URL", "").strip()
    if not url:
        return None
    if url.startswith(("postgres://", "postgresql://")):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


def main_kind() -> str:
    """The database most API tests use: PostgreSQL when given, else SQLite."""
    return "postgresql" if postgres_url() else "sqlite"


def kinds() -> list[str]:
    """Every database available to tests that must run on both."""
    return ["sqlite", "postgresql"] if postgres_url() else ["sqlite"]


def header() -> str:
    url = postgres_url()
    if url:
        shown = make_url(url).render_as_string(hide_password=True)
        return (f"database: PostgreSQL {shown} (fresh schema per run) for the API tests; "
                "SQLite too for the concurrency and idempotency tests")
    return ("database: SQLite only (TEST_DATABASE_URL is not set: "
            "the API tests did NOT run on PostgreSQL)")


class PostgresSchema:
    """A throw-away schema; its URL puts it first on the search path."""

    def __init__(self, base_url: str) -> None:
        self.name = "api_test_" + secrets.token_hex(6)
        self._admin = create_engine(base_url)
        with self._admin.begin() as conn:
            conn.exec_driver_sql(f'CREATE SCHEMA "{self.name}"')
        self.url = make_url(base_url).update_query_dict(
            {"options": f"-csearch_path={self.name}"}).render_as_string(hide_password=False)

    def drop(self) -> None:
        with self._admin.begin() as conn:
            conn.exec_driver_sql(f'DROP SCHEMA IF EXISTS "{self.name}" CASCADE')
        self._admin.dispose()
