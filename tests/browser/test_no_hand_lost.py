"""No hand is ever lost (issue 16): a live update in the middle of a tap, a take-over, the
server away mid-auction, a reload mid-hand."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from . import ui


def hold_polls(page):
    """Hold every live poll of `page` in flight until the returned function lets them go; its
    `held` lists them."""
    held = []
    page.route("**/live", lambda route: held.append(route))

    def release():
        while held:
            held.pop().continue_()
        page.unroute("**/live")
    release.held = held
    return release


def until_held(page, release) -> None:
    """Wait until a poll is held in flight."""
    while not release.held:
        page.wait_for_timeout(50)


FORM_IDLE = "() => !document.querySelector('#hand-form.htmx-request, #hand-form .htmx-request')"


def pick(page, name: str, value: str) -> None:
    """ui.choose while a poll is held (ui.settle waits for every request, the poll's too):
    tap a chip and wait for the hand form's own request only."""
    page.locator(f"#hand-form input[name='{name}'][value='{value}']").check(force=True)
    page.wait_for_function(FORM_IDLE)
    expect(page.locator(f"#hand-form input[name='{name}'][value='{value}']")).to_be_checked()


def quick_mode(page) -> None:
    """ui.quick_mode while polls are held: ui.settle would wait for a held poll too (one sent
    between hold_polls and the tap never ends), so wait for the mode's own answer only."""
    page.locator("#hand-form button[name=set_mode][value=quick]").click()
    expect(page.locator("#hand-form input[name=mode]")).to_have_value("quick")
    page.wait_for_function(FORM_IDLE)


def test_a_live_update_in_the_middle_of_a_save_tap_loses_nothing(page, live):
    """The mode pick changes what this phone's page is rendered from, so the first poll
    answers 200 and swaps the scoreboard; it lands, with the preview of the chip tapped last
    (the save row comes back with it), while the finger is on Save."""
    gid = ui.new_game(page, live.url, "moon", ["Ann", "Bob", "Cat"])
    release = hold_polls(page)
    quick_mode(page)
    until_held(page, release)
    pick(page, "bidder", "2")
    pick(page, "bid", "21")
    for s in (0, 1):
        pick(page, f"tricks-{s}", "0")
    previews = []  # the last chip's preview, held in flight like the poll
    page.route(f"**/games/{gid}/hands/preview", lambda route: previews.append(route))
    page.locator("#hand-form input[name='tricks-2'][value='7']").check(force=True)
    while not previews:
        page.wait_for_timeout(50)
    posts = []
    page.on("request", lambda r: posts.append(r.url)
            if r.method == "POST" and r.url.endswith(f"/games/{gid}/hands") else None)
    page.locator("#save-hand").evaluate("b => b.scrollIntoView({block: 'center'})")
    box = None
    while box != (box := page.locator("#save-hand").bounding_box()):  # scrolled, smoothly
        page.wait_for_timeout(100)
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).id", [x, y]) == "save-hand"
    page.mouse.move(x, y)
    page.mouse.down()
    previews.pop().continue_()
    page.unroute(f"**/games/{gid}/hands/preview")
    release()
    ui.settle(page)  # the poll's 200 and the preview's answer are in, the finger still down
    page.wait_for_timeout(300)
    page.mouse.up()
    expect(page.locator("#scoreboard .banner.gameover")).to_contain_text("Cat wins")
    assert len(posts) == 1
    assert len(live.hands(gid)) == 1


def test_a_poll_answered_before_a_save_never_undoes_it_on_screen(page, live):
    """A poll's answer made before the save lands after the save re-drew the page, poller and
    all: htmx swaps nothing for a poller no longer on the page, so the older answer never
    takes the hand off the sheet."""
    gid = ui.new_game(page, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    release = hold_polls(page)
    quick_mode(page)  # the page's ETag is now stale: the poll's answer differs from it
    until_held(page, release)
    answer = release.held[0].fetch()  # the game before the save
    pick(page, "bidder", "1")
    pick(page, "bid", "30")
    pick(page, "contract", "straight")
    pick(page, "made", "1")
    page.locator("#save-hand").click()
    expect(page.locator(ui.HAND_ROWS)).to_have_count(1)
    release.held.pop(0).fulfill(response=answer)
    release()
    page.wait_for_timeout(500)
    expect(page.locator(ui.HAND_ROWS)).to_have_count(1)
    assert len(live.hands(gid)) == 1

def club_game_on_two_phones(live, phone):
    """Ann's club, Bob's phone in it, and a lechner42 game Ann's phone scores."""
    ann, bob = phone(), phone()
    ann.goto(live.url + "/clubs")
    ann.fill("#club-name", "Thursday Night")
    ann.fill("#club-label", "Ann's phone")
    ann.get_by_role("button", name="Start the club").click()
    ann.wait_for_url(re.compile(r"/clubs/\d+$"))
    club_url = ann.url
    ann.get_by_role("link", name="Phones & invite").click()
    code = ann.locator("#invite .join-code").inner_text().replace(" ", "")
    bob.goto(f"{live.url}/c/{code}")
    bob.fill("#join-label", "Bob's phone")
    bob.get_by_role("button", name="Join Thursday Night").click()
    bob.wait_for_url(club_url)
    ann.goto(club_url)
    ann.get_by_role("link", name="Start a game in the club").click()
    ann.locator("input[type=radio][name=variant][value='lechner42']").check()
    ann.wait_for_selector("select[name='person-0']")
    for i, name in enumerate(["Ann", "Bob", "Cat", "Dan"]):
        ann.fill(f"input[name='name-{i}']", name)
    ann.get_by_role("button", name="Start the game").click()
    ann.wait_for_url(re.compile(r"/games/\d+$"))
    expect(ann.locator("#hand-form")).to_be_visible()
    return ann, bob, int(ann.url.rsplit("/", 1)[1])


def take_over(bob, live, gid):
    bob.goto(f"{live.url}/games/{gid}/take-over")
    bob.get_by_role("button", name="Take over scoring").click()
    bob.wait_for_url(f"{live.url}/games/{gid}")
    expect(bob.locator("#hand-form")).to_be_visible()


def test_a_take_over_tells_the_old_scorer_and_keeps_its_hand_in_words(live, phone):
    ann, bob, gid = club_game_on_two_phones(live, phone)
    ui.call(ann, "30")
    ui.call(ann, "pass")  # a hand half entered on Ann's phone
    take_over(bob, live, gid)
    said = ann.locator("#scoring-ended")
    expect(said).to_contain_text("This phone no longer scores. Bob's phone took over scoring at",
                                 timeout=3_000)  # at its next poll
    expect(said.locator("time")).to_have_count(1)
    kept = ann.locator("#hand-not-saved")
    expect(kept).to_contain_text("Not saved: this phone no longer scores.")
    expect(kept.locator(".hand-words")).to_have_text("Hand 1 (not finished): Bob 30, Cat Pass")
    expect(kept.locator("time")).not_to_contain_text("UTC")  # in the phone's own time
    expect(kept.get_by_role("button", name="Copy")).to_be_visible()
    expect(ann.locator("#hand-form")).to_have_count(0)
    ann.reload()  # a watcher's page now: no form, the notice stays
    expect(ann.locator("#scoring-ended")).to_contain_text("Bob's phone took over scoring")
    expect(ann.locator("#hand-form")).to_have_count(0)
    assert live.hands(gid) == []


def test_a_save_refused_after_a_take_over_keeps_the_hand_and_says_why(live, phone):
    ann, bob, gid = club_game_on_two_phones(live, phone)
    ui.quick_mode(ann)
    ui.choose(ann, "bidder", "1")
    ui.choose(ann, "bid", "30")
    ui.choose(ann, "contract", "straight")
    ui.choose(ann, "made", "1")
    release = hold_polls(ann)  # Ann's phone has not heard of it yet when it taps Save
    take_over(bob, live, gid)
    ann.locator("#save-hand").click()
    kept = ann.locator("#hand-not-saved")
    expect(kept).to_contain_text("Bob's phone took over scoring")
    expect(kept.locator(".hand-words")).to_contain_text("Hand 1: Bob bid 30 straight 42")
    expect(kept.locator(".hand-words")).to_contain_text("made")
    expect(ann.locator("#scoreboard")).to_be_visible()  # the page stays, a watcher's
    release()
    assert live.hands(gid) == []


def go_offline(page):
    """The server cannot be reached: every request of the page fails."""
    page.route("**/games/**", lambda route: route.abort())


def back_online(page):
    page.unroute("**/games/**")


def offline_call(page, value, count):
    page.locator(f"#hand-form button[name=call][value='{value}']").click()
    expect(page.locator("#hand-form ol.calls li")).to_have_count(count)


def test_call_by_call_with_the_server_away_saves_the_hand_once(page, live):
    gid = ui.new_game(page, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    ui.call(page, "30")
    go_offline(page)
    for i, call in enumerate(("pass", "31", "pass"), start=2):
        offline_call(page, call, i)
    offline = page.locator("#hand-form ol.calls li.offline")
    expect(offline).to_have_count(3)
    expect(offline.first).to_contain_text("Cat Pass")
    expect(offline.last).to_contain_text("checked when the server is back")
    expect(page.locator("#offline-calls")).to_contain_text("checked when the server is back")
    posts = []
    page.on("request", lambda r: posts.append(r.url)
            if r.method == "POST" and r.url.endswith(f"/games/{gid}/hands") else None)
    back_online(page)  # the next poll gets through: the server draws the form from the calls
    expect(page.locator("#hand-form .auction-result")).to_contain_text("Dan won the bid: 31",
                                                                        timeout=5_000)
    expect(page.locator("#hand-form ol.calls li.offline")).to_have_count(0)
    ui.choose(page, "contract", "straight")
    ui.type_number(page, "points", "31")
    ui.save(page)
    assert len(posts) == 1
    hands = live.hands(gid)
    assert len(hands) == 1 and hands[0]["auction"] == [30, "pass", 31, "pass"]


def test_a_call_the_server_refuses_comes_back_to_the_form_with_the_reason(page, live):
    gid = ui.new_game(page, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    go_offline(page)
    offline_call(page, "31", 1)
    offline_call(page, "30", 2)  # under the high bid: the phone cannot tell, the server can
    back_online(page)
    expect(page.locator("#hand-form ol.calls li.bad")).to_contain_text("Cat 30", timeout=5_000)
    expect(page.locator("#hand-form .auction .error")).to_be_visible()
    page.locator("#hand-form button[name=call][value='back']").click()
    ui.settle(page)
    expect(page.locator("#hand-form ol.calls li")).to_have_count(1)
    assert live.hands(gid) == []


def test_card42_bids_taken_offline_come_back_as_the_form(page, live):
    gid = ui.new_game(page, live.url, "card42", ["Ann", "Bob", "Cat"])
    go_offline(page)
    for i, bid in enumerate(("2", "3"), start=1):
        offline_call(page, bid, i)
    back_online(page)
    expect(page.locator("#hand-form ol.calls li.offline")).to_have_count(0, timeout=5_000)
    expect(page.locator("#hand-form ol.calls li")).to_have_count(2)
    expect(page.locator("#hand-form .to-call")).to_contain_text("Ann")  # the dealer's bid
    assert live.hands(gid) == []


def test_a_reload_puts_the_hand_in_progress_back(page, live):
    gid = ui.new_game(page, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    ui.call(page, "30")
    ui.call(page, "pass")
    page.reload()
    expect(page.locator("#hand-form ol.calls li")).to_have_count(2)
    expect(page.locator("#hand-form input[name=calls]")).to_have_value("30,pass")
    for c in ("pass", "pass"):
        ui.call(page, c)
    ui.choose(page, "contract", "straight")
    ui.type_number(page, "points", "34")
    page.reload()
    expect(page.locator("#hand-form input[name=points][value='34']")).to_be_checked()
    ui.save(page)
    page.reload()  # saved: nothing in progress any more
    expect(page.locator("#hand-form ol.calls li")).to_have_count(0)
    ui.call(page, "31")
    page.locator("#hand-form button[name=call][value='clear']").click()  # cleared
    ui.settle(page)
    page.reload()
    expect(page.locator("#hand-form input[name=calls]")).to_have_value("")
    assert len(live.hands(gid)) == 1


def test_calls_taken_offline_on_a_game_that_moved_on_are_kept_for_the_scorer(page, live):
    """Another phone saved a hand while this one took calls offline: the calls are checked
    against the version they were taken on, refused as stale, and kept like a kept hand that
    was refused; put back in the form, they are the next hand's auction."""
    gid = ui.new_game(page, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    go_offline(page)
    offline_call(page, "30", 1)
    offline_call(page, "pass", 2)
    live.write_hand_elsewhere(gid, {"bidder": 1, "bid": 30, "contract": "straight",
                                    "points": 35})
    back_online(page)
    kept = page.locator("#kept")
    expect(kept).to_contain_text("Hand 1 was not saved", timeout=8_000)
    expect(kept).to_contain_text("Hand 1 was just entered from another phone")
    expect(kept.locator(".kept-text")).to_have_text("Calls: Bob 30, Cat Pass")
    kept.get_by_role("button", name="Put it in the form").click()
    expect(page.locator("#hand-form input[name=calls]")).to_have_value("30,pass")
    expect(page.locator("#hand-form .form-head h2")).to_have_text("Hand 2")
    assert len(live.hands(gid)) == 1


def test_a_whole_hand_call_by_call_with_the_server_away_is_saved_once_it_is_back(page, live):
    gid = ui.new_game(page, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    expect(page.locator("#hand-form fieldset.outcome")).to_be_hidden()  # until the calls are in
    go_offline(page)
    for i, call in enumerate(("30", "pass", "pass", "pass"), start=1):
        offline_call(page, call, i)
    outcome = page.locator("#hand-form fieldset.outcome")
    expect(outcome).to_be_visible()  # everyone called: the rest of the hand
    expect(page.locator("#hand-form .call-grid")).to_be_hidden()  # in place of the calls
    page.locator("#hand-form input[name=contract][value='straight']").check(force=True)
    page.locator("#hand-form input[name=made][value='1']").check(force=True)
    page.locator("#save-hand").click()
    expect(page.locator("#kept")).to_contain_text("Hand 1 is kept on this phone")
    back_online(page)  # kept-hands.js sends it again: saved, once
    expect(page.locator("#kept")).to_contain_text("Hand 1 saved", timeout=10_000)
    expect(page.locator("#hand-form .form-head h2")).to_have_text("Hand 2")
    hands = live.hands(gid)
    assert len(hands) == 1
    assert hands[0]["auction"] == [30, "pass", "pass", "pass"] and hands[0]["made"] is True
