"""Shared fixtures for the web and browser tests (flaskr style).

Flask is imported inside the fixtures, so tests/rules (plain engine tests) never pay for it.

The database: a migrated SQLite file per test, or with TEST_DATABASE_URL (a PostgreSQL URL,
e.g. postgresql+psycopg://user@/scorekeeper_test?host=/tmp/pg) that database: its public
schema is dropped and migrated afresh once per session (the real migrations, so they are
tested there too), then every table is emptied before each test. `app_factory` apps get a
schema of their own. A test that can only hold on SQLite is marked
`@pytest.mark.sqlite_only("why")` and skipped on PostgreSQL with that reason.
"""
from __future__ import annotations

import os
import re

import pytest

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "").strip()
ON_POSTGRES = TEST_DATABASE_URL.startswith("postgresql")


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "sqlite_only(reason): holds only on SQLite; skipped on PostgreSQL")


def pytest_collection_modifyitems(config, items):
    if not ON_POSTGRES:
        return
    for item in items:
        marker = item.get_closest_marker("sqlite_only")
        if marker:
            reason = marker.args[0] if marker.args else "SQLite only"
            item.add_marker(pytest.mark.skip(reason=f"SQLite only: {reason}"))


def _engine_options(schema: str | None) -> dict:
    options: dict = {"pool_pre_ping": True}
    if schema:
        options["connect_args"] = {"options": f"-csearch_path={schema}"}
    return options


def _reset_schema(schema: str) -> None:
    """Drop and create a PostgreSQL schema: an empty database for the migrations."""
    from sqlalchemy import create_engine, text

    engine = create_engine(TEST_DATABASE_URL)
    with engine.begin() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    engine.dispose()


_migrated: set[str] = set()


def make_app(db_path, *, schema: str | None = None, **extra):
    """An app on a migrated database: the SQLite file db_path, or on PostgreSQL the public
    schema (migrated once per session, emptied here) or a fresh `schema`."""
    from flask_migrate import upgrade

    from scorekeeper import create_app

    config = {
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{db_path}",
        "WTF_CSRF_ENABLED": False,
    }
    if ON_POSTGRES:
        schema = schema or "public"
        config["SQLALCHEMY_DATABASE_URI"] = TEST_DATABASE_URL
        config["SQLALCHEMY_ENGINE_OPTIONS"] = _engine_options(
            None if schema == "public" else schema)
        if schema not in _migrated or schema != "public":
            _reset_schema(schema)
    app = create_app({**config, **extra})
    with app.app_context():
        if not ON_POSTGRES or schema not in _migrated:
            upgrade()  # the real migrations, so they are tested too
            _migrated.add(schema or "")
        if ON_POSTGRES and schema == "public":
            empty_tables()
    return app


def empty_tables() -> None:
    """Every table but Alembic's emptied, ids restarted (PostgreSQL: one TRUNCATE)."""
    from scorekeeper.extensions import db

    tables = ", ".join(f'"{t.name}"' for t in db.metadata.sorted_tables)
    db.session.execute(db.text(f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))
    db.session.commit()


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    app = make_app(tmp_path / "scorekeeper.sqlite")
    with app.app_context():
        yield app
        from scorekeeper.extensions import db

        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def app_factory(tmp_path, monkeypatch):
    """Another app on a fresh database, with config overrides (e.g. CSRF on)."""
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    apps = []

    def make(name="other.sqlite", **extra):
        schema = "t_" + re.sub(r"\W", "_", name.rsplit(".", 1)[0]) if ON_POSTGRES else None
        app = make_app(tmp_path / name, schema=schema, **extra)
        apps.append(app)
        return app

    yield make
    from scorekeeper.extensions import db

    for app in apps:
        with app.app_context():
            db.engine.dispose()
