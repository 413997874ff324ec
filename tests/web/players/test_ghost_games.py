"""A game with no hand counts as played nowhere (issue 38, item 2): a club holding an event
game never played, a casual game started and never played, and one whose only hand was taken
back, shows every person with the same games on every page, CSV and API answer that counts
them (the club stats and its leaderboards, her page, the club home and the roster, the merge
preview, the archive, the API, the ratings), from the kept numbers as from numbers summed
again; its recent games list them as not begun, never as games of 0 hands."""
from __future__ import annotations

import re

from sqlalchemy import delete

from scorekeeper.extensions import db
from scorekeeper.models import ClubStats

from tests.api.helpers import api_client, bearer, club_token
from ..clubs.helpers import club_game, create_club, person_id
from ..events.helpers import new_event, round_games, start_round, play
from ..helpers import game, post_hand, text
from .test_club_pages import parse_csv

MOON_WIN = {"mode": "quick", "bidder": "0", "bid": "21", "tricks-0": "7", "tricks-1": "0",
            "tricks-2": "0"}  # Ann shoots the moon: one hand, and she has won


def _ghost_club(client) -> tuple[int, dict[str, int]]:
    """Ann, Bob and Cat finish a game of Moon; Ann & Bob play one hand of their event game
    against Gus & Hal; the event's other game (Cat & Dan against Eve & Fay) is seated and never
    played; a game of Moon is started and never played, and another loses its only hand to an
    undo."""
    club_id = create_club(client)
    event_id = new_event(client, club_id)
    assert client.get(f"/clubs/{club_id}/stats").status_code == 200  # the numbers are kept
    ann, bob, cat = (person_id(club_id, n) for n in ("Ann", "Bob", "Cat"))
    won = club_game(client, club_id, "moon", [ann, bob, cat])
    assert post_hand(client, won, MOON_WIN).status_code == 303 and game(won).finished
    club_game(client, club_id, "moon", [ann, bob, cat])  # started, never played
    undone = club_game(client, club_id, "moon", [ann, bob, cat])
    set_hand = {**MOON_WIN, "tricks-0": "3", "tricks-1": "4"}
    assert post_hand(client, undone, set_hand).status_code == 303
    r = client.post(f"/games/{undone}/hands/undo", data={"version": str(game(undone).version)})
    assert r.status_code == 303 and not game(undone).hands
    assert start_round(client, club_id, event_id).status_code == 303
    played, unplayed = sorted(round_games(event_id, 1),
                              key=lambda g: "Ann" not in {p.name for p in g.players})
    assert {p.name for p in unplayed.players} == {"Cat", "Dan", "Eve", "Fay"}
    play(played.id, [0])
    people = {n: person_id(club_id, n) for n in PLAYED}
    return club_id, people


# Her games with a hand in them: Moon won by Ann, the event game of Ann & Bob v Gus & Hal.
PLAYED = {"Ann": 2, "Bob": 2, "Cat": 1, "Dan": 0, "Eve": 0, "Gus": 1}
FINISHED_MOON = {"Ann": 1, "Bob": 1, "Cat": 1}


def _row_number(html: str, name: str) -> int | None:
    """The first number after her name in a table row (a leaderboard's Games column)."""
    found = re.search(rf">{name}</a></th><td>(\d+)</td>", html)
    return int(found.group(1)) if found else None


def _games_everywhere(client, api, token: str, club_id: int, pid: int,
                      name: str) -> dict[str, int]:
    """Her games as each page, CSV and API answer counts them (0 where she is not listed)."""
    seen = {}
    stats = client.get(f"/clubs/{club_id}/stats").get_data(as_text=True)
    overall = stats[stats.index("<h2>All games</h2>"):]
    seen["club stats"] = _row_number(overall, name) or 0
    rows = parse_csv(client.get(f"/clubs/{club_id}/stats.csv"))
    seen["stats csv"] = next((int(r[2]) for r in rows if r[:2] == [name, "All games"]), 0)
    page = text(client.get(f"/clubs/{club_id}/people/{pid}"))
    found = re.search(r"Games (\d+) Wins", page)
    seen["her page"] = int(found.group(1)) if found else 0
    assert found or "has not played a game" in page
    rows = parse_csv(client.get(f"/clubs/{club_id}/people/{pid}.csv"))
    seen["her csv"] = next((int(r[3]) for r in rows if r[:2] == ["Games", "All games"]), 0)
    home = text(client.get(f"/clubs/{club_id}"))
    seen["club home"] = int(re.search(rf"{name} (\d+) games?", home).group(1))
    people = text(client.get(f"/clubs/{club_id}/roster"))
    seen["people page"] = int(re.search(rf"{name} (\d+) games?", people).group(1))
    archive = text(client.get(f"/clubs/{club_id}/games?person={pid}"))
    seen["archive"] = int(re.search(r"(\d+) games? match", archive).group(1))
    seen["archive csv"] = len(parse_csv(client.get(f"/clubs/{club_id}/games.csv?person={pid}"))) - 1
    merge = text(client.post(f"/clubs/{club_id}/roster/{pid}/merge", data={"into": str(pid)}))
    seen["merge"] = int(re.search(rf"{name}'s (\d+) games? (\(and \d not begun\) )?will show",
                                  merge).group(1))
    v1, auth = f"/api/v1/clubs/{club_id}", bearer(token)
    mine = api.get(f"{v1}/people/{pid}/stats", headers=auth).get_json()["numbers"]
    seen["api person"] = mine["games"] if mine else 0
    seen["api stats"] = (api.get(f"{v1}/stats", headers=auth).get_json()["people"]
                         .get(str(pid), {"games": 0})["games"])
    seen["api people"] = next(p["games"] for p in api.get(f"{v1}/people", headers=auth).get_json()
                              if p["id"] == pid)
    seen["api games"] = int(api.get(f"{v1}/games?person={pid}", headers=auth)
                            .headers["X-Total-Count"])
    return seen


def test_a_game_without_a_hand_counts_nowhere(client, app):
    club_id, people = _ghost_club(client)
    token = club_token(client, club_id, right="club-read")
    home = text(client.get(f"/clubs/{club_id}"))
    assert "0 hands" not in home  # recent games: three listed to be watched, as not begun
    assert home.count("No hand yet") == 3 and "Won by Ann" in home
    every = text(client.get(f"/clubs/{club_id}/games"))
    assert "2 games" in every and "0 hands" not in every
    stats = text(client.get(f"/clubs/{club_id}/stats"))
    assert "2 games, 1 finished." in stats
    for kept in (True, False):  # the numbers moved on by each write, then summed again
        if not kept:
            db.session.execute(delete(ClubStats).where(ClubStats.club_id == club_id))
            db.session.commit()
        for name, pid in people.items():
            seen = _games_everywhere(client, api_client(app), token, club_id, pid, name)
            assert set(seen.values()) == {PLAYED[name]}, (name, kept, seen)
    merge = text(client.post(f"/clubs/{club_id}/roster/{people['Eve']}/merge",
                             data={"into": str(people["Ann"])}))
    assert "Eve's 0 games (and 1 not begun) will show Ann" in merge  # the merge moves it too
    moon = parse_csv(client.get(f"/clubs/{club_id}/ratings.csv?group=moon"))
    rated = {r[1]: int(r[3]) for r in moon[1:]}
    assert rated == FINISHED_MOON
