"""The hand form in Spanish (issue 44, area 44b): every entry mode of every variant, its live
hints and its refusals, with no English sentence left (tests/spanish.py)."""
from __future__ import annotations

import pytest

from scorekeeper import rules
from scorekeeper.games import entry, hand_form
from scorekeeper.rules.text import Text
from tests.spanish import english_left

from ..helpers import create, game, post_hand, preview, text

SEATS = {"moon": 3, "castle-rock": 1}
PLAYERS = ("Ann", "Bob", "Cat", "Dan", "Sol")
# Spanish words english_left reads as English: "no" (Aún no, No puede ...), "total"
SPANISH = ("No", "no", "Total")
NAMES = PLAYERS + SPANISH

TEXAS = {"mode": "quick", "bidder": "1", "bid": "30"}
CARD42_BIDS = {"mode": "quick", "bid-1": "2", "bid-2": "2", "bid-3": "2"}
STATES = [
    # quick entry (just the bid), what a table sees every hand
    ("texas42", {"mode": "quick"}, {}),
    ("texas42", {**TEXAS, "bid": "84"}, {}),
    ("texas42", {**TEXAS, "contract": "straight", "trump": "6", "made": "1"}, {}),
    ("texas42", {**TEXAS, "contract": "straight", "points": "35"}, {}),
    ("texas42", {**TEXAS, "contract": "straight", "points": "x"}, {}),
    ("texas42", {**TEXAS, "contract": "nillo", "doubles_rule": "suit"}, {}),
    ("texas42", {**TEXAS, "contract": "follow-me"}, {}),
    ("texas42", {**TEXAS, "contract": "plunge"}, {}),
    ("texas42", {**TEXAS, "contract": "plunge", "played": "sevens"}, {}),
    ("texas42", {**TEXAS, "contract": "splash", "played": "nillo", "doubles_held": "3",
                 "made": "0"}, {}),
    ("lechner42", {**TEXAS, "contract": "straight", "made": "1"},
     {"target_marks": 1, "win_by": 1}),
    ("texas42-1986", {**TEXAS}, {}),
    ("texas42-1986", {**TEXAS, "contract": "trumps", "trump": "doubles", "points": "31"}, {}),
    ("texas42-1986", {**TEXAS, "bid": "84", "contract": "trash"}, {}),
    ("forty-two", {"mode": "quick"}, {}),
    ("forty-two", {**TEXAS, "points": "20"}, {}),
    ("forty-two", {"mode": "quick", "passed": "1"}, {}),
    ("card42-teams", {"mode": "quick", "bidder": "1", "bid": "10"}, {}),
    ("card42-teams", {"mode": "quick", "bidder": "1", "bid": "10", "points": "12"}, {}),
    ("card42-teams", {"mode": "quick", "bidder": "1", "bid": "10", "points_mode": "items",
                      "high": "1", "other_aces": "2"}, {}),
    ("moon", {"mode": "quick"}, {}),
    ("moon", {"mode": "quick", "bidder": "1", "bid": "5", "tricks-0": "2"}, {}),
    ("moon", {"mode": "quick", "bidder": "1", "bid": "21", "tricks-0": "0", "tricks-1": "7"},
     {}),
    ("moon", {"mode": "quick", "bidder": "1", "bid": "5", "tricks-0": "2", "tricks-1": "5",
              "tricks-2": "3"}, {}),
    # all bids at once (card42): the dealer's rule as the bids come in, then the tricks
    ("card42", {"mode": "quick"}, {}),
    ("card42", {"mode": "quick", "bid-1": "3"}, {}),
    ("card42", CARD42_BIDS, {}),
    ("card42", {**CARD42_BIDS, "bid-3": "3"}, {}),
    ("card42", {**CARD42_BIDS, "bid-0": "0", "tricks-0": "1", "tricks-1": "2"}, {}),
    ("card42", {**CARD42_BIDS, "bid-0": "0", "tricks-0": "1", "tricks-1": "2", "tricks-2": "2"},
     {}),
    ("card42", {**CARD42_BIDS, "bid-0": "0", "tricks-0": "1", "tricks-1": "2", "tricks-2": "2",
                "tricks-3": "5"}, {}),
    # call by call: the calls, who calls next, the result of the auction
    ("texas42", {"mode": "auction"}, {}),
    ("texas42", {"mode": "auction", "calls": "pass,31,84"}, {}),
    ("texas42", {"mode": "auction", "calls": "pass,31,84,pass"}, {}),
    ("texas42", {"mode": "auction", "calls": "plunge,pass,pass,pass"}, {}),
    ("lechner42", {"mode": "auction", "calls": "pass,31,84"}, {}),
    ("texas42-1986", {"mode": "auction", "calls": "pass,pass,pass"}, {}),
    ("texas42-1986", {"mode": "auction", "calls": "30,84"}, {}),
    ("forty-two", {"mode": "auction", "calls": "pass,pass,pass,pass"}, {}),
    ("card42-teams", {"mode": "auction", "calls": "10,pass"}, {}),
    ("moon", {"mode": "auction", "calls": "4"}, {}),
    ("moon", {"mode": "auction", "calls": "4,21"}, {}),
    ("card42", {"mode": "auction"}, {}),
    ("card42", {"mode": "auction", "calls": "2,2,2"}, {}),
    ("card42", {"mode": "auction", "calls": "2,2,2,0"}, {}),
    # the games without bids: pips, who went out, the dominoes left
    ("mexican-train", {}, {}),
    ("mexican-train", {"out": "1", "pips-0": "5"}, {"double_blank": 50}),
    ("mexican-train", {"pips-0": "5", "pips-1": "1", "pips-2": "4", "pips-3": "9",
                       "blocked": "1", "double_blank": "2"}, {"double_blank": 50}),
    ("mexican-train", {"out": "1", "pips-0": "x"}, {}),
    ("castle-rock", {}, {}),
    ("castle-rock", {"remaining": "2"}, {}),
]


def engine_refusals(gid: int, fields: dict) -> tuple[str, ...]:
    """The engine's refusals this form shows (a call's reason, the auction's error, the hand's)
    in English: the rules' sentences (area 44c's Texts, said in Spanish once it lands), taken
    out of the page as names are."""
    g = game(gid)
    record = g.record()
    variant = rules.VARIANTS[g.variant]
    said = [entry.read_hand(g, record, dict(fields)).invalid]
    if variant.has_auction:
        calls = hand_form.parse_calls(fields.get("calls")) \
            if fields.get("mode") == "auction" else []
        answer = rules.legal_calls(record, calls)
        said += [c.get("reason") for c in answer.get("calls") or []] + [answer.get("error")]
    return tuple(str(hand_form.in_units(variant, s)) for s in said if s)


@pytest.fixture
def es(client):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "es"
    return client


GAMES = sorted({(variant, tuple(sorted(options.items()))) for variant, _f, options in STATES})


@pytest.mark.parametrize("variant, options", GAMES, ids=[f"{v}{dict(o) or ''}" for v, o in GAMES])
def test_every_state_of_the_hand_form_is_in_spanish(es, variant, options):
    """One game a variant (and house rules), each of its states previewed: nothing is saved."""
    gid = create(es, variant, SEATS.get(variant, 4), **dict(options))
    left = {}
    for fields in (f for v, f, o in STATES if (v, tuple(sorted(o.items()))) == (variant, options)):
        html = preview(es, gid, fields).get_data(as_text=True)
        assert 'id="hand-form"' in html
        english = english_left(html, engine_refusals(gid, fields) + NAMES)
        if english:
            left[str(fields)] = english
    assert left == {}


def test_the_empty_form_on_the_game_page_speaks_spanish(es):
    gid = create(es, "texas42")
    r = es.get(f"/games/{gid}")
    form = r.get_data(as_text=True).split('id="hand-form"', 1)[1].split("</form>", 1)[0]
    assert english_left("<form " + form, engine_refusals(gid, {"mode": "auction"}) + NAMES) == []
    assert "Guardar mano 1" in text(r) and "Solo la apuesta" in text(r)
    assert "Aún no: Anota la subasta: le toca a Bob." in text(r)


def test_a_hand_refused_for_what_it_lacks_says_so_in_spanish(es):
    gid = create(es, "texas42-1986")
    r = post_hand(es, gid, TEXAS)
    assert r.status_code == 422
    assert "Elige los puntos del equipo del apostador." in text(r)
    assert "Pick the points" not in text(r)


def test_the_preview_says_the_game_ends_in_spanish(es):
    gid = create(es, "lechner42", target_marks=1, win_by=1)
    r = preview(es, gid, {**TEXAS, "contract": "straight", "made": "1"})
    assert "Con esto termina la partida: ganan Bob & Dan." in text(r)


def test_an_edit_and_a_later_hand_it_would_break(es):
    gid = create(es, "lechner42", target_marks=2, win_by=1)
    for bidder in ("1", "2"):
        post_hand(es, gid, {**TEXAS, "bidder": bidder, "contract": "straight", "made": "1"})
    r = es.get(f"/games/{gid}/hands/0/edit")
    assert r.status_code == 200
    assert "Corregir mano 1" in text(r) and "Repartió Ann" in text(r)
    # hand 1 a two-mark bid made: the game would end before hand 2
    r = post_hand(es, gid, {**TEXAS, "bid": "84", "contract": "straight", "made": "1"},
                  number=0, htmx=True)
    assert r.status_code == 200 and "HX-Redirect" not in r.headers  # the form, not saved
    assert "Este cambio haría inválida la mano 2:" in text(r)
    assert "Deshacer mano 2" in text(r) and "y luego corrige de nuevo la mano 1." in text(r)
    form = r.get_data(as_text=True).split('id="hand-form"', 1)[1].split("</form>", 1)[0]
    refused = str(rules.preview(game(gid).record(), {"bidder": 1, "bid": 84,
                                                     "contract": "straight", "made": True},
                                0)["error"])
    assert english_left("<form " + form, (refused,) + NAMES) == []


def test_a_round_taken_back_and_put_back(es):
    gid = create(es, "mexican-train")
    post_hand(es, gid, {"out": "0", "pips-1": "5", "pips-2": "7", "pips-3": "9"})
    r = es.post(f"/games/{gid}/hands/undo", data={"version": str(game(gid).version)})
    assert r.status_code == 303
    page = es.get(f"/games/{gid}")
    assert "Ronda 1 deshecha (Ann dominó)." in text(page) and "Volver a ponerla" in text(page)
    form = page.get_data(as_text=True).split('id="hand-form"', 1)[1].split("</form>", 1)[0]
    assert "Guardar ronda 1" in form


def test_a_hand_typed_on_a_phone_another_phone_saved_first(es):
    gid = create(es, "forty-two")
    version = game(gid).version
    post_hand(es, gid, {**TEXAS, "points": "31"})
    r = post_hand(es, gid, {**TEXAS, "bidder": "2", "points": "20"}, version=version, htmx=True)
    html = r.get_data(as_text=True)
    assert 'id="hand-not-saved"' in html
    assert "Lo que este teléfono había anotado para ella no se guardó" in text(r)
    assert "Mano 2: al formulario" in html and ">Copiar<" in html


def test_in_units_keeps_an_engine_sentence_translatable():
    """texas42-1986 counts points: a bid the shared auction code writes in marks is said bare,
    and the sentence stays a Text with its template (said in any language)."""
    variant = rules.VARIANTS["texas42-1986"]
    said = Text("{bid} is too high; the most is {most}.",
                bid=Text("{bid} ({marks} marks)", bid=126, marks=3), most="84 (2 marks)")
    bare = hand_form.in_units(variant, said)
    assert isinstance(bare, Text) and bare.template == said.template
    assert bare == "126 is too high; the most is 84."
    assert hand_form.in_units(rules.VARIANTS["texas42"], said) is said
    assert hand_form.in_units(variant, "over 84 (2 marks)") == "over 84"


def test_the_kept_hands_scripts_get_their_sentences_in_the_pages_language(es):
    """Each script that keeps hands or counts with the server away reads its sentences from
    its tag (data-texts): Spanish on a Spanish page, and every sentence translated."""
    import json
    import re

    gid = create(es, "mexican-train")
    page = es.get(f"/games/{gid}").get_data(as_text=True)
    tags = re.findall(r'<script src="[^"]*/js/(kept-hands|kept-counts|hand-keeper)\.js[^"]*" '
                      r"data-texts='([^']*)'", page)
    assert sorted(name for name, _texts in tags) == ["hand-keeper", "kept-counts", "kept-hands"]
    said = {name: json.loads(texts) for name, texts in tags}
    for sentences in said.values():  # each {value} taken out: the script fills it in
        words = [re.sub(r"\{\w+\}", " ", sentence) for sentence in sentences.values()]
        assert english_left("<p>" + "</p><p>".join(words) + "</p>", SPANISH) == []
    assert said["kept-hands"]["kept_many"] == "{count} manos quedan en este teléfono."
    assert said["hand-keeper"]["starts"] == "Empieza {name}"


@pytest.mark.parametrize("variant, hand, spanish", [
    ("texas42", {"bidder": 1, "bid": 168, "contract": "plunge", "call": "sevens", "doubles": 4,
                 "made": True}, "Bob apostó 4 marcas plunge (sietes): cumplida"),
    ("texas42", {"bidder": 1, "bid": 84, "contract": "straight", "points": 40},
     "Bob apostó 2 marcas 42 directo, hizo 40: fallada"),
    ("moon", {"bidder": 1, "bid": 21, "tricks": [0, 7, 0]}, "Bob tiró a la luna, ganó 7: cumplida"),
    ("forty-two", {"passed": True}, "Todos pasaron: nuevo reparto"),
    ("mexican-train", {"pips": [0, 5, 6, 7], "out": 0}, "Ann dominó"),
    ("castle-rock", {"remaining": 3}, "3 en la fila"),
])
def test_a_hand_in_words_is_said_in_spanish(app, variant, hand, spanish):
    """describe_hand's line (the list of hands, the history, a hand put back) is a Text each
    part of which a language says in its own order."""
    from flask_babel import refresh

    from scorekeeper.i18n import say

    players = list(PLAYERS[:SEATS.get(variant, 4)]) if variant != "castle-rock" else ["Sol"]
    record = {"variant": variant, "players": players, "options": {}, "hands": [hand]}
    scored = (rules.score(record).get("hands") or [None])[0]
    line = hand_form.describe_hand(rules.VARIANTS[variant], hand, players, scored)
    for language, said in (("es", spanish), ("en", line)):  # the English as before
        with app.test_request_context(headers={"Accept-Language": language}):
            refresh()  # the test's app context outlives the request: its language is not kept
            assert say(line) == said
