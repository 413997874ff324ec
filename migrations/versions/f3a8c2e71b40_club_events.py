"""club events: tournaments and club nights (spec/events.md), their entrants, matches and history

Revision ID: f3a8c2e71b40
Revises: f2b8d6e4a913
Create Date: 2026-11-24 00:10:00

New tables only, and game.event_match_id (NULL for every existing game: a game outside any
event). Nothing existing is rewritten.
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'f3a8c2e71b40'
down_revision = 'f2b8d6e4a913'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('club_event',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('club_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=60), nullable=False),
    sa.Column('day', sa.Date(), nullable=False),
    sa.Column('variant', sa.String(length=40), nullable=False),
    sa.Column('options', sa.JSON(), nullable=False),
    sa.Column('format', sa.String(length=24), nullable=False),
    sa.Column('settings', sa.JSON(), nullable=False),
    sa.Column('seeds_drawn', sa.Boolean(), server_default=sa.false(), nullable=False),
    sa.Column('creator_phone_id', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.Column('updated_at', sa.DateTime(), nullable=False),
    sa.Column('version', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['club_id'], ['club.id'], name=op.f('fk_club_event_club_id_club'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['creator_phone_id'], ['phone.id'], name=op.f('fk_club_event_creator_phone_id_phone'), ondelete='SET NULL'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_club_event'))
    )
    with op.batch_alter_table('club_event', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_club_event_club_id'), ['club_id'], unique=False)

    op.create_table('event_audit',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(), nullable=False),
    sa.Column('action', sa.String(length=24), nullable=False),
    sa.Column('via', sa.String(length=40), nullable=False),
    sa.Column('data', sa.JSON(), nullable=True),
    sa.ForeignKeyConstraint(['event_id'], ['club_event.id'], name=op.f('fk_event_audit_event_id_club_event'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_event_audit'))
    )
    with op.batch_alter_table('event_audit', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_event_audit_event_id'), ['event_id'], unique=False)

    op.create_table('event_entrant',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('seed', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=True),
    sa.Column('person_id', sa.Integer(), nullable=False),
    sa.Column('partner_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['event_id'], ['club_event.id'], name=op.f('fk_event_entrant_event_id_club_event'), ondelete='CASCADE'),
    sa.ForeignKeyConstraint(['partner_id'], ['person.id'], name=op.f('fk_event_entrant_partner_id_person')),
    sa.ForeignKeyConstraint(['person_id'], ['person.id'], name=op.f('fk_event_entrant_person_id_person')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_event_entrant')),
    sa.UniqueConstraint('event_id', 'seed', name=op.f('uq_event_entrant_event_id_seed'))
    )
    with op.batch_alter_table('event_entrant', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_event_entrant_event_id'), ['event_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_event_entrant_partner_id'), ['partner_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_event_entrant_person_id'), ['person_id'], unique=False)

    op.create_table('event_match',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('round', sa.Integer(), nullable=False),
    sa.Column('table', sa.Integer(), nullable=True),
    sa.Column('entrants', sa.JSON(), nullable=False),
    sa.Column('bye', sa.Integer(), nullable=True),
    sa.Column('forfeit', sa.Integer(), nullable=True),
    sa.Column('bracket', sa.String(length=12), nullable=True),
    sa.Column('pool', sa.Integer(), nullable=True),
    sa.Column('created_at', sa.DateTime(), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['club_event.id'], name=op.f('fk_event_match_event_id_club_event'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_event_match')),
    sa.UniqueConstraint('event_id', 'round', 'table', name=op.f('uq_event_match_event_id_round_table'))
    )
    with op.batch_alter_table('event_match', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_event_match_event_id'), ['event_id'], unique=False)

    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.add_column(sa.Column('event_match_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_game_event_match_id'), ['event_match_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_game_event_match_id_event_match'), 'event_match', ['event_match_id'], ['id'], ondelete='SET NULL')



def downgrade():
    with op.batch_alter_table('game', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_game_event_match_id_event_match'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_game_event_match_id'))
        batch_op.drop_column('event_match_id')

    with op.batch_alter_table('event_match', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_match_event_id'))

    op.drop_table('event_match')
    with op.batch_alter_table('event_entrant', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_entrant_person_id'))
        batch_op.drop_index(batch_op.f('ix_event_entrant_partner_id'))
        batch_op.drop_index(batch_op.f('ix_event_entrant_event_id'))

    op.drop_table('event_entrant')
    with op.batch_alter_table('event_audit', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_event_audit_event_id'))

    op.drop_table('event_audit')
    with op.batch_alter_table('club_event', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_club_event_club_id'))

    op.drop_table('club_event')
