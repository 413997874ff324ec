"""Helpers for the club view tests: clubs and their games through the real forms."""
from __future__ import annotations

import json
import random

from scorekeeper.extensions import db
from scorekeeper.models import Club
from scorekeeper.rules import VARIANTS
from tests.random_games import random_record


def create_club(client, name: str = "Thursday Night", label: str = "Ann's phone") -> int:
    r = client.post("/clubs", data={"name": name, "label": label})
    assert r.status_code == 303, r.get_data(as_text=True)[:2000]
    return int(r.headers["Location"].rsplit("/", 1)[1])


def club(club_id: int) -> Club:
    db.session.expire_all()
    return db.session.get(Club, club_id)


def join_club(client, club_id: int, label: str = "Bob's phone"):
    return client.post("/clubs/join", data={"code": club(club_id).code, "label": label})


def club_game(client, club_id: int, variant: str, seats: list, first_dealer: int = 0,
              **options) -> int:
    """A game in the club through its setup form: each seat a roster person (an int: the
    person's id) or a new name (a str)."""
    data = {"variant": variant, "first_dealer": str(first_dealer)}
    for i, seat in enumerate(seats):
        if isinstance(seat, int):
            data[f"person-{i}"] = str(seat)
        else:
            data[f"name-{i}"] = seat
    for o in VARIANTS[variant].options:
        value = options.get(o.name, o.default)
        if o.kind == "bool":
            if value:
                data[f"opt-{o.name}"] = "1"
        elif o.kind == "multi":
            data[f"opt-{o.name}"] = list(value)
        elif value is not None:
            data[f"opt-{o.name}"] = str(value)
    r = client.post(f"/clubs/{club_id}/games/new", data=data)
    assert r.status_code == 303, r.get_data(as_text=True)[:3000]
    return int(r.headers["Location"].rsplit("/", 1)[1])


def person_id(club_id: int, name: str) -> int:
    return next(p.id for p in club(club_id).people if p.name == name)


MOON_WIN = {"mode": "quick", "bidder": "0", "bid": "21", "tricks-0": "7", "tricks-1": "0",
            "tricks-2": "0"}  # shooting the moon: Ann (seat 1) wins at once


def club_records(n: int) -> list[dict]:
    """n finished-or-not game records for a club import (store.import_club, bulk inserts: a
    club of thousands of games in seconds): 40 random ones, each seated by 50 different
    people."""
    rng = random.Random(19)
    base = [random_record(rng, variant, names, hands=rng.randint(5, 20))
            for variant, names in [("texas42", ["Ann", "Bob", "Cat", "Dan"]),
                                   ("moon", ["Ann", "Bob", "Cat"]),
                                   ("card42", ["Ann", "Bob", "Cat", "Dan"]),
                                   ("mexican-train", ["Ann", "Bob", "Cat", "Dan"])]
            for _ in range(10)]
    records = []
    for i in range(n):
        record = json.loads(json.dumps(base[i % len(base)]))
        shift = i // len(base)
        record["players"] = [f"{name} {(shift + seat) % 50}"
                             for seat, name in enumerate(record["players"])]
        records.append(record)
    return records
