"""`make run`'s server (serve.run_waitress) under 1,000 trickling connections from one address:
a phone on another address plays on (p95 under 500 ms), the trickler holds no more than the
per-client cap, and every trickling connection is closed by the header deadline. Loopback
only, bounded: about 15 seconds."""
from __future__ import annotations

import http.client
import socket
import threading
import time

import pytest

from scorekeeper.serve import GUARD

from .helpers import create, game
from .test_server import serve

TRICKLERS = 1000
TRICKLER = "127.0.0.2"  # one address, not the phone's (127.0.0.1)
HEADER_DEADLINE = 3
PLAY_SECONDS = 6
P95_LIMIT = 0.5


def _serve(app) -> int:
    return serve(app, header_deadline=HEADER_DEADLINE, request_deadline=2 * HEADER_DEADLINE)


def _closed(sock: socket.socket) -> bool:
    """Whether the server has closed this connection (EOF or reset), without waiting."""
    try:
        return sock.recv(1, socket.MSG_DONTWAIT) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


class Trickler:
    """TRICKLERS connections from one address, each sending a request's headers a byte at a
    time, every 0.5 s, for as long as the server keeps it open."""

    def __init__(self, port: int):
        self.socks = []
        for _ in range(TRICKLERS):
            s = socket.create_connection(("127.0.0.1", port), timeout=5,
                                         source_address=(TRICKLER, 0))
            s.sendall(b"GET /join HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            s.settimeout(None)  # blocking, so that MSG_DONTWAIT alone decides (see _closed)
            self.socks.append(s)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._trickle, daemon=True)
        self.thread.start()

    def _trickle(self):
        while not self.stop.wait(0.5):
            for s in self.socks:
                try:
                    s.send(b"a", socket.MSG_DONTWAIT)
                except OSError:
                    pass

    def open_count(self) -> int:
        return sum(not _closed(s) for s in self.socks)

    def close(self):
        self.stop.set()
        self.thread.join(2)
        for s in self.socks:
            s.close()


def _phone_plays(port: int, game_id: int, cookie: str) -> list[float]:
    """A scorer's phone for PLAY_SECONDS: polls, reloads the page, enters a hand now and then;
    the time each request took."""
    took = []
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    end = time.monotonic() + PLAY_SECONDS
    i = 0
    while time.monotonic() < end:
        i += 1
        headers = {"Cookie": cookie}
        started = time.perf_counter()
        if i % 10 == 0:
            body = (f"version={game(game_id).version}&mode=quick&bidder=0&bid=30&made=1")
            conn.request("POST", f"/games/{game_id}/hands", body=body, headers={
                **headers, "Content-Type": "application/x-www-form-urlencoded"})
        else:
            conn.request("GET", f"/games/{game_id}/live" if i % 3 else f"/games/{game_id}",
                         headers=headers)
        response = conn.getresponse()
        response.read()
        took.append(time.perf_counter() - started)
        assert response.status in (200, 303, 304, 422), response.status
        if response.getheader("Connection") == "close":
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        time.sleep(0.05)
    conn.close()
    return took


def test_a_phone_plays_on_through_1000_trickling_connections(app, client, capsys):
    game_id = create(client, "texas42")
    cookie = "; ".join(f"{c.key}={c.value}" for c in client._cookies.values())
    port = _serve(app)
    started = time.monotonic()
    trickler = Trickler(port)
    try:
        connected = time.monotonic() - started
        settle = time.monotonic() + HEADER_DEADLINE / 2  # while the server accepts them all
        while (held := trickler.open_count()) > GUARD["connections_per_client"] \
                and time.monotonic() < settle:
            time.sleep(0.1)
        assert held <= GUARD["connections_per_client"], f"{held} trickling connections held"
        took = sorted(_phone_plays(port, game_id, cookie))
        p95 = took[int(len(took) * 0.95) - 1]
        # by now every trickling connection has passed its header deadline
        deadline = time.monotonic() + HEADER_DEADLINE + 3
        while trickler.open_count() and time.monotonic() < deadline:
            time.sleep(0.2)
        left = trickler.open_count()
    finally:
        trickler.close()
    with capsys.disabled():
        print(f"\ntrickle: {TRICKLERS} trickling connections (made in {connected:.1f} s), "
              f"{held} held; phone "
              f"{len(took)} requests, p50 {took[len(took) // 2] * 1000:.0f} ms, "
              f"p95 {p95 * 1000:.0f} ms, max {took[-1] * 1000:.0f} ms")
    assert p95 < P95_LIMIT
    assert left == 0, f"{left} trickling connections outlived the header deadline"


@pytest.mark.parametrize("chunk", [b"zz", b"-1", b"0x10", b" 5", b"5\x00", b"fffffffffffffffff",
                                   b"1" * 100])
def test_a_bad_chunk_size_is_a_prompt_4xx_or_close(app, chunk):
    """A chunked body whose chunk size is not a (reasonable) hexadecimal number: a 400 at
    once, or for a size past the body limit a 413 or the connection closed, never a 5xx and
    never a connection held open waiting for the chunk."""
    port = _serve(app)
    s = socket.create_connection(("127.0.0.1", port), timeout=HEADER_DEADLINE * 3)
    s.sendall(b"POST /join HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
              b"Content-Type: application/x-www-form-urlencoded\r\n\r\n" + chunk +
              b"\r\ncode=\r\n0\r\n\r\n")
    started = time.monotonic()
    answer = b""
    while True:
        data = s.recv(65536)
        if not data:
            break
        answer += data
    s.close()
    assert time.monotonic() - started < 2 * HEADER_DEADLINE + 2
    status = answer.split(b"\r\n", 1)[0]
    assert answer == b"" or status.split(b" ")[1] in (b"400", b"413"), status
