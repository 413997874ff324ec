"""api_write: each API token's writes in the last minute, for its write limit (api.limits);
webhook, webhook_delivery: a club's webhooks and each event sent (or due) to them

Revision ID: 4a2e9c71d3b8
Revises: 0bea927560f4
Create Date: 2026-11-29 01:15:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '4a2e9c71d3b8'
down_revision = '0bea927560f4'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('api_write',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('token_id', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['token_id'], ['api_token.id'], name=op.f('fk_api_write_token_id_api_token'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_api_write'))
    )
    with op.batch_alter_table('api_write', schema=None) as batch_op:
        batch_op.create_index('ix_api_write_token_at', ['token_id', 'at'], unique=False)
        batch_op.create_index(batch_op.f('ix_api_write_at'), ['at'], unique=False)

    op.create_table('webhook',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('club_id', sa.Integer(), nullable=False),
    sa.Column('url', sa.String(length=500), nullable=False),
    sa.Column('events', sa.JSON(), nullable=False),
    sa.Column('secret', sa.String(length=64), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['club.id'], name=op.f('fk_webhook_club_id_club'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_webhook'))
    )
    with op.batch_alter_table('webhook', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_webhook_club_id'), ['club_id'], unique=False)

    op.create_table('webhook_delivery',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('webhook_id', sa.Integer(), nullable=False),
    sa.Column('event', sa.String(length=30), nullable=False),
    sa.Column('body', sa.Text(), nullable=False),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('status', sa.String(length=10), nullable=False),
    sa.Column('next_at', sa.DateTime(), nullable=False),
    sa.Column('claimed_until', sa.DateTime(), nullable=True),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('answered_at', sa.DateTime(), nullable=True),
    sa.Column('answer_status', sa.Integer(), nullable=True),
    sa.Column('answer', sa.String(length=300), nullable=True),
    sa.ForeignKeyConstraint(['webhook_id'], ['webhook.id'], name=op.f('fk_webhook_delivery_webhook_id_webhook'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_webhook_delivery'))
    )
    with op.batch_alter_table('webhook_delivery', schema=None) as batch_op:
        batch_op.create_index('ix_webhook_delivery_due', ['status', 'next_at'], unique=False)
        batch_op.create_index(batch_op.f('ix_webhook_delivery_webhook_id'), ['webhook_id'], unique=False)


def downgrade():
    op.drop_table('webhook_delivery')
    op.drop_table('webhook')
    with op.batch_alter_table('api_write', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_api_write_at'))
        batch_op.drop_index('ix_api_write_token_at')

    op.drop_table('api_write')
