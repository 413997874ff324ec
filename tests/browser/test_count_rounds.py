"""Mexican Train, three rounds counted at the table (issue 31): Ann, Bob and Cat each count
their own hand on their own phone (by tiles, by a sum, "I went out", each in turn), the scorer
types Dan's; Bob's phone is offline for round 2 (its count kept and sent once back); round 3 is
refused by the engine, every phone says whose count to fix, and Ann fixes it from her phone.
The sheet then shows each round's engine, who went out, the pips and the gap to the lead.
COUNT_SHOTS=dir keeps screenshots of Ann's tile count and the sheet after 3 rounds."""
from __future__ import annotations

from playwright.sync_api import expect

from scorekeeper import rules

from . import ui
from .test_count_own import PLAYERS, _send, _shot, seated_phones


def _tiles(p, tiles) -> None:
    """The phone picks its tiles and sends their sum."""
    p.get_by_text("Pick my tiles").click()
    for a, b in tiles:
        p.get_by_role("button", name=f"{a}-{b}", exact=True).click()
    expect(p.locator("[data-tile-count]")).to_have_text(str(len(tiles)))


def _scorer_types(page, seat: int, pips: str) -> None:
    row = page.locator("#seats .round-count").nth(seat)
    row.locator("input[name=pips]").fill(pips)
    row.get_by_role("button", name="OK").click()
    expect(page.locator("#seats .round-count").nth(seat)).to_contain_text(pips)


def _save(page, number: int) -> None:
    page.get_by_role("button", name=f"Save round {number} as counted").click()


def test_three_rounds_counted_with_a_phone_offline_and_a_refusal_fixed(page, phone, live):
    gid = ui.new_game(page, live.url, "mexican-train", PLAYERS)
    ann, bob, cat = phones = seated_phones(phone, live, gid, PLAYERS[:3])
    rows = page.locator("#seats .round-count")

    # round 1: Ann by tiles, Bob by a sum, Cat went out, the scorer types Dan's
    _tiles(ann, [(12, 11), (3, 2)])
    expect(ann.locator("#my-sum")).to_have_text("= 28")
    _shot(ann, "count-rounds-tiles")
    ann.get_by_role("button", name="Send my count").click()
    _send(bob, "10+5")
    cat.get_by_role("button", name="I went out").click()
    _scorer_types(page, 3, "9")
    for seat, shown in enumerate(["28", "15", "went out"]):
        expect(rows.nth(seat)).to_contain_text(shown)
    _save(page, 1)

    # round 2: Bob's phone is offline all round; its count is kept, and sent once back
    for p in phones:
        expect(p.locator("#seats h2").first).to_contain_text("Round 2 (engine double 11)")
    bob.context.set_offline(True)
    _send(bob, "7+4")
    expect(bob.locator("#counts")).to_contain_text("is kept on this phone")
    ann.get_by_role("button", name="I went out").click()
    _send(cat, "20")
    _scorer_types(page, 3, "5")
    expect(rows.nth(1)).to_contain_text("counting…")
    bob.context.set_offline(False)
    expect(rows.nth(1)).to_contain_text("11")
    expect(bob.locator("#counts")).to_be_empty()
    _save(page, 2)

    # round 3: Ann's slip (1200) is refused; every phone names her; she fixes it
    for p in phones:
        expect(p.locator("#seats h2").first).to_contain_text("Round 3 (engine double 10)")
    _send(ann, "1200")
    bob.get_by_role("button", name="I went out").click()
    _tiles(cat, [(5, 5), (6, 1)])
    cat.get_by_role("button", name="Send my count").click()
    _scorer_types(page, 3, "3")
    expect(rows.nth(2)).to_contain_text("17")
    _save(page, 3)
    expect(page.locator(".count-refused")).to_contain_text("Check Ann's count")
    for p in (bob, cat):
        expect(p.locator(".count-refused")).to_contain_text("Check first: Ann")
    expect(ann.locator(".fix-mine")).to_contain_text("Your count is the one to check first")
    _shot(ann, "count-rounds-fix")
    ann.locator("#my-pips").fill("12")
    ann.get_by_role("button", name="Send my new count").click()
    expect(page.locator(".count-refused")).to_have_count(0)
    expect(rows.nth(0)).to_contain_text("12")
    _save(page, 3)
    expect(page.locator("#seats h2").last).to_contain_text("Round 4")

    hands = live.hands(gid)
    assert hands == [{"pips": [28, 15, 0, 9], "out": 2}, {"pips": [0, 11, 20, 5], "out": 0},
                     {"pips": [12, 0, 17, 3], "out": 1}]
    record = {"variant": "mexican-train", "players": PLAYERS, "hands": hands}
    assert rules.score(record)["totals"] == [40, 26, 37, 17]
    for p in (page, *phones):  # the sheet and the gap to the lead, on every phone
        expect(p.locator("#score-grid .gap-row td")).to_have_text(
            ["23", "9", "20", "–leads"])
    expect(page.locator("#score-grid")).to_contain_text("Double 10 · Bob went out")
    page.locator("#hands").scroll_into_view_if_needed()
    _shot(page, "count-rounds-sheet")
