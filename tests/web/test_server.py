"""`make run`'s server (serve.run_waitress): 304s keep their connection, and 100 stalled or
slow connections do not stop it answering everyone else; its garbage collection between
requests (tests/load/test_threaded_server.py runs it under load)."""
from __future__ import annotations

import gc
import http.client
import os
import shutil
import socket
import threading
import time
import weakref

import pytest
from flask import Flask, make_response

from scorekeeper.serve import collect_if_due, run_waitress


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(app, **overrides) -> int:
    """Start run_waitress(app) (with overrides) on a free loopback port in a daemon thread of
    this test process (not the whole process's server); the port, once it accepts
    connections."""
    port = _free_port()
    threading.Thread(target=run_waitress, args=(app, "127.0.0.1", port),
                     kwargs={"whole_process": False, **overrides},
                     daemon=True).start()
    deadline = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return port
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


@pytest.fixture(scope="module")
def port():
    app = Flask(__name__)

    @app.get("/unchanged")
    def unchanged():
        response = make_response("", 304)
        response.set_etag("v1")
        return response

    @app.get("/ok")
    def ok():
        return "ok"

    return serve(app, threads=4)


def test_a_304_keeps_the_connection(port):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    sockets = set()
    for _ in range(3):
        conn.request("GET", "/unchanged", headers={"If-None-Match": '"v1"'})
        response = conn.getresponse()
        response.read()
        assert response.status == 304
        assert response.headers.get("Connection") != "close"
        sockets.add(conn.sock.getsockname())
    assert len(sockets) == 1, "each 304 opened a new connection"
    conn.close()


def test_answers_with_100_stalled_and_slow_connections_open(port):
    stalled = []
    for i in range(100):  # from 100 other clients (each under the per-client cap)
        s = socket.create_connection(("127.0.0.1", port), timeout=5,
                                     source_address=(f"127.0.1.{i + 1}", 0))
        if i % 2:  # half send part of a request and stop; half send nothing at all
            s.sendall(b"GET /ok HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        stalled.append(s)
    try:
        for _ in range(20):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/ok")
            response = conn.getresponse()
            assert (response.status, response.read()) == (200, b"ok")
            conn.close()
    finally:
        for s in stalled:
            s.close()


class _Cycle:
    """An object in a reference cycle: only the cyclic collector frees it."""

    def __init__(self):
        self.me = self


def test_collect_if_due_collects_as_the_thresholds_say():
    was_enabled, thresholds = gc.isenabled(), gc.get_threshold()
    gc.disable()  # as in a server process on Python 3.11
    try:
        gc.collect()
        garbage = _Cycle()
        alive = weakref.ref(garbage)
        del garbage
        gc.set_threshold(1_000_000)  # far from due (other threads allocate too)
        collect_if_due()
        assert alive() is not None
        gc.set_threshold(1)
        collect_if_due()
        assert alive() is None
    finally:
        gc.set_threshold(*thresholds)
        if was_enabled:
            gc.enable()


def _gunicorn(app, tmp_path) -> tuple:
    """deploy/gunicorn.conf.py's server of the app's database, as the service runs it: (its
    port, its process)."""
    import subprocess
    import sys
    from pathlib import Path

    port = _free_port()
    root = Path(__file__).resolve().parents[2]
    env = {**os.environ, "DATABASE_URL": app.config["SQLALCHEMY_DATABASE_URI"],
           "TRUSTED_PROXIES": "1", "SECRET_KEY": "proxy-test", "PORT": str(port),
           "WEB_CONCURRENCY": "1"}
    process = subprocess.Popen([str(Path(sys.executable).parent / "gunicorn"), "--config",
                                str(root / "deploy" / "gunicorn.conf.py"),
                                "scorekeeper:create_app()"], cwd=root, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return port, process
        except OSError:
            assert time.monotonic() < deadline and process.poll() is None, "no gunicorn"
            time.sleep(0.1)


@pytest.mark.skipif(shutil.which("caddy") is None, reason="Caddy is not installed")
@pytest.mark.parametrize("server", ["waitress", "gunicorn"])
def test_behind_a_real_proxy_each_client_is_counted_as_itself(app_factory, tmp_path, server):
    """TRUSTED_PROXIES=1 under `make run` (waitress) and the service's gunicorn, behind Caddy:
    the clients' addresses are the ones the proxy reports, so one client's wrong codes never
    lock out another."""
    import subprocess

    app = app_factory(TRUSTED_PROXIES=1)
    workers = None
    if server == "waitress":
        app_port = serve(app)
    else:
        app_port, workers = _gunicorn(app, tmp_path)
    proxy_port = _free_port()
    config = tmp_path / "Caddyfile"
    config.write_text(f"{{\n\tadmin off\n\tauto_https off\n}}\n:{proxy_port} {{\n"
                      f"\tbind 127.0.0.1\n\treverse_proxy 127.0.0.1:{app_port}\n}}\n")
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_CONFIG_HOME": str(tmp_path / "config")}
    caddy = subprocess.Popen([shutil.which("caddy"), "run", "--adapter", "caddyfile",
                              "--config", str(config)], env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)

    def get(source: str) -> int:
        conn = http.client.HTTPConnection("127.0.0.1", proxy_port, timeout=5,
                                          source_address=(source, 0))
        conn.request("GET", "/api/v1/viewer/ZZZZZZZ")
        status = conn.getresponse().status
        conn.close()
        return status

    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                get("127.0.0.2")
                break
            except OSError:
                assert time.monotonic() < deadline, "Caddy did not start"
                time.sleep(0.1)
        statuses = [get("127.0.0.2") for _ in range(10)]  # (one counted while waiting)
        assert statuses[-1] == 429 and statuses[:9] == [404] * 9, statuses
        assert get("127.0.0.3") == 404  # another client: not locked out
    finally:
        for process in (caddy, workers):
            if process is not None:
                process.terminate()
                process.wait(timeout=10)
