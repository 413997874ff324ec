"""Screenshots of the table's second pass (issue 28) at 390x844, light and dark, for checking
by eye: three hands kept on the phone with the server away (the list, and the sheet), and the
notice a scoring phone gets when the other scorer saved the hand it was typing.

    .venv/bin/python bench/queue_shots.py [OUT_DIR]    (default /tmp/queue-shots)
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import expect  # noqa: E402

from bench.screenshots import SCHEMES, phone, shooter, shooting  # noqa: E402
from tests.browser import ui  # noqa: E402
from tests.browser.test_kept_queue import HANDS, keep_hand  # noqa: E402
from tests.browser.test_no_hand_lost import club_game_on_two_phones  # noqa: E402
from tests.browser.test_second_scorer import scorer_link  # noqa: E402


def three_kept(live, browser, shot, scheme: str) -> None:
    page = phone(browser, scheme, timeout=10_000)
    ui.new_game(page, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    ui.quick_mode(page)
    ui.choose(page, "bidder", "1")  # one hand saved: the kept ones go on the sheet after it
    ui.choose(page, "bid", "30")
    ui.choose(page, "made", "1")
    ui.save(page)
    page.context.set_offline(True)
    for number, hand in enumerate(HANDS, start=2):
        keep_hand(page, number, *hand)
    expect(page.locator("#kept")).to_contain_text("3 hands are kept")
    page.evaluate("window.scrollTo(0, 0)")
    shot("01-three-kept", pg=page, full=False)
    page.locator("#hands").evaluate("e => e.scrollIntoView({block: 'start'})")
    shot("02-three-kept-sheet", pg=page, full=False)
    page.context.close()


def second_scorer(live, browser, shot, scheme: str) -> None:
    ann, bob, gid = club_game_on_two_phones(live, lambda: phone(browser, scheme,
                                                                timeout=10_000))
    ui.call(ann, "30")
    ui.call(ann, "pass")
    bob.goto(scorer_link(live, gid))
    ui.enter_hand(bob)
    expect(ann.locator("#hand-words")).to_be_visible(timeout=3_000)
    ann.locator("#hand-not-saved").evaluate("e => e.scrollIntoView({block: 'start'})")
    shot("03-second-scorer-notice", pg=ann, full=False)
    ann.context.close()
    bob.context.close()


def main(out: Path) -> None:
    with shooting(out, PUBLIC_URL=None) as (live, browser):
        for scheme in SCHEMES:
            shot = shooter(out, scheme, None)
            three_kept(live, browser, shot, scheme)
            second_scorer(live, browser, shot, scheme)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/queue-shots"))
