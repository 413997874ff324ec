"""Undo and edit through the UI, and a whole hand with JavaScript switched off."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from . import ui
from .live import VIEWPORT


def test_undo_and_edit(page, live):
    gid = ui.new_game(page, live.url, "castle-rock", ["Sol"], typed=True)  # its setup form typed
    ui.type_number(page, "remaining", "9")
    ui.save(page)
    ui.type_number(page, "remaining", "1")
    ui.save(page)
    expect(page.locator("#scoreboard")).to_contain_text("2 games played")
    page.get_by_role("button", name="Undo game 2").click()
    expect(page.locator(ui.HAND_ROWS)).to_have_count(1)
    expect(page.locator("#hand-form")).to_contain_text("Game 2 taken back")
    ui.list_view(page)
    assert live.hands(gid) == [{"remaining": 9}]

    page.get_by_role("link", name="Edit").click()
    page.wait_for_url(re.compile(r"/hands/0/edit$"))
    expect(page.locator("#hand-form input[name=remaining]")).to_have_value("9")
    ui.type_number(page, "remaining", "2")
    expect(page.locator("#preview")).to_contain_text("+1")
    page.locator("#save-hand").click()
    page.wait_for_url(re.compile(rf"/games/{gid}$"))
    expect(page.locator("#hands")).to_contain_text("2 left in the row")
    assert live.hands(gid) == [{"remaining": 2}]


def test_a_hand_without_javascript(browser, live):
    context = browser.new_context(viewport=VIEWPORT, java_script_enabled=False)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(live.url + "/games/new")
        page.locator("input[type=radio][name=variant][value=forty-two]").check()
        page.get_by_role("button", name="Next").click()
        for i, name in enumerate(["Ann", "Bob", "Cat", "Dan"]):
            page.fill(f"input[name='name-{i}']", name)
        page.get_by_role("button", name="Start the game").click()
        page.wait_for_url(re.compile(r"/games/\d+$"))
        gid = int(page.url.rsplit("/", 1)[1])
        for value in ("pass", "30", "pass", "pass"):
            page.locator(f"#hand-form button[name=call][value='{value}']").click()
            page.wait_for_load_state()
        expect(page.locator("#hand-form")).to_contain_text("Cat won the bid: 30")
        # Save looks disabled while the hand is incomplete, and says why; still a real submit
        expect(page.locator("#save-why")).to_contain_text("Pick the points")
        page.locator("#save-hand").click(force=True)
        expect(page.locator("#hand-form .alert.error")).to_contain_text("Pick the points")
        assert live.hands(gid) == []
        page.locator("#hand-form input[name=points][value='31']").check(force=True)
        # without JavaScript nothing redraws Save until it is sent: it still looks incomplete
        page.locator("#save-hand").click(force=True)
        page.wait_for_url(re.compile(rf"/games/{gid}$"))
        page.goto(f"{live.url}/games/{gid}?view=list")
        expect(page.locator("#hands")).to_contain_text("Cat bid 30 ✓ made · caught 31")
        assert live.hands(gid) == [{"auction": ["pass", 30, "pass", "pass"], "points": 31}]
        page.get_by_role("button", name="Undo hand 1").click()
        page.wait_for_url(re.compile(rf"/games/{gid}$"))
        assert live.hands(gid) == []
    finally:
        context.close()


def test_history_shows_times_in_the_phones_time_zone(browser, live):
    """The server stores UTC; a phone in Chicago reads the history in Chicago time."""
    context = browser.new_context(viewport=VIEWPORT, timezone_id="America/Chicago",
                                  locale="en-US")
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        gid = ui.new_game(page, live.url, "castle-rock", ["Sol"])
        page.goto(f"{live.url}/games/{gid}/history")
        stamp = page.locator(".history time").first
        utc = stamp.get_attribute("datetime")
        expected = page.evaluate(
            """iso => new Date(iso).toLocaleString('en-US', {timeZone: 'America/Chicago',
                 month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit',
                 second: '2-digit'})""", utc)
        expect(stamp).to_have_text(expected)
        expect(stamp).not_to_contain_text("UTC")
    finally:
        context.close()
