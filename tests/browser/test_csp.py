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


def test_no_csp_violation_on_any_page_of_a_game_a_club_and_an_event(live, browser):
    """Every page linked from a club's, an event's and a scorer's game page, each loaded and
    left to run (its polls, its scripts), and the scorer's form worked (a mode switch, a hand
    saved, hands kept with the server away, an edit): no console error, no violation."""
    import re

    from .test_events import start_club_and_event

    context = browser.new_context(viewport=VIEWPORT)
    context.add_init_script(WATCH)
    page = context.new_page()
    page.set_default_timeout(10_000)
    errors = []
    page.on("console", lambda m: errors.append(f"{page.url}: {m.text}")
            if m.type == "error" or "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: errors.append(f"{page.url}: {e}"))

    def clean(where: str) -> None:
        page.wait_for_timeout(300)
        found = page.evaluate("() => window.cspViolations || []")
        assert found == [] and errors == [], (where, found, errors)

    try:
        event_url = start_club_and_event(page, live.url)
        club_url = event_url.rsplit("/events/", 1)[0]
        page.get_by_role("button", name=re.compile("Start round 1")).click()
        expect(page.locator("#round-1 .event-table")).to_have_count(2)
        gid = ui.new_game(page, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
        ui.quick_mode(page)
        ui.choose(page, "bidder", "1")
        ui.choose(page, "bid", "84")
        ui.choose(page, "made", "1")
        ui.save(page)
        clean("a hand saved")
        page.context.set_offline(True)
        page.locator("#hand-form label:has(> input[name=bidder][value='2'])").click()
        page.locator("#hand-form #save-hand").click()  # refused on the spot
        page.locator("#hand-form label:has(> input[name=bid][value='30'])").click()
        page.locator("#hand-form label:has(> input[name=made][value='0'])").click()
        page.locator("#hand-form #save-hand").click()  # kept
        expect(page.locator("#kept")).to_contain_text("kept on this phone")
        page.locator("#mode-auction").click()
        page.context.set_offline(False)
        expect(page.locator("#kept")).to_contain_text("saved", timeout=10_000)
        errors.clear()  # the requests that failed with no server: not the policy's
        clean("hands kept and sent")
        game_url = f"{live.url}/games/{gid}"
        train = ui.new_game(page, live.url, "mexican-train", ["Ann", "Bob", "Cat"])
        ui.type_number(page, "pips-0", "12")
        clean("a round typed")
        seen = set()
        for start in (club_url, event_url, game_url, game_url + "/hands/0/edit",
                      f"{live.url}/games/{train}", f"{live.url}/games/{train}/tv"):
            page.goto(start)
            clean(start)
            links = page.locator("a[href^='/']").evaluate_all(
                "as => as.map(a => a.href.split('#')[0])")
            for url in dict.fromkeys(links):
                if url in seen or re.search(r"/(logout|leave|export|csv|download)|\.csv|\.json",
                                            url):
                    continue
                seen.add(url)
                response = page.goto(url)
                if response is None or "html" not in response.headers.get("content-type", ""):
                    continue
                clean(url)
        assert len(seen) > 15
    finally:
        context.close()
