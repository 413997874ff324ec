"""The rules card of a game: /games/<id>/rules, for anyone who may read the game."""
from __future__ import annotations

import re

import pytest

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


def test_the_tournament_card_says_where_its_rules_come_from(client):
    """No source writes Texas 42's tournament rules: its card does not claim written rules,
    and says they are the app's reading; a game of a rule sheet still says written rules."""
    gid = create(client, "texas42")
    page = text(client.get(f"/games/{gid}/rules"))
    assert "written rules" not in page
    assert "This game is played by the tournament rules." in page
    assert ("No rule sheet writes the tournament rules down: they are this app's reading of how "
            "42 tournaments and most Texas tables play") in page
    assert "Where the tournament rules are silent or unclear" in page
    assert "The rules of Texas 42 (tournament rules)" in page
    house = text(client.get(f"/games/{create(client, 'texas42', ladder='free')}/rules"))
    assert "1 line differs from the tournament rules" in house and "written" not in house
    page = text(client.get("/rules/texas42"))
    assert "written rules" not in page and "this app's reading of how 42 tournaments" in page
    lechner = text(client.get(f"/games/{create(client, 'lechner42')}/rules"))
    assert "This game is played by the written rules." in lechner
    assert "this app's reading of how 42 tournaments" not in lechner


def test_lechner_page_a_plunge_or_splash_is_made_as_its_call(client):
    page = text(client.get("/rules/lechner42"))
    assert "sevens, follow me, plunge and splash are made when the bidding team won every trick" \
        not in page
    assert ("A plunge or splash is made as its call is: when the bidding team won every trick, "
            "called straight, sevens or follow me; when the bidder won none, called nello") in page
    assert "A plunge or splash is made as its call is" in text(client.get("/rules/texas42"))


@pytest.mark.parametrize("variant, players, listed", [
    ("mexican-train", 3, "rounds, house rules"), ("texas42", 4, "target, bidding, house rules"),
    ("card42", 3, "target, bidding, house rules"), ("castle-rock", 1, None)])
def test_the_first_hand_banner_lists_only_what_the_game_has(client, variant, players, listed):
    """Mexican Train has no bidding and no target; Castle Rock nothing to agree on but its
    rules."""
    gid = create(client, variant, players)
    banner = re.search(r'<a id="rules-first"[^>]*>(.*?)</a>',
                       client.get(f"/games/{gid}").get_data(as_text=True), re.S).group(1)
    said = re.sub(r"<[^>]+>", " ", banner)
    expected = f"Agree on them before the first hand: {listed}." if listed else \
        "Agree on them before the first hand."
    assert expected in " ".join(said.split())
