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
from scorekeeper.events.bracket_svg import bracket_svg  # noqa: E402
from scorekeeper.qr import qr_svg  # noqa: E402
from scorekeeper.tournament import standings  # noqa: E402
from tests.browser.live import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.event_display.samples import names, samples  # noqa: E402

SIZES = {"phone": (390, 844), "tv": (1920, 1080)}
CSS = ("app.css", "review.css", "events.css")
HOSTILE = '<script>alert("x")</script> & =cmd|\' /C calc\'!A0'


def sample_card() -> dict:
    url = "http://192.168.1.20:8000/join/K7QX-M2PA"
    return {"event_name": "Friday night at the Grange", "round": 3, "table": 12,
            "seats": [{"seat": 0, "name": "Ann", "team": "Ann & Bob"},
                      {"seat": 1, "name": "Catherine-Louise", "team": "Cat & Dan"},
                      {"seat": 2, "name": "Bob", "team": "Ann & Bob"},
                      {"seat": 3, "name": "Dan", "team": "Cat & Dan"}],
            "shakes_first": 0, "qr_svg": qr_svg(url, "Scan to score table 12"), "url": url}


def pieces(app) -> dict[str, str]:
    """Each page's body HTML by name: every sample's standings (and bracket), the card."""
    env = app.jinja_env
    out = {}
    for name, record in samples().items():
        shown = names(record)
        if name == "round-robin":
            shown[1] = HOSTILE
        html = env.get_template("partials/events/_standings.html").render(
            standings=standings(record), names=shown)
        if record["format"] in ("pools", "single-elimination", "double-elimination"):
            html = str(bracket_svg(record, shown)) + html
        out[name] = html
    card = env.get_template("partials/events/_table_card.html")
    out["table-card"] = card.render(card=sample_card())
    tables = sample_card() | {"seats": [{"seat": i, "name": n, "team": None}
                                         for i, n in enumerate(["Ann", "Bob", "Cat", "Dan", "Eve"])],
                               "shakes_first": 2}
    out["table-card-five"] = card.render(card=tables)
    return out


def page(body: str, tv: bool) -> str:
    css = "\n".join((ROOT / "static" / "css" / name).read_text() for name in CSS)
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta name="color-scheme" content="light dark"><style>{css}</style></head>'
            f'<body{" class=tv" if tv else ""}><main>{body}</main></body></html>')


def print_cards(browser, cards: str, out: Path) -> None:
    """Two cards printed on A4: a screenshot with the print styles, and the PDF's page count
    (one card a page)."""
    tab = browser.new_page(viewport={"width": 794, "height": 1123}, color_scheme="dark")
    tab.set_content(page(cards, False))
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
                    tab.set_content(page(body, size == "tv"))
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
