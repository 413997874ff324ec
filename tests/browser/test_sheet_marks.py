"""What the score sheet draws beside a total (issue 40): nothing stray on a set hand."""
from __future__ import annotations

from . import ui
from .test_edit_seen import pick
from .test_kept_queue import PLAYERS


def test_a_set_hand_draws_no_stray_mark_beside_the_bidding_sides_total(page, live):
    ui.new_game(page, live.url, "lechner42", PLAYERS)
    ui.quick_mode(page)
    for name, value in (("bidder", "1"), ("bid", "30"), ("made", "0")):  # Bob's side is set
        pick(page, name, value)
    ui.save(page)
    cells = page.locator("#score-grid td.set .grid-delta").evaluate_all(
        "els => els.map(e => [e.textContent.trim(), getComputedStyle(e).textDecorationLine])")
    assert cells, "the bidding side's cell is marked set"
    for text, decoration in cells:
        assert text or decoration == "none", (text, decoration)  # an empty delta: no squiggle
