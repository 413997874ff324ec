"""webhook_delivery.once: what a webhook is told of once (a round finished, an event's
champion), unique per webhook: a hand taken back and saved again does not tell it twice

Revision ID: d7a2f4c9e1b3
Revises: c4e1b7a9d2f5
Create Date: 2026-11-29 05:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd7a2f4c9e1b3'
down_revision = 'c4e1b7a9d2f5'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('webhook_delivery', schema=None) as batch_op:
        batch_op.add_column(sa.Column('once', sa.String(length=80), nullable=True))
        batch_op.create_unique_constraint('uq_webhook_delivery_webhook_id_once', ['webhook_id', 'once'])


def downgrade():
    with op.batch_alter_table('webhook_delivery', schema=None) as batch_op:
        batch_op.drop_constraint('uq_webhook_delivery_webhook_id_once', type_='unique')
        batch_op.drop_column('once')
