"""The event page and TV view live like the game pages: one render per stamp, polls answered
304 while nothing changed, a new answer as soon as any game of the event changes."""
from __future__ import annotations

import re

from ..helpers import text
from .helpers import club_with_event, play, round_games, start_round, url


def _poll(client, path, etag=None):
    headers = {"HX-Request": "true"}
    if etag:
        headers["If-None-Match"] = etag
    return client.get(path, headers=headers)


def test_polls_are_304_until_a_game_of_the_event_changes(client):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    path = url(club_id, event_id, "/live")
    first = _poll(client, path)
    assert first.status_code == 200 and "Round 1" in text(first)
    etag = first.headers["ETag"]
    assert _poll(client, path, etag).status_code == 304
    game = round_games(event_id, 1)[0]
    play(game.id, [0])
    changed = _poll(client, path, etag)
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert "1 – 0" in text(changed)
    assert _poll(client, path, changed.headers["ETag"]).status_code == 304


def test_the_tv_view_shows_the_tables_and_standings(client):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    play(round_games(event_id, 1)[0].id, [0] * 7)
    page = text(client.get(url(club_id, event_id, "/tv")))
    assert "Friday tournament" in page and "Table 1" in page and "Standings" in page
    assert "Start round" not in page and "Forfeit" not in page


def test_an_organizer_and_a_watcher_get_their_own_renders(client, app):
    from ..clubs.helpers import join_club

    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    watcher = app.test_client()
    join_club(watcher, club_id)
    organizer_page = client.get(url(club_id, event_id))
    watcher_page = watcher.get(url(club_id, event_id))
    assert "Forfeit" in text(organizer_page) and "Forfeit" not in text(watcher_page)
    assert organizer_page.headers["ETag"] != watcher_page.headers["ETag"]


def test_the_tv_polls_its_own_view_and_gets_304_while_unchanged(client):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    path = url(club_id, event_id, "/tv")
    page = client.get(path)
    assert 'hx-get="' + path + '"' in page.get_data(as_text=True)
    first = _poll(client, path)
    assert first.status_code == 200 and 'id="tv-live"' in first.get_data(as_text=True)
    assert _poll(client, path, first.headers["ETag"]).status_code == 304


def test_the_tv_shows_the_pools_side_by_side_then_the_champion_without_a_clock(client):
    """Two pools of 2, their winners in a final: during the pools each pool's table and the
    round's tables, never "still in the bracket"; the bracket's round named as players say it;
    at the end the champion named and no round clock."""
    club_id, event_id = club_with_event(client, fmt="pools", pool_size="2", advance="1",
                                        time_limit="30")
    start_round(client, club_id, event_id)
    pools = text(client.get(url(club_id, event_id, "/tv")))
    assert "Pools · round 1" in pools and "Pool A" in pools and "Pool B" in pools
    assert "still in the bracket" not in pools and re.search(r"\b(30|29) min left", pools)
    for game in round_games(event_id, 1):
        play(game.id, [0] * 7)
    assert "min left" not in text(client.get(url(club_id, event_id, "/tv")))  # round over
    start_round(client, club_id, event_id)
    final = client.get(url(club_id, event_id, "/tv")).get_data(as_text=True)
    assert '<p class="tv-phase">Final</p>' in final and "min left" in final
    assert "tv-pools" not in final and final.count('<li class="tv-table') == 1
    for game in round_games(event_id, 2):
        play(game.id, [0] * 7)
    over = client.get(url(club_id, event_id, "/tv")).get_data(as_text=True)
    assert "Champion" in over and "min left" not in over and '<li class="tv-table' not in over
