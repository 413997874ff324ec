"""The events pages in Spanish (issue 44): every state of an event that matters, said with
Accept-Language: es, has no English left but the names the test typed; English stays English."""
from __future__ import annotations

import re

import pytest
from flask_babel import refresh

from scorekeeper import rules
from scorekeeper.extensions import db
from scorekeeper.models import EventMatch

from tests.spanish import english_left
from ..clubs.helpers import create_club
from ..events.helpers import (import_event, new_event, play, played_event, round_games,
                              start_round, teams_record, url)

TEAMS = "Ann & Bob\nCat & Dan\nEve & Fay\nGus & Hal"
PLAYERS = "Ann\nBob\nCat\nDan\nEve"
SIX = TEAMS + "\nIvy & Jon\nKim & Lou"
# What the test typed (people, club, events) and the record's own names (teams_record).
NAMES = ("Ann's phone", "Thursday Night", "Friday tournament", "4 teams", "Imported event",
         *(f"{a}{i}" for i in range(8) for a in "AB"),
         *"Ann Bob Cat Dan Eve Fay Gus Hal Ivy Jon Kim Lou".split())
BEATS = {0: 1, 1: 2, 2: 0}
# Other areas' sentences on these pages (issue 44's other parts): the rules card's lines and
# house rules (44c) and the games' titles, the printing links (44f), a game page's wake switch
# (44a), a club member's label (44e); and the tie-break codes the settings field takes (typed
# as they are, so shown as they are).
OTHERS = [re.compile(p, re.S) for p in (
    r'<details class="panel rules-card event-rules">.*?</details>\s*(?=</?div|<div id="live")',
    r'<details class="panel" id="ev-rules".*?</details>(?=\s*<label for="ev-format")',
    r'<a class="button" href="[^"]*/(round|call-out)">[^<]*</a>', r'<p class="wake" hidden>.*?</p>',
    r"club member ")]
TITLES = tuple(sorted((v.title for v in rules.VARIANTS.values()), key=len, reverse=True))
CODES = ("wins, difference, scored, head_to_head",)
# Spanish that english_left reads as English: "club" is a club in both.
SPANISH = ("noche de club", "fuera del club")


def _page(client, path: str, method: str = "get", **data) -> str:
    answer = getattr(client, method)(path, data=data)
    assert answer.status_code in (200, 422), (path, answer.status_code)
    return answer.get_data(as_text=True)


def _three_way_tie(client, club_id: int) -> int:
    event_id = new_event(client, club_id, entrants="Ann & Bob\nCat & Dan\nEve & Fay")
    for number in (1, 2, 3):
        start_round(client, club_id, event_id)
        for game in round_games(event_id, number):
            first, second = db.session.get(EventMatch, game.event_match_id).entrants
            play(game.id, [0 if BEATS[first] == second else 1] * 7)
    return event_id


def event_pages(client) -> dict[str, str]:
    """Every page of the events package in the states a night goes through, by name, as the
    client's language says them (the organizer's phone: every action shown)."""
    pages = {}
    club_id = create_club(client)
    pages["index, none"] = _page(client, f"/clubs/{club_id}/events")
    pages["new"] = _page(client, f"/clubs/{club_id}/events/new")
    pages["new, refused"] = _page(client, f"/clubs/{club_id}/events", "post", best_of="x",
                                  format="round-robin")
    night = new_event(client, club_id, TEAMS, time_limit="30")
    pages["index"] = _page(client, f"/clubs/{club_id}/events")
    pages["before round 1"] = _page(client, url(club_id, night))
    pages["check-in asked"] = _page(client, url(club_id, night, "/check-in"), "post",
                                    here=["0", "1", "2"])
    start_round(client, club_id, night)
    pages["round 1"] = _page(client, url(club_id, night))
    pages["round 1, refused"] = _page(client, url(club_id, night, "/rounds"), "post")
    pages["round 1, live"] = _page(client, url(club_id, night, "/live"))
    pages["round 1, tv"] = _page(client, url(club_id, night, "/tv"))
    pages["withdraw asked"] = _page(client, url(club_id, night, "/entrants/0/withdraw"), "post")
    match_id = db.session.get(EventMatch, round_games(night, 1)[0].event_match_id).id
    pages["table card"] = _page(client, url(club_id, night, f"/matches/{match_id}/card"))
    pages["history"] = _page(client, url(club_id, night, "/history"))
    pages["table phones"] = _page(client, url(club_id, night, "/phones"))
    client.post(url(club_id, night, "/tv-link"))
    pages["tv link"] = _page(client, url(club_id, night))
    tie = _three_way_tie(client, club_id)
    pages["tied"], pages["tied, tv"] = (_page(client, url(club_id, tie)),
                                        _page(client, url(club_id, tie, "/tv")))
    over = import_event(client, club_id, played_event(teams_record(4)))
    pages["over"], pages["over, tv"] = (_page(client, url(club_id, over)),
                                        _page(client, url(club_id, over, "/tv")))
    for fmt in ("single-elimination", "double-elimination"):
        done = import_event(client, club_id, played_event(teams_record(4, fmt)))
        pages[fmt], pages[f"{fmt}, tv"] = (_page(client, url(club_id, done)),
                                           _page(client, url(club_id, done, "/tv")))
        started = new_event(client, club_id, TEAMS, fmt)
        start_round(client, club_id, started)
        pages[f"{fmt}, round 1"] = _page(client, url(club_id, started))
    pools = new_event(client, club_id, SIX, "pools", pool_size="3")
    start_round(client, club_id, pools)
    pages["pools"], pages["pools, tv"] = (_page(client, url(club_id, pools)),
                                          _page(client, url(club_id, pools, "/tv")))
    players = new_event(client, club_id, PLAYERS, "progressive", rounds="3")
    start_round(client, club_id, players)
    pages["progressive"], pages["progressive, tv"] = (
        _page(client, url(club_id, players)), _page(client, url(club_id, players, "/tv")))
    pages["progressive, withdraw asked"] = _page(
        client, url(club_id, players, "/entrants/0/withdraw"), "post")
    return pages


def _ours(html: str) -> str:
    for other in OTHERS:
        html = other.sub("", html)
    return html


@pytest.fixture
def spanish(client):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "es"
    return client


def test_every_events_page_is_said_in_spanish(spanish):
    pages = event_pages(spanish)
    left = {name: english_left(_ours(html), TITLES + CODES + SPANISH + NAMES) for name, html in pages.items()}
    assert {name: chunks for name, chunks in left.items() if chunks} == {}
    assert "Clasificación hasta ahora" in pages["round 1"]
    assert "Empezar la ronda 1 (2 mesas)" in pages["before round 1"]
    assert "Cuadro de perdedores" in pages["double-elimination"]
    assert "empate</span>" in pages["tied, tv"]


def test_a_games_event_note_is_said_in_spanish(spanish):
    """The game page's note of its event, round and table (partials/events/_game_event.html;
    the rest of the game page is another part of issue 44)."""
    club_id = create_club(spanish)
    event_id = new_event(spanish, club_id, TEAMS)
    start_round(spanish, club_id, event_id)
    game = round_games(event_id, 1)[0]
    page = spanish.get(f"/games/{game.id}").get_data(as_text=True)
    (note,) = re.findall(r'<p class="event-note">.*?</p>', page, re.S)
    assert "Jugada en" in note and "ronda 1, mesa 1" in note
    assert english_left(note, NAMES) == []


def test_the_events_library_refuses_in_spanish_through_the_form(spanish):
    """An EventInvalid sentence (tournament/event.py) reaches the new-event form as its Text,
    said in the phone's language; the same refusal in English reads as before."""
    club_id = create_club(spanish)
    form = {"name": "Solo", "day": "2026-11-27", "variant": "texas42", "format": "round-robin",
            "entrants": "Ann & Bob"}
    answer = spanish.post(f"/clubs/{club_id}/events", data=form)
    assert answer.status_code == 422
    said = answer.get_data(as_text=True)
    assert "Un evento de todos contra todos necesita de 2 a 256 equipos, no 1." in said
    refresh()  # (the test's app context, kept across its requests, keeps the locale chosen)
    english = spanish.post(f"/clubs/{club_id}/events", data=form,
                           headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "A round-robin event needs 2 to 256 teams, not 1." in english


def test_a_refusal_of_the_store_is_said_in_spanish(spanish):
    """A change the store refuses (store/events.py: a match forfeited already) comes back to
    the event page as its Text, said in the phone's language."""
    club_id = create_club(spanish)
    event_id = new_event(spanish, club_id, TEAMS)
    start_round(spanish, club_id, event_id)
    match_id = round_games(event_id, 1)[0].event_match_id
    forfeit = url(club_id, event_id, f"/matches/{match_id}/forfeit")
    assert spanish.post(forfeit, data={"side": "0"}).status_code == 303
    again = spanish.post(forfeit, data={"side": "0"})
    assert again.status_code == 422
    assert "Ronda 1, mesa 1 ya fue abandonada: nada cambió." in again.get_data(as_text=True)
