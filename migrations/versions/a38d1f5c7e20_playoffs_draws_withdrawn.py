"""event_match.playoff (a match of a playoff deciding a tie); club_event.draws and
club_event.withdrawn (the event record's `draws` and `withdrawn`, spec/events.md);
club_event.checked_out (the entrants a check-in took out, until round 1)

Revision ID: a38d1f5c7e20
Revises: 4a2e9c71d3b8
Create Date: 2026-11-29 01:20:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'a38d1f5c7e20'
down_revision = '4a2e9c71d3b8'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('event_match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('playoff', sa.Boolean(), server_default=sa.false(),
                                      nullable=False))
    with op.batch_alter_table('club_event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('draws', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('withdrawn', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('checked_out', sa.JSON(), nullable=True))


def downgrade():
    with op.batch_alter_table('club_event', schema=None) as batch_op:
        batch_op.drop_column('checked_out')
        batch_op.drop_column('withdrawn')
        batch_op.drop_column('draws')
    with op.batch_alter_table('event_match', schema=None) as batch_op:
        batch_op.drop_column('playoff')
