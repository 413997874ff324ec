"""The game's last change as the game page tells it: the "Put it back" offer after an undo, a
changed hand (said to its scorer, marked on every sheet), and the one sentence a screen reader
hears about a new or changed hand (the page's aria-live region).

Both follow from the game's last audit row and the engine's result at the version rendered,
so they are part of every rendering of that version (the render cache and the /live poll give
them to every phone alike): a phone that reloads, or polls, sees the same offer and hears the
same sentence, and the next write ends the offer everywhere.
"""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select

from ..extensions import db
from ..filters import minus, unit_label
from ..i18n import say
from ..models import AuditEvent, Game
from . import hand_form
from .words import hand_word_said
from .history import hand_summary


def last_change(game_id: int) -> AuditEvent | None:
    """The game's last audit row: what the last write to it was."""
    return db.session.scalars(
        select(AuditEvent).where(AuditEvent.game_id == game_id)
        .order_by(AuditEvent.id.desc()).limit(1)).first()


def page_parts(game: Game, variant, record: dict, result: dict, can_score: bool,
               last: AuditEvent | None = None) -> dict[str, Any]:
    """The template's `put_back` (None unless the last change took back a hand and this phone
    scores) and `announce` (the sentence for the live region; "" when there is nothing to say).
    `last` is the game's last audit row when the caller has it (the write it just made)."""
    if last is None:
        last = last_change(game.id)
    undone = last is not None and last.action == "undone" \
        and last.hand_number == len(record["hands"])
    put_back = None
    if undone and can_score and variant is not None:
        put_back = {"undone": last.id, "number": last.hand_number,
                    "text": hand_summary(variant, record, last.hand_number, last.data or {})}
    changed = change_said(game, variant, record, result, last)
    return {"put_back": put_back, "changed": changed,
            "announce": changed["said"] if changed else announcement(
                game, variant, record, result, last.hand_number if undone else None)}


def change_said(game: Game, variant, record: dict, result: dict,
                last: AuditEvent | None) -> dict[str, Any] | None:
    """When the last write changed an earlier hand: its number and the sentence that says it,
    the hand as it is now and as it was ("Hand 2 changed: Bob bid 30 straight 42: made (was:
    Bob bid 2 marks straight 42: made)."), for the scorer who made it, the screen reader's live region, and the
    mark on that row of every phone's sheet, until the next write; else None."""
    if last is None or last.action != "edited" or variant is None or not result.get("ok") or \
            last.hand_number is None or last.hand_number >= len(record["hands"]):
        return None
    number = last.hand_number
    now = hand_form.describe_hand(variant, record["hands"][number], record["players"],
                                  result["hands"][number])
    was = hand_summary(variant, record, number, last.data or {})
    return {"number": number,
            "said": _("%(hand)s %(number)s changed: %(now)s (was: %(was)s).",
                      hand=hand_word_said(game.variant), number=number + 1, now=say(now),
                      was=say(was))}


def announcement(game: Game, variant, record: dict, result: dict, undone: int | None) -> str:
    """What a screen reader hears once when the game moves on: the last hand in a few words and
    the totals ("Hand 7: Ann bid 30 straight, made. Ann & Cat 5 marks, Bob & Dan 3 marks."),
    or that a hand was taken back (`undone`: its number) and the totals after that."""
    if variant is None or not result.get("ok"):
        return ""
    word = hand_word_said(game.variant)
    hands = result.get("hands") or []
    if undone is not None:
        head = _("%(hand)s %(number)s taken back.", hand=word, number=undone + 1)
    elif hands:
        n = len(hands) - 1
        text = hand_form.describe_hand(variant, record["hands"][n], record["players"], hands[n])
        head = _("%(hand)s %(number)s: %(what)s.", hand=word, number=n + 1, what=say(text))
    else:
        return ""
    totals = ", ".join(f"{side} {minus(total)} {say(unit_label(result.get('units'), total))}"
                       for side, total in zip(result.get("sides") or [],
                                              result.get("totals") or []))
    over = " " + _("Game over.") if result.get("finished") else ""
    return f"{head} {totals}.{over}" if totals else f"{head}{over}"
