"""Turn alerts: push subscriptions, webhooks, the outbox and reminder/deadline marks.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-27
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

BigId = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
DUE = "delivered_at IS NULL AND dead_at IS NULL"


def _game_fk(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(["game_id"], ["games.id"], ondelete="CASCADE",
                                   name=op.f(f"fk_{table}_game_id_games"))


def upgrade():
    op.create_table(
        "push_subscriptions",
        sa.Column("id", BigId, autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("endpoint", sa.String(1000), nullable=False),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        _game_fk("push_subscriptions"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_push_subscriptions")),
        sa.UniqueConstraint("game_id", "seat", "endpoint",
                            name=op.f("uq_push_subscriptions_game_id")),
    )
    op.create_index(op.f("ix_push_subscriptions_game_id"), "push_subscriptions", ["game_id"])
    op.create_index(op.f("ix_push_subscriptions_endpoint"), "push_subscriptions", ["endpoint"])
    op.create_table(
        "webhooks",
        sa.Column("id", BigId, autoincrement=True, nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("url", sa.String(2000), nullable=False),
        sa.Column("secret", sa.String(100), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("disabled_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("disabled_reason", sa.String(300), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        _game_fk("webhooks"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_webhooks")),
    )
    op.create_index(op.f("ix_webhooks_game_id"), "webhooks", ["game_id"])
    op.create_table(
        "outbox",
        sa.Column("id", BigId, autoincrement=True, nullable=False),
        sa.Column("event_id", sa.String(32), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("channel", sa.String(8), nullable=False),
        sa.Column("target_id", sa.BigInteger(), nullable=False),
        sa.Column("data", sa.Text(), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("next_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("lease_until", sa.DateTime(timezone=True), nullable=True),
        sa.Column("delivered_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("dead_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("last_error", sa.String(300), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        _game_fk("outbox"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbox")),
        sa.UniqueConstraint("event_id", "channel", "target_id",
                            name=op.f("uq_outbox_event_id")),
    )
    op.create_index(op.f("ix_outbox_game_id"), "outbox", ["game_id"])
    op.create_index("ix_outbox_due", "outbox", ["next_at"],
                    postgresql_where=sa.text(DUE), sqlite_where=sa.text(DUE))
    op.create_table(
        "notice_marks",
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        _game_fk("notice_marks"),
        sa.PrimaryKeyConstraint("game_id", "version", "seat", "kind",
                                name=op.f("pk_notice_marks")),
    )


def downgrade():
    op.drop_table("notice_marks")
    op.drop_index("ix_outbox_due", table_name="outbox")
    op.drop_index(op.f("ix_outbox_game_id"), table_name="outbox")
    op.drop_table("outbox")
    op.drop_index(op.f("ix_webhooks_game_id"), table_name="webhooks")
    op.drop_table("webhooks")
    op.drop_index(op.f("ix_push_subscriptions_endpoint"), table_name="push_subscriptions")
    op.drop_index(op.f("ix_push_subscriptions_game_id"), table_name="push_subscriptions")
    op.drop_table("push_subscriptions")
