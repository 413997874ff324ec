"""An event's game is scored by its table's phone, the event's organizer and the club's admin
only: another member of the club neither takes it over (nor so makes it a scoring token) nor
starts its match's next game; every change to it is in the event's history. A casual club
game keeps its take-over by any member."""
from __future__ import annotations

from ..clubs.helpers import club_game, join_club
from ..helpers import text
from .helpers import club_with_event, play, round_games, start_round, url


def _member(app, club_id):
    phone = app.test_client()
    assert join_club(phone, club_id).status_code == 303
    return phone


def test_another_member_cannot_take_over_an_event_game_or_start_its_next_game(app, client):
    club_id, event_id = club_with_event(client, best_of="3")
    start_round(client, club_id, event_id)
    game = round_games(event_id, 1)[0]
    member = _member(app, club_id)
    page = member.get(f"/games/{game.id}")
    assert page.status_code == 200 and f"/games/{game.id}/take-over" not in page.text
    for method in ("get", "post"):
        r = getattr(member, method)(f"/games/{game.id}/take-over",
                                    data={"generation": str(game.scorer_generation)})
        assert r.status_code == 403 and "Scored at its table" in text(r), method
    assert member.post(f"/games/{game.id}/api-tokens", data={
        "label": "x", "right": "game-score"}).status_code == 422
    play(game.id, [0] * 7)
    assert member.post(f"/games/{game.id}/rematch").status_code == 403
    assert len([g for g in round_games(event_id, 1)
                if g.event_match_id == game.event_match_id]) == 1
    # the club's admin (here also the organizer) steps in
    assert client.post(f"/games/{game.id}/rematch").status_code == 303
    assert len([g for g in round_games(event_id, 1)
                if g.event_match_id == game.event_match_id]) == 2


def test_the_organizer_takes_over_a_table_and_the_history_shows_every_change(app, client):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    game = round_games(event_id, 1)[0]
    member = _member(app, club_id)
    r = client.post(f"/games/{game.id}/take-over",
                    data={"generation": str(game.scorer_generation)})
    assert r.status_code == 303
    play(game.id, [1])
    history = text(client.get(url(club_id, event_id, "/history")))
    assert "hand 1 entered" in history and "round 1 · table 1" in history
    assert "took over" in history
    assert "hand 1 entered" in text(member.get(url(club_id, event_id, "/history")))


def test_a_casual_club_game_keeps_its_take_over_by_any_member(app, client):
    club_id, _event_id = club_with_event(client)
    game_id = club_game(client, club_id, "moon", ["Ann", "Bob", "Cat"])
    member = _member(app, club_id)
    assert f"/games/{game_id}/take-over" in member.get(f"/games/{game_id}").text
    assert member.post(f"/games/{game_id}/take-over", data={"generation": "1"}).status_code \
        == 303
