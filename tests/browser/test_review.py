"""The club's memory in a phone's browser (Chromium, 390x844): a club imported through its
form, its stats, a person's page, the archive's filters, a game's chart (its lines apart in
light and in dark)."""
from __future__ import annotations

import json
import random
import re

from playwright.sync_api import expect

from tests.random_games import random_record

from . import ui
from .live import VIEWPORT

PEOPLE = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def _records() -> list[dict]:
    rng = random.Random(11)
    games = [("lechner42", 4), ("moon", 3), ("card42", 4), ("mexican-train", 4),
             ("castle-rock", 1), ("forty-two", 4)] * 2
    return [random_record(rng, v, rng.sample(PEOPLE, n), hands=8, finish=i % 3 != 2)
            for i, (v, n) in enumerate(games)]


def _import_club(page, base) -> int:
    page.goto(base + "/clubs")
    page.locator("details.import summary").click()
    page.fill("#import-name", "Thursday Night")
    page.set_input_files("#import-file", files=[{
        "name": "club.json", "mimeType": "application/json",
        "buffer": json.dumps(_records()).encode()}])
    page.locator("details.import button[type=submit]").click()
    page.wait_for_url(re.compile(r"/clubs/\d+$"))
    return int(page.url.rsplit("/", 1)[1])


def test_person_page_archive_and_chart(phone, live):
    page = phone()
    club = _import_club(page, live.url)
    page.get_by_role("link", name="Stats").click()
    page.wait_for_url(f"{live.url}/clubs/{club}/stats")
    expect(page.locator("h1")).to_have_text("Thursday Night: stats")
    ui.assert_fits(page, page.url)

    # the leader's page
    leader = page.locator("table.leaderboard tbody th a").first
    name = leader.inner_text()
    leader.click()
    page.wait_for_url(re.compile(rf"/clubs/{club}/people/\d+$"))
    expect(page.locator("h1")).to_have_text(name)
    expect(page.locator(".stat-cards")).to_contain_text("Win rate")
    expect(page.locator("#v-lechner42, #v-moon, #v-card42").first).to_be_visible()
    ui.assert_fits(page, page.url)

    # her games in the archive; the filters swap the list with htmx and push the URL
    page.get_by_role("link", name=f"{name}'s games").click()
    page.wait_for_url(re.compile(r"/games\?person=\d+$"))
    count = page.locator("#archive-list .game-link").count()
    assert count > 0
    expect(page.locator("details.filter-box[open]")).to_have_count(1)  # a filter is on
    page.select_option("select[name=variant]", "moon")
    expect(page).to_have_url(re.compile(r"variant=moon"))
    titles = page.locator("#archive-list .game-title").all_inner_texts()
    assert titles and all(t.startswith("Moon") for t in titles)
    ui.assert_fits(page, page.url)

    # a game's chart and sheet, from the game page
    page.locator("#archive-list .game-link").first.click()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    page.get_by_role("link", name="Chart & sheet").click()
    page.wait_for_url(re.compile(r"/games/\d+/review$"))
    chart = page.locator("svg.chart-svg")
    expect(chart).to_be_visible()
    box = chart.bounding_box()
    assert box["width"] <= VIEWPORT["width"] and box["height"] > 150
    assert page.locator("svg.chart-svg path.chart-line").count() == 3  # moon: 3 players
    # the lines differ in colour and in dash pattern, in either scheme
    for scheme in ui.SCHEMES:
        page.emulate_media(color_scheme=scheme)
        strokes = page.eval_on_selector_all(
            "svg.chart-svg path.chart-line",
            "els => els.map(e => getComputedStyle(e).stroke + '|' + "
            "(e.getAttribute('stroke-dasharray') || ''))")
        assert len(set(strokes)) == 3, scheme
        assert len({s.split("|")[1] for s in strokes}) == 3, scheme
    page.emulate_media(color_scheme="light")
    # the numbers as a table, behind a details
    page.locator("details.chart-table summary").click()
    expect(page.locator("details.chart-table table")).to_be_visible()
    expect(page.locator("table.hand-sheet")).to_be_visible()
    ui.assert_fits(page, page.url)
