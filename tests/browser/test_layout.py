"""Every page fits 390 px and every tap target is at least 44 px, in light and dark."""
from __future__ import annotations

import pytest

from . import ui
from .live import VIEWPORT

TARGETS = """() => {
  const bad = [];
  const seen = new Set();
  for (const el of document.querySelectorAll('a, button, select, input, summary')) {
    if (el.closest('.sr-only') || el.classList.contains('sr-only') || el.type === 'hidden') continue;
    // a radio or checkbox is tapped through its label
    const target = (el.type === 'radio' || el.type === 'checkbox') ? (el.closest('label') || el) : el;
    if (seen.has(target)) continue;
    seen.add(target);
    const r = target.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;   // not shown
    if (r.height < 44 || r.width < 44) bad.push(`${target.tagName} "${(target.textContent || target.name || '').trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return bad;
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_tap_targets_and_width(phone, live, scheme):
    page = phone(color_scheme=scheme, timeout=None)
    gid = ui.new_game(page, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    ui.enter_hand(page)
    urls = ["/", "/games/new", "/games/new?variant=texas42", "/games/new?variant=card42",
            f"/games/{gid}", f"/games/{gid}/hands/0/edit", f"/games/{gid}/history",
            "/join?locked=1", "/rules/", "/rules/lechner42", f"/games/{gid}/tv", "/offline"]
    for url in urls:
        page.goto(live.url + url)
        if url == f"/games/{gid}":
            # the invite block is folded once a hand is in: one tap opens it
            assert page.locator("#share .share-fold").get_attribute("open") is None
            page.locator("#share .share-fold > summary").click()
            page.locator("#share .share-scorer summary").click()  # the scorer QR and rotate button too
            assert page.locator("#share .share-scorer").get_attribute("open") is not None
        assert page.evaluate(TARGETS) == [], url
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= VIEWPORT["width"], (url, width)
