"""The event's smaller pieces: a progressive or tables table card says who partners whom, a
bracket event refuses a late entrant once drawn, the event's house rules (one rules card)."""
from __future__ import annotations

from ..clubs.helpers import create_club
from ..helpers import text
from .helpers import club_with_event, new_event, round_games, start_round, url


def test_a_progressive_table_card_says_who_partners_whom(client):
    players = "\n".join(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"])
    club_id, event_id = club_with_event(client, entrants=players, fmt="progressive")
    start_round(client, club_id, event_id)
    game = round_games(event_id, 1)[0]
    seats = game.player_names
    page = text(client.get(url(club_id, event_id, f"/matches/{game.event_match_id}/card")))
    for a, b in ((seats[0], seats[2]), (seats[1], seats[3])):
        assert page.count(f"{a} & {b}") == 2  # beside each of the two partners
    assert "partners sit across the table" in page


def test_a_tables_card_of_a_game_without_partners_names_no_team(client):
    players = "\n".join(["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"])
    club_id = create_club(client)
    event_id = new_event(client, club_id, entrants=players, fmt="tables", variant="moon")
    start_round(client, club_id, event_id)
    game = round_games(event_id, 1)[0]
    page = text(client.get(url(club_id, event_id, f"/matches/{game.event_match_id}/card")))
    assert " & " not in page and "partners" not in page
