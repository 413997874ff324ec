"""A club's ratings through the API (spec/ratings.md): its seasons, a group's leaderboard and a
person's ratings, all time or a season; the same numbers as the ratings pages and their CSV."""
from __future__ import annotations

from datetime import date, timedelta

import schemathesis

from scorekeeper.players.review import safe_text

from tests.web.clubs.helpers import person_id
from tests.web.helpers import text
from tests.web.players.test_club_pages import club_records, import_club, parse_csv
from tests.web.players.test_ratings_pages import lechner_records

from .helpers import api_client, bearer, club_token


def _club(app, client, records) -> tuple[int, object, dict]:
    club_id = import_club(client, records)
    return club_id, api_client(app), bearer(club_token(client, club_id, "club-read"))


def _documented(app, path: str, response) -> None:
    """The answer keeps to its operation's documented schema (with real ratings in it: the
    Schemathesis run's club has none)."""
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    schema[f"/api/v1{path}"]["GET"].validate_response(response)


def _as_csv(rows: list[dict]) -> list[list[str]]:
    """The API's rows as the ratings CSV writes them (csv_rows: its columns, in its order; a
    name that starts like a formula quoted)."""
    return [["" if r["place"] is None else str(r["place"]), safe_text(r["name"]),
             str(round(r["ordinal"], 1)), str(r["games"]), str(r["wins"]),
             "yes" if r["provisional"] else "no",
             str(r["mu"]), str(r["sigma"]), str(r["ordinal"])] for r in rows]


def test_each_leaderboard_is_the_ratings_csv_all_time_and_in_a_season(app, client):
    club_id, api, token = _club(app, client, club_records(12) + lechner_records(9))
    today = date.today()
    assert client.post(f"/clubs/{club_id}/seasons", data={
        "name": "Spring", "first_day": (today - timedelta(days=3)).isoformat(),
        "last_day": (today + timedelta(days=30)).isoformat()}).status_code == 303
    seasons = api.get(f"/api/v1/clubs/{club_id}/seasons", headers=token)
    assert [(s["name"], s["current"]) for s in seasons.get_json()] == [("Spring", True)]
    _documented(app, "/clubs/{club_id}/seasons", seasons)
    spring = seasons.get_json()[0]["id"]
    boards = 0
    for group, pairs in (("dominoes-42", True), ("card42", False), ("card42-teams", True),
                         ("moon", False)):  # (no finished moon game: an empty board)
        for season, asked in ((None, "all"), (spring, str(spring))):
            r = api.get(f"/api/v1/clubs/{club_id}/ratings/{group}"
                        + (f"?season={season}" if season else ""), headers=token)
            assert r.status_code == 200, r.get_json()
            board = r.get_json()
            _documented(app, "/clubs/{club_id}/ratings/{group_id}", r)
            assert board["partnership"] is pairs and board["group"] == group
            assert (board["season"] or {}).get("id") == season
            csv_url = f"/clubs/{club_id}/ratings.csv?group={group}&season={asked}"
            assert _as_csv(board["people"]) == parse_csv(client.get(csv_url))[1:]
            pair_rows = parse_csv(client.get(csv_url + "&board=pairs"))[1:] if pairs else []
            assert _as_csv(board["pairs"]) == pair_rows
            page = text(client.get(f"/clubs/{club_id}/ratings?group={group}&season={asked}"))
            assert (f"{board['games']} rated game" in page) if board["games"] else \
                "No rated games yet" in page
            for row in board["people"] + board["pairs"]:  # each row as the page's table says it
                assert (f"{row['place'] or '–'} {row['name']} {row['shown']}"
                        f"{' provisional' if row['provisional'] else ''} {row['games']} "
                        f"{row['wins']}") in page, row
            boards += bool(board["people"])
    assert boards == 6  # (the games finished today: in the season too)
    # refusals: a season the club has not, a group there is not
    r = api.get(f"/api/v1/clubs/{club_id}/ratings/moon?season=999999", headers=token)
    assert r.status_code == 404 and r.mimetype == "application/problem+json"
    assert "no season #999999" in r.get_json()["detail"]
    assert api.get(f"/api/v1/clubs/{club_id}/ratings/chess", headers=token).status_code == 404


def _page_says(group: dict) -> list[str]:
    """What the person's ratings page says of a group (its standing and rivals)."""
    s = group["standing"]
    said = [f"{group['title']} Rating {s['shown']}", f"Games {s['games']} {s['wins']} won"]
    for label, key, theirs in (("Nemesis", "nemesis", True),
                               ("Favourite opponent", "favourite", False),
                               ("Best partner", "partner", False)):
        r = group[key]
        if r:
            said.append(f"{label} {r['name']} {r['their_wins'] if theirs else r['wins']} of "
                        f"{r['games']} {'lost' if theirs else 'won'}")
    said += [f"{r['name']} {r['games']} {r['wins']} {r['their_wins']}" for r in group["rivals"]]
    return said


def test_a_persons_ratings_are_her_ratings_page(app, client):
    club_id, api, token = _club(app, client, club_records(8) + lechner_records(9))
    ann = person_id(club_id, "Ann")
    r = api.get(f"/api/v1/clubs/{club_id}/people/{ann}/ratings", headers=token)
    assert r.status_code == 200
    body = r.get_json()
    _documented(app, "/clubs/{club_id}/people/{person_id}/ratings", r)
    assert body["name"] == "Ann" and body["season"] is None and body["groups"]
    page = text(client.get(f"/clubs/{club_id}/people/{ann}/ratings?season=all"))
    board = api.get(f"/api/v1/clubs/{club_id}/ratings/dominoes-42", headers=token).get_json()
    for group in body["groups"]:
        for sentence in _page_says(group):
            assert sentence in page, sentence
        # the history ends at the standing, each point one of the club's games in its order
        last = group["history"][-1]
        assert (last["ordinal"], last["mu"], last["sigma"]) == tuple(
            group["standing"][k] for k in ("ordinal", "mu", "sigma"))
        assert len(group["history"]) == group["standing"]["games"]
        assert sum(p["won"] for p in group["history"]) == group["standing"]["wins"]
        days = [p["finished_at"] for p in group["history"]]
        assert days == sorted(days) and days[0].endswith("+00:00")
    forty_two = next(g for g in body["groups"] if g["id"] == "dominoes-42")
    assert forty_two["partner"] is not None and forty_two["nemesis"] is not None
    assert next(p for p in board["people"] if p["id"] == ann)["ordinal"] == \
        forty_two["standing"]["ordinal"]
    # an unchanged answer is a 304 on its ETag
    again = api.get(f"/api/v1/clubs/{club_id}/people/{ann}/ratings",
                    headers={**token, "If-None-Match": r.headers["ETag"]})
    assert again.status_code == 304
    r = api.get(f"/api/v1/clubs/{club_id}/people/999999/ratings", headers=token)
    assert r.status_code == 404 and r.mimetype == "application/problem+json"
