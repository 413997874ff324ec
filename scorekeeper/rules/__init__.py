"""The rules engine: a pure library that checks a game record and derives every score.

No Flask, no SQLAlchemy, no I/O: a record (plain JSON data) goes in, a result comes out.
"""
from __future__ import annotations

from typing import Any

from .auction import Auction, next_calls
from .cards import Card42, CardTeams, countdown_mark
from .dominoes import FortyTwo, Lechner42, Moon, Texas42, Texas1986
from .game import Variant, replay, replay_versions
from .record import (RECORD_KEYS, Invalid, Option, Table, is_whole, parse_table, show_value,
                     too_long, unknown_key)
from .text import Text
from .trains import CastleRock, MexicanTrain

__all__ = ["VARIANTS", "Variant", "Option", "score", "preview", "score_versions", "legal_calls",
           "dealers_ahead",
           "countdown_mark"]

VARIANTS: dict[str, Variant] = {v.id: v for v in (
    Card42(), CardTeams(), Texas1986(), Lechner42(), Texas42(), FortyTwo(), Moon(), MexicanTrain(),
    CastleRock(),
)}


def _open(record: Any) -> tuple[Variant, Table, list]:
    """The variant, table and hands of a record, or Invalid(None, ...) for the record itself."""
    if not isinstance(record, dict):
        raise Invalid(None, Text("A game record must be a JSON object."))
    variant_id = record.get("variant")
    if not isinstance(variant_id, str) or variant_id not in VARIANTS:
        known = ", ".join(VARIANTS)
        raise Invalid(None, Text("Unknown variant {variant}: choose one of {known}.",
                                 variant=repr(variant_id), known=known)
                      if isinstance(variant_id, str) else
                      Text("The record needs a variant: one of {known}.", known=known))
    key = unknown_key(record, RECORD_KEYS)
    if key is not None:
        raise Invalid(None, Text("A game record holds no key {key}: its keys are {keys}.",
                                 key=show_value(key), keys=", ".join(RECORD_KEYS)))
    variant = VARIANTS[variant_id]
    table = parse_table(record, variant)
    hands = record.get("hands", [])
    if not isinstance(hands, list):
        raise Invalid(None, Text("Hands must be a list, in the order played."))
    return variant, table, hands


def _failure(error: Invalid) -> dict:
    return {"ok": False, "hand": error.hand, "error": error.message}


def score(record: Any) -> dict:
    """The result of a game record (see spec/game-record.md); never raises."""
    try:
        variant, table, hands = _open(record)
        return replay(variant, table, hands)
    except Invalid as error:
        return _failure(error)
    except RecursionError:
        return {"ok": False, "hand": None,
                "error": Text("The record is nested too deeply to read.")}


def preview(record: dict, hand: Any, index: int | None = None) -> dict:
    """What the record scores with `hand` added (index None) or put in place of hands[index]."""
    if not isinstance(record, dict) or not isinstance(record.get("hands", []), list):
        return score(record)
    hands = list(record.get("hands", []))
    if index is None:
        hands.append(hand)
    elif is_whole(index) and 0 <= index < len(hands):
        hands[index] = hand
    elif is_whole(index) and -1 <= index <= 10 ** 6:
        return {"ok": False, "hand": index,
                "error": Text("There is no hand {number} to change.", number=index + 1)}
    else:
        return {"ok": False, "hand": None, "error": Text("There is no such hand to change.")}
    return score({**record, "hands": hands})


def score_versions(record: Any, versions: dict[int, list[Any]]) -> dict[int, list[dict | None]]:
    """Other versions of the record's hands, each scored in its hand's place after the hands
    before it: versions[k] -> the result row preview({**record, "hands": hands[:k]}, hand)
    gives that hand (None where that would not score), in the same order, in one replay
    (the history page's earlier versions of edited hands). Every row None when the record
    itself cannot be read."""
    try:
        variant, table, hands = _open(record)
        return replay_versions(variant, table, hands, versions)
    except (Invalid, RecursionError):
        return {k: [None] * len(v) for k, v in versions.items()}


def legal_calls(record: Any, calls: Any, index: int | None = None) -> dict:
    """The next call of a hand's auction: who calls, and which calls are legal and why not.

    For card42 the "calls" are the bids made so far in table order, and the next seat's
    choices are the bids 0-7 (the dealer's bid that would make the total 7 is refused).
    "turns" gives the seat that made each call so far (up to a refused one), so nobody outside
    the engine has to know the order of play (card42-teams skips players who passed).
    "done" is true as soon as nobody can top the high bid (21 in moon, 42 in forty-two): the
    calls left out count as passes, nobody is asked for them, and any given still count.
    """
    out: dict = {"dealer": None, "first": None, "seat": None, "done": False, "calls": [], "turns": [],
                 "error": None, "invalid_at": None, "bidder": None, "bid": None,
                 "winning_call": None, "redeal": False}
    try:
        variant, table, hands = _open(record)
        if index is not None and not (is_whole(index) and 0 <= index <= len(hands)):
            raise Invalid(None, Text("There is no such hand in this game."))
        k = len(hands) if index is None else index
        if not isinstance(calls, list):
            raise Invalid(k, Text("The calls so far must be a list."))
        if too_long(calls):
            raise Invalid(k, Text("A call is a number too long to be a bid."))
        dealer = variant.dealer(table, k)
        out.update(dealer=dealer, first=(dealer + 1) % table.n)
        if variant.family == "card42":
            return _card42_bids(variant, table, dealer, calls, out)
        if not variant.bidding:
            raise Invalid(k, Text("{game} has no bidding.", game=variant.title))
        auction = Auction(variant.auction_rules(table), table, dealer)
        for i, call in enumerate(calls):
            if auction.caller is None:
                out.update(error=Text("The auction is already over."), invalid_at=i)
                break
            out["turns"].append(auction.caller)
            reason = auction.reason(call)
            if reason:
                out.update(error=reason, invalid_at=i)
                break
            auction.call(call)
        out.update(seat=auction.turn, done=auction.done, calls=next_calls(auction))
        if auction.done:
            high = auction.high
            out.update(redeal=high is None, bidder=high and high.seat, bid=high and high.value,
                       winning_call=high and high.call)
    except Invalid as error:
        out["error"] = error.message
    return out


def dealers_ahead(record: Any, count: int) -> list[int]:
    """The seats that deal the next `count` hands after the record's, in order (the deal
    passes round the table whatever the hands hold): a phone keeping hands while the server
    is away says who deals each next one. [] when the record cannot be read."""
    try:
        variant, table, hands = _open(record)
    except Invalid:
        return []
    return [variant.dealer(table, k) for k in range(len(hands), len(hands) + count)]


def _card42_bids(variant: Card42, table: Table, dealer: int, bids: list, out: dict) -> dict:
    """card42's bids in table order: 0-7 each, and the dealer, last, may not make them total 7."""
    n = table.n
    out["turns"] = [(dealer + 1 + i) % n for i in range(min(len(bids), n))]
    for i, bid in enumerate(bids):
        if i >= n or not isinstance(bid, int) or isinstance(bid, bool) or not 0 <= bid <= 7:
            out.update(error=Text("Each player bids once, 0 to 7 tricks."), invalid_at=i)
            return out
        if i == n - 1 and bid == variant.forbidden_bid(table, sum(bids[:i])):
            out.update(error=_dealer_may_not(bid), invalid_at=i)
            return out
    if len(bids) == n:
        out.update(done=True)
        return out
    turn = (dealer + 1 + len(bids)) % n
    forbidden = variant.forbidden_bid(table, sum(bids)) if turn == dealer else None
    out["seat"] = turn
    out["calls"] = [{"call": b, "bid": b, "legal": b != forbidden,
                     "reason": None if b != forbidden else _dealer_may_not(b)} for b in range(8)]
    return out


def _dealer_may_not(bid: int) -> Text:
    return Text("The dealer may not bid {bid}: the bids would total 7.", bid=bid)
