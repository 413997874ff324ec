"""The games without bids: mexican-train (pips left, lowest wins) and castle-rock (solitaire)."""
from __future__ import annotations

from .game import HandScore, Variant, leaders
from .record import Invalid, Option, Phrase, Preset, Table, flag, per_seat, seat, whole
from .text import N_, Text

TILES_DEALT_12 = {2: 16, 3: 15, 4: 14, 5: 12, 6: 11, 7: 10, 8: 9}  # the double-12 rule sheet
TILES_DEALT_SET = 12  # the set the sheet's table is for; others scale it

# How a refusal names a hand's fields (record.Phrase)
PIPS_LEFT = Phrase(N_("the pips left"), N_("The pips left"))
BLOCKED = Phrase(N_("whether the round was blocked (\"blocked\")"),
                 N_("Whether the round was blocked (\"blocked\")"))
WENT_OUT = Phrase(N_("who went out"), N_("Who went out"))
HELD_BLANK = Phrase(N_("who held the double blank"), N_("Who held the double blank"))
REMAINING = Phrase(N_("the dominoes remaining"), N_("The dominoes remaining"))


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
    title = N_("Mexican Train (Double 12 rule sheet)")
    blurb = N_("Dominoes, 2-8 players each for herself: one round per engine double, lowest pips win.")
    family = "mexican-train"
    hand_word = N_("Round")
    deals = N_("starts")  # no deal: a round's first player starts it
    dealt = N_("started")
    form_word = N_("round")
    form_dealt = N_("started")
    lowest_wins = True
    went_out = True
    result_entry = "pips"
    engine_rounds = True
    min_players, max_players = 2, 8
    units = N_("pips")
    options = (
        Option("set", 12, "choice", N_("The domino set: double-12, or double-9 / double-15."),
               choices=(9, 12, 15)),
        Option("rounds", None, "int", N_("Rounds to play (default: one per double, set + 1)."),
               minimum=1, maximum=16),
        Option("double_blank", 0, "int", N_("Extra pips for a double blank left in a hand "
               "(0: as printed; 25 or 50 are common house rules)."), minimum=0, maximum=100),
    )
    presets = (
        Preset("as-printed", N_("As printed"), {}, N_("The rule sheet: a round per double, the double "
               "blank counts 0.")),
        Preset("double-blank-50", N_("Double blank 50"), {"double_blank": 50},
               N_("The double blank left in a hand counts 50 more.")),
        Preset("double-blank-25", N_("Double blank 25"), {"double_blank": 25},
               N_("The double blank left in a hand counts 25 more.")),
        Preset("short-7", N_("Shorter game: 7 rounds"), {"rounds": 7},
               N_("Seven rounds instead of one per double, from the highest double down.")),
    )
    counts_own = True

    def goal(self, options):
        return N_("Lowest total after the last round wins.")

    def check_table(self, table):
        rounds = table.options["rounds"]
        if rounds is not None and rounds > table.options["set"] + 1:
            raise Invalid(None, Text("Option rounds must be from 1 to {most} with a double-{set} "
                                     "set.", most=table.options["set"] + 1,
                                     set=table.options["set"]))

    def rounds(self, table: Table) -> int:
        return table.options["rounds"] or table.options["set"] + 1

    def engine(self, table: Table, k: int) -> int:
        return table.options["set"] - k

    def play(self, table, state, hand, k, dealer, totals):
        top, engine = table.options["set"], self.engine(table, k)
        pips = per_seat(hand, "pips", k, table, 0, None, PIPS_LEFT)
        blocked = flag(hand, "blocked", k, BLOCKED)
        out = seat(hand, "out", k, table, WENT_OUT) if hand.get("out") is not None else None
        holder = (seat(hand, "double_blank", k, table, HELD_BLANK)
                  if hand.get("double_blank") is not None else None)
        if holder is not None and engine == 0:
            raise Invalid(k, Text("This round's engine is the double blank, in the middle of the "
                                  "table, so nobody holds it to be charged for it."))
        if out is not None:
            if blocked:
                raise Invalid(k, Text("A blocked round has nobody who went out."))
            if pips[out] != 0:
                raise Invalid(k, Text("{name} went out, so has 0 pips left, not {pips}.",
                                      name=table.name(out), pips=pips[out]))
            if holder == out:
                raise Invalid(k, Text("{name} went out and holds no tiles, so she cannot be the "
                                      "one charged for the double blank.", name=table.name(out)))
        elif not blocked and not any(p == 0 and s != holder for s, p in enumerate(pips)):
            # the double blank's holder counts it as 0 pips, but she still holds a tile
            if holder is not None and pips[holder] == 0:
                raise Invalid(k, Text("Someone must go out with 0 pips ({name} holds the double "
                                      "blank, so did not go out), unless the round was blocked "
                                      "(the bone pile ran out and everyone passed).",
                                      name=table.name(holder)))
            raise Invalid(k, Text("Someone must go out with 0 pips, unless the round was blocked "
                                  "(the bone pile ran out and everyone passed)."))
        most = pips_in_set(top) - 2 * engine
        if sum(pips) > most:
            raise Invalid(k, Text("The pips add up to {total}, more than the {most} pips of the "
                                  "double-{top} set outside the engine double {engine}-{engine}.",
                                  total=sum(pips), most=most, top=top, engine=engine))
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
    title = N_("Castle Rock solitaire (Double 12 rule sheet)")
    blurb = N_("Dominoes, 1 player: each hand is a whole game of solitaire, won with 2 or fewer left.")
    family = "castle-rock"
    hand_word = N_("Game")
    tiles_left = True
    solitaire = True
    rating_group_of = None  # played alone: nobody to be rated against
    result_entry = "tiles_left"
    min_players = max_players = 1
    units = N_("wins")
    can_be_called = False  # each hand is a whole game: there is no round to stop
    MOST_LEFT = 91
    WON_AT = 2

    def start(self, table):
        return {"left": []}

    def play(self, table, state, hand, k, dealer, totals):
        left = whole(hand, "remaining", k, 0, self.MOST_LEFT, REMAINING)
        state["left"].append(left)
        won = left <= self.WON_AT
        return HandScore([int(won)], extra={"remaining": left, "won": won})

    def winners(self, table, state, totals, scored, k):
        return []

    def summary(self, table, state, totals, finished, played):
        games = len(state["left"])
        return {"games": games, "win_rate": round(totals[0] / games, 4) if games else None,
                "best": min(state["left"]) if games else None}
