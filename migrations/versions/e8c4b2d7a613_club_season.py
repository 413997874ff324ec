"""club_season: the seasons a club's admin names (spec/ratings.md)

Revision ID: e8c4b2d7a613
Revises: e8c1a4f7b2d9
Create Date: 2026-11-27 12:00:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'e8c4b2d7a613'
down_revision = 'e8c1a4f7b2d9'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('club_season',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('club_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=60), nullable=False),
    sa.Column('first_day', sa.Date(), nullable=False),
    sa.Column('last_day', sa.Date(), nullable=False),
    sa.Column('named_by', sa.String(length=40), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['club.id'], name=op.f('fk_club_season_club_id_club'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_club_season'))
    )
    with op.batch_alter_table('club_season', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_club_season_club_id'), ['club_id'], unique=False)


def downgrade():
    with op.batch_alter_table('club_season', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_season_club_id'))
    op.drop_table('club_season')
