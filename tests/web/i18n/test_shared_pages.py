"""Issue 44, area f: what a new phone sees first (the join page, the invite, the plain error
pages), the printed and shared result, the API's problems and the app-wide pages, said in
Spanish with no English sentence left (tests/spanish.py)."""
from __future__ import annotations

import re

import pytest

from tests.spanish import english_left
from tests.web.helpers import create, post_hand

ES = {"Accept-Language": "es"}
# "no" is Spanish too (tests/spanish.py counts it as English): taken out as a word; and the
# links a page shows are addresses, not sentences.
NAMES = ("Ann", "Bob", "Cat", "Dan", " no ", "No ", "/join")
PASS = {"mode": "quick", "passed": "1"}


def _section(html: str, css_class: str) -> str:
    """The first <section class="css_class ..."> of a page, whole (the page around it is
    another area's)."""
    start = html.index(f'<section class="{css_class}')
    return html[start:html.index("</section>", start) + len("</section>")]


@pytest.fixture
def es_client(client):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "es"
    return client


@pytest.fixture
def game_id(es_client):
    return create(es_client, "texas42", all_pass="redeal")


def _viewer(app, game_id):
    """A second phone that joined the game by its code."""
    from scorekeeper.extensions import db
    from scorekeeper.models import Game

    viewer = app.test_client()
    viewer.environ_base["HTTP_ACCEPT_LANGUAGE"] = "es"
    code = db.session.get(Game, game_id).code
    assert viewer.post("/join", data={"code": code}).status_code == 303
    return viewer


# ------------------------------------------------------------------ the join page, the invite

def test_the_join_page_in_spanish(es_client):
    html = es_client.get("/join").text
    assert english_left(html, NAMES) == []
    assert "Unirse a una partida" in html and '<html lang="es">' in html


@pytest.mark.parametrize("typed, says", [
    ("ABC", "Un código tiene 7 letras y dígitos"),
    ("ABC 234O", "Los códigos nunca usan O, 0, I, 1 ni L"),
    ("ABC 2345", "Ninguna partida tiene el código ABC 2345."),
])
def test_a_wrong_code_is_refused_in_spanish(es_client, typed, says):
    r = es_client.post("/join", data={"code": typed})
    assert r.status_code in (400, 404)
    assert says in r.text and english_left(r.text, NAMES) == []


def test_a_viewer_link_of_no_game_in_spanish(es_client):
    r = es_client.get("/g/ABC2345")
    assert r.status_code == 404 and "Ninguna partida tiene ese código." in r.text
    assert english_left(r.text, NAMES) == []


@pytest.mark.parametrize("hands", [0, 1])
def test_the_invite_in_spanish_for_its_creator(es_client, game_id, hands):
    """Open before the first hand, folded after it; the creator's scorer link inside."""
    for _ in range(hands):
        assert post_hand(es_client, game_id, PASS).status_code in (200, 303)
    share = _section(es_client.get(f"/games/{game_id}").text, "share")
    assert "Invitar jugadores" in share and "Que otro teléfono lleve la cuenta" in share
    assert 'data-copied="Copiado."' in share
    assert english_left(share, NAMES) == []


def test_the_invite_in_spanish_for_a_viewer(app, es_client, game_id):
    share = _section(_viewer(app, game_id).get(f"/games/{game_id}").text, "share")
    assert "para que otra app lea esta partida" in share and "Nuevo enlace" not in share
    assert english_left(share, NAMES) == []


# ------------------------------------------------------------------ the plain error pages

def test_a_viewer_who_tries_to_change_the_game_is_told_in_spanish(app, es_client, game_id):
    r = post_hand(_viewer(app, game_id), game_id, PASS)
    assert r.status_code == 403 and "Solo para mirar" in r.text
    assert english_left(r.text, NAMES) == [] and '<html lang="es">' in r.text


@pytest.mark.parametrize("method, path, status, says", [
    ("get", "/no/such/page", 404, "No hay ninguna página en esta dirección."),
    ("get", "/games/999", 404, "Este teléfono no tiene ninguna partida en esta dirección."),
    ("post", "/games/999/hands", 404, "así que no se guardó nada"),
    ("get", "/s/not-a-secret", 404, "Este enlace de anotador ya no es válido."),
    ("put", "/join", 405, "Esta dirección no acepta ese tipo de solicitud."),
    ("get", "/join?code=A%00B", 400, "La solicitud contenía un carácter"),
])
def test_the_plain_error_pages_in_spanish(es_client, method, path, status, says):
    r = getattr(es_client, method)(path)
    assert r.status_code == status and says in r.text
    assert english_left(r.text, NAMES) == []


def test_a_stale_form_is_told_in_spanish(app, es_client, game_id):
    app.config["WTF_CSRF_ENABLED"] = True
    try:
        r = post_hand(es_client, game_id, PASS)
    finally:
        app.config["WTF_CSRF_ENABLED"] = False
    assert r.status_code == 400 and "Esta página había caducado" in r.text
    assert english_left(r.text, NAMES) == []


def test_too_many_wrong_codes_in_spanish(app, es_client):
    from scorekeeper import codes

    for _ in range(codes.GUESS_LIMIT):
        es_client.post("/join", data={"code": "ABC 2345"})
    r = es_client.post("/join", data={"code": "ABC 2345"})
    assert r.status_code == 429 and "Demasiados códigos equivocados" in r.text
    assert english_left(r.text, NAMES) == []


def test_the_offline_page_in_spanish(es_client):
    html = es_client.get("/offline").text
    assert "Reconectando" in html and english_left(html, NAMES) == []


def test_the_english_pages_stay_english(client):
    """No Accept-Language: every sentence as before."""
    assert "Join a game" in client.get("/join").text
    assert "There is no page at this address." in client.get("/nowhere").text
    share = _section(client.get(f"/games/{create(client, 'texas42')}").text, "share")
    assert re.search(r"Scan to watch the scores live, or open <strong class=\"join-url\">"
                     r"[^<]+</strong> and type", share)


# ------------------------------------------------------------------ dates, numbers, words

@pytest.mark.parametrize("language, said", [
    ("en", ["Nov 5, 2026", "November 5, 2026", "Nov 5", "15:04", "Nov 5, 15:04", "1,234",
            "\u22121,234", "+12", "58%", "Round 3", "12 rounds", "1 hand", "Hand", "point",
            "marks", "pips"]),
    ("es", ["5 nov 2026", "5 de noviembre de 2026", "5 nov", "15:04", "5 nov, 15:04", "1,234",
            "\u22121,234", "+12", "58%", "Ronda 3", "12 rondas", "1 mano", "Mano", "punto",
            "marcas", "puntos"]),
])
def test_days_times_numbers_and_words_in_the_language(app, language, said):
    """Spanish as Latin America writes it (1,234 and 15:04, not Spain's 1.234)."""
    from datetime import datetime

    from scorekeeper import filters

    when = datetime(2026, 11, 5, 15, 4, 9)
    with app.test_request_context(headers={"Accept-Language": language}):
        assert [filters.day(when), filters.long_day(when.date()), filters.day_month(when),
                filters.clock(when), filters.day_clock(when), filters.number(1234),
                filters.number(-1234), filters.signed(12), filters.percent(23, 40),
                filters.hand_label("mexican-train", 3), filters.hands_count("mexican-train", 12),
                filters.hands_count("texas42", 1), filters.hand_word("no-such-variant"),
                filters.unit_label("points", -1), filters.unit_label("marks"),
                filters.unit_label("pips", 0)] == said


def test_a_number_that_is_no_number_is_shown_as_it_is(app):
    from scorekeeper import filters

    with app.test_request_context():
        assert [filters.number(None), filters.number("12"), filters.number(True),
                filters.signed(None), filters.signed(-5), filters.signed(2.5)] == \
            ["None", "12", "True", "", "\u22125", "+2.5"]
