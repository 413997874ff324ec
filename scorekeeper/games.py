"""The table app: home, new game, the game page and its history, enter / edit / undo a hand,
rules pages.

Reading a game needs a role cookie (access.require_reader), changing it a scorer's or the
creator's (access.require_scorer); load_game() does one or the other for every game route.

Every score on a page comes from ONE rules.score(game.record()) call (or rules.preview for a hand
being typed); no view computes a score itself. Writes carry the game version they were made on and
are refused when it is stale, so a double tap or a resent form never saves twice.
"""
from __future__ import annotations

import json
import unicodedata
from typing import Any

from flask import (
    Blueprint, abort, current_app, make_response, redirect, render_template, request, url_for,
)
from sqlalchemy import select, update
from sqlalchemy.exc import IntegrityError

from . import access, forms, models, rules
from .extensions import db, htmx
from .rules.record import Invalid
from .models import AuditEvent, Game, Hand, Player, utcnow

bp = Blueprint("games", __name__)

MAX_NAME = 40
RECENT_GAMES = 30


def variants() -> dict:
    return rules.VARIANTS


def get_variant(variant_id: str):
    v = variants().get(variant_id)
    if v is None:
        abort(404)
    return v


def is_htmx() -> bool:
    """Answer with a partial? Not for htmx's history restore, which needs the whole page."""
    return bool(htmx) and not htmx.history_restore_request


def render(page: str, partial: str, /, **ctx) -> str:
    """templates/partials/<partial> for an htmx request (it swaps that part of the page), else
    the whole page templates/games/<page>; both from the same context."""
    return render_template(f"partials/{partial}" if is_htmx() else f"games/{page}", **ctx)


def load_game(game_id: int, write: bool = False) -> Game:
    """The game, when this request may read it (else a 303 to /join), or with write=True
    change it (else a plain 403: a write is never redirected)."""
    game = db.session.get(Game, game_id)
    if game is None:
        abort(404)
    (access.require_scorer if write else access.require_reader)(game)
    return game


# --------------------------------------------------------------------------- home

def home():
    """The games this browser has a role in, from its cookies: a game is shown only to phones
    that were given its code or a link, never to whoever opens the home page."""
    ids = access.cookie_game_ids()
    games = db.session.scalars(
        select(Game).where(Game.id.in_(ids)).order_by(Game.updated_at.desc(), Game.id.desc())
    ).all() if ids else []
    games = [g for g in games if access.role(g)][:RECENT_GAMES]
    score = rules.score
    playing, finished = [], []
    for game in games:
        result = score(game.record())
        item = {"game": game, "result": result, "variant": variants().get(game.variant)}
        (finished if result.get("finished") else playing).append(item)
    return render("home.html", "_game_list.html", playing=playing, finished=finished[:10])


# --------------------------------------------------------------------------- new game

def option_defaults(variant) -> dict[str, Any]:
    return {o.name: o.default for o in variant.options}


def option_form_values(variant, form=None) -> dict[str, Any]:
    """Per option the value to show: from the submitted form or the default."""
    values: dict[str, Any] = {}
    for o in variant.options:
        key = f"opt-{o.name}"
        if form is None:
            values[o.name] = o.default
        elif o.kind == "bool":
            values[o.name] = key in form
        elif o.kind == "multi":
            values[o.name] = form.getlist(key)
        else:
            values[o.name] = form.get(key, "")
    return values


def parse_options(variant, form) -> tuple[dict[str, Any], list[str]]:
    """The options that differ from the defaults, and any errors.

    The form only turns text into JSON values; the engine's own Option.parse judges them, so
    the setup page and an imported record accept exactly the same house rules.
    """
    chosen: dict[str, Any] = {}
    errors: list[str] = []
    for o in variant.options:
        key = f"opt-{o.name}"
        if o.kind == "bool":
            value: Any = key in form
        elif o.kind == "multi":
            value = [c for c in o.choices if c in form.getlist(key)]
        else:
            raw = form.get(key, "").strip()
            if raw == "":
                continue  # left empty: the default
            number = forms.whole_number(raw)
            value = raw if number is None else number
        try:
            value = o.parse(value)
        except Invalid as error:
            errors.append(error.message)
            continue
        if value != o.default:
            chosen[o.name] = list(value) if o.kind == "multi" else value
    return chosen, errors


def clean_name(name: str) -> str:
    """A name with runs of spaces folded and invisible characters (zero-width spaces and the
    like) dropped, so two names that look the same are the same."""
    visible = "".join(ch for ch in name if unicodedata.category(ch) != "Cf")
    return " ".join(visible.split())


def name_problems(players: list[str]) -> list[str]:
    """What is wrong with the names in seat order: blank, too long, or the same twice."""
    errors: list[str] = []
    seen: set[str] = set()
    for i, name in enumerate(players):
        if not name:
            errors.append(f"Seat {i + 1} has no name: fill it in or move the names up.")
        elif len(name) > MAX_NAME:
            errors.append(f"The name in seat {i + 1} is too long (at most {MAX_NAME} letters).")
        elif name.casefold() in seen:
            errors.append(f"Two players are called {name}: give each a different name.")
        seen.add(name.casefold())
    return errors


def read_names(variant, form) -> tuple[list[str], list[str]]:
    """The players named on the setup form, in seat order, and what is wrong with them."""
    names = [clean_name(form.get(f"name-{i}", "")) for i in range(variant.max_players)]
    # Blank places after the last name are seats nobody sits in (games for 2-7 or 2-8 players).
    last = max((i for i, n in enumerate(names) if n), default=-1)
    players = names[: last + 1]
    errors = name_problems(players)
    count = len(players)
    if not (variant.min_players <= count <= variant.max_players):
        if variant.min_players == variant.max_players:
            need = f"exactly {variant.min_players}"
        else:
            need = f"{variant.min_players} to {variant.max_players}"
        errors.append(f"{variant.title} is for {need} players; {count} "
                      f"{'is' if count == 1 else 'are'} named.")
    return players, errors


def _new_game_context(variant_id: str | None, form=None, errors=None):
    vs = variants()
    variant = vs.get(variant_id) if variant_id else None
    ctx: dict[str, Any] = {"variants": vs, "variant": variant, "errors": errors or []}
    if variant is not None:
        if form is not None:
            ctx["names"] = [form.get(f"name-{i}", "") for i in range(variant.max_players)]
            ctx["first_dealer"] = form.get("first_dealer", "0")
        else:
            ctx["names"] = [""] * variant.max_players
            ctx["first_dealer"] = "0"
        ctx["option_values"] = option_form_values(variant, form)
    return ctx


@bp.get("/games/new")
def new_game():
    ctx = _new_game_context(request.args.get("variant"))
    return render("new.html", "_new_game.html", **ctx)


@bp.post("/games/new")
def create_game():
    variant_id = request.form.get("variant", "")
    variant = variants().get(variant_id)
    if variant is None:
        ctx = _new_game_context(None, request.form, ["Pick the game you are playing."])
        return _render_new(ctx, 422)
    players, errors = read_names(variant, request.form)
    options, option_errors = parse_options(variant, request.form)
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
        return _render_new(_new_game_context(variant.id, request.form, errors), 422)
    return start_game(record)


def start_game(record: dict) -> Any:
    """Save a checked record as a new game, make this browser its creator, and go to it.
    One path for the setup form and for an imported record (with its hands)."""
    game = Game(variant=record["variant"], first_dealer=record["first_dealer"],
                options=record["options"], code=models.unused_code())
    game.players = [Player(seat=i, name=name) for i, name in enumerate(record["players"])]
    game.hands = [Hand(number=i, data=hand) for i, hand in enumerate(record["hands"])]
    db.session.add(game)
    db.session.flush()
    db.session.add(AuditEvent(game_id=game.id, action="created", via="creator",
                              data={key: record[key] for key in
                                    ("variant", "players", "first_dealer", "options", "hands")}))
    db.session.commit()
    url = url_for("games.game_page", game_id=game.id)
    if is_htmx():
        response = make_response("", 204)
        response.headers["HX-Redirect"] = url
    else:
        response = redirect(url, 303)
    access.grant_creator(response, game)
    return response


@bp.get("/games/<int:game_id>/record.json")
def export_game(game_id: int):
    """The game record (spec/game-record.md): what `scorekeeper check` and import read."""
    game = load_game(game_id)
    response = make_response(json.dumps(game.record(), indent=2, ensure_ascii=False) + "\n")
    response.mimetype = "application/json"
    response.headers["Content-Disposition"] = (
        f'attachment; filename="scorekeeper-{game.variant}-{game.id}.json"')
    return response


@bp.post("/games/import")
def import_game():
    """A new game from an exported record, hands and all, checked by the engine first."""
    upload = request.files.get("record")
    text = upload.read().decode("utf-8", "replace") if upload else request.form.get("record", "")
    try:
        raw = json.loads(text)
    except (ValueError, RecursionError):
        raw = None
    error = None
    if not isinstance(raw, dict):
        error = "That file is not a game record (a JSON object)."
    else:
        record = {"variant": raw.get("variant"), "players": raw.get("players"),
                  "first_dealer": raw.get("first_dealer", 0), "options": raw.get("options") or {},
                  "hands": raw.get("hands", [])}
        if isinstance(record["players"], list) and all(isinstance(p, str) for p in record["players"]):
            record["players"] = [clean_name(p) for p in record["players"]]
        result = rules.score(record)
        problems = name_problems(record["players"]) if result["ok"] else []
        if not result["ok"]:
            where = "" if result["hand"] is None else f"Hand {result['hand'] + 1}: "
            error = f"{where}{result['error']}"
        elif problems:
            error = problems[0]
    if error:
        ctx = _new_game_context(None, None, None)
        ctx["import_error"] = error
        return _render_new(ctx, 422)
    return start_game(record)


def _render_new(ctx, status):
    return render("new.html", "_new_game.html", **ctx), (200 if is_htmx() else status)


# --------------------------------------------------------------------------- the game page

def board_context(game: Game, record: dict, result: dict) -> dict[str, Any]:
    """What the scoreboard shows, straight from the engine's result."""
    variant = variants().get(game.variant)
    players = record["players"]
    ctx: dict[str, Any] = {"game": game, "variant": variant, "players": players,
                           "result": result, "record": record,
                           "options": {**option_defaults(variant), **record["options"]}
                           if variant else dict(record["options"])}
    if not result.get("ok"):
        return ctx
    hands = result.get("hands", [])
    last = hands[-1] if hands else None
    family = variant.family
    if family == "card42":
        countdown = (last or {}).get("countdown")
        ctx["countdown"] = [
            {"mark": rules.countdown_mark(c, len(players)), **c} for c in countdown
        ] if countdown else None
    if not result.get("finished"):
        nd = result.get("next_dealer")
        ctx["dealer"] = nd
        if variant.bidding or family == "card42":
            lc = rules.legal_calls(record, [])
            ctx["first"] = lc.get("first")
            if lc.get("dealer") is not None:
                ctx["dealer"] = lc["dealer"]
        if family == "mexican-train":
            ctx["next_round"] = result.get("next_round")
    return ctx


def entry_context(game: Game, record: dict, values: dict[str, str], index: int | None = None,
                  message: str | None = None, notice: str | None = None,
                  saved: str | None = None) -> dict[str, Any]:
    """Everything _hand_form.html shows: the auction, the fields, the live preview."""
    variant = variants()[game.variant]
    players = record["players"]
    n = len(players)
    family = variant.family
    mode = forms.mode_of(variant, values)
    calls = forms.parse_calls(values.get("calls"))
    number = len(record["hands"]) if index is None else index
    ctx: dict[str, Any] = {
        "game": game, "variant": variant, "players": players, "n": n, "values": values,
        "mode": mode, "calls": calls, "index": index, "number": number, "message": message,
        "notice": notice, "saved": saved, "family": family,
        "partnership": variant.partnership, "options": {**option_defaults(variant),
                                                        **record["options"]},
    }
    has_auction = variant.bidding or family == "card42"
    auction = None
    if has_auction:
        auction = rules.legal_calls(record, calls if mode == "auction" else [], index)
        ctx["dealer"] = auction.get("dealer")
        ctx["first"] = auction.get("first")
        if mode == "auction":
            ctx["auction"] = auction
            ctx["auction_rows"] = _auction_rows(auction, calls, players, variant)
            ctx["call_buttons"], ctx["call_reasons"] = _call_buttons(auction, variant, calls)
    else:
        base = rules.score({**record, "hands": record["hands"][:number]})
        if base.get("ok"):
            ctx["dealer"] = base.get("next_dealer")
            if family == "mexican-train":
                ctx["round"] = base.get("next_round")
    if family in ("texas42-1986", "marks"):
        ctx["contracts"] = list(variant.contracts(ctx["options"]))
    ctx["redeal_allowed"] = bool(variant.redeal_allowed(ctx["options"])) if variant.bidding \
        else False
    ctx["winning_call"] = auction.get("winning_call") if auction and mode == "auction" else None
    ctx["auction_done"] = bool(auction and auction.get("done")) if mode == "auction" else True
    ctx["redeal"] = bool(auction and mode == "auction" and auction.get("redeal"))

    hand = problem = None
    try:
        hand = forms.build_hand(variant, ctx["options"], players, values,
                                auction if mode == "auction" else None)
    except forms.Problem as p:
        problem = p
    ctx["hand"] = hand
    ctx["problem"] = problem
    if hand is not None:
        pv = rules.preview(record, hand, index)
        if pv.get("ok"):
            ctx["preview"] = pv
            ctx["preview_hand"] = pv["hands"][number]
        else:
            bad = pv.get("hand")
            if bad is not None and bad > number:
                ctx["invalid"] = (f"This change would make hand {bad + 1} invalid: "
                                  f"{pv.get('error')}")
            else:
                ctx["invalid"] = pv.get("error") or "This hand is not valid."
    return ctx


def _auction_rows(auction, calls, players, variant):
    """Who said what, in table order: the seats come from the engine's turns."""
    rows = [{"seat": seat, "name": players[seat], "label": forms.call_label(call, variant),
             "call": call} for seat, call in zip(auction["turns"], calls)]
    invalid_at = auction.get("invalid_at")
    if invalid_at is not None and invalid_at < len(rows):
        rows[invalid_at]["invalid"] = True
    return rows


def _call_buttons(auction, variant, calls=()):
    """The call buttons, each legal or disabled with its reason.

    In the ladder auctions, bids that do not top the high bid are left out rather than shown
    disabled (a dozen greyed-out numbers help nobody); every other forbidden call stays visible
    with its reason: the dealer's bid that would total 7, pass for a forced dealer, a raise past
    the limit.
    """
    offered = auction.get("calls") or []
    if variant.family != "card42":
        legal_values = [c["call"] for c in offered if c["legal"] and isinstance(c["call"], int)]
        made = [c for c in calls if isinstance(c, int)]
        if legal_values:
            floor = min(legal_values)
            offered = [c for c in offered if not (isinstance(c["call"], int) and not c["legal"]
                                                  and c["call"] < floor)]
        elif made:
            high = max(made)
            offered = [c for c in offered if not (isinstance(c["call"], int) and not c["legal"]
                                                  and c["call"] <= high)]
    buttons = []
    reasons: dict[str, list[str]] = {}
    for c in offered:
        label = forms.call_label(c["call"], variant)
        buttons.append({"value": str(c["call"]), "label": label, "legal": c["legal"],
                        "reason": c.get("reason"), "special": c["call"] in ("pass", "plunge",
                                                                           "splash")})
        if not c["legal"] and c.get("reason"):
            reasons.setdefault(c["reason"], []).append(label)
    return buttons, [{"reason": r, "labels": ls} for r, ls in reasons.items()]


def live_context(game: Game) -> dict[str, Any]:
    """The scoreboard and the hand list: all the /live poll renders, for every role."""
    record = game.record()
    result = rules.score(record)
    ctx = board_context(game, record, result)
    ctx["hand_rows"] = hand_rows(game, record, result)
    ctx["can_score"] = access.can_score(game)
    return ctx


def page_context(game: Game, values: dict[str, str] | None = None, **entry_kw) -> dict[str, Any]:
    """The game page: the live parts, and the hand form for a scorer while the game goes on."""
    ctx = live_context(game)
    result = ctx["result"]
    if ctx["can_score"] and result.get("ok") and not result.get("finished"):
        ctx["entry"] = entry_context(game, ctx["record"], values or {}, **entry_kw)
    elif entry_kw.get("notice"):
        ctx["notice"] = entry_kw["notice"]
    return ctx


def hand_rows(game: Game, record: dict, result: dict) -> list[dict[str, Any]]:
    variant = variants().get(game.variant)
    players = record["players"]
    scored = result.get("hands", []) if result.get("ok") else []
    rows = []
    for i, hand in enumerate(record["hands"]):
        res = scored[i] if i < len(scored) else None
        rows.append({
            "number": i, "hand": hand, "result": res,
            "text": forms.describe_hand(variant, hand, players, res),
            "dealer": players[res["dealer"]] if res and res.get("dealer") is not None else None,
        })
    rows.reverse()
    return rows


@bp.get("/games/<int:game_id>")
def game_page(game_id: int):
    game = load_game(game_id)
    ctx = page_context(game)
    return render("game.html", "_scoreboard.html", **ctx)


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
    return values


@bp.post("/games/<int:game_id>/hands/preview")
def preview_hand(game_id: int):
    """Live validation while the scorer taps: changes nothing (scorers only all the same, as
    only they have a form to preview)."""
    game = load_game(game_id, write=True)
    index = _index_arg()
    if index is not None and not (0 <= index < len(game.hands)):
        abort(404)
    values = _hand_values(game)
    if _version_arg() != game.version:
        return _stale(game, values, index)
    return _render_entry(game, values, index, status=200, whole=False)


def _stale(game: Game, values: dict[str, str], index: int | None):
    """The game moved on under this form (another phone saved, changed or took back a hand):
    show the new state and say what happened, never carry the form over to the new version
    silently. A new hand starts empty; an edit keeps what was typed."""
    return _render_entry(game, values if index is not None else {}, index, status=409,
                         notice=_stale_message(game))


def _render_entry(game, values, index, status, message=None, notice=None, whole=True):
    """The hand form alone (htmx preview), the game body (htmx save) or the whole page."""
    if index is None:
        ctx = page_context(game, values, message=message, notice=notice)
        if is_htmx() and (whole or "entry" not in ctx):
            return render_template("partials/_game_body.html", **ctx), 200, \
                {"HX-Retarget": "#game-body", "HX-Reswap": "innerHTML"}
        return render("game.html", "_hand_form.html", **ctx), (200 if is_htmx() else status)
    record = game.record()
    result = rules.score(record)
    ctx = board_context(game, record, result)
    ctx["entry"] = entry_context(game, record, values, index, message=message, notice=notice)
    return render("edit.html", "_hand_form.html", **ctx), (200 if is_htmx() else status)


def _stale_message(game: Game) -> str:
    db.session.expire_all()
    last = db.session.scalars(
        select(AuditEvent).where(AuditEvent.game_id == game.id).order_by(AuditEvent.id.desc())
    ).first()
    if last is not None and last.hand_number is not None:
        what = f"{hand_word(game.variant)} {last.hand_number + 1}"
        if last.action == "undone":
            return f"{what} was just taken back from another phone."
        verb = "entered" if last.action == "entered" else "changed"
        return f"{what} was just {verb} from another phone."
    return "The game was just changed from another phone."


def _version_arg() -> int:
    version = forms.whole_number(request.form.get("version"))
    return -1 if version is None else version


def _bump_version(game: Game, version: int) -> bool:
    """The optimistic lock: one UPDATE that only succeeds on the version the form was made on."""
    res = db.session.execute(
        update(Game)
        .where(Game.id == game.id, Game.version == version)
        .values(version=Game.version + 1, updated_at=utcnow())
        .execution_options(synchronize_session=False)
    )
    return res.rowcount == 1


def _write(game: Game, version: int, action: str, number: int, data: dict | None,
           new_data: dict | None = None) -> bool:
    """One transaction: the version check, the hand row, the audit event."""
    via = access.actor(game)
    game_id = game.id
    try:
        if not _bump_version(game, version):
            db.session.rollback()
            return False
        now = utcnow()
        if action == "entered":
            db.session.add(Hand(game_id=game_id, number=number, data=new_data, created_at=now,
                                updated_at=now))
        elif action == "edited":
            row = db.session.scalars(
                select(Hand).where(Hand.game_id == game_id, Hand.number == number)).one()
            row.data = new_data
            row.updated_at = now
        elif action == "undone":
            row = db.session.scalars(
                select(Hand).where(Hand.game_id == game_id, Hand.number == number)).one()
            db.session.delete(row)
        db.session.add(AuditEvent(game_id=game_id, at=now, action=action, hand_number=number,
                                  data=data, via=via))
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        return False
    db.session.expire_all()
    return True


def _after_write(game: Game, saved: str, edit: bool = False):
    url = url_for("games.game_page", game_id=game.id)
    if is_htmx():
        if edit:
            response = make_response("", 204)
            response.headers["HX-Redirect"] = url
            return response
        db.session.refresh(game)
        ctx = page_context(game, saved=saved)
        ctx["saved"] = saved
        return render_template("partials/_game_body.html", **ctx)
    return redirect(url, 303)


def _save(game_id: int, index: int | None):
    game = load_game(game_id, write=True)
    version = _version_arg()
    if index is not None and not (0 <= index < len(game.hands)):
        if version not in (-1, game.version):  # the hand was taken back from another phone
            return _render_entry(game, {}, None, status=409, notice=_stale_message(game))
        abort(404)
    values = _hand_values(game)
    if "call" in request.form or "set_mode" in request.form:
        # A call button tapped with JavaScript off: update the form, save nothing.
        return _render_entry(game, values, index, status=200, whole=False)
    if version != game.version:
        return _stale(game, values, index)
    record = game.record()
    ctx = entry_context(game, record, values, index)
    if ctx["problem"] is not None or ctx.get("invalid"):
        message = ctx.get("invalid") or ctx["problem"].message
        return _render_entry(game, values, index, status=422, message=message)
    hand = ctx["hand"]
    if index is None:
        number = len(record["hands"])
        ok = _write(game, version, "entered", number, hand, new_data=hand)
    else:
        number = index
        ok = _write(game, version, "edited", number, record["hands"][index], new_data=hand)
    if not ok:
        return _stale(load_game(game_id, write=True), values, index)
    label = f"{hand_word(game.variant)} {number + 1} {'saved' if index is None else 'changed'}."
    return _after_write(game, label, edit=index is not None)


@bp.post("/games/<int:game_id>/hands")
def enter_hand(game_id: int):
    return _save(game_id, None)


@bp.get("/games/<int:game_id>/hands/<int:number>/edit")
def edit_hand(game_id: int, number: int):
    game = load_game(game_id)  # a browser without a role is sent to /join, a viewer gets 403
    access.require_scorer(game)
    if not (0 <= number < len(game.hands)):
        abort(404)
    variant = get_variant(game.variant)
    record = game.record()
    values = forms.values_from_hand(variant, record["hands"][number], record["players"])
    result = rules.score(record)
    ctx = board_context(game, record, result)
    ctx["entry"] = entry_context(game, record, values, number)
    return render("edit.html", "_hand_form.html", **ctx)


@bp.post("/games/<int:game_id>/hands/<int:number>")
def update_hand(game_id: int, number: int):
    return _save(game_id, number)


@bp.post("/games/<int:game_id>/hands/undo")
def undo_hand(game_id: int):
    game = load_game(game_id, write=True)
    version = _version_arg()
    if version != game.version or not game.hands:
        notice = _stale_message(game) if version != game.version else "There is no hand to undo."
        return _render_entry(game, {}, None, status=409, notice=notice)
    last = game.hands[-1]
    number, data = last.number, dict(last.data)
    if not _write(game, version, "undone", number, data):
        game = load_game(game_id, write=True)
        return _render_entry(game, {}, None, status=409, notice=_stale_message(game))
    return _after_write(game, f"{hand_word(game.variant)} {number + 1} taken back.")


# --------------------------------------------------------------------------- history

def hand_summary(variant, record: dict, number: int, hand: dict) -> str:
    """One line about a hand as it was stored, e.g. an earlier version kept in the trail.

    It is scored after the hands that precede it now (who bid, made or set), when there are
    that many; otherwise, or when it no longer fits, it is described without a result.
    """
    before = record["hands"][:number]
    result = None
    if len(before) == number:
        pv = rules.preview({**record, "hands": before}, hand, None)
        result = pv["hands"][number] if pv.get("ok") else None
    return forms.describe_hand(variant, hand, record["players"], result)


def history_rows(game: Game) -> list[dict[str, Any]]:
    """The audit trail in words, newest first: what was written, when, by which link, and for a
    hand the data stored with the event (the hand as entered, or as it was before an edit or
    undo: the trail keeps every version)."""
    variant = variants().get(game.variant)
    record = game.record()
    word = hand_word(game.variant)
    rows = []
    for e in reversed(game.events):
        data = e.data or {}
        row = {"event": e, "what": None, "detail": None}
        if e.action == "created":
            row["what"] = "Game started"
            row["detail"] = ", ".join(data.get("players", []))
        elif e.action == "rotated":
            row["what"] = f"New scorer link (#{data.get('generation')})"
            row["detail"] = "The earlier scorer link stopped working."
        else:
            verb = {"entered": "entered", "edited": "changed", "undone": "taken back"}
            row["what"] = f"{word} {e.hand_number + 1} {verb.get(e.action, e.action)}"
            summary = hand_summary(variant, record, e.hand_number, data) if variant else ""
            row["detail"] = {"edited": "Before: ", "undone": "Was: "}.get(e.action, "") + summary
        rows.append(row)
    return rows


@bp.get("/games/<int:game_id>/history")
def history(game_id: int):
    game = load_game(game_id)
    return render_template("games/history.html", game=game, variant=variants().get(game.variant),
                           rows=history_rows(game))


# --------------------------------------------------------------------------- rules pages

@bp.get("/rules/")
def rules_index():
    return render("rules_index.html", "_rules_index.html", variants=variants())


@bp.get("/rules/<variant_id>")
def rules_page(variant_id: str):
    variant = get_variant(variant_id)
    return render("rules.html", "_rules.html", variant=variant, variants=variants())


# --------------------------------------------------------------------------- template helpers

def hand_word(variant_id: str) -> str:
    return {"mexican-train": "Round", "castle-rock": "Game"}.get(variant_id, "Hand")


def signed(value) -> str:
    if value is None:
        return ""
    if isinstance(value, (int, float)) and value > 0:
        return f"+{value}"
    if isinstance(value, (int, float)) and value < 0:
        return f"−{-value}"
    return str(value)


def unit_label(units: str, value=None) -> str:
    one = {"points": "point", "marks": "mark", "pips": "pip", "wins": "win"}.get(units, units)
    return one if value in (1, -1) else units


def tally_groups(marks) -> list[int]:
    """Marks drawn as tally strokes, in groups of five."""
    try:
        marks = int(marks)
    except (TypeError, ValueError):
        return []
    if marks <= 0:
        return []
    return [5] * (marks // 5) + ([marks % 5] if marks % 5 else [])


def init_app(app) -> None:
    app.jinja_env.filters["signed"] = signed
    app.jinja_env.globals["unit_label"] = unit_label
    app.jinja_env.globals["hand_word"] = hand_word
    app.jinja_env.globals["tally_groups"] = tally_groups
    app.jinja_env.globals["call_label"] = forms.call_label
    app.jinja_env.globals["CONTRACT_LABELS"] = forms.CONTRACT_LABELS
    app.jinja_env.globals["PLAYED_CHOICES"] = forms.PLAYED_CHOICES
    app.jinja_env.globals["DOUBLES_RULES"] = forms.DOUBLES_RULES
    app.jinja_env.globals["TRUMP_CHOICES"] = forms.TRUMP_CHOICES
    app.jinja_env.globals["CARD_ITEMS"] = forms.CARD_ITEMS
    access.init_app(app)
    app.after_request(_vary_on_htmx)


def _vary_on_htmx(response):
    """The same URL answers a page or a partial: caches must keep them apart."""
    response.vary.add("HX-Request")
    return response
