"""Taking over scoring (club), continuing as a copy (outside a club), and the rematch."""
from __future__ import annotations

from scorekeeper.extensions import db
from scorekeeper.models import AuditEvent, Game

from ..helpers import HX, create, game, post_hand, text
from .helpers import MOON_WIN, club_game, create_club, join_club

HAND = {"mode": "quick", "bidder": "1", "bid": "5", "tricks-0": "1", "tricks-1": "5",
        "tricks-2": "1"}


def test_a_member_takes_over_scoring_with_a_confirmation(client, app):
    cid = create_club(client)
    gid = club_game(client, cid, "moon", ["Ann", "Bob", "Cat"])
    helper = app.test_client()  # a scorer-link phone, to show it stops working too
    helper.get(f"/s/{game(gid).scorer_secret}")
    bob = app.test_client()
    join_club(bob, cid, "Bob's phone")
    r = bob.get(f"/games/{gid}/take-over")
    assert r.status_code == 200 and "Take over scoring?" in text(r)
    assert 'method="post"' in r.text
    assert game(gid).events[-1].action == "created"  # asking changes nothing
    r = bob.post(f"/games/{gid}/take-over")
    assert r.status_code == 303 and r.headers["Location"] == f"/games/{gid}"
    assert 'id="hand-form"' in bob.get(f"/games/{gid}").text
    assert post_hand(bob, gid, HAND).status_code == 303
    # the lost phone and the old scorer link can only watch now
    for phone in (client, helper):
        assert post_hand(phone, gid, HAND).status_code == 403
        r = phone.get(f"/games/{gid}")
        assert r.status_code == 200 and 'id="hand-form"' not in r.text
    events = game(gid).events
    took = [e for e in events if e.action == "took over"]
    assert len(took) == 1 and took[0].via == "club member Bob's phone"
    assert took[0].data == {"generation": 2}
    history = text(bob.get(f"/games/{gid}/history"))
    assert "Scoring taken over" in history and "by club member Bob's phone" in history
    # asking again as the scorer: back to the game
    assert bob.get(f"/games/{gid}/take-over").status_code == 303


def test_only_members_take_over(client, app):
    cid = create_club(client)
    gid = club_game(client, cid, "moon", ["Ann", "Bob", "Cat"])
    viewer = app.test_client()
    viewer.get(f"/g/{game(gid).code}")  # watches by the join code, not in the club
    assert viewer.get(f"/games/{gid}/take-over").status_code == 403
    assert viewer.post(f"/games/{gid}/take-over").status_code == 403
    assert "Take over" not in text(viewer.get(f"/games/{gid}"))
    assert [e.action for e in game(gid).events] == ["created"]


def test_outside_a_club_a_viewer_continues_on_a_copy(client, app):
    gid = create(client, "moon", 3)
    post_hand(client, gid, HAND)
    viewer = app.test_client()
    viewer.get(f"/g/{game(gid).code}")
    page = text(viewer.get(f"/games/{gid}"))
    assert "Scorer's phone gone?" in page and "Take over" not in page
    r = viewer.get(f"/games/{gid}/continue")
    assert r.status_code == 200 and "a copy of the game as it stands now" in text(r)
    before = game(gid).version
    r = viewer.post(f"/games/{gid}/continue")
    assert r.status_code == 303
    copy_id = int(r.headers["Location"].rsplit("/", 1)[1])
    assert copy_id != gid
    assert game(copy_id).record() == game(gid).record()
    assert game(gid).version == before  # the original is untouched
    assert post_hand(viewer, copy_id, HAND).status_code == 303  # the copy is this phone's
    assert post_hand(viewer, gid, HAND).status_code == 403  # the original is not
    assert "a copy of game #%d" % gid in text(viewer.get(f"/games/{copy_id}/history"))
    # the scorer is offered nothing of the sort; a stranger without the code gets nothing
    assert "Scorer's phone gone?" not in text(client.get(f"/games/{gid}"))
    assert client.get(f"/games/{gid}/continue").status_code == 303
    stranger = app.test_client()
    r = stranger.post(f"/games/{gid}/continue")
    assert r.status_code == 404 and "No game here" in r.get_data(as_text=True)


def test_club_games_take_over_instead_of_copying(client, app):
    cid = create_club(client)
    gid = club_game(client, cid, "moon", ["Ann", "Bob", "Cat"])
    bob = app.test_client()
    join_club(bob, cid)
    r = bob.post(f"/games/{gid}/continue")
    assert r.status_code == 303 and r.headers["Location"] == f"/games/{gid}/take-over"


def test_rematch_same_seats_next_dealer_same_club_and_watchers_follow(client, app):
    cid = create_club(client)
    gid = club_game(client, cid, "moon", ["Ann", "Bob", "Cat"], first_dealer=2,
                    target_points=15)
    member = app.test_client()
    join_club(member, cid)
    viewer = app.test_client()
    viewer.get(f"/g/{game(gid).code}")
    # the viewer's poll has seen the game as it was
    first = viewer.get(f"/games/{gid}/live")
    etag = first.headers["ETag"]
    assert "Rematch" not in text(client.get(f"/games/{gid}"))
    assert client.post(f"/games/{gid}/rematch").status_code == 409  # not over yet
    assert post_hand(client, gid, MOON_WIN).status_code == 303
    assert "Rematch" in text(client.get(f"/games/{gid}"))
    assert "Rematch" in text(member.get(f"/games/{gid}"))  # a member may start it
    assert "Rematch" not in text(viewer.get(f"/games/{gid}"))
    assert viewer.post(f"/games/{gid}/rematch").status_code == 403

    r = client.post(f"/games/{gid}/rematch")
    assert r.status_code == 303
    new_id = int(r.headers["Location"].rsplit("/", 1)[1])
    old, new = game(gid), game(new_id)
    assert old.next_game_id == new_id
    assert new.club_id == cid and new.player_names == ["Ann", "Bob", "Cat"]
    assert [p.person_id for p in new.players] == [p.person_id for p in old.players]
    assert new.options == {"target_points": 15} and new.first_dealer == 0 and new.hands == []
    assert 'id="hand-form"' in client.get(f"/games/{new_id}").text  # the tapper scores it
    assert old.events[-1].action == "rematch" and old.events[-1].data == {"next_game": new_id}
    assert new.events[0].data["rematch_of"] == gid
    assert "rematch of game #%d" % gid in text(client.get(f"/games/{new_id}/history"))

    # a second tap, from another phone, finds the same rematch
    r = member.post(f"/games/{gid}/rematch")
    assert r.status_code == 303 and r.headers["Location"] == f"/games/{new_id}"
    assert db.session.query(Game).count() == 2

    # the viewer's next poll (an older version) is sent on; /next gives it the new game
    r = viewer.get(f"/games/{gid}/live", headers={**HX, "If-None-Match": etag})
    assert r.status_code == 200 and r.headers["HX-Redirect"] == f"/games/{gid}/next"
    assert viewer.get(f"/games/{new_id}").status_code == 404  # not yet a viewer of it
    r = viewer.get(f"/games/{gid}/next")
    assert r.status_code == 303 and r.headers["Location"] == f"/games/{new_id}"
    r = viewer.get(f"/games/{new_id}")
    assert r.status_code == 200 and 'id="hand-form"' not in r.text
    # a page loaded after the rematch links to it, and its first poll does not redirect
    r = viewer.get(f"/games/{gid}")
    assert "The next game has started" in text(r)
    r = viewer.get(f"/games/{gid}/live", headers=HX)
    assert "HX-Redirect" not in r.headers
    r2 = viewer.get(f"/games/{gid}/live", headers={**HX, "If-None-Match": r.headers["ETag"]})
    assert r2.status_code == 304 and "HX-Redirect" not in r2.headers
    # a stranger cannot use /next to get in
    stranger = app.test_client()
    r = stranger.get(f"/games/{gid}/next")
    assert r.status_code == 404 and "No game here" in r.get_data(as_text=True)


def test_rematch_outside_a_club(client, app):
    gid = create(client, "moon", 3)
    post_hand(client, gid, MOON_WIN)
    r = client.post(f"/games/{gid}/rematch")
    new = game(int(r.headers["Location"].rsplit("/", 1)[1]))
    assert new.club_id is None and all(p.person_id is None for p in new.players)
    assert new.first_dealer == 1
    assert db.session.query(AuditEvent).filter_by(game_id=gid, action="rematch").count() == 1
