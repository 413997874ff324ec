"""Screenshots of the review pages (a game's chart and sheet; later the club archive, person and
club stats) at 390x844, light and dark, for checking them by eye.

    .venv/bin/python bench/screenshots_review.py [OUT_DIR]    (default /tmp/shots-review)
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.screenshots import SCHEMES, phone, shooter, shooting  # noqa: E402
from tests.random_games import random_record  # noqa: E402

PEOPLE = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]
GAMES = [("lechner42", ["Ann", "Bob", "Cat", "Dan"]),
         ("card42", ["Ann", "Bob", "Cat", "Dan", "Eve"]),
         ("mexican-train", ["Ann", "Bob", "Cat", "Dan"]),
         ("moon", ["Ann", "Bob", "Cat"]),
         ("texas42-1986", ["Margaret", "Bartholomew", "Catherine", "Dan"]),
         ("castle-rock", ["Sol"])]


def main(out: Path) -> None:
    rng = random.Random(7)
    records = [random_record(rng, v, names) for v, names in GAMES]
    club_records = [random_record(rng, v, rng.sample(PEOPLE, len(names)), hands=10,
                                  finish=rng.random() < 0.85)
                    for v, names in GAMES * 6]
    with shooting(out, WTF_CSRF_ENABLED=False) as (live, browser):
        for scheme in SCHEMES:
            page = phone(browser, scheme)
            shot = shooter(out, scheme, page)
            for (variant, _), record in zip(GAMES, records):
                r = page.request.post(live.url + "/games/import",
                                      form={"record": json.dumps(record)}, max_redirects=0)
                gid = r.headers["location"].rsplit("/", 1)[1]
                page.goto(f"{live.url}/games/{gid}/review")
                shot(f"review-{variant}")
                shot(f"review-{variant}-top", full=False)
            r = page.request.post(live.url + "/clubs/import", max_redirects=0, form={
                "name": "Thursday Night", "label": "Ann's phone",
                "records": json.dumps(club_records)})
            club = r.headers["location"].rstrip("/").rsplit("/", 1)[1]
            for name, url in [("club-home", f"/clubs/{club}"),
                              ("archive", f"/clubs/{club}/games"),
                              ("archive-filtered", f"/clubs/{club}/games?variant=moon&status=finished"),
                              ("club-stats", f"/clubs/{club}/stats"),
                              ("person", None)]:
                if url is None:  # the leader of the club's stats
                    url = page.locator(".leaderboard a").first.get_attribute("href")
                page.goto(live.url + url)
                shot(name)
                shot(f"{name}-top", full=False)
            page.context.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shots-review"))
