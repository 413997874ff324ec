"""api tokens: the JSON API's bearer tokens and the answers kept per Idempotency-Key

Revision ID: e8c1a4f7b2d9
Revises: a9d3e5f1c720
Create Date: 2026-11-27 12:00:00
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'e8c1a4f7b2d9'
down_revision = 'a9d3e5f1c720'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('api_token',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('secret_hash', sa.String(length=64), nullable=False),
    sa.Column('label', sa.String(length=40), nullable=False),
    sa.Column('right', sa.String(length=12), nullable=False),
    sa.Column('club_id', sa.Integer(), nullable=True),
    sa.Column('game_id', sa.Integer(), nullable=True),
    sa.Column('member_id', sa.Integer(), nullable=True),
    sa.Column('phone_id', sa.Integer(), nullable=True),
    sa.Column('role_kind', sa.String(length=1), nullable=True),
    sa.Column('role_token', sa.String(length=64), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('last_used_at', sa.DateTime(), nullable=True),
    sa.Column('expires_at', sa.DateTime(), nullable=True),
    sa.ForeignKeyConstraint(['club_id'], ['club.id'], name=op.f('fk_api_token_club_id_club'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['game_id'], ['game.id'], name=op.f('fk_api_token_game_id_game'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['member_id'], ['member.id'], name=op.f('fk_api_token_member_id_member'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['phone_id'], ['phone.id'], name=op.f('fk_api_token_phone_id_phone'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_api_token')),
    sa.UniqueConstraint('secret_hash', name=op.f('uq_api_token_secret_hash'))
    )
    with op.batch_alter_table('api_token', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_api_token_club_id'), ['club_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_api_token_game_id'), ['game_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_api_token_member_id'), ['member_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_api_token_phone_id'), ['phone_id'], unique=False)

    op.create_table('idempotent_answer',
    sa.Column('token_id', sa.Integer(), nullable=False),
    sa.Column('key', sa.String(length=80), nullable=False),
    sa.Column('request_hash', sa.String(length=64), nullable=False),
    sa.Column('status', sa.Integer(), nullable=True),
    sa.Column('body', sa.Text(), nullable=True),
    sa.Column('headers', sa.JSON(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['token_id'], ['api_token.id'], name=op.f('fk_idempotent_answer_token_id_api_token'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('token_id', 'key', name=op.f('pk_idempotent_answer'))
    )
    with op.batch_alter_table('idempotent_answer', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_idempotent_answer_created_at'), ['created_at'], unique=False)


def downgrade():
    op.drop_table('idempotent_answer')
    op.drop_table('api_token')
