"""Pages rendered once and served many times: the render cache every blueprint's cached pages
share (the game page and its live update, the history, the home page's list, the event pages,
the club pages' numbers), and the compressed bytes kept beside them.

A cached body is a pure function of its key: each caller builds the key from what the render
reads (a game's version, a club's stamp, the reader's role, Host...), so an entry is never
wrong, only no longer asked for. What differs per phone, its CSRF token, is rendered as a
placeholder and filled in per answer; the token is the same on every page of a phone's session
(csrf_token), so a body with it filled in can be compressed once too.

The caches are in-process LRUs per app bounded in bytes, not a table: an entry costs one render
to rebuild, each worker (or a restarted one) fills its own, and nothing that matters lives in
them; a database table would cost a statement per hit, more than the render it saves.
"""
from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from typing import Any, Callable

from flask import current_app, g, make_response, request, session
from flask_wtf.csrf import generate_csrf
from jinja2 import pass_context
from markupsafe import Markup

from .i18n import language

CSRF_SLOT = "\x00csrf\x00"  # never in a rendered page otherwise: a NUL is refused in all input
# Bodies shorter than this go out as they are (Flask-Compress's COMPRESS_MIN_SIZE, assets.py).
MIN_COMPRESSED = 500
# What one cache's values may hold: a worker stays bounded however many games it serves.
MAX_BYTES = 32_000_000


class RenderCache:
    """Values by key, least recently used first out once more than `items` are kept or their
    sizes pass `max_bytes` (text and bytes by their length, anything else by sys.getsizeof:
    the caller bounds it with `items`); thread-safe."""

    def __init__(self, items: int, max_bytes: int = MAX_BYTES):
        self.items, self.max_bytes = items, max_bytes
        self._values: OrderedDict[str, tuple[Any, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key: str):
        with self._lock:
            kept = self._values.get(key)
            if kept is None:
                return None
            self._values.move_to_end(key)
            return kept[0]

    def put(self, key: str, value) -> None:
        size = len(value) if isinstance(value, (str, bytes)) else sys.getsizeof(value)
        with self._lock:
            old = self._values.pop(key, None)
            if old is not None:
                self._bytes -= old[1]
            self._values[key] = (value, size)
            self._bytes += size
            while len(self._values) > self.items or (
                    self._bytes > self.max_bytes and len(self._values) > 1):
                _key, (_value, dropped) = self._values.popitem(last=False)
                self._bytes -= dropped

    def __len__(self) -> int:
        return len(self._values)

    def keys(self) -> list[str]:
        with self._lock:
            return list(self._values)

    @property
    def size(self) -> int:
        """The bytes its values hold (as put counts them)."""
        return self._bytes


def named(name: str, items: int, max_bytes: int = MAX_BYTES) -> RenderCache:
    """The app's cache called `name` (one per app: test apps on fresh databases never share
    one), made on first use."""
    return current_app.extensions.setdefault(f"scorekeeper_{name}",
                                             RenderCache(items, max_bytes))


def cache() -> RenderCache:
    """The cache of rendered pages and parts, and their compressed bytes."""
    return named("render_cache", items=4096)


def placeholder_csrf() -> str:
    """Stands in for csrf_token() while rendering for the cache."""
    return CSRF_SLOT


def csrf_token() -> str:
    """This phone's CSRF token, the same on every page while its session lasts.

    Flask-WTF signs the session's token with the time on every call, so each page would carry
    a new one (and no two answers would be the same bytes); with WTF_CSRF_TIME_LIMIT None any
    of them is valid, so the first made for a session's token is kept (by that token, per
    process) and given again. It is also templates' csrf_token()."""
    # Kept on the request, not flask.g: a test's app context, and its g, outlive its requests.
    req = request._get_current_object()
    token = getattr(req, "_sk_csrf", None)
    if token is None:
        raw, signed = session.get("csrf_token"), named("csrf_tokens", items=10_000)
        token = signed.get(raw) if raw else None
        if token is None:
            g.pop("csrf_token", None)  # Flask-WTF's copy of another request's
            token = generate_csrf()  # (it makes the session's token when it has none)
            signed.put(session["csrf_token"], token)
        req._sk_csrf = token
    return token


def _filled(text: str | None) -> str | None:
    if text is not None and CSRF_SLOT in text:
        return text.replace(CSRF_SLOT, csrf_token())
    return text


def in_language(cache_key: str) -> str:
    """`cache_key` in the request's language: every cached body is said in one (i18n)."""
    return f"{language()}|{cache_key}"


def cached(cache_key: str) -> str | None:
    """The body under cache_key with this phone's CSRF token filled in, or None."""
    return _filled(cache().get(in_language(cache_key)))


def body(cache_key: str, render: Callable[[], str]) -> str:
    """The cached body under cache_key, rendered (with the CSRF placeholder) on a miss, with
    this phone's CSRF token filled in."""
    cache_key = in_language(cache_key)
    text = cache().get(cache_key)
    if text is None:
        text = render()
        cache().put(cache_key, text)
    return _filled(text)


def accepted_encoding() -> str | None:
    """br or gzip, when this request accepts it (q=0 refuses)."""
    offered = {}
    for part in request.headers.get("Accept-Encoding", "").split(","):
        name, _, params = part.strip().partition(";")
        q = params.strip()[2:] if params.strip().startswith("q=") else "1"
        try:
            offered[name.strip().lower()] = float(q)
        except ValueError:
            continue
    for name in ("br", "gzip"):
        if offered.get(name, 0) > 0:
            return name
    return None


def compress(data: bytes, encoding: str, smallest: bool = False) -> bytes:
    """`data` brotli- or gzip-compressed, as Flask-Compress would (mtime 0: the same bytes
    every time); `smallest`: as small as the encoder makes it, slowly (for what is compressed
    once and sent many times: the static files, assets.py)."""
    if encoding == "br":
        import brotli

        return brotli.compress(data, quality=11 if smallest else 5)
    import gzip

    return gzip.compress(data, compresslevel=9 if smallest else 6, mtime=0)


def respond(cache_key: str, text: str):
    """A response with `text`, the body under cache_key (as cached() or body() gave it),
    compressed once per encoding (and per CSRF token, when the body carries one) and kept
    beside it: between two hands the hundreds of viewers' updates, and a phone's page asked
    again, cost neither a render nor a compression (Flask-Compress leaves an answer that has
    its Content-Encoding alone)."""
    encoding = accepted_encoding()
    if encoding is None or len(text) < MIN_COMPRESSED:
        return make_response(text)
    cache_key = in_language(cache_key)
    template = cache().get(cache_key)
    token = csrf_token() if template is None or CSRF_SLOT in template else ""
    packed_key = f"{encoding}|{cache_key}|{token}"
    packed = cache().get(packed_key)
    if packed is None:
        packed = compress(text.encode(), encoding)
        cache().put(packed_key, packed)
    response = make_response(packed)
    response.headers["Content-Encoding"] = encoding
    response.vary.add("Accept-Encoding")
    return response


@pass_context
def fragment(context, *shown, caller) -> Markup:
    """A piece of a template kept by what it shows (templates' `{% call fragment(...) %}`):
    a big event's page is rendered again after every hand at any of its 75 tables, and each
    standings row or table that hand did not change comes from here, not from the template.

    `shown`: every value the piece reads (plain data: its repr is the key), besides the
    language and whether the CSRF token is the cache's placeholder, which the key adds. A
    value read and not given would show a stale piece: the night's state machine
    (tests/web/events/test_night_machine.py) draws the event's views from the pieces kept and
    afresh after every step, and compares them."""
    return kept_piece(shown, caller, context.get("csrf_token") is placeholder_csrf)


def kept_piece(shown: tuple, draw: Callable[[], str], csrf_slot: bool = False) -> Markup:
    """draw()'s HTML kept by `shown` (plain data: its repr is the key), the request's language
    and `csrf_slot` (whether it holds the cache's CSRF placeholder): fragment's store, and a
    piece drawn in Python (a bracket's SVG)."""
    key = repr((language(), csrf_slot, shown))
    kept = named("fragments", items=20_000, max_bytes=16_000_000)
    html = kept.get(key)
    if html is None:
        html = str(draw())
        kept.put(key, html)
    return Markup(html)


def page(cache_key: str, render: Callable[[], str]):
    """The response of body(cache_key, render), compressed as respond() does."""
    return respond(cache_key, body(cache_key, render))
