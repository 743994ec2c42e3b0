"""Games, seats, the command log and the event log.

Revision ID: 0001
Revises:
Create Date: 2025-11-22
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade():
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("setup", sa.Text(), nullable=False),
        sa.Column("state", sa.Text(), nullable=True),
        sa.Column("last_seq", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
    )
    op.create_table(
        "seats",
        sa.Column("id", BigId, autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("name", sa.String(40), nullable=True),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("join_code", sa.String(16), nullable=True),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE",
                                name=op.f("fk_seats_game_id_games")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_seats")),
        sa.UniqueConstraint("game_id", "seat", name=op.f("uq_seats_game_id")),
        sa.UniqueConstraint("join_code", name=op.f("uq_seats_join_code")),
    )
    op.create_index(op.f("ix_seats_game_id"), "seats", ["game_id"])
    op.create_table(
        "commands",
        sa.Column("id", BigId, autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("actor", sa.String(8), nullable=False),
        sa.Column("command", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("idempotency_key", sa.String(200), nullable=True),
        sa.Column("fingerprint", sa.String(64), nullable=True),
        sa.Column("response", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE",
                                name=op.f("fk_commands_game_id_games")),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_commands")),
        sa.UniqueConstraint("game_id", "seat", "idempotency_key",
                            name=op.f("uq_commands_game_id")),
    )
    op.create_index(op.f("ix_commands_game_id"), "commands", ["game_id"])
    op.create_table(
        "events",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE",
                                name=op.f("fk_events_game_id_games")),
        sa.PrimaryKeyConstraint("game_id", "seq", name=op.f("pk_events")),
    )


def downgrade():
    op.drop_table("events")
    op.drop_index(op.f("ix_commands_game_id"), table_name="commands")
    op.drop_table("commands")
    op.drop_index(op.f("ix_seats_game_id"), table_name="seats")
    op.drop_table("seats")
    op.drop_table("games")
