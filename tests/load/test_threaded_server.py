"""`make run`'s server keeps serving a heavy page to several phones at once. On Python 3.11 the
cyclic garbage collector, started by an allocation in the middle of an attribute store, could
free the values being stored (weakref callbacks of SQLAlchemy's instance states setting
attributes): four connections asking for the home page of a phone with 30 games killed a fresh
server with a segmentation fault within seconds. serve.collect_garbage_between_requests runs
the collector between requests instead; this test fails without it on 3.11.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys

import pytest

from .database import make_database
from .server import free_port, request, start_server

GAMES = 30
SECONDS = 4
SECRET = "threaded-secret"


def _phone_with_games(db_url: str) -> dict[str, str]:
    """The cookies of a phone that imported GAMES unfinished games of 20 hands (all listed on
    its home page), made through the app's import route in this process."""
    from scorekeeper import create_app
    from scorekeeper.extensions import db

    # every bid of 31 is set, by each side in turn: the marks alternate, no game ends
    record = {"variant": "lechner42", "players": ["Ann", "Bob", "Cat", "Dan"],
              "first_dealer": 0,
              "hands": [{"bidder": (k + 1) % 4, "bid": 31, "contract": "straight",
                         "points": 20 + k % 7} for k in range(20)]}
    app = create_app({"SQLALCHEMY_DATABASE_URI": db_url, "SECRET_KEY": SECRET,
                      "WTF_CSRF_ENABLED": False})
    phone = app.test_client()
    for _ in range(GAMES):
        r = phone.post("/games/import", data={"record": json.dumps(record)})
        assert r.status_code == 303, r.get_data(as_text=True)[:500]
    with app.app_context():
        db.engine.dispose()
    return {c.key: c.value for c in phone._cookies.values()}


@pytest.mark.skipif(shutil.which("wrk") is None, reason="wrk is not installed (apt-get install wrk)")
def test_home_page_of_30_games_to_four_phones_at_once_keeps_the_server_up(tmp_path):
    db_url = make_database(tmp_path, "threaded")
    jar = _phone_with_games(db_url)
    port = free_port()
    log = open(tmp_path / "server.log", "w")
    code = ("from scorekeeper import create_app; from scorekeeper.serve import run_waitress; "
            f"run_waitress(create_app(), host='127.0.0.1', port={port})")
    proc = start_server([sys.executable, "-c", code], port, db_url, SECRET, log)
    try:
        status, _, html = request(port, "GET", "/", cookies=jar)
        assert status == 200 and html.count('class="game-link"') == GAMES, html
        # wrk: four keep-alive connections as fast as the server answers (clients in this
        # process would be too slow to overlap the pages)
        cookie = "; ".join(f"{k}={v}" for k, v in jar.items())
        run = subprocess.run(["wrk", "-t", "2", "-c", "4", "-d", f"{SECONDS}s",
                              "-H", f"Cookie: {cookie}", f"http://127.0.0.1:{port}/"],
                             capture_output=True, text=True, timeout=SECONDS + 30)
        log.flush()
        assert proc.poll() is None, (f"the server died ({proc.returncode}):\n{run.stdout}\n"
                                     + (tmp_path / "server.log").read_text()[-3000:])
        assert "Non-2xx" not in run.stdout and "Socket errors" not in run.stdout, run.stdout
        assert int(re.search(r"(\d+) requests in", run.stdout)[1]) >= 4, run.stdout
    finally:
        proc.kill()
        proc.wait()
        log.close()
