"""The audit trail of a game in words (the history page): every write, newest first."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import bindparam, select

from .. import access, render_cache, rules, store
from ..extensions import db
from ..filters import hand_word
from ..models import AuditEvent, Game, Member
from . import hand_form


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


_WHEN = "%b %d, %H:%M:%S"  # how the page shows when (UTC; live.js shows local time)


def history_rows(game: Game, events: list) -> list[dict[str, Any]]:
    """The audit trail (`events`, trail()) in words, newest first: what was written, when, by
    which link (and phone id), and for a hand the data stored with the event (the hand as
    entered, or as it was before an edit or undo: the trail keeps every version)."""
    variant = rules.VARIANTS.get(game.variant)
    record = game.record()
    result = rules.score(record)
    scored = result.get("hands", []) if result.get("ok") else []
    earlier = earlier_versions(record, scored, events) if variant else {}
    word = hand_word(game.variant)
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
        row = {"action": e.action, "at": e.at.isoformat(), "when": e.at.strftime(_WHEN),
               "via": e.via, "phone_id": e.phone_id, "what": None, "detail": None}
        if e.action == "created":
            row["what"] = "Game started"
            row["detail"] = ", ".join(data.get("players", []))
            if data.get("rematch_of"):
                row["what"] = f"Game started: rematch of game #{data['rematch_of']}"
            elif data.get("continued_from"):
                row["what"] = f"Game started: a copy of game #{data['continued_from']}"
                row["detail"] += (". Its scorer's phone was gone; the original is unchanged "
                                  "and this copy is scored here.")
        elif e.action == "took over":
            row["what"] = "Scoring taken over"
            row["detail"] = ("From here on that phone keeps score (listed as the creator); the "
                             "phones and scorer links that scored before can no longer change "
                             "the game.")
        elif e.action == "renamed":
            row["what"] = "Player renamed"
            row["detail"] = f"{data.get('from')} is now called {data.get('to')}."
        elif e.action == "merged":
            row["what"] = "Players merged"
            row["detail"] = f"{data.get('from')} is the same person as {data.get('to')}."
        elif e.action == "rematch":
            row["what"] = "Rematch started"
            row["detail"] = f"The next game is game #{data.get('next_game')}."
        elif e.action == "time called":
            row["what"] = "Time called"
            row["detail"] = (f"Round {data.get('round')} of the event: the hand in play was "
                             "the last.")
        elif e.action == "called":
            row["what"] = "Stopped at time"
            row["detail"] = ("No hand was in play: the game ended after its last hand."
                             if "hands" in data  # before the hand in play was waited for:
                             else f"Time called in round {data.get('round')} of the event.")
        elif e.action == "swapped":
            row["what"] = "Player swapped"
            row["detail"] = f"{data.get('to')} took {data.get('from')}'s seat."
        elif e.action in ("seat claimed", "seat released"):
            name = _seat_name(record, data.get("seat"))
            row["what"] = f"{name}'s seat {'claimed' if e.action == 'seat claimed' else 'let go'}"
            row["detail"] = (f"A phone at the table plays {name} and counts her hand."
                             if e.action == "seat claimed" else
                             f"No phone plays {name} now.")
        elif e.action == "counted":
            name = _seat_name(record, data.get("seat"))
            row["what"] = f"{word} {data.get('number', 0) + 1}: {name} counted"
            row["detail"] = ("Went out (0 pips)." if data.get("out")
                             else f"{data.get('pips')} pips left (not saved until the scorer "
                                  f"saves the {word.lower()}).")
        elif e.action == "round refused":
            names = ", ".join(_seat_name(record, seat) for seat in data.get("seats") or [])
            row["what"] = f"{word} {data.get('number', 0) + 1} not saved"
            row["detail"] = f"{data.get('reason')}" + (f" Check first: {names}." if names else "")
        elif e.action == "rotated":
            row["what"] = f"New scorer link (#{data.get('generation')})"
            row["detail"] = "The earlier scorer link stopped working."
        elif e.action == "new code":
            row["what"] = "New join code"
            row["detail"] = "The earlier join code and viewer link stopped working."
        else:
            verb = {"entered": "entered", "edited": "changed", "undone": "taken back",
                    "put back": "put back"}
            row["what"] = f"{word} {e.hand_number + 1} {verb.get(e.action, e.action)}"
            summary = hand_summary(variant, record, e.hand_number, data, scored, earlier) \
                if variant else ""
            row["detail"] = {"edited": "Before: ", "undone": "Was: "}.get(e.action, "") + summary
            if after.get(i) is not None and variant:
                row["detail"] += ". After: " + hand_summary(variant, record, e.hand_number,
                                                             after[i], scored, earlier)
        rows.append(row)
    return rows


def _seat_name(record: dict, seat) -> str:
    players = record.get("players") or []
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "A player"


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
        names.setdefault(mine, "this phone")
    return names
