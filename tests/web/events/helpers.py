"""Helpers for the event view tests: a club, an event through the real form, games played
through the store's one write function for hands."""
from __future__ import annotations

import re

from scorekeeper import store
from scorekeeper.extensions import db
from scorekeeper.models import ClubEvent, EventMatch, Game

from ..clubs.helpers import create_club

# One texas42 hand: side 1 (seats 1 and 3) makes 30 and scores a mark; side 0 when bidder 0.
HAND = {0: {"bidder": 0, "bid": 30, "contract": "straight", "points": 34},
        1: {"bidder": 1, "bid": 30, "contract": "straight", "points": 34}}
TEAMS = "Ann & Bob\nCat & Dan\nEve & Fay\nGus & Hal"


def new_event(client, club_id: int, entrants: str = TEAMS, fmt: str = "round-robin",
              **extra) -> int:
    data = {"name": "Friday tournament", "day": "2026-11-27", "variant": "texas42",
            "format": fmt, "entrants": entrants, **extra}
    r = client.post(f"/clubs/{club_id}/events", data=data)
    assert r.status_code == 303, r.get_data(as_text=True)[:3000]
    return int(r.headers["Location"].rsplit("/", 1)[1])


def club_with_event(client, **kwargs) -> tuple[int, int]:
    club_id = create_club(client)
    return club_id, new_event(client, club_id, **kwargs)


def event(event_id: int) -> ClubEvent:
    """The event as the database holds it now (the test client's requests share this
    session: the games' inputs a request read are dropped, event_record reads them anew)."""
    db.session.expire_all()
    found = db.session.get(ClubEvent, event_id)
    vars(found).pop("inputs", None)
    return found


def drop_caches(app) -> None:
    """Drop what the app keeps between requests (rendered pages, the derived events, the kept
    reads): the next request finds nothing kept, as the first after a change does."""
    for name in ("scorekeeper_render_cache", "scorekeeper_event_contexts"):
        app.extensions.pop(name, None)
    kept = app.extensions.get("scorekeeper_kept_reads")
    if kept is not None:
        kept.reset()


def url(club_id: int, event_id: int, rest: str = "") -> str:
    return f"/clubs/{club_id}/events/{event_id}{rest}"


def start_round(client, club_id: int, event_id: int):
    return client.post(url(club_id, event_id, "/rounds"),
                       data={"version": str(event(event_id).version)})


def round_games(event_id: int, number: int) -> list[Game]:
    db.session.expire_all()
    return list(db.session.scalars(
        db.select(Game).join(EventMatch, Game.event_match_id == EventMatch.id)
        .where(EventMatch.event_id == event_id, EventMatch.round == number)
        .order_by(EventMatch.table, Game.id)))


def play(game_id: int, sides: list[int]) -> None:
    """Hands won by these sides, one after the other, written as the game page writes them."""
    for side in sides:
        game = store.get_game(game_id)
        assert store.write_hand(game, game.version, "entered", len(game.hands), None,
                                HAND[side], "test")


def scorer_path(game: Game) -> str:
    return f"/s/{game.scorer_secret}"


def qr_links(html: str) -> list[str]:
    return re.findall(r'href="([^"]*/s/[^"]+)"', html)


def played_event(record: dict) -> dict:
    """`record` with every match the schedule seats played, round by round, as `scorekeeper
    schedule` seats them: the side holding the lower seed wins each game 7-0 (so no two
    entrants of a round robin or pool tie), as many games as the match needs."""
    from scorekeeper.tournament import first_dealer, parse_event, schedule

    record = {**record, "matches": list(record.get("matches", []))}
    needed = record.get("settings", {}).get("best_of", 1) // 2 + 1
    while True:
        answer = schedule(record)
        assert answer["ok"], answer
        if not answer["rounds"]:
            return record
        planned = answer["rounds"][0]
        event = parse_event(record)
        for match in planned["matches"]:
            seats = event.seats(tuple(match["entrants"]))
            side = 0 if min(match["entrants"][0::2]) < min(match["entrants"][1::2]) else 1
            if event.teams:
                side = 0 if match["entrants"][0] < match["entrants"][1] else 1
            games = [{"players": seats, "first_dealer": first_dealer(g, len(seats)),
                      "hands": [HAND[side]] * 7} for g in range(needed)]
            record["matches"].append({"round": planned["round"], **match, "games": games})
        record["matches"] += [{"round": planned["round"], "bye": b} for b in planned["byes"]]


def tied_event(record: dict) -> dict:
    """played_event(record) with seeds 1, 2 and 3 beating each other in turn (1 beats 2, 2
    beats 3, 3 beats 1, each 7-0): level after every tie-break."""
    record = played_event(record)
    for match in record["matches"]:
        if sorted(match.get("entrants", ())) == [0, 2]:
            side = match["entrants"].index(2)
            for game in match["games"]:
                game["hands"] = [HAND[side]] * 7
    return record


def teams_record(n: int, fmt: str = "round-robin", **settings) -> dict:
    return {"name": f"{n} teams", "format": fmt, "variant": "texas42", "options": {},
            "settings": settings,
            "entrants": [{"players": [f"A{i}", f"B{i}"]} for i in range(n)]}


def players_record(n: int, **settings) -> dict:
    return {"name": f"{n} players", "format": "progressive", "variant": "texas42",
            "options": {}, "settings": settings,
            "entrants": [{"players": [f"P{i}"]} for i in range(n)]}


def import_event(client, club_id: int, record: dict) -> int:
    import json

    r = client.post(f"/clubs/{club_id}/events/import", data={"record": json.dumps(record)})
    assert r.status_code == 303, r.get_data(as_text=True)[:2000]
    return int(r.headers["Location"].rsplit("/", 1)[1])
