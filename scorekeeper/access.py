"""Who may do what with a game or a club, decided per request from one phone cookie.

There is no login: holding a link is the permission.  A browser that is given a role gets one
cookie, sk_phone = "<phone id>.<HMAC(SECRET_KEY, phone id)>", and its roles are rows: the
creator of a game (it made the game), its scorer (it opened the scorer link), its viewer (it
showed the join code), a member of a club.  So a phone's cookies stay small however many games
and clubs it has (a Cookie header past 8 KB is refused by the server before the app sees it).
A browser with no role may not even read a game: game ids are sequential, and reading by id
must not bypass the join code and its guess limit.  A game role holds an HMAC of the game's
secret or code (PhoneGame.token), so rotating the scorer secret makes every scorer role derived
from the old one worthless.  No state lives in the process: several workers can answer the
same phone.

A phone from before phones sends a cookie per game (sk_c_/sk_s_/sk_v_<id>, that HMAC) and per
club (sk_m_<id>): adopt_old_cookies checks them once, moves them into the database and drops
them.
"""
from __future__ import annotations

import functools
import hmac
import re
import time
from datetime import timedelta

from flask import (abort, after_this_request, current_app, make_response, render_template,
                   request)
from flask.sessions import SecureCookieSessionInterface
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from sqlalchemy import select

from . import models, render_cache, store, web
from .models import CODE_ALPHABET, CODE_LENGTH
from .rules.record import whole_number

# Join codes and secrets are drawn in models (models.unused_code, models.new_secret): its column
# defaults use them too.
PHONE_COOKIE = "sk_phone"
PHONE_MAX_AGE = timedelta(days=400)

CREATOR, SCORER, VIEWER = "creator", "scorer", "viewer"
_OLD_GAME_COOKIE = re.compile(r"sk_([csv])_(\d{1,10})")
_OLD_MEMBER_COOKIE = re.compile(r"sk_m_(\d{1,10})")
_OLD_MODE_COOKIE = re.compile(r"(?:entry|points)-\d+")


def normalize_code(text: str | None) -> str | None:
    """The canonical code for what a person typed, or None if it cannot be a code.

    Case, spaces and dashes are forgiven ("abc-d efg").  Characters outside the alphabet
    are rejected rather than guessed at: the alphabet has no 0/O/1/I/L to confuse.
    """
    if not text:
        return None
    code = _squeezed(text)
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


LOOKALIKES = "O0I1L"  # never in a code (models.CODE_ALPHABET): each reads as another


def _squeezed(text: str) -> str:
    """What a person typed, upper case, without the spaces and dashes a code is read with."""
    return "".join(ch for ch in text.upper() if not (ch.isspace() or ch in "-‐–—"))


def code_refusal(typed: str | None) -> str:
    """What to tell a person whose text cannot be a code (normalize_code gave None): that the
    look-alike characters are never used when a code's length of them has one, else what a
    code looks like. The game's join and the club's join both say it."""
    code = _squeezed(typed or "")
    if len(code) == CODE_LENGTH and any(ch in LOOKALIKES for ch in code):
        return _("Codes never use O, 0, I, 1 or L (they look too alike), "
                 "so one of those is a misreading: check the code again.")
    return _("A code is 7 letters and digits, like “ABC 2345”.")


def cookie_secure() -> bool:
    """Whether a cookie set now is Secure: when this request came over HTTPS, or always with an
    https PUBLIC_URL (a proxy that sends no X-Forwarded-Proto included). Every cookie the app
    sets asks here."""
    return request.is_secure or bool(current_app.config.get("SESSION_COOKIE_SECURE"))


class _SessionCookie(SecureCookieSessionInterface):
    """Flask's session cookie (it holds the CSRF token) is Secure by the same rule as the app's
    own cookies, HTTPS behind a trusted proxy included (Flask alone asks SESSION_COOKIE_SECURE
    only).

    It is read on every request, a poll's included, and checking its signature costs more than
    a 304: the serializer is made once per key, and a cookie value checked in the last
    minute is not checked again (the same signed bytes hold the same token)."""

    RECHECK_AFTER = 60.0  # seconds: the cookie's age is checked again after this

    def get_cookie_secure(self, app) -> bool:
        return cookie_secure()

    def get_signing_serializer(self, app):
        made = app.extensions.get("scorekeeper_session_serializer")
        keys = (app.secret_key, tuple(app.config["SECRET_KEY_FALLBACKS"] or ()))
        if made is None or made[0] != keys:
            made = (keys, super().get_signing_serializer(app))
            app.extensions["scorekeeper_session_serializer"] = made
        return made[1]

    def open_session(self, app, request):
        value = request.cookies.get(self.get_cookie_name(app))
        if not value or not app.secret_key:
            return super().open_session(app, request)
        checked = render_cache.named("session_cookies", items=10_000)
        kept = checked.get(value)
        now = time.monotonic()
        if kept is not None and now - kept[0] < self.RECHECK_AFTER:
            return self.session_class(kept[1])
        session = super().open_session(app, request)
        if session is not None:
            checked.put(value, (now, dict(session)))
        return session


def set_cookie(response, name: str, value: str, max_age: timedelta | int) -> None:
    """Every cookie of the app: the whole site, no script access, same-site, Secure as above."""
    response.set_cookie(name, value, max_age=max_age, path="/", httponly=True, samesite="Lax",
                        secure=cookie_secure())


def _token(kind: str, game_id: int, secret: str) -> str:
    """What a role holds: HMAC(SECRET_KEY, kind:game:secret)."""
    return _signed(current_app.config["SECRET_KEY"], f"{kind}:{game_id}:{secret}")


@functools.lru_cache(maxsize=16_384)
def _signed(key: str | bytes, message: str) -> str:
    """HMAC-SHA256 of `message` under `key`, hex; kept per process: the home page checks a
    role in each of a phone's games on every view, and a poll its one."""
    return hmac.digest(key.encode() if isinstance(key, str) else key, message.encode(),
                       "sha256").hex()


def _state() -> dict:
    """This request's phone, its roles and memberships as read so far, and the cookies its
    response must set or drop. Per request (not flask.g: a test's app context outlives its
    requests)."""
    req = request._get_current_object()
    if not hasattr(req, "_sk_phone"):
        req._sk_phone = {"roles": {}, "members": {}, "drop": []}
    return req._sk_phone


def _cookie_id(head: str) -> int | None:
    """The id a cookie starts with, read as every typed number is (rules.record.whole_number), when it
    is one a row can have."""
    number = whole_number(head)
    return number if number is not None and 0 < number <= models.MAX_ID else None


def phone_id(create: bool = False) -> int | None:
    """This browser's phone id from its signed cookie; None without one. With create=True, for
    a role about to be written: a phone that exists (a new one, whose cookie the response then
    sets, when it has none, or its row is gone with a database restored from before it)."""
    state = _state()
    if "phone" not in state:
        head, _, mac = request.cookies.get(PHONE_COOKIE, "").partition(".")
        state["phone"] = None
        number = _cookie_id(head)
        if number is not None and hmac.compare_digest(
                f"{head}.{mac}".encode(), phone_cookie_value(number).encode()):
            state["phone"] = number
    if create and _known_phone() is None:
        _use_phone(store.new_phone())
    return state["phone"]


def _known_phone() -> int | None:
    """This request's phone when its row is there (looked at once per request): a role or a
    membership can be written for it."""
    state = _state()
    if phone_id() is not None and not state.get("exists"):
        if models.db.session.get(models.Phone, state["phone"]) is None:
            state["phone"] = None
        state["exists"] = state["phone"] is not None
    return state["phone"]


def phone_cookie_value(phone: int) -> str:
    """What the phone cookie holds: the id and its HMAC, so no phone can claim another id."""
    return f"{phone}.{_token('phone', phone, '')}"


def _use_phone(new_id: int) -> None:
    """This request's phone is `new_id` from now on: its response sets the cookie."""
    state = _state()
    state.update(phone=new_id, set_phone=True, exists=True, roles={}, members={})
    _changed_roles()


def _roles(game_id: int) -> dict[str, str]:
    """kind -> token of this phone's roles in the game (one query, once per request)."""
    roles = _state()["roles"]
    if game_id not in roles:
        phone = phone_id()
        roles[game_id] = {} if phone is None else dict(models.db.session.execute(
            select(models.PhoneGame.kind, models.PhoneGame.token).where(
                models.PhoneGame.phone_id == phone, models.PhoneGame.game_id == game_id)).all())
    return roles[game_id]


# What each kind of role is made from: the creator's secret, the scorer link's, the join code.
MADE_FROM = {"c": "creator_secret", "s": "scorer_secret", "v": "code"}


def role_token(kind: str, game) -> str:
    """What a role of `kind` ("c", "s", "v") in the game holds now (PhoneGame.token; an API
    token's role_token): renewing the secret it is made from makes every older one worthless."""
    return _token(kind, game.id, getattr(game, MADE_FROM[kind]))


def _holds(kind: str, game_id: int, secret: str | None) -> bool:
    held = _roles(game_id).get(kind)
    if not held or not secret:
        return False
    return hmac.compare_digest(held.encode(), _token(kind, game_id, secret).encode())


def role(game) -> str | None:
    """"creator", "scorer" or "viewer" for this request; None when it holds no role.

    `game` needs only id, code, creator_secret and scorer_secret, so a bare row of those
    columns will do (the /live poll uses that to stay cheap). A member of the game's club (when
    `game` has a club_id) is a viewer of it without a role of its own. Worked out once per
    request and game (its secrets included: a rotation within the request asks again), and
    again after a role or membership is given or taken in it.
    """
    club_id = getattr(game, "club_id", None)
    key = (game.id, game.creator_secret, game.scorer_secret, game.code, club_id)
    known = _state().setdefault("role_of", {})
    if key not in known:
        known[key] = _role(game, club_id)
    return known[key]


def _role(game, club_id: int | None) -> str | None:
    if _holds("c", game.id, game.creator_secret):
        return CREATOR
    if _holds("s", game.id, game.scorer_secret):
        return SCORER
    if _holds("v", game.id, game.code):
        return VIEWER
    if club_id is not None and member(club_id) is not None:
        return VIEWER
    return None


def _changed_roles() -> None:
    """A role or membership of this phone was given or taken: role() works it out again."""
    _state().pop("role_of", None)


def game_head(game_id: int):
    """store.get_head's row for the game, or None, with this phone's roles in it read in the
    same statement (role() then asks nothing more)."""
    phone = phone_id()
    head, roles = store.get_head(game_id, phone)
    if head is not None and phone is not None:
        _state()["roles"][game_id] = roles
    return head


# ---------------------------------------------------------------- club members
#
# A phone that joined a club has a Member row pointing to its Phone. The row is looked up (once
# per request and club) so that a phone that left, or was removed by the admin, loses the club
# at once: its row is gone.


def member(club_id: int):
    """The Member this request's phone is in club `club_id`, or None."""
    members = _state()["members"]
    if club_id not in members:
        phone = phone_id()
        members[club_id] = None if phone is None else models.db.session.scalars(
            select(models.Member).where(models.Member.club_id == club_id,
                                        models.Member.phone_id == phone)).one_or_none()
    return members[club_id]


def read_member(club_id: int, row) -> None:
    """Member `row` (or None) is this phone's in club `club_id`, as a joined read found it
    (clubs.roster.load_club): member() then costs nothing, and a member's phone is known to
    exist (its row holds the member's: a role written for it needs no look at it)."""
    state = _state()
    state["members"][club_id] = row
    if row is not None and row.phone_id is not None and row.phone_id == phone_id():
        state["exists"] = True


def cookie_club_ids() -> set[int]:
    """The clubs this phone is a member of (each one's member() then costs nothing)."""
    phone = phone_id()
    if phone is None:
        return set()
    rows = models.db.session.scalars(
        select(models.Member).where(models.Member.phone_id == phone)).all()
    _state()["members"].update({row.club_id: row for row in rows})
    return {row.club_id for row in rows}


def grant_member(response, row):
    """Make this browser the phone of Member `row` (store.create_club / join_club made the row
    for phone_id(create=True)): nothing to set but the phone cookie, if new."""
    _state()["members"][row.club_id] = row
    _changed_roles()
    return response


def forget_member(response, club_id: int):
    """This phone left the club (store.leave_club deleted its row)."""
    _state()["members"][club_id] = None
    _changed_roles()
    return response


def can_score(game) -> bool:
    return role(game) in (CREATOR, SCORER)


def lost_scoring(game) -> bool:
    """This phone scored the game once and no longer does: it holds a creator or scorer role
    made from a secret since renewed (a take-over, a new scorer link). Such a phone is told so,
    and shown the hand it had started, instead of a bare 403 (handover.scoring_ended)."""
    held = _roles(game.id)
    return not can_score(game) and (
        ("c" in held and not _holds("c", game.id, game.creator_secret))
        or ("s" in held and not _holds("s", game.id, game.scorer_secret)))


def phone_game_heads() -> list:
    """The heads (store.phone_game_heads) of the games this phone holds a role in, newest
    first, in one query (each one's role() then costs nothing). Unchecked: a rotated secret
    ends a role, so verify each game with role() before showing it."""
    phone = phone_id()
    if phone is None:
        return []
    heads, roles = store.phone_game_heads(phone)
    _state()["roles"].update(roles)
    return heads


def no_game():
    """The one answer for a game that is not there and for one this request may not read:
    ids cannot be counted (as GitHub answers 404 for a private repository). It says how a
    game is opened: by its join code. A write is told that nothing was saved (a hand sent to
    a game forfeited meanwhile, or to one this phone may not score): the scorer keeps it."""
    if request.method in ("GET", "HEAD"):
        message = _("This phone has no game at this address. Open a game with its join code.")
    else:
        message = _("This phone has no game at this address, so nothing was saved. Open a "
                    "game with its join code.")
    return _reload_htmx(web.refuse(404, _("No game here"), message))


def require_reader(game) -> None:
    """A browser without a role gets no_game (404): it must type the game's code."""
    if role(game) is None:
        abort(no_game())


def require_scorer(game) -> None:
    """Abort with a plain 403 page unless this request may change the game (no_game, 404,
    when it may not even read it)."""
    if not can_score(game):
        require_reader(game)
        abort(403)


def load_head(game_id: int):
    """The game's head (game_head), when this request may read it; no_game (404) when there is
    none or it may not: what a page served from the render cache needs to find its key
    (load_game's check, without loading the game)."""
    head = game_head(game_id)
    if head is None:
        abort(no_game())
    require_reader(head)
    return head


def load_game(game_id: int, write: bool = False, summary: bool = False) -> models.Game:
    """The game, when this request may read it, or with write=True change it (else a plain
    403 for a phone that reads it); no_game (404) when there is none or it may not read it. Its
    hands come in the same statement as its version (store.get_game), so they go together,
    with its cached summary when `summary` says so. Every blueprint's game route loads
    through here (flaskr's get_post)."""
    game = store.get_game(game_id, summary=summary)
    if game is None:
        abort(no_game())
    (require_scorer if write else require_reader)(game)
    return game


def require_creator(game) -> None:
    if role(game) != CREATOR:
        require_reader(game)
        abort(403)


def actor(game) -> str:
    """How the audit trail names whoever makes this request's write."""
    if role(game) == CREATOR:
        return "creator"
    return f"scorer link #{game.scorer_generation}"


def _grant(response, kind: str, game_id: int, secret: str):
    token = _token(kind, game_id, secret)
    store.grant_role(phone_id(create=True), game_id, kind, token)
    if game_id in _state()["roles"]:  # else role() reads it, with the rest, when asked
        _state()["roles"][game_id][kind] = token
    _state()["set_phone"] = True  # and the phone cookie's 400 days start again
    _changed_roles()
    return response


def grant_creator(response, game):
    """Make this browser the game's creator (call on the response that creates the game)."""
    return _grant(response, "c", game.id, game.creator_secret)


def grant_scorer(response, game):
    """Make this browser a scorer under the game's current scorer secret."""
    return grant_scorer_of(response, game.id, game.scorer_secret)


def grant_scorer_of(response, game_id: int, scorer_secret: str):
    """grant_scorer by the game's id and secret as read (no Game row loaded)."""
    return _grant(response, "s", game_id, scorer_secret)


def grant_viewer(response, game):
    """Let this browser read the game: it showed the join code (which never changes)."""
    return _grant(response, "v", game.id, game.code)


# ---------------------------------------------------------------- the phone's choices
#
# The entry modes and the hands' view a phone picked, per variant (entry.remembered_modes,
# board.hands_view), are one cookie: "<variant>.<mode>.<points mode>.<view>" joined by "_". A new
# game or a rematch of that variant starts as this phone left the last one; another variant keeps
# its own. Items of the older per-game cookie ("<game id>.<mode>.<points mode>") are dropped.

MODES_COOKIE = "modes"
MODE_VARIANTS = 20
MODE_PICKS = ("mode", "points_mode", "view")
_MODE_ITEM = re.compile(r"([a-z][a-z0-9-]{0,39})\.(\w*)\.(\w*)(?:\.(\w*))?")


def _modes() -> dict[str, dict[str, str]]:
    """variant id -> this phone's picks for it (MODE_PICKS, "" for none), newest first."""
    out: dict[str, dict[str, str]] = {}
    for item in request.cookies.get(MODES_COOKIE, "").split("_")[:MODE_VARIANTS]:
        if m := _MODE_ITEM.fullmatch(item):
            out.setdefault(m[1], dict(zip(MODE_PICKS, (m[2], m[3], m[4] or ""))))
    return out


def remembered_modes(variant_id: str) -> dict[str, str]:
    """This phone's picks for games of the variant (MODE_PICKS); "" for none picked."""
    return _modes().get(variant_id) or dict.fromkeys(MODE_PICKS, "")


def remember_modes(variant_id: str, **picks: str | None) -> None:
    """Keep this phone's pick for games of the variant, e.g. mode="quick" or view="list" (the
    response sets the cookie); the variant's other picks stay."""
    kept = remembered_modes(variant_id)
    kept.update({key: value for key, value in picks.items() if key in MODE_PICKS and value})
    items = {variant_id: kept, **{v: p for v, p in _modes().items() if v != variant_id}}
    value = "_".join(".".join([v] + [p[key] for key in MODE_PICKS])
                     for v, p in list(items.items())[:MODE_VARIANTS])

    @after_this_request
    def _set(response):
        set_cookie(response, MODES_COOKIE, value, timedelta(days=180))
        return response


# ---------------------------------------------------------------- phones from before phones


def old_cookies() -> list[str]:
    """The names of this request's cookies from before phones (adopt_old_cookies)."""
    return [name for name in request.cookies if _OLD_GAME_COOKIE.fullmatch(name)
            or _OLD_MEMBER_COOKIE.fullmatch(name) or _OLD_MODE_COOKIE.fullmatch(name)]


def adopt_old_cookies() -> None:
    """A phone from before phones: its game and club cookies that check out become rows of its
    phone (a new one, or the one it has), and its response drops every old cookie, the entry
    mode ones too (their picks are only a convenience). Forged or stale ones are dropped."""
    old = old_cookies()
    if not old or request.endpoint == "static":
        return
    state = _state()
    state["drop"] = old
    claimed = [(int(m[2]), m[1], request.cookies[name]) for name in old
               if (m := _OLD_GAME_COOKIE.fullmatch(name)) and int(m[2]) <= models.MAX_ID]
    games = {row.id: row for row in models.db.session.execute(
        select(models.Game.id, models.Game.creator_secret, models.Game.scorer_secret,
               models.Game.code)
        .where(models.Game.id.in_({game_id for game_id, _, _ in claimed})))} if claimed else {}
    roles = [(game_id, kind, token) for game_id, kind, token in claimed
             if game_id in games and hmac.compare_digest(
                 token.encode(), role_token(kind, games[game_id]).encode())]
    members = []
    for name in old:
        if m := _OLD_MEMBER_COOKIE.fullmatch(name):
            head, _, mac = request.cookies[name].partition(".")
            number = _cookie_id(head)
            row = models.db.session.get(models.Member, number) if number is not None else None
            if row is not None and str(row.club_id) == m[1] and hmac.compare_digest(
                    mac.encode(), _token("member", row.club_id,
                                         f"{row.id}:{row.secret}").encode()):
                members.append(row.id)
    if not roles and not members:
        return
    before = _known_phone()
    adopted = store.adopt_old_roles(before, roles, members)
    if adopted != before:
        _use_phone(adopted)


def _finish_cookies(response):
    """Set the phone cookie when this request made or adopted the phone (or gave it a role),
    and drop the old cookies adopt_old_cookies read."""
    state = getattr(request._get_current_object(), "_sk_phone", None)
    if state is None:
        return response
    if state.get("set_phone") and state.get("phone") is not None:
        set_cookie(response, PHONE_COOKIE, phone_cookie_value(state["phone"]), PHONE_MAX_AGE)
    for name in state["drop"]:
        response.delete_cookie(name, path="/", secure=cookie_secure(), httponly=True,
                               samesite="Lax")
    return response


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
    return _reload_htmx(web.refuse(400, _("This page had gone stale"),
                                   _("Nothing was saved. Reload the page and enter it again.")))


def init_app(app) -> None:
    """Register the plain pages for refused requests, and the phone cookie's hooks."""
    app.register_error_handler(403, _forbidden)
    app.register_error_handler(CSRFError, _form_expired)
    app.before_request(adopt_old_cookies)
    app.after_request(_finish_cookies)
    app.session_interface = _SessionCookie()
