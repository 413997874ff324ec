"""Getting other phones into a game: the routes of the join code and the two links.

- /join and /g/<code>: the viewer way in, by join code (codes.find_game_by_code counts wrong
  guesses); the right code leaves a viewer cookie, the only way besides a scorer or creator
  cookie to read a game.
- /s/<secret>: the scorer way in; swaps the secret for a cookie and redirects it out of the URL.
- POST /games/<id>/scorer-link/rotate: the creator revokes the scorer link and its cookies.
- POST /games/<id>/join-code/renew: the scorer (or the club's admin) gives the game a new join
  code; the old code, link and QR code and every viewer cookie made from them die.
- The share block's template helpers: the invite's links (qr.viewer_url, qr.scorer_url,
  qr.join_url, as other phones reach them) and their QR codes.
"""
from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import gettext as _
from sqlalchemy import select

from .. import access, codes, qr, rules, store, web
from ..extensions import db
from ..models import Game

bp = Blueprint("sharing", __name__)


def _join_page(code_typed: str = "", error: str | None = None, status: int = 200):
    return web.render("sharing/join.html", "sharing/_join.html", status, code_typed=code_typed,
                      error=error)


def _to_game(game):
    """The redirect to the game page, carrying the viewer cookie the right code earned."""
    return access.grant_viewer(redirect(url_for("games.game_page", game_id=game.id), 303), game)


@bp.route("/join", methods=["GET", "POST"])
def join():
    """Type a join code, land on the game (read only)."""
    if request.method == "GET":
        return _join_page(request.args.get("code", ""))
    typed = request.form.get("code", "")
    code = access.normalize_code(typed)
    if code is None:  # cannot be any game's code, so it tells a guesser nothing: not counted
        return _join_page(typed, access.code_refusal(typed), 400)
    game = codes.find_game_by_code(code)
    if game is None:
        return _join_page(typed, _("No game has the code %(code)s.", code=codes.pretty_code(code)),
                          404)
    return _to_game(game)


@bp.get("/g/<code>")
def viewer(code: str):
    """The viewer link (what the QR code holds): straight to the game page."""
    normalized = access.normalize_code(code)
    game = codes.find_game_by_code(normalized) if normalized else None
    if game is None:
        return _join_page(code, _("No game has that code."), 404)
    if game.finished:
        return access.grant_viewer(_result_preview(game), game)
    return _to_game(game)


def _result_preview(game):
    """A finished game's viewer link answers its link preview itself (the result card, in
    partials/printing/_og.html) and goes on to the game page at once (a meta refresh, and a
    link for a browser that does not follow it): a chat app's crawler keeps no cookie, so
    behind a redirect it would find only the page of a game it may not read."""
    record = game.record()
    return render_template("sharing/preview.html", game=game, record=record,
                           result=rules.score(record), variant=rules.VARIANTS.get(game.variant),
                           target=url_for("games.game_page", game_id=game.id))


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
        response = web.refuse(404, _("Link not valid"),
                              _("This scorer link is no longer valid. Ask the game's creator "
                                "for the new one, or join by code to watch."))
    else:
        response = access.grant_scorer(_to_game(game), game)
        if game.event_match_id is not None:  # a table's card: this phone is its table's
            store.scanned_table_card(access.phone_id(), game)
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/games/<int:game_id>/scorer-link/rotate")
def rotate(game_id: int):
    """Creator only: a new scorer secret; the old link and every cookie made from it die."""
    game = access.load_game(game_id)
    access.require_creator(game)
    via = access.actor(game)
    store.rotate_scorer(game_id, via)
    return redirect(url_for("games.game_page", game_id=game_id) + "#share", 303)


def may_renew_code(game) -> bool:
    """Whether this phone may give the game a new join code: its scorer, or its club's admin
    (a phone removed from the club knew the code)."""
    if access.can_score(game):
        return True
    member = access.member(game.club_id) if game.club_id is not None else None
    return member is not None and member.is_admin


@bp.post("/games/<int:game_id>/join-code/renew")
def renew_code(game_id: int):
    """The scorer or the club's admin: a new join code; the old code, its link and QR code and
    every viewer cookie made from them stop working, as a new scorer link does for scorers."""
    game = access.load_game(game_id)
    if not may_renew_code(game):
        abort(403)
    member = access.member(game.club_id) if game.club_id is not None else None
    via = access.actor(game) if access.can_score(game) else f"club admin {member.display}"
    store.renew_join_code(game_id, via[:40])
    return redirect(url_for("games.game_page", game_id=game_id) + "#share", 303)


@bp.app_context_processor
def _share_helpers():
    """Template helpers for the invite (partials/sharing/_share.html) and a club's code."""
    return {"qr_svg": qr.qr_svg, "viewer_url": qr.viewer_url, "scorer_url": qr.scorer_url,
            "join_url": qr.join_url, "pretty_code": codes.pretty_code, "role": access.role,
            "may_renew_code": may_renew_code}
