"""Screenshots of the club and players pages in Spanish (issue 44) at 390x844: a phone whose
browser says Spanish, on a club imported from random games of every variant.

    .venv/bin/python bench/screenshots_clubs_es.py [OUT_DIR]    (default /tmp/shots-clubs-es)
"""
from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.screenshots import SCHEMES, phone, shooter, shooting  # noqa: E402
from tests.random_games import random_record  # noqa: E402

PEOPLE = ["Ana", "Beto", "Carmen", "Diego", "Elena", "Fernando"]
SEATS = {"moon": 3, "card42": 4, "mexican-train": 4, "castle-rock": 1}


def records() -> list[dict]:
    rng = random.Random(44)
    variants = ["lechner42", "moon", "card42", "mexican-train", "forty-two", "castle-rock",
                "texas42", "texas42-1986", "card42-teams"]
    return [random_record(rng, v, rng.sample(PEOPLE, SEATS.get(v, 4)), hands=8,
                          finish=i % 4 != 3) for i, v in enumerate(variants * 2)]


def main(out: Path) -> None:
    export = out / "club.json"
    out.mkdir(parents=True, exist_ok=True)
    export.write_text(json.dumps(records()))
    with shooting(out) as (live, browser):
        for scheme in SCHEMES:
            page = phone(browser, scheme, locale="es-MX")
            shot = shooter(out, scheme, page)
            base = live.url
            page.goto(base + "/clubs")
            shot("e01-clubs")
            page.locator("details.import summary").click()
            page.fill("#import-name", "Los Jueves")
            page.set_input_files("#import-file", str(export))
            page.locator("details.import button[type=submit]").click()
            page.wait_for_url(re.compile(r"/clubs/\d+$"))
            club = page.url
            shot("e02-club-home")
            page.goto(club + "/roster")
            shot("e03-roster")
            page.locator(".person").nth(1).locator("select[name=into]").select_option(index=2)
            page.locator(".person").nth(1).locator("button").nth(1).click()
            shot("e04-merge-confirm")
            page.goto(club + "/phones")
            shot("e05-phones")
            page.goto(club + "/games/new?variant=lechner42")
            page.locator(".seat-pickers").scroll_into_view_if_needed()
            shot("e06-new-game-seats")
            page.goto(club + "/stats")
            shot("e07-stats")
            page.locator("table.leaderboard a").first.click()
            shot("e08-person")
            page.goto(club + "/ratings?group=dominoes-42")
            shot("e09-ratings")
            page.locator("table.ratings a").first.click()
            shot("e10-person-ratings")
            page.goto(club + "/games")
            shot("e11-archive")
            for i, link in enumerate(page.locator("a.game-link").evaluate_all(
                    "links => links.slice(0, 4).map(a => a.href)")):
                page.goto(link + "/review")
                shot(f"e12-review-{i}")
            page.context.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shots-clubs-es"))
