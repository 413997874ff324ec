"""The view-models of the game page: the scoreboard, the score sheet, the hand list, the rules
card, and the page around the hand form (entry.py).

The scoreboard and the hand list come from one rules.score call on the stored record
(live_context, also all that the /live poll renders); besides, the engine is asked only about the
next hand (rules.legal_calls: who deals and calls).  Nothing here computes a score.
"""
from __future__ import annotations

from typing import Any

from flask import request

from .. import access, club_ratings, rules, store
from ..models import Game
from ..rules.card import agree_first, rules_card
from . import bgstats, changes, hand_form, seats
from .entry import bid_worth, entry_context, remembered_modes
from .new_game import option_defaults


def board_context(game: Game, record: dict, result: dict) -> dict[str, Any]:
    """What the scoreboard shows, straight from the engine's result."""
    variant = rules.VARIANTS.get(game.variant)
    players = record["players"]
    ctx: dict[str, Any] = {"game": game, "variant": variant, "players": players,
                           "result": result, "record": record,
                           "options": {**option_defaults(variant), **record["options"]}
                           if variant else dict(record["options"]),
                           "agree_first": agree_first(variant) if variant else []}
    if not result.get("ok"):
        return ctx
    hands = result.get("hands", [])
    last = hands[-1] if hands else None
    ctx["leader"] = leader(variant, result)
    ctx["gaps"] = gaps(variant, result)
    ctx["bg_stats_url"] = bgstats.link(game, record, result)  # None while it goes on
    if variant.bids_own_tricks and not result.get("finished"):
        countdown = (last or {}).get("countdown")
        ctx["countdown"] = [
            {"mark": rules.countdown_mark(c, len(players)), **c} for c in countdown
        ] if countdown else None
    if not result.get("finished"):
        nd = result.get("next_dealer")
        ctx["dealer"] = nd
        if variant.has_auction:
            lc = rules.legal_calls(record, [])
            ctx["first"] = lc.get("first")
            if lc.get("dealer") is not None:
                ctx["dealer"] = lc["dealer"]
        if variant.engine_rounds:
            ctx["next_round"] = result.get("next_round")
    return ctx


def leader(variant, result: dict) -> dict[str, Any] | None:
    """Who leads and by how much (the best total against the next best; the lowest in Mexican
    Train), for the scoreboard's "leads by" line and the score sheet. None for a single side or
    before the first hand; `tied` lists the sides sharing the best total when the margin is 0."""
    totals = result.get("totals") or []
    if len(totals) < 2 or not result.get("ok"):
        return None
    low = variant.lowest_wins
    order = sorted(range(len(totals)), key=lambda s: (totals[s] if low else -totals[s], s))
    best, second = order[0], order[1]
    margin = abs(totals[best] - totals[second])
    if not result.get("hands"):
        return None
    tied = [s for s in order if totals[s] == totals[best]]
    return {"side": best, "margin": margin, "tied": tied if margin == 0 else [],
            "lowest": low}


def gaps(variant, result: dict) -> list[int] | None:
    """How far each side is from the lead (0 for the leader), where every player counts her own
    hand (Variant.counts_own: the table watches the race round by round); None elsewhere, or
    before the first hand and once the game is over."""
    totals = result.get("totals") or []
    if not (variant is not None and variant.counts_own and result.get("ok") and len(totals) > 1
            and result.get("hands") and not result.get("finished")):
        return None
    best = min(totals) if variant.lowest_wins else max(totals)
    return [abs(t - best) for t in totals]


def score_grid(variant, record: dict, result: dict) -> dict[str, Any] | None:
    """The score sheet as on paper: one column per side (player or team), one row per hand with
    each side's running total (and what the hand added), the totals last. The view-model of
    partials/games/_score_grid.html, which any page can include with `score_grid` in its context
    (the game page; the game review page). Straight from the engine's result: no arithmetic."""
    if not result.get("ok"):
        return None
    sides = result.get("sides") or []
    low = variant.lowest_wins
    word = variant.hand_word
    rows = []
    for i, res in enumerate(result.get("hands", [])):
        hand = record["hands"][i] if i < len(record["hands"]) else {}
        redeal = "bidder" in res and res.get("bidder") is None and res.get("bid") is None
        bidder = res.get("bidder")
        bidder_side = None
        if isinstance(bidder, int):
            bidder_side = bidder % len(sides) if len(sides) < len(record["players"]) else bidder
        # who went out: each player's pips as counted, the double blank's charge beside them
        pips = hand.get("pips") if variant.went_out else None
        cells = []
        for s, (d, t) in enumerate(zip(res.get("deltas", []), res.get("totals", []))):
            cells.append({"delta": d, "total": t, "tone": hand_form.delta_tone(d, low),
                          "bid": s == bidder_side,
                          "set": s == bidder_side and res.get("made") is False,
                          "pips": pips[s] if isinstance(pips, list) else None,
                          "blank": pips is not None and hand.get("double_blank") == s})
        outcome = hand_form.hand_outcome(variant, hand, record["players"], res,
                                         record.get("options"))
        rows.append({"number": i, "label": f"{i + 1}", "cells": cells, "outcome": outcome,
                     "redeal": redeal, "hand": hand})
    return {"sides": sides, "rows": rows, "totals": result.get("totals") or [],
            "units": result.get("units"), "winners": result.get("winners") or [],
            "finished": bool(result.get("finished")), "lowest": low, "word": word,
            "leader": leader(variant, result), "gaps": gaps(variant, result)}


VIEW_COOKIE = "view"  # "grid" (the default) or "list": the view this phone picked last


def hands_view(game) -> str:
    """The hands as a score grid or as the list of hand cards: ?view= (the toggle), else what
    this phone picked for games of this variant (access.remember_modes), else its last pick
    (the cookie views.py sets), grid by default."""
    for view in (request.args.get("view"), access.remembered_modes(game.variant)["view"],
                 request.cookies.get(VIEW_COOKIE)):
        if view in ("grid", "list"):
            return view
    return "grid"


def this_phone(game) -> str:
    """What a rendered game page or live update depends on besides the game's version and the
    role: this phone's choices (the hands as grid or list, its entry modes, from ?view= and
    cookies), whether it is a member of the game's club (the rematch and club links) and, where
    the players count their own hands, the seat it plays (games/seats.py), or without one the
    tag the scorer seats it by, and once an event's game it scores is over, the table it
    follows. Part of the render cache's key and the ETag (live.RenderInputs), so one phone's
    choice is never served to another."""
    modes = remembered_modes(game)
    club_id = getattr(game, "club_id", None)
    member_row = access.member(club_id) if club_id is not None else None
    member = member_row is not None
    # an event's game: whether this member runs the event (it may take over, start the next
    # game: handover.carry_on). (Imported here: the events package imports this module.)
    from ..events.record import runs_event_of
    runs = runs_event_of(game, member_row)
    variant = rules.VARIANTS.get(game.variant)
    seated = ""
    if variant is not None and variant.counts_own:  # the seat it plays, or the tag it shows
        phone = access.phone_id()
        seat = store.phone_seat(game.id, phone)
        seated = (f"-s{seat}" if seat is not None
                  else f"-t{seats.phone_tag(phone)}" if phone is not None else "")
    table, named = table_followed(game), table_phone(game)
    return (f"{hands_view(game)}-{modes.get('mode', '')}-{modes.get('points_mode', '')}"
            f"-{'m' if member else ''}{'r' if runs else ''}{seated}{'' if table is None else f'-f{table}'}"
            f"{'' if named is None else f'-p{named}'}")


def table_phone(game) -> str | None:
    """This phone's name (seats.phone_name) on an event's game it scores, which the
    organizer's table phones page lists it by; None elsewhere."""
    phone = access.phone_id()
    if getattr(game, "event_match_id", None) is None or phone is None \
            or not access.can_score(game):
        return None
    return seats.phone_name(phone)


def _table_now(game):
    """store.table_now for this phone, once an event's game it scores is over (the only time
    it follows its table), else None; read once per request."""
    if getattr(game, "event_match_id", None) is None or not game.finished \
            or not access.can_score(game):
        return None
    known = vars(request._get_current_object()).setdefault("_sk_table_now", {})  # (twice a poll)
    if game.id not in known:
        known[game.id] = store.table_now(game.id, access.phone_id())
    return known[game.id]


def table_followed(game) -> int | None:
    """The table this phone follows once an event's game it scores is over (the game's, or
    the one the organizer moved it to): its "Next round at table N"."""
    now = _table_now(game)
    return None if now is None else now.table


def table_leads_on(game) -> bool:
    """Whether this phone, the scorer of an event's game that is over, goes by itself to the
    game being played at its table (its poll's HX-Redirect: events.follow_table)."""
    now = _table_now(game)
    return now is not None and now.leads_on(game.id)


def live_context(game: Game, result: dict | None = None, last=None) -> dict[str, Any]:
    """The scoreboard and the hand list: all the /live poll renders, for every role. `result`
    is rules.score of the game's record when the caller has it (a save's preview), `last` the
    game's last audit row (the write just made)."""
    record = game.record()
    if result is None:
        result = rules.score(record)
    ctx = board_context(game, record, result)
    ctx["hand_rows"] = hand_rows(game, record, result)
    ctx["score_grid"] = score_grid(ctx["variant"], record, result)
    ctx["hands_view"] = hands_view(game)
    ctx["can_score"] = access.can_score(game)
    ctx["bid_worth"] = bid_worth(game, record) if ctx["can_score"] and result.get("ok") \
        and not result.get("finished") else {}
    ctx["seats"] = seats.panel(game, ctx["variant"], record, result, ctx["can_score"])
    ctx.update(changes.page_parts(game, ctx["variant"], record, result, ctx["can_score"], last))
    return ctx


def rating_note(game: Game, record: dict, result: dict) -> dict[str, Any]:
    """A club game's win chance before its first hand, and each player's rating change once it
    is finished (club_ratings.game_note), with the names to show them by."""
    variant = rules.VARIANTS.get(game.variant)
    people = [p.person_id for p in game.players]
    if game.club_id is None or variant is None or not result.get("ok") or None in people:
        return {}
    sides = [[people[s] for s in range(len(people)) if variant.side_of(s) == i]
             for i in range(len(result["sides"]))]
    note = club_ratings.game_note(game.club_id, game.id, variant, sides,
                                  bool(record["hands"]), result["finished"])
    if "chance" in note:
        return {"win_chance": list(zip(result["sides"], note["chance"]))}
    if note.get("changes"):
        names = dict(zip(people, record["players"]))
        return {"rating_changes": [(names[p], move) for p, move in note["changes"].items()]}
    return {}


def page_context(game: Game, values: dict[str, str] | None = None, result: dict | None = None,
                 last=None, **entry_kw) -> dict[str, Any]:
    """The game page: the live parts, the ratings' word on it, and the hand form for a scorer
    while the game goes on."""
    ctx = live_context(game, result, last)
    result = ctx["result"]
    ctx.update(rating_note(game, ctx["record"], result))
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
            "text": hand_form.describe_hand(variant, hand, players, res),
            "outcome": hand_form.hand_outcome(variant, hand, players, res, record.get("options")),
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
    lines = rules_card(variant, game.options, saved) if variant else []
    return {"game": game, "variant": variant, "lines": lines,
            "house": sum(line.house for line in lines),
            "readings": sum(line.reading for line in lines), "club": club,
            "club_saved": saved is not None, "club_differs": sum(line.club for line in lines),
            "is_member": club is not None and access.member(club.id) is not None}
