"""The rules card of one game: its house rules in plain words, one line per topic.

Pure (no Flask, no database): a variant and the game's options go in, lines come out. Each line
names the options it comes from, so it can say whether it differs from the written rules (the
options' defaults) and, for a club game, from the club's saved rules.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import Variant
from .auction import MARK, PLUNGE, SPLASH


@dataclass(frozen=True)
class Line:
    topic: str
    text: str
    keys: tuple[str, ...] = ()   # the options this line is written from
    house: bool = False          # differs from the written rules (an option not at its default)
    club: bool = False           # differs from the club's saved rules


def marks_word(n: int) -> str:
    return f"{n} mark" + ("" if n == 1 else "s")


def bid_words(points: int) -> str:
    """A bid as players say it: 30-41 in points, a multiple of 42 in marks."""
    if points >= MARK and points % MARK == 0:
        return f"{marks_word(points // MARK)} ({points})"
    return str(points)


def effective(variant: Variant, options: dict | None) -> dict[str, Any]:
    """Every option's value: the given ones over the defaults."""
    return {**{o.name: o.default for o in variant.options}, **(options or {})}


def _marks_lines(variant: Variant, o: dict) -> list[tuple[str, str, tuple[str, ...]]]:
    texas = variant.id == "texas42"
    by = o["win_by"]
    out = [("Target", f"The first team to {marks_word(o['target_marks'])} wins"
            + (f", and it must lead by at least {marks_word(by)}." if by > 1 else
               " (no need to win by two)."), ("target_marks", "win_by"))]
    if texas and o.get("ladder", "texas") == "free":
        ladder = ("Free bidding: any bid that tops the high bid, by as many marks as you like "
                  "(plunge and splash keep their values).")
    elif texas:
        ladder = ("Texas ladder: bid 30 to 42 or open at most 2 marks (84); after that, raise "
                  "one mark at a time.")
    else:
        ladder = "Bid 30 to 42, or marks; each raise is at most 2 marks over the high bid."
    out.append(("Bidding", ladder, ("ladder",) if texas else ()))
    contracts = tuple(o.get("contracts") or variant.contracts(o))
    splash = o.get("splash_marks", 3)
    specials = []
    if PLUNGE in contracts:
        specials.append("Plunge (4 or more doubles): 4 marks, or one more than a bid of "
                        "4 marks or more; the partner calls the game.")
    if SPLASH in contracts:
        if splash == 2:
            specials.append("Splash (3 or more doubles): 2 marks, 3 over a 2-mark bid, never "
                            "over 3 marks or more.")
        else:
            specials.append("Splash (3 or more doubles): 3 marks, or one more than a bid of "
                            "3 marks or more.")
    if not texas and specials:
        specials = [("Plunge (4 or more doubles) bids 4 marks" if PLUNGE in contracts else "")
                    + (" and " if len(specials) == 2 else "")
                    + ("splash (3 or more doubles) 3 marks" if SPLASH in contracts else "")
                    + " over the high bid (30 to 42 counting as none)."]
    if not specials:
        specials.append("No plunge and no splash at this table.")
    out.append(("Plunge and splash", " ".join(specials), ("contracts", "splash_marks")
                if texas else ()))
    if not texas or o.get("all_pass", "forced") == "forced":
        least = o.get("forced_minimum") or 30
        passes = (f"If all pass, the dealer must bid (forced): at least {least}.")
    else:
        passes = "If all pass, the dominoes are shuffled and dealt again (redeal)."
    out.append(("All pass", passes, ("all_pass", "forced_minimum") if texas else ()))
    played = [c for c in ("sevens", "nillo", "follow-me") if c in contracts]
    least = variant.special_minimum(o)
    if played:
        names = ", ".join(c.replace("-", " ") for c in played)
        on = "any bid" if least <= 30 else f"a bid of at least {bid_words(least)}"
        text = f"Straight (trumps) on any bid; {names} on {on}."
    else:
        text = "Only straight (trumps): no sevens, nillo or follow me."
    out.append(("Contracts", text, ("contracts", "special_minimum") if texas else ()))
    return out


def _lines(variant: Variant, o: dict) -> list[tuple[str, str, tuple[str, ...]]]:
    family = variant.family
    if family == "marks":
        return _marks_lines(variant, o)
    if family == "texas42-1986":
        return [("Target", f"The first team to {o['target_points']} points wins.",
                 ("target_points",)),
                ("Bidding", "Bid 30 to 42 or multiples of 42, once around; trash on 42 or more.",
                 ()),
                ("All pass", "If all pass, the dealer must bid.", ())]
    if family == "forty-two":
        goals = []
        if o["target_points"]:
            goals.append(f"{o['target_points']} points")
        if o["target_hands"]:
            goals.append(f"{o['target_hands']} hands won")
        return [("Target", f"The first team to {' or '.join(goals)} wins.",
                 ("target_points", "target_hands")),
                ("Bidding", "Bid 30 to 42, once around; both teams count what they caught.", ()),
                ("All pass", "If all pass, the hand is dealt again.", ())]
    if family == "moon":
        return [("Target", f"The first player to {o['target_points']} points wins; shooting "
                 "the moon (all 7 tricks) wins at once.", ("target_points",)),
                ("Bidding", "Bid 4 to 7 tricks, or 21 to shoot the moon.", ()),
                ("All pass", "If all pass, the hand is dealt again.", ())]
    if family == "card42":
        bonus = o["bonus"]
        return [("Target", "The first to 42 on a made (exact) bid wins.", ()),
                ("Bonus", f"Taking exactly the tricks bid scores the bid plus {bonus} (bids of 0 and 7 "
                 "score their own fixed totals).",
                 ("bonus",)),
                ("Cap", "Totals stop at 42: a player there waits for an exact bid."
                 if o["cap_at_42"] else "Totals do not stop at 42.", ("cap_at_42",)),
                ("Dealer", "The dealer may not bid so that the bids total 7.", ())]
    if family == "card42-teams":
        return [("Target", f"The first team to {o['target_points']} points wins.",
                 ("target_points",)),
                ("Bidding", "Bid 2 to 18 points; only the bidding team scores, and loses its "
                 "bid when set.", ()),
                ("All pass", "If all pass, the hand is dealt again.", ())]
    if family == "mexican-train":
        top = o["set"]
        rounds = o["rounds"] or top + 1
        blank = o["double_blank"]
        return [("Set", f"A double-{top} set.", ("set",)),
                ("Rounds", f"{rounds} round{'s' if rounds != 1 else ''}, starting from the "
                 f"double {top}; after the last, the lowest total wins.", ("rounds", "set")),
                ("Double blank", f"A double blank left in a hand costs {blank} extra pips."
                 if blank else "A double blank left in a hand counts 0, as printed.",
                 ("double_blank",))]
    if family == "castle-rock":
        return [("Winning", "Each hand is a game of its own, won with 2 or fewer dominoes "
                 "left.", ())]
    return []


def rules_card(variant: Variant, options: dict | None,
               club_options: dict | None = None) -> list[Line]:
    """The game's rules, one Line per topic. `club_options` (a club game whose club has saved
    rules for this variant) marks the lines that differ from the club's rules."""
    mine = effective(variant, options)
    written = effective(variant, {})
    club = effective(variant, club_options) if club_options is not None else None
    lines = []
    for topic, text, keys in _lines(variant, mine):
        keys = tuple(k for k in keys if k in written)
        house = any(_norm(mine[k]) != _norm(written[k]) for k in keys)
        differs = club is not None and any(_norm(mine[k]) != _norm(club[k]) for k in keys)
        lines.append(Line(topic, text, keys, house, differs))
    return lines


def _norm(value: Any) -> Any:
    return tuple(value) if isinstance(value, (list, tuple)) else value
