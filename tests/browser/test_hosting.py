"""README "Host it for your club", on this machine: PostgreSQL (.ci/postgres.sh), the app as
deploy/scorekeeper.service runs it (its ExecStartPre and ExecStart, deploy/scorekeeper.env,
deploy/gunicorn.conf.py; two workers) and Caddy serving deploy/Caddyfile with `tls internal`,
all on 127.0.0.1 on free ports. Chromium, trusting Caddy's CA as a phone would once, drives it
over HTTPS: Secure cookies, HSTS, the service worker, a hand entered on one phone and seen live
on another; then the README's backup (pg_dump) restored into a new database holds that hand.

Skipped, with the reason, without Caddy or PostgreSQL (.ci/run installs both from Debian's
packages). The whole stack is started once for this module (a serial group of
tests/conftest.py, so pytest-xdist runs its tests on one worker)."""
from __future__ import annotations

import base64
import glob
import hashlib
import http.client
import os
import shlex
import shutil
import signal
import ssl
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from . import ui
from .live import CHROMIUM, CHROMIUM_ARGS, VIEWPORT
from .test_pwa import controlled

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
VENV = Path(sys.executable).parent.parent
# Where the README installs the project on the server, and this checkout's counterparts.
SERVER_PATHS = {"/opt/scorekeeper/.venv": str(VENV), "/opt/scorekeeper": str(ROOT)}
PG_BIN = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
CADDY = shutil.which("caddy")
START_SECONDS = 60  # under a full `make test` on two cores, gunicorn's workers start slowly

pytestmark = [
    pytest.mark.skipif(not CADDY, reason="Caddy is not installed (.ci/run installs Debian's)"),
    pytest.mark.skipif(not PG_BIN, reason="PostgreSQL is not installed (.ci/run installs it)"),
]


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def unit_settings(path: Path) -> dict[str, list[str]]:
    """The [Service] settings of a systemd unit: each key's values, in order."""
    settings: dict[str, list[str]] = {}
    section = None
    for line in path.read_text().splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
        elif section == "Service" and "=" in line and not line.startswith("#"):
            key, value = line.split("=", 1)
            settings.setdefault(key, []).append(value)
    return settings


def on_this_machine(command: str) -> list[str]:
    """A unit's command line, with the server's paths turned into this checkout's."""
    argv = shlex.split(command)
    for server, here in SERVER_PATHS.items():
        argv = [here + arg[len(server):] if arg.startswith(server) else arg for arg in argv]
    return argv


def env_file(path: Path) -> dict[str, str]:
    """KEY=value lines of a systemd EnvironmentFile (comments and blank lines skipped)."""
    pairs = (line.split("=", 1) for line in path.read_text().splitlines()
             if line.strip() and not line.lstrip().startswith("#"))
    return {key.strip(): value.strip() for key, value in pairs}


def spki_sha256(pem: str) -> str:
    """base64(SHA-256(SubjectPublicKeyInfo)) of a PEM certificate: what Chromium's
    --ignore-certificate-errors-spki-list takes. A few lines of DER: the certificate is a
    SEQUENCE whose first element, tbsCertificate, holds [0] version, serial, signature,
    issuer, validity, subject, then the SubjectPublicKeyInfo."""
    der = ssl.PEM_cert_to_DER_cert(pem)

    def element(pos: int) -> tuple[int, int, int]:
        """(tag, content start, end) of the DER element at pos."""
        tag, size = der[pos], der[pos + 1]
        start = pos + 2
        if size & 0x80:
            count = size & 0x7F
            size = int.from_bytes(der[start:start + count], "big")
            start += count
        return tag, start, start + size

    _, tbs, _ = element(0)  # into the certificate's SEQUENCE
    _, pos, _ = element(tbs)  # into tbsCertificate
    fields = []
    while len(fields) < 7:
        tag, _, end = element(pos)
        fields.append((tag, pos, end))
        pos = end
    if fields[0][0] != 0xA0:  # no explicit version (v1): the key is one field earlier
        fields.insert(0, (0xA0, 0, 0))
    _, spki_start, spki_end = fields[6]
    return base64.b64encode(hashlib.sha256(der[spki_start:spki_end]).digest()).decode()


class Stack:
    """The processes of the stack, each in a session of its own (stopped with its children),
    their logs in one folder: a failure says which one did not come up, with its log."""

    def __init__(self, tmp: Path):
        self.tmp = tmp
        self.procs: list[tuple[str, subprocess.Popen]] = []

    def log(self, name: str) -> Path:
        return self.tmp / f"{name}.log"

    def tail(self, name: str) -> str:
        path = self.log(name)
        return path.read_text(errors="replace")[-4000:] if path.exists() else "(no log)"

    def run(self, name: str, argv: list[str], env: dict, cwd: Path) -> None:
        """Run a command to its end (the unit's ExecStartPre); its failure fails the test."""
        with open(self.log(name), "w") as log:
            done = subprocess.run(argv, env=env, cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
                                  timeout=START_SECONDS)
        if done.returncode:
            pytest.fail(f"{name} ({shlex.join(argv)}) exited {done.returncode}:\n"
                        + self.tail(name))

    def start(self, name: str, argv: list[str], env: dict, cwd: Path) -> subprocess.Popen:
        with open(self.log(name), "w") as log:
            proc = subprocess.Popen(argv, env=env, cwd=cwd, stdout=log, stderr=subprocess.STDOUT,
                                    start_new_session=True)
        self.procs.append((name, proc))
        return proc

    def wait_for(self, name: str, ready, what: str) -> None:
        """Wait until ready() is true (OSError counts as not yet), or fail: the process
        exited, or START_SECONDS passed."""
        proc = dict(self.procs)[name]
        deadline = time.monotonic() + START_SECONDS
        error = None
        while time.monotonic() < deadline:
            if proc.poll() is not None:
                pytest.fail(f"{name} exited ({proc.returncode}) before {what}:\n" + self.tail(name))
            try:
                if ready():
                    return
            except (OSError, ssl.SSLError, http.client.HTTPException) as e:
                error = e
            time.sleep(0.2)
        pytest.fail(f"{name}: no {what} after {START_SECONDS} s (last error: {error!r}):\n"
                    + self.tail(name))

    def stop(self) -> None:
        for _, proc in reversed(self.procs):
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
        for _, proc in reversed(self.procs):
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()


def http_status(port: int, path: str) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        conn.request("GET", path)
        return conn.getresponse().status
    finally:
        conn.close()


def https_get(port: int, path: str, cafile: Path, headers: dict | None = None):
    """(status, headers) of GET https://127.0.0.1:port/path, its certificate checked against
    cafile (Caddy's local CA) and the address."""
    context = ssl.create_default_context(cafile=str(cafile))
    conn = http.client.HTTPSConnection("127.0.0.1", port, context=context, timeout=20)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        response.read()
        return response.status, response.headers
    finally:
        conn.close()


class Site:
    """The stack's addresses: its HTTPS URL and ports, its database, Caddy's CA."""

    def __init__(self, url, https_port, http_port, database_url, ca_dir):
        from urllib.parse import parse_qs, urlsplit

        self.url, self.https_port, self.http_port = url, https_port, http_port
        parts = urlsplit(database_url)
        self.database, self.pg_socket = parts.path.lstrip("/"), parse_qs(parts.query)["host"][0]
        self.ca_dir, self.root_ca = ca_dir, ca_dir / "root.crt"

    def pg(self, tool: str, *args: str, stdin: Path | None = None) -> str:
        """Run a PostgreSQL client (pg_dump, psql...) on the stack's cluster (its input from
        the file stdin, if given); its output."""
        with open(stdin or os.devnull, "rb") as given:
            done = subprocess.run([f"{PG_BIN[-1]}/{tool}", "-h", self.pg_socket, "-U",
                                   "scorekeeper", *args], stdin=given, capture_output=True,
                                  text=True, timeout=120)
        assert done.returncode == 0, f"{tool}: {done.stderr}"
        return done.stdout.strip()

    def sql(self, database: str, query: str) -> str:
        return self.pg("psql", "-d", database, "-At", "-c", query)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("hosting")
    stack = Stack(tmp)
    # PostgreSQL refuses to run as root, and .ci/postgres.sh then runs it as `postgres`, which
    # must reach its folder: one of its own under /tmp, not pytest's (mode 700, root's).
    pg_dir = Path(tempfile.mkdtemp(prefix="sk-hosting-pg."))
    postgres = ROOT / ".ci" / "postgres.sh"
    try:
        started = subprocess.run([str(postgres), "start", str(pg_dir)], capture_output=True,
                                 text=True, timeout=120)
        if started.returncode:
            pytest.fail(f".ci/postgres.sh could not start PostgreSQL:\n{started.stderr}")
        database_url = started.stdout.split("TEST_DATABASE_URL='", 1)[1].split("'", 1)[0]

        https_port, http_port, app_port = free_port(), free_port(), free_port()
        url = f"https://127.0.0.1:{https_port}"
        unit = unit_settings(DEPLOY / "scorekeeper.service")
        settings = env_file(DEPLOY / "scorekeeper.env")
        mine = {"PUBLIC_URL": url, "DATABASE_URL": database_url, "PORT": str(app_port),
                "SECRET_KEY": "hosting-test", "WEB_CONCURRENCY": "2"}
        assert set(mine) <= set(settings), "deploy/scorekeeper.env names every setting"
        assert settings["TRUSTED_PROXIES"] == "1"
        env = {**os.environ, **settings, **mine}
        cwd = Path(on_this_machine(unit["WorkingDirectory"][0])[0])
        for i, command in enumerate(unit["ExecStartPre"]):
            stack.run(f"ExecStartPre-{i}", on_this_machine(command), env, cwd)
        stack.start("gunicorn", on_this_machine(unit["ExecStart"][0]), env, cwd)
        stack.wait_for("gunicorn", lambda: http_status(app_port, "/") == 200,
                       f"answer on 127.0.0.1:{app_port}")

        # deploy/Caddyfile as it is, under the global options of a test on this machine: its
        # own ports, on 127.0.0.1 only, no admin endpoint, its CA in tmp, trusted by no one.
        caddyfile = tmp / "Caddyfile"
        caddyfile.write_text(
            "{\n\tadmin off\n"
            f"\thttp_port {http_port}\n\thttps_port {https_port}\n"
            "\tdefault_bind 127.0.0.1\n\tskip_install_trust\n}\n"
            f"import {DEPLOY / 'Caddyfile'}\n")
        caddy_env = {**os.environ, "HOME": str(tmp), "XDG_DATA_HOME": str(tmp / "data"),
                     "XDG_CONFIG_HOME": str(tmp / "config"), "SCOREKEEPER_SITE": "127.0.0.1",
                     "SCOREKEEPER_TLS_ISSUER": "internal", "SCOREKEEPER_APP_PORT": str(app_port)}
        stack.start("caddy", [CADDY, "run", "--adapter", "caddyfile", "--config",
                              str(caddyfile)], caddy_env, tmp)
        ca_dir = tmp / "data" / "caddy" / "pki" / "authorities" / "local"
        stack.wait_for("caddy", lambda: https_get(https_port, "/", ca_dir / "root.crt")[0]
                       == 200, f"HTTPS answer on {url} with a certificate of its local CA")
        yield Site(url, https_port, http_port, database_url, ca_dir)
    finally:
        stack.stop()
        subprocess.run([str(postgres), "stop", str(pg_dir)], capture_output=True, timeout=60)


def test_https_headers_and_the_redirect(site):
    status, headers = https_get(site.https_port, "/", site.root_ca)
    assert status == 200
    assert headers["Strict-Transport-Security"].startswith("max-age=")
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    # What a client says of the scheme is not believed: Caddy sets X-Forwarded-Proto itself.
    _, spoofed = https_get(site.https_port, "/", site.root_ca,
                           {"X-Forwarded-Proto": "http", "X-Forwarded-For": "203.0.113.7"})
    assert spoofed["Strict-Transport-Security"]
    # Plain http goes to HTTPS.
    conn = http.client.HTTPConnection("127.0.0.1", site.http_port, timeout=20)
    conn.request("GET", "/rules", headers={"Host": "127.0.0.1"})
    response = conn.getresponse()
    assert response.status in (301, 308)
    # (to the host's port 443, where a server's Caddy listens; this test's listens elsewhere)
    assert response.headers["Location"] in (f"{site.url}/rules", "https://127.0.0.1/rules")
    conn.close()


def test_two_phones_over_https_and_the_backup(browser, site, tmp_path):
    trusted = ",".join(spki_sha256((site.ca_dir / name).read_text())
                       for name in ("root.crt", "intermediate.crt"))
    # A phone that trusts the club's certificate: Chromium, told to accept Caddy's CA.
    https_browser = browser.browser_type.launch(
        executable_path=CHROMIUM,
        args=CHROMIUM_ARGS + [f"--ignore-certificate-errors-spki-list={trusted}"])
    try:
        scorer, watcher = (https_browser.new_context(viewport=VIEWPORT).new_page()
                           for _ in range(2))
        for page in (scorer, watcher):
            page.set_default_timeout(15_000)
        first = scorer.goto(site.url + "/")
        assert first.ok and first.headers["strict-transport-security"].startswith("max-age=")
        # a secure context: the Wake Lock API keeps the screen on, NoSleep.js is not loaded
        assert scorer.evaluate("() => window.isSecureContext && 'wakeLock' in navigator")
        # typed: the browser trusts the test CA, ui.send_setup_form's request would not
        gid = ui.new_game(scorer, site.url, "lechner42", ["Ann", "Bob", "Cat", "Dan"], typed=True)
        controlled(scorer)  # the service worker is registered, and controls the page
        assert scorer.evaluate("() => typeof window.NoSleep") == "undefined"
        assert scorer.evaluate(
            "() => navigator.serviceWorker.ready.then(r => r.scope)") == site.url + "/"
        cookies = scorer.context.cookies()
        assert "sk_phone" in {c["name"] for c in cookies}
        assert all(c["secure"] and c["httpOnly"] for c in cookies), cookies

        code = scorer.locator("#share .join-code").inner_text().replace(" ", "")
        watcher.goto(f"{site.url}/g/{code}")
        expect(watcher.locator("#scoreboard")).to_contain_text("Ann")
        expect(watcher.locator(ui.HAND_ROWS)).to_have_count(0)
        ui.enter_hand(scorer)
        expect(watcher.locator(ui.HAND_ROWS)).to_have_count(1, timeout=10_000)  # live, polled
        assert all(c["secure"] for c in watcher.context.cookies())
    finally:
        https_browser.close()

    # README: the backup (pg_dump's custom format) restored into an empty database.
    dump = tmp_path / "scorekeeper.dump"
    site.pg("pg_dump", "--format=custom", f"--file={dump}", site.database)
    site.pg("createdb", "restored")
    site.pg("pg_restore", "--no-owner", "--dbname=restored", stdin=dump)
    for query, expected in ((f"SELECT count(*) FROM hand WHERE game_id = {gid}", "1"),
                            ("SELECT version_num FROM alembic_version", None)):
        assert site.sql("restored", query) == site.sql(site.database, query)
        assert expected is None or site.sql("restored", query) == expected


def test_the_shipped_caddyfile_is_valid_as_it_stands(tmp_path):
    """deploy/Caddyfile with its defaults (the real domain's placeholder, Let's Encrypt), as
    a server's Caddy reads it from /etc/caddy/Caddyfile."""
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path),
           "XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    done = subprocess.run([CADDY, "validate", "--adapter", "caddyfile", "--config",
                           str(DEPLOY / "Caddyfile")], env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and "Valid configuration" in done.stdout + done.stderr, \
        done.stderr
