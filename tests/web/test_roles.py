"""Issue 4, phase 2: who sees what on the game page.

Reading a game needs a role (creator, scorer or viewer cookie), so sequential ids do not get
around the join code; a viewer sees the scoreboard, hands and history but can change
nothing; the home page lists only this browser's games; the history shows the audit trail.
"""
from __future__ import annotations

import re

import pytest

from sqlalchemy import select

from scorekeeper.extensions import db
from scorekeeper.models import Game, PhoneGame

from .helpers import create, game, post_hand, text
from .test_sharing import set_cookies

HAND = {"mode": "quick", "bidder": "1", "bid": "30", "contract": "straight", "points": "34"}


@pytest.fixture
def gid(client):
    """A Lechner 42 game made by `client` (the creator) with one hand."""
    gid = create(client, "lechner42")
    assert post_hand(client, gid, HAND).status_code == 303
    return gid


@pytest.fixture
def viewer(app, gid):
    """Another phone that opened the viewer link."""
    viewer = app.test_client()
    assert viewer.get(f"/g/{game(gid).code}").status_code == 303
    return viewer


def read_urls(gid):
    return [f"/games/{gid}", f"/games/{gid}/live", f"/games/{gid}/history"]


def write_requests(gid, version):
    """Every route that changes a game (and the preview, which only scorers have use for)."""
    v = {"version": str(version)}
    return [("post", f"/games/{gid}/hands", {**v, **HAND}),
            ("post", f"/games/{gid}/hands/0", {**v, **HAND}),
            ("post", f"/games/{gid}/hands/undo", v),
            ("post", f"/games/{gid}/hands/preview", {**v, **HAND}),
            ("post", f"/games/{gid}/scorer-link/rotate", {}),
            ("get", f"/games/{gid}/hands/0/edit", None)]


# --------------------------------------------------------------------------- reading needs a role

def test_a_game_cannot_be_read_by_its_id_alone(app, gid):
    stranger = app.test_client()
    for url in read_urls(gid) + [f"/games/{gid}/hands/0/edit"]:
        r = stranger.get(url)
        # the answer for a game that is not there: ids cannot be counted
        assert r.status_code == 404 and "Open a game with its join code" in text(r), url
        assert text(r) == text(stranger.get(url.replace(f"/games/{gid}", "/games/987654")))
    for _method, url, data in write_requests(gid, game(gid).version)[:-1]:
        assert stranger.post(url, data=data).status_code == 404, url
    assert len(game(gid).hands) == 1


@pytest.mark.parametrize("way", ["link", "form"])
def test_the_join_code_grants_a_viewer_cookie(app, gid, way):
    phone = app.test_client()
    code = game(gid).code
    r = phone.get(f"/g/{code}") if way == "link" else phone.post("/join", data={"code": code})
    assert (r.status_code, r.headers["Location"]) == (303, f"/games/{gid}")
    morsel = set_cookies(r)["sk_phone"]  # the phone's one cookie; the role is a row
    assert morsel["httponly"] is True and morsel["samesite"] == "Lax" and morsel["path"] == "/"
    assert int(morsel["max-age"]) == 400 * 24 * 3600 and code not in morsel.value
    assert role_kinds(gid, r) == {"v"}
    for url in read_urls(gid):
        assert phone.get(url).status_code == 200, url


def test_a_wrong_code_grants_nothing(app, gid):
    phone = app.test_client()
    r = phone.post("/join", data={"code": "ZZZ2345"})
    assert r.status_code == 404 and not any(n.startswith("sk_") for n in set_cookies(r))
    phone.set_cookie(f"sk_v_{gid}", "0" * 64)  # a made-up cookie
    assert phone.get(f"/games/{gid}").status_code == 404


def test_the_scorer_link_also_lets_the_phone_watch_after_rotation(app, client, gid):
    phone = app.test_client()
    r = phone.get(f"/s/{game(gid).scorer_secret}")
    assert set(set_cookies(r)) == {"sk_phone"} and role_kinds(gid, r) == {"s", "v"}
    assert 'id="hand-form"' in phone.get(f"/games/{gid}").text
    assert client.post(f"/games/{gid}/scorer-link/rotate").status_code == 303
    page = phone.get(f"/games/{gid}")
    assert page.status_code == 200 and 'id="hand-form"' not in page.text
    assert post_hand(phone, gid, HAND).status_code == 403


def role_kinds(gid: int, response) -> set[str]:
    """The kinds of role the phone whose cookie `response` set holds in the game."""
    phone = int(set_cookies(response)["sk_phone"].value.split(".")[0])
    return set(db.session.scalars(select(PhoneGame.kind).where(
        PhoneGame.game_id == gid, PhoneGame.phone_id == phone)))


# --------------------------------------------------------------------------- the viewer's page

def test_viewer_sees_scores_and_hands_but_no_way_to_change_them(gid, viewer):
    r = viewer.get(f"/games/{gid}?view=list")
    html, t = r.text, text(r)
    assert r.status_code == 200
    assert 'id="scoreboard"' in html and "Hand 1" in t and "Bob bid 30" in t
    assert html.count('id="live"') == 1 and 'hx-trigger="every 2s, sk:poll"' in html
    assert 'id="hand-form"' not in html and "/edit" not in html and "/undo" not in html
    assert "/scorer-link/rotate" not in html and "share-scorer" not in html
    assert game(gid).scorer_secret not in html
    assert "Invite players" in t and f"/g/{game(gid).code}" in html  # viewers may pass it on
    assert f"/games/{gid}/history" in html
    live = viewer.get(f"/games/{gid}/live").text
    assert 'id="hands"' in live and "/edit" not in live and "/undo" not in live


def test_every_write_route_answers_a_viewer_403_and_changes_nothing(gid, viewer):
    before = game(gid)
    version, hands = before.version, [h.data for h in before.hands]
    generation = before.scorer_generation
    for method, url, data in write_requests(gid, version):
        r = getattr(viewer, method)(url, data=data)
        assert r.status_code == 403, url
        assert "View only" in text(r) and "<form" not in r.text, url
    after = game(gid)
    assert (after.version, [h.data for h in after.hands], after.scorer_generation) == \
        (version, hands, generation)
    assert [e.action for e in after.events] == ["created", "entered"]


def test_creator_page_has_form_edit_undo_and_the_scorer_qr(client, gid):
    html = client.get(f"/games/{gid}").text
    assert html.count('id="live"') == 1
    assert 'id="hand-form"' in html and f"/games/{gid}/hands/0/edit" in html
    assert f"/games/{gid}/hands/undo" in html
    assert "<details" in html and f"/games/{gid}/scorer-link/rotate" in html
    assert "QR code of the scorer link" in html
    # the invitation comes after the hands: the scoreboard and the form stay on top
    assert html.index('id="hands"') < html.index('id="share"')


# --------------------------------------------------------------------------- home

def test_home_lists_only_this_browsers_games(app, client, gid):
    other_gid = create(app.test_client(), "moon", 3)  # someone else's game
    mine = text(client.get("/"))
    assert "Lechner" in mine and "Moon" not in mine
    assert f"/games/{other_gid}" not in client.get("/").text

    phone = app.test_client()
    assert "No game in progress on this phone" in text(phone.get("/"))
    phone.set_cookie(f"sk_c_{other_gid}", "forged")
    phone.set_cookie(f"sk_v_{gid}", "forged")
    phone.set_cookie("sk_v_" + "9" * 30, "forged")  # no id the database could hold
    assert "No game in progress on this phone" in text(phone.get("/"))
    phone.get(f"/g/{game(other_gid).code}")
    html = phone.get("/").text
    assert f"/games/{other_gid}" in html and f"/games/{gid}\"" not in html


# --------------------------------------------------------------------------- history

def test_history_shows_every_write_newest_first_with_earlier_versions(app, client, gid):
    scorer = app.test_client()
    scorer.get(f"/s/{game(gid).scorer_secret}")
    edit = {**HAND, "points": "20"}
    assert post_hand(scorer, gid, edit, number=0).status_code == 303
    assert post_hand(client, gid, {**HAND, "bidder": "2"}).status_code == 303
    assert client.post(f"/games/{gid}/hands/undo",
                       data={"version": game(gid).version}).status_code == 303
    assert client.post(f"/games/{gid}/scorer-link/rotate").status_code == 303

    r = client.get(f"/games/{gid}/history")
    assert r.status_code == 200
    items = re.findall(r'<li class="event (\w+)">(.*?)</li>', r.text, re.S)
    rows = [(action, " ".join(re.sub(r"<[^>]+>", " ", body).split())) for action, body in items]
    assert [a for a, _ in rows] == ["rotated", "undone", "entered", "edited", "entered",
                                    "created"]
    rotated, undone, entered2, edited, entered1, created = (t for _, t in rows)
    assert "New scorer link (#2)" in rotated and "by creator" in rotated
    assert "Hand 2 taken back" in undone and "Was: Cat bid 30 straight 42, caught 34: made" in undone
    assert "Hand 2 entered" in entered2 and "by creator" in entered2
    assert "Hand 1 changed" in edited and "by scorer link #1" in edited
    assert "Before: Bob bid 30 straight 42, caught 34: made" in edited
    assert "Hand 1 entered" in entered1 and "caught 34" in entered1
    assert "Game started" in created and "Ann, Bob, Cat, Dan" in created
    assert re.search(r"\w{3} \d\d, \d\d:\d\d:\d\d UTC", created)
    assert f'href="/games/{gid}/history"' in client.get(f"/games/{gid}").text


def test_history_of_a_game_played_by_auction(client):
    """A hand is described as scored after the hands now before it; when those are gone too,
    by its calls (who made them depends on the hands before)."""
    gid = create(client, "lechner42")
    for _ in range(2):
        post_hand(client, gid, {"mode": "auction", "calls": "pass,31,84,pass",
                                "contract": "straight", "points": "42"})
    for _ in range(2):
        client.post(f"/games/{gid}/hands/undo", data={"version": game(gid).version})
    t = text(client.get(f"/games/{gid}/history"))
    assert "Hand 1 taken back" in t and "Was: Dan bid 2 marks straight 42, caught 42: made" in t
    assert "Hand 2 entered" in t
    assert "Calls Pass · 31 · 2 marks · Pass; straight 42, caught 42 by creator" in t


def test_history_needs_a_role(app, gid):
    assert app.test_client().get(f"/games/{gid}/history").status_code == 404
    assert app.test_client().get("/games/999/history").status_code == 404


def test_unknown_games_are_404_for_everyone(client):
    assert Game.query.count() == 0
    for url in ("/games/999", "/games/999/live", "/games/999/history"):
        assert client.get(url).status_code == 404
