"""The event pieces (standings, bracket, table card) in Chromium at 390x844 (axe in light and
dark, test_accessibility.violations): the page never scrolls sideways (a wide bracket scrolls inside its own box), every name fits
its column, and the pieces carry no inline style (the CSP allows none)."""
from __future__ import annotations

import pytest

from tests.event_display.pages import pieces, standalone

from .test_accessibility import TV, violations

WIDE = """() => ({page: document.documentElement.scrollWidth - innerWidth,
  bracket: [...document.querySelectorAll('.bracket-scroll')].map(b => b.scrollWidth - b.clientWidth),
  cut: [...document.querySelectorAll('.standings-table .who, .card-seats li, .card-spot')]
         .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.trim())})"""


@pytest.fixture(scope="module")
def bodies():
    from scorekeeper import create_app

    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "SECRET_KEY": "t"})
    with app.test_request_context():
        return pieces(app)


def test_event_pieces_fit_390_px(phone, bodies):
    page = phone()
    for name, body in bodies.items():
        assert "style=" not in body, name
        page.set_content(standalone(body, tv=False))
        measured = page.evaluate(WIDE)
        assert measured["page"] <= 0, name
        assert measured["cut"] == [], name
        if name.startswith("double-elimination"):
            assert measured["bracket"][0] > 200, name  # wider than the phone: it scrolls in its box


def test_event_pieces_pass_axe_on_a_phone_and_a_tv(phone, bodies):
    """axe-core's default rules (WCAG 2 A/AA, contrast included) on every piece."""
    found = {}
    for size, viewport in (("phone", None), ("tv", TV)):
        page = phone(**({"viewport": viewport} if viewport else {}))
        for name, body in bodies.items():
            page.set_content(standalone(body, tv=size == "tv"))
            result = violations(page)
            if result:
                found[f"{size} {name}"] = result
    assert found == {}
