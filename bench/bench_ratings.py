"""Benchmark (run by hand, not a test): a big club's ratings pages.

    .venv/bin/python bench/bench_ratings.py [--games 2000] [--runs 9]

Imports a club of finished games (bench_club.make_records) and times, with the Flask test client
on a member's phone: the leaderboard and a person's ratings page as kept (the replay of the
club's finished games kept by their stamp), then each again right after a write to the club's
first game (the whole club replayed: what an edit, an undo or a merge costs the next view).
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlalchemy import func, select, update  # noqa: E402

from bench.bench_club import make_records  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()

    from flask_migrate import upgrade

    from scorekeeper import create_app
    from scorekeeper.extensions import db
    from scorekeeper.models import Game, Person

    records = make_records(args.games)
    path = str(Path(tempfile.mkdtemp()) / "bench_ratings.sqlite")
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
                      "WTF_CSRF_ENABLED": False, "MAX_CONTENT_LENGTH": 64_000_000})
    with app.app_context():
        upgrade()
    client = app.test_client()
    r = client.post("/clubs/import", data={"name": "Bench club", "label": "bench",
                                           "records": json.dumps(records)})
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    club_id = int(r.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    with app.app_context():
        person = db.session.scalar(select(Person.id).where(Person.club_id == club_id,
                                                           Person.name == "Ann"))
        first = db.session.scalar(select(func.min(Game.id)).where(Game.club_id == club_id))
    pages = {"leaderboard": f"/clubs/{club_id}/ratings?group=dominoes-42",
             "person's ratings": f"/clubs/{club_id}/people/{person}/ratings"}
    print(f"{args.games} games\n{'page':34s} {'median':>9s} {'best':>9s}")
    for name, url in pages.items():
        for after_write in (False, True):
            client.get(url)
            times = []
            for _ in range(args.runs):
                if after_write:
                    with app.app_context():
                        db.session.execute(update(Game).where(Game.id == first)
                                           .values(version=Game.version + 1))
                        db.session.commit()
                t0 = time.perf_counter()
                assert client.get(url).status_code == 200
                times.append(time.perf_counter() - t0)
            label = name + (" after a write (replay)" if after_write else "")
            print(f"{label:34s} {statistics.median(times) * 1000:7.1f}ms "
                  f"{min(times) * 1000:7.1f}ms")

    # A game of the evening finishing: the hand that finishes it (its page shows each player's
    # rating change), then the leaderboard's first view after it.
    with app.app_context():
        people = [db.session.scalar(select(Person.id).where(Person.club_id == club_id,
                                                            Person.name == name))
                  for name in ("Ann", "Bob", "Cat", "Dan")]
    hand_times, board_times = [], []
    client.get(pages["leaderboard"])
    for _ in range(args.runs):
        form = {"variant": "lechner42", "first_dealer": "0", "opt-target_marks": "2",
                "opt-win_by": "1", **{f"person-{i}": str(p) for i, p in enumerate(people)}}
        r = client.post(f"/clubs/{club_id}/games/new", data=form)
        game_id = int(r.headers["Location"].rsplit("/", 1)[1])
        with app.app_context():
            version = db.session.get(Game, game_id).version
        t0 = time.perf_counter()
        r = client.post(f"/games/{game_id}/hands", data={
            "version": str(version), "mode": "quick", "bidder": "0", "bid": "84",
            "contract": "straight", "points": "42"})
        hand_times.append(time.perf_counter() - t0)
        assert r.status_code == 303, r.status_code
        t0 = time.perf_counter()
        assert client.get(pages["leaderboard"]).status_code == 200
        board_times.append(time.perf_counter() - t0)
    for label, times in (("hand that finishes a game", hand_times),
                         ("leaderboard after it", board_times)):
        print(f"{label:34s} {statistics.median(times) * 1000:7.1f}ms {min(times) * 1000:7.1f}ms")


if __name__ == "__main__":
    main()
