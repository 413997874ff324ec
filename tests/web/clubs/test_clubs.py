"""Starting and joining a club, its phones (leave, remove, admin), and what a stranger sees."""
from __future__ import annotations

import html
import re

import pytest

from scorekeeper.extensions import db
from scorekeeper.models import Club, Member
from scorekeeper.codes import GUESS_LIMIT

from ..helpers import HX, create, text
from .helpers import club, club_game, create_club, join_club


def test_start_a_club_through_the_form(client):
    r = client.get("/clubs")
    assert r.status_code == 200 and "Start a club" in text(r) and 'method="post"' in r.text
    cid = create_club(client, "  Thursday   Night ", "Ann's phone")
    c = club(cid)
    assert c.name == "Thursday Night" and len(c.code) == 7
    assert [(m.label, m.is_admin) for m in c.members] == [("Ann's phone", True)]
    home = client.get(f"/clubs/{cid}")
    assert home.status_code == 200
    assert "Thursday Night" in text(home) and "Start a game in the club" in text(home)
    assert "Thursday Night" in text(client.get("/clubs"))  # listed as this phone's club


def test_club_needs_a_name(client):
    r = client.post("/clubs", data={"name": "   "})
    assert r.status_code == 422 and "Give the club a name." in text(r)
    r = client.post("/clubs", data={"name": "x" * 61})
    assert r.status_code == 422 and "at most 60" in text(r)
    assert db.session.query(Club).count() == 0


def test_join_by_code_once(client, app):
    cid = create_club(client)
    bob = app.test_client()
    code = club(cid).code
    assert bob.get(f"/clubs/{cid}").status_code == 404
    r = bob.post("/clubs/join", data={"code": f"{code[:3].lower()} {code[3:]}", "label": "Bob"})
    assert r.status_code == 303 and r.headers["Location"] == f"/clubs/{cid}"
    assert bob.get(f"/clubs/{cid}").status_code == 200
    # once: joining again (the form or the QR link) is the same phone
    join_club(bob, cid)
    r = bob.get(f"/c/{code}")
    assert r.status_code == 303 and r.headers["Location"] == f"/clubs/{cid}"
    assert len(club(cid).members) == 2


@pytest.mark.parametrize("lookalike", ["O", "0", "I", "1", "L", "l"])
def test_a_lookalike_in_a_typed_club_code_is_named(client, app, lookalike):
    cid = create_club(client)
    code = club(cid).code
    r = app.test_client().post("/clubs/join", data={"code": lookalike + code[1:]})
    assert r.status_code == 400
    assert "Codes never use O, 0, I, 1 or L" in text(r) and "7 letters" not in text(r)
    assert len(club(cid).members) == 1


def test_a_lowercase_club_code_joins(client, app):
    cid = create_club(client)
    r = app.test_client().post("/clubs/join", data={"code": club(cid).code.lower(),
                                                     "label": "Bob"})
    assert r.status_code == 303 and r.headers["Location"] == f"/clubs/{cid}"
    assert len(club(cid).members) == 2


def test_the_qr_link_asks_before_joining(client, app):
    cid = create_club(client, "Domino Den")
    cat = app.test_client()
    r = cat.get(f"/c/{club(cid).code}")
    assert r.status_code == 200 and "Join Domino Den" in text(r)
    assert len(club(cid).members) == 1  # a GET never joins
    assert 'name="code"' in r.text and 'method="post"' in r.text
    r = cat.get(f"/c/{club(cid).code}", headers=HX)
    assert r.status_code == 200 and "<html" not in r.text


def test_wrong_club_codes_are_rate_limited_with_game_codes(client, app):
    cid = create_club(client)
    stranger = app.test_client()
    r = stranger.post("/clubs/join", data={"code": "ZZZ2345"})
    assert r.status_code == 404 and "No club has the code ZZZ 2345" in text(r)
    assert stranger.post("/clubs/join", data={"code": "O0"}).status_code == 400  # not counted
    for _ in range(GUESS_LIMIT - 2):
        assert stranger.post("/clubs/join", data={"code": "ZZZ2345"}).status_code == 404
    assert stranger.get("/g/ZZZ2346").status_code == 404  # a game code guess counts too
    r = stranger.post("/clubs/join", data={"code": club(cid).code})
    assert r.status_code == 429  # even the right code, while over the limit
    assert stranger.get("/c/ZZZ2347").status_code == 429
    assert len(club(cid).members) == 1


def test_a_stranger_sees_nothing_of_a_club(client, app):
    cid = create_club(client, "Secret Society")
    gid = club_game(client, cid, "moon", ["Ann", "Bob", "Cat"])
    stranger = app.test_client()
    pid = club(cid).people[0].id
    mid = club(cid).members[0].id
    for method, url in [("GET", f"/clubs/{cid}"), ("GET", f"/clubs/{cid}/roster"),
                        ("GET", f"/clubs/{cid}/phones"), ("GET", f"/clubs/{cid}/export.json"),
                        ("GET", f"/clubs/{cid}/games/new"),
                        ("POST", f"/clubs/{cid}/games/new"),
                        ("POST", f"/clubs/{cid}/roster"),
                        ("POST", f"/clubs/{cid}/roster/{pid}/rename"),
                        ("POST", f"/clubs/{cid}/roster/{pid}/merge"),
                        ("POST", f"/clubs/{cid}/leave"),
                        ("POST", f"/clubs/{cid}/phones/{mid}/remove"),
                        ("POST", f"/clubs/{cid}/phones/{mid}/admin")]:
        r = stranger.open(url, method=method, data={"name": "Eve", "into": str(pid)})
        assert r.status_code == 404, url  # members only, as for a club not there
        assert "Secret Society" not in r.text and "Ann" not in r.text and "Members only" in r.text
    # the club's games are not readable either: the join page, as for any game
    r = stranger.get(f"/games/{gid}")
    assert r.status_code == 404 and "No game here" in r.get_data(as_text=True)
    assert stranger.get(f"/games/{gid}/take-over").status_code == 404
    assert club(cid).people[0].name != "Eve"


@pytest.mark.parametrize("url", ["/clubs/999", "/clubs/999/roster", "/clubs/999/phones",
                                 "/clubs/999/export.json", "/clubs/99999999999",
                                 "/clubs/{cid}/roster/999/rename", "/clubs/{cid}/phones/999/admin",
                                 "/clubs/{cid}/roster/{other}/rename",
                                 "/clubs/{cid}/phones/{othermember}/remove",
                                 "/games/999/take-over", "/games/999/rematch", "/games/999/next",
                                 "/games/999/continue"])
def test_what_is_not_there_or_not_yours_is_404(client, app, url):
    cid = create_club(client)
    elsewhere = app.test_client()
    other_club = create_club(elsewhere, "Elsewhere")
    club_game(elsewhere, other_club, "moon", ["Xi", "Yu", "Zo"])
    url = url.format(cid=cid, other=club(other_club).people[0].id,
                     othermember=club(other_club).members[0].id)
    method = "POST" if url.endswith(("rename", "admin", "remove", "rematch")) else "GET"
    r = client.open(url, method=method, data={"name": "Q"})
    assert r.status_code == 404


def test_members_watch_every_club_game_but_cannot_score_it(client, app):
    cid = create_club(client)
    gid = club_game(client, cid, "moon", ["Ann", "Bob", "Cat"])
    bob = app.test_client()
    join_club(bob, cid)
    r = bob.get(f"/games/{gid}")
    assert r.status_code == 200 and 'id="hand-form"' not in r.text
    assert "Take over scoring" in text(r)
    assert bob.get(f"/games/{gid}/live").status_code == 200
    assert bob.get(f"/games/{gid}/record.json").status_code == 200
    assert bob.post(f"/games/{gid}/hands", data={"version": "1"}).status_code == 403
    # a game outside the club stays closed to members
    outside = create(client, "moon", 3)
    assert bob.get(f"/games/{outside}").status_code == 404
    # the club's home lists the game
    assert f"/games/{gid}" in bob.get(f"/clubs/{cid}").text


def test_leave_and_the_admin_passes_on(client, app):
    cid = create_club(client)
    bob, cat = app.test_client(), app.test_client()
    join_club(bob, cid, "Bob")
    join_club(cat, cid, "Cat")
    r = client.post(f"/clubs/{cid}/leave")
    assert r.status_code == 303 and r.headers["Location"] == "/clubs"
    assert client.get(f"/clubs/{cid}").status_code == 404
    assert [(m.label, m.is_admin) for m in club(cid).members] == [("Bob", True), ("Cat", False)]
    assert cat.post(f"/clubs/{cid}/leave").status_code == 303
    assert [m.label for m in club(cid).members] == ["Bob"]
    assert bob.get(f"/clubs/{cid}").status_code == 200


def test_admin_removes_a_phone_and_hands_admin_over(client, app):
    cid = create_club(client)
    bob, cat = app.test_client(), app.test_client()
    join_club(bob, cid, "Bob")
    join_club(cat, cid, "Cat")
    ids = {m.label: m.id for m in club(cid).members}
    ann = "Ann's phone"
    page = text(client.get(f"/clubs/{cid}/phones"))
    assert "Make admin" in page and "Remove" in page
    assert "Make admin" not in text(bob.get(f"/clubs/{cid}/phones"))
    # only the admin
    assert bob.post(f"/clubs/{cid}/phones/{ids['Cat']}/remove").status_code == 403
    assert client.post(f"/clubs/{cid}/phones/{ids[ann]}/remove").status_code == 403
    r = client.post(f"/clubs/{cid}/phones/{ids['Cat']}/remove")
    assert r.status_code == 303
    assert cat.get(f"/clubs/{cid}").status_code == 404  # its cookie is worthless now
    assert client.post(f"/clubs/{cid}/phones/{ids['Bob']}/admin").status_code == 303
    assert [(m.label, m.is_admin) for m in club(cid).members] == [
        ("Ann's phone", False), ("Bob", True)]
    assert client.post(f"/clubs/{cid}/phones/{ids['Bob']}/remove").status_code == 403
    assert bob.post(f"/clubs/{cid}/phones/{ids[ann]}/remove").status_code == 303
    assert db.session.query(Member).count() == 1


def test_a_forged_member_cookie_is_nobody(client, app):
    cid = create_club(client)
    mid = club(cid).members[0].id
    eve = app.test_client()
    eve.set_cookie(f"sk_m_{cid}", f"{mid}.{'0' * 64}")
    assert eve.get(f"/clubs/{cid}").status_code == 404
    eve.set_cookie(f"sk_m_{cid}", "99999999999.x")
    assert eve.get(f"/clubs/{cid}").status_code == 404
    # a real phone of another club does not open this one, nor a forged phone cookie
    create_club(eve, "Eve's")
    assert eve.get(f"/clubs/{cid}").status_code == 404
    admin_phone = club(cid).members[0].phone_id
    eve.set_cookie("sk_phone", f"{admin_phone}.{'0' * 64}")
    assert eve.get(f"/clubs/{cid}").status_code == 404


def test_the_club_home_links_to_its_stats_archive_and_people(client):
    cid = create_club(client)
    club_game(client, cid, "moon", ["Ann", "Bob", "Cat"])
    home = client.get(f"/clubs/{cid}").text
    ann = next(p.id for p in club(cid).people if p.name == "Ann")
    for url in (f"/clubs/{cid}/stats", f"/clubs/{cid}/games", f"/clubs/{cid}/people/{ann}"):
        assert f'href="{url}"' in home
        assert client.get(url).status_code == 200
    assert f'href="/clubs/{cid}/people/{ann}"' in client.get(f"/clubs/{cid}/roster").text


def test_the_roster_links_each_person_by_name(client):
    """The roster's link to a person's page says whose page it is ("Ann's page"), not "Numbers"."""
    cid = create_club(client)
    club_game(client, cid, "moon", ["Ann", "Bob", "O'Neil"])
    roster = client.get(f"/clubs/{cid}/roster")
    for p in club(cid).people:
        link = re.search(rf'<a [^>]*href="/clubs/{cid}/people/{p.id}"[^>]*>([^<]*)</a>', roster.text)
        assert link and html.unescape(link.group(1)) == f"{p.name}'s page"
    assert "Numbers" not in text(roster)
    r = client.get(f"/clubs/{cid}/roster", headers=HX)
    assert "Bob's page" in text(r) and "<html" not in r.text
