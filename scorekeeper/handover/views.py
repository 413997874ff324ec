"""The routes of handover (see __init__.py): take over, continue as a copy, rematch, next."""
from __future__ import annotations

from flask import abort, redirect, request, url_for
from flask_babel import gettext as _

from .. import access, i18n, rules, store, web
from ..games import hand_form
from ..games import scoring_ended as ended
from ..extensions import db
from ..events.record import next_game_allowed, runs_event_of
from ..models import MAX_ID, Game
from . import bp


def _refuse(title: str, message: str, status: int = 403):
    abort(access._reload_htmx(web.refuse(status, title, message)))


def _go(url: str):
    """After a write (every form here is a plain form): a 303 to the game."""
    return redirect(url, 303)


def _finished(game: Game) -> bool:
    return bool(rules.score(game.record()).get("finished"))


def _steps_in(game: Game, phone) -> bool:
    """Whether the club member `phone` (or None) may step in on `game` without scoring it:
    take it over, start its rematch. Any member on a casual club game; on an event's game,
    only the event's organizer and the club's admin (its table's phone scores it)."""
    if phone is None:
        return False
    return game.event_match_id is None or runs_event_of(game, phone)


def carry_on(game: Game) -> dict:
    """What this phone may do to go on with `game`: the template's flags."""
    phone = access.member(game.club_id) if game.club_id is not None else None
    scorer = access.can_score(game)
    steps_in = _steps_in(game, phone)
    may_rematch = scorer or steps_in  # (whether the game allows one or not)
    return {"member": phone, "can_take_over": steps_in and not scorer,
            "can_continue": game.club_id is None and not scorer, "may_rematch": may_rematch,
            "can_rematch": may_rematch and next_game_allowed(game)}


@bp.app_context_processor
def _helpers():
    return {"carry_on": carry_on, "scoring_ended": ended.scoring_ended}


# --------------------------------------------------------------------------- take over

@bp.route("/games/<int:game_id>/take-over", methods=["GET", "POST"])
def take_over(game_id: int):
    """A club member's phone keeps score from now on (GET: the confirmation; POST: do it)."""
    game = access.load_game(game_id)
    if game.club_id is None or access.member(game.club_id) is None:
        _refuse(_("Club members only"), _("Only a phone that joined this game's club can take "
                                           "over its scoring."))
    if access.can_score(game):
        return redirect(url_for("games.game_page", game_id=game.id), 303)
    if not _steps_in(game, access.member(game.club_id)):
        _refuse(_("Scored at its table"), _("An event's game is scored by its table's phone; "
                                             "only the event's organizer or the club's admin "
                                             "can take it over."))
    if request.method == "GET":
        return web.render("handover/take_over.html", "handover/_take_over.html", game=game,
                            variant=rules.VARIANTS.get(game.variant))
    phone = access.member(game.club_id)
    seen = hand_form.whole_number(request.form.get("generation", ""))  # what its page showed
    try:
        store.take_over(game, game.scorer_generation if seen is None else min(seen, MAX_ID),
                        f"club member {phone.display}"[:40], phone_id=phone.phone_id)
    except store.Refused as refused:
        _refuse(_("Someone else took over"), i18n.say(refused.sentence), 409)
    return access.grant_creator(_go(url_for("games.game_page", game_id=game.id)), game)


# --------------------------------------------------------------------------- continue

@bp.route("/games/<int:game_id>/continue", methods=["GET", "POST"])
def continue_game(game_id: int):
    """Outside a club: a copy of the game as it stands, scored by this phone."""
    game = access.load_game(game_id)
    if game.club_id is not None:
        return redirect(url_for("handover.take_over", game_id=game.id), 303)
    if access.can_score(game):
        return redirect(url_for("games.game_page", game_id=game.id), 303)
    if request.method == "GET":
        return web.render("handover/continue.html", "handover/_continue.html", game=game,
                            variant=rules.VARIANTS.get(game.variant))
    copy = store.start_game(game.record(), continued_from=game.id)
    return access.grant_creator(_go(url_for("games.game_page", game_id=copy.id)), copy)


# --------------------------------------------------------------------------- rematch

@bp.post("/games/<int:game_id>/rematch")
def rematch(game_id: int):
    """The next game: same seats and house rules, the first deal passed on one seat."""
    game = access.load_game(game_id)
    flags = carry_on(game)
    if flags["may_rematch"] and not flags["can_rematch"]:
        # an event's game whose match has a later game: another phone's rematch, made a
        # moment ago (maybe since the game was read), where this tap is sent as outside one
        db.session.refresh(game, ["next_game_id"])
    if not (flags["can_rematch"] or flags["may_rematch"] and game.next_game_id is not None):
        _refuse(_("View only"), _("The scorer, or a member of the game's club, starts the "
                                   "rematch (of an event's game: its table's phone, the "
                                   "organizer or the club's admin)."))
    if game.next_game_id is None and not _finished(game):
        _refuse(_("Not over yet"), _("A rematch starts once the game is over."), 409)
    new_id, made = store.rematch(game, access.actor(game) if access.can_score(game) else
                                 f"club member {flags['member'].display}"[:40],
                                 [(p.name, p.person_id) for p in game.players])
    new = db.session.get(Game, new_id)
    response = _go(url_for("games.game_page", game_id=new_id))
    if made:
        return access.grant_creator(response, new)
    return access.grant_viewer(response, new) if access.role(new) is None else response


@bp.get("/games/<int:game_id>/next")
def next_game(game_id: int):
    """Where the old game's watchers are sent: viewer access to the rematch, then its page."""
    game = access.load_game(game_id)
    if game.next_game_id is None:
        return redirect(url_for("games.game_page", game_id=game.id), 303)
    new = db.session.get(Game, game.next_game_id)
    response = redirect(url_for("games.game_page", game_id=new.id), 303)
    return access.grant_viewer(response, new) if access.role(new) is None else response


# --------------------------------------------------------------------------- scoring ended

@bp.post("/games/<int:game_id>/hands/words")
def hand_words(game_id: int):
    """The hand a phone's form holds, in words, once its scoring ended (its poll said so:
    partials/handover/_scoring_ended.html): what static/js/hand-keeper.js puts in place of
    the form. Any other phone is sent to the game's page (a scorer has nothing to keep);
    changes nothing."""
    game = store.get_game(game_id)
    if game is None:
        abort(404)
    why = ended.scoring_ended(game)
    if why is None:
        return _go(url_for("games.game_page", game_id=game.id))
    return ended.not_saved(game, why, 200)
