"""One person, one name (spec/stats.md, "Who a player is"): the roster, the seat picker, the
club import and a new game compare names by the one name key, and a name over the limit is
refused with the limit, never cut."""
from __future__ import annotations

import io
import json
import re

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import Game

from ..helpers import create, game, text
from .helpers import club, club_game, create_club, person_id

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
PERSIAN = "\u0646\u06cc\u200c\u0644\u0648\u0641\u0631"
TOO_LONG = "A" * 41


def _import(client, records):
    return client.post("/clubs/import", data={"name": "Imported", "records": (
        io.BytesIO(json.dumps(records).encode()), "club.json")}, content_type="multipart/form-data")


@pytest.mark.parametrize("typed", ["ann", "  ANN ", "A\u200bnn", "Ann\u200d"])
def test_the_roster_refuses_the_same_person_twice(client, typed):
    cid = create_club(client)
    club_game(client, cid, "moon", ["Ann", "Bob", "Cat"])
    r = client.post(f"/clubs/{cid}/roster", data={"name": typed})
    assert r.status_code == 422 and "Ann is on the roster already" in text(r)
    assert sorted(p.name for p in club(cid).people) == ["Ann", "Bob", "Cat"]


def test_a_rename_to_another_case_is_the_same_person(client):
    cid = create_club(client)
    club_game(client, cid, "moon", ["Ann", "Bob", "Cat"])
    r = client.post(f"/clubs/{cid}/roster/{person_id(cid, 'Bob')}/rename", data={"name": "ANN"})
    assert r.status_code == 422 and "Ann is someone else on the roster" in text(r)
    r = client.post(f"/clubs/{cid}/roster/{person_id(cid, 'Ann')}/rename", data={"name": "ANN"})
    assert r.status_code == 303 and sorted(p.name for p in club(cid).people) == ["ANN", "Bob", "Cat"]


def test_a_typed_name_in_another_spelling_seats_the_roster_person(client):
    cid = create_club(client)
    club_game(client, cid, "moon", ["Zo\u00eb", "Bob", "Cat"])
    gid = club_game(client, cid, "moon", ["ZOE\u0308", " bob ", "Dee"])
    assert game(gid).player_names == ["Zo\u00eb", "Bob", "Dee"]
    assert sorted(p.name for p in club(cid).people) == ["Bob", "Cat", "Dee", "Zo\u00eb"]


def test_the_seat_picker_names_the_seat_taken_twice_by_its_first_spelling(client):
    cid = create_club(client)
    data = {"variant": "moon", "first_dealer": "0", "name-0": "Ann", "name-1": "ann",
            "name-2": "Cat", "opt-target_points": "21"}
    r = client.post(f"/clubs/{cid}/games/new", data=data)
    assert r.status_code == 422 and "Two seats are called Ann" in text(r)


def test_the_seat_picker_names_one_person_seated_three_times_once(client):
    cid = create_club(client)
    club_game(client, cid, "moon", ["Ann", "Bob", "Cat"])
    ann = person_id(cid, "Ann")
    data = {"variant": "moon", "first_dealer": "0", "person-0": str(ann), "person-1": str(ann),
            "name-2": "ANN", "opt-target_points": "21"}
    r = client.post(f"/clubs/{cid}/games/new", data=data)
    assert r.status_code == 422
    assert text(r).count("seats are called") == 1 and "Three seats are called Ann" in text(r)


def test_the_club_import_makes_one_person_of_one_name(client):
    records = [{"variant": "moon", "players": ["Ann", "Bob", "Cat"], "hands": []},
               {"variant": "moon", "players": [" ann", "BOB", "Cat"], "hands": []}]
    r = _import(client, records)
    assert r.status_code == 303, text(r)
    cid = int(r.headers["Location"].rsplit("/", 1)[1])
    assert sorted(p.name for p in club(cid).people) == ["Ann", "Bob", "Cat"]
    games = db.session.query(Game).filter_by(club_id=cid).order_by(Game.id).all()
    assert [g.player_names for g in games] == [["Ann", "Bob", "Cat"]] * 2


def test_the_club_import_refuses_one_name_twice_in_a_game(client):
    r = _import(client, [{"variant": "moon", "players": ["Ann", "ANN", "Cat"], "hands": []}])
    assert r.status_code == 422 and "Game 1: Two seats are called Ann" in text(r)


@pytest.mark.parametrize("where", ["new game", "seat picker", "roster", "import"])
def test_a_name_over_the_limit_is_refused_with_the_limit(client, where):
    if where == "new game":
        r = client.post("/games/new", data={"variant": "moon", "first_dealer": "0",
                                            "name-0": TOO_LONG, "name-1": "B", "name-2": "C"})
    elif where == "import":
        r = _import(client, [{"variant": "moon", "players": [TOO_LONG, "B", "C"], "hands": []}])
    else:
        cid = create_club(client)
        if where == "roster":
            r = client.post(f"/clubs/{cid}/roster", data={"name": TOO_LONG})
        else:
            r = client.post(f"/clubs/{cid}/games/new", data={
                "variant": "moon", "first_dealer": "0", "name-0": TOO_LONG, "name-1": "B",
                "name-2": "C", "opt-target_points": "21"})
    assert r.status_code == 422 and "at most 40" in text(r)
    assert db.session.query(Game).count() == 0
    # the browser never cuts a name either: the inputs have no maxlength, the message says it
    assert not re.search(r'name="name[^"]*"[^>]*maxlength', r.get_data(as_text=True))


def test_names_written_with_joiners_keep_them(client):
    gid = create(client, "moon", [f"Ann {FAMILY}", PERSIAN, "\u200bCat\u200d"])
    assert game(gid).player_names == [f"Ann {FAMILY}", PERSIAN, "Cat"]
