"""Benchmark (run by hand): the memory of `make run`'s server after it has served many
different games (issue 20: it must stay bounded; the render cache is an LRU).

    .venv/bin/python bench/bench_memory.py [--games 1000]

Makes a club of --games games (tests/random_games.py records, bulk imported by
store.import_club) on a temporary SQLite database, starts the real app with
scorekeeper.serve.run_waitress, and from the club admin's phone (a member reads every club
game) asks each game's page and its live update once, printing the server's resident memory
(VmRSS) before and as it goes.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_wrk import CLUB_PEOPLE, SECRET, Server, free_port, get  # noqa: E402

_REAL = """
from scorekeeper import create_app
from scorekeeper.serve import run_waitress
run_waitress(create_app(), host="127.0.0.1", port={port})
"""


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def build(db_url: str, games: int) -> tuple[str, list[int]]:
    """A club of `games` games; the admin phone's cookie and the game ids."""
    from flask_migrate import upgrade

    from scorekeeper import access, create_app, store
    from scorekeeper.extensions import db
    from scorekeeper.models import Game
    from tests.random_games import random_record

    app = create_app({"SQLALCHEMY_DATABASE_URI": db_url, "SECRET_KEY": SECRET})
    with app.app_context():
        upgrade(directory=str(ROOT / "migrations"))
    rng = random.Random(3)
    records = [random_record(rng, "lechner42", rng.sample(CLUB_PEOPLE, 4), hands=20,
                             finish=False) for _ in range(min(games, 40))]
    with app.test_request_context("/"):
        phone = store.new_phone()
        admin = store.import_club("Memory", phone, "bench",
                                  [records[i % len(records)] for i in range(games)])
        ids = list(db.session.scalars(db.select(Game.id).where(Game.club_id == admin.club_id)))
        cookie = f"{access.PHONE_COOKIE}={access.phone_cookie_value(phone)}"
        db.engine.dispose()
    return cookie, ids


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--port", type=int, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db_url = os.environ.get("DATABASE_URL") or f"sqlite:///{tmp}/memory.sqlite"
        cookie, ids = build(db_url, args.games)
        headers = {"Cookie": cookie, "Accept-Encoding": "gzip, deflate, br"}
        with open(Path(tmp) / "server.log", "w") as log:
            server = Server(_REAL, ROOT, free_port(args.port),
                            {"DATABASE_URL": db_url, "SECRET_KEY": SECRET}, log)
            try:
                pid = server.proc.pid
                print(f"# {len(ids)} games; server RSS at start: {rss_mb(pid):.0f} MB",
                      flush=True)
                marks = {len(ids) * k // 4 for k in (1, 2, 3, 4)}
                t0 = time.perf_counter()
                for n, game_id in enumerate(ids, 1):
                    for path in (f"/games/{game_id}", f"/games/{game_id}/live"):
                        status = get(server.port, path, headers)[0]
                        assert status == 200, (path, status)
                    if n in marks:
                        print(f"after {n} games (page and live update each): RSS "
                              f"{rss_mb(pid):.0f} MB, {time.perf_counter() - t0:.0f} s",
                              flush=True)
                for game_id in ids[:len(ids) // 2]:  # again: the cache is full, nothing grows
                    get(server.port, f"/games/{game_id}", headers)
                print(f"after the first half again: RSS {rss_mb(pid):.0f} MB", flush=True)
            finally:
                server.stop()


if __name__ == "__main__":
    main()
