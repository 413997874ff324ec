"""What every variant shares: its description, the deal rotation, and replaying the hands.

A variant scores one hand at a time (`play`) and says who has won (`winners`); `replay` runs
the hands in order and builds the result JSON. Totals are always the running sum of deltas.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from .record import BID_KEYS, Invalid, Option, Preset, Table, show_value, too_long, unknown_key
from .text import N_


@dataclass
class HandScore:
    """One hand's outcome: what each side gained, plus what players see about it."""

    deltas: list[int]
    bidding: dict = field(default_factory=dict)  # bidder, bid, made (bidding games)
    extra: dict = field(default_factory=dict)    # what the variant adds (countdown, engine, ...)


class Variant:
    """A game's rules. Subclasses set the description and implement `play` and `winners`."""

    id: str = ""
    title: str = ""
    blurb: str = ""
    family: str = ""
    min_players: int = 4
    max_players: int = 4
    partnership: bool = False
    units: str = "points"
    bidding: bool = False
    can_be_called: bool = True  # a game time may be called on (game-record.md's `called`)
    options: tuple[Option, ...] = ()
    presets: tuple[Preset, ...] = ()  # the usual sets of house rules, one tap each
    counts_own: bool = False  # each player counts her own hand on her own phone (a seat each)
    # How the pages speak of the game, asked of the variant rather than of its id:
    hand_word: str = N_("Hand")   # what one entry of the record is ("Round", "Game")
    deals: str = "deals"      # the dealer's verb on the scoreboard ("Ann shakes")
    dealt: str = "dealt"      # the same in the past, on a hand's line of the review
    lowest_wins: bool = False  # the lowest total is the best (Mexican Train's pips)
    # What the rules card reads the game's options against, and where those rules come from
    # when no source writes them down ("" for a rule sheet or program of the seeds)
    rules_name: str = "the written rules"
    rules_origin: str = ""
    # The rating group (spec/ratings.md): the variants that test one skill share a rating; "" is
    # the variant's own id, None never rated (a game played alone).
    rating_group_of: str | None = ""
    # ... and the hand form: the hand being entered ("This round scores"), and who began an
    # earlier hand, in its edit form's heading ("Ann started")
    form_word: str = N_("hand")
    form_dealt: str = "dealt"
    # What a hand holds beyond the deltas, asked by the form, the board, the sheet and the stats:
    bids_own_tricks: bool = False  # each player bids her exact tricks, in turn (card42)
    tricks_per_hand: int = 0       # a hand's tricks, where each player's are counted (Moon, card42)
    names_contract: bool = False   # the winning bid names a contract (nello, sevens, ...)
    moon_bid: int | None = None    # the bid that shoots the moon, where there is one
    usual_bids: tuple[int, ...] = ()  # the winning bids a table makes in practice (one tap each)
    went_out: bool = False         # a round records who went out (Mexican Train)
    engine_rounds: bool = False    # rounds numbered by their engine double (Mexican Train)
    tiles_left: bool = False       # a hand is the tiles left in the row (Castle Rock)
    solitaire: bool = False        # each hand is a game of its own, played alone, won or lost:
    #                                counted by games won, as the session never finishes
    # How a hand's result is entered, after any bid: the hand form's part for it
    # (partials/games/hand_form/_<result_entry>.html) and hand_form.build_hand's reading of it:
    # "contract" (a contract named, made or set), "points" (the points the bidders caught),
    # "card_points" (the same, or counted card by card), "tricks" (each player's tricks),
    # "pips" (the pips left in each hand, who went out), "tiles_left" (the tiles left).
    result_entry: str = ""
    # The keys of a hand's result (rules.md), besides BID_KEYS in a bidding game: a hand holds
    # these and nothing else (hand_keys).
    result_keys: tuple[str, ...] = ()

    @property
    def rating_group(self) -> str | None:
        """The group of variants a person's rating is kept for, or None when never rated."""
        return self.id if self.rating_group_of == "" else self.rating_group_of

    @property
    def hand_keys(self) -> tuple[str, ...]:
        """Every key a hand of this variant may hold (rules.md): its result's, and the
        auction's in a bidding game."""
        return (BID_KEYS if self.bidding else ()) + self.result_keys

    @property
    def has_auction(self) -> bool:
        """Whether a hand starts with calls the engine judges (rules.legal_calls)."""
        return self.bidding

    def preset(self, options: dict) -> Preset | None:
        """The preset a game's house rules are exactly (options set to their default count as
        not set), or None."""
        defaults = {o.name: o.default for o in self.options}
        chosen = {k: v for k, v in (options or {}).items() if defaults.get(k, v) != v}
        return next((p for p in self.presets if p.options == chosen), None)

    def redeal_allowed(self, options: dict) -> bool:
        return False

    def target(self, options: dict) -> int | None:
        """What a side must reach to win (marks or points), or None where the game has none
        (0 or off): an event caps a game's totals at it."""
        for name in ("target_marks", "target_points"):
            if options.get(name):
                return options[name]
        return None

    def contracts(self, options: dict) -> tuple[str, ...]:
        return ()

    def goal(self, options: dict) -> str:
        """What wins the game, in one line under the scoreboard ("" where nothing does)."""
        if "target_points" in options:
            return f"First to {options['target_points']} points."
        return ""

    def check_table(self, table: Table) -> None:
        """Checks that span several options (most need none)."""

    def sides(self, table: Table) -> list[str]:
        if self.partnership:
            p = table.players
            return [f"{p[0]} & {p[2]}", f"{p[1]} & {p[3]}"]
        return list(table.players)

    def side_of(self, seat: int) -> int:
        return seat % 2 if self.partnership else seat

    def dealer(self, table: Table, k: int) -> int:
        """The deal passes left (clockwise): hand k is dealt by the k-th seat after the first."""
        return (table.first_dealer + k) % table.n

    def start(self, table: Table) -> dict:
        """State a variant keeps besides the totals (hands won, games played...)."""
        return {}

    def play(self, table: Table, state: dict, hand: dict, k: int, dealer: int,
             totals: list[int]) -> HandScore:
        raise NotImplementedError

    def winners(self, table: Table, state: dict, totals: list[int], scored: HandScore,
                k: int) -> list[int]:
        """The winning sides after hand k; empty while the game goes on."""
        raise NotImplementedError

    def summary(self, table: Table, state: dict, totals: list[int], finished: bool,
                played: int) -> dict:
        """Top-level extras of the result."""
        return {}


def _play(variant: Variant, table: Table, sides: list[str], state: Any, hand: Any, k: int,
          totals: list[int], winners: list[int]) -> tuple[dict, list[int], list[int]]:
    """Hand k played on `state` (which it changes) after `totals` and `winners`: its result
    row, the totals and the winners after it; Invalid when it breaks a rule there."""
    if winners:
        names = " and ".join(sides[w] for w in winners)
        raise Invalid(k, f"The game is already over: {names} won. No more hands can be entered.")
    if not isinstance(hand, dict):
        raise Invalid(k, "A hand must be an object of score inputs.")
    key = unknown_key(hand, variant.hand_keys)
    if key is not None:
        raise Invalid(k, f"A {variant.title} {variant.hand_word.lower()} holds no key "
                         f"{show_value(key)}: its keys are {', '.join(variant.hand_keys)}.")
    if too_long(hand):
        raise Invalid(k, "A number in this hand is too long to be a score input.")
    dealer = variant.dealer(table, k)
    scored = variant.play(table, state, hand, k, dealer, totals)
    totals = [t + d for t, d in zip(totals, scored.deltas)]
    row = {"dealer": dealer, **scored.bidding, "deltas": scored.deltas, "totals": totals,
           **scored.extra}
    return row, totals, variant.winners(table, state, totals, scored, k)


def replay_versions(variant: Variant, table: Table, hands: list[Any],
                    versions: dict[int, list[Any]]) -> dict[int, list[dict | None]]:
    """Each hand of versions[k] scored in the place of hand k, after hands[:k] as they are (its
    result row, or None where it breaks a rule there): what replaying hands[:k] plus that hand
    would give for it, for all of them in one replay of `hands` (each version is played on a
    copy of the state before hand k)."""
    sides = variant.sides(table)
    totals = [0] * len(sides)
    state = variant.start(table)
    winners: list[int] = []
    out: dict[int, list[dict | None]] = {k: [] for k in versions}
    last = min(max(versions, default=0), len(hands))
    for k in range(last + 1):
        for hand in versions.get(k, ()):
            try:
                row = _play(variant, table, sides, copy.deepcopy(state), hand, k, totals,
                            winners)[0]
            except (Invalid, RecursionError):
                row = None
            out[k].append(row)
        if k == last:
            break
        try:
            _, totals, winners = _play(variant, table, sides, state, hands[k], k, totals, winners)
        except Invalid:  # no version after a hand that breaks a rule scores
            break
    for k, hands_k in versions.items():
        out[k] += [None] * (len(hands_k) - len(out[k]))
    return out


def replay(variant: Variant, table: Table, hands: list[Any]) -> dict:
    """Score every hand in order; Invalid at the first hand that breaks a rule."""
    sides = variant.sides(table)
    totals = [0] * len(sides)
    state = variant.start(table)
    results: list[dict] = []
    winners: list[int] = []
    for k, hand in enumerate(hands):
        row, totals, winners = _play(variant, table, sides, state, hand, k, totals, winners)
        results.append(row)
    if not winners and table.called:
        winners = called_winner(variant, totals)
    finished = bool(winners)
    result = {"ok": True, "variant": variant.id, "units": variant.units, "sides": sides,
              "hands": results, "totals": totals, "finished": finished, "winners": winners}
    if not finished:
        result["next_dealer"] = variant.dealer(table, len(hands))
    result.update(variant.summary(table, state, totals, finished, len(hands)))
    return result


def called_winner(variant: Variant, totals: list[int]) -> list[int]:
    """A game stopped at time is won by the one side ahead; a shared lead plays another hand."""
    ahead = leaders(totals, list(range(len(totals))), lowest=variant.lowest_wins)
    return ahead if len(ahead) == 1 else []


def leaders(totals: list[int], among: list[int], lowest: bool = False) -> list[int]:
    """The sides among `among` with the best total (highest, or lowest for pips): ties share."""
    if not among:
        return []
    best = (min if lowest else max)(totals[s] for s in among)
    return [s for s in among if totals[s] == best]
