"""The games pages' sentences that hang on a variant's own words: what one entry of its record
is called (Variant.hand_word: "Hand", "Round", "Game") and its dealer's verb (Variant.deals:
"deals", "shakes", "starts"). A language says each as a sentence of its own (a plural is a word
of its own, never the word and an "s"; the verb goes where its grammar puts it), so each is a
msgid here, picked by the variant's word; the singular word itself is a value, said (i18n.say).
"""
from __future__ import annotations

from functools import reduce

from flask_babel import gettext
from markupsafe import Markup

from ..i18n import say
from ..rules import VARIANTS
from ..rules.text import N_, Name, Text

# The hand words, for the catalog (Variant.hand_word, said where a sentence holds one).
HAND_WORDS = {"Hand": N_("Hand"), "Round": N_("Round"), "Game": N_("Game")}
# Sentences that say a game's entries in the plural, by its hand word.
SO_FAR = {"Hand": N_("Hands so far"), "Round": N_("Rounds so far"), "Game": N_("Games so far")}
NONE_YET = {"Hand": N_("No hands yet."), "Round": N_("No rounds yet."),
            "Game": N_("No games yet.")}
SHOWN_AS = {"Hand": N_("Show the hands as"), "Round": N_("Show the rounds as"),
            "Game": N_("Show the games as")}


def _word(variant_id: str) -> str:
    """The variant's hand word as the rules say it (English: the key of the tables above)."""
    variant = VARIANTS.get(variant_id)
    return str(variant.hand_word) if variant is not None else "Hand"


def hand_word(variant_id: str) -> str:
    """What one entry of a game of `variant_id` is called, marked for the catalog (English; a
    value of a Text, said with it)."""
    word = _word(variant_id)
    return HAND_WORDS.get(word, word)


def hand_word_said(variant_id: str) -> str:
    """What one entry of a game of `variant_id` is called, in the reader's language."""
    return say(hand_word(variant_id))


def hands_said(table: dict, variant_id: str) -> str:
    """One of the plural sentences above (SO_FAR, NONE_YET, SHOWN_AS) for the variant."""
    return gettext(table.get(_word(variant_id), table["Hand"]))


def and_list(names, picks=None) -> str:
    """"Ann and Bob and Cat": `names` (or those at the indexes `picks`) joined as the
    scoreboard joins winners (plain text: a template escapes it)."""
    return _joined(names, picks, lambda first, second: gettext(
        "%(first)s and %(second)s", first=first, second=second))


def and_text(names, picks=None) -> str:
    """and_list as a Text: English where it is kept (a refused round's reason, for every
    phone), said in each reader's language where shown."""
    return _joined(names, picks, lambda first, second: Text(
        "{first} and {second}", first=first, second=second))


def _joined(names, picks, join) -> str:
    picked = [Name(n) for n in (names if picks is None else [names[i] for i in picks])]
    return reduce(join, picked) if picked else ""


def _strong(name) -> Markup:
    return Markup("<strong>%s</strong>") % name


def dealer_line(variant, name: str, first: str | None = None) -> Markup:
    """The scoreboard's "<b>Dan</b> shakes · <b>Ann</b> bids first." (markup)."""
    verb = variant.deals
    if first is not None:
        if verb == "shakes":
            text = gettext("%(dealer)s shakes · %(first)s bids first.")
        elif verb == "starts":
            text = gettext("%(dealer)s starts · %(first)s bids first.")
        else:
            text = gettext("%(dealer)s deals · %(first)s bids first.")
        return Markup(text) % {"dealer": _strong(name), "first": _strong(first)}
    if verb == "shakes":
        text = gettext("%(dealer)s shakes.")
    elif verb == "starts":
        text = gettext("%(dealer)s starts.")
    else:
        text = gettext("%(dealer)s deals.")
    return Markup(text) % {"dealer": _strong(name)}


def who_deals_first(variant) -> str:
    """The new game's question: "Who shakes first"."""
    if variant.deals == "shakes":
        return gettext("Who shakes first")
    if variant.deals == "starts":
        return gettext("Who starts first")
    return gettext("Who deals first")


def rematch_hint(variant, name: str) -> str:
    """Under the rematch button: who deals its first hand (the next seat)."""
    if variant.deals == "shakes":
        return gettext("Same seats and house rules; %(name)s shakes first. Everyone watching "
                       "is taken to it.", name=name)
    if variant.deals == "starts":
        return gettext("Same seats and house rules; %(name)s starts first. Everyone watching "
                       "is taken to it.", name=name)
    return gettext("Same seats and house rules; %(name)s deals first. Everyone watching is "
                   "taken to it.", name=name)
