"""game.called: time called after a game's last hand (game-record.md's `called`)

Revision ID: e5a1c7d93b20
Revises: c3d8f0a2e611
Create Date: 2026-11-23 21:40:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'e5a1c7d93b20'
down_revision = 'c3d8f0a2e611'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('called', sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_column('called')
