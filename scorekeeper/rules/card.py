"""The rules card of one game: its rules in plain words, one line per topic, true to the engine.

Pure (no Flask, no database): a variant and the game's options go in, lines come out. Each line
names the options it is written from; it is a house rule when it would read differently with
those options at the written rules' values (so an option without effect, or the same contracts
in another order, changes nothing), and, for a club game, not the club's rule when it would read
differently with the club's values. A line that rests on a Reading of `spec/rules.md` (where the
written rules are silent or unclear) says so.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import Variant
from .auction import DOUBLES_IN_SET, MARK, PLUNGE, SPLASH
from .dominoes import CALLED_GAMES, CONTRACTS
from .record import minus, plural
from .trains import TILES_DEALT_12, TILES_DEALT_SET, tiles_dealt


@dataclass(frozen=True)
class Line:
    topic: str
    text: str
    keys: tuple[str, ...] = ()   # the options this line is written from
    house: bool = False          # reads otherwise by the written rules
    club: bool = False           # reads otherwise by the club's saved rules
    reading: bool = False        # rests on a Reading (spec/rules.md) where the rules are silent


def marks_word(n: int) -> str:
    return plural(n, "mark")


def bid_words(points: int) -> str:
    """A bid as players say it: 30-41 in points, a multiple of 42 in marks with its points."""
    if points >= MARK and points % MARK == 0:
        return f"{marks_word(points // MARK)} ({points})"
    return str(points)


def effective(variant: Variant, options: dict | None) -> dict[str, Any]:
    """Every option's value: the given ones over the defaults."""
    return {**{o.name: o.default for o in variant.options}, **(options or {})}


def _listing(words: list[str], last: str = "and") -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {last} {words[-1]}"


GAME_WORDS = {"straight": "straight (trumps)", "sevens": "sevens", "nillo": "nello",
              "follow-me": "follow me", PLUNGE: "plunge", SPLASH: "splash"}


def _order(dealer: str = "dealer", deal: str = "The deal") -> str:
    """Who bids when, as every once-around auction has it."""
    return (f"{deal} passes left. The player left of the {dealer} bids first, the {dealer} "
            f"last")


def _forced(least: int, dealer: str = "dealer") -> str:
    return (f"If all the others pass, the {dealer} may not pass: she must bid at least {least} "
            f"(a forced bid). No hand is thrown in.")


def _redeal(everyone: str, side: str = "left", reading: bool = False) -> str:
    """An all-pass redeal, and who deals next (the deal passes on as after any hand)."""
    return (f"{'Reading: if' if reading else 'If'} {everyone} pass, the hand scores nothing "
            f"and the next player to the {side} deals again.")


def _doubles_reading(specials: list[str]) -> str:
    """The Reading that the plunge and splash calls of one auction cannot need more doubles
    than a double-six set holds, for the calls this table plays."""
    if specials == [PLUNGE]:
        return (f"Reading: a second plunge in one auction is refused (a double-six set holds only "
                f"{DOUBLES_IN_SET} doubles).")
    if specials == [SPLASH]:
        return (f"Reading: a third splash in one auction is refused (a double-six set holds only "
                f"{DOUBLES_IN_SET} doubles).")
    return (f"Reading: the plunge and splash calls of one auction cannot need more than the "
            f"{DOUBLES_IN_SET} doubles of a double-six set: a second plunge is refused, and after "
            f"a plunge and a splash, or two splashes, so is any other plunge or splash.")


def _specials(specials: list[str]) -> str:
    """The plunge and splash calls a table plays, as a sentence names them: "a plunge or a
    splash"."""
    return _listing([f"a {GAME_WORDS[c]}" for c in specials], "or")


def _special_made(specials: list[str], nello: bool) -> str:
    """How a plunge or splash is made: as the game its partner called is (spec/rules.md), so
    called nello, the bidder must take no trick, as Lechner Hall's "Nillo can be called ... by
    the bidder's partner" has it."""
    called = _specials(specials).capitalize()
    if not nello:
        return f"{called} is made when the bidding team wins every trick."
    return (f"{called} is made as the game called is: the bidding team must win every trick, "
            f"or, called nello, the bidder must take no trick.")


def _marks_lines(variant: Variant, o: dict) -> list[tuple]:
    texas = variant.id == "texas42"
    dealer = "dealer" if texas else "shaker"
    dealing = "The deal" if texas else "Shaking (dealing)"
    played = [c for c in CONTRACTS if c in variant.contracts(o)]
    specials = [c for c in (PLUNGE, SPLASH) if c in played]
    splash = o.get("splash_marks", 3)
    out = []

    target = f"The first team to {marks_word(o['target_marks'])} wins"
    if o["win_by"] > 1:
        target += (f", and it must lead by at least {marks_word(o['win_by'])}; until then play "
                   f"goes on.")
    else:
        target += " (no need to win by two)."
    if not texas:
        target += " Reading: the written rules give no target; 7 marks is the usual one."
    out.append(("Target", target, ("target_marks", "win_by"), not texas))

    out.append(("Bids", f"{_order(dealer, dealing)}; each bids once or passes, and a bid must "
                f"top the high bid. Bids "
                f"are 30 to 41 points, or marks: {bid_words(42)}, {bid_words(84)}, "
                f"{bid_words(126)} and so on.", (), False))

    if texas and o.get("ladder", "texas") == "free":
        ladder = ("Free bidding: any bid that tops the high bid, 30 to 41 or any number of marks, "
                  "from the opening on.")
    elif texas:
        sooner = [c for c in specials if (4 if c == PLUNGE else splash) > 2]
        ladder = (f"Texas ladder: anyone may bid up to {bid_words(84)} while the high bid is lower (after 30 or 42 "
                  f"too); after that each bid is exactly 1 mark more: "
                  f"{bid_words(126)} after {bid_words(84)}, and so on. ")
        ladder += (f"Only a {' or a '.join(sooner)} goes above 2 marks sooner." if sooner else
                   "Nobody goes above 2 marks sooner.")
    else:
        ladder = (f"A bid is at most 2 marks over the high bid, where a high bid of 30 to 42 (or "
                  f"none) counts as no marks: to open, or after any bid of 30 to 42, the most is "
                  f"{bid_words(84)}; after {bid_words(84)} it is {bid_words(168)}, and so on.")
    out.append(("Bidding", ladder, ("ladder", "contracts", "splash_marks") if texas else (), False))

    calls = ["trumps" if c == "straight" else GAME_WORDS[c] for c in CALLED_GAMES if c in played]
    partner = (f"The bidder's partner calls the game ({_listing(calls, 'or')}) and leads"
               + (" (in nello the bidder leads)." if "nillo" in played else "."))
    if not texas:
        text = (f"A plunge (4 or more doubles in hand) raises exactly 4 marks and a splash (3 or "
                f"more doubles) exactly 3 marks, counted as above: {bid_words(168)} and "
                f"{bid_words(126)} to open or over any bid of 30 to 42, {bid_words(252)} and "
                f"{bid_words(210)} over {bid_words(84)}. {partner}")
    elif specials:
        parts = []
        if PLUNGE in specials:
            parts.append(f"Plunge (4 or more doubles in hand): {bid_words(168)}, or 1 mark over a "
                         f"high bid of 4 marks or more.")
        if SPLASH in specials and splash == 2:
            parts.append(f"Splash (3 or more doubles): {bid_words(84)}, or {bid_words(126)} over a "
                         f"2-mark bid; it never tops 3 marks or more.")
        elif SPLASH in specials:
            parts.append(f"Splash (3 or more doubles): {bid_words(126)}, or 1 mark over a high bid "
                         f"of 3 marks or more.")
        text = " ".join(parts) + " " + partner
    else:
        text = "No plunge and no splash at this table."
    reading = bool(specials)
    if reading:
        text += " " + _doubles_reading(specials)
    out.append(("Plunge and splash", text, ("contracts", "splash_marks") if texas else (), reading))

    if not texas or o.get("all_pass", "forced") == "forced":
        passes = _forced(o.get("forced_minimum") or 30, dealer)
    else:
        passes = ("If all pass, the hand is thrown in, scores nothing and is dealt again (redeal) "
                  "by the next player to the left.")
    out.append(("All pass", passes, ("all_pass", "forced_minimum") if texas else (), False))

    special = [GAME_WORDS[c] for c in ("sevens", "nillo", "follow-me") if c in played]
    least = variant.special_minimum(o)
    if special:
        on = "any bid" if least <= 30 else f"a bid of at least {bid_words(least)}"
        text = (f"The bid winner names the game: straight (trumps) on any bid; "
                f"{_listing(special)} on {on}.")
        if specials:
            text += f" After {_specials(specials)}, her partner names it instead."
    else:
        text = "Only straight (trumps): no sevens, nello or follow me."
    out.append(("Contracts", text, ("contracts", "special_minimum") if texas else (), False))

    every = [GAME_WORDS[c] for c in ("sevens", "follow-me") if c in played]
    made = (f"A straight bid of 30 to 41 is made with at least that many points caught; a bid of "
            f"{bid_words(42)} or more needs all 42.")
    if every:
        made += f" In {_listing(every)} the bidding team must win every trick."
    if "nillo" in played:
        made += " In nello the bidder must take no trick."
    if specials:
        made += " " + _special_made(specials, "nillo" in played)
    out.append(("Made or set", made, ("contracts",) if texas else (), False))

    out.append(("Marks", "A bid of 30 to 42 is worth 1 mark, a higher bid its marks "
                "(84 is worth 2 marks). Made, the bidding team gains them; set, the other "
                "team does.", (), False))
    return out


def _texas1986_lines(o: dict) -> list[tuple]:
    return [
        ("Target", f"The first team to {plural(o['target_points'], 'point')} wins.",
         ("target_points",), False),
        ("Bidding", f"{_order()}; each bids once and must top the high bid: 30 to 42, and above "
         "42 only multiples of 42 (84, 126 and so on), once somebody has bid 42 (nobody opens "
         "with 84).", (), False),
        ("All pass", _forced(30), (), False),
        ("Contracts", "Trumps: made with at least the bid in points caught; a bid above 42 needs "
         "all 42. Trash, only on a bid of 42 or a multiple of 42: the bidder plays alone (her "
         "partner sits out) and tries to take no trick; made when she takes none.", (), False),
        ("Score", "Reading: the side that wins the hand scores the bid plus what it caught. Made, "
         "the bidders score the bid plus their points; set, the defenders score the bid plus "
         "theirs (a set 30 with nothing caught gives the defenders 72). Trash scores the bid "
         "only, to the bidders when made, else to the defenders.", (), True),
    ]


def _forty_two_lines(o: dict) -> list[tuple]:
    goals = []
    if o["target_points"]:
        goals.append(plural(o["target_points"], "point"))
    if o["target_hands"]:
        goals.append(f"{plural(o['target_hands'], 'hand')} won")
    both = len(goals) > 1
    target = f"The first team to {' or '.join(goals)} wins"
    target += ", whichever comes first (Reading)." if both else "."
    if o["target_points"]:  # the rules' own tie-break (a hand is won by one team only)
        target += f" If both teams reach {goals[0]} in the same hand, the bidders win."
    if both:
        target += (f" Reading: so do they when they reach {goals[1]} as the defenders reach "
                   f"{goals[0]}.")
    return [
        ("Target", target, ("target_points", "target_hands"), both),
        ("Bidding", f"{_order('shuffler', 'Shuffling')}; each bids once or passes: 30 to 42, "
         "topping the high bid.", (), False),
        ("All pass", _redeal("all four"), (), False),
        ("Score", "Made (the bidders caught at least the bid): each team scores what it caught "
         "(bid 30, caught 35: 35 to the bidders, 7 to the defenders). Set: the bidders score 0 and "
         "the defenders the bid plus what they caught (bid 37, caught 35: 37 + 7 = 44). Made, the "
         "bidders win the hand; set, the defenders do.", (), False),
    ]


# The hand's tricks, which the engine checks add up to 7 (card42 and moon alike).
SEVEN_TRICKS = "A hand has 7 tricks: the tricks the players took add up to exactly 7."


def _moon_lines(o: dict) -> list[tuple]:
    return [
        ("Target", f"The first player to {plural(o['target_points'], 'point')} wins. Reading: "
         "if several get there in the same hand, the bidder wins if she is one of them, else "
         "the highest total; equal highest totals share the win.", ("target_points",), True),
        ("Bidding", f"{_order()}; each bids once or passes: 4, 5, 6 or 7 tricks, or 21 to shoot "
         "the moon, topping the high bid.", (), False),
        ("All pass", _redeal("all three", reading=True), (), True),
        ("Tricks", SEVEN_TRICKS, (), False),
        ("Score", "Every player scores 1 point for each trick she took. A bidder who takes fewer tricks "
         f"than her bid loses the bid instead (bid 5, took 4: {minus(-5)}). Totals can go "
         "negative.", (), False),
        ("Shooting the moon", "Reading: only a bid of 21 shoots the moon: taking all 7 tricks "
         "scores 21 and wins the game at once, whatever the totals; fewer costs her 21 "
         f"({minus(-21)}) and the others score their tricks. The rules call a bid of 7 shooting "
         "the moon too, but make 21 the game: a bid of 7 that takes every trick scores 7, and "
         "wins only if that brings her to the target.", (), True),
    ]


def _card42_lines(o: dict) -> list[tuple]:
    bonus = o["bonus"]
    exact = (f"Taking exactly the tricks bid adds {plural(bonus, 'point')}: the tricks plus "
             f"{bonus} (bid 4, took 4: {4 + bonus})." if bonus else
             "Taking exactly the tricks bid adds nothing (no bonus at this table).")
    return [
        ("Target", "The first to 42 on a hand where she took exactly her bid wins; several "
         "players can win the same hand.", (), False),
        ("Bidding", f"{_order()}: 0 to 7 tricks each. The dealer may not bid the number that would make the bids "
         "total exactly 7.", (), False),
        ("Score", f"{SEVEN_TRICKS} Every trick taken is 1 point. A missed bid still scores its "
         "tricks and costs nothing.", (), False),
        ("Bonus", exact, ("bonus",), False),
        ("Exact 7 and 0", "An exact 7 scores 14. An exact 0 scores 14 with 2 players, 7 with 3, "
         "and 3 with 4 or more.", (), False),
        ("Cap", "Totals stop at 42: a player there waits for an exact bid (at 40, a hand worth 5 "
         "moves her 2)." if o["cap_at_42"] else "Totals do not stop at 42.", ("cap_at_42",), False),
        ("Countdown", "The scoreboard shows what each player still needs to 42 and the bids that "
         "would win her the game next hand if made exactly. Her countdown mark is the smallest of "
         "those bids from 1 to 6, or \u201c14\u201d when only a bid of 7 (or 0 with 2 players) "
         "remains.", (), False),
    ]


def _card42_teams_lines(o: dict) -> list[tuple]:
    return [
        ("Target", f"The first team to {plural(o['target_points'], 'point')} wins.",
         ("target_points",), False),
        ("Bidding", "The deal passes to the right. From the dealer's left, each bids 2 to 18 "
         "points, topping the high bid, or passes; a player who passed is out. The auction goes "
         "round until three players have passed, and the one left wins it with her bid (or "
         "someone bids 18).", (), False),
        ("All pass", _redeal("all four", "right", reading=True), (), True),
        ("Points", "High (the highest trump taken) 2, each other ace 1, the jack of trumps 2, "
         "each other jack 1, the four of trumps 4, game 2, the three of trumps 2: 18 in all. "
         "Trump is the last trump standing: the suit of the last four played (the starting trump "
         "if no four was played). Game: each team counts its cards, ten 10, ace 4, king 3, queen "
         "2, jack 1; the bidders get the 2 only if they have the most.", (), False),
        ("Score", "Only the bidding team scores. Made (caught at least the bid): it scores all it "
         f"caught (bid 8, caught 11: 11). Set: it loses its bid (bid 10, caught 6: {minus(-10)}). "
         "Totals can go negative.", (), False),
    ]


def _mexican_train_lines(o: dict) -> list[tuple]:
    top = o["set"]
    rounds = o["rounds"] or top + 1
    last = top - rounds + 1
    dealt = ", ".join(f"{n}: {tiles_dealt(top, n)}" for n in TILES_DEALT_12)
    blank = o["double_blank"]
    scaled = top != TILES_DEALT_SET
    tiles = f"A double-{top} set. Tiles dealt to each player, by the number of players: {dealt}."
    if scaled:
        tiles += (f" Reading: the rules give these for a double-{TILES_DEALT_SET} set only; the app "
                  f"scales them to the tiles of this set outside the engine double (rounded down).")
    return [
        ("Set", tiles, ("set",), scaled),
        ("Rounds", (f"{plural(rounds, 'round')}, starting from the double {top} as the engine, "
                    f"one double lower each round down to the double {last or 'blank'}"
                    if rounds > 1 else f"1 round, with the double {top} as the engine")
         + "; the player who starts moves left each round.", ("rounds",), False),
        ("Going out", "A round ends when a player goes out (plays her last tile) or when play "
         "is blocked (the bone pile is empty and everyone passes). A round that was not blocked "
         "needs a player who went out, with 0 pips.", (), False),
        ("Score", "Each round, every player adds the pips left in her hand; the player who went "
         "out adds 0. After the last round the lowest total wins; equal lowest totals share the "
         "win.", (), False),
        ("Double blank", f"A double blank left in a hand costs {blank} extra pips: enter its "
         "holder's pips without it and pick who held it (never the player who went out, who "
         "holds no tiles)."
         if blank else "A double blank left in a hand counts 0, as printed.",
         ("double_blank",), False),
    ]


def _lines(variant: Variant, o: dict) -> list[tuple]:
    """(topic, text, keys, reading) per line, from every option's value `o`."""
    family = variant.family
    if family == "marks":
        return _marks_lines(variant, o)
    simple = {"texas42-1986": _texas1986_lines, "forty-two": _forty_two_lines,
              "moon": _moon_lines, "card42": _card42_lines,
              "card42-teams": _card42_teams_lines, "mexican-train": _mexican_train_lines}
    if family in simple:
        return simple[family](o)
    if family == "castle-rock":
        return [("Winning", "Each hand is a game of its own, won with 2 or fewer dominoes "
                 "left (Reading: the rules say won \u201cif only two dominoes remain\u201d; "
                 "one or none left wins too). There is no end: play as many as you like.", (), True)]
    return []


def agree_first(variant: Variant) -> list[str]:
    """What a table agrees on before the first hand, as the game page's link to the rules card
    lists it: only what the variant has (a target to reach, a number of rounds, bidding, house
    rules to set)."""
    return [word for word, has in (
        ("target", variant.target(effective(variant, {})) is not None),
        ("rounds", variant.engine_rounds), ("bidding", variant.has_auction),
        ("house rules", bool(variant.options))) if has]


def _reads_otherwise(variant: Variant, mine: dict, other: dict, topic: str,
                     keys: tuple[str, ...], text: str) -> bool:
    """Whether the line would read otherwise with its own options at `other`'s values: what
    the options mean, not their raw values, is compared."""
    if not keys or all(mine[k] == other[k] for k in keys):
        return False
    swapped = {**mine, **{k: other[k] for k in keys}}
    return next(t for tp, t, *_ in _lines(variant, swapped) if tp == topic) != text


def rules_card(variant: Variant, options: dict | None,
               club_options: dict | None = None) -> list[Line]:
    """The game's rules, one Line per topic. `club_options` (a club game whose club has saved
    rules for this variant) marks the lines that differ from the club's rules."""
    mine = effective(variant, options)
    written = effective(variant, {})
    club = effective(variant, club_options) if club_options is not None else None
    lines = []
    for topic, text, keys, reading in _lines(variant, mine):
        keys = tuple(k for k in keys if k in written)
        house = _reads_otherwise(variant, mine, written, topic, keys, text)
        differs = club is not None and _reads_otherwise(variant, mine, club, topic, keys, text)
        lines.append(Line(topic, text, keys, house, differs, reading))
    return lines
