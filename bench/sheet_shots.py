"""Screenshots of what happened in each hand on the sheet and the list at 390x844, light and dark
(issue 28): a made bid, a set, a nello, a plunge, Mexican Train's who went out.

    .venv/bin/python bench/sheet_shots.py [OUT_DIR]    (default /tmp/sheet-shots)
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.screenshots import SCHEMES, phone, shooter, shooting  # noqa: E402
from tests.browser import ui  # noqa: E402

TEXAS_HANDS = (
    {"bidder": 0, "bid": 30, "contract": "straight", "points": 34},
    {"bidder": 1, "bid": 32, "contract": "straight", "points": 28},
    {"bidder": 2, "bid": 42, "contract": "nillo", "doubles": "low", "made": True},
    {"bidder": 3, "bid": 168, "contract": "plunge", "call": "sevens", "doubles": 4,
     "made": False},
)
TRAIN_HANDS = ({"pips": [0, 12, 30], "out": 0}, {"pips": [7, 0, 22], "out": 1})


def main(out: Path) -> None:
    with shooting(out) as (live, browser):
        for scheme in SCHEMES:
            page = phone(browser, scheme, timeout=10_000)
            shot = shooter(out, scheme, page)
            base = live.url
            gid = ui.new_game(page, base, "texas42", ["Ann", "Bob", "Cat", "Dan"])
            for hand in TEXAS_HANDS:
                live.write_hand_elsewhere(gid, hand)
            page.goto(f"{base}/games/{gid}?view=grid")
            page.locator("#score-grid").scroll_into_view_if_needed()
            shot("sheet-set-and-nello", full=False)
            page.goto(f"{base}/games/{gid}?view=list")
            page.locator(".hand-list").scroll_into_view_if_needed()
            shot("list-set-and-nello", full=False)
            page.goto(f"{base}/games/{gid}/tv")
            shot("tv-set-and-nello")
            gid = ui.new_game(page, base, "mexican-train", ["Ann", "Bob", "Cat"])
            for hand in TRAIN_HANDS:
                live.write_hand_elsewhere(gid, hand)
            page.goto(f"{base}/games/{gid}?view=grid")
            page.locator("#score-grid").scroll_into_view_if_needed()
            shot("sheet-went-out", full=False)
            page.context.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/sheet-shots"))
