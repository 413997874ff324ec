"""Shared fixtures for the web and browser tests (flaskr style).

Flask is imported inside the fixtures, so tests/rules (plain engine tests) never pay for it.

The database: the real migrations run once per test process (so they are tested too), into a
template; each test then gets a database of its own from it. On SQLite the template is a file
and every test a copy of it. With TEST_DATABASE_URL (a PostgreSQL URL, e.g.
postgresql+psycopg://user@/scorekeeper_test?host=/tmp/pg) the template is a schema, dropped and
migrated afresh at the start, and every test empties its tables (empty_tables). The `app` of
every test is one app per test process (SharedApp), as made and on such a new database each
time; `app_factory` apps are new apps, on a database of their own the same way. A test that
can only hold on SQLite is marked `@pytest.mark.sqlite_only("why")` and skipped on PostgreSQL
with that reason.

Under pytest-xdist (`make test` runs `-n auto`) each worker process is a session of its own:
its own template file, or its own schemas (named after the worker id), so the workers never
share a row.
"""
from __future__ import annotations

import copy
import os
import re
import shutil
import sqlite3
from pathlib import Path
from urllib.parse import quote

import pytest

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "").strip()
ON_POSTGRES = TEST_DATABASE_URL.startswith("postgresql")
# "gw0", "gw1", ... in a pytest-xdist worker; "" in a plain pytest run
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
# Tests that must share one process: a module-scoped server (load: gunicorn on a schema of
# its own) is started once, not once per worker; the group's tests run one after the other.
SERIAL_GROUPS = {"load": "tests/load/",
                 # the HTTPS stack (Caddy, gunicorn, PostgreSQL), started once for its module
                 "hosting": "tests/browser/test_hosting.py"}


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "sqlite_only(reason): holds only on SQLite; skipped on PostgreSQL")
    if not WORKER:  # once per run, before xdist's workers start
        compile_catalogs()


def compile_catalogs() -> None:
    """The languages' catalogs compiled where a .po is newer than its .mo, as `make` does
    (README "Languages"), for a plain `pytest` after a translation changed."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in Path(__file__).resolve().parents[1].glob(
            "scorekeeper/translations/*/LC_MESSAGES/messages.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            with po.open("rb") as f:
                catalog = read_po(f)
            with mo.open("wb") as f:
                write_mo(f, catalog)


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist, when it is installed
def pytest_xdist_auto_num_workers(config):
    """`-n auto`: a worker more than the cores. A browser test's worker waits much of its time
    (on Chromium, a live poll, a timer), so with one worker a core, a third of the cores sat
    idle; one more keeps them busy. PYTEST_XDIST_AUTO_NUM_WORKERS still wins (xdist's own)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return None
    return len(os.sched_getaffinity(0)) + 1


@pytest.hookimpl(optionalhook=True)  # a hook of pytest-xdist, when it is installed
def pytest_xdist_make_scheduler(config, log):
    """xdist's load scheduling, a test at a time, but a serial group's tests all on one worker
    and in order. (xdist's own `--dist loadgroup` does not group under pytest 9: it renames
    an attribute pytest no longer reads.)"""
    from xdist.scheduler import LoadScopeScheduling

    class SerialGroups(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return next((group for group, prefix in SERIAL_GROUPS.items()
                         if nodeid.startswith(prefix)), nodeid)

    return SerialGroups(config, log)


# The slowest tests first, the longest of all at the very front (a browser test takes seconds,
# some near a minute on a busy machine; a view test a tenth of a second): pytest-xdist hands
# the tests out in this order, so the last to start are short ones, and no worker is left
# running a long one while the others sit idle. The rest keep their order.
SLOW_FIRST = ("tests/browser/test_accessibility.py", "tests/browser/test_events.py",
              "tests/browser/test_event_pools.py", "tests/web/test_fuzz.py",
              "tests/api/test_openapi.py", "tests/bench/",
              "tests/web/clubs/test_big_import.py", "tests/browser/")


def _slowness_rank(item) -> int:
    return next((rank for rank, prefix in enumerate(SLOW_FIRST)
                 if item.nodeid.startswith(prefix)), len(SLOW_FIRST))


def pytest_collection_modifyitems(config, items):
    items.sort(key=_slowness_rank)
    for item in items:
        marker = item.get_closest_marker("sqlite_only")
        if ON_POSTGRES and marker:
            reason = marker.args[0] if marker.args else "SQLite only"
            item.add_marker(pytest.mark.skip(reason=f"SQLite only: {reason}"))


def pytest_terminal_summary(terminalreporter):
    """What the browser tests measured (record_property("taps: ...", n)), whatever their order
    or worker."""
    measured = sorted({(name[len("taps: "):], value)
                       for report in terminalreporter.getreports("passed")
                       for name, value in report.user_properties if name.startswith("taps: ")})
    if measured:
        terminalreporter.section("taps to enter a hand")
        for what, n in measured:
            terminalreporter.line(f"{what}: {n}")


def schema_name(name: str) -> str:
    """A PostgreSQL schema of this test process: `name`, with the xdist worker id."""
    return re.sub(r"\W", "_", f"{name}_{WORKER}" if WORKER else name)


def schema_url(schema: str) -> str:
    """TEST_DATABASE_URL on `schema` (search_path in the URL, so an app built from the URL
    alone, like a test's second worker, lands there too)."""
    sep = "&" if "?" in TEST_DATABASE_URL else "?"
    return f"{TEST_DATABASE_URL}{sep}options={quote(f'-csearch_path={schema}')}"


def _reset_schema(schema: str) -> None:
    """Drop and create a PostgreSQL schema: an empty database for the migrations."""
    from sqlalchemy import create_engine, text

    engine = create_engine(TEST_DATABASE_URL)
    with engine.begin() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    engine.dispose()


def _config(database_uri: str, **extra) -> dict:
    return {
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "SQLALCHEMY_DATABASE_URI": database_uri,
        "WTF_CSRF_ENABLED": False,
        # every poll of an event answered at its stamp (events/live.py; test_busy_night)
        "EVENT_POLL_FRESH_FOR": 0,
        **extra,
    }


class Databases:
    """This test process's migrated databases, handed out one per test.

    SQLite: a template file, migrated once, copied for each app. PostgreSQL: a schema per
    name, migrated the first time it is asked for and emptied every time after (the tables are
    all a test sees)."""

    def __init__(self, tmp: Path):
        self.template = tmp / "migrated.sqlite"
        self._migrated: set[str] = set()
        if not ON_POSTGRES:
            from flask_migrate import upgrade

            from scorekeeper import create_app

            template = create_app(_config(f"sqlite:///{self.template}"))
            with template.app_context():
                upgrade()  # the real migrations, so they are tested too
            _dispose(template)
            # a plain file, no -wal beside it: a byte copy is the whole database (the app turns
            # WAL on again per connection)
            with sqlite3.connect(self.template) as con:
                con.execute("PRAGMA journal_mode=DELETE")

    def app(self, path: Path, **extra):
        """An app on a migrated, empty database of its own: a copy of the template at path,
        or on PostgreSQL the schema named after path's stem."""
        from flask_migrate import upgrade

        from scorekeeper import create_app

        if not ON_POSTGRES:
            shutil.copyfile(self.template, path)
            return create_app(_config(f"sqlite:///{path}", **extra))
        schema = schema_name("t_" + path.stem)
        app = create_app(_config(schema_url(schema), **extra))
        with app.app_context():
            if schema in self._migrated:
                empty_tables()
            else:
                _reset_schema(schema)
                upgrade()  # the real migrations, so they are tested on PostgreSQL too
                self._migrated.add(schema)
        return app

    def renew(self, app, path: Path) -> None:
        """The database of `app` (made by self.app(path)) migrated and empty again: its
        connections closed and the template copied over it, or on PostgreSQL its tables
        emptied."""
        _dispose(app)
        if ON_POSTGRES:
            with app.app_context():
                empty_tables()
            return
        for journal in ("-wal", "-shm"):  # none once the last connection is closed; if any
            path.with_name(path.name + journal).unlink(missing_ok=True)
        # a new file in its place: a connection left open on the old one cannot touch it
        copied = path.with_name(path.name + ".new")
        shutil.copyfile(self.template, copied)
        os.replace(copied, path)


def empty_tables() -> None:
    """Every table but Alembic's emptied and its ids restarted, in one round trip.

    DELETE, children first, rather than one TRUNCATE of every table: a test leaves a few rows,
    and deleting them takes milliseconds where a TRUNCATE (new files for ten tables) took 0.3 s
    a test."""
    from scorekeeper.extensions import db

    tables = list(reversed(db.metadata.sorted_tables))
    restarts = [f"setval(pg_get_serial_sequence('\"{t.name}\"', '{c.name}'), 1, false)"
                for t in tables for c in t.primary_key.columns if c.type.python_type is int]
    db.session.execute(db.text("; ".join(
        [f'DELETE FROM "{t.name}"' for t in tables] + [f"SELECT {', '.join(restarts)}"])))
    db.session.commit()


@pytest.fixture(scope="session")
def databases(tmp_path_factory) -> Databases:
    return Databases(tmp_path_factory.mktemp("databases"))


def _dispose(app) -> None:
    from scorekeeper.extensions import db

    with app.app_context():
        db.session.remove()
        db.engine.dispose()


class SharedApp:
    """The app of every test that asks for `app`: one per test process, handed to each test as
    it was made, on a database of its own. A new app a test cost a third of a view test's time:
    making it (its routes compiled), then compiling each template and SQL statement the test
    used again, where the one app compiles each once."""

    def __init__(self, databases: Databases, path: Path):
        self.databases, self.path = databases, path
        with pytest.MonkeyPatch.context() as env:
            env.delenv("PUBLIC_URL", raising=False)
            self.app = databases.app(path)
        self.config = copy.deepcopy(dict(self.app.config))
        self.extensions = set(self.app.extensions)

    def as_made(self):
        """The app with its config as made, without what a test added to its extensions (the
        render caches, filled lazily and keyed by game ids, which the next database uses
        again) and on a new database."""
        self.app.config.clear()
        self.app.config.update(copy.deepcopy(self.config))
        for name in set(self.app.extensions) - self.extensions:
            del self.app.extensions[name]
        self.databases.renew(self.app, self.path)
        return self.app


@pytest.fixture(scope="session")
def shared_app(databases, tmp_path_factory):
    shared = SharedApp(databases, tmp_path_factory.mktemp("app") / "scorekeeper.sqlite")
    yield shared
    _dispose(shared.app)


@pytest.fixture
def app(shared_app, monkeypatch):
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    app = shared_app.as_made()
    with app.app_context():
        yield app
    _dispose(app)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def app_factory(databases, tmp_path, monkeypatch):
    """Another app on a database of its own, with config overrides (e.g. CSRF on)."""
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    apps = []

    def make(name="other.sqlite", **extra):
        app = databases.app(tmp_path / name, **extra)
        apps.append(app)
        return app

    yield make
    for app in apps:
        _dispose(app)


@pytest.fixture
def another_worker(app):
    """A factory of second apps on the test's own database, each standing for another worker
    process (config overrides as keyword arguments), all closed after the test."""
    from scorekeeper import create_app

    others = []

    def make(**extra):
        other = create_app({**{key: app.config[key] for key in (
            "TESTING", "SECRET_KEY", "SQLALCHEMY_DATABASE_URI", "WTF_CSRF_ENABLED",
            "EVENT_POLL_FRESH_FOR")}, **extra})
        others.append(other)
        return other

    yield make
    for other in others:
        _dispose(other)


@pytest.fixture(autouse=True)
def _fresh_lan_ip():
    """Each test asks for the LAN address afresh (network.known_lan_ip keeps it 10 s)."""
    from scorekeeper import network

    network.forget_lan_ip()
