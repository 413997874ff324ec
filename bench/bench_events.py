"""Benchmark (run by hand): an event's pages with every game played, in the app's test client on
a temporary SQLite database made by the real migrations.

    .venv/bin/python bench/bench_events.py [--repeat 20]

Two events, imported through the event import (every game played, as `scorekeeper schedule`
seats them, tests/web/events/helpers.played_event):
- 32 teams in pools of 4, best of 3 (pools and the bracket): 63 matches, 126 games;
- 24 players progressive, 23 rounds: 138 games.

For each: the median and p95 of --repeat GETs of the event page, the TV view, the live poll
(200 and 304), the standings CSV; the first render after a game changed (a hand written: the
page is rendered again for the new stamp, once); and the SQL statements of each request
(they must not grow with the games: tests/web/events/test_scale.py holds that).

Then (issue 38) how the event page's first view after a change grows with the event: a pools
event of 8, 32, 64 and 150 teams (--teams), round 1 seated, the median CPU time of 8 first
renders of the page, each after a hand at one of its tables (CPU time: this machine is shared,
its wall clock moves with the others' load).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from sqlalchemy import event as sa_event  # noqa: E402

from tests.web.events.helpers import (import_event, play, played_event,  # noqa: E402
                                      players_record, teams_record)


def timed(fn, repeat: int) -> tuple[float, float]:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        response = fn()
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code in (200, 304), response.status_code
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.95) - 1]


def count(db, fn) -> int:
    seen = []

    def record(*_args):
        seen.append(1)

    db.session.remove()
    sa_event.listen(db.engine, "before_cursor_execute", record)
    try:
        fn()
    finally:
        sa_event.remove(db.engine, "before_cursor_execute", record)
    db.session.remove()
    return len(seen)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--teams", default="8,32,64,150",
                        help="the pools events' sizes for the first view after a change")
    args = parser.parse_args()
    from flask_migrate import upgrade

    from scorekeeper import create_app
    from scorekeeper.extensions import db
    from scorekeeper.models import EventMatch, Game

    tmp = tempfile.mkdtemp()
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp}/bench.sqlite"})
    with app.app_context():
        upgrade()
        client = app.test_client()
        r = client.post("/clubs", data={"name": "Bench club", "label": "organizer"})
        club_id = int(r.headers["Location"].rsplit("/", 1)[1])
        events = {
            "32 teams, pools of 4, best of 3": teams_record(32, "pools", best_of=3),
            "24 players, progressive, 23 rounds": players_record(24, rounds=23),
        }
        for title, record in events.items():
            start = time.perf_counter()
            event_id = import_event(client, club_id, played_event(record))
            made = time.perf_counter() - start
            games = db.session.scalar(db.select(db.func.count(Game.id)).join(
                EventMatch, Game.event_match_id == EventMatch.id).where(
                EventMatch.event_id == event_id))
            base = f"/clubs/{club_id}/events/{event_id}"
            print(f"\n{title}: {games} games (made and imported in {made:.1f} s)")
            hx = {"HX-Request": "true"}
            etag = client.get(base + "/live", headers=hx).headers["ETag"]
            requests = {
                "event page": lambda: client.get(base),
                "TV view": lambda: client.get(base + "/tv"),
                "live poll, 200": lambda: client.get(base + "/live", headers=hx),
                "live poll, 304": lambda: client.get(base + "/live",
                                                     headers={**hx, "If-None-Match": etag}),
                "standings CSV": lambda: client.get(base + "/standings.csv"),
            }
            for name, fn in requests.items():
                fn()
                median, p95 = timed(fn, args.repeat)
                print(f"  {name:<16} median {median:7.1f} ms  p95 {p95:7.1f} ms  "
                      f"statements {count(db, fn)}")
            game_id = db.session.scalar(db.select(Game.id).join(
                EventMatch, Game.event_match_id == EventMatch.id).where(
                EventMatch.event_id == event_id).order_by(Game.id.desc()).limit(1))
            cold = []
            for _ in range(5):
                play(game_id, [0])  # a hand: the event's stamp moves, the page is rendered anew
                start = time.perf_counter()
                assert client.get(base).status_code == 200
                cold.append((time.perf_counter() - start) * 1000)
            print(f"  first render after a hand: median {statistics.median(cold):7.1f} ms")
        print("\nA pools event, round 1 seated: the event page's first view after a hand (CPU)")
        for teams in (int(n) for n in args.teams.split(",")):
            print(f"  {teams:>4} teams: median {first_view_after_a_hand(client, club_id, teams):7.1f} ms")


def first_view_after_a_hand(client, club_id: int, teams: int) -> float:
    """The median CPU ms of 8 first renders of a `teams`-team pools event's page at round 1, each
    after a hand at one of its tables (the stamp moved: rendered anew)."""
    from scorekeeper.extensions import db
    from scorekeeper.models import EventMatch, Game
    from tests.web.events.helpers import event

    r = client.post(f"/clubs/{club_id}/events", data={
        "name": f"{teams} teams", "day": "2026-11-28", "variant": "texas42", "format": "pools",
        "entrants": "\n".join(f"A{i} & B{i}" for i in range(teams))})
    base = r.headers["Location"]
    event_id = int(base.rsplit("/", 1)[1])
    client.post(base + "/rounds", data={"version": str(event(event_id).version)})
    games = db.session.scalars(db.select(Game.id).join(
        EventMatch, Game.event_match_id == EventMatch.id).where(
        EventMatch.event_id == event_id)).all()
    client.get(base)
    cold = []
    for i in range(8):
        play(games[i % len(games)], [0])
        start = time.process_time()
        assert client.get(base).status_code == 200
        cold.append((time.process_time() - start) * 1000)
    return statistics.median(cold)


if __name__ == "__main__":
    main()
