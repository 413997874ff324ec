"""One game's facts, per seat and per side: what the stats of every player are summed from.

A summary knows seats, never people: the web app keeps it per game and maps seats to people
when it aggregates, so renaming or merging people never changes a stored summary.
"""
from __future__ import annotations

from typing import Any

from ..rules import VARIANTS, score

SUMMARY_VERSION = 1  # bumped whenever the shape or the meaning of a summary changes

MARK = 42
MOON_SHOT = 21
SPECIALS = ("plunge", "splash")

# Display order of contracts (texas42-1986 says trumps / trash; the marks games the rest).
CONTRACT_ORDER = ("straight", "trumps", "sevens", "nillo", "follow-me", "trash", "plunge", "splash")
CALL_ORDER = ("straight", "sevens", "follow-me", "nillo")


def bid_level(variant: str, bid: int, contract: str | None = None) -> str:
    """The label a bid is counted under in `by_level`, per variant family.

    lechner42 / texas42 (marks): "30-41", "1 mark", "2 marks", ..., and "plunge" / "splash"
    whatever their number of marks. moon: "4" to "7" and "moon shot" (21). card42 (the bid in
    tricks, 0-7), card42-teams (2-18 points), forty-two (30-42) and texas42-1986 (30-42, then
    84, 126, ...): the bid itself, as a string.
    """
    rules = VARIANTS[variant]
    if rules.units == "marks":
        if contract in SPECIALS:
            return contract
        if bid < MARK:
            return "30-41"
        marks = bid // MARK
        return "1 mark" if marks == 1 else f"{marks} marks"
    if rules.moon_bid is not None and bid == rules.moon_bid:
        return "moon shot"
    return str(bid)


def level_rank(label: str) -> tuple[int, int]:
    """Sort key of a `bid_level` label: lowest bid first, splash then plunge last."""
    if label == "30-41":
        return (0, 0)
    if label.endswith(" mark") or label.endswith(" marks"):
        return (1, int(label.split()[0]))
    if label == "moon shot":
        return (0, MOON_SHOT)
    if label in SPECIALS:
        return (2, SPECIALS[::-1].index(label))
    return (0, int(label)) if label.isdigit() else (3, 0)


def contract_rank(label: str) -> tuple[int, int]:
    """Sort key of a `by_contract` key or a `by_call` key ("plunge/sevens")."""
    contract, _, call = label.partition("/")
    first = CONTRACT_ORDER.index(contract) if contract in CONTRACT_ORDER else len(CONTRACT_ORDER)
    second = CALL_ORDER.index(call) if call in CALL_ORDER else (-1 if not call else len(CALL_ORDER))
    return (first, second)


def _seat(side: int, partners: list[int], opponents: list[int]) -> dict:
    return {"side": side, "won": False, "total": 0, "partners": partners, "opponents": opponents,
            "bids": 0, "made": 0, "set": 0, "opponent_bids": 0, "opponents_set": 0,
            "by_level": {}, "by_contract": {}, "by_call": {}, "train": None, "solitaire": None}


def _count(table: dict, key: str, made: bool) -> None:
    entry = table.get(key)
    if entry is None:
        table[key] = entry = {"bids": 0, "made": 0}
    entry["bids"] += 1
    entry["made"] += made


def game_summary(record: Any, result: dict | None = None) -> dict:
    """The facts of one valid game `record`, from its rules `result` (scored here when None).

    Raises ValueError (with the engine's message) when the record is not valid. The summary is
    plain JSON data; seats are indices into the record's `players`, sides index `result["sides"]`.
    """
    if result is None:
        result = score(record)
    if not result.get("ok"):
        raise ValueError(result.get("error") or "The game record is not valid.")
    variant = VARIANTS[result["variant"]]
    vid = variant.id
    n = len(record["players"])
    side_of = [variant.side_of(s) for s in range(n)]
    winners = set(result["winners"])
    totals = result["totals"]
    seats = []
    for s in range(n):
        partners = [t for t in range(n) if t != s and side_of[t] == side_of[s]]
        opponents = [t for t in range(n) if side_of[t] != side_of[s]]
        seat = _seat(side_of[s], partners, opponents)
        seat["won"] = side_of[s] in winners
        seat["total"] = totals[side_of[s]]
        seats.append(seat)
    hands = record.get("hands") or []
    scored = result["hands"]
    redeals = 0
    if variant.bids_own_tricks:
        _card42(hands, scored, seats)
    elif variant.bidding:
        redeals = _bids(vid, variant.names_contract, hands, scored, seats, side_of)
    elif variant.went_out:
        _train(hands, scored, seats)
    elif variant.solitaire:
        remaining = [h["remaining"] for h in scored]
        seats[0]["solitaire"] = {"games": len(remaining), "wins": sum(h["won"] for h in scored),
                                 "best": min(remaining) if remaining else None}
    for seat in seats:
        seat["set"] = seat["bids"] - seat["made"]
    sides = [{"seats": [s for s in range(n) if side_of[s] == i], "total": totals[i], "won": i in winners}
             for i in range(len(result["sides"]))]
    return {
        "version": SUMMARY_VERSION,
        "variant": vid,
        "units": result["units"],
        "partnership": variant.partnership,
        "hands": len(scored),
        "redeals": redeals,
        "finished": result["finished"],
        "winners": list(result["winners"]),
        "winning_seats": [s for s in range(n) if side_of[s] in winners],
        "sides": sides,
        "seats": seats,
    }


def _card42(hands: list, scored: list, seats: list[dict]) -> None:
    """Every player bids every hand; made means exactly the tricks bid."""
    for hand, res in zip(hands, scored):
        for s, (bid, exact) in enumerate(zip(hand["bids"], res["exact"])):
            seat = seats[s]
            seat["bids"] += 1
            seat["made"] += exact
            _count(seat["by_level"], str(bid), exact)


def _bids(vid: str, contracts: bool, hands: list, scored: list, seats: list[dict], side_of: list[int]) -> int:
    """The bidder's bid, made or set, by level and contract; the defenders' sets. Returns the
    number of redeals (hands without a bidder)."""
    redeals = 0
    for hand, res in zip(hands, scored):
        bidder = res["bidder"]
        if bidder is None:
            redeals += 1
            continue
        made = res["made"]
        contract = hand.get("contract") if contracts else None
        seat = seats[bidder]
        seat["bids"] += 1
        seat["made"] += made
        _count(seat["by_level"], bid_level(vid, res["bid"], contract), made)
        if contract is not None:
            _count(seat["by_contract"], contract, made)
            if contract in SPECIALS:
                _count(seat["by_call"], f"{contract}/{hand['call']}", made)
        side = side_of[bidder]
        for s, other in enumerate(seats):
            if side_of[s] != side:
                other["opponent_bids"] += 1
                other["opponents_set"] += not made
    return redeals


def _train(hands: list, scored: list, seats: list[dict]) -> None:
    """Pips charged per round (the double blank's extra included) and rounds gone out."""
    for seat in seats:
        seat["train"] = {"rounds": len(scored), "pips": 0, "out": 0}
    for hand, res in zip(hands, scored):
        for s, pips in enumerate(res["deltas"]):
            seats[s]["train"]["pips"] += pips
        out = went_out(hand)
        if out is not None:
            seats[out]["train"]["out"] += 1


def went_out(hand: dict) -> int | None:
    """Who went out (dominoed) in a Mexican Train round: `out` when given; otherwise, in a
    round that was not blocked, the one player left with 0 pips who did not hold the double
    blank. None when blocked, or when several players are at 0 and `out` does not say who."""
    if hand.get("out") is not None:
        return hand["out"]
    if hand.get("blocked"):
        return None
    holder = hand.get("double_blank")
    zeros = [s for s, p in enumerate(hand["pips"]) if p == 0 and s != holder]
    return zeros[0] if len(zeros) == 1 else None
