"""A phone whose scoring ended (a take-over, a new scorer link) loses no hand: its poll says who
took over and when, and a save it sends comes back as the hand in words, never a bare 403."""
from __future__ import annotations

from ..helpers import HX, create, game, post_hand, text
from .helpers import club_game, create_club, join_club

HAND = {"mode": "quick", "bidder": "1", "bid": "5", "tricks-0": "1", "tricks-1": "5",
        "tricks-2": "1"}


def _taken_over(client, app):
    cid = create_club(client)
    gid = club_game(client, cid, "moon", ["Ann", "Bob", "Cat"])
    bob = app.test_client()
    join_club(bob, cid, "Bob's phone")
    assert bob.post(f"/games/{gid}/take-over").status_code == 303
    return gid, bob


def test_the_old_scorers_poll_says_who_took_over_and_when(client, app):
    gid, bob = _taken_over(client, app)
    update = client.get(f"/games/{gid}/live")
    assert update.status_code == 200
    said = text(update)
    assert "This phone no longer scores. Bob's phone took over scoring at" in said
    assert 'data-scoring-ended' in update.text and 'id="scoreboard"' in update.text
    # the new scorer's and another watcher's updates say nothing of it, though that watcher
    # reads the game in the same role as Ann's phone now (the render cache tells them apart)
    assert "data-scoring-ended" not in bob.get(f"/games/{gid}/live").text
    assert 'id="scoring-ended"' in bob.get(f"/games/{gid}/live").text  # the empty slot
    cat = app.test_client()
    join_club(cat, game(gid).club_id, "Cat's phone")
    for asked in ("/live", ""):
        assert "data-scoring-ended" not in cat.get(f"/games/{gid}{asked}").text
        assert "data-scoring-ended" in client.get(f"/games/{gid}{asked}").text


def test_a_save_after_the_take_over_keeps_the_hand_in_words(client, app):
    gid, _bob = _taken_over(client, app)
    r = post_hand(client, gid, HAND, htmx=True)
    assert r.status_code == 200 and r.headers["HX-Retarget"] == "#hand-form"
    assert r.headers["HX-Reswap"] == "outerHTML"
    said = text(r)
    assert "Not saved: this phone no longer scores. Bob's phone took over scoring" in said
    assert "Hand 1: Bob bid 5, took 5: made" in said
    plain = post_hand(client, gid, HAND)  # no JavaScript: a page of its own, the hand on it
    assert plain.status_code == 403 and "Hand 1: Bob bid 5, took 5: made" in text(plain)
    assert game(gid).hands == []
    # an unfinished hand lists what was entered
    r = post_hand(client, gid, {"mode": "quick", "bidder": "2", "tricks-0": "3"}, htmx=True)
    assert "Hand 1 (not finished): Cat won the bid; Ann took 3" in text(r)


def test_a_renewed_scorer_link_is_said_at_the_next_poll_and_keeps_the_hand(client, app):
    """The scorer link's phone keeps watching (it came with a viewer's role)."""
    gid = create(client, "lechner42")
    helper = app.test_client()
    helper.get(f"/s/{game(gid).scorer_secret}")
    assert client.post(f"/games/{gid}/scorer-link/rotate").status_code == 303
    update = helper.get(f"/games/{gid}/live")
    assert update.status_code == 200
    assert "A new scorer link was made, and this phone's no longer works" in text(update)
    assert 'id="scoreboard"' in update.text and "data-scoring-ended" in update.text
    r = post_hand(helper, gid, {"mode": "auction", "calls": "30,pass"}, htmx=True)
    assert "Hand 1 (not finished): Bob 30, Cat Pass" in text(r)
    words = helper.post(f"/games/{gid}/hands/words", data={"mode": "auction", "calls": "30"},
                        headers=HX)
    assert words.status_code == 200 and "Bob 30" in text(words)


def test_only_a_phone_whose_scoring_ended_gets_words(client, app):
    gid = create(client, "lechner42")
    viewer, stranger = app.test_client(), app.test_client()
    viewer.get(f"/g/{game(gid).code}")
    for phone in (client, viewer, stranger):
        r = phone.post(f"/games/{gid}/hands/words", data={"calls": "30"})
        assert r.status_code == 303 and "Bob 30" not in text(r)
