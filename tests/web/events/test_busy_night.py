"""A busy night's polls (issue 38's 150-team Saturday, events/live.py): while the event changes
faster than EVENT_POLL_FRESH_FOR, a poll is answered with the latest render this worker made of
the event as the phone sees it, instead of a render of every stamp; a phone holding a render
this worker does not know (its own write's page) gets its own stamp's; past the window every
poll sees the event as it stands."""
from __future__ import annotations

import time

import pytest

from .helpers import club_with_event, play, round_games, start_round, url
from .test_live import _poll
from ..helpers import text


@pytest.fixture
def busy(app):
    app.config["EVENT_POLL_FRESH_FOR"] = 60  # a window no step of the test outlasts
    yield app
    app.config["EVENT_POLL_FRESH_FOR"] = 0


def test_a_busy_nights_polls_share_the_latest_render(busy, client):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    path = url(club_id, event_id, "/live")
    first = _poll(client, path)
    s1 = first.headers["ETag"]
    game = round_games(event_id, 1)[0]
    play(game.id, [0])
    # a phone holding the latest render: 304, though a hand was saved since
    held = _poll(client, path, s1)
    assert held.status_code == 304 and held.headers["ETag"] == s1
    # a phone that knows no render of this worker's: the event as it stands
    fresh = _poll(client, path, 'W/"elsewhere"')
    s2 = fresh.headers["ETag"]
    assert fresh.status_code == 200 and s2 != s1 and "1 – 0" in text(fresh)
    play(game.id, [0])
    # the phones holding s1 or s2 move on to the latest render (s2), not past it
    moved = _poll(client, path, s1)
    assert moved.status_code == 200 and moved.headers["ETag"] == s2
    assert "1 – 0" in text(moved) and "2 – 0" not in text(moved)
    assert _poll(client, path, s2).status_code == 304


def test_past_the_window_every_poll_sees_the_event_as_it_stands(busy, client):
    busy.config["EVENT_POLL_FRESH_FOR"] = 0.2
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    path = url(club_id, event_id, "/live")
    s1 = _poll(client, path).headers["ETag"]
    game = round_games(event_id, 1)[0]
    play(game.id, [0])
    time.sleep(0.3)
    changed = _poll(client, path, s1)
    assert changed.status_code == 200 and changed.headers["ETag"] != s1
    assert "1 – 0" in text(changed)


def test_the_organizers_own_page_is_never_answered_with_an_older_render(busy, client):
    """After the organizer's write, the page she is sent to is its stamp's, and her page's
    poll does not go back to the render before it."""
    club_id, event_id = club_with_event(client)
    path = url(club_id, event_id, "/live")
    before = _poll(client, path).headers["ETag"]
    start_round(client, club_id, event_id)
    page = client.get(url(club_id, event_id))
    assert "Round 1" in text(page)
    now = page.headers["ETag"]
    assert now != before
    assert _poll(client, path, now).status_code == 304
