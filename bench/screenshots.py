"""Screenshots of every page at 390x844 (light and dark), for checking the UI by eye.

    .venv/bin/python bench/screenshots.py [OUT_DIR]    (default /tmp/shots)

Also the set-up the other screenshot scripts share: shooting() (a live server on a fresh
database, and headless Chromium), phone() (a page at 390x844 in a context of its own) and
shooter() (the shot function, writing OUT_DIR/SCHEME-NAME.png).
"""
from __future__ import annotations

import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser import ui  # noqa: E402
from tests.browser.live import CHROMIUM, CHROMIUM_ARGS, LiveServer, new_phone  # noqa: E402

SCHEMES = ("light", "dark")


@contextmanager
def shooting(out: Path, **config):
    """(live server, browser): the app on a fresh database (config goes to it) and headless
    Chromium, for screenshots into out."""
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp())
    with LiveServer(tmp / "shots.sqlite", **config) as live, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield live, browser
        browser.close()
    print(f"screenshots in {out}")


def phone(browser, scheme: str, timeout: float | None = None, **options):
    """A page at 390x844 in a browser context of its own, light or dark, at scale 1."""
    return new_phone(browser, timeout=timeout, color_scheme=scheme, device_scale_factor=1,
                     **options)


def shooter(out: Path, scheme: str, page):
    """shot(name, pg=page, full=True): a screenshot of pg into out/SCHEME-NAME.png."""
    def shot(name, pg=None, full=True):
        (pg or page).screenshot(path=str(out / f"{scheme}-{name}.png"), full_page=full)
    return shot


def main(out: Path) -> None:
    with shooting(out) as (live, browser):
        for scheme in SCHEMES:
            page = phone(browser, scheme)
            ctx = page.context
            shot = shooter(out, scheme, page)

            base = live.url
            page.goto(base + "/")
            shot("01-home-empty")
            page.goto(base + "/games/new")
            shot("02-new-pick")
            page.goto(base + "/games/new?variant=lechner42")
            shot("03-new-lechner42")
            page.goto(base + "/games/new?variant=mexican-train")
            shot("04-new-mexican-train")

            gid = ui.new_game(page, base, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
            shot("05-game-lechner42-start")
            ui.call(page, "pass")
            ui.call(page, "31")
            shot("06-auction-in-progress")
            ui.call(page, "84")
            ui.call(page, "pass")
            ui.choose(page, "contract", "straight")
            ui.type_number(page, "points", "42")
            shot("07-auction-done-preview")
            ui.save(page)
            if scheme == "light":
                page.evaluate("window.scrollTo(0, 0)")
                page.screenshot(path=str(out / "docs-game.png"))
            # a forced dealer
            for c in ("pass", "pass", "pass"):
                ui.call(page, c)
            shot("08-forced-dealer")
            ui.call(page, "30")
            ui.choose(page, "contract", "sevens")
            ui.choose(page, "made", "1")
            page.locator("#save-hand").click()
            ui.settle(page)
            shot("09-invalid-hand")
            page.goto(f"{base}/games/{gid}/hands/0/edit")
            shot("10-edit-hand")

            ui.new_game(page, base, "card42", ["Ann", "Bob", "Cat"])
            ui.call(page, "3")
            ui.call(page, "3")
            shot("11-card42-dealer-forbidden")
            ui.call(page, "2")
            for s, t in enumerate([2, 3, 2]):
                ui.type_number(page, f"tricks-{s}", t)
            ui.save(page)
            shot("12-card42-countdown")

            ui.new_game(page, base, "mexican-train", ["Ann", "Bob", "Cat", "Dan"])
            shot("13-mexican-train")

            moon = ui.new_game(page, base, "moon", ["Ann", "Bob", "Cat"])
            ui.quick_mode(page)
            ui.choose(page, "bidder", "1")
            ui.type_number(page, "bid", "21")
            for s, t in enumerate([0, 7, 0]):
                ui.type_number(page, f"tricks-{s}", t)
            ui.save(page)
            shot("14-moon-game-over")

            ui.new_game(page, base, "card42-teams", ["Ann", "Bob", "Cat", "Dan"])
            ui.call(page, "5")
            ui.call(page, "pass")
            ui.call(page, "pass")
            ui.call(page, "pass")
            page.locator("#hand-form button[name=set_points_mode][value=items]").click()
            ui.settle(page)
            shot("15-card42-teams-items")

            page.goto(base + "/")
            shot("16-home-games")
            page.goto(base + "/rules/")
            shot("17-rules-index")
            page.goto(base + "/rules/lechner42")
            shot("18-rules-lechner42")
            page.goto(base + "/rules/card42")
            shot("19-rules-card42", full=False)

            page.goto(f"{base}/games/{gid}")
            page.locator("#share .share-fold > summary").click()
            page.locator("#share .share-scorer summary").click()
            page.locator("#share").scroll_into_view_if_needed()
            shot("20-invite-players", full=False)
            page.goto(f"{base}/games/{gid}/history")
            shot("21-history")
            page.goto(f"{base}/games/{gid}")
            code = page.locator("#share .join-code").text_content().replace(" ", "")
            viewer = phone(browser, scheme)
            viewer.goto(f"{base}/games/{gid}")
            shot("22-join-by-code", viewer)
            viewer.goto(f"{base}/g/{code}")
            shot("23-viewer", viewer)
            viewer.context.close()

            # the TV view: a landscape screen, and a phone
            tv = phone(browser, scheme, viewport={"width": 1280, "height": 720},
                       storage_state=ctx.storage_state())
            tv.goto(f"{base}/games/{gid}/tv")
            shot("24-tv-1280x720", tv, full=False)
            tv.goto(f"{base}/games/{moon}/tv")
            shot("25-tv-moon-over-1280x720", tv, full=False)
            tv.context.close()
            page.goto(f"{base}/games/{gid}/tv")
            shot("26-tv-phone")
            page.goto(f"{base}/offline")
            shot("27-offline")

            # a hand kept on the phone while the server is away, then refused as stale
            rid = ui.new_game(page, base, "castle-rock", ["Sol"])
            ui.type_number(page, "remaining", "9")
            ctx.set_offline(True)
            page.locator("#save-hand").click()
            page.locator("#kept.kept").wait_for()
            page.wait_for_selector("#connection.connection", state="attached", timeout=8000)
            shot("28-kept-offline", full=False)
            live.write_hand_elsewhere(rid, {"remaining": 4})
            ctx.set_offline(False)
            page.wait_for_selector("#kept.alert.error", timeout=10000)
            shot("29-kept-refused", full=False)
            ctx.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shots"))
