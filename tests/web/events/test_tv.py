"""The event TV across a room (issue 38): a tie said in a word, a playoff named as one."""
from __future__ import annotations

import re

from scorekeeper.events import record as records
from scorekeeper.events.placing import TIED
from scorekeeper.models import EventMatch
from scorekeeper.extensions import db

from ..clubs.helpers import join_club
from ..helpers import text
from .helpers import club_with_event, event, play, round_games, start_round, url

# Three teams, each beating the next 7-0: every figure level, a three-way tie.
THREE = "Ann & Bob\nCat & Dan\nEve & Fay"
BEATS = {0: 1, 1: 2, 2: 0}
SIX = "Ann & Bob\nCat & Dan\nEve & Fay\nGus & Hal\nIvy & Jon\nKim & Lou"


def _three_way_tie(client) -> tuple[int, int]:
    club_id, event_id = club_with_event(client, entrants=THREE)
    for number in (1, 2, 3):
        start_round(client, club_id, event_id)
        for game in round_games(event_id, number):
            match = db.session.get(EventMatch, game.event_match_id)
            first, second = match.entrants
            play(game.id, [0 if BEATS[first] == second else 1] * 7)
    return club_id, event_id


def test_a_tie_is_said_in_a_word_on_the_tv_and_in_full_on_the_event_page(client):
    club_id, event_id = _three_way_tie(client)
    tv = client.get(url(club_id, event_id, "/tv")).get_data(as_text=True)
    assert tv.count('<span class="standing-note tie">tied</span>') == 3 and TIED not in tv
    assert text(client.get(url(club_id, event_id))).count(TIED) == 3


def test_a_playoff_round_is_named_a_playoff_on_the_tv(client):
    """A match the record marks "playoff": true (spec/events.md; the store marks a playoff's
    matches so) is named one on the TV. Pool A (seeds 1, 4, 5) ends in a three-way tie, its
    playoff is seated after the pools."""
    club_id, event_id = club_with_event(client, fmt="pools", pool_size="3", advance="1",
                                        entrants=SIX)
    cycle = {0: 3, 3: 4, 4: 0}
    for number in (1, 2, 3):
        start_round(client, club_id, event_id)
        for game in round_games(event_id, number):
            first, second = db.session.get(EventMatch, game.event_match_id).entrants
            wins = cycle.get(first) == second if first in cycle and second in cycle \
                else first < second
            play(game.id, [0 if wins else 1] * 7)
    tv = text(client.get(url(club_id, event_id, "/tv")))
    assert "playoff" not in tv.lower()  # pools only, so far
    answer = client.post(url(club_id, event_id, "/playoff"),
                         data={"version": str(event(event_id).version),
                               "entrant": ["0", "3", "4"]})
    assert answer.status_code == 303
    assert all(match.get("playoff") for match in records.event_record(event(event_id))["matches"]
               if match["round"] >= 4 and "bye" not in match)
    tv = text(client.get(url(club_id, event_id, "/tv")))
    assert re.search(r"Playoff · pool A · round [4-6]", tv) and "Table 1 · pool A · playoff" in tv


def _tv_link(client, club_id: int, event_id: int) -> str:
    """The organizer makes a TV link: its path, as the event page's QR code holds it."""
    answer = client.post(url(club_id, event_id, "/tv-link"))
    assert answer.status_code == 303 and answer.headers["Location"].endswith("#tv-link")
    page = client.get(url(club_id, event_id)).get_data(as_text=True)
    (link,) = set(re.findall(r'href="https?://[^/"]+(/e/[^"/]+/tv)"', page))
    assert 'aria-label="QR code of the TV link"' in page and 'data-copy="tv-link-url"' in page
    return link


def test_a_tv_link_opens_the_tv_and_nothing_else_without_joining_the_club(app, client):
    club_id, event_id = club_with_event(client)
    start_round(client, club_id, event_id)
    assert "TV link" in text(client.get(url(club_id, event_id)))
    link = _tv_link(client, club_id, event_id)

    stranger = app.test_client()  # no club, no cookie
    tv = stranger.get(link)
    html = tv.get_data(as_text=True)
    assert tv.status_code == 200 and 'id="tv-live"' in html and "Ann &amp; Bob" in html
    assert f'hx-get="{link}"' in html  # it polls by its link, not the members' TV
    assert f"/clubs/{club_id}" not in html, html[html.find(f"/clubs/{club_id}") - 300:][:400]
    assert not any(c.startswith("sk_") for c in tv.headers.getlist("Set-Cookie"))  # no role
    poll = stranger.get(link, headers={"HX-Request": "true"})
    assert poll.status_code == 200 and 'id="tv-live"' in poll.get_data(as_text=True)
    assert stranger.get(link, headers={"HX-Request": "true", "If-None-Match": poll.headers["ETag"]}
                        ).status_code == 304
    for elsewhere in (url(club_id, event_id), url(club_id, event_id, "/tv"), f"/clubs/{club_id}",
                      url(club_id, event_id, "/export")):
        answer = stranger.get(elsewhere)
        assert answer.status_code != 200 or "Members only" in text(answer), elsewhere
    assert stranger.post(url(club_id, event_id, "/tv-link")).status_code != 303
    shown = text(stranger.get(link))  # the organizer's controls are not on the TV
    assert "tv_secret" not in html and "Make a TV link" not in shown and "New TV link" not in shown


def test_a_new_tv_link_cuts_the_old_one_off(app, client):
    club_id, event_id = club_with_event(client)
    old = _tv_link(client, club_id, event_id)
    screen = app.test_client()
    assert screen.get(old).status_code == 200
    new = _tv_link(client, club_id, event_id)
    assert new != old
    assert screen.get(old).status_code == 404
    assert screen.get(old, headers={"HX-Request": "true"}).status_code == 404  # its poll too
    assert screen.get(new).status_code == 200
    assert screen.get("/e/" + "x" * 32 + "/tv").status_code == 404
    assert "new TV link" in text(client.get(url(club_id, event_id, "/history")))


def test_only_the_organizer_makes_a_tv_link(app, client):
    club_id, event_id = club_with_event(client)
    member = app.test_client()  # a member who watches the event
    assert join_club(member, club_id).status_code == 303
    assert "TV link" not in text(member.get(url(club_id, event_id)))
    assert member.post(url(club_id, event_id, "/tv-link")).status_code == 403
    assert event(event_id).tv_secret is None
