"""Undo you can take back, in Chromium: "Hand N taken back. Put it back" with htmx and without
JavaScript, refused plainly once another hand is in; and the page's live region, which says a
new hand and the totals once on every phone, never again for an unchanged scoreboard."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from . import ui
from .live import VIEWPORT
from .test_accessibility import violations

SECOND = {"bidder": 2, "bid": 31, "contract": "straight", "points": 20}


def two_hands(page, live) -> int:
    gid = ui.new_game(page, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    ui.enter_hand(page)
    ui.enter_hand(page, points="20")
    return gid


def test_undo_and_put_back(phone, live):
    page = phone(bypass_csp=True)  # axe is injected
    gid = two_hands(page, live)
    before = live.hands(gid)
    page.get_by_role("button", name="Undo hand 2").click()
    ui.settle(page)
    offer = page.locator("#hand-form #put-back")
    expect(offer).to_contain_text("Hand 2 taken back (")
    expect(page.locator(ui.HAND_ROWS)).to_have_count(1)
    assert live.hands(gid) == before[:1]
    assert violations(page) == []
    # the offer stays while the next hand is being entered
    ui.call(page, "30")
    expect(offer).to_be_visible()
    # both hands back, exactly: a new version, in the history
    offer.get_by_role("button", name="Put it back").click()
    ui.settle(page)
    expect(page.locator(ui.HAND_ROWS)).to_have_count(2)
    expect(page.locator("#hand-form")).to_contain_text("Hand 2 put back.")
    expect(page.locator("#put-back")).to_have_count(0)
    expect(page.locator("#hand-form ol.calls li")).to_have_count(0)  # a fresh form for hand 3
    assert live.hands(gid) == before
    page.goto(f"{live.url}/games/{gid}/history")
    expect(page.locator(".history li").first).to_contain_text("Hand 2 put back")


def test_put_back_is_refused_once_another_phone_entered_a_hand(page, live):
    gid = two_hands(page, live)
    page.get_by_role("button", name="Undo hand 2").click()
    ui.settle(page)
    expect(page.locator("#put-back")).to_be_visible()
    live.write_hand_elsewhere(gid, SECOND)  # another phone enters hand 2 meanwhile
    page.get_by_role("button", name="Put it back").click()
    ui.settle(page)
    expect(page.locator("#hand-form")).to_contain_text(
        "Nothing was put back. Hand 2 was just entered from another phone.")
    expect(page.locator("#put-back")).to_have_count(0)
    expect(page.locator(ui.HAND_ROWS)).to_have_count(2)
    assert len(live.hands(gid)) == 2 and live.hands(gid)[1] == SECOND


def test_undo_and_put_back_without_javascript(browser, live):
    context = browser.new_context(viewport=VIEWPORT, java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        setup = browser.new_context(viewport=VIEWPORT)
        scorer = setup.new_page()
        gid = ui.new_game(scorer, live.url, "castle-rock", ["Sol"])
        ui.type_number(scorer, "remaining", "9")
        ui.save(scorer)
        context.add_cookies(setup.cookies())  # the same phone, JavaScript off
        setup.close()
        page.goto(f"{live.url}/games/{gid}")
        page.get_by_role("button", name="Undo game 1").click()
        page.wait_for_url(re.compile(rf"/games/{gid}$"))
        assert live.hands(gid) == []
        expect(page.locator("#put-back")).to_contain_text("Game 1 taken back (9 left in the row).")
        page.get_by_role("button", name="Put it back").click()
        page.wait_for_url(re.compile(rf"/games/{gid}$"))
        assert live.hands(gid) == [{"remaining": 9}]
        expect(page.locator("#put-back")).to_have_count(0)
    finally:
        context.close()


SAID = """() => window.__said || []"""
LISTEN = """() => {
  window.__said = [];
  const region = document.getElementById('announcer');
  new MutationObserver(() => window.__said.push(region.textContent))
    .observe(region, {childList: true, characterData: true, subtree: true});
}"""


def test_a_new_hand_is_announced_once_on_every_phone(phone, live):
    scorer = phone()
    gid = ui.new_game(scorer, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    watcher = phone()
    code = scorer.locator("#share .join-code").text_content().replace(" ", "")
    watcher.goto(f"{live.url}/g/{code}")
    watcher.wait_for_url(re.compile(rf"/games/{gid}$"))
    for page in (scorer, watcher):
        region = page.locator("#announcer")
        assert region.get_attribute("aria-live") == "polite"
        assert region.text_content() == ""  # nothing is said on loading the page
        # the region stays put: it is outside everything htmx swaps
        assert page.evaluate("() => !document.getElementById('announcer').closest("
                             "'#game-body, #scoreboard, #hands, .tv-body')")
        page.evaluate(LISTEN)
    ui.enter_hand(scorer)
    sentence = ("Hand 1: Bob bid 30 straight 42, caught 31: made. Ann & Cat 0 marks, "
                "Bob & Dan 1 mark.")
    for page in (scorer, watcher):
        expect(page.locator("#announcer")).to_have_text(sentence, timeout=10_000)
    # the scorer link is renewed: the version moves on, every phone's poll swaps the
    # scoreboard in again, with the same sentence: not said again
    etag = watcher.locator("#live").get_attribute("data-etag")
    scorer.goto(f"{live.url}/games/{gid}")  # (its own listener goes with the page)
    scorer.evaluate(LISTEN)
    scorer.locator("#share .share-fold > summary").click()
    scorer.locator("#share .share-scorer summary").click()
    scorer.get_by_role("button", name="New scorer link").click()
    scorer.wait_for_load_state()
    expect(watcher.locator("#live")).not_to_have_attribute("data-etag", etag, timeout=10_000)
    ui.next_poll(watcher)  # another poll
    assert watcher.evaluate(SAID) == [sentence]
    # the next change is said once, on the watcher too
    scorer.goto(f"{live.url}/games/{gid}")
    scorer.get_by_role("button", name="Undo hand 1").click()
    expect(watcher.locator("#announcer")).to_have_text(
        "Hand 1 taken back. Ann & Cat 0 marks, Bob & Dan 0 marks.", timeout=10_000)
    ui.next_poll(watcher)
    assert watcher.evaluate(SAID) == [sentence,
                                      "Hand 1 taken back. Ann & Cat 0 marks, Bob & Dan 0 marks."]
