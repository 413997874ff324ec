"""The factory, configuration, models and migrations, the network URL and `scorekeeper serve`."""
from __future__ import annotations

import io
import re
import socket

import pytest
from sqlalchemy import inspect

from scorekeeper import create_app, network
from scorekeeper.extensions import db
from scorekeeper.models import CODE_ALPHABET, AuditEvent, Game, GuessAttempt, Hand, Player

from .helpers import HX, create, game, post_hand, text


def test_config_defaults(app):
    assert app.config["WTF_CSRF_TIME_LIMIT"] is None
    assert app.config["SECRET_KEY"]


@pytest.mark.sqlite_only("checks SQLite's own settings (busy timeout, WAL, foreign keys)")
def test_sqlite_settings_for_several_workers(app):
    """Every connection waits up to 15 s for a lock, in WAL mode, with foreign keys on."""
    assert app.config["SQLALCHEMY_ENGINE_OPTIONS"]["connect_args"]["timeout"] == 15
    with db.engine.connect() as conn:
        pragma = lambda name: conn.exec_driver_sql(f"PRAGMA {name}").scalar()  # noqa: E731
        assert (pragma("journal_mode"), pragma("foreign_keys"), pragma("busy_timeout")) == \
            ("wal", 1, 15000)


def test_sqlite_in_instance_by_default(tmp_path, monkeypatch):
    from scorekeeper import _database_url, _secret_key

    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("SECRET_KEY", raising=False)
    assert _database_url(tmp_path) == f"sqlite:///{tmp_path}/scorekeeper.sqlite"
    key = _secret_key(tmp_path)  # generated into the instance folder on first run
    assert len(key) >= 32 and (tmp_path / "secret_key").read_text().strip() == key
    assert _secret_key(tmp_path) == key  # and kept


def test_database_url_and_secret_from_environment(tmp_path, monkeypatch):
    from scorekeeper import _database_url, _secret_key

    monkeypatch.setenv("DATABASE_URL", "postgres://u:p@db.example/sk")
    monkeypatch.setenv("SECRET_KEY", "from-env")
    assert _database_url(tmp_path) == "postgresql://u:p@db.example/sk"
    assert _secret_key(tmp_path) == "from-env"
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/other.sqlite")
    app = create_app()
    assert app.config["SQLALCHEMY_DATABASE_URI"] == f"sqlite:///{tmp_path}/other.sqlite"
    assert app.config["SECRET_KEY"] == "from-env"
    assert app.instance_path.endswith("instance")


def test_session_cookie_is_secure_when_the_public_url_is_https(tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/x.sqlite")
    monkeypatch.setenv("SECRET_KEY", "k")
    monkeypatch.setenv("PUBLIC_URL", "https://scores.example")
    assert create_app().config["SESSION_COOKIE_SECURE"] is True
    monkeypatch.setenv("PUBLIC_URL", "http://192.168.1.23:5000")
    assert create_app().config["SESSION_COOKIE_SECURE"] is False


def test_trusted_proxies_must_be_a_whole_number(tmp_path, monkeypatch):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path}/x.sqlite")
    monkeypatch.setenv("SECRET_KEY", "k")
    monkeypatch.setenv("TRUSTED_PROXIES", "yes")
    with pytest.raises(RuntimeError, match="TRUSTED_PROXIES must be a whole number"):
        create_app()
    monkeypatch.setenv("TRUSTED_PROXIES", "2")
    assert create_app().config["TRUSTED_PROXIES"] == 2


def test_migrations_match_the_models(app):
    """`flask db upgrade` builds exactly the tables the models declare."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    with db.engine.connect() as conn:
        mc = MigrationContext.configure(conn, opts={"compare_type": True})
        diff = compare_metadata(mc, db.metadata)
    assert diff == []
    names = set(inspect(db.engine).get_table_names())
    assert {"game", "player", "hand", "audit_event", "guess_attempt", "alembic_version"} <= names


def test_hand_number_unique_per_game(app):
    g = Game(variant="castle-rock", code="ABCDEFG")
    g.players = [Player(seat=0, name="Sol")]
    db.session.add(g)
    db.session.commit()
    db.session.add_all([Hand(game_id=g.id, number=0, data={"remaining": 3})])
    db.session.commit()
    db.session.add(Hand(game_id=g.id, number=0, data={"remaining": 4}))
    from sqlalchemy.exc import IntegrityError

    with pytest.raises(IntegrityError):
        db.session.commit()
    db.session.rollback()


def test_game_defaults_and_record(app):
    g = Game(variant="moon")
    g.players = [Player(seat=i, name=n) for i, n in enumerate(["A", "B", "C"])]
    db.session.add(g)
    db.session.commit()
    assert g.version == 1 and g.scorer_generation == 1
    assert len(g.code) == 7 and set(g.code) <= set(CODE_ALPHABET)
    assert len(CODE_ALPHABET) ** len(g.code) >= 2 ** 30
    assert len(g.scorer_secret) >= 32 and g.creator_secret != g.scorer_secret
    assert g.record() == {"variant": "moon", "players": ["A", "B", "C"], "first_dealer": 0,
                          "options": {}, "hands": []}
    db.session.add(GuessAttempt(address="10.0.0.1"))
    db.session.add(AuditEvent(game_id=g.id, action="rotated", via="creator"))
    db.session.commit()


# --------------------------------------------------------------------------- network

def test_public_url_override(monkeypatch):
    monkeypatch.setenv("PUBLIC_URL", "https://scores.example.org/")
    assert network.public_base_url(5000) == "https://scores.example.org"


def test_public_url_is_not_localhost(monkeypatch):
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    url = network.public_base_url(5123)
    assert url.startswith("http://") and url.endswith(":5123")
    host = url[len("http://"):].rsplit(":", 1)[0]
    if network.lan_ip() is not None:
        assert not host.startswith("127.") and host != "localhost"


def test_public_url_falls_back_to_hostname(monkeypatch):
    monkeypatch.delenv("PUBLIC_URL", raising=False)

    class NoRoute:
        def __init__(self, *a, **k):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *a):
            return False

        def connect(self, addr):
            raise OSError("network unreachable")

    monkeypatch.setattr(network.socket, "socket", NoRoute)
    monkeypatch.setattr(network.socket, "getaddrinfo", lambda *a, **k: [])
    monkeypatch.setattr(network.socket, "gethostname", lambda: "tablebox")
    network.forget_lan_ip()
    assert network.public_base_url(5000) == "http://tablebox:5000"


def test_lan_ip_uses_udp_connect_without_sending(monkeypatch):
    sent = []

    class Fake:
        def __init__(self, family, kind):
            assert kind == socket.SOCK_DGRAM

        def __enter__(self):
            return self

        def __exit__(self, *a):
            return False

        def connect(self, addr):
            pass

        def send(self, *a):
            sent.append(a)

        sendto = send

        def getsockname(self):
            return ("192.168.1.23", 40000)

    monkeypatch.setattr(network.socket, "socket", Fake)
    assert network.lan_ip() == "192.168.1.23"
    assert sent == []


# --------------------------------------------------------------------------- serve

def test_serve_prints_url_and_qr(monkeypatch, capsys):
    from scorekeeper import cli, serve

    calls = {}
    monkeypatch.setenv("PORT", "5077")
    monkeypatch.setenv("PUBLIC_URL", "http://10.1.2.3:5077")
    monkeypatch.setattr(serve, "run_waitress", lambda app, **kw: calls.update(kw))
    assert cli.main(["serve"]) == 0
    out = capsys.readouterr().out
    assert "http://10.1.2.3:5077/" in out
    assert "█" in out or "▀" in out or "▄" in out  # the QR code, in block characters
    assert calls["host"] == "0.0.0.0" and calls["port"] == 5077


# --------------------------------------------------------------------------- odd input, caches


@pytest.mark.parametrize("typed", ["²", "--5", "1_0", "٣", "9" * 5000])
def test_setup_refuses_numbers_no_number_pad_types(client, typed):
    data = {"variant": "moon", "first_dealer": "0", "name-0": "Ann", "name-1": "Bob",
            "name-2": "Cat", "opt-target_points": typed}
    r = client.post("/games/new", data=data)
    assert r.status_code == 422 and "Target points must be a whole number" in text(r)


@pytest.mark.parametrize("typed", ["1_0", "٣", "9" * 5000])
def test_hand_refuses_numbers_no_number_pad_types(client, typed):
    gid = create(client, "castle-rock", 1)
    r = post_hand(client, gid, {"remaining": typed})
    assert r.status_code == 422 and "must be a whole number" in text(r)
    assert game(gid).hands == []


def test_import_of_deeply_nested_json_is_refused_not_crashed(client):
    nested = b"[" * 100_000 + b"]" * 100_000
    r = client.post("/games/import", data={"record": (io.BytesIO(nested), "deep.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 422 and "not a game record" in text(r)


def test_pages_and_partials_vary_on_hx_request(client):
    assert "HX-Request" in client.get("/").headers.get("Vary", "")


def test_history_restore_gets_the_whole_page(client):
    r = client.get("/games/new?variant=moon",
                   headers={**HX, "HX-History-Restore-Request": "true"})
    assert "<html" in r.get_data(as_text=True)
    assert "<html" not in client.get("/games/new?variant=moon", headers=HX).get_data(as_text=True)


def test_a_stale_csrf_token_on_htmx_reloads_the_page_and_saves_nothing(app_factory):
    app = app_factory("csrf-stale.sqlite", WTF_CSRF_ENABLED=True)
    c = app.test_client()
    body = c.get("/games/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', body).group(1)
    data = {"variant": "castle-rock", "first_dealer": "0", "name-0": "Sol", "csrf_token": token}
    gid = int(c.post("/games/new", data=data).headers["Location"].rsplit("/", 1)[1])
    fresh = app.test_client()  # another browser session: the token is not its own
    fresh.set_cookie(*next((k.key, k.value) for k in c._cookies.values() if k.key == "sk_phone"))
    r = fresh.post(f"/games/{gid}/hands", data={"version": "1", "remaining": "3",
                                                "csrf_token": token}, headers=HX)
    assert r.status_code == 400 and r.headers.get("HX-Refresh") == "true"
    assert "Nothing was saved" in text(r)
    with app.app_context():
        assert game(gid).hands == []


def test_secret_key_is_written_once_and_then_read(tmp_path, monkeypatch):
    from scorekeeper import _secret_key
    monkeypatch.delenv("SECRET_KEY", raising=False)
    first = _secret_key(tmp_path)
    assert _secret_key(tmp_path) == first and (tmp_path / "secret_key").stat().st_mode & 0o077 == 0


def test_a_database_servers_pool_holds_a_connection_per_thread():
    """The pool of 5 (+10 overflow) churned connections under 8 threads a worker (issue 20):
    sized to serve.THREADS now, settings given in the configuration first."""
    from scorekeeper import create_app, serve
    from scorekeeper.extensions import db

    url = "postgresql+psycopg://nobody@/nothing?host=/nonexistent"  # never connected to
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "x"})
    with app.app_context():
        assert db.engine.pool.size() == serve.THREADS
        assert db.engine.pool._max_overflow == serve.THREADS
    app = create_app({"SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "x",
                      "SQLALCHEMY_ENGINE_OPTIONS": {"pool_size": 3}})
    with app.app_context():
        assert db.engine.pool.size() == 3
