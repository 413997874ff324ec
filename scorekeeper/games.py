"""The table app: home, new game, the game page and its history, enter / edit / undo a hand,
rules pages.

Reading a game needs a role cookie (access.require_reader), changing it a scorer's or the
creator's (access.require_scorer); access.load_game() does one or the other for every game route.

The scoreboard and the hand list come from one rules.score call on the stored record
(pages.live_context); the engine is asked again only about the next hand or the one being typed
(rules.legal_calls: who deals and calls; rules.preview; an edited hand is scored after the hands
before it) and, on the history page, about each stored version of a hand. No view computes a
score itself. Writes carry the game version they were made on and are refused when it is stale,
so a double tap or a resent form never saves twice.

This module is the routes and their glue: the setup form's helpers are in setup.py, the page
view-models in pages.py, the audit trail in words in history.py, template helpers in filters.py.
"""
from __future__ import annotations

import json
from typing import Any

from flask import (
    Blueprint, abort, after_this_request, make_response, redirect, render_template, request,
    url_for,
)
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from . import access, filters, forms, pages, rendered, rules, security, setup, store
from .extensions import db
from .history import history_rows
from .models import MAX_HANDS, AuditEvent, Game

bp = Blueprint("games", __name__)

RECENT_GAMES = 30


def variants() -> dict:
    return rules.VARIANTS


def get_variant(variant_id: str):
    v = variants().get(variant_id)
    if v is None:
        abort(404)
    return v


# --------------------------------------------------------------------------- home

def home():
    """The games this browser has a role in, from its cookies: a game is shown only to phones
    that were given its code or a link, never to whoever opens the home page."""
    ids = access.cookie_game_ids()
    games = db.session.scalars(
        select(Game).where(Game.id.in_(ids)).order_by(Game.updated_at.desc(), Game.id.desc())
        .options(selectinload(Game.players), selectinload(Game.hands))
    ).all() if ids else []
    games = [g for g in games if access.role(g)][:RECENT_GAMES]
    score = rules.score
    playing, finished = [], []
    for game in games:
        result = score(game.record())
        variant = variants().get(game.variant)
        item = {"game": game, "result": result, "variant": variant,
                "leader": pages.leader(variant, result) if variant else None}
        (finished if result.get("finished") else playing).append(item)
    return pages.render("games/home.html", "_game_list.html", playing=playing,
                        finished=finished[:10])


# --------------------------------------------------------------------------- new game

@bp.get("/games/new")
def new_game():
    ctx = setup.new_game_context(request.args.get("variant"))
    return pages.render("games/new.html", "_new_game.html", **ctx)


@bp.post("/games/new")
def create_game():
    variant_id = request.form.get("variant", "")
    variant = variants().get(variant_id)
    if variant is None:
        ctx = setup.new_game_context(None, request.form, ["Pick the game you are playing."])
        return _render_new(ctx, 422)
    players, errors = setup.read_names(variant, request.form)
    options, option_errors = setup.parse_options(variant, request.form)
    errors += option_errors
    first_dealer = forms.whole_number(request.form.get("first_dealer", "0"))
    if first_dealer is None:
        first_dealer = -1
    if not errors and not (0 <= first_dealer < len(players)):
        errors.append("Pick who deals first from the players named.")
    if not errors:
        record = {"variant": variant.id, "players": players, "first_dealer": first_dealer,
                  "options": options, "hands": []}
        result = rules.score(record)
        if not result.get("ok"):
            errors.append(result.get("error") or "These settings are not valid.")
    if errors:
        return _render_new(setup.new_game_context(variant.id, request.form, errors), 422)
    return start_game(record)


def start_game(record: dict) -> Any:
    """Save a checked record as a new game, make this browser its creator, and go to it.
    One path for the setup form and for an imported record (with its hands)."""
    game = store.start_game(record)
    url = url_for("games.game_page", game_id=game.id)
    if pages.is_htmx():
        response = make_response("", 204)
        response.headers["HX-Redirect"] = url
    else:
        response = redirect(url, 303)
    access.grant_creator(response, game)
    return response


@bp.get("/games/<int:game_id>/record.json")
def export_game(game_id: int):
    """The game record (spec/game-record.md): what `scorekeeper check` and import read."""
    game = access.load_game(game_id)
    return pages.json_download(game.record(), f"scorekeeper-{game.variant}-{game.id}.json")


@bp.post("/games/import")
def import_game():
    """A new game from an exported record, hands and all, checked by the engine first."""
    text = pages.uploaded_text("record")
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        raw = None
    error = None
    if not isinstance(raw, dict):
        error = "That file is not a game record (a JSON object)."
    elif security.bad_text(raw):
        error = "That file holds a character that cannot be stored (NUL, or text that is not UTF-8)."
    elif isinstance(raw.get("hands"), list) and len(raw["hands"]) > MAX_HANDS:
        error = f"That game has {len(raw['hands'])} hands: a game here holds at most {MAX_HANDS}."
    else:
        record = {"variant": raw.get("variant"), "players": raw.get("players"),
                  "first_dealer": raw.get("first_dealer", 0), "options": raw.get("options") or {},
                  "hands": raw.get("hands", [])}
        if isinstance(record["players"], list) and all(isinstance(p, str) for p in record["players"]):
            record["players"] = [setup.clean_name(p) for p in record["players"]]
        result = rules.score(record)
        problems = setup.name_problems(record["players"]) if result["ok"] else []
        if not result["ok"]:
            where = "" if result["hand"] is None else f"Hand {result['hand'] + 1}: "
            error = f"{where}{result['error']}"
        elif problems:
            error = problems[0]
    if error:
        ctx = setup.new_game_context(None, None, None)
        ctx["import_error"] = error
        return _render_new(ctx, 422)
    return start_game(record)


def _render_new(ctx, status):
    return pages.render("games/new.html", "_new_game.html", status, **ctx)


# --------------------------------------------------------------------------- the game page

@bp.get("/games/<int:game_id>")
def game_page(game_id: int):
    """The game page, rendered once per (version, role, quiet, page or partial, host, this
    phone's choices) and served from the render cache after that (rendered.py): the lookup
    needs only the game's row; a miss loads the game and renders it. ?view= is the grid/list
    toggle: this phone keeps its choice, and htmx gets the hands alone (a half-typed hand
    stays)."""
    head = store.get_head(game_id)
    if head is None:
        abort(404)
    access.require_reader(head)
    view = request.args.get("view")
    if view in ("grid", "list"):
        _remember(pages.VIEW_COOKIE, view)
        if pages.is_htmx():
            return render_template("partials/_hands.html", **pages.page_context(access.load_game(game_id)))
    key = rendered.key("page", head, pages.is_htmx())

    def render():
        game = access.load_game(game_id)
        ctx = pages.page_context(game)
        return pages.render("games/game.html", "_scoreboard.html",
                            csrf_token=rendered.placeholder_csrf, **ctx)[0]
    return rendered.body(key, render)


def _remember(name: str, value: str) -> None:
    """A display preference of this phone, kept in a cookie (never in the server)."""
    @after_this_request
    def _set(response):
        access.set_cookie(response, name, value, 180 * 24 * 3600)
        return response


def _index_arg() -> int | None:
    raw = request.form.get("index", "")
    if raw == "":
        return None
    index = forms.whole_number(raw)
    if index is None:
        abort(400)
    return index


def _hand_values(game: Game) -> dict[str, str]:
    values = forms.read_values(request.form, len(game.players))
    forms.apply_call_button(values, request.form)
    # An entry mode picked stays for the next hand and the rest of the game, on this phone.
    if request.form.get("set_mode") in ("auction", "quick"):
        access.remember_modes(game.id, mode=values["mode"])
    if request.form.get("set_points_mode") in ("number", "items"):
        access.remember_modes(game.id, points_mode=values["points_mode"])
    return values


@bp.post("/games/<int:game_id>/hands/preview")
def preview_hand(game_id: int):
    """Live validation while the scorer taps: changes nothing (scorers only all the same, as
    only they have a form to preview)."""
    game = access.load_game(game_id, write=True)
    index = _index_arg()
    if index is not None and not (0 <= index < len(game.hands)):
        abort(404)
    if _version_arg() != game.version:
        return _stale(game, index)
    values = _hand_values(game)
    return _render_entry(game, values, index, status=200, whole=False)


def _stale(game: Game, index: int | None):
    """The game moved on under this form (another phone saved, changed or took back a hand):
    show the new state and say what happened, never carry the form over to the new version
    silently. A new hand starts empty; an edit shows the hand as it now stands, so what the
    other phone saved is seen before it can be changed again."""
    notice = _stale_message(game)
    if index is None or index >= len(game.hands):
        return _render_entry(game, {}, None, status=409, notice=notice)
    stored = forms.values_from_hand(get_variant(game.variant), game.hands[index].data,
                                    game.player_names)
    return _render_entry(game, stored, index, status=409,
                         notice=f"{notice} This is how it stands now.")


def _render_entry(game, values, index, status, message=None, notice=None, whole=True):
    """The hand form again, with what was typed and why it was not saved (message, notice).

    A browser without htmx gets the whole page with `status`; htmx gets 200, as it does not swap
    error answers. `whole` says what the htmx request targeted: False for a preview or a call
    button (its target is the form: answer with the form alone), True for a save, undo or stale
    form (answer with the game body, retargeted to #game-body, since the scoreboard and hand
    list may have moved too). When no form is left to show (the game is over, say), it is the body
    regardless. Editing a hand (index set) always answers the form or the edit page.
    """
    if index is None:
        ctx = pages.page_context(game, values, message=message, notice=notice)
        if pages.is_htmx() and (whole or "entry" not in ctx):
            return render_template("partials/_game_body.html", **ctx), 200, \
                {"HX-Retarget": "#game-body", "HX-Reswap": "innerHTML"}
        return pages.render("games/game.html", "_hand_form.html", status, **ctx)
    record = game.record()
    result = rules.score(record)
    ctx = pages.board_context(game, record, result)
    ctx["entry"] = pages.entry_context(game, record, values, index, message=message, notice=notice)
    return pages.render("games/edit.html", "_hand_form.html", status, **ctx)


def _stale_message(game: Game) -> str:
    """What the other phone did: the game's last audit row (`game` is freshly loaded)."""
    last = db.session.scalars(
        select(AuditEvent).where(AuditEvent.game_id == game.id).order_by(AuditEvent.id.desc())
    ).first()
    if last is not None and last.hand_number is not None:
        what = f"{filters.hand_word(game.variant)} {last.hand_number + 1}"
        if last.action == "undone":
            return f"{what} was just taken back from another phone."
        verb = "entered" if last.action == "entered" else "changed"
        return f"{what} was just {verb} from another phone."
    return "The game was just changed from another phone."


def _version_arg() -> int:
    version = forms.whole_number(request.form.get("version"))
    return -1 if version is None else version


def _after_write(game: Game, saved: str, edit: bool = False):
    """The answer to a successful write. Entering or undoing on the game page re-renders its
    body in place, with `saved` shown and an empty form for the next hand: the scorer stays
    where they are. An edit is made on the edit page (/games/<id>/hands/<n>/edit, whose
    #game-body holds only the form): the game page's body swapped in there would leave the
    browser on the edit URL, so it answers 204 with HX-Redirect and htmx loads the game page,
    like the 303 that a browser without htmx follows."""
    url = url_for("games.game_page", game_id=game.id)
    if pages.is_htmx():
        if edit:
            response = make_response("", 204)
            response.headers["HX-Redirect"] = url
            return response
        ctx = pages.page_context(game, saved=saved)  # store kept `game` current
        ctx["saved"] = saved
        return render_template("partials/_game_body.html", **ctx)
    return redirect(url, 303)


def _save(game_id: int, index: int | None):
    """Enter a new hand (index None) or change hand `index`: one path for both, so an edit is
    checked exactly like an entry. Nothing is saved when the form is stale (another phone wrote
    since it was rendered), when a call button was tapped without JavaScript (the form is only
    updated), or when the engine refuses the hand (it comes back as typed, with the reason)."""
    game = access.load_game(game_id, write=True)
    version = _version_arg()
    if index is not None and not (0 <= index < len(game.hands)):
        if version not in (-1, game.version):  # the hand was taken back from another phone
            return _stale(game, index)
        abort(404)
    values = _hand_values(game)
    if forms.is_form_button(request.form):
        # A call button or mode switch tapped with JavaScript off: update the form, save nothing.
        return _render_entry(game, values, index, status=200, whole=False)
    if version != game.version:
        return _stale(game, index)
    if index is None and len(game.hands) >= MAX_HANDS:
        return _render_entry(game, values, index, status=422,
                             message=f"A game holds at most {MAX_HANDS} hands: start a new game.")
    record = game.record()
    ctx = pages.entry_context(game, record, values, index)
    if ctx["problem"] is not None or ctx.get("invalid"):
        message = ctx.get("invalid") or ctx["problem"].message
        return _render_entry(game, values, index, status=422, message=message)
    hand = ctx["hand"]
    if index is None:
        number = len(record["hands"])
        ok = store.write_hand(game, version, "entered", number, None, hand, access.actor(game))
    else:
        number = index
        ok = store.write_hand(game, version, "edited", number, record["hands"][index], hand,
                              access.actor(game))
    if not ok:
        return _stale(access.load_game(game_id, write=True), index)
    done = "saved" if index is None else "changed"
    label = f"{filters.hand_word(game.variant)} {number + 1} {done}."
    return _after_write(game, label, edit=index is not None)


@bp.post("/games/<int:game_id>/hands")
def enter_hand(game_id: int):
    return _save(game_id, None)


@bp.get("/games/<int:game_id>/hands/<int:number>/edit")
def edit_hand(game_id: int, number: int):
    game = access.load_game(game_id)  # a browser without a role is sent to /join, a viewer gets 403
    access.require_scorer(game)
    if not (0 <= number < len(game.hands)):
        abort(404)
    variant = get_variant(game.variant)
    record = game.record()
    values = forms.values_from_hand(variant, record["hands"][number], record["players"])
    result = rules.score(record)
    ctx = pages.board_context(game, record, result)
    ctx["entry"] = pages.entry_context(game, record, values, number)
    return pages.render("games/edit.html", "_hand_form.html", **ctx)


@bp.post("/games/<int:game_id>/hands/<int:number>")
def update_hand(game_id: int, number: int):
    return _save(game_id, number)


@bp.post("/games/<int:game_id>/hands/undo")
def undo_hand(game_id: int):
    game = access.load_game(game_id, write=True)
    version = _version_arg()
    if version != game.version:
        return _stale(game, None)
    if not game.hands:
        return _render_entry(game, {}, None, status=409, notice="There is no hand to undo.")
    last = game.hands[-1]
    number, data = last.number, dict(last.data)
    if not store.write_hand(game, version, "undone", number, data, None, access.actor(game)):
        return _stale(access.load_game(game_id, write=True), None)
    back_to = forms.whole_number(request.form.get("edit"))
    if back_to is not None and 0 <= back_to < number:
        # taken back from the edit page of an earlier hand, whose change it was blocking:
        # back to that edit
        url = url_for("games.edit_hand", game_id=game.id, number=back_to)
        if pages.is_htmx():
            response = make_response("", 204)
            response.headers["HX-Redirect"] = url
            return response
        return redirect(url, 303)
    return _after_write(game, f"{filters.hand_word(game.variant)} {number + 1} taken back.")


# --------------------------------------------------------------------------- history

@bp.get("/games/<int:game_id>/history")
def history(game_id: int):
    game = access.load_game(game_id)
    return pages.render("games/history.html", "_history.html", game=game,
                        variant=variants().get(game.variant), rows=history_rows(game))


# --------------------------------------------------------------------------- a game's rules card

@bp.get("/games/<int:game_id>/rules")
def rules_card(game_id: int):
    """This game's house rules in plain words (rules_card.py), for anyone who may read it."""
    game = access.load_game(game_id)
    return pages.render("games/rules_card.html", "_rules_card.html",
                        **pages.rules_card_context(game))


# --------------------------------------------------------------------------- rules pages

# The rules carry no capability (no join code, no scorer link), so unlike a game page they may be
# kept: the phone's service worker then shows them with the server away.
KEPT = {"Cache-Control": "private, no-cache"}


@bp.get("/rules/")
def rules_index():
    return (*pages.render("games/rules_index.html", "_rules_index.html", variants=variants()),
            KEPT)


@bp.get("/rules/<variant_id>")
def rules_page(variant_id: str):
    variant = get_variant(variant_id)
    return (*pages.render("games/rules.html", "_rules.html", variant=variant,
                          variants=variants()), KEPT)


# --------------------------------------------------------------------------- app wiring

def init_app(app) -> None:
    """The template helpers, the pages for refused requests, and Vary: HX-Request."""
    filters.init_app(app)
    access.init_app(app)
    app.after_request(_vary_on_htmx)


def _vary_on_htmx(response):
    """The same URL answers a page or a partial: caches must keep them apart."""
    response.vary.add("HX-Request")
    return response
