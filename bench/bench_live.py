"""Benchmark (run by hand): how fast the real server answers the phones, as ratios to a bare
route in the same server and the same run (this machine is shared and noisy: absolute numbers
move, ratios much less).

    .venv/bin/python bench/bench_live.py                  # all parts, waitress as `make run`
    .venv/bin/python bench/bench_live.py --server gunicorn --parts phones
    .venv/bin/python bench/bench_live.py --root /tmp/old  # the same bench on another checkout

(gunicorn comes with the test extras: `.venv/bin/pip install -e '.[test]'`.)

Starts the server on 127.0.0.1 (a free port, a temporary SQLite database made by the real
migrations; or DATABASE_URL when given) with one extra route, GET /_bench/bare -> "ok", and
creates a Texas 42 (Lechner Hall) game as its creator, enters 20 hands through the forms, joins
it as a viewer by its code.  Then, by --parts:

- rates: --clients threads on keep-alive connections for --seconds each: the bare route, the
  viewer's poll answered 304 (If-None-Match of the unchanged game), the viewer's full live
  update (200), the scorer's game page; requests/s, median and p95, and each as a ratio of the
  bare route's requests/s.
- phones: --phones phones each polling the live update every 2 s on its own keep-alive
  connection from its own loopback address (127.1.x.y: loopback(); the scorers and viewers
  127.2.x.y), as a room of phones has, which `make run`'s guard of 32 connections an address
  lets in (an asyncio client; a 304 that closes the connection costs a reconnect), spread
  over --games games (copies of the first, imported), each phone starting as one that has
  loaded the game page (its first poll carries the page's ETag, as static/js/live.js sends
  it), while a scorer enters a hand in each
  game every --hand-every seconds (10): latency percentiles and errors over --load-seconds.
  Issue 20's runs, on gunicorn and PostgreSQL (DATABASE_URL):
      --server gunicorn --parts phones --phones 400
      --server gunicorn --parts phones --phones 1000 --games 250 --hand-every 30
- saturday (not in the default parts): issue 38's state championship, --teams teams
  (150) in --saturday-format (pools, or double-elimination) made through the organizer's
  forms, round 1 seated, each table's phone joined by its card's link and saving a hand every
  --hand-every seconds (give 30), --watchers phones (300) polling every 2 s, half the event's
  live part (club members), half the TV by its TV link: each kind's latency percentiles (a
  table's game page and its hand apart), as the clients saw them and as the server did
  (gunicorn's access log: the clients share the 2 cores), the requests over 150 ms and when
  in the run, and the workers' garbage collections over 20 ms (a gc callback's line in the
  server's log).
      --server gunicorn --parts saturday --hand-every 30 --load-seconds 60
      --server gunicorn --parts saturday --saturday-format double-elimination \
          --rounds-played 1 --hand-every 30 --load-seconds 60   (round 2: 64 tables)
- history: the history of changes page of an imported game of 50 and of 500 hands
  (--history-sizes; median of 5 GETs): linear means about 10x.
- sizes: what a phone transfers on first load of the home page and of the game page, the page
  and every stylesheet and script it links, with Accept-Encoding: gzip, br.

`waitress` is served as `scorekeeper serve` configures it (serve.waitress_options(), when the
checkout has it; else 8 threads).  `gunicorn`: as deploy/gunicorn.conf.py runs it (gthread,
8 threads a worker, WEB_CONCURRENCY or 4 workers, or --workers; --keep-alive 10: the keep-alive
outlasts the 2 s poll, so a phone keeps its connection).  The clients run on
the same machine and take CPU from the server: the numbers are a floor, not a capacity. The
phones part says how much: the server's CPU time (its process and workers, /proc) and the
clients' (this process) over the run, as shares of a core.
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import http.client
import json
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
ACCEPT = {"Accept-Encoding": "gzip, deflate, br"}  # what a phone's browser sends

_LAUNCH = """
import sys
from scorekeeper import create_app
app = create_app()
app.add_url_rule("/_bench/bare", "bench_bare", lambda: "ok")
{serve}
"""
_WAITRESS = """
from scorekeeper import serve as s
from waitress import serve
if hasattr(s, "waitress_options"):
    s.run_waitress(app, host="127.0.0.1", port={port})
else:
    serve(app, host="127.0.0.1", port={port}, threads=8)
"""
# gunicorn loads the app from this module (bench_app:app), with the bare route added.
_GUNICORN_APP = """
import gc, os, sys, time
from scorekeeper import create_app
app = create_app()
app.add_url_rule("/_bench/bare", "bench_bare", lambda: "ok")
_started = {}
def _timed(phase, info):  # each collection over 20 ms, to the server's log (GC_LINE)
    if phase == "start":
        _started["at"] = time.perf_counter()
    elif _started:
        ms = (time.perf_counter() - _started.pop("at")) * 1000
        if ms > 20:  # (no gc.get_objects() here: a tuple another thread is building would be
            # seen half made, a SystemError in that thread's request)
            print(f"gc: generation {info['generation']} {ms:.0f} ms, pid {os.getpid()}",
                  file=sys.stderr, flush=True)
gc.callbacks.append(_timed)
"""
GC_LINE = re.compile(r"^gc: generation (\d) (\d+) ms", re.M)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def loopback(n: int, net: int) -> str:
    """The n-th address of 127.net.0.0/16 (Linux answers the whole of 127.0.0.0/8), never
    127.0.0.1: each phone connects from an address of its own, as a room of phones does, so
    that the server's per-client guard (serve.py: 32 connections an address) counts each
    phone apart instead of refusing the room."""
    return f"127.{net}.{n // 254}.{1 + n % 254}"


PHONES_NET, CLIENTS_NET = 1, 2  # the phones' addresses (127.1.x.y), the Clients' (127.2.x.y)
_clients = iter(range(254 * 256))


class Client:
    """One phone: a keep-alive connection from a loopback address of its own, a cookie jar."""

    def __init__(self, port: int):
        address = loopback(next(_clients), CLIENTS_NET)
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30,
                                               source_address=(address, 0))
        self.jar: dict[str, str] = {}

    def request(self, method, path, fields=None, headers=None, raw=False):
        headers = dict(headers or {})
        if self.jar:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.jar.items())
        body = None
        if fields is not None:
            body = urllib.parse.urlencode(fields, doseq=True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            self.conn.request(method, path, body=body, headers=headers)
            resp = self.conn.getresponse()
        except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
            # the server closed an idle keep-alive connection: a browser retries on a new one
            self.conn.close()
            self.conn.request(method, path, body=body, headers=headers)
            resp = self.conn.getresponse()
        data = resp.read()
        for header in resp.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(header).items():
                self.jar[name] = morsel.value
        if resp.headers.get("Connection", "").lower() == "close":
            self.conn.close()
        return resp.status, resp.headers, (data if raw else data.decode())


def hidden(html: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', html).group(1)


# gunicorn's access log: each request's method, path, status and time in the server (µs), read
# by the Saturday part to tell the server's time from the clients' (they share the 2 cores).
ACCESS_LOG = "access.log"


def start_server(kind: str, root: Path, port: int, db_url: str, tmp: Path, log,
                 workers: int | None = None):
    env = {**os.environ, "DATABASE_URL": db_url, "SECRET_KEY": "bench-secret",
           "PUBLIC_URL": f"http://127.0.0.1:{port}", "PYTHONPATH": f"{root}{os.pathsep}{tmp}"}
    if kind == "gunicorn":
        (tmp / "bench_app.py").write_text(_GUNICORN_APP)
        cmd = [str(BIN / "gunicorn"), "--config", "deploy/gunicorn.conf.py",
               *(["--workers", str(workers)] if workers else []), "--bind",
               f"127.0.0.1:{port}", "--access-logfile", str(tmp / ACCESS_LOG),
               "--access-logformat", "%(m)s %(U)s %(s)s %(D)s", "bench_app:app"]
    else:
        cmd = [sys.executable, "-c", _LAUNCH.format(serve=_WAITRESS.format(port=port))]
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while True:
        try:
            if Client(port).request("GET", "/_bench/bare")[0] == 200:
                return proc
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            log.flush()
            raise SystemExit("the server did not start:\n" + Path(log.name).read_text())
        time.sleep(0.2)


def lechner_hand(creator: Client, game_id: int, k: int) -> None:
    """Hand k: every bid set, so the marks alternate and the game never ends."""
    _, _, html = creator.request("GET", f"/games/{game_id}")
    status, _, html = creator.request("POST", f"/games/{game_id}/hands", {
        "csrf_token": hidden(html, "csrf_token"), "version": hidden(html, "version"),
        "mode": "quick", "bidder": str((k + 1) % 4), "bid": "31", "contract": "straight",
        "points": str(20 + k % 7)})
    assert status == 303, f"hand {k + 1}: {status} {html[:500]}"


def set_up_game(port: int, hands: int = HANDS) -> tuple[int, Client, Client]:
    """A game with `hands` hands; the creator (scorer) and a viewer who joined by code."""
    creator = Client(port)
    _, _, html = creator.request("GET", "/games/new?variant=lechner42")
    status, headers, html = creator.request("POST", "/games/new", {
        "csrf_token": hidden(html, "csrf_token"), "variant": "lechner42", "first_dealer": "0",
        "name-0": "Ann", "name-1": "Bob", "name-2": "Cat", "name-3": "Dan"})
    assert status == 303, html
    game_id = int(headers["Location"].rstrip("/").rsplit("/", 1)[1])
    for k in range(hands):
        lechner_hand(creator, game_id, k)
    html = creator.request("GET", f"/games/{game_id}")[2]
    assert f"Edit hand {hands}" in html and 'name="version"' in html, "the game ended or failed"
    code = re.search(r'href="[^"]*/g/([A-Z0-9]{7})"', html)[1]  # the share section's link
    viewer = Client(port)
    status, _, _ = viewer.request("GET", f"/g/{code}")  # as the QR code is scanned
    joined = any(k.startswith(("sk_v_", "sk_phone")) for k in viewer.jar)  # before phones, or now
    assert status == 303 and joined, "join failed"
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
            status = c.request("GET", path, headers=headers, raw=True)[0]
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
    return (len(all_times) / elapsed, statistics.median(all_times) * 1000,
            pct(all_times, 0.95) * 1000)


def pct(sorted_times, q):
    return sorted_times[min(len(sorted_times) - 1, int(q * len(sorted_times)))]


def part_rates(port, game_id, creator, viewer, args):
    live = f"/games/{game_id}/live"
    etag = viewer.request("GET", live, headers=ACCEPT, raw=True)[1]["ETag"]
    rows = [
        ("bare route", {}, "/_bench/bare", {}, 200),
        ("live 304 (If-None-Match)", viewer.jar, live, {**ACCEPT, "If-None-Match": etag}, 304),
        ("live 200 (viewer, full)", viewer.jar, live, {**ACCEPT, "HX-Request": "true"}, 200),
        ("game page (scorer)", creator.jar, f"/games/{game_id}", ACCEPT, 200),
    ]
    print(f"\n## rates: {args.clients} clients, {args.seconds:g} s each, {HANDS} hands")
    print(f"{'request':<26} {'req/s':>8} {'ratio':>6} {'median ms':>10} {'p95 ms':>8}")
    bare = None
    for label, jar, path, headers, expect in rows:
        rate, median, p95 = measure(port, jar, path, headers, expect, args.clients, args.seconds)
        bare = bare or rate
        print(f"{label:<26} {rate:>8.0f} {rate / bare:>6.2f} {median:>10.1f} {p95:>8.1f}",
              flush=True)


# ---------------------------------------------------------------- 400 phones


async def _read_response(reader):
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        if ":" in line:
            k, v = line.split(":", 1)
            headers[k.strip().lower()] = v.strip()
    if "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"]))
    elif headers.get("transfer-encoding", "").lower() == "chunked":
        body = b""
        while True:
            size = int((await reader.readline()).split(b";")[0], 16)
            chunk = await reader.readexactly(size + 2)
            body += chunk[:-2]
            if size == 0:
                break
    elif status in (204, 304) or status < 200:
        body = b""
    else:
        body = await reader.read()
        headers["connection"] = "close"
    return status, headers, body


def shown_etag(client: Client, game_id: int) -> str:
    """The If-None-Match of a phone's first poll: the ETag of the game page it has loaded
    (#live's data-etag, which static/js/live.js sends with every poll)."""
    html = client.request("GET", f"/games/{game_id}")[2]
    return 'W/"%s"' % re.search(r'id="live"[^>]*data-etag="([^"]+)"', html)[1]


async def _phones(port, targets, phones, seconds, scorers, period):
    """`phones` phones, phone i polling targets[i % len(targets)] (path, cookie, the ETag of
    the page it loaded) every 2 s on its own keep-alive connection, and scorers[g](k)
    entering game g's hand k every `period` seconds (the games' first hands spread over the
    period)."""
    loop = asyncio.get_running_loop()
    stop = loop.time() + seconds
    latencies: list[float] = []
    by_kind: dict[str, list[float]] = {}  # the latencies by the kind of poll (its path's end)
    by_window: dict[int, list[float]] = {}  # the latencies by WINDOW seconds of the run
    counts = {"200": 0, "304": 0, "errors": 0, "connects": 0}
    first_errors: list[str] = []

    async def phone(i):
        path, cookie, etag = targets[i % len(targets)]
        await asyncio.sleep(2.0 * i / phones)  # spread over the 2 s period
        reader = writer = None
        due = loop.time()
        while loop.time() < stop:
            t0 = time.perf_counter()
            try:
                if writer is None:
                    reader, writer = await asyncio.wait_for(asyncio.open_connection(
                        "127.0.0.1", port, local_addr=(loopback(i, PHONES_NET), 0)), 10)
                    counts["connects"] += 1
                req = (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: {cookie}\r\n"
                       "HX-Request: true\r\nAccept-Encoding: gzip, deflate, br\r\n"
                       + (f"If-None-Match: {etag}\r\n" if etag else "") + "\r\n")
                writer.write(req.encode())
                status, headers, _ = await asyncio.wait_for(_read_response(reader), 10)
                latencies.append(time.perf_counter() - t0)
                by_kind.setdefault(path.rsplit("/", 1)[1], []).append(latencies[-1])
                by_window.setdefault(int((loop.time() - stop + seconds) // WINDOW), []).append(
                    latencies[-1])
                if status == 200:
                    etag = headers.get("etag")
                    counts["200"] += 1
                elif status == 304:
                    counts["304"] += 1
                else:
                    raise RuntimeError(f"status {status}")
                if headers.get("connection", "").lower() == "close":
                    writer.close()
                    writer = None
            except Exception as exc:  # counted; the phone reconnects next time
                counts["errors"] += 1
                if len(first_errors) < 3:
                    first_errors.append(repr(exc))
                if writer is not None:
                    writer.close()
                writer = None
            due += 2.0
            await asyncio.sleep(max(0.0, due - loop.time()))
        if writer is not None:
            writer.close()

    async def scorer(g, write):
        k = 0
        await asyncio.sleep(period * (g + 1) / len(scorers))
        while loop.time() < stop - 1:
            t0 = time.perf_counter()
            await asyncio.to_thread(write, k)
            writes.append(time.perf_counter() - t0)
            k += 1
            await asyncio.sleep(max(0.0, period - (time.perf_counter() - t0)))

    writes: list[float] = []
    await asyncio.gather(*(scorer(g, w) for g, w in enumerate(scorers)),
                         *(phone(i) for i in range(phones)))
    _phones.by_kind = by_kind  # (part_saturday reads each kind's)
    return sorted(latencies), counts, first_errors, writes, by_window


WINDOW = 10  # seconds: the phones' latency is shown by such windows of the run too


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) used so far by process `pid` and its children that are
    still running (gunicorn's workers), from /proc."""
    pids, seen = [pid], 0.0
    while pids:
        one = pids.pop()
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
            children = Path(f"/proc/{one}/task/{one}/children").read_text().split()
        except OSError:
            continue
        seen += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        pids += [int(c) for c in children]
    return seen


def part_phones(port, game_id, creator, viewer, args):
    """--phones phones over --games games (the set-up game and copies of it, imported, each
    joined by a viewer whose cookie its phones share), a hand entered in each game every
    --hand-every seconds."""
    record = creator.request("GET", f"/games/{game_id}/record.json")[2]
    games = [(game_id, viewer)]
    while len(games) < args.games:
        _, _, html = creator.request("GET", "/games/new")
        status, headers, body = creator.request("POST", "/games/import", {
            "csrf_token": hidden(html, "csrf_token"), "record": record})
        assert status == 303, f"import: {status} {body[:300]}"
        gid = int(headers["Location"].rstrip("/").rsplit("/", 1)[1])
        code = re.search(r'href="[^"]*/g/([A-Z0-9]{7})"',
                         creator.request("GET", f"/games/{gid}")[2])[1]
        watcher = Client(port)
        assert watcher.request("GET", f"/g/{code}")[0] == 303, "join failed"
        games.append((gid, watcher))
    targets = [(f"/games/{gid}/live", "; ".join(f"{k}={v}" for k, v in c.jar.items()),
                shown_etag(c, gid)) for gid, c in games]
    scorers = []
    for gid, _ in games:
        writer = Client(port)
        writer.jar = dict(creator.jar)
        scorers.append(lambda k, gid=gid, writer=writer: lechner_hand(writer, gid, HANDS + k))

    server_before, client_before = tree_cpu(args.server_pid), time.process_time()
    database_before = tree_cpu(args.database_pid) if args.database_pid else 0.0
    # No collection of this process's garbage during the run: a full one over 1,000 phones'
    # coroutines stopped every phone here for up to 80 ms, counted as the server's latency.
    gc.freeze()
    gc.disable()
    try:
        lat, counts, errs, writes, by_window = asyncio.run(
            _phones(port, targets, args.phones, args.load_seconds, scorers, args.hand_every))
    finally:
        gc.enable()
        gc.unfreeze()
    server_cpu = tree_cpu(args.server_pid) - server_before
    client_cpu = time.process_time() - client_before
    database_cpu = tree_cpu(args.database_pid) - database_before if args.database_pid else None
    print(f"\n## phones: {args.phones} phones over {len(games)} game(s) polling every 2 s for "
          f"{args.load_seconds:g} s, a hand entered in each game every {args.hand_every:g} s "
          f"({len(writes)} hands)")
    if lat:
        print(f"polls {len(lat)} ({len(lat) / args.load_seconds:.0f}/s): 200 {counts['200']}, "
              f"304 {counts['304']}, errors {counts['errors']}, TCP connections "
              f"{counts['connects']}")
        print("latency ms: " + ", ".join(f"p{int(q * 100)} {pct(lat, q) * 1000:.1f}"
                                         for q in (0.5, 0.95, 0.99)) +
              f", max {lat[-1] * 1000:.1f}")
        print(f"p95 ms by {WINDOW} s of the run (the first: every phone's first poll, every "
              "game's first head read in each worker): " + ", ".join(
                  f"{pct(sorted(window), 0.95) * 1000:.1f}"
                  for _, window in sorted(by_window.items())))
    if writes:
        print(f"scorer's hand (GET page + POST): median {statistics.median(writes) * 1000:.0f} ms")
    print(f"CPU over the run: the server {server_cpu:.1f} s "
          f"({server_cpu / args.load_seconds:.0%} of one core; "
          f"{server_cpu * 1000 / max(len(lat), 1):.2f} ms a poll, the hands included), the "
          f"clients (this process) {client_cpu:.1f} s "
          f"({client_cpu / args.load_seconds:.0%} of one core), "
          + (f"the database {database_cpu:.1f} s ({database_cpu / args.load_seconds:.0%}), "
             if database_cpu is not None else "") + f"of {os.cpu_count()} cores; "
          f"load {os.getloadavg()[0]:.1f}")
    for e in errs:
        print("error:", e)


# ---------------------------------------------------------------- a 150-team Saturday


def part_saturday(port, args, app):
    """Issue 38's Saturday: a --teams-team event (--saturday-format: pools, 74 tables in round
    1 at 150 teams; or double-elimination) made through the organizer's forms, round 1 seated,
    each table's phone joined by its table card's link (as its QR code is scanned) and saving
    a hand every --hand-every seconds (30), while --watchers phones poll every 2 s: half the
    event page's live part as club members, half the TV by its TV link. Latency by kind
    (the event poll, the TV poll, a table's hand), errors, CPU."""
    from scorekeeper.extensions import db
    from scorekeeper.models import Club, EventMatch, Game
    from tests.web.events.helpers import play

    def open_games(event_id: int) -> list[int]:
        return list(db.session.scalars(
            db.select(Game.id).join(EventMatch, Game.event_match_id == EventMatch.id)
            .where(EventMatch.event_id == event_id, Game.finished.is_(False))))

    organizer = Client(port)
    html = organizer.request("GET", "/clubs")[2]
    status, headers, _ = organizer.request("POST", "/clubs", {
        "csrf_token": hidden(html, "csrf_token"), "name": "Hallettsville", "label": "organizer"})
    assert status == 303, status
    club = headers["Location"].rstrip("/").rsplit("/", 1)[1]
    html = organizer.request("GET", f"/clubs/{club}/events/new")[2]
    teams = "\n".join(f"Team{i} A & Team{i} B" for i in range(args.teams))
    status, headers, body = organizer.request("POST", f"/clubs/{club}/events", {
        "csrf_token": hidden(html, "csrf_token"), "name": "State championship",
        "day": "2026-11-28", "variant": "texas42", "format": args.saturday_format,
        "entrants": teams})
    assert status == 303, body[:500]
    event_path = urllib.parse.urlsplit(headers["Location"]).path
    event_id = int(event_path.rsplit("/", 1)[1])
    for played in range(args.rounds_played + 1):
        if played:  # the round's games played to the end (7-0), as the game page writes them
            with app.app_context():
                for game_id in open_games(event_id):
                    play(game_id, [0] * 7)
                db.engine.dispose()
        html = organizer.request("GET", event_path)[2]
        status, _, body = organizer.request("POST", event_path + "/rounds", {
            "csrf_token": hidden(html, "csrf_token"), "version": hidden(html, "version")})
        assert status == 303, body[:500]
    html = organizer.request("GET", event_path)[2]
    organizer.request("POST", event_path + "/tv-link", {"csrf_token": hidden(html, "csrf_token")})
    html = organizer.request("GET", event_path)[2]
    tv_link = re.search(r'href="https?://[^/"]+(/e/[^"/]+/tv)"', html)[1]
    with app.app_context():
        code = db.session.get(Club, int(club)).code
        secrets = db.session.execute(
            db.select(Game.id, Game.scorer_secret).join(
                EventMatch, Game.event_match_id == EventMatch.id)
            .where(EventMatch.event_id == event_id, Game.finished.is_(False))
            .order_by(EventMatch.table)).all()
        db.engine.dispose()
    scorers = []
    table_times: dict[str, list[float]] = {}  # a table's requests' latencies, by kind
    for game_id, secret in secrets:  # each table's phone scans its card
        table = Client(port)
        assert table.request("GET", f"/s/{secret}")[0] == 303, "a table card's link failed"
        scorers.append(lambda k, gid=game_id, phone=table: texas_hand(phone, gid, k, table_times))
    members = []
    for i in range(args.member_phones):  # the watchers' phones joined the club (as its code)
        member = Client(port)
        html = member.request("GET", "/clubs")[2]
        assert member.request("POST", "/clubs/join", {
            "csrf_token": hidden(html, "csrf_token"), "code": code,
            "label": f"watcher {i}"})[0] == 303, "join failed"
        members.append(member)
    targets = []
    for i, member in enumerate(members):
        html = member.request("GET", event_path)[2]
        etag = 'W/"%s"' % re.search(r'id="live"[^>]*data-etag="([^"]+)"', html)[1]
        targets.append((event_path + "/live",
                        "; ".join(f"{k}={v}" for k, v in member.jar.items()), etag))
        screen = Client(port)
        html = screen.request("GET", tv_link)[2]
        etag = 'W/"%s"' % re.search(r'id="live"[^>]*data-etag="([^"]+)"', html)[1]
        targets.append((tv_link, "; ".join(f"{k}={v}" for k, v in screen.jar.items()), etag))
    print(f"\n## Saturday: {args.teams} teams, {args.saturday_format}, round "
          f"{args.rounds_played + 1} at "
          f"{len(scorers)} tables, a hand at each every {args.hand_every:g} s; "
          f"{args.watchers} phones: the event's live part ({len(members)} members' cookies) "
          f"and the TV by its link")
    args.phones, args.games = args.watchers, len(targets)
    logged_before = args.access_log.stat().st_size if args.access_log.exists() else 0
    server_before = tree_cpu(args.server_pid)
    database_before = tree_cpu(args.database_pid) if args.database_pid else 0.0
    gc.freeze()
    gc.disable()
    try:
        lat, counts, errs, writes, _ = asyncio.run(
            _phones(port, targets, args.watchers, args.load_seconds, scorers, args.hand_every))
    finally:
        gc.enable()
        gc.unfreeze()
    server_cpu = tree_cpu(args.server_pid) - server_before
    database_cpu = tree_cpu(args.database_pid) - database_before if args.database_pid else None
    print(f"polls {len(lat)}: 200 {counts['200']}, 304 {counts['304']}, errors "
          f"{counts['errors']}; hands {len(writes)}")
    print("| request | count | p50 ms | p95 ms | p99 ms | max ms |\n| --- | --- | --- | --- | --- | --- |")
    kinds = {("event poll" if kind == "live" else "TV poll (its link)"): sorted(times)
             for kind, times in _phones.by_kind.items()}
    kinds.update((kind, sorted(times)) for kind, times in table_times.items())
    kinds["a table's hand, both requests"] = sorted(writes)
    for label, times in kinds.items():
        if times:
            print(f"| {label} | {len(times)} | " + " | ".join(
                f"{pct(times, q) * 1000:.1f}" for q in (0.5, 0.95, 0.99)) +
                f" | {times[-1] * 1000:.1f} |")
    log = args.access_log.with_name("server.log")
    collections = GC_LINE.findall(log.read_text()) if log.exists() else []
    print(f"garbage collections over 20 ms in the workers (the whole night): {len(collections)}"
          + "".join(f"\n  generation {g}: {ms} ms" for g, ms in collections))
    if args.access_log.exists():
        print("\nIn the server (gunicorn's access log: from the request read to the answer "
              "written, without the clients' own delays)")
        in_server(args.access_log, logged_before)
    print(f"CPU over the run: the server {server_cpu:.1f} s "
          f"({server_cpu / args.load_seconds:.0%} of one core)"
          + (f", the database {database_cpu:.1f} s" if database_cpu is not None else "")
          + f"; {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    for e in errs:
        print("error:", e)
    if errs and log.exists():  # the server's side of an error: its log's tracebacks
        print("\n".join(line for line in log.read_text().splitlines()
                        if not line.startswith("gc: "))[-6000:])


SERVER_KINDS = (("event poll", re.compile(r"GET /clubs/\d+/events/\d+/live$")),
                ("TV poll (its link)", re.compile(r"GET /e/[^/]+/tv$")),
                ("a table's game page (GET)", re.compile(r"GET /games/\d+$")),
                ("a table's hand (POST)", re.compile(r"POST /games/\d+/hands$")))


def in_server(access_log: Path, offset: int) -> None:
    """The latency percentiles of each kind of request in gunicorn's access log from byte
    `offset` on (the load's run)."""
    times: dict[str, list[float]] = {}
    slow: list[tuple[float, str, int]] = []  # over 150 ms: when in the run (0-1), kind, ms
    with open(access_log, "rb") as f:
        f.seek(offset)
        lines = f.read().decode().splitlines()
    for n, line in enumerate(lines):
        method, path, _status, micros = line.split()
        kind = next((k for k, pattern in SERVER_KINDS if pattern.match(f"{method} {path}")),
                    None)
        if kind:
            times.setdefault(kind, []).append(int(micros) / 1e6)
            if int(micros) > 150_000:
                slow.append((n / len(lines), kind, int(micros) // 1000))
    print("| request | count | p50 ms | p95 ms | p99 ms | max ms |\n"
          "| --- | --- | --- | --- | --- | --- |")
    for kind, _pattern in SERVER_KINDS:
        kept = sorted(times.get(kind, []))
        if kept:
            print(f"| {kind} | {len(kept)} | " + " | ".join(
                f"{pct(kept, q) * 1000:.1f}" for q in (0.5, 0.95, 0.99)) +
                f" | {kept[-1] * 1000:.1f} |")
    print(f"over 150 ms: {len(slow)}" + "".join(
        f"\n  at {at:.0%} of the run: {kind}, {ms} ms" for at, kind, ms in slow[:40]))


def texas_hand(phone: Client, game_id: int, k: int, times: dict) -> None:
    """A table phone saves hand k of its Texas 42 game (bids set and made in turn): it loads
    the game page, then posts the hand; each request's latency is added to `times` by kind."""
    start = time.perf_counter()
    _, _, html = phone.request("GET", f"/games/{game_id}")
    loaded = time.perf_counter()
    if 'name="version"' not in html:
        return  # the game is over
    status, _, html = phone.request("POST", f"/games/{game_id}/hands", {
        "csrf_token": hidden(html, "csrf_token"), "version": hidden(html, "version"),
        "mode": "quick", "bidder": str((k + 1) % 4), "bid": "30", "contract": "straight",
        "points": str(20 + k % 15)})
    assert status == 303, f"a table's hand {k + 1}: {status} {html[:300]}"
    times.setdefault("a table's game page (GET)", []).append(loaded - start)
    times.setdefault("a table's hand (POST)", []).append(time.perf_counter() - loaded)


# ---------------------------------------------------------------- history


def part_history(port, args, app):
    """Import a game of 500 hands (the lechner pattern repeats every 28 hands) and of 50, then
    give it the audit trail of hands entered one by one: an "entered" event per hand, with an
    edit and an undo-and-enter-again every 10 hands."""
    from scorekeeper.extensions import db
    from scorekeeper.models import AuditEvent

    creator = Client(port)
    set_game = set_up_game(port, hands=28)
    game_id, c28 = set_game[0], set_game[1]
    record = json.loads(c28.request("GET", f"/games/{game_id}/record.json")[2])
    base = record["hands"]
    print("\n## history of changes page (median of 5 GETs)")
    for n in args.history_sizes:
        rec = {**record, "hands": [base[k % 28] for k in range(n)]}
        _, _, html = creator.request("GET", "/games/new")
        status, headers, body = creator.request("POST", "/games/import", {
            "csrf_token": hidden(html, "csrf_token"), "record": json.dumps(rec)})
        assert status == 303, f"import of {n} hands: {status} {body[:300]}"
        gid = int(headers["Location"].rstrip("/").rsplit("/", 1)[1])
        with app.app_context():
            events = []
            for k, hand in enumerate(rec["hands"]):
                events.append(AuditEvent(game_id=gid, action="entered", hand_number=k, data=hand,
                                         via="creator"))
                if k % 10 == 9:
                    events += [AuditEvent(game_id=gid, action=a, hand_number=k, data=hand,
                                          via="creator") for a in ("edited", "undone", "entered")]
            db.session.add_all(events)
            db.session.commit()
            db.engine.dispose()
        url = f"/games/{gid}/history"
        times = []
        for _ in range(6):
            t0 = time.perf_counter()
            status, _, body = creator.request("GET", url, headers=ACCEPT, raw=True)
            times.append(time.perf_counter() - t0)
            assert status == 200, status
        print(f"{n:>4} hands: {statistics.median(times[1:]) * 1000:8.1f} ms", flush=True)


# ---------------------------------------------------------------- sizes


def _transfer(client, path):
    """Bytes on the wire for one GET: status line and headers, then the body as sent."""
    status, headers, body = client.request("GET", path, headers=ACCEPT, raw=True)
    head = sum(len(k) + len(v) + 4 for k, v in headers.items()) + 20
    return status, headers, body, head + len(body)


def part_sizes(port, game_id, creator, viewer, args):
    print("\n## first load, as transferred (Accept-Encoding: gzip, deflate, br)")
    for label, client_jar, path in (("home (creator)", creator.jar, "/"),
                                    ("game page (viewer)", viewer.jar, f"/games/{game_id}"),
                                    ("game page (creator)", creator.jar, f"/games/{game_id}")):
        c = Client(port)
        c.jar = dict(client_jar)
        status, headers, body, total = _transfer(c, path)
        enc = headers.get("Content-Encoding", "identity")
        import gzip
        import zlib
        if enc == "gzip":
            html = gzip.decompress(body).decode()
        elif enc == "br":
            import brotli
            html = brotli.decompress(body).decode()
        elif enc == "deflate":
            html = zlib.decompress(body).decode()
        else:
            html = body.decode()
        parts = [f"page {total / 1024:.1f} KB ({enc})"]
        for url in re.findall(r'(?:src|href)="(/static/[^"]+)"', html):
            url = url.replace("&amp;", "&")
            _, h, _, size = _transfer(c, url)
            total += size
            parts.append(f"{url.rsplit('/', 1)[1].split('?')[0]} {size / 1024:.1f} KB "
                         f"({h.get('Content-Encoding', 'identity')}, "
                         f"{h.get('Cache-Control', 'no Cache-Control')})")
        print(f"{label:<22} {total / 1024:6.1f} KB: " + "; ".join(parts))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--server", choices=("waitress", "gunicorn"), default="waitress")
    parser.add_argument("--workers", type=int, default=None,
                        help="gunicorn's workers (default: deploy/gunicorn.conf.py's)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout to serve")
    parser.add_argument("--port", type=int, default=None, help="the server's (default: a free one)")
    parser.add_argument("--parts", default="rates,phones,history,sizes")
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--phones", type=int, default=400)
    parser.add_argument("--games", type=int, default=1, help="the phones poll this many games")
    parser.add_argument("--hand-every", type=float, default=10.0,
                        help="seconds between two hands of a game")
    parser.add_argument("--load-seconds", type=float, default=40.0)
    parser.add_argument("--database-pid", type=int, default=None,
                        help="the database server's process (PostgreSQL's postmaster, from "
                        "postmaster.pid): its CPU over the phones' run is shown too")
    parser.add_argument("--teams", type=int, default=150, help="the Saturday's teams")
    parser.add_argument("--saturday-format", default="pools",
                        choices=("pools", "double-elimination"))
    parser.add_argument("--rounds-played", type=int, default=0,
                        help="the Saturday's rounds played before the load, each game 7-0 "
                        "(a 150-team double elimination seats 22 tables in round 1, 64 in "
                        "round 2: give 1)")
    parser.add_argument("--watchers", type=int, default=300,
                        help="the Saturday's phones watching the event page and the TV")
    parser.add_argument("--member-phones", type=int, default=20,
                        help="the club members' cookies the Saturday's watchers share")
    parser.add_argument("--history-sizes", default="50,500",
                        type=lambda text: [int(n) for n in text.split(",")],
                        help="hands of the games whose history page is timed")
    args = parser.parse_args()
    parts = args.parts.split(",")
    root = args.root.resolve()
    sys.path.insert(0, str(root))

    from flask_migrate import upgrade

    from scorekeeper import create_app
    from scorekeeper.extensions import db

    with tempfile.TemporaryDirectory() as tmp:
        db_url = os.environ.get("DATABASE_URL") or f"sqlite:///{tmp}/bench.sqlite"
        app = create_app({"SQLALCHEMY_DATABASE_URI": db_url, "SECRET_KEY": "bench-secret"})
        with app.app_context():
            upgrade(directory=str(root / "migrations"))
            db.engine.dispose()
        port = args.port or free_port()
        with open(Path(tmp) / "server.log", "w") as log:
            proc = start_server(args.server, root, port, db_url, Path(tmp), log, args.workers)
            args.server_pid, args.access_log = proc.pid, Path(tmp) / ACCESS_LOG
            try:
                print(f"# {args.server}, root {root}, {os.cpu_count()} CPUs, "
                      f"{time.strftime('%Y-%m-%d %H:%M:%S')}")
                game_id, creator, viewer = set_up_game(port)
                if "rates" in parts:
                    part_rates(port, game_id, creator, viewer, args)
                if "sizes" in parts:
                    part_sizes(port, game_id, creator, viewer, args)
                if "phones" in parts:
                    part_phones(port, game_id, creator, viewer, args)
                if "history" in parts:
                    part_history(port, args, app)
                if "saturday" in parts:
                    part_saturday(port, args, app)
            finally:
                proc.terminate()
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()


if __name__ == "__main__":
    main()
