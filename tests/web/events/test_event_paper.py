"""Issue 43 for events: a finished event's result card and link preview, the round on paper
(the organizer's: its slips hold the tables' scorer links) and the call-out list (any
member), each refused to whoever may not see it."""
from __future__ import annotations

import io
import re

from PIL import Image

from ..clubs.helpers import create_club, join_club
from .helpers import import_event, new_event, played_event, round_games, start_round, \
    teams_record, url


def finished_event(client) -> tuple[int, int]:
    club_id = create_club(client)
    return club_id, import_event(client, club_id, played_event(teams_record(4)))


def og_image(page: str) -> str:
    found = re.search(r'<meta property="og:image" content="([^"]+)"', page)
    assert found, "no og:image"
    return found.group(1).replace("&amp;", "&")


def test_a_finished_events_card_and_its_link_preview(app, client):
    club_id, event_id = finished_event(client)
    page = client.get(url(club_id, event_id)).get_data(as_text=True)
    assert 'name="twitter:card" content="summary_large_image"' in page
    assert '<meta property="og:description" content="A0 &amp; B0 won 4 teams">' in page
    assert "data-share-image" in page
    card = client.get(url(club_id, event_id, "/card.png"))
    assert card.status_code == 200 and card.mimetype == "image/png"
    assert Image.open(io.BytesIO(card.data)).size == (1200, 630)
    # a phone outside the club: only with the page's key (a chat app's preview)
    stranger = app.test_client()
    assert stranger.get(url(club_id, event_id, "/card.png")).status_code == 404
    key = og_image(page).split("k=", 1)[1]
    assert stranger.get(url(club_id, event_id, f"/card.png?k={key}")).data == card.data
    assert stranger.get(url(club_id, event_id, f"/card.png?k={key[::-1]}")).status_code == 404
    assert stranger.get(url(club_id, event_id)).status_code == 404


def test_an_event_still_played_has_no_card(app, client):
    club_id = create_club(client)
    event_id = new_event(client, club_id)
    start_round(client, club_id, event_id)
    assert client.get(url(club_id, event_id, "/card.png")).status_code == 404
    page = client.get(url(club_id, event_id)).get_data(as_text=True)
    assert "og:image" not in page and "data-share-image" not in page


def test_the_round_prints_for_the_organizer_and_calls_out_for_members(app, client):
    club_id = create_club(client)
    event_id = new_event(client, club_id)
    assert "Print the round" not in client.get(url(club_id, event_id)).get_data(as_text=True)
    assert "No round is seated" in client.get(url(club_id, event_id, "/round")).get_data(
        as_text=True)
    start_round(client, club_id, event_id)
    page = client.get(url(club_id, event_id)).get_data(as_text=True)
    assert "Print the round" in page and "Call-out list" in page
    printed = client.get(url(club_id, event_id, "/round")).get_data(as_text=True)
    for game in round_games(event_id, 1):  # the table cards' scorer links, one slip each
        assert f"/s/{game.scorer_secret}" in printed
    assert "<b>Ann</b>: table 1, with Bob, against Gus &amp; Hal" in printed
    member = app.test_client()
    assert join_club(member, club_id).status_code == 303
    assert member.get(url(club_id, event_id, "/round")).status_code == 403
    called = member.get(url(club_id, event_id, "/call-out"))
    assert called.status_code == 200
    text = called.get_data(as_text=True)
    assert "Ann: table 1" in text.replace("</b>", "").replace("<b>", "") and "/s/" not in text
    assert "Print the round" not in member.get(url(club_id, event_id)).get_data(as_text=True)
    stranger = app.test_client()
    for rest in ("/round", "/call-out"):
        assert stranger.get(url(club_id, event_id, rest)).status_code == 404
