"""Hand entry: form fields <-> the hand dict of the game record, both directions.

The form is plain HTML (works without JavaScript); htmx only re-posts it as the scorer taps. Every
field is kept as the string that was typed, so an invalid form is re-rendered exactly as entered.

Field names:
  mode            "auction" (call by call) or "quick" (just bidder and bid)
  calls           the auction so far, comma separated in table order ("pass,31,84")
  call            a tapped call button: a call to append, or "back" to take the last one back
  bidder, bid     quick entry;  passed = "1": everybody passed (a redeal)
  contract, trump, played (the game a plunge/splash plays), doubles_held, doubles_rule
  points, made ("1"/"0"), points_mode ("number"/"items") and the card items
  bid-N, tricks-N, pips-N (per seat), out, blocked, double_blank, remaining
"""
from __future__ import annotations

import re

from typing import Any, Mapping

from ..rules.record import whole_number
from ..rules.text import N_, Text

# The words below are English, marked for the catalog (N_): a page says them (`|say`).
CARD_ITEMS = (
    # field, label, kind ("bool" or a max count), worth each
    ("high", N_("High (ace of trumps)"), "bool", 2),
    ("other_aces", N_("Other aces"), 3, 1),
    ("jack", N_("Jack of trumps"), "bool", 2),
    ("other_jacks", N_("Other jacks"), 3, 1),
    ("four", N_("Four of trumps"), "bool", 4),
    ("game", N_("Game"), "bool", 2),
    ("three", N_("Three of trumps"), "bool", 2),
)

CONTRACT_LABELS = {
    "trumps": N_("Trumps"),
    "trash": N_("Trash"),
    "straight": N_("Straight 42"),
    "sevens": N_("Sevens"),
    "nillo": N_("Nello"),
    "follow-me": N_("Follow me"),
    "plunge": N_("Plunge"),
    "splash": N_("Splash"),
}
# ... and as a hand's line says them, mid-sentence ("Ann bid 30 straight 42")
CONTRACT_WORDS = {
    "trumps": N_("trumps"),
    "trash": N_("trash"),
    "straight": N_("straight 42"),
    "sevens": N_("sevens"),
    "nillo": N_("nello"),
    "follow-me": N_("follow me"),
    "plunge": N_("plunge"),
    "splash": N_("splash"),
}
PLAYED_CHOICES = ("straight", "sevens", "follow-me", "nillo")
DOUBLES_RULES = {
    "nillo": (("high", N_("Doubles high")), ("low", N_("Doubles low")),
              ("suit", N_("Doubles a suit")), ("suit-inverted", N_("Doubles a suit, inverted"))),
    "follow-me": (("high", N_("Doubles high")), ("low", N_("Doubles low"))),
}
TRUMP_CHOICES = (("", "—"), ("0", N_("Blanks")), ("1", N_("Aces")), ("2", N_("Deuces")),
                 ("3", N_("Treys")), ("4", N_("Fours")), ("5", N_("Fives")), ("6", N_("Sixes")),
                 ("doubles", N_("Doubles")))

SIMPLE_FIELDS = (
    "mode", "calls", "bidder", "bid", "passed", "contract", "trump", "played", "doubles_held",
    "doubles_rule", "points", "made", "points_mode", "out", "blocked", "double_blank", "remaining",
    "high", "other_aces", "jack", "other_jacks", "four", "game", "three",
)
SEAT_FIELDS = ("bid", "tricks", "pips")


class Problem(Exception):
    """What stops a hand being built: kind "missing" (not finished yet) or "error"; its message
    a Text, said in the reader's language where shown."""

    def __init__(self, kind: str, message: Text, fields: str | None = None):
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.fields = fields  # a missing one: the form field(s), any of which would do




# --------------------------------------------------------------------------- calls

def parse_call(text: str) -> str | int | None:
    text = (text or "").strip().lower()
    if text in ("pass", "plunge", "splash"):
        return text
    return whole_number(text)


def parse_calls(text: str | None) -> list[str | int]:
    calls: list[str | int] = []
    for part in (text or "").split(","):
        call = parse_call(part)
        if call is not None:
            calls.append(call)
    return calls


def format_calls(calls) -> str:
    return ",".join(str(c) for c in calls)




def delta_tone(delta, lowest_wins: bool) -> str:
    """How a hand's change is coloured on the sheets and the preview: "up" for a gain, "down"
    for a loss, "" for none, and "" always where the lowest total wins (pips are no gain)."""
    if not delta or lowest_wins:
        return ""
    return "up" if delta > 0 else "down"


def call_label(call, variant=None) -> str:
    """A call as a button and the calls' list show it: a word (said where shown), or a bid."""
    if call == "pass":
        return N_("Pass")
    if call in ("plunge", "splash"):
        return CONTRACT_LABELS[call]
    if variant is not None and variant.moon_bid is not None and call == variant.moon_bid:
        return N_("Shoot the moon")
    if isinstance(call, int) and variant is not None and variant.units == "marks" and call >= 84 \
            and call % 42 == 0:
        return Text("{marks} marks", marks=call // 42)
    return str(call)


def bid_label(hand: dict, bid, variant=None) -> str:
    """A played hand's bid as the score sheets show it: a plunge or splash by name and value,
    "Plunge (4 marks)" (the record's contract says which, the engine's bid its value), else
    call_label."""
    contract = hand.get("contract")
    if contract in ("plunge", "splash"):
        return Text("{contract} ({bid})", contract=CONTRACT_LABELS[contract],
                    bid=call_label(bid, variant))
    return call_label(bid, variant)


MARKS_NOTE = re.compile(r" \([0-9]+ marks?\)")
BID_IN_MARKS = re.compile(r"([0-9]+) \([0-9]+ marks?\)")


def in_units(variant, text):
    """An engine message in the variant's own units: the shared auction code writes 84 as
    "84 (2 marks)", which is right in the marks games only (texas42-1986 counts points).
    A Text keeps its sentence (so it is said in any language): a bid among its values that
    is written so becomes the bare number."""
    if not text or variant is None or variant.units == "marks":
        return text
    if isinstance(text, Text):
        if not text.values:
            return text
        values = {}
        for key, value in text.values.items():
            bare = BID_IN_MARKS.fullmatch(value) if isinstance(value, str) else None
            values[key] = bare.group(1) if bare else in_units(variant, value)
        return Text(text.template, **values)
    if isinstance(text, str):
        return MARKS_NOTE.sub("", text)
    return text


# --------------------------------------------------------------------------- reading the form

def read_values(form: Mapping[str, Any], players: int) -> dict[str, str]:
    """The hand fields of a submitted form, as typed (strings)."""
    values: dict[str, str] = {}
    for name in SIMPLE_FIELDS:
        v = form.get(name)
        if v is not None:
            values[name] = str(v).strip()
    for prefix in SEAT_FIELDS:
        for seat in range(players):
            v = form.get(f"{prefix}-{seat}")
            if v is not None:
                values[f"{prefix}-{seat}"] = str(v).strip()
    return values


# The fields a hand form sends before anything is entered (modes, and choices drawn
# preselected): a form with nothing else filled holds no hand.
PRESET_FIELDS = ("mode", "points_mode", "contract", "trump", "doubles_rule", "doubles_held",
                 "played")


def has_entries(values: Mapping[str, str]) -> bool:
    """Whether a form's values (read_values) hold anything the scorer entered."""
    return any(v for name, v in values.items() if name not in PRESET_FIELDS)


SAVE_ID = re.compile(r"[0-9A-Za-z-]{8,40}")


def save_id(form: Mapping[str, Any]) -> str | None:
    """The id the phone drew for this save (static/js/pwa.js), or None (no JavaScript, or
    not an id)."""
    value = form.get("save_id") or ""
    return value if SAVE_ID.fullmatch(value) else None


FORM_BUTTONS = ("call", "set_mode", "set_points_mode")  # they change the form, never save


def is_form_button(form: Mapping[str, Any]) -> bool:
    """Whether a call button or a mode switch sent this form (Save did not)."""
    return any(name in form for name in FORM_BUTTONS)


def apply_call_button(values: dict[str, str], form: Mapping[str, Any]) -> None:
    """A tapped call button (or a mode switch) changes the form's state, not the database."""
    new_mode = form.get("set_mode")
    if new_mode in ("auction", "quick"):
        values["mode"] = new_mode
    points_mode = form.get("set_points_mode")
    if points_mode in ("number", "items"):
        values["points_mode"] = points_mode
    tapped = form.get("call")
    if tapped is None:
        return
    calls = parse_calls(values.get("calls"))
    if tapped == "back":
        if calls:
            calls.pop()
    elif tapped == "clear":
        calls = []
    else:
        call = parse_call(tapped)
        if call is not None:
            calls.append(call)
    values["calls"] = format_calls(calls)


def mode_of(variant, values) -> str:
    """The entry mode the form asks for; call by call ("auction") unless it says "quick"."""
    mode = values.get("mode")
    return mode if mode in ("auction", "quick") else "auction"


def bid_choices(variant, current: str | None = None) -> list[tuple[str, str]]:
    """The winning bids offered as buttons in "just the bid" entry, as (value, label): every bid
    a table makes in practice, so the bid is one tap (no keyboard). A saved bid outside the list
    (an edit) is added, so it is never lost."""
    values = list(variant.usual_bids)
    if not values:
        return []
    number = whole_number(current)
    if number is not None and number not in values:
        values = sorted(values + [number])
    return [(str(b), call_label(b, variant)) for b in values]


def default_contract(variant, options) -> str | None:
    """The contract a hand has unless the scorer picks another: the plain trump game."""
    if not variant.names_contract:
        return None
    contracts = list(variant.contracts(options))
    for plain in ("straight", "trumps"):
        if plain in contracts:
            return plain
    return contracts[0] if contracts else None


def inferred_tricks(variant, values: Mapping[str, str], n: int) -> tuple[int, int] | None:
    """(seat, tricks) for the one player whose tricks are left blank, when the others' are
    given: hers are what is left of the hand's tricks. None when not exactly one is blank, or
    the others' are not counts that leave her any."""
    total = variant.tricks_per_hand
    blank = [s for s in range(n) if values.get(f"tricks-{s}", "") == ""]
    if not total or len(blank) != 1:
        return None
    others = [whole_number(values.get(f"tricks-{s}")) for s in range(n) if s != blank[0]]
    if any(t is None or not 0 <= t <= total for t in others) or sum(others) > total:
        return None
    return blank[0], total - sum(others)


def _tricks(variant, values, players) -> list[int]:
    """Everyone's tricks taken; the last player's follow from the others' (inferred_tricks)."""
    inferred = inferred_tricks(variant, values, len(players))
    if inferred is not None:
        values = {**values, f"tricks-{inferred[0]}": str(inferred[1])}
    return [_int(values, f"tricks-{s}", Text("Enter the tricks {name} took.", name=p),
                 Text("The tricks {name} took must be a whole number.", name=p))
            for s, p in enumerate(players)]


def _int(values, name, missing: Text | None, wrong: Text) -> int | None:
    """The whole number typed in field `name`, None when blank and not required (`missing`
    None); else Problem says `missing` (blank) or `wrong` (not a whole number)."""
    raw = values.get(name, "")
    if raw == "":
        if missing is not None:
            raise Problem("missing", missing, name)
        return None
    number = whole_number(raw)
    if number is None:
        raise Problem("error", wrong)
    return number


def _bool(values, name) -> bool:
    return values.get(name, "") in ("1", "on", "true", "yes")


# --------------------------------------------------------------------------- form -> hand

PICK_POINTS = Text("Pick the points the bidding team caught.")
NOT_POINTS = Text("The points the bidding team caught must be a whole number.")

def build_hand(variant, options: dict, players: list[str], values: dict[str, str],
               auction: dict | None, bid_order: list[int] | None = None) -> dict[str, Any]:
    """The hand dict for the record, or raise Problem naming what is missing or wrong.

    `auction` is legal_calls() for the calls in the form (auction mode of the bidding games and
    card42), else None. `bid_order` is card42's seats in bidding order (the dealer's left
    first): a missing bid is asked for in that order.
    """
    n = len(players)

    if variant.tiles_left:
        return {"remaining": _int(values, "remaining", Text("Enter the dominoes left in the row."),
                                  Text("The dominoes left in the row must be a whole number."))}

    if variant.units == "pips":  # everyone's pips, who went out
        out = whole_number(values.get("out"))
        if out is not None and 0 <= out < n and values.get(f"pips-{out}", "") == "":
            values[f"pips-{out}"] = "0"  # who went out holds nothing: one tap on her name
        pips = [_int(values, f"pips-{s}", Text("Enter the pips left in {name}'s hand.", name=p),
                     Text("The pips left in {name}'s hand must be a whole number.", name=p))
                for s, p in enumerate(players)]
        hand: dict[str, Any] = {"pips": pips}
        if values.get("out", "") != "":
            hand["out"] = _int(values, "out", None, Text("Who went out must be a whole number."))
        if _bool(values, "blocked"):
            hand["blocked"] = True
        if values.get("double_blank", "") != "":
            hand["double_blank"] = _int(values, "double_blank", None,
                                        Text("Who held the double blank must be a whole number."))
        return hand

    if variant.bids_own_tricks:
        if mode_of(variant, values) == "auction":
            if auction is None or auction.get("error"):
                raise Problem("error", (auction or {}).get("error")
                              or Text("The bids are not legal."))
            calls = parse_calls(values.get("calls"))
            if not auction.get("done"):
                seat = auction.get("seat")
                raise Problem("missing", Text("Enter the bids: {name} to bid.", name=players[seat])
                              if seat is not None else Text("Enter the bids: the next player to bid."))
            bids = [0] * n
            for seat, b in zip(auction["turns"], calls):
                bids[seat] = int(b)
        else:
            by_seat = {s: _int(values, f"bid-{s}", Text("Enter {name}'s bid.", name=players[s]),
                               Text("{name}'s bid must be a whole number.", name=players[s]))
                       for s in (bid_order or range(n))}
            bids = [by_seat[s] for s in range(n)]
        return {"bids": bids, "tricks": _tricks(variant, values, players)}

    # ---- the bidding games
    hand = {}
    if mode_of(variant, values) == "auction":
        if auction is None:
            raise Problem("error", Text("The auction could not be read."))
        if auction.get("error"):
            raise Problem("error", auction["error"])
        calls = parse_calls(values.get("calls"))
        if not auction.get("done"):
            seat = auction.get("seat")
            raise Problem("missing", Text("Enter the auction: {name} to call.", name=players[seat])
                          if seat is not None else Text("Enter the auction: the next player to call."))
        hand["auction"] = calls
        if auction.get("redeal"):
            return hand
        winning = auction.get("winning_call")
    else:
        if _bool(values, "passed"):
            return {"passed": True}
        bidder = _int(values, "bidder", Text("Pick who won the bid."),
                      Text("Who won the bid must be a whole number."))
        bid = _int(values, "bid", Text("Pick the winning bid."),
                   Text("The winning bid must be a whole number."))
        hand["bidder"] = bidder
        hand["bid"] = bid
        winning = None

    if variant.result_entry == "tricks":
        hand["tricks"] = _tricks(variant, values, players)
        return hand

    if variant.result_entry == "card_points":
        if values.get("points_mode") == "items":
            items: dict[str, Any] = {}
            for field, label, kind, _worth in CARD_ITEMS:
                if kind == "bool":
                    items[field] = _bool(values, field)
                else:
                    items[field] = _int(values, field, None, Text(
                        "{count} must be a whole number.", count=label)) or 0
            hand["points"] = items
        else:
            hand["points"] = _int(values, "points",
                                  Text("Enter the points the bidding team caught."), NOT_POINTS)
        return hand

    if variant.result_entry == "points":
        hand["points"] = _int(values, "points", PICK_POINTS, NOT_POINTS)
        return hand

    # result_entry "contract" (texas42-1986, the marks games): a contract, then its outcome
    contract = values.get("contract", "") or default_contract(variant, options) or ""
    if winning in ("plunge", "splash"):
        contract = winning
    if not contract:
        raise Problem("missing", Text("Pick the contract."), "contract")
    hand["contract"] = contract
    if contract in ("trumps", "straight"):
        trump = values.get("trump", "")
        if trump:
            hand["trump"] = "doubles" if trump == "doubles" else _int(
                values, "trump", None, Text("The trump must be a whole number."))
    if contract in ("plunge", "splash"):
        played = values.get("played", "")
        if not played:
            raise Problem("missing", Text("Pick the game the {contract} was played as.",
                                          contract=contract), "played")
        hand["call"] = played
        hand["doubles"] = _int(values, "doubles_held",
                               Text("Enter how many doubles the bidder held."),
                               Text("How many doubles the bidder held must be a whole number."))
    if contract in DOUBLES_RULES and values.get("doubles_rule", ""):
        hand["doubles"] = values["doubles_rule"]

    if contract == "trumps":  # texas42-1986: the points caught are the score
        hand["points"] = _int(values, "points", PICK_POINTS, NOT_POINTS)
    elif contract == "straight":  # the marks games: made or set is enough, points if given
        points = _int(values, "points", None, NOT_POINTS)
        made = values.get("made", "")
        if points is None and made not in ("1", "0"):
            raise Problem("missing", Text("Was the bid made or set?"), "made points")
        if made in ("1", "0"):
            hand["made"] = made == "1"
        if points is not None:
            hand["points"] = points
    else:
        made = values.get("made", "")
        if made not in ("1", "0"):
            raise Problem("missing", Text("Was the contract made or set?"), "made")
        hand["made"] = made == "1"
    return hand


# --------------------------------------------------------------------------- hand -> form

# What the phone checks itself with the server away (missing_fields): a field that, filled with
# anything, leaves the rest of the hand asked for the same way. Not a count the others' may
# stand for (the tricks' last one, the pips of who went out), nor the calls (the phone takes
# them), nor a pick that changes what else the hand needs (the contract: its outcome is asked
# after it, as drawn).
PHONE_CHECKED = re.compile(r"(bidder|bid|bid-\d+|made|made points|points|played|doubles_held|"
                           r"remaining)$")


def missing_fields(variant, options: dict, players: list[str], values: Mapping[str, str],
                   auction: dict | None, bid_order: list[int] | None = None
                   ) -> list[tuple[str, str]]:
    """What these values still need before build_hand makes a hand of them, in the order it
    asks, each as (the form field, or the fields any of which would do; the words for it):
    the hand form carries it (data-needs) so that with the server away the phone refuses on
    the spot a hand it would only keep for the server to refuse. Read off build_hand itself,
    each missing field filled in turn, up to the first the phone cannot judge (PHONE_CHECKED);
    call by call, what the rest of the hand needs once the calls are in; "passed" beside each
    where a hand everyone passed is one of them."""
    probe = dict(values)
    if auction is not None and not auction.get("done"):
        if variant.bids_own_tricks:  # the bids are the calls; the tricks, counts (not checked)
            return []
        auction = {"done": True}  # the calls taken on the phone: the rest of the hand
    needs: list[tuple[str, str]] = []
    for _ in range(len(players) + 8):
        try:
            build_hand(variant, options, players, probe, auction, bid_order)
        except Problem as problem:
            if problem.kind != "missing" or not problem.fields or \
                    not PHONE_CHECKED.match(problem.fields):
                break
            needs.append((problem.fields, in_units(variant, problem.message)))
            probe[problem.fields.split()[0]] = "1"
            continue
        break
    try:  # a hand everyone passed (the bidding games, just the bid) needs none of them
        build_hand(variant, options, players, {**values, "passed": "1"}, auction, bid_order)
    except Problem:
        return needs
    return [(f"{fields} passed", words) for fields, words in needs]


def values_from_hand(variant, hand: dict[str, Any], players: list[str]) -> dict[str, str]:
    """Form values that rebuild `hand` (for editing a saved hand)."""
    hand = {key: value for key, value in hand.items() if value is not None}  # null: not given
    v: dict[str, str] = {}

    def seats(prefix, items):
        for s, x in enumerate(items or []):
            v[f"{prefix}-{s}"] = str(x)

    if variant.tiles_left:
        v["remaining"] = str(hand.get("remaining", ""))
        return v
    if variant.units == "pips":  # everyone's pips, who went out
        seats("pips", hand.get("pips"))
        if "out" in hand:
            v["out"] = str(hand["out"])
        if hand.get("blocked"):
            v["blocked"] = "1"
        if "double_blank" in hand:
            v["double_blank"] = str(hand["double_blank"])
        return v
    if variant.bids_own_tricks:
        v["mode"] = "quick"
        seats("bid", hand.get("bids"))
        seats("tricks", hand.get("tricks"))
        return v

    if "auction" in hand:
        v["mode"] = "auction"
        v["calls"] = format_calls(hand["auction"])
    else:
        v["mode"] = "quick"
        if hand.get("passed"):
            v["passed"] = "1"
        if "bidder" in hand:
            v["bidder"] = str(hand["bidder"])
        if "bid" in hand:
            v["bid"] = str(hand["bid"])
    if "tricks" in hand:
        seats("tricks", hand["tricks"])
    contract = hand.get("contract")
    if contract:
        v["contract"] = contract
    if "trump" in hand:
        v["trump"] = str(hand["trump"])
    if "call" in hand:
        v["played"] = str(hand["call"])
    if "doubles" in hand:
        if isinstance(hand["doubles"], int):
            v["doubles_held"] = str(hand["doubles"])
        else:
            v["doubles_rule"] = str(hand["doubles"])
    points = hand.get("points")
    if isinstance(points, dict):
        v["points_mode"] = "items"
        for field, _label, kind, _w in CARD_ITEMS:
            if kind == "bool":
                if points.get(field):
                    v[field] = "1"
            else:
                v[field] = str(points.get(field, 0))
    elif points is not None:
        v["points"] = str(points)
    if "made" in hand and not (contract == "trumps" and points is not None):
        v["made"] = "1" if hand["made"] else "0"
    return v


# --------------------------------------------------------------------------- describing a hand

def describe_hand(variant, hand: dict[str, Any], players: list[str], result: dict | None) -> str:
    """One line about what was entered, for the list of hands: a Text, each part of it joined
    by a sentence of its own (a language puts them in its own order)."""
    if variant.tiles_left:
        return Text("{count} left in the row", count=hand.get("remaining"))
    if variant.went_out:
        out = players[hand["out"]] if "out" in hand else None
        if out is not None and hand.get("blocked"):
            return Text("{name} went out, blocked", name=out)
        if out is not None:
            return Text("{name} went out", name=out)
        return Text("blocked") if hand.get("blocked") else Text("round played")
    if variant.bids_own_tricks:
        bids = hand.get("bids", [])
        tricks = hand.get("tricks", [])
        return Text("{bids} (bid/took)", bids="; ".join(
            f"{players[s]} {b}/{t}" for s, (b, t) in enumerate(zip(bids, tricks))))
    if hand.get("passed") or (result is not None and result.get("bidder") is None):
        return Text("All passed: redeal")
    bidder = result.get("bidder") if result else hand.get("bidder")
    bid = result.get("bid") if result else hand.get("bid")
    who = players[bidder] if isinstance(bidder, int) and 0 <= bidder < len(players) else "?"
    auction = result is None and "auction" in hand  # not scored: who bid is not known without it
    if auction:
        text = Text("Calls {calls}", calls=joined(call_label(c, variant) for c in hand["auction"]))
    elif variant.moon_bid is not None and bid == variant.moon_bid:
        text = Text("{name} shot the moon", name=who)
    else:
        text = Text("{name} bid {bid}", name=who, bid=call_label(bid, variant))
    if hand.get("contract"):
        words = contract_words(hand, mid_sentence=True)
        text = Text("{hand}; {contract}", hand=text, contract=words) if auction \
            else Text("{hand} {contract}", hand=text, contract=words)
    caught = hand_details(variant, hand, bidder)
    if caught:
        text = Text("{hand}, {details}", hand=text, details=caught)
    if result is not None and result.get("made") is not None:
        text = Text("{hand}: made", hand=text) if result["made"] else Text("{hand}: set", hand=text)
    return text


def joined(words) -> str:
    """Words in a row, "Pass · 31 · 2 marks", each said in the reader's language (a Text)."""
    row = ""
    for word in words:
        row = Text("{row} · {word}", row=row, word=word) if row else word
    return row


def contract_words(hand: dict[str, Any], mid_sentence: bool = False) -> str:
    """The hand's contract by name, with what a plunge or splash was played as: "Plunge (nello)"
    ("plunge (nello)" mid-sentence), a Text."""
    contract = hand.get("contract")
    if not contract:
        return ""
    names = CONTRACT_WORDS if mid_sentence else CONTRACT_LABELS
    name = names.get(contract, contract)
    if hand.get("call"):
        return Text("{contract} ({played})", contract=name,
                    played=CONTRACT_WORDS.get(hand["call"], hand["call"]))
    return name


def hand_details(variant, hand: dict[str, Any], bidder) -> str:
    """What was counted in a bid hand: "caught 34", Moon's "took 5"; "" when nothing was."""
    parts = []
    points = hand.get("points")
    if isinstance(points, int):
        parts.append(Text("caught {points}", points=points))
    elif isinstance(points, dict):
        parts.append(Text("caught (itemised)"))
    if variant.bidding and hand.get("tricks") and isinstance(bidder, int):  # Moon
        parts.append(Text("took {count}", count=hand["tricks"][bidder]))
    if len(parts) == 2:
        return Text("{first}, {second}", first=parts[0], second=parts[1])
    return parts[0] if parts else ""


def hand_outcome(variant, hand: dict[str, Any], players: list[str], result: dict | None,
                 options: dict | None = None) -> dict[str, Any] | None:
    """What happened in a scored hand, in words the sheet, the list and the TV show on its row
    (each word marked for the catalog, a Text or N_, said where shown):
    who bid, what, the contract when it is not the plain one, made or set ("made": True/False);
    Mexican Train's engine double, who went out (or "blocked") and who held the double blank.
    None where a hand has no such headline (each
    player bids her own tricks, Castle Rock's tiles left) or is not scored."""
    if result is None:
        return None
    if variant.went_out:
        # the round's engine double, and who was charged for the double blank where it counts
        holder = hand.get("double_blank")
        facts = {"engine": result.get("engine"),
                 "holder": players[holder] if isinstance(holder, int) else None,
                 "extra": (options or {}).get("double_blank")}
        if "out" in hand:
            return {"who": players[hand["out"]], "did": N_("went out"), **facts}
        return {"did": N_("Blocked") if hand.get("blocked") else N_("Round played"), **facts}
    if variant.bids_own_tricks or variant.tiles_left or not variant.bidding:
        return None
    bidder, bid = result.get("bidder"), result.get("bid")
    if hand.get("passed") or bidder is None:
        return {"did": N_("All passed: redeal")}
    who = players[bidder] if isinstance(bidder, int) and 0 <= bidder < len(players) else "?"
    moon = variant.moon_bid is not None and bid == variant.moon_bid
    contract = hand.get("contract")
    if contract in ("plunge", "splash"):  # the bid says which; the contract is what it played
        contract = hand.get("call")
    plain = contract in (None, default_contract(variant, options or {}))
    return {"who": who, "did": N_("shot the moon") if moon else N_("bid"),
            "bid": None if moon else bid_label(hand, bid, variant),
            "contract": None if plain else CONTRACT_LABELS.get(contract, contract),
            "made": result.get("made"), "details": hand_details(variant, hand, bidder)}
