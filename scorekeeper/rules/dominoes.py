"""The domino games: texas42-1986 (points), lechner42 and texas42 (marks), forty-two and moon.

All bid through the one auction core; lechner42 and texas42 are one marks game that differs
only in its ladder and a few options.
"""
from __future__ import annotations

from .auction import (DOUBLES_NEEDED, MARK, PLUNGE, SPLASH, AuctionRules, FreeLadder, Ladder,
                      LechnerLadder, MoonLadder, RangeLadder, TexasLadder, Texas1986Ladder, marks,
                      settle, show_bid)
from .game import HandScore, Variant, leaders
from .record import (Invalid, Option, Phrase, Table, check_whole, choice, flag, opening, per_seat,
                     whole)
from .text import N_, Text

ALL_POINTS = 42
TRICKS = 7
TRUMPS = (0, 1, 2, 3, 4, 5, 6, "doubles")
NO_BID = {"bidder": None, "bid": None, "made": None}
# How a refusal names a hand's fields (record.Phrase)
CAUGHT = Phrase(N_("the points the bidding team caught"), N_("The points the bidding team caught"))
TRUMP = Phrase(N_("the trump"), N_("The trump"))
CONTRACT = Phrase(N_("the contract"), N_("The contract"))
MADE = Phrase(N_("whether the bid was made (\"made\")"), N_("Whether the bid was made (\"made\")"))
TRASH_MADE = Phrase(N_("whether the trash bid was made (\"made\")"),
                    N_("Whether the trash bid was made (\"made\")"))
TRASH_CAUGHT = Phrase(N_("the points the trash bidder caught"),
                      N_("The points the trash bidder caught"))
TRICKS_TAKEN = Phrase(N_("tricks taken"), N_("Tricks taken"))
CALLED = Phrase(N_("the game the partner called"), N_("The game the partner called"))
DOUBLES_HELD = Phrase(N_("the number of doubles the bidder held"),
                      N_("The number of doubles the bidder held"))
DOUBLES_PLAYED_AS = Phrase(N_("how doubles are played"), N_("How doubles are played"))


def bid_outcome(hand: dict, k: int, bid: int, need: int | None,
                show=str) -> tuple[bool, int | None]:
    """Whether the bid was made, from "points" (when the game counts points: `need` is what
    makes it) and/or "made"; when both are given they must agree. Returns (made, points).
    `show` writes the bid in the game's units (marks or points)."""
    said = flag(hand, "made", k, MADE)
    if hand.get("points") is None:
        if said is None:
            if need is not None:
                raise Invalid(k, Text("The hand needs its outcome: the points the bidding team "
                                      "caught, or whether the bid was made (\"made\": true or "
                                      "false)."))
            raise Invalid(k, Text("The hand needs its outcome: whether the bid was made "
                                  "(\"made\": true or false)."))
        return said, None
    if need is None:
        raise Invalid(k, Text("Points are counted only in a straight (trumps) hand; say whether "
                              "this bid was made (\"made\": true or false)."))
    points = check_whole(hand["points"], k, 0, ALL_POINTS, CAUGHT)
    made = points >= need
    if said is not None and said != made:
        values = dict(points=points, bid=show(bid), need=need)
        if said:
            raise Invalid(k, Text("The hand says the bid was made, but {points} points do not "
                                  "make a bid of {bid} (it needs {need}).", **values))
        raise Invalid(k, Text("The hand says the bid was set, but {points} points make a bid of "
                              "{bid} (it needs {need}).", **values))
    return made, points


def trash_outcome(hand: dict, k: int) -> bool:
    """A trash bid is made when the bidder takes no trick, so catches no points."""
    said = flag(hand, "made", k, TRASH_MADE)
    if hand.get("points") is None:
        if said is None:
            raise Invalid(k, Text("The hand needs its outcome: whether the trash bid was made "
                                  "(\"made\": true or false)."))
        return said
    points = check_whole(hand["points"], k, 0, ALL_POINTS, TRASH_CAUGHT)
    if said is not None and said != (points == 0):
        raise Invalid(k, Text("Trash is made only when the bidder takes no trick (no points); the "
                              "hand says made is {said} with {points} points.",
                              said=str(said).lower(), points=points))
    return points == 0




def not_seven_tricks(total: int) -> Text:
    return Text("The tricks add up to {total}, but every hand has exactly 7 tricks.", total=total)


def _too_low(contract: str, least: int, bid: str) -> Text:
    """A contract played on a bid below its least (30 for straight, the special minimum)."""
    if least == MARK:
        return Text("{contract} needs a bid of at least 1 mark (42); the bid was {bid}.",
                    contract=contract, bid=bid)
    if least < MARK:
        return Text("{contract} needs a bid of at least {marks} mark ({least}) at this table "
                    "(house rule: special minimum); the bid was {bid}.", contract=contract,
                    marks=marks(least), least=least, bid=bid)
    return Text("{contract} needs a bid of at least {marks} marks ({least}) at this table "
                "(house rule: special minimum); the bid was {bid}.", contract=contract,
                marks=marks(least), least=least, bid=bid)


def needed(bid: int) -> int:
    """Points that make a straight bid: the bid itself up to 41; all 42 for a mark or more."""
    return bid if bid < MARK else ALL_POINTS


class TeamDominoes(Variant):
    """Four players, partners across, bidding through the shared auction."""

    deals = N_("shakes")  # the dominoes are shaken, not dealt
    dealt = N_("shook")
    partnership = True
    bidding = True
    rating_group_of = "dominoes-42"  # one skill, whichever rule sheet is played

    def auction_rules(self, table: Table) -> AuctionRules:
        raise NotImplementedError

    def redeal_allowed(self, options):
        return not self.auction_rules(Table(("",) * 4, 0, options)).forced

    def play(self, table, state, hand, k, dealer, totals):
        won = settle(hand, k, table, dealer, self.auction_rules(table), self.winning_call(hand))
        if won is None:
            return HandScore([0, 0], dict(NO_BID), self.extra(state))
        made, bidders, defenders = self.score_bid(table, state, hand, k, won)
        deltas = [bidders, defenders] if self.side_of(won.seat) == 0 else [defenders, bidders]
        return HandScore(deltas, {"bidder": won.seat, "bid": won.value, "made": made},
                         self.extra(state))

    def winning_call(self, hand: dict) -> str:
        return "bid"

    def extra(self, state: dict) -> dict:
        return {}

    def score_bid(self, table, state, hand, k, won) -> tuple[bool, int, int]:
        """(made, what the bidders gain, what the defenders gain) of a hand with a bid."""
        raise NotImplementedError


class Texas1986(TeamDominoes):
    """Points to 300: the side that wins the hand scores the bid plus what it caught."""

    id = "texas42-1986"
    result_keys = ("contract", "trump", "points", "made")
    title = N_("Texas 42 (1986 program rules)")
    blurb = N_("Dominoes, 4 players in 2 teams: bid 30-42 or multiples of 42, trash, points to 300.")
    family = "texas42-1986"
    names_contract = True
    result_entry = "contract"
    usual_bids = (*range(30, 43), 84, 126, 168)
    options = (Option("target_points", 300, "int", N_("Points a team needs to win."),
                      minimum=1, maximum=10000),)
    rules = AuctionRules(Texas1986Ladder(), once=True, forced=True)

    def auction_rules(self, table):
        return self.rules

    def contracts(self, options):
        return (N_("trumps"), N_("trash"))

    def score_bid(self, table, state, hand, k, won):
        contract = choice(hand, "contract", k, self.contracts(table.options), CONTRACT)
        if contract == "trash":
            if won.value < MARK:
                raise Invalid(k, Text("Trash needs a bid of 42 or a multiple of 42; this bid is "
                                      "{bid}.", bid=won.value))
            made = trash_outcome(hand, k)
            return (made, won.value, 0) if made else (made, 0, won.value)
        choice(hand, "trump", k, TRUMPS, TRUMP, required=False)
        points = whole(hand, "points", k, 0, ALL_POINTS, CAUGHT)
        made, _ = bid_outcome(hand, k, won.value, needed(won.value), self.rules.ladder.show)
        if made:  # the side that wins the hand scores the bid plus what it caught
            return True, won.value + points, 0
        return False, 0, won.value + ALL_POINTS - points

    def winners(self, table, state, totals, scored, k):
        return [s for s in (0, 1) if totals[s] >= table.options["target_points"]]


# Contract names are codes of the record, and the words a refusal names them by (N_)
CONTRACTS = (N_("straight"), N_("sevens"), N_("nillo"), N_("follow-me"), PLUNGE, SPLASH)
# A contract opening a refusal ("Sevens needs a bid of at least ...")
CONTRACT_OPENINGS = {"straight": N_("Straight"), "sevens": N_("Sevens"), "nillo": N_("Nillo"),
                     "follow-me": N_("Follow-me")}
CALLED_GAMES = ("straight", "sevens", "follow-me", "nillo")
DOUBLES_PLAYED = {"nillo": ("high", "low", "suit", "suit-inverted"), "follow-me": ("high", "low")}


class MarksGame(TeamDominoes):
    """Marks: a bid of 30-42 is worth one mark, a higher bid its number of marks; made, the
    bidders gain them, set, the defenders do."""

    result_keys = ("contract", "call", "doubles", "trump", "points", "made")

    family = "marks"
    units = N_("marks")
    names_contract = True
    result_entry = "contract"
    usual_bids = (*range(30, 43), *(42 * k for k in range(2, 8)))

    def goal(self, options):
        win_by = options.get("win_by")
        if win_by and win_by > 1:
            return Text("Play to {target} marks, win by {by}.", target=options.get("target_marks"),
                        by=win_by)
        return Text("Play to {target} marks.", target=options.get("target_marks"))

    def contracts(self, options):
        return options.get("contracts", CONTRACTS)

    def forced(self, options: dict) -> bool:
        return True

    def ladder(self, options: dict) -> Ladder:
        return LechnerLadder()

    def special_minimum(self, options: dict) -> int:
        """The least bid on which sevens, nillo or follow-me may be played."""
        return MARK

    def auction_rules(self, table):
        options = table.options
        allowed = self.contracts(options)
        return AuctionRules(self.ladder(options), once=True, forced=self.forced(options),
                            specials=tuple(c for c in (PLUNGE, SPLASH) if c in allowed),
                            forced_minimum=options.get("forced_minimum"))

    def winning_call(self, hand):
        return hand.get("contract") if hand.get("contract") in (PLUNGE, SPLASH) else "bid"

    def score_bid(self, table, state, hand, k, won):
        allowed = self.contracts(table.options)
        contract = self.allowed(hand, "contract", k, allowed, CONTRACT)
        game = contract
        if contract in (PLUNGE, SPLASH):
            game = self.allowed(hand, "call", k, allowed, CALLED)
            if game not in CALLED_GAMES:
                raise Invalid(k, Text("The partner calls straight, sevens, follow me or nello, not "
                                      "{game}.", game=game))
            least = DOUBLES_NEEDED[contract]
            held = whole(hand, "doubles", k, 0, 7, DOUBLES_HELD)
            if held < least:
                raise Invalid(k, Text("A {contract} needs at least {least} doubles in the bidder's "
                                      "hand; {name} held {held}.", contract=contract, least=least,
                                      name=table.name(won.seat), held=held))
        else:
            least = 30 if contract == "straight" else self.special_minimum(table.options)
            if won.value < least:
                named = Phrase(contract, CONTRACT_OPENINGS[contract])
                raise Invalid(k, opening(_too_low(named, least, show_bid(won.value))))
            if contract in DOUBLES_PLAYED:
                choice(hand, "doubles", k, DOUBLES_PLAYED[contract], DOUBLES_PLAYED_AS,
                       required=False)
        if game == "straight":
            choice(hand, "trump", k, TRUMPS, TRUMP, required=False)
        made, _ = bid_outcome(hand, k, won.value, needed(won.value) if game == "straight" else None,
                              show_bid)
        return (made, marks(won.value), 0) if made else (made, 0, marks(won.value))

    def allowed(self, hand, key, k, allowed, what):
        value = choice(hand, key, k, CONTRACTS, what)
        if value not in allowed:
            raise Invalid(k, Text("This table does not play {contract} (house rule: contracts).",
                                  contract=value))
        return value

    def winners(self, table, state, totals, scored, k):
        target, by = table.options["target_marks"], table.options["win_by"]
        return [s for s in (0, 1) if totals[s] >= target and totals[s] - totals[1 - s] >= by]


class Lechner42(MarksGame):
    id = "lechner42"
    title = N_("Texas 42 (Lechner Hall rules)")
    blurb = N_("Dominoes, 4 players in 2 teams: marks, raises of at most 2 marks, sevens, nello, "
             "follow-me, plunge and splash; win by two.")
    options = (
        Option("target_marks", 7, "int",
               N_("Marks a team needs to win (the written rules give none; 7 is usual)."),
               minimum=1, maximum=100),
        Option("win_by", 2, "int", N_("The winner must lead by this many marks."), minimum=1,
               maximum=100),
    )


class Texas42(MarksGame):
    id = "texas42"
    title = N_("Texas 42 (tournament rules)")
    blurb = N_("Dominoes, 4 players in 2 teams: marks to 7, 2 marks to open, then one mark at a "
             "time; plunge and splash.")
    rules_name = N_("the tournament rules")
    rules_origin = N_("No rule sheet writes the tournament rules down: they are this app's reading "
                    "of how 42 tournaments and most Texas tables play: the Lechner Hall game "
                    "with their bidding ladder.")
    options = (
        Option("target_marks", 7, "int", N_("Marks a team needs to win."), minimum=1, maximum=100),
        Option("win_by", 1, "int", N_("The winner must lead by this many marks (1: no win-by-two)."),
               minimum=1, maximum=100),
        Option("all_pass", "forced", "choice", N_("When all pass: the dealer must bid (forced) "
               "or the hand is thrown in (redeal)."), choices=(N_("forced"), N_("redeal"))),
        Option("contracts", CONTRACTS, "multi", N_("The contracts this table plays."),
               choices=CONTRACTS),
        Option("splash_marks", 3, "choice", N_("What a splash bids: 3 marks (1 more over 3 marks or "
               "more), or 2 marks (3 over a 2-mark bid, never over 3 marks or more)."), choices=(3, 2)),
        Option("forced_minimum", 30, "choice", N_("The least the dealer may bid when everyone else "
               "passed and she must bid: 30 or 31."), choices=(30, 31)),
        Option("special_minimum", 42, "choice", N_("The least bid for nello, sevens or follow me: "
               "42 (1 mark), 30 (any bid) or 84 (2 marks)."), choices=(42, 30, 84)),
        Option("ladder", "texas", "choice", N_("Texas: open at most 2 marks (a plunge or splash "
               "aside), then one mark at a time; free: any bid that tops the high bid (plunge and "
               "splash keep their values)."),
               choices=(N_("texas"), N_("free"))),
    )

    def forced(self, options):
        return options.get("all_pass", "forced") == "forced"

    def ladder(self, options):
        kind = FreeLadder if options.get("ladder", "texas") == "free" else TexasLadder
        return kind(splash_marks=options.get("splash_marks", 3))

    def special_minimum(self, options):
        return options.get("special_minimum", MARK)

    def check_table(self, table):
        if "straight" not in table.options["contracts"]:
            raise Invalid(None, Text("Option contracts must include straight: every bid of 30-41 "
                                     "is played straight."))


class FortyTwo(TeamDominoes):
    """Both teams count what they caught; a set gives the defenders the bid too."""

    id = "forty-two"
    result_keys = ("points",)
    title = N_("Forty-Two (Double 12 rule sheet)")
    blurb = N_("Dominoes, 4 players in 2 teams: bid 30-42, both teams count, first to 250 or 7 hands.")
    family = "forty-two"
    result_entry = "points"
    usual_bids = tuple(range(30, 43))
    options = (
        Option("target_points", 250, "int", N_("Points that win the game (0: play to hands only)."),
               minimum=0, maximum=10000),
        Option("target_hands", 7, "int", N_("Hands won that win the game (0: play to points only)."),
               minimum=0, maximum=100),
    )
    rules = AuctionRules(RangeLadder(30, ALL_POINTS), once=True, forced=False)

    def goal(self, options):
        points, hands = options.get("target_points"), options.get("target_hands")
        if points and hands:
            return Text("First to {points} points or {hands} hands won.", points=points,
                        hands=hands)
        if hands:
            return Text("First to {hands} hands won.", hands=hands)
        return Text("First to {points} points.", points=points)

    def auction_rules(self, table):
        return self.rules

    def check_table(self, table):
        if not table.options["target_points"] and not table.options["target_hands"]:
            raise Invalid(None, Text("The game needs a goal: target_points and target_hands cannot "
                                     "both be 0."))

    def start(self, table):
        return {"hands_won": [0, 0]}

    def extra(self, state):
        return {"hands_won": list(state["hands_won"])}

    def score_bid(self, table, state, hand, k, won):
        points = whole(hand, "points", k, 0, ALL_POINTS, CAUGHT)
        made, _ = bid_outcome(hand, k, won.value, won.value)
        side = self.side_of(won.seat)
        if made:  # both teams count what they caught
            state["hands_won"][side] += 1
            return True, points, ALL_POINTS - points
        state["hands_won"][1 - side] += 1
        return False, 0, won.value + ALL_POINTS - points

    def winners(self, table, state, totals, scored, k):
        points, hands = table.options["target_points"], table.options["target_hands"]
        reached = [s for s in (0, 1) if (points and totals[s] >= points)
                   or (hands and state["hands_won"][s] >= hands)]
        if len(reached) > 1:  # both reach a goal in one hand: the team that made the bid wins
            return [self.side_of(scored.bidding["bidder"])]
        return reached

    def summary(self, table, state, totals, finished, played):
        return {"hands_won": list(state["hands_won"])}


class Moon(Variant):
    """Three players, 7 tricks: the bidder must take her bid; 21 shoots the moon."""

    deals = N_("shakes")  # the dominoes are shaken, not dealt
    dealt = N_("shook")
    id = "moon"
    result_keys = ("tricks",)
    title = N_("Moon (Double 12 rule sheet)")
    blurb = N_("Dominoes, 3 players each for herself: bid 4-7 tricks or shoot the moon, first to 21.")
    family = "moon"
    tricks_per_hand = TRICKS
    result_entry = "tricks"
    min_players = max_players = 3
    bidding = True
    options = (Option("target_points", 21, "int", N_("Points that win the game."), minimum=1,
                      maximum=1000),)
    rules = AuctionRules(MoonLadder(), once=True, forced=False)
    MOON = 21
    moon_bid = MOON
    usual_bids = (4, 5, 6, 7, MOON)

    def redeal_allowed(self, options):
        return True

    def auction_rules(self, table):
        return self.rules

    def play(self, table, state, hand, k, dealer, totals):
        won = settle(hand, k, table, dealer, self.rules)
        if won is None:
            return HandScore([0] * table.n, dict(NO_BID))
        tricks = per_seat(hand, "tricks", k, table, 0, TRICKS, TRICKS_TAKEN)
        if sum(tricks) != TRICKS:
            raise Invalid(k, not_seven_tricks(sum(tricks)))
        took = tricks[won.seat]
        made = took == TRICKS if won.value == self.MOON else took >= won.value
        deltas = list(tricks)
        if won.value == self.MOON:
            deltas[won.seat] = self.MOON if made else -self.MOON
        else:
            deltas[won.seat] = took if made else -won.value
        return HandScore(deltas, {"bidder": won.seat, "bid": won.value, "made": made})

    def winners(self, table, state, totals, scored, k):
        bidder = scored.bidding["bidder"]
        if scored.bidding["bid"] == self.MOON and scored.bidding["made"]:
            return [bidder]  # shooting the moon wins at once, whatever the totals
        reached = [s for s in range(table.n) if totals[s] >= table.options["target_points"]]
        if bidder in reached:
            return [bidder]
        return leaders(totals, reached)
