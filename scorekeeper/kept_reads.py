"""Reads served from memory while nothing has been committed to the database since they were
made: the reads every phone makes every 2 s (a game's head for the /live poll), which cost more
than the rest of such an answer.

SQLite tells, for the price of one call that reads no table, whether anything was committed
since a connection last asked: PRAGMA data_version, asked on a connection of this process's
own that never writes, moves whenever any other connection commits, in this process or in any
other (a second worker, the command line). Each time it moves, the generation below moves on,
and a read is served again only under the generation it was made in: a commit between the
check and the read leaves the read tagged with the older generation, so it is read again at the
next call. Nothing is kept wrong, or kept at all after the next commit.

On PostgreSQL there is no question that cheap (it would be a round trip, the price of the read
itself), and an in-memory SQLite database has no file to watch: reads there go to the database
every time. There they go through an engine of their own (read_committed): in autocommit, and
with no ping before each use, the poll's head read is one round trip instead of two (0.22 ->
0.14 ms of CPU); a connection the database dropped meanwhile (a restart) is found by the read
itself, which is made once more on a new one.
"""
from __future__ import annotations

import functools
import sqlite3
import threading
from typing import Any, Callable

from flask import current_app
from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import DBAPIError

# Kept values before all are dropped (they are all dropped at every commit anyway).
MAX_KEPT = 20_000
_EXTENSION = "scorekeeper_kept_reads"
_READER = "scorekeeper_committed_reads"  # a database server's engine for read_committed


class KeptReads:
    """Values by key, each kept under the database generation it was read in."""

    def __init__(self, path: str):
        self.path = path
        self._watch: sqlite3.Connection | None = None  # opened at the first look
        self._lock = threading.Lock()
        self._data_version: int | None = None
        self._generation = 0
        self._kept: dict[Any, tuple[int, Any]] = {}

    def generation(self) -> int:
        """This process's count of the commits seen so far (moved by one or more at each
        look that finds the database changed)."""
        with self._lock:
            if self._watch is None:  # never writes: every commit it sees is another's
                self._watch = sqlite3.connect(self.path, check_same_thread=False,
                                              isolation_level=None)
            (data_version,) = self._watch.execute("PRAGMA data_version").fetchone()
            if data_version != self._data_version:
                self._data_version = data_version
                self._generation += 1
                self._kept.clear()  # never served again: a later read replaces each
            return self._generation

    def read(self, key, read: Callable[[], Any]):
        """read()'s value, from memory when it was made under the generation of now; read
        afresh when the watching connection fails (it is opened again at the next look)."""
        try:
            generation = self.generation()
        except sqlite3.Error:
            self.reset()
            return read()
        kept = self._kept.get(key)
        if kept is not None and kept[0] == generation:
            return kept[1]
        value = read()
        if len(self._kept) >= MAX_KEPT:
            self._kept.clear()
        self._kept[key] = (generation, value)
        return value

    def reset(self) -> None:
        """Close the watching connection (the next look opens one on the file then at the
        path) and move the generation on: nothing read before is served again."""
        with self._lock:
            if self._watch is not None:
                self._watch.close()
            self._watch, self._data_version = None, None
            self._generation += 1
            self._kept.clear()


def kept(key, read: Callable[[], Any]):
    """read()'s value, kept until the next commit where the app's database can say (a SQLite
    file), read every time elsewhere."""
    reads = current_app.extensions.get(_EXTENSION)
    return read() if reads is None else reads.read(key, read)


def keep(read: Callable[..., Any]) -> Callable[..., Any]:
    """`read` kept (kept()) by its name and arguments. It must read what is committed (as
    read_committed does), never through a session that may hold a write of its own not
    committed yet. What it returns is shared by every caller until the next commit: a value to
    change must be copied."""
    name = f"{read.__module__}.{read.__qualname__}"

    @functools.wraps(read)
    def kept_read(*args):
        return kept((name, *args), lambda: read(*args))

    return kept_read


def read_committed(statement, parameters: dict) -> list:
    """The rows of one read of what is committed, on a connection of its own outside the ORM
    session (never a write of this request's that is not committed yet: what a kept read
    keeps), in autocommit: on a database server no BEGIN and ROLLBACK round trips around it,
    nor the pool's ping (a connection lost since its last use fails the read, which is made
    once more on a new connection)."""
    reader = current_app.extensions[_READER]
    try:
        return _rows(reader, statement, parameters)
    except DBAPIError as error:
        if not error.connection_invalidated:
            raise
    return _rows(reader, statement, parameters)


def _rows(reader: Engine, statement, parameters: dict) -> list:
    with reader.connect() as connection:
        return connection.execute(statement, parameters).all()


def init_app(app, engine: Engine) -> None:
    """read_committed's engine for `app`: on SQLite the app's own (a file has no connection
    to lose, and is never pinged), in autocommit; on a database server one of its own, with
    the app's pool settings (its size: a thread's read at a time), no ping, autocommit,
    disposed with the app's. And reads kept when the database is a SQLite file named by a
    plain path: the watching connection is closed when the engine is disposed (its
    connections closed, as before the file is replaced) and opened again at the next look."""
    if engine.dialect.name != "sqlite":
        options = {**app.config.get("SQLALCHEMY_ENGINE_OPTIONS", {}), "pool_pre_ping": False,
                   "isolation_level": "AUTOCOMMIT"}
        reader = app.extensions[_READER] = create_engine(engine.url, **options)
        event.listen(engine, "engine_disposed", lambda _engine: reader.dispose())
        return
    app.extensions[_READER] = engine.execution_options(isolation_level="AUTOCOMMIT")
    path = engine.url.database
    if not path or path == ":memory:" or engine.url.query:
        return
    reads = app.extensions[_EXTENSION] = KeptReads(path)
    event.listen(engine, "engine_disposed", lambda _engine: reads.reset())
