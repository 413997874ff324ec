"""What every concern's writes share: Refused, the two version bumps (a game's, an event's), the
club row's lock, the commit that keeps the session's state, and the inserts that never fail on a
race (ON CONFLICT, on SQLite and PostgreSQL alike) or bind many rows at once."""
from __future__ import annotations

from typing import Any

from sqlalchemy import insert, update
from sqlalchemy.dialects import postgresql, sqlite

from ..extensions import db
from ..models import Club, ClubEvent, Game, utcnow


class Refused(Exception):
    """A change that cannot be made as asked; the message says why, for the page."""

    @property
    def sentence(self):
        """Why, as raised: a Text where it holds values (said in the page's language by
        i18n.say), where str() would be its English."""
        return self.args[0]


def _insert_many(table, rows: list[dict]) -> None:
    """Rows (dicts of the same keys) inserted by the driver's executemany, each value bound as
    its column's type binds it (a moment as the dialect stores it): SQLAlchemy's handling of
    each row's parameters cost more than the database's insert (a re-rating of a big club
    writes tens of thousands)."""
    connection = db.session.connection()
    dialect = connection.dialect
    keys = list(rows[0])
    compiled = insert(table).compile(dialect=dialect, column_keys=keys)
    binds = {key: table.c[key].type.dialect_impl(dialect).bind_processor(dialect)
             for key in keys}
    bound: dict[str, dict] = {key: {} for key, bind in binds.items() if bind is not None}
    for key, done in bound.items():  # each distinct value bound once (a game's moment)
        for value in {row[key] for row in rows}:
            done[value] = binds[key](value)
    if bound:
        rows = [{**row, **{key: done[row[key]] for key, done in bound.items()}} for row in rows]
    if compiled.positional:
        order = compiled.positiontup
        params = [tuple(row[key] for key in order) for row in rows]
    else:
        params = rows
    connection.exec_driver_sql(compiled.string, params)


def commit_keeping_state() -> None:
    """Commit without expiring what the session holds: the caller keeps it current."""
    session = db.session()
    session.expire_on_commit = False
    try:
        session.commit()
    finally:
        session.expire_on_commit = True


def _bump(game_id: int, version: int | None, **values: Any) -> bool:
    """One UPDATE that moves the version on, and only from `version` when one is given: a
    stale form (another phone wrote since) changes nothing. `values` are set with it."""
    where = [Game.id == game_id] + ([Game.version == version] if version is not None else [])
    res = db.session.execute(
        update(Game).where(*where)
        .values(version=Game.version + 1, updated_at=utcnow(), **values)
        .execution_options(synchronize_session=False))
    return res.rowcount == 1


def _insert_on_conflict(table):
    """An INSERT of this database's dialect: one that takes ON CONFLICT (SQLite and PostgreSQL
    write it alike)."""
    dialect = postgresql if db.session.get_bind().dialect.name == "postgresql" else sqlite
    return dialect.insert(table)


def _insert_or_ignore(model, values: dict | list[dict], keys: list[str] | None,
                      update_columns: tuple = (), returning: tuple = ()):
    """INSERT a row, or when one with the same `keys` is there already (another request made
    it a moment ago) leave it, or set its `update_columns`: one statement, no unique violation,
    on SQLite and PostgreSQL alike. keys=None (with no `update_columns`): a row the same by any
    of the table's unique constraints is left as it is. `returning`: columns of the row made
    (none when it was left: the one sure sign, where a driver's rowcount may say -1). A list
    of rows: all of them, in one statement."""
    statement = _insert_on_conflict(model).values(values)
    if update_columns:
        statement = statement.on_conflict_do_update(
            index_elements=keys, set_={c: values[c] for c in update_columns})
    else:
        statement = statement.on_conflict_do_nothing(index_elements=keys)
    if returning:
        statement = statement.returning(*returning)
    return db.session.execute(statement)


def phone_name(via: str | None) -> str | None:
    """The phone an audit row's `via` names ("club member Ann's phone" -> "Ann's phone")."""
    return via.removeprefix("club member ") if via else None


def _lock_club(club_id: int) -> bool:
    """Start this transaction by writing the club's row, so that every change to its phones
    waits for the one before it (PostgreSQL: the row lock; SQLite: the write lock) and reads
    what that one left. False when the club is gone."""
    res = db.session.execute(update(Club).where(Club.id == club_id).values(name=Club.name)
                             .execution_options(synchronize_session=False))
    return res.rowcount == 1


def _bump_event(event_id: int, version: int | None = None) -> bool:
    """The event's version moves on (from `version` when given: a stale form changes
    nothing), as a game's does on every write.

    Every event action starts with this: the event's row is written first,
    so the actions on one event wait for each other (PostgreSQL: the row lock; SQLite: the
    write lock), each reads what the one before it left, and none holds a game's row while
    waiting for the event's (no deadlock with a hand, which writes its game's row only)."""
    where = [ClubEvent.id == event_id] + (
        [ClubEvent.version == version] if version is not None else [])
    res = db.session.execute(update(ClubEvent).where(*where)
                             .values(version=ClubEvent.version + 1, updated_at=utcnow())
                             .execution_options(synchronize_session=False))
    return res.rowcount == 1
