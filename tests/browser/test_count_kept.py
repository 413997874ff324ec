"""A phone's own count is never lost (issue 31, static/js/kept-counts.js): made while the server
cannot be reached, or answered 503, it is kept on the phone, said so, and sent once the server
is back; one that arrives after the round was saved is refused and shown plainly, never
dropped."""
from __future__ import annotations

from playwright.sync_api import expect

from . import ui
from .test_count_own import PLAYERS, _code, _send

COUNTS = r"/games/\d+/counts"


def test_a_count_kept_offline_or_answered_503_is_sent_and_a_late_one_is_shown(page, phone, live):
    gid = ui.new_game(page, live.url, "mexican-train", PLAYERS)
    cat = phone()
    cat.goto(f"{live.url}/g/{_code(live, gid)}")
    cat.get_by_role("button", name="I am Cat").click()
    kept = cat.locator("#counts")

    cat.context.set_offline(True)
    _send(cat, "3+4")
    expect(kept).to_contain_text("Your count for round 1 (3+4) is kept on this phone.")
    cat.context.set_offline(False)  # the browser's "online": sent at once
    expect(cat.locator("#seats")).to_contain_text("You counted 7")
    expect(kept).to_be_empty()

    live.hook("POST", COUNTS, lambda: 503)  # a proxy's answer while the app restarts
    try:
        cat.locator("#my-pips").fill("8")
        cat.get_by_role("button", name="Send my new count").click()
        expect(kept).to_contain_text("(8) is kept on this phone")
    finally:
        live.unhook("POST", COUNTS)
    expect(cat.locator("#seats")).to_contain_text("You counted 8")  # the next try, by itself
    expect(kept).to_be_empty()

    # a correction made offline, while the scorer saves the round without it
    cat.context.set_offline(True)
    cat.locator("#my-pips").fill("9")
    cat.get_by_role("button", name="Send my new count").click()
    expect(kept).to_contain_text("(9) is kept on this phone")
    rows = page.locator("#seats .round-count")
    expect(rows.nth(2)).to_contain_text("8")
    for seat, pips in ((0, "0"), (1, "5"), (3, "3")):
        rows.nth(seat).locator("input[name=pips]").fill(pips)
        rows.nth(seat).get_by_role("button", name="OK").click()
        expect(rows.nth(seat)).not_to_contain_text("counting…")
    page.get_by_role("button", name="Save round 1 as counted").click()
    expect(page.locator("#seats h2").last).to_contain_text("Round 2")
    assert live.hands(gid) == [{"pips": [0, 5, 8, 3]}]
    cat.context.set_offline(False)
    expect(kept).to_contain_text("Your count for round 1 (9) was not counted: "
                                 "Not counted: Round 1 is saved already")
    expect(cat.locator("#seats h2").first).to_contain_text("Round 2")
    cat.get_by_role("button", name="OK").click()  # read: it goes
    expect(kept).to_be_empty()
    assert live.hands(gid) == [{"pips": [0, 5, 8, 3]}]
