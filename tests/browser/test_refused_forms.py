"""A refused form (new game, import, new club, club import, new event) brings its first error
into view and gives it focus, with JavaScript (htmx focuses the [autofocus] it swapped in) and
without (the browser focuses the page's [autofocus]): the button never seems to do nothing
(issue 28: the error was 1,700 px above the screen, with no focus)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .live import new_phone

IN_VIEW = """el => { const b = el.getBoundingClientRect();
  return b.height > 0 && b.top >= 0 && b.bottom <= innerHeight; }"""
BAD_JSON = {"name": "record.json", "mimeType": "application/json", "buffer": b"{not json"}


@pytest.fixture(params=["js", "no-js"])
def phone_page(request, browser):
    page = new_phone(browser, java_script_enabled=request.param == "js")
    yield page
    page.context.close()


def submit_from_the_bottom(page: Page, button) -> None:
    """Tap the form's button as a scorer does: scrolled down to it, the top out of sight."""
    page.evaluate("scrollTo(0, document.body.scrollHeight)")
    button.click()


def assert_focused_in_view(page: Page, selector: str, shown: str | None = None) -> None:
    expect(page.locator(selector)).to_be_focused()
    for sel in filter(None, (selector, shown)):
        assert page.locator(sel).evaluate(IN_VIEW), f"{sel} is off screen"


def test_a_refused_new_game(phone_page, live):
    page = phone_page
    page.goto(live.url + "/games/new?variant=texas42")
    for i, name in enumerate(["Ann", "Ann", "Cat", "Dan"]):
        page.fill(f"input[name='name-{i}']", name)
    submit_from_the_bottom(page, page.get_by_role("button", name="Start the game"))
    assert_focused_in_view(page, "#setup-errors")
    expect(page.locator("#setup-errors")).to_contain_text("seats are called Ann")


def test_a_refused_game_import(phone_page, live):
    page = phone_page
    page.goto(live.url + "/games/new")
    page.locator("details.import summary").click()
    page.set_input_files("#record-file", BAD_JSON)
    submit_from_the_bottom(page, page.get_by_role("button", name="Import"))
    assert_focused_in_view(page, "#import-error")


def test_a_refused_new_club_and_club_import(phone_page, live):
    page = phone_page
    page.goto(live.url + "/clubs")
    page.fill("#club-name", "   ")  # required is met; the name, trimmed, is empty
    submit_from_the_bottom(page, page.get_by_role("button", name="Start the club"))
    assert_focused_in_view(page, "#club-name", "#create-error")
    page.locator("details.import summary").click()
    page.fill("#import-name", "Imported")
    page.set_input_files("details.import input[type=file]", BAD_JSON)
    submit_from_the_bottom(page, page.locator("details.import button[type=submit]"))
    assert_focused_in_view(page, "#club-import-error")


def test_a_refused_new_event(phone_page, live):
    page = phone_page
    page.goto(live.url + "/clubs")
    page.fill("#club-name", "Tuesday club")
    page.get_by_role("button", name="Start the club").click()
    page.wait_for_url(re.compile(r"/clubs/\d+$"))
    page.goto(page.url + "/events/new")
    page.fill("#ev-name", "Cup")
    page.fill("#ev-day", "2026-11-27")
    submit_from_the_bottom(page, page.get_by_role("button", name="Start the event"))
    assert_focused_in_view(page, "#event-errors")
    expect(page.locator("#event-errors")).to_contain_text("Type the entrants")
