"""The phone app around the pages, in Chromium at 390x844: installable (manifest, icons, service
worker), the screen kept on, "Reconnecting" instead of a browser error, hands kept on the phone
while the server is away and saved exactly once when it is back, and the TV view."""
from __future__ import annotations

import re
import struct
import time

import pytest
from playwright.sync_api import expect

from . import ui

TV = {"width": 1280, "height": 720}


def controlled(page) -> None:
    """Wait until the service worker is active, and reload so that it controls the page."""
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    if not page.evaluate("() => !!navigator.serviceWorker.controller"):
        page.reload()
    assert page.evaluate("() => !!navigator.serviceWorker.controller")


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def kept(page):
    return page.locator("#kept")


def test_installable(page, live):
    page.goto(live.url + "/")
    head = page.locator("head")
    expect(head.locator("link[rel=manifest]")).to_have_count(1)
    expect(head.locator("link[rel=icon]")).to_have_count(2)
    expect(head.locator("link[rel=apple-touch-icon]")).to_have_count(1)
    themes = head.locator("meta[name=theme-color]")
    assert sorted(themes.evaluate_all("els => els.map(e => e.media)")) == [
        "(prefers-color-scheme: dark)", "(prefers-color-scheme: light)"]

    href = head.locator("link[rel=manifest]").get_attribute("href")
    response = page.request.get(live.url + href)
    assert response.ok and response.headers["content-type"].startswith("application/manifest+json")
    manifest = response.json()
    assert manifest["name"] == "Scorekeeper" and manifest["short_name"]
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    assert manifest["theme_color"] and manifest["background_color"]
    sizes = {}
    for icon in manifest["icons"]:
        data = page.request.get(live.url + icon["src"]).body()
        if icon["type"] == "image/png":
            assert png_size(data) == tuple(int(x) for x in icon["sizes"].split("x"))
            sizes.setdefault(icon["purpose"], set()).add(icon["sizes"])
    assert sizes == {"any": {"192x192", "512x512"}, "maskable": {"192x192", "512x512"}}

    sw = page.request.get(live.url + "/sw.js")
    assert sw.headers["service-worker-allowed"] == "/"
    assert "no-cache" in sw.headers["cache-control"]
    controlled(page)
    assert page.evaluate("() => navigator.serviceWorker.ready.then(r => r.scope)") == live.url + "/"


def test_a_page_comes_from_the_phone_or_says_reconnecting(phone, live):
    page = phone()
    gid = ui.new_game(page, live.url, "castle-rock", ["Sol"])
    controlled(page)
    page.goto(live.url + "/rules/moon")  # no capability on it: the phone may keep it
    expect(page.locator("h1")).to_contain_text("Moon")
    page.context.set_offline(True)
    page.reload()  # visited before: the copy kept on the phone
    expect(page.locator("h1")).to_contain_text("Moon")

    # A game's pages carry its join code (Cache-Control: no-store), so the phone keeps none of
    # them (but the scorer's own copy of the game page, test_offline_reload): with the server
    # away it says so, not a browser error, and comes back by itself.
    page.goto(f"{live.url}/games/{gid}/history")
    expect(page.locator("h1")).to_have_text("Reconnecting…")
    assert page.url == f"{live.url}/games/{gid}/history"
    page.context.set_offline(False)
    expect(page.locator("main")).to_contain_text("History", timeout=8_000)
    page.goto(f"{live.url}/games/{gid}")
    expect(page.locator("#connection")).to_be_hidden()


def test_the_live_banner_comes_and_goes_with_the_server(phone, live):
    page = phone()
    ui.new_game(page, live.url, "castle-rock", ["Sol"])
    page.context.set_offline(True)
    expect(page.locator("#connection")).to_contain_text("Reconnecting", timeout=6_000)
    expect(page.locator("#connection")).to_be_visible()
    page.context.set_offline(False)
    expect(page.locator("#connection")).to_be_hidden(timeout=6_000)


def test_wake_lock_and_its_switch(full_phone, live):
    """In the full Chromium: the headless shell refuses every wake lock."""
    page = full_phone()
    ui.new_game(page, live.url, "castle-rock", ["Sol"])
    switch = page.get_by_label("Keep the screen on")
    expect(switch).to_be_visible()
    expect(switch).to_be_checked()
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "on")

    switch.uncheck()
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "off")
    page.reload()  # remembered on this phone
    expect(page.get_by_label("Keep the screen on")).not_to_be_checked()
    time.sleep(0.3)
    assert page.locator("html").get_attribute("data-wake-lock") is None

    page.get_by_label("Keep the screen on").check()
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "on")
    # the browser lets the lock go when the page is hidden; it is taken again on coming back
    page.evaluate("() => document.dispatchEvent(new Event('visibilitychange'))")
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "on")


FAKE_WAKE_LOCK = """
// A wake lock that records what the page asks of it; the test lets it go as the browser would.
window.wakeCalls = 0;
window.wakeLocks = [];
Object.defineProperty(Navigator.prototype, 'wakeLock', {configurable: true, get() { return {
  request(type) {
    window.wakeCalls += 1;
    const lock = new EventTarget();
    lock.released = false;
    lock.release = () => { lock.released = true; lock.dispatchEvent(new Event('release'));
                           return Promise.resolve(); };
    window.wakeLocks.push(lock);
    return Promise.resolve(lock);
  }}; }});
window.setVisibility = (state) => {
  Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => state});
  document.dispatchEvent(new Event('visibilitychange'));
};
"""


def test_the_wake_lock_is_taken_again_when_the_page_comes_back(phone, live):
    page = phone()
    page.context.add_init_script(FAKE_WAKE_LOCK)
    ui.new_game(page, live.url, "castle-rock", ["Sol"])
    page.wait_for_function("() => window.wakeCalls === 1")
    # Hidden: the browser releases the lock; nothing is asked while hidden.
    page.evaluate("() => { setVisibility('hidden'); wakeLocks[0].release(); }")
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "off")
    assert page.evaluate("() => window.wakeCalls") == 1
    page.evaluate("() => setVisibility('visible')")  # back in view: taken again
    page.wait_for_function("() => window.wakeCalls === 2")
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "on")
    # Switched off: released, and not taken again on coming back.
    page.get_by_label("Keep the screen on").uncheck()
    assert page.evaluate("() => wakeLocks[1].released") is True
    page.evaluate("() => { setVisibility('hidden'); setVisibility('visible'); }")
    time.sleep(0.3)
    assert page.evaluate("() => window.wakeCalls") == 2


def test_a_hand_saved_offline_is_saved_once_when_the_server_is_back(phone, live):
    page = phone()
    gid = ui.new_game(page, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    ui.enter_hand(page, saved=False)

    page.context.set_offline(True)
    page.locator("#save-hand").click()
    expect(kept(page)).to_contain_text("Hand 1 is kept on this phone")
    expect(page.locator("#hand-form h2")).to_have_text("Hand 2")  # ready for the next hand
    page.locator("#save-hand").click(force=True)  # a second tap: nothing more is kept or sent
    expect(kept(page).locator(".kept-list li")).to_have_count(1)
    time.sleep(1)
    assert live.hands(gid) == []

    page.context.set_offline(False)
    expect(page.locator(ui.HAND_ROWS)).to_have_count(1, timeout=10_000)  # the score sheet
    expect(kept(page)).to_contain_text("Hand 1 saved")
    assert live.hands(gid) == [{"auction": [30, "pass", "pass", "pass"], "contract": "straight",
                                "points": 31}]
    assert page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('sk:kept'))") == []
    expect(page.locator("#hand-form")).to_have_js_property("inert", False)
    time.sleep(3)  # nothing is sent again
    assert len(live.hands(gid)) == 1
    ui.list_view(page)
    expect(page.locator("#hands li.hand-row")).to_have_count(1)
    expect(page.locator("#hands")).to_contain_text("Bob bid 30 ✓ made · caught 31")


def test_an_edit_saved_offline_is_saved_once_too(phone, live):
    page = phone()
    gid = ui.new_game(page, live.url, "castle-rock", ["Sol"])
    ui.type_number(page, "remaining", "9")
    ui.save(page)
    ui.list_view(page)  # the hands in words (this phone keeps the choice)
    page.goto(f"{live.url}/games/{gid}/hands/0/edit")
    ui.type_number(page, "remaining", "2")
    page.context.set_offline(True)
    page.locator("#save-hand").click()
    expect(kept(page)).to_contain_text("The change to hand 1 is kept on this phone")
    page.context.set_offline(False)
    page.wait_for_url(f"{live.url}/games/{gid}", timeout=10_000)  # where the save leads
    expect(kept(page)).to_contain_text("The change to hand 1 saved")
    expect(page.locator("#hands li.hand-row")).to_have_count(1)
    expect(page.locator("#hands")).to_contain_text("2 left in the row")
    assert live.hands(gid) == [{"remaining": 2}]


@pytest.mark.parametrize("earlier", [0, 1])
def test_a_lost_answer_is_not_saved_twice(phone, live, earlier):
    """The save reaches the server but its answer is lost: the resend is refused (stale
    version), and the phone learns its first try was saved. Also for a later hand, with the
    hands shown as the score sheet (the default): the phone asks about the right hand."""
    page = phone(service_workers="block")  # page.route sees every request
    gid = ui.new_game(page, live.url, "castle-rock", ["Sol"])
    for _ in range(earlier):
        ui.type_number(page, "remaining", "9")
        ui.save(page)
    expect(page.locator("#score-grid tbody")).to_have_count(earlier)
    ui.type_number(page, "remaining", "7")
    lost = []

    def lose_the_answer(route):
        if route.request.method == "POST" and not lost:
            lost.append(route.fetch().status)  # the server saves it...
            route.abort()  # ...and the answer never arrives
        else:
            route.continue_()

    page.route(re.compile(r".*/games/\d+/hands$"), lose_the_answer)
    page.locator("#save-hand").click()
    expect(kept(page)).to_contain_text(f"Game {earlier + 1} saved (its first try got through",
                                       timeout=10_000)
    assert lost == [200]
    expect(page.locator("#score-grid tbody")).to_have_count(earlier + 1)
    assert live.hands(gid) == [{"remaining": 9}] * earlier + [{"remaining": 7}]


def test_a_kept_hand_the_game_moved_past_is_shown_not_saved(phone, live):
    scorer = phone()
    gid = ui.new_game(scorer, live.url, "castle-rock", ["Sol"])
    from scorekeeper.extensions import db
    from scorekeeper.models import Game

    with live.app.app_context():
        secret = db.session.get(Game, gid).scorer_secret
    helper = phone()
    helper.goto(f"{live.url}/s/{secret}")

    ui.type_number(scorer, "remaining", "9")
    scorer.context.set_offline(True)
    scorer.locator("#save-hand").click()
    expect(kept(scorer)).to_contain_text("Game 1 is kept on this phone")

    scorer.get_by_role("link", name="Scorekeeper").click()  # elsewhere, it is not forgotten
    expect(kept(scorer)).to_contain_text("Kept on this phone, not saved yet: Game 1.")
    scorer.get_by_role("link", name="Open its game").click()
    expect(kept(scorer)).to_contain_text("Game 1 is kept on this phone")

    ui.type_number(helper, "remaining", "3")  # meanwhile another phone enters game 1
    ui.save(helper)
    scorer.context.set_offline(False)
    expect(kept(scorer)).to_contain_text("Game 1 was not saved", timeout=10_000)
    expect(kept(scorer)).to_contain_text("Game 1 was just entered from another phone")
    expect(kept(scorer)).to_contain_text("9 left in the row")  # what was kept
    expect(scorer.locator(ui.HAND_ROWS)).to_have_count(1)
    assert live.hands(gid) == [{"remaining": 3}]

    # A hand saved meanwhile, with no server again, is kept after it, held: it waits.
    ui.type_number(scorer, "remaining", "8")
    # its preview in first (the words the kept hand is shown by), and the box left (leaving
    # it later, by the tap on Save, would send its change for a preview once more, with no
    # server: the form's preview is then not the hand's, and the hand is shown by its
    # fields), then no server again
    scorer.locator("#hand-form input[name=remaining]").blur()
    ui.settle(scorer)
    expect(scorer.locator("#preview")).to_contain_text("This hand scores")
    scorer.context.set_offline(True)
    scorer.locator("#save-hand").click()
    expect(kept(scorer)).to_contain_text("Game 2 This hand scores")
    expect(kept(scorer)).to_contain_text("sent once the hand before it is saved")
    expect(kept(scorer)).to_contain_text("9 left in the row")
    scorer.context.set_offline(False)

    # The scorer decides: back in the form (for game 2 now), checked, saved.
    scorer.get_by_role("button", name="Put it in the form").click()
    form = scorer.locator("#hand-form")
    expect(form.locator("h2")).to_have_text("Game 2")
    expect(form.locator("input[name=remaining]")).to_have_value("9")
    ui.save(scorer)
    assert live.hands(gid) == [{"remaining": 3}, {"remaining": 9}]

    # The one kept after it was typed as game 2: it waits for the scorer, who discards it.
    expect(kept(scorer)).to_contain_text("Game 2 waits for the hand before it")
    scorer.once("dialog", lambda dialog: dialog.accept())
    scorer.get_by_role("button", name="Discard it").click()
    expect(kept(scorer)).to_be_empty()
    time.sleep(3.5)
    assert live.hands(gid) == [{"remaining": 3}, {"remaining": 9}]


def test_tv_view_is_live_and_read_only(phone, live):
    scorer = phone()
    gid = ui.new_game(scorer, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    scorer.get_by_role("link", name="TV").click()
    scorer.wait_for_url(f"{live.url}/games/{gid}/tv")
    expect(scorer.locator("#scoreboard")).to_be_visible()
    expect(scorer.locator("#hand-form")).to_have_count(0)
    scorer.go_back()

    code = scorer.locator("#share .join-code").inner_text().replace(" ", "")
    tv = phone(viewport=TV)
    answer = tv.goto(f"{live.url}/games/{gid}/tv")
    assert answer.status == 404  # anyone who may read the game, no one else
    tv.goto(f"{live.url}/g/{code}")
    tv.goto(f"{live.url}/games/{gid}/tv")
    expect(tv.locator("#scoreboard h1")).to_contain_text("Lechner")
    expect(tv.locator("#hand-form")).to_have_count(0)
    big = tv.locator("#scoreboard .num-big").first.evaluate(
        "el => parseFloat(getComputedStyle(el).fontSize)")
    assert big >= 96
    board, hands = tv.locator("#scoreboard").bounding_box(), tv.locator("#hands").bounding_box()
    assert hands["x"] > board["x"] + board["width"] - 1  # side by side in landscape
    assert tv.evaluate("document.documentElement.scrollWidth") <= TV["width"]

    ui.enter_hand(scorer, "42")
    expect(tv.locator("#score-grid tbody")).to_have_count(1, timeout=3_500)  # the sheet
    expect(tv.locator("#scoreboard .side").nth(1)).to_contain_text("1")
    expect(tv.locator("#score-grid tfoot")).to_contain_text("1")
    # read only: no edit links, no undo
    expect(tv.locator("#hands a[href*='/edit']")).to_have_count(0)
    expect(tv.locator("#hands #undo-hand")).to_have_count(0)
    # the hands as a list too, on the big screen's own toggle, still read only and live
    ui.list_view(tv)
    expect(tv.locator("#hands li.hand-row")).to_have_count(1)
    expect(tv.locator("#hands")).to_contain_text("Bob bid 30")
    expect(tv.locator("#hands .hand-actions")).to_be_hidden()
    expect(tv.locator("#hands a[href*='/edit']")).to_have_count(0)
