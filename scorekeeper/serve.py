"""`scorekeeper serve`: the app under waitress on all interfaces, with the URL and a QR code."""
from __future__ import annotations

import gc
import io
import os
import sys

import qrcode

from .network import public_base_url
from .security import IMPORT_MAX_BYTES

DEFAULT_PORT = 5000
# Threads answering requests in one process: waitress's here, and what a gunicorn worker is run
# with (--threads 8). The database pool is sized to it (scorekeeper.create_app).
THREADS = 8


def qr_text(url: str) -> str:
    qr = qrcode.QRCode(border=1)
    qr.add_data(url)
    qr.make(fit=True)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    return out.getvalue()


def port_from_env() -> int:
    try:
        return int(os.environ.get("PORT", DEFAULT_PORT))
    except ValueError:
        return DEFAULT_PORT


def waitress_options() -> dict:
    """How `make run` serves: tuned so that hundreds of phones polling on keep-alive
    connections, and 100 stalled or slow ones, never starve the others.

    waitress reads requests and writes answers in one asynchronous loop and hands only complete
    requests to its threads, so a slow or stalled client holds a socket, not a thread; the
    limits below are about sockets. connection_limit (default 100) would turn the 101st phone
    away; poll() instead of select(), which cannot watch more than 1024 sockets; an idle
    connection is closed after channel_timeout (a phone polls every 2 s, so its keep-alive
    connection stays open between polls); a request body is never larger than an import
    (the app refuses any other body past 1 MB).
    """
    return {
        "threads": THREADS,
        "connection_limit": 1000,
        "asyncore_use_poll": True,
        "channel_timeout": 30,
        "cleanup_interval": 10,
        "backlog": 1024,
        "max_request_body_size": IMPORT_MAX_BYTES + 100_000,  # the form around it
        "max_request_header_size": 65_536,
        "ident": "scorekeeper",
    }


def _keep_alive_task():
    """A waitress task that keeps an HTTP/1.1 connection open after a bodiless answer.

    waitress closes the connection after any answer without Content-Length, a 304 included
    (it drops the header on answers without a body, then sees none): every unchanged poll would
    open a new TCP connection. A 304 (or 204, 1xx) never has a body, so the client knows where
    it ends without one, and the connection can be kept.
    """
    from waitress.task import WSGITask

    class KeepAliveTask(WSGITask):
        def build_response_header(self):
            if (self.has_body or self.version != "1.1"
                    or self.request.headers.get("CONNECTION", "").lower() == "close"):
                return super().build_response_header()
            self.set_close_on_finish = lambda: None  # shadows the method for this call only
            try:
                return super().build_response_header()
            finally:
                del self.set_close_on_finish

    return KeepAliveTask


# What waitress cannot bound by itself: channel_timeout closes a connection that sends nothing,
# but one that trickles a byte a second never goes idle, and connection_limit counts everyone
# together, so 1,000 such connections from one address would take every place.
GUARD = {
    # open connections per client (network.client_key: IPv6 by /64); a phone's browser opens
    # up to 6 to one server. Not applied behind TRUSTED_PROXIES, whose connections carry
    # everyone's requests (the proxy limits each client instead).
    "connections_per_client": 32,
    "header_deadline": 10,    # seconds from a request's first byte to the end of its headers
    "request_deadline": 120,  # ... and to the end of its body (an import of 16 MB included)
}


def _guarded_channel(task_class, per_client: int | None, header_deadline: float,
                     request_deadline: float):
    """A waitress channel that refuses a client's connections past `per_client`, and closes
    a connection whose request has not arrived whole by its deadlines (without answering:
    nothing has been asked yet)."""
    import time
    from collections import Counter

    from waitress.channel import HTTPChannel

    from .network import client_key

    open_per_client: Counter = Counter()  # touched by the server's one I/O thread only
    _task_class = task_class

    class GuardedChannel(HTTPChannel):
        task_class = _task_class
        client = None  # network.client_key of the peer, until the channel is closed
        started = None  # when the first byte of the request being read came in

        def __init__(self, server, sock, addr, adj, map=None):
            super().__init__(server, sock, addr, adj, map=map)
            self.client = client_key(str(addr[0]) if isinstance(addr, tuple) else str(addr))
            open_per_client[self.client] += 1
            if per_client is not None and open_per_client[self.client] > per_client:
                self.will_close = True  # closed on the loop's next turn, before any read

        def received(self, data):
            if self.request is None and data:
                self.started = time.monotonic()
            return super().received(data)

        def readable(self):
            """Checked on every turn of the I/O loop (at least once a second)."""
            request = self.request
            if request is not None and self.started is not None and not self.will_close:
                late = time.monotonic() - self.started
                if late > request_deadline or (late > header_deadline
                                               and not request.headers_finished):
                    self.will_close = True
            return super().readable()

        def del_channel(self, map=None):
            if self.client is not None:
                open_per_client[self.client] -= 1
                if open_per_client[self.client] <= 0:
                    del open_per_client[self.client]
                self.client = None
            super().del_channel(map)

    return GuardedChannel


def ready_to_serve(app) -> None:
    """What a serving process sets up before its first request (a gunicorn worker's
    post_worker_init, run_waitress's process): every template compiled (Jinja compiles one on
    its first use: a worker's first game page waited ~200 ms for its dozen, the Saturday's p99
    in bench/bench_live.py), the GIL handed on every 1 ms, not 5 (while a thread renders a
    page of 10-30 ms, the threads answering 1 ms polls wait their turn: the 400-phone p95 went
    from ~50 ms to 10-20 ms), and the garbage collected between requests (below)."""
    if hasattr(app, "jinja_env"):
        for name in app.jinja_env.list_templates():
            app.jinja_env.get_template(name)
    sys.setswitchinterval(0.001)
    collect_garbage_between_requests(app)


def collect_garbage_between_requests(app) -> None:
    """On Python 3.11, run the cyclic garbage collector between requests, never inside one.

    3.11 can free an object's attribute values while it is storing an attribute on that object,
    when the store's allocation starts a collection whose weakref callbacks set attributes on it
    (SQLAlchemy's instance states): the server then dies of a segmentation fault. Seen with 4+
    threads rendering the home page of a phone with 30 games (valgrind: `free_values` inside
    `make_dict_from_instance_attributes`); 3.12 collects only between bytecodes and is not
    affected. So on 3.11 the automatic collector is off in a server process, and each request
    ends with the collection the allocation counts call for (the same thresholds), in the
    thread that made it, where no attribute store is half done. What the app set up before
    serving is frozen out of the collections (gc.freeze), so a full one stays cheap.
    """
    if sys.version_info >= (3, 12):
        return
    gc.disable()
    gc.freeze()
    wsgi_app = app.wsgi_app

    def wsgi_app_then_collect(environ, start_response):
        try:
            return wsgi_app(environ, start_response)
        finally:
            collect_if_due()

    app.wsgi_app = wsgi_app_then_collect


def collect_if_due() -> None:
    """The collection the automatic collector would run now: the oldest generation whose
    count has reached its threshold (gc.get_threshold), none while the youngest has not."""
    counts, thresholds = gc.get_count(), gc.get_threshold()
    if counts[0] >= thresholds[0]:
        gc.collect(2 if counts[2] >= thresholds[2] else 1 if counts[1] >= thresholds[1] else 0)


def run_waitress(app, host: str, port: int, *, whole_process: bool = True,
                 **overrides) -> None:
    """Serve app with waitress_options() and GUARD (either changed by overrides), 304s on
    keep-alive connections. The process is the server's (whole_process): its garbage is
    collected between requests (collect_garbage_between_requests) and it sends the webhooks
    due (webhooks.start_sender), set up as ready_to_serve says; a test serving from a thread of
    its own process passes False."""
    import resource

    from waitress.server import create_server

    guard = {key: overrides.pop(key, value) for key, value in GUARD.items()}
    behind_proxies = getattr(app, "config", {}).get("TRUSTED_PROXIES")
    if behind_proxies:
        guard["connections_per_client"] = None
    # waitress drops X-Forwarded-* from a peer it was not told to trust: behind TRUSTED_PROXIES
    # it leaves them to the app, which believes them from TRUSTED_PROXY_ADDRESSES only
    # (network.TrustedProxyFix), as under gunicorn
    options = {**waitress_options(), "clear_untrusted_proxy_headers": not behind_proxies,
               **overrides}
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = options["connection_limit"] + 100
    if soft != resource.RLIM_INFINITY and soft < want:  # a socket per connection, and files
        resource.setrlimit(resource.RLIMIT_NOFILE, (
            want if hard == resource.RLIM_INFINITY else min(want, hard), hard))

    if whole_process:
        ready_to_serve(app)
        if hasattr(app, "app_context"):  # the server's process sends its webhooks too
            from .webhooks import start_sender

            start_sender(app)
    else:
        sys.setswitchinterval(0.001)  # (as ready_to_serve: one process, one GIL)
    channel = _guarded_channel(_keep_alive_task(), guard["connections_per_client"],
                               guard["header_deadline"], guard["request_deadline"])
    server = create_server(app, host=host, port=port, **options)
    for one in [server, *getattr(server, "map", {}).values()]:
        if hasattr(one, "channel_class"):
            one.channel_class = channel
    server.run()


def serve(port: int | None = None, host: str = "0.0.0.0") -> None:
    from . import create_app

    port = port or port_from_env()
    app = create_app()
    url = public_base_url(port)
    print(f"\nScorekeeper is running. On a phone on this network, open:\n\n    {url}/\n")
    try:
        print(qr_text(url + "/"))
    except Exception:  # a terminal that cannot print the blocks must not stop the server
        pass
    sys.stdout.flush()
    run_waitress(app, host=host, port=port)  # (looked up here: tests replace it)
