"""The database a load or crash test's server runs on: a migrated SQLite file in WAL mode, or
with TEST_DATABASE_URL a fresh PostgreSQL schema of its own (search_path in the URL, so every
worker process lands there)."""
from __future__ import annotations

import functools
import os
import sqlite3
from pathlib import Path
from urllib.parse import quote

from sqlalchemy import create_engine, text

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "").strip()
ON_POSTGRES = TEST_DATABASE_URL.startswith("postgresql")
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")  # pytest-xdist's worker id, "" without it


def make_database(tmp: Path, name: str) -> str:
    """A migrated, empty database; its SQLAlchemy URL. On PostgreSQL the schema `name` (with the
    xdist worker id: workers never share one)."""
    from flask_migrate import upgrade

    from scorekeeper import create_app
    from scorekeeper.extensions import db

    if ON_POSTGRES:
        name = f"{name}_{WORKER}" if WORKER else name
        engine = create_engine(TEST_DATABASE_URL)
        with engine.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{name}" CASCADE'))
            conn.execute(text(f'CREATE SCHEMA "{name}"'))
        engine.dispose()
        sep = "&" if "?" in TEST_DATABASE_URL else "?"
        url = f"{TEST_DATABASE_URL}{sep}options={quote(f'-csearch_path={name}')}"
    else:
        url = f"sqlite:///{tmp / (name + '.sqlite')}"
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "x"})
    with app.app_context():
        upgrade()
        db.engine.dispose()
    if not ON_POSTGRES:  # WAL is a property of the file: every worker gets it
        with sqlite3.connect(url[len("sqlite:///"):]) as con:
            assert con.execute("PRAGMA journal_mode=WAL").fetchone()[0] == "wal"
    return url


@functools.cache
def _engine(url: str):
    """One engine per database for the test process: a round of a race test reads the rows
    several times, and a new connection each time would cost more than the race."""
    return create_engine(url)


def rows(url: str, sql: str, **params) -> list[tuple]:
    """The rows of one query, on a connection of its own."""
    with _engine(url).connect() as conn:
        return [tuple(r) for r in conn.execute(text(sql), params)]


def write(url: str, sql: str, **params) -> None:
    """One statement that changes rows, committed, on a connection of its own."""
    with _engine(url).begin() as conn:
        conn.execute(text(sql), params)
