"""Who a player is (spec/stats.md): one name key for every place that compares names, and the
cleaning of a typed name that keeps the invisible characters a name is written with."""
from __future__ import annotations

import unicodedata

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.stats import clean_name, name_key, names_of

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"          # man ZWJ woman ZWJ girl
RAINBOW_FLAG = "\U0001f3f3\ufe0f\u200d\U0001f308"               # white flag, VS16, ZWJ, rainbow
TECHNOLOGIST = "\U0001f469\U0001f3fd\u200d\U0001f4bb"            # woman, skin tone, ZWJ, laptop
SCOTLAND = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
PERSIAN = "\u0646\u06cc\u200c\u0644\u0648\u0641\u0631"           # Nilufar, with a ZWNJ
HEART = "\u2764\ufe0f"                                            # heart with VS16
KSSA = "\u0915\u094d\u200d\u0937"                               # Devanagari k, virama, ZWJ, ss


def test_the_same_person_by_spaces_nfc_and_case():
    assert len({name_key(n) for n in ("Ann", " ann ", "ANN", "Ann\u3000")}) == 1
    assert name_key("Zo\u00eb  Lee") == name_key("ZOE\u0308 LEE") == name_key(" zo\u00eb lee")
    assert name_key("Stra\u00dfe") == name_key("STRASSE")
    assert name_key("Ann") != name_key("Anne") and name_key("Ann Lee") != name_key("AnnLee")


def test_names_of_shows_the_first_spelling_across_records():
    spellings: dict[str, str] = {}
    first = names_of({"players": [" Ann ", "bob"]}, spellings)
    second = names_of({"players": ["ANN", "Bob", "ann"]}, spellings)
    assert first == ["Ann", "bob"] and second == ["Ann", "bob", "Ann"]


def test_joiners_that_are_part_of_a_name_are_kept():
    for name in (FAMILY, RAINBOW_FLAG, TECHNOLOGIST, SCOTLAND, PERSIAN, HEART, KSSA,
                 f"Ann {FAMILY}", f"{PERSIAN} Lee"):
        assert clean_name(name) == name, name


def test_other_invisible_characters_are_dropped():
    assert clean_name("\u200dAnn\u200d") == "Ann"                 # a joiner at either end
    assert clean_name("\u200cAnn \u200c Lee") == "Ann Lee"        # a non-joiner next to a space
    assert clean_name("A\u200bnn\u2060") == "Ann"                 # zero-width space, word joiner
    assert clean_name("\u202eAnn\u202c\ufeff") == "Ann"           # direction override, BOM
    assert clean_name("A\x07nn\x00") == "Ann"                     # controls
    assert clean_name("Ann\tLee\n") == "Ann Lee"                  # whitespace is a space
    assert clean_name("\U000e0067Ann") == "Ann"                   # a tag without its flag
    assert clean_name("1\u200d2") == "12"                         # a joiner between digits
    assert clean_name("A\u200dnn") == clean_name("A\u200cnn") == "Ann"  # shapes no Latin
    assert clean_name("\ud800Ann") == "Ann"                       # a lone surrogate


def test_the_kept_name_is_nfc():
    assert clean_name("Zoe\u0308") == "Zo\u00eb"


@given(st.text(max_size=30))
def test_cleaning_is_stable_and_keeps_the_key(name):
    once = clean_name(name)
    assert clean_name(once) == once
    assert once == once.strip() and "  " not in once
    assert unicodedata.is_normalized("NFC", once)
    assert name_key(f"  {once}  ") == name_key(once)


@given(st.text(st.characters(whitelist_categories=("L", "M", "N", "Zs")), max_size=30))
def test_cleaning_a_visible_name_keeps_its_key(name):
    assert name_key(clean_name(name)) == name_key(name)
