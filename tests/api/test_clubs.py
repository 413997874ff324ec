"""A club through the API: its people, its games a page at a time (Link headers, filters), a
person's numbers and the club's, an event's record, standings and schedule; the same as the
club's pages show."""
from __future__ import annotations

import json
import random
import re

from scorekeeper import tournament
from scorekeeper.events.record import event_record
from scorekeeper.players import numbers

from tests.random_games import random_record
from tests.web.clubs.helpers import person_id
from tests.web.events.helpers import event, new_event, play, round_games, start_round
from tests.web.helpers import text

from .helpers import api_client, bearer, club_token, create_club


def as_json(value):
    return json.loads(json.dumps(value))


def _club_with_games(app, client, n: int = 12) -> tuple[int, str, list[int]]:
    club_id = create_club(client)
    token = club_token(client, club_id, "club-write")
    rng = random.Random(33)
    api = api_client(app)
    ids = []
    for i in range(n):
        variant, names = [("texas42", ["Ann", "Bob", "Cat", "Dan"]),
                          ("moon", ["Ann", "Bob", "Eve"])][i % 2]
        record = random_record(rng, variant, names, hands=rng.randint(3, 12))
        r = api.post(f"/api/v1/clubs/{club_id}/games", json={"record": record},
                     headers=bearer(token))
        assert r.status_code == 201, r.get_json()
        ids.append(r.get_json()["id"])
    return club_id, token, ids


def test_the_clubs_games_a_page_at_a_time_with_link_headers(app, client):
    club_id, token, ids = _club_with_games(app, client)
    api = api_client(app)
    seen, url = [], f"/api/v1/clubs/{club_id}/games?per_page=5"
    while url:
        r = api.get(url, headers=bearer(token))
        assert r.status_code == 200 and r.headers["X-Total-Count"] == "12"
        seen += [g["id"] for g in r.get_json()]
        links = dict((rel, u) for u, rel in re.findall(r'<([^>]+)>; rel="(\w+)"',
                                                       r.headers["Link"]))
        assert "first" in links and "last" in links and "per_page=5" in links["last"]
        url = links.get("next", "").replace("http://localhost", "")
    assert sorted(seen) == sorted(ids) and len(seen) == 12
    moon = api.get(f"/api/v1/clubs/{club_id}/games?variant=moon", headers=bearer(token))
    assert {g["variant"] for g in moon.get_json()} == {"moon"} and len(moon.get_json()) == 6
    eve = person_id(club_id, "Eve")
    theirs = api.get(f"/api/v1/clubs/{club_id}/games?person={eve}", headers=bearer(token))
    assert all(eve in g["person_ids"] for g in theirs.get_json()) and theirs.get_json()
    page = client.get(f"/clubs/{club_id}/games?variant=moon").get_data(as_text=True)
    for g in moon.get_json():  # the archive page lists the same games, with the same totals
        assert f"/games/{g['id']}" in page
    assert api.get(f"/api/v1/clubs/{club_id}/games?person=999999",
                   headers=bearer(token)).status_code == 404
    assert api.get(f"/api/v1/clubs/{club_id}/games?from=nonsense",
                   headers=bearer(token)).status_code == 422


def test_a_persons_numbers_and_the_clubs_are_the_pages(app, client):
    club_id, token, _ids = _club_with_games(app, client)
    api = api_client(app)
    ann = person_id(club_id, "Ann")
    r = api.get(f"/api/v1/clubs/{club_id}/people/{ann}/stats", headers=bearer(token))
    assert r.status_code == 200
    mine = r.get_json()["numbers"]
    # the person page's one computation (as JSON: its person ids as keys are text)
    assert mine == as_json(numbers.person_numbers(club_id, ann))
    page = text(client.get(f"/clubs/{club_id}/people/{ann}"))
    assert str(mine["games"]) in page and str(mine["wins"]) in page
    r = api.get(f"/api/v1/clubs/{club_id}/stats", headers=bearer(token))
    summary, _people = numbers.club_numbers(club_id)
    assert r.get_json()["summary"] == as_json(summary)
    assert r.get_json()["people"][str(ann)] == mine
    people = api.get(f"/api/v1/clubs/{club_id}/people", headers=bearer(token)).get_json()
    assert [p["name"] for p in people] == ["Ann", "Bob", "Cat", "Dan", "Eve"]
    assert api.get(f"/api/v1/clubs/{club_id}/people/999999/stats",
                   headers=bearer(token)).status_code == 404


def test_an_events_standings_and_schedule_as_the_command_line_prints_them(app, client):
    club_id = create_club(client)
    event_id = new_event(client, club_id)
    token = club_token(client, club_id, "club-read")
    assert start_round(client, club_id, event_id).status_code == 303
    for g in round_games(event_id, 1):
        play(g.id, [0] * 7)
    api = api_client(app)
    record = event_record(event(event_id))
    r = api.get(f"/api/v1/clubs/{club_id}/events/{event_id}", headers=bearer(token))
    assert r.status_code == 200 and r.get_json() == record
    r = api.get(f"/api/v1/clubs/{club_id}/events/{event_id}/standings", headers=bearer(token))
    assert r.get_json() == tournament.standings(record) and r.get_json()["ok"]
    r = api.get(f"/api/v1/clubs/{club_id}/events/{event_id}/schedule", headers=bearer(token))
    assert r.get_json() == tournament.schedule(record)
    assert api.get(f"/api/v1/clubs/{club_id}/events/999/standings",
                   headers=bearer(token)).status_code == 404


def test_a_page_past_the_end_is_empty_and_updated_since_gives_what_changed(app, client):
    from datetime import datetime, timedelta, timezone

    club_id, token, ids = _club_with_games(app, client, n=7)
    api = api_client(app)
    url = f"/api/v1/clubs/{club_id}/games"
    last = api.get(f"{url}?per_page=5&page=2", headers=bearer(token)).get_json()
    assert len(last) == 2
    for page in (3, 99):
        r = api.get(f"{url}?per_page=5&page={page}", headers=bearer(token))
        assert r.status_code == 200 and r.get_json() == [], page
        assert r.headers["X-Total-Count"] == "7"
        prev = re.search(r'<([^>]+)>; rel="prev"', r.headers["Link"])[1]
        assert "page=2" in prev and 'rel="next"' not in r.headers["Link"]
    # the archive page keeps showing its last page for an old bookmark
    assert f"/games/{ids[0]}" in client.get(f"/clubs/{club_id}/games?page=99").get_data(
        as_text=True)

    synced = datetime.now(timezone.utc)
    changed = ids[3]
    game = api.get(f"/api/v1/games/{changed}", headers=bearer(token))
    r = api.put(f"/api/v1/games/{changed}/hands/0",
                json={"hand": game.get_json()["record"]["hands"][0]},
                headers=bearer(token, **{"If-Match": game.headers["ETag"]}))
    assert r.status_code == 200, r.get_json()
    since = api.get(url, query_string={"updated_since": synced.isoformat()},
                    headers=bearer(token))
    assert since.status_code == 200 and [g["id"] for g in since.get_json()] == [changed]
    assert since.headers["X-Total-Count"] == "1"
    assert datetime.fromisoformat(since.get_json()[0]["updated_at"]) >= synced
    earlier = (synced - timedelta(hours=1)).replace(tzinfo=None).isoformat()  # no offset: UTC
    assert len(api.get(url, query_string={"updated_since": earlier},
                       headers=bearer(token)).get_json()) == 7
    assert api.get(url, query_string={"updated_since": "yesterday"},
                   headers=bearer(token)).status_code == 422
