"""The audit trail of a game in words (the history page): every write, newest first.

The rows are made once per game version and shared by every phone, whatever its language: what
they say is Text (rules/text.py), said in the reader's language by the template (i18n.say)."""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import bindparam, select

from .. import access, render_cache, rules, store
from ..extensions import db
from ..models import AuditEvent, Game, Member
from ..rules.text import as_text
from ..rules.text import N_, Text
from . import hand_form
from .words import hand_word


def hand_summary(variant, record: dict, number: int, hand: dict, scored: list = (),
                 earlier: dict | None = None) -> str:
    """One line about a hand as it was stored, e.g. an earlier version kept in the trail.

    It is scored after the hands that precede it now (who bid, made or set), when there are
    that many; otherwise, or when it no longer fits, it is described without a result.
    `scored` is the engine's result hands for the whole record as it stands: a hand the same
    as the stored one at its number scores the same after the same hands, so it is looked up
    there; any other version's result is in `earlier` (earlier_versions), all of them scored in
    one replay rather than each after the hands before it (which made the page quadratic).
    Without `earlier` (one hand alone, as the put-back offer), it is scored by itself.
    """
    if _as_now(record, scored, number, hand):
        return hand_form.describe_hand(variant, hand, record["players"], scored[number])
    if earlier is None:
        earlier = earlier_versions(record, scored, [_Version(number, hand)])
    return hand_form.describe_hand(variant, hand, record["players"],
                                   earlier.get((number, _key(hand))))


def _as_now(record: dict, scored: list, number: int, hand: dict) -> bool:
    """Whether `hand` is the hand now at `number`, and scored there."""
    return number < len(scored) and record["hands"][number] == hand


def _key(hand: Any) -> str:
    return json.dumps(hand, sort_keys=True)


@dataclass
class _Version:
    """A hand version as earlier_versions reads it from an audit row."""

    hand_number: int
    data: dict


def earlier_versions(record: dict, scored: list, events) -> dict:
    """(hand number, hand) -> its result row (or None) of every hand version in the trail that
    is not the hand now at its number: each scored in its place after the hands before it now,
    all in one replay of the record (rules.score_versions)."""
    versions: dict[int, dict[str, Any]] = {}
    for e in events:
        if e.hand_number is not None and isinstance(e.data, dict) and \
                e.hand_number <= len(record["hands"]) and \
                not _as_now(record, scored, e.hand_number, e.data):
            versions.setdefault(e.hand_number, {})[_key(e.data)] = e.data
    results = rules.score_versions(record, {k: list(v.values()) for k, v in versions.items()})
    return {(k, key): row for k, by_key in versions.items()
            for key, row in zip(by_key, results[k])}


# Built once. The columns the history shows, as plain rows: hundreds of ORM objects (and the
# template reading each attribute through their instrumentation) cost more than the page.
_TRAIL = (select(AuditEvent.id, AuditEvent.at, AuditEvent.action, AuditEvent.hand_number,
                 AuditEvent.data, AuditEvent.via, AuditEvent.phone_id)
          .where(AuditEvent.game_id == bindparam("game_id")).order_by(AuditEvent.id))


def trail(game_id: int) -> list:
    """The game's audit rows, oldest first (one statement)."""
    return db.session.execute(_TRAIL, {"game_id": game_id}).all()


def rows_at_version(head) -> list[dict[str, Any]]:
    """history_rows of the game at `head`'s version (a game, or its head row: id and version),
    made once per version in this process (every audit row comes with a version bump, so a
    version's trail never changes) and shared, read only, by every phone that reads it: the
    replay of every earlier hand version is most of the page. On a miss the game is loaded,
    at the version it is at by then."""
    cache = render_cache.named("history_rows", items=32)
    rows = cache.get(f"{head.id}:{head.version}")
    if rows is None:
        game = head if isinstance(head, Game) else store.get_game(head.id)
        rows = history_rows(game, trail(game.id))
        cache.put(f"{game.id}:{game.version}", rows)
    return rows


def history_rows(game: Game, events: list) -> list[dict[str, Any]]:
    """The audit trail (`events`, trail()) in words, newest first: what was written, when, by
    which link (and phone id), and for a hand the data stored with the event (the hand as
    entered, or as it was before an edit or undo: the trail keeps every version)."""
    variant = rules.VARIANTS.get(game.variant)
    record = game.record()
    result = rules.score(record)
    scored = result.get("hands", []) if result.get("ok") else []
    earlier = earlier_versions(record, scored, events) if variant else {}
    word = hand_word(game.variant)  # the English word, said with the rows' Text
    # what each change made of its hand: the next change's "before" of that hand (a later edit's,
    # or its undo's), else the hand as it stands now
    after: dict[int, dict] = {}
    following: dict[int, dict] = {}
    for i in range(len(events) - 1, -1, -1):
        e = events[i]
        if e.hand_number is None:
            continue
        if e.action == "edited":
            after[i] = following.get(e.hand_number) or (
                record["hands"][e.hand_number] if e.hand_number < len(record["hands"]) else None)
        if e.action in ("edited", "undone"):
            following[e.hand_number] = e.data or {}
        elif e.action in ("entered", "put back"):
            following.pop(e.hand_number, None)
    rows = []
    for i, e in reversed(list(enumerate(events))):
        data = e.data or {}
        row = {"action": e.action, "at": e.at.isoformat(), "when": e.at,
               "via": e.via, "phone_id": e.phone_id, "what": None, "detail": None}
        if e.action == "created":
            row["what"] = Text("Game started")
            row["detail"] = ", ".join(data.get("players", []))
            if data.get("rematch_of"):
                row["what"] = Text("Game started: rematch of game #{number}",
                                   number=data["rematch_of"])
            elif data.get("continued_from"):
                row["what"] = Text("Game started: a copy of game #{number}",
                                   number=data["continued_from"])
                row["detail"] = Text("{players}. Its scorer's phone was gone; the original is "
                                     "unchanged and this copy is scored here.",
                                     players=row["detail"])
        elif e.action == "took over":
            row["what"] = Text("Scoring taken over")
            row["detail"] = Text("From here on that phone keeps score (listed as the creator); "
                                 "the phones and scorer links that scored before can no longer "
                                 "change the game.")
        elif e.action == "renamed":
            row["what"] = Text("Player renamed")
            row["detail"] = Text("{old} is now called {new}.", old=data.get("from"),
                                 new=data.get("to"))
        elif e.action == "merged":
            row["what"] = Text("Players merged")
            row["detail"] = Text("{old} is the same person as {new}.", old=data.get("from"),
                                 new=data.get("to"))
        elif e.action == "rematch":
            row["what"] = Text("Rematch started")
            row["detail"] = Text("The next game is game #{number}.", number=data.get("next_game"))
        elif e.action == "time called":
            row["what"] = Text("Time called")
            row["detail"] = Text("Round {round} of the event: the hand in play was the last.",
                                 round=data.get("round"))
        elif e.action == "called":
            row["what"] = Text("Stopped at time")
            row["detail"] = (Text("No hand was in play: the game ended after its last hand.")
                             if "hands" in data  # before the hand in play was waited for:
                             else Text("Time called in round {round} of the event.",
                                       round=data.get("round")))
        elif e.action == "swapped":
            row["what"] = Text("Player swapped")
            row["detail"] = Text("{new} took {old}'s seat.", new=data.get("to"),
                                 old=data.get("from"))
        elif e.action in ("seat claimed", "seat released"):
            name = _seat_name(record, data.get("seat"))
            if e.action == "seat claimed":
                row["what"] = Text("{name}'s seat claimed", name=name)
                row["detail"] = Text("A phone at the table plays {name} and counts her hand.",
                                     name=name)
            else:
                row["what"] = Text("{name}'s seat let go", name=name)
                row["detail"] = Text("No phone plays {name} now.", name=name)
        elif e.action == "counted":
            name = _seat_name(record, data.get("seat"))
            row["what"] = Text("{hand} {number}: {name} counted", hand=word,
                               number=data.get("number", 0) + 1, name=name)
            row["detail"] = (Text("Went out (0 pips).") if data.get("out")
                             else Text(_PIPS_LEFT.get(word, _PIPS_LEFT["Hand"]),
                                       pips=data.get("pips")))
        elif e.action == "round refused":
            names = ", ".join(_seat_name(record, seat) for seat in data.get("seats") or [])
            row["what"] = Text("{hand} {number} not saved", hand=word,
                               number=data.get("number", 0) + 1)
            reason = as_text(data["said"]) if "said" in data else f"{data.get('reason')}"
            row["detail"] = Text("{reason} Check first: {names}.", reason=reason,
                                 names=names) if names else reason
        elif e.action == "rotated":
            row["what"] = Text("New scorer link (#{number})", number=data.get("generation"))
            row["detail"] = Text("The earlier scorer link stopped working.")
        elif e.action == "new code":
            row["what"] = Text("New join code")
            row["detail"] = Text("The earlier join code and viewer link stopped working.")
        else:
            row["what"] = Text(_HAND_DONE.get(e.action, "{hand} {number} {action}"),
                               hand=word, number=e.hand_number + 1, action=e.action)
            summary = hand_summary(variant, record, e.hand_number, data, scored, earlier) \
                if variant else ""
            row["detail"] = summary
            if e.action == "undone":
                row["detail"] = Text("Was: {before}", before=summary)
            elif e.action == "edited" and after.get(i) is not None and variant:
                row["detail"] = Text("Before: {before}. After: {after}", before=summary,
                                     after=hand_summary(variant, record, e.hand_number,
                                                        after[i], scored, earlier))
            elif e.action == "edited":
                row["detail"] = Text("Before: {before}", before=summary)
        rows.append(row)
    return rows


# What a write did to a hand, by its audit action ({hand}: the variant's hand word, said)
_HAND_DONE = {"entered": N_("{hand} {number} entered"), "edited": N_("{hand} {number} changed"),
              "undone": N_("{hand} {number} taken back"),
              "put back": N_("{hand} {number} put back")}
# A seat's count, by the variant's hand word (not saved until the scorer saves that entry)
_PIPS_LEFT = {"Hand": N_("{pips} pips left (not saved until the scorer saves the hand)."),
              "Round": N_("{pips} pips left (not saved until the scorer saves the round)."),
              "Game": N_("{pips} pips left (not saved until the scorer saves the game).")}
# How the audit trail names a writer (access.actor, the handover's club members), said
_SCORER_LINK = re.compile(r"scorer link #(\d+)")
_CLUB_MEMBER = re.compile(r"club member (.+)")


def via_said(via: str) -> str:
    """Who made a write, as the audit row names them, in the reader's language."""
    if via in ("creator", "viewer"):
        return _("creator") if via == "creator" else _("viewer")
    link = _SCORER_LINK.fullmatch(via or "")
    if link:
        return _("scorer link #%(number)s", number=link.group(1))
    member = _CLUB_MEMBER.fullmatch(via or "")
    if member:
        return _("club member %(name)s", name=member.group(1))
    return via


def _seat_name(record: dict, seat) -> str:
    players = record.get("players") or []
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) \
        else Text("A player")


def phone_names(game, rows: list[dict[str, Any]]) -> dict[int, str]:
    """How the history names the phones that made the game's writes (AuditEvent.phone_id), by
    phone id: the club's name for a phone of the game's club ("Ann's phone"), else "this phone"
    for the reader's own. "creator" is a role, which a take-over hands to another phone: the
    phone says who actually entered a hand. A phone known by neither goes by its role alone."""
    ids = {row["phone_id"] for row in rows if row["phone_id"] is not None}
    names: dict[int, str] = {}
    if ids and game.club_id is not None:
        names = {m.phone_id: m.display for m in db.session.scalars(
            select(Member).where(Member.club_id == game.club_id, Member.phone_id.in_(ids)))}
    mine = access.phone_id()
    if mine in ids:
        names.setdefault(mine, _("this phone"))
    return names
