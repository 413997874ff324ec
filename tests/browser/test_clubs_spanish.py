"""The club's and players' pages in Spanish (issue 44) reflow at 390 and 320 px: Spanish words
are longer (a table's headings), and nothing may push a page sideways."""
from __future__ import annotations

import json
import re

import pytest

from tests.web.players.test_club_pages import club_records

from .test_reflow import REFLOW, TOP

LOCALE = "es-MX"


@pytest.mark.parametrize("width", [390, 320])
def test_the_club_pages_in_spanish_reflow(phone, live, tmp_path, width):
    page = phone(viewport={"width": width, "height": 844}, locale=LOCALE)
    export = tmp_path / "club.json"
    export.write_text(json.dumps(club_records(18)))
    page.goto(live.url + "/clubs")
    page.locator("details.import summary").click()
    page.fill("#import-name", "Los Jueves")
    page.set_input_files("#import-file", str(export))
    page.locator("details.import button[type=submit]").click()
    page.wait_for_url(re.compile(r"/clubs/\d+$"))
    club = page.url
    assert page.locator("html").get_attribute("lang") == "es"
    page.goto(club + "/stats")
    person = page.locator("table.leaderboard a").first.get_attribute("href")
    found = {}
    for url in (club, club + "/roster", club + "/phones", club + "/stats", club + "/games",
                club + "/ratings?group=dominoes-42", live.url + person,
                live.url + person + "/ratings?season=all"):
        page.goto(url)
        problems = page.evaluate(REFLOW, [TOP])
        if problems:
            found[url] = problems
    assert found == {}
