"""The live side of a game: the /live poll's ETag and body, and the keys under which the game
page and live updates are rendered once per game version (render_cache.py) and served to every
phone that asks.

A rendering is a pure function of the game as of one version (the database moves the version
on every write, a scorer-link rotation included), of RenderInputs (the role, "quiet", this
phone's choices and club membership, the Host and the address in the QR codes) and of the part
htmx asked for. The cache key and the /live ETag are both made from RenderInputs, so an entry is
never wrong and a 304 never stale: a stale entry is simply never asked for again.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from flask import abort, current_app, render_template, request, url_for

from .. import access, i18n, qr, render_cache, rules, store
from ..models import utcnow
from . import board

# After the last write, phones go on polling this long even when the game is over: the final
# hand is the one most often taken back or corrected, and every phone must see that too.
LIVE_GRACE = timedelta(minutes=3)


def recently_changed(game) -> bool:
    """Whether the game was written to within LIVE_GRACE (an over game is still watched)."""
    return utcnow() - game.updated_at < LIVE_GRACE


@dataclass(frozen=True)
class RenderInputs:
    """Everything a rendered game page or live update depends on besides the game's version:
    the counts of the round being counted (Game.count_version, which a count moves on instead
    of the version: it redraws no hand form), the role reading it (a scorer sees forms),
    "quiet" (LIVE_GRACE has passed since the last write: the poller stops), this phone's
    choices and club membership (board.this_phone), the Host the phone used and the address
    other phones reach (qr.base_url: the invite's links and QR codes), whether this phone's
    scoring ended (its notice: scoring_ended.py), and for a finished club game the club's
    rated games (its rating changes). The cache key and the /live ETag are both made from it,
    so nothing a render reads can be missing from one of them: a 304 is never sent where the
    render would differ.
    """
    game_id: int
    version: int
    role: str | None
    quiet: bool
    phone: str
    host: str
    base_url: str
    former: bool = False  # this phone scored the game until a take-over or a new scorer link
    counts: int = 0  # the counts of the round being counted (Game.count_version)
    # a finished club game's rating changes (board.rating_note): the club's rated games as they
    # stand (store.rated_stamp), which an edit, undo or merge of an earlier game moves
    ratings: str = ""
    language: str = "en"  # the page's language (i18n): another language is another page

    @classmethod
    def of(cls, head) -> "RenderInputs":
        """The inputs for `head` (a game, or its bare row: id, version, updated_at and the
        secrets access.role needs) as this request sees it."""
        return cls(game_id=head.id, version=head.version, role=access.role(head),
                   quiet=not recently_changed(head), phone=board.this_phone(head),
                   host=request.host, base_url=qr.base_url(), former=access.lost_scoring(head),
                   counts=head.count_version, ratings=rated_inputs(head),
                   language=i18n.language())

    def etag(self) -> str:
        """The /live ETag (unquoted): g<id>-v<version>-<role>[-quiet]-<digest of the rest>."""
        rest = hashlib.blake2s(f"{self.phone}|{self.host}|{self.base_url}|{self.former}|"
                               f"{self.counts}|{self.ratings}|{self.language}".encode(),
                               digest_size=6).hexdigest()
        return (f"g{self.game_id}-v{self.version}-{self.role}{'-quiet' if self.quiet else ''}"
                f"-{rest}")

    def key(self, kind: str, partial: str | None = None) -> str:
        """The cache key of `kind` ("live", "page"); `partial` is the part htmx asked for
        (web.partial_for), None for the whole page."""
        return f"{kind}:{self.etag()}:{partial or 'page'}"


def rated_inputs(head) -> str:
    """What a finished club game's rating changes depend on besides the game itself: the
    club's rated games (store.rated_stamp); "" for any other game (its page shows none)."""
    variant = rules.VARIANTS.get(head.variant)
    if head.club_id is None or not head.finished or variant is None \
            or variant.rating_group is None:
        return ""
    return store.rated_stamp(head.club_id)


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
    text = render_cache.body(cache_key, lambda: render_template(
        "partials/games/_live_update.html", **board.live_context(game),
        csrf_token=render_cache.placeholder_csrf))
    return inputs.etag(), cache_key, text


def poll_head(game_id: int) -> tuple[Any, RenderInputs]:
    """The game's head (access.load_head: 404 for no game, the join page for a phone without
    a role) and its RenderInputs as this poll sees them."""
    row = access.load_head(game_id)
    return row, RenderInputs.of(row)


def poll_answer(response, row, etag: str):
    """The /live answer's headers, on a 304 as on a 200: the ETag, weak (the same update is
    sent gzip-, brotli- or un-compressed: Flask-Compress leaves a weak ETag as it is, and would
    give a strong one a per-encoding suffix); revalidated on every poll (no-cache); what it
    varies by. Once a rematch is started from the game (Game.next_game_id), a phone that polls
    with an earlier version is sent there (HX-Redirect to /games/<id>/next); a table's phone
    whose event game is over, to the game being played at its table (board.table_leads_on),
    as its scorer."""
    response.set_etag(etag, weak=True)
    if board.table_leads_on(row):
        response.headers["HX-Redirect"] = url_for("events.follow_table", game_id=row.id)
    elif row.next_game_id is not None and polled_version() not in (None, row.version):
        response.headers["HX-Redirect"] = url_for("handover.next_game", game_id=row.id)
    response.headers["Cache-Control"] = "no-cache"
    response.vary.update(("Cookie", "HX-Request"))
    return response


def kept_answer(row, inputs: RenderInputs):
    """The poll's answer from what is kept: 304 when the phone has this version already, else
    the live update from the render cache (nothing more to read); None when it must be
    rendered (live_body)."""
    etag = inputs.etag()
    if request.if_none_match.contains_weak(etag):
        return poll_answer(current_app.response_class(status=304), row, etag)
    key = inputs.key("live")
    text = render_cache.cached(key)
    if text is None:
        return None
    return poll_answer(render_cache.respond(key, text), row, etag)


def kept_poll():
    """The /live poll's answer from what is kept, or None (kept_polls.KeptPolls)."""
    return kept_answer(*poll_head(request.view_args["game_id"]))


def polled_version() -> int | None:
    """The game version of the ETag this poll revalidates (None on a page's first poll)."""
    for tag in request.if_none_match.as_set(include_weak=True):
        m = re.fullmatch(r"g\d+-v(\d+)-.*", tag)
        if m:
            return int(m[1])
    return None
