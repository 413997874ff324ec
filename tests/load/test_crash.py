"""A crash in the middle of writes loses no acknowledged write: `make run`'s server (waitress,
serve.run_waitress) takes hands from 6 phones on 6 games at once, is killed with SIGKILL while
they write, and every hand it answered "saved" (303) is in the database, with its audit row and
version bump: nothing half-written (the hand, its "entered" event and the version move together
or not at all). Then it starts again on the same database and serves the games.
"""
from __future__ import annotations

import http.client
import subprocess
import sys
import threading


from .database import make_database, rows
from .server import free_port, kill_during_writes, request, start_server, stop_server
from .test_concurrent_submissions import _create_game, _hidden

PHONES = 6


def _start(port: int, db_url: str, log) -> subprocess.Popen:
    code = ("from scorekeeper import create_app; from scorekeeper.serve import run_waitress; "
            f"run_waitress(create_app(), host='127.0.0.1', port={port})")
    return start_server([sys.executable, "-c", code], port, db_url, "crash-test-secret", log)


def test_sigkill_during_writes_loses_no_acknowledged_hand(tmp_path):
    db_url = make_database(tmp_path, "crash")
    port = free_port()
    log = open(tmp_path / "server.log", "w")
    proc = _start(port, db_url, log)
    try:
        games = [_create_game(port) for _ in range(PHONES)]
        acked = [0] * PHONES
        refused = []  # answers other than "saved" while the server was up: none is allowed
        stop = threading.Event()

        def phone(i):
            game_id, jar = games[i]
            status, _, html = request(port, "GET", f"/games/{game_id}", cookies=jar)
            token, version = _hidden(html, "csrf_token"), int(_hidden(html, "version"))
            while not stop.is_set():
                try:
                    status, _, _ = request(port, "POST", f"/games/{game_id}/hands", {
                        "csrf_token": token, "version": str(version), "mode": "quick",
                        "passed": "1", "index": ""}, jar)
                except (OSError, http.client.HTTPException):
                    return  # the server is gone: this write was never acknowledged
                if status != 303:
                    refused.append(status)
                    return
                acked[i] += 1
                version += 1

        kill_during_writes(proc, [lambda i=i: phone(i) for i in range(PHONES)], stop,
                           lambda: sum(acked) >= 60, seconds=20)
        assert not refused, refused
        assert sum(acked) >= 60, acked

        for (game_id, _), n_acked in zip(games, acked):
            numbers = [n for (n,) in rows(
                db_url, "SELECT number FROM hand WHERE game_id = :g ORDER BY number", g=game_id)]
            # the write in flight at the kill may have committed without its answer arriving
            assert len(numbers) in (n_acked, n_acked + 1), (game_id, n_acked, numbers)
            assert numbers == list(range(len(numbers)))
            entered = rows(db_url, "SELECT hand_number FROM audit_event WHERE game_id = :g AND "
                                   "action = 'entered' ORDER BY id", g=game_id)
            assert [n for (n,) in entered] == numbers
            [(version,)] = rows(db_url, "SELECT version FROM game WHERE id = :g", g=game_id)
            assert version == 1 + len(numbers)

        proc = _start(port, db_url, log)  # and it comes back on the same database
        game_id, jar = games[0]
        status, _, html = request(port, "GET", f"/games/{game_id}", cookies=jar)
        assert status == 200
        assert (f'name="version" value="{1 + acked[0]}"' in html
                or f'name="version" value="{2 + acked[0]}"' in html)
    finally:
        stop_server(proc)
        log.close()
