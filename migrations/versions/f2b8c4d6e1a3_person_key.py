"""person.key: a roster name's stats.name_key, unique in its club

Revision ID: f2b8c4d6e1a3
Revises: d41c7e9b2a50
Create Date: 2026-11-24 00:20:00

The roster compared names by their key in Python but the database only by the exact name, so two
phones seating "Ann" and "ann" at the same instant made two people. Every person gets the key of
the name; two people of a club whose names already share a key (made by that race before this
revision) stay two, the later one's key marked with its id, so nothing is merged behind the
club's back: the roster's merge makes them one.
"""
from alembic import op
import sqlalchemy as sa

from scorekeeper.stats.names import name_key

# revision identifiers, used by Alembic.
revision = 'f2b8c4d6e1a3'
down_revision = 'd41c7e9b2a50'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('person', schema=None) as batch_op:
        batch_op.add_column(sa.Column('key', sa.String(length=160), nullable=True))
    conn = op.get_bind()
    seen = set()
    for pid, club_id, name in conn.execute(
            sa.text("SELECT id, club_id, name FROM person ORDER BY id")).all():
        key = name_key(name)
        if (club_id, key) in seen:
            key = f"{key}\x01{pid}"  # no clean name holds a control character
        seen.add((club_id, key))
        conn.execute(sa.text("UPDATE person SET key = :k WHERE id = :i"), {"k": key, "i": pid})
    with op.batch_alter_table('person', schema=None) as batch_op:
        batch_op.alter_column('key', existing_type=sa.String(length=160), nullable=False)
        batch_op.create_unique_constraint(batch_op.f('uq_person_club_id_key'), ['club_id', 'key'])


def downgrade():
    with op.batch_alter_table('person', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_person_club_id_key'), type_='unique')
        batch_op.drop_column('key')
