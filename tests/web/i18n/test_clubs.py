"""The club pages, a person's, the stats, ratings and archive pages in Spanish (issue 44), and
the club's language: a club set to Spanish speaks it to every phone that chose none."""
from __future__ import annotations

from scorekeeper.extensions import db
from scorekeeper.models import Club

from ..clubs.helpers import club, create_club, join_club
from ..helpers import text

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
