"""Benchmark (run by hand, not a test): a big club's ratings, kept by the writes (RatingMove).

    .venv/bin/python bench/bench_ratings.py [--games 10000] [--runs 9]

Imports a club of finished games (bench_club.make_records) through the real route, the import's
re-rating of the club timed apart (it runs once the answer is sent: the response's close). Then
times, with the Flask test client on a member's phone: the leaderboard and a person's ratings page
as kept in the process; each read cold from the stored rows (the process's replay and rendered
pages dropped); a hand that finishes a game (and the part its rating takes) and the first view of
each page after it; and an edit of the club's first game: the scorer's save (store.write_hand,
the hand as it was), then the re-rating of every game from it on that runs after the answer (the
first game's rows dropped first, as an edit that changes its outcome leaves them), then the first
view after it.
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

from sqlalchemy import delete, func, select  # noqa: E402

from bench.bench_club import make_records  # noqa: E402


def line(label: str, times: list[float]) -> None:
    print(f"{label:44s} {statistics.median(times) * 1000:8.1f}ms {min(times) * 1000:8.1f}ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()

    from flask_migrate import upgrade

    from scorekeeper import club_ratings, create_app, store
    from scorekeeper.extensions import db
    from scorekeeper.models import Game, Person, RatingMove

    records = make_records(args.games)
    path = str(Path(tempfile.mkdtemp()) / "bench_ratings.sqlite")
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
                      "WTF_CSRF_ENABLED": False, "MAX_CONTENT_LENGTH": 64_000_000})
    with app.app_context():
        upgrade()
    client = app.test_client()
    t0 = time.perf_counter()
    r = client.post("/clubs/import", data={"name": "Bench club", "label": "bench",
                                           "records": json.dumps(records)})
    imported = time.perf_counter() - t0
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    t0 = time.perf_counter()
    r.close()  # the answer sent: the club is re-rated (club_ratings.rerate)
    print(f"{args.games} games: import {imported:.1f}s, its re-rating after the answer "
          f"{time.perf_counter() - t0:.2f}s")
    club_id = int(r.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    with app.app_context():
        print(f"stored rows: {db.session.scalar(select(func.count()).select_from(RatingMove))}")
        people = [db.session.scalar(select(Person.id).where(Person.club_id == club_id,
                                                            Person.name == name))
                  for name in ("Ann", "Bob", "Cat", "Dan")]
    pages = {"leaderboard": f"/clubs/{club_id}/ratings?group=dominoes-42",
             "person's ratings": f"/clubs/{club_id}/people/{people[0]}/ratings"}

    def view(url: str) -> float:
        t0 = time.perf_counter()
        assert client.get(url).status_code == 200
        return time.perf_counter() - t0

    print(f"{'':44s} {'median':>10s} {'best':>10s}")
    for name, url in pages.items():
        view(url)
        line(name + ", kept", [view(url) for _ in range(args.runs)])
        cold = []
        for _ in range(args.runs):
            for kept in ("club_ratings", "club_games", "render_cache"):
                app.extensions.pop(f"scorekeeper_{kept}", None)
            cold.append(view(url))
        line(name + ", cold (read from the stored rows)", cold)

    # Games of the evening finishing: the hand that finishes each, then each page's first view.
    hand_times: list[float] = []
    after: dict[str, list[float]] = {name: [] for name in pages}
    rating_times: list[float] = []
    rate_finished = store.games._rate_finished  # (looked up there by write_hand)

    def timed_rate_finished(*a):
        t0 = time.perf_counter()
        rate_finished(*a)
        rating_times.append(time.perf_counter() - t0)
    store.games._rate_finished = timed_rate_finished
    for name, url in pages.items():
        view(url)  # kept again
    for n in range(args.runs):
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
        for name, url in pages.items():
            after[name].append(view(url))
    line("hand that finishes a game (whole request)", hand_times)
    line("  of which its rating (store._rate_finished)", rating_times)
    for name, times in after.items():
        line(f"{name}, first view after it", times)

    # An edit of the club's first game: the scorer's save, then the re-rating after it.
    saves, rerates, views = [], [], []
    with app.app_context():
        games, _ = club_ratings.club_finished(club_id)
        first = next(g.order[1] for g, _ in games if g.summary["sides"][0].get("seats"))
    for _ in range(max(3, args.runs // 3)):
        with app.test_request_context():
            game = store.get_game(first)
            hand = game.hands[0].data
            t0 = time.perf_counter()
            assert store.write_hand(game, game.version, "edited", 0, hand, dict(hand), "bench")
            saves.append(time.perf_counter() - t0)
            db.session.execute(delete(RatingMove).where(RatingMove.game_id == first))
            db.session.commit()
            t0 = time.perf_counter()
            club_ratings.rerate(club_id)
            rerates.append(time.perf_counter() - t0)
        views.append(view(pages["leaderboard"]))
    line("edit of the first game: the scorer's save", saves)
    line("  re-rating every game after the answer", rerates)
    line("  leaderboard, first view after it", views)

    # The worst case: an edit that changes the first game's outcome moves every later rating, so
    # every game is rated again and every row written anew (as from no stored row at all).
    anew = []
    for _ in range(max(3, args.runs // 3)):
        with app.test_request_context():
            db.session.execute(delete(RatingMove).where(RatingMove.club_id == club_id))
            db.session.commit()
            t0 = time.perf_counter()
            club_ratings.rerate(club_id)
            anew.append(time.perf_counter() - t0)
    line("  re-rating every game, every row written anew", anew)


if __name__ == "__main__":
    main()
