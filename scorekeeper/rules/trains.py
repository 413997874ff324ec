"""The games without bids: mexican-train (pips left, lowest wins) and castle-rock (solitaire)."""
from __future__ import annotations

from .game import HandScore, Variant, leaders
from .record import Invalid, Option, Preset, Table, flag, per_seat, seat, whole
from .text import N_

TILES_DEALT_12 = {2: 16, 3: 15, 4: 14, 5: 12, 6: 11, 7: 10, 8: 9}  # the double-12 rule sheet
TILES_DEALT_SET = 12  # the set the sheet's table is for; others scale it


def tiles_in_set(top: int) -> int:
    return (top + 1) * (top + 2) // 2


def pips_in_set(top: int) -> int:
    """All the pips of a double-`top` set: 1,092 for double-12."""
    return top * (top + 1) * (top + 2) // 2


def tiles_dealt(top: int, players: int) -> int:
    """Tiles each player draws. The sheet gives double-12; other sets scale it by the tiles
    outside the engine (rounded down)."""
    base = TILES_DEALT_12[players]
    if top == TILES_DEALT_SET:
        return base
    return base * (tiles_in_set(top) - 1) // (tiles_in_set(TILES_DEALT_SET) - 1)


class MexicanTrain(Variant):
    """Each round adds the pips left in every hand; after the last round the lowest total wins."""

    id = "mexican-train"
    result_keys = ("pips", "out", "blocked", "double_blank")
    title = "Mexican Train (Double 12 rule sheet)"
    blurb = "Dominoes, 2-8 players each for herself: one round per engine double, lowest pips win."
    family = "mexican-train"
    hand_word = N_("Round")
    deals = "starts"  # no deal: a round's first player starts it
    dealt = "started"
    form_word = N_("round")
    form_dealt = "started"
    lowest_wins = True
    went_out = True
    result_entry = "pips"
    engine_rounds = True
    min_players, max_players = 2, 8
    units = "pips"
    options = (
        Option("set", 12, "choice", "The domino set: double-12, or double-9 / double-15.",
               choices=(9, 12, 15)),
        Option("rounds", None, "int", "Rounds to play (default: one per double, set + 1).",
               minimum=1, maximum=16),
        Option("double_blank", 0, "int", "Extra pips for a double blank left in a hand "
               "(0: as printed; 25 or 50 are common house rules).", minimum=0, maximum=100),
    )
    presets = (
        Preset("as-printed", "As printed", {}, "The rule sheet: a round per double, the double "
               "blank counts 0."),
        Preset("double-blank-50", "Double blank 50", {"double_blank": 50},
               "The double blank left in a hand counts 50 more."),
        Preset("double-blank-25", "Double blank 25", {"double_blank": 25},
               "The double blank left in a hand counts 25 more."),
        Preset("short-7", "Shorter game: 7 rounds", {"rounds": 7},
               "Seven rounds instead of one per double, from the highest double down."),
    )
    counts_own = True

    def goal(self, options):
        return "Lowest total after the last round wins."

    def check_table(self, table):
        rounds = table.options["rounds"]
        if rounds is not None and rounds > table.options["set"] + 1:
            raise Invalid(None, f"Option rounds must be from 1 to {table.options['set'] + 1} "
                                f"with a double-{table.options['set']} set.")

    def rounds(self, table: Table) -> int:
        return table.options["rounds"] or table.options["set"] + 1

    def engine(self, table: Table, k: int) -> int:
        return table.options["set"] - k

    def play(self, table, state, hand, k, dealer, totals):
        top, engine = table.options["set"], self.engine(table, k)
        pips = per_seat(hand, "pips", k, table, 0, None, "the pips left")
        blocked = flag(hand, "blocked", k, "whether the round was blocked (\"blocked\")")
        out = seat(hand, "out", k, table, "who went out") if hand.get("out") is not None else None
        holder = (seat(hand, "double_blank", k, table, "who held the double blank")
                  if hand.get("double_blank") is not None else None)
        if holder is not None and engine == 0:
            raise Invalid(k, "This round's engine is the double blank, in the middle of the table, "
                             "so nobody holds it to be charged for it.")
        if out is not None:
            if blocked:
                raise Invalid(k, "A blocked round has nobody who went out.")
            if pips[out] != 0:
                raise Invalid(k, f"{table.name(out)} went out, so has 0 pips left, not {pips[out]}.")
            if holder == out:
                raise Invalid(k, f"{table.name(out)} went out and holds no tiles, so she cannot be "
                                 f"the one charged for the double blank.")
        elif not blocked and not any(p == 0 and s != holder for s, p in enumerate(pips)):
            # the double blank's holder counts it as 0 pips, but she still holds a tile
            held = (f" ({table.name(holder)} holds the double blank, so did not go out)"
                    if holder is not None and pips[holder] == 0 else "")
            raise Invalid(k, f"Someone must go out with 0 pips{held}, unless the round was blocked "
                             f"(the bone pile ran out and everyone passed).")
        most = pips_in_set(top) - 2 * engine
        if sum(pips) > most:
            raise Invalid(k, f"The pips add up to {sum(pips)}, more than the {most} pips of the "
                             f"double-{top} set outside the engine double {engine}-{engine}.")
        deltas = list(pips)
        if holder is not None:
            deltas[holder] += table.options["double_blank"]
        return HandScore(deltas, extra={"engine": engine,
                                        "tiles": tiles_dealt(top, table.n)})

    def winners(self, table, state, totals, scored, k):
        if k + 1 < self.rounds(table):
            return []
        return leaders(totals, list(range(table.n)), lowest=self.lowest_wins)

    def summary(self, table, state, totals, finished, played):
        out = {"rounds": self.rounds(table)}
        if not finished:
            out["next_round"] = {"round": played, "engine": self.engine(table, played),
                                 "tiles": tiles_dealt(table.options["set"], table.n)}
        return out


class CastleRock(Variant):
    """Solitaire: each hand is one game, won when at most two dominoes remain. It never ends."""

    id = "castle-rock"
    result_keys = ("remaining",)
    title = "Castle Rock solitaire (Double 12 rule sheet)"
    blurb = "Dominoes, 1 player: each hand is a whole game of solitaire, won with 2 or fewer left."
    family = "castle-rock"
    hand_word = N_("Game")
    tiles_left = True
    solitaire = True
    rating_group_of = None  # played alone: nobody to be rated against
    result_entry = "tiles_left"
    min_players = max_players = 1
    units = "wins"
    can_be_called = False  # each hand is a whole game: there is no round to stop
    MOST_LEFT = 91
    WON_AT = 2

    def start(self, table):
        return {"left": []}

    def play(self, table, state, hand, k, dealer, totals):
        left = whole(hand, "remaining", k, 0, self.MOST_LEFT, "the dominoes remaining")
        state["left"].append(left)
        won = left <= self.WON_AT
        return HandScore([int(won)], extra={"remaining": left, "won": won})

    def winners(self, table, state, totals, scored, k):
        return []

    def summary(self, table, state, totals, finished, played):
        games = len(state["left"])
        return {"games": games, "win_rate": round(totals[0] / games, 4) if games else None,
                "best": min(state["left"]) if games else None}
