"""repair stored text: what an event import (or the API) could store before every way in was
checked alike (security.text_problem, the engine's keys): a NUL or a lone surrogate anywhere in
a JSON column (a hand's, an audit row's, an event's ...) made every export that reads it answer
500 for good. NUL is dropped and a lone surrogate becomes U+FFFD (the replacement character);
a stored hand keeps only the keys its variant's hands have (rules.md), as the engine now asks.
Nothing to undo on a downgrade: the repaired text stays repaired.

Revision ID: 0bea927560f4
Revises: b38e7a1c5d20
Create Date: 2026-11-29 01:30:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0bea927560f4'
down_revision = 'b38e7a1c5d20'
branch_labels = None
depends_on = None


def _repaired_text(text):
    return "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch
                   for ch in text if ch != "\x00")


def repaired(value):
    """`value` (decoded JSON) with every string and key a database and an export can hold."""
    if isinstance(value, str):
        return _repaired_text(value)
    if isinstance(value, list):
        return [repaired(v) for v in value]
    if isinstance(value, dict):
        return {repaired(k): repaired(v) for k, v in value.items()}
    return value


def _hand_keys():
    """Each variant's hand keys, as the engine reads them today (None: a variant it has not)."""
    from scorekeeper.rules import VARIANTS
    return {v.id: set(v.hand_keys) for v in VARIANTS.values()}


def upgrade():
    bind = op.get_bind()
    meta = sa.MetaData()
    meta.reflect(bind=bind)
    hand_keys = _hand_keys()
    variants = {}
    if "game" in meta.tables:
        game = meta.tables["game"]
        variants = dict(bind.execute(sa.select(game.c.id, game.c.variant)).all())
    for table in meta.sorted_tables:
        columns = [c for c in table.columns if isinstance(c.type, sa.JSON)]
        keys = list(table.primary_key.columns)
        if not columns or not keys:
            continue
        game_id = [table.c.game_id] if table.name == "hand" else []
        for row in bind.execute(sa.select(*keys, *columns, *game_id)).all():
            values = row._mapping
            changed = {}
            for column in columns:
                value = repaired(values[column.name])
                if table.name == "hand" and isinstance(value, dict):
                    known = hand_keys.get(variants.get(values["game_id"]))
                    if known is not None:
                        value = {k: v for k, v in value.items() if k in known}
                if value != values[column.name]:
                    changed[column.name] = value
            if changed:
                bind.execute(table.update()
                             .where(*(key == values[key.name] for key in keys))
                             .values(**changed))


def downgrade():
    pass
