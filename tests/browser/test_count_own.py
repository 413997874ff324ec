"""Mexican Train at the table (issue 31): three phones each claim a seat and count their own
pips (one by a sum, one "I went out", one a number), the scorer types the fourth and saves the
round with one tap; the next round reaches every phone within a poll, and the totals are right.
COUNT_SHOTS=dir keeps screenshots of a seated phone's count and the scorer's half-counted round.
"""
from __future__ import annotations

import os

from playwright.sync_api import expect

from scorekeeper import rules

from . import ui

SHOTS = os.environ.get("COUNT_SHOTS")
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def _shot(page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"))


def _code(live, gid: int) -> str:
    from scorekeeper.extensions import db
    from scorekeeper.models import Game

    with live.app.app_context():
        return db.session.get(Game, gid).code


def seated_phones(phone, live, gid: int, names: list[str]) -> list:
    """A phone for each name, joined by the game's code and seated as that player."""
    code = _code(live, gid)
    phones = [phone() for _ in names]
    for p, name in zip(phones, names):
        p.goto(f"{live.url}/g/{code}")
        p.get_by_role("button", name=f"I am {name}").click()
    return phones


def _send(p, typed: str) -> int:
    """A seated phone sends its count typed in the box: the taps it took."""
    p.locator("#my-pips").click()
    p.locator("#my-pips").press_sequentially(typed)
    p.get_by_role("button", name="Send my count").click()
    return 2


def test_three_phones_count_their_own_and_the_scorer_saves(page, phone, live, record_property):
    gid = ui.new_game(page, live.url, "mexican-train", PLAYERS)
    code = _code(live, gid)
    phones = {}
    for seat, name in enumerate(PLAYERS[:3]):
        p = phones[name] = phone()
        p.goto(f"{live.url}/g/{code}")
        p.get_by_role("button", name=f"I am {name}").click()
        expect(p.locator("#seats h2").first).to_have_text("Round 1 (engine double 12): your pips")
    ann = phones["Ann"]
    ann.locator("#my-pips").click()
    ann.locator("#my-pips").press_sequentially("12+11+7")
    expect(ann.locator("#my-sum")).to_have_text("= 30")
    _shot(ann, "count-own-phone")
    ann.get_by_role("button", name="Send my count").click()
    expect(ann.locator("#seats")).to_contain_text("You counted 30")
    phones["Bob"].get_by_role("button", name="I went out").click()  # one tap
    expect(phones["Bob"].locator("#seats")).to_contain_text("You went out")
    # the scorer's round view, live within a poll: counted, went out, still counting
    rows = page.locator("#seats .round-count")
    expect(rows.nth(0)).to_contain_text("30")
    expect(rows.nth(1)).to_contain_text("went out")
    expect(rows.nth(2)).to_contain_text("counting…")
    expect(page.locator("details.type-round")).not_to_have_attribute("open", "")
    page.evaluate("document.getElementById('seats').scrollIntoView()")  # one step: a poll may swap the panel
    _shot(page, "count-own-scorer-half-counted")
    assert _send(phones["Cat"], "8") <= 4
    expect(rows.nth(2)).to_contain_text("8")
    rows.nth(3).locator("input[name=pips]").fill("5")
    rows.nth(3).get_by_role("button", name="OK").click()
    expect(page.locator("#seats .round-count").nth(3)).to_contain_text("5")
    page.get_by_role("button", name="Save round 1 as counted").click()  # the scorer's one tap
    expect(page.locator("#seats h2").last).to_have_text("Round 2 (engine double 11): the counts")
    assert live.hands(gid) == [{"pips": [30, 0, 8, 5], "out": 1}]
    # round 2 reaches the seated phones by their poll, no reload
    for p in phones.values():
        expect(p.locator("#seats h2").first).to_have_text("Round 2 (engine double 11): your pips")
    phones["Ann"].get_by_role("button", name="I went out").click()
    _send(phones["Bob"], "10")
    _send(phones["Cat"], "3+4")
    expect(page.locator("#seats .round-count").nth(2)).to_contain_text("7")
    rows.nth(3).locator("input[name=pips]").fill("9")
    rows.nth(3).get_by_role("button", name="OK").click()
    expect(page.locator("#seats .round-count").nth(3)).to_contain_text("9")
    page.get_by_role("button", name="Save round 2 as counted").click()
    expect(page.locator("#seats h2").last).to_contain_text("Round 3")
    record = {"variant": "mexican-train", "players": PLAYERS, "hands": live.hands(gid)}
    assert rules.score(record)["totals"] == [30, 10, 15, 14]
    expect(page.locator("#scoreboard")).to_contain_text("30")
    record_property("taps: a seated phone's count by a sum", 2)


def test_a_preset_fills_the_rules_and_enter_still_starts_the_game(page, live):
    """The presets are buttons of the setup form: a tap fills the house rules and keeps the
    names typed; Enter in a name box starts the game (the form's first button), never a
    preset."""
    page.goto(f"{live.url}/games/new?variant=mexican-train")
    for i, name in enumerate(PLAYERS[:3]):
        page.fill(f"input[name='name-{i}']", name)
    page.get_by_role("button", name="Double blank 50").click()
    expect(page.locator("input[name='opt-double_blank']")).to_have_value("50")
    expect(page.locator("input[name='name-2']")).to_have_value("Cat")
    page.locator("input[name='name-2']").press("Enter")
    page.wait_for_url(ui.GAME_URL)
    gid = int(page.url.rsplit("/", 1)[1])
    page.goto(f"{live.url}/games/{gid}/rules")
    expect(page.locator(".house-preset")).to_contain_text("House rules: Double blank 50.")


def test_the_count_screens_have_no_axe_violations(phone, live):
    """The seated phone's count screen, the scorer's half-counted round and the page that
    seats a phone, light and dark."""
    from .test_accessibility import axe_phone, violations

    scorer = axe_phone(phone)
    gid = ui.new_game(scorer, live.url, "mexican-train", PLAYERS)
    cat = axe_phone(phone)
    cat.goto(f"{live.url}/g/{_code(live, gid)}")
    assert violations(cat) == []  # the seats to claim
    cat.get_by_role("button", name="I am Cat").click()
    cat.locator("#my-pips").fill("3+4")
    assert violations(cat) == []
    cat.get_by_role("button", name="Send my count").click()
    expect(cat.locator("#seats")).to_contain_text("You counted 7")
    scorer.reload()
    expect(scorer.locator("#seats .round-count").nth(2)).to_contain_text("7")
    assert violations(scorer) == []
    scorer.goto(f"{live.url}/games/{gid}/seats/3/seat-phone")  # seating a phone
    expect(scorer.locator("#seat-phone button").first).to_be_visible()
    assert violations(scorer) == []


def test_a_hand_of_fourteen_tiles_picked(page, phone, live):
    """The tile picker: 14 tiles tapped, one taken back, the double blank among them checks
    its box (the house rule counts it 50), the sum sent as the count."""
    gid = ui.new_game(page, live.url, "mexican-train", PLAYERS, options={"double_blank": 50})
    cat = phone()
    cat.goto(f"{live.url}/g/{_code(live, gid)}")
    cat.get_by_role("button", name="I am Cat").click()
    cat.get_by_text("Pick my tiles").click()
    tiles = [(12, 11), (12, 3), (11, 0), (10, 10), (9, 4), (8, 2), (7, 7), (6, 1), (5, 5),
             (4, 0), (3, 2), (2, 1), (1, 1), (0, 0), (12, 0)]
    for a, b in tiles:
        cat.get_by_role("button", name=f"{a}-{b}", exact=True).click()
    cat.get_by_role("button", name="12-0", exact=True).click()  # taken back
    total = sum(a + b for a, b in tiles[:-1])
    expect(cat.locator("#my-sum")).to_have_text(f"= {total}")
    expect(cat.locator("[data-tile-count]")).to_have_text("14")
    expect(cat.locator("input[name=double_blank]")).to_be_checked()
    cat.locator(".tiles").scroll_into_view_if_needed()
    _shot(cat, "count-own-tile-picker")
    cat.get_by_role("button", name="Send my count").click()
    expect(cat.locator("#seats")).to_contain_text(f"You counted {total}")
    expect(cat.locator("#seats")).to_contain_text("the double blank among them")
