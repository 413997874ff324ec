"""The rules card of a game: /games/<id>/rules, for anyone who may read the game."""
from __future__ import annotations

import re

from .helpers import HX, create, game, text


def test_rules_card_page_and_partial(client):
    gid = create(client, "texas42", splash_marks=2, ladder="free")
    r = client.get(f"/games/{gid}/rules")
    assert r.status_code == 200
    page = text(r)
    assert "Rules of this game" in page and "Free bidding" in page
    assert page.count("House rule") >= 3  # the legend and the two lines
    assert f'href="/games/{gid}"' in r.get_data(as_text=True)
    r = client.get(f"/games/{gid}/rules", headers=HX)
    body = r.get_data(as_text=True)
    assert r.status_code == 200 and "<html" not in body and 'id="rules-card"' in body


def test_written_rules_game_says_so(client):
    gid = create(client, "moon", 3)
    page = text(client.get(f"/games/{gid}/rules"))
    assert "played by the written rules" in page and "House rule" not in page


def test_game_page_links_the_card_and_shows_it_before_the_first_hand(client):
    gid = create(client, "texas42")
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert f'href="/games/{gid}/rules"' in html and 'id="rules-first"' in html
    from .helpers import post_hand
    r = post_hand(client, gid, {"mode": "quick", "bidder": "1", "bid": "30",
                                "contract": "straight", "points": "34"})
    assert r.status_code == 303
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert f'href="/games/{gid}/rules"' in html and 'id="rules-first"' not in html


def test_the_watchers_live_update_drops_the_banner_once_a_hand_is_in(client, app):
    """A watcher's page is changed only by the live poll: it swaps #rules-first-slot, which
    holds the banner before the first hand and nothing after."""
    gid = create(client, "texas42")
    viewer = app.test_client()
    viewer.get(f"/g/{game(gid).code}")
    page = viewer.get(f"/games/{gid}").get_data(as_text=True)
    assert 'id="rules-first"' in page
    poller = re.search(r'<div id="live"[^>]*>', page).group(0)
    assert "#rules-first-slot" in re.search(r'hx-select-oob="([^"]*)"', poller).group(1)
    before = viewer.get(f"/games/{gid}/live").get_data(as_text=True)
    assert 'id="rules-first-slot"' in before and 'id="rules-first"' in before
    from .helpers import post_hand
    r = post_hand(client, gid, {"mode": "quick", "bidder": "1", "bid": "30",
                                "contract": "straight", "points": "34"})
    assert r.status_code == 303
    after = viewer.get(f"/games/{gid}/live").get_data(as_text=True)
    slot = re.search(r'<div id="rules-first-slot"[^>]*>(.*?)</div>', after, re.S)
    assert slot is not None and slot.group(1).strip() == ""
    assert 'id="rules-first"' not in after


def test_viewer_reads_it_stranger_does_not(client, app):
    gid = create(client, "texas42")
    viewer = app.test_client()
    viewer.get(f"/g/{game(gid).code}")
    assert viewer.get(f"/games/{gid}/rules").status_code == 200
    stranger = app.test_client()
    r = stranger.get(f"/games/{gid}/rules")
    assert r.status_code == 404  # no game for it (access.no_game)
    assert client.get("/games/999999/rules").status_code == 404


def test_readings_are_marked_on_the_card(client):
    gid = create(client, "lechner42")
    page = text(client.get(f"/games/{gid}/rules"))
    assert "played by the written rules" in page and "House rule" not in page
    assert "lines are marked Reading" in page
    assert "Reading: the written rules give no target" in page
    gid = create(client, "card42", 3)
    assert "marked Reading" not in text(client.get(f"/games/{gid}/rules"))
