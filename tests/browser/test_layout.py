"""Every page fits 390 px and every tap target is at least 44 px. Measured in one colour scheme:
the dark scheme changes colours only, which the first test holds the stylesheets to."""
from __future__ import annotations

import re
from pathlib import Path

from . import ui

CSS = Path(__file__).resolve().parents[2] / "static" / "css"
DARK_BLOCK = re.compile(r"@media\s*\(prefers-color-scheme:\s*dark\)\s*{(.*?})\s*}", re.S)


def test_the_dark_scheme_sets_colours_only():
    """Each stylesheet's dark blocks hold `:root { --name: value; ... }` and nothing else, so no
    width, size or place differs between the schemes."""
    sheets = {path.name: path.read_text() for path in CSS.glob("*.css")}
    blocks = {name: DARK_BLOCK.findall(text) for name, text in sheets.items()}
    assert sum(map(len, blocks.values())) >= 2, blocks  # app.css's and review.css's at least
    for name, found in blocks.items():
        assert len(found) == sheets[name].count("prefers-color-scheme"), name  # no other kind
        for block in found:
            rules = re.findall(r"([^{}]+){([^{}]*)}", block)
            assert [selector.strip() for selector, _ in rules] == [":root"], (name, block)
            declarations = [d.strip() for d in rules[0][1].split(";") if d.strip()]
            assert declarations and all(d.startswith("--") for d in declarations), (name, block)


def test_tap_targets_and_width(phone, live):
    page = phone(timeout=None)
    gid = ui.new_game(page, live.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"])
    ui.enter_hand(page)
    urls = ["/", "/games/new", "/games/new?variant=texas42", "/games/new?variant=card42",
            f"/games/{gid}", f"/games/{gid}/hands/0/edit", f"/games/{gid}/history",
            "/join", "/rules/", "/rules/lechner42", f"/games/{gid}/tv", "/offline"]
    for url in urls:
        page.goto(live.url + url)
        if url == f"/games/{gid}":
            # the invite block is folded once a hand is in: one tap opens it
            assert page.locator("#share .share-fold").get_attribute("open") is None
            page.locator("#share .share-fold > summary").click()
            page.locator("#share .share-scorer summary").click()  # the scorer QR and rotate button too
            assert page.locator("#share .share-scorer").get_attribute("open") is not None
        ui.assert_fits(page, url)
