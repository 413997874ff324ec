"""The view-models of the game page: the scoreboard, the hand list and the hand form; and
render(), which answers a page or, to htmx, its partial.

The scoreboard and the hand list come from one rules.score call on the stored record
(live_context, also all that the /live poll renders); besides, the engine is asked only about the
next hand or the one being typed (rules.legal_calls: who deals and calls; rules.preview).  Nothing
here computes a score.
"""
from __future__ import annotations

from typing import Any

from flask import render_template

from . import access, forms, rules
from .extensions import htmx
from .models import Game
from .setup import option_defaults


def is_htmx() -> bool:
    """Answer with a partial? Not for htmx's history restore, which needs the whole page."""
    return bool(htmx) and not htmx.history_restore_request


def render(page: str, partial: str, /, status: int = 200, **ctx) -> tuple[str, int]:
    """templates/partials/<partial> for an htmx request (it swaps that part of the page), else
    the whole page (a template name, e.g. games/home.html); both from the same context.
    `status` is the whole page's: htmx gets 200, as it does not swap an error answer."""
    if is_htmx():
        return render_template(f"partials/{partial}", **ctx), 200
    return render_template(page, **ctx), status


def board_context(game: Game, record: dict, result: dict) -> dict[str, Any]:
    """What the scoreboard shows, straight from the engine's result."""
    variant = rules.VARIANTS.get(game.variant)
    players = record["players"]
    ctx: dict[str, Any] = {"game": game, "variant": variant, "players": players,
                           "result": result, "record": record,
                           "options": {**option_defaults(variant), **record["options"]}
                           if variant else dict(record["options"])}
    if not result.get("ok"):
        return ctx
    hands = result.get("hands", [])
    last = hands[-1] if hands else None
    family = variant.family
    if family == "card42":
        countdown = (last or {}).get("countdown")
        ctx["countdown"] = [
            {"mark": rules.countdown_mark(c, len(players)), **c} for c in countdown
        ] if countdown else None
    if not result.get("finished"):
        nd = result.get("next_dealer")
        ctx["dealer"] = nd
        if variant.bidding or family == "card42":
            lc = rules.legal_calls(record, [])
            ctx["first"] = lc.get("first")
            if lc.get("dealer") is not None:
                ctx["dealer"] = lc["dealer"]
        if family == "mexican-train":
            ctx["next_round"] = result.get("next_round")
    return ctx


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
    family = variant.family
    mode = forms.mode_of(variant, values)
    calls = forms.parse_calls(values.get("calls"))
    number = len(record["hands"]) if index is None else index
    ctx: dict[str, Any] = {
        "game": game, "variant": variant, "players": players, "n": n, "values": values,
        "mode": mode, "calls": calls, "index": index, "number": number, "message": message,
        "notice": notice, "saved": saved, "family": family,
        "partnership": variant.partnership, "options": {**option_defaults(variant),
                                                        **record["options"]},
    }
    has_auction = variant.bidding or family == "card42"
    auction = None
    if has_auction:
        auction = rules.legal_calls(record, calls if mode == "auction" else [], index)
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
            if family == "mexican-train":
                ctx["round"] = base.get("next_round")
    if family in ("texas42-1986", "marks"):
        ctx["contracts"] = list(variant.contracts(ctx["options"]))
    ctx["redeal_allowed"] = bool(variant.redeal_allowed(ctx["options"])) if variant.bidding \
        else False
    ctx["winning_call"] = auction.get("winning_call") if auction and mode == "auction" else None
    ctx["auction_done"] = bool(auction and auction.get("done")) if mode == "auction" else True
    ctx["redeal"] = bool(auction and mode == "auction" and auction.get("redeal"))

    hand = problem = None
    try:
        hand = forms.build_hand(variant, ctx["options"], players, values,
                                auction if mode == "auction" else None)
    except forms.Problem as p:
        problem = p
    ctx["hand"] = hand
    ctx["problem"] = problem
    if hand is not None:
        pv = rules.preview(record, hand, index)
        if pv.get("ok"):
            ctx["preview"] = pv
            ctx["preview_hand"] = pv["hands"][number]
        else:
            bad = pv.get("hand")
            if bad is not None and bad > number:
                ctx["invalid"] = (f"This change would make hand {bad + 1} invalid: "
                                  f"{pv.get('error')}")
            else:
                ctx["invalid"] = pv.get("error") or "This hand is not valid."
    return ctx


def _auction_rows(auction, calls, players, variant):
    """Who said what, in table order: the seats come from the engine's turns."""
    rows = [{"seat": seat, "name": players[seat], "label": forms.call_label(call, variant),
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
    if variant.family != "card42":
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
        label = forms.call_label(c["call"], variant)
        buttons.append({"value": str(c["call"]), "label": label, "legal": c["legal"],
                        "reason": c.get("reason"), "special": c["call"] in ("pass", "plunge",
                                                                           "splash")})
        if not c["legal"] and c.get("reason"):
            reasons.setdefault(c["reason"], []).append(label)
    return buttons, [{"reason": r, "labels": ls} for r, ls in reasons.items()]


def live_context(game: Game) -> dict[str, Any]:
    """The scoreboard and the hand list: all the /live poll renders, for every role."""
    record = game.record()
    result = rules.score(record)
    ctx = board_context(game, record, result)
    ctx["hand_rows"] = hand_rows(game, record, result)
    ctx["can_score"] = access.can_score(game)
    return ctx


def page_context(game: Game, values: dict[str, str] | None = None, **entry_kw) -> dict[str, Any]:
    """The game page: the live parts, and the hand form for a scorer while the game goes on."""
    ctx = live_context(game)
    result = ctx["result"]
    if ctx["can_score"] and result.get("ok") and not result.get("finished"):
        ctx["entry"] = entry_context(game, ctx["record"], values or {}, result=result, **entry_kw)
    elif entry_kw.get("notice"):
        ctx["notice"] = entry_kw["notice"]
    return ctx


def hand_rows(game: Game, record: dict, result: dict) -> list[dict[str, Any]]:
    variant = rules.VARIANTS.get(game.variant)
    players = record["players"]
    scored = result.get("hands", []) if result.get("ok") else []
    rows = []
    for i, hand in enumerate(record["hands"]):
        res = scored[i] if i < len(scored) else None
        rows.append({
            "number": i, "hand": hand, "result": res,
            "text": forms.describe_hand(variant, hand, players, res),
            "dealer": players[res["dealer"]] if res and res.get("dealer") is not None else None,
        })
    rows.reverse()
    return rows
