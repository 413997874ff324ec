"""seat claims and pending counts: a phone playing a seat ("I am Cat"), and what each seat
counted in its hand before the scorer saves the round

Revision ID: b5c9e2d7a431
Revises: e8c4b2d7a613
Create Date: 2026-11-27 13:00:00
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b5c9e2d7a431'
down_revision = 'e8c4b2d7a613'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('seat_claim',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('phone_id', sa.Integer(), nullable=False),
    sa.Column('claimed_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_seat_claim_game_id_game'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['phone_id'], ['phone.id'], name=op.f('fk_seat_claim_phone_id_phone'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_seat_claim')),
    sa.UniqueConstraint('game_id', 'seat', name=op.f('uq_seat_claim_game_id_seat')),
    sa.UniqueConstraint('game_id', 'phone_id', name=op.f('uq_seat_claim_game_id_phone_id'))
    )
    with op.batch_alter_table('seat_claim', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_seat_claim_phone_id'), ['phone_id'], unique=False)
    op.create_table('pending_count',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=False),
    sa.Column('pips', sa.Integer(), nullable=False),
    sa.Column('out', sa.Boolean(), nullable=False),
    sa.Column('double_blank', sa.Boolean(), nullable=False),
    sa.Column('phone_id', sa.Integer(), nullable=True),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_pending_count_game_id_game'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['phone_id'], ['phone.id'], name=op.f('fk_pending_count_phone_id_phone'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_pending_count')),
    sa.UniqueConstraint('game_id', 'number', 'seat', name=op.f('uq_pending_count_game_id_number_seat'))
    )


def downgrade():
    op.drop_table('pending_count')
    with op.batch_alter_table('seat_claim', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_seat_claim_phone_id'))
    op.drop_table('seat_claim')
