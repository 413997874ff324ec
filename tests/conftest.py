"""Shared fixtures for the web and browser tests (flaskr style).

Flask is imported inside the fixtures, so tests/rules (plain engine tests) never pay for it.
"""
from __future__ import annotations

import pytest


def make_app(db_path, **extra):
    from flask_migrate import upgrade

    from scorekeeper import create_app

    app = create_app({
        "TESTING": True,
        "SECRET_KEY": "test-secret",
        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{db_path}",
        "WTF_CSRF_ENABLED": False,
        **extra,
    })
    with app.app_context():
        upgrade()  # the real migrations, so they are tested too
    return app


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    app = make_app(tmp_path / "scorekeeper.sqlite")
    with app.app_context():
        yield app


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def app_factory(tmp_path, monkeypatch):
    """Another app on a fresh database, with config overrides (e.g. CSRF on)."""
    monkeypatch.delenv("PUBLIC_URL", raising=False)
    return lambda name="other.sqlite", **extra: make_app(tmp_path / name, **extra)
