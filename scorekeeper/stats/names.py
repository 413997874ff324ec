"""Who a player is (spec/stats.md): one key for a name, used by the command line, a club import,
the roster and the seat picker alike, and the cleaning of a typed name.

Pure: no Flask, no database.
"""
from __future__ import annotations

import unicodedata

ZWNJ, ZWJ = "\u200c", "\u200d"
JOINERS = (ZWNJ, ZWJ)
BLACK_FLAG = "\U0001f3f4"  # a subdivision flag is the black flag followed by tag characters
JOINING_SCRIPTS = "\u0590"  # Hebrew onwards: the scripts whose letters joiners shape (Persian...)


def name_key(name: str) -> str:
    """The key two names are compared by: spaces at either end dropped, runs of spaces made one,
    Unicode NFC, case ignored. "Ann", " ann " and "ANN" have one key."""
    return unicodedata.normalize("NFC", " ".join(name.split())).casefold()


def _is_tag(ch: str) -> bool:
    return "\U000e0020" <= ch <= "\U000e007f"


def _kind(ch: str) -> str:
    return unicodedata.category(ch)[0]


def _joins(ch: str, before: str, after: str) -> bool:
    """A zero-width joiner or non-joiner that is part of the name, never at either end: ZWJ in
    an emoji sequence (a family emoji; after a variation selector or skin tone too), or either
    between letters of a script it shapes (a Persian ZWNJ, a Devanagari ZWJ). Between Latin
    letters it shows nothing, so it goes: "A\u200dnn" is Ann."""
    if not (before and after):
        return False
    if ch == ZWJ and _kind(after) == "S" and _kind(before) in "SM":
        return True
    return all(_kind(c) in "LM" and c >= JOINING_SCRIPTS for c in (before, after))


def clean_name(name: str) -> str:
    """A typed name as it is kept: invisible characters dropped (zero-width spaces, direction
    marks, controls) except the joiners, variation selectors and flag tags that are part of
    how the name is written; runs of spaces made one; Unicode NFC."""
    kept: list[str] = []
    for i, ch in enumerate(name):
        after = name[i + 1] if i + 1 < len(name) else ""
        if ch in JOINERS:
            if _joins(ch, kept[-1] if kept else "", after):
                kept.append(ch)
        elif _is_tag(ch):
            if kept and (kept[-1] == BLACK_FLAG or _is_tag(kept[-1])):
                kept.append(ch)
        elif ch.isspace():
            kept.append(" ")
        elif unicodedata.category(ch) not in ("Cf", "Cc", "Cs"):
            kept.append(ch)
    return unicodedata.normalize("NFC", " ".join("".join(kept).split()))


def first_spellings(spellings: dict[str, str], names: list[str]) -> list[str]:
    """Each name as the first spelling met of its key (kept in `spellings`, key -> spelling,
    across calls), spaces at either end dropped."""
    return [spellings.setdefault(name_key(name), name.strip()) for name in names]
