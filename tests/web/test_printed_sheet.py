"""Issue 43, item 1: the score sheet's page for every game (its PDF: tests/browser/
test_printing.py), and who may open it."""
from __future__ import annotations

import pytest

from scorekeeper import rules

from .helpers import NAMES, create, game, text


@pytest.mark.parametrize("variant", sorted(rules.VARIANTS))
def test_every_games_sheet_names_its_players_and_join_code(app, client, variant):
    seats = rules.VARIANTS[variant].min_players
    game_id = create(client, variant, seats)
    page = client.get(f"/games/{game_id}/sheet")
    assert page.status_code == 200
    words = text(page)
    for name in NAMES[seats][:seats]:
        assert name in words
    assert ("Dealer order:" in words) == (seats > 1) and "Scan to follow live" in words
    code = game(game_id).code
    assert f"{code[:3]} {code[3:]}" in words
    assert "<button" not in page.get_data(as_text=True)  # nothing to tap on paper


def test_the_sheet_is_for_readers_only(app, client):
    game_id = create(client, "texas42")
    stranger = app.test_client()
    answer = stranger.get(f"/games/{game_id}/sheet")
    missing = stranger.get("/games/999999/sheet")
    assert answer.status_code == missing.status_code == 404  # ids cannot be counted
    assert answer.get_data() == missing.get_data()
