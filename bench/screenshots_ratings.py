"""Screenshots of the club's ratings at 390x844, light and dark: the leaderboard, a person's
rating chart, head to head, the new game's win chance and fair teams, a game's win chance.

    .venv/bin/python bench/screenshots_ratings.py [OUT_DIR]    (default /tmp/shots-ratings)
"""
from __future__ import annotations

import json
import random
import re
import sys
import tempfile
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.screenshots import SCHEMES, phone, shooter, shooting  # noqa: E402
from tests.random_games import random_record  # noqa: E402

PEOPLE = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]


def club_export(games: int = 40, seed: int = 3) -> str:
    """A club's history: lechner42 among six people, and some Mexican Train."""
    rng = random.Random(seed)
    records = []
    for i in range(games):
        variant = "mexican-train" if i % 5 == 4 else "lechner42"
        records.append(random_record(rng, variant, rng.sample(PEOPLE, 4), hands=40))
    path = Path(tempfile.mkdtemp()) / "club.json"
    path.write_text(json.dumps(records))
    return str(path)


def main(out: Path) -> None:
    export = club_export()
    with shooting(out) as (live, browser):
        for scheme in SCHEMES:
            page = phone(browser, scheme)
            shot = shooter(out, scheme, page)
            page.goto(live.url + "/clubs")
            page.locator("details.import summary").click()
            page.fill("#import-name", "Thursday Night")
            page.set_input_files("#import-file", export)
            page.locator("details.import button[type=submit]").click()
            page.wait_for_url(re.compile(r"/clubs/\d+$"))
            club = page.url
            page.goto(club + "/ratings?group=dominoes-42")
            shot("r01-leaderboard")
            page.locator("details.panel summary").click()
            today = date.today()
            page.fill("#season-name", "Winter")
            page.fill("#season-first", (today + timedelta(days=1)).isoformat())
            page.fill("#season-last", (today + timedelta(days=60)).isoformat())
            page.get_by_role("button", name="Name the season").click()
            page.wait_for_url(re.compile(r"/ratings$"))
            page.get_by_role("link", name="Ann", exact=True).first.click()
            page.wait_for_url(re.compile(r"/people/\d+/ratings$"))
            shot("r02-person-ratings")
            page.locator("select[name=vs]").first.select_option(label="Bob")
            page.locator("form:has(select[name=vs]) button").first.click()
            page.wait_for_url(re.compile(r"vs=\d+"))
            shot("r03-head-to-head")
            page.goto(club + "/games/new?variant=lechner42")
            for seat, name in enumerate(["Dan", "Ann", "Eve", "Fay"]):
                page.select_option(f"select[name='person-{seat}']", label=name)
            page.get_by_role("button", name="Win chance").click()
            page.wait_for_selector("#win-chance [role=status]")
            shot("r04-new-game-win-chance")
            page.get_by_role("button", name="Fair teams").click()
            page.wait_for_load_state("networkidle")
            shot("r05-new-game-fair-teams")
            page.get_by_role("button", name="Start the game").click()
            page.wait_for_url(re.compile(r"/games/\d+$"))
            shot("r06-game-win-chance", full=False)
            page.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/shots-ratings"))
