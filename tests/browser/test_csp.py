"""The Content-Security-Policy holds in a real browser: creating a game (the dealer names follow
what is typed), entering a hand, a viewer's live updates (the poller and its 304 guard, from
static/js/live.js) run without one violation in the console or as a securitypolicyviolation
event."""
from __future__ import annotations

from playwright.sync_api import expect

from . import ui
from .live import VIEWPORT

WATCH = """window.cspViolations = [];
document.addEventListener('securitypolicyviolation', e =>
  window.cspViolations.push(e.violatedDirective + ' ' + e.blockedURI));"""


def test_no_csp_violation_while_scoring_and_watching(live, browser):
    pages, console = [], []
    for _ in range(2):
        context = browser.new_context(viewport=VIEWPORT)
        context.add_init_script(WATCH)
        page = context.new_page()
        page.set_default_timeout(10_000)
        page.on("console", lambda m: console.append(m.text))
        pages.append(page)
    scorer, viewer = pages
    try:
        gid = ui.new_game(scorer, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
        code = scorer.locator("#share .join-code").inner_text().replace(" ", "")
        viewer.goto(f"{live.url}/g/{code}")
        ui.next_poll(scorer)  # a poll answered 304
        ui.enter_hand(scorer)
        expect(viewer.locator(ui.HAND_ROWS)).to_have_count(1, timeout=5_000)
        ui.next_poll(viewer)
        expect(viewer.locator(ui.HAND_ROWS)).to_have_count(1)
        for page in pages:
            assert page.evaluate("() => window.cspViolations") == []
            assert page.evaluate("() => typeof htmx") == "object"
        assert not [m for m in console if "Content Security Policy" in m], console
        assert live.hands(gid)
    finally:
        for page in pages:
            page.context.close()
