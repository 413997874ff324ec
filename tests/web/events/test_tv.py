"""The event TV across a room (issue 38): a tie said in a word, a playoff named as one."""
from __future__ import annotations

import re

from scorekeeper.events import record as records
from scorekeeper.events.placing import TIED
from scorekeeper.models import EventMatch
from scorekeeper.extensions import db

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


def test_a_round_the_record_marks_as_a_playoff_is_named_a_playoff(client, monkeypatch):
    """The TV reads the record as it is: a match with "playoff": true (spec/events.md). Pool
    A (seeds 1, 4, 5) ends in a three-way tie, its playoff is seated after the pools."""
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
    answer = client.post(url(club_id, event_id, "/playoff"),
                         data={"version": str(event(event_id).version),
                               "entrant": ["0", "3", "4"]})
    assert answer.status_code == 303
    tv = text(client.get(url(club_id, event_id, "/tv")))
    assert re.search(r"Pools · round [4-6]", tv) and "playoff" not in tv.lower()  # none marked

    as_stored = records.event_record

    def marked(event, games=True):
        record = as_stored(event, games)
        for match in record["matches"]:
            if match["round"] >= 4 and "bye" not in match:
                match["playoff"] = True
        return record

    monkeypatch.setattr(records, "event_record", marked)
    client.application.extensions.pop("scorekeeper_render_cache", None)
    client.application.extensions.pop("scorekeeper_event_contexts", None)
    tv = text(client.get(url(club_id, event_id, "/tv")))
    assert re.search(r"Playoff · pool A · round [4-6]", tv) and "Table 1 · pool A · playoff" in tv
