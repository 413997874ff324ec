"""A reload with the server away (issue 40): where a service worker runs, the scorer's game page
comes back from the phone, as last seen, with the kept hands on the sheet and the form ready
for the next hand, in every entry mode; where none can run (a plain http:// LAN address, here
a context with service workers blocked), no pull-to-refresh, a warning before the page is left
while hands wait, and the kept hands sent as soon as the page is back."""
from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from . import ui
from .test_kept_queue import PLAYERS, keep_hand, saved
from .test_pwa import controlled, kept

# (bidder seat, bid, made) of hands 1-4, "just the bid"
HANDS = [("1", "30", "1"), ("2", "31", "0"), ("3", "32", "1"), ("0", "30", "1")]

# The copy of this page the phone keeps for the service worker, as its form and version say.
COPY = """async () => {
  const cache = await caches.open('sk-pages');
  const kept = await cache.match(location.href);
  if (!kept) return null;
  const doc = new DOMParser().parseFromString(await kept.text(), 'text/html');
  const form = doc.getElementById('hand-form');
  return {version: doc.getElementById('live').dataset.version,
          mode: form && form.elements.mode ? form.elements.mode.value : null,
          scorerLink: !!doc.querySelector('.share-scorer, #scorer-link')};
}"""


def copy_is_current(page, timeout: float = 5.0) -> dict:
    """Wait until the phone's copy of the game page is the page as it is now; return it.
    (Polled here: wait_for_function takes a promise for a truthy answer.)"""
    now = """() => ({version: document.getElementById('live').dataset.version,
                mode: document.querySelector('#hand-form input[name=mode]').value})"""
    deadline = time.monotonic() + timeout
    while True:
        copy, shown = page.evaluate(COPY), page.evaluate(now)
        if copy and (copy["version"], copy["mode"]) == (shown["version"], shown["mode"]):
            return copy
        assert time.monotonic() < deadline, f"no copy of the page as it is: {copy} {shown}"
        time.sleep(0.1)


def keep_by_calls(page, number: int, bidder: str, bid: str, made: str) -> None:
    """A hand call by call with the server away (taken on the phone), then saved: kept."""
    form = page.locator("#hand-form")
    expect(form.locator("h2")).to_have_text(f"Hand {number}")
    for i in range(4):
        seat = form.locator(".to-call").get_attribute("data-seat")
        value = bid if seat == bidder else "pass"
        form.locator(f"button[name=call][value='{value}']").click()
        expect(form.locator("ol.calls li")).to_have_count(i + 1)
    form.locator("input[name=contract][value='straight']").check(force=True)
    form.locator(f"input[name=made][value='{made}']").check(force=True)
    form.locator("#save-hand").click()
    expect(form.locator("h2")).to_have_text(f"Hand {number + 1}")


@pytest.mark.parametrize("mode", ["quick", "auction"])
def test_a_reload_with_the_server_away_brings_back_the_game_and_its_kept_hands(page, live, mode):
    gid = ui.new_game(page, live.url, "lechner42", PLAYERS)
    controlled(page)
    if mode == "quick":
        ui.quick_mode(page)
    keep = keep_hand if mode == "quick" else keep_by_calls
    assert copy_is_current(page)["scorerLink"] is False  # the capability stays off the disk

    page.context.set_offline(True)
    for number, hand in enumerate(HANDS[:2], start=1):
        keep(page, number, *hand)
    page.reload()  # a reload, or a pull-to-refresh, with the server away
    expect(page.locator("#hand-form h2")).to_have_text("Hand 3")  # ready for the next hand
    expect(page.locator("#hand-form input[name=mode]")).to_have_value(mode)
    expect(kept(page)).to_contain_text("2 hands are kept on this phone")
    expect(page.locator("#hands .kept-row")).to_have_count(2)  # on the sheet
    expect(page.locator("#scoreboard")).to_contain_text("Lechner")
    for number, hand in enumerate(HANDS[2:], start=3):
        keep(page, number, *hand)
    expect(kept(page)).to_contain_text("4 hands are kept on this phone")
    assert live.hands(gid) == []

    page.context.set_offline(False)
    expect(kept(page)).to_contain_text("Hand 1, Hand 2, Hand 3 and Hand 4 saved", timeout=12_000)
    hands = live.hands(gid)
    if mode == "quick":
        assert hands == [saved(*hand) for hand in HANDS]
    else:  # the bidder's call, the others' passes, in the order they called
        assert [max(c for c in h["auction"] if c != "pass") for h in hands] == \
            [int(bid) for _bidder, bid, _made in HANDS]
        assert [h["made"] for h in hands] == [made == "1" for *_, made in HANDS]
    expect(page.locator("#score-grid tbody.hand-rows")).to_have_count(4)
    expect(page.locator("#hand-form h2")).to_have_text("Hand 5")


def test_where_no_service_worker_runs_the_page_is_not_left_by_accident(phone, live):
    page = phone(service_workers="block")  # as on a plain http:// LAN address
    gid = ui.new_game(page, live.url, "lechner42", PLAYERS)
    ui.quick_mode(page)
    for node in ("html", "body"):  # no pull-to-refresh on the game page
        assert page.locator(node).evaluate(
            "el => getComputedStyle(el).overscrollBehaviorY") == "none"
    leave = """() => { const e = new Event('beforeunload', {cancelable: true});
                       window.dispatchEvent(e); return e.defaultPrevented; }"""
    assert page.evaluate(leave) is False  # nothing kept: nothing to ask

    page.context.set_offline(True)
    keep_hand(page, 1, *HANDS[0])
    keep_hand(page, 2, *HANDS[1])
    assert page.evaluate(leave) is True  # the browser asks before the page is left

    page.context.set_offline(False)
    page.once("dialog", lambda dialog: dialog.accept())
    page.reload()  # back: the kept hands are sent at once (those the reload left, if it cut in)
    # the phone may send them as soon as it is online, before the reload: then the reloaded
    # page has nothing left to say; either way both are in, once and in order
    both = [saved(*hand) for hand in HANDS[:2]]
    for _ in range(100):
        if live.hands(gid) == both:
            break
        page.wait_for_timeout(100)
    expect(kept(page)).not_to_contain_text("kept on this phone.")
    assert live.hands(gid) == both
    assert page.evaluate(leave) is False


@pytest.mark.parametrize("mode", ["quick", "auction"])
def test_an_incomplete_hand_is_refused_on_the_spot_with_the_server_away(page, live, mode):
    gid = ui.new_game(page, live.url, "lechner42", PLAYERS)
    if mode == "quick":
        ui.quick_mode(page)
    form = page.locator("#hand-form")
    page.context.set_offline(True)
    if mode == "quick":  # who and what, but neither made nor set
        for name, value in (("bidder", "1"), ("bid", "30")):
            page.locator(f"#hand-form label:has(> input[name='{name}'][value='{value}'])").click()
    else:  # the calls, taken on the phone, then nothing of the rest
        for i in range(4):
            value = "30" if i == 0 else "pass"
            form.locator(f"button[name=call][value='{value}']").click()
            expect(form.locator("ol.calls li")).to_have_count(i + 1)
        expect(form.locator("fieldset.outcome")).to_be_visible()
    form.locator("#save-hand").click()
    expect(form.locator("#save-why")).to_have_text("Not kept: Was the bid made or set?")
    expect(form.locator("h2")).to_have_text("Hand 1")  # not kept: still this hand
    expect(kept(page)).to_be_empty()
    assert page.evaluate("() => Object.keys(localStorage).filter(k => "
                         "k.startsWith('sk:kept:'))") == []
    page.locator("#hand-form label:has(> input[name=made][value='1'])").click()  # completed: kept
    expect(form.locator("input[name=made][value='1']")).to_be_checked()
    form.locator("#save-hand").click()
    expect(kept(page)).to_contain_text("Hand 1 is kept on this phone")
    expect(form.locator("h2")).to_have_text("Hand 2")
    form.locator("#save-hand").click()  # hand 2, nothing entered: nothing kept
    expect(kept(page).locator(".kept-list li")).to_have_count(1)
    page.context.set_offline(False)
    expect(kept(page)).to_contain_text("Hand 1 saved", timeout=10_000)
    assert len(live.hands(gid)) == 1


def test_just_the_bid_switches_with_the_server_away_as_it_does_online(page, live):
    gid = ui.new_game(page, live.url, "lechner42", PLAYERS)
    form = page.locator("#hand-form")
    expect(form.locator("input[name=mode]")).to_have_value("auction")
    page.wait_for_function("() => Object.keys((JSON.parse(localStorage.getItem('sk:blanks'))"
                           " || {forms: {}}).forms).sort().join() === 'auction,quick'")
    page.context.set_offline(True)
    page.locator("#mode-quick").click()  # the first tap with no server: the switch still
    expect(form.locator("input[name=mode]")).to_have_value("quick")
    expect(page.locator("#mode-quick")).to_have_attribute("aria-pressed", "true")
    keep_hand(page, 1, *HANDS[0])
    expect(form.locator("input[name=mode]")).to_have_value("quick")
    page.locator("#mode-auction").click()  # with a hand kept: the form is the phone's
    expect(form.locator("input[name=mode]")).to_have_value("auction")
    expect(form.locator("h2")).to_have_text("Hand 2")
    keep_by_calls(page, 2, *HANDS[1])
    page.context.set_offline(False)
    expect(kept(page)).to_contain_text("Hand 1 and Hand 2 saved", timeout=10_000)
    hands = live.hands(gid)
    assert hands[0] == saved(*HANDS[0])
    assert max(c for c in hands[1]["auction"] if c != "pass") == 31 and hands[1]["made"] is False


def test_the_scoreboard_shows_what_the_kept_hands_will_make(page, live):
    gid = ui.new_game(page, live.url, "lechner42", PLAYERS)
    ui.quick_mode(page)
    page.context.set_offline(True)
    projection = page.locator("#kept-projection")
    keep_hand(page, 1, "1", "84", "1")  # Bob & Dan: 2 marks made
    expect(projection).to_have_text(
        "With the kept hands: Ann & Cat 0, Bob & Dan 2 (not yet checked)")
    keep_hand(page, 2, "2", "30", "0")  # Cat set: Bob & Dan 1 more
    expect(projection).to_have_text(
        "With the kept hands: Ann & Cat 0, Bob & Dan 3 (not yet checked)")
    expect(page.locator("#scoreboard .num-big")).to_have_text(["0", "0"])  # the server's, still
    page.context.set_offline(False)
    expect(kept(page)).to_contain_text("Hand 1 and Hand 2 saved", timeout=10_000)
    expect(page.locator("#scoreboard .num-big")).to_have_text(["0", "3"])
    expect(projection).to_be_hidden()
    assert len(live.hands(gid)) == 2
