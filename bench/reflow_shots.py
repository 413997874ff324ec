"""Screenshots of a game page at 200% text (the browser's text size doubled) at 390x844, light
and dark: the call grid, the scoreboard's head (issue 28).

    .venv/bin/python bench/reflow_shots.py [OUT_DIR]    (default /tmp/reflow-shots)
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.screenshots import SCHEMES, phone, shooter, shooting  # noqa: E402
from tests.browser import ui  # noqa: E402

NAMES = ["Annabelle", "Bartholomew", "Catherine", "Dan"]


def main(out: Path) -> None:
    with shooting(out) as (live, browser):
        for scheme in SCHEMES:
            page = phone(browser, scheme, timeout=10_000)
            page.context.new_cdp_session(page).send(
                "Page.setFontSizes", {"fontSizes": {"standard": 32, "fixed": 26}})
            shot = shooter(out, scheme, page)
            gid = ui.new_game(page, live.url, "texas42", NAMES)
            shot("200-text-game-top", full=False)
            page.locator("#hand-form .call-grid").evaluate("el => el.scrollIntoView()")
            shot("200-text-calls", full=False)
            ui.new_game(page, live.url, "moon", NAMES[:3])
            ui.quick_mode(page)
            ui.choose(page, "bidder", "1")
            page.locator("#hand-form .tricks-rows").evaluate("el => el.scrollIntoView()")
            shot("200-text-moon-tricks", full=False)
            page.goto(f"{live.url}/games/{gid}/rules")
            shot("200-text-rules-card", full=False)
            page.context.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/reflow-shots"))
