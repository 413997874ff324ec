"""Benchmark (run by hand, not a test): a big club's pages and its import.

    .venv/bin/python bench/bench_club.py [--games 2000] [--runs 15] [--db PATH]

Makes a club of 2,000 finished games of about 20 hands each (card42 ends sooner, Mexican Train
has its 13 rounds), across the variants that finish, among 12 people: valid records drawn with
the rules engine (tests/random_games.py). Imports them as one club through the real route
(POST /clubs/import, the club export's JSON list: the body is a few megabytes, so the bench
raises MAX_CONTENT_LENGTH for it), timing that. Then times the archive page, a person's page
and the club stats page (and their CSVs) with the Flask test client on a member's phone,
counting SQL statements per request with a before_cursor_execute listener; then the stats page
again right after a write to one of the club's games (its numbers are summed again then).

Prints the median and best per page, and the statement count.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import event, func, select, update  # noqa: E402

from tests.random_games import random_record  # noqa: E402

PEOPLE = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou"]
# Variants that finish, with their table sizes.
VARIANTS = [("lechner42", 4), ("texas42", 4), ("texas42-1986", 4), ("forty-two", 4),
            ("card42-teams", 4), ("card42", 5), ("moon", 3), ("mexican-train", 4)]


def make_records(n: int, seed: int = 42) -> list[dict]:
    rng = random.Random(seed)
    records = []
    for i in range(n):
        variant, seats = VARIANTS[i % len(VARIANTS)]
        records.append(random_record(rng, variant, rng.sample(PEOPLE, seats), hands=20))
    return records


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--db", default=None, help="SQLite file (default: a temporary one)")
    args = parser.parse_args()

    from flask_migrate import upgrade

    from scorekeeper import create_app
    from scorekeeper.extensions import db
    from scorekeeper.models import Game, Person
    from scorekeeper.rules import score

    t0 = time.perf_counter()
    records = make_records(args.games)
    finished = sum(score(r)["finished"] for r in records)
    hands = sum(len(r["hands"]) for r in records)
    print(f"generated {len(records)} records ({finished} finished, {hands / len(records):.1f} "
          f"hands a game on average) in {time.perf_counter() - t0:.1f} s")

    path = args.db or str(Path(tempfile.mkdtemp()) / "bench_club.sqlite")
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
                      "WTF_CSRF_ENABLED": False, "MAX_CONTENT_LENGTH": 64_000_000})
    with app.app_context():
        upgrade()
    client = app.test_client()
    body = json.dumps(records)
    t0 = time.perf_counter()
    r = client.post("/clubs/import", data={"name": "Bench club", "label": "bench",
                                           "records": body})
    took = time.perf_counter() - t0
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    club_id = int(r.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    print(f"club import (POST /clubs/import, {len(body) / 1e6:.1f} MB of JSON): {took:.1f} s")

    with app.app_context():
        count = db.session.scalar(select(func.count()).select_from(Game)
                                  .where(Game.club_id == club_id, Game.summary.is_not(None)))
        person = db.session.scalar(select(Person.id).where(Person.club_id == club_id,
                                                           Person.name == "Ann"))
        first = db.session.scalar(select(func.min(Game.id)).where(Game.club_id == club_id))
        assert count == len(records), count
        statements = [0]

        def one(*_a, **_k):
            statements[0] += 1

        event.listen(db.engine, "before_cursor_execute", one)

    pages = [("archive", f"/clubs/{club_id}/games"),
             ("archive, filtered", f"/clubs/{club_id}/games?person={person}&status=finished"
                                   f"&variant=lechner42&page=2"),
             ("person page", f"/clubs/{club_id}/people/{person}"),
             ("club stats", f"/clubs/{club_id}/stats"),
             ("archive CSV", f"/clubs/{club_id}/games.csv"),
             ("stats CSV", f"/clubs/{club_id}/stats.csv")]
    print(f"\n{'page':20s} {'median':>9s} {'best':>9s} {'SQL':>4s}  size")
    for name, url in pages:
        client.get(url)  # warm up
        times, counts = [], set()
        for _ in range(args.runs):
            statements[0] = 0
            t0 = time.perf_counter()
            r = client.get(url)
            times.append(time.perf_counter() - t0)
            assert r.status_code == 200, (url, r.status_code)
            counts.add(statements[0])
        print(f"{name:20s} {statistics.median(times) * 1000:7.1f}ms {min(times) * 1000:7.1f}ms "
              f"{'/'.join(map(str, sorted(counts))):>4s}  {len(r.data) / 1000:.0f} kB")

    # The first view after a write to one of the club's games sums every summary again.
    times, counts = [], set()
    with app.app_context():
        for _ in range(max(3, args.runs // 3)):
            db.session.execute(update(Game).where(Game.club_id == club_id, Game.id == first)
                               .values(version=Game.version + 1))
            db.session.commit()
            statements[0] = 0
            t0 = time.perf_counter()
            r = client.get(f"/clubs/{club_id}/stats")
            times.append(time.perf_counter() - t0)
            counts.add(statements[0])
    print(f"{'stats after a write':20s} {statistics.median(times) * 1000:7.1f}ms "
          f"{min(times) * 1000:7.1f}ms {'/'.join(map(str, sorted(counts))):>4s}  "
          f"(a write outside store: the numbers summed again from {len(records)} summaries)")

    # A new game through store (a finished record: its streak letters are placed), then the
    # first stats and person views after it: the write moved the club's kept numbers on.
    from scorekeeper import store
    from scorekeeper.models import Club

    timed: dict[str, list[float]] = {"new game (the write)": [], "stats after it": [],
                                     "person after it": []}
    with app.app_context():
        for record in records[:max(3, args.runs // 3)]:
            t0 = time.perf_counter()
            store.start_game(record, club=db.session.get(Club, club_id))
            timed["new game (the write)"].append(time.perf_counter() - t0)
            db.session.remove()
            for name, url in (("stats after it", f"/clubs/{club_id}/stats"),
                              ("person after it", f"/clubs/{club_id}/people/{person}")):
                t0 = time.perf_counter()
                assert client.get(url).status_code == 200
                timed[name].append(time.perf_counter() - t0)
    for name, times in timed.items():
        print(f"{name:20s} {statistics.median(times) * 1000:7.1f}ms "
              f"{min(times) * 1000:7.1f}ms")


if __name__ == "__main__":
    main()
