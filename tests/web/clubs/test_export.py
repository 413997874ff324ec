"""A club's export (every game's record, one JSON list) and its import into a new club."""
from __future__ import annotations

import io
import json

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import Club, Game

from ..helpers import create, post_hand, text
from .helpers import MOON_WIN, club, club_game, create_club

HAND = {"mode": "quick", "bidder": "1", "bid": "5", "tricks-0": "1", "tricks-1": "5",
        "tricks-2": "1"}


def _import(client, payload, name="Imported"):
    data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return client.post("/clubs/import", data={"name": name, "label": "Zoe's phone",
                                              "records": (io.BytesIO(data), "club.json")},
                       content_type="multipart/form-data")


def test_export_import_round_trip(client, app, tmp_path, capsys):
    cid = create_club(client)
    g1 = club_game(client, cid, "moon", ["Ann", "Bob", "Cat"])
    post_hand(client, g1, HAND)
    post_hand(client, g1, MOON_WIN)
    club_game(client, cid, "lechner42", ["Ann", "Bob", "Cat", "Dee"], target_marks=3)
    create(client, "moon", 3)  # outside the club: not exported
    r = client.get(f"/clubs/{cid}/export.json")
    assert r.status_code == 200 and r.mimetype == "application/json"
    assert "attachment" in r.headers["Content-Disposition"]
    records = r.get_json()
    assert [x["variant"] for x in records] == ["moon", "lechner42"]
    assert records[0]["hands"][0] == {"bidder": 1, "bid": 5, "tricks": [1, 5, 1]}

    # `scorekeeper stats` reads the export as it is
    from scorekeeper import cli

    path = tmp_path / "club.json"
    path.write_bytes(r.data)
    assert cli.main(["stats", str(path)]) == 0
    numbers = json.loads(capsys.readouterr().out)
    assert numbers["games"] == 2 and numbers["players"]["Bob"]["wins"] == 0
    assert numbers["players"]["Ann"]["wins"] == 1 and numbers["players"]["Dee"]["games"] == 1

    other = app.test_client()
    r = _import(other, records, "Copy of Thursday")
    assert r.status_code == 303
    new_cid = int(r.headers["Location"].rsplit("/", 1)[1])
    assert new_cid != cid
    new = club(new_cid)
    assert new.name == "Copy of Thursday"
    assert [(m.label, m.is_admin) for m in new.members] == [("Zoe's phone", True)]
    assert sorted(p.name for p in new.people) == ["Ann", "Bob", "Cat", "Dee"]
    assert other.get(f"/clubs/{new_cid}/export.json").get_json() == records
    assert "Copy of Thursday" in text(other.get(f"/clubs/{new_cid}"))
    assert other.get(f"/clubs/{cid}").status_code == 404  # the old club is not its
    # the imported games are the new club's, seated by its people
    games = db.session.query(Game).filter_by(club_id=new_cid).all()
    assert all(p.person.club_id == new_cid for g in games for p in g.players)


def test_import_accepts_one_game_record(client):
    r = _import(client, {"variant": "moon", "players": ["A", "B", "C"], "hands": []})
    assert r.status_code == 303


@pytest.mark.parametrize("payload, message", [
    (b"not json", "not a club export"),
    ([{"variant": "moon", "players": ["A", "B", "C"], "hands": []},
      {"variant": "moon", "players": ["A", "B", "C"],
       "hands": [{"bidder": 0, "bid": 5, "tricks": [1, 5, 1]},
                 {"bidder": 0, "bid": 5, "tricks": [1, 1, 1]}]}],
     "Game 2: Hand 2: The tricks add up to 3"),
    ([{"variant": "moon", "players": ["A", "a", "C"]}], "Game 1: Two seats are called A"),
    ([{"variant": "nope", "players": ["A"]}], "Game 1:"),
    (["x"], "Game 1: It is not a game record"),
])
def test_import_refuses_a_bad_game_and_saves_nothing(client, payload, message):
    r = _import(client, payload)
    assert r.status_code == 422 and message in text(r)
    assert db.session.query(Club).count() == 0 and db.session.query(Game).count() == 0


def test_import_needs_a_name(client):
    r = _import(client, [], name=" ")
    assert r.status_code == 422 and "Give the new club a name" in text(r)
