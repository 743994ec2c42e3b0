"""Housekeeping: delete the games nobody will come back to.

Run it from a scheduler (cron, Heroku Scheduler)::

    flask --app dominion_server purge-games --finished-days 30 --idle-days 90

Deleting a game deletes its seats, command log and event log with it (the
foreign keys cascade).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Optional

import click
from flask.cli import with_appcontext
from sqlalchemy import delete, func, or_, select

from .extensions import db
from .models import OVER, GameRow, utcnow

GAMES = GameRow.__table__


def purge_games(finished_for: timedelta, idle_for: timedelta,
                now: Optional[datetime] = None, dry_run: bool = False) -> int:
    """Delete finished games untouched for ``finished_for`` and any game
    (waiting, in progress or finished) untouched for ``idle_for``.

    :returns: how many games were deleted (or would be, with ``dry_run``).
    """
    now = now or utcnow()
    stale = or_(
        (GAMES.c.status == OVER) & (GAMES.c.updated_at < now - finished_for),
        GAMES.c.updated_at < now - idle_for,
    )
    if dry_run:
        return db.session.execute(select(func.count()).where(stale)).scalar_one()
    deleted = db.session.execute(delete(GAMES).where(stale)).rowcount
    db.session.commit()
    return deleted


@click.command("purge-games")
@click.option("--finished-days", type=click.IntRange(min=0), default=30, show_default=True,
              help="delete finished games untouched for this many days")
@click.option("--idle-days", type=click.IntRange(min=1), default=90, show_default=True,
              help="delete any game untouched for this many days")
@click.option("--dry-run", is_flag=True, help="only count what would be deleted")
@with_appcontext
def purge_games_command(finished_days: int, idle_days: int, dry_run: bool) -> None:
    """Delete old finished games and games abandoned long ago."""
    n = purge_games(timedelta(days=finished_days), timedelta(days=idle_days), dry_run=dry_run)
    click.echo(f"{'would delete' if dry_run else 'deleted'} {n} game{'' if n == 1 else 's'}")
