"""club_rules: a club's saved house rules per variant

Revision ID: c3d8f0a2e611
Revises: b7e2c4a91d05
Create Date: 2026-11-23 07:40:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c3d8f0a2e611'
down_revision = 'b7e2c4a91d05'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('club_rules',
    sa.Column('club_id', sa.Integer(), nullable=False),
    sa.Column('variant', sa.String(length=40), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['club.id'], name=op.f('fk_club_rules_club_id_club'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('club_id', 'variant', name=op.f('pk_club_rules'))
    )


def downgrade():
    op.drop_table('club_rules')
