"""The card games: card42 (2-7 players, exact bids, pegging to 42) and card42-teams."""
from __future__ import annotations

from .auction import AuctionRules, RangeLadder, settle
from .game import HandScore, Variant
from .dominoes import CAUGHT, TRICKS_TAKEN, not_seven_tricks
from .record import Invalid, Option, Phrase, Table, is_whole, opening, per_seat, whole
from .text import N_, Text

TARGET = 42
TRICKS = 7
A_BID = Phrase(N_("a bid"), N_("A bid"))  # how a refusal names it (record.Phrase)


class Card42(Variant):
    """Each player bids her exact number of tricks; totals stop at 42."""

    id = "card42"
    result_keys = ("bids", "tricks")
    title = N_("42, the Card Players' Card Game")
    blurb = N_("Cards, 2-7 players each for herself: bid your exact tricks, first to 42 on a made bid wins.")
    family = "card42"
    has_auction = True  # no bidding ladder, but every player's bid in turn (legal_calls)
    bids_own_tricks = True
    tricks_per_hand = TRICKS
    result_entry = "tricks"
    min_players, max_players = 2, 7
    options = (
        Option("cap_at_42", True, "bool",
               N_("Totals stop at 42: a player there waits for an exact bid.")),
        Option("bonus", 3, "int", N_("Bonus for taking exactly the tricks bid (bids of 0 and 7 score "
                                  "their own fixed totals)."), minimum=0, maximum=10),
    )

    def goal(self, options):
        return N_("Reach 42 and make your bid exactly to win.")

    def target(self, options):
        return TARGET

    def worth(self, table: Table, bid: int) -> int:
        """What taking exactly `bid` tricks scores."""
        if bid == 7:
            return 14
        if bid == 0:
            return {2: 14, 3: 7}.get(table.n, 3)
        return bid + table.options["bonus"]

    def forbidden_bid(self, table: Table, others: int) -> int | None:
        """The dealer's bid that would make all bids total 7, if there is one."""
        left = TRICKS - others
        return left if 0 <= left <= TRICKS else None

    def play(self, table, state, hand, k, dealer, totals):
        bids = per_seat(hand, "bids", k, table, 0, TRICKS, A_BID)
        tricks = per_seat(hand, "tricks", k, table, 0, TRICKS, TRICKS_TAKEN)
        others = sum(bids) - bids[dealer]
        if bids[dealer] == self.forbidden_bid(table, others):
            raise Invalid(k, Text("The dealer ({name}) may not bid {bid}: the bids would total 7.",
                                  name=table.name(dealer), bid=bids[dealer]))
        if sum(tricks) != TRICKS:
            raise Invalid(k, not_seven_tricks(sum(tricks)))
        exact = [b == t for b, t in zip(bids, tricks)]
        deltas = []
        for s in range(table.n):
            gain = self.worth(table, bids[s]) if exact[s] else tricks[s]
            after = totals[s] + gain
            if table.options["cap_at_42"]:  # "once a player reaches 42, she waits there"
                after = min(TARGET, after)
            deltas.append(after - totals[s])
        after = [t + d for t, d in zip(totals, deltas)]
        return HandScore(deltas, extra={"exact": exact,
                                        "countdown": [self.countdown(table, t) for t in after]})

    def countdown(self, table: Table, total: int) -> dict:
        """How far from 42, and which exact bids next hand would win the game."""
        needed = max(0, TARGET - total)
        return {"needed": needed,
                "winning_bids": [b for b in range(TRICKS + 1) if self.worth(table, b) >= needed]}

    def winners(self, table, state, totals, scored, k):
        return [s for s in range(table.n) if totals[s] >= TARGET and scored.extra["exact"][s]]


def countdown_mark(countdown: dict, players: int) -> str | None:
    """The board's countdown mark: the smallest winning bid of 1-6, or "14" when only a bid of 7
    (or 0 with 2 players) still wins in one hand."""
    bids = countdown["winning_bids"]
    small = [b for b in bids if 1 <= b <= 6]
    if small:
        return str(small[0])
    return "14" if bids else None


# card42-teams -------------------------------------------------------------------------------

ITEMS = {  # itemised points: key -> (most, worth each)
    "high": (1, 2), "other_aces": (3, 1), "jack": (1, 2), "other_jacks": (3, 1),
    "four": (1, 4), "game": (1, 2), "three": (1, 2),
}
ITEM_NAMES = {
    "high": Phrase(N_("high of trump"), N_("High of trump")),
    "other_aces": Phrase(N_("other aces"), N_("Other aces")),
    "jack": Phrase(N_("jack of trump"), N_("Jack of trump")),
    "other_jacks": Phrase(N_("other jacks"), N_("Other jacks")),
    "four": Phrase(N_("4 of trump"), N_("4 of trump")),
    "game": Phrase(N_("game"), N_("Game")),
    "three": Phrase(N_("3 of trump"), N_("3 of trump")),
}
MOST_POINTS = sum(most * worth for most, worth in ITEMS.values())  # 18


def itemised_points(items: dict, k: int) -> int:
    """Points from what the bidding team caught: high 2, other aces 1 each, jack 2,
    other jacks 1 each, four 4, game 2, three 2."""
    unknown = [key for key in items if key not in ITEMS]
    if unknown:
        raise Invalid(k, Text("Unknown point item {item}: items are {items}.",
                              item=repr(unknown[0]), items=", ".join(ITEMS)))
    total = 0
    for key, (most, worth) in ITEMS.items():
        value = items.get(key, 0 if most > 1 else False)
        if most == 1:
            if not isinstance(value, bool):
                raise Invalid(k, opening(Text("{item} is caught or not (true or false).",
                                              item=ITEM_NAMES[key])))
            value = int(value)
        elif not is_whole(value) or not 0 <= value <= most:
            raise Invalid(k, opening(Text("{item} must be a count from 0 to {most}.",
                                          item=ITEM_NAMES[key], most=most)))
        total += value * worth
    return total


class CardTeams(Variant):
    """Teams bid 2-18 points; only the bidding team scores, and loses its bid when set."""

    id = "card42-teams"
    result_keys = ("points",)
    title = N_("42, the trick-taking card game (teams)")
    blurb = N_("Cards, 4 players in 2 teams: bid 2-18 points, fours change trump, first team to 42.")
    family = "card42-teams"
    result_entry = "card_points"
    usual_bids = tuple(range(2, 19))
    partnership = True
    bidding = True
    options = (Option("target_points", 42, "int", N_("Points a team needs to win."),
                      minimum=1, maximum=1000),)
    auction = AuctionRules(RangeLadder(2, 18), once=False, forced=False)

    def redeal_allowed(self, options):
        return True

    def auction_rules(self, table: Table) -> AuctionRules:
        return self.auction

    def dealer(self, table, k):
        """The deal passes to the dealer's right, as the seed says."""
        return (table.first_dealer - k) % table.n

    def play(self, table, state, hand, k, dealer, totals):
        won = settle(hand, k, table, dealer, self.auction)
        if won is None:
            return HandScore([0, 0], {"bidder": None, "bid": None, "made": None})
        raw = hand.get("points")
        if isinstance(raw, dict):
            caught = itemised_points(raw, k)
        else:
            caught = whole(hand, "points", k, 0, MOST_POINTS, CAUGHT)
        made = caught >= won.value
        deltas = [0, 0]
        deltas[self.side_of(won.seat)] = caught if made else -won.value
        return HandScore(deltas, {"bidder": won.seat, "bid": won.value, "made": made},
                         {"points": caught})

    def winners(self, table, state, totals, scored, k):
        return [s for s in (0, 1) if totals[s] >= table.options["target_points"]]
