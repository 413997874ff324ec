"""Whole events of every format for the display tests and bench/event_shots.py: each round the
library seats (tournament.schedule) is played out with made-up but valid games, so the records
are what a real evening leaves behind, half-way or finished.
"""
from __future__ import annotations

from scorekeeper.tournament import schedule

TEAMS = [("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay"), ("Gus", "Hal"), ("Ivy", "Jon"),
         ("Kim", "Lou"), ("Max", "Ned"), ("Oda", "Pat"), ("Quin", "Rae"), ("Sam", "Tia"),
         ("Uma", "Vic"), ("Wes", "Xia"), ("Yan", "Zoe"), ("Abe", "Bea"), ("Cy", "Di"),
         ("Ed", "Flo")]
PLAYERS = [p for team in TEAMS for p in team]


def mark(side: int) -> dict:
    """A texas42 hand that side `side` wins: its seat bids 30 and makes it, 1 mark."""
    return {"bidder": side, "bid": 30, "contract": "straight", "points": 42}


def team_event(fmt: str, count: int, **settings) -> dict:
    """A texas42 event to 3 marks of `count` teams, nothing played yet."""
    return {"name": "Friday night", "format": fmt, "variant": "texas42",
            "options": {"target_marks": 3}, "settings": settings,
            "entrants": [{"players": list(TEAMS[i])} for i in range(count)], "matches": []}


def player_event(fmt: str, count: int, variant: str = "texas42", **settings) -> dict:
    options = {"target_marks": 3} if variant == "texas42" else {"rounds": 1}
    return {"name": "Club night", "format": fmt, "variant": variant, "options": options,
            "settings": settings, "entrants": [{"players": [PLAYERS[i]]} for i in range(count)],
            "matches": []}


def beats(a: int, b: int, rnd: int) -> bool:
    """Who wins a game: mostly the better seed, an upset now and then (deterministic)."""
    return (a < b) != ((a * 7 + b * 3 + rnd) % 5 == 0)


def team_games(event: dict, rnd: int, entrants: list[int]) -> list[dict]:
    """The games of a team match, to the match's end (best of n)."""
    teams = [event["entrants"][e]["players"] for e in entrants]
    seats = [teams[0][0], teams[1][0], teams[0][1], teams[1][1]]
    needed = event["settings"].get("best_of", 1) // 2 + 1
    wins, games = [0, 0], []
    while max(wins) < needed:
        g = len(games)
        side = 0 if beats(entrants[0], entrants[1], rnd + g) else 1
        loser_marks = (entrants[0] + entrants[1] + rnd + g) % 3
        hands = [mark(1 - side)] * loser_marks + [mark(side)] * 3
        games.append({"players": seats, "first_dealer": g % 4, "hands": hands})
        wins[side] += 1
    return games


def progressive_game(event: dict, rnd: int, entrants: list[int]) -> dict:
    seats = [event["entrants"][e]["players"][0] for e in entrants]
    side = 0 if entrants[0] + entrants[2] < entrants[1] + entrants[3] + rnd % 3 else 1
    hands = [mark(1 - side)] * ((rnd + entrants[0]) % 3) + [mark(side)] * 3
    return {"players": seats, "first_dealer": 0, "hands": hands}


def mexican_train_game(event: dict, rnd: int, entrants: list[int]) -> dict:
    seats = [event["entrants"][e]["players"][0] for e in entrants]
    pips = [(e * 11 + rnd * 7) % 40 for e in entrants]
    pips[min(range(len(pips)), key=lambda s: (entrants[s] + rnd) % len(pips))] = 0
    return {"players": seats, "first_dealer": 0, "hands": [{"pips": pips}]}


def play(event: dict, rounds: int | None = None) -> dict:
    """`event` with the next `rounds` rounds the library seats played (all of them: None)."""
    played = 0
    while rounds is None or played < rounds:
        seat = schedule(event)
        assert seat["ok"], seat
        if not seat["rounds"]:
            break
        nxt = seat["rounds"][0]
        for match in nxt["matches"]:
            entrants = match["entrants"]
            if event["format"] == "progressive":
                games = [progressive_game(event, nxt["round"], entrants)]
            elif event["format"] == "tables":
                games = [mexican_train_game(event, nxt["round"], entrants)]
            else:
                games = team_games(event, nxt["round"], entrants)
            event["matches"].append({"round": nxt["round"], **match, "games": games})
        event["matches"] += [{"round": nxt["round"], "bye": e} for e in nxt["byes"]]
        played += 1
    return event


def samples() -> dict[str, dict]:
    """One record per format (and the states worth seeing), by a short name."""
    return {
        "round-robin": play(team_event("round-robin", 5)),
        "round-robin-half": play(team_event("round-robin", 6), 2),
        "pools": play(team_event("pools", 8, best_of=3)),
        "pools-half": play(team_event("pools", 6), 3),
        "single-elimination": play(team_event("single-elimination", 6)),
        "single-elimination-half": play(team_event("single-elimination", 8), 1),
        "double-elimination": play(team_event("double-elimination", 8)),
        "double-elimination-half": play(team_event("double-elimination", 5), 3),
        "progressive": play(player_event("progressive", 8)),
        "tables": play(player_event("tables", 9, "mexican-train")),
    }


def names(record: dict) -> list[str]:
    """Display names by entrant index, as a page would pass them."""
    return [e.get("name") or " & ".join(e["players"]) for e in record["entrants"]]
