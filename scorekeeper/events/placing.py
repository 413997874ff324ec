"""What decided each place of a standings table (spec/events.md), read from the library's rows.

The standings JSON gives each entrant's figures and rank but not which tie-break split it from
its neighbours; this reads it back. Two neighbours of different rank were split by the first
tie-break of the event's order whose figure differs between them; when none of the figures
differ they were split by head to head (the one tie-break counted within a group). The place's
tie-break is the later of the two that split it from the entrant above and the one below: the
last one it needed. Exact for the default order and any order that ends with head_to_head;
with head_to_head earlier, a split by it is told apart from one by a later figure only when
the later figures agree.
"""
from __future__ import annotations

from ..rules.text import N_

DEFAULT_TIEBREAKS = ("wins", "difference", "scored", "head_to_head")
# A place's note, each whole (said where shown: a page in the reader's language, a CSV as is).
DECIDED_BY = {"wins": N_("on games won"), "difference": N_("on difference"),
              "scored": N_("on scored"), "conceded": N_("on fewest conceded"),
              "head_to_head": N_("on head to head")}
TIED = N_("tied: decide by a draw or a one-hand playoff")
# An event's format as its page names it (the record's own word, said in the reader's language).
FORMAT_NAMES = {"round-robin": N_("round-robin"), "pools": N_("pools"),
                "single-elimination": N_("single-elimination"),
                "double-elimination": N_("double-elimination"),
                "progressive": N_("progressive"), "tables": N_("tables")}


def undecided_tie(row: dict) -> bool:
    """A tie to decide: a row still level after every tie-break (`tied`) that has played.
    Before any result nobody is tied: the entrants stand in seed order, with no place yet."""
    return bool(row["tied"] and row.get("played"))


def figure(row: dict, tiebreak: str) -> int:
    return row["won" if tiebreak == "wins" else tiebreak]


def split_by(above: dict, below: dict, tiebreaks: tuple[str, ...]) -> int:
    """The position in `tiebreaks` of the one that split two neighbours of different rank."""
    for i, tiebreak in enumerate(tiebreaks):
        if tiebreak != "head_to_head":
            if figure(above, tiebreak) != figure(below, tiebreak):
                return i
        elif all(figure(above, t) == figure(below, t) for t in tiebreaks[i + 1:]
                 if t != "head_to_head"):
            return i
    return len(tiebreaks) - 1


def decided_by(rows: list[dict], tiebreaks=None) -> list[str]:
    """One line per row of a ranked table, in order: the tie-break that decided its place
    ("on difference"), TIED for an unbroken tie, "" for an entrant alone in its table."""
    order = tuple(tiebreaks or DEFAULT_TIEBREAKS)
    notes = []
    for i, row in enumerate(rows):
        if row["tied"]:
            notes.append(TIED if undecided_tie(row) else "")
            continue
        neighbours = rows[max(i - 1, 0):i] + rows[i + 1:i + 2]
        splits = [split_by(*sorted((row, n), key=lambda r: r["rank"]), order) for n in neighbours]
        notes.append(DECIDED_BY[order[max(splits)]] if splits else "")
    return notes


def format_name(fmt: str) -> str:
    """The format's name to say (FORMAT_NAMES), or the record's word for one it does not know."""
    return FORMAT_NAMES.get(fmt, fmt)


def pool_name(number: int) -> str:
    """A pool's letter, as organizers call them: 1 is A, 26 is Z, 27 is AA."""
    name = ""
    while number > 0:
        number, rest = divmod(number - 1, 26)
        name = chr(ord("A") + rest) + name
    return name
