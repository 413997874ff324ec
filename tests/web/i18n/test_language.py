"""Which language a page speaks (issue 44): the browser's by default, the phone's own choice
from the chooser on every page (kept in its session cookie), a club's for its pages and TV;
each language its own cached page and its own ETag."""
from __future__ import annotations

import re

import pytest

from ..helpers import HX, create

ES = {"Accept-Language": "es-MX,es;q=0.9,en;q=0.5"}
EN = {"Accept-Language": "en-US,en;q=0.9"}


def lang_of(body: str) -> str:
    return re.search(r'<html lang="(\w+)"', body)[1]


def test_the_browsers_language_by_default(client):
    assert lang_of(client.get("/", headers=ES).get_data(as_text=True)) == "es"
    assert lang_of(client.get("/", headers=EN).get_data(as_text=True)) == "en"
    assert lang_of(client.get("/", headers={"Accept-Language": "de, fr"}).get_data(
        as_text=True)) == "en"  # no catalog: English
    assert lang_of(client.get("/").get_data(as_text=True)) == "en"


def test_the_chooser_is_on_every_page_and_names_the_other_language(client):
    gid = create(client, "moon", 3)
    for url in ("/", f"/games/{gid}", "/rules/", "/join", "/clubs"):
        english = client.get(url, headers=EN).get_data(as_text=True)
        assert re.search(r'<button class="link" name="lang" value="es" lang="es" '
                         r'title="Español"><span class="wide">Español</span>'
                         r'<span class="narrow">ES</span></button>', english), url
        assert 'value="en"' not in english.split('class="language"')[1].split("</form>")[0]
        spanish = client.get(url, headers=ES).get_data(as_text=True)
        assert 'lang="en" title="English"><span class="wide">English</span>' in spanish, url


def test_a_phones_choice_wins_over_its_browser_and_goes_back_to_its_page(client):
    gid = create(client, "moon", 3)
    r = client.post("/language", data={"lang": "es"}, headers={
        **EN, "Referer": f"http://localhost/games/{gid}?view=list"})
    assert r.status_code == 303 and r.headers["Location"] == f"/games/{gid}?view=list"
    assert lang_of(client.get(f"/games/{gid}", headers=EN).get_data(as_text=True)) == "es"
    client.post("/language", data={"lang": "en"}, headers=ES)
    assert lang_of(client.get("/", headers=ES).get_data(as_text=True)) == "en"


@pytest.mark.parametrize("referer", ["http://elsewhere.example/games/1", "//elsewhere.example/",
                                     "javascript:alert(1)", ""])
def test_the_chooser_goes_home_from_anywhere_else(client, referer):
    r = client.post("/language", data={"lang": "es"}, headers={"Referer": referer})
    assert r.status_code == 303 and r.headers["Location"] == "/"


def test_an_unknown_language_changes_nothing(client):
    client.post("/language", data={"lang": "xx"})
    client.post("/language", data={"lang": "../../etc"})
    assert lang_of(client.get("/", headers=EN).get_data(as_text=True)) == "en"
    with client.session_transaction() as session:
        assert "lang" not in session


def test_the_chooser_needs_the_phones_csrf_token(app):
    app.config["WTF_CSRF_ENABLED"] = True
    try:
        c = app.test_client()
        assert c.post("/language", data={"lang": "es"}).status_code == 400
        with c.session_transaction() as session:
            assert "lang" not in session
    finally:
        app.config["WTF_CSRF_ENABLED"] = False


def test_each_language_is_its_own_cached_page_and_etag(client):
    """The same game asked in Spanish, then English, then Spanish: each answer in its own
    language (the render cache keeps one per language), and the poll's ETag differs, so a 304
    never confirms a page said in the other language; in one language it is still a 304."""
    gid = create(client, "moon", 3)
    first = client.get(f"/games/{gid}", headers=ES).get_data(as_text=True)
    english = client.get(f"/games/{gid}", headers=EN).get_data(as_text=True)
    again = client.get(f"/games/{gid}", headers=ES).get_data(as_text=True)
    assert lang_of(first) == lang_of(again) == "es" and lang_of(english) == "en"
    live = client.get(f"/games/{gid}/live", headers={**ES, **HX})
    tag = live.headers["ETag"]
    assert client.get(f"/games/{gid}/live", headers={**EN, **HX}).headers["ETag"] != tag
    unchanged = client.get(f"/games/{gid}/live", headers={**ES, **HX, "If-None-Match": tag})
    assert unchanged.status_code == 304
