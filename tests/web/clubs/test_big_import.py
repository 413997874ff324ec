"""A club's own export imports back however big the club (the import routes take
IMPORT_MAX_CONTENT_LENGTH), while every other route keeps the 1 MB limit."""
from __future__ import annotations

import io
import json
import time

from scorekeeper import store
from scorekeeper.extensions import db
from scorekeeper.models import Club, Game

from ..helpers import text
from .helpers import club_records

GAMES = 700  # an export of 1.5 MB: past the 1 MB every other route keeps


def _upload(client, export: bytes, name: str):
    return client.post("/clubs/import", data={
        "name": name, "label": "Ann's phone",
        "records": (io.BytesIO(export), "club.json")}, content_type="multipart/form-data")


def test_a_club_export_past_1_mb_imports_back(client, capsys):
    made = store.import_club("Big club", None, None, club_records(GAMES))
    code = db.session.get(Club, made.club_id).code
    assert client.post("/clubs/join", data={"code": code}).status_code == 303
    export = client.get(f"/clubs/{made.club_id}/export.json").get_data()
    assert len(export) > 1_100_000, "the export should be past the 1 MB limit"

    started = time.perf_counter()
    r = _upload(client, export, "Big club, moved")
    took = time.perf_counter() - started
    assert r.status_code == 303, text(r)[:500]
    new_id = int(r.headers["Location"].rsplit("/", 1)[1])
    again = client.get(f"/clubs/{new_id}/export.json").get_data()
    assert json.loads(again) == json.loads(export)
    assert db.session.scalar(db.select(db.func.count()).select_from(Game)
                             .where(Game.club_id == new_id)) == GAMES
    with capsys.disabled():
        print(f"\n{GAMES}-game export ({len(export) / 1e6:.2f} MB) imported in {took:.1f} s")


def test_a_pasted_export_past_1_mb_imports_too(client):
    export = json.dumps(club_records(1200))
    assert len(export) > 1_000_000
    r = client.post("/clubs/import", data={"name": "Pasted", "records": export})
    assert r.status_code == 303, text(r)[:500]


def test_a_game_import_takes_a_large_upload(client):
    # (a record holds only the keys game-record.md names: the bulk is an editor's indenting)
    record = json.dumps(club_records(1)[0], indent=1_500_000 // 200)
    r = client.post("/games/import", data={"record": (io.BytesIO(record.encode()), "g.json")},
                    content_type="multipart/form-data")
    assert r.status_code == 303, text(r)[:500]


def test_every_other_route_keeps_the_1_mb_limit(client):
    big = "x" * 1_100_000
    for path in ("/games/new", "/join", "/clubs", "/clubs/join"):
        r = client.post(path, data={"name": big, "code": big})
        assert r.status_code == 413, path
        assert "larger than this server takes" in text(r)


def test_an_import_past_its_own_limit_is_a_plain_413(app, client):
    app.config["IMPORT_MAX_CONTENT_LENGTH"] = 2_000_000
    r = _upload(client, b"[" + b" " * 2_100_000 + b"]", "Too big")
    assert r.status_code == 413
    assert "larger than this server takes" in text(r)
    assert db.session.scalar(db.select(db.func.count()).select_from(Club)) == 0
