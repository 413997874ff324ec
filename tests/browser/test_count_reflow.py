"""The count screens of issue 31 at 320 px and at 200% text (test_reflow's checks): a seated
phone's count with the tile picker, the scorer's round view with a refusal naming a count to fix,
the page that seats a phone, and the sheet with each round's facts and the gap to the lead."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from . import ui
from .test_count_own import _code
from .ui import TARGETS
from .test_reflow import NAMES, SIZES, Checker, sized_phone


@pytest.mark.parametrize("size", ["320px", "200% text"])
def test_the_count_screens_reflow(phone, live, size):
    check = Checker(SIZES[size]["font"])
    page = sized_phone(phone, size)
    gid = ui.new_game(page, live.url, "mexican-train", NAMES, options={"double_blank": 50})
    cat = sized_phone(phone, size)
    cat.goto(f"{live.url}/g/{_code(live, gid)}")
    check(cat, "a phone without a seat", ".seat-claims button, .phone-tag")
    cat.get_by_role("button", name=f"I am {NAMES[2]}").click()
    cat.get_by_text("Pick my tiles").click()
    cat.get_by_role("button", name="12-11", exact=True).click()
    # the tiles: the whole set on one screen, each narrower than a button (2.5.8's 24 px at
    # least); every other target as big as anywhere
    check(cat, "a seated phone's count, tiles picked", "#my-pips, .tiles .tile, .count-form button",
          targets=False)
    sizes = cat.locator(".tiles .tile").evaluate_all(
        "ts => ts.map(t => { const r = t.getBoundingClientRect(); return [r.width, r.height]; })")
    assert len(sizes) == 91 and min(min(s) for s in sizes) >= 24, sizes[:3]
    assert [t for t in cat.evaluate(TARGETS) if not re.match(r'BUTTON "\d+" ', t)] == []
    cat.get_by_role("button", name="Send my count").click()
    page.reload()
    check(page, "the scorer's round view", "#seats .round-count, #seats .let-go")
    page.goto(f"{live.url}/games/{gid}/seats/3/seat-phone")
    check(page, "seating a phone", "#seat-phone h1")
    page.goto(f"{live.url}/games/{gid}")
    rows = page.locator("#seats .round-count")
    for seat, pips in ((0, "0"), (1, "2000"), (3, "4")):
        rows.nth(seat).locator("input[name=pips]").fill(pips)
        rows.nth(seat).get_by_role("button", name="OK").click()
        expect(rows.nth(seat)).to_contain_text(pips)
    page.get_by_role("button", name="Save round 1 as counted").click()
    expect(page.locator(".count-refused")).to_be_visible()
    check(page, "a refused round, the scorer", ".count-refused, #seats .round-count.refused")
    expect(cat.locator(".count-refused")).to_be_visible()  # at its next poll
    check(cat, "a refused round, another phone", ".count-refused", targets=False)
    rows.nth(1).locator("input[name=pips]").fill("20")
    rows.nth(1).get_by_role("button", name="OK").click()
    expect(page.locator(".count-refused")).to_have_count(0)
    page.get_by_role("button", name="Save round 1 as counted").click()
    expect(page.locator("#score-grid .gap-row")).to_be_visible()
    # (a sheet wider than the screen scrolls in its own box, as every sheet does)
    check(page, "the sheet after a counted round", ".score-grid-wrap, #scoreboard .gap")
    check.assert_clean()
