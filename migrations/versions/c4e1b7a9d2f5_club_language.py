"""club.language: the language of a club's pages and TV (i18n), None for each phone's own

Revision ID: c4e1b7a9d2f5
Revises: a38d1f5c7e20
Create Date: 2026-11-29 04:10:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'c4e1b7a9d2f5'
down_revision = 'a38d1f5c7e20'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('club', schema=None) as batch_op:
        batch_op.add_column(sa.Column('language', sa.String(length=8), nullable=True))


def downgrade():
    with op.batch_alter_table('club', schema=None) as batch_op:
        batch_op.drop_column('language')
