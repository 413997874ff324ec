"""One check of text and keys for every way a game's inputs come in (security.text_problem,
the engine's keys of game-record.md): the setup forms, the game, club and event imports and the
API. An event import once stored a lone surrogate in a hand's note, and from then on the club's
export, the event's, the game's record.json and the API's reads answered 500 for good."""
from __future__ import annotations

import io
import json

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import ClubEvent, Game

from tests.api.helpers import LECHNER_HAND, api_client, bearer, club_token, game_token
from .clubs.helpers import create_club
from .events.helpers import played_event, teams_record
from .helpers import create, text

BAD = {"surrogate": "\ud800", "nul": "a\x00b"}


def _event_with_hand(**extra) -> dict:
    """A played event whose first game's first hand carries `extra` keys."""
    record = played_event(teams_record(2))
    hand = record["matches"][0]["games"][0]["hands"][0]
    record["matches"][0]["games"][0]["hands"][0] = {**hand, **extra}
    return record


def _import_event(client, club_id: int, record: dict):
    return client.post(f"/clubs/{club_id}/events/import", data={"record": json.dumps(record)})


@pytest.mark.parametrize("bad", BAD.values(), ids=BAD.keys())
def test_an_event_import_refuses_text_no_export_can_write(client, bad):
    club_id = create_club(client)
    for record in (_event_with_hand(note=bad), {**played_event(teams_record(2)), "name": bad},
                   _event_with_hand(**{"points" + bad: 3})):
        r = _import_event(client, club_id, record)
        assert r.status_code == 422 and "cannot be stored" in text(r)
    assert db.session.query(ClubEvent).count() == 0 and db.session.query(Game).count() == 0
    assert client.get(f"/clubs/{club_id}/export.json").status_code == 200


def test_a_hand_or_record_key_game_record_md_does_not_name_is_refused_by_every_door(app, client):
    club_id = create_club(client)
    r = _import_event(client, club_id, _event_with_hand(note="good game"))
    assert r.status_code == 422 and "'note'" in text(r)
    record = {"variant": "lechner42", "players": ["Ann", "Bob", "Cat", "Dan"],
              "hands": [{**LECHNER_HAND, "evil": "<img src=x>"}]}
    for door, field in (("/games/import", "record"), ("/clubs/import", "records")):
        r = client.post(door, data={"name": "Imported", field: (
            io.BytesIO(json.dumps(record).encode()), "game.json")},
            content_type="multipart/form-data")
        assert r.status_code == 422 and "'evil'" in text(r), door
    extra = {**record, "hands": [LECHNER_HAND], "comment": "hi"}
    r = client.post("/games/import", data={"record": (io.BytesIO(json.dumps(extra).encode()),
                                                      "game.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 422 and "'comment'" in text(r)

    api = api_client(app)
    token = club_token(client, club_id, "club-write")
    for sent, key in ((record, "evil"), (extra, "comment")):
        r = api.post(f"/api/v1/clubs/{club_id}/games", json={"record": sent},
                     headers=bearer(token))
        assert r.status_code == 422 and f"'{key}'" in r.get_json()["detail"]
    gid = create(client, "lechner42")
    token = game_token(client, gid)
    r = api.post(f"/api/v1/games/{gid}/hands", json={"hand": {**LECHNER_HAND, "note": "x"},
                                                     "version": 1}, headers=bearer(token))
    assert r.status_code == 422 and "'note'" in r.get_json()["detail"]
    r = api.post(f"/api/v1/games/{gid}/hands", json={"hand": {**LECHNER_HAND, "n": "\ud800"},
                                                     "version": 1}, headers=bearer(token))
    assert r.status_code == 422 and "cannot be stored" in r.get_json()["detail"]
    assert db.session.get(Game, gid).hands == []


def _app_before_repair(tmp_path, monkeypatch):
    """An app on an empty database (SQLite, or a schema of its own on PostgreSQL), to upgrade
    step by step."""
    from scorekeeper import create_app
    from tests.conftest import ON_POSTGRES, _config, _reset_schema, schema_name, schema_url

    from .helpers import empty_app

    if not ON_POSTGRES:
        return empty_app(tmp_path, monkeypatch)
    schema = schema_name("t_repair_text")
    _reset_schema(schema)
    return create_app(_config(schema_url(schema)))


def test_the_migration_repairs_stored_text_so_the_club_exports_again(tmp_path, monkeypatch):
    """A database that holds what the event import once let in (a lone surrogate, a NUL, a key
    no hand has) exports again once upgraded."""
    from flask_migrate import upgrade
    from sqlalchemy import text as sql

    from scorekeeper.models import Club, Member, Phone
    from .clubs.test_migration import LECHNER, _insert

    app = _app_before_repair(tmp_path, monkeypatch)
    hand = {**LECHNER["hands"][0], "note": "\ud800 \x00", "evil\ud800": 1}
    with app.app_context():
        upgrade(revision="c7e3a9d15b62")
        with db.engine.begin() as conn:
            conn.execute(sql("INSERT INTO club (id, name, code, created_at) VALUES"
                             " (1, 'Thursday', 'RSTUVWX', '2026-11-01 19:00:00')"))
            _insert(conn, 1, {**LECHNER, "hands": [hand]}, "ABCDEFG")
            conn.execute(sql("UPDATE game SET club_id = 1"))
            conn.execute(sql("UPDATE game SET options = :o"), {"o": '{"x\\u0000": "\\udfff"}'})
        upgrade()
        db.session.remove()
        game = db.session.get(Game, 1)
        assert game.hands[0].data == LECHNER["hands"][0]
        assert game.options == {"x": "\ufffd"}
        assert game.events[0].data["note"] == "\ufffd "
        phone = Phone()
        db.session.add(phone)
        db.session.flush()
        db.session.add(Member(club_id=1, phone_id=phone.id, is_admin=True, label="Ann"))
        db.session.commit()
        club = app.test_client()
        with app.test_request_context():
            from scorekeeper import access
            club.set_cookie(access.PHONE_COOKIE, access.phone_cookie_value(phone.id))
        assert club.get("/clubs/1/export.json").status_code == 200
        assert club.get("/games/1/record.json").status_code == 200
        db.session.remove()
        assert db.session.get(Club, 1) is not None
