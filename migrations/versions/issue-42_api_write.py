"""api_write: each API token's writes in the last minute, for its write limit (api.limits)

Revision ID: 4a2e9c71d3b8
Revises: c7e3a9d15b62
Create Date: 2026-11-29 01:15:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '4a2e9c71d3b8'
down_revision = 'c7e3a9d15b62'
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


def downgrade():
    with op.batch_alter_table('api_write', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_api_write_at'))
        batch_op.drop_index('ix_api_write_token_at')

    op.drop_table('api_write')
