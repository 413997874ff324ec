"""Scorekeeper: a table-side score keeper for the 42 family of games.

create_app() is the application factory (flaskr style): instance-relative configuration, the
extensions bound with init_app, the blueprints registered.
"""
from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from flask import Flask

__all__ = ["create_app"]


def _secret_key(instance: Path) -> str:
    """SECRET_KEY from the environment, else from instance/secret_key (generated on first run)."""
    key = os.environ.get("SECRET_KEY")
    if key:
        return key
    path = instance / "secret_key"
    if path.exists():
        key = path.read_text().strip()
        if key:
            return key
    key = secrets.token_hex(32)
    try:  # O_EXCL: when several workers start at once, the first key written is everyone's
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return _secret_key(instance)
    with os.fdopen(fd, "w") as f:
        f.write(key + "\n")
    return key


def _database_url(instance: Path) -> str:
    url = os.environ.get("DATABASE_URL")
    if url:
        # Heroku-style URLs name the dialect "postgres", SQLAlchemy wants "postgresql".
        if url.startswith("postgres://"):
            url = "postgresql://" + url[len("postgres://"):]
        return url
    return "sqlite:///" + str(instance / "scorekeeper.sqlite")


def _whole_env(name: str) -> int:
    """A whole number from the environment; unset or empty is 0."""
    raw = os.environ.get(name, "").strip()
    if not raw.isdigit():
        if raw:
            raise RuntimeError(f"{name} must be a whole number, not {raw!r}.")
        return 0
    return int(raw)


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    """Several worker processes share one SQLite file.

    WAL lets readers (every phone's 2 s poll) go on while one worker writes; with the 15 s busy
    timeout in connect_args a writer waits for the lock instead of failing at once. SQLite
    leaves foreign keys off unless asked per connection, and the ON DELETE CASCADEs need them.
    """
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _pool_options(options: dict | None) -> dict:
    """A database server's pool sized to the threads of a process (serve.THREADS, waitress's
    and a gunicorn worker's --threads): every thread keeps a connection instead of opening
    and closing one per request past SQLAlchemy's default 5, and as many again may be
    opened under a burst (a request can hold two: a streamed CSV's and its session's).
    kept_reads.read_committed's pool, for the polls' reads, is sized the same. Settings given
    in the configuration win."""
    from .serve import THREADS

    options = dict(options or {})
    options.setdefault("pool_size", THREADS)
    options.setdefault("max_overflow", THREADS)
    return options


def create_app(test_config: dict | None = None) -> Flask:
    # Flask and SQLAlchemy are imported here, not with the package: the `scorekeeper` command
    # (check, stats, standings) reads records without them and starts in a third of the time.
    from flask import Flask
    from sqlalchemy import event

    from .security import IMPORT_MAX_BYTES
    from .web import RowIdConverter

    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder="../templates",
        static_folder="../static",
    )
    app.url_map.converters["int"] = RowIdConverter
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)

    app.config.from_mapping(
        SQLALCHEMY_DATABASE_URI=_database_url(instance),
        SQLALCHEMY_ENGINE_OPTIONS={"pool_pre_ping": True},
        # A game lasts hours: a CSRF token must not expire while the phone lies on the table.
        WTF_CSRF_TIME_LIMIT=None,
        # Shown on pages (e.g. QR codes) instead of guessing from the request, when set.
        PUBLIC_URL=os.environ.get("PUBLIC_URL"),
        SEND_FILE_MAX_AGE_DEFAULT=3600,
        SESSION_COOKIE_SAMESITE="Lax",
        MAX_CONTENT_LENGTH=1_000_000,  # a form is a few kilobytes
        # the game and club imports (security.large_upload): a big club's whole export
        IMPORT_MAX_CONTENT_LENGTH=IMPORT_MAX_BYTES,
        # Reverse proxies in front of the app whose X-Forwarded-* headers are believed (0: none,
        # anyone could send them): the guess limit counts per real client, not per proxy.
        TRUSTED_PROXIES=_whole_env("TRUSTED_PROXIES"),
        # ... when the request comes from one of these (the nearest proxy's) addresses only.
        TRUSTED_PROXY_ADDRESSES=os.environ.get("TRUSTED_PROXY_ADDRESSES") or "127.0.0.1, ::1",
        # Origins whose pages may call the JSON API from a browser (CORS), by comma: none.
        API_CORS_ORIGINS=os.environ.get("API_CORS_ORIGINS", ""),
        # Writes one API token may send a minute (api.limits).
        API_WRITES_PER_MINUTE=_whole_env("API_WRITES_PER_MINUTE") or 120,
        # Webhooks to private, loopback and link-local addresses too (a receiver on the club's
        # own network): off, so that a webhook cannot reach the server's neighbours.
        WEBHOOK_ALLOW_PRIVATE=os.environ.get("WEBHOOK_ALLOW_PRIVATE", "").lower() in (
            "1", "true", "yes", "on"),
        # The club's time zone (IANA name) for the times sent to BG Stats; unset: the server's.
        CLUB_TIMEZONE=os.environ.get("CLUB_TIMEZONE") or None,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(instance)
    if str(app.config.get("PUBLIC_URL") or "").startswith("https://"):
        app.config["SESSION_COOKIE_SECURE"] = True  # phones reach it over HTTPS only
    from .events import live as event_live, tv_link as event_tv_link
    from .games import live as game_live
    from .kept_polls import KeptPolls

    app.wsgi_app = KeptPolls(app, {  # inside the proxy fix: it reads the request as fixed
        "games.live_update": game_live.kept_poll, "events.event_live": event_live.kept_poll,
        "events.tv": event_live.kept_poll, "events.tv_link": event_tv_link.kept_poll},
        ("/live", "/tv"))
    proxies = app.config["TRUSTED_PROXIES"]
    if proxies:
        from .network import TrustedProxyFix, networks

        app.wsgi_app = TrustedProxyFix(app.wsgi_app, proxies, networks(
            app.config["TRUSTED_PROXY_ADDRESSES"], "TRUSTED_PROXY_ADDRESSES"))

    from .extensions import csrf, db, htmx, migrate

    sqlite = app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite")
    if not sqlite:
        app.config["SQLALCHEMY_ENGINE_OPTIONS"] = _pool_options(
            app.config.get("SQLALCHEMY_ENGINE_OPTIONS"))
    if sqlite:
        options = app.config["SQLALCHEMY_ENGINE_OPTIONS"] = dict(
            app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {})
        options["connect_args"] = {"timeout": 15, **options.get("connect_args", {})}
        options["pool_pre_ping"] = False  # a file has no connection to lose: a ping per request
    db.init_app(app)
    from . import kept_reads

    with app.app_context():
        if sqlite:
            event.listen(db.engine, "connect", _sqlite_pragmas)
        kept_reads.init_app(app, db.engine)
    migrate.init_app(
        app,
        db,
        directory=str(Path(app.root_path).parent / "migrations"),
        render_as_batch=True,
        compare_type=True,
    )
    csrf.init_app(app)
    htmx.init_app(app)

    from . import models  # noqa: F401  (register the tables with the metadata)
    from . import (access, api, assets, club_ratings, clubs, events, handover, i18n, players,
                   pwa, security, web)
    from .games import views as games
    from .printing import views as printing
    from .sharing import views as sharing
    from .webhooks import views as webhooks

    for blueprint in (games.bp, sharing.bp, clubs.bp, handover.bp, players.bp, pwa.bp,
                      events.bp, printing.bp, webhooks.bp):
        app.register_blueprint(blueprint)
    web.init_app(app)
    i18n.init_app(app)
    access.init_app(app)
    security.init_app(app)
    assets.init_app(app)
    api.init_app(app)  # after the app's error pages: the API's own answer under /api/v1
    club_ratings.init_app(app)
    return app
