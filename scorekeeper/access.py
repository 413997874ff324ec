"""Who may do what with a game, decided per request from cookies.

There is no login: holding a link is the permission.  The creator's browser gets a creator
cookie when it makes the game; opening the scorer link gives a scorer cookie; the join code
(typed, or the viewer link) gives a viewer cookie.  A browser with none of them has no role
and may not even read the game: game ids are sequential, and reading by id must not bypass
the join code and its guess limit.  A cookie holds an HMAC of the game's secret or code
(keyed with SECRET_KEY), not the secret itself, so a cookie jar never leaks a working link,
and rotating the scorer secret makes every cookie derived from the old one worthless.  No
state lives in the process: several workers can answer the same phone.
"""
from __future__ import annotations

import hashlib
import hmac
import re
from datetime import timedelta

from flask import abort, current_app, make_response, redirect, render_template, request, url_for
from flask_wtf.csrf import CSRFError

from . import models, store, web
from .models import CODE_ALPHABET, CODE_LENGTH

# Join codes and secrets are drawn in models (models.unused_code, models.new_secret): its column
# defaults use them too.
COOKIE_MAX_AGE = timedelta(days=30)

CREATOR, SCORER, VIEWER = "creator", "scorer", "viewer"
_COOKIE_NAME = re.compile(r"sk_[csv]_(\d{1,10})")
_MEMBER_COOKIE = re.compile(r"sk_m_(\d{1,10})")


def normalize_code(text: str | None) -> str | None:
    """The canonical code for what a person typed, or None if it cannot be a code.

    Case, spaces and dashes are forgiven ("abc-d efg").  Characters outside the alphabet
    are rejected rather than guessed at: the alphabet has no 0/O/1/I/L to confuse.
    """
    if not text:
        return None
    code = "".join(ch for ch in text.upper() if not (ch.isspace() or ch in "-‐–—"))
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


def _cookie_name(kind: str, game_id: int) -> str:
    return f"sk_{kind}_{game_id}"


def _token(kind: str, game_id: int, secret: str) -> str:
    """What the cookie holds: HMAC(SECRET_KEY, kind:game:secret)."""
    key = current_app.config["SECRET_KEY"]
    key = key.encode() if isinstance(key, str) else key
    msg = f"{kind}:{game_id}:{secret}".encode()
    return hmac.new(key, msg, hashlib.sha256).hexdigest()


def _holds(kind: str, game_id: int, secret: str | None) -> bool:
    sent = request.cookies.get(_cookie_name(kind, game_id))
    if not sent or not secret:
        return False
    return hmac.compare_digest(sent.encode(), _token(kind, game_id, secret).encode())


def role(game) -> str | None:
    """"creator", "scorer" or "viewer" for this request; None when it holds no role.

    `game` needs only id, code, creator_secret and scorer_secret, so a bare row of those
    columns will do (the /live poll uses that to stay cheap). A member of the game's club (when
    `game` has a club_id) is a viewer of it without any game cookie.
    """
    if _holds("c", game.id, game.creator_secret):
        return CREATOR
    if _holds("s", game.id, game.scorer_secret):
        return SCORER
    if _holds("v", game.id, game.code):
        return VIEWER
    club_id = getattr(game, "club_id", None)
    if club_id is not None and member(club_id) is not None:
        return VIEWER
    return None


# ---------------------------------------------------------------- club members
#
# A phone that joined a club holds sk_m_<club id> = "<member id>.<HMAC(member:club:id:secret)>".
# The member row is looked up (once per request and club) so that a phone that left, or was
# removed by the admin, loses the club at once: its row, and the secret with it, is gone.


def _member_cache() -> dict:
    """Per request (not flask.g: a test's app context outlives its requests)."""
    req = request._get_current_object()
    if not hasattr(req, "_sk_members"):
        req._sk_members = {}
    return req._sk_members


def _member_token(club_id: int, member_id: int, secret: str) -> str:
    return _token("member", club_id, f"{member_id}:{secret}")


def member(club_id: int):
    """The Member this request's phone is in club `club_id`, or None."""
    cache = _member_cache()
    if club_id in cache:
        return cache[club_id]
    found = None
    sent = request.cookies.get(f"sk_m_{club_id}", "")
    head, _, mac = sent.partition(".")
    if head.isdigit() and mac and int(head) <= models.MAX_ID:
        row = models.db.session.get(models.Member, int(head))
        if row is not None and row.club_id == club_id and hmac.compare_digest(
                mac.encode(), _member_token(club_id, row.id, row.secret).encode()):
            found = row
    cache[club_id] = found
    return found


def cookie_club_ids() -> set[int]:
    """The clubs this browser holds a member cookie for (unchecked: verify with member())."""
    ids = {int(m[1]) for name in request.cookies if (m := _MEMBER_COOKIE.fullmatch(name))}
    return {i for i in ids if i <= models.MAX_ID}


def grant_member(response, row):
    """Make this browser the phone of Member `row` in its club."""
    response.set_cookie(
        f"sk_m_{row.club_id}", f"{row.id}.{_member_token(row.club_id, row.id, row.secret)}",
        max_age=timedelta(days=400), path="/", httponly=True, samesite="Lax",
        secure=request.is_secure)
    _member_cache()[row.club_id] = row
    return response


def forget_member(response, club_id: int):
    """Drop the member cookie (the phone left the club)."""
    response.delete_cookie(f"sk_m_{club_id}", path="/")
    _member_cache()[club_id] = None
    return response


def can_score(game) -> bool:
    return role(game) in (CREATOR, SCORER)


def cookie_game_ids() -> set[int]:
    """The ids of the games this browser holds a role cookie for, from the cookie names alone:
    unchecked, so verify each game with role() before showing it."""
    ids = {int(m[1]) for name in request.cookies if (m := _COOKIE_NAME.fullmatch(name))}
    return {i for i in ids if i <= models.MAX_ID}  # a larger one is no game, on any database


def require_reader(game) -> None:
    """Send a browser without a role to the join page (303): it must type the game's code."""
    if role(game) is None:
        abort(redirect(url_for("sharing.join", locked=1), 303))


def require_scorer(game) -> None:
    """Abort with a plain 403 page unless this request may change the game."""
    if not can_score(game):
        abort(403)


def load_game(game_id: int, write: bool = False) -> models.Game:
    """The game, when this request may read it (else a 303 to /join), or with write=True
    change it (else a plain 403: a write is never redirected); 404 when there is none. Its
    hands come in the same statement as its version (store.get_game), so they go together.
    Every blueprint's game route loads through here (flaskr's get_post)."""
    game = store.get_game(game_id)
    if game is None:
        abort(404)
    (require_scorer if write else require_reader)(game)
    return game


def require_creator(game) -> None:
    if role(game) != CREATOR:
        abort(403)


def actor(game) -> str:
    """How the audit trail names whoever makes this request's write."""
    if role(game) == CREATOR:
        return "creator"
    return f"scorer link #{game.scorer_generation}"


def _grant(response, kind: str, game_id: int, secret: str):
    response.set_cookie(
        _cookie_name(kind, game_id),
        _token(kind, game_id, secret),
        max_age=COOKIE_MAX_AGE,
        path="/",
        httponly=True,
        samesite="Lax",
        # as Secure as the session cookie (an https PUBLIC_URL), or when this request is HTTPS
        secure=request.is_secure or bool(current_app.config.get("SESSION_COOKIE_SECURE")),
    )
    return response


def grant_creator(response, game):
    """Make this browser the game's creator (call on the response that creates the game)."""
    return _grant(response, "c", game.id, game.creator_secret)


def grant_scorer(response, game):
    """Make this browser a scorer under the game's current scorer secret."""
    return _grant(response, "s", game.id, game.scorer_secret)


def grant_viewer(response, game):
    """Let this browser read the game: it showed the join code (which never changes)."""
    return _grant(response, "v", game.id, game.code)


def _reload_htmx(response):
    """htmx does not swap error responses, so a refused tap would do nothing visible:
    HX-Refresh reloads the page instead, which then shows what the phone may still do."""
    if request.headers.get("HX-Request") == "true":
        response.headers["HX-Refresh"] = "true"
    return response


def _forbidden(error):
    """The plain 403 page, e.g. for a phone whose scorer link was rotated."""
    return _reload_htmx(make_response(render_template("errors/403.html"), 403))


def _form_expired(error):
    """A form whose CSRF token no longer matches (the browser dropped its session): reloading
    the page gives it a fresh one."""
    return _reload_htmx(web.refuse(400, "This page had gone stale",
                                   "Nothing was saved. Reload the page and enter it again."))


def init_app(app) -> None:
    """Register the plain pages for refused requests."""
    app.register_error_handler(403, _forbidden)
    app.register_error_handler(CSRFError, _form_expired)
