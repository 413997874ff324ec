"""Issue 44, area f: what a new phone sees first (the join page, the invite, the plain error
pages), the printed and shared result, the API's problems and the app-wide pages, said in
Spanish with no English sentence left (tests/spanish.py)."""
from __future__ import annotations

import re

import pytest

from tests.spanish import english_left
from tests.web.helpers import create, post_hand

ES = {"Accept-Language": "es"}
# "no" and "club" are Spanish too (tests/spanish.py counts them as English): taken out as
# words; and the links a page shows are addresses, not sentences.
NAMES = ("Ann", "Bob", "Cat", "Dan", " no ", "No ", " club", "/join")
# What the API's words name as they are in every language: its fields, headers and addresses.
API = NAMES + ("API", "JSON", "Bearer", "Content-Type", "If-Match", "ETag", "Retry-After",
              '"hand"', " hand ", "hand:", "/hands/")
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
    assert r.status_code == 403 and "Solo para ver" in r.text
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


# ------------------------------------------------------------------ the API

def _api_problems(app, client, language: str) -> dict:
    """A few refusals of the API, asked in `language`: kind -> problem."""
    from tests.api.helpers import LECHNER_HAND, bearer, game_token

    gid = create(client, "lechner42")
    token = game_token(client, gid)
    api = app.test_client()
    url = f"/api/v1/games/{gid}/hands"
    lang = {"Accept-Language": language}
    answers = {
        "token-required": api.get(f"/api/v1/games/{gid}", headers=lang),
        "not-found": api.get("/api/v1/games/999999", headers=bearer(token, **lang)),
        "version-required": api.post(url, json={"hand": LECHNER_HAND},
                                     headers=bearer(token, **lang)),
        "stale-version": api.post(url, json={"hand": LECHNER_HAND, "version": 7},
                                  headers=bearer(token, **lang)),
        "unsupported-media-type": api.post(url, data="hand", content_type="text/plain",
                                           headers=bearer(token, **lang)),
        "bad-request": api.get("/api/v1/viewer/ABC", headers=lang),
        "invalid-request": api.post(url, json={"version": 1, "extra": 2},
                                    headers=bearer(token, **lang)),
    }
    return {kind: r.get_json() for kind, r in answers.items()}


def test_the_apis_problems_said_by_accept_language(app, es_client):
    from scorekeeper.api import problems

    said = _api_problems(app, es_client, "es")
    for kind, problem in said.items():
        # the keys, the type and the status as in every language; title and detail said
        assert set(problem) >= {"type", "title", "status", "detail"}
        assert problem["type"] == problems.TYPES + kind
        assert english_left(problem["title"] + ". " + problem["detail"], API) == [], problem
    assert said["stale-version"]["title"] == "La partida cambió"
    assert said["stale-version"]["detail"].startswith("La partida cambió desde la versión 7:")
    assert said["not-found"]["detail"] == "No existe la partida #999999."
    # webargs' words for each field, said; the field names and `errors` as they are
    assert said["invalid-request"]["detail"] == \
        "hand: Falta el dato de un campo obligatorio.; extra: Campo desconocido."
    assert said["invalid-request"]["errors"]["json"]["extra"] == ["Unknown field."]


def test_the_apis_problems_stay_english_without_accept_language(app, client):
    said = _api_problems(app, client, "")
    assert said["stale-version"]["title"] == "The game changed"
    assert said["stale-version"]["detail"].startswith("The game changed since version 7: it is "
                                                      "at version 1 now")
    assert said["token-required"]["detail"].startswith("This needs an API token")


def test_a_refusal_of_the_rules_through_the_api_is_said_in_spanish(app, es_client):
    """The engine's sentence (a rules Text) said in the request's language."""
    from tests.api.helpers import LECHNER_HAND, bearer, game_token

    gid = create(es_client, "lechner42")
    r = app.test_client().post(f"/api/v1/games/{gid}/hands", json={
        "hand": {**LECHNER_HAND, "bid": 3}, "version": 1},
        headers=bearer(game_token(es_client, gid), **ES))
    problem = r.get_json()
    assert r.status_code == 422 and problem["title"] == "Las reglas lo rechazan"
    assert problem["detail"]  # the rules' own sentence (area c translates it)


def test_the_api_pages_in_spanish(es_client):
    from scorekeeper.api import problems

    for name in problems.KINDS:
        html = es_client.get(problems.TYPES + name).text
        assert english_left(html, API) == [], name
    html = es_client.get("/api/v1/docs").text
    assert "La API JSON" in html and '"parameters": "Par\\u00e1metros"' in html
    assert english_left(html, API) == []


@pytest.mark.parametrize("made", [False, True])
def test_the_tokens_page_of_a_game_in_spanish(es_client, game_id, made):
    url = f"/games/{game_id}/api-tokens"
    if made:
        r = es_client.post(url, data={"label": "Pantalla", "right": "game-score", "days": "30"})
        assert r.status_code == 201 and "Tu token nuevo" in r.text
    r = es_client.post(url, data={"label": "", "right": "game-read"})
    assert r.status_code == 422 and "Ponle al token el nombre" in r.text
    html = es_client.get(url).text
    assert ("creado el" in html) == made
    assert english_left(html, API) == []


# ------------------------------------------------------------------ paper and the result card

def _rules_words(variant_id: str, options: dict) -> tuple[str, ...]:
    """The variant's title and its house rules' lines as the sheet shows them: the rules'
    sentences (area c's), taken out where this area's are checked."""
    from scorekeeper import rules
    from scorekeeper.rules.card import rules_card

    variant = rules.VARIANTS[variant_id]
    return (variant.title, *(line.text for line in rules_card(variant, options) if line.house))


def test_the_sheet_of_a_game_going_on_in_spanish(es_client, game_id):
    from tests.web.helpers import game

    html = es_client.get(f"/games/{game_id}/sheet").text
    assert "Hoja de anotación" in html and "Orden de reparto:" in html and "vs." in html
    assert english_left(html, NAMES + _rules_words("texas42", game(game_id).options)) == []


def test_a_finished_games_words_and_card_in_spanish(app, es_client):
    from tests.web.test_result_card import finished_game

    game_id = finished_game(es_client)
    page = es_client.get(f"/games/{game_id}").text
    # og:description and the share sheet's text: a team won, so they won (plural)
    assert 'content="Bob &amp; Dan ganaron 11 a 9"' in page
    assert 'data-copied="Enlace copiado: pégalo en un chat."' in page
    sheet = es_client.get(f"/games/{game_id}/sheet").text
    assert "Resultado: Bob &amp; Dan 11 (ganó), Ann &amp; Cat 9" in sheet
    spanish = es_client.get(f"/games/{game_id}/card.png")
    key = re.search(r'/card\.png\?k=(\w+)', page)[1]  # (a chat app's preview: no cookie)
    with app.app_context():  # (a request of its own: Flask-Babel keeps the language on g)
        english = app.test_client().get(f"/games/{game_id}/card.png?k={key}")
    assert spanish.status_code == english.status_code == 200
    assert spanish.data != english.data and spanish.headers["ETag"] != english.headers["ETag"]
    # each language's card is kept as its own: asked again, the same bytes
    assert es_client.get(f"/games/{game_id}/card.png").data == spanish.data


def test_the_card_draws_its_own_words_in_the_language(app):
    """GANADOR (no accent the card's font lacks), and the sides left off."""
    from scorekeeper.printing import card, views

    lines = [(f"P{i}", str(i), i == 0) for i in range(8)]
    with app.test_request_context(headers=ES):
        words = views._card_words()
        assert words["won_word"] == "GANADOR" and words["more_said"](2) == "y 2 otros"
        assert card.drawable(words["won_word"]) == "GANADOR"
        spanish = card.result_png("Tren mexicano", "5 de noviembre de 2026", lines, **words)
    assert spanish != card.result_png("Tren mexicano", "5 de noviembre de 2026", lines)


def test_an_events_paper_and_card_in_spanish(app, es_client):
    from tests.web.events.helpers import (import_event, new_event, played_event, start_round,
                                          teams_record, url)
    from tests.web.clubs.helpers import create_club

    club_id = create_club(es_client)
    event_id = new_event(es_client, club_id)
    empty = es_client.get(url(club_id, event_id, "/round")).text
    empty = empty.split('<section class="page standings-page">')[0]  # (area d's standings)
    assert "Todavía no empieza ninguna ronda" in empty and english_left(empty, NAMES) == []
    start_round(es_client, club_id, event_id)
    event_names = NAMES + ("Friday tournament", "Eve", "Fay", "Gus", "Hal")
    printed = es_client.get(url(club_id, event_id, "/round")).text
    assert "<b>Ann</b>: mesa 1, con Bob, contra Gus &amp; Hal" in printed
    for part in ("page slips", "page pairings", "page pairings-by-name"):
        assert english_left(_section(printed, part), event_names) == [], part
    called = es_client.get(url(club_id, event_id, "/call-out")).text
    assert "Léela en voz alta" in called and english_left(called, event_names) == []
    finished = import_event(es_client, club_id, played_event(teams_record(4)))
    page = es_client.get(url(club_id, finished)).text
    assert '<meta property="og:description" content="A0 &amp; B0 ganaron 4 teams">' in page
    from scorekeeper.events import running
    from scorekeeper.events.record import load_event
    from scorekeeper.printing import views

    with app.test_request_context(headers=ES):
        title, subtitle, lines, more = views.event_card_lines(
            running.event_context(load_event(club_id, finished)))
    assert re.fullmatch(r"\d{1,2} de [a-z]+ de \d{4} · .+ · todos contra todos", subtitle)
    assert lines[0] == ("1. A0 & B0", "3-0", True)


# ------------------------------------------------------------------ webhooks

@pytest.mark.parametrize("url, says", [
    ("ftp://files.example/x", "Un webhook es una URL http:// o https://."),
    ("http://10.1.2.3/x", "10.1.2.3 es una dirección privada"),
    ("https://user:pw@93.184.216.34/x", "no lleva usuario ni contraseña"),
    ("", "Escribe la URL a la que van los sucesos."),
])
def test_a_webhook_refused_in_spanish(es_client, url, says):
    from tests.web.clubs.helpers import create_club

    club_id = create_club(es_client)
    r = es_client.post(f"/clubs/{club_id}/webhooks", data={"url": url, "events": "hand.saved"})
    assert r.status_code == 422 and says in r.text
    assert english_left(r.text, NAMES + ("Thursday Night",)) == []


def test_the_webhook_pages_in_spanish(app, es_client):
    """The list, and a webhook whose test went nowhere (an attempt, answered nothing): its
    delivery's words and times; the answer kept for it stays English (the sender's)."""
    from scorekeeper import webhooks
    from scorekeeper.models import WebhookDelivery
    from tests.web.clubs.helpers import create_club

    app.config["WEBHOOK_ALLOW_PRIVATE"] = True
    club_id = create_club(es_client)
    r = es_client.post(f"/clubs/{club_id}/webhooks",
                       data={"url": "http://127.0.0.1:9/hook", "events": "game.finished"})
    assert r.status_code == 303
    page = r.headers["Location"]
    assert es_client.post(page + "/test").status_code == 303
    html = es_client.get(page).text
    assert "Todavía no se envió nada." not in html and "en espera" in html
    webhooks.send_due(app)
    html = es_client.get(page).text
    assert "1 intento" in html and "no respondió nada" in html and "el próximo a las" in html
    answer = WebhookDelivery.query.one().answer
    names = NAMES + ("Thursday Night", "Scorekeeper-Signature", "HMAC-SHA256", "t.body",
                     "http://127.0.0.1:9/hook", answer)
    assert answer.startswith("No answer:") and english_left(html, names) == []
    listed = es_client.get(f"/clubs/{club_id}/webhooks").text
    assert "Una partida terminó" in listed and english_left(listed, names) == []


# ------------------------------------------------------------------ the phone app

def test_the_service_worker_and_manifest_speak_the_phones_language(app, es_client):
    import json

    sw = es_client.get("/sw.js").text
    texts = json.loads(sw.split("self.SK_TEXTS = ", 1)[1].split(";\n", 1)[0])
    assert texts == {"reconnecting": "Reconectando…",
                     "unreachable": "No se puede llegar al marcador. Recarga cuando vuelva."}
    version = sw.split("self.SK_VERSION = ", 1)[1].split(";\n", 1)[0]
    with app.app_context():  # (a request of its own: Flask-Babel keeps the language on g)
        english = app.test_client().get("/sw.js").text
    # another language, another worker: it precaches the offline page in that language
    assert version not in english and '"reconnecting": "Reconnecting…"' in english
    manifest = es_client.get("/manifest.webmanifest").get_json()
    assert manifest["lang"] == "es" and manifest["description"].startswith("Lleva la cuenta")


def test_pwa_js_gets_its_words_in_the_pages_language(app):
    """partials/_pwa_texts.html, the attribute base.html puts on pwa.js's tag."""
    import html
    import json

    from flask import render_template_string

    with app.test_request_context(headers=ES):
        tag = render_template_string('<script {% include "partials/_pwa_texts.html" %}>')
    texts = json.loads(html.unescape(tag.split("data-texts='", 1)[1].rsplit("'", 1)[0]))
    assert texts["reconnecting"] == "Reconectando…"
    assert texts["kept"] == "Guardado en este teléfono, todavía sin enviar: {hands}."
    assert texts["refused"] == "El servidor lo rechazó ({status})."


def test_a_request_the_server_fails_gets_a_plain_page_in_the_phones_language(
        app, es_client, monkeypatch):
    """Not Werkzeug's own English page: the plain one, said (the API keeps its problem)."""
    from scorekeeper.sharing import views

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setitem(app.config, "PROPAGATE_EXCEPTIONS", False)
    monkeypatch.setattr(views, "_join_page", broken)
    r = es_client.get("/join")
    assert r.status_code == 500 and "Algo salió mal" in r.text
    assert english_left(r.text, NAMES) == []
    with app.app_context():  # (a request of its own: Flask-Babel keeps the language on g)
        english = app.test_client().get("/join")
    assert english.status_code == 500 and "Something went wrong" in english.text
