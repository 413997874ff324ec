"""Event records for the tests, written from spec/events.md (the engine scores the games)."""
from __future__ import annotations

TEAMS = [("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay"), ("Gus", "Hal"), ("Ivy", "Jon"),
         ("Kim", "Lou"), ("Max", "Ned"), ("Oda", "Pat")]
PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lou"]


def mark(side: int) -> dict:
    """A texas42 hand: the bidder (seat `side`, so side `side`) bids 30 and makes it: 1 mark."""
    return {"bidder": side, "bid": 30, "contract": "straight", "points": 42}


def marks(*sides: int) -> list[dict]:
    return [mark(s) for s in sides]


def team_event(fmt: str, count: int, matches=(), **settings) -> dict:
    """A texas42 event to 3 marks of `count` teams."""
    return {"name": "Test night", "format": fmt, "variant": "texas42",
            "options": {"target_marks": 3}, "settings": settings,
            "entrants": [{"players": list(TEAMS[i])} for i in range(count)],
            "matches": list(matches)}


def seats(a: int, b: int) -> list[str]:
    """The players of a game between teams a (side 0) and b (side 1) in seat order."""
    return [TEAMS[a][0], TEAMS[b][0], TEAMS[a][1], TEAMS[b][1]]


def game(a: int, b: int, hands: list[dict], **extra) -> dict:
    return {"players": seats(a, b), "first_dealer": 0, "hands": hands, **extra}


def won(rnd: int, table: int, a: int, b: int, loser_marks: int = 0, **extra) -> dict:
    """A one-game match that team a wins 3 marks to `loser_marks` against team b."""
    hands = marks(*([1] * loser_marks + [0] * 3))
    return {"round": rnd, "table": table, "entrants": [a, b], "games": [game(a, b, hands)], **extra}


def row(standings: dict, entrant: int) -> dict:
    return next(r for r in standings["standings"] if r["entrant"] == entrant)


def order(standings: dict, key: str = "standings") -> list[tuple]:
    """(entrant, rank, tied) in the order listed."""
    return [(r["entrant"], r["rank"], r["tied"]) for r in standings[key]]
