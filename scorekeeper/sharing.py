"""Getting other phones into a game, and keeping them current.

- /join and /g/<code>: the viewer way in, by join code, with wrong guesses rate limited per
  address and for everyone together *in the database* (several worker processes share the
  counts); the right code leaves a viewer cookie, the only way besides a scorer or creator
  cookie to read a game.
- /s/<secret>: the scorer way in; swaps the secret for a cookie and redirects it out of the URL.
- POST /games/<id>/scorer-link/rotate: the creator revokes the scorer link and its cookies.
- /games/<id>/live: the htmx poll, answered 304 from one indexed column when nothing changed;
  otherwise the update, rendered once per (game, version, role, quiet) and kept in a small
  in-process LRU (rendered.py): between two hands every viewer gets the same bytes.
- qr_svg(), viewer_url(), scorer_url(): inline QR codes of URLs other phones can reach.

Nothing here keeps state that matters in the process: every answer comes from the request and
the database. The render cache (rendered.py) holds renderings keyed by the game's version,
which the database moves on every write: a stale entry is never looked up again, each worker
(or a restarted one) fills its own, and losing it costs one render.
"""
from __future__ import annotations

import functools
import re
from datetime import timedelta
from urllib.parse import urlsplit

import qrcode
from flask import (Blueprint, abort, current_app, make_response, redirect, render_template,
                   request, url_for)
from markupsafe import Markup
from qrcode.image.svg import SvgPathFillImage
from sqlalchemy import select

from . import access, network, pages, rendered, store
from .extensions import db
from .models import Game, utcnow

bp = Blueprint("sharing", __name__)

GUESS_LIMIT = 10  # wrong codes allowed per address per GUESS_WINDOW; the next is refused
# Wrong codes allowed from all addresses together per GUESS_WINDOW: many addresses (an IPv6
# block holds millions of /64s) must not multiply the guessing rate. At 60 a minute, finding
# any one of 1,000 live codes (31**7 codes, 34.7 bits) takes 31**7 / 1000 / 60 minutes on
# average: about 10 months (README, "Join codes").
GUESS_CEILING = 60
GUESS_WINDOW = timedelta(seconds=60)
GUESS_KEEP = timedelta(hours=1)  # older attempts are pruned
# After the last write, phones go on polling this long even when the game is over (rendered.py).
LIVE_GRACE = rendered.LIVE_GRACE


# ---------------------------------------------------------------- join codes


def _guess_address() -> str:
    """Who is guessing: the client address, IPv6 by /64 (network.client_key).

    request.remote_addr is the socket peer, or behind TRUSTED_PROXIES reverse proxies the
    client they name (create_app's ProxyFix); otherwise X-Forwarded-For is not believed, as
    anyone can send it.
    """
    return network.client_key(request.remote_addr or "unknown")


def _too_many_guesses(everyone: bool = False):
    """429: this address (or, `everyone`, the whole server) tried too many wrong codes."""
    message = ("Too many wrong codes are being tried on this server right now; wait a minute "
               "and try again." if everyone else
               "Too many wrong codes; wait a minute and try again.")
    response = make_response(render_template(
        "errors/plain.html", title="Slow down", message=message), 429)
    response.headers["Retry-After"] = str(int(GUESS_WINDOW.total_seconds()))
    return response


def find_game_by_code(code: str) -> Game | None:
    """The game with this (normalized) join code, or None; aborts 429 when guessing too fast."""
    return find_by_code(code, Game)


def find_by_code(code: str, model):
    """The row of `model` (Game, or Club: both have a unique `code` of the same alphabet) with
    this (normalized) join code, or None; aborts 429 when guessing too fast.  Wrong game and
    club codes count against the same limits: a guess is a guess.

    Each lookup is counted first (store.record_guess); one past GUESS_LIMIT from this address,
    or past GUESS_CEILING from everyone, is refused and not counted, and a right code is not
    counted either, so only wrong codes count.  While over a limit even a right code is
    refused, or the refusal would not slow guessing at all.
    """
    now = utcnow()
    attempt_id, mine, everyone = store.record_guess(_guess_address(), now, GUESS_WINDOW)
    if mine > GUESS_LIMIT or everyone > GUESS_CEILING:
        store.forget_guess(attempt_id)
        abort(_too_many_guesses(everyone=mine <= GUESS_LIMIT))
    found = db.session.scalar(select(model).where(model.code == code))
    if found is not None:
        store.forget_guess(attempt_id)
    else:
        store.prune_guesses(now - GUESS_KEEP)
    return found


def _join_page(code_typed: str = "", error: str | None = None, status: int = 200,
               notice: str | None = None):
    return pages.render("join.html", "_join.html", status, code_typed=code_typed, error=error,
                        notice=notice)


def _to_game(game):
    """The redirect to the game page, carrying the viewer cookie the right code earned."""
    return access.grant_viewer(redirect(url_for("games.game_page", game_id=game.id), 303), game)


@bp.route("/join", methods=["GET", "POST"])
def join():
    """Type a join code, land on the game (read only).

    ?locked=1 is where access.require_reader sends a browser that opened a game by its id.
    """
    if request.method == "GET":
        notice = "Open this game with its join code." if "locked" in request.args else None
        return _join_page(request.args.get("code", ""), notice=notice)
    typed = request.form.get("code", "")
    code = access.normalize_code(typed)
    if code is None:  # cannot be any game's code, so it tells a guesser nothing: not counted
        return _join_page(typed, "A code is 7 letters and digits, like “ABC 2345”.", 400)
    game = find_game_by_code(code)
    if game is None:
        return _join_page(typed, f"No game has the code {pretty_code(code)}.", 404)
    return _to_game(game)


@bp.get("/g/<code>")
def viewer(code: str):
    """The viewer link (what the QR code holds): straight to the game page."""
    normalized = access.normalize_code(code)
    game = find_game_by_code(normalized) if normalized else None
    if game is None:
        return _join_page(code, "No game has that code.", 404)
    return _to_game(game)


# ---------------------------------------------------------------- scorer link


@bp.get("/s/<secret>")
def scorer(secret: str):
    """Trade the scorer link for a scorer cookie, and redirect to a URL without the secret.

    The secret URL is only ever a redirect, so the page the phone shows, bookmarks, shares or
    reloads has no secret in it; no-referrer keeps it out of Referer headers and no-store out
    of caches.  A viewer cookie comes along: a phone whose scorer link is rotated away keeps
    watching.
    """
    game = db.session.scalar(select(Game).where(Game.scorer_secret == secret))
    if game is None:
        response = make_response(render_template(
            "errors/plain.html", title="Link not valid",
            message="This scorer link is no longer valid. Ask the game's creator for the new "
                    "one, or join by code to watch."), 404)
    else:
        response = access.grant_scorer(_to_game(game), game)
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/games/<int:game_id>/scorer-link/rotate")
def rotate(game_id: int):
    """Creator only: a new scorer secret; the old link and every cookie made from it die."""
    game = db.get_or_404(Game, game_id)
    access.require_creator(game)
    via = access.actor(game)
    store.rotate_scorer(game_id, via)
    return redirect(url_for("games.game_page", game_id=game_id) + "#share", 303)


# ---------------------------------------------------------------- live polling


recently_changed = rendered.recently_changed


def live_etag(game) -> str:
    """The /live ETag (unquoted): game, version, and role, since scorers see edit buttons;
    "-quiet" once LIVE_GRACE has passed since the last write, so the first poll after that
    gets a 200 whose poller stops polling if the game is over."""
    quiet = "" if recently_changed(game) else "-quiet"
    return f"g{game.id}-v{game.version}-{access.role(game)}{quiet}"


def _live_body(game_id: int) -> tuple[str, str, str]:
    """(ETag, cache key, body) of the live update as this request's role sees the game now."""
    game = store.get_game(game_id)
    if game is None:
        abort(404)
    etag = live_etag(game)  # the version actually rendered, if it moved since the 304 check
    key = rendered.key("live", game)
    text = rendered.body(key, lambda: render_template(
        "partials/_live_update.html", **pages.live_context(game),
        csrf_token=rendered.placeholder_csrf))
    return etag, key, text


@bp.get("/games/<int:game_id>/live")
def live(game_id: int):
    """The poller, scoreboard and hand list (partials/_live_update.html); 304 when the
    game's version is unchanged.

    The 304 path reads six columns of one row by primary key and renders nothing. A 200 is
    rendered once per ETag (rendered.py) and served to every phone of that role: with a cache
    hit it costs the same one statement.
    Cache-Control: no-cache makes the browser revalidate (send If-None-Match) on every poll.

    Once a rematch is started from the game (Game.next_game_id), a phone that polls with an
    earlier version is sent there (HX-Redirect to /games/<id>/next, which gives it access to
    the new game); a page loaded after the rematch shows a link to it instead.
    """
    row = store.get_head(game_id)
    if row is None:
        abort(404)
    access.require_reader(row)
    etag = live_etag(row)
    if request.if_none_match.contains_weak(etag):
        response = make_response("", 304)
    else:
        key = rendered.key("live", row)
        body = rendered.cached(key)  # one statement in all on a hit
        if body is None:
            etag, key, body = _live_body(game_id)
        response = rendered.respond(key, body)
    # Weak: the same update is sent gzip-, brotli- or un-compressed (Flask-Compress leaves a
    # weak ETag as it is, and would give a strong one a per-encoding suffix).
    response.set_etag(etag, weak=True)
    if row.next_game_id is not None and _polled_version() not in (None, row.version):
        response.headers["HX-Redirect"] = url_for("handover.next_game", game_id=game_id)
    response.headers["Cache-Control"] = "no-cache"
    response.vary.add("Cookie")
    return response


def _polled_version() -> int | None:
    """The game version of the ETag this poll revalidates (None on a page's first poll)."""
    for tag in request.if_none_match.as_set(include_weak=True):
        m = re.fullmatch(r"g\d+-v(\d+)-.*", tag)
        if m:
            return int(m[1])
    return None


# ---------------------------------------------------------------- QR codes and URLs


def _base_url() -> str:
    """Where other phones reach this server: PUBLIC_URL, else this machine's LAN address.

    The port is the one this request came in on; never localhost (see network.py).
    """
    configured = (current_app.config.get("PUBLIC_URL") or "").strip()
    if configured:
        return configured.rstrip("/")
    port = urlsplit(request.host_url).port
    if port is None:
        port = int(request.environ.get("SERVER_PORT") or (443 if request.is_secure else 80))
    return network.public_base_url(port)


def absolute_url(path: str) -> str:
    """A URL of this app that other phones can open (for QR codes), from a path."""
    return _base_url() + path


def join_url() -> str:
    return _base_url() + url_for("sharing.join")


def viewer_url(game) -> str:
    return _base_url() + url_for("sharing.viewer", code=game.code)


def scorer_url(game) -> str:
    return _base_url() + url_for("sharing.scorer", secret=game.scorer_secret)


_SVG_SIZE = re.compile(r'\s(?:width|height)="[^"]*"')


def qr_svg(url: str, label: str = "QR code") -> Markup:
    """An inline <svg> QR code for url: vector, so it stays sharp; no Pillow needed."""
    head, rest = _qr_svg_parts(url)
    return Markup(f'{head} class="qr" role="img" aria-label="{Markup.escape(label)}">{rest}')


@functools.lru_cache(maxsize=256)
def _qr_svg_parts(url: str) -> tuple[str, str]:
    """The SVG of url's QR code, split after the tag name and attributes of <svg>.

    Encoding takes ~24 ms and the answer depends on the URL alone, so it is memoized: this
    holds no game state, only the drawing of a URL. A white background and quiet zone keep
    it scannable in dark mode; width and height are dropped so CSS sizes it through the
    viewBox; the path's fixed id is dropped, as the page carries two codes.
    """
    qr = qrcode.QRCode(border=4, error_correction=qrcode.constants.ERROR_CORRECT_M,
                       image_factory=SvgPathFillImage)
    qr.add_data(url)
    qr.make(fit=True)
    svg = qr.make_image().to_string(encoding="unicode")
    svg = re.sub(r"^<\?xml[^>]*\?>\s*", "", svg)
    head, rest = svg.split(">", 1)
    return _SVG_SIZE.sub("", head), rest.replace(' id="qr-path"', "")


def pretty_code(code: str) -> str:
    """ABC2345 -> "ABC 2345": easier to read aloud; /join ignores the space."""
    return f"{code[:3]} {code[3:]}"


@bp.app_context_processor
def _share_helpers():
    """Template helpers for the _share and _live partials."""
    return {"qr_svg": qr_svg, "viewer_url": viewer_url, "scorer_url": scorer_url,
            "join_url": join_url,
            "pretty_code": pretty_code, "live_etag": live_etag, "recently_changed": recently_changed,
            "role": access.role}
