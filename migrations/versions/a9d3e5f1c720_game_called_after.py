"""game.called_after: time called on an event's game while its table plays the hand in play

Revision ID: a9d3e5f1c720
Revises: a7c3e9d1f520
Create Date: 2026-11-24 03:00:00

A nullable column: NULL for every existing game (time was never called on it, or its `called`
stands as it was stored). Nothing existing is rewritten.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'a9d3e5f1c720'
down_revision = 'a7c3e9d1f520'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('called_after', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('called_after')
