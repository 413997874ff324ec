"""One auction core for every bidding game: order of calls, passes, the forced dealer, and
ladders (what a bid may be over the high bid) as small policies.

Calls are "pass", a whole number (a bid), or "plunge" / "splash" (the marks games).
An auction ends once nobody can top the high bid (21 in moon, 42 in forty-two, 18 in
card42-teams); in the once-round auctions the calls left out count as passes, and may also be
given as "pass".
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .record import Invalid, Phrase, Table, is_whole, ordinal, seat, show_value
from .text import N_, Text

PASS = "pass"
PLUNGE = N_("plunge")  # codes, and the words a refusal names them by
SPLASH = N_("splash")
MARK = 42
DOUBLES_NEEDED = {PLUNGE: 4, SPLASH: 3}  # the doubles a plunge / splash bidder must hold
DOUBLES_IN_SET = 7                       # a double-six set holds 7 doubles
BIDDER = Phrase(N_("the bidder"), N_("The bidder"))  # how a refusal names her (record.Phrase)


def marks(bid: int) -> int:
    """What a bid scores in the marks games: 30-42 is one mark, 84 two, 126 three..."""
    return max(1, bid // MARK)


def show_bid(bid: int) -> str:
    """A bid of the marks games as players say it: 35, 42, or 84 (2 marks)."""
    if bid > MARK and bid % MARK == 0:
        return Text("{bid} ({marks} marks)", bid=bid, marks=bid // MARK)
    return str(bid)


@dataclass(frozen=True)
class Bid:
    """The winning (or high) call of an auction."""

    seat: int
    value: int
    call: str = "bid"  # "bid" | "plunge" | "splash"


# Ladders ------------------------------------------------------------------------------------


class Ladder:
    """What a plain bid may be. `specials` are the named calls (plunge, splash) it knows."""

    specials: tuple[str, ...] = ()
    lowest: int = 0  # the least plain bid

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

    def bids_between(self, lo: int, hi: int) -> list[int]:
        """Every plain bid (by its form) from lo to hi."""
        return [v for v in range(lo, hi + 1) if self.form(v) is None]

    def special(self, call: str, high: int | None) -> int:
        """What a plunge / splash bids over `high`."""
        raise NotImplementedError

    def special_limit(self, call: str, high: int | None) -> str | None:
        """Why a plunge / splash may not be called over `high`, or None."""
        return None

    def show(self, value: int) -> str:
        """A bid as players of this game say it."""
        return str(value)

    def check(self, value: int, high: int | None) -> str | None:
        """Why a plain bid of `value` is not legal over `high`, or None."""
        reason = self.form(value)
        if reason:
            return reason
        if high is not None and value <= high:
            return Text("A bid must top the high bid of {high}.", high=self.show(high))
        return self.limit(value, high)


@dataclass(frozen=True)
class RangeLadder(Ladder):
    """Bids from lo to hi, each topping the last (forty-two, card42-teams)."""

    lo: int
    hi: int

    @property
    def lowest(self):
        return self.lo

    def form(self, value):
        if not self.lo <= value <= self.hi:
            return Text("Bids are from {lo} to {hi}; {value} is not a bid.", lo=self.lo, hi=self.hi,
                        value=value)
        return None

    def highest(self, high):
        return self.hi

    def menu(self, high):
        return list(range(self.lo, self.hi + 1))


@dataclass(frozen=True)
class MoonLadder(Ladder):
    """4 to 7 tricks, or 21: shooting the moon, the only bid that tops 7."""

    bids: tuple[int, ...] = (4, 5, 6, 7, 21)
    lowest = 4

    def form(self, value):
        if value not in self.bids:
            return Text("Moon bids are 4, 5, 6 or 7 tricks, or 21 to shoot the moon; {value} is "
                        "not a bid.", value=value)
        return None

    def highest(self, high):
        return 21

    def menu(self, high):
        return list(self.bids)


class MarksForm(Ladder):
    """Points 30-41, or marks written as multiples of 42 (texas42-1986's bids take the same form)."""

    form_rule = N_("bids are 30 to 41 points, or marks written as multiples of 42 "
                   "(42, 84, 126, ...)")
    lowest = 30

    def form(self, value):
        if 30 <= value <= 41 or (value >= MARK and value % MARK == 0):
            return None
        return Text("{value} is not a bid: {rule}.", value=value, rule=self.form_rule)

    def menu(self, high):
        top = max(self.highest(high) or 0, high or 0) + MARK
        return list(range(30, 42)) + list(range(MARK, max(top, 4 * MARK) + 1, MARK))

    def bids_between(self, lo, hi):
        points = range(max(lo, 30), min(hi, 41) + 1)
        first = max(MARK, -(-lo // MARK) * MARK)
        return list(points) + list(range(first, hi + 1, MARK))


class Texas1986Ladder(MarksForm):
    """30-42; above 42 only multiples of 42, once somebody has bid 42. Its bids are points."""

    form_rule = N_("bids are 30 to 42 points, and above 42 only multiples of 42 (84, 126, ...)")

    def limit(self, value, high):
        if value > MARK and (high is None or high < MARK):
            return Text("{value} is not allowed yet: a bid above 42 needs somebody to have bid 42 "
                        "first.", value=value)
        return None

    def highest(self, high):
        return MARK if high is None or high < MARK else None


class MarksLadder(MarksForm):
    """The marks games' ladders (lechner42, texas42): bids of 42 and more are marks, and the
    plunge and splash calls."""

    specials = (PLUNGE, SPLASH)

    def show(self, value):
        return show_bid(value)


class LechnerLadder(MarksLadder):
    """No raise of more than 2 marks over the high bid (30-42 counting as 0 marks);
    plunge and splash raise by exactly 4 and 3 marks over the same base."""

    @staticmethod
    def base(high: int | None) -> int:
        return 0 if high is None or high <= MARK else high // MARK

    def limit(self, value, high):
        most = (self.base(high) + 2) * MARK
        if value > most:
            if high is None:
                return Text("{bid} raises too far: no bid may be more than 2 marks above the high "
                            "bid, so as the opening bid the most is {most}.",
                            bid=show_bid(value), most=show_bid(most))
            return Text("{bid} raises too far: no bid may be more than 2 marks above the high bid, "
                        "so over {high} the most is {most}.",
                        bid=show_bid(value), high=show_bid(high), most=show_bid(most))
        return None

    def highest(self, high):
        return (self.base(high) + 2) * MARK

    def special(self, call, high):
        return (self.base(high) + (4 if call == PLUNGE else 3)) * MARK


@dataclass(frozen=True)
class TexasLadder(MarksLadder):
    """Anyone may bid 2 marks while the high bid is lower; after that one mark at a time.
    A plunge is 4 marks, a splash `splash_marks` (3, or 2 as a house rule), or one mark above a
    high bid already that high; with 2, a splash cannot top a high bid of 3 marks or more."""

    splash_marks: int = 3

    def floor(self, call: str) -> int:
        return (4 if call == PLUNGE else self.splash_marks) * MARK

    def limit(self, value, high):
        if value <= 2 * MARK:
            return None
        if high is None or high < 2 * MARK:
            higher = [c for c in self.specials if self.special(c, high) > 2 * MARK]
            calls = higher[0] if len(higher) == 1 else Text("{call} or a {other}", call=higher[0],
                                                              other=higher[1])
            if high is None:
                return Text("{bid} is too high: the most anyone may open with is 84 (2 marks); "
                            "only a {calls} opens higher.", bid=show_bid(value), calls=calls)
            return Text("{bid} is too high: over {high} the most anyone may raise to is 84 "
                        "(2 marks); only a {calls} goes higher.", bid=show_bid(value),
                        high=show_bid(high), calls=calls)
        if value != high + MARK:
            return Text("After {high} the only higher bid is {next}: one mark more.",
                        high=show_bid(high), next=show_bid(high + MARK))
        return None

    def highest(self, high):
        return 2 * MARK if high is None or high < 2 * MARK else high + MARK

    def special(self, call, high):
        floor = self.floor(call)
        return floor if high is None or high < floor else high + MARK

    def special_limit(self, call, high):
        if call == SPLASH and self.splash_marks == 2 and high is not None and high >= 3 * MARK:
            return Text("A splash cannot top {high} at this table: a splash is 2 marks, or 3 marks "
                        "over a 2-mark bid, never more.", high=show_bid(high))
        return None


@dataclass(frozen=True)
class FreeLadder(TexasLadder):
    """Any bid that tops the high bid, 30-41 or any number of marks, from the opening on;
    plunge and splash keep their values."""

    def limit(self, value, high):
        return None

    def highest(self, high):
        return None

    def menu(self, high):
        """Up to 7 marks, or 3 marks over the high bid: any of them may be bid."""
        top = max(7 * MARK, (high or 0) + 3 * MARK)
        return list(range(30, 42)) + list(range(MARK, top + 1, MARK))


# The auction -------------------------------------------------------------------------------


@dataclass(frozen=True)
class AuctionRules:
    """How one variant's auction runs at one table."""

    ladder: Ladder
    once: bool = True          # each player calls once (else: round and round, card42-teams)
    forced: bool = True        # the dealer may not pass when all others passed
    specials: tuple[str, ...] = ()  # the named calls this table plays
    forced_minimum: int | None = None  # the least forced bid (None: the ladder's least bid)

    @property
    def least_forced(self) -> int:
        return self.ladder.lowest if self.forced_minimum is None else self.forced_minimum


@dataclass(frozen=True)
class Stand:
    """Where an auction stands for the next caller: the high bid and the plunge / splash calls
    made so far (each claims doubles from the set)."""

    high: int | None = None
    called: tuple[str, ...] = ()

    def after(self, call: Any, value: int) -> Stand:
        named = tuple(sorted(self.called + (call,))) if call in DOUBLES_NEEDED else self.called
        return Stand(value, named)


def value_of(rules: AuctionRules, call: Any, stand: Stand) -> int | None:
    """The bid a call makes over the stand, or None for a pass (or what is no call)."""
    if call in (PLUNGE, SPLASH):
        return rules.ladder.special(call, stand.high)
    return call if is_whole(call) else None


def refusal(rules: AuctionRules, call: Any, stand: Stand, forced: bool, who: str) -> str | None:
    """Why `call` may not be made over `stand`, or None. `forced`: the caller is the dealer and
    everyone else passed (a forced bid); `who` names her."""
    ladder = rules.ladder
    if call == PASS:
        if forced:
            return Text("{who}, the dealer, may not pass: everyone else passed, so she must bid at "
                        "least {least} (a forced bid).", who=who,
                        least=ladder.show(rules.least_forced))
        return None
    if call in (PLUNGE, SPLASH):
        if call not in rules.specials:
            return _not_played(call)
        reason = ladder.special_limit(call, stand.high) or _doubles_refusal(call, stand.called)
        if reason:
            return reason
    elif not is_whole(call):
        if rules.specials:
            return Text("{call} is not a call: say pass, a bid, or {named}.",
                        call=show_value(call), named=", ".join(rules.specials))
        return Text("{call} is not a call: say pass, a bid.", call=show_value(call))
    else:
        reason = ladder.check(call, stand.high)
        if reason:
            return reason
    value = value_of(rules, call, stand)
    if forced and value is not None and value < rules.least_forced:
        return Text("{who}, the dealer, is forced to bid (everyone else passed), and a forced bid "
                    "here is at least {least}, not {bid}.", who=who,
                    least=ladder.show(rules.least_forced), bid=ladder.show(value))
    return None


def _doubles_refusal(call: str, called: tuple[str, ...]) -> str | None:
    """A plunge / splash claims doubles; the calls of one auction cannot claim more than a
    double-six set holds."""
    claimed, need = sum(DOUBLES_NEEDED[c] for c in called), DOUBLES_NEEDED[call]
    if claimed + need <= DOUBLES_IN_SET:
        return None
    if call == PLUNGE and PLUNGE in called:
        return Text("A second plunge is not allowed: a plunge needs 4 doubles, and a double-six "
                    "set holds only 7, so two players cannot both hold 4.")
    return Text("A {call} is not possible now: it needs {need} doubles, and the plunge and splash "
                "calls before it already need {claimed} of the 7 doubles in a double-six set.",
                call=call, need=need, claimed=claimed)


def can_top(rules: AuctionRules, stand: Stand) -> bool:
    """Whether anybody could still top the high bid: a plain bid or a plunge / splash."""
    if stand.high is None:
        return True
    most = rules.ladder.highest(stand.high)
    if most is None or refusal(rules, most, stand, False, "") is None:
        return True
    return any(refusal(rules, c, stand, False, "") is None for c in rules.specials)


class Auction:
    """An auction in progress: whose call it is, the high bid, who has passed."""

    def __init__(self, rules: AuctionRules, table: Table, dealer: int):
        self.rules, self.table, self.dealer = rules, table, dealer
        self.turn: int | None = (dealer + 1) % table.n
        self.high: Bid | None = None
        self.stand = Stand()
        self.passed: set[int] = set()
        self.count = 0
        self.left_out: list[int] = []  # seats whose calls were left out (may be given as passes)

    @property
    def done(self) -> bool:
        return self.turn is None

    @property
    def caller(self) -> int | None:
        """The seat whose call the next one given is: the turn, or after an auction that ended
        at a bid nobody can top, the next player whose pass may still be given."""
        if self.turn is not None:
            return self.turn
        return self.left_out[0] if self.left_out else None

    @property
    def forced(self) -> bool:
        """The dealer's turn after everyone else passed, when she must bid."""
        return (self.rules.forced and self.rules.once and self.turn == self.dealer
                and self.high is None)

    def value(self, call: Any) -> int | None:
        """The bid a call makes, or None for a pass."""
        return value_of(self.rules, call, self.stand)

    def reason(self, call: Any) -> str | None:
        """Why `call` is not legal now, or None."""
        if self.done:
            if self.left_out and call == PASS:
                return None  # a call left out, given as a pass
            if self.left_out:
                return Text("The auction ended at {bid}: nobody can top it, so only passes may "
                            "follow.", bid=self.rules.ladder.show(self.high.value))
            return Text("The auction is already over.")
        return refusal(self.rules, call, self.stand, self.forced, self.table.name(self.turn))

    def call(self, call: Any) -> None:
        """Make the next call (already known to be legal)."""
        if self.done:  # a pass left out, given all the same
            self.left_out.pop(0)
            return
        turn = self.turn
        self.count += 1
        if call == PASS:
            self.passed.add(turn)
        else:
            kind = call if call in (PLUNGE, SPLASH) else "bid"
            value = self.value(call)
            self.high = Bid(turn, value, kind)
            self.stand = self.stand.after(call, value)
        self.turn = self._next(turn)

    def _next(self, turn: int) -> int | None:
        n = self.table.n
        if self.high and not can_top(self.rules, self.stand):
            if self.rules.once:
                self.left_out = [(turn + 1 + i) % n for i in range(n - self.count)]
            return None
        if self.rules.once:
            return None if self.count == n else (turn + 1) % n
        if len(self.passed) == n or (self.high and len(self.passed) == n - 1):
            return None
        nxt = (turn + 1) % n
        while nxt in self.passed:
            nxt = (nxt + 1) % n
        return nxt


def run_auction(rules: AuctionRules, table: Table, dealer: int, calls: Any, k: int) -> Auction:
    """Check every call of a hand's auction in table order; the finished auction."""
    if not isinstance(calls, list):
        raise Invalid(k, Text("The auction must be a list of calls in table order."))
    auction = Auction(rules, table, dealer)
    for i, call in enumerate(calls):
        if auction.caller is None:
            if i == 1:
                raise Invalid(k, Text("The auction was over after {count} call, but {given} were "
                                      "given.", count=i, given=len(calls)))
            raise Invalid(k, Text("The auction was over after {count} calls, but {given} were "
                                  "given.", count=i, given=len(calls)))
        who = table.name(auction.caller)
        reason = auction.reason(call)
        if reason:
            raise Invalid(k, Text("Call {number} ({who}): {reason}", number=i + 1, who=who,
                                  reason=reason))
        auction.call(call)
    if not auction.done:
        raise Invalid(k, Text("The auction is not finished: {name} has still to call.",
                              name=table.name(auction.turn)))
    return auction


# The result alone ----------------------------------------------------------------------------


def reachable(rules: AuctionRules, calls: int | None, below: int):
    """Every stand `calls` callers (None: any number, round and round) can leave for the next
    one, keeping only high bids under `below` (a later bid must top them); yielded as found, the
    stand with no bid first.

    Where the ladder has no upper bound (texas42-1986 after 42, the free ladder) only the plain
    bids just under `below` are looked at: every other step (plunge, splash, a capped raise) is at
    most a few marks long, and a bid far under `below` leads nowhere a bid made at once would not."""
    window = 4 * MARK * (calls if calls is not None else 1) + MARK
    seen = {Stand()}
    yield Stand()
    frontier = list(seen)
    rounds = calls if calls is not None else 4 * (below + 1)  # round and round: until nothing new
    for _ in range(rounds):
        new: list[Stand] = []
        for stand in frontier:
            for call, value in _topping_calls(rules, stand, below, window):
                if value < below and refusal(rules, call, stand, False, "") is None:
                    nxt = stand.after(call, value)
                    if nxt not in seen:
                        seen.add(nxt)
                        new.append(nxt)
                        yield nxt
        if not new:
            return
        frontier = new


def _topping_calls(rules: AuctionRules, stand: Stand, below: int, window: int):
    ladder = rules.ladder
    for call in rules.specials:
        yield call, ladder.special(call, stand.high)
    lo = ladder.lowest if stand.high is None else stand.high + 1
    most = ladder.highest(stand.high)
    top = below - 1 if most is None else min(most, below - 1)
    if most is None:
        lo = max(lo, below - window)
    yield from ((v, v) for v in ladder.bids_between(lo, top))


def check_result(rules: AuctionRules, table: Table, dealer: int, bid: Bid, k: int) -> None:
    """What can be checked of a winning bid without its auction: the bid's form, that the call is
    played here, and that some legal auction lets the bidder, in her place in the order, win
    with it (the stands the callers before her can leave; she must be able to call it over one)."""
    ladder, name = rules.ladder, table.name(bid.seat)
    if bid.call != "bid" and bid.call not in rules.specials:
        raise Invalid(k, _not_played(bid.call))
    reason = ladder.form(bid.value)
    if reason:
        raise Invalid(k, reason)
    n = table.n
    place = (bid.seat - dealer - 1) % n
    forced_place = rules.once and rules.forced and bid.seat == dealer
    call = bid.value if bid.call == "bid" else bid.call
    refused = []
    for stand in reachable(rules, place if rules.once else None, bid.value):
        reason = refusal(rules, call, stand, forced_place and stand.high is None, name)
        if reason is None and value_of(rules, call, stand) == bid.value:
            return
        refused.append((stand, reason))
    refused.sort(key=lambda sr: -1 if sr[0].high is None else sr[0].high)
    stands = [stand for stand, _ in refused]
    where = _place(place, n) if rules.once else "bids"
    show = ladder.show
    if bid.call == "bid":
        mosts = [ladder.highest(s.high) for s in stands]
        if None not in mosts and bid.value > max(mosts):
            raise Invalid(k, Text("{name} {where}, so the most she could bid is {most}, not {bid}.",
                                  name=name, where=where, most=show(max(mosts)),
                                  bid=show(bid.value)))
        reasons = [r for s, r in refused if r and (s.high is None or s.high < bid.value)]
        raise Invalid(k, reasons[-1] if reasons else
                      Text("No legal auction lets {name}, who {where}, win with {bid}.",
                           name=name, where=where, bid=show(bid.value)))
    values = sorted({value_of(rules, call, s) for s, r in refused if r is None})
    if values and bid.value < values[0]:
        raise Invalid(k, Text("{name} {where}, so the least she could {call} for is {least}, not "
                              "{bid}.", name=name, where=where, call=bid.call,
                              least=show(values[0]), bid=show(bid.value)))
    if values and len(values) <= 4:
        listed = show(values[-1])
        if len(values) > 1:
            listed = Text("{values} or {last}", values=", ".join(show(v) for v in values[:-1]),
                          last=listed)
        raise Invalid(k, Text("{name} {where}, so her {call} could only be {listed}, not {bid}.",
                              name=name, where=where, call=bid.call, listed=listed,
                              bid=show(bid.value)))
    raise Invalid(k, Text("No legal auction lets {name}, who {where}, {call} for {bid}.",
                          name=name, where=where, call=bid.call, bid=show(bid.value)))


def _place(place: int, n: int) -> str:
    """Where a caller sits in the order of calls, in words."""
    if place == 0:
        return N_("bids first, left of the dealer")
    if place == n - 1:
        return N_("is the dealer and bids last")
    return Text("bids {ordinal}", ordinal=ordinal(place + 1))


def _not_played(call: str) -> Text:
    return Text("A {call} is not played at this table.", call=call)


def settle(hand: dict, k: int, table: Table, dealer: int, rules: AuctionRules,
           call: str = "bid") -> Bid | None:
    """The winning bid of a hand (None for an all-pass redeal), from its auction or its result.

    `call` is what the rest of the hand says the winning call was (plunge/splash from the
    contract); with an auction the two must agree.
    """
    redeal_allowed = not (rules.once and rules.forced)
    show = rules.ladder.show
    passed = hand.get("passed")
    if passed is not None and not isinstance(passed, bool):
        raise Invalid(k, Text("\"passed\" must be true or false."))
    if hand.get("auction") is not None:  # null, like a missing key, means "not given"
        auction = run_auction(rules, table, dealer, hand["auction"], k)
        won = auction.high
        if won is None:
            if not redeal_allowed:  # cannot happen: the forced dealer's pass is refused above
                raise Invalid(k, Text("Everyone passed, but the dealer must bid."))
            _no_result(hand, k)
            return None
        if passed:
            raise Invalid(k, Text("The hand says everyone passed, but the auction has a bid."))
        if hand.get("bidder") is not None and hand["bidder"] != won.seat:
            raise Invalid(k, Text("The auction was won by {name}, not by the bidder given.",
                                  name=table.name(won.seat)))
        if hand.get("bid") is not None and (not is_whole(hand["bid"]) or hand["bid"] != won.value):
            raise Invalid(k, Text("The auction was won with {bid}, not with the bid given.",
                                  bid=show(won.value)))
        if won.call != call:
            raise Invalid(k, _call_mismatch(won.call, call))
        return won
    if passed:
        if not redeal_allowed:
            raise Invalid(k, Text("A hand cannot be passed in: when everyone else passes, the "
                                  "dealer must bid (a forced bid)."))
        _no_result(hand, k)
        return None
    bidder = seat(hand, "bidder", k, table, BIDDER)
    if "bid" not in hand:
        raise Invalid(k, Text("The hand needs the winning bid ('bid')."))
    value = hand["bid"]
    if not is_whole(value):
        raise Invalid(k, Text("The bid must be a whole number, not {value}.",
                              value=show_value(value)))
    won = Bid(bidder, value, call)
    check_result(rules, table, dealer, won, k)
    return won


def _no_result(hand: dict, k: int) -> None:
    for key in ("bidder", "bid"):
        if hand.get(key) is not None:
            raise Invalid(k, Text("Everyone passed, so the hand can have no {key}.", key=key))


def _call_mismatch(won: str, said: str) -> str:
    if won == "bid":
        return Text("The contract is a {said}, but the auction was won by an ordinary bid, not a "
                    "{said} call.", said=said)
    return Text("The auction was won by a {won} call, so the contract must be {won}.", won=won)


def next_calls(auction: Auction) -> list[dict]:
    """Every call worth offering now, each legal or not, with the reason when not.
    None once the auction is over (also when it ended at a bid nobody can top)."""
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
