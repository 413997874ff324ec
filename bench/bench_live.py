"""Benchmark (run by hand): how fast the real server answers the phones' live polls.

    .venv/bin/python bench/bench_live.py                       # waitress, as `make run` serves
    .venv/bin/python bench/bench_live.py --server gunicorn     # gunicorn, 2 worker processes

(gunicorn comes with the test extras: `.venv/bin/pip install -e '.[test]'`.)

Starts the server on 127.0.0.1 (a free port, a temporary SQLite database made by the real
migrations), creates a Texas 42 (Lechner Hall) game as its creator, enters 20 hands through
the forms, joins it as a viewer by its code, then for --seconds each, with --clients threads
on keep-alive connections:

- live 304: the viewer's conditional poll of /games/<id>/live (If-None-Match: unchanged game),
- live 200: the same poll without If-None-Match (the scoreboard and hand list rendered),
- game page: GET /games/<id> as the scorer (the whole page with the hand form),

and prints requests/s with median and p95 latency.  The clients run on the same machine and
take CPU from the server: the numbers are a floor, not a capacity.
"""
from __future__ import annotations

import argparse
import http.client
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from http.cookies import SimpleCookie
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
HANDS = 20


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client:
    """One phone: a keep-alive connection and a cookie jar."""

    def __init__(self, port: int):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.jar: dict[str, str] = {}

    def request(self, method, path, fields=None, headers=None):
        headers = dict(headers or {})
        if self.jar:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.jar.items())
        body = None
        if fields is not None:
            body = urllib.parse.urlencode(fields, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        self.conn.request(method, path, body=body, headers=headers)
        resp = self.conn.getresponse()
        text = resp.read().decode()
        for header in resp.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.jar[name] = morsel.value
        return resp.status, resp.headers, text


def hidden(html: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', html).group(1)


def start_server(kind: str, port: int, db_url: str, log) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": db_url, "SECRET_KEY": "bench-secret",
           "PUBLIC_URL": f"http://127.0.0.1:{port}"}
    if kind == "gunicorn":
        cmd = [str(BIN / "gunicorn"), "--workers", "2", "--threads", "4",
               "--bind", f"127.0.0.1:{port}", "scorekeeper:create_app()"]
    else:  # what `scorekeeper serve` runs (8 threads), bound to 127.0.0.1 only
        cmd = [sys.executable, "-c",
               "from waitress import serve; from scorekeeper import create_app; "
               f"serve(create_app(), host='127.0.0.1', port={port}, threads=8)"]
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while True:
        try:
            if Client(port).request("GET", "/")[0] == 200:
                return proc
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            log.flush()
            raise SystemExit("the server did not start:\n" + Path(log.name).read_text())
        time.sleep(0.2)


def set_up_game(port: int) -> tuple[int, Client, Client]:
    """A game with HANDS hands; the creator (scorer) and a viewer who joined by code."""
    creator = Client(port)
    _, _, html = creator.request("GET", "/games/new?variant=lechner42")
    status, headers, html = creator.request("POST", "/games/new", {
        "csrf_token": hidden(html, "csrf_token"), "variant": "lechner42", "first_dealer": "0",
        "name-0": "Ann", "name-1": "Bob", "name-2": "Cat", "name-3": "Dan"})
    assert status == 303, html
    game_id = int(headers["Location"].rstrip("/").rsplit("/", 1)[1])
    for k in range(HANDS):  # every bid set: the marks alternate, so the game never ends
        _, _, html = creator.request("GET", f"/games/{game_id}")
        status, _, html = creator.request("POST", f"/games/{game_id}/hands", {
            "csrf_token": hidden(html, "csrf_token"), "version": hidden(html, "version"),
            "mode": "quick", "bidder": str((k + 1) % 4), "bid": "31", "contract": "straight",
            "points": str(20 + k % 7)})
        assert status == 303, f"hand {k + 1}: {status} {html[:500]}"
    html = creator.request("GET", f"/games/{game_id}")[2]
    assert f"Hand {HANDS}" in html and 'name="version"' in html, "the game ended or failed"
    code = re.search(r'href="[^"]*/g/([A-Z0-9]{7})"', html)[1]  # the share section's link
    viewer = Client(port)
    status, _, _ = viewer.request("GET", f"/g/{code}")  # as the QR code is scanned
    assert status == 303 and any(k.startswith("sk_v_") for k in viewer.jar), "join failed"
    return game_id, creator, viewer


def measure(port, jar, path, headers, expect, clients, seconds):
    """Requests/s, median and p95 latency (ms) of GETs of path from `clients` threads."""
    stop = time.monotonic() + seconds
    times: list[list[float]] = [[] for _ in range(clients)]
    errors: list[str] = []

    def run(i):
        c = Client(port)
        c.jar = dict(jar)
        while time.monotonic() < stop:
            t0 = time.perf_counter()
            status = c.request("GET", path, headers=headers)[0]
            times[i].append(time.perf_counter() - t0)
            if status != expect:
                errors.append(f"{path}: {status}, expected {expect}")
                return

    threads = [threading.Thread(target=run, args=(i,)) for i in range(clients)]
    start = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.monotonic() - start
    if errors:
        raise SystemExit(errors[0])
    all_times = sorted(t for ts in times for t in ts)
    p95 = all_times[min(len(all_times) - 1, int(0.95 * len(all_times)))]
    return len(all_times) / elapsed, statistics.median(all_times) * 1000, p95 * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", choices=("waitress", "gunicorn"), default="waitress")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--clients", type=int, default=4)
    args = parser.parse_args()

    from flask_migrate import upgrade

    from scorekeeper import create_app
    from scorekeeper.extensions import db

    with tempfile.TemporaryDirectory() as tmp:
        db_url = f"sqlite:///{tmp}/bench.sqlite"
        app = create_app({"SQLALCHEMY_DATABASE_URI": db_url, "SECRET_KEY": "bench-secret"})
        with app.app_context():
            upgrade()
            db.engine.dispose()
        port = free_port()
        with open(Path(tmp) / "server.log", "w") as log:
            proc = start_server(args.server, port, db_url, log)
            try:
                game_id, creator, viewer = set_up_game(port)
                live = f"/games/{game_id}/live"
                etag = viewer.request("GET", live)[1]["ETag"]
                rows = [
                    ("live 304 (If-None-Match)", viewer.jar, live, {"If-None-Match": etag}, 304),
                    ("live 200 (full partials)", viewer.jar, live, {}, 200),
                    ("game page (scorer)", creator.jar, f"/games/{game_id}", {}, 200),
                ]
                print(f"{args.server}, {args.clients} clients, {args.seconds:g} s each, "
                      f"{HANDS} hands, {os.cpu_count()} CPUs\n")
                print(f"{'request':<26} {'req/s':>8} {'median ms':>10} {'p95 ms':>8}")
                for label, jar, path, headers, expect in rows:
                    rate, median, p95 = measure(port, jar, path, headers, expect,
                                                args.clients, args.seconds)
                    print(f"{label:<26} {rate:>8.0f} {median:>10.1f} {p95:>8.1f}")
            finally:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()


if __name__ == "__main__":
    main()
