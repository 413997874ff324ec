"""The table's phones, a seat each, counting their own hands (Variant.counts_own): the view-model
of the seats panel (partials/games/_seats.html) and the reading of a phone's count.

Who plays which seat (store.claim_seat) and what each seat counted for the round to be entered
(store.count_hand) are rows; the round becomes a hand only when the scorer saves it from the
counts (round_hand, then store.write_hand), and the engine checks it as any hand.
"""
from __future__ import annotations

import hashlib
import re
from typing import Any

from flask_babel import gettext

from .. import access, store
from ..rules.text import Text
from .words import and_text

MAX_SUM_TEXT = 80
MAX_PIPS = 9999  # far past any hand: the engine judges the round's pips against the set
_SUM = re.compile(r"[0-9]{1,4}(?:\+[0-9]{1,4})*")


def pip_sum(text: str | None) -> int | None:
    """The pips a phone typed: a number or a sum of numbers ("12+11+7" is 30), spaces
    forgiven; None for anything else (digits and + only: nothing is evaluated)."""
    squeezed = "".join((text or "").split())
    if not squeezed or len(squeezed) > MAX_SUM_TEXT or not _SUM.fullmatch(squeezed):
        return None
    total = sum(int(part) for part in squeezed.split("+"))
    return total if total <= MAX_PIPS else None


def phone_tag(phone_id: int) -> str:
    """How a phone without a seat is told apart on the scorer's list of them (its panel says
    "This phone is 4821"): four digits made from its id, the same on every page."""
    digest = hashlib.blake2s(str(phone_id).encode(), digest_size=4, person=b"seat-tag").digest()
    return f"{int.from_bytes(digest, 'big') % 10000:04d}"


def phone_name(phone_id: int) -> str:
    """What a phone is called where another phone lists it (the organizer's table phones) and
    on its own pages (an event table's game: "This phone: Phone 4821"): its tag."""
    return gettext("Phone %(tag)s", tag=phone_tag(phone_id))


def counting(variant, result: dict) -> bool:
    """Whether the game's phones count their own hands now: the variant says they do, and a
    round is to be entered."""
    return bool(variant is not None and variant.counts_own and result.get("ok")
                and not result.get("finished"))


def panel(game, variant, record: dict, result: dict, can_score: bool) -> dict[str, Any] | None:
    """The seats panel: each seat with the phone playing it (this one?) and what it counted for
    the round to be entered, which seat this phone plays, and that round's number and engine."""
    if not counting(variant, result):
        return None
    number = len(record["hands"])
    claims = store.seat_claims(game.id)
    counts = store.pending_counts(game.id, number)
    phone = access.phone_id()
    mine = store.phone_seat(game.id, phone)
    seats = []
    for s, name in enumerate(record["players"]):
        c = counts.get(s)
        seats.append({"seat": s, "name": name, "claimed": s in claims, "mine": s == mine,
                      "pips": c.pips if c else None, "out": bool(c and c.out),
                      "double_blank": bool(c and c.double_blank),
                      "refused": bool(c and c.refused)})
    # the scorer's save refused, naming counts to fix (store.refuse_round): every phone says so
    refusal = store.refusal_of(next((counts[s].refused for s in sorted(counts)
                                     if counts[s].refused), None))
    next_round = result.get("next_round") or {}
    extra = (record.get("options") or {}).get("double_blank") or 0
    return {"number": number, "round": number + 1, "engine": next_round.get("engine"),
            "top": (record.get("options") or {}).get("set") or variant.options[0].default,
            "seats": seats, "mine": mine, "can_score": can_score,
            "active": bool(claims or counts),  # phones count this round: the scorer's view
            # the house rule charges the double blank, and it is not this round's engine
            "double_blank": extra if extra and next_round.get("engine") != 0 else 0,
            "mine_count": counts.get(mine) if mine is not None else None,
            # a phone without a seat: the scorer may seat it by this (views.seat_phone)
            "tag": phone_tag(phone) if mine is None and phone is not None else None,
            "refusal": refusal, "to_fix": [s["name"] for s in seats if s["refused"]],
            "missing": [s["name"] for s in seats if s["pips"] is None]}


def round_hand(players: list[str], counts: dict) -> tuple[dict | None, str | None, list[int]]:
    """The hand the round's counts make (each seat's pips, who went out, who holds the double
    blank), or what stops it and the seats whose counts to fix: the seats still counting (none
    to fix: they have no count yet), or more than one who went out or holds the double blank
    (the engine judges the rest). What stops it is a Text: the refusal is kept for every phone
    (store.refuse_round), each saying it in its reader's language."""
    missing = [name for s, name in enumerate(players) if s not in counts]
    if missing:
        return None, Text("Still counting: {names}. Type a number for them or wait.",
                          names=", ".join(missing)), []
    outs = sorted(s for s, c in counts.items() if c.out)
    if len(outs) > 1:
        return None, Text("{names} each say they went out: only one can. Fix it on their "
                          "phones.", names=and_text(players, outs)), outs
    holders = sorted(s for s, c in counts.items() if c.double_blank)
    if len(holders) > 1:
        return None, Text("{names} each say they hold the double blank: only one can. Fix it "
                          "on their phones.", names=and_text(players, holders)), holders
    hand: dict[str, Any] = {"pips": [counts[s].pips for s in range(len(players))]}
    if outs:
        hand["out"] = outs[0]
    if holders:
        hand["double_blank"] = holders[0]
    return hand, None, []


def to_check(hand: dict, engine: int | None) -> list[int]:
    """The seats whose counts to check when the engine refuses the round `hand` (its reason
    names a rule, not a seat): the double blank's holder in the round whose engine it is; when
    nobody went out, the fewest pips (who most likely went out without tapping it); else (the
    pips add up past the set) the most, the likeliest slip of a finger."""
    pips, holder = hand["pips"], hand.get("double_blank")
    if holder is not None and engine == 0:
        return [holder]
    nobody_out = hand.get("out") is None and not any(
        p == 0 and s != holder for s, p in enumerate(pips))
    if nobody_out and holder is not None and pips[holder] == 0:
        return [holder]  # she counted 0 but holds the double blank: she did not go out
    pick = min(pips) if nobody_out else max(pips)
    return [s for s, p in enumerate(pips) if p == pick]
