"""The hand form's view-model: the auction, the fields and the live preview of the hand being
typed (rules.legal_calls: who deals and calls; rules.preview: what the hand would make). The
hand itself comes from hand_form.build_hand; nothing here computes a score.
"""
from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from typing import Any

from flask import request
from flask_babel import gettext

from .. import access, rules
from ..i18n import say
from ..models import Game
from ..rules.auction import DOUBLES_NEEDED
from . import hand_form
from .new_game import option_defaults


def remembered_modes(game) -> dict[str, str]:
    """The entry modes this phone picked for games of this variant (views.py keeps them, in
    access's one cookie for them, when a mode button is tapped): they stay for every later
    hand, survive a reload, and carry over to the next game and a rematch of the variant."""
    out = {}
    picks = access.remembered_modes(game.variant) if request else {}
    if picks.get("mode") in ("auction", "quick"):
        out["mode"] = picks["mode"]
    if picks.get("points_mode") in ("number", "items"):
        out["points_mode"] = picks["points_mode"]
    return out


@functools.lru_cache(maxsize=64)
def _bid_worth(variant_id: str, options_json: str, n: int) -> dict:
    variant = rules.VARIANTS[variant_id]
    options = json.loads(options_json)
    players = [f"P{seat + 1}" for seat in range(n)]  # (what a hand makes is not in the names)
    table: dict[str, dict[str, list]] = {}
    for seat in range(n):
        # `seat` deals (and bids last, so may bid anything) after `seat` plain hands: what a bid
        # makes does not depend on who could have bid it when
        before = [{"bidder": (i + 1) % n, "bid": 30, "contract": "straight", "made": True}
                  for i in range(seat)]
        for bid, _label in hand_form.bid_choices(variant):
            outcomes = []
            for made in (True, False):
                hand = {"bidder": seat, "bid": int(bid), "contract": "straight", "made": made}
                scored = rules.score({"variant": variant_id, "players": players,
                                      "options": options, "hands": [*before, hand]})
                if not scored.get("ok"):
                    return {}
                outcomes.append(scored["hands"][-1]["deltas"])
            table.setdefault(str(seat), {})[bid] = outcomes
    return table


def bid_worth(game: Game, record: dict) -> dict:
    """What each straight bid makes, made and set, by the bidder's seat: {seat: {bid: [the
    sides' deltas made, set]}}, for the marks games that take a straight hand as made or set.
    With the server away the scorer's phone adds its kept hands' worth to the scoreboard
    (kept-hands.js), marked as not yet checked: the engine's own numbers, not a second rules
    engine on the phone. One hand scored alone per bid and outcome, once per variant, options
    and number of players (not per game: a night of 74 tables shares one table); {} where a
    hand's worth is not that simple."""
    variant = rules.VARIANTS.get(game.variant)
    if variant is None or not variant.names_contract or variant.result_entry != "contract" or \
            variant.units != "marks":
        return {}
    options = {**option_defaults(variant), **record["options"]}
    if hand_form.default_contract(variant, options) != "straight":
        return {}
    return _bid_worth(game.variant, json.dumps(options, sort_keys=True), len(record["players"]))


# How many hands ahead the hand form names the dealer of (hands kept on the phone while the
# server is away, each drawn for the hand after the one before).
KEPT_AHEAD = 24


def entry_context(game: Game, record: dict, values: dict[str, str], index: int | None = None,
                  message: str | None = None, notice: str | None = None,
                  saved: str | None = None, result: dict | None = None) -> dict[str, Any]:
    """Everything _hand_form.html shows: the auction, the fields, the live preview.

    `result` is rules.score(record) when the caller has it already: for a new hand (index None)
    the hands before it are the whole record, so that score is reused, not computed again.
    """
    variant = rules.VARIANTS[game.variant]
    players = record["players"]
    n = len(players)
    if index is None:  # a new hand starts in the modes this phone picked last
        values = {**remembered_modes(game), **values}
    mode = hand_form.mode_of(variant, values)
    calls = hand_form.parse_calls(values.get("calls"))
    number = len(record["hands"]) if index is None else index
    ctx: dict[str, Any] = {
        "game": game, "variant": variant, "players": players, "n": n, "values": values,
        "mode": mode, "calls": calls, "index": index, "number": number, "message": message,
        "notice": notice, "saved": saved,
        "partnership": variant.partnership, "options": {**option_defaults(variant),
                                                        **record["options"]},
    }
    auction = None
    if variant.has_auction:
        auction = rules.legal_calls(record, calls if mode == "auction" else [], index)
        auction = _in_units(variant, auction)
        ctx["dealer"] = auction.get("dealer")
        ctx["first"] = auction.get("first")
        if mode == "auction":
            ctx["auction"] = auction
            ctx["auction_rows"] = _auction_rows(auction, calls, players, variant)
            ctx["call_buttons"], ctx["call_reasons"] = _call_buttons(auction, variant, calls)
    else:
        if index is None and result is not None:
            base = result
        else:
            base = rules.score({**record, "hands": record["hands"][:number]})
        if base.get("ok"):
            ctx["dealer"] = base.get("next_dealer")
            if variant.engine_rounds:
                ctx["round"] = base.get("next_round")
    if variant.names_contract:
        # a plunge or splash bidder held at least the engine's doubles: only those are offered,
        # the least preselected
        ctx["doubles_held"] = {c: list(range(least, 8)) for c, least in DOUBLES_NEEDED.items()}
        ctx["contracts"] = list(variant.contracts(ctx["options"]))
        ctx["default_contract"] = hand_form.default_contract(variant, ctx["options"])
    if index is None and ctx.get("dealer") is not None and n > 1:
        # who deals the hands after this one, for hands kept on the phone (hand-keeper.js)
        ctx["dealers_ahead"] = [players[seat] for seat in rules.dealers_ahead(record, KEPT_AHEAD)]
    ctx["bid_choices"] = hand_form.bid_choices(variant, values.get("bid"))
    if variant.bids_own_tricks and mode == "quick" and ctx.get("dealer") is not None:
        ctx["bid_order"], ctx["dealer_rule"] = _card42_order(record, values, n, ctx["dealer"],
                                                             index)
    if variant.tricks_per_hand:
        ctx["tricks_hint"] = hand_form.inferred_tricks(variant, values, n)
    ctx["redeal_allowed"] = bool(variant.redeal_allowed(ctx["options"])) if variant.bidding \
        else False
    ctx["winning_call"] = auction.get("winning_call") if auction and mode == "auction" else None
    ctx["auction_done"] = bool(auction and auction.get("done")) if mode == "auction" else True
    ctx["redeal"] = bool(auction and mode == "auction" and auction.get("redeal"))

    attempt = _attempt(variant, ctx["options"], as_saved(game, record, index), values,
                       auction if mode == "auction" else None, index)
    ctx["hand"] = attempt.hand
    ctx["problem"] = attempt.problem
    if attempt.problem is not None:
        ctx["needs"] = [(fields, say(words)) for fields, words in hand_form.missing_fields(
            variant, ctx["options"], players, values, auction if mode == "auction" else None,
            ctx.get("bid_order"))]
    if attempt.result is not None:
        ctx["preview"] = attempt.result
        ctx["preview_hand"] = attempt.result["hands"][number]
    if attempt.invalid:
        ctx["invalid"] = attempt.invalid
        if attempt.blocking_hand is not None:
            ctx["blocking_hand"] = attempt.blocking_hand
    return ctx


@dataclass(frozen=True)
class HandAttempt:
    """The hand a form's values make and what the engine says of it. `result` is
    rules.preview: the whole record scored with the hand in place, which is what saving it
    gives (store.write_hand takes it as it is: the save computes nothing again)."""
    hand: dict | None
    problem: hand_form.Problem | None = None  # the form is not filled in, or not rightly
    result: dict | None = None
    invalid: str | None = None  # the engine refuses the hand: why (said, or a Text to say)
    blocking_hand: dict | None = None  # a later hand this change would make invalid

    @property
    def message(self) -> str | None:
        """Why this hand cannot be saved, or None when it can."""
        return self.invalid or (self.problem.message if self.problem else None)


def read_hand(game: Game, record: dict, values: dict[str, str],
              index: int | None = None) -> HandAttempt:
    """The hand these form values make for `game` (a new hand, or hand `index` changed) and
    the engine's verdict: what a save and a kept hand's check use, straight from the form."""
    variant = rules.VARIANTS[game.variant]
    if index is None:  # a new hand is read in the modes this phone picked, as it was shown
        values = {**remembered_modes(game), **values}
    auction = None
    if variant.has_auction and hand_form.mode_of(variant, values) == "auction":
        auction = _in_units(variant, rules.legal_calls(
            record, hand_form.parse_calls(values.get("calls")), index))
    options = {**option_defaults(variant), **record["options"]}
    return _attempt(variant, options, as_saved(game, record, index), values, auction, index)


def as_saved(game: Game, record: dict, index: int | None) -> dict:
    """The record as the hand is checked and saved against: with time called on the game, a
    new hand is the hand in play, after which the record is `called` (store.write_hand)."""
    return {**record, "called": game.called_with(len(record["hands"]) + (index is None))}


def _attempt(variant, options, record, values, auction, index) -> HandAttempt:
    """build_hand, then rules.preview of the record with it."""
    bid_order = None
    if variant.bids_own_tricks and auction is None:  # all bids at once: asked in bidding order
        dealer = rules.legal_calls(record, [], index).get("dealer")
        if dealer is not None:
            bid_order = _bidding_order(dealer, len(record["players"]))
    try:
        hand = hand_form.build_hand(variant, options, record["players"], values, auction,
                                    bid_order)
    except hand_form.Problem as problem:
        problem.message = hand_form.in_units(variant, problem.message)
        return HandAttempt(hand=None, problem=problem)
    number = len(record["hands"]) if index is None else index
    pv = rules.preview(record, hand, index)
    if pv.get("ok"):
        return HandAttempt(hand=hand, result=pv)
    bad = pv.get("hand")
    blocking = None
    error = hand_form.in_units(variant, pv.get("error"))
    if bad is not None and bad > number:
        last = len(record["hands"]) - 1
        words = {"hand": say(variant.hand_word).lower(), "number": bad + 1, "error": say(error)}
        if bad == last:
            invalid = gettext("This change would make %(hand)s %(number)s invalid: %(error)s "
                              "To make it, take back %(hand)s %(number)s first.", **words)
        else:
            invalid = gettext("This change would make %(hand)s %(number)s invalid: %(error)s "
                              "To make it, change %(hand)s %(number)s first.", **words)
        blocking = {"number": bad, "last": bad == last}
    else:
        invalid = error or gettext("This hand is not valid.")
    return HandAttempt(hand=hand, invalid=invalid, blocking_hand=blocking)


def _in_units(variant, auction: dict) -> dict:
    """legal_calls' answer with its messages in the variant's units (hand_form.in_units)."""
    if variant.units == "marks":
        return auction
    return {**auction, "error": hand_form.in_units(variant, auction.get("error")),
            "calls": [{**c, "reason": hand_form.in_units(variant, c.get("reason"))}
                      for c in auction.get("calls") or []]}


def _bidding_order(dealer: int, n: int) -> list[int]:
    """card42's seats in bidding order: the dealer's left first, the dealer last (rules.md)."""
    return [(dealer + 1 + i) % n for i in range(n)]


def _card42_order(record, values, n, dealer, index):
    """card42's bid rows in bidding order (the dealer's left first, the dealer last), what the
    dealer may not bid given the others' bids so far (the engine says which), and whether every
    bid is in and legal (the rows then fold to one line, so the tricks come into view)."""
    order = _bidding_order(dealer, n)
    others = [hand_form.whole_number(values.get(f"bid-{s}")) for s in order[:-1]]
    if any(b is None or not 0 <= b <= 7 for b in others):
        typed = sum(b for b in others if b is not None and 0 <= b <= 7)
        return order, {"forbidden": None, "total": typed, "complete": False, "all_in": False}
    lc = rules.legal_calls(record, others, index)
    forbidden = next((c["call"] for c in lc.get("calls") or [] if not c.get("legal")), None)
    own = hand_form.whole_number(values.get(f"bid-{dealer}"))
    all_in = own is not None and 0 <= own <= 7 and own != forbidden
    return order, {"forbidden": forbidden, "total": sum(others), "complete": True,
                   "all_in": all_in}


def _auction_rows(auction, calls, players, variant):
    """Who said what, in table order: the seats come from the engine's turns."""
    rows = [{"seat": seat, "name": players[seat], "label": hand_form.call_label(call, variant),
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
    if not variant.bids_own_tricks:
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
        label = hand_form.call_label(c["call"], variant)
        buttons.append({"value": str(c["call"]), "label": label, "legal": c["legal"],
                        "reason": c.get("reason"), "special": c["call"] in ("pass", "plunge",
                                                                           "splash")})
        if not c["legal"] and c.get("reason"):
            reasons.setdefault(c["reason"], []).append(label)
    return buttons, [{"reason": r, "labels": ls} for r, ls in reasons.items()]
