"""The screen stays on on any address: where the browser has no Screen Wake Lock API (a plain
http:// LAN address is no secure context), static/js/pwa.js loads the vendored NoSleep.js and
plays its silent looping video; on a secure origin it takes the Wake Lock API's lock and never
loads NoSleep.js. The switch shows on every game page (the scorer's, a watcher's, the TV)."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from . import ui
from .live import CHROMIUM, CHROMIUM_ARGS, VIEWPORT
from .test_pwa import FAKE_WAKE_LOCK

LAN_HOST = "table.lan"  # resolved to 127.0.0.1 by the browser below: plain http, not loopback

# Every video the page starts, and every CSP violation, recorded for the test to read.
WATCH = """
window.startedVideos = [];
const play = HTMLMediaElement.prototype.play;
HTMLMediaElement.prototype.play = function () {
  window.startedVideos.push(this);
  return play.apply(this, arguments);
};
window.cspViolations = [];
document.addEventListener('securitypolicyviolation', e =>
  window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));
window.setVisibility = (state) => {
  Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => state});
  document.dispatchEvent(new Event('visibilitychange'));
};
"""
PLAYING = ("() => startedVideos.length > 0 && startedVideos.every(v => v.title === 'No Sleep')"
           " && !startedVideos[startedVideos.length - 1].paused")
PAUSED = "() => startedVideos.length > 0 && startedVideos[startedVideos.length - 1].paused"


@pytest.fixture(scope="module")
def lan_browser(browser):
    """Chromium that reaches the live server by a LAN-like name, over plain http, and like a
    phone's lets a page start a video only after a tap."""
    other = browser.browser_type.launch(
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS + [f"--host-resolver-rules=MAP {LAN_HOST} 127.0.0.1",
                              "--autoplay-policy=user-gesture-required"])
    yield other
    other.close()


@pytest.fixture
def lan_phone(lan_browser):
    contexts = []

    def make():
        context = lan_browser.new_context(viewport=VIEWPORT)
        context.add_init_script(WATCH)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        errors = []
        page.on("pageerror", lambda error: errors.append(error))
        return page, errors

    yield make
    for context in contexts:
        context.close()


def lan_url(live) -> str:
    return live.url.replace("127.0.0.1", LAN_HOST)


def test_on_a_plain_http_address_nosleep_keeps_the_screen_on(lan_phone, live):
    page, errors = lan_phone()
    # typed: LAN_HOST is the browser's name only (ui.send_setup_form's request cannot reach it)
    gid = ui.new_game(page, lan_url(live), "castle-rock", ["Sol"], typed=True)
    assert page.evaluate("() => [window.isSecureContext, 'wakeLock' in navigator]") == [
        False, False]
    switch = page.get_by_label("Keep the screen on")
    expect(switch).to_be_visible()
    expect(switch).to_be_checked()
    # A video starts only after a tap on the page: until then the lock waits for one.
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "waiting")
    page.locator("h1, h2").first.click()  # the first tap anywhere
    page.wait_for_function(PLAYING)
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "on")

    # The page hidden lets the video go; back in view it plays again by itself.
    page.evaluate("() => setVisibility('hidden')")
    page.wait_for_function(PAUSED)
    page.evaluate("() => setVisibility('visible')")
    page.wait_for_function(PLAYING)

    switch.uncheck()
    page.wait_for_function(PAUSED)
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "off")
    page.reload()  # the choice is remembered on this phone: nothing plays, whatever is tapped
    expect(page.get_by_label("Keep the screen on")).not_to_be_checked()
    page.locator("h1, h2").first.click()
    time.sleep(0.3)
    assert page.evaluate("() => startedVideos.length") == 0
    page.get_by_label("Keep the screen on").check()  # the switch's tap starts it
    page.wait_for_function(PLAYING)
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "on")

    ui.type_number(page, "remaining", "4")  # scoring goes on as before
    ui.save(page)
    assert len(live.hands(gid)) == 1
    assert page.evaluate("() => cspViolations") == []
    assert errors == []


def test_the_switch_shows_on_a_watchers_page_and_the_tv(lan_phone, live):
    scorer, _ = lan_phone()
    gid = ui.new_game(scorer, lan_url(live), "moon", ["Ann", "Bob", "Cat"], typed=True)
    code = scorer.locator("#share .join-code").inner_text().replace(" ", "")
    watcher, errors = lan_phone()
    watcher.goto(f"{lan_url(live)}/g/{code}")
    expect(watcher.locator("#hand-form")).to_have_count(0)  # watching, not scoring
    for url in (watcher.url, f"{lan_url(live)}/games/{gid}/tv"):
        watcher.goto(url)
        expect(watcher.get_by_label("Keep the screen on")).to_be_visible()
        watcher.locator("h1, h2").first.click()
        watcher.wait_for_function(PLAYING)
    assert watcher.evaluate("() => cspViolations") == []
    assert errors == []


def test_on_a_secure_origin_the_wake_lock_api_is_used(phone, live):
    page = phone()  # http://127.0.0.1 is loopback: a secure context
    page.context.add_init_script(FAKE_WAKE_LOCK + WATCH)
    ui.new_game(page, live.url, "castle-rock", ["Sol"])
    page.wait_for_function("() => window.wakeCalls === 1")
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "on")
    page.locator("h1, h2").first.click()
    time.sleep(0.3)
    assert page.evaluate("() => [typeof window.NoSleep, startedVideos.length]") == [
        "undefined", 0]
    nosleep = page.locator("script[src*='NoSleep']")
    expect(nosleep).to_have_count(0)  # not even downloaded
