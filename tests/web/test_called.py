"""A game whose time was called (`called` in its record) is finished on the app's pages as the
engine says: the side ahead wins, a shared lead plays on. Kept through import, export, the
summary cache, and the migration that adds the column."""
from __future__ import annotations

import json

from scorekeeper.store import derive_summary

from .clubs.test_migration import LECHNER, upgraded_games
from .helpers import empty_app, game, text

AHEAD = {"variant": "texas42", "players": ["Ann", "Bob", "Cat", "Dan"], "first_dealer": 0,
         "options": {}, "called": True,
         "hands": [{"bidder": 1, "bid": 30, "contract": "straight", "points": 34}]}


def imported(client, record) -> int:
    r = client.post("/games/import", data={"record": json.dumps(record)})
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    return int(r.headers["Location"].rsplit("/", 1)[1])


def test_a_called_game_with_a_leader_is_over_on_its_page(client):
    gid = imported(client, AHEAD)
    page = text(client.get(f"/games/{gid}"))
    assert "Game over" in page and "Bob & Dan win!" in page
    g = game(gid)
    assert g.called is True and g.finished is True and g.summary == derive_summary(AHEAD)
    exported = json.loads(client.get(f"/games/{gid}/record.json").get_data(as_text=True))
    assert exported == AHEAD


def test_a_called_game_with_a_shared_lead_plays_on(client):
    shared = {**AHEAD, "hands": AHEAD["hands"] + [{"bidder": 0, "bid": 30, "contract": "straight",
                                                   "points": 34}]}
    gid = imported(client, shared)
    page = text(client.get(f"/games/{gid}"))
    assert "Game over" not in page
    assert game(gid).finished is False


def test_called_must_be_true_or_false(client):
    r = client.post("/games/import", data={"record": json.dumps({**AHEAD, "called": "yes"})})
    assert r.status_code == 422
    assert "Called (time called after the last hand) must be true or false" in text(r)


def test_a_game_not_called_keeps_its_record(client):
    record = {key: value for key, value in AHEAD.items() if key != "called"}
    gid = imported(client, record)
    assert game(gid).record() == record and game(gid).finished is False


def test_migration_adds_called_and_keeps_every_game(tmp_path, monkeypatch):
    from flask_migrate import downgrade
    from sqlalchemy import text as sql

    from scorekeeper.extensions import db
    from scorekeeper.models import Game

    with empty_app(tmp_path, monkeypatch).app_context():
        games = upgraded_games("c3d8f0a2e611")
        assert [g.called for g in games] == [False, False]
        games[1].called = True
        db.session.commit()
        assert db.session.get(Game, 2).record() == {**LECHNER, "called": True}
        db.session.remove()
        downgrade(revision="c3d8f0a2e611")
        with db.engine.connect() as conn:
            assert conn.execute(sql("SELECT count(*) FROM game")).scalar() == 2
