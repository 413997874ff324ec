"""club_event.tv_secret: an event's TV link (issue 38), the secret in the URL that opens that
event's TV and nothing else, read only, without a club membership; NULL until the organizer
makes one, replaced by a new one (the old link then opens nothing).

Revision ID: b38e7a1c5d20
Revises: c7e3a9d15b62
Create Date: 2026-11-29 01:00:00
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b38e7a1c5d20'
down_revision = 'c7e3a9d15b62'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('club_event') as batch_op:
        batch_op.add_column(sa.Column('tv_secret', sa.String(length=40), nullable=True))
        batch_op.create_index(batch_op.f('ix_club_event_tv_secret'), ['tv_secret'], unique=True)


def downgrade():
    with op.batch_alter_table('club_event') as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_event_tv_secret'))
        batch_op.drop_column('tv_secret')
