"""Beside every QR code its link as text, so a phone that cannot scan can be handed it: the
viewer (join) link and the scorer link of a game, the club's link. Without JavaScript a plain
link to select (a tap selects it whole) and copy; with it a "Copy link" button that fills the
clipboard."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from . import ui
from .live import new_phone

NAMES = ["Ann", "Bob", "Cat", "Dan"]


def test_copy_link_beside_the_game_qr_codes(phone, live):
    page = phone(permissions=["clipboard-read", "clipboard-write"])
    gid = ui.new_game(page, live.url, "texas42", NAMES)
    viewer = page.locator("#viewer-link")
    expect(viewer).to_have_text(re.compile(r"^http://.+/g/\w+$"))  # the address phones reach
    page.locator("button[data-copy='viewer-link']").click()
    expect(page.locator("#share .share-viewer .copy-done")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == viewer.text_content()
    page.locator(".share-scorer summary").click()
    scorer = page.locator("#scorer-link")
    expect(scorer).to_have_text(re.compile(r"/s/"))
    page.locator("button[data-copy='scorer-link']").click()
    assert page.evaluate("navigator.clipboard.readText()") == scorer.text_content()
    other = phone()  # the link copied is a working one: it opens the game (here on 127.0.0.1)
    other.goto(live.url + re.sub(r"^http://[^/]+", "", viewer.text_content()))
    other.wait_for_url(re.compile(rf"/games/{gid}$"))


def test_the_club_link_too_and_without_javascript_a_field_to_copy(browser, live):
    page = new_phone(browser, java_script_enabled=False)
    try:
        page.goto(live.url + "/clubs")
        page.fill("#club-name", "Tuesday club")
        page.get_by_role("button", name="Start the club").click()
        page.wait_for_url(re.compile(r"/clubs/\d+$"))
        page.goto(page.url + "/phones")
        field = page.locator("#club-link")
        expect(field).to_be_visible()
        expect(field).to_have_text(re.compile(r"/c/\w+$"))
        expect(page.locator("button[data-copy='club-link']")).to_be_hidden()  # needs the script
        ui.send_setup_form(page, live.url, "texas42", NAMES)
        expect(page.locator("#viewer-link")).to_be_visible()
        expect(page.locator("button[data-copy='viewer-link']")).to_be_hidden()
    finally:
        page.context.close()
