"""The rules in Spanish (issue 44, area c): the rules pages, every game's rules card and the
engine's refusals, said in the reader's language; in English, as the engine writes them."""
from __future__ import annotations

import re

import pytest
from flask_babel import refresh
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from scorekeeper import i18n
from scorekeeper.rules import VARIANTS, legal_calls, score
from scorekeeper.rules.card import rules_card
from scorekeeper.rules.record import OPTION_LABELS
from tests.spanish import english_left

from ..clubs.helpers import club_game, create_club
from ..helpers import HX, create, game, post_hand

ES = {"Accept-Language": "es"}
SPANISH = {**ES, **HX}  # the page's own fragment: base.html's chrome is not this area's
PLAYERS = {"card42": 3, "moon": 3, "castle-rock": 1}
# Spanish words english_left counts as English (tests/spanish.py's list): "no" is the
# Spanish "not"; "total" is the glossary's word for a total.
# Spanish "not"; "total" and "club" are the glossary's words for a total and a club.
SPANISH_TOO = ("no ", "No ", "no,", "total", "club")


def _english(html: str, names: tuple[str, ...] = ()) -> list[str]:
    return english_left(html, names + SPANISH_TOO)


def _get(client, url: str, headers: dict) -> str:
    """The page in the language `headers` ask for. The tests' app context outlives a request,
    and Flask-Babel keeps the language it chose in it: forget it first."""
    refresh()
    return client.get(url, headers=headers).get_data(as_text=True)


def test_the_rules_index_in_spanish(client):
    html = _get(client, "/rules/", SPANISH)
    assert _english(html) == []
    assert "42 de Texas (reglas de torneo)" in html and "Tren mexicano" in html


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_every_rules_page_in_spanish(client, variant_id):
    html = _get(client, f"/rules/{variant_id}", SPANISH)
    assert _english(html) == []
    assert "Reading" not in html
    page = _get(client, f"/rules/{variant_id}", ES)
    assert "Empezar una partida de " in page and "<title>Reglas: " in page


def test_a_rules_page_says_its_readings_as_the_english_does(client):
    english = _get(client, "/rules/texas42", {})
    spanish = _get(client, "/rules/texas42", ES)
    assert english.count("<b>Reading:</b>") == spanish.count("<b>Lectura:</b>") == 1
    assert "Lectura:</b> un juego de doble seis tiene 7 dobles" in spanish


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_every_rules_card_in_spanish(client, variant_id):
    gid = create(client, variant_id, PLAYERS.get(variant_id, 4))
    html = _get(client, f"/games/{gid}/rules", SPANISH)
    assert _english(html, ("Ann", "Bob", "Cat", "Dan", "Sol")) == []
    assert "Reglas de esta partida" in html


@pytest.mark.parametrize("variant_id, options, sentence", [
    ("texas42", {"splash_marks": 2, "ladder": "free", "all_pass": "redeal"},
     "Apuestas libres: cualquier apuesta que supere la más alta"),
    ("texas42", {"contracts": ("straight",), "win_by": 2, "special_minimum": 30},
     "Solo directo (con triunfos): ni sietes, ni nello, ni sígueme."),
    ("forty-two", {"target_hands": 0}, "Gana el primer equipo que llegue a 250 puntos."),
    ("mexican-train", {"double_blank": 50, "set": 9, "rounds": 3},
     "3 rondas, empezando con el doble 9 como motor"),
    ("card42", {"bonus": 0, "cap_at_42": False}, "Los totales no se detienen en 42."),
])
def test_a_card_with_house_rules_in_spanish(client, variant_id, options, sentence):
    gid = create(client, variant_id, PLAYERS.get(variant_id, 4), **options)
    html = _get(client, f"/games/{gid}/rules", SPANISH)
    assert _english(html, ("Ann", "Bob", "Cat", "Dan")) == []
    assert sentence in html and "Regla de la casa" in html


def test_a_club_games_card_in_spanish(client):
    club_id = create_club(client)
    names = ("Thursday Night", "Ann", "Bob", "Cat", "Dan")
    first = club_game(client, club_id, "texas42", list(names[1:]), splash_marks=2)
    html = _get(client, f"/games/{first}/rules", SPANISH)
    assert _english(html, names) == []
    assert "Thursday Night todavía no ha guardado sus reglas" in html
    client.post(f"/games/{first}/rules/club")
    gid = club_game(client, club_id, "texas42", list(names[1:]), splash_marks=2,
                    all_pass="redeal")
    html = _get(client, f"/games/{gid}/rules", SPANISH)
    assert _english(html, names) == []
    assert "1 línea difiere de las reglas de Thursday Night" in html


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_the_new_game_forms_house_rules_in_spanish(client, variant_id):
    """The house rules' fields (partials/games/_house_rules.html) of the new-game form."""
    import re
    html = _get(client, f"/games/new?variant={variant_id}", ES)
    fields = "".join(re.findall(r'<div class="option">.*?</p>\s*</div>', html, re.S))
    assert (fields != "") == bool(VARIANTS[variant_id].options)
    assert _english(fields) == []
    if variant_id == "texas42":  # a choice's default said as the select says it
        assert "Predeterminado: forzada." in fields and "forzada (predeterminado)" in fields


def test_a_refusal_of_the_engine_said_in_spanish_through_the_web(client):
    """A hand the engine refuses (sevens on a bid below a mark): the hand form's message in
    the reader's language, the same refusal in English to an English phone."""
    gid = create(client, "texas42")
    hand = {"mode": "quick", "bidder": "1", "bid": "30", "contract": "sevens", "made": "1"}
    refresh()
    r = client.post(f"/games/{gid}/hands", data={"version": str(game(gid).version), **hand},
                    headers=ES)
    assert r.status_code == 422
    assert "Sietes necesita una apuesta de al menos 1 marca (42); la apuesta fue 30." in \
        r.get_data(as_text=True)
    refresh()
    english = post_hand(client, gid, hand)
    assert english.status_code == 422
    assert "Sevens needs a bid of at least 1 mark (42); the bid was 30." in english.get_data(
        as_text=True)


# The engine's own words: each said in English by the web layer exactly as the engine writes it
# (a Text is an English str), each said in Spanish with no English left.

def _cards():
    """Every variant's rules card at its defaults and at each option's other values."""
    for variant in VARIANTS.values():
        yield variant, {}
        for o in variant.options:
            for value in (o.choices if o.kind == "choice" else
                          [not o.default] if o.kind == "bool" else
                          [("straight",), ("straight", "plunge")] if o.kind == "multi" else
                          [o.minimum, 2, 3] if o.default is not None else [3]):
                if value != o.default:
                    yield variant, {o.name: value}


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_card_line_said(app, language):
    with app.test_request_context(headers={"Accept-Language": language}):
        refresh()
        for variant, options in _cards():
            try:
                lines = rules_card(variant, options)
            except KeyError:
                continue
            for line in lines:
                said = i18n.say(line.text)
                if language == "en":
                    assert said == line.text and i18n.say(line.topic) == line.topic
                else:
                    assert _english(f"<p>{said} {i18n.say(line.topic)}</p>") == [], \
                        (variant.id, options, line.topic)


def _refused_hands():
    """Hands the engine refuses, one of each kind a phone can send."""
    base = {"variant": "texas42", "players": ["Ana", "Beto", "Ceci", "Dani"], "hands": []}
    yield base, {"auction": [126], "contract": "straight", "points": 30}
    yield base, {"bidder": 1, "bid": 168, "contract": "straight", "points": 30}
    yield base, {"bidder": 0, "bid": 30, "contract": "sevens", "made": True}
    yield base, {"auction": [30, 30], "contract": "straight", "points": 40}
    yield base, {"auction": ["pass", "pass", "pass", "pass"], "contract": "straight"}
    yield base, {"bidder": 0, "bid": 30, "contract": "plunge", "call": "straight",
                 "doubles": 2, "made": True}
    yield base, {"bidder": 0, "bid": 30, "contract": "straight", "points": 50}
    yield base, {"bidder": 0, "bid": 30, "contract": "straight", "points": 20, "made": True}
    yield base, {"bidder": 9, "bid": 30, "contract": "straight", "points": 20}
    yield {**base, "variant": "lechner42"}, {"auction": [168], "contract": "straight",
                                             "points": 42}
    yield {**base, "variant": "texas42-1986"}, {"bidder": 0, "bid": 30, "contract": "trash",
                                                "made": True}
    yield {**base, "variant": "texas42-1986"}, {"auction": [84], "contract": "trumps",
                                                "points": 42}
    yield {**base, "variant": "forty-two"}, {"bidder": 0, "bid": 43, "points": 30}
    moon = {**base, "variant": "moon", "players": ["Ana", "Beto", "Ceci"]}
    yield moon, {"bidder": 0, "bid": 5, "tricks": [5, 1, 0]}
    yield moon, {"bidder": 0, "bid": 8, "tricks": [5, 1, 1]}
    yield moon, {"bidder": 0, "bid": 5, "tricks": [5, 1, 9]}
    cards = {**base, "variant": "card42", "players": ["Ana", "Beto", "Ceci"]}
    yield cards, {"bids": [3, 3, 1], "tricks": [3, 3, 1]}
    yield {**base, "variant": "card42-teams"}, {"bidder": 0, "bid": 19, "points": 5}
    yield {**base, "variant": "card42-teams"}, {"bidder": 0, "bid": 5, "points": {"four": 2}}
    train = {**base, "variant": "mexican-train"}
    yield train, {"pips": [3, 4, 5, 6]}
    yield train, {"pips": [0, 4, 5, 6], "out": 0, "blocked": True}
    yield train, {"pips": [2, 4, 5, 6], "out": 0}
    yield train, {"pips": [0, 4, 5, 6], "out": 0, "double_blank": 0}
    yield train, {"pips": [0, 400, 500, 600], "out": 0}
    yield {**base, "variant": "castle-rock", "players": ["Ana"]}, {"remaining": 92}


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_refusal_said(app, language):
    with app.test_request_context(headers={"Accept-Language": language}):
        refresh()
        for record, hand in _refused_hands():
            error = score({**record, "hands": [hand]})["error"]
            assert error, hand
            said = i18n.say(error)
            if language == "en":
                assert said == error
            else:
                assert _english(f"<p>{said}</p>", ("Ana", "Beto", "Ceci", "Dani")) == [], said


def test_every_option_label_is_in_the_catalog():
    labels = {o.label for v in VARIANTS.values() for o in v.options}
    assert labels == set(OPTION_LABELS)



def test_a_house_rule_refused_on_the_new_game_form_in_spanish(client):
    """The engine's refusal of an option (Option.parse, named by its label) on the setup form."""
    data = {"variant": "texas42", "first_dealer": "0", "opt-target_marks": "0",
            **{f"name-{i}": n for i, n in enumerate(["Ana", "Beto", "Ceci", "Dani"])}}
    refresh()
    html = client.post("/games/new", data=data, headers=ES).get_data(as_text=True)
    assert "Marcas de meta: debe ser un número entero de 1 a 100." in html
    refresh()
    html = client.post("/games/new", data=data).get_data(as_text=True)
    assert "Target marks must be a whole number from 1 to 100." in html


# Whatever a phone or the API sends, the engine's refusal reads in English as the engine writes
# it, and in Spanish with no English left but the codes it quotes (a key, a value typed).

CALLS = st.one_of(st.sampled_from(["pass", "plunge", "splash", "bid", None]),
                  st.integers(-1, 200))
VALUES = st.one_of(st.none(), st.booleans(), st.integers(-3, 1500),
                   st.sampled_from(["straight", "sevens", "nillo", "follow-me", "plunge",
                                    "splash", "trumps", "trash", "high", "doubles", "x"]))
PEOPLE = ["Ana", "Beto", "Ceci", "Dani", "Eva"]
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|«[^»]*»")


@st.composite
def refused_records(draw):
    variant = draw(st.sampled_from(list(VARIANTS.values())))
    n = draw(st.integers(variant.min_players, min(variant.max_players, 5)))
    hands = []
    for _ in range(draw(st.integers(1, 3))):
        hand = {}
        for key in draw(st.lists(st.sampled_from(variant.hand_keys), unique=True)):
            if key == "auction":
                hand[key] = draw(st.lists(CALLS, max_size=6))
            elif key in ("tricks", "pips", "bids"):
                hand[key] = draw(st.lists(st.integers(-1, 30), min_size=n - 1, max_size=n + 1))
            elif key == "points" and draw(st.booleans()):
                hand[key] = {draw(st.sampled_from(["four", "game", "other_aces", "y"])):
                             draw(VALUES)}
            else:
                hand[key] = draw(VALUES)
        hands.append(hand)
    return {"variant": variant.id, "players": PEOPLE[:n], "hands": hands}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                             HealthCheck.function_scoped_fixture])
@given(record=refused_records())
def test_any_refusal_said_in_both_languages(app, record):
    error = score(record).get("error")
    assume(error)
    with app.test_request_context(headers={"Accept-Language": "en"}):
        refresh()
        assert i18n.say(error) == error
    with app.test_request_context(headers={"Accept-Language": "es"}):
        refresh()
        said = QUOTED.sub(" ", i18n.say(error))
        assert _english(f"<p>{said}</p>", tuple(PEOPLE)) == [], (error, said)


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(variant_id=st.sampled_from([v.id for v in VARIANTS.values() if v.has_auction]),
       calls=st.lists(CALLS, max_size=8), first_dealer=st.integers(0, 2))
def test_every_calls_reason_said_in_both_languages(app, variant_id, calls, first_dealer):
    """The hand form's auction: why each next call is refused, and why the calls so far are."""
    n = 3 if variant_id in ("card42", "moon") else 4
    record = {"variant": variant_id, "players": PEOPLE[:n], "first_dealer": first_dealer,
              "hands": []}
    out = legal_calls(record, calls)
    reasons = [out["error"]] + [c["reason"] for c in out["calls"]]
    for reason in filter(None, reasons):
        with app.test_request_context(headers={"Accept-Language": "en"}):
            refresh()
            assert i18n.say(reason) == reason
        with app.test_request_context(headers={"Accept-Language": "es"}):
            refresh()
            said = QUOTED.sub(" ", i18n.say(reason))
            assert _english(f"<p>{said}</p>", tuple(PEOPLE)) == [], (reason, said)
