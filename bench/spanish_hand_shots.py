"""Screenshots of the hand form in Spanish (issue 44), every entry mode, at 390x844 and 360x740,
as the phone's screen shows it (no scroll), for checking by eye that the longer words fit.

    .venv/bin/python bench/spanish_hand_shots.py [OUT_DIR]    (default /tmp/spanish-hand-shots)
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.screenshots import phone, shooting  # noqa: E402
from tests.browser import ui  # noqa: E402

NAMES = ["Ann", "Bob", "Cat", "Dan"]
SCREENS = {"390x844": {"width": 390, "height": 844}, "360x740": {"width": 360, "height": 740}}


def main(out: Path) -> None:
    with shooting(out) as (live, browser):
        for screen, viewport in SCREENS.items():
            page = phone(browser, "light", timeout=10_000, viewport=viewport, locale="es-MX")
            base = live.url

            def shot(name):
                page.screenshot(path=str(out / f"{screen}-{name}.png"))

            # call by call, then just the bid (texas42: the marks, plunge, the contracts)
            ui.new_game(page, base, "texas42", NAMES)
            shot("01-texas42-call-by-call")
            ui.call(page, "pass")
            ui.call(page, "31")
            shot("02-texas42-mid-auction")
            for call in ("84", "pass"):
                ui.call(page, call)
            shot("03-texas42-auction-done")
            ui.quick_mode(page)
            shot("04-texas42-just-the-bid")
            ui.choose(page, "bidder", "1")
            ui.choose(page, "bid", "42")
            page.locator("#hand-form #contract-fold summary").click()
            ui.choose(page, "contract", "plunge")
            shot("05-texas42-plunge")
            ui.choose(page, "contract", "nillo")
            shot("06-texas42-nello")

            # texas42-1986: the points caught, the trump
            ui.new_game(page, base, "texas42-1986", NAMES)
            ui.quick_mode(page)
            ui.choose(page, "bidder", "2")
            ui.choose(page, "bid", "32")
            shot("07-texas42-1986-points")

            # forty-two: everyone passed
            ui.new_game(page, base, "forty-two", NAMES)
            ui.quick_mode(page)
            shot("08-forty-two-just-the-bid")

            # moon: shoot the moon, the tricks
            ui.new_game(page, base, "moon", NAMES[:3])
            ui.quick_mode(page)
            ui.choose(page, "bidder", "1")
            ui.choose(page, "bid", "21")
            shot("09-moon-shoot-the-moon")
            ui.choose(page, "tricks-0", "0")
            shot("10-moon-tricks")

            # card42: all bids at once (the dealer's rule), then bid by bid
            ui.new_game(page, base, "card42", NAMES)
            ui.quick_mode(page)
            for seat in (1, 2, 3):
                ui.choose(page, f"bid-{seat}", "2")
            shot("11-card42-all-bids")
            ui.choose(page, "bid-0", "0")
            ui.choose(page, "tricks-0", "1")
            shot("12-card42-tricks")
            page.locator("#hand-form #mode-auction").click()
            ui.settle(page)
            shot("13-card42-bid-by-bid")

            # card42 in teams: card by card
            ui.new_game(page, base, "card42-teams", NAMES)
            ui.quick_mode(page)
            ui.choose(page, "bidder", "1")
            ui.choose(page, "bid", "5")
            page.locator("#hand-form #points-mode-items").click()
            ui.settle(page)
            shot("14-card42-teams-card-by-card")

            # Mexican Train: the counts; Castle Rock: the dominoes left
            ui.new_game(page, base, "mexican-train", NAMES, options={"double_blank": 50})
            ui.choose(page, "out", "1")
            ui.type_number(page, "pips-0", "12")
            shot("15-mexican-train-round")
            ui.new_game(page, base, "castle-rock", ["Ann"])
            shot("16-castle-rock")
            page.context.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/spanish-hand-shots"))
