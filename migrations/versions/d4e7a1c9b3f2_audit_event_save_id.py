"""audit_event.save_id: the id a phone sent with a hand it saved, so that the offline
resend's "was it saved?" counts only that phone's own save

Revision ID: d4e7a1c9b3f2
Revises: e5a1c7d93b20
Create Date: 2026-11-23 22:10:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd4e7a1c9b3f2'
down_revision = 'e5a1c7d93b20'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('audit_event') as batch_op:
        batch_op.add_column(sa.Column('save_id', sa.String(length=40), nullable=True))


def downgrade():
    with op.batch_alter_table('audit_event') as batch_op:
        batch_op.drop_column('save_id')
