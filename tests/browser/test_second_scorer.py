"""Two phones score one game at once (the scorer link opened on a second phone): each is told
of the other's saves within one poll, and a hand half typed on one is never dropped, merged
into another hand, or saved with a call nobody typed for it (issue 28)."""
from __future__ import annotations

from playwright.sync_api import expect

from . import ui
from .test_no_hand_lost import club_game_on_two_phones

POLL_MS = 3_000  # one poll (every 2 s) and its answer


def scorer_link(live, gid: int) -> str:
    from scorekeeper.extensions import db
    from scorekeeper.models import Game

    with live.app.app_context():
        return f"{live.url}/s/{db.session.get(Game, gid).scorer_secret}"


def test_a_hand_saved_from_the_other_scorer_keeps_this_ones_calls_in_words(live, phone):
    ann, bob, gid = club_game_on_two_phones(live, phone)
    ui.call(ann, "30")
    ui.call(ann, "pass")  # Ann's phone: hand 1 half typed, call by call
    bob.goto(scorer_link(live, gid))  # Bob's phone scores too, and saves hand 1 first
    ui.enter_hand(bob)
    told = ann.locator("#hand-not-saved .stale-notice")
    expect(told).to_have_text("Hand 1 was just entered from Bob's phone.", timeout=POLL_MS)
    expect(ann.locator("#hand-words")).to_have_text("Hand 1 (not finished): Bob 30, Cat Pass")
    expect(ann.locator("#hand-form")).to_be_hidden()  # behind the notice, in its place
    ann.get_by_role("button", name="Hand 2: to the form").click()
    expect(ann.locator("#hand-form h2")).to_have_text("Hand 2")
    expect(ann.locator("#hand-form ol.calls li")).to_have_count(0)  # nothing carried over
    ui.call(ann, "pass")  # Ann's next tap is hand 2's first call, and only that
    expect(ann.locator("#hand-form ol.calls li")).to_have_text(["Cat Pass"])
    assert live.hands(gid) == [{"auction": [30, "pass", "pass", "pass"],
                                "contract": "straight", "points": 31}]


def test_a_stale_tap_is_never_applied_to_the_next_hand(live, phone):
    """The tap lands before the poll: the server refuses the stale form, keeps the calls in
    words, and stores nothing."""
    ann = phone()
    gid = ui.new_game(ann, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    ui.call(ann, "30")
    ann.route("**/live", lambda route: route.abort())  # no poll reaches Ann's phone
    bob = phone()
    bob.goto(scorer_link(live, gid))
    ui.enter_hand(bob)
    ann.locator("#hand-form button[name=call][value='pass']").click()
    expect(ann.locator("#hand-not-saved .stale-notice")).to_have_text(
        "Hand 1 was just entered from another phone.")
    # the tap that found it stale is in the words too: typed, never applied to hand 2
    expect(ann.locator("#hand-words")).to_have_text("Hand 1 (not finished): Bob 30, Cat Pass")
    ann.get_by_role("button", name="Hand 2: to the form").click()
    expect(ann.locator("#hand-form ol.calls li")).to_have_count(0)
    assert len(live.hands(gid)) == 1


def test_game_over_takes_the_form_off_the_other_scorers_phone(live, phone):
    ann = phone()
    gid = ui.new_game(ann, live.url, "moon", ["Ann", "Bob", "Cat"])
    bob = phone()
    bob.goto(scorer_link(live, gid))
    expect(bob.locator("#hand-form")).to_be_visible()
    ui.quick_mode(ann)
    ui.choose(ann, "bidder", "2")
    ui.choose(ann, "bid", "21")
    for s, t in enumerate([0, 0, 7]):
        ui.type_number(ann, f"tricks-{s}", t)
    ui.save(ann)  # Cat shoots the moon: game over
    expect(bob.locator("#scoreboard .banner.gameover")).to_contain_text("Cat wins",
                                                                         timeout=POLL_MS)
    expect(bob.locator("#hand-form")).to_have_count(0, timeout=POLL_MS)
    bob.reload()
    expect(bob.locator("#hand-form")).to_have_count(0)
    assert len(live.hands(gid)) == 1


def test_a_form_sent_for_a_change_never_carries_the_call_tapped_last(page, live):
    """htmx sends the button that has the focus with its form, and the call tapped last has it
    again in the form it drew: a change sent by the form (a poll's redraw, a preview held under
    a finger and sent again) would add that call a second time, or to the next hand."""
    ui.new_game(page, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    ui.call(page, "30")
    ui.call(page, "pass")
    assert page.evaluate("document.activeElement.id") == "call-pass"
    page.evaluate("htmx.trigger(document.getElementById('hand-form'), 'change')")
    ui.settle(page)
    expect(page.locator("#hand-form ol.calls li")).to_have_text(["Bob 30", "Cat Pass"])


def test_the_notice_takes_the_forms_place_with_the_focus_until_dismissed(live, phone):
    ann = phone()
    gid = ui.new_game(ann, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    ui.call(ann, "30")
    form_top = ann.locator("#hand-form").bounding_box()["y"]
    bob = phone()
    bob.goto(scorer_link(live, gid))
    ui.enter_hand(bob)
    notice = ann.locator("#hand-not-saved")
    expect(notice).to_contain_text("Hand 1 was just entered from another phone.",
                                   timeout=POLL_MS)
    expect(notice).to_have_attribute("role", "alert")  # announced
    expect(notice).to_be_focused()
    expect(ann.locator("#hand-form")).to_be_hidden()
    box = notice.bounding_box()  # where the form was: below the scoreboard, on screen
    assert box["y"] >= ann.locator("#scoreboard").bounding_box()["y"] + 1
    assert abs(box["y"] - form_top) < 120 and box["y"] + box["height"] <= 844
    ui.enter_hand(bob)  # another hand meanwhile: the notice stays until dismissed
    expect(ann.locator(ui.HAND_ROWS)).to_have_count(2, timeout=POLL_MS)
    expect(notice).to_be_visible()
    ann.locator("[data-dismiss-notice]").click()
    expect(notice).to_have_count(0)
    expect(ann.locator("#hand-form h2")).to_have_text("Hand 3", timeout=POLL_MS)
    expect(ann.locator("#hand-form")).to_be_visible()
