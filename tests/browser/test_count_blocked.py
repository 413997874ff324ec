"""Mexican Train's blocked round from the players' own counts (issue 40): with nobody out, the
refused save offers "The round was blocked" right there, flagging nobody, and saves the
counts as they are in one more tap; "Still counting: Hal." goes once Hal's count is in."""
from __future__ import annotations

from playwright.sync_api import expect

from . import ui
from .test_count_own import PLAYERS, _send, seated_phones
from .test_count_rounds import _save, _scorer_types


def test_a_blocked_round_is_saved_from_the_players_counts_in_two_taps(page, phone, live):
    gid = ui.new_game(page, live.url, "mexican-train", PLAYERS)
    ann, bob, cat = phones = seated_phones(phone, live, gid, PLAYERS[:3])
    rows = page.locator("#seats .round-count")
    _send(ann, "12")
    _send(bob, "30")
    _scorer_types(page, 3, "9")
    expect(rows.nth(1)).to_contain_text("30")

    _save(page, 1)  # Cat still counting: said, and gone once her count is in
    notice = page.locator("#seats-notice")
    expect(notice).to_contain_text("Not saved. Still counting: Cat.")
    _send(cat, "5")
    expect(notice).to_have_count(0, timeout=4_000)
    expect(rows.nth(2)).to_contain_text("5")

    _save(page, 1)  # tap 1: nobody went out
    expect(notice).to_contain_text("Nobody went out: was the round blocked?")
    expect(page.locator("#seats .badge.warn, .count-refused")).to_have_count(0)  # nobody flagged
    for p in phones:
        expect(p.locator(".count-refused, .fix-mine")).to_have_count(0)
    notice.get_by_role("button", name="The round was blocked: save round 1").click()  # tap 2
    expect(page.locator("#seats h2").last).to_contain_text("Round 2")
    assert live.hands(gid) == [{"pips": [12, 30, 5, 9], "blocked": True}]
