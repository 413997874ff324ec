"""The API's pages: the docs page, and the pages that make, list and revoke API tokens: a
club's (its admin's, under the club's phones) and a game's (in its share area: a scorer's that
scores it, anyone's who may read it that reads it).

A new token's secret is on the one answer that made it (no-store, like every page), never
again: the list shows each token's name, right, when it was made and last used, and its expiry.
"""
from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from flask import Blueprint, abort, redirect, request, send_from_directory, url_for
from flask_babel import gettext as _
from sqlalchemy import select

from .. import access, store, web
from ..clubs import roster
from ..extensions import db
from ..games.new_game import clean_name
from ..models import ApiToken, utcnow
from ..rules.record import whole_number
from . import auth, problems

bp = Blueprint("api_tokens", __name__)


@bp.get("/api/v1/docs")
def docs():
    """Every operation of the API, drawn from its OpenAPI document by a local script, and
    every kind of problem it answers."""
    return web.render("api/docs.html", "api/_docs.html", kinds=problems.KINDS,
                      hand_numbers=problems.HAND_NUMBERS, spec_names=SPEC_NAMES)


@bp.get(problems.TYPES + "<name>")
def problem(name: str):
    """The page a problem's `type` URI names: what that kind of refusal means, what to do."""
    if name not in problems.KINDS:
        abort(404)
    return web.render("api/problem.html", "api/_problem.html", kind=problems.KINDS[name],
                      type_uri=problems.problem_type(name), kinds=problems.KINDS,
                      hand_numbers=problems.HAND_NUMBERS)

# The specifications the API's documents follow, served as they are written (a copy of the
# project's spec, kept equal to it by tests/api/test_openapi.py).
SPECS = Path(__file__).with_name("spec")
SPEC_NAMES = ("game-record", "rules", "stats", "events", "ratings")


@bp.get("/api/v1/spec/<name>.md")
def spec(name: str):
    """A specification the OpenAPI document's schemas name (game-record.md...), as Markdown."""
    if name not in SPEC_NAMES:
        abort(404)
    return send_from_directory(SPECS, f"{name}.md", mimetype="text/markdown")


MAX_DAYS = 3650


def _form() -> tuple[str, str, object, str | None]:
    """(label, right, expiry, error) from the form."""
    label = clean_name(request.form.get("label", ""))[:40]
    days = request.form.get("days", "").strip()
    number = whole_number(days)
    error = None
    if not label:
        error = _("Name the token after the app that will use it (e.g. “Bar TV”).")
    elif days and not (number is not None and 1 <= number <= MAX_DAYS):
        error = _("A token expires in 1 to %(days)s days, or never (leave it empty).",
                  days=MAX_DAYS)
    expires = utcnow() + timedelta(days=number) if days and not error else None
    return label, request.form.get("right", ""), expires, error


def _page(status: int = 200, **ctx):
    ctx.setdefault("right_words", auth.RIGHT_WORDS)
    return web.render("api/tokens.html", "api/_tokens.html", status, **ctx)


def _new_token(label: str, right: str, expires, **where) -> str:
    """Make the token (store.make_token keeps its hash) and give back its secret, once."""
    secret = auth.new_secret()
    store.make_token(auth.secret_hash(secret), label, right, expires_at=expires, **where)
    return secret


# ---------------------------------------------------------------- a club's tokens


def _club_admin(club_id: int):
    club, phone = roster.load_club(club_id)
    if not phone.is_admin:
        abort(web.refuse(403, _("The admin's"), _("Only the club's admin makes and revokes "
                                                  "the club's API tokens.")))
    return club, phone


def _club_tokens(club_id: int) -> list[ApiToken]:
    return db.session.scalars(select(ApiToken).where(
        ApiToken.club_id == club_id, ApiToken.right.in_((auth.CLUB_READ, auth.CLUB_WRITE)))
        .order_by(ApiToken.id)).all()


@bp.route("/clubs/<int:club_id>/api-tokens", methods=["GET", "POST"])
def club_tokens(club_id: int):
    club, phone = _club_admin(club_id)
    secret = error = None
    status = 200
    if request.method == "POST":
        label, right, expires, error = _form()
        if right not in (auth.CLUB_READ, auth.CLUB_WRITE):
            error = error or _("Pick what the token may do.")
        if error:
            status = 422
        else:
            secret = _new_token(label, right, expires, club_id=club.id, member_id=phone.id,
                                phone_id=phone.phone_id)
            status = 201
    return _page(status, club=club, tokens=_club_tokens(club.id), secret=secret, error=error,
                 rights=(auth.CLUB_READ, auth.CLUB_WRITE),
                 revoke=lambda t: url_for("api_tokens.revoke_club_token", club_id=club.id,
                                          token_id=t.id))


@bp.post("/clubs/<int:club_id>/api-tokens/<int:token_id>/revoke")
def revoke_club_token(club_id: int, token_id: int):
    _club_admin(club_id)
    store.revoke_token(token_id, ApiToken.club_id == club_id,
                       ApiToken.right.in_((auth.CLUB_READ, auth.CLUB_WRITE)))
    return redirect(url_for("api_tokens.club_tokens", club_id=club_id), 303)


# ---------------------------------------------------------------- a game's tokens


def _visible(game) -> list:
    """Which of the game's tokens this phone may see and revoke: all of them for a scorer,
    the ones it made for a reader."""
    where = [ApiToken.game_id == game.id]
    if not access.can_score(game):
        where.append(ApiToken.phone_id == (access.phone_id() or 0))
    return where


def _game_tokens(game) -> list[ApiToken]:
    return db.session.scalars(select(ApiToken).where(*_visible(game))
                              .order_by(ApiToken.id)).all()


@bp.route("/games/<int:game_id>/api-tokens", methods=["GET", "POST"])
def game_tokens(game_id: int):
    game = access.load_game(game_id)
    secret = error = None
    status = 200
    rights = (auth.GAME_SCORE, auth.GAME_READ) if access.can_score(game) else (auth.GAME_READ,)
    if request.method == "POST":
        label, right, expires, error = _form()
        if right not in rights:
            error = error or _("Pick what the token may do.")
        if error:
            status = 422
        else:
            kind = "v" if right == auth.GAME_READ else \
                "c" if access.role(game) == access.CREATOR else "s"
            member = access.member(game.club_id) if game.club_id is not None else None
            secret = _new_token(label, right, expires, game_id=game.id,
                                phone_id=access.phone_id(create=True),
                                member_id=member.id if member is not None else None,
                                role_kind=kind, role_token=access.role_token(kind, game))
            status = 201
    return _page(status, game=game, tokens=_game_tokens(game), secret=secret, error=error,
                 rights=rights,
                 revoke=lambda t: url_for("api_tokens.revoke_game_token", game_id=game.id,
                                          token_id=t.id))


@bp.post("/games/<int:game_id>/api-tokens/<int:token_id>/revoke")
def revoke_game_token(game_id: int, token_id: int):
    game = access.load_game(game_id)
    store.revoke_token(token_id, *_visible(game))
    return redirect(url_for("api_tokens.game_tokens", game_id=game.id), 303)
