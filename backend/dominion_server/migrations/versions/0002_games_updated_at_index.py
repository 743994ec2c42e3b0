"""An index on games.updated_at, for purging games nobody came back to.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-23
"""

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade():
    op.create_index(op.f("ix_games_updated_at"), "games", ["updated_at"])


def downgrade():
    op.drop_index(op.f("ix_games_updated_at"), table_name="games")
