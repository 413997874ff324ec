"""The live side of a game: the /live poll's ETag and body, and the render cache that serves
pages and live updates rendered once per game version to every phone that asks.

A rendering is a pure function of the game as of one version (the database moves the version
on every write, a scorer-link rotation included), of RenderInputs (the role, "quiet", this
phone's choices and club membership, the Host and the address in the QR codes) and of the part
htmx asked for. The cache key and the /live ETag are both made from RenderInputs, so an entry is
never wrong and a 304 never stale: a stale entry is simply never asked for again. What differs
per phone, its CSRF token, is rendered as a placeholder and filled in per answer.

The cache is an in-process LRU per app (RenderCache), not a table: an entry costs one render to
rebuild, each worker (or a restarted one) fills its own, and nothing that matters lives in it;
a database table would cost a statement per hit, more than the render it saves for a viewer's
poll.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import timedelta
from typing import Callable

import hashlib
import re
from dataclasses import dataclass

from flask import abort, current_app, make_response, render_template, request
from flask_wtf.csrf import generate_csrf

from .. import access, qr, store
from ..models import utcnow
from . import board

# After the last write, phones go on polling this long even when the game is over: the final
# hand is the one most often taken back or corrected, and every phone must see that too.
LIVE_GRACE = timedelta(minutes=3)
CSRF_SLOT = "\x00csrf\x00"  # never in a rendered page otherwise: a NUL is refused in all input


def recently_changed(game) -> bool:
    """Whether the game was written to within LIVE_GRACE (an over game is still watched)."""
    return utcnow() - game.updated_at < LIVE_GRACE


class RenderCache:
    """Rendered bodies by key, least recently used first out; thread-safe."""

    def __init__(self, size: int = 256):
        self.size = size
        self._items: OrderedDict[str, str | bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str):
        with self._lock:
            body = self._items.get(key)
            if body is not None:
                self._items.move_to_end(key)
            return body

    def put(self, key: str, body: str | bytes) -> None:
        with self._lock:
            self._items[key] = body
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


def cache() -> RenderCache:
    """This app's cache (one per app: test apps on fresh databases never share one)."""
    return current_app.extensions.setdefault("scorekeeper_render_cache", RenderCache())


@dataclass(frozen=True)
class RenderInputs:
    """Everything a rendered game page or live update depends on besides the game's version:
    the role reading it (a scorer sees forms), "quiet" (LIVE_GRACE has passed since the last
    write: the poller stops), this phone's choices and club membership (board.this_phone), the
    Host the phone used and the address other phones reach (qr.base_url: the invite's links
    and QR codes), and whether this phone's scoring ended (its notice: scoring_ended.py).
    The cache key and the /live ETag are both made from it, so nothing a render reads can be
    missing from one of them: a 304 is never sent where the render would differ.
    """
    game_id: int
    version: int
    role: str | None
    quiet: bool
    phone: str
    host: str
    base_url: str
    former: bool = False  # this phone scored the game until a take-over or a new scorer link

    @classmethod
    def of(cls, head) -> "RenderInputs":
        """The inputs for `head` (a game, or its bare row: id, version, updated_at and the
        secrets access.role needs) as this request sees it."""
        return cls(game_id=head.id, version=head.version, role=access.role(head),
                   quiet=not recently_changed(head), phone=board.this_phone(head),
                   host=request.host, base_url=qr.base_url(), former=access.lost_scoring(head))

    def etag(self) -> str:
        """The /live ETag (unquoted): g<id>-v<version>-<role>[-quiet]-<digest of the rest>."""
        rest = hashlib.blake2s(f"{self.phone}|{self.host}|{self.base_url}|{self.former}".encode(),
                               digest_size=6).hexdigest()
        return (f"g{self.game_id}-v{self.version}-{self.role}{'-quiet' if self.quiet else ''}"
                f"-{rest}")

    def key(self, kind: str, partial: str | None = None) -> str:
        """The cache key of `kind` ("live", "page"); `partial` is the part htmx asked for
        (web.partial_for), None for the whole page."""
        return f"{kind}:{self.etag()}:{partial or 'page'}"


def cached(cache_key: str) -> str | None:
    """The body under cache_key with this phone's CSRF token filled in, or None."""
    text = cache().get(cache_key)
    if text is not None and CSRF_SLOT in text:
        text = text.replace(CSRF_SLOT, generate_csrf())
    return text


def body(cache_key: str, render: Callable[[], str]) -> str:
    """The cached body under cache_key, rendered (with the CSRF placeholder) on a miss, with
    this phone's CSRF token filled in."""
    text = cached(cache_key)
    if text is None:
        cache().put(cache_key, render())
        text = cached(cache_key) or ""
    return text


def _encoding() -> str | None:
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


def respond(cache_key: str, text: str):
    """A response with `text`. When it is the same for every phone (no CSRF token in it), it
    is also compressed once per encoding and kept beside it: between two hands the hundreds
    of viewers' updates cost neither a render nor a compression (Flask-Compress leaves an
    answer that has its Content-Encoding alone)."""
    encoding = _encoding()
    if encoding is None or CSRF_SLOT in (cache().get(cache_key) or CSRF_SLOT) or len(text) < 500:
        return make_response(text)
    packed_key = f"{encoding}|{cache_key}"
    packed = cache().get(packed_key)
    if packed is None:
        data = text.encode()
        if encoding == "br":
            import brotli

            packed = brotli.compress(data, quality=5)
        else:
            import gzip

            packed = gzip.compress(data, compresslevel=6, mtime=0)
        cache().put(packed_key, packed)
    response = make_response(packed)
    response.headers["Content-Encoding"] = encoding
    response.vary.add("Accept-Encoding")
    return response


def placeholder_csrf() -> str:
    """Stands in for csrf_token() while rendering for the cache."""
    return CSRF_SLOT


def live_etag(game) -> str:
    """The /live ETag of `game` as this request sees it (RenderInputs.etag); also in the page,
    where the poller compares it with each answer's."""
    return RenderInputs.of(game).etag()


def live_body(game_id: int) -> tuple[str, str, str]:
    """(ETag, cache key, body) of the live update as this request's role sees the game now."""
    game = store.get_game(game_id)
    if game is None:
        abort(404)
    inputs = RenderInputs.of(game)  # the version actually rendered, if it moved since the 304
    cache_key = inputs.key("live")
    text = body(cache_key, lambda: render_template(
        "partials/games/_live_update.html", **board.live_context(game),
        csrf_token=placeholder_csrf))
    return inputs.etag(), cache_key, text


def polled_version() -> int | None:
    """The game version of the ETag this poll revalidates (None on a page's first poll)."""
    for tag in request.if_none_match.as_set(include_weak=True):
        m = re.fullmatch(r"g\d+-v(\d+)-.*", tag)
        if m:
            return int(m[1])
    return None
