"""game.summary, game.finished: the stats summary of each game, cached (scorekeeper.stats);
club_stats: a club's summed numbers, cached

Caches, derived from the records: store.py recomputes a game's summary on every write to it.
Games saved before this revision get NULL and are summarised on first read (players/queries.py);
a club's numbers are recomputed when its games' stamp changes (players/numbers.py).

Revision ID: b7e2c4a91d05
Revises: 6137c9d17e7a
Create Date: 2026-11-23 06:20:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b7e2c4a91d05'
down_revision = '6137c9d17e7a'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('summary', sa.JSON(), nullable=True))
        batch_op.add_column(sa.Column('finished', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
        batch_op.create_index('ix_game_club_id_created_at', ['club_id', 'created_at'],
                              unique=False)
    op.create_table('club_stats',
    sa.Column('club_id', sa.Integer(), nullable=False),
    sa.Column('stamp', sa.String(length=80), nullable=False),
    sa.Column('data', sa.JSON(), nullable=False),
    sa.Column('computed_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['club.id'], name=op.f('fk_club_stats_club_id_club'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('club_id', name=op.f('pk_club_stats'))
    )


def downgrade():
    op.drop_table('club_stats')
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_index('ix_game_club_id_created_at')
        batch_op.drop_column('finished')
        batch_op.drop_column('summary')
