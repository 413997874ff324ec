"""scorekeeper/games/new_game.py: the one checker of a new game's record, used by the setup form,
a game's import and a club's import alike; so the three refuse the same things the same way."""
from __future__ import annotations

import io
import json

import pytest
from werkzeug.datastructures import MultiDict

from scorekeeper.extensions import db
from scorekeeper.games import new_game
from scorekeeper.models import MAX_HANDS, Club, Game
from scorekeeper.rules import VARIANTS

from .helpers import text

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def record_of(hands: int, players=PLAYERS) -> dict:
    """A Texas 42 record where an all-pass is thrown in: `hands` redeals, never over."""
    return {"variant": "texas42", "players": list(players), "first_dealer": 0,
            "options": {"all_pass": "redeal"}, "hands": [{"passed": True}] * hands}


# --------------------------------------------------------------------------- the checker

@pytest.mark.parametrize("raw, message", [
    ("x", "not a game record"),
    ({**record_of(0), "players": ["A\x00nn", "Bob", "Cat", "Dan"]}, "cannot be stored"),
    ({**record_of(0), "players": ["A\ud800nn", "Bob", "Cat", "Dan"]}, "cannot be stored"),
    (record_of(MAX_HANDS + 1), f"at most {MAX_HANDS}"),
    ({**record_of(0), "players": ["Ann", "ann", "Cat", "Dan"]}, "Two seats are called Ann"),
    ({**record_of(0), "players": ["Ann", "x" * 41, "Cat", "Dan"]}, "too long"),
    ({**record_of(2), "hands": [{"passed": True}, {"bidder": 9}]}, "Hand 2:"),
    ({"variant": "nope", "players": ["A"]}, "nope"),
])
def test_check_record_refuses(raw, message):
    record, problem = new_game.check_record(raw)
    assert record is None and message in problem


@pytest.mark.parametrize("players, messages", [
    (["Ann", "ann", "ANN", "Dan"], ["Three seats are called Ann: give each player a different "
                                    "name."]),
    (["Ann", "Bob", "ann", "bob"], ["Two seats are called Ann: give each player a different "
                                    "name.", "Two seats are called Bob: give each player a "
                                    "different name."]),
    (["Ann", "", "ann", "x" * 41, "ann"], ["Seat 2 has no name: fill it in or move the names "
                                           "up.", "The name in seat 4 is too long (at most 40 "
                                           "letters).", "Three seats are called Ann: give each "
                                           "player a different name."]),
])
def test_a_name_on_several_seats_is_named_once(players, messages):
    assert new_game.name_problems(players) == messages


def test_the_setup_page_names_a_person_on_three_seats_once(client):
    data = {"variant": "forty-two", "first_dealer": "0", "opt-target_points": "250",
            "opt-target_hands": "7", "name-0": "Ann", "name-1": "ANN", "name-2": "ann",
            "name-3": "Dan"}
    r = client.post("/games/new", data=data)
    assert r.status_code == 422
    assert text(r).count("seats are called") == 1 and "Three seats are called Ann" in text(r)


def test_check_record_cleans_the_names_and_fills_the_optional_keys():
    record, problem = new_game.check_record(
        {"variant": "moon", "players": [" Ann  Lee", "B\u200bob", "Cat"]})
    assert problem is None
    assert record == {"variant": "moon", "players": ["Ann Lee", "Bob", "Cat"],
                      "first_dealer": 0, "options": {}, "hands": []}


def test_read_record_from_the_setup_form():
    variant = VARIANTS["moon"]
    form = MultiDict({"first_dealer": "2"})
    record, errors = new_game.read_record(variant, ["Ann", "Bob", "Cat"], form)
    assert errors == [] and record["first_dealer"] == 2 and record["hands"] == []
    record, errors = new_game.read_record(variant, ["Ann", "Bob", "Cat"],
                                          MultiDict({"first_dealer": "3"}))
    assert record is None and errors == ["Pick who shakes first from the players named."]
    # in the variant's own words: a card game deals, a Mexican Train round is started
    for vid, verb in (("card42", "deals"), ("mexican-train", "starts")):
        _, errors = new_game.read_record(VARIANTS[vid], ["Ann", "Bob", "Cat", "Dan"],
                                         MultiDict({"first_dealer": "7"}))
        assert errors == [f"Pick who {verb} first from the players named."]


@pytest.mark.parametrize("names, message", [
    (["Ann"], "is for exactly 3 players; 1 is named."),
    (["Ann", "", "Cat"], "Seat 2 has no name"),
])
def test_read_names_from_the_setup_form(names, message):
    form = MultiDict({f"name-{i}": n for i, n in enumerate(names)})
    players, errors = new_game.read_names(VARIANTS["moon"], form)
    assert any(message in e for e in errors), errors


# --------------------------------------------------------------------------- the three doors

def _club_import(client, payload, name="Imported"):
    data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return client.post("/clubs/import", data={"name": name, "records": (io.BytesIO(data),
                                                                        "club.json")},
                       content_type="multipart/form-data")


def _game_import(client, payload):
    data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return client.post("/games/import", data={"record": (io.BytesIO(data), "game.json")},
                       content_type="multipart/form-data")


def _nothing_saved():
    return db.session.query(Club).count() == 0 and db.session.query(Game).count() == 0


@pytest.mark.parametrize("raw, message", [
    ({**record_of(0), "players": ["A\x00nn", "Bob", "Cat", "Dan"]}, "cannot be stored"),
    ({**record_of(0), "players": ["A\ud800nn", "Bob", "Cat", "Dan"]}, "cannot be stored"),
    (record_of(MAX_HANDS + 1), f"at most {MAX_HANDS}"),
], ids=["nul", "surrogate", "too-many-hands"])
def test_a_club_import_refuses_what_a_game_import_refuses(client, raw, message):
    """Were a 500 (NUL on PostgreSQL, a lone surrogate anywhere) or a stored 501-hand game."""
    r = _game_import(client, raw)
    assert r.status_code == 422 and message in text(r)
    r = _club_import(client, [record_of(1), raw])
    assert r.status_code == 422, r.status_code
    assert f"Game 2: " in text(r) and message in text(r)
    assert _nothing_saved()


def test_an_upload_with_a_byte_order_mark_is_read(client):
    """A UTF-8 BOM (what some editors write) is no reason to refuse a file the CLI reads."""
    bom = "\ufeff".encode()
    r = _club_import(client, bom + json.dumps([record_of(2)]).encode())
    assert r.status_code == 303, text(r)[:500]
    r = _game_import(client, bom + json.dumps(record_of(2)).encode())
    assert r.status_code == 303, text(r)[:500]
    assert db.session.query(Game).count() == 2


def test_a_club_game_is_counted_against_the_same_seats(client):
    """The club's setup form names the player count in the same words as the game's."""
    from .clubs.helpers import create_club

    club_id = create_club(client)
    r = client.post(f"/clubs/{club_id}/games/new", data={"variant": "moon", "name-0": "Ann",
                                                          "first_dealer": "0"})
    assert r.status_code == 422 and "is for exactly 3 players; 1 is seated." in text(r)
