"""The club pages, a person's, the stats, ratings and archive pages in Spanish (issue 44), and
the club's language: a club set to Spanish speaks it to every phone that chose none."""
from __future__ import annotations

import json
import re

from scorekeeper.extensions import db
from scorekeeper.models import Club, Hand
from scorekeeper.rules import VARIANTS
from tests.spanish import english_left

from ..clubs.helpers import club, club_game, create_club, join_club, person_id
from ..helpers import HX, create, text
from ..players.test_club_pages import club_game_ids, club_records
from ..test_live_scale import statements

SPANISH = {"Accept-Language": "es"}
ENGLISH = {"Accept-Language": "en-US,en;q=0.9"}


class Phone:
    """A test client whose every request has an app context of its own, as a server's has:
    the test's app context would keep `g` (the request's language in it) from one request to
    the next."""

    def __init__(self, app):
        self.app, self.client = app, app.test_client()

    def open(self, *args, **kwargs):
        with self.app.app_context():
            return self.client.open(*args, **kwargs)

    def get(self, url, **kwargs):
        return self.open(url, method="GET", **kwargs)

    def post(self, url, **kwargs):
        return self.open(url, method="POST", **kwargs)


def set_language(client, club_id: int, code: str):
    return client.post(f"/clubs/{club_id}/language", data={"language": code})


def test_a_club_set_to_spanish_speaks_it_to_a_phone_that_chose_no_language(app):
    client, bob, cat = Phone(app), Phone(app), Phone(app)
    cid = create_club(client, "Los Jueves")
    join_club(bob, cid, "Bob's phone")
    join_club(cat, cid, "Cat's phone")
    cat.post("/language", data={"lang": "en"})  # Cat chose English at the top of a page
    home = bob.get(f"/clubs/{cid}", headers=ENGLISH)
    assert '<html lang="en">' in home.text and "Start a game in the club" in text(home)
    assert 'id="club-language"' not in home.text  # the form is the admin's
    assert 'id="club-language"' in client.get(f"/clubs/{cid}").text

    assert set_language(bob, cid, "es").status_code == 403  # not the admin
    assert set_language(client, cid, "xx").status_code == 400
    assert club(cid).language is None
    r = set_language(client, cid, "es")
    assert r.status_code == 303 and r.headers["Location"] == f"/clubs/{cid}"
    assert club(cid).language == "es"

    for url in (f"/clubs/{cid}", f"/clubs/{cid}/stats", f"/clubs/{cid}/ratings",
                f"/clubs/{cid}/events"):
        page = bob.get(url, headers=ENGLISH)
        assert page.status_code == 200 and '<html lang="es">' in page.text, url
        chosen = cat.get(url, headers=ENGLISH)  # a phone's own choice comes first
        assert chosen.status_code == 200 and '<html lang="en">' in chosen.text, url
    assert "Empezar una partida en el club" in text(bob.get(f"/clubs/{cid}", headers=ENGLISH))
    assert "Start a game in the club" in text(cat.get(f"/clubs/{cid}", headers=ENGLISH))
    # a page of no club keeps the phone's own language
    assert '<html lang="en">' in bob.get("/clubs", headers=ENGLISH).text

    set_language(client, cid, "")  # each phone's own again
    assert club(cid).language is None
    assert '<html lang="en">' in bob.get(f"/clubs/{cid}/stats", headers=ENGLISH).text
    assert '<html lang="es">' in bob.get(f"/clubs/{cid}/stats", headers=SPANISH).text


def test_the_language_form_shows_the_clubs_choice(app):
    client = Phone(app)
    cid = create_club(client)
    db.session.execute(db.update(Club).where(Club.id == cid).values(language="es"))
    db.session.commit()
    page = client.get(f"/clubs/{cid}").text
    assert '<option value="es" lang="es" selected>Español</option>' in page
    assert '<option value="en" lang="en">English</option>' in page


# --------------------------------------------------------------------------- every page in Spanish

# The names the tests made; the games' titles (the rules' area says them in Spanish); words
# that are Spanish too (tests/spanish.ENGLISH has them as English).
NAMES = ("Ann", "Bobby", "Bob", "Cat", "Dan", "Eve", "@Fay", "Los Jueves", "Otoño", "Otro",
         *sorted((v.title for v in VARIANTS.values()), key=len, reverse=True), "Forty-Two",
         "club", "Club", "Total", " no ", "o no", "No se")
# The tally strokes' label (partials/games/_tally.html, the games pages' area)
TALLY = re.compile(r'<span class="tally"[^>]*>')


def spanish(phone, url: str, status: int = 200, method: str = "GET", htmx: bool = False,
            **data) -> str:
    """The page at `url` in Spanish, with nothing left in English but the names."""
    r = phone.open(url, method=method, headers={**SPANISH, **(HX if htmx else {})},
                   data=data or None)
    assert r.status_code == status, (url, r.status_code)
    page = r.get_data(as_text=True)
    if status == 303:
        return page
    assert '<html lang="es">' in page or "<html" not in page, url
    assert english_left(TALLY.sub("", page), NAMES) == [], url
    return page


def test_the_club_pages_in_spanish(app):
    ann, bob = Phone(app), Phone(app)
    spanish(ann, "/clubs")  # no club yet
    assert "no está en ningún club" in spanish(ann, "/clubs", 422, "POST", name="")
    assert "Ningún club tiene el código" in spanish(ann, "/clubs/join", 404, "POST",
                                                    code="ZZZ2345")
    spanish(ann, "/clubs/import", 422, "POST", name="", records="[]")
    cid = create_club(ann, "Los Jueves")
    spanish(bob, f"/c/{club(cid).code}")
    join_club(bob, cid)
    spanish(bob, f"/clubs/{cid}")
    for name in ("Ann", "Bob", "Cat", "Dan"):
        ann.post(f"/clubs/{cid}/roster", data={"name": name})
    # (a game listed on the home is the games pages' area: the home is read before)
    page = spanish(ann, f"/clubs/{cid}")
    assert "Empezar una partida en el club" in page and "Idioma de las páginas del club" in page
    club_game(ann, cid, "texas42", [person_id(cid, n) for n in ("Ann", "Bob", "Cat", "Dan")])
    assert "ya está en la lista" in spanish(ann, f"/clubs/{cid}/roster", 422, "POST",
                                            name="Ann")
    page = spanish(ann, f"/clubs/{cid}/roster", 200, "POST", htmx=True, name="Eve")
    assert "Eve está en la lista." in page
    eve, dan = person_id(cid, "Eve"), person_id(cid, "Dan")
    assert "No se puede deshacer" in spanish(ann, f"/clubs/{cid}/roster/{dan}/merge", 200,
                                             "POST", into=str(eve))
    spanish(ann, f"/clubs/{cid}/roster/{eve}/merge", 422, "POST", into="")
    bob_phone = next(m.id for m in club(cid).members if not m.is_admin)
    ann.post(f"/clubs/{cid}/phones/{bob_phone}/remove")
    page = spanish(ann, f"/clubs/{cid}/phones")
    assert "Teléfonos quitados" in page and "se unió el" in page
    assert "quitó este teléfono" in spanish(bob, "/clubs/join", 403, "POST",
                                            code=club(cid).code)
    seats = spanish_part(ann.get(f"/clubs/{cid}/games/new?variant=texas42", headers=SPANISH),
                         '<fieldset class="seat-pickers">', "</fieldset>")
    assert "Equipos parejos" in seats and "Lugar 1" in seats
    seats = spanish_part(ann.get(f"/clubs/{cid}/games/new?variant=mexican-train",
                                 headers=SPANISH), '<fieldset class="seat-pickers">',
                         "</fieldset>")
    assert "deja vacíos los lugares" in seats
    # the plain page (errors/plain.html, the app-wide area's) says the club's sentence
    stranger = Phone(app).get(f"/clubs/{cid}", headers=SPANISH)
    assert stranger.status_code == 404 and "Solo para miembros" in text(stranger)


def spanish_part(r, start: str, end: str) -> str:
    """The part of a page between `start` and `end` (its own area's, where the rest of the
    page is another area's), with nothing left in English but the names."""
    page = r.get_data(as_text=True)
    part = page[page.index(start):page.index(end, page.index(start))]
    assert english_left(part, NAMES) == []
    return part


def test_the_numbers_ratings_archive_and_review_in_spanish(app):
    ann = Phone(app)
    records = club_records(18)  # every variant, finished or not
    r = ann.post("/clubs/import", data={"name": "Los Jueves", "label": "Ann's phone",
                                        "records": json.dumps(records)})
    cid = int(r.headers["Location"].rsplit("/", 1)[1])
    bob = person_id(cid, "Bob")
    page = spanish(ann, f"/clubs/{cid}/stats")
    assert "Clasificación de" in page
    page = spanish(ann, f"/clubs/{cid}/people/{bob}")
    assert "Cara a cara" in page and "Por juego" in page
    for query in ("", "?status=finished", f"?person={bob}&variant=moon", "?status=x&page=9"):
        spanish(ann, f"/clubs/{cid}/games{query}")
    assert "Ninguna partida coincide" in spanish(
        ann, f"/clubs/{cid}/games?from=2001-01-01&to=2001-01-02")
    for group in ("dominoes-42", "moon", "card42", "card42-teams", "mexican-train"):
        spanish(ann, f"/clubs/{cid}/ratings?group={group}")
    page = spanish(ann, f"/clubs/{cid}/seasons", 422, "POST", name="Otoño",
                   first_day="2026-10-02", last_day="2026-10-01")
    assert "no puede ser anterior" in page
    spanish(ann, f"/clubs/{cid}/seasons", 303, "POST", name="Otoño", first_day="2000-01-01",
            last_day="2099-12-31")
    assert "se cruzan con la temporada" in spanish(
        ann, f"/clubs/{cid}/seasons", 422, "POST", name="Otro", first_day="2001-01-01",
        last_day="2001-01-02")
    page = spanish(ann, f"/clubs/{cid}/ratings")
    assert "Otoño" in page
    page = spanish(ann, f"/clubs/{cid}/people/{bob}/ratings?season=all")
    assert "Ratings de Bob" in page and "Rating después de cada partida con rating" in page
    spanish(ann, f"/clubs/{cid}/people/{bob}/ratings?vs={person_id(cid, 'Ann')}")
    for gid in club_game_ids(cid):
        spanish(ann, f"/games/{gid}/review")


def test_a_spanish_page_costs_no_more_statements_than_its_english_one(app):
    """Each language's page is rendered once per club stamp (the render cache keys it by
    language): the Spanish one reads what the English one read, and no more."""
    ann = Phone(app)
    r = ann.post("/clubs/import", data={"name": "Los Jueves", "label": "Ann's phone",
                                        "records": json.dumps(club_records(9))})
    cid = int(r.headers["Location"].rsplit("/", 1)[1])
    bob = person_id(cid, "Bob")
    for url in (f"/clubs/{cid}", f"/clubs/{cid}/roster", f"/clubs/{cid}/stats",
                f"/clubs/{cid}/people/{bob}", f"/clubs/{cid}/games", f"/clubs/{cid}/ratings",
                f"/clubs/{cid}/people/{bob}/ratings"):
        counts = []
        for language in (ENGLISH, SPANISH, ENGLISH, SPANISH):  # a miss each, then a hit each
            with statements() as seen:
                assert ann.get(url, headers=language).status_code == 200
            counts.append(len(seen))
        assert counts[1] <= counts[0] and counts[3] <= counts[2], (url, counts)


def test_a_review_of_a_game_without_hands_or_that_no_longer_scores_in_spanish(app):
    ann = Phone(app)
    gid = create(ann, "mexican-train", 3)
    assert "Todavía no hay rondas." in spanish(ann, f"/games/{gid}/review")
    gid = create(ann, "moon", 3)
    db.session.add(Hand(game_id=gid, number=0, data={"bidder": 0, "bid": 5,
                                                      "tricks": [1, 1, 1]}))
    db.session.commit()
    page = text(ann.get(f"/games/{gid}/review", headers=SPANISH))
    # (the engine's reason is the rules' area's sentence)
    assert "ya no da un marcador" in page and "(mano 1)" in page
    assert "Corrige o deshaz esa mano en la página de la partida." in page
