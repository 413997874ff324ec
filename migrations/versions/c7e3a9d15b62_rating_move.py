"""rating_move: a club's stored replay of its ratings, one row per rated game and person or
pair (spec/ratings.md; a cache, checked by every reader); game (club_id, finished, updated_at,
version, id): the finished games written since a kept replay

Revision ID: c7e3a9d15b62
Revises: c7d3e9a1f521
Create Date: 2026-11-27 14:45:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c7e3a9d15b62'
down_revision = 'c7d3e9a1f521'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('rating_move',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('club_id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.Column('rating_group', sa.String(length=20), nullable=False),
    sa.Column('key', sa.String(length=40), nullable=False),
    sa.Column('basis', sa.String(length=200), nullable=False),
    sa.Column('mark', sa.BigInteger(), nullable=False),
    sa.Column('before_mark', sa.BigInteger(), nullable=True),
    sa.Column('mu', sa.Float(), nullable=False),
    sa.Column('sigma', sa.Float(), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['club.id'], name=op.f('fk_rating_move_club_id_club'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_rating_move_game_id_game'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_rating_move'))
    )
    with op.batch_alter_table('rating_move', schema=None) as batch_op:
        batch_op.create_index('ix_rating_move_key', ['club_id', 'rating_group', 'key', 'at', 'game_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_rating_move_game_id'), ['game_id'], unique=False)
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.create_index('ix_game_club_finished_updated', ['club_id', 'finished', 'updated_at', 'version', 'id'], unique=False)


def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_index('ix_game_club_finished_updated')
    with op.batch_alter_table('rating_move', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_rating_move_game_id'))
        batch_op.drop_index('ix_rating_move_key')
    op.drop_table('rating_move')
