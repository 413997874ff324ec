"""Screenshots of the table's second pass (issue 28) at 390x844, light and dark, for checking
by eye: three hands kept on the phone with the server away, and the notice a scoring phone
gets when the other scorer saved the hand it was typing.

    .venv/bin/python bench/table_shots.py [OUT_DIR]    (default /tmp/table-shots)
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import expect, sync_playwright  # noqa: E402

from tests.browser import ui  # noqa: E402
from tests.browser.live import CHROMIUM_ARGS, TEST_CHROMIUM, LiveServer, new_phone  # noqa: E402
from tests.browser.test_kept_queue import HANDS, three_kept  # noqa: E402
from tests.browser.test_no_hand_lost import club_game_on_two_phones  # noqa: E402
from tests.browser.test_pwa import kept  # noqa: E402
from tests.browser.test_second_scorer import scorer_link  # noqa: E402


def shots(browser, live, scheme: str, out: Path) -> None:
    page = new_phone(browser, color_scheme=scheme)
    ui.new_game(page, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    ui.quick_mode(page)
    for bidder, bid, made in HANDS[:1]:  # one hand saved: the kept ones go on the sheet
        ui.choose(page, "bidder", bidder)
        ui.choose(page, "bid", bid)
        ui.choose(page, "made", made)
        ui.save(page)
    page.context.set_offline(True)
    from tests.browser.test_kept_queue import keep_hand
    for number, hand in enumerate(HANDS, start=2):
        keep_hand(page, number, *hand)
    expect(kept(page)).to_contain_text("3 hands are kept")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(out / f"three-kept-{scheme}.png"))
    page.locator("#hands").scroll_into_view_if_needed()
    page.screenshot(path=str(out / f"three-kept-sheet-{scheme}.png"))
    page.context.close()

    phone = lambda: new_phone(browser, color_scheme=scheme)  # noqa: E731
    ann, bob, gid = club_game_on_two_phones(live, phone)
    ui.call(ann, "30")
    ui.call(ann, "pass")
    bob.goto(scorer_link(live, gid))
    ui.enter_hand(bob)
    expect(ann.locator("#hand-words")).to_be_visible(timeout=3_000)
    ann.locator("#hand-not-saved").evaluate("e => e.scrollIntoView({block: 'start'})")
    ann.screenshot(path=str(out / f"second-scorer-{scheme}.png"))
    ann.context.close()
    bob.context.close()


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, \
            LiveServer(Path(tmp) / "shots.sqlite", PUBLIC_URL=None) as live, \
            sync_playwright() as p:
        browser = p.chromium.launch(executable_path=TEST_CHROMIUM, args=CHROMIUM_ARGS)
        for scheme in ("light", "dark"):
            shots(browser, live, scheme, out)
        browser.close()
    print(f"screenshots in {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/table-shots"))
