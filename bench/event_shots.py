"""Screenshots of the event pieces (issue 18: standings, bracket, table card) rendered through
the app's templates into standalone pages with the app's CSS, at 390x844 and 1920x1080 (the
TV's `.tv` page class), light and dark, for checking by eye. No server, no database.

    .venv/bin/python bench/event_shots.py [OUT_DIR]    (default /tmp/event-shots)
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from tests.browser.live import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.event_display.pages import pieces, standalone  # noqa: E402

SIZES = {"phone": (390, 844), "tv": (1920, 1080)}


def print_cards(browser, cards: str, out: Path) -> None:
    """Two cards printed on A4: a screenshot with the print styles, and the PDF's page count
    (one card a page)."""
    tab = browser.new_page(viewport={"width": 794, "height": 1123}, color_scheme="dark")
    tab.set_content(standalone(cards, False))
    tab.emulate_media(media="print")
    tab.screenshot(path=str(out / "print-table-cards.png"), full_page=True)
    pdf = tab.pdf(format="A4", print_background=True)
    (out / "print-table-cards.pdf").write_bytes(pdf)
    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    print(f"two table cards print on {pages} A4 pages")
    tab.close()


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://",
                      "SECRET_KEY": "shots"})
    with app.test_request_context():
        bodies = pieces(app)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for scheme in ("light", "dark"):
            for size, (w, h) in SIZES.items():
                ctx = browser.new_context(viewport={"width": w, "height": h}, color_scheme=scheme,
                                          device_scale_factor=1)
                tab = ctx.new_page()
                for name, body in bodies.items():
                    tab.set_content(standalone(body, size == "tv"))
                    overflow = tab.evaluate("document.documentElement.scrollWidth - innerWidth")
                    if overflow > 0:
                        print(f"{name} {size} {scheme}: the page scrolls sideways by {overflow}px")
                    tab.screenshot(path=str(out / f"{size}-{scheme}-{name}.png"), full_page=True)
                ctx.close()
        print_cards(browser, bodies["table-card"] + bodies["table-card-five"], out)
        browser.close()
    print(f"screenshots in {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/event-shots"))
