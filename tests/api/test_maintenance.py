"""Purging old games: which games go, and their logs go with them.

Only this module ages games, so the counts below are exact.
"""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select, update

from dominion_server.extensions import db
from dominion_server.maintenance import purge_games
from dominion_server.models import CommandRow, EventRow, GameRow, SeatRow, utcnow

from .support import command, create, two_humans


def _age(app, game_id: str, days: int, status: str | None = None) -> None:
    values = {"updated_at": utcnow() - timedelta(days=days)}
    if status:
        values["status"] = status
    with app.app_context():
        db.session.execute(update(GameRow).where(GameRow.id == game_id).values(**values))
        db.session.commit()
        db.session.remove()


def _rows(app, game_id: str) -> dict[str, int]:
    with app.app_context():
        counts = {model.__tablename__: db.session.execute(
            select(func.count()).select_from(model).where(model.game_id == game_id)).scalar_one()
            for model in (SeatRow, CommandRow, EventRow)}
        counts["games"] = db.session.execute(
            select(func.count()).select_from(GameRow).where(GameRow.id == game_id)).scalar_one()
        db.session.remove()
        return counts


def test_purge_deletes_old_finished_and_long_idle_games_with_their_logs(client, app):
    finished_old = create(client)["id"]
    finished_new = create(client)["id"]
    idle_long = create(client, [{"kind": "human", "name": "Ann"}, {"kind": "human"}])["id"]
    active, tokens = two_humans(client)
    seat = next(iter(tokens))
    command(client, active, tokens[seat], {"type": "end_phase"})  # logs for some game
    _age(app, finished_old, 31, "over")
    _age(app, finished_new, 29, "over")
    _age(app, idle_long, 91)
    _age(app, active, 60)
    kept_before = {g: _rows(app, g) for g in (finished_new, active)}
    assert _rows(app, finished_old)["events"] > 0 and _rows(app, idle_long)["seats"] == 2

    runner = app.test_cli_runner()
    dry = runner.invoke(args=["purge-games", "--dry-run"])
    assert dry.exit_code == 0 and dry.output.strip() == "would delete 2 games"
    assert _rows(app, finished_old)["games"] == 1  # a dry run deletes nothing

    done = runner.invoke(args=["purge-games", "--finished-days", "30", "--idle-days", "90"])
    assert done.exit_code == 0 and done.output.strip() == "deleted 2 games"
    for gone in (finished_old, idle_long):
        assert _rows(app, gone) == {"games": 0, "seats": 0, "commands": 0, "events": 0}
    for kept, before in kept_before.items():
        assert _rows(app, kept) == before
    assert client.get(f"/api/games/{finished_old}").status_code == 404
    assert client.get(f"/api/games/{active}").status_code == 200


def test_purge_thresholds_and_bad_options(client, app):
    g = create(client)["id"]
    _age(app, g, 5, "over")
    with app.app_context():
        # Other finished games of the session are 0 or 29 days old: only g is between.
        count = [purge_games(timedelta(days=d), timedelta(days=90), dry_run=True) for d in (6, 4)]
        assert count[1] - count[0] == 1
        db.session.remove()
    bad = app.test_cli_runner().invoke(args=["purge-games", "--idle-days", "0"])
    assert bad.exit_code == 2 and "idle-days" in bad.output
    assert _rows(app, g)["games"] == 1
