"""a round's refusal on the count to fix (pending_count.refused holds the engine's reason on
the seat named, until that seat counts again), and the game's count_version, moved on by a count
instead of its version

Revision ID: c7d3e9a1f521
Revises: c8f1d3a6e924
Create Date: 2026-11-27 15:00:00
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c7d3e9a1f521'
down_revision = 'c8f1d3a6e924'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('pending_count', schema=None) as batch_op:
        batch_op.add_column(sa.Column('refused', sa.String(length=300), nullable=True))
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('count_version', sa.Integer(), server_default='0',
                                      nullable=False))


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('count_version')
    with op.batch_alter_table('pending_count', schema=None) as batch_op:
        batch_op.drop_column('refused')
