"""Screenshots of the club pages and the rematch / take-over screens at 390x844, light and dark.

    .venv/bin/python bench/screenshots_clubs.py [OUT_DIR]    (default /tmp/shots-clubs)
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.screenshots import SCHEMES, phone, shooter, shooting  # noqa: E402
from tests.browser import ui  # noqa: E402


def main(out: Path) -> None:
    with shooting(out) as (live, browser):
        for scheme in SCHEMES:
            page, other = phone(browser, scheme), phone(browser, scheme)
            shot = shooter(out, scheme, page)

            base = live.url
            page.goto(base + "/clubs")
            shot("c01-clubs-empty")
            page.fill("#club-name", "Thursday Night")
            page.fill("#club-label", "Ann's phone")
            page.get_by_role("button", name="Start the club").click()
            page.wait_for_url(re.compile(r"/clubs/\d+$"))
            club = page.url
            shot("c02-club-home-empty")
            page.goto(club + "/phones")
            code = page.locator("#invite .join-code").text_content().replace(" ", "")
            other.goto(f"{base}/c/{code}")
            shot("c03-join-club", other)
            other.fill("#join-label", "Bob's phone")
            other.get_by_role("button", name="Join Thursday Night").click()
            other.wait_for_url(club)
            page.reload()
            shot("c04-phones")
            for names in (["Ann", "Bob", "Cat"], ["Ann", "Bobby", "Dee"]):
                page.goto(club + "/games/new")
                page.locator("input[type=radio][name=variant][value='moon']").check()
                page.wait_for_selector("select[name='person-0']")
                for i, name in enumerate(names):
                    page.fill(f"input[name='name-{i}']", name)
                page.get_by_role("button", name="Start the game").click()
                page.wait_for_url(re.compile(r"/games/\d+$"))
            game = page.url
            page.goto(club + "/games/new?variant=lechner42")
            page.select_option("select[name='person-0']", label="Ann")
            page.select_option("select[name='person-1']", label="Cat")
            shot("c05-new-game-seats")
            page.goto(game)
            ui.quick_mode(page)
            ui.choose(page, "bidder", "1")
            ui.type_number(page, "bid", "21")
            for seat, t in enumerate([0, 7, 0]):
                ui.type_number(page, f"tricks-{seat}", t)
            ui.save(page)
            page.evaluate("window.scrollTo(0, 0)")
            shot("c06-game-over-rematch", full=False)
            other.goto(game)
            other.evaluate("window.scrollTo(0, 0)")
            shot("c07-member-watching", other, full=False)
            page.goto(club)
            shot("c08-club-home")
            page.goto(club + "/roster")
            shot("c09-roster")
            page.locator(".person").nth(2).locator("select[name=into]").select_option(label="Bob")
            page.locator(".person").nth(2).get_by_role("button", name="Merge").click()
            shot("c10-merge-confirm")
            page.get_by_role("button", name=re.compile("Merge")).click()
            page.wait_for_url(club + "/roster")
            shot("c11-roster-merged")
            page.goto(game)
            page.get_by_role("button", name="Rematch").click()
            page.wait_for_url(re.compile(r"/games/\d+$"))
            rematch = page.url
            other.goto(rematch)
            other.evaluate("window.scrollTo(0, 0)")
            shot("c12-member-can-take-over", other, full=False)
            other.get_by_role("link", name="Take over scoring").click()
            shot("c13-take-over-confirm", other)
            other.get_by_role("button", name="Take over scoring").click()
            other.wait_for_url(rematch)
            other.goto(rematch + "/history")
            shot("c14-history-taken-over", other)
            # outside a club: a viewer's way on when the scorer's phone is gone
            gid = ui.new_game(page, base, "moon", ["Ann", "Bob", "Cat"])
            viewer = phone(browser, scheme)
            viewer.goto(f"{base}/games/{gid}")
            code = page.locator("#share .join-code").text_content().replace(" ", "")
            viewer.goto(f"{base}/g/{code}")
            shot("c15-viewer-scorer-gone", viewer, full=False)
            viewer.get_by_role("link", name="Scorer's phone gone?").click()
            shot("c16-continue-confirm", viewer)
            viewer.context.close()
            page.goto(base + "/clubs")
            shot("c17-clubs-list")
            page.context.close()
            other.context.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shots-clubs"))
