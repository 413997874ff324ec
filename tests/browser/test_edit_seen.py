"""An edit is seen (issue 40): the scorer is told what the hand became and what it was, every
phone's sheet marks the changed row, and the history gives the hand before and after."""
from __future__ import annotations

from playwright.sync_api import expect

from . import ui
from .test_kept_queue import PLAYERS

POLL_MS = 3_500


def pick(page, name: str, value: str) -> None:
    page.locator(f"#hand-form label:has(> input[name='{name}'][value='{value}'])").click()
    ui.settle(page)
    expect(page.locator(f"#hand-form input[name='{name}'][value='{value}']")).to_be_checked()


def test_an_edit_is_confirmed_to_the_scorer_and_marked_on_a_watchers_sheet(phone, live):
    scorer = phone()
    gid = ui.new_game(scorer, live.url, "lechner42", PLAYERS)
    ui.quick_mode(scorer)
    for hand in (("1", "84", "1"), ("2", "30", "1")):  # Bob bids 2 marks, made; then Cat 30
        for name, value in zip(("bidder", "bid", "made"), hand):
            pick(scorer, name, value)
        ui.save(scorer)
    code = scorer.locator("#share .join-code").text_content().replace(" ", "")  # (folded)
    watcher = phone()
    watcher.goto(f"{live.url}/g/{code}")
    watcher.goto(f"{live.url}/games/{gid}")
    expect(watcher.locator("#score-grid tbody.hand-rows")).to_have_count(2)
    expect(watcher.locator("#score-grid tbody.changed")).to_have_count(0)

    scorer.goto(f"{live.url}/games/{gid}/hands/0/edit")
    pick(scorer, "bid", "30")
    scorer.locator("#save-hand").click()
    scorer.wait_for_url(f"{live.url}/games/{gid}")
    said = scorer.locator("#changed-said")
    expect(said).to_have_text("Hand 1 changed: Bob bid 30 straight 42: made (was: Bob bid 2 marks straight 42: made).")
    expect(said).to_have_attribute("role", "status")
    expect(scorer.locator("#announcer")).to_have_count(1)

    changed = watcher.locator("#score-grid tbody.changed")  # at its next poll
    expect(changed).to_have_count(1, timeout=POLL_MS)
    expect(changed.locator(".hand-col")).to_have_text("1")
    expect(changed.locator(".changed-note")).to_have_text("changed")
    assert changed.locator("td").first.evaluate(  # highlighted for a while
        "td => getComputedStyle(td).backgroundColor") != "rgba(0, 0, 0, 0)"
    ui.list_view(watcher)
    expect(watcher.locator("#hands li.hand-row.changed .changed-note")).to_have_count(1)

    for name, value in (("bidder", "3"), ("bid", "31"), ("made", "0")):
        pick(scorer, name, value)
    ui.save(scorer)  # the next write ends the mark everywhere
    expect(scorer.locator("#changed-said")).to_have_count(0)
    expect(watcher.locator("#hands .changed")).to_have_count(0, timeout=POLL_MS)

    scorer.goto(f"{live.url}/games/{gid}/history")
    edited = scorer.locator("li.event.edited")
    expect(edited).to_have_count(1)
    expect(edited.locator(".event-detail")).to_have_text(
        "Before: Bob bid 2 marks straight 42: made. After: Bob bid 30 straight 42: made")
