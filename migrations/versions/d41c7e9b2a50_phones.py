"""phones: one phone identity per browser, its roles in games and clubs as rows

Revision ID: d41c7e9b2a50
Revises: d4e7a1c9b3f2
Create Date: 2026-11-23 21:30:00

A phone's per-game and per-club cookies move into phone_game and member.phone_id when the phone
next comes (access.adopt_old_cookies): nothing is lost by the upgrade, and a member row keeps
its secret so that phone's old cookie can still be checked.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd41c7e9b2a50'
down_revision = 'd4e7a1c9b3f2'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('phone',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_phone'))
    )
    op.create_table('phone_game',
    sa.Column('phone_id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=1), nullable=False),
    sa.Column('token', sa.String(length=64), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_phone_game_game_id_game'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['phone_id'], ['phone.id'], name=op.f('fk_phone_game_phone_id_phone'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('phone_id', 'game_id', 'kind', name=op.f('pk_phone_game'))
    )
    with op.batch_alter_table('phone_game', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_phone_game_game_id'), ['game_id'], unique=False)

    op.create_table('club_ban',
    sa.Column('club_id', sa.Integer(), nullable=False),
    sa.Column('phone_id', sa.Integer(), nullable=False),
    sa.Column('label', sa.String(length=40), nullable=True),
    sa.Column('removed_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['club.id'], name=op.f('fk_club_ban_club_id_club'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['phone_id'], ['phone.id'], name=op.f('fk_club_ban_phone_id_phone'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('club_id', 'phone_id', name=op.f('pk_club_ban'))
    )
    with op.batch_alter_table('member', schema=None) as batch_op:
        batch_op.add_column(sa.Column('phone_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_member_phone_id'), ['phone_id'], unique=False)
        batch_op.create_unique_constraint(batch_op.f('uq_member_club_id_phone_id'), ['club_id', 'phone_id'])
        batch_op.create_foreign_key(batch_op.f('fk_member_phone_id_phone'), 'phone', ['phone_id'], ['id'], ondelete='CASCADE')


def downgrade():
    with op.batch_alter_table('member', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_member_phone_id_phone'), type_='foreignkey')
        batch_op.drop_constraint(batch_op.f('uq_member_club_id_phone_id'), type_='unique')
        batch_op.drop_index(batch_op.f('ix_member_phone_id'))
        batch_op.drop_column('phone_id')
    op.drop_table('club_ban')
    with op.batch_alter_table('phone_game', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_phone_game_game_id'))
    op.drop_table('phone_game')
    op.drop_table('phone')
