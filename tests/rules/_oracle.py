"""A small, independent reading of spec/rules.md used as a test oracle for *valid* games.

It scores hands given as bidder/bid (or simple one-round auctions, as the property strategies make them)
and says where the game ends. It never looks at the engine."""
from __future__ import annotations

PARTNERSHIP = {"card42-teams", "texas42-1986", "lechner42", "texas42", "forty-two"}
TILES = {2: 16, 3: 15, 4: 14, 5: 12, 6: 11, 7: 10, 8: 9}
ITEM_VALUES = {"high": 2, "other_aces": 1, "jack": 2, "other_jacks": 1, "four": 4, "game": 2, "three": 2}


def dealer_of(variant, n, fd, k):
    if variant == "card42-teams":
        return (fd - k) % 4
    return (fd + k) % n


def auction_result(auction, dealer, n):
    """(bidder, bid) of an auction whose bids all fall in the first round, or (None, None)."""
    last = None
    for i, c in enumerate(auction[:n]):
        if c != "pass":
            last = i
    if last is None:
        return None, None
    return (dealer + 1 + last) % n, auction[last]


def card42_value(b, n, bonus):
    if b == 7:
        return 14
    if b == 0:
        return {2: 14, 3: 7}.get(n, 3)
    return b + bonus


def play(record):
    """Expected result of a valid record: dict with 'hands' (per hand expectations), 'finished_at'
    (index of the winning hand or None), 'winners', 'totals', 'next_dealer'."""
    v = record["variant"]
    n = len(record["players"])
    fd = record.get("first_dealer", 0)
    opt = record.get("options") or {}
    nsides = 2 if v in PARTNERSHIP else n
    totals = [0] * nsides
    hands_won = [0, 0]
    out = []
    winners = []
    finished_at = None
    if v == "mexican-train":
        set_ = opt.get("set", 12)
        rounds = opt.get("rounds") or set_ + 1
    for k, h in enumerate(record["hands"]):
        dealer = dealer_of(v, n, fd, k)
        e = {"dealer": dealer}
        deltas = [0] * nsides
        if v == "card42":
            cap, bonus = opt.get("cap_at_42", True), opt.get("bonus", 3)
            exact = [b == t for b, t in zip(h["bids"], h["tricks"])]
            for i in range(n):
                s = card42_value(h["bids"][i], n, bonus) if exact[i] else h["tricks"][i]
                new = min(totals[i] + s, 42) if cap else totals[i] + s
                if cap and totals[i] >= 42:
                    new = totals[i]
                deltas[i] = new - totals[i]
            totals = [a + b for a, b in zip(totals, deltas)]
            e["exact"] = exact
            e["countdown"] = []
            for i in range(n):
                need = max(0, 42 - totals[i])
                e["countdown"].append({"needed": need, "winning_bids": [
                    b for b in range(8) if card42_value(b, n, bonus) >= need]})
            w = [i for i in range(n) if totals[i] >= 42 and exact[i]]
        elif v == "mexican-train":
            deltas = list(h["pips"])
            if "double_blank" in h and opt.get("double_blank", 0):
                deltas[h["double_blank"]] += opt["double_blank"]
            totals = [a + b for a, b in zip(totals, deltas)]
            e["engine"] = set_ - k
            if set_ == 12:
                e["tiles"] = TILES[n]
            w = []
            if k + 1 == rounds:
                low = min(totals)
                w = [i for i in range(n) if totals[i] == low]
        elif v == "castle-rock":
            won = h["remaining"] <= 2
            deltas = [1 if won else 0]
            totals = [totals[0] + deltas[0]]
            e["won"], e["remaining"] = won, h["remaining"]
            w = []
        else:
            if "auction" in h:
                bidder, bid = auction_result(h["auction"], dealer, n)
            elif h.get("passed"):
                bidder, bid = None, None
            else:
                bidder, bid = h["bidder"], h["bid"]
            made = None
            w = []
            if bidder is not None:
                side = bidder % 2 if v in PARTNERSHIP else bidder
                other = 1 - side if v in PARTNERSHIP else None
                if v == "card42-teams":
                    p = h["points"]
                    if isinstance(p, dict):
                        p = sum(ITEM_VALUES[key] * int(val) for key, val in p.items())
                    made = p >= bid
                    deltas[side] = p if made else -bid
                elif v == "texas42-1986":
                    if h["contract"] == "trash":
                        made = h["made"]
                        deltas[side if made else other] = bid
                    else:
                        p = h["points"]
                        made = p >= bid if bid <= 42 else p == 42
                        if made:
                            deltas[side] = bid + p
                        else:
                            deltas[other] = bid + 42 - p
                elif v in ("lechner42", "texas42"):
                    if "points" in h:
                        made = h["points"] >= bid if bid < 42 else h["points"] == 42
                    else:
                        made = h["made"]
                    marks = 1 if bid <= 42 else bid // 42
                    deltas[side if made else other] = marks
                elif v == "forty-two":
                    p = h["points"]
                    made = p >= bid
                    if made:
                        deltas[side], deltas[other] = p, 42 - p
                        hands_won[side] += 1
                    else:
                        deltas[other] = bid + 42 - p
                        hands_won[other] += 1
                elif v == "moon":
                    t = h["tricks"]
                    for i in range(3):
                        if i != bidder:
                            deltas[i] = t[i]
                    if bid == 21:
                        made = t[bidder] == 7
                        deltas[bidder] = 21 if made else -21
                    else:
                        made = t[bidder] >= bid
                        deltas[bidder] = t[bidder] if made else -bid
            totals = [a + b for a, b in zip(totals, deltas)]
            e.update({"bidder": bidder, "bid": bid, "made": made})
            if v == "forty-two":
                e["hands_won"] = list(hands_won)
            if bidder is not None:
                if v in ("card42-teams", "texas42-1986"):
                    target = opt.get("target_points", 42 if v == "card42-teams" else 300)
                    w = [s for s in range(2) if totals[s] >= target]
                elif v in ("lechner42", "texas42"):
                    target = opt.get("target_marks", 7)
                    win_by = opt.get("win_by", 2 if v == "lechner42" else 1)
                    w = [s for s in range(2) if totals[s] >= target and totals[s] - totals[1 - s] >= win_by]
                elif v == "forty-two":
                    tp, th = opt.get("target_points", 250), opt.get("target_hands", 7)
                    w = [s for s in range(2) if (tp and totals[s] >= tp) or (th and hands_won[s] >= th)]
                    if len(w) > 1:
                        w = [side]
                elif v == "moon":
                    if bid == 21 and made:
                        w = [bidder]
                    else:
                        target = opt.get("target_points", 21)
                        reached = [i for i in range(3) if totals[i] >= target]
                        if bidder in reached:
                            w = [bidder]
                        elif reached:
                            top = max(totals[i] for i in reached)
                            w = [i for i in reached if totals[i] == top]
        e["deltas"], e["totals"] = deltas, list(totals)
        out.append(e)
        if w:
            winners, finished_at = w, k
            break
    nxt = None if finished_at is not None else dealer_of(v, n, fd, len(out))
    extra = {}
    if v == "forty-two":
        extra["hands_won"] = hands_won
    return {"hands": out, "finished_at": finished_at, "winners": winners, "totals": totals,
            "next_dealer": nxt, **extra}
