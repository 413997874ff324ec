"""Screenshots of the review pages (a game's chart and sheet; later the club archive, person and
club stats) at 390x844, light and dark, for checking them by eye.

    .venv/bin/python bench/screenshots_review.py [OUT_DIR]    (default /tmp/shots-review)
"""
from __future__ import annotations

import json
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.live import CHROMIUM, CHROMIUM_ARGS, VIEWPORT, LiveServer  # noqa: E402
from tests.random_games import random_record  # noqa: E402

PEOPLE = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus"]
GAMES = [("lechner42", ["Ann", "Bob", "Cat", "Dan"]),
         ("card42", ["Ann", "Bob", "Cat", "Dan", "Eve"]),
         ("mexican-train", ["Ann", "Bob", "Cat", "Dan"]),
         ("moon", ["Ann", "Bob", "Cat"]),
         ("texas42-1986", ["Margaret", "Bartholomew", "Catherine", "Dan"]),
         ("castle-rock", ["Sol"])]


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp())
    rng = random.Random(7)
    records = [random_record(rng, v, names) for v, names in GAMES]
    club_records = [random_record(rng, v, rng.sample(PEOPLE, len(names)), hands=10,
                                  finish=rng.random() < 0.85)
                    for v, names in GAMES * 6]
    with LiveServer(tmp / "shots.sqlite", WTF_CSRF_ENABLED=False) as live, \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for scheme in ("light", "dark"):
            ctx = browser.new_context(viewport=VIEWPORT, color_scheme=scheme,
                                      device_scale_factor=1)
            page = ctx.new_page()
            for (variant, _), record in zip(GAMES, records):
                r = page.request.post(live.url + "/games/import",
                                      form={"record": json.dumps(record)}, max_redirects=0)
                gid = r.headers["location"].rsplit("/", 1)[1]
                page.goto(f"{live.url}/games/{gid}/review")
                page.screenshot(path=str(out / f"{scheme}-review-{variant}.png"), full_page=True)
                page.screenshot(path=str(out / f"{scheme}-review-{variant}-top.png"))
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
                page.screenshot(path=str(out / f"{scheme}-{name}.png"), full_page=True)
                page.screenshot(path=str(out / f"{scheme}-{name}-top.png"))
            ctx.close()
        browser.close()
    print(f"screenshots in {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shots-review"))
