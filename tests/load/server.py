"""A load or crash test's real server: a process of its own on a free port of 127.0.0.1, and
plain HTTP requests to it."""
from __future__ import annotations

import contextlib
import http.client
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
import urllib.parse
from pathlib import Path

from .database import make_database

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(port, method, path, fields=None, cookies=None, conn=None):
    """(status, headers, body text) of one request, without following redirects."""
    conn = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {}
    body = None
    if cookies:
        headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in cookies.items())
    if fields is not None:
        body = urllib.parse.urlencode(fields, doseq=True)
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    try:
        conn.request(method, path, body=body, headers=headers)
        resp = conn.getresponse()
        return resp.status, resp.headers, resp.read().decode()
    finally:
        conn.close()


def start_server(argv: list[str], port: int, db_url: str, secret: str, log, *,
                 poll: float = 0.1, timeout: float = 30) -> subprocess.Popen:
    """Run argv (from the project's root, on db_url, its output to the open file log) as the
    server of http://127.0.0.1:port, and wait until GET / answers 200.  If it exits or does not
    answer within timeout seconds, it is killed and RuntimeError raised with the log."""
    env = {**os.environ, "DATABASE_URL": db_url, "SECRET_KEY": secret,
           "PUBLIC_URL": f"http://127.0.0.1:{port}"}
    proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + timeout
    while True:
        try:
            if request(port, "GET", "/")[0] == 200:
                return proc
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            proc.wait()
            log.flush()
            raise RuntimeError(f"the server ({Path(argv[0]).name}) did not start:\n"
                               + Path(log.name).read_text())
        time.sleep(poll)


def stop_server(proc: subprocess.Popen) -> None:
    """Stop a server start_server started, if it still runs: asked first, killed after 10 s."""
    if proc.poll() is not None:
        return
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


def kill_during_writes(proc: subprocess.Popen, writers: list[Callable[[], None]],
                       stop: threading.Event, enough: Callable[[], bool],
                       seconds: float) -> None:
    """Run the writers, each in a thread, against the server proc; SIGKILL it in the middle of
    their writes, once enough() holds (or after `seconds`), then tell them to stop and wait."""
    threads = [threading.Thread(target=writer) for writer in writers]
    for t in threads:
        t.start()
    deadline = time.monotonic() + seconds
    while not enough() and time.monotonic() < deadline:
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    stop.set()
    for t in threads:
        t.join(timeout=60)


GUNICORN = Path(sys.executable).parent / "gunicorn"


@contextlib.contextmanager
def gunicorn(tmp: Path, db_url: str, secret: str, workers: int = 4, threads: int = 4):
    """The app under gunicorn (several worker processes and threads, with the deployed
    settings of deploy/gunicorn.conf.py) on db_url: yields its port, and stops it after. Its
    log is tmp/gunicorn.log."""
    port = free_port()
    with open(tmp / "gunicorn.log", "w") as log:
        proc = start_server(
            [str(GUNICORN), "--config", "deploy/gunicorn.conf.py", "--workers", str(workers),
             "--threads", str(threads), "--bind", f"127.0.0.1:{port}", "--graceful-timeout", "2",
             "scorekeeper:create_app()"], port, db_url, secret, log, poll=0.2)
        try:
            yield port
        finally:
            stop_server(proc)


@contextlib.contextmanager
def gunicorn_on_new_database(tmp: Path, name: str, secret: str):
    """gunicorn (gunicorn()) on a new database `name` (make_database): yields (port, db_url);
    once it is stopped, its log must hold no traceback."""
    db_url = make_database(tmp, name)
    with gunicorn(tmp, db_url, secret) as port:
        yield port, db_url
    log = (tmp / "gunicorn.log").read_text()
    assert "Traceback" not in log, log
