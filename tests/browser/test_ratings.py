"""The club's ratings pages on a phone at 390x844: they fit its width and every tap target is at
least 44 px (the leaderboard, a person's ratings and head to head, the new game's win chance and
fair teams)."""
from __future__ import annotations

import json
import re

from . import ui


def lechner(players, side):
    return {"variant": "lechner42", "players": players, "options": {"target_marks": 2},
            "hands": [{"bidder": side, "bid": 84, "contract": "straight", "points": 42}]}


def test_ratings_pages_fit_a_phone(phone, live, tmp_path):
    seatings = [["Ann", "Bob", "Cat", "Dan"], ["Ann", "Cat", "Bob", "Dan"], ["Dan", "Ann", "Eve", "Cat"]]
    export = tmp_path / "club.json"
    export.write_text(json.dumps([lechner(seatings[i % 3], i % 2) for i in range(9)]))
    page = phone(timeout=None)
    page.goto(live.url + "/clubs")
    page.locator("details.import summary").click()
    page.fill("#import-name", "Rated")
    page.set_input_files("#import-file", str(export))
    page.locator("details.import button[type=submit]").click()
    page.wait_for_url(re.compile(r"/clubs/\d+$"))
    club = page.url
    page.goto(club + "/ratings?group=dominoes-42")
    page.get_by_role("link", name="Ann", exact=True).click()
    page.wait_for_url(re.compile(r"/people/\d+/ratings$"))
    person = page.url
    page.locator("select[name=vs]").first.select_option(label="Dan")
    page.locator("form:has(select[name=vs]) button").first.click()
    page.wait_for_url(re.compile(r"vs=\d+"))
    assert "Dan" in page.locator("table.stat-table").first.inner_text()
    page.goto(club + "/games/new?variant=lechner42")
    for seat, name in enumerate(["Ann", "Bob", "Cat", "Dan"]):
        page.select_option(f"select[name='person-{seat}']", label=name)
    page.get_by_role("button", name="Fair teams").click()
    page.wait_for_selector("#win-chance [role=status]")
    seated = [page.locator(f"select[name='person-{seat}']").evaluate("s => s.selectedOptions[0].text")
              for seat in range(4)]
    assert sorted(seated) == ["Ann", "Bob", "Cat", "Dan"] and seated[0] == "Ann"
    assert re.search(r"Win chance: Ann & \w+ \d+%, \w+ & \w+ \d+%",
                     page.locator("#win-chance").inner_text())
    for url in (club + "/ratings?group=dominoes-42", person, page.url):
        page.goto(url)
        ui.assert_fits(page, url)
