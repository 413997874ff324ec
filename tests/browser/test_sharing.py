"""Two phones at one table, in two browser contexts (separate cookie jars) of headless Chromium.

The viewer, who opened the viewer link, sees the scorer's hand within 3 s without reloading,
has no hand form, and a forged POST from it (with a valid CSRF token) gets 403.  A phone
given the scorer link can score until the creator rotates the link.
"""
from __future__ import annotations

import time

from playwright.sync_api import expect

from . import ui


def forged_post(page, base: str, game_id: int, version: str):
    """A hand posted from this phone's own session: a valid CSRF token (the one htmx would
    send, from the page) and the current version, so only its role can refuse it."""
    token = page.evaluate(
        "() => JSON.parse(document.body.getAttribute('hx-headers'))['X-CSRFToken']")
    return page.request.post(f"{base}/games/{game_id}/hands", max_redirects=0, form={
        "csrf_token": token, "version": version, "mode": "quick", "bidder": "1", "bid": "30",
        "contract": "straight", "points": "34"})


def test_viewer_sees_the_scorers_hand_live_and_cannot_write(live, phone):
    scorer, viewer = phone(), phone()
    gid = ui.new_game(scorer, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    code = scorer.locator("#share .join-code").inner_text().replace(" ", "")

    viewer.goto(f"{live.url}/g/{code}")
    assert viewer.url == f"{live.url}/games/{gid}"
    expect(viewer.locator("#scoreboard")).to_be_visible()
    expect(viewer.locator("#hands")).to_contain_text("No hands yet")
    expect(viewer.locator("#hand-form")).to_have_count(0)
    viewer.goto(f"{live.url}/games/{gid}?view=list")  # this phone follows the hand cards
    viewer.evaluate("() => { window.stillTheSamePage = true; }")

    ui.enter_hand(scorer)
    saved = time.monotonic()
    expect(viewer.locator("#hands li.hand-row")).to_have_count(1, timeout=3_000)
    assert time.monotonic() - saved < 3
    expect(viewer.locator("#hands")).to_contain_text("Bob bid 30 ✓ made · caught 31")
    assert viewer.evaluate("() => window.stillTheSamePage") is True  # not reloaded
    expect(viewer.locator("#hand-form")).to_have_count(0)
    expect(viewer.locator("#hands")).not_to_contain_text("Undo")

    version = scorer.locator("#hand-form input[name=version]").input_value()
    response = forged_post(viewer, live.url, gid, version)
    assert response.status == 403 and "View only" in response.text()
    assert len(live.hands(gid)) == 1
    # the same request from the scorer's phone goes through: the token and version were good
    assert forged_post(scorer, live.url, gid, version).status == 303
    assert len(live.hands(gid)) == 2


def test_every_poll_asks_for_what_is_newer_than_the_page_shows(live, phone):
    scorer, viewer = phone(), phone()
    gid = ui.new_game(scorer, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    code = scorer.locator("#share .join-code").inner_text().replace(" ", "")

    def poll(response):
        return response.url == f"{live.url}/games/{gid}/live"

    with viewer.expect_response(poll, timeout=5_000) as first:
        viewer.goto(f"{live.url}/g/{code}")
    shown = viewer.locator("#live").get_attribute("data-etag")
    # the page's first poll is a 304: the page holds that version already
    assert first.value.request.headers["if-none-match"] == f'W/"{shown}"'
    assert first.value.status == 304
    ui.enter_hand(scorer)
    expect(viewer.locator("#live")).not_to_have_attribute("data-etag", shown, timeout=3_000)
    expect(viewer.locator("#hands")).not_to_contain_text("No hands yet")
    newer = viewer.locator("#live").get_attribute("data-etag")
    with viewer.expect_response(poll, timeout=5_000) as after:
        pass
    assert after.value.request.headers["if-none-match"] == f'W/"{newer}"'
    assert after.value.status == 304


def test_the_watchers_rules_banner_goes_once_a_hand_is_in(live, phone):
    scorer, viewer = phone(), phone()
    gid = ui.new_game(scorer, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    code = scorer.locator("#share .join-code").inner_text().replace(" ", "")
    viewer.goto(f"{live.url}/g/{code}")
    viewer.goto(f"{live.url}/games/{gid}?view=list")
    expect(viewer.locator("#rules-first")).to_be_visible()
    viewer.evaluate("() => { window.stillTheSamePage = true; }")
    ui.enter_hand(scorer)
    expect(viewer.locator("#hands li.hand-row")).to_have_count(1, timeout=3_000)
    expect(viewer.locator("#rules-first")).to_have_count(0)
    assert viewer.evaluate("() => window.stillTheSamePage") is True  # by the live poll


def test_scorer_link_makes_a_scorer_until_the_creator_rotates_it(live, phone):
    creator, helper = phone(), phone()
    gid = ui.new_game(creator, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    from scorekeeper.extensions import db
    from scorekeeper.models import Game

    with live.app.app_context():
        secret = db.session.get(Game, gid).scorer_secret

    helper.goto(f"{live.url}/s/{secret}")
    assert helper.url == f"{live.url}/games/{gid}"  # the secret is gone from the address bar
    expect(helper.locator("#hand-form")).to_be_visible()
    expect(helper.locator("#share .share-scorer")).to_have_count(0)  # only the creator hands it on
    ui.enter_hand(helper)

    creator.reload()
    creator.locator("#share .share-fold > summary").click()  # folded once a hand is in
    creator.locator("#share .share-scorer summary").click()
    creator.get_by_role("button", name="New scorer link").click()
    creator.wait_for_url(f"{live.url}/games/{gid}#share")
    expect(creator.locator("#hand-form")).to_be_visible()

    helper.reload()
    expect(helper.locator("#scoreboard")).to_be_visible()  # still watching
    expect(helper.locator("#hand-form")).to_have_count(0)
    version = creator.locator("#hand-form input[name=version]").input_value()
    assert forged_post(helper, live.url, gid, version).status == 403
    assert len(live.hands(gid)) == 1
