"""“Send to BG Stats”: on a finished game's page and in the API, one link with the play filled
in exactly as BG Stats' createPlay reads it."""
from __future__ import annotations

import html
import json
import random
import re
from datetime import timedelta
from urllib.parse import unquote

from scorekeeper import rules
from scorekeeper.games.bgstats import CREATE_PLAY, installation

from tests.random_games import random_record
from tests.web.clubs.helpers import person_id
from tests.web.helpers import game

from .helpers import api_client, bearer, club_token, create_club

WON_BY_ANN_AND_CAT = [{"bidder": 0, "bid": 30, "contract": "straight", "points": 40}] * 7


def _play(url: str) -> dict:
    assert url.startswith(CREATE_PLAY)
    return json.loads(unquote(url[len(CREATE_PLAY):]))


def _new(app, client, record: dict) -> tuple[int, int, dict]:
    club = create_club(client)
    token = club_token(client, club, "club-write")
    r = api_client(app).post(f"/api/v1/clubs/{club}/games", json={"record": record},
                             headers=bearer(token))
    assert r.status_code == 201, r.get_json()
    return club, r.get_json()["id"], r.get_json()


def test_a_finished_partnership_game_both_partners_win_rank_1(app, client):
    record = {"variant": "lechner42", "players": ["Ann", "Bob", "Cat", "Dan"],
              "first_dealer": 1, "options": {}, "hands": WON_BY_ANN_AND_CAT}
    club, gid, body = _new(app, client, record)
    play = _play(body["bg_stats_url"])
    assert play["sourceName"] == "Scorekeeper"
    server = installation()
    assert re.fullmatch(r"[0-9a-f]{12}", server)
    assert play["sourcePlayId"] == f"scorekeeper-{server}-game-{gid}"
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", play["playDate"])
    assert play["game"] == {"name": rules.VARIANTS["lechner42"].title, "highestWins": True,
                            "noPoints": False, "sourceGameId": "lechner42"}
    assert play["board"].startswith(rules.VARIANTS["lechner42"].title)
    assert isinstance(play["durationMin"], int) and play["durationMin"] >= 0
    by_name = {p["name"]: p for p in play["players"]}
    assert [p["name"] for p in play["players"]] == ["Ann", "Cat", "Bob", "Dan"]  # winners first
    for name in ("Ann", "Cat"):
        assert by_name[name] | {"sourcePlayerId": None, "startPlayer": None} == {
            "name": name, "sourcePlayerId": None, "score": 7, "winner": True, "rank": 1,
            "startPlayer": None, "role": "Ann & Cat"}
    for name in ("Bob", "Dan"):
        assert (by_name[name]["winner"], by_name[name]["rank"], by_name[name]["score"],
                by_name[name]["role"]) == (False, 2, 0, "Bob & Dan")
    # Bob deals first: Cat, on his left, bids first
    assert by_name["Cat"]["startPlayer"] and sum(p["startPlayer"] for p in play["players"]) == 1
    ann = person_id(club, "Ann")
    assert by_name["Ann"]["sourcePlayerId"] == f"scorekeeper-{server}-person-{ann}"
    # the same link on the game's page, and again on a second read (stable)
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Send to BG Stats" in page
    assert html.escape(body["bg_stats_url"]) in page
    again = api_client(app).get(f"/api/v1/games/{gid}",
                                headers=bearer(club_token(client, club, "club-read")))
    assert _play(again.get_json()["bg_stats_url"]) == play
    app.config["CLUB_TIMEZONE"] = "America/Chicago"  # November: UTC-6
    _club, later, body = _new(app, client, record)
    assert _play(body["bg_stats_url"])["playDate"] == (
        game(later).created_at - timedelta(hours=6)).strftime("%Y-%m-%d %H:%M:%S")


def test_mexican_train_is_lowest_wins_and_ranked_by_fewest_pips(app, client):
    rng = random.Random(7)
    while True:
        record = random_record(rng, "mexican-train", ["Ann", "Bob", "Cat"], hands=13)
        result = rules.score(record)
        if result["ok"] and result["finished"]:
            break
    _club, gid, body = _new(app, client, record)
    play = _play(body["bg_stats_url"])
    assert play["game"]["highestWins"] is False and play["game"]["sourceGameId"] == "mexican-train"
    totals = result["totals"]
    assert [p["rank"] for p in play["players"]] == sorted(p["rank"] for p in play["players"])
    for p in play["players"]:  # (the winner first, then by place)
        seat = record["players"].index(p["name"])
        assert p["score"] == totals[seat] and "role" not in p
        assert p["rank"] == 1 + sum(t < totals[seat] for t in totals)
        assert p["winner"] == (seat in result["winners"])


def test_a_game_still_going_has_no_link(app, client):
    record = {"variant": "lechner42", "players": ["Ann", "Bob", "Cat", "Dan"],
              "hands": WON_BY_ANN_AND_CAT[:3]}
    _club, gid, body = _new(app, client, record)
    assert body["bg_stats_url"] is None and not body["finished"]
    assert "Send to BG Stats" not in client.get(f"/games/{gid}").get_data(as_text=True)


def test_the_duration_is_from_the_first_hands_time_to_the_last_hands(app, client):
    """A game made through the API before play (a league's sheet makes the night's games in
    the afternoon) and its hands sent as they are played: the play lasted from its first
    hand to its last, not from when the game was made."""
    from scorekeeper.extensions import db
    from scorekeeper.models import Game, Hand

    record = {"variant": "lechner42", "players": ["Ann", "Bob", "Cat", "Dan"],
              "first_dealer": 1, "options": {}, "hands": []}
    club, gid, body = _new(app, client, record)
    api, token = api_client(app), club_token(client, club, "club-write")
    for hand in WON_BY_ANN_AND_CAT:
        r = api.post(f"/api/v1/games/{gid}/hands", json={"hand": hand},
                     headers=bearer(token, **{"If-Match": f'"g{gid}-v{body["version"]}-s1"'}))
        assert r.status_code == 201, r.get_json()
        body = r.get_json()
    made = game(gid).created_at
    db.session.execute(db.update(Game).where(Game.id == gid)
                       .values(created_at=made - timedelta(hours=3)))
    for number in range(7):  # a hand every 8 minutes
        db.session.execute(db.update(Hand).where(Hand.game_id == gid, Hand.number == number)
                           .values(created_at=made + timedelta(minutes=8 * number)))
    db.session.commit()
    again = api.get(f"/api/v1/games/{gid}", headers=bearer(token)).get_json()
    assert _play(again["bg_stats_url"])["durationMin"] == 48
    # made with every hand at once: no time between them
    _club, whole, body = _new(app, client, {**record, "hands": WON_BY_ANN_AND_CAT})
    assert _play(body["bg_stats_url"])["durationMin"] == 0


def test_two_servers_never_give_bg_stats_the_same_ids(app):
    """BG Stats spots a duplicate play by its ids: game 6 of one server is not game 6 of
    another (each its own SECRET_KEY), and a server gives the same ids after a restart."""
    first = installation()
    key = app.config["SECRET_KEY"]
    app.config["SECRET_KEY"] = "another server's own key"
    try:
        assert installation() != first
    finally:
        app.config["SECRET_KEY"] = key
    assert installation() == first
