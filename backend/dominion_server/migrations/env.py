"""Alembic environment: runs migrations on the app's own engine.

It does not call ``logging.config.fileConfig``: the app (or pytest) owns the
logging setup, and migrations run inside it at startup.
"""

import logging

from alembic import context
from flask import current_app

logger = logging.getLogger("alembic.env")
config = context.config
target_db = current_app.extensions["migrate"].db


def _engine():
    return target_db.engine


def run_migrations_offline() -> None:
    """Emit SQL to stdout (``flask db upgrade --sql``) instead of running it."""
    url = _engine().url.render_as_string(hide_password=False)
    context.configure(url=url, target_metadata=target_db.metadata, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    """Run migrations on a connection of the app's engine."""

    def skip_empty(context_, revision, directives):
        # ``flask db migrate`` with no model change writes no empty revision.
        if getattr(config.cmd_opts, "autogenerate", False) and directives[0].upgrade_ops.is_empty():
            directives[:] = []
            logger.info("No changes in schema detected.")

    args = dict(current_app.extensions["migrate"].configure_args)
    args.setdefault("process_revision_directives", skip_empty)
    args.setdefault("render_as_batch", True)  # SQLite ALTERs need batch mode
    with _engine().connect() as connection:
        context.configure(
            connection=connection,
            target_metadata=target_db.metadata,
            **args,
        )
        with context.begin_transaction():
            context.run_migrations()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
