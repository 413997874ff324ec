"""A game hand by hand, as on a paper score sheet: the grid the review page shows and the rows
of its CSV, both from the record and one rules.score(record) result.

Pure: no Flask, no database. The names in the CSV are guarded against formula injection
(safe_text), since a spreadsheet runs a cell that starts with = + - or @.
"""
from __future__ import annotations

from typing import Any

from ..games import hand_form
from ..rules.text import N_, Text

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# A hand's dealer on the sheet, by what the variant calls dealing (Variant.dealt), a sentence
# each for the catalog ("Ann shook").
DEALT = {"dealt": N_("{name} dealt"), "shook": N_("{name} shook"),
         "started": N_("{name} started")}


def safe_text(value: str) -> str:
    """A text cell a spreadsheet shows as text: a leading apostrophe before = + - @ (and tab or
    carriage return, which some spreadsheets skip before reading a formula)."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def _name(players: list[str], seat: Any) -> str:
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else ""


def _bid(variant, record_hand: dict, res: dict) -> dict | None:
    """Who bid what and how it went, for the bidding games; None for the others."""
    if not variant.bidding:
        return None
    if res.get("bidder") is None:
        return {"redeal": True, "bidder": None, "label": "", "contract": "", "made": None}
    contract = record_hand.get("contract") or ""
    if contract in ("plunge", "splash"):  # named in the label: the game it played instead
        contract = record_hand.get("call") or ""
    return {"redeal": False, "bidder": res["bidder"],
            "label": hand_form.bid_label(record_hand, res.get("bid"), variant),
            "contract": hand_form.CONTRACT_LABELS.get(contract, contract) if contract else "",
            "made": res.get("made")}


def _seat_notes(variant, record_hand: dict, res: dict, n: int) -> list[str]:
    """A short note per side that the game's sheet would carry: bid/took in card42, who went
    out in Mexican Train."""
    if variant.bids_own_tricks:
        bids, tricks = record_hand.get("bids") or [], record_hand.get("tricks") or []
        exact = res.get("exact") or []
        return [(Text("{bid}/{took} exact", bid=bids[s], took=tricks[s])
                 if s < len(exact) and exact[s] else f"{bids[s]}/{tricks[s]}")
                if s < len(bids) and s < len(tricks) else "" for s in range(n)]
    if variant.went_out:
        out = record_hand.get("out")
        return [Text("out") if s == out else "" for s in range(n)]
    return [""] * n


def grid(variant, record: dict, result: dict) -> dict[str, Any]:
    """The hand-by-hand sheet: a row per hand (oldest first) with its dealer, the bid for the
    bidding games, and per side the change and the running total; a Left column in Castle Rock.
    Empty rows when the record does not score (the page says why)."""
    players = record["players"]
    scored = result.get("hands", []) if result.get("ok") else []
    sides = result.get("sides", [])
    rows = []
    for i, res in enumerate(scored):
        hand = record["hands"][i]
        notes = _seat_notes(variant, hand, res, len(sides))
        dealer = _name(players, res.get("dealer"))
        rows.append({
            "number": i + 1,
            "dealer": dealer,
            "dealt": Text(DEALT[variant.dealt], name=dealer) if variant.dealt in DEALT
            else f"{dealer} {variant.dealt}",
            "bid": _bid(variant, hand, res),
            "bidder": _name(players, res.get("bidder")),
            "left": hand.get("remaining") if variant.tiles_left else None,
            "cells": [{"delta": d, "total": t, "note": notes[s],
                       "tone": hand_form.delta_tone(d, variant.lowest_wins)}
                      for s, (d, t) in enumerate(zip(res["deltas"], res["totals"]))],
        })
    return {"sides": sides, "rows": rows, "bidding": variant.bidding,
            "dealt": variant.dealt,
            "tiles_left": variant.tiles_left,
            "tally": result.get("units") == "marks",
            "totals": result.get("totals", []), "winners": result.get("winners", []),
            "finished": bool(result.get("finished"))}


def csv_rows(variant, record: dict, result: dict, hand_word: str = "Hand") -> list[list[Any]]:
    """The CSV of a game: a header row, then one row per hand: its number, dealer, bidder, bid,
    contract, made (made / set / redeal), what the variant adds (card42: each player's bid and
    tricks; Mexican Train: who went out; Castle Rock: tiles left), then per side the change and
    the running total. Names are text cells guarded by safe_text; numbers stay numbers."""
    sheet = grid(variant, record, result)
    players = record["players"]
    sides = sheet["sides"] or list(players)
    header: list[Any] = [hand_word, "Dealer"]
    if variant.bidding:
        header += ["Bidder", "Bid", "Contract", "Made"]
    if variant.bids_own_tricks:
        for p in players:
            header += [f"{p} bid", f"{p} took"]
    if variant.went_out:
        header.append("Went out")
    if variant.tiles_left:
        header.append("Left in the row")
    for side in sides:
        header += [f"{side} change", f"{side} total"]
    rows = [[safe_text(h) for h in header]]
    for row, hand in zip(sheet["rows"], record["hands"]):
        line: list[Any] = [row["number"], safe_text(row["dealer"])]
        if variant.bidding:
            bid = row["bid"]
            if bid["redeal"]:
                line += ["", "", "", "redeal"]
            else:
                line += [safe_text(row["bidder"]), bid["label"], bid["contract"],
                         "made" if bid["made"] else "set"]
        if variant.bids_own_tricks:
            for s in range(len(players)):
                bids, tricks = hand.get("bids") or [], hand.get("tricks") or []
                line += [bids[s] if s < len(bids) else "", tricks[s] if s < len(tricks) else ""]
        if variant.went_out:
            line.append(safe_text(_name(players, hand.get("out"))))
        if variant.tiles_left:
            line.append(row["left"])
        for cell in row["cells"]:
            line += [cell["delta"], cell["total"]]
        rows.append(line)
    return rows
