"""Undo you can take back ("Hand N taken back. Put it back"), the phone named in the history
after a take-over, and the sentence the page's live region says about the last change."""
from __future__ import annotations

import re
import pytest

from .clubs.helpers import club_game, create_club, join_club
from .helpers import HX, at_once, create, empty_app, game, post_hand, text

FIRST = {"mode": "quick", "bidder": "1", "bid": "30", "contract": "straight", "points": "34"}
SECOND = {"mode": "quick", "bidder": "2", "bid": "31", "contract": "straight", "points": "20"}


def hands(gid):
    return [h.data for h in game(gid).hands]


def two_hands(client):
    gid = create(client, "lechner42")
    assert post_hand(client, gid, FIRST).status_code == 303
    assert post_hand(client, gid, SECOND).status_code == 303
    return gid


def undo(client, gid, htmx=False):
    return client.post(f"/games/{gid}/hands/undo", data={"version": str(game(gid).version)},
                       headers=HX if htmx else {})


def offer(html: str) -> dict | None:
    """What the hand form's "Put it back" button sends (the form's version and the undo it
    names), or None when the page offers none."""
    button = re.search(r'<div id="put-back".*?name="undone" value="(\d+)"', html, re.S)
    if button is None:
        return None
    form = re.search(r'<form id="hand-form".*?name="version" value="(\d+)"', html, re.S)
    assert form.end() < button.start()  # the button is the hand form's
    return {"version": form.group(1), "undone": button.group(1)}


def put_back(client, gid, fields, htmx=False):
    return client.post(f"/games/{gid}/hands/put-back", data=fields, headers=HX if htmx else {})


def test_undo_then_put_back_without_javascript(client):
    gid = two_hands(client)
    before = hands(gid)
    assert undo(client, gid).status_code == 303
    page = client.get(f"/games/{gid}")
    # the offer says which hand and what it was, once
    assert "Hand 2 taken back (Cat bid 31 straight 42, caught 20: set)." in text(page)
    assert text(page).count("taken back") == 1
    fields = offer(page.text)
    assert fields == {"version": str(game(gid).version),
                      "undone": str(game(gid).events[-1].id)}
    r = put_back(client, gid, fields)
    assert r.status_code == 303 and r.headers["Location"] == f"/games/{gid}"
    assert hands(gid) == before
    g = game(gid)
    assert g.version == int(fields["version"]) + 1
    last = g.events[-1]
    assert (last.action, last.hand_number, last.data) == ("put back", 1, before[1])
    assert last.phone_id is not None and last.via == "creator"
    # the offer is gone, the history tells it
    assert offer(client.get(f"/games/{gid}").text) is None
    history = text(client.get(f"/games/{gid}/history"))
    assert "Hand 2 put back" in history and "Hand 2 taken back" in history
    assert "by creator (this phone)" in history


def test_undo_and_put_back_with_htmx(client):
    gid = two_hands(client)
    before = hands(gid)
    r = undo(client, gid, htmx=True)
    assert r.status_code == 200 and "<html" not in r.text
    assert "Hand 2 taken back (Cat bid 31 straight 42, caught 20: set)." in text(r)
    assert text(r).count("taken back") == 1  # not said again by the form
    assert 'hx-post="/games/%d/hands/put-back"' % gid in r.text
    r = put_back(client, gid, offer(r.text), htmx=True)
    assert r.status_code == 200 and "Hand 2 put back." in text(r)
    assert offer(r.text) is None and hands(gid) == before


def test_the_offer_ends_with_the_next_hand_and_a_late_tap_is_refused(client, app):
    gid = two_hands(client)
    undo(client, gid)
    fields = offer(client.get(f"/games/{gid}").text)
    other = app.test_client()  # another scorer phone enters hand 2 meanwhile
    other.get(f"/s/{game(gid).scorer_secret}")
    third = {"mode": "quick", "bidder": "3", "bid": "30", "contract": "straight", "points": "30"}
    assert post_hand(other, gid, third).status_code == 303
    assert offer(client.get(f"/games/{gid}").text) is None
    for htmx in (False, True):
        r = put_back(client, gid, fields, htmx=htmx)
        assert r.status_code == (200 if htmx else 409)
        assert "Nothing was put back. Hand 2 was just entered from another phone." in text(r)
    assert len(hands(gid)) == 2 and hands(gid)[1]["bidder"] == 3
    assert [e.action for e in game(gid).events].count("put back") == 0


def test_only_the_last_undo_and_only_a_scorer_puts_back(client, app):
    gid = two_hands(client)
    undo(client, gid)
    first_undo = game(gid).events[-1].id
    undo(client, gid)  # hand 1 too: only hand 1 may come back now, not hand 2 over it
    version = str(game(gid).version)
    r = put_back(client, gid, {"version": version, "undone": str(first_undo)})
    assert r.status_code == 409
    assert "Nothing was put back. The game changed since it was taken back." in text(r)
    assert hands(gid) == []
    for bad in ("", "x", "-1", "99999999999999999999"):
        assert put_back(client, gid, {"version": version, "undone": bad}).status_code \
            in (400, 409)
    viewer = app.test_client()
    viewer.get(f"/g/{game(gid).code}")
    page = viewer.get(f"/games/{gid}")
    assert page.status_code == 200 and offer(page.text) is None
    fields = offer(client.get(f"/games/{gid}").text)
    assert put_back(viewer, gid, fields).status_code == 403
    assert put_back(client, gid, fields).status_code == 303
    assert hands(gid) == [{"bidder": 1, "bid": 30, "contract": "straight", "points": 34}]


def test_two_phones_putting_back_at_once_put_it_back_once(app):
    """Both carry the same version and undo; the version check lets exactly one through."""
    client = app.test_client()
    gid = two_hands(client)
    undo(client, gid)
    fields = offer(client.get(f"/games/{gid}").text)
    assert at_once(app, client, f"/games/{gid}/hands/put-back", fields) == [303, 409, 409, 409]
    assert len(hands(gid)) == 2
    assert [e.action for e in game(gid).events].count("put back") == 1


@pytest.mark.parametrize("htmx", [False, True])
def test_after_a_take_over_the_history_names_the_phone_of_each_hand(client, app, htmx):
    cid = create_club(client, label="Ann's phone")
    gid = club_game(client, cid, "moon", ["Ann", "Bob", "Cat"])
    hand = {"mode": "quick", "bidder": "1", "bid": "5", "tricks-0": "1", "tricks-1": "5",
            "tricks-2": "1"}
    assert post_hand(client, gid, hand, htmx=htmx).status_code in (200, 303)
    bob = app.test_client()
    join_club(bob, cid, "Bob's phone")
    assert bob.post(f"/games/{gid}/take-over").status_code == 303
    assert post_hand(bob, gid, hand, htmx=htmx).status_code in (200, 303)
    events = {(e.action, e.hand_number): e for e in game(gid).events}
    assert events[("entered", 0)].phone_id != events[("entered", 1)].phone_id
    assert events[("took over", None)].phone_id == events[("entered", 1)].phone_id
    history = text(bob.get(f"/games/{gid}/history"))
    # newest first: Bob's hand, Bob taking over, Ann's hand; both hands by "the creator"
    assert re.search(r"Hand 2 entered .*? by creator \(Bob's phone\) .*?Scoring taken over"
                     r" .*? by club member Bob's phone .*?Hand 1 entered .*?"
                     r"by creator \(Ann's phone\)", history), history


def test_the_live_region_sentence_follows_the_last_change(client):
    gid = create(client, "lechner42")
    assert 'data-say=""' in client.get(f"/games/{gid}").text  # nothing to say yet
    post_hand(client, gid, FIRST)
    sentence = re.search(r'data-say="([^"]*)"', client.get(f"/games/{gid}").text).group(1)
    assert sentence == ("Hand 1: Bob bid 30 straight 42, caught 34: made. Ann &amp; Cat 0 marks, "
                        "Bob &amp; Dan 1 mark.")
    undo(client, gid)
    live = client.get(f"/games/{gid}/live")  # the poll carries it too
    assert 'data-say="Hand 1 taken back. Ann &amp; Cat 0 marks, Bob &amp; Dan 0 marks."' \
        in live.text
    # the page's region itself is outside every part htmx swaps, and polite
    page = client.get(f"/games/{gid}").text
    assert re.search(r'<p id="announcer" class="sr-only" aria-live="polite"', page)
    body = page.split('<div id="game-body">', 1)[1].split('<p id="announcer"', 1)[0]
    assert "aria-live" not in body.split('id="hand-form"')[0]  # not the whole board
    tv = client.get(f"/games/{gid}/tv").text  # the TV says it too
    assert '<p id="announcer"' in tv and 'data-say="Hand 1 taken back.' in tv


def test_the_audit_rows_of_undo_and_put_back_keep_their_phone(client):
    gid = two_hands(client)
    undo(client, gid)
    put_back(client, gid, offer(client.get(f"/games/{gid}").text))
    rows = game(gid).events
    phones = {e.phone_id for e in rows if e.action in ("entered", "undone", "put back")}
    assert len(phones) == 1 and None not in phones


def test_a_put_back_costs_a_save_and_the_undo_it_reads(app, client):
    """Entering a hand costs six statements (test_live_scale); putting one back, a rare tap,
    those and the one that reads the undo's audit row (the hand it puts back, and that it is
    still the last change): never more."""
    from .test_live_scale import MAX_STATEMENTS, _count

    gid = two_hands(client)
    undo(client, gid)
    fields = offer(client.get(f"/games/{gid}").text)
    response, seen = _count(lambda: put_back(client, gid, fields, htmx=True))
    assert response.status_code == 200 and "Hand 2 put back." in text(response)
    assert len(seen) <= MAX_STATEMENTS + 1, "\n".join(s[:90] for s in seen)
    assert sum(s.startswith("SELECT audit_event") for s in seen) == 1


def test_the_migration_keeps_every_audit_row_with_no_phone(tmp_path, monkeypatch):
    """Rows written before audit_event.phone_id name no phone (the history shows the role
    alone, as before); a downgrade keeps them too."""
    from flask_migrate import downgrade
    from sqlalchemy import text as sql

    from scorekeeper.extensions import db

    from .clubs.test_migration import upgraded_games

    with empty_app(tmp_path, monkeypatch).app_context():
        games = upgraded_games("d41c7e9b2a50")
        events = [e for g in games for e in g.events]
        assert events and {e.phone_id for e in events} == {None}
        db.session.remove()
        downgrade(revision="d41c7e9b2a50")
        with db.engine.connect() as conn:
            assert conn.execute(sql("SELECT count(*) FROM audit_event")).scalar() == len(events)
