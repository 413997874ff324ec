"""The roster: games seated from it, new names joining it, rename and merge followed by every
past game (its record, its page, its export, its history)."""
from __future__ import annotations

from scorekeeper.extensions import db
from scorekeeper.models import Person

from ..helpers import HX, game, post_hand, text
from .helpers import MOON_WIN, club, club_game, create_club, person_id


def test_new_game_from_the_roster_and_new_names_join_it(client):
    cid = create_club(client)
    r = client.get(f"/clubs/{cid}/games/new?variant=moon")
    assert r.status_code == 200 and 'name="person-0"' in r.text and 'name="name-0"' in r.text
    assert f'action="/clubs/{cid}/games/new"' in r.text
    gid = club_game(client, cid, "moon", ["Ann", "Bob", "Cat"], first_dealer=1)
    assert sorted(p.name for p in club(cid).people) == ["Ann", "Bob", "Cat"]
    g = game(gid)
    assert g.club_id == cid and g.first_dealer == 1
    assert [p.person.name for p in g.players] == ["Ann", "Bob", "Cat"]
    # the roster's people are offered per seat; a typed name matching one (any case) is them
    r = client.get(f"/clubs/{cid}/games/new?variant=moon")
    assert all(f'<option value="{p.id}"' in r.text for p in club(cid).people)
    ann, cat = person_id(cid, "Ann"), person_id(cid, "Cat")
    gid2 = club_game(client, cid, "moon", [cat, "bob", "Dee"])
    assert game(gid2).player_names == ["Cat", "Bob", "Dee"]
    assert [p.person_id for p in game(gid2).players][0] == cat
    assert sorted(p.name for p in club(cid).people) == ["Ann", "Bob", "Cat", "Dee"]
    # a typed name wins over the pick
    data = {"variant": "moon", "first_dealer": "0", "person-0": str(ann), "name-0": "Eve",
            "person-1": str(cat), "name-2": "Fay", "opt-target_points": "21"}
    r = client.post(f"/clubs/{cid}/games/new", data=data)
    assert r.status_code == 303
    assert game(int(r.headers["Location"].rsplit("/", 1)[1])).player_names == ["Eve", "Cat", "Fay"]


def test_club_game_form_errors_keep_the_picks(client):
    cid = create_club(client)
    club_game(client, cid, "moon", ["Ann", "Bob", "Cat"])
    ann = person_id(cid, "Ann")
    data = {"variant": "moon", "first_dealer": "0", "person-0": str(ann), "name-1": "ann",
            "opt-target_points": "21"}
    r = client.post(f"/clubs/{cid}/games/new", data=data)
    assert r.status_code == 422
    assert "Two seats are called Ann" in text(r) and "for exactly 3 players" in text(r)
    assert f'<option value="{ann}" selected' in r.text and 'value="ann"' in r.text
    r = client.post(f"/clubs/{cid}/games/new", data=data, headers=HX)
    assert r.status_code == 200 and "<html" not in r.text and "Two seats" in text(r)
    data["person-1"] = "999"  # not on this roster: no name
    data["name-2"] = "Zed"
    data.pop("name-1")
    r = client.post(f"/clubs/{cid}/games/new", data=data)
    assert r.status_code == 422 and "Seat 2 has no name" in text(r)
    # the htmx form is sent on as HX-Redirect
    r = client.post(f"/clubs/{cid}/games/new", headers=HX, data={
        "variant": "moon", "first_dealer": "0", "name-0": "A", "name-1": "B", "name-2": "C",
        "opt-target_points": "21"})
    assert r.status_code == 204 and r.headers["HX-Redirect"].startswith("/games/")


def test_rename_follows_every_past_game(client, app):
    cid = create_club(client)
    g1 = club_game(client, cid, "moon", ["Ann", "Bob", "Cat"])
    g2 = club_game(client, cid, "moon", ["Bob", "Cat", "Dee"])
    post_hand(client, g1, {"mode": "quick", "bidder": "1", "bid": "5", "tricks-0": "1",
                           "tricks-1": "5", "tricks-2": "1"})
    v1 = game(g1).version
    bob = person_id(cid, "Bob")
    r = client.post(f"/clubs/{cid}/roster/{bob}/rename", data={"name": "Robert"})
    assert r.status_code == 303 and r.headers["Location"] == f"/clubs/{cid}/roster"
    assert game(g1).player_names == ["Ann", "Robert", "Cat"]
    assert game(g2).player_names == ["Robert", "Cat", "Dee"]
    assert game(g1).version == v1 + 1  # watching phones see it
    assert client.get(f"/games/{g1}/record.json").get_json()["players"][1] == "Robert"
    assert "Robert bid 5" in text(client.get(f"/games/{g1}?view=list"))
    history = text(client.get(f"/games/{g1}/history"))
    assert "Player renamed" in history and "Bob is now called Robert" in history
    assert "by club member Ann's phone" in history
    export = client.get(f"/clubs/{cid}/export.json").get_json()
    assert [r["players"] for r in export] == [["Ann", "Robert", "Cat"], ["Robert", "Cat", "Dee"]]
    # htmx gets the roster back with the notice
    r = client.post(f"/clubs/{cid}/roster/{bob}/rename", data={"name": "Rob"}, headers=HX)
    assert r.status_code == 200 and 'id="roster"' in r.text and "<html" not in r.text
    assert "Robert is now Rob, in every game." in text(r)


def test_rename_refuses_someone_elses_name(client):
    cid = create_club(client)
    club_game(client, cid, "moon", ["Ann", "Bob", "Cat"])
    bob = person_id(cid, "Bob")
    r = client.post(f"/clubs/{cid}/roster/{bob}/rename", data={"name": "ann"})
    assert r.status_code == 422 and "Ann is someone else on the roster" in text(r)
    assert client.post(f"/clubs/{cid}/roster/{bob}/rename", data={"name": " "}).status_code == 422
    r = client.post(f"/clubs/{cid}/roster/{bob}/rename", data={"name": "BOB"})  # case only
    assert r.status_code == 303 and person_id(cid, "BOB") == bob


def test_merge_two_people_and_every_game_follows(client):
    cid = create_club(client)
    g1 = club_game(client, cid, "moon", ["Ann", "Bob", "Cat"])
    g2 = club_game(client, cid, "moon", ["Ann", "Bobby", "Cat"])
    for gid in (g1, g2):  # played: the roster counts only games with a hand
        assert post_hand(client, gid, MOON_WIN).status_code == 303
    bob, bobby = person_id(cid, "Bob"), person_id(cid, "Bobby")
    # without confirm=1: the question, nothing changed
    r = client.post(f"/clubs/{cid}/roster/{bobby}/merge", data={"into": str(bob)})
    assert r.status_code == 200 and "Bobby is Bob?" in text(r) and "1 game will show Bob" in text(r)
    assert game(g2).player_names == ["Ann", "Bobby", "Cat"]
    r = client.post(f"/clubs/{cid}/roster/{bobby}/merge", data={"into": str(bob), "confirm": "1"})
    assert r.status_code == 303
    assert game(g2).player_names == ["Ann", "Bob", "Cat"]
    assert game(g2).players[1].person_id == bob == game(g1).players[1].person_id
    assert db.session.get(Person, bobby) is None
    assert sorted(p.name for p in club(cid).people) == ["Ann", "Bob", "Cat"]
    assert "Bobby is the same person as Bob" in text(client.get(f"/games/{g2}/history"))
    roster = text(client.get(f"/clubs/{cid}/roster"))
    assert "Bob 2 games" in roster


def test_merge_refuses_two_people_of_one_game(client):
    cid = create_club(client)
    gid = club_game(client, cid, "moon", ["Ann", "Bob", "Cat"])
    ann, bob = person_id(cid, "Ann"), person_id(cid, "Bob")
    r = client.post(f"/clubs/{cid}/roster/{bob}/merge", data={"into": str(ann), "confirm": "1"})
    assert r.status_code == 422 and f"played in the same game (game #{gid})" in text(r)
    r = client.post(f"/clubs/{cid}/roster/{bob}/merge", data={"into": str(bob), "confirm": "1"})
    assert r.status_code == 422
    assert game(gid).player_names == ["Ann", "Bob", "Cat"]


def test_add_a_person(client):
    cid = create_club(client)
    r = client.post(f"/clubs/{cid}/roster", data={"name": "  Zed "})
    assert r.status_code == 303 and [p.name for p in club(cid).people] == ["Zed"]
    r = client.post(f"/clubs/{cid}/roster", data={"name": "zed"}, headers=HX)
    assert r.status_code == 200 and "Zed is on the roster already." in text(r)
    assert "Zed" in text(client.get(f"/clubs/{cid}"))
