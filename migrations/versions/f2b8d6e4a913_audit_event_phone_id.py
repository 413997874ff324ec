"""audit_event.phone_id: the phone that made each write, so that after a take-over the
history says which phone entered each hand (the role "creator" moves from phone to phone)

Revision ID: f2b8d6e4a913
Revises: f2b8c4d6e1a3
Create Date: 2026-11-24 00:10:00

Rows written before it have no phone (NULL): the history then names the role alone, as before.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'f2b8d6e4a913'
down_revision = 'f2b8c4d6e1a3'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('audit_event') as batch_op:
        batch_op.add_column(sa.Column('phone_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key(batch_op.f('fk_audit_event_phone_id_phone'), 'phone',
                                    ['phone_id'], ['id'], ondelete='SET NULL')


def downgrade():
    with op.batch_alter_table('audit_event') as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_audit_event_phone_id_phone'), type_='foreignkey')
        batch_op.drop_column('phone_id')
