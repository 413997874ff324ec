"""table phones: the table a phone scores at in an event, which it follows from round to round

Revision ID: c8f1d3a6e924
Revises: b5c9e2d7a431
Create Date: 2026-11-27 15:00:00
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c8f1d3a6e924'
down_revision = 'b5c9e2d7a431'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('event_table_phone',
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('phone_id', sa.Integer(), nullable=False),
    sa.Column('table', sa.Integer(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['club_event.id'], name=op.f('fk_event_table_phone_event_id_club_event'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['phone_id'], ['phone.id'], name=op.f('fk_event_table_phone_phone_id_phone'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('event_id', 'phone_id', name=op.f('pk_event_table_phone'))
    )
    with op.batch_alter_table('event_table_phone', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_event_table_phone_phone_id'), ['phone_id'], unique=False)


def downgrade():
    with op.batch_alter_table('event_table_phone', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_table_phone_phone_id'))
    op.drop_table('event_table_phone')
