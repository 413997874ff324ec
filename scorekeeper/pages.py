"""The view-models of the game page: the scoreboard, the hand list and the hand form; and
render(), which answers a page or, to htmx, its partial.

The scoreboard and the hand list come from one rules.score call on the stored record
(live_context, also all that the /live poll renders); besides, the engine is asked only about the
next hand or the one being typed (rules.legal_calls: who deals and calls; rules.preview).  Nothing
here computes a score.
"""
from __future__ import annotations

import json
from typing import Any

from flask import make_response, render_template, request

from . import access, filters, forms, rules, rules_card, store
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


def json_download(value: Any, filename: str):
    """`value` as a JSON file to save (a game record, a club's records): indented, UTF-8."""
    response = make_response(json.dumps(value, indent=2, ensure_ascii=False) + "\n")
    response.mimetype = "application/json"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def uploaded_text(field: str) -> str:
    """The text of an uploaded file `field`, or of a pasted form field of the same name."""
    upload = request.files.get(field)
    return upload.read().decode("utf-8", "replace") if upload else request.form.get(field, "")


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
    ctx["leader"] = leader(variant, result)
    if family == "card42" and not result.get("finished"):
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


def lowest_wins(variant) -> bool:
    """Whether the lowest total is the best (Mexican Train's pips)."""
    return bool(variant) and getattr(variant, "lowest_wins", variant.family == "mexican-train")


def leader(variant, result: dict) -> dict[str, Any] | None:
    """Who leads and by how much (the best total against the next best; the lowest in Mexican
    Train), for the scoreboard's "leads by" line and the score sheet. None for a single side or
    before the first hand; `tied` lists the sides sharing the best total when the margin is 0."""
    totals = result.get("totals") or []
    if len(totals) < 2 or not result.get("ok"):
        return None
    low = lowest_wins(variant)
    order = sorted(range(len(totals)), key=lambda s: (totals[s] if low else -totals[s], s))
    best, second = order[0], order[1]
    margin = abs(totals[best] - totals[second])
    if not result.get("hands"):
        return None
    tied = [s for s in order if totals[s] == totals[best]]
    return {"side": best, "margin": margin, "tied": tied if margin == 0 else [],
            "lowest": low}


def remembered_modes(game: Game) -> dict[str, str]:
    """The entry modes this phone picked for this game (games.py keeps them, in access's one
    cookie for them, when a mode button is tapped): they stay for every later hand and survive
    a reload."""
    out = {}
    mode, points = access.remembered_modes(game.id) if request else ("", "")
    if mode in ("auction", "quick"):
        out["mode"] = mode
    if points in ("number", "items"):
        out["points_mode"] = points
    return out


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
    if index is None:  # a new hand starts in the modes this phone picked last
        values = {**remembered_modes(game), **values}
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
            if family == "mexican-train":
                ctx["round"] = base.get("next_round")
    if family in ("texas42-1986", "marks"):
        ctx["contracts"] = list(variant.contracts(ctx["options"]))
        ctx["default_contract"] = forms.default_contract(variant, ctx["options"])
    ctx["bid_choices"] = forms.bid_choices(variant, values.get("bid"))
    if family == "card42" and mode == "quick" and ctx.get("dealer") is not None:
        ctx["bid_order"], ctx["dealer_rule"] = _card42_order(record, values, n, ctx["dealer"],
                                                             index)
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
        p.message = forms.in_units(variant, p.message)
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
                last = len(record["hands"]) - 1
                what = "take back" if bad == last else "change"
                word = filters.hand_word(variant.id).lower()
                ctx["invalid"] = (f"This change would make {word} {bad + 1} invalid: "
                                  f"{pv.get('error')} To make it, {what} {word} {bad + 1} first.")
                ctx["blocking_hand"] = {"number": bad, "last": bad == last}
            else:
                ctx["invalid"] = pv.get("error") or "This hand is not valid."
            ctx["invalid"] = forms.in_units(variant, ctx["invalid"])
    return ctx


def _in_units(variant, auction: dict) -> dict:
    """legal_calls' answer with its messages in the variant's units (forms.in_units)."""
    if variant.units == "marks":
        return auction
    return {**auction, "error": forms.in_units(variant, auction.get("error")),
            "calls": [{**c, "reason": forms.in_units(variant, c.get("reason"))}
                      for c in auction.get("calls") or []]}


def _card42_order(record, values, n, dealer, index):
    """card42's bid boxes in bidding order (the dealer's left first, the dealer last), and what
    the dealer may not bid given the others' bids as typed so far (the engine says which)."""
    order = [(dealer + 1 + i) % n for i in range(n)]
    others = [forms.whole_number(values.get(f"bid-{s}")) for s in order[:-1]]
    if any(b is None or not 0 <= b <= 7 for b in others):
        typed = sum(b for b in others if b is not None and 0 <= b <= 7)
        return order, {"forbidden": None, "total": typed, "complete": False}
    lc = rules.legal_calls(record, others, index)
    forbidden = next((c["call"] for c in lc.get("calls") or [] if not c.get("legal")), None)
    return order, {"forbidden": forbidden, "total": sum(others), "complete": True}


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


def score_grid(variant, record: dict, result: dict) -> dict[str, Any] | None:
    """The score sheet as on paper: one column per side (player or team), one row per hand with
    each side's running total (and what the hand added), the totals last. The view-model of
    partials/_score_grid.html, which any page can include with `score_grid` in its context
    (the game page; the game review page). Straight from the engine's result: no arithmetic."""
    if not result.get("ok"):
        return None
    sides = result.get("sides") or []
    low = lowest_wins(variant)
    word = filters.hand_word(variant.id) if variant else "Hand"
    rows = []
    for i, res in enumerate(result.get("hands", [])):
        hand = record["hands"][i] if i < len(record["hands"]) else {}
        redeal = "bidder" in res and res.get("bidder") is None and res.get("bid") is None
        bidder = res.get("bidder")
        bidder_side = None
        if isinstance(bidder, int):
            bidder_side = bidder % len(sides) if len(sides) < len(record["players"]) else bidder
        cells = []
        for s, (d, t) in enumerate(zip(res.get("deltas", []), res.get("totals", []))):
            tone = ""
            if d and not low:
                tone = "up" if d > 0 else "down"
            cells.append({"delta": d, "total": t, "tone": tone, "bid": s == bidder_side,
                          "set": s == bidder_side and res.get("made") is False})
        note = ""
        if redeal:
            note = "redeal"
        elif isinstance(bidder, int) and res.get("bid") is not None:
            note = forms.call_label(res["bid"], variant)
        rows.append({"number": i, "label": f"{i + 1}", "cells": cells, "note": note,
                     "redeal": redeal, "hand": hand})
    return {"sides": sides, "rows": rows, "totals": result.get("totals") or [],
            "units": result.get("units"), "winners": result.get("winners") or [],
            "finished": bool(result.get("finished")), "lowest": low, "word": word,
            "leader": leader(variant, result)}


VIEW_COOKIE = "view"  # "grid" (the default) or "list": how this phone shows the hands


def hands_view() -> str:
    """The hands as a score grid or as the list of hand cards: ?view= (the toggle) or the
    cookie it sets (games.py), grid by default."""
    view = request.args.get("view") or request.cookies.get(VIEW_COOKIE)
    return view if view in ("grid", "list") else "grid"


def this_phone(game) -> str:
    """What a rendered game page or live update depends on besides the game's version and the
    role: this phone's choices (the hands as grid or list, its entry modes, from ?view= and
    cookies) and whether it is a member of the game's club (the rematch and club links). Part of
    the render cache's key (rendered.key), so one phone's choice is never served to another."""
    modes = remembered_modes(game)
    club_id = getattr(game, "club_id", None)
    member = club_id is not None and access.member(club_id) is not None
    return (f"{hands_view()}-{modes.get('mode', '')}-{modes.get('points_mode', '')}"
            f"-{'m' if member else ''}")


def live_context(game: Game) -> dict[str, Any]:
    """The scoreboard and the hand list: all the /live poll renders, for every role."""
    record = game.record()
    result = rules.score(record)
    ctx = board_context(game, record, result)
    ctx["hand_rows"] = hand_rows(game, record, result)
    ctx["score_grid"] = score_grid(ctx["variant"], record, result)
    ctx["hands_view"] = hands_view()
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


def rules_card_context(game: Game) -> dict[str, Any]:
    """The rules card: the game's rules as lines, each marked where it is a house rule."""
    variant = rules.VARIANTS.get(game.variant)
    club = saved = None
    if game.club_id is not None:
        club = game.club
        saved = store.club_rules(game.club_id, game.variant)
    lines = rules_card.rules_card(variant, game.options, saved) if variant else []
    return {"game": game, "variant": variant, "lines": lines,
            "house": sum(line.house for line in lines), "club": club,
            "club_saved": saved is not None, "club_differs": sum(line.club for line in lines),
            "is_member": club is not None and access.member(club.id) is not None}
