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
from .record import Phrase, minus, opening
from .text import N_, Text
from .trains import TILES_DEALT_12, TILES_DEALT_SET, tiles_dealt


@dataclass(frozen=True)
class Line:
    topic: str
    text: str
    keys: tuple[str, ...] = ()   # the options this line is written from
    house: bool = False          # reads otherwise by the written rules
    club: bool = False           # reads otherwise by the club's saved rules
    reading: bool = False        # rests on a Reading (spec/rules.md) where the rules are silent


def marks_word(n: int) -> Text:
    return Text("{count} mark", count=n) if n == 1 else Text("{count} marks", count=n)


def points_word(n: int) -> Text:
    return Text("{count} point", count=n) if n == 1 else Text("{count} points", count=n)


def bid_words(points: int) -> str:
    """A bid as players say it: 30-41 in points, a multiple of 42 in marks with its points."""
    if points >= MARK and points % MARK == 0:
        return Text("{marks} ({points})", marks=marks_word(points // MARK), points=points)
    return str(points)


def effective(variant: Variant, options: dict | None) -> dict[str, Any]:
    """Every option's value: the given ones over the defaults."""
    return {**{o.name: o.default for o in variant.options}, **(options or {})}


def _listing(words: list, last: str = "and") -> str:
    """Words as a sentence lists them: "a, b and c" ("or" as `last`: "a, b or c")."""
    if len(words) == 1:
        return words[0]
    head = words[0]
    for word in words[1:-1]:
        head = Text("{head}, {word}", head=head, word=word)
    if last == "or":
        return Text("{head} or {last}", head=head, last=words[-1])
    return Text("{head} and {last}", head=head, last=words[-1])


def _sentences(*texts) -> Text:
    """Whole sentences one after the other, each said on its own."""
    out = texts[0]
    for text in texts[1:]:
        out = Text("{sentences} {sentence}", sentences=out, sentence=text)
    return out


GAME_WORDS = {"straight": N_("straight (trumps)"), "sevens": N_("sevens"), "nillo": N_("nello"),
              "follow-me": N_("follow me"), PLUNGE: N_("plunge"), SPLASH: N_("splash")}
A_GAME = {PLUNGE: Phrase(N_("a plunge"), N_("A plunge")),  # _specials' words
          SPLASH: Phrase(N_("a splash"), N_("A splash"))}


def _forced(least: int, shaker: bool = False) -> Text:
    if shaker:
        return Text("If all the others pass, the shaker may not pass: she must bid at least "
                    "{least} (a forced bid). No hand is thrown in.", least=least)
    return Text("If all the others pass, the dealer may not pass: she must bid at least {least} "
                "(a forced bid). No hand is thrown in.", least=least)


def _redeal(everyone: str, side: str = "left", reading: bool = False) -> Text:
    """An all-pass redeal, and who deals next (the deal passes on as after any hand)."""
    if side == "right":
        return Text("Reading: if {everyone} pass, the hand scores nothing and the next player to "
                    "the right deals again.", everyone=everyone)
    if reading:
        return Text("Reading: if {everyone} pass, the hand scores nothing and the next player to "
                    "the left deals again.", everyone=everyone)
    return Text("If {everyone} pass, the hand scores nothing and the next player to the left "
                "deals again.", everyone=everyone)


def _doubles_reading(specials: list[str]) -> Text:
    """The Reading that the plunge and splash calls of one auction cannot need more doubles
    than a double-six set holds, for the calls this table plays."""
    if specials == [PLUNGE]:
        return Text("Reading: a second plunge in one auction is refused (a double-six set holds "
                    "only {doubles} doubles).", doubles=DOUBLES_IN_SET)
    if specials == [SPLASH]:
        return Text("Reading: a third splash in one auction is refused (a double-six set holds "
                    "only {doubles} doubles).", doubles=DOUBLES_IN_SET)
    return Text("Reading: the plunge and splash calls of one auction cannot need more than the "
                "{doubles} doubles of a double-six set: a second plunge is refused, and after a "
                "plunge and a splash, or two splashes, so is any other plunge or splash.",
                doubles=DOUBLES_IN_SET)


def _specials(specials: list[str]) -> str:
    """The plunge and splash calls a table plays, as a sentence names them: "a plunge or a
    splash"."""
    return _listing([A_GAME[c] for c in specials], "or")


def _special_made(specials: list[str], nello: bool) -> Text:
    """How a plunge or splash is made: as the game its partner called is (spec/rules.md), so
    called nello, the bidder must take no trick, as Lechner Hall's "Nillo can be called ... by
    the bidder's partner" has it."""
    called = _specials(specials)
    if not nello:
        return opening(Text("{called} is made when the bidding team wins every trick.",
                            called=called))
    return opening(Text("{called} is made as the game called is: the bidding team must win every "
                        "trick, or, called nello, the bidder must take no trick.", called=called))


def _marks_lines(variant: Variant, o: dict) -> list[tuple]:
    texas = variant.id == "texas42"
    played = [c for c in CONTRACTS if c in variant.contracts(o)]
    specials = [c for c in (PLUNGE, SPLASH) if c in played]
    splash = o.get("splash_marks", 3)
    out = []

    if o["win_by"] > 1:
        target = Text("The first team to {target} wins, and it must lead by at least {by}; until "
                      "then play goes on.", target=marks_word(o["target_marks"]),
                      by=marks_word(o["win_by"]))
    else:
        target = Text("The first team to {target} wins (no need to win by two).",
                      target=marks_word(o["target_marks"]))
    if not texas:
        target = _sentences(target, N_("Reading: the written rules give no target; 7 marks is "
                                       "the usual one."))
    out.append((N_("Target"), target, ("target_marks", "win_by"), not texas))

    words = dict(one=bid_words(42), two=bid_words(84), three=bid_words(126))
    out.append((N_("Bids"), Text(
        "The deal passes left. The player left of the dealer bids first, the dealer last; each "
        "bids once or passes, and a bid must top the high bid. Bids are 30 to 41 points, or "
        "marks: {one}, {two}, {three} and so on.", **words) if texas else Text(
        "Shaking (dealing) passes left. The player left of the shaker bids first, the shaker "
        "last; each bids once or passes, and a bid must top the high bid. Bids are 30 to 41 "
        "points, or marks: {one}, {two}, {three} and so on.", **words), (), False))

    if texas and o.get("ladder", "texas") == "free":
        ladder = Text("Free bidding: any bid that tops the high bid, 30 to 41 or any number of "
                      "marks, from the opening on.")
    elif texas:
        sooner = [c for c in specials if (4 if c == PLUNGE else splash) > 2]
        ladder = Text("Texas ladder: anyone may bid up to {two} while the high bid is lower "
                      "(after 30 or 42 too); after that each bid is exactly 1 mark more: {three} "
                      "after {two}, and so on.", two=bid_words(84), three=bid_words(126))
        if len(sooner) == 2:
            sooner = Text("Only a {call} or a {other} goes above 2 marks sooner.",
                          call=sooner[0], other=sooner[1])
        elif sooner:
            sooner = Text("Only a {call} goes above 2 marks sooner.", call=sooner[0])
        else:
            sooner = Text("Nobody goes above 2 marks sooner.")
        ladder = _sentences(ladder, sooner)
    else:
        ladder = Text("A bid is at most 2 marks over the high bid, where a high bid of 30 to 42 "
                      "(or none) counts as no marks: to open, or after any bid of 30 to 42, the "
                      "most is {two}; after {two} it is {four}, and so on.",
                      two=bid_words(84), four=bid_words(168))
    out.append((N_("Bidding"), ladder, ("ladder", "contracts", "splash_marks") if texas else (),
                False))

    calls = [N_("trumps") if c == "straight" else GAME_WORDS[c] for c in CALLED_GAMES
             if c in played]
    if "nillo" in played:
        partner = Text("The bidder's partner calls the game ({calls}) and leads (in nello the "
                       "bidder leads).", calls=_listing(calls, "or"))
    else:
        partner = Text("The bidder's partner calls the game ({calls}) and leads.",
                       calls=_listing(calls, "or"))
    if not texas:
        text = _sentences(Text(
            "A plunge (4 or more doubles in hand) raises exactly 4 marks and a splash (3 or more "
            "doubles) exactly 3 marks, counted as above: {four} and {three} to open or over any "
            "bid of 30 to 42, {six} and {five} over {two}.", four=bid_words(168),
            three=bid_words(126), six=bid_words(252), five=bid_words(210), two=bid_words(84)),
            partner)
    elif specials:
        parts = []
        if PLUNGE in specials:
            parts.append(Text("Plunge (4 or more doubles in hand): {four}, or 1 mark over a high "
                              "bid of 4 marks or more.", four=bid_words(168)))
        if SPLASH in specials and splash == 2:
            parts.append(Text("Splash (3 or more doubles): {two}, or {three} over a 2-mark bid; it "
                              "never tops 3 marks or more.", two=bid_words(84),
                              three=bid_words(126)))
        elif SPLASH in specials:
            parts.append(Text("Splash (3 or more doubles): {three}, or 1 mark over a high bid of "
                              "3 marks or more.", three=bid_words(126)))
        text = _sentences(*parts, partner)
    else:
        text = Text("No plunge and no splash at this table.")
    reading = bool(specials)
    if reading:
        text = _sentences(text, _doubles_reading(specials))
    out.append((N_("Plunge and splash"), text, ("contracts", "splash_marks") if texas else (),
                reading))

    if not texas or o.get("all_pass", "forced") == "forced":
        passes = _forced(o.get("forced_minimum") or 30, shaker=not texas)
    else:
        passes = Text("If all pass, the hand is thrown in, scores nothing and is dealt again "
                      "(redeal) by the next player to the left.")
    out.append((N_("All pass"), passes, ("all_pass", "forced_minimum") if texas else (), False))

    special = [GAME_WORDS[c] for c in ("sevens", "nillo", "follow-me") if c in played]
    least = variant.special_minimum(o)
    if special:
        if least <= 30:
            text = Text("The bid winner names the game: straight (trumps) on any bid; {games} on "
                        "any bid.", games=_listing(special))
        else:
            text = Text("The bid winner names the game: straight (trumps) on any bid; {games} on "
                        "a bid of at least {least}.", games=_listing(special),
                        least=bid_words(least))
        if specials:
            text = _sentences(text, Text("After {calls}, her partner names it instead.",
                                         calls=_specials(specials)))
    else:
        text = Text("Only straight (trumps): no sevens, nello or follow me.")
    out.append((N_("Contracts"), text, ("contracts", "special_minimum") if texas else (), False))

    every = [GAME_WORDS[c] for c in ("sevens", "follow-me") if c in played]
    made = [Text("A straight bid of 30 to 41 is made with at least that many points caught; a "
                 "bid of {one} or more needs all 42.", one=bid_words(42))]
    if every:
        made.append(Text("In {games} the bidding team must win every trick.",
                         games=_listing(every)))
    if "nillo" in played:
        made.append(Text("In nello the bidder must take no trick."))
    if specials:
        made.append(_special_made(specials, "nillo" in played))
    out.append((N_("Made or set"), _sentences(*made), ("contracts",) if texas else (), False))

    out.append((N_("Marks"), Text("A bid of 30 to 42 is worth 1 mark, a higher bid its marks "
                                  "(84 is worth 2 marks). Made, the bidding team gains them; set, "
                                  "the other team does."), (), False))
    return out


def _texas1986_lines(o: dict) -> list[tuple]:
    return [
        (N_("Target"), Text("The first team to {target} wins.",
                            target=points_word(o["target_points"])), ("target_points",), False),
        (N_("Bidding"), Text("The deal passes left. The player left of the dealer bids first, "
                             "the dealer last; each bids once and must top the high bid: 30 to "
                             "42, and above 42 only multiples of 42 (84, 126 and so on), once "
                             "somebody has bid 42 (nobody opens with 84)."), (), False),
        (N_("All pass"), _forced(30), (), False),
        (N_("Contracts"), Text("Trumps: made with at least the bid in points caught; a bid above "
                               "42 needs all 42. Trash, only on a bid of 42 or a multiple of 42: "
                               "the bidder plays alone (her partner sits out) and tries to take "
                               "no trick; made when she takes none."), (), False),
        (N_("Score"), Text("Reading: the side that wins the hand scores the bid plus what it "
                           "caught. Made, the bidders score the bid plus their points; set, the "
                           "defenders score the bid plus theirs (a set 30 with nothing caught "
                           "gives the defenders 72). Trash scores the bid only, to the bidders "
                           "when made, else to the defenders."), (), True),
    ]


def _forty_two_lines(o: dict) -> list[tuple]:
    points, hands = o["target_points"], o["target_hands"]
    won = (Text("{count} hand won", count=hands) if hands == 1 else
           Text("{count} hands won", count=hands))
    if points and hands:
        target = _sentences(
            Text("The first team to {points} or {hands} wins, whichever comes first (Reading).",
                 points=points_word(points), hands=won),
            Text("If both teams reach {points} in the same hand, the bidders win.",
                 points=points_word(points)),
            Text("Reading: so do they when they reach {hands} as the defenders reach {points}.",
                 points=points_word(points), hands=won))
    elif points:
        target = _sentences(
            Text("The first team to {points} wins.", points=points_word(points)),
            Text("If both teams reach {points} in the same hand, the bidders win.",
                 points=points_word(points)))
    else:
        target = Text("The first team to {hands} wins.", hands=won)
    return [
        (N_("Target"), target, ("target_points", "target_hands"), bool(points and hands)),
        (N_("Bidding"), Text("Shuffling passes left. The player left of the shuffler bids first, "
                             "the shuffler last; each bids once or passes: 30 to 42, topping the "
                             "high bid."), (), False),
        (N_("All pass"), _redeal(N_("all four")), (), False),
        (N_("Score"), Text("Made (the bidders caught at least the bid): each team scores what it "
                           "caught (bid 30, caught 35: 35 to the bidders, 7 to the defenders). "
                           "Set: the bidders score 0 and the defenders the bid plus what they "
                           "caught (bid 37, caught 35: 37 + 7 = 44). Made, the bidders win the "
                           "hand; set, the defenders do."), (), False),
    ]


# The hand's tricks, which the engine checks add up to 7 (card42 and moon alike).
SEVEN_TRICKS = N_("A hand has 7 tricks: the tricks the players took add up to exactly 7.")


def _moon_lines(o: dict) -> list[tuple]:
    return [
        (N_("Target"), Text("The first player to {target} wins. Reading: if several get there in "
                            "the same hand, the bidder wins if she is one of them, else the "
                            "highest total; equal highest totals share the win.",
                            target=points_word(o["target_points"])), ("target_points",), True),
        (N_("Bidding"), Text("The deal passes left. The player left of the dealer bids first, "
                             "the dealer last; each bids once or passes: 4, 5, 6 or 7 tricks, or "
                             "21 to shoot the moon, topping the high bid."), (), False),
        (N_("All pass"), _redeal(N_("all three"), reading=True), (), True),
        (N_("Tricks"), SEVEN_TRICKS, (), False),
        (N_("Score"), Text("Every player scores 1 point for each trick she took. A bidder who "
                           "takes fewer tricks than her bid loses the bid instead (bid 5, took "
                           "4: {lost}). Totals can go negative.", lost=minus(-5)), (), False),
        (N_("Shooting the moon"), Text(
            "Reading: only a bid of 21 shoots the moon: taking all 7 tricks scores 21 and wins "
            "the game at once, whatever the totals; fewer costs her 21 ({lost}) and the others "
            "score their tricks. The rules call a bid of 7 shooting the moon too, but make 21 the "
            "game: a bid of 7 that takes every trick scores 7, and wins only if that brings her "
            "to the target.", lost=minus(-21)), (), True),
    ]


def _card42_lines(o: dict) -> list[tuple]:
    bonus = o["bonus"]
    exact = (Text("Taking exactly the tricks bid adds {bonus}: the tricks plus {count} (bid 4, "
                  "took 4: {example}).", bonus=points_word(bonus), count=bonus,
                  example=4 + bonus) if bonus else
             Text("Taking exactly the tricks bid adds nothing (no bonus at this table)."))
    return [
        (N_("Target"), Text("The first to 42 on a hand where she took exactly her bid wins; "
                            "several players can win the same hand."), (), False),
        (N_("Bidding"), Text("The deal passes left. The player left of the dealer bids first, "
                             "the dealer last: 0 to 7 tricks each. The dealer may not bid the "
                             "number that would make the bids total exactly 7."), (), False),
        (N_("Score"), _sentences(SEVEN_TRICKS, N_("Every trick taken is 1 point. A missed bid "
                                                  "still scores its tricks and costs nothing.")),
         (), False),
        (N_("Bonus"), exact, ("bonus",), False),
        (N_("Exact 7 and 0"), Text("An exact 7 scores 14. An exact 0 scores 14 with 2 players, 7 "
                                   "with 3, and 3 with 4 or more."), (), False),
        (N_("Cap"), Text("Totals stop at 42: a player there waits for an exact bid (at 40, a hand "
                         "worth 5 moves her 2).") if o["cap_at_42"] else
         Text("Totals do not stop at 42."), ("cap_at_42",), False),
        (N_("Countdown"), Text("The scoreboard shows what each player still needs to 42 and the "
                               "bids that would win her the game next hand if made exactly. Her "
                               "countdown mark is the smallest of those bids from 1 to 6, or "
                               "\u201c14\u201d when only a bid of 7 (or 0 with 2 players) "
                               "remains."), (), False),
    ]


def _card42_teams_lines(o: dict) -> list[tuple]:
    return [
        (N_("Target"), Text("The first team to {target} wins.",
                            target=points_word(o["target_points"])), ("target_points",), False),
        (N_("Bidding"), Text("The deal passes to the right. From the dealer's left, each bids 2 "
                             "to 18 points, topping the high bid, or passes; a player who passed "
                             "is out. The auction goes round until three players have passed, "
                             "and the one left wins it with her bid (or someone bids 18)."),
         (), False),
        (N_("All pass"), _redeal(N_("all four"), "right", reading=True), (), True),
        (N_("Points"), Text("High (the highest trump taken) 2, each other ace 1, the jack of "
                            "trumps 2, each other jack 1, the four of trumps 4, game 2, the three "
                            "of trumps 2: 18 in all. Trump is the last trump standing: the suit "
                            "of the last four played (the starting trump if no four was played). "
                            "Game: each team counts its cards, ten 10, ace 4, king 3, queen 2, "
                            "jack 1; the bidders get the 2 only if they have the most."), (),
         False),
        (N_("Score"), Text("Only the bidding team scores. Made (caught at least the bid): it "
                           "scores all it caught (bid 8, caught 11: 11). Set: it loses its bid "
                           "(bid 10, caught 6: {lost}). Totals can go negative.",
                           lost=minus(-10)), (), False),
    ]


def _mexican_train_lines(o: dict) -> list[tuple]:
    top = o["set"]
    rounds = o["rounds"] or top + 1
    last = top - rounds + 1
    dealt = ", ".join(f"{n}: {tiles_dealt(top, n)}" for n in TILES_DEALT_12)
    blank = o["double_blank"]
    scaled = top != TILES_DEALT_SET
    tiles = Text("A double-{top} set. Tiles dealt to each player, by the number of players: "
                 "{dealt}.", top=top, dealt=dealt)
    if scaled:
        tiles = _sentences(tiles, Text(
            "Reading: the rules give these for a double-{set} set only; the app scales them to "
            "the tiles of this set outside the engine double (rounded down).",
            set=TILES_DEALT_SET))
    if rounds == 1:
        played = Text("1 round, with the double {top} as the engine; the player who starts moves "
                      "left each round.", top=top)
    elif last:
        played = Text("{rounds} rounds, starting from the double {top} as the engine, one double "
                      "lower each round down to the double {last}; the player who starts moves "
                      "left each round.", rounds=rounds, top=top, last=last)
    else:
        played = Text("{rounds} rounds, starting from the double {top} as the engine, one double "
                      "lower each round down to the double blank; the player who starts moves "
                      "left each round.", rounds=rounds, top=top)
    return [
        (N_("Set"), tiles, ("set",), scaled),
        (N_("Rounds"), played, ("rounds",), False),
        (N_("Going out"), Text("A round ends when a player goes out (plays her last tile) or when "
                               "play is blocked (the bone pile is empty and everyone passes). A "
                               "round that was not blocked needs a player who went out, with 0 "
                               "pips."), (), False),
        (N_("Score"), Text("Each round, every player adds the pips left in her hand; the player "
                           "who went out adds 0. After the last round the lowest total wins; "
                           "equal lowest totals share the win."), (), False),
        (N_("Double blank"), Text("A double blank left in a hand costs {blank} extra pips: enter "
                                  "its holder's pips without it and pick who held it (never the "
                                  "player who went out, who holds no tiles).", blank=blank)
         if blank else Text("A double blank left in a hand counts 0, as printed."),
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
        return [(N_("Winning"), Text("Each hand is a game of its own, won with 2 or fewer "
                                     "dominoes left (Reading: the rules say won \u201cif only two "
                                     "dominoes remain\u201d; one or none left wins too). There is "
                                     "no end: play as many as you like."), (), True)]
    return []


def agree_first(variant: Variant) -> list[str]:
    """What a table agrees on before the first hand, as the game page's link to the rules card
    lists it: only what the variant has (a target to reach, a number of rounds, bidding, house
    rules to set)."""
    return [word for word, has in (
        (N_("target"), variant.target(effective(variant, {})) is not None),
        (N_("rounds"), variant.engine_rounds), (N_("bidding"), variant.has_auction),
        (N_("house rules"), bool(variant.options))) if has]


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
