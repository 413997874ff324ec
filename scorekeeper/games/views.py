"""The game's routes: home, new game and import, the game page and its history, enter / edit /
undo a hand, the live poll, the TV screen, a kept hand's check, the rules pages.

Reading a game needs a role cookie (access.require_reader), changing it a scorer's or the
creator's (access.require_scorer); access.load_game() does one or the other for every game route.

The scoreboard and the hand list come from one rules.score call on the stored record
(board.live_context); the engine is asked again only about the next hand or the one being typed
(rules.legal_calls: who deals and calls; rules.preview; an edited hand is scored after the hands
before it) and, on the history page, about each stored version of a hand. No view computes a
score itself. Writes carry the game version they were made on and are refused when it is stale,
so a double tap or a resent form never saves twice.

This module is the routes and their glue: the new game's checks are in new_game.py, the page
view-models in board.py (scoreboard, sheet) and entry.py (the hand form), the form's fields in
hand_form.py, the poll's ETag and the render cache's keys in live.py, the audit trail in words in
history.py; rendering and redirecting go through web.py.
"""
from __future__ import annotations

from typing import Any

from flask import (
    Blueprint, abort, after_this_request, jsonify, render_template, request,
    url_for,
)
from flask_babel import gettext as _
from sqlalchemy import select

from .. import access, render_cache, rules, security, store, web
from ..i18n import say
from ..extensions import db
from ..models import MAX_HANDS, AuditEvent, Game, Member
from . import board, changes, entry, hand_form, listing, live, seats, words
from . import new_game as setup
from . import scoring_ended as ended
from .history import hand_summary, phone_names, rows_at_version, via_said
from ..rules.text import Text

bp = Blueprint("games", __name__)


@bp.record_once
def _template_helpers(state) -> None:
    """The hand form's helpers and choice tables, for the games' templates; and the engine's
    totals, for the form's "the other team caught ...". Registered with the blueprint, so the
    app-wide filters.py imports nothing of games."""
    env = state.app.jinja_env
    env.filters["delta_tone"] = hand_form.delta_tone
    env.globals.update(
        call_label=hand_form.call_label, CONTRACT_LABELS=hand_form.CONTRACT_LABELS,
        PLAYED_CHOICES=hand_form.PLAYED_CHOICES, DOUBLES_RULES=hand_form.DOUBLES_RULES,
        TRUMP_CHOICES=hand_form.TRUMP_CHOICES, CARD_ITEMS=hand_form.CARD_ITEMS,
        ALL_POINTS=rules.dominoes.ALL_POINTS, MOST_POINTS=rules.cards.MOST_POINTS)
    # the sentences that hang on a variant's own words (words.py)
    env.globals.update(
        hand_word_said=words.hand_word_said, hands_said=words.hands_said,
        SO_FAR=words.SO_FAR, NONE_YET=words.NONE_YET, SHOWN_AS=words.SHOWN_AS,
        and_list=words.and_list, dealer_line=words.dealer_line,
        who_deals_first=words.who_deals_first, rematch_hint=words.rematch_hint,
        via_said=via_said)


RECENT_GAMES = 30


def variants() -> dict:
    return rules.VARIANTS


def get_variant(variant_id: str):
    v = variants().get(variant_id)
    if v is None:
        abort(404)
    return v


# --------------------------------------------------------------------------- home

@bp.get("/")
def home():
    """The games this browser has a role in, from its cookies: a game is shown only to phones
    that were given its code or a link, never to whoever opens the home page."""
    heads = [head for head in access.phone_game_heads() if access.role(head)][:RECENT_GAMES]

    def lists():
        games = {game.id: game for game in db.session.scalars(
            select(Game).where(Game.id.in_([head.id for head in heads]))
            .options(listing.LISTED))} if heads else {}
        playing, finished = [], []
        for item in listing.game_items([games[head.id] for head in heads if head.id in games]):
            (finished if item["result"].get("finished") else playing).append(item)
        return {"playing": playing, "finished": finished[:10]}
    # The list is the same while its games' versions are (a write to one bumps its version).
    return web.render_kept(f"home:{','.join(f'{head.id}.{head.version}' for head in heads)}",
                           "games/home.html", "games/_game_list.html", lists)


# --------------------------------------------------------------------------- new game

@bp.get("/games/new")
def new_game():
    ctx = setup.new_game_context(request.args.get("variant"))
    return web.render("games/new.html", "games/_new_game.html", **ctx)


@bp.post("/games/new")
def create_game():
    variant_id = request.form.get("variant", "")
    variant = variants().get(variant_id)
    if variant is None:
        ctx = setup.new_game_context(None, request.form, [_("Pick the game you are playing.")])
        return _render_new(ctx, 422)
    if setup.chosen_preset(variant, request.form):  # fills the house rules, then back to the form
        return _render_new(setup.new_game_context(variant.id, request.form), 200)
    players, errors = setup.read_names(variant, request.form)
    record, errors = setup.read_record(variant, players, request.form, errors)
    if errors:
        return _render_new(setup.new_game_context(variant.id, request.form, errors), 422)
    return start_game(record)


def start_game(record: dict) -> Any:
    """Save a checked record as a new game, make this browser its creator, and go to it.
    One path for the setup form and for an imported record (with its hands)."""
    game = store.start_game(record)
    return access.grant_creator(web.redirect_to(url_for("games.game_page", game_id=game.id)), game)


@bp.get("/games/<int:game_id>/record.json")
def export_game(game_id: int):
    """The game record (spec/game-record.md): what `scorekeeper check` and import read."""
    game = access.load_game(game_id)
    return web.json_download(game.record(), f"scorekeeper-{game.variant}-{game.id}.json")


@bp.post("/games/import")
@security.large_upload
def import_game():
    """A new game from an exported record, hands and all, checked (setup.check_record) first."""
    record, error = setup.check_record(security.read_json(web.uploaded_text("record")))
    if error:
        ctx = setup.new_game_context(None, None, None)
        ctx["import_error"] = error
        return _render_new(ctx, 422)
    return start_game(record)


def _render_new(ctx, status):
    return web.render("games/new.html", "games/_new_game.html", status, **ctx)


# --------------------------------------------------------------------------- the game page

# The parts of the game page htmx asks for: the hands alone (the grid/list toggle), else the
# scoreboard.
GAME_PAGE_PARTS = {"hands": "games/_hands.html", None: "games/_scoreboard.html"}


@bp.get("/games/<int:game_id>")
def game_page(game_id: int):
    """The game page, rendered once per (version, role, quiet, page or partial, host, this
    phone's choices) and served from the render cache after that (live.py's key): the lookup
    needs only the game's row; a miss loads the game and renders it. ?view= is the grid/list
    toggle: this phone keeps its choice, and htmx (its target #hands) gets the hands alone (a
    half-typed hand stays)."""
    head = access.load_head(game_id)
    view = request.args.get("view")
    if view in ("grid", "list"):
        _remember(board.VIEW_COOKIE, view)
        access.remember_modes(head.variant, view=view)
    partial = web.partial_for(GAME_PAGE_PARTS)
    key = live.RenderInputs.of(head).key("page", partial)
    text = render_cache.cached(key)
    if text is not None:
        return render_cache.respond(key, text)
    game = access.load_game(game_id)  # kept under the version it is at (it may have moved on)

    def render():
        ctx = board.page_context(game)
        return web.render("games/game.html", GAME_PAGE_PARTS,
                          csrf_token=render_cache.placeholder_csrf, **ctx)[0]
    return render_cache.page(live.RenderInputs.of(game).key("page", partial), render)


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
    index = hand_form.whole_number(raw)
    if index is None:
        abort(400)
    return index


def _hand_values(game: Game) -> dict[str, str]:
    values = hand_form.read_values(request.form, len(game.players))
    hand_form.apply_call_button(values, request.form)
    # An entry mode picked stays on this phone for the next hand, and the next game of the variant.
    if request.form.get("set_mode") in ("auction", "quick"):
        access.remember_modes(game.variant, mode=values["mode"])
    if request.form.get("set_points_mode") in ("number", "items"):
        access.remember_modes(game.variant, points_mode=values["points_mode"])
    return values


def _load_to_write(game_id: int, missing: int = 404) -> Game:
    """The game, for the hand form's preview or save. A phone whose scoring ended meanwhile
    (a take-over, a new scorer link) is answered with the hand it sent, in words, and why it
    was not saved (games/scoring_ended.py), never a bare 403 that drops the hand. A game not
    there is a plain `missing` (404; 409 when it is loaded again after a write that lost a
    race), or 409 when it went during this request (_removed)."""
    game = store.get_game(game_id)
    if game is None:
        abort(_removed(missing))
    if not access.can_score(game):
        why = ended.scoring_ended(game)
        if why:
            abort(ended.not_saved(game, why, 403))
        if store.get_game(game_id) is None:  # its roles went with it a moment ago
            abort(_removed(409))
        access.require_scorer(game)
    return game


def _removed(status: int):
    """The answer to a write on a game that is not there: 404 (access.no_game, as for a game
    this phone may not read: ids cannot be counted), or 409 when this request saw it first (it
    lost a race). Only an event's forfeit removes a game, and only while no hand is in."""
    if status == 404:
        return access.no_game()
    return web.refuse(status, _("No game here"), _(
        "There is no game at this address (any more), so nothing was saved: a game goes only "
        "when its event match is forfeited before its first hand."))


@bp.post("/games/<int:game_id>/hands/preview")
def preview_hand(game_id: int):
    """Live validation while the scorer taps: changes nothing (scorers only all the same, as
    only they have a form to preview)."""
    game = _load_to_write(game_id)
    index = _index_arg()
    if index is not None and not (0 <= index < len(game.hands)):
        abort(404)
    if _over_time_call(game, _version_arg(), index) != game.version:
        return _stale(game, index)
    values = _hand_values(game)
    return _render_entry(game, values, index, status=200, whole=False)


def _over_time_call(game: Game, version: int, index: int | None) -> int:
    """The version a form is taken as made on: a new hand's form (a kept hand's too) made just
    before time was called, the game's only change since, is the hand in play
    (Game.called_after), saved as if made now, never refused as stale."""
    if index is None and game.time_called and version == game.version - 1 \
            and len(game.hands) + 1 == game.called_after:
        last = changes.last_change(game.id)
        if last is not None and last.action == "time called":
            return game.version
    return version


def _stale(game: Game, index: int | None):
    """The game moved on under this form (another phone saved, changed or took back a hand):
    show the new state and say what happened, never carry the form over to the new version
    silently. A new hand starts empty, and what this form held for the hand it was made for
    is shown in words to copy (`unsaved`): never merged into the next hand, never dropped; an
    edit shows the hand as it now stands, so what the other phone saved is seen before it can
    be changed again."""
    notice = _stale_message(game)
    if index is None or index >= len(game.hands):
        values = hand_form.read_values(request.form, len(game.players))
        hand_form.apply_call_button(values, request.form)  # the tap that found it stale too
        if hand_form.has_entries(values):
            words = ended.hand_in_words(game, values,
                                        hand_form.whole_number(request.form.get("number")))
            return _render_entry(game, {}, None, status=409,
                                 unsaved={"notice": notice, "words": words})
        return _render_entry(game, {}, None, status=409, notice=notice)
    stored = hand_form.values_from_hand(get_variant(game.variant), game.hands[index].data,
                                    game.player_names)
    return _render_entry(game, stored, index, status=409,
                         notice=_("%(notice)s This is how it stands now.", notice=notice))


def _render_entry(game, values, index, status, message=None, notice=None, whole=True,
                  unsaved=None):
    """The hand form again, with what was typed and why it was not saved (message, notice).

    A browser without htmx gets the whole page with `status`; htmx gets 200, as it does not swap
    error answers. `whole` says what the htmx request targeted: False for a preview or a call
    button (its target is the form: answer with the form alone), True for a save, undo or stale
    form (answer with the game body, retargeted to #game-body, since the scoreboard and hand
    list may have moved too). When no form is left to show (the game is over, say), it is the body
    regardless. Editing a hand (index set) always answers the form or the edit page.
    `unsaved`: a hand the phone had typed that the game moved past: what moved it ("notice")
    and the hand in words ("words"), shown above the form (_stale).
    """
    if index is None:
        ctx = board.page_context(game, values, message=message, notice=notice)
        ctx["unsaved"] = unsaved
        if web.is_htmx() and (whole or "entry" not in ctx):
            return render_template("partials/games/_game_body.html", **ctx), 200, \
                {"HX-Retarget": "#game-body", "HX-Reswap": "innerHTML"}
        return web.render("games/game.html", "games/_hand_form.html", status, **ctx)
    record = game.record()
    result = rules.score(record)
    ctx = board.board_context(game, record, result)
    ctx["entry"] = entry.entry_context(game, record, values, index, message=message, notice=notice)
    return web.render("games/edit.html", "games/_hand_form.html", status, **ctx)


def _stale_message(game: Game) -> str:
    """What the other phone did: the game's last audit row (`game` is freshly loaded)."""
    last = changes.last_change(game.id)
    if last is not None and last.hand_number is not None:
        values = {"hand": words.hand_word_said(game.variant), "number": last.hand_number + 1,
                  "who": _writer(game, last)}
        if last.action == "undone":
            return _("%(hand)s %(number)s was just taken back from %(who)s.", **values)
        if last.action == "entered":
            return _("%(hand)s %(number)s was just entered from %(who)s.", **values)
        if last.action == "put back":
            return _("%(hand)s %(number)s was just put back from %(who)s.", **values)
        return _("%(hand)s %(number)s was just changed from %(who)s.", **values)
    return _("The game was just changed from another phone.")


def _writer(game: Game, last: AuditEvent) -> str:
    """The phone that made a write, as a phone the game moved past is told: a phone of the
    game's club by its name there ("Bob's phone"), any other as "another phone"."""
    if last.phone_id is None or game.club_id is None:
        return _("another phone")
    member = db.session.scalar(select(Member).where(Member.club_id == game.club_id,
                                                    Member.phone_id == last.phone_id))
    return member.display if member is not None else _("another phone")


def _version_arg() -> int:
    version = hand_form.whole_number(request.form.get("version"))
    return -1 if version is None else version


def _after_write(game: Game, saved: str, edit: bool = False, result: dict | None = None,
                 last: AuditEvent | None = None):
    """The answer to a successful write. Entering or undoing on the game page re-renders its
    body in place, with `saved` shown and an empty form for the next hand: the scorer stays
    where they are. An edit is made on the edit page (/games/<id>/hands/<n>/edit, whose
    #game-body holds only the form): the game page's body swapped in there would leave the
    browser on the edit URL, so it answers 204 with HX-Redirect and htmx loads the game page,
    like the 303 that a browser without htmx follows. `result` is the saved record's score
    when the save had it (the preview's), so the page is not scored again, and `last` the
    audit row the write made, so it is not read again."""
    if web.is_htmx() and not edit:
        # store kept `game` current
        ctx = board.page_context(game, result=result, last=last, saved=saved)
        ctx["saved"] = saved
        return render_template("partials/games/_game_body.html", **ctx)
    return web.redirect_to(url_for("games.game_page", game_id=game.id))


def _save(game_id: int, index: int | None):
    """Enter a new hand (index None) or change hand `index`: one path for both, so an edit is
    checked exactly like an entry. Nothing is saved when the form is stale (another phone wrote
    since it was rendered), when a call button was tapped without JavaScript (the form is only
    updated), or when the engine refuses the hand (it comes back as typed, with the reason)."""
    game = _load_to_write(game_id)
    version = _version_arg()
    if index is not None and not (0 <= index < len(game.hands)):
        if version not in (-1, game.version):  # the hand was taken back from another phone
            return _stale(game, index)
        abort(404)
    values = _hand_values(game)
    if hand_form.is_form_button(request.form):
        # A call button or mode switch tapped with JavaScript off: update the form, save nothing.
        return _render_entry(game, values, index, status=200, whole=False)
    version = _over_time_call(game, version, index)
    if version != game.version:
        return _stale(game, index)
    if index is None and len(game.hands) >= MAX_HANDS:
        return _render_entry(game, values, index, status=422,
                             message=_("A game holds at most %(most)s hands: start a new game.",
                                       most=MAX_HANDS))
    record = game.record()
    attempt = entry.read_hand(game, record, values, index)
    if attempt.message:
        return _render_entry(game, values, index, status=422, message=attempt.message)
    number = len(record["hands"]) if index is None else index
    old = None if index is None else record["hands"][index]
    written = store.write_hand(game, version, "entered" if index is None else "edited", number,
                               old, attempt.hand, access.actor(game), result=attempt.result,
                               save_id=hand_form.save_id(request.form),
                               phone_id=access.phone_id())
    if written is None:
        fresh = _load_to_write(game_id, missing=409)
        if _over_time_call(fresh, version, index) != version:
            return _save(game_id, index)  # time was called at that moment: the hand in play
        return _stale(fresh, index)
    hand = words.hand_word_said(game.variant)
    label = _("%(hand)s %(number)s saved.", hand=hand, number=number + 1) if index is None \
        else _("%(hand)s %(number)s changed.", hand=hand, number=number + 1)
    return _after_write(game, label, edit=index is not None, result=attempt.result, last=written)


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
    values = hand_form.values_from_hand(variant, record["hands"][number], record["players"])
    result = rules.score(record)
    ctx = board.board_context(game, record, result)
    ctx["entry"] = entry.entry_context(game, record, values, number)
    return web.render("games/edit.html", "games/_hand_form.html", **ctx)


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
        return _render_entry(game, {}, None, status=409, notice=_("There is no hand to undo."))
    last = game.hands[-1]
    number, data = last.number, dict(last.data)
    written = store.write_hand(game, version, "undone", number, data, None, access.actor(game),
                               phone_id=access.phone_id())
    if written is None:
        return _stale(_load_to_write(game_id, missing=409), None)
    back_to = hand_form.whole_number(request.form.get("edit"))
    if back_to is not None and 0 <= back_to < number:
        # taken back from the edit page of an earlier hand, whose change it was blocking:
        # back to that edit
        return web.redirect_to(url_for("games.edit_hand", game_id=game.id, number=back_to))
    return _after_write(game, _("%(hand)s %(number)s taken back.",
                                hand=words.hand_word_said(game.variant), number=number + 1),
                        last=written)


@bp.post("/games/<int:game_id>/hands/put-back")
def put_back_hand(game_id: int):
    """Put back the hand the last undo took back (the offer under "Hand N taken back"), exactly
    as it was. Refused, saying why, when the game moved on since (a hand entered, another
    phone's put back): never a second copy of it."""
    game = access.load_game(game_id, write=True)
    version = _version_arg()
    undone = hand_form.whole_number(request.form.get("undone"))
    if undone is None:
        abort(400)
    try:
        written = store.put_back_hand(game, version, undone, access.actor(game),
                                      phone_id=access.phone_id())
    except store.Refused as refused:
        game = access.load_game(game_id, write=True)
        reason = _stale_message(game) if version != game.version else f"{refused}".capitalize()
        return _render_entry(game, {}, None, status=409,
                             notice=_("Nothing was put back. %(reason)s", reason=reason))
    return _after_write(game, _("%(hand)s %(number)s put back.",
                                hand=words.hand_word_said(game.variant),
                                number=written.hand_number + 1), last=written)


# --------------------------------------------------------------------------- seats and counts

def _counting_game(game_id: int, write: bool = False):
    """The game, for a seat or count write by any phone that may read it (write=True: a
    scorer); 404 unless its variant's players count their own hands."""
    game = access.load_game(game_id, write=write)
    variant = rules.VARIANTS.get(game.variant)
    if variant is None or not variant.counts_own:
        abort(404)
    return game, variant


def _seat_arg(game, seat: int) -> int:
    if not (0 <= seat < len(game.players)):
        abort(404)
    return seat


def _seat_via(game) -> str:
    return access.actor(game) if access.can_score(game) else "viewer"


def _to_seats(game):
    return web.redirect_to(url_for("games.game_page", game_id=game.id) + "#seats")


def _seat_refused(game_id: int, notice: str, status: int = 409, blocked_offer: bool = False):
    """The game page again, saying plainly why nothing was written: in the seats panel, which
    the poll redraws as the phones count (so "Still counting: Hal." goes once Hal's count is
    in), with `blocked_offer`: the round's counts, saved as a blocked round, in one tap."""
    game = access.load_game(game_id)
    ctx = board.page_context(game)
    if ctx.get("seats"):
        ctx["seats"] = {**ctx["seats"], "notice": notice, "blocked_offer": blocked_offer}
    else:
        ctx["notice"] = notice
    if web.is_htmx():
        return render_template("partials/games/_game_body.html", **ctx), 200, \
            {"HX-Retarget": "#game-body", "HX-Reswap": "innerHTML"}
    return render_template("games/game.html", **ctx), status


@bp.post("/games/<int:game_id>/seats/<int:seat>/claim")
def claim_seat(game_id: int, seat: int):
    """"I am Cat": this phone plays that seat and counts her hand (any phone that joined)."""
    game, _variant = _counting_game(game_id)
    seat = _seat_arg(game, seat)
    phone = access.phone_id()
    if phone is None:
        abort(403)
    try:
        store.claim_seat(game.id, seat, phone, _seat_via(game))
    except store.Refused as refused:
        return _seat_refused(game_id, _("%(name)s's seat is taken. %(reason)s",
                                        name=game.players[seat].name, reason=refused))
    return _to_seats(game)


@bp.route("/games/<int:game_id>/seats/<int:seat>/seat-phone", methods=["GET", "POST"])
def seat_phone(game_id: int, seat: int):
    """The scorer seats a phone that joined and has none (its panel shows its tag): the
    phones to pick from, then the one picked plays that seat, as if it had tapped the name."""
    game, _variant = _counting_game(game_id, write=True)
    seat = _seat_arg(game, seat)
    if request.method == "POST":
        phone = hand_form.whole_number(request.form.get("phone"))
        if phone is None:
            abort(400)
        try:
            store.claim_seat(game.id, seat, phone, access.actor(game), by_scorer=True)
        except store.Refused as refused:
            return _seat_refused(game_id, _("%(name)s's seat: %(reason)s",
                                            name=game.players[seat].name, reason=refused))
        return _to_seats(game)
    phones = [{"id": p, "tag": seats.phone_tag(p), "mine": p == access.phone_id()}
              for p in store.unseated_phones(game.id)]
    return web.render("games/seat_phone.html", "games/_seat_phone.html", game=game,
                      seat=seat, name=game.players[seat].name, phones=phones,
                      taken=seat in store.seat_claims(game.id))


@bp.post("/games/<int:game_id>/seats/<int:seat>/release")
def release_seat(game_id: int, seat: int):
    """No phone plays that seat any more: the scorer's to do, or the phone's own ("not me")."""
    game, _variant = _counting_game(game_id)
    seat = _seat_arg(game, seat)
    if not access.can_score(game) and store.phone_seat_now(game.id, access.phone_id()) != seat:
        abort(403)
    store.release_seat(game.id, seat, _seat_via(game), access.phone_id())
    return _to_seats(game)


@bp.post("/games/<int:game_id>/counts")
def count_hand(game_id: int):
    """A seat's pips for the round to be entered ("12+11+7", or "I went out": 0 and out), from
    the phone playing it, or typed by the scorer for any seat. Corrected by sending again,
    until the round is saved; a count for a round saved already is refused (409)."""
    game, _variant = _counting_game(game_id)
    seat = hand_form.whole_number(request.form.get("seat"))
    number = hand_form.whole_number(request.form.get("number"))
    if seat is None or number is None:
        abort(400)
    seat = _seat_arg(game, seat)
    out = request.form.get("out") == "1"
    double_blank = not out and request.form.get("double_blank") == "1"
    pips = 0 if out else seats.pip_sum(request.form.get("pips"))
    if pips is None:
        return _seat_refused(game_id, _("Type the pips left in the hand as a number, or a "
                                        "sum like 12+11+7 (digits and + only)."), 422)
    try:
        store.count_hand(game.id, number, seat, pips, out, _seat_via(game), access.phone_id(),
                         by_scorer=access.can_score(game), double_blank=double_blank)
    except store.Refused as refused:
        return _seat_refused(game_id, _("Not counted: %(reason)s", reason=refused))
    return _to_seats(game)


def _names(record: dict, seats_: list[int]) -> str:
    return words.and_text(record["players"], seats_)


@bp.post("/games/<int:game_id>/counts/save")
def save_counted_round(game_id: int):
    """The scorer's one tap: the round's counts become the next hand, saved as any hand
    (store.write_hand: the version it was made on, the engine's check), and are let go; only
    the counts the scorer's page showed (its count_version: a count since refuses the save)."""
    game, _variant = _counting_game(game_id, write=True)
    version = _version_arg()
    if version != game.version or hand_form.whole_number(request.form.get("counts")) != \
            game.count_version:
        return _seat_refused(game_id, _("Not saved: a phone counted or the game changed "
                                        "since this page was drawn. Check the numbers and tap "
                                        "again."))
    record = game.record()
    number = len(record["hands"])
    counts = store.pending_counts(game.id, number)
    hand, problem, to_fix = seats.round_hand(record["players"], counts)
    blocked_offer = False
    if hand is not None:
        if request.form.get("blocked") == "1" and "out" not in hand:
            hand["blocked"] = True  # "The round was blocked": the counts as they are
        result = rules.score({**record, "hands": record["hands"] + [hand]})
        if not result["ok"] and "out" not in hand and "blocked" not in hand and \
                rules.score({**record, "hands": record["hands"] + [{**hand, "blocked": True}]})["ok"]:
            # nobody went out: a blocked round, or a count to fix? The scorer says; no
            # player's count is flagged, none is known wrong
            blocked_offer = True
            problem = Text("Nobody went out: was the round blocked? If so, save it so; if "
                           "someone went out, she taps it on her phone.")
        elif not result["ok"]:
            engine = (rules.score(record).get("next_round") or {}).get("engine")
            to_fix = seats.to_check(hand, engine)
            problem = Text("{error} Check {names}'s counts.", error=result.get("error"),
                           names=_names(record, to_fix)) if len(to_fix) > 1 else \
                Text("{error} Check {names}'s count.", error=result.get("error"),
                     names=_names(record, to_fix))
    if problem:
        if to_fix:  # every phone says which counts to fix, until they are counted again
            store.refuse_round(game.id, number, {s: (counts[s].pips, counts[s].out,
                                                      counts[s].double_blank) for s in to_fix},
                               problem, access.actor(game))
        return _seat_refused(game_id, _("Not saved. %(problem)s", problem=say(problem)), 422,
                             blocked_offer)
    if not store.drop_counts(game.id, number, game.count_version):
        return _seat_refused(game_id, _("Not saved: a phone counted at the same moment. "
                                        "Check the numbers and tap again."))
    written = store.write_hand(game, version, "entered", number, None, hand, access.actor(game),
                               result=result, phone_id=access.phone_id())
    if written is None:
        return _seat_refused(game_id, _("Not saved: another phone changed the game at the "
                                        "same moment. Check the numbers and tap again."))
    return _to_seats(game)


# --------------------------------------------------------------------------- live, TV, kept hand

@bp.get("/games/<int:game_id>/live")
def live_update(game_id: int):
    """The poller, scoreboard and hand list (partials/games/_live_update.html); 304 when the
    game's version is unchanged.

    The 304 path reads the columns of one row by primary key and renders nothing. A 200 is
    rendered once per ETag (live.py) and served to every phone of that role: with a cache hit
    it costs the same one statement. Both are mostly answered before Flask's dispatch
    (kept_polls.KeptPolls). Cache-Control: no-cache makes the browser revalidate (send
    If-None-Match) on every poll. A phone that polls a game since continued in a rematch is
    sent there (live.poll_answer, /games/<id>/next gives it access to the new game); a page
    loaded after the rematch shows a link to it instead.
    """
    row, inputs = live.poll_head(game_id)
    response = live.kept_answer(row, inputs)  # (most: kept_polls.KeptPolls, first)
    if response is None:
        etag, key, body = live.live_body(game_id)
        response = live.poll_answer(render_cache.respond(key, body), row, etag)
    return response


@bp.app_context_processor
def _live_helpers():
    """Template helpers for the poller (partials/games/_live.html) and the table a phone
    follows (partials/events/_game_event.html)."""
    return {"live_etag": live.live_etag, "recently_changed": live.recently_changed,
            "table_followed": board.table_followed, "table_phone": board.table_phone}


@bp.get("/games/<int:game_id>/tv")
def tv(game_id: int):
    """The scoreboard for a big screen: read only, live, for anyone who may read the game."""
    game = access.load_game(game_id)  # 404, or a phone without a role to /join
    ctx = board.live_context(game)
    ctx["can_score"] = False  # a screen on the table shows, it does not offer edits
    return web.render("games/tv.html", "games/_scoreboard.html", **ctx)


@bp.post("/games/<int:game_id>/hands/kept")
def kept_hand(game_id: int):
    """A kept hand whose resend the server refused as stale (409): was it saved after all?

    When the answer to a save is lost on the way back (the Wi-Fi drops just then), the phone
    keeps the hand and sends it again; the version it carries is stale by then, by the very
    save that went through, so the resend is refused and nothing is saved twice. This tells the
    phone that case apart from another phone's write: `saved` is true when hand `number` is now
    exactly the hand these values make, and the last write to it was this very save: its audit
    row holds the `save_id` the phone drew for it (another phone on the same scorer link saving
    an identical hand does not count). `text` describes the kept hand as the hand list would,
    to show the scorer what is waiting, and `now` hand `number` as it stands (None when there is
    none yet): a kept change to a hand that another phone changed meanwhile is shown beside
    what that phone saved.
    Changes nothing.
    """
    game = access.load_game(game_id, write=True)
    number = hand_form.whole_number(request.form.get("number"))
    if number is None or number < 0:  # whole_number takes a minus sign
        abort(400)
    record = game.record()
    if number > len(record["hands"]):
        return jsonify(saved=False, text=None, now=None)
    now = None
    if number < len(record["hands"]):  # in words as the put-back offer says a hand
        now = say(hand_summary(rules.VARIANTS[game.variant], record, number,
                               record["hands"][number]))
    values = hand_form.read_values(request.form, len(game.players))
    before = {**record, "hands": record["hands"][:number]}
    attempt = entry.read_hand(game, before, values)
    hand = attempt.hand
    if hand is None:
        return jsonify(saved=False, text=None, now=now)
    scored = attempt.result["hands"][number] if attempt.result else None
    text = say(hand_form.describe_hand(rules.VARIANTS[game.variant], hand, record["players"],
                                       scored))
    saved = False
    if number < len(record["hands"]) and record["hands"][number] == hand:
        last = db.session.scalars(
            select(AuditEvent).where(AuditEvent.game_id == game.id,
                                     AuditEvent.hand_number == number)
            .order_by(AuditEvent.id.desc())).first()
        sent = hand_form.save_id(request.form)
        saved = last is not None and last.action in ("entered", "edited") \
            and sent is not None and last.save_id == sent
    return jsonify(saved=saved, text=text, now=now)


# --------------------------------------------------------------------------- history

@bp.get("/games/<int:game_id>/history")
def history(game_id: int):
    """The audit trail in words, rendered once per game version and the phone names it shows
    (a club member's name, "this phone"): the lookup needs the game's row and, for a club
    game, its members' names; a miss replays the trail (history.rows_at_version)."""
    head = access.load_head(game_id)
    rows = rows_at_version(head)
    names = phone_names(head, rows)
    return web.render_kept(
        f"history:{head.id}.{head.version}:{sorted(names.items())}", "games/history.html",
        "games/_history.html", lambda: {"game": head, "variant": variants().get(head.variant),
                                        "rows": rows, "phone_names": names})


# --------------------------------------------------------------------------- a game's rules card

@bp.get("/games/<int:game_id>/rules")
def rules_card(game_id: int):
    """This game's house rules in plain words (rules/card.py), for anyone who may read it."""
    game = access.load_game(game_id)
    return web.render("games/rules_card.html", "games/_rules_card.html",
                        **board.rules_card_context(game))


# --------------------------------------------------------------------------- rules pages

# The rules carry no capability (no join code, no scorer link), so unlike a game page they may be
# kept: the phone's service worker then shows them with the server away.
KEPT = {"Cache-Control": "private, no-cache"}


@bp.get("/rules/")
def rules_index():
    return (*web.render("games/rules_index.html", "games/_rules_index.html", variants=variants()),
            KEPT)


@bp.get("/rules/<variant_id>")
def rules_page(variant_id: str):
    variant = get_variant(variant_id)
    return (*web.render("games/rules.html", "games/_rules.html", variant=variant,
                          variants=variants()), KEPT)
