"""A phone that stopped being the scorer (a take-over, a new scorer link) loses no hand: its
page says who took over and when, at its next poll, and the hand it had started stays on its
screen in words, to read out or copy to the new scorer. A save it sends after that is answered
the same way, never with a bare 403 that drops the hand (with or without JavaScript)."""
from __future__ import annotations

from datetime import datetime
from dataclasses import dataclass

from flask import make_response, render_template, request
from flask_babel import gettext as _, pgettext
from sqlalchemy import select

from .. import access, rules, store, web
from ..extensions import db
from ..i18n import say
from ..models import AuditEvent, Game
from ..rules.text import N_, Text
from . import entry, hand_form
from .words import hand_word_said

# The audit rows that end a scoring phone's role: a club member took over, or the creator made
# a new scorer link.
ENDING_ACTIONS = ("took over", "rotated")


@dataclass(frozen=True)
class ScoringEnded:
    """Who ended this phone's scoring ("Bob's phone took over scoring", a Text: said where
    shown) and when (UTC)."""
    what: str
    at: datetime | None


def scoring_ended(game) -> ScoringEnded | None:
    """How this phone's scoring of `game` ended (the last take-over or new scorer link), or
    None when it never scored the game or still does. `game` may be a bare row (the poll's)."""
    if not access.lost_scoring(game):
        return None
    last = db.session.scalars(
        select(AuditEvent).where(AuditEvent.game_id == game.id,
                                 AuditEvent.action.in_(ENDING_ACTIONS))
        .order_by(AuditEvent.id.desc()).limit(1)).first()
    if last is None:
        return ScoringEnded(Text("Another phone took over scoring"), None)
    if last.action == "took over":
        return ScoringEnded(Text("{phone} took over scoring", phone=store.phone_name(last.via)),
                            last.at)
    return ScoringEnded(Text("A new scorer link was made, and this phone's no longer works"),
                        last.at)


def hand_in_words(game: Game, values: dict[str, str], number: int | None = None) -> str:
    """The hand a form's values make, as one line to read out ("Hand 7: Ann bid 31 straight
    42, caught 34: made") in the reader's language, finished or not: an unfinished one lists
    what was entered. `number`:
    the hand the form was made for, when the game has moved past it since (its dealer, and so
    who made each call, are that hand's)."""
    variant = rules.VARIANTS[game.variant]
    record = game.record()
    if number is not None and 0 <= number < len(record["hands"]):
        record = {**record, "hands": record["hands"][:number]}
    players = record["players"]
    number = len(record["hands"])
    hand, label = hand_word_said(game.variant), number + 1
    attempt = entry.read_hand(game, record, values)
    if attempt.hand is not None:
        scored = attempt.result["hands"][number] if attempt.result else None
        return _("%(hand)s %(number)s: %(what)s", hand=hand, number=label, what=say(
            hand_form.describe_hand(variant, attempt.hand, players, scored)))
    parts = []
    calls = hand_form.parse_calls(values.get("calls"))
    if calls and hand_form.mode_of(variant, values) == "auction":
        turns = rules.legal_calls(record, calls).get("turns") or []
        parts.append(", ".join(f"{players[seat]} {say(hand_form.call_label(call, variant))}"
                               for seat, call in zip(turns, calls)))
    bidder = hand_form.whole_number(values.get("bidder"))
    if bidder is not None and 0 <= bidder < len(players):
        parts.append(_("%(name)s won the bid", name=players[bidder]))
    if values.get("bid"):
        parts.append(_("bid %(bid)s", bid=say(hand_form.call_label(
            hand_form.parse_call(values["bid"]), variant))))
    if values.get("contract"):
        parts.append(say(hand_form.CONTRACT_LABELS.get(values["contract"], values["contract"])))
    if values.get("points"):
        parts.append(_("caught %(points)s", points=values["points"]))
    if values.get("made") in ("1", "0"):
        parts.append(pgettext("a bid", "made") if values["made"] == "1"
                     else pgettext("a bid", "set"))
    for seat, name in enumerate(players):
        typed = [_(said, number=values[f"{prefix}-{seat}"]) for prefix, said in
                 (("bid", _TYPED_BID), ("tricks", _TYPED_TRICKS), ("pips", _TYPED_PIPS))
                 if values.get(f"{prefix}-{seat}")]
        if typed:
            parts.append(f"{name} {' '.join(typed)}")
    return _("%(hand)s %(number)s (not finished): %(entered)s", hand=hand, number=label,
             entered="; ".join(parts) or _("nothing entered yet"))


# What a seat's field of an unfinished hand holds, in its words ("Ann bid 2 took 3")
_TYPED_BID, _TYPED_TRICKS, _TYPED_PIPS = N_("bid %(number)s"), N_("took %(number)s"), \
    N_("pips %(number)s")


def not_saved(game: Game, ended: ScoringEnded, status: int):
    """The answer to a hand form this phone sent after its scoring ended: why it was not
    saved, and the hand in words. htmx puts it in place of the form (the rest of the page, a
    watcher's, stays live); a browser without it gets a page of its own with `status`."""
    values = hand_form.read_values(request.form, len(game.players))
    ctx = {"game": game, "ended": ended, "words": hand_in_words(game, values)}
    if web.is_htmx():
        response = make_response(render_template("partials/handover/_hand_not_saved.html",
                                                 **ctx))
        response.headers.update({"HX-Retarget": "#hand-form", "HX-Reswap": "outerHTML"})
        return response
    return make_response(render_template("handover/hand_not_saved.html", **ctx), status)

