"""Benchmark (run by hand): every page of issue 20's table as a ratio to a plain Flask app, both
driven by wrk on the server `make run` uses, in one run (this machine is shared and noisy:
absolute numbers move, ratios hold).

    .venv/bin/python bench/bench_wrk.py                      # 3 rounds of 5 s a request
    .venv/bin/python bench/bench_wrk.py --root /tmp/before   # the same bench on another checkout
    .venv/bin/python bench/bench_wrk.py --club-games 5 --seconds 0.5 --rounds 1   # a smoke run

Builds the data through the app's own routes (the app factory and its test client, on a
temporary SQLite database made by the real migrations, or DATABASE_URL): a Lechner Hall game of
20 hands entered one by one, a viewer who joined it by its code, a phone with 1 game and one with
30 (each that 20-hand record, imported), and a club of --club-games finished games
(tests/random_games.py, about 20 hands each, imported as a club export) seen from its admin's
phone. Then starts two servers with scorekeeper.serve.run_waitress (the settings of `make run`):
a plain Flask app whose one route answers "ok", and the real app. Each round runs wrk
(--connections keep-alive connections, --seconds) on the plain app, then on every request of
the table; a request's ratio is its requests/s over the plain app's in the same round, and the
table shows the median over the rounds.

wrk is the Debian package (`apt-get install wrk`); the bench installs nothing and stops when it
is missing. The clients run on the same machine as the servers and take CPU from them; so does
anything else the machine runs. The table therefore also shows each request's server CPU time
(the server process's user + system time over the run, /proc, divided by the requests wrk
counted) and the CPU ratio: the plain app's CPU a request over this one's, which the load
around the server moves much less than requests/s. --only picks rows by a part of their label.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
HANDS = 20
PHONE_GAMES = 30
ACCEPT = {"Accept-Encoding": "gzip, deflate, br"}  # what a phone's browser sends
HX = {"HX-Request": "true"}
SECRET = "bench-wrk-secret"
CLUB_PEOPLE = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kim", "Lou"]
CLUB_VARIANTS = [("lechner42", 4), ("texas42", 4), ("texas42-1986", 4), ("forty-two", 4),
                 ("card42-teams", 4), ("card42", 5), ("moon", 3), ("mexican-train", 4)]

# (label, goal ratio) of issue 20's table, in its order.
GOALS = {
    "live poll, unchanged (304)": 0.5,
    "live poll, changed (200)": 0.35,
    "game page, scorer": 0.3,
    "game page, viewer": 0.3,
    "home page, 1 game": 0.3,
    "home page, 30 games": 0.2,
    "history of changes, 20 hands": 0.2,
    "club archive": 0.2,
    "club person page": 0.2,
    "club stats": 0.2,
    # issue 33: the JSON API's game, read with a token
    "API game GET, unchanged (304)": 0.5,
    "API game GET (200)": 0.3,
}
# issue 29: an event as cheap to watch as a game, pools of 4, best of 3, every game played
EVENT_TEAMS = (32, 64)
EVENT_GOALS = {"event poll, unchanged (304)": 0.5, "event poll, changed (200)": 0.3,
               "event page": 0.3, "event TV": 0.3}

_PLAIN = """
from flask import Flask
from scorekeeper.serve import run_waitress
app = Flask("plain", template_folder=None)  # (no templates: the bare baseline)
app.add_url_rule("/", "ok", lambda: "ok")
run_waitress(app, host="127.0.0.1", port={port})
"""
_REAL = """
from scorekeeper import create_app
from scorekeeper.serve import run_waitress
run_waitress(create_app(), host="127.0.0.1", port={port})
"""


def free_port(start: int | None) -> int:
    """`start`, or the next free port after it; any free port when None."""
    for port in ([0] if start is None else range(start, start + 50)):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return s.getsockname()[1]
    raise SystemExit(f"no free port from {start}")


def get(port: int, path: str, headers: dict) -> tuple[int, Any, bytes]:
    """One GET, redirects not followed: (status, headers (any case), body)."""
    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", headers=headers)
    try:
        with opener.open(request, timeout=30) as response:
            return response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


# ---------------------------------------------------------------- the data


def cookie_of(client) -> str:
    """The Cookie header of a test client's phone."""
    return "; ".join(f"{c.key}={c.value}" for c in client._cookies.values())


def hidden(html: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', html).group(1)


def club_records(n: int, seed: int = 42) -> list[dict]:
    """n finished games of about 20 hands, across the variants that finish (bench_club's)."""
    from tests.random_games import random_record

    rng = random.Random(seed)
    return [random_record(rng, variant, rng.sample(CLUB_PEOPLE, seats), hands=20)
            for variant, seats in (CLUB_VARIANTS[i % len(CLUB_VARIANTS)] for i in range(n))]


def build(db_url: str, root: Path, club_games: int, event_teams: tuple[int, ...]) -> dict:
    """Make the data through the app's routes; the cookies and ids the requests need."""
    from flask_migrate import upgrade

    from scorekeeper import create_app
    from scorekeeper.extensions import db

    app = create_app({"SQLALCHEMY_DATABASE_URI": db_url, "SECRET_KEY": SECRET,
                      "WTF_CSRF_ENABLED": False, "MAX_CONTENT_LENGTH": 256_000_000,
                      "IMPORT_MAX_CONTENT_LENGTH": 256_000_000})
    with app.app_context():
        upgrade(directory=str(root / "migrations"))
    creator = app.test_client()
    r = creator.post("/games/new", data={"variant": "lechner42", "first_dealer": "0",
                                         "name-0": "Ann", "name-1": "Bob", "name-2": "Cat",
                                         "name-3": "Dan"})
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    game_id = int(r.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    for k in range(HANDS):  # marks alternate: the game never ends
        html = creator.get(f"/games/{game_id}").get_data(as_text=True)
        r = creator.post(f"/games/{game_id}/hands", data={
            "version": hidden(html, "version"), "mode": "quick", "bidder": str((k + 1) % 4),
            "bid": "31", "contract": "straight", "points": str(20 + k % 7)})
        assert r.status_code == 303, f"hand {k + 1}: {r.status_code}"
    record = creator.get(f"/games/{game_id}/record.json").get_json()
    assert len(record["hands"]) == HANDS
    html = creator.get(f"/games/{game_id}").get_data(as_text=True)
    code = re.search(r'href="[^"]*/g/([A-Z0-9]{7})"', html)[1]
    viewer = app.test_client()
    assert viewer.get(f"/g/{code}").status_code == 303
    assert viewer.get(f"/games/{game_id}").status_code == 200  # a phone that has read a page
    r = creator.post(f"/games/{game_id}/api-tokens", data={"label": "bench", "right": "game-read"})
    token = re.search(r"skt_[A-Za-z0-9_-]{43}", r.get_data(as_text=True))[0]

    phones = {}
    for n in (1, PHONE_GAMES):
        phone = app.test_client()
        for _ in range(n):
            r = phone.post("/games/import", data={"record": json.dumps(record)})
            assert r.status_code == 303, r.get_data(as_text=True)[:300]
        assert phone.get("/").status_code == 200  # its session (the CSRF token) made
        phones[n] = cookie_of(phone)

    t0 = time.perf_counter()
    records = club_records(club_games)
    admin = app.test_client()
    r = admin.post("/clubs/import", data={"name": "Bench club", "label": "bench",
                                          "records": json.dumps(records)})
    assert r.status_code == 303, r.get_data(as_text=True)[:500]
    club_id = int(r.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    html = admin.get(f"/clubs/{club_id}/stats").get_data(as_text=True)
    person = int(re.search(rf'/clubs/{club_id}/people/(\d+)"', html)[1])
    events = {}
    for teams in event_teams:
        from tests.web.events.helpers import import_event, played_event, teams_record

        events[teams] = import_event(admin, club_id,
                                     played_event(teams_record(teams, "pools", best_of=3)))
    print(f"# data: a game of {HANDS} hands, phones with 1 and {PHONE_GAMES} games, a club of "
          f"{club_games} games and events of {event_teams} teams (made in "
          f"{time.perf_counter() - t0:.0f} s)", flush=True)
    with app.app_context():
        db.engine.dispose()
    return {"game": game_id, "creator": cookie_of(creator), "viewer": cookie_of(viewer),
            "phones": phones, "club": club_id, "person": person, "admin": cookie_of(admin),
            "token": token, "events": events}


def requests_of(data: dict) -> list[tuple[str, str, dict, int]]:
    """(label, path, headers, expected status) of every row of the table. The live poll's
    (and the API game's) If-None-Match is filled in just before it is measured (the poll's
    ETag turns quiet 3 minutes after the last write)."""
    g, club = f"/games/{data['game']}", f"/clubs/{data['club']}"
    viewer, creator, admin = ({"Cookie": data[k], **ACCEPT} for k in ("viewer", "creator",
                                                                     "admin"))
    api = {"Authorization": f"Bearer {data['token']}", **ACCEPT}  # an app elsewhere: no cookie
    return [
        ("live poll, unchanged (304)", f"{g}/live", {**viewer, **HX, "If-None-Match": ""}, 304),
        ("live poll, changed (200)", f"{g}/live", {**viewer, **HX}, 200),
        ("game page, scorer", g, creator, 200),
        ("game page, viewer", g, viewer, 200),
        ("home page, 1 game", "/", {"Cookie": data["phones"][1], **ACCEPT}, 200),
        ("home page, 30 games", "/", {"Cookie": data["phones"][PHONE_GAMES], **ACCEPT}, 200),
        ("history of changes, 20 hands", f"{g}/history", creator, 200),
        ("club archive", f"{club}/games", admin, 200),
        ("club person page", f"{club}/people/{data['person']}", admin, 200),
        ("club stats", f"{club}/stats", admin, 200),
        ("API game GET, unchanged (304)", f"/api/v1{g}", {**api, "If-None-Match": ""}, 304),
        ("API game GET (200)", f"/api/v1{g}", api, 200),
        *(row for teams, event_id in data["events"].items() for row in (
            (f"event poll, unchanged (304), {teams} teams", f"{club}/events/{event_id}/live",
             {**admin, **HX, "If-None-Match": ""}, 304),
            (f"event poll, changed (200), {teams} teams", f"{club}/events/{event_id}/live",
             {**admin, **HX}, 200),
            (f"event page, {teams} teams", f"{club}/events/{event_id}", admin, 200),
            (f"event TV, {teams} teams", f"{club}/events/{event_id}/tv", admin, 200))),
    ]


# ---------------------------------------------------------------- the servers and wrk


class Server:
    """One server process, started again when it dies (a crash is reported, not hidden)."""

    def __init__(self, script: str, root: Path, port: int, env: dict, log):
        self.script, self.root, self.port, self.env, self.log = script, root, port, env, log
        self.proc = self._start()

    def _start(self) -> subprocess.Popen:
        proc = subprocess.Popen([sys.executable, "-c", self.script.format(port=self.port)],
                                cwd=self.root, stdout=self.log, stderr=subprocess.STDOUT,
                                env={**os.environ, **self.env, "PYTHONPATH": str(self.root)})
        deadline = time.monotonic() + 60
        while True:
            try:
                get(self.port, "/", {})
                return proc
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                self.log.flush()
                raise SystemExit("a server did not start:\n" + Path(self.log.name).read_text())
            time.sleep(0.2)

    def died(self) -> int | None:
        """The exit status (negative: the signal) when the server died, started again then."""
        code = self.proc.poll()
        if code is not None:
            self.proc = self._start()
        return code

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) process `pid` has used so far (/proc/<pid>/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def wrk(port: int, path: str, headers: dict, seconds: float, connections: int,
        pid: int | None = None) -> dict:
    """requests/s and the median latency (ms) of wrk on `path`, and what went wrong; with the
    server's `pid`, the server's own CPU time per request (ms): what the request costs the
    server, whatever else the machine runs (wrk's CPU included)."""
    cmd = ["wrk", "--latency", "-t", str(min(2, connections)), "-c", str(connections),
           "-d", f"{max(1, round(seconds))}s", "--timeout", "10s"]
    for name, value in headers.items():
        cmd += ["-H", f"{name}: {value}"]
    before = cpu_seconds(pid) if pid else 0.0
    done = subprocess.run(cmd + [f"http://127.0.0.1:{port}{path}"], capture_output=True,
                          text=True)
    used = cpu_seconds(pid) - before if pid else float("nan")
    out = done.stdout
    if done.returncode or "Requests/sec" not in out:
        raise SystemExit(f"wrk on {path} failed:\n{out}\n{done.stderr}")
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out)[1])
    m = re.search(r"50%\s+([\d.]+)(us|ms|s)\b", out)
    p50 = float(m[1]) * {"us": 0.001, "ms": 1, "s": 1000}[m[2]] if m else float("nan")
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors = re.search(r"Socket errors: (.*)", out)
    count = int(re.search(r"(\d+) requests in", out)[1])
    return {"rate": rate, "p50": p50, "non2xx": int(bad[1]) if bad else 0,
            "errors": errors[1] if errors else "", "cpu": used * 1000 / max(count, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to serve")
    parser.add_argument("--seconds", type=float, default=5.0, help="of wrk per request")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--club-games", type=int, default=2000)
    parser.add_argument("--event-teams", type=lambda text: tuple(map(int, text.split(","))),
                        default=EVENT_TEAMS, help="the events' sizes, e.g. 32,64")
    parser.add_argument("--only", action="append", default=[],
                        help="only the rows whose label holds this (repeatable)")
    parser.add_argument("--port", type=int, default=None,
                        help="the first port to try for the two servers (default: any free)")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # a kill stops the servers too
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install wrk")
    root = args.root.resolve()
    sys.path[:0] = [str(root), str(ROOT)]  # the checkout's scorekeeper, this one's tests

    with tempfile.TemporaryDirectory() as tmp:
        db_url = os.environ.get("DATABASE_URL") or f"sqlite:///{tmp}/bench.sqlite"
        data = build(db_url, root, args.club_games, args.event_teams)
        env = {"DATABASE_URL": db_url, "SECRET_KEY": SECRET}
        plain_port = free_port(args.port)
        real_port = free_port(None if args.port is None else plain_port + 1)
        with open(Path(tmp) / "servers.log", "w") as log:
            servers = {"plain": Server(_PLAIN, root, plain_port, env, log),
                       "real": Server(_REAL, root, real_port, env, log)}
            try:
                every_row = requests_of(data)
                rows = [row for row in every_row
                        if not args.only or any(part in row[0] for part in args.only)]
                run(args, root, servers, every_row, rows)
            except BaseException:
                log.flush()
                print("the servers' log ends:\n" + Path(log.name).read_text()[-3000:])
                raise
            finally:
                for server in servers.values():
                    server.stop()


def run(args, root: Path, servers: dict, every_row, rows) -> None:
    """Check that every row answers as it should, then time the rows picked (--only)."""
    plain_port, real = servers["plain"].port, servers["real"]
    for label, path, headers, expect in every_row:
        try:
            status = get(real.port, path, _fresh(real.port, path, headers))[0]
        except OSError as error:  # the server died (on this request, or after the last one)
            status = f"{error!r} (exit status {real.died()})"
        if status != expect:
            print(f"# {label}: {path} answered {status}, expected {expect} (WRONG ANSWER)")
        real.died()
    print(f"# waitress as `make run` (scorekeeper.serve.run_waitress), root {root}, "
          f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}, "
          f"{time.strftime('%Y-%m-%d %H:%M:%S')}; wrk -c {args.connections}, "
          f"{args.seconds:g} s, {args.rounds} rounds", flush=True)
    plain: list[dict] = []
    results: dict[str, list[tuple[dict, float]]] = {label: [] for label, *_ in rows}
    crashed: dict[str, int] = {}
    for round_ in range(args.rounds):
        base = wrk(plain_port, "/", {}, args.seconds, args.connections,
                   servers["plain"].proc.pid)
        plain.append(base)
        print(f"round {round_ + 1}: plain app {base['rate']:.0f} req/s", flush=True)
        for label, path, headers, expect in rows:
            one = wrk(real.port, path, _fresh(real.port, path, headers), args.seconds,
                      args.connections, real.proc.pid)
            code = real.died()
            if code is not None:
                crashed[label] = code
                print(f"  {label}: the server died (exit status {code}); started again")
                continue
            if one["non2xx"] and expect < 300 or one["errors"]:
                print(f"  {label}: {one['non2xx']} answers not 2xx/3xx, {one['errors']}")
            results[label].append((one, one["rate"] / base["rate"]))
    median = statistics.median
    plain_cpu = median(p["cpu"] for p in plain)
    print(f"\nplain Flask app: {median(p['rate'] for p in plain):.0f} req/s, p50 "
          f"{median(p['p50'] for p in plain):.2f} ms, server CPU {plain_cpu:.3f} ms a request")
    print("\nratio: requests/s over the plain app's in the same round; CPU ratio: the plain "
          "app's server CPU time a request over this one's (steadier on a busy machine)")
    print("\n| request | req/s | p50 ms | server CPU ms | ratio | CPU ratio | goal |\n"
          "| --- | --- | --- | --- | --- | --- | --- |")
    for label, runs in results.items():
        goal = GOALS.get(label) or EVENT_GOALS[label.rsplit(", ", 1)[0]]
        if not runs:
            print(f"| {label} | - | - | - | server died ({crashed[label]}) | - | >= {goal} |")
            continue
        ratio = median(r for _, r in runs)
        cpu = median(o["cpu"] for o, _ in runs)
        print(f"| {label} | {median(o['rate'] for o, _ in runs):.0f} | "
              f"{median(o['p50'] for o, _ in runs):.1f} | {cpu:.2f} | {ratio:.3f} | "
              f"{plain_cpu / cpu:.3f} | >= {goal}{'' if ratio >= goal else ' (short)'} |",
              flush=True)


def _fresh(port: int, path: str, headers: dict) -> dict:
    """`headers` with the live poll's current ETag in If-None-Match, when it has one."""
    if "If-None-Match" not in headers:
        return headers
    probe = {k: v for k, v in headers.items() if k != "If-None-Match"}
    status, answer, _ = get(port, path, probe)
    if "ETag" not in answer:
        raise SystemExit(f"{path} answered {status} without an ETag: {answer}")
    return {**headers, "If-None-Match": answer["ETag"]}


if __name__ == "__main__":
    main()
