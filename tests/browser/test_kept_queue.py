"""Any number of hands kept on the phone while the server is away (issue 28): the form is
ready for the next hand at once, each kept hand is listed as kept, and once the server is back
they are sent in order, each saved exactly once."""
from __future__ import annotations

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
    page.context.set_offline(False)
    expect(kept(page)).to_contain_text("Hand 1, Hand 2 and Hand 3 saved", timeout=10_000)
    expect(page.locator("#score-grid tbody tr")).to_have_count(3)
    assert live.hands(gid) == [saved(*hand) for hand in HANDS]
    expect(page.locator("#hand-form h2")).to_have_text("Hand 4")
