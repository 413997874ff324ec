"""Removing a phone sticks: it loses the club and everything it had through it (scoring the
club games it started included), the club gets a new code, and it cannot join again, by the old
code or the new one, until the admin lets it back in. And the admin's own new code; a club
that somehow has no admin gets one back; a take-over lost to another phone names the winner."""
from __future__ import annotations

from sqlalchemy import update

from scorekeeper.extensions import db
from scorekeeper.models import Member

from ..helpers import game, post_hand, text
from .helpers import MOON_WIN, club, club_game, create_club, join_club


def _member_id(cid: int, label: str) -> int:
    return next(m.id for m in club(cid).members if m.label == label)


def _club_of_three(client, app) -> tuple[int, object, object]:
    """A club Ann's phone (client) started, Bob's and Cat's phones joining in that order."""
    cid = create_club(client, label="Ann")
    bob, cat = app.test_client(), app.test_client()
    join_club(bob, cid, "Bob")
    join_club(cat, cid, "Cat")
    return cid, bob, cat


def test_a_removed_phone_loses_every_right_and_cannot_rejoin(client, app):
    cid = create_club(client, label="Ann")
    bob = app.test_client()
    assert join_club(bob, cid, "Bob").status_code == 303
    gid = club_game(bob, cid, "moon", ["Ann", "Bob", "Cat"])  # Bob's phone scores it
    secret, old_code = game(gid).scorer_secret, club(cid).code
    assert bob.get(f"/s/{secret}").status_code == 303  # and it has seen the scorer link
    assert client.post(f"/clubs/{cid}/phones/{_member_id(cid, 'Bob')}/remove").status_code == 303

    assert bob.get(f"/clubs/{cid}").status_code == 404
    assert bob.get(f"/games/{gid}").status_code == 404  # not even a viewer: no game for it
    assert post_hand(bob, gid, MOON_WIN).status_code == 404
    assert bob.get(f"/s/{secret}").status_code == 404  # the scorer link it saw is renewed
    assert game(gid).hands == [] and game(gid).scorer_generation == 2
    assert [e.via for e in game(gid).events if e.action == "rotated"] == ["club admin Ann"]
    assert f"/clubs/{cid}" not in bob.get("/clubs").text

    new_code = club(cid).code
    assert new_code != old_code
    r = bob.post("/clubs/join", data={"code": old_code})
    assert r.status_code == 404 and "No club has the code" in text(r)
    assert bob.get(f"/c/{old_code}").status_code == 404
    r = bob.post("/clubs/join", data={"code": new_code})
    assert r.status_code == 403 and "removed this phone" in text(r)
    assert [m.label for m in club(cid).members] == ["Ann"]

    # the admin sees it among the removed phones and lets it back in
    page = client.get(f"/clubs/{cid}/phones")
    assert "Removed phones" in text(page) and "Let back in" in text(page)
    ban = club(cid).bans[0]
    assert client.post(f"/clubs/{cid}/removed/{ban.phone_id}/let-in").status_code == 303
    assert join_club(bob, cid, "Bob again").status_code == 303
    assert bob.get(f"/clubs/{cid}").status_code == 200
    assert post_hand(bob, gid, MOON_WIN).status_code == 403  # its old roles stay gone


def test_removal_ends_the_club_view_but_not_the_other_phones(client, app):
    cid, bob, cat = _club_of_three(client, app)
    gid = club_game(cat, cid, "moon", ["Ann", "Bob", "Cat"])
    client.post(f"/clubs/{cid}/phones/{_member_id(cid, 'Bob')}/remove")
    assert post_hand(cat, gid, MOON_WIN).status_code == 303  # Cat's game is Cat's still
    assert cat.get(f"/clubs/{cid}").status_code == 200


def test_the_admin_gives_the_club_a_new_code(client, app):
    cid = create_club(client)
    bob = app.test_client()
    join_club(bob, cid)
    old = club(cid).code
    assert bob.post(f"/clubs/{cid}/code").status_code == 403  # the admin only
    assert club(cid).code == old
    assert "New code" in text(client.get(f"/clubs/{cid}/phones"))
    assert "New code" not in text(bob.get(f"/clubs/{cid}/phones"))
    r = client.post(f"/clubs/{cid}/code")
    assert r.status_code == 303 and r.headers["Location"] == f"/clubs/{cid}/phones"
    new = club(cid).code
    assert new != old and len(new) == 7
    assert app.test_client().post("/clubs/join", data={"code": old}).status_code == 404
    assert app.test_client().post("/clubs/join", data={"code": new}).status_code == 303
    assert bob.get(f"/clubs/{cid}").status_code == 200  # phones in the club stay in
    assert bob.post(f"/clubs/{cid}/removed/1/let-in").status_code == 403


def test_a_club_without_an_admin_gets_the_longest_standing_phone_back(client, app):
    cid, bob, cat = _club_of_three(client, app)
    db.session.execute(update(Member).where(Member.club_id == cid).values(is_admin=False))
    db.session.commit()
    assert cat.get(f"/clubs/{cid}").status_code == 200
    assert [(m.label, m.is_admin) for m in club(cid).members] == [
        ("Ann", True), ("Bob", False), ("Cat", False)]


def test_double_taps_on_make_admin_and_remove_do_it_once(client, app):
    cid, bob, cat = _club_of_three(client, app)
    bob_id, cat_id = _member_id(cid, "Bob"), _member_id(cid, "Cat")
    assert client.post(f"/clubs/{cid}/phones/{cat_id}/remove").status_code == 303
    assert client.post(f"/clubs/{cid}/phones/{cat_id}/remove").status_code == 404  # gone
    assert client.post(f"/clubs/{cid}/phones/{bob_id}/admin").status_code == 303
    r = client.post(f"/clubs/{cid}/phones/{bob_id}/admin")  # done already: nothing more
    assert r.status_code == 303
    assert [(m.label, m.is_admin) for m in club(cid).members] == [("Ann", False),
                                                                  ("Bob", True)]


def test_a_take_over_lost_to_another_phone_names_it(client, app):
    cid, bob, cat = _club_of_three(client, app)
    gid = club_game(client, cid, "moon", ["Ann", "Bob", "Cat"])
    assert 'name="generation" value="1"' in bob.get(f"/games/{gid}/take-over").text
    assert bob.post(f"/games/{gid}/take-over", data={"generation": "1"}).status_code == 303
    r = cat.post(f"/games/{gid}/take-over", data={"generation": "1"})  # its page was older
    assert r.status_code == 409 and "Bob took over scoring a moment ago" in text(r)
    assert post_hand(cat, gid, MOON_WIN).status_code == 403
    assert post_hand(bob, gid, MOON_WIN).status_code == 303


def test_removal_releases_the_phones_seats_and_counts_and_a_new_join_code_cuts_it_off(
        client, app):
    """A removed phone's Mexican Train seat and unsaved count go with it (the scorer's save
    would have used the count); by the join code it saw it is a viewer like anyone with the
    link, until the scorer (or the club's admin) gives the game a new join code."""
    from scorekeeper import store

    cid = create_club(client, label="Ann")
    bob = app.test_client()
    assert join_club(bob, cid, "Bob").status_code == 303
    gid = club_game(client, cid, "mexican-train", ["Ann", "Bob", "Cat", "Dan"])
    assert bob.post(f"/games/{gid}/seats/1/claim").status_code == 303
    assert bob.post(f"/games/{gid}/counts", data={"seat": "1", "number": "0",
                                                  "pips": "12"}).status_code == 303
    old_code = game(gid).code
    assert bob.get(f"/g/{old_code}").status_code == 303  # it has seen the join code
    assert client.post(f"/clubs/{cid}/phones/{_member_id(cid, 'Bob')}/remove").status_code == 303
    assert store.seat_claims(gid) == {} and store.pending_counts(gid, 0) == {}
    assert "seat released" in [e.action for e in game(gid).events]

    assert bob.get(f"/g/{old_code}").status_code == 303  # a viewer, as anyone with the link
    assert bob.get(f"/games/{gid}").status_code == 200
    assert post_hand(bob, gid, {"pips-0": "0", "pips-1": "3", "pips-2": "4", "pips-3": "5",
                                "out": "0"}).status_code == 403
    page = client.get(f"/games/{gid}")
    assert "New join code" in text(page)
    assert "New join code" not in text(bob.get(f"/games/{gid}"))
    assert bob.post(f"/games/{gid}/join-code/renew").status_code == 403
    assert client.post(f"/games/{gid}/join-code/renew").status_code == 303
    assert game(gid).code != old_code
    assert bob.get(f"/games/{gid}").status_code == 404  # cut off: no game for it
    assert bob.get(f"/g/{old_code}").status_code == 404
    assert "New join code" in text(client.get(f"/games/{gid}/history"))
    assert client.get(f"/games/{gid}").status_code == 200  # the club's phones still read it
