"""One auction core for every bidding game: order of calls, passes, the forced dealer, and
ladders (what a bid may be over the high bid) as small policies.

Calls are "pass", a whole number (a bid), or "plunge" / "splash" (the marks games).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .record import Invalid, Table, is_whole, ordinal, plural, seat, show_value

PASS = "pass"
PLUNGE = "plunge"
SPLASH = "splash"
MARK = 42


def marks(bid: int) -> int:
    """What a bid scores in the marks games: 30-42 is one mark, 84 two, 126 three..."""
    return max(1, bid // MARK)


def show_bid(bid: int) -> str:
    """A bid as players say it: 35, 42, or 84 (2 marks)."""
    return f"{bid} ({bid // MARK} marks)" if bid > MARK and bid % MARK == 0 else str(bid)


@dataclass(frozen=True)
class Bid:
    """The winning (or high) call of an auction."""

    seat: int
    value: int
    call: str = "bid"  # "bid" | "plunge" | "splash"


# Ladders ------------------------------------------------------------------------------------


class Ladder:
    """What a plain bid may be. `specials` are the named calls (plunge, splash) it allows."""

    specials: tuple[str, ...] = ()

    def form(self, value: int) -> str | None:
        """Why `value` is not a bid at all, or None."""
        raise NotImplementedError

    def limit(self, value: int, high: int | None) -> str | None:
        """Why `value` may not follow the high bid (beyond topping it), or None."""
        return None

    def highest(self, high: int | None) -> int | None:
        """The largest plain bid allowed over `high`; None when there is no upper bound."""
        raise NotImplementedError

    def menu(self, high: int | None) -> list[int]:
        """The plain bids worth offering on a phone, legal or not."""
        raise NotImplementedError

    def special(self, call: str, high: int | None) -> int:
        raise NotImplementedError

    def check(self, value: int, high: int | None) -> str | None:
        """Why a plain bid of `value` is not legal over `high`, or None."""
        reason = self.form(value)
        if reason:
            return reason
        if high is not None and value <= high:
            return f"A bid must top the high bid of {show_bid(high)}."
        return self.limit(value, high)


@dataclass(frozen=True)
class RangeLadder(Ladder):
    """Bids from lo to hi, each topping the last (forty-two, card42-teams)."""

    lo: int
    hi: int

    def form(self, value):
        if not self.lo <= value <= self.hi:
            return f"Bids are from {self.lo} to {self.hi}; {value} is not a bid."
        return None

    def highest(self, high):
        return self.hi

    def menu(self, high):
        return list(range(self.lo, self.hi + 1))


@dataclass(frozen=True)
class MoonLadder(Ladder):
    """4 to 7 tricks, or 21: shooting the moon, the only bid that tops 7."""

    bids: tuple[int, ...] = (4, 5, 6, 7, 21)

    def form(self, value):
        if value not in self.bids:
            return f"Moon bids are 4, 5, 6 or 7 tricks, or 21 to shoot the moon; {value} is not a bid."
        return None

    def highest(self, high):
        return 21

    def menu(self, high):
        return list(self.bids)


class MarksForm(Ladder):
    """Points 30-41, or marks written as multiples of 42 (texas42-1986's bids take the same form)."""

    form_rule = "bids are 30 to 41 points, or marks written as multiples of 42 (42, 84, 126, ...)"

    def form(self, value):
        if 30 <= value <= 41 or (value >= MARK and value % MARK == 0):
            return None
        return f"{value} is not a bid: {self.form_rule}."

    def menu(self, high):
        top = max(self.highest(high) or 0, high or 0) + MARK
        return list(range(30, 42)) + list(range(MARK, max(top, 4 * MARK) + 1, MARK))


class Texas1986Ladder(MarksForm):
    """30-42; above 42 only multiples of 42, once somebody has bid 42."""

    form_rule = "bids are 30 to 42 points, and above 42 only multiples of 42 (84, 126, ...)"

    def limit(self, value, high):
        if value > MARK and (high is None or high < MARK):
            return f"{value} is not allowed yet: a bid above 42 needs somebody to have bid 42 first."
        return None

    def highest(self, high):
        return MARK if high is None or high < MARK else None


class LechnerLadder(MarksForm):
    """No raise of more than 2 marks over the high bid (30-42 counting as 0 marks);
    plunge and splash raise by exactly 4 and 3 marks over the same base."""

    specials = (PLUNGE, SPLASH)

    @staticmethod
    def base(high: int | None) -> int:
        return 0 if high is None or high <= MARK else high // MARK

    def limit(self, value, high):
        most = (self.base(high) + 2) * MARK
        if value > most:
            over = f"over {show_bid(high)}" if high is not None else "as the opening bid"
            return (f"{show_bid(value)} raises too far: no bid may be more than 2 marks above the "
                    f"high bid, so {over} the most is {show_bid(most)}.")
        return None

    def highest(self, high):
        return (self.base(high) + 2) * MARK

    def special(self, call, high):
        return (self.base(high) + (4 if call == PLUNGE else 3)) * MARK


class TexasLadder(MarksForm):
    """Anyone may bid 2 marks while the high bid is lower; after that one mark at a time.
    A plunge (4 marks) is the only way to open above 2 marks."""

    specials = (PLUNGE, SPLASH)

    def limit(self, value, high):
        if value <= 2 * MARK:
            return None
        if high is None or high < 2 * MARK:
            return (f"{show_bid(value)} is too high: the most anyone may open with is 84 (2 marks); "
                    f"only a plunge or a splash opens higher.")
        if value != high + MARK:
            return f"After {show_bid(high)} the only higher bid is {show_bid(high + MARK)}: one mark more."
        return None

    def highest(self, high):
        return 2 * MARK if high is None or high < 2 * MARK else high + MARK

    def special(self, call, high):
        floor = 4 * MARK if call == PLUNGE else 3 * MARK
        return floor if high is None or high < floor else high + MARK


# The auction -------------------------------------------------------------------------------


@dataclass(frozen=True)
class AuctionRules:
    """How one variant's auction runs at one table."""

    ladder: Ladder
    once: bool = True          # each player calls once (else: round and round, card42-teams)
    forced: bool = True        # the dealer may not pass when all others passed
    ceiling: int | None = None  # a bid that ends the auction at once (18 in card42-teams)
    specials: tuple[str, ...] = ()  # the named calls this table plays


class Auction:
    """An auction in progress: whose call it is, the high bid, who has passed."""

    def __init__(self, rules: AuctionRules, table: Table, dealer: int):
        self.rules, self.table, self.dealer = rules, table, dealer
        self.turn: int | None = (dealer + 1) % table.n
        self.high: Bid | None = None
        self.passed: set[int] = set()
        self.count = 0

    @property
    def done(self) -> bool:
        return self.turn is None

    def value(self, call: Any) -> int | None:
        """The bid a call makes, or None for a pass."""
        if call in (PLUNGE, SPLASH):
            return self.rules.ladder.special(call, self.high and self.high.value)
        return call if is_whole(call) else None

    def reason(self, call: Any) -> str | None:
        """Why `call` is not legal now, or None."""
        if self.done:
            return "The auction is already over."
        name, high = self.table.name(self.turn), self.high and self.high.value
        if call == PASS:
            if self.rules.forced and self.rules.once and self.turn == self.dealer and self.high is None:
                return (f"{name}, the dealer, may not pass: everyone else passed, so the dealer "
                        f"must bid (a forced bid).")
            return None
        if call in (PLUNGE, SPLASH):
            if call not in self.rules.specials:
                return f"A {call} is not played at this table."
            return None
        if not is_whole(call):
            named = ", ".join(self.rules.specials)
            return f"{show_value(call)} is not a call: say pass, a bid{', or ' + named if named else ''}."
        return self.rules.ladder.check(call, high)

    def call(self, call: Any) -> None:
        """Make the next call (already known to be legal)."""
        turn = self.turn
        self.count += 1
        if call == PASS:
            self.passed.add(turn)
        else:
            kind = call if call in (PLUNGE, SPLASH) else "bid"
            self.high = Bid(turn, self.value(call), kind)
        self.turn = self._next(turn)

    def _next(self, turn: int) -> int | None:
        n = self.table.n
        if self.rules.once:
            return None if self.count == n else (turn + 1) % n
        if self.rules.ceiling is not None and self.high and self.high.value >= self.rules.ceiling:
            return None
        if len(self.passed) == n or (self.high and len(self.passed) == n - 1):
            return None
        nxt = (turn + 1) % n
        while nxt in self.passed:
            nxt = (nxt + 1) % n
        return nxt


def run_auction(rules: AuctionRules, table: Table, dealer: int, calls: Any, k: int) -> Auction:
    """Check every call of a hand's auction in table order; the finished auction."""
    if not isinstance(calls, list):
        raise Invalid(k, "The auction must be a list of calls in table order.")
    auction = Auction(rules, table, dealer)
    for i, call in enumerate(calls):
        if auction.done:
            raise Invalid(k, f"The auction was over after {plural(i, 'call')}, but {len(calls)} "
                             f"were given.")
        who = table.name(auction.turn)
        reason = auction.reason(call)
        if reason:
            raise Invalid(k, f"Call {i + 1} ({who}): {reason}")
        auction.call(call)
    if not auction.done:
        raise Invalid(k, f"The auction is not finished: {table.name(auction.turn)} has still to call.")
    return auction


def check_result(rules: AuctionRules, table: Table, dealer: int, bid: Bid, k: int) -> None:
    """What can be checked of a winning bid without its auction: the bid's form, that the
    call is played here, and the most the bidder's place in the order lets her bid."""
    ladder, name = rules.ladder, table.name(bid.seat)
    if bid.call != "bid":
        if bid.call not in rules.specials:
            raise Invalid(k, f"A {bid.call} is not played at this table.")
        least = ladder.special(bid.call, None)
        if bid.value < least or bid.value % MARK:
            raise Invalid(k, f"A {bid.call} bid is {show_bid(least)} or more, in whole marks; "
                             f"{bid.value} is not a {bid.call} bid.")
    else:
        reason = ladder.form(bid.value)
        if reason:
            raise Invalid(k, reason)
    place = (bid.seat - dealer - 1) % table.n
    high: int | None = None
    for _ in range(place):  # the highest bid anyone before her could have left standing
        options = [ladder.highest(high)] + [ladder.special(c, high) for c in rules.specials]
        if None in options:
            return
        high = max(options)
    most = ladder.special(bid.call, high) if bid.call != "bid" else ladder.highest(high)
    if most is not None and bid.value > most:
        where = "first" if place == 0 else ordinal(place + 1)
        raise Invalid(k, f"{name} bids {where} after the dealer, so the most she could bid is "
                         f"{show_bid(most)}, not {show_bid(bid.value)}.")


def settle(hand: dict, k: int, table: Table, dealer: int, rules: AuctionRules,
           call: str = "bid") -> Bid | None:
    """The winning bid of a hand (None for an all-pass redeal), from its auction or its result.

    `call` is what the rest of the hand says the winning call was (plunge/splash from the
    contract); with an auction the two must agree.
    """
    redeal_allowed = not (rules.once and rules.forced)
    passed = hand.get("passed")
    if passed is not None and not isinstance(passed, bool):
        raise Invalid(k, "\"passed\" must be true or false.")
    if hand.get("auction") is not None:  # null, like a missing key, means "not given"
        auction = run_auction(rules, table, dealer, hand["auction"], k)
        won = auction.high
        if won is None:
            if not redeal_allowed:  # cannot happen: the forced dealer's pass is refused above
                raise Invalid(k, "Everyone passed, but the dealer must bid.")
            _no_result(hand, k)
            return None
        if passed:
            raise Invalid(k, "The hand says everyone passed, but the auction has a bid.")
        if hand.get("bidder") is not None and hand["bidder"] != won.seat:
            raise Invalid(k, f"The auction was won by {table.name(won.seat)}, not by the bidder given.")
        if hand.get("bid") is not None and (not is_whole(hand["bid"]) or hand["bid"] != won.value):
            raise Invalid(k, f"The auction was won with {show_bid(won.value)}, not with the bid given.")
        if won.call != call:
            raise Invalid(k, _call_mismatch(won.call, call))
        return won
    if passed:
        if not redeal_allowed:
            raise Invalid(k, "A hand cannot be passed in: when everyone else passes, the dealer "
                             "must bid (a forced bid).")
        _no_result(hand, k)
        return None
    bidder = seat(hand, "bidder", k, table, "the bidder")
    if "bid" not in hand:
        raise Invalid(k, "The hand needs the winning bid ('bid').")
    value = hand["bid"]
    if not is_whole(value):
        raise Invalid(k, f"The bid must be a whole number, not {show_value(value)}.")
    won = Bid(bidder, value, call)
    check_result(rules, table, dealer, won, k)
    return won


def _no_result(hand: dict, k: int) -> None:
    for key in ("bidder", "bid"):
        if hand.get(key) is not None:
            raise Invalid(k, f"Everyone passed, so the hand can have no {key}.")


def _call_mismatch(won: str, said: str) -> str:
    if won == "bid":
        return f"The contract is a {said}, but the auction was won by an ordinary bid, not a {said} call."
    return f"The auction was won by a {won} call, so the contract must be {won}."


def next_calls(auction: Auction) -> list[dict]:
    """Every call worth offering now, each legal or not, with the reason when not."""
    if auction.done:
        return []
    high = auction.high and auction.high.value
    offered: list[Any] = [PASS] + auction.rules.ladder.menu(high) + list(auction.rules.specials)
    out = []
    for call in offered:
        reason = auction.reason(call)
        out.append({"call": call, "bid": None if call == PASS else auction.value(call),
                    "legal": reason is None, "reason": reason})
    return out
