"""Screenshots of the hand form and the score sheet at 390x844, light and dark, in the states
that matter at the table (issue 12), for checking by eye.

    .venv/bin/python bench/table_shots.py [OUT_DIR]    (default /tmp/table-shots)
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.screenshots import SCHEMES, phone, shooter, shooting  # noqa: E402
from tests.browser import ui  # noqa: E402


def main(out: Path) -> None:
    with shooting(out) as (live, browser):
        for scheme in SCHEMES:
            page = phone(browser, scheme, timeout=10_000)
            shot = shooter(out, scheme, page)

            base = live.url
            # lechner42: mid-auction, then quick entry, then a few hands for the sheet
            gid = ui.new_game(page, base, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
            ui.call(page, "pass")
            ui.call(page, "31")
            shot("01-lechner42-mid-auction")
            ui.quick_mode(page)
            ui.choose(page, "bidder", "1")
            ui.choose(page, "bid", "34")
            shot("02-lechner42-just-the-bid")
            ui.choose(page, "made", "1")
            ui.save(page)
            for bidder, bid, made in ((2, "84", "0"), (3, "30", "1"), (0, "42", "1")):
                ui.choose(page, "bidder", str(bidder))
                ui.choose(page, "bid", bid)
                ui.choose(page, "made", made)
                ui.save(page)
            page.evaluate("window.scrollTo(0, 0)")
            shot("03-lechner42-grid")
            ui.list_view(page)
            shot("04-lechner42-list")
            page.goto(f"{base}/games/{gid}?view=grid")

            # texas42-1986: the points picker
            ui.new_game(page, base, "texas42-1986", ["Ann", "Bob", "Cat", "Dan"])
            ui.quick_mode(page)
            ui.choose(page, "bidder", "2")
            ui.choose(page, "bid", "32")
            ui.choose(page, "points", "35")
            shot("05-texas42-1986-points")

            # Mexican Train: a round in, the next round half entered
            ui.new_game(page, base, "mexican-train", ["Ann", "Bob", "Cat", "Dan"])
            ui.choose(page, "out", "0")
            for s, pips in ((1, 12), (2, 30), (3, 7)):
                ui.type_number(page, f"pips-{s}", pips)
            ui.save(page)
            ui.type_number(page, "pips-0", "14")
            shot("06-mexican-train-round")

            # moon: shoot the moon, game over
            ui.new_game(page, base, "moon", ["Ann", "Bob", "Cat"])
            ui.quick_mode(page)
            ui.choose(page, "bidder", "1")
            ui.choose(page, "bid", "21")
            for s, t in enumerate([0, 7, 0]):
                ui.type_number(page, f"tricks-{s}", t)
            shot("07-moon-shoot-the-moon")
            ui.save(page)
            shot("08-moon-game-over")

            # card42: all bids at once, the dealer's restriction
            ui.new_game(page, base, "card42", ["Ann", "Bob", "Cat"])
            ui.quick_mode(page)
            ui.type_number(page, "bid-1", "3")
            ui.type_number(page, "bid-2", "2")
            shot("09-card42-all-bids")
            page.context.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/table-shots"))
