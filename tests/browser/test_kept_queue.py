"""Any number of hands kept on the phone while the server is away (issue 28): the form is
ready for the next hand at once, each kept hand is listed as kept, and once the server is back
they are sent in order, each saved exactly once."""
from __future__ import annotations

import time

from playwright.sync_api import expect

from . import ui
from .test_pwa import kept

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
# (bidder seat, bid, made) of hands 1-3, entered "just the bid"
HANDS = [("1", "30", "1"), ("2", "31", "0"), ("3", "32", "1")]


def saved(bidder: str, bid: str, made: str) -> dict:
    return {"bidder": int(bidder), "bid": int(bid), "contract": "straight", "made": made == "1"}


def keep_hand(page, number: int, bidder: str, bid: str, made: str) -> None:
    """Enter a hand in "just the bid" with the server away and save it: kept on the phone, the
    form at once for the next hand."""
    form = page.locator("#hand-form")
    expect(form.locator("h2")).to_have_text(f"Hand {number}")
    for name, value in (("bidder", bidder), ("bid", bid), ("made", made)):
        page.locator(f"#hand-form label:has(> input[name='{name}'][value='{value}'])").click()
        expect(form.locator(f"input[name='{name}'][value='{value}']")).to_be_checked()
    form.locator("#save-hand").click()
    expect(form.locator("h2")).to_have_text(f"Hand {number + 1}")


def three_kept(page, live) -> int:
    gid = ui.new_game(page, live.url, "lechner42", PLAYERS)
    ui.quick_mode(page)
    page.context.set_offline(True)
    for number, hand in enumerate(HANDS, start=1):
        keep_hand(page, number, *hand)
    return gid


def test_three_hands_kept_offline_are_sent_in_order(page, live):
    gid = three_kept(page, live)
    expect(kept(page)).to_contain_text("3 hands are kept on this phone")
    expect(kept(page).locator(".kept-list li")).to_have_count(3)
    rows = page.locator("#hands .kept-row")  # the list: no hand saved yet
    expect(rows).to_have_count(3)
    expect(rows.first).to_contain_text("kept on this phone, checked when the server is back")
    form = page.locator("#hand-form")
    expect(form.locator("input[name=bidder]:checked")).to_have_count(0)  # empty, for hand 4
    expect(form.locator(".kept-dealer")).to_have_text("Dan shakes")  # lechner42 says shakes
    expect(form.locator("#save-hand")).to_have_text("Save hand 4")
    assert live.hands(gid) == []
    for width in (390, 320):  # the kept hands fit: nothing sideways
        page.set_viewport_size({"width": width, "height": 740})
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.locator("#hand-form label:has(> input[name=bidder][value='0'])").click()  # hand 4 begun
    page.context.set_offline(False)
    expect(kept(page)).to_contain_text("Hand 1, Hand 2 and Hand 3 saved", timeout=10_000)
    expect(page.locator("#score-grid tbody.hand-rows")).to_have_count(3)  # a row group a hand
    assert live.hands(gid) == [saved(*hand) for hand in HANDS]
    expect(page.locator("#hand-form h2")).to_have_text("Hand 4")  # drawn by the server now,
    expect(page.locator("#hand-form input[name=bidder][value='0']")).to_be_checked()  # as begun


def test_a_reload_in_the_middle_of_the_queue_sends_the_rest_once(page, live):
    gid = three_kept(page, live)
    posts = []

    def first_only():  # the server takes the first save, then is away
        posts.append(len(posts) + 1)
        return None if len(posts) == 1 else 503
    live.hook("POST", f"/games/{gid}/hands", first_only)
    page.context.set_offline(False)
    expect(kept(page)).to_contain_text("2 hands are kept on this phone", timeout=10_000)
    assert live.hands(gid) == [saved(*HANDS[0])]
    page.reload()  # mid-queue: the two left are still on the phone, in order
    expect(kept(page)).to_contain_text("2 hands are kept on this phone")
    expect(kept(page).locator(".kept-list li strong")).to_have_text(["Hand 2", "Hand 3"])
    expect(page.locator("#hand-form h2")).to_have_text("Hand 4")  # the hand after them
    live.unhook("POST", f"/games/{gid}/hands")
    # not waiting for the next try; the tap itself (Playwright's scroll-into-view step once hung
    # 10 s here under a full run's load, right after the reload)
    kept(page).get_by_role("button", name="Try now").dispatch_event("click")
    expect(kept(page)).to_contain_text("Hand 2 and Hand 3 saved", timeout=10_000)
    assert live.hands(gid) == [saved(*hand) for hand in HANDS]


def test_a_hand_another_phone_saved_meanwhile_stops_the_queue(page, live):
    gid = three_kept(page, live)
    live.write_hand_elsewhere(gid, saved("0", "35", "1"))  # hand 1, from another phone
    page.context.set_offline(False)
    expect(kept(page)).to_contain_text("Hand 1 was not saved", timeout=10_000)
    expect(kept(page)).to_contain_text("Hand 1 was just entered from another phone")
    later = kept(page).locator(".kept-list li")
    expect(later).to_have_count(2)  # hands 2 and 3 stay kept, held
    expect(later.first).to_contain_text("sent once the hand before it is saved")
    assert live.hands(gid) == [saved("0", "35", "1")]  # nothing merged, nothing twice


def test_a_stale_answer_to_the_second_of_three_stops_the_queue_there(page, live):
    gid = three_kept(page, live)
    elsewhere = saved("0", "35", "1")
    posts = []

    def another_phone_first():  # hand 2 saved from another phone just before this one's
        posts.append(len(posts) + 1)
        if len(posts) == 2:
            live.write_hand_elsewhere(gid, elsewhere)
    live.hook("POST", f"/games/{gid}/hands", another_phone_first)
    page.context.set_offline(False)
    said = kept(page)
    expect(said).to_contain_text("Hand 2 was not saved", timeout=10_000)
    expect(said).to_contain_text("Hand 2 was just entered from another phone")
    expect(said.locator(".kept-list li")).to_have_count(1)  # hand 3, still kept
    expect(said.locator(".kept-list li")).to_contain_text("Hand 3")
    assert live.hands(gid) == [saved(*HANDS[0]), elsewhere]
    assert len(posts) == 2  # hand 3 was never sent


def second_of_three_incomplete(page, live) -> int:
    """Hands 1-3 kept with the server away, hand 2 without its made or set: the engine
    refuses it. (The phone refuses such a hand itself, from what the form says it needs; a
    form drawn without that, as by a page from before the phone checked, keeps it.)"""
    gid = ui.new_game(page, live.url, "lechner42", PLAYERS)
    ui.quick_mode(page)
    page.context.set_offline(True)
    keep_hand(page, 1, *HANDS[0])
    for name, value in (("bidder", "2"), ("bid", "31")):  # made or set left out
        page.locator(f"#hand-form label:has(> input[name='{name}'][value='{value}'])").click()
    page.locator("#hand-form").evaluate("form => form.removeAttribute('data-needs')")
    page.locator("#hand-form #save-hand").click()
    keep_hand(page, 3, *HANDS[2])
    return gid


def refused_back_in_the_form(page) -> None:
    said = kept(page)
    expect(said).to_contain_text("Hand 2 was not saved: ", timeout=10_000)
    expect(said).to_contain_text("It is back in the form")
    expect(said.locator(".kept-list li")).to_have_count(1)  # hand 3, still kept
    expect(said.locator(".kept-list li")).to_contain_text("Hand 3")
    form = page.locator("#hand-form")
    expect(form.locator("h2")).to_have_text("Hand 2")
    expect(form.locator("input[name=bidder][value='2']")).to_be_checked()
    expect(form.locator("input[name=bid][value='31']")).to_be_checked()


def test_the_engine_refusing_the_second_of_three_brings_it_back_to_the_form(page, live):
    gid = second_of_three_incomplete(page, live)
    page.context.set_offline(False)
    refused_back_in_the_form(page)
    assert live.hands(gid) == [saved(*HANDS[0])]
    ui.choose(page, "made", "0")  # the scorer decides: set
    page.locator("#save-hand").click()  # hand 2, and hand 3 after it at once: rows 2 and 3 come
    expect(kept(page)).to_contain_text("Hand 3 saved", timeout=10_000)
    assert live.hands(gid) == [saved(*hand) for hand in HANDS]


def test_a_hand_begun_while_they_wait_comes_back_once_the_refused_one_is_saved(page, live):
    """Hand 4 begun on the form drawn on the phone, then hand 2 comes back to the form: hand 4
    waits aside, and is in the form again, as begun, once hands 2 and 3 are saved."""
    gid = second_of_three_incomplete(page, live)
    page.locator("#hand-form label:has(> input[name=bidder][value='0'])").click()  # hand 4
    expect(page.locator("#hand-form h2")).to_have_text("Hand 4")
    page.context.set_offline(False)
    refused_back_in_the_form(page)
    ui.choose(page, "made", "0")
    page.locator("#save-hand").click()  # hand 2, then the held hand 3
    expect(kept(page)).to_contain_text("Hand 3 saved", timeout=10_000)
    assert live.hands(gid) == [saved(*HANDS[0]), saved("2", "31", "0"), saved(*HANDS[2])]
    form = page.locator("#hand-form")
    expect(form.locator("h2")).to_have_text("Hand 4")
    expect(form.locator("input[name=bidder][value='0']")).to_be_checked()
    expect(form.locator("input[name=bid]:checked")).to_have_count(0)


def test_a_poll_answered_before_the_reload_keeps_the_refused_hand_and_its_reason(page, live):
    """The queue stopped at hand 2 reloads the page; a slow reload lets the poll's answer (hand
    1 saved) settle first, beside the form drawn on the phone for hand 4: hand 2 stays back in
    the form, its values and the engine's reason with it."""
    gid = second_of_three_incomplete(page, live)

    def slow_reload():  # the page itself: not the poll
        time.sleep(2.5)  # over a poll's 2 s, under the service worker's 3 s wait for a page
    live.hook("GET", f"/games/{gid}", slow_reload)
    page.context.set_offline(False)
    refused_back_in_the_form(page)
    assert live.hands(gid) == [saved(*HANDS[0])]


def test_call_by_call_hands_kept_offline_each_with_its_own_first_caller(page, live):
    gid = ui.new_game(page, live.url, "lechner42", PLAYERS)
    page.context.set_offline(True)
    form = page.locator("#hand-form")
    for number, (first, calls, points) in enumerate(
            [("Bob", ("30", "pass", "pass", "pass"), "31"),
             ("Cat", ("31", "pass", "pass", "pass"), "35")], start=1):
        expect(form.locator("h2")).to_have_text(f"Hand {number}")
        expect(form.locator(".to-call strong")).to_have_text(first)
        for i, call in enumerate(calls, start=1):
            form.locator(f"button[name=call][value='{call}']").click()
            expect(form.locator("ol.calls li")).to_have_count(i)
        folded = form.locator("details:not([open]):has(input[name=points])")
        if folded.count():
            folded.locator("summary").click()
        form.locator(f"label:has(> input[name=points][value='{points}'])").click()
        form.locator("#save-hand").click()
    expect(form.locator("h2")).to_have_text("Hand 3")
    expect(kept(page)).to_contain_text("2 hands are kept on this phone")
    page.context.set_offline(False)
    expect(kept(page)).to_contain_text("Hand 1 and Hand 2 saved", timeout=10_000)
    assert live.hands(gid) == [
        {"auction": [30, "pass", "pass", "pass"], "contract": "straight", "points": 31},
        {"auction": [31, "pass", "pass", "pass"], "contract": "straight", "points": 35}]


def test_card42_bid_by_bid_hands_kept_offline(page, live):
    """card42's bids in turn, taken on the phone hand after hand: each hand's first bidder is
    the seat after its dealer (the deal passes on), the tricks once every bid is in."""
    gid = ui.new_game(page, live.url, "card42", ["Ann", "Bob", "Cat"])
    page.context.set_offline(True)
    form = page.locator("#hand-form")
    hands = [("Bob", {1: 2, 2: 3, 0: 1}, [1, 2, 4]), ("Cat", {2: 2, 0: 2, 1: 2}, [2, 2, 3])]
    for number, (first, bids, tricks) in enumerate(hands, start=1):
        expect(form.locator("h2")).to_have_text(f"Hand {number}")
        expect(form.locator(".to-call strong")).to_have_text(first)
        for i, bid in enumerate(bids.values(), start=1):
            form.locator(f"button[name=call][value='{bid}']").click()
            expect(form.locator("ol.calls li")).to_have_count(i)
        for seat, took in enumerate(tricks):
            form.locator(f"label:has(> input[name='tricks-{seat}'][value='{took}'])").click()
        form.locator("#save-hand").click()
    expect(form.locator("h2")).to_have_text("Hand 3")
    page.context.set_offline(False)
    expect(kept(page)).to_contain_text("Hand 1 and Hand 2 saved", timeout=10_000)
    assert live.hands(gid) == [
        {"bids": [bids[s] for s in range(3)], "tricks": tricks} for _, bids, tricks in hands]


def test_a_change_to_an_earlier_hand_made_while_hands_wait_goes_in_the_queue_after_them(page,
                                                                                     live):
    gid = ui.new_game(page, live.url, "castle-rock", ["Sol"])
    ui.type_number(page, "remaining", "9")
    ui.save(page)
    saves = rf"/games/{gid}/hands(/\d+)?"  # the pages load, the saves find the server away
    live.hook("POST", saves, lambda: 503)
    ui.type_number(page, "remaining", "7")
    page.locator("#save-hand").click()
    expect(kept(page)).to_contain_text("Game 2 is kept on this phone")
    page.goto(f"{live.url}/games/{gid}/hands/0/edit")  # game 2 still waits
    box = page.locator("#hand-form input[name=remaining]")
    box.fill("4")
    page.locator("#save-hand").click()
    expect(kept(page).locator(".kept-list li strong")).to_have_text(
        ["Game 2", "The change to hand 1"])
    assert live.hands(gid) == [{"remaining": 9}]
    live.unhook("POST", saves)
    page.wait_for_url(f"{live.url}/games/{gid}", timeout=10_000)  # where the change's save leads
    expect(kept(page)).to_contain_text("Game 2 and the change to hand 1 saved")
    assert live.hands(gid) == [{"remaining": 4}, {"remaining": 7}]


def test_a_kept_hand_saved_as_the_browser_closed_is_known_as_saved_when_it_reopens(browser, live):
    """The browser is closed while a kept hand's resend is on its way: the server saved it, the
    phone never heard. Reopened from the same storage (in a new session: the kept hands' CSRF
    tokens are the old one's), the phone recognises its own save (its save_id): "saved", never
    "not saved", never "Discard it? It was never saved"; the two after it saved once."""
    from .live import new_phone

    page = new_phone(browser, service_workers="block")  # page.route sees every request
    gid = three_kept(page, live)
    hanging = []

    def saved_then_lost(route):  # the server saves the first; no answer ever comes back
        if route.request.method == "POST" and not hanging:
            route.fetch(max_redirects=0)
            hanging.append(route)
        elif not hanging:
            route.continue_()
    page.route(f"**/games/{gid}/hands", saved_then_lost)
    page.context.set_offline(False)
    kept(page).get_by_role("button", name="Try now").click()
    deadline = time.monotonic() + 10
    while len(live.hands(gid)) < 1:
        assert time.monotonic() < deadline
        page.wait_for_timeout(100)
    state = page.context.storage_state()  # the queue still holds hand 1, waiting
    page.context.close()  # the browser is closed mid-send
    assert live.hands(gid) == [saved(*HANDS[0])]

    # the session's cookie lasts until the browser closes: the phone's own stays (the scorer)
    state["cookies"] = [c for c in state["cookies"] if c["name"] != "session"]
    reopened = new_phone(browser, storage_state=state)
    try:
        reopened.goto(f"{live.url}/games/{gid}")
        expect(kept(reopened)).to_contain_text("Hand 1, Hand 2 and Hand 3 saved", timeout=10_000)
        expect(kept(reopened)).to_contain_text("A first try got through")
        expect(kept(reopened)).not_to_contain_text("another phone")
        assert live.hands(gid) == [saved(*hand) for hand in HANDS]
    finally:
        reopened.context.close()
